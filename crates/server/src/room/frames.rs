//! What a room sends: the room's info, chat and clock, and each seat's and the spectators'
//! frames of the duel (every frame built from `view(player)`, never from hidden state).

use super::*;

impl Room {
    pub(super) fn room_info(&self) -> RoomInfo {
        let seat_info = |s: &Option<Seat>| {
            s.as_ref().map(|s| SeatInfo {
                name: s.name.clone(),
                account: s.account.is_some(),
                ai: s.is_ai(),
                connected: s.is_ai() || s.member.is_some(),
                deck: Some(s.registered.name.clone()),
            })
        };
        RoomInfo {
            code: self.code.clone(),
            options: self.options.clone(),
            edition: self.edition.name().to_string(),
            seats: [seat_info(&self.seats[0]), seat_info(&self.seats[1])],
            spectators: self.spectators.len(),
            status: self.stage.name().to_string(),
            duel_wins: self.score.wins,
            duel_number: self.duel_number,
        }
    }

    pub(super) fn broadcast_room(&self) {
        self.broadcast(&ServerMsg::Room(self.room_info()));
    }

    pub(super) fn broadcast(&self, msg: &ServerMsg) {
        let text: Utf8Bytes = msg.to_json().into();
        for m in self.members() {
            m.send(&text);
        }
    }

    pub(super) fn send_to(&self, p: Player, msg: &ServerMsg) {
        if let Some(m) = self.seats[p.idx()].as_ref().and_then(|s| s.member.as_ref()) {
            m.send(&msg.to_json().into());
        }
    }

    pub(super) fn clock(&self) -> ClockInfo {
        let now = Instant::now();
        let dropped = self.seats.iter().flatten().find(|s| s.dropped_at.is_some());
        ClockInfo {
            match_left_s: self.clock_paused.or_else(|| self.match_deadline.map(|d| d.saturating_duration_since(now))).map(|d| d.as_secs()),
            waiting_for: dropped.map(|s| s.name.clone()),
            waiting_left_s: dropped.and_then(|s| s.dropped_at).map(|t| (t + self.state.config.reconnect_wait).saturating_duration_since(now).as_secs()),
            paused: self.clock_paused.is_some(),
        }
    }

    /// The room-level decisions of a seat (first or second, ready after siding).
    pub(super) fn room_actions(&self, p: Player) -> Vec<WireAction> {
        let texts: &[&str] = match self.stage {
            Stage::Choosing if self.chooser.player() == p => &["first", "second"],
            Stage::Siding if !self.seat(p).ready => &["ready"],
            _ => &[],
        };
        texts.iter().map(|t| WireAction::plain(t)).collect()
    }

    /// The chain as it stands, scanning only the events since the last call.
    fn current_chain(&mut self) -> Vec<String> {
        match self.game.as_mut() {
            Some(g) => {
                g.chain_start = wire::chain_start(&g.duel, g.chain_scanned, g.chain_start);
                g.chain_scanned = g.duel.events().len();
                wire::chain_from(&g.duel, g.chain_start)
            }
            None => Vec::new(),
        }
    }

    /// Sends every member its frame: a seat its own view and actions, spectators the
    /// public view. A member whose queue is full is dropped (it reconnects with its token).
    pub(super) fn broadcast_state(&mut self) {
        let chain = self.current_chain();
        let clock = self.clock();
        let duel_number = self.duel_number;
        let mut frames: Vec<(Option<Player>, Utf8Bytes, usize)> = Vec::new();
        for p in Player::BOTH {
            let Some(m) = self.seats[p.idx()].as_ref().and_then(|s| s.member.as_ref()) else { continue };
            let from = if m.log_duel == duel_number { m.log_sent } else { 0 };
            let frame = self.frame(Audience::Seat(p), &chain, &clock, from);
            frames.push((Some(p), frame.0, frame.1));
        }
        // The public frame is built once per log position (every spectator but a newcomer
        // shares one) and the same bytes go to every spectator.
        let mut public: BTreeMap<usize, (Utf8Bytes, usize)> = BTreeMap::new();
        for m in self.spectators.values() {
            let from = if m.log_duel == duel_number { m.log_sent } else { 0 };
            public.entry(from).or_insert_with(|| self.frame(Audience::Public, &chain, &clock, from));
        }
        for (p, text, sent) in frames {
            let s = self.seats[p.expect("seat").idx()].as_mut().expect("seated");
            if let Some(m) = s.member.as_mut() {
                m.log_sent = sent;
                m.log_duel = duel_number;
                if !m.send(&text) {
                    s.member = None;
                    s.dropped_at = Some(Instant::now());
                }
            }
        }
        let mut gone = Vec::new();
        for (conn, m) in self.spectators.iter_mut() {
            let from = if m.log_duel == duel_number { m.log_sent } else { 0 };
            let (text, sent) = &public[&from];
            m.log_sent = *sent;
            m.log_duel = duel_number;
            if !m.send(text) {
                gone.push(*conn);
            }
        }
        for conn in gone {
            self.spectators.remove(&conn);
        }
    }

    /// A new spectator's first room info and frame (the whole log), to it alone.
    pub(super) fn send_state_to_spectator(&mut self, conn: ConnId) {
        let room = ServerMsg::Room(self.room_info()).to_json().into();
        let chain = self.current_chain();
        let (text, sent) = self.frame(Audience::Public, &chain, &self.clock(), 0);
        let duel_number = self.duel_number;
        if let Some(m) = self.spectators.get_mut(&conn) {
            m.log_sent = sent;
            m.log_duel = duel_number;
            if !(m.send(&room) && m.send(&text)) {
                self.spectators.remove(&conn);
            }
        }
    }

    /// One audience's frame, and the event count it covers.
    pub(super) fn frame(&self, who: Audience, chain: &[String], clock: &ClockInfo, log_from_event: usize) -> (Utf8Bytes, usize) {
        let Some(g) = &self.game else {
            // Before the first duel: only room decisions.
            let actions = match who {
                Audience::Seat(p) if self.seats[p.idx()].is_some() => self.room_actions(p),
                _ => Vec::new(),
            };
            let msg = ServerMsg::State(Box::new(StateFrame {
                duel: self.duel_number,
                step: 0,
                view: None,
                chain: Vec::new(),
                log: Vec::new(),
                log_from: 0,
                clock: clock.clone(),
                actions,
                siding: None,
                rewind: None,
            }));
            return (msg.to_json().into(), 0);
        };
        let events = g.duel.events().len();
        let log = wire::log_lines(&g.duel, log_from_event, who);
        let mut actions = match who {
            Audience::Seat(p) if self.stage == Stage::Dueling => wire::actions(&g.duel, p),
            _ => Vec::new(),
        };
        let mut siding = None;
        if let Audience::Seat(p) = who {
            actions.extend(self.room_actions(p));
            if self.stage == Stage::Siding {
                let d = &self.seat(p).current;
                siding = Some(SideInfo { main: d.main.clone(), extra: d.extra.clone(), side: d.side.clone(), next_duel: self.duel_number + 1 });
            }
        }
        let msg = ServerMsg::State(Box::new(StateFrame {
            duel: self.duel_number,
            step: g.actions.len(),
            view: Some(wire::view(&g.duel, who)),
            chain: chain.to_vec(),
            log,
            log_from: log_from_event,
            clock: clock.clone(),
            actions,
            siding,
            rewind: self.rewind_info(),
        }));
        (msg.to_json().into(), events)
    }
}
