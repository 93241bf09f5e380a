//! Continuous effects: current ATK/DEF and the "cannot" rules are computed from printed
//! values and the modifiers that apply now (EFF-2), never written into the card. Sources:
//! face-up monsters' continuous effects (unless negated), resolved Continuous/Field/Equip
//! spells and traps, and effects applied for a while ([`Lingering`]).

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::effect::{Duration, EffectKind, Modifier, Scope};
use crate::eval::Ctx;
use crate::state::{CardId, Duel};
use crate::types::{Player, Zone};

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

    /// The continuous modifiers that `want` accepts and that apply now, with their source
    /// card and its controller: the sources on the field first (in index order), then
    /// lingering effects.
    ///
    /// `want` is asked first, of the declared modifiers, so a source that declares none
    /// of the wanted kinds costs no negation or condition check (the hot path: most
    /// questions want one kind of modifier, and most sources declare other kinds).
    pub(crate) fn modifiers_where<'a, W>(&'a self, want: W) -> impl Iterator<Item = ActiveModifier<'a>> + 'a
    where
        W: Fn(&Modifier) -> bool + Copy + 'a,
    {
        let from_cards = self
            .sources_on_field()
            .filter(move |&c| {
                let st = self.card(c);
                st.face_up() && self.declares(c, want) && self.source_applies(c)
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
            .filter(move |l| want(&l.modifier) && self.lingering_applies(l))
            .map(|l| (l.source, l.controller, l.card.map(|x| x.0), &l.modifier));
        from_cards.chain(lingering)
    }

    /// Does the face-up modifier source `c` apply its modifiers now (a monster whose
    /// effects are not negated; a resolved Continuous/Field/Equip card not negated)?
    fn source_applies(&self, c: CardId) -> bool {
        let st = self.card(c);
        let is_monster = st.zone() == Zone::Monster && self.data(c).is_monster();
        if !is_monster && !st.active {
            return false;
        }
        !((is_monster && self.monster_effects_negated(c)) || self.trap_effect_negated(c) || (!is_monster && self.negated_on_field(c)))
    }

    /// Does a lingering effect apply now (its card has not moved; "while the source stays
    /// face-up on the field": its source is still there, and not negated)?
    fn lingering_applies(&self, l: &Lingering) -> bool {
        let on = match l.card {
            Some((id, moves)) => self.card(id).moves == moves && self.card(id).zone().on_field(),
            None => true,
        };
        // "While the source stays face-up on the field": ends the moment it leaves.
        let src = self.card(l.source);
        let on = on && (l.until != Duration::WhileSourceOnField || (src.moves == l.source_moves && src.zone().on_field() && src.face_up()));
        // A Spell/Trap whose effects on the field are negated ("Spell Canceller") no
        // longer applies what it applies while it stays.
        on && !(l.until == Duration::WhileSourceOnField && src.zone() != Zone::Monster && self.negated_on_field(l.source))
    }

    /// Does a modifier's scope include `card`, and is `card` not immune to its source
    /// (`Modifier::Unaffected`)?
    fn in_scope(&self, scope: &Scope, source: CardId, ctrl: Player, fixed: Option<CardId>, card: CardId) -> bool {
        self.scope_contains(scope, source, ctrl, fixed, card) && !self.unaffected_by(card, source)
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
        let c = self.card(card);
        if card == source || c.zone() != Zone::Monster || !c.face_up() {
            return false;
        }
        self.modifiers_where(|m| matches!(m, Modifier::Unaffected { .. })).any(|(src, ctrl, fixed, m)| match m {
            Modifier::Unaffected { scope, by } => self.scope_contains(scope, src, ctrl, fixed, card) && self.filter_matches(by, source, ctrl, src),
            _ => false,
        })
    }

    /// May player `p` not banish cards from a GY now (`Modifier::NoBanishFromGy`)?
    pub(crate) fn gy_banish_locked(&self, p: Player) -> bool {
        self.any_modifiers()
            && self
                .modifiers_where(|m| matches!(m, Modifier::NoBanishFromGy(_)))
                .any(|(_, ctrl, _, m)| matches!(m, Modifier::NoBanishFromGy(w) if self.who(*w, ctrl).contains(&p)))
    }

    /// Is a monster's effect negated now (e.g. "Skill Drain", or a `NegateMonsterEffectsOf`
    /// whose scope holds it: "Fiend Skull Dragon")?
    pub(crate) fn monster_effects_negated(&self, card: CardId) -> bool {
        self.monster_effects_negated_plain(card)
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
                                    .any(|m| matches!(m, Modifier::NegateMonsterEffectsOf(scope) if self.in_scope(scope, s, st.controller(), None, card)))
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
        if self.lingering.iter().any(|l| l.card == Some((card, c.moves)) && matches!(l.modifier, Modifier::NegateMonsterEffects)) {
            return true;
        }
        self.negators
            && self.sources_on_field().any(|s| {
                let st = self.card(s);
                st.active && st.face_up() && !self.trap_negated_by_decree(s) && self.declares(s, |m| matches!(m, Modifier::NegateMonsterEffects))
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
                Modifier::NegateMonsterEffects
                    | Modifier::NegateMonsterEffectsOf(_)
                    | Modifier::NegateOtherTrapEffects
                    | Modifier::NoTraps
                    | Modifier::NegateCardsOnField(_)
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
                s != card && st.zone() != Zone::Monster && st.face_up() && st.active && self.declares(s, |m| matches!(m, Modifier::NegateOtherTrapEffects))
            })
    }

    /// Is a trap effect of `card` negated by "Royal Decree" or "Jinzo"?
    pub(crate) fn trap_effect_negated(&self, card: CardId) -> bool {
        if !self.negators || !self.data(card).is_trap() || !self.card(card).zone().on_field() {
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
                self.declares(s, |m| matches!(m, Modifier::NoTraps)) && !self.monster_effects_negated(s)
            } else {
                st.active && self.declares(s, |m| matches!(m, Modifier::NegateOtherTrapEffects))
            }
        })
    }

    /// "Jinzo": no trap card can be activated.
    pub(crate) fn traps_locked(&self) -> bool {
        self.negators
            && self.sources_on_field().any(|s| {
                let st = self.card(s);
                st.zone() == Zone::Monster && st.face_up() && !self.monster_effects_negated(s) && self.declares(s, |m| matches!(m, Modifier::NoTraps))
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
        let mut v = if atk { d.atk } else { d.def }.unwrap_or(0).max(0);
        if self.card(id).zone() != Zone::Monster || !self.any_modifiers() {
            return v;
        }
        for (src, ctrl, fixed, m) in self.modifiers_where(|m| matches!(m, Modifier::SetOriginal { .. })) {
            // Applied to this card, or a continuous effect of the card itself (EFF-14:
            // "its original ATK becomes ...").
            if fixed != Some(id) && !(fixed.is_none() && src == id) {
                continue;
            }
            if let Modifier::SetOriginal { atk: a, def: d } = m {
                if let Some(n) = if atk { a } else { d } {
                    v = self.num(n, &Ctx::of(ctrl, src));
                }
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
        if self.card(id).zone() != Zone::Monster || !self.card(id).face_up() || !self.any_modifiers() {
            return base;
        }
        let mut v = base;
        for (src, ctrl, fixed, m) in self.modifiers_where(|m| matches!(m, Modifier::AtkDef { .. } | Modifier::SetCurrent { .. })) {
            match m {
                Modifier::AtkDef { scope, atk: a, def: d } if self.in_scope(scope, src, ctrl, fixed, id) => {
                    v += self.num(if atk { a } else { d }, &Ctx::of(ctrl, src));
                }
                Modifier::SetCurrent { scope, atk: a, def: d } if self.in_scope(scope, src, ctrl, fixed, id) => {
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
        let base = self.data(id).level;
        let c = self.card(id);
        let on_field = c.zone() == Zone::Monster && c.face_up();
        if base == 0 || !(on_field || c.zone() == Zone::Hand) || !self.any_modifiers() {
            return base;
        }
        let mut level = base as i32;
        for (src, ctrl, fixed, m) in self.modifiers_where(|m| matches!(m, Modifier::Level { .. })) {
            if let Modifier::Level { filter, delta, in_hand } = m {
                let applies = match fixed {
                    Some(f) => f == id,
                    None => (on_field || *in_hand) && self.filter_matches(filter, id, ctrl, src),
                };
                if applies {
                    level += *delta as i32;
                }
            }
        }
        level.clamp(1, 255) as u8
    }

    /// Does a "cannot"-style modifier apply to `card`?
    pub(crate) fn restricted<W>(&self, card: CardId, which: W) -> bool
    where
        W: Fn(&Modifier) -> Option<&Scope> + Copy,
    {
        self.any_modifiers()
            && self.modifiers_where(move |m| which(m).is_some()).any(|(src, ctrl, fixed, m)| which(m).is_some_and(|s| self.in_scope(s, src, ctrl, fixed, card)))
    }

    pub(crate) fn cannot_attack(&self, card: CardId) -> bool {
        self.restricted(card, |m| if let Modifier::CannotAttack(s) = m { Some(s) } else { None })
    }
    pub(crate) fn cannot_change_position(&self, card: CardId) -> bool {
        self.position_locked(card) || self.restricted(card, |m| if let Modifier::ForceDefense(s) = m { Some(s) } else { None })
    }
    /// "Cannot change its battle position" (POS-2): no manual change and no Flip Summon, which
    /// changes the position too ("Swords of Concealing Light"). A forced Defense Position
    /// still allows the Flip Summon (the monster is then changed to Defense Position).
    pub(crate) fn position_locked(&self, card: CardId) -> bool {
        self.restricted(card, |m| match m {
            Modifier::CannotChangePosition(s) | Modifier::ForceDefense(s) | Modifier::ForceAttack(s) => Some(s),
            _ => None,
        })
    }

    /// `Modifier::ShieldOncePerTurn`: of the cards an effect of `by` would destroy, those an
    /// unused shield of their controller covers are spared, and each shield that spared one
    /// is used up for this turn.
    pub(crate) fn shield_once_per_turn(&mut self, list: SmallVec<[CardId; 4]>, by: Player) -> SmallVec<[CardId; 4]> {
        if !self.any_modifiers() || list.is_empty() {
            return list;
        }
        let turn = self.turn;
        // The shields of `by`'s opponent not used this turn (they do not change in this loop).
        let shields: SmallVec<[(CardId, Player, Option<CardId>, &Scope); 2]> = self
            .modifiers_where(|m| matches!(m, Modifier::ShieldOncePerTurn(_)))
            .filter_map(|(src, ctrl, fixed, m)| match m {
                Modifier::ShieldOncePerTurn(s) if ctrl != by && self.card(src).shield_turn != turn => Some((src, ctrl, fixed, s)),
                _ => None,
            })
            .collect();
        if shields.is_empty() {
            return list;
        }
        let mut used: SmallVec<[CardId; 2]> = SmallVec::new();
        let mut kept: SmallVec<[CardId; 4]> = SmallVec::new();
        for c in list {
            let shield = shields.iter().find(|&&(src, ctrl, fixed, s)| self.card(c).controller() == ctrl && self.in_scope(s, src, ctrl, fixed, c));
            match shield {
                Some(&(src, ..)) => {
                    if !used.contains(&src) {
                        used.push(src);
                    }
                }
                None => kept.push(c),
            }
        }
        drop(shields);
        for src in used {
            self.cards[src.0 as usize].shield_turn = turn.into();
        }
        kept
    }

    /// Cannot be destroyed by card effects now (`Modifier::IndestructibleByEffect`).
    pub(crate) fn indestructible_by_effect(&self, card: CardId) -> bool {
        self.restricted(card, |m| if let Modifier::IndestructibleByEffect(s) = m { Some(s) } else { None })
    }

    /// SUM-1 under `Modifier::NoMonsterSets`: monsters cannot be Set, and Normal Summons may
    /// be in face-up Defense Position.
    pub fn monster_sets_forbidden(&self) -> bool {
        self.any_modifiers() && self.modifiers_where(|m| matches!(m, Modifier::NoMonsterSets)).next().is_some()
    }

    /// Do LP that `p` would gain from a card effect become damage (an opponent's
    /// `Modifier::OpponentGainsBecomeDamage` applies)?
    pub(crate) fn gains_become_damage(&self, p: Player) -> bool {
        self.any_modifiers() && self.modifiers_where(|m| matches!(m, Modifier::OpponentGainsBecomeDamage)).any(|(_, ctrl, _, _)| ctrl != p)
    }

    /// "Level Limit - Area B": face-up Attack Position monsters a `ForceDefense` applies to
    /// are changed to Defense Position; "Final Attack Orders": face-up Defense Position
    /// monsters a `ForceAttack` applies to are changed to Attack Position (a rule process,
    /// not a chain link).
    pub(crate) fn enforce_forced_defense(&mut self) {
        use crate::types::Position;
        if self.modifiers_where(|m| matches!(m, Modifier::ForceDefense(_) | Modifier::ForceAttack(_))).next().is_none() {
            return;
        }
        let forced: SmallVec<[(CardId, Position); 4]> = self
            .field_cards()
            .into_iter()
            .filter(|&c| self.card(c).zone() == Zone::Monster)
            .filter_map(|c| match self.card(c).position() {
                Position::FaceUpAttack if self.restricted(c, |m| if let Modifier::ForceDefense(s) = m { Some(s) } else { None }) => {
                    Some((c, Position::FaceUpDefense))
                }
                Position::FaceUpDefense if self.restricted(c, |m| if let Modifier::ForceAttack(s) = m { Some(s) } else { None }) => {
                    Some((c, Position::FaceUpAttack))
                }
                _ => None,
            })
            .collect();
        for (c, to) in forced {
            self.set_position(c, to);
        }
    }
    /// Is `card` protected from being targeted by an effect `p` controls (`Untargetable`,
    /// and `UntargetableByOpponent` when `p` is the protecting card's opponent)?
    pub(crate) fn untargetable_by(&self, card: CardId, p: Player) -> bool {
        self.any_modifiers()
            && self.modifiers_where(|m| matches!(m, Modifier::Untargetable(_) | Modifier::UntargetableByOpponent(_))).any(|(src, ctrl, fixed, m)| match m {
                Modifier::Untargetable(s) => self.in_scope(s, src, ctrl, fixed, card),
                Modifier::UntargetableByOpponent(s) => ctrl != p && self.in_scope(s, src, ctrl, fixed, card),
                _ => false,
            })
    }

    /// `Modifier::DefenseWhenSummoned`: a monster whose summon has just succeeded is changed
    /// to face-up Defense Position when one applies to it ("Stumbling").
    pub(crate) fn summoned_to_defense(&mut self, card: CardId) {
        let c = self.card(card);
        if c.zone() != Zone::Monster || c.position() != crate::types::Position::FaceUpAttack || !self.any_modifiers() {
            return;
        }
        if self.restricted(card, |m| if let Modifier::DefenseWhenSummoned(s) = m { Some(s) } else { None }) {
            self.set_position(card, crate::types::Position::FaceUpDefense);
        }
    }
    /// `Modifier::TributeAsIfControlled`: may `p` Tribute this opponent's monster now?
    pub(crate) fn tributable_across(&self, card: CardId, p: Player) -> bool {
        let c = self.card(card);
        c.zone() == Zone::Monster
            && c.controller() != p
            && self.lingering.iter().any(|l| l.controller == p && l.card == Some((card, c.moves)) && matches!(l.modifier, Modifier::TributeAsIfControlled))
    }

    /// `Modifier::NameProhibited`: is this card's name prohibited for it now (it cannot be
    /// activated, summoned, Set, attack or change its position)?
    pub(crate) fn prohibited(&self, card: CardId) -> bool {
        if self.lingering.is_empty() {
            return false;
        }
        let code = self.data(card).name_code() as i32;
        self.modifiers_where(|m| matches!(m, Modifier::NameProhibited { .. })).any(|(src, ctrl, _, m)| match m {
            Modifier::NameProhibited { name, spared } => self.num(name, &Ctx::of(ctrl, src)) == code && !self.remembered(src, *spared).any(|c| c == card),
            _ => false,
        })
    }

    /// `Modifier::GyLocked`: are the GYs locked now?
    pub(crate) fn gy_locked(&self) -> bool {
        self.any_modifiers() && self.modifiers_where(|m| matches!(m, Modifier::GyLocked)).next().is_some()
    }

    /// A card in a locked GY: it stays there (`Modifier::GyLocked`).
    pub(crate) fn held_in_gy(&self, card: CardId) -> bool {
        self.card(card).zone() == Zone::Gy && self.gy_locked()
    }

    /// The monsters `p` may Tribute: their own, and the opponent's they may Tribute as though
    /// they controlled them (`Modifier::TributeAsIfControlled`).
    pub(crate) fn tributable_monsters(&self, p: Player) -> SmallVec<[CardId; 8]> {
        let mut v: SmallVec<[CardId; 8]> = self.player(p).monster_ids().collect();
        if !self.lingering.is_empty() {
            v.extend(self.player(p.opp()).monster_ids().filter(|&m| self.tributable_across(m, p)));
        }
        v
    }

    pub(crate) fn not_attack_target(&self, card: CardId) -> bool {
        self.restricted(card, |m| if let Modifier::NotAttackTarget(s) = m { Some(s) } else { None })
    }
    pub(crate) fn indestructible_by_battle(&self, card: CardId) -> bool {
        let ctrl = self.card(card).controller();
        self.player_fx[ctrl.idx()].indestructible_turn == self.turn
            || self.restricted(card, |m| if let Modifier::IndestructibleByBattle(s) = m { Some(s) } else { None })
    }
    pub(crate) fn destroyed_after_targeted(&self, card: CardId) -> bool {
        self.restricted(card, |m| if let Modifier::DestroyAfterTargeted(s) = m { Some(s) } else { None })
    }
    /// BATTLE-2: may `card` attack directly while the opponent controls monsters?
    pub(crate) fn attacks_directly_anyway(&self, card: CardId) -> bool {
        self.restricted(card, |m| if let Modifier::DirectAttack(s) = m { Some(s) } else { None })
    }
    /// Does `card`'s controller take no battle damage from the battles it is in?
    pub(crate) fn shields_battle_damage(&self, card: CardId) -> bool {
        self.restricted(card, |m| if let Modifier::NoBattleDamageToController(s) = m { Some(s) } else { None })
    }
    pub(crate) fn destroyed_when_targeted(&self, card: CardId) -> bool {
        self.restricted(card, |m| if let Modifier::DestroyWhenTargeted(s) = m { Some(s) } else { None })
    }
    pub(crate) fn piercing(&self, card: CardId) -> bool {
        self.restricted(card, |m| if let Modifier::Piercing(s) = m { Some(s) } else { None })
    }
    pub(crate) fn cannot_attack_directly(&self, card: CardId) -> bool {
        self.restricted(card, |m| if let Modifier::CannotAttackDirectly(s) = m { Some(s) } else { None })
    }
    pub(crate) fn control_fixed(&self, card: CardId) -> bool {
        self.restricted(card, |m| if let Modifier::ControlFixed(s) = m { Some(s) } else { None })
    }
    pub(crate) fn second_attack_on_kill(&self, card: CardId) -> bool {
        self.restricted(card, |m| if let Modifier::SecondAttackOnKill(s) = m { Some(s) } else { None })
    }
    /// BATTLE-10: does player `p` take no effect damage now ("Des Wombat")?
    pub(crate) fn no_effect_damage(&self, p: Player) -> bool {
        self.any_modifiers() && self.modifiers_where(|m| matches!(m, Modifier::NoEffectDamage)).any(|(_, ctrl, _, _)| ctrl == p)
    }
    /// BATTLE-2: attacks a monster may declare this turn beyond its one, from modifiers.
    pub(crate) fn modifier_extra_attacks(&self, card: CardId) -> u8 {
        if !self.any_modifiers() {
            return 0;
        }
        let mut n = 0i32;
        for (src, ctrl, fixed, m) in self.modifiers_where(|m| matches!(m, Modifier::ExtraAttacks { .. })) {
            if let Modifier::ExtraAttacks { scope, count } = m {
                if self.in_scope(scope, src, ctrl, fixed, card) {
                    n += self.num(count, &Ctx::of(ctrl, src)).max(0);
                }
            }
        }
        n.clamp(0, u8::MAX as i32) as u8
    }
    /// BATTLE-2: may this monster attack every monster the opponent controls once each?
    pub(crate) fn attacks_every_monster(&self, card: CardId) -> bool {
        self.restricted(card, |m| if let Modifier::AttackEveryMonster(s) = m { Some(s) } else { None })
    }
    /// BATTLE-2: must this monster attack if able?
    pub(crate) fn must_attack(&self, card: CardId) -> bool {
        self.restricted(card, |m| if let Modifier::MustAttack(s) = m { Some(s) } else { None })
    }
    /// Is a face-up monster banished instead of leaving the field to anywhere else?
    pub(crate) fn banished_when_leaving(&self, card: CardId) -> bool {
        self.restricted(card, |m| if let Modifier::BanishWhenLeaving(s) = m { Some(s) } else { None })
    }
    /// What happens to `victim`, destroyed by battle with `killer` (decided at damage
    /// calculation, while both are still on the field): are its effects negated, and is it
    /// banished instead of going to the GY?
    pub(crate) fn battle_victim_fate(&self, killer: CardId, victim: CardId) -> (bool, bool) {
        if !self.any_modifiers() {
            return (false, false);
        }
        let (mut negated, mut banished) = (false, false);
        for (src, ctrl, fixed, m) in self.modifiers_where(|m| matches!(m, Modifier::NegateBattleVictims { .. } | Modifier::BanishBattleVictims(_))) {
            match m {
                Modifier::NegateBattleVictims { scope, victims } if self.in_scope(scope, src, ctrl, fixed, killer) => {
                    negated |= self.filter_matches(victims, victim, ctrl, src);
                }
                Modifier::BanishBattleVictims(scope) if self.in_scope(scope, src, ctrl, fixed, killer) => banished = true,
                _ => {}
            }
        }
        (negated, banished)
    }

    /// `Modifier::SelfDestruct`: cards whose self-destruction applies now are destroyed by
    /// their own effect (a rule process, not a chain link).
    pub(crate) fn enforce_self_destruction(&mut self) {
        if self.sources_on_field().next().is_none() {
            return;
        }
        let doomed: SmallVec<[(CardId, Player); 2]> = self
            .modifiers_where(|m| matches!(m, Modifier::SelfDestruct))
            .filter(|(_, _, fixed, m)| fixed.is_none() && matches!(m, Modifier::SelfDestruct))
            .map(|(s, p, _, _)| (s, p))
            .collect();
        let cause = self.cause;
        for (c, p) in doomed {
            if self.card(c).zone().on_field() {
                self.cause = Some(p);
                self.send_to_gy(c, crate::event::Reason::Destroy);
            }
        }
        self.cause = cause;
    }

    /// "Mind Control": may `card` not be Tributed at all?
    pub(crate) fn cannot_be_tributed(&self, card: CardId) -> bool {
        self.restricted(card, |m| if let Modifier::CannotBeTributed(s) = m { Some(s) } else { None })
    }

    /// `Modifier::AttackCost`: what declaring an attack with `card` costs its controller
    /// now: LP and cards from the top of the Deck, or `None` when a cost cannot be paid by
    /// an attack declaration.
    fn attack_cost(&self, card: CardId) -> Option<(i32, usize)> {
        let (mut lp, mut top) = (0i32, 0usize);
        if !self.any_modifiers() {
            return Some((lp, top));
        }
        for (src, ctrl, fixed, m) in self.modifiers_where(|m| matches!(m, Modifier::AttackCost { .. })) {
            let Modifier::AttackCost { scope, cost } = m else { continue };
            if !self.in_scope(scope, src, ctrl, fixed, card) {
                continue;
            }
            match cost {
                crate::effect::Cost::PayLp(n) => lp = lp.saturating_add(self.num(n, &Ctx::of(ctrl, src)).max(0)),
                crate::effect::Cost::SendDeckTop(n) => top += *n as usize,
                _ => return None,
            }
        }
        Some((lp, top))
    }

    /// BATTLE-2: can `card`'s controller pay its attack costs now?
    pub(crate) fn attack_cost_payable(&self, card: CardId) -> bool {
        let p = self.card(card).controller();
        self.attack_cost(card).is_some_and(|(lp, top)| self.lp(p) >= lp && self.player(p).deck.len() >= top)
    }

    /// BATTLE-2: the attack costs are paid as the attack is declared (EFF-5: a cost, not
    /// an effect).
    pub(crate) fn pay_attack_cost(&mut self, card: CardId) {
        let Some((lp, top)) = self.attack_cost(card) else { return };
        let p = self.card(card).controller();
        if lp > 0 {
            self.change_lp(p, -lp);
        }
        let cards: SmallVec<[CardId; 2]> = self.player(p).deck.iter().rev().take(top).copied().collect();
        for c in cards {
            self.send_to_gy(c, crate::event::Reason::Cost);
        }
    }

    /// "Convulsion of Nature": are the Main Decks turned over, their top cards public?
    pub(crate) fn decks_face_up(&self) -> bool {
        self.any_modifiers() && self.modifiers_where(|m| matches!(m, Modifier::DecksFaceUp)).next().is_some()
    }
    /// Is `card` banished instead of going to the GY? A "Macro Cosmos" leaving the field
    /// does not apply to itself.
    pub(crate) fn gy_banishes_card(&self, card: CardId) -> bool {
        self.modifiers_where(|m| matches!(m, Modifier::BanishInsteadOfGy)).any(|(src, _, _, _)| src != card)
    }

    /// The controller a card should have under "take control" equips.
    pub(crate) fn equip_controller(&self, card: CardId) -> Option<Player> {
        if self.control_fixed(card) {
            return None;
        }
        self.modifiers_where(|m| matches!(m, Modifier::ControlEquipped))
            .find(|(src, _, _, _)| self.card(*src).equip_to == Some(card))
            .map(|(_, ctrl, _, _)| ctrl)
    }

    /// Activation locks (`Modifier::CannotActivate`): may `p` not activate `card`, or its
    /// effects, now?
    pub(crate) fn activation_locked(&self, p: Player, card: CardId) -> bool {
        self.any_modifiers()
            && self.modifiers_where(|m| matches!(m, Modifier::CannotActivate { .. })).any(|(src, ctrl, _, m)| {
                matches!(m, Modifier::CannotActivate { who, filter } if self.who(*who, ctrl).contains(&p) && self.filter_matches(filter, card, ctrl, src))
            })
    }

    /// Summon locks: may `p` not Summon now ("you cannot Summon this turn", or a
    /// `Modifier::CannotSummon` that names `p`)? Setting stays legal (SUM-1).
    pub(crate) fn summons_locked(&self, p: Player) -> bool {
        self.player_fx[p.idx()].no_summon_turn == self.turn
            || (self.any_modifiers()
                && self
                    .modifiers_where(|m| matches!(m, Modifier::CannotSummon(_)))
                    .any(|(_, ctrl, _, m)| matches!(m, Modifier::CannotSummon(who) if self.who(*who, ctrl).contains(&p))))
    }

    /// Zones that cannot be used (`Modifier::LockedZones`): `p`'s Main Monster Zones locked
    /// now, as bits (zone `i` = bit `i`).
    pub(crate) fn locked_zones(&self, p: Player) -> u8 {
        let mut mask = 0;
        for l in &self.lingering {
            if let Modifier::LockedZones { who, zones } = l.modifier {
                let src = self.card(l.source);
                let on = src.moves == l.source_moves && src.zone() == Zone::Monster && src.face_up() && !self.monster_effects_negated(l.source);
                if on && self.who(who, l.controller).contains(&p) {
                    mask |= zones;
                }
            }
        }
        mask
    }

    /// `Modifier::NegateCardsOnField`: is the effect of this Spell or Trap Card on the field
    /// negated ("Spell Canceller")?
    pub(crate) fn negated_on_field(&self, card: CardId) -> bool {
        let c = self.card(card);
        if !self.negators || !c.zone().on_field() || (c.zone() == Zone::Monster && !self.data(card).is_trap()) {
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
            self.pool
                .def(st.def)
                .behavior
                .effects
                .iter()
                .any(|e| e.modifiers.iter().any(|m| matches!(m, Modifier::NegateCardsOnField(f) if self.filter_matches(f, card, st.controller(), s))))
        })
    }

    /// `Modifier::NegateTargeting`: does an effect of `card` with these targets target a
    /// monster protected from it? The protecting card's controller, if so.
    pub(crate) fn targeting_negated_by(&self, card: CardId, targets: &[(CardId, u32)]) -> Option<Player> {
        if targets.is_empty() || !self.any_modifiers() {
            return None;
        }
        self.modifiers_where(|m| matches!(m, Modifier::NegateTargeting { .. })).find_map(|(src, ctrl, fixed, m)| match m {
            Modifier::NegateTargeting { scope, filter } => {
                let hit = targets.iter().any(|&(t, moves)| self.card(t).moves == moves && self.in_scope(scope, src, ctrl, fixed, t));
                (hit && self.filter_matches(filter, card, ctrl, src)).then_some(ctrl)
            }
            _ => None,
        })
    }

    /// `Modifier::NegateBattleVictims`: is `card` a monster in the GY whose effects are
    /// negated because the monster that destroyed it by battle says so ("Dark Balter the
    /// Terrible")?
    pub(crate) fn battle_victim_negated(&self, card: CardId) -> bool {
        let c = self.card(card);
        c.zone() == Zone::Gy
            && c.arrived.reason == Some(crate::event::Reason::Battle)
            && c.killed_by.is_some_and(|k| {
                self.pool
                    .def(self.card(k).def)
                    .behavior
                    .effects
                    .iter()
                    .any(|e| e.kind == EffectKind::Continuous && e.modifiers.iter().any(|m| matches!(m, Modifier::NegateBattleVictimsInGy)))
            })
    }

    /// Counters of `kind` on a card (MISC-2).
    pub fn counters_on(&self, id: CardId, kind: crate::effect::Counter) -> u16 {
        self.counters(id).find(|&(k, _)| k == kind).map_or(0, |(_, n)| n)
    }

    /// "Until the End Phase": effects applied that long end as the End Phase begins.
    pub(crate) fn expire_at_end_phase(&mut self) {
        self.lingering.retain(|l| l.until != Duration::EndPhase);
    }

    /// Lingering effects end: at the end of the turn (`end_of_turn`), at the end of the
    /// Battle Phase (`end_of_battle`), when their source is gone.
    pub(crate) fn expire_lingering(&mut self, end_of_turn: bool, end_of_battle: bool) {
        let (turn, tp) = (self.turn, self.turn_player);
        let cards = &self.cards;
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
    }

    /// Lingering effects "until the chain has resolved" end (CHAIN-3).
    pub(crate) fn expire_chain_lingering(&mut self) {
        self.lingering.retain(|l| l.until != Duration::EndOfChain);
    }

    /// BATTLE-4: effects applied "during this damage calculation only" end with the Damage
    /// Step.
    pub(crate) fn expire_damage_step(&mut self) {
        self.lingering.retain(|l| l.until != Duration::EndOfDamageStep);
    }
}
