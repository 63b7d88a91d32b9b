//! Which dead stones a reading of the end takes away, and why: the policy at each kind
//! of end (`dead_policy`), the stones claimed, marked or estimated (`dead_stones`), whether
//! the estimate can count the position at all (`countable`), and how the two readings of
//! four passes settle (`settle`, `FourPassReadings`).

use super::method::{count, CountContext};
use super::verdict::agrees;
use crate::count::estimate::{self, Estimate, StoneStatus};
use crate::count::gtp;
use crate::count::options::Estimator;
use crate::count::score::{nearly_enclosed_by, Score};
use crate::findings::{Code, Finding};
use crate::point::{Color, Point};
use crate::read::record::GameRecord;
use crate::read::result::ParsedResult;
use crate::replay::ending::EndKind;
use crate::replay::position::Position;
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
    /// The name in reports (`marked`, `claimed`, `estimated`, `as-is`).
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

    /// The basis of removed stones: none when every stone counts as it stands.
    pub fn removed(self) -> Option<Basis> {
        Some(self).filter(|&b| b != Basis::AsIs)
    }

    /// Where removed dead stones came from, as reports name it (`dead_source`):
    /// `record` (TB/TW), `command-line` (`--dead`), `estimate`; none when every stone
    /// counts as it stands.
    pub fn source_name(self) -> Option<&'static str> {
        match self {
            Basis::Marked => Some("record"),
            Basis::Claimed => Some("command-line"),
            Basis::Estimated => Some("estimate"),
            Basis::AsIs => None,
        }
    }

    /// How removed stones were chosen, for an appeal's sentences.
    pub(crate) fn source_phrase(self) -> &'static str {
        match self {
            Basis::Claimed => "claimed with --dead",
            Basis::Marked => "marked dead by TB/TW in the record",
            Basis::Estimated => "estimated by goref: nothing is marked or claimed",
            Basis::AsIs => "none removed",
        }
    }
}

/// Writes an optional [`Basis`] as the source of removed stones (`record`,
/// `command-line`, `estimate`, or null), the form reports give `dead_source`.
pub(crate) fn serialize_source<S: serde::Serializer>(
    basis: &Option<Basis>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_some(&basis.and_then(Basis::source_name))
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
        Estimator::Playouts => estimate::estimate_with_playouts(position),
        Estimator::Given(e) => (**e).clone(),
        Estimator::Gtp {
            command,
            timeout,
            game_timeout,
        } => match gtp::estimate(
            &gtp::EngineSpec {
                command: command.clone(),
                timeout: *timeout,
                game_timeout: *game_timeout,
            },
            position,
            komi,
        ) {
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
    let stopped = ends_in_two_passes(record);
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

/// Whether the record ends at a stop: its last two moves are passes.
pub(crate) fn ends_in_two_passes(record: &GameRecord) -> bool {
    let mut last = record.events.iter().rev().filter_map(|e| match e {
        crate::read::record::Event::Move(m) => Some(m.mv),
        crate::read::record::Event::Setup(_) => None,
    });
    let pass = Some(crate::point::Move::Pass);
    last.next() == pass && last.next() == pass
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
/// settled) unless, in a record that stops before the players did, one colour nearly
/// encloses it ([`nearly_enclosed_by`]: the count closes its gap). `Err` says why, in
/// words for a result's reason.
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
    let open = largest_open_area(position, est, !stopped);
    if open > MAX_OPEN_AREA {
        return Err(format!(
            "an open area of {open} points still touches living stones of both colours: its boundary is not settled"
        ));
    }
    Ok(())
}

/// The empty points of the largest area that is open (empty points and estimated dead
/// stones) and touches living (not seki) stones of both colours, unless one of them
/// nearly encloses it and the count closes such gaps (`gaps_closed`: the record stops
/// before the players did).
pub(super) fn largest_open_area(position: &Position, est: &Estimate, gaps_closed: bool) -> usize {
    let n = position.cells.len();
    let mut status: Vec<Option<StoneStatus>> = vec![None; n];
    for s in &est.strings {
        for &p in &s.stones {
            status[position.index(p)] = Some(s.status);
        }
    }
    let open = |i: usize| position.cells[i].is_none() || status[i] == Some(StoneStatus::Dead);
    let living = |i: usize| match status[i] {
        Some(StoneStatus::Alive) => position.cells[i],
        _ => None,
    };
    let neighbours = |i: usize| {
        position
            .neighbours(position.point(i))
            .map(|q| position.index(q))
    };
    // Per cell: the area it was found in (usize::MAX: none yet).
    let mut area_of = vec![usize::MAX; n];
    let mut largest = 0;
    let mut stack = Vec::new();
    let mut cells = Vec::new();
    for start in 0..n {
        if area_of[start] != usize::MAX || !open(start) {
            continue;
        }
        area_of[start] = start;
        stack.push(start);
        cells.clear();
        let (mut empty, mut touches) = (0usize, [false; 2]);
        while let Some(i) = stack.pop() {
            cells.push(i);
            empty += usize::from(position.cells[i].is_none());
            for j in neighbours(i) {
                if open(j) {
                    if area_of[j] == usize::MAX {
                        area_of[j] = start;
                        stack.push(j);
                    }
                } else if let Some(c) = living(j) {
                    touches[c.index()] = true;
                }
            }
        }
        // An area one colour nearly encloses is settled where the count closes its gap
        // (a record that stops before the players did): the gap is a dame.
        if touches[0]
            && touches[1]
            && !(gaps_closed
                && nearly_enclosed_by(
                    cells.iter().copied(),
                    |i| area_of[i] == start,
                    |i| position.cells[i].is_some(),
                    living,
                    neighbours,
                    n,
                )
                .is_some())
        {
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
pub(super) fn four_pass_readings(
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

/// The examples that documented crate-private items, kept as tests.
#[cfg(test)]
mod doc_examples {
    #[allow(unused_imports)]
    use super::*;

    #[test]
    fn basis_names_the_dead_stones_source() {
        use crate::count::reading::Basis;

        // TW marks a black stone dead: the count rests on the record's marks.
        let sgf = b"(;SZ[5]KM[0.5]RU[Chinese]RE[W+0.5];B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de];B[ea];B[];W[]TW[ea])";
        let result = crate::check::first_report(sgf).result.unwrap();
        assert_eq!(result.basis, Basis::Marked);
    }
}
