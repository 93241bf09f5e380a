//! The protocol's guards: seat tokens, engine-checked actions, the version handshake, the
//! Origin check, and the size and rate bounds.

use crate::common::*;
use ygo_server::client::Client;
use ygo_server::protocol::{ClientMsg, RoomOptions, ServerMsg};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_is_acted_for_only_with_its_token() {
    let dir = TempDir::new("token");
    let s = server(&dir.db()).await;
    let (mut a, mut b, mut watcher, mut rogue) = (connect(&s).await, connect(&s).await, connect(&s).await, connect(&s).await);
    let mut seen = Vec::new();
    let (code, token_a) = create(&mut a, RoomOptions::default(), "vanilla-yugi", &mut seen).await;
    let token_a = token_a.expect("a seat comes with a token");
    assert_eq!(token_a.len(), 32);
    join(&mut b, &code, "vanilla-kaiba", &mut seen).await;
    watcher.send(&ClientMsg::Spectate { code: code.clone() }).await.unwrap();
    joined(&mut watcher, &mut seen).await;
    // A spectator cannot act.
    watcher.send(&ClientMsg::Action { text: "first".into() }).await.unwrap();
    assert_eq!(next_error(&mut watcher).await.0, "token");
    // A wrong token gets no seat.
    rogue.send(&ClientMsg::Resume { code: code.clone(), token: "0".repeat(32) }).await.unwrap();
    let (c, m) = next_error(&mut rogue).await;
    assert_eq!(c, "resume", "{m}");
    // A client in no room acts for nobody.
    rogue.send(&ClientMsg::Action { text: "first".into() }).await.unwrap();
    assert_eq!(next_error(&mut rogue).await.0, "room");
    // The token is the seat: whoever resumes with it holds the seat, and the connection
    // it came from no longer does.
    rogue.send(&ClientMsg::Resume { code: code.clone(), token: token_a.clone() }).await.unwrap();
    let (_, t) = joined(&mut rogue, &mut seen).await;
    assert_eq!(t.as_deref(), Some(token_a.as_str()));
    a.send(&ClientMsg::Action { text: "first".into() }).await.unwrap();
    let (c, m) = next_error(&mut a).await;
    assert_eq!(c, "token", "{m}");
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_checks_every_action_and_a_rejected_one_changes_nothing() {
    let dir = TempDir::new("rejected");
    let s = server(&dir.db()).await;
    let mut a = connect(&s).await;
    let mut seen = Vec::new();
    let options = RoomOptions { vs_ai: Some("random".into()), ..RoomOptions::default() };
    create(&mut a, options, "vanilla-yugi", &mut seen).await;
    // Wait for a frame with actions (a decision of ours: first/second or in the duel).
    let first = a
        .until(&mut seen, |m| match m {
            ServerMsg::State(f) if !f.actions.is_empty() => Some(f.clone()),
            _ => None,
        })
        .await
        .unwrap();
    a.send(&ClientMsg::Action { text: "summon Blue-Eyes White Dragon from nowhere".into() }).await.unwrap();
    let (code, message) = next_error(&mut a).await;
    assert_eq!(code, "rejected", "{message}");
    // Nothing changed: the same decision is still ours.
    a.send(&ClientMsg::Action { text: first.actions[0].text.clone() }).await.unwrap();
    let next = a
        .until(&mut seen, |m| match m {
            ServerMsg::State(f) => Some(f.clone()),
            ServerMsg::Error { message, .. } => panic!("the listed action was refused: {message}"),
            _ => None,
        })
        .await
        .unwrap();
    assert!(next.step > first.step || next.duel > first.duel || next.view.is_some() != first.view.is_some());
    s.stop().await;
}

#[tokio::test]
async fn another_protocol_version_gets_a_clear_error() {
    let dir = TempDir::new("version");
    let s = server(&dir.db()).await;
    let mut c = Client::connect(&s.addr.to_string()).await.unwrap();
    c.send(&ClientMsg::Hello { version: 99 }).await.unwrap();
    let Some((_, ServerMsg::Error { code, message })) = c.recv().await.unwrap() else { panic!("expected an error") };
    assert_eq!(code, "version");
    assert!(message.contains("version 1") && message.contains("99"), "{message}");
    assert!(c.recv().await.unwrap().is_none(), "the server closes the connection");
    // Skipping hello is named too.
    let mut c = Client::connect(&s.addr.to_string()).await.unwrap();
    c.send(&ClientMsg::Chat { text: "hi".into() }).await.unwrap();
    let Some((_, ServerMsg::Error { code, .. })) = c.recv().await.unwrap() else { panic!("expected an error") };
    assert_eq!(code, "hello");
    // So is a message of a shape this version does not know.
    let mut c = Client::connect(&s.addr.to_string()).await.unwrap();
    c.send_raw(r#"{"type":"hello2","v":2}"#.into()).await.unwrap();
    let Some((_, ServerMsg::Error { message, .. })) = c.recv().await.unwrap() else { panic!("expected an error") };
    assert!(message.contains("protocol version 1"), "{message}");
    s.stop().await;
}

#[tokio::test]
async fn websocket_upgrades_check_the_origin() {
    let dir = TempDir::new("origin");
    let s = server(&dir.db()).await;
    let addr = s.addr.to_string();
    let err = Client::connect_with_origin(&addr, Some("http://evil.example")).await.err().expect("a foreign origin is refused");
    assert!(err.to_string().contains("403"), "{err}");
    let mut own = Client::connect_with_origin(&addr, Some(&format!("http://{addr}"))).await.expect("the server's own origin is allowed");
    own.hello().await.unwrap();
    s.stop().await;
}

#[tokio::test]
async fn message_sizes_and_rates_are_bounded() {
    let dir = TempDir::new("bounds");
    let s = server_with(&dir.db(), ygo_server::Config::default()).await;
    let mut c = connect(&s).await;
    let big = format!(r#"{{"type":"chat","text":"{}"}}"#, "x".repeat(70 * 1024));
    c.send_raw(big).await.unwrap();
    let (code, message) = next_error(&mut c).await;
    assert_eq!(code, "size", "{message}");
    assert!(c.recv().await.unwrap().is_none(), "an oversized message closes the connection");
    let mut c = connect(&s).await;
    for _ in 0..150 {
        c.send(&ClientMsg::Chat { text: "spam".into() }).await.unwrap();
    }
    // Each chat outside a room is answered "you are in no room" until the bound cuts in.
    let mut answered = 0;
    loop {
        let (code, message) = next_error(&mut c).await;
        if code == "rate" {
            assert!(message.contains("at most"), "{message}");
            break;
        }
        assert_eq!(code, "room");
        answered += 1;
        assert!(answered < 150, "150 messages at once never hit the rate bound");
    }
    assert!(answered >= 50, "the burst lets the first messages through ({answered})");
    // The server is fine and serves others.
    let mut other = connect(&s).await;
    other.send(&ClientMsg::Login { name: "nobody".into(), password: "whatever".into() }).await.unwrap();
    assert_eq!(next_error(&mut other).await.0, "account");
    s.stop().await;
}
