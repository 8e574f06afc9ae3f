-- Administrator sign-ins. A session is a family of refresh tokens: each refresh spends
-- the presented token and issues the next. Only SHA-256 digests of tokens are stored.
CREATE TABLE admin_sessions (
  family uuid PRIMARY KEY,
  email text NOT NULL,
  started_at timestamptz NOT NULL,
  -- However it is used, a session ends here.
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text CHECK (revoked_reason IN ('sign-out', 'reuse'))
);

CREATE TABLE admin_refresh_tokens (
  token_hash text PRIMARY KEY,
  family uuid NOT NULL REFERENCES admin_sessions (family) ON DELETE CASCADE,
  issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  -- A token spent twice is a replay: its whole family is revoked.
  spent_at timestamptz
);

CREATE INDEX admin_refresh_tokens_family ON admin_refresh_tokens (family);
CREATE INDEX admin_sessions_expires ON admin_sessions (expires_at);
