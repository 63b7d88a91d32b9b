//! Differential test of the replay against the independent sgfmill oracle
//! (`../shared/tools/oracle-dev.jsonl`): for every corpus file the oracle reads, goref
//! must agree on captures by each colour, on the first move played on an occupied
//! point, and on the first move that recreates an earlier position (positional
//! superko). Also: Ing fill-in counting equals the area margin on every game.
//! Ignored unless asked for (`cargo test -- --ignored`): `../shared` exists only in the
//! development checkout.

use crate::check::RefereeOptions;
use crate::count::referee;
use crate::findings::Code;
use crate::read::{read, ReadOptions};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// `../shared` beside the checkout (as tests/common/shared.rs at the top). Panics,
/// saying why, when it is absent: an ignored test run by hand without the corpus must
/// fail rather than pass having compared nothing.
fn shared() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared");
    assert!(
        dir.join("corpus").is_dir() && dir.join("tools/oracle-dev.jsonl").is_file(),
        "{} (corpus/ and tools/oracle-dev.jsonl) is absent: this test needs the development corpus",
        dir.display()
    );
    dir
}

fn oracle_lines() -> Vec<Value> {
    let path = shared().join("tools/oracle-dev.jsonl");
    let text = std::fs::read_to_string(&path).expect("the oracle file is readable");
    text.lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

/// Positional superko, suicide allowed: the oracle's replay rules (spec-free, as played).
fn psk_options() -> RefereeOptions {
    RefereeOptions {
        rules: Some("tromp-taylor".into()),
        count_as_is: true,
        ..RefereeOptions::default()
    }
}

fn first_move_with(findings: &[crate::findings::Finding], code: Code) -> Option<u64> {
    findings
        .iter()
        .filter(|f| f.code == code)
        .filter_map(|f| f.move_number)
        .map(u64::from)
        .min()
}

#[test]
#[ignore = "needs ../shared (the development corpus)"]
fn captures_occupied_points_and_repetitions_agree_with_the_oracle() {
    let lines = oracle_lines();
    let (mut compared, mut repeats, mut occupied) = (0, 0, 0);
    let mut disagreements = Vec::new();
    for o in &lines {
        if o.get("error").is_some() {
            continue;
        }
        let file = o["file"].as_str().unwrap();
        let bytes = std::fs::read(shared().join(file)).unwrap();
        let read = read(&bytes, &ReadOptions::default());
        let Some(game) = read.games.first() else {
            disagreements.push(format!("{file}: no game read"));
            continue;
        };
        let r = referee(game, &psk_options());
        let illegal_kinds = &o["illegal_counts"];
        // The oracle skips moves on occupied or off-board points where goref replaces
        // the stone or passes, and it does not count suicided stones as captures:
        // after any of these the two replays legitimately part ways.
        let same_semantics = illegal_kinds.get("occupied").is_none()
            && illegal_kinds.get("bad_point").is_none()
            && o["suicide_stones"].as_u64() == Some(0);
        if same_semantics {
            let theirs = (o["captures"]["b"].as_u64(), o["captures"]["w"].as_u64());
            let ours = (
                Some(r.judged.captures[0] as u64),
                Some(r.judged.captures[1] as u64),
            );
            if theirs != ours {
                disagreements.push(format!(
                    "{file}: captures oracle {theirs:?}, goref {ours:?}"
                ));
            }
            let theirs = o["first_repeat_move"].as_u64();
            let ours = first_move_with(&r.judged.findings, Code::PositionalSuperko);
            if theirs != ours {
                disagreements.push(format!(
                    "{file}: first repetition oracle {theirs:?}, goref {ours:?}"
                ));
            }
            repeats += usize::from(theirs.is_some());
            compared += 1;
        }
        if o["first_illegal"]["kind"] == "occupied" {
            let theirs = o["first_illegal"]["move"].as_u64();
            let ours = first_move_with(&r.judged.findings, Code::OccupiedPoint);
            if theirs != ours {
                disagreements.push(format!(
                    "{file}: first occupied point oracle {theirs:?}, goref {ours:?}"
                ));
            }
            occupied += 1;
        }
    }
    eprintln!(
        "compared {compared} files ({repeats} with repetitions), {occupied} with occupied points"
    );
    assert!(compared >= 4000, "only {compared} files compared");
    assert!(
        disagreements.is_empty(),
        "{} disagreements:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
}

#[test]
#[ignore = "needs ../shared (the development corpus)"]
fn fill_in_counting_equals_the_area_margin_on_every_corpus_game() {
    let lines = oracle_lines();
    let (mut checked, mut unfinished) = (0, 0);
    for o in &lines {
        let Some(file) = o["file"].as_str() else {
            continue;
        };
        let Ok(bytes) = std::fs::read(shared().join(file)) else {
            continue;
        };
        for game in read(&bytes, &ReadOptions::default())
            .games
            .iter()
            .filter(|g| g.playable)
        {
            // Ing komi 8 (4 compensation stones) and seki points shared, as an Ing
            // arbiter counts; every stone on the board as it stands.
            let options = RefereeOptions {
                rules: Some("sst-ing".into()),
                komi: Some(8.0),
                count_as_is: true,
                ..RefereeOptions::default()
            };
            let r = referee(game, &options);
            let score = r.end.score.expect("a playable game is counted");
            let Some(fill) = score.fill_in.as_ref() else {
                // Fill-in counts a finished position only: where a side's area cannot
                // take the stones placed in it (an empty or half-played board counted as
                // it stands), it is skipped and says so.
                let why = score.fill_in_skipped.as_deref().unwrap_or("");
                assert!(why.contains("not finished"), "{file}: no fill-in: {why}");
                assert!(
                    score.black.min(score.white) < 4 + score.neutral,
                    "{file}: skipped with areas {} and {}",
                    score.black,
                    score.white
                );
                unfinished += 1;
                continue;
            };
            assert_eq!(fill.black_margin as f64, score.black_margin, "{file}");
            assert_eq!(
                fill.winner_unfilled + fill.loser_leftover,
                fill.margin,
                "{file}"
            );
            checked += 1;
        }
    }
    println!("{checked} games counted by fill-in, {unfinished} not finished enough");
    assert!(checked >= 4000, "only {checked} games checked");
    assert!(
        unfinished <= 10,
        "{unfinished} games skipped as unfinished (6 on the corpus)"
    );
}
