//! A protocol fuzzer: random sequences of client messages (well-formed, malformed, out of
//! turn, for rooms that exist and that do not) from three clients against one server. The
//! server never panics (a panic hook watches every thread), keeps serving, never shows a
//! hand to anyone but its owner, and every room it describes is consistent.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::common::*;
use proptest::prelude::*;
use ygo_server::client::Client;
use ygo_server::protocol::{ClientMsg, RoomOptions, ServerMsg, PROTOCOL_VERSION};
use ygo_server::Config;

static PANICKED: AtomicBool = AtomicBool::new(false);

#[derive(Clone, Debug)]
enum Op {
    Create { ai: Option<&'static str>, best_of_3: bool },
    Join,
    Spectate,
    Resume { own: bool },
    ListedAction(usize),
    Action(String),
    Side,
    Chat(String),
    Leave,
    Raw(String),
    Binary,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (prop::option::of(prop::sample::select(vec!["random", "greedy", "mcts:5", "mcts:99999999", "nonsense"])), any::<bool>())
            .prop_map(|(ai, best_of_3)| Op::Create { ai, best_of_3 }),
        Just(Op::Join),
        Just(Op::Spectate),
        any::<bool>().prop_map(|own| Op::Resume { own }),
        (0usize..8).prop_map(Op::ListedAction),
        (0usize..8).prop_map(Op::ListedAction),
        (0usize..8).prop_map(Op::ListedAction),
        prop::sample::select(vec!["first", "second", "ready", "pass", "", "summon 0"]).prop_map(|s| Op::Action(s.to_string())),
        Just(Op::Side),
        "[a-z \u{202E}\u{200B}<>&\"]{0,12}".prop_map(Op::Chat),
        Just(Op::Leave),
        prop::sample::select(vec![r#"{"type":"action"}"#, r#"{"type":"join_room","code":5}"#, "null", "{", r#"{"type":"hello","version":1}"#])
            .prop_map(|s| Op::Raw(s.to_string())),
        Just(Op::Binary),
    ]
}

/// What one client knows: the last room code it saw, its seat and token, its last actions.
#[derive(Default)]
struct Known {
    code: Option<String>,
    seat: Option<String>,
    token: Option<String>,
    actions: Vec<String>,
}

/// Checks one server message; returns a problem found.
fn check(msg: &ServerMsg, text: &str, k: &mut Known, max_spectators: usize) -> Option<String> {
    match msg {
        ServerMsg::Joined { code, seat, token } => {
            k.code = Some(code.clone());
            k.seat = seat.clone();
            if seat.is_some() != token.is_some() || token.as_ref().is_some_and(|t| t.len() != 32) {
                return Some(format!("a seat comes with a token, a spectator without: {text}"));
            }
            k.token = token.clone();
        }
        ServerMsg::Room(r) => {
            k.code.get_or_insert(r.code.clone());
            if r.spectators > max_spectators || !["waiting", "choosing", "dueling", "siding", "over"].contains(&r.status.as_str()) {
                return Some(format!("inconsistent room: {text}"));
            }
            if r.status != "waiting" && r.seats.iter().any(|s| s.is_none()) {
                return Some(format!("a match with an empty seat: {text}"));
            }
        }
        ServerMsg::State(f) => {
            k.actions = f.actions.iter().map(|a| a.text.clone()).collect();
            if k.seat.is_none() && !f.actions.is_empty() {
                return Some(format!("a spectator was offered actions: {text}"));
            }
            if let Some(v) = &f.view {
                for (i, side) in v.sides.iter().enumerate() {
                    let owner = if i == 0 { "A" } else { "B" };
                    if v.viewer != owner && !side.hand.is_empty() {
                        return Some(format!("{}'s hand shown to {}: {text}", owner, v.viewer));
                    }
                }
                if k.seat.as_deref().is_some_and(|s| s != v.viewer) {
                    return Some(format!("seat {:?} got the view of {}", k.seat, v.viewer));
                }
            }
        }
        _ => {}
    }
    None
}

async fn run(ops: &[(usize, Op)]) -> Result<(), String> {
    let dir = TempDir::new("fuzz");
    let config = Config { rate_per_sec: 10_000.0, burst: 10_000.0, max_spectators: 2, ai_max_iterations: 50, ..Config::default() };
    let max_spectators = config.max_spectators;
    let s = server_with(&dir.db(), config).await;
    let mut clients: Vec<Client> = Vec::new();
    for _ in 0..3 {
        clients.push(connect(&s).await);
    }
    let mut known: Vec<Known> = (0..3).map(|_| Known::default()).collect();
    let mut problems = Vec::new();
    let mut pending = [0usize; 3];
    for (step, (who, op)) in ops.iter().cloned().enumerate() {
        let op_text = format!("{op:?}");
        let other_code = known[(who + 1) % 3].code.clone().or_else(|| known[(who + 2) % 3].code.clone()).unwrap_or_else(|| "ABCDEF".into());
        let k = &known[who];
        let msg = match op {
            Op::Create { ai, best_of_3 } => Some(ClientMsg::CreateRoom {
                options: RoomOptions {
                    vs_ai: ai.map(str::to_string),
                    mode: if best_of_3 { "match".into() } else { "single".into() },
                    ..RoomOptions::default()
                },
                deck: builtin("vanilla-yugi"),
                name: None,
            }),
            Op::Join => Some(ClientMsg::JoinRoom { code: other_code, deck: builtin("vanilla-kaiba"), name: None }),
            Op::Spectate => Some(ClientMsg::Spectate { code: other_code }),
            Op::Resume { own } => Some(ClientMsg::Resume {
                code: k.code.clone().unwrap_or(other_code),
                token: if own { k.token.clone().unwrap_or_default() } else { "f".repeat(32) },
            }),
            Op::ListedAction(i) => k.actions.get(i % k.actions.len().max(1)).map(|t| ClientMsg::Action { text: t.clone() }),
            Op::Action(text) => Some(ClientMsg::Action { text }),
            Op::Side => Some(ClientMsg::Side { out: vec![1], into: vec![2] }),
            Op::Chat(text) => Some(ClientMsg::Chat { text }),
            Op::Leave => Some(ClientMsg::Leave),
            Op::Raw(text) => {
                // A second hello is answered as the markers are.
                pending[who] += usize::from(text.contains("hello"));
                clients[who].send_raw(text).await.map_err(|e| e.to_string())?;
                None
            }
            Op::Binary => {
                clients[who].send_binary(vec![1, 2, 3]).await.map_err(|e| e.to_string())?;
                None
            }
        };
        if let Some(m) = msg {
            clients[who].send(&m).await.map_err(|e| e.to_string())?;
        }
        // Synchronise on replies, never on a clock: every client sends a marker (a second
        // `hello`, which the connection itself answers with an error, after whatever it
        // answers to the messages before it) and reads up to that answer. Frames a room
        // sends later are read, in order, at a later step; the server guarantees that no
        // frame of a client's old room follows the `joined` of its new one, so every frame
        // belongs to the room of the last `joined` read.
        for (i, c) in clients.iter_mut().enumerate() {
            c.send(&ClientMsg::Hello { version: PROTOCOL_VERSION }).await.map_err(|e| e.to_string())?;
            pending[i] += 1;
            while pending[i] > 0 {
                let Some((text, m)) = c.recv().await.map_err(|e| format!("step {step}, client {i}: {e}"))? else {
                    return Err(format!("step {step}: the server closed client {i}'s connection"));
                };
                if matches!(&m, ServerMsg::Error { code, .. } if code == "hello") {
                    pending[i] -= 1;
                }
                if let Some(p) = check(&m, &text, &mut known[i], max_spectators) {
                    problems.push(format!("step {step} ({who} sent {op_text}), client {i}: {p}"));
                }
            }
        }
    }
    // The server still serves: a newcomer is welcomed and the health endpoint answers.
    let mut fresh = Client::connect(&s.addr.to_string()).await.map_err(|e| e.to_string())?;
    fresh.hello().await.map_err(|e| format!("the server stopped serving: {e}"))?;
    let (status, _) = ygo_server::client::http_get(&s.addr.to_string(), "/api/health").await.map_err(|e| e.to_string())?;
    s.stop().await;
    if status != 200 {
        problems.push(format!("/api/health answered {status}"));
    }
    if PANICKED.load(Ordering::SeqCst) {
        problems.push("the server panicked".into());
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_message_sequences_never_panic_leak_or_confuse_a_room(ops in prop::collection::vec((0usize..3, op()), 1..60)) {
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            PANICKED.store(true, Ordering::SeqCst);
            hook(info);
        }));
        let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
        let r = rt.block_on(run(&ops));
        let _ = std::panic::take_hook();
        prop_assert!(r.is_ok(), "{}\nthe sequence (client, message): {:?}", r.err().unwrap_or_default(), ops);
    }
}
