//! Goat pool part 2 (traps): Counter and Normal Traps of `../shared/spec/pools/goat-2.txt`,
//! each a declaration in the effect vocabulary with its rules text in the project's own words.
//! Where the Goat list names a "(GOAT)" entry whose 2005 text plays the same as today's in
//! this engine, the one declaration serves both pools (rulings: `docs/rulings/goat-2-traps.md`).

use ygo_core::card::{type_bits, Attribute, Race, SpellKind, TrapKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::{Phase, SummonKind};

const RAIGEKI: u32 = 12580477;
const HARPIES_FEATHER_DUSTER: u32 = 18144506;
const DARK_HOLE: u32 = 53129443;
const MONSTER_REBORN: u32 = 83764718;
const WICKED_TOKEN: u32 = 65810490;
const MINE_GOLEM: u32 = 76321376;
const PEOPLE_RUNNING_ABOUT: u32 = 12143771;
const OPPRESSED_PEOPLE: u32 = 58538870;
const UNITED_RESISTANCE: u32 = 85936485;

/// "When your opponent activates a card matching `f`" (a spell/trap card's activation).
fn opp_activates(f: F) -> Condition {
    Condition::chain_top_activates(f & F::OppControls)
}

/// A spell or trap that targets exactly 1 monster matching `f` on the field (and nothing else).
fn targets_one(f: F) -> Condition {
    Condition::chain_top_targets_only(F::Monster & F::OnField & f)
}

/// "An opponent's monster declares an attack".
fn opp_attacks() -> Condition {
    Condition::AttackDeclared(F::OppControls)
}

/// A target's ATK/DEF change until the end of the turn (usable in the Damage Step up to
/// damage calculation, EFF-10).
fn boost(text: &str, target: F, atk: Num, def: Num) -> E {
    E::trap(TrapKind::Normal, text).target(1, F::Monster & F::FaceUp & target).changes_stats_in_damage_step().op(Op::Apply {
        what: Obj::Targets,
        modifier: Modifier::AtkDef { scope: Scope::This, atk, def },
        until: Duration::EndOfTurn,
    })
}

/// "When monsters with `f` are Normal or Flip Summoned by your opponent: destroy them."
fn destroy_summoned(text: &str, f: F) -> Behavior {
    let summoned = || F::OppControls & F::FaceUp & f.clone();
    Behavior::with(vec![E::trap(TrapKind::Normal, text)
        .when(Condition::JustSummoned { normal: true, flip: true, special: false, filter: summoned() })
        .op(Op::destroy(Obj::All(Place::Monsters(Who::Opponent), F::JustSummoned & summoned())))])
}

/// "When 1 or more of your cards matching `f` are destroyed and sent from the field to your
/// GY by an opponent's card effect: target 1 spell or trap on the field; destroy it."
fn avenge_destroyed(text: &str, f: F) -> Behavior {
    Behavior::with(vec![E::trap(TrapKind::Normal, text)
        .when(Condition::Exists {
            place: Place::Gy(Who::You),
            filter: f & F::JustArrived & F::CameFrom(Origin::SpellTrapZone) & F::SentBy(Sent::DestroyedByOpponentEffect),
            count: 1,
        })
        .target(1, F::SpellTrap)
        .op(Op::destroy(Obj::Targets))])
}

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Riryoku Field
        70344351 => Behavior::with(vec![E::trap(
            TrapKind::Counter,
            "When a spell card is activated that targets exactly 1 monster on the field: negate the activation and destroy it.",
        )
        .when(Condition::All(vec![Condition::chain_top_activates(F::Spell), targets_one(F::Any)]))
        .op(Op::negate_activation(true))]),
        // Royal Surrender
        56058888 => Behavior::with(vec![E::trap(TrapKind::Counter, "When your opponent activates a Continuous Trap: negate the activation and destroy it.")
            .when(opp_activates(F::trap_of(TrapKind::Continuous)))
            .op(Op::negate_activation(true))]),
        // Spell-Stopping Statute
        10069180 => Behavior::with(vec![E::trap(TrapKind::Counter, "When your opponent activates a Continuous Spell: negate the activation and destroy it.")
            .when(opp_activates(F::spell_of(SpellKind::Continuous)))
            .op(Op::negate_activation(true))]),
        // Tutan Mask
        3149764 => Behavior::with(vec![E::trap(
            TrapKind::Counter,
            "When a spell or trap card is activated that targets exactly 1 Zombie monster on the field: negate the activation and destroy it.",
        )
        .when(Condition::All(vec![Condition::chain_top_activates(F::Spell | F::Trap), targets_one(F::Race(Race::ZOMBIE))]))
        .op(Op::negate_activation(true))]),
        // A Feint Plan
        68170903 => Behavior::with(vec![E::trap(TrapKind::Normal, "For the rest of this turn, no face-down monster can be chosen as an attack target.")
            .op(Op::ApplyRule { modifier: Modifier::not_attack_target(Scope::AllMonsters(F::FaceDown)), until: Duration::EndOfTurn })]),
        // A Hero Emerges
        21597117 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "When an opponent's monster declares an attack: your opponent picks 1 card of your hand at random; if it is a monster that can be Special Summoned, Special Summon it, otherwise send it to the GY.",
        )
        .when(Condition::All(vec![opp_attacks(), Condition::Exists { place: Place::Hand(Who::You), filter: F::Any, count: 1 }]))
        .op(Op::ChooseRandom { place: Place::Hand(Who::You), filter: F::Any, count: Num::Const(1) })
        .op(Op::special_summon(Obj::Filtered(Box::new(Obj::Chosen), F::Monster & F::can_special_summon()), SummonPos::FaceUp))
        .op(Op::If { test: Test::Did, then: vec![], otherwise: vec![Op::SendToGy(Obj::Chosen)] })]),
        // Blast Held by a Tribute
        89041555 => {
            let targets = || F::FaceUp & F::AttackPos;
            Behavior::with(vec![E::trap(
                TrapKind::Normal,
                "When a Tribute Summoned monster of your opponent declares an attack: destroy every face-up Attack Position monster they control; if you do, they take 1000 damage.",
            )
            .when(Condition::AttackDeclared(F::OppControls & F::Summoned(SummonKind::Tribute)))
            .op(Op::destroy(Obj::All(Place::Monsters(Who::Opponent), targets())))
            .then_if_did(vec![Op::damage(Who::Opponent, Num::Const(1000))])])
        }
        // Dark Mirror Force
        20522190 => Behavior::with(vec![E::trap(TrapKind::Normal, "When an opponent's monster declares an attack: banish every Defense Position monster they control.")
            .when(opp_attacks())
            .op(Op::Banish { what: Obj::All(Place::Monsters(Who::Opponent), F::DefensePos), face_down: false })]),
        // Draining Shield
        43250041 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "When an opponent's monster declares an attack: target it; negate the attack, then gain LP equal to its ATK.",
        )
        .when(opp_attacks())
        .target(1, F::Attacker)
        .op(Op::negate_attack())
        .op(Op::gain_lp(Who::You, Num::stat_of(Stat::Atk, Obj::Targets)))]),
        // Enchanted Javelin
        96355986 => Behavior::with(vec![E::trap(TrapKind::Normal, "When an opponent's monster declares an attack: target it; gain LP equal to its ATK.")
            .when(opp_attacks())
            .target(1, F::Attacker)
            .op(Op::gain_lp(Who::You, Num::stat_of(Stat::Atk, Obj::Targets)))]),
        // Mask of Weakness (the 2005 entry plays the same)
        57882509 => Behavior::with(vec![boost("Target 1 attacking monster: it loses 700 ATK until the end of the turn.", F::Attacker, Num::Const(-700), Num::Const(0))
            .when(Condition::Exists { place: Place::Monsters(Who::Both), filter: F::Attacker, count: 1 })]),
        // Meteorain
        64274292 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "For the rest of this turn, when your monster attacks a Defense Position monster with ATK higher than its DEF, your opponent takes the difference as battle damage.",
        )
        .op(Op::ApplyRule { modifier: Modifier::piercing(Scope::Monsters(F::YouControl)), until: Duration::EndOfTurn })]),
        // Widespread Ruin
        77754944 => {
            let attackers = || Obj::All(Place::Monsters(Who::Opponent), F::FaceUp & F::AttackPos);
            Behavior::with(vec![E::trap(
                TrapKind::Normal,
                "When an opponent's monster declares an attack: destroy the Attack Position monster they control with the highest ATK (you pick among ties).",
            )
            .when(opp_attacks())
            .op(Op::Choose {
                who: Who::You,
                place: Place::Monsters(Who::Opponent),
                filter: F::FaceUp & F::AttackPos & F::stat(Stat::Atk, Cmp::Eq, Num::max_of(Stat::Atk, attackers())),
                min: 1,
                max: 1,
            })
            .op(Op::destroy(Obj::Chosen))])
        }
        // Blasting the Ruins
        21466326 => Behavior::with(vec![E::trap(TrapKind::Normal, "Only while you have 30 or more cards in your GY: your opponent takes 3000 damage.")
            .when(Condition::Exists { place: Place::Gy(Who::You), filter: F::Any, count: 30 })
            .op(Op::damage(Who::Opponent, Num::Const(3000)))]),
        // Cemetary Bomb
        51394546 => Behavior::with(vec![E::trap(TrapKind::Normal, "Your opponent takes 100 damage for each card in their GY.")
            .op(Op::damage(Who::Opponent, Num::per(100, Obj::All(Place::Gy(Who::Opponent), F::Any))))]),
        // D.D. Dynamite
        8628798 => Behavior::with(vec![E::trap(TrapKind::Normal, "Your opponent takes 300 damage for each of their banished cards.")
            .op(Op::damage(Who::Opponent, Num::per(300, Obj::All(Place::Banished(Who::Opponent), F::Any))))]),
        // Destruction Ring
        21219755 => Behavior::with(vec![E::trap(TrapKind::Normal, "Destroy 1 face-up monster you control; if you do, both players take 1000 damage.")
            .when(Condition::Exists { place: Place::Monsters(Who::You), filter: F::FaceUp, count: 1 })
            .op(Op::Choose { who: Who::You, place: Place::Monsters(Who::You), filter: F::FaceUp, min: 1, max: 1 })
            .op(Op::destroy(Obj::Chosen))
            .then_if_did(vec![Op::damage(Who::Both, Num::Const(1000))])]),
        // Kozaky's Self-Destruct Button
        21908319 => Behavior::with(vec![
            E::trap(TrapKind::Normal, "Activating this card does nothing."),
            E::trigger(Trigger::Destroyed { cause: Cause::OpponentEffect }, "When this card is destroyed while Set: the player who destroyed it takes 1000 damage.")
                .range(Range::Gy)
                .when(Condition::This(!F::WasFaceUp & F::CameFrom(Origin::SpellTrapZone)))
                .op(Op::damage(Who::Opponent, Num::Const(1000))),
        ]),
        // Token Feastevil
        83675475 => {
            let tokens = || Obj::All(Place::Monsters(Who::Both), F::card_type(type_bits::TOKEN));
            Behavior::with(vec![E::trap(
                TrapKind::Normal,
                "When a Token is Special Summoned: destroy every Token on the field, and your opponent takes 300 damage for each one destroyed.",
            )
            .when(Condition::JustSummoned { normal: false, flip: false, special: true, filter: F::card_type(type_bits::TOKEN) })
            .op(Op::Remember { what: tokens(), slot: Mem(0) })
            .op(Op::damage(Who::Opponent, Num::per(300, Obj::Memory(Mem(0)))))
            .op(Op::destroy(Obj::Memory(Mem(0))))])
        }
        // Curse of Aging (the 2005 entry plays the same)
        41398771 => Behavior::with(vec![E::trap(TrapKind::Normal, "Discard 1 card: every monster your opponent controls now loses 500 ATK and DEF until the end of the turn.")
            .cost(Cost::discard(1, F::Any))
            .changes_stats_in_damage_step()
            .op(Op::Apply {
                what: Obj::All(Place::Monsters(Who::Opponent), F::FaceUp),
                modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(-500), def: Num::Const(-500) },
                until: Duration::EndOfTurn,
            })]),
        // Disturbance Strategy
        77561728 => Behavior::with(vec![E::trap(TrapKind::Normal, "Your opponent shuffles their hand into their Deck, then draws as many cards.")
            .when(Condition::Exists { place: Place::Hand(Who::Opponent), filter: F::Any, count: 1 })
            .op(Op::ToDeck { what: Obj::All(Place::Hand(Who::Opponent), F::Any), top: false })
            .op(Op::Draw { who: Who::Opponent, count: Num::count_of(Obj::Affected) })]),
        // Forced Ceasefire
        97806240 => Behavior::with(vec![E::trap(TrapKind::Normal, "Discard 1 card: no trap card can be activated for the rest of this turn.")
            .cost(Cost::discard(1, F::Any))
            .op(Op::ApplyRule { modifier: Modifier::cannot_activate(Who::Both, F::Trap), until: Duration::EndOfTurn })]),
        // Hallowed Life Barrier (the 2005 entry plays the same)
        88789641 => Behavior::with(vec![E::trap(TrapKind::Normal, "Discard 1 card: you take no damage for the rest of this turn.")
            .cost(Cost::discard(1, F::Any))
            .op(Op::ApplyPlayer { who: Who::You, effect: PlayerEffect::NoBattleDamage })
            .op(Op::ApplyPlayer { who: Who::You, effect: PlayerEffect::NoEffectDamage })]),
        // Heavy Slump
        52417194 => Behavior::with(vec![E::trap(TrapKind::Normal, "Only while your opponent holds 8 or more cards: they shuffle their hand into their Deck, then draw 2 cards.")
            .when(Condition::Exists { place: Place::Hand(Who::Opponent), filter: F::Any, count: 8 })
            .op(Op::ToDeck { what: Obj::All(Place::Hand(Who::Opponent), F::Any), top: false })
            .op(Op::Draw { who: Who::Opponent, count: Num::Const(2) })]),
        // Altar for Tribute (the 2005 entry plays the same)
        21070956 => Behavior::with(vec![E::trap(TrapKind::Normal, "Send 1 monster you control to the GY; gain LP equal to its original ATK.")
            .when(Condition::Exists { place: Place::Monsters(Who::You), filter: F::Any, count: 1 })
            .op(Op::Choose { who: Who::You, place: Place::Monsters(Who::You), filter: F::Any, min: 1, max: 1 })
            .op(Op::SendToGy(Obj::Chosen))
            .op(Op::gain_lp(Who::You, Num::stat_of(Stat::OriginalAtk, Obj::Affected)))]),
        // Arsenal Robber (the 2005 entry plays the same)
        55348096 => Behavior::with(vec![E::trap(TrapKind::Normal, "Your opponent picks 1 Equip Spell in their Deck and sends it to the GY.")
            .op(Op::Choose { who: Who::Opponent, place: Place::Deck(Who::Opponent), filter: F::spell_of(SpellKind::Equip), min: 1, max: 1 })
            .op(Op::SendToGy(Obj::Chosen))]),
        // Big Burn
        95472621 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "When your opponent activates a card or effect that targets a monster in a GY: banish every monster in both GYs.",
        )
        .when(Condition::All(vec![
            Condition::chain_top_is(F::OppControls),
            Condition::chain_top_targets(F::monster_card() & F::InPlace(Place::Gy(Who::Both))),
        ]))
        .op(Op::Banish { what: Obj::All(Place::Gy(Who::Both), F::monster_card()), face_down: false })]),
        // Call of the Grave
        16970158 => Behavior::with(vec![E::trap(TrapKind::Normal, "When your opponent activates \"Monster Reborn\": negate its effect.")
            .when(opp_activates(F::Named(MONSTER_REBORN)))
            .op(Op::negate_effect(false))]),
        // Castle Walls (the 2005 entry plays the same)
        44209392 => Behavior::with(vec![boost("Target 1 face-up monster: it gains 500 DEF until the end of the turn.", F::Any, Num::Const(0), Num::Const(500))]),
        // Deal of Phantom (the 2005 entry plays the same)
        69122763 => Behavior::with(vec![boost(
            "Target 1 face-up monster: it gains 100 ATK for each monster in your GY (counted now) until the end of the turn.",
            F::Any,
            Num::per(100, Obj::All(Place::Gy(Who::You), F::monster_card())),
            Num::Const(0),
        )]),
        // Desert Sunlight
        93747864 => Behavior::with(vec![E::trap(TrapKind::Normal, "Change every monster you control to face-up Defense Position.")
            .op(Op::ChangePosition { what: Obj::All(Place::Monsters(Who::You), F::FaceUp & F::AttackPos), to: PosChange::FaceUpDefense })
            .op(Op::ChangePosition { what: Obj::All(Place::Monsters(Who::You), F::FaceDown), to: PosChange::FaceUpDefense })]),
        // Disappear
        24623598 => Behavior::with(vec![E::trap(TrapKind::Normal, "Target 1 card in your opponent's GY: banish it.")
            .target_in(Place::Gy(Who::Opponent), 1, 1, F::Any)
            .op(Op::Banish { what: Obj::Targets, face_down: false })]),
        // Energy Drain (the 2005 entry plays the same)
        56916805 => {
            let per_card = || Num::per(200, Obj::All(Place::Hand(Who::Opponent), F::Any));
            Behavior::with(vec![boost(
                "Target 1 face-up monster you control: it gains 200 ATK and DEF for each card in your opponent's hand (counted now) until the end of the turn.",
                F::YouControl,
                per_card(),
                per_card(),
            )])
        }
        // Frozen Soul
        57069605 => Behavior::with(vec![E::trap(TrapKind::Normal, "Only while your LP are at least 2000 lower than your opponent's: your opponent skips their next Battle Phase.")
            .when(Condition::Compare(Num::Lp(Who::You), Cmp::Le, Num::minus(Num::Lp(Who::Opponent), Num::Const(2000))))
            .op(Op::ApplyPlayer { who: Who::Opponent, effect: PlayerEffect::SkipBattle(1) })]),
        // Gorgon's Eye
        52648457 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "For the rest of this turn, the effects of every monster on the field negated while it is face-up in Defense Position.",
        )
        .op(Op::ApplyRule { modifier: Modifier::negate_monster_effects_of(Scope::Monsters(F::DefensePos)), until: Duration::EndOfTurn })]),
        // Hidden Spellbook
        21840375 => Behavior::with(vec![E::trap(TrapKind::Normal, "Only in your turn: target 2 spell cards in your GY; shuffle them into your Deck.")
            .when(Condition::your_turn())
            .target_in(Place::Gy(Who::You), 2, 2, F::Spell)
            .op(Op::ToDeck { what: Obj::Targets, top: false })]),
        // Micro Ray (the 2005 entry plays the same)
        18190572 => Behavior::with(vec![E::trap(TrapKind::Normal, "Target 1 face-up monster: its DEF becomes 0 until the end of the turn.")
            .target(1, F::Monster & F::FaceUp)
            .changes_stats_in_damage_step()
            .op(Op::Apply { what: Obj::Targets, modifier: Modifier::set_current(Scope::This, None, Some(Num::Const(0))), until: Duration::EndOfTurn })]),
        // Ready for Intercepting
        31785398 => Behavior::with(vec![E::trap(TrapKind::Normal, "Target 1 face-up Warrior or Spellcaster monster: change it to face-down Defense Position.")
            .target(1, F::Monster & F::FaceUp & (F::Race(Race::WARRIOR) | F::Race(Race::SPELLCASTER)))
            .op(Op::ChangePosition { what: Obj::Targets, to: PosChange::FaceDownDefense })]),
        // Snake Fang (the 2005 entry plays the same)
        596051 => Behavior::with(vec![boost("Target 1 face-up monster: it loses 500 DEF until the end of the turn.", F::Any, Num::Const(0), Num::Const(-500))]),
        // The Spell Absorbing Life
        99517131 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "Turn every face-down monster face-up in Defense Position (FLIP effects do not activate), then gain 400 LP for each Effect Monster on the field.",
        )
        .op(Op::ChangePosition { what: Obj::All(Place::Monsters(Who::Both), F::FaceDown), to: PosChange::RevealDefense })
        .op(Op::gain_lp(Who::You, Num::per(400, Obj::All(Place::Monsters(Who::Both), F::FaceUp & F::effect_monster()))))]),
        // Thunder of Ruler
        91781589 => Behavior::with(vec![E::trap(TrapKind::Normal, "Only in your opponent's Standby Phase: there is no Battle Phase this turn.")
            .when(Condition::All(vec![Condition::opponents_turn(), Condition::in_phase(Phase::Standby)]))
            .op(Op::ApplyPlayer { who: Who::Opponent, effect: PlayerEffect::SkipBattle(1) })]),
        // Windstorm of Etaqua
        59744639 => Behavior::with(vec![E::trap(TrapKind::Normal, "Change the battle position of every face-up monster your opponent controls.")
            .when(Condition::Exists { place: Place::Monsters(Who::Opponent), filter: F::FaceUp, count: 1 })
            .op(Op::ChangePosition { what: Obj::All(Place::Monsters(Who::Opponent), F::FaceUp), to: PosChange::Toggle })]),
        // Zero Gravity
        83133491 => Behavior::with(vec![E::trap(TrapKind::Normal, "Change the battle position of every face-up monster on the field.")
            .when(Condition::Exists { place: Place::Monsters(Who::Both), filter: F::FaceUp, count: 1 })
            .op(Op::ChangePosition { what: Obj::All(Place::Monsters(Who::Both), F::FaceUp), to: PosChange::Toggle })]),
        // Acid Trap Hole
        41356845 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "Target 1 face-down Defense Position monster: turn it face-up; destroy it if its DEF is 2000 or less, otherwise turn it face-down again.",
        )
        // Chosen face-down: still its target once this effect turns it face-up.
        .target(1, F::Monster & F::at_activation(F::FaceDown & F::DefensePos))
        .op(Op::ChangePosition { what: Obj::Targets, to: PosChange::RevealDefense })
        .op(Op::If {
            test: Test::Holds(Condition::Exists { place: Place::Monsters(Who::Both), filter: F::one_of(Obj::Targets) & F::def_at_most(2000), count: 1 }),
            then: vec![Op::destroy(Obj::Targets)],
            otherwise: vec![Op::ChangePosition { what: Obj::Targets, to: PosChange::FaceDownDefense }],
        })]),
        // Anti Raigeki
        42364257 => Behavior::with(vec![E::trap(TrapKind::Normal, "When your opponent activates \"Raigeki\": negate its effect, then destroy every monster they control.")
            .when(opp_activates(F::Named(RAIGEKI)))
            .op(Op::negate_effect(false))
            .op(Op::destroy(Obj::All(Place::Monsters(Who::Opponent), F::Any)))]),
        // Assault on GHQ
        62633180 => Behavior::with(vec![E::trap(TrapKind::Normal, "Target 1 monster you control: destroy it, then send the top 2 cards of your opponent's Deck to the GY.")
            .target_in(Place::Monsters(Who::You), 1, 1, F::Monster)
            .op(Op::destroy(Obj::Targets))
            .then_if_did(vec![Op::SendToGy(Obj::DeckTop(Who::Opponent, 2))])]),
        // Burst Breath
        80163754 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "Tribute 1 Dragon monster: destroy every face-up monster on the field whose DEF is at most the ATK the Tributed monster had.",
        )
        .cost(Cost::tribute(1, F::Race(Race::DRAGON)))
        // What it destroys depends on the cost: activated even when nothing would be.
        .op(Op::If {
            test: Test::Compare(Num::Cost(CostStat::Atk), Cmp::Ge, Num::Const(0)),
            then: vec![Op::destroy(Obj::All(Place::Monsters(Who::Both), F::FaceUp & F::stat(Stat::Def, Cmp::Le, Num::Cost(CostStat::Atk))))],
            otherwise: vec![],
        })]),
        // Chain Destruction
        1248895 => {
            let weak = || F::JustSummoned & F::FaceUp & F::atk_at_most(2000);
            // The copies in the hand and the Deck are destroyed (then the Deck is shuffled).
            let same = |who| vec![Op::destroy(Obj::All(Place::HandOrDeck(who), F::same_name_as(Obj::Targets))), Op::ShuffleDeck(who)];
            Behavior::with(vec![E::trap(
                TrapKind::Normal,
                "When a monster with 2000 or less ATK is Summoned: target it; destroy every card with its name in its controller's hand and Deck.",
            )
            .when(Condition::JustSummoned { normal: true, flip: true, special: true, filter: F::FaceUp & F::atk_at_most(2000) })
            .target_in(Place::Monsters(Who::Both), 1, 1, weak())
            .op(Op::If {
                test: Test::Holds(Condition::Exists { place: Place::Monsters(Who::Opponent), filter: F::one_of(Obj::Targets), count: 1 }),
                then: same(Who::Opponent),
                otherwise: same(Who::You),
            })])
        }
        // Disarmament
        20727787 => Behavior::with(vec![E::trap(TrapKind::Normal, "Destroy every Equip Card on the field.")
            .when(Condition::Exists { place: Place::SpellTraps(Who::Both), filter: F::FaceUp & F::spell_of(SpellKind::Equip), count: 1 })
            .op(Op::destroy(Obj::All(Place::SpellTraps(Who::Both), F::FaceUp & F::spell_of(SpellKind::Equip))))]),
        // Driving Snow
        473469 => avenge_destroyed(
            "When 1 or more of your trap cards are destroyed and sent from the field to the GY by your opponent's card effect: target 1 spell or trap card on the field; destroy it.",
            F::Trap,
        ),
        // Eatgaboon
        42578427 => destroy_summoned("When your opponent Normal or Flip Summons a monster with 500 or less ATK: destroy it.", F::atk_at_most(500)),
        // Gryphon Wing
        55608151 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "When your opponent activates \"Harpie's Feather Duster\": negate its effect, then destroy every spell and trap card they control.",
        )
        .when(opp_activates(F::Named(HARPIES_FEATHER_DUSTER)))
        .op(Op::negate_effect(false))
        .op(Op::destroy(Obj::All(Place::SpellTraps(Who::Opponent), F::Any)))]),
        // Gust
        73079365 => avenge_destroyed(
            "When 1 or more of your spell cards are destroyed and sent from the field to the GY by your opponent's card effect: target 1 spell or trap card on the field; destroy it.",
            F::Spell,
        ),
        // Hero Signal (the 2005 entry plays the same: "Elemental Hero" in its name)
        22020907 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "When a monster you control is destroyed by battle and sent to the GY: Special Summon 1 Level 4 or lower \"Elemental HERO\" monster from your hand or Deck.",
        )
        .when(Condition::All(vec![
            Condition::FreeMonsterZones(1),
            Condition::Exists { place: Place::Gy(Who::You), filter: F::monster_card() & F::JustArrived & F::SentBy(Sent::Battle), count: 1 },
        ]))
        .in_damage_step()
        .op(Op::Choose {
            who: Who::You,
            place: Place::HandOrDeck(Who::You),
            filter: F::Monster & F::NameHas("Elemental HERO".into()) & F::level_at_most(4) & F::can_special_summon(),
            min: 1,
            max: 1,
        })
        .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))]),
        // House of Adhesive Tape
        15083728 => destroy_summoned("When your opponent Normal or Flip Summons a monster with 500 or less DEF: destroy it.", F::stat(Stat::Def, Cmp::Le, 500)),
        // Michizure (today: also in the Damage Step; the 2005 entry is in `behavior_2005`)
        37580756 => Behavior::with(vec![michizure(
            "When a monster is sent from the field to your GY, in the Damage Step too: target 1 monster on the field; destroy it.",
        )
        .in_damage_step()]),
        // Needle Ceiling
        38411870 => Behavior::with(vec![E::trap(TrapKind::Normal, "Only while there are 4 or more monsters on the field: destroy every face-up monster.")
            .when(Condition::Exists { place: Place::Monsters(Who::Both), filter: F::Any, count: 4 })
            .op(Op::destroy(Obj::All(Place::Monsters(Who::Both), F::FaceUp)))]),
        // Two-Pronged Attack
        83887306 => Behavior::with(vec![E::trap(TrapKind::Normal, "Target 2 monsters you control and 1 your opponent controls: destroy them.")
            .target_in(Place::Monsters(Who::You), 2, 2, F::Monster)
            .also_target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster)
            .op(Op::destroy(Obj::Targets))]),
        // White Hole
        43487744 => Behavior::with(vec![E::trap(TrapKind::Normal, "When your opponent activates \"Dark Hole\": your monsters cannot be destroyed by its effect.")
            .when(opp_activates(F::Named(DARK_HOLE)))
            .op(Op::Apply { what: Obj::All(Place::Monsters(Who::You), F::Any), modifier: Modifier::indestructible_by_effect(Scope::This), until: Duration::EndOfChain })]),
        // Backup Soldier
        36280194 => {
            let soldier = || F::monster_card() & !F::effect_monster() & F::atk_at_most(1500);
            Behavior::with(vec![E::trap(
                TrapKind::Normal,
                "Only while you have 5 or more monsters in your GY: target up to 3 non-Effect Monsters with 1500 or less ATK in your GY; add them to your hand.",
            )
            .when(Condition::Exists { place: Place::Gy(Who::You), filter: F::monster_card(), count: 5 })
            .target_in(Place::Gy(Who::You), 1, 3, soldier())
            .op(Op::ToHand(Obj::Targets))])
        }
        // Ray of Hope
        82529174 => Behavior::with(vec![E::trap(TrapKind::Normal, "Target 2 LIGHT monsters in your GY: shuffle them into your Deck.")
            .target_in(Place::Gy(Who::You), 2, 2, F::monster_card() & F::Attribute(Attribute::Light))
            .op(Op::ToDeck { what: Obj::Targets, top: false })]),
        // Shadow of Eyes
        58621589 => {
            let just_set = || F::Monster & F::FaceDown & F::OppControls & F::JustArrived;
            Behavior::with(vec![E::trap(
                TrapKind::Normal,
                "When your opponent Sets a monster: target it; change it to face-up Attack Position (FLIP effects do not activate).",
            )
            .when(Condition::Exists { place: Place::Monsters(Who::Opponent), filter: just_set(), count: 1 })
            .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster & F::at_activation(just_set()))
            .op(Op::ChangePosition { what: Obj::Targets, to: PosChange::RevealDefense })
            .op(Op::ChangePosition { what: Obj::Targets, to: PosChange::FaceUpAttack })])
        }
        // Archfiend's Roar
        56246017 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "Pay 500 LP, then target 1 \"Archfiend\" monster in your GY: Special Summon it; it cannot be Tributed, and it is destroyed in this turn's End Phase.",
        )
        .when(Condition::FreeMonsterZones(1))
        .cost(Cost::pay_lp(Num::Const(500)))
        .target_in(Place::Gy(Who::You), 1, 1, F::Monster & F::NameHas("Archfiend".into()) & F::can_special_summon())
        .op(Op::special_summon(Obj::Targets, SummonPos::FaceUp))
        .op(Op::Apply { what: Obj::Affected, modifier: Modifier::cannot_be_tributed(Scope::This), until: Duration::Permanent })
        .op(Op::Later { at: Moment::EndPhase, ops: vec![Op::destroy(Obj::Affected)] })]),
        // Order to Smash (2005 wording: the Tribute is the cost)
        39019325 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "Tribute 1 Level 2 or lower Normal Monster (not a Token), then target up to 2 spell or trap cards your opponent controls: destroy them.",
        )
        .cost(Cost::tribute(1, F::card_type(type_bits::NORMAL) & !F::card_type(type_bits::TOKEN) & F::level_at_most(2)))
        .target_in(Place::SpellTraps(Who::Opponent), 1, 2, F::SpellTrap)
        .op(Op::destroy(Obj::Targets))]),
        // Rope of Life
        93382620 => {
            let fallen = || F::monster_card() & F::JustArrived & F::SentBy(Sent::Battle) & F::can_special_summon();
            Behavior::with(vec![E::trap(
                TrapKind::Normal,
                "When your monster is destroyed by battle and sent to your GY: discard your whole hand (at least 1 card), then target it; Special Summon it, and it gains 800 ATK.",
            )
            .when(Condition::All(vec![Condition::FreeMonsterZones(1), Condition::Exists { place: Place::Gy(Who::You), filter: fallen(), count: 1 }]))
            .in_damage_step()
            .cost(Cost::discard_hand())
            // Chosen as it arrived: still its target after the cost made a new happening.
            .target_in(Place::Gy(Who::You), 1, 1, F::monster_card() & F::at_activation(fallen()))
            .op(Op::special_summon(Obj::Targets, SummonPos::FaceUp))
            .op(Op::Apply { what: Obj::Affected, modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(800), def: Num::Const(0) }, until: Duration::Permanent })])
        }
        // Statue of the Wicked
        65810489 => Behavior::with(vec![
            E::trap(TrapKind::Normal, "Activating this card does nothing."),
            E::trigger(
                Trigger::Destroyed { cause: Cause::Any },
                "When this Set card is destroyed and sent to the GY: Special Summon 1 \"Wicked Token\" (Fiend, DARK, Level 4, 1000/1000).",
            )
            .range(Range::Gy)
            .when(Condition::All(vec![Condition::This(!F::WasFaceUp & F::CameFrom(Origin::SpellTrapZone)), Condition::FreeMonsterZones(1)]))
            .op(Op::summon_tokens(WICKED_TOKEN, 1, SummonPos::FaceUp)),
        ]),
        // Minefield Eruption
        85519211 => {
            let golems = || Obj::All(Place::Monsters(Who::You), F::FaceUp & F::Named(MINE_GOLEM));
            Behavior::with(vec![E::trap(
                TrapKind::Normal,
                "Your opponent takes 1000 damage for each face-up \"Mine Golem\" you control; then destroy them.",
            )
            .when(Condition::Exists { place: Place::Monsters(Who::You), filter: F::FaceUp & F::Named(MINE_GOLEM), count: 1 })
            .op(Op::damage(Who::Opponent, Num::per(1000, golems())))
            .op(Op::destroy(golems()))])
        }
        // Adhesion Trap Hole
        62325062 => {
            let summoned = || F::OppControls & F::FaceUp & F::JustSummoned;
            Behavior::with(vec![E::trap(TrapKind::Normal, "When your opponent Summons a monster: its original ATK is halved (while it stays face-up).")
                .when(Condition::JustSummoned { normal: true, flip: true, special: true, filter: F::OppControls & F::FaceUp })
                .op(Op::Apply {
                    what: Obj::All(Place::Monsters(Who::Opponent), summoned()),
                    modifier: Modifier::set_original(Some(Num::half(Num::stat_of(Stat::OriginalAtk, Obj::All(Place::Monsters(Who::Opponent), summoned())))), None),
                    until: Duration::Permanent,
                })])
        }
        // Elemental Burst
        61411502 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "Tribute 1 WIND, 1 WATER, 1 FIRE and 1 EARTH monster: destroy every card your opponent controls.",
        )
        .cost(Cost::tribute(1, F::Attribute(Attribute::Wind)))
        .cost(Cost::tribute(1, F::Attribute(Attribute::Water)))
        .cost(Cost::tribute(1, F::Attribute(Attribute::Fire)))
        .cost(Cost::tribute(1, F::Attribute(Attribute::Earth)))
        .op(Op::destroy(Obj::All(Place::Field(Who::Opponent), F::Any)))]),
        // Huge Revolution
        65396880 => {
            let named = |code| Condition::Exists { place: Place::Monsters(Who::You), filter: F::FaceUp & F::Named(code), count: 1 };
            Behavior::with(vec![E::trap(
                TrapKind::Normal,
                "Only in your Main Phase while you control face-up \"People Running About\", \"Oppressed People\" and \"United Resistance\": send your opponent's whole hand to the GY and destroy every card they control.",
            )
            .when(Condition::All(vec![
                Condition::your_turn(),
                Condition::Any(vec![Condition::in_phase(Phase::Main1), Condition::in_phase(Phase::Main2)]),
                named(PEOPLE_RUNNING_ABOUT),
                named(OPPRESSED_PEOPLE),
                named(UNITED_RESISTANCE),
            ]))
            .op(Op::SendToGy(Obj::All(Place::Hand(Who::Opponent), F::Any)))
            .op(Op::destroy(Obj::All(Place::Field(Who::Opponent), F::Any)))])
        }
        // Amazoness Archers
        67987611 => {
            let theirs = || Obj::All(Place::Monsters(Who::Opponent), F::Any);
            Behavior::with(vec![E::trap(
                TrapKind::Normal,
                "When an opponent's monster declares an attack while you control an \"Amazoness\" monster: every monster they control goes to face-up Attack Position (FLIP effects do not activate), loses 500 ATK, and must attack this turn if able.",
            )
            .when(Condition::All(vec![
                opp_attacks(),
                Condition::Exists { place: Place::Monsters(Who::You), filter: F::FaceUp & F::NameHas("Amazoness".into()), count: 1 },
            ]))
            .op(Op::ChangePosition { what: Obj::All(Place::Monsters(Who::Opponent), F::FaceDown), to: PosChange::RevealDefense })
            .op(Op::ChangePosition { what: Obj::All(Place::Monsters(Who::Opponent), F::DefensePos), to: PosChange::FaceUpAttack })
            .op(Op::Apply { what: theirs(), modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(-500), def: Num::Const(0) }, until: Duration::EndOfTurn })
            .op(Op::Apply { what: theirs(), modifier: Modifier::must_attack(Scope::This), until: Duration::EndOfTurn })])
        }
        // Dark Coffin
        1804528 => Behavior::with(vec![
            E::trap(TrapKind::Normal, "Activating this card does nothing."),
            E::trigger(
                Trigger::Destroyed { cause: Cause::Any },
                "When this Set card is destroyed and sent to the GY: your opponent picks one: destroy 1 monster they control, or (picking none) discard 1 random card.",
            )
            .range(Range::Gy)
            .when(Condition::This(!F::WasFaceUp & F::CameFrom(Origin::SpellTrapZone)))
            .op(Op::Choose { who: Who::Opponent, place: Place::Monsters(Who::Opponent), filter: F::Any, min: 0, max: 1 })
            .op(Op::destroy(Obj::Chosen))
            .op(Op::If {
                test: Test::Did,
                then: vec![],
                otherwise: vec![Op::ChooseRandom { place: Place::Hand(Who::Opponent), filter: F::Any, count: Num::Const(1) }, Op::Discard(Obj::Chosen)],
            }),
        ]),
        // Beast Soul Swap
        35149085 => {
            let beast = || F::Monster & F::Race(Race::BEAST);
            Behavior::with(vec![E::trap(
                TrapKind::Normal,
                "Target 1 face-up Beast monster you control: return it to the hand, then Special Summon 1 Beast monster with the same Level from your hand (it may be the same one).",
            )
            .target_in(Place::Monsters(Who::You), 1, 1, beast() & F::FaceUp)
            .op(Op::ToHand(Obj::Targets))
            .then_if_did(vec![
                Op::Remember { what: Obj::Affected, slot: Mem(0) },
                Op::Choose {
                    who: Who::You,
                    place: Place::Hand(Who::You),
                    filter: beast() & F::can_special_summon() & F::stat(Stat::Level, Cmp::Eq, Num::stat_of(Stat::Level, Obj::Memory(Mem(0)))),
                    min: 1,
                    max: 1,
                },
                Op::special_summon(Obj::Chosen, SummonPos::FaceUp),
            ])])
        }
        // Covering Fire (the 2005 entry plays the same)
        74458486 => {
            let attacked = || F::Monster & F::FaceUp & F::ThisTurn(TurnFact::Battled);
            Behavior::with(vec![E::trap(
                TrapKind::Normal,
                "In the Damage Step, when an opponent's monster attacks your monster: target 1 other face-up monster you control; your attacked monster gains ATK equal to its ATK for the Damage Step.",
            )
            .when(Condition::All(vec![
                Condition::opponents_turn(),
                Condition::Exists { place: Place::Monsters(Who::Opponent), filter: F::Attacker, count: 1 },
                Condition::Exists { place: Place::Monsters(Who::You), filter: attacked(), count: 1 },
            ]))
            .changes_stats_in_damage_step()
            .target_in(Place::Monsters(Who::You), 1, 1, F::Monster & F::FaceUp & !F::ThisTurn(TurnFact::Battled))
            .op(Op::Apply {
                what: Obj::All(Place::Monsters(Who::You), attacked()),
                modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::stat_of(Stat::Atk, Obj::Targets), def: Num::Const(0) },
                until: Duration::EndOfDamageStep,
            })])
        }
        _ => return None,
    })
}

/// The 2005 behaviour of a card of this group whose text changed later (the Goat pool only).
pub fn behavior_2005(id: u32) -> Option<Behavior> {
    Some(match id {
        // Michizure (GOAT): a Normal Trap with no Damage Step clause, so not in the Damage Step
        // (EFF-10): a monster destroyed by battle is answered only by other cards.
        37580756 => Behavior::with(vec![michizure(
            "When a monster is sent from the field to your GY (not in the Damage Step): target 1 monster on the field; destroy it.",
        )]),
        _ => return None,
    })
}

/// Michizure's activation: "when a monster is sent from the field to your GY: destroy 1
/// targeted monster".
fn michizure(text: &str) -> E {
    E::trap(TrapKind::Normal, text)
        .when(Condition::Exists { place: Place::Gy(Who::You), filter: F::monster_card() & F::JustArrived & F::CameFrom(Origin::MonsterZone), count: 1 })
        .target(1, F::Monster)
        .op(Op::destroy(Obj::Targets))
}
