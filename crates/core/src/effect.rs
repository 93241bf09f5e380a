//! The card vocabulary: what a card can do, as plain data (no closures), interpreted by
//! the engine. Spell speed is derived from the kind (CHAIN-2), never set by hand.
//!
//! A card is a [`Behavior`]: a list of [`EffectDecl`]s (for a spell or trap, effect 0 is
//! its activation) plus rule properties (summon conditions, Spirit, tribute rules). An
//! effect is a kind, an optional trigger, a condition, costs, targets bound on activation
//! and a list of [`Op`] steps run by the resolution machine (`resolve.rs`); continuous
//! effects are [`Modifier`]s. The few truly unique effects use `Op::Custom`, dispatched
//! by passcode in `custom/` (counted by `ygo cards stats`).

use serde::{Deserialize, Serialize};

use crate::card::{Attribute, Race, SpellKind, TrapKind};
use crate::types::{Phase, Zone};

/// Spell speed (CHAIN-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SpellSpeed {
    One = 1,
    Two = 2,
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
    Ignition,
    /// `optional`: "you can" (EFF-3); `when`: "When ... you can" may miss the timing (EFF-8).
    Trigger {
        optional: bool,
        when: bool,
    },
    Quick,
    /// Never activated; applies while the card is face-up (EFF-1, EFF-2).
    Continuous,
}

impl EffectKind {
    /// CHAIN-2: derived exhaustively from the kind.
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
    pub fn is_triggered(self) -> bool {
        matches!(self, EffectKind::Flip | EffectKind::Trigger { .. })
    }
    pub fn is_card_activation(self) -> bool {
        matches!(self, EffectKind::Spell(_) | EffectKind::Trap(_))
    }
}

/// Which player an effect refers to, from its controller's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Who {
    You,
    Opponent,
    Both,
}

/// A property a card must have, seen from the effect's controller. Composes with `&`,
/// `|` and `!`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Filter {
    Any,
    Monster,
    Spell,
    Trap,
    /// A spell or trap card (on the field: any card in the S/T or Field zone).
    SpellTrap,
    FaceUp,
    FaceDown,
    /// Attack Position (face-up or not).
    AttackPos,
    DefensePos,
    YouControl,
    OppControls,
    /// Not the card whose effect this is.
    NotSelf,
    Race(Race),
    Attribute(Attribute),
    /// Monsters with an effect (Effect, Flip ... frames).
    EffectMonster,
    /// Flip monsters.
    FlipMonster,
    /// Normal Monsters (yellow frame).
    NormalMonster,
    /// Pendulum Monsters.
    PendulumMonster,
    Named(u32),
    /// The card's name contains this text (archetype-like, e.g. "LV").
    NameHas(String),
    AtkAtMost(i32),
    AtkAtLeast(i32),
    DefAtMost(i32),
    LevelAtMost(u8),
    LevelAtLeast(u8),
    /// The monster whose summon is the latest happening (for "when ... is summoned").
    JustSummoned,
    /// Could be Special Summoned by the effect now (SUM-7 and "cannot be Special Summoned").
    CanSpecialSummon,
    /// The monster attacking in the current battle ("target the attacking monster").
    Attacker,
    /// A monster whose current ATK is at most that player's LP ("Ring of Destruction").
    AtkAtMostLp(Who),
    /// A monster whose current ATK is at most the ATK of the card paid as this
    /// activation's cost ("Armed Dragon LV5"); the cost's choices and the targets are
    /// narrowed to fit each other.
    AtkAtMostCost,
    /// A monster whose Level is lower than the Level of the card paid as this activation's
    /// cost ("Vampire Genesis"); the cost's choices and the targets are narrowed to fit.
    LevelBelowCost,
    /// A monster in a zone the effect's (Link) card points to ("Decode Talker").
    PointedTo,
    And(Vec<Filter>),
    Or(Vec<Filter>),
    Not(Box<Filter>),
}

impl Filter {
    /// Does the filter use [`Filter::LevelBelowCost`] (anywhere inside)?
    pub fn mentions_level_cap(&self) -> bool {
        match self {
            Filter::LevelBelowCost => true,
            Filter::And(v) | Filter::Or(v) => v.iter().any(Filter::mentions_level_cap),
            Filter::Not(f) => f.mentions_level_cap(),
            _ => false,
        }
    }
    /// Does the filter use [`Filter::AtkAtMostCost`] (anywhere inside)?
    pub fn mentions_cost_cap(&self) -> bool {
        match self {
            Filter::AtkAtMostCost => true,
            Filter::And(v) | Filter::Or(v) => v.iter().any(Filter::mentions_cost_cap),
            Filter::Not(f) => f.mentions_cost_cap(),
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

/// A place, from the effect controller's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    /// Every card on the field (monster, S/T, Field and Pendulum zones).
    Field(Who),
    Monsters(Who),
    SpellTraps(Who),
    Hand(Who),
    Deck(Who),
    Gy(Who),
    Banished(Who),
    /// Hand and Main Deck.
    HandOrDeck(Who),
}

/// A set of cards an operation acts on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Obj {
    /// The card whose effect this is.
    This,
    /// Every bound target still valid (EFF-6).
    Targets,
    /// One target slot.
    Target(u8),
    /// The cards picked by the last `Choose` step.
    Chosen,
    /// The monster this card is equipped to.
    Equipped,
    /// The other card of the triggering event (the attacker, the summoned monster, the
    /// monster this card battled).
    EventCard,
    /// Every card in a place matching the filter, at resolution (non-targeting).
    All(Place, Filter),
}

/// A number evaluated at resolution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Amount {
    Fixed(i32),
    /// `per` for each card in the place matching.
    PerCard {
        place: Place,
        filter: Filter,
        per: i32,
    },
    /// The current ATK of the first card of the object (0 if none).
    AtkOf(Obj),
    /// The original (printed) ATK of the first card of the object.
    OriginalAtkOf(Obj),
    /// The original (printed) DEF of the first card of the object.
    OriginalDefOf(Obj),
    /// The higher of two numbers ("the ATK or DEF, whichever is higher").
    Max(Box<Amount>, Box<Amount>),
    /// Half, rounded down.
    Half(Box<Amount>),
    /// The number register (e.g. the number of cards the last step moved).
    Counted,
    /// The total ATK the monsters destroyed by the last `Destroy` step had on the field.
    DestroyedAtk,
}

/// A cost paid on activation (EFF-5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cost {
    PayLp(i32),
    /// Pay half your LP (rounded down).
    PayHalfLp,
    /// Discard this card from the hand.
    DiscardSelf,
    /// Discard cards from the hand matching the filter.
    Discard {
        count: u8,
        filter: Filter,
    },
    /// Send this face-up card to the GY.
    SendSelfToGy,
    /// Tribute monsters you control matching the filter.
    Tribute {
        count: u8,
        filter: Filter,
    },
    /// Banish cards from your GY matching the filter.
    BanishFromGy {
        count: u8,
        filter: Filter,
    },
    /// Remove counters of `kind` from this card (MISC-2).
    RemoveCounters {
        kind: u8,
        count: u8,
    },
    /// Banish every other card in these places (at least one in all: "Card of Sanctity").
    BanishAllOther(Vec<Place>),
    /// Detach materials from this Xyz monster (ZONE-10, SUM-11).
    DetachMaterial(u8),
}

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
    /// This card was sent to the hand from these places by this cause.
    ReturnedToHand,
    /// Another card matching the filter that you controlled on the field was returned to
    /// your hand by an opponent's card effect (the event card is that card).
    OtherReturnedToHand(Filter),
    /// This card inflicted battle damage to the opponent (`direct`: by a direct attack).
    DealtBattleDamage { direct: bool },
    /// This card destroyed a monster by battle.
    DestroyedByBattleOpponent,
    /// "If this card destroys a monster by battle and sends it to the GY": the monster this
    /// card destroyed by battle went to the GY, while this card is still on the field and
    /// not destroyed by that battle itself (the event card is that monster).
    DestroyedByBattleAndSentToGy,
    /// This card was chosen as the target of an attack.
    AttackTargeted,
    /// A phase of this turn begins; `Who::You` = the effect controller's turn.
    Phase { phase: Phase, whose: Who },
    /// The Battle Phase's End Step begins.
    EndOfBattlePhase,
    /// The end of the Damage Step, if this card battled.
    EndOfDamageStep,
    /// Any monster matching the filter was Special Summoned (the card must be face-up on
    /// the field, or in the place its range says).
    AnySpecialSummoned(Filter),
    /// A monster matching the filter was Special Summoned from its controller's GY.
    SpecialSummonedFromYourGy,
    /// A card matching the filter left the field: this card itself (wherever it went), or
    /// another card while this one is face-up on the field ("Destiny Board").
    LeftField(Filter),
}

/// Who or what caused a card to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cause {
    Any,
    /// A card effect (not battle, not a cost or rule).
    Effect,
    /// A card effect of the opponent of the card's owner.
    OpponentEffect,
    Battle,
}

/// A condition for activating (and, for continuous effects, for applying).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Condition {
    Always,
    /// "When a card matching the filter is activated": the chain's last link is the
    /// activation of such a card (spell/trap activations only).
    ChainTopActivates(Filter),
    /// The chain's last link is any activated card or effect matching (monster effects too).
    ChainTopIs(Filter),
    /// During damage calculation, while an opponent's monster attacks.
    OpponentAttacksInDamageCalculation,
    /// An opponent's monster just declared an attack (the attack-declaration window).
    OpponentAttackDeclared,
    /// A monster was just summoned by the opponent; `kinds`: normal, flip, special;
    /// `filter` on the monster.
    OpponentSummoned {
        normal: bool,
        flip: bool,
        special: bool,
        filter: Filter,
    },
    /// A monster was just summoned (by anyone, any way).
    AnySummoned,
    /// A monster is about to be summoned (SUM-3 negation window).
    SummonPending,
    /// Cards matching the filter exist in the place (at least `count`).
    Exists {
        place: Place,
        filter: Filter,
        count: u8,
    },
    /// No card matches in the place.
    NoneIn {
        place: Place,
        filter: Filter,
    },
    /// The controller has not Summoned a monster this turn ("you cannot Summon other
    /// monsters the turn you activate this card").
    NotSummonedThisTurn,
    /// The controller has at least this many free Main Monster Zones.
    FreeMonsterZones(u8),
    /// This card was Normal Summoned or flipped face-up this turn (Spirit returns).
    SummonedOrFlippedThisTurn,
    /// It is your turn / the opponent's turn.
    YourTurn,
    OpponentsTurn,
    /// The current phase is this one.
    InPhase(Phase),
    /// The current phase is the Battle Phase.
    InBattlePhase,
    /// Your LP is lower than the opponent's by at least this much.
    LpBehindBy(i32),
    /// This card's effect with this index resolved this turn, not negated ("if this effect
    /// was activated and resolved this turn").
    ResolvedThisTurn(u8),
    All(Vec<Condition>),
    Any(Vec<Condition>),
    /// A unique condition (see `custom/`).
    Custom(u8),
}

/// Where a monster effect is used from (EFF-1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Range {
    #[default]
    Field,
    Hand,
    Gy,
    /// Hand or GY... or anywhere (rule triggers like "sent from hand or Deck").
    Anywhere,
}

/// Targets chosen on activation (EFF-6): `min..=max` cards in `place` matching `filter`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetSpec {
    pub place: Place,
    pub filter: Filter,
    pub min: u8,
    pub max: u8,
}

/// The position a Special Summon uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SummonPos {
    /// The summoning player chooses face-up Attack or face-up Defense.
    FaceUp,
    Attack,
    Defense,
    /// Face-up Attack or face-down Defense (chosen).
    AttackOrSet,
}

/// A battle-position change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PosChange {
    /// Attack <-> Defense (face-down Defense becomes face-up Attack).
    Toggle,
    FaceUpDefense,
    FaceUpAttack,
    FaceDownDefense,
    /// Face-down Defense to face-up Defense without flip effects activating... they do
    /// not count as "flipped" for FLIP (Ceasefire).
    RevealDefense,
}

/// How long an applied effect lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Duration {
    EndOfTurn,
    /// Until the End Phase of this turn (control changes "until the End Phase").
    EndPhase,
    /// While the source card stays face-up on the field.
    WhileSourceOnField,
    Permanent,
}

/// An effect on a player, applied for a duration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayerEffect {
    /// Skip the next `n` Draw Phases (PHASE-8).
    SkipDraw(u8),
    SkipStandby(u8),
    SkipBattle(u8),
    /// Takes no battle damage this turn.
    NoBattleDamage,
    /// Cannot Summon monsters for the rest of this turn (Setting is not a Summon).
    NoSummonsThisTurn,
    /// Monsters this player controls cannot be destroyed by battle this turn.
    MonstersIndestructibleByBattle,
}

/// One operation step of a resolving effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Op {
    /// `who` picks `min..=max` cards in the place matching (non-targeting, EFF-6). Stops
    /// the effect when none can be picked and `min > 0`.
    Choose {
        who: Who,
        place: Place,
        filter: Filter,
        min: u8,
        max: u8,
    },
    /// Picks `count` cards at random (MISC-6).
    ChooseRandom {
        place: Place,
        filter: Filter,
        count: u8,
    },
    /// Draw cards.
    Draw {
        who: Who,
        count: u8,
    },
    /// Destroy the cards (MISC-4).
    Destroy(Obj),
    SendToGy(Obj),
    Discard(Obj),
    Banish {
        what: Obj,
        face_down: bool,
    },
    ToHand(Obj),
    /// To the owner's Deck: shuffled, or on top.
    ToDeck {
        what: Obj,
        top: bool,
    },
    /// Special Summon under the effect controller's control (SUM-5, SUM-7).
    SpecialSummon {
        what: Obj,
        pos: SummonPos,
    },
    /// Special Summon to a zone of the controller that this Link card points to.
    SpecialSummonPointed {
        what: Obj,
        pos: SummonPos,
    },
    ChangePosition {
        what: Obj,
        to: PosChange,
    },
    /// Equip this card to the (single) card.
    EquipTo(Obj),
    /// Take control of the cards (until the End Phase or permanently).
    TakeControl {
        what: Obj,
        until: Duration,
    },
    /// Negate the activation of the previous chain link; destroy that card if `destroy`.
    NegateActivation {
        destroy: bool,
    },
    /// Negate the effect of the previous chain link; destroy that card if `destroy`.
    NegateEffect {
        destroy: bool,
    },
    /// Negate the summon in progress; the monster is destroyed (SUM-3).
    NegateSummon,
    /// Negate the current attack.
    NegateAttack,
    EndBattlePhase,
    Damage {
        who: Who,
        amount: Amount,
    },
    GainLp {
        who: Who,
        amount: Amount,
    },
    /// Both players' LP become this (Self-Destruct Button).
    SetLp {
        who: Who,
        amount: Amount,
    },
    /// The controller takes no battle damage from the current battle.
    NoBattleDamage,
    /// A continuous effect on the cards for a while.
    Apply {
        what: Obj,
        modifier: Modifier,
        until: Duration,
    },
    /// A rule that applies on its own (not to given cards) for a while.
    ApplyRule {
        modifier: Modifier,
        until: Duration,
    },
    /// An effect on players.
    ApplyPlayer {
        who: Who,
        effect: PlayerEffect,
    },
    ShuffleDeck(Who),
    /// "and if you do": stop unless the previous step affected a card.
    IfDid,
    /// Skip the next `n` steps unless the previous step affected a card (or the call was
    /// right): the "otherwise" branch follows them.
    SkipUnlessDid(u8),
    /// Skip the next `n` steps.
    Skip(u8),
    /// The controller calls heads or tails, then a coin is tossed with the duel's random
    /// source (MISC-6); "did" when the call was right.
    CallCoinToss,
    /// This trap card is Special Summoned as a monster with its printed stats; it keeps its
    /// S/T zone occupied and is still a trap (TRAP-5).
    SummonSelfAsMonster {
        pos: SummonPos,
    },
    /// Create `count` tokens of the card `code` and Special Summon them under the
    /// controller's control (MISC-1; `Obj::Chosen` names them afterwards).
    SummonTokens {
        code: u32,
        count: u8,
        pos: SummonPos,
    },
    /// Place counters of `kind` (see `state::COUNTER_NAMES`) on the cards; only on cards
    /// whose behaviour lists that kind, never above `max` (MISC-2).
    AddCounters {
        what: Obj,
        kind: u8,
        count: u8,
        max: Option<u8>,
    },
    /// "you can": the controller decides whether to go on.
    MayContinue,
    /// A unique operation (see `custom/`).
    Custom(u8),
    /// A Ritual or Fusion Summon step (SUM-8, SUM-9; see `extra.rs`).
    Extra(crate::extra::ExtraOp),
}

/// Which monsters a continuous modifier applies to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Scope {
    This,
    Equipped,
    /// Every face-up monster on the field matching (from the source's controller's side).
    Monsters(Filter),
}

/// An effect that applies while its card is face-up (and, for spells/traps, its
/// activation has resolved: EFF-2), or for a while after an [`Op::Apply`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Modifier {
    /// Every other trap effect on the field is negated ("Royal Decree").
    NegateOtherTrapEffects,
    /// Trap cards cannot be activated and trap effects on the field are negated.
    NoTraps,
    /// Face-up monsters on the field have their effects negated (activations still legal).
    NegateMonsterEffects,
    AtkDef {
        scope: Scope,
        atk: i32,
        def: i32,
    },
    /// ATK gain of `per` for each card matching in the place.
    AtkPer {
        scope: Scope,
        place: Place,
        filter: Filter,
        per: i32,
    },
    /// ATK gain of `per` for each counter of `kind` on the monster itself.
    AtkPerCounter {
        scope: Scope,
        kind: u8,
        per: i32,
    },
    /// The original ATK becomes half (rounded down).
    HalveOriginalAtk,
    /// The original ATK and DEF become these values.
    SetOriginal {
        atk: Option<i32>,
        def: Option<i32>,
    },
    CannotAttack(Scope),
    /// "Cannot declare an attack".
    CannotChangePosition(Scope),
    /// Cannot be targeted by card effects.
    Untargetable(Scope),
    /// Cannot be chosen as an attack target.
    NotAttackTarget(Scope),
    IndestructibleByBattle(Scope),
    Piercing(Scope),
    /// A monster that destroyed a monster by battle may attack again in a row.
    SecondAttackOnKill(Scope),
    /// Cannot be Tributed for a Tribute Summon.
    NoTributeSummonMaterial(Scope),
    /// Cards sent to the GY are banished instead.
    BanishInsteadOfGy,
    /// The equipped monster is controlled by the equip card's controller.
    ControlEquipped,
    /// A monster in scope is destroyed right after a card effect that targeted it resolves,
    /// if it is still face-up on the field ("Spirit Reaper").
    DestroyAfterTargeted(Scope),
    /// Monsters in scope are changed to Defense Position and cannot be changed to Attack
    /// Position ("Level Limit - Area B"); enforced after summons and resolutions.
    ForceDefense(Scope),
    /// Applied to a monster: when it is destroyed, the source card is destroyed too
    /// ("Spellbinding Circle"); checked with the equip rules.
    SourceDestroyedWithIt,
    /// Applied to a monster: when the source card leaves the field (`destroyed_only`: is
    /// destroyed), the monster is destroyed too ("Call of the Haunted", "Premature
    /// Burial"); checked with the equip rules.
    DestroyedWithSource {
        destroyed_only: bool,
    },
    /// Applied by the rules to a monster an equip's `ControlEquipped` took: once the source
    /// no longer equips it, control returns to the lingering effect's controller.
    ControlHeldBySource,
    /// The controller cannot activate cards or effects with this passcode's name
    /// ("Sangan": applied for the rest of the turn as a rule of the searcher).
    NoActivationsOfName(u32),
    /// Levels of monsters matching change by `delta` (never below 1): face-up monsters on
    /// the field, and also cards in both hands when `in_hand` ("A Legendary Ocean").
    Level {
        filter: Filter,
        delta: i8,
        in_hand: bool,
    },
    /// Battle damage this monster inflicts to the opponent is doubled when it battles an
    /// opponent's monster ("Odd-Eyes Pendulum Dragon").
    DoubleBattleDamage(Scope),
    /// If a monster in scope would be destroyed by battle, the monster card equipped to it
    /// (by its own effect, "Relinquished") is destroyed instead.
    DestroyEquippedInstead(Scope),
    /// While a monster card is equipped to it by its effect, battle damage its controller
    /// takes from its battles is also dealt to the opponent as effect damage ("Relinquished").
    ReflectBattleDamage(Scope),
    /// Read from a Pendulum card in a Pendulum Zone: its Pendulum Scale becomes `scale`
    /// unless the card in the player's other Pendulum Zone matches `partner`.
    ScaleUnlessPartner {
        scale: u8,
        partner: Filter,
    },
    /// Read from a Pendulum card in the hand: it may be activated to a Pendulum Zone only
    /// while the condition holds ("Timegazer Magician": you control no monsters).
    ScaleActivationNeeds(Condition),
    /// Read from a Pendulum card in a Pendulum Zone: while a Pendulum monster its controller
    /// controls is in the current battle (until the end of the Damage Step), the opponent
    /// cannot activate cards matching the filter ("Stargazer/Timegazer Magician").
    PendulumBattleLock(Filter),
}

/// Once-per-turn style limits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Limit {
    #[default]
    None,
    /// This card's effect once per turn (soft: each copy).
    PerCardPerTurn,
    /// This effect of a card with this name once per turn (hard).
    PerNamePerTurn,
    /// Once per duel, by name.
    PerNamePerDuel,
}

/// One declared effect of a card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffectDecl {
    pub kind: EffectKind,
    /// The effect in the project's own words.
    pub text: String,
    pub trigger: Option<Trigger>,
    pub condition: Condition,
    pub costs: Vec<Cost>,
    pub target: Option<TargetSpec>,
    /// A second group of targets, chosen right after the first ("Book of Life": one in
    /// your GY, one in the opponent's); `Obj::Target(i)` counts across both groups.
    pub also_target: Option<TargetSpec>,
    pub ops: Vec<Op>,
    pub modifiers: Vec<Modifier>,
    /// Monster effects: where the card must be to activate (or to be triggered).
    pub range: Range,
    /// Its text says it is used in the Damage Step / during damage calculation (EFF-10).
    pub damage_step: bool,
    pub limit: Limit,
    /// Resolves only while the card is face-up on the field (EFF-4).
    pub needs_card_on_field: bool,
    /// "You cannot ... the turn you activate this card": applies to the activating player
    /// once the activation is complete, whether or not it is negated later.
    pub restriction: Option<PlayerEffect>,
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
            damage_step: false,
            limit: Limit::None,
            needs_card_on_field: false,
            restriction: None,
        }
    }
    /// "You cannot ... the turn you activate this card".
    pub fn restricts(mut self, r: PlayerEffect) -> Self {
        self.restriction = Some(r);
        self
    }
    pub fn spell(kind: SpellKind, text: &str) -> EffectDecl {
        EffectDecl::new(EffectKind::Spell(kind), text)
    }
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
    pub fn ignition(text: &str) -> EffectDecl {
        EffectDecl::new(EffectKind::Ignition, text)
    }
    pub fn quick(text: &str) -> EffectDecl {
        EffectDecl::new(EffectKind::Quick, text)
    }
    pub fn continuous(text: &str) -> EffectDecl {
        EffectDecl::new(EffectKind::Continuous, text)
    }
    pub fn on(mut self, t: Trigger) -> Self {
        self.trigger = Some(t);
        self
    }
    pub fn when(mut self, c: Condition) -> Self {
        self.condition = c;
        self
    }
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
        self.target = Some(TargetSpec { place, filter, min, max });
        self
    }
    /// A second group of targets: `min..=max` cards in a place, chosen after the first.
    pub fn also_target_in(mut self, place: Place, min: u8, max: u8, filter: Filter) -> Self {
        self.also_target = Some(TargetSpec { place, filter, min, max });
        self
    }
    pub fn op(mut self, op: Op) -> Self {
        self.ops.push(op);
        self
    }
    pub fn modifier(mut self, m: Modifier) -> Self {
        self.modifiers.push(m);
        self
    }
    pub fn from_hand(mut self) -> Self {
        self.range = Range::Hand;
        self
    }
    pub fn from_gy(mut self) -> Self {
        self.range = Range::Gy;
        self
    }
    pub fn range(mut self, r: Range) -> Self {
        self.range = r;
        self
    }
    pub fn in_damage_step(mut self) -> Self {
        self.damage_step = true;
        self
    }
    pub fn limit(mut self, l: Limit) -> Self {
        self.limit = l;
        self
    }
    pub fn needs_card_on_field(mut self) -> Self {
        self.needs_card_on_field = true;
        self
    }
    pub fn spell_speed(&self) -> SpellSpeed {
        self.kind.spell_speed()
    }
}

/// A Special Summon procedure written on a monster (`special summon X` from the hand).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SummonRule {
    /// "If only your opponent controls a monster" (Cyber Dragon).
    OnlyOpponentControlsMonsters,
    /// Tribute monsters you control matching (Red-Eyes Darkness Dragon).
    Tribute { count: u8, filter: Filter },
    /// Banish one card from your GY for each filter (Black Luster Soldier - EotB).
    BanishFromGy(Vec<Filter>),
    /// Banish monsters you control matching (Vampire Genesis).
    BanishFromField { count: u8, filter: Filter },
}

/// Everything a card does beyond its printed stats.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Behavior {
    pub effects: Vec<EffectDecl>,
    /// Cannot be Normal Summoned/Set (must be Special Summoned by its own procedure).
    pub no_normal_summon: bool,
    /// Cannot be Special Summoned at all.
    pub no_special_summon: bool,
    /// The monster's own Special Summon procedure from the hand.
    pub summon_rule: Option<SummonRule>,
    /// Counts as 2 tributes for the Tribute Summon of a monster matching the filter.
    pub double_tribute_for: Option<Filter>,
    /// Tribute Summon with exactly this many tributes matching (Gilford, Victory Dragon);
    /// `only`: the only way to Normal Summon it.
    pub tribute_rule: Option<(u8, Filter, bool)>,
    /// Counter kinds this card's effects use (MISC-2: only these may be placed on it).
    pub counters: Vec<u8>,
    /// A win condition checked while the card is in the hand or face-up on the field
    /// (WIN-3; see `custom/`).
    pub wins: bool,
    /// The materials of a Fusion/Synchro/Xyz/Link monster (SUM-9..SUM-13; `extra.rs`).
    pub materials: Option<crate::extra::Materials>,
    /// A Fusion Substitute: may stand for one named Fusion Material (SUM-9).
    pub fusion_substitute: bool,
}

impl Behavior {
    /// A card with these effects (for a spell or trap, effect 0 is its activation).
    pub fn with(effects: Vec<EffectDecl>) -> Behavior {
        Behavior { effects, ..Behavior::default() }
    }

    /// Does the card use the escape hatch (`custom/`) anywhere? (STYLE 11: counted.)
    pub fn uses_custom(&self) -> bool {
        fn custom_cond(c: &Condition) -> bool {
            match c {
                Condition::Custom(_) => true,
                Condition::All(v) | Condition::Any(v) => v.iter().any(custom_cond),
                _ => false,
            }
        }
        self.wins || self.effects.iter().any(|e| custom_cond(&e.condition) || e.ops.iter().any(|o| matches!(o, Op::Custom(_))))
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
}
