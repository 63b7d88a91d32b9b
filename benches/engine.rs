//! Engine throughput: replays the main lines of the corpus games through
//! `Engine::play` + `MoveFacts::judge` (Simplified Ing, positional superko) and reports moves/s.
//!
//! The SGF extraction here is a minimal byte scan (SZ, and B/W move values of the
//! main line, i.e. up to the first variation); the real reader comes later.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use goref_core::point::{Color, Move, Point};
use goref_core::replay::Engine;
use goref_core::rules::Rules;
use std::path::Path;

struct Game {
    size: u8,
    moves: Vec<(Color, Move)>,
}

/// The index of the `]` closing a value that starts after `open`, skipping `\` escapes.
fn value_end(text: &[u8], open: usize) -> Option<usize> {
    let mut j = open + 1;
    while j < text.len() {
        match text[j] {
            b'\\' => j += 2,
            b']' => return Some(j),
            _ => j += 1,
        }
    }
    None
}

/// Main-line moves and SZ of one SGF text; None when unusable. The main line is
/// everything up to the first `)`: at each fork the first variation is the main line.
fn extract(text: &[u8]) -> Option<Game> {
    let mut size = 19u8;
    let mut moves = Vec::new();
    let mut i = 0;
    while i < text.len() {
        match text[i] {
            b')' => break,
            b'[' => {
                let end = value_end(text, i)?;
                let value = &text[i + 1..end];
                let ident_start = text[..i]
                    .iter()
                    .rposition(|c| !c.is_ascii_uppercase())
                    .map_or(0, |p| p + 1);
                match &text[ident_start..i] {
                    b"SZ" => {
                        let s = std::str::from_utf8(value).ok()?;
                        size = s.split(':').next()?.trim().parse().ok()?;
                    }
                    ident @ (b"B" | b"W") => {
                        let color = if ident == b"B" {
                            Color::Black
                        } else {
                            Color::White
                        };
                        moves.push((color, parse_move(value, size)?));
                    }
                    _ => {}
                }
                i = end;
            }
            _ => {}
        }
        i += 1;
    }
    (1..=52).contains(&size).then_some(Game { size, moves })
}

/// `[]` and `[tt]` (on boards up to 19) are passes.
fn parse_move(value: &[u8], size: u8) -> Option<Move> {
    match value {
        [] => Some(Move::Pass),
        [x, y] => {
            let p = Point::new(
                Point::coord_of_sgf_letter(*x)?,
                Point::coord_of_sgf_letter(*y)?,
            );
            Some(if size <= 19 && p.x == 19 && p.y == 19 {
                Move::Pass
            } else {
                Move::Play(p)
            })
        }
        _ => None,
    }
}

fn load_corpus() -> Vec<Game> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let mut games = Vec::new();
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "sgf") {
                if let Some(g) = std::fs::read(&path).ok().and_then(|t| extract(&t)) {
                    if !g.moves.is_empty() {
                        games.push(g);
                    }
                }
            }
        }
    }
    games
}

/// Replays every game; returns the number of verdicts (so nothing is optimised away).
fn replay_all(games: &[Game], rules: &Rules) -> usize {
    let mut flagged = 0;
    for g in games {
        let Ok(mut engine) = Engine::new(g.size, g.size) else {
            continue;
        };
        for (k, &(color, mv)) in g.moves.iter().enumerate() {
            let facts = engine.play(color, mv, k as u32 + 1);
            flagged += facts.judge(rules).is_some() as usize;
        }
    }
    flagged
}

/// A hostile record, timed once: a million random moves on a `side` x `side` board,
/// always on an empty point (almost every position new), judged under positional superko. Prints the time and
/// the history's memory.
fn hostile(side: u8) {
    let Ok(mut engine) = Engine::new(side, side) else {
        return;
    };
    let rules = Rules::named("simplified-ing").expect("preset");
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut color = Color::Black;
    let mut flagged = 0usize;
    let start = std::time::Instant::now();
    for n in 1..=1_000_000u32 {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        let r = state.wrapping_mul(0x2545_F491_4F6C_DD1D);
        // The first empty point from a random start, so nearly every move changes
        // the board (the worst case for the history's memory).
        let points = side as usize * side as usize;
        let start = (r % points as u64) as usize;
        let mv = (0..points)
            .map(|k| (start + k) % points)
            .map(|k| Point::new((k % side as usize) as u8, (k / side as usize) as u8))
            .find(|&p| engine.stone_at(p).is_none())
            .map_or(Move::Pass, Move::Play);
        let facts = engine.play(color, mv, n);
        flagged += facts.judge(&rules).is_some() as usize;
        color = color.opponent();
    }
    eprintln!(
        "engine hostile {side}x{side}: 1,000,000 moves in {:.2?}, history {} MiB, {flagged} flagged",
        start.elapsed(),
        engine.history_bytes() >> 20
    );
}

/// CPU seconds this thread has used (Linux `/proc/thread-self/stat`, 100 Hz ticks);
/// None elsewhere. Unlike wall time it does not count time lost to other processes
/// on a shared machine.
fn thread_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    let after_name = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 here.
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

fn bench(c: &mut Criterion) {
    hostile(19);
    hostile(52);
    let games = load_corpus();
    if games.is_empty() {
        eprintln!("engine bench: ../shared/corpus not found or empty; skipping");
        return;
    }
    let moves: usize = games.iter().map(|g| g.moves.len()).sum();
    eprintln!("engine bench: {} games, {} moves", games.len(), moves);
    let rules = Rules::named("simplified-ing").expect("preset");
    if let Some(t0) = thread_cpu_seconds() {
        let rounds = 40;
        for _ in 0..rounds {
            std::hint::black_box(replay_all(&games, &rules));
        }
        if let Some(t1) = thread_cpu_seconds() {
            let cpu = t1 - t0;
            eprintln!(
                "engine bench: {rounds} rounds in {cpu:.2} s CPU = {:.1} M moves per CPU second",
                (rounds * moves) as f64 / cpu / 1e6
            );
        }
    }
    let mut group = c.benchmark_group("engine");
    group.throughput(Throughput::Elements(moves as u64));
    group.sample_size(20);
    group.bench_function("replay_corpus_psk", |b| {
        b.iter(|| replay_all(&games, &rules))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
