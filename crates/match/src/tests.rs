//! Tests of the MATCH-* clauses. Every time-out path runs on a virtual clock.

use std::sync::Arc;
use std::time::Duration;

use ygo_core::pool::CardPool;
use ygo_core::{Action, Duel, Edition, Event, Phase, Placed, Player, PositionSetup, View, WinReason};

use crate::*;

fn pool() -> Arc<CardPool> {
    ygo_cards::pool()
}

fn builtin(name: &str) -> RegisteredDeck {
    let b = ygo_cards::decks::builtin(name).unwrap();
    let list = ygo_cards::decks::parse_builtin(b.ydk);
    RegisteredDeck { name: name.into(), main: list.main, extra: list.extra, side: vec![] }
}

/// vanilla-yugi with a side deck of three vanilla-kaiba cards.
fn sided_deck() -> RegisteredDeck {
    let mut d = builtin("vanilla-yugi");
    let other = builtin("vanilla-kaiba");
    d.side = other.main.iter().copied().filter(|c| !d.main.contains(c)).take(3).collect();
    assert_eq!(d.side.len(), 3);
    d
}

/// A random AI that records what the match asks it and answers as told.
struct Probe {
    ai: Box<dyn ygo_ai::Player>,
    go_first: bool,
    side_plan: SideRequest,
    asked_first: Vec<u8>,
    saw_current: Vec<(u8, RegisteredDeck)>,
}

impl Probe {
    fn new(seed: u64) -> Probe {
        Probe { ai: ai_player("random", seed).unwrap(), go_first: true, side_plan: SideRequest::default(), asked_first: vec![], saw_current: vec![] }
    }
}

impl Competitor for Probe {
    fn name(&self) -> &str {
        "probe"
    }
    fn decide(&mut self, view: &View) -> Action {
        self.ai.decide(view)
    }
    fn go_first(&mut self, duel: u8) -> bool {
        self.asked_first.push(duel);
        self.go_first
    }
    fn side(&mut self, next: u8, _registered: &RegisteredDeck, current: &RegisteredDeck) -> SideRequest {
        self.saw_current.push((next, current.clone()));
        self.side_plan.clone()
    }
}

fn config(seed: u64, edition: Edition) -> MatchConfig {
    MatchConfig { seed, edition, ..MatchConfig::default() }
}

/// Decisions are free: no time-out ever.
fn free_clock() -> VirtualClock {
    VirtualClock { now: Duration::ZERO, per_decision: Duration::ZERO, per_interval: Duration::ZERO }
}

fn play(cfg: &MatchConfig, a: &mut Probe, b: &mut Probe, clock: &mut dyn Clock) -> MatchReport {
    let d = [sided_deck(), builtin("vanilla-kaiba")];
    play_match(&pool(), cfg, [&d[0], &d[1]], [a, b], clock).unwrap()
}

fn play_seed(cfg: &MatchConfig, seed: u64, clock: &mut dyn Clock) -> MatchReport {
    play(cfg, &mut Probe::new(seed), &mut Probe::new(seed + 1), clock)
}

// ---- MATCH-1: scoring ----------------------------------------------------------------

#[test]
fn best_of_three_scoring() {
    // RULE: MATCH-1
    let win = |s: &mut Score, p| s.record(Some(p), DuelEnd::Engine(WinReason::LifePoints));
    let draw = |s: &mut Score| s.record(None, DuelEnd::Engine(WinReason::LifePoints));
    let mut s = Score::default();
    win(&mut s, Player::A);
    win(&mut s, Player::A);
    assert!(s.decided() && s.duels == 2 && s.winner() == Some(Player::A), "2-0 ends after two duels");

    let mut s = Score::default();
    win(&mut s, Player::B);
    draw(&mut s);
    assert!(!s.decided());
    draw(&mut s);
    assert!(s.decided());
    assert_eq!(s.winner(), Some(Player::B), "1 win + 2 draws wins the match");

    let mut s = Score::default();
    win(&mut s, Player::A);
    draw(&mut s);
    win(&mut s, Player::B);
    assert!(s.decided());
    assert_eq!(s.winner(), None, "1-1-1 is a drawn match");
}

#[test]
fn a_match_win_effect_ends_the_match_unless_it_is_decided() {
    // RULE: MATCH-1 (a card effect that wins the match, e.g. "Victory Dragon")
    let mut s = Score::default();
    s.record(Some(Player::B), DuelEnd::Engine(WinReason::MatchWinEffect));
    assert!(s.decided());
    assert_eq!(s.winner(), Some(Player::B));
    assert_eq!(s.duels, 1);

    let mut s = Score::default();
    s.record(Some(Player::A), DuelEnd::Engine(WinReason::LifePoints));
    s.record(Some(Player::A), DuelEnd::Engine(WinReason::LifePoints));
    s.record(Some(Player::B), DuelEnd::Engine(WinReason::MatchWinEffect));
    assert_eq!(s.effect_winner, None, "the match was already lost");
    assert_eq!(s.winner(), Some(Player::A));
}

#[test]
fn matches_stop_at_two_wins_and_count_every_duel() {
    // RULE: MATCH-1
    for seed in 0..6 {
        let r = play_seed(&config(seed, Edition::Mr2020), seed, &mut free_clock());
        assert!((2..=3).contains(&r.duels.len()), "seed {seed}: {} duels", r.duels.len());
        let wins = |p| r.duels.iter().filter(|d| d.result.winner == Some(p)).count() as u8;
        assert_eq!(r.duel_wins, [wins(Player::A), wins(Player::B)]);
        if r.duels.len() == 2 {
            assert!(r.duel_wins.contains(&2));
        }
        let expect = match r.duel_wins[0].cmp(&r.duel_wins[1]) {
            std::cmp::Ordering::Greater => Some(Player::A),
            std::cmp::Ordering::Less => Some(Player::B),
            std::cmp::Ordering::Equal => None,
        };
        assert_eq!(r.winner, expect);
        assert_eq!(r.judgment, None);
    }
}

// ---- MATCH-2: who goes first ---------------------------------------------------------

#[test]
fn first_player_chosen_by_the_coin_winner_then_by_the_loser() {
    // RULE: MATCH-2
    let mut coin_winners = std::collections::BTreeSet::new();
    for seed in 0..8 {
        let (mut a, mut b) = (Probe::new(seed), Probe::new(seed + 1));
        b.go_first = false; // B always lets the other player go first
        let r = play(&config(seed, Edition::Mr2020), &mut a, &mut b, &mut free_clock());
        let ChosenBy::CoinWinner(c) = r.duels[0].chosen_by else { panic!("duel 1 is chosen by the coin winner") };
        coin_winners.insert(c);
        for w in r.duels.windows(2) {
            let expect = match w[0].result.winner {
                Some(winner) => ChosenBy::Loser(winner.opp()),
                None => ChosenBy::Again(w[0].chosen_by.player()),
            };
            assert_eq!(w[1].chosen_by, expect);
        }
        for d in &r.duels {
            let chooser = d.chosen_by.player();
            // A chooses to go first; B chooses to go second, so A goes first then too.
            let expect_first = if chooser == Player::A { chooser } else { chooser.opp() };
            assert_eq!(d.first, expect_first);
        }
        // Every choice is asked once per duel, before the duel (so before hands are drawn).
        let asked: Vec<u8> = a.asked_first.iter().chain(&b.asked_first).copied().collect();
        assert_eq!(asked.len(), r.duels.len());
    }
    assert_eq!(coin_winners.len(), 2, "the coin falls both ways over seeds");
}

// ---- MATCH-3: siding -----------------------------------------------------------------

#[test]
fn siding_is_one_for_one_and_keeps_counts() {
    // RULE: MATCH-3
    let pool = pool();
    let deck = sided_deck();
    let out = deck.main[0];
    let into = deck.side[0];
    let sided = side(&pool, &deck, 2, &SideRequest { out: vec![out], into: vec![into] }).unwrap();
    assert_eq!(sided.main.len(), deck.main.len());
    assert_eq!(sided.side.len(), deck.side.len());
    assert_eq!(sided.extra.len(), deck.extra.len());
    assert!(sided.main.contains(&into) && sided.side.contains(&out));
    assert_eq!(sided.all_cards(), deck.all_cards());
}

#[test]
fn siding_refuses_uneven_swaps_and_siding_before_duel_one() {
    // RULE: MATCH-3
    let pool = pool();
    let deck = sided_deck();
    let uneven = SideRequest { out: vec![deck.main[0], deck.main[1]], into: vec![deck.side[0]] };
    let err = side(&pool, &deck, 2, &uneven).unwrap_err();
    assert_eq!(err, SideError::Uneven { out: 2, into: 1 });
    assert!(err.to_string().contains("one-for-one"));
    let ok = SideRequest { out: vec![deck.main[0]], into: vec![deck.side[0]] };
    assert_eq!(side(&pool, &deck, 1, &ok), Err(SideError::BeforeFirstDuel));
    let not_in_side = SideRequest { out: vec![deck.main[0]], into: vec![deck.main[1]] };
    assert!(matches!(side(&pool, &deck, 2, &not_in_side), Err(SideError::NotInSide(_))));
    let not_in_deck = SideRequest { out: vec![deck.side[0]], into: vec![deck.side[1]] };
    assert!(matches!(side(&pool, &deck, 2, &not_in_deck), Err(SideError::NotInDeck(_))));
    // A card sided out cannot come straight back in.
    let back = SideRequest { out: vec![deck.main[0]], into: vec![deck.main[0]] };
    assert!(side(&pool, &deck, 2, &back).is_err());
}

#[test]
fn siding_between_duels_applies_and_refusals_are_reported() {
    // RULE: MATCH-3
    for seed in 0..10 {
        let (mut a, mut b) = (Probe::new(seed), Probe::new(seed + 1));
        let deck = sided_deck();
        a.side_plan = SideRequest { out: vec![deck.main[0]], into: vec![deck.side[0]] };
        b.side_plan = SideRequest { out: vec![builtin("vanilla-kaiba").main[0]], into: vec![] };
        let r = play(&config(seed, Edition::Mr2020), &mut a, &mut b, &mut free_clock());
        assert!(a.saw_current.iter().all(|(n, _)| *n >= 2), "never asked before duel 1");
        assert_eq!(a.saw_current[0].1, deck, "duel 2's siding starts from the registered deck");
        assert_eq!(r.refusals.len(), r.duels.len() - 1, "B's uneven request is refused before each later duel");
        assert!(r.refusals.iter().all(|f| f.player == Player::B && f.error == SideError::Uneven { out: 1, into: 0 }));
        if r.duels.len() == 3 {
            // Before duel 3, A's deck shows the swap made before duel 2; asking again
            // for the same card fails because it is no longer in the Side Deck... unless
            // the side held two.
            let (_, before3) = &a.saw_current[1];
            assert!(before3.side.contains(&deck.main[0]));
            assert_eq!(before3.main.len(), deck.main.len());
            return;
        }
    }
    panic!("no seed reached duel 3");
}

// ---- MATCH-4: decks reset ------------------------------------------------------------

#[test]
fn decks_return_to_their_registered_lists_for_each_match() {
    // RULE: MATCH-4
    let registered = sided_deck();
    let mut a = Probe::new(3);
    a.side_plan = SideRequest { out: vec![registered.main[0]], into: vec![registered.side[0]] };
    let other = builtin("vanilla-kaiba");
    for m in 0..2 {
        a.saw_current.clear();
        let mut b = Probe::new(100 + m);
        play_match(&pool(), &config(m, Edition::Mr2020), [&registered, &other], [&mut a, &mut b], &mut free_clock()).unwrap();
        assert_eq!(a.saw_current[0].1, registered, "match {m} starts from the registered list");
    }
    assert_eq!(registered, sided_deck(), "the registered list never changes");
}

// ---- MATCH-5: the clock --------------------------------------------------------------

#[test]
fn slow_play_is_a_warning_never_a_loss() {
    // RULE: MATCH-5
    let cfg = MatchConfig { time_limit: Duration::from_secs(1_000_000_000), ..config(1, Edition::Mr2020) };
    let mut clock = VirtualClock::per_decision(Duration::from_secs(100));
    let r = play_seed(&cfg, 1, &mut clock);
    assert!(!r.slow_play.is_empty(), "a turn with more than 3 minutes of thinking warns");
    assert!(r.slow_play.iter().all(|w| w.seconds > 180));
    assert!(r.duels.iter().all(|d| matches!(d.result.end, DuelEnd::Engine(_)) && !d.result.time_called));
    // One warning per player per turn at most.
    let mut keys: Vec<_> = r.slow_play.iter().map(|w| (w.duel, w.turn, w.player)).collect();
    let n = keys.len();
    keys.dedup();
    assert_eq!(keys.len(), n);
}

#[test]
fn the_match_clock_includes_the_intervals() {
    // RULE: MATCH-5
    let mut clock = VirtualClock { now: Duration::ZERO, per_decision: Duration::ZERO, per_interval: Duration::from_secs(4 * 60) };
    let r = play_seed(&config(2, Edition::Mr2020), 2, &mut clock);
    let intervals = r.duels.len() as u32 - 1;
    assert_eq!(r.elapsed, Duration::from_secs(4 * 60) * intervals);
    assert_eq!(r.long_intervals.len(), intervals as usize, "intervals over 3 minutes are reported");
}

// ---- MATCH-6: time runs out during a duel --------------------------------------------

/// 1 second per decision, a limit of `secs` seconds.
fn timed(secs: u64, seed: u64, edition: Edition) -> (MatchConfig, VirtualClock) {
    let cfg = MatchConfig { time_limit: Duration::from_secs(secs), ..config(seed, edition) };
    (cfg, VirtualClock::per_decision(Duration::from_secs(1)))
}

#[test]
fn time_in_a_duel_finishes_the_turn_then_three_extra_turns_then_more_lp() {
    // RULE: MATCH-6
    let mut judged_by_lp = 0;
    for seed in 0..20 {
        let (cfg, mut clock) = timed(60, seed, Edition::Mr2020);
        let r = play_seed(&cfg, seed, &mut clock);
        let d = &r.duels[0].result;
        assert!(d.time_called, "60 one-second decisions end the time in duel 1");
        let called = d.time_called_turn.unwrap();
        match d.end {
            DuelEnd::MoreLp => {
                judged_by_lp += 1;
                assert_eq!(d.turns, called + 3, "the turn is finished, then 3 extra turns");
                assert_eq!(d.extra_turns, 3);
                assert_ne!(d.lp[0], d.lp[1]);
                let more = if d.lp[0] > d.lp[1] { Player::A } else { Player::B };
                assert_eq!(d.winner, Some(more));
            }
            DuelEnd::SuddenDeath => assert!(d.sudden_death && d.turns > called + 3),
            DuelEnd::Engine(_) => {
                assert!(d.turns <= called + 3, "a natural end during the extra turns");
                assert_eq!(d.extra_turns, d.turns - called, "the extra turns started before the end");
            }
        }
        assert!(r.extra_turns() <= 3);
        // No new duel starts once time is out: a lead wins (judgment 1), or an extra duel.
        match r.duels.len() {
            1 => assert_eq!(r.judgment, Some(Judgment::DuringDuel)),
            2 => {
                assert_eq!(r.judgment, Some(Judgment::ExtraDuel));
                assert!(r.duels[1].extra_duel);
            }
            n => panic!("{n} duels after a time-out in duel 1"),
        }
    }
    assert!(judged_by_lp > 0);
}

/// Records who plays each turn it sees.
struct TurnLog {
    ai: Box<dyn ygo_ai::Player>,
    turns: std::rc::Rc<std::cell::RefCell<Vec<(u32, Player)>>>,
}

impl Competitor for TurnLog {
    fn name(&self) -> &str {
        "log"
    }
    fn decide(&mut self, view: &View) -> Action {
        self.turns.borrow_mut().push((view.turn, view.turn_player));
        self.ai.decide(view)
    }
}

#[test]
fn the_extra_turns_start_with_the_other_players_turn() {
    // RULE: MATCH-6
    let d = [sided_deck(), builtin("vanilla-kaiba")];
    let mut checked = 0;
    for seed in 0..10 {
        let setup = ygo_core::DuelSetup::new(d[0].duel_list(), d[1].duel_list(), seed);
        let duel = Duel::from_setup(pool(), &setup).unwrap();
        let log = std::rc::Rc::new(std::cell::RefCell::new(vec![]));
        let mut a = TurnLog { ai: ai_player("random", seed).unwrap(), turns: log.clone() };
        let mut b = TurnLog { ai: ai_player("random", seed + 9).unwrap(), turns: log.clone() };
        let mut clock = VirtualClock::per_decision(Duration::from_secs(1));
        let mut tb = TimeBox { clock: &mut clock, deadline: Duration::from_secs(20), turn_guideline: Duration::from_secs(180), duel: 1, natural_end: false };
        let res = run_duel(duel, &mut [&mut a, &mut b], &mut tb, Judge::new(SuddenDeath::EndOfTurn, 3, [8000, 8000], 1));
        if res.end != DuelEnd::MoreLp {
            continue;
        }
        let called = res.time_called_turn.unwrap();
        let log = log.borrow();
        let player_of = |t: u32| log.iter().find(|(turn, _)| *turn == t).map(|x| x.1);
        let tp = player_of(called).unwrap();
        assert_eq!(player_of(called + 1), Some(tp.opp()), "the first extra turn is the other player's");
        assert!(log.iter().all(|(t, _)| *t <= called + 3), "nothing is played after the third extra turn");
        assert_eq!(log.last().unwrap().0, called + 3);
        checked += 1;
    }
    assert!(checked > 0);
}

// ---- MATCH-7: time runs out between duels --------------------------------------------

#[test]
fn time_between_duels_with_a_lead_wins_the_match() {
    // RULE: MATCH-7
    let cfg = MatchConfig { time_limit: Duration::from_secs(40 * 60), ..config(5, Edition::Mr2020) };
    let mut clock = VirtualClock { now: Duration::ZERO, per_decision: Duration::ZERO, per_interval: Duration::from_secs(41 * 60) };
    let r = play_seed(&cfg, 5, &mut clock);
    let w = r.duels[0].result.winner.expect("duel 1 has a winner with this seed");
    assert_eq!(r.duels.len(), 1, "no duel 2 once time ran out during siding");
    assert_eq!(r.judgment, Some(Judgment::Lead));
    assert_eq!(r.winner, Some(w));
}

#[test]
fn time_between_duels_at_one_all_plays_a_four_turn_extra_duel() {
    // RULE: MATCH-7
    for seed in 0..40 {
        let cfg = MatchConfig { time_limit: Duration::from_secs(40 * 60), ..config(seed, Edition::Mr2020) };
        // Interval 1 ends at 25 minutes, interval 2 at 50: time runs out before duel 3.
        let mut clock = VirtualClock { now: Duration::ZERO, per_decision: Duration::ZERO, per_interval: Duration::from_secs(25 * 60) };
        let r = play_seed(&cfg, seed, &mut clock);
        let w = |i: usize| r.duels[i].result.winner;
        if r.duels.len() != 3 || w(0).is_none() || w(1) != w(0).map(Player::opp) {
            continue;
        }
        let extra = &r.duels[2];
        assert!(extra.extra_duel);
        assert_eq!(r.judgment, Some(Judgment::ExtraDuel));
        match extra.result.end {
            DuelEnd::MoreLp => {
                assert_eq!(extra.result.turns, 4, "4 turns, then more LP wins");
                assert_ne!(extra.result.lp[0], extra.result.lp[1]);
            }
            DuelEnd::SuddenDeath => assert!(extra.result.turns >= 4 && extra.result.sudden_death),
            DuelEnd::Engine(_) => assert!(extra.result.turns <= 4),
        }
        assert_eq!(r.winner, extra.result.winner, "the extra duel decides the match");
        return;
    }
    panic!("no seed reached 1-1 after two duels");
}

#[test]
fn time_between_duels_at_zero_all_also_plays_the_extra_duel() {
    // RULE: MATCH-7 (treat 0-0 like 1-1)
    let mut s = Score::default();
    s.record(None, DuelEnd::Engine(WinReason::Bound));
    assert_eq!(s.winner(), None);
    // A drawn duel 1 then time out: the driver plays the extra duel (checked through the
    // same path as 1-1, since `Score::winner` is `None`).
    assert!(!s.decided());
}

// ---- Community rules: a game in progress at time plays to its natural end -------------

#[test]
fn natural_end_plays_the_duel_out_and_ends_the_match_at_time() {
    let mut timed_out = 0;
    for seed in 0..20 {
        let (cfg, mut clock) = timed(60, seed, Edition::Mr2020);
        let cfg = MatchConfig { natural_end: true, ..cfg };
        let r = play_seed(&cfg, seed, &mut clock);
        let Some(k) = r.duels.iter().position(|d| d.result.time_called) else { continue };
        timed_out += 1;
        let d = &r.duels[k].result;
        assert_eq!(k + 1, r.duels.len(), "no duel after the one time was called in (seed {seed})");
        assert_eq!(d.extra_turns, 0, "no extra turns (seed {seed})");
        assert!(matches!(d.end, DuelEnd::Engine(_)), "the duel ends by the engine, not a time judgment: {:?} (seed {seed})", d.end);
        assert!(!d.sudden_death && !r.duels.iter().any(|d| d.extra_duel));
        let w = |p: Player| r.duels.iter().filter(|d| d.result.winner == Some(p)).count();
        let expect = match w(Player::A).cmp(&w(Player::B)) {
            std::cmp::Ordering::Greater => Some(Player::A),
            std::cmp::Ordering::Less => Some(Player::B),
            std::cmp::Ordering::Equal => None,
        };
        assert_eq!(r.winner, expect, "at time: a lead wins, equal duel wins draw (seed {seed})");
    }
    assert!(timed_out > 0, "some seed ran out of time");
}

#[test]
fn natural_end_makes_one_all_at_time_a_drawn_match() {
    for seed in 0..40 {
        let cfg = MatchConfig { time_limit: Duration::from_secs(40 * 60), natural_end: true, ..config(seed, Edition::Mr2020) };
        // Interval 1 ends at 25 minutes, interval 2 at 50: time runs out before duel 3.
        let mut clock = VirtualClock { now: Duration::ZERO, per_decision: Duration::ZERO, per_interval: Duration::from_secs(25 * 60) };
        let r = play_seed(&cfg, seed, &mut clock);
        let w = |i: usize| r.duels.get(i).and_then(|d| d.result.winner);
        if w(0).is_none() || w(1) != w(0).map(Player::opp) {
            continue;
        }
        assert_eq!(r.duels.len(), 2, "no extra duel (seed {seed})");
        assert_eq!((r.winner, r.judgment, r.duel_wins), (None, None, [1, 1]), "a drawn match (seed {seed})");
        return;
    }
    panic!("no seed reached 1-1 after two duels");
}

// ---- MATCH-8: sudden death -----------------------------------------------------------

fn lp(player: Player, from: i32, to: i32) -> Event {
    Event::LpChanged { player, from, to }
}

fn turn(t: u32) -> Event {
    Event::TurnStarted { turn: t, player: if t % 2 == 1 { Player::A } else { Player::B } }
}

#[test]
fn sudden_death_before_2020_ends_at_the_first_lp_difference() {
    // RULE: MATCH-8
    let mut j = Judge::sudden_death(SuddenDeath::FirstChange, [8000, 8000], 5);
    // An equal change to both players ends nothing.
    assert_eq!(j.observe(&lp(Player::A, 8000, 7000)), None);
    assert_eq!(j.observe(&lp(Player::B, 8000, 7000)), None);
    assert_eq!(j.settle(), None);
    // A cost paid by A (1000 LP): the LP differ at once; B wins mid-turn.
    assert_eq!(j.observe(&lp(Player::A, 7000, 6000)), None);
    assert_eq!(j.settle(), Some(Verdict::SuddenDeath(Player::B)));
    assert_eq!(SuddenDeath::for_edition(Edition::Mr4), SuddenDeath::FirstChange);
}

#[test]
fn sudden_death_2020_judges_at_the_end_of_the_turn() {
    // RULE: MATCH-8
    let mut j = Judge::sudden_death(SuddenDeath::EndOfTurn, [8000, 8000], 5);
    assert_eq!(j.observe(&lp(Player::A, 8000, 7000)), None);
    assert_eq!(j.settle(), None, "no verdict mid-turn");
    assert_eq!(j.observe(&lp(Player::B, 8000, 7000)), None);
    assert_eq!(j.observe(&turn(6)), None, "equal LP at the end of the turn: play on");
    assert_eq!(j.observe(&lp(Player::B, 7000, 6500)), None);
    assert_eq!(j.observe(&lp(Player::A, 7000, 6400)), None);
    assert_eq!(j.observe(&turn(7)), Some(Verdict::SuddenDeath(Player::B)));
    assert_eq!(SuddenDeath::for_edition(Edition::Mr2020), SuddenDeath::EndOfTurn);
}

/// A's turn 3, Main Phase 1: A has Royal Decree Set, B has Seven Tools of the Bandit Set
/// (its cost: pay 1000 LP). Both at 8000 LP, in sudden death.
fn seven_tools_position(edition: Edition) -> Duel {
    let pool = pool();
    let code = |name: &str| pool.def(pool.find(name).unwrap()).data.id;
    let set = |name: &str| Placed { position: Some(ygo_core::Position::FaceDownDefense), set_turn: Some(1), ..Placed::new(code(name)) };
    let filler = vec![code("Battle Ox"); 10];
    let mut pos = PositionSetup { edition, turn: 3, turn_player: Player::A, phase: Phase::Main1, ..PositionSetup::default() };
    pos.sides[0].spells = vec![set("Royal Decree")];
    pos.sides[0].deck = filler.clone();
    pos.sides[1].spells = vec![set("Seven Tools of the Bandit")];
    pos.sides[1].deck = filler;
    Duel::from_position(pool, &pos).unwrap()
}

/// Plays the scripted commands, then ends every turn ("end turn"/"end phase"/"pass").
struct Script {
    commands: Vec<&'static str>,
}

impl Competitor for Script {
    fn name(&self) -> &str {
        "script"
    }
    fn decide(&mut self, view: &View) -> Action {
        if !self.commands.is_empty() {
            let c = self.commands.remove(0);
            if let Some((a, _)) = view.actions.iter().find(|(_, t)| t == c) {
                return *a;
            }
            panic!("{c:?} is not legal: {:?}", view.actions.iter().map(|a| &a.1).collect::<Vec<_>>());
        }
        for want in ["end turn", "end phase", "pass"] {
            if let Some((a, _)) = view.actions.iter().find(|(_, t)| t == want) {
                return *a;
            }
        }
        view.actions[0].0
    }
}

fn seven_tools_duel(edition: Edition) -> DuelResult {
    let duel = seven_tools_position(edition);
    let mut a = Script { commands: vec!["activate Royal Decree"] };
    let mut b = Script { commands: vec!["activate Seven Tools of the Bandit"] };
    let mut clock = free_clock();
    let mut tb = TimeBox { clock: &mut clock, deadline: Duration::ZERO, turn_guideline: Duration::from_secs(180), duel: 1, natural_end: false };
    let judge = Judge::sudden_death(SuddenDeath::for_edition(edition), [8000, 8000], 3);
    run_duel(duel, &mut [&mut a, &mut b], &mut tb, judge)
}

#[test]
fn lp_paid_as_a_cost_ends_sudden_death_at_once_before_2020() {
    // RULE: MATCH-8
    let r = seven_tools_duel(Edition::Mr4);
    assert_eq!(r.end, DuelEnd::SuddenDeath);
    assert_eq!(r.winner, Some(Player::A), "B paid 1000 LP for Seven Tools");
    assert_eq!(r.lp, [8000, 7000]);
    assert_eq!(r.turns, 3, "ends in the turn of the payment");
}

#[test]
fn lp_paid_as_a_cost_counts_at_the_end_of_the_turn_in_2020() {
    // RULE: MATCH-8
    let r = seven_tools_duel(Edition::Mr2020);
    assert_eq!(r.end, DuelEnd::SuddenDeath);
    assert_eq!(r.winner, Some(Player::A));
    assert_eq!(r.lp, [8000, 7000]);
    assert_eq!(r.turns, 3, "judged at the end of turn 3");
}

#[test]
fn sudden_death_after_the_extra_turns_in_both_forms() {
    // RULE: MATCH-6, MATCH-8
    for edition in [Edition::Mr4, Edition::Mr2020] {
        let mut found = false;
        for seed in 0..30 {
            // Time runs out in turn 1: LP are often still equal after turn 4.
            let (cfg, mut clock) = timed(3, seed, edition);
            let r = play_seed(&cfg, seed, &mut clock);
            let d = &r.duels[0].result;
            if d.end != DuelEnd::SuddenDeath {
                continue;
            }
            found = true;
            assert!(d.sudden_death && r.sudden_death());
            // The 3 extra turns were played; the sudden-death turns after them are not
            // extra turns.
            assert_eq!((d.extra_turns, r.extra_turns()), (3, 3), "{edition:?}: {} turns, time called in turn {:?}", d.turns, d.time_called_turn);
            assert!(d.turns > d.time_called_turn.unwrap() + 3);
            let more = if d.lp[0] > d.lp[1] { Player::A } else { Player::B };
            assert_ne!(d.lp[0], d.lp[1]);
            assert_eq!(d.winner, Some(more), "{edition:?}: more LP wins");
            break;
        }
        assert!(found, "{edition:?}: no seed reached sudden death");
    }
}

// ---- AI players and tournaments ------------------------------------------------------

#[test]
fn unknown_ai_names_are_refused_with_the_known_ones() {
    assert!(ai_player("random", 1).is_ok());
    let e = ai_player("deep-blue", 1).err().unwrap();
    assert!(e.to_string().contains("deep-blue") && e.to_string().contains("random"));
}

fn entries(n: usize) -> Vec<swiss::Entry> {
    let names = ["vanilla-yugi", "vanilla-kaiba", "classic-chain"];
    (0..n).map(|i| swiss::Entry { player: format!("P{}", i + 1), ai: "random".into(), deck: builtin(names[i % names.len()]) }).collect()
}

fn check_tournament(n: usize, rounds: u32) {
    let e = entries(n);
    let cfg = MatchConfig::default();
    let mut calls = 0;
    let r = swiss::run_tournament(&pool(), &e, rounds, &cfg, &mut || Box::new(free_clock()), &mut |_, _| calls += 1).unwrap();
    assert_eq!(calls as usize, r.pairings.len());
    for round in 1..=rounds {
        let mut seen: Vec<usize> = r.pairings.iter().filter(|p| p.round == round).flat_map(|p| std::iter::once(p.a).chain(p.b)).collect();
        seen.sort();
        assert_eq!(seen, (0..n).collect::<Vec<_>>(), "round {round}: everyone plays exactly once");
        let byes = r.pairings.iter().filter(|p| p.round == round && p.b.is_none()).count();
        assert_eq!(byes, n % 2);
    }
    // No rematches, no second bye while others have none.
    let matches: Vec<_> = r.pairings.iter().filter_map(|p| p.b.map(|b| (p.a.min(b), p.a.max(b)))).collect();
    let mut uniq = matches.clone();
    uniq.sort();
    uniq.dedup();
    assert_eq!(uniq.len(), matches.len());
    let total_points: u32 = r.standings.iter().map(|s| s.points).sum();
    let decided = r.pairings.iter().filter(|p| p.winner.is_some()).count() as u32;
    let drawn = r.pairings.len() as u32 - decided;
    assert_eq!(total_points, 3 * decided + 2 * drawn);
    let wins: u32 = r.standings.iter().map(|s| s.wins).sum();
    let losses: u32 = r.standings.iter().map(|s| s.losses).sum();
    let byes: u32 = r.standings.iter().map(|s| s.byes).sum();
    assert_eq!(wins, losses + byes);
    for s in &r.standings {
        assert_eq!(s.wins + s.losses + s.draws, rounds);
        assert_eq!(s.points, 3 * s.wins + s.draws);
    }
    assert!(r.standings.windows(2).all(|w| w[0].points >= w[1].points));
}

#[test]
fn swiss_eight_players_three_rounds() {
    check_tournament(8, 3);
}

#[test]
fn swiss_odd_players_get_byes() {
    check_tournament(5, 3);
}
