-- A visitor without a booking registered at the model house's desk by staff (consent ticked
-- by the visitor on the staff's device): a lead of its own source, with a visit that starts
-- and is checked in as it is stored.
ALTER TABLE leads DROP CONSTRAINT leads_source_check;
ALTER TABLE leads ADD CONSTRAINT leads_source_check
  CHECK (source IN ('popup', 'customer', 'home', 'walk-in'));
