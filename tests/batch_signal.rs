//! A real SIGINT reaches the stop flag. Its own test binary, so the handlers it installs
//! stay out of every other test's process. (SIGTERM is registered by the same loop; a
//! second signal here would exit the process with 130 by design, so only one is sent.)

use goref::batch::StopFlag;
use signal_hook::consts::SIGINT;
use signal_hook::low_level::raise;

#[test]
fn sigint_sets_the_flag_without_exiting() {
    let stop = StopFlag::new();
    stop.install_signal_handlers().unwrap();
    assert!(!stop.is_set());
    raise(SIGINT).unwrap();
    assert!(stop.is_set(), "SIGINT sets the flag");
}
