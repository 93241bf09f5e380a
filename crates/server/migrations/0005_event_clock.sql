-- A restart keeps an event match's clock (issue 36): what was left on the match clock when
-- the pairing's room closed without a result (milliseconds; NULL: no room of it has
-- started its clock), and whether a judge had paused it. The pairing's next room starts
-- its clock from there.
ALTER TABLE event_pairings ADD COLUMN clock_ms BIGINT;
ALTER TABLE event_pairings ADD COLUMN clock_paused BIGINT NOT NULL DEFAULT 0;
