-- The no-show rule (issue 36): an event's grace time, and when its current round was
-- paired (the grace counts from then). A player who has not joined their pairing's room
-- when it runs out loses the match. 0: no rule.
ALTER TABLE events ADD COLUMN grace_secs BIGINT NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN round_started_ms BIGINT NOT NULL DEFAULT 0;
