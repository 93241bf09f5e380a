//! Goat pool (part2_d): the rest of `../shared/spec/pools/goat-2.txt`: battle, damage and
//! redirect cards and the partners of implemented cards; each a declaration in the effect
//! vocabulary with its rules text in the project's own words. The partner monsters a card
//! names (of `goat-4.txt`) come with it, so the card can be played. Rulings:
//! `docs/rulings/goat-2-d.md`.

use ygo_core::card::{Attribute, SpellKind, TrapKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::Phase;

const DARK_MAGICIAN: u32 = 46986414;
const DARK_MAGICIAN_GIRL: u32 = 38033121;
const MAGICIAN_OF_BLACK_CHAOS: u32 = 30208479;
const DARK_MAGICIAN_KNIGHT: u32 = 50725996;
const KNIGHTS_TITLE: u32 = 87210505;
const BATTERYMAN_AA: u32 = 63142001;
const HARPIE_LADY_SISTERS: u32 = 12206212;
const ELEGANT_EGOTIST: u32 = 90219263;
const EXODIA_NECROSS: u32 = 12600382;
const CONTRACT_WITH_EXODIA: u32 = 33244944;
/// "Exodia the Forbidden One" and its four limbs.
const EXODIA_PIECES: [u32; 5] = [33396948, 70903634, 7902349, 8124921, 44519536];

/// Every piece of Exodia is in your GY.
fn exodia_in_gy() -> Condition {
    Condition::All(EXODIA_PIECES.iter().map(|&n| Condition::Exists { place: Place::Gy(Who::You), filter: F::Named(n), count: 1 }).collect())
}

/// A Normal Spell that, while `needs` holds, Special Summons the picked card of `from`
/// matching `what` face-up.
fn summons_one(e: E, needs: Condition, from: Place, what: F) -> E {
    let what = what & F::can_special_summon();
    e.when(Condition::All(vec![needs, Condition::FreeMonsterZones(1), Condition::Exists { place: from, filter: what.clone(), count: 1 }]))
        .op(Op::Choose { who: Who::You, place: from, filter: what, min: 1, max: 1 })
        .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))
}

/// "If all `name` you control are in `pos` Position, it gains `per` ATK (or DEF) for each"
/// (Batteryman AA): a face-down monster has no name, so only face-up copies count.
fn gains_per_copy(name: u32, text: &str, attack: bool, per: i32) -> E {
    let (here, other) = if attack { (F::AttackPos, F::DefensePos) } else { (F::DefensePos, F::AttackPos) };
    let count = Num::per(per, Obj::All(Place::Monsters(Who::You), F::FaceUp & F::Named(name) & here.clone()));
    let (atk, def) = if attack { (count, Num::Const(0)) } else { (Num::Const(0), count) };
    E::continuous(text)
        .when(Condition::All(vec![Condition::This(here), Condition::NoneIn { place: Place::Monsters(Who::You), filter: F::FaceUp & F::Named(name) & other }]))
        .modifier(Modifier::AtkDef { scope: Scope::This, atk, def })
}

/// The most times [`once_per_card`] repeats its steps (more than a hand or a field holds).
const MOST_REPEATS: i32 = 12;

/// "For each card remembered in `slot`, ...": the steps run once per card the slot holds (the
/// cards a previous step discarded or destroyed), stopping early once a round affects nothing
/// (no card left to pick, or the player picked none).
fn once_per_card(slot: Mem, round: Vec<Op>) -> Vec<Op> {
    let mut ops = Vec::new();
    for k in (1..=MOST_REPEATS).rev() {
        let mut then = round.clone();
        if !ops.is_empty() {
            then.push(Op::if_did(ops));
        }
        ops = vec![Op::If { test: Test::Compare(Num::RememberedCount(slot), Cmp::Ge, Num::Const(k)), then, otherwise: Vec::new() }];
    }
    ops
}

/// The behaviour of this module's cards (2005 and today's where they agree), by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Dark Magician Girl (partner of "Sage's Stone")
        DARK_MAGICIAN_GIRL => Behavior::with(vec![E::continuous(
            "It gains 300 ATK for each \"Dark Magician\" or \"Magician of Black Chaos\" in either player's GY.",
        )
        .modifier(Modifier::AtkDef {
            scope: Scope::This,
            atk: Num::per(300, Obj::All(Place::Gy(Who::Both), F::Named(DARK_MAGICIAN) | F::Named(MAGICIAN_OF_BLACK_CHAOS))),
            def: Num::Const(0),
        })]),
        // Sage's Stone (the 2005 entry plays the same)
        13604200 => Behavior::with(vec![summons_one(
            E::spell(SpellKind::Normal, "Only while you control a face-up \"Dark Magician Girl\": Special Summon 1 \"Dark Magician\" from your hand or Deck."),
            Condition::Exists { place: Place::Monsters(Who::You), filter: F::FaceUp & F::Named(DARK_MAGICIAN_GIRL), count: 1 },
            Place::HandOrDeck(Who::You),
            F::Named(DARK_MAGICIAN),
        )]),
        // Dark Magician Knight (partner of "Knight's Title")
        DARK_MAGICIAN_KNIGHT => Behavior {
            no_normal_summon: true,
            special_summon_only_by: Some(F::Named(KNIGHTS_TITLE)),
            ..Behavior::with(vec![
                E::continuous("Cannot be Normal Summoned or Set; only the effect of \"Knight's Title\" can Special Summon it."),
                E::trigger(
                    Trigger::Summoned { normal: false, flip: false, special: true, of: Subject::This },
                    "When it is Special Summoned: target 1 card on the field; destroy it.",
                )
                .target_in(Place::Field(Who::Both), 1, 1, F::Any)
                .op(Op::destroy(Obj::Targets)),
            ])
        },
        // Knight's Title (the 2005 entry plays the same)
        KNIGHTS_TITLE => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Tribute 1 face-up \"Dark Magician\": Special Summon 1 \"Dark Magician Knight\" from your hand, Deck or GY.",
        )
        .cost(Cost::tribute(1, F::FaceUp & F::Named(DARK_MAGICIAN)))
        .op(Op::Choose {
            who: Who::You,
            place: Place::HandDeckOrGy(Who::You),
            filter: F::Named(DARK_MAGICIAN_KNIGHT) & F::can_special_summon(),
            min: 1,
            max: 1,
        })
        .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))]),
        // Batteryman AA (partner of "Battery Charger")
        BATTERYMAN_AA => Behavior::with(vec![
            gains_per_copy(BATTERYMAN_AA, "If every \"Batteryman AA\" you control is in Attack Position, it gains 1000 ATK for each of them.", true, 1000),
            gains_per_copy(BATTERYMAN_AA, "If every \"Batteryman AA\" you control is in Defense Position, it gains 1000 DEF for each of them.", false, 1000),
        ]),
        // Battery Charger
        61181383 => Behavior::with(vec![summons_one(
            E::spell(SpellKind::Normal, "Pay 500 LP: Special Summon 1 \"Batteryman\" monster from your GY.").cost(Cost::pay_lp(Num::Const(500))),
            Condition::Always,
            Place::Gy(Who::You),
            F::Monster & F::NameHas("Batteryman".into()),
        )]),
        // Harpie Lady Sisters (partner of "Triangle Ecstasy Spark")
        HARPIE_LADY_SISTERS => Behavior {
            no_normal_summon: true,
            proper_summon_by: Some(F::Named(ELEGANT_EGOTIST)),
            ..Behavior::with(vec![E::continuous("Cannot be Normal Summoned or Set; it is first Special Summoned by the effect of \"Elegant Egotist\".")])
        },
        // Triangle Ecstasy Spark
        12181376 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Until the end of this turn: every \"Harpie Lady Sisters\" on the field now has 2700 ATK, your opponent cannot activate Traps, and the effects of your opponent's Traps on the field are negated.",
        )
        .op(Op::Apply {
            what: Obj::All(Place::Monsters(Who::Both), F::FaceUp & F::Named(HARPIE_LADY_SISTERS)),
            modifier: Modifier::Becomes { layer: StatLayer::Current(Scope::This), atk: Some(Num::Const(2700)), def: None },
            until: Duration::EndOfTurn,
        })
        .op(Op::ApplyRule { modifier: Modifier::cannot_activate(Who::Opponent, F::Trap), until: Duration::EndOfTurn })
        .op(Op::ApplyRule { modifier: Modifier::negate_cards_on_field(F::Trap & F::OppControls), until: Duration::EndOfTurn })]),
        // Exodia Necross (partner of "Contract with Exodia")
        EXODIA_NECROSS => Behavior {
            no_normal_summon: true,
            special_summon_only_by: Some(F::Named(CONTRACT_WITH_EXODIA)),
            ..Behavior::with(vec![
                E::continuous("Cannot be Normal Summoned or Set; only the effect of \"Contract with Exodia\" can Special Summon it."),
                E::continuous("It cannot be destroyed by battle.").modifier(Modifier::indestructible_by_battle(Scope::This)),
                E::continuous("It cannot be destroyed by the effects of Spells and Traps.").modifier(Modifier::indestructible_by_spell_trap_effect(Scope::This)),
                E::trigger(Trigger::Phase { phase: Phase::Standby, whose: Who::You }, "In each of your Standby Phases: it gains 500 ATK.").op(Op::Apply {
                    what: Obj::This,
                    modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(500), def: Num::Const(0) },
                    until: Duration::Permanent,
                }),
                E::continuous("Unless all five pieces of Exodia are in your GY, it is destroyed.")
                    .when(Condition::Any(EXODIA_PIECES.iter().map(|&n| Condition::NoneIn { place: Place::Gy(Who::You), filter: F::Named(n) }).collect()))
                    .modifier(Modifier::SelfDestruct),
            ])
        },
        // Contract with Exodia
        CONTRACT_WITH_EXODIA => Behavior::with(vec![summons_one(
            E::spell(SpellKind::Normal, "Only while all five pieces of Exodia are in your GY: Special Summon 1 \"Exodia Necross\" from your hand."),
            exodia_in_gy(),
            Place::Hand(Who::You),
            F::Named(EXODIA_NECROSS),
        )]),
        // Beckoning Light
        16255442 => {
            let light = || F::monster_card() & F::Attribute(Attribute::Light);
            let mut e = E::trap(
                TrapKind::Normal,
                "Discard your whole hand, then add 1 LIGHT monster from your GY to your hand for each card discarded (as many as there are).",
            )
            .when(Condition::Exists { place: Place::Hand(Who::You), filter: F::Any, count: 1 })
            .op(Op::Discard(Obj::All(Place::Hand(Who::You), F::Any)))
            .op(Op::Remember { what: Obj::Affected, slot: Mem(0) });
            for op in once_per_card(Mem(0), vec![Op::Choose { who: Who::You, place: Place::Gy(Who::You), filter: light(), min: 1, max: 1 }, Op::ToHand(Obj::Chosen)]) {
                e = e.op(op);
            }
            Behavior::with(vec![e])
        }
        // Big Wave Small Wave
        51562916 => {
            let water = || F::Monster & F::FaceUp & F::Attribute(Attribute::Water);
            let mut e = E::spell(
                SpellKind::Normal,
                "Destroy every face-up WATER monster you control, then you can Special Summon up to that many WATER monsters from your hand.",
            )
            .when(Condition::Exists { place: Place::Monsters(Who::You), filter: water(), count: 1 })
            .op(Op::destroy(Obj::All(Place::Monsters(Who::You), water())))
            .op(Op::Remember { what: Obj::Affected, slot: Mem(0) });
            let summon = F::monster_card() & F::Attribute(Attribute::Water) & F::can_special_summon();
            for op in once_per_card(
                Mem(0),
                vec![Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: summon, min: 0, max: 1 }, Op::special_summon(Obj::Chosen, SummonPos::FaceUp)],
            ) {
                e = e.op(op);
            }
            Behavior::with(vec![e])
        }
        _ => return None,
    })
}
