use std::sync::Arc;

use ygo_core::card::{CardData, RawCard};
use ygo_core::pool::{CardDef, CardPool};
use ygo_core::{DeckList, Duel, DuelSetup, Phase, Placed, PositionSetup, SidePosition};

use super::*;

/// Normal monsters 1..=8, Level 4, ATK 500 * id, DEF 2000 - 200 * id.
fn pool() -> Arc<CardPool> {
    let mut pool = CardPool::new();
    for id in 1u32..=8 {
        let raw = RawCard {
            id,
            ot: 3,
            type_: 0x11,
            atk: 300 * id as i32,
            def: 2000 - 200 * id as i32,
            level: 4,
            race: 0x1,
            attribute: 0x1,
            name: format!("Monster {id}"),
            text: "Normal monster.".into(),
            ..Default::default()
        };
        pool.insert(CardDef { data: CardData::from_raw(&raw).unwrap(), behavior: Default::default(), implemented: true });
    }
    Arc::new(pool)
}

/// Turn 2, A's Main Phase 1; B has a face-down monster, five cards in hand and 20 in the
/// deck, out of one fixed multiset of 26 cards (the deck list): which of them is where is
/// what A may not see.
fn position(b_hand: [u32; 5], b_set: u32) -> Duel {
    let mut pos = PositionSetup { turn: 2, turn_player: Seat::A, phase: Phase::Main1, ..Default::default() };
    let deck = |v: &[u32]| -> Vec<u32> { v.iter().copied().cycle().take(20).collect() };
    pos.sides[0] =
        SidePosition { hand: vec![3, 5, 8, 2, 6], deck: deck(&[1, 2, 3, 4]), monsters: vec![Placed { zone: Some(0), ..Placed::new(6) }], ..Default::default() };
    let mut rest: Vec<u32> = [1u32, 2, 3, 4, 5, 6, 7, 8].iter().flat_map(|&c| [c; 3]).chain([8, 7]).collect();
    for c in b_hand.iter().chain([&b_set]) {
        let i = rest.iter().position(|x| x == c).expect("the card is in B's deck list");
        rest.remove(i);
    }
    let mut set = Placed::new(b_set);
    set.position = Some(ygo_core::Position::FaceDownDefense);
    set.zone = Some(2);
    set.set_turn = Some(1);
    pos.sides[1] = SidePosition { hand: b_hand.to_vec(), deck: rest, monsters: vec![set], ..Default::default() };
    Duel::from_position(pool(), &pos).unwrap()
}

fn decide(d: &Duel, name: &str, seed: u64) -> Action {
    let obs = Observation::new(d).unwrap();
    by_name(name, seed).unwrap().decide_observed(&obs)
}

#[test]
fn ai_never_reads_hidden_information() {
    // B's hand and Set monster differ (a weak wall vs a strong one, different hands).
    let d1 = position([1, 1, 2, 2, 3], 1);
    let d2 = position([8, 7, 8, 7, 4], 8);
    assert_ne!(
        d1.player(Seat::B).hand.iter().map(|&c| d1.card(c).code).collect::<Vec<_>>(),
        d2.player(Seat::B).hand.iter().map(|&c| d2.card(c).code).collect::<Vec<_>>()
    );
    let (o1, o2) = (Observation::new(&d1).unwrap(), Observation::new(&d2).unwrap());
    assert_eq!(o1.seat(), Seat::A);
    assert_eq!(o1.view(), o2.view(), "A sees the two duels alike");
    assert!(o1.sample(3) == o2.sample(3), "samples depend only on what A sees");
    for name in ["random", "rules", "greedy", "mcts:60"] {
        for seed in [1, 2, 3] {
            assert_eq!(decide(&d1, name, seed), decide(&d2, name, seed), "{name} seed {seed}");
        }
    }
}

#[test]
fn omniscient_observation_sees_the_real_duel() {
    let d = position([1, 1, 2, 2, 3], 1);
    let o = Observation::omniscient(&d).unwrap();
    let s = o.sample(1);
    assert_eq!(s.player(Seat::B).hand.iter().map(|&c| s.card(c).code).collect::<Vec<_>>(), vec![1, 1, 2, 2, 3]);
}

#[test]
fn greedy_summons_its_strongest_and_attacks_what_it_beats() {
    // A (greedy) holds Monster 8 (2400 ATK): summoning it is the best first step.
    let d = position([1, 1, 2, 2, 3], 1);
    let a = decide(&d, "greedy", 1);
    assert!(matches!(a, Action::NormalSummon(l) if d.card(d.card_at(l).unwrap()).code == 8), "{}", d.action_text(&a));
}

fn game(ais: [&str; 2], seed: u64) -> Option<Seat> {
    let deck = DeckList { main: (1u32..=8).cycle().take(40).collect(), extra: vec![] };
    let mut d = Duel::from_setup(pool(), &DuelSetup::new(deck.clone(), deck, seed)).unwrap();
    let mut players = [by_name(ais[0], seed).unwrap(), by_name(ais[1], seed + 1).unwrap()];
    play_out(&mut d, &mut players);
    d.outcome().unwrap().winner
}

#[test]
fn greedy_beats_random() {
    let mut greedy = 0;
    for g in 0..10u64 {
        let (ais, seat) = if g % 2 == 0 { (["greedy", "random"], Seat::A) } else { (["random", "greedy"], Seat::B) };
        if game(ais, g) == Some(seat) {
            greedy += 1;
        }
    }
    assert!(greedy >= 9, "greedy won {greedy} of 10");
}

#[test]
fn the_rules_player_beats_random_and_is_deterministic() {
    let mut rules = 0;
    for g in 0..10u64 {
        let (ais, seat) = if g % 2 == 0 { (["rules", "random"], Seat::A) } else { (["random", "rules"], Seat::B) };
        if game(ais, g) == Some(seat) {
            rules += 1;
        }
    }
    assert!(rules >= 8, "rules won {rules} of 10");
    let d = position([1, 1, 2, 2, 3], 1);
    assert_eq!(decide(&d, "rules", 1), decide(&d, "rules", 99), "no randomness");
}

#[test]
fn budgets_parse() {
    assert!(by_name("mcts:50", 1).is_some());
    assert!(by_name("mcts:20ms", 1).is_some());
    assert!(by_name("mcts:x", 1).is_none());
    assert!(by_name("nobody", 1).is_none());
}

#[test]
fn ai_names_read_once_as_specs() {
    use crate::{AiSpec, Budget};
    let guided = |n, file: Option<&str>, value_leaf| AiSpec::Guided { budget: Budget::Iterations(n), file: file.map(str::to_string), value_leaf };
    let cases = [
        ("random", AiSpec::Random),
        ("rules", AiSpec::Rules),
        ("mcts", AiSpec::Mcts(Budget::default())),
        ("mcts:50", AiSpec::Mcts(Budget::Iterations(50))),
        ("mcts:20ms", AiSpec::Mcts(Budget::Millis(20))),
        ("policy", AiSpec::Policy(None)),
        ("policy:a:b.safetensors", AiSpec::Policy(Some("a:b.safetensors".into()))),
        ("mcts+policy", guided(crate::mcts::DEFAULT_ITERATIONS, None, false)),
        ("mcts+policy:8:x", guided(8, Some("x"), false)),
        ("mcts+policy+value", guided(crate::mcts::DEFAULT_ITERATIONS, None, true)),
        ("mcts+policy+value:9", guided(9, None, true)),
    ];
    for (name, want) in cases {
        assert_eq!(AiSpec::parse(name), Ok(want.clone()), "{name}");
    }
    assert_eq!(AiSpec::parse("mcts+policy:8:x").unwrap().file(), Some("x"));
    assert_eq!(AiSpec::parse("mcts:20ms").unwrap().budget(), Some(Budget::Millis(20)));
    assert_eq!(AiSpec::parse("greedy").unwrap().budget(), None);
    for bad in ["mcts:", "mcts:99999999999", "mcts+policy:lots", "Random", "policy+mcts"] {
        assert!(AiSpec::parse(bad).unwrap_err().contains("unknown AI"), "{bad}");
    }
}
