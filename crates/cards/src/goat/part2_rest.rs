//! Goat pool part 2 (part2_rest): the cards of `../shared/spec/pools/goat-2.txt` the first
//! slices left for mechanics the vocabulary lacked (a trigger on an Equip Card, a random
//! discard cost, a lock on Sets, a ban that lasts the duel, destruction in the Deck), each a
//! declaration in the effect vocabulary with its rules text in the project's own words.
//! Rulings: `docs/rulings/goat-2-rest.md`.

use ygo_core::card::{type_bits, Race, SpellKind, TrapKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::{BattleStep, DamageStep, Phase};

const GEARFRIED_THE_IRON_KNIGHT: u32 = 423705;
const GEARFRIED_THE_SWORDMASTER: u32 = 57046845;
const RELEASE_RESTRAINT: u32 = 75417459;
const BARK_OF_DARK_RULER: u32 = 41925941;
const JINZO: u32 = 77585513;
const ROYAL_DECREE: u32 = 51452091;

/// The cards whose effects negate Trap effects while they stay face-up ("Double Snare").
fn negates_traps() -> F {
    F::Named(JINZO) | F::Named(ROYAL_DECREE)
}

/// "An Equip Card (`what`) equipped to this card is destroyed" ("Gearfried the Iron Knight").
fn destroys_its_equips(text: &str, what: F) -> Behavior {
    Behavior::with(vec![E::trigger(Trigger::Equipped(what), text).op(Op::destroy(Obj::EventCard))])
}

/// The monsters equipped with an Equip Card ("Eternal Rest").
fn equipped_monsters() -> Obj {
    Obj::All(Place::Monsters(Who::Both), F::Monster & F::equipped_with(Obj::All(Place::SpellTraps(Who::Both), F::Any)))
}

/// "Destroy every monster equipped with an Equip Card."
fn destroy_equipped(e: E) -> Behavior {
    let equipped = || F::Monster & F::equipped_with(Obj::All(Place::SpellTraps(Who::Both), F::Any));
    Behavior::with(vec![e.when(Condition::Exists { place: Place::Monsters(Who::Both), filter: equipped(), count: 1 }).op(Op::destroy(equipped_monsters()))])
}

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Jowgen the Spiritualist
        41855169 => Behavior::with(vec![
            E::ignition("Discard 1 random card from your hand: destroy every Special Summoned monster on the field.")
                .cost(Cost::discard_random(1))
                .when(Condition::Exists { place: Place::Monsters(Who::Both), filter: F::Monster & F::Summoned(ygo_core::types::SummonKind::Special), count: 1 })
                .op(Op::destroy(Obj::All(Place::Monsters(Who::Both), F::Monster & F::Summoned(ygo_core::types::SummonKind::Special)))),
            E::continuous("While it is face-up on the field, neither player can Special Summon monsters.").modifier(Modifier::cannot_special_summon(Who::Both)),
        ]),
        // Super Rejuvenation (the 2005 entry plays the same)
        27770341 => {
            let draw = || Op::Draw {
                who: Who::You,
                count: Num::count_of(Obj::All(
                    Place::Gy(Who::You),
                    F::monster_card() & F::Race(Race::DRAGON) & F::ThisTurn(TurnFact::Arrived) & (F::SentBy(Sent::Discard) | F::SentBy(Sent::Tribute)),
                )),
            };
            Behavior::with(vec![E::spell(
                SpellKind::QuickPlay,
                "In the End Phase of this turn, draw 1 card for each Dragon monster you discarded from your hand or Tributed this turn.",
            )
            .op(Op::If { test: Test::Holds(Condition::in_phase(Phase::End)), then: vec![draw()], otherwise: vec![Op::Later { at: Moment::EndPhase, ops: vec![draw()] }] })])
        }
        // Spirit Ryu (the 2005 entry plays the same)
        67957315 => Behavior::with(vec![E::quick(
            "Only in your Battle Step, while it is in a battle: discard 1 Dragon monster; it gains 1000 ATK and DEF until the end of the turn.",
        )
        .when(Condition::All(vec![Condition::your_turn(), Condition::step(BattleStep::Battle), Condition::Battling(!F::NotSelf)]))
        .cost(Cost::discard(1, F::monster_card() & F::Race(Race::DRAGON)))
        .op(Op::Apply { what: Obj::This, modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(1000), def: Num::Const(1000) }, until: Duration::EndOfTurn })]),
        // Cursed Seal of the Forbidden Spell
        58851034 => Behavior::with(vec![E::trap(
            TrapKind::Counter,
            "When a Spell is activated: discard 1 Spell; negate the activation and destroy it; then your opponent cannot activate cards with its name for the rest of the Duel.",
        )
        .when(Condition::chain_top_activates(F::Spell))
        .cost(Cost::discard(1, F::Spell))
        .op(Op::negate_activation(true))
        .then_if_did(vec![Op::ForbidNames { who: Who::Opponent, names: Obj::Affected, until: Duration::Permanent }])]),
        // Xing Zhen Hu
        76515293 => Behavior::with(vec![E::trap(
            TrapKind::Continuous,
            "Target 2 Set Spells/Traps on the field: while this card stays face-up on the field, they cannot be activated.",
        )
        .target(2, F::SpellTrap & F::FaceDown)
        .op(Op::Remember { what: Obj::Targets, slot: Mem(0) })
        .op(Op::ApplyRule { modifier: Modifier::cannot_activate(Who::Both, F::one_of(Obj::Memory(Mem(0)))), until: Duration::WhileSourceOnField })]),
        // Gearfried the Iron Knight (today's text: any Equip Card)
        GEARFRIED_THE_IRON_KNIGHT => destroys_its_equips("Each time an Equip Card is equipped to this card: destroy that Equip Card.", F::Any),
        // Gearfried the Swordmaster
        GEARFRIED_THE_SWORDMASTER => Behavior {
            no_normal_summon: true,
            special_summon_only_by: Some(F::Named(RELEASE_RESTRAINT)),
            ..Behavior::with(vec![
                E::continuous("Cannot be Normal Summoned or Set; only the effect of \"Release Restraint\" can Special Summon it."),
                E::trigger(Trigger::Equipped(F::Any), "Each time an Equip Card is equipped to this card: target 1 monster your opponent controls; destroy it.")
                    .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster)
                    .op(Op::destroy(Obj::Targets)),
            ])
        },
        // Release Restraint (the 2005 entry plays the same)
        RELEASE_RESTRAINT => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Tribute 1 \"Gearfried the Iron Knight\": Special Summon 1 \"Gearfried the Swordmaster\" from your hand or Deck.",
        )
        .cost(Cost::tribute(1, F::Named(GEARFRIED_THE_IRON_KNIGHT)))
        .op(Op::Choose { who: Who::You, place: Place::HandOrDeck(Who::You), filter: F::Named(GEARFRIED_THE_SWORDMASTER) & F::can_special_summon(), min: 1, max: 1 })
        .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))]),
        // Cold Wave
        60682203 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Only at the start of your Main Phase 1: until your next turn, neither player can activate or Set Spells or Traps.",
        )
        .when(Condition::All(vec![
            Condition::in_phase(Phase::Main1),
            Condition::NotYetThisTurn(PlayerDid::Activated),
            Condition::NotYetThisTurn(PlayerDid::Summoned),
        ]))
        .op(Op::ApplyRule { modifier: Modifier::cannot_activate(Who::Both, F::SpellTrap), until: Duration::EndOfOpponentsTurn })
        .op(Op::ApplyRule { modifier: Modifier::cannot_set(Who::Both, F::SpellTrap), until: Duration::EndOfOpponentsTurn })]),
        // Reflect Bounder
        2851070 => Behavior::with(vec![
            E::trigger(
                Trigger::Battle(BattleMoment::StartOfDamageStep),
                "When an opponent's monster attacks this face-up Attack Position card: before damage calculation, your opponent takes damage equal to the attacker's ATK.",
            )
            .when(Condition::All(vec![Condition::This(F::FaceUp & F::AttackPos & !F::Attacker), Condition::Battling(F::Attacker & F::OppControls)]))
            .op(Op::damage(Who::Opponent, Num::stat_of(Stat::Atk, Obj::All(Place::Monsters(Who::Opponent), F::Attacker)))),
            E::trigger(Trigger::Battle(BattleMoment::AfterDamageCalculation), "If it inflicted that damage: after damage calculation, destroy this card.")
                .when(Condition::All(vec![
                    Condition::ResolvedThisTurn(0),
                    Condition::This(!F::Attacker & !F::destroyed_by(Obj::All(Place::Monsters(Who::Opponent), F::Attacker))),
                ]))
                .op(Op::destroy(Obj::This)),
        ]),
        // Eternal Rest
        95051344 => destroy_equipped(E::spell(SpellKind::Normal, "Destroy every monster equipped with an Equip Card.")),
        // Really Eternal Rest
        28121403 => destroy_equipped(E::trap(TrapKind::Normal, "Destroy every monster equipped with an Equip Card.")),
        // Seal of the Ancients
        97809599 => Behavior::with(vec![E::spell(SpellKind::Normal, "Pay 1000 LP: look at every face-down card your opponent controls (they stay where they are, and nothing is activated).")
            .cost(Cost::pay_lp(Num::Const(1000)))
            .op(Op::Reveal(Obj::All(Place::Field(Who::Opponent), F::FaceDown)))]),
        // The Inexperienced Spy
        81820689 => Behavior::with(vec![E::spell(SpellKind::Normal, "Pick 1 card from your opponent's hand without seeing it, and look at it.")
            .when(Condition::Exists { place: Place::Hand(Who::Opponent), filter: F::Any, count: 1 })
            .op(Op::ChooseRandom { place: Place::Hand(Who::Opponent), filter: F::Any, count: Num::Const(1) })
            .op(Op::Reveal(Obj::Chosen))]),
        // Riryoku
        34016756 => {
            // The second target gains what the first loses: nothing once the first is gone.
            let half = || Num::half(Num::stat_of(Stat::Atk, Obj::Target(0)));
            Behavior::with(vec![E::spell(
                SpellKind::Normal,
                "Target 2 face-up monsters on the field: until the end of the turn the first loses half its ATK, and the second gains the ATK it lost.",
            )
            .target(1, F::Monster & F::FaceUp)
            .also_target_in(Place::Field(Who::Both), 1, 1, F::Monster & F::FaceUp)
            .op(Op::Apply { what: Obj::Target(1), modifier: Modifier::AtkDef { scope: Scope::This, atk: half(), def: Num::Const(0) }, until: Duration::EndOfTurn })
            .op(Op::Apply {
                what: Obj::Target(0),
                modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Times(Box::new(half()), -1), def: Num::Const(0) },
                until: Duration::EndOfTurn,
            })])
        }
        // Timidity
        40350910 => Behavior::with(vec![E::trap(TrapKind::Normal, "Until the end of your opponent's next turn, Set Spells and Traps on the field cannot be destroyed.")
            .op(Op::ApplyRule { modifier: Modifier::indestructible_by_effect(Scope::FieldCards(F::SpellTrap & F::FaceDown)), until: Duration::EndOfOpponentsTurn })]),
        // The Law of the Normal
        66926224 => {
            let small_normal = || F::Monster & F::FaceUp & F::card_type(type_bits::NORMAL) & F::level_at_most(2);
            Behavior::with(vec![E::spell(
                SpellKind::Normal,
                "Only while you control 5 face-up Level 2 or lower Normal Monsters: both players discard their hands, then destroy every card on the field except Level 2 or lower Normal Monsters.",
            )
            .when(Condition::Exists { place: Place::Monsters(Who::You), filter: small_normal(), count: 5 })
            .op(Op::Discard(Obj::All(Place::Hand(Who::Both), F::Any)))
            .op(Op::destroy(Obj::All(Place::Field(Who::Both), !small_normal())))])
        }
        // Return of the Doomed
        19827717 => {
            let doomed = || F::monster_card() & F::ThisTurn(TurnFact::Arrived) & F::SentBy(Sent::Battle);
            Behavior::with(vec![E::spell(
                SpellKind::Normal,
                "Discard 1 monster: at the end of this turn, add 1 of your monsters destroyed by battle this turn from your GY to your hand.",
            )
            .when(Condition::Exists { place: Place::Gy(Who::You), filter: doomed(), count: 1 })
            .cost(Cost::discard(1, F::monster_card()))
            .op(Op::Later {
                at: Moment::EndOfTurn(1),
                ops: vec![Op::Choose { who: Who::You, place: Place::Gy(Who::You), filter: doomed(), min: 1, max: 1 }, Op::ToHand(Obj::Chosen)],
            })])
        }
        // Metal Detector
        75646520 => {
            let continuous = || F::trap_of(TrapKind::Continuous);
            Behavior::with(vec![E::trap(TrapKind::Normal, "When a Continuous Trap is activated: the effects of every Continuous Trap are negated for the rest of this turn.")
                .when(Condition::chain_top_activates(continuous()))
                .op(Op::ApplyRule { modifier: Modifier::negate_cards_on_field(continuous()), until: Duration::EndOfTurn })])
        }
        // Double Snare
        3682106 => Behavior::with(vec![E::spell(SpellKind::Normal, "Destroy 1 face-up card on the field whose effect negates Trap effects (\"Jinzo\", \"Royal Decree\").")
            .when(Condition::Exists { place: Place::Field(Who::Both), filter: F::FaceUp & negates_traps(), count: 1 })
            .op(Op::Choose { who: Who::You, place: Place::Field(Who::Both), filter: F::FaceUp & negates_traps(), min: 1, max: 1 })
            .op(Op::destroy(Obj::Chosen))]),
        // Spell Economics
        4259068 => Behavior::with(vec![E::spell(SpellKind::Continuous, "While this card is face-up, you do not pay LP to activate Spells.")
            .modifier(Modifier::no_lp_costs_for(Who::You, F::Spell))]),
        // Bark of Dark Ruler (today's text: the opponent's monster in that battle)
        BARK_OF_DARK_RULER => bark_of_dark_ruler(
            "In the Damage Step of a battle of a Fiend monster you control, before damage calculation: pay any multiple of 100 LP, then target the opponent's monster in that battle; it loses that much ATK and DEF until the end of the turn.",
            F::InBattle,
            false,
        ),
        _ => return None,
    })
}

/// "Pay LP in multiples of 100: 1 opponent's monster (matching `which`) loses that much ATK
/// and DEF" in the Damage Step of a Fiend's battle ("Bark of Dark Ruler"); `through`: also
/// during damage calculation (the 2005 rule).
fn bark_of_dark_ruler(text: &str, which: F, through: bool) -> Behavior {
    let loss = || Num::Times(Box::new(Num::Cost(CostStat::Lp)), -1);
    let damage_step = |d| Condition::step(BattleStep::Damage(d));
    let e = E::trap(TrapKind::Normal, text)
        .when(Condition::All(vec![
            Condition::Battling(F::YouControl & F::Race(Race::FIEND)),
            Condition::Any(vec![damage_step(DamageStep::Start), damage_step(DamageStep::BeforeCalculation), damage_step(DamageStep::DuringCalculation)]),
        ]))
        .cost(Cost::pay_lp_multiple(100))
        .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster & F::FaceUp & which)
        .op(Op::Apply { what: Obj::Targets, modifier: Modifier::AtkDef { scope: Scope::This, atk: loss(), def: loss() }, until: Duration::EndOfTurn });
    Behavior::with(vec![if through { e.changes_stats_through_damage_calculation() } else { e.changes_stats_in_damage_step() }])
}

/// The 2005 behaviour of a card of this group whose text changed later, by passcode.
pub fn behavior_2005(id: u32) -> Option<Behavior> {
    Some(match id {
        // Gearfried the Iron Knight (GOAT): only Equip Spells are destroyed.
        GEARFRIED_THE_IRON_KNIGHT => destroys_its_equips("Each time an Equip Spell is equipped to this card: destroy that Equip Spell.", F::Spell),
        // Bark of Dark Ruler (GOAT): any face-up monster of the opponent, also during damage
        // calculation.
        BARK_OF_DARK_RULER => bark_of_dark_ruler(
            "In the Damage Step of a battle of a Fiend monster you control, up to and during damage calculation: pay any multiple of 100 LP, then target 1 face-up monster your opponent controls; it loses that much ATK and DEF until the end of the turn.",
            F::Any,
            true,
        ),
        _ => return None,
    })
}
