//! `ygo loadtest`: N concurrent duels between 2N WebSocket clients that answer with
//! random legal actions, against one server. Prints one JSON line: `duels_finished`,
//! `errors`, `p50_ms`, `p99_ms` (time from sending an action to the next view) and
//! `server_peak_rss_kb` (the server's VmHWM, read from /proc through the PID its health
//! endpoint reports, so the server must run on this machine).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use tokio::sync::{oneshot, watch, Semaphore};

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
    /// Spectators spread over the duels' rooms (room `i % duels`).
    pub spectators: usize,
    /// Abusive clients, by turns: one that registers accounts in a loop, one that asks for
    /// a huge AI budget, one that floods binary frames, one that never says hello.
    pub abusers: usize,
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
    pub spectators: usize,
    /// Spectators that watched their room to its result.
    pub spectators_finished: u64,
    /// Spectators that came after their room had ended (not an error).
    pub spectators_late: u64,
    pub spectator_errors: u64,
    pub abusers: usize,
    /// Abusers stopped by a bound (an `error` of code `busy`, `room`, `rate`, `timeout`,
    /// or a refused connection), by kind.
    pub abusers_refused: BTreeMap<String, u64>,
    /// What the abusers were answered: error codes (and `registered`, `closed`), counted.
    pub abuse_answers: BTreeMap<String, u64>,
}

struct Shared {
    spectators_finished: AtomicU64,
    spectators_late: AtomicU64,
    spectator_errors: AtomicU64,
    abusers_refused: Mutex<BTreeMap<String, u64>>,
    abuse_answers: Mutex<BTreeMap<String, u64>>,
    /// Set when the duels are over: the abusers stop.
    done: std::sync::atomic::AtomicBool,
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
    let shared = Arc::new(Shared {
        spectators_finished: AtomicU64::new(0),
        spectators_late: AtomicU64::new(0),
        spectator_errors: AtomicU64::new(0),
        abusers_refused: Mutex::new(BTreeMap::new()),
        abuse_answers: Mutex::new(BTreeMap::new()),
        done: std::sync::atomic::AtomicBool::new(false),
        finished: AtomicU64::new(0),
        errors: AtomicU64::new(0),
        latencies: Mutex::new(Vec::new()),
        first_error: Mutex::new(None),
    });
    let gate = Arc::new(Semaphore::new(opts.connect_parallel.max(1)));
    let start = Instant::now();
    let mut tasks = Vec::new();
    let mut side_tasks = Vec::new();
    let mut codes = Vec::new();
    for _ in 0..opts.duels {
        codes.push(watch::channel::<Option<String>>(None));
    }
    for i in 0..opts.spectators {
        let rx = codes[i % opts.duels].1.clone();
        side_tasks.push(tokio::spawn(spectator(opts.addr.clone(), shared.clone(), gate.clone(), rx)));
    }
    for i in 0..opts.abusers {
        side_tasks.push(tokio::spawn(abuser(opts.addr.clone(), shared.clone(), i % 4)));
    }
    for (i, (watchers, _)) in codes.iter().enumerate() {
        let (code_tx, code_rx) = oneshot::channel::<String>();
        let seed = opts.seed.wrapping_mul(1_000_003).wrapping_add(i as u64 * 2);
        let creator = player(opts.clone(), shared.clone(), gate.clone(), Role::Create(code_tx, watchers.clone()), seed);
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
    shared.done.store(true, Ordering::SeqCst);
    for t in side_tasks {
        let _ = tokio::time::timeout(Duration::from_secs(30), t).await;
    }
    let mut lat = std::mem::take(&mut *shared.latencies.lock().expect("lock"));
    lat.sort_by(|a, b| a.total_cmp(b));
    let pct = |p: f64| if lat.is_empty() { 0.0 } else { lat[((lat.len() - 1) as f64 * p).round() as usize] };
    let round = |x: f64| (x * 100.0).round() / 100.0;
    let first_error = shared.first_error.lock().expect("lock").clone();
    let abusers_refused = shared.abusers_refused.lock().expect("lock").clone();
    let abuse_answers = shared.abuse_answers.lock().expect("lock").clone();
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
        spectators: opts.spectators,
        spectators_finished: shared.spectators_finished.load(Ordering::Relaxed),
        spectators_late: shared.spectators_late.load(Ordering::Relaxed),
        spectator_errors: shared.spectator_errors.load(Ordering::Relaxed),
        abusers: opts.abusers,
        abusers_refused,
        abuse_answers,
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
    Create(oneshot::Sender<String>, watch::Sender<Option<String>>),
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
    let creator = matches!(role, Role::Create(..));
    match role {
        Role::Create(code_tx, watchers) => {
            c.send(&ClientMsg::CreateRoom { options: RoomOptions::default(), deck, name: None }).await?;
            let code = loop {
                match c.recv().await? {
                    Some((_, ServerMsg::Joined { code, .. })) => break code,
                    Some((_, ServerMsg::Error { message, .. })) => anyhow::bail!("create_room: {message}"),
                    Some(_) => continue,
                    None => anyhow::bail!("the server closed the connection"),
                }
            };
            let _ = watchers.send(Some(code.clone()));
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

/// Watches room `code` (once its creator has it) to its result; frames are not decoded
/// past their type.
async fn spectator(addr: String, shared: Arc<Shared>, gate: Arc<Semaphore>, mut code: watch::Receiver<Option<String>>) {
    let r: anyhow::Result<bool> = async {
        let code = code.wait_for(|c| c.is_some()).await.map_err(|_| anyhow::anyhow!("the room's creator failed"))?.clone().unwrap_or_default();
        let mut c = {
            let _permit = gate.acquire().await?;
            let mut c = Client::connect(&addr).await?;
            c.hello().await?;
            c
        };
        c.send(&ClientMsg::Spectate { code }).await?;
        loop {
            let Some(text) = c.recv_text(Duration::from_secs(120)).await? else { anyhow::bail!("the server closed a spectator's connection") };
            let msg: Lite = serde_json::from_str(&text)?;
            match msg.kind.as_str() {
                "result" if msg.match_over => {
                    c.close().await;
                    return Ok(true);
                }
                "error" if msg.message.as_deref().is_some_and(|m| m.contains("no room")) => return Ok(false),
                "error" => anyhow::bail!("spectator: {} {}", msg.code.unwrap_or_default(), msg.message.unwrap_or_default()),
                _ => {}
            }
        }
    }
    .await;
    match r {
        Ok(true) => shared.spectators_finished.fetch_add(1, Ordering::Relaxed),
        Ok(false) => shared.spectators_late.fetch_add(1, Ordering::Relaxed),
        Err(e) => {
            let mut f = shared.first_error.lock().expect("lock");
            if f.is_none() {
                *f = Some(format!("spectator: {e}"));
            }
            shared.spectator_errors.fetch_add(1, Ordering::Relaxed)
        }
    };
}

const ABUSES: [&str; 4] = ["register-loop", "huge-ai-budget", "binary-flood", "no-hello"];

/// One abusive client of kind `kind` (an index of [`ABUSES`]), until the duels are over or
/// a bound stops it.
async fn abuser(addr: String, shared: Arc<Shared>, kind: usize) {
    let name = ABUSES[kind];
    let mut answers: BTreeMap<String, u64> = BTreeMap::new();
    let refused = async {
        let mut c = match Client::connect(&addr).await {
            Ok(c) => c,
            Err(_) => {
                *answers.entry("connection refused".into()).or_default() += 1;
                return true;
            }
        };
        if kind != 3 && c.hello().await.is_err() {
            return false;
        }
        let mut n = 0u64;
        loop {
            if kind != 3 && shared.done.load(Ordering::SeqCst) {
                return false;
            }
            match kind {
                0 => {
                    // Five registrations at once, then their answers.
                    for i in 0..5 {
                        let r = c.send(&ClientMsg::Register { name: format!("abuser-{}-{n}-{i}", random_suffix()), password: "password".into() }).await;
                        if r.is_err() {
                            return false;
                        }
                    }
                    n += 1;
                }
                1 => {
                    let options = RoomOptions { vs_ai: Some("mcts:18446744073709551615ms".into()), ..RoomOptions::default() };
                    if c.send(&ClientMsg::CreateRoom { options, deck: DeckSource::Builtin { name: crate::DEFAULT_DECK.into() }, name: None }).await.is_err() {
                        return false;
                    }
                }
                2 => {
                    for _ in 0..50 {
                        if c.send_binary(vec![0u8; 512]).await.is_err() {
                            *answers.entry("closed".into()).or_default() += 1;
                            return true;
                        }
                    }
                }
                _ => {}
            }
            let replies = if kind == 0 { 5 } else { 1 };
            for _ in 0..replies {
                match c.recv_timeout(Duration::from_secs(60)).await {
                    Ok(Some((_, ServerMsg::Error { code, .. }))) => {
                        *answers.entry(code.clone()).or_default() += 1;
                        if matches!(code.as_str(), "busy" | "quota" | "room" | "rate" | "timeout") {
                            if kind == 0 {
                                continue;
                            }
                            return true;
                        }
                    }
                    Ok(Some((_, ServerMsg::Session { .. }))) => *answers.entry("registered".into()).or_default() += 1,
                    Ok(Some(_)) => {}
                    Ok(None) | Err(_) => {
                        *answers.entry("closed".into()).or_default() += 1;
                        return kind >= 2;
                    }
                }
            }
            if kind == 0 && (answers.contains_key("busy") || answers.contains_key("quota")) {
                return true;
            }
        }
    }
    .await;
    if refused {
        *shared.abusers_refused.lock().expect("lock").entry(name.to_string()).or_default() += 1;
    }
    let mut all = shared.abuse_answers.lock().expect("lock");
    for (k, v) in answers {
        *all.entry(format!("{name}: {k}")).or_default() += v;
    }
}

fn random_suffix() -> u32 {
    let mut b = [0u8; 4];
    getrandom::fill(&mut b).expect("the system random source works");
    u32::from_le_bytes(b)
}
