//! The 2005 versions (Goat format) of cards whose text was changed later: the "(GOAT)"
//! entries of `goat-entries.cdb` and the pre-errata passcodes of the GOAT list, each a
//! declaration of its own (`../shared/spec/pools/goat-1-versions.txt`). What each version
//! changes, and the rulings decided for it, are in `docs/rulings/versions.md`.
//!
//! Two 2005 rules recur:
//! - a search of the Deck (or hand and Deck) may be activated though nothing there fits;
//!   the player then shows the place searched and shuffles the Deck ([`crate::mechanics::search`]);
//! - no "once per turn" or name lock where the 2005 text has none.

use ygo_core::card::{Attribute, Race, SpellKind, TrapKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::{Phase, Zone};

use crate::mechanics::{self, search_or_show, searcher, summon_from_deck};
use crate::rule_examples::equip_spell;
use crate::zombie_madness::zombie;
use crate::Versions;

const ARMED_DRAGON_LV5: u32 = 46384672;
const ARMED_DRAGON_LV7: u32 = 73879377;
const POLYMERIZATION: u32 = 24094653;

/// "1 face-up monster gains `atk` ATK this turn", usable up to and during damage calculation.
fn quick_boost(kind: EffectKind, atk: i32, text: &str) -> Behavior {
    Behavior::with(vec![E::new(kind, text).target(1, F::Monster & F::FaceUp).changes_stats_through_damage_calculation().op(Op::Apply {
        what: Obj::Targets,
        modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(atk), def: Num::Const(0) },
        until: Duration::EndOfTurn,
    })])
}

/// A card that plays in 2005 as its declaration of today does, in this engine: today's
/// behaviour with the 2005 texts, one per effect (a test checks the counts).
fn as_today(id: u32, texts: &[&str]) -> Option<Behavior> {
    let mut b = crate::current_behavior(id)?;
    if b.effects.len() != texts.len() {
        return None;
    }
    for (e, t) in b.effects.iter_mut().zip(texts) {
        e.text = (*t).to_string();
    }
    Some(b)
}

/// The cards given a 2005 version here (`goat-1-versions.txt`), by official passcode.
pub const CARDS: [u32; 27] = [
    980973, 46384672, 40619825, 72989439, 95727991, 34124316, 80168720, 30314994, 79109599, 85602018, 39191307, 83011277, 71044499, 93920745, 77044671,
    17814387, 64631466, 83555666, 70046172, 61441708, 26202165, 73915051, 23205979, 63519819, 43586926, 53839837, 78010363,
];

/// The 2005 behaviour of a card, by its official passcode, if it differs from today's.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Armed Dragon LV3 (GOAT)
        980973 => mechanics::lv_monster(ARMED_DRAGON_LV5, Behavior::with(vec![mechanics::level_up(Versions::Goat2005,
            E::optional_if(
                Trigger::Phase { phase: Phase::Standby, whose: Who::You },
                "In your Standby Phase: you can send this face-up card to the GY to Special Summon 1 \"Armed Dragon LV5\" from your hand or Deck (with none there, show both).",
            ),
            ARMED_DRAGON_LV5,
        )])),
        // Armed Dragon LV5 (GOAT)
        46384672 => mechanics::lv_monster(ARMED_DRAGON_LV7, Behavior::with(vec![
            E::ignition("Send 1 monster from your hand to the GY to destroy 1 targeted face-up monster your opponent controls whose ATK is not higher than the sent monster's.")
                .cost(Cost::discard(1, F::Monster))
                .target(1, F::Monster & F::FaceUp & F::OppControls & F::stat(Stat::Atk, Cmp::Le, Num::Cost(CostStat::Atk)))
                .op(Op::destroy(Obj::Targets)),
            mechanics::level_up(Versions::Goat2005,
                E::optional_if(
                    Trigger::Phase { phase: Phase::End, whose: Who::Both },
                    "In the End Phase of a turn in which this card destroyed a monster by battle: you can send it to the GY to Special Summon 1 \"Armed Dragon LV7\" from your hand or Deck (with none there, show both).",
                ),
                ARMED_DRAGON_LV7,
            )
            .when(Condition::This(F::ThisTurn(TurnFact::DestroyedByBattle))),
        ])),
        // Axe of Despair (GOAT): its return does not miss the timing.
        40619825 => Behavior::with(vec![
            equip_spell(1000, "Equip to 1 face-up monster (targeted): it gets +1000 ATK."),
            E::optional_if(
                Trigger::SentToGy { from: vec![Zone::SpellTrap], cause: Cause::Any },
                "If this card goes from the field to the GY: you can Tribute 1 monster to put this card on top of your Deck.",
            )
            .range(Range::Gy)
            .cost(Cost::tribute(1, F::Any))
            .op(Op::ToDeck { what: Obj::This, top: true }),
        ]),
        // Black Luster Soldier - Envoy of the Beginning (GOAT)
        72989439 => as_today(
            id,
            &[
                "Cannot be Normal Summoned or Set; Special Summoned only by banishing 1 LIGHT and 1 DARK monster from your GY. Once in each of your turns, you can use 1 of its two following effects.",
                "Banish 1 targeted monster on the field; this card cannot attack this turn.",
                "If this card destroys an opponent's monster by battle: it can attack once more in a row.",
            ],
        )?,
        // Catapult Turtle (pre-errata): no once-per-turn limit.
        95727991 => Behavior::with(vec![E::ignition(
            "Tribute 1 monster (this card included) to inflict damage to your opponent equal to half the ATK that monster had on the field; as often as you like.",
        )
        .cost(Cost::tribute(1, F::Any))
        .op(Op::damage(Who::Opponent, Num::half(Num::Cost(CostStat::Atk))))]),
        // Cyber Jar (GOAT): both players pick up their 5 cards, then both summon.
        34124316 => as_today(
            id,
            &["FLIP: Destroy every monster on the field. Then each player picks up the top 5 cards of their Deck (as many as they have) and shows them; both then Special Summon every Level 4 or lower monster among theirs in face-up Attack or face-down Defense Position and add the rest to their hand."],
        )?,
        // Darkness Approaches (pre-errata): face-down in the same battle position.
        80168720 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Discard 2 cards as a cost, and target 1 face-up monster on the field: turn it face-down without changing its battle position (an Attack Position monster stays in Attack Position).",
        )
        .cost(Cost::discard(2, F::Any))
        .target(1, F::Monster & F::FaceUp)
        .op(Op::ChangePosition { what: Obj::Targets, to: PosChange::FaceDownInPlace })]),
        // Element Dragon (GOAT)
        30314994 => as_today(
            id,
            &[
                "While a FIRE monster is on the field, this card gets +500 ATK.",
                "While a WIND monster is on the field, when this card destroys an opponent's monster by battle it can attack again in a row.",
            ],
        )?,
        // King of the Swamp (GOAT): the search may come up empty.
        79109599 => Behavior {
            effects: vec![
                E::continuous("It can stand in for any 1 Fusion material (the other materials must be the right ones)."),
                E::ignition("Discard this card to add 1 \"Polymerization\" from your Deck to your hand (with none there, show your Deck); then shuffle your Deck.")
                    .from_hand()
                    .cost(Cost::discard_self())
                    .op(search_or_show(Place::Deck(Who::You), F::Named(POLYMERIZATION), vec![Op::ToHand(Obj::Chosen)])),
            ],
            fusion_substitute: true,
            ..Behavior::default()
        },
        // Last Will (GOAT): a state for the rest of the turn, used the first time a monster
        // goes from your field to your GY after it resolves (as a chain link), or lost.
        85602018 => Behavior::with(vec![
            E::spell(
                SpellKind::Normal,
                "For the rest of this turn, once: the first time a monster on your field is sent to your GY, you can Special Summon 1 monster with 1500 or less ATK from your Deck; then shuffle your Deck.",
            ),
            E::trigger(
                Trigger::LeftField(F::Monster & F::CameFrom(Origin::MonsterZone) & F::InPlace(Place::Gy(Who::You))),
                "The first time after its activation resolved this turn that a monster on your field is sent to your GY: you can Special Summon 1 monster with 1500 or less ATK from your Deck.",
            )
            .range(Range::Anywhere)
            .when(Condition::ResolvedThisTurn(0))
            .limit(Limit::PerCardPerTurn)
            .op(Op::MayDo(vec![summon_from_deck(F::Monster & F::atk_at_most(1500), SummonPos::FaceUp)])),
        ]),
        // Masked Dragon (GOAT)
        39191307 => mechanics::floater(Versions::Goat2005,
            "When this card is destroyed by battle and sent to the GY: you can Special Summon 1 Dragon monster with 1500 or less ATK from your Deck (with none there, show your Deck).",
            F::Race(Race::DRAGON) & F::atk_at_most(1500),
            SummonPos::FaceUp,
        ),
        // Mystic Tomato (GOAT)
        83011277 => mechanics::floater(Versions::Goat2005,
            "When this card is destroyed by battle and sent to the GY: you can Special Summon 1 DARK monster with 1500 or less ATK from your Deck in face-up Attack Position (with none there, show your Deck).",
            F::Attribute(Attribute::Dark) & F::atk_at_most(1500),
            SummonPos::Attack,
        ),
        // Nobleman of Crossout (GOAT): the target is banished even if it was flipped face-up.
        71044499 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Destroy 1 targeted face-down monster and banish it (even if it is face-up by then); if it is a Flip monster, both players show their Main Decks and banish every card in them with its name.",
        )
        .target(1, F::Monster & F::at_activation(F::FaceDown))
        .op(Op::destroy_and_banish(Obj::Targets))
        .op(Op::If {
            test: Test::AffectedIs(F::ability(ygo_core::card::type_bits::FLIP)),
            then: vec![
                Op::Reveal(Obj::All(Place::Deck(Who::Both), F::same_name_as(Obj::Affected))),
                Op::Banish { what: Obj::All(Place::Deck(Who::Both), F::same_name_as(Obj::Affected)), face_down: false },
            ],
            otherwise: vec![],
        })]),
        // Penguin Soldier (GOAT): a mandatory FLIP effect that may target nothing.
        93920745 => Behavior::with(vec![E::flip("FLIP: you can target up to 2 monsters on the field and return them to their owners' hands.")
            .target_in(Place::Monsters(Who::Both), 0, 2, F::Monster)
            .op(Op::ToHand(Obj::Targets))]),
        // Pyramid Turtle (GOAT)
        77044671 => mechanics::floater(Versions::Goat2005,
            "When this card is destroyed by battle and sent to the GY: you can Special Summon 1 Zombie monster with 2000 or less DEF from your Deck (with none there, show your Deck).",
            zombie() & F::def_at_most(2000),
            SummonPos::FaceUp,
        ),
        // Reinforcements (GOAT): also during damage calculation.
        17814387 => quick_boost(
            EffectKind::Trap(TrapKind::Normal),
            500,
            "1 targeted face-up monster gets +500 ATK this turn; it may be activated in the Damage Step up to and during damage calculation.",
        ),
        // Relinquished (GOAT)
        64631466 => as_today(
            id,
            &[
                "A Ritual monster (\"Black Illusion Ritual\"). If it would be destroyed by battle, the monster equipped to it by its effect is destroyed instead; while so equipped, battle damage you take from its battles is also dealt to your opponent.",
                "Once per turn, while no monster is equipped to it this way: you can target 1 monster your opponent controls and equip it to this card. This card's ATK and DEF become that monster's.",
            ],
        )?,
        // Ring of Destruction (pre-errata): any face-up monster, any turn, its current ATK
        // to both players at once.
        83555666 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "Destroy 1 targeted face-up monster on the field; both players take damage equal to the ATK it had.",
        )
        .target(1, F::Monster & F::FaceUp)
        .op(Op::destroy(Obj::Targets))
        .then_if_did(vec![Op::damage(Who::Both, Num::stat_of(Stat::Atk, Obj::Affected))])]),
        // Rush Recklessly (GOAT): also during damage calculation.
        70046172 => quick_boost(
            EffectKind::Spell(SpellKind::QuickPlay),
            700,
            "1 targeted face-up monster gets +700 ATK this turn; it may be activated in the Damage Step up to and during damage calculation.",
        ),
        // Sacred Phoenix of Nephthys (GOAT): destroyed as a monster only; its destruction of
        // spells and traps is a trigger of its own.
        61441708 => Behavior::with(vec![
            E::trigger(
                Trigger::Phase { phase: Phase::Standby, whose: Who::You },
                "In your first Standby Phase after this monster was destroyed by a card effect and sent to the GY: it is Special Summoned from the GY.",
            )
            .range(Range::Gy)
            .when(Condition::All(vec![
                Condition::This(F::CameFrom(Origin::MonsterZone) & F::SentBy(Sent::DestroyedByEffect)),
                Condition::TurnsSince { anchor: Anchor::Arrival, whose: Who::You, n: 1 },
            ]))
            .op(Op::special_summon(Obj::This, SummonPos::FaceUp)),
            E::trigger(
                Trigger::Summoned { normal: false, flip: false, special: true, of: Subject::This },
                "When it is Special Summoned by its own effect: destroy every spell and trap on the field.",
            )
            .when(Condition::ResolvedThisTurn(0))
            .op(Op::destroy(Obj::All(Place::SpellTraps(Who::Both), F::Any))),
        ]),
        // Sangan (GOAT)
        26202165 => searcher(
            "When this card is sent from the field to the GY: add 1 monster with 1500 or less ATK from your Deck to your hand, shown to your opponent (with none there, show your Deck); then shuffle your Deck.",
            F::atk_at_most(1500),
        ),
        // Scapegoat (GOAT)
        73915051 => as_today(
            id,
            &["Only if you have not Normal, Flip or Special Summoned this turn; you cannot do so for the rest of the turn (Setting is allowed). Special Summon 4 Sheep Tokens (Beast, EARTH, Level 1, 0/0) in Defense Position; they cannot be Tributed for a Tribute Summon or Set."],
        )?,
        // Spirit Reaper (GOAT): destroyed as soon as it is targeted.
        23205979 => Behavior::with(vec![
            E::continuous("This card is not destroyed by battle.").modifier(Modifier::indestructible_by_battle(Scope::This)),
            E::continuous("When this face-up card is targeted by a card effect, it is destroyed at once.").modifier(Modifier::destroy_when_targeted(Scope::This)),
            E::trigger(
                Trigger::dealt_battle_damage(true, Subject::This),
                "If this card attacks your opponent directly and deals battle damage: they discard 1 card at random.",
            )
            .op(Op::ChooseRandom { place: Place::Hand(Who::Opponent), filter: F::Any, count: Num::Const(1) })
            .op(Op::Discard(Obj::Chosen)),
        ]),
        // Thousand-Eyes Restrict (GOAT)
        63519819 => as_today(
            id,
            &[
                "Fusion materials: \"Relinquished\" + \"Thousand-Eyes Idol\". While it is face-up, no other monster can attack or change its battle position. If it would be destroyed by battle, the monster equipped to it by its effect is destroyed instead.",
                "Once per turn, while no monster is equipped to it this way: you can target 1 monster your opponent controls and equip it to this card. This card's ATK and DEF become that monster's.",
            ],
        )?,
        // Twin-Headed Behemoth (pre-errata): once per Duel for each copy.
        43586926 => Behavior::with(vec![E::optional_if(
            Trigger::Phase { phase: Phase::End, whose: Who::Both },
            "In the End Phase of a turn in which this card was destroyed on the field and sent to the GY: you can Special Summon it; its ATK and DEF become 1000. Each copy only once per Duel.",
        )
        .range(Range::Gy)
        .when(Condition::This(F::ThisTurn(TurnFact::Arrived) & F::CameFrom(Origin::Field) & F::SentBy(Sent::Destroyed)))
        .limit(Limit::PerCardPerDuel)
        .op(Op::special_summon(Obj::This, SummonPos::FaceUp))
        .then_if_did(vec![Op::Apply {
            what: Obj::Affected,
            modifier: Modifier::set_original(Some(Num::Const(1000)), Some(Num::Const(1000))),
            until: Duration::Permanent,
        }])]),
        // Vampire Lord (GOAT)
        53839837 => as_today(
            id,
            &[
                "Each time this card inflicts battle damage to your opponent: declare Monster, Spell or Trap; your opponent picks 1 card of that type in their Deck and sends it to the GY.",
                "In your next Standby Phase after this monster on your field was destroyed by an opponent's card effect and sent to your GY: it is Special Summoned from the GY.",
            ],
        )?,
        // Witch of the Black Forest (GOAT)
        78010363 => searcher(
            "When this card is sent from the field to the GY: add 1 monster with 1500 or less DEF from your Deck to your hand, shown to your opponent (with none there, show your Deck); then shuffle your Deck.",
            F::def_at_most(1500),
        ),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every listed card has its 2005 declaration, and each of its effects its own 2005 text
    /// (a version written `as_today` with a wrong number of texts has none).
    #[test]
    fn every_listed_card_has_a_2005_version_with_its_own_texts() {
        for id in CARDS {
            let old = behavior(id).unwrap_or_else(|| panic!("no 2005 version of {id}"));
            let now = crate::current_behavior(id).unwrap_or_else(|| panic!("no current version of {id}"));
            for (i, e) in old.effects.iter().enumerate() {
                assert!(!e.text.is_empty(), "{id} effect {i} has no text");
                assert!(now.effects.iter().all(|n| n.text != e.text), "{id} effect {i} reads as today's: {}", e.text);
            }
        }
    }

    /// The Goat pool plays these versions; the current pool does not.
    #[test]
    fn the_goat_pool_plays_the_2005_versions() {
        let goat = crate::pool_with(crate::Versions::Goat2005);
        let today = crate::pool();
        for id in CARDS {
            let (g, t) = (goat.find(&id.to_string()).expect("in the Goat pool"), today.find(&id.to_string()).expect("in the pool"));
            assert_eq!(goat.def(g).behavior, behavior(id).unwrap(), "{id}");
            assert_ne!(goat.def(g).data.text, today.def(t).data.text, "{id}");
        }
    }
}
