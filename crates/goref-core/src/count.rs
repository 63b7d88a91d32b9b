//! Stage 3, counting: verdicts under one ruleset, the reading of the end (dead stones
//! marked, claimed or estimated; the counting method and the source's convention), the
//! score and the comparison with the recorded result.
//!
//! ```
//! use goref_core::{check_bytes, CheckOptions};
//!
//! // Black passes twice in a row: under AGA rules White owes the last pass.
//! let sgf = b"(;GM[1]SZ[5]RU[AGA]KM[0.5]RE[B+9.5];B[cc];W[];B[])";
//! let report = &check_bytes("aga.sgf", sgf, &CheckOptions::default())[0];
//! assert_eq!(report.rules().unwrap().name, "aga");
//! let codes: Vec<&str> = report.findings().iter().map(|f| f.code.as_str()).collect();
//! assert!(codes.contains(&"white-owes-pass"), "{codes:?}");
//! ```

pub(crate) mod convention;
pub(crate) mod estimate;
pub(crate) mod gtp;
pub(crate) mod judge;
pub(crate) mod neighbours;
pub(crate) mod options;
#[cfg(test)]
mod oracle_tests;
pub(crate) mod reading;
pub(crate) mod score;
pub(crate) mod timing;

pub(crate) use judge::Judged;
pub use options::Estimator;
pub(crate) use reading::EndReading;

use crate::read::record::GameRecord;
use judge::Locate;
use options::RefereeOptions;

/// One game refereed: its judgement and the reading of its end, two values made one
/// after the other ([`judge`], then [`read_end`]).
#[derive(Clone, Debug)]
pub(crate) struct Refereed {
    pub(crate) judged: Judged,
    pub(crate) end: EndReading,
}

#[cfg(test)]
impl Refereed {
    /// Every finding of the game: the judgement's, then the reading's.
    pub(crate) fn findings(&self) -> impl Iterator<Item = &crate::findings::Finding> {
        self.judged.findings.iter().chain(&self.end.findings)
    }
}

/// Replays and judges one game, then reads its end.
pub(crate) fn referee(record: &GameRecord, opts: &RefereeOptions) -> Refereed {
    referee_located(record, opts, &|pos| pos)
}

/// [`referee`], the positions of the moves' findings passed through `locate`.
pub(crate) fn referee_located(
    record: &GameRecord,
    opts: &RefereeOptions,
    locate: Locate<'_>,
) -> Refereed {
    let judged = judge::judge_game_located(record, opts, locate);
    let end = reading::read_end(record, opts, &judged);
    Refereed { judged, end }
}

/// The examples that documented crate-private items, kept as tests.
#[cfg(test)]
mod doc_examples {
    #[allow(unused_imports)]
    use super::*;

    #[test]
    fn referee_counts_the_game() {
        let sgf = b"(;SZ[5]KM[0.5]RU[Chinese]RE[B+4.5];B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de];B[];W[])";
        use crate::check::RefereeOptions;
        use crate::read::{read, ReadOptions};

        let record = &read(sgf, &ReadOptions::default()).games[0];
        let refereed = crate::count::referee(record, &RefereeOptions::default());
        assert_eq!(
            refereed.findings().count(),
            refereed.judged.findings.len() + refereed.end.findings.len()
        );
        assert_eq!(refereed.end.result.computed.as_deref(), Some("B+4.5"));
    }
}
