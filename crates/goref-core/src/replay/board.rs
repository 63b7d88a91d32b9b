//! A fast Go board for 1x1 up to 52x52 (width and height independent).
//!
//! Layout: a flat array with one sentinel column (shared by the left and right edges)
//! and a sentinel row above and below, so every on-board point has four neighbour
//! slots that are always in range. Strings are circular linked lists (`next`) with a
//! head (`head`), a size and a *pseudo-liberty* count kept at the head: the number of
//! (stone, empty neighbour) adjacencies. A string has no liberty exactly when its
//! pseudo-liberty count is zero, which is all captures need; the rare callers that
//! need the exact liberty set (ko shapes) walk the string.
//!
//! The board also keeps, incrementally:
//! * a 64-bit Zobrist hash of the stones (fixed-seed splitmix64 keys, injectable
//!   through [`Zobrist::from_fn`] so tests can force collisions);
//! * two bit planes (black, white) of `width * height` bits each, which are the
//!   compact snapshot the repetition history stores and compares on hash hits.
//!
//! **As-played semantics.** A play places the stone, removes opponent strings left
//! without liberties, then removes the mover's own string if it has none (recorded
//! moves are executed even when illegal, SGF FF\[4\]). A play on an occupied point
//! *replaces* the stone: the old stone is lifted first (as `AE` would), then the play
//! proceeds normally. A play off the board is an error value, never a panic.

use crate::point::{Color, Point};
use crate::replay::position::Position;

/// The largest side length SGF allows (letters a–z, A–Z).
pub(crate) const MAX_SIDE: u8 = 52;

pub(crate) const EMPTY: u8 = 0;
pub(crate) const BORDER: u8 = 3;

/// Errors of board construction and plays.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum BoardError {
    #[error("board size {0}x{1} is outside 1..=52")]
    InvalidSize(u8, u8),
    #[cfg(test)]
    #[error("point ({x}, {y}) is off the {width}x{height} board")]
    OffBoard { x: u8, y: u8, width: u8, height: u8 },
    #[error("the Zobrist table is for a {0}x{1} board")]
    ZobristSize(u8, u8),
}

/// The cell value of a colour's stone.
#[inline]
pub(crate) fn stone_of(c: Color) -> u8 {
    c.index() as u8 + 1
}

/// The colour of a stone cell value (1 or 2).
#[inline]
pub(crate) fn color_of(cell: u8) -> Option<Color> {
    match cell {
        1 => Some(Color::Black),
        2 => Some(Color::White),
        _ => None,
    }
}

/// Deterministic 64-bit mixer (splitmix64 finaliser).
fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Zobrist keys of one board size: one key per (point, colour).
#[derive(Clone, Debug)]
pub struct Zobrist {
    width: u8,
    height: u8,
    /// Dense index `y * width + x`, then colour index.
    keys: Vec<[u64; 2]>,
}

impl Zobrist {
    /// The standard fixed-seed table. A point's keys depend only on its coordinates,
    /// so they are the same on every board size; they are computed once for 52x52
    /// and copied from there.
    pub fn new(width: u8, height: u8) -> Zobrist {
        static KEYS: std::sync::OnceLock<Vec<[u64; 2]>> = std::sync::OnceLock::new();
        let all = KEYS.get_or_init(|| {
            const SEED: u64 = 0x676F_7265_665F_7A6F; // "goref_zo"
            (0..MAX_SIDE as u64 * MAX_SIDE as u64)
                .map(|slot| [0, 1].map(|c| splitmix64(SEED ^ splitmix64(slot * 2 + c))))
                .collect()
        });
        let mut keys = Vec::with_capacity(width as usize * height as usize);
        for y in 0..height.min(MAX_SIDE) as usize {
            let row = y * MAX_SIDE as usize;
            keys.extend_from_slice(&all[row..row + width.min(MAX_SIDE) as usize]);
        }
        Zobrist {
            width,
            height,
            keys,
        }
    }

    /// A table from any key function. Tests use this to force every position onto one
    /// hash value and show that the history never trusts a hash alone.
    #[cfg(test)]
    pub(crate) fn from_fn(width: u8, height: u8, f: impl Fn(Point, Color) -> u64) -> Zobrist {
        let mut keys = Vec::with_capacity(width as usize * height as usize);
        for y in 0..height {
            for x in 0..width {
                let p = Point::new(x, y);
                keys.push([f(p, Color::Black), f(p, Color::White)]);
            }
        }
        Zobrist {
            width,
            height,
            keys,
        }
    }
}

/// What one play did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayOutcome {
    /// Opponent stones removed.
    pub captured: u32,
    /// Size of the mover's own string removed for lack of liberties (0 if none).
    pub self_removed: u32,
    /// The stone that stood on the point before and was replaced (occupied point).
    pub replaced: Option<Color>,
}

/// The board. See the module documentation for the layout and semantics.
#[derive(Clone, Debug)]
pub struct Board {
    width: u8,
    height: u8,
    stride: usize,
    cells: Vec<u8>,
    next: Vec<u16>,
    head: Vec<u16>,
    /// String size, valid at heads.
    size: Vec<u16>,
    /// Pseudo-liberties, valid at heads.
    libs: Vec<u16>,
    /// Zobrist keys by padded index (zero on the border).
    keys: Vec<[u64; 2]>,
    /// Dense index by padded index (`u16::MAX` on the border).
    dense: Vec<u16>,
    hash: u64,
    /// Black plane then white plane, `plane_words` words each.
    bits: Vec<u64>,
    plane_words: usize,
    /// Stones captured *by* each colour (prisoners it took). Stones removed by
    /// suicide count as taken by the opponent.
    prisoners: [u32; 2],
    /// Padded indices of the stones the last play removed: captures first, then the
    /// mover's own stones.
    removed: Vec<u16>,
    /// Scratch for rebuilding strings.
    scratch: Vec<u16>,
}

impl Board {
    /// An empty board with the standard Zobrist table. A batch checks thousands of games
    /// of a few sizes, so each thread keeps the last empty board it built and copies it:
    /// a copy costs a fraction of laying out the border and the keys again.
    pub fn new(width: u8, height: u8) -> Result<Board, BoardError> {
        thread_local! {
            static LAST_EMPTY: std::cell::RefCell<Option<Board>> =
                const { std::cell::RefCell::new(None) };
        }
        LAST_EMPTY.with(|last| {
            let mut last = last.borrow_mut();
            if let Some(board) = last
                .as_ref()
                .filter(|b| b.width == width && b.height == height)
            {
                return Ok(board.clone());
            }
            let board = Board::with_zobrist(Zobrist::new(width, height))?;
            *last = Some(board.clone());
            Ok(board)
        })
    }

    /// An empty board with a given Zobrist table (which fixes the size).
    pub fn with_zobrist(zobrist: Zobrist) -> Result<Board, BoardError> {
        let (width, height) = (zobrist.width, zobrist.height);
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(BoardError::InvalidSize(width, height));
        }
        if zobrist.keys.len() != width as usize * height as usize {
            return Err(BoardError::ZobristSize(width, height));
        }
        let stride = width as usize + 1;
        let len = (height as usize + 2) * stride + 1;
        let mut cells = vec![BORDER; len];
        let mut keys = vec![[0u64; 2]; len];
        let mut dense = vec![u16::MAX; len];
        for y in 0..height as usize {
            for x in 0..width as usize {
                let i = (y + 1) * stride + x + 1;
                let d = y * width as usize + x;
                cells[i] = EMPTY;
                keys[i] = zobrist.keys[d];
                dense[i] = d as u16;
            }
        }
        let plane_words = (width as usize * height as usize).div_ceil(64);
        Ok(Board {
            width,
            height,
            stride,
            cells,
            next: (0..len as u16).collect(),
            head: (0..len as u16).collect(),
            size: vec![0; len],
            libs: vec![0; len],
            keys,
            dense,
            hash: 0,
            bits: vec![0; plane_words * 2],
            plane_words,
            prisoners: [0; 2],
            removed: Vec::new(),
            scratch: Vec::new(),
        })
    }

    #[cfg(test)] // the board's own tests play by point; the engine plays by index
    pub fn width(&self) -> u8 {
        self.width
    }

    /// The board's height (rows), for the vertex names of its points.
    pub fn height(&self) -> u8 {
        self.height
    }

    /// The Zobrist hash of the stones on the board.
    pub(crate) fn hash(&self) -> u64 {
        self.hash
    }

    /// The two bit planes (black, then white): the compact snapshot of the stones.
    pub(crate) fn bits(&self) -> &[u64] {
        &self.bits
    }

    /// Stones captured by Black and by White (index by `Color::index`).
    pub(crate) fn prisoners(&self) -> [u32; 2] {
        self.prisoners
    }

    pub(crate) fn contains(&self, p: Point) -> bool {
        p.x < self.width && p.y < self.height
    }

    /// The stone on a point (None when empty or off the board).
    pub fn get(&self, p: Point) -> Option<Color> {
        self.index(p).and_then(|i| color_of(self.cells[i]))
    }

    /// The padded index of an on-board point.
    pub fn index(&self, p: Point) -> Option<usize> {
        if self.contains(p) {
            Some((p.y as usize + 1) * self.stride + p.x as usize + 1)
        } else {
            None
        }
    }

    /// The point of a padded index (only meaningful for on-board indices).
    pub(crate) fn point(&self, i: usize) -> Point {
        let x = i % self.stride;
        let y = i / self.stride;
        Point::new(x.saturating_sub(1) as u8, y.saturating_sub(1) as u8)
    }

    #[inline]
    pub(crate) fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - 1, i + 1, i - self.stride, i + self.stride]
    }

    #[inline]
    pub(crate) fn cell(&self, i: usize) -> u8 {
        self.cells[i]
    }

    #[inline]
    pub(crate) fn head_of(&self, i: usize) -> usize {
        self.head[i] as usize
    }

    #[inline]
    pub(crate) fn string_size(&self, i: usize) -> usize {
        self.size[self.head[i] as usize] as usize
    }

    #[inline]
    pub(crate) fn pseudo_libs(&self, i: usize) -> usize {
        self.libs[self.head[i] as usize] as usize
    }

    #[inline]
    pub(crate) fn next_stone(&self, i: usize) -> usize {
        self.next[i] as usize
    }

    /// Stones the last play removed: captured opponent stones first, then the mover's
    /// own stones (see [`PlayOutcome`] for the split).
    #[cfg(test)] // the board's own tests play by point; the engine plays by index
    pub fn last_removed(&self) -> impl Iterator<Item = Point> + '_ {
        self.removed.iter().map(|&i| self.point(i as usize))
    }

    pub(crate) fn last_removed_indices(&self) -> &[u16] {
        &self.removed
    }

    /// A plain snapshot for scoring and reports.
    pub(crate) fn to_position(&self) -> Position {
        let mut pos = Position::empty(self.width, self.height);
        for y in 0..self.height {
            for x in 0..self.width {
                let p = Point::new(x, y);
                pos.set(p, self.get(p));
            }
        }
        pos
    }

    /// The stones of every string without a liberty, in point order. Only setup can
    /// leave one (a play removes such strings at once).
    pub(crate) fn stones_without_liberties(&self) -> Vec<Point> {
        let mut out = Vec::new();
        for y in 0..self.height {
            for x in 0..self.width {
                let p = Point::new(x, y);
                let Some(i) = self.index(p) else { continue };
                if color_of(self.cells[i]).is_some() && self.libs[self.head[i] as usize] == 0 {
                    out.push(p);
                }
            }
        }
        out
    }

    /// Plays a stone with the as-played semantics of the module documentation.
    #[cfg(test)] // the board's own tests play by point; the engine plays by index
    pub fn play(&mut self, color: Color, p: Point) -> Result<PlayOutcome, BoardError> {
        let i = self.index(p).ok_or(BoardError::OffBoard {
            x: p.x,
            y: p.y,
            width: self.width,
            height: self.height,
        })?;
        Ok(self.play_at(color, i))
    }

    /// [`Board::play`] on a padded index known to be on the board.
    pub(crate) fn play_at(&mut self, color: Color, i: usize) -> PlayOutcome {
        self.removed.clear();
        let replaced = color_of(self.cells[i]);
        if replaced.is_some() {
            self.lift(i);
            self.removed.clear();
        }
        self.place(i, stone_of(color));
        let opp = stone_of(color.opponent());
        let mut captured = 0u32;
        for n in self.neighbours(i) {
            if self.cells[n] == opp && self.libs[self.head[n] as usize] == 0 {
                captured += self.remove_string(self.head[n] as usize);
            }
        }
        let mut self_removed = 0;
        if self.libs[self.head[i] as usize] == 0 {
            self_removed = self.remove_string(self.head[i] as usize);
        }
        self.prisoners[color.index()] += captured;
        self.prisoners[color.opponent().index()] += self_removed;
        PlayOutcome {
            captured,
            self_removed,
            replaced,
        }
    }

    /// Setup: puts a stone of `color` on `p` (AB/AW), replacing whatever stood there.
    /// Nothing is captured, so setup may leave strings without liberties.
    pub(crate) fn add_stone(&mut self, p: Point, color: Color) {
        if let Some(i) = self.index(p) {
            if self.cells[i] == stone_of(color) {
                return;
            }
            if self.cells[i] != EMPTY {
                self.lift(i);
            }
            self.place(i, stone_of(color));
        }
    }

    /// Setup: empties a point (AE).
    pub(crate) fn clear_point(&mut self, p: Point) {
        if let Some(i) = self.index(p) {
            if self.cells[i] != EMPTY {
                self.lift(i);
            }
        }
    }

    /// Puts a stone on an empty point and merges it with friendly neighbours.
    fn place(&mut self, i: usize, stone: u8) {
        self.set_cell(i, stone);
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        self.size[i] = 1;
        let mut libs = 0u16;
        for n in self.neighbours(i) {
            match self.cells[n] {
                EMPTY => libs += 1,
                BORDER => {}
                _ => {
                    let h = self.head[n] as usize;
                    self.libs[h] = self.libs[h].saturating_sub(1);
                }
            }
        }
        self.libs[i] = libs;
        for n in self.neighbours(i) {
            if self.cells[n] == stone && self.head[n] != self.head[i] {
                self.merge(self.head[i] as usize, self.head[n] as usize);
            }
        }
    }

    /// Joins two strings; the smaller is relabelled.
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.size[a] >= self.size[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = self.next[s] as usize;
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.size[big] += self.size[small];
        self.libs[big] += self.libs[small];
    }

    /// Removes a whole string; returns its size. Records the points in `removed`.
    fn remove_string(&mut self, h: usize) -> u32 {
        let mut count = 0;
        let mut s = h;
        loop {
            self.set_cell(s, EMPTY);
            self.removed.push(s as u16);
            count += 1;
            for n in self.neighbours(s) {
                let c = self.cells[n];
                if c != EMPTY && c != BORDER && self.head[n] as usize != h {
                    let nh = self.head[n] as usize;
                    self.libs[nh] += 1;
                }
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        count
    }

    /// Removes one stone without capturing anything: the string is taken off and its
    /// other stones are put back one by one (rare: setup and occupied-point plays).
    fn lift(&mut self, i: usize) {
        let stone = self.cells[i];
        let h = self.head[i] as usize;
        let mut members = std::mem::take(&mut self.scratch);
        members.clear();
        let mut s = h;
        loop {
            if s != i {
                members.push(s as u16);
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        self.remove_string(h);
        for &m in &members {
            self.place(m as usize, stone);
        }
        self.scratch = members;
    }

    /// Sets a cell and keeps the hash and bit planes in step.
    #[inline(always)]
    fn set_cell(&mut self, i: usize, value: u8) {
        let old = self.cells[i];
        let d = self.dense[i] as usize;
        let (word, bit) = (d / 64, 1u64 << (d % 64));
        if let Some(c) = color_of(old) {
            self.hash ^= self.keys[i][c.index()];
            self.bits[c.index() * self.plane_words + word] &= !bit;
        }
        if let Some(c) = color_of(value) {
            self.hash ^= self.keys[i][c.index()];
            self.bits[c.index() * self.plane_words + word] |= bit;
        }
        self.cells[i] = value;
    }

    /// The exact liberties of the string at `i`, appended to `out` (deduplicated).
    /// Walks the string: for the rare ko-shape checks only.
    pub(crate) fn liberties_into(&self, i: usize, out: &mut Vec<u16>) {
        out.clear();
        let h = self.head[i] as usize;
        let mut s = h;
        loop {
            for n in self.neighbours(s) {
                if self.cells[n] == EMPTY && !out.contains(&(n as u16)) {
                    out.push(n as u16);
                }
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
    }

    /// Checks every internal invariant against a recomputation (tests only).
    #[cfg(test)]
    pub(crate) fn check_invariants(&self) {
        let mut hash = 0u64;
        let mut bits = vec![0u64; self.plane_words * 2];
        for i in 0..self.cells.len() {
            let Some(c) = color_of(self.cells[i]) else {
                continue;
            };
            hash ^= self.keys[i][c.index()];
            let d = self.dense[i] as usize;
            bits[c.index() * self.plane_words + d / 64] |= 1 << (d % 64);
            let h = self.head[i] as usize;
            assert_eq!(self.cells[h], self.cells[i]);
            // Walk the string from its head and recount.
            let mut s = h;
            let (mut n, mut libs, mut seen_i) = (0, 0, false);
            loop {
                n += 1;
                seen_i |= s == i;
                assert_eq!(self.head[s] as usize, h);
                for nb in self.neighbours(s) {
                    if self.cells[nb] == EMPTY {
                        libs += 1;
                    }
                    if self.cells[nb] == self.cells[i] {
                        assert_eq!(self.head[nb] as usize, h, "adjacent stones in one string");
                    }
                }
                s = self.next[s] as usize;
                if s == h {
                    break;
                }
            }
            assert!(seen_i);
            assert_eq!(n, self.size[h] as usize);
            assert_eq!(libs, self.libs[h] as usize);
        }
        assert_eq!(hash, self.hash);
        assert_eq!(bits, self.bits);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(s: &str) -> Point {
        Point::from_sgf(s).unwrap()
    }

    #[test]
    fn a_new_board_is_empty_whatever_the_last_game_of_its_size_did() {
        // Board::new copies the thread's last empty board: the games played on the
        // copies must never reach it.
        let mut first = Board::new(9, 9).unwrap();
        for (k, s) in ["cc", "dc", "cd", "dd", "ee"].iter().enumerate() {
            let color = if k % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            first.play(color, pt(s)).unwrap();
        }
        let _other_size = Board::new(13, 9).unwrap();
        for _ in 0..2 {
            let fresh = Board::new(9, 9).unwrap();
            let built = Board::with_zobrist(Zobrist::new(9, 9)).unwrap();
            assert_eq!(fresh.hash(), 0);
            assert!(fresh.bits().iter().all(|&w| w == 0));
            assert_eq!(fresh.get(pt("cc")), None);
            assert_eq!((fresh.width(), fresh.height()), (9, 9));
            assert_eq!(fresh.cells, built.cells);
            assert_eq!(fresh.keys, built.keys);
            fresh.check_invariants();
        }
    }

    #[test]
    fn rejects_bad_sizes_without_panicking() {
        assert!(Board::new(0, 5).is_err());
        assert!(Board::new(5, 53).is_err());
        assert!(Board::with_zobrist(Zobrist::new(3, 3)).is_ok());
        let mut b = Board::new(3, 3).unwrap();
        assert!(matches!(
            b.play(Color::Black, pt("dd")),
            Err(BoardError::OffBoard { .. })
        ));
    }

    #[test]
    fn captures_before_self_removal_and_counts_prisoners() {
        // T09: B[ba] is a two-stone suicide; T10: B[da] a single-stone one.
        let mut b = Board::new(5, 5).unwrap();
        for s in ["aa", "ac", "bc", "cc", "dc", "ec"] {
            b.add_stone(pt(s), Color::Black);
        }
        for s in ["ca", "ea", "ab", "bb", "cb", "db", "eb"] {
            b.add_stone(pt(s), Color::White);
        }
        let before = b.hash();
        let out = b.play(Color::Black, pt("da")).unwrap();
        assert_eq!((out.captured, out.self_removed), (0, 1));
        assert_eq!(b.hash(), before);
        let out = b.play(Color::Black, pt("ba")).unwrap();
        assert_eq!((out.captured, out.self_removed), (0, 2));
        assert_eq!(b.get(pt("aa")), None);
        assert_eq!(b.prisoners(), [0, 3]);
        b.check_invariants();
        // A capture that also saves the mover: opponent strings go first.
        let mut b = Board::new(4, 1).unwrap();
        b.play(Color::Black, pt("ca")).unwrap();
        b.play(Color::White, pt("ba")).unwrap();
        let out = b.play(Color::Black, pt("aa")).unwrap();
        assert_eq!((out.captured, out.self_removed), (1, 0));
        assert_eq!(b.last_removed().collect::<Vec<_>>(), vec![pt("ba")]);
        b.check_invariants();
    }

    #[test]
    fn occupied_point_replaces_the_stone() {
        let mut b = Board::new(5, 5).unwrap();
        for s in ["bb", "cb", "db"] {
            b.play(Color::Black, pt(s)).unwrap();
        }
        let out = b.play(Color::White, pt("cb")).unwrap();
        assert_eq!(out.replaced, Some(Color::Black));
        assert_eq!(b.get(pt("cb")), Some(Color::White));
        assert_eq!(b.get(pt("bb")), Some(Color::Black));
        b.check_invariants();
        let out = b.play(Color::White, pt("cb")).unwrap();
        assert_eq!(out.replaced, Some(Color::White));
        b.clear_point(pt("cb"));
        b.add_stone(pt("bb"), Color::White);
        b.check_invariants();
        assert_eq!(b.get(pt("cb")), None);
    }

    #[test]
    fn sizes_from_1x1_to_52x52_and_rectangles() {
        for (w, h) in [
            (1, 1),
            (2, 2),
            (25, 25),
            (52, 52),
            (3, 52),
            (52, 3),
            (1, 52),
        ] {
            let mut b = Board::new(w, h).unwrap();
            let corners = [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)];
            for (k, &(x, y)) in corners.iter().enumerate() {
                let c = if k % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                b.play(c, Point::new(x, y)).unwrap();
                b.check_invariants();
            }
            // Edges: fill the first row and column alternately, then the whole board.
            for y in 0..h {
                for x in 0..w {
                    let c = if (x as u32 + y as u32) % 3 == 0 {
                        Color::White
                    } else {
                        Color::Black
                    };
                    b.play(c, Point::new(x, y)).unwrap();
                }
            }
            b.check_invariants();
            assert!(b.play(Color::Black, Point::new(w, 0)).is_err());
            assert!(b.play(Color::Black, Point::new(0, h)).is_err());
            let pos = b.to_position();
            assert_eq!((pos.width, pos.height), (w, h));
        }
        // 1x1: every play is a single-stone suicide.
        let mut b = Board::new(1, 1).unwrap();
        let out = b.play(Color::Black, Point::new(0, 0)).unwrap();
        assert_eq!(out.self_removed, 1);
        assert_eq!(b.hash(), 0);
    }
}
