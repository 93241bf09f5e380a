//! The settle loop: a stack of typed continuation frames ([`Task`]) run until one of them
//! needs a decision ([`Prompt`]) or the duel ends. `apply` validates an answer against
//! `legal_actions`, stores it, and runs the loop again.

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::action::{Action, Rejected};
use crate::event::{Event, Reason};
use crate::state::{CardId, Dest, Duel};
use crate::types::{BattleStep, DamageStep, Loc, Outcome, Phase, Player, Position, SummonKind, WinReason, Zone};

pub use crate::prompt::{AnnounceKind, Prompt, Question, SelectPurpose};

/// Bounds on everything (TigerStyle): the engine can never hang.
pub mod limits {
    /// Task steps run by one `apply` before the duel is stopped as a draw by bound.
    pub const SETTLE_STEPS: u32 = 100_000;
    /// Actions in one turn.
    pub const ACTIONS_PER_TURN: u32 = 5_000;
    /// Turns in one duel.
    pub const TURNS: u32 = 2_000;
    /// Chain links.
    pub const CHAIN_LINKS: usize = 64;
}

/// An open priority window (PHASE-7): the holder may act or pass; two passes in
/// succession close it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WindowKind {
    /// Draw, Standby, Main 1, Main 2 and End Phase.
    Phase(Phase),
    BattleStart,
    BattleStep,
    BattleEnd,
    AttackDeclared,
    Damage(DamageStep),
    /// SUM-3: the moment a summon would happen; only summon negation may respond.
    SummonNegation,
    /// After a successful summon: responses (e.g. to "when summoned").
    AfterSummon,
    /// CHAIN-3: a response window after a chain link; two passes resolve the chain.
    Chain,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Window {
    pub kind: WindowKind,
    pub holder: Player,
    /// The other player passed just before the holder got priority.
    pub passed: bool,
    /// Where the turn player's pass leads (Main Phase, Battle Step).
    pub dest: Option<Phase>,
}

/// How a monster is being put on the field from the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SummonProc {
    Normal,
    Set,
}

/// Where a monster's own summon procedure is (SUM-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ProcStage {
    /// Paying its requirement (Tributes, banishing).
    Pay,
    /// Choosing a zone.
    Zone,
    /// Choosing the position, for this zone.
    Position(u8),
}

/// Where a Normal Summon or Set is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SummonStage {
    Tributes,
    Zone,
    /// A Normal Summon that may be in face-up Defense Position (`Modifier::Duel(crate::effect::DuelRule::NoMonsterSets)`):
    /// the position, for this zone.
    Position(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackStage {
    Declare,
    /// The attacked player chooses the attack target (`DuelRule::ChoosesOpponentsAttackTargets`).
    DefenderChooses,
    ReplayCheck,
    ReplayTarget,
    Damage(DamageStep),
    Calculate,
    /// After damage calculation, before the destruction is announced: the monster at this
    /// index of `AttackTask::destroyed` onwards may each be replaced by another monster its
    /// controller destroys instead (`Modifier::DestroyOtherInstead`).
    Substitute(u8),
    Finish,
}

/// A continuation frame of the settle loop.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Task {
    StartTurn,
    EnterPhase(Phase),
    EnterBattleStep(BattleStep),
    Window(Window),
    DrawPhaseDraw,
    HandLimit,
    EndTurn,
    Summon {
        card: CardId,
        proc: SummonProc,
        stage: SummonStage,
        tributes: SmallVec<[CardId; 2]>,
    },
    FlipSummon {
        card: CardId,
    },
    Attack(AttackTask),
    Activate(Box<crate::activate::ActivateTask>),
    ResolveChain,
    /// Gathered triggers going on a chain (EFF-7).
    Triggers(crate::trigger::TriggerTask),
    /// One chain link resolving, step by step.
    Resolve(Box<crate::resolve::Resolution>),
    /// A monster's own Special Summon procedure from the hand (`special summon X`).
    SummonProc {
        card: CardId,
        stage: ProcStage,
    },
    /// SUM-3: the summon of this monster succeeds once its negation window closes.
    SummonDone {
        card: CardId,
        kind: SummonKind,
    },
    /// A Synchro/Xyz/Link/Pendulum Summon (`extra.rs`).
    Extra(Box<crate::extra::ExtraTask>),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackTask {
    pub attacker: CardId,
    pub target: Option<CardId>,
    pub target_moves: u32,
    pub opp_monsters: u8,
    pub stage: AttackStage,
    pub destroyed: SmallVec<[CardId; 2]>,
    /// The attack target was in Defense Position at damage calculation.
    #[serde(default)]
    pub target_was_defense: bool,
    /// The attack target was face-down in Defense Position until the attack flipped it
    /// (POS-4).
    #[serde(default)]
    pub target_was_face_down: bool,
    /// The battle damage this attack has inflicted so far, per player (by index): read by
    /// effects that answer it ("Sebek's Blessing"), so no rule reads the event log.
    #[serde(default)]
    pub battle_damage: [i32; 2],
}

/// What one step of a task asks for.
pub(crate) enum Flow {
    Continue,
    Ask(Prompt),
    /// A priority window asks its holder (`Prompt::Window`, stored without building and
    /// dropping a whole prompt).
    Window(Player),
}

impl Duel {
    /// The player who must decide now, or `None` when the duel is over.
    pub fn deciding_player(&self) -> Option<Player> {
        self.prompt.player()
    }
    /// The pending decision.
    pub fn prompt(&self) -> &Prompt {
        &self.prompt
    }

    /// The card whose summon, attack, activation or resolving effect asks the pending
    /// question (the task that asked is on top of the stack), so a user interface can say
    /// what a prompt is for ("Magic Jammer: discard 1 card as the cost"). `None` for
    /// priority windows, the hand limit, triggers and the Pendulum Summon.
    pub fn prompt_source(&self) -> Option<CardId> {
        match self.tasks.last()? {
            Task::Summon { card, .. } | Task::SummonProc { card, .. } | Task::FlipSummon { card } | Task::SummonDone { card, .. } => Some(*card),
            Task::Activate(a) => Some(a.card),
            Task::Resolve(r) => Some(r.link.card),
            Task::Extra(e) => e.card,
            Task::Attack(a) => Some(a.attacker),
            _ => None,
        }
    }

    /// Applies the deciding player's answer. Anything illegal (wrong player, stale or
    /// made-up action) is rejected and leaves the duel untouched.
    ///
    /// On success it hands back what the action did: the events it added to the log.
    pub fn apply(&mut self, player: Player, action: Action) -> Result<&[Event], Rejected> {
        let Some(expected) = self.deciding_player() else {
            return Err(Rejected::DuelOver);
        };
        if expected != player {
            return Err(Rejected::NotYourDecision { expected, got: player });
        }
        if !self.is_legal(player, &action) {
            return Err(Rejected::Illegal(crate::action::Illegal::NotOffered(action)));
        }
        let start = self.events.len();
        self.apply_unchecked(action);
        Ok(&self.events[start.min(self.events.len())..])
    }

    /// Applies an action known to be legal (from `legal_actions` of this very state).
    pub fn apply_unchecked(&mut self, action: Action) {
        self.decisions += 1;
        self.actions_this_turn += 1;
        if matches!(self.prompt, Prompt::Select { .. }) {
            let chosen = match action {
                Action::Choose(loc) | Action::Target(loc) => self.card_at(loc),
                _ => None,
            };
            if let Prompt::Select { min, max, picked, .. } = &mut self.prompt {
                match (action, chosen) {
                    (Action::Choose(_) | Action::Target(_), Some(id)) => {
                        picked.push(id);
                        if picked.len() < *max as usize {
                            return;
                        }
                    }
                    (Action::Done, _) if picked.len() >= *min as usize => {}
                    _ => return,
                }
            }
            self.answer = Some(Action::Done);
        } else {
            self.answer = Some(action);
        }
        self.run();
    }

    /// The settle loop.
    pub(crate) fn run(&mut self) {
        let mut steps = 0u32;
        loop {
            if self.outcome.is_some() {
                self.prompt = Prompt::Over;
                self.tasks.clear();
                return;
            }
            if !self.resolving && self.check_win() {
                continue;
            }
            steps += 1;
            if steps > limits::SETTLE_STEPS || self.actions_this_turn > limits::ACTIONS_PER_TURN || self.turn > limits::TURNS {
                self.finish(Outcome { winner: None, reason: WinReason::Bound });
                continue;
            }
            // A priority window is stepped where it lies on the stack (asked, it stays there;
            // passed, it is changed in place): popping and pushing it back copied the whole
            // task in wide loads just after narrow stores (a store-forwarding stall).
            let flow = if let Some(&Task::Window(w)) = self.tasks.last() {
                self.step_window(w)
            } else if let Some(task) = self.tasks.pop() {
                self.step_task(task)
            } else {
                self.tasks.push(Task::StartTurn);
                continue;
            };
            match flow {
                Flow::Continue => {}
                Flow::Ask(p) => {
                    self.prompt = p;
                    return;
                }
                // Most prompts: the player is written into the prompt when it is a window
                // already (no drop of the prompt before).
                Flow::Window(player) => {
                    match &mut self.prompt {
                        Prompt::Window { player: holder } => *holder = player,
                        other => *other = Prompt::Window { player },
                    }
                    return;
                }
            }
        }
    }

    /// WIN-1, WIN-2, WIN-4: checked between steps, never inside one.
    fn check_win(&mut self) -> bool {
        let lost = |d: &Duel, p: Player| {
            let ps = d.player(p);
            ps.lp() <= 0 || ps.drew_from_empty
        };
        let (a, b) = (lost(self, Player::A), lost(self, Player::B));
        if !a && !b {
            return self.check_card_wins();
        }
        let reason = |d: &Duel, p: Player| if d.player(p).lp() <= 0 { WinReason::LifePoints } else { WinReason::DeckOut };
        let mut outcome = match (a, b) {
            (true, true) => Outcome { winner: None, reason: reason(self, Player::A) },
            (true, false) => Outcome { winner: Some(Player::B), reason: reason(self, Player::A) },
            _ => Outcome { winner: Some(Player::A), reason: reason(self, Player::B) },
        };
        // A card of the winner whose condition is "reduce the LP to 0 this way: win the
        // Match" ("Victory Dragon") says how the LP loss counts.
        if let (WinReason::LifePoints, Some(w)) = (outcome.reason, outcome.winner) {
            let by_card = self.index.win_watch.iter().any(|&c| self.card(c).controller() == w && self.wins_match_by_direct_attack(c));
            if by_card {
                outcome.reason = WinReason::MatchWinEffect;
            }
        }
        self.finish(outcome);
        true
    }

    /// WIN-3: win conditions written on cards (in the hand or face-up on the field).
    fn check_card_wins(&mut self) -> bool {
        if self.index.win_watch.is_empty() {
            return false;
        }
        let mut winners: SmallVec<[Player; 2]> = SmallVec::new();
        for &c in &self.index.win_watch {
            let st = self.card(c);
            let placed = st.zone() == Zone::Hand || (st.zone().on_field() && st.face_up());
            if placed && !winners.contains(&st.controller()) && self.card_wins(c) {
                winners.push(st.controller());
            }
        }
        let outcome = match winners.as_slice() {
            [] => return false,
            [p] => Outcome { winner: Some(*p), reason: WinReason::CardEffect },
            _ => Outcome { winner: None, reason: WinReason::CardEffect },
        };
        self.finish(outcome);
        true
    }

    /// WIN-3: does card `c`'s own win condition hold now?
    fn card_wins(&self, c: CardId) -> bool {
        use crate::effect::WinCondition;
        let st = self.card(c);
        match &self.pool.def(st.def).behavior.wins {
            None | Some(WinCondition::MatchByDirectAttack) => false,
            Some(WinCondition::Holds { place, names }) => {
                let shown = |x: CardId| self.card(x).zone() == Zone::Hand || self.card(x).face_up();
                let cards = self.cards_in(*place, st.controller());
                cards.contains(&c) && shown(c) && names.iter().all(|&n| cards.iter().any(|&x| shown(x) && self.data(x).name_code() == n))
            }
            Some(WinCondition::Custom(check)) => (check.holds)(&crate::author::Query { duel: self, player: st.controller(), card: c }),
        }
    }

    /// "If this card's direct attack reduces your opponent's LP to 0, you win the Match":
    /// the battle damage of this very happening (not the event log, which samples drop).
    fn wins_match_by_direct_attack(&self, c: CardId) -> bool {
        let st = self.card(c);
        let opp = st.controller().opp();
        matches!(self.pool.def(st.def).behavior.wins, Some(crate::effect::WinCondition::MatchByDirectAttack))
            && st.zone() == Zone::Monster
            && st.face_up()
            && self.lp(opp) == 0
            && self.current_attack().is_some_and(|a| a.attacker == c && a.target.is_none())
            && self.recent.iter().any(|e| matches!(e, Event::BattleDamage { by, player, .. } if *by == c && *player == opp))
    }

    pub(crate) fn finish(&mut self, outcome: Outcome) {
        if self.outcome.is_none() {
            self.outcome = Some(outcome);
            self.emit(Event::DuelEnded { outcome });
        }
    }

    pub(crate) fn take_answer(&mut self) -> Option<Action> {
        self.answer.take()
    }

    fn step_task(&mut self, task: Task) -> Flow {
        match task {
            Task::StartTurn => {
                self.emit(Event::TurnStarted { turn: self.turn, player: self.turn_player });
                self.normal_summons_left = 1;
                self.actions_this_turn = 0;
                self.tasks.push(Task::EnterPhase(Phase::Draw));
                Flow::Continue
            }
            Task::EnterPhase(phase) => {
                // Cards that cannot stay past the Battle Phase, if it ended before its End Step.
                if phase != Phase::Battle {
                    self.destroy_battle_only();
                }
                self.enter_phase(phase);
                Flow::Continue
            }
            Task::EnterBattleStep(step) => {
                self.step = Some(step);
                self.emit(Event::StepEntered { step });
                if step == BattleStep::End {
                    self.destroy_battle_only();
                }
                let kind = match step {
                    BattleStep::Start => WindowKind::BattleStart,
                    BattleStep::Battle => WindowKind::BattleStep,
                    BattleStep::Damage(d) => WindowKind::Damage(d),
                    BattleStep::End => WindowKind::BattleEnd,
                };
                self.open_window(kind, None);
                Flow::Continue
            }
            Task::Window(w) => {
                // `step_window` steps the window on top of the stack.
                self.tasks.push(Task::Window(w));
                self.step_window(w)
            }
            Task::DrawPhaseDraw => {
                self.draw(self.turn_player, 1);
                Flow::Continue
            }
            Task::HandLimit => self.step_hand_limit(),
            Task::EndTurn => {
                self.return_borrowed();
                self.expire_lingering(true, false);
                self.resolved_this_turn.clear();
                self.pending.clear();
                self.end_battle_phase = false;
                self.skip_to_end_phase = false;
                self.turn += 1;
                self.turn_player = self.turn_player.opp();
                self.step = None;
                self.tasks.push(Task::StartTurn);
                Flow::Continue
            }
            Task::Summon { card, proc, stage, tributes } => self.step_summon(card, proc, stage, tributes),
            Task::FlipSummon { card } => self.step_flip_summon(card),
            Task::Attack(a) => self.step_attack(a),
            Task::Activate(a) => self.step_activate(a),
            Task::ResolveChain => self.step_resolve_chain(),
            Task::Triggers(t) => self.step_triggers(t),
            Task::Resolve(r) => self.step_resolve(r),
            Task::SummonProc { card, stage } => self.step_summon_proc(card, stage),
            Task::SummonDone { card, kind } => {
                self.summon_done(card, kind);
                Flow::Continue
            }
            Task::Extra(t) => self.step_extra(t),
        }
    }

    fn enter_phase(&mut self, phase: Phase) {
        // PHASE-8: skipped phases (without Main Phase 1, the Battle Phase follows the
        // Standby Phase, or the End Phase when none can be conducted).
        let battle_next = if self.may_enter_battle(self.turn_player) { Phase::Battle } else { Phase::End };
        let fx = &mut self.player_fx[self.turn_player.idx()];
        let skip = match phase {
            Phase::Draw if fx.skip_draw > 0 => {
                fx.skip_draw -= 1;
                Some(Phase::Standby)
            }
            Phase::Standby if fx.skip_standby > 0 => {
                fx.skip_standby -= 1;
                Some(Phase::Main1)
            }
            Phase::Main1 if fx.skip_main1 > 0 => {
                fx.skip_main1 -= 1;
                Some(battle_next)
            }
            Phase::Battle if fx.skip_battle > 0 => {
                fx.skip_battle -= 1;
                Some(Phase::Main2)
            }
            _ => None,
        };
        if let Some(next) = skip {
            self.emit(Event::PhaseSkipped { phase });
            self.tasks.push(Task::EnterPhase(next));
            return;
        }
        self.new_timing();
        self.phase = phase;
        self.step = None;
        self.emit(Event::PhaseEntered { phase });
        // Equips whose effects apply only in some phases (control by "Mark of the Rose").
        if self.may_apply(crate::effect::ModKinds::BOND) {
            self.check_equips();
        }
        if phase == Phase::End {
            self.return_control();
        }
        if phase == Phase::Battle {
            // "Conduct your next Battle Phase twice": this turn's is that one.
            let fx = &mut self.player_fx[self.turn_player.idx()];
            if fx.battle_twice > 0 && fx.second_battle_turn != self.turn {
                fx.battle_twice -= 1;
                fx.second_battle_turn = self.turn;
            }
        }
        match phase {
            Phase::Battle => self.tasks.push(Task::EnterBattleStep(BattleStep::Start)),
            _ => {
                self.open_window(WindowKind::Phase(phase), None);
                let skip_draw = self.turn == 1 && !self.edition.first_player_draws();
                if phase == Phase::Draw && !skip_draw {
                    self.tasks.push(Task::DrawPhaseDraw);
                }
            }
        }
        // "Until the End Phase": delayed steps run as the End Phase begins, and effects
        // applied that long end.
        if phase == Phase::End {
            self.expire_at_end_phase();
            self.run_delayed(crate::effect::Moment::EndPhase);
        }
        // "During your next Standby Phase": delayed steps run as it begins.
        if phase == Phase::Standby && !self.delayed.is_empty() {
            self.run_delayed(crate::effect::Moment::StandbyPhase);
        }
    }

    pub(crate) fn open_window(&mut self, kind: WindowKind, dest: Option<Phase>) {
        self.tasks.push(Task::Window(Window { kind, holder: self.turn_player, passed: false, dest }));
    }

    /// PHASE-7: the holder acts or passes; two passes in succession close the window. `w` is
    /// the window on top of the stack: it stays there while it is asked and passed, and is
    /// taken off when it closes or an action replaces it.
    fn step_window(&mut self, mut w: Window) -> Flow {
        if self.skip_to_end_phase && self.chain.is_empty() && !matches!(w.kind, WindowKind::Chain | WindowKind::SummonNegation) {
            self.tasks.pop();
            self.go_to_end_phase();
            return Flow::Continue;
        }
        if w.kind == WindowKind::BattleStep && self.end_battle_phase {
            self.tasks.pop();
            self.end_battle_phase = false;
            self.close_window(Window { dest: Some(Phase::Main2), ..w });
            return Flow::Continue;
        }
        let Some(action) = self.take_answer() else {
            if let Some(flow) = self.gather_triggers(&w) {
                return flow;
            }
            return Flow::Window(w.holder);
        };
        let tp = self.turn_player;
        let passing = match action {
            Action::Pass | Action::EndTurn => true,
            Action::ToBattle => {
                w.dest = Some(Phase::Battle);
                true
            }
            Action::ToMain2 => {
                w.dest = Some(Phase::Main2);
                true
            }
            Action::ToEnd => {
                w.dest = Some(Phase::End);
                true
            }
            _ => false,
        };
        if passing {
            if w.passed {
                self.tasks.pop();
                self.close_window(w);
                return Flow::Continue;
            }
            w.passed = true;
            w.holder = w.holder.opp();
            // Field by field: fewer instructions on this hot path than storing `w` whole.
            if let Some(Task::Window(top)) = self.tasks.last_mut() {
                top.passed = true;
                top.holder = w.holder;
                top.dest = w.dest;
            }
            // The other player gets priority at once: a pass changes nothing a win check
            // or a bound reads, so the window is asked again here rather than by the settle
            // loop (the answer is taken: this does not recurse again).
            return self.step_window(w);
        }
        // An action: the window stays open and the turn player holds priority afterwards
        // (a chain window is replaced by the new link's own window).
        if w.kind == WindowKind::Chain {
            self.tasks.pop();
        } else if let Some(Task::Window(top)) = self.tasks.last_mut() {
            *top = Window { holder: tp, passed: false, dest: None, ..w };
        }
        if let Action::Activate { card, effect } = action {
            if let Some(id) = self.card_at(card) {
                // `DuelRule::HandPlayCost`: a card or effect activated from the hand is paid for.
                if card.zone == Zone::Hand {
                    self.pay_hand_play(w.holder);
                }
                if effect == crate::extra::PENDULUM_SCALE && card.zone == Zone::Hand {
                    self.activate_pendulum_scale(w.holder, id);
                    return Flow::Continue;
                }
                self.begin_activation(w.holder, id, effect);
            }
            return Flow::Continue;
        }
        self.start_action(action);
        Flow::Continue
    }

    pub(crate) fn close_window(&mut self, w: Window) {
        if w.kind != WindowKind::Chain {
            self.new_timing();
        }
        match w.kind {
            WindowKind::Phase(Phase::Draw) => self.tasks.push(Task::EnterPhase(Phase::Standby)),
            WindowKind::Phase(Phase::Standby) => self.tasks.push(Task::EnterPhase(Phase::Main1)),
            WindowKind::Phase(Phase::Main1) => {
                self.tasks.push(Task::EnterPhase(w.dest.unwrap_or(Phase::End)));
            }
            WindowKind::Phase(Phase::Main2) => self.tasks.push(Task::EnterPhase(Phase::End)),
            WindowKind::Phase(Phase::End) => {
                self.tasks.push(Task::EndTurn);
                // After the hand-size discard, before the turn ends: "at the end of the turn".
                self.run_delayed(crate::effect::Moment::EndOfTurn(1));
                self.tasks.push(Task::HandLimit);
            }
            WindowKind::Phase(Phase::Battle) => self.tasks.push(Task::EnterPhase(Phase::Main2)),
            WindowKind::BattleStart => self.tasks.push(Task::EnterBattleStep(BattleStep::Battle)),
            WindowKind::BattleStep => {
                self.battle_dest = w.dest.unwrap_or(Phase::Main2);
                self.tasks.push(Task::EnterBattleStep(BattleStep::End));
            }
            WindowKind::BattleEnd => {
                self.expire_lingering(false, true);
                // A Battle Phase conducted twice: toward Main Phase 2, the second one begins.
                let fx = &mut self.player_fx[self.turn_player.idx()];
                if fx.second_battle_turn == self.turn && self.battle_dest == Phase::Main2 {
                    fx.second_battle_turn = 0;
                    self.new_battle_phase_attacks();
                    self.tasks.push(Task::EnterPhase(Phase::Battle));
                } else {
                    self.tasks.push(Task::EnterPhase(self.battle_dest));
                }
            }
            WindowKind::SummonNegation => self.summon_pending = None,
            WindowKind::AttackDeclared | WindowKind::Damage(_) | WindowKind::AfterSummon => {}
            WindowKind::Chain => self.tasks.push(Task::ResolveChain),
        }
    }

    /// PHASE-1: "it becomes the End Phase": the rest of the turn's phases are skipped. A battle
    /// in progress ends (its monsters destroyed by battle go to the GY, BATTLE-4).
    fn go_to_end_phase(&mut self) {
        self.skip_to_end_phase = false;
        if self.phase == Phase::End {
            return;
        }
        let destroyed: SmallVec<[CardId; 4]> = self
            .tasks
            .iter()
            .filter_map(|t| match t {
                Task::Attack(a) => Some(a.destroyed.clone()),
                _ => None,
            })
            .flatten()
            .collect();
        for id in destroyed {
            if self.card(id).zone() == Zone::Monster {
                self.send_to_gy(id, Reason::Battle);
            }
        }
        self.tasks.clear();
        self.no_battle_damage = [false; 2];
        self.attack_negated = false;
        self.end_battle_phase = false;
        if self.phase == Phase::Battle {
            self.expire_lingering(false, true);
        }
        self.check_equips();
        self.tasks.push(Task::EnterPhase(Phase::End));
    }

    /// PHASE-6: discard down to 6 (or the limit an effect set) at the end of the End Phase.
    fn step_hand_limit(&mut self) -> Flow {
        let tp = self.turn_player;
        let excess = self.player(tp).hand.len().saturating_sub(self.player_fx[tp.idx()].hand_size_limit());
        if excess == 0 {
            return Flow::Continue;
        }
        if self.take_answer().is_some() {
            if let Prompt::Select { picked, .. } = std::mem::replace(&mut self.prompt, Prompt::Over) {
                self.new_timing();
                for id in picked {
                    self.send_to_gy(id, Reason::Discard);
                }
            }
            // PHASE-6: effects the discard triggers are activated in the End Phase, which
            // then goes on (its window again, then the hand check again).
            if !self.pending.is_empty() && matches!(self.tasks.last(), Some(Task::EndTurn)) {
                self.tasks.pop();
                self.open_window(WindowKind::Phase(Phase::End), None);
            }
            return Flow::Continue;
        }
        self.tasks.push(Task::HandLimit);
        let candidates = self.player(tp).hand.clone();
        Flow::Ask(Prompt::Select { player: tp, purpose: SelectPurpose::Discard, candidates, min: excess as u8, max: excess as u8, picked: Vec::new() })
    }

    /// Starts a non-pass action chosen in an open window.
    fn start_action(&mut self, action: Action) {
        let id = |d: &Duel, loc: Loc| d.card_at(loc);
        // `DuelRule::HandPlayCost`: a Summon, Set or summon procedure from the hand is paid for.
        if let Action::NormalSummon(l) | Action::TributeSummon(l) | Action::Set(l) | Action::SpecialSummon(l) = action {
            if l.zone == Zone::Hand && id(self, l).is_some() {
                self.pay_hand_play(l.player);
            }
        }
        match action {
            // EFF-15: a Gemini Summon, the Normal Summon of a face-up Gemini monster on the
            // field: no Tributes, no move; it is a Normal Summon (its negation window, then
            // "when Normal Summoned"), and the monster gains its effects.
            Action::NormalSummon(l) if l.zone == Zone::Monster => {
                if let Some(card) = id(self, l) {
                    let p = self.card(card).controller();
                    self.use_normal_summon(p, card, false);
                    self.player_fx[p.idx()].normal_summoned_turn = self.turn;
                    self.new_timing();
                    let card_moves = self.card(card).moves;
                    self.memory.push(crate::state::MemoryEntry { source: card, slot: crate::effect::Mem::GEMINI, card, card_moves, turn: self.turn });
                    self.open_summon_windows(card, SummonKind::Normal);
                }
            }
            Action::NormalSummon(l) | Action::TributeSummon(l) => {
                if let Some(card) = id(self, l) {
                    // PHASE-4: an additional Normal Summon for this monster is used first
                    // (the turn's own stays free for any monster).
                    let p = self.card(card).controller();
                    self.use_normal_summon(p, card, false);
                    // SUM-1: a Normal Summon without Tributes goes straight to its zone.
                    let stage = if matches!(action, Action::NormalSummon(_)) { SummonStage::Zone } else { SummonStage::Tributes };
                    self.tasks.push(Task::Summon { card, proc: SummonProc::Normal, stage, tributes: SmallVec::new() });
                }
            }
            Action::Set(l) => {
                let Some(card) = id(self, l) else { return };
                if self.data(card).is_monster() {
                    self.use_normal_summon(self.card(card).controller(), card, true);
                    self.tasks.push(Task::Summon { card, proc: SummonProc::Set, stage: SummonStage::Tributes, tributes: SmallVec::new() });
                } else {
                    self.set_spell_trap(card);
                }
            }
            Action::SpecialSummon(l) => {
                if let Some(card) = id(self, l) {
                    if l.zone == Zone::Extra {
                        self.start_extra_summon(self.turn_player, Some(card));
                    } else {
                        self.tasks.push(Task::SummonProc { card, stage: ProcStage::Pay });
                    }
                }
            }
            Action::PendulumSummon => self.start_extra_summon(self.turn_player, None),
            Action::FlipSummon(l) => {
                if let Some(card) = id(self, l) {
                    self.tasks.push(Task::FlipSummon { card });
                }
            }
            Action::ChangePosition(l) => {
                if let Some(card) = id(self, l) {
                    let to = if self.card(card).position().attack() { Position::FaceUpDefense } else { Position::FaceUpAttack };
                    self.cards[card.0 as usize].position_changed_turn = self.turn.into();
                    self.new_timing();
                    self.set_position(card, to);
                    self.enforce_self_destruction();
                }
            }
            Action::Attack { attacker, target } => {
                let (Some(a), t) = (id(self, attacker), target.and_then(|t| id(self, t))) else { return };
                let target_moves = t.map_or(0, |t| self.card(t).moves);
                let opp_monsters = self.player(self.turn_player.opp()).monster_count() as u8;
                self.tasks.push(Task::Attack(AttackTask {
                    attacker: a,
                    target: t,
                    target_moves,
                    opp_monsters,
                    stage: AttackStage::Declare,
                    destroyed: SmallVec::new(),
                    target_was_defense: false,
                    target_was_face_down: false,
                    battle_damage: [0; 2],
                }));
            }
            _ => {}
        }
    }

    /// Sets a spell or trap from the hand face-down (ZONE-9); the zone is the lowest free
    /// one unless asked (the zone prompt comes with the effects issue's activation frames).
    pub(crate) fn set_spell_trap(&mut self, card: CardId) {
        let p = self.card(card).controller();
        let field = matches!(self.data(card).kind, crate::card::Kind::Spell(crate::card::SpellKind::Field));
        let dest = if field {
            self.replace_own_field_spell(p);
            Dest { player: p, zone: Zone::Field, slot: Some(0), position: Position::FaceDownDefense }
        } else {
            let Some(&z) = self.free_spell_zones(p).first() else { return };
            Dest { player: p, zone: Zone::SpellTrap, slot: Some(z), position: Position::FaceDownDefense }
        };
        self.move_card(card, dest, Reason::Set);
        self.emit(Event::SpellSet { card });
    }

    /// Control taken "until the End Phase" returns (ZONE-11).
    fn return_control(&mut self) {
        for (c, moves, to) in std::mem::take(&mut self.control_returns) {
            let st = self.card(c);
            if st.moves == moves && st.zone() == Zone::Monster && st.controller() != to && !self.change_control(c, to) {
                // No free zone on the owner's side: the monster is sent to the GY.
                self.send_to_gy(c, Reason::Rule);
            }
        }
    }
}
