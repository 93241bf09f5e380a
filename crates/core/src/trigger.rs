//! Trigger effects: detected from each event as it is emitted, kept as [`Pending`], and put
//! on a chain at the next point where a player would get priority (EFF-7: turn player's
//! mandatory, opponent's mandatory, turn player's optional, opponent's optional; each
//! player orders their own). Triggers from a resolving chain wait for it to end (CHAIN-6).
//! Optional "when" triggers whose event is no longer the last thing that happened miss the
//! timing (EFF-8); a trigger whose card went to a hidden place cannot activate (EFF-9).

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::action::Action;
use crate::effect::{Cause, DamageTaken, EffectKind, Range, Subject, Trigger, Who};
use crate::engine::{Flow, Prompt, Task, Window, WindowKind};
use crate::event::{Event, Reason};
use crate::state::{CardId, Duel};
use crate::types::{BattleStep, DamageStep, Player, Zone};

/// A triggered effect waiting to be activated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub card: CardId,
    pub effect: u8,
    pub player: Player,
    /// The card's move count when it triggered (EFF-9).
    pub moves: u32,
    pub timing: u32,
    pub optional: bool,
    pub when: bool,
    /// The other card of the event (attacker, battled monster, summoned monster).
    pub event_card: Option<CardId>,
    /// The other cards of every event that started this trigger before it was activated
    /// (the first one included).
    #[serde(default)]
    pub event_cards: SmallVec<[CardId; 2]>,
    /// A FLIP effect of a monster flipped face-up by an attack: it waits until after
    /// damage calculation (BATTLE-4, BATTLE-8).
    #[serde(default)]
    pub after_damage_calculation: bool,
    /// The damage of the event that started it: the amount, and whether it was battle
    /// damage (`DamageTaken::Took`).
    #[serde(default)]
    pub damage: Option<(i32, bool)>,
}

/// Putting gathered triggers on the chain, one decision at a time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TriggerTask {
    pub queue: Vec<Pending>,
    /// At least one went on the chain: a response window opens after the last.
    pub any_activated: bool,
    /// The chain window these triggers interrupted (reopened if none activates).
    pub chain_window: Option<Window>,
}

impl Trigger {
    /// The kinds of events ([`crate::event::EventKinds`]) that can start this trigger: what
    /// `trigger_matches` reads for it (a superset is safe, a missing kind loses triggers).
    pub fn event_kinds(&self) -> u64 {
        use crate::effect::BattleMoment;
        use crate::event::EventKinds as K;
        match self {
            Trigger::Flipped => K::FLIPPED,
            Trigger::Summoned { .. } => K::NORMAL_SUMMONED | K::FLIP_SUMMONED | K::SPECIAL_SUMMONED,
            Trigger::SentToGy { .. }
            | Trigger::DestroyedByBattle
            | Trigger::Destroyed { .. }
            | Trigger::Moved { .. }
            | Trigger::ReturnedToHand(_)
            | Trigger::LeftField(_)
            | Trigger::AnyDiscarded(_) => K::MOVED,
            Trigger::Damage(DamageTaken::Battle { .. }) => K::BATTLE_DAMAGE,
            Trigger::Damage(DamageTaken::Effect { .. }) => K::EFFECT_DAMAGE,
            Trigger::Damage(DamageTaken::Took { .. }) => K::BATTLE_DAMAGE | K::EFFECT_DAMAGE,
            Trigger::Battle(m) => match m {
                BattleMoment::DestroysByBattle => K::DESTROYED,
                BattleMoment::DestroysByBattleToGy => K::MOVED,
                BattleMoment::AttackTargeted | BattleMoment::DeclaresAttack => K::ATTACK_DECLARED,
                BattleMoment::EndOfBattlePhase
                | BattleMoment::EndOfAnyDamageStep
                | BattleMoment::AfterDamageCalculation
                | BattleMoment::EndOfDamageStep
                | BattleMoment::StartOfDamageStep => K::STEP_ENTERED,
            },
            Trigger::Phase { .. } => K::PHASE_ENTERED,
            Trigger::AnySpecialSummoned(_) => K::SPECIAL_SUMMONED,
            Trigger::ChangedToDefense => K::POSITION_CHANGED,
            Trigger::Drew(_) => K::DREW,
            Trigger::Equipped(_) => K::EQUIPPED,
            Trigger::Activation(_) => K::ACTIVATED,
        }
    }

    /// Does the trigger start from events about other cards or the turn (so its card is
    /// indexed as a watcher)?
    fn watches_others(&self) -> bool {
        match self {
            Trigger::Phase { .. }
            | Trigger::Battle(crate::effect::BattleMoment::EndOfBattlePhase)
            | Trigger::Battle(crate::effect::BattleMoment::EndOfAnyDamageStep)
            | Trigger::AnySpecialSummoned(_)
            | Trigger::Summoned { of: Subject::Any(_), .. }
            | Trigger::LeftField(_)
            | Trigger::ReturnedToHand(Subject::Any(_))
            | Trigger::Damage(DamageTaken::Effect { .. })
            | Trigger::Damage(DamageTaken::Took { .. })
            | Trigger::Drew(_)
            | Trigger::AnyDiscarded(_)
            | Trigger::Activation(_)
            | Trigger::Damage(DamageTaken::Battle { of: Subject::Any(_), .. }) => true,
            Trigger::Flipped
            | Trigger::Summoned { of: Subject::This, .. }
            | Trigger::SentToGy { .. }
            | Trigger::DestroyedByBattle
            | Trigger::Destroyed { .. }
            | Trigger::ReturnedToHand(Subject::This)
            | Trigger::Damage(DamageTaken::Battle { of: Subject::This, .. })
            | Trigger::Battle(crate::effect::BattleMoment::DestroysByBattle)
            | Trigger::Battle(crate::effect::BattleMoment::DestroysByBattleToGy)
            | Trigger::Battle(crate::effect::BattleMoment::AttackTargeted)
            | Trigger::Battle(crate::effect::BattleMoment::AfterDamageCalculation)
            | Trigger::Battle(crate::effect::BattleMoment::EndOfDamageStep)
            | Trigger::ChangedToDefense
            | Trigger::Battle(crate::effect::BattleMoment::DeclaresAttack)
            | Trigger::Battle(crate::effect::BattleMoment::StartOfDamageStep)
            | Trigger::Equipped(_)
            | Trigger::Moved { .. } => false,
        }
    }
}

impl Duel {
    /// Cards whose triggers start from events about other cards or the turn.
    pub(crate) fn watchers(&self) -> Vec<CardId> {
        self.card_ids()
            .filter(|&c| self.pool.def(self.card(c).def).behavior.effects.iter().any(|e| e.trigger.as_ref().is_some_and(Trigger::watches_others)))
            .collect()
    }

    /// Called for every event: records the triggers it starts.
    pub(crate) fn detect_triggers(&mut self, e: &Event) {
        match e {
            Event::Moved { card, .. }
            | Event::Flipped { card }
            | Event::NormalSummoned { card, .. }
            | Event::FlipSummoned { card }
            | Event::SpecialSummoned { card } => {
                self.check_card_triggers(*card, e);
                // The monster that destroyed it by battle "sends it to the GY".
                if let (Event::Moved { reason: Reason::Battle, .. }, Some(k)) = (e, self.card(*card).killed_by) {
                    self.check_card_triggers(k, e);
                }
            }
            Event::BattleDamage { by, .. } => self.check_card_triggers(*by, e),
            Event::Equipped { to, .. } => self.check_card_triggers(*to, e),
            Event::PositionChanged { card, .. } => self.check_card_triggers(*card, e),
            Event::AttackDeclared { attacker, target } => {
                self.check_card_triggers(*attacker, e);
                if let Some(t) = target {
                    self.check_card_triggers(*t, e);
                }
            }
            Event::Destroyed { card, reason } => {
                // The other battler "destroyed a monster by battle".
                if let (Reason::Battle, Some(a)) = (reason, self.current_attack()) {
                    let killer = if Some(*card) == a.target { Some(a.attacker) } else { a.target };
                    if let Some(k) = killer {
                        let (negated, banished, to_deck) = self.battle_victim_fate(k, *card);
                        self.cards[k.0 as usize].battle_kill_turn = self.turn.into();
                        let victim = &mut self.cards[card.0 as usize];
                        victim.killed_by = Some(k);
                        victim.battle_negated = negated;
                        victim.battle_banished = banished;
                        victim.battle_to_deck = to_deck;
                        self.check_card_triggers(k, e);
                    }
                }
            }
            Event::StepEntered { step } => {
                // "After damage calculation" / "at the end of the Damage Step": the battlers.
                if let (BattleStep::Damage(_), Some(a)) = (step, self.current_attack()) {
                    let (attacker, target) = (a.attacker, a.target);
                    self.check_card_triggers(attacker, e);
                    if let Some(t) = target {
                        self.check_card_triggers(t, e);
                    }
                }
            }
            Event::TurnStarted { .. }
            | Event::PhaseEntered { .. }
            | Event::Shuffled { .. }
            | Event::MonstersShuffled { .. }
            | Event::Drew(_)
            | Event::MonsterSet { .. }
            | Event::SpellSet { .. }
            | Event::AttackStopped { .. }
            | Event::LpChanged { .. }
            | Event::Activated { .. }
            | Event::ActivationNegated { .. }
            | Event::EffectNegated { .. }
            | Event::LinkResolved { .. }
            | Event::ChainEnded
            | Event::DuelEnded { .. }
            | Event::SummonNegated { .. }
            | Event::AttackNegated { .. }
            | Event::ControlChanged { .. }
            | Event::Revealed { .. }
            | Event::Announced { .. }
            | Event::CoinTossed { .. }
            | Event::Counters { .. }
            | Event::PhaseSkipped { .. }
            | Event::EffectDamage { .. } => {}
        }
        let left_field = matches!(e, Event::Moved { from, to, .. } if from.zone.on_field() && !to.zone.on_field());
        let discarded = matches!(e, Event::Moved { reason: Reason::Discard, .. });
        let summoned = matches!(e, Event::NormalSummoned { .. } | Event::FlipSummoned { .. } | Event::SpecialSummoned { .. });
        let watched = matches!(
            e,
            Event::PhaseEntered { .. }
                | Event::StepEntered { .. }
                | Event::EffectDamage { .. }
                | Event::Drew(_)
                | Event::BattleDamage { .. }
                | Event::Activated { .. }
        );
        if (left_field || discarded || summoned || watched) && self.index.watched_kinds & e.kind_bit() != 0 {
            for i in 0..self.index.watchers.len() {
                let w = self.index.watchers[i];
                // A watcher where none of its triggers can start (a card in the Deck) is
                // not asked; the cards an event is about were asked above.
                let st = self.card(w);
                if self.pool.gates(st.def).watches_from(crate::activate::zone_bit(st.zone())) {
                    self.check_card_triggers(w, e);
                }
            }
        }
    }

    fn check_card_triggers(&mut self, card: CardId, e: &Event) {
        let def = self.card(card).def;
        let n = self.pool.def(def).behavior.effects.len();
        // The effects that may trigger, from the definition's gates (for up to 8 effects).
        let gated = self.pool.gates(def).triggers_on(n, e.kind_bit());
        if gated == Some(0) {
            return;
        }
        for i in 0..n {
            if gated.is_some_and(|b| b & (1 << i) == 0) {
                continue;
            }
            let eff = &self.pool.def(def).behavior.effects[i];
            let Some(t) = &eff.trigger else { continue };
            let (optional, when) = match eff.kind {
                EffectKind::Trigger { optional, when } => (optional, when),
                EffectKind::Flip => (false, false),
                EffectKind::Spell(_) | EffectKind::Trap(_) | EffectKind::Ignition | EffectKind::Quick | EffectKind::Continuous => continue,
            };
            let Some(event_card) = self.trigger_matches(t, eff.range, card, e) else { continue };
            let took = matches!(t, Trigger::Damage(DamageTaken::Took { .. }));
            self.push_pending(card, i as u8, optional, when, event_card);
            if let (true, Some(p)) = (took, self.pending.last_mut()) {
                p.damage = match e {
                    Event::BattleDamage { amount, .. } => Some((*amount, true)),
                    Event::EffectDamage { amount, .. } => Some((*amount, false)),
                    _ => None,
                };
            }
            // A card that has just left the field: the player who controlled it there
            // activates its trigger (not necessarily its owner).
            if let Event::Moved { card: x, from, .. } = e {
                if *x == card && from.zone.on_field() && !self.card(card).zone().on_field() {
                    if let Some(p) = self.pending.last_mut().filter(|p| p.card == card && p.effect == i as u8) {
                        p.player = from.player;
                    }
                }
            }
        }
    }

    fn push_pending(&mut self, card: CardId, effect: u8, optional: bool, when: bool, event_card: Option<CardId>) {
        let moves = self.card(card).moves;
        if let Some(p) = self.pending.iter_mut().find(|p| p.card == card && p.effect == effect && p.moves == moves) {
            // One trigger for the whole happening: it gathers the cards of each event.
            if let Some(x) = event_card.filter(|x| !p.event_cards.contains(x)) {
                p.event_cards.push(x);
            }
            return;
        }
        let c = self.card(card);
        // A card in a hand or Deck is its holder's (a card shuffled into the opponent's Deck).
        let player = if c.zone().on_field() || matches!(c.zone(), Zone::Hand | Zone::Deck) { c.controller() } else { c.owner() };
        // BATTLE-8: the attack target flipped face-up before damage calculation.
        let flipped_by_attack = self.effect_decl(card, effect).is_some_and(|e| e.kind == EffectKind::Flip)
            && self.current_attack().is_some_and(|a| a.target == Some(card))
            && self.before_damage_calculation_done();
        self.pending.push(Pending {
            card,
            effect,
            player,
            moves: c.moves,
            timing: self.timing,
            optional,
            when,
            event_card,
            event_cards: event_card.into_iter().collect(),
            after_damage_calculation: flipped_by_attack,
            damage: None,
        });
    }

    /// The monster `card` battles in the current battle, if any.
    fn battle_opponent(&self, card: CardId) -> Option<CardId> {
        self.current_attack().and_then(|a| if a.attacker == card { a.target } else { Some(a.attacker) })
    }

    /// Does event `e` start trigger `t` of `card`? Returns the event's other card.
    fn trigger_matches(&self, t: &Trigger, range: Range, card: CardId, e: &Event) -> Option<Option<CardId>> {
        let c = self.card(card);
        let on_field_face_up = c.zone() == Zone::Monster && c.face_up();
        let in_range = match range {
            Range::Field => c.zone().on_field() && c.face_up(),
            Range::Hand => c.zone() == Zone::Hand,
            Range::Gy => c.zone() == Zone::Gy,
            Range::PendulumZone => self.in_pendulum_zone(card),
            Range::Anywhere => true,
            Range::Banished => c.zone() == Zone::Banished && c.face_up(),
            Range::FaceDownMonster => c.zone() == Zone::Monster && !c.face_up(),
        };
        let cause_ok = |cause: Cause, reason: Reason| match cause {
            Cause::Any => true,
            Cause::Battle => reason == Reason::Battle,
            Cause::Effect => c.arrived.by.is_some() && !matches!(reason, Reason::Battle | Reason::Cost | Reason::Rule | Reason::Tribute),
            Cause::OpponentEffect => {
                c.arrived.by.is_some_and(|p| p != c.owner()) && !matches!(reason, Reason::Battle | Reason::Cost | Reason::Rule | Reason::Tribute)
            }
        };
        let other = |x: CardId| if x == card { None } else { Some(x) };
        match t {
            Trigger::Flipped => matches!(e, Event::Flipped { card: x } if *x == card && on_field_face_up).then_some(None),
            Trigger::Summoned { normal, flip, special, of: Subject::This } => {
                let hit = match e {
                    Event::NormalSummoned { card: x, .. } => *normal && *x == card,
                    Event::FlipSummoned { card: x } => *flip && *x == card,
                    // A monster Special Summoned face-down has no effects yet (POS-3).
                    Event::SpecialSummoned { card: x } => *special && *x == card && c.face_up(),
                    _ => false,
                };
                hit.then_some(Some(card))
            }
            Trigger::SentToGy { from, cause } => {
                let Event::Moved { card: x, from: f, to, reason, .. } = e else { return None };
                (*x == card && to.zone == Zone::Gy && (from.is_empty() || from.contains(&f.zone)) && cause_ok(*cause, *reason)).then_some(None)
            }
            Trigger::DestroyedByBattle => {
                let Event::Moved { card: x, to, reason, .. } = e else { return None };
                (*x == card && to.zone == Zone::Gy && *reason == Reason::Battle).then(|| self.card(card).killed_by)
            }
            Trigger::Destroyed { cause } => {
                let Event::Moved { card: x, to, reason, .. } = e else { return None };
                (*x == card && to.zone == Zone::Gy && reason.is_destroy() && cause_ok(*cause, *reason)).then_some(None)
            }
            Trigger::Moved { from, to, cause } => {
                let Event::Moved { card: x, from: f, to: t, reason, .. } = e else { return None };
                let drawn = *reason == Reason::Draw && !matches!(cause, Cause::Any);
                (*x == card && t.zone == *to && (from.is_empty() || from.contains(&f.zone)) && !drawn && cause_ok(*cause, *reason)).then_some(None)
            }
            Trigger::ReturnedToHand(Subject::This) => {
                let Event::Moved { card: x, from, to, .. } = e else { return None };
                (*x == card && to.zone == Zone::Hand && from.zone.on_field()).then_some(None)
            }
            Trigger::ReturnedToHand(Subject::Any(f)) => {
                let Event::Moved { card: x, from, to, .. } = e else { return None };
                let moved = self.card(*x);
                let hit = *x != card
                    && on_field_face_up
                    && to.zone == Zone::Hand
                    && from.zone.on_field()
                    && from.player == c.controller()
                    && moved.arrived.by.is_some_and(|b| b != c.controller())
                    && self.filter_matches(f, *x, c.controller(), card);
                hit.then_some(Some(*x))
            }
            Trigger::Damage(DamageTaken::Battle { direct, of: Subject::This }) => {
                let Event::BattleDamage { player, by, .. } = e else { return None };
                (*by == card && *player != c.controller() && (!direct || self.current_attack().is_some_and(|a| a.target.is_none())))
                    .then(|| self.battle_opponent(card))
            }
            Trigger::Battle(m) => self.battle_moment_matches(m, card, e, in_range),
            Trigger::Phase { phase, whose } => {
                let Event::PhaseEntered { phase: ph } = e else { return None };
                let turn_ok = match whose {
                    Who::You => self.turn_player == c.controller(),
                    Who::Opponent => self.turn_player != c.controller(),
                    Who::Both => true,
                };
                (phase == ph && in_range && turn_ok).then_some(None)
            }
            Trigger::AnySpecialSummoned(f) => {
                let Event::SpecialSummoned { card: x } = e else { return None };
                (in_range && self.filter_matches(f, *x, c.controller(), card)).then(|| other(*x))
            }
            Trigger::ChangedToDefense => {
                let Event::PositionChanged { card: x, from, to } = e else { return None };
                (*x == card && from.attack() && *to == crate::types::Position::FaceUpDefense && on_field_face_up).then_some(None)
            }
            Trigger::Summoned { normal, flip, special, of: Subject::Any(filter) } => {
                let (x, how) = match e {
                    Event::NormalSummoned { card, .. } => (*card, *normal),
                    Event::FlipSummoned { card } => (*card, *flip),
                    Event::SpecialSummoned { card } => (*card, *special),
                    _ => return None,
                };
                (how && in_range && self.filter_matches(filter, x, c.controller(), card)).then_some(Some(x))
            }
            Trigger::LeftField(f) => {
                let Event::Moved { card: x, from, to, .. } = e else { return None };
                (from.zone.on_field() && !to.zone.on_field() && (*x == card || in_range) && self.filter_matches(f, *x, c.controller(), card)).then(|| other(*x))
            }
            Trigger::Damage(DamageTaken::Effect { who, by }) => {
                let Event::EffectDamage { player, by: source, .. } = e else { return None };
                let whose = match who {
                    Who::You => *player == c.controller(),
                    Who::Opponent => *player != c.controller(),
                    Who::Both => true,
                };
                (in_range && whose && self.filter_matches(by, *source, c.controller(), card)).then_some(Some(*source))
            }
            Trigger::Damage(DamageTaken::Took { who, by }) => {
                let (Event::BattleDamage { player, by: source, .. } | Event::EffectDamage { player, by: source, .. }) = e else { return None };
                (in_range && self.who(*who, c.controller()).contains(player) && self.filter_matches(by, *source, c.controller(), card)).then_some(Some(*source))
            }
            Trigger::Drew(whose) => {
                let Event::Drew(draw) = e else { return None };
                (in_range && self.who(*whose, c.controller()).contains(&draw.player())).then_some(None)
            }
            Trigger::AnyDiscarded(f) => {
                let Event::Moved { card: x, from, to, reason: Reason::Discard, .. } = e else { return None };
                (in_range && from.zone == Zone::Hand && to.zone == Zone::Gy && self.filter_matches(f, *x, c.controller(), card)).then(|| other(*x))
            }
            Trigger::Equipped(f) => {
                let Event::Equipped { card: equip, to } = e else { return None };
                (*to == card && on_field_face_up && self.filter_matches(f, *equip, c.controller(), card)).then_some(Some(*equip))
            }
            Trigger::Damage(DamageTaken::Battle { of: Subject::Any(f), .. }) => {
                let Event::BattleDamage { player, by, .. } = e else { return None };
                (in_range && *player != c.controller() && self.filter_matches(f, *by, c.controller(), card)).then_some(Some(*by))
            }
            Trigger::Activation(f) => {
                let Event::Activated { card: x, effect, .. } = e else { return None };
                let card_activation = self.effect_decl(*x, *effect).is_some_and(|d| d.kind.is_card_activation());
                let monster_effect = !card_activation && self.data(*x).is_monster();
                (in_range && (card_activation || monster_effect) && self.filter_matches(f, *x, c.controller(), card)).then(|| other(*x))
            }
        }
    }

    /// `trigger_matches` for the battle moments (`Trigger::Battle`).
    fn battle_moment_matches(&self, m: &crate::effect::BattleMoment, card: CardId, e: &Event, in_range: bool) -> Option<Option<CardId>> {
        use crate::effect::BattleMoment;
        let c = self.card(card);
        let on_field_face_up = c.zone() == Zone::Monster && c.face_up();
        let battling = || self.current_attack().is_some_and(|a| a.attacker == card || a.target == Some(card));
        match m {
            BattleMoment::DestroysByBattle => {
                let Event::Destroyed { card: x, reason: Reason::Battle } = e else { return None };
                (*x != card && on_field_face_up).then_some(Some(*x))
            }
            BattleMoment::DestroysByBattleToGy => {
                let Event::Moved { card: x, to, reason: Reason::Battle, .. } = e else { return None };
                (*x != card && to.zone == Zone::Gy && self.card(*x).killed_by == Some(card) && on_field_face_up && c.killed_by.is_none()).then_some(Some(*x))
            }
            BattleMoment::AttackTargeted => {
                let Event::AttackDeclared { attacker, target: Some(t) } = e else { return None };
                // In the effect's range: face-up, or face-down for the range that says it
                // works face-down (`Range::FaceDownMonster`: "Kiseitai").
                (*t == card && in_range && c.zone() == Zone::Monster).then_some(Some(*attacker))
            }
            // Either player's Battle Phase (a card that means "your" says so in its condition).
            BattleMoment::EndOfBattlePhase => matches!(e, Event::StepEntered { step: BattleStep::End } if in_range).then_some(None),
            BattleMoment::EndOfAnyDamageStep => matches!(e, Event::StepEntered { step: BattleStep::Damage(DamageStep::End) } if in_range).then_some(None),
            BattleMoment::AfterDamageCalculation => {
                matches!(e, Event::StepEntered { step: BattleStep::Damage(DamageStep::AfterCalculation) } if in_range && battling())
                    .then(|| self.battle_opponent(card))
            }
            BattleMoment::EndOfDamageStep => {
                matches!(e, Event::StepEntered { step: BattleStep::Damage(DamageStep::End) } if in_range && battling()).then(|| self.battle_opponent(card))
            }
            // BATTLE-4: before the face-down target is flipped (before damage calculation).
            BattleMoment::StartOfDamageStep => {
                matches!(e, Event::StepEntered { step: BattleStep::Damage(DamageStep::Start) } if in_range && battling()).then(|| self.battle_opponent(card))
            }
            BattleMoment::DeclaresAttack => {
                let Event::AttackDeclared { attacker, target } = e else { return None };
                (*attacker == card && on_field_face_up).then_some(*target)
            }
        }
    }

    /// At a point of priority (the window `w`, on top of the stack): drops triggers that
    /// missed their timing or whose card went to a hidden place, and starts putting the rest
    /// on a chain. `None`: nothing to do.
    pub(crate) fn gather_triggers(&mut self, w: &Window) -> Option<Flow> {
        if self.pending.is_empty() || self.resolving || w.kind == WindowKind::SummonNegation {
            return None;
        }
        let timing = self.timing;
        let all = std::mem::take(&mut self.pending);
        // Triggers that must wait stay pending: a FLIP effect of an attacked monster until
        // after damage calculation (BATTLE-8); the FLIP effect of a monster whose Flip
        // Summon may still be negated until the summon succeeds (SUM-3).
        let waiting = |d: &Duel, p: &Pending| {
            (p.after_damage_calculation && d.current_attack().is_some() && d.before_damage_calculation_done()) || d.summon_pending == Some(p.card)
        };
        let (wait, mut queue): (Vec<Pending>, Vec<Pending>) = all.into_iter().partition(|p| waiting(self, p));
        self.pending = wait;
        queue.retain(|p| {
            let c = self.card(p.card);
            let missed = p.optional && p.when && p.timing != timing;
            let hidden_move = c.moves != p.moves && matches!(c.zone(), Zone::Hand | Zone::Deck | Zone::Extra);
            // EFF-9: only a move to a hidden place stops it (a card banished face-up or
            // moved on the field in the meantime still activates its trigger).
            !missed && !hidden_move && self.trigger_can_activate(p)
        });
        if queue.is_empty() {
            return None;
        }
        // The window `w` is on top of the stack; a chain window is carried by the trigger task
        // instead (opened again after the triggers), any other stays under it.
        let chain_window = (w.kind == WindowKind::Chain).then_some(*w);
        if chain_window.is_some() {
            self.tasks.pop();
        }
        self.tasks.push(Task::Triggers(TriggerTask { queue, any_activated: false, chain_window }));
        Some(Flow::Continue)
    }

    /// In the Damage Step, damage calculation has not been performed yet (BATTLE-4).
    pub(crate) fn before_damage_calculation_done(&self) -> bool {
        matches!(self.step, Some(BattleStep::Damage(DamageStep::Start | DamageStep::BeforeCalculation | DamageStep::DuringCalculation)))
    }

    fn trigger_can_activate(&self, p: &Pending) -> bool {
        let Some(e) = self.effect_decl(p.card, p.effect) else { return false };
        // Its effects were negated by the monster that destroyed it by battle.
        if self.card(p.card).battle_negated || self.player_fx[p.player.idx()].no_activation_turn == self.turn {
            return false;
        }
        if self.chain.len() >= crate::engine::limits::CHAIN_LINKS
            || !self.limit_ok(p.card, p.effect)
            || self.name_locked(p.player, p.card)
            || self.activation_locked(p.player, p.card)
        {
            return false;
        }
        {
            let facts = crate::eval::LinkFacts { event_card: p.event_card, event_cards: p.event_cards.clone(), damage: p.damage, ..Default::default() };
            let ctx = crate::eval::Ctx { mandatory: !p.optional, ..crate::eval::Ctx::with_link(p.player, p.card, &facts) };
            // A trigger whose operation could not do anything is not activated, as an
            // activation would not be.
            self.condition_in(&e.condition, &ctx) && self.costs_payable(e, p.player, p.card) && self.targets_exist(e, &ctx) && self.ops_possible(&e.ops, &ctx)
        }
    }

    /// EFF-7: the next group is TP mandatory, NTP mandatory, TP optional, NTP optional.
    /// Only the triggers for which `now` holds are considered (GOAT-4: those of one moment).
    fn next_group(&self, queue: &[Pending], now: impl Fn(&Pending) -> bool) -> Option<(Player, bool)> {
        let tp = self.turn_player;
        [(tp, false), (tp.opp(), false), (tp, true), (tp.opp(), true)]
            .into_iter()
            .find(|&(pl, opt)| queue.iter().any(|p| p.player == pl && p.optional == opt && now(p)))
    }

    pub(crate) fn step_triggers(&mut self, mut t: TriggerTask) -> Flow {
        // Earlier links (their costs, once-per-turn uses) may have made some impossible:
        // they are not offered.
        t.queue.retain(|p| self.trigger_can_activate(p));
        // GOAT-4: under the 2005 rules, triggers of an earlier moment of the action go on the
        // chain before those of a later one; EFF-7's order holds among one moment's triggers.
        let moment = if self.goat_rules() { t.queue.iter().map(|p| p.timing).min() } else { None };
        let now = |p: &Pending| moment.is_none_or(|m| p.timing == m);
        let Some((player, optional)) = self.next_group(&t.queue, now) else {
            if t.any_activated {
                let last = self.chain.last().map_or(self.turn_player, |l| l.controller);
                self.tasks.push(Task::Window(Window { kind: WindowKind::Chain, holder: last.opp(), passed: false, dest: None }));
            } else if let Some(w) = t.chain_window {
                self.tasks.push(Task::Window(w));
            }
            return Flow::Continue;
        };
        // Expert Rule (EFF-7, older procedure): the turn player orders every mandatory
        // trigger, both players' together; each player still decides on their own optional
        // ones.
        let all_mandatory = !optional && self.edition.turn_player_orders_all_triggers();
        let player = if all_mandatory { self.turn_player } else { player };
        let group: Vec<usize> =
            (0..t.queue.len()).filter(|&i| now(&t.queue[i]) && t.queue[i].optional == optional && (all_mandatory || t.queue[i].player == player)).collect();
        let pick = if !optional && group.len() == 1 {
            Some(group[0])
        } else {
            match self.take_answer() {
                Some(Action::Activate { card, effect }) => {
                    let id = self.card_at(card);
                    group.iter().copied().find(|&i| Some(t.queue[i].card) == id && t.queue[i].effect == effect)
                }
                Some(Action::Pass) => {
                    // Declines every remaining optional trigger of this player.
                    t.queue.retain(|p| !(p.player == player && p.optional && now(p)));
                    self.tasks.push(Task::Triggers(t));
                    return Flow::Continue;
                }
                _ => {
                    let options = group.iter().map(|&i| (t.queue[i].card, t.queue[i].effect)).collect();
                    self.tasks.push(Task::Triggers(t));
                    return Flow::Ask(Prompt::Trigger { player, options, may_pass: optional });
                }
            }
        };
        let Some(i) = pick else {
            self.tasks.push(Task::Triggers(t));
            return Flow::Continue;
        };
        let p = t.queue.remove(i);
        // "Activate 1 of these effects": the card's other alternatives of this event drop.
        if let Some(g) = self.effect_decl(p.card, p.effect).and_then(|e| e.alternatives) {
            t.queue.retain(|q| !(q.card == p.card && q.timing == p.timing && self.effect_decl(q.card, q.effect).is_some_and(|e| e.alternatives == Some(g))));
        }
        t.any_activated = true;
        self.tasks.push(Task::Triggers(t));
        // Conditions may have changed with earlier links' costs.
        if self.trigger_can_activate(&p) {
            self.start_trigger_activation(&p);
        }
        Flow::Continue
    }
}
