-- A visitor's arrival at the model house: when, and which staff member checked them in (by
-- the arrival code on the visitor's link, or from the schedule). A visit is checked in once:
-- the statement that records it sets these only while they are empty.
ALTER TABLE visits ADD COLUMN arrived_at timestamptz;
ALTER TABLE visits ADD COLUMN arrived_by text;
ALTER TABLE visits ADD CONSTRAINT visits_arrival_check
  CHECK ((arrived_at IS NULL) = (arrived_by IS NULL) AND (arrived_at IS NULL OR status = 'booked'));

ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('sign-in', 'list', 'export', 'resend', 'delete', 'withdraw-consent',
    'refuse-texts', 'stage', 'note', 'refused', 'sign-out', 'refresh', 'visit-cancel',
    'visit-move', 'check-in'));
