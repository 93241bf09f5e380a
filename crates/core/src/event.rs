//! Events: one typed value for every change of the duel. The list is the game log (plain
//! text via [`Duel::event_text`](crate::Duel::event_text)), the feed for user interfaces
//! and the input of trigger detection.

use serde::{Deserialize, Serialize};

use crate::state::CardId;
use crate::types::{BattleStep, Loc, Outcome, Phase, Player, Position};

/// Why a card moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reason {
    /// Drawn from the deck (PHASE-2).
    Draw,
    /// Summoned to a Monster Zone.
    Summon,
    /// Set face-down: a monster (SUM-1) or a spell/trap.
    Set,
    /// Tributed: for a Tribute Summon (SUM-2), a summon procedure or a Ritual Summon (SUM-8).
    Tribute,
    /// Destroyed by battle (MISC-4).
    Battle,
    /// Destroyed by a card effect.
    Destroy,
    /// Destroyed by rule (MISC-4).
    RuleDestroy,
    /// Discarded: by the hand-size rule (PHASE-6), an effect or a cost (MISC-4).
    Discard,
    /// Sent or banished as a cost (EFF-5), or a summon procedure's requirement (SUM-6).
    Cost,
    /// Moved by a card effect (sent, banished, returned, shuffled into the deck).
    Effect,
    /// Moved by rule, not destroyed: Xyz materials leaving with their monster (ZONE-10), a
    /// replaced Field Spell (ZONE-5, Master Rule 3 on), a negated spell/trap (CHAIN-4), a
    /// monster with no zone to return to.
    Rule,
    /// Placed on the field by its own activation (CHAIN-8).
    Activate,
    /// A spell/trap sent to the GY after its link resolved (SPELL-2, TRAP-2).
    Resolve,
    /// Used as Fusion/Synchro/Xyz/Link material (SUM-9..SUM-13).
    Material,
}

impl Reason {
    /// MISC-4: battle, destroy effects and rule destruction are "destroyed".
    pub fn is_destroy(self) -> bool {
        matches!(self, Reason::Battle | Reason::Destroy | Reason::RuleDestroy)
    }
}

/// The cards of one draw ([`Event::Drew`]), with the player who drew them. Up to
/// [`Draw::INLINE`] cards are held in place (an event, and every clone of the log, then
/// costs no allocation); a larger draw keeps its cards on the heap. Serialised as
/// `{"player": .., "cards": [..]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "DrawFields", into = "DrawFields")]
pub struct Draw(DrawRepr);

/// How a [`Draw`] holds its cards. A draw of at most [`Draw::INLINE`] cards is always
/// `Few`, with the unused places zero, so the derived equality compares the cards.
#[derive(Clone, Debug, PartialEq, Eq)]
// `Box<Vec<_>>` on purpose: a thin pointer keeps `Event` at 16 bytes (`Box<[_]>` is two
// words), at the cost of a second allocation for draws of more than `Draw::INLINE` cards.
#[allow(clippy::box_collection)]
enum DrawRepr {
    Few { player: Player, len: u8, cards: [CardId; Draw::INLINE] },
    Many { player: Player, cards: Box<Vec<CardId>> },
}

/// The serialised form of a [`Draw`] (the fields `Event::Drew` has always had).
#[derive(Clone, Serialize, Deserialize)]
struct DrawFields {
    player: Player,
    cards: Vec<CardId>,
}

impl Draw {
    /// The most cards a draw holds without an allocation.
    pub const INLINE: usize = 6;

    /// `player` drew `cards`, in order.
    pub fn new(player: Player, cards: &[CardId]) -> Draw {
        if cards.len() <= Draw::INLINE {
            let mut held = [CardId(0); Draw::INLINE];
            held[..cards.len()].copy_from_slice(cards);
            Draw(DrawRepr::Few { player, len: cards.len() as u8, cards: held })
        } else {
            Draw(DrawRepr::Many { player, cards: Box::new(cards.to_vec()) })
        }
    }
    /// Who drew.
    pub fn player(&self) -> Player {
        match &self.0 {
            DrawRepr::Few { player, .. } | DrawRepr::Many { player, .. } => *player,
        }
    }
    /// The cards drawn, in order.
    pub fn cards(&self) -> &[CardId] {
        match &self.0 {
            DrawRepr::Few { len, cards, .. } => &cards[..*len as usize],
            DrawRepr::Many { cards, .. } => cards,
        }
    }
}

impl From<DrawFields> for Draw {
    fn from(f: DrawFields) -> Draw {
        Draw::new(f.player, &f.cards)
    }
}

impl From<Draw> for DrawFields {
    fn from(d: Draw) -> DrawFields {
        DrawFields { player: d.player(), cards: d.cards().to_vec() }
    }
}

/// One change of the duel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A turn began.
    TurnStarted {
        /// Its number, from 1.
        turn: u32,
        /// The turn player.
        player: Player,
    },
    /// A phase began (PHASE-1).
    PhaseEntered {
        /// The phase.
        phase: Phase,
    },
    /// A step of the Battle Phase (or a sub-step of the Damage Step) began (PHASE-5, BATTLE-4).
    StepEntered {
        /// The step.
        step: BattleStep,
    },
    /// A player's deck was shuffled (MISC-6).
    Shuffled {
        /// Whose deck.
        player: Player,
    },
    /// Face-down monsters of a player were dealt again among the Monster Zones they held
    /// (`Op::ShuffleMonsterZones`): which card went where is hidden from every viewer.
    MonstersShuffled {
        /// Whose Monster Zones.
        player: Player,
    },
    /// MISC-5: one event however many cards were drawn: who drew and the cards drawn, in
    /// order (hidden from the opponent: MISC-3).
    Drew(Draw),
    /// A card changed place. Every move of every card is one of these.
    Moved {
        /// The card.
        card: CardId,
        /// Where it was.
        from: Loc,
        /// Where it is now.
        to: Loc,
        /// Why it moved.
        reason: Reason,
        /// It is face-up where it arrived.
        face_up: bool,
    },
    /// A Normal or Tribute Summon succeeded (SUM-1, SUM-2, SUM-15).
    NormalSummoned {
        /// The monster.
        card: CardId,
        /// It was a Tribute Summon.
        tribute: bool,
    },
    /// A monster was Set face-down (SUM-1): not a summon.
    MonsterSet {
        /// The monster.
        card: CardId,
    },
    /// A spell or trap was Set face-down.
    SpellSet {
        /// The card.
        card: CardId,
    },
    /// A Flip Summon succeeded (SUM-4).
    FlipSummoned {
        /// The monster.
        card: CardId,
    },
    /// A Special Summon succeeded, of any kind (SUM-5..SUM-15).
    SpecialSummoned {
        /// The monster.
        card: CardId,
    },
    /// A card's position changed (POS-2; effects).
    PositionChanged {
        /// The card.
        card: CardId,
        /// Its position before.
        from: Position,
        /// Its position now.
        to: Position,
    },
    /// A face-down monster was turned face-up by any means: its Flip effect activates (EFF-1).
    Flipped {
        /// The monster.
        card: CardId,
    },
    /// An attack was declared (BATTLE-2), or a new target chosen after a replay (BATTLE-3).
    AttackDeclared {
        /// The attacking monster.
        attacker: CardId,
        /// The monster attacked; `None` for a direct attack.
        target: Option<CardId>,
    },
    /// BATTLE-3: after a replay the attacker stopped its attack.
    AttackStopped {
        /// The monster that had attacked.
        attacker: CardId,
    },
    /// A player took battle damage (BATTLE-5..7, BATTLE-10).
    BattleDamage {
        /// Who took it.
        player: Player,
        /// How much.
        amount: i32,
        /// The monster whose battle dealt it.
        by: CardId,
    },
    /// A player's LP changed (damage, payment, gain).
    LpChanged {
        /// Whose LP.
        player: Player,
        /// The LP before.
        from: i32,
        /// The LP now (never below 0).
        to: i32,
    },
    /// A card was destroyed (MISC-4); its move follows as an [`Event::Moved`] (for a
    /// battle, at the end of the Damage Step).
    Destroyed {
        /// The card.
        card: CardId,
        /// By battle, by an effect or by rule.
        reason: Reason,
    },
    /// A card or effect was activated as chain link `link` (1-based).
    Activated {
        /// The card.
        card: CardId,
        /// Who activates it (the chain link's controller: for a trigger of a card that has
        /// left the field, the player who controlled it there, not the GY's owner).
        player: Player,
        /// The effect's index among the card's declared effects ([`crate::Action::Activate`]).
        effect: u8,
        /// Its chain link number.
        link: u8,
        /// The first two cards it targets (EFF-6: targets are chosen on activation and
        /// shown to both players), for the log and the chain a player reads.
        #[serde(default)]
        targets: [Option<CardId>; 2],
    },
    /// The activation of a chain link was negated (CHAIN-4).
    ActivationNegated {
        /// The card.
        card: CardId,
        /// The chain link.
        link: u8,
    },
    /// The effect of a chain link was negated: the activation stands (CHAIN-4).
    EffectNegated {
        /// The card.
        card: CardId,
        /// The chain link.
        link: u8,
    },
    /// A link resolved (its effect applied or did nothing).
    LinkResolved {
        /// The card.
        card: CardId,
        /// The chain link.
        link: u8,
    },
    /// The whole chain has resolved (CHAIN-3).
    ChainEnded,
    /// The duel ended (WIN-*); nothing follows (WIN-5).
    DuelEnded {
        /// Who won and why.
        outcome: Outcome,
    },
    /// A summon was negated (SUM-3).
    SummonNegated {
        /// The monster.
        card: CardId,
    },
    /// An attack was negated by an effect.
    AttackNegated {
        /// The attacking monster.
        attacker: CardId,
    },
    /// A monster changed controller (ZONE-11).
    ControlChanged {
        /// The monster.
        card: CardId,
        /// Its controller now.
        to: Player,
    },
    /// An equip card was equipped to a monster (SPELL-4).
    Equipped {
        /// The equip card.
        card: CardId,
        /// The monster.
        to: CardId,
    },
    /// A card was revealed to the opponent (MISC-7).
    Revealed {
        /// The card.
        card: CardId,
    },
    /// A player declared a card name, type or number.
    Announced {
        /// Who declared.
        player: Player,
        /// What: an [`crate::Action::Announce`] value.
        value: u32,
        /// What kind of declaration it was.
        kind: crate::engine::AnnounceKind,
    },
    /// A coin was tossed (MISC-6).
    CoinTossed {
        /// The player whose effect tossed it.
        player: Player,
        /// It landed heads.
        heads: bool,
    },
    /// Counters were placed (positive) or removed (negative) (MISC-2).
    Counters {
        /// The card.
        card: CardId,
        /// The kind of counter.
        kind: crate::effect::Counter,
        /// How many were placed (positive) or removed (negative).
        delta: i32,
    },
    /// A phase was skipped (PHASE-8).
    PhaseSkipped {
        /// The phase.
        phase: Phase,
    },
    /// A player took damage from a card effect (its [`Event::LpChanged`] follows).
    EffectDamage {
        /// Who took it.
        player: Player,
        /// How much.
        amount: i32,
        /// The card whose effect inflicted it.
        by: CardId,
    },
}

/// One bit per kind of [`Event`] ([`Event::kind_bit`]).
pub struct EventKinds;

impl EventKinds {
    /// [`Event::TurnStarted`].
    pub const TURN_STARTED: u64 = 1 << 0;
    /// [`Event::PhaseEntered`].
    pub const PHASE_ENTERED: u64 = 1 << 1;
    /// [`Event::StepEntered`].
    pub const STEP_ENTERED: u64 = 1 << 2;
    /// [`Event::Shuffled`].
    pub const SHUFFLED: u64 = 1 << 3;
    /// [`Event::Drew`].
    pub const DREW: u64 = 1 << 4;
    /// [`Event::Moved`].
    pub const MOVED: u64 = 1 << 5;
    /// [`Event::NormalSummoned`].
    pub const NORMAL_SUMMONED: u64 = 1 << 6;
    /// [`Event::MonsterSet`].
    pub const MONSTER_SET: u64 = 1 << 7;
    /// [`Event::SpellSet`].
    pub const SPELL_SET: u64 = 1 << 8;
    /// [`Event::FlipSummoned`].
    pub const FLIP_SUMMONED: u64 = 1 << 9;
    /// [`Event::SpecialSummoned`].
    pub const SPECIAL_SUMMONED: u64 = 1 << 10;
    /// [`Event::PositionChanged`].
    pub const POSITION_CHANGED: u64 = 1 << 11;
    /// [`Event::Flipped`].
    pub const FLIPPED: u64 = 1 << 12;
    /// [`Event::AttackDeclared`].
    pub const ATTACK_DECLARED: u64 = 1 << 13;
    /// [`Event::AttackStopped`].
    pub const ATTACK_STOPPED: u64 = 1 << 14;
    /// [`Event::BattleDamage`].
    pub const BATTLE_DAMAGE: u64 = 1 << 15;
    /// [`Event::LpChanged`].
    pub const LP_CHANGED: u64 = 1 << 16;
    /// [`Event::Destroyed`].
    pub const DESTROYED: u64 = 1 << 17;
    /// [`Event::Activated`].
    pub const ACTIVATED: u64 = 1 << 18;
    /// [`Event::ActivationNegated`].
    pub const ACTIVATION_NEGATED: u64 = 1 << 19;
    /// [`Event::EffectNegated`].
    pub const EFFECT_NEGATED: u64 = 1 << 20;
    /// [`Event::LinkResolved`].
    pub const LINK_RESOLVED: u64 = 1 << 21;
    /// [`Event::ChainEnded`].
    pub const CHAIN_ENDED: u64 = 1 << 22;
    /// [`Event::DuelEnded`].
    pub const DUEL_ENDED: u64 = 1 << 23;
    /// [`Event::SummonNegated`].
    pub const SUMMON_NEGATED: u64 = 1 << 24;
    /// [`Event::AttackNegated`].
    pub const ATTACK_NEGATED: u64 = 1 << 25;
    /// [`Event::ControlChanged`].
    pub const CONTROL_CHANGED: u64 = 1 << 26;
    /// [`Event::Equipped`].
    pub const EQUIPPED: u64 = 1 << 27;
    /// [`Event::Revealed`].
    pub const REVEALED: u64 = 1 << 28;
    /// [`Event::Announced`].
    pub const ANNOUNCED: u64 = 1 << 29;
    /// [`Event::CoinTossed`].
    pub const COIN_TOSSED: u64 = 1 << 30;
    /// [`Event::Counters`].
    pub const COUNTERS: u64 = 1 << 31;
    /// [`Event::PhaseSkipped`].
    pub const PHASE_SKIPPED: u64 = 1 << 32;
    /// [`Event::EffectDamage`].
    pub const EFFECT_DAMAGE: u64 = 1 << 33;
    /// [`Event::MonstersShuffled`].
    pub const MONSTERS_SHUFFLED: u64 = 1 << 34;
    /// Every kind.
    pub const ALL: u64 = u64::MAX;
}

impl Event {
    /// The kind of this event as one bit (by variant): a trigger says which kinds can start
    /// it ([`crate::effect::Trigger::event_kinds`]), so a card is not asked about an event
    /// none of its triggers reads.
    pub fn kind_bit(&self) -> u64 {
        match self {
            Event::TurnStarted { .. } => EventKinds::TURN_STARTED,
            Event::PhaseEntered { .. } => EventKinds::PHASE_ENTERED,
            Event::StepEntered { .. } => EventKinds::STEP_ENTERED,
            Event::Shuffled { .. } => EventKinds::SHUFFLED,
            Event::MonstersShuffled { .. } => EventKinds::MONSTERS_SHUFFLED,
            Event::Drew(_) => EventKinds::DREW,
            Event::Moved { .. } => EventKinds::MOVED,
            Event::NormalSummoned { .. } => EventKinds::NORMAL_SUMMONED,
            Event::MonsterSet { .. } => EventKinds::MONSTER_SET,
            Event::SpellSet { .. } => EventKinds::SPELL_SET,
            Event::FlipSummoned { .. } => EventKinds::FLIP_SUMMONED,
            Event::SpecialSummoned { .. } => EventKinds::SPECIAL_SUMMONED,
            Event::PositionChanged { .. } => EventKinds::POSITION_CHANGED,
            Event::Flipped { .. } => EventKinds::FLIPPED,
            Event::AttackDeclared { .. } => EventKinds::ATTACK_DECLARED,
            Event::AttackStopped { .. } => EventKinds::ATTACK_STOPPED,
            Event::BattleDamage { .. } => EventKinds::BATTLE_DAMAGE,
            Event::LpChanged { .. } => EventKinds::LP_CHANGED,
            Event::Destroyed { .. } => EventKinds::DESTROYED,
            Event::Activated { .. } => EventKinds::ACTIVATED,
            Event::ActivationNegated { .. } => EventKinds::ACTIVATION_NEGATED,
            Event::EffectNegated { .. } => EventKinds::EFFECT_NEGATED,
            Event::LinkResolved { .. } => EventKinds::LINK_RESOLVED,
            Event::ChainEnded => EventKinds::CHAIN_ENDED,
            Event::DuelEnded { .. } => EventKinds::DUEL_ENDED,
            Event::SummonNegated { .. } => EventKinds::SUMMON_NEGATED,
            Event::AttackNegated { .. } => EventKinds::ATTACK_NEGATED,
            Event::ControlChanged { .. } => EventKinds::CONTROL_CHANGED,
            Event::Equipped { .. } => EventKinds::EQUIPPED,
            Event::Revealed { .. } => EventKinds::REVEALED,
            Event::Announced { .. } => EventKinds::ANNOUNCED,
            Event::CoinTossed { .. } => EventKinds::COIN_TOSSED,
            Event::Counters { .. } => EventKinds::COUNTERS,
            Event::PhaseSkipped { .. } => EventKinds::PHASE_SKIPPED,
            Event::EffectDamage { .. } => EventKinds::EFFECT_DAMAGE,
        }
    }
}

impl Event {
    /// Events that change the duel (as opposed to bookkeeping of phases and chains):
    /// what "when ..." conditions look at.
    pub fn is_happening(&self) -> bool {
        !matches!(
            self,
            Event::TurnStarted { .. }
                | Event::PhaseEntered { .. }
                | Event::StepEntered { .. }
                | Event::Activated { .. }
                | Event::LinkResolved { .. }
                | Event::ChainEnded
                | Event::DuelEnded { .. }
                | Event::Announced { .. }
        )
    }
}
