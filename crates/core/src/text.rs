//! The plain-text form of events: the game log scenarios and terminals read.

use crate::event::{Event, Reason};
use crate::state::{CardId, Duel};
use crate::types::{BattleStep, DamageStep, Player, WinReason};

impl Duel {
    fn nm(&self, id: CardId) -> &str {
        self.name(id)
    }

    /// The log line of an event, with every name shown (the omniscient log).
    pub fn event_text(&self, e: &Event) -> String {
        self.event_text_for(e, None)
    }

    /// The log line of an event as `viewer` may read it (hidden cards unnamed; MISC-3).
    /// `None` is the omniscient log.
    pub fn event_text_for(&self, e: &Event, viewer: Option<Player>) -> String {
        let shown = |id: CardId, face_up: bool| -> String {
            let c = self.card(id);
            match viewer {
                Some(v) if !face_up && c.controller() != v => "a face-down card".to_string(),
                _ => self.nm(id).to_string(),
            }
        };
        match e {
            Event::TurnStarted { turn, player } => format!("turn {turn}: {} begins", player.name()),
            Event::PhaseEntered { phase } => format!("{} phase", phase.name()),
            Event::StepEntered { step } => match step {
                BattleStep::Start => "start step".into(),
                BattleStep::Battle => "battle step".into(),
                BattleStep::End => "end step".into(),
                BattleStep::Damage(d) => match d {
                    DamageStep::Start => "damage step: start".into(),
                    DamageStep::BeforeCalculation => "damage step: before damage calculation".into(),
                    DamageStep::DuringCalculation => "damage step: damage calculation".into(),
                    DamageStep::AfterCalculation => "damage step: after damage calculation".into(),
                    DamageStep::End => "damage step: end".into(),
                },
            },
            Event::Shuffled { player } => format!("{} shuffles their deck", player.name()),
            Event::MonstersShuffled { player } => format!("{} shuffles face-down monsters among their zones", player.name()),
            Event::Drew(draw) => {
                let (player, cards) = (draw.player(), draw.cards());
                if viewer.is_some_and(|v| v != player) {
                    format!("{} draws {} card(s)", player.name(), cards.len())
                } else {
                    let names: Vec<&str> = cards.iter().map(|&c| self.nm(c)).collect();
                    format!("{} draws {}", player.name(), names.join(", "))
                }
            }
            Event::Moved { card, from, to, reason, face_up } => {
                let hidden_move = matches!(reason, Reason::Draw | Reason::Summon | Reason::Set);
                if hidden_move {
                    return String::new();
                }
                let who = shown(*card, *face_up || from.zone == crate::types::Zone::Gy);
                if to.zone == crate::types::Zone::Gone {
                    return format!("{who} leaves the field and vanishes (token)");
                }
                format!(
                    "{who} moves from {}.{} to {}.{} ({})",
                    from.player.name(),
                    from.zone.scenario_name(),
                    to.player.name(),
                    to.zone.scenario_name(),
                    format!("{reason:?}").to_lowercase()
                )
            }
            Event::NormalSummoned { card, tribute } => {
                let c = self.card(*card);
                let how = if *tribute { "tribute summons" } else { "normal summons" };
                format!("{} {how} {} (zone {})", c.controller().name(), self.nm(*card), c.slot())
            }
            Event::MonsterSet { card } => {
                let c = self.card(*card);
                format!("{} sets {} (zone {})", c.controller().name(), shown(*card, false), c.slot())
            }
            Event::SpellSet { card } => {
                let c = self.card(*card);
                format!("{} sets {}", c.controller().name(), shown(*card, false))
            }
            Event::FlipSummoned { card } => format!("{} flip summons {}", self.card(*card).controller().name(), self.nm(*card)),
            Event::SpecialSummoned { card } => {
                // SUM-5: a monster Special Summoned face-down stays hidden (MISC-3).
                let c = self.card(*card);
                format!("{} special summons {}", c.controller().name(), shown(*card, c.face_up() || c.zone() != crate::types::Zone::Monster))
            }
            Event::PositionChanged { card, from, to } => {
                format!("{} changes from {} to {}", shown(*card, to.face_up()), from.text(), to.text())
            }
            Event::Flipped { card } => format!("{} is flipped face-up", self.nm(*card)),
            Event::AttackDeclared { attacker, target: Some(t) } => {
                format!("{} attacks {}", self.nm(*attacker), shown(*t, self.card(*t).face_up()))
            }
            Event::AttackDeclared { attacker, target: None } => format!("{} attacks directly", self.nm(*attacker)),
            Event::AttackStopped { attacker } => format!("{} stops its attack", self.nm(*attacker)),
            Event::BattleDamage { player, amount, .. } => format!("{} takes {amount} battle damage", player.name()),
            Event::LpChanged { player, from, to } => format!("{} LP {from} -> {to}", player.name()),
            Event::Destroyed { card, reason } => match reason {
                Reason::Battle => format!("{} is destroyed by battle", self.nm(*card)),
                _ => format!("{} is destroyed", self.nm(*card)),
            },
            Event::Activated { card, player, link, .. } => {
                format!("{} activates {} (chain link {link})", player.name(), self.nm(*card))
            }
            Event::ActivationNegated { card, link } => format!("the activation of {} (chain link {link}) is negated", self.nm(*card)),
            Event::EffectNegated { card, link } => format!("the effect of {} (chain link {link}) is negated", self.nm(*card)),
            Event::LinkResolved { card, link } => format!("chain link {link} ({}) resolves", self.nm(*card)),
            Event::ChainEnded => "the chain has resolved".into(),
            Event::SummonNegated { card } => format!("the summon of {} is negated", self.nm(*card)),
            Event::AttackNegated { attacker } => format!("the attack of {} is negated", self.nm(*attacker)),
            Event::ControlChanged { card, to } => format!("{} takes control of {}", to.name(), self.nm(*card)),
            Event::Equipped { card, to } => format!("{} is equipped to {}", self.nm(*card), self.nm(*to)),
            Event::Revealed { card } => format!("{} is revealed", self.nm(*card)),
            Event::Announced { player, value, kind } => format!("{} declares {}", player.name(), self.announced_text(*kind, *value)),
            Event::CoinTossed { player, heads } => format!("{}'s coin lands {}", player.name(), if *heads { "heads" } else { "tails" }),
            Event::Counters { card, kind, delta } => {
                let name = kind.name();
                if *delta >= 0 {
                    format!("{delta} {name} counter(s) placed on {}", self.nm(*card))
                } else {
                    format!("{} {name} counter(s) removed from {}", -delta, self.nm(*card))
                }
            }
            Event::PhaseSkipped { phase } => format!("{} phase is skipped", phase.name()),
            Event::EffectDamage { player, amount, by } => format!("{} takes {amount} damage from {}", player.name(), self.nm(*by)),
            Event::DuelEnded { outcome } => {
                let why = match outcome.reason {
                    WinReason::LifePoints => "LP reached 0",
                    WinReason::DeckOut => "could not draw",
                    WinReason::CardEffect => "card effect",
                    WinReason::MatchWinEffect => "card effect (match win)",
                    WinReason::Surrender => "surrender",
                    WinReason::Bound => "engine bound reached",
                };
                match outcome.winner {
                    Some(p) => format!("{} wins ({why})", p.name()),
                    None => format!("the duel is a draw ({why})"),
                }
            }
        }
    }

    /// The whole omniscient log, one line per event (events with no line are skipped).
    pub fn log_lines(&self) -> Vec<String> {
        self.events.iter().map(|e| self.event_text(e)).filter(|s| !s.is_empty()).collect()
    }
}
