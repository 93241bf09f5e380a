//! The full-screen duel screen (`ygo duel` in a terminal): ratatui + crossterm.
//!
//! [`App`] is the whole screen state and is driven by key and mouse events, so tests play
//! it on ratatui's `TestBackend` (see `tests`); [`run`] is the terminal loop around it.

mod app;
mod draw;

pub use app::{App, Mode, Summary};
pub use draw::{fit_name, wrap};

use std::io;
use std::time::Duration;

use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::prelude::CrosstermBackend;
use ratatui::Terminal;

use crate::duel::{DuelOptions, Session};

/// Plays a duel full-screen. Returns the exit code (0 finished, 3 abandoned, 2 when the
/// replay asked for with `--save-replay` could not be written).
pub fn run(opts: DuelOptions) -> anyhow::Result<i32> {
    let session = Session::new(&opts)?;
    let intro = crate::duel::intro_line(&opts, &session);
    let mut app = App::new(session, opts.seed, opts.fresh_seed, opts.save_replay.clone());
    enable_raw_mode()?;
    let mut out = io::stdout();
    execute!(out, EnterAlternateScreen, EnableMouseCapture)?;
    let mut terminal = Terminal::new(CrosstermBackend::new(out))?;
    let result = (|| -> anyhow::Result<()> {
        loop {
            app.step_ai();
            if app.new_decision() {
                // Keys typed before this decision is on screen were meant for the screen
                // before (typed while the AI thought): dropped, before it is drawn.
                while event::poll(Duration::ZERO)? {
                    if let Event::Resize(..) = event::read()? {
                        terminal.autoresize()?;
                    }
                }
            }
            terminal.draw(|f| app.draw(f))?;
            if app.quit {
                return Ok(());
            }
            if !event::poll(Duration::from_millis(250))? {
                continue;
            }
            match event::read()? {
                Event::Key(k) if k.kind != KeyEventKind::Release => app.on_key(k),
                Event::Mouse(m) => app.on_mouse(m.kind),
                Event::Resize(..) => terminal.autoresize()?,
                _ => {}
            }
        }
    })();
    disable_raw_mode()?;
    execute!(terminal.backend_mut(), DisableMouseCapture, LeaveAlternateScreen)?;
    terminal.show_cursor()?;
    result?;
    println!("{intro}");
    if let Some(r) = app.session.result_line() {
        println!("{r}");
    }
    let mut code = if app.session.duel.is_over() { 0 } else { 3 };
    if let Some(path) = app.unsaved_path() {
        // A duel quit early with --save-replay: its replay is saved as the line mode does.
        match crate::duel::save_replay(path, &app.session.replay_file()) {
            Ok(()) => app.saved = Some(path.display().to_string()),
            Err(e) => {
                eprintln!("ygo: the replay was not saved: {e:#}");
                code = 2;
            }
        }
    }
    if let Some(saved) = &app.saved {
        println!("replay saved to {saved}");
    }
    Ok(code)
}

#[cfg(test)]
mod tests;
