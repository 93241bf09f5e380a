//! "Convulsion of Nature" turns both Decks over: while it is face-up on the field the top
//! card of each Main Deck is public, in both players' views and in the samples a search
//! player plays on; the rest of the Deck stays hidden. RULE: MISC-3, ZONE-7

use ygo_cards::{pool_with, Versions};
use ygo_core::{Duel, Placed, Player, PositionSetup};

fn code(name: &str) -> u32 {
    let pool = pool_with(Versions::Goat2005);
    pool.def(pool.find(name).unwrap_or_else(|| panic!("no card {name}"))).data.id
}

/// Turn 3, A's Main Phase 1: A's Deck is Dark Hole (top), Kuriboh, Mystical Elf; B's is
/// Summoned Skull (top), Celtic Guardian. A holds Convulsion of Nature face-up if `face_up`.
fn duel(face_up: bool) -> Duel {
    let mut pos = PositionSetup { turn: 3, ..Default::default() };
    let a = &mut pos.sides[0];
    a.deck = vec![code("Dark Hole"), code("Kuriboh"), code("Mystical Elf")];
    if face_up {
        a.spells = vec![Placed::new(code("Convulsion of Nature"))];
    } else {
        a.hand = vec![code("Convulsion of Nature")];
    }
    pos.sides[1].deck = vec![code("Summoned Skull"), code("Celtic Guardian")];
    Duel::from_position(pool_with(Versions::Goat2005), &pos).unwrap()
}

fn top_seen_by(d: &Duel, viewer: Player, side: Player) -> Option<String> {
    d.view(viewer).sides[side.idx()].deck_top.as_ref().map(|c| c.name.clone())
}

#[test]
fn the_top_card_of_each_deck_is_public_while_it_is_face_up() {
    let d = duel(true);
    for viewer in Player::BOTH {
        assert_eq!(top_seen_by(&d, viewer, Player::A).as_deref(), Some("Dark Hole"));
        assert_eq!(top_seen_by(&d, viewer, Player::B).as_deref(), Some("Summoned Skull"));
    }
    // A search player's samples keep the public top card where it is.
    for seed in 0..8 {
        let s = d.determinized(Player::B, seed);
        let top = *s.player(Player::A).deck.last().unwrap();
        assert_eq!(s.name(top), "Dark Hole");
    }
}

#[test]
fn decks_are_hidden_without_it_and_once_it_is_activated_the_top_shows() {
    let mut d = duel(false);
    assert_eq!(top_seen_by(&d, Player::B, Player::A), None);
    let a = d.find_action("activate Convulsion of Nature").unwrap();
    d.apply(Player::A, a).unwrap();
    // Until the activation resolves its effect does not apply (EFF-2).
    assert_eq!(top_seen_by(&d, Player::B, Player::A), None);
    while d.legal_actions().len() == 1 {
        let p = d.deciding_player().unwrap();
        let x = d.legal_actions()[0];
        d.apply(p, x).unwrap();
    }
    assert_eq!(top_seen_by(&d, Player::B, Player::A).as_deref(), Some("Dark Hole"));
    // The second card stays hidden.
    let second = d.player(Player::A).deck[d.player(Player::A).deck.len() - 2];
    assert!(!d.visible_to(second, Player::B));
}
