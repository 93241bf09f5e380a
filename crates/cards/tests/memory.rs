//! Memory bounds of a live duel (issue 19): the sizes of the engine's per-card and
//! per-event records, and the heap a mid-game duel owns with its event log. Sizes, not
//! timings: the heap is counted by this binary's allocator, per thread.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use ygo_ai::RandomPlayer;
use ygo_cards::decks::{builtin, parse_builtin};
use ygo_core::{CardState, Duel, DuelSetup, Event};

/// The system allocator, counting what each thread allocates.
struct Counting;

thread_local! {
    static ALLOCATED: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATED.try_with(|a| a.set((a.get().0 + layout.size(), a.get().1 + 1)));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Bytes and allocations `f` makes on this thread, with its result.
fn heap<T>(f: impl FnOnce() -> T) -> (T, usize, usize) {
    let (b0, n0) = ALLOCATED.with(Cell::get);
    let out = f();
    let (b1, n1) = ALLOCATED.with(Cell::get);
    (out, b1 - b0, n1 - n0)
}

/// A mid-game duel of two built-in decks, as `ygo bench` measures it: 400 decisions of
/// random play.
fn mid_game(a: &str, b: &str) -> Duel {
    let deck = |n: &str| parse_builtin(builtin(n).unwrap_or_else(|| panic!("built-in deck {n}")).ydk);
    let mut d = Duel::from_setup(ygo_cards::pool(), &DuelSetup::new(deck(a), deck(b), 12345)).unwrap();
    let mut rng = RandomPlayer::new(1);
    for _ in 0..400 {
        if d.deciding_player().is_none() {
            break;
        }
        let a = rng.pick(&d.legal_actions());
        d.apply_unchecked(a);
    }
    assert!(!d.is_over(), "{a} vs {b}: the duel ended before 400 decisions");
    d
}

#[test]
fn events_and_card_states_are_small() {
    assert!(std::mem::size_of::<Event>() <= 16, "Event is {} bytes", std::mem::size_of::<Event>());
    assert!(std::mem::size_of::<CardState>() <= 56, "CardState is {} bytes", std::mem::size_of::<CardState>());
}

#[test]
fn a_mid_game_duel_with_its_log_owns_at_most_16_kb() {
    // The benchmark decks (the same lists as shared/data/decks/Bench_*_Classic.ydk) and
    // two Goat decks.
    for (a, b) in [("bench-yugi", "bench-kaiba"), ("goat-control", "chaos-turbo")] {
        let d = mid_game(a, b);
        assert!(d.events().len() > 300, "{a} vs {b}: only {} events", d.events().len());
        // A clone allocates exactly what the duel owns on the heap.
        let (copy, bytes, _) = heap(|| d.clone());
        let total = bytes + std::mem::size_of::<Duel>();
        assert!(total <= 16_000, "{a} vs {b}: a mid-game duel with its log of {} events owns {total} bytes", d.events().len());
        assert!(copy == d);
    }
}

#[test]
fn a_log_of_small_draws_clones_in_one_allocation() {
    // RULE: MISC-5 (one event however many cards are drawn): each draw of the opening
    // hands and the Draw Phases is held in its event, not on the heap.
    let d = mid_game("bench-yugi", "bench-kaiba");
    let draws = d.events().iter().filter(|e| matches!(e, Event::Drew(_))).count();
    assert!(draws >= 10, "only {draws} draws");
    let (log, _, allocations) = heap(|| d.events().to_vec());
    assert_eq!(allocations, 1);
    assert_eq!(log, d.events());
}
