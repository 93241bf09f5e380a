//! Best-of-3 rooms (MATCH-1..4: siding between duels, decks reset) and a player who
//! drops and does not come back in time (they lose the match).

use std::time::Duration;

use crate::common::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use ygo_server::protocol::{ClientMsg, DeckSource, RoomOptions, ServerMsg};
use ygo_server::Config;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_best_of_3_against_the_ai_with_siding() {
    let dir = TempDir::new("match");
    let s = server(&dir.db()).await;
    let mut c = connect(&s).await;
    let deck = ygo_server::decks::resolve(&builtin("vanilla-yugi")).unwrap();
    // The deck with a Side Deck of two cards of its own kind.
    let text =
        format!("#main\n{}\n#extra\n!side\n{}\n{}\n", deck.main.iter().map(|c| c.to_string()).collect::<Vec<_>>().join("\n"), deck.main[39], deck.main[38]);
    let options = RoomOptions { mode: "match".into(), vs_ai: Some("random".into()), ..RoomOptions::default() };
    c.send(&ClientMsg::CreateRoom { options, deck: DeckSource::Ydk { text, file: "sided.ydk".into() }, name: Some("Tester".into()) }).await.unwrap();
    let mut seen = Vec::new();
    joined(&mut c, &mut seen).await;
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut sided = 0;
    let mut results = Vec::new();
    loop {
        let Some((_, msg)) = c.recv().await.unwrap() else { panic!("closed") };
        match msg {
            ServerMsg::State(f) if f.siding.is_some() && f.actions.iter().any(|a| a.text == "ready") => {
                let side = f.siding.as_ref().unwrap();
                // MATCH-3: swap one Main Deck card for one Side Deck card, once per interval.
                if side.side.len() == 2 && side.main.contains(&deck.main[0]) && sided < results.len() {
                    let (out, into) = (side.main[0], side.side[0]);
                    c.send(&ClientMsg::Side { out: vec![out], into: vec![into] }).await.unwrap();
                    sided += 1;
                    continue;
                }
                assert_eq!(side.main.len(), 40, "siding keeps the count");
                c.send(&ClientMsg::Action { text: "ready".into() }).await.unwrap();
            }
            ServerMsg::State(f) if !f.actions.is_empty() => {
                let a = &f.actions[rng.random_range(0..f.actions.len())];
                c.send(&ClientMsg::Action { text: a.text.clone() }).await.unwrap();
            }
            ServerMsg::Result(r) => {
                if !r.match_over {
                    // Its replay holds both deck lists: not served while the match goes on.
                    let (status, _) = ygo_server::client::http_get(&s.addr.to_string(), &format!("/api/replays/{}", r.replay_id)).await.unwrap();
                    assert_eq!(status, 404, "a duel's replay waits for the end of its match");
                }
                let over = r.match_over;
                results.push(r);
                if over {
                    break;
                }
            }
            ServerMsg::Error { code, message } => panic!("{code}: {message}"),
            _ => {}
        }
    }
    let last = results.last().unwrap();
    assert!(results.len() >= 2 && results.len() <= 3, "{} duels", results.len());
    assert!(last.duel_wins.iter().any(|&w| w >= 2) || results.len() == 3, "{:?}", last.duel_wins);
    assert!(sided >= 1, "the interval offered siding");
    // Every duel of the match is stored.
    let (_, body) = ygo_server::client::http_get(&s.addr.to_string(), "/api/duels").await.unwrap();
    let rows: Vec<serde_json::Value> = serde_json::from_str(&body).unwrap();
    assert_eq!(rows.len(), results.len());
    for r in &results {
        let (status, _) = ygo_server::client::http_get(&s.addr.to_string(), &format!("/api/replays/{}", r.replay_id)).await.unwrap();
        assert_eq!(status, 200);
    }
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_does_not_come_back_loses_the_match() {
    let dir = TempDir::new("dropped");
    let config = Config { reconnect_wait: Duration::from_millis(300), rate_per_sec: 10_000.0, burst: 10_000.0, ..Config::default() };
    let s = server_with(&dir.db(), config).await;
    let (mut a, mut b) = (connect(&s).await, connect(&s).await);
    let mut seen = Vec::new();
    let (code, _) = create(&mut a, RoomOptions::default(), "vanilla-yugi", &mut seen).await;
    join(&mut b, &code, "vanilla-kaiba", &mut seen).await;
    // A's connection drops (no leave message).
    a.close().await;
    // B is told whom the duel waits for, then wins when the wait is over.
    let waiting = b
        .until(&mut seen, |m| match m {
            ServerMsg::State(f) => f.clock.waiting_for.clone(),
            _ => None,
        })
        .await
        .unwrap();
    assert!(waiting.starts_with("guest-"), "{waiting}");
    let r = b
        .until(&mut seen, |m| match m {
            ServerMsg::Result(r) => Some(r.clone()),
            _ => None,
        })
        .await
        .unwrap();
    assert!(r.match_over);
    assert!(r.reason.contains("left"), "{}", r.reason);
    assert_eq!(r.match_winner.as_deref().map(|n| n.starts_with("guest-")), Some(true));
    assert_ne!(r.match_winner.as_deref(), Some(waiting.as_str()));
    s.stop().await;
}
