//! Goat pool part 2 (Quick-Play Spells of `../shared/spec/pools/goat-2.txt`), each a
//! declaration in the effect vocabulary with its rules text in the project's own words.

use ygo_core::card::{type_bits, Race, SpellKind, TrapKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};

const POT_OF_GREED: u32 = 55144522;
const DARK_MAGICIAN: u32 = 46986414;
const DARK_MAGICIAN_OF_CHAOS: u32 = 40737112;
const BERSERK_DRAGON: u32 = 85605684;

fn quick(text: &str) -> E {
    E::spell(SpellKind::QuickPlay, text)
}

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Dedication through Light and Darkness (the 2005 entry plays the same)
        69542930 => Behavior::with(vec![quick(
            "Tribute 1 \"Dark Magician\": Special Summon 1 \"Dark Magician of Chaos\" from your hand, Deck or GY.",
        )
        .cost(Cost::tribute(1, F::Named(DARK_MAGICIAN)))
        .op(Op::Choose {
            who: Who::You,
            place: Place::HandDeckOrGy(Who::You),
            filter: F::Named(DARK_MAGICIAN_OF_CHAOS) & F::can_special_summon(),
            min: 1,
            max: 1,
        })
        .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))]),
        // Jar Robber
        33784505 => Behavior::with(vec![quick("When \"Pot of Greed\" is activated: negate its effect, and you draw 1 card.")
            .when(Condition::chain_top_activates(F::Named(POT_OF_GREED)))
            .op(Op::negate_effect(false))
            .op(Op::Draw { who: Who::You, count: Num::Const(1) })]),
        // Malice Dispersion
        13626450 => {
            let continuous = || F::FaceUp & F::trap_of(TrapKind::Continuous);
            Behavior::with(vec![quick("Discard 1 card: destroy every face-up Continuous Trap on the field.")
                .cost(Cost::discard(1, F::Any))
                .when(Condition::Exists { place: Place::SpellTraps(Who::Both), filter: continuous(), count: 1 })
                .op(Op::destroy(Obj::All(Place::SpellTraps(Who::Both), continuous())))])
        }
        // Mind Wipe
        52817046 => Behavior::with(vec![quick(
            "Only while your opponent holds 1 to 3 cards: they shuffle their hand into their Deck, then draw as many cards.",
        )
        .when(Condition::All(vec![
            Condition::Exists { place: Place::Hand(Who::Opponent), filter: F::Any, count: 1 },
            Condition::Compare(Num::count_of(Obj::All(Place::Hand(Who::Opponent), F::Any)), Cmp::Le, Num::Const(3)),
        ]))
        .op(Op::ToDeck { what: Obj::All(Place::Hand(Who::Opponent), F::Any), top: false })
        .op(Op::Draw { who: Who::Opponent, count: Num::count_of(Obj::Affected) })]),
        // Monster Recovery
        93108433 => Behavior::with(vec![quick(
            "Target 1 monster you control and own: if it is still on the field, shuffle it and your whole hand into your Deck, then draw as many cards as you shuffled in from your hand.",
        )
        .target_in(Place::Monsters(Who::You), 1, 1, F::Monster & F::YouOwn)
        .op(Op::ToDeck { what: Obj::Targets, top: false })
        .then_if_did(vec![
            Op::ToDeck { what: Obj::All(Place::Hand(Who::You), F::Any), top: false },
            Op::Draw { who: Who::You, count: Num::count_of(Obj::Affected) },
        ])]),
        // Offerings to the Doomed
        19230407 => Behavior::with(vec![quick("Target 1 face-up monster: destroy it; you skip your next Draw Phase.")
            .target(1, F::Monster & F::FaceUp)
            .op(Op::destroy(Obj::Targets))
            .op(Op::ApplyPlayer { who: Who::You, effect: PlayerEffect::SkipDraw(1) })]),
        // The Big March of Animals (the 2005 entry plays the same)
        1689516 => {
            let beasts = || F::Monster & F::FaceUp & F::Race(Race::BEAST);
            Behavior::with(vec![quick(
                "Every face-up Beast monster you control gains 200 ATK for each Beast monster you control (counted now) until the end of the turn.",
            )
            .when(Condition::Exists { place: Place::Monsters(Who::You), filter: beasts(), count: 1 })
            .changes_stats_in_damage_step()
            .op(Op::Apply {
                what: Obj::All(Place::Monsters(Who::You), beasts()),
                modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::per(200, Obj::All(Place::Monsters(Who::You), beasts())), def: Num::Const(0) },
                until: Duration::EndOfTurn,
            })])
        }
        // The Reliable Guardian (the 2005 entry plays the same)
        16430187 => Behavior::with(vec![quick("Target 1 face-up monster: it gains 700 DEF until the end of the turn.")
            .target(1, F::Monster & F::FaceUp)
            .changes_stats_in_damage_step()
            .op(Op::Apply { what: Obj::Targets, modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(0), def: Num::Const(700) }, until: Duration::EndOfTurn })]),
        // A Deal with Dark Ruler (the 2005 entry plays the same)
        6850209 => Behavior::with(vec![quick(
            "Only in a turn a Level 8 or higher monster you controlled went to the GY: Special Summon 1 \"Berserk Dragon\" from your hand or Deck.",
        )
        .when(Condition::All(vec![
            Condition::FreeMonsterZones(1),
            Condition::Exists {
                place: Place::Gy(Who::You),
                filter: F::monster_card() & F::level_at_least(8) & F::ThisTurn(TurnFact::Arrived) & F::CameFrom(Origin::MonsterZone),
                count: 1,
            },
        ]))
        .op(Op::Choose { who: Who::You, place: Place::HandOrDeck(Who::You), filter: F::Named(BERSERK_DRAGON) & F::can_special_summon(), min: 1, max: 1 })
        .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))]),
        // Order to Charge (2005 wording: the Tribute is the cost)
        78986941 => Behavior::with(vec![quick("Tribute 1 Normal Monster (not a Token), then target 1 monster your opponent controls: destroy it.")
            .cost(Cost::tribute(1, F::card_type(type_bits::NORMAL) & !F::card_type(type_bits::TOKEN)))
            .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster)
            .op(Op::destroy(Obj::Targets))]),
        _ => return None,
    })
}
