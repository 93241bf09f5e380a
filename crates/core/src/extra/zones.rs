//! Zones for Extra Deck summons (ZONE-3, ZONE-4): linked zones, Extra Monster Zones,
//! Pendulum Zones and Scales per edition.

use smallvec::SmallVec;

use super::*;
use crate::card::{arrows, type_bits, Kind, MonsterFrame};
use crate::effect::Filter;
use crate::event::Reason;
use crate::state::{CardId, Dest, Duel};
use crate::types::{Player, Position, Zone};

impl Duel {
    // ---- zones (ZONE-3, ZONE-4) ------------------------------------------------------

    /// Main Monster Zones of `p` that a Link arrow points to (any player's Link monster),
    /// ignoring the monsters in `leaving`; bit i = zone i.
    pub fn linked_zones(&self, p: Player, leaving: &[CardId]) -> u8 {
        let mut mask = 0u8;
        let mut point = |col: i32| {
            if (0..5).contains(&col) {
                mask |= 1 << col;
            }
        };
        for q in Player::BOTH {
            for (i, m) in self.player(q).monsters.iter().enumerate() {
                let Some(id) = *m else { continue };
                if leaving.contains(&id) || !self.card(id).face_up() {
                    continue;
                }
                let a = self.data(id).link_arrows;
                if a == 0 {
                    continue;
                }
                let col = match i {
                    5 => 1,
                    6 => 3,
                    c => c as i32,
                };
                if q == p && i < 5 {
                    if a & arrows::LEFT != 0 {
                        point(col - 1);
                    }
                    if a & arrows::RIGHT != 0 {
                        point(col + 1);
                    }
                } else if q == p {
                    for (bit, d) in [(arrows::BOTTOM_LEFT, -1), (arrows::BOTTOM, 0), (arrows::BOTTOM_RIGHT, 1)] {
                        if a & bit != 0 {
                            point(col + d);
                        }
                    }
                } else if i >= 5 {
                    // The opponent's Extra Monster Zone faces us: their column k is our 4-k.
                    for (bit, d) in [(arrows::TOP_LEFT, -1), (arrows::TOP, 0), (arrows::TOP_RIGHT, 1)] {
                        if a & bit != 0 {
                            point(4 - (col + d));
                        }
                    }
                }
            }
        }
        mask
    }

    /// `PendulumRule::BattleLock`: may `p` not activate `card`'s effect `effect` because
    /// the opponent's Pendulum Zone card forbids it while their Pendulum monster battles?
    pub(crate) fn pendulum_battle_locked(&self, p: Player, card: CardId, effect: u8) -> bool {
        let q = p.opp();
        let Some(a) = self.current_attack() else { return false };
        let yours = |m: CardId| {
            let c = self.card(m);
            c.zone() == Zone::Monster && c.face_up() && c.controller() == q && self.data(m).has(type_bits::PENDULUM)
        };
        if !(yours(a.attacker) || a.target.is_some_and(yours)) {
            return false;
        }
        let card_activation = effect == PENDULUM_SCALE || self.effect_decl(card, effect).is_some_and(|e| e.kind.is_card_activation());
        card_activation
            && (0..2).filter_map(|side| self.pendulum_card(q, side)).any(|s| {
                self.pool.def(self.card(s).def).behavior.effects.iter().flat_map(|e| e.modifiers.iter()).any(|m| {
                    matches!(m, crate::effect::Modifier::Pendulum(crate::effect::PendulumRule::BattleLock(f))
                        if if effect == PENDULUM_SCALE { self.scale_activation_matches(f, card, q, s) } else { self.filter_matches(f, card, q, s) })
                })
            })
    }

    /// SPELL-8: does `f` accept a Pendulum card activated as a Spell Card (to a Pendulum Zone)?
    pub(crate) fn scale_activation_matches(&self, f: &Filter, card: CardId, p: Player, source: CardId) -> bool {
        match f {
            Filter::Spell | Filter::SpellTrap => true,
            Filter::Monster | Filter::Trap => false,
            Filter::And(v) => v.iter().all(|g| self.scale_activation_matches(g, card, p, source)),
            Filter::Or(v) => v.iter().any(|g| self.scale_activation_matches(g, card, p, source)),
            Filter::Not(g) => !self.scale_activation_matches(g, card, p, source),
            g => self.filter_matches(g, card, p, source),
        }
    }

    /// The monster card equipped to `card` that would be destroyed by battle in its place
    /// (`MonsterRule::DestroyEquippedInstead`, `DestroyEquippedInsteadByAny`).
    pub(crate) fn battle_substitute(&self, card: CardId) -> Option<CardId> {
        use crate::effect::MonsterRule::{DestroyEquippedInstead, DestroyEquippedInsteadByAny};
        if !self.restricted(card, |m| m.rule_scope(DestroyEquippedInstead).or_else(|| m.rule_scope(DestroyEquippedInsteadByAny))) {
            return None;
        }
        self.equipped_monster_card(card)
    }

    /// Of the cards an effect would destroy, those whose equipped monster card is destroyed
    /// in their place (`MonsterRule::DestroyEquippedInsteadByAny`; not when the same effect
    /// destroys that card too) are spared, and their substitutes destroyed now.
    pub(crate) fn destroy_substitutes(&mut self, list: SmallVec<[CardId; 4]>) -> SmallVec<[CardId; 4]> {
        if !self.any_modifiers() {
            return list;
        }
        let mut kept: SmallVec<[CardId; 4]> = SmallVec::new();
        for &c in &list {
            match self
                .equipped_monster_card(c)
                .filter(|e| !list.contains(e) && self.restricted(c, |m| m.rule_scope(crate::effect::MonsterRule::DestroyEquippedInsteadByAny)))
            {
                Some(e) => self.send_to_gy(e, crate::event::Reason::Destroy),
                None => kept.push(c),
            }
        }
        kept
    }

    /// `MonsterRule::ReflectBattleDamage` applies to `card` and a monster card equips it.
    pub(crate) fn reflects_battle_damage(&self, card: CardId) -> bool {
        self.restricted(card, |m| m.rule_scope(crate::effect::MonsterRule::ReflectBattleDamage)) && self.equipped_monster_card(card).is_some()
    }

    /// A monster card (not an Equip Spell) equipped to `card`.
    pub(crate) fn equipped_monster_card(&self, card: CardId) -> Option<CardId> {
        self.card_ids().find(|&e| {
            let c = self.card(e);
            c.zone() == Zone::SpellTrap && c.equip_to == Some(card) && self.data(e).is_monster()
        })
    }

    /// `MonsterRule::DoubleBattleDamage` applies to this monster.
    pub(crate) fn doubles_battle_damage(&self, card: CardId) -> bool {
        self.restricted(card, |m| m.rule_scope(crate::effect::MonsterRule::DoubleBattleDamage))
    }

    /// A monster zone's place on the whole board, seen from player A: Main Monster Zones
    /// are rows 0 (A) and 2 (B), the Extra Monster Zones row 1 (columns 1 and 3).
    pub(super) fn board_cell(p: Player, slot: usize) -> (i32, i32) {
        let (x, y) = match slot {
            5 => (1, 1),
            6 => (3, 1),
            s => (s as i32, 0),
        };
        if p == Player::A {
            (x, y)
        } else {
            (4 - x, 2 - y)
        }
    }

    /// Does the face-up Link monster `source` point to the monster `target`?
    pub fn points_to(&self, source: CardId, target: CardId) -> bool {
        let t = self.card(target);
        t.zone() == Zone::Monster && source != target && self.points_to_zone(source, t.controller(), t.slot() as usize)
    }

    /// Does the face-up Link monster `source` point to monster zone `slot` of `p`?
    pub fn points_to_zone(&self, source: CardId, p: Player, slot: usize) -> bool {
        let s = self.card(source);
        if s.zone() != Zone::Monster || !s.face_up() {
            return false;
        }
        Self::arrow_points(self.data(source).link_arrows, s.controller(), s.slot() as usize, p, slot)
    }

    /// Does a Link monster with arrows `a`, in monster zone `from` of `owner`, point to
    /// monster zone `slot` of `p`?
    pub(super) fn arrow_points(a: u16, owner: Player, from: usize, p: Player, slot: usize) -> bool {
        let (sx, sy) = Self::board_cell(owner, from);
        let target_cell = Self::board_cell(p, slot);
        let dir = if owner == Player::A { 1 } else { -1 };
        [
            (arrows::BOTTOM_LEFT, -1, -1),
            (arrows::BOTTOM, 0, -1),
            (arrows::BOTTOM_RIGHT, 1, -1),
            (arrows::LEFT, -1, 0),
            (arrows::RIGHT, 1, 0),
            (arrows::TOP_LEFT, -1, 1),
            (arrows::TOP, 0, 1),
            (arrows::TOP_RIGHT, 1, 1),
        ]
        .into_iter()
        .any(|(bit, dx, dy)| a & bit != 0 && (sx + dir * dx, sy + dir * dy) == target_cell)
    }

    /// ZONE-3 Extra Link: were the Link monster `card` put in `p`'s Extra Monster Zone
    /// `slot`, would a chain of co-linked monsters (face-up Link monsters of either player
    /// pointing at each other, those in `leaving` gone) join it to `p`'s monster in the other
    /// Extra Monster Zone?
    pub(super) fn extra_link_with(&self, p: Player, card: CardId, slot: usize, leaving: &[CardId]) -> bool {
        let a = self.data(card).link_arrows;
        if a == 0 {
            return false;
        }
        let other = 11 - slot;
        let mut nodes: SmallVec<[(Player, usize, u16); 14]> = SmallVec::new();
        nodes.push((p, slot, a));
        let mut goal = None;
        for q in Player::BOTH {
            for (i, m) in self.player(q).monsters.iter().enumerate() {
                let Some(id) = *m else { continue };
                let arrows = self.data(id).link_arrows;
                if id == card || leaving.contains(&id) || !self.card(id).face_up() || arrows == 0 {
                    continue;
                }
                if q == p && i == other {
                    goal = Some(nodes.len());
                }
                nodes.push((q, i, arrows));
            }
        }
        let Some(goal) = goal else { return false };
        let co_linked =
            |u: (Player, usize, u16), v: (Player, usize, u16)| Self::arrow_points(u.2, u.0, u.1, v.0, v.1) && Self::arrow_points(v.2, v.0, v.1, u.0, u.1);
        let mut seen = 1u32;
        let mut stack: SmallVec<[usize; 14]> = SmallVec::from_slice(&[0]);
        while let Some(u) = stack.pop() {
            if u == goal {
                return true;
            }
            for v in 0..nodes.len() {
                if seen & (1 << v) == 0 && co_linked(nodes[u], nodes[v]) {
                    seen |= 1 << v;
                    stack.push(v);
                }
            }
        }
        false
    }

    /// The zones `card` may be Special Summoned to by `p` (SUM-5, ZONE-3), as if the
    /// monsters in `leaving` had already left: free Main Monster Zones; from the Extra Deck
    /// also a free Extra Monster Zone (one per player from Master Rule 4; the second only
    /// through an Extra Link), and, where the
    /// edition restricts the monster (every Extra Deck monster under Master Rule 4; Link and
    /// face-up Pendulum monsters under Master Rule 2020), only that EMZ and linked zones.
    pub fn summon_zones(&self, p: Player, card: CardId, from_extra: bool, leaving: &[CardId]) -> SmallVec<[u8; 7]> {
        let ps = self.player(p);
        let taken = |i: usize| ps.monsters[i].is_some_and(|m| !leaving.contains(&m));
        let locked = if self.lingering.is_empty() { 0 } else { self.locked_zones(p) };
        let main: SmallVec<[u8; 7]> = (0..5u8).filter(|&i| !taken(i as usize) && locked & (1 << i) == 0).collect();
        if !from_extra || !self.edition.extra_monster_zones() {
            return main;
        }
        let holds_emz = taken(5) || taken(6);
        let opp = self.player(p.opp());
        let emz: SmallVec<[u8; 7]> = (5..7u8)
            .filter(|&i| !taken(i as usize) && opp.monsters[11 - i as usize].is_none() && (!holds_emz || self.extra_link_with(p, card, i as usize, leaving)))
            .collect();
        let d = self.data(card);
        let ed_pendulum = d.has(type_bits::PENDULUM) && self.card(card).zone() == Zone::Extra && self.card(card).face_up();
        let restricted = self.edition.all_extra_deck_monsters_need_emz() || d.kind == Kind::Monster(MonsterFrame::Link) || ed_pendulum;
        let mut out: SmallVec<[u8; 7]> = if restricted {
            let linked = self.linked_zones(p, leaving);
            main.into_iter().filter(|&z| linked & (1 << z) != 0).collect()
        } else {
            main
        };
        out.extend(emz);
        out
    }

    /// ZONE-4: the Pendulum Zones of `p` as (zone, slot): the separate zones (Master Rule 3)
    /// or the outer S/T zones (Master Rule 4 on); none before.
    pub fn pendulum_zones(&self) -> [(Zone, usize); 2] {
        if self.edition.separate_pendulum_zones() {
            [(Zone::Pendulum, 0), (Zone::Pendulum, 1)]
        } else {
            [(Zone::SpellTrap, 0), (Zone::SpellTrap, 4)]
        }
    }

    /// The Pendulum card in `p`'s left (0) or right (1) Pendulum Zone.
    pub fn pendulum_card(&self, p: Player, side: usize) -> Option<CardId> {
        if !self.edition.pendulum_summon() {
            return None;
        }
        let (z, i) = self.pendulum_zones()[side];
        self.player(p)
            .slot(z, i)
            .filter(|&c| self.data(c).has(type_bits::PENDULUM) && self.data(c).is_monster() && self.card(c).face_up() && self.card(c).equip_to.is_none())
    }

    /// SUM-12: the two Pendulum Scales of `p` (lower, higher), when both zones hold one.
    pub fn pendulum_scales(&self, p: Player) -> Option<(u8, u8)> {
        let (left, right) = (self.pendulum_card(p, 0)?, self.pendulum_card(p, 1)?);
        let l = self.scale_of(left, right, self.data(left).lscale);
        let r = self.scale_of(right, left, self.data(right).rscale);
        Some((l.min(r), l.max(r)))
    }

    /// A Pendulum card's scale next to `other` (the card in the other Pendulum Zone): its
    /// printed scale, unless its `PendulumRule::ScaleUnlessPartner` changes it.
    pub(super) fn scale_of(&self, card: CardId, other: CardId, printed: u8) -> u8 {
        let p = self.card(card).controller();
        for e in &self.pool.def(self.card(card).def).behavior.effects {
            for m in &e.modifiers {
                if let crate::effect::Modifier::Pendulum(crate::effect::PendulumRule::ScaleUnlessPartner { scale, partner }) = m {
                    if !self.filter_matches(partner, other, p, card) {
                        return *scale;
                    }
                }
            }
        }
        printed
    }

    /// `PendulumRule::ActivationNeeds`: may `p` activate this Pendulum card now?
    pub(super) fn scale_activation_allowed(&self, p: Player, card: CardId) -> bool {
        self.pool.def(self.card(card).def).behavior.effects.iter().flat_map(|e| e.modifiers.iter()).all(|m| match m {
            crate::effect::Modifier::Pendulum(crate::effect::PendulumRule::ActivationNeeds(c)) => self.static_condition(c, p, card),
            _ => true,
        })
    }

    /// A free Pendulum Zone of `p`, left first.
    pub(super) fn free_pendulum_zone(&self, p: Player) -> Option<(Zone, usize)> {
        self.pendulum_zones().into_iter().find(|&(z, i)| self.player(p).slot(z, i).is_none())
    }

    /// SUM-12, SPELL-8: a Pendulum monster leaving the field for the GY goes face-up to its
    /// owner's Extra Deck instead (not when its summon or activation was just negated).
    pub(crate) fn pendulum_to_extra(&self, id: CardId) -> bool {
        let c = self.card(id);
        let d = self.data(id);
        if !d.is_monster() || !d.has(type_bits::PENDULUM) || !c.zone().on_field() {
            return false;
        }
        self.negated_summon != Some(id) && !matches!(self.chain.iter().find(|l| l.card == id), Some(l) if l.activation_negated)
    }

    /// Puts a Pendulum monster face-up on top of its owner's Extra Deck.
    pub(crate) fn send_pendulum_to_extra(&mut self, id: CardId, reason: Reason) {
        let owner = self.card(id).owner();
        self.move_card(id, Dest { player: owner, zone: Zone::Extra, slot: None, position: Position::FaceUpAttack }, reason);
    }

    /// ERA table: may monsters of this kind be used in this edition (decks and play)?
    pub fn edition_allows(&self, data: &crate::card::CardData) -> bool {
        edition_allows(self.edition, data)
    }
}
