//! `ygo duel`: play against a built-in AI. This is the plain line mode: it prints the
//! table as text and reads commands (the command text, or the number of a listed action)
//! from standard input, so it can be scripted.

use std::io::{BufRead, Write};

use ygo_ai::{Player as AiPlayer, RandomPlayer};
use ygo_core::view::{KnownCard, SeenCard, SideView, View};
use ygo_core::{Duel, DuelSetup, Edition, Player, Position};

use crate::decks::NamedDeck;

fn pos_text(p: Position) -> &'static str {
    match p {
        Position::FaceUpAttack => "ATK",
        Position::FaceUpDefense => "DEF",
        Position::FaceDownDefense => "SET",
        Position::FaceDownAttack => "SET-ATK",
    }
}

fn known_text(k: &KnownCard, on_field: bool) -> String {
    match (on_field, k.atk) {
        (true, Some(atk)) => format!("{} {}/{} {}", k.name, atk, k.def.map_or("-".into(), |d| d.to_string()), pos_text(k.position)),
        _ => k.name.clone(),
    }
}

fn seen_text(s: &SeenCard, on_field: bool) -> String {
    match s {
        SeenCard::Hidden { .. } => "(face-down)".into(),
        SeenCard::Known(k) => {
            let t = known_text(k, on_field);
            if on_field && !k.position.face_up() {
                format!("{t} (set)")
            } else {
                t
            }
        }
    }
}

fn side_text(label: &str, s: &SideView, out: &mut String) {
    use std::fmt::Write as _;
    let _ = writeln!(out, "{label}: LP {}  hand {}  deck {}  extra {}  gy {}  banished {}", s.lp, s.hand_count, s.deck_count, s.extra_count, s.gy.len(), s.banished.len());
    let zones = |v: &[Option<SeenCard>]| -> String {
        v.iter().enumerate().filter_map(|(i, z)| z.as_ref().map(|c| format!("[{i}] {}", seen_text(c, true)))).collect::<Vec<_>>().join("  ")
    };
    let m = zones(&s.monsters);
    let _ = writeln!(out, "  monsters: {}", if m.is_empty() { "-".into() } else { m });
    let st = zones(&s.spells);
    let _ = writeln!(out, "  spells/traps: {}", if st.is_empty() { "-".into() } else { st });
    if let Some(f) = &s.field {
        let _ = writeln!(out, "  field: {}", seen_text(f, true));
    }
    if !s.gy.is_empty() {
        let names: Vec<&str> = s.gy.iter().map(|k| k.name.as_str()).collect();
        let _ = writeln!(out, "  gy: {}", names.join(", "));
    }
    if !s.hand.is_empty() {
        let names: Vec<String> = s.hand.iter().map(|k| known_text(k, false)).collect();
        let _ = writeln!(out, "  hand: {}", names.join(", "));
    }
}

/// The table as `view.viewer` sees it, with their numbered legal actions.
pub fn render(view: &View) -> String {
    let me = view.viewer;
    let mut out = String::new();
    let step = view.step.map(|s| format!(" ({} step)", s.name())).unwrap_or_default();
    out.push_str(&format!("== turn {} ({}) {} phase{step} ==\n", view.turn, view.turn_player.name(), view.phase.name()));
    side_text(&format!("opponent {}", me.opp().name()), &view.sides[me.opp().idx()], &mut out);
    side_text(&format!("you {}", me.name()), &view.sides[me.idx()], &mut out);
    for (i, (_, text)) in view.actions.iter().enumerate() {
        out.push_str(&format!("  {:>2}. {text}\n", i + 1));
    }
    out
}

/// Options of a plain-mode duel.
pub struct DuelOptions {
    pub decks: [NamedDeck; 2],
    pub edition: Edition,
    pub seed: u64,
    pub lp: i32,
    /// The seat of the person (the other is the AI); `None`: both are people (hot-seat).
    pub human: Option<Player>,
}

/// Plays a duel in line mode. Returns the process exit code.
pub fn run_plain(opts: DuelOptions, input: &mut dyn BufRead, out: &mut dyn Write) -> anyhow::Result<i32> {
    let mut setup = DuelSetup::new(opts.decks[0].list.clone(), opts.decks[1].list.clone(), opts.seed);
    setup.edition = opts.edition;
    setup.lp = opts.lp;
    let mut d = Duel::from_setup(ygo_cards::pool(), &setup).map_err(|e| {
        anyhow::anyhow!("invalid duel setup: {}", e.iter().map(|x| x.to_string()).collect::<Vec<_>>().join("; "))
    })?;
    let mut ai = RandomPlayer::new(opts.seed ^ 0x5eed);
    let mut shown = 0usize;
    writeln!(out, "ygo duel: {} (A) vs {} (B), edition {}, seed {}", opts.decks[0].name, opts.decks[1].name, opts.edition.name(), opts.seed)?;
    writeln!(out, "type the number or the text of an action; 'q' quits")?;
    while let Some(p) = d.deciding_player() {
        let human = opts.human.is_none_or(|h| h == p);
        let viewer = if human { p } else { opts.human.unwrap_or(p) };
        for e in &d.events()[shown..] {
            let line = d.event_text_for(e, Some(viewer));
            if !line.is_empty() {
                writeln!(out, "  | {line}")?;
            }
        }
        shown = d.events().len();
        let view = d.view(p);
        if !human {
            let a = ai.decide(&view);
            d.apply(p, a).map_err(|e| anyhow::anyhow!("AI chose an illegal action: {e}"))?;
            continue;
        }
        // A decision with one answer is answered for the player (a UI convenience).
        if view.actions.len() == 1 {
            if view.actions[0].1 != "pass" {
                writeln!(out, "{}> {} (only choice)", p.name(), view.actions[0].1)?;
            }
            d.apply(p, view.actions[0].0).map_err(|e| anyhow::anyhow!("{e}"))?;
            continue;
        }
        write!(out, "{}", render(&view))?;
        loop {
            write!(out, "{}> ", p.name())?;
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                writeln!(out, "\nend of input: the duel is abandoned")?;
                return Ok(3);
            }
            let line = line.trim();
            if line == "q" || line == "quit" {
                writeln!(out, "quit: the duel is abandoned")?;
                return Ok(3);
            }
            let action = match line.parse::<usize>() {
                Ok(n) if (1..=view.actions.len()).contains(&n) => Ok(view.actions[n - 1].0),
                Ok(n) => Err(format!("no action number {n} (1-{})", view.actions.len())),
                Err(_) => d.find_action(line).map_err(|e| e.to_string()),
            };
            match action.and_then(|a| d.apply(p, a).map_err(|e| e.to_string())) {
                Ok(()) => break,
                Err(e) => writeln!(out, "rejected: {e}")?,
            }
        }
    }
    for e in &d.events()[shown..] {
        let line = d.event_text_for(e, opts.human);
        if !line.is_empty() {
            writeln!(out, "  | {line}")?;
        }
    }
    let o = d.outcome().expect("loop ends only when the duel is over");
    match o.winner {
        Some(w) => writeln!(out, "result: {} wins ({:?}) on turn {}", w.name(), o.reason, d.turn())?,
        None => writeln!(out, "result: draw ({:?}) on turn {}", o.reason, d.turn())?,
    }
    Ok(0)
}
