//! The fixed rule-based player: the rule of thumb [`crate::eval::view_choice`] on the view
//! alone (summon the strongest monster, attack directly or what is known to be weaker, go
//! to battle with an attacker, otherwise the first action that is not a phase change). No
//! search and no randomness: a stable yardstick between `random` and the search players.

use ygo_core::{Action, View};

use crate::Player;

/// [`crate::eval::view_choice`] as a player (`rules`).
#[derive(Clone, Copy, Debug, Default)]
pub struct RulesPlayer;

impl Player for RulesPlayer {
    fn decide(&mut self, view: &View) -> Action {
        crate::eval::view_choice(view)
    }
    fn name(&self) -> &'static str {
        "rules"
    }
}
