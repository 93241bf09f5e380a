//! Goat batch 1 (monsters_a): cards of `../shared/spec/pools/goat-1.txt`, each a declaration in
//! the effect vocabulary with its rules text in the project's own words.

use ygo_core::card::type_bits;
#[allow(unused_imports)]
use ygo_core::card::{Attribute, Race, SpellKind, TrapKind};
#[allow(unused_imports)]
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::{BattleStep, DamageStep, Phase, SummonKind, Zone};

const BOKOICHI: u32 = 8715625;
const DARK_MIMIC_LV3: u32 = 1102515;

fn monster_summoned() -> Trigger {
    Trigger::Summoned { normal: true, flip: true, special: true, of: Subject::This }
}

/// "Special Summoned by banishing 1 LIGHT and 1 DARK monster from your GY" (the Chaos monsters).
fn chaos_summon(effects: Vec<E>) -> Behavior {
    Behavior {
        no_normal_summon: true,
        summon_rule: Some(SummonRule::BanishFromGy(vec![F::Monster & F::Attribute(Attribute::Light), F::Monster & F::Attribute(Attribute::Dark)])),
        ..Behavior::with(effects)
    }
}

fn chaos_summon_text() -> E {
    E::continuous("Never Normal Summoned or Set: it is Special Summoned from the hand by banishing 1 LIGHT and 1 DARK monster from your GY.")
}

/// "When this card inflicts battle damage to your opponent: you can activate 1 of these
/// effects" (the Dark Scorpions, Don Zaloog): one optional trigger per choice, alternatives.
fn battle_damage_choice(text: &str) -> E {
    E::optional_when(Trigger::dealt_battle_damage(false, Subject::This), text).alternative(0)
}

/// "Send the top 2 cards of your opponent's Deck to the GY" (a battle-damage choice).
fn mill_two() -> E {
    battle_damage_choice("Or: the top 2 cards of your opponent's Deck go to the GY.")
        .when(Condition::Exists { place: Place::Deck(Who::Opponent), filter: F::Any, count: 1 })
        .op(Op::SendToGy(Obj::DeckTop(Who::Opponent, 2)))
}

/// "When this card is changed from Attack Position to face-up Defense Position: destroy 1
/// targeted monster your opponent controls" (Blade Rabbit, Dream Clown).
fn destroy_on_defense(text: &str) -> Behavior {
    Behavior::with(vec![E::trigger(Trigger::ChangedToDefense, text).target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster).op(Op::destroy(Obj::Targets))])
}

/// "After damage calculation: banish that monster, and this card too" (the D.D. warriors).
fn banish_both() -> Op {
    Op::Banish { what: Obj::Union(vec![Obj::Filtered(Box::new(Obj::EventCard), F::OnField), Obj::This]), face_down: false }
}

/// Apprentice Magician's second effect: destroyed by battle, it may call a small
/// Spellcaster face-down.
fn apprentice_recruit() -> E {
    let recruit = F::Race(Race::SPELLCASTER) & F::level_at_most(2) & F::can_special_summon();
    E::optional_when(
        Trigger::DestroyedByBattle,
        "When this card is destroyed by battle: you can Special Summon 1 Level 2 or lower Spellcaster monster from your Deck in face-down Defense Position.",
    )
    .range(Range::Gy)
    .when(Condition::Exists { place: Place::Deck(Who::You), filter: recruit.clone(), count: 1 })
    .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: recruit, min: 1, max: 1 })
    .op(Op::special_summon(Obj::Chosen, SummonPos::FaceDownDefense))
}

/// Dark Magician of Chaos's effects after its End Phase retrieval: what it does to the
/// monsters it destroys (`victims`) and its own banishment when it leaves the field.
fn dark_magician_of_chaos(retrieval: E, victims: E) -> Behavior {
    Behavior::with(vec![
        retrieval,
        victims,
        E::continuous("If this face-up card would leave the field, it is banished instead.").modifier(Modifier::banish_when_leaving(Scope::This)),
    ])
}

/// "During the End Phase of a turn it was Normal or Special Summoned: you can target 1
/// Spell in your GY; add it to your hand."
fn dark_magician_of_chaos_retrieval(text: &str) -> E {
    E::optional_if(Trigger::Phase { phase: Phase::End, whose: Who::Both }, text)
        .when(Condition::This(
            F::ThisTurn(TurnFact::Summoned) & (F::Summoned(SummonKind::Normal) | F::Summoned(SummonKind::Tribute) | F::Summoned(SummonKind::Special)),
        ))
        .target_in(Place::Gy(Who::You), 1, 1, F::Spell)
        .op(Op::ToHand(Obj::Targets))
}

/// Dark Mimic LV1's FLIP draw.
fn dark_mimic_draw() -> E {
    E::flip("FLIP: Draw 1 card.").op(Op::Draw { who: Who::You, count: Num::Const(1) })
}

/// Dark Mimic LV1's level-up: send it to the GY to summon "Dark Mimic LV3" from the hand or
/// Deck (`e`: the trigger kind and text).
fn dark_mimic_level_up(e: E) -> E {
    let lv3 = F::Named(DARK_MIMIC_LV3) & F::can_special_summon();
    e.cost(Cost::send_self_to_gy())
        .when(Condition::Exists { place: Place::HandOrDeck(Who::You), filter: lv3.clone(), count: 1 })
        .op(Op::Choose { who: Who::You, place: Place::HandOrDeck(Who::You), filter: lv3, min: 1, max: 1 })
        .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))
}

/// Apprentice Magician: `counter` is its on-summon effect (2005 and today's versions).
fn apprentice_magician(counter: E) -> Behavior {
    Behavior::with(vec![counter, apprentice_recruit()])
}

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Abyss Soldier
        18318842 => Behavior::with(vec![E::ignition("Once per turn: you can discard 1 WATER monster to target 1 card on the field; return it to its owner's hand.")
            .limit(Limit::PerCardPerTurn)
            .cost(Cost::discard(1, F::Monster & F::Attribute(Attribute::Water)))
            .target(1, F::Any)
            .op(Op::ToHand(Obj::Targets))]),
        // Airknight Parshath
        18036057 => Behavior::with(vec![
            E::continuous("It inflicts piercing battle damage when it attacks a Defense Position monster.").modifier(Modifier::piercing(Scope::This)),
            E::trigger(Trigger::dealt_battle_damage(false, Subject::This), "Each time it inflicts battle damage to your opponent, you draw 1 card.")
                .op(Op::Draw { who: Who::You, count: Num::Const(1) }),
        ]),
        // Apprentice Magician (today: the Spell Counter goes on a target)
        9156135 => apprentice_magician(
            E::trigger(monster_summoned(), "When this card is Summoned: target 1 face-up card on the field that can hold Spell Counters; place 1 Spell Counter on it.")
                .target(1, F::FaceUp & F::can_hold_counter(Counter::Spell))
                .op(Op::AddCounters { what: Obj::Targets, kind: Counter::Spell, count: Num::Const(1), max: None }),
        ),
        // Armed Samurai - Ben Kei
        84430950 => Behavior::with(vec![E::continuous("It can attack once more each Battle Phase for each Equip Card equipped to it.").modifier(
            Modifier::ExtraAttacks { scope: Scope::This, count: Num::count_of(Obj::All(Place::SpellTraps(Who::Both), F::equipped_to(Obj::This))) },
        )]),
        // Asura Priest
        2134346 => crate::mechanics::spirit(
            "This card cannot be Special Summoned.",
            vec![E::continuous("It can attack every monster your opponent controls, once each.").modifier(Modifier::attack_every_monster(Scope::This))],
        ),
        // Bazoo the Soul-Eater
        40133511 => Behavior::with(vec![E::ignition(
            "Once per turn: you can banish 1 to 3 monsters from your GY; this card gains 300 ATK for each until the end of your opponent's next turn.",
        )
        .limit(Limit::PerCardPerTurn)
        .cost(Cost::banish_up_to(3, F::Monster))
        .op(Op::Apply {
            what: Obj::This,
            modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Times(Box::new(Num::Cost(CostStat::Cards)), 300), def: Num::Const(0) },
            until: Duration::EndOfOpponentsTurn,
        })]),
        // Berserk Gorilla
        39168895 => Behavior::with(vec![
            E::continuous("While it is in face-up Defense Position, it is destroyed.").when(Condition::This(F::FaceUp & F::DefensePos)).modifier(Modifier::SelfDestruct),
            E::continuous("In your Battle Phase it must attack if it can.").modifier(Modifier::must_attack(Scope::This)),
        ]),
        // Big Shield Gardna
        65240384 => Behavior::with(vec![
            E::quick("While face-down, when a Spell Card is activated that targets this card and no other: turn this card face-up in Defense Position, and if you do, negate that activation.")
                .range(Range::FaceDownMonster)
                .in_damage_step()
                .when(Condition::All(vec![Condition::chain_top_activates(F::Spell), Condition::chain_top_targets_only(!F::NotSelf)]))
                .op(Op::ChangePosition { what: Obj::This, to: PosChange::FaceUpDefense })
                .then_if_did(vec![Op::negate_activation(false)]),
            E::trigger(Trigger::end_of_damage_step(), "At the end of a Damage Step in which this card was attacked, it is changed to Attack Position.")
                .when(Condition::This(!F::Attacker & F::DefensePos))
                .op(Op::ChangePosition { what: Obj::This, to: PosChange::FaceUpAttack }),
        ]),
        // Blade Knight
        39507162 => Behavior::with(vec![
            E::continuous("While you hold 1 or fewer cards, it gains 400 ATK.")
                .when(Condition::Compare(Num::count_of(Obj::All(Place::Hand(Who::You), F::Any)), Cmp::Le, Num::Const(1)))
                .modifier(Modifier::AtkDef { scope: Scope::This, atk: Num::Const(400), def: Num::Const(0) }),
            E::continuous("While it is the only monster you control, the effects of Flip monsters it destroys by battle are negated.")
                .when(Condition::NoneIn { place: Place::Monsters(Who::You), filter: F::Any })
                .modifier(Modifier::NegateBattleVictims { scope: Scope::This, victims: F::ability(type_bits::FLIP) }),
        ]),
        // Blade Rabbit
        58268433 => destroy_on_defense("When it is changed from Attack Position to face-up Defense Position: destroy 1 targeted monster your opponent controls."),
        // Blowback Dragon
        25551951 => Behavior::with(vec![E::ignition(
            "Once per turn: you can target 1 card your opponent controls and toss 3 coins; if at least 2 come up heads, destroy it.",
        )
        .limit(Limit::PerCardPerTurn)
        .target_in(Place::Field(Who::Opponent), 1, 1, F::Any)
        .op(Op::TossCoins(3))
        .op(Op::If { test: Test::Compare(Num::Heads, Cmp::Ge, Num::Const(2)), then: vec![Op::destroy(Obj::Targets)], otherwise: vec![] })]),
        // Chaos Sorcerer
        9596126 => chaos_summon(vec![
            chaos_summon_text(),
            E::ignition("Once per turn: you can target 1 face-up monster on the field; banish it. This card cannot attack the turn you use this effect.")
                .limit(Limit::PerCardPerTurn)
                .target_in(Place::Monsters(Who::Both), 1, 1, F::Monster & F::FaceUp)
                .op(Op::Apply { what: Obj::This, modifier: Modifier::cannot_attack(Scope::This), until: Duration::EndOfTurn })
                .op(Op::Banish { what: Obj::Targets, face_down: false }),
        ]),
        // Chaos Emperor Dragon - Envoy of the End (today: once per turn, and no other activation
        // that turn, before or after)
        82301904 => chaos_summon(vec![
            chaos_summon_text(),
            chaos_emperor_reset(
                "Once per turn: you can pay 1000 LP to send every card in both hands and on the field to the GY; your opponent takes 300 damage for each card sent to their GY. You cannot activate other cards or effects the turn you activate this.",
            )
            .limit(Limit::PerCardPerTurn)
            .when(Condition::not_activated_this_turn())
            .restricts(PlayerEffect::NoActivationsThisTurn),
        ]),
        // Cipher Soldier
        79853073 => Behavior::with(vec![E::continuous("During damage calculation against a Warrior monster, it gains 2000 ATK and DEF.")
            .when(Condition::All(vec![
                Condition::step(BattleStep::Damage(DamageStep::DuringCalculation)),
                Condition::Battling(!F::NotSelf),
                Condition::Battling(F::NotSelf & F::Race(Race::WARRIOR)),
            ]))
            .modifier(Modifier::AtkDef { scope: Scope::This, atk: Num::Const(2000), def: Num::Const(2000) })]),
        // D.D. Assailant
        70074904 => Behavior::with(vec![E::trigger(
            Trigger::after_damage_calculation(),
            "After damage calculation, if an opponent's monster destroyed this card by battle: banish that monster, and this card too.",
        )
        .when(Condition::This(F::destroyed_by(Obj::EventCard)))
        .op(banish_both())]),
        // D.D. Survivor
        48092532 => Behavior::with(vec![E::trigger(
            Trigger::Phase { phase: Phase::End, whose: Who::Both },
            "Once per turn, in the End Phase of a turn this card was banished while face-up on the field: Special Summon it.",
        )
        .range(Range::Banished)
        .limit(Limit::PerCardPerTurn)
        .when(Condition::This(F::ThisTurn(TurnFact::Arrived) & F::CameFrom(Origin::MonsterZone) & F::WasFaceUp & F::can_special_summon()))
        .op(Op::special_summon(Obj::This, SummonPos::FaceUp))]),
        // D.D. Warrior Lady
        7572887 => Behavior::with(vec![E::optional_when(
            Trigger::after_damage_calculation(),
            "After damage calculation, if this card battled an opponent's monster: you can banish that monster, and this card too.",
        )
        .when(Condition::EventCard(F::OnField))
        .op(banish_both())]),
        // Dark Jeroid
        90980792 => Behavior::with(vec![E::trigger(monster_summoned(), "When this card is Summoned: target 1 face-up monster on the field; it loses 800 ATK.")
            .target_in(Place::Monsters(Who::Both), 1, 1, F::Monster & F::FaceUp)
            .op(Op::Apply {
                what: Obj::Targets,
                modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(-800), def: Num::Const(0) },
                until: Duration::Permanent,
            })]),
        // Dark Magician of Chaos (today: once per turn by name; it banishes its victims by a trigger)
        40737112 => dark_magician_of_chaos(
            dark_magician_of_chaos_retrieval(
                "Once per turn by name, in the End Phase of a turn this card was Normal or Special Summoned: you can target 1 Spell in your GY; add it to your hand.",
            )
            .limit(Limit::PerNamePerTurn),
            E::trigger(Trigger::after_damage_calculation(), "After damage calculation, if it destroyed an opponent's monster by battle: banish that monster.")
                .when(Condition::EventCard(F::destroyed_by(Obj::This) & F::OnField))
                .op(Op::Banish { what: Obj::EventCard, face_down: false }),
        ),
        // Dark Mimic LV1 (today: the level-up is optional)
        74713516 => crate::mechanics::lv_monster(DARK_MIMIC_LV3, Behavior::with(vec![
            dark_mimic_draw(),
            dark_mimic_level_up(E::optional_if(
                Trigger::Phase { phase: Phase::Standby, whose: Who::You },
                "In your Standby Phase: you can send this face-up card to the GY to Special Summon 1 \"Dark Mimic LV3\" from your hand or Deck.",
            )),
        ])),
        // Dark Ruler Ha Des (the OCG text: it cannot be Special Summoned from the GY)
        53982768 => Behavior::with(vec![
            E::continuous("This card cannot be Special Summoned from the GY.").modifier(Modifier::no_special_summon_from(Origin::Gy)),
            ha_des_negation(),
        ]),
        // Dark Scorpion - Cliff the Trap Remover
        6967870 => Behavior::with(vec![
            battle_damage_choice("When this card inflicts battle damage to your opponent, you can activate 1 of these effects: target 1 spell or trap on the field and destroy it.")
                .target(1, F::SpellTrap)
                .op(Op::destroy(Obj::Targets)),
            mill_two(),
        ]),
        // Dekoichi the Battlechanted Locomotive
        87621407 => Behavior::with(vec![E::flip("FLIP: Draw 1 card, plus 1 more for each face-up \"Bokoichi the Freightening Car\" you control.").op(Op::Draw {
            who: Who::You,
            count: Num::plus(Num::Const(1), Num::count_of(Obj::All(Place::Monsters(Who::You), F::Named(BOKOICHI) & F::FaceUp))),
        })]),
        // Des Koala
        69579761 => Behavior::with(vec![E::flip("FLIP: Your opponent takes 400 damage for each card in their hand.")
            .op(Op::damage(Who::Opponent, Num::per(400, Obj::All(Place::Hand(Who::Opponent), F::Any))))]),
        // Des Lacooda
        2326738 => Behavior::with(vec![
            E::ignition("Once per turn: you can turn this card face-down in Defense Position.")
                .limit(Limit::PerCardPerTurn)
                .op(Op::ChangePosition { what: Obj::This, to: PosChange::FaceDownDefense }),
            E::trigger(Trigger::Summoned { normal: false, flip: true, special: false, of: Subject::This }, "When this card is Flip Summoned: draw 1 card.")
                .op(Op::Draw { who: Who::You, count: Num::Const(1) }),
        ]),
        // Des Wombat
        9637706 => Behavior::with(vec![E::continuous("You take no effect damage.").modifier(Modifier::no_effect_damage())]),
        // Dimension Jar
        73414375 => Behavior::with(vec![E::flip("FLIP: Each player may banish up to 3 cards from the other player's GY (you first).")
            .op(Op::Choose { who: Who::You, place: Place::Gy(Who::Opponent), filter: F::Any, min: 0, max: 3 })
            .op(Op::Banish { what: Obj::Chosen, face_down: false })
            .op(Op::Choose { who: Who::Opponent, place: Place::Gy(Who::You), filter: F::Any, min: 0, max: 3 })
            .op(Op::Banish { what: Obj::Chosen, face_down: false })]),
        // Don Zaloog
        76922029 => Behavior::with(vec![
            battle_damage_choice("When this card inflicts battle damage to your opponent, you can activate 1 of these effects: 1 random card of their hand is discarded.")
                .when(Condition::Exists { place: Place::Hand(Who::Opponent), filter: F::Any, count: 1 })
                .op(Op::ChooseRandom { place: Place::Hand(Who::Opponent), filter: F::Any, count: Num::Const(1) })
                .op(Op::Discard(Obj::Chosen)),
            mill_two(),
        ]),
        // Dream Clown
        13215230 => destroy_on_defense("When it is changed from Attack Position to face-up Defense Position: target 1 monster your opponent controls; destroy it."),
        // Emissary of the Afterlife
        75043725 => {
            let pick = |who: Who| Op::Choose { who, place: Place::Deck(who), filter: F::ability(type_bits::NORMAL) & F::level_at_most(3), min: 1, max: 1 };
            Behavior::with(vec![E::trigger(
                Trigger::SentToGy { from: vec![Zone::Monster], cause: Cause::Any },
                "When this card goes from the field to the GY: each player (you first) adds 1 Level 3 or lower Normal Monster from their Deck to their hand.",
            )
            .range(Range::Gy)
            .op(pick(Who::You))
            .op(Op::ToHand(Obj::Chosen))
            .op(pick(Who::Opponent))
            .op(Op::ToHand(Obj::Chosen))])
        }
        // Enraged Battle Ox
        76909279 => Behavior::with(vec![E::continuous(
            "Your Beast, Beast-Warrior and Winged Beast monsters inflict piercing battle damage when they attack a Defense Position monster.",
        )
        .modifier(Modifier::piercing(Scope::Monsters(
            F::YouControl & (F::Race(Race::BEAST) | F::Race(Race::BEAST_WARRIOR) | F::Race(Race::WINGED_BEAST)),
        )))]),
        // Exiled Force
        74131780 => Behavior::with(vec![E::ignition("You can Tribute this card to target 1 monster on the field; destroy it.")
            .cost(Cost::tribute(1, !F::NotSelf))
            .target(1, F::Monster)
            .op(Op::destroy(Obj::Targets))]),
        // Fiber Jar
        78706415 => Behavior::with(vec![E::flip(
            "FLIP: Every card on the field, in both hands and in both GYs is shuffled into its owner's Deck; then each player draws 5 cards.",
        )
        .op(Op::ToDeck {
            what: Obj::Union(vec![
                Obj::All(Place::Field(Who::Both), F::Any),
                Obj::All(Place::Hand(Who::Both), F::Any),
                Obj::All(Place::Gy(Who::Both), F::Any),
            ]),
            top: false,
        })
        .op(Op::Draw { who: Who::Both, count: Num::Const(5) })]),
        // Fusilier Dragon, the Dual-Mode Beast
        51632798 => Behavior {
            tribute_rule: Some((0, F::Any, false)),
            ..Behavior::with(vec![E::continuous(
                "It can be Normal Summoned or Set without Tributes; if it was, its original ATK and DEF are halved (1400/1000).",
            )
            .when(Condition::This(F::stat(Stat::Tributes, Cmp::Eq, 0) & !F::Summoned(SummonKind::Special)))
            .modifier(Modifier::set_original(Some(Num::Const(1400)), Some(Num::Const(1000))))])
        },
        // Giant Rat
        97017120 => {
            let earth = F::Attribute(Attribute::Earth) & F::atk_at_most(1500) & F::can_special_summon();
            Behavior::with(vec![E::optional_when(
                Trigger::DestroyedByBattle,
                "When this card is destroyed by battle and sent to the GY: you can Special Summon 1 EARTH monster with 1500 or less ATK from your Deck in Attack Position.",
            )
            .range(Range::Gy)
            .when(Condition::Exists { place: Place::Deck(Who::You), filter: earth.clone(), count: 1 })
            .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: earth, min: 1, max: 1 })
            .op(Op::special_summon(Obj::Chosen, SummonPos::Attack))])
        }
        // Gigantes
        47606319 => Behavior {
            no_normal_summon: true,
            summon_rule: Some(SummonRule::BanishFromGy(vec![F::Monster & F::Attribute(Attribute::Earth)])),
            ..Behavior::with(vec![
                E::continuous("Never Normal Summoned or Set: it is Special Summoned from the hand by banishing 1 EARTH monster from your GY."),
                E::trigger(Trigger::DestroyedByBattle, "When this card is destroyed by battle and sent to the GY: destroy every spell and trap on the field.")
                    .range(Range::Gy)
                    .op(Op::destroy(Obj::All(Place::SpellTraps(Who::Both), F::Any))),
            ])
        },
        _ => return None,
    })
}

/// Chaos Emperor Dragon's effect: pay 1000 LP, every card in both hands and on the field
/// goes to the GY, 300 damage for each that arrived in the opponent's GY.
/// Chaos Emperor Dragon's reset: every card in both hands and on the field to the GY.
fn chaos_emperor_send() -> Op {
    Op::SendToGy(Obj::Union(vec![Obj::All(Place::Field(Who::Both), F::Any), Obj::All(Place::Hand(Who::Both), F::Any)]))
}

fn chaos_emperor_reset(text: &str) -> E {
    E::ignition(text)
        .cost(Cost::pay_lp(Num::Const(1000)))
        .op(chaos_emperor_send())
        .op(Op::damage(Who::Opponent, Num::per(300, Obj::Filtered(Box::new(Obj::Affected), F::InPlace(Place::Gy(Who::Opponent))))))
}

/// Dark Ruler Ha Des's negation of the monsters its side's Fiends destroy by battle.
fn ha_des_negation() -> E {
    E::continuous("The effects of monsters destroyed by battle with Fiend monsters you control are negated, on the field and in the GY.")
        .modifier(Modifier::NegateBattleVictims { scope: Scope::Monsters(F::YouControl & F::Race(Race::FIEND)), victims: F::Any })
}

/// The 2005 behaviour of a card of this group whose text changed later (the Goat pool only).
pub fn behavior_2005(id: u32) -> Option<Behavior> {
    Some(match id {
        // Apprentice Magician: the Spell Counter is placed without targeting.
        9156135 => apprentice_magician(
            E::trigger(
                monster_summoned(),
                "When this card is Summoned: place 1 Spell Counter on 1 face-up card on the field that can hold Spell Counters (not targeted).",
            )
            .op(Op::Choose { who: Who::You, place: Place::Field(Who::Both), filter: F::FaceUp & F::can_hold_counter(Counter::Spell), min: 1, max: 1 })
            .op(Op::AddCounters { what: Obj::Chosen, kind: Counter::Spell, count: Num::Const(1), max: None }),
        ),
        // Chaos Emperor Dragon - Envoy of the End: no once-per-turn limit, no lock on other
        // activations; 300 damage for every card the effect sent to a GY, either player's
        // (the later errata counts only the opponent's).
        82301904 => chaos_summon(vec![
            chaos_summon_text(),
            E::ignition(
                "Pay 1000 LP: send every card in both hands and on the field to the GY; your opponent takes 300 damage for each card sent to the GY this way (both players' cards).",
            )
            .cost(Cost::pay_lp(Num::Const(1000)))
            .op(chaos_emperor_send())
            .op(Op::damage(Who::Opponent, Num::per(300, Obj::Filtered(Box::new(Obj::Affected), F::InPlace(Place::Gy(Who::Both)))))),
        ]),
        // Dark Magician of Chaos: the Spell comes back when it is summoned (an optional
        // "when" trigger), with no once-per-turn limit; the monsters it destroys by battle
        // are banished instead of going to the GY (not a trigger).
        40737112 => dark_magician_of_chaos(
            E::optional_when(
                Trigger::Summoned { normal: true, flip: false, special: true, of: Subject::This },
                "When this card is Normal or Special Summoned: you can target 1 Spell in your GY; add it to your hand.",
            )
            .target_in(Place::Gy(Who::You), 1, 1, F::Spell)
            .op(Op::ToHand(Obj::Targets)),
            E::continuous("Monsters it destroys by battle are banished instead of going to the GY.").modifier(Modifier::banish_battle_victims(Scope::This)),
        ),
        // Dark Mimic LV1: the level-up is mandatory.
        74713516 => crate::mechanics::lv_monster(DARK_MIMIC_LV3, Behavior::with(vec![
            dark_mimic_draw(),
            dark_mimic_level_up(E::trigger(
                Trigger::Phase { phase: Phase::Standby, whose: Who::You },
                "In your Standby Phase: send this face-up card to the GY to Special Summon 1 \"Dark Mimic LV3\" from your hand or Deck.",
            )),
        ])),
        // Giant Rat (2005: a floater that may find nothing, VER-1)
        97017120 => crate::mechanics::floater(
            crate::Versions::Goat2005,
            "When this card is destroyed by battle and sent to the GY: you can Special Summon 1 EARTH monster with 1500 or less ATK from your Deck in face-up Attack Position (with none there, show your Deck); then shuffle your Deck.",
            F::Monster & F::Attribute(Attribute::Earth) & F::atk_at_most(1500),
            SummonPos::Attack,
        ),
        // Dark Ruler Ha Des: the TCG text of 2005 has no summon restriction.
        53982768 => Behavior::with(vec![ha_des_negation()]),
        _ => return None,
    })
}
