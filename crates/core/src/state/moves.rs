//! The atoms: the only writers of card locations, control, positions, counters and LP
//! (`move_card` and the moves built on it), each emitting its events; the equip and
//! linked-destruction checks that follow a move.

use super::*;

impl Duel {
    pub(crate) fn emit(&mut self, e: Event) {
        if e.is_happening() && !matches!(e, Event::Shuffled { .. }) {
            // EFF-8: the first change of a later step of one resolution is a new happening
            // (a shuffle completes a search; it is not a step of its own).
            if self.step_boundary {
                self.step_boundary = false;
                self.new_timing();
            }
            self.happenings = self.happenings.wrapping_add(1);
        }
        // Draws are never what a "when ..." condition responds to; skipping them keeps
        // this list free of allocations.
        if e.is_happening() && !matches!(e, Event::Drew(_)) {
            self.recent.push(e.clone());
        }
        // MISC-7: a revealed card is known to both players until it moves or its Deck is
        // shuffled.
        if let Event::Revealed { card } = &e {
            self.cards[card.0 as usize].known = 0b11;
        }
        self.detect_triggers(&e);
        self.events.push(e);
    }

    /// A timing boundary: a new happening starts (EFF-8).
    pub(crate) fn new_timing(&mut self) {
        self.timing += 1;
        self.recent.clear();
    }

    /// Removes a card from wherever it is (no event: always followed by a placement).
    fn detach(&mut self, id: CardId) -> Loc {
        let from = self.loc_of(id);
        let c = &self.cards[id.0 as usize];
        let (zone, slot, ctrl) = (c.zone, c.slot, c.controller);
        let p = &mut self.players[ctrl.idx()];
        match zone {
            Zone::Material => {
                if let Some((h, under)) = self.material_host(id) {
                    let i = self.xyz_materials.iter().position(|(x, _)| *x == h).unwrap_or(0);
                    self.xyz_materials[i].1.remove(under);
                    if self.xyz_materials[i].1.is_empty() {
                        self.xyz_materials.remove(i);
                    }
                }
            }
            z if z.is_pile() => {
                if let Some(v) = p.pile_mut(z) {
                    // `loc_of` found its place in the pile already.
                    let at = from.index as usize;
                    if let Some(i) = if v.get(at) == Some(&id) { Some(at) } else { v.iter().position(|&x| x == id) } {
                        v.remove(i);
                    }
                }
            }
            z => {
                if let Some(s) = p.slot_mut(z, slot as usize) {
                    *s = None;
                }
            }
        }
        from
    }

    /// Moves a card and records the move. Leaving the field clears its on-field state;
    /// going to a hidden place resets "properly summoned" (SUM-7).
    pub(crate) fn move_card(&mut self, id: CardId, mut to: Dest, reason: Reason) {
        // TRAP-5: a trap monster that leaves its Monster Zone frees the S/T zone it held.
        if !self.held_spell_zones.is_empty() && !(to.zone == Zone::Monster && self.card(id).zone == Zone::Monster) {
            self.held_spell_zones.retain(|&(c, _)| c != id);
        }
        // "If this face-up card would leave the field, banish it instead."
        let here = self.card(id);
        if here.zone == Zone::Monster && here.face_up() && !to.zone.on_field() && to.zone != Zone::Banished && self.banished_when_leaving(id) {
            to = Dest { player: here.owner, zone: Zone::Banished, slot: None, position: Position::FaceUpAttack };
        }
        // MISC-1: a token that leaves the field vanishes.
        if self.data(id).is_token() && to.zone != Zone::Monster {
            to = Dest { player: self.card(id).owner, zone: Zone::Gone, slot: None, position: Position::FaceUpAttack };
        }
        // ZONE-11: an Extra Deck monster sent to the hand or Main Deck goes to the Extra Deck.
        if matches!(to.zone, Zone::Hand | Zone::Deck) && self.data(id).is_extra_deck() {
            to = Dest { player: self.card(id).owner, zone: Zone::Extra, slot: None, position: Position::FaceDownDefense };
        }
        // ZONE-10: materials of a monster leaving its zone go to the GY.
        if to.zone != Zone::Monster && !self.materials(id).is_empty() {
            for m in self.take_materials(id) {
                let mo = self.card(m).owner;
                self.move_card(m, Dest { player: mo, zone: Zone::Gy, slot: None, position: Position::FaceUpAttack }, Reason::Rule);
            }
        }
        let old_controller = self.card(id).controller;
        let from = self.detach(id);
        let turn = Turn::from(self.turn);
        let p = &mut self.players[to.player.idx()];
        let mut slot = 0u8;
        match to.zone {
            Zone::Deck => match to.slot {
                Some(0) => p.deck.insert(0, id),
                _ => p.deck.push(id),
            },
            z if z.is_pile() => {
                if let Some(v) = p.pile_mut(z) {
                    v.push(id);
                }
            }
            z => {
                slot = to.slot.unwrap_or(0);
                if let Some(s) = p.slot_mut(z, slot as usize) {
                    debug_assert!(s.is_none(), "zone {z:?} {slot} of {:?} is occupied", to.player);
                    *s = Some(id);
                }
            }
        }
        // A card treated as a monster by an effect is one only while it stays there.
        if to.zone != Zone::Monster && !self.copied_stats.is_empty() {
            self.copied_stats.retain(|&(c, s)| c != id || !s.as_monster);
        }
        let left_field = from.zone.on_field() && !to.zone.on_field();
        if left_field || !to.zone.on_field() {
            self.clear_attacked_targets(id);
            self.clear_counters(id);
            if !self.battled_pairs.is_empty() {
                self.battled_pairs.retain(|&(a, _, b, _)| a != id && b != id);
            }
        }
        // A monster coming to the field forgets the Tributes of an earlier summon
        // (`Mem::TRIBUTES`: the summon that puts it there records its own).
        if to.zone == Zone::Monster && from.zone != Zone::Monster && !self.memory.is_empty() {
            self.memory.retain(|e| !(e.source == id && e.slot == crate::effect::Mem::TRIBUTES));
        }
        let c = &mut self.cards[id.0 as usize];
        let from_position = Some(c.position);
        c.controller = to.player;
        c.zone = to.zone;
        c.slot = slot;
        c.position = to.position;
        c.entered_turn = turn;
        c.moves += 1;
        c.known = 0;
        c.active = false;
        c.stays = false;
        c.arrived = Arrival { turn, reason: Some(reason), by: self.cause, from: Some(from.zone), from_position };
        if reason != Reason::Battle {
            c.killed_by = None;
            c.battle_negated = false;
            c.battle_banished = false;
            c.battle_to_deck = false;
        }
        if left_field || !to.zone.on_field() {
            c.summon = SummonKind::None;
            c.attacks = 0;
            c.attacked_turn = Turn::default();
            c.position_changed_turn = Turn::default();
            c.equip_to = None;
            // How many materials it was summoned with holds only while it stays.
            c.materials_count = 0;
        }
        // An Equip Card summoned as a monster again equips nothing.
        if to.zone == Zone::Monster {
            c.equip_to = None;
        }
        if matches!(to.zone, Zone::Hand | Zone::Deck) || (to.zone == Zone::Extra && !to.position.face_up()) {
            c.properly_summoned = false;
        }
        if left_field {
            // MISC-8: a card that leaves the field is a new card: its own uses are forgotten.
            self.forget_card_uses(id);
        }
        if from.zone.on_field() != to.zone.on_field() && self.index.modifier_sources.binary_search(&id).is_ok() {
            self.index_field_sources();
        }
        if from.zone != to.zone || old_controller != to.player {
            self.reindex_activatable(id, old_controller);
        }
        let to_loc = self.loc_of(id);
        let face_up = to.position.face_up();
        self.emit(Event::Moved { card: id, from, to: to_loc, reason, face_up });
    }

    // ---- setup and bookkeeping atoms (no move: nothing to log) --------------------------

    /// Setup only: a card the duel starts with is put under `controller` in `slot`, in
    /// `position` (the setup also fills the piles and slots).
    pub(crate) fn place_at_setup(&mut self, id: CardId, controller: Player, slot: u8, position: Position) {
        let c = &mut self.cards[id.0 as usize];
        c.controller = controller;
        c.slot = slot;
        c.position = position;
    }
    /// Setup only: a player's starting LP.
    pub(crate) fn set_lp_at_setup(&mut self, p: Player, lp: i32) {
        self.players[p.idx()].lp = lp.max(0);
    }
    /// A sample deals a hidden card instance another identity (determinization: not a move).
    pub(crate) fn set_identity(&mut self, id: CardId, code: u32, def: DefIndex, owner: Player) {
        let c = &mut self.cards[id.0 as usize];
        c.code = code;
        c.def = def;
        c.owner = owner;
    }
    /// CHAIN-8: a Set card being activated turns face-up where it is.
    pub(crate) fn turn_face_up_in_place(&mut self, id: CardId) {
        self.cards[id.0 as usize].position = Position::FaceUpAttack;
    }
    /// ZONE-10: a card moved under an Xyz monster is attached to it (its host's slot, its
    /// host's controller).
    pub(crate) fn attach_material(&mut self, host: CardId, m: CardId) {
        let (slot, ctrl) = (self.cards[host.0 as usize].slot, self.cards[host.0 as usize].controller);
        let c = &mut self.cards[m.0 as usize];
        c.slot = slot;
        c.controller = ctrl;
        self.push_material(host, m);
    }
    /// Puts `m` last under `host` (ZONE-10).
    pub(crate) fn push_material(&mut self, host: CardId, m: CardId) {
        match self.xyz_materials.iter_mut().find(|(h, _)| *h == host) {
            Some((_, ms)) => ms.push(m),
            None => self.xyz_materials.push((host, smallvec::smallvec![m])),
        }
    }
    /// Removes and returns all of `host`'s Xyz materials (ZONE-10).
    pub(crate) fn take_materials(&mut self, host: CardId) -> SmallVec<[CardId; 8]> {
        match self.xyz_materials.iter().position(|(h, _)| *h == host) {
            Some(i) => self.xyz_materials.remove(i).1,
            None => SmallVec::new(),
        }
    }
    /// Forgets the monsters `attacker` declared attacks on (BATTLE-2).
    pub(crate) fn clear_attacked_targets(&mut self, attacker: CardId) {
        if !self.attacked_targets.is_empty() {
            self.attacked_targets.retain(|&(a, ..)| a != attacker);
        }
    }
    /// Removes every counter from a card (MISC-2).
    fn clear_counters(&mut self, id: CardId) {
        if !self.counters.is_empty() {
            self.counters.retain(|&(c, ..)| c != id);
        }
    }

    /// A card placed face-up on the field by an effect (not activated): its continuous
    /// effects apply at once (EFF-2).
    pub(crate) fn activate_in_place(&mut self, c: CardId) {
        self.cards[c.0 as usize].active = true;
    }

    /// Sends a card to its owner's GY (ZONE-11).
    pub(crate) fn send_to_gy(&mut self, id: CardId, reason: Reason) {
        let owner = self.card(id).owner;
        // SUM-12: a Pendulum monster leaving the field goes face-up to the Extra Deck.
        let to_extra = self.pendulum_to_extra(id);
        // Battle destruction was announced at damage calculation.
        if reason.is_destroy() && reason != Reason::Battle {
            self.emit(Event::Destroyed { card: id, reason });
        }
        if to_extra {
            self.send_pendulum_to_extra(id, reason);
            return;
        }
        // Destroyed by battle with a monster whose victims are banished instead.
        if self.gy_banishes_card(id) || (reason == Reason::Battle && self.card(id).battle_banished) {
            self.banish(id, false, reason);
            return;
        }
        for m in self.take_materials(id) {
            let mo = self.card(m).owner;
            self.move_card(m, Dest { player: mo, zone: Zone::Gy, slot: None, position: Position::FaceUpAttack }, Reason::Rule);
        }
        // Destroyed by battle while victims are shuffled into the Deck instead.
        if reason == Reason::Battle && self.card(id).battle_to_deck {
            self.move_card(id, Dest { player: owner, zone: Zone::Deck, slot: None, position: Position::FaceDownDefense }, reason);
            self.shuffle_deck(owner);
            return;
        }
        self.move_card(id, Dest { player: owner, zone: Zone::Gy, slot: None, position: Position::FaceUpAttack }, reason);
    }

    /// Creates a token of `code` for `p`, not yet on the field (MISC-1). `None` when the
    /// pool has no such card.
    pub(crate) fn create_token(&mut self, code: u32, p: Player) -> Option<CardId> {
        let def = self.pool.index_of(code)?;
        if !self.pool.def(def).data.is_token() || self.cards.len() >= u16::MAX as usize {
            return None;
        }
        let id = CardId(self.cards.len() as u16);
        self.cards.first()?;
        let st = CardState::new(def, code, p, Zone::Gone, Position::FaceUpAttack, self.turn);
        self.cards.push(st);
        self.players[p.idx()].gone.push(id);
        Some(id)
    }

    /// Places (positive) or removes (negative) counters of `kind` on a card (MISC-2).
    pub(crate) fn add_counters(&mut self, id: CardId, kind: crate::effect::Counter, delta: i32) {
        match self.counters.iter_mut().find(|(c, k, _)| *c == id && *k == kind) {
            Some((_, _, n)) => *n = (*n as i32 + delta).max(0) as u16,
            None if delta > 0 => self.counters.push((id, kind, delta as u16)),
            None => return,
        }
        self.counters.retain(|&(c, _, n)| c != id || n > 0);
        self.emit(Event::Counters { card: id, kind, delta });
    }

    /// Banishes a card (face-down when asked: ZONE-6).
    pub(crate) fn banish(&mut self, id: CardId, face_down: bool, reason: Reason) {
        let owner = self.card(id).owner;
        for m in self.take_materials(id) {
            let mo = self.card(m).owner;
            self.move_card(m, Dest { player: mo, zone: Zone::Gy, slot: None, position: Position::FaceUpAttack }, Reason::Rule);
        }
        let position = if face_down { Position::FaceDownDefense } else { Position::FaceUpAttack };
        self.move_card(id, Dest { player: owner, zone: Zone::Banished, slot: None, position }, reason);
    }

    /// Returns a card to its owner's hand.
    pub(crate) fn return_to_hand(&mut self, id: CardId, reason: Reason) {
        let owner = self.card(id).owner;
        self.move_card(id, Dest { player: owner, zone: Zone::Hand, slot: None, position: Position::FaceDownDefense }, reason);
    }

    /// Moves a monster to `to`'s side (ZONE-11: owner and controller stay apart). False
    /// when `to` has no free Main Monster Zone.
    pub(crate) fn change_control(&mut self, id: CardId, to: Player) -> bool {
        let Some(&z) = self.free_main_monster_zones(to).first() else { return false };
        self.detach(id);
        let c = &mut self.cards[id.0 as usize];
        let old = c.controller;
        // GOAT-7: who controlled a monster that arrived this turn, when its control first
        // changes that turn (the "summoned this turn" bar binds that player only).
        let fresh = c.entered_turn == self.turn;
        c.controller = to;
        c.slot = z;
        if fresh && self.pool.goat_rules() {
            let (moves, turn) = (self.cards[id.0 as usize].moves, self.turn);
            if !self.arrived_under.iter().any(|&(x, m, t, _)| x == id && m == moves && t == turn) {
                self.arrived_under.retain(|&(_, _, t, _)| t == turn);
                self.arrived_under.push((id, moves, turn, old));
            }
        }
        self.players[to.idx()].monsters[z as usize] = Some(id);
        self.reindex_activatable(id, old);
        self.emit(Event::ControlChanged { card: id, to });
        true
    }

    /// Turns a face-down monster face-up without it counting as flipped (no FLIP effect).
    pub(crate) fn reveal_position(&mut self, id: CardId, to: Position) {
        let from = self.card(id).position;
        self.cards[id.0 as usize].position = to;
        self.emit(Event::PositionChanged { card: id, from, to });
    }

    /// SPELL-4: equip cards whose monster left, turned face-down or is gone are destroyed;
    /// monsters held by a "take control" equip follow it.
    pub(crate) fn check_equips(&mut self) {
        // Equip cards are in the S/T zones: look only there.
        let equips: SmallVec<[CardId; 4]> =
            self.players.iter().flat_map(|ps| ps.spells.iter().flatten().copied()).filter(|&c| self.cards[c.0 as usize].equip_to.is_some()).collect();
        for id in equips {
            let i = id.0 as usize;
            let c = &self.cards[i];
            let Some(t) = c.equip_to else { continue };
            let tc = self.card(t);
            if tc.zone != Zone::Monster || !tc.face_up() {
                self.cards[i].equip_to = None;
                self.send_to_gy(id, Reason::RuleDestroy);
            }
        }
        // Control by equips: only while an equip that takes control applies, and only for a
        // monster some card on the field is equipped to (`equip_controller` asks only the
        // sources equipped to it), in the zones' order.
        let mut monsters: SmallVec<[CardId; 10]> = SmallVec::new();
        if self.may_apply(crate::effect::ModKinds::BOND) {
            // What the cards on the field are equipped to, found in one pass.
            let mut equipped: SmallVec<[CardId; 4]> = SmallVec::new();
            for ps in &self.players {
                for &e in ps.spells.iter().chain(ps.monsters.iter()).flatten() {
                    if let Some(t) = self.cards[e.0 as usize].equip_to {
                        equipped.push(t);
                    }
                }
            }
            if !equipped.is_empty() {
                monsters = self.players.iter().flat_map(|ps| ps.monsters.iter().flatten().copied()).filter(|m| equipped.contains(m)).collect();
            }
        }
        if !monsters.is_empty()
            && self
                .modifiers_of(crate::effect::ModKinds::BOND, |m| matches!(m, crate::effect::Modifier::Bond(crate::effect::Bond::ControlEquipped)))
                .next()
                .is_none()
        {
            monsters.clear();
        }
        for id in monsters {
            let i = id.0 as usize;
            if self.cards[i].zone != Zone::Monster {
                continue;
            }
            if let Some(ctrl) = self.equip_controller(id) {
                let before = self.cards[i].controller;
                if ctrl != before && self.change_control(id, ctrl) {
                    // Remember who gets it back when the equip goes (Snatch Steal).
                    let src = (0..self.cards.len() as u16).map(CardId).find(|&s| self.card(s).equip_to == Some(id) && self.card(s).zone == Zone::SpellTrap);
                    // Only the first taking counts: a monster swapped away and pulled back by
                    // the same equip still goes back to the player it was taken from.
                    let moves = self.card(id).moves;
                    let known = |d: &Duel, s: CardId| {
                        d.lingering.iter().any(|l| {
                            l.source == s
                                && l.card == Some((id, moves))
                                && matches!(l.modifier, crate::effect::Modifier::Bond(crate::effect::Bond::ControlHeldBySource))
                        })
                    };
                    if let Some(src) = src.filter(|&s| !known(self, s)) {
                        let (source_moves, turn) = (self.card(src).moves, self.turn);
                        self.push_lingering(crate::modifiers::Lingering {
                            source: src,
                            card: Some((id, moves)),
                            controller: before,
                            modifier: crate::effect::Modifier::Bond(crate::effect::Bond::ControlHeldBySource),
                            until: crate::effect::Duration::Permanent,
                            turn,
                            source_moves,
                        });
                    }
                }
            }
        }
        self.check_source_links();
        self.check_linked_destruction();
        self.enforce_forced_defense();
        self.enforce_self_destruction();
    }

    /// Monsters tied to a card that is gone: `DestroyedWithSource` monsters are destroyed,
    /// `ControlHeldBySource` monsters go back to the player who had them.
    fn check_source_links(&mut self) {
        use crate::effect::{Bond, Modifier};
        if !self.may_apply(crate::effect::ModKinds::BOND) {
            return;
        }
        let mut doomed: SmallVec<[CardId; 2]> = SmallVec::new();
        let mut shuffled: SmallVec<[CardId; 2]> = SmallVec::new();
        let mut returns: SmallVec<[(CardId, Player); 2]> = SmallVec::new();
        // An equip that took control but whose control effect does not apply now (negated, or
        // its condition unmet: "Mark of the Rose" from its controller's End Phase to their next
        // Standby Phase) gives the monster back while it stays equipped; `check_equips` takes
        // it again once the effect applies again.
        let idle: SmallVec<[(CardId, Player); 2]> = self
            .lingering
            .iter()
            .filter_map(|l| {
                let (t, moves) = l.card?;
                if !matches!(l.modifier, Modifier::Bond(Bond::ControlHeldBySource)) {
                    return None;
                }
                let (s, tc) = (self.card(l.source), self.card(t));
                let equipped = tc.moves == moves && tc.zone == Zone::Monster && s.zone == Zone::SpellTrap && s.equip_to == Some(t);
                (equipped && tc.controller != l.controller && self.equip_controller(t).is_none()).then_some((t, l.controller))
            })
            .collect();
        let lingering_before = self.lingering.len();
        self.lingering.retain(|l| {
            let Some((t, moves)) = l.card else { return true };
            if !matches!(l.modifier, Modifier::Bond(Bond::DestroyedWithSource { .. } | Bond::ControlHeldBySource)) {
                return true;
            }
            let tc = &self.cards[t.0 as usize];
            if tc.moves != moves || tc.zone != Zone::Monster {
                return false;
            }
            let s = &self.cards[l.source.0 as usize];
            match l.modifier {
                Modifier::Bond(Bond::DestroyedWithSource { destroyed_only, into_deck }) => {
                    if s.moves == l.source_moves && s.zone.on_field() {
                        return true;
                    }
                    let destroyed = s.moves == l.source_moves + 1 && s.arrived.reason.is_some_and(|r| r.is_destroy());
                    if into_deck {
                        shuffled.push(t);
                    } else if !destroyed_only || destroyed {
                        doomed.push(t);
                    }
                    false
                }
                _ => {
                    if s.zone == Zone::SpellTrap && s.equip_to == Some(t) {
                        return true;
                    }
                    // Control taken "while this card is face-up on the field" (the Charmers).
                    if l.until == crate::effect::Duration::WhileSourceOnField && s.zone == Zone::Monster && s.moves == l.source_moves && s.face_up() {
                        return true;
                    }
                    if tc.controller != l.controller {
                        returns.push((t, l.controller));
                    }
                    false
                }
            }
        });
        self.lingering_ended(lingering_before);
        returns.extend(idle);
        // Control goes back all at once: every return that fits is made before one is
        // refused (a monster going back can free the zone another needs); a monster that
        // left the field meanwhile, or is back already, is skipped.
        let mut waiting: SmallVec<[(CardId, u32, Player); 2]> = returns.into_iter().map(|(t, to)| (t, self.cards[t.0 as usize].moves, to)).collect();
        loop {
            let before = waiting.len();
            let mut still: SmallVec<[(CardId, u32, Player); 2]> = SmallVec::new();
            for (t, moves, to) in waiting {
                let c = &self.cards[t.0 as usize];
                if c.moves != moves || c.zone != Zone::Monster || c.controller == to {
                    continue;
                }
                if !self.change_control(t, to) {
                    still.push((t, moves, to));
                }
            }
            waiting = still;
            if waiting.is_empty() || waiting.len() == before {
                break;
            }
        }
        for (t, moves, to) in waiting {
            let c = &self.cards[t.0 as usize];
            if c.moves == moves && c.zone == Zone::Monster && c.controller != to {
                self.send_to_gy(t, Reason::Rule);
            }
        }
        for t in doomed {
            if self.cards[t.0 as usize].zone == Zone::Monster {
                self.send_to_gy(t, Reason::Destroy);
            }
        }
        let mut owners: SmallVec<[Player; 2]> = SmallVec::new();
        for t in shuffled {
            if self.cards[t.0 as usize].zone == Zone::Monster {
                let owner = self.cards[t.0 as usize].owner;
                self.move_card(t, Dest { player: owner, zone: Zone::Deck, slot: None, position: Position::FaceDownDefense }, Reason::Effect);
                if self.cards[t.0 as usize].zone == Zone::Deck && !owners.contains(&owner) {
                    owners.push(owner);
                }
            }
        }
        for o in owners {
            self.shuffle_deck(o);
        }
    }

    /// `Modifier::SourceDestroyedWithIt`: a monster so marked was destroyed (its one move
    /// since was a destruction); `Modifier::SourceDestroyedWhenItLeaves`: it left the field
    /// any way. Its source card, still face-up where it was, is destroyed.
    fn check_linked_destruction(&mut self) {
        use crate::effect::{Bond, Modifier};
        if !self.may_apply(crate::effect::ModKinds::BOND) {
            return;
        }
        let mut doomed: SmallVec<[CardId; 2]> = SmallVec::new();
        let lingering_before = self.lingering.len();
        self.lingering.retain(|l| {
            let Some((t, moves)) = l.card else { return true };
            if !matches!(l.modifier, Modifier::Bond(Bond::SourceDestroyedWithIt | Bond::SourceDestroyedWhenItLeaves)) {
                return true;
            }
            let tc = &self.cards[t.0 as usize];
            if tc.moves == moves {
                return true;
            }
            let destroyed = matches!(l.modifier, Modifier::Bond(Bond::SourceDestroyedWhenItLeaves))
                || (tc.moves == moves + 1 && tc.arrived.reason.is_some_and(|r| r.is_destroy()));
            let s = &self.cards[l.source.0 as usize];
            if destroyed && s.moves == l.source_moves && s.zone.on_field() && s.position.face_up() {
                doomed.push(l.source);
            }
            false
        });
        self.lingering_ended(lingering_before);
        for s in doomed {
            if self.cards[s.0 as usize].zone.on_field() {
                self.send_to_gy(s, Reason::Destroy);
            }
        }
    }

    /// Draws `n` cards; drawing from an empty deck marks the loss (WIN-2).
    pub(crate) fn draw(&mut self, p: Player, n: usize) {
        let mut drawn: SmallVec<[CardId; Draw::INLINE]> = SmallVec::new();
        let mut to_gy: SmallVec<[CardId; 2]> = SmallVec::new();
        for _ in 0..n {
            let Some(&top) = self.players[p.idx()].deck.last() else {
                self.players[p.idx()].drew_from_empty = true;
                break;
            };
            // A card an effect turned face-up in the Deck to be sent to the GY when drawn.
            let c = self.card(top);
            let seen = c.face_up();
            if seen && self.gy_when_drawn.contains(&(top, c.moves)) {
                to_gy.push(top);
            }
            self.move_card(top, Dest { player: p, zone: Zone::Hand, slot: None, position: Position::FaceDownDefense }, Reason::Draw);
            // MISC-7: a card drawn face-up from the Deck (Pharaoh's Treasure) was seen by
            // both players as it was drawn: it stays known in the hand until it moves.
            if seen {
                self.cards[top.0 as usize].known = 0b11;
            }
            drawn.push(top);
        }
        if !drawn.is_empty() {
            self.emit(Event::Drew(Draw::new(p, &drawn)));
        }
        if !to_gy.is_empty() {
            let cards = &self.cards;
            self.gy_when_drawn.retain(|&(c, moves)| cards[c.0 as usize].moves == moves);
        }
        for c in to_gy {
            if self.card(c).zone == Zone::Hand {
                self.send_to_gy(c, Reason::Effect);
            }
        }
    }

    /// Marks a card face-up in a Deck to be sent to the GY when it is drawn (until it moves;
    /// the marks of cards that moved are dropped).
    pub(crate) fn mark_gy_when_drawn(&mut self, id: CardId) {
        let c = self.card(id);
        if c.zone == Zone::Deck {
            let moves = c.moves;
            let cards = &self.cards;
            self.gy_when_drawn.retain(|&(m, mv)| cards[m.0 as usize].moves == mv);
            self.gy_when_drawn.push((id, moves));
        }
    }

    /// Changes LP by `delta`; LP never goes below 0 (WIN-1 is checked by the settle loop).
    pub(crate) fn change_lp(&mut self, p: Player, delta: i32) {
        let from = self.players[p.idx()].lp;
        let to = from.saturating_add(delta).max(0);
        if to != from {
            self.players[p.idx()].lp = to;
            self.emit(Event::LpChanged { player: p, from, to });
        }
    }

    /// A player takes `amount` damage from the effect of card `by` (nothing for 0 or less).
    pub(crate) fn effect_damage(&mut self, p: Player, amount: i32, by: CardId) {
        // BATTLE-10: a player may be immune to effect damage ("Des Wombat", or for a turn).
        if amount > 0 && !self.no_effect_damage(p) && self.player_fx[p.idx()].no_effect_damage_turn != self.turn {
            self.emit(Event::EffectDamage { player: p, amount, by });
            self.change_lp(p, -amount);
        }
    }

    /// Changes a monster's battle position and records it.
    pub(crate) fn set_position(&mut self, id: CardId, to: Position) {
        let from = self.card(id).position;
        if from == to {
            return;
        }
        self.cards[id.0 as usize].position = to;
        if from.face_up() && !to.face_up() {
            self.turned_face_down(id);
        }
        if !from.face_up() && to.face_up() {
            self.cards[id.0 as usize].flipped_turn = self.turn.into();
            self.emit(Event::Flipped { card: id });
        }
        self.emit(Event::PositionChanged { card: id, from, to });
    }

    /// MISC-8: the once-per-turn uses counted on this card instance (a once-per-duel limit
    /// counts each copy for the whole duel: EFF-3).
    fn forget_card_uses(&mut self, id: CardId) {
        self.used.retain(|u| u.per_duel || u.key != crate::state::UseKey::Card(id));
    }

    /// EFF-2, POS-3: a monster turned face-down ("Book of Moon") loses what applied to it
    /// face-up: its counters and the effects applied to it for a while (ATK/DEF changes,
    /// "cannot attack", ...). What ties it to another card stays: control taken by an equip,
    /// "destroy it when that card leaves" links. Equip cards on it go by SPELL-4.
    fn turned_face_down(&mut self, id: CardId) {
        use crate::effect::{Bond, Modifier};
        self.clear_counters(id);
        // EFF-15: a Gemini monster turned face-down is a Normal Monster again.
        if !self.memory.is_empty() {
            self.memory.retain(|e| !(e.source == id && e.slot == crate::effect::Mem::GEMINI));
        }
        // MISC-8: it is a new card: its own once-per-turn uses are gone (its attack
        // declaration is kept: it still bars a Flip Summon this turn, POS-2).
        self.forget_card_uses(id);
        if !self.battled_pairs.is_empty() {
            self.battled_pairs.retain(|&(a, _, b, _)| a != id && b != id);
        }
        let moves = self.cards[id.0 as usize].moves;
        let lingering_before = self.lingering.len();
        self.lingering.retain(|l| {
            l.card != Some((id, moves))
                || matches!(l.modifier, Modifier::Bond(Bond::ControlHeldBySource | Bond::DestroyedWithSource { .. } | Bond::SourceDestroyedWithIt))
        });
        self.lingering_ended(lingering_before);
    }

    /// Shuffles a player's deck with the duel's random source (MISC-6).
    pub(crate) fn shuffle_deck(&mut self, p: Player) {
        use rand::seq::SliceRandom;
        let deck = &mut self.players[p.idx()].deck;
        deck.shuffle(&mut self.rng);
        // MISC-7: a shuffled Deck's order is unknown again.
        for &c in &self.players[p.idx()].deck {
            self.cards[c.0 as usize].known = 0;
        }
        self.emit(Event::Shuffled { player: p });
    }

    /// The face-down monsters `cards` (all in Monster Zones of one player) are dealt again
    /// among the zones they hold by the duel's random source: no move of a card is recorded,
    /// one `Event::MonstersShuffled` is, so no viewer can follow a card (MISC-3). What the
    /// cards carry goes with them; a card that was known to a player is forgotten (MISC-7).
    pub(crate) fn shuffle_monster_zones(&mut self, cards: &[CardId]) {
        use rand::seq::SliceRandom;
        let Some(&first) = cards.first() else { return };
        let p = self.card(first).controller;
        let mut slots: SmallVec<[u8; 4]> = cards.iter().map(|&c| self.card(c).slot).collect();
        debug_assert!(cards.iter().all(|&c| self.card(c).zone == Zone::Monster && self.card(c).controller == p));
        slots.shuffle(&mut self.rng);
        for (&c, &slot) in cards.iter().zip(slots.iter()) {
            self.cards[c.0 as usize].slot = slot;
            self.cards[c.0 as usize].known = 0;
            if let Some(s) = self.players[p.idx()].slot_mut(Zone::Monster, slot as usize) {
                *s = Some(c);
            }
        }
        self.emit(Event::MonstersShuffled { player: p });
    }
}
