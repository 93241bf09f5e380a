//! Drawing the duel screen. Everything shown comes from `view(viewer)`, the viewer's
//! event log and the words of `crate::words`: the opponent's face-down cards are shown as
//! set cards.
//!
//! The field is five columns, one per zone, numbered 1-5 on the line between the two
//! sides; a zone's name, stats and position are always written from its column's first
//! character (nothing is re-flowed), and a long name takes a second line or is
//! abbreviated ("Blue-Eyes W. Dragon"), never cut. Action labels and log lines are
//! wrapped, never cut.

use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, List, ListItem, ListState, Paragraph};
use ratatui::Frame;
use ygo_core::view::{SeenCard, SideView};

use super::app::{App, Mode};
use crate::duel::{chain_lines, counters_short, stats_text};
use crate::words;

/// Greedy word wrap to `width` columns; continuation lines start with `indent` spaces; a
/// word longer than a line is split.
pub fn wrap(text: &str, width: usize, indent: usize) -> Vec<String> {
    let width = width.max(indent + 2);
    let mut out: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        loop {
            let used = line.chars().count();
            let lead = if out.is_empty() { 0 } else { indent };
            let room = if used == 0 { width - lead } else { width.saturating_sub(used + 1) };
            if word.len() <= room {
                if used == 0 {
                    line = " ".repeat(lead);
                } else {
                    line.push(' ');
                }
                line.extend(word.iter());
                break;
            }
            if used > 0 && used > lead {
                out.push(std::mem::take(&mut line));
                continue;
            }
            // A word longer than a whole line: split it.
            let room = width - lead;
            line = " ".repeat(lead);
            line.extend(word[..room].iter());
            out.push(std::mem::take(&mut line));
            word.drain(..room);
            if word.is_empty() {
                break;
            }
        }
    }
    if !line.is_empty() || out.is_empty() {
        out.push(line);
    }
    out
}

/// A word shortened to its initials: "White" -> "W.", "Blue-Eyes" -> "B-E.".
fn initial(word: &str) -> String {
    let parts: Vec<String> = word.split('-').filter_map(|p| p.chars().next()).map(|c| c.to_string()).collect();
    format!("{}.", parts.join("-"))
}

/// A card name in at most `lines` lines of `width` columns: wrapped at spaces, and if that
/// is not enough, middle words abbreviated from the right ("Blue-Eyes W. Dragon"), then the
/// first; only a name that still does not fit is shortened, with a final ".".
pub fn fit_name(name: &str, width: usize, lines: usize) -> Vec<String> {
    let fits = |s: &str| {
        let w = wrap(s, width, 0);
        (w.len() <= lines && w.iter().all(|l| l.chars().count() <= width)).then_some(w)
    };
    if let Some(w) = fits(name) {
        return w;
    }
    let mut ws: Vec<String> = name.split_whitespace().map(str::to_string).collect();
    let n = ws.len();
    let order: Vec<usize> = (1..n.saturating_sub(1)).rev().chain(std::iter::once(0).filter(|_| n > 1)).collect();
    for i in order {
        if ws[i].chars().count() > 2 {
            ws[i] = initial(&ws[i]);
            if let Some(w) = fits(&ws.join(" ")) {
                return w;
            }
        }
    }
    let mut w = wrap(&ws.join(" "), width, 0);
    w.truncate(lines.max(1));
    if let Some(last) = w.last_mut() {
        if last.chars().count() >= width {
            *last = last.chars().take(width.saturating_sub(1)).collect::<String>() + ".";
        }
    }
    w
}

/// The lines of one row of five zones, each cell `w` columns wide: the name (one or two
/// lines, the same for the whole row), then the stats/state line.
fn zone_row(zones: &[Option<SeenCard>], w: usize, monsters: bool) -> Vec<Line<'static>> {
    let cells: Vec<Option<&SeenCard>> = (0..5).map(|i| zones.get(i).and_then(|z| z.as_ref())).collect();
    let text_w = w.saturating_sub(1).max(1);
    let names: Vec<Vec<String>> = cells
        .iter()
        .map(|c| match c {
            None => vec![".".to_string()],
            Some(SeenCard::Hidden { .. }) => vec!["(set)".to_string()],
            Some(SeenCard::Known(k)) => fit_name(&k.name, text_w, 2),
        })
        .collect();
    let states: Vec<String> = cells
        .iter()
        .map(|c| match c {
            None => String::new(),
            Some(SeenCard::Hidden { .. }) if monsters => "SET".into(),
            Some(SeenCard::Hidden { .. }) => String::new(),
            Some(SeenCard::Known(k)) if monsters => stats_text(k),
            Some(SeenCard::Known(k)) if k.position.face_up() => "face-up".into(),
            Some(SeenCard::Known(_)) => "set".into(),
        })
        .collect();
    // Counters on a card are public: a line of their own under the stats when any.
    let counters: Vec<String> = cells.iter().map(|c| if let Some(SeenCard::Known(k)) = c { counters_short(k) } else { String::new() }).collect();
    let name_lines = names.iter().map(Vec::len).max().unwrap_or(1);
    let pad = |s: &str| format!("{:<w$}", s.chars().take(text_w).collect::<String>());
    let mut out = Vec::new();
    for l in 0..name_lines {
        let row: String = names.iter().map(|n| pad(n.get(l).map_or("", String::as_str))).collect();
        out.push(Line::from(row));
    }
    if states.iter().any(|s| !s.is_empty()) {
        out.push(Line::from(states.iter().map(|s| pad(s)).collect::<String>()).dim());
    }
    if counters.iter().any(|s| !s.is_empty()) {
        out.push(Line::from(counters.iter().map(|s| pad(s)).collect::<String>()));
    }
    out
}

/// The places beside the five columns, when used: Field Zone, Pendulum Zones, Extra
/// Monster Zones.
fn side_extras(s: &SideView) -> Option<Line<'static>> {
    let name = |c: &SeenCard| match c {
        SeenCard::Hidden { .. } => "(set)".to_string(),
        SeenCard::Known(k) => {
            let st = stats_text(k);
            if st.is_empty() {
                k.name.clone()
            } else {
                format!("{} {st}", k.name)
            }
        }
    };
    let mut parts = Vec::new();
    if let Some(f) = &s.field {
        parts.push(format!("Field Zone: {}", name(f)));
    }
    for (i, side) in ["left", "right"].iter().enumerate() {
        if let Some(Some(c)) = s.pendulum.get(i) {
            parts.push(format!("{side} Pendulum Zone: {}", name(c)));
        }
        if let Some(Some(c)) = s.monsters.get(5 + i) {
            parts.push(format!("{side} Extra Monster Zone: {}", name(c)));
        }
    }
    (!parts.is_empty()).then(|| Line::from(parts.join(" · ")))
}

fn counts(label: &str, s: &SideView) -> Line<'static> {
    Line::from(vec![
        Span::styled(format!("{label}  LP {}", s.lp), Style::new().add_modifier(Modifier::BOLD)),
        Span::raw(format!("  hand {}  deck {}  extra {}  GY {}  banished {}", s.hand_count, s.deck_count, s.extra_count, s.gy.len(), s.banished.len())),
    ])
}

impl App {
    /// Draws the whole screen.
    pub fn draw(&self, f: &mut Frame) {
        let view = self.view();
        let me = view.viewer;
        let area = f.area();
        let width = area.width as usize;
        let w = (width / 5).clamp(6, 28);

        // The field: opponent on top (counts, spells/traps, monsters), you below.
        let (opp, mine) = (&view.sides[me.opp().idx()], &view.sides[me.idx()]);
        let mut field: Vec<Line> = vec![counts(&format!("{} (opponent)", me.opp().name()), opp)];
        // The opponent's hand cards revealed to the person and not moved since (MISC-7).
        if !opp.known_hand.is_empty() {
            let known: Vec<&str> = opp.known_hand.iter().map(|(_, k)| k.name.as_str()).collect();
            field.extend(wrap(&format!("known in {}'s hand: {}", me.opp().name(), known.join(" · ")), width, 6).into_iter().take(2).map(Line::from));
        }
        field.extend(side_extras(opp));
        field.extend(zone_row(&opp.spells, w, false));
        field.extend(zone_row(&opp.monsters, w, true));
        let divider: String = (0..5).map(|i| format!("{:-<w$}", i + 1)).collect();
        field.push(Line::from(format!("{divider:-<width$}")).dim());
        field.extend(zone_row(&mine.monsters, w, true));
        field.extend(zone_row(&mine.spells, w, false));
        field.extend(side_extras(mine));
        field.push(counts(&format!("{} (you)", me.name()), mine));
        let hand: Vec<&str> = mine.hand.iter().map(|k| k.name.as_str()).collect();
        let hand = if hand.is_empty() { "hand: (empty)".to_string() } else { format!("hand: {}", hand.join(" · ")) };
        field.extend(wrap(&hand, width, 6).into_iter().take(3).map(Line::from));

        // The message (the question, a rejection, a confirmation) wraps to up to 3 lines.
        let message = if self.message.is_empty() { self.question() } else { self.message.clone() };
        let message = wrap(&message, width, 2);
        let msg_h = message.len().clamp(1, 3) as u16;
        let field_h = (field.len() as u16).min(area.height.saturating_sub(5 + msg_h));
        let [head, field_r, bottom, msg_r, input_r] =
            Layout::vertical([Constraint::Length(1), Constraint::Length(field_h), Constraint::Min(3), Constraint::Length(msg_h), Constraint::Length(1)])
                .areas(area);

        let step = words::phase_step_words(view.phase, view.step);
        let who = match view.deciding {
            Some(p) if p == me => "your decision".to_string(),
            Some(p) => format!("{} decides", p.name()),
            None => "duel over".to_string(),
        };
        let seed = if self.fresh_seed { format!("seed {} (fresh)", self.seed) } else { format!("seed {}", self.seed) };
        let turn = format!(" turn {} ({}) {step} ", view.turn, view.turn_player.name());
        // The AI and its budget, as long as the line has room ("vs mcts (200 iterations a
        // decision)", else "vs mcts 200").
        let ai = self.session.ai_name.as_deref().map(crate::duel::ai_words);
        let short_ai = self.session.ai_name.as_deref().map(crate::duel::ai_short);
        let rest = [ai, short_ai, None]
            .into_iter()
            .map(|ai| match ai {
                Some(ai) => format!("  you are {}: {who} · vs {ai} · {seed}", me.name()),
                None => format!("  you are {}: {who}  ·  {seed}", me.name()),
            })
            .find(|r| turn.chars().count() + r.chars().count() <= width)
            .unwrap_or_else(|| format!("  you are {}: {who}  ·  {seed}", me.name()));
        f.render_widget(Paragraph::new(Line::from(vec![Span::styled(turn, Style::new().reversed()), Span::raw(rest)])), head);
        f.render_widget(Paragraph::new(field), field_r);

        let [left, right] = Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(bottom);
        self.draw_actions(f, left, &view);
        self.draw_log(f, right);
        self.draw_alerts(f, right);

        let msg_style = if matches!(self.mode, Mode::Confirm { .. }) { Style::new().bold().reversed() } else { Style::new().italic() };
        let message: Vec<Line> = message.into_iter().map(|l| Line::from(Span::styled(l, msg_style))).collect();
        f.render_widget(Paragraph::new(message), msg_r);
        let prompt = match self.mode {
            Mode::SaveReplay => Line::from(format!("save replay as: {}_", self.input)).bold(),
            _ => Line::from(vec![
                Span::styled(format!("{}> {}_", me.name(), self.input), Style::new().bold()),
                Span::styled("  number, Enter: act · u: undo · v: cards · o: turn · PgUp: log · q: quit", Style::new().dim()),
            ]),
        };
        f.render_widget(Paragraph::new(prompt), input_r);

        match &self.mode {
            Mode::Inspect { .. } => self.draw_inspector(f, area),
            Mode::Summary => self.draw_summary(f, bottom),
            Mode::ConfirmQuit => {
                let r = centered(area, 30, 3);
                f.render_widget(Clear, r);
                f.render_widget(Paragraph::new("quit the duel? (y/n)").block(Block::bordered()), r);
            }
            _ => {}
        }
    }

    fn draw_actions(&self, f: &mut Frame, r: Rect, view: &ygo_core::View) {
        let inner_w = r.width.saturating_sub(1) as usize;
        let listed = words::actions_in_words(&self.session.duel, view);
        let items: Vec<ListItem> = listed
            .iter()
            .zip(crate::duel::action_numbers(&self.session.duel, view))
            .map(|((_, _, w), n)| {
                let lines: Vec<Line> = wrap(w, inner_w.saturating_sub(4), 0)
                    .into_iter()
                    .enumerate()
                    .map(|(l, text)| Line::from(if l == 0 { format!("{n:>2}. {text}") } else { format!("    {text}") }))
                    .collect();
                ListItem::new(lines)
            })
            .collect();
        let rows: usize = items.iter().map(ListItem::height).sum();
        let room = r.height.saturating_sub(1) as usize;
        let title = match (items.len(), rows > room) {
            (0, _) => " waiting ".to_string(),
            (n, true) => format!(" actions ({n}; Up/Down for more) "),
            (n, false) => format!(" actions ({n}) "),
        };
        let list = List::new(items).block(Block::new().borders(Borders::TOP | Borders::RIGHT).title(title)).highlight_style(Style::new().reversed());
        let mut state = ListState::default().with_selected(self.selected);
        f.render_stateful_widget(list, r, &mut state);
    }

    fn draw_log(&self, f: &mut Frame, r: Rect) {
        let chain = chain_lines(&self.session.duel);
        let chain_h = if chain.is_empty() { 0 } else { (chain.len() as u16 + 1).min(r.height / 2) };
        let [chain_r, log_r] = Layout::vertical([Constraint::Length(chain_h), Constraint::Min(2)]).areas(r);
        if !chain.is_empty() {
            let lines: Vec<Line> = chain.into_iter().map(|l| Line::from(l).bold()).collect();
            f.render_widget(Paragraph::new(lines).block(Block::new().borders(Borders::TOP).title(" chain (link 1 first) ")), chain_r);
        }
        let width = log_r.width as usize;
        let rows = log_r.height.saturating_sub(1) as usize;
        self.log_rows.set(rows);
        let mut lines: Vec<Line> = Vec::new();
        for e in &self.log {
            let style = if e.text.starts_with("-- turn") {
                Style::new().reversed()
            } else if e.text.contains("> ") {
                Style::new().bold()
            } else if e.notable {
                Style::new()
            } else {
                Style::new().dim()
            };
            lines.extend(wrap(&e.text, width, 2).into_iter().map(|l| Line::from(Span::styled(l, style))));
        }
        let max_scroll = lines.len().saturating_sub(rows);
        self.log_max.set(max_scroll);
        let scroll = self.log_scroll.min(max_scroll);
        let end = lines.len() - scroll;
        let shown: Vec<Line> = lines[end.saturating_sub(rows)..end].to_vec();
        let title = if scroll > 0 { format!(" log ({scroll} below: PgDn/End) ") } else { " log (PgUp: earlier) ".to_string() };
        f.render_widget(Paragraph::new(shown).block(Block::new().borders(Borders::TOP).title(title)), log_r);
    }

    /// The opponent's activations since the person last read them, each with its targets,
    /// in a box over the log until Enter or Esc (with nothing chosen) closes it.
    fn draw_alerts(&self, f: &mut Frame, r: Rect) {
        if self.alerts.is_empty() || self.mode == Mode::Summary {
            return;
        }
        let width = r.width.saturating_sub(2) as usize;
        let mut lines: Vec<String> = self.alerts.iter().flat_map(|l| wrap(&format!("* {l}"), width, 2)).collect();
        let rows = (r.height as usize).saturating_sub(2).max(1);
        // The newest lines when there are more than fit.
        if lines.len() > rows {
            lines.drain(..lines.len() - rows);
        }
        let h = (lines.len() as u16 + 2).min(r.height);
        let area = Rect { x: r.x, y: r.y, width: r.width, height: h };
        let who = self.view().viewer.opp().name();
        let body: Vec<Line> = lines.into_iter().map(|l| Line::from(l).bold()).collect();
        f.render_widget(Clear, area);
        f.render_widget(Paragraph::new(body).block(Block::bordered().title(format!(" {who} acted -- Enter: read "))), area);
    }

    fn draw_summary(&self, f: &mut Frame, r: Rect) {
        let Some(s) = &self.summary else { return };
        let width = r.width.saturating_sub(2) as usize;
        let lines: Vec<String> = s.lines.iter().flat_map(|l| wrap(&format!("* {l}"), width, 2)).collect();
        let rows = r.height.saturating_sub(2) as usize;
        let scroll = self.summary_scroll.min(lines.len().saturating_sub(rows));
        let more = if lines.len() > scroll + rows { " · Down: more" } else { "" };
        let title = format!(" {} -- Enter closes{more} ", s.title);
        let body: Vec<Line> = lines.iter().skip(scroll).take(rows).map(|l| Line::from(l.clone())).collect();
        f.render_widget(Clear, r);
        f.render_widget(Paragraph::new(body).block(Block::bordered().title(title).border_style(Style::new().bold())), r);
    }

    fn draw_inspector(&self, f: &mut Frame, area: Rect) {
        let (cards, i) = self.inspected();
        let r = centered(area, area.width.saturating_sub(2).min(110), area.height.saturating_sub(2));
        f.render_widget(Clear, r);
        let block = Block::bordered().title(" read cards: Up/Down choose, Tab next place (Shift-Tab back), Esc closes ");
        let inner = block.inner(r);
        f.render_widget(block, r);
        if cards.is_empty() {
            f.render_widget(Paragraph::new("no card you can read yet"), inner);
            return;
        }
        let list_w = (inner.width / 5 * 2).clamp(10, 40);
        let [list_r, text_r] = Layout::horizontal([Constraint::Length(list_w), Constraint::Min(10)]).areas(inner);
        let iw = list_w.saturating_sub(1) as usize;
        // One place at a time (the hand, a zone row, each GY, each banished pile), named
        // above its cards with how many there are.
        let place = &cards[i].place;
        let here: Vec<usize> = (0..cards.len()).filter(|&j| &cards[j].place == place).collect();
        let items: Vec<ListItem> =
            here.iter().map(|&j| ListItem::new(wrap(&cards[j].card.name, iw, 2).into_iter().map(Line::from).collect::<Vec<_>>())).collect();
        let title = format!("{place} ({})", here.len());
        let mut state = ListState::default().with_selected(here.iter().position(|&j| j == i));
        f.render_stateful_widget(
            List::new(items).highlight_style(Style::new().reversed()).block(Block::new().borders(Borders::RIGHT | Borders::TOP).title(title)),
            list_r,
            &mut state,
        );
        let tw = text_r.width.saturating_sub(1) as usize;
        let mut lines: Vec<Line> = Vec::new();
        for (n, l) in self.session.card_details(&cards[i]).iter().enumerate() {
            let style = if n == 0 { Style::new().bold() } else { Style::new() };
            lines.extend(wrap(l, tw, 0).into_iter().map(|x| Line::from(Span::styled(format!(" {x}"), style))));
        }
        f.render_widget(Paragraph::new(lines), text_r);
    }
}

fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect { x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h }
}
