//! Continuous effects ([`Modifier`]): what applies while a card is face-up (EFF-2), or for a
//! while after an effect applied it ([`Duration`]). Values are computed from them, never
//! written into the card (STYLE 8).

use serde::{Deserialize, Serialize};

use super::filter::Filter;
use super::num::Num;
use super::trigger::Condition;

/// Counter kinds (MISC-2): only cards whose behaviour lists a kind may hold it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Counter {
    /// Spell Counter.
    Spell,
    /// A-Counter.
    A,
    /// Clock Counter.
    Clock,
    /// Venom Counter.
    Venom,
    /// Guard Counter.
    Guard,
    /// Wedge Counter.
    Wedge,
}

impl Counter {
    /// Every kind, in a fixed order.
    pub const ALL: [Counter; 6] = [Counter::Spell, Counter::A, Counter::Clock, Counter::Venom, Counter::Guard, Counter::Wedge];

    /// The name used in scenario files and the log ("spell", "a", ...).
    pub fn name(self) -> &'static str {
        match self {
            Counter::Spell => "spell",
            Counter::A => "a",
            Counter::Clock => "clock",
            Counter::Venom => "venom",
            Counter::Guard => "guard",
            Counter::Wedge => "wedge",
        }
    }

    /// The kind with this name (any case).
    pub fn parse(s: &str) -> Option<Counter> {
        Counter::ALL.into_iter().find(|c| c.name().eq_ignore_ascii_case(s))
    }
}

/// How long an applied effect lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Duration {
    /// Until the end of this turn.
    EndOfTurn,
    /// Until the End Phase of this turn (control changes "until the End Phase").
    EndPhase,
    /// Until the end of this turn's Battle Phase.
    EndOfBattlePhase,
    /// While the source card stays face-up on the field.
    WhileSourceOnField,
    /// For as long as the affected card stays where it is.
    Permanent,
}

/// Which monsters a continuous modifier applies to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Scope {
    /// The card whose effect this is.
    This,
    /// The monster this card is equipped to.
    Equipped,
    /// Every face-up monster on the field matching (from the source's controller's side).
    Monsters(Filter),
    /// Every monster on the field matching, face-down ones included: a "cannot" that also
    /// binds Set monsters ("monsters your opponent controls cannot change their battle
    /// positions" stops their Flip Summons: "Swords of Concealing Light").
    AllMonsters(Filter),
}

/// An effect that applies while its card is face-up (and, for spells/traps, its
/// activation has resolved: EFF-2), or for a while after an [`crate::effect::Op::Apply`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Modifier {
    /// Trap negation: every other trap effect on the field is negated ("Royal Decree").
    NegateOtherTrapEffects,
    /// Trap lock: trap cards cannot be activated and trap effects on the field are negated
    /// ("Jinzo").
    NoTraps,
    /// Monster-effect negation: face-up monsters on the field have their effects negated
    /// (activations still legal; "Skill Drain"); applied to one monster, only its effects.
    NegateMonsterEffects,
    /// ATK/DEF gain (or loss), evaluated for each monster in scope.
    AtkDef { scope: Scope, atk: Num, def: Num },
    /// The ATK and/or DEF become these values, after every gain applied before
    /// ("its ATK becomes 0").
    SetCurrent { scope: Scope, atk: Option<Num>, def: Option<Num> },
    /// The original ATK and/or DEF become these values (EFF-14).
    SetOriginal { atk: Option<Num>, def: Option<Num> },
    /// "Cannot declare an attack".
    CannotAttack(Scope),
    /// Cannot change its battle position.
    CannotChangePosition(Scope),
    /// Cannot be targeted by card effects.
    Untargetable(Scope),
    /// Cannot be chosen as an attack target.
    NotAttackTarget(Scope),
    /// Cannot be destroyed by battle.
    IndestructibleByBattle(Scope),
    /// Piercing battle damage (BATTLE-6).
    Piercing(Scope),
    /// A monster that destroyed a monster by battle may attack again in a row.
    SecondAttackOnKill(Scope),
    /// Cannot be Tributed for a Tribute Summon.
    NoTributeSummonMaterial(Scope),
    /// Banishment instead of the GY: cards sent to the GY are banished ("Macro Cosmos").
    BanishInsteadOfGy,
    /// Control by equip: the equipped monster is controlled by the equip card's controller
    /// ("Snatch Steal").
    ControlEquipped,
    /// Destruction when targeted: a monster in scope is destroyed right after a card effect
    /// that targeted it resolves, if it is still face-up on the field ("Spirit Reaper").
    DestroyAfterTargeted(Scope),
    /// Forced Defense Position: monsters in scope are changed to Defense Position and cannot
    /// be changed to Attack Position ("Level Limit - Area B"); enforced after summons and
    /// resolutions.
    ForceDefense(Scope),
    /// Linked destruction: applied to a monster, when it is destroyed the source card is
    /// destroyed too ("Spellbinding Circle"); checked with the equip rules.
    SourceDestroyedWithIt,
    /// Linked destruction: applied to a monster, when the source card leaves the field
    /// (`destroyed_only`: is destroyed), the monster is destroyed too ("Call of the
    /// Haunted", "Premature Burial"); checked with the equip rules.
    DestroyedWithSource { destroyed_only: bool },
    /// Control by equip, the return: applied by the rules to a monster an equip's
    /// `ControlEquipped` took; once the source no longer equips it, control returns to the
    /// lingering effect's controller.
    ControlHeldBySource,
    /// Name lock: the controller cannot activate cards or effects with this passcode's
    /// name ("Sangan", "Witch of the Black Forest": applied for the rest of the turn).
    NoActivationsOfName(u32),
    /// Level change: Levels of monsters matching change by `delta` (never below 1):
    /// face-up monsters on the field, and also cards in both hands when `in_hand` ("A
    /// Legendary Ocean").
    Level { filter: Filter, delta: i8, in_hand: bool },
    /// Doubled battle damage: battle damage this monster inflicts to the opponent is doubled
    /// when it battles an opponent's monster ("Odd-Eyes Pendulum Dragon").
    DoubleBattleDamage(Scope),
    /// Substitute destruction: if a monster in scope would be destroyed by battle, the
    /// monster card equipped to it (by its own effect, "Relinquished") is destroyed instead.
    DestroyEquippedInstead(Scope),
    /// Reflected battle damage: while a monster card is equipped to it by its effect,
    /// battle damage its controller takes from its battles is also dealt to the opponent as
    /// effect damage ("Relinquished").
    ReflectBattleDamage(Scope),
    /// Pendulum Scale change: read from a Pendulum card in a Pendulum Zone, its Pendulum
    /// Scale becomes `scale` unless the card in the player's other Pendulum Zone matches
    /// `partner`.
    ScaleUnlessPartner { scale: u8, partner: Filter },
    /// Pendulum activation condition: read from a Pendulum card in the hand, it may be
    /// activated to a Pendulum Zone only while the condition holds ("Timegazer Magician":
    /// you control no monsters).
    ScaleActivationNeeds(Condition),
    /// Activation lock during battle: read from a Pendulum card in a Pendulum Zone, while a
    /// Pendulum monster its controller controls is in the current battle (until the end of
    /// the Damage Step), the opponent cannot activate cards matching the filter
    /// ("Stargazer/Timegazer Magician").
    PendulumBattleLock(Filter),
    /// Destruction on targeting: a face-up monster in scope is destroyed (by its own effect)
    /// as soon as a card effect that targets it is activated, before anyone can respond
    /// (the 2005 "Spirit Reaper"; today's text waits for the resolution:
    /// [`Modifier::DestroyAfterTargeted`]).
    DestroyWhenTargeted(Scope),
    /// Summoned to Defense: a monster in scope whose Normal, Flip or Special Summon has just
    /// succeeded in face-up Attack Position is changed to face-up Defense Position (a rule
    /// process, not a chain link; "Stumbling").
    DefenseWhenSummoned(Scope),
    /// Tribute across the field: applied to a monster (for a while), the player who applied
    /// it may Tribute that monster as though they controlled it, for a Tribute Summon or a
    /// Tribute cost ("Soul Exchange").
    TributeAsIfControlled,
    /// Graveyard lock: cards in either GY cannot leave it by a card effect or a cost (to the
    /// hand, Deck or field, banished), nor be targeted by card effects; an effect that would
    /// move one does not move it ("Necrovalley").
    GyLocked,
    /// Prohibition of a declared name: cards with this name (a passcode: [`Num::Declared`],
    /// fixed when applied) cannot be activated nor their effects, cannot be Normal Summoned,
    /// Set, Flip Summoned or Special Summoned, cannot attack and cannot change their battle
    /// positions; the cards the source remembers in `spared` (those already on the field when
    /// it began) are not affected ("Prohibition").
    NameProhibited { name: Num, spared: crate::effect::Mem },
}
