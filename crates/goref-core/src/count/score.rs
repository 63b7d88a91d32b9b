//! Scoring a finished position (spec §3, §4, §5, §7.2, §8.4).
//!
//! The result is computed by area counting: own stones plus empty regions bordered
//! only by own stones, after removing the stones agreed dead. Komi, handicap
//! compensation and penalty points come off that, then the ruleset's tie rule
//! decides a zero margin. Ing fill-in counting (§3.1–3.2) is computed alongside as a
//! cross-check and as the story a director reads aloud; it always agrees with the
//! area margin where its arithmetic applies (whole stones: even compensation and
//! penalty points). See docs/scoring.md.

use crate::point::{Color, Point};
use crate::read::record::ValueSource;
use crate::rules::{format_number, tidy_number, Rules, Scoring, Tie};
use serde::{Serialize, Serializer};
use std::fmt;

mod counts;
mod fill_in;
mod komi;
mod points;

pub(crate) use counts::{
    count_area, count_area_sealing, count_territory, gap_enclosure, nearly_enclosed_by,
    walls_reach_out,
};
pub use counts::{AreaCount, TerritoryCount};
pub(crate) use fill_in::fill_in;
pub(crate) use fill_in::FillIn;
#[cfg(test)]
pub(crate) use fill_in::FillSide;
pub use komi::Penalties;
pub(crate) use komi::{Komi, PenaltyError};
pub(crate) use points::check_dead;
#[cfg(test)]
pub(crate) use points::parse_points;
pub(crate) use points::{parse_dead, PointListError};

/// Serialises a score as a JSON integer when it is whole ("0", not "0.0").
pub(crate) fn serialize_points<S: Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    let t = tidy_number(*x);
    if t.is_finite() && t.fract() == 0.0 && t.abs() < 9.0e15 {
        s.serialize_i64(t as i64)
    } else {
        s.serialize_f64(t)
    }
}

/// [`serialize_points`] for an optional score.
pub(crate) fn serialize_opt_points<S: Serializer>(
    x: &Option<f64>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match x {
        Some(v) => serialize_points(v, s),
        None => s.serialize_none(),
    }
}

fn serialize_sgf_points<S: Serializer>(points: &[Point], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(points.iter().map(|p| p.sgf()))
}

fn plural(n: i64, one: &str, many: &str) -> String {
    if n == 1 || n == -1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

// ---------------------------------------------------------------------------
// Point lists (`--dead ee,bf` or `--dead E3,B2`)

/// Who a zero margin was given to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TieBreak {
    Black,
    White,
}

/// Everything the score needs besides the area count.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreSettings<'a> {
    pub rules: &'a Rules,
    pub komi: Komi,
    /// Handicap stones (0 or 1: an even game).
    pub handicap: u32,
    pub penalties: Penalties,
    /// The side that lost on time, which overrides the board (RE[W+T]).
    pub lost_on_time: Option<Color>,
}

/// The result of a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Score {
    /// Black's area.
    pub black: u32,
    /// White's area.
    pub white: u32,
    /// Points counting for nobody (or shared by fill-in).
    pub neutral: u32,
    #[serde(serialize_with = "serialize_points")]
    pub komi: f64,
    pub komi_source: ValueSource,
    pub handicap: u32,
    /// Handicap compensation White receives.
    #[serde(serialize_with = "serialize_points")]
    pub handicap_bonus: f64,
    pub penalties: Penalties,
    /// Black's margin on the board, after komi and compensation, before penalties.
    #[serde(serialize_with = "serialize_points")]
    pub board_margin: f64,
    /// Black's margin after penalties: positive Black ahead, negative White ahead.
    #[serde(serialize_with = "serialize_points")]
    pub black_margin: f64,
    /// The size of the result (|black_margin|), as written in RE.
    #[serde(serialize_with = "serialize_points")]
    pub margin: f64,
    /// None only for a draw.
    pub winner: Option<Color>,
    /// Set when the margin is zero and the tie rule gave the game to a side.
    pub tiebreak: Option<TieBreak>,
    /// The side that lost on time (the board result is then not the result).
    pub lost_on_time: Option<Color>,
    /// RE to write: "B+1", "W+0.5", "0", "B+0", "W+T".
    pub re: String,
    /// Area details.
    pub area: AreaCount,
    /// Fill-in counting, when its arithmetic applies.
    pub fill_in: Option<FillIn>,
    /// Why there is no fill-in count.
    pub fill_in_skipped: Option<String>,
    /// How the points were counted: `area` (stones plus territory) or `territory`
    /// (territory plus prisoners). `black`, `white` and the margin follow this method.
    pub counting: Scoring,
    /// The territory count, when the board was counted by territory.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub territory: Option<TerritoryCount>,
    /// The result under the other counting method, when it differs from `re`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other_count: Option<OtherCount>,
    /// One line for people: "Black 185, White 176, komi 8: Black wins by 1 (B+1)".
    pub summary: String,
}

/// The result under the counting method that was not used, shown when it differs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OtherCount {
    pub counting: Scoring,
    /// Black's margin under that method (positive: Black ahead).
    #[serde(serialize_with = "serialize_points")]
    pub black_margin: f64,
    pub re: String,
}

impl Score {
    /// [`Score::by_territory_unsummarised`] with its summary line.
    #[cfg(test)]
    pub(crate) fn by_territory(self, t: TerritoryCount, settings: &ScoreSettings) -> Score {
        let mut s = self.by_territory_unsummarised(t, settings);
        s.summarise();
        s
    }

    /// The same game counted by territory: points are territory plus prisoners; the
    /// area result is kept in `other_count` when it differs. Without the summary line:
    /// the caller writes it ([`Score::summarise`]) for the count it keeps, since
    /// formatting it is a measurable part of counting a game.
    pub(crate) fn by_territory_unsummarised(
        mut self,
        t: TerritoryCount,
        settings: &ScoreSettings,
    ) -> Score {
        let area_margin = self.black_margin;
        let area_re = self.re.clone();
        let CountResult {
            board_margin,
            black_margin,
            winner,
            tiebreak,
            re,
        } = outcome(
            t.black.points,
            t.white.points,
            self.komi + self.handicap_bonus,
            settings,
        );
        self.black = t.black.points;
        self.white = t.white.points;
        self.neutral = self.area.neutral + t.seki_points;
        self.board_margin = board_margin;
        self.black_margin = black_margin;
        self.margin = black_margin.abs();
        self.winner = winner;
        self.tiebreak = tiebreak;
        self.re = re;
        self.counting = Scoring::Territory;
        self.territory = Some(t);
        self.other_count = if area_re != self.re {
            Some(OtherCount {
                counting: Scoring::Area,
                black_margin: area_margin,
                re: area_re,
            })
        } else {
            None
        };
        self.fill_in = None;
        self.fill_in_skipped =
            Some("fill-in counting is an area count; these rules count territory".into());
        self
    }

    /// Writes the summary line from the count as it stands.
    pub(crate) fn summarise(&mut self) {
        self.summary = summary(self);
    }
}

/// Scores an area count under the given settings: komi, handicap compensation,
/// penalties, the counting method and the tie rule.
#[cfg(test)]
pub(crate) fn score(area: &AreaCount, settings: &ScoreSettings) -> Score {
    let mut s = score_unsummarised(area, settings);
    s.summarise();
    s
}

/// [`score`] without the summary line (see [`Score::summarise`]).
pub(crate) fn score_unsummarised(area: &AreaCount, settings: &ScoreSettings) -> Score {
    let rules = settings.rules;
    let handicap_bonus = rules.handicap_compensation.points(settings.handicap);
    let komi = settings.komi.value;
    let p = settings.penalties;
    let CountResult {
        board_margin,
        black_margin,
        winner,
        tiebreak,
        re,
    } = outcome(
        area.black.area,
        area.white.area,
        komi + handicap_bonus,
        settings,
    );
    let (fill, skipped) = match fill_in(area, komi + handicap_bonus, p, rules.seki_points) {
        Ok(f) => (Some(f), None),
        Err(e) => (None, Some(e.to_string())),
    };
    Score {
        black: area.black.area,
        white: area.white.area,
        neutral: area.neutral,
        komi,
        komi_source: settings.komi.source,
        handicap: settings.handicap,
        handicap_bonus,
        penalties: p,
        board_margin,
        black_margin,
        margin: black_margin.abs(),
        winner,
        tiebreak,
        lost_on_time: settings.lost_on_time,
        re,
        area: area.clone(),
        fill_in: fill,
        fill_in_skipped: skipped,
        counting: Scoring::Area,
        territory: None,
        other_count: None,
        summary: String::new(),
    }
}

/// Who won a count and by how much, whichever way the points were counted.
struct CountResult {
    board_margin: f64,
    black_margin: f64,
    winner: Option<Color>,
    tiebreak: Option<TieBreak>,
    re: String,
}

/// The outcome of `black` and `white` points once `compensation` (komi and handicap
/// compensation) and the penalties are taken off, the tie rule applied, and a loss on time
/// put before the count. Area and territory counting share it.
fn outcome(black: u32, white: u32, compensation: f64, settings: &ScoreSettings) -> CountResult {
    let p = settings.penalties;
    let board_margin = tidy_number(black as f64 - white as f64 - compensation);
    let black_margin = tidy_number(board_margin - p.black as f64 + p.white as f64);
    let (winner, tiebreak) = board_winner(black_margin, settings.rules.tie, settings.handicap);
    let (winner, tiebreak, re) = match settings.lost_on_time {
        Some(loser) => (
            Some(loser.opponent()),
            None,
            format!("{}+T", loser.opponent().letter()),
        ),
        None => (
            winner,
            tiebreak,
            crate::rules::result_text(winner, black_margin),
        ),
    };
    CountResult {
        board_margin,
        black_margin,
        winner,
        tiebreak,
        re,
    }
}

/// The winner by margin, applying the tie rule to a zero margin.
fn board_winner(black_margin: f64, tie: Tie, handicap: u32) -> (Option<Color>, Option<TieBreak>) {
    if black_margin > 0.0 {
        return (Some(Color::Black), None);
    }
    if black_margin < 0.0 {
        return (Some(Color::White), None);
    }
    let tb = match tie {
        Tie::Draw => None,
        Tie::Black => Some(TieBreak::Black),
        Tie::WhiteInHandicapElseBlack if handicap >= 2 => Some(TieBreak::White),
        Tie::WhiteInHandicapElseBlack => Some(TieBreak::Black),
    };
    let winner = tb.map(|t| match t {
        TieBreak::Black => Color::Black,
        TieBreak::White => Color::White,
    });
    (winner, tb)
}

fn summary(s: &Score) -> String {
    let mut text = match &s.territory {
        Some(t) => format!(
            "Black {} (territory {} + prisoners {}), White {} (territory {} + prisoners {})",
            s.black,
            t.black.territory,
            t.black.prisoners,
            s.white,
            t.white.territory,
            t.white.prisoners
        ),
        None => format!("Black {}, White {}", s.black, s.white),
    };
    if s.neutral > 0 {
        text.push_str(&format!(", neutral {}", s.neutral));
    }
    text.push_str(&format!(", komi {}", format_number(s.komi)));
    if s.handicap_bonus != 0.0 {
        text.push_str(&format!(
            ", handicap compensation {}",
            format_number(s.handicap_bonus)
        ));
    }
    for color in [Color::Black, Color::White] {
        let n = s.penalties.of(color);
        if n > 0 {
            text.push_str(&format!(", {} penalty {n}", color.name()));
        }
    }
    let verdict = match (s.lost_on_time, s.winner, s.tiebreak) {
        (Some(loser), _, _) => format!("{} loses on time", loser.name()),
        (None, Some(w), Some(_)) => format!("the scores are equal and {} wins the tie", w.name()),
        (None, Some(w), None) => format!("{} wins by {}", w.name(), format_number(s.margin)),
        (None, None, _) => "the game is a draw".to_string(),
    };
    let mut line = format!("{text}: {verdict} ({})", s.re);
    if let Some(o) = &s.other_count {
        line.push_str(&format!("; by {} counting: {}", o.counting.as_str(), o.re));
    }
    line
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.summary)
    }
}

mod teire;
pub use teire::teire_points;

#[cfg(test)]
mod tests;

/// The examples that documented crate-private items, kept as tests.
#[cfg(test)]
mod doc_examples {
    #[allow(unused_imports)]
    use super::*;

    #[test]
    fn score_under_rules() {
        use crate::count::score::{AreaCount, Komi, Penalties, ScoreSettings};
        use crate::read::record::ValueSource;
        use crate::rules::Rules;
        use crate::Position;

        let pos = Position::from_diagram(&[". X O .", ". X O .", ". X O .", ". X O ."]);
        let area = AreaCount::of(&pos, &[]).unwrap();
        let rules = Rules::named("chinese").unwrap();
        let settings = ScoreSettings {
            rules: &rules,
            komi: Komi {
                value: 0.5,
                source: ValueSource::Record,
            },
            handicap: 0,
            penalties: Penalties::default(),
            lost_on_time: None,
        };
        let score = super::score(&area, &settings);
        assert_eq!((score.black, score.white), (8, 8));
        assert_eq!(score.re, "W+0.5");
    }
}
