//! What the caller sets for one check: how the rules are chosen and changed, komi and
//! penalties from the command line, claimed dead stones, and who estimates the dead
//! stones nobody marked. Both the judgement (`referee`) and the reading of the end
//! (`reading`) take these options; neither owns them.

use crate::count::estimate::Estimate;
use crate::count::gtp::{kill_all_engines, EngineSpec};
use crate::count::score::Penalties;
use crate::point::Point;
use crate::rules::Overrides;
use std::time::Duration;

/// Everything the caller can set for one check ([`crate::CheckOptions::referee`]).
///
/// How the rules are chosen:
///
/// ```
/// use goref_core::{check_bytes, CheckOptions};
///
/// let sgf = b"(;SZ[9]RU[Japanese];B[ee])";
/// let rules_of = |rules: Option<&str>| {
///     let mut opts = CheckOptions::default();
///     opts.referee.rules = rules.map(String::from);
///     check_bytes("game.sgf", sgf, &opts)[0].rules().unwrap().name.clone()
/// };
/// assert_eq!(rules_of(None), "japanese"); // from RU
/// assert_eq!(rules_of(Some("auto")), "japanese");
/// assert_eq!(rules_of(Some("aga")), "aga");
/// assert_eq!(rules_of(Some("EGF")), "simplified-ing"); // an alias
/// ```
///
/// Dead stones claimed, or none estimated:
///
/// ```
/// use goref_core::check::RefereeOptions;
/// use goref_core::count::Estimator;
/// use goref_core::point::Point;
/// use goref_core::{check_bytes, CheckOptions};
///
/// // The same ending counted with the stone a referee names dead, and as it stands.
/// let sgf = b"(;SZ[5]KM[0.5]RU[Chinese];B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de];W[aa];B[];W[])";
/// let counted = |referee: RefereeOptions| {
///     let opts = CheckOptions { referee, ..CheckOptions::default() };
///     check_bytes("game.sgf", sgf, &opts)[0].computed_result().map(String::from)
/// };
/// let claimed = RefereeOptions { dead: Some(vec![Point::new(0, 0)]), ..RefereeOptions::default() };
/// assert_eq!(counted(claimed).as_deref(), Some("B+4.5"));
/// let as_is = RefereeOptions { estimator: Estimator::None, ..RefereeOptions::default() };
/// assert_eq!(counted(as_is).as_deref(), Some("W+6.5"));
/// ```
#[derive(Clone, Debug, Default)]
pub struct RefereeOptions {
    /// `--rules`: a preset by name or alias ([`crate::rules::Preset::named`]); `None` or
    /// `auto`: from the record's RU (spec §7.1 alias table).
    pub rules: Option<String>,
    pub overrides: Overrides,
    /// `--komi`: replaces the record's KM and the rules' default.
    pub komi: Option<f64>,
    /// `--penalty B=2,W=4`: replaces penalties derived from the clock.
    pub penalties: Option<Penalties>,
    /// Derive penalty points from TM and BL/WL even when OT does not name Ing overtime.
    pub ing_overtime: bool,
    /// `--dead POINTS`: stones claimed dead, used where the rules allow an agreement.
    pub dead: Option<Vec<Point>>,
    /// Count the board even when nothing needs the count (`goref score`, `goref appeal`).
    pub count_as_is: bool,
    /// Who judges dead stones that nobody marked or claimed.
    pub estimator: Estimator,
    /// Estimated strings below this confidence may not decide a mismatch
    /// (default 0.8).
    pub min_confidence: Option<f32>,
}

impl RefereeOptions {
    pub(crate) fn min_confidence(&self) -> f32 {
        self.min_confidence.unwrap_or(MIN_CONFIDENCE)
    }
}

/// Who judges the dead stones nobody marked or claimed.
///
/// ```
/// use goref_core::count::Estimator;
/// use goref_core::{check_bytes, CheckOptions};
///
/// // A lone white stone in Black's area at the end.
/// let sgf = b"(;SZ[5]KM[0.5]RU[Chinese]RE[B+4.5];B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de];W[aa];B[];W[])";
/// let score = |estimator| {
///     let mut opts = CheckOptions::default();
///     opts.referee.estimator = estimator;
///     check_bytes("game.sgf", sgf, &opts)[0].to_json_value()["score"].clone()
/// };
/// let estimated = score(Estimator::Builtin);
/// assert_eq!((estimated["basis"].as_str(), estimated["dead"][0].as_str()), (Some("estimated"), Some("aa")));
/// let as_it_stands = score(Estimator::None);
/// assert_eq!(as_it_stands["basis"], "as-is");
/// assert!(as_it_stands["dead"].as_array().unwrap().is_empty());
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Estimator {
    /// goref's own estimate ([`crate::score::Estimate::of`]).
    #[default]
    Builtin,
    /// goref's own estimate with light playouts reading out the strings the static
    /// reading is unsure of ([`crate::score::Estimate::with_playouts`]): a second look at a
    /// position, about ten times slower over a whole archive (`--estimator playouts`).
    Playouts,
    /// No estimate: the position counts as it stands (`--estimator none`, `--dead none`).
    None,
    /// An engine that speaks GTP and answers `final_status_list` (`--estimator gtp
    /// --engine COMMAND`); [`Estimator::gtp`] gives it the default times.
    Gtp {
        /// The command line, split on whitespace (no shell): `gnugo --mode gtp`.
        command: String,
        /// The longest goref waits for one answer.
        timeout: Duration,
        /// The longest one position may take, every command and answer together.
        game_timeout: Duration,
    },
    /// An estimate the caller made for the scored position (a library user's own judge).
    Given(Box<Estimate>),
}

impl Estimator {
    /// A minute per position: a 19×19 position is a few hundred `play` commands and two
    /// questions, ample for any engine that answers as it should.
    pub const DEFAULT_GAME_TIMEOUT: Duration = EngineSpec::DEFAULT_GAME_TIMEOUT;

    /// The GTP engine run as `command` (split on whitespace), with the default times: 20
    /// seconds an answer, [`Estimator::DEFAULT_GAME_TIMEOUT`] a position.
    ///
    /// ```
    /// use goref_core::count::Estimator;
    ///
    /// let Estimator::Gtp { command, game_timeout, .. } = Estimator::gtp("gnugo --mode gtp") else {
    ///     unreachable!()
    /// };
    /// assert_eq!((command.as_str(), game_timeout), ("gnugo --mode gtp", Estimator::DEFAULT_GAME_TIMEOUT));
    /// ```
    pub fn gtp(command: impl Into<String>) -> Estimator {
        Estimator::Gtp {
            command: command.into(),
            timeout: EngineSpec::DEFAULT_TIMEOUT,
            game_timeout: EngineSpec::DEFAULT_GAME_TIMEOUT,
        }
    }

    /// Kills the process group of every GTP engine still running. Safe to call from a
    /// signal handler (the batch's second-signal exit calls it, so no engine outlives
    /// goref).
    pub fn kill_engines() {
        kill_all_engines()
    }
}

/// A string whose status below this confidence may not decide the winner on its own.
pub const MIN_CONFIDENCE: f32 = 0.8;

#[cfg(test)]
mod tests {
    use super::*;

    /// `Estimator::gtp` gives the engine the default times, a minute a position.
    #[test]
    fn a_gtp_engine_gets_the_default_times() {
        let Estimator::Gtp {
            command,
            timeout,
            game_timeout,
        } = Estimator::gtp("gnugo --mode gtp --level 1")
        else {
            panic!("a GTP estimator");
        };
        assert_eq!(command, "gnugo --mode gtp --level 1");
        assert_eq!(timeout, Duration::from_secs(20));
        assert_eq!(game_timeout, Duration::from_secs(60));
        assert_eq!(Estimator::DEFAULT_GAME_TIMEOUT, game_timeout);
    }
}
