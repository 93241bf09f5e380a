-- Accounts, finished duels with their replays, and Elo ratings per format.
-- Portable SQL: the same file runs on SQLite and PostgreSQL (ids are text made by the
-- server, integers are BIGINT, booleans are 0/1).
CREATE TABLE users (
    name_key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE duels (
    id TEXT PRIMARY KEY,
    match_id TEXT NOT NULL,
    number BIGINT NOT NULL,
    player_a TEXT NOT NULL,
    player_b TEXT NOT NULL,
    user_a TEXT,
    user_b TEXT,
    winner TEXT,
    reason TEXT NOT NULL,
    turns BIGINT NOT NULL,
    format TEXT NOT NULL,
    edition TEXT NOT NULL,
    rated BIGINT NOT NULL,
    finished_at BIGINT NOT NULL,
    engine_version TEXT NOT NULL,
    card_data_version TEXT NOT NULL,
    deck_a TEXT NOT NULL,
    deck_b TEXT NOT NULL,
    replay TEXT NOT NULL,
    -- 1 once the duel's match is over: until then its replay (which holds both deck
    -- lists) is not served, so it tells nothing to the players of the duels still to come.
    public BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX duels_user_a ON duels (user_a);
CREATE INDEX duels_user_b ON duels (user_b);
CREATE INDEX duels_finished ON duels (finished_at);

CREATE TABLE ratings (
    name_key TEXT NOT NULL,
    format TEXT NOT NULL,
    elo BIGINT NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (name_key, format)
);
