//! Dead-stone and seki estimation for a final position whose dead stones nobody marked.
//!
//! The interface is what the counting stage relies on: the status of every string (alive, dead,
//! seki) with a confidence, and the owner of every point once the dead stones are removed. The
//! estimate is deterministic: the same position gives the same answer on any thread.
//!
//! INTERIM: this first version only reads the position as it stands (every string alive, every
//! empty region owned by the colour that alone surrounds it). The real analysis replaces the body
//! of [`estimate`]; the types stay.

use crate::point::{Color, Point};
use crate::position::Position;

/// What a string of stones is at the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StoneStatus {
    Alive,
    Dead,
    Seki,
}

/// One string (a maximal connected group of one colour) and its estimated status.
#[derive(Clone, Debug, PartialEq)]
pub struct StringEstimate {
    pub color: Color,
    /// The stones, sorted.
    pub stones: Vec<Point>,
    pub status: StoneStatus,
    /// How sure the estimate is, from 0.5 (a coin toss) to 1.0 (proven, e.g. pass-alive).
    pub confidence: f32,
    /// True when the status is proven (pass-alive by Benson's analysis, or dead inside a
    /// pass-alive area), not only likely.
    pub proven: bool,
}

/// The whole estimate of a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    pub width: u8,
    pub height: u8,
    pub strings: Vec<StringEstimate>,
    /// Per cell (row-major, as [`Position::cells`]): the colour whose area the point is once dead
    /// stones are removed, or `None` for dame and points in seki.
    pub owner: Vec<Option<Color>>,
}

impl Estimate {
    /// Every stone estimated dead, sorted.
    pub fn dead_stones(&self) -> Vec<Point> {
        self.stones_with(StoneStatus::Dead)
    }

    /// Every stone estimated to live in seki, sorted.
    pub fn seki_stones(&self) -> Vec<Point> {
        self.stones_with(StoneStatus::Seki)
    }

    /// Strings whose estimate is below `min_confidence`.
    pub fn unclear(&self, min_confidence: f32) -> impl Iterator<Item = &StringEstimate> {
        self.strings
            .iter()
            .filter(move |s| s.confidence < min_confidence)
    }

    fn stones_with(&self, status: StoneStatus) -> Vec<Point> {
        let mut out: Vec<Point> = self
            .strings
            .iter()
            .filter(|s| s.status == status)
            .flat_map(|s| s.stones.iter().copied())
            .collect();
        out.sort();
        out
    }
}

/// Estimates the status of every string and the owner of every point of a final position.
pub fn estimate(pos: &Position) -> Estimate {
    let strings = strings_of(pos)
        .into_iter()
        .map(|(color, stones)| StringEstimate {
            color,
            stones,
            status: StoneStatus::Alive,
            confidence: 0.5,
            proven: false,
        })
        .collect();
    Estimate {
        width: pos.width,
        height: pos.height,
        strings,
        owner: owners_as_is(pos),
    }
}

/// The strings of a position, each with its sorted stones.
fn strings_of(pos: &Position) -> Vec<(Color, Vec<Point>)> {
    let mut seen = vec![false; pos.cells.len()];
    let mut out = Vec::new();
    for start in 0..pos.cells.len() {
        let Some(color) = pos.cells[start] else {
            continue;
        };
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut stack = vec![pos.point(start)];
        let mut stones = Vec::new();
        while let Some(p) = stack.pop() {
            stones.push(p);
            for n in pos.neighbours(p) {
                let i = pos.index(n);
                if !seen[i] && pos.cells[i] == Some(color) {
                    seen[i] = true;
                    stack.push(n);
                }
            }
        }
        stones.sort();
        out.push((color, stones));
    }
    out
}

/// Owners of the position as it stands: stones own their point, an empty region belongs to the
/// colour that alone borders it.
fn owners_as_is(pos: &Position) -> Vec<Option<Color>> {
    let mut owner: Vec<Option<Color>> = pos.cells.clone();
    let mut seen = vec![false; pos.cells.len()];
    for start in 0..pos.cells.len() {
        if pos.cells[start].is_some() || seen[start] {
            continue;
        }
        seen[start] = true;
        let mut stack = vec![pos.point(start)];
        let mut region = Vec::new();
        let mut borders = [false; 2];
        while let Some(p) = stack.pop() {
            region.push(pos.index(p));
            for n in pos.neighbours(p) {
                let i = pos.index(n);
                match pos.cells[i] {
                    Some(c) => borders[c.index()] = true,
                    None if !seen[i] => {
                        seen[i] = true;
                        stack.push(n);
                    }
                    None => {}
                }
            }
        }
        let region_owner = match borders {
            [true, false] => Some(Color::Black),
            [false, true] => Some(Color::White),
            _ => None,
        };
        for i in region {
            owner[i] = region_owner;
        }
    }
    owner
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn as_is_owners_follow_the_only_bordering_colour() {
        let pos = Position::from_diagram(&["..X.O..", "..X.O..", "..X.O.."]);
        let est = estimate(&pos);
        assert_eq!(est.owner[0], Some(Color::Black));
        assert_eq!(est.owner[3], None);
        assert_eq!(est.owner[6], Some(Color::White));
        assert_eq!(est.strings.len(), 2);
        assert!(est.dead_stones().is_empty());
    }
}
