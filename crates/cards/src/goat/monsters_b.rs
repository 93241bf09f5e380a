//! Goat batch 1 (monsters_b): cards of `../shared/spec/pools/goat-1.txt`, each a declaration in
//! the effect vocabulary with its rules text in the project's own words.
//!
//! Every card here plays the same under the April 2005 rulings and today's: the "(GOAT)"
//! entries of this batch (Gravekeeper's Spy, Hand of Nephthys, the Horus and Mystic
//! Swordsman LV monsters, Injection Fairy Lily, King Tiger Wanghu, Manticore of Darkness)
//! differ from today's scripts only in letting a search effect be activated without checking
//! the Deck, which the engine never allows (an effect is activated only if it can do
//! something); see `docs/rulings/monsters_b.md`.

use ygo_core::card::type_bits;
#[allow(unused_imports)]
use ygo_core::card::{Attribute, Race, SpellKind, TrapKind};
#[allow(unused_imports)]
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::{BattleStep, DamageStep, Phase, SummonKind};

use crate::mechanics::turn_face_down;

const NECROVALLEY: u32 = 47355498;
const SACRED_PHOENIX_OF_NEPHTHYS: u32 = 61441708;
const HORUS_LV6: u32 = 11224103;
const HORUS_LV8: u32 = 48229808;
const MYSTIC_SWORDSMAN_LV4: u32 = 74591968;
const MYSTIC_SWORDSMAN_LV6: u32 = 60482781;
const LAVA_BATTLEGUARD: u32 = 20394040;
const SWAMP_BATTLEGUARD: u32 = 40453765;

/// A "Gravekeeper's" monster.
fn gravekeeper() -> F {
    F::Monster & F::NameHas("Gravekeeper's".into())
}

/// This very card (for "if this card battles").
fn this_card() -> F {
    !F::NotSelf
}

/// "When this card is Tribute Summoned".
fn tribute_summoned(e: E) -> E {
    e.when(Condition::This(F::Summoned(SummonKind::Tribute)))
}

/// Special Summon 1 card matching `f` from `place` (the player picks; nothing when none).
fn summon_one_from(e: E, place: Place, f: F) -> E {
    e.op(Op::Choose { who: Who::You, place, filter: f & F::can_special_summon(), min: 1, max: 1 }).op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))
}

/// The LV monsters: "In the End Phase of a turn in which this card destroyed a monster by
/// battle: you can send this face-up card to the GY to Special Summon 1 `next` from your
/// hand or Deck" (only while there is one to summon).
fn level_up(next: u32, text: &str) -> E {
    let next_level = F::Named(next) & F::can_special_summon();
    crate::mechanics::level_up(
        crate::Versions::Current,
        E::optional_if(Trigger::Phase { phase: Phase::End, whose: Who::Both }, text).when(Condition::All(vec![
            Condition::This(F::ThisTurn(TurnFact::DestroyedByBattle)),
            Condition::Exists { place: Place::HandOrDeck(Who::You), filter: next_level, count: 1 },
        ])),
        next,
    )
}

/// Mystic Swordsman: "At the start of the Damage Step, if this card attacks a face-down
/// Defense Position monster: destroy it" (it is never flipped, and no damage is calculated).
fn destroy_face_down_target() -> E {
    E::trigger(
        Trigger::start_of_damage_step(),
        "At the start of the Damage Step, if this card attacks a face-down Defense Position monster: destroy that monster without flipping it.",
    )
    .when(Condition::All(vec![Condition::This(F::Attacker), Condition::EventCard(F::FaceDown & F::DefensePos)]))
    .op(Op::destroy(Obj::EventCard))
}
/// "When this card is Flip Summoned: target 1 monster your opponent controls; ..."
fn on_flip_summon(text: &str, op: Op) -> E {
    E::trigger(Trigger::Summoned { normal: false, flip: true, special: false, of: Subject::This }, text)
        .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster)
        .op(op)
}

/// "FLIP: target 1 card of this kind in your GY; add it to your hand."
fn flip_recover(kind: F, text: &str) -> E {
    E::flip(text).target_in(Place::Gy(Who::You), 1, 1, kind).op(Op::ToHand(Obj::Targets))
}

/// The Battleguards: "gains 500 ATK for each face-up `partner` you control".
fn battleguard(partner: u32, text: &str) -> Behavior {
    Behavior::with(vec![E::continuous(text).modifier(Modifier::AtkDef {
        scope: Scope::This,
        atk: Num::per(500, Obj::All(Place::Monsters(Who::You), F::Named(partner) & F::FaceUp)),
        def: Num::Const(0),
    })])
}

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Goblin Attack Force
        78658564 => Behavior::with(vec![crate::mechanics::rests_after_attacking(
            "If this card attacked (an attack that was not negated), at the end of the Battle Phase it is changed to Defense Position, and its battle position cannot be changed until the end of your next turn.",
        )]),
        // Golem Sentry
        52323207 => Behavior::with(vec![
            turn_face_down(),
            on_flip_summon("When this card is Flip Summoned: target 1 monster your opponent controls; return it to the hand.", Op::ToHand(Obj::Targets)),
        ]),
        // Granmarg the Rock Monarch
        60229110 => Behavior::with(vec![tribute_summoned(E::trigger(
            Trigger::Summoned { normal: true, flip: false, special: false, of: Subject::This },
            "When this card is Tribute Summoned: target 1 Set card on the field; destroy it.",
        ))
        .target(1, F::FaceDown)
        .op(Op::destroy(Obj::Targets))]),
        // Gravekeeper's Assailant
        25262697 => Behavior::with(vec![E::optional_when(
            Trigger::declares_attack(),
            "When this card declares an attack while \"Necrovalley\" is on the field: you can target 1 face-up monster your opponent controls; change its battle position.",
        )
        .when(Condition::Exists { place: Place::Field(Who::Both), filter: F::Named(NECROVALLEY) & F::FaceUp, count: 1 })
        .target_in(Place::Monsters(Who::Opponent), 1, 1, F::FaceUp)
        .op(Op::ChangePosition { what: Obj::Targets, to: PosChange::Toggle })]),
        // Gravekeeper's Chief
        62473983 => Behavior {
            unique_on_field: true,
            ..Behavior::with(vec![
                E::continuous("You can control only 1 face-up \"Gravekeeper's Chief\". Your GY is unaffected by \"Necrovalley\"."),
                summon_one_target_from_gy(),
            ])
        },
        // Gravekeeper's Guard
        37101832 => Behavior::with(vec![E::flip("FLIP: target 1 monster your opponent controls; return it to the hand.")
            .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster)
            .op(Op::ToHand(Obj::Targets))]),
        // Gravekeeper's Spear Soldier
        63695531 => Behavior::with(vec![E::continuous(
            "When this card attacks a Defense Position monster whose DEF is lower than its ATK, it inflicts the difference as battle damage.",
        )
        .modifier(Modifier::piercing(Scope::This))]),
        // Gravekeeper's Spy
        24317029 => Behavior::with(vec![summon_one_from(
            E::flip("FLIP: Special Summon 1 \"Gravekeeper's\" monster with 1500 or less ATK from your Deck."),
            Place::Deck(Who::You),
            gravekeeper() & F::atk_at_most(1500),
        )]),
        // Gyaku-Gire Panda
        9817927 => Behavior::with(vec![
            E::continuous("It gains 500 ATK for each monster your opponent controls.").modifier(Modifier::AtkDef {
                scope: Scope::This,
                atk: Num::per(500, Obj::All(Place::Monsters(Who::Opponent), F::Any)),
                def: Num::Const(0),
            }),
            E::continuous("When it attacks a Defense Position monster whose DEF is lower than its ATK, it inflicts the difference as battle damage.")
                .modifier(Modifier::piercing(Scope::This)),
        ]),
        // Hand of Nephthys
        98446407 => Behavior::with(vec![summon_one_from(
            E::ignition("Tribute this card and 1 other monster: Special Summon 1 \"Sacred Phoenix of Nephthys\" from your hand or Deck.")
                .when(Condition::Exists {
                    place: Place::HandOrDeck(Who::You),
                    filter: F::Named(SACRED_PHOENIX_OF_NEPHTHYS) & F::can_special_summon(),
                    count: 1,
                })
                .cost(Cost::tribute_self())
                .cost(Cost::tribute(1, F::NotSelf)),
            Place::HandOrDeck(Who::You),
            F::Named(SACRED_PHOENIX_OF_NEPHTHYS),
        )]),
        // Horus the Black Flame Dragon LV4
        75830094 => crate::mechanics::lv_monster(HORUS_LV6, Behavior::with(vec![
            E::continuous("Control of this face-up card cannot switch.").modifier(Modifier::control_fixed(Scope::This)),
            level_up(
                HORUS_LV6,
                "In the End Phase of a turn in which this card destroyed a monster by battle: you can send it to the GY to Special Summon 1 \"Horus the Black Flame Dragon LV6\" from your hand or Deck.",
            ),
        ])),
        // Horus the Black Flame Dragon LV6
        11224103 => crate::mechanics::lv_monster(HORUS_LV8, Behavior::with(vec![
            E::continuous("While face-up on the field, it is unaffected by Spell effects.").modifier(Modifier::Unaffected { scope: Scope::This, by: F::Spell }),
            level_up(
                HORUS_LV8,
                "In the End Phase of a turn in which this card destroyed a monster by battle: you can send it to the GY to Special Summon 1 \"Horus the Black Flame Dragon LV8\" from your hand or Deck.",
            ),
        ])),
        // Horus the Black Flame Dragon LV8
        48229808 => Behavior {
            no_normal_summon: true,
            special_summon_only_by: Some(crate::mechanics::lv_summoned_only_by(HORUS_LV6)),
            ..Behavior::with(vec![
                E::continuous("Cannot be Normal Summoned or Set; only the effect of \"Horus the Black Flame Dragon LV6\" can Special Summon it."),
                E::quick("In either player's turn, when a Spell Card is activated: you can negate the activation and destroy that card (only while this card is face-up on your field).")
                    .when(Condition::chain_top_activates(F::Spell))
                    .in_damage_step()
                    .needs_card_on_field()
                    .op(Op::negate_activation(true)),
            ])
        },
        // Hysteric Fairy
        21297224 => Behavior::with(vec![E::ignition("Tribute 2 monsters: gain 1000 LP.")
            .cost(Cost::tribute(2, F::Any))
            .op(Op::gain_lp(Who::You, Num::Const(1000)))]),
        // Injection Fairy Lily
        79575620 => Behavior::with(vec![E::quick(
            "During damage calculation, if this card battles (in either player's turn): you can pay 2000 LP, once per battle; it gains 3000 ATK during that damage calculation only.",
        )
        .in_damage_step()
        .limit(Limit::PerBattle)
        .when(Condition::All(vec![Condition::step(BattleStep::Damage(DamageStep::DuringCalculation)), Condition::Battling(this_card())]))
        .cost(Cost::pay_lp(Num::Const(2000)))
        .op(Op::Apply {
            what: Obj::This,
            modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(3000), def: Num::Const(0) },
            until: Duration::EndOfDamageStep,
        })]),
        // King Tiger Wanghu
        83986578 => Behavior::with(vec![E::trigger(
            Trigger::Summoned { normal: true, flip: false, special: true, of: Subject::Any(F::FaceUp & F::atk_at_most(1400)) },
            "When monsters with 1400 or less ATK are Normal or Special Summoned: destroy those monsters (this card must be face-up on the field to activate and to resolve this).",
        )
        .needs_card_on_field()
        .op(Op::destroy(Obj::Filtered(Box::new(Obj::EventCards), F::OnField & F::FaceUp & F::atk_at_most(1400))))]),
        // Kycoo the Ghost Destroyer
        88240808 => Behavior::with(vec![
            E::optional_when(
                Trigger::dealt_battle_damage(false, Subject::This),
                "When this card inflicts battle damage to your opponent: you can target up to 2 monsters in their GY; banish them.",
            )
            .target_in(Place::Gy(Who::Opponent), 1, 2, F::Monster)
            .op(Op::Banish { what: Obj::Targets, face_down: false }),
            E::continuous("Your opponent cannot banish cards from either GY.").modifier(Modifier::no_banish_from_gy(Who::Opponent)),
        ]),
        // Lava Battleguard
        20394040 => battleguard(SWAMP_BATTLEGUARD, "It gains 500 ATK for each face-up \"Swamp Battleguard\" you control."),
        // Swamp Battleguard
        40453765 => battleguard(LAVA_BATTLEGUARD, "It gains 500 ATK for each face-up \"Lava Battleguard\" you control."),
        // Lava Golem
        102380 => Behavior {
            no_normal_summon: true,
            summon_rule: Some(SummonRule::TributeOpponents { count: 2, filter: F::Any }),
            summon_restriction: Some(PlayerEffect::NoNormalSummonThisTurn),
            ..Behavior::with(vec![
                E::continuous(
                    "Cannot be Normal Summoned or Set. First Special Summoned from your hand to your opponent's field by Tributing 2 monsters they control; you cannot Normal Summon or Set the turn you do.",
                ),
                E::trigger(Trigger::Phase { phase: Phase::Standby, whose: Who::You }, "In each of your Standby Phases: you take 1000 damage.")
                    .op(Op::damage(Who::You, Num::Const(1000))),
            ])
        },
        // Legacy Hunter
        87010442 => Behavior::with(vec![E::trigger(
            Trigger::destroys_by_battle_to_gy(),
            "When this card attacks a face-down Defense Position monster and destroys it by battle, sending it to the GY: your opponent shuffles 1 random card from their hand into their Deck.",
        )
        .when(Condition::attacked_face_down_defense())
        .op(Op::ChooseRandom { place: Place::Hand(Who::Opponent), filter: F::Any, count: Num::Const(1) })
        .op(Op::ToDeck { what: Obj::Chosen, top: false })]),
        // Legendary Jujitsu Master
        25773409 => Behavior::with(vec![E::trigger(
            Trigger::end_of_damage_step(),
            "If this card battled a monster while in Defense Position: at the end of the Damage Step, that monster is put on top of its owner's Deck (even if this card was destroyed).",
        )
        .range(Range::Anywhere)
        .when(Condition::All(vec![Condition::defended_in_defense_position(), Condition::EventCard(F::OnField)]))
        .op(Op::ToDeck { what: Obj::EventCard, top: true })]),
        // Magical Marionette
        8034697 => Behavior {
            counters: vec![Counter::Spell],
            ..Behavior::with(vec![
                E::continuous("Each time a Spell Card is activated, 1 Spell Counter is placed on this card when that activation resolves.")
                    .modifier(Modifier::CounterPerActivation { kind: Counter::Spell, filter: F::Spell, max: u8::MAX }),
                E::continuous("It gains 200 ATK for each Spell Counter on it.").modifier(Modifier::AtkDef {
                    scope: Scope::This,
                    atk: Num::Times(Box::new(Num::CountersOnThis(Counter::Spell)), 200),
                    def: Num::Const(0),
                }),
                E::ignition("Remove 2 Spell Counters from this card, then target 1 monster on the field: destroy it.")
                    .cost(Cost::RemoveCounters { kind: Counter::Spell, count: 2 })
                    .target_in(Place::Monsters(Who::Both), 1, 1, F::Monster)
                    .op(Op::destroy(Obj::Targets)),
            ])
        },
        // Magical Merchant
        32362575 => Behavior::with(vec![E::flip(
            "FLIP: excavate cards from the top of your Deck until you excavate a Spell or Trap; add it to your hand and send the other excavated cards to the GY (with no Spell or Trap in the Deck, the Deck is shuffled instead).",
        )
        .op(Op::Reveal(Obj::DeckTopUntil { who: Who::You, filter: F::SpellTrap, count: Box::new(Num::Const(1)) }))
        .op(Op::Remember { what: Obj::Affected, slot: Mem(0) })
        .op(Op::If {
            test: Test::AffectedIs(F::SpellTrap),
            then: vec![Op::ToHand(Obj::Filtered(Box::new(Obj::Memory(Mem(0))), F::SpellTrap)), Op::SendToGy(Obj::Memory(Mem(0)))],
            otherwise: vec![Op::ShuffleDeck(Who::You)],
        })]),
        // Magical Scientist
        34206604 => {
            let fusion = || F::ability(type_bits::FUSION) & F::level_at_most(6) & F::can_special_summon();
            Behavior::with(vec![E::ignition(
                "Pay 1000 LP: Special Summon 1 Level 6 or lower Fusion Monster from your Extra Deck in face-up Attack or Defense Position. It cannot attack directly, and it returns to the Extra Deck at the end of the turn.",
            )
            .when(Condition::Exists { place: Place::Extra(Who::You), filter: fusion(), count: 1 })
            .cost(Cost::pay_lp(Num::Const(1000)))
            .op(Op::Choose { who: Who::You, place: Place::Extra(Who::You), filter: fusion(), min: 1, max: 1 })
            .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))
            .then_if_did(vec![
                Op::Apply { what: Obj::Affected, modifier: Modifier::cannot_attack_directly(Scope::This), until: Duration::Permanent },
                // An Extra Deck monster sent to the Deck goes to the Extra Deck (ZONE-11); "on
                // top" keeps the Main Deck unshuffled.
                Op::Later { at: Moment::EndPhase, ops: vec![Op::ToDeck { what: Obj::Affected, top: true }] },
            ])])
        }
        // Magician of Faith
        31560081 => Behavior::with(vec![flip_recover(F::Spell, "FLIP: target 1 Spell in your GY; add it to your hand.")]),
        // Manticore of Darkness
        77121851 => Behavior::with(vec![E::optional_if(
            Trigger::Phase { phase: Phase::End, whose: Who::Both },
            "In the End Phase of a turn in which this card was sent to the GY: you can send 1 Beast, Beast-Warrior or Winged Beast monster from your hand or face-up field to the GY to Special Summon this card from the GY.",
        )
        .range(Range::Gy)
        .when(Condition::This(F::ThisTurn(TurnFact::Arrived)))
        // A face-down monster's Type is hidden (POS-3): the Type filters leave it out.
        .cost(Cost::send_to_gy_from(
            1,
            vec![Place::Hand(Who::You), Place::Monsters(Who::You)],
            F::Monster & (F::Race(Race::BEAST) | F::Race(Race::BEAST_WARRIOR) | F::Race(Race::WINGED_BEAST)),
        ))
        .op(Op::special_summon(Obj::This, SummonPos::FaceUp))]),
        // Marauding Captain
        2460565 => Behavior::with(vec![
            E::continuous("Your opponent's monsters cannot choose your other face-up Warrior monsters as attack targets.")
                .modifier(Modifier::not_attack_target(Scope::Monsters(F::Race(Race::WARRIOR) & F::YouControl & F::NotSelf))),
            summon_one_from(
                E::optional_when(
                    Trigger::Summoned { normal: true, flip: false, special: false, of: Subject::This },
                    "When this card is Normal Summoned: you can Special Summon 1 Level 4 or lower monster from your hand.",
                )
                .when(Condition::Exists { place: Place::Hand(Who::You), filter: F::Monster & F::level_at_most(4) & F::can_special_summon(), count: 1 }),
                Place::Hand(Who::You),
                F::Monster & F::level_at_most(4),
            ),
        ]),
        // Mask of Darkness
        28933734 => Behavior::with(vec![flip_recover(F::Trap, "FLIP: target 1 Trap in your GY; add it to your hand.")]),
        // Mataza the Zapper
        22609617 => Behavior::with(vec![
            E::continuous("It can attack twice in each Battle Phase.").modifier(Modifier::ExtraAttacks { scope: Scope::This, count: Num::Const(1) }),
            E::continuous("Control of this face-up card cannot switch.").modifier(Modifier::control_fixed(Scope::This)),
        ]),
        // Medusa Worm
        2694423 => Behavior::with(vec![
            turn_face_down(),
            on_flip_summon("When this card is Flip Summoned: target 1 monster your opponent controls; destroy it.", Op::destroy(Obj::Targets)),
        ]),
        // Milus Radiant
        7489323 => Behavior::with(vec![E::continuous("While face-up: every EARTH monster on the field gains 500 ATK and every WIND monster loses 400 ATK.")
            .modifier(Modifier::AtkDef { scope: Scope::Monsters(F::Attribute(Attribute::Earth)), atk: Num::Const(500), def: Num::Const(0) })
            .modifier(Modifier::AtkDef { scope: Scope::Monsters(F::Attribute(Attribute::Wind)), atk: Num::Const(-400), def: Num::Const(0) })]),
        // Mobius the Frost Monarch
        4929256 => Behavior::with(vec![tribute_summoned(E::optional_when(
            Trigger::Summoned { normal: true, flip: false, special: false, of: Subject::This },
            "When this card is Tribute Summoned: you can target up to 2 Spell or Trap Cards on the field; destroy them.",
        ))
        .target_in(Place::SpellTraps(Who::Both), 1, 2, F::SpellTrap)
        .op(Op::destroy(Obj::Targets))]),
        // Morphing Jar
        33508719 => Behavior::with(vec![E::flip("FLIP: both players discard their whole hands, then each draws 5 cards.")
            .op(Op::Discard(Obj::All(Place::Hand(Who::Both), F::Any)))
            .op(Op::Draw { who: Who::Both, count: Num::Const(5) })]),
        // Morphing Jar #2
        79106360 => {
            let shuffled_in = Obj::Filtered(Box::new(Obj::Memory(Mem(0))), F::InDeck & F::YouOwn);
            Behavior::with(vec![E::flip(
                "FLIP: shuffle every monster on the field into the Deck. Then each player excavates from the top of their Deck until they have excavated as many monsters as they shuffled into their Main Deck, Special Summons the excavated Level 4 or lower monsters in face-down Defense Position, and sends the other excavated cards to the GY.",
            )
            .op(Op::ToDeck { what: Obj::All(Place::Monsters(Who::Both), F::Any), top: false })
            .op(Op::Remember { what: Obj::Affected, slot: Mem(0) })
            .op(Op::Reveal(Obj::DeckTopUntil { who: Who::Both, filter: F::Monster, count: Box::new(Num::count_of(shuffled_in)) }))
            .op(Op::Remember { what: Obj::Affected, slot: Mem(1) })
            .op(Op::SpecialSummon {
                what: Obj::Filtered(Box::new(Obj::Memory(Mem(1))), F::Monster & F::level_at_most(4) & F::can_special_summon()),
                pos: SummonPos::FaceDownDefense,
                side: Side::Owner,
            })
            .op(Op::SendToGy(Obj::Memory(Mem(1))))])
        }
        // Mystic Swordsman LV2
        47507260 => crate::mechanics::lv_monster(MYSTIC_SWORDSMAN_LV4, Behavior::with(vec![
            destroy_face_down_target(),
            level_up(
                MYSTIC_SWORDSMAN_LV4,
                "In the End Phase of a turn in which this card destroyed a monster by battle: you can send it to the GY to Special Summon 1 \"Mystic Swordsman LV4\" from your hand or Deck.",
            ),
        ])),
        // Mystic Swordsman LV4
        74591968 => Behavior {
            normal_set_only: true,
            level_up: Some(MYSTIC_SWORDSMAN_LV6),
            ..Behavior::with(vec![
                E::continuous("Cannot be Normal Summoned, only Set."),
                destroy_face_down_target(),
                level_up(
                    MYSTIC_SWORDSMAN_LV6,
                    "In the End Phase of a turn in which this card destroyed a monster by battle: you can send it to the GY to Special Summon 1 \"Mystic Swordsman LV6\" from your hand or Deck.",
                ),
            ])
        },
        _ => return None,
    })
}

/// Gravekeeper's Chief: "When this card is Tribute Summoned: you can target 1 "Gravekeeper's"
/// monster in your GY; Special Summon it."
fn summon_one_target_from_gy() -> E {
    tribute_summoned(E::optional_when(
        Trigger::Summoned { normal: true, flip: false, special: false, of: Subject::This },
        "When this card is Tribute Summoned: you can target 1 \"Gravekeeper's\" monster in your GY; Special Summon it.",
    ))
    .target_in(Place::Gy(Who::You), 1, 1, gravekeeper() & F::can_special_summon())
    .op(Op::special_summon(Obj::Targets, SummonPos::FaceUp))
}

/// The 2005 behaviour of a card of this group whose text changed later (the Goat pool only):
/// none (see the module documentation).
pub fn behavior_2005(id: u32) -> Option<Behavior> {
    let _ = id;
    None
}
