//! Goat pool (part3_d): the last cards of `../shared/spec/pools/goat-3.txt` that waited for a
//! mechanic (the Guardians with their Equip Spells, Makyura, Weather Report); each a declaration in the effect
//! vocabulary with its rules text in the project's own words. The rulings decided for them are
//! in `docs/rulings/goat-3-d.md`.

use ygo_core::card::SpellKind;
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::Zone;

/// "Wicked-Breaking Flamberge - Baou", the Equip Spell "Guardian Baou" needs.
const FLAMBERGE_BAOU: u32 = 68427465;
/// "Twin Swords of Flashing Light - Tryce", the Equip Spell "Guardian Tryce" needs.
const TWIN_SWORDS_TRYCE: u32 = 21900719;

/// "Swords of Revealing Light" (named by "Weather Report").
const SWORDS_OF_REVEALING_LIGHT: u32 = 72302403;

/// A Guardian's summon condition: "cannot be Summoned unless you control a face-up `equip`"
/// (a Normal Set stays legal).
fn guardian(equip: u32, effects: Vec<E>) -> Behavior {
    Behavior {
        summon_condition: Some(Condition::Exists { place: Place::SpellTraps(Who::You), filter: F::FaceUp & F::Named(equip), count: 1 }),
        ..Behavior::with(effects)
    }
}

/// A Guardian's Equip Spell: send 1 card from the hand to the GY, then equip it to 1 face-up
/// monster (targeted); the equipped monster's ATK changes by `atk`, and `rule` applies to it.
fn guardian_equip(text: &str, atk: i32, rule: Modifier) -> Behavior {
    Behavior::with(vec![E::spell(SpellKind::Equip, text)
        .cost(Cost::send_from_hand(1, F::Any))
        .target(1, F::Monster & F::FaceUp)
        .op(Op::EquipTo(Obj::Targets))
        .modifier(Modifier::AtkDef { scope: Scope::Equipped, atk: Num::Const(atk), def: Num::Const(0) })
        .modifier(rule)])
}

/// The behaviour of this module's cards (2005 and today's where they agree), by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Guardian Baou
        73544866 => guardian(
            FLAMBERGE_BAOU,
            vec![
                E::continuous("Cannot be Normal Summoned, Flip Summoned or Special Summoned unless you control a face-up \"Wicked-Breaking Flamberge - Baou\"."),
                E::trigger(
                    Trigger::destroys_by_battle_to_gy(),
                    "When this card destroys an opponent's monster by battle and sends it to the GY: it gains 1000 ATK while it stays face-up on the field.",
                )
                .when(Condition::EventCard(F::InPlace(Place::Gy(Who::Opponent))))
                .op(Op::Apply {
                    what: Obj::This,
                    modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(1000), def: Num::Const(0) },
                    until: Duration::Permanent,
                }),
                E::continuous("The effects of the monsters this card destroys by battle are negated.")
                    .modifier(Modifier::NegateBattleVictims { scope: Scope::This, victims: F::Any }),
            ],
        ),
        // Wicked-Breaking Flamberge - Baou
        FLAMBERGE_BAOU => guardian_equip(
            "Send 1 card from your hand to the GY to equip this card to 1 face-up monster (targeted): it gains 500 ATK, and the effects of your opponent's monsters it destroys by battle are negated.",
            500,
            Modifier::NegateBattleVictims { scope: Scope::Equipped, victims: F::OppControls },
        ),
        // Guardian Tryce
        46037213 => guardian(
            TWIN_SWORDS_TRYCE,
            vec![
                E::continuous("Cannot be Normal Summoned, Flip Summoned or Special Summoned unless you control a face-up \"Twin Swords of Flashing Light - Tryce\"."),
                E::trigger(
                    Trigger::Destroyed { cause: Cause::Any },
                    "When this card is destroyed and sent to the GY: Special Summon from the GY the monster Tributed for its Tribute Summon.",
                )
                .range(Range::Gy)
                .when(Condition::Remembered(Mem::TRIBUTES))
                .op(Op::special_summon(Obj::Filtered(Box::new(Obj::Memory(Mem::TRIBUTES)), F::InPlace(Place::Gy(Who::Both))), SummonPos::FaceUp)),
            ],
        ),
        // Twin Swords of Flashing Light - Tryce
        TWIN_SWORDS_TRYCE => guardian_equip(
            "Send 1 card from your hand to the GY to equip this card to 1 face-up monster (targeted): it loses 500 ATK, and it can attack twice during each Battle Phase.",
            -500,
            Modifier::ExtraAttacks { scope: Scope::Equipped, count: Num::Const(1) },
        ),
        // Makyura the Destructor (today's text; its 2005 entry is Forbidden on the April 2005
        // list)
        21593977 => Behavior::with(vec![E::optional_if(
            Trigger::SentToGy { from: vec![Zone::Monster], cause: Cause::Any },
            "If this card goes from the Monster Zone to the GY: you can let yourself activate 1 Trap Card from your hand this turn. Only once per turn for \"Makyura the Destructor\".",
        )
        .range(Range::Gy)
        .limit(Limit::PerNamePerTurn)
        .op(Op::ApplyPlayer { who: Who::You, effect: PlayerEffect::TrapsFromHand(1) })]),
        // Weather Report
        72053645 => Behavior::with(vec![E::flip(
            "FLIP: Destroy every face-up \"Swords of Revealing Light\" your opponent controls; if you do, you can conduct your next Battle Phase twice.",
        )
        .op(Op::destroy(Obj::All(Place::SpellTraps(Who::Opponent), F::FaceUp & F::Named(SWORDS_OF_REVEALING_LIGHT))))
        .then_if_did(vec![Op::ApplyPlayer { who: Who::You, effect: PlayerEffect::BattlePhaseTwice }])]),
        // Patrician of Darkness
        19153634 => Behavior::with(vec![E::continuous("You choose the targets of your opponent's attacks on monsters.")
            .modifier(Modifier::Duel(DuelRule::ChoosesOpponentsAttackTargets))]),
        _ => return None,
    })
}
