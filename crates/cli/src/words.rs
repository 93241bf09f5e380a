//! The words a player reads in the terminal: `ygo-server`'s `words` (the one place that
//! writes them for the browser and the terminal), with what the terminal adds on top:
//!
//! - a monster turned face-down or face-up in the log: named when it was public (face-up
//!   before or after), and "A's" only for the player who controlled it then.

pub use ygo_server::words::*;

use ygo_core::event::Event;
use ygo_core::{CardId, Duel, Player, Zone};

/// Who controlled `card` when the last event of `events` happened (a prefix of the duel's
/// events): its controller now, unless a later control change moved it since.
fn controller_then(d: &Duel, card: CardId, events: &[Event]) -> Player {
    let later = d.events().get(events.len()..).unwrap_or_default();
    later
        .iter()
        .find_map(|e| match e {
            Event::ControlChanged { card: c, to } if *c == card => Some(to.opp()),
            _ => None,
        })
        .unwrap_or_else(|| d.card(card).controller())
}

/// The log line of an event in words (as `ygo_server::words::event_words`), with a change
/// of battle position told as the table showed it: a monster that was face-up before or
/// after is named ("B's Vorse Raider (zone 3) is turned face-down: Attack Position to
/// face-down Defense Position"), one face-down both times is "B's face-down monster in
/// zone 3"; the player named is the one who controlled it then.
pub fn event_words(d: &Duel, events: &[Event], viewer: Option<Player>) -> Option<String> {
    let Some(Event::PositionChanged { card, from, to }) = events.last() else {
        return ygo_server::words::event_words(d, events, viewer);
    };
    let who = controller_then(d, *card, events).name();
    let c = d.card(*card);
    let slot = if c.zone() == Zone::Monster { format!(" ({})", monster_slot_words(c.slot())) } else { String::new() };
    let public = from.face_up() || to.face_up() || viewer.is_none_or(|v| controller_then(d, *card, events) == v);
    let named = if public { format!("{who}'s {}{slot}", d.name(*card)) } else { format!("{who}'s face-down monster{slot}") };
    let turned = match (from.face_up(), to.face_up()) {
        (true, false) => " is turned face-down:",
        (false, true) => " is turned face-up:",
        _ => " changes from",
    };
    Some(format!("{named}{turned} {} to {}", position_words(*from), position_words(*to)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ygo_core::{Phase, Placed, Position, PositionSetup};

    fn code(name: &str) -> u32 {
        let pool = ygo_cards::pool();
        pool.def(pool.find(name).unwrap_or_else(|| panic!("no card {name}"))).data.id
    }

    /// Plays `cmd` for whoever must decide, answering forced decisions on the way.
    fn run(d: &mut Duel, cmd: &str) {
        while d.legal_actions().len() == 1 && d.find_action(cmd).is_err() {
            let x = d.legal_actions()[0];
            d.apply(d.deciding_player().unwrap(), x).unwrap();
        }
        let p = d.deciding_player().unwrap();
        let x = d.find_action(cmd).unwrap_or_else(|e| panic!("{cmd}: {e}"));
        d.apply(p, x).unwrap();
    }

    #[test]
    fn an_effect_action_says_what_the_effect_does() {
        // Breaker with a Spell Counter and a spell to destroy: its third effect is listed
        // by its description, not as "effect 3".
        let mut pos = PositionSetup { turn: 3, phase: Phase::Main1, ..Default::default() };
        let a = &mut pos.sides[0];
        a.deck = vec![code("Celtic Guardian"); 5];
        a.monsters = vec![Placed { zone: Some(2), counters: vec![("spell".into(), 1)], ..Placed::new(code("Breaker the Magical Warrior")) }];
        let b = &mut pos.sides[1];
        b.deck = vec![code("Celtic Guardian"); 5];
        b.spells = vec![Placed { position: Some(Position::FaceDownDefense), zone: Some(0), ..Placed::new(code("Mirror Force")) }];
        let d = Duel::from_position(ygo_cards::pool(), &pos).unwrap();
        let view = d.view(Player::A);
        let listed: Vec<String> = actions_in_words(&d, &view).into_iter().map(|x| x.2).collect();
        assert!(
            listed.contains(
                &"activate Breaker the Magical Warrior (zone 3): remove 1 Spell Counter from this card to destroy 1 targeted spell or trap on the field"
                    .to_string()
            ),
            "{listed:?}"
        );
        assert!(!listed.iter().any(|w| w.contains(": effect ")), "{listed:?}");
    }

    #[test]
    fn a_public_monster_turned_face_down_is_named_with_its_controller() {
        // Book of Moon on A's face-up Vorse Raider: B reads it named, and A's.
        let mut pos = PositionSetup { turn: 3, phase: Phase::Main1, ..Default::default() };
        let a = &mut pos.sides[0];
        a.deck = vec![code("Celtic Guardian"); 5];
        a.hand = vec![code("Book of Moon")];
        a.monsters = vec![Placed { zone: Some(2), ..Placed::new(code("Vorse Raider")) }];
        pos.sides[1].deck = vec![code("Celtic Guardian"); 5];
        let mut d = Duel::from_position(ygo_cards::pool(), &pos).unwrap();
        run(&mut d, "activate Book of Moon");
        run(&mut d, "target Vorse Raider");
        while d.chain_len() > 0 || !d.events().iter().any(|e| matches!(e, Event::PositionChanged { .. })) {
            let x = d.legal_actions()[0];
            d.apply(d.deciding_player().unwrap(), x).unwrap();
        }
        let events = d.events();
        let i = events.iter().position(|e| matches!(e, Event::PositionChanged { .. })).unwrap();
        let line = event_words(&d, &events[..=i], Some(Player::B)).unwrap();
        assert_eq!(line, "A's Vorse Raider (zone 3) is turned face-down: Attack Position to face-down Defense Position");
        // The server's own words, for comparison, named a face-down card here.
        assert!(!line.contains("a face-down card"));
    }
}
