//! Activations: legality as a pure function (timing, zone, spell speed, condition, payable
//! costs, targets, once-per-turn; CHAIN-2, EFF-10, SPELL-1, TRAP-1), then the activation
//! frame: the card face-up to its zone (CHAIN-8), costs paid first (EFF-5), targets bound
//! (EFF-6), the link and a response window for the other player (CHAIN-3).

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::card::{Kind, SpellKind};
use crate::chain::ChainLink;
use crate::effect::{Condition, Cost, CostCount, CostFrom, CostMove, DamageStepUse, EffectDecl, EffectKind, Filter, Limit, Range, SpellSpeed, TargetSpec};
use crate::engine::{limits, Flow, Prompt, SelectPurpose, Task, Window, WindowKind};
use crate::eval::{Ctx, LinkFacts};
use crate::event::{Event, Reason};
use crate::state::{CardId, Dest, Duel, Use, UseKey};
use crate::trigger::Pending;
use crate::types::{BattleStep, Phase, Player, Position, Zone};

mod costs;
mod frame;

/// Where an activation is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActivateStage {
    /// Paying cost `i`.
    Costs(u8),
    /// Choosing the targets.
    Targets,
    /// The second group of targets (`EffectDecl::also_target`).
    AlsoTargets,
    /// The link goes on the chain.
    Link,
}

/// The activation of one effect, step by step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActivateTask {
    pub card: CardId,
    pub effect: u8,
    pub player: Player,
    pub stage: ActivateStage,
    /// Open a response window after the link (not for triggers put on a chain together).
    pub window: bool,
    pub from: Zone,
    /// Targets, event card and cost, as fixed so far.
    pub facts: LinkFacts,
}

/// Where a card's effects can be activated from, computed once per card definition
/// ([`crate::pool::CardPool`]): listing the legal actions skips an effect at once when its
/// card is in a zone it cannot be activated from, or when it is Spell Speed 1 outside its
/// controller's open Main Phase. A superset of [`Duel::can_activate`]'s place and timing
/// rules, never a replacement for them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ActivationGates {
    /// Per zone (see [`zone_bit`], by bit number): the effects (the first 8, as bits) that
    /// may be activated from it.
    effects_in: [u8; 8],
    /// Per effect, as bits: Spell Speed 1 without a phase of its own (SPELL-1, EFF-1, EFF-13).
    main_only: u8,
    /// The zones with an activatable effect (the union over `effects_in`).
    any: u8,
    /// The zones with an effect activatable outside an open Main Phase (not `main_only`).
    fast: u8,
    /// The zones from which a trigger of the card can start on another card's event (its
    /// trigger effects' ranges, and a face-up Monster Zone for "this monster destroyed
    /// it by battle"-style triggers): a watching card elsewhere is not asked.
    watch: u8,
    /// The effects (the first 8, as bits) that may trigger: a trigger or FLIP effect with a
    /// trigger declared.
    triggers: u8,
    /// Has the card an effect "either player can" use?
    either_player: bool,
    /// Per effect (the first 8): what its condition cannot hold without ([`Needs`]).
    needs: [u8; 8],
    /// The effects (the first 8, as bits) that read what their cost fixed (`reads_cost`).
    reads_cost: u8,
    /// Per effect (the first 8): the kinds of events that can start its trigger
    /// ([`crate::effect::Trigger::event_kinds`]; 0 without a trigger).
    trigger_events: [u64; 8],
    /// The kinds of the modifiers the card declares, in any effect
    /// ([`crate::effect::Modifier::kind_bit`]).
    modifier_kinds: u64,
}

/// Facts of the moment an effect's condition cannot hold without, as bits: the listing
/// reads them once and skips an effect whose condition needs one that is absent (the
/// condition would be false). Necessary, never sufficient: the condition is still asked.
pub(crate) struct Needs;

impl Needs {
    /// A chain is being built (the "chain's last link" conditions).
    pub(crate) const CHAIN: u8 = 1;
    /// A battle is in progress (attack declared, the battling monsters).
    pub(crate) const ATTACK: u8 = 2;
    /// Something happened at this timing (the "when ... is Summoned" conditions).
    pub(crate) const HAPPENING: u8 = 4;
    /// A summon is about to happen (the SUM-3 negation windows).
    pub(crate) const SUMMON: u8 = 8;

    /// What `c` needs: `All` needs what any part needs, `Any` what every part needs, `Not`
    /// nothing.
    pub(crate) fn of(c: &Condition) -> u8 {
        match c {
            Condition::ChainTop(_) => Needs::CHAIN,
            Condition::AttackDeclared(_) | Condition::Battling(_) | Condition::Battled(_) => Needs::ATTACK,
            Condition::JustSummoned { .. }
            | Condition::TookDamage { .. }
            | Condition::ChangedToDefense(_)
            | Condition::JustEquipped(_)
            | Condition::JustMoved { .. } => Needs::HAPPENING,
            Condition::Pending(crate::effect::PendingSummon::Summon) | Condition::Pending(crate::effect::PendingSummon::SpecialSummon) => Needs::SUMMON,
            Condition::All(v) => v.iter().fold(0, |n, c| n | Needs::of(c)),
            Condition::Any(v) if !v.is_empty() => v.iter().fold(u8::MAX, |n, c| n & Needs::of(c)),
            _ => 0,
        }
    }
}

/// Which activation locks may apply now ([`Duel::lock_set`]): when one is false, no card is
/// locked by it, so its per-card question is skipped.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LockSet {
    /// A name is locked or prohibited (`PlayerAct::ActivateName`, `NameProhibited`).
    pub names: bool,
    /// A `PlayerAct::Activate` lock applies.
    pub activations: bool,
    /// No trap card can be activated ("Jinzo").
    pub traps: bool,
}

/// The activation locks of one listing of actions: asked at most once, and only when an
/// activation check gets that far (most listings never do).
#[derive(Debug, Default)]
pub(crate) struct Locks(std::cell::OnceCell<LockSet>);

impl Locks {
    /// The locks that may apply now.
    pub(crate) fn get(&self, d: &Duel) -> &LockSet {
        self.0.get_or_init(|| d.lock_set())
    }
}

/// The zones whose cards the listing of actions asks about activations: the hand, the
/// Monster, Spell & Trap and Field Zones, and the GY ([`Duel::activatable`]).
pub(crate) const LISTED_ZONES: u8 = 1 | 2 | 4 | 8 | 32;

/// A zone as one bit of [`ActivationGates`].
pub(crate) fn zone_bit(z: Zone) -> u8 {
    match z {
        Zone::Hand => 1,
        Zone::Monster => 2,
        Zone::SpellTrap => 4,
        Zone::Field => 8,
        Zone::Pendulum => 16,
        Zone::Gy => 32,
        Zone::Banished => 64,
        Zone::Deck | Zone::Extra | Zone::Material | Zone::Gone => 128,
    }
}

impl ActivationGates {
    /// The gates of a card's effects (mirrors the place rules of `can_activate`).
    pub(crate) fn of(behavior: &crate::effect::Behavior) -> ActivationGates {
        let mut g = ActivationGates {
            either_player: behavior.effects.iter().any(|e| e.either_player),
            modifier_kinds: behavior.effects.iter().flat_map(|e| &e.modifiers).fold(0, |k, m| k | m.kind_bit()),
            ..Default::default()
        };
        let field = zone_bit(Zone::Monster) | zone_bit(Zone::SpellTrap) | zone_bit(Zone::Field) | zone_bit(Zone::Pendulum);
        let range_zones = |r: Range| match r {
            Range::Hand => zone_bit(Zone::Hand),
            Range::Gy => zone_bit(Zone::Gy),
            Range::Field => field,
            Range::PendulumZone => zone_bit(Zone::SpellTrap) | zone_bit(Zone::Pendulum),
            Range::Anywhere => u8::MAX,
            Range::Banished => zone_bit(Zone::Banished),
            Range::FaceDownMonster => zone_bit(Zone::Monster),
        };
        let may_trigger = |e: &EffectDecl| e.trigger.is_some() && e.kind.is_triggered();
        for e in behavior.effects.iter().filter(|e| may_trigger(e)) {
            g.watch |= range_zones(e.range) | zone_bit(Zone::Monster);
        }
        for (i, e) in behavior.effects.iter().take(8).enumerate() {
            if may_trigger(e) {
                g.triggers |= 1 << i;
                g.trigger_events[i] = e.trigger.as_ref().map_or(0, |t| t.event_kinds());
            }
            let zones = match e.kind {
                EffectKind::Spell(SpellKind::Field) => zone_bit(Zone::Hand) | zone_bit(Zone::Field),
                EffectKind::Spell(_) => zone_bit(Zone::Hand) | zone_bit(Zone::SpellTrap),
                EffectKind::Trap(_) => zone_bit(Zone::SpellTrap),
                EffectKind::Quick | EffectKind::Ignition => range_zones(e.range),
                EffectKind::Flip | EffectKind::Trigger { .. } | EffectKind::Continuous => 0,
            };
            for z in 0..8 {
                if zones & (1 << z) != 0 {
                    g.effects_in[z] |= 1 << i;
                }
            }
            g.any |= zones;
            g.needs[i] = Needs::of(&e.condition);
            if reads_cost(e) {
                g.reads_cost |= 1 << i;
            }
            if e.spell_speed() == SpellSpeed::One
                && ![Phase::Draw, Phase::Standby, Phase::Main1, Phase::Battle, Phase::Main2, Phase::End]
                    .iter()
                    .any(|&ph| condition_names_phase(&e.condition, ph))
            {
                g.main_only |= 1 << i;
            } else {
                g.fast |= zones;
            }
        }
        g
    }

    /// The effects (as bits) of a card in a zone with bit `zone` that may be activatable in
    /// a window where Spell Speed 1 is (`ss1`) or is not allowed; 0: none, nothing to ask.
    pub(crate) fn effects(&self, zone: u8, ss1: bool) -> u8 {
        let mask = if ss1 { self.any } else { self.fast };
        if mask & zone == 0 {
            return 0;
        }
        self.effects_in[zone.trailing_zeros() as usize] & if ss1 { u8::MAX } else { !self.main_only }
    }

    /// Has the card an effect activatable from a zone with a bit of `zones`?
    pub(crate) fn any_in(&self, zones: u8) -> bool {
        self.any & zones != 0
    }

    /// The effects (as bits) that may trigger on an event of kind `event`
    /// ([`crate::event::Event::kind_bit`]), when the card has at most 8 effects (`None`: more,
    /// ask each).
    pub(crate) fn triggers_on(&self, effects: usize, event: u64) -> Option<u8> {
        if effects > 8 {
            return None;
        }
        let mut bits = self.triggers;
        let mut on = 0;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if self.trigger_events[i] & event != 0 {
                on |= 1 << i;
            }
        }
        Some(on)
    }

    /// Has the card an effect "either player can" use?
    pub(crate) fn either_player(&self) -> bool {
        self.either_player
    }

    /// The kinds of modifiers the card declares ([`crate::effect::ModKinds`]).
    pub(crate) fn modifier_kinds(&self) -> u64 {
        self.modifier_kinds
    }

    /// Does effect `effect` read what its cost fixed (`None`: not one of the first 8)?
    pub(crate) fn reads_cost(&self, effect: u8) -> Option<bool> {
        (effect < 8).then_some(self.reads_cost & (1 << effect) != 0)
    }

    /// What the condition of effect `effect` (one of the first 8) needs ([`Needs`]).
    pub(crate) fn needs(&self, effect: u8) -> u8 {
        self.needs.get(effect as usize).copied().unwrap_or(0)
    }

    /// Can a trigger of the card start, in a zone with bit `zone`, on another card's event?
    pub(crate) fn watches_from(&self, zone: u8) -> bool {
        self.watch & zone != 0
    }
}

impl Duel {
    /// The facts of this moment that conditions may need ([`Needs`]).
    pub(crate) fn needs_present(&self) -> u8 {
        let mut have = 0;
        if !self.chain.is_empty() {
            have |= Needs::CHAIN;
        }
        if self.current_attack().is_some() {
            have |= Needs::ATTACK;
        }
        if !self.recent.is_empty() {
            have |= Needs::HAPPENING;
        }
        if self.summon_pending.is_some() {
            have |= Needs::SUMMON;
        }
        have
    }

    pub(crate) fn effect_decl(&self, card: CardId, effect: u8) -> Option<&EffectDecl> {
        self.pool.def(self.card(card).def).behavior.effects.get(effect as usize)
    }

    /// The declaration an activation acts by: its own effect, or the effect it copies
    /// (`EffectDecl::copies_link`: its targets and steps).
    pub(crate) fn acting_decl(&self, card: CardId, effect: u8, facts: &LinkFacts) -> Option<&EffectDecl> {
        match facts.copy {
            Some((c, i)) => self.effect_decl(c, i),
            None => self.effect_decl(card, effect),
        }
    }

    /// The effect a copying effect would copy now: the chain's last link's (what that link
    /// itself acts by).
    fn copy_target(&self) -> Option<(CardId, u8)> {
        self.chain.last().map(|l| l.facts.copy.unwrap_or((l.card, l.effect)))
    }

    /// SUM-7 and "cannot be Special Summoned": may this card be Special Summoned by an
    /// effect of card `by` now (ignoring zones)?
    pub(crate) fn can_be_special_summoned(&self, id: CardId, by: CardId) -> bool {
        let c = self.card(id);
        let d = self.data(id);
        let behavior = &self.pool.def(c.def).behavior;
        // SUM-7: "must be Special Summoned by X, and cannot be Special Summoned by other ways".
        if let Some(f) = &behavior.special_summon_only_by {
            return d.is_monster()
                && !behavior.no_special_summon
                && matches!(c.zone(), Zone::Hand | Zone::Deck | Zone::Gy | Zone::Banished)
                && self.filter_matches(f, by, self.card(by).controller(), id);
        }
        // A card an effect summons as a Normal Monster (`SummonStep::AsNormalMonsters`).
        if !d.is_monster() && matches!(c.zone(), Zone::Deck | Zone::Hand) && self.copied_stats.iter().any(|&(x, s)| x == id && s.as_monster) {
            return !self.prohibited(id);
        }
        // TRAP-5: a trap with monster stats summons itself from its S/T zone.
        if d.is_trap() {
            return c.zone() == Zone::SpellTrap && d.level > 0;
        }
        let behavior = &self.pool.def(c.def).behavior;
        if !d.is_monster() || behavior.no_special_summon || self.prohibited(id) {
            return false;
        }
        let barred = |m: &crate::effect::Modifier| matches!(m, crate::effect::Modifier::Cannot { act: crate::effect::Act::BeSpecialSummonedFrom(o), .. } if crate::eval::origin_is(*o, c.zone()));
        if behavior.effects.iter().any(|e| e.modifiers.iter().any(barred)) {
            return false;
        }
        let needs_proper = self.needs_proper_summon(id);
        match c.zone() {
            Zone::Gy if self.gy_locked() => false,
            Zone::Gy | Zone::Banished => !needs_proper || c.properly_summoned,
            Zone::Gone => d.is_token(),
            Zone::Hand | Zone::Deck => {
                !needs_proper || behavior.proper_summon_by.as_ref().is_some_and(|f| self.filter_matches(f, by, self.card(by).controller(), id))
            }
            // SUM-7: an effect that names the Extra Deck may Special Summon from it
            // ("Metamorphosis"); that is not a proper summon.
            Zone::Extra => d.is_extra_deck() && !c.face_up(),
            // A monster card equipped as an Equip Card, by an effect that says so (a Union
            // monster's "unequip it and Special Summon it").
            Zone::SpellTrap => c.equip_to.is_some() && (!needs_proper || c.properly_summoned),
            _ => false,
        }
    }

    /// May `p` not Normal or Special Summon `card` (a Set stays legal) now? What bars a Flip
    /// Summon ([`Duel::flip_summon_barred`]), or a summon lock for monsters like it
    /// (`PlayerAct::SummonMatching`).
    pub(crate) fn summon_barred(&self, card: CardId, p: Player) -> bool {
        self.flip_summon_barred(card, p) || self.summon_locked_for(p, card)
    }

    /// May `p` not Summon `card` (Normal, Flip or Special Summon; a Set stays legal) now?
    /// "You can only control 1 face-up X" (`p` controls another face-up card of its name),
    /// or its summon condition does not hold (SUM-7: "cannot be Summoned unless ...").
    pub(crate) fn flip_summon_barred(&self, card: CardId, p: Player) -> bool {
        let behavior = &self.pool.def(self.card(card).def).behavior;
        (behavior.unique_on_field && {
            let code = self.data(card).name_code();
            self.player(p).monster_ids().any(|m| m != card && self.card(m).face_up() && self.data(m).name_code() == code)
        }) || behavior.summon_condition.as_ref().is_some_and(|c| !self.condition_holds(c, p, card))
    }

    /// TRAP-1's exception: may `p` activate a Trap Card from the hand now (an effect allowed
    /// it this turn, and not every activation it allowed is used)?
    pub(crate) fn traps_from_hand(&self, p: Player) -> bool {
        let fx = &self.player_fx[p.idx()];
        fx.traps_from_hand_turn == self.turn && fx.traps_from_hand_left > 0
    }

    /// SUM-7: must this monster be properly summoned before effects may revive it (Ritual,
    /// Extra Deck and "must be Special Summoned" monsters)?
    pub(crate) fn needs_proper_summon(&self, id: CardId) -> bool {
        let d = self.data(id);
        self.pool.def(self.card(id).def).behavior.no_normal_summon || d.is_extra_deck() || d.kind == Kind::Monster(crate::card::MonsterFrame::Ritual)
    }

    // ---- targets (EFF-6) ------------------------------------------------------------------

    /// Legal targets of one target group, in a context.
    pub(crate) fn spec_candidates(&self, t: &TargetSpec, ctx: &Ctx<'_>) -> Vec<CardId> {
        self.cards_in(t.place, ctx.p)
            .into_iter()
            .filter(|&c| self.targetable(c, ctx.source, ctx.p) && self.filter_in(&t.filter, c, ctx) && self.usable_if_used_as_own(c, ctx))
            .collect()
    }

    /// `Op::UseAsOwn` ("Double Spell"): a Spell in a GY that the activation of `ctx.source`
    /// would use as its player's own is a correct target only if that player could activate
    /// it now by its own requirements, whatever its timing and place: its condition holds,
    /// its targets exist and its first steps could do something ("Pot of Greed" needs 2
    /// cards in their Deck). A Spell that itself uses a Spell as its own is never one (no
    /// use of a use).
    fn usable_if_used_as_own(&self, c: CardId, ctx: &Ctx<'_>) -> bool {
        use crate::effect::{Obj, Op};
        let uses = |card: CardId| self.effect_decl(card, 0).is_some_and(|e| e.ops.iter().any(|o| matches!(o, Op::UseAsOwn(Obj::Targets))));
        if self.card(c).zone() != Zone::Gy || !uses(ctx.source) {
            return true;
        }
        let Some(e) = self.effect_decl(c, 0).filter(|_| !uses(c)) else { return false };
        let own = Ctx::of(ctx.p, c);
        self.condition_in(&e.condition, &own) && self.targets_exist(e, &own) && self.ops_possible(&e.ops, &own)
    }

    /// Are there at least `need` legal targets in a group? (Counts without collecting.)
    fn has_spec_candidates(&self, t: &TargetSpec, ctx: &Ctx<'_>, need: usize) -> bool {
        let mut found = 0;
        need == 0
            || self.any_card_in(t.place, ctx.p, |c| {
                if self.filter_in(&t.filter, c, ctx) && self.targetable(c, ctx.source, ctx.p) && self.usable_if_used_as_own(c, ctx) {
                    found += 1;
                }
                found >= need
            })
    }

    /// A spell or trap being activated never targets itself; a monster effect may target its
    /// own monster where its text allows ("target 1 monster on the field", "target 1 monster
    /// in either GY" from the GY: "Colossal Fighter"). Not a card
    /// protected from targeting, not a monster whose destruction by battle is confirmed
    /// (BATTLE-8). `p` controls the effect.
    pub(crate) fn targetable(&self, c: CardId, source: CardId, p: Player) -> bool {
        let own_monster = c == source && matches!(self.card(c).zone(), Zone::Monster | Zone::Gy) && self.data(c).is_monster();
        (c != source || own_monster)
            && !(self.card(c).zone().on_field() && self.untargetable_by(c, p, source))
            && !self.destroyed_by_battle(c)
            && !self.held_in_gy(c)
    }

    /// A monster destroyed by the current battle, waiting to be sent to the GY at the end of
    /// the Damage Step (BATTLE-4).
    pub(crate) fn destroyed_by_battle(&self, c: CardId) -> bool {
        self.current_attack().is_some_and(|a| a.destroyed.contains(&c))
    }

    /// `MonsterRule::DestroyWhenTargeted` (the 2005 "Spirit Reaper"): a face-up monster the
    /// new link targets is destroyed by its own effect at once, before any response (EFF-6).
    fn destroy_targeted_on_activation(&mut self, targets: &[(CardId, u32)]) {
        for &(t, moves) in targets {
            let tc = self.card(t);
            if tc.moves == moves && tc.zone() == Zone::Monster && tc.face_up() && self.destroyed_when_targeted(t) {
                let side = tc.controller();
                let cause = self.cause.replace(side);
                self.send_to_gy(t, Reason::Destroy);
                self.cause = cause;
            }
        }
    }

    /// Could the effect's targets be chosen (and its first steps do anything)? An effect
    /// that reads its cost ("a monster with less ATK than the discarded one", "with the same
    /// Level as the Tributed monster") needs a cost card that leaves one.
    pub(crate) fn targets_exist(&self, e: &EffectDecl, ctx: &Ctx<'_>) -> bool {
        self.targets_exist_as(e, ctx, reads_cost(e))
    }

    /// [`Duel::targets_exist`] with `reads_cost(e)` known (`reads`).
    fn targets_exist_as(&self, e: &EffectDecl, ctx: &Ctx<'_>, reads: bool) -> bool {
        if ctx.link.is_none() && reads {
            if let Some(n) = self.any_number_cost(e, ctx.p, ctx.source) {
                return (1..=n).any(|k| self.cost_count_fits(e, ctx.p, ctx.source, k));
            }
            return self.cost_cards(e, ctx.p, ctx.source).into_iter().any(|c| self.cost_fits(e, ctx.p, ctx.source, c));
        }
        let group = |t: &TargetSpec| self.has_spec_candidates(t, ctx, t.min as usize);
        e.target.as_ref().is_none_or(group) && e.also_target.as_ref().is_none_or(group)
    }

    /// With card `c` paid as the cost, could the targets be chosen and the first steps do
    /// anything?
    fn cost_fits(&self, e: &EffectDecl, p: Player, source: CardId, c: CardId) -> bool {
        let facts = LinkFacts { cost: self.cost_facts(&[c], 0), ..LinkFacts::default() };
        let ctx = Ctx::with_link(p, source, &facts);
        let group = |t: &TargetSpec| self.has_spec_candidates(t, &ctx, t.min as usize);
        e.target.as_ref().is_none_or(group) && e.also_target.as_ref().is_none_or(group) && self.ops_possible(&e.ops, &ctx)
    }

    /// With `k` cards paid for an "any number" cost, could the targets be chosen and the
    /// first steps do anything?
    fn cost_count_fits(&self, e: &EffectDecl, p: Player, source: CardId, k: usize) -> bool {
        let facts = LinkFacts { cost: crate::eval::CostFacts { cards: k as u8, ..Default::default() }, ..LinkFacts::default() };
        let ctx = Ctx::with_link(p, source, &facts);
        let group = |t: &TargetSpec| self.has_spec_candidates(t, &ctx, if t.per_cost_card { k } else { t.min.max(1) as usize });
        e.target.as_ref().is_none_or(group) && e.also_target.as_ref().is_none_or(group) && self.ops_possible(&e.ops, &ctx)
    }

    /// The most cards an effect's "any number" cost could take (`CostCount::AnyNumber`).
    fn any_number_cost(&self, e: &EffectDecl, p: Player, source: CardId) -> Option<usize> {
        e.costs.iter().find(|c| matches!(c, Cost::Cards { count: CostCount::AnyNumber, .. })).map(|c| self.raw_cost_candidates(c, p, source).len())
    }

    /// The selection of an "any number" cost in progress (the activation under the prompt):
    /// (may pick more, may stop now) with `picked` of `candidates` cards picked.
    pub(crate) fn cost_count_progress(&self, picked: usize, candidates: usize) -> Option<(bool, bool)> {
        let Some(Task::Activate(a)) = self.tasks.last() else { return None };
        let ActivateStage::Costs(i) = a.stage else { return None };
        let e = self.effect_decl(a.card, a.effect)?;
        if !matches!(e.costs.get(i as usize), Some(Cost::Cards { count: CostCount::AnyNumber, .. })) {
            return None;
        }
        let fits = |k: usize| !reads_cost(e) || self.cost_count_fits(e, a.player, a.card, k);
        Some((((picked + 1)..=candidates).any(fits), picked >= 1 && fits(picked)))
    }

    // ---- limits -----------------------------------------------------------------------------

    /// "You cannot activate cards, or the effects of cards, with that name" (e.g. after
    /// "Sangan"): a lingering rule on player `p`.
    pub(crate) fn name_locked(&self, p: Player, card: CardId) -> bool {
        let code = self.data(card).name_code();
        self.lingering.iter().any(|l| l.controller == p && l.modifier == crate::effect::Modifier::no_activations_of_name(code)) || self.prohibited(card)
    }

    /// The key and counted effect of an effect's limit, if it has one.
    fn use_key(&self, card: CardId, effect: u8) -> Option<(UseKey, u8, bool)> {
        let e = self.effect_decl(card, effect)?;
        let counted = e.limit_group.map_or(effect, |g| 128 | g);
        let name = || UseKey::Name { code: self.data(card).name_code(), player: self.card(card).controller() };
        match e.limit {
            Limit::None => None,
            Limit::PerCardPerTurn => Some((UseKey::Card(card), counted, true)),
            Limit::PerNamePerTurn => Some((name(), counted, true)),
            Limit::PerNamePerDuel => Some((name(), counted, false)),
            Limit::PerCardPerDuel => Some((UseKey::Card(card), counted, false)),
            Limit::PerBattle => Some((UseKey::Battle { card, battle: self.battles }, counted, true)),
            Limit::PerCardWhileFaceUp => Some((UseKey::Card(card), counted, false)),
            // Read from the chain itself (`limit_ok`), nothing recorded.
            Limit::PerChain => None,
        }
    }

    /// Once-per-turn / once-per-duel limits.
    pub(crate) fn limit_ok(&self, card: CardId, effect: u8) -> bool {
        if self.effect_decl(card, effect).is_some_and(|e| e.limit == Limit::PerChain) {
            let moves = self.card(card).moves;
            return !self.chain.iter().any(|l| l.card == card && l.effect == effect && l.card_moves == moves);
        }
        match self.use_key(card, effect) {
            None => true,
            Some((key, counted, per_turn)) => !self.used.iter().any(|u| u.key == key && u.effect == counted && (!per_turn || u.turn == self.turn)),
        }
    }

    fn record_use(&mut self, card: CardId, effect: u8) {
        self.cards[card.0 as usize].activated_turn = self.turn.into();
        let p = self.card(card).controller();
        self.player_fx[p.idx()].activated_turn = self.turn;
        if self.effect_decl(card, effect).is_some_and(|e| matches!(e.kind, EffectKind::Spell(_))) {
            self.player_fx[p.idx()].spell_card_activated_turn = self.turn;
        }
        if let Some((key, counted, per_turn)) = self.use_key(card, effect) {
            // "Once while face-up" counts in every turn, but is forgotten with the card's
            // other uses when it turns face-down or leaves the field (MISC-8).
            let while_face_up = self.effect_decl(card, effect).is_some_and(|e| e.limit == Limit::PerCardWhileFaceUp);
            self.used.push(Use { key, effect: counted, turn: self.turn, per_duel: !per_turn && !while_face_up });
        }
    }

    // ---- legality ---------------------------------------------------------------------------

    /// Can `p` activate effect `effect` of `card` in window `w` now? A pure function of
    /// the state (STYLE 14): timing, zone, spell speed, condition, costs, targets.
    pub(crate) fn can_activate(&self, p: Player, card: CardId, effect: u8, w: &Window) -> bool {
        self.can_activate_under(&Locks::default(), p, card, effect, w)
    }

    /// The activation locks that may apply now (asked through [`Locks`]: at most once per
    /// listing of the legal actions, not once per card).
    pub(crate) fn lock_set(&self) -> LockSet {
        use crate::effect::Modifier;
        let names = !self.lingering.is_empty()
            && (self.lingering.iter().any(|l| matches!(l.modifier, Modifier::PlayersCannot { act: crate::effect::PlayerAct::ActivateName(_), .. }))
                || self.modifiers_of(crate::effect::ModKinds::NAME_PROHIBITED, |m| matches!(m, Modifier::NameProhibited { .. })).next().is_some());
        let activations = self.may_apply(crate::effect::ModKinds::CANNOT_ACTIVATE)
            && self
                .modifiers_of(crate::effect::ModKinds::CANNOT_ACTIVATE, |m| {
                    matches!(m, Modifier::PlayersCannot { act: crate::effect::PlayerAct::Activate(_), .. })
                })
                .next()
                .is_some();
        LockSet { names, activations, traps: self.traps_locked() }
    }

    /// [`Duel::can_activate`] with the locks already asked.
    pub(crate) fn can_activate_under(&self, locks: &Locks, p: Player, card: CardId, effect: u8, w: &Window) -> bool {
        let Some(e) = self.effect_decl(card, effect) else { return false };
        let c = self.card(card);
        // "Either player can ...": the opponent uses an effect of a face-up card (never its
        // activation).
        let by_opponent = c.controller() != p;
        if (by_opponent && !(e.either_player && c.face_up() && c.zone().on_field() && effect > 0))
            || e.kind.is_triggered()
            || e.kind == EffectKind::Continuous
            || c.battle_negated
        {
            return false;
        }
        if self.player_fx[p.idx()].no_activation_turn == self.turn {
            return false;
        }
        let my_turn = p == self.turn_player;
        let set_earlier = !c.face_up() && c.zone() == Zone::SpellTrap && c.entered_turn < self.turn;
        let from_hand = c.zone() == Zone::Hand;
        // Card kind and place (SPELL-1, SPELL-6, TRAP-1, ZONE-9).
        let placed_ok = match e.kind {
            EffectKind::Spell(SpellKind::QuickPlay) => (from_hand && my_turn) || set_earlier,
            EffectKind::Spell(SpellKind::Field) => (from_hand || (c.zone() == Zone::Field && !c.face_up())) && my_turn,
            EffectKind::Spell(_) => (from_hand || (c.zone() == Zone::SpellTrap && !c.face_up())) && my_turn,
            EffectKind::Trap(_) => {
                set_earlier || (c.zone() == Zone::SpellTrap && c.face_up() && c.active && effect > 0) || (from_hand && effect == 0 && self.traps_from_hand(p))
            }
            EffectKind::Quick | EffectKind::Ignition => match e.range {
                Range::Hand => from_hand,
                Range::Gy => c.zone() == Zone::Gy,
                Range::Field => c.zone().on_field() && c.face_up() && (c.zone() == Zone::Monster || c.active),
                Range::PendulumZone => self.in_pendulum_zone(card),
                Range::Anywhere => true,
                Range::Banished => c.zone() == Zone::Banished && c.face_up(),
                Range::FaceDownMonster => c.zone() == Zone::Monster && !c.face_up(),
            },
            EffectKind::Flip | EffectKind::Trigger { .. } | EffectKind::Continuous => false,
        };
        // Continuous spells/traps already face-up: their other effects (effect > 0) are used
        // like ignition/quick effects, never the activation again.
        let reactivation = e.kind.is_card_activation() && c.face_up() && c.zone().on_field();
        if !placed_ok || (reactivation && effect == 0) {
            return false;
        }
        let is_spell_trap = e.kind.is_card_activation();
        if from_hand && is_spell_trap && !matches!(e.kind, EffectKind::Spell(SpellKind::Field)) && !self.has_free_spell_zone(p) {
            return false;
        }
        // Timing: SS1 only in the own Main Phase with an empty chain (SPELL-1, EFF-1).
        let speed = e.spell_speed();
        match self.chain.last() {
            None => {
                // A card whose own condition names the current phase ("only during your
                // Standby Phase") overrides the Main-Phase-only timing (EFF-13).
                let phase_ok = || self.phase.is_main() || condition_names_phase(&e.condition, self.phase);
                // GOAT-3: under the 2005 rules the turn player may start a monster's Ignition
                // Effect right after a Summon, before the opponent may respond to it.
                let ignition_after_summon = || {
                    e.kind == EffectKind::Ignition
                        && c.zone() == Zone::Monster
                        && w.kind == WindowKind::AfterSummon
                        && self.phase.is_main()
                        && self.goat_rules()
                };
                if speed == SpellSpeed::One && !(my_turn && (w.kind == WindowKind::Phase(self.phase) || ignition_after_summon()) && phase_ok()) {
                    return false;
                }
            }
            Some(l) => {
                if speed == SpellSpeed::One || speed < l.speed || self.chain.len() >= limits::CHAIN_LINKS {
                    return false;
                }
                // CHAIN-4: nothing negates a link that cannot be negated, so an effect that
                // negates the link it responds to cannot be activated against it.
                if self.effect_decl(l.card, l.effect).is_some_and(|t| t.cannot_be_negated)
                    && e.ops.iter().any(|o| {
                        matches!(o, crate::effect::Op::Negate(crate::effect::NegateWhat::Activation { .. } | crate::effect::NegateWhat::Effect { .. }))
                    })
                {
                    return false;
                }
            }
        }
        // EFF-10: in the Damage Step only counter traps and effects made for it.
        if matches!(self.step, Some(BattleStep::Damage(_))) && speed != SpellSpeed::Three {
            let allowed = match e.damage_step {
                DamageStepUse::Never => false,
                DamageStepUse::UntilCalculation => self.damage_step_before_calculation(),
                DamageStepUse::Always => true,
                DamageStepUse::ThroughCalculation => {
                    self.damage_step_before_calculation() || self.step == Some(BattleStep::Damage(crate::types::DamageStep::DuringCalculation))
                }
            };
            if !allowed {
                return false;
            }
        }
        // SUM-3: in a summon-negation window only summon negation responds.
        if w.kind == WindowKind::SummonNegation && !e.condition.mentions_summon_pending() {
            return false;
        }
        let ctx = Ctx::of(p, card);
        // The condition first (the most selective question), the locks after it: they read
        // the continuous modifiers.
        if !self.condition_in(&e.condition, &ctx) || !self.limit_ok(card, effect) {
            return false;
        }
        let l = locks.get(self);
        if (l.names && self.name_locked(p, card))
            || (l.activations && self.activation_locked(p, card))
            || (l.traps && matches!(e.kind, EffectKind::Trap(_)))
            || self.pendulum_battle_locked(p, card, effect)
        {
            return false;
        }
        // A copying effect needs what the copied effect needs (its targets, its first steps).
        let acting = match e.copies_link {
            true => match self.copy_target().and_then(|(c, i)| self.effect_decl(c, i)) {
                Some(d) => d,
                None => return false,
            },
            false => e,
        };
        // Whether it reads its cost, from the gates (a copied effect, or one past the first 8,
        // is asked).
        let gated = if e.copies_link { None } else { self.pool.gates(c.def).reads_cost(effect) };
        let reads = gated.unwrap_or_else(|| reads_cost(acting));
        self.costs_payable(e, p, card)
            // An effect that reads its cost: `costs_payable` may already have found a cost
            // card that leaves it possible, the very question `targets_exist_as` asks.
            && ((reads && !e.copies_link && costs_prove_targets(e)) || self.targets_exist_as(acting, &ctx, reads))
            // An effect that reads its cost had its first steps checked with each cost card.
            && (reads || self.ops_possible(&acting.ops, &ctx))
    }

    /// A Pendulum card face-up in one of its controller's Pendulum Zones (SPELL-8).
    pub(crate) fn in_pendulum_zone(&self, card: CardId) -> bool {
        let p = self.card(card).controller();
        self.pendulum_card(p, 0) == Some(card) || self.pendulum_card(p, 1) == Some(card)
    }
}

/// For an effect that reads its cost (and copies no link): does [`Duel::costs_payable`]
/// being true mean that [`Duel::targets_exist_as`] is? It does when the effect has no "any
/// number" card cost and its [`costs::fixed_range_cost`] takes at least one card:
/// `costs_payable` counted cards of that cost that fit (`cost_candidates_at_least`), and
/// `targets_exist_as` looks for one card of the same cost that fits.
fn costs_prove_targets(e: &EffectDecl) -> bool {
    if e.costs.iter().any(|c| matches!(c, Cost::Cards { count: CostCount::AnyNumber, .. })) {
        return false;
    }
    costs::fixed_range_cost(e).is_some_and(|c| matches!(c, Cost::Cards { count: CostCount::Range(min, _), .. } if *min >= 1))
}

/// Does the effect read what its cost fixed (in a target group or a first step)?
fn reads_cost(e: &EffectDecl) -> bool {
    let spec = |t: &Option<TargetSpec>| t.as_ref().is_some_and(|t| t.per_cost_card || t.filter.mentions_cost());
    // "Destroy every monster with ATK not higher than the sent monster's" reads it too.
    let all = |o: &crate::effect::Obj| matches!(o, crate::effect::Obj::All(_, f) if f.mentions_cost());
    let step = e.ops.iter().take_while(|o| !o.is_branch()).any(|o| match o {
        crate::effect::Op::Choose { filter, .. } => filter.mentions_cost(),
        crate::effect::Op::Destroy(what, _) | crate::effect::Op::SendToGy(what) | crate::effect::Op::ToHand(what) => all(what),
        crate::effect::Op::Banish { what, .. } | crate::effect::Op::ToDeck { what, .. } => all(what),
        _ => false,
    });
    spec(&e.target) || spec(&e.also_target) || step
}

/// Does the condition require being in phase `ph` (directly or as part of `All`)?
fn condition_names_phase(c: &Condition, ph: crate::types::Phase) -> bool {
    match c {
        Condition::Timing(crate::effect::Timing::InPhase(x)) => *x == ph,
        Condition::All(v) => v.iter().any(|c| condition_names_phase(c, ph)),
        _ => false,
    }
}
