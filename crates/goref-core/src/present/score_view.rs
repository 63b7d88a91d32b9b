//! The score view: the part of a count that `check`'s report, `goref score`'s card and
//! each `appeal` reading show alike.

use crate::count::reading::{Basis, EndReading};
use crate::count::score::{OtherCount, Score, TerritoryCount};
use crate::point::Point;
use crate::rules::Scoring;
use serde::Serialize;

/// The score view (issue 12 requirement 6): the part of a count that `check`'s report,
/// `goref score`'s card and each `appeal` reading show alike — the stones removed and
/// why, the stones in seki, how the board was counted, its territory count and the
/// other method's result. Built once here from a reading's result; the three clients
/// flatten it into their JSON, so a field added here appears in all three.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScoreView {
    /// Dead stones removed before counting, named the client's way (SGF letters or
    /// vertices).
    pub dead: Vec<String>,
    /// `record` (TB/TW), `command-line` (`--dead`) or `estimate`; null when none removed.
    pub dead_source: Option<&'static str>,
    /// What the count rests on: `marked`, `claimed`, `estimated` or `as-is`.
    pub basis: Basis,
    /// Stones in seki (from the estimate), named as `dead`.
    pub seki: Vec<String>,
    /// The points of gaps the count closed, named as `dead`: where the dead stones are
    /// estimated and the game stopped with a boundary open, an area one colour nearly
    /// encloses is counted for it and these points of its gap for nobody
    /// (docs/scoring.md, "Gaps in a boundary"). Left out when there are none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub gaps: Vec<String>,
    /// `area` (stones plus territory) or `territory` (territory plus prisoners).
    pub counting: Scoring,
    /// The territory count, under territory counting.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub territory: Option<TerritoryCount>,
    /// The result under the other counting method, when it differs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other_count: Option<OtherCount>,
}

impl ScoreView {
    /// The view of a reading: the dead stones removed and what they rest on, the stones
    /// in seki, the counting method (the count's own when `score` is there: the board
    /// was counted) and `name`, how a point is written (SGF letters or vertices).
    pub fn new(
        dead: &[Point],
        basis: Basis,
        seki: &[Point],
        counting: Scoring,
        score: Option<&Score>,
        name: impl Fn(&Point) -> String,
    ) -> ScoreView {
        ScoreView {
            dead: dead.iter().map(&name).collect(),
            dead_source: basis.source_name().filter(|_| !dead.is_empty()),
            basis,
            seki: seki.iter().map(&name).collect(),
            gaps: score.map_or(Vec::new(), |s| s.area.gaps.iter().map(&name).collect()),
            counting: score.map_or(counting, |s| s.counting),
            territory: score.and_then(|s| s.territory),
            other_count: score.and_then(|s| s.other_count.clone()),
        }
    }

    /// The view of the referee's count `s` (`check` and `score`).
    pub(crate) fn of(r: &EndReading, s: &Score, name: impl Fn(&Point) -> String) -> ScoreView {
        ScoreView::new(&r.dead, r.result.basis, &r.seki, s.counting, Some(s), name)
    }
}

/// The examples that documented crate-private items, kept as tests.
#[cfg(test)]
mod doc_examples {
    #[allow(unused_imports)]
    use super::*;

    #[test]
    fn score_view_tells_the_count() {
        let sgf = b"(;SZ[5]KM[0.5]RU[Chinese]RE[B+4.5];B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de];B[];W[])";

        let score = crate::check::first_report(sgf).score.unwrap();
        // Nothing is marked: goref's estimate decides the dead stones, and finds none.
        assert_eq!(score.view.basis, crate::count::reading::Basis::Estimated);
        assert_eq!(score.view.counting, crate::rules::Scoring::Area);
        assert!(score.view.dead.is_empty());
    }
}
