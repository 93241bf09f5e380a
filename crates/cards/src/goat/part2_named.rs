//! Goat pool part 2 (part2_named): the cards of `../shared/spec/pools/goat-2.txt` that real
//! Goat decks name, each a declaration in the effect vocabulary with its rules text in the
//! project's own words.

#[allow(unused_imports)]
use ygo_core::card::{Attribute, Race, SpellKind, TrapKind};
#[allow(unused_imports)]
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::{BattleStep, DamageStep, Phase, Zone};

use crate::mechanics;
use crate::Versions;

const NORMAL_SPELL: SpellKind = SpellKind::Normal;
const CONTINUOUS_SPELL: SpellKind = SpellKind::Continuous;

const ARMED_DRAGON_LV5: u32 = 46384672;
const DARK_FLARE_KNIGHT: u32 = 13722870;
const RED_EYES_B_DRAGON: u32 = 74677422;
const BLUE_EYES_WHITE_DRAGON: u32 = 89631139;
const DRAGON_CAPTURE_JAR: u32 = 50045299;

/// "Your opponent takes damage equal to the original ATK of the targeted `named` you control;
/// no `named` can attack this turn" ("Inferno Fire Blast").
fn burn_by_original_atk(text: &str, named: u32) -> Behavior {
    Behavior::with(vec![E::spell(NORMAL_SPELL, text)
        .target(1, F::Monster & F::FaceUp & F::YouControl & F::Named(named))
        .op(Op::damage(Who::Opponent, Num::stat_of(Stat::OriginalAtk, Obj::Targets)))
        .op(Op::ApplyRule { modifier: Modifier::cannot_attack(Scope::Monsters(F::YouControl & F::Named(named))), until: Duration::EndOfTurn })])
}

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Giant Orc
        73698349 => Behavior::with(vec![mechanics::rests_after_attacking(
            "If this card attacked (an attack that was not negated), at the end of the Battle Phase it is changed to Defense Position, and its battle position cannot be changed until the end of your next turn.",
        )]),
        // Mirage Knight (summoned by Dark Flare Knight, goat-1)
        49217579 => Behavior {
            no_normal_summon: true,
            special_summon_only_by: Some(F::Named(DARK_FLARE_KNIGHT)),
            ..Behavior::with(vec![
                E::continuous("Cannot be Normal Summoned or Set; only the effect of \"Dark Flare Knight\" can Special Summon it."),
                E::continuous("During damage calculation against an opponent's monster, it gains that monster's original ATK.")
                    .when(Condition::All(vec![
                        Condition::step(BattleStep::Damage(DamageStep::DuringCalculation)),
                        Condition::Battling(!F::NotSelf),
                        Condition::Battling(F::NotSelf & F::OppControls),
                    ]))
                    .modifier(Modifier::AtkDef {
                        scope: Scope::This,
                        atk: Num::stat_of(Stat::OriginalAtk, Obj::All(Place::Monsters(Who::Opponent), F::InBattle)),
                        def: Num::Const(0),
                    }),
                E::trigger(Trigger::Phase { phase: Phase::End, whose: Who::Both }, "In the End Phase of a turn it was in a battle: banish it.")
                    .when(Condition::This(F::ThisTurn(TurnFact::Battled)))
                    .op(Op::Banish { what: Obj::This, face_down: false }),
            ])
        },
        // Mirage Dragon
        15960641 => Behavior::with(vec![E::continuous("During the Battle Phase, your opponent cannot activate Trap Cards.")
            .when(Condition::in_battle_phase())
            .modifier(Modifier::cannot_activate(Who::Opponent, F::Trap))]),
        // Armed Dragon LV7
        73879377 => Behavior {
            no_normal_summon: true,
            special_summon_only_by: Some(crate::mechanics::lv_summoned_only_by(ARMED_DRAGON_LV5)),
            ..Behavior::with(vec![
                E::continuous("Cannot be Normal Summoned or Set; only the effect of \"Armed Dragon LV5\" can Special Summon it."),
                E::ignition("Send 1 monster from your hand to the GY: destroy every face-up monster your opponent controls whose ATK is not higher than the sent monster's ATK.")
                    .cost(Cost::send_from_hand(1, F::Monster))
                    .op(Op::destroy(Obj::All(Place::Monsters(Who::Opponent), F::FaceUp & F::stat(Stat::Atk, Cmp::Le, Num::Cost(CostStat::Atk))))),
            ])
        },
        // Inferno Fire Blast
        52684508 => burn_by_original_atk(
            "Target 1 face-up \"Red-Eyes B. Dragon\" you control: your opponent takes damage equal to its original ATK. No \"Red-Eyes B. Dragon\" can attack the turn you activate this card.",
            RED_EYES_B_DRAGON,
        ),
        // Soul Release
        5758500 => Behavior::with(vec![E::spell(NORMAL_SPELL, "Target up to 5 cards in either player's GY: banish them.")
            .target_in(Place::Gy(Who::Both), 1, 5, F::Any)
            .op(Op::Banish { what: Obj::Targets, face_down: false })]),
        // Raging Flame Sprite
        90810762 => Behavior::with(vec![
            E::continuous("This card can attack your opponent directly.").modifier(Modifier::direct_attack(Scope::This)),
            E::trigger(Trigger::dealt_battle_damage(true, Subject::This), "Each time it deals battle damage to your opponent by a direct attack, it gains 1000 ATK.").op(Op::Apply {
                what: Obj::This,
                modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(1000), def: Num::Const(0) },
                until: Duration::Permanent,
            }),
        ]),
        // UFO Turtle
        60806437 => mechanics::floater(
            Versions::Current,
            "When this card is destroyed by battle and sent to the GY: you can Special Summon 1 FIRE monster with 1500 or less ATK from your Deck in Attack Position.",
            F::Attribute(Attribute::Fire) & F::atk_at_most(1500),
            SummonPos::Attack,
        ),
        // Kaibaman
        34627841 => Behavior::with(vec![E::ignition("Tribute this card: Special Summon 1 \"Blue-Eyes White Dragon\" from your hand.")
            .cost(Cost::tribute_self())
            .when(Condition::Exists { place: Place::Hand(Who::You), filter: F::Named(BLUE_EYES_WHITE_DRAGON) & F::can_special_summon(), count: 1 })
            .op(Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: F::Named(BLUE_EYES_WHITE_DRAGON) & F::can_special_summon(), min: 1, max: 1 })
            .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))]),
        // Solar Flare Dragon
        45985838 => Behavior::with(vec![
            E::continuous("While you control another Pyro monster, this card cannot be attacked.")
                .when(Condition::Exists { place: Place::Monsters(Who::You), filter: F::FaceUp & F::Race(Race::PYRO) & F::NotSelf, count: 1 })
                .modifier(Modifier::not_attack_target(Scope::This)),
            E::trigger(Trigger::Phase { phase: Phase::End, whose: Who::You }, "In each of your End Phases: your opponent takes 500 damage.")
                .op(Op::damage(Who::Opponent, Num::Const(500))),
        ]),
        // Dragged Down into the Grave
        16435215 => Behavior::with(vec![E::spell(
            NORMAL_SPELL,
            "Both players show their hands; each picks 1 card from the other's hand, the picked cards are discarded, then each player draws 1 card.",
        )
        .when(Condition::Exists { place: Place::Hand(Who::Opponent), filter: F::Any, count: 1 })
        .op(Op::Reveal(Obj::All(Place::Hand(Who::Both), F::Any)))
        .op(Op::Choose { who: Who::You, place: Place::Hand(Who::Opponent), filter: F::Any, min: 1, max: 1 })
        .op(Op::Remember { what: Obj::Chosen, slot: Mem(0) })
        .op(Op::Choose { who: Who::Opponent, place: Place::Hand(Who::You), filter: F::Any, min: 1, max: 1 })
        .op(Op::Discard(Obj::Union(vec![Obj::Memory(Mem(0)), Obj::Chosen])))
        .op(Op::Draw { who: Who::Both, count: Num::Const(1) })]),
        // Horn of the Unicorn
        64047146 => Behavior::with(vec![
            E::spell(SpellKind::Equip, "Equip to 1 face-up monster (targeted): it gains 700 ATK and DEF.")
                .target(1, F::Monster & F::FaceUp)
                .op(Op::EquipTo(Obj::Targets))
                .modifier(Modifier::AtkDef { scope: Scope::Equipped, atk: Num::Const(700), def: Num::Const(700) }),
            E::trigger(Trigger::SentToGy { from: vec![Zone::SpellTrap], cause: Cause::Any }, "When this card goes from the field to the GY: put it on top of its owner's Deck.")
                .range(Range::Gy)
                .op(Op::ToDeck { what: Obj::This, top: true }),
        ]),
        // Cyber-Stein
        69015963 => Behavior::with(vec![E::ignition("Pay 5000 LP: Special Summon 1 Fusion Monster from your Extra Deck in Attack Position.")
            .when(Condition::Exists { place: Place::Extra(Who::You), filter: F::Monster & F::can_special_summon(), count: 1 })
            .cost(Cost::pay_lp(Num::Const(5000)))
            .op(Op::Choose { who: Who::You, place: Place::Extra(Who::You), filter: F::Monster & F::can_special_summon(), min: 1, max: 1 })
            .op(Op::special_summon(Obj::Chosen, SummonPos::Attack))]),
        // Jirai Gumo
        94773007 => Behavior::with(vec![E::trigger(
            Trigger::declares_attack(),
            "When this card declares an attack: call a coin toss; if the call is wrong, you lose half your LP.",
        )
        .op(Op::CallCoin)
        .op(Op::If { test: Test::Did, then: vec![], otherwise: vec![Op::pay_lp(Num::half(Num::Lp(Who::You)))] })]),
        // Needle Worm
        81843628 => Behavior::with(vec![E::flip("FLIP: Send the top 5 cards of your opponent's Deck to the GY.").op(Op::SendToGy(Obj::DeckTop(Who::Opponent, 5)))]),
        // Dragon Manipulator
        63018132 => Behavior::with(vec![E::flip("FLIP: Target 1 face-up Dragon your opponent controls: take control of it until the End Phase.")
            .target(1, F::Monster & F::FaceUp & F::OppControls & F::Race(Race::DRAGON))
            .op(Op::take_control(Obj::Targets, Duration::EndPhase))]),
        // Amazoness Archer
        91869203 => Behavior::with(vec![E::ignition("Tribute 2 monsters: your opponent takes 1200 damage.")
            .cost(Cost::tribute(2, F::Any))
            .op(Op::damage(Who::Opponent, Num::Const(1200)))]),
        // Hammer Shot
        26412047 => Behavior::with(vec![E::spell(
            NORMAL_SPELL,
            "Destroy the Attack Position monster on the field with the highest ATK (you pick one of those tied).",
        )
        .when(Condition::Exists { place: Place::Monsters(Who::Both), filter: F::AttackPos, count: 1 })
        .op(Op::Choose {
            who: Who::You,
            place: Place::Monsters(Who::Both),
            filter: F::AttackPos & F::stat(Stat::Atk, Cmp::Ge, Num::max_of(Stat::Atk, Obj::All(Place::Monsters(Who::Both), F::AttackPos))),
            min: 1,
            max: 1,
        })
        .op(Op::destroy(Obj::Chosen))]),
        // The A. Forces
        403847 => Behavior::with(vec![E::spell(
            CONTINUOUS_SPELL,
            "Every Warrior you control gains 200 ATK for each Warrior and Spellcaster you control.",
        )
        .modifier(Modifier::AtkDef {
            scope: Scope::Monsters(F::YouControl & F::Race(Race::WARRIOR)),
            atk: Num::per(200, Obj::All(Place::Monsters(Who::You), F::FaceUp & (F::Race(Race::WARRIOR) | F::Race(Race::SPELLCASTER)))),
            def: Num::Const(0),
        })]),
        // Judgment of Anubis
        55256016 => Behavior::with(vec![E::trap(
            TrapKind::Counter,
            "When your opponent activates a Spell Card that would destroy a Spell or Trap on the field: discard 1 card; negate the activation and destroy it, then you can destroy 1 face-up monster your opponent controls, and if you do, your opponent takes damage equal to its ATK.",
        )
        .when(Condition::All(vec![
            Condition::chain_top_activates(F::Spell & F::OppControls),
            Condition::chain_top_would_destroy(F::SpellTrap & F::OnField),
        ]))
        .cost(Cost::discard(1, F::Any))
        .op(Op::negate_activation(true))
        .op(Op::If {
            test: Test::Holds(Condition::Exists { place: Place::Monsters(Who::Opponent), filter: F::FaceUp, count: 1 }),
            then: vec![Op::MayDo(vec![
                Op::Choose { who: Who::You, place: Place::Monsters(Who::Opponent), filter: F::FaceUp, min: 1, max: 1 },
                Op::destroy(Obj::Chosen),
                Op::if_did(vec![Op::damage(Who::Opponent, Num::stat_of(Stat::Atk, Obj::Affected))]),
            ])],
            otherwise: vec![],
        })]),
        // Kaiser Glider
        52824910 => Behavior::with(vec![
            E::continuous("It cannot be destroyed by battle with a monster that has the same ATK.")
                .when(Condition::Battling(F::NotSelf & F::stat(Stat::Atk, Cmp::Eq, Num::stat_of(Stat::Atk, Obj::This))))
                .modifier(Modifier::indestructible_by_battle(Scope::This)),
            E::trigger(Trigger::Destroyed { cause: Cause::Any }, "When this card is destroyed and sent to the GY: target 1 monster on the field; return it to the hand.")
                .range(Range::Gy)
                .target(1, F::Monster)
                .op(Op::ToHand(Obj::Targets)),
        ]),
        // Dragon Piper
        55763552 => Behavior::with(vec![E::flip(
            "FLIP: Destroy every face-up \"Dragon Capture Jar\" on the field; if any was destroyed, change every face-up Dragon on the field to Attack Position.",
        )
        .op(Op::destroy(Obj::All(Place::Field(Who::Both), F::FaceUp & F::Named(DRAGON_CAPTURE_JAR))))
        .op(Op::if_did(vec![Op::ChangePosition {
            what: Obj::All(Place::Monsters(Who::Both), F::FaceUp & F::DefensePos & F::Race(Race::DRAGON)),
            to: PosChange::FaceUpAttack,
        }]))]),
        // Horn of Heaven
        98069388 => Behavior::with(vec![E::trap(TrapKind::Counter, "When a monster would be Summoned: Tribute 1 monster; negate the Summon and destroy that monster.")
            .when(Condition::summon_pending())
            .cost(Cost::tribute(1, F::Any))
            .op(Op::negate_activation(true))]),
        _ => return None,
    })
}

/// The 2005 behaviour of a card of this group whose text changed later.
pub fn behavior_2005(id: u32) -> Option<Behavior> {
    Some(match id {
        // UFO Turtle (GOAT): sent to the GY by battle, it finds or shows.
        60806437 => mechanics::floater(
            Versions::Goat2005,
            "When this card is destroyed by battle and sent to the GY: you can Special Summon 1 FIRE monster with 1500 or less ATK from your Deck in Attack Position (with none there, show the Deck).",
            F::Attribute(Attribute::Fire) & F::atk_at_most(1500),
            SummonPos::Attack,
        ),
        _ => return None,
    })
}
