//! The resolution machine: one chain link's [`Op`] steps run in order as a frame of the
//! settle loop, so a step may ask a question (choose cards, yes/no, zone, position,
//! announce) and continue with the answer. Nothing else can happen inside one link's
//! resolution (CHAIN-7) and the win check waits until it is over (WIN-3).

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::action::Action;
use crate::chain::ChainLink;
use crate::effect::{Duration, Obj, Op, PlayerEffect, PosChange, SummonPos, Who};
use crate::engine::{Flow, Prompt, Question, SelectPurpose, Task};
use crate::event::{Event, Reason};
use crate::modifiers::Lingering;
use crate::state::{CardId, Dest, Duel};
use crate::types::{Player, Position, SummonKind, Zone};

/// A resolving chain link: which step, what it chose so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolution {
    pub link: ChainLink,
    /// Chain link number (1-based).
    pub n: u8,
    pub pc: u8,
    /// Progress inside the current step (which card, which question).
    pub stage: u8,
    /// The cards the current step works through (fixed when it starts).
    pub list: SmallVec<[CardId; 4]>,
    /// The cards picked by the last `Choose`.
    pub chosen: SmallVec<[CardId; 4]>,
    /// The last step affected at least one card ("if you do").
    pub did: bool,
    /// How many cards the last step affected.
    pub counted: i32,
    /// A zone picked for the card being placed.
    pub zone: Option<u8>,
    /// The total ATK the monsters destroyed by the last `Destroy` step had.
    pub destroyed_atk: i32,
    /// Players whose Main Deck this resolution looked through (ZONE-7: shuffled after).
    pub searched: [bool; 2],
    /// The S/T zone a trap summoning itself as a monster keeps (TRAP-5).
    pub held_zone: Option<u8>,
    /// The duel's change counter when the current step began (EFF-8).
    #[serde(default)]
    pub step_started_at: u32,
}

/// What one step did.
pub(crate) enum OpFlow {
    Next,
    Stop,
    Ask(Prompt),
    /// Run the same step again (it advanced its stage).
    Again,
}

impl Resolution {
    /// The resolution of `link` (chain link `n`), from its first step; `happenings` is the
    /// duel's change counter now.
    pub fn new(link: ChainLink, n: u8, happenings: u32) -> Resolution {
        Resolution {
            link,
            n,
            pc: 0,
            stage: 0,
            list: SmallVec::new(),
            chosen: SmallVec::new(),
            did: false,
            counted: 0,
            zone: None,
            destroyed_atk: 0,
            searched: [false; 2],
            held_zone: None,
            step_started_at: happenings,
        }
    }
    pub fn controller(&self) -> Player {
        self.link.controller
    }
    pub fn card(&self) -> CardId {
        self.link.card
    }
}

impl Duel {
    pub(crate) fn step_resolve(&mut self, mut r: Box<Resolution>) -> Flow {
        self.resolving = true;
        self.cause = Some(r.link.controller);
        let pool = self.pool.clone();
        let ops = &pool.def(self.card(r.link.card).def).behavior.effects[r.link.effect as usize].ops;
        let Some(op) = ops.get(r.pc as usize) else {
            self.finish_resolution(&r);
            return Flow::Continue;
        };
        let flow = self.run_op(op, &mut r);
        if matches!(flow, OpFlow::Next | OpFlow::Stop) {
            // EFF-8: this step changed the duel; the next step's changes are a new happening.
            if self.happenings != r.step_started_at {
                self.step_boundary = true;
            }
            r.step_started_at = self.happenings;
        }
        match flow {
            OpFlow::Next => {
                r.pc += 1;
                r.stage = 0;
                r.list.clear();
                r.zone = None;
                self.tasks.push(Task::Resolve(r));
                Flow::Continue
            }
            OpFlow::Stop => {
                r.pc = ops.len() as u8;
                self.tasks.push(Task::Resolve(r));
                Flow::Continue
            }
            OpFlow::Again => {
                self.tasks.push(Task::Resolve(r));
                Flow::Continue
            }
            OpFlow::Ask(p) => {
                self.tasks.push(Task::Resolve(r));
                Flow::Ask(p)
            }
        }
    }

    fn finish_resolution(&mut self, r: &Resolution) {
        let card = r.link.card;
        // ZONE-7: a Deck an effect looked through is shuffled afterwards.
        for p in [crate::types::Player::A, crate::types::Player::B] {
            if r.searched[p.idx()] {
                self.shuffle_deck(p);
            }
        }
        let persistent = self.effect_decl(card, r.link.effect).is_some_and(|e| e.kind.is_card_activation())
            && matches!(
                self.data(card).kind,
                crate::card::Kind::Spell(crate::card::SpellKind::Continuous | crate::card::SpellKind::Field | crate::card::SpellKind::Equip)
                    | crate::card::Kind::Trap(crate::card::TrapKind::Continuous)
            );
        if persistent && self.card(card).zone.on_field() && self.card(card).face_up() {
            self.cards[card.0 as usize].active = true;
            self.field_spell_resolved(card);
        }
        // "Spirit Reaper": a face-up target that is destroyed after the effect resolves,
        // by its own effect (its controller's).
        for &(t, moves) in r.link.targets.iter() {
            let tc = self.card(t);
            if tc.moves == moves && tc.zone == Zone::Monster && tc.face_up() && self.destroyed_after_targeted(t) {
                self.cause = Some(tc.controller);
                self.send_to_gy(t, Reason::Destroy);
            }
        }
        self.resolved_this_turn.push((card, r.link.effect));
        self.resolving = false;
        self.cause = None;
        // The last step's changes are the last thing that happened (EFF-8).
        self.step_boundary = false;
        self.emit(Event::LinkResolved { card, link: r.n });
        self.check_equips();
    }

    /// The cards an object names now.
    pub(crate) fn objects(&self, o: &Obj, r: &Resolution) -> SmallVec<[CardId; 4]> {
        let card = r.link.card;
        let p = r.link.controller;
        let valid_target = |&(t, moves): &(CardId, u32)| {
            let c = self.card(t);
            c.moves == moves
                && self.effect_decl(card, r.link.effect).is_none_or(|e| {
                    e.target.as_ref().is_none_or(|spec| self.filter_matches(&spec.filter, t, p, card))
                        || e.also_target.as_ref().is_some_and(|spec| self.filter_matches(&spec.filter, t, p, card))
                })
                && !(c.zone.on_field() && self.untargetable(t))
                && !self.destroyed_by_battle(t)
                && self
                    .effect_decl(card, r.link.effect)
                    .and_then(|e| e.target.as_ref())
                    .is_none_or(|spec| !spec.filter.mentions_cost_cap() || self.current_atk(t) <= r.link.cost_value)
        };
        match o {
            Obj::This => {
                if self.card(card).moves == r.link.card_moves {
                    SmallVec::from_slice(&[card])
                } else {
                    SmallVec::new()
                }
            }
            Obj::Targets => r.link.targets.iter().filter(|t| valid_target(t)).map(|t| t.0).collect(),
            Obj::Target(i) => r.link.targets.get(*i as usize).filter(|t| valid_target(t)).map(|t| t.0).into_iter().collect(),
            Obj::Chosen => r.chosen.clone(),
            Obj::Equipped => self.card(card).equip_to.into_iter().collect(),
            Obj::EventCard => r.link.event_card.into_iter().collect(),
            // A resolving spell/trap is not among "all cards" it affects (it is being
            // resolved); a monster's "all monsters" includes itself unless it says "other".
            Obj::All(place, f) => {
                let skip_self = self.card(card).zone != Zone::Monster;
                self.cards_in(*place, p).into_iter().filter(|&c| !(skip_self && c == card) && self.filter_matches(f, c, p, card)).collect()
            }
        }
    }

    fn chooser(&self, who: Who, p: Player) -> Player {
        if who == Who::Opponent {
            p.opp()
        } else {
            p
        }
    }

    fn run_op(&mut self, op: &Op, r: &mut Resolution) -> OpFlow {
        let p = r.link.controller;
        let card = r.link.card;
        match op {
            Op::Choose { who, place, filter, min, max } => {
                let chooser = self.chooser(*who, p);
                if let crate::effect::Place::Deck(w) | crate::effect::Place::HandOrDeck(w) = place {
                    for q in self.who(*w, p) {
                        r.searched[q.idx()] = true;
                    }
                }
                if self.take_answer().is_some() {
                    if let Prompt::Select { picked, .. } = std::mem::replace(&mut self.prompt, Prompt::Over) {
                        r.chosen = picked.into_iter().collect();
                    }
                    r.did = !r.chosen.is_empty();
                    return OpFlow::Next;
                }
                let candidates: Vec<CardId> = self.cards_in(*place, p).into_iter().filter(|&c| c != card && self.filter_matches(filter, c, p, card)).collect();
                if candidates.is_empty() {
                    r.chosen.clear();
                    r.did = false;
                    return OpFlow::Next;
                }
                let max = (*max).min(candidates.len() as u8).max(1);
                let min = (*min).min(max);
                OpFlow::Ask(Prompt::Select { player: chooser, purpose: SelectPurpose::Effect, candidates, min, max, picked: Vec::new() })
            }
            Op::ChooseRandom { place, filter, count } => {
                use rand::RngExt;
                let mut candidates: Vec<CardId> = self.cards_in(*place, p).into_iter().filter(|&c| self.filter_matches(filter, c, p, card)).collect();
                r.chosen.clear();
                for _ in 0..*count {
                    if candidates.is_empty() {
                        break;
                    }
                    let i = self.rng.random_range(0..candidates.len());
                    r.chosen.push(candidates.swap_remove(i));
                }
                r.did = !r.chosen.is_empty();
                OpFlow::Next
            }
            Op::Draw { who, count } => {
                let mut n = 0;
                for q in self.who(*who, p) {
                    let before = self.player(q).hand.len();
                    self.draw(q, *count as usize);
                    n += self.player(q).hand.len() - before;
                }
                self.set_did(r, n);
                OpFlow::Next
            }
            Op::Destroy(o) => {
                let list = self.objects(o, r);
                let n = list.iter().filter(|&&c| self.card(c).zone.on_field()).count();
                r.destroyed_atk = 0;
                for c in list {
                    if self.card(c).zone.on_field() {
                        if self.card(c).zone == Zone::Monster && self.card(c).face_up() {
                            r.destroyed_atk += self.current_atk(c);
                        }
                        self.send_to_gy(c, Reason::Destroy);
                    }
                }
                self.set_did(r, n);
                OpFlow::Next
            }
            Op::SendToGy(o) | Op::Discard(o) => {
                let reason = if matches!(op, Op::Discard(_)) { Reason::Discard } else { Reason::Effect };
                let list = self.objects(o, r);
                let n = list.len();
                for c in list {
                    self.send_to_gy(c, reason);
                }
                self.set_did(r, n);
                OpFlow::Next
            }
            Op::Banish { what, face_down } => {
                let list = self.objects(what, r);
                let n = list.len();
                for c in list {
                    self.banish(c, *face_down, Reason::Effect);
                }
                self.set_did(r, n);
                OpFlow::Next
            }
            Op::ToHand(o) => {
                let list = self.objects(o, r);
                let n = list.len();
                for c in list {
                    let from_deck = self.card(c).zone == Zone::Deck;
                    self.return_to_hand(c, Reason::Effect);
                    if from_deck {
                        self.emit(Event::Revealed { card: c });
                    }
                }
                self.set_did(r, n);
                OpFlow::Next
            }
            Op::ToDeck { what, top } => {
                let list = self.objects(what, r);
                let n = list.len();
                let mut owners: SmallVec<[Player; 2]> = SmallVec::new();
                for c in list {
                    let owner = self.card(c).owner;
                    self.move_card(c, Dest { player: owner, zone: Zone::Deck, slot: None, position: Position::FaceDownDefense }, Reason::Effect);
                    if !owners.contains(&owner) {
                        owners.push(owner);
                    }
                }
                if !top {
                    for o in owners {
                        self.shuffle_deck(o);
                    }
                }
                self.set_did(r, n);
                OpFlow::Next
            }
            Op::SpecialSummon { what, pos } => self.op_special_summon(what, *pos, r, false),
            Op::SpecialSummonPointed { what, pos } => self.op_special_summon(what, *pos, r, true),
            Op::SummonSelfAsMonster { pos } => {
                if r.stage == 0 && r.list.is_empty() {
                    let c = self.card(card);
                    if c.zone != Zone::SpellTrap || c.moves != r.link.card_moves || self.player_fx[p.idx()].no_summon_turn == self.turn {
                        return OpFlow::Next;
                    }
                    r.list.push(card);
                    r.counted = 0;
                    r.did = false;
                    r.chosen.clear();
                    r.held_zone = Some(c.slot);
                }
                let flow = self.op_special_summon(&Obj::Chosen, *pos, r, false);
                if let (OpFlow::Next | OpFlow::Again, true, Some(z)) = (&flow, self.card(card).zone == Zone::Monster, r.held_zone) {
                    self.held_spell_zones.push((card, z));
                    r.held_zone = None;
                }
                flow
            }
            Op::SummonTokens { code, count, pos } => {
                if r.stage == 0 && r.list.is_empty() {
                    let tokens: SmallVec<[CardId; 4]> = (0..*count).filter_map(|_| self.create_token(*code, p)).collect();
                    if tokens.is_empty() {
                        return OpFlow::Next;
                    }
                    r.list = tokens;
                    r.counted = 0;
                    r.did = false;
                    r.chosen.clear();
                }
                self.op_special_summon(&Obj::Chosen, *pos, r, false)
            }
            Op::ChangePosition { what, to } => {
                let list = self.objects(what, r);
                let mut n = 0;
                for c in list {
                    if self.card(c).zone != Zone::Monster {
                        continue;
                    }
                    let cur = self.card(c).position;
                    let new = match to {
                        PosChange::Toggle => match cur {
                            Position::FaceUpAttack => Position::FaceUpDefense,
                            _ => Position::FaceUpAttack,
                        },
                        PosChange::FaceUpDefense => Position::FaceUpDefense,
                        PosChange::FaceUpAttack => Position::FaceUpAttack,
                        PosChange::FaceDownDefense => Position::FaceDownDefense,
                        PosChange::RevealDefense => {
                            if cur == Position::FaceDownDefense {
                                self.reveal_position(c, Position::FaceUpDefense);
                                n += 1;
                            }
                            continue;
                        }
                    };
                    if new != cur {
                        self.set_position(c, new);
                        n += 1;
                    }
                }
                self.set_did(r, n);
                OpFlow::Next
            }
            Op::EquipTo(o) => {
                let list = self.objects(o, r);
                let ok = self.card(card).zone == Zone::SpellTrap
                    && self.card(card).moves == r.link.card_moves
                    && list.first().is_some_and(|&t| self.card(t).zone == Zone::Monster && self.card(t).face_up());
                if ok {
                    let t = list[0];
                    self.cards[card.0 as usize].equip_to = Some(t);
                    self.emit(Event::Equipped { card, to: t });
                }
                self.set_did(r, ok as usize);
                OpFlow::Next
            }
            Op::TakeControl { what, until } => {
                let list = self.objects(what, r);
                let mut n = 0;
                for c in list {
                    if self.card(c).zone == Zone::Monster && self.card(c).controller != p && self.change_control(c, p) {
                        n += 1;
                        if *until == Duration::EndPhase {
                            let moves = self.card(c).moves;
                            self.control_returns.push((c, moves, p.opp()));
                        }
                    }
                }
                self.set_did(r, n);
                OpFlow::Next
            }
            Op::NegateActivation { destroy } => {
                let n = r.n as usize;
                if n >= 2 {
                    self.negate_link(n - 2, true, *destroy);
                    r.did = true;
                } else if let Some(m) = self.summon_pending.take() {
                    self.negate_summon(m);
                    r.did = true;
                }
                OpFlow::Next
            }
            Op::NegateEffect { destroy } => {
                let n = r.n as usize;
                if n >= 2 {
                    self.negate_link(n - 2, false, *destroy);
                    r.did = true;
                }
                OpFlow::Next
            }
            Op::NegateSummon => {
                if let Some(m) = self.summon_pending.take() {
                    self.negate_summon(m);
                    r.did = true;
                }
                OpFlow::Next
            }
            Op::NegateAttack => {
                r.did = self.current_attack().is_some();
                if let Some(a) = self.current_attacker() {
                    self.attack_negated = true;
                    self.emit(Event::AttackNegated { attacker: a });
                }
                OpFlow::Next
            }
            Op::EndBattlePhase => {
                self.end_battle_phase = true;
                OpFlow::Next
            }
            Op::Damage { who, amount } | Op::GainLp { who, amount } | Op::SetLp { who, amount } => {
                let objs = |o: &Obj| self.objects(o, r);
                // `Counted` before any step counted: the number fixed by the cost (also inside
                // `Half`, "half the Tributed monster's ATK").
                let counted = if r.counted == 0 && r.link.cost_value != 0 { r.link.cost_value } else { r.counted };
                let value = self.amount(amount, p, card, &objs, counted, r.destroyed_atk);
                for q in self.who(*who, p) {
                    match op {
                        Op::Damage { .. } => self.change_lp(q, -value),
                        Op::GainLp { .. } => self.change_lp(q, value),
                        _ => {
                            let d = value - self.lp(q);
                            self.change_lp(q, d);
                        }
                    }
                }
                r.did = value > 0;
                OpFlow::Next
            }
            Op::NoBattleDamage => {
                self.no_battle_damage[p.idx()] = true;
                OpFlow::Next
            }
            Op::Apply { what, modifier, until } => {
                let list = self.objects(what, r);
                let n = list.len();
                let source_moves = self.card(card).moves;
                for c in list {
                    let moves = self.card(c).moves;
                    self.lingering.push(Lingering {
                        source: card,
                        card: Some((c, moves)),
                        controller: p,
                        modifier: modifier.clone(),
                        until: *until,
                        turn: self.turn,
                        source_moves,
                    });
                }
                self.set_did(r, n);
                OpFlow::Next
            }
            Op::ApplyRule { modifier, until } => {
                let source_moves = self.card(card).moves;
                self.lingering.push(Lingering {
                    source: card,
                    card: None,
                    controller: p,
                    modifier: modifier.clone(),
                    until: *until,
                    turn: self.turn,
                    source_moves,
                });
                r.did = true;
                OpFlow::Next
            }
            Op::ApplyPlayer { who, effect } => {
                for q in self.who(*who, p) {
                    self.apply_player_effect(q, *effect);
                }
                r.did = true;
                OpFlow::Next
            }
            Op::ShuffleDeck(who) => {
                for q in self.who(*who, p) {
                    self.shuffle_deck(q);
                }
                OpFlow::Next
            }
            Op::SkipUnlessDid(n) => {
                if !r.did {
                    r.pc += n;
                }
                OpFlow::Next
            }
            Op::Skip(n) => {
                r.pc += n;
                OpFlow::Next
            }
            Op::CallCoinToss => match self.take_answer() {
                Some(Action::Announce(call)) if call == crate::action::declare::HEADS || call == crate::action::declare::TAILS => {
                    use rand::RngExt;
                    self.emit(Event::Announced { player: p, value: call });
                    let heads = self.rng.random_range(0..2u8) == 1;
                    self.emit(Event::CoinTossed { player: p, heads });
                    r.did = (call == crate::action::declare::HEADS) == heads;
                    OpFlow::Next
                }
                _ => OpFlow::Ask(Prompt::Announce { player: p, options: vec![crate::action::declare::HEADS, crate::action::declare::TAILS] }),
            },
            Op::AddCounters { what, kind, count, max } => {
                let list = self.objects(what, r);
                let mut n = 0;
                for c in list {
                    let allowed = self.pool.def(self.card(c).def).behavior.counters.contains(kind) && self.card(c).zone.on_field() && self.card(c).face_up();
                    if !allowed {
                        continue;
                    }
                    let have = self.counters_on(c, *kind);
                    let add = max.map_or(*count as u16, |m| (m as u16).saturating_sub(have).min(*count as u16));
                    if add > 0 {
                        self.add_counters(c, *kind, add as i32);
                        n += 1;
                    }
                }
                self.set_did(r, n);
                OpFlow::Next
            }
            Op::IfDid => {
                if r.did {
                    OpFlow::Next
                } else {
                    OpFlow::Stop
                }
            }
            Op::MayContinue => match self.take_answer() {
                Some(Action::Yes) => OpFlow::Next,
                Some(_) => OpFlow::Stop,
                None => OpFlow::Ask(Prompt::YesNo { player: p, question: Question::Continue(card) }),
            },
            Op::Custom(i) => crate::custom::run(self, self.card(card).code, *i, r),
            Op::Extra(x) => self.run_extra_op(x, r),
        }
    }

    fn set_did(&self, r: &mut Resolution, n: usize) {
        r.did = n > 0;
        r.counted = n as i32;
    }

    /// SUM-5: Special Summon each card in turn, asking zone then position.
    /// `pointed`: only to zones the effect's Link card points to.
    fn op_special_summon(&mut self, what: &Obj, pos: SummonPos, r: &mut Resolution, pointed: bool) -> OpFlow {
        let p = r.link.controller;
        if r.stage == 0 && r.list.is_empty() {
            let locked = self.player_fx[p.idx()].no_summon_turn == self.turn;
            r.list = self.objects(what, r).into_iter().filter(|&c| !locked && self.can_be_special_summoned(c)).collect();
            r.counted = 0;
            r.did = false;
            // From here on `Obj::Chosen` names the monsters this step summons.
            r.chosen.clear();
        }
        let Some(&c) = r.list.get(r.stage as usize / 2) else {
            return OpFlow::Next;
        };
        let mut zones = self.free_main_monster_zones(p);
        if pointed {
            let me = r.card();
            zones.retain(|z| self.points_to_zone(me, p, *z as usize));
        }
        if zones.is_empty() || !self.can_be_special_summoned(c) {
            r.stage = (r.stage / 2 + 1) * 2;
            return OpFlow::Again;
        }
        if r.stage.is_multiple_of(2) {
            match self.take_answer() {
                Some(Action::Zone(z)) if zones.contains(&z) => {
                    r.zone = Some(z);
                    r.stage += 1;
                    return OpFlow::Again;
                }
                _ => return OpFlow::Ask(Prompt::Zone { player: p, zones: zones.into_iter().collect() }),
            }
        }
        let options: SmallVec<[Position; 2]> = match pos {
            SummonPos::Attack => SmallVec::from_slice(&[Position::FaceUpAttack]),
            SummonPos::Defense => SmallVec::from_slice(&[Position::FaceUpDefense]),
            SummonPos::FaceUp => SmallVec::from_slice(&[Position::FaceUpAttack, Position::FaceUpDefense]),
            SummonPos::AttackOrSet => SmallVec::from_slice(&[Position::FaceUpAttack, Position::FaceDownDefense]),
        };
        let position = if options.len() == 1 {
            options[0]
        } else {
            match self.take_answer() {
                Some(Action::Position(x)) if options.contains(&x) => x,
                _ => return OpFlow::Ask(Prompt::Position { player: p, card: c, options }),
            }
        };
        let zone = r.zone.take().unwrap_or(zones[0]);
        self.special_summon(c, p, zone, position);
        r.chosen.push(c);
        r.counted += 1;
        r.did = true;
        r.stage = (r.stage / 2 + 1) * 2;
        OpFlow::Again
    }

    /// An effect on a player (PHASE-8 skips, "cannot Summon this turn", ...).
    pub(crate) fn apply_player_effect(&mut self, q: Player, effect: PlayerEffect) {
        let turn = self.turn;
        let fx = &mut self.player_fx[q.idx()];
        match effect {
            PlayerEffect::SkipDraw(n) => fx.skip_draw += n,
            PlayerEffect::SkipStandby(n) => fx.skip_standby += n,
            PlayerEffect::SkipBattle(n) => fx.skip_battle += n,
            PlayerEffect::NoBattleDamage => fx.no_battle_damage_turn = turn,
            PlayerEffect::MonstersIndestructibleByBattle => fx.indestructible_turn = turn,
            PlayerEffect::NoSummonsThisTurn => fx.no_summon_turn = turn,
        }
    }

    /// Places a Special Summoned monster (SUM-5) and records it properly summoned (SUM-7).
    pub(crate) fn special_summon(&mut self, c: CardId, p: Player, zone: u8, position: Position) {
        self.move_card(c, Dest { player: p, zone: Zone::Monster, slot: Some(zone), position }, Reason::Summon);
        let st = &mut self.cards[c.0 as usize];
        st.summon = SummonKind::Special;
        st.properly_summoned = true;
        self.player_fx[p.idx()].summoned_turn = self.turn;
        self.emit(Event::SpecialSummoned { card: c });
    }

    /// Negates chain link `i` (0-based): its activation, or only its effect.
    fn negate_link(&mut self, i: usize, activation: bool, destroy: bool) {
        let Some(l) = self.chain.get_mut(i) else { return };
        if activation {
            l.activation_negated = true;
        } else {
            l.effect_negated = true;
        }
        let (card, moves, n) = (l.card, l.card_moves, i as u8 + 1);
        if activation {
            self.emit(Event::ActivationNegated { card, link: n });
        } else {
            self.emit(Event::EffectNegated { card, link: n });
        }
        let c = self.card(card);
        if c.moves != moves || !c.zone.on_field() {
            return;
        }
        let is_card =
            self.effect_decl(card, self.chain[i].effect).is_some_and(|e| e.kind.is_card_activation()) || self.chain[i].effect == crate::extra::PENDULUM_SCALE;
        if destroy {
            self.send_to_gy(card, Reason::Destroy);
        } else if activation && is_card {
            // CHAIN-4: a negated spell/trap goes to the GY.
            self.send_to_gy(card, Reason::Rule);
        }
    }

    /// SUM-3: a negated summon: the monster is destroyed.
    pub(crate) fn negate_summon(&mut self, m: CardId) {
        // SUM-3: a monster whose Flip Summon is negated never activates its FLIP effect.
        self.pending.retain(|p| p.card != m);
        self.emit(Event::SummonNegated { card: m });
        if self.card(m).zone == Zone::Monster {
            // SUM-12: a Pendulum monster whose summon is negated goes to the GY, not the
            // Extra Deck.
            self.negated_summon = Some(m);
            self.send_to_gy(m, Reason::Destroy);
            self.negated_summon = None;
        }
    }
}
