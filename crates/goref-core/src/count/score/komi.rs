//! Komi and penalty points: the komi in force and where it came from, and the penalty
//! points of `--penalty` or the clock.

use crate::count::score::serialize_points;
use crate::point::Color;
use crate::read::record::ValueSource;
use crate::rules::Rules;
use serde::Serialize;
use std::str::FromStr;

/// The komi used and where it came from: command line > record KM > rules default.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Komi {
    #[serde(serialize_with = "serialize_points")]
    pub value: f64,
    pub source: ValueSource,
}

impl Komi {
    /// Chooses the komi by precedence; a non-finite value is ignored as if absent.
    pub fn choose(
        command_line: Option<f64>,
        record: Option<f64>,
        rules: &Rules,
        handicap: u32,
    ) -> Komi {
        let finite = |k: Option<f64>| k.filter(|v| v.is_finite());
        if let Some(value) = finite(command_line) {
            Komi {
                value,
                source: ValueSource::CommandLine,
            }
        } else if let Some(value) = finite(record) {
            Komi {
                value,
                source: ValueSource::Record,
            }
        } else {
            Komi {
                value: rules.komi_for(handicap),
                source: ValueSource::Rules,
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Penalty points (`--penalty B=2,W=4`)

/// Penalty points charged to each side; they come off that side's score.
///
/// ```
/// use goref_core::score::Penalties;
///
/// let p: Penalties = "B=2,W=1".parse().unwrap();
/// assert_eq!((p.black, p.white), (2, 1));
/// assert!("B=-1".parse::<Penalties>().is_err());
/// assert!("B=1,black=2".parse::<Penalties>().is_err()); // given twice
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Penalties {
    #[serde(rename = "B")]
    pub black: u32,
    #[serde(rename = "W")]
    pub white: u32,
}

impl Penalties {
    /// The penalty points of one colour.
    pub fn of(self, color: Color) -> u32 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }
}

/// A bad `--penalty` value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum PenaltyError {
    #[error("`{0}` is not of the form B=POINTS or W=POINTS (e.g. `B=2,W=4`)")]
    Malformed(String),
    #[error("`{0}` is not a colour; use B or W")]
    UnknownColour(String),
    #[error("`{0}` is not a whole number of points from 0 to {MAX_PENALTY}")]
    BadPoints(String),
    #[error("penalty points for {0} are given twice")]
    Repeated(Color),
}

/// The most penalty points one side may be given: more than a 52×52 board holds.
pub(crate) const MAX_PENALTY: u32 = 10_000;

impl FromStr for Penalties {
    type Err = crate::Error;

    fn from_str(text: &str) -> Result<Penalties, crate::Error> {
        Ok(parse_penalties(text)?)
    }
}

/// `B=2,W=4` (also `black:2`, either order, each colour at most once).
fn parse_penalties(text: &str) -> Result<Penalties, PenaltyError> {
    let mut out = Penalties::default();
    let mut given = [false; 2];
    for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (colour, points) = item
            .split_once('=')
            .or_else(|| item.split_once(':'))
            .ok_or_else(|| PenaltyError::Malformed(item.to_string()))?;
        let color = match colour.trim().to_ascii_lowercase().as_str() {
            "b" | "black" => Color::Black,
            "w" | "white" => Color::White,
            other => return Err(PenaltyError::UnknownColour(other.to_string())),
        };
        let points: u32 = points
            .trim()
            .parse()
            .ok()
            .filter(|&p| p <= MAX_PENALTY)
            .ok_or_else(|| PenaltyError::BadPoints(points.trim().to_string()))?;
        if given[color.index()] {
            return Err(PenaltyError::Repeated(color));
        }
        given[color.index()] = true;
        match color {
            Color::Black => out.black = points,
            Color::White => out.white = points,
        }
    }
    Ok(out)
}

// ---------------------------------------------------------------------------
// Fill-in counting (§3.1–3.2)

/// The examples that documented crate-private items, kept as tests.
#[cfg(test)]
mod doc_examples {
    #[allow(unused_imports)]
    use super::*;

    #[test]
    fn komi_and_its_source() {
        use crate::read::record::ValueSource;
        use crate::{check_bytes, CheckOptions};

        let report = &check_bytes("k.sgf", b"(;SZ[9]KM[6.5];B[ee])", &CheckOptions::default())[0];
        let komi = report.komi.as_ref().unwrap();
        assert_eq!((komi.value, komi.source), (6.5, ValueSource::Record));
    }
}
