//! Goat pool part 2 (part2_spells): the Normal Spells of `../shared/spec/pools/goat-2.txt`,
//! each a declaration in the effect vocabulary with its rules text in the project's own
//! words.

use ygo_core::card::type_bits;
#[allow(unused_imports)]
use ygo_core::card::{Attribute, Race, SpellKind, TrapKind};
#[allow(unused_imports)]
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::{Phase, SummonKind};

use crate::mechanics;
use crate::Versions;

const NORMAL_SPELL: SpellKind = SpellKind::Normal;

const BLUE_EYES_WHITE_DRAGON: u32 = 89631139;
const DARK_MAGICIAN: u32 = 46986414;
const ENVOY_OF_THE_BEGINNING: u32 = 72989439;
const ENVOY_OF_THE_END: u32 = 82301904;
const OJAMA_GREEN: u32 = 12482652;
const OJAMA_YELLOW: u32 = 42941100;
const OJAMA_BLACK: u32 = 79335209;
const BUSTER_BLADER: u32 = 78193831;
const POLYMERIZATION: u32 = 24094653;
const GATHER_YOUR_MIND: u32 = 7512044;
const HARPIE_LADY: u32 = 76812113;
const HARPIE_LADY_SISTERS: u32 = 12206212;

/// A Normal Spell.
fn spell(text: &str) -> E {
    E::spell(NORMAL_SPELL, text)
}

/// "You control a face-up `code`".
fn you_control(code: u32) -> Condition {
    Condition::Exists { place: Place::Monsters(Who::You), filter: F::FaceUp & F::Named(code), count: 1 }
}

/// At least `count` of your cards match in the place.
fn at_least(place: Place, filter: F, count: u8) -> Condition {
    Condition::Exists { place, filter, count }
}

/// A Normal Spell that only changes life points.
fn lp_spell(text: &str, op: Op) -> Behavior {
    Behavior::with(vec![spell(text).op(op)])
}

/// "Destroy every card in `place` matching `filter`", under `condition`.
fn destroy_all(text: &str, condition: Condition, place: Place, filter: F) -> Behavior {
    Behavior::with(vec![spell(text).when(Condition::All(vec![condition, at_least(place, filter.clone(), 1)])).op(Op::destroy(Obj::All(place, filter)))])
}

/// "Destroy every card of yours in `place` matching `filter`; gain `each` LP for each".
fn destroy_all_then_gain(text: &str, place: Place, filter: F, each: i32) -> Behavior {
    Behavior::with(vec![spell(text)
        .when(at_least(place, filter.clone(), 1))
        .op(Op::destroy(Obj::All(place, filter)))
        .op(Op::gain_lp(Who::You, Num::per(each, Obj::Affected)))])
}

/// "Add 1 card matching `filter` from `place` to your hand" (2005: with none there, the
/// place is shown).
fn fetch(v: Versions, text: &str, place: Place, filter: F) -> Behavior {
    let mut e = spell(text);
    if v == Versions::Current {
        e = e.when(at_least(place, filter.clone(), 1));
    }
    for op in mechanics::search(v, place, filter, vec![Op::ToHand(Obj::Chosen)]) {
        e = e.op(op);
    }
    Behavior::with(vec![e])
}

/// "Emblem of Dragon Destroyer": "Buster Blader" from the Deck or GY.
fn emblem(v: Versions) -> Behavior {
    fetch(
        v,
        "Add 1 \"Buster Blader\" from your Deck or GY to your hand.",
        Place::HandDeckOrGy(Who::You),
        F::Named(BUSTER_BLADER) & !F::InPlace(Place::Hand(Who::You)),
    )
}

/// "Fusion Sage": "Polymerization" from the Deck.
fn fusion_sage(v: Versions) -> Behavior {
    fetch(v, "Add 1 \"Polymerization\" from your Deck to your hand.", Place::Deck(Who::You), F::Named(POLYMERIZATION))
}

/// "Gather Your Mind": another copy from the Deck, once per turn.
fn gather_your_mind(v: Versions) -> Behavior {
    let mut b = fetch(
        v,
        "Add 1 \"Gather Your Mind\" from your Deck to your hand. Only 1 \"Gather Your Mind\" per turn.",
        Place::Deck(Who::You),
        F::Named(GATHER_YOUR_MIND),
    );
    b.effects[0].limit = Limit::PerNamePerTurn;
    b
}

/// "Elegant Egotist": with a "Harpie Lady" face-up on the field, Special Summon 1 "Harpie
/// Lady" or "Harpie Lady Sisters" from the hand or Deck.
fn elegant_egotist(v: Versions) -> Behavior {
    let filter = (F::Named(HARPIE_LADY) | F::Named(HARPIE_LADY_SISTERS)) & F::can_special_summon();
    let mut e = spell("If a \"Harpie Lady\" is face-up on the field: Special Summon 1 \"Harpie Lady\" or \"Harpie Lady Sisters\" from your hand or Deck.")
        .when(Condition::All(vec![at_least(Place::Monsters(Who::Both), F::FaceUp & F::Named(HARPIE_LADY), 1), Condition::FreeMonsterZones(1)]));
    if v == Versions::Current {
        e = e.when(Condition::All(vec![
            at_least(Place::Monsters(Who::Both), F::FaceUp & F::Named(HARPIE_LADY), 1),
            at_least(Place::HandOrDeck(Who::You), filter.clone(), 1),
        ]));
    }
    for op in mechanics::search(v, Place::HandOrDeck(Who::You), filter, vec![Op::special_summon(Obj::Chosen, SummonPos::FaceUp)]) {
        e = e.op(op);
    }
    Behavior::with(vec![e])
}

/// "Insect Imitation": Tribute 1 monster, Special Summon an Insect 1 Level higher from the
/// Deck (2005: face-up Attack or face-down Defense Position).
fn insect_imitation(v: Versions) -> Behavior {
    let filter = F::Race(Race::INSECT) & F::stat(Stat::Level, Cmp::Eq, Num::plus(Num::Cost(CostStat::Level), Num::Const(1))) & F::can_special_summon();
    let pos = match v {
        Versions::Current | Versions::Edison2010 => SummonPos::FaceUp,
        Versions::Goat2005 => SummonPos::AttackOrSet,
    };
    Behavior::with(vec![spell("Tribute 1 monster: Special Summon 1 Insect from your Deck whose Level is 1 higher than the Tributed monster's.")
        .cost(Cost::tribute(1, F::Any))
        .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter, min: 1, max: 1 })
        .op(Op::special_summon(Obj::Chosen, pos))])
}

/// "Thousand Energy" / "Triangle Power": your face-up Level `level` Normal Monsters gain
/// `boost` ATK and DEF until the End Phase, then, in the End Phase, each of your Level `level`
/// Normal Monsters is destroyed.
fn normal_boost_then_destroy(text: &str, level: i32, boost: i32) -> Behavior {
    let small = F::Monster & F::ability(type_bits::NORMAL) & !F::ability(type_bits::TOKEN) & F::stat(Stat::Level, Cmp::Eq, Num::Const(level));
    Behavior::with(vec![spell(text)
        .when(at_least(Place::Monsters(Who::You), F::FaceUp & small.clone(), 1))
        .op(Op::Apply {
            what: Obj::All(Place::Monsters(Who::You), F::FaceUp & small.clone()),
            modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(boost), def: Num::Const(boost) },
            until: Duration::EndPhase,
        })
        .op(Op::Later { at: Moment::EndPhase, ops: vec![Op::destroy(Obj::All(Place::Monsters(Who::You), small))] })])
}

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Dark Core
        70231910 => Behavior::with(vec![spell("Discard 1 card, then target 1 face-up monster on the field: banish it.")
            .cost(Cost::discard(1, F::Any))
            .target(1, F::Monster & F::FaceUp)
            .op(Op::Banish { what: Obj::Targets, face_down: false })]),
        // Dimension Distortion
        95194279 => Behavior::with(vec![spell("If your GY is empty: target 1 of your banished monsters; Special Summon it.")
            .when(Condition::All(vec![Condition::NoneIn { place: Place::Gy(Who::You), filter: F::Any }, Condition::FreeMonsterZones(1)]))
            .target_in(Place::Banished(Who::You), 1, 1, F::Monster & F::FaceUp & F::can_special_summon())
            .op(Op::special_summon(Obj::Targets, SummonPos::FaceUp))]),
        // Gravedigger Ghoul
        82542267 => Behavior::with(vec![spell("Target up to 2 monsters in your opponent's GY: banish them.")
            .target_in(Place::Gy(Who::Opponent), 1, 2, F::Monster)
            .op(Op::Banish { what: Obj::Targets, face_down: false })]),
        // Miracle Dig
        6343408 => Behavior::with(vec![spell("If 5 or more of your monsters are banished: target 3 of them; return them to the GY.")
            .when(at_least(Place::Banished(Who::You), F::Monster & F::FaceUp, 5))
            .target_in(Place::Banished(Who::You), 3, 3, F::Monster & F::FaceUp)
            .op(Op::SendToGy(Obj::Targets))]),
        // Primal Seed
        23701465 => Behavior::with(vec![spell(
            "If \"Black Luster Soldier - Envoy of the Beginning\" or \"Chaos Emperor Dragon - Envoy of the End\" is face-up on the field: target 2 of your banished cards; add them to your hand.",
        )
        .when(at_least(Place::Monsters(Who::Both), F::FaceUp & (F::Named(ENVOY_OF_THE_BEGINNING) | F::Named(ENVOY_OF_THE_END)), 1))
        .target_in(Place::Banished(Who::You), 2, 2, F::FaceUp)
        .op(Op::ToHand(Obj::Targets))]),
        // Block Attack
        25880422 => Behavior::with(vec![spell("Target 1 face-up Attack Position monster your opponent controls: change it to Defense Position.")
            .target(1, F::Monster & F::FaceUp & F::AttackPos & F::OppControls)
            .op(Op::ChangePosition { what: Obj::Targets, to: PosChange::FaceUpDefense })]),
        // Burst Stream of Destruction
        17655904 => Behavior::with(vec![spell(
            "If you control a face-up \"Blue-Eyes White Dragon\": destroy every monster your opponent controls. Your \"Blue-Eyes White Dragon\" cannot attack this turn.",
        )
        .when(Condition::All(vec![you_control(BLUE_EYES_WHITE_DRAGON), at_least(Place::Monsters(Who::Opponent), F::Any, 1)]))
        .op(Op::destroy(Obj::All(Place::Monsters(Who::Opponent), F::Any)))
        .op(Op::ApplyRule { modifier: Modifier::cannot_attack(Scope::Monsters(F::YouControl & F::Named(BLUE_EYES_WHITE_DRAGON))), until: Duration::EndOfTurn })]),
        // Secret Pass to the Treasures
        77876207 => Behavior::with(vec![spell("Target 1 face-up monster you control with 1000 or less ATK: this turn it can attack your opponent directly.")
            .target(1, F::Monster & F::FaceUp & F::YouControl & F::atk_at_most(1000))
            .op(Op::Apply { what: Obj::Targets, modifier: Modifier::direct_attack(Scope::This), until: Duration::EndOfTurn })]),
        // Final Flame
        73134081 => lp_spell("Your opponent takes 600 damage.", Op::damage(Who::Opponent, Num::Const(600))),
        // Goblin Thief
        45311864 => Behavior::with(vec![spell("Your opponent takes 500 damage and you gain 500 LP.")
            .op(Op::damage(Who::Opponent, Num::Const(500)))
            .op(Op::gain_lp(Who::You, Num::Const(500)))]),
        // Restructer Revolution
        99518961 => lp_spell(
            "Your opponent takes 200 damage for each card in their hand.",
            Op::damage(Who::Opponent, Num::per(200, Obj::All(Place::Hand(Who::Opponent), F::Any))),
        ),
        // Sparks
        76103675 => lp_spell("Your opponent takes 200 damage.", Op::damage(Who::Opponent, Num::Const(200))),
        // Thunder Crash
        69196160 => Behavior::with(vec![spell("Destroy every monster you control; your opponent takes 300 damage for each one destroyed.")
            .when(at_least(Place::Monsters(Who::You), F::Any, 1))
            .op(Op::destroy(Obj::All(Place::Monsters(Who::You), F::Any)))
            .op(Op::damage(Who::Opponent, Num::per(300, Obj::Affected)))]),
        // Chaos Greed
        97439308 => Behavior::with(vec![spell("If 4 or more of your cards are banished and your GY is empty: draw 2 cards.")
            .when(Condition::All(vec![at_least(Place::Banished(Who::You), F::Any, 4), Condition::NoneIn { place: Place::Gy(Who::You), filter: F::Any }]))
            .op(Op::Draw { who: Who::You, count: Num::Const(2) })]),
        // Blue Medicine
        20871001 => lp_spell("You gain 400 LP.", Op::gain_lp(Who::You, Num::Const(400))),
        // Goblin's Secret Remedy
        11868825 => lp_spell("You gain 600 LP.", Op::gain_lp(Who::You, Num::Const(600))),
        // Raimei
        56260110 => lp_spell("Your opponent takes 300 damage.", Op::damage(Who::Opponent, Num::Const(300))),
        // Rain of Mercy
        66719324 => lp_spell("Both players gain 1000 LP.", Op::gain_lp(Who::Both, Num::Const(1000))),
        // Red Medicine
        38199696 => lp_spell("You gain 500 LP.", Op::gain_lp(Who::You, Num::Const(500))),
        // Soul of the Pure
        47852924 => lp_spell("You gain 800 LP.", Op::gain_lp(Who::You, Num::Const(800))),
        // Earthquake
        82828051 => Behavior::with(vec![spell("Change every face-up monster on the field to Defense Position.")
            .when(at_least(Place::Monsters(Who::Both), F::FaceUp & F::AttackPos, 1))
            .op(Op::ChangePosition { what: Obj::All(Place::Monsters(Who::Both), F::FaceUp & F::AttackPos), to: PosChange::FaceUpDefense })]),
        // Dark-Piercing Light
        45895206 => Behavior::with(vec![spell("Turn every face-down monster your opponent controls face-up.")
            .when(at_least(Place::Monsters(Who::Opponent), F::FaceDown, 1))
            .op(Op::ChangePosition { what: Obj::All(Place::Monsters(Who::Opponent), F::FaceDown), to: PosChange::RevealDefense })]),
        // Acid Rain
        21323861 => destroy_all("Destroy every face-up Machine on the field.", Condition::Always, Place::Monsters(Who::Both), F::FaceUp & F::Race(Race::MACHINE)),
        // Chaos End
        61044390 => destroy_all(
            "If 7 or more of your cards are banished: destroy every monster on the field.",
            at_least(Place::Banished(Who::You), F::Any, 7),
            Place::Monsters(Who::Both),
            F::Any,
        ),
        // Dark Magic Attack
        2314238 => destroy_all(
            "If you control a face-up \"Dark Magician\": destroy every Spell and Trap your opponent controls.",
            you_control(DARK_MAGICIAN),
            Place::SpellTraps(Who::Opponent),
            F::Any,
        ),
        // Exile of the Wicked
        26725158 => destroy_all("Destroy every face-up Fiend on the field.", Condition::Always, Place::Monsters(Who::Both), F::FaceUp & F::Race(Race::FIEND)),
        // Final Destiny
        18591904 => Behavior::with(vec![spell("Discard 5 cards: destroy every card on the field.")
            .cost(Cost::discard(5, F::Any))
            .when(at_least(Place::Field(Who::Both), F::NotSelf, 1))
            .op(Op::destroy(Obj::All(Place::Field(Who::Both), F::NotSelf)))]),
        // Gryphon's Feather Duster
        34370473 => destroy_all_then_gain(
            "Destroy every other Spell and Trap you control; you gain 500 LP for each one destroyed.",
            Place::SpellTraps(Who::You),
            F::NotSelf,
            500,
        ),
        // Ojama Delta Hurricane!!
        8251996 => destroy_all(
            "If you control face-up \"Ojama Green\", \"Ojama Yellow\" and \"Ojama Black\": destroy every card your opponent controls.",
            Condition::All(vec![you_control(OJAMA_GREEN), you_control(OJAMA_YELLOW), you_control(OJAMA_BLACK)]),
            Place::Field(Who::Opponent),
            F::Any,
        ),
        // Remove Trap
        51482758 => Behavior::with(vec![spell("Target 1 face-up Trap on the field: destroy it.").target(1, F::Trap & F::FaceUp & F::OnField).op(Op::destroy(Obj::Targets))]),
        // Special Hurricane
        42598242 => Behavior::with(vec![spell("Discard 1 card: destroy every Special Summoned monster on the field.")
            .cost(Cost::discard(1, F::Any))
            .when(at_least(Place::Monsters(Who::Both), F::Summoned(SummonKind::Special), 1))
            .op(Op::destroy(Obj::All(Place::Monsters(Who::Both), F::Summoned(SummonKind::Special))))]),
        // Thousand Knives
        63391643 => Behavior::with(vec![spell("If you control a face-up \"Dark Magician\": target 1 monster your opponent controls; destroy it.")
            .when(you_control(DARK_MAGICIAN))
            .target(1, F::Monster & F::OppControls)
            .op(Op::destroy(Obj::Targets))]),
        // Token Thanksgiving
        57182235 => destroy_all_then_gain(
            "Destroy every Token on the field; you gain 800 LP for each one destroyed.",
            Place::Monsters(Who::Both),
            F::ability(type_bits::TOKEN),
            800,
        ),
        // Tribute to The Doomed
        79759861 => Behavior::with(vec![spell("Discard 1 card, then target 1 monster on the field: destroy it.")
            .cost(Cost::discard(1, F::Any))
            .target(1, F::Monster)
            .op(Op::destroy(Obj::Targets))]),
        // Dark Factory of Mass Production
        90928333 => Behavior::with(vec![spell("Target 2 Normal Monsters in your GY: add them to your hand.")
            .target_in(Place::Gy(Who::You), 2, 2, F::Monster & F::ability(type_bits::NORMAL))
            .op(Op::ToHand(Obj::Targets))]),
        // Emblem of Dragon Destroyer
        6390406 => emblem(Versions::Current),
        // Fusion Sage
        26902560 => fusion_sage(Versions::Current),
        // Salvage
        96947648 => Behavior::with(vec![spell("Target 2 WATER monsters with 1500 or less ATK in your GY: add them to your hand.")
            .target_in(Place::Gy(Who::You), 2, 2, F::Monster & F::Attribute(Attribute::Water) & F::atk_at_most(1500))
            .op(Op::ToHand(Obj::Targets))]),
        // Ultra Evolution Pill
        22431243 => Behavior::with(vec![spell("Tribute 1 Reptile: Special Summon 1 Dinosaur from your hand.")
            .cost(Cost::tribute(1, F::Race(Race::REPTILE)))
            .when(at_least(Place::Hand(Who::You), F::Race(Race::DINOSAUR) & F::can_special_summon(), 1))
            .op(Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: F::Race(Race::DINOSAUR) & F::can_special_summon(), min: 1, max: 1 })
            .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))]),
        // Tribute Doll
        2903036 => Behavior::with(vec![spell("Tribute 1 monster: Special Summon 1 Level 7 monster that can be Normal Summoned from your hand. It cannot attack this turn.")
            .cost(Cost::tribute(1, F::Any))
            .when(at_least(Place::Hand(Who::You), F::Monster & F::stat(Stat::Level, Cmp::Eq, Num::Const(7)) & F::normal_summonable() & F::can_special_summon(), 1))
            .op(Op::Choose {
                who: Who::You,
                place: Place::Hand(Who::You),
                filter: F::Monster & F::stat(Stat::Level, Cmp::Eq, Num::Const(7)) & F::normal_summonable() & F::can_special_summon(),
                min: 1,
                max: 1,
            })
            .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))
            .op(Op::Apply { what: Obj::Affected, modifier: Modifier::cannot_attack(Scope::This), until: Duration::EndOfTurn })]),
        // The Cheerful Coffin
        41142615 => Behavior::with(vec![spell("Discard up to 3 monsters from your hand.")
            .when(at_least(Place::Hand(Who::You), F::Monster, 1))
            .op(Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: F::Monster, min: 1, max: 3 })
            .op(Op::Discard(Obj::Chosen))]),
        // Dark Designator
        78053598 => Behavior::with(vec![spell("Declare a monster card name: if that card is in your opponent's Deck, they add 1 copy of it to their hand.")
            .op(Op::declare(Declare::CardName))
            .op(Op::Choose { who: Who::Opponent, place: Place::Deck(Who::Opponent), filter: F::Monster & F::Declared, min: 1, max: 1 })
            .op(Op::ToHand(Obj::Chosen))]),
        // Gift of the Martyr
        98792570 => Behavior::with(vec![spell("Send 1 monster you control to the GY, then target 1 face-up monster you control: it gains ATK equal to the sent monster's ATK until the end of this turn.")
            .cost(Cost::send_to_gy(Place::Monsters(Who::You), F::Monster, 1, 1))
            .target(1, F::Monster & F::FaceUp & F::YouControl)
            .op(Op::Apply {
                what: Obj::Targets,
                modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Cost(CostStat::Atk), def: Num::Const(0) },
                until: Duration::EndOfTurn,
            })]),
        // A Wingbeat of Giant Dragon
        28596933 => Behavior::with(vec![spell("Return 1 Level 5 or higher Dragon you control to the hand; if you do, destroy every Spell and Trap on the field.")
            .when(at_least(Place::Monsters(Who::You), F::FaceUp & F::Race(Race::DRAGON) & F::level_at_least(5), 1))
            .op(Op::Choose { who: Who::You, place: Place::Monsters(Who::You), filter: F::FaceUp & F::Race(Race::DRAGON) & F::level_at_least(5), min: 1, max: 1 })
            .op(Op::ToHand(Obj::Chosen))
            .op(Op::if_did(vec![Op::destroy(Obj::All(Place::SpellTraps(Who::Both), F::NotSelf))]))]),
        // De-Spell
        19159413 => Behavior::with(vec![spell("Target 1 face-up Spell, or 1 Set Spell or Trap, on the field: reveal it if Set, and destroy it if it is a Spell.")
            .target(1, F::OnField & F::NotSelf & ((F::Spell & F::FaceUp) | (F::SpellTrap & F::FaceDown)))
            .op(Op::Reveal(Obj::Targets))
            .op(Op::If { test: Test::AffectedIs(F::Spell), then: vec![Op::destroy(Obj::Targets)], otherwise: vec![] })]),
        // Wild Nature's Release
        61166988 => Behavior::with(vec![spell("Target 1 face-up Beast or Beast-Warrior: it gains ATK equal to its DEF until the End Phase, then it is destroyed in the End Phase.")
            .target(1, F::Monster & F::FaceUp & (F::Race(Race::BEAST) | F::Race(Race::BEAST_WARRIOR)))
            .op(Op::Apply {
                what: Obj::Targets,
                modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::stat_of(Stat::Def, Obj::Targets), def: Num::Const(0) },
                until: Duration::EndPhase,
            })
            .op(Op::Later { at: Moment::EndPhase, ops: vec![Op::destroy(Obj::Affected)] })]),
        // Thousand Energy
        5703682 => normal_boost_then_destroy(
            "Your face-up Level 2 Normal Monsters gain 1000 ATK and DEF until the End Phase; in the End Phase, your Level 2 Normal Monsters are destroyed.",
            2,
            1000,
        ),
        // Triangle Power
        32298781 => normal_boost_then_destroy(
            "Your face-up Level 1 Normal Monsters gain 2000 ATK and DEF until the End Phase; in the End Phase, your Level 1 Normal Monsters are destroyed.",
            1,
            2000,
        ),
        // After the Struggle
        25345186 => Behavior::with(vec![spell("Activate only in Main Phase 1. In the End Phase, destroy every monster on the field that battled this turn.")
            .when(Condition::in_phase(Phase::Main1))
            .op(Op::Later { at: Moment::EndPhase, ops: vec![Op::destroy(Obj::All(Place::Monsters(Who::Both), F::ThisTurn(TurnFact::Battled)))] })]),
        // Gather Your Mind
        7512044 => gather_your_mind(Versions::Current),
        // Elegant Egotist
        90219263 => elegant_egotist(Versions::Current),
        // Machine Duplication
        63995093 => Behavior::with(vec![spell("Target 1 face-up Machine with 500 or less ATK you control: Special Summon up to 2 monsters with its name from your Deck.")
            .when(Condition::FreeMonsterZones(1))
            .target(1, F::Monster & F::FaceUp & F::YouControl & F::Race(Race::MACHINE) & F::atk_at_most(500))
            // With none in the Deck (known only once the target is), the Deck is shuffled.
            .op(Op::If {
                test: Test::Holds(at_least(Place::Deck(Who::You), F::same_name_as(Obj::Targets) & F::can_special_summon(), 1)),
                then: vec![
                    Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: F::same_name_as(Obj::Targets) & F::can_special_summon(), min: 1, max: 2 },
                    Op::special_summon(Obj::Chosen, SummonPos::FaceUp),
                ],
                otherwise: vec![Op::ShuffleDeck(Who::You)],
            })]),
        // Insect Imitation
        96965364 => insect_imitation(Versions::Current),
        _ => return None,
    })
}

/// The 2005 behaviour of a card of this group whose text changed later.
pub fn behavior_2005(id: u32) -> Option<Behavior> {
    Some(match id {
        // Emblem of Dragon Destroyer (GOAT): activated with no "Buster Blader" to find.
        6390406 => emblem(Versions::Goat2005),
        // Fusion Sage (GOAT): activated with no "Polymerization" to find.
        26902560 => fusion_sage(Versions::Goat2005),
        // Gather Your Mind (GOAT): activated with none to find.
        7512044 => gather_your_mind(Versions::Goat2005),
        // Elegant Egotist (GOAT): activated with none to summon.
        90219263 => elegant_egotist(Versions::Goat2005),
        // Insect Imitation (GOAT): face-up Attack or face-down Defense Position.
        96965364 => insect_imitation(Versions::Goat2005),
        _ => return None,
    })
}
