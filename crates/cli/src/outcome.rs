//! The end of a duel in words ("A wins: B's LP reached 0"), for every front end that
//! reports one (replays, sims, the terminal duel).

use ygo_core::{Outcome, WinReason};

/// The outcome as a sentence.
pub fn outcome_text(o: &Outcome) -> String {
    match o.winner {
        Some(w) => {
            let (w, l) = (w.name(), w.opp().name());
            match o.reason {
                WinReason::LifePoints => format!("{w} wins: {l}'s LP reached 0"),
                WinReason::DeckOut => format!("{w} wins: {l} had to draw from an empty Deck"),
                WinReason::CardEffect => format!("{w} wins by a card effect"),
                WinReason::MatchWinEffect => format!("{w} wins the match by a card effect"),
                WinReason::Surrender => format!("{w} wins: {l} surrendered"),
                WinReason::Bound => format!("{w} wins: the engine's limits were reached"),
            }
        }
        None => match o.reason {
            WinReason::LifePoints => "a draw: both players' LP reached 0 at the same time".into(),
            WinReason::DeckOut => "a draw: both players had to draw from an empty Deck".into(),
            WinReason::Bound => "a draw: the engine's limits (turns or actions) were reached".into(),
            WinReason::CardEffect | WinReason::MatchWinEffect => "a draw by a card effect".into(),
            WinReason::Surrender => "a draw: both players surrendered".into(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ygo_core::Player;

    #[test]
    fn outcomes_read_as_words() {
        let o = |winner, reason| outcome_text(&Outcome { winner, reason });
        assert_eq!(o(Some(Player::A), WinReason::LifePoints), "A wins: B's LP reached 0");
        assert_eq!(o(Some(Player::B), WinReason::DeckOut), "B wins: A had to draw from an empty Deck");
        assert_eq!(o(None, WinReason::Bound), "a draw: the engine's limits (turns or actions) were reached");
    }
}
