//! A plain snapshot of a board: who stands on each point. The engine's
//! [`crate::replay::board::Board`] is built for speed; this type is for everything
//! downstream of it (scoring, diagrams, reports), which reads a finished position.

use crate::point::{Color, Point};

/// A board position: its size and the stone on each point, row-major from the top left.
///
/// ```
/// use goref_core::point::{Color, Point};
/// use goref_core::Position;
///
/// let mut pos = Position::from_diagram(&["X O .", ". . .", ". . ."]);
/// assert_eq!(pos.get(Point::new(1, 0)), Some(Color::White));
/// pos.set(Point::new(2, 2), Some(Color::Black));
/// assert_eq!(pos.neighbours(Point::new(0, 0)).count(), 2);
/// assert_eq!(pos.cells.iter().flatten().count(), 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub width: u8,
    pub height: u8,
    /// Row-major from the top-left: index = y * width + x.
    pub cells: Vec<Option<Color>>,
}

impl Position {
    /// An empty board.
    pub fn empty(width: u8, height: u8) -> Position {
        Position {
            width,
            height,
            cells: vec![None; width as usize * height as usize],
        }
    }

    /// Whether `p` lies on the board.
    pub fn contains(&self, p: Point) -> bool {
        p.x < self.width && p.y < self.height
    }

    /// The cell index of `p` (row-major); `p` must be on the board.
    pub fn index(&self, p: Point) -> usize {
        p.y as usize * self.width as usize + p.x as usize
    }

    /// The point of cell `index`.
    pub fn point(&self, index: usize) -> Point {
        Point::new(
            (index % self.width as usize) as u8,
            (index / self.width as usize) as u8,
        )
    }

    /// The stone on `p`, if any (None off the board too).
    pub fn get(&self, p: Point) -> Option<Color> {
        if self.contains(p) {
            self.cells[self.index(p)]
        } else {
            None
        }
    }

    /// Puts a stone of `c` on `p`, or empties it (None); off the board, nothing.
    pub fn set(&mut self, p: Point, c: Option<Color>) {
        if self.contains(p) {
            let i = self.index(p);
            self.cells[i] = c;
        }
    }

    /// The on-board orthogonal neighbours of a point.
    pub fn neighbours(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        let (x, y) = (p.x as i16, p.y as i16);
        [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
            .into_iter()
            .filter(move |&(nx, ny)| {
                nx >= 0 && ny >= 0 && nx < self.width as i16 && ny < self.height as i16
            })
            .map(|(nx, ny)| Point::new(nx as u8, ny as u8))
    }

    /// A diagram's rows with the colours swapped (`X` for `O` and back): the tests read
    /// each shape both ways.
    #[cfg(test)]
    pub(crate) fn colours_swapped(rows: &[&str]) -> Vec<String> {
        let swap = |c| match c {
            'X' => 'O',
            'O' => 'X',
            c => c,
        };
        rows.iter().map(|r| r.chars().map(swap).collect()).collect()
    }

    /// Parses a diagram such as the spec's (`X` Black, `O` White, `.` empty; one row a
    /// line; spaces and a leading row label ignored). Used by tests.
    pub fn from_diagram(rows: &[&str]) -> Position {
        let parsed: Vec<Vec<Option<Color>>> = rows
            .iter()
            .map(|row| {
                row.chars()
                    .filter_map(|c| match c {
                        'X' | 'x' | '#' => Some(Some(Color::Black)),
                        'O' | 'o' => Some(Some(Color::White)),
                        '.' | '+' => Some(None),
                        _ => None,
                    })
                    .collect()
            })
            .collect();
        let height = parsed.len() as u8;
        let width = parsed.first().map_or(0, |r| r.len()) as u8;
        let mut pos = Position::empty(width, height);
        for (y, row) in parsed.iter().enumerate() {
            for (x, &c) in row.iter().enumerate().take(width as usize) {
                pos.set(Point::new(x as u8, y as u8), c);
            }
        }
        pos
    }
}
