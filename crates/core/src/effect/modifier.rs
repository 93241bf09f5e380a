//! Continuous effects ([`Modifier`]): what applies while a card is face-up (EFF-2), or for a
//! while after an effect applied it ([`Duration`]). Values are computed from them, never
//! written into the card (STYLE 8).

use serde::{Deserialize, Serialize};

use super::filter::{Filter, Who};
use super::num::Num;
use super::trigger::Condition;
use super::Cost;

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
    /// Bushido Counter.
    Bushido,
}

impl Counter {
    /// Every kind, in a fixed order.
    pub const ALL: [Counter; 7] = [Counter::Spell, Counter::A, Counter::Clock, Counter::Venom, Counter::Guard, Counter::Wedge, Counter::Bushido];

    /// The name used in scenario files and the log ("spell", "a", ...).
    pub fn name(self) -> &'static str {
        match self {
            Counter::Spell => "spell",
            Counter::A => "a",
            Counter::Clock => "clock",
            Counter::Venom => "venom",
            Counter::Guard => "guard",
            Counter::Wedge => "wedge",
            Counter::Bushido => "bushido",
        }
    }

    /// Counters an effect places on monsters other than its own card, whatever they are
    /// (MISC-2: "place 1 Wedge Counter on that monster", A-Counters, Venom Counters): any
    /// face-up monster can hold them, not only a card whose behaviour lists the kind.
    pub fn held_by_any_monster(self) -> bool {
        matches!(self, Counter::A | Counter::Venom | Counter::Wedge)
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
    /// Until the end of the opponent's next turn (this turn's end, if it is theirs):
    /// "until the end of your opponent's turn".
    EndOfOpponentsTurn,
    /// Until the current chain has resolved (CHAIN-3).
    EndOfChain,
    /// Until the end of the effect controller's next turn (this turn included, and the
    /// opponent's turns before it: "until the End Phase of your next turn").
    YourNextTurn,
    /// Until the end of the current Damage Step ("during that damage calculation only",
    /// BATTLE-4).
    EndOfDamageStep,
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
    /// Every card on the field matching, in any zone (a Pendulum Zone included): "cards in
    /// your Pendulum Zones" ("Timegazer Magician").
    FieldCards(Filter),
}

/// An effect that applies while its card is face-up (and, for spells/traps, its
/// activation has resolved: EFF-2), or for a while after an [`crate::effect::Op::Apply`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Modifier {
    /// ATK/DEF gain (or loss), evaluated for each monster in scope.
    AtkDef {
        /// The monsters the change applies to.
        scope: Scope,
        /// The ATK change (negative for a loss).
        atk: Num,
        /// The DEF change (negative for a loss).
        def: Num,
    },
    /// "Its ATK/DEF become ...": the ATK and/or DEF become these values, at a layer
    /// ([`StatLayer`]: the original values, EFF-14, or the current ones, after every gain
    /// applied before: "its ATK becomes 0").
    Becomes {
        /// Which values change, and of which monsters.
        layer: StatLayer,
        /// The new ATK, if it changes.
        atk: Option<Num>,
        /// The new DEF, if it changes.
        def: Option<Num>,
    },
    /// Level change: Levels of monsters matching change by `delta` (never below 1):
    /// face-up monsters on the field, and also cards in both hands when `in_hand` ("A
    /// Legendary Ocean"). Applied for a while to cards in a hand (`Op::Apply` with `in_hand`),
    /// it follows each card once Summoned from there ("Cost Down").
    Level {
        /// The monsters whose Levels change.
        filter: Filter,
        /// How much the Levels change by (negative to lower them).
        delta: i8,
        /// Cards in both hands are changed too.
        in_hand: bool,
        /// The Level becomes this number first (the latest such change applies; then the
        /// deltas): "this card's Level becomes the same as that target's".
        #[serde(default)]
        becomes: Option<Num>,
    },
    /// A Pendulum card's own rule, read from it in the hand or a Pendulum Zone
    /// ([`PendulumRule`]: its Scale, when it may be activated, a lock while it battles).
    Pendulum(PendulumRule),
    /// Extra attacks: monsters in scope may declare `count` more attacks each Battle Phase
    /// (BATTLE-2: "for each Equip Card equipped to it, it can attack once more").
    ExtraAttacks {
        /// The monsters that gain the attacks.
        scope: Scope,
        /// How many more attacks each may declare.
        count: Num,
    },
    /// Self-destruction: while the effect's condition holds, the source destroys itself (a
    /// rule process checked after summons, position changes and resolutions, not a chain
    /// link: "if this card is in face-up Defense Position, destroy it").
    SelfDestruct,
    /// Battle-victim negation: monsters matching `victims` destroyed by battle with a
    /// monster in scope have their effects negated on the field and in the GY (their
    /// triggers from that destruction cannot activate: "Dark Ruler Ha Des", "Blade Knight").
    NegateBattleVictims {
        /// The monsters whose battle victims have their effects negated.
        scope: Scope,
        /// The destroyed monsters whose effects are negated.
        victims: Filter,
    },
    /// Attack cost: a monster in scope can declare an attack only if its controller pays
    /// the cost, each time (BATTLE-2; "Gravekeeper's Servant": the top card of the Deck;
    /// several such cards each take their own). Only costs paid without a choice
    /// ([`Cost::pay_lp`], [`Cost::send_deck_top`]) can be attack costs; any other makes the
    /// attack impossible.
    AttackCost {
        /// The monsters that must pay to attack.
        scope: Scope,
        /// The cost paid for each attack declaration.
        cost: Cost,
    },
    /// Counters per activation (MISC-2): each time a card matching the filter is activated
    /// and its activation resolves, this face-up card gets 1 counter of the kind, never more
    /// than `max` ("Royal Magical Library": Spell Counters, max. 3; "Magical Marionette": no
    /// maximum, `u8::MAX`).
    CounterPerActivation {
        /// The kind of counter placed.
        kind: Counter,
        /// The activated cards that place a counter.
        filter: Filter,
        /// The most counters this card can hold.
        max: u8,
    },
    /// Targeting negation: the effect of a card matching the filter that targets a monster in
    /// scope is negated when it resolves, and that card is destroyed ("Fiend Skull Dragon":
    /// Traps; "Ryu Senshi": Spells).
    NegateTargeting {
        /// The monsters protected.
        scope: Scope,
        /// The cards whose targeting effects are negated.
        filter: Filter,
        /// A die decides (MISC-6): `None`, the negation always applies; `Some(faces)`, a
        /// six-sided die is rolled when such an effect resolves, and the negation applies only
        /// if the face rolled has its bit set (bit `n` for face `n`: "negate it if you roll a
        /// 2 or 5", the Archfiends' rolls).
        roll: Option<u8>,
    },
    /// Immunity: while this card is face-up, monsters in scope are unaffected by the effects
    /// of cards matching the filter (read on the effect's card): those effects neither move
    /// nor change them, and their continuous effects do not apply to them ("Horus the Black
    /// Flame Dragon LV6": unaffected by Spell effects).
    Unaffected {
        /// The monsters that are unaffected.
        scope: Scope,
        /// The cards whose effects they are unaffected by.
        by: Filter,
    },
    /// Targeting protection by kind of card: while this applies, the effects of cards
    /// matching the filter (read on the effect's card, as it is when it targets) cannot
    /// target the monsters in scope ("cannot be targeted by the effects of Level 6 or lower
    /// Effect Monsters": "Turbo Warrior"; "by Spell effects").
    UntargetableBy {
        /// The monsters protected.
        scope: Scope,
        /// The cards whose effects cannot target them.
        by: Filter,
    },
    /// Tribute across the field: applied to a monster (for a while), the player who applied
    /// it may Tribute that monster as though they controlled it, for a Tribute Summon or a
    /// Tribute cost ("Soul Exchange").
    TributeAsIfControlled,
    /// Its name becomes another card's (a passcode, fixed when applied: a card's
    /// [`crate::effect::Stat::Code`]): applied to a card (for a while), name checks read that
    /// name instead of the printed one ("Elemental HERO Prisma"); as a continuous effect of a
    /// card (a constant passcode), that card's own name while it is face-up on the field
    /// ("Dupe Frog").
    NameBecomes(Num),
    /// Type change: the face-up monsters in scope are of this Type (Race) instead of their
    /// printed one; Type checks read it (the latest such modifier wins).
    RaceBecomes {
        /// The monsters whose Type changes.
        scope: Scope,
        /// The Type they become.
        race: crate::card::Race,
    },
    /// A second Attribute: the face-up monsters in scope are of this Attribute as well as
    /// their own while they are face-up on the field; Attribute checks match either
    /// ("this card is also DARK while face-up on the field").
    AlsoAttribute {
        /// The monsters that gain the Attribute.
        scope: Scope,
        /// The Attribute they also have.
        attribute: crate::card::Attribute,
    },
    /// PHASE-4's exceptions, more Normal Summons for the source's controller this turn, in
    /// two kinds that add to each other but not to their own kind:
    /// - `raises_limit: false`: they may Normal Summon (not Set) 1 monster matching `of` in
    ///   addition to the turn's Normal Summon/Set, during their Main Phase; a player gains
    ///   such an additional Normal Summon at most once per turn, whichever effect gives it,
    ///   used or not ("you can Normal Summon 1 "X" monster in addition to your Normal
    ///   Summon/Set");
    /// - `raises_limit: true`: the turn's own limit becomes 2 Normal Summons/Sets instead of
    ///   1 (Sets too; `of` is then `Filter::Any`); a second such effect still makes 2 ("you
    ///   can conduct 2 Normal Summons/Sets this turn").
    ///
    /// A Gemini Summon (EFF-15) is a Normal Summon: it may use either.
    AdditionalNormalSummon {
        /// The monsters that additional Normal Summon may be for.
        of: Filter,
        /// The turn's limit of Normal Summons/Sets becomes 2, rather than one additional
        /// Normal Summon of `of`.
        raises_limit: bool,
    },
    /// Prohibition of a declared name: cards with this name (a passcode: [`Num::Declared`],
    /// fixed when applied) cannot be activated nor their effects, cannot be Normal Summoned,
    /// Set, Flip Summoned or Special Summoned, cannot attack and cannot change their battle
    /// positions; the cards the source remembers in `spared` (those already on the field when
    /// it began) are not affected ("Prohibition").
    NameProhibited {
        /// The prohibited card name (its code, fixed when applied).
        name: Num,
        /// The memory slot of the cards already on the field, which are spared.
        spared: crate::effect::Mem,
    },
    /// A shield once per turn: the first time in a turn that a card effect of the source's
    /// controller's opponent would destroy cards in scope that the source's controller
    /// controls, those cards are not destroyed (all of that one destruction); the shield is
    /// then used up until the next turn ("Timegazer Magician": its controller's Pendulum
    /// Zones).
    ShieldOncePerTurn(Scope),
    /// A battle shield once per turn: the first time in a turn that a monster in scope that
    /// the source's controller controls would be destroyed by battle (and nothing else keeps
    /// it), it is not destroyed; the shield is then used up until the next turn. The effect's
    /// condition says in whose turns it works ("during each of your opponent's turns, the
    /// first such monster that would be destroyed by battle is not destroyed").
    BattleShieldOncePerTurn(Scope),
    /// Substitute destruction by choice: if a face-up monster in scope would be destroyed (by
    /// battle or by a card effect), its controller may destroy instead 1 other face-up card
    /// they control (a monster, or a card of the Spell & Trap Zones) that matches `with` and
    /// is not destroyed by the same battle or effect ("if this card would be destroyed, you
    /// can destroy another face-up ... monster you control instead"), or, with `send`, send
    /// it to the GY instead (not a destruction: "you can send 1 Equip Spell equipped to it to
    /// the GY instead"). Asked when the destruction happens; the substitute is not protected
    /// in turn.
    DestroyOtherInstead {
        /// The monsters protected.
        scope: Scope,
        /// What the substitute must match.
        with: Filter,
        /// The substitute is sent to the GY, not destroyed.
        #[serde(default)]
        send: bool,
    },
    /// A restriction (the "cannot" family): monsters in scope cannot do the act, or cannot
    /// have it done to them ([`Act`]).
    Cannot {
        /// The monsters restricted.
        scope: Scope,
        /// What they cannot do.
        act: Act,
    },
    /// A rule monsters in scope play by: a battle or position rule of theirs ([`MonsterRule`]).
    Rule {
        /// The monsters the rule applies to.
        scope: Scope,
        /// The rule.
        rule: MonsterRule,
    },
    /// Negation: the effects of the cards the [`Negation`] names are negated while this applies.
    Negate(Negation),
    /// A rule of the whole duel while this applies ([`DuelRule`]: a lock, a replacement, a shield).
    Duel(DuelRule),
    /// A player lock (the "cannot" family of players): the players `who` names, from the
    /// source's controller's side, cannot do the act ([`PlayerAct`]).
    PlayersCannot {
        /// The players restricted (from the source's controller's side).
        who: Who,
        /// What they cannot do.
        act: PlayerAct,
    },
    /// A tie between a monster and its source card, checked with the equip rules ([`Bond`]:
    /// linked destruction, control by equip).
    Bond(Bond),
}

/// Which ATK/DEF a [`Modifier::Becomes`] sets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StatLayer {
    /// The original values (EFF-14): of the card it is applied to, or, as a continuous
    /// effect, of its own card.
    Original,
    /// The current values of the monsters in scope, after every gain applied before.
    Current(Scope),
    /// The original values (EFF-14) of the monsters in scope, as a continuous effect of the
    /// source ("the original ATK of the opponent's monster battling this card becomes 200").
    OriginalOf(Scope),
}

impl Modifier {
    /// The kind of this modifier as one bit of a [`ModKinds`] mask (a "cannot" of the
    /// players and a rule of the duel by what they forbid or set): a question about one kind
    /// skips the sources that declare none of it without reading their effects.
    pub fn kind_bit(&self) -> u64 {
        use ModKinds as K;
        match self {
            Modifier::AtkDef { .. } => K::ATK_DEF,
            Modifier::Becomes { .. } => K::BECOMES,
            Modifier::Level { .. } => K::LEVEL,
            Modifier::Pendulum(_) => K::PENDULUM,
            Modifier::ExtraAttacks { .. } => K::EXTRA_ATTACKS,
            Modifier::SelfDestruct => K::SELF_DESTRUCT,
            Modifier::NegateBattleVictims { .. } => K::NEGATE_BATTLE_VICTIMS,
            Modifier::AttackCost { .. } => K::ATTACK_COST,
            Modifier::CounterPerActivation { .. } => K::COUNTER_PER_ACTIVATION,
            Modifier::NegateTargeting { .. } => K::NEGATE_TARGETING,
            Modifier::Unaffected { .. } => K::UNAFFECTED,
            // Read by the same question as the "cannot be targeted" restrictions.
            Modifier::UntargetableBy { .. } => K::CANNOT,
            Modifier::TributeAsIfControlled => K::TRIBUTE_AS_IF_CONTROLLED,
            Modifier::NameBecomes(_) => K::NAME_BECOMES,
            Modifier::RaceBecomes { .. } => K::RACE_BECOMES,
            Modifier::AlsoAttribute { .. } => K::ALSO_ATTRIBUTE,
            Modifier::AdditionalNormalSummon { .. } => K::ADDITIONAL_NORMAL_SUMMON,
            Modifier::NameProhibited { .. } => K::NAME_PROHIBITED,
            Modifier::ShieldOncePerTurn(_) => K::SHIELD_ONCE_PER_TURN,
            Modifier::BattleShieldOncePerTurn(_) => K::BATTLE_SHIELD_ONCE_PER_TURN,
            Modifier::DestroyOtherInstead { .. } => K::DESTROY_OTHER_INSTEAD,
            // Asked after every happening (`Duel::enforce_forced_defense`) and for every
            // monster a Main Phase listing may flip or change (`Duel::position_locked`): kept
            // apart, so a duel without them answers from the mask.
            Modifier::Cannot { act: Act::ChangePosition, .. } | Modifier::Rule { rule: MonsterRule::ForceDefense | MonsterRule::ForceAttack, .. } => {
                K::POSITION
            }
            Modifier::Cannot { .. } => K::CANNOT,
            Modifier::Rule { .. } => K::RULE,
            Modifier::Negate(Negation::CardsOnField(_)) => K::NEGATE_CARDS_ON_FIELD,
            Modifier::Negate(_) => K::NEGATE,
            Modifier::Bond(_) => K::BOND,
            Modifier::PlayersCannot { act, .. } => match act {
                PlayerAct::Summon => K::CANNOT_SUMMON,
                PlayerAct::BanishFromGy => K::CANNOT_BANISH_FROM_GY,
                PlayerAct::Activate(_) => K::CANNOT_ACTIVATE,
                PlayerAct::ActivateName(_) => K::CANNOT_ACTIVATE_NAME,
                PlayerAct::UseZones(_) => K::CANNOT_USE_ZONES,
                PlayerAct::Set(_) => K::CANNOT_SET,
                PlayerAct::SpecialSummon => K::CANNOT_SPECIAL_SUMMON,
                PlayerAct::PayLpFor(_) => K::CANNOT_PAY_LP_FOR,
                PlayerAct::SummonMatching(_) => K::CANNOT_SUMMON_MATCHING,
            },
            Modifier::Duel(rule) => match rule {
                DuelRule::NoTraps => K::NO_TRAPS,
                DuelRule::BanishInsteadOfGy(_) => K::BANISH_INSTEAD_OF_GY,
                DuelRule::DecksFaceUp => K::DECKS_FACE_UP,
                DuelRule::GyLocked => K::GY_LOCKED,
                DuelRule::NoMonsterSets => K::NO_MONSTER_SETS,
                DuelRule::NoEffectDamage => K::NO_EFFECT_DAMAGE,
                DuelRule::OpponentGainsBecomeDamage => K::OPPONENT_GAINS_BECOME_DAMAGE,
                DuelRule::NoBattleDamageFromBattlesOf(_) => K::NO_BATTLE_DAMAGE_FROM_BATTLES_OF,
                DuelRule::ChoosesOpponentsAttackTargets => K::CHOOSES_OPPONENTS_ATTACK_TARGETS,
                DuelRule::StatChangesReversed => K::STAT_CHANGES_REVERSED,
                DuelRule::GainBeforeBattleDamage { .. } => K::GAIN_BEFORE_BATTLE_DAMAGE,
                DuelRule::HandPlayCost(_) => K::HAND_PLAY_COST,
                DuelRule::FieldBanishedForGy => K::FIELD_BANISHED_FOR_GY,
            },
        }
    }
}

/// Masks of [`Modifier::kind_bit`]s: one bit per kind of modifier (`PlayersCannot` one per
/// [`PlayerAct`], bits 20 to 27; further kinds from bit 28; `Duel` one per [`DuelRule`],
/// bits 32 to 63).
pub struct ModKinds;

impl ModKinds {
    /// `AtkDef`.
    pub const ATK_DEF: u64 = 1 << 0;
    /// `Becomes`.
    pub const BECOMES: u64 = 1 << 1;
    /// `Level`.
    pub const LEVEL: u64 = 1 << 2;
    /// `Pendulum`.
    pub const PENDULUM: u64 = 1 << 3;
    /// `ExtraAttacks`.
    pub const EXTRA_ATTACKS: u64 = 1 << 4;
    /// `SelfDestruct`.
    pub const SELF_DESTRUCT: u64 = 1 << 5;
    /// `NegateBattleVictims`.
    pub const NEGATE_BATTLE_VICTIMS: u64 = 1 << 6;
    /// `AttackCost`.
    pub const ATTACK_COST: u64 = 1 << 7;
    /// `CounterPerActivation`.
    pub const COUNTER_PER_ACTIVATION: u64 = 1 << 8;
    /// `NegateTargeting`.
    pub const NEGATE_TARGETING: u64 = 1 << 9;
    /// `Unaffected`.
    pub const UNAFFECTED: u64 = 1 << 10;
    /// `TributeAsIfControlled`.
    pub const TRIBUTE_AS_IF_CONTROLLED: u64 = 1 << 11;
    /// `NameBecomes`.
    pub const NAME_BECOMES: u64 = 1 << 12;
    /// `RaceBecomes`.
    pub const RACE_BECOMES: u64 = 1 << 13;
    /// `NameProhibited`.
    pub const NAME_PROHIBITED: u64 = 1 << 14;
    /// `ShieldOncePerTurn`.
    pub const SHIELD_ONCE_PER_TURN: u64 = 1 << 15;
    /// `Cannot`.
    pub const CANNOT: u64 = 1 << 16;
    /// `Rule`.
    pub const RULE: u64 = 1 << 17;
    /// `Negate`, but for [`Negation::CardsOnField`] (`NEGATE_CARDS_ON_FIELD`).
    pub const NEGATE: u64 = 1 << 18;
    /// `Bond`.
    pub const BOND: u64 = 1 << 19;
    /// `PlayersCannot` with `PlayerAct::Summon`.
    pub const CANNOT_SUMMON: u64 = 1 << 20;
    /// `PlayersCannot` with `PlayerAct::BanishFromGy`.
    pub const CANNOT_BANISH_FROM_GY: u64 = 1 << 21;
    /// `PlayersCannot` with `PlayerAct::Activate`.
    pub const CANNOT_ACTIVATE: u64 = 1 << 22;
    /// `PlayersCannot` with `PlayerAct::ActivateName`.
    pub const CANNOT_ACTIVATE_NAME: u64 = 1 << 23;
    /// `PlayersCannot` with `PlayerAct::UseZones`.
    pub const CANNOT_USE_ZONES: u64 = 1 << 24;
    /// `PlayersCannot` with `PlayerAct::Set`.
    pub const CANNOT_SET: u64 = 1 << 25;
    /// `PlayersCannot` with `PlayerAct::SpecialSummon`.
    pub const CANNOT_SPECIAL_SUMMON: u64 = 1 << 26;
    /// `PlayersCannot` with `PlayerAct::PayLpFor`.
    pub const CANNOT_PAY_LP_FOR: u64 = 1 << 27;
    /// `BattleShieldOncePerTurn`.
    pub const BATTLE_SHIELD_ONCE_PER_TURN: u64 = 1 << 28;
    /// `DestroyOtherInstead`.
    pub const DESTROY_OTHER_INSTEAD: u64 = 1 << 29;
    /// `PlayersCannot` with `PlayerAct::SummonMatching`.
    pub const CANNOT_SUMMON_MATCHING: u64 = 1 << 30;
    /// `Negate` with [`Negation::CardsOnField`]: asked of every Spell and Trap on the field
    /// by `Duel::negated_on_field`, so kept apart from `NEGATE`.
    pub const NEGATE_CARDS_ON_FIELD: u64 = 1 << 31;
    /// `Duel` with `DuelRule::NoTraps`.
    pub const NO_TRAPS: u64 = 1 << 32;
    /// `Duel` with `DuelRule::BanishInsteadOfGy`.
    pub const BANISH_INSTEAD_OF_GY: u64 = 1 << 33;
    /// `Duel` with `DuelRule::DecksFaceUp`.
    pub const DECKS_FACE_UP: u64 = 1 << 34;
    /// `Duel` with `DuelRule::GyLocked`.
    pub const GY_LOCKED: u64 = 1 << 35;
    /// `Duel` with `DuelRule::NoMonsterSets`.
    pub const NO_MONSTER_SETS: u64 = 1 << 36;
    /// `Duel` with `DuelRule::NoEffectDamage`.
    pub const NO_EFFECT_DAMAGE: u64 = 1 << 37;
    /// `Duel` with `DuelRule::OpponentGainsBecomeDamage`.
    pub const OPPONENT_GAINS_BECOME_DAMAGE: u64 = 1 << 38;
    /// `Duel` with `DuelRule::NoBattleDamageFromBattlesOf`.
    pub const NO_BATTLE_DAMAGE_FROM_BATTLES_OF: u64 = 1 << 39;
    /// `Duel` with `DuelRule::ChoosesOpponentsAttackTargets`.
    pub const CHOOSES_OPPONENTS_ATTACK_TARGETS: u64 = 1 << 40;
    /// `Duel` with `DuelRule::StatChangesReversed`.
    pub const STAT_CHANGES_REVERSED: u64 = 1 << 41;
    /// `Duel` with `DuelRule::GainBeforeBattleDamage`.
    pub const GAIN_BEFORE_BATTLE_DAMAGE: u64 = 1 << 42;
    /// `Duel` with `DuelRule::HandPlayCost`.
    pub const HAND_PLAY_COST: u64 = 1 << 43;
    /// `Duel` with `DuelRule::FieldBanishedForGy`.
    pub const FIELD_BANISHED_FOR_GY: u64 = 1 << 44;
    /// `Cannot` with [`Act::ChangePosition`] and `Rule` with [`MonsterRule::ForceDefense`] or
    /// [`MonsterRule::ForceAttack`] (not `CANNOT` nor `RULE`): the battle positions a
    /// monster is held in.
    pub const POSITION: u64 = 1 << 45;
    /// `AlsoAttribute`.
    pub const ALSO_ATTRIBUTE: u64 = 1 << 46;
    /// `AdditionalNormalSummon`.
    pub const ADDITIONAL_NORMAL_SUMMON: u64 = 1 << 47;
    /// Every kind.
    pub const ALL: u64 = u64::MAX;
}

impl Modifier {
    /// `Becomes` at [`StatLayer::Original`].
    pub fn set_original(atk: Option<Num>, def: Option<Num>) -> Modifier {
        Modifier::Becomes { layer: StatLayer::Original, atk, def }
    }
    /// `Becomes` at [`StatLayer::Current`].
    pub fn set_current(scope: Scope, atk: Option<Num>, def: Option<Num>) -> Modifier {
        Modifier::Becomes { layer: StatLayer::Current(scope), atk, def }
    }
}

/// A Pendulum card's rule ([`Modifier::Pendulum`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PendulumRule {
    /// Pendulum Scale change: read from a Pendulum card in a Pendulum Zone, its Pendulum
    /// Scale becomes `scale` unless the card in the player's other Pendulum Zone matches
    /// `partner`.
    ScaleUnlessPartner {
        /// The Pendulum Scale the card gets.
        scale: u8,
        /// What the card in the other Pendulum Zone must match for the Scale to stay unchanged.
        partner: Filter,
    },
    /// Pendulum activation condition: read from a Pendulum card in the hand, it may be
    /// activated to a Pendulum Zone only while the condition holds ("Timegazer Magician":
    /// you control no monsters).
    ActivationNeeds(Condition),
    /// Activation lock during battle: read from a Pendulum card in a Pendulum Zone, while a
    /// Pendulum monster its controller controls is in the current battle (until the end of
    /// the Damage Step), the opponent cannot activate cards matching the filter
    /// ("Stargazer/Timegazer Magician").
    BattleLock(Filter),
}

impl Modifier {
    /// `Pendulum` with [`PendulumRule::ScaleUnlessPartner`].
    pub fn scale_unless_partner(scale: u8, partner: Filter) -> Modifier {
        Modifier::Pendulum(PendulumRule::ScaleUnlessPartner { scale, partner })
    }
    /// `Pendulum` with [`PendulumRule::ActivationNeeds`].
    pub fn scale_activation_needs(c: Condition) -> Modifier {
        Modifier::Pendulum(PendulumRule::ActivationNeeds(c))
    }
    /// `Pendulum` with [`PendulumRule::BattleLock`].
    pub fn pendulum_battle_lock(f: Filter) -> Modifier {
        Modifier::Pendulum(PendulumRule::BattleLock(f))
    }
}

/// What a [`Modifier::PlayersCannot`] forbids the players it names (each has a builder:
/// `Modifier::cannot_summon(who)`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayerAct {
    /// Summon monsters (Normal, Tribute, Flip or Special Summon; Setting stays legal: "The
    /// Last Warrior from Another Planet").
    Summon,
    /// Banish cards from either GY, by costs, summon procedures or effects ("Kycoo the Ghost
    /// Destroyer": its controller's opponent).
    BanishFromGy,
    /// Activate cards, or the effects of cards, matching the filter ("Pitch-Black Warwolf":
    /// the opponent, Traps, during the Battle Phase; "Sasuke Samurai #2": both players,
    /// Spells and Traps, until the End Phase).
    Activate(Filter),
    /// Activate cards or effects with this passcode's name ("Sangan", "Witch of the Black
    /// Forest": applied by the rules to the player for the rest of the turn).
    ActivateName(u32),
    /// Use these Main Monster Zones (bit `i` = zone `i`) while the source stays face-up
    /// ("Ojama King").
    UseZones(u8),
    /// Set cards matching the filter from the hand ("cannot Set Spell or Trap Cards").
    Set(Filter),
    /// Special Summon monsters, by any means (procedures, effects, Extra Deck summons):
    /// "neither player can Special Summon monsters". Normal, Tribute and Flip Summons stay
    /// legal.
    SpecialSummon,
    /// Pay LP to activate cards matching the filter: such a cost (a fixed amount) is waived,
    /// neither paid nor needed ("Spell Economics": you do not pay LP to activate Spell Cards).
    PayLpFor(Filter),
    /// Normal Summon (Tribute Summons included) or Special Summon (by any means: effects,
    /// procedures, Extra Deck summons) monsters matching the filter, read on the monster as
    /// it is before the summon. Setting and Flip Summons stay legal ("neither player can
    /// Normal or Special Summon DARK monsters").
    SummonMatching(Filter),
}

impl Modifier {
    /// `PlayersCannot` with [`PlayerAct::Summon`].
    pub fn cannot_summon(who: Who) -> Modifier {
        Modifier::PlayersCannot { who, act: PlayerAct::Summon }
    }
    /// `PlayersCannot` with [`PlayerAct::BanishFromGy`].
    pub fn no_banish_from_gy(who: Who) -> Modifier {
        Modifier::PlayersCannot { who, act: PlayerAct::BanishFromGy }
    }
    /// `PlayersCannot` with [`PlayerAct::SpecialSummon`].
    pub fn cannot_special_summon(who: Who) -> Modifier {
        Modifier::PlayersCannot { who, act: PlayerAct::SpecialSummon }
    }
    /// `PlayersCannot` with [`PlayerAct::SummonMatching`].
    pub fn cannot_summon_matching(who: Who, filter: Filter) -> Modifier {
        Modifier::PlayersCannot { who, act: PlayerAct::SummonMatching(filter) }
    }
    /// `PlayersCannot` with [`PlayerAct::PayLpFor`].
    pub fn no_lp_costs_for(who: Who, filter: Filter) -> Modifier {
        Modifier::PlayersCannot { who, act: PlayerAct::PayLpFor(filter) }
    }
    /// `PlayersCannot` with [`PlayerAct::Set`].
    pub fn cannot_set(who: Who, filter: Filter) -> Modifier {
        Modifier::PlayersCannot { who, act: PlayerAct::Set(filter) }
    }
    /// `PlayersCannot` with [`PlayerAct::Activate`].
    pub fn cannot_activate(who: Who, filter: Filter) -> Modifier {
        Modifier::PlayersCannot { who, act: PlayerAct::Activate(filter) }
    }
    /// `PlayersCannot` with [`PlayerAct::ActivateName`], for the player it is applied to.
    pub fn no_activations_of_name(code: u32) -> Modifier {
        Modifier::PlayersCannot { who: Who::You, act: PlayerAct::ActivateName(code) }
    }
    /// `PlayersCannot` with [`PlayerAct::UseZones`].
    pub fn locked_zones(who: Who, zones: u8) -> Modifier {
        Modifier::PlayersCannot { who, act: PlayerAct::UseZones(zones) }
    }
}

/// What ties a monster to the source card of a [`Modifier::Bond`]: what happens to one when
/// the other goes (each has a builder: `Modifier::destroyed_with_source(true)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Bond {
    /// Linked destruction: applied to a monster, when it is destroyed the source card is
    /// destroyed too ("Spellbinding Circle").
    SourceDestroyedWithIt,
    /// Linked destruction: applied to a monster, when it leaves the field (any way), the
    /// source card is destroyed ("Nightmare Wheel").
    SourceDestroyedWhenItLeaves,
    /// Linked destruction: applied to a monster, when the source card leaves the field
    /// (`destroyed_only`: is destroyed), the monster is destroyed too ("Call of the
    /// Haunted", "Premature Burial"), or (`into_deck`) shuffled into its owner's Deck
    /// ("Gladiator Beast Darius"). Not an effect that starts a chain.
    DestroyedWithSource {
        /// Only when the source card is destroyed, not when it leaves the field in another way.
        destroyed_only: bool,
        /// The monster is shuffled into its owner's Deck instead of destroyed.
        into_deck: bool,
    },
    /// Control by equip: the equipped monster is controlled by the equip card's controller
    /// ("Snatch Steal").
    ControlEquipped,
    /// Control by equip, the return: applied by the rules to a monster an equip's
    /// `ControlEquipped` took; once the source no longer equips it, control returns to the
    /// lingering effect's controller.
    ControlHeldBySource,
}

impl Modifier {
    /// `Bond` with [`Bond::SourceDestroyedWithIt`].
    pub fn source_destroyed_with_it() -> Modifier {
        Modifier::Bond(Bond::SourceDestroyedWithIt)
    }
    /// `Bond` with [`Bond::SourceDestroyedWhenItLeaves`].
    pub fn source_destroyed_when_it_leaves() -> Modifier {
        Modifier::Bond(Bond::SourceDestroyedWhenItLeaves)
    }
    /// `Bond` with [`Bond::DestroyedWithSource`].
    pub fn destroyed_with_source(destroyed_only: bool) -> Modifier {
        Modifier::Bond(Bond::DestroyedWithSource { destroyed_only, into_deck: false })
    }
    /// `Bond` with [`Bond::DestroyedWithSource`], the monster shuffled into the Deck when
    /// the source card leaves the field.
    pub fn shuffled_when_source_leaves() -> Modifier {
        Modifier::Bond(Bond::DestroyedWithSource { destroyed_only: false, into_deck: true })
    }
    /// `Bond` with [`Bond::ControlEquipped`].
    pub fn control_equipped() -> Modifier {
        Modifier::Bond(Bond::ControlEquipped)
    }
}

/// What a [`Modifier::Cannot`] forbids a monster in its scope (the old name of each act is
/// its builder: `Modifier::cannot_attack(scope)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Act {
    /// "Cannot declare an attack".
    Attack,
    /// Cannot change its battle position.
    ChangePosition,
    /// Cannot be targeted by card effects.
    BeTargeted,
    /// Targeting protection from the opponent: the opponent's card effects cannot target
    /// monsters in scope ("King Dragun": Dragons).
    BeTargetedByOpponent,
    /// Cannot be chosen as an attack target.
    BeAttackTarget,
    /// Cannot be destroyed by battle.
    BeDestroyedByBattle,
    /// Protection from destruction by card effects: destroy effects skip the cards in scope
    /// (face-up or face-down; battle and rule destruction still apply: MISC-4).
    BeDestroyedByEffect,
    /// Protection from destruction by Spell and Trap effects: destroy effects of Spell and
    /// Trap Cards skip the cards in scope; monster effects, battle and rules still destroy
    /// them ("cannot be destroyed by Spell/Trap effects": "Exodia Necross").
    BeDestroyedBySpellTrapEffect,
    /// Cannot be Tributed for a Tribute Summon.
    BeTributedForSummon,
    /// Cannot be Tributed at all: not for a Tribute Summon, a summon procedure, a Ritual
    /// Summon or a cost ("Mind Control").
    BeTributed,
    /// Cannot attack the opponent directly (BATTLE-7; "Magical Scientist" gives it to the
    /// Fusion Monster it summons).
    AttackDirectly,
    /// Control lock: control of face-up monsters in scope cannot switch (ZONE-11: effects
    /// that take or swap control, and control-taking equips, leave them where they are).
    SwitchControl,
    /// Cannot be used as Synchro Material (SUM-10): an effect of the face-up monster, so it
    /// no longer applies while its effects are negated ("this face-up card cannot be used as
    /// Synchro Material").
    BeSynchroMaterial,
    /// A summon condition (SUM-7, EFF-1): with [`Scope::This`], read from the card wherever
    /// it is, it cannot be Special Summoned from there ("cannot be Special Summoned from the
    /// GY").
    BeSpecialSummonedFrom(super::filter::Origin),
}

/// A rule a [`Modifier::Rule`] gives the monsters in its scope (each has a builder:
/// `Modifier::piercing(scope)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MonsterRule {
    /// Piercing battle damage (BATTLE-6).
    Piercing,
    /// A monster that destroyed a monster by battle may attack again in a row.
    SecondAttackOnKill,
    /// Doubled battle damage: battle damage this monster inflicts to the opponent is doubled
    /// when it battles an opponent's monster ("Odd-Eyes Pendulum Dragon").
    DoubleBattleDamage,
    /// Attacking every monster (BATTLE-2): monsters in scope may attack each monster the
    /// opponent controls once per Battle Phase, and directly only if they have not attacked
    /// yet ("Asura Priest").
    AttackEveryMonster,
    /// Direct attack: monsters in scope may attack the opponent directly even while the
    /// opponent controls monsters (BATTLE-2; "Reaper on the Nightmare").
    DirectAttack,
    /// Direct attack for a fixed amount: monsters in scope may attack the opponent directly
    /// even while the opponent controls monsters (as [`MonsterRule::DirectAttack`]), and the
    /// battle damage such a direct attack inflicts (the opponent still controlling a monster
    /// at damage calculation) becomes this amount, whatever the monster's ATK; a direct attack
    /// on an empty field deals its ordinary damage (BATTLE-7; "Dark Scorpion Combination":
    /// 400).
    DirectAttackForFixedDamage(u16),
    /// Forced attack (BATTLE-2): once its controller is in the Battle Phase, it may not end
    /// it while a monster in scope can still declare an attack ("Berserk Gorilla").
    MustAttack,
    /// Battle damage shield: the controller of a monster in scope takes no battle damage
    /// from the battles it is in ("Dark Flare Knight").
    NoBattleDamageToController,
    /// Battle-victim banishment: monsters destroyed by battle with a monster in scope are
    /// banished instead of going to the GY (decided at damage calculation).
    BanishBattleVictims,
    /// Banishment instead of leaving: a face-up monster in scope that would leave the field
    /// is banished instead ("if this face-up card would leave the field, banish it").
    BanishWhenLeaving,
    /// Reflected battle damage: while a monster card is equipped to it by its effect,
    /// battle damage its controller takes from its battles is also dealt to the opponent as
    /// effect damage ("Relinquished").
    ReflectBattleDamage,
    /// Substitute destruction: if a monster in scope would be destroyed by battle, the
    /// monster card equipped to it (by its own effect, "Relinquished") is destroyed instead.
    DestroyEquippedInstead,
    /// Substitute destruction of any kind: if a monster in scope would be destroyed by
    /// battle or by a card effect, the monster card equipped to it is destroyed instead (a
    /// Union monster's "if the equipped monster would be destroyed, destroy this card
    /// instead"); not when one effect would destroy both.
    DestroyEquippedInsteadByAny,
    /// Summoned to Defense: a monster in scope whose Normal, Flip or Special Summon has just
    /// succeeded in face-up Attack Position is changed to face-up Defense Position (a rule
    /// process, not a chain link; "Stumbling").
    DefenseWhenSummoned,
    /// Forced Defense Position: monsters in scope are changed to Defense Position and cannot
    /// be changed to Attack Position ("Level Limit - Area B"); enforced after summons and
    /// resolutions.
    ForceDefense,
    /// Forced Attack Position: face-up monsters in scope are changed to Attack Position and
    /// cannot change their battle positions ("Final Attack Orders"); enforced after summons
    /// and resolutions.
    ForceAttack,
    /// Destruction when targeted: a monster in scope is destroyed right after a card effect
    /// that targeted it resolves, if it is still face-up on the field ("Spirit Reaper").
    DestroyAfterTargeted,
    /// Destruction on targeting: a face-up monster in scope is destroyed (by its own effect)
    /// as soon as a card effect that targets it is activated, before anyone can respond
    /// (the 2005 "Spirit Reaper"; today's text waits for the resolution:
    /// [`MonsterRule::DestroyAfterTargeted`]).
    DestroyWhenTargeted,
    /// Attacking in Defense Position: a monster in scope may declare an attack while in
    /// face-up Defense Position, and its ATK is used for damage calculation (BATTLE-5).
    AttackInDefense,
    /// Battle victims to the Deck: monsters destroyed by battle with a monster in scope are
    /// shuffled into their owners' Decks instead of going to the GY (decided at damage
    /// calculation).
    BattleVictimsToDeck,
    /// Drawing every attack (BATTLE-2): while a monster in scope is on the field, its
    /// controller's opponent may choose no other attack target (of that player's monsters)
    /// and may not attack directly ("your opponent must select it as the attack target":
    /// "Taunt", "Staunch Defender").
    DrawsAttacks,
}

impl Modifier {
    /// `Cannot` with [`Act::Attack`].
    pub fn cannot_attack(scope: Scope) -> Modifier {
        Modifier::Cannot { scope, act: Act::Attack }
    }
    /// `Cannot` with [`Act::ChangePosition`].
    pub fn cannot_change_position(scope: Scope) -> Modifier {
        Modifier::Cannot { scope, act: Act::ChangePosition }
    }
    /// `Cannot` with [`Act::BeTargeted`].
    pub fn untargetable(scope: Scope) -> Modifier {
        Modifier::Cannot { scope, act: Act::BeTargeted }
    }
    /// `Cannot` with [`Act::BeTargetedByOpponent`].
    pub fn untargetable_by_opponent(scope: Scope) -> Modifier {
        Modifier::Cannot { scope, act: Act::BeTargetedByOpponent }
    }
    /// `Cannot` with [`Act::BeAttackTarget`].
    pub fn not_attack_target(scope: Scope) -> Modifier {
        Modifier::Cannot { scope, act: Act::BeAttackTarget }
    }
    /// `Cannot` with [`Act::BeDestroyedByBattle`].
    pub fn indestructible_by_battle(scope: Scope) -> Modifier {
        Modifier::Cannot { scope, act: Act::BeDestroyedByBattle }
    }
    /// `Cannot` with [`Act::BeDestroyedByEffect`].
    pub fn indestructible_by_effect(scope: Scope) -> Modifier {
        Modifier::Cannot { scope, act: Act::BeDestroyedByEffect }
    }
    /// `Cannot` with [`Act::BeDestroyedBySpellTrapEffect`].
    pub fn indestructible_by_spell_trap_effect(scope: Scope) -> Modifier {
        Modifier::Cannot { scope, act: Act::BeDestroyedBySpellTrapEffect }
    }
    /// `Cannot` with [`Act::BeTributedForSummon`].
    pub fn no_tribute_summon_material(scope: Scope) -> Modifier {
        Modifier::Cannot { scope, act: Act::BeTributedForSummon }
    }
    /// `Cannot` with [`Act::BeTributed`].
    pub fn cannot_be_tributed(scope: Scope) -> Modifier {
        Modifier::Cannot { scope, act: Act::BeTributed }
    }
    /// `Cannot` with [`Act::AttackDirectly`].
    pub fn cannot_attack_directly(scope: Scope) -> Modifier {
        Modifier::Cannot { scope, act: Act::AttackDirectly }
    }
    /// `Cannot` with [`Act::SwitchControl`].
    pub fn control_fixed(scope: Scope) -> Modifier {
        Modifier::Cannot { scope, act: Act::SwitchControl }
    }
    /// `Rule` with [`MonsterRule::Piercing`].
    pub fn piercing(scope: Scope) -> Modifier {
        Modifier::Rule { scope, rule: MonsterRule::Piercing }
    }
    /// `Rule` with [`MonsterRule::SecondAttackOnKill`].
    pub fn second_attack_on_kill(scope: Scope) -> Modifier {
        Modifier::Rule { scope, rule: MonsterRule::SecondAttackOnKill }
    }
    /// `Rule` with [`MonsterRule::DoubleBattleDamage`].
    pub fn double_battle_damage(scope: Scope) -> Modifier {
        Modifier::Rule { scope, rule: MonsterRule::DoubleBattleDamage }
    }
    /// `Rule` with [`MonsterRule::AttackEveryMonster`].
    pub fn attack_every_monster(scope: Scope) -> Modifier {
        Modifier::Rule { scope, rule: MonsterRule::AttackEveryMonster }
    }
    /// `Rule` with [`MonsterRule::DirectAttack`].
    pub fn direct_attack(scope: Scope) -> Modifier {
        Modifier::Rule { scope, rule: MonsterRule::DirectAttack }
    }
    /// `Rule` with [`MonsterRule::DirectAttackForFixedDamage`].
    pub fn direct_attack_for_fixed_damage(scope: Scope, damage: u16) -> Modifier {
        Modifier::Rule { scope, rule: MonsterRule::DirectAttackForFixedDamage(damage) }
    }
    /// `Rule` with [`MonsterRule::MustAttack`].
    pub fn must_attack(scope: Scope) -> Modifier {
        Modifier::Rule { scope, rule: MonsterRule::MustAttack }
    }
    /// `Rule` with [`MonsterRule::NoBattleDamageToController`].
    pub fn no_battle_damage_to_controller(scope: Scope) -> Modifier {
        Modifier::Rule { scope, rule: MonsterRule::NoBattleDamageToController }
    }
    /// `Rule` with [`MonsterRule::BanishBattleVictims`].
    pub fn banish_battle_victims(scope: Scope) -> Modifier {
        Modifier::Rule { scope, rule: MonsterRule::BanishBattleVictims }
    }
    /// `Rule` with [`MonsterRule::BanishWhenLeaving`].
    pub fn banish_when_leaving(scope: Scope) -> Modifier {
        Modifier::Rule { scope, rule: MonsterRule::BanishWhenLeaving }
    }
    /// `Rule` with [`MonsterRule::ReflectBattleDamage`].
    pub fn reflect_battle_damage(scope: Scope) -> Modifier {
        Modifier::Rule { scope, rule: MonsterRule::ReflectBattleDamage }
    }
    /// `Rule` with [`MonsterRule::DestroyEquippedInstead`].
    pub fn destroy_equipped_instead(scope: Scope) -> Modifier {
        Modifier::Rule { scope, rule: MonsterRule::DestroyEquippedInstead }
    }
    /// `Rule` with [`MonsterRule::DestroyEquippedInsteadByAny`].
    pub fn destroy_equipped_instead_by_any(scope: Scope) -> Modifier {
        Modifier::Rule { scope, rule: MonsterRule::DestroyEquippedInsteadByAny }
    }
    /// `Rule` with [`MonsterRule::DefenseWhenSummoned`].
    pub fn defense_when_summoned(scope: Scope) -> Modifier {
        Modifier::Rule { scope, rule: MonsterRule::DefenseWhenSummoned }
    }
    /// `Rule` with [`MonsterRule::ForceDefense`].
    pub fn force_defense(scope: Scope) -> Modifier {
        Modifier::Rule { scope, rule: MonsterRule::ForceDefense }
    }
    /// `Rule` with [`MonsterRule::ForceAttack`].
    pub fn force_attack(scope: Scope) -> Modifier {
        Modifier::Rule { scope, rule: MonsterRule::ForceAttack }
    }
    /// `Rule` with [`MonsterRule::DestroyAfterTargeted`].
    pub fn destroy_after_targeted(scope: Scope) -> Modifier {
        Modifier::Rule { scope, rule: MonsterRule::DestroyAfterTargeted }
    }
    /// `Rule` with [`MonsterRule::DestroyWhenTargeted`].
    pub fn destroy_when_targeted(scope: Scope) -> Modifier {
        Modifier::Rule { scope, rule: MonsterRule::DestroyWhenTargeted }
    }
    /// `Rule` with [`MonsterRule::AttackInDefense`].
    pub fn attack_in_defense(scope: Scope) -> Modifier {
        Modifier::Rule { scope, rule: MonsterRule::AttackInDefense }
    }
    /// `Rule` with [`MonsterRule::BattleVictimsToDeck`].
    pub fn battle_victims_to_deck(scope: Scope) -> Modifier {
        Modifier::Rule { scope, rule: MonsterRule::BattleVictimsToDeck }
    }
    /// `Rule` with [`MonsterRule::DrawsAttacks`].
    pub fn draws_attacks(scope: Scope) -> Modifier {
        Modifier::Rule { scope, rule: MonsterRule::DrawsAttacks }
    }
    /// `Cannot` with [`Act::BeSpecialSummonedFrom`], for this card.
    pub fn no_special_summon_from(from: super::filter::Origin) -> Modifier {
        Modifier::Cannot { scope: Scope::This, act: Act::BeSpecialSummonedFrom(from) }
    }
    /// The scope of a `Cannot` of this act.
    pub fn cannot_scope(&self, act: Act) -> Option<&Scope> {
        match self {
            Modifier::Cannot { scope, act: a } if *a == act => Some(scope),
            _ => None,
        }
    }
    /// The scope of a `Rule` of this rule.
    pub fn rule_scope(&self, rule: MonsterRule) -> Option<&Scope> {
        match self {
            Modifier::Rule { scope, rule: r } if *r == rule => Some(scope),
            _ => None,
        }
    }
}

/// Whose effects a [`Modifier::Negate`] negates.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Negation {
    /// Trap negation: every other trap effect on the field is negated ("Royal Decree").
    OtherTrapEffects,
    /// Monster-effect negation: face-up monsters on the field have their effects negated
    /// (activations still legal; "Skill Drain"); applied to one monster, only its effects.
    MonsterEffects,
    /// Scoped monster-effect negation: face-up monsters in scope have their effects negated
    /// ("Fiend Skull Dragon": Flip monsters).
    MonsterEffectsOf(Scope),
    /// Negation on the field: the effects of the Spell and Trap Cards on the field that match
    /// the filter are negated ("Spell Canceller": every Spell).
    CardsOnField(Filter),
    /// Negation of battle victims: the effects of the monsters this card destroys by battle
    /// are negated while they stay where that battle sent them (the GY: "Dark Balter the
    /// Terrible").
    BattleVictimsInGy,
}

impl Modifier {
    /// `Negate` with [`Negation::OtherTrapEffects`].
    pub fn negate_other_trap_effects() -> Modifier {
        Modifier::Negate(Negation::OtherTrapEffects)
    }
    /// `Negate` with [`Negation::MonsterEffects`].
    pub fn negate_monster_effects() -> Modifier {
        Modifier::Negate(Negation::MonsterEffects)
    }
    /// `Negate` with [`Negation::MonsterEffectsOf`].
    pub fn negate_monster_effects_of(a0: Scope) -> Modifier {
        Modifier::Negate(Negation::MonsterEffectsOf(a0))
    }
    /// `Negate` with [`Negation::CardsOnField`].
    pub fn negate_cards_on_field(a0: Filter) -> Modifier {
        Modifier::Negate(Negation::CardsOnField(a0))
    }
    /// `Negate` with [`Negation::BattleVictimsInGy`].
    pub fn negate_battle_victims_in_gy() -> Modifier {
        Modifier::Negate(Negation::BattleVictimsInGy)
    }
}

/// A rule a [`Modifier::Duel`] sets for the duel while it applies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DuelRule {
    /// Trap lock: trap cards cannot be activated and trap effects on the field are negated
    /// ("Jinzo").
    NoTraps,
    /// Banishment instead of the GY: cards matching the filter that would be sent to the GY
    /// are banished instead ("Macro Cosmos": any card; "Dimensional Fissure": monsters).
    BanishInsteadOfGy(super::filter::Filter),
    /// Decks turned over: the top card of each Main Deck is face-up, public to both
    /// players, while this applies ("Convulsion of Nature").
    DecksFaceUp,
    /// Graveyard lock: cards in either GY cannot leave it by a card effect or a cost (to the
    /// hand, Deck or field, banished), nor be targeted by card effects; an effect that would
    /// move one does not move it ("Necrovalley").
    GyLocked,
    /// No face-down summons (SUM-1): neither player can Set a monster; a Normal Summon may be
    /// made in face-up Defense Position; a monster that would be Special Summoned face-down
    /// is Special Summoned in face-up Defense Position instead ("Light of Intervention").
    NoMonsterSets,
    /// No effect damage (BATTLE-10): the controller of the source takes no effect damage
    /// ("Des Wombat").
    NoEffectDamage,
    /// Reversed recovery: while it applies, LP the source's controller's opponent would
    /// gain from a card effect are inflicted to them as effect damage instead ("Bad
    /// Reaction to Simochi").
    OpponentGainsBecomeDamage,
    /// Battle damage shield by battler: the source's controller takes no battle damage from
    /// a battle a monster matching the filter is in, on either side ("Emissary of the
    /// Oasis": Level 3 or lower Normal Monsters).
    NoBattleDamageFromBattlesOf(super::filter::Filter),
    /// The attacked player chooses (BATTLE-2): the source's controller chooses the target of
    /// each attack its opponent declares on a monster, among the monsters that attacker could
    /// attack; the attacking player still chooses whether to attack, with which monster, and a
    /// direct attack where one is legal ("Patrician of Darkness").
    ChoosesOpponentsAttackTargets,
    /// Gains and losses reversed: every ATK/DEF gain ([`Modifier::AtkDef`]) applies as a loss
    /// of the same amount and every loss as a gain, for every monster, while this applies; an
    /// "ATK/DEF becomes" value is not a gain or a loss and stays ("Reverse Trap").
    StatChangesReversed,
    /// Recovery before a heavy hit (BATTLE-7): when the source's controller is about to take
    /// at least `min` battle damage in one battle, they first gain `gain` LP, then the damage
    /// is subtracted. A lingering rule applies once and ends (a continuous one each time).
    GainBeforeBattleDamage {
        /// The least battle damage (of one battle) that sets it off.
        min: i32,
        /// The LP gained first.
        gain: i32,
    },
    /// Plays from the hand cost LP: while it applies, each player pays this many LP for each
    /// card they Normal Summon, Set, Special Summon or activate from their hand (a monster's
    /// effect activated there too), as they play it; a play they cannot pay for is not
    /// legal, and a card an effect would Special Summon from the hand stays there unless its
    /// summoner pays. Cards sent, discarded or Tributed as a cost are not plays. Two such rules
    /// add up.
    HandPlayCost(i32),
    /// Monsters of the field banished instead of monsters of a GY: while it applies, when its
    /// player (the source's controller) would banish monsters from a GY, as a cost (of an
    /// activation or of a summon procedure) or by their effect, they banish as many monsters
    /// from their own field instead, chosen by them, and the GY monsters stay. A cost is
    /// payable only if the GY holds the monsters it names and their field enough monsters; an
    /// effect with fewer monsters on their field banishes those it can. Other cards of the GY
    /// (Spells, Traps) are banished as usual.
    FieldBanishedForGy,
}

impl Modifier {
    /// `Duel` with [`DuelRule::NoTraps`].
    pub fn no_traps() -> Modifier {
        Modifier::Duel(DuelRule::NoTraps)
    }
    /// `Duel` with [`DuelRule::BanishInsteadOfGy`].
    pub fn banish_instead_of_gy() -> Modifier {
        Modifier::Duel(DuelRule::BanishInsteadOfGy(super::filter::Filter::Any))
    }
    /// `Duel` with [`DuelRule::BanishInsteadOfGy`] for the cards matching `f` only.
    pub fn banish_instead_of_gy_if(f: super::filter::Filter) -> Modifier {
        Modifier::Duel(DuelRule::BanishInsteadOfGy(f))
    }
    /// `Duel` with [`DuelRule::DecksFaceUp`].
    pub fn decks_face_up() -> Modifier {
        Modifier::Duel(DuelRule::DecksFaceUp)
    }
    /// `Duel` with [`DuelRule::GyLocked`].
    pub fn gy_locked() -> Modifier {
        Modifier::Duel(DuelRule::GyLocked)
    }
    /// `Duel` with [`DuelRule::NoMonsterSets`].
    pub fn no_monster_sets() -> Modifier {
        Modifier::Duel(DuelRule::NoMonsterSets)
    }
    /// `Duel` with [`DuelRule::StatChangesReversed`].
    pub fn stat_changes_reversed() -> Modifier {
        Modifier::Duel(DuelRule::StatChangesReversed)
    }
    /// `Duel` with [`DuelRule::NoEffectDamage`].
    pub fn no_effect_damage() -> Modifier {
        Modifier::Duel(DuelRule::NoEffectDamage)
    }
    /// `Duel` with [`DuelRule::NoBattleDamageFromBattlesOf`].
    pub fn no_battle_damage_from_battles_of(f: super::filter::Filter) -> Modifier {
        Modifier::Duel(DuelRule::NoBattleDamageFromBattlesOf(f))
    }
    /// `Duel` with [`DuelRule::OpponentGainsBecomeDamage`].
    pub fn opponent_gains_become_damage() -> Modifier {
        Modifier::Duel(DuelRule::OpponentGainsBecomeDamage)
    }
}
