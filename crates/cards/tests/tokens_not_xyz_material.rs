//! SUM-11: tokens cannot be Xyz Material. No Rank 1 Xyz monster is in the pool, so the
//! test plays with a pool where the Sheep Token is Level 4 (Utopia's Rank): four such
//! tokens from "Scapegoat" still cannot Xyz Summon, while two Level 4 monsters can.
//! RULE: SUM-11, MISC-1

use std::sync::Arc;

use ygo_core::{Duel, Player};
use ygo_core::{Placed, PositionSetup};

fn code(name: &str) -> u32 {
    let pool = ygo_cards::pool();
    pool.def(pool.find(name).unwrap_or_else(|| panic!("no card {name}"))).data.id
}

fn pool_with_level_4_tokens() -> Arc<ygo_core::pool::CardPool> {
    let mut pool = (*ygo_cards::pool()).clone();
    let mut sheep = pool.def(pool.find("Sheep Token").expect("Sheep Token")).clone();
    sheep.data.level = 4;
    pool.insert(sheep);
    Arc::new(pool)
}

fn settle_for(d: &mut Duel, p: Player) {
    while d.deciding_player() != Some(p) && d.legal_actions().len() == 1 {
        let q = d.deciding_player().unwrap();
        let a = d.legal_actions()[0];
        d.apply(q, a).unwrap();
    }
}

#[test]
fn level_4_tokens_cannot_xyz_summon_utopia() {
    let mut pos = PositionSetup { turn: 3, ..Default::default() };
    let a = &mut pos.sides[0];
    a.hand = vec![code("Scapegoat"), code("Celtic Guardian")];
    a.extra = vec![Placed::new(code("Number 39: Utopia"))];
    let mut d = Duel::from_position(pool_with_level_4_tokens(), &pos).unwrap();
    let act = d.find_action("activate Scapegoat").unwrap();
    d.apply(Player::A, act).unwrap();
    // Both players pass until the chain has resolved (the tokens are on the field).
    for _ in 0..16 {
        if d.player(Player::A).monster_count() == 4 {
            break;
        }
        // Passes, then the zones of the tokens (the first one offered each time).
        let q = d.deciding_player().unwrap();
        let a = d.find_action("pass").unwrap_or_else(|_| d.legal_actions()[0]);
        d.apply(q, a).unwrap();
    }
    settle_for(&mut d, Player::A);
    let tokens = d.player(Player::A).monster_ids().filter(|&m| d.name(m) == "Sheep Token").count();
    assert_eq!(tokens, 4);
    assert!(d.player(Player::A).monster_ids().all(|m| d.current_level(m) == 4));
    assert!(d.find_action("xyz summon Number 39: Utopia").is_err(), "tokens were accepted as Xyz Material");
}

#[test]
fn two_level_4_monsters_can_xyz_summon_utopia() {
    let mut pos = PositionSetup { turn: 3, ..Default::default() };
    let a = &mut pos.sides[0];
    a.hand = vec![code("Celtic Guardian")];
    a.monsters = vec![Placed::new(code("Masaki the Legendary Swordsman")), Placed::new(code("Celtic Guardian"))];
    a.extra = vec![Placed::new(code("Number 39: Utopia"))];
    let d = Duel::from_position(pool_with_level_4_tokens(), &pos).unwrap();
    assert!(d.find_action("xyz summon Number 39: Utopia").is_ok());
}
