-- A lead's page reads its stage changes from the audit log by lead. Without this index that
-- read scans the whole log, which grows by a row per staff view (22 ms at 14,000 rows on
-- the local server, measured 2026-11-27, and linear in the log's size).
CREATE INDEX audit_log_lead ON audit_log (lead_id, at) WHERE lead_id IS NOT NULL;
