//! Edison pool part 1 (part1_b): the Main Deck cards of the Gladiator Beast, Six Samurai and
//! Doomcaliber Gadget lists; each a declaration in the effect vocabulary with its rules text
//! in the project's own words. The rulings decided for them are in
//! `docs/rulings/edison-1-e3.md`.

use ygo_core::effect::{EffectDecl as E, Filter as F, *};

use crate::mechanics::shuffle_in_after_battle;

const TEST_TIGER: u32 = 92373006;
const LAQUARI: u32 = 78868776;
const BESTIARI: u32 = 41470137;
const EQUESTE: u32 = 57731460;
const HOPLOMUS: u32 = 4253484;
const MURMILLO: u32 = 5975022;
const RETIARI: u32 = 612115;
const SECUTOR: u32 = 77642288;
const WAR_CHARIOT: u32 = 96216229;
const GRANDMASTER: u32 = 83039729;
const HAND_OF_THE_SIX: u32 = 78792195;
const DOOMCALIBER_KNIGHT: u32 = 78700060;
const GREEN_GADGET: u32 = 41172955;
const RED_GADGET: u32 = 86445415;
const YELLOW_GADGET: u32 = 13839120;
const E_EMERGENCY_CALL: u32 = 213326;
const GRAND_MOLE: u32 = 80344569;

/// A "Gladiator Beast" card, wherever it is.
pub(crate) fn gladiator() -> F {
    F::NameHas("Gladiator Beast".into())
}

/// A "Six Samurai" monster.
fn six_samurai() -> F {
    F::Monster & F::NameHas("Six Samurai".into())
}

/// Special Summoned by the effect of a "Gladiator Beast" monster, or by "Test Tiger", whose
/// summon is treated as one.
pub(crate) fn by_gladiator() -> F {
    F::SummonedBy(Box::new((F::Monster & gladiator()) | F::Named(TEST_TIGER)))
}

/// The Gladiator Beast tag-out of the card `own`: another "Gladiator Beast" monster.
pub(crate) fn tag_out(own: u32, name: &str) -> E {
    shuffle_in_after_battle(
        &format!("At the end of the Battle Phase, if this card battled: you can shuffle it into the Deck to Special Summon 1 \"Gladiator Beast\" monster from your Deck, except \"{name}\"."),
        F::Monster & gladiator() & !F::Named(own),
        1,
    )
}

/// "If this card is Special Summoned by the effect of a "Gladiator Beast" monster" (a
/// mandatory "if" trigger, or an optional "when" one).
pub(crate) fn called_in(optional: bool, text: &str) -> E {
    let t = Trigger::Summoned { normal: false, flip: false, special: true, of: Subject::This };
    let e = if optional { E::optional_when(t, text) } else { E::trigger(t, text) };
    e.when(Condition::This(by_gladiator()))
}

/// "Its original ATK/DEF becomes N while it was Special Summoned by a "Gladiator Beast"".
fn called_in_stats(atk: Option<i32>, def: Option<i32>, text: &str) -> E {
    E::continuous(text).when(Condition::This(by_gladiator())).modifier(Modifier::set_original(atk.map(Num::Const), def.map(Num::Const)))
}

/// "When this card is Normal or Special Summoned: you can add 1 `named` from your Deck to
/// your hand" (the Gadgets).
fn gadget(named: u32, name: &str) -> Behavior {
    let f = F::Named(named);
    Behavior::with(vec![E::optional_when(
        Trigger::Summoned { normal: true, flip: false, special: true, of: Subject::This },
        &format!("When this card is Normal or Special Summoned: you can add 1 \"{name}\" from your Deck to your hand."),
    )
    .when(Condition::Exists { place: Place::Deck(Who::You), filter: f.clone(), count: 1 })
    .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: f, min: 1, max: 1 })
    .op(Op::ToHand(Obj::Chosen))])
}

/// Today's behaviour of this module's cards, by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        LAQUARI => Behavior::with(vec![
            called_in_stats(Some(2100), None, "If this card was Special Summoned by the effect of a \"Gladiator Beast\" monster, its original ATK is 2100."),
            tag_out(LAQUARI, "Gladiator Beast Laquari"),
        ]),
        HOPLOMUS => Behavior::with(vec![
            called_in_stats(None, Some(2400), "If this card was Special Summoned by the effect of a \"Gladiator Beast\" monster, its original DEF is 2400."),
            tag_out(HOPLOMUS, "Gladiator Beast Hoplomus"),
        ]),
        BESTIARI => Behavior::with(vec![
            called_in(false, "If this card is Special Summoned by the effect of a \"Gladiator Beast\" monster: target 1 Spell/Trap on the field; destroy it.")
                .target(1, F::SpellTrap)
                .op(Op::destroy(Obj::Targets)),
            tag_out(BESTIARI, "Gladiator Beast Bestiari"),
        ]),
        EQUESTE => Behavior::with(vec![
            called_in(false, "If this card is Special Summoned by the effect of a \"Gladiator Beast\" monster: target 1 \"Gladiator Beast\" card in your GY; add it to your hand.")
                .target_in(Place::Gy(Who::You), 1, 1, gladiator())
                .op(Op::ToHand(Obj::Targets)),
            tag_out(EQUESTE, "Gladiator Beast Equeste"),
        ]),
        MURMILLO => Behavior::with(vec![
            E::trigger(
                Trigger::Summoned { normal: false, flip: false, special: true, of: Subject::This },
                "When this card is Special Summoned by the effect of a \"Gladiator Beast\" monster: target 1 face-up monster; destroy it.",
            )
            .when(Condition::This(by_gladiator()))
            .target(1, F::Monster & F::FaceUp)
            .op(Op::destroy(Obj::Targets)),
            tag_out(MURMILLO, "Gladiator Beast Murmillo"),
        ]),
        RETIARI => Behavior::with(vec![
            called_in(true, "When this card is Special Summoned by the effect of a \"Gladiator Beast\" monster: you can target 1 card in your opponent's GY; banish it.")
                .target_in(Place::Gy(Who::Opponent), 1, 1, F::Any)
                .op(Op::Banish { what: Obj::Targets, face_down: false }),
            tag_out(RETIARI, "Gladiator Beast Retiari"),
        ]),
        SECUTOR => {
            let call = F::Monster & gladiator() & !F::Named(SECUTOR) & F::can_special_summon();
            Behavior::with(vec![E::trigger(
                Trigger::end_of_battle_phase(),
                "If this card was Special Summoned by the effect of a \"Gladiator Beast\" monster, then at the end of a Battle Phase in which it battled: Special Summon 2 \"Gladiator Beast\" monsters from your Deck, except \"Gladiator Beast Secutor\".",
            )
            .when(Condition::All(vec![
                Condition::This(by_gladiator() & F::ThisTurn(TurnFact::Battled)),
                Condition::Exists { place: Place::Deck(Who::You), filter: call.clone(), count: 2 },
                Condition::FreeMonsterZones(2),
            ]))
            .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: call, min: 2, max: 2 })
            .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))])
        }
        TEST_TIGER => {
            let call = F::Monster & gladiator() & F::can_special_summon();
            Behavior {
                summon_rule: Some(SummonRule::Condition(Condition::Exists { place: Place::Monsters(Who::You), filter: F::Monster & F::FaceUp & gladiator(), count: 1 })),
                ..Behavior::with(vec![
                    E::continuous("If you control a face-up \"Gladiator Beast\" monster, you can Special Summon this card (from your hand)."),
                    E::ignition("You can Tribute this card to target 1 face-up \"Gladiator Beast\" monster you control; shuffle it into the Deck, then Special Summon 1 \"Gladiator Beast\" monster from your Deck (treated as a Special Summon by the effect of a \"Gladiator Beast\" monster).")
                        .cost(Cost::tribute_self())
                        .target_in(Place::Monsters(Who::You), 1, 1, F::Monster & F::FaceUp & gladiator())
                        .op(Op::ToDeck { what: Obj::Targets, top: false })
                        .then_if_did(vec![
                            Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: call, min: 1, max: 1 },
                            Op::special_summon(Obj::Chosen, SummonPos::FaceUp),
                        ]),
                ])
            }
        }
        WAR_CHARIOT => Behavior::with(vec![E::trap(
            ygo_core::card::TrapKind::Counter,
            "When a monster effect is activated while you control a face-up \"Gladiator Beast\" monster: negate the activation, and if you do, destroy that monster.",
        )
        .when(Condition::All(vec![
            Condition::chain_top_is(F::Monster),
            Condition::Exists { place: Place::Monsters(Who::You), filter: F::Monster & F::FaceUp & gladiator(), count: 1 },
        ]))
        .op(Op::negate_activation(true))]),
        DOOMCALIBER_KNIGHT => Behavior {
            no_special_summon: true,
            ..Behavior::with(vec![
                E::continuous("Cannot be Special Summoned."),
                E::quick("When a monster effect is activated: you can Tribute this face-up card; negate the activation, and if you do, destroy that monster.")
                    .when(Condition::chain_top_is(F::Monster))
                    .cost(Cost::tribute_self())
                    .in_damage_step()
                    .op(Op::negate_activation(true)),
            ])
        },
        GRANDMASTER => Behavior {
            summon_rule: Some(SummonRule::Condition(Condition::Exists { place: Place::Monsters(Who::You), filter: six_samurai() & F::FaceUp, count: 1 })),
            unique_on_field: true,
            ..Behavior::with(vec![
                E::continuous("You can only control 1 face-up \"Grandmaster of the Six Samurai\". If you control a face-up \"Six Samurai\" monster, you can Special Summon this card (from your hand)."),
                E::trigger(
                    Trigger::Destroyed { cause: Cause::OpponentEffect },
                    "If this card you control is destroyed by your opponent's card effect: target 1 \"Six Samurai\" monster in your GY; add it to your hand.",
                )
                .range(Range::Gy)
                .when(Condition::This(F::CameFrom(Origin::MonsterZone)))
                .target_in(Place::Gy(Who::You), 1, 1, six_samurai())
                .op(Op::ToHand(Obj::Targets)),
            ])
        },
        HAND_OF_THE_SIX => Behavior::with(vec![E::ignition(
            "If you control another face-up \"Six Samurai\" monster: you can Tribute 1 \"Six Samurai\" monster, then target 1 monster on the field; destroy it.",
        )
        .when(Condition::Exists { place: Place::Monsters(Who::You), filter: six_samurai() & F::FaceUp & F::NotSelf, count: 1 })
        .cost(Cost::tribute(1, six_samurai()))
        .target(1, F::Monster)
        .op(Op::destroy(Obj::Targets))]),
        GREEN_GADGET => gadget(RED_GADGET, "Red Gadget"),
        RED_GADGET => gadget(YELLOW_GADGET, "Yellow Gadget"),
        YELLOW_GADGET => gadget(GREEN_GADGET, "Green Gadget"),
        E_EMERGENCY_CALL => {
            let hero = F::Monster & F::NameHas("Elemental HERO".into());
            Behavior::with(vec![E::spell(ygo_core::card::SpellKind::Normal, "Add 1 \"Elemental HERO\" monster from your Deck to your hand.")
                .when(Condition::Exists { place: Place::Deck(Who::You), filter: hero.clone(), count: 1 })
                .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: hero, min: 1, max: 1 })
                .op(Op::ToHand(Obj::Chosen))])
        }
        GRAND_MOLE => Behavior::with(vec![E::optional_if(
            Trigger::start_of_damage_step(),
            "At the start of the Damage Step, if this card battles an opponent's monster: you can return both that monster and this card to the hand.",
        )
        .when(Condition::EventCard(F::OppControls))
        .in_damage_step()
        .op(Op::ToHand(Obj::Union(vec![Obj::EventCard, Obj::This])))]),
        _ => return None,
    })
}
