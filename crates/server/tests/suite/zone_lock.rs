//! A zone choice about the opponent's Monster Zone ("Ojama King" locking up to 3 of its
//! unused zones) is offered on the opponent's side of the mat: the wire places each
//! `zone N` answer in that side's Monster Zone, and the question and the answers name the
//! side. (The wire used to put every zone answer on the chooser's own side, where the zone
//! could be taken and so not drawn as clickable.) RULE: ZONE-1

use ygo_cards::{pool_with, Versions};
use ygo_core::{Action, Duel, Placed, Player, PositionSetup, Prompt};
use ygo_server::{wire, words};

fn code(name: &str) -> u32 {
    let pool = pool_with(Versions::Goat2005);
    pool.def(pool.find(name).unwrap_or_else(|| panic!("no card {name}"))).data.id
}

fn at(name: &str, zone: u8) -> Placed {
    Placed { zone: Some(zone), ..Placed::new(code(name)) }
}

/// A's Main Phase 1: Polymerization and the three Ojamas in A's hand, Ojama King in A's
/// Extra Deck; A's Monster Zones 1-4 taken by four monsters if `crowded` (A's only free
/// zone is then 0), else none; B's monsters in its zones 0 and 4.
fn duel(crowded: bool) -> Duel {
    let mut pos = PositionSetup { turn: 3, ..Default::default() };
    let a = &mut pos.sides[0];
    a.hand = ["Polymerization", "Ojama Green", "Ojama Yellow", "Ojama Black"].map(code).to_vec();
    a.extra = vec![Placed::new(code("Ojama King"))];
    if crowded {
        a.monsters = vec![at("Mystical Elf", 1), at("Kuriboh", 2), at("Celtic Guardian", 3), at("Mon Larvas", 4)];
    }
    pos.sides[1].monsters = vec![at("Celtic Guardian", 0), at("Mon Larvas", 4)];
    Duel::from_position(pool_with(Versions::Goat2005), &pos).unwrap()
}

fn play(d: &mut Duel, command: &str) {
    let p = d.deciding_player().unwrap();
    let a = d.find_action(command).unwrap_or_else(|e| panic!("{command}: {e:?}"));
    d.apply(p, a).unwrap();
}

/// Plays Polymerization for Ojama King, answering every decision (the materials, the
/// King, its position, passing) until `stop` holds for the prompt.
fn fuse_until(d: &mut Duel, stop: impl Fn(&Prompt) -> bool) {
    play(d, "activate Polymerization");
    let want = ["Ojama King", "Ojama Green", "Ojama Yellow", "Ojama Black", "position def", "done"];
    for _ in 0..60 {
        if stop(d.prompt()) {
            return;
        }
        let p = d.deciding_player().expect("the duel goes on");
        let view = d.view(p);
        let pick = want.iter().find_map(|w| view.actions.iter().find(|(_, t)| t.contains(w))).or(view.actions.first()).map(|(a, _)| *a);
        d.apply(p, pick.expect("an action")).unwrap();
    }
    panic!("not asked: {:?}", d.prompt());
}

#[test]
fn ojama_kings_zones_to_lock_are_offered_on_the_opponents_side() {
    let mut d = duel(true);
    // The summon's own zone is A's zone 0, its only free one.
    fuse_until(&mut d, |p| matches!(p, Prompt::Zone { lock: Some(_), .. }));
    assert!(matches!(d.prompt(), Prompt::Zone { player: Player::A, lock: Some(Player::B), .. }), "{:?}", d.prompt());
    // The offered zones are B's unused ones, 1 to 3 (A's 1 to 3 are taken).
    let actions = wire::actions(&d, Player::A);
    let zones: Vec<u8> = d.legal_actions().iter().filter_map(|a| if let Action::Zone(z) = a { Some(*z) } else { None }).collect();
    assert_eq!(zones, vec![1, 2, 3]);
    assert_eq!(actions.len(), 3);
    for (a, z) in actions.iter().zip(&zones) {
        let place = a.place.as_ref().expect("a zone answer is played on the mat");
        assert_eq!((place.player.as_str(), place.zone.as_str(), place.index), ("B", "monsters", *z), "{}", a.text);
        assert_eq!(a.words, format!("B's Monster Zone {}", z + 1));
    }
    let ask = words::ask(&d, Player::A);
    assert!(ask.text.contains("B's Monster Zone") && ask.text.starts_with("Ojama King"), "{}", ask.text);
    // Locked: B's zone 2 (the answer `zone 2`), then no more of B's zones but 1 and 3 are offered.
    play(&mut d, "zone 2");
    let offered: Vec<u8> = d.legal_actions().iter().filter_map(|a| if let Action::Zone(z) = a { Some(*z) } else { None }).collect();
    assert_eq!(offered, vec![1, 3]);
}

#[test]
fn a_monster_placed_in_ones_own_zone_is_offered_on_ones_own_side() {
    let mut d = duel(false);
    fuse_until(&mut d, |p| matches!(p, Prompt::Zone { .. }));
    assert!(matches!(d.prompt(), Prompt::Zone { player: Player::A, lock: None, .. }), "{:?}", d.prompt());
    let actions = wire::actions(&d, Player::A);
    // (The position's rules are today's: the Extra Monster Zones 5 and 6 are offered too.)
    assert_eq!(actions.len(), 7);
    for (z, a) in actions.iter().enumerate() {
        let place = a.place.as_ref().unwrap();
        assert_eq!((place.player.as_str(), place.index), ("A", z as u8), "{}", a.text);
        if z < 5 {
            assert_eq!(a.words, format!("Monster Zone {}", z + 1));
        }
    }
}
