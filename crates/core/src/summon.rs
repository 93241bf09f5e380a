//! Summons from the hand: Normal Summon and Set with tributes (SUM-1, SUM-2), Flip Summon
//! (SUM-4), a monster's own Special Summon procedure (SUM-6), and the summon-negation and
//! after-summon windows (SUM-3, SUM-15).

use smallvec::SmallVec;

use crate::action::Action;
use crate::engine::{Flow, ProcStage, Prompt, SelectPurpose, SummonProc, SummonStage, Task, Window, WindowKind};
use crate::event::{Event, Reason};
use crate::state::{CardId, Dest, Duel};
use crate::types::{Player, Position, SummonKind, Zone};

impl Duel {
    /// SUM-2: tributes needed to Normal Summon or Set a monster of this level.
    pub fn tributes_needed(&self, card: CardId) -> usize {
        // An optional rule (Gilford's "you can Tribute 3") leaves the usual count the minimum.
        if let Some((n, _, true)) = &self.pool.def(self.card(card).def).behavior.tribute_rule {
            return *n as usize;
        }
        match self.current_level(card) {
            0..=4 => 0,
            5 | 6 => 1,
            _ => 2,
        }
    }

    /// The tributes a Normal Summon/Set of `card` needs: (minimum, maximum) in tribute
    /// value (SUM-2; "can be treated as 2 tributes"; Gilford's optional 3).
    pub(crate) fn tribute_range(&self, card: CardId, proc: SummonProc) -> (usize, usize) {
        self.tribute_range_from(card, proc, self.tributes_needed(card))
    }

    /// [`Self::tribute_range`], with `base` the card's [`Self::tributes_needed`] (a Set's
    /// range is `(base, base)` unless a tribute rule asks for fewer).
    pub(crate) fn tribute_range_from(&self, card: CardId, proc: SummonProc, base: usize) -> (usize, usize) {
        let b = &self.pool.def(self.card(card).def).behavior;
        // SUM-2: "you can Normal Summon this card without Tributing" while a condition holds
        // (the Tributes stay optional; a Set still needs them).
        let without = || b.summon_without_tributes.as_ref().is_some_and(|c| self.condition_holds(c, self.card(card).controller(), card));
        match &b.tribute_rule {
            // SUM-2: "you can Normal Summon/Set this card with 1 Tribute": fewer Tributes
            // than its Level asks for are enough, for a Summon and a Set alike.
            Some((n, _, false)) if *n > 0 && (*n as usize) < base => (*n as usize, base),
            Some((n, _, false)) if proc == SummonProc::Normal && *n as usize > base => (base, *n as usize),
            _ if proc == SummonProc::Normal && base > 0 && without() => (0, base),
            _ => (base, base),
        }
    }

    /// SUM-2: may `card` also be Normal Summoned or Set without Tributing (an optional
    /// tribute rule of 0: "you can Normal Summon/Set this card without Tributing")?
    pub(crate) fn may_skip_tributes(&self, card: CardId) -> bool {
        matches!(self.pool.def(self.card(card).def).behavior.tribute_rule, Some((0, _, false))) && self.tributes_needed(card) > 0
    }

    /// How many tributes `t` counts as for summoning `card`.
    pub(crate) fn tribute_value(&self, t: CardId, card: CardId) -> usize {
        let p = self.card(card).controller();
        match &self.pool.def(self.card(t).def).behavior.double_tribute_for {
            Some(f) if self.filter_matches(f, card, p, t) => 2,
            _ => 1,
        }
    }

    /// The tribute selection in progress: (value picked, needed, maximum), from the Summon
    /// frame under the prompt.
    pub(crate) fn tribute_progress(&self, picked: &[CardId]) -> Option<(usize, usize, usize)> {
        let Some(Task::Summon { card, proc, .. }) = self.tasks.last() else { return None };
        let (need, max) = self.tribute_range(*card, *proc);
        let value: usize = picked.iter().map(|&t| self.tribute_value(t, *card)).sum();
        // SUM-2: Tributes that are optional ("without Tributing") are all or none.
        let need = if value == 0 || need > 0 { need } else { need.max(self.tributes_needed(*card)) };
        Some((value, need, max))
    }

    /// Would picking `c` (after `picked`, from `candidates`) still let the Tribute selection
    /// reach what it needs?
    pub(crate) fn tribute_completable(&self, picked: &[CardId], c: CardId, candidates: &[CardId]) -> bool {
        let mut with: SmallVec<[CardId; 4]> = picked.iter().copied().collect();
        with.push(c);
        let Some((value, need, _)) = self.tribute_progress(&with) else { return true };
        let Some(Task::Summon { card, .. }) = self.tasks.last() else { return true };
        let rest: usize = candidates.iter().filter(|x| !with.contains(x)).map(|&x| self.tribute_value(x, *card)).sum();
        value + rest >= need
    }

    /// Monsters that may be tributed for `card`.
    pub(crate) fn tribute_candidates(&self, card: CardId) -> SmallVec<[CardId; 8]> {
        let p = self.card(card).controller();
        let mut v = self.tribute_pool(p, self.has_free_main_monster_zone(p));
        self.keep_tributes_for(card, &mut v);
        v
    }

    /// The monsters `p` may Tribute for a summon of theirs, before the summoned monster's
    /// own rule ([`Self::keep_tributes_for`]); `free`: `p` has a free Main Monster Zone.
    pub(crate) fn tribute_pool(&self, p: Player, free: bool) -> SmallVec<[CardId; 8]> {
        let mut v = self.tributable_monsters(p);
        // An opponent's monster Tributed across the field frees no zone of the summoner's: with
        // none free, only their own monsters are offered.
        v.retain(|&mut m| {
            (free || self.card(m).controller() == p)
                && !self.restricted(m, |x| x.cannot_scope(crate::effect::Act::BeTributedForSummon))
                && !self.cannot_be_tributed(m)
        });
        v
    }

    /// Of a [`Self::tribute_pool`], keeps the monsters `card`'s own Tribute rule accepts
    /// ("Tribute 3 Warriors").
    pub(crate) fn keep_tributes_for(&self, card: CardId, pool: &mut SmallVec<[CardId; 8]>) {
        if let Some((_, f, true)) = &self.pool.def(self.card(card).def).behavior.tribute_rule {
            let p = self.card(card).controller();
            pool.retain(|&mut m| self.filter_matches(f, m, p, card));
        }
    }

    /// SUM-1, SUM-2: Normal Summon / Set with tributes, then zone, then placement.
    pub(crate) fn step_summon(&mut self, card: CardId, proc: SummonProc, stage: SummonStage, mut tributes: SmallVec<[CardId; 2]>) -> Flow {
        let p = self.card(card).controller();
        match stage {
            SummonStage::Tributes => {
                let (_, max) = self.tribute_range(card, proc);
                if max == 0 {
                    self.tasks.push(Task::Summon { card, proc, stage: SummonStage::Zone, tributes });
                    return Flow::Continue;
                }
                if self.take_answer().is_some() {
                    if let Prompt::Select { picked, .. } = std::mem::replace(&mut self.prompt, Prompt::Over) {
                        tributes.extend(picked);
                    }
                    self.new_timing();
                    for &t in &tributes {
                        self.send_to_gy(t, Reason::Tribute);
                    }
                    // SPELL-4: the equips of the Tributed monsters go at once, before the summon.
                    self.check_equips();
                    self.tasks.push(Task::Summon { card, proc, stage: SummonStage::Zone, tributes });
                    return Flow::Continue;
                }
                // One selection, one card at a time: `legal_actions` offers a monster while
                // the tribute value is below the maximum and `done` once it reaches the need
                // (a monster may count as 2: "Double Coston").
                // A Set that may skip its Tributes may also pick none (`min` 0).
                let candidates = self.tribute_candidates(card).into_vec();
                let min = u8::from(!self.may_skip_tributes(card));
                self.tasks.push(Task::Summon { card, proc, stage, tributes });
                Flow::Ask(Prompt::Select { player: p, purpose: SelectPurpose::Tribute, candidates, min, max: max as u8, picked: Vec::new() })
            }
            SummonStage::Zone => {
                if let Some(Action::Zone(z)) = self.take_answer() {
                    // SUM-1 under "Light of Intervention": the summoner picks the position.
                    if proc == SummonProc::Normal && self.monster_sets_forbidden() {
                        self.tasks.push(Task::Summon { card, proc, stage: SummonStage::Position(z), tributes });
                        return Flow::Continue;
                    }
                    self.place_summoned(card, proc, z, Position::FaceUpAttack, &tributes);
                    return Flow::Continue;
                }
                let zones = self.free_main_monster_zones(p);
                if zones.is_empty() {
                    return Flow::Continue; // cannot happen: legality checked a free zone
                }
                self.tasks.push(Task::Summon { card, proc, stage, tributes });
                Flow::Ask(Prompt::Zone { player: p, zones: zones.into_iter().collect(), lock: None })
            }
            SummonStage::Position(z) => match self.take_answer() {
                Some(Action::Position(pos)) => {
                    self.place_summoned(card, proc, z, pos, &tributes);
                    Flow::Continue
                }
                _ => {
                    self.tasks.push(Task::Summon { card, proc, stage, tributes });
                    Flow::Ask(Prompt::Position { player: p, card, options: SmallVec::from_slice(&[Position::FaceUpAttack, Position::FaceUpDefense]) })
                }
            },
        }
    }

    /// Places a Normal Summoned (face-up, in `summoned`: Attack, or Defense under "Light of
    /// Intervention") or Set monster.
    pub(crate) fn place_summoned(&mut self, card: CardId, proc: SummonProc, zone: u8, summoned: Position, tributes: &[CardId]) {
        let p = self.card(card).controller();
        let position = match proc {
            SummonProc::Normal => summoned,
            SummonProc::Set => Position::FaceDownDefense,
        };
        let reason = if proc == SummonProc::Set { Reason::Set } else { Reason::Summon };
        self.player_fx[p.idx()].normal_summoned_turn = self.turn;
        self.new_timing();
        self.move_card(card, Dest { player: p, zone: Zone::Monster, slot: Some(zone), position }, reason);
        // SUM-2: the summoned monster remembers its Tributes where they went (`Mem::TRIBUTES`:
        // "the monster used for its Tribute Summon").
        for &t in tributes {
            let card_moves = self.card(t).moves;
            self.memory.push(crate::state::MemoryEntry { source: card, slot: crate::effect::Mem::TRIBUTES, card: t, card_moves, turn: self.turn });
        }
        let c = &mut self.cards[card.0 as usize];
        c.materials_count = tributes.len() as u8;
        match proc {
            SummonProc::Normal => {
                let kind = if tributes.is_empty() { SummonKind::Normal } else { SummonKind::Tribute };
                c.summon = kind;
                self.open_summon_windows(card, kind);
            }
            SummonProc::Set => {
                c.summon = SummonKind::Set;
                self.emit(Event::MonsterSet { card });
            }
        }
    }

    /// SUM-3: the summon-negation window, then (if not negated) the summon succeeds and
    /// the after-summon window opens.
    pub(crate) fn open_summon_windows(&mut self, card: CardId, kind: SummonKind) {
        self.summon_pending = Some(card);
        self.tasks.push(Task::SummonDone { card, kind });
        self.tasks.push(Task::Window(Window { kind: WindowKind::SummonNegation, holder: self.turn_player, passed: false, dest: None }));
    }

    pub(crate) fn summon_done(&mut self, card: CardId, kind: SummonKind) {
        self.summon_pending = None;
        let c = self.card(card);
        if c.zone() != Zone::Monster {
            return; // negated
        }
        self.player_fx[c.controller().idx()].summoned_turn = self.turn;
        self.new_timing();
        match kind {
            SummonKind::Normal | SummonKind::Tribute => self.emit(Event::NormalSummoned { card, tribute: kind == SummonKind::Tribute }),
            SummonKind::Flip => self.emit(Event::FlipSummoned { card }),
            _ => {
                self.cards[card.0 as usize].properly_summoned = true;
                self.emit(Event::SpecialSummoned { card });
            }
        }
        if matches!(kind, SummonKind::Normal | SummonKind::Tribute | SummonKind::Flip) {
            self.cards[card.0 as usize].properly_summoned = true;
        }
        self.summoned_to_defense(card);
        self.enforce_forced_defense();
        self.enforce_self_destruction();
        self.tasks.push(Task::Window(Window { kind: WindowKind::AfterSummon, holder: self.turn_player, passed: false, dest: None }));
    }

    /// SUM-4: face-down Defense to face-up Attack; counts as its position change.
    pub(crate) fn step_flip_summon(&mut self, card: CardId) -> Flow {
        self.cards[card.0 as usize].position_changed_turn = self.turn.into();
        self.cards[card.0 as usize].summon = SummonKind::Flip;
        self.new_timing();
        self.set_position(card, Position::FaceUpAttack);
        self.open_summon_windows(card, SummonKind::Flip);
        Flow::Continue
    }

    /// A monster's own Special Summon procedure (SUM-6): pay its requirement, pick a zone
    /// and a position, then the negation window.
    pub(crate) fn step_summon_proc(&mut self, card: CardId, stage: ProcStage) -> Flow {
        use crate::effect::SummonRule;
        let p = self.card(card).controller();
        let Some(rule) = self.pool.def(self.card(card).def).behavior.summon_rule.clone() else { return Flow::Continue };
        match stage {
            ProcStage::Pay => {
                let (count, purpose) = match &rule {
                    SummonRule::OnlyOpponentControlsMonsters | SummonRule::Condition(_) => (0, SelectPurpose::Cost),
                    SummonRule::Tribute { count, .. } | SummonRule::TributeOpponents { count, .. } => (*count, SelectPurpose::Tribute),
                    SummonRule::BanishFromGy(fs) => (fs.len() as u8, SelectPurpose::Cost),
                    SummonRule::BanishFromField { count, .. } | SummonRule::SendFromHand { count, .. } => (*count, SelectPurpose::Cost),
                    // Ended by the Level total (`Self::level_total_progress`).
                    SummonRule::DiscardLevels { .. } => (1, SelectPurpose::Cost),
                };
                if count == 0 {
                    self.tasks.push(Task::SummonProc { card, stage: ProcStage::Zone });
                    return Flow::Continue;
                }
                if self.take_answer().is_some() {
                    if let Prompt::Select { picked, .. } = std::mem::replace(&mut self.prompt, Prompt::Over) {
                        self.new_timing();
                        for id in picked {
                            match rule {
                                SummonRule::Tribute { .. } | SummonRule::TributeOpponents { .. } => self.send_to_gy(id, Reason::Tribute),
                                SummonRule::SendFromHand { .. } => self.send_to_gy(id, Reason::Cost),
                                SummonRule::DiscardLevels { .. } => self.send_to_gy(id, Reason::Discard),
                                _ => self.banish(id, false, Reason::Cost),
                            }
                        }
                    }
                    self.tasks.push(Task::SummonProc { card, stage: ProcStage::Zone });
                    return Flow::Continue;
                }
                let candidates = self.summon_rule_candidates(card, &rule).into_vec();
                let max = if matches!(rule, SummonRule::DiscardLevels { .. }) { candidates.len().min(usize::from(u8::MAX)) as u8 } else { count };
                self.tasks.push(Task::SummonProc { card, stage });
                Flow::Ask(Prompt::Select { player: p, purpose, candidates, min: count, max, picked: Vec::new() })
            }
            ProcStage::Zone => {
                let zones = self.free_main_monster_zones(self.proc_side(card, p));
                if let Some(Action::Zone(z)) = self.take_answer() {
                    self.tasks.push(Task::SummonProc { card, stage: ProcStage::Position(z) });
                    return Flow::Continue;
                }
                if zones.is_empty() {
                    return Flow::Continue;
                }
                self.tasks.push(Task::SummonProc { card, stage });
                Flow::Ask(Prompt::Zone { player: p, zones: zones.into_iter().collect(), lock: None })
            }
            ProcStage::Position(z) => {
                let options: SmallVec<[Position; 2]> = if self.pool.def(self.card(card).def).behavior.summon_rule_attack_only {
                    SmallVec::from_slice(&[Position::FaceUpAttack])
                } else {
                    SmallVec::from_slice(&[Position::FaceUpAttack, Position::FaceUpDefense])
                };
                let Some(Action::Position(pos)) = self.take_answer() else {
                    self.tasks.push(Task::SummonProc { card, stage });
                    return Flow::Ask(Prompt::Position { player: p, card, options });
                };
                self.new_timing();
                let to = self.proc_side(card, p);
                self.move_card(card, Dest { player: to, zone: Zone::Monster, slot: Some(z), position: pos }, Reason::Summon);
                self.cards[card.0 as usize].summon = SummonKind::Special;
                if let Some(r) = self.pool.def(self.card(card).def).behavior.summon_restriction {
                    self.apply_player_effect(p, r);
                }
                self.open_summon_windows(card, SummonKind::Special);
                Flow::Continue
            }
        }
    }

    /// Whose field a monster's own summon procedure puts it on, when `p` uses it.
    fn proc_side(&self, card: CardId, p: crate::types::Player) -> crate::types::Player {
        match self.pool.def(self.card(card).def).behavior.summon_rule {
            Some(crate::effect::SummonRule::TributeOpponents { .. }) => p.opp(),
            _ => p,
        }
    }

    /// Has player `p` already done this turn what a summon restriction forbids?
    fn restriction_broken(&self, p: crate::types::Player, r: crate::effect::PlayerEffect) -> bool {
        use crate::effect::PlayerEffect;
        let fx = &self.player_fx[p.idx()];
        match r {
            PlayerEffect::NoNormalSummonThisTurn => fx.normal_summoned_turn == self.turn,
            PlayerEffect::NoSummonsThisTurn => fx.summoned_turn == self.turn,
            _ => false,
        }
    }

    /// Cards that can pay a summon procedure's requirement (BanishFromGy: any card
    /// matching one of the filters).
    pub(crate) fn summon_rule_candidates(&self, card: CardId, rule: &crate::effect::SummonRule) -> SmallVec<[CardId; 64]> {
        use crate::effect::SummonRule;
        let p = self.card(card).controller();
        match rule {
            SummonRule::OnlyOpponentControlsMonsters | SummonRule::Condition(_) => SmallVec::new(),
            SummonRule::Tribute { filter, .. } => {
                self.player(p).monster_ids().filter(|&m| self.filter_matches(filter, m, p, card) && !self.cannot_be_tributed(m)).collect()
            }
            SummonRule::BanishFromField { filter, .. } => self.player(p).monster_ids().filter(|&m| self.filter_matches(filter, m, p, card)).collect(),
            SummonRule::TributeOpponents { filter, .. } => self.player(p.opp()).monster_ids().filter(|&m| self.filter_matches(filter, m, p, card)).collect(),
            SummonRule::SendFromHand { filter, .. } => {
                self.player(p).hand.iter().copied().filter(|&c| c != card && self.data(c).is_monster() && self.filter_matches(filter, c, p, card)).collect()
            }
            // The monster itself too, when its procedure works from the GY it goes to.
            SummonRule::DiscardLevels { filter, .. } => {
                let itself = self.pool.def(self.card(card).def).behavior.summon_rule_from_gy && !self.gy_locked();
                self.player(p)
                    .hand
                    .iter()
                    .copied()
                    .filter(|&c| (c != card || itself) && self.data(c).is_monster() && self.filter_matches(filter, c, p, card))
                    .collect()
            }
            SummonRule::BanishFromGy(_) if self.gy_banish_locked(p) || self.gy_locked() => SmallVec::new(),
            // `DuelRule::FieldBanishedForGy`: the GY holds what the procedure names, and
            // monsters of the field are banished instead.
            SummonRule::BanishFromGy(fs) if self.banishes_field_for_gy(p) => match self.gy_proc_met(card, fs) {
                true => self.player(p).monster_ids().collect(),
                false => SmallVec::new(),
            },
            SummonRule::BanishFromGy(fs) => self.gy_proc_candidates(card, fs),
        }
    }

    /// The GY cards that may pay a `SummonRule::BanishFromGy` of `card`.
    fn gy_proc_candidates(&self, card: CardId, fs: &[crate::effect::Filter]) -> SmallVec<[CardId; 64]> {
        let p = self.card(card).controller();
        self.player(p).gy.iter().copied().filter(|&c| fs.iter().any(|f| self.filter_matches(f, c, p, card))).collect()
    }

    /// The Levels of `cards` added up (a negative Level counts 0).
    fn level_total(&self, cards: &[CardId]) -> usize {
        cards.iter().map(|&c| self.stat(c, crate::effect::Stat::Level).max(0) as usize).sum()
    }

    /// The Level-total selection of a `SummonRule::DiscardLevels` in progress: (more may be
    /// picked, enough is picked), from the procedure frame under the prompt.
    pub(crate) fn level_total_progress(&self, picked: &[CardId]) -> Option<(bool, bool)> {
        let Some(Task::SummonProc { card, stage: ProcStage::Pay }) = self.tasks.last() else { return None };
        let Some(crate::effect::SummonRule::DiscardLevels { total, .. }) = &self.pool.def(self.card(*card).def).behavior.summon_rule else { return None };
        let reached = self.level_total(picked) >= usize::from(*total);
        Some((!reached, reached))
    }

    /// Does the GY hold the cards a `SummonRule::BanishFromGy` of `card` names (each filter
    /// its own card)?
    ///
    /// As many candidates ([`Duel::gy_proc_candidates`]) as filters, and each filter matched
    /// by one of them: found in one pass over the GY that asks each filter once per card and
    /// stops as soon as both hold (the Main Phase listing asks this of every such monster in
    /// the hand).
    fn gy_proc_met(&self, card: CardId, fs: &[crate::effect::Filter]) -> bool {
        let p = self.card(card).controller();
        if fs.len() > 64 {
            let c = self.gy_proc_candidates(card, fs);
            return c.len() >= fs.len() && fs.iter().all(|f| c.iter().any(|&x| self.filter_matches(f, x, p, card)));
        }
        let all: u64 = if fs.len() == 64 { u64::MAX } else { (1u64 << fs.len()) - 1 };
        let (mut matched, mut candidates) = (0u64, 0usize);
        for &x in &self.player(p).gy {
            let mut mask = 0u64;
            for (i, f) in fs.iter().enumerate() {
                if self.filter_matches(f, x, p, card) {
                    mask |= 1 << i;
                }
            }
            if mask != 0 {
                candidates += 1;
                matched |= mask;
                if candidates >= fs.len() && matched == all {
                    return true;
                }
            }
        }
        candidates >= fs.len() && matched == all
    }

    /// Can the summon procedure of `card` be used now (requirements and a free zone)?
    pub(crate) fn summon_rule_ok(&self, card: CardId) -> bool {
        use crate::effect::SummonRule;
        let p = self.card(card).controller();
        let behavior = &self.pool.def(self.card(card).def).behavior;
        let Some(rule) = &behavior.summon_rule else { return false };
        // From the GY only when its procedure says so, and never while the GYs are locked.
        if self.card(card).zone() == Zone::Gy && (!behavior.summon_rule_from_gy || self.gy_locked()) {
            return false;
        }
        // "You can only control 1 face-up X" holds for its own procedure too.
        if behavior.summon_restriction.is_some_and(|r| self.restriction_broken(p, r)) || self.summon_barred(card, p) {
            return false;
        }
        let free = self.free_main_monster_zones(self.proc_side(card, p)).len();
        match rule {
            SummonRule::OnlyOpponentControlsMonsters => free > 0 && self.player(p).monster_count() == 0 && self.player(p.opp()).monster_count() > 0,
            SummonRule::Condition(c) => free > 0 && self.condition_holds(c, p, card),
            SummonRule::Tribute { count, .. } | SummonRule::BanishFromField { count, .. } | SummonRule::TributeOpponents { count, .. } => {
                let c = self.summon_rule_candidates(card, rule);
                c.len() >= *count as usize && (free > 0 || c.iter().any(|&m| self.card(m).slot() < 5))
            }
            SummonRule::SendFromHand { count, .. } => free > 0 && self.summon_rule_candidates(card, rule).len() >= *count as usize,
            SummonRule::DiscardLevels { total, .. } => free > 0 && self.level_total(&self.summon_rule_candidates(card, rule)) >= usize::from(*total),
            SummonRule::BanishFromGy(_) if self.gy_banish_locked(p) || self.gy_locked() => false,
            // `DuelRule::FieldBanishedForGy`: monsters of the field go instead (freeing zones).
            SummonRule::BanishFromGy(fs) if self.banishes_field_for_gy(p) => {
                let c = self.summon_rule_candidates(card, rule);
                c.len() >= fs.len() && (free > 0 || c.iter().any(|&m| self.card(m).slot() < 5))
            }
            // Each filter needs its own card.
            SummonRule::BanishFromGy(fs) => free > 0 && self.gy_proc_met(card, fs),
        }
    }
}
