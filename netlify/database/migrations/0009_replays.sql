-- A repeated request is recognised by what the first one left here.

-- The body an Idempotency-Key was first sent with (sha256 of the normalised input): the same
-- key with another body is refused (422) instead of answering the first lead's receipt for a
-- lead that was never stored. NULL for leads stored before this column, or without a key.
ALTER TABLE leads ADD COLUMN idempotency_body_hash text;

-- Sanity webhook deliveries already acted on, by sha256 of their signature (a replay carries
-- the same one) and of their idempotency-key header (a retry carries the same one), kept for
-- the window in which a repeat is refused; each new delivery deletes the expired ones.
CREATE TABLE webhook_deliveries (
  key_hash text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

CREATE INDEX webhook_deliveries_expiry ON webhook_deliveries (expires_at);
