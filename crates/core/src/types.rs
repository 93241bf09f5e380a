//! Small value types shared by the whole engine: players, zones, positions, phases.

use serde::{Deserialize, Serialize};

/// A player. `A` goes first in a fresh duel unless the setup says otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Player {
    A,
    B,
}

impl Player {
    pub const BOTH: [Player; 2] = [Player::A, Player::B];
    pub fn idx(self) -> usize {
        self as usize
    }
    pub fn opp(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Player::A => "A",
            Player::B => "B",
        }
    }
    pub fn parse(s: &str) -> Option<Player> {
        match s {
            "A" | "a" => Some(Player::A),
            "B" | "b" => Some(Player::B),
            _ => None,
        }
    }
}

/// Where a card is (ZONE-1). Field zones carry an index in [`Loc::index`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Zone {
    Deck,
    Hand,
    /// Main Monster Zones 0-4 and Extra Monster Zones 5-6 (ZONE-3).
    Monster,
    /// Spell & Trap Zones 0-4.
    SpellTrap,
    Field,
    /// Separate Pendulum Zones 0 (left) and 1 (right), Master Rule 3 (ZONE-4).
    Pendulum,
    Gy,
    Banished,
    Extra,
    /// Attached under an Xyz monster (ZONE-10); `index` is the Xyz monster's zone.
    Material,
    /// Where a token is before it is summoned and after it leaves the field: it does not
    /// exist in the duel (MISC-1). Kept so that every card instance has one place.
    Gone,
}

impl Zone {
    /// "On the field" (ZONE-2).
    pub fn on_field(self) -> bool {
        matches!(self, Zone::Monster | Zone::SpellTrap | Zone::Field | Zone::Pendulum)
    }
    /// The name used in scenario locations (`X@B.monsters#2`).
    pub fn scenario_name(self) -> &'static str {
        match self {
            Zone::Deck => "deck",
            Zone::Hand => "hand",
            Zone::Monster => "monsters",
            Zone::SpellTrap => "spells",
            Zone::Field => "field",
            Zone::Pendulum => "pendulum",
            Zone::Gy => "gy",
            Zone::Banished => "banished",
            Zone::Gone => "gone",
            Zone::Extra => "extra",
            Zone::Material => "materials",
        }
    }
    pub fn parse(s: &str) -> Option<Zone> {
        Some(match s {
            "deck" => Zone::Deck,
            "hand" => Zone::Hand,
            "monsters" | "monster" => Zone::Monster,
            "spells" | "spell" => Zone::SpellTrap,
            "field" => Zone::Field,
            "pendulum" => Zone::Pendulum,
            "gy" => Zone::Gy,
            "banished" => Zone::Banished,
            "extra" => Zone::Extra,
            "materials" => Zone::Material,
            _ => return None,
        })
    }
    /// Zones that hold an ordered pile rather than indexed slots.
    pub fn is_pile(self) -> bool {
        matches!(self, Zone::Deck | Zone::Hand | Zone::Gy | Zone::Banished | Zone::Extra | Zone::Material | Zone::Gone)
    }
}

/// A place on the table as seen by the rules: whose side, which zone, which slot or pile
/// position (for piles: index from the bottom; hand: left to right).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Loc {
    pub player: Player,
    pub zone: Zone,
    pub index: u8,
}

impl Loc {
    pub fn new(player: Player, zone: Zone, index: usize) -> Loc {
        Loc { player, zone, index: index as u8 }
    }
}

/// Battle positions (POS-1). Spells and traps use `FaceUp`/`FaceDown` through
/// [`Position::face_up`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Position {
    FaceUpAttack,
    FaceUpDefense,
    FaceDownDefense,
    /// Only through effects (POS-1).
    FaceDownAttack,
}

impl Position {
    pub fn face_up(self) -> bool {
        matches!(self, Position::FaceUpAttack | Position::FaceUpDefense)
    }
    pub fn attack(self) -> bool {
        matches!(self, Position::FaceUpAttack | Position::FaceDownAttack)
    }
    pub fn text(self) -> &'static str {
        match self {
            Position::FaceUpAttack => "atk",
            Position::FaceUpDefense => "def",
            Position::FaceDownDefense => "set",
            Position::FaceDownAttack => "facedown-atk",
        }
    }
}

/// The phases of a turn (PHASE-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Phase {
    Draw,
    Standby,
    Main1,
    Battle,
    Main2,
    End,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Draw => "draw",
            Phase::Standby => "standby",
            Phase::Main1 => "main1",
            Phase::Battle => "battle",
            Phase::Main2 => "main2",
            Phase::End => "end",
        }
    }
    pub fn parse(s: &str) -> Option<Phase> {
        Some(match s {
            "draw" => Phase::Draw,
            "standby" => Phase::Standby,
            "main1" => Phase::Main1,
            "battle" => Phase::Battle,
            "main2" => Phase::Main2,
            "end" => Phase::End,
            _ => return None,
        })
    }
    pub fn is_main(self) -> bool {
        matches!(self, Phase::Main1 | Phase::Main2)
    }
}

/// Steps of the Battle Phase (PHASE-5, BATTLE-*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum BattleStep {
    Start,
    Battle,
    Damage(DamageStep),
    End,
}

impl BattleStep {
    pub fn name(self) -> &'static str {
        match self {
            BattleStep::Start => "start",
            BattleStep::Battle => "battle",
            BattleStep::Damage(_) => "damage",
            BattleStep::End => "end",
        }
    }
}

/// Sub-steps of the Damage Step (BATTLE-4, Master Rule 3 wording).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum DamageStep {
    Start,
    BeforeCalculation,
    DuringCalculation,
    AfterCalculation,
    End,
}

/// How a monster came to the field (scenario `summoned`; summon-conditional effects).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SummonKind {
    #[default]
    None,
    Normal,
    Tribute,
    Set,
    Flip,
    Special,
    /// The proper summons of SUM-8..SUM-13 (all Special Summons).
    Ritual,
    Fusion,
    Synchro,
    Xyz,
    Pendulum,
    Link,
}

/// Why a duel ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WinReason {
    /// WIN-1.
    LifePoints,
    /// WIN-2.
    DeckOut,
    /// WIN-3.
    CardEffect,
    /// A card effect that wins the whole match, not only the duel ("Victory Dragon").
    MatchWinEffect,
    /// A player conceded.
    Surrender,
    /// The engine's bounds were reached (never in a correct engine; reported, not hidden).
    Bound,
}

/// The end of a duel: `winner == None` is a draw (WIN-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Player>,
    pub reason: WinReason,
}
