//! Cards chosen to show the rules at work (win conditions, FLIP, chains, equips, summon
//! procedures, continuous locks): each a declaration in the effect vocabulary of
//! `ygo_core::effect`, with its rules text in the project's own words.

#[allow(unused_imports)]
use ygo_core::card::{Attribute, Race, SpellKind, TrapKind};
#[allow(unused_imports)]
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::{Phase, Zone};

const DESTINY_BOARD: u32 = 94212438;
/// Right Leg, Left Leg, Right Arm, Left Arm of the Forbidden One.
const EXODIA_LIMBS: [u32; 4] = [8124921, 44519536, 70903634, 7902349];

/// A Spirit Message card: it is never activated, only placed by "Destiny Board".
fn spirit_message() -> Behavior {
    Behavior::with(vec![E::continuous("This card cannot be activated: it only comes onto the field face-up through the effect of \"Destiny Board\".")])
}

/// The cards "Destiny Board" gathers: the Spirit Messages and the Board itself.
fn board_piece() -> F {
    F::NameHas("Spirit Message".to_string()) | F::Named(DESTINY_BOARD)
}

/// "Helios - The Primordial Sun" (named by "Macro Cosmos").
const HELIOS: u32 = 54493213;

pub(crate) fn equip_spell(atk: i32, text: &str) -> E {
    E::spell(SpellKind::Equip, text).target(1, F::Monster & F::FaceUp).op(Op::EquipTo(Obj::Targets)).modifier(Modifier::AtkDef {
        scope: Scope::Equipped,
        atk: Num::Const(atk),
        def: Num::Const(0),
    })
}

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Man-Eater Bug
        54652250 => Behavior::with(vec![E::flip("FLIP: Destroy 1 monster on the field (targeted).").target(1, F::Monster).op(Op::destroy(Obj::Targets))]),
        // Trap Hole
        4206964 => Behavior::with(vec![E::trap(TrapKind::Normal, "When your opponent Normal or Flip Summons a monster with 1000 or more ATK: destroy that monster (targeted).")
            .when(Condition::JustSummoned { normal: true, flip: true, special: false, filter: F::atk_at_least(1000) & F::OppControls })
            .target(1, F::JustSummoned & F::OppControls & F::atk_at_least(1000))
            .op(Op::destroy(Obj::Targets))]),
        // Exodia the Forbidden One
        33396948 => Behavior {
            effects: vec![E::continuous(
                "The moment this card and the right and left arms and legs of the Forbidden One are all in your hand together, you win the Duel.",
            )],
            wins: Some(WinCondition::Holds { place: Place::Hand(Who::You), names: EXODIA_LIMBS.to_vec() }),
            ..Behavior::default()
        },
        // Destiny Board
        94212438 => Behavior {
            effects: vec![
                E::trap(
                    TrapKind::Continuous,
                    "While this card is face-up on your field together with Spirit Messages \"I\", \"N\", \"A\" and \"L\", you win the Duel.",
                ),
                E::trigger(
                    Trigger::Phase { phase: Phase::End, whose: Who::Opponent },
                    "Once per turn, in your opponent's End Phase: take the next Spirit Message in the order \"I\", \"N\", \"A\", \"L\" from your hand or Deck and put it face-up in your Spell & Trap Zone.",
                )
                .when(Condition::Custom(CustomCheck { name: "destiny-board-next-message", holds: destiny_board::can_place }))
                .limit(Limit::PerCardPerTurn)
                .op(Op::Custom(CustomStep { name: "destiny-board-place", run: destiny_board::place })),
                E::trigger(
                    Trigger::LeftField(board_piece() & F::YouControl),
                    "If a Spirit Message or \"Destiny Board\" you control leaves the field: send every Spirit Message and \"Destiny Board\" you control to the GY.",
                )
                .when(Condition::Exists { place: Place::SpellTraps(Who::You), filter: board_piece() & F::FaceUp, count: 1 })
                .op(Op::SendToGy(Obj::All(Place::SpellTraps(Who::You), board_piece() & F::FaceUp)))
                .op(Op::SendToGy(Obj::This)),
            ],
            wins: Some(WinCondition::Holds { place: Place::SpellTraps(Who::You), names: destiny_board::MESSAGES.to_vec() }),
            ..Behavior::default()
        },
        // Spirit Message "I"
        31893528 => spirit_message(),
        // Spirit Message "N"
        67287533 => spirit_message(),
        // Spirit Message "A"
        94772232 => spirit_message(),
        // Spirit Message "L"
        30170981 => spirit_message(),
        // Self-Destruct Button
        57585212 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "Only while your LP are at least 7000 lower than your opponent's: both players' LP become 0.",
        )
        .when(Condition::Compare(Num::minus(Num::Lp(Who::Opponent), Num::Lp(Who::You)), Cmp::Ge, Num::Const(7000)))
        .op(Op::set_lp(Who::Both, Num::Const(0)))]),
        // Witch of the Black Forest
        78010363 => Behavior::with(vec![E::trigger(
            Trigger::SentToGy { from: vec![Zone::Monster], cause: Cause::Any },
            "If this card goes from the field to the GY: add 1 monster with 1500 or less DEF from your Deck to your hand; for the rest of this turn you cannot activate cards or effects with the added card's name. Only once per turn for \"Witch of the Black Forest\".",
        )
        .range(Range::Gy)
        .limit(Limit::PerNamePerTurn)
        .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: F::Monster & F::def_at_most(1500), min: 1, max: 1 })
        .op(Op::ToHand(Obj::Chosen))
        .op(Op::ForbidNames { who: Who::You, names: Obj::Chosen, until: Duration::EndOfTurn })]),
        // Mystic Tomato
        83011277 => Behavior::with(vec![E::optional_when(
            Trigger::DestroyedByBattle,
            "When this card is destroyed by battle and sent to the GY: you can Special Summon 1 DARK monster with 1500 or less ATK from your Deck in face-up Attack Position.",
        )
        .range(Range::Gy)
        .op(Op::Choose {
            who: Who::You,
            place: Place::Deck(Who::You),
            filter: F::Attribute(Attribute::Dark) & F::atk_at_most(1500) & F::can_special_summon(),
            min: 1,
            max: 1,
        })
        .op(Op::special_summon(Obj::Chosen, SummonPos::Attack))]),
        // Solemn Judgment
        41420027 => Behavior::with(vec![E::trap(
            TrapKind::Counter,
            "When a monster would be Summoned, or a spell or trap card is activated: pay half your LP; negate that Summon or activation and destroy the card.",
        )
        .when(Condition::Any(vec![Condition::summon_pending(), Condition::chain_top_activates(F::Spell | F::Trap)]))
        .cost(Cost::pay_lp(Num::half(Num::Lp(Who::You))))
        .op(Op::negate_activation(true))]),
        // Monster Reborn
        83764718 => Behavior::with(vec![E::spell(SpellKind::Normal, "Special Summon 1 monster from either player's GY (targeted).")
            .target_in(Place::Gy(Who::Both), 1, 1, F::Monster & F::can_special_summon())
            .when(Condition::FreeMonsterZones(1))
            .op(Op::special_summon(Obj::Targets, SummonPos::FaceUp))]),
        // Curse of Fiend
        12470447 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Activate only in your own Standby Phase. Every monster on the field changes its battle position (Attack to Defense, Defense to Attack); for the rest of this turn their positions cannot be changed except by card effects.",
        )
        .when(Condition::All(vec![Condition::your_turn(), Condition::in_phase(Phase::Standby)]))
        .op(Op::ChangePosition { what: Obj::All(Place::Monsters(Who::Both), F::Any), to: PosChange::Toggle })
        .op(Op::Apply { what: Obj::All(Place::Monsters(Who::Both), F::Any), modifier: Modifier::cannot_change_position(Scope::This), until: Duration::EndOfTurn })]),
        // Yata-Garasu
        3078576 => crate::mechanics::spirit(
            "This card cannot be Special Summoned.",
            vec![E::trigger(Trigger::dealt_battle_damage(false, Subject::This), "If this card deals battle damage to your opponent: they skip the Draw Phase of their next turn.")
                .op(Op::ApplyPlayer { who: Who::Opponent, effect: PlayerEffect::SkipDraw(1) })],
        ),
        // Umi
        22702055 => Behavior::with(vec![E::spell(
            SpellKind::Field,
            "Fish, Sea Serpent, Thunder and Aqua monsters on the field gain 200 ATK and DEF; Machine and Pyro monsters on the field lose 200 ATK and DEF.",
        )
        .modifier(Modifier::AtkDef {
            scope: Scope::Monsters(F::Race(Race::FISH) | F::Race(Race::SEA_SERPENT) | F::Race(Race::THUNDER) | F::Race(Race::AQUA)),
            atk: Num::Const(200),
            def: Num::Const(200),
        })
        .modifier(Modifier::AtkDef { scope: Scope::Monsters(F::Race(Race::MACHINE) | F::Race(Race::PYRO)), atk: Num::Const(-200), def: Num::Const(-200) })]),
        // A Legendary Ocean
        295517 => Behavior::with(vec![E::spell(
            SpellKind::Field,
            "Its name counts as \"Umi\". WATER monsters on the field gain 200 ATK and DEF; WATER monsters in both hands and on the field are 1 Level lower.",
        )
        .modifier(Modifier::AtkDef { scope: Scope::Monsters(F::Attribute(Attribute::Water)), atk: Num::Const(200), def: Num::Const(200) })
        .modifier(Modifier::Level { filter: F::Attribute(Attribute::Water), delta: -1, in_hand: true, becomes: None })]),
        // Different Dimension Capsule
        11961740 => Behavior::with(vec![
            E::spell(
                SpellKind::Normal,
                "Banish 1 card from your Deck face-down; this card then stays on the field.",
            )
            .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: F::Any, min: 1, max: 1 })
            .op(Op::Banish { what: Obj::Chosen, face_down: true })
            .then_if_did(vec![Op::Remember { what: Obj::Affected, slot: Mem(0) }, Op::StayOnField]),
            E::trigger(
                Trigger::Phase { phase: Phase::Standby, whose: Who::You },
                "In your second Standby Phase after its activation: destroy this card, and if you do, add the card it banished to your hand.",
            )
            .when(Condition::TurnsSince { anchor: Anchor::Activation, whose: Who::You, n: 2 })
            .op(Op::destroy(Obj::This))
            .then_if_did(vec![Op::ToHand(Obj::Memory(Mem(0)))]),
        ]),
        // Cyber Jar
        34124316 => Behavior::with(vec![E::flip(
            "FLIP: Destroy every monster on the field, this card included. Then each player (turn player first) reveals the top 5 cards of their Deck (as many as they have), Special Summons every revealed Level 4 or lower monster in face-up Attack or face-down Defense Position, and adds the other revealed cards to their hand.",
        )
        .op(Op::destroy(Obj::All(Place::Monsters(Who::Both), F::Any)))
        .op(Op::Reveal(Obj::DeckTop(Who::Both, 5)))
        .op(Op::Remember { what: Obj::Affected, slot: Mem(0) })
        .op(Op::SpecialSummon {
            what: Obj::Filtered(Box::new(Obj::Memory(Mem(0))), F::Monster & F::level_at_most(4) & F::can_special_summon()),
            pos: SummonPos::AttackOrSet,
            side: Side::Owner,
        })
        .op(Op::ToHand(Obj::Filtered(Box::new(Obj::Memory(Mem(0))), F::InDeck)))]),
        // Dark World Dealings
        74117290 => Behavior::with(vec![E::spell(SpellKind::Normal, "Both players draw 1 card; then each of them discards 1 card (the turn player first).")
            .op(Op::Draw { who: Who::Both, count: Num::Const(1) })
            .op(Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: F::Any, min: 1, max: 1 })
            .op(Op::Discard(Obj::Chosen))
            .op(Op::Choose { who: Who::Opponent, place: Place::Hand(Who::Opponent), filter: F::Any, min: 1, max: 1 })
            .op(Op::Discard(Obj::Chosen))]),
        // Jar of Greed
        83968380 => Behavior::with(vec![E::trap(TrapKind::Normal, "You draw 1 card.").op(Op::Draw { who: Who::You, count: Num::Const(1) })]),
        // Axe of Despair
        40619825 => Behavior::with(vec![
            equip_spell(1000, "Equip to 1 face-up monster (targeted): it gets +1000 ATK. This card also counts as an \"Archfiend\" card."),
            E::optional_when(
                Trigger::SentToGy { from: vec![Zone::SpellTrap], cause: Cause::Any },
                "When this card goes from the field to the GY: you can Tribute 1 monster to put this card on top of your Deck.",
            )
            .range(Range::Gy)
            .cost(Cost::tribute(1, F::Any))
            .op(Op::ToDeck { what: Obj::This, top: true }),
        ]),
        // Black Pendant
        65169794 => Behavior::with(vec![
            equip_spell(500, "Equip to 1 face-up monster (targeted): it gets +500 ATK."),
            E::trigger(Trigger::SentToGy { from: vec![Zone::SpellTrap], cause: Cause::Any }, "When this card goes from the field to the GY: your opponent takes 500 damage.")
                .range(Range::Gy)
                .op(Op::damage(Who::Opponent, Num::Const(500))),
        ]),
        // Archfiend of Gilfer
        50287060 => Behavior::with(vec![
            E::optional_when(
                Trigger::SentToGy { from: vec![], cause: Cause::Any },
                "When this card is sent to the GY: you can target 1 face-up monster on the field and equip this card to it.",
            )
            .range(Range::Gy)
            .target_in(Place::Monsters(Who::Both), 1, 1, F::Monster & F::FaceUp)
            .op(Op::EquipAsCard { what: Obj::This, to: Obj::Targets, grants: None }),
            E::continuous("The monster equipped with this card has 500 less ATK.").modifier(Modifier::AtkDef { scope: Scope::Equipped, atk: Num::Const(-500), def: Num::Const(0) }),
        ]),
        // Darkness Approaches
        80168720 => Behavior::with(vec![E::spell(SpellKind::Normal, "Discard 2 cards as a cost, and target 1 face-up monster on the field: turn it face-down in Defense Position.")
            .cost(Cost::discard(2, F::Any))
            .target(1, F::Monster & F::FaceUp)
            .op(Op::ChangePosition { what: Obj::Targets, to: PosChange::FaceDownDefense })]),
        // Cyber Dragon
        70095154 => Behavior {
            effects: vec![E::continuous(
                "While your opponent controls a monster and you control none, you can Special Summon this card from your hand (a summon procedure, not an activated effect).",
            )],
            summon_rule: Some(SummonRule::OnlyOpponentControlsMonsters),
            ..Behavior::default()
        },
        // Black Luster Soldier - Envoy of the Beginning
        72989439 => Behavior {
            effects: vec![
                E::continuous(
                    "Cannot be Normal Summoned or Set. Must first be Special Summoned from your hand by banishing 1 LIGHT and 1 DARK monster from your GY. You can use only 1 of its two following effects per turn.",
                ),
                E::ignition("Target 1 monster on the field: banish it. This card cannot attack during the turn you use this effect.")
                    .target_in(Place::Monsters(Who::Both), 1, 1, F::Monster)
                    .limit(Limit::PerCardPerTurn)
                    .limit_group(0)
                    .op(Op::Apply { what: Obj::This, modifier: Modifier::cannot_attack(Scope::This), until: Duration::EndOfTurn })
                    .op(Op::Banish { what: Obj::Targets, face_down: false }),
                E::optional_if(
                    Trigger::destroys_by_battle(),
                    "If this card attacks and destroys an opponent's monster by battle: it can attack once more in a row.",
                )
                .limit(Limit::PerCardPerTurn)
                .limit_group(0)
                .when(Condition::This(F::Attacker))
                .op(Op::ExtraAttack(Obj::This)),
            ],
            no_normal_summon: true,
            summon_rule: Some(SummonRule::BanishFromGy(vec![F::Monster & F::Attribute(Attribute::Light), F::Monster & F::Attribute(Attribute::Dark)])),
            ..Behavior::default()
        },
        // Sacred Phoenix of Nephthys
        61441708 => Behavior::with(vec![E::trigger(
            Trigger::Phase { phase: Phase::Standby, whose: Who::You },
            "Once per turn, in your first Standby Phase after this card was destroyed by a card effect and sent to the GY: Special Summon it from the GY; if you do, destroy every spell and trap on the field.",
        )
        .range(Range::Gy)
        .limit(Limit::PerCardPerTurn)
        .when(Condition::All(vec![
            Condition::This(F::SentBy(Sent::DestroyedByEffect)),
            Condition::TurnsSince { anchor: Anchor::Arrival, whose: Who::You, n: 1 },
        ]))
        .op(Op::special_summon(Obj::This, SummonPos::FaceUp))
        .then_if_did(vec![Op::destroy(Obj::All(Place::SpellTraps(Who::Both), F::Any))])]),
        // Macro Cosmos
        30241314 => Behavior::with(vec![E::trap(
            TrapKind::Continuous,
            "On activation you can Special Summon 1 \"Helios - The Primordial Sun\" from your hand or Deck. While this card is face-up on the field, every card that would go to the GY is banished instead.",
        )
        .op(Op::Choose { who: Who::You, place: Place::HandOrDeck(Who::You), filter: F::Named(HELIOS) & F::can_special_summon(), min: 0, max: 1 })
        .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))
        .modifier(Modifier::banish_instead_of_gy())]),
        // Jinzo
        77585513 => Behavior::with(vec![E::continuous("No trap card can be activated, and every trap effect on the field is negated.").modifier(Modifier::no_traps())]),
        // Skill Drain
        82732705 => Behavior::with(vec![E::trap(
            TrapKind::Continuous,
            "Pay 1000 LP to activate. While this card is face-up, every face-up monster on the field has its effects negated (their effects can still be activated).",
        )
        .cost(Cost::pay_lp(Num::Const(1000)))
        .modifier(Modifier::negate_monster_effects())]),
        // Catapult Turtle
        95727991 => Behavior::with(vec![E::ignition(
            "Once per turn: you can Tribute 1 monster (this card included) to inflict damage to your opponent equal to half the ATK that monster had on the field.",
        )
        .limit(Limit::PerCardPerTurn)
        .cost(Cost::tribute(1, F::Any))
        .op(Op::damage(Who::Opponent, Num::half(Num::Cost(CostStat::Atk))))]),
        // Cannon Soldier
        11384280 => Behavior::with(vec![E::ignition("You can Tribute 1 monster (this card included) to inflict 500 damage to your opponent.")
            .cost(Cost::tribute(1, F::Any))
            .op(Op::damage(Who::Opponent, Num::Const(500)))]),
        // Penguin Soldier
        93920745 => Behavior::with(vec![E::new(EffectKind::Trigger { optional: true, when: false }, "FLIP: you can target 1 or 2 monsters on the field and return them to the hand.")
            .on(Trigger::Flipped)
            .target_in(Place::Monsters(Who::Both), 1, 2, F::Monster)
            .op(Op::ToHand(Obj::Targets))]),
        // Spellbinding Circle
        18807108 => Behavior::with(vec![E::trap(
            TrapKind::Continuous,
            "Target 1 monster your opponent controls when you activate this card: while this card is face-up, that monster cannot attack or change its battle position. If that monster is destroyed, this card is destroyed.",
        )
        .target(1, F::Monster & F::OppControls)
        .op(Op::Apply { what: Obj::Targets, modifier: Modifier::cannot_attack(Scope::This), until: Duration::WhileSourceOnField })
        .op(Op::Apply { what: Obj::Targets, modifier: Modifier::cannot_change_position(Scope::This), until: Duration::WhileSourceOnField })
        .op(Op::Apply { what: Obj::Targets, modifier: Modifier::source_destroyed_with_it(), until: Duration::WhileSourceOnField })]),
        // Last Will
        85602018 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Only if a monster from your field went to your GY this turn: you can Special Summon 1 monster with 1500 or less ATK from your Deck; then shuffle your Deck.",
        )
        .when(Condition::Exists { place: Place::Gy(Who::You), filter: F::Monster & F::CameFrom(Origin::MonsterZone) & F::ThisTurn(TurnFact::Arrived), count: 1 })
        .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: F::Monster & F::atk_at_most(1500) & F::can_special_summon(), min: 0, max: 1 })
        .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))]),
        // Ultimate Offering
        80604091 => Behavior::with(vec![
            E::trap(TrapKind::Continuous, "This card stays face-up on the field."),
            E::trap(
                TrapKind::Continuous,
                "In your Main Phase or your opponent's Battle Phase you can pay 500 LP: right after this effect resolves, you Normal Summon or Set 1 monster (an extra one).",
            )
            .when(Condition::All(vec![
                Condition::Any(vec![
                    Condition::All(vec![Condition::your_turn(), Condition::Any(vec![Condition::in_phase(Phase::Main1), Condition::in_phase(Phase::Main2)])]),
                    Condition::All(vec![Condition::opponents_turn(), Condition::in_battle_phase()]),
                ]),
                Condition::Exists { place: Place::Hand(Who::You), filter: F::Monster, count: 1 },
            ]))
            .cost(Cost::pay_lp(Num::Const(500)))
            .op(Op::normal_summon_now(F::Any)),
        ]),
        // Rush Recklessly
        70046172 => Behavior::with(vec![E::spell(SpellKind::QuickPlay, "Target 1 face-up monster on the field: it gets +700 ATK until the end of the turn.")
            .target(1, F::Monster & F::FaceUp)
            .changes_stats_in_damage_step()
            .op(Op::Apply { what: Obj::Targets, modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(700), def: Num::Const(0) }, until: Duration::EndOfTurn })]),
        // Level Limit - Area B
        3136426 => Behavior::with(vec![E::spell(
            SpellKind::Continuous,
            "While this card is face-up, every face-up Level 4 or higher monster on the field is put in Defense Position and cannot be changed to Attack Position.",
        )
        .modifier(Modifier::force_defense(Scope::Monsters(F::level_at_least(4))))]),
        // Lightforce Sword
        49587034 => Behavior::with(vec![
            E::trap(TrapKind::Normal, "Banish 1 random card from your opponent's hand, face-down.")
                .when(Condition::Exists { place: Place::Hand(Who::Opponent), filter: F::Any, count: 1 })
                .op(Op::ChooseRandom { place: Place::Hand(Who::Opponent), filter: F::Any, count: Num::Const(1) })
                .op(Op::Banish { what: Obj::Chosen, face_down: true })
                .op(Op::Remember { what: Obj::Affected, slot: Mem(0) }),
            E::trigger(
                Trigger::Phase { phase: Phase::Standby, whose: Who::Opponent },
                "In the Standby Phase of your opponent's 4th turn after this card's activation, the card it banished returns to their hand.",
            )
            .range(Range::Gy)
            .when(Condition::All(vec![
                Condition::TurnsSince { anchor: Anchor::Activation, whose: Who::Opponent, n: 4 },
                Condition::Remembered(Mem(0)),
            ]))
            .op(Op::ToHand(Obj::Memory(Mem(0)))),
        ]),
        // Mirror Force
        44095762 => Behavior::with(vec![E::trap(TrapKind::Normal, "When an opponent's monster declares an attack: destroy every Attack Position monster your opponent controls.")
            .when(Condition::AttackDeclared(F::OppControls))
            .op(Op::destroy(Obj::All(Place::Monsters(Who::Opponent), F::AttackPos)))]),
        // Time Seal
        35316708 => Behavior::with(vec![E::trap(TrapKind::Normal, "Your opponent skips the Draw Phase of their next turn.")
            .op(Op::ApplyPlayer { who: Who::Opponent, effect: PlayerEffect::SkipDraw(1) })]),
        // Solomon's Lawbook
        23471572 => Behavior::with(vec![E::trap(TrapKind::Normal, "You skip your next Standby Phase.").op(Op::ApplyPlayer { who: Who::You, effect: PlayerEffect::SkipStandby(1) })]),
        // Great Long Nose
        2356994 => crate::mechanics::spirit(
            "Cannot be Special Summoned.",
            vec![E::trigger(Trigger::dealt_battle_damage(false, Subject::This), "If this card inflicts battle damage to your opponent, they skip their next Battle Phase.")
                .op(Op::ApplyPlayer { who: Who::Opponent, effect: PlayerEffect::SkipBattle(1) })],
        ),
        _ => return None,
    })
}

/// Destiny Board's own code: placing the next Spirit Message is a placement in a fixed
/// order (I, N, A, L) from the hand or the Deck, which no vocabulary step expresses (a
/// "next card of a sequence" appears on no other card).
mod destiny_board {
    use ygo_core::author::{Query, StepCtx, StepFlow};
    use ygo_core::{CardId, Duel, Player, Zone};

    /// Spirit Message "I", "N", "A", "L", in the order Destiny Board places them.
    pub const MESSAGES: [u32; 4] = [31893528, 67287533, 94772232, 30170981];

    /// Does `p` have a face-up card with this passcode in a Spell & Trap Zone?
    fn face_up_message(d: &Duel, p: Player, code: u32) -> bool {
        d.player(p).spells.iter().flatten().any(|&s| d.card(s).code == code && d.card(s).face_up())
    }

    /// The copies of the next Spirit Message `p` does not have face-up yet, in the hand and
    /// Deck.
    fn next_candidates(d: &Duel, p: Player) -> Vec<CardId> {
        let Some(m) = MESSAGES.iter().copied().find(|&m| !face_up_message(d, p, m)) else { return Vec::new() };
        let ps = d.player(p);
        ps.hand.iter().chain(ps.deck.iter().rev()).copied().filter(|&c| d.card(c).code == m).collect()
    }

    /// The condition: a next Spirit Message and a free Spell & Trap Zone for it.
    pub fn can_place(q: &Query<'_>) -> bool {
        !next_candidates(q.duel, q.player).is_empty() && !q.duel.free_spell_zones(q.player).is_empty()
    }

    /// The step: the controller picks the copy, which is placed face-up (not activated).
    pub fn place(s: &mut StepCtx<'_>) -> StepFlow {
        let p = s.controller();
        let candidates = next_candidates(s.duel(), p);
        if candidates.is_empty() {
            return StepFlow::Next;
        }
        let Some(picked) = s.select(p, candidates, 1, 1) else { return StepFlow::Asked };
        let Some(&c) = picked.first() else { return StepFlow::Next };
        let from_deck = s.duel().card(c).zone() == Zone::Deck;
        if s.place_face_up(c) {
            s.affected(&[c]);
            if from_deck {
                s.shuffle_deck(p);
            }
        }
        StepFlow::Next
    }
}
