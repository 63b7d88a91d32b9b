//! A compact SVG board for the batch page, where thousands of boards may share one
//! page: each colour's stones are one path of round dots (a zero-length segment with
//! round caps), so a full 19×19 board costs a few kilobytes rather than the ~40 KB
//! of the appeal's one-element-per-stone diagram ([`crate::present::diagram::render_svg`]).

use crate::point::{Color, Point};
use crate::present::diagram::{column_label, hoshi};
use crate::replay::position::Position;
use maud::{html, Markup};
use std::fmt::Write as _;

/// Distance between lines, in SVG units (the board scales with the page).
const CELL: u32 = 14;

/// Geometry of a board of `width` × `height` lines.
struct Frame {
    width: u32,
    height: u32,
    margin: u32,
}

impl Frame {
    fn new(width: u8, height: u8) -> Frame {
        let margin = CELL * 3 / 2;
        let span = |n: u8| (u32::from(n.max(1)) - 1) * CELL;
        Frame {
            width: 2 * margin + span(width),
            height: 2 * margin + span(height),
            margin,
        }
    }

    fn at(&self, p: Point) -> (u32, u32) {
        (
            self.margin + u32::from(p.x) * CELL,
            self.margin + u32::from(p.y) * CELL,
        )
    }
}

/// The id of the shared frame (wood, grid, star points, coordinates) of a board size.
fn frame_id(width: u8, height: u8) -> String {
    format!("frame-{width}x{height}")
}

/// One hidden SVG defining the frame of each board size once; every
/// [`compact_board`] of that size draws it with `<use>`.
pub(crate) fn board_frames(sizes: &[(u8, u8)]) -> Markup {
    html! {
        svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" aria-hidden="true"
            style="position:absolute" {
            defs {
                @for &(w, h) in sizes { (frame(w, h)) }
            }
        }
    }
}

fn frame(width: u8, height: u8) -> Markup {
    let f = Frame::new(width, height);
    let (w, h) = (u32::from(width.max(1)), u32::from(height.max(1)));
    html! {
        g id=(frame_id(width, height)) {
            rect width=(f.width) height=(f.height) fill="#dcb35c" {}
            path d=(grid_path(w, h, f.margin)) stroke="#000" stroke-width="0.7" fill="none" {}
            path d=(dots(hoshi(width, height), |p| f.at(p))) stroke="#000" stroke-width="4"
                stroke-linecap="round" {}
            g font-size="8" fill="#333" text-anchor="middle" font-family="sans-serif" {
                @for x in 0..width {
                    text x=(f.at(Point::new(x, 0)).0) y=(f.margin / 2 + 2) { (column_label(x)) }
                }
                @for y in 0..height {
                    text x=(f.margin / 2) y=(f.at(Point::new(0, y)).1 + 3) { (height - y) }
                }
            }
        }
    }
}

/// A board with the `offending` points circled in red, drawn over the frame of its
/// size (the page must hold [`board_frames`] for that size). Classes `compact-board`,
/// `stones-b`, `stones-w`, `offending` (one circle per point, with `data-point`) let
/// tests and styles find the parts.
pub(crate) fn compact_board(pos: &Position, offending: &[Point], label: &str) -> Markup {
    let f = Frame::new(pos.width, pos.height);
    let at = |p: Point| f.at(p);
    let mut marked: Vec<Point> = offending
        .iter()
        .copied()
        .filter(|&p| pos.contains(p))
        .collect();
    marked.sort();
    marked.dedup();
    let stone = CELL - 1;
    html! {
        svg.compact-board xmlns="http://www.w3.org/2000/svg" role="img" aria-label=(label)
            width=(f.width) height=(f.height) viewBox={ "0 0 " (f.width) " " (f.height) } {
            use href={ "#" (frame_id(pos.width, pos.height)) } {}
            path.stones-b d=(dots(stones(pos, Color::Black), at)) stroke="#000"
                stroke-width=(stone) stroke-linecap="round" {}
            path.stones-w d=(dots(stones(pos, Color::White), at)) stroke="#000"
                stroke-width=(stone) stroke-linecap="round" {}
            path d=(dots(stones(pos, Color::White), at)) stroke="#fff"
                stroke-width=(stone - 2) stroke-linecap="round" {}
            @for p in marked {
                circle.offending data-point=(p.sgf()) cx=(at(p).0) cy=(at(p).1) r=(CELL * 3 / 5)
                    fill="none" stroke="#d00000" stroke-width="2.5" {}
            }
        }
    }
}

fn stones(pos: &Position, color: Color) -> Vec<Point> {
    (0..pos.cells.len())
        .filter(|&i| pos.cells[i] == Some(color))
        .map(|i| pos.point(i))
        .collect()
}

/// A zero-length segment per point (`h0`): with round caps, a dot the width of the
/// stroke. Each dot after the first is a relative move from the one before.
fn dots(points: Vec<Point>, at: impl Fn(Point) -> (u32, u32)) -> String {
    let mut d = String::with_capacity(points.len() * 8);
    let mut last: Option<(i64, i64)> = None;
    for p in points {
        let (x, y) = at(p);
        let (x, y) = (i64::from(x), i64::from(y));
        let _ = match last {
            None => write!(d, "M{x} {y}h0"),
            Some((lx, ly)) => write!(d, "m{} {}h0", x - lx, y - ly),
        };
        last = Some((x, y));
    }
    d
}

fn grid_path(w: u32, h: u32, margin: u32) -> String {
    let (right, bottom) = (margin + (w - 1) * CELL, margin + (h - 1) * CELL);
    let mut d = String::new();
    for x in 0..w {
        let _ = write!(d, "M{} {margin}V{bottom}", margin + x * CELL);
    }
    for y in 0..h {
        let _ = write!(d, "M{margin} {}H{right}", margin + y * CELL);
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_dot_per_stone_and_a_circle_per_offending_point() {
        let pos = Position::from_diagram(&["X O .", ". X .", "O . ."]);
        let svg = compact_board(
            &pos,
            &[Point::new(1, 1), Point::new(1, 1), Point::new(9, 9)],
            "b",
        )
        .into_string();
        let path = |class: &str| {
            let start = svg.find(&format!("class=\"{class}\" d=\"")).unwrap();
            let rest = &svg[start + class.len() + 12..];
            rest[..rest.find('"').unwrap()].to_string()
        };
        assert_eq!(path("stones-b"), "M21 21h0m14 14h0");
        assert_eq!(path("stones-w"), "M35 21h0m-14 28h0");
        // Deduplicated, and a point off the board is not drawn.
        assert_eq!(svg.matches("class=\"offending\"").count(), 1);
        assert!(svg.contains("data-point=\"bb\""));
    }

    #[test]
    fn labels_are_escaped() {
        let svg = compact_board(&Position::empty(3, 3), &[], "<a & b>").into_string();
        assert!(svg.contains("aria-label=\"&lt;a &amp; b&gt;\""));
    }
}
