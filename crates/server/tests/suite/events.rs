//! Swiss events for people (issue 36): accounts register decks (an illegal one refused with
//! its violations named), the organizer pairs the rounds (by match points, a bye with an
//! odd count), each pairing's match is a room only its two players enter, results are
//! recorded by the room itself, standings and CSV exports follow, and a restart of the
//! server loses nothing.

use crate::common::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use ygo_server::client::{http_get, Client};
use ygo_server::event::EventInfo;
use ygo_server::protocol::{ClientMsg, DeckSource, ResultInfo, ServerMsg};

/// Plays random legal actions for this seat until the match is over. With two people in
/// the room an answer may come after the other player's move made it stale: the server
/// refuses it (`rejected`) and the next frame is answered instead.
async fn play_match(c: &mut Client, seed: u64) -> ResultInfo {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    loop {
        let Some((_, msg)) = c.recv().await.expect("a message") else { panic!("the server closed the connection") };
        match msg {
            ServerMsg::State(f) if !f.actions.is_empty() => {
                let a = &f.actions[rng.random_range(0..f.actions.len())];
                c.send(&ClientMsg::Action { text: a.text.clone() }).await.unwrap();
            }
            ServerMsg::Result(r) if r.match_over => return r,
            ServerMsg::Error { code, .. } if code == "rejected" => {}
            ServerMsg::Error { code, message } => panic!("server error {code}: {message}"),
            _ => {}
        }
    }
}

/// Plays the current round: for every pairing with two players, A opens the room, B
/// joins, both play random legal actions to the end of the match.
async fn play_round(clients: &mut [(String, Client)], info: &EventInfo, seed: u64) {
    for p in info.pairings.iter().filter(|p| p.round == info.round) {
        let Some(b) = &p.b else { continue };
        let ia = clients.iter().position(|(n, _)| *n == p.a).unwrap();
        let ib = clients.iter().position(|(n, _)| n == b).unwrap();
        let (lo, hi) = clients.split_at_mut(ia.max(ib));
        let (ca, cb) = if ia < ib { (&mut lo[ia].1, &mut hi[0].1) } else { (&mut hi[0].1, &mut lo[ib].1) };
        let (mut sa, mut sb) = (Vec::new(), Vec::new());
        ca.send(&ClientMsg::EventPlay { event: info.id.clone() }).await.unwrap();
        let (code, _) = joined(ca, &mut sa).await;
        cb.send(&ClientMsg::EventPlay { event: info.id.clone() }).await.unwrap();
        let (code_b, _) = joined(cb, &mut sb).await;
        assert_eq!(code, code_b, "both players are sent to the same room");
        let (ra, rb) = tokio::join!(play_match(ca, seed ^ p.table as u64), play_match(cb, seed ^ 0x55 ^ p.table as u64));
        assert!(ra.match_over && rb.match_over);
        ca.send(&ClientMsg::Leave).await.unwrap();
        cb.send(&ClientMsg::Leave).await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_event_is_registered_paired_played_and_survives_a_restart() {
    let dir = TempDir::new("events");
    let s = server(&dir.db()).await;
    let names = ["Organizer", "Bea", "Cid", "Dee", "Eve"];
    let mut clients = Vec::new();
    for n in names {
        let mut c = connect(&s).await;
        session(&mut c, ClientMsg::Register { name: n.into(), password: format!("{n}-secret") }).await;
        clients.push((n.to_string(), c));
    }
    // A guest cannot create events.
    let mut guest = connect(&s).await;
    let m = refused(
        &mut guest,
        ClientMsg::CreateEvent {
            name: "Open".into(),
            format: "casual".into(),
            rounds: 2,
            public_lists: true,
            grace_seconds: None,
            structure: None,
            settings: Default::default(),
        },
    )
    .await;
    assert!(m.contains("log in"), "{m}");

    let org = &mut clients[0].1;
    org.send(&ClientMsg::CreateEvent {
        name: "Tuesday Swiss".into(),
        format: "casual".into(),
        rounds: 2,
        public_lists: true,
        grace_seconds: None,
        structure: None,
        settings: Default::default(),
    })
    .await
    .unwrap();
    let info = event(org).await;
    assert_eq!((info.status, info.round, info.rounds), (ygo_server::event::Status::Registration, 0, 2));
    let id = info.id.clone();

    // An illegal deck is refused with its violation named, and nothing is registered.
    let deck = ygo_server::decks::resolve(&builtin("vanilla-yugi")).unwrap();
    let short = format!("#main\n{}\n", deck.main[..39].iter().map(|c| c.to_string()).collect::<Vec<_>>().join("\n"));
    let m = refused(&mut clients[1].1, ClientMsg::EventRegister { event: id.clone(), deck: DeckSource::Ydk { text: short, file: "short.ydk".into() } }).await;
    assert!(m.contains("39 cards") && m.contains("40 to 60"), "{m}");
    for (i, (_, c)) in clients.iter_mut().enumerate() {
        let d = if i % 2 == 0 { "vanilla-yugi" } else { "vanilla-kaiba" };
        c.send(&ClientMsg::EventRegister { event: id.clone(), deck: builtin(d) }).await.unwrap();
        let info = event(c).await;
        assert_eq!(info.players.len(), i + 1);
        assert!(info.players.iter().all(|p| p.deck.is_none()), "lists stay hidden while the event runs");
    }
    // Only the organizer pairs.
    let m = refused(&mut clients[1].1, ClientMsg::EventPair { event: id.clone() }).await;
    assert!(m.contains("organizer"), "{m}");

    let mut seed = 11;
    for round in 1..=2u32 {
        clients[0].1.send(&ClientMsg::EventPair { event: id.clone() }).await.unwrap();
        let info = event(&mut clients[0].1).await;
        assert_eq!(info.round, round);
        let this: Vec<_> = info.pairings.iter().filter(|p| p.round == round).collect();
        assert_eq!(this.len(), 3, "5 players: 2 matches and a bye");
        let byes: Vec<_> = this.iter().filter(|p| p.b.is_none()).collect();
        assert_eq!(byes.len(), 1);
        assert!(byes[0].done && byes[0].winner.as_deref() == Some(byes[0].a.as_str()), "a bye is won at once");
        if round == 2 {
            // No rematch, and not the same bye twice.
            let first: Vec<_> = info.pairings.iter().filter(|p| p.round == 1).collect();
            for p in &this {
                assert!(
                    !first.iter().any(|q| q.b.is_some() && ((q.a == p.a && q.b == p.b) || (Some(&q.a) == p.b.as_ref() && Some(&p.a) == q.b.as_ref()))),
                    "rematch {p:?}"
                );
            }
            assert_ne!(first.iter().find(|p| p.b.is_none()).unwrap().a, byes[0].a, "a second bye for the same player");
        } else {
            // The round is not over yet: no next one.
            let m = refused(&mut clients[0].1, ClientMsg::EventPair { event: id.clone() }).await;
            assert!(m.contains("to finish"), "{m}");
        }
        play_round(&mut clients, &info, seed).await;
        seed += 100;
    }
    clients[0].1.send(&ClientMsg::EventGet { event: id.clone() }).await.unwrap();
    let done = event(&mut clients[0].1).await;
    assert_eq!(done.status, ygo_server::event::Status::Finished, "{done:?}");
    assert!(done.pairings.iter().all(|p| p.done && p.room.is_none()));
    // Every played match is stored under its match id, its duels public now.
    let (_, body) = http_get(&s.addr.to_string(), "/api/duels?limit=200").await.unwrap();
    let duels: Vec<serde_json::Value> = serde_json::from_str(&body).unwrap();
    for p in done.pairings.iter().filter(|p| p.b.is_some()) {
        let mid = p.match_id.as_deref().expect("a played match has its id");
        let n = duels.iter().filter(|d| d["match_id"] == mid).count() as u8;
        assert!(n >= 2, "{p:?}: {n} duels stored (a best of 3 plays at least 2)");
        assert_eq!(p.wins.iter().sum::<u8>() + duels.iter().filter(|d| d["match_id"] == mid && d["winner"].is_null()).count() as u8, n);
    }
    // Standings: 5 players, 3 points a win or bye, 1 a draw, over 2 rounds.
    let total: u32 = done.standings.iter().map(|s| s.points).sum();
    let wins = done.pairings.iter().filter(|p| p.winner.is_some()).count() as u32;
    let draws = done.pairings.iter().filter(|p| p.winner.is_none()).count() as u32;
    assert_eq!(total, 3 * wins + 2 * draws);
    assert!(done.standings.windows(2).all(|w| w[0].points >= w[1].points));
    assert!(done.players.iter().all(|p| p.deck.as_deref().is_some_and(|d| d.contains("#main"))), "lists public once finished");
    let (status, csv) = http_get(&s.addr.to_string(), &format!("/api/events/{id}/standings.csv")).await.unwrap();
    assert_eq!(status, 200);
    assert_eq!(csv.lines().count(), 6, "{csv}");
    assert!(csv.lines().nth(1).unwrap().starts_with("1,"), "{csv}");
    let (_, csv) = http_get(&s.addr.to_string(), &format!("/api/events/{id}/pairings.csv")).await.unwrap();
    assert_eq!(csv.lines().count(), 7, "{csv}");
    assert_eq!(csv.matches("(bye)").count(), 2, "{csv}");
    let (status, _) = http_get(&s.addr.to_string(), "/api/events/NOSUCHID").await.unwrap();
    assert_eq!(status, 404);
    // Nothing to pair after the last round.
    let m = refused(&mut clients[0].1, ClientMsg::EventPair { event: id.clone() }).await;
    assert!(m.contains("2 rounds"), "{m}");

    // A restart: the same event, the same results and standings.
    drop(clients);
    drop(guest);
    s.stop().await;
    let s = server(&dir.db()).await;
    let (status, body) = http_get(&s.addr.to_string(), &format!("/api/events/{id}")).await.unwrap();
    assert_eq!(status, 200);
    let again: EventInfo = serde_json::from_str(&body).unwrap();
    assert_eq!(again, done);
    let (_, list) = http_get(&s.addr.to_string(), "/api/events").await.unwrap();
    assert!(list.contains("Tuesday Swiss"), "{list}");
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_paired_player_enters_an_event_match_and_a_registration_locks_at_the_start() {
    let dir = TempDir::new("events-lock");
    let s = server(&dir.db()).await;
    let mut cs = Vec::new();
    for n in ["Org", "P1", "Intruder"] {
        let mut c = connect(&s).await;
        session(&mut c, ClientMsg::Register { name: n.into(), password: format!("{n}-secret") }).await;
        cs.push(c);
    }
    cs[0]
        .send(&ClientMsg::CreateEvent {
            name: "Lock".into(),
            format: "casual".into(),
            rounds: 1,
            public_lists: false,
            grace_seconds: None,
            structure: None,
            settings: Default::default(),
        })
        .await
        .unwrap();
    let id = event(&mut cs[0]).await.id;
    for c in cs.iter_mut().take(2) {
        c.send(&ClientMsg::EventRegister { event: id.clone(), deck: builtin("vanilla-yugi") }).await.unwrap();
        event(c).await;
    }
    cs[0].send(&ClientMsg::EventPair { event: id.clone() }).await.unwrap();
    let info = event(&mut cs[0]).await;
    assert_eq!(info.pairings.len(), 1);
    // Registration is closed once the event runs.
    let m = refused(&mut cs[2], ClientMsg::EventRegister { event: id.clone(), deck: builtin("vanilla-yugi") }).await;
    assert!(m.contains("closed"), "{m}");
    let m = refused(&mut cs[2], ClientMsg::EventPlay { event: id.clone() }).await;
    assert!(m.contains("not registered"), "{m}");
    cs[0].send(&ClientMsg::EventPlay { event: id.clone() }).await.unwrap();
    let mut seen = Vec::new();
    let (code, _) = joined(&mut cs[0], &mut seen).await;
    // Someone else cannot take the second seat with the room's code.
    cs[2].send(&ClientMsg::JoinRoom { code: code.clone(), deck: builtin("vanilla-yugi"), name: None }).await.unwrap();
    match cs[2].recv().await.unwrap().map(|(_, m)| m) {
        Some(ServerMsg::Error { code, message }) => assert!(code == "room" && message.contains("only its paired player"), "{code}: {message}"),
        other => panic!("the intruder was not refused: {other:?}"),
    }
    // The room closes with no result when its opener leaves: the pairing opens again.
    cs[0].send(&ClientMsg::Leave).await.unwrap();
    // (The room's task ends on its own once it has handled the leave; wait for that.)
    let mut waited = 0;
    while s.state.room(&code).is_some() && waited < 3000 {
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        waited += 1;
    }
    assert!(s.state.room(&code).is_none(), "the empty room closed");
    cs[1].send(&ClientMsg::EventPlay { event: id.clone() }).await.unwrap();
    let (code2, _) = joined(&mut cs[1], &mut seen).await;
    assert_ne!(code, code2);
    s.stop().await;
}

/// `ygo loadtest --event-players 4 --format goat` against an in-process server: every
/// player registers a Goat deck, 2 Swiss rounds are paired and played to their end, the
/// JSON line says so; then the event's page and one of its duels' replay page answer 200
/// over plain HTTP without a login (the web client, which routes by the path).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_event_load_test_runs_a_swiss_event_and_its_public_pages_answer() {
    let dir = TempDir::new("events-load");
    let config = ygo_server::Config { rate_per_sec: 10_000.0, burst: 10_000.0, max_accounts_per_hour: 0, ..ygo_server::Config::default() };
    let s = server_with(&dir.db(), config).await;
    let addr = s.addr.to_string();
    let report = ygo_server::loadtest::run_event(ygo_server::loadtest::EventOptions {
        addr: addr.clone(),
        players: 4,
        format: "goat".into(),
        think: std::time::Duration::ZERO,
        seed: 5,
        timeout: std::time::Duration::from_secs(600),
        connect_parallel: 8,
    })
    .await
    .expect("the load test runs");
    // The one JSON line `ygo loadtest` prints.
    let line = serde_json::to_string(&report).unwrap();
    let json: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(json["event_finished"], true, "{line}");
    assert_eq!(json["errors"], 0, "{line}");
    assert_eq!(json["rounds"], 2, "{line}");
    assert_eq!(json["matches"], 4, "4 players, 2 rounds: 2 matches a round; {line}");
    assert!(json["p99_ms"].as_f64().is_some_and(|p| p > 0.0), "{line}");
    let id = json["event_id"].as_str().expect("an event id").to_string();
    let replay = json["replay"].as_str().expect("a duel of the event").to_string();

    // The event as stored: finished, every match with its result and its duels.
    let (status, body) = http_get(&addr, &format!("/api/events/{id}")).await.unwrap();
    assert_eq!(status, 200);
    let info: EventInfo = serde_json::from_str(&body).unwrap();
    assert_eq!((info.status, info.round, info.players.len(), info.standings.len()), (ygo_server::event::Status::Finished, 2, 4, 4));
    assert!(info.pairings.iter().all(|p| p.done && p.b.is_some() && p.match_id.is_some()), "{:?}", info.pairings);
    let (status, body) = http_get(&addr, &format!("/api/events/{id}/duels")).await.unwrap();
    assert_eq!(status, 200);
    let duels: Vec<serde_json::Value> = serde_json::from_str(&body).unwrap();
    for p in &info.pairings {
        let n = duels.iter().filter(|d| d["match_id"] == p.match_id.as_deref().unwrap()).count();
        assert!(n >= 2, "a best of 3 has at least 2 duels: {p:?} has {n}");
    }
    assert!(duels.iter().any(|d| d["id"] == replay.as_str()));
    let (status, _) = http_get(&addr, "/api/events/NOSUCHID/duels").await.unwrap();
    assert_eq!(status, 404);

    // The public pages: the web client, with no login (a plain GET, no cookie, no WebSocket).
    for path in [format!("/event/{id}"), format!("/replay/{replay}")] {
        let (status, body) = http_get(&addr, &path).await.unwrap();
        assert_eq!(status, 200, "{path}");
        assert!(body.contains("<div id=\"app\">") && body.contains("/assets/app.js"), "{path}: {body}");
    }
    let (status, body) = http_get(&addr, &format!("/api/replays/{replay}/view?step=3")).await.unwrap();
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"step\":3"), "{body}");
    s.stop().await;
}

/// The no-show rule: with a grace time of 1 second, a player who opens their match's room
/// and waits wins the match 2-0 once the grace runs out without the opponent; the result is
/// the event's (no duel stored), and the late opponent has no match left to play. Nothing
/// here races: the opponent never comes, whatever the timing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_does_not_show_within_the_grace_time_loses_the_match() {
    let dir = TempDir::new("events-noshow");
    let s = server(&dir.db()).await;
    let mut cs = Vec::new();
    for n in ["Host", "Late"] {
        let mut c = connect(&s).await;
        session(&mut c, ClientMsg::Register { name: n.into(), password: format!("{n}-secret") }).await;
        cs.push(c);
    }
    let m = refused(
        &mut cs[0],
        ClientMsg::CreateEvent {
            name: "Grace".into(),
            format: "casual".into(),
            rounds: 1,
            public_lists: false,
            grace_seconds: Some(999_999),
            structure: None,
            settings: Default::default(),
        },
    )
    .await;
    assert!(m.contains("grace_seconds"), "{m}");
    cs[0]
        .send(&ClientMsg::CreateEvent {
            name: "Grace".into(),
            format: "casual".into(),
            rounds: 1,
            public_lists: false,
            grace_seconds: Some(1),
            structure: None,
            settings: Default::default(),
        })
        .await
        .unwrap();
    let info = event(&mut cs[0]).await;
    assert_eq!(info.grace_seconds, 1);
    let id = info.id;
    for c in cs.iter_mut() {
        c.send(&ClientMsg::EventRegister { event: id.clone(), deck: builtin("vanilla-yugi") }).await.unwrap();
        event(c).await;
    }
    cs[0].send(&ClientMsg::EventPair { event: id.clone() }).await.unwrap();
    event(&mut cs[0]).await;
    cs[0].send(&ClientMsg::EventPlay { event: id.clone() }).await.unwrap();
    let mut seen = Vec::new();
    joined(&mut cs[0], &mut seen).await;
    let r = cs[0]
        .until(&mut seen, |m| match m {
            ServerMsg::Result(r) => Some(r.clone()),
            _ => None,
        })
        .await
        .unwrap();
    assert!(r.match_over && r.match_winner.as_deref() == Some("Host") && r.reason.contains("no-show"), "{r:?}");
    assert_eq!(r.duel_wins, [2, 0]);
    cs[0].send(&ClientMsg::EventGet { event: id.clone() }).await.unwrap();
    let done = event(&mut cs[0]).await;
    assert_eq!(done.status, ygo_server::event::Status::Finished);
    let p = &done.pairings[0];
    assert!(p.done && p.winner.as_deref() == Some("Host"), "{p:?}");
    assert_eq!(if p.a == "Host" { p.wins } else { [p.wins[1], p.wins[0]] }, [2, 0]);
    assert_eq!(done.standings[0].player, "Host");
    let m = refused(&mut cs[1], ClientMsg::EventPlay { event: id.clone() }).await;
    assert!(m.contains("no match"), "{m}");
    s.stop().await;
}
