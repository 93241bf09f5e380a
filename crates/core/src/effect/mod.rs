//! The card vocabulary: what a card can do, as plain data interpreted by the engine. Spell
//! speed is derived from the kind (CHAIN-2), never set by hand.
//!
//! A card is a [`Behavior`]: a list of [`EffectDecl`]s (for a spell or trap, effect 0 is
//! its activation) plus rule properties (summon conditions, tribute rules, win conditions).
//! An effect is a kind, an optional [`Trigger`], a [`Condition`], [`Cost`]s, targets bound
//! on activation and a list of [`Op`] steps run by the resolution machine (`resolve/`);
//! continuous effects are [`Modifier`]s. Numbers are [`Num`] expressions, card properties
//! [`Filter`]s. The few truly unique effects bring their own code ([`CustomStep`],
//! [`CustomCheck`]), counted by `ygo cards stats`.
//!
//! A variant is added for a game mechanic, never for one card's wording; a variant that
//! one card uses names its mechanic in its documentation.

pub mod census;
mod custom;
mod filter;
mod modifier;
mod num;
mod op;
mod trigger;

use serde::{Deserialize, Serialize};

pub use custom::{CustomCheck, CustomStep};
pub use filter::{Capability, Cmp, Declare, Filter, Frame, Origin, Place, Relation, Sent, Stat, TurnFact, Who};
pub use modifier::{Act, Bond, Counter, DuelRule, Duration, ModKinds, Modifier, MonsterRule, Negation, PendulumRule, PlayerAct, Scope, StatLayer};
pub use num::{Arith, CardsNum, CostStat, Num};
pub use op::{ControlChange, Course, DestroyTo, LpStep, Mem, Moment, NegateWhat, Obj, Op, PlayerEffect, PosChange, Side, SummonPos, SummonStep, Test};
pub use trigger::{Anchor, BattleFact, BattleMoment, Cause, Condition, DamageTaken, LinkFact, PendingSummon, PlayerDid, Subject, Timing, Trigger};

pub use crate::extra::{ExtraOp, Materials, RitualFrom};

use crate::card::{SpellKind, TrapKind};

/// Spell speed (CHAIN-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SpellSpeed {
    /// Spell Speed 1.
    One = 1,
    /// Spell Speed 2.
    Two = 2,
    /// Spell Speed 3.
    Three = 3,
}

/// Kinds of effect (EFF-1, SPELL-*, TRAP-*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EffectKind {
    /// Activating a spell card of this kind.
    Spell(SpellKind),
    /// Activating a trap card of this kind.
    Trap(TrapKind),
    /// FLIP: activates when the monster is flipped face-up by any means.
    Flip,
    /// Ignition: the controller's own Main Phase, empty chain.
    Ignition,
    /// `optional`: "you can" (EFF-3); `when`: "When ... you can" may miss the timing (EFF-8).
    Trigger {
        /// The trigger is optional: "you can" (EFF-3); otherwise it is mandatory.
        optional: bool,
        /// The trigger is worded "When ..." and so can miss its timing (EFF-8); otherwise "If ...".
        when: bool,
    },
    /// Quick: whenever its controller has priority and the condition holds.
    Quick,
    /// Never activated; applies while the card is face-up (EFF-1, EFF-2). A continuous
    /// effect with no modifier is a rule text only (materials, summon conditions).
    Continuous,
}

impl EffectKind {
    /// CHAIN-2: derived exhaustively from the kind.
    #[inline]
    pub fn spell_speed(self) -> SpellSpeed {
        match self {
            EffectKind::Spell(SpellKind::QuickPlay) => SpellSpeed::Two,
            EffectKind::Spell(_) => SpellSpeed::One,
            EffectKind::Trap(TrapKind::Counter) => SpellSpeed::Three,
            EffectKind::Trap(_) => SpellSpeed::Two,
            EffectKind::Flip | EffectKind::Ignition | EffectKind::Trigger { .. } => SpellSpeed::One,
            EffectKind::Quick => SpellSpeed::Two,
            EffectKind::Continuous => SpellSpeed::One,
        }
    }
    /// Activated by a rule event rather than chosen in a window (flip and trigger effects).
    #[inline]
    pub fn is_triggered(self) -> bool {
        matches!(self, EffectKind::Flip | EffectKind::Trigger { .. })
    }
    /// The activation of a spell or trap card.
    #[inline]
    pub fn is_card_activation(self) -> bool {
        matches!(self, EffectKind::Spell(_) | EffectKind::Trap(_))
    }
    /// Can an effect of this kind be activated at all (as opposed to a continuous effect)?
    #[inline]
    pub fn is_activated(self) -> bool {
        self != EffectKind::Continuous
    }
}

/// Once-per-turn style limits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Limit {
    /// No limit.
    #[default]
    None,
    /// This card's effect once per turn (soft: each copy).
    PerCardPerTurn,
    /// This effect of a card with this name once per turn (hard; counted per player).
    PerNamePerTurn,
    /// Once per duel, by name.
    PerNamePerDuel,
    /// Once per duel, each copy on its own (older texts: "this effect can only be used
    /// once per Duel").
    PerCardPerDuel,
    /// This card's effect once per battle (each attack declaration starts a new battle; a
    /// replay is the same one: BATTLE-3).
    PerBattle,
    /// This card's effect once while it is face-up on the field (older texts: "this effect
    /// can only be used once while this card remains face-up on the field"): the use is
    /// forgotten, like a once-per-turn use, when the card turns face-down or leaves the
    /// field (MISC-8), and counts in every turn until then.
    PerCardWhileFaceUp,
    /// Once per chain (CHAIN-1): this card's effect cannot be activated while a link of it
    /// (of this copy, this effect) is already on the current chain.
    PerChain,
}

/// Where a monster effect is used from (EFF-1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Range {
    /// Face-up on the field.
    #[default]
    Field,
    /// The hand.
    Hand,
    /// The GY.
    Gy,
    /// A Pendulum Zone (a Pendulum effect: SPELL-8).
    PendulumZone,
    /// Anywhere (rule triggers like "sent from hand or Deck").
    Anywhere,
    /// Banished face-up ("if this card was banished ...: Special Summon it").
    Banished,
    /// Face-down in a Monster Zone: a quick effect activated by a Set monster, which its
    /// own steps turn face-up ("Big Shield Gardna").
    FaceDownMonster,
}

/// When in the Damage Step an effect may be activated (EFF-10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum DamageStepUse {
    /// Not in the Damage Step (the default; counter traps excepted).
    #[default]
    Never,
    /// An effect that changes ATK/DEF: from the start of the Damage Step up to and
    /// including "before damage calculation".
    UntilCalculation,
    /// Its text says it is used in the Damage Step or during damage calculation.
    Always,
    /// An effect that changes ATK/DEF under the 2005 rule: from the start of the Damage
    /// Step up to and including damage calculation itself (EFF-10 as the Goat format
    /// plays it: "Reinforcements" during damage calculation).
    ThroughCalculation,
}

/// Targets chosen on activation (EFF-6): `min..=max` cards in `place` matching `filter`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetSpec {
    /// Where the targets are.
    pub place: Place,
    /// What they must be.
    pub filter: Filter,
    /// At least this many (0: "up to `max`", the group may stay empty).
    pub min: u8,
    /// At most this many.
    pub max: u8,
    /// Targets chosen by the other player: the activating player's opponent picks this
    /// group ("each player targets 1 monster in their own GY": "The Shallow Grave").
    #[serde(default)]
    pub by_opponent: bool,
    /// As many targets as cards were paid for the activation's cost (`min`/`max` unused):
    /// "discard any number of cards, then target the same number of cards" (EFF-5, EFF-6).
    #[serde(default)]
    pub per_cost_card: bool,
}

/// A cost paid on activation (EFF-5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cost {
    /// Pay LP: `amount` (`Num::half(Num::Lp(Who::You))` for "pay half your LP"), or, with
    /// `any_multiple`, any multiple of that constant (at least once, at most the LP you have:
    /// the amount is announced, `announce N`, and read as `Num::Cost(CostStat::Lp)`).
    PayLp {
        /// The LP paid (with `any_multiple`: the step, a constant).
        amount: Num,
        /// Any multiple of `amount` may be paid (announced).
        any_multiple: bool,
    },
    /// Remove counters of a kind from this card (MISC-2).
    RemoveCounters {
        /// The kind of counter removed.
        kind: Counter,
        /// How many counters are removed.
        count: u8,
    },
    /// Remove counters of a kind from a card you control (MISC-2): "remove 1 Spell Counter
    /// from your side of the field". The player picks 1 face-up card they control that holds
    /// at least `count` of them (this card too).
    RemoveCountersFromField {
        /// The kind of counter removed.
        kind: Counter,
        /// How many counters are removed (from the one card picked).
        count: u8,
    },
    /// Detach materials from this Xyz monster (ZONE-10, SUM-11).
    DetachMaterial(u8),
    /// Cards moved as a cost (EFF-5): picked from a place (or this card, or all of them),
    /// then discarded, Tributed, sent to the GY or banished. What the cards paid fix is read
    /// as [`Num::Cost`]. Each old form has its builder (`Cost::discard(1, filter)`,
    /// `Cost::tribute_self()`, `Cost::banish_up_to(3, filter)`, ...).
    Cards {
        /// How the cards are moved.
        how: CostMove,
        /// Where they come from.
        from: CostFrom,
        /// What they must match.
        filter: Filter,
        /// How many.
        count: CostCount,
    },
}

/// How a [`Cost::Cards`] moves its cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CostMove {
    /// Discarded (from the hand to the GY: MISC-4).
    Discard,
    /// Tributed.
    Tribute,
    /// Sent to the GY (not a discard, not a Tribute).
    Send,
    /// Banished face-up.
    Banish,
    /// Shuffled into the Deck (a Main Deck card into the Main Deck, an Extra Deck monster
    /// into the Extra Deck: "shuffle it into the Deck").
    Shuffle,
    /// Placed on top of their owner's Deck, unshuffled ("place 1 card from your hand on top
    /// of your Deck").
    DeckTop,
    /// Returned to their owner's hand from the field ("return 1 monster you control to the
    /// hand" as a cost).
    ToHand,
}

/// Where the cards of a [`Cost::Cards`] come from (from the controller's side).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CostFrom {
    /// This card itself (from the hand to discard, face-up on the field to send, a monster
    /// to Tribute).
    This,
    /// Other cards in your hand.
    Hand,
    /// Monsters you may Tribute (your own, and those you may Tribute as though you
    /// controlled them), not those that cannot be Tributed.
    Monsters,
    /// Your GY (none while the GY is locked, nor to banish while you may not banish from it).
    Gy,
    /// Your Main Deck (shuffled afterwards: ZONE-7).
    Deck,
    /// The top cards of your Main Deck, no choice ("Gravekeeper's Servant").
    DeckTop,
    /// Other cards you control in these places.
    Places(Vec<Place>),
}

/// How many cards a [`Cost::Cards`] moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CostCount {
    /// From `min` to `max` (as many as there are, up to `max`), the player picking.
    Range(u8, u8),
    /// From 1 to this many, the player picking ([`CostStat::Cards`] counts them).
    UpTo(u8),
    /// Any number (at least 1); only a number that leaves a possible effect may be chosen
    /// ("whose Level equals the number banished").
    AnyNumber,
    /// Every one of them (at least 1), no choice ("discard your hand").
    All,
    /// This many of them picked at random (MISC-6), no choice ("discard 1 random card").
    Random(u8),
}

impl Cost {
    /// Pay LP (`Num::half(Num::Lp(Who::You))` for "pay half your LP").
    pub fn pay_lp(amount: Num) -> Cost {
        Cost::PayLp { amount, any_multiple: false }
    }
    /// Pay any multiple of this many LP (announced).
    pub fn pay_lp_multiple(step: i32) -> Cost {
        Cost::PayLp { amount: Num::Const(step), any_multiple: true }
    }
    fn cards(how: CostMove, from: CostFrom, filter: Filter, count: CostCount) -> Cost {
        Cost::Cards { how, from, filter, count }
    }
    /// Discard this card from the hand.
    pub fn discard_self() -> Cost {
        Cost::cards(CostMove::Discard, CostFrom::This, Filter::Any, CostCount::Range(1, 1))
    }
    /// Shuffle this card from the field into the Deck (an Extra Deck monster into the
    /// Extra Deck).
    pub fn shuffle_self_into_deck() -> Cost {
        Cost::cards(CostMove::Shuffle, CostFrom::This, Filter::Any, CostCount::Range(1, 1))
    }
    /// Send this face-up card to the GY (or, for an effect used from the hand, this card
    /// from the hand: not a discard).
    pub fn send_self_to_gy() -> Cost {
        Cost::cards(CostMove::Send, CostFrom::This, Filter::Any, CostCount::Range(1, 1))
    }
    /// Tribute this monster ("Tribute this card and 1 other monster").
    pub fn tribute_self() -> Cost {
        Cost::cards(CostMove::Tribute, CostFrom::This, Filter::Any, CostCount::Range(1, 1))
    }
    /// Discard the whole hand (at least 1 card: "Serial Spell").
    pub fn discard_hand() -> Cost {
        Cost::cards(CostMove::Discard, CostFrom::Hand, Filter::Any, CostCount::All)
    }
    /// Discard `count` cards from the hand picked at random ("discard 1 random card").
    pub fn discard_random(count: u8) -> Cost {
        Cost::cards(CostMove::Discard, CostFrom::Hand, Filter::Any, CostCount::Random(count))
    }
    /// Discard `count` cards matching the filter.
    pub fn discard(count: u8, filter: Filter) -> Cost {
        Cost::cards(CostMove::Discard, CostFrom::Hand, filter, CostCount::Range(count, count))
    }
    /// Send `count` cards from the hand matching the filter to the GY (not a discard: MISC-4).
    pub fn send_from_hand(count: u8, filter: Filter) -> Cost {
        Cost::cards(CostMove::Send, CostFrom::Hand, filter, CostCount::Range(count, count))
    }
    /// Tribute `count` monsters matching the filter ("Tribute 1 monster" may Tribute this
    /// card: `Filter::NotSelf` for "other").
    pub fn tribute(count: u8, filter: Filter) -> Cost {
        Cost::cards(CostMove::Tribute, CostFrom::Monsters, filter, CostCount::Range(count, count))
    }
    /// Banish `count` cards from your GY matching the filter.
    pub fn banish_from_gy(count: u8, filter: Filter) -> Cost {
        Cost::cards(CostMove::Banish, CostFrom::Gy, filter, CostCount::Range(count, count))
    }
    /// Banish 1 to `max` cards from your GY matching the filter, as many as the player picks.
    pub fn banish_up_to(max: u8, filter: Filter) -> Cost {
        Cost::cards(CostMove::Banish, CostFrom::Gy, filter, CostCount::UpTo(max))
    }
    /// Banish any number (at least 1) of cards from your GY matching the filter.
    pub fn banish_any_from_gy(filter: Filter) -> Cost {
        Cost::cards(CostMove::Banish, CostFrom::Gy, filter, CostCount::AnyNumber)
    }
    /// Send `count` cards from your Main Deck matching the filter to the GY.
    pub fn send_from_deck(count: u8, filter: Filter) -> Cost {
        Cost::cards(CostMove::Send, CostFrom::Deck, filter, CostCount::Range(count, count))
    }
    /// Send `min..=max` other cards in your place matching the filter to the GY ("send any
    /// number of other Spells/Traps you control").
    pub fn send_to_gy(place: Place, filter: Filter, min: u8, max: u8) -> Cost {
        Cost::cards(CostMove::Send, CostFrom::Places(vec![place]), filter, CostCount::Range(min, max))
    }
    /// Send `count` cards matching the filter from these places to the GY ("send 1 Beast
    /// monster from your hand or face-up field to the GY").
    pub fn send_to_gy_from(count: u8, from: Vec<Place>, filter: Filter) -> Cost {
        Cost::cards(CostMove::Send, CostFrom::Places(from), filter, CostCount::Range(count, count))
    }
    /// Send the top `n` cards of your Main Deck to the GY (an attack cost: "Gravekeeper's
    /// Servant").
    pub fn send_deck_top(n: u8) -> Cost {
        Cost::cards(CostMove::Send, CostFrom::DeckTop, Filter::Any, CostCount::Range(n, n))
    }
    /// Banish every other card in these places (at least one in all: "Card of Sanctity").
    pub fn banish_all_other(places: Vec<Place>) -> Cost {
        Cost::cards(CostMove::Banish, CostFrom::Places(places), Filter::Any, CostCount::All)
    }
}

/// One declared effect of a card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffectDecl {
    /// Its kind (spell speed, optional or not, ...).
    pub kind: EffectKind,
    /// The effect in the project's own words.
    pub text: String,
    /// The event that starts a trigger or FLIP effect.
    pub trigger: Option<Trigger>,
    /// When it may be activated (or, for a continuous effect, when it applies).
    pub condition: Condition,
    /// Costs, paid in order on activation.
    pub costs: Vec<Cost>,
    /// Targets chosen on activation.
    pub target: Option<TargetSpec>,
    /// A second group of targets, chosen right after the first ("Book of Life": one in
    /// your GY, one in the opponent's); `Obj::Target(i)` counts across both groups.
    pub also_target: Option<TargetSpec>,
    /// What it does on resolution.
    pub ops: Vec<Op>,
    /// What it applies continuously.
    pub modifiers: Vec<Modifier>,
    /// Monster effects: where the card must be to activate (or to be triggered).
    pub range: Range,
    /// When in the Damage Step it may be activated (EFF-10).
    pub damage_step: DamageStepUse,
    /// A once-per-turn style limit.
    pub limit: Limit,
    /// Effects of a card with the same group share their limit ("you can use only 1 of
    /// these effects per turn").
    pub limit_group: Option<u8>,
    /// Resolves only while the card is face-up on the field (EFF-4).
    pub needs_card_on_field: bool,
    /// "You cannot ... the turn you activate this card": applies to the activating player
    /// once the activation is complete, whether or not it is negated later.
    pub restriction: Option<PlayerEffect>,
    /// "Activate 1 of these effects" (EFF-7): triggered effects of one card with the same
    /// group, started by the same event, are alternatives; once one is activated the
    /// others are not. (The choice is made on activation, so an alternative may target.)
    pub alternatives: Option<u8>,
    /// "Either player can ...": an effect of a face-up card that its controller's opponent
    /// may activate too (as its activating player: the costs are theirs).
    #[serde(default)]
    pub either_player: bool,
    /// Copied effects: activated in response to a chain link, this effect becomes that link's
    /// effect (its targets chosen for this activation, its costs not paid again; its own
    /// costs and condition still apply): "its effect becomes the same as that spell"
    /// ("Serial Spell").
    pub copies_link: bool,
    /// "Its activation and effect cannot be negated" (CHAIN-4): a negation of the link does
    /// nothing, and an effect that negates cannot be activated in response to it.
    #[serde(default)]
    pub cannot_be_negated: bool,
}

impl EffectDecl {
    /// A new effect of `kind` described by `text`; add its parts with the builder calls.
    pub fn new(kind: EffectKind, text: &str) -> EffectDecl {
        EffectDecl {
            kind,
            text: text.to_string(),
            trigger: None,
            condition: Condition::Always,
            costs: vec![],
            target: None,
            also_target: None,
            ops: vec![],
            modifiers: vec![],
            range: Range::Field,
            damage_step: DamageStepUse::Never,
            limit: Limit::None,
            limit_group: None,
            needs_card_on_field: false,
            restriction: None,
            alternatives: None,
            either_player: false,
            copies_link: false,
            cannot_be_negated: false,
        }
    }
    /// One of a card's alternative triggered effects ("activate 1 of these effects").
    pub fn alternative(mut self, group: u8) -> Self {
        self.alternatives = Some(group);
        self
    }
    /// "Either player can ...": the opponent of the card's controller may activate it too.
    pub fn by_either_player(mut self) -> Self {
        self.either_player = true;
        self
    }
    /// "You cannot ... the turn you activate this card".
    pub fn restricts(mut self, r: PlayerEffect) -> Self {
        self.restriction = Some(r);
        self
    }
    /// The activation of a spell of this kind.
    pub fn spell(kind: SpellKind, text: &str) -> EffectDecl {
        EffectDecl::new(EffectKind::Spell(kind), text)
    }
    /// The activation of a trap of this kind.
    pub fn trap(kind: TrapKind, text: &str) -> EffectDecl {
        EffectDecl::new(EffectKind::Trap(kind), text)
    }
    /// A FLIP effect.
    pub fn flip(text: &str) -> EffectDecl {
        EffectDecl::new(EffectKind::Flip, text).on(Trigger::Flipped)
    }
    /// A mandatory trigger effect.
    pub fn trigger(t: Trigger, text: &str) -> EffectDecl {
        EffectDecl::new(EffectKind::Trigger { optional: false, when: false }, text).on(t)
    }
    /// An optional "If ...: you can" trigger (does not miss the timing).
    pub fn optional_if(t: Trigger, text: &str) -> EffectDecl {
        EffectDecl::new(EffectKind::Trigger { optional: true, when: false }, text).on(t)
    }
    /// An optional "When ...: you can" trigger (may miss the timing, EFF-8).
    pub fn optional_when(t: Trigger, text: &str) -> EffectDecl {
        EffectDecl::new(EffectKind::Trigger { optional: true, when: true }, text).on(t)
    }
    /// Spirit (EFF-15): the mandatory return to the hand in the End Phase of a turn this
    /// card was Normal Summoned or flipped face-up.
    pub fn spirit_return() -> EffectDecl {
        EffectDecl::trigger(
            Trigger::Phase { phase: crate::types::Phase::End, whose: Who::Both },
            "Spirit: in the End Phase of a turn it was Normal Summoned or flipped face-up, it returns to its owner's hand.",
        )
        .when(Condition::SummonedOrFlippedThisTurn)
        .op(Op::ToHand(Obj::This))
    }
    /// An ignition effect.
    pub fn ignition(text: &str) -> EffectDecl {
        EffectDecl::new(EffectKind::Ignition, text)
    }
    /// A quick effect.
    pub fn quick(text: &str) -> EffectDecl {
        EffectDecl::new(EffectKind::Quick, text)
    }
    /// A continuous effect (or, with no modifier, a rule text).
    pub fn continuous(text: &str) -> EffectDecl {
        EffectDecl::new(EffectKind::Continuous, text)
    }
    /// Starts on this event.
    pub fn on(mut self, t: Trigger) -> Self {
        self.trigger = Some(t);
        self
    }
    /// Its condition.
    pub fn when(mut self, c: Condition) -> Self {
        self.condition = c;
        self
    }
    /// One more cost.
    pub fn cost(mut self, c: Cost) -> Self {
        self.costs.push(c);
        self
    }
    /// Target exactly `count` cards on the field matching `filter`.
    pub fn target(self, count: u8, filter: Filter) -> Self {
        self.target_in(Place::Field(Who::Both), count, count, filter)
    }
    /// Target `min..=max` cards in a place.
    pub fn target_in(mut self, place: Place, min: u8, max: u8, filter: Filter) -> Self {
        self.target = Some(TargetSpec { place, filter, min, max, by_opponent: false, per_cost_card: false });
        self
    }
    /// As many targets in a place as cards were paid for the cost (at least 1): "discard any
    /// number of cards, then target the same number of cards".
    pub fn target_per_cost_card(mut self, place: Place, filter: Filter) -> Self {
        self.target = Some(TargetSpec { place, filter, min: 1, max: 1, by_opponent: false, per_cost_card: true });
        self
    }
    /// A second group of targets: `min..=max` cards in a place, chosen after the first.
    pub fn also_target_in(mut self, place: Place, min: u8, max: u8, filter: Filter) -> Self {
        self.also_target = Some(TargetSpec { place, filter, min, max, by_opponent: false, per_cost_card: false });
        self
    }
    /// A second group of targets that the opponent chooses: `min..=max` cards in a place
    /// (seen from the activating player), chosen after the first.
    pub fn also_target_by_opponent(mut self, place: Place, min: u8, max: u8, filter: Filter) -> Self {
        self.also_target = Some(TargetSpec { place, filter, min, max, by_opponent: true, per_cost_card: false });
        self
    }
    /// One more step.
    pub fn op(mut self, op: Op) -> Self {
        self.ops.push(op);
        self
    }
    /// "If you do": these steps run only if the previous one affected a card.
    pub fn then_if_did(self, then: Vec<Op>) -> Self {
        self.op(Op::if_did(then))
    }
    /// One more continuous modifier.
    pub fn modifier(mut self, m: Modifier) -> Self {
        self.modifiers.push(m);
        self
    }
    /// Used from the hand.
    pub fn from_hand(mut self) -> Self {
        self.range = Range::Hand;
        self
    }
    /// Used from the GY.
    pub fn from_gy(mut self) -> Self {
        self.range = Range::Gy;
        self
    }
    /// Used from this place.
    pub fn range(mut self, r: Range) -> Self {
        self.range = r;
        self
    }
    /// Its text says it is used in the Damage Step or during damage calculation (EFF-10).
    pub fn in_damage_step(mut self) -> Self {
        self.damage_step = DamageStepUse::Always;
        self
    }
    /// It changes ATK/DEF: usable in the Damage Step up to before damage calculation
    /// (EFF-10).
    pub fn changes_stats_in_damage_step(mut self) -> Self {
        self.damage_step = DamageStepUse::UntilCalculation;
        self
    }
    /// It changes ATK/DEF under the 2005 rule: usable in the Damage Step up to and during
    /// damage calculation.
    pub fn changes_stats_through_damage_calculation(mut self) -> Self {
        self.damage_step = DamageStepUse::ThroughCalculation;
        self
    }
    /// A once-per-turn style limit.
    pub fn limit(mut self, l: Limit) -> Self {
        self.limit = l;
        self
    }
    /// Shares its limit with the card's other effects of the same group.
    pub fn limit_group(mut self, group: u8) -> Self {
        self.limit_group = Some(group);
        self
    }
    /// Its activation and effect cannot be negated (see [`EffectDecl::cannot_be_negated`]).
    pub fn cannot_be_negated(mut self) -> Self {
        self.cannot_be_negated = true;
        self
    }
    /// Resolves only while the card is face-up on the field (EFF-4).
    pub fn needs_card_on_field(mut self) -> Self {
        self.needs_card_on_field = true;
        self
    }
    /// Its effect becomes the effect of the chain link it responds to (see
    /// [`EffectDecl::copies_link`]).
    pub fn copies_chain_link(mut self) -> Self {
        self.copies_link = true;
        self
    }
    /// Its spell speed (CHAIN-2).
    #[inline]
    pub fn spell_speed(&self) -> SpellSpeed {
        self.kind.spell_speed()
    }
    /// Is this an effect a player activates or is asked to activate (not a continuous
    /// effect or rule text)?
    #[inline]
    pub fn is_activated(&self) -> bool {
        self.kind.is_activated()
    }
    /// Does the effect bring its own code anywhere (STYLE 11: counted)?
    pub fn uses_custom(&self) -> bool {
        fn custom_cond(c: &Condition) -> bool {
            match c {
                Condition::Custom(_) => true,
                Condition::All(v) | Condition::Any(v) => v.iter().any(custom_cond),
                Condition::Not(c) => custom_cond(c),
                _ => false,
            }
        }
        let mut custom_op = false;
        for o in &self.ops {
            o.visit(&mut |o| {
                custom_op |= matches!(o, Op::Custom(_)) || matches!(o, Op::If { test: Test::Holds(c), .. } if custom_cond(c));
            });
        }
        custom_op || custom_cond(&self.condition)
    }
}

/// A Special Summon procedure written on a monster (`special summon X` from the hand).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SummonRule {
    /// "If only your opponent controls a monster" (Cyber Dragon).
    OnlyOpponentControlsMonsters,
    /// Nothing to pay: only this condition (from the monster's controller's side) must hold
    /// ("if you control a \"Blackwing\" monster other than this card's name"; "by having
    /// exactly 3 DARK monsters in your GY"; "if you control a \"Gladiator Beast\" monster").
    Condition(Condition),
    /// Tribute monsters you control matching (Red-Eyes Darkness Dragon).
    Tribute {
        /// How many monsters to Tribute.
        count: u8,
        /// What the Tributed monsters must match.
        filter: Filter,
    },
    /// Banish one card from your GY for each filter (Black Luster Soldier - EotB).
    BanishFromGy(Vec<Filter>),
    /// Banish monsters you control matching (Vampire Genesis).
    BanishFromField {
        /// How many monsters to banish.
        count: u8,
        /// What the banished monsters must match.
        filter: Filter,
    },
    /// Tribute monsters your opponent controls matching: the monster is Special Summoned to
    /// their field ("Lava Golem").
    TributeOpponents {
        /// How many of the opponent's monsters to Tribute.
        count: u8,
        /// What the Tributed monsters must match.
        filter: Filter,
    },
    /// Send monsters from your hand (other than this card) matching to the GY ("Quickdraw
    /// Synchron").
    SendFromHand {
        /// How many cards to send.
        count: u8,
        /// What the sent cards must match.
        filter: Filter,
    },
    /// Discard monsters from your hand matching `filter` whose Levels total at least
    /// `total` (SUM-6): the selection goes on while the total is short of it and ends as soon
    /// as it reaches it; the procedure is not offered while the hand cannot reach it. The
    /// monster itself may be among the discards (it is then summoned from the GY, where its
    /// procedure must be usable: [`Behavior::summon_rule_from_gy`]).
    DiscardLevels {
        /// What the discarded monsters must match.
        filter: Filter,
        /// The Level total to reach.
        total: u8,
    },
}

/// A way to win written on a card (WIN-3), checked while the card is in the hand or
/// face-up on the field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WinCondition {
    /// The player holds every one of these cards (by name) in the place, face-up on the
    /// field, with this card ("Exodia the Forbidden One" in the hand with its four limbs;
    /// "Destiny Board" with the four Spirit Messages).
    Holds {
        /// Where the cards must be (from this card's controller's side).
        place: Place,
        /// The card codes (names) that must all be there.
        names: Vec<u32>,
    },
    /// Match win by direct attack: this card's direct attack has just brought the
    /// opponent's LP to 0; the duel is won as the Match ("Victory Dragon").
    MatchByDirectAttack,
    /// A unique condition the card brings.
    Custom(CustomCheck),
}

/// Everything a card does beyond its printed stats.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Behavior {
    /// Its effects (for a spell or trap, effect 0 is its activation).
    pub effects: Vec<EffectDecl>,
    /// Cannot be Normal Summoned/Set (must be Special Summoned by its own procedure).
    pub no_normal_summon: bool,
    /// Cannot be Special Summoned at all.
    pub no_special_summon: bool,
    /// The monster's own Special Summon procedure from the hand (and the GY, with
    /// [`Behavior::summon_rule_from_gy`]).
    pub summon_rule: Option<SummonRule>,
    /// Its own procedure ([`Behavior::summon_rule`]) may also be used while it is in its
    /// owner's GY ("Special Summon this card from your hand or GY"); not while the GYs are
    /// locked (`DuelRule::GyLocked`).
    #[serde(default)]
    pub summon_rule_from_gy: bool,
    /// Its own procedure ([`Behavior::summon_rule`]) places it in face-up Attack Position
    /// only ("Special Summon this card from your hand in Attack Position"; SUM-6).
    #[serde(default)]
    pub summon_rule_attack_only: bool,
    /// Counts as 2 tributes for the Tribute Summon of a monster matching the filter.
    pub double_tribute_for: Option<Filter>,
    /// Tribute Summon with exactly this many tributes matching (Gilford, Victory Dragon);
    /// `only`: the only way to Normal Summon it.
    pub tribute_rule: Option<(u8, Filter, bool)>,
    /// Counter kinds this card's effects use (MISC-2: only these may be placed on it).
    pub counters: Vec<Counter>,
    /// A win condition (WIN-3).
    pub wins: Option<WinCondition>,
    /// The materials of a Fusion/Synchro/Xyz/Link monster (SUM-9..SUM-13; `extra.rs`).
    pub materials: Option<crate::extra::Materials>,
    /// A Fusion Substitute: may stand for one named Fusion Material (SUM-9).
    pub fusion_substitute: bool,
    /// SUM-7: "must be Special Summoned by X, and cannot be Special Summoned by other ways":
    /// only the effects of cards matching this filter may Special Summon it (from wherever
    /// they take it), and nothing else ever may.
    pub special_summon_only_by: Option<Filter>,
    /// SUM-7: "must first be Special Summoned by X": only the effects of cards matching this
    /// filter may Special Summon it from the hand or Deck (its proper summon); once properly
    /// summoned it may be revived like any other monster ("Harpie Lady Sisters").
    #[serde(default)]
    pub proper_summon_by: Option<Filter>,
    /// "You cannot ... the turn you Special Summon this card" by its own procedure: applies
    /// to the summoning player once the procedure summons it; the procedure cannot be used
    /// once the player has already done what is forbidden this turn.
    pub summon_restriction: Option<PlayerEffect>,
    /// "Cannot be Normal Summoned (but can be Normal Set)" (SUM-1): its Normal Summon is
    /// only ever a Set.
    pub normal_set_only: bool,
    /// "You can only control 1 face-up <this card>": a player who controls one face-up
    /// cannot Normal Summon, Flip Summon or Special Summon another face-up.
    pub unique_on_field: bool,
    /// SUM-7: "cannot be Summoned unless ...": it may be Normal Summoned, Flip Summoned or
    /// Special Summoned (by any means) only while this condition holds for the summoning
    /// player (read with the card as the source); a Normal Set is not a Summon and stays
    /// legal ("cannot be Summoned unless you control a face-up X": the Guardians).
    #[serde(default)]
    pub summon_condition: Option<Condition>,
    /// May be Normal Summoned (not Set) without Tributes while this condition holds (SUM-2:
    /// "Swift Gaia the Fierce Knight", the only card in your hand).
    pub summon_without_tributes: Option<Condition>,
    /// Its Fusion Summon takes exactly the named materials: no Fusion Substitute (SUM-9:
    /// "can only be Fusion Summoned with the above materials").
    pub fusion_materials_only: bool,
    /// SUM-10: a Tuner that may stand in for one Tuner a Synchro monster names, when that
    /// name is one of these (the "Synchron" Tuners); if any are listed, it is Synchro
    /// Material only for such monsters.
    pub tuner_substitute_for: Vec<u32>,
    /// SUM-10: a limit on this card as Synchro Material (not an effect: never negated).
    #[serde(default)]
    pub synchro_material_limit: Option<SynchroMaterialLimit>,
    /// An LV monster: the passcode of the monster its text names as the one it levels up to
    /// (read through [`crate::effect::CostStat::LevelUp`] when it is paid as a cost: "the
    /// monster written in the text of that monster").
    #[serde(default)]
    pub level_up: Option<u32>,
}

/// "This card cannot be used as Synchro Material, except for the Synchro Summon of a monster
/// matching `for_monster`; the other Synchro Materials must match `others`" (SUM-10).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SynchroMaterialLimit {
    /// The Synchro Monsters it may be material for (read as they are in the Extra Deck).
    pub for_monster: Filter,
    /// What each other material of that Synchro Summon must be.
    pub others: Filter,
}

impl Behavior {
    /// A card with these effects (for a spell or trap, effect 0 is its activation).
    pub fn with(effects: Vec<EffectDecl>) -> Behavior {
        Behavior { effects, ..Behavior::default() }
    }

    /// Does the card bring its own code anywhere (STYLE 11: counted)?
    pub fn uses_custom(&self) -> bool {
        matches!(self.wins, Some(WinCondition::Custom(_))) || self.effects.iter().any(EffectDecl::uses_custom)
    }

    /// The index in [`Behavior::effects`] of the `n`th (1-based) effect a player activates:
    /// the number in `activate X effect N` (rule texts and continuous effects are not
    /// counted).
    pub fn effect_by_number(&self, n: u8) -> Option<u8> {
        self.effects.iter().enumerate().filter(|(_, e)| e.is_activated()).nth(n.checked_sub(1)? as usize).map(|(i, _)| i as u8)
    }

    /// The number of effect `index` among the effects a player activates (1-based), the
    /// inverse of [`Behavior::effect_by_number`].
    pub fn effect_number(&self, index: u8) -> Option<u8> {
        let e = self.effects.get(index as usize)?;
        e.is_activated().then(|| self.effects.iter().take(index as usize + 1).filter(|e| e.is_activated()).count() as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spell_speed_is_derived_from_kind() {
        // RULE: CHAIN-2
        assert_eq!(EffectKind::Spell(SpellKind::Normal).spell_speed(), SpellSpeed::One);
        assert_eq!(EffectKind::Spell(SpellKind::QuickPlay).spell_speed(), SpellSpeed::Two);
        assert_eq!(EffectKind::Trap(TrapKind::Normal).spell_speed(), SpellSpeed::Two);
        assert_eq!(EffectKind::Trap(TrapKind::Counter).spell_speed(), SpellSpeed::Three);
        assert_eq!(EffectKind::Quick.spell_speed(), SpellSpeed::Two);
        assert_eq!(EffectKind::Ignition.spell_speed(), SpellSpeed::One);
        assert_eq!(EffectKind::Trigger { optional: true, when: true }.spell_speed(), SpellSpeed::One);
    }

    #[test]
    fn effect_numbers_count_activated_effects_only() {
        let b = Behavior::with(vec![
            EffectDecl::continuous("Fusion materials: A + B."),
            EffectDecl::ignition("Draw 1 card.").op(Op::Draw { who: Who::You, count: Num::Const(1) }),
            EffectDecl::continuous("It gains 100 ATK."),
            EffectDecl::quick("Draw 2 cards.").op(Op::Draw { who: Who::You, count: Num::Const(2) }),
        ]);
        assert_eq!(b.effect_by_number(1), Some(1));
        assert_eq!(b.effect_by_number(2), Some(3));
        assert_eq!(b.effect_by_number(3), None);
        assert_eq!(b.effect_number(3), Some(2));
        assert_eq!(b.effect_number(2), None);
    }
}
