//! Card data: the printed facts of a card (CARD-1..3), decoded from the YGOPro
//! `cards.cdb` column layout (see `FORMATS.md`). Behaviour lives in [`crate::effect`].

use serde::{Deserialize, Serialize};

/// Type bits of the `type` column of `cards.cdb`.
pub mod type_bits {
    /// A monster card.
    pub const MONSTER: u32 = 0x1;
    /// A spell card.
    pub const SPELL: u32 = 0x2;
    /// A trap card.
    pub const TRAP: u32 = 0x4;
    /// A Normal monster: no effect (yellow frame).
    pub const NORMAL: u32 = 0x10;
    /// An Effect monster.
    pub const EFFECT: u32 = 0x20;
    /// A Fusion monster (SUM-9).
    pub const FUSION: u32 = 0x40;
    /// A Ritual monster, or with SPELL a Ritual spell (SUM-8).
    pub const RITUAL: u32 = 0x80;
    /// A trap that becomes a monster (TRAP-5).
    pub const TRAPMONSTER: u32 = 0x100;
    /// A Spirit monster (EFF-15).
    pub const SPIRIT: u32 = 0x200;
    /// A Union monster (EFF-15).
    pub const UNION: u32 = 0x400;
    /// A Gemini monster (EFF-15; "dual" in YGOPro).
    pub const GEMINI: u32 = 0x800;
    /// A Tuner (SUM-10).
    pub const TUNER: u32 = 0x1000;
    /// A Synchro monster (SUM-10).
    pub const SYNCHRO: u32 = 0x2000;
    /// A Token (MISC-1): never in a deck (DECK-6).
    pub const TOKEN: u32 = 0x4000;
    /// With SPELL: a Quick-Play spell (SPELL-6).
    pub const QUICKPLAY: u32 = 0x10000;
    /// With SPELL or TRAP: a Continuous spell/trap (SPELL-3, TRAP-3).
    pub const CONTINUOUS: u32 = 0x20000;
    /// With SPELL: an Equip spell (SPELL-4).
    pub const EQUIP: u32 = 0x40000;
    /// With SPELL: a Field spell (SPELL-5).
    pub const FIELD: u32 = 0x80000;
    /// With TRAP: a Counter trap (TRAP-4).
    pub const COUNTER: u32 = 0x100000;
    /// A monster with a Flip effect (EFF-1).
    pub const FLIP: u32 = 0x200000;
    /// A Toon monster (EFF-15).
    pub const TOON: u32 = 0x400000;
    /// An Xyz monster (SUM-11).
    pub const XYZ: u32 = 0x800000;
    /// A Pendulum monster (SUM-12, SPELL-8).
    pub const PENDULUM: u32 = 0x1000000;
    /// A monster that can only be Special Summoned (SUM-7).
    pub const SPSUMMON: u32 = 0x2000000;
    /// A Link monster (SUM-13).
    pub const LINK: u32 = 0x4000000;
    /// Fusion | Synchro | Xyz | Link: the kinds that live in the Extra Deck (DECK-2).
    pub const EXTRA: u32 = FUSION | SYNCHRO | XYZ | LINK;
}

/// One row of `cards.cdb` (`datas` joined with the name), columns exactly as stored.
/// Both the shipped card data and a user's database decode through [`CardData::from_raw`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RawCard {
    /// `id`: the passcode (CARD-3).
    pub id: u32,
    /// `ot`: the scope bits (OCG 0x1, TCG 0x2, ...: DECK-7).
    pub ot: u32,
    /// `alias`: the passcode of the card this one counts as, or 0 (CARD-3).
    pub alias: u32,
    /// `setcode`: up to four 16-bit archetype codes, low to high.
    pub setcode: u64,
    /// `type`: the [`type_bits`] mask.
    pub type_: u32,
    /// `atk`: ATK, −2 for "?".
    pub atk: i32,
    /// `def`: DEF, −2 for "?"; for a Link monster its [`arrows`] mask.
    pub def: i32,
    /// `level`: Level/Rank/Link rating in bits 0–7, right and left Pendulum Scale in bits 16–23
    /// and 24–31.
    pub level: u32,
    /// `race`: one bit of the monster Type, in [`RACE_NAMES`] order.
    pub race: u64,
    /// `attribute`: one bit (EARTH 0x1 ... DIVINE 0x40), in [`Attribute`] order.
    pub attribute: u32,
    /// `texts.name`: the card's name.
    pub name: String,
    /// Short rules text in the project's own words (never Konami's).
    pub text: String,
}

/// Monster attribute (CARD-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Attribute {
    /// EARTH (bit 0x1).
    Earth,
    /// WATER (bit 0x2).
    Water,
    /// FIRE (bit 0x4).
    Fire,
    /// WIND (bit 0x8).
    Wind,
    /// LIGHT (bit 0x10).
    Light,
    /// DARK (bit 0x20).
    Dark,
    /// DIVINE (bit 0x40).
    Divine,
}

impl Attribute {
    /// Every attribute, in bit order.
    pub const ALL: [Attribute; 7] =
        [Attribute::Earth, Attribute::Water, Attribute::Fire, Attribute::Wind, Attribute::Light, Attribute::Dark, Attribute::Divine];
    /// The attribute of a `cards.cdb` `attribute` value (exactly one bit), or `None`.
    pub fn from_bits(bits: u32) -> Option<Attribute> {
        Self::ALL.iter().copied().find(|a| a.bit() == bits)
    }
    /// This attribute's bit in `cards.cdb`.
    pub fn bit(self) -> u32 {
        1 << (self as u32)
    }
    /// The printed name: `EARTH`, `WATER`, ...
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
    /// Warrior.
    pub const WARRIOR: Race = Race(0);
    /// Spellcaster.
    pub const SPELLCASTER: Race = Race(1);
    /// Fairy.
    pub const FAIRY: Race = Race(2);
    /// Fiend.
    pub const FIEND: Race = Race(3);
    /// Zombie.
    pub const ZOMBIE: Race = Race(4);
    /// Machine.
    pub const MACHINE: Race = Race(5);
    /// Aqua.
    pub const AQUA: Race = Race(6);
    /// Pyro.
    pub const PYRO: Race = Race(7);
    /// Rock.
    pub const ROCK: Race = Race(8);
    /// Winged Beast.
    pub const WINGED_BEAST: Race = Race(9);
    /// Plant.
    pub const PLANT: Race = Race(10);
    /// Insect.
    pub const INSECT: Race = Race(11);
    /// Thunder.
    pub const THUNDER: Race = Race(12);
    /// Dragon.
    pub const DRAGON: Race = Race(13);
    /// Beast.
    pub const BEAST: Race = Race(14);
    /// Beast-Warrior.
    pub const BEAST_WARRIOR: Race = Race(15);
    /// Dinosaur.
    pub const DINOSAUR: Race = Race(16);
    /// Fish.
    pub const FISH: Race = Race(17);
    /// Sea Serpent.
    pub const SEA_SERPENT: Race = Race(18);
    /// Reptile.
    pub const REPTILE: Race = Race(19);
    /// Psychic.
    pub const PSYCHIC: Race = Race(20);
    /// The Type of a `cards.cdb` `race` value (exactly one known bit), or `None`.
    pub fn from_bits(bits: u64) -> Option<Race> {
        if bits.count_ones() != 1 || bits.trailing_zeros() as usize >= RACE_NAMES.len() {
            return None;
        }
        Some(Race(bits.trailing_zeros() as u8))
    }
    /// The Type with this printed name, ignoring ASCII case (`"winged beast"`).
    pub fn by_name(name: &str) -> Option<Race> {
        RACE_NAMES.iter().position(|n| n.eq_ignore_ascii_case(name)).map(|i| Race(i as u8))
    }
    /// The printed name (`Winged Beast`); `?` for an index past [`RACE_NAMES`].
    pub fn name(self) -> &'static str {
        RACE_NAMES.get(self.0 as usize).copied().unwrap_or("?")
    }
    /// This Type's bit in `cards.cdb`.
    pub fn bit(self) -> u64 {
        1u64 << self.0
    }
}

/// Spell kinds (CARD-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SpellKind {
    /// Normal spell (SPELL-2).
    Normal,
    /// Continuous spell (SPELL-3).
    Continuous,
    /// Equip spell (SPELL-4).
    Equip,
    /// Field spell (SPELL-5).
    Field,
    /// Quick-Play spell, spell speed 2 (SPELL-6).
    QuickPlay,
    /// Ritual spell (SPELL-7, SUM-8).
    Ritual,
}

/// Trap kinds (CARD-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TrapKind {
    /// Normal trap (TRAP-2).
    Normal,
    /// Continuous trap (TRAP-3).
    Continuous,
    /// Counter trap, spell speed 3 (TRAP-4).
    Counter,
}

/// The frame of a monster card (CARD-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MonsterFrame {
    /// Normal monster (yellow): no effect.
    Normal,
    /// Effect monster (orange).
    Effect,
    /// Ritual monster (blue; SUM-8).
    Ritual,
    /// Fusion monster (purple; SUM-9).
    Fusion,
    /// Synchro monster (white; SUM-10).
    Synchro,
    /// Xyz monster (black; SUM-11): a Rank, not a Level.
    Xyz,
    /// Link monster (dark blue; SUM-13): a Link rating and arrows, no DEF.
    Link,
    /// Token (grey; MISC-1).
    Token,
}

/// What kind of card this is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    /// A monster, with its frame.
    Monster(MonsterFrame),
    /// A spell, with its kind icon.
    Spell(SpellKind),
    /// A trap, with its kind icon.
    Trap(TrapKind),
}

/// Link arrows bitmask, as in `cards.cdb` (`def` of Link monsters).
pub mod arrows {
    /// Bottom-left arrow.
    pub const BOTTOM_LEFT: u16 = 0x1;
    /// Bottom arrow.
    pub const BOTTOM: u16 = 0x2;
    /// Bottom-right arrow.
    pub const BOTTOM_RIGHT: u16 = 0x4;
    /// Left arrow.
    pub const LEFT: u16 = 0x8;
    /// Right arrow (0x10 is the unused centre).
    pub const RIGHT: u16 = 0x20;
    /// Top-left arrow.
    pub const TOP_LEFT: u16 = 0x40;
    /// Top arrow.
    pub const TOP: u16 = 0x80;
    /// Top-right arrow.
    pub const TOP_RIGHT: u16 = 0x100;
}

/// The printed facts of one card, decoded. `atk`/`def` of `None` mean "?" (EFF-14).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardData {
    /// The passcode (CARD-3).
    pub id: u32,
    /// The passcode this card counts as for "same name" rules, or 0 (see [`CardData::name_code`]).
    pub alias: u32,
    /// The card's name.
    pub name: String,
    /// Short rules text in the project's own words (never Konami's).
    pub text: String,
    /// Monster (with its frame), spell or trap (with its kind).
    pub kind: Kind,
    /// Raw type bitmask (abilities such as Tuner, Flip, Pendulum are read from it).
    pub type_bits: u32,
    /// The Attribute of a monster or a trap monster (TRAP-5); `None` for other spells and traps.
    pub attribute: Option<Attribute>,
    /// The Type of a monster or a trap monster (TRAP-5); `None` for other spells and traps.
    pub race: Option<Race>,
    /// Level, Rank or Link rating (0 for spells and traps).
    pub level: u8,
    /// Left Pendulum Scale (0 if not a Pendulum monster).
    pub lscale: u8,
    /// Right Pendulum Scale (0 if not a Pendulum monster).
    pub rscale: u8,
    /// Printed ATK of a monster or a trap monster; `None` for "?" (EFF-14) and for other
    /// spells and traps.
    pub atk: Option<i32>,
    /// `None` for "?" and for Link monsters, which have no DEF.
    pub def: Option<i32>,
    /// A Link monster's [`arrows`] mask (0 otherwise).
    pub link_arrows: u16,
    /// The `ot` scope bits (DECK-7).
    pub ot: u32,
    /// The archetype codes of `setcode`, nonzero ones only.
    pub setcodes: Vec<u16>,
}

/// Why a raw row could not be decoded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// Card `.0`'s type bits `.1` set none of MONSTER, SPELL and TRAP.
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

    /// A monster card (of any frame).
    pub fn is_monster(&self) -> bool {
        matches!(self.kind, Kind::Monster(_))
    }
    /// A spell card.
    pub fn is_spell(&self) -> bool {
        matches!(self.kind, Kind::Spell(_))
    }
    /// A trap card (a trap monster too: TRAP-5).
    pub fn is_trap(&self) -> bool {
        matches!(self.kind, Kind::Trap(_))
    }
    /// Whether any of the [`type_bits`] in `bit` is set (Tuner, Flip, Pendulum, ...).
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
