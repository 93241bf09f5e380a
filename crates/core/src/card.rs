//! Card data: the printed facts of a card (CARD-1..3), decoded from the YGOPro
//! `cards.cdb` column layout (see `FORMATS.md`). Behaviour lives in [`crate::effect`].

use serde::{Deserialize, Serialize};

/// Type bits of the `type` column of `cards.cdb`.
pub mod type_bits {
    pub const MONSTER: u32 = 0x1;
    pub const SPELL: u32 = 0x2;
    pub const TRAP: u32 = 0x4;
    pub const NORMAL: u32 = 0x10;
    pub const EFFECT: u32 = 0x20;
    pub const FUSION: u32 = 0x40;
    pub const RITUAL: u32 = 0x80;
    pub const TRAPMONSTER: u32 = 0x100;
    pub const SPIRIT: u32 = 0x200;
    pub const UNION: u32 = 0x400;
    pub const GEMINI: u32 = 0x800;
    pub const TUNER: u32 = 0x1000;
    pub const SYNCHRO: u32 = 0x2000;
    pub const TOKEN: u32 = 0x4000;
    pub const QUICKPLAY: u32 = 0x10000;
    pub const CONTINUOUS: u32 = 0x20000;
    pub const EQUIP: u32 = 0x40000;
    pub const FIELD: u32 = 0x80000;
    pub const COUNTER: u32 = 0x100000;
    pub const FLIP: u32 = 0x200000;
    pub const TOON: u32 = 0x400000;
    pub const XYZ: u32 = 0x800000;
    pub const PENDULUM: u32 = 0x1000000;
    pub const SPSUMMON: u32 = 0x2000000;
    pub const LINK: u32 = 0x4000000;
    /// Fusion | Synchro | Xyz | Link: the kinds that live in the Extra Deck (DECK-2).
    pub const EXTRA: u32 = FUSION | SYNCHRO | XYZ | LINK;
}

/// One row of `cards.cdb` (`datas` joined with the name), columns exactly as stored.
/// Both the shipped card data and a user's database decode through [`CardData::from_raw`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RawCard {
    pub id: u32,
    pub ot: u32,
    pub alias: u32,
    pub setcode: u64,
    pub type_: u32,
    pub atk: i32,
    pub def: i32,
    pub level: u32,
    pub race: u64,
    pub attribute: u32,
    pub name: String,
    /// Short rules text in the project's own words (never Konami's).
    pub text: String,
}

/// Monster attribute (CARD-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Attribute {
    Earth,
    Water,
    Fire,
    Wind,
    Light,
    Dark,
    Divine,
}

impl Attribute {
    pub const ALL: [Attribute; 7] =
        [Attribute::Earth, Attribute::Water, Attribute::Fire, Attribute::Wind, Attribute::Light, Attribute::Dark, Attribute::Divine];
    pub fn from_bits(bits: u32) -> Option<Attribute> {
        Self::ALL.iter().copied().find(|a| a.bit() == bits)
    }
    pub fn bit(self) -> u32 {
        1 << (self as u32)
    }
    pub fn name(self) -> &'static str {
        ["EARTH", "WATER", "FIRE", "WIND", "LIGHT", "DARK", "DIVINE"][self as usize]
    }
}

/// Monster Type ("race" in `cards.cdb`), in bit order (CARD-1).
pub const RACE_NAMES: [&str; 26] = [
    "Warrior",
    "Spellcaster",
    "Fairy",
    "Fiend",
    "Zombie",
    "Machine",
    "Aqua",
    "Pyro",
    "Rock",
    "Winged Beast",
    "Plant",
    "Insect",
    "Thunder",
    "Dragon",
    "Beast",
    "Beast-Warrior",
    "Dinosaur",
    "Fish",
    "Sea Serpent",
    "Reptile",
    "Psychic",
    "Divine-Beast",
    "Creator God",
    "Wyrm",
    "Cyberse",
    "Illusion",
];

/// A monster Type as its bit index into [`RACE_NAMES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Race(pub u8);

impl Race {
    pub const WARRIOR: Race = Race(0);
    pub const SPELLCASTER: Race = Race(1);
    pub const FAIRY: Race = Race(2);
    pub const FIEND: Race = Race(3);
    pub const ZOMBIE: Race = Race(4);
    pub const MACHINE: Race = Race(5);
    pub const AQUA: Race = Race(6);
    pub const PYRO: Race = Race(7);
    pub const ROCK: Race = Race(8);
    pub const WINGED_BEAST: Race = Race(9);
    pub const PLANT: Race = Race(10);
    pub const INSECT: Race = Race(11);
    pub const THUNDER: Race = Race(12);
    pub const DRAGON: Race = Race(13);
    pub const BEAST: Race = Race(14);
    pub const BEAST_WARRIOR: Race = Race(15);
    pub const DINOSAUR: Race = Race(16);
    pub const FISH: Race = Race(17);
    pub const SEA_SERPENT: Race = Race(18);
    pub const REPTILE: Race = Race(19);
    pub const PSYCHIC: Race = Race(20);
    pub fn from_bits(bits: u64) -> Option<Race> {
        if bits.count_ones() != 1 || bits.trailing_zeros() as usize >= RACE_NAMES.len() {
            return None;
        }
        Some(Race(bits.trailing_zeros() as u8))
    }
    pub fn by_name(name: &str) -> Option<Race> {
        RACE_NAMES.iter().position(|n| n.eq_ignore_ascii_case(name)).map(|i| Race(i as u8))
    }
    pub fn name(self) -> &'static str {
        RACE_NAMES.get(self.0 as usize).copied().unwrap_or("?")
    }
    pub fn bit(self) -> u64 {
        1u64 << self.0
    }
}

/// Spell kinds (CARD-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SpellKind {
    Normal,
    Continuous,
    Equip,
    Field,
    QuickPlay,
    Ritual,
}

/// Trap kinds (CARD-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TrapKind {
    Normal,
    Continuous,
    Counter,
}

/// The frame of a monster card (CARD-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MonsterFrame {
    Normal,
    Effect,
    Ritual,
    Fusion,
    Synchro,
    Xyz,
    Link,
    Token,
}

/// What kind of card this is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    Monster(MonsterFrame),
    Spell(SpellKind),
    Trap(TrapKind),
}

/// Link arrows bitmask, as in `cards.cdb` (`def` of Link monsters).
pub mod arrows {
    pub const BOTTOM_LEFT: u16 = 0x1;
    pub const BOTTOM: u16 = 0x2;
    pub const BOTTOM_RIGHT: u16 = 0x4;
    pub const LEFT: u16 = 0x8;
    pub const RIGHT: u16 = 0x20;
    pub const TOP_LEFT: u16 = 0x40;
    pub const TOP: u16 = 0x80;
    pub const TOP_RIGHT: u16 = 0x100;
}

/// The printed facts of one card, decoded. `atk`/`def` of `None` mean "?" (EFF-14).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardData {
    pub id: u32,
    pub alias: u32,
    pub name: String,
    pub text: String,
    pub kind: Kind,
    /// Raw type bitmask (abilities such as Tuner, Flip, Pendulum are read from it).
    pub type_bits: u32,
    pub attribute: Option<Attribute>,
    pub race: Option<Race>,
    /// Level, Rank or Link rating (0 for spells and traps).
    pub level: u8,
    pub lscale: u8,
    pub rscale: u8,
    pub atk: Option<i32>,
    /// `None` for "?" and for Link monsters, which have no DEF.
    pub def: Option<i32>,
    pub link_arrows: u16,
    pub ot: u32,
    pub setcodes: Vec<u16>,
}

/// Why a raw row could not be decoded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("card {0}: type {1:#x} is neither monster, spell nor trap")]
    NoKind(u32, u32),
}

impl CardData {
    /// Decodes one `cards.cdb` row exactly as `FORMATS.md` describes the columns.
    pub fn from_raw(raw: &RawCard) -> Result<CardData, DecodeError> {
        use type_bits as t;
        let ty = raw.type_;
        let kind = if ty & t::MONSTER != 0 {
            let frame = if ty & t::TOKEN != 0 {
                MonsterFrame::Token
            } else if ty & t::LINK != 0 {
                MonsterFrame::Link
            } else if ty & t::XYZ != 0 {
                MonsterFrame::Xyz
            } else if ty & t::SYNCHRO != 0 {
                MonsterFrame::Synchro
            } else if ty & t::FUSION != 0 {
                MonsterFrame::Fusion
            } else if ty & t::RITUAL != 0 {
                MonsterFrame::Ritual
            } else if ty & t::EFFECT != 0 {
                MonsterFrame::Effect
            } else {
                MonsterFrame::Normal
            };
            Kind::Monster(frame)
        } else if ty & t::SPELL != 0 {
            Kind::Spell(if ty & t::QUICKPLAY != 0 {
                SpellKind::QuickPlay
            } else if ty & t::CONTINUOUS != 0 {
                SpellKind::Continuous
            } else if ty & t::EQUIP != 0 {
                SpellKind::Equip
            } else if ty & t::FIELD != 0 {
                SpellKind::Field
            } else if ty & t::RITUAL != 0 {
                SpellKind::Ritual
            } else {
                SpellKind::Normal
            })
        } else if ty & t::TRAP != 0 {
            Kind::Trap(if ty & t::COUNTER != 0 {
                TrapKind::Counter
            } else if ty & t::CONTINUOUS != 0 {
                TrapKind::Continuous
            } else {
                TrapKind::Normal
            })
        } else {
            return Err(DecodeError::NoKind(raw.id, ty));
        };
        let monster = matches!(kind, Kind::Monster(_));
        // TRAP-5: a trap that becomes a monster carries its monster stats.
        let stats = monster || (matches!(kind, Kind::Trap(_)) && raw.level > 0);
        let is_link = ty & t::LINK != 0;
        let stat = |v: i32| if v == -2 { None } else { Some(v) };
        let setcodes = (0..4).map(|i| ((raw.setcode >> (16 * i)) & 0xffff) as u16).filter(|&c| c != 0).collect();
        Ok(CardData {
            id: raw.id,
            alias: raw.alias,
            name: raw.name.clone(),
            text: raw.text.clone(),
            kind,
            type_bits: ty,
            attribute: if stats { Attribute::from_bits(raw.attribute) } else { None },
            race: if stats { Race::from_bits(raw.race) } else { None },
            level: if stats { (raw.level & 0xff) as u8 } else { 0 },
            lscale: ((raw.level >> 24) & 0xff) as u8,
            rscale: ((raw.level >> 16) & 0xff) as u8,
            atk: if stats { stat(raw.atk) } else { None },
            def: if stats && !is_link { stat(raw.def) } else { None },
            link_arrows: if is_link { (raw.def & 0x1ff) as u16 } else { 0 },
            ot: raw.ot,
            setcodes,
        })
    }

    pub fn is_monster(&self) -> bool {
        matches!(self.kind, Kind::Monster(_))
    }
    pub fn is_spell(&self) -> bool {
        matches!(self.kind, Kind::Spell(_))
    }
    pub fn is_trap(&self) -> bool {
        matches!(self.kind, Kind::Trap(_))
    }
    pub fn has(&self, bit: u32) -> bool {
        self.type_bits & bit != 0
    }
    /// Fusion, Synchro, Xyz or Link: belongs in the Extra Deck (DECK-2, DECK-8).
    pub fn is_extra_deck(&self) -> bool {
        self.type_bits & type_bits::MONSTER != 0 && self.type_bits & type_bits::EXTRA != 0
    }
    /// Tokens and other things that can never be in a deck (DECK-6).
    pub fn is_token(&self) -> bool {
        self.has(type_bits::TOKEN)
    }
    /// The passcode this card counts as for "same name" rules (CARD-3, DECK-4).
    pub fn name_code(&self) -> u32 {
        if self.alias != 0 {
            self.alias
        } else {
            self.id
        }
    }
    /// A one-line summary such as `Dark Magician (DARK Spellcaster, Level 7, 2500/2100)`.
    pub fn summary(&self) -> String {
        match self.kind {
            Kind::Monster(frame) => {
                let stat = |v: Option<i32>| v.map_or("?".to_string(), |v| v.to_string());
                let lv = match frame {
                    MonsterFrame::Xyz => format!("Rank {}", self.level),
                    MonsterFrame::Link => format!("Link {}", self.level),
                    _ => format!("Level {}", self.level),
                };
                let def = if frame == MonsterFrame::Link { "-".to_string() } else { stat(self.def) };
                format!(
                    "{} ({} {} {:?}, {}, {}/{})",
                    self.name,
                    self.attribute.map_or("?", |a| a.name()),
                    self.race.map_or("?", |r| r.name()),
                    frame,
                    lv,
                    stat(self.atk),
                    def
                )
            }
            Kind::Spell(k) => format!("{} ({:?} Spell)", self.name, k),
            Kind::Trap(k) => format!("{} ({:?} Trap)", self.name, k),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(id: u32, type_: u32, atk: i32, def: i32, level: u32, race: u64, attribute: u32) -> RawCard {
        RawCard { id, type_, atk, def, level, race, attribute, name: "x".into(), ..Default::default() }
    }

    #[test]
    fn decodes_normal_monster() {
        // Blue-Eyes White Dragon: 17 = MONSTER|NORMAL, Dragon 0x2000, LIGHT 0x10.
        let c = CardData::from_raw(&raw(89631139, 17, 3000, 2500, 8, 8192, 16)).unwrap();
        assert_eq!(c.kind, Kind::Monster(MonsterFrame::Normal));
        assert_eq!(c.race.unwrap().name(), "Dragon");
        assert_eq!(c.attribute, Some(Attribute::Light));
        assert_eq!((c.level, c.atk, c.def), (8, Some(3000), Some(2500)));
    }

    #[test]
    fn decodes_link_and_pendulum_packing() {
        // Decode Talker: Link 3, arrows 133 = BL|BR|T.
        let c = CardData::from_raw(&raw(1861629, 67108897, 2300, 133, 3, 16777216, 32)).unwrap();
        assert_eq!(c.kind, Kind::Monster(MonsterFrame::Link));
        assert_eq!(c.def, None);
        assert_eq!(c.link_arrows, arrows::BOTTOM_LEFT | arrows::BOTTOM_RIGHT | arrows::TOP);
        assert_eq!(c.race.unwrap().name(), "Cyberse");
        // Odd-Eyes Pendulum Dragon: scales 4/4 packed in level.
        let p = CardData::from_raw(&raw(16178681, 0x1000021, 2500, 2000, 0x04040007, 8192, 32)).unwrap();
        assert_eq!((p.level, p.lscale, p.rscale), (7, 4, 4));
    }

    #[test]
    fn question_mark_stats_decode_to_none() {
        let c = CardData::from_raw(&raw(1, 0x21, -2, -2, 4, 1, 1)).unwrap();
        assert_eq!((c.atk, c.def), (None, None));
    }

    #[test]
    fn spell_and_trap_kinds() {
        let s = CardData::from_raw(&raw(5318639, 0x10002, 0, 0, 0, 0, 0)).unwrap();
        assert_eq!(s.kind, Kind::Spell(SpellKind::QuickPlay));
        let t = CardData::from_raw(&raw(77414722, 0x100004, 0, 0, 0, 0, 0)).unwrap();
        assert_eq!(t.kind, Kind::Trap(TrapKind::Counter));
        assert!(CardData::from_raw(&raw(1, 0x10, 0, 0, 0, 0, 0)).is_err());
    }
}
