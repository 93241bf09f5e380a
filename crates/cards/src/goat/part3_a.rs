//! Goat pool part 3 (part3_a): the first half of `../shared/spec/pools/goat-3.txt`, FLIP
//! monsters and monsters with battle, "destroyed by battle" and battle-damage triggers, each
//! a declaration in the effect vocabulary with its rules text in the project's own words.
//! Rulings: `docs/rulings/goat-3.md` (part 3a).

use crate::mechanics::in_damage_step;
use ygo_core::card::{Attribute, Race, SpellKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::{BattleStep, DamageStep, Phase};

use crate::mechanics::{self, turn_face_down};
use crate::Versions;

const SKULL_SERVANT: u32 = 32274490;
const KING_OF_THE_SKULL_SERVANTS: u32 = 36021814;
const LORD_POISON: u32 = 40320754;
const BUBONIC_VERMIN: u32 = 6104968;
const DESERTAPIR: u32 = 13409151;
const CELTIC_GUARDIAN: u32 = 91152256;
const WINGED_DRAGON_1: u32 = 87796900;
const WINGED_DRAGON_2: u32 = 57405307;
const GUARDIAN_OF_THE_LABYRINTH: u32 = 89272878;
const THE_RELIABLE_GUARDIAN: u32 = 16430187;

/// "If this card battles a monster matching `foe`, it gains `atk` ATK during the Damage Step
/// only" (Luminous Soldier, Penumbral Soldier Lady; `attacking`: only when it attacks).
fn battle_boost(text: &str, foe: F, atk: i32, attacking: bool) -> E {
    let mut c = vec![in_damage_step(), Condition::Battling(!F::NotSelf), Condition::Battling(F::NotSelf & foe)];
    if attacking {
        c.push(Condition::This(F::Attacker));
    }
    E::continuous(text).when(Condition::All(c)).modifier(Modifier::AtkDef { scope: Scope::This, atk: Num::Const(atk), def: Num::Const(0) })
}

/// "At the end of the Damage Step, if this Defense Position card was attacked by a monster
/// whose ATK is lower than its DEF: destroy that monster" (the Needles, Des Kangaroo).
fn needles(text: &str) -> E {
    E::trigger(Trigger::end_of_damage_step(), text)
        .when(Condition::All(vec![
            Condition::defended_in_defense_position(),
            Condition::EventCard(F::OnField & F::stat(Stat::Atk, Cmp::Lt, Num::stat_of(Stat::Def, Obj::This))),
        ]))
        .op(Op::destroy(Obj::EventCard))
}

/// "If this card was attacked, after damage calculation: return the attacking monster to the
/// hand" (Kelbek, Wall of Illusion).
fn return_attacker(text: &str) -> Behavior {
    Behavior::with(vec![E::trigger(Trigger::after_damage_calculation(), text)
        .range(Range::Anywhere)
        .when(Condition::All(vec![Condition::This(!F::Attacker), Condition::EventCard(F::OnField & F::Attacker)]))
        .op(Op::ToHand(Obj::EventCard))])
}

/// "Once while face-up on the field, during damage calculation in your opponent's turn, if
/// this card is attacked: the attacker's ATK becomes 0 during damage calculation" (the
/// Guardians of the Gate: Sanga, Kazejin, Suijin).
fn gate_guardian(text: &str) -> Behavior {
    Behavior::with(vec![E::quick(text)
        .in_damage_step()
        .limit(Limit::PerCardWhileFaceUp)
        .when(Condition::All(vec![
            Condition::opponents_turn(),
            Condition::step(BattleStep::Damage(DamageStep::DuringCalculation)),
            Condition::This(!F::Attacker & F::InBattle),
        ]))
        .target(1, F::Attacker & F::OppControls)
        .op(Op::Apply { what: Obj::Targets, modifier: Modifier::set_current(Scope::This, Some(Num::Const(0)), None), until: Duration::EndOfDamageStep })])
}

/// "When this card inflicts battle damage to your opponent: `ops`".
fn on_battle_damage(text: &str, ops: Vec<Op>) -> E {
    let mut e = E::trigger(Trigger::dealt_battle_damage(false, Subject::This), text);
    for op in ops {
        e = e.op(op);
    }
    e
}

/// "When this card is destroyed by battle and sent to the GY: `ops`" (mandatory).
fn on_battle_death(text: &str) -> E {
    E::trigger(Trigger::DestroyedByBattle, text).range(Range::Gy)
}

/// "FLIP: target 1 `attr` monster your opponent controls; take control of it while this card
/// is face-up on the field" (the Charmers).
fn charmer(text: &str, attr: Attribute) -> Behavior {
    Behavior::with(vec![E::flip(text)
        .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster & F::FaceUp & F::Attribute(attr))
        .op(Op::take_control(Obj::Targets, Duration::WhileSourceOnField))])
}

/// "FLIP: target 1 `kind` on the field (a Set card may be targeted: it is revealed, and
/// destroyed only if it is a `kind`)" (Armed Ninja, Crimson Ninja).
fn ninja(text: &str, kind: F) -> Behavior {
    Behavior::with(vec![E::flip(text)
        .target_in(Place::SpellTraps(Who::Both), 1, 1, (kind.clone() & F::FaceUp) | F::FaceDown)
        .op(Op::Reveal(Obj::Filtered(Box::new(Obj::Targets), F::FaceDown)))
        .op(Op::destroy(Obj::Filtered(Box::new(Obj::Targets), kind)))])
}

/// The "Guardian" cards Arsenal Summoner may add.
fn guardian_card() -> F {
    F::NameHas("Guardian".into())
        & !F::Named(CELTIC_GUARDIAN)
        & !F::Named(WINGED_DRAGON_1)
        & !F::Named(WINGED_DRAGON_2)
        & !F::Named(GUARDIAN_OF_THE_LABYRINTH)
        & !F::Named(THE_RELIABLE_GUARDIAN)
}

fn arsenal_summoner(v: Versions, text: &str) -> Behavior {
    let mut e = E::flip(text);
    for op in mechanics::search(v, Place::Deck(Who::You), guardian_card(), vec![Op::ToHand(Obj::Chosen)]) {
        e = e.op(op);
    }
    Behavior::with(vec![e])
}

fn iron_blacksmith_kotetsu(v: Versions, text: &str) -> Behavior {
    let mut e = E::flip(text);
    for op in mechanics::search(v, Place::Deck(Who::You), F::spell_of(SpellKind::Equip), vec![Op::ToHand(Obj::Chosen)]) {
        e = e.op(op);
    }
    Behavior::with(vec![e])
}

fn insect_princess(text: &str, insects: F) -> Behavior {
    Behavior::with(vec![
        E::continuous(text).modifier(Modifier::force_attack(Scope::Monsters(F::OppControls & F::Race(Race::INSECT) & insects))),
        E::trigger(Trigger::destroys_by_battle(), "Each time it destroys an Insect monster by battle, it gains 500 ATK.")
            .when(Condition::EventCard(F::Race(Race::INSECT)))
            .op(Op::Apply {
                what: Obj::This,
                modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(500), def: Num::Const(0) },
                until: Duration::Permanent,
            }),
    ])
}

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // 8-Claws Scorpion
        14261867 => Behavior::with(vec![
            turn_face_down(),
            E::continuous("When it attacks a face-down Defense Position monster, its ATK becomes 2400 during damage calculation only.")
                .when(Condition::All(vec![Condition::step(BattleStep::Damage(DamageStep::DuringCalculation)), Condition::attacked_face_down_defense()]))
                .modifier(Modifier::set_current(Scope::This, Some(Num::Const(2400)), None)),
        ]),
        // Amazoness Fighter
        55821894 => Behavior::with(vec![E::continuous("You take no battle damage from battles involving this card.")
            .modifier(Modifier::no_battle_damage_to_controller(Scope::This))]),
        // Atomic Firefly
        87340664 => Behavior::with(vec![on_battle_death("When this face-up card is destroyed by battle and sent to the GY: the player who destroyed it takes 1000 damage.")
            .when(Condition::This(F::WasFaceUp))
            .op(Op::damage(Who::Opponent, Num::Const(1000)))]),
        // Charm of Shabti
        50412166 => Behavior::with(vec![E::quick("In either player's turn: discard this card; until the End Phase, \"Gravekeeper's\" monsters you control cannot be destroyed by battle.")
            .range(Range::Hand)
            .cost(Cost::discard_self())
            .op(Op::ApplyRule {
                modifier: Modifier::indestructible_by_battle(Scope::Monsters(F::YouControl & F::NameHas("Gravekeeper's".into()))),
                until: Duration::EndPhase,
            })]),
        // Command Knight
        10375182 => Behavior::with(vec![
            E::continuous("Every Warrior monster you control gains 400 ATK.")
                .modifier(Modifier::AtkDef { scope: Scope::Monsters(F::YouControl & F::Race(Race::WARRIOR)), atk: Num::Const(400), def: Num::Const(0) }),
            E::continuous("While you control another monster, your opponent's monsters cannot attack this card.")
                .when(Condition::Exists { place: Place::Monsters(Who::You), filter: F::NotSelf, count: 1 })
                .modifier(Modifier::not_attack_target(Scope::This)),
        ]),
        // Dark Driceratops
        65287621 => Behavior::with(vec![E::continuous("When it attacks a Defense Position monster whose DEF is lower than its ATK, the difference is dealt to your opponent as battle damage.")
            .modifier(Modifier::piercing(Scope::This))]),
        // Mad Sword Beast
        79870141 => Behavior::with(vec![E::continuous("When it attacks a Defense Position monster whose DEF is lower than its ATK, the difference is dealt to your opponent as battle damage.")
            .modifier(Modifier::piercing(Scope::This))]),
        // Dark Scorpion Burglars
        40933924 => Behavior::with(vec![on_battle_damage(
            "When this card deals battle damage to your opponent: your opponent picks 1 Spell Card in their Deck and sends it to the GY.",
            vec![
                Op::Choose { who: Who::Opponent, place: Place::Deck(Who::Opponent), filter: F::Spell, min: 1, max: 1 },
                Op::SendToGy(Obj::Chosen),
            ],
        )]),
        // Des Kangaroo
        78613627 => Behavior::with(vec![needles(
            "At the end of the Damage Step, if this Defense Position card was attacked by an opponent's monster whose ATK is lower than its DEF: destroy that monster.",
        )]),
        // Thousand Needles
        33977496 => Behavior::with(vec![needles(
            "At the end of the Damage Step, if this Defense Position card was attacked by a monster whose ATK is lower than its DEF: destroy the attacking monster.",
        )]),
        // Two Thousand Needles
        83228073 => Behavior::with(vec![needles(
            "At the end of the Damage Step, if this Defense Position card was attacked by a monster whose ATK is lower than its DEF: destroy the attacking monster.",
        )]),
        // Giant Axe Mummy
        78266168 => Behavior::with(vec![
            turn_face_down(),
            E::trigger(
                Trigger::end_of_damage_step(),
                "If it is attacked while face-down in Defense Position by a monster whose ATK is lower than its DEF: destroy the attacking monster at the end of the Damage Step.",
            )
            .when(Condition::All(vec![
                Condition::defended_in_defense_position(),
                Condition::This(F::ThisTurn(TurnFact::Flipped)),
                Condition::EventCard(F::OnField & F::stat(Stat::Atk, Cmp::Lt, Num::stat_of(Stat::Def, Obj::This))),
            ]))
            .op(Op::destroy(Obj::EventCard)),
        ]),
        // Disc Fighter
        19612721 => Behavior::with(vec![disc_fighter(
            "When it attacks a Defense Position monster with 2000 or more DEF: destroy that monster without damage calculation.",
        )]),
        // Element Saurus
        92755808 => Behavior::with(vec![
            E::continuous("While a FIRE monster is on the field, it gains 500 ATK.")
                .when(Condition::Exists { place: Place::Monsters(Who::Both), filter: F::FaceUp & F::Attribute(Attribute::Fire), count: 1 })
                .modifier(Modifier::AtkDef { scope: Scope::This, atk: Num::Const(500), def: Num::Const(0) }),
            E::continuous("While an EARTH monster is on the field, the effects of Effect Monsters it destroys by battle are negated.")
                .when(Condition::Exists { place: Place::Monsters(Who::Both), filter: F::FaceUp & F::Attribute(Attribute::Earth), count: 1 })
                .modifier(Modifier::NegateBattleVictims { scope: Scope::This, victims: F::Any }),
        ]),
        // Element Soldier
        66712593 => Behavior::with(vec![
            E::continuous("While a WATER monster is on the field, control of it cannot switch.")
                .when(Condition::Exists { place: Place::Monsters(Who::Both), filter: F::FaceUp & F::Attribute(Attribute::Water), count: 1 })
                .modifier(Modifier::control_fixed(Scope::This)),
            E::continuous("While an EARTH monster is on the field, the effects of Effect Monsters it destroys by battle are negated.")
                .when(Condition::Exists { place: Place::Monsters(Who::Both), filter: F::FaceUp & F::Attribute(Attribute::Earth), count: 1 })
                .modifier(Modifier::NegateBattleVictims { scope: Scope::This, victims: F::Any }),
        ]),
        // Familiar Knight
        89731911 => Behavior::with(vec![on_battle_death(
            "When this card is destroyed by battle and sent to the GY: each player can Special Summon 1 Level 4 monster from their hand.",
        )
        .op(Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: F::Monster & F::stat(Stat::Level, Cmp::Eq, 4) & F::can_special_summon(), min: 0, max: 1 })
        .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))
        .op(Op::Choose {
            who: Who::Opponent,
            place: Place::Hand(Who::Opponent),
            filter: F::Monster & F::stat(Stat::Level, Cmp::Eq, 4) & F::can_special_summon(),
            min: 0,
            max: 1,
        })
        .op(Op::SpecialSummon { what: Obj::Chosen, pos: SummonPos::FaceUp, side: Side::Owner })]),
        // Fox Fire
        88753985 => Behavior::with(vec![
            E::trigger(
                Trigger::Phase { phase: Phase::End, whose: Who::Both },
                "Once per turn, in the End Phase of a turn it was destroyed by battle and sent to the GY: Special Summon it from the GY.",
            )
            .range(Range::Gy)
            .limit(Limit::PerCardPerTurn)
            .when(Condition::This(F::ThisTurn(TurnFact::Arrived) & F::SentBy(Sent::Battle) & F::can_special_summon()))
            .op(Op::special_summon(Obj::This, SummonPos::FaceUp)),
            E::continuous("While face-up, it cannot be Tributed for a Tribute Summon.").modifier(Modifier::no_tribute_summon_material(Scope::This)),
        ]),
        // Gaia Soul the Combustible Collective
        51355346 => Behavior::with(vec![
            E::ignition("Once per turn: you can Tribute 1 or 2 Pyro monsters; it gains 1000 ATK for each until the end of the turn.")
                .limit(Limit::PerCardPerTurn)
                .cost(Cost::Cards { how: CostMove::Tribute, from: CostFrom::Monsters, filter: F::Race(Race::PYRO) & F::NotSelf, count: CostCount::Range(1, 2) })
                .op(Op::Apply {
                    what: Obj::This,
                    modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Times(Box::new(Num::Cost(CostStat::Cards)), 1000), def: Num::Const(0) },
                    until: Duration::EndOfTurn,
                }),
            E::continuous("When it attacks a Defense Position monster whose DEF is lower than its ATK, the difference is dealt to your opponent as battle damage.")
                .modifier(Modifier::piercing(Scope::This)),
            E::trigger(Trigger::Phase { phase: Phase::End, whose: Who::Both }, "In the End Phase: destroy this card.").op(Op::destroy(Obj::This)),
        ]),
        // Getsu Fuhma
        21887179 => Behavior::with(vec![E::trigger(
            Trigger::end_of_damage_step(),
            "At the end of the Damage Step, if this card battled a Fiend or Zombie monster: destroy that monster.",
        )
        .when(Condition::EventCard(F::OnField & F::FaceUp & (F::Race(Race::FIEND) | F::Race(Race::ZOMBIE))))
        .op(Op::destroy(Obj::EventCard))]),
        // Ghost Knight of Jackal
        13386503 => Behavior::with(vec![E::optional_when(
            Trigger::destroys_by_battle_to_gy(),
            "When this card destroys an opponent's monster by battle and sends it to the GY: you can Special Summon that monster from their GY to your field in Defense Position.",
        )
        .when(Condition::All(vec![
            Condition::EventCard(F::InPlace(Place::Gy(Who::Opponent)) & F::can_special_summon()),
            Condition::FreeMonsterZones(1),
        ]))
        .op(Op::special_summon(Obj::EventCard, SummonPos::Defense))]),
        // Guardian Angel Joan
        68007326 => Behavior::with(vec![E::trigger(
            Trigger::destroys_by_battle_to_gy(),
            "When this card destroys a monster by battle and sends it to the GY: gain LP equal to that monster's original ATK.",
        )
        .op(Op::Lp(LpStep::Gain { who: Who::You, amount: Num::stat_of(Stat::OriginalAtk, Obj::EventCard) }))]),
        // Hieracosphinx
        82260502 => Behavior::with(vec![E::continuous("Your opponent cannot attack face-down Defense Position monsters you control.")
            .modifier(Modifier::not_attack_target(Scope::AllMonsters(F::YouControl & F::FaceDown & F::DefensePos)))]),
        // Hyper Hammerhead
        2671330 => Behavior::with(vec![E::trigger(
            Trigger::end_of_damage_step(),
            "At the end of the Damage Step, if an opponent's monster that battled this card was not destroyed: return it to the hand.",
        )
        .when(Condition::EventCard(F::OnField & F::OppControls))
        .op(Op::ToHand(Obj::EventCard))]),
        // Insect Princess
        37957847 => insect_princess("Every face-up Insect monster your opponent controls is changed to Attack Position.", F::FaceUp),
        // Insect Soldiers of the Sky
        7019529 => Behavior::with(vec![battle_boost("When it attacks a WIND monster, it gains 1000 ATK during the Damage Step.", F::Attribute(Attribute::Wind), 1000, true)]),
        // Luminous Soldier
        57482479 => Behavior::with(vec![battle_boost(
            "When it battles a DARK monster, it gains 500 ATK during the Damage Step only.",
            F::Attribute(Attribute::Dark),
            500,
            false,
        )]),
        // Penumbral Soldier Lady
        64751286 => Behavior::with(vec![battle_boost(
            "When it battles a LIGHT monster, it gains 1000 ATK during the Damage Step only.",
            F::Attribute(Attribute::Light),
            1000,
            false,
        )]),
        // Kangaroo Champ
        95789089 => Behavior::with(vec![E::trigger(Trigger::after_damage_calculation(), "After damage calculation, the monster that battled this card is changed to Defense Position.")
            .range(Range::Anywhere)
            .when(Condition::EventCard(F::OnField & F::FaceUp & F::AttackPos))
            .op(Op::ChangePosition { what: Obj::EventCard, to: PosChange::FaceUpDefense })]),
        // Sanga of the Thunder
        25955164 => gate_guardian(
            "Once while face-up on the field, during damage calculation in your opponent's turn, if this card is attacked: you can target the attacking monster; its ATK becomes 0 during damage calculation.",
        ),
        // Kazejin
        62340868 => gate_guardian(
            "Once while face-up on the field, during damage calculation in your opponent's turn, if this card is attacked: you can target the attacking monster; its ATK becomes 0 during damage calculation.",
        ),
        // Suijin
        98434877 => gate_guardian(
            "Once while face-up on the field, during damage calculation in your opponent's turn, if this card is attacked: you can target the attacking monster; its ATK becomes 0 during damage calculation.",
        ),
        // Kelbek
        54878498 => return_attacker("If this card is attacked, after damage calculation: return the attacking monster to its owner's hand."),
        // Wall of Illusion
        13945283 => return_attacker("If this card is attacked, after damage calculation: return the attacking monster to its owner's hand."),
        // Keldo
        80441106 => Behavior::with(vec![on_battle_death(
            "When this card is destroyed by battle and sent to the GY: target 2 cards in your opponent's GY; shuffle them into the Deck.",
        )
        .target_in(Place::Gy(Who::Opponent), 2, 2, F::Any)
        .op(Op::ToDeck { what: Obj::Targets, top: false })]),
        // King of the Skull Servants
        36021814 => Behavior::with(vec![
            E::continuous("Its original ATK is 1000 for each \"King of the Skull Servants\" and \"Skull Servant\" in your GY.").modifier(Modifier::set_original(
                Some(Num::Times(
                    Box::new(Num::count_of(Obj::All(Place::Gy(Who::You), F::Named(KING_OF_THE_SKULL_SERVANTS) | F::Named(SKULL_SERVANT)))),
                    1000,
                )),
                None,
            )),
            E::optional_when(
                Trigger::DestroyedByBattle,
                "When this card is destroyed by battle and sent to the GY: you can banish 1 other \"King of the Skull Servants\" or 1 \"Skull Servant\" from your GY; Special Summon this card.",
            )
            .range(Range::Gy)
            .when(Condition::This(F::can_special_summon()))
            .cost(Cost::banish_from_gy(1, (F::Named(KING_OF_THE_SKULL_SERVANTS) | F::Named(SKULL_SERVANT)) & F::NotSelf))
            .op(Op::special_summon(Obj::This, SummonPos::FaceUp)),
        ]),
        // Lesser Fiend
        16475472 => Behavior::with(vec![E::continuous("Every monster this card destroys by battle is banished.").modifier(Modifier::banish_battle_victims(Scope::This))]),
        // Lord Poison
        40320754 => Behavior::with(vec![on_battle_death(
            "When this card is destroyed by battle and sent to the GY: target 1 Plant monster in your GY, except \"Lord Poison\"; Special Summon it.",
        )
        .target_in(Place::Gy(Who::You), 1, 1, F::Monster & F::Race(Race::PLANT) & !F::Named(LORD_POISON) & F::can_special_summon())
        .op(Op::special_summon(Obj::Targets, SummonPos::FaceUp))]),
        // Masked Sorcerer
        10189126 => Behavior::with(vec![on_battle_damage("When this card deals battle damage to your opponent: draw 1 card.", vec![Op::Draw {
            who: Who::You,
            count: Num::Const(1),
        }])]),
        // The Bistro Butcher
        71107816 => Behavior::with(vec![on_battle_damage("When this card deals battle damage to your opponent: your opponent draws 2 cards.", vec![Op::Draw {
            who: Who::Opponent,
            count: Num::Const(2),
        }])]),
        // Sasuke Samurai #3
        77379481 => Behavior::with(vec![on_battle_damage(
            "When this card deals battle damage to your opponent: your opponent draws until they hold 7 cards.",
            vec![Op::Draw { who: Who::Opponent, count: Num::max(Num::Const(0), Num::minus(Num::Const(7), Num::count_of(Obj::All(Place::Hand(Who::Opponent), F::Any)))) }],
        )]),
        // White Magical Hat
        15150365 => Behavior::with(vec![on_battle_damage(
            "When this card deals battle damage to your opponent: your opponent discards 1 random card.",
            vec![Op::ChooseRandom { place: Place::Hand(Who::Opponent), filter: F::Any, count: Num::Const(1) }, Op::Discard(Obj::Chosen)],
        )]),
        // Mefist the Infernal General
        46820049 => Behavior::with(vec![
            E::continuous("When it attacks a Defense Position monster whose DEF is lower than its ATK, the difference is dealt to your opponent as battle damage.")
                .modifier(Modifier::piercing(Scope::This)),
            on_battle_damage(
                "When this card deals battle damage to your opponent: your opponent discards 1 random card.",
                vec![Op::ChooseRandom { place: Place::Hand(Who::Opponent), filter: F::Any, count: Num::Const(1) }, Op::Discard(Obj::Chosen)],
            ),
        ]),
        // Mecha-Dog Marron
        94667532 => Behavior::with(vec![
            on_battle_death("When this card is destroyed by battle and sent to the GY: each player takes 1000 damage.").op(Op::damage(Who::Both, Num::Const(1000))),
            E::trigger(
                Trigger::Destroyed { cause: Cause::Effect },
                "When this card on the field is destroyed other than by battle and sent to the GY: your opponent takes 1000 damage.",
            )
            .range(Range::Gy)
            .when(Condition::This(F::CameFrom(Origin::MonsterZone)))
            .op(Op::damage(Who::Opponent, Num::Const(1000))),
        ]),
        // Mine Golem
        76321376 => Behavior::with(vec![on_battle_death("When this card is destroyed by battle and sent to the GY: your opponent takes 500 damage.").op(Op::damage(Who::Opponent, Num::Const(500)))]),
        // Newdoria
        4335645 => Behavior::with(vec![on_battle_death("When this card is destroyed by battle and sent to the GY: target 1 monster on the field; destroy it.")
            .target_in(Place::Monsters(Who::Both), 1, 1, F::Monster)
            .op(Op::destroy(Obj::Targets))]),
        // Yomi Ship
        51534754 => Behavior::with(vec![on_battle_death("When this card is destroyed by battle and sent to the GY: destroy the monster that destroyed it.")
            .when(Condition::EventCard(F::OnField))
            .op(Op::destroy(Obj::EventCard))]),
        // Obnoxious Celtic Guard
        52077741 => Behavior::with(vec![E::continuous("It cannot be destroyed by battle with a monster that has 1900 or more ATK.")
            .when(Condition::Battling(F::NotSelf & F::atk_at_least(1900)))
            .modifier(Modifier::indestructible_by_battle(Scope::This))]),
        // Prickle Fairy
        91559748 => Behavior::with(vec![
            E::continuous("Your opponent cannot attack Insect monsters you control.").modifier(Modifier::not_attack_target(Scope::Monsters(F::YouControl & F::Race(Race::INSECT)))),
            E::trigger(Trigger::end_of_damage_step(), "At the end of the Damage Step, if this card battled a monster: change that monster to Defense Position.")
                .when(Condition::EventCard(F::OnField & F::FaceUp & F::AttackPos))
                .op(Op::ChangePosition { what: Obj::EventCard, to: PosChange::FaceUpDefense }),
        ]),
        // Royal Keeper
        16509093 => Behavior::with(vec![
            turn_face_down(),
            E::flip("When this card is flipped face-up: it gains 300 ATK and DEF until the end of the turn.").op(Op::Apply {
                what: Obj::This,
                modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(300), def: Num::Const(300) },
                until: Duration::EndOfTurn,
            }),
        ]),
        // 4-Starred Ladybug of Doom
        83994646 => Behavior::with(vec![E::flip("FLIP: Destroy every face-up Level 4 monster your opponent controls.")
            .op(Op::destroy(Obj::All(Place::Monsters(Who::Opponent), F::FaceUp & F::stat(Stat::Level, Cmp::Eq, 4))))]),
        // Armed Ninja
        9076207 => ninja(
            "FLIP: Target 1 Spell Card on the field (a Set card may be targeted); destroy it. A Set target is revealed, and destroyed only if it is a Spell Card.",
            F::Spell,
        ),
        // Crimson Ninja
        14618326 => ninja(
            "FLIP: Target 1 Trap Card on the field (a Set card may be targeted); destroy it. A Set target is revealed, and destroyed only if it is a Trap Card.",
            F::Trap,
        ),
        // Arsenal Summoner
        85489096 => arsenal_summoner(
            Versions::Current,
            "FLIP: Add 1 \"Guardian\" card from your Deck to your hand, except \"Celtic Guardian\", \"Winged Dragon, Guardian of the Fortress #1\" and #2, \"Guardian of the Labyrinth\" or \"The Reliable Guardian\".",
        ),
        // Aussa the Earth Charmer
        37970940 => charmer("FLIP: Target 1 face-up EARTH monster your opponent controls; take control of it while this card is face-up on the field.", Attribute::Earth),
        // Eria the Water Charmer
        74364659 => charmer("FLIP: Target 1 face-up WATER monster your opponent controls; take control of it while this card is face-up on the field.", Attribute::Water),
        // Hiita the Fire Charmer
        759393 => charmer("FLIP: Target 1 face-up FIRE monster your opponent controls; take control of it while this card is face-up on the field.", Attribute::Fire),
        // Bite Shoes
        50122883 => Behavior::with(vec![E::flip("FLIP: Target 1 face-up monster on the field; change its battle position.")
            .target_in(Place::Monsters(Who::Both), 1, 1, F::Monster & F::FaceUp)
            .op(Op::ChangePosition { what: Obj::Targets, to: PosChange::Toggle })]),
        // Bombardment Beetle
        57409948 => Behavior::with(vec![E::flip(
            "FLIP: Target 1 face-down Defense Position monster your opponent controls; reveal it: an Effect Monster is destroyed (its FLIP effect is not activated), any other is left as it was.",
        )
        .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster & F::FaceDown & F::DefensePos)
        .op(Op::Reveal(Obj::Targets))
        .op(Op::destroy(Obj::Filtered(Box::new(Obj::Targets), F::effect_monster())))]),
        // Bubonic Vermin
        6104968 => Behavior::with(vec![E::flip("FLIP: You can Special Summon 1 \"Bubonic Vermin\" from your Deck in face-down Defense Position.")
            .when(Condition::FreeMonsterZones(1))
            .op(Op::MayDo(vec![mechanics::summon_from_deck(F::Named(BUBONIC_VERMIN), SummonPos::FaceDownDefense)]))]),
        // Dark Cat with White Tail
        8634636 => Behavior::with(vec![E::flip(
            "FLIP: Return 2 monsters your opponent controls and 1 monster you control to their owners' hands (only if there are that many).",
        )
        .op(Op::only_if(
            Condition::All(vec![
                Condition::Exists { place: Place::Monsters(Who::Opponent), filter: F::Monster, count: 2 },
                Condition::Exists { place: Place::Monsters(Who::You), filter: F::Monster, count: 1 },
            ]),
            vec![
                Op::Choose { who: Who::You, place: Place::Monsters(Who::Opponent), filter: F::Monster, min: 2, max: 2 },
                Op::Remember { what: Obj::Chosen, slot: Mem(0) },
                Op::Choose { who: Who::You, place: Place::Monsters(Who::You), filter: F::Monster, min: 1, max: 1 },
                Op::ToHand(Obj::Union(vec![Obj::Memory(Mem(0)), Obj::Chosen])),
            ],
        ))]),
        // Des Feral Imp
        81985784 => Behavior::with(vec![E::flip("FLIP: Target 1 card in your GY; shuffle it into your Deck.")
            .target_in(Place::Gy(Who::You), 1, 1, F::Any)
            .op(Op::ToDeck { what: Obj::Targets, top: false })]),
        // Desertapir
        13409151 => Behavior::with(vec![E::flip("FLIP: Target 1 face-up monster on the field, except \"Desertapir\"; turn it face-down in Defense Position.")
            .target_in(Place::Monsters(Who::Both), 1, 1, F::Monster & F::FaceUp & !F::Named(DESERTAPIR))
            .op(Op::ChangePosition { what: Obj::Targets, to: PosChange::FaceDownDefense })]),
        // Dummy Golem
        13532663 => Behavior::with(vec![E::flip("FLIP: Your opponent picks 1 monster they control; switch control of it and this card.")
            .op(Op::Choose { who: Who::Opponent, place: Place::Monsters(Who::Opponent), filter: F::Monster, min: 1, max: 1 })
            .op(Op::swap_control(Obj::This, Obj::Chosen))]),
        // Fire Sorcerer
        27132350 => Behavior::with(vec![E::flip("FLIP: Banish 2 random cards from your hand; if you do, your opponent takes 800 damage.").op(Op::only_if(
            Condition::Exists { place: Place::Hand(Who::You), filter: F::Any, count: 2 },
            vec![
                Op::ChooseRandom { place: Place::Hand(Who::You), filter: F::Any, count: Num::Const(2) },
                Op::Banish { what: Obj::Chosen, face_down: false },
                Op::if_did(vec![Op::damage(Who::Opponent, Num::Const(800))]),
            ],
        ))]),
        // Gale Lizard
        77491079 => Behavior::with(vec![E::flip("FLIP: Target 1 monster your opponent controls; return it to the hand.")
            .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster)
            .op(Op::ToHand(Obj::Targets))]),
        // Greenkappa
        61831093 => Behavior::with(vec![E::flip("FLIP: Target 2 Set Spell/Trap Cards on the field; destroy them.")
            .target_in(Place::SpellTraps(Who::Both), 2, 2, F::FaceDown)
            .op(Op::destroy(Obj::Targets))]),
        // Hade-Hane
        28357177 => Behavior::with(vec![E::flip("FLIP: You can target up to 3 monsters on the field; return them to their owners' hands.")
            .target_in(Place::Monsters(Who::Both), 0, 3, F::Monster)
            .op(Op::ToHand(Obj::Targets))]),
        // Hane-Hane
        7089711 => Behavior::with(vec![E::flip("FLIP: Target 1 monster on the field; return it to its owner's hand.")
            .target_in(Place::Monsters(Who::Both), 1, 1, F::Monster)
            .op(Op::ToHand(Obj::Targets))]),
        // Invader of the Throne
        3056267 => Behavior::with(vec![E::flip("FLIP: Target 1 monster your opponent controls; switch control of it and this card. Not during the Battle Phase.")
            .when(Condition::Not(Box::new(Condition::in_battle_phase())))
            .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster)
            .op(Op::swap_control(Obj::This, Obj::Targets))]),
        // Iron Blacksmith Kotetsu
        73431236 => iron_blacksmith_kotetsu(Versions::Current, "FLIP: Add 1 Equip Spell from your Deck to your hand."),
        // Jowls of Dark Demise
        5257687 => Behavior::with(vec![E::flip("FLIP: Target 1 monster your opponent controls; take control of it until the End Phase. This turn it can attack directly.")
            .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster)
            .op(Op::take_control(Obj::Targets, Duration::EndPhase))
            .op(Op::Apply { what: Obj::Affected, modifier: Modifier::direct_attack(Scope::This), until: Duration::EndOfTurn })]),
        // Nobleman-Eater Bug
        65878864 => Behavior::with(vec![E::flip("FLIP: Target 2 monsters on the field; destroy them.")
            .target_in(Place::Monsters(Who::Both), 2, 2, F::Monster)
            .op(Op::destroy(Obj::Targets))]),
        // Poison Mummy
        43716289 => Behavior::with(vec![E::flip("FLIP: Your opponent takes 500 damage.").op(Op::damage(Who::Opponent, Num::Const(500)))]),
        // Princess of Tsurugi
        51371017 => Behavior::with(vec![E::flip("FLIP: Your opponent takes 500 damage for each Spell and Trap Card they control.")
            .op(Op::damage(Who::Opponent, Num::per(500, Obj::All(Place::SpellTraps(Who::Opponent), F::SpellTrap | F::FaceDown))))]),
        // Rafflesia Seduction
        31440542 => Behavior::with(vec![E::flip("FLIP: Target 1 face-up monster your opponent controls; take control of it until the End Phase.")
            .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster & F::FaceUp)
            .op(Op::take_control(Obj::Targets, Duration::EndPhase))]),
        // Hiro's Shadow Scout
        81863068 => Behavior::with(vec![E::flip("FLIP: Your opponent draws 3 cards and shows them; every Spell Card among them is discarded.")
            .op(Op::Draw { who: Who::Opponent, count: Num::Const(3) })
            .op(Op::Reveal(Obj::Affected))
            .op(Op::Discard(Obj::Filtered(Box::new(Obj::Affected), F::Spell)))]),
        // Revival Jam
        31709826 => Behavior::with(vec![
            E::optional_when(
                Trigger::DestroyedByBattle,
                "When this card is destroyed by battle and sent to the GY: you can pay 1000 LP; it is Special Summoned in Defense Position in your next Standby Phase.",
            )
            .range(Range::Gy)
            .cost(Cost::pay_lp(Num::Const(1000))),
            E::trigger(Trigger::Phase { phase: Phase::Standby, whose: Who::You }, "")
                .range(Range::Gy)
                .when(Condition::All(vec![
                    Condition::TurnsSince { anchor: Anchor::Activation, whose: Who::You, n: 1 },
                    Condition::This(F::can_special_summon()),
                ]))
                .op(Op::special_summon(Obj::This, SummonPos::Defense)),
        ]),
        // Jigen Bakudan
        90020065 => Behavior::with(vec![E::optional_if(
            Trigger::Phase { phase: Phase::Standby, whose: Who::You },
            "In your Standby Phase, while face-up: you can Tribute this card to destroy every monster you control; your opponent takes damage equal to half the total ATK of the destroyed monsters.",
        )
        .when(Condition::This(F::FaceUp & F::OnField))
        .cost(Cost::tribute_self())
        .op(Op::Remember { what: Obj::All(Place::Monsters(Who::You), F::Any), slot: Mem(0) })
        .op(Op::destroy(Obj::Memory(Mem(0))))
        .op(Op::damage(Who::Opponent, Num::half(Num::sum_of(Stat::Atk, Obj::Affected))))]),
        _ => return None,
    })
}

/// "When this card attacks a Defense Position monster with 2000 or more DEF: destroy it
/// without damage calculation" (at the start of the Damage Step, after a face-down target is
/// flipped face-up: its DEF is then known).
fn disc_fighter(text: &str) -> E {
    E::trigger(Trigger::start_of_damage_step(), text)
        .when(Condition::All(vec![Condition::This(F::Attacker), Condition::EventCard(F::OnField & F::DefensePos & F::stat(Stat::Def, Cmp::Ge, 2000))]))
        .op(Op::destroy(Obj::EventCard))
}

/// The 2005 behaviour of a card of this group whose text changed later.
pub fn behavior_2005(id: u32) -> Option<Behavior> {
    Some(match id {
        // Insect Princess (GOAT): only face-up Insects are changed to Attack Position.
        37957847 => insect_princess("While this card is face-up, every face-up Insect monster your opponent controls is changed to Attack Position.", F::FaceUp),
        // Arsenal Summoner (GOAT): found or shown.
        85489096 => arsenal_summoner(
            Versions::Goat2005,
            "FLIP: Add 1 card with \"Guardian\" in its name from your Deck to your hand, except \"Celtic Guardian\", \"Winged Dragon, Guardian of the Fortress #1\" and #2, \"Guardian of the Labyrinth\" or \"The Reliable Guardian\" (with none there, show your Deck).",
        ),
        // Iron Blacksmith Kotetsu (GOAT): found or shown.
        73431236 => iron_blacksmith_kotetsu(Versions::Goat2005, "FLIP: Pick 1 Equip Spell Card in your Deck and add it to your hand (with none there, show your Deck)."),
        // Kazejin (GOAT): its 2005 text, the same once-while-face-up use.
        62340868 => gate_guardian(
            "Only during damage calculation in your opponent's turn, if this card is attacked: the attacking monster's ATK becomes 0 during damage calculation. Once while this card is face-up on the field.",
        ),
        // Suijin (GOAT)
        98434877 => gate_guardian(
            "Only during damage calculation in your opponent's turn, if this card is attacked: the attacking monster's ATK becomes 0 during damage calculation. Once while this card is face-up on the field.",
        ),
        _ => return None,
    })
}
