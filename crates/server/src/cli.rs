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
}

pub fn serve(a: ServeArgs) -> anyhow::Result<i32> {
    if a.reconnect_wait == 0 || a.match_minutes == 0 || a.rate_limit == 0 {
        anyhow::bail!("--reconnect-wait, --match-minutes and --rate-limit must be at least 1");
    }
    let config = crate::Config {
        reconnect_wait: Duration::from_secs(a.reconnect_wait),
        match_time: Duration::from_secs(a.match_minutes * 60),
        allowed_origins: a.allow_origins,
        rate_per_sec: a.rate_limit as f64,
        burst: 2.0 * a.rate_limit as f64,
        ..crate::Config::default()
    };
    crate::serve_command(&a.addr, &a.db, config)
}

pub fn loadtest(a: LoadtestArgs) -> anyhow::Result<i32> {
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
    })
}
