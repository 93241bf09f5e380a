//! A duel as the Python `ygo.Duel` holds it: the engine's [`Duel`] plus what a replay needs
//! (the setup, every answered action, the deck names). Plain Rust, tested without Python.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use ygo_core::pool::CardPool;
use ygo_core::replay::{Replay, ReplayFile, Verdict};
use ygo_core::{Action, Duel, DuelSetup, Edition, Loc, Player, Rejected};
use ygo_data::NamedDeck;

use crate::encode::{Obs, Overflow};
use crate::ids::action_id;

/// The benchmark decks: the default of every deck argument.
pub const DEFAULT_DECKS: [&str; 2] = ["bench-yugi", "bench-kaiba"];

/// A duel and its history.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Game {
    pub duel: Duel,
    pub setup: DuelSetup,
    pub actions: Vec<(Player, Action)>,
    pub deck_names: [String; 2],
    /// The named format played, if any (its pool plays its versions of the cards).
    #[serde(default)]
    pub format: Option<String>,
}

/// Resolves a deck argument (built-in name, `.ydk` path or `ydke://` link).
pub fn load_deck(arg: &str) -> Result<NamedDeck, String> {
    ygo_data::load_named_deck(arg).map_err(|e| e.to_string())
}

/// The one place where `format=` is resolved: a named format (`goat`, `tcg`, `ocg`) sets
/// its edition on `setup`, checks both decks against its list (a whitelist for `goat`), and
/// gives the card pool playing its versions of the cards; `None` plays today's cards.
pub fn apply_format(format: Option<&str>, setup: &mut DuelSetup, decks: [&NamedDeck; 2]) -> Result<Arc<CardPool>, String> {
    let Some(name) = format else { return Ok(ygo_cards::pool()) };
    let f = ygo_data::Format::by_name(name).map_err(|e| e.to_string())?;
    setup.edition = f.edition;
    for d in decks {
        // The words every front end uses: the deck, the format, each rule broken (GOAT-1 or
        // DECK-1..3, the list, the region).
        f.refuse_illegal(&format!("deck {:?}", d.name), &ygo_data::Deck { main: d.list.main.clone(), extra: d.list.extra.clone(), side: d.side.clone() })?;
    }
    Ok(f.pool())
}

/// The card pool of a named format (today's cards for `None`).
pub fn format_pool(format: Option<&str>) -> Result<Arc<CardPool>, String> {
    match format {
        None => Ok(ygo_cards::pool()),
        Some(name) => Ok(ygo_data::Format::by_name(name).map_err(|e| e.to_string())?.pool()),
    }
}

/// The rules asked for: `edition` and `format` as given; with neither, two decks of one
/// classic format (the built-in Goat decks, or files that call themselves Goat or Edison
/// decks) play that format, as every command of the CLI does; otherwise Master Rule 2020
/// with today's cards.
pub fn resolve_rules(deck_args: [&str; 2], edition: Option<&str>, format: Option<&str>) -> Result<(Edition, Option<String>), String> {
    let edition = edition.map(parse_edition).transpose()?;
    if format.is_none() && edition.is_none() {
        let [a, b] = deck_args.map(|d| ygo_data::format::format_mark(d).map(|(f, _)| f));
        if let Some(f) = a.filter(|f| b == Some(*f)).and_then(|f| ygo_data::Format::by_name(f).ok()) {
            return Ok((f.edition, Some(f.name.into())));
        }
    }
    Ok((edition.unwrap_or_default(), format.map(str::to_string)))
}

/// Parses an edition name (`expert`, `mr1` .. `mr2020`).
pub fn parse_edition(name: &str) -> Result<Edition, String> {
    Edition::parse(name).ok_or_else(|| format!("unknown edition {name:?} (expert, mr1, mr2, mr3, mr4, mr2020)"))
}

impl Game {
    /// A new duel of two resolved decks.
    pub fn start(decks: [&NamedDeck; 2], edition: Edition, seed: u64, format: Option<&str>) -> Result<Game, String> {
        let mut setup = DuelSetup::new(decks[0].list.clone(), decks[1].list.clone(), seed);
        setup.edition = edition;
        let pool = apply_format(format, &mut setup, decks)?;
        let duel = Duel::from_setup(pool, &setup).map_err(|e| e.iter().map(|x| x.to_string()).collect::<Vec<_>>().join("; "))?;
        let format = format.map(|f| f.to_ascii_lowercase());
        Ok(Game { duel, setup, actions: Vec::new(), deck_names: [decks[0].name.clone(), decks[1].name.clone()], format })
    }

    /// A new duel from deck arguments; no edition and no format: see [`resolve_rules`].
    pub fn new(deck_a: &str, deck_b: &str, edition: Option<&str>, seed: u64, format: Option<&str>) -> Result<Game, String> {
        let (a, b) = (load_deck(deck_a)?, load_deck(deck_b)?);
        let (edition, format) = resolve_rules([deck_a, deck_b], edition, format)?;
        Game::start([&a, &b], edition, seed, format.as_deref())
    }

    /// The passcode at `loc` if `viewer` may see it there.
    pub fn visible_code(duel: &Duel, viewer: Player, loc: Loc) -> Option<u32> {
        ygo_ai::obs::visible_code(duel, viewer, loc)
    }

    /// The stable id of a legal action (deck cards named by the passcode the player sees).
    pub fn id_of(duel: &Duel, a: &Action) -> u64 {
        let viewer = duel.deciding_player().unwrap_or(Player::A);
        action_id(a, |l| Game::visible_code(duel, viewer, l))
    }

    /// The legal actions with their ids and canonical texts.
    pub fn legal(&self) -> Vec<(u64, Action, String)> {
        self.duel.legal_actions_with_text().into_iter().map(|(a, t)| (Game::id_of(&self.duel, &a), a, t)).collect()
    }

    /// Applies the legal action with this id.
    pub fn apply_id(&mut self, id: u64) -> Result<Action, Rejected> {
        let a = self.duel.legal_actions().into_iter().find(|a| Game::id_of(&self.duel, a) == id);
        let a = a.ok_or_else(|| if self.duel.is_over() { Rejected::DuelOver } else { Rejected::NoMatch { command: format!("action id {id}") } })?;
        self.apply(a)
    }

    /// Applies the legal action this command text names (`find_action`).
    pub fn apply_text(&mut self, text: &str) -> Result<Action, Rejected> {
        if self.duel.is_over() {
            return Err(Rejected::DuelOver);
        }
        let a = self.duel.find_action(text)?;
        self.apply(a)
    }

    /// Applies a legal action for the deciding player, recording it.
    pub fn apply(&mut self, a: Action) -> Result<Action, Rejected> {
        let p = self.duel.deciding_player().ok_or(Rejected::DuelOver)?;
        self.duel.apply(p, a)?;
        self.actions.push((p, a));
        Ok(a)
    }

    /// The observation arrays of `viewer` (with `action_rows` rows in the action table).
    pub fn observe(duel: &Duel, viewer: Player, action_rows: usize) -> (Obs, Result<(), Overflow>) {
        ygo_ai::obs::observe(duel, viewer, action_rows)
    }

    /// The replay file of the duel so far (the one `ygo replay --verify` reads).
    pub fn replay_file(&self) -> ReplayFile {
        let versions = self.format.as_deref().and_then(|f| ygo_data::Format::by_name(f).ok()).map_or(ygo_cards::Versions::Current, |f| f.versions);
        let mut file = ReplayFile::record(
            &self.duel,
            Replay { setup: self.setup.clone(), actions: self.actions.clone() },
            ygo_cards::data_version_with(versions),
            self.deck_names.clone(),
        );
        file.play_format = self.format.clone();
        file
    }

    /// Serialises the whole game (duel, setup, history) compactly.
    pub fn to_bytes(&self) -> Vec<u8> {
        postcard::to_stdvec(self).unwrap_or_default()
    }

    /// Reads [`Game::to_bytes`] output, re-attaching the shipped card pool.
    pub fn from_bytes(bytes: &[u8]) -> Result<Game, String> {
        let mut g: Game = postcard::from_bytes(bytes).map_err(|e| format!("not a serialised ygo duel: {e}"))?;
        let pool = format_pool(g.format.as_deref())?;
        g.duel.attach_pool(pool).map_err(|e| format!("a duel made with other card data: {e}"))?;
        Ok(g)
    }
}

pub use ygo_ai::obs::dealt_again;

/// One duel of two built-in AIs (`random`, `rules`, `greedy`, `mcts:N`, ...; A goes first),
/// to the end: the finished duel and the decisions the AIs answered.
pub fn play_ais(decks: [&str; 2], ais: [&str; 2], seed: u64, edition: Option<&str>, format: Option<&str>) -> Result<(Duel, u64), String> {
    let mut g = Game::new(decks[0], decks[1], edition, seed, format)?;
    g.duel.clear_events();
    // The AIs seeded as `ygo league` seeds them: the same duel in both.
    let n = ygo_ai::play_by_name(&mut g.duel, ais, seed)?;
    Ok((g.duel, n))
}

/// The duel's event log as text lines: the referee's (every card named) for `None`, else
/// the one `viewer` may read (the opponent's hidden cards unnamed: MISC-3).
pub fn log_lines(duel: &Duel, viewer: Option<Player>) -> Vec<String> {
    duel.events().iter().map(|e| duel.event_text_for(e, viewer)).filter(|s| !s.is_empty()).collect()
}

/// What verifying a replay file found, in words and counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerifyReport {
    pub identical: bool,
    pub actions: usize,
    pub events: usize,
    pub message: String,
    pub notes: Vec<String>,
}

/// Verifies a replay file's JSON text against this build (as `ygo replay --verify` does).
pub fn verify_replay(json: &str) -> Result<VerifyReport, String> {
    let file: ReplayFile = serde_json::from_str(json).map_err(|e| format!("not a ygo replay file: {e}"))?;
    let format = file.play_format.as_deref().map(ygo_data::Format::by_name).transpose().map_err(|e| e.to_string())?;
    let versions = format.map_or(ygo_cards::Versions::Current, |f| f.versions);
    let pool = format.map_or_else(ygo_cards::pool, |f| f.pool());
    let notes = file.version_notes(&ygo_cards::data_version_with(versions));
    Ok(match file.verify(pool) {
        Verdict::Identical { actions, events } => {
            VerifyReport { identical: true, actions, events, message: format!("identical: {actions} actions, {events} events"), notes }
        }
        Verdict::Diverged { event, action, .. } => VerifyReport {
            identical: false,
            actions: file.replay.actions.len(),
            events: file.events.len(),
            message: format!("diverged at event {event} (action {action})"),
            notes,
        },
        Verdict::Failed(e) => {
            VerifyReport { identical: false, actions: file.replay.actions.len(), events: file.events.len(), message: format!("failed: {e}"), notes }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(g: &mut Game, n: usize) {
        for i in 0..n {
            let legal = g.legal();
            if legal.is_empty() {
                break;
            }
            let (id, _, _) = legal[i % legal.len()];
            g.apply_id(id).unwrap();
        }
    }

    #[test]
    fn ids_apply_and_replays_verify() {
        let mut g = Game::new("vanilla-yugi", "vanilla-kaiba", Some("mr2020"), 3, None).unwrap();
        play(&mut g, 300);
        assert_eq!(g.actions.len(), 300.min(g.actions.len()));
        let json = serde_json::to_string(&g.replay_file()).unwrap();
        let r = verify_replay(&json).unwrap();
        assert!(r.identical, "{r:?}");
        assert_eq!(r.actions, g.actions.len());
        // A bad id is refused and changes nothing.
        let before = g.duel.clone();
        assert!(g.apply_id(u64::MAX >> 1).is_err());
        assert_eq!(g.duel, before);
    }

    #[test]
    fn bytes_round_trip() {
        let mut g = Game::new("bench-yugi", "bench-kaiba", Some("mr2020"), 9, None).unwrap();
        play(&mut g, 200);
        let back = Game::from_bytes(&g.to_bytes()).unwrap();
        assert_eq!(back.duel, g.duel);
        assert_eq!(back.actions, g.actions);
        assert!(Game::from_bytes(b"nonsense").is_err());
    }

    #[test]
    fn the_view_table_is_the_view_without_actions() {
        let mut g = Game::new("bench-yugi", "bench-kaiba", Some("mr2020"), 2, None).unwrap();
        for _ in 0..40 {
            play(&mut g, 7);
            for p in Player::BOTH {
                let mut full = g.duel.view(p);
                assert_eq!(full.actions.is_empty(), g.duel.deciding_player() != Some(p));
                full.actions.clear();
                assert_eq!(g.duel.view_table(p), full);
            }
        }
    }

    #[test]
    fn a_named_format_checks_the_decks_and_plays_its_pool() {
        // Today's vanilla decks hold cards outside the Goat list: refused, naming the format.
        let err = Game::new("vanilla-yugi", "vanilla-kaiba", Some("mr2020"), 1, Some("goat")).unwrap_err();
        assert!(err.contains("goat"), "{err}");
        assert!(Game::new("vanilla-yugi", "vanilla-kaiba", Some("mr2020"), 1, Some("no-such-format")).unwrap_err().contains("no-such-format"));
        let g = Game::new("vanilla-yugi", "vanilla-kaiba", Some("mr2020"), 1, Some("tcg")).unwrap();
        assert_eq!(g.format.as_deref(), Some("tcg"));
        assert_eq!(g.replay_file().play_format.as_deref(), Some("tcg"));
        assert!(Game::new("vanilla-yugi", "vanilla-kaiba", Some("mr9"), 1, None).unwrap_err().contains("mr9"));
        // The built-in Goat decks play goat: Expert Rule, recorded in the replay.
        let g = Game::new("goat-control", "chaos-turbo", Some("mr2020"), 1, Some("goat")).unwrap();
        assert_eq!(g.setup.edition, ygo_core::Edition::Expert);
        assert_eq!(g.replay_file().play_format.as_deref(), Some("goat"));
        assert!(Game::new("no-such-deck", "vanilla-kaiba", Some("mr2020"), 1, None).unwrap_err().contains("no-such-deck"));
    }

    #[test]
    fn two_goat_decks_play_goat_unless_told_otherwise() {
        // RULE: GOAT-8 (the 2005 versions) and GOAT-1, as every front end decides it.
        let g = Game::new("goat-control", "chaos-turbo", None, 1, None).unwrap();
        assert_eq!((g.format.as_deref(), g.setup.edition), (Some("goat"), ygo_core::Edition::Expert));
        let g = Game::new("goat-control", "chaos-turbo", Some("mr2020"), 1, None).unwrap();
        assert_eq!((g.format.as_deref(), g.setup.edition), (None, ygo_core::Edition::Mr2020), "an explicit edition wins");
        let g = Game::new("goat-control", "vanilla-kaiba", None, 1, None).unwrap();
        assert_eq!(g.format, None, "one deck is not a Goat deck");
        let g = Game::new("vanilla-yugi", "vanilla-kaiba", None, 1, None).unwrap();
        assert_eq!((g.format.as_deref(), g.setup.edition), (None, ygo_core::Edition::Mr2020));
    }
}
