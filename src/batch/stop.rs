//! The interrupt flag: set by SIGINT/SIGTERM, polled by the dispatcher.
//!
//! The signal handler only stores `true` in an atomic (async-signal-safe); everything
//! else — finishing started items, writing whole lines, renaming the output — happens
//! on ordinary threads. A second signal while the flag is already set exits at once
//! with status 130, for a run stuck on one file, after killing the process group of
//! every GTP engine still running (so none outlives goref).

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A shareable "please stop" flag. Tests make their own; the CLI makes one and calls
/// [`StopFlag::install_signal_handlers`] once.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

/// Exit status of an interrupted run (128 + SIGINT), used for SIGTERM too.
pub const INTERRUPTED_EXIT_CODE: i32 = 130;

impl StopFlag {
    pub fn new() -> Self {
        StopFlag::default()
    }

    /// Asks the run to stop (what the signal handler does).
    pub fn set(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    pub fn is_set(&self) -> bool {
        // Relaxed: polled once per dispatched item; a stop seen one item late is fine.
        self.0.load(Ordering::Relaxed)
    }

    /// Routes SIGINT and SIGTERM to this flag (Unix and Windows console events). Call
    /// once per process: every call adds handlers.
    pub fn install_signal_handlers(&self) -> io::Result<()> {
        use signal_hook::consts::{SIGINT, SIGTERM};
        for signal in [SIGINT, SIGTERM] {
            let flag = Arc::clone(&self.0);
            // SAFETY: the handler is async-signal-safe: an atomic swap, kill(2) on the
            // engines' groups (atomics, no allocation) and _exit(2).
            unsafe {
                signal_hook::low_level::register(signal, move || {
                    if flag.swap(true, Ordering::SeqCst) {
                        crate::count::gtp::kill_all_engines();
                        signal_hook::low_level::exit(INTERRUPTED_EXIT_CODE);
                    }
                })?;
            }
        }
        exit_on_hangup()
    }

    /// For commands with no batch to wind down (`score`, `appeal`): SIGINT, SIGTERM and
    /// SIGHUP kill every running engine's process group and exit with status 130 (129
    /// for SIGHUP) at once. Engines run in process groups of their own, out of reach
    /// of the terminal's Ctrl-C, so goref must stop them itself.
    pub fn install_exit_on_signal() -> io::Result<()> {
        use signal_hook::consts::{SIGINT, SIGTERM};
        for signal in [SIGINT, SIGTERM] {
            // SAFETY: async-signal-safe, as in `install_signal_handlers`.
            unsafe {
                signal_hook::low_level::register(signal, || {
                    crate::count::gtp::kill_all_engines();
                    signal_hook::low_level::exit(INTERRUPTED_EXIT_CODE);
                })?;
            }
        }
        exit_on_hangup()
    }
}

/// SIGHUP (the terminal went away) ends goref as it always did, but not before the
/// engines' process groups are killed.
fn exit_on_hangup() -> io::Result<()> {
    #[cfg(unix)]
    // SAFETY: async-signal-safe, as in `install_signal_handlers`.
    unsafe {
        signal_hook::low_level::register(signal_hook::consts::SIGHUP, || {
            crate::count::gtp::kill_all_engines();
            signal_hook::low_level::exit(128 + signal_hook::consts::SIGHUP);
        })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_flag() {
        let a = StopFlag::new();
        let b = a.clone();
        assert!(!b.is_set());
        a.set();
        assert!(b.is_set());
    }
}
