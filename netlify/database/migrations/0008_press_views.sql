-- Press view counts, one row per published post that has been opened. They live here, not in
-- the Content Lake: a view is no content change, so it fires no webhook and starts no build.
-- A view is one upsert (`INSERT … ON CONFLICT DO UPDATE SET views = views + 1 RETURNING`):
-- the row lock makes concurrent views add up on Postgres.
CREATE TABLE press_views (
  post_id text PRIMARY KEY CHECK (post_id ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$'),
  views integer NOT NULL CHECK (views >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
