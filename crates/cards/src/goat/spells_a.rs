//! Goat batch 1 (spells_a): cards of `../shared/spec/pools/goat-1.txt`, each a declaration in
//! the effect vocabulary with its rules text in the project's own words.

use ygo_core::card::type_bits;
#[allow(unused_imports)]
use ygo_core::card::{Attribute, Race, SpellKind, TrapKind};
#[allow(unused_imports)]
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::Phase;

const NORMAL_SPELL: SpellKind = SpellKind::Normal;
const QUICK_SPELL: SpellKind = SpellKind::QuickPlay;
const CONTINUOUS_SPELL: SpellKind = SpellKind::Continuous;

/// "Dark Room of Nightmare" (its own damage does not start it again).
const DARK_ROOM_OF_NIGHTMARE: u32 = 85562745;

/// The activation of a Continuous Spell whose effects are written beside it.
fn continuous_spell(text: &str) -> E {
    E::spell(CONTINUOUS_SPELL, text)
}

/// "Take control of 1 face-up monster your opponent controls (matching) until the End
/// Phase", after paying 800 LP ("Brain Control").
fn brain_control(text: &str, filter: F) -> Behavior {
    Behavior::with(vec![E::spell(NORMAL_SPELL, text)
        .cost(Cost::pay_lp(Num::Const(800)))
        .target(1, F::Monster & F::FaceUp & F::OppControls & filter)
        .op(Op::take_control(Obj::Targets, Duration::EndPhase))])
}

/// "Tribute 1 monster; excavate until a monster that can be Normal Summoned/Set, Special
/// Summon it, the other excavated cards to the GY" ("Monster Gate"), under `condition`.
fn monster_gate(text: &str, condition: Condition) -> Behavior {
    Behavior::with(vec![E::spell(NORMAL_SPELL, text)
        .when(condition)
        .cost(Cost::tribute(1, F::Any))
        .op(Op::ExcavateUntil { who: Who::You, filter: F::Monster & F::normal_summonable() })
        .op(Op::Remember { what: Obj::Affected, slot: Mem(0) })
        .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))
        .op(Op::SendToGy(Obj::Filtered(Box::new(Obj::Memory(Mem(0))), F::InDeck)))])
}

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // A Feather of the Phoenix
        49140998 => Behavior::with(vec![E::spell(NORMAL_SPELL, "Discard 1 card, then target 1 card in your GY: put it on top of your Deck.")
            .cost(Cost::discard(1, F::Any))
            .target_in(Place::Gy(Who::You), 1, 1, F::Any)
            .op(Op::ToDeck { what: Obj::Targets, top: true })]),
        // Abyssal Designator
        89801755 => Behavior::with(vec![E::spell(
            NORMAL_SPELL,
            "Pay 1000 LP and declare a Type and an Attribute: your opponent sends 1 monster of both from their hand or Deck to the GY.",
        )
        .cost(Cost::pay_lp(Num::Const(1000)))
        .op(Op::declare(Declare::Race))
        .op(Op::declare(Declare::Attribute))
        .op(Op::Choose { who: Who::Opponent, place: Place::HandOrDeck(Who::Opponent), filter: F::Monster & F::Declared, min: 1, max: 1 })
        .op(Op::SendToGy(Obj::Chosen))]),
        // Archfiend's Oath
        22796548 => Behavior::with(vec![
            continuous_spell("A Continuous Spell that stays on the field."),
            E::ignition(
                "Once per turn: you can pay 500 LP and declare a card name. Reveal the top card of your Deck: if it is the declared card, add it to your hand; if not, send it to the GY.",
            )
            .limit(Limit::PerCardPerTurn)
            .when(Condition::Exists { place: Place::Deck(Who::You), filter: F::Any, count: 1 })
            .cost(Cost::pay_lp(Num::Const(500)))
            .op(Op::declare(Declare::CardName))
            .op(Op::Reveal(Obj::DeckTop(Who::You, 1)))
            .op(Op::If { test: Test::AffectedIs(F::Declared), then: vec![Op::ToHand(Obj::Affected)], otherwise: vec![Op::SendToGy(Obj::Affected)] }),
        ]),
        // Book of Moon
        14087893 => Behavior::with(vec![E::spell(QUICK_SPELL, "Target 1 face-up monster on the field: turn it face-down in Defense Position.")
            .target(1, F::Monster & F::FaceUp & !F::ability(type_bits::TOKEN))
            .op(Op::ChangePosition { what: Obj::Targets, to: PosChange::FaceDownDefense })]),
        // Book of Taiyou
        38699854 => Behavior::with(vec![E::spell(NORMAL_SPELL, "Target 1 face-down monster on the field: turn it face-up in Attack Position.")
            .target(1, F::Monster & F::FaceDown)
            .op(Op::ChangePosition { what: Obj::Targets, to: PosChange::FaceUpAttack })]),
        // Brain Control
        87910978 => brain_control(
            "Pay 800 LP, then target 1 face-up monster your opponent controls that can be Normal Summoned or Set: take control of it until the End Phase.",
            F::normal_summonable(),
        ),
        // Card Destruction
        72892473 => Behavior::with(vec![E::spell(
            NORMAL_SPELL,
            "Both players discard their whole hands, then each draws as many cards as they discarded.",
        )
        .when(Condition::Exists { place: Place::Hand(Who::Both), filter: F::Any, count: 1 })
        .op(Op::Discard(Obj::All(Place::Hand(Who::Both), F::Any)))
        .op(Op::Remember { what: Obj::Affected, slot: Mem(0) })
        .op(Op::Draw { who: Who::You, count: Num::count_of(Obj::Filtered(Box::new(Obj::Memory(Mem(0))), F::YouOwn)) })
        .op(Op::Draw { who: Who::Opponent, count: Num::count_of(Obj::Filtered(Box::new(Obj::Memory(Mem(0))), !F::YouOwn)) })]),
        // Convulsion of Nature
        62966332 => Behavior::with(vec![continuous_spell(
            "While this card is face-up on the field, both players' Decks are turned over: the top card of each Deck is face-up for both players to see.",
        )
        .modifier(Modifier::decks_face_up())]),
        // Dark Room of Nightmare
        85562745 => Behavior::with(vec![
            continuous_spell("A Continuous Spell that stays on the field."),
            E::trigger(
                Trigger::effect_damage(Who::Opponent, !F::Named(DARK_ROOM_OF_NIGHTMARE)),
                "Each time your opponent takes damage from a card effect other than a \"Dark Room of Nightmare\": they take 300 more damage.",
            )
            .op(Op::damage(Who::Opponent, Num::Const(300))),
        ]),
        // Delinquent Duo
        44763025 => Behavior::with(vec![E::spell(
            NORMAL_SPELL,
            "Pay 1000 LP: your opponent discards 1 card at random, then, if they still hold a card, 1 more card of their choice.",
        )
        .when(Condition::Exists { place: Place::Hand(Who::Opponent), filter: F::Any, count: 1 })
        .cost(Cost::pay_lp(Num::Const(1000)))
        .op(Op::ChooseRandom { place: Place::Hand(Who::Opponent), filter: F::Any, count: Num::Const(1) })
        .op(Op::Discard(Obj::Chosen))
        .op(Op::Choose { who: Who::Opponent, place: Place::Hand(Who::Opponent), filter: F::Any, min: 1, max: 1 })
        .op(Op::Discard(Obj::Chosen))]),
        // Dimension Fusion
        23557835 => Behavior::with(vec![E::spell(
            NORMAL_SPELL,
            "Pay 2000 LP: each player Special Summons as many of their own banished monsters as they can.",
        )
        .when(Condition::Exists { place: Place::Banished(Who::Both), filter: dimension_fusion_monster(), count: 1 })
        .cost(Cost::pay_lp(Num::Const(2000)))
        .op(Op::SpecialSummon { what: Obj::All(Place::Banished(Who::Both), dimension_fusion_monster()), pos: SummonPos::FaceUp, side: Side::Owner })]),
        // Emergency Provisions
        53046408 => Behavior::with(vec![E::spell(
            QUICK_SPELL,
            "Send any number of your other Spell and Trap Cards on the field to the GY: gain 1000 LP for each of them.",
        )
        .cost(Cost::send_to_gy(Place::SpellTraps(Who::You), F::Any, 1, u8::MAX))
        .op(Op::gain_lp(Who::You, Num::Times(Box::new(Num::Cost(CostStat::Cards)), 1000)))]),
        // Enemy Controller
        98045062 => Behavior::with(vec![
            E::spell(QUICK_SPELL, "Choose 1: target 1 face-up monster your opponent controls and change its battle position;")
                .target(1, F::Monster & F::FaceUp & F::OppControls)
                .op(Op::ChangePosition { what: Obj::Targets, to: PosChange::Toggle }),
            E::spell(QUICK_SPELL, "or Tribute 1 monster, then target 1 face-up monster your opponent controls: take control of it until the End Phase.")
                .cost(Cost::tribute(1, F::Any))
                .target(1, F::Monster & F::FaceUp & F::OppControls)
                .op(Op::take_control(Obj::Targets, Duration::EndPhase)),
        ]),
        // Final Countdown
        95308449 => Behavior::with(vec![E::spell(
            NORMAL_SPELL,
            "Pay 2000 LP: at the end of the 20th turn, counting this turn as the 1st, you win the Duel.",
        )
        .cost(Cost::pay_lp(Num::Const(2000)))
        .op(Op::Later { at: Moment::EndOfTurn(20), ops: vec![Op::Win(Who::You)] })]),
        // Graceful Charity
        79571449 => Behavior::with(vec![E::spell(NORMAL_SPELL, "Draw 3 cards, then discard 2 cards.")
            .op(Op::Draw { who: Who::You, count: Num::Const(3) })
            .op(Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: F::Any, min: 2, max: 2 })
            .op(Op::Discard(Obj::Chosen))]),
        // Gravekeeper's Servant
        16762927 => Behavior::with(vec![continuous_spell(
            "While this card is face-up on the field, your opponent must send the top card of their Deck to the GY for each attack they declare.",
        )
        .modifier(Modifier::AttackCost { scope: Scope::Monsters(F::OppControls), cost: Cost::send_deck_top(1) })]),
        // Lightning Vortex
        69162969 => Behavior::with(vec![E::spell(NORMAL_SPELL, "Discard 1 card: destroy every face-up monster your opponent controls.")
            .cost(Cost::discard(1, F::Any))
            .op(Op::destroy(Obj::All(Place::Monsters(Who::Opponent), F::FaceUp)))]),
        // Mage Power
        83746708 => Behavior::with(vec![E::spell(
            SpellKind::Equip,
            "Equip to 1 face-up monster (targeted): it gains 500 ATK and DEF for each Spell and Trap Card you control (this card included).",
        )
        .target(1, F::Monster & F::FaceUp)
        .op(Op::EquipTo(Obj::Targets))
        .modifier(Modifier::AtkDef { scope: Scope::Equipped, atk: mage_power_bonus(), def: mage_power_bonus() })]),
        // Messenger of Peace
        44656491 => Behavior::with(vec![
            continuous_spell("While this card is face-up on the field, monsters with 1500 or more ATK cannot declare an attack.")
                .modifier(Modifier::cannot_attack(Scope::Monsters(F::atk_at_least(1500)))),
            crate::mechanics::upkeep(100, "Once per turn, in your Standby Phase: pay 100 LP, or destroy this card."),
        ]),
        // Metamorphosis
        46411259 => Behavior::with(vec![E::spell(
            NORMAL_SPELL,
            "Tribute 1 monster: Special Summon 1 Fusion Monster with the same Level as that monster from your Extra Deck.",
        )
        .cost(Cost::tribute(1, F::Any))
        .op(Op::Choose {
            who: Who::You,
            place: Place::Extra(Who::You),
            filter: F::ability(type_bits::FUSION) & F::stat(Stat::Level, Cmp::Eq, Num::Cost(CostStat::Level)) & F::can_special_summon(),
            min: 1,
            max: 1,
        })
        .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))]),
        // Meteor of Destruction
        33767325 => Behavior::with(vec![E::spell(NORMAL_SPELL, "Only while your opponent has more than 3000 LP: inflict 1000 damage to them.")
            .when(Condition::Compare(Num::Lp(Who::Opponent), Cmp::Gt, Num::Const(3000)))
            .op(Op::damage(Who::Opponent, Num::Const(1000)))]),
        // Mind Control
        37520316 => Behavior::with(vec![E::spell(
            NORMAL_SPELL,
            "Target 1 monster your opponent controls: take control of it until the End Phase; meanwhile it cannot declare an attack and cannot be Tributed.",
        )
        .target(1, F::Monster & F::OppControls)
        .op(Op::take_control(Obj::Targets, Duration::EndPhase))
        .then_if_did(vec![
            Op::Apply { what: Obj::Affected, modifier: Modifier::cannot_attack(Scope::This), until: Duration::EndOfTurn },
            Op::Apply { what: Obj::Affected, modifier: Modifier::cannot_be_tributed(Scope::This), until: Duration::EndOfTurn },
        ])]),
        // Mirage of Nightmare
        41482598 => Behavior::with(vec![
            continuous_spell("A Continuous Spell that stays on the field."),
            E::trigger(Trigger::Phase { phase: Phase::Standby, whose: Who::Opponent }, "Once per turn, in your opponent's Standby Phase: draw until you hold 4 cards.")
                .limit(Limit::PerCardPerTurn)
                .needs_card_on_field()
                .when(Condition::Compare(Num::count_of(Obj::All(Place::Hand(Who::You), F::Any)), Cmp::Lt, Num::Const(4)))
                .op(Op::Draw { who: Who::You, count: Num::minus(Num::Const(4), Num::count_of(Obj::All(Place::Hand(Who::You), F::Any))) })
                .op(Op::Remember { what: Obj::Affected, slot: Mem(0) }),
            E::trigger(
                Trigger::Phase { phase: Phase::Standby, whose: Who::You },
                "Then, in your next Standby Phase: discard at random as many cards as you drew that way (your whole hand if you hold fewer).",
            )
            .needs_card_on_field()
            .when(Condition::All(vec![
                Condition::TurnsSince { anchor: Anchor::Memory(Mem(0)), whose: Who::You, n: 1 },
                Condition::Compare(Num::RememberedCount(Mem(0)), Cmp::Gt, Num::Const(0)),
            ]))
            .op(Op::ChooseRandom { place: Place::Hand(Who::You), filter: F::Any, count: Num::RememberedCount(Mem(0)) })
            .op(Op::Discard(Obj::Chosen)),
        ]),
        // Monster Gate
        43040603 => monster_gate(
            "Tribute 1 monster: reveal cards from the top of your Deck until you reveal a monster that can be Normal Summoned or Set; Special Summon it, and send the other revealed cards to the GY. Only while your Deck holds such a monster.",
            Condition::Exists { place: Place::Deck(Who::You), filter: F::Monster & F::normal_summonable(), count: 1 },
        ),
        // Monster Reincarnation
        74848038 => Behavior::with(vec![E::spell(NORMAL_SPELL, "Discard 1 card, then target 1 monster in your GY: add it to your hand.")
            .cost(Cost::discard(1, F::Any))
            .target_in(Place::Gy(Who::You), 1, 1, F::Monster)
            .op(Op::ToHand(Obj::Targets))]),
        _ => return None,
    })
}

/// The 2005 behaviour of a card of this group whose text changed later (the Goat pool only).
pub fn behavior_2005(id: u32) -> Option<Behavior> {
    Some(match id {
        // Brain Control: the 2005 text takes any face-up monster (the "can be Normal
        // Summoned/Set" restriction came with a later errata).
        87910978 => brain_control("Pay 800 LP, then target 1 face-up monster your opponent controls: take control of it until the End Phase.", F::Any),
        // Monster Gate: in 2005 it could be activated whatever the Deck held; with no
        // monster that can be Normal Summoned or Set, the whole Deck is revealed and shuffled.
        43040603 => monster_gate(
            "Tribute 1 monster: reveal cards from the top of your Deck until you reveal a monster that can be Normal Summoned or Set; Special Summon it, and send the other revealed cards to the GY.",
            Condition::Always,
        ),
        _ => return None,
    })
}

/// A banished monster "Dimension Fusion" can return: face-up (a face-down banished card is
/// not known to be a monster) and able to be Special Summoned.
fn dimension_fusion_monster() -> F {
    F::Monster & F::FaceUp & F::can_special_summon()
}

/// "Mage Power": 500 for each Spell and Trap Card its controller controls; `Obj::All` never
/// counts the card itself, which is always one of them.
fn mage_power_bonus() -> Num {
    Num::plus(Num::Const(500), Num::per(500, Obj::All(Place::SpellTraps(Who::You), F::Any)))
}
