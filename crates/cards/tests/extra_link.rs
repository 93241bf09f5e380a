//! ZONE-3 Extra Link: a player may use their second Extra Monster Zone only when the Link
//! monster going there would be joined to their monster in the first one by a chain of
//! co-linked monsters. No shipped Link monster has the upward diagonal arrows an Extra Link
//! needs, so these tests play with a pool where "Link Spider" points Top-Left and Top-Right
//! and "Linkuriboh" points Bottom-Left and Bottom-Right.
//! RULE: ZONE-3, SUM-13

use std::sync::Arc;

use ygo_core::card::arrows;
use ygo_core::edition::Edition;
use ygo_core::types::SummonKind;
use ygo_core::{Duel, Player};
use ygo_core::{Placed, PositionSetup};

fn code(name: &str) -> u32 {
    let pool = ygo_cards::pool();
    pool.def(pool.find(name).unwrap_or_else(|| panic!("no card {name}"))).data.id
}

fn pool_with_arrows(spider: u16, kuriboh: u16) -> Arc<ygo_core::pool::CardPool> {
    let mut pool = (*ygo_cards::pool()).clone();
    for (name, a) in [("Link Spider", spider), ("Linkuriboh", kuriboh)] {
        let mut def = pool.def(pool.find(name).expect(name)).clone();
        def.data.link_arrows = a;
        pool.insert(def);
    }
    Arc::new(pool)
}

fn at(name: &str, zone: u8) -> Placed {
    let mut p = Placed::new(code(name));
    p.zone = Some(zone);
    p.summoned = Some(SummonKind::Special);
    p.properly_summoned = true;
    p
}

/// A holds the left EMZ (Decode Talker: Bottom-Left, Bottom-Right), Link Spider in the middle
/// Main Monster Zone, Kuriboh (Linkuriboh's material) in zone 0; Link Summons Linkuriboh and
/// answers the zone question. Returns the zones offered.
fn zones_offered(edition: Edition, spider: u16) -> Vec<String> {
    let mut pos = PositionSetup { turn: 3, edition, ..Default::default() };
    let a = &mut pos.sides[0];
    a.monsters = vec![at("Kuriboh", 0), at("Link Spider", 2), at("Decode Talker", 5)];
    a.extra = vec![Placed::new(code("Linkuriboh"))];
    let mut d = Duel::from_position(pool_with_arrows(spider, arrows::BOTTOM_LEFT | arrows::BOTTOM_RIGHT), &pos).unwrap();
    let act = d.find_action("link summon Linkuriboh").unwrap();
    d.apply(Player::A, act).unwrap();
    for _ in 0..4 {
        let texts: Vec<String> = d.legal_actions().iter().map(|a| d.action_text(a)).collect();
        if texts.iter().any(|t| t.starts_with("zone ")) {
            return texts;
        }
        let a = d.find_action("choose Kuriboh").or_else(|_| d.find_action("done")).unwrap_or_else(|_| d.legal_actions()[0]);
        d.apply(Player::A, a).unwrap();
    }
    panic!("no zone question");
}

#[test]
fn extra_link_opens_the_second_emz() {
    for ed in [Edition::Mr4, Edition::Mr2020] {
        let z = zones_offered(ed, arrows::TOP_LEFT | arrows::TOP_RIGHT);
        assert!(z.contains(&"zone 6".to_string()), "{ed:?}: co-linked chain EMZ-Spider-EMZ, yet zone 6 refused: {z:?}");
    }
}

#[test]
fn without_a_co_linked_chain_the_second_emz_stays_closed() {
    for ed in [Edition::Mr4, Edition::Mr2020] {
        // Link Spider points only Top-Left: it is co-linked with Decode Talker, not with the
        // right EMZ, so the chain does not reach it.
        let z = zones_offered(ed, arrows::TOP_LEFT);
        assert!(!z.contains(&"zone 6".to_string()), "{ed:?}: no Extra Link, yet zone 6 offered: {z:?}");
        assert!(z.contains(&"zone 0".to_string()), "{ed:?}: zone 0 (linked by Decode Talker) missing: {z:?}");
    }
}
