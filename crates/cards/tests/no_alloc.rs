//! Issue 19: listing the legal actions allocates nothing. A counting global allocator
//! (this test binary only) counts the allocations of `Duel::legal_actions_into` at every
//! decision of random duels, with a buffer that has already grown to the list.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use ygo_ai::RandomPlayer;
use ygo_cards::decks::{parse_builtin, BUILTIN, GOAT};
use ygo_core::{Duel, DuelSetup, Edition};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(|n| n.get())
}

/// Plays one random duel; at every decision, lists the actions once to size the buffer,
/// then again counting allocations. Returns (decisions, allocations while listing).
fn play(pool: &std::sync::Arc<ygo_core::pool::CardPool>, setup: &DuelSetup, seed: u64) -> (u64, u64) {
    let mut d = Duel::from_setup(pool.clone(), setup).expect("the built-in decks start a duel");
    let mut rng = RandomPlayer::new(seed);
    let mut buf = Vec::new();
    let (mut decisions, mut allocated) = (0, 0);
    while d.deciding_player().is_some() {
        d.legal_actions_into(&mut buf);
        let before = allocations();
        d.legal_actions_into(&mut buf);
        allocated += allocations() - before;
        decisions += 1;
        let a = rng.pick(&buf);
        d.apply_unchecked(a);
    }
    (decisions, allocated)
}

#[test]
fn listing_legal_actions_allocates_nothing() {
    let today = ygo_cards::pool();
    for seed in 0..60u64 {
        let (a, b) = (&BUILTIN[(seed as usize) % BUILTIN.len()], &BUILTIN[(seed as usize / 2) % BUILTIN.len()]);
        let setup = DuelSetup::new(parse_builtin(a.ydk), parse_builtin(b.ydk), seed);
        let (decisions, allocated) = play(&today, &setup, seed);
        assert!(decisions > 50, "{} vs {}: only {decisions} decisions", a.name, b.name);
        assert_eq!(allocated, 0, "{} vs {} (seed {seed}): listing allocated {allocated} times in {decisions} decisions", a.name, b.name);
    }
    let goat = ygo_cards::pool_with(ygo_cards::Versions::Goat2005);
    for seed in 0..100u64 {
        let (a, b) = (&GOAT[(seed as usize) % GOAT.len()], &GOAT[(seed as usize * 7 + 3) % GOAT.len()]);
        let mut setup = DuelSetup::new(parse_builtin(a.ydk), parse_builtin(b.ydk), seed);
        setup.edition = Edition::Expert;
        let (decisions, allocated) = play(&goat, &setup, seed);
        assert!(decisions > 50, "{} vs {}: only {decisions} decisions", a.name, b.name);
        assert_eq!(allocated, 0, "{} vs {} (seed {seed}): listing allocated {allocated} times in {decisions} decisions", a.name, b.name);
    }
}

#[test]
fn five_monsters_of_a_name_check_allocate_nothing() {
    // Delta Attacker asks whether 3 face-up Normal Monsters share a name; with five monsters
    // on the field its count once listed them into a buffer that spilled to the heap (found
    // with 28 Goat decks: trick-traps vs goat-p2-responses, seed 39).
    let goat = ygo_cards::pool_with(ygo_cards::Versions::Goat2005);
    let deck = |n: &str| GOAT.iter().find(|d| d.name == n).unwrap_or_else(|| panic!("no built-in deck {n}"));
    let (a, b) = (deck("trick-traps"), deck("goat-p2-responses"));
    let mut setup = DuelSetup::new(parse_builtin(a.ydk), parse_builtin(b.ydk), 39);
    setup.edition = Edition::Expert;
    let (decisions, allocated) = play(&goat, &setup, 39);
    assert!(decisions > 50, "only {decisions} decisions");
    assert_eq!(allocated, 0, "listing allocated {allocated} times in {decisions} decisions");
}

#[test]
fn a_cost_over_a_large_graveyard_allocates_nothing() {
    // Bazoo the Soul-Eater banishes up to 3 monsters of its controller's GY as a cost: with
    // more monsters there than a cost list held inline (16), counting its candidates spilled
    // to the heap (found with goat-p2q-engine).
    use ygo_core::{Phase, Placed, PositionSetup, SidePosition};
    const BAZOO: u32 = 40133511;
    const MYSTICAL_ELF: u32 = 15025844;
    let goat = ygo_cards::pool_with(ygo_cards::Versions::Goat2005);
    let side = |monsters: Vec<Placed>, gy: usize| SidePosition {
        monsters,
        gy: (0..gy).map(|_| Placed::new(MYSTICAL_ELF)).collect(),
        deck: vec![MYSTICAL_ELF; 10],
        ..SidePosition::default()
    };
    let pos = PositionSetup {
        edition: Edition::Expert,
        phase: Phase::Main1,
        sides: [side(vec![Placed::new(BAZOO)], 40), side(vec![], 0)],
        ..PositionSetup::default()
    };
    let d = Duel::from_position(goat, &pos).expect("the position is valid");
    let mut buf = Vec::new();
    d.legal_actions_into(&mut buf);
    let activations = buf.iter().filter(|a| matches!(a, ygo_core::Action::Activate { card, .. } if card.zone == ygo_core::Zone::Monster)).count();
    assert_eq!(activations, 1, "Bazoo's effect is among the actions: {buf:?}");
    let before = allocations();
    d.legal_actions_into(&mut buf);
    assert_eq!(allocations() - before, 0, "listing allocated with 40 monsters in the GY");
}
