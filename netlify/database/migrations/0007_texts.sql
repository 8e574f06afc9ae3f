-- Texts to visitors: an outbox with one row per (lead, kind, revision), so a text is
-- queued exactly once however many requests and scheduled runs try to queue it. The row
-- keeps the recipient and the rendered text as they were at queueing: the text staff see
-- is the text the phone gets. A send is claimed (claim_id, claimed_until) by one
-- statement before the provider is called, so no two callers send the same row.
CREATE TABLE text_messages (
  id uuid PRIMARY KEY,
  lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  kind text NOT NULL
    CHECK (kind IN ('confirmation', 'acknowledgement', 'reminder', 'cancelled', 'moved')),
  -- The visit's revision the text is about (1 for a lead without a visit).
  revision integer NOT NULL,
  recipient text NOT NULL,
  body text NOT NULL,
  -- The values it was rendered with: an AlimTalk template takes them as its variables.
  variables jsonb NOT NULL,
  -- queued: not sent yet; sent: the provider accepted it; kept: the local provider stored
  -- it unsent; failed: the last attempt failed, another at next_attempt_at; refused: the
  -- provider refused it (last_error says why), never retried; skipped: a reminder whose
  -- visit changed before it was sent.
  status text NOT NULL
    CHECK (status IN ('queued', 'sent', 'kept', 'failed', 'refused', 'skipped')),
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  next_attempt_at timestamptz,
  last_attempt_at timestamptz,
  last_error text,
  sent_at timestamptz,
  provider text,
  provider_message_id text,
  claim_id uuid,
  claimed_until timestamptz,
  UNIQUE (lead_id, kind, revision)
);

CREATE INDEX text_messages_due ON text_messages (next_attempt_at)
  WHERE status IN ('queued', 'failed');
CREATE INDEX text_messages_recipient_newest ON text_messages (recipient, created_at DESC);
CREATE INDEX text_messages_newest ON text_messages (created_at DESC);

-- A lead stored by a deploy preview or branch deploy is never forwarded: their database is
-- a copy of production's, and a test registration there must not reach the real service.
ALTER TABLE lead_deliveries DROP CONSTRAINT lead_deliveries_status_check;
ALTER TABLE lead_deliveries ADD CONSTRAINT lead_deliveries_status_check
  CHECK (status IN ('pending', 'delivered', 'failed', 'not-configured', 'held', 'preview-held'));
