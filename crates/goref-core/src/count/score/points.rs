//! Dead-stone lists as users write them: SGF letters (`dd`) or vertices (`D16`), checked
//! against the position (`--dead`).

use crate::point::Point;
use crate::replay::position::Position;

/// A bad point in a list given by the user (a usage error on the command line).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum PointListError {
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
pub(super) fn parse_vertex(t: &str, height: u8) -> Option<Point> {
    Point::from_vertex(t, height)
}

/// A letter other than I followed by a number: a vertex that lies off this board.
pub(super) fn looks_like_vertex(t: &str) -> bool {
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

/// The examples that documented crate-private items, kept as tests.
#[cfg(test)]
mod doc_examples {
    #[allow(unused_imports)]
    use super::*;

    #[test]
    fn parse_dead_reads_points() {
        use crate::count::score::{parse_dead, PointListError};
        use crate::Position;

        let pos = Position::from_diagram(&["X . .", ". O .", ". . ."]);
        assert_eq!(parse_dead("bb", &pos).unwrap().len(), 1);
        // A dead stone must be a stone.
        assert!(matches!(
            parse_dead("cc", &pos),
            Err(PointListError::NoStone { .. })
        ));
    }

    #[test]
    fn parse_points_reads_lists() {
        use crate::count::score::{parse_points, PointListError};
        use crate::point::Point;

        assert_eq!(
            parse_points("aa,cd", 9, 9).unwrap(),
            vec![Point::new(0, 0), Point::new(2, 3)]
        );
        assert_eq!(
            parse_points("A9 C6", 9, 9).unwrap(),
            vec![Point::new(0, 0), Point::new(2, 3)]
        );
        assert!(matches!(
            parse_points("zz", 9, 9),
            Err(PointListError::OffBoard { .. })
        ));
    }
}
