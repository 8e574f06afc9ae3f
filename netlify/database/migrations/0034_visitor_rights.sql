-- A visitor's own data (docs/visitors-rights.md): the codes texted to a number to prove the
-- person holds it, and the record of every request about their data, answered on the spot or
-- by staff within 10 days.

-- The texts this adds: the code (verification) and the staff's answer to a request
-- (request-answer).
ALTER TABLE text_messages DROP CONSTRAINT text_messages_kind_check;
ALTER TABLE text_messages ADD CONSTRAINT text_messages_kind_check
  CHECK (kind IN ('confirmation', 'acknowledgement', 'reminder', 'cancelled', 'moved', 'advert',
    'staff-alert', 'no-show', 'waitlist-offer', 'verification', 'request-answer'));

-- A 6-digit code texted to `phone`. Only its HMAC under AUTH_SECRET is kept. A code is good for
-- 5 minutes and 5 tries, once; a newer code of the same number and purpose replaces it.
-- sign-in: opens the data page of `phone` on `site`. new-number: confirms that the visitor
-- whose number is `for_phone` holds `phone`, the number they correct it to.
CREATE TABLE visitor_codes (
  -- The revision of its text (text_messages is keyed by lead, kind and revision).
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site text NOT NULL,
  phone text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('sign-in', 'new-number')),
  for_phone text,
  -- How the visitor came to ask: the link of a text or booking, or the privacy page's form.
  via text NOT NULL CHECK (via IN ('link', 'form')),
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  tries integer NOT NULL DEFAULT 0,
  used_at timestamptz,
  CHECK ((purpose = 'new-number') = (for_phone IS NOT NULL))
);

CREATE INDEX visitor_codes_latest ON visitor_codes (site, phone, purpose, created_at DESC);
CREATE INDEX visitor_codes_phone ON visitor_codes (phone, created_at);

-- A phone gets at most 5 codes in any hour, whatever the sites, purposes and addresses asking:
-- a code past that is not stored (nor texted). The window slides, so that a burst across the
-- turn of an hour gets no more than one inside it. Concurrent requests for one number take a
-- lock per number first and count with a fresh snapshot once they hold it (a function's
-- queries see what committed since its statement began), so they never pass the limit.
CREATE FUNCTION hold_code_limit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('visitor-code:' || NEW.phone, 0));
  IF (SELECT count(*) FROM visitor_codes c
      WHERE c.phone = NEW.phone AND c.created_at > NEW.created_at - interval '1 hour') >= 5 THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER visitor_codes_limit BEFORE INSERT ON visitor_codes
  FOR EACH ROW EXECUTE FUNCTION hold_code_limit();
-- The retention job removes codes a day after they ran out.
CREATE INDEX visitor_codes_expiry ON visitor_codes (expires_at);

-- Every request a visitor made about their data: what, when, how they proved who they are,
-- and what was done. No name is kept, and no number but a staff request's while it is open
-- (to text the answer); `phone_key`, an HMAC of the site and number under AUTH_SECRET, lets
-- the number's own data page list its requests. A request the data page answers on the spot
-- keeps counts in `result`; one staff answer is due 10 days after it was made.
CREATE TABLE visitor_requests (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site text NOT NULL,
  at timestamptz NOT NULL,
  kind text NOT NULL CHECK (kind IN ('view', 'correct-name', 'correct-phone', 'erase',
    'stop-marketing', 'other-channel', 'objection', 'other')),
  -- A code texted to the number, asked from a link or from the privacy page's form.
  verified_by text NOT NULL CHECK (verified_by IN ('code-link', 'code-form')),
  result jsonb NOT NULL DEFAULT '{}',
  phone_key text NOT NULL,
  -- Staff's requests only, while open.
  phone text,
  body text CHECK (char_length(body) <= 1000),
  due_at timestamptz,
  -- done: answered on the spot; answered: staff texted the answer; closed: the visitor erased
  -- their data first, so there is no number left to answer (number and words cleared by the
  -- erasing statement).
  status text NOT NULL CHECK (status IN ('done', 'open', 'answered', 'closed')),
  answered_at timestamptz,
  answered_by text,
  answer text CHECK (char_length(answer) <= 500),
  CHECK ((kind IN ('other-channel', 'objection', 'other')) = (due_at IS NOT NULL)),
  CHECK ((status = 'open') = (phone IS NOT NULL)),
  CHECK (status <> 'open' OR body IS NOT NULL),
  CHECK ((status = 'answered') = (answered_at IS NOT NULL))
);

-- The staff's queue, nearest deadline first, and a number's own requests on its data page.
CREATE INDEX visitor_requests_open ON visitor_requests (due_at) WHERE status = 'open';
CREATE INDEX visitor_requests_phone ON visitor_requests (site, phone_key, at);
CREATE INDEX visitor_requests_at ON visitor_requests (at);
