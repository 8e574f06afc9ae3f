-- The waiting list of a full visit slot (docs/visits.md#waiting-list). A visitor who joins
-- is stored as a lead like any registration, with one entry here naming the slot. When a
-- seat frees, the first entries waiting are offered it: the offer takes the seat through
-- the slot's counter (`visit_slots.booked` counts held offers with the booked visits), so
-- a held seat is not bookable by anyone else; a claim turns the held seat into a visit
-- without touching the counter, and an offer that runs out gives its seat back to be
-- offered to the next.
CREATE TABLE waitlist_entries (
  lead_id uuid PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
  site text NOT NULL,
  starts_at timestamptz NOT NULL,
  -- The number as normalised: one entry per number and slot.
  phone text NOT NULL,
  joined_at timestamptz NOT NULL,
  -- waiting: in the queue; offered: holds a seat until offer_expires_at; claimed: booked;
  -- expired: the offer ran out unclaimed (the entry is not offered again).
  status text NOT NULL CHECK (status IN ('waiting', 'offered', 'claimed', 'expired')),
  offered_at timestamptz,
  offer_expires_at timestamptz,
  claimed_at timestamptz,
  CHECK (status <> 'offered' OR offer_expires_at IS NOT NULL)
);

CREATE UNIQUE INDEX waitlist_entries_one_per_number ON waitlist_entries (site, starts_at, phone);
-- The queue of a slot, first come first offered.
CREATE INDEX waitlist_entries_queue ON waitlist_entries (site, starts_at, joined_at)
  WHERE status = 'waiting';
-- The scheduled run's look for offers that ran out.
CREATE INDEX waitlist_entries_offered ON waitlist_entries (offer_expires_at)
  WHERE status = 'offered';
