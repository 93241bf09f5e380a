//! The pending decision ([`Prompt`]): what the deciding player is asked, and the kinds of
//! selections, announcements and questions it names. Every decision of the duel is one of
//! these (the engine asks even those with a single answer).

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::state::CardId;
use crate::types::{Player, Position};

/// What a selection is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SelectPurpose {
    /// Tributes: for a Tribute Summon or Set (SUM-2), a summon procedure or a Ritual Summon
    /// (SUM-8); counted by tribute value (a monster may count as 2).
    Tribute,
    /// Discards down to 6 at the end of the End Phase (PHASE-6).
    Discard,
    /// BATTLE-3: the new target of an attack after a replay.
    AttackTarget,
    /// Targets of an activation (answered with `target X`).
    Target,
    /// Cards paid as a cost (e.g. discards).
    Cost,
    /// Cards chosen by a resolving effect.
    Effect,
}

/// The pending decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Prompt {
    /// Priority in an open window (PHASE-7): act, or pass.
    Window {
        /// The player holding priority.
        player: Player,
    },
    /// Pick cards one at a time; `done` once at least `min` are picked.
    Select {
        /// Who picks.
        player: Player,
        /// What the cards are for.
        purpose: SelectPurpose,
        /// The cards that may be picked.
        candidates: Vec<CardId>,
        /// Fewest cards to pick (for tributes: see [`SelectPurpose::Tribute`]).
        min: u8,
        /// Most cards to pick: the selection ends by itself when this many are picked.
        max: u8,
        /// The cards picked so far.
        picked: Vec<CardId>,
    },
    /// Choose the Monster Zone a monster goes to (`zone N`: ZONE-3, SUM-5).
    Zone {
        /// Who chooses.
        player: Player,
        /// The zones offered: 0-4 Main, 5-6 Extra Monster Zones.
        zones: SmallVec<[u8; 7]>,
        /// `None`: the zones are the chooser's own, for the monster being placed.
        /// `Some(side)`: they are `side`'s unused Main Monster Zones, picked to be locked
        /// (`Op::LockZones`: "Ojama King" picks the opponent's).
        lock: Option<Player>,
    },
    /// Choose the battle position a monster is placed in (`position atk` / `position def`).
    Position {
        /// Who chooses.
        player: Player,
        /// The monster being placed.
        card: CardId,
        /// The positions offered.
        options: SmallVec<[Position; 2]>,
    },
    /// Answer `yes` or `no`.
    YesNo {
        /// Who answers.
        player: Player,
        /// The question.
        question: Question,
    },
    /// Triggered effects to put on the chain: `activate X` picks the next; `pass`
    /// declines the rest when they are optional (EFF-3, EFF-7).
    Trigger {
        /// Whose triggers.
        player: Player,
        /// The triggered effects: card and effect index.
        options: Vec<(CardId, u8)>,
        /// The options are optional triggers: `pass` declines them all (EFF-3).
        may_pass: bool,
    },
    /// Declare one of these values (card passcode, type, number).
    Announce {
        /// Who declares.
        player: Player,
        /// What is declared.
        kind: AnnounceKind,
        /// The values that may be declared ([`crate::action::Action::Announce`]).
        options: Vec<u32>,
    },
    /// No decision: the duel is over.
    Over,
}

/// What a player announces (`announce X`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AnnounceKind {
    /// Heads or tails (MISC-6).
    Coin,
    /// A declaration (card name, type, ...).
    Declare(crate::effect::Declare),
    /// Which of a card's effects to apply ("choose 1 of these effects"), 1-based.
    Effect,
    /// An amount (of LP to pay: `Cost::PayLp` with `any_multiple`).
    Amount,
}

/// Questions asked with `yes` / `no`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Question {
    /// BATTLE-3: keep attacking after a replay?
    ContinueAttack,
    /// "You can ..." inside the resolution of this card's effect.
    Continue(CardId),
}

impl Prompt {
    /// Who must answer; `None` for [`Prompt::Over`].
    pub fn player(&self) -> Option<Player> {
        match *self {
            Prompt::Window { player }
            | Prompt::Select { player, .. }
            | Prompt::Zone { player, .. }
            | Prompt::Position { player, .. }
            | Prompt::YesNo { player, .. }
            | Prompt::Trigger { player, .. }
            | Prompt::Announce { player, .. } => Some(player),
            Prompt::Over => None,
        }
    }
}
