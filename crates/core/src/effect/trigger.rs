//! When effects start and may be used: [`Trigger`]s (the events that start trigger and
//! FLIP effects) and [`Condition`]s (activation conditions, and the conditions of continuous
//! effects), each a pure question about the duel.

use serde::{Deserialize, Serialize};

use super::custom::CustomCheck;
use super::filter::{Cmp, Filter, Place, Who};
use super::num::Num;
use super::op::Mem;
use crate::types::{BattleStep, Phase, Zone};

/// When a triggered effect (trigger or flip) starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Trigger {
    /// This card was flipped face-up (FLIP effects).
    Flipped,
    /// This card was summoned in one of these ways.
    Summoned { normal: bool, flip: bool, special: bool },
    /// This card was sent to the GY; `from` lists the places it may have come from (empty:
    /// any); `cause` what must have sent it.
    SentToGy { from: Vec<Zone>, cause: Cause },
    /// This card was destroyed by battle and sent to the GY.
    DestroyedByBattle,
    /// This card was destroyed (any way) and sent to the GY.
    Destroyed { cause: Cause },
    /// This card went from the field to the hand.
    ReturnedToHand,
    /// Another card matching the filter that you controlled on the field was returned to
    /// your hand by an opponent's card effect (the event card is that card).
    OtherReturnedToHand(Filter),
    /// This card inflicted battle damage to the opponent (`direct`: by a direct attack).
    DealtBattleDamage { direct: bool },
    /// This card destroyed a monster by battle (the event card is that monster).
    DestroysByBattle,
    /// "If this card destroys a monster by battle and sends it to the GY": the monster this
    /// card destroyed by battle went to the GY, while this card is still on the field and
    /// not destroyed by that battle itself (the event card is that monster).
    DestroysByBattleToGy,
    /// This card was chosen as the target of an attack.
    AttackTargeted,
    /// A phase of this turn begins; `Who::You` = the effect controller's turn.
    Phase { phase: Phase, whose: Who },
    /// The Battle Phase's End Step begins.
    EndOfBattlePhase,
    /// After damage calculation, if this card battled (the event card is the monster it
    /// battled, if any; BATTLE-4).
    AfterDamageCalculation,
    /// The end of the Damage Step, if this card battled.
    EndOfDamageStep,
    /// Any monster matching the filter was Special Summoned (the card must be face-up on
    /// the field, or in the place its range says; the event card is that monster).
    AnySpecialSummoned(Filter),
    /// A card matching the filter left the field: this card itself (wherever it went), or
    /// another card while this one is face-up on the field ("Destiny Board").
    LeftField(Filter),
}

/// Who or what caused a card to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cause {
    /// Anything.
    Any,
    /// A card effect (not battle, not a cost or rule).
    Effect,
    /// A card effect of the opponent of the card's owner.
    OpponentEffect,
    /// Battle.
    Battle,
}

/// Which turn a count of turns starts from ([`Condition::TurnsSince`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Anchor {
    /// The turn this card came to where it is.
    Arrival,
    /// The turn this card was last activated.
    Activation,
    /// The turn this card's memory slot was filled.
    Memory(Mem),
}

/// A condition for activating (and, for continuous effects, for applying).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Condition {
    /// Always.
    Always,
    /// "When a card matching the filter is activated": the chain's last link is the
    /// activation of such a card (spell/trap activations only).
    ChainTopActivates(Filter),
    /// The chain's last link is any activated card or effect matching (monster effects too).
    ChainTopIs(Filter),
    /// The chain's last link targets a card matching the filter (still where it was).
    ChainTopTargets(Filter),
    /// The chain's last link would destroy a card ("a card or effect that would destroy a
    /// card is activated").
    ChainTopDestroys,
    /// A monster matching the filter has just declared an attack (the attack-declaration
    /// window).
    AttackDeclared(Filter),
    /// A monster matching the filter was just summoned in one of these ways.
    JustSummoned { normal: bool, flip: bool, special: bool, filter: Filter },
    /// A monster is about to be summoned (SUM-3 negation window).
    SummonPending,
    /// Cards matching the filter exist in the place (at least `count`).
    Exists { place: Place, filter: Filter, count: u8 },
    /// No card matches in the place.
    NoneIn { place: Place, filter: Filter },
    /// The controller has not Summoned a monster this turn ("you cannot Summon other
    /// monsters the turn you activate this card").
    NotSummonedThisTurn,
    /// The controller has at least this many free Main Monster Zones.
    FreeMonsterZones(u8),
    /// The controller has at least this many free Spell & Trap Zones.
    FreeSpellZones(u8),
    /// Linked zones (ZONE-3): this Link monster points to a free Main Monster Zone of its
    /// controller ("Link Spider").
    FreeLinkedZone,
    /// Attacking a Defense Position monster (BATTLE-6): this card attacked a monster that was
    /// in Defense Position at damage calculation, in the current battle ("Red Dragon
    /// Archfiend").
    AttackedDefensePosition,
    /// This card was Normal Summoned or flipped face-up this turn (Spirit returns, EFF-15).
    SummonedOrFlippedThisTurn,
    /// It is your turn.
    YourTurn,
    /// It is the opponent's turn.
    OpponentsTurn,
    /// The current phase is this one.
    InPhase(Phase),
    /// The current phase is the Battle Phase.
    InBattlePhase,
    /// The Battle Phase is in this step (or Damage Step sub-step).
    Step(BattleStep),
    /// A monster in the current battle (the attacker or the attack target) matches.
    Battling(Filter),
    /// This card matches the filter ("if this card was destroyed and sent to the GY this
    /// turn").
    This(Filter),
    /// The other card of the triggering event matches (the monster this card battled, the
    /// summoned monster, ...).
    EventCard(Filter),
    /// Two numbers compare so ("your LP are at least 3000 lower than your opponent's").
    Compare(Num, Cmp, Num),
    /// This is `whose` `n`th turn after the anchor turn, counting neither it nor earlier
    /// ones (`Who::Both`: the `n`th turn of either player). With a phase trigger: "during
    /// your 2nd Standby Phase after activation".
    TurnsSince { anchor: Anchor, whose: Who, n: u8 },
    /// This card's effect with this index resolved this turn, not negated ("if this effect
    /// was activated and resolved this turn").
    ResolvedThisTurn(u8),
    /// The card's memory slot holds a card still where the effect left it.
    Remembered(Mem),
    /// All of these.
    All(Vec<Condition>),
    /// Any of these.
    Any(Vec<Condition>),
    /// Not this.
    Not(Box<Condition>),
    /// A unique condition a card brings (see [`CustomCheck`]).
    Custom(CustomCheck),
    /// What a chain link would destroy: the chain's last link has a destroy step that could
    /// destroy a card matching the filter (its targets, the cards its "all ..." names now, or
    /// the place it chooses from on resolution): "a card that would destroy a monster on the
    /// field is activated" ("My Body as a Shield").
    ChainTopWouldDestroy(Filter),
}

impl Condition {
    /// Does the condition (anywhere inside) ask for the SUM-3 negation window?
    pub fn mentions_summon_pending(&self) -> bool {
        match self {
            Condition::SummonPending => true,
            Condition::All(v) | Condition::Any(v) => v.iter().any(Condition::mentions_summon_pending),
            Condition::Not(c) => c.mentions_summon_pending(),
            _ => false,
        }
    }
}
