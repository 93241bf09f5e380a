//! Edison pool part 1 (part1_d): Brionac, Dragon of the Ice Barrier, Colossal Fighter, Debris
//! Dragon and Gorz the Emissary of Darkness; each a declaration in the effect vocabulary with its rules text in the
//! project's own words. The rulings decided for them are in `docs/rulings/edison-1-e4.md`.

use ygo_core::card::Race;
use ygo_core::effect::{EffectDecl as E, Filter as F, *};

const EMISSARY_TOKEN: u32 = 44330099;

const BRIONAC: &str = "1 Tuner + 1 or more non-Tuners. You can discard any number of cards, then target that many cards";

/// "1 Tuner + 1 or more non-Tuners".
fn synchro(effects: Vec<E>) -> Behavior {
    Behavior { effects, materials: Some(Materials::Synchro { tuner: F::Any, non_tuner: F::Any, min: 1, max: u8::MAX }), ..Behavior::default() }
}

/// Brionac's effect: discard any number of cards (cost), then target as many cards in `place`;
/// return them to the hand.
fn brionac(place: Place, text: &str) -> E {
    E::ignition(text)
        .cost(Cost::Cards { how: CostMove::Discard, from: CostFrom::Hand, filter: F::Any, count: CostCount::AnyNumber })
        .target_per_cost_card(place, F::Any)
        .needs_card_on_field()
        .op(Op::ToHand(Obj::Targets))
}

/// A Warrior monster.
fn warrior() -> F {
    F::Monster & F::Race(Race::WARRIOR)
}

/// Today's behaviour of this module's cards, by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Brionac, Dragon of the Ice Barrier
        50321796 => synchro(vec![brionac(
            Place::Field(Who::Opponent),
            &format!("{BRIONAC} your opponent controls; return them to the hand. Once per turn."),
        )
        .limit(Limit::PerNamePerTurn)]),
        // Colossal Fighter
        23693634 => synchro(vec![
            E::continuous("1 Tuner + 1 or more non-Tuners. It gains 100 ATK for each Warrior monster in both GYs.").modifier(Modifier::AtkDef {
                scope: Scope::This,
                atk: Num::per(100, Obj::All(Place::Gy(Who::Both), warrior())),
                def: Num::Const(0),
            }),
            E::optional_when(Trigger::DestroyedByBattle, "When it is destroyed by battle and sent to the GY: you can target 1 Warrior monster in either GY (this card too); Special Summon it.")
                .range(Range::Gy)
                .when(Condition::FreeMonsterZones(1))
                .target_in(Place::Gy(Who::Both), 1, 1, warrior() & F::can_special_summon())
                .op(Op::special_summon(Obj::Targets, SummonPos::FaceUp)),
        ]),
        // Debris Dragon
        14943837 => Behavior {
            synchro_material_limit: Some(SynchroMaterialLimit {
                for_monster: F::Race(Race::DRAGON),
                others: !F::stat(Stat::Level, Cmp::Eq, 4),
            }),
            ..Behavior::with(vec![E::optional_when(
                Trigger::Summoned { normal: true, flip: false, special: false, of: Subject::This },
                "A Tuner. When it is Normal Summoned: you can target 1 monster with 500 or less ATK in your GY; Special Summon it in Attack Position, its effects negated. It is Synchro Material only for a Dragon Synchro Monster, and then none of the other materials may be Level 4.",
            )
            .when(Condition::FreeMonsterZones(1))
            .target_in(Place::Gy(Who::You), 1, 1, F::Monster & F::atk_at_most(500) & F::can_special_summon())
            .op(Op::special_summon(Obj::Targets, SummonPos::Attack))
            .op(Op::Apply { what: Obj::Affected, modifier: Modifier::negate_monster_effects(), until: Duration::Permanent })])
        },
        // Gorz the Emissary of Darkness
        44330098 => {
            let no_cards = Condition::NoneIn { place: Place::Field(Who::You), filter: F::Any };
            let battle = Num::EventDamage { battle: true };
            Behavior::with(vec![E::optional_when(
                Trigger::Damage(DamageTaken::Took { who: Who::You, by: F::OppControls }),
                "When you take damage from a card your opponent controls while you control no cards: you can Special Summon this card from your hand (you must still control no cards when it resolves). Then, for battle damage: Special Summon 1 \"Emissary of Darkness Token\" (Fairy, LIGHT, Level 7) whose ATK and DEF equal that damage; for effect damage: your opponent takes the same damage.",
            )
            .range(Range::Hand)
            .when(Condition::All(vec![no_cards.clone(), Condition::FreeMonsterZones(1), Condition::This(F::can_special_summon())]))
            .op(Op::only_if(
                no_cards,
                vec![
                    Op::special_summon(Obj::This, SummonPos::FaceUp),
                    Op::if_did(vec![Op::If {
                        test: Test::Compare(battle.clone(), Cmp::Gt, Num::Const(0)),
                        then: vec![
                            Op::summon_tokens(EMISSARY_TOKEN, 1, SummonPos::FaceUp),
                            Op::Apply { what: Obj::Affected, modifier: Modifier::set_current(Scope::This, Some(battle.clone()), Some(battle)), until: Duration::Permanent },
                        ],
                        otherwise: vec![Op::damage(Who::Opponent, Num::EventDamage { battle: false })],
                    }]),
                ],
            ))])
        }
        _ => return None,
    })
}

/// The March 2010 behaviour of this module's cards whose text changed later (the Edison
/// format's versions), by passcode.
pub fn behavior_2010(id: u32) -> Option<Behavior> {
    Some(match id {
        // Brionac, Dragon of the Ice Barrier: any cards on the field, any number of times.
        50321796 => synchro(vec![brionac(Place::Field(Who::Both), &format!("{BRIONAC} on the field; return them to the hand."))]),
        _ => return None,
    })
}
