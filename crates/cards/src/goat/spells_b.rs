//! Goat batch 1 (spells_b): cards of `/work/shared/spec/pools/goat-1.txt`, each a declaration in
//! the effect vocabulary with its rules text in the project's own words.

#[allow(unused_imports)]
use ygo_core::card::{type_bits, Attribute, Race, SpellKind, TrapKind};
#[allow(unused_imports)]
use ygo_core::effect::{EffectDecl as E, Filter as F, *};

/// "Manga Ryu-Ran" (a Toon monster without "Toon" in its English name).
const MANGA_RYU_RAN: u32 = 38369349;

fn search(text: &str, filter: F) -> E {
    E::spell(SpellKind::Normal, text).op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter, min: 1, max: 1 }).op(Op::ToHand(Obj::Chosen))
}

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Poison of the Old Man
        8842266 => Behavior::with(vec![E::spell(SpellKind::QuickPlay, "Choose 1: you gain 1200 LP, or your opponent takes 800 damage.").op(
            Op::ChooseOne(vec![
                vec![Op::GainLp { who: Who::You, amount: Num::Const(1200) }],
                vec![Op::Damage { who: Who::Opponent, amount: Num::Const(800) }],
            ]),
        )]),
        // Reinforcement of the Army
        32807846 => Behavior::with(vec![search(
            "Add 1 Level 4 or lower Warrior monster from your Deck to your hand.",
            F::Monster & F::Race(Race::WARRIOR) & F::level_at_most(4),
        )]),
        // Terraforming
        73628505 => Behavior::with(vec![search("Add 1 Field Spell from your Deck to your hand.", F::Spell & F::CardType(type_bits::FIELD))]),
        // The Warrior Returning Alive
        95281259 => Behavior::with(vec![E::spell(SpellKind::Normal, "Target 1 Warrior monster in your GY: add it to your hand.")
            .target_in(Place::Gy(Who::You), 1, 1, F::Monster & F::Race(Race::WARRIOR))
            .op(Op::ToHand(Obj::Targets))]),
        // Toon Table of Contents
        89997728 => Behavior::with(vec![search(
            "Add 1 card with \"Toon\" in its name (or \"Manga Ryu-Ran\") from your Deck to your hand.",
            F::NameHas("Toon".to_string()) | F::Named(MANGA_RYU_RAN),
        )]),
        // Toon World
        15259703 => Behavior::with(vec![E::spell(SpellKind::Continuous, "Pay 1000 LP to activate this card. Toon monsters need it on the field.")
            .cost(Cost::PayLp(Num::Const(1000)))]),
        // United We Stand
        56747793 => Behavior::with(vec![E::spell(
            SpellKind::Equip,
            "Equip to 1 face-up monster (targeted): it gains 800 ATK and DEF for each face-up monster you control.",
        )
        .target(1, F::Monster & F::FaceUp)
        .op(Op::EquipTo(Obj::Targets))
        .modifier(Modifier::AtkDef {
            scope: Scope::Equipped,
            atk: Num::per(800, Obj::All(Place::Monsters(Who::You), F::FaceUp)),
            def: Num::per(800, Obj::All(Place::Monsters(Who::You), F::FaceUp)),
        })]),
        // Upstart Goblin
        70368879 => Behavior::with(vec![E::spell(SpellKind::Normal, "Draw 1 card; then your opponent gains 1000 LP.")
            .op(Op::Draw { who: Who::You, count: Num::Const(1) })
            .op(Op::GainLp { who: Who::Opponent, amount: Num::Const(1000) })]),
        // Smashing Ground
        97169186 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Destroy the face-up monster your opponent controls with the highest DEF (you pick 1 among those tied).",
        )
        .op(Op::Choose {
            who: Who::You,
            place: Place::Monsters(Who::Opponent),
            filter: F::FaceUp & F::stat(Stat::Def, Cmp::Eq, Num::MaxOf(Stat::Def, Obj::All(Place::Monsters(Who::Opponent), F::FaceUp))),
            min: 1,
            max: 1,
        })
        .op(Op::Destroy(Obj::Chosen))]),
        // Mystik Wok
        80161395 => Behavior::with(vec![E::spell(
            SpellKind::QuickPlay,
            "Tribute 1 monster as a cost, then choose 1: gain LP equal to the ATK it had, or equal to the DEF it had.",
        )
        .cost(Cost::Tribute { count: 1, filter: F::Any })
        .op(Op::ChooseOne(vec![
            vec![Op::GainLp { who: Who::You, amount: Num::Cost(CostStat::Atk) }],
            vec![Op::GainLp { who: Who::You, amount: Num::Cost(CostStat::Def) }],
        ]))]),
        // Reasoning
        58577036 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Your opponent declares a Level from 1 to 12. Reveal cards from the top of your Deck until a monster that can be Normal Summoned: if it has the declared Level, send every revealed card to the GY; otherwise Special Summon it and send the other revealed cards to the GY.",
        )
        .op(Op::DeclareBy(Who::Opponent, Declare::Level))
        .op(Op::ExcavateUntil { who: Who::You, filter: F::Monster & F::NormalSummonable })
        .op(Op::Remember { what: Obj::Affected, slot: Mem(0) })
        .op(Op::If {
            test: Test::Compare(Num::StatOf(Stat::Level, Obj::Chosen), Cmp::Eq, Num::Declared),
            then: vec![],
            otherwise: vec![Op::special_summon(Obj::Chosen, SummonPos::FaceUp)],
        })
        .op(Op::SendToGy(Obj::Filtered(Box::new(Obj::Memory(Mem(0))), F::InDeck)))]),
        // Reversal Quiz
        5990062 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Call Monster, Spell or Trap; send every card in your hand and on your field to the GY, then reveal the top card of your Deck: if you called its kind, you and your opponent exchange LP.",
        )
        .op(Op::Declare(Declare::CardType))
        .op(Op::SendToGy(Obj::All(Place::Hand(Who::You), F::Any)))
        .op(Op::SendToGy(Obj::All(Place::Field(Who::You), F::Any)))
        .op(Op::Reveal(Obj::DeckTop(Who::You, 1)))
        .op(Op::If { test: Test::AffectedIs(F::Declared), then: vec![Op::ExchangeLp], otherwise: vec![] })]),
        // Spell Reproduction
        29228529 => Behavior::with(vec![E::spell(SpellKind::Normal, "Send 2 spells from your hand to the GY, then target 1 spell in your GY: add it to your hand.")
            .cost(Cost::SendFromHand { count: 2, filter: F::Spell })
            .target_in(Place::Gy(Who::You), 1, 1, F::Spell)
            .op(Op::ToHand(Obj::Targets))]),
        _ => return None,
    })
}

/// The 2005 behaviour of a card of this group whose text changed later (the Goat pool only).
pub fn behavior_2005(id: u32) -> Option<Behavior> {
    let _ = id;
    None
}
