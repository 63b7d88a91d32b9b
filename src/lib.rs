//! goref referees Go (weiqi, baduk) game records.
//!
//! The data flows one way, one folder per stage (see docs/architecture.md):
//!
//! ```text
//! bytes ──read──▶ game records ──replay──▶ positions + legality facts
//!       ──count──▶ findings + score + verdict on RE ──present──▶ reports, pages
//! ```
//!
//! - [`read`]: bytes → decoded text → SGF tree → [`read::record::GameRecord`];
//! - [`replay`]: the [`replay::board`], the ruleset-independent [`replay::engine`] and the
//!   [`replay::ending`] of a game;
//! - [`count`]: the [`count::referee`] (verdicts under one [`rules::Rules`]), the
//!   [`count::reading`] of the end (dead stones marked, claimed or [`count::estimate`]d,
//!   counting method, the source's [`count::convention`]) and the [`count::score`];
//! - [`present`]: [`present::report`] (text, JSON), [`present::scorecard`],
//!   [`present::appeal`], [`present::diagram`], [`present::html`].
//!
//! [`rules`], [`findings`] and [`point`] are the vocabulary every stage shares; [`check`]
//! runs the whole pipeline on one file, and [`batch`] runs it over many.
//!
//! Where to start: [`check::check_bytes`] checks one file's bytes under
//! [`check::CheckOptions`] and returns one [`present::report::GameReport`] per game.
//!
//! ```
//! use goref::check::{check_bytes, CheckOptions};
//!
//! let sgf = b"(;GM[1]FF[4]SZ[9]RU[Chinese]KM[7.5]RE[W+7.5];B[ee];W[ee])";
//! let reports = check_bytes("game.sgf", sgf, &CheckOptions::default());
//! let codes: Vec<&str> = reports[0].findings.iter().map(|f| f.code.as_str()).collect();
//! assert!(codes.contains(&"occupied-point"));
//! ```

pub mod batch;
pub mod check;
pub mod count;
pub mod findings;
pub mod point;
pub mod present;
pub mod read;
pub mod replay;
pub mod rules;
