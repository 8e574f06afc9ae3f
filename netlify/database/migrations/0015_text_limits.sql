-- Limits on the texts one phone gets, so that nobody can turn the site's texts against a
-- phone (docs/texts.md#limits).
--
-- 1. A daily budget per recipient. A visitor's text (any kind but the staff's alerts, which
-- go to the numbers the sites list and fold every 5 minutes) is queued only while its
-- number has had fewer than 8 texts that went or may go (queued, sent, kept, failed) in
-- the last 24 hours; beyond that the row is stored as refused with its reason and never
-- sent. Concurrent inserts for one number take a lock per number first and count with a
-- fresh snapshot once they hold it (a function's queries see what committed since its
-- statement began, and what its own statement inserted before), so they never exceed it.
CREATE FUNCTION hold_text_budget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind <> 'staff-alert' AND NEW.status = 'queued' THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('text-budget:' || NEW.recipient, 0));
    IF (SELECT count(*) FROM text_messages t
        WHERE t.recipient = NEW.recipient AND t.kind <> 'staff-alert'
          AND t.status IN ('queued', 'sent', 'kept', 'failed')
          AND t.created_at > NEW.created_at - interval '24 hours') >= 8 THEN
      NEW.status := 'refused';
      NEW.last_error := '받는 번호의 하루 문자 한도(8건)를 넘어 보내지 않음';
      NEW.attempts := 0;
      NEW.next_attempt_at := NULL;
      NEW.claim_id := NULL;
      NEW.claimed_until := NULL;
    END IF;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER text_messages_budget BEFORE INSERT ON text_messages
  FOR EACH ROW EXECUTE FUNCTION hold_text_budget();

-- 2. The notice of a visit's change folds like the staff's alerts: one row per visit and
-- 5-minute window (fold_key `lead-id window-start`), due at the window's end; a later
-- change in the window rewrites it to tell the visit's state then.
ALTER TABLE text_messages DROP CONSTRAINT text_messages_fold_key_check;
ALTER TABLE text_messages ADD CONSTRAINT text_messages_fold_key_check
  CHECK ((kind <> 'staff-alert' OR fold_key IS NOT NULL)
    AND (fold_key IS NULL OR kind IN ('staff-alert', 'moved', 'cancelled')));

-- 3. Moves through the visitor's link, per visit and day in Seoul: the day of the last
-- move and how many that day, checked and raised by the statement that moves the visit.
ALTER TABLE visits ADD COLUMN moves_on date;
ALTER TABLE visits ADD COLUMN moves_that_day integer NOT NULL DEFAULT 0;
