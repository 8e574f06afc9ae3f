-- The staff's pipeline per lead: where the conversation with the visitor stands, and the
-- notes staff keep on it. Every change is also an audit_log entry (who and when).
ALTER TABLE leads ADD COLUMN stage text NOT NULL DEFAULT 'new'
  CHECK (stage IN ('new', 'contacted', 'booked', 'visited', 'no-show', 'contracted', 'on-hold'));

-- The staff's stage filter, newest first like the list.
CREATE INDEX leads_stage_newest ON leads (stage, created_at DESC, id DESC);
-- One person's registrations: the same phone on the same site.
CREATE INDEX leads_site_phone ON leads (site, phone, created_at);

CREATE TABLE lead_notes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  -- The staff member's e-mail.
  author text NOT NULL,
  body text NOT NULL
);

CREATE INDEX lead_notes_lead ON lead_notes (lead_id, at);

-- A stage change and a note are audited like the other staff actions.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('sign-in', 'list', 'export', 'resend', 'delete', 'withdraw-consent',
    'refuse-texts', 'stage', 'note'));
