//! The server under attack (issue 29): each test plays one attacker's move and checks the
//! bound that stops it. Waits are for what the server does (a message, a close, a health
//! count), never for a clock to decide a result.

use std::time::Duration;

use crate::common::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use ygo_server::client::{http_get, Client};
use ygo_server::protocol::{ClientMsg, RoomOptions, ServerMsg};
use ygo_server::Config;

fn fast() -> Config {
    Config { rate_per_sec: 10_000.0, burst: 10_000.0, ..Config::default() }
}

/// The next message that is not a frame or room update.
async fn next_notice(c: &mut Client) -> ServerMsg {
    loop {
        let Some((_, m)) = c.recv().await.unwrap() else { panic!("closed") };
        if !matches!(m, ServerMsg::State(_) | ServerMsg::Room(_)) {
            return m;
        }
    }
}

/// Polls `/api/health` until `pick` holds (a safety net of 60 s fails the test).
async fn health_until(addr: &str, what: &str, pick: impl Fn(&serde_json::Value) -> bool) -> serde_json::Value {
    for _ in 0..1200 {
        let (_, body) = http_get(addr, "/api/health").await.unwrap();
        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
        if pick(&v) {
            return v;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("/api/health never showed {what}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ai_budget_past_the_servers_bound_is_refused() {
    let dir = TempDir::new("ai-budget");
    let s = server_with(&dir.db(), Config { ai_max_ms: 500, ai_max_iterations: 300, ..fast() }).await;
    let mut c = connect(&s).await;
    for spec in ["mcts:18446744073709551615ms", "mcts:501ms", "mcts:0ms", "mcts:301", "mcts:99999999999999999999"] {
        let options = RoomOptions { vs_ai: Some(spec.into()), ..RoomOptions::default() };
        c.send(&ClientMsg::CreateRoom { options, deck: builtin("vanilla-yugi"), name: None }).await.unwrap();
        let (code, message) = next_error(&mut c).await;
        assert_eq!(code, "room", "{spec}: {message}");
        assert!(message.contains("500 ms") || message.contains("300 iterations"), "{spec}: {message}");
    }
    assert_eq!(s.state.room_count(), 0, "no room was made");
    let mut seen = Vec::new();
    create(&mut c, RoomOptions { vs_ai: Some("mcts:20ms".into()), ..RoomOptions::default() }, "vanilla-yugi", &mut seen).await;
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ai_decisions_share_a_bounded_pool_and_rooms_queue() {
    let dir = TempDir::new("ai-pool");
    let s = server_with(&dir.db(), Config { ai_workers: 1, ..fast() }).await;
    let mut tasks = Vec::new();
    for i in 0..3u64 {
        let mut c = connect(&s).await;
        tasks.push(tokio::spawn(async move {
            let mut seen = Vec::new();
            create(&mut c, RoomOptions { vs_ai: Some("greedy".into()), ..RoomOptions::default() }, "vanilla-yugi", &mut seen).await;
            play(&mut c, 40 + i, &mut seen).await
        }));
    }
    for t in tasks {
        let r = t.await.unwrap();
        assert!(r.match_over);
    }
    assert_eq!(s.state.ai.peak(), 1, "three AI rooms never ran two decisions at once");
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_whose_match_ended_by_a_reconnect_time_out_is_reaped() {
    let dir = TempDir::new("reap");
    let s = server_with(&dir.db(), Config { reconnect_wait: Duration::from_millis(200), ..fast() }).await;
    let addr = s.addr.to_string();
    for _ in 0..3 {
        let mut c = connect(&s).await;
        let mut seen = Vec::new();
        create(&mut c, RoomOptions { vs_ai: Some("mcts:50ms".into()), ..RoomOptions::default() }, "vanilla-yugi", &mut seen).await;
        c.close().await;
    }
    // Each seat's wait runs out, each match ends, and nobody is left: the rooms go.
    let v = health_until(&addr, "rooms: 0", |v| v["rooms"] == 0 && v["ai_running"] == 0).await;
    assert_eq!(v["rooms"], 0);
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_room_closes_in_any_state() {
    let dir = TempDir::new("idle-room");
    let s = server_with(&dir.db(), Config { room_idle: Duration::from_millis(300), ..fast() }).await;
    let mut c = connect(&s).await;
    let mut seen = Vec::new();
    create(&mut c, RoomOptions::default(), "vanilla-yugi", &mut seen).await;
    // Nobody joins and nobody says anything: the waiting room closes and says why.
    loop {
        if let ServerMsg::Error { code, message } = next_notice(&mut c).await {
            assert_eq!(code, "idle", "{message}");
            break;
        }
    }
    health_until(&s.addr.to_string(), "rooms: 0", |v| v["rooms"] == 0).await;
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shutdown_ends_the_rooms_saves_them_and_stops_the_ai() {
    let dir = TempDir::new("shutdown");
    let s = server_with(&dir.db(), fast()).await;
    let mut c = connect(&s).await;
    let mut seen = Vec::new();
    create(&mut c, RoomOptions { vs_ai: Some("mcts:2000ms".into()), ..RoomOptions::default() }, "vanilla-yugi", &mut seen).await;
    let state = s.state.clone();
    let stopping = tokio::spawn(s.stop());
    let mut result = None;
    let mut shutdown = false;
    while let Some((_, m)) = c.recv().await.unwrap() {
        match m {
            ServerMsg::Result(r) => result = Some(r),
            ServerMsg::Error { code, .. } if code == "shutdown" => {
                shutdown = true;
                break;
            }
            _ => {}
        }
    }
    assert!(shutdown, "the members are told");
    let r = result.expect("the match in progress ends with a result");
    assert!(r.match_over && r.match_winner.is_none(), "{r:?}");
    stopping.await.unwrap();
    assert_eq!(state.room_count(), 0, "every room closed before the database did");
    assert!(state.shutting_down.load(std::sync::atomic::Ordering::SeqCst));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_request_leaves_a_seated_client_where_it_was() {
    let dir = TempDir::new("seat");
    let s = server_with(&dir.db(), fast()).await;
    let (mut a, mut b, mut x, mut y) = (connect(&s).await, connect(&s).await, connect(&s).await, connect(&s).await);
    let mut seen = Vec::new();
    let (code, token_a) = create(&mut a, RoomOptions::default(), "vanilla-yugi", &mut seen).await;
    join(&mut b, &code, "vanilla-kaiba", &mut seen).await;
    let (full, _) = create(&mut x, RoomOptions::default(), "vanilla-yugi", &mut seen).await;
    join(&mut y, &full, "vanilla-kaiba", &mut seen).await;
    // Seated in a started match, A asks for what is refused.
    a.send(&ClientMsg::Resume { code: code.clone(), token: "0".repeat(32) }).await.unwrap();
    assert_eq!(next_error(&mut a).await.0, "resume");
    a.send(&ClientMsg::JoinRoom { code: full.clone(), deck: builtin("vanilla-yugi"), name: None }).await.unwrap();
    assert_eq!(next_error(&mut a).await.0, "room");
    a.send(&ClientMsg::Spectate { code: "NOSUCH".into() }).await.unwrap();
    assert_eq!(next_error(&mut a).await.0, "room");
    a.send(&ClientMsg::Spectate { code: code.clone() }).await.unwrap();
    assert_eq!(next_error(&mut a).await.0, "room");
    a.send(&ClientMsg::JoinRoom { code: code.clone(), deck: builtin("vanilla-yugi"), name: None }).await.unwrap();
    assert_eq!(next_error(&mut a).await.0, "room");
    // And its own seat back, with its own token: nothing ends.
    a.send(&ClientMsg::Resume { code: code.clone(), token: token_a.clone().unwrap() }).await.unwrap();
    let (_, t) = joined(&mut a, &mut seen).await;
    assert_eq!(t, token_a);
    // A still sits: its chat comes under its name, and the match plays to its end.
    a.send(&ClientMsg::Chat { text: "still here".into() }).await.unwrap();
    let from = b
        .until(&mut seen, |m| match m {
            ServerMsg::Chat { from, .. } => Some(from.clone()),
            ServerMsg::Result(r) => panic!("the match ended: {}", r.reason),
            _ => None,
        })
        .await
        .unwrap();
    assert!(from.starts_with("guest-"), "{from}");
    // A newcomer watching sees the match still waiting for its first choice, both seats
    // connected.
    let mut w = connect(&s).await;
    w.send(&ClientMsg::Spectate { code: code.clone() }).await.unwrap();
    joined(&mut w, &mut seen).await;
    let info = w
        .until(&mut seen, |m| match m {
            ServerMsg::Room(r) => Some(r.clone()),
            _ => None,
        })
        .await
        .unwrap();
    assert_eq!(info.status, "choosing");
    assert!(info.seats.iter().all(|s| s.as_ref().is_some_and(|s| s.connected)), "{info:?}");
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_are_capped_and_a_join_sends_the_others_nothing() {
    let dir = TempDir::new("spectators");
    let s = server_with(&dir.db(), Config { max_spectators: 2, ..fast() }).await;
    let (mut a, mut b) = (connect(&s).await, connect(&s).await);
    let mut seen = Vec::new();
    let (code, _) = create(&mut a, RoomOptions::default(), "vanilla-yugi", &mut seen).await;
    join(&mut b, &code, "vanilla-kaiba", &mut seen).await;
    let mut w1 = connect(&s).await;
    w1.send(&ClientMsg::Spectate { code: code.clone() }).await.unwrap();
    joined(&mut w1, &mut seen).await;
    // Its own room info and frame, then nothing until something happens.
    let mut w1_seen = Vec::new();
    w1.until(&mut w1_seen, |m| matches!(m, ServerMsg::State(_)).then_some(())).await.unwrap();
    let mut w2 = connect(&s).await;
    w2.send(&ClientMsg::Spectate { code: code.clone() }).await.unwrap();
    joined(&mut w2, &mut seen).await;
    w2.until(&mut seen, |m| matches!(m, ServerMsg::State(_)).then_some(())).await.unwrap();
    let mut w3 = connect(&s).await;
    w3.send(&ClientMsg::Spectate { code: code.clone() }).await.unwrap();
    let (c, m) = next_error(&mut w3).await;
    assert_eq!(c, "room");
    assert!(m.contains("spectators"), "{m}");
    // The first spectator's next message is the chat that follows w2's join: the join
    // sent it nothing.
    a.send(&ClientMsg::Chat { text: "marker".into() }).await.unwrap();
    let Some((_, next)) = w1.recv().await.unwrap() else { panic!("closed") };
    assert!(matches!(&next, ServerMsg::Chat { text, .. } if text == "marker"), "{next:?}");
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn binary_frames_and_pings_count_against_the_rate_and_the_reason_is_read_before_the_close() {
    let dir = TempDir::new("rate-binary");
    // The default burst with a refill too slow to matter (0.001 a second): what is counted
    // depends on the frames alone, not on how fast a loaded machine sends them.
    let s = server_with(&dir.db(), Config { rate_per_sec: 0.001, ..Config::default() }).await;
    let mut c = connect(&s).await;
    for _ in 0..150 {
        c.send_ping().await.unwrap();
    }
    c.send(&ClientMsg::Chat { text: "hi".into() }).await.unwrap();
    // 150 pings used the burst of 100: the chat is dropped for the rate.
    assert_eq!(next_error(&mut c).await.0, "rate");
    let mut c = connect(&s).await;
    for _ in 0..400 {
        c.send_binary(vec![0u8; 16]).await.unwrap();
    }
    let mut codes = Vec::new();
    let mut last = String::new();
    // The connection ends with the server's error read, then a clean close (no reset).
    while let Some((_, m)) = c.recv().await.expect("a clean close, not a reset") {
        if let ServerMsg::Error { code, message } = m {
            codes.push(code);
            last = message;
        }
    }
    assert!(codes.iter().any(|c| c == "format") && codes.iter().any(|c| c == "rate"), "{codes:?}");
    assert!(last.contains("closing"), "the last error says why: {last}");
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_never_says_hello_or_goes_silent_is_closed() {
    let dir = TempDir::new("timeouts");
    let s = server_with(&dir.db(), Config { handshake_timeout: Duration::from_millis(200), idle_timeout: Duration::from_millis(600), ..fast() }).await;
    let addr = s.addr.to_string();
    let mut c = Client::connect(&addr).await.unwrap();
    let Some((_, ServerMsg::Error { code, .. })) = c.recv().await.unwrap() else { panic!("an error first") };
    assert_eq!(code, "timeout");
    assert!(c.recv().await.unwrap().is_none(), "then the close");
    // A raw socket that says hello and then never answers the server's pings.
    let mut raw = tokio::net::TcpStream::connect(&addr).await.unwrap();
    raw.write_all(format!("GET /ws HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").as_bytes()).await.unwrap();
    raw.write_all(&masked_text(r#"{"type":"hello","version":1}"#)).await.unwrap();
    let mut got = Vec::new();
    raw.read_to_end(&mut got).await.unwrap();
    let text = String::from_utf8_lossy(&got);
    assert!(text.contains("\"welcome\"") && text.contains("\"timeout\""), "{text}");
    s.stop().await;
}

/// A client's text frame (masked with a zero key), under 126 bytes.
fn masked_text(text: &str) -> Vec<u8> {
    assert!(text.len() < 126);
    let mut f = vec![0x81, 0x80 | text.len() as u8, 0, 0, 0, 0];
    f.extend_from_slice(text.as_bytes());
    f
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_per_address_are_capped() {
    let dir = TempDir::new("per-addr");
    let s = server_with(&dir.db(), Config { max_conns_per_addr: 2, ..fast() }).await;
    let addr = s.addr.to_string();
    let a = connect(&s).await;
    let _b = connect(&s).await;
    let err = Client::connect(&addr).await.err().expect("a third connection is refused");
    assert!(err.to_string().contains("429"), "{err}");
    a.close().await;
    health_until(&addr, "one connection", |v| v["connections"] == 1).await;
    connect(&s).await;
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_are_normalised_and_guests_cannot_take_an_accounts_name() {
    let dir = TempDir::new("names");
    let s = server_with(&dir.db(), fast()).await;
    let mut c = connect(&s).await;
    session(&mut c, ClientMsg::Register { name: "Yugi".into(), password: "pyramid".into() }).await;
    let mut g = connect(&s).await;
    for (name, why) in [("\u{FF39}\u{FF55}\u{FF47}\u{FF49}", "taken"), ("Yu\u{200B}gi", "invisible"), ("Yugi\u{202E}", "direction"), ("YUGI", "taken")] {
        g.send(&ClientMsg::Register { name: name.into(), password: "another1".into() }).await.unwrap();
        let (code, message) = next_error(&mut g).await;
        assert_eq!(code, "account", "{name:?}");
        assert!(message.contains(why), "{name:?}: {message}");
    }
    // A guest may not sit under an account's name.
    g.send(&ClientMsg::CreateRoom { options: RoomOptions::default(), deck: builtin("vanilla-yugi"), name: Some("yugi".into()) }).await.unwrap();
    let (code, message) = next_error(&mut g).await;
    assert_eq!(code, "room");
    assert!(message.contains("registered"), "{message}");
    // Chat loses its direction overrides.
    let mut seen = Vec::new();
    create(&mut g, RoomOptions::default(), "vanilla-yugi", &mut seen).await;
    g.send(&ClientMsg::Chat { text: "gg\u{202E}olleh\u{202C}".into() }).await.unwrap();
    let text = g
        .until(&mut seen, |m| match m {
            ServerMsg::Chat { text, .. } => Some(text.clone()),
            _ => None,
        })
        .await
        .unwrap();
    assert_eq!(text, "ggolleh");
    s.stop().await;
}

#[tokio::test]
async fn an_address_registering_in_a_loop_meets_its_hourly_quota() {
    let dir = TempDir::new("quota");
    let s = server_with(&dir.db(), Config { max_accounts_per_hour: 2, ..fast() }).await;
    let mut c = connect(&s).await;
    session(&mut c, ClientMsg::Register { name: "first".into(), password: "password1".into() }).await;
    session(&mut c, ClientMsg::Register { name: "second".into(), password: "password2".into() }).await;
    // A new connection from the same address does not start a new quota.
    let mut d = connect(&s).await;
    d.send(&ClientMsg::Register { name: "third".into(), password: "password3".into() }).await.unwrap();
    let (code, message) = next_error(&mut d).await;
    assert_eq!(code, "quota", "{message}");
    assert!(message.contains("2 accounts this hour"), "{message}");
    // The refused account was not created: its name is unknown.
    d.send(&ClientMsg::Login { name: "third".into(), password: "password3".into() }).await.unwrap();
    assert_eq!(next_error(&mut d).await.0, "account");
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_players_dropped_at_once_lose_alike_whatever_their_seats() {
    let dir = TempDir::new("both-drop");
    // The wait is long beside the time two closes take to reach the room (milliseconds), so
    // the room has learnt of both drops when the first wait runs out, even on a loaded machine.
    let s = server_with(&dir.db(), Config { reconnect_wait: Duration::from_secs(5), ..fast() }).await;
    let (mut a, mut b, mut w) = (connect(&s).await, connect(&s).await, connect(&s).await);
    let mut seen = Vec::new();
    let (code, _) = create(&mut a, RoomOptions { mode: "match".into(), ..RoomOptions::default() }, "vanilla-yugi", &mut seen).await;
    join(&mut b, &code, "vanilla-kaiba", &mut seen).await;
    w.send(&ClientMsg::Spectate { code: code.clone() }).await.unwrap();
    joined(&mut w, &mut seen).await;
    // Both seats drop; the room learns of both before either wait can run out.
    a.close().await;
    b.close().await;
    let r = w
        .until(&mut seen, |m| match m {
            ServerMsg::Result(r) if r.match_over => Some(r.clone()),
            _ => None,
        })
        .await
        .unwrap();
    assert_eq!(r.match_winner, None, "{r:?}");
    assert!(r.reason.contains(" and ") && r.reason.contains("left"), "{}", r.reason);
    s.stop().await;
}

/// The status line and headers of a GET.
async fn head_of(addr: &str, path: &str, extra: &str) -> String {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{extra}\r\n").as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).into_owned();
    text.split("\r\n\r\n").next().unwrap_or("").to_ascii_lowercase()
}

#[tokio::test]
async fn http_answers_carry_security_headers_and_unknown_api_paths_are_404() {
    let dir = TempDir::new("http");
    let s = server_with(&dir.db(), fast()).await;
    let addr = s.addr.to_string();
    for path in ["/", "/api/health", "/api/nope"] {
        let head = head_of(&addr, path, "").await;
        assert!(head.contains("frame-ancestors 'none'"), "{path}: {head}");
        assert!(head.contains("x-content-type-options: nosniff"), "{path}: {head}");
    }
    assert!(head_of(&addr, "/api/nope", "").await.starts_with("http/1.1 404"));
    assert!(head_of(&addr, "/api/replays/x/y/z", "").await.starts_with("http/1.1 404"));
    assert!(head_of(&addr, "/favicon.ico", "").await.starts_with("http/1.1 200"));
    let (_, body) = http_get(&addr, "/api/health").await.unwrap();
    assert!(body.contains("\"connections\"") && body.contains("\"rooms\""), "{body}");
    s.stop().await;
}

#[tokio::test]
async fn the_origin_check_ignores_host_a_rebinding_page_sets() {
    let dir = TempDir::new("rebind");
    let s = server_with(&dir.db(), fast()).await;
    let addr = s.addr.to_string();
    let port = s.addr.port();
    let upgrade = "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n";
    // A DNS-rebinding page: its Origin and Host agree, and neither is this server's.
    let mut sock = tokio::net::TcpStream::connect(&addr).await.unwrap();
    sock.write_all(format!("GET /ws HTTP/1.1\r\nHost: evil.example:{port}\r\nOrigin: http://evil.example:{port}\r\n{upgrade}\r\n").as_bytes()).await.unwrap();
    let mut buf = [0u8; 64];
    let n = sock.read(&mut buf).await.unwrap();
    assert!(String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 403"), "{}", String::from_utf8_lossy(&buf[..n]));
    // The listening address and its loopback names pass.
    for origin in [format!("http://{addr}"), format!("http://localhost:{port}")] {
        let mut own = Client::connect_with_origin(&addr, Some(&origin)).await.expect("the server's own origin");
        own.hello().await.unwrap();
    }
    s.stop().await;
    let s = server_with(&dir.db(), Config { public_origin: Some("https://ygo.example".into()), ..fast() }).await;
    let addr = s.addr.to_string();
    assert!(Client::connect_with_origin(&addr, Some(&format!("http://{addr}"))).await.is_err(), "with --public-origin only it passes");
    Client::connect_with_origin(&addr, Some("https://ygo.example")).await.expect("the public origin");
    s.stop().await;
}
