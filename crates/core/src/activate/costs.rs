//! Costs (EFF-5): which cards may pay an effect's costs, whether they can all be paid, and
//! paying them as the activation goes on.

use super::*;

/// The first cost of `e` that picks a fixed range of cards, not from the Deck: the cost whose
/// cards [`Duel::cost_cards`] offers for narrowing targets.
pub(super) fn fixed_range_cost(e: &EffectDecl) -> Option<&Cost> {
    e.costs
        .iter()
        .find(|c| matches!(c, Cost::Cards { from: CostFrom::Hand | CostFrom::Monsters | CostFrom::Gy | CostFrom::Places(_), count: CostCount::Range(..), .. }))
}

impl Duel {
    // ---- costs (EFF-5) ----------------------------------------------------------------------

    /// What paying these cards (and LP) fixes.
    pub(super) fn cost_facts(&self, cards: &[CardId], lp: i32) -> crate::eval::CostFacts {
        let mut f = crate::eval::CostFacts { lp, cards: cards.len() as u8, ..Default::default() };
        for &c in cards {
            f.atk = f.atk.max(self.stat(c, crate::effect::Stat::Atk));
            f.def = f.def.max(self.stat(c, crate::effect::Stat::Def));
            f.level = f.level.max(self.stat(c, crate::effect::Stat::Level) as u8);
            if let Some(next) = self.pool.def(self.card(c).def).behavior.level_up {
                f.level_up = next;
            }
        }
        f
    }

    /// The cards that could pay the first card cost of an effect (for narrowing targets).
    pub(super) fn cost_cards(&self, e: &EffectDecl, p: Player, source: CardId) -> SmallVec<[CardId; 64]> {
        fixed_range_cost(e).map(|c| self.raw_cost_candidates(c, p, source)).unwrap_or_default()
    }

    pub(super) fn raw_cost_candidates(&self, cost: &Cost, p: Player, source: CardId) -> SmallVec<[CardId; 64]> {
        let m = |f: &Filter, c: CardId| self.filter_matches(f, c, p, source);
        let (how, from, filter) = match cost {
            Cost::DetachMaterial(_) => return self.materials(source).iter().copied().collect(),
            Cost::RemoveCountersFromField { kind, count } => {
                return self
                    .cards_in(crate::effect::Place::Field(crate::effect::Who::You), p)
                    .into_iter()
                    .filter(|&c| self.card(c).face_up() && self.counters_on(c, *kind) >= *count as u16)
                    .collect()
            }
            Cost::Cards { how, from, filter, count } => {
                // `DuelRule::FieldBanishedForGy`: monsters of the field pay for the GY's.
                if *how == CostMove::Banish && matches!(from, CostFrom::Gy) && !self.gy_locked() && self.banishes_field_for_gy(p) {
                    let need = match count {
                        CostCount::Range(n, _) | CostCount::Random(n) => usize::from(*n).max(1),
                        _ => 1,
                    };
                    let gy = self.player(p).gy.iter().filter(|&&c| self.data(c).is_monster() && m(filter, c)).count();
                    if gy >= need {
                        return self.player(p).monster_ids().filter(|&c| c != source).collect();
                    }
                    return SmallVec::new();
                }
                (*how, from, filter)
            }
            _ => return SmallVec::new(),
        };
        match from {
            CostFrom::This => SmallVec::new(),
            CostFrom::Hand => self.player(p).hand.iter().copied().filter(|&c| c != source && m(filter, c)).collect(),
            // "Tribute 1 monster" may tribute the card itself (`Filter::NotSelf` for "other").
            CostFrom::Monsters if how == CostMove::Tribute => {
                self.tributable_monsters(p).into_iter().filter(|&c| m(filter, c) && !self.cannot_be_tributed(c)).collect()
            }
            CostFrom::Monsters => self.player(p).monster_ids().filter(|&c| m(filter, c)).collect(),
            CostFrom::Gy if self.gy_locked() || (how == CostMove::Banish && self.gy_banish_locked(p)) => SmallVec::new(),
            CostFrom::Gy => self.player(p).gy.iter().copied().filter(|&c| m(filter, c)).collect(),
            CostFrom::Deck | CostFrom::DeckTop => self.player(p).deck.iter().rev().copied().filter(|&c| m(filter, c)).collect(),
            CostFrom::Places(from) => {
                from.iter().flat_map(|&pl| self.cards_in(pl, p)).filter(|&c| c != source && self.card(c).controller() == p && m(filter, c)).collect()
            }
        }
    }

    /// Cards that may pay a card cost: when a target group reads the cost, only cards that
    /// leave a legal target.
    pub(crate) fn cost_candidates(&self, cost: &Cost, e: &EffectDecl, p: Player, source: CardId) -> SmallVec<[CardId; 64]> {
        let mut v = self.raw_cost_candidates(cost, p, source);
        // "Any number" is narrowed by its count instead (`cost_count_progress`).
        if reads_cost(e) && !matches!(cost, Cost::Cards { count: CostCount::AnyNumber, .. }) {
            v.retain(|c| self.cost_fits(e, p, source, *c));
        }
        v
    }

    /// Are there at least `min` [`Duel::cost_candidates`]? Counts only as far as `min`
    /// (each candidate of an effect that reads its cost is a whole activation check).
    fn cost_candidates_at_least(&self, cost: &Cost, e: &EffectDecl, p: Player, source: CardId, min: usize) -> bool {
        let v = self.raw_cost_candidates(cost, p, source);
        if !reads_cost(e) || matches!(cost, Cost::Cards { count: CostCount::AnyNumber, .. }) {
            return v.len() >= min;
        }
        min == 0 || v.iter().filter(|&&c| self.cost_fits(e, p, source, c)).take(min).count() >= min
    }

    pub(crate) fn costs_payable(&self, e: &EffectDecl, p: Player, card: CardId) -> bool {
        let c = self.card(card);
        e.costs.iter().all(|cost| match cost {
            Cost::PayLp { amount: n, any_multiple: false } => self.lp_cost_waived(p, card) || self.lp(p) >= self.num(n, &Ctx::of(p, card)),
            Cost::PayLp { amount, any_multiple: true } => {
                let step = amount.constant().unwrap_or(0);
                step > 0 && self.lp(p) >= step
            }
            Cost::RemoveCounters { kind, count } => self.counters_on(card, *kind) >= *count as u16,
            Cost::RemoveCountersFromField { .. } => !self.raw_cost_candidates(cost, p, card).is_empty(),
            Cost::DetachMaterial(n) => c.zone() == Zone::Monster && self.materials(card).len() >= *n as usize,
            Cost::Cards { how, from: CostFrom::This, .. } => match how {
                CostMove::Discard => c.zone() == Zone::Hand,
                // Face-up on the field, or from the hand by an effect used there ("send this
                // card from your hand to the GY").
                CostMove::Send => (c.zone().on_field() && c.face_up()) || (c.zone() == Zone::Hand && e.range == crate::effect::Range::Hand),
                CostMove::Tribute => c.zone() == Zone::Monster,
                CostMove::Banish => c.zone() != Zone::Banished,
                CostMove::Shuffle => c.zone().on_field(),
                CostMove::DeckTop => c.zone() == Zone::Hand || c.zone().on_field(),
                CostMove::ToHand => c.zone().on_field(),
            },
            Cost::Cards { count: CostCount::AnyNumber, .. } => {
                let n = self.raw_cost_candidates(cost, p, card).len();
                (1..=n).any(|k| !reads_cost(e) || self.cost_count_fits(e, p, card, k))
            }
            Cost::Cards { count: CostCount::All, .. } => !self.raw_cost_candidates(cost, p, card).is_empty(),
            Cost::Cards { count: CostCount::Random(n), .. } => self.raw_cost_candidates(cost, p, card).len() >= *n as usize,
            Cost::Cards { from: CostFrom::DeckTop, count: CostCount::Range(n, _), .. } => self.player(p).deck.len() >= *n as usize,
            Cost::Cards { count: CostCount::UpTo(_), .. } => self.cost_candidates_at_least(cost, e, p, card, 1),
            Cost::Cards { count: CostCount::Range(min, _), .. } => self.cost_candidates_at_least(cost, e, p, card, *min as usize),
        })
    }
}
