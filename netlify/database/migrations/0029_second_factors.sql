-- The staff's second factor, keyed by the normalized sign-in e-mail like the sessions.

-- What a sign-in has proved beyond its password: NULL until a second factor passes (such a
-- session may only pass one, or enrol the first). A passkey ceremony's challenge lives on
-- the session that asked for it, and is spent by the statement that accepts its answer.
ALTER TABLE admin_sessions
  ADD COLUMN second_factor text CHECK (second_factor IN ('totp', 'recovery', 'passkey')),
  ADD COLUMN passkey_challenge text,
  ADD COLUMN passkey_challenge_expires_at timestamptz;

-- An account's authenticator app: its secret, sealed under AUTH_SECRET (NULL for an
-- administrator of ADMIN_USERS whose secret is ADMIN_TOTP_SECRET), and the last time step
-- whose code was accepted: a code is accepted once, and never one older than it.
CREATE TABLE staff_totp (
  email text PRIMARY KEY,
  sealed_secret text,
  enrolled_at timestamptz,
  last_step bigint
);

-- One-time recovery codes, only their SHA-256 digests; a used code keeps its row.
CREATE TABLE staff_recovery_codes (
  email text NOT NULL,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (email, code_hash)
);

-- Passkeys (WebAuthn credentials): the credential id (base64url), its public key (COSE) and
-- the authenticator's signature counter.
CREATE TABLE staff_passkeys (
  id text PRIMARY KEY,
  email text NOT NULL,
  public_key bytea NOT NULL,
  counter bigint NOT NULL,
  transports text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);

CREATE INDEX staff_passkeys_email ON staff_passkeys (email);

-- A second factor enrolled or its recovery codes made anew is in the audit log too.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('sign-in', 'list', 'export', 'resend', 'delete', 'withdraw-consent',
    'refuse-texts', 'stage', 'note', 'refused', 'sign-out', 'refresh', 'visit-cancel',
    'visit-move', 'check-in', 'visit-book', 'walk-in', 'no-show', 'visit-confirm',
    'waitlist-join', 'waitlist-offer', 'waitlist-claim', 'owner', 'call', 'second-factor'));
