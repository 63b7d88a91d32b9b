//! The interrupt flag: set by SIGINT/SIGTERM, polled by the dispatcher.
//!
//! The signal handler only stores `true` in an atomic (async-signal-safe); everything
//! else — finishing started items, writing whole lines, renaming the output — happens
//! on ordinary threads. A second signal while the flag is already set exits at once
//! with status 130, for a run stuck on one file.

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
            // Registered first so it sees the flag as it was before this signal: only a
            // second signal exits.
            signal_hook::flag::register_conditional_shutdown(
                signal,
                INTERRUPTED_EXIT_CODE,
                Arc::clone(&self.0),
            )?;
            signal_hook::flag::register(signal, Arc::clone(&self.0))?;
        }
        Ok(())
    }
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
