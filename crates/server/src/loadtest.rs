//! `ygo loadtest`: N concurrent duels between 2N WebSocket clients that answer with
//! random legal actions, against one server. Prints one JSON line: `duels_finished`,
//! `errors`, `p50_ms`, `p99_ms` (time from sending an action to the next view) and
//! `server_peak_rss_kb` (the server's VmHWM, read from /proc through the PID its health
//! endpoint reports, so the server must run on this machine).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use tokio::sync::{oneshot, Semaphore};

use crate::client::Client;
use crate::protocol::{ClientMsg, DeckSource, RoomOptions, ServerMsg};

#[derive(Clone, Debug)]
pub struct LoadOptions {
    pub addr: String,
    pub duels: usize,
    /// Each client waits this long before answering (a person's thinking time; 0: none).
    pub think: Duration,
    pub seed: u64,
    /// The whole test gives up after this long.
    pub timeout: Duration,
    /// Connections opened at once while ramping up.
    pub connect_parallel: usize,
    pub deck: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct LoadReport {
    pub duels: usize,
    pub clients: usize,
    pub duels_finished: u64,
    pub errors: u64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    pub actions: usize,
    pub think_ms: u64,
    pub seconds: f64,
    pub server_peak_rss_kb: Option<u64>,
    pub first_error: Option<String>,
}

struct Shared {
    finished: AtomicU64,
    errors: AtomicU64,
    latencies: Mutex<Vec<f64>>,
    first_error: Mutex<Option<String>>,
}

impl Shared {
    fn error(&self, e: String) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        let mut f = self.first_error.lock().expect("lock");
        if f.is_none() {
            *f = Some(e);
        }
    }
}

pub fn run_command(opts: LoadOptions) -> anyhow::Result<i32> {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let report = rt.block_on(run(opts))?;
    println!("{}", serde_json::to_string(&report)?);
    Ok(if report.errors == 0 && report.duels_finished as usize == report.duels { 0 } else { 1 })
}

/// The server's peak resident memory, from its PID (health endpoint) and /proc.
pub async fn server_peak_rss_kb(addr: &str) -> Option<u64> {
    let (_, body) = crate::client::http_get(addr, "/api/health").await.ok()?;
    let pid = serde_json::from_str::<serde_json::Value>(&body).ok()?.get("pid")?.as_u64()?;
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status.lines().find(|l| l.starts_with("VmHWM:"))?.split_whitespace().nth(1)?.parse().ok()
}

pub async fn run(opts: LoadOptions) -> anyhow::Result<LoadReport> {
    let (status, _) =
        crate::client::http_get(&opts.addr, "/api/health").await.map_err(|e| anyhow::anyhow!("--addr {}: no ygo server answers ({e})", opts.addr))?;
    if status != 200 {
        anyhow::bail!("--addr {}: /api/health answered HTTP {status}", opts.addr);
    }
    let shared = Arc::new(Shared { finished: AtomicU64::new(0), errors: AtomicU64::new(0), latencies: Mutex::new(Vec::new()), first_error: Mutex::new(None) });
    let gate = Arc::new(Semaphore::new(opts.connect_parallel.max(1)));
    let start = Instant::now();
    let mut tasks = Vec::new();
    for i in 0..opts.duels {
        let (code_tx, code_rx) = oneshot::channel::<String>();
        let seed = opts.seed.wrapping_mul(1_000_003).wrapping_add(i as u64 * 2);
        let creator = player(opts.clone(), shared.clone(), gate.clone(), Role::Create(code_tx), seed);
        let joiner = player(opts.clone(), shared.clone(), gate.clone(), Role::Join(code_rx), seed + 1);
        tasks.push(tokio::spawn(creator));
        tasks.push(tokio::spawn(joiner));
    }
    let deadline = tokio::time::Instant::now() + opts.timeout;
    for t in tasks {
        match tokio::time::timeout_at(deadline, t).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => shared.error(format!("client task failed: {e}")),
            Err(_) => {
                shared.error(format!("the test did not finish within {:?}", opts.timeout));
                break;
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let mut lat = std::mem::take(&mut *shared.latencies.lock().expect("lock"));
    lat.sort_by(|a, b| a.total_cmp(b));
    let pct = |p: f64| if lat.is_empty() { 0.0 } else { lat[((lat.len() - 1) as f64 * p).round() as usize] };
    let round = |x: f64| (x * 100.0).round() / 100.0;
    let first_error = shared.first_error.lock().expect("lock").clone();
    Ok(LoadReport {
        duels: opts.duels,
        clients: opts.duels * 2,
        duels_finished: shared.finished.load(Ordering::Relaxed),
        errors: shared.errors.load(Ordering::Relaxed),
        p50_ms: round(pct(0.50)),
        p99_ms: round(pct(0.99)),
        max_ms: round(lat.last().copied().unwrap_or(0.0)),
        actions: lat.len(),
        think_ms: opts.think.as_millis() as u64,
        seconds: round(seconds),
        server_peak_rss_kb: server_peak_rss_kb(&opts.addr).await,
        first_error,
    })
}

/// The few fields of a server message a random player needs (the rest is skipped, not
/// decoded: the load test's client shares the machine with the server).
#[derive(serde::Deserialize)]
struct Lite {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    actions: Vec<LiteAction>,
    #[serde(default)]
    match_over: bool,
    #[serde(default)]
    code: Option<String>,
    #[serde(default)]
    message: Option<String>,
}

#[derive(serde::Deserialize)]
struct LiteAction {
    text: String,
}

enum Role {
    Create(oneshot::Sender<String>),
    Join(oneshot::Receiver<String>),
}

async fn player(opts: LoadOptions, shared: Arc<Shared>, gate: Arc<Semaphore>, role: Role, seed: u64) {
    if let Err(e) = play(&opts, &shared, &gate, role, seed).await {
        shared.error(e.to_string());
    }
}

async fn play(opts: &LoadOptions, shared: &Shared, gate: &Semaphore, role: Role, seed: u64) -> anyhow::Result<()> {
    let deck = DeckSource::Builtin { name: opts.deck.clone() };
    let mut c = {
        let _permit = gate.acquire().await?;
        let mut c = Client::connect(&opts.addr).await?;
        c.hello().await?;
        c
    };
    let creator = matches!(role, Role::Create(_));
    match role {
        Role::Create(code_tx) => {
            c.send(&ClientMsg::CreateRoom { options: RoomOptions::default(), deck, name: None }).await?;
            let code = loop {
                match c.recv().await? {
                    Some((_, ServerMsg::Joined { code, .. })) => break code,
                    Some((_, ServerMsg::Error { message, .. })) => anyhow::bail!("create_room: {message}"),
                    Some(_) => continue,
                    None => anyhow::bail!("the server closed the connection"),
                }
            };
            let _ = code_tx.send(code);
        }
        Role::Join(code_rx) => {
            let code = code_rx.await.map_err(|_| anyhow::anyhow!("the room's creator failed"))?;
            c.send(&ClientMsg::JoinRoom { code, deck, name: None }).await?;
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut sent: Option<Instant> = None;
    let mut lat = Vec::new();
    let result = loop {
        let Some(text) = c.recv_text(Duration::from_secs(120)).await? else { break Err(anyhow::anyhow!("the server closed the connection mid-duel")) };
        let msg: Lite = serde_json::from_str(&text).map_err(|e| anyhow::anyhow!("unreadable server message ({e})"))?;
        match msg.kind.as_str() {
            "state" => {
                if let Some(t) = sent.take() {
                    lat.push(t.elapsed().as_secs_f64() * 1000.0);
                }
                if msg.actions.is_empty() {
                    continue;
                }
                let i = rng.random_range(0..msg.actions.len());
                let text = msg.actions[i].text.clone();
                if !opts.think.is_zero() {
                    tokio::time::sleep(opts.think).await;
                }
                sent = Some(Instant::now());
                c.send(&ClientMsg::Action { text }).await?;
            }
            "result" if msg.match_over => break Ok(()),
            "error" => break Err(anyhow::anyhow!("server error {}: {}", msg.code.unwrap_or_default(), msg.message.unwrap_or_default())),
            _ => {}
        }
    };
    shared.latencies.lock().expect("lock").extend(lat);
    if result.is_ok() && creator {
        shared.finished.fetch_add(1, Ordering::Relaxed);
    }
    c.close().await;
    result
}
