//! Area and territory: the two counts of a position with given dead stones (stones
//! plus surrounded points; surrounded points plus prisoners).

use crate::count::neighbours::NeighbourTable;
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
    /// The points of the gaps in boundaries the count finished ([`count_area_sealing`]):
    /// neutral, with the area behind each counted for the colour around it.
    #[serde(skip)]
    pub(crate) gaps: Vec<Point>,
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
    count_area_sealing(pos, dead, false)
}

/// At most this many points of an area may touch the other colour for the area to be one
/// colour's, nearly enclosed: a gap in its boundary that the game left open (Fox's exports
/// stop before the dame are filled).
pub(crate) const NEAR_GAP: u32 = 1;

/// More points than the biggest killable eye shape holds (six, as the estimate's nakade
/// shapes go): room for two eyes.
pub(crate) const NEAR_ROOM: usize = 7;

/// The colour that nearly encloses an area of empty points (no dead stone in it: an area
/// that a kill opens is the estimate's reading, not a boundary the players left, and
/// reading it as the eye space of the stones around would confirm the kill by itself): a
/// gap in its boundary that the game left open. The other colour's living stones touch at most
/// [`NEAR_GAP`] of its points, fewer than the enclosure's do; the points they do not touch
/// number at least [`NEAR_ROOM`]; and every chain of the other colour that touches it
/// reaches out of it (an open point elsewhere): a wall with a gap, not a living stone inside
/// that contests the area. Where the game stopped with such a gap open, a counter reads the
/// area behind it as the enclosure's (the other side's push into the gap is answered with
/// a block) and the enclosure as having room for two eyes; the points of the gap are
/// nobody's. One decision for the estimate's reading of life (`estimate::life`), the count
/// of a finished boundary ([`count_area_sealing`]) and the test of a countable end
/// (`reading::dead::countable`), each passing its own view of the board: the area's
/// `cells`, `in_area`, whether a cell holds a `stone` (living or dead), the colour of the
/// `living` stone on a cell (none for an empty cell or a dead stone), the `neighbours` of
/// a cell, and the board's `len`.
///
/// ```text
///   P Q R S T
/// 6 O O X . X     Black's corner, ten points: only Q4 touches White (P4's wall,
/// 5 X X X X .     which reaches out). Black nearly encloses it: Q4 is nobody's,
/// 4 O . . . X     the rest Black's.
/// 3 O X X . .
/// 2 O O X . .
/// 1 O X X . .
/// ```
pub(crate) fn nearly_enclosed_by<I: IntoIterator<Item = usize>>(
    cells: impl ExactSizeIterator<Item = usize> + Clone,
    in_area: impl Fn(usize) -> bool,
    stone: impl Fn(usize) -> bool,
    living: impl Fn(usize) -> Option<Color>,
    neighbours: impl Fn(usize) -> I,
    len: usize,
) -> Option<Color> {
    let size = cells.len();
    // The gap itself is one point at least: most areas between two colours (a dame or
    // two) are told apart by their size alone, before any walk.
    if size <= NEAR_ROOM {
        return None;
    }
    let mut touching = [0u32; 2];
    for i in cells.clone() {
        if stone(i) {
            // A dead stone inside: an area a kill opens, not a boundary the game left.
            return None;
        }
        let mut here = [false; 2];
        for n in neighbours(i) {
            if let Some(c) = living(n) {
                here[c.index()] = true;
            }
        }
        for k in 0..2 {
            touching[k] += u32::from(here[k]);
        }
    }
    let color = gap_enclosure(size, touching)?;
    walls_reach_out(cells, in_area, living, neighbours, len, color.opponent()).then_some(color)
}

/// [`nearly_enclosed_by`]'s count of points: the colour whose area of `size` points
/// (empty ones only) it is by how many of them touch each colour's living stones
/// (`touching`, Black's then White's), before any wall is walked. A caller that counts
/// `touching` on its own walk (the estimate's rounds) asks this first, then
/// [`walls_reach_out`].
pub(crate) fn gap_enclosure(size: usize, touching: [u32; 2]) -> Option<Color> {
    let encloses = |own: usize, other: usize| {
        touching[own] > touching[other]
            && touching[other] <= NEAR_GAP
            && size.saturating_sub(touching[other] as usize) >= NEAR_ROOM
    };
    if encloses(0, 1) {
        Some(Color::Black)
    } else if encloses(1, 0) {
        Some(Color::White)
    } else {
        None
    }
}

/// [`nearly_enclosed_by`]'s walls: every chain of `enemy` that touches the area reaches
/// out of it (an open point outside it).
pub(crate) fn walls_reach_out<I: IntoIterator<Item = usize>>(
    cells: impl Iterator<Item = usize>,
    in_area: impl Fn(usize) -> bool,
    living: impl Fn(usize) -> Option<Color>,
    neighbours: impl Fn(usize) -> I,
    len: usize,
    enemy: Color,
) -> bool {
    let enemy = Some(enemy);
    let mut seen = vec![false; len];
    for i in cells {
        for start in neighbours(i) {
            if seen[start] || living(start) != enemy {
                continue;
            }
            seen[start] = true;
            let (mut stack, mut reaches_out) = (vec![start], false);
            while let Some(j) = stack.pop() {
                for n in neighbours(j) {
                    match living(n) {
                        c if c == enemy && !seen[n] => {
                            seen[n] = true;
                            stack.push(n);
                        }
                        None if !in_area(n) => reaches_out = true,
                        _ => {}
                    }
                }
            }
            if !reaches_out {
                return false;
            }
        }
    }
    true
}

/// [`count_area`], with `seal` the boundaries a counter finishes where nobody marked the
/// territory: an area one colour nearly encloses ([`nearly_enclosed_by`]) is that
/// colour's territory but for the points of the gap, which are nobody's.
pub(crate) fn count_area_sealing(
    pos: &Position,
    dead: &[Point],
    seal: bool,
) -> Result<AreaCount, PointListError> {
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
        gaps: Vec::new(),
    };
    count.black.dead_removed = removed[0];
    count.white.dead_removed = removed[1];
    let mut flood = Flood {
        neighbours: NeighbourTable::of(board.width as usize, board.cells.len()),
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
                if owner.is_none() && seal {
                    if let Some(c) = flood.sealed_by(pos, &board) {
                        count.seal_gap(&board, &flood.neighbours, &flood.region, c);
                        continue;
                    }
                }
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

impl AreaCount {
    /// Counts the empty `region`, which `color` nearly encloses, as `color`'s territory
    /// but for the points touching the other colour: those are the gap, nobody's.
    fn seal_gap(
        &mut self,
        board: &Position,
        neighbours: &NeighbourTable,
        region: &[usize],
        color: Color,
    ) {
        let enemy = Some(color.opponent());
        for &j in region {
            if neighbours.of_cell(j).any(|k| board.cells[k] == enemy) {
                self.neutral += 1;
                self.gaps.push(board.point(j));
            } else {
                self.territory[j] = Some(color);
                match color {
                    Color::Black => self.black.territory += 1,
                    Color::White => self.white.territory += 1,
                }
            }
        }
    }
}

/// Buffers for flood-filling empty regions, reused across regions so that counting a
/// board allocates a constant number of times (the batch counts thousands of boards).
pub(super) struct Flood {
    pub(super) neighbours: NeighbourTable,
    pub(super) seen: Vec<bool>,
    pub(super) stack: Vec<usize>,
    pub(super) region: Vec<usize>,
}

impl Flood {
    /// Flood-fills the empty region containing cell `start` into `self.region`; returns
    /// the only colour bordering it (None when it borders both colours or none).
    fn empty_region(&mut self, board: &Position, start: usize) -> Option<Color> {
        let mut borders = [false; 2];
        self.region.clear();
        self.stack.clear();
        self.stack.push(start);
        self.seen[start] = true;
        while let Some(i) = self.stack.pop() {
            self.region.push(i);
            for j in self.neighbours.of_cell(i) {
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

    /// The colour that nearly encloses the region last filled ([`nearly_enclosed_by`]).
    /// `board` is `pos` with the dead stones taken off.
    fn sealed_by(&self, pos: &Position, board: &Position) -> Option<Color> {
        if self.region.len() <= NEAR_ROOM {
            return None;
        }
        let len = board.cells.len();
        let mut in_region = vec![false; len];
        for &i in &self.region {
            in_region[i] = true;
        }
        nearly_enclosed_by(
            self.region.iter().copied(),
            |i| in_region[i],
            |i| pos.cells.get(i).is_some_and(|c| c.is_some()),
            |i| board.cells[i],
            |i| self.neighbours.of_cell(i),
            len,
        )
    }
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

#[cfg(test)]
mod gap_tests {
    use super::*;

    /// Black's wall down column D with a block along row 4; White's down column C. The
    /// lower-right area (ten points) touches White only at D3, the gap.
    const GAP: [&str; 7] = [
        "..OX...", //
        "..OX...", //
        "..OX...", //
        "..OXXXX", //
        "..O....", //
        "..OX...", //
        "..OX...", //
    ];

    /// (Black's territory, neutral points, gaps) of `rows` counted with `dead` removed
    /// and the gaps sealed.
    fn sealed(rows: &[&str], dead: &[Point]) -> (u32, u32, Vec<Point>) {
        let pos = Position::from_diagram(rows);
        let c = count_area_sealing(&pos, dead, true).unwrap();
        (c.black.territory, c.neutral, c.gaps)
    }

    fn with(rows: &[&str], changes: &[(usize, usize, char)]) -> Vec<String> {
        let mut out: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
        for &(x, y, c) in changes {
            out[y][x] = c;
        }
        out.into_iter().map(|r| r.into_iter().collect()).collect()
    }

    fn strs(rows: &[String]) -> Vec<&str> {
        rows.iter().map(String::as_str).collect()
    }

    #[test]
    fn an_area_one_colour_nearly_encloses_is_its_territory_but_for_the_gap() {
        let pos = Position::from_diagram(&GAP);
        // As it stands the area touches both colours: nobody's.
        let open = count_area(&pos, &[]).unwrap();
        assert_eq!((open.black.territory, open.neutral), (9, 10));
        assert!(open.gaps.is_empty());
        // Finished: Black's nine points, D3 nobody's; White's fourteen stay White's.
        assert_eq!(sealed(&GAP, &[]), (18, 1, vec![Point::new(3, 4)]));
        let c = count_area_sealing(&pos, &[], true).unwrap();
        assert_eq!(c.white.territory, 14);
        // Colours swapped, White nearly encloses it: White's eighteen, Black's fourteen.
        let rows = Position::colours_swapped(&GAP);
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let swapped = count_area_sealing(&Position::from_diagram(&rows), &[], true).unwrap();
        let sides = (swapped.white.territory, swapped.black.territory);
        assert_eq!((sides, swapped.neutral), ((18, 14), 1));
        assert_eq!(c.territory[6 * 7 + 6], Some(Color::Black));
        assert_eq!(c.territory[4 * 7 + 3], None);
    }

    #[test]
    fn no_gap_where_the_area_is_contested_or_too_small() {
        // Two points touch White (E3 beside White's D2): no gap of one point.
        let two = with(&GAP, &[(3, 5, 'O')]);
        assert_eq!(sealed(&strs(&two), &[]).1, 10);
        // A White stone inside that does not reach out of the area (D3, between Black's
        // stones, C3 Black's too): a contested area, not a wall with a gap. Its nine
        // points and White's fourteen on the left, which now touch C3, are nobody's.
        let inside = with(&GAP, &[(2, 4, 'X'), (3, 4, 'O')]);
        assert_eq!(sealed(&strs(&inside), &[]), (9, 23, vec![]));
        // A dead stone inside: an area the reading opened, not a boundary left open.
        let dead = with(&GAP, &[(5, 5, 'O')]);
        assert_eq!(sealed(&strs(&dead), &[Point::new(5, 5)]), (9, 10, vec![]));
        // Seven points behind the gap still hold two eyes; six are a killable shape.
        let seven = with(&GAP, &[(5, 6, 'X'), (6, 6, 'X')]);
        assert_eq!(sealed(&strs(&seven), &[]), (16, 1, vec![Point::new(3, 4)]));
        let six = with(&GAP, &[(4, 6, 'X'), (5, 6, 'X'), (6, 6, 'X')]);
        assert_eq!(sealed(&strs(&six), &[]), (9, 7, vec![]));
        // Each colour touching one point of a long area: neither encloses it.
        assert_eq!(sealed(&["X.........O."], &[]), (0, 9, vec![]));
    }
}
