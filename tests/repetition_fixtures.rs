//! Issue 13's examples, one fixture each under testdata/scenarios/, with the verdict
//! of every preset, through the whole pipeline (reader, referee, report): who is to
//! move in the initial position (spec §8.1) and which board reads a double ko (spec
//! §1.8 rule 4).

use goref::check::{check_bytes, CheckOptions};
use goref::findings::Code::{self, *};
use goref::internal::count::referee::{RefereeOptions, RulesChoice};
use goref::rules::PRESETS;

/// (move, code, related move) of every legality finding under a preset.
fn verdicts(file: &str, preset: &str) -> Vec<(u32, Code, Option<u32>)> {
    let bytes = std::fs::read(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let opts = CheckOptions {
        referee: RefereeOptions {
            rules: RulesChoice::Named(preset.into()),
            ..RefereeOptions::default()
        },
        ..CheckOptions::default()
    };
    check_bytes(file, &bytes, &opts)
        .iter()
        .flat_map(|r| &r.findings)
        .filter(|f| f.move_number.is_some())
        .map(|f| (f.move_number.unwrap_or(0), f.code, f.related_move))
        .collect()
}

type Expected = &'static [(&'static str, &'static [(u32, Code, Option<u32>)])];

/// Asserts the verdicts of every preset, each listed exactly once.
fn check(file: &str, expected: Expected) {
    let mut named: Vec<&str> = expected.iter().map(|(p, _)| *p).collect();
    named.sort_unstable();
    let mut all: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
    all.sort_unstable();
    assert_eq!(named, all, "every preset, once");
    for (preset, want) in expected {
        assert_eq!(&verdicts(file, preset), want, "{file} under {preset}");
    }
}

/// No PL and White moves first: White is to move at the start, so Black's retake at
/// move 2 recreates the start *with White to move*: illegal under situational superko.
#[test]
fn the_first_mover_is_to_move_at_the_start_and_a_retake_repeats_it() {
    check(
        "testdata/scenarios/ssk-start-white-to-move.sgf",
        &[
            ("aga", &[(2, SituationalSuperko, Some(0))]),
            // Black never made the start position by a play.
            ("nz", &[]),
            ("simplified-ing", &[(2, PositionalSuperko, Some(0))]),
            ("tromp-taylor", &[(2, PositionalSuperko, Some(0))]),
            ("sst-ing", &[(2, HotStoneTake, Some(1))]),
            ("aga-ing", &[(2, HotStoneTake, Some(1))]),
            ("japanese", &[(2, KoRetake, Some(1))]),
            ("chinese", &[(2, KoRetake, Some(1))]),
        ],
    );
}

/// No PL and White moves first: move 3 recreates the start board with Black to move,
/// the other player than at the start (spec T06 with colours swapped).
#[test]
fn recreating_the_start_with_the_other_player_to_move_is_no_situational_repeat() {
    check(
        "testdata/scenarios/ssk-start-other-player.sgf",
        &[
            ("aga", &[]),
            ("nz", &[]),
            ("simplified-ing", &[(3, PositionalSuperko, Some(0))]),
            ("tromp-taylor", &[(3, PositionalSuperko, Some(0))]),
            ("sst-ing", &[]),
            ("aga-ing", &[]),
            ("japanese", &[(3, Cycle, Some(0))]),
            ("chinese", &[(3, Cycle, Some(0))]),
        ],
    );
}

/// Move 7 retakes a basic ko after an exchange elsewhere (as in T02); its capture
/// creates a second mouth, but the board it is played from has one: no double-ko
/// capture, no recycling.
#[test]
fn a_capture_from_a_basic_ko_is_a_basic_ko_capture() {
    check(
        "testdata/scenarios/double-ko-basic-retake.sgf",
        &[
            ("sst-ing", &[]),
            ("aga-ing", &[]),
            // Move 4 (White retakes after two passes) recreates the start, Black to move.
            ("aga", &[(4, SituationalSuperko, Some(0))]),
            ("nz", &[]),
            ("simplified-ing", &[(4, PositionalSuperko, Some(0))]),
            ("tromp-taylor", &[(4, PositionalSuperko, Some(0))]),
            ("japanese", &[(4, Cycle, Some(0))]),
            ("chinese", &[(4, Cycle, Some(0))]),
        ],
    );
}

/// Move 7 repeats move 1's capture from the same double-ko colouring, read before the
/// capture (which dissolves one mouth): recycling under SST.
#[test]
fn a_capture_from_a_double_ko_is_a_double_ko_capture() {
    check(
        "testdata/scenarios/double-ko-recycling.sgf",
        &[
            ("sst-ing", &[(7, KoRecycling, Some(1))]),
            ("aga-ing", &[(7, KoRecycling, Some(1))]),
            // The board after move 7 stood after White's move 2 and Black's pass 3.
            ("aga", &[(7, SituationalSuperko, Some(3))]),
            ("nz", &[]),
            ("simplified-ing", &[(7, PositionalSuperko, Some(2))]),
            ("tromp-taylor", &[(7, PositionalSuperko, Some(2))]),
            ("japanese", &[(7, Cycle, Some(2))]),
            ("chinese", &[(7, Cycle, Some(2))]),
        ],
    );
}

/// The same after mid-game setup: the setup node's PL, else the next mover, is to move
/// in the position it leaves (spec §8.1).
#[test]
fn mid_game_setup_takes_its_player_to_move_from_pl_or_the_next_move() {
    let dir = std::env::temp_dir().join(format!("goref-pl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, pl, want) in [
        (
            "pl-white.sgf",
            "PL[W]",
            vec![(4, SituationalSuperko, Some(2))],
        ),
        ("no-pl.sgf", "", vec![(4, SituationalSuperko, Some(2))]),
        // PL says Black, so the setup position had Black to move; the retake leaves
        // White to move: a new situation. (White moving at 3 is an alternation quirk.)
        ("pl-black.sgf", "PL[B]", vec![]),
    ] {
        let sgf =
            format!("(;GM[1]FF[4]SZ[4:3];B[ca];W[ba];AB[bb][db][cc]AW[ab][bc]{pl};W[cb];B[bb])");
        let file = dir.join(name);
        std::fs::write(&file, sgf).unwrap();
        let got: Vec<_> = verdicts(file.to_str().unwrap(), "aga")
            .into_iter()
            .filter(|v| v.1 == SituationalSuperko)
            .collect();
        assert_eq!(got, want, "{name}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// PL alone in a later node changes who is to move but adds no stones: no
/// `setup-in-game`; AB in a later node is one even when its value is no point.
#[test]
fn pl_alone_is_no_setup_in_the_game() {
    let codes = |sgf: &str| -> Vec<Code> {
        check_bytes("pl.sgf", sgf.as_bytes(), &CheckOptions::default())
            .iter()
            .flat_map(|r| &r.findings)
            .map(|f| f.code)
            .collect()
    };
    assert!(!codes("(;SZ[5];B[aa];PL[B];B[bb])").contains(&SetupInGame));
    assert!(codes("(;SZ[5];B[aa];AB[zz!];W[bb])").contains(&SetupInGame));
    assert!(codes("(;SZ[5];B[aa];AB[cc]PL[W];W[bb])").contains(&SetupInGame));
}
