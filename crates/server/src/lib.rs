//! `ygo-server`: ygo in a browser. The only crate that knows HTTP, WebSocket and JSON.
//!
//! The server owns every duel; a client only ever receives its own seat's view (or the
//! public view when it watches) and acts by sending the canonical text of a legal action,
//! which the engine checks. One WebSocket per client carries the protocol of
//! `docs/PROTOCOL.md` ([`protocol`]); rooms are tasks ([`room`]); accounts, finished duels
//! with their replays, and ratings live in SQLite or PostgreSQL ([`db`]); the web client
//! (`web/`, built by Vite) is embedded in the binary ([`http`]).

pub mod cli;
pub mod client;
pub mod db;
pub mod decks;
pub mod event;
pub mod formats;
pub mod guard;
pub mod http;
pub mod loadtest;
pub mod protocol;
pub mod room;
pub mod wire;
pub mod words;
mod ws;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::oneshot;

pub use db::Db;
pub use room::RoomHandle;

/// The lobby's defaults: the "play against the AI" button plays these.
pub const DEFAULT_DECK: &str = "vanilla-yugi";
pub const DEFAULT_AI_DECK: &str = "vanilla-kaiba";
pub const DEFAULT_AI: &str = "greedy";

/// Limits and waits of a server.
#[derive(Clone, Debug)]
pub struct Config {
    /// How long a dropped player's seat waits for them before they lose the match.
    pub reconnect_wait: Duration,
    /// The match clock (MATCH-5: 40 minutes).
    pub match_time: Duration,
    /// Origins allowed besides the server's own (`http://HOST` of the request).
    pub allowed_origins: Vec<String>,
    /// Largest message a client may send, in bytes.
    pub max_message: usize,
    /// Messages a client may send per second on average, and in a burst.
    pub rate_per_sec: f64,
    pub burst: f64,
    /// The largest AI budget a room may ask for: MCTS iterations and milliseconds per
    /// decision (`mcts:N`, `mcts:Nms`); a larger one is refused.
    pub ai_max_iterations: u32,
    pub ai_max_ms: u64,
    /// AI decisions computed at once (the other rooms' AIs wait their turn).
    pub ai_workers: usize,
    /// Password hashes computed at once, and requests waiting for one; past both a
    /// `register` or `login` gets `error` code `busy`.
    pub hash_workers: usize,
    pub hash_queue: usize,
    /// Accounts one address may create per hour (0: no bound); past it `register` gets
    /// `error` code `quota` before any hashing.
    pub max_accounts_per_hour: u32,
    /// Spectators per room.
    pub max_spectators: usize,
    /// Open WebSocket connections per client address (0: no bound).
    pub max_conns_per_addr: usize,
    /// A connection must say `hello` within this, and send something (a message or the
    /// answer to the server's ping) at least this often once it has.
    pub handshake_timeout: Duration,
    pub idle_timeout: Duration,
    /// A room that receives nothing for this long ends (in any state).
    pub room_idle: Duration,
    /// The page origin browsers use (`--public-origin`); `None`: the listening address.
    pub public_origin: Option<String>,
    /// The one format this server's rooms play (`serve --format goat`), if any: the lobby
    /// offers only it and a room of another format is refused.
    pub only_format: Option<String>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            reconnect_wait: Duration::from_secs(60),
            match_time: room::MATCH_TIME,
            allowed_origins: Vec::new(),
            max_message: 64 * 1024,
            rate_per_sec: 50.0,
            burst: 100.0,
            ai_max_iterations: 2_000,
            ai_max_ms: 2_000,
            ai_workers: 2,
            hash_workers: 2,
            hash_queue: 32,
            max_accounts_per_hour: 20,
            max_spectators: 100,
            max_conns_per_addr: 64,
            handshake_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(120),
            room_idle: Duration::from_secs(30 * 60),
            public_origin: None,
            only_format: None,
        }
    }
}

/// What every connection and room shares.
pub struct AppState {
    pub db: Db,
    pub config: Config,
    rooms: Mutex<HashMap<String, RoomHandle>>,
    next_conn: AtomicU64,
    /// The AI decisions being computed (at most `config.ai_workers`) and waiting.
    pub ai: guard::Pool,
    /// Failed logins per name and address.
    pub throttle: guard::Throttle,
    /// Accounts created per address this hour.
    pub accounts: guard::AccountQuota,
    /// Open WebSocket connections, per address.
    pub conns: guard::AddrCount,
    /// Set on SIGTERM/SIGINT: no new rooms.
    pub shutting_down: AtomicBool,
    /// Held while a player is sent to an event match's room: the second player of a pairing
    /// asks only once the first one's room is saved, so both are sent to the same room
    /// (the database's compare-and-set still settles two server processes).
    pub(crate) event_rooms: tokio::sync::Mutex<()>,
    /// The page origins a browser may open WebSockets from (`--public-origin` or the
    /// listening address, and `--allow-origin`).
    pub origins: Vec<String>,
}

impl AppState {
    pub fn room(&self, code: &str) -> Option<RoomHandle> {
        self.rooms.lock().expect("rooms lock").get(&code.trim().to_ascii_uppercase()).cloned()
    }
    pub fn room_count(&self) -> usize {
        self.rooms.lock().expect("rooms lock").len()
    }
    /// Registers a room under a fresh code made by `make`.
    pub fn add_room(&self, make: impl FnOnce(String) -> RoomHandle) -> RoomHandle {
        let mut rooms = self.rooms.lock().expect("rooms lock");
        let code = loop {
            let c = room::random_code(6);
            if !rooms.contains_key(&c) {
                break c;
            }
        };
        let h = make(code.clone());
        rooms.insert(code, h.clone());
        h
    }
    pub fn remove_room(&self, code: &str) {
        self.rooms.lock().expect("rooms lock").remove(code);
    }
    fn all_rooms(&self) -> Vec<RoomHandle> {
        self.rooms.lock().expect("rooms lock").values().cloned().collect()
    }
    fn conn_id(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }
}

/// A running server.
pub struct Running {
    pub addr: SocketAddr,
    pub state: Arc<AppState>,
    stop: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<()>,
}

/// How long a shutdown waits for the rooms to save their state and close.
pub const SHUTDOWN_WAIT: Duration = Duration::from_secs(5);

impl Running {
    /// Shuts down: no new connections or rooms, every room tells its members and saves
    /// what it has to the database (waiting at most [`SHUTDOWN_WAIT`]), then the database
    /// closes.
    pub async fn stop(mut self) {
        self.state.shutting_down.store(true, Ordering::SeqCst);
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        let _ = (&mut self.task).await;
        let rooms = self.state.all_rooms();
        let mut closed = Vec::new();
        for h in rooms {
            let (done, wait) = oneshot::channel();
            if h.tx.send(room::RoomMsg::Shutdown { done }).await.is_ok() {
                closed.push(wait);
            }
        }
        let _ = tokio::time::timeout(SHUTDOWN_WAIT, futures_util::future::join_all(closed)).await;
        self.state.db.close().await;
    }
}

/// Binds `addr`, opens the database (migrating it) and serves.
pub async fn start(addr: &str, db: &str, config: Config) -> anyhow::Result<Running> {
    // Bind first: a bad address leaves no database file behind.
    let listener = tokio::net::TcpListener::bind(addr).await.map_err(|e| anyhow::anyhow!("--addr {addr}: cannot listen: {e}"))?;
    let db = Db::open(db).await?.limit_hashing(config.hash_workers, config.hash_queue);
    let addr = listener.local_addr()?;
    let mut origins = own_origins(addr, config.public_origin.as_deref());
    origins.extend(config.allowed_origins.iter().cloned());
    let state = Arc::new(AppState {
        db,
        rooms: Mutex::new(HashMap::new()),
        next_conn: AtomicU64::new(1),
        ai: guard::Pool::new(config.ai_workers, usize::MAX / 2),
        throttle: guard::Throttle::default(),
        accounts: guard::AccountQuota::default(),
        conns: guard::AddrCount::default(),
        shutting_down: AtomicBool::new(false),
        event_rooms: tokio::sync::Mutex::new(()),
        origins,
        config,
    });
    let app = http::router(state.clone());
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        let serve = axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>());
        tokio::select! {
            r = serve => { if let Err(e) = r { eprintln!("ygo serve: {e}"); } }
            _ = stopped => {}
        }
    });
    Ok(Running { addr, state, stop: Some(stop), task })
}

/// The server's own page origins: `--public-origin` when given, else `http://ADDR` of the
/// listening address (with `localhost` and `127.0.0.1` for a loopback or unspecified one).
/// Never the request's `Host`, which a DNS-rebinding page controls.
pub fn own_origins(addr: SocketAddr, public: Option<&str>) -> Vec<String> {
    if let Some(p) = public {
        return vec![p.trim_end_matches('/').to_string()];
    }
    let port = addr.port();
    let ip = addr.ip();
    let mut out = vec![format!("http://{addr}")];
    if ip.is_loopback() || ip.is_unspecified() {
        out.extend([format!("http://localhost:{port}"), format!("http://127.0.0.1:{port}"), format!("http://[::1]:{port}")]);
    }
    out.sort();
    out.dedup();
    out
}

/// `ygo serve`: serves until Ctrl-C or SIGTERM, printing `listening on http://ADDR` once
/// ready.
pub fn serve_command(addr: &str, db: &str, config: Config) -> anyhow::Result<i32> {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    rt.block_on(async {
        let running = start(addr, db, config).await?;
        println!("listening on http://{}", running.addr);
        use std::io::Write as _;
        let _ = std::io::stdout().flush();
        shutdown_signal().await;
        println!("shutting down");
        running.stop().await;
        Ok::<i32, anyhow::Error>(0)
    })?;
    // A blocking job still running (an AI decision, a password hash: each bounded by the
    // configuration) is not waited for past this.
    rt.shutdown_timeout(Duration::from_secs(1));
    Ok(0)
}

async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).expect("SIGTERM handler");
        tokio::select! {
            _ = ctrl_c => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrl_c.await;
    }
}
