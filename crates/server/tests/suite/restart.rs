//! A server restart loses no finished duel or rating: they are in the database before the
//! result is shown. The server is stopped the moment the result arrives and a new one is
//! started on the same file.

use crate::common::*;
use ygo_core::replay::{ReplayFile, Verdict};
use ygo_server::protocol::{ClientMsg, RoomOptions};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_duels_and_ratings_survive_a_restart() {
    let dir = TempDir::new("restart");
    let s = server(&dir.db()).await;
    let (mut a, mut b) = (connect(&s).await, connect(&s).await);
    session(&mut a, ClientMsg::Register { name: "Alice".into(), password: "secret-a".into() }).await;
    session(&mut b, ClientMsg::Register { name: "Bob".into(), password: "secret-b".into() }).await;
    let mut seen = Vec::new();
    let options = RoomOptions { rated: true, ..RoomOptions::default() };
    let (code, _) = create(&mut a, options, "vanilla-yugi", &mut seen).await;
    join(&mut b, &code, "vanilla-kaiba", &mut seen).await;
    let tb = tokio::spawn(async move {
        let mut seen = Vec::new();
        play(&mut b, 2, &mut seen).await
    });
    let ra = play(&mut a, 1, &mut seen).await;
    // Stop at once: what the result announced must already be stored.
    s.stop().await;
    let rb = tb.await.unwrap();
    assert_eq!(ra.replay_id, rb.replay_id);
    assert_eq!(ra.ratings.len(), 2, "a rated match changes both ratings");
    let elo_a = ra.ratings.iter().find(|(n, _)| n == "Alice").unwrap().1;
    if ra.match_winner.as_deref() == Some("Alice") {
        assert!(elo_a > ygo_server::db::START_ELO);
    }

    let s = server(&dir.db()).await;
    let addr = s.addr.to_string();
    let (status, body) = ygo_server::client::http_get(&addr, "/api/duels?user=alice").await.unwrap();
    assert_eq!(status, 200);
    assert!(body.contains(&ra.replay_id), "{body}");
    let (status, body) = ygo_server::client::http_get(&addr, &format!("/api/replays/{}", ra.replay_id)).await.unwrap();
    assert_eq!(status, 200, "{body}");
    let file: ReplayFile = serde_json::from_str(&body).unwrap();
    assert!(matches!(file.verify(ygo_cards::pool()), Verdict::Identical { .. }), "the stored replay plays back");
    let mut a = connect(&s).await;
    let ratings = session(&mut a, ClientMsg::Login { name: "alice".into(), password: "secret-a".into() }).await;
    assert_eq!(ratings.len(), 1);
    assert_eq!((ratings[0].format.as_str(), ratings[0].elo, ratings[0].games), ("casual", elo_a, 1));
    let (_, board) = ygo_server::client::http_get(&addr, "/api/ratings?format=casual").await.unwrap();
    assert!(board.contains("Alice") && board.contains("Bob"), "{board}");
    s.stop().await;
}
