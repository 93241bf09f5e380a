//! What a resolving effect does: [`Op`] steps run in order by the resolution machine
//! (`resolve/`), on the cards an [`Obj`] names. Branches have structure ([`Op::If`],
//! [`Op::MayDo`], [`Op::ChooseOne`]); an effect remembers cards across steps and turns
//! ([`Op::Remember`], [`Obj::Memory`]) and schedules steps for later ([`Op::Later`]).

use serde::{Deserialize, Serialize};

use super::custom::CustomStep;
use super::filter::{Cmp, Declare, Filter, Place, Who};
use super::modifier::{Counter, Duration, Modifier};
use super::num::Num;
use super::trigger::Condition;

/// A memory slot of a card's effects: cards remembered by [`Op::Remember`] ("the card
/// banished by this effect"), read back by [`Obj::Memory`] while they stay where the
/// effect left them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Mem(pub u8);

impl Mem {
    /// The slot the rules fill (SUM-2): the monsters Tributed for this card's Tribute Summon
    /// (or Tribute Set), remembered as they arrived in the GY; emptied when the card comes
    /// to the field again, so it names the Tributes of the summon that put it there ("the
    /// monster used for its Tribute Summon").
    pub const TRIBUTES: Mem = Mem(u8::MAX);
    /// The slot the rules fill (EFF-15): a Gemini monster remembers itself here when it is
    /// Gemini Summoned (Normal Summoned again while face-up on the field); the entry holds
    /// while it has not moved (MISC-8) and is removed when it is turned face-down.
    pub const GEMINI: Mem = Mem(u8::MAX - 1);
}

/// A set of cards an operation acts on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Obj {
    /// The card whose effect this is (while it stays where it was).
    This,
    /// Every bound target still valid (EFF-6).
    Targets,
    /// One target slot.
    Target(u8),
    /// The cards picked by the last `Choose`.
    Chosen,
    /// The cards the previous step affected (destroyed, sent, summoned, revealed, ...).
    Affected,
    /// The monster this card is equipped to.
    Equipped,
    /// The other card of the triggering event (the attacker, the summoned monster, the
    /// monster this card battled); every such card when several events started the same
    /// trigger (the cards discarded).
    EventCard,
    /// Every card in a place matching the filter, at resolution (non-targeting).
    All(Place, Filter),
    /// The top `n` cards of the players' Main Decks (top first).
    DeckTop(Who, u8),
    /// The cards of an object that match the filter ("the Level 4 or lower monsters among
    /// them").
    Filtered(Box<Obj>, Filter),
    /// The cards in a memory slot of this card, still where the effect left them.
    Memory(Mem),
    /// The cards of several objects together, each once ("that monster and this card",
    /// "every card in both hands and on the field"): one step acts on all of them at once.
    Union(Vec<Obj>),
    /// Every other card of the triggering event gathered before the trigger was activated
    /// (all the monsters a "when a monster(s) is Summoned" trigger saw summoned).
    EventCards,
    /// Excavation (EFF-12): the cards from the top of each named player's Main Deck down to
    /// the `count`th card matching the filter (the whole Deck when fewer match, nothing when
    /// the count is 0), top first; the count and the filter are read from each player's own
    /// side ("until they excavate as many monsters as they shuffled into their Deck").
    DeckTopUntil {
        /// The players whose Decks are excavated (the turn player first, EFF-12).
        who: Who,
        /// What the counted cards must match.
        filter: Filter,
        /// How many matching cards to excavate down to.
        count: Box<Num>,
    },
    /// The card a step is applying to now: in [`Op::Apply`], each card of its object in
    /// turn, the numbers of the modifier fixed for that card ("double the ATK of each
    /// Machine": each monster's own ATK). Nothing elsewhere.
    Each,
    /// The cards the chain link below the resolving one targets (while a link resolves, the
    /// link it was chained to; its bound targets still where they were when targeted): "that
    /// targeted monster" of a card activated in answer to a targeting effect.
    LinkBelowTargets,
}

/// The position a Special Summon uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SummonPos {
    /// The summoning player chooses face-up Attack or face-up Defense.
    FaceUp,
    /// Face-up Attack.
    Attack,
    /// Face-up Defense.
    Defense,
    /// Face-up Attack or face-down Defense (chosen).
    AttackOrSet,
    /// Face-down Defense (SUM-5: a Special Summon may place a monster face-down).
    FaceDownDefense,
}

/// Whose field a monster is Special Summoned to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    /// The effect's controller's.
    #[default]
    You,
    /// The card's owner's (each player summons their own cards: "Cyber Jar").
    Owner,
}

/// A battle-position change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PosChange {
    /// Attack <-> Defense (face-down Defense becomes face-up Attack).
    Toggle,
    /// To face-up Defense.
    FaceUpDefense,
    /// To face-up Attack.
    FaceUpAttack,
    /// To face-down Defense ("Book of Moon").
    FaceDownDefense,
    /// Face-down Defense to face-up Defense without flip effects activating: they do not
    /// count as "flipped" for FLIP (MISC-7, "Ceasefire").
    RevealDefense,
    /// Face-down in its battle position: face-up Attack becomes face-down Attack, face-up
    /// Defense face-down Defense (POS-1; the 2005 "Darkness Approaches").
    FaceDownInPlace,
}

/// An effect on a player, applied for a duration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayerEffect {
    /// Skip the next `n` Draw Phases (PHASE-8).
    SkipDraw(u8),
    /// Skip the next `n` Standby Phases.
    SkipStandby(u8),
    /// Skip the next `n` Battle Phases.
    SkipBattle(u8),
    /// Skip the next `n` Main Phase 1s (PHASE-8): the turn goes from the Standby Phase to
    /// the Battle Phase (to the End Phase when no Battle Phase can be conducted).
    SkipMain1(u8),
    /// Takes no battle damage this turn.
    NoBattleDamage,
    /// Cannot Summon monsters for the rest of this turn (Setting is not a Summon).
    NoSummonsThisTurn,
    /// Monsters this player controls cannot be destroyed by battle this turn.
    MonstersIndestructibleByBattle,
    /// Cannot activate cards or effects for the rest of this turn ("you cannot activate
    /// other cards or effects the turn you activate this effect", EFF-1).
    NoActivationsThisTurn,
    /// Takes no effect damage this turn (BATTLE-10: battle damage still applies).
    NoEffectDamage,
    /// Cannot Normal Summon or Set a monster for the rest of this turn (SUM-1).
    NoNormalSummonThisTurn,
    /// Cannot conduct the Battle Phase this turn ("you cannot conduct your Battle Phase the
    /// turn you activate this card": the card's activation condition asks for Main Phase 1).
    NoBattlePhaseThisTurn,
    /// PHASE-6: the hand size limit becomes `n` for the rest of the duel (the End Phase
    /// discard keeps `n` cards instead of 6).
    HandLimit(u8),
    /// TRAP-1's exception: may activate `n` Trap Cards from the hand for the rest of this
    /// turn (`u8::MAX`: any number), each placed face-up on the field as it is activated;
    /// the Trap's own activation timing and conditions still apply.
    TrapsFromHand(u8),
    /// PHASE-1's exception: this player's next Battle Phase is conducted twice. When that
    /// Battle Phase ends toward Main Phase 2, a second Battle Phase begins (ending it toward
    /// the End Phase declines the second); monsters may attack again in it as in a new
    /// Battle Phase.
    BattlePhaseTwice,
}

/// A moment a scheduled step waits for ([`Op::Later`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Moment {
    /// The End Phase of this turn ("until the End Phase").
    EndPhase,
    /// The end of the `n`th turn of either player, counting this one (0 and 1 both mean this turn).
    EndOfTurn(u8),
    /// The End Phase of the opponent's next turn ("during your opponent's next End Phase";
    /// today's "Sinister Serpent"). PHASE-1: this turn's, if it is the opponent's turn now, is
    /// not "next". Scheduled as that turn's [`Moment::EndPhase`].
    OpponentsNextEndPhase,
    /// The Standby Phase of the effect controller's next turn ("during your next Standby
    /// Phase"; PHASE-1: this turn's, if it is theirs, is not "next"). Scheduled as that
    /// turn's [`Moment::StandbyPhase`].
    YourNextStandbyPhase,
    /// The Standby Phase of the turn it was scheduled for.
    StandbyPhase,
    /// A sub-step of the Damage Step of the battle in progress when it was scheduled
    /// ("destroy the attacking monster after damage calculation" / "at the end of the Damage
    /// Step"; BATTLE-4). Kept for that battle only: dropped when its attack ends unrun.
    DamageStep(crate::types::DamageStep),
}

impl Moment {
    /// Is a step scheduled for this moment in turn `scheduled` due at `now` in turn `turn`?
    pub fn due(self, now: Moment, scheduled: u32, turn: u32) -> bool {
        match (self, now) {
            (Moment::EndPhase, Moment::EndPhase) | (Moment::StandbyPhase, Moment::StandbyPhase) => scheduled == turn,
            (Moment::EndOfTurn(n), Moment::EndOfTurn(_)) => scheduled + u32::from(n.max(1)) - 1 == turn,
            // For a battle moment, `scheduled` and `turn` count battles, not turns.
            (Moment::DamageStep(a), Moment::DamageStep(b)) => a == b && scheduled == turn,
            _ => false,
        }
    }
}

/// A test a branch asks ([`Op::If`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Test {
    /// The previous step affected at least one card, or the call was right ("if you do").
    Did,
    /// A condition on the duel holds now.
    Holds(Condition),
    /// Two numbers compare so ("if 2 or more coins came up heads").
    Compare(Num, Cmp, Num),
    /// A card the previous step affected matches ("if it was a Flip monster").
    AffectedIs(Filter),
}

/// One operation step of a resolving effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Op {
    /// `who` picks `min..=max` cards in the place matching (non-targeting, EFF-6). Picks
    /// nothing when none can be picked.
    Choose {
        /// The player who picks.
        who: Who,
        /// Where the cards are picked from.
        place: Place,
        /// What the picked cards must match.
        filter: Filter,
        /// The fewest cards to pick.
        min: u8,
        /// The most cards to pick.
        max: u8,
    },
    /// Picks `count` cards at random (MISC-6; as many as there are, if fewer).
    ChooseRandom {
        /// Where the cards are picked from.
        place: Place,
        /// What the picked cards must match.
        filter: Filter,
        /// How many cards to pick.
        count: Num,
    },
    /// Draw cards.
    Draw {
        /// The players who draw.
        who: Who,
        /// How many cards each draws.
        count: Num,
    },
    /// Destroy the cards (MISC-4), sent where [`DestroyTo`] says (the GY, unless the text
    /// sends them elsewhere instead).
    Destroy(Obj, DestroyTo),
    /// Send the cards to the GY.
    SendToGy(Obj),
    /// Tribute by an effect (a step, not a cost): the player `who` names (`Who::Opponent`
    /// the controller's opponent, otherwise the controller) picks `count` monsters they may
    /// Tribute (their own, and those they may Tribute as though they controlled them; not
    /// those that cannot be Tributed), fewer if they have fewer, and sends them to the GY as
    /// Tributed ("make your opponent Tribute 1 monster").
    Tribute {
        /// Who Tributes.
        who: Who,
        /// How many monsters.
        count: u8,
    },
    /// Discard the cards (MISC-4).
    Discard(Obj),
    /// Banish the cards (face-down when asked: ZONE-6).
    Banish {
        /// The cards to banish.
        what: Obj,
        /// Banish them face-down (ZONE-6).
        face_down: bool,
    },
    /// Add the cards to their owner's hand.
    ToHand(Obj),
    /// To the owner's Deck: shuffled, or on top.
    ToDeck {
        /// The cards to return to the Deck.
        what: Obj,
        /// Place them on top of the Deck instead of shuffling it in.
        top: bool,
    },
    /// Shuffle the cards face-up into a player's Deck (`whose`, from the effect controller's
    /// side; the first player it names): there they stay face-up, so known to both players
    /// (MISC-7), until they leave the Deck. A card already in that Deck (its top card) is
    /// turned face-up where it is, then the Deck is shuffled.
    ShuffleFaceUpIntoDeck {
        /// The cards to shuffle in.
        what: Obj,
        /// Whose Deck they go to.
        whose: Who,
        /// When drawn while still face-up in that Deck, each is sent to the GY at once (no
        /// chain: the draw happens, then the card goes; "Grave Lure").
        gy_when_drawn: bool,
    },
    /// Special Summon (SUM-5, SUM-7), to the controller's side or each card's owner's.
    SpecialSummon {
        /// The monsters to Special Summon.
        what: Obj,
        /// The position they are summoned in.
        pos: SummonPos,
        /// Whose field they are summoned to.
        side: Side,
    },
    /// Change battle positions.
    ChangePosition {
        /// The monsters whose positions change.
        what: Obj,
        /// The change made.
        to: PosChange,
    },
    /// Equip this (Equip Spell) card to the (single) card.
    EquipTo(Obj),
    /// The card of `what` becomes an Equip Card equipped to the card of `to`, placed in the
    /// controller's S/T zone; `grants` applies to the equipped monster while it stays
    /// equipped (its numbers fixed now). A card of `what` that is already an Equip Card on
    /// the field moves instead: it becomes equipped to that monster, staying in its zone
    /// (what it gives follows it; `grants` is not read for it), and is destroyed by rule if
    /// that monster is not a correct target for it (SPELL-4,
    /// [`crate::effect::Relation::CorrectEquipTargetFor`]): "equip that Equip Card to another
    /// monster".
    EquipAsCard {
        /// The card that becomes an Equip Card.
        what: Obj,
        /// The monster it is equipped to.
        to: Obj,
        /// The effect it gives the equipped monster, if any.
        grants: Option<Modifier>,
    },
    /// Control changes of the cards ([`ControlChange`]: taken for a while, or swapped).
    Control {
        /// The cards whose control changes.
        what: Obj,
        /// How it changes.
        how: ControlChange,
    },
    /// The controller takes no battle damage from the current battle.
    NoBattleDamage,
    /// A continuous effect on the cards for a while (its numbers fixed now).
    Apply {
        /// The cards the effect applies to.
        what: Obj,
        /// The continuous effect.
        modifier: Modifier,
        /// How long it lasts.
        until: Duration,
    },
    /// A rule that applies on its own (not to given cards) for a while.
    ApplyRule {
        /// The continuous effect.
        modifier: Modifier,
        /// How long it lasts.
        until: Duration,
    },
    /// An effect on players.
    ApplyPlayer {
        /// The players the effect applies to.
        who: Who,
        /// The effect.
        effect: PlayerEffect,
    },
    /// The players given cannot activate cards or effects with the names of the cards of
    /// the object for a while: the rest of this turn ("Sangan"), or the rest of the duel
    /// (`Duration::Permanent`: "for the rest of this Duel").
    ForbidNames {
        /// The players who cannot activate them.
        who: Who,
        /// The cards whose names cannot be activated.
        names: Obj,
        /// How long the ban lasts.
        until: Duration,
    },
    /// The monsters can attack once more this turn.
    ExtraAttack(Obj),
    /// A second attack in a row, on one monster (BATTLE-2): this card (on the field) may
    /// attack once more this turn, only the first of these monsters still on the opponent's
    /// field, and before any other attack is declared ("this card can make a second attack
    /// in a row, on that monster"). The attack is lost if either monster leaves the field.
    AttackAgainOn(Obj),
    /// Set the cards (spells and traps from the hand) face-down in the controller's zones.
    Set(Obj),
    /// This Normal Spell/Trap stays on the field after it resolves ("this card stays on the
    /// field").
    StayOnField,
    /// Shuffle Main Decks.
    ShuffleDeck(Who),
    /// Reveal the cards to the opponent (MISC-7).
    Reveal(Obj),
    /// The controller calls heads or tails and a coin is tossed (MISC-6); "did" when the
    /// call was right.
    CallCoin,
    /// Toss `n` coins (MISC-6); [`Num::Heads`] counts the heads.
    TossCoins(u8),
    /// Place counters (MISC-2): only on cards whose behaviour lists that kind, never above
    /// `max`.
    AddCounters {
        /// The cards the counters are placed on.
        what: Obj,
        /// The kind of counter.
        kind: Counter,
        /// How many counters to place on each card (fewer when `max` would be passed): a
        /// number ("1 for each card discarded": `Num::Cost(CostStat::Cards)`).
        count: Num,
        /// The most counters of this kind a card can hold, if there is a limit.
        max: Option<u8>,
    },
    /// Remove every counter of a kind from the cards (MISC-2): "remove all Wedge Counters from
    /// your opponent's monsters", "remove all Spell Counters on the field". `Obj::Affected`
    /// names the cards that held some.
    RemoveCounters {
        /// The cards the counters are removed from.
        what: Obj,
        /// The kind of counter.
        kind: Counter,
    },
    /// Advance the turn count: each card of the object counts one more turn in its effects
    /// that count turns ([`Condition::TurnsSince`], [`Num::TurnsSince`]), as if one more of
    /// the turns they count had passed ("its 3rd turn" comes a turn early), until it moves.
    /// `Obj::Affected` names them.
    AdvanceTurnCount(Obj),
    /// Take cards into the effect controller's hand for the rest of the turn, whoever owns
    /// them (a card of the opponent's GY): they are that player's to play as their own.
    /// Activating one (from the hand, or Set) deals `use_damage` to its player, once, as it
    /// is activated (damage, not a cost). At the end of the turn each one still in that
    /// player's hand, or Set face-down on their field, goes to its owner's GY; one activated
    /// and still on the field (a Continuous Spell) stays. They are revealed as they come
    /// (public: they came from a GY). `Obj::Affected` names them.
    BorrowToHand {
        /// The cards taken.
        what: Obj,
        /// The damage their player takes for activating one.
        use_damage: i32,
    },
    /// Remember the cards of the object in a memory slot of this card (replacing what it
    /// held).
    Remember {
        /// The cards to remember.
        what: Obj,
        /// The memory slot they are stored in.
        slot: Mem,
    },
    /// Run the steps at a later moment of the duel, as this effect (not a chain link); their
    /// `Obj::Affected` starts as the cards the step before this one affected, while they
    /// stay where they were ("return it to the Extra Deck at the end of the turn").
    Later {
        /// When the steps run.
        at: Moment,
        /// The steps to run then.
        ops: Vec<Op>,
    },
    /// "If ...: ... otherwise ...".
    If {
        /// What decides the branch.
        test: Test,
        /// The steps run when the test passes.
        then: Vec<Op>,
        /// The steps run when it fails.
        otherwise: Vec<Op>,
    },
    /// "You can ...": the controller decides, then the steps run.
    MayDo(Vec<Op>),
    /// "Choose 1 of these effects": the controller picks one branch (by its position,
    /// answered as `announce N`, 1-based) among those whose first step could do anything.
    ChooseOne(Vec<Vec<Op>>),
    /// A step the card brings in Rust (see [`CustomStep`]).
    Custom(CustomStep),
    /// A Ritual or Fusion Summon step (SUM-8, SUM-9; see `extra.rs`).
    Extra(crate::extra::ExtraOp),
    /// The player wins the duel (WIN-3, "Final Countdown"); with `Who::Both`, a draw.
    Win(Who),
    /// A battle inside this resolution: the (turn player's) monster of `attacker` battles the
    /// opponent's monster of `target` at once: a face-down target is turned face-up, damage
    /// is calculated (BATTLE-5, BATTLE-6; none when `no_damage`) and the monsters destroyed
    /// by it go to the GY; no Damage Step windows open.
    BattleNow {
        /// The monster that attacks.
        attacker: Obj,
        /// The monster it battles.
        target: Obj,
        /// Calculate no damage from this battle.
        no_damage: bool,
    },
    /// Zones that cannot be used: the controller chooses `count` (or as many as there are)
    /// unused Main Monster Zones of the player `who` names; they cannot be used while this
    /// card stays face-up on the field ([`crate::effect::PlayerAct::UseZones`]; "Ojama King").
    LockZones {
        /// The player whose zones are locked.
        who: Who,
        /// How many zones to lock.
        count: u8,
    },
    /// Excavate until: the top cards of each named player's Main Deck are revealed one by one
    /// until one matches the filter or the Deck runs out (EFF-12: the turn player first); they
    /// stay in the Deck. `Obj::Affected` names every excavated card, `Obj::Chosen` the
    /// matching one(s) ("Reasoning", "Monster Gate", "Magical Merchant").
    ExcavateUntil {
        /// The players whose Decks are excavated (the turn player first, EFF-12).
        who: Who,
        /// What the card that stops the excavation must match.
        filter: Filter,
    },
    /// A player (`Who::You`: the controller; [`Op::declare`]) declares a value (a card name,
    /// a type, ...; [`Filter::Declared`]); a second declaration in the same resolution adds to
    /// the first ("a Type and an Attribute"; "your opponent declares a Level": "Reasoning").
    DeclareBy(Who, Declare),
    /// A player picks one of the values declared so far in this resolution; only that one
    /// stays declared ("declare 2 Attributes; your opponent selects 1 of them").
    PickDeclared(Who),
    /// Negation by a resolving effect ([`NegateWhat`]: an activation, an effect, a summon).
    Negate(NegateWhat),
    /// The course of the turn changed by a resolving effect ([`Course`]).
    Course(Course),
    /// A summon other than the plain Special Summon ([`SummonStep`]: pointed zones, a return, a trap as a monster, tokens, a Normal Summon now).
    Summon(SummonStep),
    /// Life points changed by a resolving effect ([`LpStep`]: damage, gains, payments, exchanges).
    Lp(LpStep),
    /// A new target for the previous chain link (EFF-6): its one target is replaced by the
    /// (first) card of the object, which must be a correct target of that link
    /// ([`crate::effect::Capability::NewTarget`]); the link then resolves on the new card
    /// ("that Spell now targets the new target": "Shift", "Fairy's Hand Mirror").
    Retarget(Obj),
    /// The effect controller uses the (first) card of the object, a Spell in a GY (the
    /// opponent's too), as their own: it is placed face-up on their field (a free Spell &
    /// Trap Zone, or the Field Zone), under their control; the targets of its activation
    /// effect (each group) are chosen now, by them, and this resolution goes on as that
    /// effect's (not a new chain link, no cost paid). As the chain ends a Normal or
    /// Quick-Play Spell goes to its owner's GY; a Continuous, Field or Equip Spell stays as
    /// if activated. Does nothing if the card left the GY or no zone is free.
    UseAsOwn(Obj),
    /// The cards of the object, face-down monsters of one player's Monster Zones, are dealt
    /// again among the zones they hold by the duel's random source, so that no player can
    /// tell which card went where (one `Event::MonstersShuffled`, no move of a card is
    /// shown). Face-up cards of the object, and cards off the field, stay where they are.
    ShuffleMonsterZones(Obj),
}

/// How an [`Op::Control`] changes the control of its cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ControlChange {
    /// The controller takes control of them (until the End Phase or permanently).
    Take(Duration),
    /// The (first) card changes control with the (first) card of this object.
    SwapWith(Obj),
}

/// Where the cards an [`Op::Destroy`] destroys go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DestroyTo {
    /// The GY (a plain destruction).
    Gy,
    /// Banished instead of sent to the GY ("destroy it and banish it").
    Banished,
    /// On top of their owner's Deck instead of the GY ("Mystic Swordsman LV6").
    DeckTop,
}

impl Op {
    /// Take control of the cards (until the End Phase or permanently).
    pub fn take_control(what: Obj, until: Duration) -> Op {
        Op::Control { what, how: ControlChange::Take(until) }
    }
    /// The card of each object changes control with the other.
    pub fn swap_control(a: Obj, b: Obj) -> Op {
        Op::Control { what: a, how: ControlChange::SwapWith(b) }
    }
    /// Destroy the cards (to the GY).
    pub fn destroy(what: Obj) -> Op {
        Op::Destroy(what, DestroyTo::Gy)
    }
    /// Destroy the cards and banish them instead of sending them to the GY.
    pub fn destroy_and_banish(what: Obj) -> Op {
        Op::Destroy(what, DestroyTo::Banished)
    }
    /// Destroy the cards and place them on top of their owner's Deck instead of the GY.
    pub fn destroy_to_deck_top(what: Obj) -> Op {
        Op::Destroy(what, DestroyTo::DeckTop)
    }
    /// The controller declares a value ([`Op::DeclareBy`] for `Who::You`).
    pub fn declare(kind: Declare) -> Op {
        Op::DeclareBy(Who::You, kind)
    }
    /// "If you do": the steps run only if the previous one affected a card.
    pub fn if_did(then: Vec<Op>) -> Op {
        Op::If { test: Test::Did, then, otherwise: Vec::new() }
    }
    /// Run the steps only if the condition holds at resolution.
    pub fn only_if(cond: Condition, then: Vec<Op>) -> Op {
        Op::If { test: Test::Holds(cond), then, otherwise: Vec::new() }
    }
    /// A Special Summon to the controller's side.
    pub fn special_summon(what: Obj, pos: SummonPos) -> Op {
        Op::SpecialSummon { what, pos, side: Side::You }
    }

    /// Branch `i` of a branching step (for `If`: 0 = then, 1 = otherwise).
    pub fn branch(&self, i: usize) -> Option<&[Op]> {
        match self {
            Op::If { then, otherwise, .. } => match i {
                0 => Some(then),
                1 => Some(otherwise),
                _ => None,
            },
            Op::MayDo(v) | Op::Later { ops: v, .. } => (i == 0).then_some(v.as_slice()),
            Op::ChooseOne(v) => v.get(i).map(|b| b.as_slice()),
            _ => None,
        }
    }

    /// Does this step branch (so the steps after it may never run)?
    pub fn is_branch(&self) -> bool {
        matches!(self, Op::If { .. } | Op::MayDo(_) | Op::ChooseOne(_) | Op::CallCoin | Op::Later { .. })
    }

    /// Visits this step and every step nested in it.
    pub fn visit<'a>(&'a self, f: &mut dyn FnMut(&'a Op)) {
        f(self);
        let mut i = 0;
        while let Some(b) = self.branch(i) {
            for o in b {
                o.visit(f);
            }
            i += 1;
        }
    }
}

/// What an [`Op::Negate`] negates.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NegateWhat {
    /// Negate the activation of the previous chain link; destroy that card if `destroy`.
    Activation {
        /// Also destroy the negated card.
        destroy: bool,
    },
    /// Negate the effect of the previous chain link; destroy that card if `destroy`.
    Effect {
        /// Also destroy the card whose effect was negated.
        destroy: bool,
    },
    /// Negate the summon in progress; the monster is destroyed (SUM-3).
    Summon,
    /// The effect damage the previous chain link would inflict to this effect's controller
    /// is not taken; with `redirect`, the controller's opponent takes it instead ("your
    /// opponent takes the damage instead": "Barrel Behind the Door"; "negate the effect
    /// damage you receive": "Trap of Board Eraser"). The rest of that link's effect applies.
    Damage {
        /// The controller's opponent takes the damage instead.
        redirect: bool,
    },
    /// The cards the previous chain link draws are sent to the GY (discarded) as it draws
    /// them, shown to both players; the draw itself happens ("Muko").
    DrawsToGy,
}

impl Op {
    /// `Negate` with [`NegateWhat::Activation`].
    pub fn negate_activation(destroy: bool) -> Op {
        Op::Negate(NegateWhat::Activation { destroy })
    }
    /// `Negate` with [`NegateWhat::Effect`].
    pub fn negate_effect(destroy: bool) -> Op {
        Op::Negate(NegateWhat::Effect { destroy })
    }
    /// `Negate` with [`NegateWhat::Summon`].
    pub fn negate_summon() -> Op {
        Op::Negate(NegateWhat::Summon)
    }
}

/// How an [`Op::Course`] changes the course of the turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Course {
    /// Negate the current attack.
    NegateAttack,
    /// End the Battle Phase.
    EndBattlePhase,
    /// Ending the turn's phases: once the current chain has resolved, the turn goes to its
    /// End Phase (PHASE-1; "it becomes the End Phase": "Neko Mane King").
    SkipToEndPhase,
    /// The current attack becomes an attack on the (first) monster of the object (BATTLE-2:
    /// a monster of the attacked player that could be attacked), without a new declaration
    /// ("that attack now targets the new target": "Shift", "Staunch Defender").
    RedirectAttack(Obj),
    /// After the current attack was negated ([`Course::NegateAttack`]), the (first) monster
    /// of the object, controlled by the attacking player, attacks the same target instead,
    /// if it can attack; that counts as its attack ("negate that attack, and that monster
    /// attacks instead": "Dark Spirit of the Silent").
    NewAttacker(Obj),
}

impl Op {
    /// `Course` with [`Course::NegateAttack`].
    pub fn negate_attack() -> Op {
        Op::Course(Course::NegateAttack)
    }
    /// `Course` with [`Course::EndBattlePhase`].
    pub fn end_battle_phase() -> Op {
        Op::Course(Course::EndBattlePhase)
    }
    /// `Course` with [`Course::SkipToEndPhase`].
    pub fn skip_to_end_phase() -> Op {
        Op::Course(Course::SkipToEndPhase)
    }
}

/// The summons of an [`Op::Summon`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SummonStep {
    /// Special Summon to a zone of the controller that this Link card points to.
    Pointed {
        /// The monsters to Special Summon.
        what: Obj,
        /// The position they are summoned in.
        pos: SummonPos,
    },
    /// Return banished monsters to the field in the position they left it ("banish it
    /// until the End Phase").
    ReturnToField(Obj),
    /// This trap card is Special Summoned as a monster with its printed stats; it keeps its
    /// S/T zone occupied and is still a trap (TRAP-5).
    SelfAsMonster {
        /// The position the trap is summoned in.
        pos: SummonPos,
    },
    /// Cards that are not monsters (Spells and Traps, from the Deck or hand) are Special
    /// Summoned in face-down Defense Position under the controller's control as Normal
    /// Monsters with no Level, Type or Attribute and this ATK and DEF; they are monsters only
    /// (no longer Spells or Traps) while they stay in the Monster Zone. `battle_only`: they
    /// cannot stay on the field past this Battle Phase, and are destroyed as it ends (at the
    /// start of its End Step, or as the phase ends otherwise). `Obj::Affected` names them
    /// afterwards.
    AsNormalMonsters {
        /// The cards to summon.
        what: Obj,
        /// Their ATK as monsters.
        atk: i32,
        /// Their DEF as monsters.
        def: i32,
        /// Destroyed at the end of this Battle Phase.
        battle_only: bool,
    },
    /// Create `count` tokens of the card `code` and Special Summon them under the
    /// controller's control (MISC-1; `Obj::Affected` names them afterwards).
    Tokens {
        /// The card code of the token.
        code: u32,
        /// How many tokens to summon.
        count: u8,
        /// The position they are summoned in.
        pos: SummonPos,
        /// Copy tokens: each takes the Level, Attribute, Type, ATK and DEF that the first
        /// card of this object has when they are summoned (fixed then; none are summoned if
        /// that card is gone): "a token with the same Level, Type, Attribute, ATK and DEF as
        /// that monster".
        #[serde(default)]
        like: Option<Obj>,
    },
    /// Tokens for a player: `count` tokens of the card `code` are created for `who` (their
    /// owner and controller) and Special Summoned to their field (MISC-1; `Obj::Affected`
    /// names them afterwards). `SummonTokens` is this for the controller.
    TokensFor {
        /// The player who gets the tokens (from the controller's side).
        who: Who,
        /// The card code of the token.
        code: u32,
        /// How many tokens to summon.
        count: u8,
        /// The position they are summoned in.
        pos: SummonPos,
    },
    /// The controller may Normal Summon or Set 1 monster matching the filter right after
    /// this effect resolves (beyond the one of the turn).
    NormalNow(Filter),
}

impl Op {
    /// `Summon` with [`SummonStep::Pointed`].
    pub fn special_summon_pointed(what: Obj, pos: SummonPos) -> Op {
        Op::Summon(SummonStep::Pointed { what, pos })
    }
    /// `Summon` with [`SummonStep::ReturnToField`].
    pub fn return_to_field(a0: Obj) -> Op {
        Op::Summon(SummonStep::ReturnToField(a0))
    }
    /// `Summon` with [`SummonStep::SelfAsMonster`].
    pub fn summon_self_as_monster(pos: SummonPos) -> Op {
        Op::Summon(SummonStep::SelfAsMonster { pos })
    }
    /// `Summon` with [`SummonStep::Tokens`].
    pub fn summon_tokens(code: u32, count: u8, pos: SummonPos) -> Op {
        Op::Summon(SummonStep::Tokens { code, count, pos, like: None })
    }
    /// `Summon` with [`SummonStep::TokensFor`].
    pub fn summon_tokens_for(who: Who, code: u32, count: u8, pos: SummonPos) -> Op {
        Op::Summon(SummonStep::TokensFor { who, code, count, pos })
    }
    /// `Summon` with [`SummonStep::NormalNow`].
    pub fn normal_summon_now(a0: Filter) -> Op {
        Op::Summon(SummonStep::NormalNow(a0))
    }
}

/// The LP changes of an [`Op::Lp`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LpStep {
    /// Inflict effect damage.
    Damage {
        /// The players who take the damage.
        who: Who,
        /// The damage each takes.
        amount: Num,
    },
    /// Gain LP.
    Gain {
        /// The players who gain LP.
        who: Who,
        /// How many LP each gains.
        amount: Num,
    },
    /// LP become this.
    Set {
        /// The players whose LP change.
        who: Who,
        /// The LP each has afterwards.
        amount: Num,
    },
    /// Inflict effect damage to the controller of each card of the object (once per
    /// player: "its controller takes 500 damage").
    DamageController {
        /// The cards whose controllers take the damage.
        of: Obj,
        /// The damage each controller takes.
        amount: Num,
    },
    /// Paying LP inside a resolution (a maintenance cost: "pay 100 LP or destroy this
    /// card"): not possible with fewer LP, so a [`Op::ChooseOne`] branch starting with it
    /// is closed then (EFF-5: a payment, not damage).
    Pay(Num),
    /// LP exchange: the two players exchange their current LP ("Reversal Quiz").
    Exchange,
}

impl Op {
    /// `Lp` with [`LpStep::Damage`].
    pub fn damage(who: Who, amount: Num) -> Op {
        Op::Lp(LpStep::Damage { who, amount })
    }
    /// `Lp` with [`LpStep::Gain`].
    pub fn gain_lp(who: Who, amount: Num) -> Op {
        Op::Lp(LpStep::Gain { who, amount })
    }
    /// `Lp` with [`LpStep::Set`].
    pub fn set_lp(who: Who, amount: Num) -> Op {
        Op::Lp(LpStep::Set { who, amount })
    }
    /// `Lp` with [`LpStep::DamageController`].
    pub fn damage_controller(of: Obj, amount: Num) -> Op {
        Op::Lp(LpStep::DamageController { of, amount })
    }
    /// `Lp` with [`LpStep::Pay`].
    pub fn pay_lp(a0: Num) -> Op {
        Op::Lp(LpStep::Pay(a0))
    }
    /// `Lp` with [`LpStep::Exchange`].
    pub fn exchange_lp() -> Op {
        Op::Lp(LpStep::Exchange)
    }
}
