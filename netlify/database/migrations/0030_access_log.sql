-- The access record (접속기록): one row per staff request that reads, changes, inputs,
-- deletes, outputs or downloads a lead, a visit or a text, refused attempts included. Who
-- (the account), when, from where (the client address itself, not a key of it), the task,
-- whose data (the leads by id, or the filter and the count of a list) and, for a download,
-- the reason given. Written by the wrapper of every staff endpoint
-- (netlify/functions/_shared/access/); read by the 접속기록 점검 view.
CREATE TABLE access_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  actor text NOT NULL,
  address text NOT NULL,
  task text NOT NULL CHECK (task IN ('조회', '변경', '입력', '삭제', '출력', '다운로드')),
  method text NOT NULL,
  path text NOT NULL,
  -- The HTTP status answered: a refusal (401, 403) or a lead of another site (404) is a row too.
  status smallint NOT NULL,
  -- The leads acted on (kept after a lead is erased: the record outlives the data).
  lead_ids uuid[] NOT NULL DEFAULT '{}',
  -- The filter and the count of a list, what a change touched.
  subject jsonb NOT NULL DEFAULT '{}',
  -- Why the data was downloaded, as the person gave it.
  reason text,
  -- Why the request was refused ('site', 'role', 'bad-token', ...); null when it was not.
  refused text,
  -- Decided as the row is written, each by a probe of an index, so that the review need not
  -- replay every account's history: whether the account had not used this address in the
  -- 30 days before, and for an opening of leads how many distinct leads the account opened
  -- in the hour up to it, this one's included.
  new_address boolean NOT NULL DEFAULT false,
  opened_in_hour integer
);

-- The review lists a period newest first, for everyone or one person (a rare task is found
-- among the flagged rows, or a few thousand rows into the period).
CREATE INDEX access_log_at ON access_log (at DESC, id DESC);
CREATE INDEX access_log_actor ON access_log (actor, at DESC, id DESC);
-- An address's last use by the account, probed by each write.
CREATE INDEX access_log_address ON access_log (actor, address, at);
-- An account's openings of leads in the last hour, read by each write of an opening.
CREATE INDEX access_log_opened ON access_log (actor, at) WHERE opened_in_hour IS NOT NULL;
-- The hours of many openings, whatever the threshold the review is asked with.
CREATE INDEX access_log_bulk ON access_log (opened_in_hour, at) WHERE opened_in_hour IS NOT NULL;
-- What the review flags among many rows: few of them.
CREATE INDEX access_log_flagged ON access_log (at)
  WHERE task = '다운로드' OR refused IS NOT NULL OR new_address;

-- Requests per Seoul day, person and task, counted by the statement that writes each row:
-- the review's overview of a month reads a few thousand counts, not every row of it. A
-- summary of the record, not the record: rebuilt from access_log if ever in doubt.
CREATE TABLE access_counts (
  day date NOT NULL,
  actor text NOT NULL,
  task text NOT NULL,
  requests integer NOT NULL,
  PRIMARY KEY (day, actor, task)
);

-- The monthly review of the record: who checked which month, when, and what they noted. A
-- second mark of a month adds to the first; none is changed.
CREATE TABLE access_reviews (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The month reviewed, as its first day in Seoul.
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  reviewer text NOT NULL,
  at timestamptz NOT NULL,
  note text NOT NULL
);

CREATE INDEX access_reviews_month ON access_reviews (month, at);

-- Rows of the records are only ever added: an UPDATE is refused, and so is a DELETE of a
-- row younger than the retention of access records (730 days, AUDIT_RETENTION_DAYS in
-- netlify/functions/_shared/leads/retention.ts), which leaves only the retention job's
-- deletion. The database's own clock decides, so no statement of the application can
-- claim a row is older than it is. A TRUNCATE is refused whole.
CREATE FUNCTION refuse_record_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.at < now() - interval '730 days' THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION '% rows are kept as written: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER access_log_kept BEFORE UPDATE OR DELETE ON access_log
  FOR EACH ROW EXECUTE FUNCTION refuse_record_change();
CREATE TRIGGER access_log_not_truncated BEFORE TRUNCATE ON access_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_record_change();
CREATE TRIGGER access_reviews_kept BEFORE UPDATE OR DELETE ON access_reviews
  FOR EACH ROW EXECUTE FUNCTION refuse_record_change();
CREATE TRIGGER access_reviews_not_truncated BEFORE TRUNCATE ON access_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_record_change();
-- The audit log holds the rest of what staff did (a download's reason, the stage changes)
-- and is kept as long: the same rule.
CREATE TRIGGER audit_log_kept BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION refuse_record_change();
CREATE TRIGGER audit_log_not_truncated BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_record_change();
