//! Drawing the duel screen. Everything shown comes from `view(viewer)` and the viewer's
//! event log: the opponent's face-down cards are shown as face-down.

use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, List, ListItem, ListState, Paragraph, Wrap};
use ratatui::Frame;
use ygo_core::view::{SeenCard, SideView};

use super::app::{App, Mode};
use crate::duel::{chain_lines, pos_text};

/// A field zone in `w` columns: name on one line, stats on the other.
fn zone_cell(c: Option<&SeenCard>, w: usize) -> (String, String) {
    let fit = |s: &str| -> String {
        let s: String = s.chars().take(w.saturating_sub(1)).collect();
        format!("{s:<w$}")
    };
    match c {
        None => (fit("."), fit("")),
        Some(SeenCard::Hidden { position }) => (fit("(face-down)"), fit(pos_text(*position))),
        Some(SeenCard::Known(k)) => {
            let stats = match k.atk {
                Some(a) => format!("{a}/{} {}", k.def.map_or("-".into(), |d| d.to_string()), pos_text(k.position)),
                None if k.position.face_up() => String::new(),
                None => "SET".into(),
            };
            (fit(&k.name), fit(&stats))
        }
    }
}

fn zone_rows(zones: &[Option<SeenCard>], w: usize, stats: bool) -> Vec<Line<'static>> {
    let cells: Vec<(String, String)> = zones.iter().take(5).map(|z| zone_cell(z.as_ref(), w)).collect();
    let mut out = vec![Line::from(cells.iter().map(|c| c.0.clone()).collect::<String>())];
    if stats {
        out.push(Line::from(cells.iter().map(|c| c.1.clone()).collect::<String>()).dim());
    }
    out
}

fn counts(label: &str, s: &SideView) -> Line<'static> {
    Line::from(vec![
        Span::styled(format!("{label} "), Style::new().add_modifier(Modifier::BOLD)),
        Span::styled(format!("LP {}", s.lp), Style::new().add_modifier(Modifier::BOLD)),
        Span::raw(format!("  hand {}  deck {}  extra {}  GY {}  banished {}", s.hand_count, s.deck_count, s.extra_count, s.gy.len(), s.banished.len())),
    ])
}

impl App {
    /// Draws the whole screen.
    pub fn draw(&self, f: &mut Frame) {
        let view = self.view();
        let me = view.viewer;
        let area = f.area();
        let [head, field, bottom, input] =
            Layout::vertical([Constraint::Length(1), Constraint::Length(12), Constraint::Min(5), Constraint::Length(2)]).areas(area);

        let step = view.step.map(|s| format!(", {} step", s.name())).unwrap_or_default();
        let who = match view.deciding {
            Some(p) if p == me => "your decision".to_string(),
            Some(p) => format!("{} decides", p.name()),
            None => "duel over".to_string(),
        };
        f.render_widget(
            Paragraph::new(Line::from(vec![
                Span::styled(format!(" turn {} ({}) {} phase{step} ", view.turn, view.turn_player.name(), view.phase.name()), Style::new().reversed()),
                Span::raw(format!("  you are {}  -  {who}", me.name())),
            ])),
            head,
        );

        // The field: opponent on top (spells/traps, then monsters), you below.
        let w = (field.width.saturating_sub(2) as usize / 5).clamp(6, 24);
        let (opp, mine) = (&view.sides[me.opp().idx()], &view.sides[me.idx()]);
        let mut lines = vec![counts(&format!("opponent {}", me.opp().name()), opp)];
        lines.extend(zone_rows(&opp.spells, w, false));
        lines.extend(zone_rows(&opp.monsters, w, true));
        lines.push(Line::from("-".repeat(field.width.saturating_sub(2) as usize)).dim());
        lines.extend(zone_rows(&mine.monsters, w, true));
        lines.extend(zone_rows(&mine.spells, w, false));
        lines.push(counts(&format!("you {}", me.name()), mine));
        let hand: Vec<String> = mine.hand.iter().map(|k| k.name.clone()).collect();
        lines.push(Line::from(format!("hand: {}", hand.join(", "))));
        f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }).block(Block::new().borders(Borders::LEFT | Borders::RIGHT)), field);

        let [left, right] = Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(bottom);
        self.draw_actions(f, left, &view);
        self.draw_log(f, right);

        let prompt = match self.mode {
            Mode::SaveReplay => format!("save replay as: {}_", self.input),
            _ => format!("{}> {}_", me.name(), self.input),
        };
        f.render_widget(Paragraph::new(vec![Line::from(self.message.clone()).italic(), Line::from(prompt).bold()]), input);

        if let Mode::Browse { side, banished } = self.mode {
            self.draw_pile(f, area, &view.sides[side.idx()], side == me, banished);
        }
        if self.mode == Mode::ConfirmQuit {
            let r = centered(area, 30, 3);
            f.render_widget(Clear, r);
            f.render_widget(Paragraph::new("quit the duel? (y/n)").block(Block::bordered()), r);
        }
    }

    fn draw_actions(&self, f: &mut Frame, r: Rect, view: &ygo_core::View) {
        let items: Vec<ListItem> = view.actions.iter().enumerate().map(|(i, (_, t))| ListItem::new(format!("{:>2}. {t}", i + 1))).collect();
        let title = if items.is_empty() { " waiting ".to_string() } else { format!(" actions ({}) ", items.len()) };
        let list = List::new(items).block(Block::bordered().title(title)).highlight_style(Style::new().reversed());
        let mut state = ListState::default().with_selected((!view.actions.is_empty()).then_some(self.selected));
        f.render_stateful_widget(list, r, &mut state);
    }

    fn draw_log(&self, f: &mut Frame, r: Rect) {
        let chain = chain_lines(&self.session.duel);
        let chain_h = if chain.is_empty() { 0 } else { (chain.len() as u16 + 2).min(r.height / 2) };
        let [log_r, chain_r] = Layout::vertical([Constraint::Min(3), Constraint::Length(chain_h)]).areas(r);
        let h = log_r.height.saturating_sub(2) as usize;
        let lines: Vec<Line> = self.log.iter().skip(self.log.len().saturating_sub(h)).map(|l| Line::from(l.clone())).collect();
        f.render_widget(Paragraph::new(lines).block(Block::bordered().title(" log ")), log_r);
        if !chain.is_empty() {
            let lines: Vec<Line> = chain.into_iter().map(Line::from).collect();
            f.render_widget(Paragraph::new(lines).block(Block::bordered().title(" chain ")), chain_r);
        }
    }

    fn draw_pile(&self, f: &mut Frame, area: Rect, s: &SideView, mine: bool, banished: bool) {
        let names: Vec<String> = if banished {
            s.banished.iter().map(|c| crate::duel::seen_text(c, false)).collect()
        } else {
            s.gy.iter().rev().map(|k| crate::duel::known_text(k, false)).collect()
        };
        let title = format!(
            " {} {} ({}) - Left/Right side, Tab pile, any key closes ",
            if mine { "your" } else { "opponent's" },
            if banished { "banished" } else { "GY" },
            names.len()
        );
        let r = centered(area, area.width.saturating_sub(4).min(70), area.height.saturating_sub(4).min(16));
        let body: Vec<Line> = if names.is_empty() { vec![Line::from("(empty)")] } else { names.into_iter().map(Line::from).collect() };
        f.render_widget(Clear, r);
        f.render_widget(Paragraph::new(body).wrap(Wrap { trim: true }).block(Block::bordered().title(title)), r);
    }
}

fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect { x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h }
}
