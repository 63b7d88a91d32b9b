//! Dev harness: how often does the estimated count agree with the recorded result?
//!
//! For every game of the corpus whose RE is a count (B+x / W+x) and whose final node marks no
//! dead stones: replay it with the referee, estimate dead stones and seki on the position the
//! referee scores, count it the way the record's source counted (src/count/convention.rs), and
//! compare winner and exact margin with RE, per sub-folder and per convention, beside GNU Go's
//! aftermath score from the oracle file.
//!
//! Usage: cargo run --release --example result_eval [CORPUS_DIR [ORACLE_JSONL]] [--list]
//! `--list` prints every disagreement (file, RE, counts) for reading by hand.

use goref_core::internal::count::convention;
use goref_core::internal::count::estimate::estimate;
use goref_core::internal::count::options::RefereeOptions;
use goref_core::internal::count::reading::marked_dead;
use goref_core::internal::count::referee;
use goref_core::internal::count::score::{count_area, teire_points};
use goref_core::internal::read::reader::{read, ReadOptions};
use goref_core::internal::read::result::{parse_re, ResultKind};
use goref_core::point::Color;
use goref_core::rules::Scoring;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

#[derive(Default)]
struct Tally {
    n: u32,
    winner: u32,
    exact: u32,
    as_is_winner: u32,
    gnugo_n: u32,
    gnugo_winner: u32,
    gnugo_exact: u32,
    marked: u32,
    /// Exact agreement of each way of counting, to find a source's convention.
    alt_exact: [u32; 6],
    not_a_count: u32,
}

const ALT_NAMES: [&str; 6] = [
    "area",
    "territory",
    "area-winner-minus-1",
    "area-komi-as-is",
    "area-komi-minus-1",
    "terr-komi-minus-1",
];

/// GNU Go's area margin plus komi per file name (its count before komi).
fn gnugo(oracle: &Path) -> HashMap<String, f64> {
    let mut out = HashMap::new();
    let Ok(text) = std::fs::read_to_string(oracle) else {
        eprintln!(
            "no oracle file at {}: GNU Go columns stay empty",
            oracle.display()
        );
        return out;
    };
    for line in text.lines() {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let Some(mpk) = v["gnugo"]["margin_plus_komi"].as_f64() else {
            continue;
        };
        let name = v["file"]
            .as_str()
            .unwrap_or("")
            .rsplit('/')
            .next()
            .unwrap_or("");
        out.insert(name.to_string(), mpk);
    }
    out
}

fn winner_of(black_margin: f64) -> Option<Color> {
    if black_margin > 1e-9 {
        Some(Color::Black)
    } else if black_margin < -1e-9 {
        Some(Color::White)
    } else {
        None
    }
}

fn re_text(black_margin: f64) -> String {
    match winner_of(black_margin) {
        Some(c) => format!("{}+{}", c.letter(), black_margin.abs()),
        None => "0".into(),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let list = args.iter().any(|a| a == "--list");
    // `--show NAME`: print the estimate of the games whose file name contains NAME.
    let show = args
        .iter()
        .position(|a| a == "--show")
        .and_then(|i| args.get(i + 1))
        .cloned();
    let positional: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|(i, a)| !a.starts_with("--") && (*i == 0 || args[i - 1] != "--show"))
        .map(|(_, a)| a)
        .collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = positional
        .first()
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared/corpus"));
    let oracle = positional
        .get(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared/tools/oracle-dev.jsonl"));
    if !corpus.is_dir() {
        eprintln!("no corpus at {}: nothing to measure", corpus.display());
        return;
    }
    let gg = gnugo(&oracle);
    let inputs =
        goref_core::batch::collect_inputs(&[&corpus], &goref_core::batch::InputOptions::default())
            .unwrap_or_default();
    let mut per: BTreeMap<String, Tally> = BTreeMap::new();
    let mut estimate_ns = 0u128;
    let mut estimates = 0u32;
    for input in &inputs {
        let goref_core::batch::Input::File(path) = input else {
            continue;
        };
        let Ok(bytes) = input.read() else { continue };
        let rel = path.strip_prefix(&corpus).unwrap_or(path);
        let folder = rel
            .components()
            .next()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .unwrap_or_default();
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        for record in read(&bytes, &ReadOptions::default()).games {
            let Some(re) = record.info.result.as_deref() else {
                continue;
            };
            let parsed = parse_re(re);
            let (Some(re_winner), ResultKind::Score(re_margin)) = (parsed.winner(), &parsed.kind)
            else {
                continue;
            };
            let conv = convention::detect(&record);
            let conv_name = conv
                .as_ref()
                .map_or("none", |d| d.convention.id)
                .to_string();
            if *re_margin == 0.0
                && conv
                    .as_ref()
                    .is_some_and(|d| d.convention.zero_margin_is_not_a_count)
            {
                for key in [
                    folder.clone(),
                    format!("conv:{conv_name}"),
                    "ALL".to_string(),
                ] {
                    per.entry(key).or_default().not_a_count += 1;
                }
                continue;
            }
            let r = referee(&record, &RefereeOptions::default());
            let position = &r.judged.scored_position;
            let marked = !marked_dead(&record, position).is_empty();
            let started = std::time::Instant::now();
            let est = estimate(position);
            estimate_ns += started.elapsed().as_nanos();
            estimates += 1;
            let dead = est.dead_stones();
            if show.as_deref().is_some_and(|n| name.contains(n)) {
                print_estimate(position, &est);
            }
            let Ok(area) = count_area(position, &dead) else {
                continue;
            };
            let Ok(as_is) = count_area(position, &[]) else {
                continue;
            };
            let reading =
                convention::reading_for(conv.as_ref(), &record, &r.judged.selection.rules);
            let komi = reading.komi(&record, r.judged.komi.value);
            let bonus = reading.handicap_compensation.points(r.judged.handicap);
            let area_margin = area.black.area as f64 - area.white.area as f64 - komi - bonus;
            let as_is_margin = as_is.black.area as f64 - as_is.white.area as f64 - komi - bonus;
            // Territory: empty points each side owns (seki points nobody's) plus prisoners:
            // stones captured in play and dead stones taken off at the end.
            let mut terr = [0f64; 2];
            for (i, owner) in est.owner.iter().enumerate() {
                if let Some(c) = owner {
                    if position.cells[i] != Some(*c) {
                        terr[c.index()] += 1.0;
                    }
                }
            }
            for p in &dead {
                if let Some(c) = position.get(*p) {
                    terr[c.opponent().index()] += 1.0;
                }
            }
            // The dame are filled before a territory count: strings left in atari are
            // connected inside their own territory (as `goref check` counts).
            let teire = teire_points(position, &area, &est.seki_stones());
            for c in [Color::Black, Color::White] {
                terr[c.index()] -= f64::from(teire[c.index()]);
            }
            let territory_margin = terr[0] + r.judged.captures[0] as f64
                - terr[1]
                - r.judged.captures[1] as f64
                - komi
                - bonus;
            let margin = match reading.counting {
                Scoring::Area => area_margin,
                Scoring::Territory => territory_margin,
            };
            let dame = area.neutral as f64;
            let to_loser = if area_margin > 0.0 {
                area_margin - 1.0
            } else {
                area_margin + 1.0
            };
            let komi_as_is = area_margin + komi - r.judged.komi.value;
            let alts = [
                area_margin,
                territory_margin,
                to_loser,
                komi_as_is,
                area_margin + 1.0,
                territory_margin + 1.0,
            ];
            let re_black = if re_winner == Color::Black {
                *re_margin
            } else {
                -*re_margin
            };
            let ok_winner = winner_of(margin) == Some(re_winner);
            let ok_exact = (margin - re_black).abs() < 1e-9;
            for key in [
                folder.clone(),
                format!("conv:{conv_name}"),
                "ALL".to_string(),
            ] {
                let t = per.entry(key).or_default();
                if marked {
                    t.marked += 1;
                    continue;
                }
                t.n += 1;
                for (k, alt) in alts.iter().enumerate() {
                    t.alt_exact[k] += ((alt - re_black).abs() < 1e-9) as u32;
                }
                t.winner += ok_winner as u32;
                t.exact += ok_exact as u32;
                t.as_is_winner += (winner_of(as_is_margin) == Some(re_winner)) as u32;
                // GNU Go's area count with the komi this record's convention reads.
                if let Some(&mpk) = gg.get(&name) {
                    let m = mpk - komi;
                    t.gnugo_n += 1;
                    t.gnugo_winner += (winner_of(m) == Some(re_winner)) as u32;
                    t.gnugo_exact += ((m - re_black).abs() < 1e-9) as u32;
                }
            }
            if list && !marked && !ok_exact {
                let unclear: Vec<String> = est
                    .unclear(0.8)
                    .map(|s| format!("{}{}:{:?}", s.color.letter(), s.stones[0].sgf(), s.status))
                    .collect();
                println!(
                    "{} {rel}  RE {re}  est-area {} est-terr {} as-is {} gnugo {:?}  conv {conv_name} dead {} dame {dame} unclear [{}]",
                    if ok_winner { "margin " } else { "WINNER " },
                    re_text(area_margin),
                    re_text(territory_margin),
                    re_text(as_is_margin),
                    gg.get(&name).map(|&mpk| re_text(mpk - komi)),
                    dead.len(),
                    unclear.join(" "),
                    rel = rel.display(),
                );
            }
        }
    }
    println!(
        "{:32} {:>4} {:>6} {:>7} {:>7} {:>7} {:>6}  gnugo: {:>4} {:>7} {:>7}",
        "folder / convention",
        "n",
        "marked",
        "winner",
        "exact",
        "as-is-w",
        "B+0",
        "n",
        "winner",
        "exact"
    );
    let pct = |a: u32, b: u32| {
        if b == 0 {
            0.0
        } else {
            100.0 * a as f64 / b as f64
        }
    };
    for (k, t) in &per {
        println!(
            "{:32} {:4} {:6} {:6.1}% {:6.1}% {:6.1}% {:6}  gnugo: {:4} {:6.1}% {:6.1}%",
            k,
            t.n,
            t.marked,
            pct(t.winner, t.n),
            pct(t.exact, t.n),
            pct(t.as_is_winner, t.n),
            t.not_a_count,
            t.gnugo_n,
            pct(t.gnugo_winner, t.gnugo_n),
            pct(t.gnugo_exact, t.gnugo_n),
        );
    }
    println!("\nexact agreement per way of counting (to find each source's convention):");
    for (k, t) in &per {
        let cols: Vec<String> = ALT_NAMES
            .iter()
            .zip(t.alt_exact)
            .map(|(name, n)| format!("{name} {:.1}%", pct(n, t.n)))
            .collect();
        println!("{:32} {}", k, cols.join("  "));
    }
    if estimates > 0 {
        println!(
            "estimate: {estimates} positions, mean {:.1} µs (wall clock, loaded machine)",
            estimate_ns as f64 / estimates as f64 / 1000.0
        );
    }
}

/// The board with each stone's status: X/O alive, x/o dead, # and @ seki; empty points as their
/// owner (b, w) or `.` for dame.
fn print_estimate(
    position: &goref_core::internal::replay::position::Position,
    est: &goref_core::internal::count::estimate::Estimate,
) {
    use goref_core::internal::count::estimate::StoneStatus;
    let mut status = vec![None; position.cells.len()];
    for s in &est.strings {
        for p in &s.stones {
            status[position.index(*p)] = Some((s.status, s.confidence));
        }
    }
    for y in 0..position.height as usize {
        let row: String = (0..position.width as usize)
            .map(|x| {
                let i = y * position.width as usize + x;
                match (position.cells[i], status[i]) {
                    (Some(Color::Black), Some((StoneStatus::Alive, _))) => 'X',
                    (Some(Color::White), Some((StoneStatus::Alive, _))) => 'O',
                    (Some(Color::Black), Some((StoneStatus::Dead, _))) => 'x',
                    (Some(Color::White), Some((StoneStatus::Dead, _))) => 'o',
                    (Some(Color::Black), _) => '#',
                    (Some(Color::White), _) => '@',
                    (None, _) => match est.owner[i] {
                        Some(Color::Black) => 'b',
                        Some(Color::White) => 'w',
                        None => '.',
                    },
                }
            })
            .flat_map(|c| [c, ' '])
            .collect();
        println!("{row}");
    }
}
