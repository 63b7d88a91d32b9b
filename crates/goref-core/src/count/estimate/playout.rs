//! Light playouts from the final position: an ownership reading for the strings the static
//! reading is unsure of.
//!
//! Both sides play uniformly random legal moves under an eye-preserving policy (never fill an
//! own single-point eye, never commit suicide, never retake a ko at once) until both pass or
//! a move limit is reached; each point is then owned by the stone on it, or by the colour
//! that alone borders it. Over many playouts, the fraction in which a string's points stay its
//! colour's is how alive it is: a group with two eyes survives every random attack, dead stones
//! inside a living wall are taken in nearly every playout, whatever the order. This generalises
//! where a static shape table cannot (an unusual eye shape, a race of several groups, a
//! false eye made by cutting stones), at a bounded cost: a fixed number of playouts, each at
//! most three moves a point. Deterministic: a fixed seed, no threads, the same answer on any
//! machine.

use super::grid::Grid;
use crate::point::Color;

/// The total number of moves the playouts of one position may make, all together: 128
/// playouts on 19x19 (three moves a point each), more on small boards, at most [`MAX_PLAYOUTS`].
const MOVE_BUDGET: usize = 128 * 19 * 19 * 3;
/// The most playouts of one position, whatever its size.
const MAX_PLAYOUTS: usize = 256;
/// The fewest: below this a fraction is noise.
const MIN_PLAYOUTS: usize = 16;
/// The playouts' fixed seed (any odd constant; fixed so that the reading is reproducible).
const SEED: u64 = 0x9E37_79B9_7F4A_7C15;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
/// A cell of the border around the board: no stone, no liberty, no owner.
const OFF: u8 = 4;

fn is_stone(cell: u8) -> bool {
    cell & (BLACK | WHITE) != 0
}

/// How many playouts a board of `points` points gets.
pub(crate) fn playouts_for(points: usize) -> usize {
    (MOVE_BUDGET / (3 * points.max(1))).clamp(MIN_PLAYOUTS, MAX_PLAYOUTS)
}

/// The share of playouts in which each of `strings` (chain indices of the grid) kept its
/// points, averaged over its stones. The playouts are run in batches of [`MIN_PLAYOUTS`],
/// up to `playouts`, and stop early once every string is clearly settled (kept in at least
/// [`CLEAR`] of them, or lost in as many): a dead stone inside a living wall needs no more.
pub(crate) fn string_shares(grid: &Grid, strings: &[usize], playouts: usize) -> Vec<f32> {
    let mut tally = Tally::new(grid);
    loop {
        tally.play(
            MIN_PLAYOUTS
                .min(playouts - tally.played.min(playouts))
                .max(1),
        );
        let shares: Vec<f32> = strings.iter().map(|&c| tally.share(grid, c)).collect();
        let clear = shares.iter().all(|&s| s >= CLEAR || s <= 1.0 - CLEAR);
        if clear || tally.played >= playouts {
            return shares;
        }
    }
}

/// A share this far from a coin toss settles a string without more playouts.
const CLEAR: f32 = 0.9;

/// Playouts played so far, and how often each point ended Black's and White's.
struct Tally {
    /// Per grid cell, its cell on the playout board (worked out once, not per playout).
    cells: Vec<u32>,
    start: PlayoutBoard,
    board: PlayoutBoard,
    rng: Rng,
    played: usize,
    black: Vec<u32>,
    white: Vec<u32>,
}

impl Tally {
    fn new(grid: &Grid) -> Tally {
        let start = PlayoutBoard::new(grid);
        Tally {
            cells: (0..grid.len()).map(|i| start.at(i) as u32).collect(),
            board: start.clone(),
            start,
            rng: Rng(SEED),
            played: 0,
            black: vec![0; grid.len()],
            white: vec![0; grid.len()],
        }
    }

    /// Plays `count` more playouts, Black and White moving first in turn.
    fn play(&mut self, count: usize) {
        for _ in 0..count {
            self.board.clone_from(&self.start);
            let first = if self.played % 2 == 0 { BLACK } else { WHITE };
            self.board.play_out(first, &mut self.rng);
            for (i, &p) in self.cells.iter().enumerate() {
                match self.board.owner(p as usize) {
                    BLACK => self.black[i] += 1,
                    WHITE => self.white[i] += 1,
                    _ => {}
                }
            }
            self.played += 1;
        }
    }

    /// The share of the playouts so far in which chain `c` kept its points.
    fn share(&self, grid: &Grid, c: usize) -> f32 {
        let chain = &grid.chains[c];
        let kept: u32 = chain
            .stones
            .iter()
            .map(|&i| match chain.color {
                Color::Black => self.black[i],
                Color::White => self.white[i],
            })
            .sum();
        kept as f32 / (chain.stones.len().max(1) * self.played.max(1)) as f32
    }
}

/// A small deterministic generator (xorshift64*): the playouts need speed and
/// reproducibility, not cryptographic quality.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let r = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
        (((r >> 32) * n as u64) >> 32) as usize
    }
}

/// A board for fast play: the grid's cells laid out with a border of [`OFF`] cells around
/// them (one column shared by the left and right edges, a row above and below), so that
/// every cell's four neighbours and four diagonals are at fixed offsets and need no table or
/// bounds test; strings as circular lists with pseudo-liberty counts. The neighbours come in
/// the grid's order (left, right, up, down), so that captures and the list of empty points
/// evolve exactly as on the grid.
#[derive(Clone)]
struct PlayoutBoard {
    /// The grid's width; a row of the board is one cell wider (the border column).
    grid_width: usize,
    cells: Vec<u8>,
    /// Per stone: the representative of its string.
    string: Vec<u32>,
    /// Per stone: the next stone of its string (a cycle).
    next: Vec<u32>,
    /// Per representative: pseudo-liberties (an empty point counted once per adjacent stone).
    libs: Vec<Liberties>,
    /// Per representative: stones.
    size: Vec<u32>,
    /// The empty points, and each empty point's index in that list.
    empties: Vec<u32>,
    empty_at: Vec<u32>,
    /// The point the side to move may not play (a ko just taken), or `u32::MAX`.
    ko: u32,
}

impl PlayoutBoard {
    fn new(grid: &Grid) -> PlayoutBoard {
        let n = grid.len();
        let grid_width = grid.width.max(1);
        let rows = n.div_ceil(grid_width);
        // Border rows above and below, a border column, and one cell before and after the
        // whole, so that the diagonals of the first and last cells are on the board.
        let len = (rows + 2) * (grid_width + 1) + 2;
        let mut board = PlayoutBoard {
            grid_width,
            cells: vec![OFF; len],
            string: vec![u32::MAX; len],
            next: (0..len as u32).collect(),
            libs: vec![Liberties::default(); len],
            size: vec![1; len],
            empties: Vec::with_capacity(n),
            empty_at: vec![u32::MAX; len],
            ko: u32::MAX,
        };
        for i in 0..n {
            let p = board.at(i);
            board.cells[p] = EMPTY;
            board.string[p] = p as u32;
            board.add_empty(p);
        }
        for (i, &c) in grid.cells.iter().enumerate() {
            if let Some(c) = c {
                board.place(board.at(i), if c == Color::Black { BLACK } else { WHITE });
            }
        }
        // A hand-built position may hold strings without liberties; take them off so
        // the playout starts legal.
        for i in 0..n {
            let p = board.at(i);
            if is_stone(board.cells[p]) && board.libs[board.string[p] as usize].count == 0 {
                board.remove_string(p);
            }
        }
        board.ko = u32::MAX;
        board
    }

    /// The board cell of grid cell `i`.
    fn at(&self, i: usize) -> usize {
        let row = self.grid_width + 1;
        (i / self.grid_width + 1) * row + i % self.grid_width + 1
    }

    /// The four neighbours of a cell on the board, in the grid's order (some may be
    /// [`OFF`]).
    fn neighbours(&self, i: usize) -> [usize; 4] {
        let row = self.grid_width + 1;
        [i - 1, i + 1, i - row, i + row]
    }

    /// The four diagonal neighbours of a cell on the board (some may be [`OFF`]).
    fn diagonals(&self, i: usize) -> [usize; 4] {
        let row = self.grid_width + 1;
        [i - row - 1, i - row + 1, i + row - 1, i + row + 1]
    }

    /// The owner at the end: the stone's colour, or the colour of every neighbour of an
    /// empty point (EMPTY where they differ).
    fn owner(&self, i: usize) -> u8 {
        if self.cells[i] != EMPTY {
            return self.cells[i];
        }
        let mut seen = 0u8;
        for m in self.neighbours(i) {
            seen |= self.cells[m] & (BLACK | WHITE);
        }
        match seen {
            BLACK | WHITE => seen,
            _ => EMPTY,
        }
    }

    /// Plays random moves, `first` to move, until two passes in a row or the move limit.
    fn play_out(&mut self, first: u8, rng: &mut Rng) {
        let limit = 3 * self.cells.len();
        let mut color = first;
        let mut passes = 0;
        for _ in 0..limit {
            if self.random_move(color, rng) {
                passes = 0;
            } else {
                passes += 1;
                self.ko = u32::MAX;
                if passes == 2 {
                    break;
                }
            }
            color = opponent(color);
        }
    }

    /// Plays a random legal move for `color` that fills no own eye; false when there is none
    /// (a pass).
    fn random_move(&mut self, color: u8, rng: &mut Rng) -> bool {
        let count = self.empties.len();
        if count == 0 {
            return false;
        }
        // The empty points in turn from a random one, wrapping round (no division per
        // candidate).
        let mut at = rng.below(count);
        for _ in 0..count {
            let p = self.empties[at] as usize;
            if p as u32 != self.ko && self.is_playable(p, color) {
                self.play(p, color);
                return true;
            }
            at += 1;
            if at == count {
                at = 0;
            }
        }
        false
    }

    /// Whether the policy plays `p` for `color`: no own eye, legal, and no self-atari of a
    /// group. Most candidates have an empty neighbour, which settles all three at once: it
    /// is no eye and a liberty; a second one, or no string of the player's to join, and
    /// there is no self-atari either. The rest are read out in full.
    fn is_playable(&self, p: usize, color: u8) -> bool {
        let mut empty = 0;
        let mut joins = false;
        for m in self.neighbours(p) {
            match self.cells[m] {
                EMPTY => empty += 1,
                c => joins |= c == color,
            }
        }
        if empty >= 2 || (empty == 1 && !joins) {
            return true;
        }
        !self.is_own_eye(p, color) && self.is_legal(p, color) && !self.is_group_self_atari(p, color)
    }

    /// A single-point eye of `color`: every neighbour its stone, and the diagonals not
    /// the enemy's (at most one of four inside the board, none on the edge).
    fn is_own_eye(&self, p: usize, color: u8) -> bool {
        let mut on_edge = false;
        for m in self.neighbours(p) {
            match self.cells[m] {
                OFF => on_edge = true,
                c if c != color => return false,
                _ => {}
            }
        }
        let enemy = self
            .diagonals(p)
            .into_iter()
            .filter(|&d| self.cells[d] == opponent(color))
            .count();
        enemy + usize::from(on_edge) < 2
    }

    /// Not suicide: an empty neighbour, a friendly string with a liberty elsewhere, or an
    /// enemy string this move captures.
    fn is_legal(&self, p: usize, color: u8) -> bool {
        for m in self.neighbours(p) {
            match self.cells[m] {
                EMPTY => return true,
                OFF => {}
                c => {
                    let s = self.string[m] as usize;
                    // `p` is counted at most four times among a string's liberties.
                    let count = self.libs[s].count;
                    let other_libs = count > 4 || count > self.adjacencies(p, s);
                    if (c == color) == other_libs {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// A move that joins a string of its own and leaves it one liberty without capturing:
    /// the policy never plays it, so that a seki's shared liberties stay empty and a group
    /// does not throw itself away (a single stone may still be thrown in, to kill an eye).
    fn is_group_self_atari(&self, p: usize, color: u8) -> bool {
        let mut liberty = u32::MAX;
        let mut joins = false;
        let mut one_more = |l: usize| {
            if liberty == u32::MAX || liberty == l as u32 {
                liberty = l as u32;
                false
            } else {
                true // a second liberty
            }
        };
        for m in self.neighbours(p) {
            match self.cells[m] {
                EMPTY => {
                    if one_more(m) {
                        return false;
                    }
                }
                OFF => {}
                c if c == color => joins = true,
                _ => {
                    if self.libs[self.string[m] as usize].count
                        == self.adjacencies(p, self.string[m] as usize)
                    {
                        return false; // it captures
                    }
                }
            }
        }
        if !joins {
            return false;
        }
        for m in self.neighbours(p) {
            if self.cells[m] != color {
                continue;
            }
            // The string's liberties besides `p`: none, one point (told by the sums of
            // its pseudo-liberties, without walking it), or two at least.
            let s = self.string[m] as usize;
            match self.libs[s].without(p, self.adjacencies(p, s)) {
                Others::None => {}
                Others::One(l) => {
                    if one_more(l) {
                        return false;
                    }
                }
                Others::Several => return false,
            }
        }
        true
    }

    /// How many times point `p` is counted among string `s`'s pseudo-liberties.
    fn adjacencies(&self, p: usize, s: usize) -> u32 {
        self.neighbours(p)
            .into_iter()
            .filter(|&m| is_stone(self.cells[m]) && self.string[m] as usize == s)
            .count() as u32
    }

    fn play(&mut self, p: usize, color: u8) {
        self.place(p, color);
        let mut captured = 0;
        let mut last_captured = u32::MAX;
        for m in self.neighbours(p) {
            if self.cells[m] == opponent(color) && self.libs[self.string[m] as usize].count == 0 {
                captured += self.size[self.string[m] as usize];
                last_captured = m as u32;
                self.remove_string(m);
            }
        }
        let s = self.string[p] as usize;
        self.ko = if captured == 1 && self.size[s] == 1 && self.libs[s].count == 1 {
            last_captured
        } else {
            u32::MAX
        };
    }

    /// Puts a stone on empty point `p`, merging strings and updating pseudo-liberties.
    fn place(&mut self, p: usize, color: u8) {
        self.cells[p] = color;
        self.remove_empty(p);
        self.string[p] = p as u32;
        self.next[p] = p as u32;
        self.size[p] = 1;
        self.libs[p] = Liberties::default();
        for m in self.neighbours(p) {
            match self.cells[m] {
                EMPTY => self.libs[p].add(m),
                OFF => {}
                _ => {
                    // The neighbour's string loses `p` as a pseudo-liberty.
                    let s = self.string[m] as usize;
                    self.libs[s].remove(p);
                }
            }
        }
        for m in self.neighbours(p) {
            if self.cells[m] == color && self.string[m] != self.string[p] {
                self.merge(self.string[p] as usize, self.string[m] as usize);
            }
        }
    }

    /// Joins two strings, the smaller into the larger.
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.size[a] >= self.size[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut i = small;
        loop {
            self.string[i] = big as u32;
            i = self.next[i] as usize;
            if i == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.size[big] += self.size[small];
        let small_libs = self.libs[small];
        self.libs[big].join(small_libs);
    }

    /// Takes a string off: its points become empty, its neighbours gain liberties.
    fn remove_string(&mut self, stone: usize) {
        let s = self.string[stone] as usize;
        let mut i = s;
        loop {
            let following = self.next[i] as usize;
            self.cells[i] = EMPTY;
            self.add_empty(i);
            i = following;
            if i == s {
                break;
            }
        }
        let mut i = s;
        loop {
            let following = self.next[i] as usize;
            for m in self.neighbours(i) {
                if is_stone(self.cells[m]) {
                    let t = self.string[m] as usize;
                    self.libs[t].add(i);
                }
            }
            self.next[i] = i as u32;
            self.string[i] = i as u32;
            i = following;
            if i == s {
                break;
            }
        }
    }

    fn remove_empty(&mut self, p: usize) {
        let at = self.empty_at[p] as usize;
        let last = *self.empties.last().expect("p is in the list");
        self.empties[at] = last;
        self.empty_at[last as usize] = at as u32;
        self.empties.pop();
    }

    fn add_empty(&mut self, p: usize) {
        self.empty_at[p] = self.empties.len() as u32;
        self.empties.push(p as u32);
    }
}

/// A string's pseudo-liberties: how many (an empty point counted once per stone of the
/// string beside it), and the sum of their points and of their squares. The sums tell
/// whether they are all one point (equality in Cauchy-Schwarz: the sum squared equals the
/// count times the sum of squares only when every term is the same), so that a move's
/// self-atari is seen without walking the string. On the largest board (52x52: 2,704 points,
/// numbered below 2,864 with the border) a string has at most 4 x 2,704 pseudo-liberties: their
/// sum stays under 2^25, so it fits in 32 bits, and the products in 64.
#[derive(Clone, Copy, Default, Debug, PartialEq)]
struct Liberties {
    count: u32,
    sum: u32,
    squares: u64,
}

/// A string's liberties besides one point.
#[derive(Debug, PartialEq)]
enum Others {
    None,
    One(usize),
    Several,
}

impl Liberties {
    fn add(&mut self, point: usize) {
        self.count += 1;
        self.sum += point as u32;
        self.squares += (point * point) as u64;
    }

    fn remove(&mut self, point: usize) {
        self.count -= 1;
        self.sum -= point as u32;
        self.squares -= (point * point) as u64;
    }

    fn join(&mut self, other: Liberties) {
        self.count += other.count;
        self.sum += other.sum;
        self.squares += other.squares;
    }

    /// The liberties besides `point`, which is counted `times` among them.
    fn without(&self, point: usize, times: u32) -> Others {
        let count = u64::from(self.count - times);
        let sum = u64::from(self.sum) - u64::from(times) * point as u64;
        let squares = self.squares - u64::from(times) * (point * point) as u64;
        if count == 0 {
            Others::None
        } else if sum * sum == count * squares {
            Others::One((sum / count) as usize)
        } else {
            Others::Several
        }
    }
}

fn opponent(color: u8) -> u8 {
    BLACK + WHITE - color
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::position::Position;

    /// The share of 64 playouts in which the string at (x, y) keeps its points.
    fn kept(rows: &[&str], x: usize, y: usize) -> f32 {
        let pos = Position::from_diagram(rows);
        let grid = Grid::new(&pos);
        let c = grid.chain_of[y * grid.width + x] as usize;
        string_shares(&grid, &[c], 64)[0]
    }

    #[test]
    fn a_two_eyed_group_survives_every_playout() {
        let rows = [
            ".X.X.O...",
            "XXXXXO...",
            "OOOOOO...",
            ".........",
            ".........",
        ];
        assert_eq!(kept(&rows, 2, 1), 1.0);
    }

    #[test]
    fn a_one_eyed_group_in_an_enemy_wall_dies_in_nearly_every_playout() {
        let rows = [
            "..XXXO...",
            "XXXXXO...",
            "OOOOOO...",
            ".........",
            ".........",
        ];
        assert!(kept(&rows, 1, 1) < 0.2);
    }

    #[test]
    fn a_lone_stone_inside_a_living_area_is_taken() {
        let rows = [
            "X.X.XO...",
            "XXXXXO...",
            "....XO...",
            ".O..XO...",
            "....XO...",
        ];
        assert!(kept(&rows, 1, 3) < 0.2, "the stone is taken");
        assert!(kept(&rows, 4, 0) > 0.8, "the wall lives");
    }

    #[test]
    fn the_same_position_gives_the_same_ownership() {
        let pos = Position::from_diagram(&[".X.O.", "XX.OO", ".X.O.", "XXOO.", "..O.."]);
        let grid = Grid::new(&pos);
        let all: Vec<usize> = (0..grid.chains.len()).collect();
        assert_eq!(
            string_shares(&grid, &all, 32),
            string_shares(&grid, &all, 32)
        );
    }

    #[test]
    fn the_budget_bounds_the_playouts_on_every_board_size() {
        assert_eq!(playouts_for(361), 128);
        assert_eq!(playouts_for(81), MAX_PLAYOUTS);
        assert_eq!(playouts_for(52 * 52), MIN_PLAYOUTS.max(128 * 361 / 2704));
        assert_eq!(playouts_for(0), MAX_PLAYOUTS);
    }

    #[test]
    fn strings_without_liberties_in_a_hand_built_position_do_not_break_it() {
        let pos = Position::from_diagram(&["XO.", "O..", "..."]);
        let grid = Grid::new(&pos);
        let all: Vec<usize> = (0..grid.chains.len()).collect();
        let shares = string_shares(&grid, &all, 8);
        assert!(shares.iter().all(|f| (0.0..=1.0).contains(f)));
    }

    /// The bordered layout has the grid's neighbours in the grid's order (the order in
    /// which captures refill the list of empty points) and its diagonals, on wide, tall and
    /// thin boards, every other cell of the border [`OFF`].
    #[test]
    fn the_bordered_board_has_the_grid_s_neighbours_in_order_and_its_diagonals() {
        for (w, h) in [(5u8, 4u8), (4, 5), (3, 3), (1, 4), (4, 1), (1, 1), (19, 19)] {
            let grid = Grid::new(&Position::empty(w, h));
            let board = PlayoutBoard::new(&grid);
            let on_board: Vec<usize> = (0..grid.len()).map(|i| board.at(i)).collect();
            let grid_cell = |p: usize| on_board.iter().position(|&q| q == p);
            for i in 0..grid.len() {
                let p = board.at(i);
                let around: Vec<usize> = board
                    .neighbours(p)
                    .into_iter()
                    .filter_map(grid_cell)
                    .collect();
                assert_eq!(
                    around,
                    grid.neighbours(i).collect::<Vec<_>>(),
                    "{w}x{h} cell {i}"
                );
                let mut diagonals: Vec<usize> = board
                    .diagonals(p)
                    .into_iter()
                    .filter_map(grid_cell)
                    .collect();
                diagonals.sort_unstable();
                let mut want: Vec<usize> = grid.diagonals(i).collect();
                want.sort_unstable();
                assert_eq!(diagonals, want, "{w}x{h} cell {i}");
            }
            let off = (0..board.cells.len())
                .filter(|&p| board.cells[p] == OFF)
                .count();
            assert_eq!(off + grid.len(), board.cells.len(), "{w}x{h}");
        }
    }

    /// At the end of a playout a stone owns its point, and an empty point belongs to the
    /// colour of all its neighbours on the board (the border is none), to nobody where
    /// they differ or where none is a stone.
    #[test]
    fn an_empty_point_is_owned_by_the_one_colour_around_it_the_border_aside() {
        let board = PlayoutBoard::new(&Grid::new(&Position::from_diagram(&[
            ".X.O.", "X.XO.", ".X...", "OOX..",
        ])));
        let owner = |x: usize, y: usize| board.owner(board.at(y * 5 + x));
        assert_eq!(
            owner(0, 0),
            BLACK,
            "a corner point between two Black stones"
        );
        assert_eq!(owner(1, 1), BLACK, "an eye in the middle");
        assert_eq!(owner(2, 0), EMPTY, "between Black and White");
        assert_eq!(owner(4, 2), EMPTY, "no stone beside it");
        assert_eq!(owner(0, 2), EMPTY, "Black above, White below");
        assert_eq!(owner(1, 0), BLACK, "a stone owns its point");
        assert_eq!(owner(0, 3), WHITE);
        assert_eq!(owner(4, 0), WHITE, "on the edge beside a White stone");
    }

    /// A ko: one stone taken by a lone stone left with one liberty, the point it took
    /// barred for the next move; no ko where two stones are taken, where the taker joins a
    /// string or keeps a second liberty.
    #[test]
    fn only_a_single_stone_taken_by_a_lone_stone_in_atari_is_a_ko() {
        // The point barred after Black plays (x, y), as (x, y).
        let ko_after = |rows: &[&str], x: usize, y: usize| {
            let mut board = PlayoutBoard::new(&Grid::new(&Position::from_diagram(rows)));
            let width = rows[0].len();
            board.play(board.at(y * width + x), BLACK);
            (0..width * rows.len())
                .find(|&i| board.at(i) as u32 == board.ko)
                .map(|i| (i % width, i / width))
        };
        // Black at (2, 1) takes White's (1, 1) and is left in atari: a ko at (1, 1).
        assert_eq!(
            ko_after(&[".XO..", "XO.O.", ".XO..", "....."], 2, 1),
            Some((1, 1))
        );
        // The taker keeps a second liberty at (3, 1): no ko.
        assert_eq!(ko_after(&[".XO..", "XO...", ".XO..", "....."], 2, 1), None);
        // Two stones taken at once: no ko.
        assert_eq!(
            ko_after(&[".XXO.", "XOO.O", ".XXO.", "....."], 3, 1),
            None,
            "two stones"
        );
        // The taker joins Black's string below it: no ko.
        assert_eq!(
            ko_after(&[".XO..", "XO.O.", ".XX..", "....."], 2, 1),
            None,
            "it joins a string"
        );
    }

    /// On the largest board, with one comb-shaped string over every other line (some 2,600
    /// pseudo-liberties, up to the highest cell numbers), the liberty sums do not overflow
    /// (the tests run with overflow checks) and the playouts end.
    #[test]
    fn the_largest_board_plays_out_within_the_sums_bounds() {
        let rows: Vec<String> = (0..52)
            .map(|y| {
                (0..52)
                    .map(|x| if y % 2 == 1 || x == 0 { 'X' } else { '.' })
                    .collect()
            })
            .collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let grid = Grid::new(&Position::from_diagram(&rows));
        assert_eq!(grid.chains.len(), 1, "one comb-shaped string");
        let share = string_shares(&grid, &[0], 2)[0];
        assert!((0.0..=1.0).contains(&share));
    }

    /// An eye a string touches four times is one liberty, not four: filling the string's
    /// other liberty is a self-atari, and filling the eye when it is the last is suicide.
    #[test]
    fn an_eye_counted_four_times_is_one_liberty() {
        let board = |rows: &[&str]| PlayoutBoard::new(&Grid::new(&Position::from_diagram(rows)));
        let at = |b: &PlayoutBoard, x: usize, y: usize| b.at(y * 6 + x);
        let two_liberties = board(&["OXXXO.", "OX.XO.", "OXXXO.", "OO.OO.", "..O..."]);
        let b = &two_liberties;
        assert!(board_has_pseudo_liberties(b, at(b, 2, 2), 5));
        assert!(b.is_legal(at(b, 2, 3), BLACK));
        assert!(b.is_group_self_atari(at(b, 2, 3), BLACK));
        let one_liberty = board(&["OXXXO.", "OX.XO.", "OXXXO.", "OOOOO.", "......"]);
        let b = &one_liberty;
        assert!(!b.is_legal(at(b, 2, 1), BLACK));
        assert!(b.is_legal(at(b, 2, 1), WHITE), "White takes the ring");
    }

    /// The policy's eye: every neighbour the player's, and at most one diagonal the
    /// enemy's inside the board, none on the edge (a false eye is filled like any point).
    #[test]
    fn an_eye_is_false_with_two_enemy_diagonals_or_one_on_the_edge() {
        let eye = |rows: &[&str], x: usize, y: usize| {
            let board = PlayoutBoard::new(&Grid::new(&Position::from_diagram(rows)));
            board.is_own_eye(board.at(y * rows[0].len() + x), BLACK)
        };
        // The centre point (2, 2), its neighbours Black.
        assert!(eye(&[".....", "..X..", ".X.X.", "..X..", "....."], 2, 2));
        assert!(
            eye(&[".....", ".OX..", ".X.X.", "..X..", "....."], 2, 2),
            "one enemy diagonal"
        );
        assert!(
            !eye(&[".....", ".OX..", ".X.X.", "..XO.", "....."], 2, 2),
            "two"
        );
        // On the edge (2, 0): one enemy diagonal makes it false.
        assert!(eye(&[".X.X.", "..X..", "....."], 2, 0));
        assert!(
            !eye(&[".X.X.", ".OX..", "....."], 2, 0),
            "one enemy diagonal on the edge"
        );
        // A neighbour not the player's: no eye.
        assert!(!eye(&[".X.O.", "..X..", "....."], 2, 0));
    }

    fn board_has_pseudo_liberties(board: &PlayoutBoard, stone: usize, n: u32) -> bool {
        board.libs[board.string[stone] as usize].count == n
    }

    /// The stones of the string on `start` and its liberties (distinct), by flood fill.
    fn naive_string(board: &PlayoutBoard, start: usize) -> (Vec<usize>, Vec<usize>) {
        let color = board.cells[start];
        let (mut stones, mut libs, mut stack) = (vec![start], Vec::new(), vec![start]);
        while let Some(i) = stack.pop() {
            for m in board.neighbours(i) {
                if board.cells[m] == EMPTY && !libs.contains(&m) {
                    libs.push(m);
                } else if board.cells[m] == color && !stones.contains(&m) {
                    stones.push(m);
                    stack.push(m);
                }
            }
        }
        (stones, libs)
    }

    /// Legal by the book: a play at `p` that takes the enemy strings it leaves without a
    /// liberty, and keeps a liberty for its own; and a self-atari: it joins a string of
    /// its own, takes nothing, and the joined string has one liberty at most.
    fn naive_legal_and_self_atari(board: &PlayoutBoard, p: usize, color: u8) -> (bool, bool) {
        let mut after = board.clone();
        after.cells[p] = color;
        let mut captures = false;
        for m in board.neighbours(p) {
            if after.cells[m] == opponent(color) && naive_string(&after, m).1.is_empty() {
                captures = true;
            }
        }
        let joins = board.neighbours(p).iter().any(|&m| board.cells[m] == color);
        let libs = naive_string(&after, p).1.len();
        (captures || libs > 0, joins && !captures && libs <= 1)
    }

    proptest::proptest! {
        /// The policy's shortcuts (a string with more than four pseudo-liberties has a
        /// liberty to spare; the sums of its pseudo-liberties tell one point from several)
        /// answer as the book does, on every point of random positions.
        #[test]
        fn legality_and_self_atari_agree_with_the_book(
            cells in proptest::collection::vec(0u8..5, 36)
        ) {
            let rows: Vec<String> = cells
                .chunks(6)
                .map(|row| row.iter().map(|&c| match c { 0 | 1 => 'X', 2 | 3 => 'O', _ => '.' }).collect())
                .collect();
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            let grid = Grid::new(&Position::from_diagram(&rows));
            let board = PlayoutBoard::new(&grid);
            for p in 0..board.cells.len() {
                if board.cells[p] != EMPTY {
                    continue;
                }
                for color in [BLACK, WHITE] {
                    let (legal, self_atari) = naive_legal_and_self_atari(&board, p, color);
                    proptest::prop_assert_eq!(
                        board.is_playable(p, color),
                        !board.is_own_eye(p, color) && legal && !self_atari,
                        "playable at {}", p
                    );
                    proptest::prop_assert_eq!(board.is_legal(p, color), legal, "legal at {}", p);
                    if legal {
                        proptest::prop_assert_eq!(
                            board.is_group_self_atari(p, color), self_atari, "self-atari at {}", p
                        );
                    }
                }
            }
        }
    }

    proptest::proptest! {
        /// After random play (captures, merges, a ko), every string's size, pseudo-liberties,
        /// their sum and their sum of squares are those counted afresh from its stones.
        #[test]
        fn liberty_sums_follow_the_play(
            cells in proptest::collection::vec(0u8..5, 49),
            seed in 1u64..u64::MAX,
            moves in 0usize..120,
        ) {
            let rows: Vec<String> = cells
                .chunks(7)
                .map(|row| row.iter().map(|&c| match c { 0 => 'X', 1 => 'O', _ => '.' }).collect())
                .collect();
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            let mut board = PlayoutBoard::new(&Grid::new(&Position::from_diagram(&rows)));
            let mut rng = Rng(seed);
            let mut color = BLACK;
            for _ in 0..moves {
                board.random_move(color, &mut rng);
                color = opponent(color);
            }
            for stone in 0..board.cells.len() {
                if !is_stone(board.cells[stone]) {
                    continue;
                }
                let mut want = Liberties::default();
                for i in naive_string(&board, stone).0 {
                    for m in board.neighbours(i) {
                        if board.cells[m] == EMPTY {
                            want.add(m);
                        }
                    }
                }
                let rep = board.string[stone] as usize;
                proptest::prop_assert_eq!(board.libs[rep], want, "string at {}", stone);
                let stones = naive_string(&board, stone).0.len() as u32;
                proptest::prop_assert_eq!(board.size[rep], stones, "size of the string at {}", stone);
            }
        }
    }

    /// The sums tell no other liberty, one (which), or several, the point left out as
    /// often as it is counted.
    #[test]
    fn liberties_besides_a_point_are_told_from_the_sums() {
        let of = |points: &[usize]| {
            let mut l = Liberties::default();
            for &p in points {
                l.add(p);
            }
            l
        };
        assert_eq!(of(&[]).without(7, 0), Others::None);
        assert_eq!(of(&[7, 7]).without(7, 2), Others::None);
        assert_eq!(of(&[7, 3, 3, 7]).without(7, 2), Others::One(3));
        assert_eq!(
            of(&[2, 4]).without(9, 0),
            Others::Several,
            "3 on average, but two points"
        );
        assert_eq!(of(&[2, 4, 9]).without(9, 1), Others::Several);
        let mut l = of(&[2, 5, 5]);
        l.remove(2);
        assert_eq!(l.without(0, 0), Others::One(5));
        let mut joined = of(&[5]);
        joined.join(of(&[6]));
        assert_eq!(joined.without(6, 1), Others::One(5));
    }
}
