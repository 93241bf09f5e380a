//! Event structures (issue 36): a single elimination of 8 and a Swiss of 6 in 2 rounds then
//! a top 4, run by protocol clients. Results are the organizer's judge awards (a match
//! awarded before it is played), chosen to make upsets; the tests check the bracket (seeds
//! from the Swiss standings, 1 v 4 and 2 v 3, the higher seed as A), that a loser is never
//! paired again, the end after the final, the final standings in the bracket's order, and
//! a server restart in the middle of the bracket.

use std::collections::BTreeSet;

use crate::common::*;
use ygo_server::client::{http_get, Client};
use ygo_server::event::{EventInfo, EventPairingInfo, Stage, Status, Structure};
use ygo_server::protocol::{ClientMsg, JudgeAction};

/// The organizer (first name) creates an event of `structure`; every other account
/// registers.
async fn setup(s: &ygo_server::Running, names: &[&str], rounds: u32, structure: Structure) -> (Vec<Client>, EventInfo) {
    let mut cs = accounts(s, names).await;
    let create = ClientMsg::CreateEvent {
        name: "Bracket".into(),
        format: "casual".into(),
        rounds,
        public_lists: false,
        grace_seconds: Some(0),
        structure: Some(structure),
        settings: Default::default(),
    };
    cs[0].send(&create).await.unwrap();
    let id = event(&mut cs[0]).await.id;
    let mut info = None;
    for c in cs.iter_mut().skip(1) {
        c.send(&ClientMsg::EventRegister { event: id.clone(), deck: builtin("vanilla-yugi") }).await.unwrap();
        info = Some(event(c).await);
    }
    (cs, info.unwrap())
}

async fn pair(org: &mut Client, id: &str) -> EventInfo {
    org.send(&ClientMsg::EventPair { event: id.into() }).await.unwrap();
    event(org).await
}

/// The organizer awards the match at `table` of the current round to `player`.
async fn award(org: &mut Client, id: &str, table: u32, player: &str) -> EventInfo {
    let action = JudgeAction::AwardMatch { player: player.into() };
    org.send(&ClientMsg::EventJudge { event: id.into(), round: None, table, action, reason: "decided for the test".into() }).await.unwrap();
    event(org).await
}

fn round_of(info: &EventInfo, round: u32) -> Vec<EventPairingInfo> {
    let mut r: Vec<EventPairingInfo> = info.pairings.iter().filter(|p| p.round == round).cloned().collect();
    r.sort_by_key(|p| p.table);
    r
}

fn shape(r: &[EventPairingInfo]) -> Vec<(String, Option<String>)> {
    r.iter().map(|p| (p.a.clone(), p.b.clone())).collect()
}

fn winner(p: &EventPairingInfo) -> String {
    p.winner.clone().expect("an elimination match has a winner")
}

fn loser(p: &EventPairingInfo) -> Option<String> {
    let b = p.b.clone()?;
    Some(if winner(p) == p.a { b } else { p.a.clone() })
}

/// Nobody plays a round after losing an elimination match.
fn no_loser_plays_again(info: &EventInfo) {
    let mut out = BTreeSet::new();
    for r in 1..=info.round {
        for p in round_of(info, r) {
            for x in [Some(&p.a), p.b.as_ref()].into_iter().flatten() {
                assert!(!out.contains(x), "{x} lost and was paired again in round {r}: {:?}", info.pairings);
            }
        }
        for p in round_of(info, r).iter().filter(|p| p.stage == Stage::Elimination && p.done) {
            out.extend(loser(p));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_single_elimination_of_8_runs_its_bracket_to_the_final() {
    let dir = TempDir::new("bracket-8");
    let s = server(&dir.db()).await;
    let names = ["Org", "P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8"];
    let (mut cs, info) = setup(&s, &names, 0, Structure::SingleElimination).await;
    let id = info.id.clone();
    assert_eq!((info.structure, info.rounds, info.status), (Structure::SingleElimination, 3, Status::Registration), "8 players: 3 rounds");
    let org = &mut cs[0];

    // Round 1: 4 matches, no bye; the B player of each wins (an upset).
    let info = pair(org, &id).await;
    let r1 = round_of(&info, 1);
    assert_eq!(r1.len(), 4);
    assert!(r1.iter().all(|p| p.b.is_some() && p.stage == Stage::Elimination && !p.done), "{r1:?}");
    let everyone: BTreeSet<&str> = r1.iter().flat_map(|p| [p.a.as_str(), p.b.as_deref().unwrap()]).collect();
    assert_eq!(everyone.len(), 8);
    let m = refused(org, ClientMsg::EventPair { event: id.clone() }).await;
    assert!(m.contains("to finish"), "{m}");
    let mut info = info;
    for p in &r1 {
        info = award(org, &id, p.table, p.b.as_deref().unwrap()).await;
    }
    let r1 = round_of(&info, 1);

    // Round 2: table k is the winners of tables 2k-1 and 2k; A wins each.
    let info = pair(org, &id).await;
    let r2 = round_of(&info, 2);
    assert_eq!(r2.len(), 2);
    for (k, p) in r2.iter().enumerate() {
        let two: BTreeSet<String> = [winner(&r1[2 * k]), winner(&r1[2 * k + 1])].into();
        assert_eq!([p.a.clone(), p.b.clone().unwrap()].into_iter().collect::<BTreeSet<_>>(), two, "{r2:?}");
    }
    no_loser_plays_again(&info);
    let mut info = info;
    for p in &r2 {
        info = award(org, &id, p.table, &p.a).await;
    }
    let r2 = round_of(&info, 2);

    // The final: the two semi-final winners; B wins it.
    let info = pair(org, &id).await;
    let f = round_of(&info, 3);
    assert_eq!(f.len(), 1);
    assert_eq!([f[0].a.clone(), f[0].b.clone().unwrap()].into_iter().collect::<BTreeSet<_>>(), [winner(&r2[0]), winner(&r2[1])].into());
    let info = award(org, &id, 1, f[0].b.as_deref().unwrap()).await;
    assert_eq!(info.status, Status::Finished, "the event ends after the final");
    no_loser_plays_again(&info);
    let m = refused(org, ClientMsg::EventPair { event: id.clone() }).await;
    assert!(m.contains("3 rounds"), "{m}");

    // Final standings: the winner, the finalist, the semi-final losers, the others.
    let order: Vec<&str> = info.standings.iter().map(|s| s.player.as_str()).collect();
    let f = &round_of(&info, 3)[0];
    assert_eq!(order[0], f.b.as_deref().unwrap());
    assert_eq!(order[1], f.a);
    let semis: BTreeSet<String> = r2.iter().filter_map(loser).collect();
    assert_eq!(order[2..4].iter().map(|s| s.to_string()).collect::<BTreeSet<_>>(), semis);
    let firsts: BTreeSet<String> = r1.iter().filter_map(loser).collect();
    assert_eq!(order[4..].iter().map(|s| s.to_string()).collect::<BTreeSet<_>>(), firsts);
    assert!(info.standings.iter().enumerate().all(|(k, s)| s.rank == k + 1));
    // The same over HTTP, with the structure and each round's stage.
    let (status, body) = http_get(&s.addr.to_string(), &format!("/api/events/{id}")).await.unwrap();
    assert_eq!(status, 200);
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["structure"], serde_json::json!({ "kind": "single_elimination" }));
    assert_eq!(v["pairings"][0]["stage"], "elimination");
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_of_6_then_a_top_4_seeds_the_bracket_from_the_standings_and_survives_a_restart() {
    let dir = TempDir::new("bracket-top4");
    let s = server(&dir.db()).await;
    let names = ["Org", "Ann", "Ben", "Cat", "Dan", "Eve", "Fay"];
    let top4 = Structure::SwissTopCut { top: 4 };
    // A top cut of 3 is no structure.
    let mut other = connect(&s).await;
    session(&mut other, ClientMsg::Register { name: "Other".into(), password: "Other-secret".into() }).await;
    let bad = ClientMsg::CreateEvent {
        name: "Bad".into(),
        format: "casual".into(),
        rounds: 2,
        public_lists: false,
        grace_seconds: None,
        structure: Some(Structure::SwissTopCut { top: 3 }),
        settings: Default::default(),
    };
    let m = refused(&mut other, bad).await;
    assert!(m.contains("top cut of 3"), "{m}");

    let (mut cs, info) = setup(&s, &names, 3, top4).await;
    let id = info.id.clone();
    assert_eq!((info.structure, info.rounds), (top4, 5), "3 Swiss rounds and 2 of a top 4");
    let org = &mut cs[0];
    // Three Swiss rounds: 3 matches each, the player named first in `names` wins (Ann wins
    // all three: 9 points, seed 1).
    let strength = |n: &str| names.iter().position(|x| *x == n).unwrap();
    let mut info = info;
    for round in 1..=3 {
        info = pair(org, &id).await;
        let r = round_of(&info, round);
        assert_eq!(r.len(), 3);
        assert!(r.iter().all(|p| p.stage == Stage::Swiss && p.b.is_some()));
        for p in &r {
            let b = p.b.as_deref().unwrap();
            info = award(org, &id, p.table, if strength(&p.a) < strength(b) { &p.a } else { b }).await;
        }
    }
    assert_eq!(info.status, Status::Running);
    let swiss: Vec<String> = info.standings.iter().map(|s| s.player.clone()).collect();
    assert_eq!((swiss[0].as_str(), info.standings[0].points), ("Ann", 9));

    // The bracket's rounds.
    const R1: u32 = 4;
    const R2: u32 = 5;
    // The top 4 of the Swiss standings, seeded 1 v 4 and 2 v 3, the higher seed as A.
    let info = pair(org, &id).await;
    let r3 = round_of(&info, R1);
    assert!(r3.iter().all(|p| p.stage == Stage::Elimination));
    let seeded = |a: usize, b: usize| (swiss[a].clone(), Some(swiss[b].clone()));
    assert_eq!(shape(&r3), vec![seeded(0, 3), seeded(1, 2)]);
    // Seed 4 beats seed 1.
    let info = award(org, &id, 1, &swiss[3]).await;

    // A restart in the middle of the bracket keeps it.
    org.send(&ClientMsg::EventGet { event: id.clone() }).await.unwrap();
    let before = event(org).await;
    assert_eq!(before, info);
    drop(cs);
    s.stop().await;
    let s = server(&dir.db()).await;
    let (status, body) = http_get(&s.addr.to_string(), &format!("/api/events/{id}")).await.unwrap();
    assert_eq!(status, 200);
    let after: EventInfo = serde_json::from_str(&body).unwrap();
    assert_eq!(after, before);
    let mut org = connect(&s).await;
    session(&mut org, ClientMsg::Login { name: "Org".into(), password: "Org-secret".into() }).await;
    // Seed 3 beats seed 2.
    award(&mut org, &id, 2, &swiss[2]).await;

    // The final: seed 3 (the higher seed left) as A against seed 4.
    let info = pair(&mut org, &id).await;
    assert_eq!(shape(&round_of(&info, R2)), vec![seeded(2, 3)]);
    no_loser_plays_again(&info);
    let info = award(&mut org, &id, 1, &swiss[2]).await;
    assert_eq!(info.status, Status::Finished);
    // Standings: seed 3 (champion), seed 4, then the semi-final losers by Swiss standing
    // (seeds 1 and 2), then the Swiss 5th and 6th: the finalist above Ann (seed 1), who
    // has as many points or more.
    let order: Vec<String> = info.standings.iter().map(|s| s.player.clone()).collect();
    let expect: Vec<String> = [2, 3, 0, 1, 4, 5].iter().map(|&k| swiss[k].clone()).collect();
    assert_eq!(order, expect);
    assert!(info.standings[1].points <= info.standings[2].points, "{:?}", info.standings);
    s.stop().await;
}

/// A match of an elimination round that ends drawn (the MATCH rules left it undecided)
/// goes to the pairing's higher seed, its A; a Swiss round keeps the draw.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_drawn_elimination_match_goes_to_the_higher_seed() {
    let dir = TempDir::new("bracket-draw");
    let db = ygo_server::db::Db::open(&dir.db()).await.unwrap();
    let deck = ygo_server::decks::resolve(&builtin("vanilla-yugi")).unwrap();
    let top2 = Structure::SwissTopCut { top: 2 };
    let id = db.create_event("Draws", "casual", 1, "org", false, 7, 0, top2, Default::default()).await.unwrap();
    for n in ["Ann", "Ben"] {
        db.register_player(&id, n, &deck).await.unwrap().unwrap();
    }
    for round in 1..=2 {
        let snap = db.event(&id).await.unwrap().unwrap();
        let (pairings, rounds) = snap.pairings_of(round).unwrap();
        assert_eq!(rounds, 2);
        assert!(db.store_round(&id, round - 1, &pairings, rounds).await.unwrap());
        assert!(db.record_pairing(&id, round, 1, None, [1, 1], "m").await.unwrap());
    }
    let info = db.event(&id).await.unwrap().unwrap().info();
    assert_eq!(info.status, Status::Finished);
    let (swiss, final_) = (&round_of(&info, 1)[0], &round_of(&info, 2)[0]);
    assert_eq!((swiss.stage, swiss.winner.as_deref()), (Stage::Swiss, None), "a Swiss draw stays a draw");
    assert_eq!((final_.stage, final_.winner.as_deref()), (Stage::Elimination, Some(final_.a.as_str())));
    assert_eq!(info.standings[0].player, final_.a);
}

/// A double elimination of 6 run through the protocol: the organizer's awards decide the
/// matches (the higher seed wins, but for an upset at every second table); the losers-
/// bracket champion wins the first grand final, so a second is played (the bracket
/// reset). Every player but the champion leaves with exactly 2 losses, nobody plays after
/// a second loss, and the event has 2N-1 matches.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_double_elimination_of_6_runs_both_brackets_and_a_reset_grand_final() {
    let dir = TempDir::new("bracket-double");
    let s = server(&dir.db()).await;
    let names = ["Org", "Ann", "Ben", "Cat", "Dan", "Eve", "Fay"];
    let (mut cs, info) = setup(&s, &names, 0, Structure::DoubleElimination).await;
    let id = info.id.clone();
    assert_eq!((info.structure, info.status), (Structure::DoubleElimination, Status::Registration));
    let org = &mut cs[0];
    let mut losses: std::collections::BTreeMap<String, u32> = names[1..].iter().map(|n| (n.to_string(), 0)).collect();
    let mut info = info;
    let mut grand_finals = 0;
    for round in 1..=20u32 {
        info = pair(org, &id).await;
        let r = round_of(&info, round);
        assert!(!r.is_empty(), "round {round} has pairings: {:?}", info.pairings);
        for p in &r {
            for x in [Some(&p.a), p.b.as_ref()].into_iter().flatten() {
                assert!(losses[x] < 2, "{x} plays round {round} after a second loss");
            }
            let expect = match p.stage {
                Stage::Winners => 0,
                Stage::Losers => 1,
                Stage::GrandFinal => losses[&p.a].min(p.b.as_ref().map_or(0, |b| losses[b])),
                s => panic!("a double elimination pairing has stage {s:?}"),
            };
            assert!([Some(&p.a), p.b.as_ref()].into_iter().flatten().all(|x| losses[x] == expect || p.stage == Stage::GrandFinal), "{p:?}: {losses:?}");
        }
        if round == 1 {
            assert_eq!(r.iter().filter(|p| p.b.is_none()).count(), 2, "6 players: 2 byes in a bracket of 8");
        }
        for p in r.iter().filter(|p| p.b.is_some()) {
            let b = p.b.clone().unwrap();
            let w = if p.stage == Stage::GrandFinal {
                grand_finals += 1;
                // The losers-bracket player wins the first grand final; the second goes to A.
                if grand_finals == 1 {
                    if losses[&p.a] == 1 {
                        p.a.clone()
                    } else {
                        b.clone()
                    }
                } else {
                    p.a.clone()
                }
            } else if p.table % 2 == 0 {
                b.clone()
            } else {
                p.a.clone()
            };
            info = award(org, &id, p.table, &w).await;
            let l = if w == p.a { b } else { p.a.clone() };
            *losses.get_mut(&l).unwrap() += 1;
        }
        if info.status == Status::Finished {
            break;
        }
    }
    assert_eq!(info.status, Status::Finished);
    assert_eq!(grand_finals, 2, "the bracket reset: {:?}", info.pairings);
    assert_eq!(info.rounds, info.round);
    let matches = info.pairings.iter().filter(|p| p.b.is_some()).count();
    assert_eq!(matches, 2 * 6 - 1);
    let champion: Vec<&String> = losses.iter().filter(|(_, l)| **l < 2).map(|(n, _)| n).collect();
    assert_eq!(champion.len(), 1, "{losses:?}");
    assert!(losses.values().filter(|l| **l == 2).count() == 5, "{losses:?}");
    assert_eq!(&info.standings[0].player, champion[0]);
    let last = round_of(&info, info.round);
    assert_eq!((last.len(), last[0].stage), (1, Stage::GrandFinal));
    let m = refused(org, ClientMsg::EventPair { event: id.clone() }).await;
    assert!(m.contains("rounds"), "{m}");
    // The JSON shapes.
    let (status, body) = http_get(&s.addr.to_string(), &format!("/api/events/{id}")).await.unwrap();
    assert_eq!(status, 200);
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["structure"], serde_json::json!({ "kind": "double_elimination" }));
    let stages: BTreeSet<&str> = v["pairings"].as_array().unwrap().iter().map(|p| p["stage"].as_str().unwrap()).collect();
    assert_eq!(stages, ["grand_final", "losers", "winners"].into());
    s.stop().await;
}

/// An event's settings: the match-settings preset (and minutes), the round length and the
/// registration deadline show in EventInfo; registration after the deadline is refused
/// with a clear error; bad settings are refused; each pairing carries its round's deadline.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn event_settings_show_and_a_late_registration_is_refused() {
    use ygo_server::event::{EventSettings, MatchSettings, Preset};
    let dir = TempDir::new("event-settings");
    let s = server(&dir.db()).await;
    let mut cs = accounts(&s, &["Org", "Ann", "Ben"]).await;
    let create = |settings: EventSettings| ClientMsg::CreateEvent {
        name: "Settings".into(),
        format: "casual".into(),
        rounds: 1,
        public_lists: false,
        grace_seconds: Some(0),
        structure: None,
        settings,
    };
    let bad = EventSettings { match_settings: Some(MatchSettings { preset: Preset::Community, minutes: Some(0) }), ..Default::default() };
    let m = refused(&mut cs[0], create(bad)).await;
    assert!(m.contains("minutes 0"), "{m}");
    let m = refused(&mut cs[0], create(EventSettings { round_hours: Some(1000), ..Default::default() })).await;
    assert!(m.contains("round_hours 1000"), "{m}");

    // Open: a deadline an hour from now; community rules of 45 minutes; 48-hour rounds.
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
    let community = MatchSettings { preset: Preset::Community, minutes: Some(45) };
    let open = EventSettings { match_settings: Some(community), round_hours: Some(48), registration_deadline: Some(now + 3600) };
    cs[0].send(&create(open)).await.unwrap();
    let info = event(&mut cs[0]).await;
    assert_eq!((info.match_settings, info.round_hours, info.registration_deadline), (community, 48, Some(now + 3600)));
    cs[1].send(&ClientMsg::EventRegister { event: info.id.clone(), deck: builtin("vanilla-yugi") }).await.unwrap();
    assert_eq!(event(&mut cs[1]).await.players.len(), 1);
    let (status, body) = http_get(&s.addr.to_string(), &format!("/api/events/{}", info.id)).await.unwrap();
    assert_eq!(status, 200);
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["match_settings"], serde_json::json!({ "preset": "community", "minutes": 45 }));
    assert_eq!(v["round_hours"], 48);

    // Closed: the deadline has passed.
    let closed = EventSettings { registration_deadline: Some(now - 60), ..Default::default() };
    cs[0].send(&create(closed)).await.unwrap();
    let late = event(&mut cs[0]).await;
    assert_eq!(late.match_settings, MatchSettings { preset: Preset::Format, minutes: None });
    let m = refused(&mut cs[2], ClientMsg::EventRegister { event: late.id.clone(), deck: builtin("vanilla-yugi") }).await;
    assert!(m.contains("registration deadline") && m.contains(&(now - 60).to_string()), "{m}");

    // The open event's round: its pairing has the round's deadline, 48 hours on.
    cs[2].send(&ClientMsg::EventRegister { event: info.id.clone(), deck: builtin("vanilla-yugi") }).await.unwrap();
    event(&mut cs[2]).await;
    let info = pair(&mut cs[0], &info.id).await;
    let d = info.pairings[0].deadline.expect("a 48-hour round has a deadline");
    let hours = (d / 1000 - now) as f64 / 3600.0;
    assert!((47.9..48.1).contains(&hours), "{hours} hours");
    assert_eq!(late.pairings.len(), 0);
    s.stop().await;
}
