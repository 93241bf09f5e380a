//! Chains: the links (CHAIN-1), reverse resolution (CHAIN-3), negated links and
//! continuous cards removed mid-chain (CHAIN-4, CHAIN-5), one-shot spells and traps to the
//! GY when the chain ends (CHAIN-8), and the field-spell rule (ZONE-5). Activations are in
//! `activate.rs`.

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::card::{Kind, SpellKind, TrapKind};
use crate::effect::{EffectKind, Place, SpellSpeed, Who};
use crate::engine::{Flow, Task};
use crate::eval::LinkFacts;
use crate::event::{Event, Reason};
use crate::resolve::Resolution;
use crate::state::{CardId, Duel};
use crate::types::{Player, Zone};

/// One link of the chain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChainLink {
    /// The activated card.
    pub card: CardId,
    /// Its effect index.
    pub effect: u8,
    /// Who activated it.
    pub controller: Player,
    /// Its spell speed (CHAIN-2).
    pub speed: SpellSpeed,
    /// The card's move count after activation: a change means it left the field.
    pub card_moves: u32,
    /// Where the card was when the effect was activated.
    pub from: Zone,
    /// Its activation was negated (CHAIN-4).
    pub activation_negated: bool,
    /// Its effect was negated (CHAIN-4).
    pub effect_negated: bool,
    /// Targets, event card and cost fixed on activation.
    pub facts: LinkFacts,
    /// The effect damage this link inflicts, changed by a link chained to it
    /// ([`crate::effect::NegateWhat::Damage`]), per player who would take it (by index):
    /// `Some(None)` not taken, `Some(Some(q))` taken by `q` instead.
    #[serde(default)]
    pub damage_change: [Option<Option<Player>>; 2],
}

impl Duel {
    /// The monster attacking in the current battle, if any.
    pub fn current_attacker(&self) -> Option<CardId> {
        self.current_attack().map(|a| a.attacker)
    }

    /// How many links the current chain holds (CHAIN-1); links leave it as they resolve, so 0 means no chain.
    pub fn chain_len(&self) -> usize {
        self.chain.len()
    }
    /// The cards of the chain's links, link 1 first.
    pub fn chain_cards(&self) -> Vec<CardId> {
        self.chain.iter().map(|l| l.card).collect()
    }

    /// A Pendulum monster card placed as a Pendulum Scale: a Spell Card on the field
    /// (SPELL-8, ZONE-4), in the Pendulum Zones of Master Rule 3 or the outer Spell & Trap
    /// Zones from Master Rule 4.
    pub(crate) fn is_pendulum_spell(&self, id: CardId) -> bool {
        let c = self.card(id);
        matches!(c.zone(), Zone::Pendulum | Zone::SpellTrap) && self.data(id).is_monster() && self.data(id).has(crate::card::type_bits::PENDULUM)
    }

    /// Cards on the field (monster, S/T, Field and Pendulum zones), the turn player's first.
    pub(crate) fn field_cards(&self) -> SmallVec<[CardId; 64]> {
        self.cards_in(Place::Field(Who::Both), self.turn_player)
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
        if !self.edition.one_field_spell_in_total() || self.card(card).zone() != Zone::Field {
            return;
        }
        let opp = self.card(card).controller().opp();
        if let Some(other) = self.player(opp).field {
            if self.card(other).face_up() {
                self.send_to_gy(other, Reason::RuleDestroy);
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
        let negated = !e.cannot_be_negated
            && (link.effect_negated
                || self.trap_effect_negated(link.card)
                || self.negated_on_field(link.card)
                || (link.from == Zone::Monster && self.card(link.card).zone() == Zone::Monster && self.monster_effects_negated(link.card))
                || (link.from == Zone::Gy && self.battle_victim_negated(link.card)));
        if negated {
            self.emit(Event::EffectNegated { card: link.card, link: n });
            return Flow::Continue;
        }
        // A monster protected from the effects of such cards that target it: the effect is
        // negated and the card destroyed (its protector's effect: "Fiend Skull Dragon").
        // A die may decide it (MISC-6: "negate it if you roll a 2 or 5").
        let protector = self.targeting_negated_by(link.card, &link.facts.targets).filter(|&(_, roll)| {
            roll.is_none_or(|faces| {
                use rand::RngExt;
                let face = self.rng.random_range(1..=6u8);
                faces & (1 << face) != 0
            })
        });
        if let Some((by, _)) = protector {
            self.emit(Event::EffectNegated { card: link.card, link: n });
            if self.card(link.card).moves == link.card_moves && self.card(link.card).zone().on_field() {
                self.cause = Some(by);
                self.send_to_gy(link.card, Reason::Destroy);
                self.cause = None;
            }
            return Flow::Continue;
        }
        self.tasks.push(Task::Resolve(Box::new(Resolution::new(link, n, self.happenings))));
        Flow::Continue
    }

    fn end_chain(&mut self) {
        self.expire_chain_lingering();
        self.emit(Event::ChainEnded);
        for card in std::mem::take(&mut self.resolved) {
            let c = self.card(card);
            // A Normal Trap that became an Equip Card stays, equipped (SPELL-4).
            let one_shot = matches!(
                self.data(card).kind,
                Kind::Spell(SpellKind::Normal | SpellKind::QuickPlay | SpellKind::Ritual) | Kind::Trap(TrapKind::Normal | TrapKind::Counter)
            ) && c.equip_to.is_none();
            // An Equip spell that did not equip goes to the GY too (SPELL-4).
            let lost_equip = matches!(self.data(card).kind, Kind::Spell(SpellKind::Equip)) && c.equip_to.is_none();
            if (one_shot || lost_equip) && matches!(c.zone(), Zone::SpellTrap | Zone::Field) && c.face_up() && !self.stays_on_field(card) {
                self.send_to_gy(card, Reason::Resolve);
            }
        }
        self.check_equips();
        // GOAT-6: under the 2005 rules one chain is built in each Damage Step sub-step: once
        // it has resolved, the sub-step's window closes (the battle moves on).
        if self.goat_rules() {
            if let Some(crate::engine::Task::Window(w)) = self.tasks.last() {
                if matches!(w.kind, crate::engine::WindowKind::Damage(_)) {
                    let w = *w;
                    self.tasks.pop();
                    self.close_window(w);
                }
            }
        }
    }

    /// One-shot cards that say they remain on the field (kept by a lingering effect).
    fn stays_on_field(&self, card: CardId) -> bool {
        self.card(card).stays || self.lingering.iter().any(|l| l.source == card && l.until == crate::effect::Duration::WhileSourceOnField)
    }
}
