//! `ygo serve --format goat`: the lobby offers only that format and a room of another
//! format is refused; a room of it is made (its decks checked against it).

use crate::common::*;
use ygo_server::client::Client;
use ygo_server::protocol::{ClientMsg, RoomOptions, ServerMsg, PROTOCOL_VERSION};
use ygo_server::Config;

#[tokio::test]
async fn a_one_format_server_offers_and_hosts_only_that_format() {
    let dir = TempDir::new("only-format");
    let s = server_with(&dir.db(), Config { only_format: Some("goat".into()), ..Config::default() }).await;
    let mut c = Client::connect(&s.addr.to_string()).await.unwrap();
    c.send(&ClientMsg::Hello { version: PROTOCOL_VERSION }).await.unwrap();
    let mut seen = Vec::new();
    let formats = c.until(&mut seen, |m| if let ServerMsg::Welcome { formats, .. } = m { Some(formats.clone()) } else { None }).await.unwrap();
    assert_eq!(formats, vec!["goat".to_string()]);

    let casual = RoomOptions { vs_ai: Some("random".into()), ..RoomOptions::default() };
    c.send(&ClientMsg::CreateRoom { options: casual, deck: builtin("vanilla-yugi"), name: None }).await.unwrap();
    let answer = c
        .until(&mut seen, |m| match m {
            ServerMsg::Error { message, .. } => Some(Err(message.clone())),
            ServerMsg::Joined { .. } => Some(Ok(())),
            _ => None,
        })
        .await
        .unwrap();
    let refused = answer.expect_err("a casual room on a goat-only server is refused");
    assert!(refused.contains("this server hosts only goat rooms"), "{refused}");

    let goat = RoomOptions { vs_ai: Some("random".into()), format: "goat".into(), ..RoomOptions::default() };
    let (code, _) = create(&mut c, goat, "goat-control", &mut seen).await;
    assert!(!code.is_empty());
}
