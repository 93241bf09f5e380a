//! The PostgreSQL path: two `ygo serve` processes on one database share accounts,
//! ratings, replays and events. Needs a server: `tools/pg_check.sh` starts a throwaway cluster,
//! builds `ygo`, and runs this with `YGO_TEST_PG_URL` and `YGO_BIN` set (this crate's
//! feature `pg`, so `cargo test --workspace` leaves it out). The shared test helpers are the
//! server tests' (`crates/server/tests/common`).

#[path = "../../server/tests/common/mod.rs"]
mod common;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use common::*;
use ygo_core::replay::{ReplayFile, Verdict};
use ygo_server::client::{http_get, Client};
use ygo_server::protocol::{ClientMsg, ResultInfo, RoomOptions};

struct Serve {
    child: Child,
    addr: String,
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A server process; its clients answer at once, so the rate bound is lifted.
fn serve(bin: &str, url: &str) -> Serve {
    let mut child = Command::new(bin)
        .args(["serve", "--addr", "127.0.0.1:0", "--db", url, "--rate-limit", "100000"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("ygo serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr = line.trim().strip_prefix("listening on http://").unwrap_or_else(|| panic!("unexpected first line {line:?}")).to_string();
    Serve { child, addr }
}

async fn client(addr: &str) -> Client {
    let mut c = Client::connect(addr).await.unwrap();
    c.hello().await.unwrap();
    c
}

/// A rated duel between two logged-in clients of one server.
async fn rated_duel(mut a: Client, mut b: Client, seed: u64) -> ResultInfo {
    let mut seen = Vec::new();
    let (code, _) = create(&mut a, RoomOptions { rated: true, ..RoomOptions::default() }, "vanilla-yugi", &mut seen).await;
    join(&mut b, &code, "vanilla-kaiba", &mut seen).await;
    let tb = tokio::spawn(async move { play(&mut b, seed + 1, &mut Vec::new()).await });
    let r = play(&mut a, seed, &mut seen).await;
    tb.await.unwrap();
    r
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_share_accounts_ratings_and_replays() {
    let url = std::env::var("YGO_TEST_PG_URL").expect("set YGO_TEST_PG_URL (tools/pg_check.sh does)");
    let bin = std::env::var("YGO_BIN").expect("set YGO_BIN to the ygo binary (tools/pg_check.sh does)");
    // Both start at once: the migrations take a lock and run once.
    let (s1, s2) = (serve(&bin, &url), serve(&bin, &url));
    // Accounts made on one server log in on the other.
    let mut a1 = client(&s1.addr).await;
    session(&mut a1, ClientMsg::Register { name: "Alice".into(), password: "secret-a".into() }).await;
    let mut b2 = client(&s2.addr).await;
    session(&mut b2, ClientMsg::Register { name: "Bob".into(), password: "secret-b".into() }).await;
    let mut b1 = client(&s1.addr).await;
    session(&mut b1, ClientMsg::Login { name: "bob".into(), password: "secret-b".into() }).await;
    let mut a2 = client(&s2.addr).await;
    session(&mut a2, ClientMsg::Login { name: "ALICE".into(), password: "secret-a".into() }).await;
    // One rated duel on each server, at the same time.
    let (r1, r2) = tokio::join!(rated_duel(a1, b1, 1), rated_duel(a2, b2, 5));
    assert_eq!(r1.ratings.len(), 2);
    assert_eq!(r2.ratings.len(), 2);
    // Each server sees both duels, with replays that play back.
    for s in [&s1, &s2] {
        let (_, body) = http_get(&s.addr, "/api/duels?user=alice").await.unwrap();
        assert!(body.contains(&r1.replay_id) && body.contains(&r2.replay_id), "{body}");
        for id in [&r1.replay_id, &r2.replay_id] {
            let (status, body) = http_get(&s.addr, &format!("/api/replays/{id}")).await.unwrap();
            assert_eq!(status, 200);
            let file: ReplayFile = serde_json::from_str(&body).unwrap();
            assert!(matches!(file.verify(ygo_cards::pool()), Verdict::Identical { .. }));
        }
    }
    // Both rating changes count: two games each, whichever server played them.
    let mut a = client(&s1.addr).await;
    let ratings = session(&mut a, ClientMsg::Login { name: "alice".into(), password: "secret-a".into() }).await;
    assert_eq!(ratings.len(), 1);
    assert_eq!(ratings[0].games, 2);
    let mut b = client(&s2.addr).await;
    let rb = session(&mut b, ClientMsg::Login { name: "bob".into(), password: "secret-b".into() }).await;
    assert_eq!(rb[0].games, 2);
    // Elo is zero-sum here (same K, both start at 1500).
    assert_eq!(ratings[0].elo + rb[0].elo, 2 * ygo_server::db::START_ELO);

    // A Swiss event (issue 36) run on one server (`ygo loadtest --event-players 4`) is the
    // other's too: the same finished event, its duels, its public page.
    let report = ygo_server::loadtest::run_event(ygo_server::loadtest::EventOptions {
        addr: s1.addr.clone(),
        players: 4,
        format: "casual".into(),
        think: std::time::Duration::ZERO,
        seed: 9,
        timeout: std::time::Duration::from_secs(300),
        connect_parallel: 8,
    })
    .await
    .unwrap();
    assert!(report.event_finished && report.errors == 0 && report.matches == 4, "{report:?}");
    let id = report.event_id.clone().unwrap();
    let (_, one) = http_get(&s1.addr, &format!("/api/events/{id}")).await.unwrap();
    let (status, other) = http_get(&s2.addr, &format!("/api/events/{id}")).await.unwrap();
    assert_eq!((status, &one), (200, &other));
    let (_, duels) = http_get(&s2.addr, &format!("/api/events/{id}/duels")).await.unwrap();
    assert!(duels.contains(report.replay.as_deref().unwrap()), "{duels}");
    let (status, _) = http_get(&s2.addr, &format!("/event/{id}")).await.unwrap();
    assert_eq!(status, 200);
}
