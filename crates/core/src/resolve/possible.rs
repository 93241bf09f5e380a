//! Questions about steps before they run: could they do anything now (an effect whose first
//! steps could do nothing cannot be activated), and a modifier with its numbers fixed when
//! it is applied for a while.

use crate::effect::{Obj, Op, Place, Test, Who};
use crate::eval::Ctx;
use crate::state::Duel;
use crate::types::Zone;

impl Duel {
    /// A modifier with its numbers fixed in a context (a modifier applied for a while keeps
    /// the values it had when it was applied).
    pub(crate) fn fixed_modifier(&self, m: &crate::effect::Modifier, ctx: &Ctx<'_>) -> crate::effect::Modifier {
        use crate::effect::{Act, Modifier, Num, Scope, StatLayer};
        let fix = |n: &Num| Num::Const(self.num(n, ctx));
        let scope = |s: &Scope| match s {
            Scope::Monsters(f) => Scope::Monsters(self.fixed_filter(f, ctx)),
            s => s.clone(),
        };
        match m {
            Modifier::AtkDef { scope: s, atk, def } => Modifier::AtkDef { scope: scope(s), atk: fix(atk), def: fix(def) },
            Modifier::Becomes { layer: StatLayer::Current(s), atk, def } => Modifier::set_current(scope(s), atk.as_ref().map(fix), def.as_ref().map(fix)),
            Modifier::Becomes { layer: StatLayer::Original, atk, def } => Modifier::set_original(atk.as_ref().map(fix), def.as_ref().map(fix)),
            Modifier::ExtraAttacks { scope, count } => Modifier::ExtraAttacks { scope: scope.clone(), count: fix(count) },
            // The numbers a scope compares with ("ATK at most the LP paid").
            Modifier::Cannot { scope: s, act: act @ (Act::Attack | Act::ChangePosition | Act::BeAttackTarget) } => {
                Modifier::Cannot { scope: scope(s), act: *act }
            }
            Modifier::NameBecomes(name) => Modifier::NameBecomes(fix(name)),
            Modifier::Level { filter, delta, in_hand, becomes } => {
                Modifier::Level { filter: self.fixed_filter(filter, ctx), delta: *delta, in_hand: *in_hand, becomes: becomes.as_ref().map(fix) }
            }
            Modifier::NameProhibited { name, spared } => Modifier::NameProhibited { name: fix(name), spared: *spared },
            m => m.clone(),
        }
    }

    /// A filter with the numbers it compares with fixed in a context.
    fn fixed_filter(&self, f: &crate::effect::Filter, ctx: &Ctx<'_>) -> crate::effect::Filter {
        use crate::effect::{Filter, Num};
        match f {
            Filter::Stat(s, cmp, n) => Filter::Stat(*s, *cmp, Box::new(Num::Const(self.num(n, ctx)))),
            Filter::And(v) => Filter::And(v.iter().map(|f| self.fixed_filter(f, ctx)).collect()),
            Filter::Or(v) => Filter::Or(v.iter().map(|f| self.fixed_filter(f, ctx)).collect()),
            Filter::Not(f) => Filter::Not(Box::new(self.fixed_filter(f, ctx))),
            f => f.clone(),
        }
    }

    /// Whether the first steps of an effect (before any branch) could do anything ("Dark
    /// Hole" with no monsters cannot be activated).
    /// A leading "only if ..." must hold and its steps be possible; checks stop at any other
    /// branch, after a declaration (what is declared is not known yet) and after a draw.
    pub(crate) fn ops_possible(&self, ops: &[Op], ctx: &Ctx<'_>) -> bool {
        for op in ops {
            match op {
                Op::If { test: Test::Holds(c), then, otherwise } if otherwise.is_empty() => {
                    return self.condition_in(c, ctx) && self.ops_possible(then, ctx);
                }
                Op::DeclareBy(..) | Op::PickDeclared(..) => return true,
                // The steps after a draw see a hand that holds the cards drawn ("draw 3
                // cards, then discard 2").
                Op::Draw { .. } => return self.op_possible(op, ctx),
                op if op.is_branch() => return true,
                // Cards go back into a Deck: what later steps draw is not known yet.
                Op::ToDeck { .. } | Op::ShuffleFaceUpIntoDeck { .. } => return true,
                op if !self.op_possible(op, ctx) => return false,
                _ => {}
            }
        }
        true
    }

    /// Whether one step could do anything now.
    pub(crate) fn op_possible(&self, op: &Op, ctx: &Ctx<'_>) -> bool {
        let p = ctx.p;
        let skip_self = self.card(ctx.source).zone() != Zone::Monster;
        // MISC-9: what the opponent's hand or Deck holds is hidden from the player: a step
        // there is possible while it holds a card, whatever the card (Trap Dustshoot).
        let hidden = |place: &Place| matches!(place, Place::Hand(Who::Opponent) | Place::Deck(Who::Opponent) | Place::HandOrDeck(Who::Opponent));
        let any_in = |place: &Place, f: &crate::effect::Filter| {
            if hidden(place) {
                return self.any_card_in(*place, p, |_| true);
            }
            self.any_card_in(*place, p, |c| !(skip_self && c == ctx.source) && self.filter_in(f, c, ctx))
        };
        match op {
            Op::Destroy(Obj::All(place, f), _)
            | Op::ToHand(Obj::All(place, f))
            | Op::SendToGy(Obj::All(place, f))
            | Op::Banish { what: Obj::All(place, f), .. } => any_in(place, f),
            // A pick among cards related to the targets ("another monster it can equip")
            // cannot be judged before the targets are chosen: their groups were checked.
            Op::Choose { filter, min, .. } if *min > 0 && ctx.link.is_none() && reads_targets(filter) => true,
            Op::Choose { place, filter, min, .. } if *min > 0 => any_in(place, filter),
            Op::Draw { who, count } => {
                let n = self.num(count, ctx).max(0) as usize;
                ctx.mandatory || self.who(*who, p).iter().all(|&q| self.player(q).deck.len() >= n)
            }
            Op::Extra(x) => self.extra_op_possible(x, p, ctx.source),
            Op::Summon(crate::effect::SummonStep::Tokens { .. }) => {
                self.has_free_main_monster_zone(p) && self.player_fx[p.idx()].no_summon_turn != self.turn && !self.special_summons_locked(p)
            }
            Op::Lp(crate::effect::LpStep::Pay(amount)) => self.lp(p) >= self.num(amount, ctx),
            Op::Summon(crate::effect::SummonStep::TokensFor { who, count, .. }) => {
                let q = if *who == Who::Opponent { p.opp() } else { p };
                self.free_main_monster_zones(q).len() >= *count as usize
            }
            _ => true,
        }
    }
}

/// Does the filter relate the card to the effect's targets ([`Obj::Targets`], [`Obj::Target`])?
fn reads_targets(f: &crate::effect::Filter) -> bool {
    use crate::effect::Filter;
    match f {
        Filter::Rel(_, o) => matches!(**o, Obj::Targets | Obj::Target(_)),
        Filter::And(v) | Filter::Or(v) => v.iter().any(reads_targets),
        Filter::Not(f) | Filter::AtActivation(f) => reads_targets(f),
        _ => false,
    }
}
