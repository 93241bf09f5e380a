//! Goat batch 1 (traps): cards of `/work/shared/spec/pools/goat-1.txt`, each a declaration in
//! the effect vocabulary with its rules text in the project's own words.

#[allow(unused_imports)]
use ygo_core::card::{Attribute, Kind, Race, SpellKind, TrapKind};
#[allow(unused_imports)]
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::Phase;

/// "Ojama Token" (the token card Ojama Trio creates).
const OJAMA_TOKEN: u32 = 29843092;

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Bad Reaction to Simochi
        40633297 => Behavior::with(vec![E::trap(
            TrapKind::Continuous,
            "While this card is face-up, whenever a card effect would make your opponent gain LP, they take that much damage instead.",
        )
        .modifier(Modifier::OpponentGainsBecomeDamage)]),
        // Bottomless Trap Hole
        29401950 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "When your opponent Normal, Flip or Special Summons 1 or more monsters with 1500 or more ATK: destroy those monsters and banish them.",
        )
        .when(Condition::JustSummoned { normal: true, flip: true, special: true, filter: F::OppControls & F::FaceUp & F::atk_at_least(1500) })
        .op(Op::DestroyAndBanish(Obj::All(Place::Monsters(Who::Opponent), F::JustSummoned & F::FaceUp & F::atk_at_least(1500))))]),
        // Chain Disappearance
        57139487 => {
            let weak = || F::JustSummoned & F::FaceUp & F::atk_at_most(1000);
            Behavior::with(vec![E::trap(
                TrapKind::Normal,
                "When 1 or more monsters with 1000 or less ATK are Summoned: banish them; then your opponent banishes every card with the same name from their hand and Deck.",
            )
            .when(Condition::JustSummoned { normal: true, flip: true, special: true, filter: F::FaceUp & F::atk_at_most(1000) })
            .op(Op::Banish { what: Obj::All(Place::Monsters(Who::Both), weak()), face_down: false })
            .then_if_did(vec![
                Op::Banish { what: Obj::All(Place::HandOrDeck(Who::Opponent), F::same_name_as(Obj::Affected)), face_down: false },
                Op::ShuffleDeck(Who::Opponent),
            ])])
        }
        // Drop Off
        55773067 => {
            let normal_draw = || F::SentBy(Sent::Draw) & !F::SentBy(Sent::Effect);
            Behavior::with(vec![E::trap(TrapKind::Normal, "When your opponent draws for their Draw Phase: they discard the card they drew.")
                .when(Condition::All(vec![
                    Condition::OpponentsTurn,
                    Condition::InPhase(Phase::Draw),
                    Condition::Exists { place: Place::Hand(Who::Opponent), filter: normal_draw() & F::JustArrived, count: 1 },
                ]))
                .op(Op::Discard(Obj::All(Place::Hand(Who::Opponent), normal_draw() & F::ThisTurn(TurnFact::Arrived))))])
        }
        // Light of Intervention
        62867251 => Behavior::with(vec![E::trap(
            TrapKind::Continuous,
            "While this card is face-up, no monster can be Set; a Normal Summon may be in face-up Defense Position, and a monster that would be Special Summoned face-down is Special Summoned in face-up Defense Position instead.",
        )
        .modifier(Modifier::NoMonsterSets)]),
        // Magical Thorn
        53119267 => Behavior::with(vec![
            E::trap(TrapKind::Continuous, "Activate this card to put it face-up on the field."),
            E::trigger(Trigger::AnyDiscarded(F::OppControls), "While it is face-up, each time cards are discarded from your opponent's hand, they take 500 damage for each of them.")
                .op(Op::Damage { who: Who::Opponent, amount: Num::per(500, Obj::EventCard) }),
        ]),
        // Ojama Trio
        29843091 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "Special Summon 3 Ojama Tokens (Beast, LIGHT, Level 2, 0/1000) to your opponent's field in Defense Position. They cannot be Tributed for a Tribute Summon; each time one is destroyed, its controller takes 300 damage.",
        )
        .op(Op::SummonTokensFor { who: Who::Opponent, code: OJAMA_TOKEN, count: 3, pos: SummonPos::Defense })
        .op(Op::Apply { what: Obj::Affected, modifier: Modifier::NoTributeSummonMaterial(Scope::This), until: Duration::Permanent })]),
        // Ojama Token: the 300 damage of Ojama Trio is written on the token it creates (no
        // other card creates Ojama Tokens), as a trigger of the token leaving the field.
        OJAMA_TOKEN => Behavior::with(vec![E::trigger(
            Trigger::LeftField(F::SentBy(Sent::Destroyed)),
            "A token made by \"Ojama Trio\" (Beast, LIGHT, Level 2, 0/1000): when it is destroyed, its controller takes 300 damage.",
        )
        .op(Op::Damage { who: Who::You, amount: Num::Const(300) })]),
        // Pikeru's Circle of Enchantment
        74270067 => Behavior::with(vec![E::trap(TrapKind::Normal, "You take no effect damage for the rest of this turn.")
            .op(Op::ApplyPlayer { who: Who::You, effect: PlayerEffect::NoEffectDamage })]),
        // Robbin' Goblin
        88279736 => Behavior::with(vec![
            E::trap(TrapKind::Continuous, "Activate this card to put it face-up on the field."),
            E::trigger(
                Trigger::AnyDealtBattleDamage(F::YouControl),
                "While it is face-up, each time a monster you control inflicts battle damage to your opponent, they discard 1 random card.",
            )
            .op(Op::ChooseRandom { place: Place::Hand(Who::Opponent), filter: F::Any, count: 1 })
            .op(Op::Discard(Obj::Chosen)),
        ]),
        // Rock Bombardment
        20781762 => Behavior::with(vec![E::trap(TrapKind::Normal, "Send 1 Rock monster from your Deck to the GY: your opponent takes 500 damage.")
            .cost(Cost::SendFromDeck { count: 1, filter: F::Monster & F::Race(Race::ROCK) })
            .op(Op::Damage { who: Who::Opponent, amount: Num::Const(500) })]),
        // Royal Oppression
        93016201 => Behavior::with(vec![
            E::trap(TrapKind::Continuous, "Activate this card to put it face-up on the field."),
            E::trap(
                TrapKind::Continuous,
                "While it is face-up, either player can pay 800 LP to negate the Special Summon of a monster, or an effect that Special Summons, and destroy that card.",
            )
            .by_either_player()
            .when(Condition::All(vec![Condition::This(F::FaceUp), Condition::Any(vec![Condition::SpecialSummonPending, Condition::ChainTopSpecialSummons])]))
            .cost(Cost::PayLp(Num::Const(800)))
            .op(Op::If { test: Test::Holds(Condition::SpecialSummonPending), then: vec![Op::NegateSummon], otherwise: vec![Op::NegateEffect { destroy: true }] }),
        ]),
        // Skull Lair
        6733059 => Behavior::with(vec![
            E::trap(TrapKind::Continuous, "Activate this card to put it face-up on the field."),
            E::trap(
                TrapKind::Continuous,
                "While it is face-up: banish any number of monster cards from your GY, then target 1 face-up monster on the field whose Level equals the number banished; destroy it.",
            )
            .when(Condition::This(F::FaceUp))
            .cost(Cost::BanishAnyFromGy { filter: F::MonsterCard })
            .target(1, F::Monster & F::FaceUp & F::stat(Stat::Level, Cmp::Eq, Num::Cost(CostStat::Cards)))
            .op(Op::Destroy(Obj::Targets)),
        ]),
        // Solemn Wishes
        35346968 => Behavior::with(vec![
            E::trap(TrapKind::Continuous, "Activate this card to put it face-up on the field."),
            E::trigger(Trigger::Drew(Who::You), "While it is face-up, each time you draw (1 or more cards at once), you gain 500 LP.")
                .op(Op::GainLp { who: Who::You, amount: Num::Const(500) }),
        ]),
        // Wall of Revealing Light
        17078030 => Behavior::with(vec![E::trap(
            TrapKind::Continuous,
            "Pay any multiple of 1000 LP: while this card is face-up, monsters your opponent controls with ATK less than or equal to the LP paid cannot declare an attack.",
        )
        .cost(Cost::PayLpMultiple(1000))
        .op(Op::ApplyRule {
            modifier: Modifier::CannotAttack(Scope::Monsters(F::OppControls & F::stat(Stat::Atk, Cmp::Le, Num::Cost(CostStat::Lp)))),
            until: Duration::WhileSourceOnField,
        })]),
        _ => return None,
    })
}

/// The 2005 behaviour of a card of this group whose text changed later (the Goat pool only).
pub fn behavior_2005(id: u32) -> Option<Behavior> {
    let _ = id;
    None
}
