-- A refusal and an advert queued at the same moment each run on a snapshot that misses the
-- other, so the advert could be queued to a number refusing it. Both now take a lock per
-- number and look again, with a fresh snapshot, once they hold it (a function's queries
-- see what committed since its statement began): the advert is not queued to a number
-- that refused, and a refusal cancels the adverts queued before it, claimed or not yet.
CREATE FUNCTION lock_text_refusal(phone text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended('text-refusal:' || phone, 0))
$$;

CREATE FUNCTION guard_advert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'advert' THEN
    PERFORM lock_text_refusal(NEW.recipient);
    IF EXISTS (SELECT 1 FROM text_refusals r WHERE r.phone = NEW.recipient) THEN
      RETURN NULL;
    END IF;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER text_messages_guard_advert BEFORE INSERT ON text_messages
  FOR EACH ROW EXECUTE FUNCTION guard_advert();

-- An advert under a live claim is being handed to the provider: its sender records what
-- became of it, and a failed one is cancelled at its next claim.
CREATE FUNCTION cancel_refused_adverts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_text_refusal(NEW.phone);
  UPDATE text_messages SET status = 'cancelled', last_error = '수신거부', next_attempt_at = NULL,
    claim_id = NULL, claimed_until = NULL
  WHERE recipient = NEW.phone AND kind = 'advert' AND status IN ('queued', 'failed')
    AND (claimed_until IS NULL OR claimed_until <= NEW.created_at);
  RETURN NULL;
END
$$;

CREATE TRIGGER text_refusals_cancel_adverts AFTER INSERT ON text_refusals
  FOR EACH ROW EXECUTE FUNCTION cancel_refused_adverts();
