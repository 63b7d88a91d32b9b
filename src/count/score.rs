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
use crate::replay::position::Position;
use crate::rules::{format_number, tidy_number, Rules, Scoring, SekiPoints, Tie};
use serde::{Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

// ---------------------------------------------------------------------------
// Numbers without float noise (the formatter is `rules::format_number`)

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

/// A bad point in a list given by the user (a usage error on the command line).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PointListError {
    #[error("`{0}` is not a point: write SGF letters such as `ee` or a vertex such as `E3`")]
    NotAPoint(String),
    #[error("`{text}` is off the {width}x{height} board")]
    OffBoard { text: String, width: u8, height: u8 },
    #[error("`{text}` ({vertex}) is empty: only a stone can be dead")]
    NoStone { text: String, vertex: String },
}

/// Parses one point: two SGF letters (`ee`, `AB`), else a vertex (`E3`, `q16`).
pub fn parse_point(text: &str, width: u8, height: u8) -> Result<Point, PointListError> {
    let t = text.trim();
    let is_sgf = t.len() == 2 && t.bytes().all(|b| b.is_ascii_alphabetic());
    let point = if is_sgf {
        Point::from_sgf(t)
    } else {
        parse_vertex(t, height)
    };
    match point {
        Some(p) if p.x < width && p.y < height => Ok(p),
        Some(_) => Err(PointListError::OffBoard {
            text: t.to_string(),
            width,
            height,
        }),
        None if looks_like_vertex(t) => Err(PointListError::OffBoard {
            text: t.to_string(),
            width,
            height,
        }),
        None => Err(PointListError::NotAPoint(t.to_string())),
    }
}

/// `Point::from_vertex` checks the row; the column is checked against the width later.
fn parse_vertex(t: &str, height: u8) -> Option<Point> {
    Point::from_vertex(t, height)
}

/// A letter other than I followed by a number: a vertex that lies off this board.
fn looks_like_vertex(t: &str) -> bool {
    let mut chars = t.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() && !c.eq_ignore_ascii_case(&'i'))
        && chars.as_str().parse::<u32>().is_ok()
}

/// Parses a comma (or space) separated list of points; duplicates are merged.
pub fn parse_points(text: &str, width: u8, height: u8) -> Result<Vec<Point>, PointListError> {
    let mut points = text
        .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| parse_point(s, width, height))
        .collect::<Result<Vec<_>, _>>()?;
    points.sort();
    points.dedup();
    Ok(points)
}

/// Parses `--dead POINTS` against a position: every point must hold a stone.
pub fn parse_dead(text: &str, pos: &Position) -> Result<Vec<Point>, PointListError> {
    let points = parse_points(text, pos.width, pos.height)?;
    check_dead(pos, &points)?;
    Ok(points)
}

/// Every dead point must be on the board and hold a stone.
pub(crate) fn check_dead(pos: &Position, dead: &[Point]) -> Result<(), PointListError> {
    for &p in dead {
        if !pos.contains(p) {
            return Err(PointListError::OffBoard {
                text: p.sgf(),
                width: pos.width,
                height: pos.height,
            });
        }
        // Not `pos.get`: a hand-built Position may have too few cells.
        if pos.cells.get(pos.index(p)).copied().flatten().is_none() {
            return Err(PointListError::NoStone {
                text: p.sgf(),
                vertex: p.vertex(pos.height),
            });
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Area counting

/// One side's area.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SideArea {
    /// Stones plus territory.
    pub area: u32,
    /// Own stones left on the board after removing the dead.
    pub stones: u32,
    /// Empty points (dead stones' points included) bordered only by own stones.
    pub territory: u32,
    /// This side's own stones removed as dead.
    pub dead_removed: u32,
}

/// The area count of a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AreaCount {
    #[serde(skip)]
    pub width: u8,
    #[serde(skip)]
    pub height: u8,
    pub black: SideArea,
    pub white: SideArea,
    /// Empty points bordered by both colours or by none (dame and seki).
    pub neutral: u32,
    /// The stones removed as dead, as SGF points.
    #[serde(serialize_with = "serialize_sgf_points")]
    pub dead: Vec<Point>,
    /// For each point (row-major, like `Position::cells`): the colour whose territory
    /// it is, for diagrams. Stones and neutral points are `None`.
    #[serde(skip)]
    pub territory: Vec<Option<Color>>,
}

impl AreaCount {
    pub fn side(&self, color: Color) -> &SideArea {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// S = ⌊W·H/2⌋: the stones each side has for fill-in (180 on 19×19).
    pub fn stones_each(&self) -> u32 {
        (self.width as u32 * self.height as u32) / 2
    }
}

/// Counts the area of `pos` after removing the `dead` stones.
pub fn count_area(pos: &Position, dead: &[Point]) -> Result<AreaCount, PointListError> {
    check_dead(pos, dead)?;
    let mut board = pos.clone();
    // A hand-built Position may have the wrong number of cells; never index past them.
    board
        .cells
        .resize(pos.width as usize * pos.height as usize, None);
    let mut removed = [0u32; 2];
    let mut dead_sorted = dead.to_vec();
    dead_sorted.sort();
    dead_sorted.dedup();
    for &p in &dead_sorted {
        if let Some(c) = board.get(p) {
            removed[c.index()] += 1;
            board.set(p, None);
        }
    }
    let mut count = AreaCount {
        width: pos.width,
        height: pos.height,
        black: SideArea::default(),
        white: SideArea::default(),
        neutral: 0,
        dead: dead_sorted,
        territory: vec![None; board.cells.len()],
    };
    count.black.dead_removed = removed[0];
    count.white.dead_removed = removed[1];
    let mut flood = Flood {
        seen: vec![false; board.cells.len()],
        stack: Vec::new(),
        region: Vec::new(),
    };
    for i in 0..board.cells.len() {
        match board.cells[i] {
            Some(Color::Black) => count.black.stones += 1,
            Some(Color::White) => count.white.stones += 1,
            None if !flood.seen[i] => {
                let owner = flood.empty_region(&board, i);
                let size = flood.region.len() as u32;
                match owner {
                    Some(c) => {
                        for &j in &flood.region {
                            count.territory[j] = Some(c);
                        }
                        match c {
                            Color::Black => count.black.territory += size,
                            Color::White => count.white.territory += size,
                        }
                    }
                    None => count.neutral += size,
                }
            }
            None => {}
        }
    }
    count.black.area = count.black.stones + count.black.territory;
    count.white.area = count.white.stones + count.white.territory;
    Ok(count)
}

/// Buffers for flood-filling empty regions, reused across regions so that counting a
/// board allocates a constant number of times (the batch counts thousands of boards).
struct Flood {
    seen: Vec<bool>,
    stack: Vec<usize>,
    region: Vec<usize>,
}

impl Flood {
    /// Flood-fills the empty region containing cell `start` into `self.region`; returns
    /// the only colour bordering it (None when it borders both colours or none).
    fn empty_region(&mut self, board: &Position, start: usize) -> Option<Color> {
        let width = board.width as usize;
        let len = board.cells.len();
        let mut borders = [false; 2];
        self.region.clear();
        self.stack.clear();
        self.stack.push(start);
        self.seen[start] = true;
        while let Some(i) = self.stack.pop() {
            self.region.push(i);
            for j in cell_neighbours(width, len, i) {
                match board.cells[j] {
                    Some(c) => borders[c.index()] = true,
                    None if !self.seen[j] => {
                        self.seen[j] = true;
                        self.stack.push(j);
                    }
                    None => {}
                }
            }
        }
        match borders {
            [true, false] => Some(Color::Black),
            [false, true] => Some(Color::White),
            _ => None,
        }
    }
}

/// The cells next to cell `i` of a board `width` cells wide and `len` cells in all, by index
/// arithmetic alone (no point conversion: the counts call this for every cell).
pub(crate) fn cell_neighbours(width: usize, len: usize, i: usize) -> impl Iterator<Item = usize> {
    let x = i % width;
    // Left, right, up, down; packed into the front of an array (no Option per slot).
    let mut cells = [0usize; 4];
    let mut n = 0;
    for (on_board, j) in [
        (x > 0, i.wrapping_sub(1)),
        (x + 1 < width, i + 1),
        (i >= width, i.wrapping_sub(width)),
        (i + width < len, i + width),
    ] {
        cells[n] = j;
        n += usize::from(on_board);
    }
    cells.into_iter().take(n)
}

// ---------------------------------------------------------------------------
// Komi

/// The komi used and where it came from: command line > record KM > rules default.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Komi {
    #[serde(serialize_with = "serialize_points")]
    pub value: f64,
    pub source: ValueSource,
}

impl Komi {
    /// Chooses the komi by precedence; a non-finite value is ignored as if absent.
    pub fn choose(
        command_line: Option<f64>,
        record: Option<f64>,
        rules: &Rules,
        handicap: u32,
    ) -> Komi {
        let finite = |k: Option<f64>| k.filter(|v| v.is_finite());
        if let Some(value) = finite(command_line) {
            Komi {
                value,
                source: ValueSource::CommandLine,
            }
        } else if let Some(value) = finite(record) {
            Komi {
                value,
                source: ValueSource::Record,
            }
        } else {
            Komi {
                value: rules.komi_for(handicap),
                source: ValueSource::Rules,
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Penalty points (`--penalty B=2,W=4`)

/// Penalty points charged to each side; they come off that side's score.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Penalties {
    #[serde(rename = "B")]
    pub black: u32,
    #[serde(rename = "W")]
    pub white: u32,
}

impl Penalties {
    pub fn of(self, color: Color) -> u32 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }
}

/// A bad `--penalty` value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PenaltyError {
    #[error("`{0}` is not of the form B=POINTS or W=POINTS (e.g. `B=2,W=4`)")]
    Malformed(String),
    #[error("`{0}` is not a colour; use B or W")]
    UnknownColour(String),
    #[error("`{0}` is not a whole number of points from 0 to {MAX_PENALTY}")]
    BadPoints(String),
    #[error("penalty points for {0} are given twice")]
    Repeated(Color),
}

/// The most penalty points one side may be given: more than a 52×52 board holds.
pub const MAX_PENALTY: u32 = 10_000;

impl FromStr for Penalties {
    type Err = PenaltyError;

    fn from_str(text: &str) -> Result<Penalties, PenaltyError> {
        let mut out = Penalties::default();
        let mut given = [false; 2];
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (colour, points) = item
                .split_once('=')
                .or_else(|| item.split_once(':'))
                .ok_or_else(|| PenaltyError::Malformed(item.to_string()))?;
            let color = match colour.trim().to_ascii_lowercase().as_str() {
                "b" | "black" => Color::Black,
                "w" | "white" => Color::White,
                other => return Err(PenaltyError::UnknownColour(other.to_string())),
            };
            let points: u32 = points
                .trim()
                .parse()
                .ok()
                .filter(|&p| p <= MAX_PENALTY)
                .ok_or_else(|| PenaltyError::BadPoints(points.trim().to_string()))?;
            if given[color.index()] {
                return Err(PenaltyError::Repeated(color));
            }
            given[color.index()] = true;
            match color {
                Color::Black => out.black = points,
                Color::White => out.white = points,
            }
        }
        Ok(out)
    }
}

// ---------------------------------------------------------------------------
// Fill-in counting (§3.1–3.2)

/// One side's fill-in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct FillSide {
    /// Own stones available: S minus those placed in the opponent's area.
    pub stones: i64,
    /// Points to fill: own area minus the opponent's stones placed in it, plus the
    /// shared points this side fills.
    pub points: i64,
    /// stones − points: stones left over, or (negative) points left unfilled.
    pub leftover: i64,
}

/// Ing fill-in counting of a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FillIn {
    /// S = ⌊W·H/2⌋ stones a side.
    pub stones_each: u32,
    /// Compensation stones (komi plus handicap compensation, 2 points a stone) that
    /// White places in Black's area; negative for a reverse komi (Black's stones in
    /// White's area).
    pub compensation_stones: i64,
    /// Penalty stones placed in each penalised side's area by the opponent.
    pub penalty_stones: Penalties,
    /// Neutral points (dame, seki).
    pub shared_points: u32,
    /// Shared points each side fills (⌊d/2⌋ when they are shared, else 0).
    pub shared_filled_each: u32,
    /// Neutral points left empty after filling.
    pub left_empty: u32,
    pub black: FillSide,
    pub white: FillSide,
    /// The side with unfilled points (None when the leftovers are equal).
    pub winner: Option<Color>,
    /// The winner's unfilled points.
    pub winner_unfilled: i64,
    /// The loser's leftover stones.
    pub loser_leftover: i64,
    /// winner_unfilled + loser_leftover: equals the area margin.
    pub margin: i64,
    /// Black's margin: White's leftover minus Black's.
    pub black_margin: i64,
    /// The count in words, to read aloud.
    pub sentence: String,
}

/// Why fill-in counting was not done.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum FillInError {
    #[error("compensation of {0} points is not a whole number of stones (2 points a stone); fill-in needs an even komi")]
    OddCompensation(String),
    #[error(
        "{color} has {points} penalty points, not a whole number of stones (2 points a stone)"
    )]
    OddPenalty { color: Color, points: u32 },
    /// A side's area cannot hold the stones placed in it, or it has fewer stones than
    /// its opponent places: the position is not a finished one that fill-in can count.
    #[error("{color}'s area of {area} points cannot take the {placed} stones placed in it: the position is not finished, so fill-in cannot count it")]
    Unfinished {
        color: Color,
        area: u32,
        placed: i64,
    },
}

/// Converts points to stones at 2 points a stone, if whole.
fn whole_stones(points: f64) -> Option<i64> {
    let half = tidy_number(points) / 2.0;
    (half.is_finite() && half.fract() == 0.0 && half.abs() < 1e12).then_some(half as i64)
}

/// Ing fill-in counting. `compensation` is komi plus handicap compensation, in points.
pub(crate) fn fill_in(
    area: &AreaCount,
    compensation: f64,
    penalties: Penalties,
    seki: SekiPoints,
) -> Result<FillIn, FillInError> {
    let comp = whole_stones(compensation)
        .ok_or_else(|| FillInError::OddCompensation(format_number(compensation)))?;
    for color in [Color::Black, Color::White] {
        let points = penalties.of(color);
        if points % 2 != 0 {
            return Err(FillInError::OddPenalty { color, points });
        }
    }
    let s = area.stones_each() as i64;
    let d = area.neutral;
    let shared = match seki {
        SekiPoints::Shared => d / 2,
        SekiPoints::Nobody => 0,
    };
    // White stones in Black's area and Black stones in White's area (§3.2: c_B, c_W).
    // A reverse komi moves to the other side; the leftovers depend only on c_B − c_W.
    let mut c_b = comp + penalties.black as i64 / 2;
    let mut c_w = penalties.white as i64 / 2;
    if c_b < 0 {
        c_w -= c_b;
        c_b = 0;
    }
    let side = |stones: i64, area: u32, placed_in: i64| {
        let points = area as i64 - placed_in + shared as i64;
        FillSide {
            stones,
            points,
            leftover: stones - points,
        }
    };
    let black = side(s - c_w, area.black.area, c_b);
    let white = side(s - c_b, area.white.area, c_w);
    for (color, side, placed, own) in [
        (Color::Black, black, c_b, area.black.area),
        (Color::White, white, c_w, area.white.area),
    ] {
        if side.points < 0 || side.stones < 0 {
            return Err(FillInError::Unfinished {
                color,
                area: own,
                placed,
            });
        }
    }
    let black_margin = white.leftover - black.leftover;
    let (winner, winner_side, loser_side) = match black_margin {
        m if m > 0 => (Some(Color::Black), black, white),
        m if m < 0 => (Some(Color::White), white, black),
        _ => (None, black, white),
    };
    let mut f = FillIn {
        stones_each: area.stones_each(),
        compensation_stones: comp,
        penalty_stones: Penalties {
            black: penalties.black / 2,
            white: penalties.white / 2,
        },
        shared_points: d,
        shared_filled_each: shared,
        left_empty: d - 2 * shared,
        black,
        white,
        winner,
        winner_unfilled: if winner.is_some() {
            -winner_side.leftover
        } else {
            0
        },
        loser_leftover: if winner.is_some() {
            loser_side.leftover
        } else {
            0
        },
        margin: black_margin.abs(),
        black_margin,
        sentence: String::new(),
    };
    f.sentence = fill_in_sentence(&f, seki);
    Ok(f)
}

/// "White places 4 compensation stones in Black's area. Black fills 180 of 181 points
/// and has 1 point left. White fills 176 points with 176 stones exactly. Black wins by 1."
fn fill_in_sentence(f: &FillIn, seki: SekiPoints) -> String {
    let mut parts: Vec<String> = Vec::new();
    let comp = f.compensation_stones;
    if comp > 0 {
        parts.push(format!(
            "White places {} in Black's area",
            plural(comp, "compensation stone", "compensation stones")
        ));
    } else if comp < 0 {
        parts.push(format!(
            "Black places {} in White's area",
            plural(-comp, "compensation stone", "compensation stones")
        ));
    }
    for color in [Color::Black, Color::White] {
        let n = f.penalty_stones.of(color) as i64;
        if n > 0 {
            parts.push(format!(
                "{} places {} in {}'s area",
                color.opponent().name(),
                plural(n, "penalty stone", "penalty stones"),
                color.name()
            ));
        }
    }
    if f.shared_points > 0 {
        parts.push(match seki {
            SekiPoints::Shared if f.shared_filled_each > 0 => {
                let mut t = format!(
                    "each side fills {} of the {} shared",
                    plural(f.shared_filled_each as i64, "point", "points"),
                    f.shared_points
                );
                if f.left_empty > 0 {
                    t.push_str("; 1 point stays empty");
                }
                t
            }
            _ => format!(
                "{} empty",
                plural(
                    f.shared_points as i64,
                    "neutral point stays",
                    "neutral points stay"
                )
            ),
        });
    }
    for (color, side) in [(Color::Black, f.black), (Color::White, f.white)] {
        parts.push(side_sentence(color, side));
    }
    let verdict = match f.winner {
        Some(w) => {
            let mut v = format!("{} wins by {}", w.name(), f.margin);
            let loser = w.opponent().name();
            match (f.winner_unfilled, f.loser_leftover) {
                (u, l) if u > 0 && l > 0 => v.push_str(&format!(
                    " ({} unfilled plus {} left over by {loser})",
                    plural(u, "point", "points"),
                    plural(l, "stone", "stones"),
                )),
                // Both sides have stones left over (neutral points nobody fills): the
                // margin is the difference.
                (u, l) if u < 0 => v.push_str(&format!(
                    " ({loser} has {} left over, {} only {})",
                    plural(l, "stone", "stones"),
                    w.name(),
                    -u
                )),
                // Both sides leave points unfilled: the margin is the difference.
                (u, l) if l < 0 => v.push_str(&format!(
                    " ({} unfilled against {} by {loser})",
                    plural(u, "point", "points"),
                    -l
                )),
                _ => {}
            }
            v
        }
        None => "Neither side is ahead: the count is even".to_string(),
    };
    parts.push(verdict);
    let mut text = parts
        .iter()
        .map(|p| capitalise(p))
        .collect::<Vec<_>>()
        .join(". ");
    text.push('.');
    text
}

fn side_sentence(color: Color, side: FillSide) -> String {
    let name = color.name();
    match side.leftover {
        l if l < 0 => format!(
            "{name} fills {} of {} points and has {} left",
            side.stones,
            side.points,
            plural(-l, "point", "points")
        ),
        0 => format!(
            "{name} fills {} points with {} stones exactly",
            side.points, side.stones
        ),
        l => format!(
            "{name} fills {} points and has {} left over",
            side.points,
            plural(l, "stone", "stones")
        ),
    }
}

fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

// ---------------------------------------------------------------------------
// The score

/// Who a zero margin was given to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TieBreak {
    Black,
    White,
}

impl From<TieBreak> for Color {
    fn from(t: TieBreak) -> Color {
        match t {
            TieBreak::Black => Color::Black,
            TieBreak::White => Color::White,
        }
    }
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

/// One side's territory count (Japanese and Korean rules).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SideTerritory {
    /// Empty points (dead stones' points included) surrounded by this side alone,
    /// less the eyes of strings in seki.
    pub territory: u32,
    /// Opponent stones captured during play plus the opponent's dead stones removed.
    pub prisoners: u32,
    /// territory + prisoners.
    pub points: u32,
    /// Points of own territory filled to connect strings that filling the dame leaves in
    /// atari (`teire_points`), already taken off `territory`; only where the counter finishes
    /// the boundaries.
    #[serde(skip_serializing_if = "is_zero")]
    pub teire: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The territory count of a position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TerritoryCount {
    pub black: SideTerritory,
    pub white: SideTerritory,
    /// Empty points inside a colour's area that touch a string in seki: no territory
    /// under territory rules (Japanese rules 1989, Article 9 with its commentary).
    pub seki_points: u32,
}

/// Counts territory and prisoners. `area` is the area count of `pos` after removing the
/// dead stones; `seki` lists stones in seki, whose eyes are nobody's territory;
/// `captures` are the stones captured during play by Black and by White.
pub fn count_territory(
    pos: &Position,
    area: &AreaCount,
    seki: &[Point],
    captures: [u32; 2],
) -> TerritoryCount {
    let mut board = pos.clone();
    board
        .cells
        .resize(pos.width as usize * pos.height as usize, None);
    for &p in &area.dead {
        board.set(p, None);
    }
    // Empty points reachable from a seki string through empty points: its eyes and
    // the dame between the strings, none of which is territory.
    let mut no_territory = vec![false; board.cells.len()];
    let mut stack: Vec<Point> = Vec::new();
    for &s in seki {
        if board.contains(s) && board.get(s).is_some() {
            stack.extend(board.neighbours(s).filter(|&n| board.get(n).is_none()));
        }
    }
    while let Some(p) = stack.pop() {
        let i = board.index(p);
        if no_territory[i] {
            continue;
        }
        no_territory[i] = true;
        stack.extend(board.neighbours(p).filter(|&n| board.get(n).is_none()));
    }
    let mut t = TerritoryCount::default();
    for (i, owner) in area.territory.iter().enumerate() {
        let Some(c) = owner else { continue };
        if no_territory.get(i).copied().unwrap_or(false) {
            t.seki_points += 1;
            continue;
        }
        match c {
            Color::Black => t.black.territory += 1,
            Color::White => t.white.territory += 1,
        }
    }
    // Dead stones of one colour are prisoners of the other.
    t.black.prisoners = captures[0] + area.white.dead_removed;
    t.white.prisoners = captures[1] + area.black.dead_removed;
    t.black.points = t.black.territory + t.black.prisoners;
    t.white.points = t.white.territory + t.white.prisoners;
    t
}

impl TerritoryCount {
    /// Takes the teire (per side: Black, White) off each side's territory.
    pub fn make_teire(&mut self, teire: [u32; 2]) {
        for (side, n) in [(&mut self.black, teire[0]), (&mut self.white, teire[1])] {
            side.teire = n.min(side.territory);
            side.territory -= side.teire;
            side.points = side.territory + side.prisoners;
        }
    }
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
        let Outcome {
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

/// Scores an area count under the given settings.
pub fn score(area: &AreaCount, settings: &ScoreSettings) -> Score {
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
    let Outcome {
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
struct Outcome {
    board_margin: f64,
    black_margin: f64,
    winner: Option<Color>,
    tiebreak: Option<TieBreak>,
    re: String,
}

/// The outcome of `black` and `white` points once `compensation` (komi and handicap
/// compensation) and the penalties are taken off, the tie rule applied, and a loss on time
/// put before the count. Area and territory counting share it.
fn outcome(black: u32, white: u32, compensation: f64, settings: &ScoreSettings) -> Outcome {
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
        None => (winner, tiebreak, result_text(winner, black_margin)),
    };
    Outcome {
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
    (tb.map(Color::from), tb)
}

/// RE for a board result: "B+1", "W+0.5", "B+0" (tie broken), "0" (draw).
fn result_text(winner: Option<Color>, black_margin: f64) -> String {
    match winner {
        Some(w) => format!("{}+{}", w.letter(), format_number(black_margin.abs())),
        None => "0".to_string(),
    }
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
