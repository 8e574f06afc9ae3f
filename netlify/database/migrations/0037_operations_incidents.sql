-- Incidents of the machinery the administrators are alarmed about: texts failing in a row,
-- a scheduled job late, forwarding failing. At most one open row per (kind, subject): the
-- caller whose insert opens it sends the alarm, and the caller whose update closes it sends
-- the recovery, so each goes once however many runs notice. Rows name no one.
CREATE TABLE operations_incidents (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('texts', 'job', 'forwarding')),
  -- The job's name for a late job; empty for the others.
  subject text NOT NULL DEFAULT '',
  opened_at timestamptz NOT NULL,
  -- What was wrong when it opened, in Korean (the alarm's words).
  detail text NOT NULL,
  -- How the administrators were told of the opening and of the recovery, in Korean.
  told text,
  closed_at timestamptz,
  recovery_told text
);

CREATE UNIQUE INDEX operations_incidents_open ON operations_incidents (kind, subject)
  WHERE closed_at IS NULL;

-- The latest sends handed to the provider, read after a failed one (five failures in a row
-- open an incident) and by the health page (the last provider error).
CREATE INDEX text_messages_last_attempt ON text_messages (last_attempt_at DESC)
  WHERE provider IS NOT NULL;
