//! Edison pool part 1 (part1_j): the Six Samurai list's missing cards (The Six Samurai - Irou,
//! Kamon, Yaichi and Zanji, Gateway of the Six, Six Samurai United, Solidarity, Backs to the
//! Wall) and Double Summon, Soul Exchange, Dimensional Fissure and Mark of the Rose; each a declaration in the effect vocabulary with its rules text in the
//! project's own words. The rulings decided for them are in `docs/rulings/edison-1-e10.md`.

use ygo_core::card::{Race, SpellKind, TrapKind, RACE_NAMES};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::Phase;

const IROU: u32 = 27782503;
const KAMON: u32 = 90397998;
const YAICHI: u32 = 64398890;
const ZANJI: u32 = 95519486;
const GATEWAY_OF_THE_SIX: u32 = 27970830;
const SIX_SAMURAI_UNITED: u32 = 72345736;
const BACKS_TO_THE_WALL: u32 = 32603633;
const SOLIDARITY: u32 = 86780027;
const DOUBLE_SUMMON: u32 = 43422537;
const SOUL_EXCHANGE: u32 = 68005187;
const DIMENSIONAL_FISSURE: u32 = 81674782;
const MARK_OF_THE_ROSE: u32 = 45247637;

const BUSHIDO: Counter = Counter::Bushido;

/// A "Six Samurai" monster.
fn six_samurai() -> F {
    F::Monster & F::NameHas("Six Samurai".into())
}

/// "You must control a face-up "Six Samurai" monster with a different name" than `own`.
fn with_a_comrade(own: u32) -> Condition {
    Condition::Exists { place: Place::Monsters(Who::You), filter: six_samurai() & F::FaceUp & !F::Named(own), count: 1 }
}

/// The effect of `own`, usable and resolved only with a comrade (`with_a_comrade`); `ops` run
/// on resolution only if the comrade is still there.
fn samurai_effect(e: E, own: u32, also: Vec<Condition>, ops: Vec<Op>) -> E {
    let mut all = vec![with_a_comrade(own)];
    all.extend(also);
    e.when(Condition::All(all)).op(Op::only_if(with_a_comrade(own), ops))
}

/// "If this card would be destroyed, you can destroy another face-up "Six Samurai" monster you
/// control instead."
fn samurai_substitute() -> E {
    E::continuous("If this card would be destroyed, you can destroy another face-up \"Six Samurai\" monster you control instead.")
        .modifier(Modifier::DestroyOtherInstead { scope: Scope::This, with: six_samurai(), send: false })
}

/// Kamon and Yaichi: once per turn, with a comrade, target 1 Spell/Trap matching `which` and
/// destroy it; the card cannot attack the turn it uses this.
fn samurai_breaker(own: u32, which: F, text: &str) -> Behavior {
    let e = E::ignition(text).limit(Limit::PerCardPerTurn).target_in(Place::SpellTraps(Who::Both), 1, 1, F::SpellTrap & which).op(Op::Apply {
        what: Obj::This,
        modifier: Modifier::cannot_attack(Scope::This),
        until: Duration::EndOfTurn,
    });
    Behavior::with(vec![samurai_effect(e, own, vec![], vec![Op::destroy(Obj::Targets)]), samurai_substitute()])
}

/// "Each time a "Six Samurai" monster(s) is Normal or Special Summoned, place `count` Bushido
/// Counters on this card" (at most `max`).
fn bushido_on_summon(count: i32, max: Option<u8>, text: &str) -> E {
    E::trigger(Trigger::Summoned { normal: true, flip: false, special: true, of: Subject::Any(six_samurai()) }, text)
        .needs_card_on_field()
        .op(Op::AddCounters { what: Obj::This, kind: BUSHIDO, count: Num::Const(count), max })
}

/// Gateway of the Six: Bushido Counters for each summon of Six Samurai, spent from the field
/// on three effects.
fn gateway_of_the_six() -> Behavior {
    let pay = |count: u8| Cost::RemoveCountersFromField { kind: BUSHIDO, count };
    let shien = || F::Monster & F::NameHas("Shien".into());
    let searchable = || six_samurai() & !F::InPlace(Place::Hand(Who::You));
    Behavior {
        counters: vec![BUSHIDO],
        ..Behavior::with(vec![
            E::spell(SpellKind::Continuous, "A Continuous Spell that stays on the field."),
            bushido_on_summon(2, None, "Each time one or more \"Six Samurai\" monsters are Normal or Special Summoned: place 2 Bushido Counters on this card."),
            E::ignition("Remove 2 Bushido Counters from your field, then target 1 face-up \"Six Samurai\" or \"Shien\" Effect Monster: it gains 500 ATK until the end of this turn.")
                .cost(pay(2))
                .target(1, F::FaceUp & F::effect_monster() & (six_samurai() | shien()))
                .op(Op::Apply { what: Obj::Targets, modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(500), def: Num::Const(0) }, until: Duration::EndOfTurn }),
            E::ignition("Remove 4 Bushido Counters from your field: add 1 \"Six Samurai\" monster from your Deck or GY to your hand.")
                .cost(pay(4))
                .when(Condition::Exists { place: Place::HandDeckOrGy(Who::You), filter: searchable(), count: 1 })
                .op(Op::Choose { who: Who::You, place: Place::HandDeckOrGy(Who::You), filter: searchable(), min: 1, max: 1 })
                .op(Op::ToHand(Obj::Chosen)),
            E::ignition("Remove 6 Bushido Counters from your field, then target 1 \"Shien\" Effect Monster in your GY: Special Summon it.")
                .cost(pay(6))
                .when(Condition::FreeMonsterZones(1))
                .target_in(Place::Gy(Who::You), 1, 1, shien() & F::effect_monster() & F::can_special_summon())
                .op(Op::special_summon(Obj::Targets, SummonPos::FaceUp)),
        ])
    }
}

/// Six Samurai United: up to 2 Bushido Counters, traded for as many cards.
fn six_samurai_united() -> Behavior {
    // "Send this card to the GY; draw 1 card for each Bushido Counter on it": the counters are
    // read before the cost moves it (one effect per count it may hold).
    let cash_in = |n: i32, text: &str| {
        E::ignition(text)
            .when(Condition::Compare(Num::CountersOnThis(BUSHIDO), Cmp::Eq, Num::Const(n)))
            .cost(Cost::send_self_to_gy())
            .op(Op::Draw { who: Who::You, count: Num::Const(n) })
    };
    Behavior {
        counters: vec![BUSHIDO],
        ..Behavior::with(vec![
            E::spell(SpellKind::Continuous, "A Continuous Spell that stays on the field."),
            bushido_on_summon(
                1,
                Some(2),
                "Each time one or more \"Six Samurai\" monsters are Normal or Special Summoned: place 1 Bushido Counter on this card (at most 2).",
            ),
            cash_in(1, "You can send this card to the GY: draw 1 card for each Bushido Counter it had (holding 1: draw 1)."),
            cash_in(2, "Holding 2 Bushido Counters: you can send this card to the GY to draw 2 cards."),
        ])
    }
}

/// Backs to the Wall: pay LP down to 100, then Special Summon Six Samurai of different names
/// from the GY, one after another, as many as can be.
fn backs_to_the_wall() -> Behavior {
    // A Six Samurai in the GY whose name no card on the field has (the ones summoned by this
    // effect included).
    let callable = || six_samurai() & F::can_special_summon() & !F::same_name_as(Obj::All(Place::Field(Who::Both), F::Any));
    let one_more = || {
        Op::only_if(
            Condition::All(vec![Condition::FreeMonsterZones(1), Condition::Exists { place: Place::Gy(Who::You), filter: callable(), count: 1 }]),
            vec![
                Op::Choose { who: Who::You, place: Place::Gy(Who::You), filter: callable(), min: 1, max: 1 },
                Op::special_summon(Obj::Chosen, SummonPos::FaceUp),
            ],
        )
    };
    let mut e = E::trap(
        TrapKind::Normal,
        "Pay LP so that you have 100 left: Special Summon from your GY as many \"Six Samurai\" monsters with different names as you can, none with the name of a card already on the field.",
    )
    .when(Condition::All(vec![
        Condition::Compare(Num::Lp(Who::You), Cmp::Gt, Num::Const(100)),
        Condition::FreeMonsterZones(1),
        Condition::Exists { place: Place::Gy(Who::You), filter: callable(), count: 1 },
    ]))
    .cost(Cost::pay_lp(Num::minus(Num::Lp(Who::You), Num::Const(100))));
    for _ in 0..5 {
        e = e.op(one_more());
    }
    Behavior::with(vec![e])
}

/// Solidarity: while every monster in your GY is of one Type, your monsters of that Type gain
/// 800 ATK (one continuous effect per Type).
fn solidarity() -> Behavior {
    let mut effects = vec![E::spell(
        SpellKind::Continuous,
        "While the monsters in your GY are all of one Type (at least 1 monster), the monsters you control of that Type gain 800 ATK.",
    )];
    for r in 0..RACE_NAMES.len() as u8 {
        let race = Race(r);
        effects.push(
            E::continuous("")
                .when(Condition::All(vec![
                    Condition::Exists { place: Place::Gy(Who::You), filter: F::Monster & F::Race(race), count: 1 },
                    Condition::NoneIn { place: Place::Gy(Who::You), filter: F::Monster & !F::Race(race) },
                ]))
                .modifier(Modifier::AtkDef { scope: Scope::Monsters(F::YouControl & F::Race(race)), atk: Num::Const(800), def: Num::Const(0) }),
        );
    }
    Behavior::with(effects)
}

/// Today's behaviour of this module's cards, by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        IROU => Behavior::with(vec![
            samurai_effect(
                E::trigger(
                    Trigger::start_of_damage_step(),
                    "At the start of the Damage Step, if this card attacks a face-down Defense Position monster: destroy that monster. Only while you control a face-up \"Six Samurai\" monster with another name (to activate and to resolve).",
                )
                .in_damage_step(),
                IROU,
                vec![Condition::This(F::Attacker), Condition::EventCard(F::OnField & F::FaceDown & F::DefensePos)],
                vec![Op::destroy(Obj::EventCard)],
            ),
            samurai_substitute(),
        ]),
        KAMON => samurai_breaker(
            KAMON,
            F::FaceUp,
            "Once per turn: you can target 1 face-up Spell/Trap on the field; destroy it. Only while you control a face-up \"Six Samurai\" monster with another name (to activate and to resolve). This card cannot attack the turn you use this effect.",
        ),
        YAICHI => samurai_breaker(
            YAICHI,
            F::FaceDown,
            "Once per turn: you can target 1 Set Spell/Trap on the field; destroy it. Only while you control a face-up \"Six Samurai\" monster with another name (to activate and to resolve). This card cannot attack the turn you use this effect.",
        ),
        ZANJI => Behavior::with(vec![
            samurai_effect(
                E::trigger(
                    Trigger::end_of_damage_step(),
                    "At the end of the Damage Step, if this card attacked: destroy the monster it attacked. Only while you control a face-up \"Six Samurai\" monster with another name (to activate and to resolve).",
                ),
                ZANJI,
                vec![Condition::This(F::Attacker), Condition::EventCard(F::OnField)],
                vec![Op::destroy(Obj::EventCard)],
            ),
            samurai_substitute(),
        ]),
        GATEWAY_OF_THE_SIX => gateway_of_the_six(),
        SIX_SAMURAI_UNITED => six_samurai_united(),
        BACKS_TO_THE_WALL => backs_to_the_wall(),
        SOLIDARITY => solidarity(),
        DOUBLE_SUMMON => Behavior::with(vec![E::spell(SpellKind::Normal, "This turn you can conduct 2 Normal Summons/Sets instead of 1.")
            .op(Op::ApplyRule { modifier: Modifier::AdditionalNormalSummon { of: F::Any, raises_limit: true }, until: Duration::EndOfTurn })]),
        DIMENSIONAL_FISSURE => Behavior::with(vec![E::spell(
            SpellKind::Continuous,
            "While this card is face-up on the field, every monster that would be sent to the GY is banished instead.",
        )
        .modifier(Modifier::banish_instead_of_gy_if(F::monster_card()))]),
        MARK_OF_THE_ROSE => mark_of_the_rose(),
        _ => return None,
    })
}

/// Mark of the Rose: an Equip Spell that takes control of the opponent's monster it equips,
/// except from its controller's End Phase until their next Standby Phase.
fn mark_of_the_rose() -> Behavior {
    let between_end_and_standby = Condition::Any(vec![Condition::opponents_turn(), Condition::in_phase(Phase::Draw), Condition::in_phase(Phase::End)]);
    Behavior::with(vec![
        E::spell(SpellKind::Equip, "Banish 1 Plant monster from your GY, then target 1 face-up monster your opponent controls: equip this card to it.")
            .cost(Cost::Cards { how: CostMove::Banish, from: CostFrom::Gy, filter: F::Monster & F::Race(Race::PLANT), count: CostCount::Range(1, 1) })
            .target(1, F::Monster & F::FaceUp & F::OppControls)
            .op(Op::EquipTo(Obj::Targets)),
        E::continuous(
            "You control the equipped monster, except from each of your End Phases until your next Standby Phase (this card's effect is negated then).",
        )
        .when(Condition::Not(Box::new(between_end_and_standby)))
        .modifier(Modifier::control_equipped()),
    ])
}

/// The March 2010 behaviour of this module's cards whose text changed later (the Edison
/// format's versions), by passcode.
pub fn behavior_2010(id: u32) -> Option<Behavior> {
    Some(match id {
        // Soul Exchange: until its later rewording the target may be Tributed, not must be
        // (the 2005 text, unchanged in 2010).
        SOUL_EXCHANGE => crate::goat::spells_b::behavior_2005(SOUL_EXCHANGE)?,
        _ => return None,
    })
}
