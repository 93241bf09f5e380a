//! Goat batch 1 (spells_b): cards of `../shared/spec/pools/goat-1.txt`, each a declaration in
//! the effect vocabulary with its rules text in the project's own words.

#[allow(unused_imports)]
use ygo_core::card::{type_bits, Attribute, Race, SpellKind, TrapKind};
#[allow(unused_imports)]
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::Phase;

/// "Necrovalley" (named by "Royal Tribute").
const NECROVALLEY: u32 = 47355498;
/// "Manga Ryu-Ran" (a Toon monster without "Toon" in its English name).
const MANGA_RYU_RAN: u32 = 38369349;

fn search(text: &str, filter: F) -> E {
    E::spell(SpellKind::Normal, text).op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter, min: 1, max: 1 }).op(Op::ToHand(Obj::Chosen))
}

/// "Royal Tribute": `place` is where the face-up "Necrovalley" must be.
fn royal_tribute(place: Place, text: &str) -> Behavior {
    Behavior::with(vec![E::spell(SpellKind::Normal, text)
        .when(Condition::Exists { place, filter: F::Named(NECROVALLEY) & F::FaceUp, count: 1 })
        .op(Op::Discard(Obj::All(Place::Hand(Who::Both), F::Monster)))])
}

/// A Normal Spell Card (no other spell frame).
fn normal_spell() -> F {
    let other = type_bits::QUICKPLAY | type_bits::CONTINUOUS | type_bits::EQUIP | type_bits::FIELD | type_bits::RITUAL;
    F::Spell & !F::card_type(other)
}

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Poison of the Old Man
        8842266 => Behavior::with(vec![E::spell(SpellKind::QuickPlay, "Choose 1: you gain 1200 LP, or your opponent takes 800 damage.").op(
            Op::ChooseOne(vec![
                vec![Op::gain_lp(Who::You, Num::Const(1200))],
                vec![Op::damage(Who::Opponent, Num::Const(800))],
            ]),
        )]),
        // Reinforcement of the Army
        32807846 => Behavior::with(vec![search(
            "Add 1 Level 4 or lower Warrior monster from your Deck to your hand.",
            F::Monster & F::Race(Race::WARRIOR) & F::level_at_most(4),
        )]),
        // Terraforming
        73628505 => Behavior::with(vec![search("Add 1 Field Spell from your Deck to your hand.", F::Spell & F::card_type(type_bits::FIELD))]),
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
            .cost(Cost::pay_lp(Num::Const(1000)))]),
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
            .op(Op::gain_lp(Who::Opponent, Num::Const(1000)))]),
        // Smashing Ground
        97169186 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Destroy the face-up monster your opponent controls with the highest DEF (you pick 1 among those tied).",
        )
        .op(Op::Choose {
            who: Who::You,
            place: Place::Monsters(Who::Opponent),
            filter: F::FaceUp & F::stat(Stat::Def, Cmp::Eq, Num::max_of(Stat::Def, Obj::All(Place::Monsters(Who::Opponent), F::FaceUp))),
            min: 1,
            max: 1,
        })
        .op(Op::destroy(Obj::Chosen))]),
        // Mystik Wok
        80161395 => Behavior::with(vec![E::spell(
            SpellKind::QuickPlay,
            "Tribute 1 monster as a cost, then choose 1: gain LP equal to the ATK it had, or equal to the DEF it had.",
        )
        .cost(Cost::tribute(1, F::Any))
        .op(Op::ChooseOne(vec![
            vec![Op::gain_lp(Who::You, Num::Cost(CostStat::Atk))],
            vec![Op::gain_lp(Who::You, Num::Cost(CostStat::Def))],
        ]))]),
        // My Body as a Shield
        69279219 => Behavior::with(vec![E::spell(
            SpellKind::QuickPlay,
            "When your opponent activates a card or effect that would destroy a monster on the field: pay 1500 LP; negate the activation and destroy that card.",
        )
        .when(Condition::All(vec![Condition::chain_top_is(F::OppControls), Condition::chain_top_would_destroy(F::Monster & F::OnField)]))
        .cost(Cost::pay_lp(Num::Const(1500)))
        .op(Op::negate_activation(true))]),
        // Necrovalley
        47355498 => Behavior::with(vec![E::spell(
            SpellKind::Field,
            "\"Gravekeeper's\" monsters gain 500 ATK and DEF. Cards in either GY cannot be banished, targeted or moved elsewhere by card effects or costs; an effect that would move one does not.",
        )
        .modifier(Modifier::AtkDef { scope: Scope::Monsters(F::NameHas("Gravekeeper's".to_string())), atk: Num::Const(500), def: Num::Const(500) })
        .modifier(Modifier::gy_locked())]),
        // Nobleman of Extermination
        17449108 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Target 1 face-down spell or trap on the field: destroy it and banish it. If it was a trap, each player banishes every trap with its name from their Deck, and shuffles it.",
        )
        .target(1, F::SpellTrap & F::FaceDown)
        .op(Op::destroy_and_banish(Obj::Targets))
        .op(Op::If {
            test: Test::AffectedIs(F::Trap),
            then: vec![
                Op::Banish { what: Obj::All(Place::Deck(Who::Both), F::Trap & F::same_name_as(Obj::Affected)), face_down: false },
                Op::ShuffleDeck(Who::Both),
            ],
            otherwise: vec![],
        })]),
        // Prohibition
        43711255 => Behavior::with(vec![E::spell(
            SpellKind::Continuous,
            "Declare 1 card name. While this card is face-up, cards with that name cannot be activated (nor their effects), Summoned, Set, attack or change their battle positions; those already on the field when it resolved are not affected.",
        )
        .op(Op::declare(Declare::CardName))
        .op(Op::Remember { what: Obj::All(Place::Field(Who::Both), F::Declared), slot: Mem(0) })
        .op(Op::ApplyRule { modifier: Modifier::NameProhibited { name: Num::Declared, spared: Mem(0) }, until: Duration::WhileSourceOnField })]),
        // Reasoning
        58577036 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Your opponent declares a Level from 1 to 12. Reveal cards from the top of your Deck until a monster that can be Normal Summoned: if it has the declared Level, send every revealed card to the GY; otherwise Special Summon it and send the other revealed cards to the GY.",
        )
        .op(Op::DeclareBy(Who::Opponent, Declare::Level))
        .op(Op::ExcavateUntil { who: Who::You, filter: F::Monster & F::normal_summonable() })
        .op(Op::Remember { what: Obj::Affected, slot: Mem(0) })
        .op(Op::If {
            test: Test::Compare(Num::stat_of(Stat::Level, Obj::Chosen), Cmp::Eq, Num::Declared),
            then: vec![],
            otherwise: vec![Op::special_summon(Obj::Chosen, SummonPos::FaceUp)],
        })
        .op(Op::SendToGy(Obj::Filtered(Box::new(Obj::Memory(Mem(0))), F::InDeck)))]),
        // Reversal Quiz
        5990062 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Call Monster, Spell or Trap; send every card in your hand and on your field to the GY, then reveal the top card of your Deck: if you called its kind, you and your opponent exchange LP.",
        )
        .op(Op::declare(Declare::CardType))
        .op(Op::SendToGy(Obj::All(Place::Hand(Who::You), F::Any)))
        .op(Op::SendToGy(Obj::All(Place::Field(Who::You), F::Any)))
        .op(Op::Reveal(Obj::DeckTop(Who::You, 1)))
        .op(Op::If { test: Test::AffectedIs(F::Declared), then: vec![Op::exchange_lp()], otherwise: vec![] })]),
        // Serial Spell
        49398568 => Behavior::with(vec![E::spell(
            SpellKind::QuickPlay,
            "When you activate a Normal Spell: discard your whole hand; this card's effect becomes that spell's effect.",
        )
        .when(Condition::All(vec![Condition::chain_top_activates(normal_spell()), Condition::chain_top_is(F::YouControl)]))
        .cost(Cost::discard_hand())
        .copies_chain_link()]),
        // Spell Reproduction
        29228529 => Behavior::with(vec![E::spell(SpellKind::Normal, "Send 2 spells from your hand to the GY, then target 1 spell in your GY: add it to your hand.")
            .cost(Cost::send_from_hand(2, F::Spell))
            .target_in(Place::Gy(Who::You), 1, 1, F::Spell)
            .op(Op::ToHand(Obj::Targets))]),
        // Stumbling
        34646691 => Behavior::with(vec![E::spell(SpellKind::Continuous, "Every monster that is Normal Summoned, Flip Summoned or Special Summoned is changed to Defense Position.")
            .modifier(Modifier::defense_when_summoned(Scope::Monsters(F::Any)))]),
        // Swords of Concealing Light
        12923641 => Behavior::with(vec![
            E::spell(
                SpellKind::Continuous,
                "Every monster your opponent controls is changed to face-down Defense Position. While this card is face-up, monsters your opponent controls cannot change their battle positions (nor be Flip Summoned).",
            )
            .op(Op::ChangePosition { what: Obj::All(Place::Monsters(Who::Opponent), F::Any), to: PosChange::FaceDownDefense })
            .modifier(Modifier::cannot_change_position(Scope::AllMonsters(F::OppControls))),
            E::trigger(Trigger::Phase { phase: Phase::Standby, whose: Who::You }, "It is destroyed in your 2nd Standby Phase after its activation.")
                .when(Condition::TurnsSince { anchor: Anchor::Activation, whose: Who::You, n: 2 })
                .op(Op::destroy(Obj::This)),
        ]),
        // Wave-Motion Cannon
        38992735 => Behavior::with(vec![
            E::spell(SpellKind::Continuous, "").op(Op::Remember { what: Obj::This, slot: Mem(0) }),
            E::ignition(
                "In your Main Phase: you can send this face-up card to the GY; your opponent takes 1000 damage for each of your Standby Phases since it was activated.",
            )
            .cost(Cost::send_self_to_gy())
            .op(Op::damage(Who::Opponent, Num::Times(Box::new(Num::TurnsSince { anchor: Anchor::Memory(Mem(0)), whose: Who::You }), 1000))),
        ]),
        // The Shallow Grave
        43434803 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Each player targets 1 monster in their own GY; each Special Summons their target in face-down Defense Position.",
        )
        .target_in(Place::Gy(Who::You), 1, 1, F::Monster & F::can_special_summon())
        .also_target_by_opponent(Place::Gy(Who::Opponent), 1, 1, F::Monster & F::can_special_summon())
        .op(Op::special_summon(Obj::Target(0), SummonPos::FaceDownDefense))
        .op(Op::SpecialSummon { what: Obj::Target(1), pos: SummonPos::FaceDownDefense, side: Side::Owner })]),
        // Royal Tribute
        72405967 => royal_tribute(Place::Field(Who::You), "Only while you control a face-up \"Necrovalley\": both players discard every monster in their hands."),
        _ => return None,
    })
}

/// The 2005 behaviour of a card of this group whose text changed later (the Goat pool only).
pub fn behavior_2005(id: u32) -> Option<Behavior> {
    Some(match id {
        // Soul Exchange: in 2005 the target may be Tributed, not must be.
        68005187 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Only in your Main Phase 1. Target 1 monster your opponent controls: this turn you can Tribute it as though you controlled it. You cannot conduct your Battle Phase the turn you activate this card.",
        )
        .when(Condition::in_phase(Phase::Main1))
        .restricts(PlayerEffect::NoBattlePhaseThisTurn)
        .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster)
        .op(Op::Apply { what: Obj::Targets, modifier: Modifier::TributeAsIfControlled, until: Duration::EndOfTurn })]),
        // Royal Tribute: in 2005 any face-up "Necrovalley" on the field will do.
        72405967 => royal_tribute(
            Place::Field(Who::Both),
            "Only while a face-up \"Necrovalley\" is on the field: both players discard every monster in their hands.",
        ),
        _ => return None,
    })
}
