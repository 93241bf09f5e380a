//! Activations and chains: legality (timing, spell speed, conditions, payable costs,
//! targets), costs paid first (EFF-5), targets bound at activation and rechecked at
//! resolution (EFF-6), response windows and reverse resolution (CHAIN-2, CHAIN-3),
//! negation (CHAIN-4), continuous cards removed mid-chain (CHAIN-5).

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::card::{Kind, SpellKind, TrapKind};
use crate::effect::{Condition, Cost, EffectDecl, EffectKind, Filter, Limit, Place, Range, SpellSpeed, Who};
use crate::engine::{limits, Flow, Prompt, SelectPurpose, Task, Window, WindowKind};
use crate::event::{Event, Reason};
use crate::resolve::Resolution;
use crate::state::{CardId, Dest, Duel};
use crate::trigger::Pending;
use crate::types::{BattleStep, DamageStep, Player, Position, Zone};

/// One link of the chain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChainLink {
    pub card: CardId,
    pub effect: u8,
    pub controller: Player,
    pub speed: SpellSpeed,
    /// Targets with the move count they had when chosen.
    pub targets: SmallVec<[(CardId, u32); 2]>,
    /// The card's move count after activation: a change means it left the field.
    pub card_moves: u32,
    /// Where the card was when the effect was activated.
    pub from: Zone,
    pub activation_negated: bool,
    pub effect_negated: bool,
    /// The other card of the triggering event.
    pub event_card: Option<CardId>,
    /// A number fixed on activation (e.g. the ATK of a card sent as cost).
    pub cost_value: i32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActivateStage {
    Costs(u8),
    Targets,
    /// The second group of targets (`EffectDecl::also_target`).
    AlsoTargets,
    Link,
}

/// The activation of one effect, step by step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActivateTask {
    pub card: CardId,
    pub effect: u8,
    pub player: Player,
    pub stage: ActivateStage,
    pub targets: SmallVec<[(CardId, u32); 2]>,
    /// Open a response window after the link (not for triggers put on a chain together).
    pub window: bool,
    pub event_card: Option<CardId>,
    pub from: Zone,
    pub cost_value: i32,
    /// The highest Level among the cards paid as cost (`Filter::LevelBelowCost`).
    #[serde(default)]
    pub cost_level: u8,
}

impl Duel {
    pub(crate) fn effect_decl(&self, card: CardId, effect: u8) -> Option<&EffectDecl> {
        self.pool.def(self.card(card).def).behavior.effects.get(effect as usize)
    }

    /// The monster attacking in the current battle, if any.
    pub fn current_attacker(&self) -> Option<CardId> {
        self.current_attack().map(|a| a.attacker)
    }

    pub fn chain_len(&self) -> usize {
        self.chain.len()
    }
    /// The cards of the chain's links, link 1 first.
    pub fn chain_cards(&self) -> Vec<CardId> {
        self.chain.iter().map(|l| l.card).collect()
    }

    /// Does `id` match `f`, for an effect of `source` controlled by `p`?
    pub(crate) fn filter_matches(&self, f: &Filter, id: CardId, p: Player, source: CardId) -> bool {
        let c = self.card(id);
        let d = self.data(id);
        // A trap monster (TRAP-5) is a monster while it is in a Monster Zone.
        let as_monster = (d.is_monster() && !c.zone.on_field()) || c.zone == Zone::Monster;
        match f {
            Filter::Any => true,
            Filter::Monster => as_monster || (c.zone == Zone::Monster),
            // SPELL-8, ZONE-4: a Pendulum card in a Pendulum Zone is a Spell Card.
            Filter::Spell => (d.is_spell() && c.zone != Zone::Monster) || self.is_pendulum_spell(id),
            // TRAP-5: a trap monster is a trap too.
            Filter::Trap => d.is_trap(),
            Filter::SpellTrap => matches!(c.zone, Zone::SpellTrap | Zone::Field | Zone::Pendulum) || !d.is_monster(),
            Filter::FaceUp => c.face_up(),
            Filter::FaceDown => !c.face_up(),
            Filter::AttackPos => c.zone == Zone::Monster && c.position.attack(),
            Filter::DefensePos => c.zone == Zone::Monster && !c.position.attack(),
            Filter::YouControl => c.controller == p,
            Filter::OppControls => c.controller != p,
            Filter::NotSelf => id != source,
            Filter::Race(r) => as_monster && d.race == Some(*r) && (c.face_up() || !c.zone.on_field() || c.zone == Zone::Hand),
            Filter::Attribute(a) => as_monster && d.attribute == Some(*a) && (c.face_up() || !c.zone.on_field()),
            Filter::EffectMonster => as_monster && self.is_effect_monster(id),
            Filter::FlipMonster => as_monster && d.has(crate::card::type_bits::FLIP),
            Filter::NormalMonster => as_monster && d.has(crate::card::type_bits::NORMAL),
            Filter::PendulumMonster => as_monster && d.has(crate::card::type_bits::PENDULUM),
            Filter::Named(code) => d.id == *code || d.alias == *code,
            Filter::NameHas(s) => d.name.contains(s.as_str()),
            Filter::AtkAtMost(n) => as_monster && self.stat_atk(id) <= *n,
            Filter::AtkAtLeast(n) => as_monster && self.stat_atk(id) >= *n,
            Filter::DefAtMost(n) => as_monster && self.stat_def(id) <= *n,
            Filter::LevelAtMost(n) => as_monster && d.level <= *n && !d.is_extra_deck_link(),
            Filter::LevelAtLeast(n) => as_monster && d.level >= *n,
            Filter::CanSpecialSummon => self.can_be_special_summoned(id),
            // The cap is the cost's: applied where the cost is known (`cost_capped`).
            Filter::AtkAtMostCost => as_monster,
            // The cap is the cost's: applied where the cost is known (as above).
            Filter::LevelBelowCost => as_monster,
            Filter::Attacker => c.zone == Zone::Monster && self.current_attacker() == Some(id),
            Filter::PointedTo => self.points_to(source, id),
            Filter::AtkAtMostLp(w) => as_monster && self.who(*w, p).iter().all(|&q| self.stat_atk(id) <= self.lp(q)),
            // At resolution the summon is no longer the latest happening: the bound target
            // stays "that monster" (EFF-6 rechecks the rest of the filter).
            Filter::JustSummoned => {
                self.resolving
                    || self.recent.iter().any(
                        |e| matches!(e, Event::NormalSummoned { card, .. } | Event::FlipSummoned { card } | Event::SpecialSummoned { card } if *card == id),
                    )
            }
            Filter::And(v) => v.iter().all(|f| self.filter_matches(f, id, p, source)),
            Filter::Or(v) => v.iter().any(|f| self.filter_matches(f, id, p, source)),
            Filter::Not(f) => !self.filter_matches(f, id, p, source),
        }
    }

    /// A Pendulum monster card placed as a Pendulum Scale: a Spell Card on the field
    /// (SPELL-8, ZONE-4), in the Pendulum Zones of Master Rule 3 or the outer Spell & Trap
    /// Zones from Master Rule 4.
    pub(crate) fn is_pendulum_spell(&self, id: CardId) -> bool {
        let c = self.card(id);
        matches!(c.zone, Zone::Pendulum | Zone::SpellTrap) && self.data(id).is_monster() && self.data(id).has(crate::card::type_bits::PENDULUM)
    }

    fn stat_atk(&self, id: CardId) -> i32 {
        if self.card(id).zone == Zone::Monster {
            self.current_atk(id)
        } else {
            self.data(id).atk.unwrap_or(0)
        }
    }
    fn stat_def(&self, id: CardId) -> i32 {
        if self.card(id).zone == Zone::Monster {
            self.current_def(id)
        } else {
            self.data(id).def.unwrap_or(0)
        }
    }

    /// SUM-7 and "cannot be Special Summoned": may this card be Special Summoned by an
    /// effect now (ignoring zones)?
    pub(crate) fn can_be_special_summoned(&self, id: CardId) -> bool {
        let c = self.card(id);
        let d = self.data(id);
        // TRAP-5: a trap with monster stats summons itself from its S/T zone.
        if d.is_trap() {
            return c.zone == Zone::SpellTrap && d.level > 0;
        }
        if !d.is_monster() || self.pool.def(c.def).behavior.no_special_summon {
            return false;
        }
        // SUM-7: Ritual monsters too must first be properly summoned.
        let needs_proper = self.pool.def(c.def).behavior.no_normal_summon || d.is_extra_deck() || d.kind == Kind::Monster(crate::card::MonsterFrame::Ritual);
        match c.zone {
            Zone::Gy | Zone::Banished => !needs_proper || c.properly_summoned,
            Zone::Gone => d.is_token(),
            Zone::Hand | Zone::Deck => !needs_proper,
            _ => false,
        }
    }

    /// Cards on the field (monster, S/T, Field and Pendulum zones), the turn player's first.
    pub(crate) fn field_cards(&self) -> SmallVec<[CardId; 16]> {
        self.cards_in(Place::Field(Who::Both), self.turn_player)
    }

    /// Legal targets of an effect (EFF-6): in the place, matching, not the card itself,
    /// and not protected from targeting.
    pub(crate) fn target_candidates(&self, e: &EffectDecl, p: Player, source: CardId) -> Vec<CardId> {
        let Some(t) = &e.target else { return Vec::new() };
        self.spec_candidates(t, p, source)
    }

    /// Are there at least `need` legal targets? (Counts without collecting them.)
    fn has_target_candidates(&self, e: &EffectDecl, p: Player, source: CardId, need: usize) -> bool {
        let Some(t) = &e.target else { return true };
        self.cards_in(t.place, p).into_iter().filter(|&c| self.targetable(c, source) && self.filter_matches(&t.filter, c, p, source)).take(need).count() >= need
    }

    /// Legal targets of one target group.
    fn spec_candidates(&self, t: &crate::effect::TargetSpec, p: Player, source: CardId) -> Vec<CardId> {
        self.cards_in(t.place, p).into_iter().filter(|&c| self.targetable(c, source) && self.filter_matches(&t.filter, c, p, source)).collect()
    }

    /// May an effect of `source` target `c` at all (EFF-6)? Not a card
    /// protected from targeting, not a monster whose destruction by battle is confirmed
    /// (BATTLE-8).
    /// A spell or trap being activated never targets itself; a monster effect may target its
    /// own monster where its text allows ("target 1 monster on the field").
    pub(crate) fn targetable(&self, c: CardId, source: CardId) -> bool {
        let own_monster = c == source && self.card(c).zone == Zone::Monster;
        (c != source || own_monster) && !(self.card(c).zone.on_field() && self.untargetable(c)) && !self.destroyed_by_battle(c)
    }

    /// A monster destroyed by the current battle, waiting to be sent to the GY at the end of
    /// the Damage Step (BATTLE-4).
    pub(crate) fn destroyed_by_battle(&self, c: CardId) -> bool {
        self.current_attack().is_some_and(|a| a.destroyed.contains(&c))
    }

    pub(crate) fn targets_exist(&self, e: &EffectDecl, p: Player, source: CardId) -> bool {
        e.target.as_ref().is_none_or(|t| self.has_target_candidates(e, p, source, t.min.max(1) as usize))
            && e.also_target.as_ref().is_none_or(|t| self.spec_candidates(t, p, source).len() >= t.min.max(1) as usize)
    }

    fn hand_candidates(&self, p: Player, source: CardId, f: &Filter) -> Vec<CardId> {
        self.player(p).hand.iter().copied().filter(|&c| c != source && self.filter_matches(f, c, p, source)).collect()
    }

    pub(crate) fn cost_candidates(&self, cost: &Cost, p: Player, source: CardId) -> Vec<CardId> {
        match cost {
            Cost::Discard { filter, .. } => {
                let mut v = self.hand_candidates(p, source, filter);
                // A target "with ATK at most the cost card's" needs a cost card that leaves one.
                let effects = &self.pool.def(self.card(source).def).behavior.effects;
                if let Some(spec) = effects.iter().filter(|e| e.costs.contains(cost)).find_map(|e| e.target.as_ref().filter(|t| t.filter.mentions_cost_cap())) {
                    let atks: Vec<i32> = self
                        .cards_in(spec.place, p)
                        .into_iter()
                        .filter(|&t| self.targetable(t, source) && self.filter_matches(&spec.filter, t, p, source))
                        .map(|t| self.stat_atk(t))
                        .collect();
                    v.retain(|&c| atks.iter().any(|&t| t <= self.stat_atk(c)));
                }
                // A target "with a Level lower than the cost card's" likewise.
                if let Some(spec) = effects.iter().filter(|e| e.costs.contains(cost)).find_map(|e| e.target.as_ref().filter(|t| t.filter.mentions_level_cap()))
                {
                    let levels: Vec<u8> = self.spec_candidates(spec, p, source).into_iter().map(|t| self.data(t).level).collect();
                    v.retain(|&c| levels.iter().any(|&l| l < self.data(c).level));
                }
                v
            }
            // "Tribute 1 monster" may tribute the card itself (`Filter::NotSelf` for "other").
            Cost::Tribute { filter, .. } => self.player(p).monster_ids().filter(|&c| self.filter_matches(filter, c, p, source)).collect(),
            Cost::BanishFromGy { filter, .. } => self.player(p).gy.iter().copied().filter(|&c| self.filter_matches(filter, c, p, source)).collect(),
            Cost::DetachMaterial(_) => self.card(source).materials.to_vec(),
            _ => Vec::new(),
        }
    }

    pub(crate) fn costs_payable(&self, e: &EffectDecl, p: Player, card: CardId) -> bool {
        let c = self.card(card);
        e.costs.iter().all(|cost| match cost {
            Cost::PayLp(n) => self.lp(p) >= *n,
            Cost::PayHalfLp => true,
            Cost::DiscardSelf => c.zone == Zone::Hand,
            Cost::RemoveCounters { kind, count } => self.counters_on(card, *kind) >= *count as u16,
            Cost::SendSelfToGy => c.zone.on_field() && c.face_up(),
            Cost::BanishAllOther(places) => places.iter().any(|&pl| self.cards_in(pl, p).iter().any(|&x| x != card)),
            Cost::DetachMaterial(n) => c.zone == Zone::Monster && c.materials.len() >= *n as usize,
            Cost::Discard { count, .. } | Cost::Tribute { count, .. } | Cost::BanishFromGy { count, .. } => {
                self.cost_candidates(cost, p, card).len() >= *count as usize
            }
        })
    }

    /// "You cannot activate cards, or the effects of cards, with that name" (e.g. after
    /// "Sangan"): a lingering rule on player `p`.
    pub(crate) fn name_locked(&self, p: Player, card: CardId) -> bool {
        let code = self.card(card).code;
        self.lingering.iter().any(|l| l.controller == p && l.modifier == crate::effect::Modifier::NoActivationsOfName(code))
    }

    /// Once-per-turn / once-per-duel limits (keys: card instance or passcode).
    pub(crate) fn limit_ok(&self, card: CardId, effect: u8) -> bool {
        match self.effect_decl(card, effect).map_or(Limit::None, |e| e.limit) {
            Limit::None => true,
            Limit::PerCardPerTurn => !self.used.iter().any(|&(k, e, t)| k == card.0 as u32 | 0x8000_0000 && e == effect && t == self.turn),
            Limit::PerNamePerTurn => !self.used.iter().any(|&(k, e, t)| k == self.name_key(card) && e == effect && t == self.turn),
            Limit::PerNamePerDuel => !self.used.iter().any(|&(k, e, _)| k == self.name_key(card) && e == effect),
        }
    }

    /// "Once per turn by name" counts each player's uses separately: the card's name and
    /// the player who uses it (its controller).
    fn name_key(&self, card: CardId) -> u32 {
        (self.card(card).code & 0x3fff_ffff) | ((self.card(card).controller.idx() as u32) << 30)
    }

    fn record_use(&mut self, card: CardId, effect: u8) {
        let key = match self.effect_decl(card, effect).map_or(Limit::None, |e| e.limit) {
            Limit::None => return,
            Limit::PerCardPerTurn => card.0 as u32 | 0x8000_0000,
            Limit::PerNamePerTurn | Limit::PerNamePerDuel => self.name_key(card),
        };
        self.used.push((key, effect, self.turn));
    }

    /// Can `p` activate effect `effect` of `card` in window `w` now? A pure function of
    /// the state (STYLE 14): timing, zone, spell speed, condition, costs, targets.
    pub(crate) fn can_activate(&self, p: Player, card: CardId, effect: u8, w: &Window) -> bool {
        let Some(e) = self.effect_decl(card, effect) else { return false };
        let c = self.card(card);
        if c.controller != p || e.kind.is_triggered() || e.kind == EffectKind::Continuous || self.name_locked(p, card) {
            return false;
        }
        let my_turn = p == self.turn_player;
        let set_earlier = !c.face_up() && c.zone == Zone::SpellTrap && c.entered_turn < self.turn;
        let from_hand = c.zone == Zone::Hand;
        // Card kind and place (SPELL-1, SPELL-6, TRAP-1, ZONE-9).
        let placed_ok = match e.kind {
            EffectKind::Spell(SpellKind::QuickPlay) => (from_hand && my_turn) || set_earlier,
            EffectKind::Spell(SpellKind::Field) => (from_hand || (c.zone == Zone::Field && !c.face_up())) && my_turn,
            EffectKind::Spell(_) => (from_hand || (c.zone == Zone::SpellTrap && !c.face_up())) && my_turn,
            EffectKind::Trap(_) => (set_earlier || (c.zone == Zone::SpellTrap && c.face_up() && c.active && effect > 0)) && !self.traps_locked(),
            EffectKind::Quick | EffectKind::Ignition => match e.range {
                Range::Hand => from_hand,
                Range::Gy => c.zone == Zone::Gy,
                Range::Field => c.zone.on_field() && c.face_up() && (c.zone == Zone::Monster || c.active),
                Range::Anywhere => true,
            },
            _ => false,
        };
        // Continuous spells/traps already face-up: their other effects (effect > 0) are used
        // like ignition/quick effects, never the activation again.
        let reactivation = e.kind.is_card_activation() && c.face_up() && c.zone.on_field();
        if !placed_ok || (reactivation && effect == 0) || self.pendulum_battle_locked(p, card, effect) {
            return false;
        }
        let is_spell_trap = e.kind.is_card_activation();
        if from_hand && is_spell_trap && !matches!(e.kind, EffectKind::Spell(SpellKind::Field)) && self.free_spell_zones(p).is_empty() {
            return false;
        }
        // Timing: SS1 only in the own Main Phase with an empty chain (SPELL-1, EFF-1).
        let speed = e.spell_speed();
        match self.chain.last() {
            None => {
                // A card whose own condition names the current phase ("only during your
                // Standby Phase") overrides the Main-Phase-only timing (EFF-13).
                let phase_ok = self.phase.is_main() || condition_names_phase(&e.condition, self.phase);
                if speed == SpellSpeed::One && !(my_turn && w.kind == WindowKind::Phase(self.phase) && phase_ok) {
                    return false;
                }
            }
            Some(l) => {
                if speed == SpellSpeed::One || speed < l.speed || self.chain.len() >= limits::CHAIN_LINKS {
                    return false;
                }
            }
        }
        // EFF-10: in the Damage Step only counter traps and cards made for it.
        if matches!(self.step, Some(BattleStep::Damage(_))) && speed != SpellSpeed::Three && !e.damage_step {
            return false;
        }
        // SUM-3: in a summon-negation window only summon negation responds.
        if w.kind == WindowKind::SummonNegation && !self.condition_mentions_summon_pending(&e.condition) {
            return false;
        }
        self.limit_ok(card, effect)
            && self.condition_holds(&e.condition, p, card)
            && self.costs_payable(e, p, card)
            && self.targets_exist(e, p, card)
            && e.ops
                .iter()
                // Steps after a branch or an "if you do" may never run: only the steps
                // before one must be possible.
                .take_while(|op| {
                    !matches!(
                        op,
                        crate::effect::Op::Skip(_)
                            | crate::effect::Op::SkipUnlessDid(_)
                            | crate::effect::Op::CallCoinToss
                            | crate::effect::Op::IfDid
                            | crate::effect::Op::MayContinue
                    )
                })
                .all(|op| self.op_possible(op, p, card))
    }

    fn condition_mentions_summon_pending(&self, c: &Condition) -> bool {
        match c {
            Condition::SummonPending => true,
            Condition::Any(v) | Condition::All(v) => v.iter().any(|c| self.condition_mentions_summon_pending(c)),
            _ => false,
        }
    }

    /// Conditions of activation and of continuous effects (STYLE 14: pure).
    pub(crate) fn condition_holds(&self, c: &Condition, p: Player, source: CardId) -> bool {
        match c {
            Condition::Always => true,
            Condition::OpponentAttacksInDamageCalculation => {
                self.step == Some(BattleStep::Damage(DamageStep::DuringCalculation)) && self.current_attacker().is_some_and(|a| self.card(a).controller != p)
            }
            Condition::OpponentAttackDeclared => self.recent.iter().any(
                |e| matches!(e, Event::AttackDeclared { attacker, .. } if self.card(*attacker).controller != p && self.current_attacker() == Some(*attacker)),
            ),
            Condition::ChainTopActivates(f) => self.chain.last().is_some_and(|l| {
                // SPELL-8: placing a Pendulum Scale is the activation of a Spell Card.
                if l.effect == crate::extra::PENDULUM_SCALE {
                    return !l.activation_negated && self.scale_activation_matches(f, l.card, p, source);
                }
                !l.activation_negated
                    && self.effect_decl(l.card, l.effect).is_some_and(|e| e.kind.is_card_activation())
                    && self.filter_matches(f, l.card, p, source)
            }),
            Condition::ChainTopIs(f) => self.chain.last().is_some_and(|l| !l.activation_negated && self.filter_matches(f, l.card, p, source)),
            Condition::OpponentSummoned { normal, flip, special, filter } => self.recent.iter().any(|e| {
                let (card, ok) = match e {
                    Event::NormalSummoned { card, .. } => (*card, *normal),
                    Event::FlipSummoned { card } => (*card, *flip),
                    Event::SpecialSummoned { card } => (*card, *special),
                    _ => return false,
                };
                ok && self.card(card).controller != p && self.card(card).zone == Zone::Monster && self.filter_matches(filter, card, p, source)
            }),
            Condition::AnySummoned => {
                self.recent.iter().any(|e| matches!(e, Event::NormalSummoned { .. } | Event::FlipSummoned { .. } | Event::SpecialSummoned { .. }))
            }
            Condition::SummonPending => self.summon_pending.is_some() && self.chain.is_empty(),
            Condition::Exists { place, filter, count } => {
                self.cards_in(*place, p).into_iter().filter(|&c| c != source && self.filter_matches(filter, c, p, source)).count() >= *count as usize
            }
            Condition::NoneIn { place, filter } => !self.cards_in(*place, p).into_iter().any(|c| c != source && self.filter_matches(filter, c, p, source)),
            Condition::NotSummonedThisTurn => self.player_fx[p.idx()].summoned_turn != self.turn,
            Condition::FreeMonsterZones(n) => self.free_main_monster_zones(p).len() >= *n as usize,
            Condition::SummonedOrFlippedThisTurn => {
                let c = self.card(source);
                c.zone == Zone::Monster
                    && c.face_up()
                    && ((c.entered_turn == self.turn && matches!(c.summon, crate::types::SummonKind::Normal | crate::types::SummonKind::Tribute))
                        || c.flipped_turn == self.turn)
            }
            Condition::YourTurn => self.turn_player == p,
            Condition::OpponentsTurn => self.turn_player != p,
            Condition::InPhase(ph) => self.phase == *ph,
            Condition::InBattlePhase => self.phase == crate::types::Phase::Battle,
            Condition::LpBehindBy(n) => self.lp(p.opp()) - self.lp(p) >= *n,
            Condition::ResolvedThisTurn(effect) => self.resolved_this_turn.contains(&(source, *effect)),
            Condition::All(v) => v.iter().all(|c| self.condition_holds(c, p, source)),
            Condition::Any(v) => v.iter().any(|c| self.condition_holds(c, p, source)),
            Condition::Custom(i) => crate::custom::condition(self, self.card(source).code, *i, p, source),
        }
    }

    /// Conditions of continuous effects (no window involved).
    pub(crate) fn static_condition(&self, c: &Condition, p: Player, source: CardId) -> bool {
        matches!(c, Condition::Always) || self.condition_holds(c, p, source)
    }

    /// Whether an operation could do anything (cards that "cannot be activated" without a
    /// legal object, e.g. "Dark Hole" with no monsters).
    fn op_possible(&self, op: &crate::effect::Op, p: Player, source: CardId) -> bool {
        use crate::effect::{Obj, Op};
        let skip_self = self.card(source).zone != Zone::Monster;
        let any_in =
            |place: &Place, f: &Filter| self.cards_in(*place, p).into_iter().any(|c| !(skip_self && c == source) && self.filter_matches(f, c, p, source));
        match op {
            Op::Destroy(Obj::All(place, f)) | Op::ToHand(Obj::All(place, f)) | Op::ChangePosition { what: Obj::All(place, f), .. } => any_in(place, f),
            Op::Choose { place, filter, min, .. } if *min > 0 => any_in(place, filter),
            Op::Draw { who, count } => self.who(*who, p).iter().all(|&q| self.player(q).deck.len() >= *count as usize),
            Op::Extra(x) => self.extra_op_possible(x, p, source),
            Op::SummonTokens { .. } => !self.free_main_monster_zones(p).is_empty() && self.player_fx[p.idx()].no_summon_turn != self.turn,
            _ => true,
        }
    }

    /// Activation, step 1: the card goes face-up to its zone (CHAIN-8).
    pub(crate) fn begin_activation(&mut self, p: Player, card: CardId, effect: u8) {
        let c = self.card(card);
        let from = c.zone;
        let is_card = self.effect_decl(card, effect).is_some_and(|e| e.kind.is_card_activation());
        let field_spell = matches!(self.data(card).kind, Kind::Spell(SpellKind::Field));
        if c.zone == Zone::Hand && is_card {
            let dest = if field_spell {
                self.replace_own_field_spell(p);
                Dest { player: p, zone: Zone::Field, slot: Some(0), position: Position::FaceUpAttack }
            } else {
                let z = self.free_spell_zones(p).first().copied().unwrap_or(0);
                Dest { player: p, zone: Zone::SpellTrap, slot: Some(z), position: Position::FaceUpAttack }
            };
            self.move_card(card, dest, Reason::Activate);
        } else if is_card && !c.face_up() {
            self.cards[card.0 as usize].position = Position::FaceUpAttack;
        }
        self.record_use(card, effect);
        self.tasks.push(Task::Activate(ActivateTask {
            card,
            effect,
            player: p,
            stage: ActivateStage::Costs(0),
            targets: SmallVec::new(),
            window: true,
            event_card: None,
            from,
            cost_value: 0,
            cost_level: 0,
        }));
    }

    /// ZONE-5: placing a new Field Spell removes your previous one: destroyed by rule up to
    /// Master Rule 2, sent to the GY (not destroyed) from Master Rule 3.
    pub(crate) fn replace_own_field_spell(&mut self, p: Player) {
        if let Some(old) = self.player(p).field {
            let reason = if self.edition.one_field_spell_in_total() { Reason::RuleDestroy } else { Reason::Rule };
            self.send_to_gy(old, reason);
        }
    }

    /// ZONE-5 up to Master Rule 2: when a Field Spell's activation resolves, the
    /// opponent's face-up Field Spell is destroyed by rule.
    pub(crate) fn field_spell_resolved(&mut self, card: CardId) {
        if !self.edition.one_field_spell_in_total() || self.card(card).zone != Zone::Field {
            return;
        }
        let opp = self.card(card).controller.opp();
        if let Some(other) = self.player(opp).field {
            if self.card(other).face_up() {
                self.send_to_gy(other, Reason::RuleDestroy);
            }
        }
    }

    /// A triggered effect goes on the chain (no response window until all are on it).
    pub(crate) fn start_trigger_activation(&mut self, t: &Pending) {
        self.record_use(t.card, t.effect);
        let from = self.card(t.card).zone;
        self.tasks.push(Task::Activate(ActivateTask {
            card: t.card,
            effect: t.effect,
            player: t.player,
            stage: ActivateStage::Costs(0),
            targets: SmallVec::new(),
            window: false,
            event_card: t.event_card,
            from,
            cost_value: 0,
            cost_level: 0,
        }));
    }

    fn pay_cost(&mut self, a: &mut ActivateTask, cost: &Cost) -> Option<Flow> {
        match cost {
            Cost::PayLp(n) => self.change_lp(a.player, -n),
            Cost::PayHalfLp => self.change_lp(a.player, -(self.lp(a.player) / 2)),
            Cost::DiscardSelf => self.send_to_gy(a.card, Reason::Discard),
            Cost::SendSelfToGy => self.send_to_gy(a.card, Reason::Cost),
            Cost::RemoveCounters { kind, count } => self.add_counters(a.card, *kind, -(*count as i32)),
            Cost::BanishAllOther(places) => {
                let all: Vec<CardId> = places.iter().flat_map(|&pl| self.cards_in(pl, a.player)).filter(|&c| c != a.card).collect();
                for c in all {
                    self.banish(c, false, Reason::Cost);
                }
            }
            Cost::Discard { count, .. } | Cost::Tribute { count, .. } | Cost::BanishFromGy { count, .. } | Cost::DetachMaterial(count) => {
                if self.take_answer().is_some() {
                    if let Prompt::Select { picked, .. } = std::mem::replace(&mut self.prompt, Prompt::Over) {
                        for id in picked {
                            a.cost_value = a.cost_value.max(self.stat_atk(id));
                            a.cost_level = a.cost_level.max(self.data(id).level);
                            match cost {
                                Cost::Discard { .. } => self.send_to_gy(id, Reason::Discard),
                                Cost::Tribute { .. } => self.send_to_gy(id, Reason::Tribute),
                                // ZONE-10, SUM-11: the player picks which materials to detach.
                                Cost::DetachMaterial(_) => self.detach_material(id),
                                _ => self.banish(id, false, Reason::Cost),
                            }
                        }
                    }
                } else {
                    let candidates = self.cost_candidates(cost, a.player, a.card);
                    return Some(Flow::Ask(Prompt::Select {
                        player: a.player,
                        purpose: SelectPurpose::Cost,
                        candidates,
                        min: *count,
                        max: *count,
                        picked: Vec::new(),
                    }));
                }
            }
        }
        None
    }

    pub(crate) fn step_activate(&mut self, mut a: ActivateTask) -> Flow {
        // The declaration lives in the shared pool: hold the pool, not a copy of the effect.
        let pool = self.pool.clone();
        let Some(e) = pool.def(self.card(a.card).def).behavior.effects.get(a.effect as usize) else { return Flow::Continue };
        match a.stage {
            ActivateStage::Costs(i) => {
                let Some(cost) = e.costs.get(i as usize) else {
                    a.stage = ActivateStage::Targets;
                    self.tasks.push(Task::Activate(a));
                    return Flow::Continue;
                };
                if let Some(ask) = self.pay_cost(&mut a, cost) {
                    self.tasks.push(Task::Activate(a));
                    return ask;
                }
                a.stage = ActivateStage::Costs(i + 1);
                self.tasks.push(Task::Activate(a));
                Flow::Continue
            }
            ActivateStage::Targets => {
                if let Some(t) = &e.target {
                    if self.take_answer().is_some() {
                        if let Prompt::Select { picked, .. } = std::mem::replace(&mut self.prompt, Prompt::Over) {
                            a.targets = picked.into_iter().map(|id| (id, self.card(id).moves)).collect();
                        }
                        if e.also_target.is_some() {
                            a.stage = ActivateStage::AlsoTargets;
                            self.tasks.push(Task::Activate(a));
                            return Flow::Continue;
                        }
                    } else {
                        let mut candidates = self.target_candidates(e, a.player, a.card);
                        if t.filter.mentions_level_cap() {
                            candidates.retain(|&c| self.data(c).level < a.cost_level);
                        }
                        if t.filter.mentions_cost_cap() {
                            candidates.retain(|&c| self.stat_atk(c) <= a.cost_value);
                        }
                        let (player, min, max) = (a.player, t.min.max(1), t.max.max(t.min).max(1));
                        let max = max.min(candidates.len() as u8);
                        self.tasks.push(Task::Activate(a));
                        return Flow::Ask(Prompt::Select { player, purpose: SelectPurpose::Target, candidates, min: min.min(max), max, picked: Vec::new() });
                    }
                }
                a.stage = ActivateStage::Link;
                self.tasks.push(Task::Activate(a));
                Flow::Continue
            }
            ActivateStage::AlsoTargets => {
                let Some(t) = &e.also_target else {
                    a.stage = ActivateStage::Link;
                    self.tasks.push(Task::Activate(a));
                    return Flow::Continue;
                };
                if self.take_answer().is_some() {
                    if let Prompt::Select { picked, .. } = std::mem::replace(&mut self.prompt, Prompt::Over) {
                        a.targets.extend(picked.into_iter().map(|id| (id, self.card(id).moves)));
                    }
                    a.stage = ActivateStage::Link;
                    self.tasks.push(Task::Activate(a));
                    return Flow::Continue;
                }
                let candidates: Vec<CardId> = self.spec_candidates(t, a.player, a.card).into_iter().filter(|c| !a.targets.iter().any(|x| x.0 == *c)).collect();
                let (player, min, max) = (a.player, t.min.max(1), t.max.max(t.min).max(1).min(candidates.len() as u8));
                self.tasks.push(Task::Activate(a));
                Flow::Ask(Prompt::Select { player, purpose: SelectPurpose::Target, candidates, min: min.min(max), max, picked: Vec::new() })
            }
            ActivateStage::Link => {
                if let Some(r) = e.restriction {
                    self.apply_player_effect(a.player, r);
                }
                let link = ChainLink {
                    card: a.card,
                    effect: a.effect,
                    controller: a.player,
                    speed: e.spell_speed(),
                    targets: a.targets,
                    card_moves: self.card(a.card).moves,
                    from: a.from,
                    activation_negated: false,
                    effect_negated: false,
                    event_card: a.event_card,
                    cost_value: a.cost_value,
                };
                self.chain.push(link);
                self.emit(Event::Activated { card: a.card, effect: a.effect, link: self.chain.len() as u8 });
                // CHAIN-3: the other player may respond.
                if a.window {
                    self.tasks.push(Task::Window(Window { kind: WindowKind::Chain, holder: a.player.opp(), passed: false, dest: None }));
                }
                Flow::Continue
            }
        }
    }

    /// CHAIN-3: resolve the last link; when the chain is empty, send the resolved
    /// one-shot spells and traps to the GY (CHAIN-8).
    pub(crate) fn step_resolve_chain(&mut self) -> Flow {
        let Some(link) = self.chain.pop() else {
            self.end_chain();
            return Flow::Continue;
        };
        let n = self.chain.len() as u8 + 1;
        self.new_timing();
        self.resolved.push(link.card);
        self.tasks.push(Task::ResolveChain);
        let Some(e) = self.effect_decl(link.card, link.effect) else { return Flow::Continue };
        if link.activation_negated {
            return Flow::Continue;
        }
        let persistent =
            matches!(e.kind, EffectKind::Spell(SpellKind::Continuous | SpellKind::Field | SpellKind::Equip) | EffectKind::Trap(TrapKind::Continuous));
        let on_field_card = matches!(link.from, Zone::SpellTrap | Zone::Field | Zone::Pendulum) || (e.kind.is_card_activation());
        let left = self.card(link.card).moves != link.card_moves;
        // CHAIN-5, SPELL-3, EFF-4: a continuous card (or an effect that needs its card) that
        // left the field does nothing.
        if left && ((persistent || (on_field_card && !e.kind.is_card_activation() && link.from != Zone::Monster)) || e.needs_card_on_field) {
            self.emit(Event::LinkResolved { card: link.card, link: n });
            return Flow::Continue;
        }
        let negated = link.effect_negated
            || self.trap_effect_negated(link.card)
            || (link.from == Zone::Monster && self.card(link.card).zone == Zone::Monster && self.monster_effects_negated(link.card));
        if negated {
            self.emit(Event::EffectNegated { card: link.card, link: n });
            return Flow::Continue;
        }
        self.tasks.push(Task::Resolve(Box::new(Resolution::new(link, n, self.happenings))));
        Flow::Continue
    }

    fn end_chain(&mut self) {
        self.emit(Event::ChainEnded);
        for card in std::mem::take(&mut self.resolved) {
            let c = self.card(card);
            let one_shot = matches!(
                self.data(card).kind,
                Kind::Spell(SpellKind::Normal | SpellKind::QuickPlay | SpellKind::Ritual) | Kind::Trap(TrapKind::Normal | TrapKind::Counter)
            );
            // An Equip spell that did not equip goes to the GY too (SPELL-4).
            let lost_equip = matches!(self.data(card).kind, Kind::Spell(SpellKind::Equip)) && c.equip_to.is_none();
            if (one_shot || lost_equip) && matches!(c.zone, Zone::SpellTrap | Zone::Field) && c.face_up() && !self.stays_on_field(card) {
                self.send_to_gy(card, Reason::Resolve);
            }
        }
        self.check_equips();
    }

    /// One-shot cards that say they remain on the field (kept by a lingering effect).
    fn stays_on_field(&self, card: CardId) -> bool {
        self.lingering.iter().any(|l| l.source == card && l.until == crate::effect::Duration::WhileSourceOnField)
    }
}

/// Does the condition require being in phase `ph` (directly or as part of `All`)?
fn condition_names_phase(c: &Condition, ph: crate::types::Phase) -> bool {
    match c {
        Condition::InPhase(x) => *x == ph,
        Condition::All(v) => v.iter().any(|c| condition_names_phase(c, ph)),
        _ => false,
    }
}

impl crate::card::CardData {
    fn is_extra_deck_link(&self) -> bool {
        self.kind == Kind::Monster(crate::card::MonsterFrame::Link)
    }
}
