//! Ritual, Fusion, Synchro, Xyz, Pendulum and Link summons (SUM-7..SUM-14, ZONE-3, ZONE-4,
//! ZONE-10, SPELL-7, SPELL-8), per edition.
//!
//! The requirements are data: an Extra Deck monster declares its [`Materials`] (filters and
//! counts), a Ritual or Fusion spell declares an [`ExtraOp`] step. One generic machine picks
//! materials one card at a time: a card is offered only when the cards picked so far plus it
//! can still be completed to a valid set (and a zone stays available), and `done` is
//! offered once the set is valid. Synchro/Xyz/Link and the Pendulum Summon are Main Phase
//! actions of their own ([`ExtraTask`] frames: they start no chain and open the summon
//! negation window); Ritual and Fusion Summons run inside their spell's resolution.

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::action::Action;
use crate::card::{arrows, type_bits, Kind, MonsterFrame};
use crate::chain::ChainLink;
use crate::effect::{Filter, SpellSpeed};
use crate::engine::{Flow, Prompt, SelectPurpose, Task, Window, WindowKind};
use crate::event::{Event, Reason};
use crate::resolve::{OpFlow, Resolution};
use crate::state::{CardId, Dest, Duel};
use crate::types::{Loc, Player, Position, SummonKind, Zone};

/// The effect index of a Pendulum card's activation as a spell in a Pendulum Zone (SPELL-8):
/// listed as `activate X`.
pub const PENDULUM_SCALE: u8 = 7;
/// Key in `Duel::used` for a player's Pendulum Summon of the turn (SUM-12).
const PENDULUM_USED: u32 = 0xFFFF_FF01;
/// Work bound of one material search (TigerStyle: never hang; beyond it, "not possible").
const SEARCH_BUDGET: u32 = 4_000;

/// The materials an Extra Deck monster names (SUM-9..SUM-13), as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Materials {
    /// SUM-9: one monster per slot (a Fusion Substitute may fill one named slot).
    /// `by_polymerization`: false for "must be Special Summoned with <a specific card>".
    Fusion { slots: Vec<Filter>, by_polymerization: bool },
    /// SUM-10: 1 Tuner matching `tuner` + 1 or more non-Tuner monsters matching `non_tuner`.
    Synchro { tuner: Filter, non_tuner: Filter },
    /// SUM-11: `count` face-up monsters whose Level equals the Rank, matching `filter`.
    Xyz { count: u8, filter: Filter },
    /// SUM-13: `min..=max` face-up monsters matching `filter`; each counts 1, or a Link
    /// monster its Link rating; the total is the Link rating.
    Link { min: u8, max: u8, filter: Filter },
}

/// Where a Ritual spell takes the monsters it uses (SUM-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RitualFrom {
    /// Tribute monsters from the hand and/or field (face-down ones too).
    HandOrField,
    /// Send monsters from the Deck to the GY ("Advanced Ritual Art").
    Deck,
}

/// Summons run as a step of a spell's resolution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExtraOp {
    /// SUM-8: Ritual Summon 1 Ritual monster matching `monster` from the hand, using
    /// monsters matching `material` whose total Level equals (`exact`) or is at least its
    /// Level.
    Ritual { monster: Filter, from: RitualFrom, material: Filter, exact: bool },
    /// SUM-9: Fusion Summon 1 Fusion monster from the Extra Deck with materials from the
    /// hand and field.
    Fusion,
}

/// The summons that are actions of their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ProcKind {
    Synchro,
    Xyz,
    Link,
    Pendulum,
}

/// A Synchro/Xyz/Link/Pendulum Summon in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExtraTask {
    pub kind: ProcKind,
    pub player: Player,
    /// The Extra Deck monster (none for a Pendulum Summon).
    pub card: Option<CardId>,
    /// 0: pick; 1: zone; 2: position; 3: place; 4: after the negation window (Pendulum).
    pub stage: u8,
    /// Materials (or, for a Pendulum Summon, the monsters to summon).
    pub picked: Vec<CardId>,
    /// Chosen (card, zone, position) of each monster being placed.
    pub placed: Vec<(CardId, u8, Position)>,
}

/// What a material selection is for.
#[derive(Clone, Copy)]
enum Sel<'a> {
    Proc(ProcKind, Option<CardId>),
    Ritual { monster: CardId, from: RitualFrom, material: &'a Filter, exact: bool },
    Fusion(CardId),
}

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

    /// `Modifier::PendulumBattleLock`: may `p` not activate `card`'s effect `effect` because
    /// the opponent's Pendulum Zone card forbids it while their Pendulum monster battles?
    pub(crate) fn pendulum_battle_locked(&self, p: Player, card: CardId, effect: u8) -> bool {
        let q = p.opp();
        let Some(a) = self.current_attack() else { return false };
        let yours = |m: CardId| {
            let c = self.card(m);
            c.zone == Zone::Monster && c.face_up() && c.controller == q && self.data(m).has(type_bits::PENDULUM)
        };
        if !(yours(a.attacker) || a.target.is_some_and(yours)) {
            return false;
        }
        let card_activation = effect == PENDULUM_SCALE || self.effect_decl(card, effect).is_some_and(|e| e.kind.is_card_activation());
        card_activation
            && (0..2).filter_map(|side| self.pendulum_card(q, side)).any(|s| {
                self.pool.def(self.card(s).def).behavior.effects.iter().flat_map(|e| e.modifiers.iter()).any(|m| {
                    matches!(m, crate::effect::Modifier::PendulumBattleLock(f)
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
    /// (`Modifier::DestroyEquippedInstead`).
    pub(crate) fn battle_substitute(&self, card: CardId) -> Option<CardId> {
        if !self.restricted(card, |m| if let crate::effect::Modifier::DestroyEquippedInstead(s) = m { Some(s) } else { None }) {
            return None;
        }
        self.equipped_monster_card(card)
    }

    /// `Modifier::ReflectBattleDamage` applies to `card` and a monster card equips it.
    pub(crate) fn reflects_battle_damage(&self, card: CardId) -> bool {
        self.restricted(card, |m| if let crate::effect::Modifier::ReflectBattleDamage(s) = m { Some(s) } else { None })
            && self.equipped_monster_card(card).is_some()
    }

    /// A monster card (not an Equip Spell) equipped to `card`.
    pub(crate) fn equipped_monster_card(&self, card: CardId) -> Option<CardId> {
        self.card_ids().find(|&e| {
            let c = self.card(e);
            c.zone == Zone::SpellTrap && c.equip_to == Some(card) && self.data(e).is_monster()
        })
    }

    /// `Modifier::DoubleBattleDamage` applies to this monster.
    pub(crate) fn doubles_battle_damage(&self, card: CardId) -> bool {
        self.restricted(card, |m| if let crate::effect::Modifier::DoubleBattleDamage(s) = m { Some(s) } else { None })
    }

    /// A monster zone's place on the whole board, seen from player A: Main Monster Zones
    /// are rows 0 (A) and 2 (B), the Extra Monster Zones row 1 (columns 1 and 3).
    fn board_cell(p: Player, slot: usize) -> (i32, i32) {
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
        t.zone == Zone::Monster && source != target && self.points_to_zone(source, t.controller, t.slot as usize)
    }

    /// Does the face-up Link monster `source` point to monster zone `slot` of `p`?
    pub fn points_to_zone(&self, source: CardId, p: Player, slot: usize) -> bool {
        let s = self.card(source);
        if s.zone != Zone::Monster || !s.face_up() {
            return false;
        }
        Self::arrow_points(self.data(source).link_arrows, s.controller, s.slot as usize, p, slot)
    }

    /// Does a Link monster with arrows `a`, in monster zone `from` of `owner`, point to
    /// monster zone `slot` of `p`?
    fn arrow_points(a: u16, owner: Player, from: usize, p: Player, slot: usize) -> bool {
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
    fn extra_link_with(&self, p: Player, card: CardId, slot: usize, leaving: &[CardId]) -> bool {
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
        let main: SmallVec<[u8; 7]> = (0..5u8).filter(|&i| !taken(i as usize)).collect();
        if !from_extra || !self.edition.extra_monster_zones() {
            return main;
        }
        let holds_emz = taken(5) || taken(6);
        let opp = self.player(p.opp());
        let emz: SmallVec<[u8; 7]> = (5..7u8)
            .filter(|&i| !taken(i as usize) && opp.monsters[11 - i as usize].is_none() && (!holds_emz || self.extra_link_with(p, card, i as usize, leaving)))
            .collect();
        let d = self.data(card);
        let ed_pendulum = d.has(type_bits::PENDULUM) && self.card(card).zone == Zone::Extra && self.card(card).face_up();
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
    /// printed scale, unless its `Modifier::ScaleUnlessPartner` changes it.
    fn scale_of(&self, card: CardId, other: CardId, printed: u8) -> u8 {
        let p = self.card(card).controller;
        for e in &self.pool.def(self.card(card).def).behavior.effects {
            for m in &e.modifiers {
                if let crate::effect::Modifier::ScaleUnlessPartner { scale, partner } = m {
                    if !self.filter_matches(partner, other, p, card) {
                        return *scale;
                    }
                }
            }
        }
        printed
    }

    /// `Modifier::ScaleActivationNeeds`: may `p` activate this Pendulum card now?
    fn scale_activation_allowed(&self, p: Player, card: CardId) -> bool {
        self.pool.def(self.card(card).def).behavior.effects.iter().flat_map(|e| e.modifiers.iter()).all(|m| match m {
            crate::effect::Modifier::ScaleActivationNeeds(c) => self.static_condition(c, p, card),
            _ => true,
        })
    }

    /// A free Pendulum Zone of `p`, left first.
    fn free_pendulum_zone(&self, p: Player) -> Option<(Zone, usize)> {
        self.pendulum_zones().into_iter().find(|&(z, i)| self.player(p).slot(z, i).is_none())
    }

    /// SUM-12, SPELL-8: a Pendulum monster leaving the field for the GY goes face-up to its
    /// owner's Extra Deck instead (not when its summon or activation was just negated).
    pub(crate) fn pendulum_to_extra(&self, id: CardId) -> bool {
        let c = self.card(id);
        let d = self.data(id);
        if !d.is_monster() || !d.has(type_bits::PENDULUM) || !c.zone.on_field() {
            return false;
        }
        self.negated_summon != Some(id) && !matches!(self.chain.iter().find(|l| l.card == id), Some(l) if l.activation_negated)
    }

    /// Puts a Pendulum monster face-up on top of its owner's Extra Deck.
    pub(crate) fn send_pendulum_to_extra(&mut self, id: CardId, reason: Reason) {
        let owner = self.card(id).owner;
        self.move_card(id, Dest { player: owner, zone: Zone::Extra, slot: None, position: Position::FaceUpAttack }, reason);
    }

    /// ERA table: may monsters of this kind be used in this edition (decks and play)?
    pub fn edition_allows(&self, data: &crate::card::CardData) -> bool {
        edition_allows(self.edition, data)
    }

    // ---- material checks -------------------------------------------------------------

    fn materials_of(&self, card: CardId) -> Option<&Materials> {
        self.pool.def(self.card(card).def).behavior.materials.as_ref()
    }

    fn level_of(&self, id: CardId) -> u32 {
        let d = self.data(id);
        match d.kind {
            Kind::Monster(MonsterFrame::Xyz | MonsterFrame::Link) => 0,
            _ => self.current_level(id) as u32,
        }
    }

    /// Cards that may be picked for a selection (before the "can be completed" check).
    fn sel_pool(&self, sel: Sel<'_>, p: Player) -> Vec<CardId> {
        let ps = self.player(p);
        let face_up_monsters = || ps.monster_ids().filter(|&m| self.card(m).face_up());
        match sel {
            Sel::Proc(ProcKind::Pendulum, _) => {
                let Some((lo, hi)) = self.pendulum_scales(p) else { return Vec::new() };
                let fits = |c: CardId| {
                    let lv = self.level_of(c) as u8;
                    lv > lo && lv < hi && self.pendulum_summonable(c)
                };
                let hand = ps.hand.iter().copied().filter(|&c| self.data(c).is_monster() && fits(c));
                let extra = ps.extra.iter().copied().filter(|&c| self.card(c).face_up() && fits(c));
                hand.chain(extra).collect()
            }
            Sel::Proc(kind, Some(card)) => {
                let Some(m) = self.materials_of(card) else { return Vec::new() };
                match (kind, m) {
                    (ProcKind::Synchro, Materials::Synchro { .. }) => face_up_monsters().filter(|&c| self.level_of(c) > 0).collect(),
                    (ProcKind::Xyz, Materials::Xyz { filter, .. }) => {
                        let rank = self.data(card).level as u32;
                        face_up_monsters()
                            .filter(|&c| !self.data(c).is_token() && self.level_of(c) == rank && self.filter_matches(filter, c, p, card))
                            .collect()
                    }
                    (ProcKind::Link, Materials::Link { filter, .. }) => face_up_monsters().filter(|&c| self.filter_matches(filter, c, p, card)).collect(),
                    _ => Vec::new(),
                }
            }
            Sel::Proc(..) => Vec::new(),
            Sel::Ritual { monster, from, material, .. } => {
                let src: Vec<CardId> = match from {
                    RitualFrom::HandOrField => ps.hand.iter().copied().chain(ps.monster_ids()).collect(),
                    RitualFrom::Deck => ps.deck.clone(),
                };
                src.into_iter()
                    .filter(|&c| c != monster && self.data(c).is_monster() && self.level_of(c) > 0 && self.filter_matches(material, c, p, monster))
                    .collect()
            }
            Sel::Fusion(card) => {
                let Some(Materials::Fusion { slots, .. }) = self.materials_of(card) else { return Vec::new() };
                ps.hand
                    .iter()
                    .copied()
                    .chain(ps.monster_ids())
                    .filter(|&c| self.data(c).is_monster() && (self.is_substitute(c) || slots.iter().any(|f| self.filter_matches(f, c, p, card))))
                    .collect()
            }
        }
    }

    fn is_substitute(&self, c: CardId) -> bool {
        self.pool.def(self.card(c).def).behavior.fusion_substitute
    }

    /// May `c` be Pendulum Summoned (no summoning condition forbids it)?
    fn pendulum_summonable(&self, c: CardId) -> bool {
        let b = &self.pool.def(self.card(c).def).behavior;
        let d = self.data(c);
        let from_extra_ok = self.card(c).zone == Zone::Extra;
        !b.no_special_summon
            && (!b.no_normal_summon || from_extra_ok)
            && !matches!(d.kind, Kind::Monster(MonsterFrame::Ritual))
            && (!d.is_extra_deck() || from_extra_ok)
    }

    /// Is `set` a complete, valid selection (zone included)?
    fn sel_valid(&self, sel: Sel<'_>, p: Player, set: &[CardId]) -> bool {
        match sel {
            Sel::Proc(ProcKind::Pendulum, _) => {
                !set.is_empty() && (!self.edition.separate_pendulum_zones() || set.len() <= 5) && self.zones_assignable(p, set, &[])
            }
            Sel::Proc(kind, Some(card)) => {
                let Some(m) = self.materials_of(card) else { return false };
                let ok = match (kind, m) {
                    (ProcKind::Synchro, Materials::Synchro { tuner, non_tuner }) => {
                        let is_tuner = |c: CardId| self.data(c).has(type_bits::TUNER);
                        let tuners: Vec<CardId> = set.iter().copied().filter(|&c| is_tuner(c) && self.filter_matches(tuner, c, p, card)).collect();
                        let sum: u32 = set.iter().map(|&c| self.level_of(c)).sum();
                        tuners.len() == 1
                            && set.len() >= 2
                            && set.iter().filter(|&&c| c != tuners[0]).all(|&c| !is_tuner(c) && self.filter_matches(non_tuner, c, p, card))
                            && sum == self.data(card).level as u32
                    }
                    (ProcKind::Xyz, Materials::Xyz { count, .. }) => set.len() == *count as usize && *count >= 2,
                    (ProcKind::Link, Materials::Link { min, max, .. }) => {
                        (*min as usize..=*max as usize).contains(&set.len()) && self.link_total_ok(set, self.data(card).level as u32)
                    }
                    _ => false,
                };
                ok && !self.summon_zones(p, card, true, set).is_empty()
            }
            Sel::Proc(..) => false,
            Sel::Ritual { monster, exact, .. } => {
                let sum: u32 = set.iter().map(|&c| self.level_of(c)).sum();
                let lv = self.level_of(monster);
                // "Or more": no tribute may be unnecessary (without any one the total falls short).
                let sum_ok = if exact { sum == lv } else { sum >= lv && set.iter().all(|&c| sum - self.level_of(c) < lv) };
                sum_ok && !set.is_empty() && !self.summon_zones(p, monster, false, set).is_empty()
            }
            Sel::Fusion(card) => {
                let Some(Materials::Fusion { slots, .. }) = self.materials_of(card) else { return false };
                set.len() == slots.len() && self.fusion_matches(card, p, slots, set) && !self.summon_zones(p, card, true, set).is_empty()
            }
        }
    }

    /// May the selection still grow (a cheap bound that prunes the search)?
    fn sel_may_grow(&self, sel: Sel<'_>, set: &[CardId]) -> bool {
        let sum = || set.iter().map(|&c| self.level_of(c)).sum::<u32>();
        match sel {
            Sel::Proc(ProcKind::Pendulum, _) => set.is_empty(),
            Sel::Proc(kind, Some(card)) => match (kind, self.materials_of(card)) {
                (ProcKind::Synchro, _) => sum() < self.data(card).level as u32 && set.len() < 7,
                (ProcKind::Xyz, Some(Materials::Xyz { count, .. })) => set.len() < *count as usize,
                (ProcKind::Link, Some(Materials::Link { max, .. })) => set.len() < (*max as usize).min(self.data(card).level as usize),
                _ => false,
            },
            Sel::Proc(..) => false,
            Sel::Ritual { monster, .. } => sum() < self.level_of(monster),
            Sel::Fusion(card) => matches!(self.materials_of(card), Some(Materials::Fusion { slots, .. }) if set.len() < slots.len()),
        }
    }

    /// SUM-13: each material counts 1, or a Link monster its rating; can they total `target`?
    fn link_total_ok(&self, set: &[CardId], target: u32) -> bool {
        let mut reach: u64 = 1;
        for &c in set {
            let d = self.data(c);
            let r = if d.kind == Kind::Monster(MonsterFrame::Link) { d.level as u32 } else { 1 };
            reach = (reach << 1) | (reach << r.min(62));
        }
        target < 63 && reach & (1u64 << target) != 0
    }

    /// SUM-9: the cards fill the slots one each; at most one substitute fills a named slot.
    fn fusion_matches(&self, card: CardId, p: Player, slots: &[Filter], set: &[CardId]) -> bool {
        fn go(d: &Duel, card: CardId, p: Player, slots: &[Filter], set: &[CardId], used: &mut Vec<bool>, i: usize, subs: u8) -> bool {
            let Some(&c) = set.get(i) else { return true };
            for (s, f) in slots.iter().enumerate() {
                if used[s] {
                    continue;
                }
                let direct = d.filter_matches(f, c, p, card);
                let sub = !direct && subs == 0 && matches!(f, Filter::Named(_)) && d.is_substitute(c);
                if direct || sub {
                    used[s] = true;
                    if go(d, card, p, slots, set, used, i + 1, subs + sub as u8) {
                        return true;
                    }
                    used[s] = false;
                }
            }
            false
        }
        go(self, card, p, slots, set, &mut vec![false; slots.len()], 0, 0)
    }

    /// Can each monster get its own zone (Pendulum Summon of several at once)?
    fn zones_assignable(&self, p: Player, cards: &[CardId], taken: &[u8]) -> bool {
        fn go(d: &Duel, p: Player, cards: &[CardId], taken: &mut Vec<u8>) -> bool {
            let Some((&c, rest)) = cards.split_first() else { return true };
            let from_extra = d.card(c).zone == Zone::Extra;
            for z in d.summon_zones(p, c, from_extra, &[]) {
                // One Extra Monster Zone per player.
                if taken.contains(&z) || (z >= 5 && taken.iter().any(|&t| t >= 5)) {
                    continue;
                }
                taken.push(z);
                if go(d, p, rest, taken) {
                    return true;
                }
                taken.pop();
            }
            false
        }
        go(self, p, cards, &mut taken.to_vec())
    }

    /// Can `set` be completed to a valid selection with cards of `pool`?
    fn sel_completable(&self, sel: Sel<'_>, p: Player, set: &[CardId], pool: &[CardId]) -> bool {
        fn go(d: &Duel, sel: Sel<'_>, p: Player, set: &mut Vec<CardId>, pool: &[CardId], start: usize, budget: &mut u32) -> bool {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            if d.sel_valid(sel, p, set) {
                return true;
            }
            if !d.sel_may_grow(sel, set) {
                return false;
            }
            let mut tried: SmallVec<[(u32, u32, bool); 8]> = SmallVec::new();
            for i in start..pool.len() {
                let c = pool[i];
                if set.contains(&c) {
                    continue;
                }
                // Identical cards are interchangeable here.
                let sig = (d.card(c).code, d.level_of(c), d.card(c).zone.on_field());
                if tried.contains(&sig) {
                    continue;
                }
                tried.push(sig);
                set.push(c);
                let ok = go(d, sel, p, set, pool, i + 1, budget);
                set.pop();
                if ok {
                    return true;
                }
            }
            false
        }
        let mut budget = SEARCH_BUDGET;
        go(self, sel, p, &mut set.to_vec(), pool, 0, &mut budget)
    }

    /// The cards that may be picked next, and whether `done` may be answered now.
    fn sel_options(&self, sel: Sel<'_>, p: Player, picked: &[CardId]) -> (Vec<CardId>, bool) {
        let pool: Vec<CardId> = self.sel_pool(sel, p).into_iter().filter(|c| !picked.contains(c)).collect();
        let mut next = Vec::new();
        let mut tried: Vec<(u32, u32, Zone)> = Vec::new();
        let mut ok_sigs: Vec<(u32, u32, Zone)> = Vec::new();
        for &c in &pool {
            let sig = (self.card(c).code, self.level_of(c), self.card(c).zone);
            if ok_sigs.contains(&sig) {
                next.push(c);
                continue;
            }
            if tried.contains(&sig) {
                continue;
            }
            tried.push(sig);
            let mut set = picked.to_vec();
            set.push(c);
            if self.sel_completable(sel, p, &set, &pool) {
                ok_sigs.push(sig);
                next.push(c);
            }
        }
        (next, self.sel_valid(sel, p, picked))
    }

    // ---- legality --------------------------------------------------------------------

    /// The Main Phase actions of this module: Synchro/Xyz/Link Summons from the Extra
    /// Deck, the Pendulum Summon, and Pendulum cards activated as Pendulum Scales.
    pub(crate) fn extra_actions(&self, p: Player, out: &mut Vec<Action>) {
        let ps = self.player(p);
        let mut seen: Vec<u32> = Vec::new();
        for (i, &c) in ps.extra.iter().enumerate() {
            let code = self.card(c).code;
            if seen.contains(&code) || self.card(c).face_up() {
                continue;
            }
            seen.push(code);
            if self.proc_kind(c).is_some_and(|k| self.proc_possible(p, k, Some(c))) {
                out.push(Action::SpecialSummon(Loc::new(p, Zone::Extra, i)));
            }
        }
        if self.proc_possible(p, ProcKind::Pendulum, None) {
            out.push(Action::PendulumSummon);
        }
        if self.edition.pendulum_summon() && self.free_pendulum_zone(p).is_some() {
            let mut seen: Vec<u32> = Vec::new();
            for (i, &c) in ps.hand.iter().enumerate() {
                let code = self.card(c).code;
                if seen.contains(&code) || !self.data(c).has(type_bits::PENDULUM) || !self.data(c).is_monster() || !self.scale_activation_allowed(p, c) {
                    continue;
                }
                seen.push(code);
                out.push(Action::Activate { card: Loc::new(p, Zone::Hand, i), effect: PENDULUM_SCALE });
            }
        }
    }

    /// The summon an Extra Deck card is brought out with by an action of its own.
    pub fn proc_kind(&self, c: CardId) -> Option<ProcKind> {
        match self.materials_of(c)? {
            Materials::Synchro { .. } => Some(ProcKind::Synchro),
            Materials::Xyz { .. } => Some(ProcKind::Xyz),
            Materials::Link { .. } => Some(ProcKind::Link),
            Materials::Fusion { .. } => None,
        }
    }

    fn proc_possible(&self, p: Player, kind: ProcKind, card: Option<CardId>) -> bool {
        let edition_ok = match kind {
            ProcKind::Synchro => self.edition.synchro(),
            ProcKind::Xyz => self.edition.xyz(),
            ProcKind::Link => self.edition.link(),
            ProcKind::Pendulum => {
                self.edition.pendulum_summon() && !self.used.iter().any(|&(k, e, t)| k == PENDULUM_USED && e == p.idx() as u8 && t == self.turn)
            }
        };
        if !edition_ok || card.is_some_and(|c| !self.edition_allows(self.data(c))) {
            return false;
        }
        let sel = Sel::Proc(kind, card);
        let pool = self.sel_pool(sel, p);
        self.sel_completable(sel, p, &[], &pool)
    }

    /// Could a Ritual/Fusion step find a monster and materials now (activation legality)?
    pub(crate) fn extra_op_possible(&self, op: &ExtraOp, p: Player, source: CardId) -> bool {
        !self.extra_op_monsters(op, p, source).is_empty()
    }

    fn extra_op_monsters(&self, op: &ExtraOp, p: Player, source: CardId) -> Vec<CardId> {
        let ps = self.player(p);
        let mut seen: Vec<u32> = Vec::new();
        let mut out = Vec::new();
        let list: Vec<CardId> = match op {
            ExtraOp::Ritual { monster, .. } => ps
                .hand
                .iter()
                .copied()
                .filter(|&c| c != source && matches!(self.data(c).kind, Kind::Monster(MonsterFrame::Ritual)) && self.filter_matches(monster, c, p, source))
                .collect(),
            ExtraOp::Fusion => ps
                .extra
                .iter()
                .copied()
                .filter(|&c| {
                    !self.card(c).face_up()
                        && self.edition_allows(self.data(c))
                        && matches!(self.materials_of(c), Some(Materials::Fusion { by_polymerization: true, .. }))
                })
                .collect(),
        };
        for c in list {
            let code = self.card(c).code;
            if seen.contains(&code) {
                continue;
            }
            seen.push(code);
            let sel = self.op_sel(op, c);
            let pool = self.sel_pool(sel, p);
            if self.sel_completable(sel, p, &[], &pool) {
                out.push(c);
            }
        }
        // Every copy of a possible monster may be picked.
        let codes: Vec<u32> = out.iter().map(|&c| self.card(c).code).collect();
        let all = match op {
            ExtraOp::Ritual { .. } => &ps.hand,
            ExtraOp::Fusion => &ps.extra,
        };
        all.iter().copied().filter(|&c| c != source && codes.contains(&self.card(c).code) && (op != &ExtraOp::Fusion || !self.card(c).face_up())).collect()
    }

    fn op_sel<'a>(&self, op: &'a ExtraOp, monster: CardId) -> Sel<'a> {
        match op {
            ExtraOp::Ritual { from, material, exact, .. } => Sel::Ritual { monster, from: *from, material, exact: *exact },
            ExtraOp::Fusion => Sel::Fusion(monster),
        }
    }

    // ---- the procedures --------------------------------------------------------------

    /// Starts `synchro/xyz/link summon X` or `pendulum summon` (SUM-10..SUM-13).
    pub(crate) fn start_extra_summon(&mut self, p: Player, card: Option<CardId>) {
        let kind = match card {
            Some(c) => match self.proc_kind(c) {
                Some(k) => k,
                None => return,
            },
            None => ProcKind::Pendulum,
        };
        self.tasks.push(Task::Extra(Box::new(ExtraTask { kind, player: p, card, stage: 0, picked: Vec::new(), placed: Vec::new() })));
    }

    pub(crate) fn step_extra(&mut self, mut t: Box<ExtraTask>) -> Flow {
        let p = t.player;
        let sel = Sel::Proc(t.kind, t.card);
        match t.stage {
            0 => {
                if self.take_answer().is_some() {
                    let picked = match std::mem::replace(&mut self.prompt, Prompt::Over) {
                        Prompt::Select { picked, .. } => picked,
                        _ => Vec::new(),
                    };
                    // One more card picked: ask again; the same cards and `done`: finished.
                    if picked.len() > t.picked.len() {
                        t.picked = picked;
                    } else {
                        t.stage = 1;
                    }
                    self.tasks.push(Task::Extra(t));
                    return Flow::Continue;
                }
                let (candidates, done_ok) = self.sel_options(sel, p, &t.picked);
                if candidates.is_empty() && !done_ok {
                    return Flow::Continue; // nothing possible any more: the summon is not made
                }
                let purpose = if t.kind == ProcKind::Pendulum { SelectPurpose::Effect } else { SelectPurpose::Cost };
                let (min, max) = picked_bounds(t.picked.len(), done_ok);
                let picked = t.picked.clone();
                self.tasks.push(Task::Extra(t));
                Flow::Ask(Prompt::Select { player: p, purpose, candidates, min, max, picked })
            }
            1 => {
                // Zone (and position) of the next monster to place.
                let (card, from_extra, leaving): (CardId, bool, Vec<CardId>) = match t.card {
                    Some(c) => (c, true, t.picked.clone()),
                    None => {
                        let Some(&c) = t.picked.get(t.placed.len()) else {
                            t.stage = 3;
                            self.tasks.push(Task::Extra(t));
                            return Flow::Continue;
                        };
                        (c, self.card(c).zone == Zone::Extra, Vec::new())
                    }
                };
                let taken: Vec<u8> = t.placed.iter().map(|x| x.1).collect();
                let rest: Vec<CardId> = if t.card.is_none() { t.picked[t.placed.len() + 1..].to_vec() } else { Vec::new() };
                let zones: SmallVec<[u8; 7]> = self
                    .summon_zones(p, card, from_extra, &leaving)
                    .into_iter()
                    .filter(|&z| !taken.contains(&z) && !(z >= 5 && taken.iter().any(|&x| x >= 5)))
                    .filter(|&z| {
                        let mut tk = taken.clone();
                        tk.push(z);
                        rest.is_empty() || self.zones_assignable(p, &rest, &tk)
                    })
                    .collect();
                if zones.is_empty() {
                    return Flow::Continue;
                }
                match self.take_answer() {
                    Some(Action::Zone(z)) if zones.contains(&z) => {
                        let link = self.data(card).kind == Kind::Monster(MonsterFrame::Link);
                        t.placed.push((card, z, Position::FaceUpAttack));
                        // SUM-13: a Link monster is always in Attack Position (no question).
                        t.stage = match (link, t.card.is_some()) {
                            (false, _) => 2,
                            (true, true) => 3,
                            (true, false) => 1,
                        };
                        self.tasks.push(Task::Extra(t));
                        Flow::Continue
                    }
                    _ => {
                        self.tasks.push(Task::Extra(t));
                        Flow::Ask(Prompt::Zone { player: p, zones })
                    }
                }
            }
            2 => {
                let Some(&(card, _, _)) = t.placed.last() else { return Flow::Continue };
                match self.take_answer() {
                    Some(Action::Position(pos)) if pos.face_up() => {
                        if let Some(last) = t.placed.last_mut() {
                            last.2 = pos;
                        }
                        t.stage = if t.card.is_some() { 3 } else { 1 };
                        self.tasks.push(Task::Extra(t));
                        Flow::Continue
                    }
                    _ => {
                        self.tasks.push(Task::Extra(t));
                        let options = SmallVec::from_slice(&[Position::FaceUpAttack, Position::FaceUpDefense]);
                        Flow::Ask(Prompt::Position { player: p, card, options })
                    }
                }
            }
            3 => {
                self.place_extra_summon(&mut t);
                Flow::Continue
            }
            _ => {
                // After the Pendulum Summon's negation window (SUM-3, SUM-12).
                self.summon_pending = None;
                let negated = t.placed.first().is_none_or(|&(c, _, _)| self.card(c).zone != Zone::Monster);
                if negated {
                    for &(c, _, _) in t.placed.iter().skip(1) {
                        if self.card(c).zone == Zone::Monster {
                            self.negate_summon(c);
                        }
                    }
                    return Flow::Continue;
                }
                self.new_timing();
                for &(c, _, _) in &t.placed {
                    if self.card(c).zone == Zone::Monster {
                        self.cards[c.0 as usize].properly_summoned = true;
                        self.emit(Event::SpecialSummoned { card: c });
                    }
                }
                self.enforce_forced_defense();
                self.tasks.push(Task::Window(Window { kind: WindowKind::AfterSummon, holder: self.turn_player, passed: false, dest: None }));
                Flow::Continue
            }
        }
    }

    /// Materials leave, the monster(s) are placed, and the summon-negation window opens.
    fn place_extra_summon(&mut self, t: &mut ExtraTask) {
        let p = t.player;
        self.new_timing();
        match t.kind {
            ProcKind::Synchro | ProcKind::Link => {
                for &m in &t.picked {
                    self.send_to_gy(m, Reason::Material);
                }
            }
            ProcKind::Xyz => {
                for &m in &t.picked {
                    let owner = self.card(m).owner;
                    // ZONE-10: stacked under the Xyz monster (its own materials go to the GY).
                    let under = std::mem::take(&mut self.cards[m.0 as usize].materials);
                    for u in under {
                        let uo = self.card(u).owner;
                        self.move_card(u, Dest { player: uo, zone: Zone::Gy, slot: None, position: Position::FaceUpAttack }, Reason::Rule);
                    }
                    let _ = owner;
                    self.move_card(m, Dest { player: p, zone: Zone::Material, slot: None, position: Position::FaceUpAttack }, Reason::Material);
                }
            }
            ProcKind::Pendulum => {
                self.used.push((PENDULUM_USED, p.idx() as u8, self.turn));
            }
        }
        self.new_timing();
        let kind = match t.kind {
            ProcKind::Synchro => SummonKind::Synchro,
            ProcKind::Xyz => SummonKind::Xyz,
            ProcKind::Link => SummonKind::Link,
            ProcKind::Pendulum => SummonKind::Pendulum,
        };
        for &(c, z, pos) in &t.placed {
            self.move_card(c, Dest { player: p, zone: Zone::Monster, slot: Some(z), position: pos }, Reason::Summon);
            let st = &mut self.cards[c.0 as usize];
            st.summon = kind;
            st.materials_count = t.picked.len() as u8;
        }
        match t.card {
            Some(card) => {
                if t.kind == ProcKind::Xyz {
                    let slot = self.card(card).slot;
                    for &m in &t.picked {
                        self.cards[m.0 as usize].slot = slot;
                        self.cards[m.0 as usize].controller = p;
                        self.cards[card.0 as usize].materials.push(m);
                    }
                }
                self.open_summon_windows(card, kind);
            }
            None => {
                let Some(&(first, _, _)) = t.placed.first() else { return };
                self.summon_pending = Some(first);
                t.stage = 4;
                self.tasks.push(Task::Extra(Box::new(t.clone())));
                self.tasks.push(Task::Window(Window { kind: WindowKind::SummonNegation, holder: self.turn_player, passed: false, dest: None }));
            }
        }
    }

    /// SPELL-8: a Pendulum card is placed in a free Pendulum Zone as a Spell activation
    /// (spell speed 1; a response window follows; its resolution does nothing more).
    pub(crate) fn activate_pendulum_scale(&mut self, p: Player, card: CardId) {
        let Some((zone, slot)) = self.free_pendulum_zone(p) else { return };
        self.move_card(card, Dest { player: p, zone, slot: Some(slot as u8), position: Position::FaceUpAttack }, Reason::Activate);
        self.cards[card.0 as usize].active = true;
        let link = ChainLink {
            card,
            effect: PENDULUM_SCALE,
            controller: p,
            speed: SpellSpeed::One,
            targets: SmallVec::new(),
            card_moves: self.card(card).moves,
            from: zone,
            activation_negated: false,
            effect_negated: false,
            event_card: None,
            cost_value: 0,
        };
        self.chain.push(link);
        self.emit(Event::Activated { card, effect: PENDULUM_SCALE, link: self.chain.len() as u8 });
        self.tasks.push(Task::Window(Window { kind: WindowKind::Chain, holder: p.opp(), passed: false, dest: None }));
    }

    /// ZONE-10: detach the material `m` (a cost, chosen by the player); it goes to the GY.
    pub(crate) fn detach_material(&mut self, m: CardId) {
        if self.card(m).zone == Zone::Material {
            let owner = self.card(m).owner;
            self.move_card(m, Dest { player: owner, zone: Zone::Gy, slot: None, position: Position::FaceUpAttack }, Reason::Cost);
        }
    }

    // ---- Ritual and Fusion steps of a resolution (SUM-8, SUM-9, SUM-14) ----------------

    pub(crate) fn run_extra_op(&mut self, op: &ExtraOp, r: &mut Resolution) -> OpFlow {
        let p = r.link.controller;
        let source = r.link.card;
        let picked_answer = |d: &mut Duel| match std::mem::replace(&mut d.prompt, Prompt::Over) {
            Prompt::Select { picked, .. } => picked,
            _ => Vec::new(),
        };
        match r.stage {
            0 => {
                if self.take_answer().is_some() {
                    let picked = picked_answer(self);
                    let Some(&m) = picked.first() else { return OpFlow::Stop };
                    r.chosen = SmallVec::from_slice(&[m]);
                    r.list.clear();
                    r.stage = 1;
                    return OpFlow::Again;
                }
                let candidates = self.extra_op_monsters(op, p, source);
                if candidates.is_empty() {
                    r.did = false;
                    return OpFlow::Stop;
                }
                OpFlow::Ask(Prompt::Select { player: p, purpose: SelectPurpose::Effect, candidates, min: 1, max: 1, picked: Vec::new() })
            }
            1 => {
                let Some(&m) = r.chosen.first() else { return OpFlow::Stop };
                let sel = self.op_sel(op, m);
                if self.take_answer().is_some() {
                    let picked = picked_answer(self);
                    if picked.len() > r.list.len() {
                        r.list = picked.into_iter().collect();
                    } else {
                        r.stage = 2;
                    }
                    return OpFlow::Again;
                }
                let (candidates, done_ok) = self.sel_options(sel, p, &r.list);
                if candidates.is_empty() && !done_ok {
                    return OpFlow::Stop;
                }
                let purpose = if matches!(op, ExtraOp::Ritual { from: RitualFrom::HandOrField, .. }) { SelectPurpose::Tribute } else { SelectPurpose::Effect };
                let (min, max) = picked_bounds(r.list.len(), done_ok);
                OpFlow::Ask(Prompt::Select { player: p, purpose, candidates, min, max, picked: r.list.to_vec() })
            }
            2 => {
                // The materials leave (face-down ones too), then the monster is placed.
                self.new_timing();
                let list = r.list.clone();
                for c in list {
                    let reason = match op {
                        ExtraOp::Ritual { from: RitualFrom::HandOrField, .. } => Reason::Tribute,
                        _ => Reason::Material,
                    };
                    self.send_to_gy(c, reason);
                }
                r.stage = 3;
                OpFlow::Again
            }
            3 => {
                let Some(&m) = r.chosen.first() else { return OpFlow::Stop };
                let zones = self.summon_zones(p, m, matches!(op, ExtraOp::Fusion), &[]);
                if zones.is_empty() {
                    return OpFlow::Stop;
                }
                match self.take_answer() {
                    Some(Action::Zone(z)) if zones.contains(&z) => {
                        r.zone = Some(z);
                        r.stage = 4;
                        OpFlow::Again
                    }
                    _ => OpFlow::Ask(Prompt::Zone { player: p, zones: zones.into_iter().collect() }),
                }
            }
            _ => {
                let Some(&m) = r.chosen.first() else { return OpFlow::Stop };
                let options: SmallVec<[Position; 2]> = SmallVec::from_slice(&[Position::FaceUpAttack, Position::FaceUpDefense]);
                let pos = match self.take_answer() {
                    Some(Action::Position(x)) if options.contains(&x) => x,
                    _ => return OpFlow::Ask(Prompt::Position { player: p, card: m, options }),
                };
                let zone = r.zone.take().unwrap_or(0);
                self.special_summon(m, p, zone, pos);
                let st = &mut self.cards[m.0 as usize];
                st.summon = if matches!(op, ExtraOp::Fusion) { SummonKind::Fusion } else { SummonKind::Ritual };
                st.materials_count = r.list.len() as u8;
                r.did = true;
                r.counted = 1;
                OpFlow::Next
            }
        }
    }
}

/// A material selection goes on one card at a time: the prompt carries the cards picked
/// so far, takes one more, and offers `done` once the set is valid.
fn picked_bounds(n: usize, done_ok: bool) -> (u8, u8) {
    let n = n.min(250) as u8;
    (n + u8::from(!done_ok), n + 1)
}

/// ERA table: Synchro monsters and Tuners from Master Rule 1, Xyz from Master Rule 2,
/// Pendulum from Master Rule 3, Link from Master Rule 4.
pub fn edition_allows(e: crate::edition::Edition, d: &crate::card::CardData) -> bool {
    if !d.is_monster() {
        return true;
    }
    (e.synchro() || !d.has(type_bits::SYNCHRO | type_bits::TUNER))
        && (e.xyz() || !d.has(type_bits::XYZ))
        && (e.pendulum_summon() || !d.has(type_bits::PENDULUM))
        && (e.link() || !d.has(type_bits::LINK))
}
