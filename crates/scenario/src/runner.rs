//! Playing the `[[do]]` steps against a duel (the "Decisions" section of `SCENARIOS.md`):
//! the runner answers single-action decisions and zone choices by itself, every other
//! decision must be the next step's.

use ygo_core::action::Rejected;
use ygo_core::Prompt;
use ygo_core::{Action, Duel, Player};

use super::parse::{is_phase_command, option_number, split_selection, Step};

/// Decisions the runner may answer by itself in one run (the engine has its own bounds;
/// this only keeps a runner bug from spinning).
const AUTO_BOUND: usize = 100_000;
/// Decisions one phase command (`end turn`, ...) may take.
const PHASE_BOUND: usize = 64;

/// Why a step did not go through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepError {
    /// The step is illegal now (no matching legal action, not this player's decision,
    /// the duel is over): what `error = true` expects, if it happened at the step's own
    /// decision ([`Rejection::at`]).
    Rejected(Rejection),
    /// The file is wrong in a way that is not a rule (an ambiguous name, a phase command
    /// that ran into the other player's real choice): always a failure.
    Fail(String),
}

/// A rejected step, and the decision it was rejected at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    pub message: String,
    /// Who was deciding when the step was rejected (`None`: the duel was over).
    pub decider: Option<Player>,
    /// What they were deciding ([`prompt_kind`]).
    pub prompt: &'static str,
    /// Decisions the step had already made when it was rejected (`choose X, Y`: 1 if `Y`
    /// was refused after `X` was picked).
    pub within: u64,
    /// The step's command could answer a decision of that kind ([`command_fits`]).
    pub fits: bool,
}

impl Rejection {
    /// "A's priority", "B's 2nd decision of the step (a selection)": where it was refused.
    pub fn at(&self) -> String {
        let who = match self.decider {
            Some(p) => format!("{}'s", p.name()),
            None => return "the end of the duel".into(),
        };
        match self.within {
            0 => format!("{who} {}", self.prompt),
            n => format!("{who} {} (decision {} of the step)", self.prompt, n + 1),
        }
    }
}

impl StepError {
    pub fn message(&self) -> &str {
        match self {
            StepError::Rejected(r) => &r.message,
            StepError::Fail(m) => m,
        }
    }
    fn rejected(message: impl Into<String>) -> StepError {
        StepError::Rejected(Rejection { message: message.into(), decider: None, prompt: "nothing", within: 0, fits: true })
    }
}

/// What kind of decision `duel` asks now, in words.
pub fn prompt_kind(duel: &Duel) -> &'static str {
    match duel.prompt() {
        Prompt::Window { .. } => "priority",
        Prompt::Select { .. } => "selection",
        Prompt::Zone { .. } => "zone choice",
        Prompt::Position { .. } => "position choice",
        Prompt::YesNo { .. } => "yes/no question",
        Prompt::Trigger { .. } => "triggered effects",
        Prompt::Announce { .. } => "declaration",
        Prompt::Over => "nothing",
    }
}

/// Can a command of this form answer a decision of this kind at all? A step rejected at a
/// decision it could not answer (a `choose` at a position, because the runner answered a
/// one-card selection by itself) was rejected at another decision than the file meant.
pub fn command_fits(command: &str, prompt: &Prompt) -> bool {
    let c = command.trim();
    let verb = |v: &str| c == v || c.starts_with(&format!("{v} "));
    match prompt {
        Prompt::Window { .. } => !(verb("choose") || verb("target") || verb("zone") || verb("position") || verb("announce") || c == "yes" || c == "no"),
        Prompt::Trigger { .. } => verb("activate") || c == "pass",
        Prompt::Select { .. } => verb("choose") || verb("target") || c == "done" || c == "pass",
        Prompt::Zone { .. } => verb("zone"),
        Prompt::Position { .. } => verb("position"),
        Prompt::YesNo { .. } => c == "yes" || c == "no" || c == "pass" || verb("activate"),
        Prompt::Announce { .. } => verb("announce") || verb("option"),
        Prompt::Over => true,
    }
}

/// Where playing stopped.
#[derive(Clone, Debug)]
pub struct Played {
    /// Steps that went through.
    pub steps_done: usize,
    /// The step that did not (its index), with why. The duel is as it was before it.
    pub stopped: Option<(usize, StepError)>,
    /// The runner's own bound was reached.
    pub bound: bool,
    /// The decisions the runner answered by itself: (steps done at that moment, who, what).
    pub forced: Vec<(usize, Player, String)>,
}

/// Plays every step, answering forced decisions; stops at the first step that does not go
/// through, or once no step is left and a player has a real choice (or the duel is over).
pub fn play(duel: &mut Duel, steps: &[Step]) -> Played {
    let mut i = 0;
    let mut autos = 0;
    let mut forced: Vec<(usize, Player, String)> = Vec::new();
    // The next step's refusal at a forced decision of its own player, if it met one.
    let mut own: Option<Rejection> = None;
    let done =
        |i: usize, stopped: Option<(usize, StepError)>, bound: bool, forced: Vec<(usize, Player, String)>| Played { steps_done: i, stopped, bound, forced };
    loop {
        if autos > AUTO_BOUND {
            return done(i, None, true, forced);
        }
        let next = steps.get(i);
        let Some(p) = duel.deciding_player() else {
            if next.is_some() {
                let why = match duel.outcome() {
                    Some(o) => match o.winner {
                        Some(w) => format!("the duel is over: {} won ({:?})", w.name(), o.reason),
                        None => format!("the duel is over: a draw ({:?})", o.reason),
                    },
                    None => "the duel is over".to_string(),
                };
                return done(i, Some((i, StepError::rejected(why))), false, forced);
            }
            return done(i, None, false, forced);
        };
        if let Some(a) = auto_answer(duel, p, next) {
            // A forced decision of the next step's player: the step is tried there first, so
            // a command the rules refuse is refused at its player's own decision.
            if let Some(step) = next.filter(|s| s.player == p && !matches!(duel.prompt(), Prompt::Zone { .. })) {
                let mut trial = duel.clone();
                match exec_step(&mut trial, step) {
                    Ok(()) => {
                        *duel = trial;
                        i += 1;
                        own = None;
                        continue;
                    }
                    Err(StepError::Rejected(mut r)) if !own.as_ref().is_some_and(|o| o.fits) => {
                        (r.decider, r.prompt, r.within) = (Some(p), prompt_kind(duel), 0);
                        r.fits = command_fits(&step.command, duel.prompt());
                        if r.fits || own.is_none() {
                            own = Some(r);
                        }
                    }
                    Err(_) => {}
                }
            }
            forced.push((i, p, duel.action_text(&a)));
            if forced.len() > 64 {
                forced.remove(0);
            }
            if duel.apply(p, a).is_err() {
                // Cannot happen: `a` comes from this state's legal actions.
                let e = StepError::Fail(format!("the engine refused its own action {a:?}"));
                return done(i, Some((i, e)), false, forced);
            }
            autos += 1;
            continue;
        }
        let Some(step) = next else {
            return done(i, None, false, forced);
        };
        let snapshot = duel.clone();
        let before = duel.decisions();
        match exec_step(duel, step) {
            Ok(()) => {
                i += 1;
                own = None;
            }
            Err(mut e) => {
                if let StepError::Rejected(r) = &mut e {
                    (r.decider, r.prompt, r.within) = (duel.deciding_player(), prompt_kind(duel), duel.decisions() - before);
                    // A step answering some of its decisions fits the first of them.
                    r.fits = command_fits(&step.command, snapshot.prompt());
                    // Refused at another player's decision, or at one it cannot answer, after
                    // being refused at a forced decision of its own player that it could
                    // answer: that refusal is the step's.
                    if r.decider != Some(step.player) || !r.fits {
                        if let Some(o) = own.take().filter(|o| o.fits) {
                            *r = o;
                        }
                    }
                }
                *duel = snapshot;
                return done(i, Some((i, e)), false, forced);
            }
        }
    }
}

/// The decision the runner answers by itself, if this is one (see `SCENARIOS.md`).
fn auto_answer(duel: &Duel, p: Player, next: Option<&Step>) -> Option<Action> {
    let mine = next.filter(|s| s.player == p);
    if let Prompt::Zone { zones, .. } = duel.prompt() {
        if mine.is_some_and(|s| s.command.trim().starts_with("zone ")) {
            return None;
        }
        return zones.iter().min().map(|&z| Action::Zone(z));
    }
    let legal = duel.legal_actions();
    if legal.len() != 1 {
        return None;
    }
    if mine.is_some_and(|s| first_action(duel, &s.command) == Some(legal[0])) {
        return None; // the step spells this answer out
    }
    Some(legal[0])
}

/// The action the first decision of a command names, if it names exactly one.
fn first_action(duel: &Duel, command: &str) -> Option<Action> {
    if option_number(command).is_some() {
        return option_action(duel, command).ok();
    }
    match split_selection(command) {
        Some((verb, items)) => duel.find_action(&format!("{verb} {}", items.first()?)).ok(),
        None => duel.find_action(command).ok(),
    }
}

fn rejection(e: Rejected) -> StepError {
    match e {
        Rejected::Ambiguous { command, candidates } => {
            StepError::Fail(format!("{command:?} is ambiguous: it matches {}; add the place (X@hand, X@B.monsters#2)", candidates.join(" | ")))
        }
        other => StepError::rejected(other.to_string()),
    }
}

/// Plays one step; on error the caller restores the duel.
fn exec_step(duel: &mut Duel, step: &Step) -> Result<(), StepError> {
    let p = step.player;
    let command = step.command.trim();
    match duel.deciding_player() {
        None => return Err(StepError::rejected("the duel is over")),
        Some(d) if d != p => {
            return Err(StepError::rejected(format!("{} = {command:?} but {} must decide", p.name(), d.name())));
        }
        Some(_) => {}
    }
    if let Some((verb, items)) = split_selection(command) {
        return exec_selection(duel, p, verb, &items);
    }
    if is_phase_command(command) {
        return exec_phase(duel, p, command);
    }
    let a = if option_number(command).is_some() { option_action(duel, command)? } else { duel.find_action(command).map_err(rejection)? };
    duel.apply(p, a).map(|_| ()).map_err(|e| StepError::rejected(e.to_string()))
}

/// `option N` (SCENARIOS.md): at a choice among an effect's options ("choose 1 of these
/// effects", its ATK or its DEF), the Nth in the card text's order; refused at any other
/// decision, or when the effect does not offer that option now.
fn option_action(duel: &Duel, command: &str) -> Result<Action, StepError> {
    let n = option_number(command).ok_or_else(|| StepError::rejected(format!("{command:?}: option N counts from 1")))?;
    match duel.prompt() {
        Prompt::Announce { kind: ygo_core::AnnounceKind::Effect, options, .. } => {
            if options.contains(&n) {
                Ok(Action::Announce(n))
            } else {
                let offered: Vec<String> = options.iter().map(|o| o.to_string()).collect();
                Err(StepError::rejected(format!("{command:?}: the effect offers option(s) {} now", offered.join(", "))))
            }
        }
        _ => Err(StepError::rejected(format!("{command:?} answers a choice among an effect's options; the decision now is a {}", prompt_kind(duel)))),
    }
}

/// `choose X, Y`: exactly these cards, however the engine splits the selection.
fn exec_selection(duel: &mut Duel, p: Player, verb: &str, items: &[String]) -> Result<(), StepError> {
    for (k, item) in items.iter().enumerate() {
        if k > 0 && (duel.deciding_player() != Some(p) || !matches!(duel.prompt(), Prompt::Select { picked, .. } if !picked.is_empty())) {
            return Err(StepError::rejected(format!("the selection was complete before {item:?}: it takes fewer cards than {:?}", items.join(", "))));
        }
        let cmd = format!("{verb} {item}");
        let a = match duel.find_action(&cmd) {
            Ok(a) => a,
            // Identical cards named as often as there are candidates: any order will do.
            Err(Rejected::Ambiguous { candidates, .. }) if items[k..].iter().filter(|x| *x == item).count() >= candidates.len() => {
                let legal = duel.legal_actions_with_text();
                match legal.iter().find(|(_, t)| candidates.first() == Some(t)) {
                    Some((a, _)) => *a,
                    None => return Err(StepError::Fail(format!("{cmd:?} is ambiguous"))),
                }
            }
            Err(e) => return Err(rejection(e)),
        };
        duel.apply(p, a).map_err(|e| StepError::rejected(e.to_string()))?;
    }
    // The same selection still open: finish it with exactly these cards.
    if duel.deciding_player() == Some(p) {
        if let Prompt::Select { picked, .. } = duel.prompt() {
            if !picked.is_empty() {
                if duel.legal_actions().contains(&Action::Done) {
                    duel.apply(p, Action::Done).map_err(|e| StepError::rejected(e.to_string()))?;
                } else {
                    return Err(StepError::rejected(format!("the selection needs more cards than {:?}", items.join(", "))));
                }
            }
        }
    }
    Ok(())
}

/// `end turn`, `end phase`, `battle phase`, `main phase 2`: passes priority as needed
/// until the command itself is legal, then applies it. The other player's forced answers
/// are given on the way; a real choice of theirs, or the turn ending first, stops it.
fn exec_phase(duel: &mut Duel, p: Player, command: &str) -> Result<(), StepError> {
    let (target, advancing): (Action, &[Action]) = match command {
        "end turn" => (Action::EndTurn, &[Action::ToEnd, Action::Pass]),
        "end phase" => (Action::ToEnd, &[Action::ToEnd, Action::Pass]),
        "battle phase" => (Action::ToBattle, &[Action::Pass]),
        _ => (Action::ToMain2, &[Action::ToBattle, Action::Pass]),
    };
    let turn = duel.turn();
    for n in 0..PHASE_BOUND {
        let Some(d) = duel.deciding_player() else {
            return Err(StepError::rejected(format!("the duel ended before {command:?} was possible")));
        };
        if duel.turn() != turn {
            return Err(StepError::rejected(format!("the turn ended before {command:?} was possible")));
        }
        let legal = duel.legal_actions();
        if d != p {
            let forced = match duel.prompt() {
                Prompt::Zone { zones, .. } => zones.iter().min().map(|&z| Action::Zone(z)),
                _ if legal.len() == 1 => Some(legal[0]),
                _ => None,
            };
            match forced {
                Some(a) => {
                    duel.apply(d, a).map_err(|e| StepError::Fail(e.to_string()))?;
                    continue;
                }
                None => {
                    return Err(StepError::Fail(format!(
                        "{} = {command:?}: on the way {} has a real choice; spell it out (e.g. {} = \"pass\") before this step",
                        p.name(),
                        d.name(),
                        d.name()
                    )))
                }
            }
        }
        if legal.contains(&target) {
            return duel.apply(p, target).map(|_| ()).map_err(|e| StepError::rejected(e.to_string()));
        }
        let step = advancing.iter().find(|a| legal.contains(a)).copied().or_else(|| {
            // A forced answer of the commanding player's own (not a priority window).
            (legal.len() == 1 && !matches!(duel.prompt(), Prompt::Window { .. })).then(|| legal[0])
        });
        match step {
            Some(a) => {
                duel.apply(p, a).map_err(|e| StepError::Fail(e.to_string()))?;
            }
            None if n == 0 => return Err(StepError::rejected(Rejected::NoMatch { command: command.to_string() }.to_string())),
            None => return Err(StepError::rejected(format!("{command:?} is not possible: stuck with {} to decide", p.name()))),
        }
    }
    Err(StepError::Fail(format!("{command:?} took more than {PHASE_BOUND} decisions")))
}
