//! Card behaviours (see `lib.rs`): each card is a declaration in the effect vocabulary of
//! `ygo_core::effect`, with its rules text in the project's own words.

use ygo_core::card::type_bits;
#[allow(unused_imports)]
use ygo_core::card::{Attribute, Race, SpellKind, TrapKind};
#[allow(unused_imports)]
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::Phase;

const RED_EYES_BLACK_DRAGON: u32 = 74677422;
const ARMED_DRAGON_LV5: u32 = 46384672;
const ARMED_DRAGON_LV7: u32 = 73879377;

fn dragon() -> F {
    F::Race(Race::DRAGON)
}

/// "Special Summon 1 <name> from your hand or Deck".
fn summon_named_from_hand_or_deck(e: E, code: u32) -> E {
    e.when(Condition::Exists { place: Place::HandOrDeck(Who::You), filter: F::Named(code) & F::can_special_summon(), count: 1 })
        .op(Op::Choose { who: Who::You, place: Place::HandOrDeck(Who::You), filter: F::Named(code) & F::can_special_summon(), min: 1, max: 1 })
        .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))
}

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Masked Dragon
        39191307 => Behavior::with(vec![E::optional_when(
            Trigger::DestroyedByBattle,
            "When this card is destroyed by battle and sent to the GY: you can Special Summon 1 Dragon monster with 1500 or less ATK from your Deck.",
        )
        .range(Range::Gy)
        .when(Condition::Exists { place: Place::Deck(Who::You), filter: dragon() & F::atk_at_most(1500) & F::can_special_summon(), count: 1 })
        .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: dragon() & F::atk_at_most(1500) & F::can_special_summon(), min: 1, max: 1 })
        .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))]),
        // Red-Eyes Darkness Dragon
        96561011 => Behavior {
            effects: vec![
                E::continuous("Never Normal Summoned or Set: it is Special Summoned from the hand by Tributing 1 \"Red-Eyes Black Dragon\" you control."),
                E::continuous("It gains 300 ATK for every Dragon monster in your GY.").modifier(Modifier::AtkDef {
                    scope: Scope::This,
                    atk: Num::per(300, Obj::All(Place::Gy(Who::You), dragon())),
                    def: Num::Const(0),
                }),
            ],
            no_normal_summon: true,
            summon_rule: Some(SummonRule::Tribute { count: 1, filter: F::Named(RED_EYES_BLACK_DRAGON) }),
            ..Behavior::default()
        },
        // Twin-Headed Behemoth
        43586926 => Behavior::with(vec![E::optional_if(
            Trigger::Phase { phase: Phase::End, whose: Who::Both },
            "Once per Duel, in the End Phase of a turn in which this card was destroyed on the field and sent to the GY: you can Special Summon it from the GY; its ATK and DEF become 1000.",
        )
        .range(Range::Gy)
        .when(Condition::This(F::ThisTurn(TurnFact::Arrived) & F::CameFrom(Origin::Field) & F::SentBy(Sent::Destroyed)))
        .limit(Limit::PerNamePerDuel)
        .op(Op::special_summon(Obj::This, SummonPos::FaceUp))
        .then_if_did(vec![Op::Apply {
            what: Obj::Affected,
            modifier: Modifier::set_original(Some(Num::Const(1000)), Some(Num::Const(1000))),
            until: Duration::Permanent,
        }])]),
        // Armed Dragon LV3
        980973 => crate::mechanics::lv_monster(ARMED_DRAGON_LV5, Behavior::with(vec![summon_named_from_hand_or_deck(
            E::optional_if(
                Trigger::Phase { phase: Phase::Standby, whose: Who::You },
                "In your Standby Phase: you can send this face-up card to the GY to Special Summon 1 \"Armed Dragon LV5\" from your hand or Deck.",
            )
            .cost(Cost::send_self_to_gy()),
            ARMED_DRAGON_LV5,
        )])),
        // Armed Dragon LV5
        46384672 => crate::mechanics::lv_monster(ARMED_DRAGON_LV7, Behavior::with(vec![
            E::ignition("Send 1 monster from your hand to the GY, then target 1 face-up monster your opponent controls whose ATK is not higher than the sent monster's ATK: destroy it.")
                .cost(Cost::discard(1, F::Monster))
                .target(1, F::Monster & F::FaceUp & F::OppControls & F::stat(Stat::Atk, Cmp::Le, Num::Cost(CostStat::Atk)))
                .op(Op::destroy(Obj::Targets)),
            summon_named_from_hand_or_deck(
                E::optional_if(
                    Trigger::Phase { phase: Phase::End, whose: Who::Both },
                    "In the End Phase of a turn in which this card destroyed a monster by battle: you can send it to the GY to Special Summon 1 \"Armed Dragon LV7\" from your hand or Deck.",
                )
                .cost(Cost::send_self_to_gy()),
                ARMED_DRAGON_LV7,
            )
            .when(Condition::All(vec![
                Condition::This(F::ThisTurn(TurnFact::DestroyedByBattle)),
                Condition::Exists { place: Place::HandOrDeck(Who::You), filter: F::Named(ARMED_DRAGON_LV7) & F::can_special_summon(), count: 1 },
            ])),
        ])),
        // Black Dragon's Chick
        36262024 => Behavior::with(vec![E::ignition(
            "Send this face-up card to the GY: Special Summon 1 \"Red-Eyes Black Dragon\" from your hand.",
        )
        .cost(Cost::send_self_to_gy())
        .op(Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: F::Named(RED_EYES_BLACK_DRAGON) & F::can_special_summon(), min: 1, max: 1 })
        .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))]),
        // Element Dragon
        30314994 => {
            let on_field = |a: Attribute| Condition::Exists { place: Place::Monsters(Who::Both), filter: F::Attribute(a) & F::FaceUp, count: 1 };
            Behavior::with(vec![
                E::continuous("While a FIRE monster is on the field, this card gains 500 ATK.")
                    .when(on_field(Attribute::Fire))
                    .modifier(Modifier::AtkDef { scope: Scope::This, atk: Num::Const(500), def: Num::Const(0) }),
                E::continuous("While a WIND monster is on the field, after it destroys an opponent's monster by battle it may attack once more in a row.")
                    .when(on_field(Attribute::Wind))
                    .modifier(Modifier::second_attack_on_kill(Scope::This)),
            ])
        }
        // Snatch Steal
        45986603 => Behavior::with(vec![
            E::spell(SpellKind::Equip, "Equip only to a face-up monster your opponent controls (targeted); you control the equipped monster.")
                .target(1, F::Monster & F::FaceUp & F::OppControls)
                .op(Op::EquipTo(Obj::Targets))
                .modifier(Modifier::control_equipped()),
            E::trigger(Trigger::Phase { phase: Phase::Standby, whose: Who::Opponent }, "In each of your opponent's Standby Phases, they gain 1000 LP.")
                .needs_card_on_field()
                .op(Op::gain_lp(Who::Opponent, Num::Const(1000))),
        ]),
        // Nobleman of Crossout
        71044499 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Destroy 1 targeted face-down monster on the field and banish it; if it is a Flip monster, both players show their Main Decks and banish every card in them with its name.",
        )
        .target(1, F::Monster & F::FaceDown)
        .op(Op::destroy_and_banish(Obj::Targets))
        .op(Op::If {
            test: Test::AffectedIs(F::ability(type_bits::FLIP)),
            then: vec![
                Op::Reveal(Obj::All(Place::Deck(Who::Both), F::same_name_as(Obj::Affected))),
                Op::Banish { what: Obj::All(Place::Deck(Who::Both), F::same_name_as(Obj::Affected)), face_down: false },
            ],
            otherwise: vec![],
        })]),
        // Premature Burial
        70828912 => Behavior::with(vec![E::spell(
            SpellKind::Equip,
            "Pay 800 LP and target 1 monster in your GY: Special Summon it in Attack Position and equip it with this card. If this card is destroyed, the equipped monster is destroyed.",
        )
        .cost(Cost::pay_lp(Num::Const(800)))
        .target_in(Place::Gy(Who::You), 1, 1, F::Monster & F::can_special_summon())
        .op(Op::special_summon(Obj::Targets, SummonPos::Attack))
        .then_if_did(vec![
            Op::EquipTo(Obj::Affected),
            Op::Apply { what: Obj::Affected, modifier: Modifier::destroyed_with_source(true), until: Duration::Permanent },
        ])]),
        // Swords of Revealing Light
        72302403 => Behavior::with(vec![
            E::spell(
                SpellKind::Normal,
                "Flip every face-down monster your opponent controls face-up. This card stays on the field; while it is face-up, your opponent's monsters cannot declare an attack.",
            )
            .op(Op::ChangePosition { what: Obj::All(Place::Monsters(Who::Opponent), F::FaceDown), to: PosChange::FaceUpDefense })
            .op(Op::ApplyRule { modifier: Modifier::cannot_attack(Scope::Monsters(F::OppControls)), until: Duration::WhileSourceOnField }),
            E::trigger(Trigger::Phase { phase: Phase::End, whose: Who::Opponent }, "It is destroyed in the End Phase of your opponent's 3rd turn after its activation.")
                .when(Condition::TurnsSince { anchor: Anchor::Activation, whose: Who::Opponent, n: 3 })
                .op(Op::destroy(Obj::This)),
        ]),
        // Stamping Destruction
        81385346 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "While you control a face-up Dragon monster: destroy 1 targeted spell or trap on the field, and if you do, its controller takes 500 damage.",
        )
        .when(Condition::Exists { place: Place::Monsters(Who::You), filter: dragon() & F::FaceUp, count: 1 })
        .target(1, F::SpellTrap)
        .op(Op::destroy(Obj::Targets))
        .then_if_did(vec![Op::damage_controller(Obj::Affected, Num::Const(500))])]),
        // Creature Swap
        31036355 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Each player picks 1 monster they control; those two monsters change control. Neither can change its battle position for the rest of this turn.",
        )
        .when(Condition::All(vec![
            Condition::Exists { place: Place::Monsters(Who::You), filter: F::Any, count: 1 },
            Condition::Exists { place: Place::Monsters(Who::Opponent), filter: F::Any, count: 1 },
        ]))
        .op(Op::Choose { who: Who::You, place: Place::Monsters(Who::You), filter: F::Any, min: 1, max: 1 })
        .op(Op::Remember { what: Obj::Chosen, slot: Mem(0) })
        .op(Op::Choose { who: Who::Opponent, place: Place::Monsters(Who::Opponent), filter: F::Any, min: 1, max: 1 })
        .op(Op::swap_control(Obj::Memory(Mem(0)), Obj::Chosen))
        .op(Op::Apply { what: Obj::Affected, modifier: Modifier::cannot_change_position(Scope::This), until: Duration::EndOfTurn })]),
        // Reload
        22589918 => Behavior::with(vec![E::spell(
            SpellKind::QuickPlay,
            "Shuffle every card in your hand into your Deck, then draw as many cards as you shuffled in.",
        )
        .when(Condition::Exists { place: Place::Hand(Who::You), filter: F::Any, count: 1 })
        .op(Op::ToDeck { what: Obj::All(Place::Hand(Who::You), F::Any), top: false })
        .op(Op::Draw { who: Who::You, count: Num::count_of(Obj::Affected) })]),
        // The Graveyard in the Fourth Dimension
        88089103 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Target 2 \"LV\" monsters in your GY: shuffle them into your Deck.",
        )
        .target_in(Place::Gy(Who::You), 2, 2, F::Monster & F::NameHas("LV".into()))
        .op(Op::ToDeck { what: Obj::Targets, top: false })]),
        // Call of the Haunted
        97077563 => Behavior::with(vec![E::trap(
            TrapKind::Continuous,
            "Target 1 monster in your GY: Special Summon it in Attack Position. If this card leaves the field, that monster is destroyed; if that monster is destroyed, this card is destroyed.",
        )
        .target_in(Place::Gy(Who::You), 1, 1, F::Monster & F::can_special_summon())
        .op(Op::special_summon(Obj::Targets, SummonPos::Attack))
        .then_if_did(vec![
            Op::Apply { what: Obj::Affected, modifier: Modifier::destroyed_with_source(false), until: Duration::Permanent },
            Op::Apply { what: Obj::Affected, modifier: Modifier::source_destroyed_with_it(), until: Duration::Permanent },
        ])]),
        // Ceasefire
        36468556 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "While a face-down Defense Position monster or an Effect Monster is on the field: turn every face-down Defense Position monster face-up in Defense Position (their FLIP effects do not activate), and your opponent takes 500 damage for each Effect Monster on the field.",
        )
        .when(Condition::Exists { place: Place::Monsters(Who::Both), filter: (F::FaceDown & F::DefensePos) | F::effect_monster(), count: 1 })
        .op(Op::ChangePosition { what: Obj::All(Place::Monsters(Who::Both), F::FaceDown & F::DefensePos), to: PosChange::RevealDefense })
        .op(Op::damage(Who::Opponent, Num::per(500, Obj::All(Place::Monsters(Who::Both), F::effect_monster()))))]),
        // The Dragon's Bead
        92408984 => Behavior::with(vec![
            E::trap(TrapKind::Continuous, "Stays face-up on the field."),
            E::trap(
                TrapKind::Continuous,
                "When a trap card is activated that targets a face-up Dragon monster: discard 1 card; negate that trap's effect and destroy it.",
            )
            .when(Condition::All(vec![Condition::chain_top_activates(F::Trap), Condition::chain_top_targets(dragon() & F::FaceUp)]))
            .cost(Cost::discard(1, F::Any))
            .op(Op::negate_effect(true)),
        ]),
        // Dragon's Rage
        54178050 => Behavior::with(vec![E::trap(
            TrapKind::Continuous,
            "While face-up, your Dragon monsters inflict piercing battle damage when they attack a Defense Position monster.",
        )
        .modifier(Modifier::piercing(Scope::Monsters(dragon() & F::YouControl)))]),
        // Reckless Greed
        37576645 => Behavior::with(vec![E::trap(TrapKind::Normal, "Draw 2 cards, then skip your next 2 Draw Phases.")
            .op(Op::Draw { who: Who::You, count: Num::Const(2) })
            .op(Op::ApplyPlayer { who: Who::You, effect: PlayerEffect::SkipDraw(2) })]),
        // Interdimensional Matter Transporter
        36261276 => Behavior::with(vec![
            E::trap(TrapKind::Normal, "Banish 1 targeted face-up monster you control until the End Phase, when it returns to the field in the position it had.")
                .target(1, F::Monster & F::FaceUp & F::YouControl)
                .op(Op::Banish { what: Obj::Targets, face_down: false })
                .op(Op::Remember { what: Obj::Affected, slot: Mem(0) })
                .op(Op::Later { at: Moment::EndPhase, ops: vec![Op::return_to_field(Obj::Memory(Mem(0)))] }),
        ]),
        // Trap Jammer
        19252988 => Behavior::with(vec![E::trap(
            TrapKind::Counter,
            "During the Battle Phase, when your opponent activates a trap card: negate the activation and destroy it.",
        )
        .when(Condition::All(vec![Condition::in_battle_phase(), Condition::chain_top_activates(F::Trap & F::OppControls)]))
        .op(Op::negate_activation(true))]),
        _ => return None,
    })
}
