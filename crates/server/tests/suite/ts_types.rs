//! The browser's protocol types (web/src/types.ts) name exactly the fields the server
//! sends: every interface of a wire or protocol struct, and every server message variant,
//! has the keys of the Rust value serialized, no more and no fewer.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use ygo_server::protocol::{ClockInfo, ResultInfo, RoomInfo, RoomOptions, SeatInfo, ServerMsg, SideInfo, StateFrame};
use ygo_server::wire::{WireAction, WireAttack, WireCard, WireLink, WireLoc, WireOutcome, WireSide, WireSlot, WireTarget, WireView};

const TYPES_TS: &str = include_str!("../../../../web/src/types.ts");

/// The top-level field names of an object type's body (`a: T; b?: { c: U }[]`).
fn fields(body: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut depth = 0;
    let mut part = String::new();
    let mut flush = |part: &mut String| {
        if let Some((name, _)) = part.split_once(':') {
            let name = name.trim().trim_end_matches('?');
            if !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_') {
                out.insert(name.to_string());
            }
        }
        part.clear();
    };
    for c in body.chars() {
        match c {
            '{' | '[' | '(' => depth += 1,
            '}' | ']' | ')' => depth -= 1,
            ';' | '\n' if depth == 0 => {
                flush(&mut part);
                continue;
            }
            _ => {}
        }
        part.push(c);
    }
    flush(&mut part);
    out
}

/// The body between the brace at `open` and its match.
fn braced(text: &str, open: usize) -> &str {
    let mut depth = 0;
    for (i, c) in text[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return &text[open + 1..open + i];
                }
            }
            _ => {}
        }
    }
    panic!("unbalanced braces in types.ts")
}

fn interfaces() -> BTreeMap<String, BTreeSet<String>> {
    let mut out = BTreeMap::new();
    for (at, _) in TYPES_TS.match_indices("export interface ") {
        let rest = &TYPES_TS[at + "export interface ".len()..];
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric()).collect();
        let open = at + TYPES_TS[at..].find('{').expect("an interface has a body");
        out.insert(name, fields(braced(TYPES_TS, open)));
    }
    out
}

/// `ServerMsg` variants as the union lists them: tag -> fields (an `& Interface` adds its fields).
fn server_variants(ifaces: &BTreeMap<String, BTreeSet<String>>) -> BTreeMap<String, BTreeSet<String>> {
    let start = TYPES_TS.find("export type ServerMsg =").expect("types.ts has ServerMsg");
    let end = start + TYPES_TS[start..].find(";\n\n").unwrap_or(TYPES_TS.len() - start);
    let union = &TYPES_TS[start..end];
    let mut out = BTreeMap::new();
    for (at, _) in union.match_indices("{ type: '") {
        let mut f = fields(braced(union, at));
        let tag: String = union[at + "{ type: '".len()..].chars().take_while(|c| *c != '\'').collect();
        let line_end = union[at..].find('\n').map_or(union.len(), |i| at + i);
        if let Some(amp) = union[at..line_end].find("} & ") {
            let name: String = union[at + amp + 4..].chars().take_while(|c| c.is_alphanumeric()).collect();
            f.extend(ifaces.get(&name).unwrap_or_else(|| panic!("types.ts has no interface {name}")).iter().cloned());
        }
        out.insert(tag, f);
    }
    out
}

fn keys(v: &impl Serialize) -> BTreeSet<String> {
    match serde_json::to_value(v).expect("serializes") {
        serde_json::Value::Object(m) => m.keys().cloned().collect(),
        other => panic!("not an object: {other}"),
    }
}

fn loc() -> WireLoc {
    WireLoc { player: "A".into(), zone: "monsters".into(), index: 0 }
}

fn side() -> WireSide {
    WireSide {
        lp: 8000,
        hand_count: 0,
        hand: vec![],
        revealed: vec![],
        deck_count: 0,
        extra_count: 0,
        extra: vec![],
        gy: vec![],
        banished: vec![],
        monsters: vec![],
        spells: vec![],
        field: None,
        pendulum: vec![],
    }
}

fn view() -> WireView {
    WireView {
        viewer: "A".into(),
        turn: 1,
        turn_player: "A".into(),
        phase: "main1".into(),
        step: None,
        deciding: None,
        outcome: None,
        sides: [side(), side()],
        prompt: None,
        links: vec![],
        attack: None,
    }
}

fn frame() -> StateFrame {
    StateFrame { duel: 1, step: 0, view: None, chain: vec![], log: vec![], log_from: 0, clock: clock(), actions: vec![], siding: None, rewind: None }
}

fn clock() -> ClockInfo {
    ClockInfo { match_left_s: None, waiting_for: None, waiting_left_s: None, paused: false }
}

fn room() -> RoomInfo {
    RoomInfo {
        code: "ABCDEF".into(),
        options: RoomOptions::default(),
        edition: "goat".into(),
        seats: [None, None],
        spectators: 0,
        status: "waiting".into(),
        duel_wins: [0, 0],
        duel_number: 0,
    }
}

fn result() -> ResultInfo {
    ResultInfo {
        duel: 1,
        winner: None,
        winner_name: None,
        reason: "x".into(),
        turns: 1,
        replay_id: "r".into(),
        duel_wins: [0, 0],
        match_over: true,
        match_winner: None,
        ratings: vec![],
    }
}

#[test]
fn every_interface_names_the_fields_the_server_sends() {
    let ifaces = interfaces();
    let rust: Vec<(&str, BTreeSet<String>)> = vec![
        (
            "WireCard",
            keys(&WireCard {
                code: 1,
                name: "x".into(),
                kind: "monster".into(),
                attribute: None,
                level: 4,
                atk: None,
                def: None,
                position: "attack".into(),
                counters: vec![],
            }),
        ),
        ("WireSlot", keys(&WireSlot { card: None, position: "set".into(), equipped_to: None })),
        ("WireSide", keys(&side())),
        ("WireView", keys(&view())),
        ("WireLoc", keys(&loc())),
        ("WireAction", keys(&WireAction::plain("first"))),
        ("WireLink", keys(&WireLink { link: 1, code: 1, name: "x".into(), controller: "A".into(), card: None, targets: vec![] })),
        ("WireTarget", keys(&WireTarget { name: "x".into(), loc: Some(loc()) })),
        ("WireAttack", keys(&WireAttack { attacker: WireTarget { name: "x".into(), loc: None }, target: None })),
        ("ClockInfo", keys(&clock())),
        ("SideInfo", keys(&SideInfo { main: vec![], extra: vec![], side: vec![], next_duel: 2 })),
        ("StateFrame", keys(&frame())),
        ("RewindInfo", keys(&ygo_server::protocol::RewindInfo { step: 1, judge: "j".into(), reason: String::new(), accepted: [true, false] })),
        ("SeatInfo", keys(&SeatInfo { name: "x".into(), account: false, ai: false, connected: true, deck: None })),
        ("RoomOptions", keys(&RoomOptions::default())),
        ("RoomInfo", keys(&room())),
        ("ResultInfo", keys(&result())),
        ("EventInfo", keys(&event())),
        ("EventPlayerInfo", keys(&event().players[0])),
        ("EventPairingInfo", keys(&event().pairings[0])),
        ("EventLogEntry", keys(&event().log[0])),
        ("Standing", keys(&event().standings[0])),
        ("EventDuel", keys(&duel_row())),
    ];
    for (name, want) in rust {
        let got = ifaces.get(name).unwrap_or_else(|| panic!("web/src/types.ts has no interface {name}"));
        assert_eq!(got, &want, "web/src/types.ts interface {name} against the Rust type");
    }
    // The outcome is written inline in WireView.
    assert!(TYPES_TS.contains("outcome: { winner: string | null; reason: string } | null;"));
    assert_eq!(keys(&WireOutcome { winner: None, reason: "x".into() }), ["reason", "winner"].iter().map(|s| s.to_string()).collect());
}

/// An event with one player, one pairing and one standings line.
fn duel_row() -> ygo_server::db::DuelRow {
    ygo_server::db::DuelRow {
        id: "d".into(),
        match_id: "m".into(),
        number: 1,
        player_a: "a".into(),
        player_b: "b".into(),
        user_a: None,
        user_b: None,
        winner: None,
        reason: "r".into(),
        turns: 1,
        format: "goat".into(),
        edition: "tcg".into(),
        rated: false,
        finished_at: 0,
        engine_version: "v".into(),
        card_data_version: "c".into(),
        deck_a: "x".into(),
        deck_b: "y".into(),
    }
}

fn event() -> ygo_server::event::EventInfo {
    use ygo_server::event::{EventInfo, EventPairingInfo, EventPlayerInfo, Status};
    EventInfo {
        id: "x".into(),
        name: "x".into(),
        format: "goat".into(),
        rounds: 1,
        structure: ygo_server::event::Structure::Swiss,
        organizer: "x".into(),
        status: Status::Running,
        round: 1,
        grace_seconds: 600,
        match_settings: Default::default(),
        round_hours: 0,
        registration_deadline: None,
        judges: vec!["j".into()],
        log: vec![ygo_server::event::LogEntry {
            seq: 1,
            at_ms: 1,
            judge: "j".into(),
            action: "pause".into(),
            round: Some(1),
            table: Some(1),
            detail: "x".into(),
            reason: String::new(),
        }],
        players: vec![EventPlayerInfo { name: "x".into(), dropped: false, deck: None }],
        pairings: vec![EventPairingInfo {
            round: 1,
            stage: ygo_server::event::Stage::Swiss,
            table: 1,
            a: "x".into(),
            b: None,
            done: true,
            winner: None,
            wins: [0, 0],
            room: None,
            match_id: None,
            deadline: None,
        }],
        standings: ygo_match::swiss::standings_of(&[("x".into(), "d".into())], &[]),
    }
}

#[test]
fn every_server_message_is_in_the_union_with_its_fields() {
    let variants = server_variants(&interfaces());
    let msgs = vec![
        ServerMsg::Welcome { version: 1, server: "x".into(), decks: vec![], ais: vec![], formats: vec![], editions: vec![] },
        ServerMsg::error("x", "y"),
        ServerMsg::Session { name: "x".into(), ratings: vec![] },
        ServerMsg::Joined { code: "x".into(), seat: None, token: None },
        ServerMsg::Room(room()),
        ServerMsg::State(Box::new(frame())),
        ServerMsg::Chat { from: "x".into(), text: "y".into() },
        ServerMsg::Result(result()),
        ServerMsg::Event(Box::new(event())),
    ];
    assert_eq!(variants.len(), msgs.len(), "types.ts ServerMsg variants: {:?}", variants.keys());
    for m in msgs {
        let k = keys(&m);
        let v = serde_json::to_value(&m).unwrap();
        let tag = v["type"].as_str().unwrap().to_string();
        let got = variants.get(&tag).unwrap_or_else(|| panic!("types.ts ServerMsg has no {tag:?} variant"));
        assert_eq!(got, &k, "types.ts ServerMsg {tag:?} against the Rust variant");
    }
}
