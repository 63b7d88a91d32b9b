//! A tournament's own results, and game records checked against them.
//!
//! A director holds the pairing program's file (OpenGotha's `.xml`, or the EGD results
//! format `.h9` exported from it for rating) and a folder of records. [`read_results`]
//! reads the table into a [`Tournament`]: its players, and per round the games with
//! colours, handicap, board and result. [`compare`] matches every record (its
//! [`RecordFacts`], taken from the record's own check report) to one game of the table
//! and lists what disagrees as findings of the `tournament` category; see
//! docs/tournament.md.
//!
//! ```
//! use goref_tournament::{compare, read_results, RecordFacts};
//!
//! let table = br#"; EV[Club evening]
//! ; KM[6.5]
//!    1 Mero Csaba     5D HU Bp   2+/b0
//!    2 Lin Viktor     4D AT Wien 1-/w0
//! "#;
//! let tournament = read_results("club.h9", table).unwrap();
//! let sgf = b"(;SZ[19]KM[6.5]RO[1]PB[Lin Viktor]PW[Mero Csaba]RE[W+R];B[pd])";
//! let reports = goref_core::check_bytes("r1.sgf", sgf, &goref_core::CheckOptions::default());
//! let record = RecordFacts::from_report(&reports[0]);
//! let result = compare(&tournament, vec![record]);
//! let codes: Vec<&str> = result.findings().map(|f| f.code.as_str()).collect();
//! // Colours the wrong way round; the winner (Mero) is the table's.
//! assert_eq!(codes, ["tournament-colours"]);
//! ```

pub mod egd;
mod facts;
pub mod matching;
pub mod names;
pub mod opengotha;
mod page;
mod report;

pub use facts::RoundSource;
pub use facts::{RecordFacts, Winner};
pub use matching::{
    compare, BoardCheck, Comparison, Matched, RecordCheck, Status, TournamentFinding,
};
pub use page::tournament_page;
pub use report::{
    board_codes, common_folder, headline, to_json, to_jsonl, to_text, to_text_painted, Totals,
    TOURNAMENT_SCHEMA,
};

use serde::Serialize;

/// The largest results file read (the 10-round European Go Congress with 600 players is
/// about half a megabyte in OpenGotha's format).
pub const MAX_RESULTS_BYTES: usize = 64 << 20;

/// Why a results file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    #[error("the file is larger than {} MiB", MAX_RESULTS_BYTES >> 20)]
    TooLarge,
    #[error("not an OpenGotha file: {0}")]
    Xml(#[from] roxmltree::Error),
    #[error("not an OpenGotha tournament file: {0}")]
    NotOpenGotha(String),
    #[error("line {line}: {message}")]
    Egd { line: usize, message: String },
    #[error("no player and no game found: neither an OpenGotha file (.xml) nor an EGD results file (.h9)")]
    Empty,
}

/// Which program's format the table was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SourceFormat {
    OpenGotha,
    Egd,
}

impl SourceFormat {
    /// The format's name as reports write it (`OpenGotha`, `EGD`).
    pub fn name(self) -> &'static str {
        match self {
            SourceFormat::OpenGotha => "OpenGotha",
            SourceFormat::Egd => "EGD",
        }
    }
}

/// A calendar day, for the tournament's dates and a record's DT.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Day {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

impl Day {
    /// The first `YYYY-MM-DD` in a text (SGF DT, OpenGotha's dates, EGD's `DT[..]`).
    pub fn find_in(text: &str) -> Option<Day> {
        let bytes = text.as_bytes();
        (0..bytes.len().saturating_sub(9)).find_map(|at| Day::parse(text.get(at..at + 10)?))
    }

    fn parse(text: &str) -> Option<Day> {
        let mut parts = text.splitn(3, '-');
        let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
        if y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return None;
        }
        let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if !(all_digits(y) && all_digits(m) && all_digits(d)) {
            return None;
        }
        let day = Day {
            year: y.parse().ok()?,
            month: m.parse().ok()?,
            day: d.parse().ok()?,
        };
        ((1..=12).contains(&day.month) && (1..=31).contains(&day.day)).then_some(day)
    }

    /// Days since 1970-01-01 (proleptic Gregorian), to count the days between two dates.
    pub fn ordinal(self) -> i64 {
        let (y, m) = if self.month <= 2 {
            (i64::from(self.year) - 1, i64::from(self.month) + 9)
        } else {
            (i64::from(self.year), i64::from(self.month) - 3)
        };
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let doy = (153 * m + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }
}

impl std::fmt::Display for Day {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// One registered player.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Player {
    /// OpenGotha's key (`MEROCSABA`: surname and first name upper-cased, no spaces), or
    /// the line number of an EGD table.
    pub key: String,
    /// The name as the table writes it: `Surname Firstname`.
    pub name: String,
    pub surname: String,
    pub first_name: String,
    /// The European Go Database PIN, where the table gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pin: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rank: Option<String>,
}

impl Player {
    /// A player; the name shown joins surname and first name, OpenGotha's `_` (which
    /// keeps a particle with its name, `Aya_de`) read as a space.
    pub fn new(key: &str, surname: &str, first_name: &str) -> Player {
        let (surname_shown, first_shown) =
            (surname.replace('_', " "), first_name.replace('_', " "));
        let name = [surname_shown.trim(), first_shown.trim()]
            .iter()
            .filter(|s| !s.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join(" ");
        Player {
            key: key.to_string(),
            name,
            surname: surname.trim().to_string(),
            first_name: first_name.trim().to_string(),
            pin: None,
            rank: None,
        }
    }
}

/// The result the table holds for one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TableResult {
    BlackWins,
    WhiteWins,
    /// A draw (jigo).
    Jigo,
    /// Both players scored a win (an administrative decision).
    BothWin,
    /// Both players scored a loss.
    BothLose,
    /// Not entered yet.
    Unknown,
}

impl TableResult {
    /// As the text report shows it.
    pub fn short(self) -> &'static str {
        match self {
            TableResult::BlackWins => "B+",
            TableResult::WhiteWins => "W+",
            TableResult::Jigo => "jigo",
            TableResult::BothWin => "both win",
            TableResult::BothLose => "both lose",
            TableResult::Unknown => "?",
        }
    }

    /// The winner by colour, where the result names one (a jigo is [`Winner::Jigo`]).
    pub fn winner(self) -> Option<Winner> {
        match self {
            TableResult::BlackWins => Some(Winner::Black),
            TableResult::WhiteWins => Some(Winner::White),
            TableResult::Jigo => Some(Winner::Jigo),
            _ => None,
        }
    }
}

/// One game of the table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Game {
    pub round: u32,
    /// Board (table) number; EGD files have none.
    pub board: Option<u32>,
    /// Index into [`Tournament::players`].
    pub black: usize,
    pub white: usize,
    /// OpenGotha's handicap: 0 an even game with komi, 1 no komi, 2..9 stones.
    pub handicap: u32,
    /// False when the table does not give the handicap (an EGD cell without its digit,
    /// where the handicap follows from the grades): handicap and komi are then not checked.
    pub handicap_known: bool,
    pub result: TableResult,
    /// Won (or lost) by default, not played over the board (OpenGotha's `_BYDEF`, EGD's `!`).
    pub by_default: bool,
    /// False when the table does not say who had Black (OpenGotha's `knownColor="false"`,
    /// an EGD cell without `/b` or `/w`): colours are then not checked.
    pub colours_known: bool,
}

/// A round in which a player had no game (a bye, or absent).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bye {
    pub round: u32,
    pub player: usize,
}

/// A tournament as its pairing program left it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Tournament {
    pub name: String,
    pub format: SourceFormat,
    pub rounds: u32,
    /// Komi of even games (OpenGotha's `komi`, EGD's `KM[..]`).
    pub komi: Option<f64>,
    pub board_size: Option<u32>,
    pub first_day: Option<Day>,
    pub last_day: Option<Day>,
    pub players: Vec<Player>,
    pub games: Vec<Game>,
    pub byes: Vec<Bye>,
}

impl Tournament {
    /// The games of round `round`, by board (games without a board last, in table order).
    pub fn round_games(&self, round: u32) -> Vec<usize> {
        let mut games: Vec<usize> = (0..self.games.len())
            .filter(|&g| self.games[g].round == round)
            .collect();
        games.sort_by_key(|&g| (self.games[g].board.unwrap_or(u32::MAX), g));
        games
    }

    /// The rounds that have at least one game, or the announced number of rounds,
    /// whichever is more.
    pub fn round_numbers(&self) -> Vec<u32> {
        let played = self.games.iter().map(|g| g.round).max().unwrap_or(0);
        (1..=self.rounds.max(played)).collect()
    }

    /// The number of days the tournament ran, when the table gives both dates.
    pub fn days(&self) -> Option<i64> {
        let (first, last) = (self.first_day?, self.last_day?);
        let n = last.ordinal() - first.ordinal() + 1;
        (1..=366).contains(&n).then_some(n)
    }

    /// Komi the table implies for a game of this handicap: the tournament's komi for an
    /// even game, none (0.5 or 0 in the record) for a handicap game.
    pub fn expected_komi(&self, handicap: u32) -> Option<f64> {
        if handicap == 0 {
            self.komi
        } else {
            Some(0.5)
        }
    }
}

/// Reads a results file: OpenGotha's XML when the text starts with `<`, the EGD results
/// format otherwise. `name` is only used to pick the format when the content does not
/// (an empty file).
pub fn read_results(name: &str, bytes: &[u8]) -> Result<Tournament, TournamentError> {
    if bytes.len() > MAX_RESULTS_BYTES {
        return Err(TournamentError::TooLarge);
    }
    let text = decode(bytes);
    let start = text.trim_start_matches('\u{feff}').trim_start();
    let xml = start.starts_with('<') || (start.is_empty() && name.ends_with(".xml"));
    let tournament = if xml {
        opengotha::parse(start)?
    } else {
        egd::parse(start)?
    };
    if tournament.players.is_empty() && tournament.games.is_empty() {
        return Err(TournamentError::Empty);
    }
    Ok(tournament)
}

/// UTF-8 when the bytes are; otherwise ISO-8859-1 (as windows-1252, its superset), the
/// charset of EGD files and of older OpenGotha exports.
fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_string(),
        Err(_) => encoding_rs::WINDOWS_1252.decode(bytes).0.into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_found_and_counted() {
        let first = Day::find_in("DT[2013-07-28,2013-08-10]").unwrap();
        assert_eq!(first.to_string(), "2013-07-28");
        let last = Day::find_in("2013-08-10").unwrap();
        assert_eq!(last.ordinal() - first.ordinal(), 13);
        assert_eq!(Day::find_in("1970-01-01").unwrap().ordinal(), 0);
        assert_eq!(Day::find_in("2019-13-01"), None);
        assert_eq!(Day::find_in("no date"), None);
        assert_eq!(Day::find_in("2019-1-01"), None);
    }

    #[test]
    fn the_format_is_chosen_by_content() {
        let egd = read_results(
            "x.xml",
            b"; EV[a]\n 1 A B 1d XX c 2+/b0\n 2 C D 1d XX c 1-/w0\n",
        );
        assert_eq!(egd.unwrap().format, SourceFormat::Egd);
        assert!(matches!(
            read_results("x.h9", b"<Tournament/>"),
            Err(TournamentError::Empty)
        ));
        assert!(matches!(
            read_results("x.xml", b"<Tourn"),
            Err(TournamentError::Xml(_))
        ));
        assert!(matches!(
            read_results("x.h9", b"; only comments\n"),
            Err(TournamentError::Empty)
        ));
    }

    proptest::proptest! {
        /// Any bytes, and any text that looks like either format, are read or refused
        /// with an error: never a panic.
        #[test]
        fn any_input_is_read_or_refused(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..400)) {
            let _ = read_results("x", &bytes);
        }

        #[test]
        fn any_egd_like_text_is_read_or_refused(
            lines in proptest::collection::vec("( {0,3}[0-9]{0,3} [A-Za-z?]{1,6} [A-Za-z]{0,5} [0-9]{1,2}[kdKD] XX c( [0-9]{1,2}[-+=?]!?(/[bwx][0-9]?)?){0,4}|; [A-Z]{2}\\[[^\\]]{0,12}\\])", 0..8)
        ) {
            let text = lines.join("\n");
            if let Ok(t) = read_results("x.h9", text.as_bytes()) {
                for g in &t.games {
                    proptest::prop_assert!(g.black < t.players.len() && g.white < t.players.len());
                }
            }
        }

        #[test]
        fn any_opengotha_like_text_is_read_or_refused(
            games in proptest::collection::vec(("[A-C]{1,2}", "[A-C]{1,2}", "[0-9]{0,2}", "RESULT_[A-Z_]{0,12}"), 0..6)
        ) {
            let body: String = games
                .iter()
                .map(|(b, w, r, res)| format!("<Game blackPlayer=\"{b}\" whitePlayer=\"{w}\" roundNumber=\"{r}\" result=\"{res}\"/>"))
                .collect();
            let xml = format!("<Tournament><Players><Player name=\"A\" firstName=\"\"/></Players><Games>{body}</Games></Tournament>");
            if let Ok(t) = read_results("x.xml", xml.as_bytes()) {
                for g in &t.games {
                    proptest::prop_assert!(g.black < t.players.len() && g.white < t.players.len());
                }
            }
        }
    }

    #[test]
    fn latin1_bytes_are_read_as_latin1() {
        let bytes = b"; EV[Juvisy]\n 1 Nemo Andr\xe9  2K FR 78Ve 2+/w0\n 2 X Y 2K FR a 1-/b0\n";
        let t = read_results("juvisy.h9", bytes).unwrap();
        assert_eq!(t.players[0].name, "Nemo Andr\u{e9}");
    }
}
