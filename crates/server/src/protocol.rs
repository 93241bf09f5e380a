//! The messages of the WebSocket protocol (`docs/PROTOCOL.md`). Every message is one JSON
//! object with a `type` field. The first message a client sends is `hello` with the
//! protocol version it speaks; a server that speaks another version answers with an
//! `error` of code `version` and closes the socket.

use serde::{Deserialize, Serialize};

use crate::wire::{WireAction, WireView};

/// The protocol version this server speaks (`hello.version`).
pub const PROTOCOL_VERSION: u32 = 1;

/// Where a player's deck comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DeckSource {
    /// A built-in deck by name (`vanilla-yugi`, ...).
    Builtin { name: String },
    /// The text of a `.ydk` file; `file` is its name, for messages.
    Ydk { text: String, file: String },
    /// A `ydke://` URL.
    Ydke { url: String },
}

/// Room options chosen by its creator.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomOptions {
    /// `single` (one duel) or `match` (best of 3 with siding and the match clock).
    #[serde(default = "default_mode")]
    pub mode: String,
    /// An AI name (`random`, `greedy`, `mcts`, `mcts:N`) to play against; `None`: a code
    /// for a friend.
    #[serde(default)]
    pub vs_ai: Option<String>,
    /// The AI's deck (a built-in name); the default deck when absent.
    #[serde(default)]
    pub ai_deck: Option<String>,
    /// A format name (`formats.rs`); its rating is the one a rated match changes.
    #[serde(default = "default_format")]
    pub format: String,
    /// A rule edition (`expert`, `mr1` .. `mr2020`); the format's edition when absent.
    #[serde(default)]
    pub edition: Option<String>,
    /// Rated: both players must be logged in; the result changes their Elo in the format.
    #[serde(default)]
    pub rated: bool,
    #[serde(default = "default_lp")]
    pub lp: i32,
}

fn default_mode() -> String {
    "single".into()
}
fn default_format() -> String {
    crate::formats::DEFAULT_FORMAT.into()
}
fn default_lp() -> i32 {
    8000
}

impl Default for RoomOptions {
    fn default() -> RoomOptions {
        RoomOptions { mode: default_mode(), vs_ai: None, ai_deck: None, format: default_format(), edition: None, rated: false, lp: default_lp() }
    }
}

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMsg {
    Hello {
        version: u32,
    },
    Register {
        name: String,
        password: String,
    },
    Login {
        name: String,
        password: String,
    },
    CreateRoom {
        #[serde(default)]
        options: RoomOptions,
        deck: DeckSource,
        /// A display name when not logged in.
        #[serde(default)]
        name: Option<String>,
    },
    JoinRoom {
        code: String,
        deck: DeckSource,
        #[serde(default)]
        name: Option<String>,
    },
    Spectate {
        code: String,
    },
    /// Back to a seat after a dropped connection.
    Resume {
        code: String,
        token: String,
    },
    /// An answer: the canonical text of one of the `state.actions`.
    Action {
        text: String,
    },
    /// MATCH-3: swap cards between the Side Deck and the Main/Extra Deck before the next duel.
    Side {
        out: Vec<u32>,
        into: Vec<u32>,
    },
    Chat {
        text: String,
    },
    /// A player answers the rewind a judge proposed (the frame's `rewind`).
    RewindAnswer {
        accept: bool,
    },
    Leave,
    /// Creates an event (logged in): its organizer is the account. Its `structure`:
    /// `{"kind":"swiss"}` (absent: the default; `rounds` Swiss rounds),
    /// `{"kind":"single_elimination"}` (ceil(log2 N) rounds for N players; `rounds` is
    /// ignored) or `{"kind":"swiss_top_cut","top":N}` (N = 2, 4 or 8: `rounds` Swiss rounds,
    /// then a single elimination of the top N).
    CreateEvent {
        name: String,
        format: String,
        #[serde(default)]
        rounds: u32,
        /// The decklists are shown on the event's page once it is finished.
        #[serde(default)]
        public_lists: bool,
        /// Seconds after a round is paired within which each player must have joined
        /// their match's room: one who has not loses the match (the no-show rule). Absent:
        /// [`crate::event::DEFAULT_GRACE_SECS`]; 0: no rule.
        #[serde(default)]
        grace_seconds: Option<u32>,
        #[serde(default)]
        structure: Option<crate::event::Structure>,
        /// `match_settings`, `round_hours`, `registration_deadline` (all optional).
        #[serde(flatten)]
        settings: crate::event::EventSettings,
    },
    /// Registers the account in an event with a deck (checked at once, then locked), or
    /// replaces the deck while registration is open.
    EventRegister {
        event: String,
        deck: DeckSource,
    },
    /// Leaves an event: not paired again.
    EventDrop {
        event: String,
    },
    /// The organizer pairs the next round (the current one has all its results).
    EventPair {
        event: String,
    },
    /// Opens, or joins, the room of the account's match of the current round, with its
    /// registered deck.
    EventPlay {
        event: String,
    },
    /// The event as it stands (also at `GET /api/events/ID`).
    EventGet {
        event: String,
    },
    /// The organizer pairs the current round again, before any of its matches has started
    /// (after a drop, a mistake): its pairings are discarded and made anew. Logged.
    EventRepair {
        event: String,
        #[serde(default)]
        reason: String,
    },
    /// The organizer names a judge (an account, by name): judges use `event_judge`.
    EventJudgeAdd {
        event: String,
        name: String,
    },
    /// A judge (the organizer or a judge they named) acts on a match of the event: the
    /// pairing at `table` of `round` (the current round when absent). Logged in the event
    /// with who, when, what and `reason` (required to award a duel or the match).
    EventJudge {
        event: String,
        #[serde(default)]
        round: Option<u32>,
        table: u32,
        action: JudgeAction,
        #[serde(default)]
        reason: String,
    },
}

/// What a judge does to an event match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum JudgeAction {
    /// Watch the match's room (as a spectator: the public view).
    Watch,
    /// Stop the match clock.
    Pause,
    /// Start it again.
    Resume,
    /// Adds seconds to the match clock (MATCH-5: one clock for the match, both players');
    /// a negative amount takes time off (a correction), down to 0 left: time is up.
    AddTime { seconds: i32 },
    /// The named player wins the duel in progress.
    AwardGame { player: String },
    /// The named player wins the match.
    AwardMatch { player: String },
    /// Proposes rewinding the duel in progress to an earlier decision: `step` actions
    /// applied (a frame's `step`). It happens once both players accept (`rewind_answer`).
    Rewind { step: usize },
}

/// A rewind a judge proposed, as the frames show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RewindInfo {
    /// The duel goes back to this many actions applied.
    pub step: usize,
    /// Who proposed it, and why.
    pub judge: String,
    pub reason: String,
    /// Whether the players in seats A and B have accepted.
    pub accepted: [bool; 2],
}

/// A message from the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    Welcome {
        version: u32,
        server: String,
        /// Names of the built-in decks, the AI players, the formats and editions.
        decks: Vec<String>,
        ais: Vec<String>,
        formats: Vec<String>,
        editions: Vec<String>,
    },
    Error {
        code: String,
        message: String,
    },
    Session {
        name: String,
        ratings: Vec<RatingLine>,
    },
    /// You sit in (or watch) a room. Keep `token`: it is the only way to act for the seat
    /// and to come back to it.
    Joined {
        code: String,
        seat: Option<String>,
        token: Option<String>,
    },
    Room(RoomInfo),
    State(Box<StateFrame>),
    Chat {
        from: String,
        text: String,
    },
    /// A duel ended (and, in a match, perhaps the match). Already in the database.
    Result(ResultInfo),
    /// An event as it stands, in answer to an event message.
    Event(Box<crate::event::EventInfo>),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingLine {
    pub format: String,
    pub elo: i64,
    pub games: i64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatInfo {
    pub name: String,
    pub account: bool,
    pub ai: bool,
    pub connected: bool,
    pub deck: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoomInfo {
    pub code: String,
    pub options: RoomOptions,
    pub edition: String,
    pub seats: [Option<SeatInfo>; 2],
    pub spectators: usize,
    /// `waiting` (for a player), `choosing` (first or second), `dueling`, `siding`, `over`.
    pub status: String,
    pub duel_wins: [u8; 2],
    pub duel_number: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClockInfo {
    /// Seconds left on the match clock (matches only).
    pub match_left_s: Option<u64>,
    /// A player whose connection dropped, and the seconds they have left to come back.
    pub waiting_for: Option<String>,
    pub waiting_left_s: Option<u64>,
    /// A judge has stopped the match clock (`match_left_s` stays put until they resume it).
    pub paused: bool,
}

/// What one seat (or a spectator) sees now.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StateFrame {
    /// Duel number in the room (1-3), and actions applied in it so far (replay index).
    pub duel: u8,
    pub step: usize,
    /// `None` before the first duel of the room starts.
    pub view: Option<WireView>,
    /// The chain, link 1 first.
    pub chain: Vec<String>,
    /// Log lines since the previous frame (the whole duel's in the first frame after
    /// joining and at the start of each duel).
    pub log: Vec<String>,
    /// The duel's event index `log` starts from: 0 means "the whole log", anything else
    /// "append to what you have".
    pub log_from: usize,
    pub clock: ClockInfo,
    /// Your legal actions now (empty unless you decide). Room decisions (`first`,
    /// `second`, `ready`) are listed here too.
    pub actions: Vec<WireAction>,
    /// While siding: your deck as it stands (main, extra, side).
    pub siding: Option<SideInfo>,
    /// A rewind a judge proposed, waiting for both players to accept.
    pub rewind: Option<RewindInfo>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideInfo {
    pub main: Vec<u32>,
    pub extra: Vec<u32>,
    pub side: Vec<u32>,
    pub next_duel: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ResultInfo {
    pub duel: u8,
    /// `A`, `B`, or `None` for a draw.
    pub winner: Option<String>,
    pub winner_name: Option<String>,
    pub reason: String,
    pub turns: u32,
    /// The stored duel (`/api/replays/ID`).
    pub replay_id: String,
    pub duel_wins: [u8; 2],
    /// The match is over (always for a single duel).
    pub match_over: bool,
    pub match_winner: Option<String>,
    /// Rating changes of a rated match: (name, new Elo).
    pub ratings: Vec<(String, i64)>,
}

impl ServerMsg {
    pub fn error(code: &str, message: impl Into<String>) -> ServerMsg {
        ServerMsg::Error { code: code.into(), message: message.into() }
    }
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("server messages serialize")
    }
}
