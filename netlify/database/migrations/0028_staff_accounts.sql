-- Staff accounts, managed by administrators in the workspace (직원 관리). One row per person,
-- keyed by the e-mail as typed, trimmed and lower-cased. An administrator sees every site
-- (no sites); a counsellor sees only theirs. An invited account has no password until the
-- person sets one through the invite's link. A disabled account keeps its row (and its name
-- on the leads it owned) but signs in nowhere; disabling it ends its sign-ins at once.
CREATE TABLE staff_accounts (
  email text PRIMARY KEY CHECK (email <> '' AND email = lower(btrim(email))),
  role text NOT NULL CHECK (role IN ('administrator', 'counsellor')),
  sites text[] NOT NULL DEFAULT '{}',
  password_hash text,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT staff_accounts_sites CHECK ((role = 'administrator') = (cardinality(sites) = 0))
);

-- One-time links to set a password: an invitation, or a new password for an account that has
-- one. Only the token's SHA-256 is stored. At most one link of an account is open (neither
-- used nor withdrawn) at a time: a new one withdraws the old in the statement that makes it,
-- and this index refuses a second made at the same moment.
CREATE TABLE staff_invites (
  token_hash text PRIMARY KEY,
  email text NOT NULL REFERENCES staff_accounts (email) ON DELETE CASCADE,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz
);
CREATE UNIQUE INDEX staff_invites_one_open ON staff_invites (email)
  WHERE used_at IS NULL AND revoked_at IS NULL;

-- Every grant, change and removal of access: who did it, to whom, what it was before and
-- after, and when. Written by the statement that makes the change; kept three years and
-- then deleted by the retention job. No reference to staff_accounts: the record outlives
-- what it describes.
CREATE TABLE staff_account_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  actor text NOT NULL,
  email text NOT NULL,
  change text NOT NULL CHECK (change IN ('invite', 'bootstrap', 'access', 'disable', 'enable',
    'link', 'password')),
  before jsonb,
  after jsonb
);
CREATE INDEX staff_account_changes_at ON staff_account_changes (at DESC);
CREATE INDEX staff_account_changes_email ON staff_account_changes (email, at DESC);

-- A sign-in also ends when its account is disabled, or when a new password is set.
ALTER TABLE admin_sessions DROP CONSTRAINT admin_sessions_revoked_reason_check;
ALTER TABLE admin_sessions ADD CONSTRAINT admin_sessions_revoked_reason_check
  CHECK (revoked_reason IN ('sign-out', 'reuse', 'disabled', 'password'));
CREATE INDEX admin_sessions_email ON admin_sessions (email) WHERE revoked_at IS NULL;
