-- Event structures (issue 36): Swiss, single elimination, or Swiss then a top cut. The
-- structure as JSON ({"kind":"swiss"}, {"kind":"single_elimination"},
-- {"kind":"swiss_top_cut","top":4}); swiss_rounds: the rounds before the bracket (the
-- rounds after it are elimination rounds; `rounds` becomes the total once the bracket is
-- seeded).
ALTER TABLE events ADD COLUMN structure TEXT NOT NULL DEFAULT '{"kind":"swiss"}';
ALTER TABLE events ADD COLUMN swiss_rounds BIGINT NOT NULL DEFAULT 0;
UPDATE events SET swiss_rounds = rounds;
