//! The reading of a game's end: one value that says how the final position is counted —
//! the rules, where the dead stones come from (marked, claimed, estimated, or none: as
//! it stands) and the counting method (area or territory) with its komi. `check`
//! (through the referee), `score` and `appeal` all take their count and their verdict
//! on RE from here; nothing else decides which stones are dead or how the board is
//! counted.
//!
//! Order of precedence for dead stones: stones claimed with `--dead`, else stones marked
//! TB/TW in the record, else the estimate (built in, or an engine over GTP), unless the
//! caller asked for the position as it stands (`--dead none`, `--estimator none`).
//! Dead stones are removed only where the rules let the players agree on them.

use crate::count::convention::{self, Detected, KomiReading};
use crate::count::estimate::{self, Estimate, StoneStatus, StringEstimate};
use crate::count::gtp;
use crate::count::judge::Judged;
use crate::count::options::{Estimator, RefereeOptions};
use crate::count::score::{
    self, Komi, OtherCount, Penalties, PointListError, Score, ScoreSettings, TerritoryCount,
};
use crate::findings::{Code, Finding, Severity};
use crate::point::{Color, Point};
use crate::read::record::GameRecord;
use crate::read::record::ValueSource;
use crate::read::result::{parse_re, Outcome, ParsedResult, ResultKind};
use crate::replay::ending::EndKind;
use crate::replay::position::Position;
use crate::rules::{HandicapCompensation, Rules, RulesSource, Scoring, Selection};
use serde::Serialize;

/// What a computed result rests on (issue 12 requirement 4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Basis {
    /// Dead stones marked TB/TW in the record's final node.
    Marked,
    /// Dead stones claimed on the command line (`--dead`).
    Claimed,
    /// Dead stones estimated by goref (or by an engine over GTP).
    Estimated,
    /// Every stone on the board counts as it stands.
    #[default]
    AsIs,
}

impl Basis {
    pub fn as_str(self) -> &'static str {
        match self {
            Basis::Marked => "marked",
            Basis::Claimed => "claimed",
            Basis::Estimated => "estimated",
            Basis::AsIs => "as-is",
        }
    }

    /// How the dead stones were chosen, for sentences.
    pub fn phrase(self) -> &'static str {
        match self {
            Basis::Marked => "marked TB/TW in the record",
            Basis::Claimed => "claimed with --dead",
            Basis::Estimated => "estimated",
            Basis::AsIs => "every stone counted as it stands",
        }
    }

    /// Where the dead stones came from; none when every stone counts as it stands.
    pub(crate) fn dead_source(self) -> Option<DeadSource> {
        match self {
            Basis::Marked => Some(DeadSource::Record),
            Basis::Claimed => Some(DeadSource::CommandLine),
            Basis::Estimated => Some(DeadSource::Estimate),
            Basis::AsIs => None,
        }
    }
}

/// Where a list of dead stones came from: the `dead_source` of the report
/// (`record`, `command-line`, `estimate`) and of an appeal's readings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeadSource {
    /// `--dead`.
    CommandLine,
    /// TB/TW in the final node (§7.5).
    Record,
    /// goref's estimate (or the GTP engine's), where nothing is marked or claimed.
    Estimate,
}

impl DeadSource {
    /// The name in reports: `command-line`, `record`, `estimate`.
    pub fn as_str(self) -> &'static str {
        match self {
            DeadSource::CommandLine => "command-line",
            DeadSource::Record => "record",
            DeadSource::Estimate => "estimate",
        }
    }

    /// How the stones were chosen, for an appeal's sentences.
    pub(crate) fn phrase(self) -> &'static str {
        match self {
            DeadSource::CommandLine => "claimed with --dead",
            DeadSource::Record => "marked dead by TB/TW in the record",
            DeadSource::Estimate => "estimated by goref: nothing is marked or claimed",
        }
    }
}

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
            dead_source: basis
                .dead_source()
                .filter(|_| !dead.is_empty())
                .map(DeadSource::as_str),
            basis,
            seki: seki.iter().map(&name).collect(),
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
    let counting = match reading.counting {
        convention::Counting::Area => Scoring::Area,
        convention::Counting::Territory => Scoring::Territory,
    };
    let komi = match (komi.source, reading.komi) {
        (ValueSource::CommandLine, _) | (_, KomiReading::Record) => komi,
        (_, KomiReading::Fixed(value)) => Komi {
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

/// How a reading takes four consecutive passes (SST, the AGA variant), where the rule
/// texts conflict (spec §2, §6.2): terminology 19 says play has ended and cannot resume,
/// Article 1 that play ends only once the dead stones are taken away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FourPassReading {
    /// Terminology 19: the four passes end play; every stone on the board counts.
    Literal,
    /// The 2002 EGF Appeals Committee: passes 3–4 are void and the game stands at the
    /// pause, where agreed dead stones are taken away.
    Precedent,
    /// The record's own rules as `check`, `score` and the appeal's AGA-variant reading
    /// take them: the precedent where the dead stones are agreed (marked TB/TW or claimed
    /// with `--dead`), else the literal reading, with the precedent counted beside it on
    /// goref's estimate (spec §2 "Engine rule (SST mode)", §6.4).
    AsAgreed,
}

/// Which dead stones a reading may take away at its end, and whether goref's estimate
/// may stand in for an agreement nobody recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeadPolicy {
    /// The rules let agreed dead stones be removed here.
    pub removal: bool,
    /// Where nothing is marked or claimed, the estimate counts as the agreement (a count
    /// to compare RE with, at a warning's weight). False after four passes: there the
    /// players' agreement is what the dispute is about, and a guess may not settle it.
    pub estimate_decides: bool,
}

/// The one decision on dead stones at the end of a game, for `check`, `score`, `appeal`
/// and the HTML pages alike: agreed dead stones count at a stop where the record ends;
/// never after a second stop (every stone counts); after four passes as the reading
/// says ([`FourPassReading`]), and then never on an estimate alone. Without an end, only
/// where the record stands for an agreement (`agreed_without_end`: RE is a count, or
/// stones are claimed).
pub fn dead_policy(
    end: Option<EndKind>,
    four_passes: FourPassReading,
    agreed_without_end: bool,
) -> DeadPolicy {
    let (removal, estimate_decides) = match end {
        Some(EndKind::AgreementStop) => (true, true),
        Some(EndKind::SecondStop) => (false, false),
        Some(EndKind::FourPasses) => (four_passes != FourPassReading::Literal, false),
        None => (agreed_without_end, true),
    };
    DeadPolicy {
        removal,
        estimate_decides,
    }
}

/// The two readings of a four-pass ending side by side, when they give different
/// results (spec §2 "Engine rule (SST mode)", §6.4).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FourPassReadings {
    /// The literal reading's result (terminology 19: every stone counts).
    pub literal: String,
    /// The precedent reading's result (EGF 2002: the dead stones taken away).
    pub precedent: String,
    /// What the precedent's dead stones rest on: `marked`, `claimed` or `estimated`.
    pub precedent_basis: Basis,
    /// The stones the precedent takes away (SGF points).
    pub precedent_dead: Vec<String>,
    /// Which reading `computed` is: the precedent where the dead stones are agreed
    /// (marked or claimed), else the literal reading.
    pub result: FourPassReading,
    /// Which reading RE gives, if either.
    pub recorded_matches: Option<FourPassReading>,
}

impl FourPassReadings {
    /// Whether the precedent's count rests on goref's estimate alone: then the result
    /// is undecided between the two readings, and no RE should be written (`RE[?]`).
    pub fn undecided(&self) -> bool {
        self.precedent_basis == Basis::Estimated
    }

    /// One sentence with both results and which one stands, for findings and reasons.
    pub fn sentence(&self) -> String {
        let dead = if self.precedent_dead.is_empty() {
            String::new()
        } else {
            format!(" {}", self.precedent_dead.join(" "))
        };
        match (self.result, self.precedent_basis) {
            (FourPassReading::Literal, _) => format!(
                "after four passes the literal reading (terminology 19: every stone counts) gives {}, and that is the result; the precedent reading (EGF 2002: passes 3-4 void, dead stones taken away) gives {} only with the dead stones goref estimates ({}; nothing is marked or claimed), an estimate, not a ruling: which reading stands, and which stones were dead, is for the referee to decide (mark them TB/TW or pass --dead)",
                self.literal,
                self.precedent,
                dead.trim()
            ),
            (_, basis) => format!(
                "after four passes the literal reading (terminology 19: every stone counts) gives {} and the precedent reading (EGF 2002: passes 3-4 void, the dead stones{dead} {} removed) gives {}, the result",
                self.literal,
                basis.phrase(),
                self.precedent
            ),
        }
    }
}

/// The dead stones of one reading and what they rest on.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DeadStones {
    pub basis: Basis,
    /// Stones removed before counting, sorted.
    pub dead: Vec<Point>,
    /// Stones in seki (no territory under territory counting), sorted.
    pub seki: Vec<Point>,
    /// The estimate, when the dead stones were estimated.
    pub estimate: Option<Estimate>,
    /// Findings about the estimate (an engine that failed).
    pub findings: Vec<Finding>,
    /// Why the position is not finished enough for an estimate to count it (then nothing
    /// is taken away: `dead` and `seki` are empty, and no count rests on the estimate).
    pub uncountable: Option<String>,
}

/// Chooses the dead stones: claimed, else marked, else estimated (unless the estimator
/// is `None`). `removal_allowed` is false where the rules count every stone (a second
/// stop); the count is then as it stands whatever was claimed.
pub fn dead_stones(
    record: &GameRecord,
    position: &Position,
    claimed: Option<&[Point]>,
    estimator: &Estimator,
    komi: f64,
    removal_allowed: bool,
) -> DeadStones {
    if !removal_allowed {
        return DeadStones::default();
    }
    if let Some(c) = claimed.filter(|c| !c.is_empty()) {
        let mut dead = c.to_vec();
        dead.sort();
        dead.dedup();
        return DeadStones {
            basis: Basis::Claimed,
            dead,
            ..DeadStones::default()
        };
    }
    let marked = marked_dead(record, position);
    if !marked.is_empty() {
        return DeadStones {
            basis: Basis::Marked,
            dead: marked,
            ..DeadStones::default()
        };
    }
    let mut findings = Vec::new();
    let est = match estimator {
        Estimator::None => return DeadStones::default(),
        Estimator::Builtin => estimate::estimate(position),
        Estimator::Given(e) => (**e).clone(),
        Estimator::Gtp(spec) => match gtp::estimate(spec, position, komi) {
            Ok(e) => e,
            Err(e) => {
                findings.push(Finding::new(
                    Code::EstimatorFailed,
                    format!("{e}; goref's own estimate is used instead"),
                ));
                estimate::estimate(position)
            }
        },
    };
    // The record ends at a stop: its last two moves are passes.
    let stopped = {
        let mut last = record.events.iter().rev().filter_map(|e| match e {
            crate::read::record::Event::Move(m) => Some(m.mv),
            crate::read::record::Event::Setup(_) => None,
        });
        let pass = Some(crate::point::Move::Pass);
        last.next() == pass && last.next() == pass
    };
    if let Err(why) = countable(position, &est, stopped) {
        // A careful counter counts what is settled and says what is not: nothing is
        // taken away on an estimate that cannot stand.
        return DeadStones {
            basis: Basis::Estimated,
            estimate: Some(est),
            findings,
            uncountable: Some(why),
            ..DeadStones::default()
        };
    }
    DeadStones {
        basis: Basis::Estimated,
        dead: est.dead_stones(),
        seki: est.seki_stones(),
        estimate: Some(est),
        findings,
        uncountable: None,
    }
}

/// The most empty points an unsettled area (an open area that touches living stones of
/// both colours once the estimated dead stones are gone) may hold in a position an
/// estimate counts: dame in a finished game come one to a few at a time (on
/// `../shared/corpus`, 99% of the estimated counts whose winner agrees with RE have no
/// such area over 6 points; the few over 8 are unfinished games counted 40–100 points off).
pub const MAX_OPEN_AREA: usize = 8;

/// Whether a position is finished enough for goref's estimate to count it (issue 26):
/// a record that does not end in two passes (`stopped`) must have a stone on at least a
/// quarter of the points (on `../shared/corpus` no estimated count that agrees with RE
/// comes from a board under 38% full; the few under 25% are openings and problem
/// positions counted 97 to 365 points off; players who passed twice on a sparse board
/// agreed it was finished); the estimate may not
/// leave a colour without a living stone unless every one of its
/// strings is proven dead (pass-alive enclosures), and no open area larger than
/// [`MAX_OPEN_AREA`] may still touch living stones of both colours (a boundary not yet
/// settled). `Err` says why, in words for a result's reason.
pub fn countable(position: &Position, est: &Estimate, stopped: bool) -> Result<(), String> {
    let stones = position.cells.iter().filter(|c| c.is_some()).count();
    if !stopped && stones * 4 < position.cells.len() {
        return Err(format!(
            "only {stones} of the {} points hold a stone: an opening or a problem position, not a finished game",
            position.cells.len()
        ));
    }
    for color in [Color::Black, Color::White] {
        let strings = est.strings.iter().filter(|s| s.color == color);
        // A colour with no string on the board is all dead and all proven: no error.
        if strings.clone().all(|s| s.status == StoneStatus::Dead)
            && !strings.clone().all(|s| s.proven)
        {
            let stones: usize = strings.map(|s| s.stones.len()).sum();
            return Err(format!(
                "the estimate would take every {} stone ({stones}) off the board, and not all of them are proven dead",
                color.name()
            ));
        }
    }
    let open = largest_open_area(position, est);
    if open > MAX_OPEN_AREA {
        return Err(format!(
            "an open area of {open} points still touches living stones of both colours: its boundary is not settled"
        ));
    }
    Ok(())
}

/// The empty points of the largest area that is open (empty points and estimated dead
/// stones) and touches living (not seki) stones of both colours.
fn largest_open_area(position: &Position, est: &Estimate) -> usize {
    let n = position.cells.len();
    let mut status: Vec<Option<StoneStatus>> = vec![None; n];
    for s in &est.strings {
        for &p in &s.stones {
            status[position.index(p)] = Some(s.status);
        }
    }
    let open = |i: usize| position.cells[i].is_none() || status[i] == Some(StoneStatus::Dead);
    let mut seen = vec![false; n];
    let mut largest = 0;
    let mut stack = Vec::new();
    for start in 0..n {
        if seen[start] || !open(start) {
            continue;
        }
        seen[start] = true;
        stack.push(start);
        let (mut empty, mut touches) = (0usize, [false; 2]);
        while let Some(i) = stack.pop() {
            empty += usize::from(position.cells[i].is_none());
            for q in position.neighbours(position.point(i)) {
                let j = position.index(q);
                if open(j) {
                    if !seen[j] {
                        seen[j] = true;
                        stack.push(j);
                    }
                } else if let (Some(c), Some(StoneStatus::Alive)) = (position.cells[j], status[j]) {
                    touches[c.index()] = true;
                }
            }
        }
        if touches[0] && touches[1] {
            largest = largest.max(empty);
        }
    }
    largest
}

/// Stones marked dead by TB/TW in the final node: a stone of colour C on a point of
/// the opponent's territory (docs/rules.md, Dead stones and the result).
pub fn marked_dead(record: &GameRecord, position: &Position) -> Vec<Point> {
    let marks = &record.final_marks;
    let mut dead: Vec<Point> = marks
        .black_territory
        .iter()
        .filter(|&&p| position.get(p) == Some(Color::White))
        .chain(
            marks
                .white_territory
                .iter()
                .filter(|&&p| position.get(p) == Some(Color::Black)),
        )
        .copied()
        .collect();
    dead.sort();
    dead.dedup();
    dead
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
}

/// Counts a position under the reading's method; the score carries the other method's
/// result when it differs (the report shows both).
pub(crate) fn count(
    position: &Position,
    dead: &[Point],
    seki: &[Point],
    ctx: &CountContext,
) -> Result<Score, PointListError> {
    let area = score::count_area(position, dead)?;
    let with_convention;
    let rules = match ctx.method.handicap_compensation {
        Some(h) => {
            with_convention = Rules {
                handicap_compensation: h,
                ..ctx.rules.clone()
            };
            &with_convention
        }
        None => ctx.rules,
    };
    let settings = ScoreSettings {
        rules,
        komi: ctx.method.komi,
        handicap: ctx.handicap,
        penalties: ctx.penalties,
        lost_on_time: ctx.lost_on_time,
    };
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

/// A string whose status is not clear and would change the winner if flipped.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnclearString {
    pub color: Color,
    pub status: StoneStatus,
    pub confidence: f32,
    /// The stones, as SGF points.
    pub points: Vec<String>,
    /// The stones, as diagram vertices.
    pub vertices: Vec<String>,
}

impl UnclearString {
    fn new(s: &StringEstimate, height: u8) -> UnclearString {
        UnclearString {
            color: s.color,
            status: s.status,
            confidence: s.confidence,
            points: s.stones.iter().map(|p| p.sgf()).collect(),
            vertices: s.stones.iter().map(|p| p.vertex(height)).collect(),
        }
    }

    /// "the White string at D4 E4 (estimated dead, confidence 0.55)".
    pub(crate) fn describe(&self) -> String {
        let status = match self.status {
            StoneStatus::Alive => "alive",
            StoneStatus::Dead => "dead",
            StoneStatus::Seki => "in seki",
        };
        let shown: Vec<&str> = self.vertices.iter().take(6).map(String::as_str).collect();
        let more = if self.vertices.len() > shown.len() {
            format!(" and {} more", self.vertices.len() - shown.len())
        } else {
            String::new()
        };
        format!(
            "the {} string at {}{more} (estimated {status}, confidence {:.2})",
            self.color.name(),
            shown.join(" "),
            self.confidence
        )
    }
}

/// The unclear strings (confidence below `min_confidence`) whose flipped status would
/// change the winner of `score`. A dead string flips to alive; an alive or seki string
/// flips to dead.
pub(crate) fn deciding_strings(
    position: &Position,
    est: &Estimate,
    score: &Score,
    ctx: &CountContext,
    min_confidence: f32,
) -> Vec<UnclearString> {
    const NAMED: usize = 3;
    let dead = est.dead_stones();
    let seki = est.seki_stones();
    let mut out = Vec::new();
    for s in est.unclear(min_confidence) {
        let (flipped_dead, flipped_seki): (Vec<Point>, Vec<Point>) = match s.status {
            StoneStatus::Dead => (
                dead.iter()
                    .filter(|p| !s.stones.contains(p))
                    .copied()
                    .collect(),
                seki.clone(),
            ),
            StoneStatus::Alive | StoneStatus::Seki => (
                dead.iter().chain(&s.stones).copied().collect(),
                seki.iter()
                    .filter(|p| !s.stones.contains(p))
                    .copied()
                    .collect(),
            ),
        };
        let Ok(flipped) = count(position, &flipped_dead, &flipped_seki, ctx) else {
            continue;
        };
        if flipped.winner != score.winner {
            out.push(UnclearString::new(s, position.height));
            if out.len() == NAMED {
                break;
            }
        }
    }
    out
}

/// The result check of issue 5: `agrees`, `mismatch`, `unverified`, `not-comparable`, `unknown`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResultStatus {
    Agrees,
    Mismatch,
    Unverified,
    NotComparable,
    Unknown,
}

impl ResultStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ResultStatus::Agrees => "agrees",
            ResultStatus::Mismatch => "mismatch",
            ResultStatus::Unverified => "unverified",
            ResultStatus::NotComparable => "not-comparable",
            ResultStatus::Unknown => "unknown",
        }
    }
}

/// The recorded and the recomputed result side by side.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ResultCheck {
    pub recorded: Option<String>,
    /// An RE string (`W+0.5`, `0`, `B+0`, `?`), or None when nothing could be computed.
    pub computed: Option<String>,
    pub status: ResultStatus,
    /// What the computed result rests on: `marked`, `claimed`, `estimated` or `as-is`.
    pub basis: Basis,
    /// How the board was counted (`area` or `territory`); null when it was not counted.
    pub counting: Option<Scoring>,
    /// One sentence: why this status.
    pub reason: String,
    /// The count with every stone on the board as it stands, when it differs from `computed`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub as_is: Option<String>,
    /// The result under the other counting method, when it differs from `computed`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other_count: Option<String>,
    /// Estimated strings that are not clear and would change the winner if flipped.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unclear: Vec<UnclearString>,
    /// After four passes, when the literal and precedent readings give different results:
    /// both, which one is `computed`, and which one RE gives.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub four_passes: Option<FourPassReadings>,
}

impl Default for ResultCheck {
    fn default() -> Self {
        ResultCheck::new(None)
    }
}

impl ResultCheck {
    pub fn new(recorded: Option<String>) -> ResultCheck {
        ResultCheck {
            recorded,
            computed: None,
            status: ResultStatus::Unknown,
            basis: Basis::AsIs,
            counting: None,
            reason: String::new(),
            as_is: None,
            other_count: None,
            unclear: Vec::new(),
            four_passes: None,
        }
    }
}

/// Whether an RE and a score give the same winner and (for a count) the same margin.
pub(crate) fn agrees(recorded: &ParsedResult, score: &Score) -> bool {
    recorded.winner() == score.winner
        && (!recorded.is_count()
            || recorded
                .margin()
                .is_some_and(|m| (m - score.margin).abs() < 1e-9))
}

/// Whether RE is a count (a margin or a draw), not a resignation or a time loss.
pub(crate) fn re_is_count(record: &GameRecord) -> bool {
    record.re().is_some_and(|(_, p)| p.is_count())
}

/// A reading counted beside the result and not the result: the precedent reading of
/// four passes on goref's estimate of the dead stones.
#[derive(Clone, Debug, PartialEq)]
pub struct CountBeside {
    /// The stones the reading takes away, sorted.
    pub dead: Vec<Point>,
    /// Stones in seki under the estimate.
    pub seki: Vec<Point>,
    pub score: Score,
}

/// The dead stones a reading counts for its result under `policy`, and the count it
/// shows beside the result: where an estimate may not stand in for the agreement
/// (after four passes) and its count differs from `literal`, the literal reading is the
/// result and the estimate's count is shown beside it; where the two agree, the
/// estimate settles nothing in dispute and stays the count, as at any other end.
pub(crate) fn settle(
    agreed: DeadStones,
    policy: DeadPolicy,
    position: &Position,
    literal: Option<&Score>,
    ctx: &CountContext,
) -> (DeadStones, Option<CountBeside>) {
    if agreed.basis != Basis::Estimated || policy.estimate_decides {
        return (agreed, None);
    }
    let estimated = count(
        position,
        &agreed.dead,
        &agreed.seki,
        &ctx.clone().finishing(Basis::Estimated),
    );
    match (estimated, literal) {
        (Ok(e), Some(l)) if e.re != l.re => (
            DeadStones::default(),
            Some(CountBeside {
                dead: agreed.dead,
                seki: agreed.seki,
                score: e,
            }),
        ),
        _ => (agreed, None),
    }
}

/// The two readings of a four-pass end when their results differ: the precedent is
/// the agreed count (`counted`, dead stones marked or claimed) or the estimate's count
/// beside the literal result.
fn four_pass_readings(
    literal: &Score,
    counted: &Score,
    chosen: &DeadStones,
    beside: Option<&CountBeside>,
    recorded: Option<&ParsedResult>,
) -> Option<FourPassReadings> {
    let (precedent, basis, dead, result) = match beside {
        Some(b) => (
            &b.score,
            Basis::Estimated,
            &b.dead,
            FourPassReading::Literal,
        ),
        None if !chosen.dead.is_empty() => (
            counted,
            chosen.basis,
            &chosen.dead,
            FourPassReading::Precedent,
        ),
        None => return None,
    };
    if precedent.re == literal.re {
        return None;
    }
    let recorded_matches = recorded.filter(|p| p.is_count()).and_then(|p| {
        if agrees(p, literal) {
            Some(FourPassReading::Literal)
        } else if agrees(p, precedent) {
            Some(FourPassReading::Precedent)
        } else {
            None
        }
    });
    Some(FourPassReadings {
        literal: literal.re.clone(),
        precedent: precedent.re.clone(),
        precedent_basis: basis,
        precedent_dead: dead.iter().map(|p| p.sgf()).collect(),
        result,
        recorded_matches,
    })
}

/// The reading of the end of one game under its rules: the dead stones and what they rest
/// on, the count, the four-pass readings, and the verdict on RE, with the findings of the
/// reading. The second of the two values a check makes of a game, from its [`Judged`].
#[derive(Clone, Debug, Default)]
pub struct EndReading {
    /// Stones removed before counting, sorted.
    pub dead: Vec<Point>,
    /// Where the removed stones came from; none when none were removed.
    pub dead_source: Option<DeadSource>,
    /// Stones in seki (territory counting).
    pub seki: Vec<Point>,
    /// The estimate, when one was made.
    pub estimate: Option<Estimate>,
    /// The count the result rests on.
    pub score: Option<Score>,
    /// The count with every stone as it stands, when it differs from `score`.
    pub literal_score: Option<Score>,
    /// The precedent reading of four passes counted on the estimate, beside the result.
    pub precedent_beside: Option<CountBeside>,
    /// Both readings of a four-pass end, when they differ.
    pub four_passes: Option<FourPassReadings>,
    /// Why the position is not finished enough to count, when the estimate would have
    /// decided the result.
    pub not_countable: Option<String>,
    /// The source convention the count follows (`fox-km0`, …).
    pub convention: Option<&'static str>,
    pub result: ResultCheck,
    /// The reading's findings: the estimator's, the convention, a disputed ending, the
    /// verdict on RE and the record's own comment, in that order.
    pub findings: Vec<Finding>,
}

/// The dead stones one reading takes away at the end, and its counts: the one decision
/// that `check`, `score` and each of `appeal`'s readings make alike.
pub(crate) struct EndCount<'a> {
    pub policy: DeadPolicy,
    /// The dead stones the count rests on (none where the estimate cannot count the
    /// position, or may not stand in for the agreement).
    pub chosen: DeadStones,
    /// The precedent's count beside the literal result (four passes, on the estimate).
    pub beside: Option<CountBeside>,
    /// Why the estimate cannot count the position, where it would decide the result.
    pub not_countable: Option<String>,
    /// Every stone as it stands.
    pub literal: Option<Score>,
    /// The count on `chosen`; an error where claimed stones cannot be removed.
    pub counted: Result<Score, PointListError>,
    pub ctx: CountContext<'a>,
    /// Findings about the estimate (an engine that failed).
    pub findings: Vec<Finding>,
}

/// Chooses the dead stones of a reading of the end (`reading`: how it takes four
/// passes) and counts the scored position with them. `agreed_without_end`: where the
/// record has no end, whether it stands for an agreement (RE is a count, or stones are
/// claimed).
pub(crate) fn count_end<'a>(
    record: &GameRecord,
    judged: &Judged,
    rules: &'a Rules,
    claimed: Option<&[Point]>,
    estimator: &Estimator,
    reading: FourPassReading,
    agreed_without_end: bool,
) -> EndCount<'a> {
    let position = &judged.scored_position;
    let end = judged.ending.end.map(|e| e.kind);
    let policy = dead_policy(end, reading, agreed_without_end);
    let ctx = CountContext::of(record, rules, judged);
    let mut agreed = dead_stones(
        record,
        position,
        claimed,
        estimator,
        ctx.method.komi.value,
        policy.removal,
    );
    let findings = std::mem::take(&mut agreed.findings);
    let literal = count(position, &[], &[], &ctx).ok();
    let (chosen, beside) = if reading == FourPassReading::Precedent {
        // The precedent is the reading whose count the estimate stands in for: it is
        // counted on it (and shown as an estimate).
        (agreed, None)
    } else {
        settle(agreed, policy, position, literal.as_ref(), &ctx)
    };
    // Where the estimate cannot count the position, nothing is taken away; where it
    // would have been the result, the result says the position is not countable.
    let not_countable = chosen
        .uncountable
        .clone()
        .filter(|_| policy.estimate_decides || reading == FourPassReading::Precedent);
    let chosen = if chosen.uncountable.is_some() {
        DeadStones::default()
    } else {
        chosen
    };
    let ctx = ctx.finishing(chosen.basis);
    let counted = match &literal {
        Some(l) if chosen.dead.is_empty() && chosen.seki.is_empty() && !ctx.finish_boundaries => {
            Ok(l.clone())
        }
        _ => count(position, &chosen.dead, &chosen.seki, &ctx),
    };
    EndCount {
        policy,
        chosen,
        beside,
        not_countable,
        literal,
        counted,
        ctx,
        findings,
    }
}

/// Reads the end of a judged game under its own rules and compares the count with RE
/// (once per game, for `check`, `score` and the pages alike).
pub fn read_end(record: &GameRecord, opts: &RefereeOptions, judged: &Judged) -> EndReading {
    let mut end = EndReading {
        result: ResultCheck::new(record.info.result.clone()),
        ..EndReading::default()
    };
    if !record.playable {
        end.result.reason = "the game could not be replayed".into();
        return end;
    }
    let side_variation = !record.variation.is_empty();
    if !counting_needed(record, opts, judged) && !side_variation {
        // Nothing to compare a count with (a resignation before the end, no RE):
        // the result check says why, and the board is not counted.
        let mut findings = Vec::new();
        let (check, pending) = judge_result(record, judged, &end, false, &mut findings);
        end.findings.extend(findings.into_iter().chain(pending));
        end.result = check;
        return end;
    }
    let position = &judged.scored_position;
    let ending = judged.ending.end.map(|e| e.kind);
    // Where the players could agree on dead stones: at an agreement stop, after four
    // passes (the 2002 precedent, on an agreement only), or where a record without
    // passes gives a count or stones are claimed (the agreement is the count itself).
    let rules = judged.selection.rules.clone();
    let counted = count_end(
        record,
        judged,
        &rules,
        opts.dead.as_deref(),
        &opts.estimator,
        FourPassReading::AsAgreed,
        opts.dead.is_some() || re_is_count(record),
    );
    let EndCount {
        chosen,
        beside,
        not_countable,
        literal,
        counted,
        ctx,
        findings,
        ..
    } = counted;
    let counted = counted.ok();
    end.findings.extend(findings);
    if let Some(detected) = ctx
        .method
        .convention
        .as_ref()
        .filter(|_| re_is_count(record))
    {
        end.findings
            .push(Finding::new(Code::CountConvention, detected.sentence()));
    }
    end.four_passes = match (ending, &literal, &counted) {
        (Some(EndKind::FourPasses), Some(l), Some(c)) => four_pass_readings(
            l,
            c,
            &chosen,
            beside.as_ref(),
            record.recorded_result.as_ref(),
        ),
        _ => None,
    };
    if let Some(fp) = &end.four_passes {
        end.findings
            .push(Finding::new(Code::DisputedEnding, fp.sentence()));
    }
    // Whether the count is the rules' own result: every stone counts after a second
    // stop, and after four passes read literally; elsewhere only once the dead stones
    // are known (marked, claimed, estimated).
    let literal_result = end
        .four_passes
        .as_ref()
        .is_some_and(|f| f.result == FourPassReading::Literal);
    let decisive = match ending {
        Some(EndKind::SecondStop) => true,
        _ if literal_result => true,
        _ => match chosen.basis {
            Basis::Marked | Basis::Claimed => !chosen.dead.is_empty(),
            Basis::Estimated => true,
            Basis::AsIs => false,
        },
    };
    end.dead = chosen.dead.clone();
    end.dead_source = chosen
        .basis
        .dead_source()
        .filter(|_| !chosen.dead.is_empty());
    end.seki = chosen.seki.clone();
    end.estimate = chosen.estimate.clone();
    end.literal_score = match (&counted, &literal) {
        (Some(c), Some(l)) if c.re != l.re || !chosen.dead.is_empty() => Some(l.clone()),
        _ => None,
    };
    end.score = counted;
    end.precedent_beside = beside;
    end.not_countable = not_countable.clone();
    end.convention = ctx.method.convention.as_ref().map(|d| d.convention.id);
    let zero_is_no_count = ctx
        .method
        .convention
        .as_ref()
        .is_some_and(|d| d.convention.zero_margin_is_not_a_count);
    let mut findings = Vec::new();
    let (mut check, pending) = if side_variation {
        (side_variation_check(record, &end), None)
    } else if zero_is_no_count && zero_margin(record) {
        (zero_margin_check(record, &end, &ctx.method), None)
    } else if let Some(why) = &not_countable {
        (not_countable_check(record, &end, why, &mut findings), None)
    } else {
        judge_result(record, judged, &end, decisive, &mut findings)
    };
    check.basis = chosen.basis;
    check.four_passes = end.four_passes.clone();
    check.counting = end.score.as_ref().map(|s| s.counting);
    check.other_count = end
        .score
        .as_ref()
        .and_then(|s| s.other_count.as_ref())
        .map(|o| format!("{} by {} counting", o.re, o.counting.as_str()));
    if let Some((s, o)) = end
        .score
        .as_ref()
        .and_then(|s| Some(s).zip(s.other_count.as_ref()))
    {
        if check.computed.as_deref() == Some(o.re.as_str()) && o.re != s.re {
            // compare() took the other method's count as the one RE was counted by.
            check.counting = Some(o.counting);
            check.other_count = Some(format!("{} by {} counting", s.re, s.counting.as_str()));
        }
    }
    // Recounting with each unclear string flipped costs a count per string: only where
    // it can change the verdict (a mismatch), or for a single game's count (`score`).
    let wanted = check.status == ResultStatus::Mismatch || opts.count_as_is;
    let unclear = match (&chosen.estimate, &end.score) {
        (Some(est), Some(s)) if wanted => {
            deciding_strings(position, est, s, &ctx, opts.min_confidence())
        }
        _ => Vec::new(),
    };
    // A mismatch is a verdict only where the estimate can carry it; else the pending
    // mismatch finding is replaced by the finding that says what would settle it.
    let verdict = if check.status == ResultStatus::Mismatch && !unclear.is_empty() {
        Some(unclear_verdict(&mut check, &unclear))
    } else if check.status == ResultStatus::Mismatch && chosen.basis == Basis::Estimated {
        open_points_deciding(record, &end, &check).map(|open| open_points_verdict(&mut check, open))
    } else {
        None
    };
    findings.extend(verdict.or(pending));
    end.findings.extend(findings);
    check.unclear = unclear;
    if let Some(f) = comment_evidence(record, &check) {
        end.findings.push(f);
    }
    end.result = check;
    end
}

/// The estimate cannot carry a mismatch that hangs on a string it is unsure of: the
/// result is unverified, and the finding names the strings.
fn unclear_verdict(check: &mut ResultCheck, unclear: &[UnclearString]) -> Finding {
    let names: Vec<String> = unclear.iter().map(UnclearString::describe).collect();
    check.status = ResultStatus::Unverified;
    check.reason = format!(
        "{}; but the winner turns on {}",
        check.reason,
        names.join("; ")
    );
    Finding::new(
        Code::DeadStonesUnclear,
        format!(
            "the estimated count gives {} against RE[{}], but the winner turns on {}; mark the dead stones with TB/TW or pass --dead to verify",
            check.computed.as_deref().unwrap_or("?"),
            check.recorded.as_deref().unwrap_or(""),
            names.join("; ")
        ),
    )
}

/// The estimate leaves open points to nobody where a play-out would give them to one
/// side: a difference they can make up is not a verdict.
fn open_points_verdict(check: &mut ResultCheck, open: u32) -> Finding {
    check.status = ResultStatus::Unverified;
    check.reason = format!(
        "{}; but {open} points are left open (dame or an unfinished boundary) and the difference is no more than that",
        check.reason
    );
    Finding::new(
        Code::OpenPointsUnclear,
        format!(
            "the estimated count gives {} against RE[{}], a difference that the {open} open points (dame or an unfinished boundary) can make up; finish the boundary or mark the dead stones to verify",
            check.computed.as_deref().unwrap_or("?"),
            check.recorded.as_deref().unwrap_or(""),
        ),
    )
}

/// The open points of an estimated count when they can explain its difference from RE:
/// the record stops before the end (its boundaries may be unfinished) or the count is an
/// area count (where a dame is a point), and the difference is at most one per open point.
fn open_points_deciding(record: &GameRecord, r: &EndReading, check: &ResultCheck) -> Option<u32> {
    let score = r.score.as_ref()?;
    let open = score.neutral;
    // The same leeway whatever the rules count (issue 26: one estimate, one verdict):
    // the estimate cannot tell a dame from an unfinished boundary, and a boundary
    // played out moves territory as much as area.
    let counts_open = true;
    let recorded = parse_re(record.info.result.as_deref()?);
    let sign = |c: Option<Color>| match c {
        Some(Color::Black) => 1.0,
        Some(Color::White) => -1.0,
        None => 0.0,
    };
    let recorded_black = sign(recorded.winner()) * recorded.margin()?;
    let difference = (score.black_margin - recorded_black).abs();
    (counts_open && open > 0 && check.computed.is_some() && difference <= f64::from(open))
        .then_some(open)
}

/// The final position is not finished enough for the estimate to count it: nothing is
/// computed or compared; the count as it stands is given, labelled.
fn not_countable_check(
    record: &GameRecord,
    r: &EndReading,
    why: &str,
    findings: &mut Vec<Finding>,
) -> ResultCheck {
    let mut check = ResultCheck::new(record.info.result.clone());
    check.as_is = r.score.as_ref().map(|s| s.re.clone());
    let as_is = check.as_is.as_deref().unwrap_or("-");
    let reason = format!(
        "the game did not reach a countable end ({why}); the count as it stands, every stone on the board, gives {as_is}"
    );
    findings.push(Finding::new(Code::NotCountable, reason.clone()));
    match record.re() {
        None => {
            findings.push(Finding::new(
                Code::ResultMissing,
                "the record has no RE; nothing to compare",
            ));
            check.reason = format!("the record has no result, and {reason}");
        }
        Some((_, parsed)) if matches!(parsed.outcome, Outcome::Void | Outcome::Unknown) => {
            check.reason = format!("RE states no winner, and {reason}");
        }
        Some(_) => {
            check.status = ResultStatus::NotComparable;
            check.reason = reason;
        }
    }
    check
}

/// `comment-result-differs`: RE against the result the record's own comment states (the
/// last node's C, else GC), and which of the two the computed result supports. None when
/// no comment states a result or it agrees with RE (the same winner, and the same margin
/// where both give one).
pub(crate) fn comment_evidence(record: &GameRecord, result: &ResultCheck) -> Option<Finding> {
    let (_, recorded) = record.re()?;
    let (where_, (words, stated)) = [
        ("last comment", record.info.final_comment.as_deref()),
        ("game comment (GC)", record.info.game_comment.as_deref()),
    ]
    .into_iter()
    .find_map(|(w, text)| Some((w, crate::read::result::result_in_comment(text?)?)))?;
    let same = |a: &ParsedResult, b: &ParsedResult| {
        a.winner() == b.winner()
            && match (a.margin(), b.margin()) {
                (Some(x), Some(y)) => (x - y).abs() < 1e-9,
                _ => true,
            }
    };
    if recorded.winner().is_none() || same(recorded, &stated) {
        return None;
    }
    let computed = result.computed.as_deref().map(parse_re);
    let support = match &computed {
        Some(c) if same(c, &stated) && !same(c, recorded) => {
            format!(
                "the count ({}) supports the comment",
                result.computed.as_deref().unwrap_or("")
            )
        }
        Some(c) if same(c, recorded) && !same(c, &stated) => {
            format!(
                "the count ({}) supports RE",
                result.computed.as_deref().unwrap_or("")
            )
        }
        Some(_) => format!(
            "the count ({}) supports neither",
            result.computed.as_deref().unwrap_or("")
        ),
        None => "the board gives no count to decide between them".to_string(),
    };
    Some(Finding::new(
        Code::CommentResultDiffers,
        format!(
            "RE[{}] but the record's {where_} says \"{words}\": a likely transcription error; {support}",
            record.info.result.as_deref().unwrap_or("")
        ),
    ))
}

/// A side variation carries the main line's RE, which says nothing about it.
fn side_variation_check(record: &GameRecord, r: &EndReading) -> ResultCheck {
    let mut check = ResultCheck::new(record.info.result.clone());
    check.computed = r.score.as_ref().map(|s| s.re.clone());
    check.status = ResultStatus::NotComparable;
    check.reason = "a side variation: RE is the main line's result".into();
    check
}

/// RE written as a count of zero (`B+0`, `W+0.0`).
fn zero_margin(record: &GameRecord) -> bool {
    record
        .info
        .result
        .as_deref()
        .map(parse_re)
        .is_some_and(|p| matches!(p.kind, ResultKind::Score(_)) && p.margin() == Some(0.0))
}

/// A source that writes `B+0` for a win without a count (on time, or the opponent
/// left): there is no margin to compare.
fn zero_margin_check(record: &GameRecord, r: &EndReading, method: &Method) -> ResultCheck {
    let mut check = ResultCheck::new(record.info.result.clone());
    check.computed = r.score.as_ref().map(|s| s.re.clone());
    check.status = ResultStatus::NotComparable;
    let id = method.convention.as_ref().map_or("", |d| d.convention.id);
    check.reason = format!(
        "RE[{}] is how this source (convention `{id}`) writes a win without a count",
        record.info.result.as_deref().unwrap_or("")
    );
    check
}

/// Whether the board must be counted: the game ran to its end, RE gives a count to
/// compare with, dead stones were claimed, or the caller always wants the count.
fn counting_needed(record: &GameRecord, opts: &RefereeOptions, judged: &Judged) -> bool {
    opts.dead.is_some() || opts.count_as_is || judged.ending.end.is_some() || re_is_count(record)
}

/// Compares the computed result with RE: the check, and the mismatch finding it would
/// make (pending: the caller may find the estimate cannot carry it); other findings go
/// to `findings`.
fn judge_result(
    record: &GameRecord,
    judged: &Judged,
    r: &EndReading,
    decisive: bool,
    findings: &mut Vec<Finding>,
) -> (ResultCheck, Option<Finding>) {
    let ended = judged.ending.end.is_some();
    let computed_re = r.score.as_ref().map(|s| s.re.clone());
    let mut check = ResultCheck::new(record.info.result.clone());
    check.computed = if ended { computed_re.clone() } else { None };
    check.as_is = r.literal_score.as_ref().map(|s| s.re.clone());
    let Some((re, recorded)) = record.re() else {
        findings.push(Finding::new(
            Code::ResultMissing,
            "the record has no RE; nothing to compare",
        ));
        check.reason = "the record has no result".into();
        return (check, None);
    };
    if matches!(recorded.outcome, Outcome::Void | Outcome::Unknown) {
        check.reason = format!("RE[{re}] states no winner");
        return (check, None);
    }
    if !recorded.is_count() && !ended {
        check.status = ResultStatus::NotComparable;
        check.reason = match recorded.kind {
            ResultKind::Resign => {
                format!("RE[{re}] is a resignation and the game did not run to its end")
            }
            ResultKind::Time => {
                format!("RE[{re}] is a loss on time and the game did not run to its end")
            }
            _ => format!("RE[{re}] is not a count and the game did not run to its end"),
        };
        return (check, None);
    }
    let Some(score) = r.score.clone() else {
        check.reason = "the board could not be scored".into();
        return (check, None);
    };
    if !ended {
        findings.push(Finding::new(
            Code::GameNotEnded,
            format!(
                "the record stops before the end of the game (no stop); counted as the final position: {}",
                score.re
            ),
        ));
        check.computed = Some(score.re.clone());
    }
    let ctx = Comparison {
        re,
        recorded,
        decisive,
        ended,
        selection: &judged.selection,
        end: r,
    };
    let pending = compare(&ctx, &score, &mut check, findings);
    (check, pending)
}

/// What [`compare`] compares a count with, and on what it rests.
struct Comparison<'a> {
    re: &'a str,
    recorded: &'a ParsedResult,
    decisive: bool,
    ended: bool,
    selection: &'a Selection,
    end: &'a EndReading,
}

/// Sets the check's status and reason; returns the mismatch finding, if any.
fn compare(
    c: &Comparison,
    score: &Score,
    check: &mut ResultCheck,
    findings: &mut Vec<Finding>,
) -> Option<Finding> {
    let (re, recorded, decisive, ended, r) = (c.re, c.recorded, c.decisive, c.ended, c.end);
    let by = |s: &Score| format!("{} counting", s.counting.as_str());
    if agrees(recorded, score) {
        check.status = ResultStatus::Agrees;
        check.reason = format!("the count gives {} by {}, as recorded", score.re, by(score));
        return None;
    }
    if let Some(fp) = r
        .four_passes
        .as_ref()
        .filter(|f| f.recorded_matches.is_some_and(|m| m != f.result))
    {
        // RE is the other reading's count: the record took four passes the other way,
        // which is the dispute itself, not a wrong result.
        let other = match fp.result {
            FourPassReading::Literal => "precedent",
            _ => "literal",
        };
        check.status = ResultStatus::Agrees;
        check.reason = format!("RE[{re}] is the {other} reading's count; {}", fp.sentence());
        return None;
    }
    if !decisive {
        check.status = ResultStatus::Unverified;
        let why = if ended {
            "the rules allowed an agreement on dead stones that the record does not show"
        } else {
            "the record stops before the end of the game"
        };
        check.reason = format!(
            "the count as it stands gives {} against RE[{re}]; {why}",
            score.re
        );
        if ended {
            findings.push(Finding::new(
                Code::DeadStonesUnmarked,
                format!(
                    "the count with every stone alive gives {} against RE[{re}]; mark dead stones with TB/TW or pass --dead to verify",
                    score.re
                ),
            ));
        }
        return None;
    }
    if c.selection.source == RulesSource::Assumed {
        // The record does not say how it was counted: the other method may be the
        // one that produced RE.
        let other = score.other_count.as_ref();
        if let Some(o) = other.filter(|o| {
            recorded.winner() == parse_re(&o.re).winner()
                && recorded
                    .margin()
                    .zip(parse_re(&o.re).margin())
                    .is_none_or(|(a, b)| (a - b).abs() < 1e-9)
        }) {
            // The record's result is read as counted the way that explains it: the
            // computed result is that count, and the rules' own count becomes the other.
            check.status = ResultStatus::Agrees;
            check.computed = Some(o.re.clone());
            check.reason = format!(
                "the count gives {} by {} counting, as recorded (the record does not state its rules)",
                o.re,
                o.counting.as_str()
            );
            return None;
        }
        check.status = ResultStatus::Unverified;
        check.reason = format!(
            "the count gives {} against RE[{re}], but the record does not state its rules ({}), and counting methods differ",
            score.re, c.selection.reason
        );
        return None;
    }
    check.status = ResultStatus::Mismatch;
    let same_winner = recorded.winner() == score.winner;
    let (code, what) = if same_winner {
        (Code::MarginMismatch, "the margin differs")
    } else {
        (Code::ResultMismatch, "the winner differs")
    };
    check.reason = format!(
        "the count gives {} by {} against RE[{re}]: {what}",
        score.re,
        by(score)
    );
    let mut finding = Finding::new(code, check.reason.clone());
    if let Some(fp) = r
        .four_passes
        .as_ref()
        .filter(|f| f.result == FourPassReading::Literal)
    {
        // The literal reading is compared, but the precedent reading (on an agreement
        // the record does not show) could give another count: a question, not a verdict.
        let severity = finding.severity.min(Severity::Warning);
        finding = finding.with_severity(severity);
        finding.message.push_str(&format!(
            " (the literal reading of four passes; the precedent reading gives {} with goref's estimate of the dead stones, which is no match either)",
            fp.precedent
        ));
    } else if r.dead_source == Some(DeadSource::Estimate)
        || (r.dead.is_empty() && r.estimate.is_some())
    {
        // A mismatch that rests on goref's estimate is a question, not a verdict.
        let severity = finding.severity.min(Severity::Warning);
        finding = finding.with_severity(severity);
        finding
            .message
            .push_str(" (dead stones estimated, not marked)");
    }
    Some(finding)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::options::MIN_CONFIDENCE;
    use crate::read::record::ValueSource;

    fn ctx(rules: &Rules, komi: f64, captures: [u32; 2], counting: Scoring) -> CountContext<'_> {
        CountContext {
            rules,
            method: Method {
                counting,
                komi: Komi {
                    value: komi,
                    source: ValueSource::CommandLine,
                },
                handicap_compensation: None,
                convention: None,
                reason: String::new(),
            },
            handicap: 0,
            penalties: Penalties::default(),
            lost_on_time: None,
            captures,
            finish_boundaries: false,
        }
    }

    fn japanese() -> Rules {
        Rules::named("japanese").expect("preset")
    }

    /// Black walls off columns A–B, White columns E–G with a dead Black stone at F5.
    fn walls() -> Position {
        Position::from_diagram(&[
            "..XO...", "..XO...", "..XO.X.", "..XO...", "..XO...", "..XO...", "..XO...",
        ])
    }

    #[test]
    fn japanese_counting_is_territory_plus_prisoners_against_a_hand_count() {
        // By hand: Black territory 14, prisoners 3 (captured) = 17. White territory 21
        // (20 empty points and the dead stone's point), prisoners 1 captured + 1 dead
        // = 23. 17 - 23 - 6.5 = -12.5: W+12.5. By area: 21 - 28 - 6.5: W+13.5.
        let rules = japanese();
        let pos = walls();
        let dead = vec![Point::new(5, 2)];
        let s = count(
            &pos,
            &dead,
            &[],
            &ctx(&rules, 6.5, [3, 1], Scoring::Territory),
        )
        .expect("count");
        let t = s.territory.expect("territory count");
        assert_eq!((t.black.territory, t.black.prisoners), (14, 3));
        assert_eq!((t.white.territory, t.white.prisoners), (21, 2));
        assert_eq!((s.black, s.white), (17, 23));
        assert_eq!(s.re, "W+12.5");
        assert_eq!(s.counting, Scoring::Territory);
        let other = s.other_count.expect("the area count differs");
        assert_eq!(
            (other.counting, other.re.as_str()),
            (Scoring::Area, "W+13.5")
        );
    }

    #[test]
    fn area_counting_shows_the_territory_result_when_it_differs() {
        let rules = Rules::named("chinese").expect("preset");
        let pos = walls();
        let dead = vec![Point::new(5, 2)];
        let s = count(&pos, &dead, &[], &ctx(&rules, 6.5, [3, 1], Scoring::Area)).unwrap();
        assert_eq!((s.black, s.white, s.re.as_str()), (21, 28, "W+13.5"));
        assert_eq!(s.other_count.map(|o| o.re), Some("W+12.5".to_string()));
        // Equal prisoners: both methods agree and nothing more is shown.
        let s = count(&pos, &dead, &[], &ctx(&rules, 6.5, [2, 1], Scoring::Area)).unwrap();
        assert_eq!(s.other_count, None);
    }

    #[test]
    fn eyes_of_a_string_in_seki_are_nobodys_territory_under_japanese_rules() {
        let rules = japanese();
        let pos = Position::from_diagram(&[".XO..", "XXO..", "OOO..", ".....", "....."]);
        let seki = [Point::new(1, 0), Point::new(0, 1), Point::new(1, 1)];
        let with_seki = count(
            &pos,
            &[],
            &seki,
            &ctx(&rules, 0.0, [0, 0], Scoring::Territory),
        )
        .unwrap();
        let t = with_seki.territory.unwrap();
        assert_eq!(
            (t.black.territory, t.white.territory, t.seki_points),
            (0, 16, 1)
        );
        let without = count(
            &pos,
            &[],
            &[],
            &ctx(&rules, 0.0, [0, 0], Scoring::Territory),
        )
        .unwrap();
        assert_eq!(without.territory.unwrap().black.territory, 1);
    }

    fn wall_estimate(pos: &Position, white_confidence: f32) -> Estimate {
        let black: Vec<Point> = (0..5)
            .flat_map(|y| [Point::new(0, y), Point::new(1, y)])
            .collect();
        let white: Vec<Point> = (0..5).map(|y| Point::new(2, y)).collect();
        let mut sorted_black = black;
        sorted_black.sort();
        Estimate {
            width: pos.width,
            height: pos.height,
            strings: vec![
                StringEstimate {
                    color: Color::Black,
                    stones: sorted_black,
                    status: StoneStatus::Alive,
                    confidence: 1.0,
                    proven: true,
                },
                StringEstimate {
                    color: Color::White,
                    stones: white,
                    status: StoneStatus::Dead,
                    confidence: white_confidence,
                    // Certain means proven here: the wall is White's only string.
                    proven: white_confidence >= 1.0,
                },
            ],
            owner: vec![Some(Color::Black); 25],
        }
    }

    #[test]
    fn an_unclear_string_that_decides_the_winner_is_named() {
        let rules = Rules::named("chinese").unwrap();
        let pos = Position::from_diagram(&["XXO..", "XXO..", "XXO..", "XXO..", "XXO.."]);
        let c = ctx(&rules, 0.0, [0, 0], Scoring::Area);
        let est = wall_estimate(&pos, 0.6);
        let s = count(&pos, &est.dead_stones(), &[], &c).unwrap();
        assert_eq!(s.re, "B+25");
        let unclear = deciding_strings(&pos, &est, &s, &c, MIN_CONFIDENCE);
        assert_eq!(unclear.len(), 1);
        assert_eq!(unclear[0].color, Color::White);
        assert_eq!(unclear[0].vertices, vec!["C5", "C4", "C3", "C2", "C1"]);
        assert!(unclear[0]
            .describe()
            .starts_with("the White string at C5 C4"));
        // The same string, sure: nothing to name.
        let sure = wall_estimate(&pos, 0.95);
        assert!(deciding_strings(&pos, &sure, &s, &c, MIN_CONFIDENCE).is_empty());
    }

    #[test]
    fn an_unclear_string_that_does_not_decide_the_winner_is_not_named() {
        let rules = Rules::named("chinese").unwrap();
        let pos = Position::from_diagram(&["XXO..", "XXO..", "XXO..", "XXO..", "XXO.."]);
        // Komi -30: Black wins whether the White wall lives or dies.
        let c = ctx(&rules, -30.0, [0, 0], Scoring::Area);
        let est = wall_estimate(&pos, 0.6);
        let s = count(&pos, &est.dead_stones(), &[], &c).unwrap();
        assert!(deciding_strings(&pos, &est, &s, &c, MIN_CONFIDENCE).is_empty());
    }

    #[test]
    fn removal_follows_the_end_of_the_game() {
        use EndKind::*;
        use FourPassReading::*;
        let p = |end, reading, agreed| {
            let d = dead_policy(end, reading, agreed);
            (d.removal, d.estimate_decides)
        };
        // At a stop that ends the record the players agree; an estimate stands in.
        for reading in [Literal, Precedent, AsAgreed] {
            assert_eq!(p(Some(AgreementStop), reading, false), (true, true));
            // Never after a second stop, whatever is claimed.
            assert_eq!(p(Some(SecondStop), reading, true), (false, false));
        }
        // Four passes: the literal reading removes nothing; the precedent and the
        // record's own reading remove agreed stones only, never on an estimate alone.
        assert_eq!(p(Some(FourPasses), Literal, true), (false, false));
        assert_eq!(p(Some(FourPasses), Precedent, false), (true, false));
        assert_eq!(p(Some(FourPasses), AsAgreed, false), (true, false));
        // No end: only where the record stands for an agreement.
        assert_eq!(p(None, AsAgreed, true), (true, true));
        assert_eq!(p(None, AsAgreed, false), (false, true));
    }

    #[test]
    fn a_mismatch_that_turns_on_an_unclear_string_is_unverified_and_names_it() {
        // RE says White wins; the estimate kills the White wall, White's only string.
        let sgf = "(;SZ[5]RU[Chinese]KM[0]RE[W+5]AB[aa][ba][ab][bb][ac][bc][ad][bd][ae][be]AW[ca][cb][cc][cd][ce];B[];W[])";
        let rec = record_with_marks(sgf);
        let pos = Position::from_diagram(&["XXO..", "XXO..", "XXO..", "XXO..", "XXO.."]);
        // Unsure of it (0.6, not proven): the estimate may not take a whole colour off
        // the board, so the position is not countable and nothing is compared.
        let unsure = RefereeOptions {
            estimator: Estimator::Given(Box::new(wall_estimate(&pos, 0.6))),
            ..RefereeOptions::default()
        };
        let r = crate::count::referee(&rec, &unsure);
        assert_eq!(r.end.result.computed, None);
        assert_eq!(r.end.result.as_is.as_deref(), Some("W+5"));
        assert_eq!(
            r.end.result.status,
            ResultStatus::NotComparable,
            "{}",
            r.end.result.reason
        );
        let f = r
            .findings()
            .find(|f| f.code == Code::NotCountable)
            .expect("not-countable");
        assert!(f.message.contains("every White stone (5)"), "{}", f.message);
        assert!(!r.findings().any(|f| f.code == Code::ResultMismatch));
        assert!(r.end.dead.is_empty(), "nothing is taken away");
        // Proven: a mismatch, a warning because it rests on an estimate.
        let sure = RefereeOptions {
            estimator: Estimator::Given(Box::new(wall_estimate(&pos, 1.0))),
            ..RefereeOptions::default()
        };
        let r = crate::count::referee(&rec, &sure);
        assert_eq!(r.end.result.computed.as_deref(), Some("B+25"));
        assert_eq!(r.end.result.status, ResultStatus::Mismatch);
        let f = r
            .findings()
            .find(|f| f.code == Code::ResultMismatch)
            .expect("result-mismatch");
        assert_eq!(f.severity, Severity::Warning);
    }

    fn record_with_marks(sgf: &str) -> GameRecord {
        let (mut games, _) =
            crate::read::reader::read_text(sgf, &crate::read::reader::ReadOptions::default());
        games.remove(0)
    }

    #[test]
    fn dead_stones_come_from_the_claim_then_the_marks_then_the_estimate() {
        let rec = record_with_marks("(;SZ[5]AB[aa][ba]AW[ca][cb];B[];W[]TB[ca])");
        let pos = Position::from_diagram(&["XXO..", ".....", ".....", ".....", "....."]);
        let marked = dead_stones(&rec, &pos, None, &Estimator::Builtin, 0.0, true);
        assert_eq!(marked.basis, Basis::Marked);
        assert_eq!(marked.dead, vec![Point::new(2, 0)]);
        let claim = [Point::new(0, 0)];
        let claimed = dead_stones(&rec, &pos, Some(&claim), &Estimator::Builtin, 0.0, true);
        assert_eq!(
            (claimed.basis, claimed.dead.clone()),
            (Basis::Claimed, claim.to_vec())
        );
        let unmarked = record_with_marks("(;SZ[5]AB[aa][ba]AW[ca];B[];W[])");
        let est = dead_stones(&unmarked, &pos, None, &Estimator::Builtin, 0.0, true);
        assert_eq!(est.basis, Basis::Estimated);
        assert!(est.estimate.is_some());
        let none = dead_stones(&unmarked, &pos, None, &Estimator::None, 0.0, true);
        assert_eq!((none.basis, none.dead.len()), (Basis::AsIs, 0));
        let not_allowed = dead_stones(&rec, &pos, Some(&claim), &Estimator::Builtin, 0.0, false);
        assert_eq!(not_allowed.basis, Basis::AsIs);
    }

    /// One record through `check`'s report, `goref score`'s card and `appeal`'s SST
    /// reading (the record's RU[GOE] is the `sst-ing` preset): the same dead stones,
    /// basis, counting method, other-method result and figures in all three.
    #[test]
    fn report_scorecard_and_appeal_show_the_same_score_view() {
        let sgf = include_str!("../../testdata/appeal/t11b.sgf");
        let rec = record_with_marks(sgf);
        let checked = crate::count::referee(&rec, &RefereeOptions::default());
        let charset = crate::read::reader::Charset {
            declared: None,
            used: "UTF-8".into(),
            bom: None,
        };
        let report =
            crate::present::report::GameReport::new("t11b", &charset, rec.clone(), checked, false);
        let score = report.score.as_ref().expect("report score");
        let scored = crate::count::referee(
            &rec,
            &RefereeOptions {
                count_as_is: true,
                ..RefereeOptions::default()
            },
        );
        let card = crate::present::scorecard::ScoreCard::new("t11b", &rec, &scored).expect("card");
        let appeal =
            crate::present::appeal::appeal(&rec, &crate::present::appeal::AppealOptions::default())
                .expect("appeal");
        let reading = appeal
            .readings
            .iter()
            .find(|r| r.kind == crate::present::appeal::ReadingKind::SstLiteral)
            .expect("SST reading");

        // The view: report and appeal name points by SGF letters, the card by vertices.
        assert_eq!(score.view, reading.view);
        assert_eq!(score.view.dead, vec!["ec", "ff"]);
        assert_eq!(card.view.dead, vec!["E5", "F2"]);
        for view in [&score.view, &card.view, &reading.view] {
            assert_eq!(view.basis, Basis::Marked);
            assert_eq!(view.dead_source, Some("record"));
            assert_eq!(view.counting, Scoring::Area);
            let other = view.other_count.as_ref().expect("other count");
            assert_eq!(
                (other.counting, other.re.as_str()),
                (Scoring::Territory, "W+32")
            );
        }
        // The figures beside it.
        assert_eq!((score.black, score.white), (14, 35));
        assert_eq!((card.black.area, card.white.area), (14, 35));
        assert_eq!((reading.black, reading.white), (Some(14), Some(35)));
        assert_eq!(score.margin, 29.0);
        assert_eq!(card.black_margin, -29.0);
        assert_eq!(reading.margin, Some(29.0));
        assert_eq!(score.winner, Some(Color::White));
        assert_eq!(reading.winner, Some(Color::White));
        assert_eq!(card.count, "W+29");
        assert_eq!(reading.re.as_deref(), Some("W+29"));
        assert_eq!(
            report.result.as_ref().and_then(|r| r.computed.as_deref()),
            Some("W+29")
        );
    }

    /// A two-eyed group of `color` in the top-left corner of a board at least 6 wide
    /// and 5 high: a 3x4 block around two separate one-point eyes (A-row cells (1,1)
    /// and (1,3)), pass-alive whatever stands elsewhere.
    fn stamp_two_eyed_group(pos: &mut Position, color: Color) {
        for y in 0..5u8 {
            for x in 0..3u8 {
                let eye = x == 1 && (y == 1 || y == 3);
                pos.set(Point::new(x, y), if eye { None } else { Some(color) });
            }
        }
        // A moat of empty points keeps the block one string that touches nothing else.
        for y in 0..6u8.min(pos.height) {
            pos.set(Point::new(3, y), None);
        }
        if pos.height > 5 {
            for x in 0..4u8 {
                pos.set(Point::new(x, 5), None);
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(128))]

        /// Issue 26: the estimate never takes a pass-alive group off the board, and the
        /// dead stones the reading removes never leave a colour with no area where it
        /// has a two-eyed group; a whole colour is taken off only where every one of its
        /// strings is proven dead.
        #[test]
        fn an_estimate_never_kills_a_two_eyed_group_nor_empties_its_colour(
            w in 6u8..=9,
            h in 6u8..=9,
            cells in proptest::collection::vec(0u8..3, 81),
            white in proptest::prelude::any::<bool>(),
        ) {
            let mut pos = Position::empty(w, h);
            for (i, c) in cells.iter().take(pos.cells.len()).enumerate() {
                pos.cells[i] = match c { 1 => Some(Color::Black), 2 => Some(Color::White), _ => None };
            }
            let color = if white { Color::White } else { Color::Black };
            stamp_two_eyed_group(&mut pos, color);
            let group = Point::new(0, 0);
            let est = estimate::estimate(&pos);
            let status = est.strings.iter().find(|s| s.stones.contains(&group)).map(|s| s.status);
            proptest::prop_assert_eq!(status, Some(StoneStatus::Alive));
            let rec = record_with_marks("(;SZ[9])");
            let dead = dead_stones(&rec, &pos, None, &Estimator::Builtin, 7.5, true);
            proptest::prop_assert!(!dead.dead.contains(&group));
            let area = score::count_area(&pos, &dead.dead).unwrap();
            proptest::prop_assert!(area.side(color).area > 0);
            // No colour is emptied on an estimate that does not prove it.
            for c in [Color::Black, Color::White] {
                let stones: Vec<Point> = (0..pos.cells.len())
                    .filter(|&i| pos.cells[i] == Some(c))
                    .map(|i| pos.point(i))
                    .collect();
                if !stones.is_empty() && stones.iter().all(|p| dead.dead.contains(p)) {
                    let proven = est.strings.iter().filter(|s| s.color == c).all(|s| s.proven);
                    proptest::prop_assert!(proven, "{c:?} emptied without proof");
                }
            }
        }
    }

    /// Every stone of `pos` alive, one string per stone (enough for `countable`).
    fn all_alive(pos: &Position) -> Estimate {
        let strings = (0..pos.cells.len())
            .filter_map(|i| {
                pos.cells[i].map(|color| StringEstimate {
                    color,
                    stones: vec![pos.point(i)],
                    status: StoneStatus::Alive,
                    confidence: 1.0,
                    proven: false,
                })
            })
            .collect();
        Estimate {
            width: pos.width,
            height: pos.height,
            strings,
            owner: vec![None; pos.cells.len()],
        }
    }

    #[test]
    fn an_open_area_of_more_than_the_limit_is_not_countable_and_the_limit_is() {
        // Nine empty points between a Black and a White wall: over the limit of 8.
        let nine = Position::from_diagram(&["X...O", "X...O", "X...O"]);
        let why = countable(&nine, &all_alive(&nine), true).unwrap_err();
        assert!(why.contains("an open area of 9 points"), "{why}");
        // Eight: the limit itself is countable.
        let eight = Position::from_diagram(&["XX..O", "X...O", "X...O"]);
        assert_eq!(countable(&eight, &all_alive(&eight), true), Ok(()));
        assert_eq!(MAX_OPEN_AREA, 8);
        // An area touching one colour only is territory, whatever its size.
        let territory = Position::from_diagram(&["X....", "X....", "X...."]);
        assert_eq!(countable(&territory, &all_alive(&territory), true), Ok(()));
        // Stones read dead open the area they stand in: two areas of 5 empty points each
        // become one of 10 once the Black column between them is read dead.
        let split = Position::from_diagram(&["X.X.O", "X.X.O", "X.X.O", "X.X.O", "X.X.O"]);
        assert_eq!(countable(&split, &all_alive(&split), true), Ok(()));
        let mut est = all_alive(&split);
        for s in &mut est.strings {
            if s.stones[0].x == 2 {
                s.status = StoneStatus::Dead;
            }
        }
        let why = countable(&split, &est, true).unwrap_err();
        assert!(why.contains("an open area of 10 points"), "{why}");
    }

    #[test]
    fn a_sparse_board_is_countable_only_after_two_passes() {
        let sparse = Position::from_diagram(&["X....", ".....", "....X", ".....", "....."]);
        let est = all_alive(&sparse);
        let why = countable(&sparse, &est, false).unwrap_err();
        assert!(
            why.contains("only 2 of the 25 points hold a stone"),
            "{why}"
        );
        // Two passes make the same board countable (the players agreed it was finished).
        assert_eq!(countable(&sparse, &est, true), Ok(()));
        // 6 stones of 25 are under a quarter, 7 are not.
        let six = Position::from_diagram(&["XXX..", "XXX..", ".....", ".....", "....."]);
        let why = countable(&six, &all_alive(&six), false).unwrap_err();
        assert!(why.contains("only 6 of the 25"), "{why}");
        let seven = Position::from_diagram(&["XXX..", "XXXX.", ".....", ".....", "....."]);
        assert_eq!(countable(&seven, &all_alive(&seven), false), Ok(()));
    }
}
