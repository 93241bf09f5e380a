// The messages of docs/PROTOCOL.md (version 1), as the server sends them. The field names
// are checked against the Rust types by crates/server/tests/suite/ts_types.rs.

export const PROTOCOL_VERSION = 1;

export interface WireCard {
  code: number;
  name: string;
  kind: string;
  attribute: string | null;
  level: number;
  atk: number | null;
  def: number | null;
  position: string;
  counters: [string, number][];
}

export interface WireSlot {
  card: WireCard | null;
  position: string;
  equipped_to: WireLoc | null;
}

export interface WireSide {
  lp: number;
  hand_count: number;
  hand: WireCard[];
  revealed: [number, WireCard][];
  deck_count: number;
  extra_count: number;
  extra: WireCard[];
  gy: WireCard[];
  banished: WireSlot[];
  monsters: (WireSlot | null)[];
  spells: (WireSlot | null)[];
  field: WireSlot | null;
  pendulum: (WireSlot | null)[];
}

export interface WireView {
  viewer: string;
  turn: number;
  turn_player: string;
  phase: string;
  step: string | null;
  deciding: string | null;
  outcome: { winner: string | null; reason: string } | null;
  sides: [WireSide, WireSide];
  prompt: string | null;
  links: WireLink[];
  attack: WireAttack | null;
}

export interface WireAttack {
  attacker: WireTarget;
  target: WireTarget | null;
}

export interface WireTarget {
  name: string;
  loc: WireLoc | null;
}

export interface WireLink {
  link: number;
  code: number;
  name: string;
  controller: string;
  card: WireLoc | null;
  targets: WireTarget[];
}

export interface WireLoc {
  player: string;
  zone: string;
  index: number;
}

export interface WireAction {
  text: string;
  card: WireLoc | null;
  words: string;
  target: WireLoc | null;
  place: WireLoc | null;
}

export interface ClockInfo {
  match_left_s: number | null;
  waiting_for: string | null;
  waiting_left_s: number | null;
  /** A judge has stopped the match clock. */
  paused: boolean;
}

export interface SideInfo {
  main: number[];
  extra: number[];
  side: number[];
  next_duel: number;
}

export interface StateFrame {
  duel: number;
  step: number;
  view: WireView | null;
  chain: string[];
  log: string[];
  log_from: number;
  clock: ClockInfo;
  actions: WireAction[];
  siding: SideInfo | null;
  /** A rewind a judge proposed, waiting for both players (`rewind_answer`). */
  rewind: RewindInfo | null;
}

/** A judge's proposal to rewind the duel to `step` actions applied. */
export interface RewindInfo {
  step: number;
  judge: string;
  reason: string;
  /** Seats A and B have accepted. */
  accepted: [boolean, boolean];
}

export interface SeatInfo {
  name: string;
  account: boolean;
  ai: boolean;
  connected: boolean;
  deck: string | null;
}

export interface RoomOptions {
  mode: string;
  vs_ai: string | null;
  ai_deck: string | null;
  format: string;
  edition: string | null;
  rated: boolean;
  lp: number;
}

export interface RoomInfo {
  code: string;
  options: RoomOptions;
  edition: string;
  seats: [SeatInfo | null, SeatInfo | null];
  spectators: number;
  status: string;
  duel_wins: [number, number];
  duel_number: number;
}

export interface ResultInfo {
  duel: number;
  winner: string | null;
  winner_name: string | null;
  reason: string;
  turns: number;
  replay_id: string;
  duel_wins: [number, number];
  match_over: boolean;
  match_winner: string | null;
  ratings: [string, number][];
}

export type DeckSource =
  | { kind: 'builtin'; name: string }
  | { kind: 'ydk'; text: string; file: string }
  | { kind: 'ydke'; url: string };

export type ServerMsg =
  | { type: 'welcome'; version: number; server: string; decks: string[]; ais: string[]; formats: string[]; editions: string[] }
  | { type: 'error'; code: string; message: string }
  | { type: 'session'; name: string; ratings: { format: string; elo: number; games: number }[] }
  | { type: 'joined'; code: string; seat: string | null; token: string | null }
  | ({ type: 'room' } & RoomInfo)
  | ({ type: 'state' } & StateFrame)
  | { type: 'chat'; from: string; text: string }
  | ({ type: 'result' } & ResultInfo)
  | ({ type: 'event' } & EventInfo);

/** A Swiss event (`event` message, `GET /api/events/ID`). */
export interface EventInfo {
  id: string;
  name: string;
  format: string;
  rounds: number;
  organizer: string;
  status: 'registration' | 'running' | 'finished';
  round: number;
  /** Swiss (the default), single elimination, or Swiss then a top cut of `top`. */
  structure: EventStructure;
  /** The no-show rule: seconds after a round's pairing to join its match (0: none). */
  grace_seconds: number;
  /** The match rules: a preset, and `minutes` if the organizer set the length. */
  match_settings: MatchSettings;
  /** A round's length in hours (0: rounds have no deadline). */
  round_hours: number;
  /** Unix seconds after which registration is refused (`null`: none). */
  registration_deadline: number | null;
  /** The judges the organizer named (the organizer judges too). */
  judges: string[];
  /** Every judge action: who, when, what, why. */
  log: EventLogEntry[];
  players: EventPlayerInfo[];
  pairings: EventPairingInfo[];
  standings: Standing[];
}

/** One judge action in an event's log. */
export interface EventLogEntry {
  seq: number;
  at_ms: number;
  judge: string;
  action: string;
  round: number | null;
  table: number | null;
  detail: string;
  reason: string;
}

export interface EventPlayerInfo {
  name: string;
  dropped: boolean;
  deck: string | null;
}

export interface EventPairingInfo {
  round: number;
  table: number;
  a: string;
  b: string | null;
  done: boolean;
  winner: string | null;
  wins: [number, number];
  room: string | null;
  match_id: string | null;
  /** A Swiss round's pairing, or an elimination round's (no draws: the higher seed, `a`,
   * advances); a double elimination's: its winners or losers bracket, or the grand final. */
  stage: 'swiss' | 'elimination' | 'winners' | 'losers' | 'grand_final';
  /** The round's deadline (Unix milliseconds; `round_hours` after the pairing), or `null`. */
  deadline: number | null;
}

/** `create_event`'s `match_settings`. */
export interface MatchSettings {
  preset: 'format' | 'community' | 'official';
  minutes?: number;
}

/** An event's structure (`create_event`'s `structure`). */
export type EventStructure = { kind: 'swiss' } | { kind: 'single_elimination' } | { kind: 'double_elimination' } | { kind: 'swiss_top_cut'; top: number };

export interface Standing {
  rank: number;
  entry: number;
  player: string;
  deck: string;
  points: number;
  wins: number;
  losses: number;
  draws: number;
  byes: number;
  omw: number;
  oomw: number;
  duel_diff: number;
}

export interface CardText {
  name: string;
  kind: string;
  text: string;
  level: number;
  attribute: string | null;
  race: string | null;
  atk: number | null;
  def: number | null;
  scales: [number, number];
}

/** A stored duel (`GET /api/duels`, `GET /api/events/ID/duels`): its replay is `/replay/ID`. */
export interface EventDuel {
  id: string;
  match_id: string;
  number: number;
  player_a: string;
  player_b: string;
  user_a: string | null;
  user_b: string | null;
  /** `A`, `B`, or null for a draw. */
  winner: string | null;
  reason: string;
  turns: number;
  format: string;
  edition: string;
  rated: boolean;
  finished_at: number;
  engine_version: string;
  card_data_version: string;
  deck_a: string;
  deck_b: string;
}
