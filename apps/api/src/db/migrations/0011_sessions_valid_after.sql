-- Changing or resetting a password ends the user's other sessions: access tokens issued before
-- sessions_valid_after stop working, except sessions_kept_jti (the session that changed the password).
alter table users add column sessions_valid_after timestamptz;
alter table users add column sessions_kept_jti text;
