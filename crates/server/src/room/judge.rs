//! Judge tools on an event match's room: stop and start the match clock, add time, award
//! the duel in progress or the match. The connection checked that the sender judges the
//! event; the room says what changed, in words, for the event's log, and tells its members.

use super::*;

impl Room {
    pub(super) async fn judge(&mut self, cmd: JudgeCmd, reason: &str) -> Result<String, String> {
        if self.event.is_none() {
            return Err(format!("room {} is not an event match", self.code));
        }
        if self.stage == Stage::Over {
            return Err(format!("room {}: its match is over", self.code));
        }
        let detail = match cmd {
            JudgeCmd::Pause | JudgeCmd::Resume | JudgeCmd::AddTime(_) => self.judge_clock(&cmd)?,
            JudgeCmd::AwardGame { key } => {
                let p = self.seat_of_account(&key)?;
                if self.stage != Stage::Dueling {
                    return Err(format!("no duel is in progress ({}): award the match instead", self.stage.name()));
                }
                let name = self.seat(p).name.clone();
                let detail = format!("{name} wins duel {}", self.duel_number);
                self.tell_members(&detail, reason);
                self.end_duel(Ending { winner: Some(p), end: DuelEnd::Engine(WinReason::Surrender), reason: format!("judge: {reason}") }).await;
                return Ok(format!("{detail} (duels {}-{})", self.score.wins[0], self.score.wins[1]));
            }
            JudgeCmd::Rewind { step, judge } => {
                let g = self.game.as_ref().filter(|_| self.stage == Stage::Dueling).ok_or("no duel is in progress: nothing to rewind")?;
                if g.time_called {
                    return Err("time has been called in this duel: it cannot be rewound".into());
                }
                if step >= g.actions.len() {
                    return Err(format!("step {step}: the duel is at step {}; a rewind goes back to an earlier one", g.actions.len()));
                }
                let detail = format!("rewind of duel {} from step {} to step {step} proposed: both players must accept", self.duel_number, g.actions.len());
                self.rewind = Some(Rewind { step, judge, reason: reason.to_string(), accepted: [false; 2] });
                detail
            }
            JudgeCmd::AwardMatch { key, name } => {
                let e = self.event.clone().expect("checked above");
                let Some(i) = e.accounts.iter().position(|a| *a == key) else { return Err(format!("{name} does not play this match")) };
                let detail = format!("{name} wins the match");
                self.tell_members(&detail, reason);
                if self.stage == Stage::Waiting {
                    self.walkover(i, name, format!("judge: {reason}")).await;
                    return Ok(format!("{detail} 2-0 (not played)"));
                }
                let p = self.seat_of_account(&key)?;
                self.award = Some((p, format!("judge: {reason}")));
                if self.stage == Stage::Dueling {
                    self.end_duel(Ending { winner: Some(p), end: DuelEnd::Engine(WinReason::Surrender), reason: format!("judge: {reason}") }).await;
                } else {
                    self.finish_match(None).await;
                }
                return Ok(format!("{detail} (duels {}-{})", self.score.wins[p.idx()], self.score.wins[p.opp().idx()]));
            }
        };
        self.tell_members(&detail, reason);
        self.broadcast_room();
        self.broadcast_state();
        Ok(detail)
    }

    /// The match clock: pause, resume, add time.
    fn judge_clock(&mut self, cmd: &JudgeCmd) -> Result<String, String> {
        if self.stage == Stage::Waiting {
            return Err("the match has not started: its clock does not run yet".into());
        }
        if self.game.as_ref().is_some_and(|g| g.time_called) && self.stage == Stage::Dueling {
            return Err("time has been called in this duel: the clock is over".into());
        }
        let now = Instant::now();
        let left = |d: Instant| d.saturating_duration_since(now);
        // The round's deadline caps the clock, as when the match started.
        let round_left = self.round_end(now).map(left);
        let capped = |l: Duration| match round_left {
            Some(r) if r < l => (r, " (the round's deadline)"),
            _ => (l, ""),
        };
        match (cmd, self.clock_paused, self.match_deadline) {
            (JudgeCmd::Pause, Some(_), _) => Err("the clock is paused already".into()),
            (JudgeCmd::Pause, None, Some(d)) => {
                self.clock_paused = Some(left(d));
                self.match_deadline = None;
                Ok(format!("clock paused: {} s left", left(d).as_secs()))
            }
            (JudgeCmd::Resume, Some(l), _) => {
                let (l, why) = capped(l);
                self.clock_paused = None;
                self.match_deadline = Some(now + l);
                Ok(format!("clock resumed: {} s left{why}", l.as_secs()))
            }
            (JudgeCmd::Resume, None, _) => Err("the clock is not paused".into()),
            (JudgeCmd::AddTime(t), Some(l), _) => {
                let (l, why) = capped(shifted(l, *t));
                self.clock_paused = Some(l);
                Ok(format!("{t:+} s: {} s left{why} (paused)", l.as_secs()))
            }
            (JudgeCmd::AddTime(t), None, Some(d)) => {
                let (l, why) = capped(shifted(left(d), *t));
                self.match_deadline = Some(now + l);
                Ok(format!("{t:+} s: {} s left{why}", l.as_secs()))
            }
            _ => Err("this match has no clock".into()),
        }
    }

    /// The seat of an account (name key).
    fn seat_of_account(&self, key: &str) -> Result<Player, String> {
        Player::BOTH
            .into_iter()
            .find(|p| self.seats[p.idx()].as_ref().and_then(|s| s.account.as_deref()).map(crate::db::name_key).as_deref() == Some(key))
            .ok_or_else(|| format!("{key} has no seat in room {}", self.code))
    }

    /// A chat line from the judge to everyone in the room.
    fn tell_members(&self, detail: &str, reason: &str) {
        let text = if reason.is_empty() { detail.to_string() } else { format!("{detail}: {reason}") };
        self.broadcast(&ServerMsg::Chat { from: "judge".into(), text });
    }

    /// The proposal as the frames show it.
    pub(super) fn rewind_info(&self) -> Option<crate::protocol::RewindInfo> {
        self.rewind.as_ref().map(|r| crate::protocol::RewindInfo { step: r.step, judge: r.judge.clone(), reason: r.reason.clone(), accepted: r.accepted })
    }

    /// A player accepts or declines the proposed rewind; once both have accepted, the duel
    /// is rebuilt.
    pub(super) async fn on_rewind_answer(&mut self, p: Player, accept: bool) {
        let Some(r) = self.rewind.as_mut() else {
            self.send_to(p, &ServerMsg::error("rejected", "no rewind is proposed"));
            return;
        };
        let name = self.seats[p.idx()].as_ref().map_or_else(String::new, |s| s.name.clone());
        if !accept {
            let (judge, reason, step) = (r.judge.clone(), r.reason.clone(), r.step);
            self.rewind = None;
            let detail = format!("{name} declined the rewind of duel {} to step {step}", self.duel_number);
            self.tell_members(&detail, "");
            self.log(&judge, "rewind_declined", &detail, &reason).await;
            self.broadcast_state();
            return;
        }
        r.accepted[p.idx()] = true;
        if r.accepted != [true, true] {
            self.broadcast_state();
            return;
        }
        let r = self.rewind.take().expect("checked above");
        let from = self.game.as_ref().map_or(0, |g| g.actions.len());
        match self.rebuild(r.step) {
            Ok(()) => {
                let detail = format!("duel {} rewound from step {from} to step {}, both players agreeing", self.duel_number, r.step);
                self.tell_members(&detail, &r.reason);
                self.log(&r.judge, "rewind", &detail, &r.reason).await;
                for m in self.members_mut() {
                    m.log_sent = 0;
                }
                self.advance().await;
            }
            Err(e) => {
                self.broadcast(&ServerMsg::error("rejected", format!("the rewind failed: {e}")));
                self.broadcast_state();
            }
        }
    }

    /// The duel in progress played again from its setup through its first `step` actions
    /// (the engine is deterministic: the same state as when they had been applied).
    fn rebuild(&mut self, step: usize) -> Result<(), String> {
        let g = self.game.as_ref().ok_or("no duel is in progress")?;
        let pool = crate::formats::pool_of(&self.options.format);
        let mut duel = Duel::from_setup(pool, &g.setup).map_err(|e| e.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; "))?;
        let judge = Judge::new(SuddenDeath::for_edition(self.edition), 3, [duel.lp(Player::A), duel.lp(Player::B)], duel.turn());
        let actions: Vec<(Player, Action)> = g.actions[..step].to_vec();
        for (i, (p, a)) in actions.iter().enumerate() {
            duel.apply(*p, *a).map_err(|e| format!("action {i} no longer applies: {e}"))?;
        }
        let setup = g.setup.clone();
        self.bump_ai_generation();
        self.game = Some(Game { duel, setup, actions, judge, seen: 0, time_called: false, chain_start: 0, chain_scanned: 0 });
        Ok(())
    }

    /// Writes to the event's log (a failure is told to the room).
    async fn log(&mut self, judge: &str, action: &str, detail: &str, reason: &str) {
        let Some(e) = &self.event else { return };
        if let Err(err) = self.state.db.log_event(&e.event, judge, action, Some((e.round, e.table)), detail, reason).await {
            self.broadcast(&ServerMsg::error("database", format!("the event log could not be saved: {err}")));
        }
    }
}

/// What is left on a clock after a judge adds `secs` (negative: takes them off, down to 0).
fn shifted(left: Duration, secs: i64) -> Duration {
    let d = Duration::from_secs(secs.unsigned_abs());
    if secs >= 0 {
        left + d
    } else {
        left.saturating_sub(d)
    }
}
