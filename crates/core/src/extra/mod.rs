//! Ritual, Fusion, Synchro, Xyz, Pendulum and Link summons (SUM-7..SUM-14, ZONE-3, ZONE-4,
//! ZONE-10, SPELL-7, SPELL-8), per edition.
//!
//! The requirements are data: an Extra Deck monster declares its [`Materials`] (filters and
//! counts), a Ritual or Fusion spell declares an [`ExtraOp`] step. One generic machine picks
//! materials one card at a time: a card is offered only when the cards picked so far plus it
//! can still be completed to a valid set (and a zone stays available), and `done` is
//! offered once the set is valid. Synchro/Xyz/Link and the Pendulum Summon are Main Phase
//! actions of their own ([`ExtraTask`] frames: they start no chain and open the summon
//! negation window); Ritual and Fusion Summons run inside their spell's resolution.

mod materials;
mod procs;
mod zones;

use serde::{Deserialize, Serialize};

use crate::card::type_bits;
use crate::effect::Filter;
use crate::state::CardId;
use crate::types::{Player, Position};

/// The effect index of a Pendulum card's activation as a spell in a Pendulum Zone (SPELL-8):
/// listed as `activate X`.
pub const PENDULUM_SCALE: u8 = 7;
/// Work bound of one material search (TigerStyle: never hang; beyond it, "not possible").
const SEARCH_BUDGET: u32 = 4_000;

/// The materials an Extra Deck monster names (SUM-9..SUM-13), as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Materials {
    /// SUM-9: one monster per slot (a Fusion Substitute may fill one named slot).
    Fusion {
        /// One filter per material.
        slots: Vec<Filter>,
        /// "Polymerization" (or another fusion effect) may summon it; false for "must be
        /// Special Summoned with" one specific card.
        by_polymerization: bool,
    },
    /// SUM-10: 1 Tuner matching `tuner` + `min..=max` non-Tuner monsters matching
    /// `non_tuner` ("1 or more": 1 and 255).
    Synchro {
        /// What the Tuner must be.
        tuner: Filter,
        /// What every non-Tuner must be.
        non_tuner: Filter,
        /// Fewest non-Tuners.
        min: u8,
        /// Most non-Tuners.
        max: u8,
    },
    /// SUM-11: `count` face-up monsters whose Level equals the Rank, matching `filter`.
    Xyz {
        /// How many materials (at least 2).
        count: u8,
        /// What each material must be.
        filter: Filter,
    },
    /// SUM-13: `min..=max` face-up monsters matching `filter`; each counts 1, or a Link
    /// monster its Link rating; the total is the Link rating.
    Link {
        /// Fewest materials.
        min: u8,
        /// Most materials.
        max: u8,
        /// What each material must be.
        filter: Filter,
    },
    /// SUM-9 without "Polymerization": a Fusion Monster Special Summoned from the Extra Deck
    /// by its own action, sending its listed materials from the field to the GY: 1 face-up
    /// monster matching `first` + `min..=max` face-up monsters matching `rest`, from the
    /// summoner's field or (`either_field`) from either player's ("Chimeratech Fortress
    /// Dragon"); or (`into_deck`, a Contact Fusion: "Gladiator Beast Gyzarus") shuffling them
    /// into their owners' Decks (an Extra Deck monster: the Extra Deck), the summoner's
    /// face-down monsters usable too (revealed). No Fusion Substitute; the number of
    /// materials is kept as the monster's [`crate::effect::Stat::Tributes`] while it stays on
    /// the field.
    FieldFusion {
        /// The one named material.
        first: Filter,
        /// What every other material must be.
        rest: Filter,
        /// Fewest other materials.
        min: u8,
        /// Most other materials.
        max: u8,
        /// The opponent's monsters may be materials too.
        either_field: bool,
        /// The materials are shuffled into the Deck instead of sent to the GY.
        into_deck: bool,
    },
}

/// Where a Ritual spell takes the monsters it uses (SUM-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RitualFrom {
    /// Tribute monsters from the hand and/or field (face-down ones too).
    HandOrField,
    /// Send monsters from the Deck to the GY ("Advanced Ritual Art").
    Deck,
}

/// Summons run as a step of a spell's resolution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExtraOp {
    /// SUM-8: Ritual Summon 1 Ritual monster matching `monster` from the hand, using
    /// monsters matching `material` whose total Level equals (`exact`) or is at least its
    /// Level.
    Ritual {
        /// Which Ritual monsters it may summon.
        monster: Filter,
        /// Where the monsters it uses come from.
        from: RitualFrom,
        /// What each of those monsters must be.
        material: Filter,
        /// Their Levels must total exactly the Ritual monster's Level (else: at least).
        exact: bool,
    },
    /// SUM-9: Fusion Summon 1 Fusion monster from the Extra Deck with materials from the
    /// hand and field.
    Fusion,
    /// SUM-9: Fusion Summon 1 Fusion monster matching `monster` from the Extra Deck by
    /// banishing its materials from the summoner's field or GY (instead of sending them from
    /// the hand or field to the GY): "Fusion Summon ... by banishing the Fusion Materials
    /// listed on it from your field or GY".
    FusionByBanishing {
        /// Which Fusion Monsters it may summon.
        monster: Filter,
    },
    /// SUM-9 split over time, its materials from the Deck. Without `summon`: reveal 1 Fusion
    /// Monster matching `monster` in the Extra Deck ("Polymerization" could summon it) whose
    /// listed materials are all in the Deck, and send them from the Deck to the GY (one card
    /// per material, no Fusion Substitute); the monster stays in the Extra Deck and is the
    /// step's affected card (to remember). With `summon`: Fusion Summon 1 Fusion Monster
    /// matching `monster` from the Extra Deck with no materials (sent earlier): "send the
    /// Fusion Materials listed on it from your Deck to the GY ... later, Fusion Summon it".
    FusionFromDeckMaterials {
        /// Which Fusion Monsters it may reveal or summon.
        monster: Filter,
        /// The summon half (else the half that sends the materials).
        summon: bool,
    },
}

/// The summons that are actions of their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ProcKind {
    /// Synchro Summon (SUM-10).
    Synchro,
    /// Xyz Summon (SUM-11).
    Xyz,
    /// Link Summon (SUM-13).
    Link,
    /// Pendulum Summon (SUM-12).
    Pendulum,
    /// A Fusion Monster's own summon by sending its materials from the field
    /// ([`Materials::FieldFusion`]; a Special Summon, not a Fusion Summon).
    FieldFusion,
}

/// Where a Synchro/Xyz/Link/Pendulum Summon is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ProcStage {
    /// Picking materials (or the monsters to Pendulum Summon).
    Pick,
    /// Choosing a zone for the next monster.
    Zone,
    /// Choosing its position.
    Position,
    /// Placing the monsters, then the negation window.
    Place,
    /// After the negation window (a Pendulum Summon completes).
    AfterNegation,
}

/// Where a Ritual or Fusion step of a spell's resolution is (SUM-8, SUM-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SpellStage {
    /// Picking the monster to summon.
    Monster,
    /// Picking its materials.
    Materials,
    /// The materials leave.
    Pay,
    /// Choosing a zone.
    Zone,
    /// Choosing the position (for the zone picked).
    Position(u8),
}

/// A Synchro/Xyz/Link/Pendulum Summon in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExtraTask {
    pub kind: ProcKind,
    pub player: Player,
    /// The Extra Deck monster (none for a Pendulum Summon).
    pub card: Option<CardId>,
    /// Where the summon is.
    pub stage: ProcStage,
    /// Materials (or, for a Pendulum Summon, the monsters to summon).
    pub picked: Vec<CardId>,
    /// Chosen (card, zone, position) of each monster being placed.
    pub placed: Vec<(CardId, u8, Position)>,
}

/// What a material selection is for.
#[derive(Clone, Copy)]
enum Sel<'a> {
    Proc(ProcKind, Option<CardId>),
    Ritual {
        monster: CardId,
        from: RitualFrom,
        material: &'a Filter,
        exact: bool,
    },
    /// The Fusion Monster, and where its materials come from.
    Fusion(CardId, FusionFrom),
}

/// Where the materials of a Fusion step come from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum FusionFrom {
    /// The hand and field, sent to the GY ("Polymerization").
    HandOrField,
    /// The field and GY, banished.
    FieldOrGy,
    /// The Deck, sent to the GY, with no summon and no Fusion Substitute.
    Deck,
}

/// A material selection goes on one card at a time: the prompt carries the cards picked
/// so far, takes one more, and offers `done` once the set is valid.
fn picked_bounds(n: usize, done_ok: bool) -> (u8, u8) {
    let n = n.min(250) as u8;
    (n + u8::from(!done_ok), n + 1)
}

/// ERA table: Synchro monsters and Tuners from Master Rule 1, Xyz from Master Rule 2,
/// Pendulum from Master Rule 3, Link from Master Rule 4.
pub fn edition_allows(e: crate::edition::Edition, d: &crate::card::CardData) -> bool {
    if !d.is_monster() {
        return true;
    }
    (e.synchro() || !d.has(type_bits::SYNCHRO | type_bits::TUNER))
        && (e.xyz() || !d.has(type_bits::XYZ))
        && (e.pendulum_summon() || !d.has(type_bits::PENDULUM))
        && (e.link() || !d.has(type_bits::LINK))
}
