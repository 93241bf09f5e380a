//! Shared by the server's tests: an in-process server on a free loopback port with a
//! fresh SQLite file, and a client that plays random legal actions for its seat.
#![allow(dead_code)]

use std::path::PathBuf;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use ygo_server::client::{Client, Received};
use ygo_server::event::EventInfo;
use ygo_server::protocol::{ClientMsg, DeckSource, RatingLine, ResultInfo, RoomOptions, ServerMsg};
use ygo_server::{Config, Running};

/// A temporary directory removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        let mut b = [0u8; 8];
        getrandom::fill(&mut b).unwrap();
        let p = std::env::temp_dir().join(format!("ygo-{tag}-{}-{}", std::process::id(), u64::from_le_bytes(b)));
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }
    pub fn db(&self) -> String {
        self.0.join("ygo.db").to_string_lossy().into_owned()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A server whose rate bound lets test clients answer as fast as they can (the bounds
/// test uses the default configuration).
pub async fn server(db: &str) -> Running {
    server_with(db, Config { rate_per_sec: 10_000.0, burst: 10_000.0, ..Config::default() }).await
}

pub async fn server_with(db: &str, config: Config) -> Running {
    ygo_server::start("127.0.0.1:0", db, config).await.expect("the server starts")
}

pub async fn connect(s: &Running) -> Client {
    let mut c = Client::connect(&s.addr.to_string()).await.expect("connects");
    c.hello().await.expect("welcome");
    c
}

pub fn builtin(name: &str) -> DeckSource {
    DeckSource::Builtin { name: name.into() }
}

/// Waits for the `joined` message; returns (code, token).
pub async fn joined(c: &mut Client, seen: &mut Vec<Received>) -> (String, Option<String>) {
    c.until(seen, |m| match m {
        ServerMsg::Joined { code, token, .. } => Some((code.clone(), token.clone())),
        ServerMsg::Error { message, .. } => panic!("refused: {message}"),
        _ => None,
    })
    .await
    .expect("joined")
}

pub async fn create(c: &mut Client, options: RoomOptions, deck: &str, seen: &mut Vec<Received>) -> (String, Option<String>) {
    c.send(&ClientMsg::CreateRoom { options, deck: builtin(deck), name: None }).await.unwrap();
    joined(c, seen).await
}

pub async fn join(c: &mut Client, code: &str, deck: &str, seen: &mut Vec<Received>) -> (String, Option<String>) {
    c.send(&ClientMsg::JoinRoom { code: code.into(), deck: builtin(deck), name: None }).await.unwrap();
    joined(c, seen).await
}

/// Plays random legal actions for this client's seat until the match is over; every
/// message received goes to `seen`.
pub async fn play(c: &mut Client, seed: u64, seen: &mut Vec<Received>) -> ResultInfo {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    loop {
        let Some((text, msg)) = c.recv().await.expect("a message") else { panic!("the server closed the connection") };
        seen.push((text, msg.clone()));
        match msg {
            ServerMsg::State(f) if !f.actions.is_empty() => {
                let a = &f.actions[rng.random_range(0..f.actions.len())];
                c.send(&ClientMsg::Action { text: a.text.clone() }).await.unwrap();
            }
            ServerMsg::Result(r) if r.match_over => return r,
            ServerMsg::Error { code, message } => panic!("server error {code}: {message}"),
            _ => {}
        }
    }
}

/// The next error message (skipping others).
pub async fn next_error(c: &mut Client) -> (String, String) {
    let mut seen = Vec::new();
    c.until(&mut seen, |m| match m {
        ServerMsg::Error { code, message } => Some((code.clone(), message.clone())),
        _ => None,
    })
    .await
    .expect("an error message")
}

/// A connected client per name, each registered as a new account (password "NAME-secret").
pub async fn accounts(s: &Running, names: &[&str]) -> Vec<Client> {
    let mut cs = Vec::new();
    for n in names {
        let mut c = connect(s).await;
        session(&mut c, ClientMsg::Register { name: n.to_string(), password: format!("{n}-secret") }).await;
        cs.push(c);
    }
    cs
}

/// Registers or logs in; returns the account's ratings.
pub async fn session(c: &mut Client, msg: ClientMsg) -> Vec<RatingLine> {
    c.send(&msg).await.unwrap();
    let mut seen = Vec::new();
    c.until(&mut seen, |m| match m {
        ServerMsg::Session { ratings, .. } => Some(ratings.clone()),
        ServerMsg::Error { message, .. } => panic!("{message}"),
        _ => None,
    })
    .await
    .unwrap()
}

/// An answer the server sends at once: a missing one fails the test instead of waiting
/// (the connection's pings would keep a plain receive waiting for ever).
pub async fn soon<T>(f: impl std::future::Future<Output = T>) -> T {
    tokio::time::timeout(std::time::Duration::from_secs(30), f).await.expect("no answer from the server in 30 s")
}

/// The next `event` message (an error fails the test).
pub async fn event(c: &mut Client) -> EventInfo {
    let mut seen = Vec::new();
    soon(c.until(&mut seen, |m| match m {
        ServerMsg::Event(e) => Some((**e).clone()),
        ServerMsg::Error { code, message } => panic!("{code}: {message}"),
        _ => None,
    }))
    .await
    .expect("an event message")
}

/// Sends a message that must be refused with an `event` error; returns its text.
pub async fn refused(c: &mut Client, msg: ClientMsg) -> String {
    c.send(&msg).await.unwrap();
    let (code, message) = soon(next_error(c)).await;
    assert_eq!(code, "event", "{message}");
    message
}
