//! Invariants that hold after every action; checked by the property tests over thousands
//! of random duels (and cheap enough to run after every step in tests).

use crate::state::{CardId, Duel};
use crate::types::{Player, Zone};

impl Duel {
    /// Checks every invariant; returns the first broken one.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut seen = vec![0u8; self.cards.len()];
        let mut note = |id: CardId, zone: Zone, p: Player, slot: Option<usize>| -> Result<(), String> {
            let c = self.cards.get(id.0 as usize).ok_or_else(|| format!("card id {} out of range", id.0))?;
            seen[id.0 as usize] += 1;
            if c.zone() != zone || (c.controller() != p && zone != Zone::Material) {
                return Err(format!("card {} ({}) listed in {p:?}.{zone:?} but records {:?}.{:?}", id.0, self.name(id), c.controller(), c.zone()));
            }
            if let Some(s) = slot {
                if c.slot() as usize != s {
                    return Err(format!("card {} in slot {s} records slot {}", id.0, c.slot()));
                }
            }
            Ok(())
        };
        for p in Player::BOTH {
            let ps = self.player(p);
            if ps.lp() < 0 {
                return Err(format!("{p:?} LP {} below 0", ps.lp()));
            }
            for zone in [Zone::Deck, Zone::Hand, Zone::Extra, Zone::Gy, Zone::Banished, Zone::Gone] {
                for &id in ps.pile(zone).into_iter().flatten() {
                    note(id, zone, p, None)?;
                }
            }
            for (i, m) in ps.monsters.iter().enumerate() {
                if let Some(id) = m {
                    note(*id, Zone::Monster, p, Some(i))?;
                    for &mat in self.materials(*id) {
                        note(mat, Zone::Material, p, None)?;
                    }
                }
            }
            for (i, s) in ps.spells.iter().enumerate() {
                if let Some(id) = s {
                    note(*id, Zone::SpellTrap, p, Some(i))?;
                }
            }
            if let Some(id) = ps.field {
                note(id, Zone::Field, p, Some(0))?;
            }
            for (i, s) in ps.pendulum.iter().enumerate() {
                if let Some(id) = s {
                    note(*id, Zone::Pendulum, p, Some(i))?;
                }
            }
            // ZONE-3: at most one Extra Monster Zone each (Extra Link aside), and the two
            // sides never hold the same EMZ.
            if !self.edition.extra_monster_zones() && (ps.monsters[5].is_some() || ps.monsters[6].is_some()) {
                return Err(format!("{p:?} uses an Extra Monster Zone under {:?}", self.edition));
            }
            for i in 5..7 {
                if ps.monsters[i].is_some() && self.player(p.opp()).monsters[11 - i].is_some() {
                    return Err(format!("Extra Monster Zone {i} of {p:?} is held by both players"));
                }
            }
        }
        // MISC-1: tokens are only ever on the field or gone.
        for (i, c) in self.cards.iter().enumerate() {
            if self.pool.def(c.def).data.is_token() && !matches!(c.zone(), Zone::Monster | Zone::Gone) {
                return Err(format!("token {i} is in {:?}", c.zone()));
            }
        }
        if let Some(i) = seen.iter().position(|&n| n != 1) {
            return Err(format!("card {} ({}) is in {} places", i, self.name(CardId(i as u16)), seen[i]));
        }
        // The derived indexes are the filters they stand for: the activatable cards,
        for p in Player::BOTH {
            if !self.activatable[p.idx()].iter().copied().eq(self.activatable_of(p)) {
                return Err(format!("the activatable cards of {p:?} are indexed as {:?}", self.activatable[p.idx()]));
            }
        }
        // a condition whose needs are absent is false (the listing skips it unasked),
        let present = self.needs_present();
        for c in self.card_ids() {
            let gates = self.pool.gates(self.card(c).def);
            for (i, e) in self.pool.def(self.card(c).def).behavior.effects.iter().enumerate().take(8) {
                let needs = gates.needs(i as u8);
                if needs & !present != 0 && Player::BOTH.iter().any(|&p| self.condition_in(&e.condition, &crate::eval::Ctx::of(p, c))) {
                    return Err(format!("effect {i} of {} holds without what its condition needs ({needs:#b}, present {present:#b})", self.name(c)));
                }
            }
        }
        // the negation flag, the modifier sources on the field.
        if self.negators != self.index.modifier_sources.iter().any(|&c| self.declares_negation(c)) {
            return Err(format!("the negation flag is {} against the modifier sources", self.negators));
        }
        if !self.field_sources.iter().copied().eq(self.index.modifier_sources.iter().copied().filter(|&c| self.card(c).zone().on_field())) {
            return Err(format!("the modifier sources on the field are indexed as {:?}", self.field_sources));
        }
        if self.modifier_kinds != self.field_modifier_kinds() {
            return Err(format!("the modifier kinds are indexed as {:#x}, not {:#x}", self.modifier_kinds, self.field_modifier_kinds()));
        }
        if self.outcome.is_none() && self.deciding_player().is_none() {
            return Err("the duel is neither over nor waiting for a decision".into());
        }
        if self.outcome.is_some() && !self.legal_actions().is_empty() {
            return Err("the duel is over but lists legal actions".into());
        }
        Ok(())
    }
}
