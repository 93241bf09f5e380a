//! One WebSocket per client: the Origin check on upgrade, the `hello` version handshake,
//! size and rate bounds, and the routing of messages to the lobby and rooms.

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{mpsc, oneshot};
use ygo_core::Edition;
use ygo_match::SideRequest;

use crate::guard::Gate;
use crate::protocol::{ClientMsg, DeckSource, JudgeAction, RoomOptions, ServerMsg, PROTOCOL_VERSION};
use crate::room::{Entrant, Here, JudgeCmd, Member, Room, RoomHandle, RoomMsg};
use crate::AppState;

/// Frames queued for one client before it counts as gone (it reconnects with its token).
const OUTBOX: usize = 1024;
/// Dropped (rate-limited) messages after which the connection is closed.
const MAX_DROPPED: u32 = 200;
/// How long a closing connection reads on, waiting for the client's close.
const CLOSE_DRAIN: Duration = Duration::from_secs(2);

/// The WebSocket upgrade: a browser page from another origin is refused (403), and so is a
/// connection past `--max-conns-per-addr` from one address (429).
pub async fn upgrade(ws: WebSocketUpgrade, headers: HeaderMap, ConnectInfo(peer): ConnectInfo<SocketAddr>, State(state): State<Arc<AppState>>) -> Response {
    if let Err(why) = check_origin(&headers, &state.origins) {
        return (StatusCode::FORBIDDEN, why).into_response();
    }
    if state.shutting_down.load(Ordering::SeqCst) {
        return (StatusCode::SERVICE_UNAVAILABLE, "the server is shutting down").into_response();
    }
    let ip = peer.ip();
    if !state.conns.open(ip, state.config.max_conns_per_addr) {
        return (StatusCode::TOO_MANY_REQUESTS, format!("at most {} connections from one address", state.config.max_conns_per_addr)).into_response();
    }
    // The transport cuts far larger messages; the protocol's own bound answers in words.
    let transport_limit = state.config.max_message * 4;
    // Small read chunks: tungstenite zeroes its read buffer in chunks of this size, and
    // client messages are a few hundred bytes (the 128 KiB default cost 13% of the load
    // test's server time in memset).
    let st = state.clone();
    let ws = ws.read_buffer_size(8 * 1024).max_message_size(transport_limit).max_frame_size(transport_limit).on_failed_upgrade(move |_| st.conns.close(ip));
    ws.on_upgrade(move |socket| async move {
        connection(socket, state.clone(), ip).await;
        state.conns.close(ip);
    })
}

/// Browsers always send `Origin` on a WebSocket upgrade; it must be one of `allowed` (the
/// server's own origins, from `--public-origin` or the listening address, and
/// `--allow-origin`: never the request's `Host`, which a DNS-rebinding page sets). Clients
/// that send none (the load test, command-line tools) are not browsers and pass.
pub fn check_origin(headers: &HeaderMap, allowed: &[String]) -> Result<(), String> {
    let Some(origin) = headers.get(header::ORIGIN) else { return Ok(()) };
    let origin = origin.to_str().map_err(|_| "unreadable Origin header".to_string())?;
    if allowed.iter().any(|a| a.eq_ignore_ascii_case(origin)) {
        Ok(())
    } else {
        Err(format!("WebSocket connections from origin {origin} are not allowed"))
    }
}

/// The rate bound: `rate` frames a second on average, bursts of `burst`.
pub(crate) struct Bucket {
    tokens: f64,
    last: Instant,
    rate: f64,
    burst: f64,
    dropped: u32,
}

impl Bucket {
    pub(crate) fn new(rate: f64, burst: f64, now: Instant) -> Bucket {
        Bucket { tokens: burst, last: now, rate, burst, dropped: 0 }
    }

    /// Counts one inbound frame at `now`: false when it is past the bound.
    pub(crate) fn take(&mut self, now: Instant) -> bool {
        self.tokens = (self.tokens + now.saturating_duration_since(self.last).as_secs_f64() * self.rate).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            self.dropped += 1;
            false
        }
    }
}

struct Conn {
    id: u64,
    ip: IpAddr,
    tx: mpsc::Sender<Utf8Bytes>,
    state: Arc<AppState>,
    hello: bool,
    account: Option<String>,
    room: Option<(RoomHandle, Option<String>)>,
    /// The room this connection is in now, as its memberships see it.
    here: Here,
}

/// Why the read loop stopped.
enum End {
    /// The client closed or vanished.
    Gone,
    /// The server closes after telling the client why (the error is queued).
    Close,
}

async fn connection(socket: WebSocket, state: Arc<AppState>, ip: IpAddr) {
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::channel::<Utf8Bytes>(OUTBOX);
    let (stop, mut stopped) = oneshot::channel::<()>();
    let ping_every = (state.config.idle_timeout / 3).max(Duration::from_millis(10));
    let writer = tokio::spawn(async move {
        let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + ping_every, ping_every);
        loop {
            tokio::select! {
                m = rx.recv() => match m {
                    Some(text) => if sink.send(Message::Text(text)).await.is_err() { return },
                    None => break,
                },
                _ = &mut stopped => {
                    // What is queued (the error that says why) goes out before the close.
                    while let Ok(text) = rx.try_recv() {
                        if sink.send(Message::Text(text)).await.is_err() {
                            return;
                        }
                    }
                    break;
                }
                // A ping the browser answers by itself: a page that is open is not idle.
                _ = ping.tick() => if sink.send(Message::Ping(Default::default())).await.is_err() { return },
            }
        }
        let _ = sink.close().await;
    });
    let config = &state.config;
    let mut bucket = Bucket::new(config.rate_per_sec, config.burst, Instant::now());
    let mut c = Conn { id: state.conn_id(), ip, tx, state: state.clone(), hello: false, account: None, room: None, here: Here::default() };
    let end = loop {
        let wait = if c.hello { config.idle_timeout } else { config.handshake_timeout };
        let msg = match tokio::time::timeout(wait, stream.next()).await {
            Ok(Some(Ok(m))) => m,
            Ok(_) => break End::Gone,
            Err(_) => {
                let why = if c.hello {
                    format!("nothing received for {} s: closing", wait.as_secs())
                } else {
                    format!("no hello within {} s: closing", wait.as_secs())
                };
                c.send(&ServerMsg::error("timeout", why));
                break End::Close;
            }
        };
        if let Message::Close(_) = msg {
            break End::Gone;
        }
        // Every frame counts against the bound: text, binary, ping and pong.
        if !bucket.take(Instant::now()) {
            if bucket.dropped > MAX_DROPPED {
                c.send(&ServerMsg::error("rate", format!("more than {MAX_DROPPED} messages past the rate bound: closing")));
                break End::Close;
            }
            c.send(&ServerMsg::error("rate", format!("too many messages: at most {} a second; this one was dropped", config.rate_per_sec)));
            continue;
        }
        let text = match msg {
            Message::Text(t) => t,
            Message::Binary(_) => {
                c.send(&ServerMsg::error("format", "messages are JSON text frames"));
                continue;
            }
            _ => continue,
        };
        if text.len() > config.max_message {
            c.send(&ServerMsg::error("size", format!("a message has at most {} bytes (this one had {})", config.max_message, text.len())));
            break End::Close;
        }
        if !c.on_text(&text).await {
            break End::Close;
        }
    };
    c.leave_room(false).await;
    drop(c);
    let _ = stop.send(());
    let _ = writer.await;
    if matches!(end, End::Close) {
        // Read what the client still sends until it answers the close (or a moment passes):
        // closing with unread data would reset the connection and lose the error.
        let _ = tokio::time::timeout(CLOSE_DRAIN, async { while let Some(Ok(_)) = stream.next().await {} }).await;
    }
}

impl Conn {
    fn send(&self, msg: &ServerMsg) {
        let _ = self.tx.try_send(msg.to_json().into());
    }

    fn member(&self, code: &str) -> Member {
        Member::new(self.id, self.tx.clone(), self.here.clone(), code)
    }

    /// Handles one message; false closes the connection.
    async fn on_text(&mut self, text: &str) -> bool {
        let msg: ClientMsg = match serde_json::from_str(text) {
            Ok(m) => m,
            Err(e) => {
                // A client of another version may send messages this one does not know:
                // say which version this server speaks.
                let code = if self.hello { "format" } else { "hello" };
                self.send(&ServerMsg::error(code, format!("unreadable message ({e}); this server speaks protocol version {PROTOCOL_VERSION}")));
                return self.hello;
            }
        };
        if !self.hello {
            return match msg {
                ClientMsg::Hello { version } if version == PROTOCOL_VERSION => {
                    self.hello = true;
                    self.send(&ServerMsg::Welcome {
                        version: PROTOCOL_VERSION,
                        server: format!("ygo {}", env!("CARGO_PKG_VERSION")),
                        decks: crate::decks::builtin_names(),
                        ais: ygo_ai::AI_NAMES.iter().map(|s| s.to_string()).collect(),
                        formats: match &self.state.config.only_format {
                            Some(f) => vec![f.clone()],
                            None => crate::formats::FORMATS.iter().map(|s| s.to_string()).collect(),
                        },
                        editions: Edition::ALL.iter().map(|e| e.name().to_string()).collect(),
                    });
                    true
                }
                ClientMsg::Hello { version } => {
                    self.send(&ServerMsg::error(
                        "version",
                        format!("this server speaks protocol version {PROTOCOL_VERSION}, your client speaks version {version}: reload the page to get the matching client"),
                    ));
                    false
                }
                _ => {
                    self.send(&ServerMsg::error("hello", format!("send {{\"type\":\"hello\",\"version\":{PROTOCOL_VERSION}}} first")));
                    false
                }
            };
        }
        match msg {
            ClientMsg::Hello { .. } => self.send(&ServerMsg::error("hello", "hello was already said")),
            ClientMsg::Register { name, password } => {
                if let Err(wait) = self.state.accounts.take(self.ip, self.state.config.max_accounts_per_hour, Instant::now()) {
                    let max = self.state.config.max_accounts_per_hour;
                    let minutes = wait.as_secs().div_ceil(60).max(1);
                    self.send(&ServerMsg::error(
                        "quota",
                        format!("this address has created {max} accounts this hour, as many as the server allows: try again in {minutes} minutes"),
                    ));
                    return true;
                }
                let r = self.state.db.register(&name, &password).await;
                self.session(r).await;
            }
            ClientMsg::Login { name, password } => {
                let r = self.login(&name, &password).await;
                self.session(r).await;
            }
            ClientMsg::CreateRoom { options, deck, name } => {
                if let Err(e) = self.create_room(options, deck, name).await {
                    self.send(&ServerMsg::error("room", e));
                }
            }
            ClientMsg::JoinRoom { code, deck, name } => {
                if let Err(e) = self.join_room(&code, deck, name).await {
                    self.send(&ServerMsg::error("room", e));
                }
            }
            ClientMsg::Spectate { code } => {
                if let Err(e) = self.spectate(&code).await {
                    self.send(&ServerMsg::error("room", e));
                }
            }
            ClientMsg::Resume { code, token } => {
                let t = token.clone();
                match self.enter(&code, move |member, reply| RoomMsg::Resume { member, token: t, reply }).await {
                    Ok((h, _)) => self.moved_to(h, Some(token)).await,
                    Err(e) => self.send(&ServerMsg::error("resume", e)),
                }
            }
            ClientMsg::Action { text } => self.to_room(|conn, from, token| RoomMsg::Action { conn, from, token, text }).await,
            ClientMsg::Side { out, into } => self.to_room(|conn, from, token| RoomMsg::Side { conn, from, token, req: SideRequest { out, into } }).await,
            ClientMsg::Chat { text } => match &self.room {
                Some((h, _)) => {
                    let _ = h.tx.send(RoomMsg::Chat { conn: self.id, text }).await;
                }
                None => self.send(&ServerMsg::error("room", "you are in no room")),
            },
            ClientMsg::RewindAnswer { accept } => self.to_room(|conn, from, token| RoomMsg::RewindAnswer { conn, from, token, accept }).await,
            ClientMsg::Leave => self.leave_room(true).await,
            ClientMsg::CreateEvent { name, format, rounds, public_lists, grace_seconds, structure, settings } => {
                let r = self.create_event(&name, &format, rounds, public_lists, grace_seconds, structure, settings).await;
                self.event_answer(r).await;
            }
            ClientMsg::EventRegister { event, deck } => {
                let r = self.event_register(&event, deck).await;
                self.event_answer(r).await;
            }
            ClientMsg::EventDrop { event } => {
                let r = self.event_drop(&event).await;
                self.event_answer(r).await;
            }
            ClientMsg::EventPair { event } => {
                let r = self.event_pair(&event).await;
                self.event_answer(r).await;
            }
            ClientMsg::EventPlay { event } => {
                let state = self.state.clone();
                let _one_at_a_time = state.event_rooms.lock().await;
                if let Err(e) = self.event_play(&event, true).await {
                    self.send(&ServerMsg::error("event", e));
                }
            }
            ClientMsg::EventGet { event } => self.event_answer(Ok(event)).await,
            ClientMsg::EventRepair { event, reason } => {
                let r = self.event_repair(&event, &reason).await;
                self.event_answer(r).await;
            }
            ClientMsg::EventJudgeAdd { event, name } => {
                let r = self.event_judge_add(&event, &name).await;
                self.event_answer(r).await;
            }
            ClientMsg::EventJudge { event, round, table, action, reason } => {
                let r = self.event_judge(&event, round, table, action, &reason).await;
                self.event_answer(r).await;
            }
        }
        true
    }

    /// Sends the event `r` names, or the error.
    async fn event_answer(&mut self, r: Result<String, String>) {
        let r = match r {
            Ok(id) => match self.state.db.event(&id).await {
                Ok(Some(snap)) => Ok(snap),
                Ok(None) => Err(format!("no event {id:?}")),
                Err(e) => Err(format!("the event could not be read: {e}")),
            },
            Err(e) => Err(e),
        };
        match r {
            Ok(snap) => self.send(&ServerMsg::Event(Box::new(snap.info()))),
            Err(e) => self.send(&ServerMsg::error("event", e)),
        }
    }

    fn event_account(&self) -> Result<String, String> {
        self.account.clone().ok_or_else(|| "log in to take part in events".to_string())
    }

    async fn load_event(&self, id: &str) -> Result<crate::event::Snapshot, String> {
        match self.state.db.event(id.trim()).await {
            Ok(Some(s)) => Ok(s),
            Ok(None) => Err(format!("no event {:?}", id.trim())),
            Err(e) => Err(format!("the event could not be read: {e}")),
        }
    }

    async fn create_event(
        &mut self,
        name: &str,
        format: &str,
        rounds: u32,
        public_lists: bool,
        grace: Option<u32>,
        structure: Option<crate::event::Structure>,
        settings: crate::event::EventSettings,
    ) -> Result<String, String> {
        let account = self.event_account()?;
        let structure = structure.unwrap_or_default();
        let settings = settings.check()?;
        let name = crate::event::check_new(name, rounds, structure)?;
        let grace = crate::event::check_grace(grace)?;
        let format = crate::formats::resolve(format)?;
        if let Some(only) = self.state.config.only_format.as_ref().filter(|&f| *f != format.name) {
            return Err(format!("format {}: this server hosts only {only} events", format.name));
        }
        self.state
            .db
            .create_event(&name, &format.name, rounds, &account, public_lists, random_seed(), grace, structure, settings)
            .await
            .map_err(|e| format!("the event could not be saved: {e}"))
    }

    async fn event_register(&mut self, id: &str, deck: DeckSource) -> Result<String, String> {
        let account = self.event_account()?;
        let snap = self.load_event(id).await?;
        if let Some(t) = snap.event.registration_deadline.filter(|&t| crate::event::now_ms() / 1000 > t) {
            return Err(format!("registration is closed: the registration deadline (Unix time {t}) has passed"));
        }
        let format = crate::formats::resolve(&snap.event.format)?;
        let deck = crate::decks::resolve(&deck)?;
        crate::formats::check_deck(&format, &deck.main, &deck.extra, &deck.side)?;
        self.state.db.register_player(&snap.event.id, &account, &deck).await.map_err(|e| format!("the registration could not be saved: {e}"))??;
        Ok(snap.event.id)
    }

    async fn event_drop(&mut self, id: &str) -> Result<String, String> {
        let account = self.event_account()?;
        let snap = self.load_event(id).await?;
        if snap.event.status == crate::event::Status::Finished {
            return Err("the event is over".into());
        }
        match self.state.db.drop_player(&snap.event.id, &account).await {
            Ok(true) => Ok(snap.event.id),
            Ok(false) => Err("you are not registered in this event (or dropped already)".into()),
            Err(e) => Err(format!("the drop could not be saved: {e}")),
        }
    }

    async fn event_pair(&mut self, id: &str) -> Result<String, String> {
        let account = self.event_account()?;
        let snap = self.load_event(id).await?;
        let e = &snap.event;
        if crate::db::name_key(&account) != e.organizer {
            return Err("only the event's organizer pairs its rounds".into());
        }
        let open_ended = e.structure == crate::event::Structure::DoubleElimination;
        if e.status == crate::event::Status::Finished || (e.round > 0 && e.round >= e.rounds && !open_ended) {
            return Err(format!("the event has had its {} rounds", e.rounds));
        }
        if !snap.round_complete() {
            let open = snap.matches.iter().filter(|m| m.round == e.round && !m.done).count();
            return Err(format!("round {} still has {open} match(es) to finish", e.round));
        }
        let (pairings, rounds) = snap.pairings_of(e.round + 1)?;
        match self.state.db.store_round(&e.id, e.round, &pairings, rounds).await {
            Ok(true) => Ok(e.id.clone()),
            Ok(false) => Err(format!("round {} was paired already", e.round + 1)),
            Err(err) => Err(format!("the pairings could not be saved: {err}")),
        }
    }

    /// The organizer pairs the current round again (none of its matches started).
    async fn event_repair(&mut self, id: &str, reason: &str) -> Result<String, String> {
        let account = self.event_account()?;
        let snap = self.load_event(id).await?;
        let e = &snap.event;
        if crate::db::name_key(&account) != e.organizer {
            return Err("only the event's organizer re-pairs a round".into());
        }
        if e.status != crate::event::Status::Running {
            return Err("no round is being played".into());
        }
        let (tables, pairings, rounds) = snap.repairings(random_seed())?;
        let replaced: Vec<String> = snap.matches.iter().filter(|m| m.round == e.round && tables.contains(&m.table)).map(|m| pairing_text(&snap, m)).collect();
        let kept: Vec<String> = snap.matches.iter().filter(|m| m.round == e.round && !tables.contains(&m.table)).map(|m| pairing_text(&snap, m)).collect();
        match self.state.db.repair_round(&e.id, e.round, &tables, &pairings, rounds).await {
            Ok(true) => {}
            Ok(false) => return Err(format!("round {} cannot be re-paired: one of its matches has just started", e.round)),
            Err(err) => return Err(format!("the pairings could not be saved: {err}")),
        }
        let new: Vec<String> = pairings
            .iter()
            .map(|p| {
                let m = crate::event::Match {
                    round: p.round,
                    table: p.table,
                    a: p.a,
                    b: p.b,
                    done: false,
                    winner: None,
                    wins: [0, 0],
                    room: None,
                    match_id: None,
                    clock: None,
                    deadline_ms: None,
                };
                pairing_text(&snap, &m)
            })
            .collect();
        let mut detail = format!("round {} re-paired: {} (was {})", e.round, new.join(", "), replaced.join(", "));
        if !kept.is_empty() {
            detail.push_str(&format!("; started, kept: {}", kept.join(", ")));
        }
        let reason = crate::event::clean_reason(reason);
        self.state.db.log_event(&e.id, &account, "repair", None, &detail, &reason).await.map_err(|e| format!("the log could not be saved: {e}"))?;
        Ok(e.id.clone())
    }

    /// The organizer names a judge.
    async fn event_judge_add(&mut self, id: &str, name: &str) -> Result<String, String> {
        let account = self.event_account()?;
        let snap = self.load_event(id).await?;
        if crate::db::name_key(&account) != snap.event.organizer {
            return Err("only the event's organizer names its judges".into());
        }
        let judge = match self.state.db.account_name(name.trim()).await {
            Ok(Some(n)) => n,
            Ok(None) => return Err(format!("no account is named {:?}", name.trim())),
            Err(e) => return Err(format!("the account could not be read: {e}")),
        };
        let key = crate::db::name_key(&judge);
        if key == snap.event.organizer
            || !self.state.db.add_judge(&snap.event.id, &key, &judge).await.map_err(|e| format!("the judge could not be saved: {e}"))?
        {
            return Err(format!("{judge} judges this event already"));
        }
        self.state
            .db
            .log_event(&snap.event.id, &account, "judge_add", None, &format!("{judge} judges the event"), "")
            .await
            .map_err(|e| format!("the log could not be saved: {e}"))?;
        Ok(snap.event.id)
    }

    /// A judge acts on a match of the event (the organizer or a judge they named); the
    /// action goes to the event's log.
    async fn event_judge(&mut self, id: &str, round: Option<u32>, table: u32, action: JudgeAction, reason: &str) -> Result<String, String> {
        let account = self.event_account()?;
        let snap = self.load_event(id).await?;
        if !snap.is_judge(&crate::db::name_key(&account)) {
            return Err(format!("only the event's organizer or a judge they named may do that ({account} is neither)"));
        }
        let reason = crate::event::clean_reason(reason);
        let round = round.unwrap_or(snap.event.round);
        let m = snap.matches.iter().find(|m| m.round == round && m.table == table).ok_or_else(|| format!("round {round} has no table {table}"))?.clone();
        if m.done {
            return Err(format!("the match of round {round} table {table} is over"));
        }
        let Some(b) = m.b else { return Err(format!("round {round} table {table} is a bye")) };
        let player_of = |name: &str| {
            let key = crate::db::name_key(name);
            [m.a, b]
                .into_iter()
                .map(|e| &snap.players[e])
                .find(|p| p.name_key == key)
                .map(|p| (p.entry, p.name_key.clone(), p.name.clone()))
                .ok_or_else(|| format!("{} does not play round {round} table {table}", name.trim()))
        };
        let room = m.room.as_deref().and_then(|c| self.state.room(c));
        let (kind, cmd) = match action {
            JudgeAction::Watch => {
                let code = room.as_ref().map(|h| h.code.clone()).ok_or("the match's room is not open: nothing to watch yet")?;
                if !self.in_room(&code) {
                    self.spectate(&code).await?;
                }
                ("watch", None)
            }
            JudgeAction::Pause => ("pause", Some(JudgeCmd::Pause)),
            JudgeAction::Resume => ("resume", Some(JudgeCmd::Resume)),
            JudgeAction::AddTime { seconds } => {
                if seconds == 0 || seconds.unsigned_abs() > crate::event::MAX_ADD_SECS {
                    let max = crate::event::MAX_ADD_SECS;
                    return Err(format!("add_time seconds {seconds}: -{max} to {max}, not 0 (a negative amount takes time off)"));
                }
                ("add_time", Some(JudgeCmd::AddTime(i64::from(seconds))))
            }
            JudgeAction::AwardGame { player } => ("award_game", Some(JudgeCmd::AwardGame { key: player_of(&player)?.1 })),
            JudgeAction::AwardMatch { player } => {
                let (_, key, name) = player_of(&player)?;
                ("award_match", Some(JudgeCmd::AwardMatch { key, name }))
            }
            JudgeAction::Rewind { step } => ("rewind_proposed", Some(JudgeCmd::Rewind { step, judge: account.clone() })),
        };
        if kind.starts_with("award") && reason.is_empty() {
            return Err("an award needs a written reason".into());
        }
        let detail = match (cmd, room) {
            (None, _) => "watching".to_string(),
            (Some(cmd), Some(h)) => {
                let (tx, rx) = oneshot::channel();
                h.tx.send(RoomMsg::Judge { cmd, reason: reason.clone(), reply: tx }).await.map_err(|_| "the match's room has closed".to_string())?;
                rx.await.map_err(|_| "the match's room has closed".to_string())??
            }
            (Some(JudgeCmd::AwardMatch { key, name }), None) => {
                // Nobody has opened the room: the result goes to the event at once.
                let i = usize::from(snap.players[m.a].name_key != key);
                let wins = if i == 0 { [2, 0] } else { [0, 2] };
                let winner = if i == 0 { m.a } else { b };
                let recorded = self
                    .state
                    .db
                    .record_pairing(&snap.event.id, round, table, Some(winner), wins, &crate::room::random_token())
                    .await
                    .map_err(|e| format!("the result could not be saved: {e}"))?;
                if !recorded {
                    return Err(format!("the match of round {round} table {table} is over"));
                }
                format!("{name} wins the match 2-0 (not played)")
            }
            (Some(_), None) => return Err("the match's room is not open: its clock has not started".into()),
        };
        self.state
            .db
            .log_event(&snap.event.id, &account, kind, Some((round, table)), &detail, &reason)
            .await
            .map_err(|e| format!("the log could not be saved: {e}"))?;
        Ok(snap.event.id)
    }

    /// Opens the room of this account's current match (best of 3, the event's format,
    /// unrated, the registered deck), or joins it when the opponent opened it first.
    async fn event_play(&mut self, id: &str, retry: bool) -> Result<(), String> {
        let account = self.event_account()?;
        let snap = self.load_event(id).await?;
        let key = crate::db::name_key(&account);
        let me = snap.player(&key).ok_or("you are not registered in this event")?.clone();
        let m = snap.current_match(&key).ok_or("you have no match to play in this round")?.clone();
        let Some(b) = m.b else { return Err("you have a bye this round".into()) };
        let deck = me.deck.clone();
        if let Some(code) = m.room.as_deref().filter(|c| self.state.room(c).is_some()) {
            let entrant = Entrant { name: account.clone(), account: Some(account.clone()), deck };
            let (h, (_, token)) = self.enter(code, |member, reply| RoomMsg::Join { member, entrant, reply }).await?;
            self.moved_to(h, Some(token)).await;
            return Ok(());
        }
        if m.room.is_some() {
            // A room that closed without a result: forget it.
            let stale = m.room.clone().unwrap_or_default();
            let _ = self.state.db.close_pairing_room(&snap.event.id, m.round, m.table, &stale, None).await;
        }
        if self.state.shutting_down.load(Ordering::SeqCst) {
            return Err("the server is shutting down: no new rooms".into());
        }
        let format = crate::formats::resolve(&snap.event.format)?;
        let seat = crate::event::Seat {
            clock: m.clock,
            time: snap.event.match_settings.time(),
            natural_end: snap.event.match_settings.natural_end(),
            deadline_ms: m.deadline_ms,
            elimination: snap.stage(m.round) != crate::event::Stage::Swiss,
            event: snap.event.id.clone(),
            round: m.round,
            table: m.table,
            accounts: [snap.players[m.a].name_key.clone(), snap.players[b].name_key.clone()],
            entries: [m.a, b],
            grace_left: (snap.event.grace_secs > 0).then(|| {
                let until = snap.event.round_started_ms + snap.event.grace_secs as i64 * 1000;
                std::time::Duration::from_millis(until.saturating_sub(crate::event::now_ms()).max(0) as u64)
            }),
        };
        let options = RoomOptions { mode: "match".into(), format: format.name.clone(), ..RoomOptions::default() };
        self.leave_room(true).await;
        let entrant = Entrant { name: account.clone(), account: Some(account.clone()), deck };
        let (cid, tx, here) = (self.id, self.tx.clone(), self.here.clone());
        let state = self.state.clone();
        let mut token = String::new();
        let mut match_code = String::new();
        let edition = format.edition;
        let h = self.state.add_room(|code| {
            match_code = code.clone();
            let member = Member::new(cid, tx, here, &code);
            let (h, t) = Room::create(state, code, options, edition, entrant, member, None, Some(seat));
            token = t;
            h
        });
        let held = self.state.db.open_pairing_room(&snap.event.id, m.round, m.table, &h.code).await.map_err(|e| format!("the room could not be saved: {e}"))?;
        self.room = Some((h, Some(token)));
        if held.as_deref() != Some(match_code.as_str()) {
            // The opponent opened theirs at the same moment: leave this one, join theirs.
            self.leave_room(true).await;
            if retry {
                return Box::pin(self.event_play(id, false)).await;
            }
            return Err("the match's room changed while opening it: ask again".into());
        }
        Ok(())
    }

    /// A login, throttled: after a few failures for the name or from the address each
    /// answer waits longer, after more they are refused for a while.
    async fn login(&mut self, name: &str, password: &str) -> Result<String, String> {
        let name_key = format!("name:{}", crate::db::name_key(name));
        let addr_key = format!("addr:{}", self.ip);
        let keys = [name_key.as_str(), addr_key.as_str()];
        match self.state.throttle.gate(&keys, Instant::now()) {
            Gate::Go => {}
            Gate::Slow(d) => tokio::time::sleep(d).await,
            Gate::Locked(d) => {
                return Err(format!("too many failed logins for this name or from this address: try again in {} minutes", d.as_secs().div_ceil(60)));
            }
        }
        let r = self.state.db.login(name, password).await;
        match &r {
            Ok(_) => self.state.throttle.succeeded(&name_key),
            Err(e) if e != crate::db::BUSY => self.state.throttle.failed(&keys, Instant::now()),
            Err(_) => {}
        }
        r
    }

    async fn session(&mut self, r: Result<String, String>) {
        match r {
            Ok(name) => {
                let ratings = self.state.db.ratings(&name).await.unwrap_or_default();
                self.account = Some(name.clone());
                self.send(&ServerMsg::Session { name, ratings });
            }
            Err(e) if e == crate::db::BUSY => self.send(&ServerMsg::error("busy", e)),
            Err(e) => self.send(&ServerMsg::error("account", e)),
        }
    }

    /// A seat's name: the account's when logged in; a guest's own (not a registered
    /// account's name) or `guest-N`.
    async fn display_name(&self, name: Option<String>) -> Result<String, String> {
        match (&self.account, name) {
            (Some(a), _) => Ok(a.clone()),
            (None, Some(n)) if !n.trim().is_empty() => {
                let n = crate::db::check_name(&n)?;
                if crate::db::name_key(&n).starts_with("guest-") {
                    return Err("names starting with \"guest-\" are the server's names for guests".into());
                }
                match self.state.db.account_exists(&n).await {
                    Ok(false) => Ok(n),
                    Ok(true) => Err(format!("{n:?} is a registered account's name: log in to use it, or choose another")),
                    Err(e) => Err(format!("database error: {e}")),
                }
            }
            (None, _) => Ok(format!("guest-{}", self.id)),
        }
    }

    /// Whether this connection is in the room `code`.
    /// Watches a room.
    async fn spectate(&mut self, code: &str) -> Result<(), String> {
        if self.in_room(code) {
            return Err("you are in that room already".into());
        }
        let (h, ()) = self.enter(code, |member, reply| RoomMsg::Spectate { member, reply }).await?;
        self.moved_to(h, None).await;
        Ok(())
    }

    fn in_room(&self, code: &str) -> bool {
        self.room.as_ref().is_some_and(|(h, _)| h.code.eq_ignore_ascii_case(code.trim()))
    }

    /// The new room accepted this connection: it leaves the one it was in (if another).
    async fn moved_to(&mut self, h: RoomHandle, token: Option<String>) {
        let same = self.room.as_ref().is_some_and(|(old, _)| old.code == h.code);
        if !same {
            self.leave_room(true).await;
        }
        self.room = Some((h, token));
    }

    async fn create_room(&mut self, options: RoomOptions, deck: DeckSource, name: Option<String>) -> Result<(), String> {
        if !matches!(options.mode.as_str(), "single" | "match") {
            return Err(format!("mode {:?}: single or match", options.mode));
        }
        if ![8000, 4000, 2000].contains(&options.lp) {
            return Err(format!("lp {}: 8000, 4000 or 2000 (SETUP-1)", options.lp));
        }
        let format = crate::formats::resolve(&options.format)?;
        if let Some(only) = self.state.config.only_format.as_ref().filter(|&f| *f != format.name) {
            return Err(format!("format {}: this server hosts only {only} rooms", format.name));
        }
        let edition = match &options.edition {
            Some(e) => Edition::parse(e).ok_or_else(|| format!("unknown edition {e:?} ({})", Edition::ALL.map(|e| e.name()).join(", ")))?,
            None => format.edition,
        };
        let deck = crate::decks::resolve(&deck)?;
        crate::formats::check_deck(&format, &deck.main, &deck.extra, &deck.side)?;
        let ai = match &options.vs_ai {
            Some(ai) => {
                if options.rated {
                    return Err("a match against an AI is not rated".into());
                }
                let player = check_ai_budget(ai, &self.state.config)?.build(random_seed())?;
                let ai_deck = options.ai_deck.clone().unwrap_or_else(|| format.default_ai_deck().into());
                let d = crate::decks::resolve(&DeckSource::Builtin { name: ai_deck })?;
                crate::formats::check_deck(&format, &d.main, &d.extra, &d.side).map_err(|e| format!("the AI's deck: {e} (name a legal ai_deck)"))?;
                Some((ai.trim().to_ascii_lowercase(), player, d))
            }
            None => None,
        };
        if options.rated && self.account.is_none() {
            return Err("log in to create a rated room".into());
        }
        if self.state.shutting_down.load(Ordering::SeqCst) {
            return Err("the server is shutting down: no new rooms".into());
        }
        let name = self.display_name(name).await?;
        self.leave_room(true).await;
        let mut options = options;
        options.format = format.name.clone();
        let entrant = Entrant { name, account: self.account.clone(), deck };
        let (id, tx, here) = (self.id, self.tx.clone(), self.here.clone());
        let state = self.state.clone();
        let mut token = String::new();
        let h = self.state.add_room(|code| {
            let member = Member::new(id, tx, here, &code);
            let (h, t) = Room::create(state, code, options, edition, entrant, member, ai, None);
            token = t;
            h
        });
        self.room = Some((h, Some(token)));
        Ok(())
    }

    async fn join_room(&mut self, code: &str, deck: DeckSource, name: Option<String>) -> Result<(), String> {
        if self.in_room(code) {
            return Err("you are in that room already".into());
        }
        let deck = crate::decks::resolve(&deck)?;
        let name = self.display_name(name).await?;
        let entrant = Entrant { name, account: self.account.clone(), deck };
        let (h, (_, token)) = self.enter(code, |member, reply| RoomMsg::Join { member, entrant, reply }).await?;
        self.moved_to(h, Some(token)).await;
        Ok(())
    }

    /// Sends a request that puts this connection in a room and waits for the answer. The
    /// room it is in is left only once the new one has accepted ([`Conn::moved_to`]): a
    /// refused request changes nothing.
    async fn enter<T>(&mut self, code: &str, make: impl FnOnce(Member, oneshot::Sender<Result<T, String>>) -> RoomMsg) -> Result<(RoomHandle, T), String> {
        let h = self.state.room(code).ok_or_else(|| format!("no room {:?} (it may have ended)", code.trim()))?;
        let (reply, answer) = oneshot::channel();
        h.tx.send(make(self.member(&h.code), reply)).await.map_err(|_| "that room has closed".to_string())?;
        let t = answer.await.map_err(|_| "that room has closed".to_string())??;
        Ok((h, t))
    }

    async fn to_room(&self, make: impl FnOnce(u64, mpsc::Sender<Utf8Bytes>, String) -> RoomMsg) {
        match &self.room {
            Some((h, Some(token))) => {
                let _ = h.tx.send(make(self.id, self.tx.clone(), token.clone())).await;
            }
            Some((_, None)) => self.send(&ServerMsg::error("token", "spectators cannot act")),
            None => self.send(&ServerMsg::error("room", "you are in no room")),
        }
    }

    /// Leaves the current room: on purpose (`Leave`: a player forfeits) or because the
    /// connection dropped (the seat waits for a resume).
    async fn leave_room(&mut self, on_purpose: bool) {
        if let Some((h, _)) = self.room.take() {
            // Its frames stop here (unless another room has taken this connection already).
            {
                let mut here = self.here.lock().expect("here lock");
                if here.as_deref() == Some(h.code.as_str()) {
                    *here = None;
                }
            }
            let msg = if on_purpose { RoomMsg::Leave { conn: self.id } } else { RoomMsg::Gone { conn: self.id } };
            let _ = h.tx.send(msg).await;
        }
    }
}

/// A room's AI within the server's bounds: `mcts:N` and `mcts+policy:N` at most
/// `--ai-max-iterations`, `mcts:Nms` and `mcts+policy:Nms` at most `--ai-max-ms`; the
/// shipped network only (`policy`, `mcts+policy[:N]`), never a policy file
/// (`policy:FILE`, `mcts+policy:N:FILE`): a client does not name files on the server's disk.
/// The spec it returns is the one the room's player is built from: the name is read once.
pub fn check_ai_budget(spec: &str, config: &crate::Config) -> Result<ygo_ai::AiSpec, String> {
    let parsed = ygo_ai::AiSpec::parse(&spec.trim().to_ascii_lowercase())
        .map_err(|e| format!("vs_ai: {e}; this server gives an AI 1 to {} iterations or 1 to {} ms a decision", config.ai_max_iterations, config.ai_max_ms))?;
    if parsed.file().is_some() {
        return Err(format!("vs_ai {spec:?}: this server plays no policy file a client names, only its own network ({})", ygo_ai::AI_NAMES.join(", ")));
    }
    match parsed.budget() {
        None => Ok(parsed),
        Some(ygo_ai::Budget::Millis(n)) if (1..=config.ai_max_ms).contains(&n) => Ok(parsed),
        Some(ygo_ai::Budget::Millis(_)) => Err(format!("vs_ai {spec:?}: this server gives an AI 1 to {} ms a decision (mcts:Nms)", config.ai_max_ms)),
        Some(ygo_ai::Budget::Iterations(n)) if (1..=config.ai_max_iterations).contains(&n) => Ok(parsed),
        Some(ygo_ai::Budget::Iterations(_)) => {
            Err(format!("vs_ai {spec:?}: this server gives an AI 1 to {} iterations a decision (mcts:N)", config.ai_max_iterations))
        }
    }
}

fn random_seed() -> u64 {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).expect("the system random source works");
    u64::from_le_bytes(b)
}

/// A pairing in words: "3: Ann - Ben" ("3: Cid (bye)").
fn pairing_text(snap: &crate::event::Snapshot, m: &crate::event::Match) -> String {
    let name = |e: usize| snap.players.get(e).map_or("?", |p| p.name.as_str());
    match m.b {
        Some(b) => format!("{}: {} - {}", m.table, name(m.a), name(b)),
        None => format!("{}: {} (bye)", m.table, name(m.a)),
    }
}

#[cfg(test)]
mod tests {
    use super::check_ai_budget;

    #[test]
    fn a_room_may_name_the_shipped_network_but_never_a_file() {
        let config = crate::Config::default();
        let max = config.ai_max_iterations;
        for ok in ["greedy", "mcts", "policy", "mcts+policy", "mcts+policy:50", "mcts+policy+value:50", "mcts:20ms"] {
            assert_eq!(check_ai_budget(ok, &config), ygo_ai::AiSpec::parse(ok), "{ok}");
        }
        for file in ["policy:/etc/passwd", "mcts+policy:50:x.safetensors", "mcts+policy+value:5:a", "Policy:x"] {
            let e = check_ai_budget(file, &config).unwrap_err();
            assert!(e.contains("no policy file"), "{file}: {e}");
        }
        assert!(check_ai_budget("mcts+policy+value", &config).is_ok());
        let e = check_ai_budget("nobody", &config).unwrap_err();
        assert!(e.contains("unknown AI") && e.contains("iterations"), "{e}");
        for over in [format!("mcts+policy:{}", max + 1), format!("mcts:{}", max + 1), "mcts+policy:0".to_string(), "mcts:99999999999999999999".to_string()] {
            let e = check_ai_budget(&over, &config).unwrap_err();
            assert!(e.contains("iterations"), "{over}: {e}");
        }
    }
}
