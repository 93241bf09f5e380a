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

#[derive(Default)]
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

/// Fails unless a ygo server answers `/api/health` at `addr` (named in the error as --addr).
async fn check_server(addr: &str) -> anyhow::Result<()> {
    let (status, _) = crate::client::http_get(addr, "/api/health").await.map_err(|e| anyhow::anyhow!("--addr {addr}: no ygo server answers ({e})"))?;
    if status != 200 {
        anyhow::bail!("--addr {addr}: /api/health answered HTTP {status}");
    }
    Ok(())
}

/// Waits for the client tasks until `timeout` from now; a task that failed, or the time
/// running out (`what` did not finish), is an error of the run.
async fn join_by(tasks: Vec<tokio::task::JoinHandle<()>>, timeout: Duration, shared: &Shared, what: &str) {
    let deadline = tokio::time::Instant::now() + timeout;
    for t in tasks {
        match tokio::time::timeout_at(deadline, t).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => shared.error(format!("client task failed: {e}")),
            Err(_) => {
                shared.error(format!("{what} did not finish within {timeout:?}"));
                break;
            }
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
    check_server(&opts.addr).await?;
    let shared = Arc::new(Shared::default());
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
    join_by(tasks, opts.timeout, &shared, "the test").await;
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
    /// A rewind a judge proposed (state frames): the event's players accept it.
    #[serde(default)]
    rewind: Option<LiteRewind>,
}

#[derive(serde::Deserialize)]
struct LiteRewind {
    accepted: [bool; 2],
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

/// `ygo loadtest --event-players N`: an N-player Swiss event of protocol clients.
#[derive(Clone, Debug)]
pub struct EventOptions {
    pub addr: String,
    pub players: usize,
    /// The event's format; the players' decks are the built-in decks of that format (by
    /// turns), or the lobby's default deck for a format with none.
    pub format: String,
    pub think: Duration,
    pub seed: u64,
    pub timeout: Duration,
    pub connect_parallel: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct EventReport {
    /// The event reached `finished` (every round paired and played).
    pub event_finished: bool,
    pub event_id: Option<String>,
    pub format: String,
    pub players: usize,
    /// Swiss rounds: ceil(log2 players).
    pub rounds: u32,
    /// Rounds paired.
    pub rounds_played: u32,
    /// Matches played to their end (byes left out).
    pub matches: usize,
    pub byes: usize,
    pub errors: u64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    pub actions: usize,
    pub think_ms: u64,
    pub seconds: f64,
    /// One stored duel of the event (its `/replay/ID` page).
    pub replay: Option<String>,
    pub server_peak_rss_kb: Option<u64>,
    pub first_error: Option<String>,
}

/// The rounds of an N-player Swiss event: ceil(log2 N), at least 1.
pub fn swiss_rounds(players: usize) -> u32 {
    (usize::BITS - players.max(2).saturating_sub(1).leading_zeros()).max(1)
}

pub fn run_event_command(opts: EventOptions) -> anyhow::Result<i32> {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let report = rt.block_on(run_event(opts))?;
    println!("{}", serde_json::to_string(&report)?);
    Ok(if report.event_finished && report.errors == 0 { 0 } else { 1 })
}

/// The decks the players of a format register, by turns: the built-in decks made for the
/// format that pass its check.
pub fn event_decks(format: &str) -> anyhow::Result<Vec<String>> {
    let f = crate::formats::resolve(format).map_err(|e| anyhow::anyhow!("--format: {e}"))?;
    let mut names: Vec<String> = ygo_cards::decks::all()
        .filter(|d| ygo_cards::decks::format_of(d.name) == f.play_format().as_deref())
        .filter(|d| {
            crate::decks::resolve(&DeckSource::Builtin { name: d.name.to_string() })
                .is_ok_and(|r| crate::formats::check_deck(&f, &r.main, &r.extra, &r.side).is_ok())
        })
        .map(|d| d.name.to_string())
        .collect();
    if names.is_empty() {
        names.push(crate::DEFAULT_DECK.to_string());
    }
    Ok(names)
}

/// What a player task tells the organizer.
enum Note {
    Registered,
    RoundDone,
    /// The player failed (its error is counted): the organizer stops waiting for it.
    Gone,
}

/// What the organizer tells the players: nothing yet, a value, or that it failed.
#[derive(Clone)]
enum Signal<T> {
    Wait,
    Go(T),
    Stop,
}

impl<T: Clone> Signal<T> {
    async fn next(rx: &mut watch::Receiver<Signal<T>>, ready: impl Fn(&T) -> bool) -> anyhow::Result<T> {
        let s = rx.wait_for(|s| match s {
            Signal::Wait => false,
            Signal::Go(t) => ready(t),
            Signal::Stop => true,
        });
        match s.await.map(|s| s.clone()) {
            Ok(Signal::Go(t)) => Ok(t),
            _ => anyhow::bail!("the organizer failed"),
        }
    }
}

struct EventCtl {
    id: watch::Sender<Signal<String>>,
    /// The event after each pairing (and once finished).
    info: watch::Sender<Signal<Arc<crate::event::EventInfo>>>,
    notes: tokio::sync::mpsc::UnboundedSender<Note>,
    decks: Vec<String>,
    prefix: String,
}

pub async fn run_event(opts: EventOptions) -> anyhow::Result<EventReport> {
    check_server(&opts.addr).await?;
    if opts.players < 2 {
        anyhow::bail!("--event-players: at least 2");
    }
    let decks = event_decks(&opts.format)?;
    let shared = Arc::new(Shared::default());
    let (notes_tx, notes_rx) = tokio::sync::mpsc::unbounded_channel();
    let ctl = Arc::new(EventCtl {
        id: watch::channel(Signal::Wait).0,
        info: watch::channel(Signal::Wait).0,
        notes: notes_tx,
        decks,
        prefix: format!("lt{:06x}", random_suffix() & 0xff_ffff),
    });
    let rounds = swiss_rounds(opts.players);
    let gate = Arc::new(Semaphore::new(opts.connect_parallel.max(1)));
    let start = Instant::now();
    let mut tasks = Vec::new();
    let mut notes_rx = Some(notes_rx);
    for i in 0..opts.players {
        let (opts, shared, gate, ctl) = (opts.clone(), shared.clone(), gate.clone(), ctl.clone());
        let organizer = if i == 0 { notes_rx.take() } else { None };
        tasks.push(tokio::spawn(async move {
            let r = event_player(i, &opts, &shared, &gate, &ctl, organizer, rounds).await;
            if let Err(e) = r {
                shared.error(format!("player {i}: {e}"));
                let _ = ctl.notes.send(Note::Gone);
                if i == 0 {
                    // Without its organizer the event stops: the players waiting for a round stop too.
                    ctl.info.send_replace(Signal::Stop);
                    ctl.id.send_if_modified(|id| {
                        let waiting = matches!(id, Signal::Wait);
                        if waiting {
                            *id = Signal::Stop;
                        }
                        waiting
                    });
                }
            }
        }));
    }
    join_by(tasks, opts.timeout, &shared, "the event").await;
    let seconds = start.elapsed().as_secs_f64();
    // The event as the server has it (over HTTP, as anyone may read it).
    let event_id = match &*ctl.id.borrow() {
        Signal::Go(id) => Some(id.clone()),
        _ => None,
    };
    let mut info = None;
    if let Some(id) = &event_id {
        match crate::client::http_get(&opts.addr, &format!("/api/events/{id}")).await {
            Ok((200, body)) => match serde_json::from_str::<crate::event::EventInfo>(&body) {
                Ok(i) => info = Some(i),
                Err(e) => shared.error(format!("/api/events/{id}: unreadable ({e})")),
            },
            Ok((status, _)) => shared.error(format!("/api/events/{id}: HTTP {status}")),
            Err(e) => shared.error(format!("/api/events/{id}: {e}")),
        }
    }
    let replay = match &info {
        Some(i) => event_replay(&opts.addr, i).await,
        None => None,
    };
    let mut lat = std::mem::take(&mut *shared.latencies.lock().expect("lock"));
    lat.sort_by(|a, b| a.total_cmp(b));
    let pct = |p: f64| if lat.is_empty() { 0.0 } else { lat[((lat.len() - 1) as f64 * p).round() as usize] };
    let round = |x: f64| (x * 100.0).round() / 100.0;
    let first_error = shared.first_error.lock().expect("lock").clone();
    let played = |i: &crate::event::EventInfo, bye: bool| i.pairings.iter().filter(|p| p.done && p.b.is_none() == bye).count();
    Ok(EventReport {
        event_finished: info.as_ref().is_some_and(|i| i.status == crate::event::Status::Finished),
        event_id,
        format: opts.format.clone(),
        players: opts.players,
        rounds,
        rounds_played: info.as_ref().map_or(0, |i| i.round),
        matches: info.as_ref().map_or(0, |i| played(i, false)),
        byes: info.as_ref().map_or(0, |i| played(i, true)),
        errors: shared.errors.load(Ordering::Relaxed),
        p50_ms: round(pct(0.50)),
        p99_ms: round(pct(0.99)),
        max_ms: round(lat.last().copied().unwrap_or(0.0)),
        actions: lat.len(),
        think_ms: opts.think.as_millis() as u64,
        seconds: round(seconds),
        replay,
        server_peak_rss_kb: server_peak_rss_kb(&opts.addr).await,
        first_error,
    })
}

/// A stored duel of one of the event's matches (`/api/events/ID/duels`).
async fn event_replay(addr: &str, info: &crate::event::EventInfo) -> Option<String> {
    let (status, body) = crate::client::http_get(addr, &format!("/api/events/{}/duels", info.id)).await.ok()?;
    if status != 200 {
        return None;
    }
    let rows: Vec<serde_json::Value> = serde_json::from_str(&body).ok()?;
    rows.first()?.get("id")?.as_str().map(str::to_string)
}

/// Receives until an `event` message (the answer to an event request) or an `error`.
async fn event_answer(c: &mut Client) -> anyhow::Result<Result<crate::event::EventInfo, String>> {
    loop {
        match c.recv_timeout(Duration::from_secs(120)).await? {
            Some((_, ServerMsg::Event(e))) => return Ok(Ok(*e)),
            Some((_, ServerMsg::Error { code, message })) => return Ok(Err(format!("{code}: {message}"))),
            Some(_) => continue,
            None => anyhow::bail!("the server closed the connection"),
        }
    }
}

/// One player of the event: an account, a registration, then its match of every round.
/// Player 0 is also the organizer: it creates the event, waits for every registration,
/// and pairs each round once every match of the one before has been played.
async fn event_player(
    i: usize,
    opts: &EventOptions,
    shared: &Shared,
    gate: &Semaphore,
    ctl: &EventCtl,
    mut organizer: Option<tokio::sync::mpsc::UnboundedReceiver<Note>>,
    rounds: u32,
) -> anyhow::Result<()> {
    let name = format!("{}-{i}", ctl.prefix);
    let mut c = {
        let _permit = gate.acquire().await?;
        let mut c = Client::connect(&opts.addr).await?;
        c.hello().await?;
        c
    };
    // The account (password hashing is bounded on the server: `busy` is waited out).
    register_account(&mut c, &name, i, "player").await?;
    let id = if organizer.is_some() {
        c.send(&ClientMsg::CreateEvent {
            name: format!("Load test {}", ctl.prefix),
            format: opts.format.clone(),
            rounds,
            public_lists: true,
            grace_seconds: None,
            structure: None,
            settings: Default::default(),
        })
        .await?;
        let info = event_answer(&mut c).await?.map_err(|e| anyhow::anyhow!("create_event: {e}"))?;
        ctl.id.send_replace(Signal::Go(info.id.clone()));
        info.id
    } else {
        Signal::next(&mut ctl.id.subscribe(), |_| true).await?
    };
    let deck = DeckSource::Builtin { name: ctl.decks[i % ctl.decks.len()].clone() };
    c.send(&ClientMsg::EventRegister { event: id.clone(), deck }).await?;
    event_answer(&mut c).await?.map_err(|e| anyhow::anyhow!("event_register: {e}"))?;
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed.wrapping_mul(1_000_003).wrapping_add(i as u64));
    let mut lat = Vec::new();
    let r = if let Some(notes) = organizer.as_mut() {
        organize(&mut c, opts, ctl, notes, &id, rounds, &name, &mut rng, &mut lat).await
    } else {
        let _ = ctl.notes.send(Note::Registered);
        let mut rx = ctl.info.subscribe();
        let mut seen_round = 0;
        loop {
            let info = match Signal::next(&mut rx, |i| i.round > seen_round || i.status == crate::event::Status::Finished).await {
                Ok(i) => i,
                Err(e) => break Err(e),
            };
            if info.status == crate::event::Status::Finished && info.round <= seen_round {
                break Ok(());
            }
            seen_round = info.round;
            if let Err(e) = play_pairing(&mut c, opts, &info, &name, &mut rng, &mut lat, false).await {
                break Err(e);
            }
            let _ = ctl.notes.send(Note::RoundDone);
        }
    };
    shared.latencies.lock().expect("lock").extend(lat);
    c.close().await;
    r
}

#[allow(clippy::too_many_arguments)]
async fn organize(
    c: &mut Client,
    opts: &EventOptions,
    ctl: &EventCtl,
    notes: &mut tokio::sync::mpsc::UnboundedReceiver<Note>,
    id: &str,
    rounds: u32,
    name: &str,
    rng: &mut ChaCha8Rng,
    lat: &mut Vec<f64>,
) -> anyhow::Result<()> {
    let others = opts.players - 1;
    let (mut registered, mut gone) = (0, 0);
    while registered + gone < others {
        match notes.recv().await {
            Some(Note::Registered) => registered += 1,
            Some(Note::Gone) => gone += 1,
            Some(Note::RoundDone) | None => {}
        }
    }
    if gone > 0 {
        anyhow::bail!("{gone} player(s) failed before the first round");
    }
    for round in 1..=rounds {
        // The last results are recorded as the rooms close: a pairing asked for a moment
        // too early is asked again.
        let mut tries = 0;
        let info = loop {
            c.send(&ClientMsg::EventPair { event: id.to_string() }).await?;
            match event_answer(c).await? {
                Ok(info) => break info,
                Err(e) if e.contains("to finish") && tries < 300 => {
                    tries += 1;
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                Err(e) => anyhow::bail!("event_pair (round {round}): {e}"),
            }
        };
        if info.round != round {
            anyhow::bail!("event_pair: round {} paired, {round} expected", info.round);
        }
        ctl.info.send_replace(Signal::Go(Arc::new(info.clone())));
        play_pairing(c, opts, &info, name, rng, lat, false).await?;
        let mut done = 0;
        while done + gone < others {
            match notes.recv().await {
                Some(Note::RoundDone) => done += 1,
                Some(Note::Gone) => gone += 1,
                Some(Note::Registered) | None => {}
            }
        }
        if gone > 0 {
            anyhow::bail!("{gone} player(s) failed in round {round}");
        }
    }
    // The last round's results, then the final standings.
    let mut tries = 0;
    let last = loop {
        c.send(&ClientMsg::EventGet { event: id.to_string() }).await?;
        let info = event_answer(c).await?.map_err(|e| anyhow::anyhow!("event_get: {e}"))?;
        if info.status == crate::event::Status::Finished || tries >= 300 {
            break info;
        }
        tries += 1;
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    ctl.info.send_replace(Signal::Go(Arc::new(last.clone())));
    if last.status != crate::event::Status::Finished {
        anyhow::bail!("the event is {} after its last round", last.status.as_str());
    }
    if last.standings.len() != opts.players {
        anyhow::bail!("the final standings have {} lines for {} players", last.standings.len(), opts.players);
    }
    Ok(())
}

/// The shortest time between two actions of an event's player: 40 a second at most, under
/// the server's default rate bound.
const MIN_GAP: Duration = Duration::from_millis(25);

/// Plays this player's match of the event's current round (nothing for a bye): asks for
/// its room (the first of the two opens it, the other joins), answers with random legal
/// actions to the end of the match (`keen`: see [`keen_pick`]), leaves.
#[allow(clippy::too_many_arguments)]
async fn play_pairing(
    c: &mut Client,
    opts: &EventOptions,
    info: &crate::event::EventInfo,
    name: &str,
    rng: &mut ChaCha8Rng,
    lat: &mut Vec<f64>,
    keen: bool,
) -> anyhow::Result<()> {
    let mine = info.pairings.iter().find(|p| p.round == info.round && (p.a == name || p.b.as_deref() == Some(name)));
    let Some(p) = mine else { anyhow::bail!("{name} has no pairing in round {}", info.round) };
    if p.b.is_none() || p.done {
        return Ok(());
    }
    c.send(&ClientMsg::EventPlay { event: info.id.clone() }).await?;
    let seat = loop {
        match c.recv_timeout(Duration::from_secs(120)).await? {
            Some((_, ServerMsg::Joined { seat, .. })) => break seat,
            Some((_, ServerMsg::Error { code, message })) => anyhow::bail!("event_play (round {}): {code}: {message}", info.round),
            Some(_) => continue,
            None => anyhow::bail!("the server closed the connection"),
        }
    };
    let mut sent: Option<Instant> = None;
    let mut last_send: Option<Instant> = None;
    loop {
        let Some(text) = c.recv_text(Duration::from_secs(120)).await? else { anyhow::bail!("the server closed the connection mid-match") };
        let msg: Lite = serde_json::from_str(&text).map_err(|e| anyhow::anyhow!("unreadable server message ({e})"))?;
        match msg.kind.as_str() {
            "state" => {
                if let Some(t) = sent.take() {
                    lat.push(t.elapsed().as_secs_f64() * 1000.0);
                }
                // A rewind a judge proposed is accepted (the other player decides it).
                let mine = match seat.as_deref() {
                    Some("A") => Some(0),
                    Some("B") => Some(1),
                    _ => None,
                };
                if let (Some(r), Some(i)) = (&msg.rewind, mine) {
                    if !r.accepted[i] {
                        c.send(&ClientMsg::RewindAnswer { accept: true }).await?;
                        continue;
                    }
                }
                if msg.actions.is_empty() {
                    continue;
                }
                let i = if keen { keen_pick(&msg.actions, rng) } else { rng.random_range(0..msg.actions.len()) };
                let text = msg.actions[i].text.clone();
                if !opts.think.is_zero() {
                    tokio::time::sleep(opts.think).await;
                }
                // Within the server's default rate bound (50 messages a second).
                if let Some(wait) = last_send.and_then(|t| MIN_GAP.checked_sub(t.elapsed())) {
                    tokio::time::sleep(wait).await;
                }
                sent = Some(Instant::now());
                last_send = sent;
                c.send(&ClientMsg::Action { text }).await?;
            }
            "result" if msg.match_over => break,
            // An answer made stale by the opponent's move: the next frame is answered.
            "error" if msg.code.as_deref() == Some("rejected") => sent = None,
            "error" => anyhow::bail!("server error {}: {}", msg.code.unwrap_or_default(), msg.message.unwrap_or_default()),
            _ => {}
        }
    }
    c.send(&ClientMsg::Leave).await?;
    Ok(())
}

/// `ygo loadtest --join-event ID --clients N`: N protocol clients join an event someone
/// else organizes (a browser test's event): each makes an account, registers one of the
/// format's legal built-in decks, then plays every match the event gives it (random legal
/// actions, accepting a judge's rewind) until the event is finished.
#[derive(Clone, Debug)]
pub struct JoinOptions {
    pub addr: String,
    pub event: String,
    pub clients: usize,
    pub think: Duration,
    pub seed: u64,
    pub timeout: Duration,
}

#[derive(Clone, Debug, Serialize)]
pub struct JoinReport {
    pub event_id: String,
    pub clients: usize,
    /// Clients whose registration the server accepted.
    pub registered: u64,
    /// Matches these clients played to their end (a match between two of them counts twice).
    pub matches_played: u64,
    /// The event reached `finished` before the clients stopped.
    pub event_finished: bool,
    pub errors: u64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub actions: usize,
    pub seconds: f64,
    /// The clients' account names.
    pub names: Vec<String>,
    pub first_error: Option<String>,
}

pub fn run_join_command(opts: JoinOptions) -> anyhow::Result<i32> {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let report = rt.block_on(run_join(opts))?;
    println!("{}", serde_json::to_string(&report)?);
    Ok(if report.event_finished && report.errors == 0 { 0 } else { 1 })
}

#[derive(Default)]
struct JoinShared {
    registered: AtomicU64,
    matches: AtomicU64,
    finished: std::sync::atomic::AtomicBool,
}

pub async fn run_join(opts: JoinOptions) -> anyhow::Result<JoinReport> {
    check_server(&opts.addr).await?;
    if opts.clients == 0 {
        anyhow::bail!("--clients: at least 1");
    }
    let (status, body) = crate::client::http_get(&opts.addr, &format!("/api/events/{}", opts.event)).await?;
    if status != 200 {
        anyhow::bail!("--join-event {}: HTTP {status}: {body}", opts.event);
    }
    let info: crate::event::EventInfo = serde_json::from_str(&body).map_err(|e| anyhow::anyhow!("/api/events/{}: unreadable ({e})", opts.event))?;
    let decks = event_decks(&info.format)?;
    let prefix = format!("lj{:06x}", random_suffix() & 0xff_ffff);
    let names: Vec<String> = (0..opts.clients).map(|i| format!("{prefix}-{i}")).collect();
    let shared = Arc::new(Shared::default());
    let joined = Arc::new(JoinShared::default());
    let start = Instant::now();
    let mut tasks = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let (opts, shared, joined, name) = (opts.clone(), shared.clone(), joined.clone(), name.clone());
        let deck = decks[i % decks.len()].clone();
        let id = info.id.clone();
        tasks.push(tokio::spawn(async move {
            if let Err(e) = join_player(i, &opts, &shared, &joined, &id, &name, deck).await {
                shared.error(format!("{name}: {e}"));
            }
        }));
    }
    join_by(tasks, opts.timeout, &shared, "the event").await;
    let mut lat = std::mem::take(&mut *shared.latencies.lock().expect("lock"));
    lat.sort_by(|a, b| a.total_cmp(b));
    let pct = |p: f64| if lat.is_empty() { 0.0 } else { lat[((lat.len() - 1) as f64 * p).round() as usize] };
    let round = |x: f64| (x * 100.0).round() / 100.0;
    let first_error = shared.first_error.lock().expect("lock").clone();
    Ok(JoinReport {
        event_id: info.id,
        clients: opts.clients,
        registered: joined.registered.load(Ordering::Relaxed),
        matches_played: joined.matches.load(Ordering::Relaxed),
        event_finished: joined.finished.load(Ordering::Relaxed),
        errors: shared.errors.load(Ordering::Relaxed),
        p50_ms: round(pct(0.50)),
        p99_ms: round(pct(0.99)),
        actions: lat.len(),
        seconds: round(start.elapsed().as_secs_f64()),
        names,
        first_error,
    })
}

/// A keen player's choice: a direct attack, an attack, a summon, attack position, the
/// Battle Phase, a zone, the End Phase, passing (each class nine times in ten when offered),
/// else any action. Duels end sooner than with uniform choices (as a browser test's players
/// play), every choice still a legal action.
fn keen_pick(actions: &[LiteAction], rng: &mut ChaCha8Rng) -> usize {
    let classes: [fn(&str) -> bool; 8] = [
        |t| t.starts_with("attack ") && t.ends_with(" directly"),
        |t| t.starts_with("attack "),
        |t| ["normal summon", "tribute summon", "special summon", "flip summon"].iter().any(|p| t.starts_with(p)),
        |t| matches!(t, "position atk" | "first" | "ready"),
        |t| t.starts_with("battle phase"),
        |t| t.starts_with("zone "),
        |t| t.starts_with("end phase"),
        |t| t.starts_with("pass"),
    ];
    for class in classes {
        let pool: Vec<usize> = (0..actions.len()).filter(|&i| class(&actions[i].text)).collect();
        if !pool.is_empty() && rng.random_bool(0.9) {
            return pool[rng.random_range(0..pool.len())];
        }
    }
    rng.random_range(0..actions.len())
}

/// Creates client `i`'s account `name`, waiting out the server's `busy` answers (password
/// hashing is bounded there); `who` names the count the server's limits must allow.
async fn register_account(c: &mut Client, name: &str, i: usize, who: &str) -> anyhow::Result<()> {
    let mut tries = 0;
    loop {
        c.send(&ClientMsg::Register { name: name.to_string(), password: format!("{name}-password") }).await?;
        match c.recv_timeout(Duration::from_secs(120)).await? {
            Some((_, ServerMsg::Session { .. })) => return Ok(()),
            Some((_, ServerMsg::Error { code, .. })) if code == "busy" && tries < 100 => {
                tries += 1;
                tokio::time::sleep(Duration::from_millis(200 + 50 * i as u64 % 500)).await;
            }
            Some((_, ServerMsg::Error { code, message })) => {
                anyhow::bail!("register {name}: {code}: {message} (the server needs --max-accounts-per-hour 0 or at least the {who} count)")
            }
            Some(_) => continue,
            None => anyhow::bail!("the server closed the connection"),
        }
    }
}

/// How often a joined client asks for the event while it waits for its next pairing.
const JOIN_POLL: Duration = Duration::from_millis(250);

async fn join_player(i: usize, opts: &JoinOptions, shared: &Shared, joined: &JoinShared, id: &str, name: &str, deck: String) -> anyhow::Result<()> {
    let mut c = Client::connect(&opts.addr).await?;
    c.hello().await?;
    register_account(&mut c, name, i, "client").await?;
    c.send(&ClientMsg::EventRegister { event: id.to_string(), deck: DeckSource::Builtin { name: deck } }).await?;
    event_answer(&mut c).await?.map_err(|e| anyhow::anyhow!("event_register: {e}"))?;
    joined.registered.fetch_add(1, Ordering::Relaxed);
    let event_opts = EventOptions {
        addr: opts.addr.clone(),
        players: opts.clients,
        format: String::new(),
        think: opts.think,
        seed: opts.seed,
        timeout: opts.timeout,
        connect_parallel: 1,
    };
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed.wrapping_mul(1_000_003).wrapping_add(i as u64));
    let mut lat = Vec::new();
    let key = crate::db::name_key(name);
    let mut played_round = 0;
    let r = loop {
        c.send(&ClientMsg::EventGet { event: id.to_string() }).await?;
        let info = match event_answer(&mut c).await? {
            Ok(info) => info,
            Err(e) => break Err(anyhow::anyhow!("event_get: {e}")),
        };
        if info.status == crate::event::Status::Finished {
            joined.finished.store(true, Ordering::Relaxed);
            break Ok(());
        }
        let mine = info
            .pairings
            .iter()
            .find(|p| p.round == info.round && (crate::db::name_key(&p.a) == key || p.b.as_deref().map(crate::db::name_key).as_deref() == Some(key.as_str())));
        let due = info.round > played_round && mine.is_some_and(|p| !p.done && p.b.is_some());
        if info.round > played_round && mine.is_some_and(|p| p.done || p.b.is_none()) {
            played_round = info.round;
        }
        if due {
            if let Err(e) = play_pairing(&mut c, &event_opts, &info, name, &mut rng, &mut lat, true).await {
                break Err(e);
            }
            joined.matches.fetch_add(1, Ordering::Relaxed);
            played_round = info.round;
        } else {
            tokio::time::sleep(JOIN_POLL).await;
        }
    };
    shared.latencies.lock().expect("lock").extend(lat);
    c.close().await;
    r
}

#[cfg(test)]
mod tests {
    #[test]
    fn swiss_rounds_are_ceil_log2() {
        let got: Vec<u32> = [2, 3, 4, 5, 8, 9, 63, 64, 65].iter().map(|&n| super::swiss_rounds(n)).collect();
        assert_eq!(got, [1, 2, 2, 3, 3, 4, 6, 6, 7]);
    }

    #[test]
    fn goat_players_register_goat_decks() {
        let decks = super::event_decks("goat").unwrap();
        assert!(decks.len() > 1 && decks.iter().all(|d| ygo_cards::decks::format_of(d) == Some("goat")), "{decks:?}");
        assert!(super::event_decks("nosuchformat").is_err());
    }
}
