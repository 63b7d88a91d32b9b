//! Area and territory: the two counts of a position with given dead stones (stones
//! plus surrounded points; surrounded points plus prisoners).

use crate::count::score::check_dead;
use crate::count::score::serialize_sgf_points;
use crate::count::score::PointListError;
use crate::point::{Color, Point};
use crate::replay::position::Position;
use serde::Serialize;

/// One side's area.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub(crate) struct SideArea {
    /// Stones plus territory.
    pub(crate) area: u32,
    /// Own stones left on the board after removing the dead.
    pub(crate) stones: u32,
    /// Empty points (dead stones' points included) bordered only by own stones.
    pub(crate) territory: u32,
    /// This side's own stones removed as dead.
    pub(crate) dead_removed: u32,
}

/// The area count of a position.
///
/// ```
/// use goref_core::point::{Color, Point};
/// use goref_core::score::AreaCount;
/// use goref_core::Position;
///
/// let pos = Position::from_diagram(&[". X O .", "O X O .", ". X O ."]);
/// let count = AreaCount::of(&pos, &[Point::new(0, 1)]).unwrap();
/// assert_eq!((count.area(Color::Black), count.area(Color::White)), (6, 6));
/// // Black: 3 stones and 3 points (the dead stone's among them); White: 3 stones and 3
/// // points, its one dead stone removed; no neutral point.
/// assert_eq!((count.stones(Color::Black), count.territory(Color::Black)), (3, 3));
/// assert_eq!((count.stones(Color::White), count.territory(Color::White)), (3, 3));
/// assert_eq!((count.dead_removed(Color::White), count.neutral()), (1, 0));
/// assert_eq!(count.dead(), [Point::new(0, 1)]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AreaCount {
    #[serde(skip)]
    pub(crate) width: u8,
    #[serde(skip)]
    pub(crate) height: u8,
    pub(crate) black: SideArea,
    pub(crate) white: SideArea,
    /// Empty points bordered by both colours or by none (dame and seki).
    pub(crate) neutral: u32,
    /// The stones removed as dead, as SGF points.
    #[serde(serialize_with = "serialize_sgf_points")]
    pub(crate) dead: Vec<Point>,
    /// For each point (row-major, like `Position::cells`): the colour whose territory
    /// it is, for diagrams. Stones and neutral points are `None`.
    #[serde(skip)]
    pub(crate) territory: Vec<Option<Color>>,
}

impl AreaCount {
    /// Counts the area of `pos` (stones plus the empty points only one colour
    /// surrounds) after removing the `dead` stones, which must hold stones.
    pub fn of(pos: &Position, dead: &[Point]) -> Result<AreaCount, crate::Error> {
        Ok(count_area(pos, dead)?)
    }

    /// One colour's area: its stones plus its territory.
    pub fn area(&self, color: Color) -> u32 {
        self.side(color).area
    }

    /// One colour's stones left on the board once the dead are removed.
    pub fn stones(&self, color: Color) -> u32 {
        self.side(color).stones
    }

    /// The empty points (dead stones' points among them) only `color` borders.
    pub fn territory(&self, color: Color) -> u32 {
        self.side(color).territory
    }

    /// One colour's own stones removed as dead.
    pub fn dead_removed(&self, color: Color) -> u32 {
        self.side(color).dead_removed
    }

    /// Empty points bordered by both colours or by none (dame and seki).
    pub fn neutral(&self) -> u32 {
        self.neutral
    }

    /// The stones removed as dead, sorted.
    pub fn dead(&self) -> &[Point] {
        &self.dead
    }

    /// The area of one colour.
    pub(crate) fn side(&self, color: Color) -> &SideArea {
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

/// Counts the area of `pos` after removing the `dead` stones ([`AreaCount::of`]).
pub(crate) fn count_area(pos: &Position, dead: &[Point]) -> Result<AreaCount, PointListError> {
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
pub(super) struct Flood {
    pub(super) seen: Vec<bool>,
    pub(super) stack: Vec<usize>,
    pub(super) region: Vec<usize>,
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

/// One side's territory count (Japanese and Korean rules).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub(crate) struct SideTerritory {
    /// Empty points (dead stones' points included) surrounded by this side alone,
    /// less the eyes of strings in seki.
    pub(crate) territory: u32,
    /// Opponent stones captured during play plus the opponent's dead stones removed.
    pub(crate) prisoners: u32,
    /// territory + prisoners.
    pub(crate) points: u32,
    /// Points of own territory filled to connect strings that filling the dame leaves in
    /// atari (`teire_points`), already taken off `territory`; only where the counter finishes
    /// the boundaries.
    #[serde(skip_serializing_if = "is_zero")]
    pub(crate) teire: u32,
}

pub(super) fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The territory count of a position.
///
/// ```
/// use goref_core::point::Color;
/// use goref_core::score::{AreaCount, TerritoryCount};
/// use goref_core::Position;
///
/// let pos = Position::from_diagram(&[". X O .", ". X O .", ". X O ."]);
/// let area = AreaCount::of(&pos, &[]).unwrap();
/// // Black captured two stones during play, White none.
/// let t = TerritoryCount::of(&pos, &area, &[], [2, 0]);
/// assert_eq!((t.territory(Color::Black), t.prisoners(Color::Black)), (3, 2));
/// assert_eq!((t.territory(Color::White), t.prisoners(Color::White)), (3, 0));
/// assert_eq!((t.points(Color::Black), t.points(Color::White), t.seki_points()), (5, 3, 0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TerritoryCount {
    pub(crate) black: SideTerritory,
    pub(crate) white: SideTerritory,
    /// Empty points inside a colour's area that touch a string in seki: no territory
    /// under territory rules (Japanese rules 1989, Article 9 with its commentary).
    pub(crate) seki_points: u32,
}

/// Territory and prisoners ([`TerritoryCount::of`]).
pub(crate) fn count_territory(
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
    /// Counts territory and prisoners. `area` is the area count of `pos` after removing
    /// the dead stones; `seki` lists stones in seki, whose eyes are nobody's territory;
    /// `captures` are the stones captured during play by Black and by White.
    pub fn of(
        pos: &Position,
        area: &AreaCount,
        seki: &[Point],
        captures: [u32; 2],
    ) -> TerritoryCount {
        count_territory(pos, area, seki, captures)
    }

    /// One colour's territory: empty points (dead stones' points among them) it alone
    /// surrounds, less the eyes of strings in seki and any teire.
    pub fn territory(&self, color: Color) -> u32 {
        self.side(color).territory
    }

    /// The opponent's stones one colour captured during play plus the opponent's dead
    /// stones removed.
    pub fn prisoners(&self, color: Color) -> u32 {
        self.side(color).prisoners
    }

    /// Territory plus prisoners.
    pub fn points(&self, color: Color) -> u32 {
        self.side(color).points
    }

    /// Points inside a colour's area that touch a string in seki: nobody's territory.
    pub fn seki_points(&self) -> u32 {
        self.seki_points
    }

    fn side(&self, color: Color) -> &SideTerritory {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// Takes the teire (per side: Black, White) off each side's territory.
    pub(crate) fn make_teire(&mut self, teire: [u32; 2]) {
        for (side, n) in [(&mut self.black, teire[0]), (&mut self.white, teire[1])] {
            side.teire = n.min(side.territory);
            side.territory -= side.teire;
            side.points = side.territory + side.prisoners;
        }
    }
}
