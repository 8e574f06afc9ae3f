-- Leads: what a visitor submitted, kept apart from its delivery to the form-collection
-- service. A row exists only with the required consent; `consent_version` names the text
-- agreed to (the privacy document's revision time).
CREATE TABLE leads (
  id uuid PRIMARY KEY,
  receipt text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  site text NOT NULL,
  source text NOT NULL CHECK (source IN ('popup', 'customer', 'home')),
  name text NOT NULL,
  phone text NOT NULL,
  email text,
  visit_date date,
  message text,
  consent boolean NOT NULL CHECK (consent),
  consent_version text,
  marketing_consent boolean NOT NULL,
  spam_reason text CHECK (spam_reason IN ('honeypot', 'too-fast')),
  -- sha256 of the form's Idempotency-Key: one submission never makes two leads.
  idempotency_key_hash text UNIQUE,
  -- Attribution: the visit's first page and where it came from.
  utm_source text,
  utm_medium text,
  utm_campaign text,
  utm_term text,
  utm_content text,
  landing_path text,
  referrer_host text
);

-- The staff list pages newest first by (created_at, id); the campaign filter has its own.
CREATE INDEX leads_newest ON leads (created_at DESC, id DESC);
CREATE INDEX leads_campaign_newest ON leads (utm_campaign, created_at DESC, id DESC);

-- The outbox: one row per lead. A delivery attempt is claimed (claim_id, claimed_until)
-- by one statement before the POST, so no two callers send the same lead at once.
CREATE TABLE lead_deliveries (
  lead_id uuid PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed', 'not-configured', 'held')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  last_attempt_at timestamptz,
  last_error text,
  delivered_at timestamptz,
  claim_id uuid,
  claimed_until timestamptz
);

CREATE INDEX lead_deliveries_due ON lead_deliveries (next_attempt_at)
  WHERE status IN ('pending', 'failed', 'not-configured');
CREATE INDEX lead_deliveries_status ON lead_deliveries (status);
