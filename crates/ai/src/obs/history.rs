//! What a player has seen happen, for the observation (`docs/OBSERVATION.md`, version 2):
//! the recent public events, the whole chain, and per card what it did this turn. Read
//! from the duel's event log through the viewer's eyes only: a card is named only if the
//! viewer can see it now (MISC-3; a revealed card stays known: MISC-7), and an event that
//! hid its card when it happened (a Set, a move face-down) names it only for its own
//! controller. Two duels the viewer cannot tell apart, with the same public history, give
//! the same [`Public`] (tested with [`super::dealt_again`]).

use ygo_core::event::Reason;
use ygo_core::{CardId, Duel, Event, Loc, Player, Zone};

/// Rows of the event table: the most recent public events, newest first.
pub const EVENT_ROWS: usize = 32;
/// Columns of the event table.
pub const EVENT_COLS: usize = 8;
/// Rows of the chain table (a longer chain shows its last links; `globals[chain]` counts all).
pub const CHAIN_ROWS: usize = 16;
/// Columns of the chain table.
pub const CHAIN_COLS: usize = 5;

/// Event table columns.
pub mod ev {
    pub const KIND: usize = 0;
    pub const TURNS_AGO: usize = 1;
    pub const SIDE: usize = 2;
    pub const CARD_INDEX: usize = 3;
    pub const CARD_ROW: usize = 4;
    pub const FROM_ZONE: usize = 5;
    pub const TO_ZONE: usize = 6;
    pub const VALUE: usize = 7;
    pub const NAMES: [&str; super::EVENT_COLS] = ["kind", "turns_ago", "side", "card_index", "card_row", "from_zone", "to_zone", "value"];
}

/// Chain table columns.
pub mod ch {
    pub const LINK: usize = 0;
    pub const SIDE: usize = 1;
    pub const CARD_INDEX: usize = 2;
    pub const EFFECT: usize = 3;
    pub const CARD_ROW: usize = 4;
    pub const NAMES: [&str; super::CHAIN_COLS] = ["link", "side", "card_index", "effect", "card_row"];
}

/// Event kinds, numbered from 1 (0 is an empty row).
pub const EVENT_KINDS: [&str; 29] = [
    "shuffled",
    "drew",
    "moved",
    "normal_summoned",
    "monster_set",
    "spell_set",
    "flip_summoned",
    "special_summoned",
    "position_changed",
    "flipped",
    "attack_declared",
    "attack_stopped",
    "battle_damage",
    "lp_changed",
    "destroyed",
    "activated",
    "activation_negated",
    "effect_negated",
    "link_resolved",
    "chain_ended",
    "summon_negated",
    "attack_negated",
    "control_changed",
    "equipped",
    "revealed",
    "announced",
    "coin_tossed",
    "effect_damage",
    "counters",
];

/// Bits of the card table's `this_turn` column.
pub const SUMMONED: i16 = 1;
pub const ATTACKED: i16 = 2;
pub const ACTIVATED: i16 = 4;

/// One row of the event table, before card rows are known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventRow {
    pub kind: i16,
    pub turns_ago: i16,
    /// Who the event is about (the actor, the player hit, the card's controller).
    pub player: Option<Player>,
    /// The card, if the viewer may see it now: its passcode and place.
    pub card: Option<(u32, Loc)>,
    pub from_zone: i16,
    pub to_zone: i16,
    pub value: i32,
    /// A declared card (`announced`), by passcode.
    pub declared: Option<u32>,
}

/// The public history as `viewer` sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Public {
    /// Newest first, at most [`EVENT_ROWS`].
    pub events: Vec<EventRow>,
    /// Where each chain link's card is now (link 1 first), if the viewer can see it there
    /// or it is on the field.
    pub chain_locs: Vec<Option<Loc>>,
    /// `this_turn` bits by place (cards that have not moved since).
    pub flags: Vec<(Loc, i16)>,
}

fn on_field(z: Zone) -> bool {
    matches!(z, Zone::Monster | Zone::SpellTrap | Zone::Field | Zone::Pendulum)
}

fn kind_of(e: &Event) -> Option<i16> {
    let k = match e {
        Event::Shuffled { .. } => 1,
        Event::Drew(_) => 2,
        Event::Moved { reason, .. } => {
            if matches!(reason, Reason::Draw | Reason::Summon | Reason::Set) {
                return None; // told by the draw, summon or Set event itself
            }
            3
        }
        Event::NormalSummoned { .. } => 4,
        Event::MonsterSet { .. } => 5,
        Event::SpellSet { .. } => 6,
        Event::FlipSummoned { .. } => 7,
        Event::SpecialSummoned { .. } => 8,
        Event::PositionChanged { .. } => 9,
        Event::Flipped { .. } => 10,
        Event::AttackDeclared { .. } => 11,
        Event::AttackStopped { .. } => 12,
        Event::BattleDamage { .. } => 13,
        Event::LpChanged { .. } => 14,
        Event::Destroyed { .. } => 15,
        Event::Activated { .. } => 16,
        Event::ActivationNegated { .. } => 17,
        Event::EffectNegated { .. } => 18,
        Event::LinkResolved { .. } => 19,
        Event::ChainEnded => 20,
        Event::SummonNegated { .. } => 21,
        Event::AttackNegated { .. } => 22,
        Event::ControlChanged { .. } => 23,
        Event::Equipped { .. } => 24,
        Event::Revealed { .. } => 25,
        Event::Announced { .. } => 26,
        Event::CoinTossed { .. } => 27,
        Event::EffectDamage { .. } => 28,
        Event::Counters { .. } => 29,
        _ => return None, // turns, phases, steps (in `globals`), skipped phases, the end
    };
    Some(k)
}

/// The card an event is about, and whether the event showed it to both players.
fn card_of(e: &Event) -> Option<(CardId, bool)> {
    Some(match *e {
        Event::Moved { card, face_up, from, .. } => (card, face_up || from.zone == Zone::Gy),
        Event::MonsterSet { card } | Event::SpellSet { card } => (card, false),
        Event::PositionChanged { card, to, .. } => (card, to.face_up()),
        Event::NormalSummoned { card, .. }
        | Event::FlipSummoned { card }
        | Event::SpecialSummoned { card }
        | Event::Flipped { card }
        | Event::Destroyed { card, .. }
        | Event::Activated { card, .. }
        | Event::ActivationNegated { card, .. }
        | Event::EffectNegated { card, .. }
        | Event::LinkResolved { card, .. }
        | Event::SummonNegated { card }
        | Event::ControlChanged { card, .. }
        | Event::Equipped { card, .. }
        | Event::Revealed { card }
        | Event::Counters { card, .. } => (card, true),
        Event::AttackDeclared { attacker, .. } | Event::AttackStopped { attacker } | Event::AttackNegated { attacker } => (attacker, true),
        Event::BattleDamage { by, .. } | Event::EffectDamage { by, .. } => (by, true),
        _ => return None,
    })
}

/// What `viewer` may know of `duel`'s history (see the module docs).
pub fn public(duel: &Duel, viewer: Player) -> Public {
    let seen_now = |id: CardId| duel.visible_to(id, viewer);
    let mut out = Public::default();

    // The chain's cards: their places when the viewer can see them, or on the field (the
    // rest of each link is in the view).
    for id in duel.chain_cards() {
        let loc = duel.loc_of(id);
        out.chain_locs.push((seen_now(id) || on_field(loc.zone)).then_some(loc));
    }

    let events = duel.events();
    // This turn's flags: from the last turn start on, forward; a card that moves (but to
    // be summoned, Set or activated) starts afresh (MISC-8).
    let start = events.iter().rposition(|e| matches!(e, Event::TurnStarted { .. })).map_or(0, |i| i + 1);
    let mut flags: Vec<(CardId, i16)> = Vec::new();
    let set = |id: CardId, bit: i16, flags: &mut Vec<(CardId, i16)>| match flags.iter_mut().find(|(c, _)| *c == id) {
        Some((_, f)) => *f |= bit,
        None => flags.push((id, bit)),
    };
    for e in &events[start..] {
        match *e {
            Event::NormalSummoned { card, .. } | Event::FlipSummoned { card } | Event::SpecialSummoned { card } => set(card, SUMMONED, &mut flags),
            Event::AttackDeclared { attacker, .. } => set(attacker, ATTACKED, &mut flags),
            Event::Activated { card, .. } => set(card, ACTIVATED, &mut flags),
            Event::Moved { card, reason, .. } if !matches!(reason, Reason::Summon | Reason::Set | Reason::Activate) => flags.retain(|(c, _)| *c != card),
            // Face-down monsters dealt again among their zones: no flag may follow a card to
            // its new zone (MISC-3: which card went where is hidden).
            Event::MonstersShuffled { player } => flags.retain(|&(c, _)| {
                let st = duel.card(c);
                !(st.zone() == Zone::Monster && st.controller() == player && !st.face_up())
            }),
            _ => {}
        }
    }
    for (id, f) in flags {
        let loc = duel.loc_of(id);
        if seen_now(id) || on_field(loc.zone) {
            out.flags.push((loc, f));
        }
    }

    // The last events, newest first.
    let mut turns_ago = 0i16;
    for e in events.iter().rev() {
        if out.events.len() >= EVENT_ROWS {
            break;
        }
        if matches!(e, Event::TurnStarted { .. }) {
            turns_ago = turns_ago.saturating_add(1);
            continue;
        }
        let Some(kind) = kind_of(e) else { continue };
        let mut row = EventRow { kind, turns_ago, player: None, card: None, from_zone: 0, to_zone: 0, value: 0, declared: None };
        if let Some((id, shown)) = card_of(e) {
            let c = duel.card(id);
            row.player = Some(c.controller());
            // Named if the viewer sees it now, and the event showed it (or it is theirs).
            if seen_now(id) && (shown || c.controller() == viewer) {
                row.card = Some((c.code, duel.loc_of(id)));
            }
        }
        match *e {
            Event::Shuffled { player } => row.player = Some(player),
            Event::Drew(ref d) => {
                row.player = Some(d.player());
                row.value = d.cards().len() as i32;
            }
            Event::Moved { from, to, .. } => {
                row.player = Some(to.player);
                row.from_zone = super::ids::zone_code(from.zone);
                row.to_zone = super::ids::zone_code(to.zone);
            }
            Event::BattleDamage { player, amount, .. } | Event::EffectDamage { player, amount, .. } => {
                row.player = Some(player);
                row.value = amount;
            }
            Event::LpChanged { player, from, to } => {
                row.player = Some(player);
                row.value = to - from;
            }
            Event::Activated { player, link, .. } => {
                row.player = Some(player);
                row.value = link as i32;
            }
            Event::ActivationNegated { link, .. } | Event::EffectNegated { link, .. } | Event::LinkResolved { link, .. } => row.value = link as i32,
            Event::ControlChanged { to, .. } => row.player = Some(to),
            Event::Announced { player, value, .. } => {
                row.player = Some(player);
                row.value = value.min(i32::MAX as u32) as i32;
                row.declared = Some(value);
            }
            Event::Counters { delta, .. } => row.value = delta,
            Event::CoinTossed { player, heads } => {
                row.player = Some(player);
                row.value = heads as i32;
            }
            _ => {}
        }
        out.events.push(row);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::obs::encode::{card, global, CardTable, CARD_COLS};
    use crate::obs::{dealt_again, observe, test_duel};
    use crate::RandomPlayer;

    /// Every position of a random Goat duel.
    fn positions(a: &str, b: &str, seed: u64) -> Vec<Duel> {
        let mut duel = test_duel(a, b, Some("goat"), seed);
        let mut rng = RandomPlayer::new(seed);
        let mut out = Vec::new();
        while duel.deciding_player().is_some() && out.len() < 3000 {
            out.push(duel.clone());
            let a = rng.pick(&duel.legal_actions());
            duel.apply_unchecked(a);
        }
        out
    }

    fn cards(obs: &crate::obs::encode::Obs) -> Vec<&[i16]> {
        obs.cards.chunks(CARD_COLS).take(obs.globals[global::CARDS] as usize).collect()
    }

    #[test]
    fn revealed_cards_stay_known_and_nothing_else_when_the_hidden_cards_are_dealt_again() {
        // RULE: MISC-7 (revealed cards stay known until they move), MISC-3 (nothing else)
        let table = CardTable::shipped();
        let (mut with_reveals, mut redealt) = (0, 0);
        for (i, (a, b)) in [("goat-control", "chaos-control"), ("chaos-turbo", "warrior-toolbox"), ("chaos-control", "goat-control")].into_iter().enumerate() {
            for d in positions(a, b, 11 + i as u64) {
                for viewer in Player::BOTH {
                    let known = d.view_table(viewer).sides[viewer.opp().idx()].known_hand.clone();
                    if known.is_empty() {
                        continue;
                    }
                    with_reveals += 1;
                    let (obs, _) = observe(&d, viewer, 128);
                    // Exactly the revealed cards are known in the opponent's hand, each at its place.
                    let hand: Vec<&[i16]> =
                        cards(&obs).into_iter().filter(|r| r[card::SIDE] == 1 && r[card::ZONE] == crate::obs::ids::zone_code(Zone::Hand)).collect();
                    assert_eq!(hand.len(), d.player(viewer.opp()).hand.len());
                    let shown: Vec<(i16, i16)> = hand.iter().filter(|r| r[card::KNOWN] == 1).map(|r| (r[card::SLOT], r[card::INDEX])).collect();
                    let revealed: Vec<(i16, i16)> = known.iter().map(|(j, k)| (*j as i16, table.index(k.code))).collect();
                    assert_eq!(shown, revealed);
                    for seed in 0..3 {
                        let s = dealt_again(&d, viewer, seed);
                        let opp = viewer.opp();
                        redealt += (s.player(opp).hand.iter().map(|&c| s.card(c).code).ne(d.player(opp).hand.iter().map(|&c| d.card(c).code))) as usize;
                        assert_eq!(observe(&s, viewer, 128), (obs.clone(), Ok(())), "{a} vs {b}, turn {}", d.turn());
                    }
                }
            }
        }
        assert!(with_reveals >= 20, "{with_reveals} positions with a revealed hand card");
        assert!(redealt >= 10, "the samples dealt other hidden cards {redealt} times");
    }

    #[test]
    fn flags_chain_and_events_follow_the_duel() {
        let (mut summoned, mut attacked, mut activated, mut chains, mut hidden_draws) = (0, 0, 0, 0, 0);
        for d in positions("goat-control", "chaos-control", 3).into_iter().chain(positions("chaos-turbo", "warrior-toolbox", 4)) {
            let Some(viewer) = d.deciding_player() else { continue };
            let p = public(&d, viewer);
            let this_turn_start = d.events().iter().rposition(|e| matches!(e, Event::TurnStarted { .. })).map_or(0, |i| i + 1);
            for &(l, f) in &p.flags {
                let id = d.card_at(l).unwrap();
                let happened = |pred: &dyn Fn(&Event) -> bool| d.events()[this_turn_start..].iter().any(pred);
                if f & SUMMONED != 0 {
                    summoned += 1;
                    assert!(happened(
                        &|e| matches!(*e, Event::NormalSummoned { card, .. } | Event::SpecialSummoned { card } | Event::FlipSummoned { card } if card == id)
                    ));
                }
                if f & ATTACKED != 0 {
                    attacked += 1;
                    assert!(happened(&|e| matches!(*e, Event::AttackDeclared { attacker, .. } if attacker == id)));
                    assert_eq!(l.zone, Zone::Monster);
                }
                if f & ACTIVATED != 0 {
                    activated += 1;
                }
            }
            let view = d.view_table(viewer);
            assert_eq!(p.chain_locs.len(), view.chain.len());
            chains += (view.chain.len() >= 2) as usize;
            let (obs, _) = observe(&d, viewer, 128);
            for (i, link) in view.chain.iter().enumerate().take(CHAIN_ROWS) {
                let row = &obs.chain[i * CHAIN_COLS..(i + 1) * CHAIN_COLS];
                assert_eq!(
                    (row[ch::LINK], row[ch::SIDE], row[ch::CARD_INDEX]),
                    ((i + 1) as i16, (link.controller != viewer) as i16, CardTable::shipped().index(link.code))
                );
            }
            assert!(p.events.len() <= EVENT_ROWS);
            assert!(p.events.windows(2).all(|w| w[0].turns_ago <= w[1].turns_ago), "newest first");
            for e in &p.events {
                if e.kind == 2 && e.player == Some(viewer.opp()) {
                    hidden_draws += 1;
                    assert_eq!(e.card, None, "the opponent's draws are not named");
                }
            }
        }
        assert!(summoned > 20 && attacked > 5 && activated > 5 && chains > 0 && hidden_draws > 0, "{summoned} {attacked} {activated} {chains} {hidden_draws}");
    }
}
