//! R-SST shape analysis (spec §1.8): basic-ko mouths, ko complexes by linked mouths,
//! and the hot-stone set left by a play. Everything here runs only after a play that
//! has a ko shape (a capture of one or two stones), so it may walk strings.

use crate::point::Color;
use crate::replay::board::{color_of, stone_of, Board, EMPTY, MAX_SIDE};
use serde::Serialize;

/// Which kind of hot stone (spec §1.3, §1.8 rule 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HotKind {
    /// The stone that just took a basic ko (core; identical to the simple ko rule).
    Single,
    /// The two stones that just took two in a 2-for-2 shape (interpretation).
    Double,
    /// Another ko stone of the same player in a complex of three or more linked mouths
    /// (interpretation).
    Twin,
}

impl HotKind {
    /// The name in reports.
    pub fn as_str(self) -> &'static str {
        match self {
            HotKind::Single => "single",
            HotKind::Double => "double",
            HotKind::Twin => "twin",
        }
    }
}

/// The hot stones after the last play: they belong to `color` and were made hot by
/// move `made_by`. Empty after a pass or any play without a ko shape.
#[derive(Clone, Debug)]
pub(crate) struct HotSet {
    pub color: Color,
    pub made_by: u32,
    /// Padded indices and kinds.
    pub stones: Vec<(u16, HotKind)>,
}

/// A basic-ko mouth: the single stone and its only liberty (padded indices).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mouth {
    pub stone: usize,
    pub liberty: usize,
}

/// Most mouths one complex is explored to; real shapes have at most a handful.
const MAX_MOUTHS: usize = 16;

/// If the stone at `s` forms a basic-ko mouth, its liberty. Definition (spec §1.8): a
/// single stone with exactly one liberty L, such that the opponent's play at L would
/// capture exactly that stone and leave the played stone single with `s` as its only
/// liberty.
#[inline]
pub(crate) fn mouth_liberty(board: &Board, s: usize) -> Option<usize> {
    // A single stone's pseudo-liberties are its empty neighbours: most stones asked
    // about (every neighbour of every play) are not single or have more than one, and
    // leave here, inlined at the caller, without a scan.
    if board.string_size(s) != 1 || board.pseudo_libs(s) != 1 {
        return None;
    }
    single_stone_mouth(board, s)
}

/// [`mouth_liberty`] for a single stone with one liberty.
fn single_stone_mouth(board: &Board, s: usize) -> Option<usize> {
    let own = board.cell(s);
    let color = color_of(own)?;
    let mut liberty = None;
    for n in board.neighbours(s) {
        if board.cell(n) == EMPTY {
            if liberty.is_some() {
                return None;
            }
            liberty = Some(n);
        }
    }
    let l = liberty?;
    let opp = stone_of(color.opponent());
    for n in board.neighbours(l) {
        if n == s {
            continue;
        }
        match board.cell(n) {
            // The retaking stone would have another liberty or a friend.
            c if c == EMPTY || c == opp => return None,
            c if c == own => {
                // That string must keep a liberty besides L, or the retake would
                // capture it too. Pseudo-liberties beyond its adjacencies to L prove one.
                let h = board.head_of(n);
                let at_l = board
                    .neighbours(l)
                    .iter()
                    .filter(|&&m| board.cell(m) == own && board.head_of(m) == h)
                    .count();
                if board.pseudo_libs(n) <= at_l {
                    return None;
                }
            }
            _ => {} // border
        }
    }
    Some(l)
}

/// The ko complex containing `start`: every mouth reachable through linking strings
/// (a string of either colour, other than a ko stone, adjacent to both mouths).
pub(crate) fn ko_complex(board: &Board, start: Mouth) -> Vec<Mouth> {
    // Sized for the usual complex: grown push by push, these two allocated three times
    // per reading.
    let mut mouths = Vec::with_capacity(MAX_MOUTHS);
    mouths.push(start);
    let mut visited: Vec<usize> = Vec::with_capacity(16);
    let mut examined = Examined::default();
    let mut k = 0;
    while k < mouths.len() && mouths.len() < MAX_MOUTHS {
        let m = mouths[k];
        k += 1;
        for p in [m.stone, m.liberty] {
            for n in board.neighbours(p) {
                let c = board.cell(n);
                if n == m.stone || color_of(c).is_none() {
                    continue;
                }
                let h = board.head_of(n);
                if visited.contains(&h) || is_mouth_stone(board, n) {
                    continue;
                }
                visited.push(h);
                collect_adjacent_mouths(board, h, &mut mouths, &mut examined);
            }
        }
    }
    mouths
}

fn is_mouth_stone(board: &Board, s: usize) -> bool {
    board.string_size(s) == 1 && mouth_liberty(board, s).is_some()
}

/// Cells of a padded board, one bit each (the largest board fits).
const EXAMINED_WORDS: usize = ((MAX_SIDE as usize + 2) * (MAX_SIDE as usize + 1) + 1).div_ceil(64);

/// The cells next to a linking string already looked at for mouths while one complex is
/// read. What a cell yields depends only on the board, which does not change during the
/// reading, and a mouth found again is not added again: a cell is looked at once, however
/// many stones of however many strings touch it (a big linking string touches each of its
/// liberties several times).
struct Examined([u64; EXAMINED_WORDS]);

impl Default for Examined {
    fn default() -> Examined {
        Examined([0; EXAMINED_WORDS])
    }
}

impl Examined {
    /// True the first time `i` is asked for.
    fn first_time(&mut self, i: usize) -> bool {
        match self.0.get_mut(i / 64) {
            Some(word) => {
                let bit = 1u64 << (i % 64);
                let first = *word & bit == 0;
                *word |= bit;
                first
            }
            None => true,
        }
    }
}

/// Adds every mouth whose stone or liberty touches the string with head `h`.
fn collect_adjacent_mouths(
    board: &Board,
    h: usize,
    mouths: &mut Vec<Mouth>,
    examined: &mut Examined,
) {
    let mut s = h;
    loop {
        for n in board.neighbours(s) {
            let c = board.cell(n);
            if (c == EMPTY || color_of(c).is_some()) && !examined.first_time(n) {
                continue;
            }
            if c == EMPTY {
                for t in board.neighbours(n) {
                    if color_of(board.cell(t)).is_some() && board.string_size(t) == 1 {
                        if let Some(l) = mouth_liberty(board, t) {
                            if l == n {
                                push_mouth(
                                    mouths,
                                    Mouth {
                                        stone: t,
                                        liberty: l,
                                    },
                                );
                            }
                        }
                    }
                }
            } else if color_of(c).is_some() && board.string_size(n) == 1 {
                if let Some(l) = mouth_liberty(board, n) {
                    push_mouth(
                        mouths,
                        Mouth {
                            stone: n,
                            liberty: l,
                        },
                    );
                }
            }
        }
        s = board.next_stone(s);
        if s == h {
            break;
        }
    }
}

fn push_mouth(mouths: &mut Vec<Mouth>, m: Mouth) {
    if mouths.len() < MAX_MOUTHS && !mouths.contains(&m) {
        mouths.push(m);
    }
}

/// The four points of a two-mouth complex, sorted and packed: a stable identity for
/// the complex while its kos flip back and forth.
pub(crate) fn complex_key(mouths: &[Mouth]) -> (u64, [usize; 4]) {
    let mut pts = [0usize; 4];
    for (k, m) in mouths.iter().take(2).enumerate() {
        pts[2 * k] = m.stone;
        pts[2 * k + 1] = m.liberty;
    }
    pts.sort_unstable();
    let key = pts
        .iter()
        .fold(0u64, |acc, &p| (acc << 16) | (p as u64 & 0xFFFF));
    (key, pts)
}

/// The colouring of the complex's points (2 bits a point), read on the board the
/// capture is played from.
pub(crate) fn colouring(board: &Board, pts: &[usize; 4]) -> u8 {
    pts.iter()
        .fold(0u8, |acc, &p| (acc << 2) | (board.cell(p) & 3))
}

#[cfg(test)]
mod kind_name_tests {
    use super::HotKind;

    /// A finding's text names the hot stone's kind as the JSON report does.
    #[test]
    fn hot_kinds_are_named_as_in_the_json() {
        for (kind, name) in [
            (HotKind::Single, "single"),
            (HotKind::Double, "double"),
            (HotKind::Twin, "twin"),
        ] {
            assert_eq!(kind.as_str(), name);
            assert_eq!(serde_json::to_string(&kind).unwrap(), format!("\"{name}\""));
        }
    }
}

#[cfg(test)]
mod shape_tests {
    use super::*;
    use crate::point::Point;

    /// A 9x9 board from rows of `X` (black), `O` (white) and `.`; row 0 is the top.
    fn board(rows: &[&str]) -> Board {
        let mut b = Board::new(9, 9).unwrap();
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                let color = match c {
                    'X' => Color::Black,
                    'O' => Color::White,
                    _ => continue,
                };
                b.add_stone(Point::new(x as u8, y as u8), color);
            }
        }
        b
    }

    fn at(b: &Board, x: u8, y: u8) -> usize {
        b.index(Point::new(x, y)).unwrap()
    }

    /// Two basic kos whose ko stones touch, with no other string adjacent to both: the
    /// white ko stone at (5,5) (liberty (5,6)) and the black one at (5,4) (liberty (5,3)).
    /// A ko stone is not a linking string (spec §1.8), so each mouth is its own complex.
    #[test]
    fn touching_ko_stones_do_not_link_their_mouths() {
        let b = board(&[
            ".........",
            ".........",
            ".....X...",
            "....X.X..",
            "....OXO..",
            "....XOX..",
            "....O.O..",
            ".....O...",
            ".........",
        ]);
        let white_ko = Mouth {
            stone: at(&b, 5, 5),
            liberty: at(&b, 5, 6),
        };
        let black_ko = Mouth {
            stone: at(&b, 5, 4),
            liberty: at(&b, 5, 3),
        };
        assert_eq!(mouth_liberty(&b, white_ko.stone), Some(white_ko.liberty));
        assert_eq!(mouth_liberty(&b, black_ko.stone), Some(black_ko.liberty));
        assert_eq!(ko_complex(&b, white_ko), vec![white_ko]);
        assert_eq!(ko_complex(&b, black_ko), vec![black_ko]);
    }

    /// A mouth is a single stone: a two-stone string in atari whose liberty a retake
    /// would fill is no ko (taking it captures two), while the same shape with one stone
    /// is. Here the liberty is the corner (0,0) and White's (0,1)-(0,2) keeps (0,3).
    #[test]
    fn a_two_stone_string_in_atari_is_no_mouth() {
        let single = board(&[".OX......", "OX.......", "O........"]);
        let pair = board(&[".OOX.....", "OXX......", "O........"]);
        let corner = at(&single, 0, 0);
        assert_eq!(mouth_liberty(&single, at(&single, 1, 0)), Some(corner));
        assert_eq!(mouth_liberty(&pair, at(&pair, 1, 0)), None);
        assert_eq!(mouth_liberty(&pair, at(&pair, 2, 0)), None);
    }

    /// A retake that would capture a friend of the ko stone as well is no ko: here White's
    /// (0,1) has no liberty but the corner, so Black's play there takes two stones. With a
    /// second liberty at (0,2) the friend survives the retake and the stone is a mouth.
    #[test]
    fn a_friend_with_no_other_liberty_spoils_the_mouth() {
        let friend_in_atari = board(&[".OX......", "OX.......", "X........"]);
        let friend_free = board(&[".OX......", "OX.......", "........."]);
        let corner = at(&friend_free, 0, 0);
        assert_eq!(
            mouth_liberty(&friend_in_atari, at(&friend_in_atari, 1, 0)),
            None
        );
        assert_eq!(
            mouth_liberty(&friend_free, at(&friend_free, 1, 0)),
            Some(corner)
        );
    }

    /// The key names the four points, whatever the order of the mouths and of their
    /// points; two different sets of points never share a key.
    #[test]
    fn complex_keys_tell_point_sets_apart() {
        let m = |stone, liberty| Mouth { stone, liberty };
        let sets = [
            [m(100, 101), m(200, 201)],
            [m(200, 201), m(100, 101)],
            [m(100, 102), m(200, 201)],
            [m(101, 100), m(200, 201)],
            [m(100, 101), m(200, 202)],
            [m(30, 31), m(2915, 2914)],
            [m(30, 31), m(2915, 2913)],
        ];
        let keys: Vec<_> = sets.iter().map(|s| complex_key(s)).collect();
        assert_eq!(keys[0].1, [100, 101, 200, 201]);
        assert_eq!(keys[5].1, [30, 31, 2914, 2915]);
        for (i, a) in keys.iter().enumerate() {
            for (j, b) in keys.iter().enumerate() {
                let same_points = a.1 == b.1;
                assert_eq!(a.0 == b.0, same_points, "sets {i} and {j}");
            }
        }
        // Orders of the same four points: 0, 1 and 3 hold {100, 101, 200, 201}.
        assert_eq!(keys[0].0, keys[1].0);
        assert_eq!(keys[0].0, keys[3].0);
        assert_ne!(keys[0].0, keys[2].0);
    }

    /// The colouring reads every one of the four points: changing any single point's
    /// colour changes it.
    #[test]
    fn colourings_tell_every_point_apart() {
        let mut b = Board::new(9, 9).unwrap();
        let points = [(0, 0), (2, 0), (4, 0), (6, 0)];
        let pts = points.map(|(x, y)| at(&b, x, y));
        let mut seen = std::collections::HashMap::new();
        // Every colouring of the four points (empty, black, white each): 81 of them.
        for code in 0..81u32 {
            let mut c = code;
            for &(x, y) in &points {
                let p = Point::new(x, y);
                b.clear_point(p);
                match c % 3 {
                    1 => b.add_stone(p, Color::Black),
                    2 => b.add_stone(p, Color::White),
                    _ => {}
                }
                c /= 3;
            }
            if let Some(other) = seen.insert(colouring(&b, &pts), code) {
                panic!("colourings {other} and {code} share a value");
            }
        }
        assert_eq!(seen.len(), 81);
    }
}
