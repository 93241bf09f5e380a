//! Edison pool part 1 (part1_b): the Main Deck cards of the Gladiator Beast, Six Samurai and Doomcaliber Gadget lists; each a declaration in the effect
//! vocabulary with its rules text in the project's own words.

use ygo_core::effect::Behavior;

/// Today's behaviour of this module's cards, by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    match id {
        _ => None,
    }
}
