use ygo_core::Player as Seat;

use super::*;
use crate::obs::test_duel;
use crate::{play_out, try_by_name, RandomPlayer};

/// A small random network: quick to evaluate, the shipped layout.
fn small() -> Sizes {
    Sizes { indices: 2048, embed: 8, card: 16, state: 32 }
}

/// A file in the temporary directory, unique to this test.
fn temp(name: &str, bytes: &[u8]) -> String {
    let dir = std::env::temp_dir().join(format!("ygo-policy-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p.display().to_string()
}

fn goat(seed: u64) -> Duel {
    test_duel("goat-control", "chaos-control", Some("goat"), seed)
}

/// A Goat duel played to its end by two AIs, every action answered.
fn play(ais: [&str; 2], seed: u64) -> (Vec<Action>, Duel) {
    let mut d = goat(seed);
    let mut players = [try_by_name(ais[0], seed).unwrap(), try_by_name(ais[1], seed + 1).unwrap()];
    let mut actions = Vec::new();
    while let Some(obs) = Observation::new(&d) {
        let a = players[obs.seat().idx()].decide_observed(&obs);
        assert!(obs.actions().contains(&a));
        drop(obs);
        actions.push(a);
        d.apply_unchecked(a);
    }
    (actions, d)
}

#[test]
fn a_random_file_loads_with_its_shapes() {
    let bytes = Policy::random_file(Sizes::default(), 1);
    let p = Policy::from_bytes(&bytes, "mem").unwrap();
    assert_eq!(p.sizes, Sizes::default());
    let weights: usize = Sizes::default().shapes().iter().map(|(_, s)| s.iter().product::<usize>()).sum();
    assert!((100_000..1_000_000).contains(&weights), "{weights} weights");
    // Seeded (the tensors: the header's metadata is a map, written in any order).
    let tensor = |b: &[u8]| SafeTensors::deserialize(b).unwrap().tensor("action.weight").unwrap().data().to_vec();
    assert!(tensor(&bytes) == tensor(&Policy::random_file(Sizes::default(), 1)), "seeded");
    assert!(tensor(&bytes) != tensor(&Policy::random_file(Sizes::default(), 2)));
    // The header names the architecture and the observation version.
    let (_, meta) = SafeTensors::read_metadata(&bytes).unwrap();
    let m = meta.metadata().clone().unwrap();
    assert_eq!(m["architecture"], ARCHITECTURE);
    assert_eq!(m["observation_version"], OBSERVATION_VERSION.to_string());
}

#[test]
fn only_legal_rows_get_probability() {
    let p = Policy::from_bytes(&Policy::random_file(small(), 3), "mem").unwrap();
    let mut d = goat(5);
    let mut rng = RandomPlayer::new(5);
    let mut checked = 0;
    while let Some(viewer) = d.deciding_player() {
        let legal = d.legal_actions();
        if checked < 200 {
            let (obs, _) = observe(&d, viewer, ACTION_ROWS);
            let e = p.evaluate(&obs);
            assert_eq!(e.probs.len(), ACTION_ROWS);
            for (i, (&pr, &m)) in e.probs.iter().zip(&obs.mask).enumerate() {
                assert_eq!(m == 1, i < legal.len());
                if m == 0 {
                    assert_eq!(pr, 0.0, "row {i} is masked");
                } else {
                    assert!(pr > 0.0 && pr.is_finite());
                }
            }
            let sum: f32 = e.probs.iter().sum();
            assert!((sum - 1.0).abs() < 1e-4, "{sum}");
            assert!(e.value > -1.0 && e.value < 1.0);
            let (pd, vd) = p.evaluate_duel(&d).unwrap();
            assert_eq!((&pd[..], vd), (&e.probs[..legal.len()], e.value));
            checked += 1;
        }
        d.apply_unchecked(rng.pick(&legal));
    }
    assert!(checked > 50, "{checked} positions");
    // No legal row: nothing gets probability.
    let (mut obs, _) = observe(&goat(6), Seat::A, ACTION_ROWS);
    obs.mask.fill(0);
    assert!(p.evaluate(&obs).probs.iter().all(|&x| x == 0.0));
}

#[test]
fn the_policy_plays_a_whole_goat_duel_the_same_way_twice() {
    let file = temp("det.safetensors", &Policy::random_file(small(), 7));
    let name = format!("policy:{file}");
    let (a1, d1) = play([&name, "random"], 11);
    let (a2, d2) = play([&name, "random"], 11);
    assert!(d1.is_over() && a1.len() > 20, "{} decisions", a1.len());
    assert_eq!(a1, a2, "same duel, same actions");
    assert_eq!(d1.view(Seat::A), d2.view(Seat::A));
    // Both seats a policy, through play_by_name as every front end takes it.
    let mut d = goat(12);
    let n = crate::play_by_name(&mut d, [&name, &name], 12).unwrap();
    assert!(d.is_over() && n > 10);
}

#[test]
fn mcts_with_the_policy_as_prior_plays_a_whole_goat_duel() {
    let file = temp("mcts.safetensors", &Policy::random_file(small(), 8));
    for ai in [format!("mcts+policy:20:{file}"), format!("mcts+policy+value:20:{file}")] {
        let mut d = goat(13);
        let mut players = [try_by_name(&ai, 1).unwrap(), try_by_name("random", 2).unwrap()];
        assert_eq!(players[0].name(), "mcts+policy");
        let n = play_out(&mut d, &mut players);
        assert!(d.is_over() && n > 10, "{ai}: {n} decisions");
    }
    // Deterministic for a seed.
    let name = format!("mcts+policy:5:{file}");
    assert_eq!(play([&name, "greedy"], 3).0, play([&name, "greedy"], 3).0);
}

#[test]
fn bad_files_are_refused_naming_the_file_and_the_problem() {
    let err = |name: &str| try_by_name(name, 1).err().unwrap_or_else(|| panic!("{name} accepted"));
    let missing = std::env::temp_dir().join("ygo-no-such-policy.safetensors").display().to_string();
    let e = err(&format!("policy:{missing}"));
    assert!(e.contains(&missing) && e.contains("No such file"), "{e}");

    let not_st = temp("junk.safetensors", b"not a tensor file");
    let e = err(&format!("policy:{not_st}"));
    assert!(e.contains(&not_st) && e.contains("not a safetensors file"), "{e}");

    // Tensors of the small network, to break one at a time.
    let good: Vec<(String, Vec<usize>, Vec<u8>)> =
        small().shapes().into_iter().map(|(n, s)| (n, s.clone(), vec![0u8; 4 * s.iter().product::<usize>()])).collect();
    assert!(Policy::from_bytes(&write_file(&good, &[]), "ok").is_ok());

    let without: Vec<_> = good.iter().filter(|(n, ..)| n != "score1.weight").cloned().collect();
    let f = temp("missing.safetensors", &write_file(&without, &[]));
    let e = err(&format!("policy:{f}"));
    assert!(e.contains(&f) && e.contains("missing tensor \"score1.weight\""), "{e}");

    let mut bad_shape = good.clone();
    let t = bad_shape.iter_mut().find(|(n, ..)| n == "action.weight").unwrap();
    t.1 = vec![32, 7];
    t.2 = vec![0u8; 4 * 32 * 7];
    let f = temp("shape.safetensors", &write_file(&bad_shape, &[]));
    let e = err(&format!("mcts+policy:10:{f}"));
    assert!(e.contains(&f) && e.contains("tensor \"action.weight\" has shape [32, 7], want [32, "), "{e}");

    let f = temp("version.safetensors", &write_file(&good, &[("observation_version", "1")]));
    let e = err(&format!("policy:{f}"));
    assert!(e.contains(&f) && e.contains("observation version 1") && e.contains(&format!("version {OBSERVATION_VERSION}")), "{e}");

    let f = temp("arch.safetensors", &write_file(&good, &[("architecture", "transformer-v9")]));
    let e = err(&format!("policy:{f}"));
    assert!(e.contains(&f) && e.contains("architecture \"transformer-v9\""), "{e}");

    // Names that are no AI at all.
    assert!(err("mcts+policy:x:file").contains("unknown AI"));
    assert!(err("mcts+policy:lots").contains("unknown AI"));
    assert!(err("nobody").contains("unknown AI"));
}

#[test]
fn the_shipped_networks_are_the_files_in_data_and_every_builtin_name_plays_them() {
    let files =
        [concat!(env!("CARGO_MANIFEST_DIR"), "/data/goat-policy.safetensors"), concat!(env!("CARGO_MANIFEST_DIR"), "/data/goat-policy-chaos.safetensors")];
    let shipped = builtin().expect("the shipped files load");
    assert_eq!(shipped.len(), files.len());
    let d = goat(21);
    for (net, file) in shipped.iter().zip(files) {
        let on_disk = Policy::load(file).unwrap();
        assert_eq!(net.evaluate_duel(&d), on_disk.evaluate_duel(&d), "the embedded bytes are {file}'s");
    }
    // `policy` piloting Goat Control (seat A of `goat`) plays the Goat Control network, and
    // piloting Chaos Control the Chaos Control one: the same duels as the files by name.
    let [gc, cc] = files.map(|f| format!("policy:{f}"));
    assert_eq!(play(["policy", "random"], 22).0, play([&gc, "random"], 22).0, "`policy` with Goat Control plays goat-policy");
    assert_eq!(play(["random", "policy"], 24).0, play(["random", &cc], 24).0, "`policy` with Chaos Control plays goat-policy-chaos");
    assert_ne!(play(["random", &gc], 24).0, play(["random", &cc], 24).0, "the two networks play differently");
    assert_eq!(try_by_name("mcts+policy", 1).unwrap().name(), "mcts+policy");
    for ai in ["policy", "mcts+policy:8", "mcts+policy+value:8"] {
        let mut d = goat(23);
        let n = crate::play_by_name(&mut d, [ai, "random"], 23).unwrap();
        assert!(d.is_over() && n > 10, "{ai}: {n} decisions");
    }
    assert!(crate::AI_NAMES.contains(&"policy") && crate::AI_NAMES.contains(&"mcts+policy"));
    assert!(try_by_name("mcts+policy:x", 1).is_err());
}

#[test]
fn a_player_holding_several_networks_plays_the_one_of_its_own_deck() {
    let mut a = Policy::from_bytes(&Policy::random_file(small(), 1), "a").unwrap();
    let mut b = Policy::from_bytes(&Policy::random_file(small(), 2), "b").unwrap();
    let none = Policy::from_bytes(&Policy::random_file(small(), 3), "none").unwrap();
    (a.deck, b.deck) = (vec![1, 2, 2, 3], vec![2, 4, 5, 5]);
    let nets: Vec<Arc<Policy>> = [none, a, b].into_iter().map(Arc::new).collect();
    let pick_of = |own: &[u32]| pick(&nets, own).source.clone();
    assert_eq!(pick_of(&[1, 2, 2, 9]), "a", "three cards shared with a, one with b");
    assert_eq!(pick_of(&[2, 5, 5, 9]), "b", "copies count: two 5s");
    assert_eq!(pick_of(&[2, 9]), "a", "a tie goes to the first");
    assert_eq!(pick_of(&[9]), "none", "no card shared: the first");
    // A player's own cards: its deck list, sorted, whatever the deal.
    let d = goat(31);
    let obs = Observation::new(&d).unwrap();
    let own = obs.own_cards();
    assert!(own.windows(2).all(|w| w[0] <= w[1]) && own.len() >= 40, "{own:?}");
    let again = d.determinized(obs.seat(), 5);
    assert_eq!(Observation::new(&again).unwrap().own_cards(), own, "the same in a sample");
    // The deck list a file names is read from its metadata; a bad one is refused.
    let tensors: Vec<(String, Vec<usize>, Vec<u8>)> = small()
        .shapes()
        .into_iter()
        .map(|(n, s)| {
            let k = s.iter().product::<usize>();
            (n, s, vec![0u8; 4 * k])
        })
        .collect();
    let meta = |deck: &str| write_file(&tensors, &[("deck_cards", deck)]);
    assert_eq!(Policy::from_bytes(&meta("5, 3,5"), "m").unwrap().deck, vec![3, 5, 5]);
    let err = Policy::from_bytes(&meta("5,x"), "m.safetensors").unwrap_err();
    assert!(err.contains("m.safetensors") && err.contains("deck_cards") && err.contains("\"x\""), "{err}");
}
