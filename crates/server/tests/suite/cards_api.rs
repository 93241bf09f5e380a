//! `/api/cards` serves the texts of the pool a room plays: `?format=goat` the 2005 versions
//! (GOAT-8), no format today's cards, an unknown format a 400 naming the known ones.

use crate::common::*;
use ygo_server::client::http_get;

/// Armed Dragon LV5: its Goat entry plays a different text from today's.
const ARMED_DRAGON_LV5: u32 = 46384672;

fn text_of(body: &str, code: u32) -> String {
    let all: serde_json::Value = serde_json::from_str(body).expect("the cards answer is JSON");
    all[code.to_string()]["text"].as_str().unwrap_or_else(|| panic!("{code} has no text in the answer")).to_string()
}

#[tokio::test]
async fn a_goat_room_reads_the_2005_texts() {
    // RULE: GOAT-8
    let dir = TempDir::new("cards-api");
    let s = server(&dir.db()).await;
    let addr = s.addr.to_string();
    let today = ygo_cards::pool();
    let goat = ygo_data::Format::by_name("goat").unwrap().pool();
    let want_today = today.get(ARMED_DRAGON_LV5).expect("implemented").data.text.to_string();
    let want_goat = goat.get(ARMED_DRAGON_LV5).expect("implemented in goat").data.text.to_string();
    assert_ne!(want_today, want_goat, "the card's two versions read differently");

    let (status, body) = http_get(&addr, "/api/cards").await.unwrap();
    assert_eq!(status, 200);
    assert_eq!(text_of(&body, ARMED_DRAGON_LV5), want_today);
    let (status, body) = http_get(&addr, "/api/cards?format=goat").await.unwrap();
    assert_eq!(status, 200);
    assert_eq!(text_of(&body, ARMED_DRAGON_LV5), want_goat);
    // Asked twice, the cached answer is the same.
    let (_, again) = http_get(&addr, "/api/cards?format=GOAT").await.unwrap();
    assert_eq!(text_of(&again, ARMED_DRAGON_LV5), want_goat);

    let (status, body) = http_get(&addr, "/api/cards?format=nope").await.unwrap();
    assert_eq!(status, 400);
    assert!(body.contains("unknown format") && body.contains("goat"), "{body}");
}
