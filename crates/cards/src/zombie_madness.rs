//! Card behaviours (see `lib.rs`): each card is a declaration in the effect vocabulary of
//! `ygo_core::effect`, with its rules text in the project's own words.

use ygo_core::card::{Attribute, Race, SpellKind, TrapKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::{Phase, Zone};

const NORMAL_TRAP: EffectKind = EffectKind::Trap(TrapKind::Normal);

pub(crate) fn zombie() -> F {
    F::Race(Race::ZOMBIE)
}

/// "If this card inflicts battle damage to your opponent": the Vampire Lord / Lady effect
/// (declare a type, the opponent sends 1 card of it from their Deck to the GY).
fn vampire_mill() -> E {
    E::trigger(
        Trigger::dealt_battle_damage(false, Subject::This),
        "If this card inflicts battle damage to your opponent: declare Monster, Spell or Trap; your opponent picks 1 card of that type in their Deck and sends it to the GY.",
    )
    .op(Op::declare(Declare::CardType))
    .op(Op::Choose { who: Who::Opponent, place: Place::Deck(Who::Opponent), filter: F::Declared, min: 1, max: 1 })
    .op(Op::SendToGy(Obj::Chosen))
}

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Curse of Anubis
        66742250 => {
            let effect_monsters = || Obj::All(Place::Monsters(Who::Both), F::effect_monster() & F::FaceUp);
            Behavior::with(vec![E::trap(
                TrapKind::Normal,
                "Every face-up Effect Monster on the field goes to Defense Position; until the end of this turn their original DEF is 0 and their battle positions cannot be changed.",
            )
            .op(Op::ChangePosition { what: effect_monsters(), to: PosChange::FaceUpDefense })
            .op(Op::Apply { what: effect_monsters(), modifier: Modifier::set_original(None, Some(Num::Const(0))), until: Duration::EndOfTurn })
            .op(Op::Apply { what: effect_monsters(), modifier: Modifier::cannot_change_position(Scope::This), until: Duration::EndOfTurn })])
        }
        // Vampire Genesis
        22056710 => Behavior {
            no_normal_summon: true,
            summon_rule: Some(SummonRule::BanishFromField { count: 1, filter: F::Named(53839837) & F::FaceUp }),
            ..Behavior::with(vec![
                E::continuous("Cannot be Normal Summoned or Set; Special Summoned from your hand by banishing 1 face-up \"Vampire Lord\" you control."),
                E::ignition("Once per turn: discard 1 Zombie monster, then target 1 Zombie monster in your GY whose Level is lower than the discarded one's; Special Summon it.")
                    .limit(Limit::PerCardPerTurn)
                    .cost(Cost::discard(1, zombie()))
                    .target_in(Place::Gy(Who::You), 1, 1, zombie() & F::can_special_summon() & F::stat(Stat::Level, Cmp::Lt, Num::Cost(CostStat::Level)))
                    .op(Op::special_summon(Obj::Targets, SummonPos::FaceUp)),
            ])
        },
        // Despair from the Dark
        71200730 => Behavior::with(vec![E::trigger(
            Trigger::SentToGy { from: vec![Zone::Hand, Zone::Deck], cause: Cause::OpponentEffect },
            "If a card effect of your opponent sends this card from your hand or Deck to your GY: Special Summon it.",
        )
        .range(Range::Gy)
        .op(Op::special_summon(Obj::This, SummonPos::FaceUp))]),
        // Ryu Kokki
        57281778 => Behavior::with(vec![E::trigger(
            Trigger::end_of_damage_step(),
            "At the end of the Damage Step, if this card battled a Warrior or Spellcaster monster: destroy that monster.",
        )
        .when(Condition::EventCard(F::OnField & F::FaceUp & (F::Race(Race::WARRIOR) | F::Race(Race::SPELLCASTER))))
        .op(Op::destroy(Obj::EventCard))]),
        // Dark Dust Spirit
        89111398 => crate::mechanics::spirit(
            "This card can never be Special Summoned.",
            vec![
                E::trigger(
                    Trigger::Summoned { normal: true, flip: false, special: false, of: Subject::This },
                    "When this card is Normal Summoned or flipped face-up: destroy every other face-up monster on the field.",
                )
                .op(Op::destroy(Obj::All(Place::Monsters(Who::Both), F::FaceUp & F::NotSelf))),
                E::trigger(Trigger::Flipped, "").op(Op::destroy(Obj::All(Place::Monsters(Who::Both), F::FaceUp & F::NotSelf))),
            ],
        ),
        // Vampire Lord
        53839837 => Behavior::with(vec![
            vampire_mill(),
            E::trigger(
                Trigger::Phase { phase: Phase::Standby, whose: Who::You },
                "Once per turn, in your next Standby Phase after this card was destroyed on your field by an opponent's card effect and sent to your GY: Special Summon it from the GY.",
            )
            .range(Range::Gy)
            .when(Condition::All(vec![
                Condition::This(F::CameFrom(Origin::MonsterZone) & F::SentBy(Sent::DestroyedByOpponentEffect)),
                Condition::TurnsSince { anchor: Anchor::Arrival, whose: Who::You, n: 1 },
            ]))
            .limit(Limit::PerCardPerTurn)
            .op(Op::special_summon(Obj::This, SummonPos::FaceUp)),
        ]),
        // Regenerating Mummy
        70821187 => Behavior::with(vec![E::trigger(
            Trigger::SentToGy { from: vec![Zone::Hand], cause: Cause::OpponentEffect },
            "When a card effect of your opponent sends this card from your hand to your GY: it returns to your hand.",
        )
        .range(Range::Gy)
        .op(Op::ToHand(Obj::This))]),
        // Double Coston
        44436472 => Behavior {
            double_tribute_for: Some(F::Attribute(Attribute::Dark)),
            ..Behavior::with(vec![E::continuous("For the Tribute Summon of a DARK monster, this card may count as 2 tributes.")])
        },
        // Vampire Lady
        26495087 => Behavior::with(vec![vampire_mill()]),
        // Pyramid Turtle
        77044671 => Behavior::with(vec![E::optional_when(
            Trigger::DestroyedByBattle,
            "When this card is destroyed by battle and sent to the GY: you can Special Summon 1 Zombie monster with 2000 or less DEF from your Deck.",
        )
        .range(Range::Gy)
        .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: zombie() & F::def_at_most(2000) & F::can_special_summon(), min: 1, max: 1 })
        .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))]),
        // Soul-Absorbing Bone Tower
        63012333 => Behavior::with(vec![
            E::continuous("While you control another face-up Zombie monster, your opponent cannot choose this card as an attack target.")
                .when(Condition::Exists { place: Place::Monsters(Who::You), filter: zombie() & F::FaceUp, count: 1 })
                .modifier(Modifier::not_attack_target(Scope::This)),
            E::trigger(
                Trigger::AnySpecialSummoned(zombie()),
                "Each time one or more Zombie monsters are Special Summoned: the top 2 cards of your opponent's Deck go to the GY.",
            )
            .op(Op::SendToGy(Obj::DeckTop(Who::Opponent, 2))),
        ]),
        // Spirit Reaper
        23205979 => Behavior::with(vec![
            E::continuous("This card cannot be destroyed by battle.").modifier(Modifier::indestructible_by_battle(Scope::This)),
            E::continuous("Right after a card effect that targeted this face-up card resolves, this card is destroyed.")
                .modifier(Modifier::destroy_after_targeted(Scope::This)),
            E::trigger(
                Trigger::dealt_battle_damage(true, Subject::This),
                "When this card deals battle damage to your opponent with a direct attack: 1 random card from their hand is discarded.",
            )
            .op(Op::ChooseRandom { place: Place::Hand(Who::Opponent), filter: F::Any, count: Num::Const(1) })
            .op(Op::Discard(Obj::Chosen)),
        ]),
        // Book of Life
        2204140 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Target 1 Zombie monster in your GY and 1 monster in your opponent's GY: Special Summon the first, and banish the second.",
        )
        .target_in(Place::Gy(Who::You), 1, 1, zombie() & F::can_special_summon())
        .also_target_in(Place::Gy(Who::Opponent), 1, 1, F::Monster)
        .op(Op::special_summon(Obj::Target(0), SummonPos::FaceUp))
        .op(Op::Banish { what: Obj::Target(1), face_down: false })]),
        // Giant Trunade
        42703248 => Behavior::with(vec![E::spell(SpellKind::Normal, "Every other spell and trap on the field returns to its owner's hand.")
            .op(Op::ToHand(Obj::All(Place::SpellTraps(Who::Both), F::Any)))]),
        // Call of the Mummy
        4861205 => Behavior::with(vec![
            E::spell(SpellKind::Continuous, "A Continuous Spell that stays on the field."),
            E::ignition("Once per turn, while you control no monsters: you can Special Summon 1 Zombie monster from your hand (you must still control none when it resolves).")
                .when(Condition::NoneIn { place: Place::Monsters(Who::You), filter: F::Any })
                .limit(Limit::PerCardPerTurn)
                .op(Op::only_if(
                    Condition::NoneIn { place: Place::Monsters(Who::You), filter: F::Any },
                    vec![
                        Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: zombie() & F::can_special_summon(), min: 1, max: 1 },
                        Op::special_summon(Obj::Chosen, SummonPos::FaceUp),
                    ],
                )),
        ]),
        // Card of Safe Return
        57953380 => Behavior::with(vec![
            E::spell(SpellKind::Continuous, "A Continuous Spell that stays on the field."),
            E::optional_when(Trigger::AnySpecialSummoned(F::CameFrom(Origin::Gy) & F::YouOwn), "When a monster is Special Summoned from your GY: you can draw 1 card.")
                .op(Op::Draw { who: Who::You, count: Num::Const(1) }),
        ]),
        // Torrential Tribute
        53582587 => Behavior::with(vec![E::new(NORMAL_TRAP, "When a monster is Summoned: destroy every monster on the field.")
            .when(Condition::JustSummoned { normal: true, flip: true, special: true, filter: F::Any })
            .op(Op::destroy(Obj::All(Place::Monsters(Who::Both), F::Any)))]),
        // Dust Tornado
        60082869 => Behavior::with(vec![E::new(
            NORMAL_TRAP,
            "Destroy 1 targeted spell or trap your opponent controls; then you can Set 1 spell or trap from your hand.",
        )
        .target(1, F::SpellTrap & F::OppControls)
        .op(Op::destroy(Obj::Targets))
        .then_if_did(vec![Op::only_if(
            Condition::Exists { place: Place::Hand(Who::You), filter: F::can_set(), count: 1 },
            vec![Op::MayDo(vec![Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: F::can_set(), min: 1, max: 1 }, Op::Set(Obj::Chosen)])],
        )])]),
        // Compulsory Evacuation Device
        94192409 => Behavior::with(vec![E::new(NORMAL_TRAP, "Return 1 targeted monster on the field to its owner's hand.")
            .target(1, F::Monster)
            .op(Op::ToHand(Obj::Targets))]),
        _ => return None,
    })
}
