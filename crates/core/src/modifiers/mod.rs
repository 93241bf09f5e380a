//! Continuous effects: current ATK/DEF and the "cannot" rules are computed from printed
//! values and the modifiers that apply now (EFF-2), never written into the card. Sources:
//! face-up monsters' continuous effects (unless negated), resolved Continuous/Field/Equip
//! spells and traps, and effects applied for a while ([`Lingering`]).

use serde::{Deserialize, Serialize};

use crate::effect::{Duration, EffectKind, Modifier, PlayerAct, Scope, StatLayer};
use crate::eval::Ctx;
use crate::state::{CardId, Duel};
use crate::types::{Player, Zone};

mod rules;

/// An effect applied to one card (or none: a field-wide rule) for a while.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lingering {
    pub source: CardId,
    /// The affected card and its move count then: the effect ends if it moves.
    pub card: Option<(CardId, u32)>,
    pub controller: Player,
    pub modifier: Modifier,
    pub until: Duration,
    pub turn: u32,
    /// The source's move count (for `WhileSourceOnField`).
    pub source_moves: u32,
}

/// A modifier that applies now: its source card, the source's controller, the one card it
/// is fixed to (a lingering effect applied to a card), and the modifier.
pub(crate) type ActiveModifier<'a> = (CardId, Player, Option<CardId>, &'a Modifier);

/// Effects on a player (PHASE-8 skips, no battle damage this turn).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerFx {
    pub skip_draw: u8,
    pub skip_standby: u8,
    pub skip_battle: u8,
    /// Main Phase 1s to skip (PHASE-8).
    #[serde(default)]
    pub skip_main1: u8,
    /// Turn in which this player takes no battle damage.
    pub no_battle_damage_turn: u32,
    /// Turn in which this player's monsters cannot be destroyed by battle.
    pub indestructible_turn: u32,
    /// Turn in which this player cannot Summon.
    pub no_summon_turn: u32,
    /// Last turn this player Summoned a monster.
    pub summoned_turn: u32,
    /// Last turn this player activated a card or effect.
    #[serde(default)]
    pub activated_turn: u32,
    /// Last turn this player activated a Spell Card (the card itself, not an effect of one
    /// already face-up).
    #[serde(default)]
    pub spell_card_activated_turn: u32,
    /// Turn in which this player cannot activate cards or effects.
    #[serde(default)]
    pub no_activation_turn: u32,
    /// Turn in which this player takes no effect damage.
    #[serde(default)]
    pub no_effect_damage_turn: u32,
    /// Turn in which this player cannot Normal Summon or Set.
    #[serde(default)]
    pub no_normal_summon_turn: u32,
    /// Last turn this player Normal Summoned or Set a monster (negated or not: SUM-3).
    #[serde(default)]
    pub normal_summoned_turn: u32,
    /// Turn in which this player cannot conduct the Battle Phase.
    #[serde(default)]
    pub no_battle_turn: u32,
    /// The hand size limit set for the rest of the duel (PHASE-6; 0: the rule's 6).
    #[serde(default)]
    pub hand_limit: u8,
    /// Turn in which this player may activate Trap Cards from the hand (TRAP-1's exception).
    #[serde(default)]
    pub traps_from_hand_turn: u32,
    /// How many more Trap Cards that turn (`u8::MAX`: any number).
    #[serde(default)]
    pub traps_from_hand_left: u8,
    /// This player's next Battle Phases conducted twice (PHASE-1's exception).
    #[serde(default)]
    pub battle_twice: u8,
    /// Turn whose Battle Phase is conducted twice, its second one not yet begun.
    #[serde(default)]
    pub second_battle_turn: u32,
    /// Turn in which this player used the second Normal Summon/Set of a raised limit
    /// (`Modifier::AdditionalNormalSummon` with `raises_limit`).
    #[serde(default)]
    pub second_normal_summon_turn: u32,
    /// Turn in which this player used an additional Normal Summon of
    /// `Modifier::AdditionalNormalSummon` (one a turn).
    #[serde(default)]
    pub additional_summon_used_turn: u32,
}

impl PlayerFx {
    /// PHASE-6: how many cards this player may keep at the end of the End Phase.
    pub fn hand_size_limit(&self) -> usize {
        if self.hand_limit == 0 {
            6
        } else {
            usize::from(self.hand_limit)
        }
    }
}

impl Duel {
    /// Cards on the field whose behaviour declares continuous modifiers (`field_sources`,
    /// kept by `move_card`: duels without such cards on the field pay nothing for them).
    pub(crate) fn sources_on_field(&self) -> impl Iterator<Item = CardId> + '_ {
        self.field_sources.iter().copied()
    }

    /// Could any modifier apply now? (The fast path: most positions have none.)
    pub(crate) fn any_modifiers(&self) -> bool {
        !self.lingering.is_empty() || self.sources_on_field().next().is_some()
    }

    /// Starts a lingering effect (and notes its kind in [`Duel::modifier_kinds`]).
    pub(crate) fn push_lingering(&mut self, l: Lingering) {
        self.modifier_kinds |= l.modifier.kind_bit();
        self.lingering.push(l);
    }

    /// After lingering effects were dropped from a list of `before`: if any ended, rebuilds
    /// [`Duel::modifier_kinds`] (every `lingering.retain` calls it).
    pub(crate) fn lingering_ended(&mut self, before: usize) {
        if self.lingering.len() != before {
            self.index_modifier_kinds();
        }
    }

    /// Could a modifier of one of `kinds` ([`crate::effect::ModKinds`]) apply now: does a
    /// source on the field declare one, or a lingering effect carry one? (Necessary, not
    /// sufficient: the source may be face-down, negated or out of its condition.)
    pub(crate) fn may_apply(&self, kinds: u64) -> bool {
        self.modifier_kinds & kinds != 0
    }

    /// The continuous modifiers of `kinds` ([`crate::effect::ModKinds`]: every modifier `want`
    /// accepts must be of one of them) that `want` accepts and that apply now, with their
    /// source card and its controller: the sources on the field first (in index order), then
    /// lingering effects.
    ///
    /// When no source or lingering effect of the duel carries one of `kinds`
    /// ([`Duel::may_apply`]), nothing is read; otherwise a source declaring none of them is
    /// skipped at the cost of one mask test, and `want` is asked before any negation or
    /// condition check.
    pub(crate) fn modifiers_of<'a, W>(&'a self, kinds: u64, want: W) -> impl Iterator<Item = ActiveModifier<'a>> + 'a
    where
        W: Fn(&Modifier) -> bool + Copy + 'a,
    {
        self.modifiers_where_with(kinds, want, false)
    }

    /// [`Duel::modifiers_of`]; with `plain`, a monster source counts as applying unless
    /// "Skill Drain"-like negations ([`Duel::monster_effects_negated_plain`]) negate it, so the
    /// question never asks, in turn, which negations apply to that source (two immune
    /// monsters under a negation would otherwise ask about each other without end).
    fn modifiers_where_with<'a, W>(&'a self, kinds: u64, want: W, plain: bool) -> impl Iterator<Item = ActiveModifier<'a>> + 'a
    where
        W: Fn(&Modifier) -> bool + Copy + 'a,
    {
        // Nothing of these kinds anywhere: read no source and no lingering effect.
        let limit = if self.may_apply(kinds) { usize::MAX } else { 0 };
        let from_cards = self
            .sources_on_field()
            .take(limit)
            .filter(move |&c| {
                let st = self.card(c);
                self.pool.gates(st.def).modifier_kinds() & kinds != 0 && st.face_up() && self.declares(c, want) && self.source_applies_with(c, plain)
            })
            .flat_map(move |c| {
                let ctrl = self.card(c).controller();
                self.pool
                    .def(self.card(c).def)
                    .behavior
                    .effects
                    .iter()
                    .filter(move |e| {
                        let continuous = e.kind == EffectKind::Continuous || e.kind.is_card_activation();
                        continuous && e.modifiers.iter().any(want) && self.static_condition(&e.condition, ctrl, c)
                    })
                    .flat_map(move |e| e.modifiers.iter().filter(move |m| want(m)).map(move |m| (c, ctrl, None, m)))
            });
        let lingering = self
            .lingering
            .iter()
            .take(limit)
            // `want` first: an inlined match, where the kind is a call (and `want` accepts
            // only modifiers of `kinds`, so the kind test rarely runs).
            .filter(move |l| want(&l.modifier) && l.modifier.kind_bit() & kinds != 0 && self.lingering_applies(l))
            .map(|l| (l.source, l.controller, l.card.map(|x| x.0), &l.modifier));
        from_cards.chain(lingering)
    }

    /// Does the face-up modifier source `c` apply its modifiers now (a monster whose
    /// effects are not negated; a resolved Continuous/Field/Equip card not negated)?
    fn source_applies_with(&self, c: CardId, plain: bool) -> bool {
        let st = self.card(c);
        let is_monster = st.zone() == Zone::Monster && self.data(c).is_monster();
        if !is_monster && !st.active {
            return false;
        }
        let monster_negated = is_monster && if plain { self.monster_effects_negated_plain(c) } else { self.monster_effects_negated(c) };
        !(monster_negated || self.trap_effect_negated(c) || (!is_monster && self.negated_on_field(c)))
    }

    /// Does a lingering effect apply now (its card has not moved; "while the source stays
    /// face-up on the field": its source is still there, and not negated)?
    fn lingering_applies(&self, l: &Lingering) -> bool {
        let on = match l.card {
            Some((id, moves)) => {
                let c = self.card(id);
                (c.moves == moves && c.zone().on_field()) || (matches!(l.modifier, Modifier::Level { in_hand: true, .. }) && self.level_follows(c, moves))
            }
            None => true,
        };
        // "While the source stays face-up on the field": ends the moment it leaves.
        let src = self.card(l.source);
        let on = on && (l.until != Duration::WhileSourceOnField || (src.moves == l.source_moves && src.zone().on_field() && src.face_up()));
        // A Spell/Trap whose effects on the field are negated ("Spell Canceller") no
        // longer applies what it applies while it stays.
        on && !(l.until == Duration::WhileSourceOnField && src.zone() != Zone::Monster && self.negated_on_field(l.source))
    }

    /// A Level change applied to a card in the hand (`Modifier::Level` with `in_hand`, fixed
    /// to it): it applies while the card stays in the hand, and follows it once Summoned from
    /// there (its next move, to a Monster Zone: "even after they are Summoned").
    fn level_follows(&self, c: &crate::state::CardState, moves: u32) -> bool {
        (c.moves == moves && c.zone() == Zone::Hand)
            || (c.moves == moves.wrapping_add(1)
                && c.zone() == Zone::Monster
                && c.arrived.from == Some(Zone::Hand)
                && c.summon != crate::types::SummonKind::None)
    }

    /// Does a modifier's scope include `card`, and is `card` not immune to its source
    /// (`Modifier::Unaffected`)?
    fn in_scope(&self, scope: &Scope, source: CardId, ctrl: Player, fixed: Option<CardId>, card: CardId) -> bool {
        self.scope_contains(scope, source, ctrl, fixed, card) && !self.unaffected_by(card, source)
    }

    /// [`Duel::in_scope`] for a monster-effect negation: the immunity is judged plainly
    /// ([`Duel::unaffected_by_with`]), so deciding one monster's negation never asks about
    /// the negation of the monster that makes it immune, and back.
    fn in_negation_scope(&self, scope: &Scope, source: CardId, ctrl: Player, card: CardId) -> bool {
        self.scope_contains(scope, source, ctrl, None, card) && !self.unaffected_by_with(card, source, true)
    }

    /// Does a modifier's scope include `card`?
    fn scope_contains(&self, scope: &Scope, source: CardId, ctrl: Player, fixed: Option<CardId>, card: CardId) -> bool {
        if let Some(f) = fixed {
            return f == card;
        }
        match scope {
            Scope::This => source == card,
            Scope::Equipped => self.card(source).equip_to == Some(card),
            Scope::Monsters(f) => {
                let c = self.card(card);
                c.zone() == Zone::Monster && c.face_up() && self.filter_matches(f, card, ctrl, source)
            }
            Scope::AllMonsters(f) => self.card(card).zone() == Zone::Monster && self.filter_matches(f, card, ctrl, source),
            Scope::FieldCards(f) => self.card(card).zone().on_field() && self.filter_matches(f, card, ctrl, source),
        }
    }

    /// Is the face-up monster `card` unaffected by the effects of card `source`
    /// (`Modifier::Unaffected`, declared on a face-up card)? A card is never immune to itself.
    pub(crate) fn unaffected_by(&self, card: CardId, source: CardId) -> bool {
        self.unaffected_by_with(card, source, false)
    }

    /// [`Duel::unaffected_by`]; with `plain`, the immunity's own source is judged by
    /// [`Duel::modifiers_where_with`]'s plain rule (asked while deciding a negation).
    fn unaffected_by_with(&self, card: CardId, source: CardId, plain: bool) -> bool {
        let c = self.card(card);
        if card == source || c.zone() != Zone::Monster || !c.face_up() {
            return false;
        }
        self.modifiers_where_with(crate::effect::ModKinds::UNAFFECTED, |m| matches!(m, Modifier::Unaffected { .. }), plain).any(|(src, ctrl, fixed, m)| match m
        {
            Modifier::Unaffected { scope, by } => self.scope_contains(scope, src, ctrl, fixed, card) && self.filter_matches(by, source, ctrl, src),
            _ => false,
        })
    }

    /// May player `p` not banish cards from a GY now (`PlayerAct::BanishFromGy`)?
    pub(crate) fn gy_banish_locked(&self, p: Player) -> bool {
        self.any_modifiers()
            && self
                .modifiers_of(crate::effect::ModKinds::CANNOT_BANISH_FROM_GY, |m| matches!(m, Modifier::PlayersCannot { act: PlayerAct::BanishFromGy, .. }))
                .any(|(_, ctrl, _, m)| matches!(m, Modifier::PlayersCannot { who, .. } if self.who(*who, ctrl).contains(&p)))
    }

    /// Is a monster's effect negated now (e.g. "Skill Drain", or a `NegateMonsterEffectsOf`
    /// whose scope holds it: "Fiend Skull Dragon")?
    pub(crate) fn monster_effects_negated(&self, card: CardId) -> bool {
        self.monster_effects_negated_plain(card)
            || self.negated_by_lingering_rule(card, true)
            || self.negators
                && self.sources_on_field().any(|s| {
                    let st = self.card(s);
                    s != card
                        && st.zone() == Zone::Monster
                        && st.face_up()
                        && !self.monster_effects_negated_plain(s)
                        && self.pool.def(st.def).behavior.effects.iter().any(|e| {
                            e.kind == EffectKind::Continuous
                                && e.modifiers
                                    .iter()
                                    .any(|m| matches!(m, Modifier::Negate(crate::effect::Negation::MonsterEffectsOf(scope)) if self.in_negation_scope(scope, s, st.controller(), card)))
                        })
                })
    }

    /// Monster-effect negation by "Skill Drain" and by effects applied to the one monster.
    fn monster_effects_negated_plain(&self, card: CardId) -> bool {
        let c = self.card(card);
        if c.zone() != Zone::Monster || !c.face_up() {
            return false;
        }
        if c.battle_negated {
            return true;
        }
        // Negated one by one ("Junk Synchron" revives a monster with its effects negated).
        if self.lingering.iter().any(|l| l.card == Some((card, c.moves)) && matches!(l.modifier, Modifier::Negate(crate::effect::Negation::MonsterEffects))) {
            return true;
        }
        self.negators
            && self.sources_on_field().any(|s| {
                let st = self.card(s);
                st.active
                    && st.face_up()
                    && !self.trap_negated_by_decree(s)
                    && self.declares(s, |m| matches!(m, Modifier::Negate(crate::effect::Negation::MonsterEffects)))
            })
    }

    /// A negation applied as a rule for a while by a resolved effect (`Op::ApplyRule`: "negate
    /// the effects of every face-up Defense Position monster this turn", "negate every
    /// Continuous Trap this turn"): it reads the monsters or cards as they are at each moment,
    /// so a card that comes to match later is negated too. `monster`: the monster-effect
    /// negation (`Negation::MonsterEffectsOf`) of a face-up monster; otherwise the negation of
    /// a card on the field (`Negation::CardsOnField`).
    fn negated_by_lingering_rule(&self, card: CardId, monster: bool) -> bool {
        use crate::effect::Negation;
        if self.lingering.is_empty() {
            return false;
        }
        if monster && !(self.card(card).zone() == Zone::Monster && self.card(card).face_up()) {
            return false;
        }
        self.lingering.iter().any(|l| {
            l.card.is_none()
                && l.source != card
                && match &l.modifier {
                    Modifier::Negate(Negation::MonsterEffectsOf(scope)) if monster => self.in_negation_scope(scope, l.source, l.controller, card),
                    Modifier::Negate(Negation::CardsOnField(f)) if !monster => self.filter_matches(f, card, l.controller, l.source),
                    _ => false,
                }
                && self.lingering_applies(l)
        })
    }

    /// Does card `c`'s behaviour declare (in any effect) a modifier that `want` accepts?
    pub(crate) fn declares(&self, c: CardId, want: impl Fn(&Modifier) -> bool) -> bool {
        self.pool.def(self.card(c).def).behavior.effects.iter().flat_map(|e| &e.modifiers).any(want)
    }

    /// Does card `c`'s behaviour declare a modifier that negates effects or cards, or that
    /// forbids traps (what the negation questions look for in the sources on the field)?
    pub(crate) fn declares_negation(&self, c: CardId) -> bool {
        self.declares(c, |m| {
            matches!(
                m,
                Modifier::Negate(crate::effect::Negation::MonsterEffects)
                    | Modifier::Negate(crate::effect::Negation::MonsterEffectsOf(_))
                    | Modifier::Negate(crate::effect::Negation::OtherTrapEffects)
                    | Modifier::Duel(crate::effect::DuelRule::NoTraps)
                    | Modifier::Negate(crate::effect::Negation::CardsOnField(_))
            )
        })
    }

    /// Is a trap's effect negated by a face-up spell/trap such as "Royal Decree"? (Not by
    /// "Jinzo": with "Skill Drain" and "Jinzo" both face-up, "Skill Drain" already
    /// negates "Jinzo", so asking about "Jinzo" here would go round in circles.)
    fn trap_negated_by_decree(&self, card: CardId) -> bool {
        self.negators
            && self.data(card).is_trap()
            && self.sources_on_field().any(|s| {
                let st = self.card(s);
                s != card
                    && st.zone() != Zone::Monster
                    && st.face_up()
                    && st.active
                    && self.declares(s, |m| matches!(m, Modifier::Negate(crate::effect::Negation::OtherTrapEffects)))
            })
    }

    /// Is a trap effect of `card` negated by "Royal Decree" or "Jinzo"?
    pub(crate) fn trap_effect_negated(&self, card: CardId) -> bool {
        if !self.data(card).is_trap() || !self.card(card).zone().on_field() {
            return false;
        }
        // A rule applied for a while by a resolved card ("Trap Stun": the other traps on the
        // field for the rest of the turn).
        if self
            .lingering
            .iter()
            .any(|l| l.card.is_none() && l.source != card && matches!(l.modifier, Modifier::Negate(crate::effect::Negation::OtherTrapEffects)))
        {
            return true;
        }
        if !self.negators {
            return false;
        }
        self.sources_on_field().any(|s| {
            if s == card {
                return false;
            }
            let st = self.card(s);
            if !st.face_up() {
                return false;
            }
            if st.zone() == Zone::Monster {
                self.declares(s, |m| matches!(m, Modifier::Duel(crate::effect::DuelRule::NoTraps))) && !self.monster_effects_negated(s)
            } else {
                st.active && self.declares(s, |m| matches!(m, Modifier::Negate(crate::effect::Negation::OtherTrapEffects)))
            }
        })
    }

    /// "Jinzo": no trap card can be activated.
    pub(crate) fn traps_locked(&self) -> bool {
        self.negators
            && self.sources_on_field().any(|s| {
                let st = self.card(s);
                st.zone() == Zone::Monster
                    && st.face_up()
                    && !self.monster_effects_negated(s)
                    && self.declares(s, |m| matches!(m, Modifier::Duel(crate::effect::DuelRule::NoTraps)))
            })
    }

    /// The original ATK/DEF (printed, "?" as 0, EFF-14) after "becomes" effects.
    pub fn original_atk(&self, id: CardId) -> i32 {
        self.original_stat(id, true)
    }

    /// The original DEF (see [`Duel::original_atk`]).
    pub fn original_def(&self, id: CardId) -> i32 {
        self.original_stat(id, false)
    }

    fn original_stat(&self, id: CardId, atk: bool) -> i32 {
        let d = self.data(id);
        let mut v = match self.copied_of(id) {
            Some(s) => {
                if atk {
                    s.atk
                } else {
                    s.def
                }
            }
            None => if atk { d.atk } else { d.def }.unwrap_or(0).max(0),
        };
        if self.card(id).zone() != Zone::Monster || !self.may_apply(crate::effect::ModKinds::BECOMES) {
            return v;
        }
        for (src, ctrl, fixed, m) in self
            .modifiers_of(crate::effect::ModKinds::BECOMES, |m| matches!(m, Modifier::Becomes { layer: StatLayer::Original | StatLayer::OriginalOf(_), .. }))
        {
            let Modifier::Becomes { layer, atk: a, def: d } = m else { continue };
            let applies = match layer {
                // Applied to this card, or a continuous effect of the card itself (EFF-14:
                // "its original ATK becomes ...").
                StatLayer::Original => fixed == Some(id) || (fixed.is_none() && src == id),
                StatLayer::OriginalOf(scope) => self.in_scope(scope, src, ctrl, fixed, id),
                StatLayer::Current(_) => false,
            };
            if !applies {
                continue;
            }
            if let Some(n) = if atk { a } else { d } {
                v = self.num(n, &Ctx::of(ctrl, src));
            }
        }
        v
    }

    /// Current ATK: original ATK plus every modifier that applies, in order; an "ATK
    /// becomes" effect replaces what applied before it (never below 0).
    pub fn current_atk(&self, id: CardId) -> i32 {
        self.current_stat(id, true)
    }

    /// Current DEF (Link monsters have none and count as 0).
    pub fn current_def(&self, id: CardId) -> i32 {
        self.current_stat(id, false)
    }

    fn current_stat(&self, id: CardId, atk: bool) -> i32 {
        let base = if atk { self.original_atk(id) } else { self.original_def(id) };
        if self.card(id).zone() != Zone::Monster
            || !self.card(id).face_up()
            || !self.may_apply(crate::effect::ModKinds::ATK_DEF | crate::effect::ModKinds::BECOMES)
        {
            return base;
        }
        let mut v = base;
        // "Reverse Trap": every gain applies as a loss and every loss as a gain.
        let sign = if self
            .modifiers_of(crate::effect::ModKinds::STAT_CHANGES_REVERSED, |m| matches!(m, Modifier::Duel(crate::effect::DuelRule::StatChangesReversed)))
            .next()
            .is_some()
        {
            -1
        } else {
            1
        };
        for (src, ctrl, fixed, m) in self.modifiers_of(crate::effect::ModKinds::ATK_DEF | crate::effect::ModKinds::BECOMES, |m| {
            matches!(m, Modifier::AtkDef { .. } | Modifier::Becomes { layer: StatLayer::Current(_), .. })
        }) {
            match m {
                Modifier::AtkDef { scope, atk: a, def: d } if self.in_scope(scope, src, ctrl, fixed, id) => {
                    v += sign * self.num(if atk { a } else { d }, &Ctx::of(ctrl, src));
                }
                Modifier::Becomes { layer: StatLayer::Current(scope), atk: a, def: d } if self.in_scope(scope, src, ctrl, fixed, id) => {
                    if let Some(n) = if atk { a } else { d } {
                        v = self.num(n, &Ctx::of(ctrl, src));
                    }
                }
                _ => {}
            }
        }
        v.max(0)
    }

    /// Current Level: the printed one changed by `Modifier::Level` (face-up monsters on the
    /// field; cards in the hand when the modifier says so), never below 1.
    pub fn current_level(&self, id: CardId) -> u8 {
        let c = self.card(id);
        let base = self.copied_of(id).map_or(self.data(id).level, |s| s.level);
        let on_field = c.zone() == Zone::Monster && c.face_up();
        if base == 0 || !(on_field || c.zone() == Zone::Hand) || !self.may_apply(crate::effect::ModKinds::LEVEL) {
            return base;
        }
        let mut level = base as i32;
        let mut delta_sum = 0;
        for (src, ctrl, fixed, m) in self.modifiers_of(crate::effect::ModKinds::LEVEL, |m| matches!(m, Modifier::Level { .. })) {
            if let Modifier::Level { filter, delta, in_hand, becomes } = m {
                let applies = match fixed {
                    Some(f) => f == id,
                    None => (on_field || *in_hand) && self.filter_matches(filter, id, ctrl, src),
                };
                if applies {
                    // "Its Level becomes N": the latest such change, then the deltas.
                    if let Some(n) = becomes {
                        level = self.num(n, &crate::eval::Ctx::of(ctrl, src));
                    }
                    delta_sum += *delta as i32;
                }
            }
        }
        (level + delta_sum).clamp(1, 255) as u8
    }

    /// The monster's Type now: the one a `Modifier::RaceBecomes` gives it while it is face-up
    /// on the field (the latest), else its printed one.
    pub(crate) fn current_race(&self, id: CardId) -> Option<crate::card::Race> {
        let c = self.card(id);
        let printed = self.copied_of(id).map_or(self.data(id).race, |s| s.race);
        if c.zone() != Zone::Monster || !c.face_up() || !self.may_apply(crate::effect::ModKinds::RACE_BECOMES) {
            return printed;
        }
        let mut race = printed;
        for (src, ctrl, fixed, m) in self.modifiers_of(crate::effect::ModKinds::RACE_BECOMES, |m| matches!(m, Modifier::RaceBecomes { .. })) {
            if let Modifier::RaceBecomes { scope, race: r } = m {
                if self.in_scope(scope, src, ctrl, fixed, id) {
                    race = Some(*r);
                }
            }
        }
        race
    }

    /// `Modifier::AlsoAttribute`: does an effect give this face-up monster the Attribute `a`
    /// besides its own?
    pub(crate) fn has_also_attribute(&self, id: CardId, a: crate::card::Attribute) -> bool {
        let c = self.card(id);
        if c.zone() != Zone::Monster || !c.face_up() || !self.may_apply(crate::effect::ModKinds::ALSO_ATTRIBUTE) {
            return false;
        }
        self.modifiers_of(crate::effect::ModKinds::ALSO_ATTRIBUTE, |m| matches!(m, Modifier::AlsoAttribute { .. })).any(
            |(src, ctrl, fixed, m)| matches!(m, Modifier::AlsoAttribute { scope, attribute } if *attribute == a && self.in_scope(scope, src, ctrl, fixed, id)),
        )
    }

    /// A copy token's stats ([`Duel::copied_stats`]), if `id` is one.
    /// A card treated as a Normal Monster (`SummonStep::AsNormalMonsters`) reads its given
    /// stats while its identity is not a monster's (a hidden-card sample that dealt it a
    /// monster's identity reads that monster's).
    pub(crate) fn copied_of(&self, id: CardId) -> Option<crate::state::CopiedStats> {
        if self.copied_stats.is_empty() {
            return None;
        }
        self.copied_stats.iter().find(|&&(c, s)| c == id && (!s.as_monster || !self.data(id).is_monster())).map(|&(_, s)| s)
    }

    /// A card that is not a monster treated as a Normal Monster where it is, in a Monster
    /// Zone (`SummonStep::AsNormalMonsters`): it is not a Spell or Trap while it is one.
    pub(crate) fn as_normal_monster(&self, id: CardId) -> bool {
        self.card(id).zone() == crate::types::Zone::Monster && self.copied_of(id).is_some_and(|s| s.as_monster)
    }

    /// The cards treated as monsters that cannot stay past this Battle Phase are destroyed
    /// (`SummonStep::AsNormalMonsters` with `battle_only`): at the start of the End Step,
    /// or as the Battle Phase ends another way.
    pub(crate) fn destroy_battle_only(&mut self) {
        if self.copied_stats.is_empty() {
            return;
        }
        // Read through `as_normal_monster`: a hidden-card sample that dealt the card a
        // monster's identity keeps it (the sample must not tell which card it was).
        let due: smallvec::SmallVec<[CardId; 4]> =
            self.copied_stats.iter().filter(|&&(c, s)| s.battle_only && self.as_normal_monster(c)).map(|&(c, _)| c).collect();
        for c in due {
            if self.card(c).zone() == crate::types::Zone::Monster {
                self.send_to_gy(c, crate::event::Reason::Destroy);
            }
        }
    }

    /// The monster's Attribute now: a copy token's copied one, else its printed one.
    pub(crate) fn current_attribute(&self, id: CardId) -> Option<crate::card::Attribute> {
        self.copied_of(id).map_or(self.data(id).attribute, |s| s.attribute)
    }

    /// `Modifier::NameBecomes`: the name an effect gave this card, if any (the latest).
    pub(crate) fn name_given(&self, id: CardId) -> Option<u32> {
        if !self.may_apply(crate::effect::ModKinds::NAME_BECOMES) {
            return None;
        }
        let mut name = None;
        // Read plainly (`plain`): deciding whether a source applies never asks, in turn, the
        // name of a card.
        for (src, _, fixed, m) in self.modifiers_where_with(crate::effect::ModKinds::NAME_BECOMES, |m| matches!(m, Modifier::NameBecomes(_)), true) {
            if let Modifier::NameBecomes(crate::effect::Num::Const(code)) = m {
                // Applied to the card, or a continuous effect of the card itself ("this card's
                // name becomes ... while on the field").
                if fixed == Some(id) || (fixed.is_none() && src == id) {
                    name = Some(*code as u32);
                }
            }
        }
        name
    }

    /// The card's name now (a passcode): the one an effect gave it, else its printed one.
    pub(crate) fn current_name(&self, id: CardId) -> u32 {
        self.name_given(id).unwrap_or_else(|| self.data(id).name_code())
    }

    /// "Convulsion of Nature": are the Main Decks turned over, their top cards public?
    pub(crate) fn decks_face_up(&self) -> bool {
        self.any_modifiers()
            && self.modifiers_of(crate::effect::ModKinds::DECKS_FACE_UP, |m| matches!(m, Modifier::Duel(crate::effect::DuelRule::DecksFaceUp))).next().is_some()
    }
    /// Is `card` banished instead of going to the GY? A "Macro Cosmos" leaving the field
    /// does not apply to itself.
    pub(crate) fn gy_banishes_card(&self, card: CardId) -> bool {
        self.modifiers_of(crate::effect::ModKinds::BANISH_INSTEAD_OF_GY, |m| matches!(m, Modifier::Duel(crate::effect::DuelRule::BanishInsteadOfGy(_)))).any(
            |(src, ctrl, _, m)| {
                src != card && matches!(m, Modifier::Duel(crate::effect::DuelRule::BanishInsteadOfGy(f)) if self.filter_matches(f, card, ctrl, src))
            },
        )
    }

    /// The controller a card should have under "take control" equips.
    pub(crate) fn equip_controller(&self, card: CardId) -> Option<Player> {
        if self.control_fixed(card) {
            return None;
        }
        self.modifiers_of(crate::effect::ModKinds::BOND, |m| matches!(m, Modifier::Bond(crate::effect::Bond::ControlEquipped)))
            .find(|(src, _, _, _)| self.card(*src).equip_to == Some(card))
            .map(|(_, ctrl, _, _)| ctrl)
    }

    /// Activation locks (`PlayerAct::Activate`): may `p` not activate `card`, or its
    /// effects, now?
    pub(crate) fn activation_locked(&self, p: Player, card: CardId) -> bool {
        self.may_apply(crate::effect::ModKinds::CANNOT_ACTIVATE)
            && self.modifiers_of(crate::effect::ModKinds::CANNOT_ACTIVATE, |m| matches!(m, Modifier::PlayersCannot { act: PlayerAct::Activate(_), .. })).any(|(src, ctrl, _, m)| {
                matches!(m, Modifier::PlayersCannot { who, act: PlayerAct::Activate(filter) } if self.who(*who, ctrl).contains(&p) && self.filter_matches(filter, card, ctrl, src))
            })
    }

    /// Special Summon locks: may `p` not Special Summon now (a summon lock, or a
    /// `PlayerAct::SpecialSummon` lock that names `p`)?
    pub(crate) fn special_summons_locked(&self, p: Player) -> bool {
        self.summons_locked(p)
            || (self.may_apply(crate::effect::ModKinds::CANNOT_SPECIAL_SUMMON)
                && self
                    .modifiers_of(crate::effect::ModKinds::CANNOT_SPECIAL_SUMMON, |m| {
                        matches!(m, Modifier::PlayersCannot { act: PlayerAct::SpecialSummon, .. })
                    })
                    .any(|(_, ctrl, _, m)| matches!(m, Modifier::PlayersCannot { who, .. } if self.who(*who, ctrl).contains(&p))))
    }

    /// LP costs waived (`PlayerAct::PayLpFor`): does `p` activate `card` without paying
    /// its LP cost?
    pub(crate) fn lp_cost_waived(&self, p: Player, card: CardId) -> bool {
        self.may_apply(crate::effect::ModKinds::CANNOT_PAY_LP_FOR)
            && self.modifiers_of(crate::effect::ModKinds::CANNOT_PAY_LP_FOR, |m| matches!(m, Modifier::PlayersCannot { act: PlayerAct::PayLpFor(_), .. })).any(|(src, ctrl, _, m)| {
                matches!(m, Modifier::PlayersCannot { who, act: PlayerAct::PayLpFor(filter) } if self.who(*who, ctrl).contains(&p) && self.filter_matches(filter, card, ctrl, src))
            })
    }

    /// Set locks (`PlayerAct::Set`): may `p` not Set `card` from the hand now?
    pub(crate) fn set_locked(&self, p: Player, card: CardId) -> bool {
        self.may_apply(crate::effect::ModKinds::CANNOT_SET)
            && self.modifiers_of(crate::effect::ModKinds::CANNOT_SET, |m| matches!(m, Modifier::PlayersCannot { act: PlayerAct::Set(_), .. })).any(|(src, ctrl, _, m)| {
                matches!(m, Modifier::PlayersCannot { who, act: PlayerAct::Set(filter) } if self.who(*who, ctrl).contains(&p) && self.filter_matches(filter, card, ctrl, src))
            })
    }

    /// `Modifier::AdditionalNormalSummon`: may `p` still Normal Summon `card` by an
    /// additional Normal Summon given this turn (none used yet)?
    pub(crate) fn additional_normal_summon_for(&self, p: Player, card: CardId) -> bool {
        self.player_fx[p.idx()].additional_summon_used_turn != self.turn
            && self.may_apply(crate::effect::ModKinds::ADDITIONAL_NORMAL_SUMMON)
            && self
                .modifiers_of(crate::effect::ModKinds::ADDITIONAL_NORMAL_SUMMON, |m| matches!(m, Modifier::AdditionalNormalSummon { raises_limit: false, .. }))
                .any(|(src, ctrl, _, m)| matches!(m, Modifier::AdditionalNormalSummon { of, raises_limit: false } if ctrl == p && self.filter_matches(of, card, ctrl, src)))
    }

    /// `Modifier::AdditionalNormalSummon` with `raises_limit`: may `p` still conduct the
    /// second Normal Summon/Set of a limit raised to 2 this turn (PHASE-4's exception; the
    /// first is the turn's own)?
    pub(crate) fn raised_normal_summon_left(&self, p: Player) -> bool {
        self.player_fx[p.idx()].second_normal_summon_turn != self.turn
            && self.may_apply(crate::effect::ModKinds::ADDITIONAL_NORMAL_SUMMON)
            && self
                .modifiers_of(crate::effect::ModKinds::ADDITIONAL_NORMAL_SUMMON, |m| matches!(m, Modifier::AdditionalNormalSummon { raises_limit: true, .. }))
                .any(|(_, ctrl, _, _)| ctrl == p)
    }

    /// PHASE-4: may `p` still Normal Summon or Set by the turn's own limit (1, or 2 under a
    /// raised limit)?
    pub(crate) fn regular_normal_summon_left(&self, p: Player) -> bool {
        (p == self.turn_player && self.normal_summons_left > 0) || self.raised_normal_summon_left(p)
    }

    /// PHASE-4: may `p` still Normal Summon `card` this turn, as far as the count goes: no
    /// "cannot Normal Summon this turn", and the turn's own, a raised limit's second or an
    /// additional Normal Summon for this monster left (a Set needs the first two).
    pub(crate) fn normal_summon_left_for(&self, p: Player, card: CardId) -> bool {
        self.player_fx[p.idx()].no_normal_summon_turn != self.turn && (self.regular_normal_summon_left(p) || self.additional_normal_summon_for(p, card))
    }

    /// PHASE-4: uses one Normal Summon of `p`'s for `card` (`set`: a Set, which only the
    /// turn's limit allows): an additional Normal Summon for this monster first (the turn's
    /// own stays free for any monster), then the turn's own, then a raised limit's second.
    pub(crate) fn use_normal_summon(&mut self, p: Player, card: CardId, set: bool) {
        if !set && self.additional_normal_summon_for(p, card) {
            self.player_fx[p.idx()].additional_summon_used_turn = self.turn;
        } else if self.normal_summons_left > 0 {
            self.normal_summons_left -= 1;
        } else {
            self.player_fx[p.idx()].second_normal_summon_turn = self.turn;
        }
    }

    /// Summon locks by monster (`PlayerAct::SummonMatching`): may `p` not Normal or Special
    /// Summon `card` now? Sets and Flip Summons are not asked.
    pub(crate) fn summon_locked_for(&self, p: Player, card: CardId) -> bool {
        self.may_apply(crate::effect::ModKinds::CANNOT_SUMMON_MATCHING)
            && self
                .modifiers_of(crate::effect::ModKinds::CANNOT_SUMMON_MATCHING, |m| matches!(m, Modifier::PlayersCannot { act: PlayerAct::SummonMatching(_), .. }))
                .any(|(src, ctrl, _, m)| {
                    matches!(m, Modifier::PlayersCannot { who, act: PlayerAct::SummonMatching(filter) } if self.who(*who, ctrl).contains(&p) && self.filter_matches(filter, card, ctrl, src))
                })
    }

    /// Summon locks: may `p` not Summon now ("you cannot Summon this turn", or a
    /// `PlayerAct::Summon` lock that names `p`)? Setting stays legal (SUM-1).
    pub(crate) fn summons_locked(&self, p: Player) -> bool {
        self.player_fx[p.idx()].no_summon_turn == self.turn
            || (self.may_apply(crate::effect::ModKinds::CANNOT_SUMMON)
                && self
                    .modifiers_of(crate::effect::ModKinds::CANNOT_SUMMON, |m| matches!(m, Modifier::PlayersCannot { act: PlayerAct::Summon, .. }))
                    .any(|(_, ctrl, _, m)| matches!(m, Modifier::PlayersCannot { who, .. } if self.who(*who, ctrl).contains(&p))))
    }

    /// Zones that cannot be used (`PlayerAct::UseZones`): `p`'s Main Monster Zones locked
    /// now, as bits (zone `i` = bit `i`).
    pub(crate) fn locked_zones(&self, p: Player) -> u8 {
        let mut mask = 0;
        for l in &self.lingering {
            if let Modifier::PlayersCannot { who, act: PlayerAct::UseZones(zones) } = l.modifier {
                let src = self.card(l.source);
                let on = src.moves == l.source_moves && src.zone() == Zone::Monster && src.face_up() && !self.monster_effects_negated(l.source);
                if on && self.who(who, l.controller).contains(&p) {
                    mask |= zones;
                }
            }
        }
        mask
    }

    /// `crate::effect::Negation::CardsOnField`: is the effect of this Spell or Trap Card on the field
    /// negated ("Spell Canceller")?
    pub(crate) fn negated_on_field(&self, card: CardId) -> bool {
        let c = self.card(card);
        if !c.zone().on_field() || (c.zone() == Zone::Monster && !self.data(card).is_trap()) {
            return false;
        }
        // Only a `Negation::CardsOnField`, of a source on the field or lingering, negates here.
        if !self.may_apply(crate::effect::ModKinds::NEGATE_CARDS_ON_FIELD) {
            return false;
        }
        if self.negated_by_lingering_rule(card, false) {
            return true;
        }
        if !self.negators {
            return false;
        }
        self.sources_on_field().any(|s| {
            let st = self.card(s);
            if s == card || !st.face_up() {
                return false;
            }
            let monster = st.zone() == Zone::Monster && self.data(s).is_monster();
            if (monster && self.monster_effects_negated(s)) || (!monster && !st.active) {
                return false;
            }
            self.pool.def(st.def).behavior.effects.iter().any(|e| {
                e.modifiers
                    .iter()
                    .any(|m| matches!(m, Modifier::Negate(crate::effect::Negation::CardsOnField(f)) if self.filter_matches(f, card, st.controller(), s)))
            })
        })
    }

    /// `Modifier::NegateTargeting`: does an effect of `card` with these targets target a
    /// monster protected from it? The protecting card's controller, if so, and the die faces
    /// that negate it when a die decides.
    pub(crate) fn targeting_negated_by(&self, card: CardId, targets: &[(CardId, u32)]) -> Option<(Player, Option<u8>)> {
        if targets.is_empty() || !self.any_modifiers() {
            return None;
        }
        self.modifiers_of(crate::effect::ModKinds::NEGATE_TARGETING, |m| matches!(m, Modifier::NegateTargeting { .. })).find_map(
            |(src, ctrl, fixed, m)| match m {
                Modifier::NegateTargeting { scope, filter, roll } => {
                    let hit = targets.iter().any(|&(t, moves)| self.card(t).moves == moves && self.in_scope(scope, src, ctrl, fixed, t));
                    (hit && self.filter_matches(filter, card, ctrl, src)).then_some((ctrl, *roll))
                }
                _ => None,
            },
        )
    }

    /// `Modifier::NegateBattleVictims`: is `card` a monster in the GY whose effects are
    /// negated because the monster that destroyed it by battle says so ("Dark Balter the
    /// Terrible")?
    pub(crate) fn battle_victim_negated(&self, card: CardId) -> bool {
        let c = self.card(card);
        c.zone() == Zone::Gy
            && c.arrived.reason == Some(crate::event::Reason::Battle)
            && c.killed_by.is_some_and(|k| {
                self.pool.def(self.card(k).def).behavior.effects.iter().any(|e| {
                    e.kind == EffectKind::Continuous && e.modifiers.iter().any(|m| matches!(m, Modifier::Negate(crate::effect::Negation::BattleVictimsInGy)))
                })
            })
    }

    /// Counters of `kind` on a card (MISC-2).
    pub fn counters_on(&self, id: CardId, kind: crate::effect::Counter) -> u16 {
        self.counters(id).find(|&(k, _)| k == kind).map_or(0, |(_, n)| n)
    }

    /// "Until the End Phase": effects applied that long end as the End Phase begins.
    pub(crate) fn expire_at_end_phase(&mut self) {
        let lingering_before = self.lingering.len();
        self.lingering.retain(|l| l.until != Duration::EndPhase);
        self.lingering_ended(lingering_before);
    }

    /// Lingering effects end: at the end of the turn (`end_of_turn`), at the end of the
    /// Battle Phase (`end_of_battle`), when their source is gone.
    pub(crate) fn expire_lingering(&mut self, end_of_turn: bool, end_of_battle: bool) {
        let (turn, tp) = (self.turn, self.turn_player);
        let cards = &self.cards;
        let lingering_before = self.lingering.len();
        self.lingering.retain(|l| match l.until {
            Duration::EndOfTurn | Duration::EndPhase | Duration::EndOfDamageStep => !(end_of_turn && l.turn <= turn),
            Duration::YourNextTurn => !(end_of_turn && l.turn < turn && tp == l.controller),
            Duration::EndOfBattlePhase => !((end_of_turn || end_of_battle) && l.turn <= turn),
            Duration::WhileSourceOnField => {
                let s = &cards[l.source.0 as usize];
                s.moves == l.source_moves && s.zone().on_field() && s.position().face_up()
            }
            Duration::Permanent | Duration::EndOfChain => true,
            Duration::EndOfOpponentsTurn => !(end_of_turn && tp != l.controller && l.turn <= turn),
        });
        self.lingering_ended(lingering_before);
    }

    /// Lingering effects "until the chain has resolved" end (CHAIN-3).
    pub(crate) fn expire_chain_lingering(&mut self) {
        let lingering_before = self.lingering.len();
        self.lingering.retain(|l| l.until != Duration::EndOfChain);
        self.lingering_ended(lingering_before);
    }

    /// BATTLE-4: effects applied "during this damage calculation only" end with the Damage
    /// Step.
    pub(crate) fn expire_damage_step(&mut self) {
        let lingering_before = self.lingering.len();
        self.lingering.retain(|l| l.until != Duration::EndOfDamageStep);
        self.lingering_ended(lingering_before);
    }
}
