//! Card behaviours (see `lib.rs`): each card is a declaration in the effect vocabulary of
//! `ygo_core::effect`, with its rules text in the project's own words.

#[allow(unused_imports)]
use ygo_core::effect::*;

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    match id {
        _ => None,
    }
}
