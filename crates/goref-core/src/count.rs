//! Stage 3, counting: verdicts under one ruleset, the reading of the end (dead stones
//! marked, claimed or estimated; the counting method and the source's convention), the
//! score and the comparison with the recorded result.

pub mod convention;
pub mod estimate;
pub mod gtp;
pub mod judge;
pub mod options;
pub mod reading;
pub mod score;
pub(crate) mod timing;

use crate::findings::Finding;
use crate::read::record::GameRecord;
use judge::{Judged, Locate};
use options::RefereeOptions;
use reading::EndReading;

/// One game refereed: its judgement and the reading of its end, two values made one
/// after the other ([`judge::judge_game`], then [`reading::read_end`]).
#[derive(Clone, Debug)]
pub struct Refereed {
    pub judged: Judged,
    pub end: EndReading,
}

impl Refereed {
    /// Every finding of the game: the judgement's, then the reading's.
    pub fn findings(&self) -> impl Iterator<Item = &Finding> {
        self.judged.findings.iter().chain(&self.end.findings)
    }
}

/// Replays and judges one game, then reads its end.
pub fn referee(record: &GameRecord, opts: &RefereeOptions) -> Refereed {
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
