//! The engine against a deliberately naive reference written here: captures by flood
//! fill, history as a Vec of whole boards searched linearly. Random games (10,000 in
//! all) on 2x2..9x9 squares and rectangles, with passes, occupied points, off-board
//! moves, alternation errors and setup (root and mid-game).

use goref::board::Zobrist;
use goref::engine::{Engine, MoveFacts};
use goref::point::{Color, Move, Point};
use proptest::prelude::*;

/// A tiny deterministic generator (xorshift64*), so one proptest case can play many
/// games cheaply.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The naive reference.
struct Naive {
    w: usize,
    h: usize,
    /// 0 empty, 1 black, 2 white; row-major.
    cells: Vec<u8>,
    /// (board, player to move, move number, colour of the play that created it).
    hist: Vec<HistEntry>,
    prisoners: [u32; 2],
}

#[derive(Debug, PartialEq)]
struct Step {
    captured: Vec<Point>,
    self_removed: u32,
    psk: Option<u32>,
    ssk: Option<u32>,
    nssk: Option<u32>,
}

fn stone(c: Color) -> u8 {
    c.index() as u8 + 1
}

impl Naive {
    fn new(w: usize, h: usize) -> Naive {
        Naive {
            w,
            h,
            cells: vec![0; w * h],
            hist: Vec::new(),
            prisoners: [0; 2],
        }
    }

    fn neighbours(&self, i: usize) -> Vec<usize> {
        let (x, y) = (i % self.w, i / self.w);
        let mut v = Vec::new();
        if x > 0 {
            v.push(i - 1);
        }
        if x + 1 < self.w {
            v.push(i + 1);
        }
        if y > 0 {
            v.push(i - self.w);
        }
        if y + 1 < self.h {
            v.push(i + self.w);
        }
        v
    }

    /// The string at `i` and whether it has a liberty.
    fn string(&self, i: usize) -> (Vec<usize>, bool) {
        let c = self.cells[i];
        let mut seen = vec![false; self.cells.len()];
        let mut stack = vec![i];
        let mut out = Vec::new();
        let mut free = false;
        seen[i] = true;
        while let Some(s) = stack.pop() {
            out.push(s);
            for n in self.neighbours(s) {
                if self.cells[n] == 0 {
                    free = true;
                } else if self.cells[n] == c && !seen[n] {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        (out, free)
    }

    fn point(&self, i: usize) -> Point {
        Point::new((i % self.w) as u8, (i / self.w) as u8)
    }

    fn record(&mut self, to_move: Color, number: u32, by: Option<Color>) -> Step {
        let board = self.cells.clone();
        let first = |f: &dyn Fn(&HistEntry) -> bool| {
            self.hist.iter().find(|e| e.0 == board && f(e)).map(|e| e.2)
        };
        let step = Step {
            captured: vec![],
            self_removed: 0,
            psk: first(&|_| true),
            ssk: first(&|e| e.1 == stone(to_move)),
            nssk: by.and_then(|c| first(&|e| e.3 == Some(stone(c)))),
        };
        self.hist
            .push((board, stone(to_move), number, by.map(stone)));
        step
    }

    fn play(&mut self, c: Color, p: Point, number: u32) -> Step {
        let i = p.y as usize * self.w + p.x as usize;
        self.cells[i] = stone(c); // replaces whatever stood there
        let mut captured = Vec::new();
        for n in self.neighbours(i) {
            if self.cells[n] == stone(c.opponent()) {
                let (group, free) = self.string(n);
                if !free {
                    for s in group {
                        self.cells[s] = 0;
                        captured.push(self.point(s));
                    }
                }
            }
        }
        let (own, free) = self.string(i);
        let mut self_removed = 0;
        if !free {
            for s in own {
                self.cells[s] = 0;
                self_removed += 1;
            }
        }
        self.prisoners[c.index()] += captured.len() as u32;
        self.prisoners[c.opponent().index()] += self_removed;
        let mut step = self.record(c.opponent(), number, Some(c));
        captured.sort();
        step.captured = captured;
        step.self_removed = self_removed;
        step
    }
}

fn step_of(f: &MoveFacts) -> Step {
    let mut captured = f.captured.clone();
    captured.sort();
    Step {
        captured,
        self_removed: f.self_removed,
        psk: f.psk,
        ssk: f.ssk,
        nssk: f.nssk,
    }
}

const SIZES: &[(u8, u8)] = &[
    (5, 5),
    (6, 6),
    (7, 7),
    (8, 8),
    (9, 9),
    (5, 7),
    (9, 6),
    (3, 8),
    (2, 2),
    (3, 3),
    (4, 4),
    (2, 5),
];

#[derive(Default)]
struct Tally {
    moves: u64,
    psk: u64,
    ssk: u64,
    captures: u64,
}

fn random_points(rng: &mut Rng, w: u8, h: u8, n: u64) -> Vec<Point> {
    (0..rng.below(n + 1))
        .map(|_| Point::new(rng.below(w as u64) as u8, rng.below(h as u64) as u8))
        .collect()
}

/// Plays one random game on the engine and the reference and compares every step.
fn game(seed: u64, zobrist: Option<fn(Point, Color) -> u64>, max_moves: u64, tally: &mut Tally) {
    let mut rng = Rng::new(seed);
    let (w, h) = SIZES[rng.below(SIZES.len() as u64) as usize];
    let mut engine = match zobrist {
        Some(f) => Engine::with_zobrist(Zobrist::from_fn(w, h, f)).unwrap(),
        None => Engine::new(w, h).unwrap(),
    };
    let mut naive = Naive::new(w as usize, h as usize);
    let mut color = Color::Black;
    let sync = |engine: &Engine, naive: &Naive, ctx: &str| {
        let pos = engine.position();
        let cells: Vec<u8> = pos
            .cells
            .iter()
            .map(|c| c.map_or(0, |c| c.index() as u8 + 1))
            .collect();
        assert_eq!(cells, naive.cells, "board differs ({ctx}, seed {seed})");
        assert_eq!(engine.captures(), naive.prisoners, "prisoners ({ctx})");
    };
    let place = |naive: &mut Naive, b: &[Point], wh: &[Point], clear: &[Point]| {
        let w = naive.w;
        for p in clear {
            naive.cells[p.y as usize * w + p.x as usize] = 0;
        }
        for p in b {
            naive.cells[p.y as usize * w + p.x as usize] = 1;
        }
        for p in wh {
            naive.cells[p.y as usize * w + p.x as usize] = 2;
        }
    };
    if rng.below(4) == 0 {
        let (b, wh) = (
            random_points(&mut rng, w, h, 6),
            random_points(&mut rng, w, h, 6),
        );
        color = if rng.below(2) == 0 {
            Color::Black
        } else {
            Color::White
        };
        engine.setup(&b, &wh, &[], color);
        place(&mut naive, &b, &wh, &[]);
        naive.record(color, 0, None);
        sync(&engine, &naive, "root setup");
    }
    let moves = 10 + rng.below(max_moves);
    for number in 1..=moves as u32 {
        let roll = rng.below(100);
        if roll < 1 {
            // Mid-game setup.
            let (b, wh, cl) = (
                random_points(&mut rng, w, h, 2),
                random_points(&mut rng, w, h, 2),
                random_points(&mut rng, w, h, 2),
            );
            engine.setup(&b, &wh, &cl, color);
            place(&mut naive, &b, &wh, &cl);
            naive.record(color, number - 1, None);
            sync(&engine, &naive, "setup");
        }
        // The engine takes the first position it sees as the initial one: a setup
        // before any move, or else the board before the first move.
        if naive.hist.is_empty() {
            naive.record(color, 0, None);
        }
        let point = Point::new(rng.below(w as u64) as u8, rng.below(h as u64) as u8);
        let step = if roll < 6 {
            let f = engine.play(color, Move::Pass, number);
            assert!(f.psk.is_none() && f.captured.is_empty());
            naive.record(color.opponent(), number, None);
            None
        } else if roll < 7 {
            // Off the board: replayed as a pass.
            let f = engine.play(color, Move::Play(Point::new(w, 0)), number);
            assert!(f.off_board);
            naive.record(color.opponent(), number, None);
            None
        } else {
            // Mostly empty points; the rest may hit an occupied point.
            let mut p = point;
            if roll >= 10 {
                for _ in 0..8 {
                    if naive.cells[p.y as usize * w as usize + p.x as usize] == 0 {
                        break;
                    }
                    p = Point::new(rng.below(w as u64) as u8, rng.below(h as u64) as u8);
                }
            }
            let f = engine.play(color, Move::Play(p), number);
            let expected = naive.play(color, p, number);
            Some((step_of(&f), expected))
        };
        if let Some((got, want)) = step {
            assert_eq!(got, want, "move {number} (seed {seed}, {w}x{h})");
            tally.psk += got.psk.is_some() as u64;
            tally.ssk += got.ssk.is_some() as u64;
            tally.captures += got.captured.len() as u64;
        }
        tally.moves += 1;
        sync(&engine, &naive, "move");
        // Mostly alternate; sometimes the same colour moves twice.
        if rng.below(30) != 0 {
            color = color.opponent();
        }
    }
}

proptest! {
    // 250 cases x 40 games = 10,000 random games.
    #![proptest_config(ProptestConfig::with_cases(250))]
    #[test]
    fn engine_matches_naive_reference(seed in any::<u64>()) {
        let mut tally = Tally::default();
        for g in 0..40u64 {
            game(seed.wrapping_add(g.wrapping_mul(0x9E37_79B9_7F4A_7C15)), None, 150, &mut tally);
        }
    }
}

#[test]
fn random_games_do_exercise_repetitions() {
    let mut tally = Tally::default();
    for g in 0..300 {
        game(g, None, 300, &mut tally);
    }
    assert!(tally.moves > 30_000);
    assert!(tally.captures > 1_000, "captures {}", tally.captures);
    assert!(tally.psk > 100, "psk {}", tally.psk);
    assert!(tally.ssk > 50, "ssk {}", tally.ssk);
}

/// Every position hashes to the same value: every lookup is a collision, and only the
/// full comparison separates boards. No false verdict, and true repetitions are still
/// found (the comparison with the naive reference covers both).
#[test]
fn forced_zobrist_collisions_give_no_false_verdicts() {
    let mut tally = Tally::default();
    for g in 0..300 {
        game(1_000_000 + g, Some(|_, _| 0), 120, &mut tally);
    }
    assert!(
        tally.psk > 50,
        "true repetitions are still found: {}",
        tally.psk
    );
    // Two hash values only: collisions between some boards, not all.
    let mut tally = Tally::default();
    for g in 0..200 {
        game(
            2_000_000 + g,
            Some(|p, _| (p.x as u64 & 1) << 40),
            120,
            &mut tally,
        );
    }
    assert!(tally.psk > 30);
}

/// One entry of `Naive::hist`.
type HistEntry = (Vec<u8>, u8, u32, Option<u8>);
