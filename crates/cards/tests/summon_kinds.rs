//! Random self-play of the three summoning decks (ritual-fusion, synchro, pendulum-link)
//! under the editions that have their kinds: no panic, no broken invariant, no hang, and
//! every kind of summon (Ritual, Fusion, Synchro, Xyz, Pendulum, Link) is seen to happen.

use std::collections::BTreeMap;

use ygo_ai::RandomPlayer;
use ygo_cards::decks::{builtin, parse_builtin};
use ygo_core::event::Event;
use ygo_core::types::SummonKind;
use ygo_core::{Duel, DuelSetup, Edition};

fn deck(name: &str) -> ygo_core::DeckList {
    parse_builtin(builtin(name).unwrap_or_else(|| panic!("no built-in deck {name}")).ydk)
}

/// Plays `n` duels and counts the Special Summons by kind.
pub fn count_summons(n: u64) -> BTreeMap<String, u64> {
    let pool = ygo_cards::pool();
    let names = ["ritual-fusion", "synchro", "pendulum-link"];
    let editions = [Edition::Mr3, Edition::Mr4, Edition::Mr2020];
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    for seed in 0..n {
        let a = names[(seed % 3) as usize];
        let b = names[((seed / 3) % 3) as usize];
        let mut s = DuelSetup::new(deck(a), deck(b), seed);
        s.edition = editions[((seed / 9) % 3) as usize];
        if Duel::from_setup(pool.clone(), &s).is_err() {
            s.edition = Edition::Mr2020;
        }
        let mut d = Duel::from_setup(pool.clone(), &s).unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
        let mut rng = RandomPlayer::new(seed * 7 + 3);
        let mut steps = 0u32;
        while let Some(p) = d.deciding_player() {
            steps += 1;
            assert!(steps < 200_000, "seed {seed}: no end");
            let legal = d.legal_actions();
            assert!(!legal.is_empty(), "seed {seed}: no legal action");
            let before = d.events().len();
            d.apply(p, rng.pick(&legal)).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            d.check_invariants().unwrap_or_else(|e| panic!("seed {seed} ({a} vs {b}, {:?}): {e}", s.edition));
            for e in &d.events()[before..] {
                if let Event::SpecialSummoned { card } = e {
                    let kind = d.card(*card).summon;
                    if kind != SummonKind::None {
                        *counts.entry(format!("{kind:?}")).or_default() += 1;
                    }
                }
            }
        }
    }
    counts
}

#[test]
fn every_summon_kind_happens_in_random_self_play() {
    let n = std::env::var("YGO_SUMMON_DUELS").ok().and_then(|v| v.parse().ok()).unwrap_or(300u64);
    let counts = count_summons(n);
    eprintln!("summons over {n} duels: {counts:?}");
    for kind in ["Ritual", "Fusion", "Synchro", "Xyz", "Pendulum", "Link"] {
        assert!(counts.get(kind).copied().unwrap_or(0) > 0, "no {kind} Summon in {n} duels: {counts:?}");
    }
}

#[test]
fn editions_refuse_extra_deck_kinds_that_do_not_exist_yet() {
    // RULE: ERA-1 (the ERA table), ZONE-3
    let pool = ygo_cards::pool();
    let ok = |name: &str, e: Edition| {
        let mut s = DuelSetup::new(deck(name), deck(name), 1);
        s.edition = e;
        match Duel::from_setup(pool.clone(), &s) {
            Ok(_) => true,
            Err(errs) => {
                assert!(errs.iter().all(|x| matches!(x, ygo_core::SetupError::NotInEdition { .. })), "{errs:?}");
                false
            }
        }
    };
    assert!(ok("ritual-fusion", Edition::Expert));
    assert!(!ok("synchro", Edition::Expert) && !ok("synchro", Edition::Mr1) && ok("synchro", Edition::Mr2));
    assert!(!ok("pendulum-link", Edition::Mr2) && !ok("pendulum-link", Edition::Mr3) && ok("pendulum-link", Edition::Mr4));
}
