-- The names the visit's last mile records: staff booking for a caller, a walk-in, a no-show,
-- the visitor confirming the day before, the waiting list (joined, offered a freed seat,
-- claimed), a lead's owner changed, a call's outcome; and the texts of a no-show and of a
-- waiting-list offer.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('sign-in', 'list', 'export', 'resend', 'delete', 'withdraw-consent',
    'refuse-texts', 'stage', 'note', 'refused', 'sign-out', 'refresh', 'visit-cancel',
    'visit-move', 'check-in', 'visit-book', 'walk-in', 'no-show', 'visit-confirm',
    'waitlist-join', 'waitlist-offer', 'waitlist-claim', 'owner', 'call'));

ALTER TABLE text_messages DROP CONSTRAINT text_messages_kind_check;
ALTER TABLE text_messages ADD CONSTRAINT text_messages_kind_check
  CHECK (kind IN ('confirmation', 'acknowledgement', 'reminder', 'cancelled', 'moved', 'advert',
    'staff-alert', 'no-show', 'waitlist-offer'));
