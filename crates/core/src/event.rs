//! Events: one typed value for every change of the duel. The list is the game log (plain
//! text via [`Duel::event_text`](crate::Duel::event_text)), the feed for user interfaces
//! and the input of trigger detection.

use serde::{Deserialize, Serialize};

use crate::state::CardId;
use crate::types::{BattleStep, Loc, Outcome, Phase, Player, Position};

/// Why a card moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reason {
    Draw,
    Summon,
    Set,
    Tribute,
    /// Destroyed by battle (MISC-4).
    Battle,
    /// Destroyed by a card effect.
    Destroy,
    /// Destroyed by rule (MISC-4).
    RuleDestroy,
    Discard,
    Cost,
    Effect,
    Rule,
    Activate,
    Resolve,
    /// Used as Fusion/Synchro/Xyz/Link material (SUM-9..SUM-13).
    Material,
}

impl Reason {
    /// MISC-4: battle, destroy effects and rule destruction are "destroyed".
    pub fn is_destroy(self) -> bool {
        matches!(self, Reason::Battle | Reason::Destroy | Reason::RuleDestroy)
    }
}

/// One change of the duel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    TurnStarted {
        turn: u32,
        player: Player,
    },
    PhaseEntered {
        phase: Phase,
    },
    StepEntered {
        step: BattleStep,
    },
    Shuffled {
        player: Player,
    },
    /// MISC-5: one event however many cards were drawn.
    Drew {
        player: Player,
        cards: Vec<CardId>,
    },
    Moved {
        card: CardId,
        from: Loc,
        to: Loc,
        reason: Reason,
        face_up: bool,
    },
    NormalSummoned {
        card: CardId,
        tribute: bool,
    },
    MonsterSet {
        card: CardId,
    },
    SpellSet {
        card: CardId,
    },
    FlipSummoned {
        card: CardId,
    },
    SpecialSummoned {
        card: CardId,
    },
    PositionChanged {
        card: CardId,
        from: Position,
        to: Position,
    },
    Flipped {
        card: CardId,
    },
    AttackDeclared {
        attacker: CardId,
        target: Option<CardId>,
    },
    AttackStopped {
        attacker: CardId,
    },
    BattleDamage {
        player: Player,
        amount: i32,
        by: CardId,
    },
    LpChanged {
        player: Player,
        from: i32,
        to: i32,
    },
    Destroyed {
        card: CardId,
        reason: Reason,
    },
    /// A card or effect was activated as chain link `link` (1-based).
    Activated {
        card: CardId,
        effect: u8,
        link: u8,
    },
    ActivationNegated {
        card: CardId,
        link: u8,
    },
    EffectNegated {
        card: CardId,
        link: u8,
    },
    /// A link resolved (its effect applied or did nothing).
    LinkResolved {
        card: CardId,
        link: u8,
    },
    ChainEnded,
    DuelEnded {
        outcome: Outcome,
    },
    /// A summon was negated (SUM-3).
    SummonNegated {
        card: CardId,
    },
    AttackNegated {
        attacker: CardId,
    },
    ControlChanged {
        card: CardId,
        to: Player,
    },
    Equipped {
        card: CardId,
        to: CardId,
    },
    /// A card was revealed to the opponent (MISC-7).
    Revealed {
        card: CardId,
    },
    /// A player declared a card name, type or number.
    Announced {
        player: Player,
        value: u32,
        kind: crate::engine::AnnounceKind,
    },
    /// A coin was tossed (MISC-6).
    CoinTossed {
        player: Player,
        heads: bool,
    },
    /// Counters were placed (positive) or removed (negative) (MISC-2).
    Counters {
        card: CardId,
        kind: crate::effect::Counter,
        delta: i32,
    },
    /// A phase was skipped (PHASE-8).
    PhaseSkipped {
        phase: Phase,
    },
}

impl Event {
    /// Events that change the duel (as opposed to bookkeeping of phases and chains):
    /// what "when ..." conditions look at.
    pub fn is_happening(&self) -> bool {
        !matches!(
            self,
            Event::TurnStarted { .. }
                | Event::PhaseEntered { .. }
                | Event::StepEntered { .. }
                | Event::Activated { .. }
                | Event::LinkResolved { .. }
                | Event::ChainEnded
                | Event::DuelEnded { .. }
                | Event::Announced { .. }
        )
    }
}
