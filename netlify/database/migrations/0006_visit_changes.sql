-- What the last change of a visit was, so that the notice of each revision can tell a
-- move from a cancellation (a cancelled visit's status says the same, a move's does not).
ALTER TABLE visits
  ADD COLUMN last_change text NOT NULL DEFAULT 'booked'
    CHECK (last_change IN ('booked', 'moved', 'cancelled'));

-- The visitor's own link withdraws marketing consent without a staff member: logged
-- like the staff's actions, the actor being the visitor's link.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('sign-in', 'list', 'export', 'resend', 'delete', 'withdraw-consent'));
