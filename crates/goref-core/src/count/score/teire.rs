//! Teire: the stones a side must add inside its own territory once the dame are filled.
//!
//! Under territory counting the dame are filled before the count (Japanese rules 1989,
//! Article 9's commentary), and a string that filling them leaves in atari must be connected
//! by its owner inside its own territory: a point of territory lost. A record that stops before
//! the end (a server that finishes the game by its own count, as Fox does) leaves that to the
//! counter; a careful counter fills the dame and makes the teire.
//!
//! A string needs a teire here when, with the dead stones removed, its liberties are one point
//! of its own territory plus dame (empty points that are nobody's territory: once the dame are
//! filled, by either side, they are no liberties), none of which the owner could fill to join
//! the string to another of its strings, and none a liberty of a seki. A dame whose filling would put strings of both colours in
//! atari is a point still worth playing, not a dame: whoever fills it decides, so it forces
//! nothing here. A string whose last liberty would be an eye it alone surrounds is left
//! alone (filling it would be suicide: its status is a question for the estimate, not a
//! teire). Strings in seki are left alone too.
//!
//! A string already in atari at the end needs the same (`in_atari_at_the_end`): its one
//! liberty a point of its own territory, the enemy's living stones touching it, and a capture
//! there that the enemy would keep (its stone then has two liberties, or it is a ko the owner
//! must still settle). That is read with the dead stones still on the board: beside a living
//! enemy stone, a dead one can be what leaves the string one liberty. GNU Go's aftermath count
//! and Fox's count make these teire (docs/scoring.md, "Teire left at the end").

use super::AreaCount;
use crate::count::neighbours::NeighbourTable;
use crate::point::{Color, Point};
use crate::replay::position::Position;

/// Points of its own territory each side (Black, White) must fill: where filling the dame
/// leaves a string in atari, and where a string is left in atari at the end.
pub fn teire_points(pos: &Position, area: &AreaCount, seki: &[Point]) -> [u32; 2] {
    teire_points_reading(pos, area, seki, false)
}

/// [`teire_points`], reading only the strings next to a neutral point, or (with
/// `every_string`, the reference the tests compare with) every string, for the teire
/// through the dame; then the strings left in atari at the end.
fn teire_points_reading(
    pos: &Position,
    area: &AreaCount,
    seki: &[Point],
    every_string: bool,
) -> [u32; 2] {
    let len = pos.width as usize * pos.height as usize;
    if pos.cells.len() != len || area.territory.len() != len {
        return [0, 0];
    }
    let table = NeighbourTable::of(pos.width as usize, len);
    let seki = SekiCells::of(pos, &table, seki);
    let mut points = teire_through_the_dame(pos, &table, area, &seki, every_string);
    in_atari_at_the_end(pos, &table, area, &seki, &mut points);
    points.map(|mut p| {
        p.sort_unstable();
        p.dedup();
        p.len() as u32
    })
}

/// The seki stones and the cells beside them, as tables by cell, made once for both kinds of
/// teire. Most positions have no seki: then no table at all.
struct SekiCells {
    stones: Vec<bool>,
    near: Vec<bool>,
}

impl SekiCells {
    fn of(pos: &Position, table: &NeighbourTable, seki: &[Point]) -> SekiCells {
        if seki.is_empty() {
            return SekiCells {
                stones: Vec::new(),
                near: Vec::new(),
            };
        }
        let len = pos.cells.len();
        let mut stones = vec![false; len];
        for &p in seki.iter().filter(|&&p| pos.contains(p)) {
            stones[pos.index(p)] = true;
        }
        let near = (0..len)
            .map(|i| table.of_cell(i).any(|j| stones[j]))
            .collect();
        SekiCells { stones, near }
    }

    /// Whether a seki stone stands on cell `i`.
    fn holds(&self, i: usize) -> bool {
        self.stones.get(i).copied().unwrap_or(false)
    }

    /// Whether cell `i` touches a seki stone (a liberty of a seki is not filled).
    fn touches(&self, i: usize) -> bool {
        self.near.get(i).copied().unwrap_or(false)
    }
}

/// The teire once the dame are filled (the module's comment), as points of each side's
/// territory (a point may be listed twice); the board's sizes are checked by the caller.
fn teire_through_the_dame(
    pos: &Position,
    table: &NeighbourTable,
    area: &AreaCount,
    seki: &SekiCells,
    every_string: bool,
) -> [Vec<usize>; 2] {
    let len = pos.cells.len();
    let mut board = pos.cells.clone();
    for &p in &area.dead {
        if pos.contains(p) {
            board[pos.index(p)] = None;
        }
    }
    let neighbours = |i: usize| table.of_cell(i);
    let in_seki = |i: usize| seki.holds(i);
    // The liberties of a seki are not filled.
    let near_seki = |i: usize| seki.touches(i);
    // Per candidate: the colour, the territory point to fill, the dame that force it.
    let mut candidates: Vec<(Color, usize, Vec<usize>)> = Vec::new();
    // The string each cell belongs to (0: not reached yet), so membership is one lookup.
    let mut string_of = vec![0u32; len];
    let mut scratch = StringScratch::new(table);
    let mut dame = Vec::new();
    let mut id = 0u32;
    // A liberty outside a string's own territory is neutral (the other side's territory
    // touches none of its stones), so only the strings with a stone next to a neutral
    // point can have a dame: they are all the candidates there are.
    let neutral = |i: usize| board[i].is_none() && area.territory[i].is_none();
    let every = (0..len).filter(|_| every_string);
    let next_to_dame = (0..len)
        .filter(|&i| !every_string && neutral(i))
        .flat_map(neighbours);
    for start in every.chain(next_to_dame) {
        let Some(color) = board[start] else { continue };
        if string_of[start] != 0 {
            continue;
        }
        id += 1;
        scratch.flood(&board, start, id, &mut string_of);
        if scratch.stones.iter().any(|&s| in_seki(s)) {
            continue;
        }
        // Every liberty outside its own territory is a dame: whoever fills it, the liberty
        // is gone once the dame are filled (unless the filling joins another string, below).
        dame.clear();
        let mut own = None;
        let mut own_count = 0;
        for &l in &scratch.libs {
            if area.territory[l] == Some(color) {
                own = Some(l);
                own_count += 1;
            } else {
                dame.push(l);
            }
        }
        let Some(eye) = own else { continue };
        if own_count != 1 || dame.is_empty() || dame.iter().any(|&d| near_seki(d)) {
            continue;
        }
        let in_string = |j: usize| string_of[j] == id;
        // The owner fills a dame that joins another of its strings instead: no teire, where
        // the string joined has a liberty of its own territory besides this one (the two
        // together then keep two once the dame are filled). Joined to a string that has
        // only the same point, the whole is in atari at that point all the same.
        let joins_another = |d: usize| {
            neighbours(d).any(|j| {
                board[j] == Some(color)
                    && !in_string(j)
                    && other_own_liberty(table, &board, &area.territory, j, eye, &mut Vec::new())
            })
        };
        if dame.iter().any(|&d| joins_another(d)) {
            continue;
        }
        // An eye of this string alone: filling it would be suicide, not a teire.
        if neighbours(eye).all(in_string) {
            continue;
        }
        candidates.push((color, eye, dame.clone()));
    }
    let forces = |c: Color, d: usize| {
        candidates
            .iter()
            .any(|(cc, _, dame)| *cc == c && dame.contains(&d))
    };
    let mut points: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    for (color, eye, dame) in &candidates {
        if dame.iter().any(|&d| forces(color.opponent(), d)) {
            continue;
        }
        points[color.index()].push(*eye);
    }
    points
}

/// The teire of a string left in atari at the end: its one liberty a point of its own
/// territory, the enemy's living stones touching it, and the enemy's capture there one it
/// keeps ([`capture_holds`]). Its owner connects there (or settles the ko) inside its own
/// territory: a point of territory lost, as in [`teire_points`], where the dame had to be
/// filled first and here none are left. Read with the dead stones on the board, where they
/// still stand: a dead stone can be what leaves the string one liberty, beside a living one
/// (the dead stones taken off, that point would be a liberty). A string that only dead stones
/// touch needs nothing: taking it joins them and gives them no life. Strings in seki, and
/// dead strings, are left alone; a point shared by two such strings counts once (the caller
/// dedups `points`).
fn in_atari_at_the_end(
    pos: &Position,
    table: &NeighbourTable,
    area: &AreaCount,
    seki: &SekiCells,
    points: &mut [Vec<usize>; 2],
) {
    let len = pos.cells.len();
    let in_seki = |i: usize| seki.holds(i);
    let mut is_dead = vec![false; len];
    for &p in area.dead.iter().filter(|&&p| pos.contains(p)) {
        is_dead[pos.index(p)] = true;
    }
    let mut walks = Walks {
        walked: vec![0u32; len],
        walk: 0,
        stones: Vec::new(),
        stack: Vec::new(),
    };
    // The liberty is a point of the string's own territory: only the strings beside one
    // are read.
    for liberty in (0..len).filter(|&l| pos.cells[l].is_none()) {
        let Some(color) = area.territory[liberty] else {
            continue;
        };
        for start in table.of_cell(liberty) {
            if pos.cells[start] != Some(color) || is_dead[start] || walks.walked[start] != 0 {
                continue;
            }
            if !walks.lone_liberty(pos, table, start, liberty) {
                continue;
            }
            let stones = &walks.stones;
            if stones.iter().any(|&s| in_seki(s) || is_dead[s]) {
                continue;
            }
            let living_enemy = stones.iter().any(|&st| {
                table
                    .of_cell(st)
                    .any(|e| pos.cells[e] == Some(color.opponent()) && !is_dead[e])
            });
            if living_enemy && capture_holds(pos, table, stones, liberty, color.opponent()) {
                points[color.index()].push(liberty);
            }
        }
    }
}

/// The walks of [`in_atari_at_the_end`]: per stone, the walk that reached it (0: none
/// yet), so that a string is read once, from the first territory point beside it.
struct Walks {
    walked: Vec<u32>,
    walk: u32,
    /// The stones of the last walk, and its stack.
    stones: Vec<usize>,
    stack: Vec<usize>,
}

impl Walks {
    /// Whether the string through `start` has no liberty but `liberty`, its stones then in
    /// `stones`. The walk (a new number, marked in `walked`) stops at the first other
    /// liberty (most strings have one beside the first stones walked); the stones it
    /// reached stay marked, so that a later walk into the same string, meeting them, stops
    /// too: a string with two liberties is no question here, from wherever it is reached.
    fn lone_liberty(
        &mut self,
        pos: &Position,
        table: &NeighbourTable,
        start: usize,
        liberty: usize,
    ) -> bool {
        self.walk += 1;
        let (walk, color) = (self.walk, pos.cells[start]);
        self.stones.clear();
        self.stack.clear();
        self.stack.push(start);
        self.walked[start] = walk;
        while let Some(i) = self.stack.pop() {
            self.stones.push(i);
            for j in table.of_cell(i) {
                match pos.cells[j] {
                    None if j != liberty => return false,
                    c if c == color && self.walked[j] == 0 => {
                        self.walked[j] = walk;
                        self.stack.push(j);
                    }
                    // Part of this string walked before, and found with another liberty.
                    c if c == color && self.walked[j] != walk => return false,
                    _ => {}
                }
            }
        }
        true
    }
}

/// Whether `enemy`, playing `at` (the last liberty of `string`) and taking the string,
/// keeps what it took: its stone's string then has two liberties or more, or is that one
/// stone (a ko, which the owner must still settle). A string of several stones left in
/// atari by the capture is taken back with more than it took (dead stones joined by the
/// capturing stone, say): no threat, and no teire.
fn capture_holds(
    pos: &Position,
    table: &NeighbourTable,
    string: &[usize],
    at: usize,
    enemy: Color,
) -> bool {
    let mut board = pos.cells.clone();
    board[at] = Some(enemy);
    for &s in string {
        board[s] = None;
    }
    let mut marks = vec![0u32; board.len()];
    let mut scratch = StringScratch::new(table);
    scratch.flood(&board, at, 1, &mut marks);
    scratch.libs.len() >= 2 || scratch.stones.len() == 1
}

/// Whether the string of `color` through cell `start` has a liberty in its own colour's
/// territory other than `eye` (`seen` is scratch for the flood). Asked only of a string
/// next to a dame another candidate could join it through: rare, so it floods afresh.
fn other_own_liberty(
    table: &NeighbourTable,
    board: &[Option<Color>],
    territory: &[Option<Color>],
    start: usize,
    eye: usize,
    seen: &mut Vec<usize>,
) -> bool {
    let color = board[start];
    seen.clear();
    seen.push(start);
    let mut k = 0;
    while k < seen.len() {
        let i = seen[k];
        k += 1;
        for j in table.of_cell(i) {
            if board[j].is_none() {
                if j != eye && territory[j] == color {
                    return true;
                }
            } else if board[j] == color && !seen.contains(&j) {
                seen.push(j);
            }
        }
    }
    false
}

/// Buffers for one string at a time, reused across the strings of a position.
struct StringScratch<'t> {
    table: &'t NeighbourTable,
    stones: Vec<usize>,
    /// Liberties, sorted and unique.
    libs: Vec<usize>,
    stack: Vec<usize>,
}

impl<'t> StringScratch<'t> {
    fn new(table: &'t NeighbourTable) -> StringScratch<'t> {
        StringScratch {
            table,
            stones: Vec::new(),
            libs: Vec::new(),
            stack: Vec::new(),
        }
    }

    /// Fills `stones` and `libs` with the string through cell `start`, marking its stones
    /// with `id` in `string_of` (cells of this colour not yet marked are 0).
    fn flood(&mut self, board: &[Option<Color>], start: usize, id: u32, string_of: &mut [u32]) {
        let color = board[start];
        self.stones.clear();
        self.libs.clear();
        self.stack.clear();
        self.stack.push(start);
        string_of[start] = id;
        while let Some(i) = self.stack.pop() {
            self.stones.push(i);
            for j in self.table.of_cell(i) {
                if board[j].is_none() {
                    self.libs.push(j);
                } else if board[j] == color && string_of[j] == 0 {
                    string_of[j] = id;
                    self.stack.push(j);
                }
            }
        }
        self.libs.sort_unstable();
        self.libs.dedup();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::score::count_area;

    /// The single Black stone at D7 reaches Black's corner only through C7: once White fills
    /// the dame E7 it is in atari, and Black connects at C7, a point of its own territory.
    const TEIRE: [&str; 7] = [
        "...X.O.", //
        "XXXOOOO", //
        "XXXO...", //
        "X.XO...", //
        "XXXO...", //
        "..XO...", //
        "..XO...", //
    ];

    fn teire(rows: &[&str], dead: &[Point], seki: &[Point]) -> [u32; 2] {
        let pos = Position::from_diagram(rows);
        let area = count_area(&pos, dead).unwrap();
        teire_points(&pos, &area, seki)
    }

    /// [`teire`] of `rows` with the colours swapped, nothing dead, no seki.
    fn teire_swapped(rows: &[&str]) -> [u32; 2] {
        let swapped = Position::colours_swapped(rows);
        let swapped: Vec<&str> = swapped.iter().map(String::as_str).collect();
        teire(&swapped, &[], &[])
    }

    /// [`in_atari_at_the_end`] the plain way: every string walked in full, then its
    /// liberties, its neighbours and the capture looked at; the points sorted, once each.
    fn strings_in_atari_walked_in_full(
        pos: &Position,
        area: &AreaCount,
        seki: &[Point],
    ) -> [Vec<usize>; 2] {
        let len = pos.cells.len();
        let width = pos.width as usize;
        let dead = |i: usize| area.dead.iter().any(|&p| pos.index(p) == i);
        let mut string_of = vec![0u32; len];
        let table = NeighbourTable::of(width, len);
        let mut scratch = StringScratch::new(&table);
        let mut points = [Vec::new(), Vec::new()];
        for start in 0..len {
            let Some(color) = pos.cells[start] else {
                continue;
            };
            if string_of[start] != 0 || dead(start) {
                continue;
            }
            scratch.flood(&pos.cells, start, start as u32 + 1, &mut string_of);
            let in_seki = scratch
                .stones
                .iter()
                .any(|&s| dead(s) || seki.iter().any(|&p| pos.index(p) == s));
            let [last] = scratch.libs[..] else { continue };
            let living_enemy = scratch.stones.iter().any(|&s| {
                table
                    .of_cell(s)
                    .any(|e| pos.cells[e] == Some(color.opponent()) && !dead(e))
            });
            if !in_seki
                && area.territory[last] == Some(color)
                && living_enemy
                && capture_holds(pos, &table, &scratch.stones, last, color.opponent())
            {
                points[color.index()].push(last);
            }
        }
        points.map(|mut p| {
            p.sort_unstable();
            p.dedup();
            p
        })
    }

    use proptest::prelude::*;

    prop_compose! {
        /// A random board of 2 to 7 by 2 to 7 points, its area counted with random dead
        /// stones, and random seki stones.
        fn boards_with_dead_and_seki()(w in 2u8..=7, h in 2u8..=7)(
            cells in proptest::collection::vec(0u8..3, w as usize * h as usize),
            dead in proptest::collection::vec(proptest::bool::weighted(0.1), w as usize * h as usize),
            seki in proptest::collection::vec(proptest::bool::weighted(0.05), w as usize * h as usize),
            w in Just(w),
            h in Just(h),
        ) -> (Position, AreaCount, Vec<Point>) {
            let colour = |c: u8| match c {
                1 => Some(Color::Black),
                2 => Some(Color::White),
                _ => None,
            };
            let pos = Position {
                width: w,
                height: h,
                cells: cells.iter().map(|&c| colour(c)).collect(),
            };
            let stones = |marks: &[bool]| -> Vec<Point> {
                (0..marks.len())
                    .filter(|&i| marks[i] && cells[i] != 0)
                    .map(|i| Point::new((i % w as usize) as u8, (i / w as usize) as u8))
                    .collect()
            };
            let area = count_area(&pos, &stones(&dead)).unwrap();
            (pos, area, stones(&seki))
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        /// Reading only the strings next to a neutral point gives what reading every
        /// string gives, on random boards with random dead and seki stones.
        #[test]
        fn the_strings_next_to_dame_are_every_teire_there_is(
            (pos, area, seki) in boards_with_dead_and_seki()
        ) {
            prop_assert_eq!(
                teire_points(&pos, &area, &seki),
                teire_points_reading(&pos, &area, &seki, true)
            );
        }

        /// The walk that stops at a string's second liberty finds the strings a full walk of
        /// every string finds, on random boards with random dead and seki stones.
        #[test]
        fn strings_in_atari_are_found_as_a_full_walk_of_every_string_finds_them(
            (pos, area, seki) in boards_with_dead_and_seki()
        ) {
            let mut fast = [Vec::new(), Vec::new()];
            let table = NeighbourTable::of(pos.width as usize, pos.cells.len());
            in_atari_at_the_end(&pos, &table, &area, &SekiCells::of(&pos, &table, &seki), &mut fast);
            let fast = fast.map(|mut p| {
                p.sort_unstable();
                p.dedup();
                p
            });
            prop_assert_eq!(fast, strings_in_atari_walked_in_full(&pos, &area, &seki));
        }
    }

    #[test]
    fn a_stone_that_filling_the_dame_leaves_in_atari_costs_its_owner_a_point() {
        assert_eq!(teire(&TEIRE, &[], &[]), [1, 0]);
        // The same shape mirrored to White.
        assert_eq!(teire_swapped(&TEIRE), [0, 1]);
    }

    #[test]
    fn no_teire_where_the_stone_has_a_second_liberty_of_its_own() {
        // With D6 Black, the string D7-D6 also touches C6 (open, Black's): it keeps two
        // liberties in Black's area after the dame is filled.
        let mut rows = TEIRE;
        rows[1] = "XX.XOOO";
        assert_eq!(teire(&rows, &[], &[]), [0, 0]);
    }

    #[test]
    fn no_teire_where_the_owner_fills_the_dame_to_join_another_string() {
        // Black's F column touches the dame E7 too: Black fills E7 itself and D7 is joined.
        let rows = [
            "...X.X.", //
            "XXXOOX.", //
            "X.XOOX.", //
            "XXXO.X.", //
            "..XOOX.", //
            "..XO.X.", //
            "..XOOX.", //
        ];
        assert_eq!(teire(&rows, &[], &[]), [0, 0]);
        // Without the stone at F7 the dame joins nothing and the teire is back.
        let mut open = rows;
        open[0] = "...X...";
        assert_eq!(teire(&open, &[], &[]), [1, 0]);
    }

    /// Two Black strings at the bottom edge, H2 and F1-G1, each with the dame G2 and
    /// Black's point H1 as liberties: filling G2 joins them, but the whole still has only
    /// H1, so White fills G2 and Black must connect at H1 all the same (the Fox game
    /// `2017.01.18_vs_59436596`, RE W+0.5 with this teire counted). Joining saves the teire
    /// only where the string joined has a point of Black's territory of its own.
    #[test]
    fn joining_a_string_that_shares_the_same_one_point_still_costs_the_point() {
        let rows = [
            ".........", //
            "OOOOOOOOO", //
            "OOOOOOOOO", //
            "OOOOOO.XO", //
            "OOOOOXX.X", //
        ];
        let pos = Position::from_diagram(&rows);
        let area = count_area(&pos, &[]).unwrap();
        assert_eq!(
            area.territory[pos.index(Point::new(6, 3))],
            None,
            "G2, the dame"
        );
        let h1 = area.territory[pos.index(Point::new(7, 4))];
        assert_eq!(h1, Some(Color::Black), "H1, Black's point");
        assert_eq!(teire_points(&pos, &area, &[]), [1, 0]);
        // F1-G1 with a second point of Black's own (E1): joining at G2 gives the whole two
        // liberties in Black's area, so Black fills the dame itself and makes no teire.
        let roomy = [
            ".........", //
            "OOOOOOOOO", //
            "OOOOOOOOO", //
            "OOOOXO.XO", //
            "OOOX.XX.X", //
        ];
        let pos = Position::from_diagram(&roomy);
        let area = count_area(&pos, &[]).unwrap();
        let table = NeighbourTable::of(pos.width as usize, pos.cells.len());
        assert_eq!(
            teire_through_the_dame(
                &pos,
                &table,
                &area,
                &SekiCells::of(&pos, &table, &[]),
                false
            )
            .map(|p| p.len()),
            [0, 0]
        );
        // Its lone stones D1 and E2 (one liberty, E1) and J1 (one liberty, H1) are left in
        // atari beside White's living stones: those two points are teire of another kind.
        assert_eq!(teire_points(&pos, &area, &[]), [2, 0]);
    }

    #[test]
    fn a_liberty_in_a_wider_dame_region_is_filled_too() {
        // D7's second liberty E7 touches no White stone (F7 and E6 are open), but the open
        // region E7-F7-E6 is dame: filled, whoever fills it, and D7 needs C7.
        let rows = [
            "...X..O", //
            "XXXO.OO", //
            "XXXOOO.", //
            "X.XO...", //
            "XXXO...", //
        ];
        assert_eq!(teire(&rows, &[], &[]), [1, 0]);
    }

    #[test]
    fn strings_in_seki_need_no_teire() {
        assert_eq!(teire(&TEIRE, &[], &[Point::new(3, 0)]), [0, 0]);
    }

    #[test]
    fn dead_stones_are_taken_off_first() {
        // A dead White stone at B7 inside Black's corner changes nothing: C7 is still
        // Black's territory and D7's only own liberty.
        let mut rows = TEIRE;
        rows[0] = ".O.X.O.";
        assert_eq!(teire(&rows, &[Point::new(1, 0)], &[]), [1, 0]);
    }

    /// White's stone at D1 is in atari, its one liberty C1 a point of White's territory,
    /// and Black's living stones touch it: Black would take it there and keep the capture, so
    /// White connects at C1, a point of its own territory.
    const IN_ATARI: [&str; 5] = [
        "...OX....", //
        "..OXX....", //
        "..OX.....", //
        "..OX.....", //
        "..OX.....", //
    ];

    #[test]
    fn a_string_left_in_atari_at_the_end_is_connected_inside_its_own_territory() {
        assert_eq!(teire(&IN_ATARI, &[], &[]), [0, 1]);
        // Mirrored, the colours swapped: the same point for Black.
        assert_eq!(teire_swapped(&IN_ATARI), [1, 0]);
    }

    #[test]
    fn a_string_in_seki_left_in_atari_needs_no_teire() {
        assert_eq!(teire(&IN_ATARI, &[], &[Point::new(3, 0)]), [0, 0]);
    }

    /// The same stone with its liberty a single point of White's territory: Black's capture
    /// there is a ko, which White must still settle inside its own territory.
    #[test]
    fn a_ko_left_at_the_end_is_settled_inside_its_owners_territory() {
        let mut rows = IN_ATARI;
        rows[0] = ".O.OX....";
        assert_eq!(teire(&rows, &[], &[]), [0, 1]);
    }

    /// White's stone at D1 touches Black's living stone E1 and the dead Black stone D2: on
    /// the board it has one liberty, C1. Taken off first, the dead stone would be a second
    /// one, and no teire would be seen.
    #[test]
    fn a_dead_stone_beside_a_living_one_can_leave_a_string_in_atari() {
        let rows = [
            "...OXXX", //
            "..OxOXX", //
            "..OOOXX", //
            "....OXX", //
            "....OXX", //
        ];
        assert_eq!(teire(&rows, &[Point::new(3, 1)], &[]), [0, 1]);
    }

    /// White's stone at D4 is in atari, but only dead Black stones touch it: taking it joins
    /// them and gives them no life, so nothing needs to be added.
    #[test]
    fn a_string_only_dead_stones_touch_needs_no_teire() {
        let rows = [
            "OOOOOOO", //
            "O.....O", //
            "O..x..O", //
            "O.xOx.O", //
            "O.....O", //
        ];
        let dead = [Point::new(3, 2), Point::new(2, 3), Point::new(4, 3)];
        assert_eq!(teire(&rows, &dead, &[]), [0, 0]);
    }

    /// Black's stone at D2 is in atari beside White's living stones, but White's capture at
    /// D3 joins the dead White stones E2 and E3 and leaves the three in atari: Black takes
    /// them back, more than it lost. No threat, no teire.
    #[test]
    fn a_capture_taken_back_with_more_needs_no_teire() {
        let rows = [
            "..OOXXX.", //
            "..OXoXX.", //
            ".OX.oXX.", //
            ".OXXXXX.", //
            ".OXXXXX.", //
        ];
        let dead = [Point::new(4, 1), Point::new(4, 2)];
        assert_eq!(teire(&rows, &dead, &[]), [0, 0]);
    }

    #[test]
    fn reused_string_buffers_give_each_string_its_own_stones_and_liberties() {
        let pos = Position::from_diagram(&TEIRE);
        let board = pos.cells.clone();
        let mut string_of = vec![0u32; board.len()];
        let table = NeighbourTable::of(pos.width as usize, board.len());
        let mut scratch = StringScratch::new(&table);
        // D7, the lone Black stone: one stone, liberties C7 and E7.
        scratch.flood(&board, 3, 1, &mut string_of);
        assert_eq!(scratch.stones, vec![3]);
        assert_eq!(scratch.libs, vec![2, 4]);
        // The second call, on White's F7 group, keeps nothing of the first.
        scratch.flood(&board, 5, 2, &mut string_of);
        assert!(!scratch.stones.contains(&3));
        assert!(scratch.stones.iter().all(|&s| string_of[s] == 2));
        assert_eq!(scratch.stones.len(), 10);
        assert_eq!(scratch.libs, vec![4, 6, 18, 19, 20, 25, 32, 39, 46]);
        assert_eq!(string_of[3], 1);
    }
}
