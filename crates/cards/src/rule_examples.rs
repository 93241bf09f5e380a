//! Card behaviours (see `lib.rs`): each card is a declaration in the effect vocabulary of
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
        .op(Op::ForbidNames { who: Who::You, names: Obj::Chosen })]),
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
        3078576 => Behavior {
            effects: vec![
                E::continuous("This card cannot be Special Summoned."),
                E::spirit_return(),
                E::trigger(Trigger::DealtBattleDamage { direct: false, of: Subject::This }, "If this card deals battle damage to your opponent: they skip the Draw Phase of their next turn.")
                    .op(Op::ApplyPlayer { who: Who::Opponent, effect: PlayerEffect::SkipDraw(1) }),
            ],
            no_special_summon: true,
            ..Behavior::default()
        },
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
        .modifier(Modifier::Level { filter: F::Attribute(Attribute::Water), delta: -1, in_hand: true })]),
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
