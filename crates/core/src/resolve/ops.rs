//! The vocabulary's steps: what each [`Op`] does when it resolves.

use smallvec::SmallVec;

use super::{OpFlow, Resolution};
use crate::action::Action;
use crate::author::{StepCtx, StepFlow};
use crate::effect::{ControlChange, DestroyTo, Obj, Op, Place, PosChange, Test, Who};
use crate::engine::{AnnounceKind, Prompt, Question, SelectPurpose};
use crate::eval::Ctx;
use crate::event::{Event, Reason};
use crate::modifiers::Lingering;
use crate::state::{CardId, Delayed, Dest, Duel, MemoryEntry};
use crate::types::{Player, Position, Zone};

impl Duel {
    fn chooser(&self, who: Who, p: Player) -> Player {
        if who == Who::Opponent {
            p.opp()
        } else {
            p
        }
    }

    /// The cards of a list an effect may move out of where they are (not those a locked GY
    /// holds: `Modifier::Duel(crate::effect::DuelRule::GyLocked)`).
    fn movable(&self, mut list: SmallVec<[CardId; 4]>) -> SmallVec<[CardId; 4]> {
        if self.gy_locked() {
            list.retain(|c| self.card(*c).zone() != Zone::Gy);
        }
        list
    }

    /// Records what a step affected: `Obj::Affected`, "if you do".
    pub(crate) fn set_affected(&self, r: &mut Resolution, cards: &[CardId]) {
        r.affected = cards.iter().copied().collect();
        r.did = !cards.is_empty();
    }

    /// Last known ATK/DEF of the monsters of `list` still on the field (read by `Num`s of
    /// the next steps once they have left it).
    fn remember_known(&self, r: &mut Resolution, list: &[CardId]) {
        r.known.clear();
        for &c in list {
            if self.card(c).zone() == Zone::Monster && self.card(c).face_up() {
                r.known.push((c, self.current_atk(c), self.current_def(c)));
            }
        }
    }

    pub(super) fn run_op(&mut self, op: &Op, r: &mut Resolution) -> OpFlow {
        // One function per family of steps.
        match op {
            Op::Choose { .. }
            | Op::ChooseRandom { .. }
            | Op::Draw { .. }
            | Op::ShuffleDeck(..)
            | Op::Reveal(..)
            | Op::AddCounters { .. }
            | Op::AdvanceTurnCount(..)
            | Op::BorrowToHand { .. }
            | Op::RemoveCounters { .. }
            | Op::Tribute { .. }
            | Op::Remember { .. } => self.run_pick_op(op, r),
            Op::Destroy(..)
            | Op::SendToGy(..)
            | Op::Discard(..)
            | Op::Banish { .. }
            | Op::ToHand(..)
            | Op::ToDeck { .. }
            | Op::ShuffleFaceUpIntoDeck { .. } => self.run_move_op(op, r),
            Op::ChangePosition { .. } | Op::EquipTo(..) | Op::Control { .. } | Op::Set(..) => self.run_field_op(op, r),
            Op::SpecialSummon { .. }
            | Op::Summon(crate::effect::SummonStep::Pointed { .. })
            | Op::Summon(crate::effect::SummonStep::ReturnToField(..))
            | Op::Summon(crate::effect::SummonStep::SelfAsMonster { .. })
            | Op::Summon(crate::effect::SummonStep::AsNormalMonsters { .. })
            | Op::Summon(crate::effect::SummonStep::Tokens { .. })
            | Op::Summon(crate::effect::SummonStep::TokensFor { .. })
            | Op::EquipAsCard { .. }
            | Op::Summon(crate::effect::SummonStep::NormalNow(..)) => self.run_summon_op(op, r),
            Op::Negate(crate::effect::NegateWhat::Activation { .. })
            | Op::Negate(crate::effect::NegateWhat::Effect { .. })
            | Op::Negate(crate::effect::NegateWhat::Damage { .. })
            | Op::Negate(crate::effect::NegateWhat::Summon)
            | Op::Negate(crate::effect::NegateWhat::DrawsToGy)
            | Op::Course(crate::effect::Course::NegateAttack)
            | Op::Course(crate::effect::Course::EndBattlePhase)
            | Op::Course(crate::effect::Course::SkipToEndPhase)
            | Op::Course(crate::effect::Course::RedirectAttack(..))
            | Op::Course(crate::effect::Course::NewAttacker(..))
            | Op::Retarget(..)
            | Op::UseAsOwn(..)
            | Op::ShuffleMonsterZones(..)
            | Op::LockZones { .. }
            | Op::BattleNow { .. }
            | Op::Win(..) => self.run_negate_op(op, r),
            Op::Lp(crate::effect::LpStep::Damage { .. })
            | Op::Lp(crate::effect::LpStep::Gain { .. })
            | Op::Lp(crate::effect::LpStep::Set { .. })
            | Op::Lp(crate::effect::LpStep::DamageController { .. })
            | Op::NoBattleDamage
            | Op::Apply { .. }
            | Op::ApplyRule { .. }
            | Op::ApplyPlayer { .. }
            | Op::ForbidNames { .. }
            | Op::ExtraAttack(..)
            | Op::AttackAgainOn(..)
            | Op::StayOnField
            | Op::Lp(crate::effect::LpStep::Exchange)
            | Op::Lp(crate::effect::LpStep::Pay(..)) => self.run_lp_op(op, r),
            Op::DeclareBy(..)
            | Op::PickDeclared(..)
            | Op::CallCoin
            | Op::TossCoins(..)
            | Op::Later { .. }
            | Op::If { .. }
            | Op::MayDo(..)
            | Op::ChooseOne(..)
            | Op::Custom(..)
            | Op::Extra(..)
            | Op::ExcavateUntil { .. } => self.run_flow_op(op, r),
        }
    }

    /// The steps that pick, draw, show or mark cards (choices, draws, shuffles, reveals,
    /// counters, memory).
    fn run_pick_op(&mut self, op: &Op, r: &mut Resolution) -> OpFlow {
        let p = r.link.controller;
        let card = r.link.card;
        match op {
            Op::Choose { who, place, filter, min, max } => {
                let chooser = self.chooser(*who, p);
                if let Place::Deck(w) | Place::HandOrDeck(w) | Place::HandDeckOrGy(w) = place {
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
                let ctx = Ctx::resolving(r);
                let candidates: Vec<CardId> = self.cards_in(*place, p).into_iter().filter(|&c| c != card && self.filter_in(filter, c, &ctx)).collect();
                if candidates.is_empty() {
                    r.chosen.clear();
                    r.did = false;
                    return OpFlow::Next;
                }
                let max = (*max).min(candidates.len() as u8).max(1);
                let min = (*min).min(max);
                OpFlow::Ask(Prompt::Select { player: chooser, purpose: SelectPurpose::Effect, candidates, min, max, picked: Vec::new() })
            }
            Op::Tribute { who, count } => {
                let q = self.chooser(*who, p);
                if self.take_answer().is_some() {
                    let picked = match std::mem::replace(&mut self.prompt, Prompt::Over) {
                        Prompt::Select { picked, .. } => picked,
                        _ => Vec::new(),
                    };
                    for &c in &picked {
                        self.send_to_gy(c, Reason::Tribute);
                    }
                    self.set_affected(r, &picked);
                    return OpFlow::Next;
                }
                let candidates: Vec<CardId> = self.tributable_monsters(q).into_iter().filter(|&c| !self.cannot_be_tributed(c)).collect();
                if candidates.is_empty() || *count == 0 {
                    self.set_affected(r, &[]);
                    return OpFlow::Next;
                }
                let n = (*count).min(candidates.len() as u8);
                OpFlow::Ask(Prompt::Select { player: q, purpose: SelectPurpose::Effect, candidates, min: n, max: n, picked: Vec::new() })
            }
            Op::ChooseRandom { place, filter, count } => {
                use rand::RngExt;
                let ctx = Ctx::resolving(r);
                let mut candidates: Vec<CardId> = self.cards_in(*place, p).into_iter().filter(|&c| self.filter_in(filter, c, &ctx)).collect();
                let count = self.num(count, &ctx).max(0);
                r.chosen.clear();
                for _ in 0..count {
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
                let n = self.num(count, &Ctx::resolving(r)).max(0) as usize;
                let mut drawn: SmallVec<[CardId; 4]> = SmallVec::new();
                for q in self.who(*who, p) {
                    let before = self.player(q).hand.len();
                    self.draw(q, n);
                    drawn.extend(self.player(q).hand[before..].iter().copied());
                }
                // "Muko": the cards this link draws are shown and discarded.
                if r.link.facts.draws_to_gy {
                    drawn.retain(|c| self.card(*c).zone() == Zone::Hand);
                    for &c in &drawn {
                        self.emit(Event::Revealed { card: c });
                    }
                    for &c in &drawn {
                        self.send_to_gy(c, Reason::Discard);
                    }
                    drawn.clear();
                }
                self.set_affected(r, &drawn);
                OpFlow::Next
            }
            Op::ShuffleDeck(who) => {
                for q in self.who(*who, p) {
                    self.shuffle_deck(q);
                }
                OpFlow::Next
            }
            Op::Reveal(o) => {
                let list = self.objects(o, r);
                for &c in &list {
                    self.emit(Event::Revealed { card: c });
                }
                self.set_affected(r, &list);
                OpFlow::Next
            }
            Op::BorrowToHand { what, use_damage } => {
                let list = self.movable(self.acted_on(what, r));
                let p = r.link.controller;
                for &c in &list {
                    self.move_card(c, Dest { player: p, zone: Zone::Hand, slot: None, position: Position::FaceDownDefense }, Reason::Effect);
                    self.emit(Event::Revealed { card: c });
                    self.borrowed.retain(|&(x, ..)| x != c);
                    self.borrowed.push((c, p, r.link.card, *use_damage));
                }
                self.set_affected(r, &list);
                OpFlow::Next
            }
            Op::AdvanceTurnCount(what) => {
                let list: SmallVec<[CardId; 4]> = self.objects(what, r).into_iter().filter(|&c| self.card(c).zone().on_field()).collect();
                for &c in &list {
                    let moves = self.card(c).moves;
                    // An entry of an earlier stay of the card no longer counts.
                    self.turns_advanced.retain(|&(x, m, _)| x != c || m == moves);
                    match self.turns_advanced.iter_mut().find(|(x, _, _)| *x == c) {
                        Some((_, _, n)) => *n = n.saturating_add(1),
                        None => self.turns_advanced.push((c, moves, 1)),
                    }
                }
                self.set_affected(r, &list);
                OpFlow::Next
            }
            Op::AddCounters { what, kind, count, max } => {
                let count = self.num(count, &Ctx::resolving(r)).clamp(0, u16::MAX as i32) as u16;
                let list = self.objects(what, r);
                let mut placed: SmallVec<[CardId; 4]> = SmallVec::new();
                for c in list {
                    let holds = self.pool.def(self.card(c).def).behavior.counters.contains(kind)
                        || (kind.held_by_any_monster() && self.card(c).zone() == crate::types::Zone::Monster);
                    let allowed = holds && self.card(c).zone().on_field() && self.card(c).face_up();
                    if !allowed {
                        continue;
                    }
                    let have = self.counters_on(c, *kind);
                    let add = max.map_or(count, |m| (m as u16).saturating_sub(have).min(count));
                    if add > 0 {
                        self.add_counters(c, *kind, add as i32);
                        placed.push(c);
                    }
                }
                self.set_affected(r, &placed);
                OpFlow::Next
            }
            Op::RemoveCounters { what, kind } => {
                let list = self.objects(what, r);
                let mut had: SmallVec<[CardId; 4]> = SmallVec::new();
                for c in list {
                    let n = self.counters_on(c, *kind);
                    if n > 0 {
                        self.add_counters(c, *kind, -(n as i32));
                        had.push(c);
                    }
                }
                self.set_affected(r, &had);
                OpFlow::Next
            }
            Op::Remember { what, slot } => {
                let list = self.objects(what, r);
                self.memory.retain(|e| !(e.source == card && e.slot == *slot));
                for c in list {
                    let card_moves = self.card(c).moves;
                    self.memory.push(MemoryEntry { source: card, slot: *slot, card: c, card_moves, turn: self.turn });
                }
                OpFlow::Next
            }
            // Not a step of this family (`run_op` routes each step to its own).
            _ => OpFlow::Next,
        }
    }

    /// The steps that move cards: destroy, send to the GY, discard, banish, return to the hand
    /// or Deck.
    fn run_move_op(&mut self, op: &Op, r: &mut Resolution) -> OpFlow {
        let p = r.link.controller;
        match op {
            Op::Destroy(o, to) => {
                // Cards on the field, or in the hand or Deck when the effect names that place
                // ("destroy the monsters in their hand", "every copy in their hand and
                // Deck"); not those protected from it or unaffected by it.
                let (in_hand, in_deck) = (names_place(o, Zone::Hand), names_place(o, Zone::Deck));
                // `custom_stage` n > 0: the answer about the substitute of card n - 1 of the
                // list kept in `r.list` (`Modifier::DestroyOtherInstead`); the monsters spared
                // so far wait in `r.affected` (set anew below), none of them a substitute.
                let (mut list, mut next) = if r.custom_stage == 0 {
                    let list: SmallVec<[CardId; 4]> = self
                        .acted_on(o, r)
                        .into_iter()
                        .filter(|&c| {
                            let z = self.card(c).zone();
                            (z.on_field() || (in_hand && z == Zone::Hand) || (in_deck && z == Zone::Deck)) && !self.indestructible_by_effect_of(c, r.link.card)
                        })
                        .collect();
                    let list = self.shield_once_per_turn(list, r.link.controller);
                    let list = self.destroy_substitutes(list);
                    if self.any_modifiers() && list.iter().any(|&c| !self.destroy_other_candidates(c, &list).is_empty()) {
                        r.affected.clear();
                    }
                    (list, 0)
                } else {
                    let i = usize::from(r.custom_stage - 1);
                    let mut list = std::mem::take(&mut r.list);
                    let mut next = i + 1;
                    if self.take_answer().is_some() {
                        if let Prompt::Select { picked, .. } = std::mem::replace(&mut self.prompt, Prompt::Over) {
                            if let (Some(&s), true) = (picked.first(), i < list.len()) {
                                r.affected.push(list[i]);
                                // Sent to the GY at once (no destruction), or destroyed with
                                // the others in its place.
                                if self.substitute_is_sent(list[i], s) {
                                    list.remove(i);
                                    self.send_to_gy(s, Reason::Effect);
                                    next = i;
                                } else {
                                    list[i] = s;
                                }
                            }
                        }
                    }
                    (list, next)
                };
                while next < list.len() {
                    let spared: SmallVec<[CardId; 8]> = list.iter().chain(r.affected.iter()).copied().collect();
                    let candidates = self.destroy_other_candidates(list[next], &spared);
                    if !candidates.is_empty() {
                        let player = self.card(list[next]).controller();
                        r.custom_stage = (next + 1).min(usize::from(u8::MAX)) as u8;
                        r.list = std::mem::take(&mut list);
                        return OpFlow::Ask(Prompt::Select {
                            player,
                            purpose: SelectPurpose::Effect,
                            candidates: candidates.to_vec(),
                            min: 0,
                            max: 1,
                            picked: Vec::new(),
                        });
                    }
                    next += 1;
                }
                r.custom_stage = 0;
                let list = list;
                self.remember_known(r, &list);
                for &c in &list {
                    match to {
                        DestroyTo::Banished => {
                            self.emit(Event::Destroyed { card: c, reason: Reason::Destroy });
                            self.banish(c, false, Reason::Destroy);
                        }
                        DestroyTo::DeckTop => {
                            self.emit(Event::Destroyed { card: c, reason: Reason::Destroy });
                            let owner = self.card(c).owner();
                            self.move_card(c, Dest { player: owner, zone: Zone::Deck, slot: None, position: Position::FaceDownDefense }, Reason::Destroy);
                        }
                        DestroyTo::Gy => self.send_to_gy(c, Reason::Destroy),
                    }
                }
                self.set_affected(r, &list);
                OpFlow::Next
            }
            Op::SendToGy(o) | Op::Discard(o) => {
                let reason = if matches!(op, Op::Discard(_)) { Reason::Discard } else { Reason::Effect };
                let list = self.acted_on(o, r);
                self.remember_known(r, &list);
                for &c in &list {
                    self.send_to_gy(c, reason);
                }
                self.set_affected(r, &list);
                OpFlow::Next
            }
            Op::Banish { what, face_down } => {
                // `DuelRule::FieldBanishedForGy`: the monsters of the field chosen instead.
                if r.custom_stage == 1 {
                    r.custom_stage = 0;
                    let mut list = std::mem::take(&mut r.list);
                    if self.take_answer().is_some() {
                        if let Prompt::Select { picked, .. } = std::mem::replace(&mut self.prompt, Prompt::Over) {
                            list.extend(picked);
                        }
                    }
                    self.remember_known(r, &list);
                    for &c in &list {
                        self.banish(c, *face_down, Reason::Effect);
                    }
                    self.set_affected(r, &list);
                    return OpFlow::Next;
                }
                let mut list = self.movable(self.acted_on(what, r));
                if self.gy_banish_locked(p) {
                    list.retain(|c| self.card(*c).zone() != Zone::Gy);
                }
                if self.banishes_field_for_gy(p) {
                    let in_gy = |d: &Duel, c: CardId| d.card(c).zone() == Zone::Gy && d.data(c).is_monster();
                    let n = list.iter().filter(|&&c| in_gy(self, c)).count();
                    list.retain(|c| !in_gy(self, *c));
                    let field: Vec<CardId> = self.player(p).monster_ids().filter(|c| !list.contains(c)).collect();
                    if n > 0 && !field.is_empty() {
                        let k = n.min(field.len()) as u8;
                        r.custom_stage = 1;
                        r.list = list;
                        return OpFlow::Ask(Prompt::Select {
                            player: p,
                            purpose: SelectPurpose::Effect,
                            candidates: field,
                            min: k,
                            max: k,
                            picked: Vec::new(),
                        });
                    }
                }
                self.remember_known(r, &list);
                for &c in &list {
                    self.banish(c, *face_down, Reason::Effect);
                }
                self.set_affected(r, &list);
                OpFlow::Next
            }
            Op::ToHand(o) => {
                let list = self.movable(self.acted_on(o, r));
                self.remember_known(r, &list);
                for &c in &list {
                    let from_deck = self.card(c).zone() == Zone::Deck;
                    self.return_to_hand(c, Reason::Effect);
                    if from_deck {
                        self.emit(Event::Revealed { card: c });
                    }
                }
                self.set_affected(r, &list);
                OpFlow::Next
            }
            Op::ShuffleFaceUpIntoDeck { what, whose, gy_when_drawn } => {
                let list = self.movable(self.acted_on(what, r));
                let Some(&q) = self.who(*whose, p).first() else { return OpFlow::Next };
                for &c in &list {
                    self.move_card(c, Dest { player: q, zone: Zone::Deck, slot: None, position: Position::FaceUpDefense }, Reason::Effect);
                    if *gy_when_drawn {
                        self.mark_gy_when_drawn(c);
                    }
                }
                if !list.is_empty() {
                    self.shuffle_deck(q);
                }
                self.set_affected(r, &list);
                OpFlow::Next
            }
            Op::ToDeck { what, top } => {
                let list = self.movable(self.acted_on(what, r));
                self.remember_known(r, &list);
                let mut owners: SmallVec<[Player; 2]> = SmallVec::new();
                for &c in &list {
                    let owner = self.card(c).owner();
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
                self.set_affected(r, &list);
                OpFlow::Next
            }
            // Not a step of this family (`run_op` routes each step to its own).
            _ => OpFlow::Next,
        }
    }

    /// The steps that change cards on the field: positions, equips, control, Sets.
    fn run_field_op(&mut self, op: &Op, r: &mut Resolution) -> OpFlow {
        let p = r.link.controller;
        let card = r.link.card;
        match op {
            Op::ChangePosition { what, to } => {
                let list = self.acted_on(what, r);
                let mut changed: SmallVec<[CardId; 4]> = SmallVec::new();
                for c in list {
                    if self.card(c).zone() != Zone::Monster {
                        continue;
                    }
                    let cur = self.card(c).position();
                    let new = match to {
                        PosChange::Toggle => match cur {
                            Position::FaceUpAttack => Position::FaceUpDefense,
                            _ => Position::FaceUpAttack,
                        },
                        PosChange::FaceUpDefense => Position::FaceUpDefense,
                        PosChange::FaceUpAttack => Position::FaceUpAttack,
                        // MISC-1: a token is never face-down.
                        PosChange::FaceDownDefense if self.data(c).is_token() => continue,
                        PosChange::FaceDownDefense => Position::FaceDownDefense,
                        PosChange::FaceDownInPlace if cur.attack() => Position::FaceDownAttack,
                        PosChange::FaceDownInPlace => Position::FaceDownDefense,
                        PosChange::RevealDefense => {
                            if cur == Position::FaceDownDefense {
                                self.reveal_position(c, Position::FaceUpDefense);
                                changed.push(c);
                            }
                            continue;
                        }
                    };
                    if new != cur {
                        self.set_position(c, new);
                        changed.push(c);
                    }
                }
                self.set_affected(r, &changed);
                OpFlow::Next
            }
            Op::EquipTo(o) => {
                let list = self.acted_on(o, r);
                let ok = self.card(card).zone() == Zone::SpellTrap
                    && self.card(card).moves == r.link.card_moves
                    && list.first().is_some_and(|&t| self.card(t).zone() == Zone::Monster && self.card(t).face_up());
                if ok {
                    let t = list[0];
                    self.cards[card.0 as usize].equip_to = Some(t);
                    self.emit(Event::Equipped { card, to: t });
                }
                r.did = ok;
                OpFlow::Next
            }
            Op::Control { what, how: ControlChange::Take(until) } => {
                let list = self.acted_on(what, r);
                let mut taken: SmallVec<[CardId; 4]> = SmallVec::new();
                for c in list {
                    if self.card(c).zone() == Zone::Monster && self.card(c).controller() != p && !self.control_fixed(c) && self.change_control(c, p) {
                        taken.push(c);
                        if *until == crate::effect::Duration::EndPhase {
                            let moves = self.card(c).moves;
                            self.control_returns.push((c, moves, p.opp()));
                        }
                        // "While this card is face-up on the field": held by the source.
                        if *until == crate::effect::Duration::WhileSourceOnField {
                            self.push_lingering(Lingering {
                                source: card,
                                card: Some((c, self.card(c).moves)),
                                controller: p.opp(),
                                modifier: crate::effect::Modifier::Bond(crate::effect::Bond::ControlHeldBySource),
                                until: crate::effect::Duration::WhileSourceOnField,
                                turn: self.turn,
                                source_moves: self.card(card).moves,
                            });
                        }
                    }
                }
                self.set_affected(r, &taken);
                OpFlow::Next
            }
            Op::Control { what: a, how: ControlChange::SwapWith(b) } => {
                let (a, b) = (self.acted_on(a, r).first().copied(), self.acted_on(b, r).first().copied());
                let swapped = match (a, b) {
                    (Some(a), Some(b)) if a != b && !self.control_fixed(a) && !self.control_fixed(b) => self.swap_control(a, b),
                    _ => false,
                };
                let both: SmallVec<[CardId; 4]> = if swapped { a.into_iter().chain(b).collect() } else { SmallVec::new() };
                self.set_affected(r, &both);
                OpFlow::Next
            }
            Op::Set(o) => {
                let list = self.objects(o, r);
                let mut set: SmallVec<[CardId; 4]> = SmallVec::new();
                for c in list {
                    if self.can_set_from_hand(c, p) {
                        self.set_spell_trap(c);
                        set.push(c);
                    }
                }
                self.set_affected(r, &set);
                OpFlow::Next
            }
            // Not a step of this family (`run_op` routes each step to its own).
            _ => OpFlow::Next,
        }
    }

    /// The steps that summon (Special Summons, tokens, traps as monsters, equips as cards).
    fn run_summon_op(&mut self, op: &Op, r: &mut Resolution) -> OpFlow {
        let p = r.link.controller;
        match op {
            Op::SpecialSummon { what, pos, side } => self.op_special_summon(what, *pos, *side, r, false),
            Op::Summon(crate::effect::SummonStep::Pointed { what, pos }) => self.op_special_summon(what, *pos, crate::effect::Side::You, r, true),
            Op::Summon(crate::effect::SummonStep::ReturnToField(o)) => self.op_return_to_field(o, r),
            Op::Summon(crate::effect::SummonStep::SelfAsMonster { pos }) => self.op_summon_self(*pos, r),
            Op::Summon(crate::effect::SummonStep::AsNormalMonsters { what, atk, def, battle_only }) => {
                self.op_summon_as_monsters(what, *atk, *def, *battle_only, r)
            }
            Op::Summon(crate::effect::SummonStep::Tokens { code, count, pos, like }) => self.op_summon_tokens(p, *code, *count, *pos, like.as_ref(), r),
            Op::Summon(crate::effect::SummonStep::TokensFor { who, code, count, pos }) => {
                let q = if *who == Who::Opponent { p.opp() } else { p };
                self.op_summon_tokens(q, *code, *count, *pos, None, r)
            }
            Op::EquipAsCard { what, to, grants } => self.op_equip_as_card(what, to, grants.as_ref(), r),
            Op::Summon(crate::effect::SummonStep::NormalNow(f)) => self.op_normal_summon_now(f, r),
            // Not a step of this family (`run_op` routes each step to its own).
            _ => OpFlow::Next,
        }
    }

    /// The steps of negation, of the battle and of the turn's course.
    fn run_negate_op(&mut self, op: &Op, r: &mut Resolution) -> OpFlow {
        let p = r.link.controller;
        match op {
            Op::Negate(crate::effect::NegateWhat::Activation { destroy }) => {
                let n = r.n as usize;
                if n >= 2 {
                    // The card of the negated activation is what this step affected ("negate
                    // the activation, and ... that card's name").
                    let negated = self.chain[n - 2].card;
                    self.negate_link(n - 2, true, *destroy);
                    self.set_affected(r, &[negated]);
                    r.did = true;
                } else if let Some(m) = self.summon_pending.take() {
                    self.negate_summon(m);
                    r.did = true;
                }
                OpFlow::Next
            }
            Op::Negate(crate::effect::NegateWhat::Effect { destroy }) => {
                let n = r.n as usize;
                if n >= 2 {
                    self.negate_link(n - 2, false, *destroy);
                    r.did = true;
                }
                OpFlow::Next
            }
            Op::Negate(crate::effect::NegateWhat::Damage { redirect }) => {
                let n = r.n as usize;
                if n >= 2 {
                    self.chain[n - 2].damage_change[p.idx()] = Some(redirect.then_some(p.opp()));
                    r.did = true;
                }
                OpFlow::Next
            }
            Op::Negate(crate::effect::NegateWhat::DrawsToGy) => {
                let n = r.n as usize;
                if let Some(l) = (n >= 2).then(|| self.chain.get_mut(n - 2)).flatten() {
                    l.facts.draws_to_gy = true;
                    r.did = true;
                }
                OpFlow::Next
            }
            Op::Negate(crate::effect::NegateWhat::Summon) => {
                if let Some(m) = self.summon_pending.take() {
                    self.negate_summon(m);
                    r.did = true;
                }
                OpFlow::Next
            }
            Op::Course(crate::effect::Course::NegateAttack) => {
                r.did = self.current_attack().is_some();
                if let Some(a) = self.current_attacker() {
                    self.attack_negated = true;
                    self.emit(Event::AttackNegated { attacker: a });
                }
                OpFlow::Next
            }
            Op::Course(crate::effect::Course::EndBattlePhase) => {
                self.end_battle_phase = true;
                OpFlow::Next
            }
            Op::Course(crate::effect::Course::SkipToEndPhase) => {
                r.did = self.phase != crate::types::Phase::End;
                self.skip_to_end_phase = r.did;
                OpFlow::Next
            }
            Op::Course(crate::effect::Course::RedirectAttack(what)) => {
                let list = self.acted_on(what, r);
                r.did = list.first().is_some_and(|&t| self.redirect_attack(t));
                OpFlow::Next
            }
            Op::Course(crate::effect::Course::NewAttacker(what)) => {
                let list = self.acted_on(what, r);
                r.did = list.first().is_some_and(|&m| self.change_attacker(m));
                OpFlow::Next
            }
            Op::Retarget(what) => {
                // The link below this one (EFF-6: its one target is replaced).
                let n = r.n as usize;
                let new = self.acted_on(what, r).first().copied().filter(|&t| n >= 2 && self.could_retarget(&self.chain[n - 2], t));
                r.did = false;
                if let Some(t) = new {
                    let moves = self.card(t).moves;
                    self.chain[n - 2].facts.targets = smallvec::smallvec![(t, moves)];
                    r.did = true;
                }
                OpFlow::Next
            }
            Op::UseAsOwn(what) => self.op_use_as_own(what, r),
            Op::ShuffleMonsterZones(what) => {
                let cards: SmallVec<[CardId; 4]> =
                    self.objects(what, r).into_iter().filter(|&c| self.card(c).zone() == Zone::Monster && !self.card(c).face_up()).collect();
                // One player's zones: those of the first such card's controller.
                let mine: SmallVec<[CardId; 4]> = match cards.first() {
                    Some(&f) => {
                        let who = self.card(f).controller();
                        cards.iter().copied().filter(|&c| self.card(c).controller() == who).collect()
                    }
                    None => SmallVec::new(),
                };
                r.did = mine.len() > 1;
                if r.did {
                    self.shuffle_monster_zones(&mine);
                }
                OpFlow::Next
            }
            Op::LockZones { who, count } => self.op_lock_zones(*who, *count, r),
            Op::BattleNow { attacker, target, no_damage } => self.op_battle_now(attacker, target, *no_damage, r),
            Op::Win(who) => {
                let winner = match who {
                    Who::You => Some(p),
                    Who::Opponent => Some(p.opp()),
                    Who::Both => None,
                };
                self.finish(crate::types::Outcome { winner, reason: crate::types::WinReason::CardEffect });
                OpFlow::Stop
            }
            // Not a step of this family (`run_op` routes each step to its own).
            _ => OpFlow::Next,
        }
    }

    /// The steps of damage and LP, and of effects applied for a while.
    fn run_lp_op(&mut self, op: &Op, r: &mut Resolution) -> OpFlow {
        let p = r.link.controller;
        let card = r.link.card;
        match op {
            Op::Lp(crate::effect::LpStep::Damage { who, amount })
            | Op::Lp(crate::effect::LpStep::Gain { who, amount })
            | Op::Lp(crate::effect::LpStep::Set { who, amount }) => {
                let value = self.num(amount, &Ctx::resolving(r));
                for q in self.who(*who, p) {
                    match op {
                        Op::Lp(crate::effect::LpStep::Damage { .. }) => {
                            if let Some(t) = r.link.damage_change[q.idx()].unwrap_or(Some(q)) {
                                self.effect_damage(t, value, card);
                            }
                        }
                        Op::Lp(crate::effect::LpStep::Gain { .. }) if self.gains_become_damage(q) => self.effect_damage(q, value, card),
                        Op::Lp(crate::effect::LpStep::Gain { .. }) => self.change_lp(q, value),
                        _ => {
                            let d = value - self.lp(q);
                            self.change_lp(q, d);
                        }
                    }
                }
                r.did = value > 0;
                OpFlow::Next
            }
            Op::Lp(crate::effect::LpStep::DamageController { of, amount }) => {
                let value = self.num(amount, &Ctx::resolving(r));
                let mut hit: SmallVec<[Player; 2]> = SmallVec::new();
                for c in self.objects(of, r) {
                    let q = self.card(c).controller();
                    if !hit.contains(&q) {
                        hit.push(q);
                        if let Some(t) = r.link.damage_change[q.idx()].unwrap_or(Some(q)) {
                            self.effect_damage(t, value, card);
                        }
                    }
                }
                r.did = value > 0 && !hit.is_empty();
                OpFlow::Next
            }
            Op::NoBattleDamage => {
                self.no_battle_damage[p.idx()] = true;
                OpFlow::Next
            }
            Op::Apply { what, modifier, until } => {
                let list = self.acted_on(what, r);
                // The numbers are fixed for each card (`Obj::Each`), all before any applies
                // ("switch the original ATK of those targets" reads both first).
                let base = Ctx::resolving(r);
                let fixed: Vec<_> = list.iter().map(|&c| self.fixed_modifier(modifier, &Ctx { each: Some(c), ..base })).collect();
                let source_moves = self.card(card).moves;
                for (&c, modifier) in list.iter().zip(fixed) {
                    let moves = self.card(c).moves;
                    self.push_lingering(Lingering {
                        source: card,
                        card: Some((c, moves)),
                        controller: p,
                        modifier,
                        until: *until,
                        turn: self.turn,
                        source_moves,
                    });
                }
                self.set_affected(r, &list);
                OpFlow::Next
            }
            Op::ApplyRule { modifier, until } => {
                let modifier = self.fixed_modifier(modifier, &Ctx::resolving(r));
                let source_moves = self.card(card).moves;
                self.push_lingering(Lingering { source: card, card: None, controller: p, modifier, until: *until, turn: self.turn, source_moves });
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
            Op::ForbidNames { who, names, until } => {
                let codes: SmallVec<[u32; 2]> = self.objects(names, r).iter().map(|&c| self.data(c).name_code()).collect();
                let source_moves = self.card(card).moves;
                for q in self.who(*who, p) {
                    for &code in &codes {
                        let modifier = crate::effect::Modifier::no_activations_of_name(code);
                        let until = *until;
                        self.push_lingering(Lingering { source: card, card: None, controller: q, modifier, until, turn: self.turn, source_moves });
                    }
                }
                OpFlow::Next
            }
            Op::ExtraAttack(o) => {
                let list: SmallVec<[CardId; 4]> = self.objects(o, r).into_iter().filter(|&c| self.card(c).zone() == Zone::Monster).collect();
                for &c in &list {
                    let st = &mut self.cards[c.0 as usize];
                    if st.attacked_turn != self.turn {
                        st.attacks = 0;
                        st.attacked_turn = self.turn.into();
                    }
                    st.extra_attacks = st.extra_attacks.saturating_add(1);
                }
                self.set_affected(r, &list);
                OpFlow::Next
            }
            Op::AttackAgainOn(o) => {
                let target =
                    self.objects(o, r).into_iter().find(|&t| self.card(t).zone() == Zone::Monster && self.card(t).controller() != self.card(card).controller());
                if let (Some(t), true) = (target, self.card(card).zone() == Zone::Monster && self.card(card).moves == r.link.card_moves) {
                    let st = &mut self.cards[card.0 as usize];
                    if st.attacked_turn != self.turn {
                        st.attacks = 0;
                        st.attacked_turn = self.turn.into();
                    }
                    st.extra_attacks = st.extra_attacks.saturating_add(1);
                    let (moves, target_moves) = (self.card(card).moves, self.card(t).moves);
                    self.attack_again_on = Some((card, moves, t, target_moves, self.turn));
                    r.did = true;
                }
                OpFlow::Next
            }
            Op::StayOnField => {
                if self.card(card).moves == r.link.card_moves && self.card(card).zone().on_field() {
                    self.cards[card.0 as usize].stays = true;
                }
                OpFlow::Next
            }
            Op::Lp(crate::effect::LpStep::Exchange) => {
                let (mine, theirs) = (self.lp(p), self.lp(p.opp()));
                self.change_lp(p, theirs - mine);
                self.change_lp(p.opp(), mine - theirs);
                r.did = mine != theirs;
                OpFlow::Next
            }
            Op::Lp(crate::effect::LpStep::Pay(amount)) => {
                let value = self.num(amount, &Ctx::resolving(r)).max(0);
                r.did = self.lp(p) >= value;
                if r.did {
                    self.change_lp(p, -value);
                }
                OpFlow::Next
            }
            // Not a step of this family (`run_op` routes each step to its own).
            _ => OpFlow::Next,
        }
    }

    /// The steps that branch, ask, toss coins, wait or run a card's own code.
    fn run_flow_op(&mut self, op: &Op, r: &mut Resolution) -> OpFlow {
        let p = r.link.controller;
        let card = r.link.card;
        match op {
            Op::DeclareBy(who, kind) => self.op_declare(self.chooser(*who, p), *kind, r),
            Op::PickDeclared(who) => self.op_pick_declared(self.chooser(*who, p), r),
            Op::CallCoin => match self.take_answer() {
                Some(Action::Announce(call)) => {
                    use rand::RngExt;
                    self.emit(Event::Announced { player: p, value: call, kind: AnnounceKind::Coin });
                    let heads = self.rng.random_range(0..2u8) == 1;
                    self.emit(Event::CoinTossed { player: p, heads });
                    r.heads += u8::from(heads);
                    r.did = (call == crate::action::declare::HEADS) == heads;
                    OpFlow::Next
                }
                _ => OpFlow::Ask(Prompt::Announce {
                    player: p,
                    kind: AnnounceKind::Coin,
                    options: vec![crate::action::declare::HEADS, crate::action::declare::TAILS],
                }),
            },
            Op::TossCoins(n) => {
                use rand::RngExt;
                for _ in 0..*n {
                    let heads = self.rng.random_range(0..2u8) == 1;
                    self.emit(Event::CoinTossed { player: p, heads });
                    r.heads += u8::from(heads);
                }
                OpFlow::Next
            }
            Op::Later { at, .. } => {
                let cards = r.affected.iter().map(|&c| (c, self.card(c).moves)).collect();
                // Kept by the turn whose End Phase runs it.
                let (at, turn) = match at {
                    crate::effect::Moment::OpponentsNextEndPhase => (crate::effect::Moment::EndPhase, self.turn + if self.turn_player == p { 1 } else { 2 }),
                    crate::effect::Moment::YourNextStandbyPhase => (crate::effect::Moment::StandbyPhase, self.turn + if self.turn_player == p { 2 } else { 1 }),
                    // A battle moment is kept by the battle in progress (none: never due).
                    crate::effect::Moment::DamageStep(_) if self.current_attack().is_none() => return OpFlow::Next,
                    crate::effect::Moment::DamageStep(_) => (*at, self.battles),
                    other => (*other, self.turn),
                };
                // The steps are found where the resolving ones are (a copied effect's card).
                let (card, effect) = r.link.facts.copy.unwrap_or((card, r.link.effect));
                self.delayed.push(Delayed { card, effect, path: r.path.clone(), controller: p, at, turn, cards });
                OpFlow::Next
            }
            Op::If { test, then, otherwise } => {
                let yes = self.test_holds(test, r);
                match (yes, then.is_empty(), otherwise.is_empty()) {
                    (true, false, _) => OpFlow::Enter(0),
                    (false, _, false) => OpFlow::Enter(1),
                    _ => OpFlow::Next,
                }
            }
            Op::MayDo(_) => match self.take_answer() {
                Some(Action::Yes) => OpFlow::Enter(0),
                Some(_) => OpFlow::Next,
                None => OpFlow::Ask(Prompt::YesNo { player: p, question: Question::Continue(card) }),
            },
            Op::ChooseOne(branches) => {
                let open: Vec<u32> = (0..branches.len())
                    .filter(|&i| match branches[i].first() {
                        // A branch that starts "only if ...": open while that holds and its steps could do something.
                        Some(Op::If { test: Test::Holds(_), otherwise, .. }) if otherwise.is_empty() => {
                            self.ops_possible(&branches[i][..1], &Ctx::resolving(r))
                        }
                        first => first.is_none_or(|o| self.op_possible(o, &Ctx::resolving(r))),
                    })
                    .map(|i| i as u32 + 1)
                    .collect();
                match self.take_answer() {
                    Some(Action::Announce(n)) if open.contains(&n) => OpFlow::Enter(n as u8 - 1),
                    _ if open.is_empty() => OpFlow::Next,
                    _ => OpFlow::Ask(Prompt::Announce { player: p, kind: AnnounceKind::Effect, options: open }),
                }
            }
            Op::Custom(step) => {
                let mut ctx = StepCtx { duel: self, res: r, asked: None };
                let flow = (step.run)(&mut ctx);
                let asked = ctx.asked.take();
                match (flow, asked) {
                    (StepFlow::Asked, Some(p)) => OpFlow::Ask(p),
                    (StepFlow::Asked, None) => OpFlow::Again,
                    (StepFlow::Next, _) => OpFlow::Next,
                    (StepFlow::Stop, _) => OpFlow::Stop,
                }
            }
            Op::Extra(x) => self.run_extra_op(x, r),
            Op::ExcavateUntil { who, filter } => self.op_excavate_until(*who, filter, r),
            // Not a step of this family (`run_op` routes each step to its own).
            _ => OpFlow::Next,
        }
    }

    /// `Op::DeclareBy`: player `q` declares a value.
    fn op_declare(&mut self, q: Player, kind: crate::effect::Declare, r: &mut Resolution) -> OpFlow {
        match self.take_answer() {
            Some(Action::Announce(v)) => {
                self.emit(Event::Announced { player: q, value: v, kind: AnnounceKind::Declare(kind) });
                r.declared.push((kind, v));
                OpFlow::Next
            }
            _ => OpFlow::Ask(Prompt::Announce { player: q, kind: AnnounceKind::Declare(kind), options: self.declare_options_in(kind, r) }),
        }
    }

    /// `Op::ExcavateUntil`: each player's top cards are revealed until one matches.
    fn op_excavate_until(&mut self, who: Who, filter: &crate::effect::Filter, r: &mut Resolution) -> OpFlow {
        let p = r.link.controller;
        let (mut seen, mut found, mut shown): (SmallVec<[CardId; 4]>, SmallVec<[CardId; 4]>, SmallVec<[CardId; 4]>) =
            (SmallVec::new(), SmallVec::new(), SmallVec::new());
        let mut unmatched: SmallVec<[Player; 2]> = SmallVec::new();
        {
            let ctx = Ctx::resolving(r);
            for q in self.who(who, p) {
                let mut mine: SmallVec<[CardId; 4]> = SmallVec::new();
                for &c in self.player(q).deck.iter().rev() {
                    mine.push(c);
                    if self.filter_in(filter, c, &ctx) {
                        found.push(c);
                        break;
                    }
                }
                shown.extend(mine.iter().copied());
                // With no match the whole Deck was revealed: none of it is affected, and the
                // Deck is shuffled (ZONE-7).
                if found.last().is_some_and(|f| mine.contains(f)) {
                    seen.extend(mine);
                } else {
                    unmatched.push(q);
                }
            }
        }
        for q in unmatched {
            r.searched[q.idx()] = true;
        }
        for &c in &shown {
            self.emit(Event::Revealed { card: c });
        }
        r.chosen = found;
        self.set_affected(r, &seen);
        OpFlow::Next
    }

    /// Does a branch's test hold now?
    fn test_holds(&self, t: &Test, r: &Resolution) -> bool {
        let ctx = Ctx::resolving(r);
        match t {
            Test::Did => r.did,
            Test::Holds(c) => self.condition_in(c, &ctx),
            Test::Compare(a, cmp, b) => cmp.holds(self.num(a, &ctx), self.num(b, &ctx)),
            Test::AffectedIs(f) => r.affected.iter().any(|&c| self.filter_in(f, c, &ctx)),
        }
    }

    /// `Op::PickDeclared`: player `q` picks one of the values declared so far; only it stays.
    fn op_pick_declared(&mut self, q: Player, r: &mut Resolution) -> OpFlow {
        let Some(&(kind, _)) = r.declared.first() else { return OpFlow::Next };
        let mut options: Vec<u32> = r.declared.iter().filter(|&&(k, _)| k == kind).map(|&(_, v)| v).collect();
        options.dedup();
        if options.len() < 2 {
            return OpFlow::Next;
        }
        match self.take_answer() {
            Some(Action::Announce(v)) if options.contains(&v) => {
                self.emit(Event::Announced { player: q, value: v, kind: AnnounceKind::Declare(kind) });
                r.declared.clear();
                r.declared.push((kind, v));
                OpFlow::Next
            }
            _ => OpFlow::Ask(Prompt::Announce { player: q, kind: AnnounceKind::Declare(kind), options }),
        }
    }

    /// The values a player may declare (`Op::DeclareBy`): a value already declared in this
    /// resolution is not declared again ("declare 2 Attributes": two different ones).
    fn declare_options_in(&self, kind: crate::effect::Declare, r: &Resolution) -> Vec<u32> {
        let mut v = self.declare_options(kind);
        v.retain(|x| !r.declared.iter().any(|&(k, d)| k == kind && d == *x));
        v
    }

    /// The values a player may declare (`Op::DeclareBy`).
    fn declare_options(&self, kind: crate::effect::Declare) -> Vec<u32> {
        use crate::card::type_bits;
        use crate::effect::Declare;
        match kind {
            Declare::CardName => {
                let mut v: Vec<u32> = self.pool.iter().filter(|c| c.data.alias == 0 && !c.data.is_token()).map(|c| c.data.id).collect();
                v.sort_unstable();
                v.dedup();
                v
            }
            Declare::CardType => vec![type_bits::MONSTER, type_bits::SPELL, type_bits::TRAP],
            Declare::Race => (0..crate::card::RACE_NAMES.len() as u32).collect(),
            Declare::Attribute => (0..crate::card::Attribute::ALL.len() as u32 - 1).collect(),
            Declare::Level => (1..=12).collect(),
        }
    }

    /// The remembered cards of `source`'s memory slot still where the effect left them.
    pub(crate) fn remembered(&self, source: CardId, slot: crate::effect::Mem) -> impl Iterator<Item = CardId> + '_ {
        self.memory.iter().filter(move |e| e.source == source && e.slot == slot && self.card(e.card).moves == e.card_moves).map(|e| e.card)
    }

    /// `Op::UseAsOwn`: the Spell is placed on its user's field (stage 0), the targets of its
    /// activation effect are chosen group by group (stages 1 and 2), then this resolution
    /// becomes that effect's, from its first step.
    fn op_use_as_own(&mut self, what: &Obj, r: &mut Resolution) -> OpFlow {
        use crate::card::{Kind, SpellKind};
        let p = r.link.controller;
        if r.custom_stage == 0 {
            let Some(c) = self.acted_on(what, r).first().copied().filter(|&c| self.card(c).zone() == Zone::Gy && self.data(c).is_spell()) else {
                r.did = false;
                return OpFlow::Next;
            };
            let dest = if matches!(self.data(c).kind, Kind::Spell(SpellKind::Field)) {
                self.replace_own_field_spell(p);
                Dest { player: p, zone: Zone::Field, slot: Some(0), position: Position::FaceUpAttack }
            } else {
                let Some(&z) = self.free_spell_zones(p).first() else {
                    r.did = false;
                    return OpFlow::Next;
                };
                Dest { player: p, zone: Zone::SpellTrap, slot: Some(z), position: Position::FaceUpAttack }
            };
            self.move_card(c, dest, Reason::Activate);
            r.link.facts.targets.clear();
            r.list = smallvec::smallvec![c];
            r.custom_stage = 1;
        }
        let Some(&c) = r.list.first() else { return OpFlow::Next };
        let pool = self.pool.clone();
        let effects = &pool.def(self.card(c).def).behavior.effects;
        let Some(idx) = effects.iter().position(|e| e.kind.is_card_activation()) else {
            r.did = false;
            return OpFlow::Next;
        };
        let decl = &effects[idx];
        loop {
            let spec = match r.custom_stage {
                1 => &decl.target,
                2 => &decl.also_target,
                _ => break,
            };
            if let Some(t) = spec {
                if self.take_answer().is_some() {
                    if let Prompt::Select { picked, .. } = std::mem::replace(&mut self.prompt, Prompt::Over) {
                        let picked: Vec<(CardId, u32)> = picked.into_iter().map(|id| (id, self.card(id).moves)).collect();
                        r.link.facts.targets.extend(picked);
                    }
                    r.custom_stage += 1;
                    continue;
                }
                let candidates: Vec<CardId> = self
                    .spec_candidates(t, &Ctx::with_link(p, c, &r.link.facts))
                    .into_iter()
                    .filter(|x| !r.link.facts.targets.iter().any(|y| y.0 == *x))
                    .collect();
                if !candidates.is_empty() {
                    let chooser = if t.by_opponent { p.opp() } else { p };
                    let max = t.max.max(t.min).max(1).min(candidates.len() as u8);
                    return OpFlow::Ask(Prompt::Select {
                        player: chooser,
                        purpose: SelectPurpose::Target,
                        candidates,
                        min: t.min.min(max),
                        max,
                        picked: Vec::new(),
                    });
                }
            }
            r.custom_stage += 1;
        }
        // This resolution is now the Spell's own: its card, its effect, its steps.
        r.link.card = c;
        r.link.effect = idx as u8;
        r.link.card_moves = self.card(c).moves;
        r.link.from = self.card(c).zone();
        r.link.facts.copy = None;
        self.resolved.push(c);
        r.path = smallvec::smallvec![0];
        r.progress = super::Progress::Start;
        r.custom_stage = 0;
        r.list.clear();
        r.did = true;
        OpFlow::Again
    }
}

/// Does the object name cards in that hidden zone (the hand or the Deck) by place ("the
/// monsters in their hand", "every copy in their Deck")?
pub(super) fn names_place(o: &Obj, zone: Zone) -> bool {
    match o {
        Obj::All(place, _) => match zone {
            Zone::Hand => matches!(place, Place::Hand(_) | Place::HandOrDeck(_) | Place::HandOrGy(_) | Place::HandDeckOrGy(_) | Place::HandOrField(_)),
            Zone::Deck => matches!(place, Place::Deck(_) | Place::HandOrDeck(_) | Place::HandDeckOrGy(_)),
            _ => false,
        },
        Obj::Filtered(inner, _) => names_place(inner, zone),
        _ => false,
    }
}
