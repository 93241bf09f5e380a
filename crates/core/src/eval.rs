//! Reading the vocabulary: [`Num`] expressions, [`Filter`]s, [`Condition`]s and [`Obj`]ects
//! evaluated against the duel and an effect's context ([`Ctx`]: its controller and card,
//! and what its activation and resolution have fixed). Pure functions of the state
//! (STYLE 14).

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::card::{type_bits, CardData, Kind, MonsterFrame};
use crate::effect::{Anchor, CostStat, Declare, Filter, Num, Obj, Origin, Place, Relation, Sent, Stat, TurnFact, Who};
use crate::event::{Event, Reason};
use crate::resolve::Resolution;
use crate::state::{CardId, CardState, Duel};
use crate::types::{BattleStep, DamageStep, Player, Position, Zone};

/// What an activation's cost fixed ([`Num::Cost`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CostFacts {
    /// The highest ATK among the cards paid.
    pub atk: i32,
    /// The highest DEF among them.
    pub def: i32,
    /// The highest Level among them.
    pub level: u8,
    /// How many cards were paid.
    pub cards: u8,
    /// The LP paid.
    pub lp: i32,
    /// The level-up successor named by a card paid (its passcode; 0 when none).
    #[serde(default)]
    pub level_up: u32,
}

/// What an activation fixed: its targets, the card of its triggering event, its cost.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkFacts {
    /// Targets with the move count they had when chosen (EFF-6).
    pub targets: SmallVec<[(CardId, u32); 2]>,
    /// The other card of the triggering event.
    pub event_card: Option<CardId>,
    /// Every other card of the triggering events gathered into this trigger.
    #[serde(default)]
    pub event_cards: SmallVec<[CardId; 2]>,
    /// What the cost fixed.
    pub cost: CostFacts,
    /// The damage of the triggering event: the amount, and whether it was battle damage
    /// ([`Num::EventDamage`]).
    #[serde(default)]
    pub damage: Option<(i32, bool)>,
    /// The monsters whose summon was the latest happening when the effect was activated,
    /// with their move counts then: "that monster(s)" of a "when ... is Summoned" effect
    /// ([`Filter::JustSummoned`] at resolution; EFF-6).
    #[serde(default)]
    pub summoned: SmallVec<[(CardId, u32); 2]>,
    /// The effect (card, effect index) this link copies and resolves as
    /// ([`crate::effect::EffectDecl::copies_link`]).
    #[serde(default)]
    pub copy: Option<(CardId, u8)>,
    /// The cards this link draws go to the GY as they are drawn
    /// ([`crate::effect::NegateWhat::DrawsToGy`], answered by a later link).
    #[serde(default)]
    pub draws_to_gy: bool,
}

/// What a filter reads of the card it is asked about, read once for all of the filter's
/// parts.
#[derive(Clone, Copy)]
struct Seen<'a> {
    id: CardId,
    c: &'a CardState,
    d: &'a CardData,
    /// A monster here (a trap monster in a Monster Zone is one: TRAP-5).
    as_monster: bool,
    /// Its properties are known (POS-3: not face-down on the field).
    seen: bool,
}

/// The context an expression, filter or condition is read in.
#[derive(Clone, Copy)]
pub(crate) struct Ctx<'a> {
    /// The effect's controller.
    pub p: Player,
    /// The effect's card.
    pub source: CardId,
    /// What its activation fixed, if it is being activated or resolved.
    pub link: Option<&'a LinkFacts>,
    /// Its resolution so far, if it is resolving.
    pub res: Option<&'a Resolution>,
    /// A mandatory triggered effect is being checked: it is activated even when a draw
    /// would empty a Deck (the player then loses: WIN-2, EFF-3).
    pub mandatory: bool,
    /// The card an [`crate::effect::Op::Apply`] is fixing its numbers for now
    /// ([`crate::effect::Obj::Each`]).
    pub each: Option<CardId>,
}

impl<'a> Ctx<'a> {
    /// An effect of `source` controlled by `p`, outside any activation.
    pub fn of(p: Player, source: CardId) -> Ctx<'a> {
        Ctx { p, source, link: None, res: None, mandatory: false, each: None }
    }
    /// The same, with what an activation fixed.
    pub fn with_link(p: Player, source: CardId, link: &'a LinkFacts) -> Ctx<'a> {
        Ctx { p, source, link: Some(link), res: None, mandatory: false, each: None }
    }
    /// A resolving effect.
    pub fn resolving(r: &'a Resolution) -> Ctx<'a> {
        Ctx { p: r.link.controller, source: r.link.card, link: Some(&r.link.facts), res: Some(r), mandatory: false, each: None }
    }
}

impl Duel {
    /// Players a `Who` names, from `p`'s side (EFF-12: the turn player first for `Both`).
    pub(crate) fn who(&self, w: Who, p: Player) -> SmallVec<[Player; 2]> {
        match w {
            Who::You => SmallVec::from_slice(&[p]),
            Who::Opponent => SmallVec::from_slice(&[p.opp()]),
            Who::Both => SmallVec::from_slice(&[self.turn_player, self.turn_player.opp()]),
        }
    }

    /// Cards in a place, seen from `p`'s side (the turn player's side first for `Both`).
    pub(crate) fn cards_in(&self, place: Place, p: Player) -> SmallVec<[CardId; 64]> {
        let mut v = SmallVec::new();
        self.any_card_in(place, p, |c| {
            v.push(c);
            false
        });
        v
    }

    /// Is `f` true of a card in a place, asked in the order of [`Duel::cards_in`] (and no
    /// further once it is)? Nothing is collected.
    pub(crate) fn any_card_in(&self, place: Place, p: Player, mut f: impl FnMut(CardId) -> bool) -> bool {
        // Plain loops over the slots (a `flatten` of the `Option`s costs more on this path).
        fn any_slot(slots: &[Option<CardId>], f: &mut impl FnMut(CardId) -> bool) -> bool {
            for &slot in slots {
                if let Some(c) = slot {
                    if f(c) {
                        return true;
                    }
                }
            }
            false
        }
        for q in self.who(place.who(), p) {
            let ps = self.player(q);
            let hit = match place {
                Place::Field(_) => {
                    any_slot(&ps.monsters, &mut f) || any_slot(&ps.spells, &mut f) || any_slot(&[ps.field], &mut f) || any_slot(&ps.pendulum, &mut f)
                }
                Place::Monsters(_) => any_slot(&ps.monsters, &mut f),
                Place::SpellTraps(_) => {
                    any_slot(&ps.spells, &mut f)
                        || any_slot(&[ps.field], &mut f)
                        // ZONE-4: Pendulum Scales are Spell Cards on the field (Master Rule 3's
                        // separate Pendulum Zones; from Master Rule 4 they are in `spells`).
                        || any_slot(&ps.pendulum, &mut f)
                        // TRAP-5: trap monsters are spell/trap cards on the field too.
                        || any_slot(&ps.monsters, &mut |c| self.data(c).is_trap() && !self.as_normal_monster(c) && f(c))
                }
                Place::Hand(_) => ps.hand.iter().copied().any(&mut f),
                Place::Deck(_) => ps.deck.iter().rev().copied().any(&mut f),
                Place::Extra(_) => ps.extra.iter().copied().any(&mut f),
                Place::Gy(_) => ps.gy.iter().copied().any(&mut f),
                Place::Banished(_) => ps.banished.iter().copied().any(&mut f),
                Place::HandOrDeck(_) => ps.hand.iter().copied().any(&mut f) || ps.deck.iter().rev().copied().any(&mut f),
                Place::HandOrGy(_) => ps.hand.iter().copied().any(&mut f) || ps.gy.iter().copied().any(&mut f),
                Place::HandDeckOrGy(_) => ps.hand.iter().copied().any(&mut f) || ps.deck.iter().rev().copied().any(&mut f) || ps.gy.iter().copied().any(&mut f),
                Place::HandOrField(_) => {
                    ps.hand.iter().copied().any(&mut f)
                        || any_slot(&ps.monsters, &mut f)
                        || any_slot(&ps.spells, &mut f)
                        || any_slot(&[ps.field], &mut f)
                        || any_slot(&ps.pendulum, &mut f)
                }
            };
            if hit {
                return true;
            }
        }
        false
    }

    // ---- numbers ------------------------------------------------------------------------

    /// A number of a card: current values on the field, printed ones elsewhere.
    pub(crate) fn stat(&self, id: CardId, s: Stat) -> i32 {
        let c = self.card(id);
        let d = self.data(id);
        let on_field = c.zone() == Zone::Monster;
        let leveled = !matches!(d.kind, Kind::Monster(MonsterFrame::Xyz | MonsterFrame::Link));
        match s {
            Stat::Atk if on_field => self.current_atk(id),
            Stat::Atk => d.atk.unwrap_or(0).max(0),
            Stat::Def if on_field => self.current_def(id),
            Stat::Def => d.def.unwrap_or(0).max(0),
            Stat::OriginalAtk => self.original_atk(id),
            Stat::OriginalDef => self.original_def(id),
            Stat::Level if leveled && d.is_monster() => self.current_level(id) as i32,
            Stat::Level => 0,
            Stat::Rank => i32::from(d.kind == Kind::Monster(MonsterFrame::Xyz)) * d.level as i32,
            Stat::LinkRating => i32::from(d.kind == Kind::Monster(MonsterFrame::Link)) * d.level as i32,
            Stat::Materials => self.materials(id).len() as i32,
            Stat::Tributes => c.materials_count as i32,
            Stat::Code => d.name_code() as i32,
            Stat::Counters(k) => self.counters_on(id, k) as i32,
        }
    }

    /// Evaluates a number in a context.
    pub(crate) fn num(&self, n: &Num, ctx: &Ctx<'_>) -> i32 {
        let objs = |o: &Obj| self.objects_in(o, ctx);
        // A monster the previous step moved off the field keeps the ATK/DEF it had there
        // (last known information).
        let stat = |c: CardId, s: Stat| match (s, ctx.res.and_then(|r| r.known.iter().find(|k| k.0 == c))) {
            (Stat::Atk, Some(k)) if self.card(c).zone() != Zone::Monster => k.1,
            (Stat::Def, Some(k)) if self.card(c).zone() != Zone::Monster => k.2,
            _ => self.stat(c, s),
        };
        // Sums, extremes and counts over the cards of an object (none collected for "all
        // cards in a place").
        let fold = |o: &Obj, init: i32, f: &dyn Fn(i32, CardId) -> i32| {
            let mut acc = init;
            self.visit_objects(o, ctx, &mut |c| acc = f(acc, c));
            acc
        };
        let extreme = |o: &Obj, s: Stat, pick: fn(i32, i32) -> i32| {
            let v = fold(o, i32::MIN, &|a, c| if a == i32::MIN { stat(c, s) } else { pick(a, stat(c, s)) });
            if v == i32::MIN {
                0
            } else {
                v
            }
        };
        match n {
            Num::Const(v) => *v,
            Num::Cards(crate::effect::CardsNum::Stat(s, o)) => objs(o).first().map_or(0, |&c| stat(c, *s)),
            Num::Cards(crate::effect::CardsNum::Sum(s, o)) => fold(o, 0, &|a, c| a + stat(c, *s)),
            Num::Cards(crate::effect::CardsNum::Min(s, o)) => extreme(o, *s, i32::min),
            Num::Cards(crate::effect::CardsNum::Max(s, o)) => extreme(o, *s, i32::max),
            Num::Cards(crate::effect::CardsNum::Count(o)) => fold(o, 0, &|a, _| a + 1),
            Num::Lp(w) => self.who(*w, ctx.p).iter().map(|&q| self.lp(q)).min().unwrap_or(0),
            Num::Cost(k) => {
                let c = ctx.link.map(|l| l.cost).unwrap_or_default();
                match k {
                    CostStat::Atk => c.atk,
                    CostStat::Def => c.def,
                    CostStat::Level => c.level as i32,
                    CostStat::Cards => c.cards as i32,
                    CostStat::Lp => c.lp,
                    CostStat::LevelUp => c.level_up as i32,
                }
            }
            Num::CountersOnThis(k) => self.counters_on(ctx.source, *k) as i32,
            Num::Declared => ctx.res.and_then(|r| r.declared.last()).map_or(0, |&(_, v)| v as i32),
            Num::Heads => ctx.res.map_or(0, |r| r.heads as i32),
            Num::EventDamage { battle } => ctx.link.and_then(|l| l.damage).filter(|d| d.1 == *battle).map_or(0, |d| d.0),
            Num::BattleDamageTaken { who, direct_only } => {
                // The attack's own record (never the event log, which a determinized duel
                // does not keep: MISC-9).
                let Some(a) = self.current_attack() else { return 0 };
                if *direct_only && a.target.is_some() {
                    return 0;
                }
                self.who(*who, ctx.p).iter().fold(0i32, |t, q| t.saturating_add(a.battle_damage[q.idx()]))
            }
            Num::Half(x) => self.num(x, ctx) / 2,
            Num::Times(x, k) => self.num(x, ctx).saturating_mul(*k),
            Num::Of(how, a, b) => how.apply(self.num(a, ctx), self.num(b, ctx)),
            Num::RememberedCount(m) => self.memory.iter().filter(|e| e.source == ctx.source && e.slot == *m).count() as i32,
            Num::TurnsSince { anchor, whose } => self.turns_counted(*anchor, ctx.source, *whose, ctx.p) as i32,
        }
    }

    // ---- objects ------------------------------------------------------------------------

    /// Visits the cards an object names now, in the order of [`Duel::objects_in`], without
    /// collecting the cards of a place (counts and sums over "all cards in a place").
    fn visit_objects(&self, o: &Obj, ctx: &Ctx<'_>, f: &mut dyn FnMut(CardId)) {
        match o {
            Obj::All(place, filter) => {
                let skip_self = self.card(ctx.source).zone() != Zone::Monster;
                self.any_card_in(*place, ctx.p, |c| {
                    if !(skip_self && c == ctx.source) && self.filter_in(filter, c, ctx) {
                        f(c);
                    }
                    false
                });
            }
            Obj::Filtered(inner, g) => self.visit_objects(inner, ctx, &mut |c| {
                if self.filter_in(g, c, ctx) {
                    f(c);
                }
            }),
            Obj::Memory(m) => self.remembered(ctx.source, *m).for_each(f),
            _ => self.objects_in(o, ctx).into_iter().for_each(f),
        }
    }

    /// Does any card of the object satisfy `pred`? The cards of a place ([`Obj::All`]) are
    /// visited, not collected, so a filter that relates a card to "every card in a place"
    /// allocates nothing (listing legal actions allocates nothing).
    /// Is the chain link a monster's trigger effect started by a Normal (`normal`) or Special
    /// (`special`) Summon ([`crate::effect::LinkFact::SummonTriggered`])? Its declared trigger
    /// must watch such a Summon; the monsters whose Summon it answered (the link's
    /// `summoned`), if any are known, must have come by one.
    pub(crate) fn link_summon_triggered(&self, l: &crate::chain::ChainLink, normal: bool, special: bool) -> bool {
        use crate::effect::Trigger;
        use crate::types::SummonKind;
        let Some(e) = self.effect_decl(l.card, l.effect) else { return false };
        if !matches!(e.kind, crate::effect::EffectKind::Trigger { .. }) || !self.data(l.card).is_monster() {
            return false;
        }
        let watches = match &e.trigger {
            Some(Trigger::Summoned { normal: n, special: s, .. }) => (*n && normal) || (*s && special),
            Some(Trigger::AnySpecialSummoned(_)) => special,
            _ => false,
        };
        let by_normal = |k: SummonKind| matches!(k, SummonKind::Normal | SummonKind::Tribute);
        let by_special = |k: SummonKind| !matches!(k, SummonKind::None | SummonKind::Normal | SummonKind::Tribute | SummonKind::Set | SummonKind::Flip);
        watches
            && (l.facts.summoned.is_empty()
                || l.facts.summoned.iter().any(|&(m, _)| {
                    let k = self.card(m).summon;
                    (normal && by_normal(k)) || (special && by_special(k))
                }))
    }

    /// Would the chain link inflict effect damage to player `q` ([`crate::effect::LinkFact::WouldDamage`])?
    pub(crate) fn link_would_damage(&self, l: &crate::chain::ChainLink, q: Player) -> bool {
        use crate::effect::{LpStep, Op};
        let Some(e) = self.acting_decl(l.card, l.effect, &l.facts) else { return false };
        let ctx = Ctx::with_link(l.controller, l.card, &l.facts);
        fn walk(d: &Duel, ops: &[Op], q: Player, l: &crate::chain::ChainLink, ctx: &Ctx<'_>) -> bool {
            ops.iter().any(|o| match o {
                Op::Lp(LpStep::Damage { who, .. }) => d.who(*who, l.controller).contains(&q),
                Op::Lp(LpStep::DamageController { of, .. }) => d.objects_in(of, ctx).iter().any(|&c| d.card(c).controller() == q),
                Op::If { then, otherwise, .. } => walk(d, then, q, l, ctx) || walk(d, otherwise, q, l, ctx),
                Op::MayDo(v) => walk(d, v, q, l, ctx),
                Op::ChooseOne(vs) => vs.iter().any(|v| walk(d, v, q, l, ctx)),
                _ => false,
            })
        }
        walk(self, &e.ops, q, l, &ctx)
    }

    /// Is the monster `m` another correct target for the Equip Card `e` (SPELL-4)? A face-up
    /// monster on the field, not the one `e` equips now, that meets the targets of `e`'s own
    /// effect that equips it (read from `e`'s side); `e` with no such effect (equipped by
    /// another card) may equip any.
    pub(crate) fn correct_equip_target(&self, e: CardId, m: CardId) -> bool {
        let mc = self.card(m);
        if mc.zone() != Zone::Monster || !mc.face_up() || e == m || self.card(e).equip_to == Some(m) {
            return false;
        }
        let equips_itself = |o: &crate::effect::Op| matches!(o, crate::effect::Op::EquipTo(_) | crate::effect::Op::EquipAsCard { what: Obj::This, .. });
        let effects = &self.pool.def(self.card(e).def).behavior.effects;
        let Some(spec) = effects.iter().find(|d| d.target.is_some() && d.ops.iter().any(equips_itself)).and_then(|d| d.target.as_ref()) else {
            return true;
        };
        let ctrl = self.card(e).controller();
        let ctx = Ctx::of(ctrl, e);
        self.any_card_in(spec.place, ctrl, |c| c == m) && self.filter_in(&spec.filter, m, &ctx)
    }

    fn any_object(&self, o: &Obj, ctx: &Ctx<'_>, mut pred: impl FnMut(CardId) -> bool) -> bool {
        match o {
            Obj::All(place, f) => {
                let card = ctx.source;
                let skip_self = self.card(card).zone() != Zone::Monster;
                self.any_card_in(*place, ctx.p, |c| !(skip_self && c == card) && self.filter_in(f, c, ctx) && pred(c))
            }
            Obj::Memory(m) => self.remembered(ctx.source, *m).any(pred),
            _ => self.objects_in(o, ctx).into_iter().any(pred),
        }
    }

    /// The cards an object names now, in a context (a resolution names its targets, chosen
    /// and affected cards; outside one, only `This`, `Equipped` and places do).
    pub(crate) fn objects_in(&self, o: &Obj, ctx: &Ctx<'_>) -> SmallVec<[CardId; 4]> {
        let card = ctx.source;
        match o {
            Obj::This => match ctx.res {
                Some(r) if self.card(card).moves != r.link.card_moves => SmallVec::new(),
                _ => SmallVec::from_slice(&[card]),
            },
            Obj::Targets => match ctx.res {
                Some(r) => r.link.facts.targets.iter().filter(|t| self.target_still_valid(r, t)).map(|t| t.0).collect(),
                None => ctx.link.map(|l| l.targets.iter().map(|t| t.0).collect()).unwrap_or_default(),
            },
            Obj::Target(i) => match ctx.res {
                Some(r) => r.link.facts.targets.get(*i as usize).filter(|t| self.target_still_valid(r, t)).map(|t| t.0).into_iter().collect(),
                None => ctx.link.and_then(|l| l.targets.get(*i as usize)).map(|t| t.0).into_iter().collect(),
            },
            Obj::Chosen => ctx.res.map(|r| r.chosen.clone()).unwrap_or_default(),
            Obj::Affected => ctx.res.map(|r| r.affected.clone()).unwrap_or_default(),
            Obj::Equipped => self.card(card).equip_to.into_iter().collect(),
            // Every card of the events gathered into the trigger ("for each card discarded"),
            // the first one if none was gathered.
            Obj::EventCard => ctx
                .link
                .map(|l| if l.event_cards.is_empty() { l.event_card.into_iter().collect() } else { l.event_cards.iter().copied().collect() })
                .unwrap_or_default(),
            // A resolving spell/trap is not among "all cards" it affects (it is being
            // resolved); a monster's "all monsters" includes itself unless it says "other".
            Obj::All(place, f) => {
                let skip_self = self.card(card).zone() != Zone::Monster;
                self.cards_in(*place, ctx.p).into_iter().filter(|&c| !(skip_self && c == card) && self.filter_in(f, c, ctx)).collect()
            }
            Obj::DeckTop(w, n) => self.who(*w, ctx.p).iter().flat_map(|&q| self.player(q).deck.iter().rev().take(*n as usize).copied()).collect(),
            Obj::Filtered(inner, f) => self.objects_in(inner, ctx).into_iter().filter(|&c| self.filter_in(f, c, ctx)).collect(),
            Obj::Memory(m) => self.remembered(card, *m).collect(),
            Obj::Union(v) => {
                let mut all: SmallVec<[CardId; 4]> = SmallVec::new();
                for o in v {
                    for c in self.objects_in(o, ctx) {
                        if !all.contains(&c) {
                            all.push(c);
                        }
                    }
                }
                all
            }
            Obj::DeckTopUntil { who, filter, count } => {
                let mut v = SmallVec::new();
                for q in self.who(*who, ctx.p) {
                    let side = Ctx { p: q, ..*ctx };
                    let need = self.num(count, &side).max(0) as usize;
                    let mut found = 0;
                    for &c in self.player(q).deck.iter().rev() {
                        if found >= need {
                            break;
                        }
                        v.push(c);
                        found += usize::from(self.filter_in(filter, c, &side));
                    }
                }
                v
            }
            Obj::EventCards => ctx.link.map(|l| l.event_cards.iter().copied().collect()).unwrap_or_default(),
            Obj::Each => ctx.each.into_iter().collect(),
            Obj::LinkBelowTargets => {
                // Resolving, the link is off the chain: the last one is the link below it.
                self.chain
                    .last()
                    .map(|l| l.facts.targets.iter().filter(|&&(t, moves)| self.card(t).moves == moves).map(|&(t, _)| t).collect())
                    .unwrap_or_default()
            }
        }
    }

    /// `Capability::NewTarget` for chain link `l`: it has exactly one target, still where
    /// it was, and `c` is another card its target group could have targeted (the group's
    /// place and filter, read from the link's controller; not protected from it).
    pub(crate) fn could_retarget(&self, l: &crate::chain::ChainLink, c: CardId) -> bool {
        let [(old, moves)] = l.facts.targets.as_slice() else { return false };
        if c == *old || self.card(*old).moves != *moves || l.activation_negated {
            return false;
        }
        let Some(e) = self.acting_decl(l.card, l.effect, &l.facts) else { return false };
        // A link that itself retargets ("Shift" chained to "Shift") is not retargeted: its
        // correct targets depend on the link below it, and reading them would loop.
        let Some(spec) = e.target.as_ref().filter(|s| e.also_target.is_none() && s.max == 1 && !mentions_new_target(&s.filter)) else { return false };
        let lctx = Ctx::with_link(l.controller, l.card, &l.facts);
        self.any_card_in(spec.place, l.controller, |x| x == c) && self.filter_in(&spec.filter, c, &lctx) && self.targetable(c, l.card, l.controller)
    }

    /// A bound target still counts (EFF-6): it has not moved, still matches its group's
    /// filter, is not protected and was not destroyed by the current battle.
    fn target_still_valid(&self, r: &Resolution, &(t, moves): &(CardId, u32)) -> bool {
        let c = self.card(t);
        let ctx = Ctx::resolving(r);
        c.moves == moves
            && self.acting_decl(r.link.card, r.link.effect, &r.link.facts).is_none_or(|e| {
                e.target.as_ref().is_none_or(|spec| self.filter_in(&spec.filter, t, &ctx))
                    || e.also_target.as_ref().is_some_and(|spec| self.filter_in(&spec.filter, t, &ctx))
            })
            && !(c.zone().on_field() && self.untargetable_by(t, r.link.controller, r.link.card))
            && !self.destroyed_by_battle(t)
    }

    // ---- filters ------------------------------------------------------------------------

    /// Does `id` match `f`, for an effect of `source` controlled by `p` (outside any
    /// activation)?
    pub(crate) fn filter_matches(&self, f: &Filter, id: CardId, p: Player, source: CardId) -> bool {
        self.filter_in(f, id, &Ctx::of(p, source))
    }

    /// Does `id` match `f` in a context?
    pub(crate) fn filter_in(&self, f: &Filter, id: CardId, ctx: &Ctx<'_>) -> bool {
        let c = self.card(id);
        let d = self.data(id);
        let facts = Seen {
            id,
            c,
            d,
            // A trap monster (TRAP-5) is a monster while it is in a Monster Zone.
            as_monster: (d.is_monster() && !c.zone().on_field()) || c.zone() == Zone::Monster,
            // POS-3: a face-down card's properties are hidden on the field.
            seen: c.face_up() || !c.zone().on_field(),
        };
        self.filter_on(f, &facts, ctx)
    }

    /// [`Duel::filter_in`] once the card's facts are read (a filter's parts, `And`, `Or`,
    /// `Not`, share them).
    fn filter_on(&self, f: &Filter, k: &Seen<'_>, ctx: &Ctx<'_>) -> bool {
        let (p, source) = (ctx.p, ctx.source);
        let Seen { id, c, d, as_monster, seen } = *k;
        match f {
            Filter::Any => true,
            Filter::Monster => as_monster,
            Filter::Frame(crate::effect::Frame::MonsterCard) => d.is_monster(),
            // SPELL-8, ZONE-4: a Pendulum card in a Pendulum Zone is a Spell Card.
            Filter::Spell => (d.is_spell() && c.zone() != Zone::Monster) || self.is_pendulum_spell(id),
            // TRAP-5: a trap monster is a trap too.
            // A card treated as a Normal Monster (`SummonStep::AsNormalMonsters`) is not a
            // Spell or Trap while it is one.
            Filter::Trap => d.is_trap() && !self.as_normal_monster(id),
            Filter::SpellTrap => matches!(c.zone(), Zone::SpellTrap | Zone::Field | Zone::Pendulum) || (!d.is_monster() && !self.as_normal_monster(id)),
            Filter::FaceUp => c.face_up(),
            Filter::FaceDown => !c.face_up(),
            Filter::AttackPos => c.zone() == Zone::Monster && c.position().attack(),
            Filter::DefensePos => c.zone() == Zone::Monster && !c.position().attack(),
            Filter::YouControl => c.controller() == p,
            Filter::OppControls => c.controller() != p,
            Filter::YouOwn => c.owner() == p,
            Filter::NotSelf => id != source,
            Filter::Race(r) => as_monster && self.current_race(id) == Some(*r) && seen,
            Filter::Attribute(a) => as_monster && (self.current_attribute(id) == Some(*a) || self.has_also_attribute(id, *a)) && seen,
            Filter::Frame(crate::effect::Frame::EffectMonster) => as_monster && self.is_effect_monster(id),
            // EFF-15: a Gemini monster on the field (until Gemini Summoned) and in the GY is
            // a Normal Monster, not an Effect Monster.
            Filter::Frame(crate::effect::Frame::Ability(bit)) => {
                as_monster
                    && if self.gemini_as_normal(id) { *bit & type_bits::NORMAL != 0 || (d.has(*bit) && *bit & type_bits::EFFECT == 0) } else { d.has(*bit) }
            }
            Filter::Named(code) => match self.name_given(id) {
                Some(name) => name == *code,
                None => d.id == *code || d.alias == *code,
            },
            Filter::NameHas(s) => d.name.contains(s.as_str()),
            Filter::Stat(s, cmp, n) => (as_monster || !matches!(s, Stat::Atk | Stat::Def | Stat::Level)) && cmp.holds(self.stat(id, *s), self.num(n, ctx)),
            Filter::Can(crate::effect::Capability::SpecialSummon) => {
                self.can_be_special_summoned(id, source) && !self.summon_barred(id, p) && !self.special_summons_locked(p)
            }
            Filter::Can(crate::effect::Capability::Set) => self.can_set_from_hand(id, p),
            Filter::Attacker => c.zone() == Zone::Monster && self.current_attacker() == Some(id),
            Filter::InBattle => c.zone() == Zone::Monster && self.current_attack().is_some_and(|a| a.attacker == id || a.target == Some(id)),
            Filter::PointedTo => self.points_to(source, id),
            Filter::GeminiSummoned => c.zone() == Zone::Monster && self.gemini_summoned(id),
            // Once activated, "that monster" is one the activation responded to, still where it
            // was summoned (EFF-6); otherwise one summoned in the latest happening.
            Filter::JustSummoned => match ctx.link.filter(|l| !l.summoned.is_empty()) {
                Some(l) => l.summoned.iter().any(|&(m, moves)| m == id && c.moves == moves),
                None => self.resolving || self.just_summoned().any(|m| m == id),
            },
            Filter::CameFrom(o) => c.arrived.from.is_some_and(|z| origin_is(*o, z)),
            Filter::SentBy(s) => c.arrived.reason.is_some_and(|r| self.sent_by(*s, r, c.arrived.by, c.owner())),
            Filter::ThisTurn(t) => match t {
                TurnFact::Arrived => c.arrived.turn == self.turn,
                TurnFact::Attacked => c.attacked_turn == self.turn,
                TurnFact::DestroyedByBattle => c.battle_kill_turn == self.turn,
                TurnFact::Battled => c.battled_turn == self.turn,
                TurnFact::Flipped => c.flipped_turn == self.turn,
                TurnFact::Summoned => c.zone() == Zone::Monster && c.entered_turn == self.turn && c.summon != crate::types::SummonKind::None,
            },
            Filter::Summoned(k) => c.zone() == Zone::Monster && c.summon == *k,
            Filter::Rel(Relation::DestroyedBy, o) => c.killed_by.is_some_and(|k| self.any_object(o, ctx, |x| x == k)),
            Filter::Rel(Relation::SameNameAs, o) => self.any_object(o, ctx, |x| self.current_name(x) == self.current_name(id)),
            Filter::Rel(Relation::NameSharedBy(n), o) => {
                // Counted as the object is walked: listing it could allocate (five monsters).
                let (mine, mut shared) = (self.current_name(id), 0usize);
                self.any_object(o, ctx, |x| {
                    shared += usize::from(self.current_name(x) == mine);
                    shared >= *n as usize
                })
            }
            Filter::Rel(Relation::ListedMaterialOf, o) => self.any_object(o, ctx, |f| self.lists_material_named(f, id)),
            Filter::Rel(Relation::ListsMaterial, o) => self.any_object(o, ctx, |m| self.lists_material_named(id, m)),
            Filter::Rel(Relation::BattledWith, o) => {
                c.zone() == Zone::Monster && !self.battled_pairs.is_empty() && self.any_object(o, ctx, |x| self.battled_with(id, x))
            }
            Filter::Rel(Relation::EquippedTo, o) => c.equip_to.is_some_and(|t| self.any_object(o, ctx, |x| x == t)),
            Filter::Rel(Relation::EquippedWith, o) => self.any_object(o, ctx, |e| self.card(e).equip_to == Some(id)),
            Filter::Rel(Relation::CorrectEquipTargetFor, o) => self.any_object(o, ctx, |e| self.correct_equip_target(e, id)),
            Filter::Rel(Relation::LevelSumOfSome, o) => {
                // Sums reachable by a non-empty pick, as bits (Levels stay below 64).
                let total = self.current_level(id) as u32;
                let mut reach = 0u64;
                if (1..64).contains(&total) {
                    self.any_object(o, ctx, |x| {
                        let l = self.current_level(x) as u32;
                        if x != id && (1..=total).contains(&l) {
                            reach |= (reach << l) | (1 << l);
                        }
                        false
                    });
                }
                total < 64 && reach & (1 << total) != 0
            }
            Filter::Declared => ctx.res.is_some_and(|r| !r.declared.is_empty() && r.declared.iter().all(|&(k, v)| self.matches_declared(id, k, v))),
            Filter::InDeck => c.zone() == Zone::Deck,
            Filter::OnField => c.zone().on_field(),
            Filter::WasFaceUp => c.arrived.from_position.is_some_and(|pos| pos.face_up()),
            Filter::SummonedBy(f) => self.summoned_by_source(id).is_some_and(|src| self.filter_in(f, src, ctx)),
            Filter::Can(crate::effect::Capability::HoldCounter(k)) => self.pool.def(c.def).behavior.counters.contains(k),
            Filter::And(v) => v.iter().all(|f| self.filter_on(f, k, ctx)),
            Filter::Or(v) => v.iter().any(|f| self.filter_on(f, k, ctx)),
            Filter::Not(f) => !self.filter_on(f, k, ctx),
            Filter::Can(crate::effect::Capability::NewTarget) => match self.chain.last() {
                Some(l) => self.could_retarget(l, id),
                None => self.could_redirect_attack_to(id),
            },
            Filter::Can(crate::effect::Capability::NormalSummon) => {
                matches!(d.kind, Kind::Monster(MonsterFrame::Normal | MonsterFrame::Effect)) && !self.pool.def(c.def).behavior.no_normal_summon
            }
            Filter::Frame(crate::effect::Frame::SpellOf(k)) => d.kind == Kind::Spell(*k) && c.zone() != Zone::Monster,
            Filter::Frame(crate::effect::Frame::TrapOf(k)) => d.kind == Kind::Trap(*k),
            Filter::AtActivation(f) => ctx.res.is_some() || self.filter_on(f, k, ctx),
            Filter::InPlace(place) => self.any_card_in(*place, p, |c| c == id),
            Filter::Frame(crate::effect::Frame::Kind(k)) => d.kind == *k,
            Filter::Rel(Relation::OneOf, o) => self.any_object(o, ctx, |x| x == id),
            Filter::JustArrived => self.recent.iter().any(|e| matches!(e, Event::Moved { card, to, .. } if *card == id && to.zone == c.zone())),
            Filter::Frame(crate::effect::Frame::TypeBit(bit)) => d.has(*bit),
        }
    }

    /// The monsters summoned in the latest happening (for "when ... is Summoned").
    pub(crate) fn just_summoned(&self) -> impl Iterator<Item = CardId> + '_ {
        self.recent.iter().filter_map(|e| match e {
            Event::NormalSummoned { card, .. } | Event::FlipSummoned { card } | Event::SpecialSummoned { card } => Some(*card),
            _ => None,
        })
    }

    /// Was a card moved for reason `r` by `by` this way (`owner`: the card's owner)?
    fn sent_by(&self, s: Sent, r: Reason, by: Option<Player>, owner: Player) -> bool {
        let effect = by.is_some() && !matches!(r, Reason::Battle | Reason::Cost | Reason::Rule | Reason::Tribute | Reason::Material);
        let opponent = effect && by.is_some_and(|b| b != owner);
        match s {
            Sent::Destroyed => r.is_destroy(),
            Sent::Battle => r == Reason::Battle,
            Sent::Effect => effect,
            Sent::DestroyedByEffect => r == Reason::Destroy && effect,
            Sent::OpponentEffect => opponent,
            Sent::DestroyedByOpponentEffect => r == Reason::Destroy && opponent,
            Sent::Discard => r == Reason::Discard,
            Sent::Tribute => r == Reason::Tribute,
            Sent::Cost => r == Reason::Cost,
            Sent::Material => r == Reason::Material,
            Sent::Draw => r == Reason::Draw,
        }
    }

    /// Does card `id` match a declared value of kind `k`?
    fn matches_declared(&self, id: CardId, k: Declare, v: u32) -> bool {
        let d = self.data(id);
        match k {
            Declare::CardName => d.name_code() == v,
            Declare::CardType => d.has(v),
            Declare::Race => d.is_monster() && self.current_race(id).is_some_and(|r| r.0 as u32 == v),
            Declare::Attribute => d.is_monster() && self.current_attribute(id).is_some_and(|a| a as u32 == v),
            Declare::Level => d.is_monster() && self.current_level(id) as u32 == v,
        }
    }

    /// Could `id` be Set from `p`'s hand now (a spell or trap with a zone for it)?
    pub(crate) fn can_set_from_hand(&self, id: CardId, p: Player) -> bool {
        let c = self.card(id);
        c.zone() == Zone::Hand
            && c.controller() == p
            && !self.prohibited(id)
            && !self.set_locked(p, id)
            && match self.data(id).kind {
                Kind::Spell(crate::card::SpellKind::Field) => true,
                Kind::Spell(_) | Kind::Trap(_) => self.has_free_spell_zone(p),
                Kind::Monster(_) => false,
            }
    }

    /// Is this monster an Effect-type monster (for "Effect Monster" filters)?
    pub(crate) fn is_effect_monster(&self, id: CardId) -> bool {
        let d = self.data(id);
        matches!(d.kind, Kind::Monster(f) if f != MonsterFrame::Normal && f != MonsterFrame::Token) && d.has(type_bits::EFFECT) && !self.gemini_as_normal(id)
    }

    /// EFF-15: is this a Gemini monster treated as a Normal Monster now (in the GY, or on
    /// the field until it is Gemini Summoned)?
    pub(crate) fn gemini_as_normal(&self, id: CardId) -> bool {
        let c = self.card(id);
        self.data(id).has(type_bits::GEMINI)
            && match c.zone() {
                Zone::Gy => true,
                Zone::Monster => !self.gemini_summoned(id),
                _ => false,
            }
    }

    /// EFF-15: has this Gemini monster been Gemini Summoned since it came to the field or
    /// was last turned face-down (`Mem::GEMINI`, held while it has not moved)?
    pub(crate) fn gemini_summoned(&self, id: CardId) -> bool {
        let moves = self.card(id).moves;
        self.memory.iter().any(|e| e.source == id && e.slot == crate::effect::Mem::GEMINI && e.card_moves == moves)
    }

    /// The turn an anchor names for `source` (none: a memory slot never filled).
    fn anchor_turn(&self, anchor: Anchor, source: CardId) -> Option<u32> {
        let c = self.card(source);
        match anchor {
            Anchor::Arrival => Some(c.arrived.turn.get()),
            // Turn 0: never activated.
            Anchor::Activation => Some(c.activated_turn.get()).filter(|&t| t > 0),
            Anchor::Memory(m) => self.memory.iter().filter(|e| e.source == source && e.slot == m).map(|e| e.turn).max(),
        }
    }

    /// `Op::AdvanceTurnCount`: the turns a card's turn counts are ahead by (while it has not
    /// moved since).
    fn turns_advanced_of(&self, c: CardId) -> u32 {
        let moves = self.card(c).moves;
        self.turns_advanced.iter().find(|&&(x, m, _)| x == c && m == moves).map_or(0, |&(_, _, n)| u32::from(n))
    }

    /// `Num::TurnsSince`: how many of `whose` turns began after the anchor turn, this one
    /// included (0 when the anchor is not set).
    pub(crate) fn turns_counted(&self, anchor: Anchor, source: CardId, whose: Who, p: Player) -> u32 {
        let Some(from) = self.anchor_turn(anchor, source) else { return 0 };
        let since = self.turn.saturating_sub(from);
        // `Op::AdvanceTurnCount`: turns counted beyond those passed.
        let advanced = self.turns_advanced_of(source);
        // Turns alternate: this turn and every second one before it are the turn player's.
        let theirs = match whose {
            Who::Both => return since + advanced,
            Who::You => p,
            Who::Opponent => p.opp(),
        };
        advanced + if self.turn_player == theirs { since.div_ceil(2) } else { since / 2 }
    }

    /// `Condition::TurnsSince`: is this `whose` `n`th turn after `anchor`?
    pub(crate) fn turns_since(&self, anchor: Anchor, source: CardId, whose: Who, p: Player, n: u8) -> bool {
        let Some(from) = self.anchor_turn(anchor, source) else { return false };
        if self.turn <= from {
            return false;
        }
        let since = self.turn - from;
        // `Op::AdvanceTurnCount`: turns counted beyond those passed.
        let advanced = self.turns_advanced_of(source);
        match whose {
            Who::Both => since + advanced == n as u32,
            w => {
                let theirs = match w {
                    Who::You => p,
                    _ => p.opp(),
                };
                self.turn_player == theirs && since.div_ceil(2) + advanced == n as u32
            }
        }
    }

    /// In the Damage Step, up to and including "before damage calculation" (EFF-10).
    pub(crate) fn damage_step_before_calculation(&self) -> bool {
        matches!(self.step, Some(BattleStep::Damage(DamageStep::Start | DamageStep::BeforeCalculation)))
    }
}

/// Does a filter ask [`crate::effect::Capability::NewTarget`] anywhere?
fn mentions_new_target(f: &Filter) -> bool {
    match f {
        Filter::Can(crate::effect::Capability::NewTarget) => true,
        Filter::And(v) | Filter::Or(v) => v.iter().any(mentions_new_target),
        Filter::Not(f) | Filter::AtActivation(f) => mentions_new_target(f),
        _ => false,
    }
}

/// Is zone `z` the origin `o` names?
pub(crate) fn origin_is(o: Origin, z: Zone) -> bool {
    match o {
        Origin::Field => z.on_field(),
        Origin::MonsterZone => z == Zone::Monster,
        Origin::SpellTrapZone => matches!(z, Zone::SpellTrap | Zone::Field | Zone::Pendulum),
        Origin::Hand => z == Zone::Hand,
        Origin::Deck => z == Zone::Deck,
        Origin::Extra => z == Zone::Extra,
        Origin::Gy => z == Zone::Gy,
        Origin::Banished => z == Zone::Banished,
    }
}

impl Duel {
    /// Conditions of activation and of continuous effects, outside any activation.
    pub(crate) fn condition_holds(&self, c: &crate::effect::Condition, p: Player, source: CardId) -> bool {
        self.condition_in(c, &Ctx::of(p, source))
    }

    /// A condition in a context (STYLE 14: pure).
    pub(crate) fn condition_in(&self, c: &crate::effect::Condition, ctx: &Ctx<'_>) -> bool {
        use crate::effect::Condition;
        let (p, source) = (ctx.p, ctx.source);
        match c {
            Condition::Always => true,
            Condition::ChainTop(crate::effect::LinkFact::Activates(f)) => self.chain.last().is_some_and(|l| {
                // SPELL-8: placing a Pendulum Scale is the activation of a Spell Card.
                if l.effect == crate::extra::PENDULUM_SCALE {
                    return !l.activation_negated && self.scale_activation_matches(f, l.card, p, source);
                }
                !l.activation_negated && self.effect_decl(l.card, l.effect).is_some_and(|e| e.kind.is_card_activation()) && self.filter_in(f, l.card, ctx)
            }),
            Condition::ChainTop(crate::effect::LinkFact::Is(f)) => self.chain.last().is_some_and(|l| !l.activation_negated && self.filter_in(f, l.card, ctx)),
            Condition::ChainTop(crate::effect::LinkFact::Targets(f)) => self
                .chain
                .last()
                .is_some_and(|l| !l.activation_negated && l.facts.targets.iter().any(|&(t, moves)| self.card(t).moves == moves && self.filter_in(f, t, ctx))),
            Condition::ChainTop(crate::effect::LinkFact::TargetsOnly(f)) => self.chain.last().is_some_and(|l| {
                !l.activation_negated
                    && !l.facts.targets.is_empty()
                    && l.facts.targets.iter().all(|&(t, moves)| self.card(t).moves == moves && self.filter_in(f, t, ctx))
            }),
            Condition::ChainTop(crate::effect::LinkFact::Destroys) => self.chain.last().is_some_and(|l| {
                !l.activation_negated
                    && self.acting_decl(l.card, l.effect, &l.facts).is_some_and(|e| {
                        let mut destroys = false;
                        for o in &e.ops {
                            o.visit(&mut |o| destroys |= matches!(o, crate::effect::Op::Destroy(..)));
                        }
                        destroys
                    })
            }),
            Condition::AttackDeclared(f) => self.current_attacker().is_some_and(|a| {
                self.recent.iter().any(|e| matches!(e, Event::AttackDeclared { attacker, .. } if *attacker == a)) && self.filter_in(f, a, ctx)
            }),
            Condition::JustSummoned { normal, flip, special, filter } => self.recent.iter().any(|e| {
                let (card, ok) = match e {
                    Event::NormalSummoned { card, .. } => (*card, *normal),
                    Event::FlipSummoned { card } => (*card, *flip),
                    Event::SpecialSummoned { card } => (*card, *special),
                    _ => return false,
                };
                ok && self.card(card).zone() == Zone::Monster && self.filter_in(filter, card, ctx)
            }),
            Condition::TookDamage { who, battle_only, min } => {
                let hit = self.who(*who, p);
                self.recent.iter().any(|e| match *e {
                    Event::BattleDamage { player, amount, .. } => hit.contains(&player) && amount >= *min,
                    Event::EffectDamage { player, amount, .. } => !*battle_only && hit.contains(&player) && amount >= *min,
                    _ => false,
                })
            }
            Condition::JustMoved { to, filter } => self.recent.iter().any(|e| match *e {
                Event::Moved { card, .. } => self.cards_in(*to, p).contains(&card) && self.filter_in(filter, card, ctx),
                _ => false,
            }),
            Condition::ChangedToDefense(f) => self.recent.iter().any(|e| match *e {
                Event::PositionChanged { card, from: Position::FaceUpAttack, to: Position::FaceUpDefense } => {
                    self.card(card).zone() == Zone::Monster && self.filter_in(f, card, ctx)
                }
                _ => false,
            }),
            Condition::JustEquipped(f) => self.recent.iter().any(|e| match *e {
                Event::Equipped { card, to } => {
                    self.card(card).zone() == Zone::SpellTrap && self.card(card).equip_to == Some(to) && self.filter_in(f, card, ctx)
                }
                _ => false,
            }),
            Condition::Pending(crate::effect::PendingSummon::Summon) => self.summon_pending.is_some() && self.chain.is_empty(),
            Condition::Exists { place, filter, count } => {
                let mut found = 0;
                *count == 0
                    || self.any_card_in(*place, p, |c| {
                        if c != source && self.filter_in(filter, c, ctx) {
                            found += 1;
                        }
                        found >= *count as usize
                    })
            }
            Condition::NoneIn { place, filter } => !self.any_card_in(*place, p, |c| c != source && self.filter_in(filter, c, ctx)),
            Condition::NotYetThisTurn(crate::effect::PlayerDid::Summoned) => self.player_fx[p.idx()].summoned_turn != self.turn,
            Condition::NotYetThisTurn(crate::effect::PlayerDid::Activated) => self.player_fx[p.idx()].activated_turn != self.turn,
            Condition::NotYetThisTurn(crate::effect::PlayerDid::ActivatedSpellCard) => self.player_fx[p.idx()].spell_card_activated_turn != self.turn,
            Condition::FreeMonsterZones(n) => self.free_main_monster_zones(p).len() >= *n as usize,
            Condition::FreeSpellZones(n) => self.free_spell_zones(p).len() >= *n as usize,
            Condition::FreeLinkedZone => {
                let q = self.card(source).controller();
                self.free_main_monster_zones(q).into_iter().any(|z| self.points_to_zone(source, q, z as usize))
            }
            Condition::Battled(crate::effect::BattleFact::AttackedDefensePosition) => {
                self.current_attack().is_some_and(|a| a.attacker == source && a.target_was_defense)
            }
            Condition::SummonedOrFlippedThisTurn => {
                let c = self.card(source);
                c.zone() == Zone::Monster
                    && c.face_up()
                    && ((c.entered_turn == self.turn && matches!(c.summon, crate::types::SummonKind::Normal | crate::types::SummonKind::Tribute))
                        || c.flipped_turn == self.turn)
            }
            Condition::Timing(crate::effect::Timing::YourTurn) => self.turn_player == p,
            Condition::Timing(crate::effect::Timing::OpponentsTurn) => self.turn_player != p,
            Condition::Timing(crate::effect::Timing::InPhase(ph)) => self.phase == *ph,
            Condition::Timing(crate::effect::Timing::InBattlePhase) => self.phase == crate::types::Phase::Battle,
            Condition::Timing(crate::effect::Timing::Step(s)) => self.step == Some(*s),
            Condition::Battling(f) => {
                self.current_attack().is_some_and(|a| [Some(a.attacker), a.target].into_iter().flatten().any(|m| self.filter_in(f, m, ctx)))
            }
            Condition::This(f) => self.filter_in(f, source, ctx),
            Condition::EventCard(f) => self.objects_in(&Obj::EventCard, ctx).into_iter().any(|e| self.filter_in(f, e, ctx)),
            Condition::Compare(a, cmp, b) => cmp.holds(self.num(a, ctx), self.num(b, ctx)),
            Condition::TurnsSince { anchor, whose, n } => self.turns_since(*anchor, source, *whose, p, *n),
            Condition::ResolvedThisTurn(effect) => self.resolved_this_turn.contains(&(source, *effect)),
            Condition::Remembered(m) => self.remembered(source, *m).next().is_some(),
            Condition::All(v) => v.iter().all(|c| self.condition_in(c, ctx)),
            Condition::Any(v) => v.iter().any(|c| self.condition_in(c, ctx)),
            Condition::Not(c) => !self.condition_in(c, ctx),
            Condition::Custom(check) => (check.holds)(&crate::author::Query { duel: self, player: p, card: source }),
            Condition::ChainTop(crate::effect::LinkFact::WouldDestroy(f)) => {
                self.chain.last().is_some_and(|l| !l.activation_negated && self.link_would_destroy(l, f, ctx))
            }
            Condition::ChainTop(crate::effect::LinkFact::WouldDestroyAtLeast(f, n)) => {
                self.chain.last().is_some_and(|l| !l.activation_negated && self.link_destroy_count(l, f, ctx) >= *n as usize)
            }
            Condition::Pending(crate::effect::PendingSummon::SpecialSummon) => {
                self.chain.is_empty() && self.summon_pending.is_some_and(|m| self.card(m).summon == crate::types::SummonKind::Special)
            }
            Condition::ChainTop(crate::effect::LinkFact::WouldDamage(w)) => {
                let hit = self.who(*w, p);
                self.chain.last().is_some_and(|l| !l.activation_negated && hit.iter().any(|&q| self.link_would_damage(l, q)))
            }
            Condition::ChainTop(crate::effect::LinkFact::Draws) => self.chain.last().is_some_and(|l| {
                let Some(e) = self.acting_decl(l.card, l.effect, &l.facts).filter(|_| !l.activation_negated) else { return false };
                let mut draws = false;
                for o in &e.ops {
                    o.visit(&mut |o| draws |= matches!(o, crate::effect::Op::Draw { .. }));
                }
                draws
            }),
            Condition::ChainTop(crate::effect::LinkFact::SummonTriggered { normal, special }) => {
                self.chain.last().is_some_and(|l| !l.activation_negated && self.link_summon_triggered(l, *normal, *special))
            }
            Condition::ChainTop(crate::effect::LinkFact::SpecialSummons) => self.chain.last().is_some_and(|l| {
                use crate::effect::Op;
                let Some(e) = self.effect_decl(l.card, l.effect).filter(|_| !l.activation_negated) else { return false };
                let mut summons = false;
                for o in &e.ops {
                    o.visit(&mut |o| {
                        summons |= matches!(
                            o,
                            Op::SpecialSummon { .. }
                                | Op::Summon(crate::effect::SummonStep::Pointed { .. })
                                | Op::Summon(crate::effect::SummonStep::Tokens { .. })
                                | Op::Summon(crate::effect::SummonStep::TokensFor { .. })
                                | Op::Summon(crate::effect::SummonStep::SelfAsMonster { .. })
                                | Op::Summon(crate::effect::SummonStep::AsNormalMonsters { .. })
                                | Op::Extra(_)
                        )
                    });
                }
                summons
            }),
            Condition::Battled(crate::effect::BattleFact::AttackedFaceDownDefense) => {
                self.current_attack().is_some_and(|a| a.attacker == source && a.target_was_face_down)
            }
            Condition::Battled(crate::effect::BattleFact::DefendedInDefensePosition) => {
                self.current_attack().is_some_and(|a| a.target == Some(source) && a.target_was_defense)
            }
        }
    }

    /// `crate::effect::LinkFact::WouldDestroy`: could chain link `l` destroy a card matching `f`
    /// (read in `ctx`)? Its destroy steps name its bound targets, the cards an `Obj::All` names
    /// now, or, for cards it chooses on resolution, the cards of the place its last `Choose`
    /// reads.
    fn link_would_destroy(&self, l: &crate::chain::ChainLink, f: &Filter, ctx: &Ctx<'_>) -> bool {
        use crate::effect::Op;
        let Some(e) = self.acting_decl(l.card, l.effect, &l.facts) else { return false };
        let lctx = Ctx::with_link(l.controller, l.card, &l.facts);
        let mut choose: Option<(Place, &Filter)> = None;
        let mut hit = false;
        for op in &e.ops {
            op.visit(&mut |o| match o {
                Op::Choose { place, filter, .. } => choose = Some((*place, filter)),
                // Wherever the destroyed card goes (GY, banished, top of the Deck), it is destroyed.
                Op::Destroy(obj, _) => {
                    hit = hit || self.would_name_any(obj, choose, &lctx, &|c| self.filter_in(f, c, ctx));
                }
                _ => {}
            });
        }
        hit
    }

    /// Could an object of a link not yet resolving name a card `pred` holds for
    /// (`link_would_destroy`)?
    /// Does Fusion Monster `fusion` list the name of card `m` as one of its Fusion Materials
    /// (a slot naming a card, SUM-9; for a Fusion summoned from the field without
    /// "Polymerization", its named first material: "Gladiator Beast Bestiari" of a Contact
    /// Fusion, "Cyber Dragon" of Chimeratech Fortress Dragon)?
    pub(crate) fn lists_material_named(&self, fusion: CardId, m: CardId) -> bool {
        let d = self.data(m);
        let names = |f: &Filter| matches!(f, Filter::Named(code) if d.id == *code || d.alias == *code);
        d.is_monster()
            && match self.pool.def(self.card(fusion).def).behavior.materials.as_ref() {
                Some(crate::extra::Materials::Fusion { slots, .. }) => slots.iter().any(names),
                Some(crate::extra::Materials::FieldFusion { first, .. }) => names(first),
                _ => false,
            }
    }

    /// `crate::effect::LinkFact::WouldDestroyAtLeast`: how many cards matching `f` could chain
    /// link `l` destroy? The cards its destroy steps name now (each once), plus, for cards
    /// chosen on resolution, the cards its last `Choose` could take (at most its `max`).
    fn link_destroy_count(&self, l: &crate::chain::ChainLink, f: &Filter, ctx: &Ctx<'_>) -> usize {
        use crate::effect::Op;
        let Some(e) = self.acting_decl(l.card, l.effect, &l.facts) else { return 0 };
        let lctx = Ctx::with_link(l.controller, l.card, &l.facts);
        // The destroy steps, each with the choice that precedes it.
        let mut steps: Vec<(&Obj, Option<(Place, &Filter, u8)>)> = Vec::new();
        let mut choose: Option<(Place, &Filter, u8)> = None;
        for op in &e.ops {
            op.visit(&mut |o| match o {
                Op::Choose { place, filter, max, .. } => choose = Some((*place, filter, *max)),
                Op::Destroy(obj, _) => steps.push((obj, choose)),
                _ => {}
            });
        }
        let mut named: smallvec::SmallVec<[CardId; 16]> = smallvec::SmallVec::new();
        let mut chosen = 0usize;
        for (obj, choose) in steps {
            let (obj, extra) = match obj {
                Obj::Filtered(inner, g) => (inner.as_ref(), Some(g)),
                o => (o, None),
            };
            let fits = |c: CardId| self.filter_in(f, c, ctx) && extra.is_none_or(|g| self.filter_in(g, c, &lctx));
            match (obj, choose) {
                (Obj::Chosen | Obj::Affected, Some((place, filter, max))) => {
                    let mut n = 0usize;
                    self.any_card_in(place, lctx.p, |c| {
                        n += usize::from(self.filter_in(filter, c, &lctx) && fits(c));
                        false
                    });
                    chosen = chosen.max(n.min(max as usize));
                }
                (Obj::Chosen | Obj::Affected, None) => chosen = chosen.max(1),
                (o, _) => self.visit_objects(o, &lctx, &mut |c| {
                    if fits(c) && !named.contains(&c) {
                        named.push(c);
                    }
                }),
            }
        }
        named.len() + chosen
    }

    fn would_name_any(&self, o: &Obj, choose: Option<(Place, &Filter)>, lctx: &Ctx<'_>, pred: &dyn Fn(CardId) -> bool) -> bool {
        match o {
            Obj::Chosen | Obj::Affected => match choose {
                Some((place, filter)) => self.any_card_in(place, lctx.p, |c| self.filter_in(filter, c, lctx) && pred(c)),
                None => self.field_cards().into_iter().any(pred),
            },
            Obj::Filtered(inner, g) => self.would_name_any(inner, choose, lctx, &|c| self.filter_in(g, c, lctx) && pred(c)),
            o => {
                let mut hit = false;
                self.visit_objects(o, lctx, &mut |c| hit = hit || pred(c));
                hit
            }
        }
    }

    /// Conditions of continuous effects (no window involved).
    pub(crate) fn static_condition(&self, c: &crate::effect::Condition, p: Player, source: CardId) -> bool {
        matches!(c, crate::effect::Condition::Always) || self.condition_holds(c, p, source)
    }
}

/// Do some (one or more) of the numbers add up to exactly `total` (a subset sum; totals
/// from 1 to 63)?
pub fn some_sum_is(parts: &[u8], total: u8) -> bool {
    if !(1..64).contains(&total) {
        return false;
    }
    let mut reach = 0u64;
    for &x in parts {
        if (1..=total).contains(&x) {
            reach |= (reach << x) | (1 << x);
        }
    }
    reach & (1 << total) != 0
}
