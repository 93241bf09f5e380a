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
    /// A monster was summoned in one of these ways: this card (`Subject::This`), or any
    /// monster matching the filter (`Subject::Any`: the card must be face-up on the field, or
    /// in the place its range says; it may be one of them; every monster so summoned before
    /// the trigger is activated is an event card, [`crate::effect::Obj::EventCards`]: "when a
    /// monster(s) is Summoned: destroy them").
    Summoned {
        /// By a Normal Summon.
        normal: bool,
        /// By a Flip Summon.
        flip: bool,
        /// By a Special Summon.
        special: bool,
        /// Which monsters.
        of: Subject,
    },
    /// This card was sent to the GY; `from` lists the places it may have come from (empty:
    /// any); `cause` what must have sent it.
    SentToGy {
        /// The zones it may have come from (empty: any).
        from: Vec<Zone>,
        /// What must have sent it.
        cause: Cause,
    },
    /// This card was destroyed by battle and sent to the GY.
    DestroyedByBattle,
    /// This card was destroyed (any way) and sent to the GY.
    Destroyed {
        /// What must have destroyed it.
        cause: Cause,
    },
    /// A card went from the field to the hand: this card (`Subject::This`), or another card
    /// matching the filter that you controlled, returned to your hand by an opponent's card
    /// effect (`Subject::Any`; the event card is that card).
    ReturnedToHand(Subject),
    /// A phase of this turn begins; `Who::You` = the effect controller's turn.
    Phase {
        /// The phase.
        phase: Phase,
        /// Whose turn it must be (from the effect controller's side).
        whose: Who,
    },
    /// Any monster matching the filter was Special Summoned (the card must be face-up on
    /// the field, or in the place its range says; the event card is that monster).
    AnySpecialSummoned(Filter),
    /// A card matching the filter left the field: this card itself (wherever it went), or
    /// another card while this one is face-up on the field ("Destiny Board").
    LeftField(Filter),
    /// A position change (POS-1): this card was changed from Attack Position to face-up
    /// Defense Position, by any means ("Blade Rabbit", "Dream Clown").
    ChangedToDefense,
    /// Damage taken ([`DamageTaken`]: battle damage a monster inflicted, or effect damage a
    /// player took).
    Damage(DamageTaken),
    /// Draws: `whose` (from this card's controller's side) drew one or more cards (one
    /// trigger per draw, MISC-5), while this card is in its range.
    Drew(Who),
    /// Discards: one or more cards matching the filter were discarded from the hand to the
    /// GY (MISC-4), while this card is in its range; the event cards are those discarded
    /// (one trigger for the cards of one happening).
    AnyDiscarded(Filter),
    /// A moment of a battle this card is in ([`BattleMoment`]), or of the Battle Phase.
    Battle(BattleMoment),
    /// An Equip Card matching the filter was equipped to this face-up monster (SPELL-4), by
    /// either player; the event card is that Equip Card ("when an Equip Card is equipped to
    /// this card").
    Equipped(Filter),
    /// An activation (CHAIN-1): a Spell or Trap Card was activated, or a monster's effect was
    /// activated, by a card matching the filter, while this card is where its range says
    /// (the effects of a Spell or Trap already face-up are not the activation of a card);
    /// the event card is the activated card. Its trigger goes on the chain in the response
    /// window of that activation: "each time a Spell/Trap Card or monster effect is
    /// activated, ...".
    Activation(Filter),
    /// This card moved from one of the zones `from` (empty: any) to the zone `to`, by
    /// `cause` (a draw is not "added by a card effect"): "if this card is added from your
    /// Deck to your hand by a card effect", "if this face-up card is returned from the field
    /// to your Deck" (with a `WasFaceUp` condition).
    Moved {
        /// The zones it may have come from (empty: any).
        from: Vec<Zone>,
        /// The zone it went to.
        to: Zone,
        /// What must have moved it.
        cause: Cause,
    },
}

/// The damage a [`Trigger::Damage`] watches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DamageTaken {
    /// Battle damage: this card (`Subject::This`) inflicted battle damage to the opponent
    /// (`direct`: by a direct attack), or any monster matching the filter (`Subject::Any`)
    /// inflicted battle damage to this card's controller's opponent (BATTLE-10), while this
    /// card is in its range (the event card is that monster).
    Battle {
        /// Only when it attacked directly.
        direct: bool,
        /// Which monsters.
        of: Subject,
    },
    /// Effect damage: a player (`who`, from this card's controller's side) took damage from
    /// the effect of a card matching `by`, while this card is where its range says (the event
    /// card is that card: "each time your opponent takes effect damage, except from ...").
    Effect {
        /// The player who took the damage (from this card's controller's side).
        who: Who,
        /// The cards whose effects must have dealt it.
        by: Filter,
    },
    /// Battle or effect damage: a player (`who`, from this card's controller's side) took
    /// damage from a card matching `by` (the monster whose battle dealt it, or the card whose
    /// effect did), while this card is where its range says; the event card is that card,
    /// and [`crate::effect::Num::EventDamage`] reads the amount ("when you take damage from a
    /// card your opponent controls": "Gorz the Emissary of Darkness").
    Took {
        /// The player who took the damage (from this card's controller's side).
        who: Who,
        /// The cards that must have dealt it.
        by: Filter,
    },
}

impl Trigger {
    /// `Damage` with [`DamageTaken::Battle`].
    pub fn dealt_battle_damage(direct: bool, of: Subject) -> Trigger {
        Trigger::Damage(DamageTaken::Battle { direct, of })
    }
    /// `Damage` with [`DamageTaken::Effect`].
    pub fn effect_damage(who: Who, by: Filter) -> Trigger {
        Trigger::Damage(DamageTaken::Effect { who, by })
    }
}

/// Whose happening a trigger watches: this card's own, or any card's matching a filter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Subject {
    /// This card.
    This,
    /// Any card matching the filter (seen from this card's controller).
    Any(Filter),
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
    /// A monster matching the filter has just declared an attack (the attack-declaration
    /// window).
    AttackDeclared(Filter),
    /// A monster matching the filter was just summoned in one of these ways.
    JustSummoned {
        /// By a Normal Summon.
        normal: bool,
        /// By a Flip Summon.
        flip: bool,
        /// By a Special Summon.
        special: bool,
        /// What the summoned monster must match.
        filter: Filter,
    },
    /// Cards matching the filter exist in the place (at least `count`).
    Exists {
        /// Where to look (from the controller's side).
        place: Place,
        /// What the cards must match.
        filter: Filter,
        /// The fewest matching cards needed.
        count: u8,
    },
    /// No card matches in the place.
    NoneIn {
        /// Where to look (from the controller's side).
        place: Place,
        /// What no card there may match.
        filter: Filter,
    },
    /// The controller has at least this many free Main Monster Zones.
    FreeMonsterZones(u8),
    /// The controller has at least this many free Spell & Trap Zones.
    FreeSpellZones(u8),
    /// Linked zones (ZONE-3): this Link monster points to a free Main Monster Zone of its
    /// controller ("Link Spider").
    FreeLinkedZone,
    /// This card was Normal Summoned or flipped face-up this turn (Spirit returns, EFF-15).
    SummonedOrFlippedThisTurn,
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
    TurnsSince {
        /// The turn the count starts after.
        anchor: Anchor,
        /// Whose turns are counted (from the controller's side).
        whose: Who,
        /// Which such turn it must be.
        n: u8,
    },
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
    /// The chain's last link answers this question ([`LinkFact`]).
    ChainTop(LinkFact),
    /// A fact of the current battle about this card ([`BattleFact`]).
    Battled(BattleFact),
    /// The time of the duel ([`Timing`]: whose turn, which phase or step).
    Timing(Timing),
    /// A summon is about to happen (the SUM-3 negation windows; [`PendingSummon`]).
    Pending(PendingSummon),
    /// Its player has not yet done this this turn ([`PlayerDid`]: "you cannot ... the turn you activate this card").
    NotYetThisTurn(PlayerDid),
    /// Damage was just taken (the latest happening, BATTLE-10): `who` (from the controller's
    /// side) took at least `min` damage in one go, battle damage only when `battle_only`
    /// ("when you take damage": "Numinous Healer"; "when you take 3000 or more battle
    /// damage": "Inferno Tempest").
    TookDamage {
        /// The player who took it (from the controller's side).
        who: Who,
        /// Only battle damage counts.
        battle_only: bool,
        /// The least damage that counts.
        min: i32,
    },
    /// A position change just happened (the latest happening, POS-1): a face-up Attack
    /// Position monster matching the filter (read now) was changed to face-up Defense
    /// Position, by any means ("when a face-up Attack Position monster your opponent
    /// controls is changed to face-up Defense Position": "Tragedy").
    ChangedToDefense(Filter),
    /// An equip just happened (the latest happening, SPELL-4): an Equip Card matching the
    /// filter (read now, still equipped there) was equipped to a monster, by either player,
    /// whatever equipped it: an Equip Spell resolving, a card becoming an Equip Card, an
    /// Equip Card moved to another monster ("when a monster is equipped with an Equip Card":
    /// "Armored Glass").
    JustEquipped(Filter),
    /// Cards just moved (the latest happening): a card that moved in it is now in the place
    /// (from the controller's side) and matches the filter ("when 1 or more of your monsters
    /// are returned from the field to your hand by your opponent's card effect": "Major
    /// Riot").
    JustMoved {
        /// Where the card must be now.
        to: Place,
        /// What it must match there.
        filter: Filter,
    },
}

impl Condition {
    /// Does the condition (anywhere inside) ask for the SUM-3 negation window?
    pub fn mentions_summon_pending(&self) -> bool {
        match self {
            Condition::Pending(crate::effect::PendingSummon::Summon) | Condition::Pending(crate::effect::PendingSummon::SpecialSummon) => true,
            Condition::All(v) | Condition::Any(v) => v.iter().any(Condition::mentions_summon_pending),
            Condition::Not(c) => c.mentions_summon_pending(),
            _ => false,
        }
    }
}

/// A question about the chain's last link ([`Condition::ChainTop`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LinkFact {
    /// "When a card matching the filter is activated": the chain's last link is the
    /// activation of such a card (spell/trap activations only).
    Activates(Filter),
    /// The chain's last link is any activated card or effect matching (monster effects too).
    Is(Filter),
    /// The chain's last link targets a card matching the filter (still where it was).
    Targets(Filter),
    /// The chain's last link targets only cards matching the filter (at least one, all of
    /// them still where they were: "a Spell Card that targets this card and no other", EFF-6).
    TargetsOnly(Filter),
    /// The chain's last link would destroy a card ("a card or effect that would destroy a
    /// card is activated").
    Destroys,
    /// The chain's last link would destroy a card matching the filter: a destroy step's
    /// bound targets, or the cards its "every card ..." object names now ("an effect that
    /// would destroy a Trap Card you control").
    WouldDestroy(Filter),
    /// The chain's last link would destroy at least this many cards matching the filter
    /// ("a card or effect that would destroy 2 or more cards you control"): its destroy
    /// steps' bound targets and the cards its "every card ..." objects name now, each counted
    /// once, plus, for cards it chooses on resolution, as many of the cards its last `Choose`
    /// reads as that choice may take.
    WouldDestroyAtLeast(Filter, u8),
    /// The chain's last link is an effect that Special Summons (SUM-14: "an effect that
    /// Special Summons a monster").
    SpecialSummons,
    /// The chain's last link would inflict effect damage to the player named (from the
    /// asking card's controller's side): one of its steps (branches included) inflicts
    /// damage to that player, or to the controller of a card of its object that they
    /// control now ("an effect that would inflict damage to you is activated").
    WouldDamage(Who),
    /// The chain's last link is an effect that draws cards ("when an effect that draws
    /// cards is activated": "Muko").
    Draws,
    /// The chain's last link is a monster's trigger effect started by a monster's Summon of
    /// these kinds ("a monster effect that activates when a monster is Normal Summoned":
    /// `normal`, a Normal or Tribute Summon; "... Special Summoned": `special`, any Special
    /// Summon): its trigger watches such a Summon, and the monsters whose Summon it answered
    /// came to the field so.
    SummonTriggered {
        /// Started by a Normal (or Tribute) Summon.
        normal: bool,
        /// Started by a Special Summon.
        special: bool,
    },
}

impl Condition {
    /// `ChainTop` with [`LinkFact::Activates`].
    pub fn chain_top_activates(a0: Filter) -> Condition {
        Condition::ChainTop(LinkFact::Activates(a0))
    }
    /// `ChainTop` with [`LinkFact::Is`].
    pub fn chain_top_is(a0: Filter) -> Condition {
        Condition::ChainTop(LinkFact::Is(a0))
    }
    /// `ChainTop` with [`LinkFact::Targets`].
    pub fn chain_top_targets(a0: Filter) -> Condition {
        Condition::ChainTop(LinkFact::Targets(a0))
    }
    /// `ChainTop` with [`LinkFact::TargetsOnly`].
    pub fn chain_top_targets_only(a0: Filter) -> Condition {
        Condition::ChainTop(LinkFact::TargetsOnly(a0))
    }
    /// `ChainTop` with [`LinkFact::Destroys`].
    pub fn chain_top_destroys() -> Condition {
        Condition::ChainTop(LinkFact::Destroys)
    }
    /// `ChainTop` with [`LinkFact::WouldDestroy`].
    pub fn chain_top_would_destroy(a0: Filter) -> Condition {
        Condition::ChainTop(LinkFact::WouldDestroy(a0))
    }
    /// `ChainTop` with [`LinkFact::WouldDestroyAtLeast`].
    pub fn chain_top_would_destroy_at_least(a0: Filter, n: u8) -> Condition {
        Condition::ChainTop(LinkFact::WouldDestroyAtLeast(a0, n))
    }
    /// `ChainTop` with [`LinkFact::SpecialSummons`].
    pub fn chain_top_special_summons() -> Condition {
        Condition::ChainTop(LinkFact::SpecialSummons)
    }
}

/// What this card did or met in the current battle ([`Condition::Battled`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BattleFact {
    /// Attacking a Defense Position monster (BATTLE-6): this card attacked a monster that was
    /// in Defense Position at damage calculation, in the current battle ("Red Dragon
    /// Archfiend").
    AttackedDefensePosition,
    /// Attacking a face-down monster (BATTLE-4, POS-4): this card attacked a monster that
    /// was face-down in Defense Position until the attack flipped it, in the current battle
    /// ("Legacy Hunter").
    AttackedFaceDownDefense,
    /// Defending in Defense Position (BATTLE-6): this card was the attack target, in Defense
    /// Position at damage calculation, in the current battle ("Legendary Jujitsu Master").
    DefendedInDefensePosition,
}

impl Condition {
    /// `Battled` with [`BattleFact::AttackedDefensePosition`].
    pub fn attacked_defense_position() -> Condition {
        Condition::Battled(BattleFact::AttackedDefensePosition)
    }
    /// `Battled` with [`BattleFact::AttackedFaceDownDefense`].
    pub fn attacked_face_down_defense() -> Condition {
        Condition::Battled(BattleFact::AttackedFaceDownDefense)
    }
    /// `Battled` with [`BattleFact::DefendedInDefensePosition`].
    pub fn defended_in_defense_position() -> Condition {
        Condition::Battled(BattleFact::DefendedInDefensePosition)
    }
}

/// The battle moments a [`Trigger::Battle`] watches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BattleMoment {
    /// This card was chosen as the target of an attack.
    AttackTargeted,
    /// This card declared an attack (the event card is the attack target, if any; BATTLE-2).
    DeclaresAttack,
    /// After damage calculation, if this card battled (the event card is the monster it
    /// battled, if any; BATTLE-4).
    AfterDamageCalculation,
    /// The end of the Damage Step, if this card battled.
    EndOfDamageStep,
    /// The start of the Damage Step, if this card battles (the event card is the monster it
    /// battles, still as it was when the attack reached the Damage Step: BATTLE-4).
    StartOfDamageStep,
    /// This card destroyed a monster by battle (the event card is that monster).
    DestroysByBattle,
    /// "If this card destroys a monster by battle and sends it to the GY": the monster this
    /// card destroyed by battle went to the GY, while this card is still on the field and
    /// not destroyed by that battle itself (the event card is that monster).
    DestroysByBattleToGy,
    /// The Battle Phase's End Step begins.
    EndOfBattlePhase,
    /// The end of the Damage Step of any battle, whichever monsters battle, while this card is
    /// where its range says (no event card; the condition says which battle counts, e.g.
    /// [`Condition::Battling`]): "at the end of each Damage Step, destroy the monsters that
    /// battled ..." (BATTLE-4).
    EndOfAnyDamageStep,
}

impl Trigger {
    /// `Battle` with [`BattleMoment::AttackTargeted`].
    pub fn attack_targeted() -> Trigger {
        Trigger::Battle(BattleMoment::AttackTargeted)
    }
    /// `Battle` with [`BattleMoment::DeclaresAttack`].
    pub fn declares_attack() -> Trigger {
        Trigger::Battle(BattleMoment::DeclaresAttack)
    }
    /// `Battle` with [`BattleMoment::AfterDamageCalculation`].
    pub fn after_damage_calculation() -> Trigger {
        Trigger::Battle(BattleMoment::AfterDamageCalculation)
    }
    /// `Battle` with [`BattleMoment::EndOfDamageStep`].
    pub fn end_of_damage_step() -> Trigger {
        Trigger::Battle(BattleMoment::EndOfDamageStep)
    }
    /// `Battle` with [`BattleMoment::StartOfDamageStep`].
    pub fn start_of_damage_step() -> Trigger {
        Trigger::Battle(BattleMoment::StartOfDamageStep)
    }
    /// `Battle` with [`BattleMoment::DestroysByBattle`].
    pub fn destroys_by_battle() -> Trigger {
        Trigger::Battle(BattleMoment::DestroysByBattle)
    }
    /// `Battle` with [`BattleMoment::DestroysByBattleToGy`].
    pub fn destroys_by_battle_to_gy() -> Trigger {
        Trigger::Battle(BattleMoment::DestroysByBattleToGy)
    }
    /// `Battle` with [`BattleMoment::EndOfBattlePhase`].
    pub fn end_of_battle_phase() -> Trigger {
        Trigger::Battle(BattleMoment::EndOfBattlePhase)
    }
}

/// The times a [`Condition::Timing`] asks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Timing {
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
}

impl Condition {
    /// `Timing` with [`Timing::YourTurn`].
    pub fn your_turn() -> Condition {
        Condition::Timing(Timing::YourTurn)
    }
    /// `Timing` with [`Timing::OpponentsTurn`].
    pub fn opponents_turn() -> Condition {
        Condition::Timing(Timing::OpponentsTurn)
    }
    /// `Timing` with [`Timing::InPhase`].
    pub fn in_phase(a0: Phase) -> Condition {
        Condition::Timing(Timing::InPhase(a0))
    }
    /// `Timing` with [`Timing::InBattlePhase`].
    pub fn in_battle_phase() -> Condition {
        Condition::Timing(Timing::InBattlePhase)
    }
    /// `Timing` with [`Timing::Step`].
    pub fn step(a0: BattleStep) -> Condition {
        Condition::Timing(Timing::Step(a0))
    }
}

/// Which summon a [`Condition::Pending`] waits on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PendingSummon {
    /// A monster is about to be summoned (SUM-3 negation window).
    Summon,
    /// A Special Summon is about to happen (the SUM-3 negation window of a summon procedure
    /// or an Extra Deck summon).
    SpecialSummon,
}

impl Condition {
    /// `Pending` with [`PendingSummon::Summon`].
    pub fn summon_pending() -> Condition {
        Condition::Pending(PendingSummon::Summon)
    }
    /// `Pending` with [`PendingSummon::SpecialSummon`].
    pub fn special_summon_pending() -> Condition {
        Condition::Pending(PendingSummon::SpecialSummon)
    }
}

/// What a [`Condition::NotYetThisTurn`] asks its player has not done.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayerDid {
    /// The controller has not Summoned a monster this turn ("you cannot Summon other
    /// monsters the turn you activate this card").
    Summoned,
    /// Its player has activated no card or effect this turn ("you cannot activate other
    /// cards or effects the turn you activate this": nothing activated before it, EFF-1).
    Activated,
    /// Its player has activated no Spell Card this turn (the activation of the card itself,
    /// EFF-1, not the effect of a face-up one). Read negated (`Condition::Not`) for "if you
    /// activated a Spell Card this turn".
    ActivatedSpellCard,
}

impl Condition {
    /// `NotYetThisTurn` with [`PlayerDid::Summoned`].
    pub fn not_summoned_this_turn() -> Condition {
        Condition::NotYetThisTurn(PlayerDid::Summoned)
    }
    /// `NotYetThisTurn` with [`PlayerDid::Activated`].
    pub fn not_activated_this_turn() -> Condition {
        Condition::NotYetThisTurn(PlayerDid::Activated)
    }
    /// "If you activated a Spell Card this turn": `Not` of `NotYetThisTurn` with
    /// [`PlayerDid::ActivatedSpellCard`].
    pub fn activated_spell_card_this_turn() -> Condition {
        Condition::Not(Box::new(Condition::NotYetThisTurn(PlayerDid::ActivatedSpellCard)))
    }
}
