-- Event settings (issue 36): the match-settings preset ({"preset":"format"},
-- {"preset":"community"}, {"preset":"official"}, with an optional "minutes"), the round
-- length of a multi-day event (hours; 0: none), the registration deadline (Unix seconds;
-- NULL: none), and each pairing's deadline (Unix milliseconds; NULL: none): a match not
-- finished by then is decided as at time.
ALTER TABLE events ADD COLUMN match_settings TEXT NOT NULL DEFAULT '{"preset":"format"}';
ALTER TABLE events ADD COLUMN round_hours BIGINT NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN registration_deadline BIGINT;
ALTER TABLE event_pairings ADD COLUMN deadline_ms BIGINT;
