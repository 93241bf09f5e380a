//! The duel as plain data and its read accessors; the mutation atoms (the only functions that
//! move cards and change LP, each recording its [`Event`]) are in `moves.rs`.

use std::sync::Arc;

use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::card::CardData;
use crate::edition::Edition;
use crate::engine::{Prompt, Task};
use crate::event::{Draw, Event, Reason};
use crate::pool::{CardPool, DefIndex};
use crate::types::{BattleStep, Loc, Outcome, Phase, Player, Position, SummonKind, Turn, Zone};

mod moves;

/// A card instance in a duel (see [`Duel::card_ids`]). Allocated at setup (a token when
/// it is created), never reused; private to the engine's bookkeeping (actions name places,
/// not ids).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CardId(pub u16);

/// A saved duel was given a card pool that does not hold its cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the card pool does not match the saved duel: card instance {} should be passcode {code}", .card.0)]
pub struct PoolMismatch {
    /// The first card instance that does not match.
    pub card: CardId,
    /// The passcode the duel recorded for it.
    pub code: u32,
}

/// What a once-per-turn (or per-duel) use is counted by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UseKey {
    /// This card instance's effect (soft once per turn).
    Card(CardId),
    /// A card name's effect, used by this player (hard once per turn).
    Name { code: u32, player: Player },
    /// A player's Pendulum Summon of the turn (SUM-12).
    PendulumSummon(Player),
    /// This card instance's effect in one battle (numbered by [`Duel`]'s attack count).
    Battle { card: CardId, battle: u32 },
}

/// One recorded use: the key, the effect (or its limit group), the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Use {
    /// What is counted.
    pub key: UseKey,
    /// The effect index, or its limit group (offset by 128).
    pub effect: u8,
    /// When.
    pub turn: u32,
    /// A once-per-duel use: kept when its card leaves the field (MISC-8 forgets the others).
    #[serde(default)]
    pub per_duel: bool,
}

/// A card remembered by an effect ([`crate::effect::Op::Remember`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MemoryEntry {
    /// The card whose effect remembers.
    pub source: CardId,
    /// The slot.
    pub slot: crate::effect::Mem,
    /// The remembered card and its move count then (it is forgotten once it moves).
    pub card: CardId,
    pub card_moves: u32,
    /// The turn it was remembered.
    pub turn: u32,
}

/// Steps scheduled for a later moment ([`crate::effect::Op::Later`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Delayed {
    /// The effect: card, effect index, and the path of the `Later` step in its steps.
    pub card: CardId,
    pub effect: u8,
    pub path: SmallVec<[u8; 6]>,
    /// Its controller.
    pub controller: Player,
    /// When it runs.
    pub at: crate::effect::Moment,
    /// The turn in whose End Phase it runs (for a [`crate::effect::Moment::DamageStep`]:
    /// the battle, [`Duel::battles`]).
    pub turn: u32,
    /// The cards the step before it affected, with their move counts then: the later steps'
    /// `Obj::Affected`, while they stay where they were.
    #[serde(default)]
    pub cards: SmallVec<[(CardId, u32); 4]>,
}

/// The state of one card instance: plain `Copy` data (what only a few cards carry, Xyz
/// materials, counters and the targets of "attack every monster", is kept by the duel:
/// [`Duel::materials`], [`Duel::counters`]), so a duel's cards clone as one copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardState {
    /// The card's definition in the duel's [`CardPool`].
    pub def: DefIndex,
    /// Its passcode (also recorded so that a re-attached pool can be checked).
    pub code: u32,
    // Where the card is and who has it: written only by the mutation atoms of this module
    // (read through the accessors below).
    owner: Player,
    controller: Player,
    zone: Zone,
    /// Slot for field zones; for piles the index is found by search.
    slot: u8,
    /// Monsters: the battle position. Spells/traps and other zones: `FaceUpAttack` means
    /// face-up, `FaceDownDefense` means face-down (Set, face-down banished or Extra Deck).
    position: Position,
    /// The turn the card entered its current zone (summoned or Set turn).
    pub entered_turn: Turn,
    /// How it was summoned to where it is ([`SummonKind::None`] off the field).
    pub summon: SummonKind,
    /// SUM-7: it was properly summoned, so it may be revived.
    pub properly_summoned: bool,
    /// Turn of its last attack declaration and how many it declared that turn.
    pub attacked_turn: Turn,
    /// Attacks declared on `attacked_turn`.
    pub attacks: u8,
    /// Turn of its last position change (manual change or Flip Summon: POS-2, SUM-4).
    pub position_changed_turn: Turn,
    /// An equip card: the monster it is equipped to (SPELL-4).
    pub equip_to: Option<CardId>,
    /// A face-up continuous card whose activation has resolved: its effects apply (EFF-2).
    pub active: bool,
    /// Increments every time the card changes zone: a bound target remembers it (EFF-6).
    pub moves: u32,
    /// How it came to its current place: turn, reason, the player whose effect moved it,
    /// and the zone it left.
    pub arrived: Arrival,
    /// Last turn this monster destroyed a monster by battle.
    pub battle_kill_turn: Turn,
    /// Last turn this monster was in a battle that reached the Damage Step.
    #[serde(default)]
    pub battled_turn: Turn,
    /// Last turn it was turned face-up (Flip Summon, attack, effect).
    pub flipped_turn: Turn,
    /// Tributes used for its Tribute Summon ("if Summoned this way").
    pub materials_count: u8,
    /// Extra attacks allowed this turn (second attack effects).
    pub extra_attacks: u8,
    /// The monster that destroyed this one by battle (kept until it moves again).
    pub killed_by: Option<CardId>,
    /// The turn it was last activated (its effect or its card).
    #[serde(default)]
    pub activated_turn: Turn,
    /// A one-shot spell/trap an effect keeps on the field ("this card stays on the field").
    #[serde(default)]
    pub stays: bool,
    /// Destroyed by battle with a monster whose effect negates its victims: its effects are
    /// negated, on the field and in the GY, until it moves again.
    #[serde(default)]
    pub battle_negated: bool,
    /// The turn this card's `Modifier::ShieldOncePerTurn` was last used (0: never).
    #[serde(default)]
    pub shield_turn: Turn,
    /// Destroyed by battle with a monster whose victims are banished instead of going to
    /// the GY.
    #[serde(default)]
    pub battle_banished: bool,
    /// Destroyed by battle with a monster whose victims are shuffled into the Deck instead
    /// of going to the GY.
    #[serde(default)]
    pub battle_to_deck: bool,
    /// MISC-7: the players (bit 0: A, bit 1: B) to whom this card was revealed where it is
    /// now; cleared when it moves (MISC-8: a new card) or its Deck is shuffled. Written only
    /// by the atoms (`emit` of a `Revealed` event, `move_card`, `shuffle_deck`).
    #[serde(default)]
    known: u8,
}

/// The stats a copy token took from the card it copies, fixed when it was summoned
/// ([`Duel::copied_stats`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CopiedStats {
    /// Its Level.
    pub level: u8,
    /// Its Attribute.
    pub attribute: Option<crate::card::Attribute>,
    /// Its Type.
    pub race: Option<crate::card::Race>,
    /// Its original ATK.
    pub atk: i32,
    /// Its original DEF.
    pub def: i32,
    /// A card that is not a monster, treated as a Normal Monster with these stats while it
    /// is in the Monster Zone ([`crate::effect::SummonStep::AsNormalMonsters`]).
    #[serde(default)]
    pub as_monster: bool,
    /// Destroyed at the end of the Battle Phase it was summoned in.
    #[serde(default)]
    pub battle_only: bool,
}

/// How a card arrived where it is (for "sent to the GY this turn", "destroyed by an
/// opponent's card effect").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arrival {
    /// The turn it arrived.
    pub turn: Turn,
    /// Why it moved (`None` before its first move).
    pub reason: Option<Reason>,
    /// The player whose effect was resolving when it moved, if any.
    pub by: Option<Player>,
    /// The zone it left.
    pub from: Option<Zone>,
    /// The battle position it had where it came from (for "return it to the field").
    #[serde(default)]
    pub from_position: Option<Position>,
}

impl CardState {
    /// A card instance of `def` (passcode `code`) owned and held by `owner` in `zone`,
    /// before it has done anything.
    pub(crate) fn new(def: DefIndex, code: u32, owner: Player, zone: Zone, position: Position, turn: u32) -> CardState {
        CardState {
            def,
            code,
            owner,
            controller: owner,
            zone,
            slot: 0,
            position,
            entered_turn: Turn::from(turn),
            summon: SummonKind::None,
            properly_summoned: false,
            attacked_turn: Turn::default(),
            attacks: 0,
            position_changed_turn: Turn::default(),
            equip_to: None,
            active: false,
            moves: 0,
            arrived: Arrival::default(),
            battle_kill_turn: Turn::default(),
            battled_turn: Turn::default(),
            flipped_turn: Turn::default(),
            materials_count: 0,
            extra_attacks: 0,
            killed_by: None,
            activated_turn: Turn::default(),
            stays: false,
            battle_negated: false,
            shield_turn: Turn::default(),
            battle_banished: false,
            battle_to_deck: false,
            known: 0,
        }
    }
    /// MISC-7: `p` knows this card by a reveal, though it is in a place hidden from them (it
    /// has not moved and its Deck has not been shuffled since).
    pub fn known_to(&self, p: Player) -> bool {
        self.known & (1 << p.idx()) != 0
    }
    /// Face-up (a monster in face-up position, a face-up spell/trap or banished card).
    pub fn face_up(&self) -> bool {
        self.position.face_up()
    }
    /// Its owner (ZONE-11).
    pub fn owner(&self) -> Player {
        self.owner
    }
    /// Who controls it now (for cards off the field: whose pile holds it).
    pub fn controller(&self) -> Player {
        self.controller
    }
    /// The zone it is in.
    pub fn zone(&self) -> Zone {
        self.zone
    }
    /// Its slot in a field zone (0 in piles).
    pub fn slot(&self) -> u8 {
        self.slot
    }
    /// Its position (see the field's documentation).
    pub fn position(&self) -> Position {
        self.position
    }
}

/// One player's side of the table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    lp: i32,
    /// Main Deck, bottom first: the top card is the last element.
    pub deck: Vec<CardId>,
    /// The hand, left to right.
    pub hand: Vec<CardId>,
    /// The Extra Deck (face-up Pendulum monsters included: ZONE-8).
    pub extra: Vec<CardId>,
    /// GY, bottom (oldest) first.
    pub gy: Vec<CardId>,
    /// Banished cards, face-up and face-down, in the order they came.
    pub banished: Vec<CardId>,
    /// Tokens not on the field (MISC-1): they do not exist for the rules.
    pub gone: Vec<CardId>,
    /// 0-4 Main Monster Zones, 5-6 Extra Monster Zones (mirrored: this player's 5 is the
    /// opponent's 6).
    pub monsters: [Option<CardId>; 7],
    /// Spell & Trap Zones 0-4 (from Master Rule 4 the outer ones double as Pendulum Zones: ZONE-4).
    pub spells: [Option<CardId>; 5],
    /// The Field Zone.
    pub field: Option<CardId>,
    /// The separate Pendulum Zones of Master Rule 3, left and right (ZONE-4).
    pub pendulum: [Option<CardId>; 2],
    /// WIN-2: this player had to draw from an empty deck.
    pub drew_from_empty: bool,
}

impl PlayerState {
    /// Life points (written only by `change_lp` and the setup).
    pub fn lp(&self) -> i32 {
        self.lp
    }
    /// The cards of a pile zone, bottom first; `None` for the field zones and Xyz materials.
    pub fn pile(&self, zone: Zone) -> Option<&Vec<CardId>> {
        Some(match zone {
            Zone::Deck => &self.deck,
            Zone::Hand => &self.hand,
            Zone::Extra => &self.extra,
            Zone::Gy => &self.gy,
            Zone::Banished => &self.banished,
            Zone::Gone => &self.gone,
            _ => return None,
        })
    }
    pub(crate) fn pile_mut(&mut self, zone: Zone) -> Option<&mut Vec<CardId>> {
        Some(match zone {
            Zone::Deck => &mut self.deck,
            Zone::Hand => &mut self.hand,
            Zone::Extra => &mut self.extra,
            Zone::Gy => &mut self.gy,
            Zone::Banished => &mut self.banished,
            Zone::Gone => &mut self.gone,
            _ => return None,
        })
    }
    /// The card in a field slot, if any.
    pub fn slot(&self, zone: Zone, i: usize) -> Option<CardId> {
        match zone {
            Zone::Monster => self.monsters.get(i).copied().flatten(),
            Zone::SpellTrap => self.spells.get(i).copied().flatten(),
            Zone::Field => (i == 0).then_some(self.field).flatten(),
            Zone::Pendulum => self.pendulum.get(i).copied().flatten(),
            _ => None,
        }
    }
    pub(crate) fn slot_mut(&mut self, zone: Zone, i: usize) -> Option<&mut Option<CardId>> {
        match zone {
            Zone::Monster => self.monsters.get_mut(i),
            Zone::SpellTrap => self.spells.get_mut(i),
            Zone::Field => (i == 0).then_some(&mut self.field),
            Zone::Pendulum => self.pendulum.get_mut(i),
            _ => None,
        }
    }
    /// Monsters this player controls, in zone order.
    pub fn monster_ids(&self) -> impl Iterator<Item = CardId> + '_ {
        self.monsters.iter().flatten().copied()
    }
    /// How many monsters this player controls.
    pub fn monster_count(&self) -> usize {
        self.monsters.iter().flatten().count()
    }
}

/// The duel's cards indexed by what their behaviour declares, built at setup (and again
/// when hidden cards are dealt anew: [`Duel::determinized`]); read-only, so every clone of
/// a duel shares one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CardIndex {
    /// Cards that have trigger effects started by events not about themselves.
    pub watchers: Vec<CardId>,
    /// The union of the event kinds ([`crate::event::EventKinds`]) the watchers' triggers
    /// read: an event of no such kind asks none of them.
    #[serde(default)]
    pub watched_kinds: u64,
    /// Cards with a win condition (WIN-3).
    pub win_watch: Vec<CardId>,
    /// Cards whose behaviour declares continuous modifiers.
    pub modifier_sources: Vec<CardId>,
    /// Cards with an effect used from the GY.
    pub gy_effect_cards: Vec<CardId>,
    /// Some card has an effect "either player can" use (the listing then looks at the
    /// opponent's activatable cards too).
    pub either_player: bool,
    /// Some card has a summon procedure used from the GY (`Behavior::summon_rule_from_gy`);
    /// without one, the Main Phase listing does not look through the GYs. (A duel saved
    /// before this field reads it as true: look.)
    #[serde(default = "looks")]
    pub gy_summon_rules: bool,
    /// Some card is brought out of the Extra Deck by an action of its own (a Synchro, Xyz,
    /// Link or field Fusion procedure: [`Duel::proc_kind`]); without one, the Main Phase
    /// listing does not look through the Extra Decks.
    #[serde(default = "looks")]
    pub extra_procs: bool,
}

/// An index flag missing from a saved duel: true, so the question it would skip is asked.
fn looks() -> bool {
    true
}

/// An entry of [`Duel::activatable`]: a card and what its definition's gates allow where it
/// is (its zone changes only by `move_card`, which renews the entry), so the listing reads
/// the card's state only for an entry with something to ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Activatable {
    pub card: CardId,
    /// The rank of its zone in its controller's listing ([`Duel::listing_rank`]; the
    /// opponent's "either player can" cards are asked apart).
    pub rank: Option<u8>,
    /// The effects (as bits) its gates allow where it is in an open Main Phase (Spell Speed
    /// 1 allowed), and outside one.
    pub fx: [u8; 2],
}

/// A duel: plain data. `Clone` is a deep copy but for what never changes during a duel
/// (the card pool and the card indexes are shared, read-only).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Duel {
    #[serde(skip)]
    pub(crate) pool: Arc<CardPool>,
    pub(crate) edition: Edition,
    pub(crate) rng: ChaCha8Rng,
    pub(crate) cards: Vec<CardState>,
    pub(crate) players: [PlayerState; 2],
    pub(crate) turn: u32,
    pub(crate) turn_player: Player,
    pub(crate) phase: Phase,
    pub(crate) step: Option<BattleStep>,
    /// Normal Summons/Sets still available this turn (PHASE-4).
    pub(crate) normal_summons_left: u8,
    /// Where the Battle Phase leads once its End Step closes (Main 2 or End).
    pub(crate) battle_dest: Phase,
    pub(crate) tasks: Vec<Task>,
    /// The chain being built or resolved (CHAIN-1): link 1 first.
    pub(crate) chain: Vec<crate::chain::ChainLink>,
    /// Cards of links resolved in the current chain (sent on when it ends).
    pub(crate) resolved: Vec<CardId>,
    /// Players who take no battle damage from the current battle.
    pub(crate) no_battle_damage: [bool; 2],
    pub(crate) prompt: Prompt,
    pub(crate) answer: Option<crate::action::Action>,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) events: Vec<Event>,
    pub(crate) actions_this_turn: u32,
    pub(crate) decisions: u64,
    /// Events of the latest happening (since the last timing boundary): what "when ..."
    /// conditions respond to.
    pub(crate) recent: Vec<Event>,
    /// Timing counter: optional "when" triggers of an older timing miss it (EFF-8).
    pub(crate) timing: u32,
    /// Changes of the duel so far (a counter): a resolution step that made one ends a
    /// happening (EFF-8 inside one resolution).
    #[serde(default)]
    pub(crate) happenings: u32,
    /// The step of a resolution just finished changed the duel: the next change starts a
    /// new timing (EFF-8: "destroy ..., then ..." makes "when" triggers of the first part
    /// miss their timing).
    #[serde(default)]
    pub(crate) step_boundary: bool,
    /// GOAT-7: monsters that arrived this turn and changed control since, with their move
    /// count, the turn and the player who controlled them when they arrived.
    #[serde(default)]
    pub(crate) arrived_under: Vec<(CardId, u32, u32, Player)>,
    /// Triggered effects waiting to be put on a chain (EFF-7, CHAIN-6).
    pub(crate) pending: Vec<crate::trigger::Pending>,
    /// Effects applied for a while (until end of turn, while a card stays, ...).
    pub(crate) lingering: Vec<crate::modifiers::Lingering>,
    /// Per-player effects (skipped phases, no battle damage this turn).
    pub(crate) player_fx: [crate::modifiers::PlayerFx; 2],
    /// Once-per-turn/duel uses.
    pub(crate) used: Vec<Use>,
    /// Cards effects remember (`Op::Remember`).
    #[serde(default)]
    pub(crate) memory: Vec<MemoryEntry>,
    /// Steps waiting for a later moment (`Op::Later`).
    #[serde(default)]
    pub(crate) delayed: Vec<Delayed>,
    /// The player whose effect is resolving (for "by an opponent's card effect").
    pub(crate) cause: Option<Player>,
    /// A single link is resolving: no win check, no activation (CHAIN-7, WIN-3).
    pub(crate) resolving: bool,
    /// The monster whose summon may be negated now (SUM-3).
    pub(crate) summon_pending: Option<CardId>,
    /// The cards indexed by what their behaviour declares (shared by clones).
    pub(crate) index: Arc<CardIndex>,
    /// The modifier sources of the index on the field, in the same order (rebuilt when one
    /// enters or leaves the field, and on attaching a pool).
    #[serde(skip)]
    pub(crate) field_sources: SmallVec<[CardId; 8]>,
    /// The kinds of modifiers ([`crate::effect::ModKinds`]) the sources on the field declare
    /// and the lingering effects carry, as one mask (rebuilt with `field_sources` and whenever
    /// a lingering effect starts or ends): a question about a kind no card can apply now
    /// costs one test ([`Duel::may_apply`]).
    #[serde(skip)]
    pub(crate) modifier_kinds: u64,
    /// Does any modifier source of the index declare a negation of effects or cards on the
    /// field, or "no traps" ([`Duel::declares_negation`])? When none does, the negation
    /// questions ask no source (most duels). Set with the index and on attaching a pool.
    #[serde(skip)]
    pub(crate) negators: bool,
    /// The cards with an effect their definition's gates let them activate from where they
    /// are, in a zone the listing looks at ([`crate::activate::LISTED_ZONES`]), per
    /// controller, by card id: the listing of activations visits these only. Kept by
    /// `move_card` and `change_control`; rebuilt with the index and on attaching a pool.
    #[serde(skip)]
    pub(crate) activatable: [SmallVec<[Activatable; 8]>; 2],
    /// TRAP-5: trap monsters on the field and the S/T zone each keeps occupied.
    pub(crate) held_spell_zones: Vec<(CardId, u8)>,
    /// Monsters whose control returns in the End Phase: (card, its move count, to).
    pub(crate) control_returns: Vec<(CardId, u32, Player)>,
    /// The current attack was negated.
    pub(crate) attack_negated: bool,
    /// An effect ended the Battle Phase.
    pub(crate) end_battle_phase: bool,
    /// An effect made it the End Phase of this turn (`Op::SkipToEndPhase`): done at the
    /// next priority point with an empty chain.
    #[serde(default)]
    pub(crate) skip_to_end_phase: bool,
    /// The monster whose negated summon is sending it to the GY right now (SUM-3, SUM-12).
    #[serde(skip)]
    pub(crate) negated_summon: Option<CardId>,
    /// Effects that resolved this turn (card, effect index): "if this effect resolved this
    /// turn" (cleared when the turn ends).
    #[serde(default)]
    pub(crate) resolved_this_turn: Vec<(CardId, u8)>,
    /// Attacks declared in the duel so far: the number of the current battle (BATTLE-2).
    #[serde(default)]
    pub(crate) battles: u32,
    /// ZONE-10: each Xyz monster that has materials, with its materials in the order they
    /// were attached (never an empty list).
    #[serde(default)]
    pub(crate) xyz_materials: Vec<(CardId, SmallVec<[CardId; 8]>)>,
    /// MISC-2: the counters on cards: card, kind, how many, in the order first placed;
    /// cleared when the card leaves the field or turns face-down.
    #[serde(default)]
    pub(crate) counters: Vec<(CardId, crate::effect::Counter, u16)>,
    /// BATTLE-2 ("attack every monster once each"): each attacker, a monster it declared
    /// an attack on during its `attacked_turn`, and that monster's move count then.
    #[serde(default)]
    pub(crate) attacked_targets: Vec<(CardId, CardId, u32)>,
    /// BATTLE-2 ([`crate::effect::Op::AttackAgainOn`], "a second attack in a row, on that
    /// monster"): the attacker, its move count, the only monster it may attack next, that
    /// monster's move count, and the turn. Until that attack is declared, no other attack may be.
    #[serde(default)]
    pub(crate) attack_again_on: Option<(CardId, u32, CardId, u32, u32)>,
    /// Monsters that battled each other (MISC-8: for as long as both stay on the field):
    /// each pair of a battle that reached the Damage Step, with their move counts then; a
    /// pair goes when one of them leaves the field.
    #[serde(default)]
    pub(crate) battled_pairs: Vec<(CardId, u32, CardId, u32)>,
    /// Monsters Special Summoned by a card's effect ([`crate::effect::Filter::SummonedBy`]):
    /// the monster, its move count then, and the passcode of the card whose effect
    /// summoned it (an identity, not an instance: samples deal hidden cards again).
    #[serde(default)]
    pub(crate) summoned_by: Vec<(CardId, u32, u32)>,
    /// Cards an effect turned face-up in a Deck to be sent to the GY when drawn ("Grave
    /// Lure"), with their move count then (a card that moved otherwise is no longer marked).
    #[serde(default)]
    pub(crate) gy_when_drawn: Vec<(CardId, u32)>,
    /// Copy tokens ([`crate::effect::SummonStep::Tokens`] with `like`) and the stats they
    /// took, which replace their printed ones (a token never comes back once gone).
    #[serde(default)]
    pub(crate) copied_stats: Vec<(CardId, CopiedStats)>,
    /// Cards whose effects that count turns count more turns than have passed
    /// ([`crate::effect::Op::AdvanceTurnCount`]): the card, its move count then (a card
    /// that moved since counts afresh), and how many more.
    #[serde(default)]
    pub(crate) turns_advanced: Vec<(CardId, u32, u8)>,
    /// Cards taken into a player's hand for this turn ([`crate::effect::Op::BorrowToHand`]):
    /// the card, the player who took it, the card whose effect took it (the source of the
    /// damage) and the damage for activating it. Emptied as the turn ends.
    #[serde(default)]
    pub(crate) borrowed: Vec<(CardId, Player, CardId, i32)>,
}

impl PartialEq for Duel {
    /// Every field of the state, named one by one (a new field does not compile until it is
    /// listed here): the pool is configuration, not state, and `field_sources`, `negators`
    /// and `activatable` are caches rebuilt from the cards (`attach_pool`).
    fn eq(&self, other: &Duel) -> bool {
        let Duel {
            pool: _,
            edition,
            rng,
            cards,
            players,
            turn,
            turn_player,
            phase,
            step,
            normal_summons_left,
            battle_dest,
            tasks,
            chain,
            resolved,
            no_battle_damage,
            prompt,
            answer,
            outcome,
            events,
            actions_this_turn,
            decisions,
            recent,
            timing,
            happenings,
            step_boundary,
            arrived_under,
            pending,
            lingering,
            player_fx,
            used,
            memory,
            delayed,
            cause,
            resolving,
            summon_pending,
            index,
            field_sources: _,
            modifier_kinds: _,
            negators: _,
            activatable: _,
            held_spell_zones,
            control_returns,
            attack_negated,
            end_battle_phase,
            skip_to_end_phase,
            negated_summon,
            resolved_this_turn,
            battles,
            xyz_materials,
            counters,
            attacked_targets,
            attack_again_on,
            battled_pairs,
            summoned_by,
            gy_when_drawn,
            copied_stats,
            turns_advanced,
            borrowed,
        } = self;
        *edition == other.edition
            && *rng == other.rng
            && *cards == other.cards
            && *players == other.players
            && *turn == other.turn
            && *turn_player == other.turn_player
            && *phase == other.phase
            && *step == other.step
            && *normal_summons_left == other.normal_summons_left
            && *battle_dest == other.battle_dest
            && *tasks == other.tasks
            && *chain == other.chain
            && *resolved == other.resolved
            && *no_battle_damage == other.no_battle_damage
            && *prompt == other.prompt
            && *answer == other.answer
            && *outcome == other.outcome
            && *events == other.events
            && *actions_this_turn == other.actions_this_turn
            && *decisions == other.decisions
            && *recent == other.recent
            && *timing == other.timing
            && *happenings == other.happenings
            && *step_boundary == other.step_boundary
            && *arrived_under == other.arrived_under
            && *pending == other.pending
            && *lingering == other.lingering
            && *player_fx == other.player_fx
            && *used == other.used
            && *memory == other.memory
            && *delayed == other.delayed
            && *cause == other.cause
            && *resolving == other.resolving
            && *summon_pending == other.summon_pending
            && *index == other.index
            && *held_spell_zones == other.held_spell_zones
            && *control_returns == other.control_returns
            && *attack_negated == other.attack_negated
            && *end_battle_phase == other.end_battle_phase
            && *skip_to_end_phase == other.skip_to_end_phase
            && *negated_summon == other.negated_summon
            && *resolved_this_turn == other.resolved_this_turn
            && *battles == other.battles
            && *xyz_materials == other.xyz_materials
            && *counters == other.counters
            && *attacked_targets == other.attacked_targets
            && *attack_again_on == other.attack_again_on
            && *battled_pairs == other.battled_pairs
            && *summoned_by == other.summoned_by
            && *gy_when_drawn == other.gy_when_drawn
            && *copied_stats == other.copied_stats
            && *turns_advanced == other.turns_advanced
            && *borrowed == other.borrowed
    }
}

/// Where a moved card goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Dest {
    pub player: Player,
    pub zone: Zone,
    /// Field slot; for the deck, `Some(0)` puts the card at the bottom, `None` on top.
    pub slot: Option<u8>,
    pub position: Position,
}

impl Duel {
    // ---- queries -------------------------------------------------------------------

    /// The card pool the duel plays with.
    pub fn pool(&self) -> &Arc<CardPool> {
        &self.pool
    }
    /// Re-attaches the card pool after deserialisation (the pool is not serialised). Every
    /// card instance records its passcode: a pool that does not hold that very card at the
    /// recorded place is refused, and the duel keeps its pool.
    pub fn attach_pool(&mut self, pool: Arc<CardPool>) -> Result<(), PoolMismatch> {
        for (i, c) in self.cards.iter().enumerate() {
            let found = (c.def as usize) < pool.len() && pool.def(c.def).data.id == c.code;
            if !found {
                return Err(PoolMismatch { card: CardId(i as u16), code: c.code });
            }
        }
        self.pool = pool;
        self.index_field_sources();
        self.index_negators();
        self.index_activatable();
        Ok(())
    }
    /// The rule edition (ERA-1).
    pub fn edition(&self) -> Edition {
        self.edition
    }
    /// The duel plays the April 2005 game rules (GOAT-3 to GOAT-7): its pool is the `goat`
    /// format's.
    pub fn goat_rules(&self) -> bool {
        self.pool.goat_rules()
    }
    /// The turn number, from 1.
    pub fn turn(&self) -> u32 {
        self.turn
    }
    /// Whose turn it is.
    pub fn turn_player(&self) -> Player {
        self.turn_player
    }
    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The current step of the Battle Phase (`None` outside it).
    pub fn battle_step(&self) -> Option<BattleStep> {
        self.step
    }
    /// How the duel ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    /// The duel has ended.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }
    /// Every event of the duel so far, oldest first (unless [`Duel::clear_events`] dropped them).
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    /// The events of the latest happening (since the last timing boundary): what "when ..."
    /// conditions respond to (EFF-8).
    pub fn last_happening(&self) -> &[Event] {
        &self.recent
    }
    /// Drops the recorded events (search clones do not need the log).
    pub fn clear_events(&mut self) {
        self.events.clear();
    }
    /// One player's side of the table.
    pub fn player(&self, p: Player) -> &PlayerState {
        &self.players[p.idx()]
    }
    /// A player's Life Points.
    pub fn lp(&self, p: Player) -> i32 {
        self.players[p.idx()].lp
    }
    /// Normal Summons or Sets the turn player may still make this turn (PHASE-4).
    pub fn normal_summons_left(&self) -> u8 {
        self.normal_summons_left + u8::from(self.raised_normal_summon_left(self.turn_player))
    }
    /// Number of decisions answered so far.
    pub fn decisions(&self) -> u64 {
        self.decisions
    }
    /// The state of one card instance; panics on an id not of this duel.
    pub fn card(&self, id: CardId) -> &CardState {
        &self.cards[id.0 as usize]
    }
    /// Every card instance of the duel (tokens included), in id order.
    pub fn card_ids(&self) -> impl Iterator<Item = CardId> {
        (0..self.cards.len() as u16).map(CardId)
    }
    /// The printed facts of a card instance.
    pub fn data(&self, id: CardId) -> &CardData {
        &self.pool.def(self.card(id).def).data
    }
    /// The name of a card instance.
    pub fn name(&self, id: CardId) -> &str {
        &self.data(id).name
    }
    /// The card at a place, if any.
    pub fn card_at(&self, loc: Loc) -> Option<CardId> {
        let p = &self.players[loc.player.idx()];
        match loc.zone {
            // Xyz materials: index = host's Monster Zone * 8 + place under it.
            Zone::Material => {
                let host = p.slot(Zone::Monster, loc.index as usize / 8)?;
                self.materials(host).get(loc.index as usize % 8).copied()
            }
            z if z.is_pile() => p.pile(z)?.get(loc.index as usize).copied(),
            z => p.slot(z, loc.index as usize),
        }
    }
    /// Where a card is now.
    pub fn loc_of(&self, id: CardId) -> Loc {
        let c = self.card(id);
        if c.zone == Zone::Material {
            // Under its host (whoever controls the host now): host zone * 8 + place under it.
            if let Some((h, under)) = self.material_host(id).filter(|&(h, _)| self.card(h).zone == Zone::Monster) {
                let host = self.card(h);
                return Loc::new(host.controller, Zone::Material, host.slot as usize * 8 + under);
            }
        }
        let index = match c.zone {
            Zone::Material => c.slot as usize * 8,
            z if z.is_pile() => self.players[c.controller.idx()].pile(z).and_then(|v| v.iter().position(|&x| x == id)).unwrap_or(0),
            _ => c.slot as usize,
        };
        Loc::new(c.controller, c.zone, index)
    }
    /// An Xyz monster's materials, in the order they were attached (ZONE-10); empty for
    /// any other card.
    pub fn materials(&self, host: CardId) -> &[CardId] {
        self.xyz_materials.iter().find(|(h, _)| *h == host).map_or(&[], |(_, m)| m.as_slice())
    }
    /// The card `m` is an Xyz material of, and its place under it.
    pub(crate) fn material_host(&self, m: CardId) -> Option<(CardId, usize)> {
        self.xyz_materials.iter().find_map(|(h, ms)| ms.iter().position(|&x| x == m).map(|i| (*h, i)))
    }
    /// The counters on a card, by kind, in the order first placed (MISC-2).
    pub fn counters(&self, id: CardId) -> impl Iterator<Item = (crate::effect::Counter, u16)> + '_ {
        self.counters.iter().filter(move |(c, ..)| *c == id).map(|&(_, k, n)| (k, n))
    }
    /// `attacker` declared an attack on `target` (at move count `moves`) during its
    /// `attacked_turn` (BATTLE-2).
    pub(crate) fn attacked_target(&self, attacker: CardId, target: CardId, moves: u32) -> bool {
        self.attacked_targets.contains(&(attacker, target, moves))
    }
    /// Did monsters `a` and `b` battle each other, both still on the field since
    /// ([`Duel::battled_pairs`])?
    pub(crate) fn battled_with(&self, a: CardId, b: CardId) -> bool {
        let (ma, mb) = (self.card(a).moves, self.card(b).moves);
        self.battled_pairs.iter().any(|&(x, mx, y, my)| (x, mx, y, my) == (a, ma, b, mb) || (x, mx, y, my) == (b, mb, a, ma))
    }
    /// The card is on the field (ZONE-2).
    pub fn is_on_field(&self, id: CardId) -> bool {
        self.card(id).zone.on_field()
    }

    /// Extra Monster Zone `i` (5 or 6) is free for `p`: empty on both sides (mirrored).
    pub fn emz_free(&self, p: Player, i: usize) -> bool {
        self.edition.extra_monster_zones() && self.players[p.idx()].monsters[i].is_none() && self.players[p.opp().idx()].monsters[11 - i].is_none()
    }
    /// Free Main Monster Zones of `p`.
    pub fn free_main_monster_zones(&self, p: Player) -> SmallVec<[u8; 5]> {
        self.free_main_monster_zone_iter(p).collect()
    }
    /// Has `p` a free Main Monster Zone ([`Duel::free_main_monster_zones`] not empty)?
    pub fn has_free_main_monster_zone(&self, p: Player) -> bool {
        self.free_main_monster_zone_iter(p).next().is_some()
    }
    /// The free Main Monster Zones of `p`, in order.
    fn free_main_monster_zone_iter(&self, p: Player) -> impl Iterator<Item = u8> + '_ {
        // Zones an effect says cannot be used are not free ("Ojama King").
        let locked = if self.lingering.is_empty() { 0 } else { self.locked_zones(p) };
        (0..5u8).filter(move |&i| self.players[p.idx()].monsters[i as usize].is_none() && locked & (1 << i) == 0)
    }
    /// Free Spell & Trap Zones of `p` (a trap monster keeps its zone occupied: TRAP-5).
    pub fn free_spell_zones(&self, p: Player) -> SmallVec<[u8; 5]> {
        self.free_spell_zone_iter(p).collect()
    }
    /// Has `p` a free Spell & Trap Zone ([`Duel::free_spell_zones`] not empty)?
    pub fn has_free_spell_zone(&self, p: Player) -> bool {
        self.free_spell_zone_iter(p).next().is_some()
    }
    /// The free Spell & Trap Zones of `p`, in order.
    fn free_spell_zone_iter(&self, p: Player) -> impl Iterator<Item = u8> + '_ {
        (0..5u8)
            .filter(move |&i| self.players[p.idx()].spells[i as usize].is_none())
            // TRAP-5: a trap monster keeps the S/T zone it came from occupied.
            .filter(move |&i| !self.held_spell_zones.iter().any(|&(c, z)| z == i && self.card(c).controller == p))
    }
}
