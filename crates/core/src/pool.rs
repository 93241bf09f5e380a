//! The card pool a duel plays with: card data plus behaviour, looked up by passcode.
//! Shared read-only between duels (`Arc`), so cloning a duel never copies it.

use std::collections::BTreeMap;

use crate::card::CardData;
use crate::effect::Behavior;

/// One playable card: its printed data and its behaviour.
#[derive(Clone, Debug)]
pub struct CardDef {
    /// The printed facts, as decoded from `cards.cdb`.
    pub data: CardData,
    /// What the card does: its effects, summon rules and modifiers, declared in `ygo-cards`.
    pub behavior: Behavior,
    /// True when the engine plays every effect of the card (Normal monsters trivially).
    pub implemented: bool,
}

/// Index of a [`CardDef`] inside its [`CardPool`].
pub type DefIndex = u16;

/// The set of cards a duel may use.
#[derive(Clone, Debug, Default)]
pub struct CardPool {
    defs: Vec<CardDef>,
    /// Per definition: where its effects can be activated from (derived at insertion).
    gates: Vec<crate::activate::ActivationGates>,
    by_id: BTreeMap<u32, DefIndex>,
    by_name: BTreeMap<String, DefIndex>,
    /// The 2005 game rules (GOAT-3 to GOAT-7) apply to duels with this pool: the pools of the
    /// `goat` and `edison` formats (the TCG kept these rules until after 2010) play them.
    goat_rules: bool,
}

impl CardPool {
    /// An empty pool.
    pub fn new() -> CardPool {
        CardPool::default()
    }

    /// Adds (or replaces) a card.
    pub fn insert(&mut self, def: CardDef) {
        let key = def.data.name.to_lowercase();
        let gates = crate::activate::ActivationGates::of(&def.behavior);
        if let Some(&i) = self.by_id.get(&def.data.id) {
            self.defs[i as usize] = def;
            self.gates[i as usize] = gates;
            return;
        }
        let i = self.defs.len() as DefIndex;
        self.by_id.insert(def.data.id, i);
        self.by_name.entry(key).or_insert(i);
        self.defs.push(def);
        self.gates.push(gates);
    }

    /// Makes duels with this pool play the April 2005 game rules (GOAT-3 to GOAT-7).
    pub fn set_goat_rules(&mut self, on: bool) {
        self.goat_rules = on;
    }
    /// Duels with this pool play the April 2005 game rules (GOAT-3 to GOAT-7).
    pub fn goat_rules(&self) -> bool {
        self.goat_rules
    }

    /// How many cards the pool holds.
    pub fn len(&self) -> usize {
        self.defs.len()
    }
    /// Holds no card.
    pub fn is_empty(&self) -> bool {
        self.defs.is_empty()
    }
    /// The card at index `i` (from [`CardPool::index_of`] or [`CardPool::find`]); panics on an
    /// index the pool never gave out.
    pub fn def(&self, i: DefIndex) -> &CardDef {
        &self.defs[i as usize]
    }
    /// Where the effects of card `i` can be activated from.
    pub(crate) fn gates(&self, i: DefIndex) -> &crate::activate::ActivationGates {
        &self.gates[i as usize]
    }
    /// The index of the card with passcode `id`.
    pub fn index_of(&self, id: u32) -> Option<DefIndex> {
        self.by_id.get(&id).copied()
    }
    /// The card with passcode `id`.
    pub fn get(&self, id: u32) -> Option<&CardDef> {
        self.index_of(id).map(|i| self.def(i))
    }
    /// Finds a card by exact English name (case-insensitive) or by passcode text.
    pub fn find(&self, name_or_code: &str) -> Option<DefIndex> {
        let s = name_or_code.trim();
        if let Ok(code) = s.parse::<u32>() {
            if let Some(i) = self.index_of(code) {
                return Some(i);
            }
        }
        self.by_name.get(&s.to_lowercase()).copied()
    }
    /// Every card, in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = &CardDef> {
        self.defs.iter()
    }

    /// What effect `effect` (its index among the card's declared effects, as in
    /// [`crate::Action::Activate`]) of the card with passcode `code` does, from the
    /// project's own description of that effect: its first sentence, starting in lower
    /// case, without the final full stop ("remove 1 Spell Counter from this card to destroy
    /// 1 targeted spell or trap on the field"). For naming an action by what it does, in
    /// every front end alike. `None` for an unknown card or effect, or an effect declared
    /// without a text.
    pub fn effect_words(&self, code: u32, effect: u8) -> Option<String> {
        let text = self.get(code)?.behavior.effects.get(effect as usize)?.text.trim();
        // The first sentence: up to a full stop followed by a space (not one inside a quoted
        // name or a number such as "1.5").
        let end = text.char_indices().find(|&(i, c)| c == '.' && text[i + 1..].starts_with(' ')).map_or(text.len(), |(i, _)| i);
        let first = text[..end].trim_end_matches('.').trim();
        let mut chars = first.chars();
        let head = chars.next()?;
        // "Once per turn" -> "once per turn"; a name ("Sangan ...") or "X-Head" keeps its case
        // only when its second letter is upper case too (an acronym such as "LP").
        let lower = chars.clone().next().is_none_or(|c| !c.is_uppercase());
        Some(if lower { head.to_lowercase().chain(chars).collect() } else { first.to_string() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::CardData;
    use crate::effect::{Behavior, EffectDecl};

    #[test]
    fn an_effect_is_named_by_the_first_sentence_of_its_description() {
        let mut pool = CardPool::new();
        let raw = crate::card::RawCard {
            id: 7,
            type_: crate::card::type_bits::MONSTER | crate::card::type_bits::EFFECT,
            name: "Test Warrior".into(),
            ..Default::default()
        };
        let data = CardData::from_raw(&raw).unwrap();
        let behavior = Behavior::with(vec![
            EffectDecl::ignition("Remove 1 Spell Counter from this card to destroy 1 targeted spell or trap on the field."),
            EffectDecl::ignition("Once per turn: draw 1 card. Then discard 1 card."),
            EffectDecl::ignition("LP costs are doubled."),
        ]);
        pool.insert(CardDef { data, behavior, implemented: true });
        assert_eq!(pool.effect_words(7, 0).as_deref(), Some("remove 1 Spell Counter from this card to destroy 1 targeted spell or trap on the field"));
        assert_eq!(pool.effect_words(7, 1).as_deref(), Some("once per turn: draw 1 card"));
        assert_eq!(pool.effect_words(7, 2).as_deref(), Some("LP costs are doubled"));
        assert_eq!(pool.effect_words(7, 3), None);
        assert_eq!(pool.effect_words(8, 0), None);
    }
}
