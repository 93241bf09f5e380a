//! Property tests over random-legal-action duels with the built-in decks: no panic, no
//! broken invariant, no hang, hidden information never in the other player's view, and
//! replays reproduce every event.

use std::sync::Arc;

use proptest::prelude::*;
use ygo_ai::RandomPlayer;
use ygo_cards::decks::{parse_builtin, BUILTIN};
use ygo_core::pool::CardPool;
use ygo_core::replay::Replay;
use ygo_core::view::SeenCard;
use ygo_core::{Action, Duel, DuelSetup, Edition, Player, Rejected};

fn setup(a: usize, b: usize, seed: u64, edition: Edition) -> DuelSetup {
    let mut s = DuelSetup::new(parse_builtin(BUILTIN[a].ydk), parse_builtin(BUILTIN[b].ydk), seed);
    s.edition = edition;
    s
}

/// MISC-3: the opponent's hand, deck and face-down cards never appear in a view.
fn check_view(d: &Duel, viewer: Player) -> Result<(), String> {
    let v = d.view(viewer);
    let opp = &v.sides[viewer.opp().idx()];
    if !opp.hand.is_empty() {
        return Err("opponent's hand is visible".into());
    }
    let ps = d.player(viewer.opp());
    for (i, m) in ps.monsters.iter().enumerate() {
        if let Some(id) = m {
            let hidden = !d.card(*id).face_up();
            match (&opp.monsters[i], hidden) {
                (Some(SeenCard::Known(_)), true) => return Err(format!("face-down monster {i} is visible")),
                (None, _) => return Err("a monster is missing from the view".into()),
                _ => {}
            }
        }
    }
    for (i, s) in ps.spells.iter().enumerate() {
        if let Some(id) = s {
            if !d.card(*id).face_up() && matches!(opp.spells[i], Some(SeenCard::Known(_))) {
                return Err(format!("face-down spell {i} is visible"));
            }
        }
    }
    if !v.actions.is_empty() && d.deciding_player() != Some(viewer) {
        return Err("a view lists actions for a player who does not decide".into());
    }
    Ok(())
}

/// Plays one random duel, checking everything after every action; returns the replay.
fn play(pool: &Arc<CardPool>, s: &DuelSetup, policy_seed: u64) -> Result<(Duel, Replay), String> {
    let mut d = Duel::from_setup(pool.clone(), s).map_err(|e| format!("{e:?}"))?;
    let mut rng = RandomPlayer::new(policy_seed);
    let mut actions = Vec::new();
    let mut steps = 0;
    while let Some(p) = d.deciding_player() {
        steps += 1;
        if steps > 200_000 {
            return Err("duel did not end within 200000 decisions".into());
        }
        let legal = d.legal_actions();
        if legal.is_empty() {
            return Err(format!("{p:?} must decide but has no legal action"));
        }
        let a = rng.pick(&legal);
        d.apply(p, a).map_err(|e| format!("legal action rejected: {e}"))?;
        actions.push((p, a));
        d.check_invariants()?;
        check_view(&d, Player::A)?;
        check_view(&d, Player::B)?;
    }
    Ok((d, Replay { setup: s.clone(), actions }))
}

#[test]
fn thousands_of_random_duels_keep_every_invariant_and_replay_identically() {
    let pool = ygo_cards::pool();
    let n = std::env::var("YGO_RANDOM_DUELS").ok().and_then(|v| v.parse().ok()).unwrap_or(1000u64);
    for seed in 0..n {
        let edition = Edition::ALL[(seed % 6) as usize];
        let k = BUILTIN.len() as u64;
        let mut s = setup((seed % k) as usize, ((seed / k) % k) as usize, seed, edition);
        // ERA table: a deck with a kind the edition does not have yet plays under MR2020.
        if Duel::from_setup(pool.clone(), &s).is_err() {
            s.edition = Edition::Mr2020;
        }
        let (d, replay) = play(&pool, &s, seed * 31 + 1).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(d.outcome().is_some(), "seed {seed}: no outcome");
        let again = replay.play(pool.clone()).unwrap_or_else(|e| panic!("seed {seed}: replay failed: {e}"));
        assert_eq!(again.events(), d.events(), "seed {seed}: replay diverged");
        assert!(again == d, "seed {seed}: replayed state differs");
    }
}

/// The thirteen Goat decks with the 2005 pool under Expert Rule (issue 15): every ordered pair,
/// every invariant after every action, every replay identical.
#[test]
fn random_goat_duels_keep_every_invariant_and_replay_identically() {
    use ygo_cards::decks::GOAT;
    let pool = ygo_cards::pool_with(ygo_cards::Versions::Goat2005);
    let n = std::env::var("YGO_RANDOM_DUELS").ok().and_then(|v| v.parse().ok()).unwrap_or(1000u64);
    let k = GOAT.len() as u64;
    for seed in 0..n {
        let (a, b) = (&GOAT[(seed % k) as usize], &GOAT[((seed / k) % k) as usize]);
        let mut s = DuelSetup::new(parse_builtin(a.ydk), parse_builtin(b.ydk), seed);
        s.edition = Edition::Expert;
        let (d, replay) = play(&pool, &s, seed * 17 + 3).unwrap_or_else(|e| panic!("seed {seed} ({} vs {}): {e}", a.name, b.name));
        assert!(d.outcome().is_some(), "seed {seed}: no outcome");
        let again = replay.play(pool.clone()).unwrap_or_else(|e| panic!("seed {seed}: replay failed: {e}"));
        assert_eq!(again.events(), d.events(), "seed {seed}: replay diverged");
    }
}

#[test]
fn serialized_duels_round_trip() {
    let pool = ygo_cards::pool();
    let s = setup(0, 1, 99, Edition::Mr2020);
    let mut d = Duel::from_setup(pool.clone(), &s).unwrap();
    let mut rng = RandomPlayer::new(5);
    for _ in 0..300 {
        let Some(p) = d.deciding_player() else { break };
        let a = rng.pick(&d.legal_actions());
        d.apply(p, a).unwrap();
    }
    let json = serde_json::to_string(&d).unwrap();
    let mut back: Duel = serde_json::from_str(&json).unwrap();
    // A different pool is refused (the duel records its passcodes), the right one accepted.
    let mut other = ygo_core::pool::CardPool::new();
    for def in pool.iter().collect::<Vec<_>>().into_iter().rev() {
        other.insert(def.clone());
    }
    assert!(back.attach_pool(std::sync::Arc::new(other)).is_err());
    back.attach_pool(pool).unwrap();
    assert!(back == d);
    assert_eq!(back.legal_actions(), d.legal_actions());
}

#[test]
fn garbage_answers_are_rejected_and_leave_the_duel_unchanged() {
    let pool = ygo_cards::pool();
    let mut d = Duel::from_setup(pool, &setup(0, 1, 3, Edition::Mr2020)).unwrap();
    // Play into a Main Phase with a real choice.
    while d.legal_actions().len() < 2 {
        let p = d.deciding_player().unwrap();
        let a = d.legal_actions()[0];
        d.apply(p, a).unwrap();
    }
    let before = d.clone();
    let p = d.deciding_player().unwrap();
    // Wrong player.
    assert!(matches!(d.apply(p.opp(), d.legal_actions()[0]), Err(Rejected::NotYourDecision { .. })));
    // Out-of-range place.
    let bogus = Action::NormalSummon(ygo_core::Loc { player: p, zone: ygo_core::Zone::Hand, index: 99 });
    assert!(matches!(d.apply(p, bogus), Err(Rejected::Illegal(_))));
    // An answer to a different kind of decision.
    assert!(matches!(d.apply(p, Action::Zone(3)), Err(Rejected::Illegal(_))));
    assert!(matches!(d.apply(p, Action::Yes), Err(Rejected::Illegal(_))));
    assert!(d == before, "a rejected action changed the duel");
    // An action from an old position: take one, apply it, then replay it.
    let a = d.legal_actions()[0];
    let stale = d.clone();
    d.apply(p, a).unwrap();
    let mut played = d.clone();
    if let Some(q) = played.deciding_player() {
        if !played.legal_actions().contains(&a) {
            assert!(played.apply(q, a).is_err());
            assert!(played == d);
        }
    }
    drop(stale);
    // Commands that name nothing.
    assert!(matches!(d.find_action("dance"), Err(Rejected::NoMatch { .. })));
}

#[test]
fn a_finished_duel_rejects_everything() {
    let pool = ygo_cards::pool();
    let (mut d, _) = play(&pool, &setup(1, 0, 11, Edition::Mr2020), 4).unwrap();
    assert!(d.outcome().is_some());
    assert_eq!(d.apply(Player::A, Action::Pass), Err(Rejected::DuelOver));
    assert!(d.legal_actions().is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// For random seeds and editions: a listed action is always accepted, and an action
    /// that is not listed is always rejected.
    #[test]
    fn legal_actions_are_exactly_the_accepted_ones(seed in 0u64..1_000_000, ed in 0usize..6, steps in 1usize..400) {
        let pool = ygo_cards::pool();
        let mut s = setup((seed % BUILTIN.len() as u64) as usize, 2, seed, Edition::ALL[ed]);
        if Duel::from_setup(pool.clone(), &s).is_err() {
            s.edition = Edition::Mr2020;
        }
        let mut d = Duel::from_setup(pool, &s).unwrap();
        let mut rng = RandomPlayer::new(seed ^ 0xabcdef);
        for _ in 0..steps {
            let Some(p) = d.deciding_player() else { break };
            let legal = d.legal_actions();
            for probe in [Action::Pass, Action::Done, Action::Yes, Action::Zone(0), Action::Zone(6), Action::EndTurn, Action::ToBattle] {
                let mut c = d.clone();
                prop_assert_eq!(c.apply(p, probe).is_ok(), legal.contains(&probe));
            }
            let a = rng.pick(&legal);
            prop_assert!(d.apply(p, a).is_ok());
            prop_assert!(d.check_invariants().is_ok());
        }
    }
}

/// STYLE 23: an action is legal exactly when `legal_actions` lists it, whether `is_legal`
/// answers from one question or from the list; `apply` hands back exactly the events it
/// added to the log.
#[test]
fn is_legal_agrees_with_the_list_and_apply_returns_its_events() {
    let pool = ygo_cards::pool();
    let mut checked = 0;
    for game in 0..12u64 {
        let s = setup((game as usize) % BUILTIN.len(), (game as usize * 3 + 1) % BUILTIN.len(), 50 + game, Edition::Mr2020);
        let Ok(mut d) = Duel::from_setup(pool.clone(), &s) else { continue };
        let mut rng = RandomPlayer::new(game);
        while let Some(p) = d.deciding_player() {
            let legal = d.legal_actions();
            // Candidates: the listed actions, the fixed moves, and every activation of a card
            // in the hand, on the field or in the GY, listed or not.
            let mut probe: Vec<Action> = legal.clone();
            probe.extend([Action::Pass, Action::ToBattle, Action::ToMain2, Action::ToEnd, Action::EndTurn, Action::Done, Action::Yes]);
            for zone in [ygo_core::Zone::Hand, ygo_core::Zone::Monster, ygo_core::Zone::SpellTrap, ygo_core::Zone::Gy] {
                for index in 0..6 {
                    for effect in 0..3 {
                        probe.push(Action::Activate { card: ygo_core::Loc::new(p, zone, index), effect });
                    }
                }
            }
            for a in &probe {
                assert_eq!(d.is_legal(p, a), legal.contains(a), "game {game}: is_legal({a:?}) disagrees with legal_actions");
                checked += 1;
            }
            assert!(!d.is_legal(p.opp(), &legal[0]), "the other player never decides");
            let a = rng.pick(&legal);
            let before = d.events().len();
            let added = d.apply(p, a).expect("a listed action is legal").to_vec();
            assert_eq!(added.as_slice(), &d.events()[before..]);
            if d.decisions() > 1500 {
                break;
            }
        }
    }
    assert!(checked > 100_000, "{checked} checks");
}
