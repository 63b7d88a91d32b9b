//! Primitive value types shared by every stage: colours, board points, moves and
//! positions in the source file.
//!
//! ```
//! use goref_core::point::{Color, Point};
//!
//! let p = Point::from_sgf("dc").unwrap(); // SGF letters: column d, row c from the top
//! assert_eq!(p, Point::new(3, 2));
//! assert_eq!(p.vertex(19), "D17"); // GTP vertex: no I column, rows from the bottom
//! assert_eq!(Color::Black.opponent(), Color::White);
//! ```

use serde::{Deserialize, Serialize};
use std::fmt;

/// A player's colour.
///
/// ```
/// use goref_core::point::Color;
///
/// assert_eq!(Color::Black.opponent(), Color::White);
/// assert_eq!((Color::White.letter(), Color::White.name()), ("W", "White"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Color {
    #[serde(rename = "B")]
    Black,
    #[serde(rename = "W")]
    White,
}

impl Color {
    /// The other colour.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The SGF letter: `B` or `W`.
    pub fn letter(self) -> &'static str {
        match self {
            Color::Black => "B",
            Color::White => "W",
        }
    }

    /// `Black` or `White`, for prose.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour arrays.
    pub fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letter())
    }
}

/// A point on the board: `x` is the column from the left, `y` the row from the top,
/// both 0-based, exactly as SGF letters count them (`aa` is x = 0, y = 0).
///
/// ```
/// use goref_core::point::Point;
///
/// let p = Point::from_sgf("pd").unwrap();
/// assert_eq!((p.x, p.y), (15, 3));
/// assert_eq!(p.sgf(), "pd");
/// assert_eq!(p.vertex(19), "Q16");
/// assert_eq!(Point::from_vertex("Q16", 19), Some(p));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    pub x: u8,
    pub y: u8,
}

/// The 52 SGF coordinate letters, `a`–`z` then `A`–`Z`.
const SGF_LETTERS: &[u8; 52] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// Column letters of the usual diagram coordinates: A–Z without I, then a–z without i
/// (enough for 50 columns; wider boards fall back to numbers).
const VERTEX_LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZabcdefghjklmnopqrstuvwxyz";

impl Point {
    /// The point at column `x` and row `y`, both from 0, row 0 at the top (SGF's order).
    pub fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// The SGF letter for one coordinate, if it is below 52.
    pub fn sgf_letter(coord: u8) -> Option<char> {
        SGF_LETTERS.get(coord as usize).map(|&b| b as char)
    }

    /// The coordinate an SGF letter stands for.
    pub fn coord_of_sgf_letter(letter: u8) -> Option<u8> {
        match letter {
            b'a'..=b'z' => Some(letter - b'a'),
            b'A'..=b'Z' => Some(letter - b'A' + 26),
            _ => None,
        }
    }

    /// Parses two SGF letters (`"dd"`).
    pub fn from_sgf(text: &str) -> Option<Point> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        Some(Point::new(
            Point::coord_of_sgf_letter(bytes[0])?,
            Point::coord_of_sgf_letter(bytes[1])?,
        ))
    }

    /// The SGF letters of this point (`"dd"`).
    pub fn sgf(self) -> String {
        let mut s = String::with_capacity(2);
        s.push(Point::sgf_letter(self.x).unwrap_or('?'));
        s.push(Point::sgf_letter(self.y).unwrap_or('?'));
        s
    }

    /// The diagram vertex (`"Q16"`): column letter without I, row counted from the bottom.
    pub fn vertex(self, board_height: u8) -> String {
        let row = board_height as i32 - self.y as i32;
        match VERTEX_LETTERS.get(self.x as usize) {
            Some(&c) => format!("{}{}", c as char, row),
            None => format!("{}-{}", self.x + 1, row),
        }
    }

    /// Parses a diagram vertex such as `Q16` or `e3` (case-insensitive for boards up to 25 wide).
    pub fn from_vertex(text: &str, board_height: u8) -> Option<Point> {
        let text = text.trim();
        let mut chars = text.chars();
        let letter = chars.next()?.to_ascii_uppercase();
        if letter == 'I' {
            return None;
        }
        let x = VERTEX_LETTERS[..25]
            .iter()
            .position(|&c| c as char == letter)? as u8;
        let row: i32 = chars.as_str().parse().ok()?;
        if row < 1 || row > board_height as i32 {
            return None;
        }
        Some(Point::new(x, (board_height as i32 - row) as u8))
    }
}

/// What a player did on a move node.
///
/// ```
/// use goref_core::point::{Move, Point};
///
/// assert_eq!(Move::Play(Point::new(2, 3)).point(), Some(Point::new(2, 3)));
/// assert_eq!(Move::Pass.point(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Play(Point),
    Pass,
}

impl Move {
    /// The point played, or `None` for a pass.
    pub fn point(self) -> Option<Point> {
        match self {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        }
    }
}

/// A place in the decoded source text: 1-based line and column (columns count
/// characters), plus the byte offset into the decoded text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) struct Pos {
    pub(crate) line: u32,
    pub(crate) column: u32,
    #[serde(skip)]
    pub(crate) offset: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sgf_round_trip_covers_all_52_letters() {
        for coord in 0..52u8 {
            let p = Point::new(coord, 51 - coord);
            assert_eq!(Point::from_sgf(&p.sgf()), Some(p));
        }
        assert_eq!(Point::from_sgf("a"), None);
        assert_eq!(Point::from_sgf("a1"), None);
    }

    #[test]
    fn vertex_skips_i_and_counts_rows_from_the_bottom() {
        assert_eq!(Point::from_sgf("pd").unwrap().vertex(19), "Q16");
        assert_eq!(Point::from_sgf("aa").unwrap().vertex(19), "A19");
        assert_eq!(Point::from_sgf("is").unwrap().vertex(19), "J1");
        assert_eq!(Point::from_vertex("Q16", 19), Point::from_sgf("pd"));
        assert_eq!(Point::from_vertex("j1", 19), Point::from_sgf("is"));
        assert_eq!(Point::from_vertex("I5", 19), None);
        assert_eq!(Point::from_vertex("A20", 19), None);
    }
}
