-- Sign-in lock per e-mail and visitor: the recent attempts (at most the limit) and the
-- end of a lock. An attempt is counted before its password is checked.
CREATE TABLE sign_in_guards (
  pair text PRIMARY KEY,
  attempts timestamptz[] NOT NULL,
  locked_until timestamptz
);

-- Fixed-window counters (registrations, sign-ins, press views) per bucket and visitor.
CREATE TABLE rate_limits (
  bucket text NOT NULL,
  subject text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (bucket, subject)
);

CREATE INDEX rate_limits_window ON rate_limits (window_start);
