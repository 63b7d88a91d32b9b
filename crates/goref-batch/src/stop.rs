//! The interrupt flag: set by SIGINT/SIGTERM (the binary installs the handlers), polled
//! by the dispatcher.
//!
//! A signal handler only stores `true` in an atomic (async-signal-safe); everything
//! else — finishing started items, writing whole lines, renaming the output — happens
//! on ordinary threads.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A shareable "please stop" flag. Tests make their own; the CLI makes one and routes
/// SIGINT and SIGTERM to it.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

/// Exit status of an interrupted run (128 + SIGINT), used for SIGTERM too.
pub const INTERRUPTED_EXIT_CODE: i32 = 130;

impl StopFlag {
    /// A flag not yet set.
    pub fn new() -> Self {
        StopFlag::default()
    }

    /// Asks the run to stop (what the signal handler does).
    pub fn set(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Whether a stop was asked for.
    pub fn is_set(&self) -> bool {
        // Relaxed: polled once per dispatched item; a stop seen one item late is fine.
        self.0.load(Ordering::Relaxed)
    }

    /// Sets the flag and says whether it was set already: what a signal handler calls
    /// (an atomic swap, async-signal-safe), so that a second signal can end the process.
    pub fn set_again(&self) -> bool {
        self.0.swap(true, Ordering::SeqCst)
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
        assert!(b.set_again(), "already set");
        assert!(!StopFlag::new().set_again(), "set now");
    }
}
