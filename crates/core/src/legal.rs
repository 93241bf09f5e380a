//! `legal_actions()`: every legal answer to the pending decision, and the canonical text of
//! each in the command language of `SCENARIOS.md`.

use crate::action::{parse_command, Action, CardPattern, Command, Rejected, Verb};
use crate::card::Kind;
use crate::engine::{Prompt, Task, WindowKind};
use crate::state::{CardId, Duel};
use crate::types::{Loc, Phase, Player, Position, Zone};

/// What a Main Phase listing asks once for all the monsters in the hand (when first needed).
struct SummonFacts {
    /// The monsters the player may Tribute ([`Duel::tribute_pool`]).
    tribute_pool: std::cell::OnceCell<smallvec::SmallVec<[CardId; 8]>>,
    /// No monster can be Set ([`Duel::monster_sets_forbidden`]).
    sets_forbidden: std::cell::OnceCell<bool>,
}

impl Duel {
    /// Every legal action of the deciding player (empty when the duel is over).
    ///
    /// Allocates a new list; a loop over many decisions uses
    /// [`Duel::legal_actions_into`] with one buffer instead.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::with_capacity(16);
        self.legal_actions_into(&mut out);
        out
    }

    /// Every legal action of the deciding player, written into `out` (cleared first), in
    /// the order of [`Duel::legal_actions`]. Listing allocates nothing: with one buffer
    /// kept across decisions, the only allocation is the buffer growing to the longest
    /// list. (A `Vec` rather than a fixed-capacity list: the number of actions has no
    /// small bound, e.g. declaring a card name lists every name in the pool.)
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        match &self.prompt {
            Prompt::Over => {}
            Prompt::Window { player } => self.window_actions(*player, out),
            Prompt::Select { candidates, min, max, picked, purpose, .. } => {
                let target = *purpose == crate::engine::SelectPurpose::Target;
                // Tributes count by value (SUM-2: a monster may count as 2).
                let tribute = if *purpose == crate::engine::SelectPurpose::Tribute { self.tribute_progress(picked) } else { None };
                // A cost of "any number" of cards: only numbers that leave a possible effect.
                // A Level total to reach (`SummonRule::DiscardLevels`): picks go on until it is.
                let counted = if *purpose == crate::engine::SelectPurpose::Cost {
                    self.cost_count_progress(picked.len(), candidates.len()).or_else(|| self.level_total_progress(picked))
                } else {
                    None
                };
                let (more, enough) = match (tribute, counted) {
                    // `min` 0: no Tributes at all is also enough (SUM-2, "without Tributing").
                    (Some((value, need, max_value)), _) => (value < max_value, value >= need || (value == 0 && *min == 0)),
                    (None, Some(progress)) => progress,
                    (None, None) => (picked.len() < *max as usize, picked.len() >= *min as usize),
                };
                if more && picked.len() < *max as usize {
                    // Identical cards in a hidden pile are interchangeable: list one (ZONE-7,
                    // ZONE-8: the face-down Extra Deck too), the first not yet picked.
                    let hidden = |c: CardId| {
                        let st = self.card(c);
                        matches!(st.zone(), Zone::Hand | Zone::Deck) || (st.zone() == Zone::Extra && !st.face_up())
                    };
                    for (i, &c) in candidates.iter().enumerate() {
                        if picked.contains(&c) {
                            continue;
                        }
                        let st = self.card(c);
                        if hidden(c)
                            && candidates[..i]
                                .iter()
                                .any(|&x| !picked.contains(&x) && hidden(x) && self.card(x).zone() == st.zone() && self.card(x).code == st.code)
                        {
                            continue;
                        }
                        // SUM-2: a Tribute that leaves the summon impossible is not offered
                        // (Tributes that are "all or none" with too few monsters for all).
                        if tribute.is_some() && !self.tribute_completable(picked, c, candidates) {
                            continue;
                        }
                        let loc = self.loc_of(c);
                        out.push(if target { Action::Target(loc) } else { Action::Choose(loc) });
                    }
                }
                // A selection of at most 0 (nothing left to choose) is done at once.
                if enough && (picked.len() < *max as usize || *max == 0) {
                    out.push(Action::Done);
                }
            }
            Prompt::Zone { zones, .. } => out.extend(zones.iter().map(|&z| Action::Zone(z))),
            Prompt::Position { options, .. } => out.extend(options.iter().map(|&p| Action::Position(p))),
            Prompt::YesNo { .. } => {
                out.push(Action::Yes);
                out.push(Action::No);
            }
            Prompt::Trigger { options, may_pass, .. } => {
                for (i, &(c, e)) in options.iter().enumerate() {
                    // Identical cards off the field (a pile, or tokens gone) are
                    // interchangeable: their identical triggers are listed once.
                    let st = self.card(c);
                    let twin = !st.zone().on_field()
                        && options[..i].iter().any(|&(x, f)| {
                            f == e && self.card(x).code == st.code && self.card(x).zone() == st.zone() && self.card(x).controller() == st.controller()
                        });
                    let a = Action::Activate { card: self.loc_of(c), effect: e };
                    if !twin && !out.contains(&a) {
                        out.push(a);
                    }
                }
                if *may_pass {
                    out.push(Action::Pass);
                }
            }
            Prompt::Announce { options, .. } => out.extend(options.iter().map(|&x| Action::Announce(x))),
        }
    }

    /// Is `action` legal for `player` now?
    ///
    /// Exactly `legal_actions().contains(action)`, without listing every action where one
    /// question settles it (moving on, passing, one card's activation).
    pub fn is_legal(&self, player: Player, action: &Action) -> bool {
        if self.deciding_player() != Some(player) {
            return false;
        }
        let (Prompt::Window { player: p }, Some(w)) = (&self.prompt, self.top_window()) else {
            return self.legal_actions().contains(action);
        };
        let p = *p;
        let tp = p == self.turn_player;
        let main = matches!(w.kind, WindowKind::Phase(ph) if ph.is_main()) && tp && self.chain.is_empty();
        let end = w.kind == WindowKind::Phase(Phase::End) && tp;
        let battle = w.kind == WindowKind::BattleStep && tp;
        match *action {
            Action::Pass => !(main || end || battle),
            Action::ToBattle => main && w.kind == WindowKind::Phase(Phase::Main1) && self.may_enter_battle(p),
            Action::ToEnd => main || (battle && !self.must_attack_now(p)),
            Action::ToMain2 => battle && !self.must_attack_now(p),
            Action::EndTurn => end,
            Action::Activate { card, effect } if effect != crate::extra::PENDULUM_SCALE => self.activation_listed(p, card, effect, &w),
            _ => self.legal_actions().contains(action),
        }
    }

    /// Is this activation among `activation_actions` (one card checked, with the listing's
    /// rule that identical cards in the hand, or in the GY, are listed once)?
    fn activation_listed(&self, p: Player, loc: Loc, effect: u8, w: &crate::engine::Window) -> bool {
        if effect >= 8 {
            return false;
        }
        let Some(c) = self.card_at(loc) else { return false };
        // The opponent's face-up card with an "either player can" effect.
        if loc.player != p {
            return loc.zone == Zone::SpellTrap && self.effect_decl(c, effect).is_some_and(|e| e.either_player) && self.can_activate(p, c, effect, w);
        }
        let ps = self.player(p);
        let listed = match loc.zone {
            Zone::Hand => self.first_of_its_name(&ps.hand, loc.index as usize) && self.can_pay_hand_play(p),
            Zone::Gy => self.index.gy_effect_cards.contains(&c) && self.first_of_its_name(&ps.gy, loc.index as usize),
            Zone::SpellTrap | Zone::Field | Zone::Monster => true,
            _ => false,
        };
        listed && self.can_activate(p, c, effect, w)
    }

    /// May the turn player `p` enter the Battle Phase (not on the first turn, not after "you
    /// cannot conduct your Battle Phase this turn")?
    pub(crate) fn may_enter_battle(&self, p: Player) -> bool {
        self.turn > 1 && self.player_fx[p.idx()].no_battle_turn != self.turn
    }

    fn top_window(&self) -> Option<crate::engine::Window> {
        match self.tasks.last() {
            Some(Task::Window(w)) => Some(*w),
            _ => None,
        }
    }

    fn window_actions(&self, p: Player, out: &mut Vec<Action>) {
        let Some(w) = self.top_window() else {
            out.push(Action::Pass);
            return;
        };
        let tp = p == self.turn_player;
        let locks = crate::activate::Locks::default();
        self.activation_actions(p, &w, &locks, out);
        match w.kind {
            WindowKind::Phase(ph) if ph.is_main() && tp && self.chain.is_empty() => {
                self.main_phase_actions(p, &locks, out);
                if ph == Phase::Main1 && self.may_enter_battle(p) {
                    out.push(Action::ToBattle);
                }
                out.push(Action::ToEnd);
            }
            WindowKind::Phase(Phase::End) if tp => out.push(Action::EndTurn),
            WindowKind::BattleStep if tp => {
                let before = out.len();
                self.attack_actions(p, out);
                // BATTLE-2: a monster that must attack if able keeps the Battle Phase going.
                if !out[before..].iter().any(|a| self.forced_attack(a)) {
                    out.push(Action::ToMain2);
                    out.push(Action::ToEnd);
                }
            }
            _ => out.push(Action::Pass),
        }
    }

    /// Is `pile[i]` the first card of its passcode in the pile? (Identical cards in a hand,
    /// or in a GY, are interchangeable: the first stands for all.)
    fn first_of_its_name(&self, pile: &[CardId], i: usize) -> bool {
        let code = self.card(pile[i]).code;
        !pile[..i].iter().any(|&x| self.card(x).code == code)
    }

    /// Every card effect `p` may activate in this window: of the cards in
    /// [`Duel::activatable`], `p`'s in the hand, the Spell & Trap Zones, the Field Zone, the
    /// Monster Zones and the GY, and the opponent's face-up spells and traps with an "either
    /// player can" effect, in that order (by place within each zone).
    fn activation_actions(&self, p: Player, w: &crate::engine::Window, locks: &crate::activate::Locks, out: &mut Vec<Action>) {
        // Spell Speed 1: only in the turn player's open Main Phase with an empty chain.
        // GOAT-3: right after a Summon the 2005 rules let the turn player start a monster's
        // Ignition Effect too (`can_activate` admits only those).
        let ss1 = p == self.turn_player
            && self.chain.is_empty()
            && self.phase.is_main()
            && (w.kind == WindowKind::Phase(self.phase) || (w.kind == WindowKind::AfterSummon && self.goat_rules()));
        let ps = self.player(p);
        // (rank of the zone in the listing, place in it, card, effects to ask about), each as
        // one sortable key: rank << 48 | place << 32 | card << 16 | effects. A fixed buffer
        // (no allocation, no length checks on the hot path); more cards spill over.
        let mut keys = [0u64; 16];
        let mut n = 0;
        let mut spill: Vec<u64> = Vec::new();
        // The opponent's cards only when some card has an "either player can" effect.
        let theirs_too = if self.index.either_player { &self.activatable[p.opp().idx()][..] } else { &[] };
        let mine = self.activatable[p.idx()].len();
        for (k, e) in self.activatable[p.idx()].iter().chain(theirs_too).enumerate() {
            let fx = e.fx[usize::from(!ss1)];
            if fx == 0 {
                continue;
            }
            let c = e.card;
            let rank = if k < mine {
                match e.rank {
                    Some(r) => r,
                    None => continue,
                }
            } else {
                // "Either player can ...": effects of the opponent's face-up spells and traps.
                let st = self.card(c);
                if st.zone() != Zone::SpellTrap || !st.face_up() || !self.pool.gates(st.def).either_player() {
                    continue;
                }
                3
            };
            let place = match rank {
                0 => ps.hand.iter().position(|&x| x == c),
                5 => ps.gy.iter().position(|&x| x == c),
                _ => Some(self.card(c).slot() as usize),
            };
            if let Some(i) = place {
                let key = (rank as u64) << 48 | (i as u64 & 0xffff) << 32 | (c.0 as u64) << 16 | fx as u64;
                if n < keys.len() {
                    keys[n] = key;
                    n += 1;
                } else {
                    spill.push(key);
                }
            }
        }
        // TRAP-1's exception: a player allowed to activate Trap Cards from the hand this turn
        // may activate the Traps in their hand (not indexed: their gates name the S/T Zones).
        if self.traps_from_hand(p) {
            for (i, &c) in ps.hand.iter().enumerate() {
                if self.data(c).is_trap() {
                    let key = (i as u64 & 0xffff) << 32 | (c.0 as u64) << 16 | 1;
                    if n < keys.len() {
                        keys[n] = key;
                        n += 1;
                    } else {
                        spill.push(key);
                    }
                }
            }
        }
        let keys: &mut [u64] = if spill.is_empty() {
            &mut keys[..n]
        } else {
            spill.extend_from_slice(&keys);
            &mut spill
        };
        keys.sort_unstable();
        let present = std::cell::OnceCell::new();
        for &mut key in keys {
            let (rank, i, c, fx) = ((key >> 48) as u8, (key >> 32) as u16 as usize, CardId((key >> 16) as u16), key as u8);
            let loc = match rank {
                // Identical cards in the hand, or in the GY, are interchangeable: the first
                // stands for all.
                0 if self.first_of_its_name(&ps.hand, i) => Loc::new(p, Zone::Hand, i),
                5 if self.first_of_its_name(&ps.gy, i) => Loc::new(p, Zone::Gy, i),
                0 | 5 => continue,
                1 => Loc::new(p, Zone::SpellTrap, i),
                2 => Loc::new(p, Zone::Field, 0),
                3 => Loc::new(p.opp(), Zone::SpellTrap, i),
                _ => Loc::new(p, Zone::Monster, i),
            };
            self.push_activations(p, c, fx, loc, w, locks, &present, out);
        }
    }

    /// The rank of `c`'s zone in the listing of its controller's activations (hand 0, Spell &
    /// Trap Zones 1, Field Zone 2, Monster Zones 4, GY 5; 3 is the opponent's "either player
    /// can" cards), `None` where its controller lists none (the GY without an indexed GY
    /// effect). Kept in [`Duel::activatable`].
    pub(crate) fn listing_rank(&self, c: CardId) -> Option<u8> {
        match self.card(c).zone() {
            Zone::Hand => Some(0),
            Zone::SpellTrap => Some(1),
            Zone::Field => Some(2),
            Zone::Monster => Some(4),
            // Effects used from the GY: only the cards indexed at setup as having one.
            Zone::Gy if self.index.gy_effect_cards.contains(&c) => Some(5),
            _ => None,
        }
    }

    /// The activations of `c`'s effects `fx` (bits, from the gates of its definition) that `p`
    /// may make now (`present`: the facts conditions may need, read once per listing).
    #[allow(clippy::too_many_arguments)]
    fn push_activations(
        &self,
        p: Player,
        c: CardId,
        mut fx: u8,
        loc: Loc,
        w: &crate::engine::Window,
        locks: &crate::activate::Locks,
        present: &std::cell::OnceCell<u8>,
        out: &mut Vec<Action>,
    ) {
        // A play from the hand its player cannot pay for (`DuelRule::HandPlayCost`).
        if loc.zone == Zone::Hand && !self.can_pay_hand_play(p) {
            return;
        }
        let gates = self.pool.gates(self.card(c).def);
        while fx != 0 {
            let e = fx.trailing_zeros() as u8;
            fx &= fx - 1;
            let needs = gates.needs(e);
            if needs != 0 && needs & !*present.get_or_init(|| self.needs_present()) != 0 {
                continue; // its condition cannot hold now
            }
            if self.can_activate_under(locks, p, c, e, w) {
                out.push(Action::Activate { card: loc, effect: e });
            }
        }
    }

    /// PHASE-4: the turn player's Main Phase actions with an empty chain.
    fn main_phase_actions(&self, p: Player, locks: &crate::activate::Locks, out: &mut Vec<Action>) {
        let ps = self.player(p);
        let free_mmz = self.has_free_main_monster_zone(p);
        // Asked once for every monster in the hand: the monsters `p` may Tribute, and whether
        // monsters may be Set at all.
        let once = SummonFacts { tribute_pool: std::cell::OnceCell::new(), sets_forbidden: std::cell::OnceCell::new() };
        // Plays from the hand its player cannot pay for (`DuelRule::HandPlayCost`): none.
        let hand_payable = self.can_pay_hand_play(p);
        for (i, &c) in ps.hand.iter().enumerate() {
            if !hand_payable || !self.first_of_its_name(&ps.hand, i) {
                continue; // identical hand cards are interchangeable
            }
            if locks.get(self).names && self.prohibited(c) {
                continue; // "Prohibition": no Summon or Set
            }
            let loc = Loc::new(p, Zone::Hand, i);
            let data = self.data(c);
            let behavior = &self.pool.def(self.card(c).def).behavior;
            match data.kind {
                Kind::Monster(_) if behavior.summon_rule.is_some() && self.summon_rule_ok(c) => {
                    out.push(Action::SpecialSummon(loc));
                    if !behavior.no_normal_summon {
                        self.push_normal_summons(c, loc, free_mmz, &once, out);
                    }
                }
                Kind::Monster(frame) => {
                    if self.normal_summonable(frame) && !behavior.no_normal_summon {
                        self.push_normal_summons(c, loc, free_mmz, &once, out);
                    }
                }
                Kind::Spell(crate::card::SpellKind::Field) => {
                    if !self.set_locked(p, c) {
                        out.push(Action::Set(loc));
                    }
                }
                Kind::Spell(_) | Kind::Trap(_) => {
                    if self.has_free_spell_zone(p) && !self.set_locked(p, c) {
                        out.push(Action::Set(loc));
                    }
                }
            }
        }
        // Procedures usable from the GY (`Behavior::summon_rule_from_gy`; the index says
        // whether any card of the duel has one).
        let gy: &[CardId] = if self.index.gy_summon_rules { &ps.gy } else { &[] };
        for (i, &c) in gy.iter().enumerate() {
            let behavior = &self.pool.def(self.card(c).def).behavior;
            if behavior.summon_rule_from_gy
                && !(locks.get(self).names && self.prohibited(c))
                && self.summon_rule_ok(c)
                && !ps.gy[..i].iter().any(|&x| self.card(x).code == self.card(c).code)
            {
                out.push(Action::SpecialSummon(Loc::new(p, Zone::Gy, i)));
            }
        }
        self.push_field_monster_actions(p, locks, out);
        self.extra_actions(p, out);
        // "You cannot Summon this turn", summon locks: Sets stay legal.
        if self.summons_locked(p) {
            out.retain(|a| {
                !matches!(a, Action::NormalSummon(_) | Action::TributeSummon(_) | Action::FlipSummon(_) | Action::SpecialSummon(_) | Action::PendulumSummon)
            });
        } else if self.special_summons_locked(p) {
            out.retain(|a| !matches!(a, Action::SpecialSummon(_) | Action::PendulumSummon));
        }
    }

    /// SUM-1, SUM-2: Normal Summon (with tributes) and Set of one hand monster.
    fn push_normal_summons(&self, c: CardId, loc: Loc, free_mmz: bool, once: &SummonFacts, out: &mut Vec<Action>) {
        let p = self.card(c).controller();
        // PHASE-4: the turn's Normal Summon/Set, or an additional Normal Summon (never a Set)
        // for this monster (`Modifier::AdditionalNormalSummon`).
        if !self.normal_summon_left_for(p, c) {
            return;
        }
        let regular = self.regular_normal_summon_left(p);
        // The Tributes available (their total value, and whether one frees a Main Monster
        // Zone), found once for this monster.
        let tributes = std::cell::OnceCell::new();
        let fits = |need: usize| {
            if need == 0 {
                return free_mmz;
            }
            let &(value, frees) = tributes.get_or_init(|| {
                let mut candidates = once.tribute_pool.get_or_init(|| self.tribute_pool(p, free_mmz)).clone();
                self.keep_tributes_for(c, &mut candidates);
                let value: usize = candidates.iter().map(|&t| self.tribute_value(t, c)).sum();
                // SUM-2: a tribute may free the zone the monster needs.
                (value, candidates.iter().any(|&t| self.card(t).slot() < 5))
            });
            value >= need && (free_mmz || frees)
        };
        let base = self.tributes_needed(c);
        let (need, max) = self.tribute_range_from(c, crate::engine::SummonProc::Normal, base);
        // SUM-2: a monster that may skip its Tributes is also Summoned or Set without any.
        let tributeless = free_mmz && self.may_skip_tributes(c);
        let behavior = &self.pool.def(self.card(c).def).behavior;
        // SUM-1: a monster that "cannot be Normal Summoned, but can be Set" is only Set.
        let face_up_allowed = !behavior.normal_set_only && !self.summon_barred(c, p);
        if face_up_allowed && ((need == 0 && fits(0)) || tributeless) {
            out.push(Action::NormalSummon(loc));
        }
        // Tributes that are optional (`need` 0, "without Tributing" while a condition holds)
        // may still all be paid: a Tribute Summon with the full number.
        if face_up_allowed && max > 0 && fits(if need > 0 { need } else { max }) {
            out.push(Action::TributeSummon(loc));
        }
        // SUM-1 under "Light of Intervention": no monster can be Set.
        let set_need = self.tribute_range_from(c, crate::engine::SummonProc::Set, base).0;
        if regular && !*once.sets_forbidden.get_or_init(|| self.monster_sets_forbidden()) && (fits(set_need) || tributeless) {
            out.push(Action::Set(loc));
        }
    }

    /// Flip Summons and manual position changes (SUM-4, POS-2).
    fn push_field_monster_actions(&self, p: Player, locks: &crate::activate::Locks, out: &mut Vec<Action>) {
        let ps = self.player(p);
        for (i, slot) in ps.monsters.iter().enumerate() {
            let Some(c) = *slot else { continue };
            if locks.get(self).names && self.prohibited(c) {
                continue;
            }
            let st = self.card(c);
            let loc = Loc::new(p, Zone::Monster, i);
            // EFF-15: a face-up Gemini monster not yet Gemini Summoned may be Normal Summoned
            // again (a Gemini Summon), by any Normal Summon its player still has.
            if st.face_up() && self.gemini_as_normal(c) && self.normal_summon_left_for(p, c) && !self.summon_barred(c, p) {
                out.push(Action::NormalSummon(loc));
            }
            // GOAT-7: under the 2005 rules the "summoned or Set this turn" bar binds only the
            // player who controlled it then; a new controller may change its position.
            let fresh = st.entered_turn == self.turn
                && !(self.goat_rules() && self.arrived_under.iter().any(|&(x, m, t, q)| x == c && m == st.moves && t == self.turn && q != p));
            let changed = st.position_changed_turn == self.turn;
            let attacked = st.attacked_turn == self.turn;
            // POS-2 (MISC-8's exception): one that declared an attack this turn, even if
            // turned face-down since, is not Flip Summoned.
            let declared = attacked;
            // SUM-4 / POS-2 (a face-down Attack monster, POS-1, is flipped the same way).
            if !st.face_up() && !fresh && !changed && !declared && !self.flip_summon_barred(c, p) && !self.position_locked(c) {
                out.push(Action::FlipSummon(loc));
            }
            if st.face_up()
                && !fresh
                && !changed
                && !attacked
                && self.data(c).kind != Kind::Monster(crate::card::MonsterFrame::Link)
                && !self.cannot_change_position(c)
            {
                out.push(Action::ChangePosition(loc));
            }
        }
    }

    fn normal_summonable(&self, frame: crate::card::MonsterFrame) -> bool {
        use crate::card::MonsterFrame as F;
        matches!(frame, F::Normal | F::Effect)
    }

    /// BATTLE-2: attack declarations of the turn player's monsters.
    fn attack_actions(&self, p: Player, out: &mut Vec<Action>) {
        let opp = self.player(p.opp());
        let any_opp = opp.monsters.iter().any(|m| m.is_some());
        // `MonsterRule::DrawsAttacks`: a monster drawing every attack is the only target, and
        // no direct attack is possible while it is there.
        let drawn = any_opp && self.any_modifiers() && opp.monsters.iter().flatten().any(|&m| self.draws_attacks(m));
        let targets: smallvec::SmallVec<[(Loc, CardId); 7]> = (0..7)
            .filter_map(|i| {
                opp.monsters[i].filter(|&m| !self.not_attack_target(m) && (!drawn || self.draws_attacks(m))).map(|m| (Loc::new(p.opp(), Zone::Monster, i), m))
            })
            .collect();
        // `Op::AttackAgainOn`: a second attack in a row, on one monster: while it is owed, it
        // is the only attack that may be declared; if either monster left, it is lost.
        let again = self.attack_again_on.filter(|&(a, am, _, _, turn)| turn == self.turn && self.card(a).moves == am && self.card(a).zone() == Zone::Monster);
        let again_target = again.and_then(|(_, _, t, tm, _)| {
            let tc = self.card(t);
            (tc.moves == tm && tc.zone() == Zone::Monster && tc.controller() == p.opp())
                .then(|| targets.iter().find(|&&(_, m)| m == t).map(|&(l, _)| l))
                .flatten()
        });
        for (i, slot) in self.player(p).monsters.iter().enumerate() {
            let Some(c) = *slot else { continue };
            let st = self.card(c);
            let fresh = st.attacked_turn != self.turn;
            if let Some((a, ..)) = again {
                if a == c {
                    // The owed attack, on that monster only; lost if that monster left.
                    if let Some(t) = again_target {
                        if self.attack_position_ok(c) && !self.cannot_attack(c) && self.attack_cost_payable(c) && !self.prohibited(c) {
                            out.push(Action::Attack { attacker: Loc::new(p, Zone::Monster, i), target: Some(t) });
                        }
                    }
                    continue;
                }
                if again_target.is_some() && self.attack_position_ok(a) && !self.cannot_attack(a) {
                    // "In a row": no other attack before it.
                    continue;
                }
            }
            if !self.attack_position_ok(c) || self.cannot_attack(c) || !self.attack_cost_payable(c) || self.prohibited(c) {
                continue;
            }
            let attacker = Loc::new(p, Zone::Monster, i);
            // "Attack every monster once each": each target once, directly only first.
            if self.attacks_every_monster(c) {
                if !any_opp && fresh && !self.cannot_attack_directly(c) {
                    out.push(Action::Attack { attacker, target: None });
                }
                for &(t, m) in &targets {
                    if fresh || !self.attacked_target(c, m, self.card(m).moves) {
                        out.push(Action::Attack { attacker, target: Some(t) });
                    }
                }
                continue;
            }
            if !fresh && st.attacks >= 1 + st.extra_attacks + self.modifier_extra_attacks(c) {
                continue;
            }
            // BATTLE-2: a direct attack when the opponent controls no monsters, or when an
            // effect lets this monster ("can attack directly"); never when one forbids it.
            if (!any_opp || self.attacks_directly_anyway(c)) && !self.cannot_attack_directly(c) && !drawn {
                out.push(Action::Attack { attacker, target: None });
            }
            for &(t, _) in &targets {
                out.push(Action::Attack { attacker, target: Some(t) });
            }
        }
    }

    /// Is this an attack by a monster that must attack if able (BATTLE-2)?
    fn forced_attack(&self, a: &Action) -> bool {
        matches!(a, Action::Attack { attacker, .. } if self.card_at(*attacker).is_some_and(|c| self.must_attack(c)))
    }

    /// Does `p` have a monster that must attack and still can (BATTLE-2)?
    fn must_attack_now(&self, p: Player) -> bool {
        if !self.any_modifiers() {
            return false;
        }
        let mut attacks = Vec::new();
        self.attack_actions(p, &mut attacks);
        attacks.iter().any(|a| self.forced_attack(a))
    }

    // ---- text ---------------------------------------------------------------------

    /// The canonical text of every legal action, disambiguated: two actions never share a
    /// text (names get `@place` qualifiers where needed).
    pub fn legal_actions_with_text(&self) -> Vec<(Action, String)> {
        let actions = self.legal_actions();
        let viewer = self.deciding_player().unwrap_or(Player::A);
        let plain: Vec<String> = actions.iter().map(|a| self.action_text_with(viewer, a, false)).collect();
        actions
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let dup = plain.iter().enumerate().any(|(j, t)| j != i && *t == plain[i]);
                let text = if dup { self.action_text_with(viewer, a, true) } else { plain[i].clone() };
                (*a, text)
            })
            .collect()
    }

    /// The canonical text of one action as the deciding player would write it.
    pub fn action_text(&self, action: &Action) -> String {
        let viewer = self.deciding_player().unwrap_or(Player::A);
        self.legal_actions_with_text().into_iter().find(|(a, _)| a == action).map(|(_, t)| t).unwrap_or_else(|| self.action_text_with(viewer, action, false))
    }

    /// A card as `viewer` may name it: its name, or `face-down@B.monsters#2` when hidden.
    pub fn card_ref_text(&self, viewer: Player, loc: Loc, qualified: bool) -> String {
        let Some(id) = self.card_at(loc) else {
            return format!("?@{}.{}#{}", loc.player.name(), loc.zone.scenario_name(), loc.index);
        };
        if !self.visible_to(id, viewer) {
            return format!("face-down@{}.{}#{}", loc.player.name(), loc.zone.scenario_name(), loc.index);
        }
        let name = self.name(id);
        if !qualified {
            return name.to_string();
        }
        match loc.zone {
            Zone::Hand if loc.player == viewer => format!("{name}@hand"),
            z if z.is_pile() => format!("{name}@{}.{}", loc.player.name(), z.scenario_name()),
            z => format!("{name}@{}.{}#{}", loc.player.name(), z.scenario_name(), loc.index),
        }
    }

    /// The number of effect `effect` of the card at `card` in `activate X effect N`: its
    /// place among the card's effects a player activates (rule texts are not counted).
    fn effect_number_at(&self, card: Loc, effect: u8) -> u8 {
        self.card_at(card).and_then(|c| self.pool.def(self.card(c).def).behavior.effect_number(effect)).unwrap_or(effect.saturating_add(1))
    }

    fn action_text_with(&self, viewer: Player, a: &Action, q: bool) -> String {
        let r = |l: &Loc| self.card_ref_text(viewer, *l, q);
        match a {
            Action::Pass => "pass".into(),
            Action::ToBattle => "battle phase".into(),
            Action::ToMain2 => "main phase 2".into(),
            Action::ToEnd => "end phase".into(),
            Action::EndTurn => "end turn".into(),
            Action::NormalSummon(l) => format!("normal summon {}", r(l)),
            Action::TributeSummon(l) => format!("tribute summon {}", r(l)),
            Action::Set(l) => format!("set {}", r(l)),
            Action::FlipSummon(l) => format!("flip summon {}", r(l)),
            Action::ChangePosition(l) => format!("change position {}", r(l)),
            Action::Activate { card, effect } => {
                let n = self.effect_number_at(*card, *effect);
                if n == 1 || (*effect == crate::extra::PENDULUM_SCALE && card.zone == Zone::Hand) {
                    format!("activate {}", r(card))
                } else {
                    format!("activate {} effect {n}", r(card))
                }
            }
            Action::SpecialSummon(l) => {
                let verb = match self.card_at(*l).and_then(|c| (l.zone == Zone::Extra).then(|| self.proc_kind(c)).flatten()) {
                    Some(crate::extra::ProcKind::Synchro) => "synchro",
                    Some(crate::extra::ProcKind::Xyz) => "xyz",
                    Some(crate::extra::ProcKind::Link) => "link",
                    _ => "special",
                };
                format!("{verb} summon {}", r(l))
            }
            Action::PendulumSummon => "pendulum summon".into(),
            Action::Attack { attacker, target: Some(t) } => format!("attack {} -> {}", r(attacker), r(t)),
            Action::Attack { attacker, target: None } => format!("attack {} directly", r(attacker)),
            Action::Target(l) => format!("target {}", r(l)),
            Action::Choose(l) => format!("choose {}", r(l)),
            Action::Done => "done".into(),
            Action::Yes => "yes".into(),
            Action::No => "no".into(),
            Action::Position(p) => format!("position {}", if p.attack() { "atk" } else { "def" }),
            Action::Zone(z) => format!("zone {z}"),
            Action::First => "first".into(),
            Action::Second => "second".into(),
            Action::Announce(x) => format!("announce {}", self.declaration_text(*x)),
        }
    }

    /// The value of an `announce` answer to the pending question, as words.
    pub fn declaration_text(&self, x: u32) -> String {
        match &self.prompt {
            Prompt::Announce { kind, .. } => self.announced_text(*kind, x),
            _ => x.to_string(),
        }
    }

    /// A declared value as words: heads/tails, a card type, a Type, an Attribute, a card
    /// name, an effect's number, or a Level.
    pub fn announced_text(&self, kind: crate::engine::AnnounceKind, x: u32) -> String {
        use crate::action::declare;
        use crate::card::type_bits;
        use crate::effect::Declare;
        use crate::engine::AnnounceKind;
        match kind {
            AnnounceKind::Coin => match x {
                declare::HEADS => "heads".into(),
                declare::TAILS => "tails".into(),
                _ => x.to_string(),
            },
            AnnounceKind::Declare(Declare::CardType) => match x {
                type_bits::MONSTER => "monster".into(),
                type_bits::SPELL => "spell".into(),
                type_bits::TRAP => "trap".into(),
                _ => x.to_string(),
            },
            AnnounceKind::Declare(Declare::Race) => crate::card::RACE_NAMES.get(x as usize).map_or_else(|| x.to_string(), |n| n.to_string()),
            AnnounceKind::Declare(Declare::Attribute) => crate::card::Attribute::ALL.get(x as usize).map_or_else(|| x.to_string(), |a| a.name().to_string()),
            AnnounceKind::Declare(Declare::CardName) => self.pool.get(x).map_or_else(|| x.to_string(), |d| d.data.name.clone()),
            AnnounceKind::Declare(Declare::Level) | AnnounceKind::Effect | AnnounceKind::Amount => x.to_string(),
        }
    }

    /// Can `viewer` see this card's face (MISC-3), or do they know it by a reveal (MISC-7)?
    pub fn visible_to(&self, id: CardId, viewer: Player) -> bool {
        let c = self.card(id);
        // MISC-7: a card revealed to the viewer stays known where it is.
        if c.known_to(viewer) {
            return true;
        }
        match c.zone() {
            Zone::Hand => c.controller() == viewer,
            // A player searching their own Deck sees the cards they may pick.
            // "Convulsion of Nature": a Deck turned over shows its top card to both players.
            // A card shuffled face-up into a Deck stays known to both players (MISC-7).
            Zone::Deck => {
                c.face_up()
                    || matches!(&self.prompt, Prompt::Select { player, candidates, .. } if *player == viewer && c.controller() == viewer && candidates.contains(&id))
                    || (self.player(c.controller()).deck.last() == Some(&id) && self.decks_face_up())
            }
            Zone::Extra => c.controller() == viewer || c.face_up(),
            Zone::Gy => true,
            Zone::Banished => c.face_up() || c.controller() == viewer,
            Zone::Material => true,
            _ => c.face_up() || c.controller() == viewer,
        }
    }

    // ---- matching commands --------------------------------------------------------

    /// Finds the one legal action a command of the scenario language names. A card name
    /// may carry a place qualifier (`X@hand`, `X@B.monsters#2`) or be a passcode.
    pub fn find_action(&self, command: &str) -> Result<Action, Rejected> {
        let Some(cmd) = parse_command(command) else {
            return Err(Rejected::NoMatch { command: command.to_string() });
        };
        let viewer = self.deciding_player().unwrap_or(Player::A);
        let legal = self.legal_actions_with_text();
        let hits: Vec<&(Action, String)> = legal.iter().filter(|(a, _)| self.command_matches(viewer, &cmd, a)).collect();
        match hits.as_slice() {
            [one] => Ok(one.0),
            [] => Err(Rejected::NoMatch { command: command.to_string() }),
            many => Err(Rejected::Ambiguous { command: command.to_string(), candidates: many.iter().map(|(_, t)| t.clone()).collect() }),
        }
    }

    fn command_matches(&self, viewer: Player, cmd: &Command, a: &Action) -> bool {
        let m = |pat: &CardPattern, l: &Loc| self.pattern_matches(viewer, pat, *l);
        match (cmd, a) {
            // `position def` also names a face-down Defense Position where that is offered
            // (its canonical text; no prompt offers both Defense Positions).
            (Command::Simple(Action::Position(Position::FaceUpDefense)), Action::Position(Position::FaceDownDefense)) => true,
            (Command::Simple(x), y) => x == y,
            (Command::OnCard(Verb::NormalSummon, p), Action::NormalSummon(l))
            | (Command::OnCard(Verb::TributeSummon, p), Action::TributeSummon(l))
            | (Command::OnCard(Verb::Set, p), Action::Set(l))
            | (Command::OnCard(Verb::FlipSummon, p), Action::FlipSummon(l))
            | (Command::OnCard(Verb::ChangePosition, p), Action::ChangePosition(l))
            | (Command::OnCard(Verb::SpecialSummon, p), Action::SpecialSummon(l))
            | (Command::OnCard(Verb::Target, p), Action::Target(l))
            | (Command::OnCard(Verb::Choose, p), Action::Choose(l)) => m(p, l),
            // `target X` and `choose X` both answer a selection.
            (Command::OnCard(Verb::Target, p), Action::Choose(l)) | (Command::OnCard(Verb::Choose, p), Action::Target(l)) => m(p, l),
            (Command::Activate(p, e), Action::Activate { card, effect }) => {
                let n = self.effect_number_at(*card, *effect);
                (*e as u16 + 1 == n as u16 || (*e == 0 && *effect == crate::extra::PENDULUM_SCALE && card.zone == Zone::Hand)) && m(p, card)
            }
            (Command::OnCard(v @ (Verb::SynchroSummon | Verb::XyzSummon | Verb::LinkSummon), p), Action::SpecialSummon(l)) => {
                let kind = match v {
                    Verb::SynchroSummon => crate::extra::ProcKind::Synchro,
                    Verb::XyzSummon => crate::extra::ProcKind::Xyz,
                    _ => crate::extra::ProcKind::Link,
                };
                l.zone == Zone::Extra && self.card_at(*l).and_then(|c| self.proc_kind(c)) == Some(kind) && m(p, l)
            }
            (Command::Attack(pa, pt), Action::Attack { attacker, target }) => {
                m(pa, attacker)
                    && match (pt, target) {
                        (None, None) => true,
                        (Some(pt), Some(t)) => m(pt, t),
                        _ => false,
                    }
            }
            (Command::Announce(x), Action::Announce(n)) => x.parse::<u32>().ok() == Some(*n) || x.eq_ignore_ascii_case(&self.declaration_text(*n)),
            _ => false,
        }
    }

    /// Does a card pattern name the card at `loc`, as `viewer` sees it?
    pub fn pattern_matches(&self, viewer: Player, pat: &CardPattern, loc: Loc) -> bool {
        if let Some(p) = pat.player {
            if p != loc.player {
                return false;
            }
        } else if pat.zone == Some(Zone::Hand) && loc.player != viewer {
            return false;
        }
        if pat.zone.is_some_and(|z| z != loc.zone) {
            return false;
        }
        if pat.index.is_some_and(|i| i != loc.index) {
            return false;
        }
        let Some(id) = self.card_at(loc) else { return false };
        let visible = self.visible_to(id, viewer);
        match &pat.name {
            None => !visible || !self.card(id).face_up(),
            Some(name) => {
                visible && {
                    let d = self.data(id);
                    d.name.eq_ignore_ascii_case(name) || name.parse::<u32>().ok() == Some(d.id)
                }
            }
        }
    }
}
