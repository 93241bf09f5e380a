//! Edison pool part 1 (part1_a): the Main Deck cards of the Lightsworn, Twilight and Blackwing
//! lists, then others: mills and sent-from-the-Deck triggers, effects used in or from the GY,
//! effects used from the hand; each a declaration in the effect vocabulary with its rules text
//! in the project's own words. The rulings decided for them are in
//! `docs/rulings/edison-1-e2.md`.

use crate::mechanics::in_damage_step;
use ygo_core::card::{Attribute, Race, SpellKind, TrapKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::{BattleStep, DamageStep, Phase, SummonKind};

use crate::mechanics::{banish_self_from_gy, end_phase_mill, mill, sent_from_deck};

const TREEBORN_FROG: u32 = 12538374;
const FLUFF_TOKEN: u32 = 15341822;
const MALICIOUS: u32 = 9411399;
const GALE: u32 = 2009101;
const BORA: u32 = 49003716;

/// A "Lightsworn" card (by name).
fn lightsworn() -> F {
    F::Monster & F::NameHas("Lightsworn".into())
}

/// A "Blackwing" monster (by name).
pub(crate) fn blackwing() -> F {
    F::Monster & F::NameHas("Blackwing".into())
}

/// A DARK monster.
pub(crate) fn dark() -> F {
    F::Monster & F::Attribute(Attribute::Dark)
}

/// "When this card is Normal Summoned" (`flip`, `special`: or so Summoned).
fn summoned(normal: bool, flip: bool, special: bool, text: &str) -> E {
    E::optional_when(Trigger::Summoned { normal, flip, special, of: Subject::This }, text)
}

/// "Pick 1 card matching `f` in `place`, then `then` it": the condition that one is there and
/// the two steps.
fn pick(e: E, place: Place, f: F, then: Op) -> E {
    e.when(Condition::Exists { place, filter: f.clone(), count: 1 }).op(Op::Choose { who: Who::You, place, filter: f, min: 1, max: 1 }).op(then)
}

/// The Monarchs' "If this card is Tribute Summoned: target 1 card on the field".
fn monarch(text: &str) -> E {
    E::trigger(Trigger::Summoned { normal: true, flip: false, special: false, of: Subject::This }, text)
        .when(Condition::This(F::Summoned(SummonKind::Tribute)))
        .target_in(Place::Field(Who::Both), 1, 1, F::Any)
}

/// "If you control a "Blackwing" monster other than this card's name, you can Special Summon
/// this card from your hand" (Gale, Bora).
fn blackwing_summon_rule(own: u32) -> SummonRule {
    SummonRule::Condition(Condition::Exists { place: Place::Monsters(Who::You), filter: blackwing() & F::FaceUp & !F::Named(own), count: 1 })
}

/// Banish this face-up card from the field (cost).
fn banish_self() -> Cost {
    Cost::Cards { how: CostMove::Banish, from: CostFrom::This, filter: F::Any, count: CostCount::Range(1, 1) }
}

/// Today's behaviour of this module's cards, by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Caius the Shadow Monarch
        9748752 => Behavior::with(vec![monarch(
            "If this card is Tribute Summoned: target 1 card on the field; banish it, and if you do and it is a DARK monster, your opponent takes 1000 damage.",
        )
        .op(Op::Banish { what: Obj::Targets, face_down: false })
        .op(Op::If { test: Test::AffectedIs(dark()), then: vec![Op::damage(Who::Opponent, Num::Const(1000))], otherwise: vec![] })]),
        // Raiza the Storm Monarch
        73125233 => Behavior::with(vec![monarch("If this card is Tribute Summoned: target 1 card on the field; put it on top of its owner's Deck.")
            .op(Op::ToDeck { what: Obj::Targets, top: true })]),
        // Ryko, Lightsworn Hunter
        21502796 => Behavior::with(vec![E::flip("FLIP: you can destroy 1 card on the field; then send the top 3 cards of your Deck to the GY.")
            .op(Op::MayDo(vec![Op::Choose { who: Who::You, place: Place::Field(Who::Both), filter: F::Any, min: 1, max: 1 }, Op::destroy(Obj::Chosen)]))
            .op(mill(Who::You, 3))]),
        // Dandylion
        15341821 => Behavior::with(vec![E::trigger(
            Trigger::SentToGy { from: vec![], cause: Cause::Any },
            "If this card is sent to the GY: Special Summon 2 Fluff Tokens (Plant, WIND, Level 1, 0/0) in Defense Position; they cannot be Tributed for a Tribute Summon the turn they are Summoned.",
        )
        .range(Range::Gy)
        .op(Op::summon_tokens(FLUFF_TOKEN, 2, SummonPos::Defense))
        .op(Op::Apply { what: Obj::Affected, modifier: Modifier::no_tribute_summon_material(Scope::This), until: Duration::EndOfTurn })]),
        // Jain, Lightsworn Paladin
        96235275 => Behavior::with(vec![
            E::continuous("When it attacks a monster, it gains 300 ATK during the Damage Step only.")
                .when(Condition::All(vec![in_damage_step(), Condition::This(F::Attacker), Condition::Battling(F::NotSelf)]))
                .modifier(Modifier::AtkDef { scope: Scope::This, atk: Num::Const(300), def: Num::Const(0) }),
            end_phase_mill(2, "Once per turn, in your End Phase: send the top 2 cards of your Deck to the GY."),
        ]),
        // Lyla, Lightsworn Sorceress
        22624373 => Behavior::with(vec![
            E::ignition("You can target 1 Spell or Trap your opponent controls; change this face-up Attack Position card to Defense Position (its position cannot change until the end of your next turn), and if you do, destroy that target.")
                .when(Condition::This(F::FaceUp & F::AttackPos))
                .target_in(Place::SpellTraps(Who::Opponent), 1, 1, F::Any)
                .needs_card_on_field()
                .op(Op::ChangePosition { what: Obj::This, to: PosChange::FaceUpDefense })
                .then_if_did(vec![
                    Op::Apply { what: Obj::This, modifier: Modifier::cannot_change_position(Scope::This), until: Duration::YourNextTurn },
                    Op::destroy(Obj::Targets),
                ]),
            end_phase_mill(3, "Once per turn, in your End Phase: send the top 3 cards of your Deck to the GY."),
        ]),
        // Wulf, Lightsworn Beast
        58996430 => Behavior {
            no_normal_summon: true,
            special_summon_only_by: Some(F::Any),
            ..Behavior::with(vec![
                E::continuous("It cannot be Normal Summoned or Set; only a card effect can Special Summon it."),
                sent_from_deck(false, "If this card is sent from your Deck to the GY: Special Summon it.")
                    .when(Condition::This(F::can_special_summon()))
                    .op(Op::special_summon(Obj::This, SummonPos::FaceUp)),
            ])
        },
        // Celestia, Lightsworn Angel
        94381039 => Behavior::with(vec![summoned(
            true,
            false,
            false,
            "When you Tribute Summon this card with a \"Lightsworn\" monster among its Tributes: you can send the top 4 cards of your Deck to the GY (cost), then target up to 2 cards your opponent controls; destroy them.",
        )
        .when(Condition::All(vec![
            Condition::This(F::Summoned(SummonKind::Tribute)),
            Condition::Exists { place: Place::Gy(Who::You), filter: lightsworn() & F::SentBy(Sent::Tribute) & F::ThisTurn(TurnFact::Arrived), count: 1 },
        ]))
        .cost(Cost::send_deck_top(4))
        .target_in(Place::Field(Who::Opponent), 1, 2, F::Any)
        .op(Op::destroy(Obj::Targets))]),
        // Charge of the Light Brigade
        94886282 => Behavior::with(vec![pick(
            E::spell(SpellKind::Normal, "Send the top 3 cards of your Deck to the GY (cost); add 1 Level 4 or lower \"Lightsworn\" monster from your Deck to your hand.")
                .cost(Cost::send_deck_top(3)),
            Place::Deck(Who::You),
            lightsworn() & F::level_at_most(4),
            Op::ToHand(Obj::Chosen),
        )]),
        // Solar Recharge
        691925 => Behavior::with(vec![E::spell(SpellKind::Normal, "Discard 1 \"Lightsworn\" monster (cost); draw 2 cards, then send the top 2 cards of your Deck to the GY.")
            .cost(Cost::discard(1, lightsworn()))
            .op(Op::Draw { who: Who::You, count: Num::Const(2) })
            .op(mill(Who::You, 2))]),
        // Super-Nimble Mega Hamster
        5220687 => {
            let beast = F::Monster & F::Race(Race::BEAST) & F::level_at_most(3) & F::can_special_summon();
            Behavior::with(vec![E::flip("FLIP: you can Special Summon 1 Level 3 or lower Beast monster from your Deck in face-down Defense Position.").op(Op::MayDo(vec![
                Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: beast, min: 1, max: 1 },
                Op::special_summon(Obj::Chosen, SummonPos::FaceDownDefense),
            ]))])
        }
        // Card Trooper
        85087012 => {
            let mill_n = |n: u8| vec![mill(Who::You, n), Op::Apply { what: Obj::This, modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::per(500, Obj::Affected), def: Num::Const(0) }, until: Duration::EndOfTurn }];
            Behavior::with(vec![
                E::ignition("Once per turn: you can choose 1, 2 or 3 and send that many cards from the top of your Deck to the GY; this card gains 500 ATK for each card sent this way until the end of this turn.")
                    .limit(Limit::PerCardPerTurn)
                    .when(Condition::Exists { place: Place::Deck(Who::You), filter: F::Any, count: 1 })
                    .needs_card_on_field()
                    .op(Op::ChooseOne(vec![mill_n(1), mill_n(2), mill_n(3)])),
                E::trigger(Trigger::Destroyed { cause: Cause::Any }, "If this card you control is destroyed and sent to your GY: draw 1 card.")
                    .range(Range::Gy)
                    .op(Op::Draw { who: Who::You, count: Num::Const(1) }),
            ])
        }
        // Treeborn Frog
        12538374 => {
            let no_spells = Condition::NoneIn { place: Place::SpellTraps(Who::You), filter: F::Any };
            Behavior::with(vec![E::optional_if(
                Trigger::Phase { phase: Phase::Standby, whose: Who::You },
                "Once per turn, in your Standby Phase, if this card is in your GY and you control no \"Treeborn Frog\": you can Special Summon it. You must control no Spell or Trap Cards to activate and to resolve this effect.",
            )
            .range(Range::Gy)
            .limit(Limit::PerCardPerTurn)
            .when(Condition::All(vec![
                no_spells.clone(),
                Condition::NoneIn { place: Place::Monsters(Who::You), filter: F::Named(TREEBORN_FROG) & F::FaceUp },
                Condition::FreeMonsterZones(1),
                Condition::This(F::can_special_summon()),
            ]))
            .op(Op::only_if(no_spells, vec![Op::special_summon(Obj::This, SummonPos::FaceUp)]))])
        }
        // Pot of Avarice
        67169062 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Target 5 monsters in your GY; shuffle all 5 into the Deck, then draw 2 cards (nothing happens unless all 5 are still there).",
        )
        .target_in(Place::Gy(Who::You), 5, 5, F::Monster)
        .op(Op::If {
            test: Test::Compare(Num::count_of(Obj::Targets), Cmp::Eq, Num::Const(5)),
            then: vec![Op::ToDeck { what: Obj::Targets, top: false }, Op::Draw { who: Who::You, count: Num::Const(2) }],
            otherwise: vec![],
        })]),
        // Allure of Darkness
        1475311 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Draw 2 cards, then banish 1 DARK monster from your hand, or, if you have none in your hand, send your whole hand to the GY.",
        )
        .op(Op::Draw { who: Who::You, count: Num::Const(2) })
        .op(Op::If {
            test: Test::Holds(Condition::Exists { place: Place::Hand(Who::You), filter: dark(), count: 1 }),
            then: vec![Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: dark(), min: 1, max: 1 }, Op::Banish { what: Obj::Chosen, face_down: false }],
            otherwise: vec![Op::SendToGy(Obj::All(Place::Hand(Who::You), F::Any))],
        })]),
        // Dimensional Prison
        70342110 => Behavior::with(vec![E::trap(TrapKind::Normal, "When an opponent's monster declares an attack: target that attacking monster; banish it.")
            .when(Condition::AttackDeclared(F::OppControls))
            .target(1, F::Attacker)
            .op(Op::Banish { what: Obj::Targets, face_down: false })]),
        // Dark Armed Dragon
        65192027 => Behavior {
            no_normal_summon: true,
            summon_rule: Some(SummonRule::Condition(Condition::Compare(Num::count_of(Obj::All(Place::Gy(Who::You), dark())), Cmp::Eq, Num::Const(3)))),
            ..Behavior::with(vec![
                E::continuous("It cannot be Normal Summoned or Set; it is Special Summoned from the hand while you have exactly 3 DARK monsters in your GY."),
                E::ignition("You can banish 1 DARK monster from your GY (cost), then target 1 card on the field; destroy it.")
                    .cost(Cost::banish_from_gy(1, dark()))
                    .target_in(Place::Field(Who::Both), 1, 1, F::Any)
                    .needs_card_on_field()
                    .op(Op::destroy(Obj::Targets)),
            ])
        },
        // Blackwing - Gale the Whirlwind
        2009101 => Behavior {
            summon_rule: Some(blackwing_summon_rule(GALE)),
            ..Behavior::with(vec![
                E::continuous("While you control another \"Blackwing\" monster (not \"Blackwing - Gale the Whirlwind\"), you can Special Summon it from your hand."),
                E::ignition("Once per turn: you can target 1 face-up monster your opponent controls; its ATK and DEF become half its current ATK and DEF.")
                    .limit(Limit::PerCardPerTurn)
                    .target_in(Place::Monsters(Who::Opponent), 1, 1, F::FaceUp)
                    .needs_card_on_field()
                    .op(Op::Apply {
                        what: Obj::Targets,
                        modifier: Modifier::set_current(
                            Scope::This,
                            Some(Num::half(Num::stat_of(Stat::Atk, Obj::Target(0)))),
                            Some(Num::half(Num::stat_of(Stat::Def, Obj::Target(0)))),
                        ),
                        until: Duration::Permanent,
                    }),
            ])
        },
        // Blackwing - Bora the Spear
        49003716 => Behavior {
            summon_rule: Some(blackwing_summon_rule(BORA)),
            ..Behavior::with(vec![
                E::continuous("While you control another \"Blackwing\" monster (not \"Blackwing - Bora the Spear\"), you can Special Summon it from your hand."),
                E::continuous("When it attacks a Defense Position monster whose DEF is lower than its ATK, the difference is dealt to your opponent as battle damage.")
                    .modifier(Modifier::piercing(Scope::This)),
            ])
        },
        // Blackwing - Blizzard the Far North
        22835145 => {
            let back = blackwing() & F::level_at_most(4) & F::can_special_summon();
            Behavior {
                no_special_summon: true,
                ..Behavior::with(vec![
                    E::continuous("It cannot be Special Summoned."),
                    summoned(true, false, false, "When this card is Normal Summoned: you can target 1 Level 4 or lower \"Blackwing\" monster in your GY; Special Summon it in Defense Position.")
                        .target_in(Place::Gy(Who::You), 1, 1, back)
                        .op(Op::special_summon(Obj::Targets, SummonPos::Defense)),
                ])
            }
        }
        // Blackwing - Kalut the Moon Shadow
        85215458 => Behavior::with(vec![E::quick(
            "In the Damage Step, when your \"Blackwing\" monster battles: you can send this card from your hand to the GY (cost); that monster gains 1400 ATK until the end of this turn.",
        )
        .range(Range::Hand)
        .changes_stats_in_damage_step()
        .when(Condition::All(vec![
            Condition::Any(vec![Condition::step(BattleStep::Damage(DamageStep::Start)), Condition::step(BattleStep::Damage(DamageStep::BeforeCalculation))]),
            Condition::Battling(blackwing() & F::YouControl & F::FaceUp),
        ]))
        .cost(Cost::send_self_to_gy())
        .op(Op::Apply {
            what: Obj::All(Place::Monsters(Who::You), blackwing() & F::FaceUp & F::InBattle),
            modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(1400), def: Num::Const(0) },
            until: Duration::EndOfTurn,
        })]),
        // Blackwing - Shura the Blue Flame
        58820853 => {
            let call = blackwing() & F::atk_at_most(1500) & F::can_special_summon();
            Behavior::with(vec![pick(
                E::optional_when(
                    Trigger::destroys_by_battle_to_gy(),
                    "When this card destroys an opponent's monster by battle and sends it to the GY: you can Special Summon 1 \"Blackwing\" monster with 1500 or less ATK from your Deck; its effects are negated.",
                )
                .when(Condition::FreeMonsterZones(1)),
                Place::Deck(Who::You),
                call,
                Op::special_summon(Obj::Chosen, SummonPos::FaceUp),
            )
            .op(Op::Apply { what: Obj::Affected, modifier: Modifier::negate_monster_effects(), until: Duration::Permanent })])
        }
        // Black Whirlwind
        91351370 => {
            let lower = blackwing() & F::stat(Stat::Atk, Cmp::Lt, Num::stat_of(Stat::Atk, Obj::EventCard));
            Behavior::with(vec![
                E::spell(SpellKind::Continuous, "A Continuous Spell that stays on the field."),
                E::optional_when(
                    Trigger::Summoned { normal: true, flip: false, special: false, of: Subject::Any(blackwing() & F::YouControl) },
                    "When a \"Blackwing\" monster is Normal Summoned to your field: you can add 1 \"Blackwing\" monster with less ATK than it from your Deck to your hand.",
                )
                .when(Condition::Exists { place: Place::Deck(Who::You), filter: lower.clone(), count: 1 })
                .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: lower, min: 1, max: 1 })
                .op(Op::ToHand(Obj::Chosen)),
            ])
        }
        // Icarus Attack
        53567095 => Behavior::with(vec![E::trap(TrapKind::Normal, "Tribute 1 Winged Beast monster (cost), then target 2 cards on the field; destroy them.")
            .cost(Cost::tribute(1, F::Monster & F::Race(Race::WINGED_BEAST)))
            .target_in(Place::Field(Who::Both), 2, 2, F::Any)
            .op(Op::destroy(Obj::Targets))]),
        // Deep Sea Diva
        78868119 => Behavior::with(vec![pick(
            summoned(true, false, false, "When this card is Normal Summoned: you can Special Summon 1 Level 3 or lower Sea Serpent monster from your Deck.")
                .when(Condition::FreeMonsterZones(1)),
            Place::Deck(Who::You),
            F::Monster & F::Race(Race::SEA_SERPENT) & F::level_at_most(3) & F::can_special_summon(),
            Op::special_summon(Obj::Chosen, SummonPos::FaceUp),
        )]),
        // Armageddon Knight
        28985331 => Behavior::with(vec![pick(
            summoned(true, true, true, "When this card is Summoned: you can send 1 DARK monster from your Deck to the GY."),
            Place::Deck(Who::You),
            dark(),
            Op::SendToGy(Obj::Chosen),
        )]),
        // Destiny HERO - Malicious
        9411399 => Behavior::with(vec![pick(
            E::ignition("You can banish this card from your GY (cost); Special Summon 1 \"Destiny HERO - Malicious\" from your Deck.")
                .range(Range::Gy)
                .cost(banish_self_from_gy())
                .when(Condition::FreeMonsterZones(1)),
            Place::Deck(Who::You),
            F::Named(MALICIOUS) & F::can_special_summon(),
            Op::special_summon(Obj::Chosen, SummonPos::FaceUp),
        )]),
        // Burial from a Different Dimension
        48976825 => Behavior::with(vec![E::spell(SpellKind::QuickPlay, "Target up to 3 banished monsters; return them to the GY.")
            .target_in(Place::Banished(Who::Both), 1, 3, F::Monster)
            .op(Op::SendToGy(Obj::Targets))]),
        // Dark Bribe
        77538567 => Behavior::with(vec![E::trap(
            TrapKind::Counter,
            "When your opponent activates a Spell or Trap Card: your opponent draws 1 card, and you negate the activation and destroy that card.",
        )
        .when(Condition::chain_top_activates(F::SpellTrap & F::OppControls))
        .op(Op::Draw { who: Who::Opponent, count: Num::Const(1) })
        .op(Op::negate_activation(true))]),
        // Trap Stun
        59616123 => Behavior::with(vec![E::trap(TrapKind::Normal, "Negate the effects of every other Trap Card on the field for the rest of this turn.")
            .op(Op::ApplyRule { modifier: Modifier::negate_other_trap_effects(), until: Duration::EndOfTurn })]),
        // Delta Crow - Anti Reverse
        59839761 => Behavior::with(vec![E::trap(TrapKind::Normal, "If you control a \"Blackwing\" monster: destroy every face-down Spell and Trap your opponent controls.")
            .when(Condition::Exists { place: Place::Monsters(Who::You), filter: blackwing() & F::FaceUp, count: 1 })
            .op(Op::destroy(Obj::All(Place::SpellTraps(Who::Opponent), F::FaceDown)))]),
        // Gold Sarcophagus
        75500286 => Behavior::with(vec![
            E::spell(SpellKind::Normal, "Banish 1 card from your Deck face-up. In your 2nd Standby Phase after this card's activation, add that card to your hand.")
                .when(Condition::Exists { place: Place::Deck(Who::You), filter: F::Any, count: 1 })
                .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: F::Any, min: 1, max: 1 })
                .op(Op::Banish { what: Obj::Chosen, face_down: false })
                .then_if_did(vec![Op::Remember { what: Obj::Affected, slot: Mem(0) }]),
            E::trigger(Trigger::Phase { phase: Phase::Standby, whose: Who::You }, "In your 2nd Standby Phase after its activation: the banished card goes to your hand.")
                .range(Range::Gy)
                .when(Condition::All(vec![Condition::TurnsSince { anchor: Anchor::Memory(Mem(0)), whose: Who::You, n: 2 }, Condition::Remembered(Mem(0))]))
                .op(Op::ToHand(Obj::Memory(Mem(0)))),
        ]),
        // Cyber Valley
        3657444 => Behavior::with(vec![
            E::optional_when(
                Trigger::attack_targeted(),
                "Its controller uses 1 of these effects at a time. When this card is targeted for an attack: you can banish it (cost); draw 1 card, then the Battle Phase ends.",
            )
            .cost(banish_self())
            .op(Op::Draw { who: Who::You, count: Num::Const(1) })
            .op(Op::end_battle_phase()),
            E::ignition("Or: you can target 1 other face-up monster you control (and this card); banish both, then draw 2 cards.")
                .target_in(Place::Monsters(Who::You), 1, 1, F::FaceUp & F::NotSelf)
                .needs_card_on_field()
                .op(Op::Banish { what: Obj::Union(vec![Obj::This, Obj::Targets]), face_down: false })
                .op(Op::Draw { who: Who::You, count: Num::Const(2) }),
            E::ignition("Or: you can target 1 card in your GY; banish this card and 1 card from your hand, then put that target on top of your Deck.")
                .when(Condition::Exists { place: Place::Hand(Who::You), filter: F::Any, count: 1 })
                .target_in(Place::Gy(Who::You), 1, 1, F::Any)
                .needs_card_on_field()
                .op(Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: F::Any, min: 1, max: 1 })
                .op(Op::Banish { what: Obj::Union(vec![Obj::This, Obj::Chosen]), face_down: false })
                .op(Op::ToDeck { what: Obj::Targets, top: true }),
        ]),
        _ => return None,
    })
}
