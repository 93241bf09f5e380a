//! Goat pool (part2_g): cards of `../shared/spec/pools/goat-2.txt` that fix a number for each
//! monster they change, make a player Tribute by an effect, answer a position change, or count
//! monsters of one name; each a declaration in the effect vocabulary with its rules text in the
//! project's own words. Only "Limiter Removal" has a 2005 text of its own ("Limiter Removal
//! (GOAT)"). The rulings decided for them are in `docs/rulings/goat-2-g.md`.

use ygo_core::card::{type_bits, Race, SpellKind, TrapKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};

const LIMITER_REMOVAL: u32 = 23171610;

/// A face-up Machine you control.
fn your_machines() -> Obj {
    Obj::All(Place::Monsters(Who::You), F::Monster & F::FaceUp & F::Race(Race::MACHINE))
}

/// "Double the ATK" of each monster of the step: each gains its own current ATK.
fn doubled_atk() -> Modifier {
    Modifier::AtkDef { scope: Scope::This, atk: Num::stat_of(Stat::Atk, Obj::Each), def: Num::Const(0) }
}

/// Limiter Removal: double the ATK of your face-up Machines for `until`; destroy them in the
/// End Phase.
fn limiter_removal(text: &str, until: Duration) -> Behavior {
    Behavior::with(vec![E::spell(SpellKind::QuickPlay, text)
        .when(Condition::Exists { place: Place::Monsters(Who::You), filter: F::Monster & F::FaceUp & F::Race(Race::MACHINE), count: 1 })
        .op(Op::Apply { what: your_machines(), modifier: doubled_atk(), until })
        .op(Op::Later { at: Moment::EndPhase, ops: vec![Op::destroy(Obj::Affected)] })])
}

/// A face-up Normal Monster you control (not a Token).
fn face_up_normal() -> F {
    F::Monster & F::FaceUp & F::card_type(type_bits::NORMAL) & !F::card_type(type_bits::TOKEN)
}

/// A face-up Normal Monster you control whose name at least 3 of them share.
fn one_of_three_named_alike() -> F {
    face_up_normal() & F::Rel(Relation::NameSharedBy(3), Box::new(Obj::All(Place::Monsters(Who::You), face_up_normal())))
}

/// The behaviour of this module's cards (today's), by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        LIMITER_REMOVAL => limiter_removal(
            "Double the ATK of every face-up Machine you control until the end of the turn; in the End Phase, destroy those monsters.",
            Duration::EndOfTurn,
        ),
        // Shield & Sword
        52097679 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Each face-up monster on the field has its original ATK and DEF switched until the end of the turn.",
        )
        .when(Condition::Exists { place: Place::Monsters(Who::Both), filter: F::Monster & F::FaceUp, count: 1 })
        .op(Op::Apply {
            what: Obj::All(Place::Monsters(Who::Both), F::Monster & F::FaceUp),
            modifier: Modifier::set_original(Some(Num::stat_of(Stat::OriginalDef, Obj::Each)), Some(Num::stat_of(Stat::OriginalAtk, Obj::Each))),
            until: Duration::EndOfTurn,
        })]),
        // Amazoness Spellcaster
        81325903 => Behavior::with(vec![E::spell(
            SpellKind::QuickPlay,
            "Target 1 face-up \"Amazoness\" monster you control and 1 face-up monster your opponent controls: each takes the other's original ATK until the end of the turn.",
        )
        .target_in(Place::Monsters(Who::You), 1, 1, F::Monster & F::FaceUp & F::NameHas("Amazoness".into()))
        .also_target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster & F::FaceUp)
        .op(Op::If {
            // Both targets must still be there: a single one has nothing to switch with.
            test: Test::Compare(Num::count_of(Obj::Targets), Cmp::Ge, Num::Const(2)),
            then: vec![Op::Apply {
                what: Obj::Targets,
                // The other target's original ATK: both together, less its own.
                modifier: Modifier::set_original(
                    Some(Num::minus(Num::sum_of(Stat::OriginalAtk, Obj::Targets), Num::stat_of(Stat::OriginalAtk, Obj::Each))),
                    None,
                ),
                until: Duration::EndOfTurn,
            }],
            otherwise: vec![],
        })]),
        // Share the Pain
        56830749 => Behavior::with(vec![E::spell(SpellKind::Normal, "Tribute 1 monster: your opponent Tributes 1 monster.")
            .when(Condition::Exists { place: Place::Monsters(Who::Opponent), filter: F::Monster, count: 1 })
            .cost(Cost::tribute(1, F::Monster))
            .op(Op::Tribute { who: Who::Opponent, count: 1 })]),
        // Tragedy
        35686187 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "When a face-up Attack Position monster your opponent controls is changed to face-up Defense Position: destroy every Defense Position monster your opponent controls.",
        )
        .when(Condition::ChangedToDefense(F::Monster & F::OppControls))
        .op(Op::destroy(Obj::All(Place::Monsters(Who::Opponent), F::Monster & F::DefensePos)))]),
        // Delta Attacker
        39719977 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Activate only while you control 3 face-up Normal Monsters (not Tokens) with the same name: this turn, those monsters can attack directly.",
        )
        .when(Condition::Exists { place: Place::Monsters(Who::You), filter: one_of_three_named_alike(), count: 3 })
        .op(Op::Apply {
            what: Obj::All(Place::Monsters(Who::You), one_of_three_named_alike()),
            modifier: Modifier::direct_attack(Scope::This),
            until: Duration::EndOfTurn,
        })]),
        _ => return None,
    })
}

/// The 2005 behaviour of this module's cards whose text changed later, by passcode.
pub fn behavior_2005(id: u32) -> Option<Behavior> {
    Some(match id {
        // Limiter Removal (GOAT): no end to the doubling; the monsters are destroyed anyway.
        LIMITER_REMOVAL => limiter_removal(
            "Double the ATK of every face-up Machine you control; in the End Phase, destroy the monsters this effect changed.",
            Duration::Permanent,
        ),
        _ => return None,
    })
}
