-- A visit the visitor did not come to (a no-show) and the visitor's confirmation the day
-- before. A no-show is set once, by the scheduled job 30 minutes after the slot ends
-- ('schedule') or by a staff member once the slot has started; a check-in of a visitor who
-- came late after all clears it. A no-show keeps its seat: the slot's time has passed.
ALTER TABLE visits ADD COLUMN no_show_at timestamptz;
ALTER TABLE visits ADD COLUMN no_show_by text;
ALTER TABLE visits ADD CONSTRAINT visits_no_show_check
  CHECK ((no_show_at IS NULL) = (no_show_by IS NULL)
    AND (no_show_at IS NULL OR (status = 'booked' AND arrived_at IS NULL)));

-- The visitor's "방문 확인" on their link, from the day before the visit; kept once.
ALTER TABLE visits ADD COLUMN confirmed_at timestamptz;

-- What the no-show job reads each run: booked visits nobody has marked yet.
CREATE INDEX visits_unmarked ON visits (starts_at)
  WHERE status = 'booked' AND arrived_at IS NULL AND no_show_at IS NULL;
