//! The `Activate` frame: costs paid one at a time, targets chosen, then the chain link and
//! a response window.

use super::*;

impl Duel {
    // ---- the activation frame -------------------------------------------------------------------

    /// Activation, step 1: the card goes face-up to its zone (CHAIN-8).
    pub(crate) fn begin_activation(&mut self, p: Player, card: CardId, effect: u8) {
        let c = self.card(card);
        let from = c.zone();
        let is_card = self.effect_decl(card, effect).is_some_and(|e| e.kind.is_card_activation());
        let field_spell = matches!(self.data(card).kind, Kind::Spell(SpellKind::Field));
        if c.zone() == Zone::Hand && is_card {
            let dest = if field_spell {
                self.replace_own_field_spell(p);
                Dest { player: p, zone: Zone::Field, slot: Some(0), position: Position::FaceUpAttack }
            } else {
                let z = self.free_spell_zones(p).first().copied().unwrap_or(0);
                Dest { player: p, zone: Zone::SpellTrap, slot: Some(z), position: Position::FaceUpAttack }
            };
            // TRAP-1's exception: a Trap activated from the hand uses one of the activations
            // an effect allowed this turn (`u8::MAX`: any number).
            if self.data(card).is_trap() {
                let fx = &mut self.player_fx[p.idx()];
                if fx.traps_from_hand_left != u8::MAX {
                    fx.traps_from_hand_left = fx.traps_from_hand_left.saturating_sub(1);
                }
            }
            self.move_card(card, dest, Reason::Activate);
        } else if is_card && !c.face_up() {
            self.turn_face_up_in_place(card);
        }
        // `Op::BorrowToHand`: a card taken for the turn costs damage as it is activated.
        if !self.borrowed.is_empty() && is_card {
            if let Some(i) = self.borrowed.iter().position(|&(x, q, ..)| x == card && q == p) {
                let (_, _, by, damage) = self.borrowed.remove(i);
                self.effect_damage(p, damage, by);
            }
        }
        self.record_use(card, effect);
        let copy = self.effect_decl(card, effect).is_some_and(|e| e.copies_link).then(|| self.copy_target()).flatten();
        let facts = LinkFacts { summoned: self.summoned_now(), copy, ..LinkFacts::default() };
        self.tasks.push(Task::Activate(Box::new(ActivateTask { card, effect, player: p, stage: ActivateStage::Costs(0), window: true, from, facts })));
    }

    /// A triggered effect goes on the chain (no response window until all are on it).
    pub(crate) fn start_trigger_activation(&mut self, t: &Pending) {
        self.record_use(t.card, t.effect);
        let from = self.card(t.card).zone();
        self.tasks.push(Task::Activate(Box::new(ActivateTask {
            card: t.card,
            effect: t.effect,
            player: t.player,
            stage: ActivateStage::Costs(0),
            window: false,
            from,
            facts: LinkFacts {
                event_card: t.event_card,
                event_cards: t.event_cards.clone(),
                summoned: self.summoned_now(),
                damage: t.damage,
                ..LinkFacts::default()
            },
        })));
    }

    /// The monsters summoned in the latest happening still on the field, with their move
    /// counts: what "that monster" of an activation responding to a summon names (EFF-6).
    pub(super) fn summoned_now(&self) -> smallvec::SmallVec<[(CardId, u32); 2]> {
        self.just_summoned().filter(|&m| self.card(m).zone() == Zone::Monster).map(|m| (m, self.card(m).moves)).collect()
    }

    /// Moves one card paid by a [`Cost::Cards`].
    pub(super) fn pay_card(&mut self, how: CostMove, c: CardId) {
        match how {
            CostMove::Discard => self.send_to_gy(c, Reason::Discard),
            CostMove::Tribute => self.send_to_gy(c, Reason::Tribute),
            CostMove::Send => self.send_to_gy(c, Reason::Cost),
            CostMove::Banish => self.banish(c, false, Reason::Cost),
            CostMove::Shuffle => {
                let owner = self.card(c).owner();
                // `move_card` sends an Extra Deck monster to the Extra Deck instead.
                self.move_card(c, Dest { player: owner, zone: Zone::Deck, slot: None, position: Position::FaceDownDefense }, Reason::Cost);
                if self.card(c).zone() == Zone::Deck {
                    self.shuffle_deck(owner);
                }
            }
            CostMove::DeckTop => {
                let owner = self.card(c).owner();
                self.move_card(c, Dest { player: owner, zone: Zone::Deck, slot: None, position: Position::FaceDownDefense }, Reason::Cost);
            }
            CostMove::ToHand => self.return_to_hand(c, Reason::Cost),
        }
    }

    pub(super) fn pay_cost(&mut self, a: &mut ActivateTask, cost: &Cost, e: &EffectDecl) -> Option<Flow> {
        match cost {
            Cost::PayLp { amount: n, any_multiple: false } => {
                let lp = if self.lp_cost_waived(a.player, a.card) { 0 } else { self.num(n, &Ctx::with_link(a.player, a.card, &a.facts)) };
                a.facts.cost.lp += lp;
                if lp != 0 {
                    self.change_lp(a.player, -lp);
                }
            }
            Cost::PayLp { amount, any_multiple: true } => match self.take_answer() {
                Some(crate::action::Action::Announce(v)) => {
                    let lp = v as i32;
                    self.emit(Event::Announced { player: a.player, value: v, kind: crate::engine::AnnounceKind::Amount });
                    a.facts.cost.lp += lp;
                    self.change_lp(a.player, -lp);
                }
                _ => {
                    let step = amount.constant().unwrap_or(0);
                    let options = (1..=self.lp(a.player) / step.max(1)).map(|k| (k * step) as u32).collect();
                    return Some(Flow::Ask(Prompt::Announce { player: a.player, kind: crate::engine::AnnounceKind::Amount, options }));
                }
            },
            Cost::RemoveCounters { kind, count } => self.add_counters(a.card, *kind, -(*count as i32)),
            Cost::Cards { how, from: CostFrom::This, .. } => self.pay_card(*how, a.card),
            Cost::Cards { how, from: CostFrom::DeckTop, count: CostCount::Range(n, _), .. } => {
                let top: Vec<CardId> = self.player(a.player).deck.iter().rev().take(*n as usize).copied().collect();
                for c in top {
                    self.pay_card(*how, c);
                }
            }
            Cost::Cards { how, count: CostCount::All, .. } => {
                let all = self.raw_cost_candidates(cost, a.player, a.card);
                let lp = a.facts.cost.lp;
                a.facts.cost = self.cost_facts(&all, lp);
                for c in all {
                    self.pay_card(*how, c);
                }
            }
            Cost::Cards { how, count: CostCount::Random(n), .. } => {
                // MISC-6: picked with the duel's random source, no choice.
                use rand::RngExt;
                let mut candidates = self.raw_cost_candidates(cost, a.player, a.card);
                let mut picked: SmallVec<[CardId; 4]> = SmallVec::new();
                while picked.len() < *n as usize && !candidates.is_empty() {
                    let i = self.rng.random_range(0..candidates.len());
                    picked.push(candidates.swap_remove(i));
                }
                let lp = a.facts.cost.lp;
                a.facts.cost = self.cost_facts(&picked, lp);
                for c in picked {
                    self.pay_card(*how, c);
                }
            }
            Cost::DetachMaterial(_) | Cost::RemoveCountersFromField { .. } | Cost::Cards { .. } => {
                if self.take_answer().is_none() {
                    let candidates = self.cost_candidates(cost, e, a.player, a.card).into_vec();
                    let n = candidates.len().min(u8::MAX as usize) as u8;
                    // "Any number": from 1 to all of them (`cost_count_progress` keeps it to the
                    // numbers that leave a possible effect).
                    let (min, max) = match cost {
                        Cost::DetachMaterial(count) => (*count, *count),
                        Cost::RemoveCountersFromField { .. } => (1, 1),
                        Cost::Cards { count: CostCount::UpTo(max), .. } => (1, (*max).min(n).max(1)),
                        Cost::Cards { count: CostCount::Range(min, max), .. } => (*min, (*max).min(n).max(*min)),
                        _ => (1, n),
                    };
                    return Some(Flow::Ask(Prompt::Select { player: a.player, purpose: SelectPurpose::Cost, candidates, min, max, picked: Vec::new() }));
                }
                let Prompt::Select { picked, .. } = std::mem::replace(&mut self.prompt, Prompt::Over) else { return None };
                let lp = a.facts.cost.lp;
                a.facts.cost = self.cost_facts(&picked, lp);
                for id in picked {
                    match cost {
                        // ZONE-10, SUM-11: the player picks which materials to detach.
                        Cost::Cards { how, .. } => self.pay_card(*how, id),
                        Cost::RemoveCountersFromField { kind, count } => self.add_counters(id, *kind, -(*count as i32)),
                        _ => self.detach_material(id),
                    }
                }
                // ZONE-7: a Deck looked through is shuffled.
                if matches!(cost, Cost::Cards { from: CostFrom::Deck, .. }) {
                    self.shuffle_deck(a.player);
                }
            }
        }
        None
    }

    pub(crate) fn step_activate(&mut self, mut a: Box<ActivateTask>) -> Flow {
        // The declaration lives in the shared pool: hold the pool, not a copy of the effect.
        let pool = self.pool.clone();
        let Some(e) = pool.def(self.card(a.card).def).behavior.effects.get(a.effect as usize) else { return Flow::Continue };
        match a.stage {
            ActivateStage::Costs(i) => {
                let Some(cost) = e.costs.get(i as usize) else {
                    a.stage = ActivateStage::Targets;
                    self.tasks.push(Task::Activate(a));
                    return Flow::Continue;
                };
                if let Some(ask) = self.pay_cost(&mut a, cost, e) {
                    self.tasks.push(Task::Activate(a));
                    return ask;
                }
                a.stage = ActivateStage::Costs(i + 1);
                self.tasks.push(Task::Activate(a));
                Flow::Continue
            }
            ActivateStage::Targets | ActivateStage::AlsoTargets => {
                // A copying effect chooses the targets of the effect it copies.
                let t_decl = match a.facts.copy {
                    Some((c, i)) => pool.def(self.card(c).def).behavior.effects.get(i as usize).unwrap_or(e),
                    None => e,
                };
                let second = a.stage == ActivateStage::AlsoTargets;
                let spec = if second { &t_decl.also_target } else { &t_decl.target };
                let next = if second || t_decl.also_target.is_none() { ActivateStage::Link } else { ActivateStage::AlsoTargets };
                let Some(t) = spec else {
                    a.stage = next;
                    self.tasks.push(Task::Activate(a));
                    return Flow::Continue;
                };
                if self.take_answer().is_some() {
                    if let Prompt::Select { picked, .. } = std::mem::replace(&mut self.prompt, Prompt::Over) {
                        a.facts.targets.extend(picked.into_iter().map(|id| (id, self.card(id).moves)));
                    }
                    a.stage = next;
                    self.tasks.push(Task::Activate(a));
                    return Flow::Continue;
                }
                let candidates: Vec<CardId> = self
                    .spec_candidates(t, &Ctx::with_link(a.player, a.card, &a.facts))
                    .into_iter()
                    .filter(|c| !a.facts.targets.iter().any(|x| x.0 == *c))
                    .collect();
                // EFF-6: a group of "up to N" targets (`min` 0) may stay empty.
                if candidates.is_empty() && t.min == 0 {
                    a.stage = next;
                    self.tasks.push(Task::Activate(a));
                    return Flow::Continue;
                }
                let chooser = if t.by_opponent { a.player.opp() } else { a.player };
                let (lo, hi) = if t.per_cost_card { (a.facts.cost.cards.max(1), a.facts.cost.cards.max(1)) } else { (t.min, t.max) };
                let (player, min, max) = (chooser, lo, hi.max(lo).max(1).min(candidates.len() as u8));
                self.tasks.push(Task::Activate(a));
                Flow::Ask(Prompt::Select { player, purpose: SelectPurpose::Target, candidates, min: min.min(max), max, picked: Vec::new() })
            }
            ActivateStage::Link => {
                if let Some(r) = e.restriction {
                    self.apply_player_effect(a.player, r);
                }
                let link = ChainLink {
                    card: a.card,
                    effect: a.effect,
                    controller: a.player,
                    speed: e.spell_speed(),
                    card_moves: self.card(a.card).moves,
                    from: a.from,
                    activation_negated: false,
                    effect_negated: false,
                    facts: a.facts,
                    damage_change: Default::default(),
                };
                let targets = link.facts.targets.clone();
                self.chain.push(link);
                let shown = [targets.first().map(|t| t.0), targets.get(1).map(|t| t.0)];
                self.emit(Event::Activated { card: a.card, player: a.player, effect: a.effect, link: self.chain.len() as u8, targets: shown });
                self.destroy_targeted_on_activation(&targets);
                // CHAIN-3: the other player may respond.
                if a.window {
                    self.tasks.push(Task::Window(Window { kind: WindowKind::Chain, holder: a.player.opp(), passed: false, dest: None }));
                }
                Flow::Continue
            }
        }
    }
}
