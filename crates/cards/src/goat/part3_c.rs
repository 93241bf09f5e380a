//! Goat pool (part3_c): the rest of `../shared/spec/pools/goat-3.txt`; each a declaration in the effect vocabulary with its rules text in
//! the project's own words. The rulings decided for them are in `docs/rulings/goat-3-c.md`.

use crate::mechanics::in_damage_step;
use ygo_core::card::{type_bits, Race};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::Zone;

/// "Poisonous Snake Token", the token "Cobra Jar" summons.
const POISONOUS_SNAKE_TOKEN: u32 = 86801872;

/// A face-up Level 3 or lower Normal Monster ("Emissary of the Oasis").
fn small_normal() -> F {
    F::Monster & F::ability(type_bits::NORMAL) & F::level_at_most(3)
}

/// "+`n` ATK and DEF" applied to the cards the step before affected (or `what`), while the
/// source stays on the field.
fn raise(what: Obj, n: i32) -> Op {
    Op::Apply { what, modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(n), def: Num::Const(n) }, until: Duration::WhileSourceOnField }
}

/// The behaviour of this module's cards (2005 and today's where they agree), by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Total Defense Shogun
        75372290 => Behavior::with(vec![
            E::continuous("When this card is Normal or Flip Summoned, it is changed to Defense Position.")
                .when(Condition::JustSummoned { normal: true, flip: true, special: false, filter: !F::NotSelf })
                .modifier(Modifier::defense_when_summoned(Scope::This)),
            E::continuous("This card can attack while in face-up Defense Position; its ATK is used for damage calculation.")
                .modifier(Modifier::attack_in_defense(Scope::This)),
        ]),
        // Timeater
        44913552 => Behavior::with(vec![E::trigger(
            Trigger::destroys_by_battle(),
            "If this card destroys an opponent's monster by battle: your opponent skips the Main Phase 1 of their next turn.",
        )
        .when(Condition::EventCard(F::OppControls))
        .op(Op::ApplyPlayer { who: Who::Opponent, effect: PlayerEffect::SkipMain1(1) })]),
        // Watapon
        87774234 => Behavior::with(vec![E::optional_if(
            Trigger::Moved { from: vec![Zone::Deck], to: Zone::Hand, cause: Cause::Effect },
            "If this card is added from your Deck to your hand by a card effect (not drawn): you can Special Summon it.",
        )
        .range(Range::Hand)
        .when(Condition::All(vec![Condition::FreeMonsterZones(1), Condition::This(F::can_special_summon())]))
        .op(Op::special_summon(Obj::This, SummonPos::FaceUp))]),
        // Serpentine Princess
        71829750 => {
            let small = F::Monster & F::level_at_most(3) & F::can_special_summon();
            Behavior::with(vec![E::trigger(
                Trigger::Moved { from: vec![Zone::Monster], to: Zone::Deck, cause: Cause::Any },
                "If this face-up card is returned from the field to your Deck: Special Summon 1 Level 3 or lower monster from your Deck, then shuffle your Deck.",
            )
            .range(Range::Anywhere)
            .when(Condition::This(F::WasFaceUp))
            .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: small, min: 1, max: 1 })
            .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))
            .op(Op::ShuffleDeck(Who::You))])
        }
        // Grave Protector
        11448373 => Behavior::with(vec![E::continuous("Every monster destroyed by battle is shuffled into its owner's Deck instead of going to the GY.")
            .modifier(Modifier::battle_victims_to_deck(Scope::AllMonsters(F::Any)))]),
        // Emissary of the Oasis
        6103294 => Behavior::with(vec![
            E::continuous("While you control a face-up Level 3 or lower Normal Monster, your opponent cannot target this card for attacks.")
                .when(Condition::Exists { place: Place::Monsters(Who::You), filter: F::FaceUp & small_normal(), count: 1 })
                .modifier(Modifier::not_attack_target(Scope::This)),
            E::continuous("While this card is face-up, you take no battle damage from battles a Level 3 or lower Normal Monster is in.")
                .modifier(Modifier::no_battle_damage_from_battles_of(small_normal())),
        ]),
        // Cobra Jar
        86801871 => Behavior::with(vec![E::flip("FLIP: Special Summon 1 \"Poisonous Snake Token\" (Reptile, EARTH, Level 3, 1200/1200).")
            .op(Op::summon_tokens(POISONOUS_SNAKE_TOKEN, 1, SummonPos::FaceUp))]),
        // Poisonous Snake Token (Cobra Jar's)
        POISONOUS_SNAKE_TOKEN => {
            Behavior::with(vec![E::trigger(Trigger::LeftField(F::Any), "When this Token is destroyed by battle: its controller's opponent takes 500 damage.")
                .range(Range::Anywhere)
                .when(Condition::This(F::SentBy(Sent::Battle)))
                .op(Op::damage(Who::Opponent, Num::Const(500)))])
        }
        // Mucus Yolk
        70307656 => Behavior::with(vec![
            E::continuous("This card can attack your opponent directly.").modifier(Modifier::direct_attack(Scope::This)),
            E::trigger(
                Trigger::dealt_battle_damage(false, Subject::This),
                "Each time this card inflicts battle damage to your opponent: during your next Standby Phase it gains 1000 ATK, for as long as it stays face-up on the field.",
            )
            .op(Op::Later {
                at: Moment::YourNextStandbyPhase,
                ops: vec![Op::only_if(
                    Condition::This(F::OnField & F::FaceUp),
                    vec![Op::Apply {
                        what: Obj::This,
                        modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(1000), def: Num::Const(0) },
                        until: Duration::Permanent,
                    }],
                )],
            }),
        ]),
        // Castle of Dark Illusions
        62121 => {
            // Each of the next 4 Standby Phases of its controller: 200 more to the same Zombies.
            let mut later = vec![raise(Obj::Affected, 200)];
            for _ in 0..3 {
                later = vec![raise(Obj::Affected, 200), Op::Later { at: Moment::YourNextStandbyPhase, ops: later }];
            }
            Behavior::with(vec![E::flip(
                "FLIP: Every face-up Zombie on the field gains 200 ATK and DEF; during each of your next 4 Standby Phases, those Zombies gain 200 more. These gains last while this card stays on the field.",
            )
            .op(raise(Obj::All(Place::Monsters(Who::Both), F::FaceUp & F::Race(Race::ZOMBIE)), 200))
            .op(Op::Later { at: Moment::YourNextStandbyPhase, ops: later })])
        }
        // Cat's Ear Tribe
        95841282 => Behavior::with(vec![E::continuous(
            "During the Damage Step of your opponent's turn, the original ATK of their monster battling this card is 200.",
        )
        .when(Condition::All(vec![Condition::Timing(Timing::OpponentsTurn), in_damage_step(), Condition::This(F::InBattle)]))
        .modifier(Modifier::Becomes {
            layer: StatLayer::OriginalOf(Scope::Monsters(F::OppControls & F::InBattle)),
            atk: Some(Num::Const(200)),
            def: None,
        })]),
        _ => return None,
    })
}
