-- The audit log also keeps who got in and who was turned away: a refused sign-in, cross-site
-- request or staff token ('refused', with the reason in detail), a sign-out, a refresh of a
-- sign-in, and the visitor's own cancel and move through their link (the actor being the
-- link, as for a withdrawal of consent).
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('sign-in', 'list', 'export', 'resend', 'delete', 'withdraw-consent',
    'refuse-texts', 'stage', 'note', 'refused', 'sign-out', 'refresh', 'visit-cancel',
    'visit-move'));
