//! How a reading counts: the counting method and komi (`method`, the rules or the
//! source's convention), and the count of a position with given dead stones (`count`).

use super::dead::Basis;
use crate::count::convention::{self, Detected, KomiReading};
use crate::count::judge::Judged;
use crate::count::score::{self, Komi, Penalties, PointListError, Score, ScoreSettings};
use crate::point::{Color, Point};
use crate::read::record::GameRecord;
use crate::read::record::ValueSource;
use crate::replay::position::Position;
use crate::rules::{HandicapCompensation, Rules, RulesSource, Scoring};

/// How the board is counted and with which komi, and why.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Method {
    pub counting: Scoring,
    pub komi: Komi,
    /// The handicap compensation of the source's convention, where it differs from the
    /// rules' own.
    pub handicap_compensation: Option<HandicapCompensation>,
    /// The source convention the count follows (src/count/convention.rs), if any.
    pub convention: Option<Detected>,
    pub reason: String,
}

/// The one place where a reading's counting method and komi are decided. They follow the
/// rules and the komi chosen by precedence, unless the record carries the evidence of a
/// source's convention (how that server or engine really counted its RE,
/// src/count/convention.rs) and the user has named neither the rules nor the komi.
pub(crate) fn method(
    record: &GameRecord,
    rules: &Rules,
    komi: Komi,
    follow_source: bool,
) -> Method {
    let by_rules = Method {
        counting: rules.scoring,
        komi,
        handicap_compensation: None,
        convention: None,
        reason: format!("{} rules count {}", rules.name, rules.scoring.as_str()),
    };
    if !follow_source {
        return by_rules;
    }
    let Some(detected) = convention::detect(record) else {
        return by_rules;
    };
    let reading = convention::reading_for(Some(&detected), record, rules);
    let counting = reading.counting;
    let komi = match (komi.source, reading.komi) {
        (ValueSource::CommandLine, _)
        | (_, KomiReading::Record | KomiReading::RecordOrNoneInHandicap) => komi,
        // `reading_for` resolves `FixedInEvenGames` per record: to `Record` in a handicap game.
        (_, KomiReading::Fixed(value) | KomiReading::FixedInEvenGames(value)) => Komi {
            value,
            source: ValueSource::Convention,
        },
    };
    Method {
        counting,
        komi,
        handicap_compensation: Some(reading.handicap_compensation)
            .filter(|&h| h != rules.handicap_compensation),
        reason: format!(
            "counted as the source counts (convention `{}`: {})",
            detected.convention.id, detected.evidence
        ),
        convention: Some(detected),
    }
}

/// Everything a count needs besides the position and the dead stones.
#[derive(Clone, Debug)]
pub(crate) struct CountContext<'a> {
    pub rules: &'a Rules,
    pub method: Method,
    pub handicap: u32,
    pub penalties: Penalties,
    pub lost_on_time: Option<Color>,
    /// Stones captured during play by Black and by White (territory counting).
    pub captures: [u32; 2],
    /// Finish the boundaries before a territory count (fill the dame, make the teire), as a
    /// counter does where nobody marked the territory (`score::teire_points`).
    pub finish_boundaries: bool,
    /// The record ends in two passes: the players stopped the game themselves, and a
    /// boundary they left open stays open.
    pub ends_in_passes: bool,
}

impl<'a> CountContext<'a> {
    /// The context of a refereed game under `rules` (its own rules or a reading's),
    /// with the method decided for them.
    pub(crate) fn of(record: &GameRecord, rules: &'a Rules, r: &Judged) -> CountContext<'a> {
        CountContext {
            rules,
            // The source's convention explains the record's own RE; a reading under other
            // rules (appeal), or rules the user named, counts the way those rules say.
            method: method(
                record,
                rules,
                r.komi,
                r.selection.source != RulesSource::CommandLine && *rules == r.selection.rules,
            ),
            handicap: r.handicap,
            penalties: r.penalties,
            lost_on_time: r.time.as_ref().and_then(|t| t.lost_on_time),
            captures: r.scored_captures,
            finish_boundaries: false,
            ends_in_passes: super::dead::ends_in_two_passes(record),
        }
    }

    /// Finishes the boundaries where the dead stones are estimated: nobody marked the
    /// territory, so the counter fills the dame and makes the teire, as Japanese practice
    /// does before counting (a record that stops before the end, as Fox records do, needs it
    /// most). Marked or claimed dead stones, and a count as it stands, are left as they are.
    pub fn finishing(mut self, basis: Basis) -> Self {
        self.finish_boundaries = basis == Basis::Estimated;
        self
    }

    /// Close the gaps the game left in boundaries (`score::nearly_enclosed_by`): where the
    /// boundaries are finished and the record stops before the players did (Fox's exports
    /// end without the passes, the dame unfilled).
    pub(crate) fn seal_gaps(&self) -> bool {
        self.finish_boundaries && !self.ends_in_passes
    }
}

/// Counts a position under the reading's method; the score carries the other method's
/// result when it differs (the report shows both).
/// The rules as counted: the convention's handicap compensation, where it names one.
fn rules_counted(ctx: &CountContext) -> Option<Rules> {
    ctx.method.handicap_compensation.map(|h| Rules {
        handicap_compensation: h,
        ..ctx.rules.clone()
    })
}

fn settings<'a>(ctx: &'a CountContext, rules: &'a Rules) -> ScoreSettings<'a> {
    ScoreSettings {
        rules,
        komi: ctx.method.komi,
        handicap: ctx.handicap,
        penalties: ctx.penalties,
        lost_on_time: ctx.lost_on_time,
    }
}

/// [`count`] by the context's own method, as a recount with some strings flipped needs
/// it: Black's margin, the winner and the result (no summary, no other method's count).
pub(crate) fn recount(
    position: &Position,
    dead: &[Point],
    seki: &[Point],
    ctx: &CountContext,
) -> Result<Recount, PointListError> {
    counted(position, dead, seki, ctx).map(|s| Recount {
        black_margin: s.black_margin,
        winner: s.winner,
        re: s.re,
    })
}

/// What a [`recount`] gives.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Recount {
    pub black_margin: f64,
    pub winner: Option<Color>,
    /// The count as RE writes it (`W+3.5`).
    pub re: String,
}

/// The count by the context's method, unsummarised.
fn counted(
    position: &Position,
    dead: &[Point],
    seki: &[Point],
    ctx: &CountContext,
) -> Result<score::Score, PointListError> {
    let area = score::count_area_sealing(position, dead, ctx.seal_gaps())?;
    let with_convention = rules_counted(ctx);
    let settings = settings(ctx, with_convention.as_ref().unwrap_or(ctx.rules));
    let by_area = score::score_unsummarised(&area, &settings);
    let s = match ctx.method.counting {
        Scoring::Area => by_area,
        Scoring::Territory => {
            let mut territory = score::count_territory(position, &area, seki, ctx.captures);
            if ctx.finish_boundaries {
                territory.make_teire(score::teire_points(position, &area, seki));
            }
            by_area.by_territory_unsummarised(territory, &settings)
        }
    };
    Ok(s)
}

pub(crate) fn count(
    position: &Position,
    dead: &[Point],
    seki: &[Point],
    ctx: &CountContext,
) -> Result<Score, PointListError> {
    let area = score::count_area_sealing(position, dead, ctx.seal_gaps())?;
    let with_convention = rules_counted(ctx);
    let settings = settings(ctx, with_convention.as_ref().unwrap_or(ctx.rules));
    // Only the count kept gets its summary line.
    let by_area = score::score_unsummarised(&area, &settings);
    let mut territory = score::count_territory(position, &area, seki, ctx.captures);
    if ctx.finish_boundaries {
        territory.make_teire(score::teire_points(position, &area, seki));
    }
    let by_territory = by_area
        .clone()
        .by_territory_unsummarised(territory, &settings);
    Ok(match ctx.method.counting {
        Scoring::Territory => {
            let mut s = by_territory;
            s.summarise();
            s
        }
        Scoring::Area => {
            let mut s = by_area;
            s.summarise();
            if by_territory.re != s.re {
                s.other_count = Some(score::OtherCount {
                    counting: Scoring::Territory,
                    black_margin: by_territory.black_margin,
                    re: by_territory.re,
                });
                s.summary = format!(
                    "{}; by territory counting: {}",
                    s.summary,
                    s.other_count.as_ref().map_or("", |o| o.re.as_str())
                );
            }
            s
        }
    })
}
