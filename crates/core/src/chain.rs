//! Activations and chains: legality (timing, spell speed, conditions, payable costs,
//! targets), costs paid first (EFF-5), targets bound at activation and rechecked at
//! resolution (EFF-6), response windows and reverse resolution (CHAIN-2, CHAIN-3),
//! negation (CHAIN-4), continuous cards removed mid-chain (CHAIN-5).

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::card::{Kind, SpellKind, TrapKind};
use crate::effect::{Condition, Cost, EffectDecl, EffectKind, Filter, Modifier, Op, Range, SpellSpeed, Who};
use crate::engine::{limits, Flow, Prompt, SelectPurpose, Task, Window, WindowKind};
use crate::event::{Event, Reason};
use crate::state::{CardId, Dest, Duel};
use crate::types::{Player, Position, Zone};

/// One link of the chain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChainLink {
    pub card: CardId,
    pub effect: u8,
    pub controller: Player,
    pub speed: SpellSpeed,
    /// Targets with the move count they had when chosen.
    pub targets: SmallVec<[(CardId, u32); 2]>,
    /// The card's move count after activation: a change means it left the field.
    pub card_moves: u32,
    pub activation_negated: bool,
    pub effect_negated: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActivateStage {
    Costs(u8),
    Targets,
    Link,
}

/// The activation of one effect, step by step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActivateTask {
    pub card: CardId,
    pub effect: u8,
    pub player: Player,
    pub stage: ActivateStage,
    pub targets: SmallVec<[(CardId, u32); 2]>,
}

impl Duel {
    pub(crate) fn effect_decl(&self, card: CardId, effect: u8) -> Option<&EffectDecl> {
        self.pool.def(self.card(card).def).behavior.effects.get(effect as usize)
    }

    /// The monster attacking in the current battle, if any.
    pub fn current_attacker(&self) -> Option<CardId> {
        self.tasks.iter().rev().find_map(|t| match t {
            Task::Attack(a) => Some(a.attacker),
            _ => None,
        })
    }

    pub fn chain_len(&self) -> usize {
        self.chain.len()
    }
    /// The cards of the chain's links, link 1 first.
    pub fn chain_cards(&self) -> Vec<CardId> {
        self.chain.iter().map(|l| l.card).collect()
    }

    /// Does `id` match `f`, for an effect of `source` controlled by `p`?
    pub(crate) fn filter_matches(&self, f: &Filter, id: CardId, p: Player, source: CardId) -> bool {
        let c = self.card(id);
        let d = self.data(id);
        match f {
            Filter::Any => true,
            Filter::Monster => d.is_monster() && (c.zone == Zone::Monster || c.face_up() || !c.zone.on_field()),
            Filter::Spell => d.is_spell() && c.zone != Zone::Monster,
            Filter::Trap => d.is_trap() && c.zone != Zone::Monster,
            Filter::SpellTrap => matches!(c.zone, Zone::SpellTrap | Zone::Field) || (!d.is_monster() && !c.zone.on_field()),
            Filter::FaceUp => c.face_up(),
            Filter::FaceDown => !c.face_up(),
            Filter::YouControl => c.controller == p,
            Filter::OppControls => c.controller != p,
            Filter::NotSelf => id != source,
            Filter::And(v) => v.iter().all(|f| self.filter_matches(f, id, p, source)),
            Filter::Or(v) => v.iter().any(|f| self.filter_matches(f, id, p, source)),
            Filter::Not(f) => !self.filter_matches(f, id, p, source),
        }
    }

    /// Cards on the field (monster, S/T, Field and Pendulum zones), A's side first.
    pub(crate) fn field_cards(&self) -> SmallVec<[CardId; 16]> {
        let mut v = SmallVec::new();
        for p in [self.turn_player, self.turn_player.opp()] {
            let ps = self.player(p);
            v.extend(ps.monsters.iter().flatten().copied());
            v.extend(ps.spells.iter().flatten().copied());
            v.extend(ps.field);
            v.extend(ps.pendulum.iter().flatten().copied());
        }
        v
    }

    fn target_candidates(&self, p: Player, source: CardId, f: &Filter) -> Vec<CardId> {
        self.field_cards().into_iter().filter(|&c| c != source && self.filter_matches(f, c, p, source)).collect()
    }

    fn discard_candidates(&self, p: Player, source: CardId, f: &Filter) -> Vec<CardId> {
        self.player(p).hand.iter().copied().filter(|&c| c != source && self.filter_matches(f, c, p, source)).collect()
    }

    /// Can `p` activate effect `effect` of `card` in window `w` now? A pure function of
    /// the state (STYLE 14): timing, zone, spell speed, condition, costs, targets.
    pub(crate) fn can_activate(&self, p: Player, card: CardId, effect: u8, w: &Window) -> bool {
        let Some(e) = self.effect_decl(card, effect) else { return false };
        let c = self.card(card);
        if c.controller != p {
            return false;
        }
        let my_turn = p == self.turn_player;
        let set_earlier = !c.face_up() && c.zone == Zone::SpellTrap && c.entered_turn < self.turn;
        let from_hand = c.zone == Zone::Hand;
        // Card kind and place (SPELL-1, SPELL-6, TRAP-1, ZONE-9).
        let placed_ok = match e.kind {
            EffectKind::Spell(SpellKind::QuickPlay) => (from_hand && my_turn) || set_earlier,
            EffectKind::Spell(SpellKind::Field) => (from_hand || (c.zone == Zone::Field && !c.face_up())) && my_turn,
            EffectKind::Spell(_) => (from_hand || (c.zone == Zone::SpellTrap && !c.face_up())) && my_turn,
            EffectKind::Trap(_) => set_earlier,
            EffectKind::Quick | EffectKind::Ignition => match e.range {
                Range::Hand => from_hand,
                Range::Gy => c.zone == Zone::Gy,
                Range::Field => c.zone == Zone::Monster && c.face_up(),
            },
            _ => false,
        };
        if !placed_ok {
            return false;
        }
        let is_spell_trap = matches!(e.kind, EffectKind::Spell(_) | EffectKind::Trap(_));
        if from_hand && is_spell_trap && !matches!(e.kind, EffectKind::Spell(SpellKind::Field)) && self.free_spell_zones(p).is_empty() {
            return false;
        }
        // Timing: SS1 only in the own Main Phase with an empty chain (SPELL-1).
        let speed = e.spell_speed();
        let top = self.chain.last();
        match top {
            None => {
                if speed == SpellSpeed::One && !(my_turn && w.kind == WindowKind::Phase(self.phase) && self.phase.is_main()) {
                    return false;
                }
            }
            Some(l) => {
                if speed == SpellSpeed::One || speed < l.speed || self.chain.len() >= limits::CHAIN_LINKS {
                    return false;
                }
            }
        }
        // EFF-10: in the Damage Step only counter traps (the rest comes with its cards).
        if matches!(w.kind, WindowKind::Damage(_)) && speed != SpellSpeed::Three && !e.damage_step {
            return false;
        }
        // SUM-3: in a summon-negation window only summon negation responds.
        if w.kind == WindowKind::SummonNegation {
            return false;
        }
        if !self.condition_holds(&e.condition, p, card, w) {
            return false;
        }
        for cost in &e.costs {
            let payable = match cost {
                Cost::PayLp(n) => self.lp(p) >= *n,
                Cost::DiscardSelf => c.zone == Zone::Hand,
                Cost::Discard { count, filter } => self.discard_candidates(p, card, filter).len() >= *count as usize,
            };
            if !payable {
                return false;
            }
        }
        if let Some(t) = &e.target {
            if self.target_candidates(p, card, &t.filter).len() < t.count as usize {
                return false;
            }
        }
        e.ops.iter().all(|op| self.op_possible(op, p, card))
    }

    fn condition_holds(&self, c: &Condition, p: Player, source: CardId, w: &Window) -> bool {
        match c {
            Condition::Always => true,
            Condition::OpponentAttacksInDamageCalculation => {
                w.kind == WindowKind::Damage(crate::types::DamageStep::DuringCalculation)
                    && self.current_attacker().is_some_and(|a| self.card(a).controller != p)
            }
            Condition::ChainTopActivates(f) => self.chain.last().is_some_and(|l| {
                !l.activation_negated
                    && self.effect_decl(l.card, l.effect).is_some_and(|e| matches!(e.kind, EffectKind::Spell(_) | EffectKind::Trap(_)))
                    && self.filter_matches(f, l.card, p, source)
            }),
        }
    }

    /// Whether an operation could do anything (cards that "cannot be activated" without a
    /// legal object, e.g. "Dark Hole" with no monsters).
    fn op_possible(&self, op: &Op, p: Player, source: CardId) -> bool {
        match op {
            Op::DestroyAll(f) => self.field_cards().iter().any(|&c| c != source && self.filter_matches(f, c, p, source)),
            Op::Draw { who, count } => self.who(*who, p).iter().all(|&q| self.player(q).deck.len() >= *count as usize),
            _ => true,
        }
    }

    fn who(&self, w: Who, p: Player) -> SmallVec<[Player; 2]> {
        match w {
            Who::You => SmallVec::from_slice(&[p]),
            Who::Opponent => SmallVec::from_slice(&[p.opp()]),
            // EFF-12: the turn player acts first.
            Who::Both => SmallVec::from_slice(&[self.turn_player, self.turn_player.opp()]),
        }
    }

    /// Activation, step 1: the card goes face-up to its zone (CHAIN-8).
    pub(crate) fn begin_activation(&mut self, p: Player, card: CardId, effect: u8) {
        let c = self.card(card);
        let field_spell = matches!(self.data(card).kind, Kind::Spell(SpellKind::Field));
        let spell_trap = !self.data(card).is_monster();
        if c.zone == Zone::Hand && spell_trap {
            let dest = if field_spell {
                if let Some(old) = self.player(p).field {
                    self.send_to_gy(old, Reason::Rule);
                }
                Dest { player: p, zone: Zone::Field, slot: Some(0), position: Position::FaceUpAttack }
            } else {
                let z = self.free_spell_zones(p).first().copied().unwrap_or(0);
                Dest { player: p, zone: Zone::SpellTrap, slot: Some(z), position: Position::FaceUpAttack }
            };
            self.move_card(card, dest, Reason::Activate);
        } else if spell_trap && !c.face_up() {
            self.cards[card.0 as usize].position = Position::FaceUpAttack;
        }
        self.tasks.push(Task::Activate(ActivateTask { card, effect, player: p, stage: ActivateStage::Costs(0), targets: SmallVec::new() }));
    }

    pub(crate) fn step_activate(&mut self, mut a: ActivateTask) -> Flow {
        let Some(e) = self.effect_decl(a.card, a.effect).cloned() else { return Flow::Continue };
        match a.stage {
            ActivateStage::Costs(i) => {
                let Some(cost) = e.costs.get(i as usize) else {
                    a.stage = ActivateStage::Targets;
                    self.tasks.push(Task::Activate(a));
                    return Flow::Continue;
                };
                match cost {
                    Cost::PayLp(n) => self.change_lp(a.player, -n),
                    Cost::DiscardSelf => self.send_to_gy(a.card, Reason::Cost),
                    Cost::Discard { count, filter } => {
                        if self.take_answer().is_some() {
                            if let Prompt::Select { picked, .. } = std::mem::replace(&mut self.prompt, Prompt::Over) {
                                for id in picked {
                                    self.send_to_gy(id, Reason::Cost);
                                }
                            }
                        } else {
                            let candidates = self.discard_candidates(a.player, a.card, filter);
                            let (player, count) = (a.player, *count);
                            self.tasks.push(Task::Activate(a));
                            return Flow::Ask(Prompt::Select { player, purpose: SelectPurpose::Cost, candidates, min: count, max: count, picked: Vec::new() });
                        }
                    }
                }
                a.stage = ActivateStage::Costs(i + 1);
                self.tasks.push(Task::Activate(a));
                Flow::Continue
            }
            ActivateStage::Targets => {
                if let Some(t) = &e.target {
                    if self.take_answer().is_some() {
                        if let Prompt::Select { picked, .. } = std::mem::replace(&mut self.prompt, Prompt::Over) {
                            a.targets = picked.into_iter().map(|id| (id, self.card(id).moves)).collect();
                        }
                    } else {
                        let candidates = self.target_candidates(a.player, a.card, &t.filter);
                        let (player, count) = (a.player, t.count);
                        self.tasks.push(Task::Activate(a));
                        return Flow::Ask(Prompt::Select { player, purpose: SelectPurpose::Target, candidates, min: count, max: count, picked: Vec::new() });
                    }
                }
                a.stage = ActivateStage::Link;
                self.tasks.push(Task::Activate(a));
                Flow::Continue
            }
            ActivateStage::Link => {
                let link = ChainLink {
                    card: a.card,
                    effect: a.effect,
                    controller: a.player,
                    speed: e.spell_speed(),
                    targets: a.targets,
                    card_moves: self.card(a.card).moves,
                    activation_negated: false,
                    effect_negated: false,
                };
                self.chain.push(link);
                self.emit(Event::Activated { card: a.card, effect: a.effect, link: self.chain.len() as u8 });
                // CHAIN-3: the other player may respond.
                self.tasks.push(Task::Window(Window { kind: WindowKind::Chain, holder: a.player.opp(), passed: false, dest: None }));
                Flow::Continue
            }
        }
    }

    /// Is a trap effect of `card` negated by a continuous modifier on the field?
    fn trap_effect_negated(&self, card: CardId) -> bool {
        if !self.data(card).is_trap() {
            return false;
        }
        self.field_cards().iter().any(|&c| {
            c != card
                && self.card(c).active
                && self.card(c).face_up()
                && self.pool.def(self.card(c).def).behavior.effects.iter().any(|e| e.modifier == Some(Modifier::NegateOtherTrapEffects))
        })
    }

    /// CHAIN-3: resolve the last link; when the chain is empty, send the resolved
    /// one-shot spells and traps to the GY (CHAIN-8).
    pub(crate) fn step_resolve_chain(&mut self) -> Flow {
        let Some(link) = self.chain.pop() else { return Flow::Continue };
        let n = self.chain.len() as u8 + 1;
        self.resolve_link(&link, n);
        self.resolved.push(link.card);
        if !self.chain.is_empty() {
            self.tasks.push(Task::ResolveChain);
            return Flow::Continue;
        }
        self.emit(Event::ChainEnded);
        for card in std::mem::take(&mut self.resolved) {
            let c = self.card(card);
            let one_shot = matches!(
                self.data(card).kind,
                Kind::Spell(SpellKind::Normal | SpellKind::QuickPlay | SpellKind::Ritual) | Kind::Trap(TrapKind::Normal | TrapKind::Counter)
            );
            if one_shot && matches!(c.zone, Zone::SpellTrap | Zone::Field) && c.face_up() {
                self.send_to_gy(card, Reason::Resolve);
            }
        }
        Flow::Continue
    }

    fn resolve_link(&mut self, link: &ChainLink, n: u8) {
        if link.activation_negated {
            return;
        }
        let Some(e) = self.effect_decl(link.card, link.effect).cloned() else { return };
        let persistent = matches!(e.kind, EffectKind::Spell(SpellKind::Continuous | SpellKind::Field | SpellKind::Equip) | EffectKind::Trap(TrapKind::Continuous));
        // CHAIN-5, SPELL-3, EFF-4: a continuous card that left the field does nothing.
        if persistent && self.card(link.card).moves != link.card_moves {
            self.emit(Event::LinkResolved { card: link.card, link: n });
            return;
        }
        if link.effect_negated || self.trap_effect_negated(link.card) {
            self.emit(Event::EffectNegated { card: link.card, link: n });
            return;
        }
        let p = link.controller;
        for op in &e.ops {
            match op {
                Op::Draw { who, count } => {
                    for q in self.who(*who, p) {
                        self.draw(q, *count as usize);
                    }
                }
                Op::DestroyAll(f) => {
                    let victims: Vec<CardId> = self.field_cards().into_iter().filter(|&c| c != link.card && self.filter_matches(f, c, p, link.card)).collect();
                    for v in victims {
                        self.send_to_gy(v, Reason::Destroy);
                    }
                }
                Op::DestroyTargets => {
                    let filter = e.target.as_ref().map(|t| t.filter.clone()).unwrap_or(Filter::Any);
                    for &(t, moves) in &link.targets {
                        // EFF-6: a target that moved or no longer fits is not affected.
                        if self.card(t).moves == moves && self.card(t).zone.on_field() && self.filter_matches(&filter, t, p, link.card) {
                            self.send_to_gy(t, Reason::Destroy);
                        }
                    }
                }
                Op::NegateActivation { destroy } => {
                    if let Some(below) = self.chain.last_mut() {
                        below.activation_negated = true;
                        let (card, moves) = (below.card, below.card_moves);
                        self.emit(Event::ActivationNegated { card, link: n - 1 });
                        // CHAIN-4: a negated spell/trap goes to the GY.
                        if self.card(card).moves == moves && self.card(card).zone.on_field() {
                            let reason = if *destroy { Reason::Destroy } else { Reason::Rule };
                            self.send_to_gy(card, reason);
                        }
                    }
                }
                Op::Damage { who, amount } => {
                    for q in self.who(*who, p) {
                        self.change_lp(q, -amount);
                    }
                }
                Op::NoBattleDamage => self.no_battle_damage[p.idx()] = true,
                Op::GainLp { who, amount } => {
                    for q in self.who(*who, p) {
                        self.change_lp(q, *amount);
                    }
                }
            }
        }
        if persistent && self.card(link.card).zone.on_field() && self.card(link.card).face_up() {
            self.cards[link.card.0 as usize].active = true;
        }
        self.emit(Event::LinkResolved { card: link.card, link: n });
    }
}
