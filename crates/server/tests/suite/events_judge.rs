//! Judge tools of an event (issue 36): the organizer names judges; the organizer or a judge
//! watches a match, pauses and resumes its clock, adds time, awards a duel or the match
//! with a written reason; everyone else is refused; every action is in the event's log
//! (the `event` message and `GET /api/events/ID`). Nothing here waits on the clock: a
//! paused clock does not move, so its values are exact.

use std::collections::{BTreeMap, BTreeSet};

use crate::common::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use ygo_server::client::{http_get, Client};
use ygo_server::event::{EventInfo, Status};
use ygo_server::protocol::{ClientMsg, JudgeAction, ResultInfo, ServerMsg, StateFrame};
use ygo_server::wire::WireView;

/// A judge action: the last state frame the judge received before the `event` answer
/// (the judge watches the room), and that answer.
async fn judge(c: &mut Client, id: &str, table: u32, action: JudgeAction, reason: &str) -> (Option<StateFrame>, EventInfo) {
    c.send(&ClientMsg::EventJudge { event: id.into(), round: None, table, action, reason: reason.into() }).await.unwrap();
    let mut frame = None;
    loop {
        match soon(c.recv()).await.unwrap().expect("connected").1 {
            ServerMsg::State(f) => frame = Some(*f),
            ServerMsg::Event(e) => return (frame, *e),
            ServerMsg::Error { code, message } => panic!("{code}: {message}"),
            _ => {}
        }
    }
}

/// Accounts (the first organizes), a 1-round casual event with no no-show rule, the
/// accounts named in `players` registered, the round paired.
async fn setup(s: &ygo_server::Running, names: &[&str], players: &[&str]) -> (Vec<Client>, EventInfo) {
    setup_rounds(s, names, players, 1).await
}

async fn setup_rounds(s: &ygo_server::Running, names: &[&str], players: &[&str], rounds: u32) -> (Vec<Client>, EventInfo) {
    let mut cs = accounts(s, names).await;
    cs[0]
        .send(&ClientMsg::CreateEvent {
            name: "Judged".into(),
            format: "casual".into(),
            rounds,
            public_lists: false,
            grace_seconds: Some(0),
            structure: None,
            settings: Default::default(),
        })
        .await
        .unwrap();
    let id = event(&mut cs[0]).await.id;
    for (i, n) in names.iter().enumerate() {
        if players.contains(n) {
            cs[i].send(&ClientMsg::EventRegister { event: id.clone(), deck: builtin("vanilla-yugi") }).await.unwrap();
            event(&mut cs[i]).await;
        }
    }
    cs[0].send(&ClientMsg::EventPair { event: id.clone() }).await.unwrap();
    let info = event(&mut cs[0]).await;
    (cs, info)
}

/// Both players of a pairing enter its room (the match starts: the clock runs).
async fn open_match(a: &mut Client, b: &mut Client, id: &str) -> String {
    let mut seen = Vec::new();
    a.send(&ClientMsg::EventPlay { event: id.into() }).await.unwrap();
    let (code, _) = joined(a, &mut seen).await;
    b.send(&ClientMsg::EventPlay { event: id.into() }).await.unwrap();
    let (code_b, _) = joined(b, &mut seen).await;
    assert_eq!(code, code_b);
    code
}

fn index(names: &[&str], name: &str) -> usize {
    names.iter().position(|n| *n == name).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_judge_pauses_resumes_and_adds_time_and_every_action_is_logged() {
    let dir = TempDir::new("judge-clock");
    let s = server(&dir.db()).await;
    let names = ["Org", "Judy", "Pam", "Quin", "Nosy"];
    let (mut cs, info) = setup(&s, &names, &["Pam", "Quin"]).await;
    let id = info.id.clone();
    assert!(info.judges.is_empty() && info.log.is_empty());

    // Only the organizer names judges; an unknown account is refused.
    let m = refused(&mut cs[4], ClientMsg::EventJudgeAdd { event: id.clone(), name: "Nosy".into() }).await;
    assert!(m.contains("organizer"), "{m}");
    let m = refused(&mut cs[0], ClientMsg::EventJudgeAdd { event: id.clone(), name: "Nobody".into() }).await;
    assert!(m.contains("no account"), "{m}");
    // Judy is no judge yet.
    let m = refused(&mut cs[1], ClientMsg::EventJudge { event: id.clone(), round: None, table: 1, action: JudgeAction::Pause, reason: String::new() }).await;
    assert!(m.contains("Judy is neither"), "{m}");
    cs[0].send(&ClientMsg::EventJudgeAdd { event: id.clone(), name: "judy".into() }).await.unwrap();
    let info = event(&mut cs[0]).await;
    assert_eq!(info.judges, ["Judy"]);
    assert_eq!((info.log.len(), info.log[0].action.as_str(), info.log[0].judge.as_str()), (1, "judge_add", "Org"));

    let p = &info.pairings[0];
    let (ia, ib) = (index(&names, &p.a), index(&names, p.b.as_deref().unwrap()));
    let mut pa = std::mem::replace(&mut cs[ia], connect(&s).await);
    let mut pb = std::mem::replace(&mut cs[ib], connect(&s).await);
    let code = open_match(&mut pa, &mut pb, &id).await;

    // The judge watches the match: a spectator of its room.
    cs[1].send(&ClientMsg::EventJudge { event: id.clone(), round: None, table: 1, action: JudgeAction::Watch, reason: String::new() }).await.unwrap();
    let mut seen = Vec::new();
    let (watched, token) = joined(&mut cs[1], &mut seen).await;
    assert_eq!((watched.as_str(), token), (code.as_str(), None), "a judge watches as a spectator");
    let info = event(&mut cs[1]).await;
    assert_eq!(info.log.last().unwrap().action, "watch");

    // Anyone else is refused, and nothing changes.
    let m = refused(&mut cs[4], ClientMsg::EventJudge { event: id.clone(), round: None, table: 1, action: JudgeAction::Pause, reason: "x".into() }).await;
    assert!(m.contains("Nosy is neither"), "{m}");
    let m = refused(
        &mut pa,
        ClientMsg::EventJudge { event: id.clone(), round: None, table: 1, action: JudgeAction::AddTime { seconds: 600 }, reason: String::new() },
    )
    .await;
    assert!(m.contains("is neither"), "a player is no judge: {m}");
    let m = refused(&mut cs[1], ClientMsg::EventJudge { event: id.clone(), round: None, table: 1, action: JudgeAction::Resume, reason: String::new() }).await;
    assert!(m.contains("not paused"), "{m}");

    // Pause: the clock stops (every frame says so) with what was left.
    let (f, info) = judge(&mut cs[1], &id, 1, JudgeAction::Pause, "deck check").await;
    let f = f.expect("the watching judge gets the new frame");
    assert!(f.clock.paused, "{:?}", f.clock);
    let left = f.clock.match_left_s.expect("a match clock");
    assert!(left > 0 && left <= 40 * 60, "{left}");
    let e = info.log.last().unwrap();
    assert_eq!((e.judge.as_str(), e.action.as_str(), e.reason.as_str(), e.round, e.table), ("Judy", "pause", "deck check", Some(1), Some(1)));
    assert!(e.detail.contains(&format!("{left} s left")), "{e:?}");
    let m = refused(&mut cs[0], ClientMsg::EventJudge { event: id.clone(), round: None, table: 1, action: JudgeAction::Pause, reason: String::new() }).await;
    assert!(m.contains("paused already"), "{m}");

    // Time added to a paused clock: exactly that much more, still paused.
    // (The organizer does not watch: the frame read is the watching judge's.)
    let (_, info) = judge(&mut cs[0], &id, 1, JudgeAction::AddTime { seconds: 300 }, "judge call took 5 minutes").await;
    let e = info.log.last().unwrap();
    assert_eq!((e.judge.as_str(), e.action.as_str()), ("Org", "add_time"));
    assert!(e.detail.contains(&format!("{} s left", left + 300)), "{e:?}");
    let f = soon(cs[1].until(&mut seen, |m| match m {
        ServerMsg::State(f) => Some(f.clock.clone()),
        _ => None,
    }))
    .await
    .unwrap();
    assert_eq!((f.match_left_s, f.paused), (Some(left + 300), true));

    // Resume: the clock runs again from there.
    let (f, info) = judge(&mut cs[1], &id, 1, JudgeAction::Resume, "").await;
    let f = f.unwrap();
    assert!(!f.clock.paused);
    assert!(f.clock.match_left_s.unwrap() <= left + 300 && f.clock.match_left_s.unwrap() + 60 > left + 300, "{:?}", f.clock);
    let actions: Vec<&str> = info.log.iter().map(|e| e.action.as_str()).collect();
    assert_eq!(actions, ["judge_add", "watch", "pause", "add_time", "resume"]);
    assert!(info.log.windows(2).all(|w| w[0].seq + 1 == w[1].seq && w[0].at_ms <= w[1].at_ms));

    // The players were told, in the room's chat.
    let said = soon(pa.until(&mut seen, |m| match m {
        ServerMsg::Chat { from, text } if from == "judge" && text.contains("deck check") => Some(text.clone()),
        _ => None,
    }))
    .await
    .unwrap();
    assert!(said.contains("paused"), "{said}");

    // The log is public with the event.
    let (status, body) = http_get(&s.addr.to_string(), &format!("/api/events/{id}")).await.unwrap();
    assert_eq!(status, 200);
    let stored: EventInfo = serde_json::from_str(&body).unwrap();
    assert_eq!(stored.log, info.log);
    assert_eq!(stored.judges, ["Judy"]);
    s.stop().await;
}

/// The result both players see next (skipping frames; a duel's or the match's).
async fn result(c: &mut Client) -> ResultInfo {
    let mut seen = Vec::new();
    soon(c.until(&mut seen, |m| match m {
        ServerMsg::Result(r) => Some(r.clone()),
        ServerMsg::Error { code, message } => panic!("{code}: {message}"),
        _ => None,
    }))
    .await
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_judge_awards_a_duel_and_the_match_with_a_reason_and_the_standings_follow() {
    let dir = TempDir::new("judge-award");
    let s = server(&dir.db()).await;
    let names = ["Org", "Ann", "Ben", "Cat", "Dan"];
    let (mut cs, info) = setup(&s, &names, &["Ann", "Ben", "Cat", "Dan"]).await;
    let id = info.id.clone();
    assert_eq!(info.pairings.len(), 2);
    let t1 = info.pairings.iter().find(|p| p.table == 1).unwrap().clone();
    let t2 = info.pairings.iter().find(|p| p.table == 2).unwrap().clone();
    let (ia, ib) = (index(&names, &t1.a), index(&names, t1.b.as_deref().unwrap()));
    let mut a = std::mem::replace(&mut cs[ia], connect(&s).await);
    let mut b = std::mem::replace(&mut cs[ib], connect(&s).await);
    open_match(&mut a, &mut b, &id).await;
    // Table 1 starts its first duel: the chooser goes first.
    let mut seen = Vec::new();
    for c in [&mut a, &mut b] {
        let f = c
            .until(&mut seen, |m| match m {
                ServerMsg::State(f) => Some(f.clone()),
                _ => None,
            })
            .await
            .unwrap();
        if f.actions.iter().any(|x| x.text == "first") {
            c.send(&ClientMsg::Action { text: "first".into() }).await.unwrap();
        }
    }
    let dueling = a
        .until(&mut seen, |m| match m {
            ServerMsg::State(f) if f.view.is_some() => Some(f.duel),
            _ => None,
        })
        .await
        .unwrap();
    assert_eq!(dueling, 1);

    // An award needs a reason.
    let org = &mut cs[0];
    let award = |player: &str| JudgeAction::AwardGame { player: player.into() };
    let m = refused(org, ClientMsg::EventJudge { event: id.clone(), round: None, table: 1, action: award(&t1.b.clone().unwrap()), reason: "  ".into() }).await;
    assert!(m.contains("reason"), "{m}");
    let m = refused(org, ClientMsg::EventJudge { event: id.clone(), round: None, table: 1, action: award("Org"), reason: "x".into() }).await;
    assert!(m.contains("does not play"), "{m}");
    // Duel 1 to B, for a marked-cards ruling.
    let (_, info) = judge(org, &id, 1, award(&t1.b.clone().unwrap()), "marked sleeves").await;
    let e = info.log.last().unwrap();
    assert_eq!((e.action.as_str(), e.reason.as_str(), e.judge.as_str()), ("award_game", "marked sleeves", "Org"));
    for c in [&mut a, &mut b] {
        let r = result(c).await;
        assert_eq!((r.duel, r.winner_name.as_deref(), r.match_over), (1, t1.b.as_deref(), false), "{r:?}");
        assert!(r.reason.contains("judge: marked sleeves"), "{r:?}");
    }
    // Between duels there is no duel to award.
    let m = refused(org, ClientMsg::EventJudge { event: id.clone(), round: None, table: 1, action: award(&t1.a), reason: "x".into() }).await;
    assert!(m.contains("no duel is in progress"), "{m}");
    // The match to A.
    let (_, info) = judge(org, &id, 1, JudgeAction::AwardMatch { player: t1.a.to_lowercase() }, "opponent used an unregistered card").await;
    for c in [&mut a, &mut b] {
        let r = result(c).await;
        assert!(r.match_over && r.match_winner.as_deref() == Some(t1.a.as_str()), "{r:?}");
        assert!(r.reason.contains("unregistered card"), "{r:?}");
    }
    let e = info.log.last().unwrap();
    assert_eq!((e.action.as_str(), e.round, e.table), ("award_match", Some(1), Some(1)));
    assert!(e.detail.contains(&format!("{} wins the match", t1.a)), "{e:?}");

    // Table 2's players never came: the match is awarded without a room.
    let m = refused(org, ClientMsg::EventJudge { event: id.clone(), round: None, table: 2, action: JudgeAction::Pause, reason: String::new() }).await;
    assert!(m.contains("not open"), "{m}");
    let winner2 = t2.b.clone().unwrap();
    let (_, info) = judge(org, &id, 2, JudgeAction::AwardMatch { player: winner2.clone() }, "opponent absent").await;
    let m = refused(
        org,
        ClientMsg::EventJudge { event: id.clone(), round: None, table: 2, action: JudgeAction::AwardMatch { player: t2.a.clone() }, reason: "again".into() },
    )
    .await;
    assert!(m.contains("is over"), "a result is final: {m}");

    // The results and standings follow the awards.
    let p1 = info.pairings.iter().find(|p| p.table == 1).unwrap();
    assert_eq!((p1.done, p1.winner.as_deref(), p1.wins), (true, Some(t1.a.as_str()), [0, 1]));
    let p2 = info.pairings.iter().find(|p| p.table == 2).unwrap();
    assert_eq!((p2.done, p2.winner.as_deref(), p2.wins), (true, Some(winner2.as_str()), [0, 2]));
    assert_eq!(info.status, Status::Finished);
    let points = |n: &str| info.standings.iter().find(|s| s.player == n).unwrap().points;
    assert_eq!((points(&t1.a), points(t1.b.as_deref().unwrap()), points(&winner2), points(&t2.a)), (3, 0, 3, 0));
    let actions: Vec<(&str, &str)> = info.log.iter().map(|e| (e.action.as_str(), e.reason.as_str())).collect();
    assert_eq!(actions, [("award_game", "marked sleeves"), ("award_match", "opponent used an unregistered card"), ("award_match", "opponent absent")]);
    s.stop().await;
}

/// The next state frame (skipping other messages; an error fails the test).
async fn next_state(c: &mut Client) -> StateFrame {
    let mut seen = Vec::new();
    soon(c.until(&mut seen, |m| match m {
        ServerMsg::State(f) => Some((**f).clone()),
        ServerMsg::Error { code, message } => panic!("{code}: {message}"),
        _ => None,
    }))
    .await
    .unwrap()
}

/// Both players' next frames (every frame goes to both seats, so they come in step).
async fn both_states(a: &mut Client, b: &mut Client) -> (StateFrame, StateFrame) {
    let (fa, fb) = (next_state(a).await, next_state(b).await);
    assert_eq!((fa.duel, fa.step), (fb.duel, fb.step), "the two seats' frames are of one moment");
    (fa, fb)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rewind_happens_only_when_both_players_accept_and_rebuilds_the_duel_exactly() {
    let dir = TempDir::new("judge-rewind");
    let s = server(&dir.db()).await;
    let names = ["Org", "Ann", "Ben", "Nosy"];
    let (mut cs, info) = setup(&s, &names, &["Ann", "Ben"]).await;
    let id = info.id.clone();
    let t1 = info.pairings[0].clone();
    let mut a = std::mem::replace(&mut cs[index(&names, &t1.a)], connect(&s).await);
    let mut b = std::mem::replace(&mut cs[index(&names, t1.b.as_deref().unwrap())], connect(&s).await);
    open_match(&mut a, &mut b, &id).await;
    // The organizer watches from the start: the public frames.
    let (_, info) = judge(&mut cs[0], &id, 1, JudgeAction::Watch, "").await;
    assert_eq!(info.log.last().unwrap().action, "watch");

    // Play in step: every view each seat (and the public) saw, by step.
    let mut seen: [BTreeMap<usize, WireView>; 2] = Default::default();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut fa, mut fb) = both_states(&mut a, &mut b).await;
    while fa.step < 20 {
        for (i, f) in [&fa, &fb].into_iter().enumerate() {
            if let Some(v) = &f.view {
                seen[i].entry(f.step).or_insert_with(|| v.clone());
            }
        }
        for (c, f) in [(&mut a, &fa), (&mut b, &fb)] {
            if !f.actions.is_empty() {
                let x = &f.actions[rng.random_range(0..f.actions.len())];
                c.send(&ClientMsg::Action { text: x.text.clone() }).await.unwrap();
            }
        }
        (fa, fb) = both_states(&mut a, &mut b).await;
    }
    let now = fa.step;
    // A step with decisions (not only forced moves) before it: the frames come only when
    // someone decides, and every one of those frames was answered.
    let steps: Vec<usize> = seen[0].keys().copied().collect();
    assert!(steps.len() >= 4, "{steps:?}");
    let k = steps[steps.len() / 2];
    assert!(k < now && seen[1].contains_key(&k), "{k} {now}");
    // The public frames so far, up to the one of step `now`.
    let mut public_k = None;
    loop {
        let f = next_state(&mut cs[0]).await;
        if f.step == k && public_k.is_none() {
            public_k = f.view.clone();
        }
        if f.step == now {
            break;
        }
    }
    let public_k = public_k.expect("the public frame of step k");

    // Proposed: nothing changes until both accept; a spectator's answer is no answer.
    let m =
        refused(&mut cs[0], ClientMsg::EventJudge { event: id.clone(), round: None, table: 1, action: JudgeAction::Rewind { step: now }, reason: "x".into() })
            .await;
    assert!(m.contains("earlier"), "{m}");
    let (_, info) = judge(&mut cs[0], &id, 1, JudgeAction::Rewind { step: k }, "wrong target announced").await;
    let e = info.log.last().unwrap();
    assert_eq!((e.action.as_str(), e.reason.as_str()), ("rewind_proposed", "wrong target announced"));
    let (fa, fb) = both_states(&mut a, &mut b).await;
    let r = fa.rewind.clone().expect("the proposal is in the frames");
    assert_eq!((r.step, r.accepted, r.judge.as_str()), (k, [false, false], "Org"));
    assert_eq!(fb.rewind, fa.rewind);
    cs[0].send(&ClientMsg::RewindAnswer { accept: true }).await.unwrap();
    let (code, _) = soon(next_error(&mut cs[0])).await;
    assert_eq!(code, "token");
    a.send(&ClientMsg::RewindAnswer { accept: true }).await.unwrap();
    let (fa, _) = both_states(&mut a, &mut b).await;
    assert_eq!((fa.step, fa.rewind.as_ref().unwrap().accepted), (now, [true, false]), "one answer rewinds nothing");
    // The other declines: no rewind.
    b.send(&ClientMsg::RewindAnswer { accept: false }).await.unwrap();
    let (fa, _) = both_states(&mut a, &mut b).await;
    assert_eq!((fa.step, fa.rewind.is_none()), (now, true));

    // Proposed again, both accept: the duel is where it was at step k, each seat seeing
    // exactly what it saw then (its own view: the hidden information stays hidden).
    judge(&mut cs[0], &id, 1, JudgeAction::Rewind { step: k }, "wrong target announced").await;
    both_states(&mut a, &mut b).await;
    b.send(&ClientMsg::RewindAnswer { accept: true }).await.unwrap();
    both_states(&mut a, &mut b).await;
    a.send(&ClientMsg::RewindAnswer { accept: true }).await.unwrap();
    let (fa, fb) = both_states(&mut a, &mut b).await;
    assert_eq!((fa.step, fa.rewind.is_none(), fa.log_from), (k, true, 0), "rebuilt at step {k}, the whole log sent again");
    assert_eq!(fa.view.as_ref(), seen[0].get(&k));
    assert_eq!(fb.view.as_ref(), seen[1].get(&k));
    let rebuilt = loop {
        let f = next_state(&mut cs[0]).await;
        if f.step != now {
            break f;
        }
    };
    assert_eq!((rebuilt.step, rebuilt.view), (k, Some(public_k)), "the public frame is the public view of step {k}");

    // The duel goes on from there.
    let (c, f) = if fa.actions.is_empty() { (&mut b, &fb) } else { (&mut a, &fa) };
    c.send(&ClientMsg::Action { text: f.actions[0].text.clone() }).await.unwrap();
    let (fa, _) = both_states(&mut a, &mut b).await;
    assert!(fa.step > k);

    cs[0].send(&ClientMsg::EventGet { event: id.clone() }).await.unwrap();
    let info = event(&mut cs[0]).await;
    let actions: Vec<&str> = info.log.iter().map(|e| e.action.as_str()).collect();
    assert_eq!(actions, ["watch", "rewind_proposed", "rewind_declined", "rewind_proposed", "rewind"]);
    let e = info.log.last().unwrap();
    assert_eq!((e.judge.as_str(), e.reason.as_str(), e.round, e.table), ("Org", "wrong target announced", Some(1), Some(1)));
    assert!(e.detail.contains(&format!("from step {now} to step {k}")), "{e:?}");
    s.stop().await;
}

/// Re-pairing: the organizer pairs the current round again after a player dropped: only
/// the pairings whose match has not started are made anew (without the dropped player);
/// the players of a started match keep it; each change is logged; with nothing left to
/// change the re-pairing is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_organizer_re_pairs_only_the_matches_that_have_not_started() {
    let dir = TempDir::new("judge-repair");
    let s = server(&dir.db()).await;
    let names = ["Org", "Ann", "Ben", "Cat", "Dan", "Eve", "Fay"];
    let (mut cs, info) = setup(&s, &names, &["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]).await;
    let id = info.id.clone();
    assert_eq!(info.pairings.len(), 3);
    let m = refused(&mut cs[1], ClientMsg::EventRepair { event: id.clone(), reason: String::new() }).await;
    assert!(m.contains("organizer"), "{m}");

    // Table 1's match starts (both players in its room).
    let t1 = info.pairings.iter().find(|p| p.table == 1).unwrap().clone();
    let (ia, ib) = (index(&names, &t1.a), index(&names, t1.b.as_deref().unwrap()));
    let mut a = std::mem::replace(&mut cs[ia], connect(&s).await);
    let mut b = std::mem::replace(&mut cs[ib], connect(&s).await);
    let room = open_match(&mut a, &mut b, &id).await;
    // A player of table 2 drops; the organizer re-pairs.
    let gone = info.pairings.iter().find(|p| p.table == 2).unwrap().a.clone();
    let mut g = connect(&s).await;
    session(&mut g, ClientMsg::Login { name: gone.clone(), password: format!("{gone}-secret") }).await;
    g.send(&ClientMsg::EventDrop { event: id.clone() }).await.unwrap();
    event(&mut g).await;
    cs[0].send(&ClientMsg::EventRepair { event: id.clone(), reason: format!("{gone} dropped") }).await.unwrap();
    let after = event(&mut cs[0]).await;
    assert_eq!(after.round, 1);
    let round: Vec<_> = after.pairings.iter().filter(|p| p.round == 1).collect();
    // Table 1 is as it was, its room still open.
    let kept = round.iter().find(|p| p.table == 1).unwrap();
    assert_eq!((&kept.a, &kept.b, kept.room.as_deref()), (&t1.a, &t1.b, Some(room.as_str())));
    // The other three players: a match and a bye, on tables 2 and 3, without the dropped one.
    let rest: Vec<_> = round.iter().filter(|p| p.table != 1).collect();
    assert_eq!(rest.len(), 2, "{round:?}");
    assert_eq!(rest.iter().map(|p| p.table).collect::<BTreeSet<_>>(), [2, 3].into());
    let players: BTreeSet<&str> = rest.iter().flat_map(|p| [Some(p.a.as_str()), p.b.as_deref()]).flatten().collect();
    let expect: BTreeSet<&str> =
        info.pairings.iter().filter(|p| p.table != 1).flat_map(|p| [Some(p.a.as_str()), p.b.as_deref()]).flatten().filter(|n| *n != gone).collect();
    assert_eq!(players, expect);
    let bye = rest.iter().find(|p| p.b.is_none()).expect("3 players: a bye");
    assert!(bye.done && bye.winner.as_deref() == Some(bye.a.as_str()));
    let e = after.log.last().unwrap();
    assert_eq!((e.action.as_str(), e.judge.as_str(), e.reason.as_str()), ("repair", "Org", format!("{gone} dropped").as_str()));
    assert!(e.detail.contains("round 1 re-paired") && e.detail.contains("(was") && e.detail.contains(&gone), "{e:?}");
    assert!(e.detail.contains(&format!("started, kept: 1: {} - {}", t1.a, t1.b.as_deref().unwrap())), "{e:?}");

    // The new table's match starts too: only the bye is left, which would stay as it is.
    let t = rest.iter().find(|p| p.b.is_some()).unwrap();
    let (ja, jb) = (index(&names, &t.a), index(&names, t.b.as_deref().unwrap()));
    let mut c = std::mem::replace(&mut cs[ja], connect(&s).await);
    let mut d = std::mem::replace(&mut cs[jb], connect(&s).await);
    open_match(&mut c, &mut d, &id).await;
    let m = refused(&mut cs[0], ClientMsg::EventRepair { event: id.clone(), reason: String::new() }).await;
    assert!(m.contains("would stay as they are"), "{m}");
    cs[0].send(&ClientMsg::EventGet { event: id.clone() }).await.unwrap();
    let last = event(&mut cs[0]).await;
    let pairs = |i: &EventInfo| i.pairings.iter().map(|p| (p.table, p.a.clone(), p.b.clone())).collect::<Vec<_>>();
    assert_eq!(pairs(&last), pairs(&after));
    assert_eq!(last.log.len(), after.log.len());
    s.stop().await;
}

/// A server restart in the middle of round 2 keeps every registration, result, clock and
/// pairing: round 1's results, round 2's pairings with the result already in, the judge
/// log, and the match clock of the match being played (paused by a judge, so its value is
/// exact), from which the match's next room goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_in_the_middle_of_round_2_keeps_registrations_results_clocks_and_pairings() {
    let dir = TempDir::new("judge-restart");
    let s = server(&dir.db()).await;
    let names = ["Org", "Ann", "Ben", "Cat", "Dan"];
    let (mut cs, info) = setup_rounds(&s, &names, &["Ann", "Ben", "Cat", "Dan"], 2).await;
    let id = info.id.clone();
    // Round 1: both matches settled (A wins each).
    for p in &info.pairings {
        judge(&mut cs[0], &id, p.table, JudgeAction::AwardMatch { player: p.a.clone() }, "settled by the judge").await;
    }
    cs[0].send(&ClientMsg::EventPair { event: id.clone() }).await.unwrap();
    let info = event(&mut cs[0]).await;
    assert_eq!(info.round, 2);
    let round2: Vec<_> = info.pairings.iter().filter(|p| p.round == 2).cloned().collect();
    assert_eq!(round2.len(), 2);
    // Round 2, table 1: being played, its clock paused with 2 minutes added.
    let t1 = round2.iter().find(|p| p.table == 1).unwrap().clone();
    let (ia, ib) = (index(&names, &t1.a), index(&names, t1.b.as_deref().unwrap()));
    let mut a = std::mem::replace(&mut cs[ia], connect(&s).await);
    let mut b = std::mem::replace(&mut cs[ib], connect(&s).await);
    open_match(&mut a, &mut b, &id).await;
    judge(&mut cs[0], &id, 1, JudgeAction::Watch, "").await;
    let (f, _) = judge(&mut cs[0], &id, 1, JudgeAction::Pause, "restart ahead").await;
    let left = f.unwrap().clock.match_left_s.unwrap();
    judge(&mut cs[0], &id, 1, JudgeAction::AddTime { seconds: 120 }, "for the restart").await;
    // Table 2: its result is in.
    let t2 = round2.iter().find(|p| p.table == 2).unwrap().clone();
    judge(&mut cs[0], &id, 2, JudgeAction::AwardMatch { player: t2.b.clone().unwrap() }, "opponent absent").await;
    cs[0].send(&ClientMsg::EventGet { event: id.clone() }).await.unwrap();
    let mut before = event(&mut cs[0]).await;
    assert!(before.pairings.iter().any(|p| p.round == 2 && p.table == 1 && !p.done && p.room.is_some()));

    drop((cs, a, b));
    s.stop().await;
    let s = server(&dir.db()).await;
    let (status, body) = http_get(&s.addr.to_string(), &format!("/api/events/{id}")).await.unwrap();
    assert_eq!(status, 200);
    let after: EventInfo = serde_json::from_str(&body).unwrap();
    // Everything but the closed room of the match in progress, which the players open anew.
    for p in before.pairings.iter_mut().filter(|p| !p.done) {
        p.room = None;
    }
    assert_eq!(after, before);
    assert_eq!(after.players.len(), 4);
    assert_eq!(after.pairings.iter().filter(|p| p.done).count(), 3, "round 1's two results and round 2's one");

    // The match goes on with its clock as it was: paused, with what was left and the time added.
    let mut a = connect(&s).await;
    session(&mut a, ClientMsg::Login { name: t1.a.clone(), password: format!("{}-secret", t1.a) }).await;
    let mut b = connect(&s).await;
    let nb = t1.b.clone().unwrap();
    session(&mut b, ClientMsg::Login { name: nb.clone(), password: format!("{nb}-secret") }).await;
    open_match(&mut a, &mut b, &id).await;
    let f = next_state(&mut a).await;
    assert_eq!((f.clock.match_left_s, f.clock.paused), (Some(left + 120), true), "{:?}", f.clock);
    let mut org = connect(&s).await;
    session(&mut org, ClientMsg::Login { name: "Org".into(), password: "Org-secret".into() }).await;
    let (_, info) = judge(&mut org, &id, 1, JudgeAction::Resume, "restarted").await;
    assert!(info.log.last().unwrap().detail.contains(&format!("{} s left", left + 120)), "{:?}", info.log.last());
    let f = next_state(&mut a).await;
    assert!(!f.clock.paused);
    s.stop().await;
}
