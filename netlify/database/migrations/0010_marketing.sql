-- Advertising texts and their refusals. A refusal (수신거부) is kept per phone number, in
-- the normalized form leads store (010-1234-5678), and stops every advertising text to it
-- on every site from then on, whatever a later form ticks. The first refusal of a number
-- is the one kept: who refused and how is what staff need, not how often.
CREATE TABLE text_refusals (
  phone text PRIMARY KEY,
  created_at timestamptz NOT NULL,
  -- staff: recorded on the staff page (a call, a reply); visitor: the visitor's own link;
  -- 080: the free refusal number's service.
  source text NOT NULL CHECK (source IN ('staff', 'visitor', '080')),
  -- The administrator's e-mail, or 'visitor-link' / the 080 service's name.
  actor text NOT NULL
);

-- The version of the marketing consent's text the visitor ticked: the same privacy
-- document's revision as consent_version (both texts live in it), NULL when not ticked.
ALTER TABLE leads ADD COLUMN marketing_consent_version text;

-- advert: the advertising text sent once after a registration with marketing consent.
-- Its next_attempt_at is its due time: a text queued in the quiet hours (21:00-08:00 in
-- Seoul) is due at 08:00. cancelled: an advert stopped by a refusal before it was sent
-- (last_error says so).
ALTER TABLE text_messages DROP CONSTRAINT text_messages_kind_check;
ALTER TABLE text_messages ADD CONSTRAINT text_messages_kind_check
  CHECK (kind IN ('confirmation', 'acknowledgement', 'reminder', 'cancelled', 'moved', 'advert'));
ALTER TABLE text_messages DROP CONSTRAINT text_messages_status_check;
ALTER TABLE text_messages ADD CONSTRAINT text_messages_status_check
  CHECK (status IN ('queued', 'sent', 'kept', 'failed', 'refused', 'skipped', 'cancelled'));

ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('sign-in', 'list', 'export', 'resend', 'delete', 'withdraw-consent',
    'refuse-texts'));
