//! Unvalidated setups become validated duels: `Duel::from_setup` (two decks) and
//! `Duel::from_position` (an arbitrary position, as scenario files write it). Every
//! problem is reported at once.

use std::sync::Arc;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::card::Kind;
use crate::edition::Edition;
use crate::engine::{Prompt, Task, Window, WindowKind};
use crate::pool::CardPool;
use crate::state::{CardId, CardIndex, CardState, Duel, PlayerState};
use crate::types::{BattleStep, Phase, Player, Position, SummonKind, Zone};

/// A deck as passcodes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckList {
    /// Main Deck passcodes (DECK-1), in list order (the duel shuffles them).
    pub main: Vec<u32>,
    /// Extra Deck passcodes (DECK-2).
    pub extra: Vec<u32>,
}

/// Everything needed to start a duel from the beginning. May be invalid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuelSetup {
    /// Player A's deck, then player B's.
    pub decks: [DeckList; 2],
    /// The rule edition (ERA-1).
    pub edition: Edition,
    /// Seed of the duel's random source (shuffles, coin tosses: MISC-6).
    pub seed: u64,
    /// SETUP-1: 8000, or 4000 / 2000 by agreement.
    pub lp: i32,
    /// Cards in each opening hand (SETUP-2: 5).
    pub hand_size: u8,
    /// Who takes the first turn.
    pub first: Player,
}

impl DuelSetup {
    /// A standard duel: Master Rule 2020, 8000 LP, 5-card hands, `A` first.
    pub fn new(a: DeckList, b: DeckList, seed: u64) -> DuelSetup {
        DuelSetup { decks: [a, b], edition: Edition::default(), seed, lp: 8000, hand_size: 5, first: Player::A }
    }
}

/// One reason a setup or position is invalid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum SetupError {
    /// A deck names a passcode the card pool does not hold.
    #[error("player {player:?}: unknown card {code}")]
    UnknownCard {
        /// Whose deck.
        player: Player,
        /// The passcode.
        code: u32,
    },
    /// DECK-1: the Main Deck has fewer than 40 or more than 60 cards (GOAT-1: fewer than 40).
    #[error("player {player:?}: Main Deck has {count} cards (40 to 60 allowed; Expert Rule: 40 or more)")]
    MainDeckSize {
        /// Whose deck.
        player: Player,
        /// Its size.
        count: usize,
    },
    /// DECK-2: the Extra Deck has more than 15 cards.
    #[error("player {player:?}: Extra Deck has {count} cards (at most 15)")]
    ExtraDeckSize {
        /// Whose deck.
        player: Player,
        /// Its size.
        count: usize,
    },
    /// DECK-8: a Fusion, Synchro, Xyz or Link monster is in the Main Deck.
    #[error("player {player:?}: {name} belongs in the Extra Deck, not the Main Deck")]
    ExtraCardInMain {
        /// Whose deck.
        player: Player,
        /// The card's name.
        name: String,
    },
    /// DECK-2: a card other than a Fusion, Synchro, Xyz or Link monster is in the Extra Deck.
    #[error("player {player:?}: {name} cannot be in the Extra Deck")]
    MainCardInExtra {
        /// Whose deck.
        player: Player,
        /// The card's name.
        name: String,
    },
    /// DECK-6: a token is in a deck.
    #[error("player {player:?}: {name} cannot be in a deck")]
    NotADeckCard {
        /// Whose deck.
        player: Player,
        /// The card's name.
        name: String,
    },
    /// ERA table: the card's kind does not exist yet in this edition.
    #[error("player {player:?}: {name} cannot be used under {edition} (its kind does not exist yet)")]
    NotInEdition {
        /// Whose card.
        player: Player,
        /// The card's name.
        name: String,
        /// The edition's [`Edition::name`].
        edition: String,
    },
    /// SETUP-1: starting LP other than 8000, 4000 or 2000.
    #[error("starting LP {0} is not allowed (8000, 4000 or 2000)")]
    StartingLp(i32),
    /// An opening hand of 0 or more than 10 cards.
    #[error("opening hand of {0} cards is not allowed (1 to 10)")]
    HandSize(u8),
    /// A position places a card where it cannot be (unknown card, wrong kind of zone, a zone
    /// taken twice or missing), in words.
    #[error("player {player:?}: {what}")]
    Position {
        /// Whose side of the position.
        player: Player,
        /// What is wrong, in words.
        what: String,
    },
    /// A position's turn state is impossible.
    #[error("{0}")]
    State(StateError),
}

/// A position whose turn state is impossible (scenario `[state]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum StateError {
    /// `equip_to` names an empty Monster Zone.
    #[error("equip_to: no monster in {}'s zone {zone}", .player.name())]
    NoEquipTarget {
        /// The side of the named zone.
        player: Player,
        /// The Monster Zone.
        zone: u8,
    },
    /// A position starts in a sub-step of the Damage Step (it can only be reached by an attack).
    #[error("a position cannot start inside the Damage Step")]
    InsideDamageStep,
    /// A Battle Phase step is given for another phase.
    #[error("`step` is only valid in the battle phase")]
    StepOutsideBattlePhase,
    /// SETUP-3: the first player cannot enter the Battle Phase on turn 1.
    #[error("the first player cannot be in the Battle Phase on turn 1 (SETUP-3)")]
    BattlePhaseOnTurnOne,
}

/// A card placed on the table by a position setup (scenario `[state]`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placed {
    /// The passcode.
    pub code: u32,
    /// Monsters: `None` = face-up Attack. Spells/traps: `FaceDownDefense` = Set.
    pub position: Option<Position>,
    /// Field zones: the slot; `None` takes the first free one.
    pub zone: Option<u8>,
    /// The turn it was Set (default: the turn before the position's).
    pub set_turn: Option<u32>,
    /// The turn it was summoned, or (a spell/trap) came face-up (default: the turn before the
    /// position's).
    pub summoned_turn: Option<u32>,
    /// Monsters: how it was summoned (default: Normal Summoned, or Set if face-down).
    pub summoned: Option<SummonKind>,
    /// Monsters: it has declared an attack this turn.
    pub attacked: bool,
    /// Counters on it, by counter kind name.
    pub counters: Vec<(String, u16)>,
    /// Xyz monsters: passcodes of the materials under it (ZONE-10).
    pub materials: Vec<u32>,
    /// The monster this equip spell is attached to, as (its controller, its zone).
    pub equip_to: Option<(Player, u8)>,
    /// Its owner when not the player whose side it is on (ZONE-11).
    pub owner: Option<Player>,
    /// SUM-7: it was properly summoned before, so it may be revived. A monster on the field
    /// counts as properly summoned unless `summoned` is `Special`.
    pub properly_summoned: bool,
    /// Banished face-down (ZONE-6).
    pub face_down: bool,
}

impl Placed {
    /// A card of passcode `code` with every other fact at its default.
    pub fn new(code: u32) -> Placed {
        Placed { code, ..Placed::default() }
    }
}

/// One player's part of a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SidePosition {
    /// Life points.
    pub lp: i32,
    /// The hand, as passcodes.
    pub hand: Vec<u32>,
    /// Top card first.
    pub deck: Vec<u32>,
    /// The Extra Deck (a face-up `position` for a face-up Pendulum monster).
    pub extra: Vec<Placed>,
    /// Bottom first.
    pub gy: Vec<Placed>,
    /// Banished cards.
    pub banished: Vec<Placed>,
    /// Monsters in the Monster Zones.
    pub monsters: Vec<Placed>,
    /// Cards in the Spell & Trap Zones.
    pub spells: Vec<Placed>,
    /// The card in the Field Zone.
    pub field: Option<Placed>,
    /// The separate Pendulum Zones (Master Rule 3 only: ZONE-4).
    pub pendulum: Vec<Placed>,
}

impl Default for SidePosition {
    fn default() -> SidePosition {
        SidePosition {
            lp: 8000,
            hand: vec![],
            deck: vec![],
            extra: vec![],
            gy: vec![],
            banished: vec![],
            monsters: vec![],
            spells: vec![],
            field: None,
            pendulum: vec![],
        }
    }
}

/// An arbitrary position to start from (scenario files).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionSetup {
    /// The rule edition (ERA-1).
    pub edition: Edition,
    /// Seed of the duel's random source (MISC-6).
    pub seed: u64,
    /// The turn number (from 1).
    pub turn: u32,
    /// Whose turn it is.
    pub turn_player: Player,
    /// The phase the position starts in; the turn player holds priority.
    pub phase: Phase,
    /// In the Battle Phase, the step (default: the Battle Step); never inside the Damage Step.
    pub step: Option<BattleStep>,
    /// The turn player has used the turn's Normal Summon or Set.
    pub normal_summon_used: bool,
    /// Player A's side, then player B's.
    pub sides: [SidePosition; 2],
}

impl Default for PositionSetup {
    fn default() -> PositionSetup {
        PositionSetup {
            edition: Edition::default(),
            seed: 0,
            turn: 1,
            turn_player: Player::A,
            phase: Phase::Main1,
            step: None,
            normal_summon_used: false,
            sides: [SidePosition::default(), SidePosition::default()],
        }
    }
}

impl Duel {
    fn empty(pool: Arc<CardPool>, edition: Edition, seed: u64) -> Duel {
        Duel {
            pool,
            edition,
            rng: ChaCha8Rng::seed_from_u64(seed),
            cards: Vec::new(),
            players: [PlayerState::default(), PlayerState::default()],
            turn: 1,
            turn_player: Player::A,
            phase: Phase::Draw,
            step: None,
            normal_summons_left: 1,
            battle_dest: Phase::Main2,
            tasks: Vec::with_capacity(16),
            chain: Vec::new(),
            resolved: Vec::new(),
            no_battle_damage: [false; 2],
            prompt: Prompt::Over,
            answer: None,
            outcome: None,
            events: Vec::with_capacity(1024),
            actions_this_turn: 0,
            decisions: 0,
            recent: Vec::with_capacity(8),
            timing: 0,
            happenings: 0,
            step_boundary: false,
            arrived_under: Vec::new(),
            pending: Vec::new(),
            lingering: Vec::new(),
            player_fx: Default::default(),
            used: Vec::new(),
            memory: Vec::new(),
            delayed: Vec::new(),
            cause: None,
            resolving: false,
            summon_pending: None,
            index: Arc::default(),
            field_sources: smallvec::SmallVec::new(),
            modifier_kinds: 0,
            negators: false,
            activatable: Default::default(),
            control_returns: Vec::new(),
            held_spell_zones: Vec::new(),
            attack_negated: false,
            end_battle_phase: false,
            skip_to_end_phase: false,
            negated_summon: None,
            resolved_this_turn: Vec::new(),
            battles: 0,
            xyz_materials: Vec::new(),
            counters: Vec::new(),
            attacked_targets: Vec::new(),
            attack_again_on: None,
            battled_pairs: Vec::new(),
            summoned_by: Vec::new(),
            gy_when_drawn: Vec::new(),
            copied_stats: Vec::new(),
            turns_advanced: Vec::new(),
            borrowed: Vec::new(),
        }
    }

    /// Indexes the cards whose effects watch the whole duel (triggers, win conditions,
    /// modifiers, GY effects).
    pub(crate) fn index_watchers(&mut self) {
        let pool = &self.pool;
        let behavior = |c: CardId| &pool.def(self.card(c).def).behavior;
        let watchers = self.watchers();
        let watched_kinds = watchers.iter().flat_map(|&c| behavior(c).effects.iter().filter_map(|e| e.trigger.as_ref())).fold(0, |k, t| k | t.event_kinds());
        self.index = Arc::new(CardIndex {
            watchers,
            watched_kinds,
            win_watch: self.card_ids().filter(|&c| behavior(c).wins.is_some()).collect(),
            gy_effect_cards: self
                .card_ids()
                .filter(|&c| behavior(c).effects.iter().any(|e| e.range == crate::effect::Range::Gy && !e.kind.is_triggered()))
                .collect(),
            modifier_sources: self.card_ids().filter(|&c| behavior(c).effects.iter().any(|e| !e.modifiers.is_empty())).collect(),
            either_player: self.card_ids().any(|c| pool.gates(self.card(c).def).either_player()),
            gy_summon_rules: self.card_ids().any(|c| behavior(c).summon_rule_from_gy),
            extra_procs: self.card_ids().any(|c| self.proc_kind(c).is_some()),
        });
        self.index_field_sources();
        self.index_negators();
        self.index_activatable();
    }

    /// The cards that may have an activation to list where they are (`Duel::activatable`).
    pub(crate) fn index_activatable(&mut self) {
        self.activatable = Player::BOTH.map(|p| self.activatable_of(p).collect());
    }

    /// The entries of [`Duel::activatable`] for the cards `p` controls, in card order.
    pub(crate) fn activatable_of(&self, p: Player) -> impl Iterator<Item = crate::state::Activatable> + '_ {
        self.card_ids().filter(move |&c| self.card(c).controller() == p).filter_map(|c| self.activatable_entry(c))
    }

    /// Card `c`'s entry of [`Duel::activatable`], if its gates let it activate an effect
    /// where it is.
    fn activatable_entry(&self, c: CardId) -> Option<crate::state::Activatable> {
        let st = self.card(c);
        let gates = self.pool.gates(st.def);
        let zone = crate::activate::zone_bit(st.zone());
        if !gates.any_in(zone & crate::activate::LISTED_ZONES) {
            return None;
        }
        Some(crate::state::Activatable { card: c, rank: self.listing_rank(c), fx: [gates.effects(zone, true), gates.effects(zone, false)] })
    }

    /// Card `c` moved or changed control (it was `old` controller's): its entry in
    /// [`Duel::activatable`] follows.
    pub(crate) fn reindex_activatable(&mut self, c: CardId, old: Player) {
        if let Ok(i) = self.activatable[old.idx()].binary_search_by_key(&c, |e| e.card) {
            self.activatable[old.idx()].remove(i);
        }
        if let Some(entry) = self.activatable_entry(c) {
            let list = &mut self.activatable[self.card(c).controller().idx()];
            if let Err(i) = list.binary_search_by_key(&c, |e| e.card) {
                list.insert(i, entry);
            }
        }
    }

    /// Whether any modifier source may negate (`Duel::negators`).
    pub(crate) fn index_negators(&mut self) {
        self.negators = self.index.modifier_sources.iter().any(|&c| self.declares_negation(c));
    }

    /// The modifier sources on the field now, in card order (kept by `move_card`).
    pub(crate) fn index_field_sources(&mut self) {
        self.field_sources = self.index.modifier_sources.iter().copied().filter(|&c| self.card(c).zone().on_field()).collect();
        self.index_modifier_kinds();
    }

    /// Rebuilds [`Duel::modifier_kinds`] from the sources on the field and the lingering
    /// effects (after either changes).
    pub(crate) fn index_modifier_kinds(&mut self) {
        self.modifier_kinds = self.field_modifier_kinds();
    }

    /// The union of the modifier kinds the sources on the field declare and the lingering
    /// effects carry (what [`Duel::modifier_kinds`] keeps).
    pub(crate) fn field_modifier_kinds(&self) -> u64 {
        let fields = self.field_sources.iter().fold(0, |k, &c| k | self.pool.gates(self.card(c).def).modifier_kinds());
        self.lingering.iter().fold(fields, |k, l| k | l.modifier.kind_bit())
    }

    /// Creates a card instance for `code` owned by `owner`, placed in `zone`.
    fn new_card(&mut self, code: u32, owner: Player, zone: Zone) -> Option<CardId> {
        let def = self.pool.index_of(code)?;
        Some(self.new_card_of(def, code, owner, zone))
    }

    /// [`Self::new_card`] with the definition already found.
    fn new_card_of(&mut self, def: crate::pool::DefIndex, code: u32, owner: Player, zone: Zone) -> CardId {
        let id = CardId(self.cards.len() as u16);
        self.cards.push(CardState::new(def, code, owner, zone, Position::FaceDownDefense, 0));
        id
    }

    /// Starts a duel from two decks: shuffle, draw the opening hands (SETUP-1, SETUP-2),
    /// and run to the first decision. Every problem of the setup is reported.
    pub fn from_setup(pool: Arc<CardPool>, setup: &DuelSetup) -> Result<Duel, Vec<SetupError>> {
        let mut errors = Vec::new();
        if ![8000, 4000, 2000].contains(&setup.lp) {
            errors.push(SetupError::StartingLp(setup.lp));
        }
        if setup.hand_size == 0 || setup.hand_size > 10 {
            errors.push(SetupError::HandSize(setup.hand_size));
        }
        // Each deck card's definition, found once (main, extra per player).
        let mut found: [[Vec<crate::pool::DefIndex>; 2]; 2] = Default::default();
        let mut last: Option<(u32, crate::pool::DefIndex)> = None;
        for p in Player::BOTH {
            let deck = &setup.decks[p.idx()];
            let (main_max, extra_max) = setup.edition.deck_size_maximums();
            if deck.main.len() < 40 || main_max.is_some_and(|m| deck.main.len() > m) {
                errors.push(SetupError::MainDeckSize { player: p, count: deck.main.len() });
            }
            if extra_max.is_some_and(|m| deck.extra.len() > m) {
                errors.push(SetupError::ExtraDeckSize { player: p, count: deck.extra.len() });
            }
            for (k, (codes, extra)) in [(&deck.main, false), (&deck.extra, true)].into_iter().enumerate() {
                for &code in codes {
                    // Copies of a card are listed together: the last lookup is reused.
                    let index = match last {
                        Some((c, i)) if c == code => Some(i),
                        _ => pool.index_of(code),
                    };
                    let Some(index) = index else {
                        errors.push(SetupError::UnknownCard { player: p, code });
                        continue;
                    };
                    last = Some((code, index));
                    found[p.idx()][k].push(index);
                    let def = pool.def(index);
                    let name = || def.data.name.clone();
                    if def.data.is_token() {
                        errors.push(SetupError::NotADeckCard { player: p, name: name() });
                    } else if def.data.is_extra_deck() && !extra {
                        errors.push(SetupError::ExtraCardInMain { player: p, name: name() });
                    } else if !def.data.is_extra_deck() && extra {
                        errors.push(SetupError::MainCardInExtra { player: p, name: name() });
                    } else if !crate::extra::edition_allows(setup.edition, &def.data) {
                        errors.push(SetupError::NotInEdition { player: p, name: name(), edition: setup.edition.name().into() });
                    }
                }
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut d = Duel::empty(pool, setup.edition, setup.seed);
        for p in Player::BOTH {
            d.set_lp_at_setup(p, setup.lp);
            let deck = &setup.decks[p.idx()];
            for (&code, &def) in deck.main.iter().zip(&found[p.idx()][0]) {
                let id = d.new_card_of(def, code, p, Zone::Deck);
                d.players[p.idx()].deck.push(id);
            }
            for (&code, &def) in deck.extra.iter().zip(&found[p.idx()][1]) {
                let id = d.new_card_of(def, code, p, Zone::Extra);
                d.players[p.idx()].extra.push(id);
            }
        }
        d.turn_player = setup.first;
        for p in [setup.first, setup.first.opp()] {
            d.shuffle_deck(p);
        }
        for p in [setup.first, setup.first.opp()] {
            d.draw(p, setup.hand_size as usize);
        }
        d.tasks.push(Task::StartTurn);
        d.index_watchers();
        d.run();
        Ok(d)
    }

    /// Builds a duel from an arbitrary position; the turn player holds priority in the
    /// given phase. Impossible positions (6 monsters in 5 zones, unknown cards, a card in
    /// the wrong kind of zone) are reported, all at once.
    pub fn from_position(pool: Arc<CardPool>, pos: &PositionSetup) -> Result<Duel, Vec<SetupError>> {
        let mut errors = Vec::new();
        let mut d = Duel::empty(pool, pos.edition, pos.seed);
        d.turn = pos.turn.max(1);
        d.turn_player = pos.turn_player;
        d.phase = pos.phase;
        d.normal_summons_left = if pos.normal_summon_used { 0 } else { 1 };
        let earlier = d.turn.saturating_sub(1);
        let mut equips: Vec<(CardId, Player, u8)> = Vec::new();
        for p in Player::BOTH {
            let side = &pos.sides[p.idx()];
            d.set_lp_at_setup(p, side.lp);
            let mut err = |what: String| errors.push(SetupError::Position { player: p, what });
            for &code in side.deck.iter().rev() {
                match d.new_card(code, p, Zone::Deck) {
                    Some(id) => d.players[p.idx()].deck.push(id),
                    None => err(format!("unknown card {code} in deck")),
                }
            }
            for &code in &side.hand {
                match d.new_card(code, p, Zone::Hand) {
                    Some(id) => d.players[p.idx()].hand.push(id),
                    None => err(format!("unknown card {code} in hand")),
                }
            }
            for (zone, list) in [(Zone::Extra, &side.extra), (Zone::Gy, &side.gy), (Zone::Banished, &side.banished)] {
                for pl in list {
                    let Some(id) = d.new_card(pl.code, pl.owner.unwrap_or(p), zone) else {
                        err(format!("unknown card {} in {}", pl.code, zone.scenario_name()));
                        continue;
                    };
                    let position =
                        if zone == Zone::Gy || (zone == Zone::Banished && !pl.face_down) || (zone == Zone::Extra && pl.position.is_some_and(|x| x.face_up())) {
                            Position::FaceUpAttack
                        } else {
                            Position::FaceDownDefense
                        };
                    d.place_at_setup(id, p, 0, position);
                    d.cards[id.0 as usize].properly_summoned = pl.properly_summoned;
                    if let Some(v) = d.players[p.idx()].pile_mut(zone) {
                        v.push(id);
                    }
                }
            }
            // Field zones.
            let max_monster_zone = if d.edition.extra_monster_zones() { 7 } else { 5 };
            let mut errs = Vec::new();
            if side.monsters.len() > max_monster_zone.min(if d.edition.extra_monster_zones() { 6 } else { 5 }) {
                errs.push(format!("{} monsters do not fit in the monster zones", side.monsters.len()));
            } else {
                for pl in &side.monsters {
                    d.place_from_position(p, earlier, &mut equips, pl, Zone::Monster, max_monster_zone, &mut errs);
                }
            }
            if side.spells.len() > 5 {
                errs.push(format!("{} spells/traps do not fit in 5 zones", side.spells.len()));
            } else {
                for pl in &side.spells {
                    d.place_from_position(p, earlier, &mut equips, pl, Zone::SpellTrap, 5, &mut errs);
                }
            }
            if let Some(pl) = &side.field {
                d.place_from_position(p, earlier, &mut equips, pl, Zone::Field, 1, &mut errs);
            }
            if !side.pendulum.is_empty() {
                if d.edition.separate_pendulum_zones() {
                    for pl in &side.pendulum {
                        d.place_from_position(p, earlier, &mut equips, pl, Zone::Pendulum, 2, &mut errs);
                    }
                } else {
                    errs.push("this edition has no separate Pendulum Zones (use spells zone 0 or 4)".into());
                }
            }
            for e in errs {
                errors.push(SetupError::Position { player: p, what: e });
            }
        }
        for c in &d.cards {
            let data = &d.pool.def(c.def).data;
            if !crate::extra::edition_allows(d.edition, data) {
                errors.push(SetupError::NotInEdition { player: c.owner(), name: data.name.clone(), edition: d.edition.name().into() });
            }
        }
        for (equip, ep, ez) in equips {
            match d.players[ep.idx()].slot(Zone::Monster, ez as usize) {
                Some(m) => d.cards[equip.0 as usize].equip_to = Some(m),
                None => errors.push(SetupError::State(StateError::NoEquipTarget { player: ep, zone: ez })),
            }
        }
        match pos.step {
            Some(BattleStep::Damage(_)) => errors.push(SetupError::State(StateError::InsideDamageStep)),
            Some(_) if pos.phase != Phase::Battle => errors.push(SetupError::State(StateError::StepOutsideBattlePhase)),
            _ => {}
        }
        if pos.phase == Phase::Battle && d.turn == 1 {
            errors.push(SetupError::State(StateError::BattlePhaseOnTurnOne));
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        // The turn goes on from here: the turn player holds priority (PHASE-7).
        let kind = match (pos.phase, pos.step) {
            (Phase::Battle, Some(BattleStep::Start)) => WindowKind::BattleStart,
            (Phase::Battle, Some(BattleStep::End)) => WindowKind::BattleEnd,
            (Phase::Battle, _) => WindowKind::BattleStep,
            (ph, _) => WindowKind::Phase(ph),
        };
        if pos.phase == Phase::Battle {
            d.step = Some(pos.step.unwrap_or(BattleStep::Battle));
        }
        d.tasks.push(Task::Window(Window { kind, holder: d.turn_player, passed: false, dest: None }));
        d.index_watchers();
        d.run();
        Ok(d)
    }

    /// A card of a position placed in its field zone (`from_position`); what is wrong with
    /// it goes to `errs`, an equip link to `equips`.
    #[allow(clippy::too_many_arguments)]
    fn place_from_position(
        &mut self,
        p: Player,
        earlier: u32,
        equips: &mut Vec<(CardId, Player, u8)>,
        pl: &Placed,
        zone: Zone,
        capacity: usize,
        errs: &mut Vec<String>,
    ) {
        let Some(id) = self.new_card(pl.code, pl.owner.unwrap_or(p), zone) else {
            errs.push(format!("unknown card {} in {}", pl.code, zone.scenario_name()));
            return;
        };
        let slot = match pl.zone {
            Some(z) if (z as usize) < capacity => z as usize,
            Some(z) => {
                errs.push(format!("{} zone {} does not exist (0-{})", zone.scenario_name(), z, capacity - 1));
                return;
            }
            None => match (0..capacity.min(5)).find(|&i| self.players[p.idx()].slot(zone, i).is_none()) {
                Some(i) => i,
                None => {
                    errs.push(format!("no free {} zone for {}", zone.scenario_name(), self.pool.def(self.cards[id.0 as usize].def).data.name));
                    return;
                }
            },
        };
        if zone == Zone::Monster && slot >= 5 && !self.emz_free(p, slot) {
            errs.push(format!("Extra Monster Zone {slot} is already taken"));
            return;
        }
        if self.players[p.idx()].slot(zone, slot).is_some() {
            errs.push(format!("{} zone {} holds two cards", zone.scenario_name(), slot));
            return;
        }
        let data = self.pool.def(self.cards[id.0 as usize].def).data.clone();
        let kind_ok = match zone {
            Zone::Monster => data.is_monster(),
            Zone::Field => matches!(data.kind, Kind::Spell(crate::card::SpellKind::Field)),
            Zone::Pendulum => data.has(crate::card::type_bits::PENDULUM),
            // A monster card in a Spell & Trap Zone only as an Equip Card (a Union monster).
            _ => !data.is_monster() || data.has(crate::card::type_bits::PENDULUM) || (zone == Zone::SpellTrap && pl.equip_to.is_some()),
        };
        if !kind_ok {
            errs.push(format!("{} cannot be placed in {}", data.name, zone.scenario_name()));
            return;
        }
        let position = match (zone, pl.position) {
            (Zone::Monster, Some(x)) => x,
            (Zone::Monster, None) => Position::FaceUpAttack,
            (_, Some(Position::FaceDownDefense)) => Position::FaceDownDefense,
            _ => Position::FaceUpAttack,
        };
        self.place_at_setup(id, p, slot as u8, position);
        let c = &mut self.cards[id.0 as usize];
        let set = !position.face_up();
        // A face-up spell/trap in a position has resolved: its effects apply (EFF-2).
        c.active = zone != Zone::Monster && !set;
        c.entered_turn = if set { pl.set_turn.unwrap_or(earlier) } else { pl.summoned_turn.or(pl.set_turn).unwrap_or(earlier) }.into();
        if zone == Zone::Monster {
            c.summon = pl.summoned.unwrap_or(if set { SummonKind::Set } else { SummonKind::Normal });
            c.properly_summoned = pl.properly_summoned || c.summon != SummonKind::Special;
        }
        if pl.attacked {
            c.attacked_turn = self.turn.into();
            c.attacks = 1;
        }
        for (name, n) in &pl.counters {
            match crate::effect::Counter::parse(name) {
                Some(k) => self.counters.push((id, k, *n)),
                None => errs.push(format!("unknown counter kind {name:?} (known: {})", crate::effect::Counter::ALL.map(|c| c.name()).join(", "))),
            }
        }
        for &m in &pl.materials {
            match self.new_card(m, p, Zone::Material) {
                Some(mid) => {
                    self.place_at_setup(mid, p, slot as u8, Position::FaceUpAttack);
                    self.push_material(id, mid);
                }
                None => errs.push(format!("unknown material {m}")),
            }
        }
        if let Some(s) = self.players[p.idx()].slot_mut(zone, slot) {
            *s = Some(id);
        }
        if let Some((ep, ez)) = pl.equip_to {
            equips.push((id, ep, ez));
        }
    }
}
