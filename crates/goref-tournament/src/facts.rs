//! What the tournament check needs of one record, taken from its check report: the
//! players, round and board (from RO, the file's path, DT), handicap, komi, the result
//! as written and as the board says, and the record's own findings.

use super::Day;
use goref_core::findings::{Finding, Severity};
use goref_core::read::ParsedResult;
use goref_core::report::GameReport;
use goref_core::report::ResultStatus;
use serde::Serialize;

/// At most this many of a record's own findings are kept (the worst first); the rest
/// are counted. A tournament of thousands of records stays small in memory.
pub const MAX_OWN_FINDINGS: usize = 20;

/// Who won a game, by colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Winner {
    Black,
    White,
    Jigo,
}

impl Winner {
    /// The other colour (a jigo stays a jigo).
    pub fn swapped(self) -> Winner {
        match self {
            Winner::Black => Winner::White,
            Winner::White => Winner::Black,
            Winner::Jigo => Winner::Jigo,
        }
    }
}

/// Where a record's round came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RoundSource {
    /// The RO property.
    Ro,
    /// The file's path (`round3/`, `r3-b5.sgf`).
    Path,
    /// DT, in a tournament of one round a day.
    Date,
}

impl RoundSource {
    /// Where the round was read from, in words.
    pub fn describe(self) -> &'static str {
        match self {
            RoundSource::Ro => "RO",
            RoundSource::Path => "the file's path",
            RoundSource::Date => "the date (DT)",
        }
    }
}

/// One record as the tournament check sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RecordFacts {
    pub file: String,
    /// 1-based game of the file.
    pub game: Option<usize>,
    pub black: Option<String>,
    pub white: Option<String>,
    /// RO as written.
    pub ro: Option<String>,
    /// The round RO names.
    pub ro_round: Option<u32>,
    /// The round and board the file's path names.
    pub path_round: Option<u32>,
    pub path_board: Option<u32>,
    /// The board RO names (`3.12`, `round 3 board 12`).
    pub ro_board: Option<u32>,
    pub date: Option<Day>,
    /// RE as written.
    pub result: Option<String>,
    /// The winner RE names (None: no RE, `?`, `Void`).
    pub winner: Option<Winner>,
    /// RE says the game was won by forfeit (`B+F`).
    pub forfeit: bool,
    /// The winner the board says, where goref is sure of it and it contradicts RE
    /// (the record's own `result-mismatch`).
    pub board_winner: Option<Winner>,
    /// The result goref computed, as RE would write it.
    pub computed: Option<String>,
    /// Handicap stones.
    pub handicap: u32,
    /// KM, where the record has one.
    pub komi: Option<f64>,
    pub board_size: Option<u32>,
    pub moves: u32,
    /// The record's own findings, worst first, at most `MAX_OWN_FINDINGS`.
    pub findings: Vec<Finding>,
    /// How many of its findings were not kept.
    pub findings_not_kept: usize,
    /// The worst severity among all its findings.
    pub worst: Option<Severity>,
}

impl RecordFacts {
    /// The facts of one game's check report.
    pub fn from_report(report: &GameReport) -> RecordFacts {
        let text = |property: &str| {
            report
                .info(property)
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(str::to_string)
        };
        let result = text("RE");
        let parsed = result.as_deref().map(ParsedResult::parse);
        let winner = parsed.as_ref().and_then(winner_of);
        let forfeit = parsed.as_ref().is_some_and(ParsedResult::is_forfeit);
        let computed = report.computed_result().map(str::to_string);
        let board_winner = computed
            .as_deref()
            .filter(|_| report.result_status() == Some(ResultStatus::Mismatch))
            .and_then(|c| winner_of(&ParsedResult::parse(c)));
        let ro = text("RO");
        let (ro_round, ro_board) = ro.as_deref().map_or((None, None), round_and_board_of_ro);
        let (path_round, path_board) = round_and_board_of_path(report.file());
        let mut findings = report.findings().to_vec();
        findings.sort_by_key(|f| std::cmp::Reverse(f.severity));
        let findings_not_kept = findings.len().saturating_sub(MAX_OWN_FINDINGS);
        findings.truncate(MAX_OWN_FINDINGS);
        RecordFacts {
            file: report.file().to_string(),
            game: report.game(),
            black: text("PB"),
            white: text("PW"),
            ro,
            ro_round,
            ro_board,
            path_round,
            path_board,
            date: text("DT").as_deref().and_then(Day::find_in),
            result,
            winner,
            forfeit,
            board_winner,
            computed,
            handicap: report.handicap(),
            komi: report.record_komi(),
            board_size: report.board_size().map(|(width, _)| u32::from(width)),
            moves: report.moves(),
            worst: report.worst(),
            findings,
            findings_not_kept,
        }
    }

    /// The record's round and where it came from: RO first, then the path.
    pub fn round(&self) -> Option<(u32, RoundSource)> {
        self.ro_round
            .map(|r| (r, RoundSource::Ro))
            .or(self.path_round.map(|r| (r, RoundSource::Path)))
    }

    /// The record's board: from RO, then the path.
    pub fn board(&self) -> Option<u32> {
        self.ro_board.or(self.path_board)
    }

    /// How the record is named in reports: its path, and the game when a file holds several.
    pub fn label(&self) -> String {
        match self.game {
            Some(g) if g > 1 => format!("{} (game {g})", self.file),
            _ => self.file.clone(),
        }
    }
}

fn winner_of(result: &ParsedResult) -> Option<Winner> {
    match result.winner() {
        Some(goref_core::point::Color::Black) => Some(Winner::Black),
        Some(goref_core::point::Color::White) => Some(Winner::White),
        None if result.is_draw() => Some(Winner::Jigo),
        None => None,
    }
}

/// Words that put a round number after them (`round 3`, `r3`, `Runde 3`, `tour 3`).
const ROUND_WORDS: &[&str] = &[
    "round", "rnd", "rd", "r", "ronde", "runde", "tour", "rodada", "kolo", "ro",
];
/// Words that put a board number after them (`board 5`, `b5`, `table 5`, `t5`).
const BOARD_WORDS: &[&str] = &[
    "board", "bd", "b", "table", "tab", "t", "tisch", "brett", "tafel", "stol", "tablo",
];

/// The text cut into runs of letters and runs of digits, lower case:
/// `R3-B05.sgf` → `r`, `3`, `b`, `05`, `sgf`.
fn runs(text: &str) -> Vec<String> {
    let mut runs: Vec<String> = Vec::new();
    let mut last_kind = None;
    for c in text.chars() {
        let kind = if c.is_ascii_digit() {
            Some(true)
        } else if c.is_alphabetic() {
            Some(false)
        } else {
            None
        };
        match kind {
            Some(k) if last_kind == Some(k) => runs.last_mut().unwrap().extend(c.to_lowercase()),
            Some(_) => runs.push(c.to_lowercase().collect()),
            None => {}
        }
        last_kind = kind;
    }
    runs
}

/// Round and board numbers announced by their words, the last of each in the text.
fn worded_numbers(text: &str) -> (Option<u32>, Option<u32>) {
    let runs = runs(text);
    let (mut round, mut board) = (None, None);
    for pair in runs.windows(2) {
        let Ok(n) = pair[1].parse::<u32>() else {
            continue;
        };
        if n == 0 || n > 10_000 {
            continue;
        }
        if ROUND_WORDS.contains(&pair[0].as_str()) {
            round = Some(n);
        } else if BOARD_WORDS.contains(&pair[0].as_str()) {
            board = Some(n);
        }
    }
    (round, board)
}

/// RO: `3`, `Round 3`, `3 (final)`, `R3`, `3.12` (round 3, board 12), `round 3 board 12`.
pub(crate) fn round_and_board_of_ro(ro: &str) -> (Option<u32>, Option<u32>) {
    let (round, board) = worded_numbers(ro);
    if round.is_some() {
        return (round, board);
    }
    let runs = runs(ro);
    let number = |i: usize| runs.get(i).and_then(|r| r.parse::<u32>().ok());
    let first = number(0).filter(|&n| n > 0 && n <= 10_000);
    // `3.12` or `3-12`: a board after the round, as some recorders write it.
    let dotted = ro
        .trim()
        .split_once(['.', '-', '/'])
        .filter(|(a, b)| {
            a.trim().bytes().all(|c| c.is_ascii_digit())
                && b.trim().bytes().all(|c| c.is_ascii_digit())
                && !b.trim().is_empty()
        })
        .and_then(|_| number(1));
    (first, board.or(dotted))
}

/// The path's folders and file name: `round3/board5.sgf`, `r3-b5.sgf`, `R03/T12.sgf`.
pub(crate) fn round_and_board_of_path(path: &str) -> (Option<u32>, Option<u32>) {
    worded_numbers(path.trim_end_matches(".sgf"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_and_boards_from_ro() {
        assert_eq!(round_and_board_of_ro("3"), (Some(3), None));
        assert_eq!(round_and_board_of_ro("Round 3"), (Some(3), None));
        assert_eq!(round_and_board_of_ro("3 (final)"), (Some(3), None));
        assert_eq!(round_and_board_of_ro("R3"), (Some(3), None));
        assert_eq!(round_and_board_of_ro("3.12"), (Some(3), Some(12)));
        assert_eq!(
            round_and_board_of_ro("round 3, board 12"),
            (Some(3), Some(12))
        );
        assert_eq!(round_and_board_of_ro("Final"), (None, None));
        assert_eq!(round_and_board_of_ro("0"), (None, None));
    }

    #[test]
    fn rounds_and_boards_from_paths() {
        assert_eq!(
            round_and_board_of_path("games/round3/board5.sgf"),
            (Some(3), Some(5))
        );
        assert_eq!(round_and_board_of_path("r3-b5.sgf"), (Some(3), Some(5)));
        assert_eq!(
            round_and_board_of_path("EGC2013/R03/T12.sgf"),
            (Some(3), Some(12))
        );
        assert_eq!(
            round_and_board_of_path("Runde 2/Tisch 4 Mero-Lin.sgf"),
            (Some(2), Some(4))
        );
        assert_eq!(round_and_board_of_path("2019/03/game17.sgf"), (None, None));
        assert_eq!(round_and_board_of_path("mero-lin.sgf"), (None, None));
    }

    #[test]
    fn facts_of_a_report() {
        let sgf =
            b"(;SZ[19]KM[6.5]HA[2]AB[dd][pp]RO[2.7]DT[2024-05-02]PB[Lin]PW[Mero]RE[W+F];W[qd])";
        let reports =
            goref_core::check_bytes("x/r9.sgf", sgf, &goref_core::CheckOptions::default());
        let f = RecordFacts::from_report(&reports[0]);
        assert_eq!(
            (f.ro_round, f.ro_board, f.path_round),
            (Some(2), Some(7), Some(9))
        );
        assert_eq!(f.round(), Some((2, RoundSource::Ro)));
        assert_eq!(f.board(), Some(7));
        assert_eq!((f.winner, f.forfeit), (Some(Winner::White), true));
        assert_eq!((f.handicap, f.komi, f.moves), (2, Some(6.5), 1));
        assert_eq!(f.date.unwrap().to_string(), "2024-05-02");
        assert_eq!(f.black.as_deref(), Some("Lin"));
        let without_km = goref_core::check_bytes(
            "y.sgf",
            b"(;SZ[9]RE[0])",
            &goref_core::CheckOptions::default(),
        );
        let f = RecordFacts::from_report(&without_km[0]);
        assert_eq!((f.komi, f.winner), (None, Some(Winner::Jigo)));
    }
}
