-- Every lead has an owner: the staff member (their ADMIN_USERS e-mail) who works it. A new
-- lead takes the next turn of its site's counsellors (lead_owner_turns, one counter per
-- site, advanced by the statement that assigns), skipping those marked away (staff_away);
-- a returning number keeps its owner. Staff change an owner by hand, audited as 'owner'.
ALTER TABLE leads ADD COLUMN owner text;
CREATE INDEX leads_owner ON leads (owner, created_at DESC) WHERE owner IS NOT NULL;

-- The turns a site has handed out: the assigning statement's upsert takes its row lock,
-- so concurrent registrations are counted one after another and never share a turn.
CREATE TABLE lead_owner_turns (
  site text PRIMARY KEY,
  turns bigint NOT NULL
);

-- Staff marked away (자리 비움): skipped by the turns until they mark themselves back.
CREATE TABLE staff_away (
  email text PRIMARY KEY,
  since timestamptz NOT NULL
);

-- When the site's administrators were texted that the lead was not contacted within the
-- site's limit: set by the statement that queues the alert, so it goes once.
ALTER TABLE leads ADD COLUMN contact_alerted_at timestamptz;
-- The leads the contact-limit sweep reads: new ones not yet alerted.
CREATE INDEX leads_uncontacted ON leads (created_at)
  WHERE stage = 'new' AND contact_alerted_at IS NULL AND spam_reason IS NULL;
-- Existing leads count as alerted: the limit applies from now on.
UPDATE leads SET contact_alerted_at = created_at;

-- The visit revision whose change by the visitor its owner was alerted of: the owner hears
-- of each change once, however many callers try.
ALTER TABLE visits ADD COLUMN owner_alerted_revision integer;
UPDATE visits SET owner_alerted_revision = revision;
