//! Numbers are expressions: every number an effect uses (cards drawn, LP paid or gained,
//! damage, ATK/DEF changes, counts, comparisons) is a [`Num`], evaluated when it is needed
//! (at activation for costs and targets, at resolution for operations, continuously for
//! modifiers; a modifier applied for a while keeps the value it had when it was applied).

use serde::{Deserialize, Serialize};

use super::filter::{Stat, Who};
use super::modifier::Counter;
use super::op::{Mem, Obj};
use super::trigger::Anchor;

/// What the cards paid as an activation's cost fixed ([`Num::Cost`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CostStat {
    /// The highest ATK among the cards paid (Tributed, discarded, sent, banished).
    Atk,
    /// The highest DEF among them.
    Def,
    /// The highest Level among them.
    Level,
    /// How many cards were paid.
    Cards,
    /// The LP paid.
    Lp,
    /// The passcode of the monster a card paid names as its level-up (an LV monster's
    /// successor, [`crate::effect::Behavior::level_up`]; 0 when none).
    LevelUp,
}

/// How a [`Num::Of`] combines its two numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Arith {
    /// A sum.
    Plus,
    /// A difference (never below 0: "until you have 2 cards in your hand").
    Minus,
    /// The higher of two ("its ATK or DEF, whichever is higher").
    Max,
    /// The lower of two.
    Min,
}

impl Arith {
    /// The result for `a` and `b`.
    pub fn apply(self, a: i32, b: i32) -> i32 {
        match self {
            Arith::Plus => a.saturating_add(b),
            Arith::Minus => (a - b).max(0),
            Arith::Max => a.max(b),
            Arith::Min => a.min(b),
        }
    }
}

/// A number evaluated when it is needed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Num {
    /// A constant.
    Const(i32),
    /// A player's LP (for [`Who::Both`]: the lower of the two).
    Lp(Who),
    /// What the activation's cost fixed.
    Cost(CostStat),
    /// Counters of a kind on the effect's card (MISC-2).
    CountersOnThis(Counter),
    /// The number the player declared last ([`crate::effect::Declare::Level`]).
    Declared,
    /// How many coin tosses of this resolution came up heads (MISC-6).
    Heads,
    /// Half, rounded down.
    Half(Box<Num>),
    /// Times a constant.
    Times(Box<Num>, i32),
    /// Two numbers combined ([`Arith`]: a sum, a difference, the higher or the lower).
    Of(Arith, Box<Num>, Box<Num>),
    /// How many cards the effect's memory slot holds, wherever they have gone since ("the
    /// same number of cards you drew": "Mirage of Nightmare").
    RememberedCount(Mem),
    /// Turns counted since a turn: how many of `whose` turns began after the anchor turn, up
    /// to and including this one (`Who::Both`: turns of either player); "for each of your
    /// Standby Phases since this card was activated" in your Main Phase ("Wave-Motion
    /// Cannon").
    TurnsSince {
        /// The turn the count starts after.
        anchor: Anchor,
        /// Whose turns are counted (from the controller's side).
        whose: Who,
    },
    /// A number read from the cards an object names ([`CardsNum`]).
    Cards(CardsNum),
    /// The damage of the event that started this trigger ([`crate::effect::DamageTaken::Took`]),
    /// if it was battle damage (`battle`) or effect damage (`!battle`); 0 otherwise ("the
    /// amount of battle damage you took").
    EventDamage {
        /// Battle damage (else effect damage).
        battle: bool,
    },
    /// The battle damage the players named took in the current attack (since its latest
    /// declaration; 0 outside an attack, and 0 for an attack on a monster when `direct_only`):
    /// "LP equal to the battle damage that monster inflicted" ("Sebek's Blessing").
    BattleDamageTaken {
        /// Whose damage is counted (from the controller's side).
        who: Who,
        /// Only the damage of a direct attack counts.
        direct_only: bool,
    },
}

impl From<i32> for Num {
    fn from(n: i32) -> Num {
        Num::Const(n)
    }
}

impl Num {
    /// `per` for each card the object names ("300 for each Spellcaster").
    pub fn per(per: i32, of: Obj) -> Num {
        Num::Times(Box::new(Num::Cards(crate::effect::CardsNum::Count(of))), per)
    }
    /// Half of a number ("half your LP").
    pub fn half(n: Num) -> Num {
        Num::Half(Box::new(n))
    }
    /// The higher of two numbers.
    pub fn max(a: Num, b: Num) -> Num {
        Num::Of(Arith::Max, Box::new(a), Box::new(b))
    }
    /// The lower of two numbers.
    pub fn min(a: Num, b: Num) -> Num {
        Num::Of(Arith::Min, Box::new(a), Box::new(b))
    }
    /// `a - b`, never below 0.
    pub fn minus(a: Num, b: Num) -> Num {
        Num::Of(Arith::Minus, Box::new(a), Box::new(b))
    }
    /// `a + b`.
    pub fn plus(a: Num, b: Num) -> Num {
        Num::Of(Arith::Plus, Box::new(a), Box::new(b))
    }

    /// Does the expression read what the activation's cost fixed?
    pub fn mentions_cost(&self) -> bool {
        match self {
            Num::Cost(_) => true,
            Num::Half(n) | Num::Times(n, _) => n.mentions_cost(),
            Num::Of(_, a, b) => a.mentions_cost() || b.mentions_cost(),
            Num::Const(_)
            | Num::Cards(crate::effect::CardsNum::Stat(..))
            | Num::Cards(crate::effect::CardsNum::Sum(..))
            | Num::Cards(crate::effect::CardsNum::Min(..))
            | Num::Cards(crate::effect::CardsNum::Max(..))
            | Num::Cards(crate::effect::CardsNum::Count(_))
            | Num::Lp(_)
            | Num::CountersOnThis(_)
            | Num::Declared
            | Num::Heads
            | Num::EventDamage { .. }
            | Num::BattleDamageTaken { .. }
            | Num::RememberedCount(_)
            | Num::TurnsSince { .. } => false,
        }
    }

    /// The constant, if the expression is one.
    pub fn constant(&self) -> Option<i32> {
        match self {
            Num::Const(n) => Some(*n),
            _ => None,
        }
    }
}

/// A number read from the cards of an object ([`Num::Cards`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardsNum {
    /// A number of the first card of the object (0 if it names none).
    Stat(Stat, Obj),
    /// The total of a number over the cards of the object ("their combined ATK").
    Sum(Stat, Obj),
    /// The lowest number among the cards of the object (0 if none): "the monster with the
    /// lowest ATK".
    Min(Stat, Obj),
    /// The highest number among the cards of the object (0 if none).
    Max(Stat, Obj),
    /// How many cards the object names ("for each card ...", "the number of cards sent").
    Count(Obj),
}

impl Num {
    /// `Cards` with [`CardsNum::Stat`].
    pub fn stat_of(a0: Stat, a1: Obj) -> Num {
        Num::Cards(CardsNum::Stat(a0, a1))
    }
    /// `Cards` with [`CardsNum::Sum`].
    pub fn sum_of(a0: Stat, a1: Obj) -> Num {
        Num::Cards(CardsNum::Sum(a0, a1))
    }
    /// `Cards` with [`CardsNum::Min`].
    pub fn min_of(a0: Stat, a1: Obj) -> Num {
        Num::Cards(CardsNum::Min(a0, a1))
    }
    /// `Cards` with [`CardsNum::Max`].
    pub fn max_of(a0: Stat, a1: Obj) -> Num {
        Num::Cards(CardsNum::Max(a0, a1))
    }
    /// `Cards` with [`CardsNum::Count`].
    pub fn count_of(a0: Obj) -> Num {
        Num::Cards(CardsNum::Count(a0))
    }
}
