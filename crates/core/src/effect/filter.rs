//! Which cards an effect means: places seen from the effect's controller, and [`Filter`],
//! an algebra of card properties (`&`, `|`, `!`). A property of a number (ATK, Level, ...)
//! is one comparison with an expression ([`Filter::Stat`]); how a card came to where it is
//! (from where, by what, this turn) is read the same way by every card.

use serde::{Deserialize, Serialize};

use super::modifier::Counter;
use super::num::Num;
use super::op::Obj;
use crate::card::{Attribute, Race};
use crate::types::SummonKind;

/// Which player an effect refers to, from its controller's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Who {
    /// The effect's controller.
    You,
    /// The controller's opponent.
    Opponent,
    /// Both players (the turn player first, EFF-12).
    Both,
}

/// A place, from the effect controller's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    /// Every card on the field (monster, S/T, Field and Pendulum zones).
    Field(Who),
    /// The Monster Zones.
    Monsters(Who),
    /// The Spell and Trap Cards on the field (S/T zones, Field zone, Pendulum Scales and trap
    /// monsters: ZONE-4, TRAP-5).
    SpellTraps(Who),
    /// The hand.
    Hand(Who),
    /// The Main Deck (searched top first).
    Deck(Who),
    /// The Extra Deck.
    Extra(Who),
    /// The GY.
    Gy(Who),
    /// The banishment.
    Banished(Who),
    /// Hand and Main Deck.
    HandOrDeck(Who),
    /// Hand and GY.
    HandOrGy(Who),
    /// Hand, Main Deck and GY ("from your hand, Deck, or GY").
    HandDeckOrGy(Who),
    /// Hand and field ("the cards in your hand and on your field": "Bubble Crash"), the
    /// hand first.
    HandOrField(Who),
}

impl Place {
    /// Whose place it is.
    pub fn who(self) -> Who {
        match self {
            Place::Field(w)
            | Place::Monsters(w)
            | Place::SpellTraps(w)
            | Place::Hand(w)
            | Place::Deck(w)
            | Place::Extra(w)
            | Place::Gy(w)
            | Place::Banished(w)
            | Place::HandOrDeck(w)
            | Place::HandOrGy(w)
            | Place::HandDeckOrGy(w)
            | Place::HandOrField(w) => w,
        }
    }
}

/// A number a card has (for [`Filter::Stat`] and [`crate::effect::CardsNum::Stat`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stat {
    /// Current ATK on the field, printed ATK elsewhere ("?" is 0).
    Atk,
    /// Current DEF on the field, printed DEF elsewhere.
    Def,
    /// Original ATK (printed, after "its original ATK becomes" effects; EFF-14).
    OriginalAtk,
    /// Original DEF.
    OriginalDef,
    /// Current Level (0 for monsters without one: Xyz, Link; SUM-11, SUM-13).
    Level,
    /// Rank of an Xyz monster.
    Rank,
    /// Link rating of a Link monster.
    LinkRating,
    /// Xyz materials attached (ZONE-10).
    Materials,
    /// Monsters Tributed for its Tribute Summon ("if this card was Tribute Summoned by
    /// Tributing 3 monsters").
    Tributes,
    /// Its printed name, as the passcode of the card it is (an alternate artwork: the
    /// card it stands for): a name to fix in a [`crate::effect::Modifier::NameBecomes`].
    Code,
    /// The counters of a kind on it (MISC-2): "a monster with a Wedge Counter", "the Spell
    /// Counters on the field" (summed over the cards).
    Counters(Counter),
}

/// A comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cmp {
    /// At most ("or less", EFF-14).
    Le,
    /// At least ("or more").
    Ge,
    /// Less than.
    Lt,
    /// More than.
    Gt,
    /// Equal.
    Eq,
    /// Not equal.
    Ne,
}

impl Cmp {
    /// `a cmp b`.
    pub fn holds(self, a: i32, b: i32) -> bool {
        match self {
            Cmp::Le => a <= b,
            Cmp::Ge => a >= b,
            Cmp::Lt => a < b,
            Cmp::Gt => a > b,
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
        }
    }
}

/// Where a card was before its last move ([`Filter::CameFrom`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Origin {
    /// Any zone on the field (ZONE-2).
    Field,
    /// A Monster Zone.
    MonsterZone,
    /// A Spell & Trap (or Field, Pendulum) Zone.
    SpellTrapZone,
    /// The hand.
    Hand,
    /// The Main Deck.
    Deck,
    /// The Extra Deck.
    Extra,
    /// The GY.
    Gy,
    /// The banishment.
    Banished,
}

/// What moved a card to where it is ([`Filter::SentBy`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sent {
    /// Destroyed, any way (MISC-4).
    Destroyed,
    /// Destroyed by battle.
    Battle,
    /// By a card effect (destroyed by one, or moved by one).
    Effect,
    /// Destroyed by a card effect.
    DestroyedByEffect,
    /// By a card effect of the opponent of the card's owner.
    OpponentEffect,
    /// Destroyed by a card effect of the opponent of the card's owner.
    DestroyedByOpponentEffect,
    /// Discarded (MISC-4).
    Discard,
    /// Tributed.
    Tribute,
    /// Paid as a cost.
    Cost,
    /// Used as Fusion/Synchro/Xyz/Link material.
    Material,
    /// Drawn (PHASE-2, or by an effect; with `!Sent::Effect`: the normal draw).
    Draw,
}

/// Something a card did this turn ([`Filter::ThisTurn`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TurnFact {
    /// It came to its current place this turn.
    Arrived,
    /// It declared an attack.
    Attacked,
    /// It destroyed a monster by battle.
    DestroyedByBattle,
    /// It was turned face-up (Flip Summon, attack, effect).
    Flipped,
    /// It was Summoned (any way) onto the field.
    Summoned,
    /// It was in a battle that reached the Damage Step (an attack that was not negated or
    /// stopped; BATTLE-4).
    Battled,
}

/// What a player declares ([`crate::effect::Op::DeclareBy`]); [`Filter::Declared`] matches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Declare {
    /// A card name (any card of the pool).
    CardName,
    /// Monster, Spell or Trap.
    CardType,
    /// A monster Type (Race).
    Race,
    /// An Attribute.
    Attribute,
    /// A Level from 1 to 12.
    Level,
}

/// A property a card must have, seen from the effect's controller. Composes with `&`,
/// `|` and `!`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Filter {
    /// Every card.
    Any,
    /// A monster (on the field: in a Monster Zone, trap monsters included: TRAP-5).
    Monster,
    /// A Spell Card (Pendulum Scales included: SPELL-8).
    Spell,
    /// A Trap Card (trap monsters included: TRAP-5).
    Trap,
    /// A Spell or Trap Card (on the field: any card in the S/T, Field or Pendulum zones).
    SpellTrap,
    /// Face-up.
    FaceUp,
    /// Face-down.
    FaceDown,
    /// Attack Position (face-up or not).
    AttackPos,
    /// Defense Position.
    DefensePos,
    /// Controlled by the effect's controller.
    YouControl,
    /// Controlled by the opponent.
    OppControls,
    /// Owned by the effect's controller.
    YouOwn,
    /// Not the card whose effect this is.
    NotSelf,
    /// Of this Type.
    Race(Race),
    /// Of this Attribute.
    Attribute(Attribute),
    /// This card, or a card treated as it (an alternate artwork or an alias, CARD-3).
    Named(u32),
    /// The card's name contains this text (archetype-like, e.g. "LV").
    NameHas(String),
    /// A number of the card compared with an expression ("1500 or less ATK", "a Level
    /// lower than the cost's", "ATK at most your opponent's LP").
    Stat(Stat, Cmp, Box<Num>),
    /// The monster whose summon is the latest happening (for "when ... is summoned").
    JustSummoned,
    /// The monster attacking in the current battle ("target the attacking monster").
    Attacker,
    /// A monster in the current battle, attacker or attack target ("the monster it
    /// battles", with `NotSelf`).
    InBattle,
    /// A monster in a zone the effect's (Link) card points to (ZONE-3).
    PointedTo,
    /// A Gemini monster Gemini Summoned (Normal Summoned again while face-up on the field,
    /// EFF-15) since it last came to the field or was turned face-down: an Effect Monster
    /// with its effects ("while this card is a Gemini-Summoned monster"; "while this card is
    /// treated as an Effect Monster").
    GeminiSummoned,
    /// Came to its place from there.
    CameFrom(Origin),
    /// Was moved to its place this way.
    SentBy(Sent),
    /// Did this this turn.
    ThisTurn(TurnFact),
    /// Came to the field by this kind of Summon.
    Summoned(SummonKind),
    /// Stands in this relation to a card of the object ([`Relation`]: is one of them, has
    /// the same name, is equipped to one, was destroyed by battle by one).
    Rel(Relation, Box<Obj>),
    /// Matches every value the player declared in this resolution ([`Declare`]: "a monster
    /// with both the declared Type and Attribute").
    Declared,
    /// Is in the Main Deck (e.g. "the excavated cards still in the Deck").
    InDeck,
    /// Is on the field (ZONE-2).
    OnField,
    /// Was face-up where it was before its last move ("banished while face-up").
    WasFaceUp,
    /// Was Special Summoned to where it is by the effect of a card matching the filter
    /// (read on that card's printed identity: "if this card was Special Summoned by the
    /// effect of a "Gladiator Beast" monster"); forgotten when it moves.
    SummonedBy(Box<Filter>),
    /// All of these.
    And(Vec<Filter>),
    /// Any of these.
    Or(Vec<Filter>),
    /// Not this.
    Not(Box<Filter>),
    /// Checked only when targets are chosen: a target that no longer matches at resolution
    /// is still affected (EFF-6 exception of older texts that "select" a card: the 2005
    /// "Nobleman of Crossout" banishes its target even if it was flipped face-up).
    AtActivation(Box<Filter>),
    /// Is in this place, seen from the effect's controller (`Place::Gy(Who::You)`: in your
    /// GY).
    InPlace(Place),
    /// Arrived where it is in the latest happening (for "when ... is drawn / sent / added":
    /// EFF-8).
    JustArrived,
    /// A printed frame: what the card is printed as, wherever it is ([`Frame`]).
    Frame(Frame),
    /// What could be done with the card now ([`Capability`]).
    Can(Capability),
}

/// How a card relates to the cards of an object ([`Filter::Rel`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Relation {
    /// Is one of the cards of the object ("every other card", with `!`).
    OneOf,
    /// Has the same name as a card of the object.
    SameNameAs,
    /// Has the same name as at least this many cards of the object, itself included when it
    /// is one of them (a count grouped by name: "3 face-up Normal Monsters with the same
    /// name").
    NameSharedBy(u8),
    /// Is equipped to a card of the object.
    EquippedTo,
    /// Has a card of the object equipped to it ("a monster can only be equipped with 1
    /// Union monster at a time").
    EquippedWith,
    /// Was destroyed by battle by a card of the object ("the monsters this card destroyed
    /// by battle").
    DestroyedBy,
    /// Its name is one a Fusion Monster of the object lists by name as a Fusion Material
    /// (SUM-9: "the Fusion Materials whose names are specifically listed on that card").
    ListedMaterialOf,
    /// A Fusion Monster that lists by name, as a Fusion Material, the name of a card of the
    /// object.
    ListsMaterial,
    /// Another correct target for an Equip Card of the object (SPELL-4): a face-up monster on
    /// the field, not the one it equips now, that meets that card's own equip condition, the targets of its effect that
    /// equips it (an Equip Spell's activation, a Union monster's or an Equip Trap's equip
    /// effect), read from that card's side; an Equip Card with no equip effect of its own (a
    /// card another card's effect equipped) may equip any face-up monster. "Equip it to
    /// another correct target": "Tailor of the Fickle", "Collected Power".
    CorrectEquipTargetFor,
    /// Battled a card of the object (both were in a battle that reached the Damage Step),
    /// both having stayed on the field since (MISC-8): "a monster that battled with this
    /// card" ([`crate::state::Duel::battled_with`]).
    BattledWith,
    /// Its Level equals the total Level of one or more cards of the object (current Levels; a
    /// pick whose Levels add up exactly exists): "banish monsters whose total Levels exactly
    /// equal its Level".
    LevelSumOfSome,
}

impl Filter {
    /// A number of the card compared with an expression.
    pub fn stat(s: Stat, cmp: Cmp, n: impl Into<Num>) -> Filter {
        Filter::Stat(s, cmp, Box::new(n.into()))
    }
    /// Destroyed by battle by a card of the object.
    pub fn destroyed_by(o: Obj) -> Filter {
        Filter::Rel(Relation::DestroyedBy, Box::new(o))
    }
    /// Battled a card of the object, both still on the field since.
    pub fn battled_with(o: Obj) -> Filter {
        Filter::Rel(Relation::BattledWith, Box::new(o))
    }
    /// Its name is listed as a Fusion Material by a Fusion Monster of the object.
    pub fn listed_material_of(o: Obj) -> Filter {
        Filter::Rel(Relation::ListedMaterialOf, Box::new(o))
    }
    /// A Fusion Monster listing the name of a card of the object as a Fusion Material.
    pub fn lists_material(o: Obj) -> Filter {
        Filter::Rel(Relation::ListsMaterial, Box::new(o))
    }
    /// The same name as a card of the object.
    pub fn same_name_as(o: Obj) -> Filter {
        Filter::Rel(Relation::SameNameAs, Box::new(o))
    }
    /// Equipped to a card of the object.
    pub fn equipped_to(o: Obj) -> Filter {
        Filter::Rel(Relation::EquippedTo, Box::new(o))
    }
    /// Has a card of the object equipped to it.
    pub fn equipped_with(o: Obj) -> Filter {
        Filter::Rel(Relation::EquippedWith, Box::new(o))
    }
    /// A correct target for an Equip Card of the object ([`Relation::CorrectEquipTargetFor`]).
    pub fn correct_equip_target_for(o: Obj) -> Filter {
        Filter::Rel(Relation::CorrectEquipTargetFor, Box::new(o))
    }
    /// A property a target needs only when it is chosen (not again at resolution).
    pub fn at_activation(f: Filter) -> Filter {
        Filter::AtActivation(Box::new(f))
    }
    /// One of the cards of the object.
    pub fn one_of(o: Obj) -> Filter {
        Filter::Rel(Relation::OneOf, Box::new(o))
    }
    /// ATK at most `n` ("with 1500 or less ATK").
    pub fn atk_at_most(n: i32) -> Filter {
        Filter::stat(Stat::Atk, Cmp::Le, n)
    }
    /// ATK at least `n`.
    pub fn atk_at_least(n: i32) -> Filter {
        Filter::stat(Stat::Atk, Cmp::Ge, n)
    }
    /// DEF at most `n`.
    pub fn def_at_most(n: i32) -> Filter {
        Filter::stat(Stat::Def, Cmp::Le, n)
    }
    /// Level at most `n` ("Level 4 or lower").
    pub fn level_at_most(n: i32) -> Filter {
        Filter::stat(Stat::Level, Cmp::Le, n)
    }
    /// Level at least `n`.
    pub fn level_at_least(n: i32) -> Filter {
        Filter::stat(Stat::Level, Cmp::Ge, n)
    }

    /// Does the filter compare with something fixed by the activation's cost (anywhere
    /// inside)? Then cost choices and targets are narrowed to fit each other.
    pub fn mentions_cost(&self) -> bool {
        match self {
            Filter::Stat(_, _, n) => n.mentions_cost(),
            Filter::And(v) | Filter::Or(v) => v.iter().any(Filter::mentions_cost),
            Filter::Not(f) | Filter::AtActivation(f) => f.mentions_cost(),
            _ => false,
        }
    }
}

impl std::ops::BitAnd for Filter {
    type Output = Filter;
    fn bitand(self, rhs: Filter) -> Filter {
        match self {
            Filter::And(mut v) => {
                v.push(rhs);
                Filter::And(v)
            }
            f => Filter::And(vec![f, rhs]),
        }
    }
}

impl std::ops::BitOr for Filter {
    type Output = Filter;
    fn bitor(self, rhs: Filter) -> Filter {
        Filter::Or(vec![self, rhs])
    }
}

impl std::ops::Not for Filter {
    type Output = Filter;
    fn not(self) -> Filter {
        Filter::Not(Box::new(self))
    }
}

/// A printed frame a card may be asked for ([`Filter::Frame`]): its kind, its type bits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Frame {
    /// A monster card by its printed kind, wherever it is ("a monster card equipped to it").
    MonsterCard,
    /// A monster with an effect (Effect, Flip, ... frames; CARD-1).
    EffectMonster,
    /// A monster whose card has this `cards.cdb` type bit (Normal, Flip, Tuner, Pendulum,
    /// Spirit, Toon, Union, Gemini, Ritual, Fusion, Synchro, Xyz, Link: see
    /// [`crate::card::type_bits`]).
    Ability(u32),
    /// A Spell Card of this kind ("a Normal Spell Card"; CARD-2).
    SpellOf(crate::card::SpellKind),
    /// A Trap Card of this kind ("a Normal Trap Card"; CARD-2).
    TrapOf(crate::card::TrapKind),
    /// A card of this kind by its printed frame or icon ("a Continuous Spell", "a Counter
    /// Trap", "a Ritual monster"; CARD-1, CARD-2), wherever it is.
    Kind(crate::card::Kind),
    /// Card types by printed frame: the card (of any kind, wherever it is) has this
    /// `cards.cdb` type bit ([`crate::card::type_bits`]: `FIELD` for a Field Spell, `EQUIP`,
    /// `QUICKPLAY`, `CONTINUOUS`, `COUNTER`, ...); [`crate::effect::Frame::Ability`] reads monsters only.
    TypeBit(u32),
}

impl Filter {
    /// `Frame` with [`Frame::MonsterCard`].
    pub fn monster_card() -> Filter {
        Filter::Frame(Frame::MonsterCard)
    }
    /// `Frame` with [`Frame::EffectMonster`].
    pub fn effect_monster() -> Filter {
        Filter::Frame(Frame::EffectMonster)
    }
    /// `Frame` with [`Frame::Ability`].
    pub fn ability(a0: u32) -> Filter {
        Filter::Frame(Frame::Ability(a0))
    }
    /// `Frame` with [`Frame::SpellOf`].
    pub fn spell_of(a0: crate::card::SpellKind) -> Filter {
        Filter::Frame(Frame::SpellOf(a0))
    }
    /// `Frame` with [`Frame::TrapOf`].
    pub fn trap_of(a0: crate::card::TrapKind) -> Filter {
        Filter::Frame(Frame::TrapOf(a0))
    }
    /// `Frame` with [`Frame::Kind`].
    pub fn card_kind(a0: crate::card::Kind) -> Filter {
        Filter::Frame(Frame::Kind(a0))
    }
    /// `Frame` with [`Frame::TypeBit`].
    pub fn card_type(a0: u32) -> Filter {
        Filter::Frame(Frame::TypeBit(a0))
    }
}

/// The capabilities a [`Filter::Can`] asks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Capability {
    /// Could be Special Summoned by the effect now (SUM-7 and "cannot be Special Summoned").
    SpecialSummon,
    /// Could be Set from the hand now (a spell or trap with a free zone for it).
    Set,
    /// Its card can hold counters of this kind (MISC-2: its effects use them).
    HoldCounter(Counter),
    /// A monster card that can be Normal Summoned or Set by its nature (SUM-1): a Normal
    /// or Effect monster of the Main Deck without "cannot be Normal Summoned"; not a Ritual,
    /// Extra Deck or token ("Monster Gate", "Brain Control").
    NormalSummon,
    /// Could be the new target of what targets exactly one card now ([`crate::effect::Op::Retarget`],
    /// [`crate::effect::Course::RedirectAttack`]): with a chain, another card that the chain's
    /// last link (which has exactly one target) could have targeted (its target group's
    /// place and filter, not protected from that effect); with no chain, during an attack,
    /// another monster of the attacked player the attacker could attack ("another card
    /// that would be an appropriate target": "Shift", "Fairy's Hand Mirror").
    NewTarget,
}

impl Filter {
    /// `Can` with [`Capability::SpecialSummon`].
    pub fn can_special_summon() -> Filter {
        Filter::Can(Capability::SpecialSummon)
    }
    /// `Can` with [`Capability::Set`].
    pub fn can_set() -> Filter {
        Filter::Can(Capability::Set)
    }
    /// `Can` with [`Capability::HoldCounter`].
    pub fn can_hold_counter(a0: Counter) -> Filter {
        Filter::Can(Capability::HoldCounter(a0))
    }
    /// `Can` with [`Capability::NormalSummon`].
    pub fn normal_summonable() -> Filter {
        Filter::Can(Capability::NormalSummon)
    }
}
