//! A room: two seats (people or an AI), spectators, the chat, and a single duel or a
//! best-of-3 match (MATCH-*) played through the engine's public API. Each room is one
//! tokio task owning its state; connections talk to it through its inbox. AI decisions
//! run on the blocking pool (`spawn_blocking`), so a slow search never stalls another room,
//! and come back to the inbox as messages.
//!
//! Every frame a member receives is made for that member's audience: a seat's
//! `view(player)`, or the public view for spectators (`wire.rs`).

use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;

use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use ygo_core::replay::{Replay, ReplayFile};
use ygo_core::{Action, Duel, DuelSetup, Edition, Player, WinReason};
use ygo_match::{side, ChosenBy, DuelEnd, Judge, RegisteredDeck, Score, SideRequest, SuddenDeath, Verdict};

use crate::db::{DuelRow, RatedResult};
use crate::protocol::{ClockInfo, ResultInfo, RoomInfo, RoomOptions, SeatInfo, ServerMsg, SideInfo, StateFrame};
use crate::wire::{self, Audience, WireAction};
use crate::AppState;

mod ending;
mod frames;
mod judge;

/// A connection's id (unique in the process).
pub type ConnId = u64;

/// The room a connection is in now (its code), shared by the connection and each of its
/// memberships. A connection that moves to another room is in the new one from the moment
/// that room sends `joined`; from then on the old room's frames to it are dropped, so a
/// client never reads a frame of its old room after the `joined` of its new one.
pub type Here = Arc<std::sync::Mutex<Option<String>>>;

/// A connection in a room: where its frames go, and how far its log is.
pub struct Member {
    pub conn: ConnId,
    pub tx: mpsc::Sender<Utf8Bytes>,
    here: Here,
    /// The code of the room this membership is in.
    of: String,
    log_sent: usize,
    log_duel: u8,
}

impl Member {
    /// A membership of the room `of` for the connection `conn`.
    pub fn new(conn: ConnId, tx: mpsc::Sender<Utf8Bytes>, here: Here, of: &str) -> Member {
        Member { conn, tx, here, of: of.to_string(), log_sent: 0, log_duel: 0 }
    }
    /// Queues a frame; false when the connection is gone or too slow to keep up. A frame
    /// for a connection that has moved to another room is dropped (and counts as sent: the
    /// connection's leave is on its way to this room).
    fn send(&self, text: &Utf8Bytes) -> bool {
        let here = self.here.lock().expect("here lock");
        if here.as_deref() != Some(self.of.as_str()) {
            return true;
        }
        self.tx.try_send(text.clone()).is_ok()
    }
    /// Makes this room the connection's room and queues `joined`, under one lock: no
    /// frame of the old room follows it.
    fn send_first(&self, text: &Utf8Bytes) -> bool {
        let mut here = self.here.lock().expect("here lock");
        *here = Some(self.of.clone());
        self.tx.try_send(text.clone()).is_ok()
    }
}

/// Who wants a seat.
pub struct Entrant {
    pub name: String,
    /// The account name when logged in.
    pub account: Option<String>,
    pub deck: RegisteredDeck,
}

/// Messages to a room.
pub enum RoomMsg {
    Join {
        member: Member,
        entrant: Entrant,
        reply: oneshot::Sender<Result<(Player, String), String>>,
    },
    Spectate {
        member: Member,
        reply: oneshot::Sender<Result<(), String>>,
    },
    Resume {
        member: Member,
        token: String,
        reply: oneshot::Sender<Result<Player, String>>,
    },
    /// `from` is where an error goes (the sender may hold no seat of this room).
    Action {
        conn: ConnId,
        from: mpsc::Sender<Utf8Bytes>,
        token: String,
        text: String,
    },
    Side {
        conn: ConnId,
        from: mpsc::Sender<Utf8Bytes>,
        token: String,
        req: SideRequest,
    },
    Chat {
        conn: ConnId,
        text: String,
    },
    /// A player answers a judge's rewind proposal.
    RewindAnswer {
        conn: ConnId,
        from: mpsc::Sender<Utf8Bytes>,
        token: String,
        accept: bool,
    },
    Gone {
        conn: ConnId,
    },
    Leave {
        conn: ConnId,
    },
    /// An AI decision came back (`None`: skipped, the duel it was for has ended).
    AiDone {
        generation: u64,
        ai: Box<dyn ygo_ai::Player>,
        action: Option<Action>,
    },
    /// A judge of the room's event acts on its match (the caller checked who may); the
    /// answer is what changed, in words, for the event's log.
    Judge {
        cmd: JudgeCmd,
        reason: String,
        reply: oneshot::Sender<Result<String, String>>,
    },
    /// The server shuts down: tell the members, save what there is, close (`done` says so).
    Shutdown {
        done: oneshot::Sender<()>,
    },
}

/// What a judge does to an event match's room ([`RoomMsg::Judge`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JudgeCmd {
    Pause,
    Resume,
    /// Seconds added to the match clock (negative: taken off, down to 0 left).
    AddTime(i64),
    /// The player of this account (name key) wins the duel in progress.
    AwardGame {
        key: String,
    },
    /// The player of this account (name key, display name) wins the match.
    AwardMatch {
        key: String,
        name: String,
    },
    /// Proposes rewinding the duel in progress to `step` actions applied (the judge's name).
    Rewind {
        step: usize,
        judge: String,
    },
}

/// A rewind proposed by a judge, waiting for both players.
struct Rewind {
    step: usize,
    judge: String,
    reason: String,
    accepted: [bool; 2],
}

/// A room as the lobby holds it.
#[derive(Clone)]
pub struct RoomHandle {
    pub code: String,
    pub tx: mpsc::Sender<RoomMsg>,
}

struct Seat {
    name: String,
    account: Option<String>,
    token: String,
    registered: RegisteredDeck,
    current: RegisteredDeck,
    member: Option<Member>,
    ai: Option<Box<dyn ygo_ai::Player>>,
    ai_name: Option<String>,
    dropped_at: Option<Instant>,
    ready: bool,
}

impl Seat {
    fn is_ai(&self) -> bool {
        self.ai_name.is_some()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Waiting,
    Choosing,
    Dueling,
    Siding,
    Over,
}

impl Stage {
    fn name(self) -> &'static str {
        match self {
            Stage::Waiting => "waiting",
            Stage::Choosing => "choosing",
            Stage::Dueling => "dueling",
            Stage::Siding => "siding",
            Stage::Over => "over",
        }
    }
}

struct Game {
    duel: Duel,
    setup: DuelSetup,
    actions: Vec<(Player, Action)>,
    judge: Judge,
    seen: usize,
    time_called: bool,
    /// The current chain's first event, known up to event `chain_scanned`.
    chain_start: usize,
    chain_scanned: usize,
}

/// How a duel ended, for the record.
struct Ending {
    winner: Option<Player>,
    end: DuelEnd,
    reason: String,
}

pub struct Room {
    code: String,
    match_id: String,
    options: RoomOptions,
    edition: Edition,
    best_of_3: bool,
    seats: [Option<Seat>; 2],
    spectators: BTreeMap<ConnId, Member>,
    chat: VecDeque<(String, String)>,
    stage: Stage,
    game: Option<Game>,
    score: Score,
    chooser: ChosenBy,
    duel_number: u8,
    extra_duel: bool,
    match_deadline: Option<Instant>,
    /// A judge stopped the match clock with this much left (`match_deadline` is `None`
    /// until they start it again).
    clock_paused: Option<Duration>,
    forfeit: Option<Player>,
    /// A judge awarded the match to this player, for this reason.
    award: Option<(Player, String)>,
    /// A rewind of the duel in progress a judge proposed (dropped when the duel ends).
    rewind: Option<Rewind>,
    /// Both players left at once (MATCH rules for a player who left, applied to both).
    both_left: bool,
    ai_generation: u64,
    /// `ai_generation` as the AI jobs read it: a job for an older one is skipped.
    ai_live: Arc<AtomicU64>,
    ai_busy: bool,
    /// When the room last received a message (it ends after `config.room_idle` without).
    last_activity: Instant,
    /// The room is closing (shutdown, idle): its task ends after this message.
    closing: bool,
    /// Told once the room has left the lobby (a shutdown waits for it).
    closed_signal: Option<oneshot::Sender<()>>,
    state: Arc<AppState>,
    self_tx: mpsc::WeakSender<RoomMsg>,
    /// The event pairing this room's match is for (only its two players sit), and whether
    /// its result has been recorded.
    event: Option<crate::event::Seat>,
    event_recorded: bool,
    /// An event match's no-show deadline: the second seat still empty then, the player
    /// who is there wins the match.
    no_show_at: Option<Instant>,
}

/// The match clock (MATCH-5) and its limits.
pub const MATCH_TIME: Duration = Duration::from_secs(40 * 60);
const CHAT_KEEP: usize = 50;
/// Longest chat line, in characters.
pub const CHAT_MAX: usize = 300;

/// A random id of `n` characters from an alphabet without look-alikes.
pub fn random_code(n: usize) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut buf = vec![0u8; n];
    getrandom::fill(&mut buf).expect("the system random source works");
    buf.iter().map(|b| ALPHABET[(*b as usize) % ALPHABET.len()] as char).collect()
}

/// A secret seat token (128 random bits, hex).
pub fn random_token() -> String {
    let mut buf = [0u8; 16];
    getrandom::fill(&mut buf).expect("the system random source works");
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

fn random_u64() -> u64 {
    let mut buf = [0u8; 8];
    getrandom::fill(&mut buf).expect("the system random source works");
    u64::from_le_bytes(buf)
}

/// Compares secrets in time independent of where they differ.
fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

impl Room {
    /// Creates a room with its creator in seat A (and an AI in seat B when asked) and
    /// starts its task. Returns the handle and the creator's seat token.
    pub fn create(
        state: Arc<AppState>,
        code: String,
        options: RoomOptions,
        edition: Edition,
        creator: Entrant,
        member: Member,
        ai: Option<(String, Box<dyn ygo_ai::Player>, RegisteredDeck)>,
        event: Option<crate::event::Seat>,
    ) -> (RoomHandle, String) {
        let (tx, rx) = mpsc::channel(256);
        let token = random_token();
        let seat_a = Seat {
            name: creator.name,
            account: creator.account,
            token: token.clone(),
            current: creator.deck.clone(),
            registered: creator.deck,
            member: Some(member),
            ai: None,
            ai_name: None,
            dropped_at: None,
            ready: false,
        };
        let seat_b = ai.map(|(name, player, deck)| Seat {
            name: format!("AI ({name})"),
            account: None,
            token: random_token(),
            current: deck.clone(),
            registered: deck,
            member: None,
            ai: Some(player),
            ai_name: Some(name),
            dropped_at: None,
            ready: true,
        });
        let best_of_3 = options.mode == "match";
        let room = Room {
            code: code.clone(),
            match_id: random_token(),
            options,
            edition,
            best_of_3,
            seats: [Some(seat_a), seat_b],
            spectators: BTreeMap::new(),
            chat: VecDeque::new(),
            stage: Stage::Waiting,
            game: None,
            score: Score::default(),
            chooser: ChosenBy::CoinWinner(Player::A),
            duel_number: 0,
            extra_duel: false,
            match_deadline: None,
            clock_paused: None,
            forfeit: None,
            award: None,
            rewind: None,
            both_left: false,
            ai_generation: 0,
            ai_live: Arc::new(AtomicU64::new(0)),
            ai_busy: false,
            last_activity: Instant::now(),
            closing: false,
            closed_signal: None,
            state,
            self_tx: tx.downgrade(),
            no_show_at: event.as_ref().and_then(|e| e.grace_left).map(|d| Instant::now() + d),
            event,
            event_recorded: false,
        };
        tokio::spawn(room.run(rx));
        (RoomHandle { code, tx }, token)
    }

    /// Tells a member where it sits, before any frame of the room reaches it.
    fn send_joined(&self, m: &Member, seat: Option<Player>) {
        let token = seat.and_then(|p| self.seats[p.idx()].as_ref()).map(|s| s.token.clone());
        m.send_first(&ServerMsg::Joined { code: self.code.clone(), seat: seat.map(|p| p.name().to_string()), token }.to_json().into());
    }

    async fn run(mut self, mut rx: mpsc::Receiver<RoomMsg>) {
        if let Some(m) = self.seats[0].as_ref().and_then(|s| s.member.as_ref()) {
            self.send_joined(m, Some(Player::A));
        }
        if self.seats[1].is_some() {
            self.start_match().await;
        } else {
            self.broadcast_room();
        }
        loop {
            let idle_at = self.last_activity + self.state.config.room_idle;
            let deadline = self.next_deadline().map_or(idle_at, |d| d.min(idle_at));
            tokio::select! {
                m = rx.recv() => {
                    let Some(msg) = m else { break };
                    if !matches!(msg, RoomMsg::AiDone { .. }) {
                        self.last_activity = Instant::now();
                    }
                    self.handle(msg).await;
                }
                _ = tokio::time::sleep_until(deadline) => {
                    if Instant::now() >= idle_at {
                        self.close("idle", "this room was idle too long and has closed").await;
                    } else {
                        self.on_timer().await;
                    }
                }
            }
            if self.closing || self.finished() {
                break;
            }
        }
        self.bump_ai_generation();
        if let Some(e) = self.event.clone().filter(|_| !self.event_recorded) {
            // No result: the pairing may open another room.
            // The match clock is kept for the pairing's next room (a restart).
            let clock = self.clock_paused.map(|l| (l, true)).or_else(|| self.match_deadline.map(|d| (d.saturating_duration_since(Instant::now()), false)));
            let (db, code) = (self.state.db.clone(), self.code.clone());
            let _ = db.close_pairing_room(&e.event, e.round, e.table, &code, clock).await;
        }
        self.state.remove_room(&self.code);
        if let Some(done) = self.closed_signal.take() {
            let _ = done.send(());
        }
    }

    /// A new AI generation: AI jobs of older ones are skipped.
    fn bump_ai_generation(&mut self) {
        self.ai_generation += 1;
        self.ai_live.store(self.ai_generation, Ordering::SeqCst);
    }

    /// Ends the room (the server shuts down, or nobody did anything for too long): the
    /// members get `error` `code`; a match in progress ends unrated with no winner, its
    /// recorded duels published.
    pub(super) async fn close(&mut self, code: &str, why: &str) {
        self.closing = true;
        if !matches!(self.stage, Stage::Over | Stage::Waiting) {
            self.abandon_match(why).await;
        }
        self.broadcast(&ServerMsg::error(code, why));
        for s in self.seats.iter_mut().flatten() {
            s.member = None;
        }
        self.spectators.clear();
    }

    /// The room is done: the match is over (or never started) and no person is left in it.
    fn finished(&self) -> bool {
        let nobody = self.seats.iter().flatten().all(|s| s.member.is_none()) && self.spectators.is_empty();
        nobody && matches!(self.stage, Stage::Over | Stage::Waiting)
    }

    /// Members connected (seats and spectators).
    fn members(&self) -> impl Iterator<Item = &Member> {
        self.seats.iter().flatten().filter_map(|s| s.member.as_ref()).chain(self.spectators.values())
    }

    fn next_deadline(&self) -> Option<Instant> {
        if self.stage == Stage::Waiting && self.seats[1].is_none() {
            return self.no_show_at;
        }
        if matches!(self.stage, Stage::Over | Stage::Waiting) {
            return None;
        }
        let wait = self.state.config.reconnect_wait;
        let drops = self.seats.iter().flatten().filter_map(|s| s.dropped_at.map(|t| t + wait));
        let clock = if self.stage == Stage::Dueling { self.match_deadline.filter(|_| !self.game.as_ref().is_some_and(|g| g.time_called)) } else { None };
        drops.chain(clock).min()
    }

    async fn on_timer(&mut self) {
        let wait = self.state.config.reconnect_wait;
        let now = Instant::now();
        if self.stage == Stage::Waiting && self.seats[1].is_none() && self.no_show_at.is_some_and(|t| t <= now) {
            self.no_show().await;
            return;
        }
        let gone = Player::BOTH.map(|p| self.seats[p.idx()].as_ref().is_some_and(|s| s.dropped_at.is_some_and(|t| t + wait <= now)));
        let away = Player::BOTH.map(|p| self.seats[p.idx()].as_ref().is_some_and(|s| !s.is_ai() && s.member.is_none() && s.dropped_at.is_some()));
        // A wait ran out while the other player is away too: both left, and the rule for a
        // player who left applies to both (neither wins), whatever their seats.
        if gone.contains(&true) && away == [true, true] {
            self.forfeit_both().await;
            return;
        }
        for p in Player::BOTH {
            if gone[p.idx()] {
                self.forfeit_seat(p).await;
                return;
            }
        }
        // The match clock ran out: the judge takes over at the next decision.
        if self.stage == Stage::Dueling {
            self.advance().await;
        }
    }

    async fn handle(&mut self, msg: RoomMsg) {
        match msg {
            RoomMsg::Join { member, entrant, reply } => {
                let r = self.join(member, entrant);
                let ok = r.is_ok();
                if let Some(m) = self.seats[1].as_ref().and_then(|s| s.member.as_ref()).filter(|_| ok) {
                    self.send_joined(m, Some(Player::B));
                }
                let _ = reply.send(r);
                if ok {
                    self.start_match().await;
                }
            }
            RoomMsg::Spectate { member, reply } => {
                if self.members().any(|m| m.conn == member.conn) {
                    let _ = reply.send(Err(format!("you are already in room {}", self.code)));
                    return;
                }
                let max = self.state.config.max_spectators;
                if self.spectators.len() >= max {
                    let _ = reply.send(Err(format!("room {} has as many spectators as it takes ({max})", self.code)));
                    return;
                }
                // The newcomer alone gets the room, the chat and the frame: a join costs the
                // others nothing (the spectator count reaches them with the next change).
                self.send_joined(&member, None);
                let _ = reply.send(Ok(()));
                for (from, text) in &self.chat {
                    member.send(&ServerMsg::Chat { from: from.clone(), text: text.clone() }.to_json().into());
                }
                let conn = member.conn;
                self.spectators.insert(conn, member);
                self.send_state_to_spectator(conn);
            }
            RoomMsg::Resume { member, token, reply } => {
                let seat = Player::BOTH.into_iter().find(|p| self.seats[p.idx()].as_ref().is_some_and(|s| !s.is_ai() && same_secret(&s.token, &token)));
                let holds = seat.and_then(|p| self.seats[p.idx()].as_ref()).and_then(|s| s.member.as_ref()).is_some_and(|m| m.conn == member.conn);
                if self.spectators.contains_key(&member.conn) && seat.is_some() {
                    // A spectator of this room takes its seat back: it watches no more.
                    self.spectators.remove(&member.conn);
                }
                match seat {
                    Some(p) if holds => {
                        // Its own seat, from the connection that holds it: nothing changes
                        // but a fresh frame.
                        self.send_joined(&member, Some(p));
                        let _ = reply.send(Ok(p));
                        if let Some(m) = self.seats[p.idx()].as_mut().and_then(|s| s.member.as_mut()) {
                            m.log_sent = 0;
                        }
                        self.broadcast_state();
                    }
                    Some(p) if self.stage != Stage::Over => {
                        self.send_joined(&member, Some(p));
                        let s = self.seats[p.idx()].as_mut().expect("found above");
                        if let Some(old) = s.member.replace(member) {
                            old.send(&ServerMsg::error("token", "your seat was resumed by another connection").to_json().into());
                        }
                        s.dropped_at = None;
                        let _ = reply.send(Ok(p));
                        self.send_chat_history(p);
                        self.broadcast_room();
                        self.broadcast_state();
                    }
                    Some(_) => {
                        let _ = reply.send(Err("this room's match is over".into()));
                    }
                    None => {
                        let _ = reply.send(Err("no seat of this room has that token".into()));
                    }
                }
            }
            RoomMsg::Action { conn, from, token, text } => match self.seat_of(conn, &token) {
                Ok(p) => self.on_action(p, &text).await,
                Err(e) => {
                    let _ = from.try_send(ServerMsg::error("token", e).to_json().into());
                }
            },
            RoomMsg::Side { conn, from, token, req } => match self.seat_of(conn, &token) {
                Ok(p) => self.on_side(p, req),
                Err(e) => {
                    let _ = from.try_send(ServerMsg::error("token", e).to_json().into());
                }
            },
            RoomMsg::Chat { conn, text } => self.on_chat(conn, text),
            RoomMsg::RewindAnswer { conn, from, token, accept } => match self.seat_of(conn, &token) {
                Ok(p) => self.on_rewind_answer(p, accept).await,
                Err(e) => {
                    let _ = from.try_send(ServerMsg::error("token", e).to_json().into());
                }
            },
            RoomMsg::Judge { cmd, reason, reply } => {
                let r = self.judge(cmd, &reason).await;
                let _ = reply.send(r);
            }
            RoomMsg::Shutdown { done } => {
                self.close("shutdown", "the server is shutting down").await;
                self.closed_signal = Some(done);
            }
            RoomMsg::Gone { conn } => self.on_gone(conn),
            RoomMsg::Leave { conn } => {
                let seat = Player::BOTH.into_iter().find(|p| self.seats[p.idx()].as_ref().is_some_and(|s| s.member.as_ref().is_some_and(|m| m.conn == conn)));
                match seat {
                    Some(p) if !matches!(self.stage, Stage::Over | Stage::Waiting) => {
                        if let Some(s) = self.seats[p.idx()].as_mut() {
                            s.member = None;
                        }
                        self.forfeit_seat(p).await;
                    }
                    _ => self.on_gone(conn),
                }
            }
            RoomMsg::AiDone { generation, ai, action } => {
                self.ai_busy = false;
                // The AI comes back to its seat whatever happened meanwhile.
                if let Some(s) = self.seats.iter_mut().flatten().find(|s| s.is_ai() && s.ai.is_none()) {
                    s.ai = Some(ai);
                }
                if action.is_none() || generation != self.ai_generation {
                    // Skipped or stale: a new duel may be waiting for this AI.
                    if self.stage == Stage::Dueling {
                        self.advance().await;
                    }
                    return;
                }
                let Some(action) = action else { return };
                if self.stage != Stage::Dueling {
                    return;
                }
                let Some(p) = self.game.as_ref().and_then(|g| g.duel.deciding_player()) else { return };
                let g = self.game.as_mut().expect("dueling");
                if g.duel.apply(p, action).is_ok() {
                    g.actions.push((p, action));
                } else {
                    // An AI only picks listed actions; play the first legal one if not.
                    let first = g.duel.legal_actions()[0];
                    g.duel.apply(p, first).expect("a listed action is legal");
                    g.actions.push((p, first));
                }
                self.advance().await;
            }
        }
    }

    fn join(&mut self, member: Member, entrant: Entrant) -> Result<(Player, String), String> {
        if self.seats[1].is_some() {
            return Err(format!("room {} is full (you can spectate it)", self.code));
        }
        if self.stage == Stage::Over {
            return Err(format!("room {}: its match is over", self.code));
        }
        if let Some(e) = &self.event {
            let creator = self.seats[0].as_ref().and_then(|s| s.account.as_deref()).map(crate::db::name_key);
            let me = entrant.account.as_deref().map(crate::db::name_key);
            if me.is_none() || me == creator || !e.accounts.iter().any(|a| Some(a) == me.as_ref()) {
                return Err(format!("room {} is a match of event {}: only its paired player may join (spectate it)", self.code, e.event));
            }
        }
        if self.options.rated {
            if entrant.account.is_none() {
                return Err("this room is rated: log in to play in it".into());
            }
            if entrant.account == self.seats[0].as_ref().and_then(|s| s.account.clone()) {
                return Err("a rated match needs two different accounts".into());
            }
        }
        let format = crate::formats::resolve(&self.options.format)?;
        crate::formats::check_deck(&format, &entrant.deck.main, &entrant.deck.extra, &entrant.deck.side)?;
        let token = random_token();
        self.seats[1] = Some(Seat {
            name: entrant.name,
            account: entrant.account,
            token: token.clone(),
            current: entrant.deck.clone(),
            registered: entrant.deck,
            member: Some(member),
            ai: None,
            ai_name: None,
            dropped_at: None,
            ready: false,
        });
        Ok((Player::B, token))
    }

    fn seat_of(&self, conn: ConnId, token: &str) -> Result<Player, String> {
        for p in Player::BOTH {
            if let Some(s) = &self.seats[p.idx()] {
                if !s.is_ai() && same_secret(&s.token, token) {
                    if s.member.as_ref().is_some_and(|m| m.conn == conn) {
                        return Ok(p);
                    }
                    return Err("this seat is held by another connection (resume it first)".into());
                }
            }
        }
        Err("no seat of this room has that token".into())
    }

    /// The round's deadline of an event match (`round_hours`) as an instant: the match
    /// clock never runs past it (from the start, nor after a judge's resume or added time).
    pub(super) fn round_end(&self, now: Instant) -> Option<Instant> {
        self.event.as_ref().and_then(|e| e.deadline_ms).map(|ms| now + Duration::from_millis(ms.saturating_sub(crate::event::now_ms()).max(0) as u64))
    }

    async fn start_match(&mut self) {
        if self.stage != Stage::Waiting || self.seats.iter().any(|s| s.is_none()) {
            return;
        }
        if self.best_of_3 {
            // An event match whose earlier room ran the clock goes on from what was left.
            // The event's match length (its preset's), ending at the round's deadline at the
            // latest (a multi-day event: a match not finished by then is decided as at time).
            let now = Instant::now();
            let time = self.event.as_ref().and_then(|e| e.time).unwrap_or(self.state.config.match_time);
            let round_end = self.round_end(now);
            let cap = |d: Instant| round_end.map_or(d, |r| d.min(r));
            match self.event.as_ref().and_then(|e| e.clock) {
                Some((left, true)) => self.clock_paused = Some(left),
                Some((left, false)) => self.match_deadline = Some(cap(now + left)),
                None => self.match_deadline = Some(cap(now + time)),
            }
        }
        // MATCH-2: a random choice decides who chooses first or second in duel 1.
        let coin = if random_u64().is_multiple_of(2) { Player::A } else { Player::B };
        self.chooser = ChosenBy::CoinWinner(coin);
        self.duel_number = 1;
        self.choose_first().await;
    }

    /// MATCH-2: the chooser picks first or second (an AI goes first).
    async fn choose_first(&mut self) {
        self.stage = Stage::Choosing;
        let p = self.chooser.player();
        if self.seat(p).is_ai() {
            self.start_duel(p).await;
        } else {
            self.broadcast_room();
            self.broadcast_state();
        }
    }

    fn seat(&self, p: Player) -> &Seat {
        self.seats[p.idx()].as_ref().expect("both seats are taken once a match starts")
    }

    async fn start_duel(&mut self, first: Player) {
        let mut setup = DuelSetup::new(self.seat(Player::A).current.duel_list(), self.seat(Player::B).current.duel_list(), random_u64());
        setup.edition = self.edition;
        setup.first = first;
        // MATCH-7: the extra duel starts from 8000 LP.
        setup.lp = if self.extra_duel { 8000 } else { self.options.lp };
        let duel = match Duel::from_setup(crate::formats::pool_of(&self.options.format), &setup) {
            Ok(d) => d,
            Err(errors) => {
                let text = errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; ");
                self.broadcast(&ServerMsg::error("setup", format!("the duel cannot start: {text}")));
                self.stage = Stage::Over;
                self.broadcast_room();
                return;
            }
        };
        let form = SuddenDeath::for_edition(self.edition);
        let lp = [duel.lp(Player::A), duel.lp(Player::B)];
        let mut judge = if self.extra_duel { Judge::extra_duel(form, 4, lp) } else { Judge::new(form, 3, lp, duel.turn()) };
        let time_called = self.extra_duel;
        if time_called {
            judge.time_up();
        }
        self.game = Some(Game { duel, setup, actions: Vec::new(), judge, seen: 0, time_called, chain_start: 0, chain_scanned: 0 });
        self.stage = Stage::Dueling;
        for m in self.members_mut() {
            m.log_sent = 0;
        }
        self.broadcast_room();
        self.advance().await;
    }

    fn members_mut(&mut self) -> impl Iterator<Item = &mut Member> {
        self.seats.iter_mut().flatten().filter_map(|s| s.member.as_mut()).chain(self.spectators.values_mut())
    }

    /// Plays forced answers (a single legal action) and AI turns until a person must
    /// decide or the duel ends; then sends every member its frame.
    async fn advance(&mut self) {
        loop {
            let Some(g) = self.game.as_mut() else { return };
            // Time verdicts (MATCH-6..8) from the events since the last decision.
            let mut verdict = None;
            let events = g.duel.events();
            while g.seen < events.len() {
                let ev = &events[g.seen];
                g.seen += 1;
                if matches!(ev, ygo_core::Event::DuelEnded { .. }) {
                    break;
                }
                if let Some(v) = g.judge.observe(ev) {
                    verdict = Some(v);
                    break;
                }
            }
            if verdict.is_none() && g.seen >= events.len() && !g.duel.is_over() {
                verdict = g.judge.settle();
            }
            if let Some(v) = verdict {
                let (end, reason) = match v {
                    Verdict::MoreLp(_) => (DuelEnd::MoreLp, "time: more LP"),
                    Verdict::SuddenDeath(_) => (DuelEnd::SuddenDeath, "time: sudden death"),
                };
                self.end_duel(Ending { winner: Some(v.winner()), end, reason: reason.into() }).await;
                return;
            }
            let Some(p) = g.duel.deciding_player() else {
                let o = g.duel.outcome().expect("a duel with no deciding player is over");
                let end = DuelEnd::Engine(o.reason);
                self.end_duel(Ending { winner: o.winner, end, reason: end.text().into() }).await;
                return;
            };
            if let Some(deadline) = self.match_deadline {
                if !g.time_called && Instant::now() >= deadline {
                    g.time_called = true;
                    // MATCH-6's extra turns, unless the event plays a duel at time to its
                    // natural end.
                    if !self.event.as_ref().is_some_and(|e| e.natural_end) {
                        g.judge.time_up();
                    }
                }
            }
            let legal = g.duel.legal_actions();
            if legal.len() == 1 {
                g.duel.apply(p, legal[0]).expect("a listed action is legal");
                g.actions.push((p, legal[0]));
                continue;
            }
            let seat = self.seats[p.idx()].as_mut().expect("both seats are taken");
            if seat.is_ai() {
                if !self.ai_busy {
                    if let (Some(ai), Some(tx)) = (seat.ai.take(), self.self_tx.upgrade()) {
                        self.ai_busy = true;
                        let duel = g.duel.clone();
                        self.bump_ai_generation();
                        spawn_ai(self.state.clone(), self.ai_live.clone(), self.ai_generation, tx, ai, duel, legal);
                    }
                }
                break;
            }
            break;
        }
        self.broadcast_state();
    }

    async fn on_action(&mut self, p: Player, text: &str) {
        match self.stage {
            Stage::Choosing if self.chooser.player() == p => match text.trim() {
                "first" => self.start_duel(p).await,
                "second" => self.start_duel(p.opp()).await,
                _ => self.send_to(p, &ServerMsg::error("rejected", format!("{text:?}: choose \"first\" or \"second\""))),
            },
            Stage::Siding if text.trim() == "ready" => {
                if let Some(s) = self.seats[p.idx()].as_mut() {
                    s.ready = true;
                }
                self.maybe_next_duel().await;
            }
            Stage::Dueling => {
                let g = self.game.as_mut().expect("dueling");
                if g.duel.deciding_player() != Some(p) {
                    let e = ygo_core::Rejected::NotYourDecision { expected: g.duel.deciding_player().unwrap_or(p.opp()), got: p };
                    self.send_to(p, &ServerMsg::error("rejected", e.to_string()));
                    return;
                }
                let listed = g.duel.legal_actions_with_text().into_iter().find(|(_, t)| t == text).map(|(a, _)| a);
                let action = match listed {
                    Some(a) => Ok(a),
                    None => g.duel.find_action(text),
                };
                match action.and_then(|a| g.duel.apply(p, a).map(|_| a)) {
                    Ok(a) => {
                        g.actions.push((p, a));
                        self.advance().await;
                    }
                    Err(e) => self.send_to(p, &ServerMsg::error("rejected", e.to_string())),
                }
            }
            _ => self.send_to(p, &ServerMsg::error("rejected", format!("{text:?}: nothing to decide now ({})", self.stage.name()))),
        }
    }

    fn on_side(&mut self, p: Player, req: SideRequest) {
        if self.stage != Stage::Siding {
            self.send_to(p, &ServerMsg::error("rejected", "siding happens between the duels of a match"));
            return;
        }
        let next = self.duel_number + 1;
        let s = self.seats[p.idx()].as_mut().expect("seated");
        match side(&crate::formats::pool_of(&self.options.format), &s.current, next, &req) {
            Ok(deck) => {
                s.current = deck;
                self.broadcast_state();
            }
            Err(e) => self.send_to(p, &ServerMsg::error("side", e.to_string())),
        }
    }

    fn on_chat(&mut self, conn: ConnId, text: String) {
        let text: String = text.chars().filter(|c| !c.is_control() && !crate::db::bidi_control(*c)).take(CHAT_MAX).collect::<String>().trim().to_string();
        if text.is_empty() {
            return;
        }
        let from = Player::BOTH
            .into_iter()
            .find_map(|p| self.seats[p.idx()].as_ref().filter(|s| s.member.as_ref().is_some_and(|m| m.conn == conn)).map(|s| s.name.clone()))
            .unwrap_or_else(|| "spectator".into());
        self.chat.push_back((from.clone(), text.clone()));
        while self.chat.len() > CHAT_KEEP {
            self.chat.pop_front();
        }
        self.broadcast(&ServerMsg::Chat { from, text });
    }

    fn send_chat_history(&self, p: Player) {
        for (from, text) in &self.chat {
            self.send_to(p, &ServerMsg::Chat { from: from.clone(), text: text.clone() });
        }
    }

    fn on_gone(&mut self, conn: ConnId) {
        if self.spectators.remove(&conn).is_some() {
            // A spectator leaving changes nothing the others see but a count.
            return;
        }
        let playing = !matches!(self.stage, Stage::Over | Stage::Waiting);
        for s in self.seats.iter_mut().flatten() {
            if s.member.as_ref().is_some_and(|m| m.conn == conn) {
                s.member = None;
                if playing {
                    s.dropped_at = Some(Instant::now());
                }
            }
        }
        self.broadcast_room();
        self.broadcast_state();
    }
}

/// Computes an AI decision on the server's AI pool (at most `config.ai_workers` at once;
/// the others wait), skipped when the room has moved on (a new generation) or closed
/// while it waited.
fn spawn_ai(
    state: Arc<AppState>,
    live: Arc<AtomicU64>,
    generation: u64,
    tx: mpsc::Sender<RoomMsg>,
    ai: Box<dyn ygo_ai::Player>,
    duel: Duel,
    legal: Vec<Action>,
) {
    tokio::spawn(async move {
        let Some(mut ticket) = state.ai.enter() else {
            let _ = tx.send(RoomMsg::AiDone { generation, ai, action: None }).await;
            return;
        };
        ticket.run().await;
        if tx.is_closed() || live.load(Ordering::SeqCst) != generation {
            drop(ticket);
            let _ = tx.send(RoomMsg::AiDone { generation, ai, action: None }).await;
            return;
        }
        let job = tokio::task::spawn_blocking(move || {
            let mut ai = ai;
            let action = ygo_ai::Observation::with_actions(&duel, legal).map(|obs| ai.decide_observed(&obs));
            (ai, action)
        });
        let done = job.await;
        drop(ticket);
        if let Ok((ai, action)) = done {
            let _ = tx.send(RoomMsg::AiDone { generation, ai, action }).await;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A connection that moved to room Y reads no frame of its old room X after Y's
    /// `joined`, however late X sends it (X has not handled the leave yet).
    #[test]
    fn a_frame_of_the_old_room_never_follows_the_new_rooms_joined() {
        let (tx, mut rx) = mpsc::channel(8);
        let here = Here::default();
        let in_x = Member::new(1, tx.clone(), here.clone(), "XXXXXX");
        let in_y = Member::new(1, tx, here, "YYYYYY");
        assert!(in_x.send_first(&"joined X".into()));
        assert!(in_x.send(&"frame X1".into()));
        assert!(in_y.send_first(&"joined Y".into()));
        assert!(in_x.send(&"frame X2".into()), "a dropped frame counts as sent: the member is not lost");
        assert!(in_y.send(&"frame Y1".into()));
        let mut got = Vec::new();
        while let Ok(t) = rx.try_recv() {
            got.push(t.to_string());
        }
        assert_eq!(got, ["joined X", "frame X1", "joined Y", "frame Y1"]);
    }
}
