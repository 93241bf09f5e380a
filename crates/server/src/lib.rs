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
pub mod formats;
pub mod http;
pub mod loadtest;
pub mod protocol;
pub mod room;
pub mod wire;
pub mod words;
mod ws;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
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
        }
    }
}

/// What every connection and room shares.
pub struct AppState {
    pub db: Db,
    pub config: Config,
    rooms: Mutex<HashMap<String, RoomHandle>>,
    next_conn: AtomicU64,
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

impl Running {
    /// Stops accepting connections and closes the database.
    pub async fn stop(mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        let _ = (&mut self.task).await;
        self.state.db.close().await;
    }
}

/// Binds `addr`, opens the database (migrating it) and serves.
pub async fn start(addr: &str, db: &str, config: Config) -> anyhow::Result<Running> {
    // Bind first: a bad address leaves no database file behind.
    let listener = tokio::net::TcpListener::bind(addr).await.map_err(|e| anyhow::anyhow!("--addr {addr}: cannot listen: {e}"))?;
    let db = Db::open(db).await?;
    let addr = listener.local_addr()?;
    let state = Arc::new(AppState { db, config, rooms: Mutex::new(HashMap::new()), next_conn: AtomicU64::new(1) });
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
        running.stop().await;
        Ok(0)
    })
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
