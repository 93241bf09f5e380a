//! `Event::Drew` holds small draws in place and large ones on the heap; either way its
//! JSON is the shape replay files have always had.

use ygo_core::{CardId, Draw, Event, Player};

#[test]
fn draws_of_any_size_keep_their_cards_and_json() {
    // RULE: MISC-5: one event however many cards were drawn.
    for n in 0..=40u16 {
        let cards: Vec<CardId> = (0..n).map(|i| CardId(3 * i + 1)).collect();
        let e = Event::Drew(Draw::new(Player::B, &cards));
        let Event::Drew(draw) = &e else { unreachable!() };
        assert_eq!(draw.player(), Player::B);
        assert_eq!(draw.cards(), cards.as_slice());
        let json = serde_json::to_string(&e).unwrap();
        let list: Vec<String> = cards.iter().map(|c| c.0.to_string()).collect();
        assert_eq!(json, format!(r#"{{"Drew":{{"player":"B","cards":[{}]}}}}"#, list.join(",")));
        let back: Event = serde_json::from_str(&json).unwrap();
        assert_eq!(back, e);
    }
}

#[test]
fn a_draw_read_from_an_old_replay_equals_the_same_draw_made_now() {
    // A replay file saved before draws were held in place.
    let old: Event = serde_json::from_str(r#"{"Drew":{"player":"A","cards":[7,14,22,5,15]}}"#).unwrap();
    let ids = [7, 14, 22, 5, 15].map(CardId);
    assert_eq!(old, Event::Drew(Draw::new(Player::A, &ids)));
    let many: Event = serde_json::from_str(r#"{"Drew":{"player":"A","cards":[1,2,3,4,5,6,7,8]}}"#).unwrap();
    assert_eq!(many, Event::Drew(Draw::new(Player::A, &[1, 2, 3, 4, 5, 6, 7, 8].map(CardId))));
    assert_ne!(old, many);
}
