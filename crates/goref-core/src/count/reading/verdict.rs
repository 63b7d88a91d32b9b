//! The verdict on RE: the count compared with the recorded result (`ResultCheck`),
//! the strings that could change the winner, the record's own comment as a second
//! source, and the checks for records that cannot be compared.

use super::dead::{Basis, FourPassReading, FourPassReadings};
use super::method::{recount, CountContext, Method, Recount};
use super::EndReading;
use crate::count::estimate::{Estimate, StoneStatus, StringEstimate};
use crate::count::judge::Judged;
use crate::count::options::RefereeOptions;
use crate::count::score::Score;
use crate::findings::{Code, Finding, Severity};
use crate::point::{Color, Point};
use crate::read::record::{GameRecord, ValueSource};
use crate::read::result::{parse_re, Outcome, ParsedResult, ResultKind};
use crate::replay::position::Position;
use crate::rules::{RulesSource, Scoring, Selection};
use serde::Serialize;

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

/// The unclear strings (confidence below `min_confidence`) on which the count's verdict
/// turns. A dead string flips to alive; an alive or seki string flips to dead. A string
/// decides when, flipped alone, it changes the winner of `score`, or, with `against` (RE's
/// margin for Black, where the count disagrees with it), when it moves the count to RE or
/// past it, or makes up most of the difference (less than half of it is left). Where no
/// string decides alone, the unclear strings read together in one colour's favour may: then
/// those are named (the largest first) and `together` is set.
pub(crate) fn deciding_strings(
    recounts: &mut Recounts,
    est: &Estimate,
    score: &Score,
    min_confidence: f32,
    against: Option<f64>,
) -> Deciding {
    const NAMED: usize = 3;
    let decides = |flipped: &Recount| turns_the_verdict(score, against, flipped);
    let height = recounts.position.height;
    let unclear: Vec<&StringEstimate> = est.unclear(min_confidence).collect();
    if unclear.len() > 1 && !could_decide(recounts, &unclear, score, against) {
        return Deciding::default();
    }
    let mut out = Vec::new();
    let mut firsts = Vec::new();
    for s in &unclear {
        if recounts.flip(&[*s]).is_some_and(decides) {
            out.push(UnclearString::new(s, height));
            firsts.extend(s.stones.first());
            if out.len() == NAMED {
                break;
            }
        }
    }
    if !out.is_empty() || unclear.len() < 2 {
        return Deciding {
            strings: out,
            firsts,
            together: false,
        };
    }
    // Together, each read in one colour's favour (as `could_decide` asks): flipping them
    // all at once would move some strings each way and cancel out.
    let favoured = [Color::Black, Color::White]
        .into_iter()
        .map(|color| in_favour_of(&unclear, color))
        .find(|set| !set.is_empty() && recounts.flip(set).is_some_and(decides));
    let Some(mut largest) = favoured else {
        return Deciding::default();
    };
    largest.sort_by_key(|s| std::cmp::Reverse(s.stones.len()));
    Deciding {
        strings: largest
            .iter()
            .take(NAMED)
            .map(|s| UnclearString::new(s, height))
            .collect(),
        firsts: largest
            .iter()
            .filter_map(|s| s.stones.first())
            .copied()
            .collect(),
        together: true,
    }
}

/// Whether `flipped` (a margin for Black and its winner, with some strings flipped)
/// turns the verdict on `score`: it changes the winner, or, with `against` (RE's margin
/// for Black, where the count disagrees with it), it moves the count to RE or past it,
/// or makes up most of the difference (less than half of it is left).
fn turns_the_verdict(score: &Score, against: Option<f64>, flipped: &Recount) -> bool {
    let (margin, winner) = (flipped.black_margin, flipped.winner);
    winner != score.winner
        || against.is_some_and(|re| {
            // Margins are sums of halves: exact in binary, compared exactly.
            let from = score.black_margin;
            let reaches = (from.min(margin)..=from.max(margin)).contains(&re);
            // The flip accounts for most of the difference: what is left is less
            // than half of it (miracle97: 52 unsure stones make 209 of 244 points).
            let most = (margin - re).abs() < (from - re).abs() / 2.0;
            reaches || most
        })
}

/// Whether any of `strings`, flipped alone or together, could turn the verdict on
/// `score` ([`turns_the_verdict`]): two counts instead of one per string. A string read
/// in a side's favour never lowers that side's count (its stones and the area they close
/// count for it, or the other side's stop counting), so the margin of any flip of some of
/// the strings lies between every string read in White's favour and every one read in
/// Black's; and each test of [`turns_the_verdict`] holds, on either side of the
/// estimate's margin, from some margin on outwards (a winner changed, RE reached, most
/// of the way to it). When neither end turns the verdict, no flip does. A count that
/// fails leaves the question open (true).
pub(crate) fn could_decide(
    recounts: &mut Recounts,
    strings: &[&StringEstimate],
    score: &Score,
    against: Option<f64>,
) -> bool {
    [Color::Black, Color::White].into_iter().any(|color| {
        let favour = in_favour_of(strings, color);
        !favour.is_empty()
            && recounts
                .flip(&favour)
                .is_none_or(|f| turns_the_verdict(score, against, f))
    })
}

/// The unclear strings a verdict turns on ([`deciding_strings`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Deciding {
    /// At most three strings, each deciding alone, or (with `together`) the largest of
    /// the unclear strings that decide only flipped together, all in one colour's favour.
    pub strings: Vec<UnclearString>,
    /// The first (smallest) stone of each of `strings`: which estimated strings they are.
    pub firsts: Vec<Point>,
    pub together: bool,
}

impl Deciding {
    /// The strings described, joined with "; ".
    pub(crate) fn names(&self) -> String {
        let names: Vec<String> = self.strings.iter().map(UnclearString::describe).collect();
        names.join("; ")
    }
}

/// The estimate's count with some of its strings flipped (dead ones alive, alive and
/// seki ones dead), each set of strings counted once: the verdict's tests, the second
/// look's and the range ask for the same sets again (the estimate's dead strings alive,
/// the one string that decides).
pub(crate) struct Recounts<'a> {
    position: &'a Position,
    ctx: &'a CountContext<'a>,
    /// The estimate's dead and seki stones.
    dead: Vec<Point>,
    seki: Vec<Point>,
    /// The sets counted so far, by the first stone of each string flipped (sorted).
    done: Vec<(Vec<Point>, Option<Recount>)>,
    /// Whether the estimate's own count was given ([`Recounts::knowing`]), not made here.
    known: bool,
}

impl<'a> Recounts<'a> {
    /// Recounts of `position` as `est` reads it. The statuses are what matters: an
    /// estimate the second look gave other confidences is recounted by the same one.
    pub(crate) fn new(position: &'a Position, est: &Estimate, ctx: &'a CountContext<'a>) -> Self {
        Recounts {
            position,
            ctx,
            dead: est.dead_stones(),
            seki: est.seki_stones(),
            done: Vec::new(),
            known: false,
        }
    }

    /// With the estimate's own count already made (`score`, counted on `dead` and `seki`
    /// by the same context), where those are the estimate's stones: no string flipped.
    pub(crate) fn knowing(mut self, dead: &[Point], seki: &[Point], score: &Score) -> Self {
        if self.done.is_empty() && dead == self.dead && seki == self.seki {
            let own = Recount {
                black_margin: score.black_margin,
                winner: score.winner,
                re: score.re.clone(),
            };
            self.done.push((Vec::new(), Some(own)));
            self.known = true;
        }
        self
    }

    /// How many sets were counted (the estimate's own count, where it was given, is not).
    #[cfg(test)]
    pub(crate) fn counted(&self) -> usize {
        self.done.len() - usize::from(self.known)
    }

    /// The count with `strings` flipped; None where it cannot be counted.
    fn flip(&mut self, strings: &[&StringEstimate]) -> Option<&Recount> {
        let mut key: Vec<Point> = strings
            .iter()
            .filter_map(|s| s.stones.first())
            .copied()
            .collect();
        key.sort_unstable();
        let at = match self.done.iter().position(|(k, _)| *k == key) {
            Some(at) => at,
            None => {
                let (dead, seki) = self.flipped(strings);
                let counted = recount(self.position, &dead, &seki, self.ctx).ok();
                self.done.push((key, counted));
                self.done.len() - 1
            }
        };
        self.done[at].1.as_ref()
    }

    /// The estimate's dead and seki stones with `strings` flipped.
    fn flipped(&self, strings: &[&StringEstimate]) -> (Vec<Point>, Vec<Point>) {
        let flipped = |p: &&Point| !strings.iter().any(|s| s.stones.contains(p));
        let mut dead: Vec<Point> = self.dead.iter().filter(flipped).copied().collect();
        for s in strings.iter().filter(|s| s.status != StoneStatus::Dead) {
            dead.extend(&s.stones);
        }
        let seki: Vec<Point> = self.seki.iter().filter(flipped).copied().collect();
        (dead, partnered_seki(self.position, seki))
    }
}

/// Puts `q` in seki group `id` (and on the `stack` to walk from) where it is a stone of
/// `seki` (sorted) not grouped yet.
fn join_seki(seki: &[Point], group: &mut [usize], stack: &mut Vec<Point>, q: Point, id: usize) {
    if let Ok(k) = seki.binary_search(&q) {
        if group[k] == usize::MAX {
            group[k] = id;
            stack.push(q);
        }
    }
}

/// The stones of `seki` that still have a partner of the other colour: a seki is two
/// colours' strings that share liberties, so where flipping strings dead leaves one
/// colour's strings of a seki alone, their partners are dead and they simply live. A seki
/// here is a set of strings joined stone to stone or through a shared liberty.
fn partnered_seki(position: &Position, seki: Vec<Point>) -> Vec<Point> {
    if seki.is_empty() {
        return seki;
    }
    let mut group = vec![usize::MAX; seki.len()];
    let mut colours: Vec<[bool; 2]> = Vec::new();
    for start in 0..seki.len() {
        if group[start] != usize::MAX {
            continue;
        }
        let id = colours.len();
        colours.push([false; 2]);
        group[start] = id;
        let mut stack = vec![seki[start]];
        while let Some(p) = stack.pop() {
            if let Some(c) = position.get(p) {
                colours[id][c.index()] = true;
            }
            // Stones of the seki next to this one, or next to one of its empty neighbours
            // (a shared liberty).
            for n in position.neighbours(p) {
                join_seki(&seki, &mut group, &mut stack, n, id);
                if position.get(n).is_none() {
                    for m in position.neighbours(n) {
                        join_seki(&seki, &mut group, &mut stack, m, id);
                    }
                }
            }
        }
    }
    seki.iter()
        .zip(&group)
        .filter(|&(_, &g)| colours[g] == [true, true])
        .map(|(&p, _)| p)
        .collect()
}

/// The counts a result that turns on unclear strings lies between (issue 26: never read
/// aloud a number that cannot be defended): every unclear string (confidence below
/// `min_confidence`) read the way that favours White (White's dead ones alive, Black's
/// living and seki ones dead), and the way that favours Black. Every reading of them lies
/// between the two ([`could_decide`]), so a winner both ends name is the winner whichever
/// way they are read; the strings `deciding` names are only the ones the reason shows, and
/// a range over those alone could name a winner the others overturn (a Fox game read
/// "W+53 to W+145" on its three named strings, RE and GNU Go B+8 with the rest alive).
///
/// ```text
/// the estimate W+248.5, 58 Black stones dead, 32 of them unsure (miracle97):
///   for White W+248.5, for Black W+1.5 -> White wins; the margin is not settled
/// ```
pub(crate) fn count_range(
    recounts: &mut Recounts,
    est: &Estimate,
    min_confidence: f32,
) -> Option<CountRange> {
    let unclear: Vec<&StringEstimate> = est.unclear(min_confidence).collect();
    let mut favouring = |color: Color| {
        let r = recounts.flip(&in_favour_of(&unclear, color))?;
        Some((r.black_margin, r.re.clone()))
    };
    let (black_margin, for_black) = favouring(Color::Black)?;
    let (white_margin, for_white) = favouring(Color::White)?;
    Some(CountRange {
        for_black,
        for_white,
        black_margin,
        white_margin,
    })
}

/// Within this many points of RE a count agrees with the board RE was counted on: a dame
/// or a counting detail apart (Fox's and KGS's territory counts are one point off the
/// server's in about one game in ten), never a string's worth.
pub(crate) const RE_READING_WITHIN: f64 = 2.0;

/// The most strings whose readings [`re_settles`] compares (every set of them flipped).
const SETTLED_AT_MOST: usize = 3;

/// RE as a second opinion on the strings a mismatch turns on (`deciding`, in `est`): where
/// the estimate's count names RE's winner within [`RE_READING_WITHIN`] points of RE, and
/// every other reading of those strings (each set of them flipped) is more than that from
/// RE, RE was counted on the board as the estimate reads it: the strings are settled,
/// and what is left of the mismatch is the margin's. Returns the other readings' counts
/// ("B+3.5", or "B+79.5 to B+77.5, in Black's favour, then in White's"), or None where RE does not
/// tell the estimate's reading apart (or the strings decide only together, or are too
/// many to read each way). `re` is RE's margin for Black.
pub(crate) fn re_settles(
    recounts: &mut Recounts,
    est: &Estimate,
    score: &Score,
    re: f64,
    deciding: &Deciding,
    min_confidence: f32,
) -> Option<String> {
    let re_winner = if re > 0.0 {
        Color::Black
    } else if re < 0.0 {
        Color::White
    } else {
        return None;
    };
    if deciding.together
        || score.winner != Some(re_winner)
        || (score.black_margin - re).abs() > RE_READING_WITHIN
    {
        return None;
    }
    let named: Vec<&StringEstimate> = est
        .unclear(min_confidence)
        .filter(|s| {
            s.stones
                .first()
                .is_some_and(|p| deciding.firsts.contains(p))
        })
        .collect();
    if named.len() > SETTLED_AT_MOST {
        return None;
    }
    let mut others: Vec<(f64, String)> = Vec::new();
    for set in 1..(1u32 << named.len()) {
        let flipped: Vec<&StringEstimate> = (0..named.len())
            .filter(|&k| set & (1 << k) != 0)
            .map(|k| named[k])
            .collect();
        let r = recounts.flip(&flipped)?;
        // Margins are sums of halves: exact in binary, compared exactly.
        if (r.black_margin - re).abs() <= RE_READING_WITHIN {
            return None;
        }
        others.push((r.black_margin, r.re.clone()));
    }
    others.sort_by(|a, b| b.0.total_cmp(&a.0));
    let (Some((_, best_for_black)), Some((_, best_for_white))) = (others.first(), others.last())
    else {
        return None;
    };
    Some(if best_for_black == best_for_white {
        best_for_black.clone()
    } else {
        format!("{best_for_black} to {best_for_white}, in Black's favour, then in White's")
    })
}

/// The strings of `unclear` that, flipped, favour `color`: its own dead ones (alive) and
/// the other side's living and seki ones (dead).
fn in_favour_of<'a>(unclear: &[&'a StringEstimate], color: Color) -> Vec<&'a StringEstimate> {
    unclear
        .iter()
        .copied()
        .filter(|s| (s.color == color) == (s.status == StoneStatus::Dead))
        .collect()
}

/// What a count that turns on unclear strings lies between ([`count_range`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CountRange {
    /// The count with the strings read in Black's favour (`W+39.5`).
    pub for_black: String,
    /// The count with every unsure string read in White's favour (`W+248.5`).
    pub for_white: String,
    #[serde(skip)]
    black_margin: f64,
    #[serde(skip)]
    white_margin: f64,
}

impl CountRange {
    /// "every unsure string read in Black's favour, then in White's: W+39.5 to W+248.5".
    pub(crate) fn reading(&self) -> String {
        format!(
            "every unsure string read in Black's favour, then in White's: {}",
            self.span()
        )
    }

    /// "W+39.5 to W+248.5": from Black's best reading to White's.
    pub fn span(&self) -> String {
        if self.for_black == self.for_white {
            self.for_black.clone()
        } else {
            format!("{} to {}", self.for_black, self.for_white)
        }
    }

    /// The winner both ends of the range name, if they name the same one as the
    /// estimate's count (`estimate`, Black's margin); none where an end is a draw.
    pub(crate) fn settled_winner(&self, estimate: f64) -> Option<Color> {
        let winner = |m: f64| {
            if m > 0.0 {
                Some(Color::Black)
            } else if m < 0.0 {
                Some(Color::White)
            } else {
                None
            }
        };
        let w = winner(estimate)?;
        (winner(self.white_margin) == Some(w) && winner(self.black_margin) == Some(w)).then_some(w)
    }
}

/// The result check of issue 5: `agrees`, `mismatch`, `unverified`, `not-comparable`, `unknown`.
///
/// ```
/// use goref_core::report::ResultStatus;
/// use goref_core::{check_bytes, CheckOptions};
///
/// let status = |re: &str| {
///     let sgf = format!("(;SZ[5]KM[0.5]RU[Chinese]RE[{re}];B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de];B[];W[])");
///     check_bytes("s.sgf", sgf.as_bytes(), &CheckOptions::default())[0].result_status().unwrap()
/// };
/// assert_eq!(status("B+4.5"), ResultStatus::Agrees);
/// assert_eq!(status("W+4.5"), ResultStatus::Mismatch);
/// assert_eq!(status("B+R"), ResultStatus::Agrees); // the count names the same winner
/// ```
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
    /// The name in reports (`agrees`, `mismatch`, …).
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
    /// RE in points where it is counted in stones, as Chinese counting states a result
    /// (`W+1.25` under area counting is `W+2.5`): what `computed` is compared with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recorded_in_points: Option<String>,
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
    /// Estimated strings that are not clear and on which the verdict turns: flipped, they
    /// would change the winner, or (against a mismatch) bring the count to RE's margin.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unclear: Vec<UnclearString>,
    /// Where the result turns on unclear strings: the counts it lies between, with every
    /// unclear string read in White's favour and in Black's. `computed` is then the
    /// winner alone (`W+`) when both ends name the same one, else null.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<CountRange>,
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
    /// A check of `recorded` (RE as written) with nothing computed yet: status `unknown`.
    pub fn new(recorded: Option<String>) -> ResultCheck {
        ResultCheck {
            recorded,
            recorded_in_points: None,
            computed: None,
            status: ResultStatus::Unknown,
            basis: Basis::AsIs,
            counting: None,
            reason: String::new(),
            as_is: None,
            other_count: None,
            unclear: Vec::new(),
            range: None,
            four_passes: None,
        }
    }

    /// The computed result as a page shows it: with the range it lies in where it turns
    /// on unclear strings (`W+ (W+39.5 to W+248.5)`, or `W+3.5 to B+3.5` where not even
    /// the winner is settled).
    pub fn computed_shown(&self) -> Option<String> {
        match (&self.computed, &self.range) {
            (Some(c), Some(r)) => Some(format!("{c} ({})", r.span())),
            (None, Some(r)) => Some(r.span()),
            (c, None) => c.clone(),
        }
    }

    /// The `unclear` strings described, joined with "; ".
    pub(crate) fn unclear_names(&self) -> String {
        let names: Vec<String> = self.unclear.iter().map(UnclearString::describe).collect();
        names.join("; ")
    }

    /// " (every unsure string read in Black's favour, then in White's: B+1.5 to W+39.5)", or nothing without
    /// a range.
    pub(crate) fn range_note(&self) -> String {
        self.range
            .as_ref()
            .map_or(String::new(), |r| format!(" ({})", r.reading()))
    }

    /// What the `unclear` strings decide: `"margin"` where the count and RE name the
    /// same winner, else `"winner"`.
    pub(crate) fn unclear_decides(&self) -> &'static str {
        let winner = |re: Option<&str>| re.map(|r| parse_re(r).winner());
        if winner(self.computed.as_deref()).is_some()
            && winner(self.computed.as_deref()) == winner(self.recorded.as_deref())
        {
            "margin"
        } else {
            "winner"
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

/// The final position is not finished enough for the estimate to count it: nothing is
/// computed or compared; the count as it stands is given, labelled.
pub(super) fn not_countable_check(
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
pub(super) fn side_variation_check(record: &GameRecord, r: &EndReading) -> ResultCheck {
    let mut check = ResultCheck::new(record.info.result.clone());
    check.computed = r.score.as_ref().map(|s| s.re.clone());
    check.status = ResultStatus::NotComparable;
    check.reason = "a side variation: RE is the main line's result".into();
    check
}

/// RE written as a count of zero (`B+0`, `W+0.0`).
pub(super) fn zero_margin(record: &GameRecord) -> bool {
    recorded_margin(record) == Some(0.0)
}

/// RE written as a count whose margin no count of a board gives: every count is a
/// whole number of points less a komi in halves (or, counted in stones as Chinese
/// counters do, in quarters), so `B+0.02` is no count but a code (Fox writes `B+0.02`
/// and `W+0.03` for games that stopped mid-game).
pub(super) fn margin_no_count_gives(record: &GameRecord) -> bool {
    recorded_margin(record).is_some_and(|m| (m * 4.0).fract() != 0.0)
}

/// RE's margin where RE is written as a count.
fn recorded_margin(record: &GameRecord) -> Option<f64> {
    let (_, parsed) = record.re()?;
    matches!(parsed.kind, ResultKind::Score(_))
        .then(|| parsed.margin())
        .flatten()
}

/// RE that is written as a count but is none (a source's `B+0` for a win without a
/// count, or a margin no count gives): there is no margin to compare.
pub(super) fn not_a_count_check(
    record: &GameRecord,
    r: &EndReading,
    method: &Method,
    reached_end: bool,
) -> ResultCheck {
    let mut check = ResultCheck::new(record.info.result.clone());
    let count = r.score.as_ref().map(|s| s.re.clone());
    // The count is the game's result only where the game reached a countable end. A
    // record that stops before it is a resignation in all but name: no result (`score`
    // still shows its count as it stands); a position the estimate cannot count has the
    // count as it stands, labelled so (as `not_countable_check` does).
    match (reached_end, &r.not_countable) {
        (true, None) => check.computed = count,
        (true, Some(_)) => check.as_is = count,
        (false, _) => {}
    }
    check.status = ResultStatus::NotComparable;
    let re = record.info.result.as_deref().unwrap_or("");
    let convention = method.convention.as_ref().map(|d| d.convention);
    check.reason = match convention {
        _ if margin_no_count_gives(record) => {
            let code = convention
                .filter(|c| c.zero_margin_is_not_a_count)
                .map(|c| format!("; this source (convention `{}`) writes such margins for wins without a count", c.id))
                .unwrap_or_default();
            format!(
                "RE[{re}] is not a count: no count of a board gives that margin (counts go by half points, or by quarters where counted in stones), so there is no margin to compare{code}"
            )
        }
        Some(c) => format!(
            "RE[{re}] is how this source (convention `{}`) writes a win without a count",
            c.id
        ),
        None => format!("RE[{re}] is a win without a count"),
    };
    if let Some(why) = &r.not_countable {
        check.reason = format!(
            "{}; and the game did not reach a countable end ({why}); the count as it stands, every stone on the board, gives {}",
            check.reason,
            check.as_is.as_deref().unwrap_or("-")
        );
    }
    check
}

/// Whether the board must be counted: the game ran to its end, RE gives a count to
/// compare with, dead stones were claimed, or the caller always wants the count.
pub(super) fn counting_needed(record: &GameRecord, opts: &RefereeOptions, judged: &Judged) -> bool {
    opts.dead.is_some() || opts.count_as_is || judged.ending.end.is_some() || re_is_count(record)
}

/// Compares the computed result with RE: the check, and the mismatch finding it would
/// make (pending: the caller may find the estimate cannot carry it); other findings go
/// to `findings`.
pub(super) fn judge_result(
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
    let ctx = CompareWith {
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

/// Whether some reading of rules the record does not state could have given RE: the
/// difference is no more than the two counting methods differ, plus the largest
/// handicap compensation (N points, Chinese rules) and, where the komi is not recorded
/// but taken from the rules, the largest default komi (8, Ing). A difference beyond that
/// is no question of rules (rbm-bobk-200303111815: B+91.5 against W+12.5 is not explained
/// by counting methods 4 points apart).
fn unstated_rules_can_explain(recorded: &ParsedResult, score: &Score) -> bool {
    const LARGEST_DEFAULT_KOMI: f64 = 8.0;
    let (Some(recorded_black), Some(_)) = (recorded.black_margin(), recorded.winner()) else {
        // RE gives no margin (B+R, a bare winner): nothing bounds what the rules explain.
        return true;
    };
    let methods = score
        .other_count
        .as_ref()
        .map_or(0.0, |o| (o.black_margin - score.black_margin).abs());
    let compensation = if score.handicap >= 2 {
        f64::from(score.handicap)
    } else {
        0.0
    };
    let komi = if score.komi_source == ValueSource::Rules {
        LARGEST_DEFAULT_KOMI
    } else {
        0.0
    };
    // Margins, komi and compensation are sums of halves: exact in binary.
    (score.black_margin - recorded_black).abs() <= methods + compensation + komi
}

/// The smallest margin at which a count that is RE's margin for the other colour points
/// to a swapped winner in RE: below it, a point or two of an unfinished boundary swings a
/// close game to its mirror count by chance.
const SWAPPED_WINNER_MIN_MARGIN: f64 = 5.0;

/// Whether the count is RE's margin exactly, for the other colour, and large enough that
/// the likelier story is RE naming the wrong winner (a result typed with the colours
/// swapped) than a count that misreads the board by twice that margin.
fn winner_swapped(recorded: &ParsedResult, score: &Score) -> bool {
    // Margins are sums of halves: exact in binary.
    recorded
        .black_margin()
        .is_some_and(|re| re.abs() >= SWAPPED_WINNER_MIN_MARGIN && re == -score.black_margin)
}

/// For a stated mismatch (the count carries it: not `unverified`) whose count is RE's
/// margin exactly for the other colour ([`winner_swapped`]): the sentence that says RE
/// likely names the wrong winner, for the reason and the mismatch finding.
pub(super) fn swapped_winner_note(
    check: &ResultCheck,
    record: &GameRecord,
    score: Option<&Score>,
) -> Option<&'static str> {
    let score = score?;
    let (_, recorded) = record.re()?;
    // A mirrored margin of 5 or more names the other winner.
    (check.status == ResultStatus::Mismatch && winner_swapped(recorded, score))
    .then_some(
        "the count is RE's margin exactly for the other colour: RE likely names the wrong winner (a transcription error)",
    )
}

/// What [`compare`] compares a count with, and on what it rests.
pub(super) struct CompareWith<'a> {
    re: &'a str,
    recorded: &'a ParsedResult,
    decisive: bool,
    ended: bool,
    selection: &'a Selection,
    end: &'a EndReading,
}

/// Sets the check's status and reason; returns the mismatch finding, if any.
pub(super) fn compare(
    c: &CompareWith,
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
        if unstated_rules_can_explain(recorded, score) {
            check.status = ResultStatus::Unverified;
            check.reason = format!(
                "the count gives {} against RE[{re}], but the record does not state its rules ({}), and counting methods differ",
                score.re, c.selection.reason
            );
            return None;
        }
        // No counting method, handicap compensation or default komi the record could
        // have been counted by comes near RE: the unstated rules are no excuse.
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
    } else if c.selection.source == RulesSource::Assumed {
        // The rules are assumed: how the record ended and was counted is a reading of
        // rules it does not state, so the mismatch is a question, not a verdict.
        let severity = finding.severity.min(Severity::Warning);
        finding = finding.with_severity(severity);
        finding.message.push_str(
            " (the record does not state its rules, but no counting method, handicap compensation or default komi explains the difference)",
        );
    } else if r.dead_basis == Basis::Estimated || (r.dead.is_empty() && r.estimate.is_some()) {
        // A mismatch that rests on goref's estimate is a question, not a verdict.
        let severity = finding.severity.min(Severity::Warning);
        finding = finding.with_severity(severity);
        finding
            .message
            .push_str(" (dead stones estimated, not marked)");
    }
    Some(finding)
}

/// The examples that documented crate-private items, kept as tests.
#[cfg(test)]
mod doc_examples {
    #[allow(unused_imports)]
    use super::*;

    #[test]
    fn result_check_compares_re() {
        use crate::count::reading::{Basis, ResultStatus};

        // Resigned before the end: nothing to count, and the check says so.
        let sgf = b"(;SZ[9]RE[B+R];B[ee];W[ce])";
        let result = crate::check::first_report(sgf).result.unwrap();
        assert_eq!(result.status, ResultStatus::NotComparable);
        assert_eq!(result.basis, Basis::AsIs);
        assert!(result.computed.is_none());
        assert!(result.reason.contains("resignation"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 7x7 game of two walls: Black's area 35, White's 14; `komi` and `re` as given.
    fn walls_reason(komi: &str, re: &str) -> String {
        let moves: String = (b'a'..=b'g')
            .map(|y| format!(";B[e{0}];W[f{0}]", y as char))
            .collect();
        let sgf = format!("(;SZ[7]KM[{komi}]RU[Chinese]RE[{re}]{moves};B[];W[])");
        let result = crate::check::first_report(sgf.as_bytes()).result.unwrap();
        assert_eq!(result.status, ResultStatus::Mismatch, "{result:?}");
        result.reason
    }

    #[test]
    fn a_count_that_is_re_s_margin_for_the_other_colour_says_re_likely_swapped_the_winner() {
        const SWAPPED: &str = "RE likely names the wrong winner";
        // B+20.5 counted: RE W+20.5 is the mirror; W+19.5 is not.
        assert!(walls_reason("0.5", "W+20.5").contains(SWAPPED));
        assert!(!walls_reason("0.5", "W+19.5").contains(SWAPPED));
        // A margin of 5 is the smallest the mirror is read as a swap; 2.5 is a close
        // game a point or two swings.
        assert!(walls_reason("16", "W+5").contains(SWAPPED));
        assert!(!walls_reason("16.5", "W+4.5").contains(SWAPPED));
        assert!(!walls_reason("18.5", "W+2.5").contains(SWAPPED));
        // The same winner with another margin is a margin mismatch, never a swap.
        assert!(!walls_reason("0.5", "B+30.5").contains(SWAPPED));
        // Nor where the count cannot carry the mismatch: five White stones read dead at
        // 0.70 give B+7.5, RE's W+7.5 mirrored, but the winner turns on them (unverified).
        let sgf = b"(;SZ[9]RU[Chinese]KM[1.5]RE[W+7.5]AB[ea][eb][ec][ed][ee][ef][eg][eh][ei]AW[fa][fb][fc][fd][fe][ff][fg][fh][fi][ad][bd][ae][be][af];B[];W[])";
        let result = crate::check::first_report(sgf).result.unwrap();
        assert_eq!(result.status, ResultStatus::Unverified, "{result:?}");
        assert!(
            result.reason.starts_with("the count gives B+7.5"),
            "{result:?}"
        );
        assert!(!result.reason.contains(SWAPPED), "{result:?}");
    }

    /// The stones of every string of `pos` of `color` whose first stone is in the rows
    /// `ys` (a test's seki strings), sorted.
    fn stones(pos: &Position, color: Color, ys: std::ops::Range<u8>) -> Vec<Point> {
        (0..pos.height)
            .filter(|y| ys.contains(y))
            .flat_map(|y| (0..pos.width).map(move |x| Point::new(x, y)))
            .filter(|&p| pos.get(p) == Some(color))
            .collect()
    }

    /// A seki loses a partner when the other colour's strings of it are flipped dead:
    /// the strings left alone live. Two sekis (rows 0-1 and 4-5) are told apart: the
    /// upper one keeps both colours and stays, the lower one's Black string goes.
    #[test]
    fn a_seki_string_whose_partners_are_flipped_dead_lives() {
        let pos = Position::from_diagram(&["XX.OO", "XX.OO", ".....", ".....", "XX.OO", "XX.OO"]);
        let mut seki: Vec<Point> = stones(&pos, Color::Black, 0..6);
        seki.extend(stones(&pos, Color::White, 0..6));
        seki.sort();
        assert_eq!(partnered_seki(&pos, seki.clone()), seki);
        // The lower seki's White string flipped dead (off the seki list).
        let lower_white = stones(&pos, Color::White, 4..6);
        let flipped: Vec<Point> = seki
            .iter()
            .filter(|p| !lower_white.contains(p))
            .copied()
            .collect();
        let mut kept = stones(&pos, Color::Black, 0..2);
        kept.extend(stones(&pos, Color::White, 0..2));
        kept.sort();
        assert_eq!(partnered_seki(&pos, flipped), kept);
        assert!(partnered_seki(&pos, Vec::new()).is_empty());
    }

    #[test]
    fn a_range_with_a_draw_at_one_end_settles_no_winner() {
        let range = |black_margin: f64, white_margin: f64| CountRange {
            for_black: String::new(),
            for_white: String::new(),
            black_margin,
            white_margin,
        };
        assert_eq!(range(-2.0, -9.0).settled_winner(-5.0), Some(Color::White));
        assert_eq!(range(9.0, 2.0).settled_winner(5.0), Some(Color::Black));
        // Black's best reading is a draw: White's win is not settled.
        assert_eq!(range(0.0, -9.0).settled_winner(-5.0), None);
        assert_eq!(range(9.0, 0.0).settled_winner(5.0), None);
        assert_eq!(range(3.0, -3.0).settled_winner(1.0), None);
        assert_eq!(range(3.0, 1.0).settled_winner(0.0), None);
    }

    #[test]
    fn a_string_is_named_by_its_first_six_stones_and_how_many_more() {
        let string = |n: usize| UnclearString {
            color: Color::White,
            status: StoneStatus::Dead,
            confidence: 0.7,
            points: Vec::new(),
            vertices: (1..=n).map(|k| format!("A{k}")).collect(),
        };
        assert_eq!(
            string(6).describe(),
            "the White string at A1 A2 A3 A4 A5 A6 (estimated dead, confidence 0.70)"
        );
        assert_eq!(
            string(7).describe(),
            "the White string at A1 A2 A3 A4 A5 A6 and 1 more (estimated dead, confidence 0.70)"
        );
    }

    /// RE against the last comment's result: a margin apart is enough to name the
    /// difference, and the sentence says which of the two the count supports.
    #[test]
    fn the_comment_s_result_is_weighed_by_margin_and_the_count_takes_a_side() {
        let with_comment = |comment: &str| {
            crate::read::reader::first_game(&format!("(;SZ[9]RE[W+12.5];B[ee];W[ce]C[{comment}])"))
        };
        let evidence = |comment: &str, computed: Option<&str>| {
            let mut check = ResultCheck::new(Some("W+12.5".into()));
            check.computed = computed.map(str::to_string);
            comment_evidence(&with_comment(comment), &check).map(|f| f.message)
        };
        // The same result: nothing to say.
        assert_eq!(evidence("W+12.5", Some("W+12.5")), None);
        // The same winner, another margin: a difference all the same.
        let supports = |computed| evidence("W+13.5", computed).unwrap();
        assert!(supports(Some("W+13.5")).ends_with("the count (W+13.5) supports the comment"));
        assert!(supports(Some("W+12.5")).ends_with("the count (W+12.5) supports RE"));
        assert!(supports(Some("W+20.5")).ends_with("the count (W+20.5) supports neither"));
        assert!(supports(None).ends_with("the board gives no count to decide between them"));
        assert!(supports(None).contains("the record's last comment says \"W+13.5\""));
    }

    #[test]
    fn a_loss_on_time_before_the_end_is_named_as_one() {
        let result = crate::check::first_report(b"(;SZ[9]RE[W+T];B[ee];W[ce];B[gc])")
            .result
            .unwrap();
        assert_eq!(result.status, ResultStatus::NotComparable);
        assert_eq!(
            result.reason,
            "RE[W+T] is a loss on time and the game did not run to its end"
        );
    }

    /// Not countable, and RE names no winner: the reason says both, and nothing is
    /// compared (the status stays `unknown`).
    #[test]
    fn an_uncountable_end_with_re_naming_no_winner_says_both() {
        let result = crate::check::first_report(b"(;SZ[9]RE[?];B[ee];W[ce];B[];W[])")
            .result
            .unwrap();
        assert_eq!(result.status, ResultStatus::Unknown, "{result:?}");
        assert!(
            result
                .reason
                .starts_with("RE states no winner, and the game did not reach a countable end"),
            "{result:?}"
        );
    }
}
