-- Judge tools (issue 36): the judges an organizer names, and the event's log of what
-- judges did (who, when, what, why). Same portable SQL as 0001.
CREATE TABLE event_judges (
    event_id TEXT NOT NULL,
    name_key TEXT NOT NULL,
    name TEXT NOT NULL,
    added_at BIGINT NOT NULL,
    PRIMARY KEY (event_id, name_key)
);

CREATE TABLE event_log (
    event_id TEXT NOT NULL,
    -- 1, 2, ... in the order the actions were taken.
    seq BIGINT NOT NULL,
    -- Unix milliseconds.
    at_ms BIGINT NOT NULL,
    -- The account that acted (its display name).
    judge TEXT NOT NULL,
    -- pause, resume, add_time, award_game, award_match, judge_add, rewind_proposed,
    -- rewind, repair
    action TEXT NOT NULL,
    -- The match acted on (NULL: the event itself).
    round BIGINT,
    table_no BIGINT,
    detail TEXT NOT NULL,
    reason TEXT NOT NULL,
    PRIMARY KEY (event_id, seq)
);

