-- When staff last reached for a lead (its latest call or staff stage change), and the time a
-- caller asked to be called back at while that call back is still to make. Both are set by the
-- statements that record a call or a stage change (netlify/functions/_shared/leads/calls.ts,
-- pipeline.ts), beside their audit rows, so the list can show and sort them without reading
-- the audit log per lead.
ALTER TABLE leads ADD COLUMN last_contact_at timestamptz;
ALTER TABLE leads ADD COLUMN callback_at timestamptz;

-- Until now every stage change was made by staff: the latest one is the last contact.
UPDATE leads l SET last_contact_at = a.at
FROM (SELECT lead_id, max(at) AS at FROM audit_log WHERE action = 'stage' GROUP BY lead_id) a
WHERE a.lead_id = l.id;

-- The calls to make: pending call backs by time.
CREATE INDEX leads_callback ON leads (callback_at) WHERE callback_at IS NOT NULL;
