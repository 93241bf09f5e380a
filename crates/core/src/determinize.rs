//! Determinization: a duel that one player cannot tell from the real one. Search players
//! (information-set MCTS, the greedy look-ahead) play on such samples, never on the real
//! duel, so they cannot use what they may not see.
//!
//! What the viewer knows is kept: every card they may see where it is, every count, LP,
//! the turn, the pending decision. What they do not know is dealt again: the identities of
//! the cards in hidden places (both decks' order, the opponent's hand, face-down cards of
//! the opponent, hidden Extra Deck and face-down banished cards) are collected per
//! owner, put in a canonical order, shuffled, and dealt back to those places,
//! respecting what a place can hold (a face-down monster is a monster, a Set spell/trap
//! zone holds a spell or trap, the Extra Deck holds Extra Deck monsters, the Main Deck and
//! hand do not). The duel's own random source is reseeded as well (future shuffles are
//! unknown too) and the event log is dropped.
//!
//! Card instances stay where they are: only the identity (`def`, `code`, `owner`) of a
//! hidden instance changes, so every place keeps its own state (position, Set turn).
//!
//! The sample assumes the deck lists are known (the identities of the hidden cards as a
//! multiset), as open decklists do; it uses only what the viewer sees now: a card revealed
//! to the viewer that has not moved since (MISC-7) stays what it is, and a card seen once
//! and hidden again (moved, or its Deck shuffled) is dealt like any other hidden card.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::card::CardData;
use crate::pool::DefIndex;
use crate::state::{CardId, Duel};
use crate::types::{Player, Zone};

/// What a hidden place may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Slot {
    /// A face-down monster in a Monster Zone.
    Monster,
    /// A Set card in a Spell & Trap, Field or Pendulum Zone.
    SpellTrap,
    /// A hidden Extra Deck card.
    Extra,
    /// Deck or hand: anything but an Extra Deck monster.
    MainOnly,
    /// Face-down banished: any card.
    Any,
}

impl Slot {
    fn fits(self, d: &CardData) -> bool {
        match self {
            Slot::Monster => d.is_monster(),
            Slot::SpellTrap => d.is_spell() || d.is_trap(),
            Slot::Extra => d.is_extra_deck(),
            Slot::MainOnly => !d.is_extra_deck(),
            Slot::Any => true,
        }
    }
}

/// The identity a hidden place holds (what is dealt again).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Identity {
    code: u32,
    def: DefIndex,
    owner: Player,
}

impl Duel {
    /// A copy of this duel that `viewer` cannot tell from it, with the hidden cards dealt
    /// again from `seed` (see the module docs). Two duels `viewer` sees alike give the same
    /// sample for the same seed.
    pub fn determinized(&self, viewer: Player, seed: u64) -> Duel {
        let mut d = self.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        d.redeal_hidden(viewer, &mut rng);
        d
    }

    /// Deals the hidden cards (as `viewer` sees the table) again with `rng`, reseeds the
    /// duel's own random source from `rng` and drops the event log.
    pub fn redeal_hidden<R: Rng + ?Sized>(&mut self, viewer: Player, rng: &mut R) {
        for p in Player::BOTH {
            let mut places = self.hidden_places(viewer, p);
            // MISC-9: a player knows what their own Deck holds, only not its order: their
            // Deck is dealt again from its own cards, apart from their other hidden cards
            // (a face-down card of theirs the opponent controls, face-down banished ones).
            if p == viewer {
                let (deck, rest): (Vec<_>, Vec<_>) = places.into_iter().partition(|&(id, _)| self.card(id).zone() == Zone::Deck);
                self.deal_again(&deck, rng);
                places = rest;
            }
            self.deal_again(&places, rng);
        }
        let mut seed = [0u8; 32];
        rng.fill_bytes(&mut seed);
        self.rng = ChaCha8Rng::from_seed(seed);
        self.events.clear();
        // The indexes of cards with triggers, win conditions, modifiers and GY effects
        // describe the cards dealt now, never the real ones.
        self.index_watchers();
    }

    /// Deals the identities held by `places` again among them, each place getting one it
    /// may hold.
    fn deal_again<R: Rng + ?Sized>(&mut self, places: &[(CardId, Slot)], rng: &mut R) {
        let mut ids: Vec<Identity> = places
            .iter()
            .map(|&(id, _)| {
                let c = self.card(id);
                Identity { code: c.code, def: c.def, owner: c.owner() }
            })
            .collect();
        ids.sort();
        ids.shuffle(rng);
        // Constrained places first, so they never run out of fitting cards.
        let mut order: Vec<usize> = (0..places.len()).collect();
        order.sort_by_key(|&i| places[i].1);
        for i in order {
            let (id, slot) = places[i];
            let pick = ids.iter().position(|x| slot.fits(&self.pool.def(x.def).data)).unwrap_or(0);
            let Some(x) = (!ids.is_empty()).then(|| ids.remove(pick)) else { break };
            self.set_identity(id, x.code, x.def, x.owner);
        }
    }

    /// Exchanges the identities of two card instances `viewer` cannot see, as if the duel
    /// had been dealt that way (both owned by the same player, each fitting the other's
    /// place); the card indexes are rebuilt. For tests of hidden information: a player's
    /// view and decisions must not change. False (and nothing changed) when the two cannot
    /// be exchanged.
    #[doc(hidden)]
    pub fn swap_hidden_identities(&mut self, viewer: Player, a: CardId, b: CardId) -> bool {
        let owner = self.card(a).owner();
        let place = |d: &Duel, id: CardId| d.hidden_places(viewer, owner).into_iter().find(|&(x, _)| x == id).map(|(_, slot)| slot);
        let (Some(sa), Some(sb)) = (place(self, a), place(self, b)) else { return false };
        if a == b || self.card(b).owner() != owner || !sa.fits(self.data(b)) || !sb.fits(self.data(a)) {
            return false;
        }
        let (ca, da) = (self.card(a).code, self.card(a).def);
        let (cb, db) = (self.card(b).code, self.card(b).def);
        self.set_identity(a, cb, db, owner);
        self.set_identity(b, ca, da, owner);
        self.index_watchers();
        true
    }

    /// The places holding a card owned by `p` that `viewer` may not see, in a canonical
    /// order (pile, then zone and slot, the owner's side first), each with what it may hold.
    /// Piles (Deck, hand, Extra Deck, banishment) hold their owner's cards; a face-down card
    /// on the field may be controlled by the other player (a monster taken and Set): it is
    /// dealt from its owner's hidden cards all the same.
    fn hidden_places(&self, viewer: Player, p: Player) -> Vec<(CardId, Slot)> {
        let ps = self.player(p);
        let mut out = Vec::new();
        let hidden = |id: CardId, slot: Slot, out: &mut Vec<(CardId, Slot)>| {
            if self.card(id).owner() == p && !self.visible_to(id, viewer) {
                out.push((id, slot));
            }
        };
        for &id in &ps.deck {
            hidden(id, Slot::MainOnly, &mut out);
        }
        for &id in &ps.hand {
            hidden(id, Slot::MainOnly, &mut out);
        }
        for &id in &ps.extra {
            hidden(id, Slot::Extra, &mut out);
        }
        for &id in &ps.banished {
            hidden(id, Slot::Any, &mut out);
        }
        for side in [p, p.opp()] {
            let s = self.player(side);
            for id in s.monsters.iter().flatten() {
                hidden(*id, Slot::Monster, &mut out);
            }
            for id in s.spells.iter().chain(s.pendulum.iter()).chain(std::iter::once(&s.field)).flatten() {
                hidden(*id, Slot::SpellTrap, &mut out);
            }
        }
        debug_assert!(out.iter().all(|&(id, _)| self.card(id).zone() != Zone::Material));
        out
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::card::{CardData, RawCard};
    use crate::pool::{CardDef, CardPool};
    use crate::setup::{DeckList, DuelSetup};

    fn pool() -> Arc<CardPool> {
        let mut pool = CardPool::new();
        for (id, atk) in [(1u32, 1000), (2, 1500), (3, 2000), (4, 500)] {
            let raw = RawCard {
                id,
                ot: 3,
                type_: 0x11,
                atk,
                def: 1000,
                level: 4,
                race: 0x1,
                attribute: 0x1,
                name: format!("Card {id}"),
                text: "Normal monster.".into(),
                ..Default::default()
            };
            pool.insert(CardDef { data: CardData::from_raw(&raw).unwrap(), behavior: Default::default(), implemented: true });
        }
        Arc::new(pool)
    }

    fn duel(seed: u64) -> Duel {
        let a = DeckList { main: [1, 2].repeat(20), extra: vec![] };
        let b = DeckList { main: [3, 4].repeat(20), extra: vec![] };
        Duel::from_setup(pool(), &DuelSetup::new(a, b, seed)).unwrap()
    }

    fn codes(d: &Duel, ids: &[CardId]) -> Vec<u32> {
        ids.iter().map(|&c| d.card(c).code).collect()
    }

    #[test]
    fn keeps_what_the_viewer_sees_and_the_multisets() {
        let d = duel(3);
        let s = d.determinized(Player::A, 11);
        // A's view (own hand, every count, LP, legal actions) is unchanged.
        assert_eq!(d.view(Player::A), s.view(Player::A));
        // The hidden cards are the same multiset, dealt again.
        let mut before = codes(&d, &[d.player(Player::B).hand.clone(), d.player(Player::B).deck.clone()].concat());
        let mut after = codes(&s, &[s.player(Player::B).hand.clone(), s.player(Player::B).deck.clone()].concat());
        assert_ne!(before, after, "seed 11 deals B's hidden cards differently");
        before.sort();
        after.sort();
        assert_eq!(before, after);
        assert!(s.events().is_empty());
    }

    #[test]
    fn same_view_same_sample() {
        // Two duels A sees alike: B's hand and deck differ (different setup seeds would
        // change A's hand too, so one is a redeal of the other).
        let d1 = duel(5);
        let d2 = d1.determinized(Player::A, 99);
        assert_ne!(codes(&d1, &d1.player(Player::B).hand), codes(&d2, &d2.player(Player::B).hand));
        let (s1, s2) = (d1.determinized(Player::A, 7), d2.determinized(Player::A, 7));
        assert_eq!(s1, s2);
    }

    /// Reveals the card at `i` of B's hand to A (as an effect does, MISC-7).
    fn reveal_b_hand(d: &mut Duel, i: usize) -> CardId {
        let c = d.player(Player::B).hand[i];
        d.emit(crate::event::Event::Revealed { card: c });
        c
    }

    #[test]
    fn a_revealed_hand_card_stays_known_in_views_and_samples() {
        // RULE: MISC-7
        let mut d = duel(4);
        let c = reveal_b_hand(&mut d, 2);
        let code = d.card(c).code;
        let v = d.view(Player::A);
        let known = &v.sides[Player::B.idx()].known_hand;
        assert_eq!(known.len(), 1, "only the revealed card is known: {known:?}");
        assert_eq!((known[0].0, known[0].1.code), (2, code));
        assert!(v.sides[Player::B.idx()].hand.is_empty());
        // B's own view lists the card in the hand, as before, and no known cards.
        assert!(d.view(Player::B).sides[Player::B.idx()].known_hand.is_empty());
        // A's samples keep it where it is; the other hand cards are dealt again.
        let mut others_changed = false;
        for seed in 0..20 {
            let s = d.determinized(Player::A, seed);
            assert_eq!(s.card(s.player(Player::B).hand[2]).code, code, "seed {seed}");
            assert_eq!(s.view(Player::A), d.view(Player::A), "seed {seed}");
            others_changed |= codes(&s, &s.player(Player::B).hand) != codes(&d, &d.player(Player::B).hand);
        }
        assert!(others_changed, "the unrevealed hand cards are still dealt again");
    }

    #[test]
    fn a_revealed_card_is_forgotten_when_it_moves_or_its_deck_is_shuffled() {
        // RULE: MISC-7
        let mut d = duel(4);
        // A Deck shuffle does not touch the hand: the revealed hand card stays known.
        let c = reveal_b_hand(&mut d, 0);
        d.shuffle_deck(Player::B);
        assert!(d.card(c).known_to(Player::A));
        // Moved (to the GY and back to the hand) it is a new card (MISC-8): hidden again.
        d.send_to_gy(c, crate::event::Reason::Effect);
        d.return_to_hand(c, crate::event::Reason::Effect);
        assert!(!d.card(c).known_to(Player::A) && !d.visible_to(c, Player::A));
        assert!(d.view(Player::A).sides[Player::B.idx()].known_hand.is_empty());
        // A revealed Deck card is known until its Deck is shuffled.
        let top = *d.player(Player::B).deck.last().unwrap();
        d.emit(crate::event::Event::Revealed { card: top });
        assert!(d.visible_to(top, Player::A));
        for seed in 0..5 {
            let s = d.determinized(Player::A, seed);
            assert_eq!(s.card(top).code, d.card(top).code, "seed {seed}: the known Deck card stays");
        }
        d.shuffle_deck(Player::B);
        assert!(!d.visible_to(top, Player::A), "a shuffle makes the Deck's cards unknown again");
        // Drawn, a revealed top card is in another hidden place: unknown as well.
        let top = *d.player(Player::B).deck.last().unwrap();
        d.emit(crate::event::Event::Revealed { card: top });
        d.draw(Player::B, 1);
        assert!(!d.visible_to(top, Player::A));
    }
}
