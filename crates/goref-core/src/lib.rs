//! goref referees Go (weiqi, baduk) game records: it replays SGF files under a chosen
//! ruleset, flags illegal moves and damaged records, counts finished games and checks the
//! recorded result.
//!
//! # Where to start
//!
//! - One file: [`check_bytes`] checks its bytes under
//!   [`CheckOptions`] and returns one [`report::GameReport`] per game, with its
//!   findings ([`report::GameReport::findings`]), the verdict on RE
//!   ([`report::GameReport::result_status`]) and score. [`report::GameReport::to_json_line`] and
//!   [`report::GameReport::to_text`] print a report as `goref check` does.
//! - Many files: the crate `goref-batch` collects inputs and runs a check over them on
//!   several threads, with bounded memory, in file order; a large file is read tree by tree
//!   ([`check::Trees`]).
//! - Rules: [`rules::Preset::ALL`] and [`rules::Rules::named`] give the rulesets;
//!   [`rules::Overrides`] changes single settings; [`check::RefereeOptions::rules`] picks one for a
//!   check.
//! - Findings: [`findings::CodeInfo::ALL`] lists every code a report can carry, with its
//!   category, severity, meaning and an example.
//! - Counting a position: [`score::AreaCount::of`] and [`score::TerritoryCount::of`] count a
//!   [`Position`] with given dead stones; [`score::Estimate::of`] judges which stones are dead.
//! - Tournaments: the crate `goref-tournament` reads a pairing program's results
//!   (OpenGotha, EGD) and checks records' reports against them.
//! - Move by move: [`replay::Engine`] plays each move as recorded and returns its
//!   [`replay::MoveFacts`]; [`replay::MoveFacts::judge`] says what one [`rules::Rules`] makes
//!   of it, [`replay::MoveFacts::also`] what every preset does.
//! - A disputed ending: [`present::appeal::Appeal::of`] lays out every stop and every reading of
//!   the rules side by side ([`present::appeal::Appeal::to_text`], `to_html`).
//! - CI: [`report::GameReport::to_sarif_results`], [`report::GameReport::to_github_lines`]
//!   and [`report::GameReport::to_junit_testcase`] print reports for code scanning,
//!   annotations and test reports.
//! - Points and colours: [`point`].
//!
//! ```
//! use goref_core::{check_bytes, CheckOptions};
//!
//! let sgf = b"(;GM[1]FF[4]SZ[9]RU[Chinese]KM[7.5]RE[W+7.5];B[ee];W[ee])";
//! let reports = check_bytes("game.sgf", sgf, &CheckOptions::default());
//! let codes: Vec<&str> = reports[0].findings().iter().map(|f| f.code.as_str()).collect();
//! assert!(codes.contains(&"occupied-point"));
//! ```
//!
//! # Inside
//!
//! The data flows one way, one folder per stage (see docs/architecture.md):
//!
//! ```text
//! bytes ──read──▶ game records ──replay──▶ positions + legality facts
//!       ──count──▶ findings + score + verdict on RE ──present──▶ reports, pages
//! ```
//!
//! Each stage is a module, and each hands the next one value: [`read`] turns bytes into
//! [`read::GameRecord`]s ([`read::read`]), every syntax problem a finding with its line and
//! column; [`replay`] plays a record's moves once, keeping the facts of every move
//! ([`replay::MoveFacts`]: what it captured, which position it repeats, whether it was
//! suicide); [`count`] judges those facts under each ruleset asked for, then reads the
//! end once per ruleset (dead stones and their basis, the counting method, komi, the count,
//! the verdict on RE); [`present`] prints those values (text, JSON, HTML, CI formats) and
//! lays out an appeal. The judgement and the reading are values, so `check`, `score`,
//! `appeal` and the HTML pages all print the same reading of a game.
//!
//! The facts of a move do not depend on the rules; any [`rules::Rules`] judges them:
//!
//! ```
//! use goref_core::point::{Color, Move, Point};
//! use goref_core::replay::Engine;
//! use goref_core::rules::Rules;
//!
//! let mut engine = Engine::new(9, 9).unwrap();
//! let at = |x, y| Move::Play(Point::new(x, y));
//! engine.play(Color::Black, at(4, 4), 1);
//! let again = engine.play(Color::White, at(4, 4), 2); // on Black's stone
//! for name in ["japanese", "chinese", "sst-ing"] {
//!     let verdict = again.judge(&Rules::named(name).unwrap()).unwrap();
//!     assert_eq!(verdict.code.as_str(), "occupied-point");
//! }
//! ```

#![warn(unnameable_types)]

pub mod check;
pub mod count;
mod error;
pub mod findings;
pub mod point;
pub mod present;
pub mod read;
pub mod replay;
pub mod rules;

pub use check::{check_bytes, CheckOptions};
pub use error::Error;
pub use replay::position::Position;

/// The report of one game and its printers. The JSON form (schema [`report::GameReport::SCHEMA`]) is
/// documented field by field in docs/report.md and docs/report.schema.json.
///
/// ```
/// let sgf = b"(;GM[1]FF[4]SZ[9]RU[AGA]KM[7.5]RE[B+R];B[ee];W[ce])";
/// let reports = goref_core::check_bytes("game.sgf", sgf, &goref_core::CheckOptions::default());
/// let report = &reports[0];
/// assert_eq!(report.moves(), 2);
/// assert_eq!(report.rules().unwrap().name, "aga");
/// let json = report.to_json_value();
/// assert_eq!(json["schema"], goref_core::report::GameReport::SCHEMA);
/// assert_eq!(json["moves"], 2);
/// assert!(report.to_json_line().starts_with("{\"schema\":"));
/// assert!(report.to_text().contains("game.sgf"));
/// ```
pub mod report {
    pub use crate::count::reading::ResultStatus;
    pub use crate::present::report::GameReport;
}

/// Counting a position: area (stones plus surrounded points) or territory (surrounded
/// points plus prisoners), the score under a ruleset, and the estimate of dead stones.
///
/// ```
/// use goref_core::point::{Color, Point};
/// use goref_core::score::{AreaCount, Estimate};
/// use goref_core::Position;
///
/// // A white stone (A4) alone in Black's area.
/// let pos = Position::from_diagram(&[
///     ". X O . .",
///     "O X O . .",
///     ". X O . .",
///     ". X O . .",
///     ". X O . .",
/// ]);
/// let as_it_stands = AreaCount::of(&pos, &[]).unwrap();
/// let area = |count: &AreaCount| (count.area(Color::Black), count.area(Color::White));
/// assert_eq!(area(&as_it_stands), (5, 16));
///
/// // With A4 (column 0, row 1 from the top) dead.
/// let dead = [Point::new(0, 1)];
/// let counted = AreaCount::of(&pos, &dead).unwrap();
/// assert_eq!(area(&counted), (10, 15));
///
/// // The estimate finds the same dead stone.
/// assert_eq!(Estimate::of(&pos).dead_stones(), dead);
/// ```
pub mod score {
    pub use crate::count::estimate::Estimate;
    pub use crate::count::score::{AreaCount, Penalties, TerritoryCount};
}
