//! A progress bar on stderr: files done / total, games per second, ETA, errors so far.
//!
//! Shown only when stderr is a terminal and the user did not turn it off, so logs and
//! CI output stay clean; never touches stdout, which carries the report.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// The batch progress display. Counts are kept even when nothing is drawn.
pub struct Progress {
    bar: Option<ProgressBar>,
    /// Standard output is the terminal the bar is drawn on: a report line written there
    /// must first clear the bar. Otherwise [`Progress::suspend`] touches nothing.
    shares_terminal: bool,
    games: Arc<AtomicU64>,
    errors: Arc<AtomicU64>,
}

/// Redraws per second.
const REDRAW_HZ: u8 = 4;

const TEMPLATE: &str =
    "{elapsed_precise} [{bar:30}] {pos}/{len} files  {gps} games/s  ETA {eta}  errors {errors}";

impl Progress {
    /// A bar on stderr if stderr is a terminal and `disabled` is false; otherwise a
    /// silent counter.
    pub fn for_stderr(total_files: u64, disabled: bool) -> Progress {
        if disabled || !std::io::stderr().is_terminal() {
            Progress::silent()
        } else {
            // Redrawn at a steady rate (a few times a second, and while a slow file
            // holds the count still), never once per file: thousands of small files a
            // second would otherwise flood the terminal.
            let mut progress =
                Progress::with_target(total_files, ProgressDrawTarget::stderr_with_hz(REDRAW_HZ));
            progress.shares_terminal = std::io::stdout().is_terminal();
            if let Some(bar) = &progress.bar {
                bar.enable_steady_tick(std::time::Duration::from_millis(1000 / REDRAW_HZ as u64));
            }
            progress
        }
    }

    /// Counts without drawing.
    pub fn silent() -> Progress {
        Progress {
            bar: None,
            shares_terminal: false,
            games: Arc::default(),
            errors: Arc::default(),
        }
    }

    /// A bar drawn to `target` (tests use a hidden target).
    pub fn with_target(total_files: u64, target: ProgressDrawTarget) -> Progress {
        let games: Arc<AtomicU64> = Arc::default();
        let errors: Arc<AtomicU64> = Arc::default();
        let bar = ProgressBar::with_draw_target(Some(total_files), target);
        bar.set_style(style(Arc::clone(&games), Arc::clone(&errors)));
        Progress {
            bar: Some(bar),
            shares_terminal: false,
            games,
            errors,
        }
    }

    #[cfg(test)]
    /// Whether a bar is drawn.
    pub fn is_visible(&self) -> bool {
        self.bar.is_some()
    }

    /// Records one finished file.
    pub fn file_done(&self, games: u64, errors: u64) {
        // Relaxed: only the sink thread writes; the draw reads a recent value.
        self.games.fetch_add(games, Ordering::Relaxed);
        self.errors.fetch_add(errors, Ordering::Relaxed);
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    /// Records games of a file still being checked (an archive's members, as they come),
    /// without counting the file: [`Progress::file_done`] follows when it ends.
    pub fn games_done(&self, games: u64, errors: u64) {
        self.games.fetch_add(games, Ordering::Relaxed);
        self.errors.fetch_add(errors, Ordering::Relaxed);
    }

    #[cfg(test)]
    pub fn games(&self) -> u64 {
        self.games.load(Ordering::Relaxed)
    }

    #[cfg(test)]
    pub fn errors(&self) -> u64 {
        self.errors.load(Ordering::Relaxed)
    }

    #[cfg(test)]
    /// A bar whose terminal is also standard output's (see [`Progress::suspend`]).
    pub fn sharing_terminal(mut self) -> Progress {
        self.shares_terminal = true;
        self
    }

    /// Runs `f`, which writes to standard output, with the bar hidden where the two
    /// share a terminal, so that they don't interleave. indicatif redraws the bar after
    /// every suspension, whatever its rate limit, so nothing is suspended where stdout
    /// goes elsewhere (a file, a pipe): the bar is then redrawn at its steady rate only,
    /// not once per file (18,937 frames for 18,924 files before).
    pub fn suspend<F: FnOnce() -> T, T>(&self, f: F) -> T {
        match &self.bar {
            Some(bar) if self.shares_terminal => bar.suspend(f),
            _ => f(),
        }
    }

    /// [`Progress::suspend`] for output written to a terminal: `f` goes to standard
    /// output there only when it has something to write (`writes`).
    pub fn suspend_if<F: FnOnce() -> T, T>(&self, writes: bool, f: F) -> T {
        if writes {
            self.suspend(f)
        } else {
            f()
        }
    }

    /// Removes the bar (the summary follows on stderr).
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

fn style(games: Arc<AtomicU64>, errors: Arc<AtomicU64>) -> ProgressStyle {
    let Ok(base) = ProgressStyle::with_template(TEMPLATE) else {
        return ProgressStyle::default_bar();
    };
    base.progress_chars("=> ")
        .with_key(
            "gps",
            move |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let secs = state.elapsed().as_secs_f64();
                let games = games.load(Ordering::Relaxed) as f64;
                let rate = if secs > 0.0 { games / secs } else { 0.0 };
                let _ = write!(w, "{rate:.0}");
            },
        )
        .with_key(
            "errors",
            move |_: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{}", errors.load(Ordering::Relaxed));
            },
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_whether_drawn_or_not() {
        for p in [
            Progress::silent(),
            Progress::with_target(3, ProgressDrawTarget::hidden()),
        ] {
            p.file_done(2, 0);
            p.file_done(1, 3);
            p.file_done(0, 1);
            assert_eq!((p.games(), p.errors()), (3, 4));
            assert_eq!(p.suspend(|| 5), 5);
            p.finish();
        }
        assert!(!Progress::silent().is_visible());
    }

    #[test]
    fn games_of_a_file_in_progress_count_before_the_file() {
        let p = Progress::with_target(1, ProgressDrawTarget::hidden());
        p.games_done(2, 1);
        p.games_done(3, 0);
        assert_eq!((p.games(), p.errors()), (5, 1));
        assert_eq!(p.bar.as_ref().map(ProgressBar::position), Some(0));
        p.file_done(0, 0);
        assert_eq!(p.bar.as_ref().map(ProgressBar::position), Some(1));
    }

    #[test]
    fn disabled_progress_draws_nothing() {
        assert!(!Progress::for_stderr(10, true).is_visible());
    }

    /// A terminal that counts the frames drawn on it (its flushes).
    #[derive(Debug, Default, Clone)]
    struct CountingTerm(Arc<AtomicU64>);

    impl indicatif::TermLike for CountingTerm {
        fn width(&self) -> u16 {
            100
        }
        fn move_cursor_up(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn write_line(&self, _: &str) -> std::io::Result<()> {
            Ok(())
        }
        fn write_str(&self, _: &str) -> std::io::Result<()> {
            Ok(())
        }
        fn clear_line(&self) -> std::io::Result<()> {
            Ok(())
        }
        /// Every frame ends with a flush.
        fn flush(&self) -> std::io::Result<()> {
            self.0.fetch_add(1, Ordering::Relaxed);
            Ok(())
        }
    }

    /// Frames drawn for `files` files done as fast as the loop goes, each written
    /// through `suspend` as the check's sink does.
    fn frames_for(files: u64, progress: impl Fn(ProgressDrawTarget) -> Progress) -> u64 {
        let term = CountingTerm::default();
        let target = ProgressDrawTarget::term_like_with_hz(Box::new(term.clone()), REDRAW_HZ);
        let p = progress(target);
        let started = std::time::Instant::now();
        for _ in 0..files {
            p.file_done(1, 0);
            p.suspend(|| ());
        }
        let elapsed = started.elapsed().as_secs_f64();
        let frames = term.0.load(Ordering::Relaxed);
        p.finish();
        // The rate limit allows REDRAW_HZ frames a second, plus a burst at the start.
        assert!(elapsed < 30.0);
        frames
    }

    #[test]
    fn frames_are_bounded_by_the_redraw_rate_not_the_file_count() {
        let frames = frames_for(20_000, |t| Progress::with_target(20_000, t));
        assert!(frames <= 20, "{frames} frames for 20,000 files");
        // Where stdout shares the terminal, a file with nothing to print costs no frame…
        let shared = |t| Progress::with_target(20_000, t).sharing_terminal();
        let term = CountingTerm::default();
        let p = shared(ProgressDrawTarget::term_like_with_hz(
            Box::new(term.clone()),
            REDRAW_HZ,
        ));
        for _ in 0..20_000 {
            p.file_done(1, 0);
            p.suspend_if(false, || ());
        }
        assert!(term.0.load(Ordering::Relaxed) <= 20);
        // …while one suspension per file redraws per file (what the test guards against).
        assert!(frames_for(2_000, shared) >= 2_000);
    }

    #[test]
    fn template_parses() {
        assert!(ProgressStyle::with_template(TEMPLATE).is_ok());
    }
}
