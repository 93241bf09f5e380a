//! Small value types shared by the whole engine: players, zones, positions, phases.

use serde::{Deserialize, Serialize};

/// A player. `A` goes first in a fresh duel unless the setup says otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Player {
    /// The player who goes first unless the setup says otherwise.
    A,
    /// The other player.
    B,
}

impl Player {
    /// Both players, `A` first.
    pub const BOTH: [Player; 2] = [Player::A, Player::B];
    /// 0 for `A`, 1 for `B`: the index into per-player arrays.
    pub fn idx(self) -> usize {
        self as usize
    }
    /// The opponent.
    pub fn opp(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }
    /// `"A"` or `"B"`, as in scenario files and action texts.
    pub fn name(self) -> &'static str {
        match self {
            Player::A => "A",
            Player::B => "B",
        }
    }
    /// Reads `A`/`B` (either case).
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
    /// The Main Deck: hidden and ordered (ZONE-7); index 0 is the bottom.
    Deck,
    /// The hand: hidden from the opponent.
    Hand,
    /// Main Monster Zones 0-4 and Extra Monster Zones 5-6 (ZONE-3).
    Monster,
    /// Spell & Trap Zones 0-4.
    SpellTrap,
    /// The Field Zone (ZONE-5).
    Field,
    /// Separate Pendulum Zones 0 (left) and 1 (right), Master Rule 3 (ZONE-4).
    Pendulum,
    /// The Graveyard: public and ordered (ZONE-6).
    Gy,
    /// Banished: public unless face-down (ZONE-6).
    Banished,
    /// The Extra Deck: face-down and hidden, except face-up Pendulum monsters (ZONE-8).
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
    /// Reads a [`Zone::scenario_name`] (`monster` and `spell` also accepted); `gone` is not a
    /// place a scenario can name.
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
    /// Places whose every index a player's view shows in order (MISC-3): the hands, the
    /// field, the GYs and banishments; never a Deck (its order is hidden), the Extra Deck,
    /// materials or a gone token.
    pub fn shown_in_order(self) -> bool {
        matches!(self, Zone::Hand | Zone::Monster | Zone::SpellTrap | Zone::Field | Zone::Pendulum | Zone::Gy | Zone::Banished)
    }
}

/// A turn number as a card records it ("the turn it was summoned"; 0: never), in 16 bits:
/// a duel ends by bound after [`crate::limits::TURNS`] turns. It compares with the duel's
/// `u32` turn number; a larger number is recorded as `u16::MAX`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Turn(u16);

const _: () = assert!(crate::limits::TURNS < u16::MAX as u32, "a card's turn numbers are 16 bits");

impl Turn {
    /// The turn number.
    pub fn get(self) -> u32 {
        u32::from(self.0)
    }
}

impl From<u32> for Turn {
    fn from(t: u32) -> Turn {
        Turn(u16::try_from(t).unwrap_or(u16::MAX))
    }
}

impl PartialEq<u32> for Turn {
    fn eq(&self, t: &u32) -> bool {
        self.get() == *t
    }
}

impl PartialOrd<u32> for Turn {
    fn partial_cmp(&self, t: &u32) -> Option<std::cmp::Ordering> {
        Some(self.get().cmp(t))
    }
}

/// A place on the table as seen by the rules: whose side, which zone, which slot or pile
/// position (for piles: index from the bottom; hand: left to right).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Loc {
    /// Whose side of the table: the controller of a card on the field, the player whose pile
    /// holds it elsewhere.
    pub player: Player,
    /// Which zone.
    pub zone: Zone,
    /// The slot of a field zone, or the position in a pile (Xyz materials: the Xyz
    /// monster's zone × 8 + the place under it).
    pub index: u8,
}

impl Loc {
    /// A place from a `usize` slot or pile index (truncated to `u8`; no zone holds more than
    /// 255 cards).
    pub fn new(player: Player, zone: Zone, index: usize) -> Loc {
        Loc { player, zone, index: index as u8 }
    }
}

/// Battle positions (POS-1). Spells and traps use `FaceUp`/`FaceDown` through
/// [`Position::face_up`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Position {
    /// Face-up Attack Position; for a card outside the Monster Zones, face-up.
    FaceUpAttack,
    /// Face-up Defense Position.
    FaceUpDefense,
    /// Face-down Defense Position (a Set monster); for a card outside the Monster Zones,
    /// face-down (a Set spell/trap, a face-down banished or Extra Deck card).
    FaceDownDefense,
    /// Only through effects (POS-1).
    FaceDownAttack,
}

impl Position {
    /// Face-up (either battle position); for a spell/trap, face-up on the field.
    pub fn face_up(self) -> bool {
        matches!(self, Position::FaceUpAttack | Position::FaceUpDefense)
    }
    /// Attack Position, face-up or face-down.
    pub fn attack(self) -> bool {
        matches!(self, Position::FaceUpAttack | Position::FaceDownAttack)
    }
    /// The scenario word for the position: `atk`, `def`, `set`, `facedown-atk`.
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
    /// Draw Phase (PHASE-2).
    Draw,
    /// Standby Phase (PHASE-3).
    Standby,
    /// Main Phase 1 (PHASE-4).
    Main1,
    /// Battle Phase (PHASE-5).
    Battle,
    /// Main Phase 2: only if the Battle Phase was entered (PHASE-1).
    Main2,
    /// End Phase (PHASE-6).
    End,
}

impl Phase {
    /// The scenario name: `draw`, `standby`, `main1`, `battle`, `main2`, `end`.
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
    /// Reads a [`Phase::name`].
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
    /// Main Phase 1 or 2.
    pub fn is_main(self) -> bool {
        matches!(self, Phase::Main1 | Phase::Main2)
    }
}

/// Steps of the Battle Phase (PHASE-5, BATTLE-*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum BattleStep {
    /// Start Step (BATTLE-1).
    Start,
    /// Battle Step: attacks are declared here (BATTLE-2, BATTLE-3).
    Battle,
    /// Damage Step, in one of its sub-steps (BATTLE-4).
    Damage(DamageStep),
    /// End Step (BATTLE-9).
    End,
}

impl BattleStep {
    /// The scenario name: `start`, `battle`, `damage` (any sub-step), `end`.
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
    /// Start of the Damage Step.
    Start,
    /// Before damage calculation: a face-down target is flipped face-up (POS-4).
    BeforeCalculation,
    /// During damage calculation (BATTLE-5..7).
    DuringCalculation,
    /// After damage calculation: flip effects of a monster flipped by the attack (BATTLE-8).
    AfterCalculation,
    /// End of the Damage Step: monsters destroyed by battle are sent to the GY.
    End,
}

/// How a monster came to the field (scenario `summoned`; summon-conditional effects).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SummonKind {
    /// Not summoned: not on the field, or a spell/trap on it.
    #[default]
    None,
    /// Normal Summoned without tributes (SUM-1).
    Normal,
    /// Tribute Summoned (SUM-2).
    Tribute,
    /// Set face-down by the turn's Normal Set (SUM-1): not a summon for effects.
    Set,
    /// Flip Summoned (SUM-4).
    Flip,
    /// Special Summoned by an effect or a procedure written on the card (SUM-5, SUM-6).
    Special,
    /// Ritual Summoned (SUM-8). This and the kinds after it are the proper summons of
    /// SUM-7 (all Special Summons).
    Ritual,
    /// Fusion Summoned (SUM-9).
    Fusion,
    /// Synchro Summoned (SUM-10).
    Synchro,
    /// Xyz Summoned (SUM-11).
    Xyz,
    /// Pendulum Summoned (SUM-12).
    Pendulum,
    /// Link Summoned (SUM-13).
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
    /// Who won; `None` for a draw.
    pub winner: Option<Player>,
    /// Why the duel ended.
    pub reason: WinReason,
}
