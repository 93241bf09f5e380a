//! Time in an event match through the protocol (issue 36's match settings): the community
//! preset plays a duel in progress at time to its natural end and draws a match tied at
//! time; the format preset runs MATCH-6's extra turns; a round's deadline (`round_hours`)
//! reached decides the match as at time, and a judge's added time or resume does not carry
//! the clock past it.
//!
//! Nothing here waits on a clock. Time runs out when a judge takes the clock's time off
//! (`add_time` with a negative amount: 0 left), at a moment the test chooses: the two
//! players' clients are driven in step, so no action is in flight then, and the room calls
//! time at its next decision. A round deadline is reached by writing a past deadline into
//! the pairing before its match opens (the players came after the round's end).

use crate::common::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use ygo_server::client::Client;
use ygo_server::event::{EventInfo, EventPairingInfo, EventSettings, MatchSettings, Preset};
use ygo_server::protocol::{ClientMsg, JudgeAction, ResultInfo, ServerMsg, StateFrame};

/// Accounts (the first organizes), a 1-round casual event with these settings, every other
/// account registered, the round paired.
async fn setup(s: &ygo_server::Running, names: &[&str], settings: EventSettings) -> (Vec<Client>, EventInfo) {
    let mut cs = accounts(s, names).await;
    let create = ClientMsg::CreateEvent {
        name: "Timed".into(),
        format: "casual".into(),
        rounds: 1,
        public_lists: false,
        grace_seconds: Some(0),
        structure: None,
        settings,
    };
    cs[0].send(&create).await.unwrap();
    let id = event(&mut cs[0]).await.id;
    for c in cs.iter_mut().skip(1) {
        c.send(&ClientMsg::EventRegister { event: id.clone(), deck: builtin("vanilla-yugi") }).await.unwrap();
        event(c).await;
    }
    cs[0].send(&ClientMsg::EventPair { event: id.clone() }).await.unwrap();
    let info = event(&mut cs[0]).await;
    (cs, info)
}

fn preset(p: Preset) -> EventSettings {
    EventSettings { match_settings: Some(MatchSettings { preset: p, minutes: None }), ..Default::default() }
}

/// A judge action of the organizer (who does not watch the room): its `event` answer.
async fn judge(org: &mut Client, id: &str, table: u32, action: JudgeAction, reason: &str) -> EventInfo {
    org.send(&ClientMsg::EventJudge { event: id.into(), round: None, table, action, reason: reason.into() }).await.unwrap();
    event(org).await
}

type Frames = (Box<StateFrame>, Box<StateFrame>);

/// What the two seats receive next, in step (every frame and result goes to both).
#[derive(Debug)]
enum Next {
    Frame,
    Result(ResultInfo),
}

/// The two players of a pairing, in its room, driven in step: A plays the pairing's A.
struct Table {
    a: Client,
    b: Client,
    rng: ChaCha8Rng,
    /// The last frame each seat acted on (a frame sent again is not answered twice).
    acted: [Option<(u8, usize, Vec<String>)>; 2],
}

/// The next frame or result of a seat. An action refused as `rejected` is skipped: a seat
/// may answer a frame that a duel's end made stale (the judge's award, a time verdict), as
/// a person's client may.
async fn next_of(c: &mut Client) -> ServerMsg {
    loop {
        let (_, m) = soon(c.recv()).await.unwrap().expect("connected");
        match m {
            ServerMsg::State(_) | ServerMsg::Result(_) => return m,
            ServerMsg::Error { code, .. } if code == "rejected" => {}
            ServerMsg::Error { code, message } => panic!("{code}: {message}"),
            _ => {}
        }
    }
}

impl Table {
    /// Both players log in anew and enter the pairing's room.
    async fn open(s: &ygo_server::Running, id: &str, p: &EventPairingInfo, seed: u64) -> Table {
        let mut cs = Vec::new();
        for n in [p.a.clone(), p.b.clone().unwrap()] {
            let mut c = connect(s).await;
            session(&mut c, ClientMsg::Login { name: n.clone(), password: format!("{n}-secret") }).await;
            cs.push(c);
        }
        let (mut b, mut a) = (cs.pop().unwrap(), cs.pop().unwrap());
        let mut seen = Vec::new();
        a.send(&ClientMsg::EventPlay { event: id.into() }).await.unwrap();
        let (code, _) = joined(&mut a, &mut seen).await;
        b.send(&ClientMsg::EventPlay { event: id.into() }).await.unwrap();
        let (code_b, _) = joined(&mut b, &mut seen).await;
        assert_eq!(code, code_b);
        Table { a, b, rng: ChaCha8Rng::seed_from_u64(seed), acted: [None, None] }
    }

    /// The next frames or result; each seat answers a frame with decisions by a random one.
    async fn step(&mut self) -> Next {
        let (ma, mb) = (next_of(&mut self.a).await, next_of(&mut self.b).await);
        if let (ServerMsg::Result(ra), ServerMsg::Result(rb)) = (&ma, &mb) {
            assert_eq!((ra.duel, &ra.reason, ra.match_over), (rb.duel, &rb.reason, rb.match_over));
            return Next::Result(ra.clone());
        }
        self.answer(ma, mb).await;
        Next::Frame
    }

    /// Plays until the frames of the two seats satisfy `stop` (no action sent on them).
    async fn until_frame(&mut self, stop: impl Fn(&StateFrame, &StateFrame) -> bool) -> Frames {
        loop {
            let (ma, mb) = (next_of(&mut self.a).await, next_of(&mut self.b).await);
            match (ma, mb) {
                (ServerMsg::State(fa), ServerMsg::State(fb)) if stop(&fa, &fb) => {
                    assert_eq!((fa.duel, fa.step), (fb.duel, fb.step));
                    return (fa, fb);
                }
                (ma, mb) => self.answer(ma, mb).await,
            }
        }
    }

    /// Each seat answers its frame with decisions by a random one (a frame it answered
    /// already, sent again, is not answered twice).
    async fn answer(&mut self, ma: ServerMsg, mb: ServerMsg) {
        match (ma, mb) {
            (ServerMsg::State(fa), ServerMsg::State(fb)) => {
                for (i, f) in [&fa, &fb].into_iter().enumerate() {
                    let key = (f.duel, f.step, f.actions.iter().map(|x| x.text.clone()).collect::<Vec<_>>());
                    if f.actions.is_empty() || self.acted[i].as_ref() == Some(&key) {
                        continue;
                    }
                    let text = f.actions[self.rng.random_range(0..f.actions.len())].text.clone();
                    let c = if i == 0 { &mut self.a } else { &mut self.b };
                    c.send(&ClientMsg::Action { text }).await.unwrap();
                    self.acted[i] = Some(key);
                }
            }
            (ServerMsg::Result(ra), ServerMsg::Result(rb)) => panic!("a duel ended before the frame wanted: {ra:?} / {rb:?}"),
            (x, y) => panic!("the seats are out of step: {x:?} / {y:?}"),
        }
    }

    async fn answer_frames(&mut self, (fa, fb): Frames) {
        self.answer(ServerMsg::State(fa), ServerMsg::State(fb)).await;
    }

    /// Plays until the next result.
    async fn until_result(&mut self) -> ResultInfo {
        loop {
            if let Next::Result(r) = self.step().await {
                return r;
            }
        }
    }

    /// After the match: a chat line both ways through the room, so that everything the
    /// room did before (the event's result) is stored.
    async fn settle(&mut self) {
        self.a.send(&ClientMsg::Chat { text: "gg".into() }).await.unwrap();
        let mut seen = Vec::new();
        soon(self.a.until(&mut seen, |m| matches!(m, ServerMsg::Chat { text, .. } if text == "gg").then_some(()))).await.unwrap();
    }
}

/// Duel `n` is being played: its view, and no room decision (first or second, ready) for
/// either seat (while the chooser decides, the frames still show the last duel's view).
fn dueling(n: u8, fa: &StateFrame, fb: &StateFrame) -> bool {
    let room = |f: &StateFrame| f.actions.iter().any(|x| ["first", "second", "ready"].contains(&x.text.as_str()));
    fa.duel == n && fa.view.is_some() && !room(fa) && !room(fb)
}

/// The turn of a frame's duel view.
fn turn(f: &StateFrame) -> u32 {
    f.view.as_ref().expect("a duel view").turn
}

/// The table's duel 1 goes to A by a judge's award, and duel 2 is played to turn 3; then
/// the judge takes every second off the clock: time is called there. Returns the result of
/// duel 2 and the turn time was called in.
async fn time_in_duel_2(org: &mut Client, id: &str, p: &EventPairingInfo, t: &mut Table) -> (ResultInfo, u32) {
    t.until_frame(|a, b| dueling(1, a, b)).await;
    judge(org, id, p.table, JudgeAction::AwardGame { player: p.a.clone() }, "decided for the test").await;
    let r = t.until_result().await;
    assert_eq!((r.duel, r.winner_name.as_deref(), r.match_over), (1, Some(p.a.as_str()), false), "{r:?}");
    let fs = t.until_frame(|a, b| dueling(2, a, b) && turn(a) >= 3).await;
    let (f, at) = (fs.0.clone(), turn(&fs.0));
    let info = judge(org, id, p.table, JudgeAction::AddTime { seconds: -3600 }, "time is up").await;
    let e = info.log.last().unwrap();
    assert!(e.action == "add_time" && e.detail.contains("-3600 s: 0 s left"), "{e:?}");
    // Two frames of the same decision: the judge's change, then the room's time call (the
    // clock ran out with no action in flight); the duel goes on from that decision.
    for _ in 0..2 {
        let (g, _) = t.until_frame(|_, _| true).await;
        assert_eq!((g.duel, g.step, g.clock.match_left_s), (f.duel, f.step, Some(0)), "{:?}", g.clock);
    }
    t.answer_frames(fs).await;
    let r = t.until_result().await;
    assert_eq!(r.duel, 2, "{r:?}");
    (r, at)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn community_rules_play_a_duel_at_time_to_its_natural_end_and_draw_a_match_tied_at_time() {
    let dir = TempDir::new("time-community");
    let s = server(&dir.db()).await;
    let (mut cs, info) = setup(&s, &["Org", "Ann", "Ben", "Cat", "Dan"], preset(Preset::Community)).await;
    let id = info.id.clone();
    let org = &mut cs[0];
    let t1 = info.pairings.iter().find(|p| p.table == 1).unwrap().clone();
    let t2 = info.pairings.iter().find(|p| p.table == 2).unwrap().clone();

    // Table 1: time during duel 2 (A leads 1-0). No extra turns: the duel ends by the
    // engine's rules however many turns it takes, and the match ends with it (no duel 3,
    // no extra duel), a draw if it is 1-1.
    let mut t = Table::open(&s, &id, &t1, 1).await;
    let (r, at) = time_in_duel_2(org, &id, &t1, &mut t).await;
    assert!(!r.reason.starts_with("time"), "no time verdict at a natural end: {r:?} (time called in turn {at})");
    assert!(r.match_over, "a duel at time ends the match: {r:?}");
    let tied = r.winner_name.as_deref() == t1.b.as_deref();
    assert_eq!(r.match_winner.as_deref(), if tied { None } else { Some(t1.a.as_str()) }, "{r:?}");
    t.settle().await;

    // Table 2: 1-1 when time runs out between duels: a drawn match (no extra duel).
    let mut u = Table::open(&s, &id, &t2, 2).await;
    u.until_frame(|a, b| dueling(1, a, b)).await;
    judge(org, &id, 2, JudgeAction::AwardGame { player: t2.a.clone() }, "decided for the test").await;
    assert_eq!(u.until_result().await.duel, 1);
    u.until_frame(|a, b| dueling(2, a, b)).await;
    judge(org, &id, 2, JudgeAction::AwardGame { player: t2.b.clone().unwrap() }, "decided for the test").await;
    let r = u.until_result().await;
    assert_eq!((r.duel, r.duel_wins, r.match_over), (2, [1, 1], false), "{r:?}");
    // Siding: nobody is ready yet when the time is taken off.
    let fs = u.until_frame(|a, b| [a, b].iter().all(|f| f.actions.iter().any(|x| x.text == "ready"))).await;
    judge(org, &id, 2, JudgeAction::AddTime { seconds: -3600 }, "time is up").await;
    u.answer_frames(fs).await;
    let r = u.until_result().await;
    assert!(r.match_over && r.match_winner.is_none() && r.duel_wins == [1, 1], "{r:?}");
    assert!(r.reason.contains("a drawn match"), "{r:?}");
    u.settle().await;

    // The standings: each drawn match is a draw (1 point each).
    org.send(&ClientMsg::EventGet { event: id.clone() }).await.unwrap();
    let info = event(org).await;
    let p2 = info.pairings.iter().find(|p| p.table == 2).unwrap();
    assert_eq!((p2.done, p2.winner.as_deref(), p2.wins), (true, None, [1, 1]));
    let p1 = info.pairings.iter().find(|p| p.table == 1).unwrap();
    assert_eq!((p1.done, p1.winner.is_none()), (true, tied), "{p1:?}");
    let standing = |n: &str| info.standings.iter().find(|s| s.player == n).unwrap().clone();
    for n in [t2.a.as_str(), t2.b.as_deref().unwrap()] {
        let st = standing(n);
        assert_eq!((st.points, st.draws, st.wins, st.losses), (1, 1, 0, 0), "{st:?}");
    }
    let (a1, b1) = (standing(&t1.a), standing(t1.b.as_deref().unwrap()));
    assert_eq!((a1.points, b1.points), if tied { (1, 1) } else { (3, 0) });
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn format_rules_run_match_6_extra_turns_when_time_runs_out_in_a_duel() {
    let dir = TempDir::new("time-format");
    let s = server(&dir.db()).await;
    let (mut cs, info) = setup(&s, &["Org", "Ann", "Ben"], preset(Preset::Format)).await;
    let id = info.id.clone();
    let org = &mut cs[0];
    let t1 = info.pairings[0].clone();
    let mut t = Table::open(&s, &id, &t1, 3).await;
    for seconds in [0, -3601] {
        let m =
            refused(org, ClientMsg::EventJudge { event: id.clone(), round: None, table: 1, action: JudgeAction::AddTime { seconds }, reason: String::new() })
                .await;
        assert!(m.contains(&format!("add_time seconds {seconds}: -3600 to 3600, not 0")), "{m}");
    }
    let (r, at) = time_in_duel_2(org, &id, &t1, &mut t).await;
    // MATCH-6: the current turn is finished, then 3 extra turns; after them more LP wins
    // (or sudden death, MATCH-8). A duel that ended by the engine's rules did so within them.
    assert!(r.reason.starts_with("time:") || r.turns <= at + 3, "time called in turn {at}: {r:?}");
    if r.reason.starts_with("time: more LP") {
        // Judged at the end of the third extra turn (as the next turn starts).
        assert!((at + 3..=at + 4).contains(&r.turns), "time called in turn {at}: {r:?}");
    }
    // 2-0: the match is over; 1-1: MATCH-7's extra duel decides it.
    let r = if r.match_over { r } else { t.until_result().await };
    assert!(r.match_over && r.match_winner.is_some(), "{r:?}");
    t.settle().await;
    org.send(&ClientMsg::EventGet { event: id.clone() }).await.unwrap();
    let info = event(org).await;
    assert_eq!((info.pairings[0].done, info.pairings[0].winner.as_deref()), (true, r.match_winner.as_deref()));
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_deadline_reached_decides_the_match_as_at_time() {
    let dir = TempDir::new("time-round");
    let s = server(&dir.db()).await;
    let settings = EventSettings { round_hours: Some(1), ..preset(Preset::Format) };
    let (mut cs, info) = setup(&s, &["Org", "Ann", "Ben", "Cat", "Dan"], settings).await;
    let id = info.id.clone();
    assert!(info.pairings.iter().all(|p| p.deadline.is_some()), "a 1-hour round has a deadline");
    // Table 1's round ended a second ago (its players came after the round's end); table
    // 2's has its hour.
    let now_ms = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&format!("sqlite://{}", dir.db())).await.unwrap();
    let moved = sqlx::query("UPDATE event_pairings SET deadline_ms = $1 WHERE event_id = $2 AND table_no = 1")
        .bind(now_ms - 1000)
        .bind(&id)
        .execute(&pool)
        .await
        .unwrap();
    assert_eq!(moved.rows_affected(), 1);
    pool.close().await;
    let t1 = info.pairings.iter().find(|p| p.table == 1).unwrap().clone();
    let t2 = info.pairings.iter().find(|p| p.table == 2).unwrap().clone();

    // Table 2's clock: the format's 40 minutes, within the round's hour.
    let mut u = Table::open(&s, &id, &t2, 5).await;
    let (f, _) = u.until_frame(|_, _| true).await;
    let left = f.clock.match_left_s.expect("a match clock");
    assert!(left > 39 * 60 && left <= 40 * 60, "{:?}", f.clock);
    // A judge's time does not carry it past the round's deadline (an hour from the
    // pairing): an hour added to the 40 minutes, running or paused, leaves at most the
    // round's hour; so does the resume.
    let org = &mut cs[0];
    let round_left = |g: &StateFrame| g.clock.match_left_s.expect("a match clock");
    for (action, paused) in [
        (JudgeAction::AddTime { seconds: 3600 }, false),
        (JudgeAction::Pause, true),
        (JudgeAction::AddTime { seconds: 3600 }, true),
        (JudgeAction::Resume, false),
    ] {
        let add = matches!(action, JudgeAction::AddTime { .. });
        let info = judge(org, &id, 2, action, "a long ruling").await;
        let e = info.log.last().unwrap();
        assert!(!add || e.detail.contains("s left (the round's deadline)"), "{e:?}");
        let (g, _) = u.until_frame(|_, _| true).await;
        assert_eq!(g.clock.paused, paused, "{:?}", g.clock);
        assert!(round_left(&g) <= 3600 && round_left(&g) > 3500, "{e:?} {:?}", g.clock);
    }

    // Table 1's clock ends at the round's deadline: nothing left.
    let mut t = Table::open(&s, &id, &t1, 4).await;
    let fs = t.until_frame(|_, _| true).await;
    assert_eq!(fs.0.clock.match_left_s, Some(0), "{:?}", fs.0.clock);
    t.answer_frames(fs).await;
    // Duel 1 is at time from its first decision: MATCH-6's extra turns (turn 1 finished,
    // then turns 2 to 4) decide it, and a duel won at time wins the match.
    let r = t.until_result().await;
    assert_eq!(r.duel, 1);
    assert!(r.reason.starts_with("time:") || r.turns <= 4, "{r:?}");
    if r.reason.starts_with("time: more LP") {
        assert!((4..=5).contains(&r.turns), "{r:?}");
    }
    let r = if r.match_over { r } else { t.until_result().await };
    assert!(r.match_over && r.match_winner.is_some(), "{r:?}");
    t.settle().await;
    let org = &mut cs[0];
    org.send(&ClientMsg::EventGet { event: id.clone() }).await.unwrap();
    let info = event(org).await;
    let p1 = info.pairings.iter().find(|p| p.table == 1).unwrap();
    assert_eq!((p1.done, p1.winner.as_deref()), (true, r.match_winner.as_deref()));
    assert!(!info.pairings.iter().find(|p| p.table == 2).unwrap().done, "table 2 plays on");
    drop(u);
    s.stop().await;
}
