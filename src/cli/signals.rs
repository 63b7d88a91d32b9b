//! Signals (the binary's side): SIGINT and SIGTERM set a batch's stop flag, and a second
//! one exits at once with status 130, for a run stuck on one file, after killing the
//! process group of every GTP engine still running (so none outlives goref). SIGHUP ends
//! goref as it always did, engines first.

use goref_batch::{StopFlag, INTERRUPTED_EXIT_CODE};
use goref_core::count::Estimator;
use signal_hook::consts::{SIGINT, SIGTERM};
use std::io;

/// Routes SIGINT and SIGTERM to `stop` (Unix and Windows console events). Call once per
/// process: every call adds handlers.
pub fn stop_on_signal(stop: &StopFlag) -> io::Result<()> {
    for signal in [SIGINT, SIGTERM] {
        let flag = stop.clone();
        // SAFETY: the handler is async-signal-safe: an atomic swap, kill(2) on the
        // engines' groups (atomics, no allocation) and _exit(2).
        unsafe {
            signal_hook::low_level::register(signal, move || {
                if flag.set_again() {
                    Estimator::kill_engines();
                    signal_hook::low_level::exit(INTERRUPTED_EXIT_CODE);
                }
            })?;
        }
    }
    exit_on_hangup()
}

/// For commands with no batch to wind down (`score`, `appeal`): SIGINT, SIGTERM and
/// SIGHUP kill every running engine's process group and exit with status 130 (129 for
/// SIGHUP) at once. Engines run in process groups of their own, out of reach of the
/// terminal's Ctrl-C, so goref must stop them itself.
pub fn exit_on_signal() -> io::Result<()> {
    for signal in [SIGINT, SIGTERM] {
        // SAFETY: async-signal-safe, as in `stop_on_signal`.
        unsafe {
            signal_hook::low_level::register(signal, || {
                Estimator::kill_engines();
                signal_hook::low_level::exit(INTERRUPTED_EXIT_CODE);
            })?;
        }
    }
    exit_on_hangup()
}

/// SIGHUP (the terminal went away) ends goref as it always did, but not before the
/// engines' process groups are killed.
fn exit_on_hangup() -> io::Result<()> {
    #[cfg(unix)]
    // SAFETY: async-signal-safe, as in `stop_on_signal`.
    unsafe {
        signal_hook::low_level::register(signal_hook::consts::SIGHUP, || {
            Estimator::kill_engines();
            signal_hook::low_level::exit(128 + signal_hook::consts::SIGHUP);
        })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use signal_hook::low_level::raise;

    /// A real SIGINT reaches the stop flag, and the first one does not exit. (The
    /// binary's unit tests install no other handlers; a second signal would exit the
    /// process with 130 by design, so only one is sent.)
    #[test]
    fn sigint_sets_the_flag_without_exiting() {
        let stop = StopFlag::new();
        stop_on_signal(&stop).unwrap();
        assert!(!stop.is_set());
        raise(SIGINT).unwrap();
        assert!(stop.is_set(), "SIGINT sets the flag");
    }
}
