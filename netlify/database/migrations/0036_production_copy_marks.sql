-- A deploy preview's or branch deploy's copy of production's database says so here, in the
-- statement before its scrub (netlify/functions/_shared/production-copy/scrub.ts). Production
-- never has a row: the scrub refuses to run unless the deploy context is a copy's.
CREATE TABLE production_copy_marks (
  context text NOT NULL,
  marked_at timestamptz NOT NULL
);

-- The records stay append-only, as migration 0030 made them, except in a marked copy: its
-- scrub removes production's access record, which names real people's searches and leads.
CREATE OR REPLACE FUNCTION refuse_record_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.at < now() - interval '730 days' OR EXISTS (SELECT 1 FROM production_copy_marks) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION '% rows are kept as written: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
