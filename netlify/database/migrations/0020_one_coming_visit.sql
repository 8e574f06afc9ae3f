-- A number holds at most one coming visit on a site (docs/visits.md). A second booking by
-- the same number while its visit is still to come is kept as a registration without a
-- visit, marked for the staff, and the number is texted the link of the visit it holds.

-- Why a registration that asked for a time got no visit, and the lead whose visit it holds.
ALTER TABLE leads ADD COLUMN visit_refused text CHECK (visit_refused IN ('existing-visit'));
ALTER TABLE leads ADD COLUMN visit_held_by uuid REFERENCES leads (id) ON DELETE SET NULL;

-- The insert of a booked visit refuses it (SQLSTATE VH001) when another lead of the same
-- number on the site holds a booked visit that starts after this one was booked. Concurrent
-- bookings of one number take a lock per site and number first and look with a fresh
-- snapshot once they hold it (a function's queries see what committed since its statement
-- began, and the lead its own statement inserted), so at most one of them books.
CREATE FUNCTION hold_one_coming_visit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  number text;
BEGIN
  IF NEW.status = 'booked' THEN
    SELECT phone INTO STRICT number FROM leads WHERE id = NEW.lead_id;
    PERFORM pg_advisory_xact_lock(hashtextextended('coming-visit:' || NEW.site || ' ' || number, 0));
    IF EXISTS (
      SELECT 1 FROM leads l JOIN visits v ON v.lead_id = l.id
      WHERE l.site = NEW.site AND l.phone = number AND l.id <> NEW.lead_id
        AND v.status = 'booked' AND v.starts_at > NEW.booked_at
    ) THEN
      RAISE EXCEPTION 'the number holds a coming visit on this site' USING ERRCODE = 'VH001';
    END IF;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER visits_one_coming BEFORE INSERT ON visits
  FOR EACH ROW EXECUTE FUNCTION hold_one_coming_visit();
