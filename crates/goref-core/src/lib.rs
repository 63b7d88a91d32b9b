//! goref referees Go (weiqi, baduk) game records: it replays SGF files under a chosen
//! ruleset, flags illegal moves and damaged records, counts finished games and checks the
//! recorded result.
//!
//! # Where to start
//!
//! - One file: [`check_bytes`] (or [`check_path`]) checks its bytes under
//!   [`CheckOptions`] and returns one [`report::GameReport`] per game, with its
//!   [`findings`], [`report::ResultCheck`] and score. [`report::GameReport::to_json_line`] and
//!   [`report::GameReport::to_text`] print a report as `goref check` does.
//! - Many files: the crate `goref-batch` collects inputs and runs a check over them on
//!   several threads, with bounded memory, in file order; a large file is read tree by tree
//!   ([`check::Trees`]).
//! - Rules: [`rules::PRESETS`] and [`rules::Rules::named`] give the rulesets;
//!   [`rules::Overrides`] changes single settings; [`check::RulesChoice`] picks one for a
//!   check.
//! - Findings: [`findings::REGISTRY`] lists every code a report can carry, with its
//!   category, severity, meaning and an example.
//! - Counting a position: [`score::AreaCount::of`] and [`score::TerritoryCount::of`] count a
//!   [`Position`] with given dead stones; [`score::Estimate::of`] judges which stones are dead.
//! - Tournaments: the crate `goref-tournament` reads a pairing program's results
//!   (OpenGotha, EGD) and checks records' reports against them.
//! - Move by move: [`replay::Engine`] plays each move as recorded and returns its
//!   [`replay::MoveFacts`]; [`replay::MoveFacts::judge`] says what one [`rules::Rules`] makes
//!   of it, [`replay::MoveFacts::also`] what every preset does.
//! - A disputed ending: [`present::appeal::appeal`] lays out every stop and every reading of
//!   the rules side by side ([`present::appeal::Appeal::to_text`], `to_html`).
//! - CI: [`present::ci::Sarif`], [`present::ci::Github`] and [`present::ci::Junit`] print
//!   reports for code scanning, annotations and test reports.
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
//! Each stage is a module, with the values it hands on:
//!
//! - [`read`]: bytes → [`read::GameRecord`]s ([`read::read`]), every syntax problem a
//!   finding with its line and column;
//! - [`replay`]: a record's moves on the board once ([`replay::replay`] → [`replay::Replay`]),
//!   or move by move on an [`replay::Engine`], whose [`replay::MoveFacts`] any
//!   [`rules::Rules`] judges ([`replay::MoveFacts::judge`]);
//! - [`count`]: the replay judged under one ruleset ([`count::judge`] → [`count::Judged`]),
//!   then its end read ([`count::read_end`] → [`count::EndReading`]: dead stones, the count,
//!   the verdict on RE); [`count::referee`] does both;
//! - [`present`]: the appeal of a disputed ending ([`present::appeal`]), the HTML pages, the
//!   CI formats and the text printers over those values.
//!
//! ```
//! use goref_core::check::RefereeOptions;
//! use goref_core::{count, read, replay};
//!
//! let sgf = b"(;GM[1]FF[4]SZ[9]RU[Japanese]KM[6.5]RE[W+R];B[ee];W[ee];B[dc])";
//! let record = &read::read(sgf, &read::ReadOptions::default()).games[0];
//! // One replay, judged under two rulesets.
//! let opts = |name: &str| RefereeOptions {
//!     rules: goref_core::check::RulesChoice::Named(name.into()),
//!     ..RefereeOptions::default()
//! };
//! let mut keep = count::keep_for(record, &opts("japanese"));
//! keep.add_all(&count::keep_for(record, &opts("chinese")));
//! let once = replay::replay(record, &keep);
//! for name in ["japanese", "chinese"] {
//!     let judged = count::judge(record, &once, &opts(name));
//!     assert!(judged.findings.iter().any(|f| f.code.as_str() == "occupied-point"));
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

pub use check::{check_bytes, check_path, CheckOptions};
pub use error::Error;
pub use replay::position::Position;

/// The report of one game and its printers. The JSON form (schema [`report::GameReport::SCHEMA`]) is
/// documented field by field in docs/report.md and docs/report.schema.json.
///
/// ```
/// let sgf = b"(;GM[1]FF[4]SZ[9]RU[AGA]KM[7.5]RE[B+R];B[ee];W[ce])";
/// let reports = goref_core::check_bytes("game.sgf", sgf, &goref_core::CheckOptions::default());
/// let report = &reports[0];
/// assert_eq!(report.schema, goref_core::report::GameReport::SCHEMA);
/// assert_eq!(report.moves(), 2);
/// assert_eq!(report.rules.as_ref().unwrap().settings.name, "aga");
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
/// use goref_core::point::Point;
/// use goref_core::score::{parse_points, AreaCount, Estimate};
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
/// assert_eq!((as_it_stands.black.area, as_it_stands.white.area), (5, 16));
///
/// // Dead stones are SGF points (`ab` is A4 on this board).
/// let dead = parse_points("ab", 5, 5).unwrap();
/// let counted = AreaCount::of(&pos, &dead).unwrap();
/// assert_eq!((counted.black.area, counted.white.area), (10, 15));
///
/// // The estimate finds the same dead stone.
/// assert_eq!(Estimate::of(&pos).dead_stones(), vec![Point::new(0, 1)]);
/// ```
pub mod score {
    pub use crate::count::estimate::Estimate;
    pub use crate::count::score::{AreaCount, Penalties, TerritoryCount};
}
