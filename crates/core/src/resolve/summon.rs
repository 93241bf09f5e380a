//! Steps that put monsters on the field or take them (Special Summons, tokens, trap
//! monsters, returns, equips made of monsters, control swaps), negation, and player effects.

use smallvec::SmallVec;

use super::{OpFlow, Progress, Resolution};
use crate::action::Action;
use crate::effect::{Filter, Modifier, Obj, PlayerEffect, Side, SummonPos};
use crate::engine::{Prompt, SelectPurpose, SummonProc, SummonStage, Task};
use crate::eval::Ctx;
use crate::event::{Event, Reason};
use crate::modifiers::Lingering;
use crate::state::{CardId, Dest, Duel};
use crate::types::{Player, Position, SummonKind, Zone};

impl Duel {
    /// SUM-5: Special Summon each card in turn, asking zone then position, to the
    /// controller's side or each card's owner's. `pointed`: only to zones the effect's Link
    /// card points to.
    pub(super) fn op_special_summon(&mut self, what: &Obj, pos: SummonPos, side: Side, r: &mut Resolution, pointed: bool) -> OpFlow {
        if r.progress == Progress::Start {
            let candidates = self.objects(what, r);
            r.list = candidates
                .into_iter()
                .filter(|&c| {
                    let to = self.summoner(c, side, r.link.controller);
                    self.player_fx[to.idx()].no_summon_turn != self.turn && self.can_be_special_summoned(c)
                })
                .collect();
            r.did = false;
            r.affected.clear();
            r.progress = Progress::Summoning { index: 0, zone: None };
        }
        let Progress::Summoning { index, zone } = r.progress else { return OpFlow::Next };
        let Some(&c) = r.list.get(index as usize) else {
            return OpFlow::Next;
        };
        let next = Progress::Summoning { index: index + 1, zone: None };
        let to = self.summoner(c, side, r.link.controller);
        let mut zones = self.free_main_monster_zones(to);
        if pointed {
            let me = r.link.card;
            zones.retain(|z| self.points_to_zone(me, to, *z as usize));
        }
        if zones.is_empty() || !self.can_be_special_summoned(c) {
            r.progress = next;
            return OpFlow::Again;
        }
        let Some(zone) = zone else {
            return match self.take_answer() {
                Some(Action::Zone(z)) if zones.contains(&z) => {
                    r.progress = Progress::Summoning { index, zone: Some(z) };
                    OpFlow::Again
                }
                _ => OpFlow::Ask(Prompt::Zone { player: to, zones: zones.into_iter().collect() }),
            };
        };
        let options: SmallVec<[Position; 2]> = match pos {
            SummonPos::Attack => SmallVec::from_slice(&[Position::FaceUpAttack]),
            SummonPos::Defense => SmallVec::from_slice(&[Position::FaceUpDefense]),
            SummonPos::FaceUp => SmallVec::from_slice(&[Position::FaceUpAttack, Position::FaceUpDefense]),
            SummonPos::AttackOrSet => SmallVec::from_slice(&[Position::FaceUpAttack, Position::FaceDownDefense]),
            SummonPos::Set => SmallVec::from_slice(&[Position::FaceDownDefense]),
        };
        let position = if options.len() == 1 {
            options[0]
        } else {
            match self.take_answer() {
                Some(Action::Position(x)) if options.contains(&x) => x,
                _ => return OpFlow::Ask(Prompt::Position { player: to, card: c, options }),
            }
        };
        let zone = if zones.contains(&zone) { zone } else { zones[0] };
        self.special_summon(c, to, zone, position);
        r.affected.push(c);
        r.did = true;
        r.progress = next;
        OpFlow::Again
    }

    /// Who Special Summons `c`: the controller, or its owner.
    fn summoner(&self, c: CardId, side: Side, p: Player) -> Player {
        match side {
            Side::You => p,
            Side::Owner => self.card(c).owner(),
        }
    }

    /// "Banished until the End Phase": the cards return to their owner's field in the
    /// position they left it (to the GY when no zone is free).
    pub(super) fn op_return_to_field(&mut self, o: &Obj, r: &mut Resolution) -> OpFlow {
        let list: SmallVec<[CardId; 4]> = self.objects(o, r).into_iter().filter(|&c| self.card(c).zone() == Zone::Banished).collect();
        let mut back: SmallVec<[CardId; 4]> = SmallVec::new();
        for c in list {
            let owner = self.card(c).owner();
            let position = self.card(c).arrived.from_position.filter(|p| p.face_up()).unwrap_or(Position::FaceUpAttack);
            match self.free_main_monster_zones(owner).first().copied() {
                Some(z) => {
                    self.move_card(c, Dest { player: owner, zone: Zone::Monster, slot: Some(z), position }, Reason::Effect);
                    back.push(c);
                }
                None => self.send_to_gy(c, Reason::Rule),
            }
        }
        self.set_affected(r, &back);
        OpFlow::Next
    }

    /// TRAP-5: this trap card is Special Summoned as a monster and keeps its S/T zone.
    pub(super) fn op_summon_self(&mut self, pos: SummonPos, r: &mut Resolution) -> OpFlow {
        let (p, card) = (r.link.controller, r.link.card);
        if r.progress == Progress::Start {
            let c = self.card(card);
            if c.zone() != Zone::SpellTrap || c.moves != r.link.card_moves || self.player_fx[p.idx()].no_summon_turn == self.turn {
                return OpFlow::Next;
            }
            r.held_zone = Some(c.slot());
            r.list = SmallVec::from_slice(&[card]);
            r.progress = Progress::Summoning { index: 0, zone: None };
        }
        let flow = self.op_special_summon(&Obj::Affected, pos, Side::You, r, false);
        if let (OpFlow::Next | OpFlow::Again, true, Some(z)) = (&flow, self.card(card).zone() == Zone::Monster, r.held_zone) {
            self.held_spell_zones.push((card, z));
            r.held_zone = None;
        }
        flow
    }

    /// MISC-1: tokens are created and Special Summoned.
    pub(super) fn op_summon_tokens(&mut self, code: u32, count: u8, pos: SummonPos, r: &mut Resolution) -> OpFlow {
        let p = r.link.controller;
        if r.progress == Progress::Start {
            let tokens: SmallVec<[CardId; 4]> = (0..count).filter_map(|_| self.create_token(code, p)).collect();
            if tokens.is_empty() {
                return OpFlow::Next;
            }
            r.list = tokens;
            r.affected.clear();
            r.did = false;
            r.progress = Progress::Summoning { index: 0, zone: None };
        }
        self.op_special_summon(&Obj::Affected, pos, Side::You, r, false)
    }

    /// A monster becomes an Equip Card of another (Archfiend of Gilfer, Relinquished, Sword
    /// Hunter): placed face-up in the controller's S/T zone, equipped, and granting its
    /// modifier to the equipped monster while it stays equipped.
    pub(super) fn op_equip_as_card(&mut self, what: &Obj, to: &Obj, grants: Option<&Modifier>, r: &mut Resolution) -> OpFlow {
        let p = r.link.controller;
        let Some(&host) = self.objects(to, r).first() else { return OpFlow::Next };
        let equips = self.objects(what, r);
        let host_ok = |d: &Duel| d.card(host).zone() == Zone::Monster && d.card(host).face_up();
        let mut done: SmallVec<[CardId; 4]> = SmallVec::new();
        for e in equips {
            if e == host || !host_ok(self) || self.held_in_gy(e) {
                continue;
            }
            let Some(&z) = self.free_spell_zones(p).first() else { break };
            let grant = grants.map(|m| {
                // Numbers read the card becoming the equip as it is now.
                let mut rr = r.clone();
                rr.affected = SmallVec::from_slice(&[e]);
                self.fixed_modifier(m, &Ctx::resolving(&rr))
            });
            self.move_card(e, Dest { player: p, zone: Zone::SpellTrap, slot: Some(z), position: Position::FaceUpAttack }, Reason::Effect);
            let st = &mut self.cards[e.0 as usize];
            st.equip_to = Some(host);
            st.active = true;
            self.emit(Event::Equipped { card: e, to: host });
            if let Some(modifier) = grant {
                let (turn, host_moves, equip_moves) = (self.turn, self.card(host).moves, self.card(e).moves);
                self.lingering.push(Lingering {
                    source: e,
                    card: Some((host, host_moves)),
                    controller: p,
                    modifier,
                    until: crate::effect::Duration::WhileSourceOnField,
                    turn,
                    source_moves: equip_moves,
                });
            }
            done.push(e);
        }
        self.set_affected(r, &done);
        OpFlow::Next
    }

    /// "Normal Summon or Set 1 monster right after this effect resolves": the controller
    /// picks a monster that could be, then the position (Summon = `position atk`, Set =
    /// `position def`).
    pub(super) fn op_normal_summon_now(&mut self, f: &Filter, r: &mut Resolution) -> OpFlow {
        let p = r.link.controller;
        let options = || SmallVec::from_slice(&[Position::FaceUpAttack, Position::FaceDownDefense]);
        if r.list.is_empty() {
            if self.take_answer().is_some() {
                if let Prompt::Select { picked, .. } = std::mem::replace(&mut self.prompt, Prompt::Over) {
                    r.list = picked.into_iter().take(1).collect();
                }
                let Some(&c) = r.list.first() else { return OpFlow::Next };
                return OpFlow::Ask(Prompt::Position { player: p, card: c, options: options() });
            }
            let ctx = Ctx::resolving(r);
            let candidates: Vec<CardId> =
                self.player(p).hand.iter().copied().filter(|&c| self.filter_in(f, c, &ctx) && self.normal_summonable_now(c)).collect();
            if candidates.is_empty() {
                return OpFlow::Next;
            }
            return OpFlow::Ask(Prompt::Select { player: p, purpose: SelectPurpose::Effect, candidates, min: 1, max: 1, picked: Vec::new() });
        }
        let c = r.list[0];
        let proc = match self.take_answer() {
            Some(Action::Position(Position::FaceUpAttack)) => SummonProc::Normal,
            Some(Action::Position(_)) => SummonProc::Set,
            _ => return OpFlow::Ask(Prompt::Position { player: p, card: c, options: options() }),
        };
        // Runs once this link's resolution is over (the task below the resolution).
        self.tasks.push(Task::Summon { card: c, proc, stage: SummonStage::Tributes, tributes: SmallVec::new() });
        self.set_affected(r, &[c]);
        OpFlow::Next
    }

    /// Could this hand card be Normal Summoned or Set now (tributes and a zone available)?
    pub(crate) fn normal_summonable_now(&self, c: CardId) -> bool {
        use crate::card::{Kind, MonsterFrame};
        let p = self.card(c).controller();
        let behavior = &self.pool.def(self.card(c).def).behavior;
        if !matches!(self.data(c).kind, Kind::Monster(MonsterFrame::Normal | MonsterFrame::Effect)) || behavior.no_normal_summon || self.prohibited(c) {
            return false;
        }
        let (need, _) = self.tribute_range(c, SummonProc::Normal);
        let candidates = self.tribute_candidates(c);
        let value: usize = candidates.iter().map(|&t| self.tribute_value(t, c)).sum();
        let free = !self.free_main_monster_zones(p).is_empty();
        if need == 0 {
            free
        } else {
            value >= need && (free || candidates.iter().any(|&t| self.card(t).slot() < 5))
        }
    }

    /// Two monsters change control with each other (the one whose new side has a free
    /// zone first). False if either is not in a Monster Zone.
    pub(crate) fn swap_control(&mut self, a: CardId, b: CardId) -> bool {
        if self.card(a).zone() != Zone::Monster || self.card(b).zone() != Zone::Monster || self.card(a).controller() == self.card(b).controller() {
            return false;
        }
        let (pa, pb) = (self.card(a).controller(), self.card(b).controller());
        if self.free_main_monster_zones(pb).is_empty() {
            self.change_control(b, pa);
            self.change_control(a, pb);
        } else {
            self.change_control(a, pb);
            self.change_control(b, pa);
        }
        true
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
            PlayerEffect::NoBattlePhaseThisTurn => fx.no_battle_turn = turn,
        }
    }

    /// Places a Special Summoned monster (SUM-5) and records it properly summoned (SUM-7).
    pub(crate) fn special_summon(&mut self, c: CardId, p: Player, zone: u8, position: Position) {
        self.move_card(c, Dest { player: p, zone: Zone::Monster, slot: Some(zone), position }, Reason::Summon);
        // SUM-7: a monster that needs a proper summon first is not properly summoned by an
        // effect that only places it (revived ones stay properly summoned).
        let needs_proper = self.needs_proper_summon(c);
        let st = &mut self.cards[c.0 as usize];
        st.summon = SummonKind::Special;
        st.properly_summoned = st.properly_summoned || !needs_proper;
        self.player_fx[p.idx()].summoned_turn = self.turn;
        self.emit(Event::SpecialSummoned { card: c });
        self.summoned_to_defense(c);
    }

    /// Negates chain link `i` (0-based): its activation, or only its effect.
    pub(crate) fn negate_link(&mut self, i: usize, activation: bool, destroy: bool) {
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
        if c.moves != moves || !c.zone().on_field() {
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
        if self.card(m).zone() == Zone::Monster {
            // SUM-12: a Pendulum monster whose summon is negated goes to the GY, not the
            // Extra Deck.
            self.negated_summon = Some(m);
            self.send_to_gy(m, Reason::Destroy);
            self.negated_summon = None;
        }
    }
}
