//! The full-screen duel screen (`ygo duel` in a terminal): ratatui + crossterm.
//!
//! [`App`] is the whole screen state and is driven by key events, so tests play it on
//! ratatui's `TestBackend` (see `tests`); [`run`] is the terminal loop around it.

mod app;
mod draw;

pub use app::{App, Mode};

use std::io;
use std::time::Duration;

use ratatui::crossterm::event::{self, Event, KeyEventKind};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::prelude::CrosstermBackend;
use ratatui::Terminal;

use crate::duel::{DuelOptions, Session};

/// Plays a duel full-screen. Returns the exit code (0 finished, 3 abandoned).
pub fn run(opts: DuelOptions) -> anyhow::Result<i32> {
    let session = Session::new(&opts)?;
    let mut app = App::new(session, opts.seed);
    enable_raw_mode()?;
    let mut out = io::stdout();
    execute!(out, EnterAlternateScreen)?;
    let mut terminal = Terminal::new(CrosstermBackend::new(out))?;
    let result = (|| -> anyhow::Result<()> {
        loop {
            app.step_ai();
            terminal.draw(|f| app.draw(f))?;
            if app.quit {
                return Ok(());
            }
            if !event::poll(Duration::from_millis(250))? {
                continue;
            }
            match event::read()? {
                Event::Key(k) if k.kind != KeyEventKind::Release => app.on_key(k),
                Event::Resize(..) => terminal.autoresize()?,
                _ => {}
            }
        }
    })();
    disable_raw_mode()?;
    execute!(terminal.backend_mut(), LeaveAlternateScreen)?;
    terminal.show_cursor()?;
    result?;
    if let Some(r) = app.session.result_line() {
        println!("{r}");
    }
    if let Some(saved) = &app.saved {
        println!("replay saved to {saved}");
    }
    Ok(if app.session.duel.is_over() { 0 } else { 3 })
}

#[cfg(test)]
mod tests;
