//! Observations for learning: fixed-shape integer arrays built from `view(player)` and the
//! legal actions only (`docs/OBSERVATION.md` is the reference for every column).
//!
//! - `cards` (`CARD_ROWS` x `CARD_COLS`, i16): the cards the viewer can see, their own
//!   side first, then the opponent's: Monster Zones, Spell & Trap Zones, Field Zone,
//!   Pendulum Zones, hand (the opponent's as backs, but for the cards revealed to the viewer: MISC-7), GY, banished, visible Extra Deck.
//! - `globals` (`GLOBALS`, i32): LP, turn, phase, counts, the chain, flags.
//! - `actions` (`action_rows` x `ACTION_COLS`, i16): one row per legal action, in the
//!   order of `legal_actions`; `mask` (i8) marks the rows in use.
//!
//! Nothing here reads a duel: the only inputs are a [`View`], the legal actions and, for
//! a card an action names that has no row (a card of the viewer's own Deck while they
//! search it), a lookup that answers only for cards the viewer may see. Two duels the
//! viewer cannot tell apart therefore give identical arrays.

use ygo_core::card::{type_bits, Kind, MonsterFrame, SpellKind, TrapKind};
use ygo_core::pool::CardPool;
use ygo_core::view::{KnownCard, SeenCard};
use ygo_core::{Action, BattleStep, DamageStep, Loc, Player, Position, View, Zone};

use super::history::{ch, ev, Public, CHAIN_COLS, CHAIN_ROWS, EVENT_COLS, EVENT_ROWS};
use super::ids::{kind, parts, position_code, zone_code};

/// The version of the observation layout (`docs/OBSERVATION.md` says what each changed).
pub const OBSERVATION_VERSION: u32 = 2;

/// Rows of the card table: every card instance two 60 + 15 card decks hold, plus a full
/// Monster Zone of tokens per side (2 x 75 + 2 x 7 = 164), rounded up. No duel can show more.
pub const CARD_ROWS: usize = 168;
/// Columns of the card table.
pub const CARD_COLS: usize = 18;
/// Entries of the global feature vector.
pub const GLOBALS: usize = 32;
/// Columns of the action table.
pub const ACTION_COLS: usize = 8;
/// Rows of the action table: the default capacity. The largest legal-action count
/// measured over random duels of every pair of built-in decks is in `docs/OBSERVATION.md`
/// (`python -m ygo.bench --max-actions`); a position with more is flagged, never cut silently.
pub const ACTION_ROWS: usize = 128;

/// Card table columns.
pub mod card {
    pub const INDEX: usize = 0;
    pub const KNOWN: usize = 1;
    pub const SIDE: usize = 2;
    pub const ZONE: usize = 3;
    pub const SLOT: usize = 4;
    pub const POSITION: usize = 5;
    pub const OWNER: usize = 6;
    pub const ATK: usize = 7;
    pub const DEF: usize = 8;
    pub const LEVEL: usize = 9;
    pub const ATTRIBUTE: usize = 10;
    pub const RACE: usize = 11;
    pub const KIND: usize = 12;
    pub const FLAGS: usize = 13;
    pub const COUNTERS: usize = 14;
    pub const CAN_ACTIVATE: usize = 15;
    pub const THIS_TURN: usize = 16;
    pub const CHAIN_LINK: usize = 17;
    /// Column names, in order.
    pub const NAMES: [&str; super::CARD_COLS] = [
        "index",
        "known",
        "side",
        "zone",
        "slot",
        "position",
        "owner",
        "atk",
        "def",
        "level",
        "attribute",
        "race",
        "kind",
        "flags",
        "counters",
        "can_activate",
        "this_turn",
        "chain_link",
    ];
}

/// Global features.
pub mod global {
    pub const SEAT: usize = 0;
    pub const MY_TURN: usize = 1;
    pub const TURN: usize = 2;
    pub const PHASE: usize = 3;
    pub const STEP: usize = 4;
    pub const DECIDING: usize = 5;
    pub const LP: usize = 6;
    pub const HAND: usize = 8;
    pub const DECK: usize = 10;
    pub const EXTRA: usize = 12;
    pub const GY: usize = 14;
    pub const BANISHED: usize = 16;
    pub const MONSTERS: usize = 18;
    pub const SPELLS: usize = 20;
    pub const CHAIN: usize = 22;
    pub const CHAIN_TOP_SIDE: usize = 23;
    pub const CHAIN_TOP_INDEX: usize = 24;
    pub const ACTIONS: usize = 25;
    pub const ACTION_OVERFLOW: usize = 26;
    pub const CARDS: usize = 27;
    pub const CARD_OVERFLOW: usize = 28;
    pub const OUTCOME: usize = 29;
    /// Names of the entries (pairs are "mine, the opponent's").
    pub const NAMES: [&str; super::GLOBALS] = [
        "seat",
        "my_turn",
        "turn",
        "phase",
        "step",
        "deciding",
        "lp",
        "opp_lp",
        "hand",
        "opp_hand",
        "deck",
        "opp_deck",
        "extra",
        "opp_extra",
        "gy",
        "opp_gy",
        "banished",
        "opp_banished",
        "monsters",
        "opp_monsters",
        "spells",
        "opp_spells",
        "chain",
        "chain_top_side",
        "chain_top_index",
        "actions",
        "action_overflow",
        "cards",
        "card_overflow",
        "outcome",
        "reserved_30",
        "reserved_31",
    ];
}

/// Action table columns.
pub mod act {
    pub const KIND: usize = 0;
    pub const CARD_ROW: usize = 1;
    pub const CARD_INDEX: usize = 2;
    pub const CARD_ZONE: usize = 3;
    pub const CARD_SIDE: usize = 4;
    pub const TARGET_ROW: usize = 5;
    pub const TARGET_INDEX: usize = 6;
    pub const PARAM: usize = 7;
    pub const NAMES: [&str; super::ACTION_COLS] = ["kind", "card_row", "card_index", "card_zone", "card_side", "target_row", "target_index", "param"];
}

/// `param` of an `announce` of a coin toss.
pub const PARAM_HEADS: i16 = -2;
pub const PARAM_TAILS: i16 = -3;
/// `param` of an `announce` of a card (its index is in `card_index`) or of a value that
/// does not fit.
pub const PARAM_CARD: i16 = -1;

/// The arrays one observation is written into (any previous content is overwritten).
pub struct ObsMut<'a> {
    pub cards: &'a mut [i16],
    pub globals: &'a mut [i32],
    pub actions: &'a mut [i16],
    pub mask: &'a mut [i8],
    /// `CHAIN_ROWS` x `CHAIN_COLS`.
    pub chain: &'a mut [i16],
    /// `EVENT_ROWS` x `EVENT_COLS`.
    pub events: &'a mut [i16],
}

/// Owned arrays of one observation, for callers without buffers of their own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Obs {
    pub cards: Vec<i16>,
    pub globals: Vec<i32>,
    pub actions: Vec<i16>,
    pub mask: Vec<i8>,
    pub chain: Vec<i16>,
    pub events: Vec<i16>,
}

impl Obs {
    pub fn new(action_rows: usize) -> Obs {
        Obs {
            cards: vec![0; CARD_ROWS * CARD_COLS],
            globals: vec![0; GLOBALS],
            actions: vec![0; action_rows * ACTION_COLS],
            mask: vec![0; action_rows],
            chain: vec![0; CHAIN_ROWS * CHAIN_COLS],
            events: vec![0; EVENT_ROWS * EVENT_COLS],
        }
    }
    pub fn as_mut(&mut self) -> ObsMut<'_> {
        ObsMut {
            cards: &mut self.cards,
            globals: &mut self.globals,
            actions: &mut self.actions,
            mask: &mut self.mask,
            chain: &mut self.chain,
            events: &mut self.events,
        }
    }
}

/// More legal actions (or cards) than the table has rows: the first rows are written and
/// the overflow flag set in `globals`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overflow {
    pub actions: usize,
    pub action_rows: usize,
    pub cards: usize,
}

impl std::fmt::Display for Overflow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} legal actions for an action table of {} rows ({} visible cards for {} card rows)", self.actions, self.action_rows, self.cards, CARD_ROWS)
    }
}

/// The stable card index (`crates/ai/data/card_index.txt`): line *k* holds the passcode of
/// index *k*; new cards are appended, so a card keeps its index from version to version.
pub const CARD_INDEX_FILE: &str = include_str!("../../data/card_index.txt");

/// Passcodes by embedding index (`[0]` = 0, "unknown"): the file's, then any card of `pool`
/// the file lacks, in pool order (the `card_index_file_is_current` test asks for them).
pub fn index_codes(pool: &CardPool) -> Vec<u32> {
    let mut codes: Vec<u32> = std::iter::once(0).chain(CARD_INDEX_FILE.lines().filter_map(|l| l.trim().parse().ok())).collect();
    let listed: std::collections::BTreeSet<u32> = codes.iter().copied().collect();
    codes.extend(pool.iter().map(|d| d.data.id).filter(|c| !listed.contains(c)));
    codes
}

/// The printed facts of a card as table columns (index, attribute, race, kind, flags).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Printed {
    index: i16,
    attribute: i16,
    race: i16,
    kind: i16,
    flags: i16,
}

/// A multiplicative hasher for passcodes (the keys are plain integers; the map is a lookup
/// table, never iterated).
#[derive(Default)]
struct CodeHasher(u64);

impl std::hash::Hasher for CodeHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_u32(&mut self, x: u32) {
        self.0 = (x as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// The card pool's printed facts by passcode, computed once: what the encoder looks up
/// for every visible card.
pub struct CardTable {
    by_code: std::collections::HashMap<u32, Printed, std::hash::BuildHasherDefault<CodeHasher>>,
    codes: Vec<u32>,
}

impl CardTable {
    pub fn new(pool: &CardPool) -> CardTable {
        let codes = index_codes(pool);
        let index_of: std::collections::BTreeMap<u32, i16> = codes.iter().enumerate().skip(1).map(|(i, &c)| (c, i.min(i16::MAX as usize) as i16)).collect();
        let by_code = pool
            .iter()
            .map(|def| {
                let d = &def.data;
                let p = Printed {
                    index: index_of.get(&d.id).copied().unwrap_or(0),
                    attribute: d.attribute.map_or(0, |a| a as i16 + 1),
                    race: d.race.map_or(0, |x| x.0 as i16 + 1),
                    kind: kind_code(d.kind),
                    flags: flags(d.type_bits),
                };
                (d.id, p)
            })
            .collect();
        CardTable { by_code, codes }
    }
    /// Passcodes by index (`[0]` = 0).
    pub fn codes(&self) -> &[u32] {
        &self.codes
    }
    /// The table of the shipped card pool (`ygo_cards::pool()`), built once.
    pub fn shipped() -> &'static CardTable {
        static TABLE: std::sync::OnceLock<CardTable> = std::sync::OnceLock::new();
        TABLE.get_or_init(|| CardTable::new(&ygo_cards::pool()))
    }
    fn get(&self, code: u32) -> Printed {
        self.by_code.get(&code).copied().unwrap_or_default()
    }
    /// The embedding index of a passcode (0 = not in the pool).
    pub fn index(&self, code: u32) -> i16 {
        self.get(code).index
    }
}

fn kind_code(k: Kind) -> i16 {
    match k {
        Kind::Monster(f) => match f {
            MonsterFrame::Normal => 1,
            MonsterFrame::Effect => 2,
            MonsterFrame::Ritual => 3,
            MonsterFrame::Fusion => 4,
            MonsterFrame::Synchro => 5,
            MonsterFrame::Xyz => 6,
            MonsterFrame::Link => 7,
            MonsterFrame::Token => 8,
        },
        Kind::Spell(s) => match s {
            SpellKind::Normal => 9,
            SpellKind::Continuous => 10,
            SpellKind::Equip => 11,
            SpellKind::Field => 12,
            SpellKind::QuickPlay => 13,
            SpellKind::Ritual => 14,
        },
        Kind::Trap(t) => match t {
            TrapKind::Normal => 15,
            TrapKind::Continuous => 16,
            TrapKind::Counter => 17,
        },
    }
}

/// The `flags` column: card properties the kind does not say, one bit each.
pub const FLAG_BITS: [(u32, &str); 10] = [
    (type_bits::TUNER, "tuner"),
    (type_bits::PENDULUM, "pendulum"),
    (type_bits::FLIP, "flip"),
    (type_bits::SPIRIT, "spirit"),
    (type_bits::UNION, "union"),
    (type_bits::GEMINI, "gemini"),
    (type_bits::TOON, "toon"),
    (type_bits::TRAPMONSTER, "trap_monster"),
    (type_bits::SPSUMMON, "special_summon_only"),
    (type_bits::EFFECT, "effect"),
];

fn flags(type_bits: u32) -> i16 {
    FLAG_BITS.iter().enumerate().filter(|(_, (b, _))| type_bits & b != 0).fold(0, |acc, (i, _)| acc | 1 << i)
}

fn clamp16(x: i32) -> i16 {
    x.clamp(i16::MIN as i32, i16::MAX as i32) as i16
}

fn battle_step_code(s: Option<BattleStep>) -> i32 {
    match s {
        None => 0,
        Some(BattleStep::Start) => 1,
        Some(BattleStep::Battle) => 2,
        Some(BattleStep::Damage(d)) => {
            3 + match d {
                DamageStep::Start => 0,
                DamageStep::BeforeCalculation => 1,
                DamageStep::DuringCalculation => 2,
                DamageStep::AfterCalculation => 3,
                DamageStep::End => 4,
            }
        }
        Some(BattleStep::End) => 8,
    }
}

/// Where each visible card's row is, by place.
#[derive(Default)]
struct Rows {
    /// Per side (viewer first): Monster Zones 0-6, S/T 7-11, Field 12, Pendulum 13-14.
    slots: [[i16; 15]; 2],
    /// Per side: (first row, count) of hand, GY, banished, Extra Deck.
    piles: [[(i16, i16); 4]; 2],
}

impl Rows {
    fn new() -> Rows {
        Rows { slots: [[-1; 15]; 2], piles: [[(0, 0); 4]; 2] }
    }
    fn row(&self, side: usize, loc: Loc) -> i16 {
        let slot = |base: usize, n: usize| if (loc.index as usize) < n { self.slots[side][base + loc.index as usize] } else { -1 };
        let pile = |k: usize| {
            let (start, n) = self.piles[side][k];
            if (loc.index as i16) < n {
                start + loc.index as i16
            } else {
                -1
            }
        };
        match loc.zone {
            Zone::Monster => slot(0, 7),
            Zone::SpellTrap => slot(7, 5),
            Zone::Field => slot(12, 1),
            Zone::Pendulum => slot(13, 2),
            Zone::Hand => pile(0),
            Zone::Gy => pile(1),
            Zone::Banished => pile(2),
            Zone::Extra => pile(3),
            _ => -1,
        }
    }
}

/// Writes one row per visible card.
struct CardWriter<'a, 'b> {
    table: &'a CardTable,
    out: &'b mut [i16],
    n: usize,
    /// Cards beyond the table (never in a legal duel; counted so it is never silent).
    dropped: usize,
}

impl CardWriter<'_, '_> {
    fn push(&mut self, side: usize, zone: Zone, slot: usize, seen: &SeenCard, viewer: Player) -> i16 {
        match seen {
            SeenCard::Known(k) => self.known(side, zone, slot, k, viewer),
            SeenCard::Hidden { position } => self.hidden(side, zone, slot, Some(*position)),
        }
    }

    fn begin(&mut self, side: usize, zone: Zone, slot: usize) -> Option<&mut [i16]> {
        if self.n >= CARD_ROWS {
            self.dropped += 1;
            return None;
        }
        let r = &mut self.out[self.n * CARD_COLS..(self.n + 1) * CARD_COLS];
        self.n += 1;
        r.fill(0);
        r[card::SIDE] = side as i16;
        r[card::ZONE] = zone_code(zone);
        r[card::SLOT] = slot as i16;
        Some(r)
    }

    fn hidden(&mut self, side: usize, zone: Zone, slot: usize, position: Option<Position>) -> i16 {
        let row = self.n as i16;
        let Some(r) = self.begin(side, zone, slot) else { return -1 };
        r[card::POSITION] = position.map_or(0, position_code);
        r[card::OWNER] = -1;
        r[card::ATK] = -1;
        r[card::DEF] = -1;
        row
    }

    fn known(&mut self, side: usize, zone: Zone, slot: usize, k: &KnownCard, viewer: Player) -> i16 {
        let row = self.n as i16;
        let printed = self.table.get(k.code);
        let Some(r) = self.begin(side, zone, slot) else { return -1 };
        r[card::INDEX] = printed.index;
        r[card::KNOWN] = 1;
        r[card::POSITION] = position_code(k.position);
        r[card::OWNER] = (k.owner != viewer) as i16;
        r[card::ATK] = k.atk.map_or(-1, clamp16);
        r[card::DEF] = k.def.map_or(-1, clamp16);
        r[card::LEVEL] = k.level as i16;
        r[card::ATTRIBUTE] = printed.attribute;
        r[card::RACE] = printed.race;
        r[card::KIND] = printed.kind;
        r[card::FLAGS] = printed.flags;
        r[card::COUNTERS] = clamp16(k.counters.iter().map(|&(_, n)| n as i32).sum());
        row
    }
}

/// Encodes what `view.viewer` sees and may do. `actions` are the viewer's legal actions
/// (empty when they do not decide); `visible_code` answers, for a place an action names,
/// the passcode there if the viewer may see it (it is asked only for places without a
/// row: a Deck being searched, Xyz materials). Returns the overflow, with the flags set,
/// when the tables are too small.
pub fn encode(
    view: &View,
    public: &Public,
    actions: &[Action],
    visible_code: &dyn Fn(Loc) -> Option<u32>,
    table: &CardTable,
    out: ObsMut<'_>,
) -> Result<(), Overflow> {
    let viewer = view.viewer;
    let order = [viewer, viewer.opp()];
    let mut rows = Rows::new();
    let mut w = CardWriter { table, out: out.cards, n: 0, dropped: 0 };
    for (side, &p) in order.iter().enumerate() {
        let sv = &view.sides[p.idx()];
        let field = sv.monsters.iter().enumerate().map(|(i, m)| (Zone::Monster, i, 0, m.as_ref()));
        let field = field.chain(sv.spells.iter().enumerate().map(|(i, m)| (Zone::SpellTrap, i, 7, m.as_ref())));
        let field = field.chain(std::iter::once((Zone::Field, 0, 12, sv.field.as_ref())));
        let field = field.chain(sv.pendulum.iter().enumerate().map(|(i, m)| (Zone::Pendulum, i, 13, m.as_ref())));
        for (zone, i, base, seen) in field {
            if let Some(seen) = seen {
                if base + i < 15 {
                    rows.slots[side][base + i] = w.push(side, zone, i, seen, viewer);
                }
            }
        }
        let start = w.n as i16;
        if p == viewer {
            for (i, k) in sv.hand.iter().enumerate() {
                w.known(side, Zone::Hand, i, k, viewer);
            }
        } else {
            // MISC-7: the opponent's hand cards revealed to the viewer are known rows.
            for i in 0..sv.hand_count {
                match sv.known_hand.iter().find(|(j, _)| *j == i) {
                    Some((_, k)) => w.known(side, Zone::Hand, i, k, viewer),
                    None => w.hidden(side, Zone::Hand, i, None),
                };
            }
        }
        rows.piles[side][0] = (start, w.n as i16 - start);
        let start = w.n as i16;
        for (i, k) in sv.gy.iter().enumerate() {
            w.known(side, Zone::Gy, i, k, viewer);
        }
        rows.piles[side][1] = (start, w.n as i16 - start);
        let start = w.n as i16;
        for (i, s) in sv.banished.iter().enumerate() {
            w.push(side, Zone::Banished, i, s, viewer);
        }
        rows.piles[side][2] = (start, w.n as i16 - start);
        let start = w.n as i16;
        for (i, k) in sv.extra.iter().enumerate() {
            w.known(side, Zone::Extra, i, k, viewer);
        }
        // The opponent's Extra Deck shows only its face-up cards: their places in the pile
        // are not known, so actions cannot point at them by place.
        rows.piles[side][3] = if p == viewer { (start, w.n as i16 - start) } else { (start, 0) };
    }
    let (n_cards, dropped) = (w.n, w.dropped);
    out.cards[n_cards * CARD_COLS..].fill(0);
    let side_of = |p: Player| (p != viewer) as usize;
    let row_of = |l: Loc| rows.row(side_of(l.player), l);

    // What the cards did this turn, and the chain.
    for &(l, f) in &public.flags {
        let r = row_of(l);
        if r >= 0 {
            out.cards[r as usize * CARD_COLS + card::THIS_TURN] |= f;
        }
    }
    out.chain.fill(0);
    let skip = view.chain.len().saturating_sub(CHAIN_ROWS);
    for (i, (link, loc)) in view.chain.iter().zip(public.chain_locs.iter()).enumerate() {
        let r = loc.map_or(-1, row_of);
        if r >= 0 {
            out.cards[r as usize * CARD_COLS + card::CHAIN_LINK] = (i + 1) as i16;
        }
        if i < skip {
            continue;
        }
        let row = &mut out.chain[(i - skip) * CHAIN_COLS..(i - skip + 1) * CHAIN_COLS];
        row[ch::LINK] = (i + 1) as i16;
        row[ch::SIDE] = side_of(link.controller) as i16;
        row[ch::CARD_INDEX] = table.index(link.code);
        row[ch::EFFECT] = link.effect as i16;
        row[ch::CARD_ROW] = r;
    }
    // The last public events, newest first.
    out.events.fill(0);
    for (e, row) in public.events.iter().take(EVENT_ROWS).zip(out.events.chunks_mut(EVENT_COLS)) {
        row[ev::KIND] = e.kind;
        row[ev::TURNS_AGO] = e.turns_ago;
        row[ev::SIDE] = e.player.map_or(-1, |p| side_of(p) as i16);
        row[ev::CARD_ROW] = -1;
        if let Some((code, l)) = e.card {
            row[ev::CARD_INDEX] = table.index(code);
            row[ev::CARD_ROW] = row_of(l);
        }
        row[ev::FROM_ZONE] = e.from_zone;
        row[ev::TO_ZONE] = e.to_zone;
        row[ev::VALUE] = clamp16(e.value);
        if let Some(x) = e.declared.filter(|&x| table.index(x) > 0) {
            row[ev::CARD_INDEX] = table.index(x);
            row[ev::VALUE] = PARAM_CARD;
        }
    }

    // The action table.
    let cap = out.mask.len();
    out.mask.fill(0);
    out.actions.fill(0);
    let index_at = |row: i16, cards: &[i16]| if row >= 0 { cards[row as usize * CARD_COLS + card::INDEX] } else { 0 };
    for (i, a) in actions.iter().enumerate() {
        let (first, second, param) = parts(a);
        if let (Action::Activate { .. }, Some(l)) = (a, first) {
            let r = rows.row(side_of(l.player), l);
            if r >= 0 {
                out.cards[r as usize * CARD_COLS + card::CAN_ACTIVATE] = 1;
            }
        }
        if i >= cap {
            continue;
        }
        let row = &mut out.actions[i * ACTION_COLS..(i + 1) * ACTION_COLS];
        out.mask[i] = 1;
        row[act::KIND] = kind(a) as i16;
        row[act::CARD_ROW] = -1;
        row[act::TARGET_ROW] = -1;
        if let Some(l) = first {
            let r = rows.row(side_of(l.player), l);
            row[act::CARD_ROW] = r;
            row[act::CARD_INDEX] = if r >= 0 { index_at(r, out.cards) } else { visible_code(l).map_or(0, |c| table.index(c)) };
            row[act::CARD_ZONE] = zone_code(l.zone);
            row[act::CARD_SIDE] = side_of(l.player) as i16;
        }
        if let Some(l) = second {
            let r = rows.row(side_of(l.player), l);
            row[act::TARGET_ROW] = r;
            row[act::TARGET_INDEX] = index_at(r, out.cards);
        }
        row[act::PARAM] = match a {
            Action::Announce(x) => match *x {
                ygo_core::action::declare::HEADS => PARAM_HEADS,
                ygo_core::action::declare::TAILS => PARAM_TAILS,
                x if table.index(x) > 0 => {
                    row[act::CARD_INDEX] = table.index(x);
                    PARAM_CARD
                }
                x if x <= i16::MAX as u32 => x as i16,
                _ => PARAM_CARD,
            },
            _ => param as i16,
        };
    }

    // Global features.
    let g = out.globals;
    g.fill(0);
    g[global::SEAT] = viewer.idx() as i32;
    g[global::MY_TURN] = (view.turn_player == viewer) as i32;
    g[global::TURN] = view.turn as i32;
    g[global::PHASE] = view.phase as i32;
    g[global::STEP] = battle_step_code(view.step);
    g[global::DECIDING] = (view.deciding == Some(viewer)) as i32;
    for (side, &p) in order.iter().enumerate() {
        let sv = &view.sides[p.idx()];
        g[global::LP + side] = sv.lp;
        g[global::HAND + side] = sv.hand_count as i32;
        g[global::DECK + side] = sv.deck_count as i32;
        g[global::EXTRA + side] = sv.extra_count as i32;
        g[global::GY + side] = sv.gy.len() as i32;
        g[global::BANISHED + side] = sv.banished.len() as i32;
        g[global::MONSTERS + side] = sv.monsters.iter().flatten().count() as i32;
        g[global::SPELLS + side] = sv.spells.iter().flatten().count() as i32;
    }
    g[global::CHAIN] = view.chain.len() as i32;
    g[global::CHAIN_TOP_SIDE] = view.chain.last().map_or(-1, |l| side_of(l.controller) as i32);
    g[global::CHAIN_TOP_INDEX] = view.chain.last().map_or(0, |l| table.index(l.code) as i32);
    g[global::ACTIONS] = actions.len() as i32;
    g[global::ACTION_OVERFLOW] = (actions.len() > cap) as i32;
    g[global::CARDS] = (n_cards + dropped) as i32;
    g[global::CARD_OVERFLOW] = (dropped > 0) as i32;
    g[global::OUTCOME] = match view.outcome {
        None => 0,
        Some(o) => match o.winner {
            Some(p) if p == viewer => 1,
            Some(_) => 2,
            None => 3,
        },
    };
    if actions.len() > cap || dropped > 0 {
        return Err(Overflow { actions: actions.len(), action_rows: cap, cards: n_cards + dropped });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::obs::{dealt_again, observe, test_duel};
    use crate::RandomPlayer;

    /// Random positions of a duel of two built-in decks, every `every` decisions.
    fn positions(a: &str, b: &str, seed: u64, every: usize) -> Vec<ygo_core::Duel> {
        let mut duel = test_duel(a, b, None, seed);
        let mut rng = RandomPlayer::new(seed);
        let mut out = Vec::new();
        for i in 0.. {
            if duel.deciding_player().is_none() {
                break;
            }
            if i % every == 0 {
                out.push(duel.clone());
            }
            let a = rng.pick(&duel.legal_actions());
            duel.apply_unchecked(a);
        }
        out
    }

    #[test]
    fn unseen_cards_do_not_change_the_arrays() {
        let (mut compared, mut differing_hidden) = (0, 0);
        for (a, b, seed) in [("bench-yugi", "bench-kaiba", 1), ("trap-stall", "classic-chain", 2), ("synchro", "pendulum-link", 3)] {
            for d in positions(a, b, seed, 7) {
                for viewer in Player::BOTH {
                    // The opponent's hidden cards dealt again, the history kept.
                    let s = dealt_again(&d, viewer, 17);
                    assert_eq!(s.view(viewer), d.view(viewer));
                    compared += 1;
                    let opp = viewer.opp();
                    if s.player(opp).hand.iter().map(|&c| s.card(c).code).ne(d.player(opp).hand.iter().map(|&c| d.card(c).code)) {
                        differing_hidden += 1;
                    }
                    assert_eq!(observe(&d, viewer, ACTION_ROWS), observe(&s, viewer, ACTION_ROWS), "{a} vs {b}: turn {}", d.turn());
                }
            }
        }
        assert!(compared > 500, "{compared} positions compared");
        assert!(differing_hidden * 2 > compared, "the samples changed the opponent's hand in {differing_hidden} of {compared}");
    }

    #[test]
    fn hidden_cards_have_no_identity_and_actions_point_at_rows() {
        let (mut hidden_rows, mut pointing) = (0, 0);
        for d in positions("trap-stall", "bench-kaiba", 4, 3) {
            let Some(viewer) = d.deciding_player() else { continue };
            let (obs, r) = observe(&d, viewer, ACTION_ROWS);
            r.unwrap();
            let n = obs.globals[global::CARDS] as usize;
            for row in obs.cards.chunks(CARD_COLS).take(n) {
                if row[card::KNOWN] == 0 {
                    hidden_rows += 1;
                    assert_eq!(row[card::SIDE], 1, "only the opponent's cards are hidden from their viewer");
                    assert_eq!((row[card::INDEX], row[card::ATK], row[card::LEVEL], row[card::KIND]), (0, -1, 0, 0));
                }
            }
            assert!(obs.cards.chunks(CARD_COLS).skip(n).all(|r| r.iter().all(|&x| x == 0)), "rows past the count are empty");
            let legal = d.legal_actions();
            assert_eq!(obs.mask.iter().filter(|&&m| m == 1).count(), legal.len());
            for (a, row) in legal.iter().zip(obs.actions.chunks(ACTION_COLS)) {
                assert_eq!(row[act::KIND], kind(a) as i16);
                let r = row[act::CARD_ROW];
                if r >= 0 {
                    pointing += 1;
                    let l = parts(a).0.unwrap();
                    let card_row = &obs.cards[r as usize * CARD_COLS..(r as usize + 1) * CARD_COLS];
                    assert_eq!(card_row[card::ZONE], zone_code(l.zone));
                    assert_eq!(card_row[card::SIDE], (l.player != viewer) as i16);
                    if matches!(a, Action::Activate { .. }) {
                        assert_eq!(card_row[card::CAN_ACTIVATE], 1);
                    }
                }
            }
        }
        assert!(hidden_rows > 50 && pointing > 50, "{hidden_rows} hidden rows, {pointing} actions pointing at rows");
    }

    #[test]
    fn too_many_actions_are_flagged_not_cut_silently() {
        let d = positions("bench-yugi", "bench-kaiba", 5, 1).into_iter().find(|d| d.legal_actions().len() >= 4).unwrap();
        let viewer = d.deciding_player().unwrap();
        let n = d.legal_actions().len();
        let (obs, r) = observe(&d, viewer, 3);
        let e = r.unwrap_err();
        assert_eq!((e.actions, e.action_rows), (n, 3));
        assert_eq!(obs.globals[global::ACTION_OVERFLOW], 1);
        assert_eq!(obs.globals[global::ACTIONS], n as i32);
        assert_eq!(obs.mask, vec![1, 1, 1]);
        let (fits, ok) = observe(&d, viewer, ACTION_ROWS);
        assert!(ok.is_ok());
        assert_eq!(fits.globals[global::ACTION_OVERFLOW], 0);
    }

    #[test]
    fn names_match_the_sizes() {
        assert_eq!(card::NAMES[card::CAN_ACTIVATE], "can_activate");
        assert_eq!(global::NAMES[global::OUTCOME], "outcome");
        assert_eq!(global::NAMES[global::CHAIN], "chain");
        assert_eq!(act::NAMES[act::PARAM], "param");
        let t = CardTable::shipped();
        let pool = ygo_cards::pool();
        let dm = pool.find("Dark Magician").map(|i| pool.def(i).data.id).unwrap();
        assert_eq!(t.codes()[t.index(dm) as usize], dm);
        assert!(t.index(dm) > 0);
        assert_eq!(t.index(1), 0);
    }

    #[test]
    fn card_index_file_is_current() {
        // Every card of the pool has its line; lines are only ever appended.
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/card_index.txt");
        let codes = index_codes(&ygo_cards::pool());
        let text: String = codes[1..].iter().map(|c| format!("{c}\n")).collect();
        if std::env::var_os("YGO_WRITE_CARD_INDEX").is_some() {
            std::fs::write(path, &text).unwrap();
        }
        let shipped = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            shipped == text,
            "crates/ai/data/card_index.txt lacks cards: run `YGO_WRITE_CARD_INDEX=1 cargo test --release -p ygo-ai card_index_file` (it appends them)"
        );
        assert!(text.starts_with(CARD_INDEX_FILE), "the compiled index is a prefix of the file");
        let mut sorted = codes.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), codes.len(), "one index per passcode");
    }
}
