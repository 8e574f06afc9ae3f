-- What staff did with the leads, who and when. Rows are only ever added (and removed
-- once older than the retention of access records).
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  actor text NOT NULL,
  action text NOT NULL CHECK (action IN ('sign-in', 'list', 'export', 'resend', 'delete')),
  -- The lead acted on (resend, delete); kept after the lead is deleted.
  lead_id uuid,
  -- The filters of a list or export, the receipt of a lead, the channel of a sign-in.
  detail jsonb NOT NULL DEFAULT '{}',
  visitor text
);

CREATE INDEX audit_log_at ON audit_log (at DESC);
