//! Reads every file of `../shared/corpus` (the development corpus; a user's checkout
//! has none, so the test is ignored unless asked for: `cargo test -- --ignored`) and
//! compares, file by file, the number of game trees and of main-line moves with the
//! independent sgfmill oracle (`../shared/tools/oracle-dev.jsonl`).

#[path = "common/shared.rs"]
mod common_shared;
use common_shared::{sgf_files, shared};

use goref_core::read::{read, ReadOptions};
use std::collections::HashMap;
use std::path::Path;

/// Fewer compared files means the corpus or the oracle file lost data, not a pass.
const COMPARED_FLOOR: usize = 4000;

/// Files where goref legitimately differs from the oracle, and why.
const EXCEPTIONS: &[(&str, &str)] = &[
    (
        "corpus/test-libsgfcplusplus/encoding-utf16-nobom.sgf",
        "UTF-16 without BOM: goref recognises it by its NUL pattern; sgfmill finds no SGF data",
    ),
    (
        "corpus/test-libsgfcplusplus/escaping.sgf",
        "sgfmill fails on it (ValueError: too many values to unpack); goref reads it",
    ),
    (
        "corpus/test-littlego-d/19x19/Fuego_vs._Fuego.sgf",
        "truncated file: sgfmill stops (unexpected end of data); goref reads the moves up to the cut and reports the unclosed tree",
    ),
];

struct Oracle {
    games: Option<u64>,
    moves: Option<u64>,
}

fn load_oracle(path: &Path) -> HashMap<String, Oracle> {
    let text = std::fs::read_to_string(path).expect("oracle file");
    text.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .map(|v| {
            let file = v["file"].as_str().unwrap_or_default().to_owned();
            let o = Oracle {
                games: v["games_in_file"].as_u64(),
                moves: v["moves"].as_u64(),
            };
            (file, o)
        })
        .collect()
}

#[test]
#[ignore = "needs ../shared (the development corpus)"]
fn every_corpus_file_reads_like_the_oracle() {
    let corpus = shared().join("corpus");
    let oracle_path = shared().join("tools/oracle-dev.jsonl");
    let oracle = load_oracle(&oracle_path);
    let files = sgf_files(&corpus);
    assert!(files.len() > 4000, "corpus has {} files", files.len());
    let exceptions: HashMap<&str, &str> = EXCEPTIONS.iter().copied().collect();
    let opts = ReadOptions::default();
    let mut mismatches = Vec::new();
    let mut compared = 0;
    for path in &files {
        let bytes = std::fs::read(path).expect("readable");
        let fr = read(&bytes, &opts);
        let key = format!(
            "corpus/{}",
            path.strip_prefix(&corpus).unwrap().to_string_lossy()
        );
        if fr.games.is_empty() {
            assert!(
                !fr.file_findings.is_empty(),
                "{key}: no game and no finding"
            );
        }
        let Some(o) = oracle.get(&key) else { continue };
        let ours_games = fr.games.len() as u64;
        let ours_moves = fr.games.first().map(|g| g.moves().count() as u64);
        let same = o.games == Some(ours_games) && o.moves == ours_moves;
        if exceptions.contains_key(key.as_str()) {
            assert!(
                !same,
                "{key} is listed as an exception but now agrees: remove it"
            );
            continue;
        }
        if o.games.is_none() && o.moves.is_none() {
            // Neither reads a game (an empty file): that is agreement.
            if !fr.games.is_empty() {
                mismatches.push(format!(
                    "{key}: oracle cannot read it, goref reads {ours_games} game(s); not listed as an exception"
                ));
            }
            continue;
        }
        compared += 1;
        if !same {
            mismatches.push(format!(
                "{key}: games {ours_games} vs oracle {:?}, moves {ours_moves:?} vs oracle {:?}",
                o.games, o.moves
            ));
        }
    }
    println!("compared {compared} files with the oracle");
    assert!(compared >= COMPARED_FLOOR, "only {compared} files compared");
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}
