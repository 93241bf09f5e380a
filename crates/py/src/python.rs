//! The Python bindings (`ygo._ygo`, re-exported by `ygo/__init__.py`). Conversions only:
//! the work is in the plain Rust modules.

use std::sync::Mutex;

use numpy::ndarray::{Array1, Array2};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArray3, PyArrayMethods, PyReadonlyArray1};
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use ygo_ai::{Budget, MctsPlayer, Observation, Player as _};
use ygo_core::Player;

use crate::encode::{self, Obs, ACTION_COLS, ACTION_ROWS, CARD_COLS, CARD_ROWS, GLOBALS};
use crate::game::{self, Game, DEFAULT_DECKS};
use crate::history::{self, CHAIN_COLS, CHAIN_ROWS, EVENT_COLS, EVENT_ROWS};
use crate::ids::{parse_player, KIND_NAMES};
use crate::vecenv::{EnvConfig, Refused, StepOut, VecEnv};

create_exception!(ygo, IllegalAction, PyValueError, "An action that is not legal now; the duel is unchanged.");
create_exception!(ygo, DuelOver, PyRuntimeError, "A step of an environment whose duel is over: reset it first.");
create_exception!(ygo, ObservationOverflow, PyRuntimeError, "More legal actions (or cards) than the observation's tables have rows.");

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The learner's seat of an environment: `"A"`/`"B"` (or `0`/`1`), or `"alternate"`
/// (also `None`): A in even duels, B in odd ones.
fn env_seat(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Player>> {
    match obj {
        None => Ok(None),
        Some(o) if o.is_none() => Ok(None),
        Some(o) if o.extract::<String>().is_ok_and(|s| s.eq_ignore_ascii_case("alternate")) => Ok(None),
        Some(o) => seat(o).map(Some).map_err(|_| value_error(format!("seat must be \"A\", \"B\" or \"alternate\", not {o}"))),
    }
}

/// A seat from `"A"`/`"B"` or `0`/`1`.
fn seat(obj: &Bound<'_, PyAny>) -> PyResult<Player> {
    let text = match obj.extract::<i64>() {
        Ok(i) => i.to_string(),
        Err(_) => obj.extract::<String>()?,
    };
    parse_player(&text).ok_or_else(|| value_error(format!("no such player {text:?} (\"A\", \"B\", 0 or 1)")))
}

fn json_to_py<'py>(py: Python<'py>, value: &impl serde::Serialize) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(value).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    py.import("json")?.call_method1("loads", (text,))
}

/// The arrays of one observation as a dict of numpy arrays.
fn obs_dict<'py>(py: Python<'py>, obs: Obs, rows: usize) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let shape = |e: numpy::ndarray::ShapeError| PyRuntimeError::new_err(e.to_string());
    d.set_item("cards", Array2::from_shape_vec((CARD_ROWS, CARD_COLS), obs.cards).map_err(shape)?.into_pyarray(py))?;
    d.set_item("globals", Array1::from_vec(obs.globals).into_pyarray(py))?;
    d.set_item("actions", Array2::from_shape_vec((rows, ACTION_COLS), obs.actions).map_err(shape)?.into_pyarray(py))?;
    d.set_item("action_mask", Array1::from_vec(obs.mask).into_pyarray(py))?;
    d.set_item("chain", Array2::from_shape_vec((CHAIN_ROWS, CHAIN_COLS), obs.chain).map_err(shape)?.into_pyarray(py))?;
    d.set_item("events", Array2::from_shape_vec((EVENT_ROWS, EVENT_COLS), obs.events).map_err(shape)?.into_pyarray(py))?;
    Ok(d)
}

/// A duel: `Duel(deck_a, deck_b, edition=None, seed=0, format=None)`. Decks are a
/// built-in name, a `.ydk` path or a `ydke://` link. With neither `edition` nor `format`,
/// two Goat decks play `goat` and any other pair Master Rule 2020.
#[pyclass(name = "Duel", module = "ygo")]
#[derive(Clone)]
pub struct PyDuel {
    game: Game,
}

#[pymethods]
impl PyDuel {
    #[new]
    #[pyo3(signature = (deck_a = DEFAULT_DECKS[0], deck_b = DEFAULT_DECKS[1], edition = None, seed = 0, format = None))]
    fn new(deck_a: &str, deck_b: &str, edition: Option<&str>, seed: u64, format: Option<&str>) -> PyResult<PyDuel> {
        Ok(PyDuel { game: Game::new(deck_a, deck_b, edition, seed, format).map_err(value_error)? })
    }

    /// The player who must decide now (`"A"`/`"B"`), `None` once the duel is over.
    #[getter]
    fn deciding(&self) -> Option<&'static str> {
        self.game.duel.deciding_player().map(|p| p.name())
    }

    #[getter]
    fn turn(&self) -> u32 {
        self.game.duel.turn()
    }

    #[getter]
    fn phase(&self) -> &'static str {
        self.game.duel.phase().name()
    }

    /// The two deck names.
    #[getter]
    fn decks(&self) -> [String; 2] {
        self.game.deck_names.clone()
    }

    /// `None` while the duel goes on; else `{"winner": "A"|"B"|None, "reason": ...}`.
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.game.duel.outcome().map(|o| json_to_py(py, &o)).transpose()
    }

    /// The legal actions as `(id, text)`: stable ids and canonical texts.
    fn legal_actions(&self) -> Vec<(u64, String)> {
        self.game.legal().into_iter().map(|(id, _, t)| (id, t)).collect()
    }

    /// Applies an action, given by id or by text, for the deciding player. Raises
    /// `IllegalAction` (the duel unchanged) for anything not legal now.
    fn apply(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let r = if let Ok(id) = action.extract::<u64>() {
            self.game.apply_id(id)
        } else if let Ok(text) = action.extract::<String>() {
            self.game.apply_text(&text)
        } else {
            return Err(IllegalAction::new_err(format!("an action is an id (int) or a text (str), not {}", action.get_type().name()?)));
        };
        r.map(|_| ()).map_err(|e| IllegalAction::new_err(e.to_string()))
    }

    /// What `player` sees: the Rust `View` as Python objects.
    fn view<'py>(&self, py: Python<'py>, player: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.game.duel.view(seat(player)?))
    }

    /// The observation arrays of `player` (default: the deciding player), as in
    /// `docs/OBSERVATION.md`. Raises `ObservationOverflow` if the legal actions do not fit
    /// `action_rows`.
    #[pyo3(signature = (player = None, action_rows = ACTION_ROWS))]
    fn observe<'py>(&self, py: Python<'py>, player: Option<&Bound<'py, PyAny>>, action_rows: usize) -> PyResult<Bound<'py, PyDict>> {
        let viewer = match player {
            Some(p) => seat(p)?,
            None => self.game.duel.deciding_player().unwrap_or(Player::A),
        };
        let (obs, r) = Game::observe(&self.game.duel, viewer, action_rows);
        r.map_err(|e| ObservationOverflow::new_err(e.to_string()))?;
        obs_dict(py, obs, action_rows)
    }

    /// An independent copy (microseconds: the duel is plain data).
    fn clone(&self) -> PyDuel {
        Clone::clone(self)
    }
    fn __copy__(&self) -> PyDuel {
        Clone::clone(self)
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyDuel {
        Clone::clone(self)
    }

    /// The whole duel (state, setup, history) as bytes; `Duel.from_bytes` reads them.
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.game.to_bytes())
    }

    #[staticmethod]
    fn from_bytes(data: &[u8]) -> PyResult<PyDuel> {
        Ok(PyDuel { game: Game::from_bytes(data).map_err(value_error)? })
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyBytes>,))> {
        Ok((py.get_type::<PyDuel>().getattr("from_bytes")?, (self.to_bytes(py),)))
    }

    /// The replay file (JSON text) of the duel so far: what `ygo replay --verify` reads.
    fn replay(&self) -> PyResult<String> {
        serde_json::to_string_pretty(&self.game.replay_file()).map_err(|e| PyRuntimeError::new_err(e.to_string()))
    }

    /// Writes the replay file to `path`.
    fn save_replay(&self, path: std::path::PathBuf) -> PyResult<()> {
        std::fs::write(&path, self.replay()?).map_err(|e| pyo3::exceptions::PyOSError::new_err(format!("{}: {e}", path.display())))
    }

    /// Plays this duel on to its end in place, seat A by the built-in AI `ai_a` and seat B
    /// by `ai_b` (`random`, `rules`, `greedy`, `mcts:N`), without the GIL: the number of
    /// decisions made. A rollout: `d.clone().play_out()` then `d.outcome`.
    #[pyo3(signature = (ai_a = "random", ai_b = "random", seed = 0))]
    fn play_out(&mut self, py: Python<'_>, ai_a: &str, ai_b: &str, seed: u64) -> PyResult<u64> {
        let duel = &mut self.game.duel;
        py.detach(|| ygo_ai::play_by_name(duel, [ai_a, ai_b], seed)).map_err(value_error)
    }

    /// A duel `player` cannot tell from this one, the hidden cards dealt again from `seed`.
    fn determinized(&self, player: &Bound<'_, PyAny>, seed: u64) -> PyResult<PyDuel> {
        let duel = self.game.duel.determinized(seat(player)?, seed);
        Ok(PyDuel { game: Game { duel, ..self.game.clone() } })
    }

    /// A duel `player` cannot tell from this one, with the history kept: the opponent's
    /// cards hidden from `player` dealt again from `seed`, every card instance where it is
    /// (for tests that what a player reads hides what it must; `determinized` drops the log).
    fn dealt_again(&self, player: &Bound<'_, PyAny>, seed: u64) -> PyResult<PyDuel> {
        let duel = game::dealt_again(&self.game.duel, seat(player)?, seed);
        Ok(PyDuel { game: Game { duel, ..self.game.clone() } })
    }

    /// The event log as text lines. `log()` is the referee's log: every card named, both
    /// hands' draws included. `log("A")` (or `"B"`, `0`, `1`) is the log that player may
    /// read: the opponent's draws, Sets and other hidden moves without the cards' names
    /// (MISC-3).
    #[pyo3(signature = (player = None))]
    fn log(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
        let viewer = player.map(seat).transpose()?;
        Ok(game::log_lines(&self.game.duel, viewer))
    }

    fn __repr__(&self) -> String {
        let d = &self.game.duel;
        format!(
            "Duel({} vs {}, turn {}, {}, LP {}/{}, {})",
            self.game.deck_names[0],
            self.game.deck_names[1],
            d.turn(),
            d.phase().name(),
            d.lp(Player::A),
            d.lp(Player::B),
            match d.outcome() {
                None => format!("{} to decide", d.deciding_player().map_or("?", |p| p.name())),
                Some(o) => format!("over: {:?}", o.winner),
            }
        )
    }
}

/// Checks a replay file (path or JSON text) against this build.
#[pyfunction]
fn verify_replay<'py>(py: Python<'py>, replay: &str) -> PyResult<Bound<'py, PyAny>> {
    let text = if replay.trim_start().starts_with('{') {
        replay.to_string()
    } else {
        std::fs::read_to_string(replay).map_err(|e| pyo3::exceptions::PyOSError::new_err(format!("{replay}: {e}")))?
    };
    json_to_py(py, &game::verify_replay(&text).map_err(value_error)?)
}

/// The Rust information-set MCTS's choice for `player` (who must be deciding) after
/// `iterations` sampled duels: the action's `(id, text)`. Runs without the GIL.
#[pyfunction]
#[pyo3(signature = (duel, player, iterations = 200, seed = 0))]
fn mcts(py: Python<'_>, duel: &PyDuel, player: &Bound<'_, PyAny>, iterations: u32, seed: u64) -> PyResult<(u64, String)> {
    let p = seat(player)?;
    let d = &duel.game.duel;
    if d.deciding_player() != Some(p) {
        return Err(value_error(format!("player {} is not deciding now", p.name())));
    }
    let a = py.detach(|| {
        let obs = Observation::new(d).expect("a player decides");
        MctsPlayer::new(seed, Budget::Iterations(iterations.max(1))).decide_observed(&obs)
    });
    let text = d.action_text(&a);
    Ok((Game::id_of(d, &a), text))
}

/// A policy network file's reading of `duel` (docs/POLICY.md), computed by the Rust
/// player's own inference: `(probs, value)`, one probability per legal action of the
/// deciding player (in `legal_actions()` order) and the value for them (-1..1). For
/// checking a trainer's export against the network it trained. A bad file raises
/// `ValueError` naming it and the problem; a finished duel, `ValueError`.
#[pyfunction]
fn policy_evaluate(py: Python<'_>, path: &str, duel: &PyDuel) -> PyResult<(Vec<f32>, f32)> {
    let policy = ygo_ai::policy::load_cached(path).map_err(value_error)?;
    let d = &duel.game.duel;
    py.detach(|| policy.evaluate_duel(d)).ok_or_else(|| value_error("the duel is over"))
}

/// The embedding index of a passcode (0 if the card is not in the pool).
#[pyfunction]
fn card_index(code: u32) -> i16 {
    encode::CardTable::shipped().index(code)
}

/// Passcodes by embedding index (`card_codes()[i]` has index `i`; 0 is "unknown"). The
/// index is stable: a card keeps it from version to version (new cards are appended).
#[pyfunction]
fn card_codes() -> Vec<u32> {
    encode::CardTable::shipped().codes().to_vec()
}

/// The card index with what an embedding may be built from: one dict per index from 1,
/// `{"index", "code", "name", "text"}`, `text` being the project's own description of the
/// card (`crates/cards/data/cards.tsv`) in the versions of `format` (today's by default).
#[pyfunction]
#[pyo3(signature = (format = None))]
fn card_catalog<'py>(py: Python<'py>, format: Option<&str>) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let pool = game::format_pool(format).map_err(value_error)?;
    let mut out = Vec::new();
    for (i, &code) in encode::CardTable::shipped().codes().iter().enumerate().skip(1) {
        let d = PyDict::new(py);
        d.set_item("index", i)?;
        d.set_item("code", code)?;
        let card = pool.get(code);
        d.set_item("name", card.map(|c| c.data.name.clone()))?;
        d.set_item("text", card.map(|c| c.data.text.clone()))?;
        out.push(d);
    }
    Ok(out)
}

/// The built-in decks: `{name: format}`, the format a deck is made for (`"goat"` for the
/// Goat decks, which play their 2005 cards) or `None` for the decks of today's cards.
#[pyfunction]
fn builtin_decks<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for deck in ygo_cards::decks::all() {
        d.set_item(deck.name, ygo_cards::decks::format_of(deck.name))?;
    }
    Ok(d)
}

/// Plays one duel of two built-in AIs to the end, without the GIL:
/// `play("goat-control", "chaos-control", "greedy", "mcts:50", seed=1)` (seat A, the first
/// deck and the first AI, goes first). Returns `{"winner": "A"|"B"|None, "reason", "turns",
/// "decisions"}`. AIs: `random`, `rules` (a fixed rule of thumb), `greedy`, `mcts`, `mcts:N`,
/// `policy`, `mcts+policy:N` (the shipped Goat network), `policy:FILE`, `mcts+policy:N:FILE`
/// (a policy network: docs/POLICY.md).
#[pyfunction]
#[pyo3(signature = (deck_a, deck_b, ai_a, ai_b, seed = 0, edition = None, format = None))]
#[allow(clippy::too_many_arguments)]
fn play<'py>(
    py: Python<'py>,
    deck_a: &str,
    deck_b: &str,
    ai_a: &str,
    ai_b: &str,
    seed: u64,
    edition: Option<&str>,
    format: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let (duel, decisions) = py.detach(|| game::play_ais([deck_a, deck_b], [ai_a, ai_b], seed, edition, format)).map_err(value_error)?;
    let d = PyDict::new(py);
    let o = duel.outcome();
    d.set_item("winner", o.and_then(|o| o.winner).map(|p| p.name()))?;
    d.set_item("reason", o.map(|o| format!("{:?}", o.reason)))?;
    d.set_item("turns", duel.turn())?;
    d.set_item("decisions", decisions)?;
    Ok(d)
}

/// A deck's cards (built-in name, `.ydk` path or `ydke://` link): `{"name", "main",
/// "extra", "side"}`, passcodes in the deck's order.
#[pyfunction]
fn deck_list<'py>(py: Python<'py>, deck: &str) -> PyResult<Bound<'py, PyDict>> {
    let d = game::load_deck(deck).map_err(value_error)?;
    let out = PyDict::new(py);
    out.set_item("name", d.name)?;
    out.set_item("main", d.list.main)?;
    out.set_item("extra", d.list.extra)?;
    out.set_item("side", d.side)?;
    Ok(out)
}

/// Random duels of every pair of built-in decks: the largest legal-action and visible-card
/// counts met (the measure behind the table sizes).
#[pyfunction]
#[pyo3(signature = (games = 10, seed = 1))]
fn table_extremes<'py>(py: Python<'py>, games: u64, seed: u64) -> PyResult<Bound<'py, PyAny>> {
    let x = py.detach(|| crate::measure::extremes(games, seed)).map_err(value_error)?;
    json_to_py(py, &x)
}

/// N duels stepped together in Rust (see `ygo.VecEnv` in Python for the documentation).
#[pyclass(name = "RawVecEnv", module = "ygo")]
struct PyVecEnv {
    env: Mutex<VecEnv>,
    rows: usize,
}

type Arrays<'py> = (
    Bound<'py, PyArray3<i16>>,
    Bound<'py, PyArray2<i32>>,
    Bound<'py, PyArray3<i16>>,
    Bound<'py, PyArray2<i8>>,
    Bound<'py, PyArray3<i16>>,
    Bound<'py, PyArray3<i16>>,
    Bound<'py, PyArray1<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<i8>>,
);

impl PyVecEnv {
    /// Fresh output arrays, filled by `f` without the GIL.
    fn run<'py>(&self, py: Python<'py>, f: impl FnOnce(&mut VecEnv, StepOut<'_>) -> Result<(), String> + Send) -> PyResult<Arrays<'py>> {
        let mut env = self.env.lock().map_err(|_| PyRuntimeError::new_err("the environment panicked earlier"))?;
        let (n, rows) = (env.len(), self.rows);
        let arrays: Arrays<'py> = (
            PyArray3::zeros(py, [n, CARD_ROWS, CARD_COLS], false),
            PyArray2::zeros(py, [n, GLOBALS], false),
            PyArray3::zeros(py, [n, rows, ACTION_COLS], false),
            PyArray2::zeros(py, [n, rows], false),
            PyArray3::zeros(py, [n, CHAIN_ROWS, CHAIN_COLS], false),
            PyArray3::zeros(py, [n, EVENT_ROWS, EVENT_COLS], false),
            PyArray1::zeros(py, n, false),
            PyArray1::from_owned_array(py, Array1::from_elem(n, false)),
            PyArray1::from_owned_array(py, Array1::from_elem(n, false)),
            PyArray1::zeros(py, n, false),
        );
        {
            let (mut c, mut g, mut a, mut m) = (arrays.0.readwrite(), arrays.1.readwrite(), arrays.2.readwrite(), arrays.3.readwrite());
            let (mut ch, mut ev) = (arrays.4.readwrite(), arrays.5.readwrite());
            let (mut r, mut te, mut tr, mut tp) = (arrays.6.readwrite(), arrays.7.readwrite(), arrays.8.readwrite(), arrays.9.readwrite());
            let slice = |e: numpy::AsSliceError| PyRuntimeError::new_err(e.to_string());
            let out = StepOut {
                cards: c.as_slice_mut().map_err(slice)?,
                globals: g.as_slice_mut().map_err(slice)?,
                actions: a.as_slice_mut().map_err(slice)?,
                mask: m.as_slice_mut().map_err(slice)?,
                chain: ch.as_slice_mut().map_err(slice)?,
                events: ev.as_slice_mut().map_err(slice)?,
                rewards: r.as_slice_mut().map_err(slice)?,
                terminated: te.as_slice_mut().map_err(slice)?,
                truncated: tr.as_slice_mut().map_err(slice)?,
                to_play: tp.as_slice_mut().map_err(slice)?,
            };
            let env: &mut VecEnv = &mut env;
            py.detach(move || f(env, out)).map_err(value_error)?;
        }
        Ok(arrays)
    }
}

#[pymethods]
impl PyVecEnv {
    #[new]
    #[pyo3(signature = (num_envs = 64, deck = DEFAULT_DECKS[0], opponent_deck = DEFAULT_DECKS[1], opponent = None, seat = None, seed = 0, threads = 1, edition = None, skip_forced = true, action_rows = ACTION_ROWS, auto_reset = true, format = None))]
    fn new(
        py: Python<'_>,
        num_envs: usize,
        deck: &str,
        opponent_deck: &str,
        opponent: Option<String>,
        seat: Option<&Bound<'_, PyAny>>,
        seed: u64,
        threads: usize,
        edition: Option<&str>,
        skip_forced: bool,
        action_rows: usize,
        auto_reset: bool,
        format: Option<String>,
    ) -> PyResult<PyVecEnv> {
        let decks = [game::load_deck(deck).map_err(value_error)?, game::load_deck(opponent_deck).map_err(value_error)?];
        let seat = env_seat(seat)?;
        if let Some(o) = &opponent {
            if let Err(e) = ygo_ai::try_by_name(o, 0) {
                return Err(value_error(format!("opponent: {e}")));
            }
        }
        let (edition, format) = game::resolve_rules([deck, opponent_deck], edition, format.as_deref()).map_err(value_error)?;
        let cfg = EnvConfig { decks, edition, format, opponent, seat, seed, skip_forced, action_rows: action_rows.max(1), auto_reset };
        let env = py.detach(|| VecEnv::new(cfg, num_envs, threads.max(1))).map_err(value_error)?;
        Ok(PyVecEnv { env: Mutex::new(env), rows: action_rows.max(1) })
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.env.lock().map(|e| e.len()).unwrap_or(0)
    }

    #[getter]
    fn action_rows(&self) -> usize {
        self.rows
    }

    /// Starts every duel again: `(cards, globals, actions, mask, chain, events, rewards, terminated, truncated, to_play)`.
    fn reset<'py>(&self, py: Python<'py>) -> PyResult<Arrays<'py>> {
        self.run(py, |env, out| env.reset(out))
    }

    /// One step: `choices[i]` is a row of duel i's action table. A masked row raises
    /// `IllegalAction` naming the duel and the row, a finished duel (without auto-reset)
    /// `DuelOver`; nothing moves then.
    fn step<'py>(&self, py: Python<'py>, choices: PyReadonlyArray1<'py, i64>) -> PyResult<Arrays<'py>> {
        let choices = choices.as_slice().map_err(|e| value_error(e.to_string()))?.to_vec();
        {
            let env = self.env.lock().map_err(|_| PyRuntimeError::new_err("the environment panicked earlier"))?;
            match env.check(&choices) {
                Ok(()) => {}
                Err(e @ Refused::Masked(_)) => return Err(IllegalAction::new_err(e.to_string())),
                Err(e @ Refused::Over(_)) => return Err(DuelOver::new_err(e.to_string())),
                Err(e @ Refused::Count(_)) => return Err(value_error(e)),
            }
        }
        self.run(py, move |env, out| env.step(&choices, out))
    }

    /// The seat (`"A"`/`"B"`) of the learner's deck in each duel now (seat A goes first).
    fn seats(&self) -> PyResult<Vec<&'static str>> {
        let env = self.env.lock().map_err(|_| PyRuntimeError::new_err("the environment panicked earlier"))?;
        Ok(env.seats().into_iter().map(|p| p.name()).collect())
    }

    /// The current legal actions of duel `i` as `(id, text)`.
    fn legal_actions(&self, i: usize) -> PyResult<Vec<(u64, String)>> {
        let env = self.env.lock().map_err(|_| PyRuntimeError::new_err("the environment panicked earlier"))?;
        let d = env.duel(i).ok_or_else(|| value_error(format!("no duel {i}")))?;
        Ok(d.legal_actions_with_text().into_iter().map(|(a, t)| (Game::id_of(d, &a), t)).collect())
    }

    /// Counts since the batch was made: steps, episodes, wins, losses, draws, overflows, decisions.
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let s = self.env.lock().map_err(|_| PyRuntimeError::new_err("the environment panicked earlier"))?.stats();
        let d = PyDict::new(py);
        for (k, v) in [
            ("steps", s.steps),
            ("episodes", s.episodes),
            ("wins", s.wins),
            ("losses", s.losses),
            ("draws", s.draws),
            ("overflows", s.overflows),
            ("decisions", s.decisions),
        ] {
            d.set_item(k, v)?;
        }
        Ok(d)
    }
}

#[pymodule]
fn _ygo(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyDuel>()?;
    m.add_class::<PyVecEnv>()?;
    m.add("IllegalAction", py.get_type::<IllegalAction>())?;
    m.add("DuelOver", py.get_type::<DuelOver>())?;
    m.add("ObservationOverflow", py.get_type::<ObservationOverflow>())?;
    for f in [
        wrap_pyfunction!(verify_replay, m)?,
        wrap_pyfunction!(mcts, m)?,
        wrap_pyfunction!(policy_evaluate, m)?,
        wrap_pyfunction!(card_index, m)?,
        wrap_pyfunction!(card_codes, m)?,
        wrap_pyfunction!(card_catalog, m)?,
        wrap_pyfunction!(builtin_decks, m)?,
        wrap_pyfunction!(deck_list, m)?,
        wrap_pyfunction!(play, m)?,
        wrap_pyfunction!(table_extremes, m)?,
    ] {
        m.add_function(f)?;
    }
    m.add("CARD_ROWS", CARD_ROWS)?;
    m.add("CARD_COLS", CARD_COLS)?;
    m.add("GLOBALS", GLOBALS)?;
    m.add("ACTION_ROWS", ACTION_ROWS)?;
    m.add("ACTION_COLS", ACTION_COLS)?;
    m.add("CARD_COLUMNS", encode::card::NAMES.to_vec())?;
    m.add("GLOBAL_NAMES", encode::global::NAMES.to_vec())?;
    m.add("ACTION_COLUMNS", encode::act::NAMES.to_vec())?;
    m.add("CHAIN_ROWS", CHAIN_ROWS)?;
    m.add("CHAIN_COLS", CHAIN_COLS)?;
    m.add("CHAIN_COLUMNS", history::ch::NAMES.to_vec())?;
    m.add("EVENT_ROWS", EVENT_ROWS)?;
    m.add("EVENT_COLS", EVENT_COLS)?;
    m.add("EVENT_COLUMNS", history::ev::NAMES.to_vec())?;
    m.add("EVENT_KINDS", history::EVENT_KINDS.to_vec())?;
    m.add("THIS_TURN_FLAGS", vec!["summoned", "attacked", "activated"])?;
    m.add("OBSERVATION_VERSION", encode::OBSERVATION_VERSION)?;
    m.add("ACTION_KINDS", KIND_NAMES.to_vec())?;
    m.add("CARD_FLAGS", encode::FLAG_BITS.iter().map(|(_, n)| *n).collect::<Vec<_>>())?;
    m.add("DEFAULT_DECKS", DEFAULT_DECKS.to_vec())?;
    m.add("ENGINE_VERSION", ygo_core::replay::ENGINE_VERSION)?;
    Ok(())
}
