//! One WebSocket per client: the Origin check on upgrade, the `hello` version handshake,
//! size and rate bounds, and the routing of messages to the lobby and rooms.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{mpsc, oneshot};
use ygo_core::Edition;
use ygo_match::SideRequest;

use crate::protocol::{ClientMsg, DeckSource, RoomOptions, ServerMsg, PROTOCOL_VERSION};
use crate::room::{Entrant, Member, Room, RoomHandle, RoomMsg};
use crate::AppState;

/// Frames queued for one client before it counts as gone (it reconnects with its token).
const OUTBOX: usize = 1024;
/// Dropped (rate-limited) messages after which the connection is closed.
const MAX_DROPPED: u32 = 200;

/// The WebSocket upgrade: a browser page from another origin is refused (403).
pub async fn upgrade(ws: WebSocketUpgrade, headers: HeaderMap, State(state): State<Arc<AppState>>) -> Response {
    if let Err(why) = check_origin(&headers, &state.config.allowed_origins) {
        return (StatusCode::FORBIDDEN, why).into_response();
    }
    // The transport cuts far larger messages; the protocol's own bound answers in words.
    let transport_limit = state.config.max_message * 4;
    // Small read chunks: tungstenite zeroes its read buffer in chunks of this size, and
    // client messages are a few hundred bytes (the 128 KiB default cost 13% of the load
    // test's server time in memset).
    ws.read_buffer_size(8 * 1024).max_message_size(transport_limit).max_frame_size(transport_limit).on_upgrade(move |socket| connection(socket, state))
}

/// Browsers always send `Origin` on a WebSocket upgrade; it must be this server's own
/// (`http(s)://` + the `Host` header) or one of `allowed`. Clients that send none (the
/// load test, command-line tools) are not browsers and pass.
pub fn check_origin(headers: &HeaderMap, allowed: &[String]) -> Result<(), String> {
    let Some(origin) = headers.get(header::ORIGIN) else { return Ok(()) };
    let origin = origin.to_str().map_err(|_| "unreadable Origin header".to_string())?;
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("");
    let own = !host.is_empty() && (origin == format!("http://{host}") || origin == format!("https://{host}"));
    if own || allowed.iter().any(|a| a == origin) {
        Ok(())
    } else {
        Err(format!("WebSocket connections from origin {origin} are not allowed"))
    }
}

struct Bucket {
    tokens: f64,
    last: Instant,
    rate: f64,
    burst: f64,
    dropped: u32,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * self.rate).min(self.burst);
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
    tx: mpsc::Sender<Utf8Bytes>,
    state: Arc<AppState>,
    hello: bool,
    account: Option<String>,
    room: Option<(RoomHandle, Option<String>)>,
}

async fn connection(socket: WebSocket, state: Arc<AppState>) {
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::channel::<Utf8Bytes>(OUTBOX);
    let writer = tokio::spawn(async move {
        while let Some(text) = rx.recv().await {
            if sink.send(Message::Text(text)).await.is_err() {
                return;
            }
        }
        let _ = sink.close().await;
    });
    let config = &state.config;
    let mut bucket = Bucket { tokens: config.burst, last: Instant::now(), rate: config.rate_per_sec, burst: config.burst, dropped: 0 };
    let mut c = Conn { id: state.conn_id(), tx, state: state.clone(), hello: false, account: None, room: None };
    while let Some(Ok(msg)) = stream.next().await {
        let text = match msg {
            Message::Text(t) => t,
            Message::Binary(_) => {
                c.send(&ServerMsg::error("format", "messages are JSON text frames"));
                continue;
            }
            Message::Close(_) => break,
            _ => continue,
        };
        if !bucket.take() {
            c.send(&ServerMsg::error("rate", format!("too many messages: at most {} a second; this one was dropped", config.rate_per_sec)));
            if bucket.dropped > MAX_DROPPED {
                break;
            }
            continue;
        }
        if text.len() > config.max_message {
            c.send(&ServerMsg::error("size", format!("a message has at most {} bytes (this one had {})", config.max_message, text.len())));
            break;
        }
        if !c.on_text(&text).await {
            break;
        }
    }
    c.leave_room(false).await;
    drop(c);
    let _ = writer.await;
}

impl Conn {
    fn send(&self, msg: &ServerMsg) {
        let _ = self.tx.try_send(msg.to_json().into());
    }

    fn member(&self) -> Member {
        Member::new(self.id, self.tx.clone())
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
                        formats: crate::formats::FORMATS.iter().map(|s| s.to_string()).collect(),
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
                let r = self.state.db.register(&name, &password).await;
                self.session(r).await;
            }
            ClientMsg::Login { name, password } => {
                let r = self.state.db.login(&name, &password).await;
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
                let r = self.enter(&code, |member, reply| RoomMsg::Spectate { member, reply }).await;
                match r {
                    Ok((h, ())) => {
                        self.room = Some((h, None));
                    }
                    Err(e) => self.send(&ServerMsg::error("room", e)),
                }
            }
            ClientMsg::Resume { code, token } => {
                let t = token.clone();
                match self.enter(&code, move |member, reply| RoomMsg::Resume { member, token: t, reply }).await {
                    Ok((h, _)) => {
                        self.room = Some((h, Some(token)));
                    }
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
            ClientMsg::Leave => self.leave_room(true).await,
        }
        true
    }

    async fn session(&mut self, r: Result<String, String>) {
        match r {
            Ok(name) => {
                let ratings = self.state.db.ratings(&name).await.unwrap_or_default();
                self.account = Some(name.clone());
                self.send(&ServerMsg::Session { name, ratings });
            }
            Err(e) => self.send(&ServerMsg::error("account", e)),
        }
    }

    fn display_name(&self, name: Option<String>) -> Result<String, String> {
        match (&self.account, name) {
            (Some(a), _) => Ok(a.clone()),
            (None, Some(n)) if !n.trim().is_empty() => crate::db::check_name(&n),
            (None, _) => Ok(format!("guest-{}", self.id)),
        }
    }

    async fn create_room(&mut self, options: RoomOptions, deck: DeckSource, name: Option<String>) -> Result<(), String> {
        if !matches!(options.mode.as_str(), "single" | "match") {
            return Err(format!("mode {:?}: single or match", options.mode));
        }
        if ![8000, 4000, 2000].contains(&options.lp) {
            return Err(format!("lp {}: 8000, 4000 or 2000 (SETUP-1)", options.lp));
        }
        let format = crate::formats::resolve(&options.format)?;
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
                let player = ygo_match::ai_player(ai, random_seed()).map_err(|e| e.to_string())?;
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
        let name = self.display_name(name)?;
        self.leave_room(true).await;
        let mut options = options;
        options.format = format.name.clone();
        let entrant = Entrant { name, account: self.account.clone(), deck };
        let member = self.member();
        let state = self.state.clone();
        let mut token = String::new();
        let h = self.state.add_room(|code| {
            let (h, t) = Room::create(state, code, options, edition, entrant, member, ai);
            token = t;
            h
        });
        self.room = Some((h, Some(token)));
        Ok(())
    }

    async fn join_room(&mut self, code: &str, deck: DeckSource, name: Option<String>) -> Result<(), String> {
        let deck = crate::decks::resolve(&deck)?;
        let name = self.display_name(name)?;
        let entrant = Entrant { name, account: self.account.clone(), deck };
        let (h, (_, token)) = self.enter(code, |member, reply| RoomMsg::Join { member, entrant, reply }).await?;
        self.room = Some((h, Some(token)));
        Ok(())
    }

    /// Sends a request that puts this connection in a room and waits for the answer.
    async fn enter<T>(&mut self, code: &str, make: impl FnOnce(Member, oneshot::Sender<Result<T, String>>) -> RoomMsg) -> Result<(RoomHandle, T), String> {
        let h = self.state.room(code).ok_or_else(|| format!("no room {:?} (it may have ended)", code.trim()))?;
        self.leave_room(true).await;
        let (reply, answer) = oneshot::channel();
        h.tx.send(make(self.member(), reply)).await.map_err(|_| "that room has closed".to_string())?;
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
            let msg = if on_purpose { RoomMsg::Leave { conn: self.id } } else { RoomMsg::Gone { conn: self.id } };
            let _ = h.tx.send(msg).await;
        }
    }
}

fn random_seed() -> u64 {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).expect("the system random source works");
    u64::from_le_bytes(b)
}
