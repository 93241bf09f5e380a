//! The worked chain of CHAIN-5, played through the same `find_action`/`apply` every
//! player uses. RULE: CHAIN-3, CHAIN-4, CHAIN-5, EFF-5

use ygo_core::{Duel, Player, Position};
use ygo_core::{Placed, PositionSetup};

fn code(name: &str) -> u32 {
    let pool = ygo_cards::pool();
    pool.def(pool.find(name).unwrap_or_else(|| panic!("no card {name}"))).data.id
}

fn act(d: &mut Duel, p: Player, cmd: &str) {
    // Forced single answers of the other player are given first (as the runner does).
    while d.deciding_player() != Some(p) && d.legal_actions().len() == 1 {
        let q = d.deciding_player().unwrap();
        let a = d.legal_actions()[0];
        d.apply(q, a).unwrap();
    }
    assert_eq!(d.deciding_player(), Some(p), "{cmd}: wrong player; legal: {:?}", d.legal_actions_with_text());
    let a = d.find_action(cmd).unwrap_or_else(|e| panic!("{cmd}: {e}; legal: {:?}", d.legal_actions_with_text()));
    d.apply(p, a).unwrap();
}

#[test]
fn chain_5_worked_example() {
    let mut pos = PositionSetup { turn: 5, ..Default::default() };
    let a = &mut pos.sides[0];
    a.hand = vec![code("Dark Hole"), code("Mystical Space Typhoon")];
    a.deck = vec![code("Celtic Guardian"); 5];
    a.monsters = vec![Placed::new(code("Dark Magician"))];
    a.spells = vec![Placed { position: Some(Position::FaceDownDefense), ..Placed::new(code("Seven Tools of the Bandit")) }];
    let b = &mut pos.sides[1];
    b.hand = vec![code("Celtic Guardian")];
    b.deck = vec![code("Celtic Guardian"); 5];
    b.monsters = vec![Placed { position: Some(Position::FaceUpDefense), zone: Some(2), ..Placed::new(code("Summoned Skull")) }];
    b.spells = vec![
        Placed { position: Some(Position::FaceDownDefense), ..Placed::new(code("Royal Decree")) },
        Placed { position: Some(Position::FaceDownDefense), ..Placed::new(code("Magic Jammer")) },
    ];
    let mut d = Duel::from_position(ygo_cards::pool(), &pos).unwrap();
    act(&mut d, Player::A, "activate Dark Hole");
    act(&mut d, Player::B, "activate Royal Decree");
    act(&mut d, Player::A, "activate Mystical Space Typhoon");
    act(&mut d, Player::A, "target Royal Decree");
    act(&mut d, Player::B, "activate Magic Jammer");
    act(&mut d, Player::B, "choose Celtic Guardian");
    act(&mut d, Player::A, "activate Seven Tools of the Bandit");
    while d.legal_actions().len() == 1 {
        let q = d.deciding_player().unwrap();
        let x = d.legal_actions()[0];
        d.apply(q, x).unwrap();
    }
    let names = |ids: &[ygo_core::CardId]| -> Vec<String> {
        let mut v: Vec<String> = ids.iter().map(|&i| d.name(i).to_string()).collect();
        v.sort();
        v
    };
    assert_eq!(d.lp(Player::A), 7000);
    assert_eq!(d.player(Player::A).monster_count() + d.player(Player::B).monster_count(), 0);
    assert!(d.player(Player::B).hand.is_empty());
    assert_eq!(names(&d.player(Player::B).gy), ["Celtic Guardian", "Magic Jammer", "Royal Decree", "Summoned Skull"]);
    assert_eq!(names(&d.player(Player::A).gy), ["Dark Hole", "Dark Magician", "Mystical Space Typhoon", "Seven Tools of the Bandit"]);
    assert_eq!(d.chain_len(), 0);
    let log = d.log_lines().join("\n");
    assert!(log.contains("the activation of Magic Jammer (chain link 4) is negated"), "{log}");
}
