//! Battle: attack declaration, replays, the Damage Step and its sub-steps, damage
//! calculation (BATTLE-2..7, POS-4).

use smallvec::SmallVec;

use crate::action::Action;
use crate::engine::{AttackStage, AttackTask, Flow, Prompt, Question, SelectPurpose, Task, Window, WindowKind};
use crate::event::{Event, Reason};
use crate::state::{CardId, Duel};
use crate::types::{BattleStep, DamageStep, Player, Position, Zone};

impl Duel {
    /// The battle in progress, if any.
    pub(crate) fn current_attack(&self) -> Option<&AttackTask> {
        self.tasks.iter().rev().find_map(|t| match t {
            Task::Attack(a) => Some(a),
            _ => None,
        })
    }

    /// The battle in progress, to change (an effect resolving during it).
    fn current_attack_mut(&mut self) -> Option<&mut AttackTask> {
        self.tasks.iter_mut().rev().find_map(|t| match t {
            Task::Attack(a) => Some(a),
            _ => None,
        })
    }

    /// Could monster `t` be the new target of the current attack (BATTLE-2): another monster
    /// of the attacked player, one the attacker may attack, and no monster drawing attacks
    /// ([`crate::effect::MonsterRule::DrawsAttacks`]) besides it?
    pub(crate) fn could_redirect_attack_to(&self, t: CardId) -> bool {
        let Some(a) = self.current_attack() else { return false };
        let c = self.card(t);
        a.target != Some(t)
            && t != a.attacker
            && c.zone() == Zone::Monster
            && c.controller() == self.card(a.attacker).controller().opp()
            && !self.not_attack_target(t)
            && !self.destroyed_by_battle(t)
            && self.attack_target_drawn(t)
    }

    /// `Course::RedirectAttack`: the current attack becomes an attack on monster `t`
    /// (not a new declaration: no "when an attack is declared" happens). Did it change?
    pub(crate) fn redirect_attack(&mut self, t: CardId) -> bool {
        if !self.could_redirect_attack_to(t) || self.attack_negated {
            return false;
        }
        let moves = self.card(t).moves;
        let Some(a) = self.current_attack_mut() else { return false };
        a.target = Some(t);
        a.target_moves = moves;
        let attacker = a.attacker;
        self.attacked_targets.push((attacker, t, moves));
        true
    }

    /// `DuelRule::ChoosesOpponentsAttackTargets`: does the opponent of the attacking player
    /// `tp` choose the targets of `tp`'s attacks?
    pub(crate) fn defender_chooses_targets(&self, tp: Player) -> bool {
        self.any_modifiers()
            && self
                .modifiers_of(crate::effect::ModKinds::CHOOSES_OPPONENTS_ATTACK_TARGETS, |m| {
                    matches!(m, crate::effect::Modifier::Duel(crate::effect::DuelRule::ChoosesOpponentsAttackTargets))
                })
                .any(|(_, ctrl, _, _)| ctrl == tp.opp())
    }

    /// BATTLE-2: the monsters of `tp`'s opponent that may be chosen as attack targets now
    /// (not those that "cannot be attacked"; only a monster drawing every attack, if any).
    pub(crate) fn attack_targets_for(&self, tp: Player) -> Vec<CardId> {
        let opp: SmallVec<[CardId; 5]> = self.player(tp.opp()).monster_ids().collect();
        let drawn = self.any_modifiers() && opp.iter().any(|&m| self.draws_attacks(m));
        opp.into_iter().filter(|&m| !self.not_attack_target(m) && (!drawn || self.draws_attacks(m))).collect()
    }

    /// A second Battle Phase in one turn (`PlayerEffect::BattlePhaseTwice`): the turn
    /// player's monsters may declare their attacks again, as in a new Battle Phase (the
    /// attacks already declared still count for "attacked this turn", POS-2).
    pub(crate) fn new_battle_phase_attacks(&mut self) {
        self.attack_again_on = None;
        let mons: SmallVec<[CardId; 5]> = self.player(self.turn_player).monster_ids().collect();
        for m in mons {
            if self.cards[m.0 as usize].attacks > 0 {
                self.cards[m.0 as usize].attacks = 0;
                self.clear_attacked_targets(m);
            }
        }
    }

    /// `Course::NewAttacker`: monster `m` of the attacking player attacks the target of the
    /// attack just negated (`Course::NegateAttack` first), if it can attack; that counts as
    /// `m`'s attack. Did it attack?
    pub(crate) fn change_attacker(&mut self, m: CardId) -> bool {
        let Some(a) = self.current_attack() else { return false };
        let (old, target) = (a.attacker, a.target);
        let c = self.card(m);
        if m == old || c.zone() != Zone::Monster || c.controller() != self.turn_player || !self.attack_position_ok(m) || self.cannot_attack(m) {
            return false;
        }
        let c = &mut self.cards[m.0 as usize];
        let first = c.attacked_turn != self.turn;
        if first {
            c.attacks = 0;
            c.extra_attacks = 0;
        }
        c.attacked_turn = self.turn.into();
        c.attacks = c.attacks.saturating_add(1);
        if first {
            self.clear_attacked_targets(m);
        }
        if let Some(t) = target {
            let moves = self.card(t).moves;
            self.attacked_targets.push((m, t, moves));
        }
        if let Some(a) = self.current_attack_mut() {
            a.attacker = m;
        }
        self.attack_negated = false;
        true
    }

    fn attack_window(&mut self, a: AttackTask, kind: WindowKind) -> Flow {
        self.tasks.push(Task::Attack(a));
        self.tasks.push(Task::Window(Window { kind, holder: self.turn_player, passed: false, dest: None }));
        Flow::Continue
    }

    fn still_attacking(&self, a: &AttackTask) -> bool {
        let c = self.card(a.attacker);
        !self.attack_negated && c.zone() == Zone::Monster && c.controller() == self.turn_player && self.attack_position_ok(a.attacker)
    }

    fn target_still_there(&self, a: &AttackTask) -> bool {
        match a.target {
            None => true,
            Some(t) => {
                let c = self.card(t);
                c.moves == a.target_moves && c.zone() == Zone::Monster && c.controller() == self.turn_player.opp()
            }
        }
    }

    pub(crate) fn step_attack(&mut self, mut a: AttackTask) -> Flow {
        let tp = self.turn_player;
        match a.stage {
            AttackStage::Declare | AttackStage::DefenderChooses => {
                // BATTLE-2 under `DuelRule::ChoosesOpponentsAttackTargets`: the attacked player
                // chooses which of the monsters this attacker could attack it attacks.
                if a.target.is_some() && self.defender_chooses_targets(tp) && !self.attacks_every_monster(a.attacker) {
                    let candidates = self.attack_targets_for(tp);
                    if a.stage == AttackStage::Declare && candidates.len() > 1 {
                        a.stage = AttackStage::DefenderChooses;
                        self.tasks.push(Task::Attack(a));
                        return Flow::Ask(Prompt::Select {
                            player: tp.opp(),
                            purpose: SelectPurpose::AttackTarget,
                            candidates,
                            min: 1,
                            max: 1,
                            picked: Vec::new(),
                        });
                    }
                    if a.stage == AttackStage::DefenderChooses && self.take_answer().is_some() {
                        if let Prompt::Select { picked, .. } = std::mem::replace(&mut self.prompt, Prompt::Over) {
                            if let Some(&t) = picked.first() {
                                a.target = Some(t);
                                a.target_moves = self.card(t).moves;
                            }
                        }
                    }
                }
                let c = &mut self.cards[a.attacker.0 as usize];
                let first = c.attacked_turn != self.turn;
                if first {
                    c.attacks = 0;
                    // Extra attacks are earned for one turn only.
                    c.extra_attacks = 0;
                }
                c.attacked_turn = self.turn.into();
                c.attacks += 1;
                if first {
                    self.clear_attacked_targets(a.attacker);
                }
                if self.attack_again_on.is_some_and(|(x, ..)| x == a.attacker) {
                    self.attack_again_on = None;
                }
                if let Some(t) = a.target {
                    self.attacked_targets.push((a.attacker, t, a.target_moves));
                }
                self.battles += 1;
                self.attack_negated = false;
                self.new_timing();
                self.pay_attack_cost(a.attacker);
                self.emit(Event::AttackDeclared { attacker: a.attacker, target: a.target });
                a.stage = AttackStage::ReplayCheck;
                self.attack_window(a, WindowKind::AttackDeclared)
            }
            AttackStage::ReplayCheck => {
                // An effect that ended the Battle Phase ends the attack too: no replay.
                if !self.still_attacking(&a) || self.end_battle_phase {
                    return self.end_attack(a);
                }
                let now = self.player(tp.opp()).monster_count() as u8;
                // BATTLE-3: the number of the opponent's monsters changed: a replay.
                if now != a.opp_monsters || !self.target_still_there(&a) {
                    if let Some(ans) = self.take_answer() {
                        if ans == Action::Yes {
                            a.stage = AttackStage::ReplayTarget;
                            a.opp_monsters = now;
                            self.tasks.push(Task::Attack(a));
                        } else {
                            self.emit(Event::AttackStopped { attacker: a.attacker });
                            return self.end_attack(a);
                        }
                        return Flow::Continue;
                    }
                    self.tasks.push(Task::Attack(a));
                    return Flow::Ask(Prompt::YesNo { player: tp, question: Question::ContinueAttack });
                }
                a.stage = AttackStage::Damage(DamageStep::Start);
                self.tasks.push(Task::Attack(a));
                Flow::Continue
            }
            AttackStage::ReplayTarget => {
                let targets: Vec<CardId> = self.player(tp.opp()).monster_ids().collect();
                if targets.is_empty() {
                    a.target = None;
                } else if self.take_answer().is_some() {
                    if let Prompt::Select { picked, .. } = std::mem::replace(&mut self.prompt, Prompt::Over) {
                        a.target = picked.first().copied();
                    }
                } else {
                    // Under `DuelRule::ChoosesOpponentsAttackTargets` the attacked player chooses.
                    let chooser = if self.defender_chooses_targets(tp) && !self.attacks_every_monster(a.attacker) { tp.opp() } else { tp };
                    self.tasks.push(Task::Attack(a));
                    return Flow::Ask(Prompt::Select {
                        player: chooser,
                        purpose: SelectPurpose::AttackTarget,
                        candidates: targets,
                        min: 1,
                        max: 1,
                        picked: Vec::new(),
                    });
                }
                a.target_moves = a.target.map_or(0, |t| self.card(t).moves);
                if let Some(t) = a.target {
                    self.attacked_targets.push((a.attacker, t, a.target_moves));
                }
                self.emit(Event::AttackDeclared { attacker: a.attacker, target: a.target });
                a.stage = AttackStage::ReplayCheck;
                self.attack_window(a, WindowKind::AttackDeclared)
            }
            AttackStage::Damage(sub) => {
                if !self.still_attacking(&a) || !self.target_still_there(&a) {
                    return self.end_attack(a);
                }
                self.step = Some(BattleStep::Damage(sub));
                if sub == DamageStep::Start {
                    for m in [Some(a.attacker), a.target].into_iter().flatten() {
                        self.cards[m.0 as usize].battled_turn = self.turn.into();
                    }
                    // MISC-8: the two monsters battled each other, while both stay.
                    if let Some(t) = a.target {
                        let pair = (a.attacker, self.card(a.attacker).moves, t, self.card(t).moves);
                        if !self.battled_pairs.contains(&pair) {
                            self.battled_pairs.push(pair);
                        }
                    }
                }
                // The battle stays visible to trigger detection (`current_attack`) while the
                // step's event is emitted ("at the end of the Damage Step").
                self.tasks.push(Task::Attack(a.clone()));
                self.emit(Event::StepEntered { step: BattleStep::Damage(sub) });
                self.tasks.pop();
                let next = match sub {
                    DamageStep::Start => AttackStage::Damage(DamageStep::BeforeCalculation),
                    DamageStep::BeforeCalculation => {
                        // POS-4: a face-down target is flipped before damage calculation (the
                        // battle stays visible: its FLIP effect waits, BATTLE-8).
                        if let Some(t) = a.target {
                            if !self.card(t).face_up() {
                                a.target_was_face_down = !self.card(t).position().attack();
                                let to = if self.card(t).position().attack() { Position::FaceUpAttack } else { Position::FaceUpDefense };
                                self.tasks.push(Task::Attack(a.clone()));
                                self.set_position(t, to);
                                self.enforce_self_destruction();
                                self.tasks.pop();
                            }
                        }
                        AttackStage::Damage(DamageStep::DuringCalculation)
                    }
                    DamageStep::DuringCalculation => AttackStage::Calculate,
                    DamageStep::AfterCalculation => AttackStage::Damage(DamageStep::End),
                    DamageStep::End => AttackStage::Finish,
                };
                if sub == DamageStep::End {
                    // BATTLE-4: monsters destroyed by battle go to the GY at the end of the DS.
                    for id in std::mem::take(&mut a.destroyed) {
                        if self.card(id).zone() == Zone::Monster {
                            self.send_to_gy(id, Reason::Battle);
                        }
                    }
                    // SPELL-4: equips of the destroyed monsters go now, not at the next chain.
                    self.check_equips();
                }
                a.stage = next;
                let flow = self.attack_window(a, WindowKind::Damage(sub));
                // "After damage calculation" / "at the end of the Damage Step": the steps
                // scheduled for this sub-step run first (`Moment::DamageStep`), the battle
                // still visible.
                if matches!(sub, DamageStep::AfterCalculation | DamageStep::End) && !self.delayed.is_empty() {
                    self.run_delayed(crate::effect::Moment::DamageStep(sub));
                }
                flow
            }
            AttackStage::Calculate => {
                // As above: battle damage and destruction events see the battle.
                self.tasks.push(Task::Attack(a.clone()));
                let asks = self.damage_calculation(&mut a);
                self.tasks.pop();
                a.stage = if asks { AttackStage::Substitute(0) } else { AttackStage::Damage(DamageStep::AfterCalculation) };
                self.tasks.push(Task::Attack(a));
                Flow::Continue
            }
            AttackStage::Substitute(from) => {
                // `Modifier::DestroyOtherInstead`: each destroyed monster in turn, its
                // controller may destroy another monster instead; the others' destruction is
                // announced (BATTLE-6) as they come.
                let mut i = usize::from(from);
                if self.take_answer().is_some() {
                    let picked = match std::mem::replace(&mut self.prompt, Prompt::Over) {
                        Prompt::Select { picked, .. } => picked.first().copied(),
                        _ => None,
                    };
                    self.tasks.push(Task::Attack(a.clone()));
                    match picked {
                        Some(s) if i < a.destroyed.len() => {
                            let sent = self.substitute_is_sent(a.destroyed[i], s);
                            a.destroyed.remove(i);
                            self.send_to_gy(s, if sent { Reason::Effect } else { Reason::Destroy });
                        }
                        _ => {
                            if let Some(&c) = a.destroyed.get(i) {
                                self.emit(Event::Destroyed { card: c, reason: Reason::Battle });
                            }
                            i += 1;
                        }
                    }
                    self.tasks.pop();
                }
                while let Some(&c) = a.destroyed.get(i) {
                    let candidates = self.destroy_other_candidates(c, &a.destroyed);
                    if !candidates.is_empty() {
                        let player = self.card(c).controller();
                        a.stage = AttackStage::Substitute(i.min(usize::from(u8::MAX)) as u8);
                        self.tasks.push(Task::Attack(a));
                        return Flow::Ask(Prompt::Select {
                            player,
                            purpose: SelectPurpose::Effect,
                            candidates: candidates.to_vec(),
                            min: 0,
                            max: 1,
                            picked: Vec::new(),
                        });
                    }
                    self.tasks.push(Task::Attack(a.clone()));
                    self.emit(Event::Destroyed { card: c, reason: Reason::Battle });
                    self.tasks.pop();
                    i += 1;
                }
                a.stage = AttackStage::Damage(DamageStep::AfterCalculation);
                self.tasks.push(Task::Attack(a));
                Flow::Continue
            }
            AttackStage::Finish => self.end_attack(a),
        }
    }

    fn end_attack(&mut self, a: AttackTask) -> Flow {
        self.no_battle_damage = [false; 2];
        // Steps scheduled for a sub-step of this battle's Damage Step it never reached.
        self.delayed.retain(|d| !matches!(d.at, crate::effect::Moment::DamageStep(_)));
        self.expire_damage_step();
        self.attack_negated = false;
        for id in a.destroyed {
            if self.card(id).zone() == Zone::Monster {
                self.send_to_gy(id, Reason::Battle);
            }
        }
        self.check_equips();
        self.step = Some(BattleStep::Battle);
        self.emit(Event::StepEntered { step: BattleStep::Battle });
        Flow::Continue
    }

    /// BATTLE-5..7.
    pub(crate) fn damage_calculation(&mut self, a: &mut AttackTask) -> bool {
        let tp = self.turn_player;
        let atk = self.current_atk(a.attacker);
        let mut destroyed: SmallVec<[CardId; 2]> = SmallVec::new();
        let mut damage: Option<(Player, i32, CardId)> = None;
        match a.target {
            None => {
                if atk > 0 {
                    // BATTLE-7: a direct attack allowed while the opponent controls monsters
                    // may inflict a fixed amount (`MonsterRule::DirectAttackForFixedDamage`).
                    let fixed = self.fixed_direct_damage(a.attacker).filter(|_| self.player(tp.opp()).monsters.iter().any(Option::is_some));
                    damage = Some((tp.opp(), fixed.unwrap_or(atk), a.attacker));
                }
            }
            Some(t) if self.card(t).position().attack() => {
                let other = self.current_atk(t);
                if atk > other {
                    destroyed.push(t);
                    damage = Some((tp.opp(), atk - other, a.attacker));
                } else if atk < other {
                    destroyed.push(a.attacker);
                    damage = Some((tp, other - atk, t));
                } else if atk > 0 || self.goat_rules() {
                    // BATTLE-6 (equal ATK); GOAT-5: two 0-ATK monsters destroy each other too.
                    destroyed.push(a.attacker);
                    destroyed.push(t);
                }
            }
            Some(t) => {
                a.target_was_defense = true;
                let def = self.current_def(t);
                if atk > def {
                    destroyed.push(t);
                    if self.piercing(a.attacker) {
                        damage = Some((tp.opp(), atk - def, a.attacker));
                    }
                } else if atk < def {
                    damage = Some((tp, def - atk, t));
                }
            }
        }
        let battlers = [Some(a.attacker), a.target];
        // A monster whose controller takes no battle damage from its battles shields them too.
        let shielded = |d: &Duel, p: Player| {
            d.no_battle_damage[p.idx()]
                || d.player_fx[p.idx()].no_battle_damage_turn == d.turn
                || battlers.into_iter().flatten().any(|x| d.card(x).controller() == p && d.shields_battle_damage(x))
                || d.battle_damage_shielded_by_battlers(p, battlers)
        };
        // "Odd-Eyes Pendulum Dragon": doubled when it battles an opponent's monster.
        if let (Some((p, amount, by)), Some(_)) = (damage, a.target) {
            if p != self.card(by).controller() && self.doubles_battle_damage(by) {
                damage = Some((p, amount * 2, by));
            }
        }
        if let Some((p, amount, by)) = damage.filter(|(p, _, _)| !shielded(self, *p)) {
            // A recovery that waits for this much battle damage comes first.
            self.gain_before_battle_damage(p, amount);
            self.emit(Event::BattleDamage { player: p, amount, by });
            a.battle_damage[p.idx()] = a.battle_damage[p.idx()].saturating_add(amount);
            self.change_lp(p, -amount);
            // "Relinquished": the same amount to the opponent, as effect damage.
            if let Some(x) = [Some(a.attacker), a.target].into_iter().flatten().find(|&x| self.card(x).controller() == p && self.reflects_battle_damage(x)) {
                self.effect_damage(p.opp(), amount, x);
            }
        }
        // "Relinquished": the monster card equipped to it is destroyed in its place.
        for c in destroyed.clone() {
            if let Some(e) = self.battle_substitute(c) {
                destroyed.retain(|x| *x != c);
                self.send_to_gy(e, Reason::Destroy);
            }
        }
        // Destruction is confirmed now (EFF-2); the cards go to the GY at the end of the DS.
        destroyed.retain(|&mut c| !self.indestructible_by_battle(c));
        let destroyed_now = std::mem::take(&mut destroyed);
        destroyed = self.battle_shield_once_per_turn(destroyed_now);
        // A monster another may be destroyed in place of: every announcement waits for that
        // choice (`AttackStage::Substitute`).
        let asks = destroyed.iter().any(|&c| !self.destroy_other_candidates(c, &destroyed).is_empty());
        if !asks {
            for &c in &destroyed {
                self.emit(Event::Destroyed { card: c, reason: Reason::Battle });
            }
        }
        // A monster that destroyed its opponent may attack again if an effect lets it.
        if destroyed.iter().any(|&c| Some(c) == a.target) && !destroyed.contains(&a.attacker) && self.second_attack_on_kill(a.attacker) {
            let c = &mut self.cards[a.attacker.0 as usize];
            if c.extra_attacks == 0 || c.attacked_turn != self.turn {
                c.extra_attacks = 1;
            }
        }
        a.destroyed = destroyed;
        asks
    }
}
