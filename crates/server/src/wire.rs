//! The duel as it goes over the wire: a seat's `view(player)` (or the public view for
//! spectators) in a form a browser can draw, the chain, the log lines an audience may
//! read, and the legal actions with the card each one is about. Everything here is
//! computed from views and viewer-filtered event texts: no card the audience has not seen
//! is named.

use serde::{Deserialize, Serialize};
use ygo_core::card::Kind;
use ygo_core::view::{KnownCard, SeenCard, SideView, View};
use ygo_core::{Action, CardId, Duel, Event, Loc, Player, Position, Zone};

use crate::words;

/// Who is looking: a seat, or a spectator (neither hand, no face-down card).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience {
    Seat(Player),
    Public,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireCard {
    pub code: u32,
    pub name: String,
    /// `monster`, `spell` or `trap`.
    pub kind: String,
    pub attribute: Option<String>,
    pub level: u8,
    pub atk: Option<i32>,
    pub def: Option<i32>,
    pub position: String,
    /// Counters on the card (`spell`, `a`, ...) and how many; empty off the field.
    #[serde(default)]
    pub counters: Vec<(String, u16)>,
}

/// A card slot or pile entry: `None` fields mean a face-down card of unknown identity.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireSlot {
    pub card: Option<WireCard>,
    pub position: String,
    /// A face-up Equip Card: the monster it is equipped to.
    #[serde(default)]
    pub equipped_to: Option<WireLoc>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireSide {
    pub lp: i32,
    pub hand_count: usize,
    pub hand: Vec<WireCard>,
    /// The opponent's hand cards revealed to this seat (MISC-7), each with its index in
    /// that hand; empty for one's own side and for spectators.
    #[serde(default)]
    pub revealed: Vec<(usize, WireCard)>,
    pub deck_count: usize,
    pub extra_count: usize,
    pub extra: Vec<WireCard>,
    pub gy: Vec<WireCard>,
    pub banished: Vec<WireSlot>,
    /// Main Monster Zones 0-4, then the Extra Monster Zones 5-6 (when the edition has them).
    pub monsters: Vec<Option<WireSlot>>,
    pub spells: Vec<Option<WireSlot>>,
    pub field: Option<WireSlot>,
    pub pendulum: Vec<Option<WireSlot>>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireView {
    /// `A`, `B`, or `public`.
    pub viewer: String,
    pub turn: u32,
    pub turn_player: String,
    pub phase: String,
    pub step: Option<String>,
    pub deciding: Option<String>,
    pub outcome: Option<WireOutcome>,
    pub sides: [WireSide; 2],
    /// What the viewer's pending decision asks, in words (`None` unless the viewer decides).
    #[serde(default)]
    pub prompt: Option<String>,
    /// The chain, link 1 first, with each link's targets (public: EFF-6).
    #[serde(default)]
    pub links: Vec<WireLink>,
    /// The attack being made now, if any: the attacker and its target (none: a direct
    /// attack), both public.
    #[serde(default)]
    pub attack: Option<WireAttack>,
}

/// The attack of the current battle as every audience may read it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireAttack {
    pub attacker: WireTarget,
    pub target: Option<WireTarget>,
}

/// One chain link as every audience may read it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireLink {
    pub link: u8,
    pub code: u32,
    pub name: String,
    pub controller: String,
    /// Where the activated card is now, when it is still on the field.
    pub card: Option<WireLoc>,
    pub targets: Vec<WireTarget>,
}

/// A chain link's target: its public words and, on the field, its place.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireTarget {
    pub name: String,
    pub loc: Option<WireLoc>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireOutcome {
    pub winner: Option<String>,
    pub reason: String,
}

/// Where an action's card is, as the audience sees the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireLoc {
    pub player: String,
    /// `hand`, `monsters`, `spells`, `field`, `pendulum`, `gy`, `banished`.
    pub zone: String,
    pub index: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireAction {
    /// The canonical text (`Duel::legal_actions` texts); send it back to act.
    pub text: String,
    /// The card the action is about, when it is on a visible place of the table.
    pub card: Option<WireLoc>,
    /// The action in the player's words (`Tsukuyomi (zone 3) attacks Sheep Token (zone
    /// 2)`); the same words the terminal duel shows.
    #[serde(default)]
    pub words: String,
    /// An attack's target, when it is a monster on the field.
    #[serde(default)]
    pub target: Option<WireLoc>,
    /// A zone answer: the empty zone it chooses, to click on the mat.
    #[serde(default)]
    pub place: Option<WireLoc>,
}

impl WireAction {
    /// A room-level decision (`first`, `second`, `ready`): no card, its words the text.
    pub fn plain(text: &str) -> WireAction {
        let words = match text {
            "first" => "go first",
            "second" => "go second",
            "ready" => "ready: start the next duel",
            t => t,
        };
        WireAction { text: text.to_string(), card: None, words: words.to_string(), target: None, place: None }
    }
}

pub fn pos_name(p: Position) -> &'static str {
    match p {
        Position::FaceUpAttack => "attack",
        Position::FaceUpDefense => "defense",
        Position::FaceDownDefense => "set",
        Position::FaceDownAttack => "set-attack",
    }
}

fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Monster(_) => "monster",
        Kind::Spell(_) => "spell",
        Kind::Trap(_) => "trap",
    }
}

fn card(duel: &Duel, k: &KnownCard) -> WireCard {
    let data = duel.pool().get(k.code).map(|d| &d.data);
    WireCard {
        code: k.code,
        name: k.name.clone(),
        kind: data.map_or("monster", |d| kind_name(d.kind)).to_string(),
        attribute: data.and_then(|d| d.attribute).map(|a| format!("{a:?}").to_ascii_lowercase()),
        level: k.level,
        atk: k.atk,
        def: k.def,
        position: pos_name(k.position).to_string(),
        counters: k.counters.clone(),
    }
}

/// A card's place on the field, in wire form (`None` off the field).
fn field_loc(duel: &Duel, id: CardId) -> Option<WireLoc> {
    let c = duel.card(id);
    let zone = match c.zone() {
        Zone::Monster | Zone::SpellTrap | Zone::Field | Zone::Pendulum => zone_name(c.zone())?,
        _ => return None,
    };
    Some(WireLoc { player: c.controller().name().to_string(), zone: zone.to_string(), index: c.slot() })
}

fn slot(duel: &Duel, s: &SeenCard, at: Option<Loc>) -> WireSlot {
    match s {
        SeenCard::Hidden { position } => WireSlot { card: None, position: pos_name(*position).to_string(), equipped_to: None },
        SeenCard::Known(k) => {
            // Only a face-up card's equip link is public.
            let equipped_to =
                at.filter(|_| k.position.face_up()).and_then(|l| duel.card_at(l)).and_then(|id| duel.card(id).equip_to).and_then(|t| field_loc(duel, t));
            WireSlot { card: Some(card(duel, k)), position: pos_name(k.position).to_string(), equipped_to }
        }
    }
}

fn side(duel: &Duel, p: Player, s: &SideView, who: Audience) -> WireSide {
    let slots = |v: &[Option<SeenCard>], z: Zone| {
        v.iter().enumerate().map(|(i, x)| x.as_ref().map(|c| slot(duel, c, Some(Loc { player: p, zone: z, index: i as u8 })))).collect()
    };
    WireSide {
        lp: s.lp,
        hand_count: s.hand_count,
        hand: s.hand.iter().map(|k| card(duel, k)).collect(),
        // A spectator's view is built from both seats' views: what one seat was shown of
        // the other's hand stays that seat's.
        revealed: match who {
            Audience::Seat(_) => s.known_hand.iter().map(|(i, k)| (*i, card(duel, k))).collect(),
            Audience::Public => Vec::new(),
        },
        deck_count: s.deck_count,
        extra_count: s.extra_count,
        extra: s.extra.iter().map(|k| card(duel, k)).collect(),
        gy: s.gy.iter().map(|k| card(duel, k)).collect(),
        banished: s.banished.iter().map(|c| slot(duel, c, None)).collect(),
        monsters: slots(&s.monsters, Zone::Monster),
        spells: slots(&s.spells, Zone::SpellTrap),
        field: s.field.as_ref().map(|c| slot(duel, c, Some(Loc { player: p, zone: Zone::Field, index: 0 }))),
        pendulum: slots(&s.pendulum, Zone::Pendulum),
    }
}

/// The public view: each side as its opponent sees it (no hand, no face-down card).
pub fn public_view(duel: &Duel) -> View {
    let mut v = duel.view(Player::A);
    let b = duel.view(Player::B);
    v.sides[0] = b.sides[0].clone();
    v.actions.clear();
    v
}

/// The view an audience gets, in wire form.
pub fn view(duel: &Duel, who: Audience) -> WireView {
    let v = match who {
        Audience::Seat(p) => duel.view(p),
        Audience::Public => public_view(duel),
    };
    WireView {
        viewer: match who {
            Audience::Seat(p) => p.name().to_string(),
            Audience::Public => "public".into(),
        },
        turn: v.turn,
        turn_player: v.turn_player.name().to_string(),
        phase: v.phase.name().to_string(),
        step: v.step.map(|s| s.name().to_string()),
        deciding: v.deciding.map(|p| p.name().to_string()),
        outcome: v.outcome.map(|o| WireOutcome { winner: o.winner.map(|w| w.name().to_string()), reason: format!("{:?}", o.reason) }),
        sides: [side(duel, Player::A, &v.sides[0], who), side(duel, Player::B, &v.sides[1], who)],
        prompt: match who {
            Audience::Seat(p) if duel.deciding_player() == Some(p) && v.outcome.is_none() => Some(words::ask(duel, p).text),
            _ => None,
        },
        links: links_from(duel, chain_start(duel, 0, 0)),
        attack: attack(duel),
    }
}

/// The current attack: its attacker and the target its latest declaration named (a
/// replay declares again).
pub fn attack(duel: &Duel) -> Option<WireAttack> {
    let att = duel.current_attacker()?;
    let target = duel.events().iter().rev().find_map(|e| match e {
        Event::AttackDeclared { attacker, target } if *attacker == att => Some(*target),
        _ => None,
    })?;
    let public = |id: CardId| WireTarget { name: words::target_words(duel, id), loc: field_loc(duel, id) };
    Some(WireAttack { attacker: public(att), target: target.map(public) })
}

/// The places whose every index the deciding player's view shows in order, by their
/// scenario names (`hand`, `monsters`, ...).
fn zone_name(z: Zone) -> Option<&'static str> {
    z.shown_in_order().then(|| z.scenario_name())
}

fn wire_loc(l: Loc) -> Option<WireLoc> {
    Some(WireLoc { player: l.player.name().to_string(), zone: zone_name(l.zone)?.to_string(), index: l.index })
}

/// The deciding seat's legal actions, with the card each one is about and its words.
pub fn actions(duel: &Duel, seat: Player) -> Vec<WireAction> {
    if duel.deciding_player() != Some(seat) {
        return Vec::new();
    }
    let view = duel.view(seat);
    let ask = words::ask(duel, seat);
    view.actions
        .iter()
        .map(|(a, text)| {
            // A card of the opponent's hand revealed to this seat is shown where it lies
            // (MISC-7), so an answer about it is played on it.
            let revealed = |l: Loc| l.zone == Zone::Hand && view.sides[l.player.idx()].known_hand.iter().any(|(i, _)| *i == l.index as usize);
            let card = a.subject_for(seat).or_else(|| a.subject().filter(|&l| revealed(l))).and_then(wire_loc);
            let target = a.attack_target().and_then(wire_loc);
            // A zone answer is a zone of the deciding player's Monster Zone (a monster placed
            // there), or of the side whose zones are being locked.
            let place = match *a {
                Action::Zone(z) => Some(WireLoc { player: ask.zones_of.unwrap_or(seat).name().to_string(), zone: "monsters".into(), index: z }),
                _ => None,
            };
            WireAction { text: text.clone(), card, words: words::action_words(&view, &ask, a, text), target, place }
        })
        .collect()
}

/// The chain being built or resolved, link 1 first. Activated cards are face-up, so
/// every audience may read them.
pub fn chain(duel: &Duel) -> Vec<String> {
    let start = chain_start(duel, 0, 0);
    chain_from(duel, start)
}

/// Where the current chain's events start: after the last `ChainEnded` at or after
/// event `from` (`known`: the answer for the events before `from`).
pub fn chain_start(duel: &Duel, from: usize, known: usize) -> usize {
    duel.events()[from.min(duel.events().len())..].iter().rposition(|e| matches!(e, Event::ChainEnded)).map_or(known, |i| from + i + 1)
}

/// The chain from its events starting at `start` (see [`chain_start`]).
pub fn chain_from(duel: &Duel, start: usize) -> Vec<String> {
    let ev = duel.events();
    let mut links: Vec<(u8, String)> = Vec::new();
    for e in &ev[start.min(ev.len())..] {
        match e {
            Event::Activated { card, player, link, targets, .. } => {
                links.retain(|(l, _)| l != link);
                let named: Vec<String> = targets.iter().flatten().map(|t| words::target_words(duel, *t)).collect();
                let on = if named.is_empty() { String::new() } else { format!(", targeting {}", words::list_words(&named)) };
                links.push((*link, format!("{link}. {} ({}){on}", duel.name(*card), player.name())));
            }
            Event::LinkResolved { link, .. } => links.retain(|(l, _)| l != link),
            _ => {}
        }
    }
    links.sort();
    links.into_iter().map(|(_, s)| s).collect()
}

/// The chain's links from its events starting at `start` (see [`chain_start`]), with
/// their targets in public words and places.
pub fn links_from(duel: &Duel, start: usize) -> Vec<WireLink> {
    let ev = duel.events();
    let mut links: Vec<WireLink> = Vec::new();
    for e in &ev[start.min(ev.len())..] {
        match e {
            Event::Activated { card, player, link, targets, .. } => {
                links.retain(|l| l.link != *link);
                links.push(WireLink {
                    link: *link,
                    code: duel.card(*card).code,
                    name: duel.name(*card).to_string(),
                    controller: player.name().to_string(),
                    card: field_loc(duel, *card),
                    targets: targets.iter().flatten().map(|&t| WireTarget { name: words::target_words(duel, t), loc: field_loc(duel, t) }).collect(),
                });
            }
            Event::LinkResolved { link, .. } => links.retain(|l| l.link != *link),
            _ => {}
        }
    }
    links.sort_by_key(|l| l.link);
    links
}

/// The log line of event `i` for an audience, in the player's words (empty: nothing to
/// show). Spectators read a line only when both players would read it alike, or the
/// opponent's reading of a draw.
pub fn log_line(duel: &Duel, i: usize, who: Audience) -> String {
    let events = &duel.events()[..=i.min(duel.events().len().saturating_sub(1))];
    let Some(e) = events.last() else { return String::new() };
    if words::is_log_noise(e) {
        return String::new();
    }
    let read = |p: Player| words::event_words(duel, events, Some(p)).unwrap_or_default();
    match who {
        Audience::Seat(p) => read(p),
        Audience::Public => {
            if let Event::Drew(draw) = e {
                return read(draw.player().opp());
            }
            let a = read(Player::A);
            if a == read(Player::B) {
                a
            } else {
                String::new()
            }
        }
    }
}

/// The log lines of events `from..` for an audience.
pub fn log_lines(duel: &Duel, from: usize, who: Audience) -> Vec<String> {
    (from..duel.events().len()).map(|i| log_line(duel, i, who)).filter(|l| !l.is_empty()).collect()
}
