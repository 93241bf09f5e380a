//! Unique effects of one group of cards (see `custom/mod.rs`).

use smallvec::SmallVec;

use crate::action::Action;
use crate::effect::{Duration, Modifier, Scope};
use crate::engine::{Prompt, SelectPurpose};
use crate::event::{Event, Reason};
use crate::modifiers::Lingering;
use crate::resolve::{OpFlow, Resolution};
use crate::state::{CardId, Dest, Duel};
use crate::types::{BattleStep, DamageStep, Player, Position, Zone};

pub(crate) fn run(d: &mut Duel, code: u32, i: u8, r: &mut Resolution) -> Option<OpFlow> {
    match (code, i) {
        // Mind Crush: declare a name; the opponent discards every copy, or you discard 1 at random.
        (15800838, 0) => Some(mind_crush(d, r)),
        // Sword Hunter: the monsters it destroyed by battle become its equips.
        (51345461, 0) => Some(sword_hunter_equip(d, r)),
        // Sangan: no activations of the added card's name for the rest of the turn.
        (26202165, 0) => {
            if let Some(&c) = r.chosen.first() {
                let code = d.card(c).code;
                let source = r.card();
                let (turn, source_moves) = (d.turn, d.card(source).moves);
                d.lingering.push(Lingering {
                    source,
                    card: None,
                    controller: r.controller(),
                    modifier: Modifier::NoActivationsOfName(code),
                    until: Duration::EndOfTurn,
                    turn,
                    source_moves,
                });
            }
            Some(OpFlow::Next)
        }
        // Fissure: the lowest-ATK face-up monster of the opponent (the controller picks a tie).
        (66788016, 0) => Some(fissure_pick(d, r)),
        // Card of Sanctity: draw until 2 cards in hand.
        (42664989, 0) => {
            let p = r.controller();
            let n = 2usize.saturating_sub(d.player(p).hand.len());
            if n > 0 {
                d.draw(p, n);
            }
            Some(OpFlow::Next)
        }
        // The Flute of Summoning Dragon: "Lord of D." must still be face-up on resolution.
        (43973174, 0) => {
            let lord = d.field_cards().iter().any(|&c| d.card(c).code == 17985575 && d.card(c).zone == Zone::Monster && d.card(c).face_up());
            Some(if lord { OpFlow::Next } else { OpFlow::Stop })
        }
        // Ring of Destruction: destroy, then both players take its original ATK as damage.
        (83555666, 0) => Some(ring_of_destruction(d, r)),
        _ => None,
    }
}

pub(crate) fn condition(d: &Duel, code: u32, i: u8, _p: Player, source: CardId) -> Option<bool> {
    match (code, i) {
        // Gilford the Lightning: Tribute Summoned with 3 Tributes.
        (36354007, 0) => {
            let c = d.card(source);
            Some(c.zone == Zone::Monster && c.summon == crate::types::SummonKind::Tribute && c.materials_count >= 3)
        }
        // Sword Hunter: a monster it destroyed by battle this Battle Phase waits in the GY.
        (51345461, 0) => Some(!sword_hunter_victims(d, source).is_empty()),
        // ATK-changing cards in the Damage Step: only up to "before damage calculation" (EFF-10).
        (17814387 | 55713623, 0) => {
            Some(!matches!(d.step, Some(BattleStep::Damage(DamageStep::DuringCalculation | DamageStep::AfterCalculation | DamageStep::End))))
        }
        _ => None,
    }
}

pub(crate) fn wins(d: &Duel, code: u32, card: CardId) -> Option<bool> {
    match code {
        // Victory Dragon: its direct attack has just brought the opponent's LP to 0.
        44910027 => {
            let opp = d.card(card).controller.opp();
            if d.lp(opp) > 0 || !d.current_attack().is_some_and(|a| a.attacker == card && a.target.is_none()) {
                return Some(false);
            }
            // The battle damage of this very happening (not the event log, which search
            // copies of a duel drop).
            Some(d.recent.iter().any(|e| matches!(e, Event::BattleDamage { by, player, .. } if *by == card && *player == opp)))
        }
        _ => None,
    }
}

fn mind_crush(d: &mut Duel, r: &mut Resolution) -> OpFlow {
    let p = r.controller();
    let Some(Action::Announce(name)) = d.take_answer() else {
        let mut options: Vec<u32> = d.pool.iter().filter(|c| c.data.alias == 0).map(|c| c.data.id).collect();
        options.sort_unstable();
        options.dedup();
        return OpFlow::Ask(Prompt::Announce { player: p, options });
    };
    d.emit(Event::Announced { player: p, value: name });
    let opp = p.opp();
    let copies: Vec<CardId> = d.player(opp).hand.iter().copied().filter(|&c| d.data(c).id == name || d.data(c).alias == name).collect();
    if !copies.is_empty() {
        for &c in &copies {
            d.emit(Event::Revealed { card: c });
        }
        for c in copies {
            d.send_to_gy(c, Reason::Discard);
        }
        r.did = true;
        return OpFlow::Next;
    }
    let hand = d.player(p).hand.clone();
    if !hand.is_empty() {
        use rand::RngExt;
        let i = d.rng.random_range(0..hand.len());
        d.send_to_gy(hand[i], Reason::Discard);
    }
    OpFlow::Next
}

fn fissure_pick(d: &mut Duel, r: &mut Resolution) -> OpFlow {
    let p = r.controller();
    if d.take_answer().is_some() {
        if let Prompt::Select { picked, .. } = std::mem::replace(&mut d.prompt, Prompt::Over) {
            r.chosen = picked.into_iter().collect();
        }
        return OpFlow::Next;
    }
    let faceup: Vec<CardId> = d.player(p.opp()).monster_ids().filter(|&c| d.card(c).face_up()).collect();
    let Some(low) = faceup.iter().map(|&c| d.current_atk(c)).min() else {
        r.chosen.clear();
        return OpFlow::Next;
    };
    let lowest: Vec<CardId> = faceup.into_iter().filter(|&c| d.current_atk(c) == low).collect();
    if lowest.len() == 1 {
        r.chosen = SmallVec::from_slice(&lowest);
        return OpFlow::Next;
    }
    OpFlow::Ask(Prompt::Select { player: p, purpose: SelectPurpose::Effect, candidates: lowest, min: 1, max: 1, picked: Vec::new() })
}

fn ring_of_destruction(d: &mut Duel, r: &mut Resolution) -> OpFlow {
    let p = r.controller();
    let targets = d.objects(&crate::effect::Obj::Targets, r);
    let Some(&t) = targets.first() else { return OpFlow::Next };
    if d.card(t).zone != Zone::Monster || !d.card(t).face_up() {
        return OpFlow::Next;
    }
    let atk = d.original_atk(t);
    d.send_to_gy(t, Reason::Destroy);
    if d.card(t).zone == Zone::Monster {
        return OpFlow::Next;
    }
    let before = d.lp(p);
    d.change_lp(p, -atk);
    let took = before - d.lp(p);
    d.change_lp(p.opp(), -took);
    OpFlow::Next
}

/// The monsters `hunter` destroyed by battle this turn that are still in the GY where
/// battle put them (each records which monster destroyed it).
fn sword_hunter_victims(d: &Duel, hunter: CardId) -> Vec<CardId> {
    d.card_ids()
        .filter(|&c| {
            let st = d.card(c);
            st.killed_by == Some(hunter) && st.zone == Zone::Gy && st.arrived.reason == Some(Reason::Battle) && st.arrived.turn == d.turn
        })
        .collect()
}

fn sword_hunter_equip(d: &mut Duel, r: &mut Resolution) -> OpFlow {
    let p = r.controller();
    let hunter = r.card();
    let h = d.card(hunter);
    if h.zone != Zone::Monster || !h.face_up() || h.moves != r.link.card_moves {
        return OpFlow::Next;
    }
    let mut n = 0;
    for v in sword_hunter_victims(d, hunter) {
        let Some(&z) = d.free_spell_zones(p).first() else { break };
        d.move_card(v, Dest { player: p, zone: Zone::SpellTrap, slot: Some(z), position: Position::FaceUpAttack }, Reason::Effect);
        d.cards[v.0 as usize].equip_to = Some(hunter);
        d.emit(Event::Equipped { card: v, to: hunter });
        let (turn, hunter_moves, equip_moves) = (d.turn, d.card(hunter).moves, d.card(v).moves);
        d.lingering.push(Lingering {
            source: v,
            card: Some((hunter, hunter_moves)),
            controller: p,
            modifier: Modifier::AtkDef { scope: Scope::This, atk: 200, def: 0 },
            until: Duration::WhileSourceOnField,
            turn,
            source_moves: equip_moves,
        });
        n += 1;
    }
    r.did = n > 0;
    r.counted = n;
    OpFlow::Next
}
