//! The `ygo serve` and `ygo loadtest` arguments (the `ygo` binary calls in here).

use std::time::Duration;

use clap::Args;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on (port 0: any free port; the line `listening on http://ADDR`
    /// names it).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// The database: a SQLite file (created if missing) or a postgres://USER@HOST:PORT/DB URL.
    #[arg(long, default_value = "ygo.db")]
    pub db: String,
    /// Seconds a dropped player's seat waits for them to reconnect before they lose the match.
    #[arg(long, default_value_t = 60)]
    pub reconnect_wait: u64,
    /// Minutes of the match clock of best-of-3 rooms (MATCH-5).
    #[arg(long, default_value_t = 40)]
    pub match_minutes: u64,
    /// Another page origin allowed to open WebSockets (e.g. http://localhost:5173 for the
    /// Vite dev server); repeat for more. The server's own origin is always allowed.
    #[arg(long = "allow-origin")]
    pub allow_origins: Vec<String>,
    /// Messages a client may send per second (bursts of twice that); past it they are
    /// dropped with an error.
    #[arg(long, default_value_t = 50)]
    pub rate_limit: u32,
    /// The page origin browsers reach this server at (e.g. https://ygo.example), when it is
    /// not the listening address (behind a proxy, or listening on 0.0.0.0). WebSockets from
    /// other origins are refused; the request's Host header is never trusted.
    #[arg(long)]
    pub public_origin: Option<String>,
    /// The largest AI budget a room may ask for: MCTS iterations a decision (`mcts:N`).
    #[arg(long, default_value_t = 2000)]
    pub ai_max_iterations: u32,
    /// The largest AI budget a room may ask for: milliseconds a decision (`mcts:Nms`).
    #[arg(long, default_value_t = 2000)]
    pub ai_max_ms: u64,
    /// AI decisions computed at once, over all rooms (the others wait their turn).
    #[arg(long, default_value_t = 2)]
    pub ai_workers: usize,
    /// Password hashes computed at once (each takes ~19 MiB); 32 more wait, past that a
    /// register or login gets `error` code `busy`.
    #[arg(long, default_value_t = 2)]
    pub hash_workers: usize,
    /// Accounts one client address may create per hour (0: no bound); past it a register
    /// gets `error` code `quota`.
    #[arg(long, default_value_t = 20)]
    pub max_accounts_per_hour: u32,
    /// Spectators per room.
    #[arg(long, default_value_t = 100)]
    pub max_spectators: usize,
    /// Open WebSocket connections per client address (0: no bound).
    #[arg(long, default_value_t = 64)]
    pub max_conns_per_addr: usize,
    /// Seconds a connection may stay silent (no message, no answer to the server's ping)
    /// before it is closed; one that never says hello is closed after 10 s.
    #[arg(long, default_value_t = 120)]
    pub idle_timeout: u64,
    /// Minutes a room may receive nothing before it closes (in any state).
    #[arg(long, default_value_t = 30)]
    pub room_idle_minutes: u64,
    /// Host only this format (casual, goat, edison, tcg, ocg): the lobby offers only it, and a
    /// room of another format is refused. Every room checks its decks against its format.
    #[arg(long)]
    pub format: Option<String>,
}

#[derive(Args, Debug)]
pub struct LoadtestArgs {
    /// The server (host:port) of a running `ygo serve` on this machine.
    #[arg(long)]
    pub addr: String,
    /// Concurrent duels (two WebSocket clients each).
    #[arg(long, default_value_t = 100)]
    pub duels: usize,
    /// Milliseconds each client waits before answering (a person's thinking time).
    #[arg(long, default_value_t = 100)]
    pub think_ms: u64,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Give up after this many seconds.
    #[arg(long, default_value_t = 900)]
    pub timeout: u64,
    /// The deck both clients play (a built-in name).
    #[arg(long, default_value = crate::DEFAULT_DECK)]
    pub deck: String,
    /// Spectators, spread over the duels' rooms (the server's `--max-spectators` applies).
    #[arg(long, default_value_t = 0)]
    pub spectators: usize,
    /// Abusive clients, by turns: registering accounts in a loop, asking for a huge AI
    /// budget, flooding binary frames, never saying hello; the report counts those a bound
    /// stopped.
    #[arg(long, default_value_t = 0)]
    pub abusers: usize,
    /// Instead of rooms: a Swiss event of N players (protocol clients with accounts, random
    /// legal actions). Player 1 organizes: creates the event with ceil(log2 N) rounds, and
    /// pairs each round once the one before is played; every match is played to its end.
    /// Prints one JSON line (`event_finished`, `event_id`, `rounds`, `matches`, `errors`,
    /// `p99_ms`, `replay`: one of its duels). The server must accept N accounts and N
    /// connections from this address (`ygo serve --max-accounts-per-hour 0
    /// --max-conns-per-addr 0`). `--duels`, `--deck`, `--spectators`, `--abusers` do not apply.
    #[arg(long, value_name = "N")]
    pub event_players: Option<usize>,
    /// The event's format (with --event-players; default goat): each player registers one
    /// of the format's built-in decks, by turns.
    #[arg(long, requires = "event_players")]
    pub format: Option<String>,
    /// Instead of rooms: join the event with this ID (organized by someone else, e.g. a
    /// browser) with `--clients` protocol clients: each makes an account, registers a legal
    /// built-in deck of the event's format, plays every match the event gives it (random
    /// legal actions, attacks and summons first so duels end sooner; a judge's proposed
    /// rewind accepted) until the event is finished.
    /// Prints one JSON line (`event_finished`, `registered`, `matches_played`, `errors`,
    /// `names`).
    #[arg(long, value_name = "ID", conflicts_with = "event_players")]
    pub join_event: Option<String>,
    /// The clients that join the event (with --join-event).
    #[arg(long, requires = "join_event", default_value_t = 6)]
    pub clients: usize,
}

pub fn serve(a: ServeArgs) -> anyhow::Result<i32> {
    if a.reconnect_wait == 0 || a.match_minutes == 0 || a.rate_limit == 0 {
        anyhow::bail!("--reconnect-wait, --match-minutes and --rate-limit must be at least 1");
    }
    if a.ai_max_iterations == 0 || a.ai_max_ms == 0 || a.ai_workers == 0 || a.hash_workers == 0 || a.idle_timeout == 0 || a.room_idle_minutes == 0 {
        anyhow::bail!("--ai-max-iterations, --ai-max-ms, --ai-workers, --hash-workers, --idle-timeout and --room-idle-minutes must be at least 1");
    }
    if let Some(o) = &a.public_origin {
        if !(o.starts_with("http://") || o.starts_with("https://")) || o.trim_end_matches('/').matches('/').count() != 2 {
            anyhow::bail!("--public-origin {o}: an origin is http(s)://HOST[:PORT], without a path");
        }
    }
    let only_format = match a.format.as_deref().map(crate::formats::resolve) {
        None => None,
        Some(Ok(f)) => Some(f.name),
        Some(Err(e)) => anyhow::bail!("--format: {e}"),
    };
    let config = crate::Config {
        only_format,
        reconnect_wait: Duration::from_secs(a.reconnect_wait),
        match_time: Duration::from_secs(a.match_minutes * 60),
        allowed_origins: a.allow_origins,
        rate_per_sec: a.rate_limit as f64,
        burst: 2.0 * a.rate_limit as f64,
        public_origin: a.public_origin,
        ai_max_iterations: a.ai_max_iterations,
        ai_max_ms: a.ai_max_ms,
        ai_workers: a.ai_workers,
        hash_workers: a.hash_workers,
        max_accounts_per_hour: a.max_accounts_per_hour,
        max_spectators: a.max_spectators,
        max_conns_per_addr: a.max_conns_per_addr,
        idle_timeout: Duration::from_secs(a.idle_timeout),
        room_idle: Duration::from_secs(a.room_idle_minutes * 60),
        ..crate::Config::default()
    };
    crate::serve_command(&a.addr, &a.db, config)
}

pub fn loadtest(a: LoadtestArgs) -> anyhow::Result<i32> {
    if let Some(event) = a.join_event {
        if a.clients == 0 {
            anyhow::bail!("--clients must be at least 1");
        }
        return crate::loadtest::run_join_command(crate::loadtest::JoinOptions {
            addr: a.addr,
            event,
            clients: a.clients,
            think: Duration::from_millis(a.think_ms),
            seed: a.seed,
            timeout: Duration::from_secs(a.timeout),
        });
    }
    if let Some(players) = a.event_players {
        if players < 2 {
            anyhow::bail!("--event-players must be at least 2");
        }
        return crate::loadtest::run_event_command(crate::loadtest::EventOptions {
            addr: a.addr,
            players,
            format: a.format.unwrap_or_else(|| "goat".into()),
            think: Duration::from_millis(a.think_ms),
            seed: a.seed,
            timeout: Duration::from_secs(a.timeout),
            connect_parallel: 64,
        });
    }
    if a.duels == 0 {
        anyhow::bail!("--duels must be at least 1");
    }
    if ygo_cards::decks::builtin(&a.deck).is_none() {
        anyhow::bail!("--deck {}: not a built-in deck ({})", a.deck, crate::decks::builtin_names().join(", "));
    }
    crate::loadtest::run_command(crate::loadtest::LoadOptions {
        addr: a.addr,
        duels: a.duels,
        think: Duration::from_millis(a.think_ms),
        seed: a.seed,
        timeout: Duration::from_secs(a.timeout),
        connect_parallel: 64,
        deck: a.deck,
        spectators: a.spectators,
        abusers: a.abusers,
    })
}
