-- Visit bookings: a lead with a time at the model house. A seat is taken by one statement
-- that raises `visit_slots.booked` only while it is below `capacity` and inserts the visit
-- from that row, so concurrent bookings of one slot never take more seats than it has.
CREATE TABLE visit_slots (
  site text NOT NULL,
  starts_at timestamptz NOT NULL,
  capacity integer NOT NULL CHECK (capacity >= 0),
  booked integer NOT NULL DEFAULT 0 CHECK (booked >= 0),
  PRIMARY KEY (site, starts_at)
);

CREATE TABLE visits (
  lead_id uuid PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
  site text NOT NULL,
  starts_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('booked', 'cancelled')),
  -- Raised by every move or cancellation: each revision after the first is one notice.
  revision integer NOT NULL DEFAULT 1,
  booked_at timestamptz NOT NULL,
  changed_at timestamptz NOT NULL
);

-- Staff's schedule and the day-before reminders read the coming visits by time.
CREATE INDEX visits_upcoming ON visits (starts_at) WHERE status = 'booked';
CREATE INDEX visits_site_upcoming ON visits (site, starts_at) WHERE status = 'booked';
