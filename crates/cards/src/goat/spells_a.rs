//! Goat batch 1 (spells_a): cards of `/work/shared/spec/pools/goat-1.txt`, each a declaration in
//! the effect vocabulary with its rules text in the project's own words.

use ygo_core::card::type_bits;
#[allow(unused_imports)]
use ygo_core::card::{Attribute, Race, SpellKind, TrapKind};
#[allow(unused_imports)]
use ygo_core::effect::{EffectDecl as E, Filter as F, *};

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
        .cost(Cost::PayLp(Num::Const(800)))
        .target(1, F::Monster & F::FaceUp & F::OppControls & filter)
        .op(Op::TakeControl { what: Obj::Targets, until: Duration::EndPhase })])
}

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // A Feather of the Phoenix
        49140998 => Behavior::with(vec![E::spell(NORMAL_SPELL, "Discard 1 card, then target 1 card in your GY: put it on top of your Deck.")
            .cost(Cost::Discard { count: 1, filter: F::Any })
            .target_in(Place::Gy(Who::You), 1, 1, F::Any)
            .op(Op::ToDeck { what: Obj::Targets, top: true })]),
        // Abyssal Designator
        89801755 => Behavior::with(vec![E::spell(
            NORMAL_SPELL,
            "Pay 1000 LP and declare a Type and an Attribute: your opponent sends 1 monster of both from their hand or Deck to the GY.",
        )
        .cost(Cost::PayLp(Num::Const(1000)))
        .op(Op::Declare(Declare::Race))
        .op(Op::Declare(Declare::Attribute))
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
            .cost(Cost::PayLp(Num::Const(500)))
            .op(Op::Declare(Declare::CardName))
            .op(Op::Reveal(Obj::DeckTop(Who::You, 1)))
            .op(Op::If { test: Test::AffectedIs(F::Declared), then: vec![Op::ToHand(Obj::Affected)], otherwise: vec![Op::SendToGy(Obj::Affected)] }),
        ]),
        // Book of Moon
        14087893 => Behavior::with(vec![E::spell(QUICK_SPELL, "Target 1 face-up monster on the field: turn it face-down in Defense Position.")
            .target(1, F::Monster & F::FaceUp & !F::Ability(type_bits::TOKEN))
            .op(Op::ChangePosition { what: Obj::Targets, to: PosChange::FaceDownDefense })]),
        // Book of Taiyou
        38699854 => Behavior::with(vec![E::spell(NORMAL_SPELL, "Target 1 face-down monster on the field: turn it face-up in Attack Position.")
            .target(1, F::Monster & F::FaceDown)
            .op(Op::ChangePosition { what: Obj::Targets, to: PosChange::FaceUpAttack })]),
        // Brain Control
        87910978 => brain_control(
            "Pay 800 LP, then target 1 face-up monster your opponent controls that can be Normal Summoned or Set: take control of it until the End Phase.",
            F::NormalSummonable,
        ),
        // Card Destruction
        72892473 => Behavior::with(vec![E::spell(
            NORMAL_SPELL,
            "Both players discard their whole hands, then each draws as many cards as they discarded.",
        )
        .when(Condition::Exists { place: Place::Hand(Who::Both), filter: F::Any, count: 1 })
        .op(Op::Discard(Obj::All(Place::Hand(Who::Both), F::Any)))
        .op(Op::Remember { what: Obj::Affected, slot: Mem(0) })
        .op(Op::Draw { who: Who::You, count: Num::CountOf(Obj::Filtered(Box::new(Obj::Memory(Mem(0))), F::YouOwn)) })
        .op(Op::Draw { who: Who::Opponent, count: Num::CountOf(Obj::Filtered(Box::new(Obj::Memory(Mem(0))), !F::YouOwn)) })]),
        // Convulsion of Nature
        62966332 => Behavior::with(vec![continuous_spell(
            "While this card is face-up on the field, both players' Decks are turned over: the top card of each Deck is face-up for both players to see.",
        )
        .modifier(Modifier::DecksFaceUp)]),
        // Dark Room of Nightmare
        85562745 => Behavior::with(vec![
            continuous_spell("A Continuous Spell that stays on the field."),
            E::trigger(
                Trigger::EffectDamage { who: Who::Opponent, by: !F::Named(DARK_ROOM_OF_NIGHTMARE) },
                "Each time your opponent takes damage from a card effect other than a \"Dark Room of Nightmare\": they take 300 more damage.",
            )
            .op(Op::Damage { who: Who::Opponent, amount: Num::Const(300) }),
        ]),
        // Delinquent Duo
        44763025 => Behavior::with(vec![E::spell(
            NORMAL_SPELL,
            "Pay 1000 LP: your opponent discards 1 card at random, then, if they still hold a card, 1 more card of their choice.",
        )
        .when(Condition::Exists { place: Place::Hand(Who::Opponent), filter: F::Any, count: 1 })
        .cost(Cost::PayLp(Num::Const(1000)))
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
        .cost(Cost::PayLp(Num::Const(2000)))
        .op(Op::SpecialSummon { what: Obj::All(Place::Banished(Who::Both), dimension_fusion_monster()), pos: SummonPos::FaceUp, side: Side::Owner })]),
        _ => return None,
    })
}

/// The 2005 behaviour of a card of this group whose text changed later (the Goat pool only).
pub fn behavior_2005(id: u32) -> Option<Behavior> {
    Some(match id {
        // Brain Control: the 2005 text takes any face-up monster (the "can be Normal
        // Summoned/Set" restriction came with a later errata).
        87910978 => brain_control("Pay 800 LP, then target 1 face-up monster your opponent controls: take control of it until the End Phase.", F::Any),
        _ => return None,
    })
}

/// A banished monster "Dimension Fusion" can return: face-up (a face-down banished card is
/// not known to be a monster) and able to be Special Summoned.
fn dimension_fusion_monster() -> F {
    F::Monster & F::FaceUp & F::CanSpecialSummon
}
