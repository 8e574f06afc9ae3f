-- What keeps the visitors' data true over its life (docs/visitors-rights.md): a deploy's copy of
-- production scrubbed before it serves anyone, the reminder of a marketing consent every two
-- years, the provider's 080 refusals read into the refusal list, and a record of every run that
-- destroyed what was kept no longer.

-- consent-reminder: the informational text that tells the holder of a marketing consent, once
-- per two-year period of it, when it was given and how to withdraw it (정보통신망법 제50조⑧).
-- The list keeps every kind before it (verification and request-answer: the data page's).
ALTER TABLE text_messages DROP CONSTRAINT text_messages_kind_check;
ALTER TABLE text_messages ADD CONSTRAINT text_messages_kind_check
  CHECK (kind IN ('confirmation', 'acknowledgement', 'reminder', 'cancelled', 'moved', 'advert',
    'staff-alert', 'no-show', 'waitlist-offer', 'verification', 'request-answer',
    'consent-reminder'));

-- A deploy preview's or branch deploy's database is forked from production's, people
-- included. The scrub replaces or removes their personal data and writes its row here in the
-- same statement; until a row exists, the functions of such a deploy serve nobody. Production
-- never has a row: the scrub refuses to run there.
CREATE TABLE personal_data_scrubs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  scrubbed_at timestamptz NOT NULL,
  -- Netlify's CONTEXT of the deploy that ran it: deploy-preview or branch-deploy.
  context text NOT NULL CHECK (context IN ('deploy-preview', 'branch-deploy')),
  -- Rows replaced or removed, per table (no personal data).
  counts jsonb NOT NULL CHECK (jsonb_typeof(counts) = 'object')
);

-- One row per run of the retention job: when it ran, the registration time before which leads
-- were destroyed, and how many rows of each kind went (counts only: nothing about whom).
-- Written by the statement that destroys, so no destruction goes unrecorded.
CREATE TABLE destruction_runs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ran_at timestamptz NOT NULL,
  leads_before timestamptz NOT NULL,
  destroyed jsonb NOT NULL CHECK (jsonb_typeof(destroyed) = 'object')
);

CREATE INDEX destruction_runs_newest ON destruction_runs (ran_at DESC, id DESC);

-- One row per daily read of the 080 refusals kept by the text provider: the refusals created
-- from `since` (NULL: all) were read up to `read_until`; `complete` once every page was read,
-- so the next read starts from the last complete one.
CREATE TABLE refusal_reads (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ran_at timestamptz NOT NULL,
  since timestamptz,
  read_until timestamptz NOT NULL,
  read integer NOT NULL CHECK (read >= 0),
  added integer NOT NULL CHECK (added >= 0),
  complete boolean NOT NULL
);

CREATE INDEX refusal_reads_complete ON refusal_reads (read_until DESC) WHERE complete;

-- A destroyed lead takes its texts and the registrations that point at it as the visit they
-- held with it (ON DELETE CASCADE, SET NULL): each lead's delete looks them up by lead. The
-- texts' unique index is partial (not staff alerts), so it cannot answer that, and nothing
-- indexed visit_held_by: a batch of 5,000 leads scanned both tables once a lead (124 s on
-- PostgreSQL over 20,000 leads and 35,000 texts, measured 2026-11-30).
CREATE INDEX text_messages_lead ON text_messages (lead_id);
CREATE INDEX leads_visit_held_by ON leads (visit_held_by) WHERE visit_held_by IS NOT NULL;
