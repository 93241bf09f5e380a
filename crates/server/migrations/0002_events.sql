-- Tournaments for people (Swiss events): the event, its registered players with their
-- locked lists, and the pairings of its rounds with their results. Same portable SQL as
-- 0001 (text ids made by the server, BIGINT integers, 0/1 booleans).
CREATE TABLE events (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    format TEXT NOT NULL,
    rounds BIGINT NOT NULL,
    -- The organizer's account (its name key).
    organizer TEXT NOT NULL,
    -- registration, running, finished
    status TEXT NOT NULL,
    -- The round being played (0 before the first).
    round BIGINT NOT NULL,
    seed BIGINT NOT NULL,
    -- 1: the decklists are public once the event is finished.
    public_lists BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX events_created ON events (created_at);

CREATE TABLE event_players (
    event_id TEXT NOT NULL,
    -- The entry number (0, 1, ...): the pairings name players by it.
    entry BIGINT NOT NULL,
    name_key TEXT NOT NULL,
    name TEXT NOT NULL,
    -- The locked list as a .ydk text (main, #extra, !side).
    deck TEXT NOT NULL,
    dropped BIGINT NOT NULL,
    registered_at BIGINT NOT NULL,
    PRIMARY KEY (event_id, entry)
);
CREATE UNIQUE INDEX event_players_account ON event_players (event_id, name_key);

CREATE TABLE event_pairings (
    event_id TEXT NOT NULL,
    round BIGINT NOT NULL,
    table_no BIGINT NOT NULL,
    entry_a BIGINT NOT NULL,
    -- NULL: a bye.
    entry_b BIGINT,
    -- 1 once the match is over (a bye is over at once).
    done BIGINT NOT NULL,
    -- The winning entry; NULL with done = 1 is a drawn match.
    winner BIGINT,
    wins_a BIGINT NOT NULL,
    wins_b BIGINT NOT NULL,
    -- The room the match is played in, once a player has opened it.
    room TEXT,
    -- The match id its duels are stored under (duels.match_id).
    match_id TEXT,
    PRIMARY KEY (event_id, round, table_no)
);
