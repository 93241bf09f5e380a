//! How a duel and a match end in a room: forfeits, the duel's end (replay, score, the
//! sudden-death and side-deck steps), the match result and its rating, the next duel.

use super::*;

impl Room {
    /// A player left (or did not come back in time): they lose the duel in progress and
    /// the match.
    pub(super) async fn forfeit_seat(&mut self, p: Player) {
        if matches!(self.stage, Stage::Over | Stage::Waiting) {
            return;
        }
        self.forfeit = Some(p);
        if let Some(s) = self.seats[p.idx()].as_mut() {
            s.dropped_at = None;
        }
        let name = self.seat(p).name.clone();
        if self.stage == Stage::Dueling {
            self.end_duel(Ending { winner: Some(p.opp()), end: DuelEnd::Engine(WinReason::Surrender), reason: format!("{name} left") }).await;
        } else {
            self.finish_match(None).await;
        }
    }

    /// Both players left at once (their reconnect waits ran out together): the rule for a
    /// player who left applies to both, so neither wins: the duel in progress is a draw,
    /// the match ends with no winner and, if rated, counts as a draw for both.
    pub(super) async fn forfeit_both(&mut self) {
        if matches!(self.stage, Stage::Over | Stage::Waiting) {
            return;
        }
        self.both_left = true;
        for s in self.seats.iter_mut().flatten() {
            s.dropped_at = None;
        }
        let reason = format!("{} and {} left", self.seat(Player::A).name, self.seat(Player::B).name);
        if self.stage == Stage::Dueling {
            self.end_duel(Ending { winner: None, end: DuelEnd::Engine(WinReason::Surrender), reason }).await;
        } else {
            self.finish_match(None).await;
        }
    }

    /// The room closes with a match in progress (the server shuts down, or the room was
    /// idle too long): the match ends unrated with no winner; the duels already recorded
    /// are published.
    pub(super) async fn abandon_match(&mut self, why: &str) {
        self.stage = Stage::Over;
        self.bump_ai_generation();
        if let Err(e) = self.state.db.end_match(&self.match_id, None).await {
            self.broadcast(&ServerMsg::error("database", format!("the match's end could not be saved: {e}")));
        }
        self.broadcast(&ServerMsg::Result(ResultInfo {
            duel: self.duel_number,
            winner: None,
            winner_name: None,
            reason: why.to_string(),
            turns: 0,
            replay_id: String::new(),
            duel_wins: self.score.wins,
            match_over: true,
            match_winner: None,
            ratings: Vec::new(),
        }));
        self.broadcast_room();
    }

    /// Records the duel (in the database before anyone is told), scores it, and goes on
    /// to siding, the next duel or the end of the match.
    pub(super) async fn end_duel(&mut self, ending: Ending) {
        let Some(g) = self.game.take() else { return };
        self.bump_ai_generation();
        self.rewind = None;
        self.score.record(ending.winner, ending.end);
        let timed_out = g.time_called;
        let match_over = !self.best_of_3
            || self.forfeit.is_some()
            || self.award.is_some()
            || self.both_left
            || self.extra_duel
            || self.score.decided()
            || (timed_out && self.score.winner().is_some())
            || (timed_out && self.natural_end());
        if !match_over && timed_out && self.score.effect_winner.is_none() {
            // MATCH-7 (judgment 2): equal duel wins when time ran out: an extra duel.
            self.extra_duel = true;
        }
        let replay = Replay { setup: g.setup.clone(), actions: g.actions.clone() };
        let names = [self.seat(Player::A).name.clone(), self.seat(Player::B).name.clone()];
        let format =
            crate::formats::resolve(&self.options.format).unwrap_or_else(|_| crate::formats::resolve(crate::formats::DEFAULT_FORMAT).expect("casual resolves"));
        let mut file = ReplayFile::record(
            &g.duel,
            replay.clone(),
            format.data_version(),
            [self.seat(Player::A).registered.name.clone(), self.seat(Player::B).registered.name.clone()],
        );
        file.play_format = format.play_format();
        let row = DuelRow {
            id: random_token(),
            match_id: self.match_id.clone(),
            number: self.duel_number as i64,
            player_a: names[0].clone(),
            player_b: names[1].clone(),
            user_a: self.seat(Player::A).account.as_deref().map(crate::db::name_key),
            user_b: self.seat(Player::B).account.as_deref().map(crate::db::name_key),
            winner: ending.winner.map(|w| w.name().to_string()),
            reason: ending.reason.clone(),
            turns: g.duel.turn() as i64,
            format: self.options.format.clone(),
            edition: self.edition.name().to_string(),
            rated: self.options.rated,
            finished_at: std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64),
            engine_version: file.engine_version.clone(),
            card_data_version: file.card_data_version.clone(),
            deck_a: file.decks[0].clone(),
            deck_b: file.decks[1].clone(),
        };
        let rating = if match_over { self.rated_result() } else { None };
        let replay_json = serde_json::to_string(&replay).expect("replays serialize");
        let ratings = match self.state.db.finish_duel(&row, &replay_json, rating, match_over).await {
            Ok(r) => r,
            Err(e) => {
                self.broadcast(&ServerMsg::error("database", format!("the duel could not be saved: {e}")));
                Vec::new()
            }
        };
        self.game = Some(g);
        self.broadcast_state();
        let info = ResultInfo {
            duel: self.duel_number,
            winner: ending.winner.map(|w| w.name().to_string()),
            winner_name: ending.winner.map(|w| names[w.idx()].clone()),
            reason: ending.reason,
            turns: row.turns as u32,
            replay_id: row.id,
            duel_wins: self.score.wins,
            match_over,
            match_winner: if match_over { self.match_winner().map(|w| names[w.idx()].clone()) } else { None },
            ratings,
        };
        let mut info = info;
        if let Some((name, note)) = self.advances_by_seed().filter(|_| match_over) {
            info.match_winner = Some(name);
            info.reason = format!("{}; {note}", info.reason);
        }
        self.broadcast(&ServerMsg::Result(info));
        if match_over {
            self.report_event().await;
            self.stage = Stage::Over;
            self.broadcast_room();
            return;
        }
        self.chooser = match ending.winner {
            Some(w) => ChosenBy::Loser(w.opp()),
            None => ChosenBy::Again(self.chooser.player()),
        };
        self.stage = Stage::Siding;
        for s in self.seats.iter_mut().flatten() {
            s.ready = s.is_ai();
        }
        self.broadcast_room();
        self.broadcast_state();
    }

    /// The no-show rule of an event match: the grace time ran out with the opponent of
    /// the player in seat A not in the room. Seat A wins the match 2-0, recorded in the
    /// event (no duel is stored).
    pub(super) async fn no_show(&mut self) {
        let Some(e) = self.event.clone() else { return };
        let key = self.seat(Player::A).account.as_deref().map(crate::db::name_key);
        let i = usize::from(key.as_deref() != Some(e.accounts[0].as_str()));
        let present = self.seat(Player::A).name.clone();
        self.walkover(i, present, format!("no-show: {} did not join within the round's grace time", e.accounts[1 - i])).await;
    }

    /// An event match ends before it was played (its second seat still empty): the
    /// pairing's player `i` (0: A, 1: B) wins 2-0, recorded in the event (no duel stored).
    pub(super) async fn walkover(&mut self, i: usize, winner_name: String, reason: String) {
        let Some(e) = self.event.clone().filter(|_| !self.event_recorded) else { return };
        self.stage = Stage::Over;
        self.no_show_at = None;
        let seat_a = self.seat(Player::A).account.as_deref().map(crate::db::name_key);
        self.score.wins = if seat_a.as_deref() == Some(e.accounts[i].as_str()) { [2, 0] } else { [0, 2] };
        let wins = if i == 0 { [2, 0] } else { [0, 2] };
        match self.state.db.record_pairing(&e.event, e.round, e.table, Some(e.entries[i]), wins, &self.match_id).await {
            Ok(_) => self.event_recorded = true,
            Err(err) => self.broadcast(&ServerMsg::error("database", format!("the event result could not be saved: {err}"))),
        }
        self.broadcast(&ServerMsg::Result(ResultInfo {
            duel: 0,
            winner: None,
            winner_name: None,
            reason,
            turns: 0,
            replay_id: String::new(),
            duel_wins: self.score.wins,
            match_over: true,
            match_winner: Some(winner_name),
            ratings: Vec::new(),
        }));
        self.broadcast_room();
    }

    /// The match of an event pairing is over: its result goes to the event (once).
    async fn report_event(&mut self) {
        let Some(e) = self.event.clone().filter(|_| !self.event_recorded) else { return };
        // The pairing's player A may sit in either seat.
        let seat_a = self.seat(Player::A).account.as_deref().map(crate::db::name_key);
        let a_is_seat_a = seat_a.as_deref() == Some(e.accounts[0].as_str());
        let (wa, wb) = if a_is_seat_a { (self.score.wins[0], self.score.wins[1]) } else { (self.score.wins[1], self.score.wins[0]) };
        let winner = self.match_winner().map(|w| if (w == Player::A) == a_is_seat_a { e.entries[0] } else { e.entries[1] });
        match self.state.db.record_pairing(&e.event, e.round, e.table, winner, [wa, wb], &self.match_id).await {
            Ok(_) => self.event_recorded = true,
            Err(err) => self.broadcast(&ServerMsg::error("database", format!("the event result could not be saved: {err}"))),
        }
    }

    /// An event match played to the community rules: a duel at time plays to its natural
    /// end, and equal duel wins at time are a drawn match.
    pub(super) fn natural_end(&self) -> bool {
        self.event.as_ref().is_some_and(|e| e.natural_end)
    }

    /// A drawn match of an elimination round goes to the pairing's higher seed (its A):
    /// that player's name and why, for the result.
    fn advances_by_seed(&self) -> Option<(String, String)> {
        let e = self.event.as_ref().filter(|e| e.elimination)?;
        if self.match_winner().is_some() {
            return None;
        }
        let seat = Player::BOTH.into_iter().find(|&p| self.seat(p).account.as_deref().map(crate::db::name_key).as_deref() == Some(e.accounts[0].as_str()))?;
        let name = self.seat(seat).name.clone();
        Some((name.clone(), format!("a drawn match in an elimination round: {name} advances as the higher seed")))
    }

    pub(super) fn match_winner(&self) -> Option<Player> {
        if let Some((p, _)) = &self.award {
            return Some(*p);
        }
        if self.both_left {
            return None;
        }
        match self.forfeit {
            Some(p) => Some(p.opp()),
            None => self.score.winner(),
        }
    }

    pub(super) fn rated_result(&self) -> Option<RatedResult> {
        if !self.options.rated {
            return None;
        }
        let a = self.seat(Player::A).account.clone()?;
        let b = self.seat(Player::B).account.clone()?;
        let score_a = match self.match_winner() {
            Some(Player::A) => 1.0,
            Some(Player::B) => 0.0,
            None => 0.5,
        };
        Some(RatedResult { format: self.options.format.clone(), names: [a, b], score_a })
    }

    /// A match that ends without a duel to record (MATCH-7 judgment 3, or a player who
    /// left between duels): the rating change alone.
    pub(super) async fn finish_match(&mut self, _why: Option<&str>) {
        self.stage = Stage::Over;
        let names = [self.seat(Player::A).name.clone(), self.seat(Player::B).name.clone()];
        let ratings = match self.state.db.end_match(&self.match_id, self.rated_result()).await {
            Ok(x) => x,
            Err(e) => {
                self.broadcast(&ServerMsg::error("database", format!("the match's end could not be saved: {e}")));
                Vec::new()
            }
        };
        let winner = self.match_winner();
        self.report_event().await;
        let mut reason = match self.forfeit {
            _ if self.award.is_some() => self.award.as_ref().map(|(_, r)| r.clone()).unwrap_or_default(),
            _ if self.both_left => format!("{} and {} left", names[0], names[1]),
            Some(p) => format!("{} left", names[p.idx()]),
            None if winner.is_none() => "time: equal duel wins, a drawn match (the event's rules: no extra duel)".into(),
            None => "time: the match goes to the player with more duel wins".into(),
        };
        let mut match_winner = winner.map(|w| names[w.idx()].clone());
        if let Some((name, note)) = self.advances_by_seed() {
            match_winner = Some(name);
            reason = format!("{reason}; {note}");
        }
        self.broadcast(&ServerMsg::Result(ResultInfo {
            duel: self.duel_number,
            winner: None,
            winner_name: None,
            reason,
            turns: 0,
            replay_id: String::new(),
            duel_wins: self.score.wins,
            match_over: true,
            match_winner,
            ratings,
        }));
        self.broadcast_room();
    }

    pub(super) async fn maybe_next_duel(&mut self) {
        if self.stage != Stage::Siding || !self.seats.iter().flatten().all(|s| s.ready) {
            self.broadcast_state();
            return;
        }
        if self.match_deadline.is_some_and(|d| Instant::now() >= d) && !self.extra_duel {
            // MATCH-7: time ran out between duels: a lead wins (judgment 3), equal wins
            // play an extra duel (judgment 2).
            if self.score.winner().is_some() || self.natural_end() {
                self.finish_match(None).await;
                return;
            }
            self.extra_duel = true;
        }
        self.duel_number += 1;
        self.choose_first().await;
    }

    // ---- frames ---------------------------------------------------------------------
}
