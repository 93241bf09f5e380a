//! Material checks: which sets of cards can summon a monster (SUM-8..SUM-13), and which
//! summons are possible now.

use smallvec::SmallVec;

use super::*;
use crate::action::Action;
use crate::card::{type_bits, Kind, MonsterFrame};
use crate::effect::Filter;
use crate::state::{CardId, Duel};
use crate::types::{Loc, Player, Zone};

/// The cards a material selection may pick from.
pub(super) type Pool = SmallVec<[CardId; 64]>;
impl Duel {
    // ---- material checks -------------------------------------------------------------

    pub(super) fn materials_of(&self, card: CardId) -> Option<&Materials> {
        self.pool.def(self.card(card).def).behavior.materials.as_ref()
    }

    pub(super) fn level_of(&self, id: CardId) -> u32 {
        let d = self.data(id);
        match d.kind {
            Kind::Monster(MonsterFrame::Xyz | MonsterFrame::Link) => 0,
            _ => self.current_level(id) as u32,
        }
    }

    /// Cards that may be picked for a selection (before the "can be completed" check).
    /// The cards a material selection may use (inline up to 64: no allocation in practice).
    pub(super) fn sel_pool(&self, sel: Sel<'_>, p: Player) -> Pool {
        let ps = self.player(p);
        let face_up_monsters = || ps.monster_ids().filter(|&m| self.card(m).face_up());
        match sel {
            Sel::Proc(ProcKind::Pendulum, _) => {
                let Some((lo, hi)) = self.pendulum_scales(p) else { return Pool::new() };
                let fits = |c: CardId| {
                    let lv = self.level_of(c) as u8;
                    lv > lo && lv < hi && self.pendulum_summonable(c)
                };
                let hand = ps.hand.iter().copied().filter(|&c| self.data(c).is_monster() && fits(c));
                let extra = ps.extra.iter().copied().filter(|&c| self.card(c).face_up() && fits(c));
                hand.chain(extra).collect()
            }
            Sel::Proc(kind, Some(card)) => {
                let Some(m) = self.materials_of(card) else { return Pool::new() };
                match (kind, m) {
                    (ProcKind::Synchro, Materials::Synchro { tuner, .. }) => face_up_monsters()
                        .filter(|&c| {
                            self.level_of(c) > 0
                                && self.synchro_material_ok(c, tuner)
                                && self.synchro_limit_allows(c, card, p)
                                && !self.restricted(c, |m| m.cannot_scope(crate::effect::Act::BeSynchroMaterial))
                        })
                        .collect(),
                    (ProcKind::Xyz, Materials::Xyz { filter, .. }) => {
                        let rank = self.data(card).level as u32;
                        face_up_monsters()
                            .filter(|&c| !self.data(c).is_token() && self.level_of(c) == rank && self.filter_matches(filter, c, p, card))
                            .collect()
                    }
                    (ProcKind::Link, Materials::Link { filter, .. }) => face_up_monsters().filter(|&c| self.filter_matches(filter, c, p, card)).collect(),
                    (ProcKind::FieldFusion, Materials::FieldFusion { first, rest, either_field, into_deck, .. }) => {
                        let theirs = self.player(p.opp()).monster_ids().filter(|_| *either_field);
                        // A Contact Fusion may use the summoner's face-down monsters (revealed).
                        ps.monster_ids()
                            .filter(|&c| *into_deck || self.card(c).face_up())
                            .chain(theirs.filter(|&c| self.card(c).face_up()))
                            .filter(|&c| self.filter_matches(first, c, p, card) || self.filter_matches(rest, c, p, card))
                            .collect()
                    }
                    _ => Pool::new(),
                }
            }
            Sel::Proc(..) => Pool::new(),
            Sel::Ritual { monster, from, material, .. } => {
                let fits = |&c: &CardId| c != monster && self.data(c).is_monster() && self.level_of(c) > 0 && self.filter_matches(material, c, p, monster);
                match from {
                    RitualFrom::HandOrField => ps.hand.iter().copied().chain(ps.monster_ids().filter(|&m| !self.cannot_be_tributed(m))).filter(fits).collect(),
                    RitualFrom::Deck => ps.deck.iter().copied().filter(fits).collect(),
                }
            }
            Sel::Fusion(card, FusionFrom::Deck) => {
                let Some(Materials::Fusion { slots, .. }) = self.materials_of(card) else { return Pool::new() };
                ps.deck.iter().copied().filter(|&c| self.data(c).is_monster() && slots.iter().any(|f| self.filter_matches(f, c, p, card))).collect()
            }
            Sel::Fusion(card, from) => {
                let Some(Materials::Fusion { slots, .. }) = self.materials_of(card) else { return Pool::new() };
                let first: &[CardId] = if from == FusionFrom::FieldOrGy { &ps.gy } else { &ps.hand };
                first
                    .iter()
                    .copied()
                    .chain(ps.monster_ids())
                    .filter(|&c| self.data(c).is_monster() && (self.is_substitute(c) || slots.iter().any(|f| self.filter_matches(f, c, p, card))))
                    .collect()
            }
        }
    }

    /// SUM-10: may `c` stand in for the Tuner this requirement names (a "Synchron" Tuner
    /// for "Quickdraw Synchron")?
    fn substitute_ok(&self, c: CardId, tuner: &Filter) -> bool {
        let names = &self.pool.def(self.card(c).def).behavior.tuner_substitute_for;
        let Filter::Named(code) = tuner else { return false };
        self.data(c).has(type_bits::TUNER) && names.contains(code)
    }

    /// A Tuner substitute is Synchro Material only for a monster naming a Tuner it stands for.
    fn synchro_material_ok(&self, c: CardId, tuner: &Filter) -> bool {
        self.pool.def(self.card(c).def).behavior.tuner_substitute_for.is_empty() || self.substitute_ok(c, tuner)
    }

    /// SUM-10: may `c` be Synchro Material for `card` at all (its own limit)?
    fn synchro_limit_allows(&self, c: CardId, card: CardId, p: Player) -> bool {
        match &self.pool.def(self.card(c).def).behavior.synchro_material_limit {
            Some(limit) => self.filter_matches(&limit.for_monster, card, p, c),
            None => true,
        }
    }

    /// SUM-10: does every material's limit hold for this set ("the other Synchro Materials
    /// cannot be Level 4")?
    fn synchro_limits_hold(&self, set: &[CardId], card: CardId, p: Player) -> bool {
        set.iter().all(|&c| match &self.pool.def(self.card(c).def).behavior.synchro_material_limit {
            Some(limit) => self.filter_matches(&limit.for_monster, card, p, c) && set.iter().all(|&o| o == c || self.filter_matches(&limit.others, o, p, c)),
            None => true,
        })
    }

    pub(super) fn is_substitute(&self, c: CardId) -> bool {
        self.pool.def(self.card(c).def).behavior.fusion_substitute
    }

    /// May `c` be Pendulum Summoned (no summoning condition forbids it)?
    pub(super) fn pendulum_summonable(&self, c: CardId) -> bool {
        let b = &self.pool.def(self.card(c).def).behavior;
        let d = self.data(c);
        let from_extra_ok = self.card(c).zone() == Zone::Extra;
        !b.no_special_summon
            && (!b.no_normal_summon || from_extra_ok)
            && !matches!(d.kind, Kind::Monster(MonsterFrame::Ritual))
            && (!d.is_extra_deck() || from_extra_ok)
    }

    /// Is `set` a complete, valid selection (zone included)?
    pub(super) fn sel_valid(&self, sel: Sel<'_>, p: Player, set: &[CardId]) -> bool {
        match sel {
            Sel::Proc(ProcKind::Pendulum, _) => {
                !set.is_empty() && (!self.edition.separate_pendulum_zones() || set.len() <= 5) && self.zones_assignable(p, set, &[])
            }
            Sel::Proc(kind, Some(card)) => {
                let Some(m) = self.materials_of(card) else { return false };
                let ok = match (kind, m) {
                    (ProcKind::Synchro, Materials::Synchro { tuner, non_tuner, min, max }) => {
                        let is_tuner = |c: CardId| self.data(c).has(type_bits::TUNER);
                        let as_tuner = |c: CardId| self.substitute_ok(c, tuner) || (is_tuner(c) && self.filter_matches(tuner, c, p, card));
                        let tuners: SmallVec<[CardId; 2]> = set.iter().copied().filter(|&c| as_tuner(c)).collect();
                        let sum: u32 = set.iter().map(|&c| self.level_of(c)).sum();
                        let non_tuners = set.len().saturating_sub(1);
                        tuners.len() == 1
                            && (*min as usize..=*max as usize).contains(&non_tuners)
                            && non_tuners >= 1
                            && set.iter().all(|&c| self.synchro_material_ok(c, tuner))
                            && set.iter().filter(|&&c| c != tuners[0]).all(|&c| !is_tuner(c) && self.filter_matches(non_tuner, c, p, card))
                            && sum == self.data(card).level as u32
                            && self.synchro_limits_hold(set, card, p)
                    }
                    (ProcKind::Xyz, Materials::Xyz { count, .. }) => set.len() == *count as usize && *count >= 2,
                    (ProcKind::Link, Materials::Link { min, max, .. }) => {
                        (*min as usize..=*max as usize).contains(&set.len()) && self.link_total_ok(set, self.data(card).level as u32)
                    }
                    (ProcKind::FieldFusion, Materials::FieldFusion { first, rest, min, max, .. }) => {
                        let others = set.len().saturating_sub(1);
                        (*min as usize..=*max as usize).contains(&others)
                            && others >= 1
                            && set
                                .iter()
                                .any(|&f| self.filter_matches(first, f, p, card) && set.iter().all(|&c| c == f || self.filter_matches(rest, c, p, card)))
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
            Sel::Fusion(card, from) => {
                let Some(Materials::Fusion { slots, .. }) = self.materials_of(card) else { return false };
                let deck = from == FusionFrom::Deck;
                set.len() == slots.len() && self.fusion_matches(card, p, slots, set, !deck) && (deck || !self.summon_zones(p, card, true, set).is_empty())
            }
        }
    }

    /// May the selection still grow (a cheap bound that prunes the search)?
    pub(super) fn sel_may_grow(&self, sel: Sel<'_>, set: &[CardId]) -> bool {
        let sum = || set.iter().map(|&c| self.level_of(c)).sum::<u32>();
        match sel {
            Sel::Proc(ProcKind::Pendulum, _) => set.is_empty(),
            Sel::Proc(kind, Some(card)) => match (kind, self.materials_of(card)) {
                (ProcKind::Synchro, Some(Materials::Synchro { max, .. })) => sum() < self.data(card).level as u32 && set.len() < 7.min(*max as usize + 1),
                (ProcKind::Xyz, Some(Materials::Xyz { count, .. })) => set.len() < *count as usize,
                (ProcKind::Link, Some(Materials::Link { max, .. })) => set.len() < (*max as usize).min(self.data(card).level as usize),
                (ProcKind::FieldFusion, Some(Materials::FieldFusion { max, .. })) => set.len() <= *max as usize,
                _ => false,
            },
            Sel::Proc(..) => false,
            Sel::Ritual { monster, .. } => sum() < self.level_of(monster),
            Sel::Fusion(card, _) => matches!(self.materials_of(card), Some(Materials::Fusion { slots, .. }) if set.len() < slots.len()),
        }
    }

    /// SUM-13: each material counts 1, or a Link monster its rating; can they total `target`?
    pub(super) fn link_total_ok(&self, set: &[CardId], target: u32) -> bool {
        let mut reach: u64 = 1;
        for &c in set {
            let d = self.data(c);
            let r = if d.kind == Kind::Monster(MonsterFrame::Link) { d.level as u32 } else { 1 };
            reach = (reach << 1) | (reach << r.min(62));
        }
        target < 63 && reach & (1u64 << target) != 0
    }

    /// SUM-9: the cards fill the slots one each; at most one substitute fills a named slot.
    /// `subs_ok`: a Fusion Substitute may stand in at all.
    pub(super) fn fusion_matches(&self, card: CardId, p: Player, slots: &[Filter], set: &[CardId], subs_ok: bool) -> bool {
        // "Only with the above materials": no Fusion Substitute.
        let subs = u8::from(self.pool.def(self.card(card).def).behavior.fusion_materials_only || !subs_ok);
        fn go(d: &Duel, card: CardId, p: Player, slots: &[Filter], set: &[CardId], used: &mut SmallVec<[bool; 8]>, i: usize, subs: u8) -> bool {
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
        go(self, card, p, slots, set, &mut smallvec::smallvec![false; slots.len()], 0, subs)
    }

    /// Can each monster get its own zone (Pendulum Summon of several at once)?
    pub(super) fn zones_assignable(&self, p: Player, cards: &[CardId], taken: &[u8]) -> bool {
        fn go(d: &Duel, p: Player, cards: &[CardId], taken: &mut SmallVec<[u8; 8]>) -> bool {
            let Some((&c, rest)) = cards.split_first() else { return true };
            let from_extra = d.card(c).zone() == Zone::Extra;
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
        go(self, p, cards, &mut SmallVec::from_slice(taken))
    }

    /// Can `set` be completed to a valid selection with cards of `pool`?
    pub(super) fn sel_completable(&self, sel: Sel<'_>, p: Player, set: &[CardId], pool: &[CardId]) -> bool {
        fn go(d: &Duel, sel: Sel<'_>, p: Player, set: &mut SmallVec<[CardId; 16]>, pool: &[CardId], start: usize, budget: &mut u32) -> bool {
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
            // Identical cards are interchangeable here: an earlier one was tried already.
            let sig = |c: CardId| (d.card(c).code, d.level_of(c), d.card(c).zone().on_field());
            for i in start..pool.len() {
                let c = pool[i];
                if set.contains(&c) || pool[start..i].iter().any(|&x| !set.contains(&x) && sig(x) == sig(c)) {
                    continue;
                }
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
        go(self, sel, p, &mut SmallVec::from_slice(set), pool, 0, &mut budget)
    }

    /// The cards that may be picked next, and whether `done` may be answered now.
    pub(super) fn sel_options(&self, sel: Sel<'_>, p: Player, picked: &[CardId]) -> (Vec<CardId>, bool) {
        let pool: Pool = self.sel_pool(sel, p).into_iter().filter(|c| !picked.contains(c)).collect();
        let mut next = Vec::new();
        let mut tried: Vec<(u32, u32, Zone)> = Vec::new();
        let mut ok_sigs: Vec<(u32, u32, Zone)> = Vec::new();
        for &c in &pool {
            let sig = (self.card(c).code, self.level_of(c), self.card(c).zone());
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
        // Identical face-down Extra Deck cards are interchangeable: the first stands for all.
        let same_face_down = |x: CardId, code: u32| self.card(x).code == code && !self.card(x).face_up();
        // The index says whether any card of the duel has such a procedure.
        let extra: &[CardId] = if self.index.extra_procs { &ps.extra } else { &[] };
        for (i, &c) in extra.iter().enumerate() {
            let code = self.card(c).code;
            if self.card(c).face_up() || ps.extra[..i].iter().any(|&x| same_face_down(x, code)) {
                continue;
            }
            if self.proc_kind(c).is_some_and(|k| self.proc_possible(p, k, Some(c))) {
                out.push(Action::SpecialSummon(Loc::new(p, Zone::Extra, i)));
            }
        }
        if self.proc_possible(p, ProcKind::Pendulum, None) {
            out.push(Action::PendulumSummon);
        }
        if self.edition.pendulum_summon() && self.free_pendulum_zone(p).is_some() {
            let scale = |c: CardId| self.data(c).has(type_bits::PENDULUM) && self.data(c).is_monster() && self.scale_activation_allowed(p, c);
            for (i, &c) in ps.hand.iter().enumerate() {
                let code = self.card(c).code;
                if !scale(c) || ps.hand[..i].iter().any(|&x| self.card(x).code == code && scale(x)) {
                    continue;
                }
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
            Materials::FieldFusion { .. } => Some(ProcKind::FieldFusion),
            Materials::Fusion { .. } => None,
        }
    }

    pub(super) fn proc_possible(&self, p: Player, kind: ProcKind, card: Option<CardId>) -> bool {
        let edition_ok = match kind {
            ProcKind::Synchro => self.edition.synchro(),
            ProcKind::Xyz => self.edition.xyz(),
            ProcKind::Link => self.edition.link(),
            ProcKind::FieldFusion => true,
            ProcKind::Pendulum => {
                self.edition.pendulum_summon() && !self.used.iter().any(|u| u.key == crate::state::UseKey::PendulumSummon(p) && u.turn == self.turn)
            }
        };
        if !edition_ok || card.is_some_and(|c| !self.edition_allows(self.data(c)) || self.summon_locked_for(p, c)) {
            return false;
        }
        // SUM-12: no Pendulum Summon without both Pendulum Scales (most Main Phases).
        if kind == ProcKind::Pendulum && self.pendulum_scales(p).is_none() {
            return false;
        }
        let sel = Sel::Proc(kind, card);
        let pool = self.sel_pool(sel, p);
        self.sel_completable(sel, p, &[], &pool)
    }

    /// Could a Ritual/Fusion step find a monster and materials now (activation legality)?
    pub(crate) fn extra_op_possible(&self, op: &ExtraOp, p: Player, source: CardId) -> bool {
        // A summon lock forbids Ritual and Fusion Summons too.
        !self.special_summons_locked(p) && self.extra_op_firsts(op, p, source).any(|c| self.extra_op_completable(op, p, c))
    }

    /// The monsters a Ritual/Fusion step may summon, before their materials are looked at:
    /// the first of each passcode (identical cards are interchangeable), in pile order.
    fn extra_op_firsts<'a>(&'a self, op: &'a ExtraOp, p: Player, source: CardId) -> impl Iterator<Item = CardId> + 'a {
        let ps = self.player(p);
        let pile: &'a [CardId] = match op {
            ExtraOp::Ritual { .. } => &ps.hand,
            ExtraOp::Fusion | ExtraOp::FusionByBanishing { .. } | ExtraOp::FusionFromDeckMaterials { .. } => &ps.extra,
        };
        let candidate = move |c: CardId| {
            !self.summon_locked_for(p, c)
                && match op {
                    ExtraOp::Ritual { .. } => self.ritual_candidate(op, p, source, c),
                    ExtraOp::Fusion => self.fusion_candidate(c),
                    ExtraOp::FusionByBanishing { monster } | ExtraOp::FusionFromDeckMaterials { monster, .. } => {
                        self.fusion_candidate(c) && self.filter_matches(monster, c, p, source)
                    }
                }
        };
        pile.iter().enumerate().filter_map(move |(i, &c)| {
            let code = self.card(c).code;
            (candidate(c) && !pile[..i].iter().any(|&x| self.card(x).code == code && candidate(x))).then_some(c)
        })
    }

    /// Could the materials of a Ritual/Fusion step summoning `monster` be found now?
    fn extra_op_completable(&self, op: &ExtraOp, p: Player, monster: CardId) -> bool {
        // The summon half takes no materials: a zone is enough.
        if matches!(op, ExtraOp::FusionFromDeckMaterials { summon: true, .. }) {
            return !self.summon_zones(p, monster, true, &[]).is_empty();
        }
        let sel = self.op_sel(op, monster);
        self.sel_completable(sel, p, &[], &self.sel_pool(sel, p))
    }

    /// A Ritual Monster in the hand a Ritual step may summon (before its materials).
    fn ritual_candidate(&self, op: &ExtraOp, p: Player, source: CardId, c: CardId) -> bool {
        let ExtraOp::Ritual { monster, .. } = op else { return false };
        c != source && matches!(self.data(c).kind, Kind::Monster(MonsterFrame::Ritual)) && self.filter_matches(monster, c, p, source)
    }

    /// A face-down Fusion Monster a "Polymerization" step may summon (before its materials).
    fn fusion_candidate(&self, c: CardId) -> bool {
        !self.card(c).face_up() && self.edition_allows(self.data(c)) && matches!(self.materials_of(c), Some(Materials::Fusion { by_polymerization: true, .. }))
    }

    pub(super) fn extra_op_monsters(&self, op: &ExtraOp, p: Player, source: CardId) -> Vec<CardId> {
        if self.special_summons_locked(p) {
            return Vec::new();
        }
        let codes: SmallVec<[u32; 4]> =
            self.extra_op_firsts(op, p, source).filter(|&c| self.extra_op_completable(op, p, c)).map(|c| self.card(c).code).collect();
        // Every copy of a possible monster may be picked.
        let ps = self.player(p);
        let all = match op {
            ExtraOp::Ritual { .. } => &ps.hand,
            ExtraOp::Fusion | ExtraOp::FusionByBanishing { .. } | ExtraOp::FusionFromDeckMaterials { .. } => &ps.extra,
        };
        let from_extra = !matches!(op, ExtraOp::Ritual { .. });
        all.iter().copied().filter(|&c| c != source && codes.contains(&self.card(c).code) && (!from_extra || !self.card(c).face_up())).collect()
    }

    pub(super) fn op_sel<'a>(&self, op: &'a ExtraOp, monster: CardId) -> Sel<'a> {
        match op {
            ExtraOp::Ritual { from, material, exact, .. } => Sel::Ritual { monster, from: *from, material, exact: *exact },
            ExtraOp::Fusion => Sel::Fusion(monster, FusionFrom::HandOrField),
            ExtraOp::FusionByBanishing { .. } => Sel::Fusion(monster, FusionFrom::FieldOrGy),
            ExtraOp::FusionFromDeckMaterials { .. } => Sel::Fusion(monster, FusionFrom::Deck),
        }
    }
}
