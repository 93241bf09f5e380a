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
                    self.player_fx[to.idx()].no_summon_turn != self.turn
                        && !self.special_summons_locked(to)
                        && self.can_be_special_summoned(c, r.link.card)
                        && !self.summon_barred(c, to)
                })
                .collect();
            r.did = false;
            r.affected.clear();
            r.progress = Progress::Picking(0);
        }
        if let Progress::Picking(i) = r.progress {
            if !pointed {
                if let Some(ask) = self.pick_summoned(side, r, i) {
                    return ask;
                }
            }
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
        // `DuelRule::HandPlayCost`: a card from the hand comes only if its summoner pays.
        let from_hand = self.card(c).zone() == Zone::Hand;
        if zones.is_empty() || !self.can_be_special_summoned(c, r.link.card) || (from_hand && !self.can_pay_hand_play(to)) {
            r.progress = next;
            return OpFlow::Again;
        }
        let Some(zone) = zone else {
            return match self.take_answer() {
                Some(Action::Zone(z)) if zones.contains(&z) => {
                    r.progress = Progress::Summoning { index, zone: Some(z) };
                    OpFlow::Again
                }
                _ => OpFlow::Ask(Prompt::Zone { player: to, zones: zones.into_iter().collect(), lock: None }),
            };
        };
        let options: SmallVec<[Position; 2]> = match pos {
            SummonPos::Attack => SmallVec::from_slice(&[Position::FaceUpAttack]),
            SummonPos::Defense => SmallVec::from_slice(&[Position::FaceUpDefense]),
            SummonPos::FaceUp => SmallVec::from_slice(&[Position::FaceUpAttack, Position::FaceUpDefense]),
            // "Light of Intervention": face-up Defense instead of face-down.
            SummonPos::AttackOrSet if self.monster_sets_forbidden() => SmallVec::from_slice(&[Position::FaceUpAttack, Position::FaceUpDefense]),
            SummonPos::AttackOrSet => SmallVec::from_slice(&[Position::FaceUpAttack, Position::FaceDownDefense]),
            SummonPos::FaceDownDefense => SmallVec::from_slice(&[Position::FaceDownDefense]),
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
        if from_hand {
            self.pay_hand_play(to);
        }
        self.special_summon_by(c, to, zone, position, Some(r.link.card));
        r.affected.push(c);
        r.did = true;
        r.progress = next;
        OpFlow::Again
    }

    /// SUM-5, "as many as possible": a player with more monsters to Special Summon than free
    /// Main Monster Zones picks which of them are summoned (the turn player first, from the
    /// `i`th player on). `None` once every player has picked.
    fn pick_summoned(&mut self, side: Side, r: &mut Resolution, mut i: u8) -> Option<OpFlow> {
        let order = [self.turn_player, self.turn_player.opp()];
        while let Some(&q) = order.get(i as usize) {
            let mine: Vec<CardId> = r.list.iter().copied().filter(|&c| self.summoner(c, side, r.link.controller) == q).collect();
            let free = self.free_main_monster_zones(q).len();
            if mine.len() > free && free > 0 {
                if self.take_answer().is_none() {
                    r.progress = Progress::Picking(i);
                    let n = free as u8;
                    return Some(OpFlow::Ask(Prompt::Select {
                        player: q,
                        purpose: SelectPurpose::Effect,
                        candidates: mine,
                        min: n,
                        max: n,
                        picked: Vec::new(),
                    }));
                }
                let picked = match std::mem::replace(&mut self.prompt, Prompt::Over) {
                    Prompt::Select { picked, .. } => picked,
                    _ => Vec::new(),
                };
                r.list.retain(|c| !mine.contains(c) || picked.contains(c));
            }
            i += 1;
        }
        None
    }

    /// Zones that cannot be used (`Op::LockZones`): the controller picks the unused Main
    /// Monster Zones one at a time (`zone N`), `count` of them or as many as there are; they
    /// stay locked while this card stays face-up on the field.
    pub(super) fn op_lock_zones(&mut self, who: crate::effect::Who, count: u8, r: &mut Resolution) -> OpFlow {
        let (p, card) = (r.link.controller, r.link.card);
        let mut picked = match r.progress {
            Progress::Zones(m) => m,
            _ => 0,
        };
        let players = self.who(who, p);
        let Some(&q) = players.first() else { return OpFlow::Next };
        if let Some(Action::Zone(z)) = self.take_answer() {
            if z < 5 {
                picked |= 1 << z;
            }
        }
        let free: SmallVec<[u8; 5]> = self.free_main_monster_zones(q).into_iter().filter(|&z| picked & (1 << z) == 0).collect();
        let on_field = self.card(card).moves == r.link.card_moves && self.card(card).zone() == Zone::Monster && self.card(card).face_up();
        if on_field && picked.count_ones() < count as u32 && !free.is_empty() {
            r.progress = Progress::Zones(picked);
            return OpFlow::Ask(Prompt::Zone { player: p, zones: free.into_iter().collect(), lock: Some(q) });
        }
        if picked != 0 {
            let (turn, source_moves) = (self.turn, self.card(card).moves);
            self.push_lingering(Lingering {
                source: card,
                card: None,
                controller: p,
                modifier: Modifier::locked_zones(who, picked),
                until: crate::effect::Duration::WhileSourceOnField,
                turn,
                source_moves,
            });
        }
        r.did = picked != 0;
        OpFlow::Next
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
            if c.zone() != Zone::SpellTrap || c.moves != r.link.card_moves || self.special_summons_locked(p) {
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

    /// `SummonStep::AsNormalMonsters`: the cards of `what` that are not monsters and are in
    /// the Deck or hand are recorded as Normal Monsters with these stats, then Special
    /// Summoned face-down in Defense Position by the controller (zone by zone); the records of
    /// those not summoned are dropped.
    pub(super) fn op_summon_as_monsters(&mut self, what: &Obj, atk: i32, def: i32, battle_only: bool, r: &mut Resolution) -> OpFlow {
        if r.progress == Progress::Start {
            let list: SmallVec<[CardId; 4]> = self
                .objects(what, r)
                .into_iter()
                .filter(|&c| !self.data(c).is_monster() && matches!(self.card(c).zone(), Zone::Deck | Zone::Hand) && !self.prohibited(c))
                .collect();
            if list.is_empty() || self.special_summons_locked(r.link.controller) {
                r.did = false;
                return OpFlow::Next;
            }
            let stats = crate::state::CopiedStats { level: 0, attribute: None, race: None, atk, def, as_monster: true, battle_only };
            self.copied_stats.retain(|&(c, _)| !list.contains(&c));
            self.copied_stats.extend(list.iter().map(|&c| (c, stats)));
            r.list = list;
            r.affected.clear();
            r.did = false;
            r.progress = Progress::Summoning { index: 0, zone: None };
        }
        let flow = self.op_special_summon(&Obj::Affected, SummonPos::FaceDownDefense, Side::You, r, false);
        if matches!(flow, OpFlow::Next) {
            let cards = &self.cards;
            self.copied_stats.retain(|&(c, s)| !s.as_monster || cards[c.0 as usize].zone() == Zone::Monster);
        }
        flow
    }

    /// MISC-1: tokens are created for player `p` and Special Summoned to their field.
    pub(super) fn op_summon_tokens(&mut self, p: Player, code: u32, count: u8, pos: SummonPos, like: Option<&Obj>, r: &mut Resolution) -> OpFlow {
        if r.progress == Progress::Start {
            // Copy tokens read the card they copy now; without it, none are summoned.
            let copied = match like {
                Some(o) => {
                    let Some(&of) = self.objects(o, r).first() else { return OpFlow::Next };
                    Some(crate::state::CopiedStats {
                        level: self.current_level(of),
                        attribute: self.current_attribute(of),
                        race: self.current_race(of),
                        atk: self.current_atk(of),
                        def: self.current_def(of),
                        as_monster: false,
                        battle_only: false,
                    })
                }
                None => None,
            };
            let tokens: SmallVec<[CardId; 4]> = (0..count).filter_map(|_| self.create_token(code, p)).collect();
            if tokens.is_empty() {
                return OpFlow::Next;
            }
            if let Some(s) = copied {
                self.copied_stats.extend(tokens.iter().map(|&t| (t, s)));
            }
            r.list = tokens;
            r.affected.clear();
            r.did = false;
            r.progress = Progress::Summoning { index: 0, zone: None };
        }
        // Each token is summoned by its owner, to their side.
        self.op_special_summon(&Obj::Affected, pos, Side::Owner, r, false)
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
            // An Equip Card already on the field moves to the monster, staying in its zone;
            // moved to a monster that is not a correct target for it, it is destroyed
            // (SPELL-4).
            if let (Zone::SpellTrap, Some(old)) = (self.card(e).zone(), self.card(e).equip_to) {
                if old == host {
                    continue;
                }
                let correct = self.correct_equip_target(e, host);
                self.cards[e.0 as usize].equip_to = Some(host);
                self.emit(Event::Equipped { card: e, to: host });
                // What it gives the monster it equips follows it.
                let (host_moves, equip_moves) = (self.card(host).moves, self.card(e).moves);
                for l in self.lingering.iter_mut() {
                    if l.source == e
                        && l.source_moves == equip_moves
                        && l.until == crate::effect::Duration::WhileSourceOnField
                        && l.card.is_some_and(|(c, _)| c == old)
                    {
                        l.card = Some((host, host_moves));
                    }
                }
                done.push(e);
                if !correct {
                    self.send_to_gy(e, Reason::RuleDestroy);
                }
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
                self.push_lingering(Lingering {
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
        // Under "Light of Intervention" only a Summon (its position is asked with the zone).
        let no_sets = self.monster_sets_forbidden();
        let options = |d: &Duel, c: CardId| {
            if no_sets {
                SmallVec::from_slice(&[Position::FaceUpAttack])
            } else if d.pool.def(d.card(c).def).behavior.normal_set_only || d.summon_barred(c, p) {
                SmallVec::from_slice(&[Position::FaceDownDefense])
            } else {
                SmallVec::from_slice(&[Position::FaceUpAttack, Position::FaceDownDefense])
            }
        };
        if r.list.is_empty() {
            if self.take_answer().is_some() {
                if let Prompt::Select { picked, .. } = std::mem::replace(&mut self.prompt, Prompt::Over) {
                    r.list = picked.into_iter().take(1).collect();
                }
                let Some(&c) = r.list.first() else { return OpFlow::Next };
                return OpFlow::Ask(Prompt::Position { player: p, card: c, options: options(self, c) });
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
            _ => return OpFlow::Ask(Prompt::Position { player: p, card: c, options: options(self, c) }),
        };
        // `DuelRule::HandPlayCost`: paid as it is played.
        self.pay_hand_play(p);
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
        if !matches!(self.data(c).kind, Kind::Monster(MonsterFrame::Normal | MonsterFrame::Effect))
            || behavior.no_normal_summon
            || self.player_fx[p.idx()].no_normal_summon_turn == self.turn
            || self.prohibited(c)
            || !self.can_pay_hand_play(p)
        {
            return false;
        }
        let (need, _) = self.tribute_range(c, SummonProc::Normal);
        let candidates = self.tribute_candidates(c);
        let value: usize = candidates.iter().map(|&t| self.tribute_value(t, c)).sum();
        let free = self.has_free_main_monster_zone(p);
        if need == 0 || (free && self.may_skip_tributes(c)) {
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
        if !self.has_free_main_monster_zone(pb) {
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
            PlayerEffect::SkipMain1(n) => fx.skip_main1 += n,
            PlayerEffect::NoBattleDamage => fx.no_battle_damage_turn = turn,
            PlayerEffect::MonstersIndestructibleByBattle => fx.indestructible_turn = turn,
            PlayerEffect::NoSummonsThisTurn => fx.no_summon_turn = turn,
            PlayerEffect::NoActivationsThisTurn => fx.no_activation_turn = turn,
            PlayerEffect::NoEffectDamage => fx.no_effect_damage_turn = turn,
            PlayerEffect::NoNormalSummonThisTurn => fx.no_normal_summon_turn = turn,
            PlayerEffect::NoBattlePhaseThisTurn => fx.no_battle_turn = turn,
            PlayerEffect::HandLimit(n) => fx.hand_limit = n,
            PlayerEffect::BattlePhaseTwice => fx.battle_twice = fx.battle_twice.saturating_add(1),
            PlayerEffect::TrapsFromHand(n) => {
                let before = if fx.traps_from_hand_turn == turn { fx.traps_from_hand_left } else { 0 };
                fx.traps_from_hand_turn = turn;
                fx.traps_from_hand_left = if n == u8::MAX { n } else { before.saturating_add(n) };
            }
        }
    }

    /// Places a Special Summoned monster (SUM-5) and records it properly summoned (SUM-7).
    pub(crate) fn special_summon(&mut self, c: CardId, p: Player, zone: u8, position: Position) {
        self.special_summon_by(c, p, zone, position, None);
    }

    /// [`Duel::special_summon`] by the effect of `source` (if any), recorded before the
    /// summon's event so that the triggers it starts read who summoned it
    /// ([`crate::effect::Filter::SummonedBy`]: "except by the effect of ...").
    pub(crate) fn special_summon_by(&mut self, c: CardId, p: Player, zone: u8, position: Position, source: Option<CardId>) {
        // SUM-7: a "must first be Special Summoned by X" monster leaves the hand or Deck only
        // by that proper summon (`can_be_special_summoned`).
        let proper_first = self.pool.def(self.card(c).def).behavior.proper_summon_by.is_some() && matches!(self.card(c).zone(), Zone::Hand | Zone::Deck);
        self.move_card(c, Dest { player: p, zone: Zone::Monster, slot: Some(zone), position }, Reason::Summon);
        // SUM-7: a monster that needs a proper summon first is not properly summoned by an
        // effect that only places it (revived ones stay properly summoned).
        let needs_proper = self.needs_proper_summon(c);
        let st = &mut self.cards[c.0 as usize];
        st.summon = SummonKind::Special;
        st.properly_summoned = st.properly_summoned || !needs_proper || proper_first;
        self.player_fx[p.idx()].summoned_turn = self.turn;
        if let Some(source) = source {
            self.record_summoned_by(c, source);
        }
        self.emit(Event::SpecialSummoned { card: c });
        self.summoned_to_defense(c);
    }

    /// Records that `c` was just Special Summoned by the effect of `source`
    /// ([`crate::effect::Filter::SummonedBy`]); the entries of monsters that moved since are
    /// dropped.
    fn record_summoned_by(&mut self, c: CardId, source: CardId) {
        let code = self.card(source).code;
        let cards = &self.cards;
        self.summoned_by.retain(|&(m, moves, _)| m != c && cards[m.0 as usize].moves == moves);
        self.summoned_by.push((c, self.card(c).moves, code));
    }

    /// The card whose effect Special Summoned `c` where it is, if one did: a card with that
    /// card's passcode (what filters read of it is its printed identity; in a sample, where
    /// hidden identities were dealt again, the instance may differ).
    pub(crate) fn summoned_by_source(&self, c: CardId) -> Option<CardId> {
        let moves = self.card(c).moves;
        let &(_, _, code) = self.summoned_by.iter().find(|&&(m, mv, _)| m == c && mv == moves)?;
        self.card_ids().find(|&x| self.card(x).code == code)
    }

    /// Negates chain link `i` (0-based): its activation, or only its effect.
    pub(crate) fn negate_link(&mut self, i: usize, activation: bool, destroy: bool) {
        // CHAIN-4: "its activation and effect cannot be negated".
        if self.chain.get(i).is_some_and(|l| self.effect_decl(l.card, l.effect).is_some_and(|e| e.cannot_be_negated)) {
            return;
        }
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

    /// A battle inside a resolution (`Op::BattleNow`): no Damage Step windows; the battle is
    /// visible to trigger detection while it is calculated (BATTLE-4..6).
    pub(super) fn op_battle_now(&mut self, attacker: &Obj, target: &Obj, no_damage: bool, r: &mut Resolution) -> OpFlow {
        use crate::engine::{AttackStage, AttackTask};
        let (Some(&a), Some(&t)) = (self.objects(attacker, r).first(), self.objects(target, r).first()) else { return OpFlow::Next };
        let battlers = |d: &Duel| d.card(a).zone() == Zone::Monster && d.card(t).zone() == Zone::Monster && d.card(a).face_up();
        if !battlers(self) || self.card(a).controller() != self.turn_player || self.card(t).controller() == self.turn_player {
            return OpFlow::Next;
        }
        let mut battle = AttackTask {
            attacker: a,
            target: Some(t),
            target_moves: self.card(t).moves,
            opp_monsters: self.player(self.turn_player.opp()).monster_count() as u8,
            stage: AttackStage::Calculate,
            destroyed: SmallVec::new(),
            target_was_defense: false,
            target_was_face_down: !self.card(t).face_up() && !self.card(t).position().attack(),
            battle_damage: [0; 2],
        };
        self.tasks.push(Task::Attack(battle.clone()));
        // POS-4: a face-down target is turned face-up first.
        if !self.card(t).face_up() {
            let to = if self.card(t).position().attack() { Position::FaceUpAttack } else { Position::FaceUpDefense };
            self.set_position(t, to);
        }
        let shield = self.no_battle_damage;
        if no_damage {
            self.no_battle_damage = [true; 2];
        }
        // A battle inside a resolution asks no substitute (`Modifier::DestroyOtherInstead`):
        // its destruction is announced at once.
        if self.damage_calculation(&mut battle) {
            for &c in &battle.destroyed {
                self.emit(crate::event::Event::Destroyed { card: c, reason: Reason::Battle });
            }
        }
        self.no_battle_damage = shield;
        for &c in &battle.destroyed {
            if self.card(c).zone() == Zone::Monster {
                self.send_to_gy(c, Reason::Battle);
            }
        }
        self.tasks.pop();
        self.set_affected(r, &battle.destroyed);
        OpFlow::Next
    }
}
