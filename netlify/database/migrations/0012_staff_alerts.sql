-- Alerts to the counsellors on duty: a new lead (not spam) is texted to the staff phones its
-- site lists, through the same outbox as the visitors' texts. A burst folds into one text
-- per phone and site every 5 minutes: the row of (recipient, fold_key) is the one pending
-- alert of that window, each new lead appends its line to it (ON CONFLICT DO UPDATE, whose
-- row lock makes concurrent leads append one after another), and it is due at the window's
-- end. lead_id names the lead that opened the row (its site scopes who may read it).
ALTER TABLE text_messages DROP CONSTRAINT text_messages_kind_check;
ALTER TABLE text_messages ADD CONSTRAINT text_messages_kind_check
  CHECK (kind IN ('confirmation', 'acknowledgement', 'reminder', 'cancelled', 'moved', 'advert',
    'staff-alert'));

-- `site window-start` of a staff alert; null for every other kind.
ALTER TABLE text_messages ADD COLUMN fold_key text;
ALTER TABLE text_messages ADD CONSTRAINT text_messages_fold_key_check
  CHECK ((kind = 'staff-alert') = (fold_key IS NOT NULL));
CREATE UNIQUE INDEX text_messages_fold ON text_messages (recipient, fold_key);

-- A lead's alerts go to several phones and fold several leads, so (lead, kind, revision)
-- is unique for the visitors' texts only.
ALTER TABLE text_messages DROP CONSTRAINT text_messages_lead_id_kind_revision_key;
CREATE UNIQUE INDEX text_messages_lead_kind_revision ON text_messages (lead_id, kind, revision)
  WHERE kind <> 'staff-alert';

-- When the lead's alerts were queued (to its site's phones then, possibly none): set in
-- the statement that queues them, so a lead is alerted once however often it is tried.
-- Leads stored before alerts existed count as alerted.
ALTER TABLE leads ADD COLUMN staff_alerted_at timestamptz;
UPDATE leads SET staff_alerted_at = created_at;

-- The scheduled sweep's leads still to alert.
CREATE INDEX leads_staff_unalerted ON leads (created_at)
  WHERE staff_alerted_at IS NULL AND spam_reason IS NULL;
