//! Issue 13's examples, one fixture each under testdata/scenarios/, with the verdict
//! of every preset, through the whole pipeline (reader, referee, report): who is to
//! move in the initial position (spec §8.1) and which board reads a double ko (spec
//! §1.8 rule 4).

use goref_core::check::RefereeOptions;
use goref_core::check::{check_bytes, CheckOptions};
use goref_core::findings::Code::{self, *};
use goref_core::rules::Preset;

/// Every finding of `file` checked under `preset`.
fn findings_of(file: &str, preset: &str) -> Vec<goref_core::findings::Finding> {
    let bytes = std::fs::read(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let opts = CheckOptions {
        referee: RefereeOptions {
            rules: Some(preset.into()),
            ..RefereeOptions::default()
        },
        ..CheckOptions::default()
    };
    check_bytes(file, &bytes, &opts)
        .into_iter()
        .flat_map(|r| r.findings().to_vec())
        .collect()
}

/// (move, code, related move) of every legality finding under a preset.
fn verdicts(file: &str, preset: &str) -> Vec<(u32, Code, Option<u32>)> {
    findings_of(file, preset)
        .iter()
        .filter(|f| f.move_number.is_some())
        .map(|f| (f.move_number.unwrap_or(0), f.code, f.related_move))
        .collect()
}

type Expected = &'static [(&'static str, &'static [(u32, Code, Option<u32>)])];

/// Asserts what `got` says under every preset, each listed exactly once.
fn under_every_preset<T: PartialEq + std::fmt::Debug>(
    file: &str,
    expected: &[(&str, &[T])],
    got: impl Fn(&str, &str) -> Vec<T>,
) {
    let mut named: Vec<&str> = expected.iter().map(|(p, _)| *p).collect();
    named.sort_unstable();
    let mut all: Vec<&str> = Preset::ALL.iter().map(|p| p.name).collect();
    all.sort_unstable();
    assert_eq!(named, all, "every preset, once");
    for (preset, want) in expected {
        assert_eq!(&got(file, preset), want, "{file} under {preset}");
    }
}

/// Asserts the verdicts of every preset, each listed exactly once.
fn check(file: &str, expected: Expected) {
    under_every_preset(file, expected, verdicts);
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
            // New Zealand counts Black's pass at 3 as a move: the board after it is one
            // Black may not recreate.
            ("nz", &[(7, SituationalSuperko, Some(3))]),
            ("simplified-ing", &[(7, PositionalSuperko, Some(2))]),
            ("tromp-taylor", &[(7, PositionalSuperko, Some(2))]),
            ("japanese", &[(7, Cycle, Some(2))]),
            ("chinese", &[(7, Cycle, Some(2))]),
        ],
    );
}

/// The same after mid-game setup: the next mover is to move in the position it leaves,
/// whatever its PL says (the history follows the moves as played); a PL the next move
/// contradicts is reported.
#[test]
fn mid_game_setup_takes_its_player_to_move_from_the_next_move() {
    let dir = std::env::temp_dir().join(format!("goref-pl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, pl, want) in [
        (
            "pl-white.sgf",
            "PL[W]",
            vec![(4, SituationalSuperko, Some(2))],
        ),
        ("no-pl.sgf", "", vec![(4, SituationalSuperko, Some(2))]),
        // PL says Black but White moves: the setup position had White to move as
        // played, so the retake repeats it (and `player-to-move-differs` names the PL).
        (
            "pl-black.sgf",
            "PL[B]",
            vec![(4, SituationalSuperko, Some(2))],
        ),
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
        let contradicted = verdicts(file.to_str().unwrap(), "aga")
            .into_iter()
            .any(|v| v == (3, PlayerToMoveDiffers, None));
        assert_eq!(
            contradicted,
            pl == "PL[B]",
            "{name}: player-to-move-differs"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// PL alone in a later node sets who moves next (FF[4]): a setup edit like AB/AW after
/// the first move, not an alternation error, the same under every preset.
#[test]
fn pl_alone_in_a_later_node_is_a_setup_edit_not_an_alternation_error() {
    let codes = |sgf: &str, preset: &str| -> Vec<Code> {
        let opts = CheckOptions {
            referee: RefereeOptions {
                rules: Some(preset.into()),
                ..RefereeOptions::default()
            },
            ..CheckOptions::default()
        };
        check_bytes("pl.sgf", sgf.as_bytes(), &opts)
            .iter()
            .flat_map(|r| r.findings())
            .map(|f| f.code)
            .collect()
    };
    for p in Preset::ALL {
        let pl = codes("(;SZ[9];B[aa];PL[B];B[bb])", p.name);
        assert!(pl.contains(&SetupInGame), "{}: {pl:?}", p.name);
        assert!(!pl.contains(&Alternation), "{}: {pl:?}", p.name);
        assert!(!pl.contains(&PlayerToMoveDiffers), "{}: {pl:?}", p.name);
        // Without the PL node the same moves are an alternation error.
        assert!(codes("(;SZ[9];B[aa];B[bb])", p.name).contains(&Alternation));
        // A PL the next move contradicts is reported, not an alternation error.
        let wrong = codes("(;SZ[9];B[aa];PL[W];B[bb])", p.name);
        assert!(
            wrong.contains(&PlayerToMoveDiffers),
            "{}: {wrong:?}",
            p.name
        );
        assert!(!wrong.contains(&Alternation), "{}: {wrong:?}", p.name);
    }
    assert!(codes("(;SZ[5];B[aa];AB[zz!];W[bb])", "aga").contains(&SetupInGame));
    assert!(codes("(;SZ[5];B[aa];AB[cc]PL[W];W[bb])", "aga").contains(&SetupInGame));
}

/// (move, code, related move) of every finding under a preset but the result's.
fn findings_under(file: &str, preset: &str) -> Vec<(Option<u32>, Code, Option<u32>)> {
    findings_of(file, preset)
        .iter()
        .filter(|f| f.code != ResultMissing)
        .map(|f| (f.move_number, f.code, f.related_move))
        .collect()
}

type ExpectedAll = &'static [(&'static str, &'static [(Option<u32>, Code, Option<u32>)])];

/// Asserts every finding under every preset, each preset listed exactly once.
fn check_all(file: &str, expected: ExpectedAll) {
    under_every_preset(file, expected, findings_under);
}

/// Issue 23: New Zealand counts passes as moves. Black's retake at move 3 recreates the
/// board as it stood after Black's pass at move 1: illegal under nz (and under
/// situational superko, which sees the same situation); natural situational superko
/// would allow it.
#[test]
fn nz_forbids_recreating_the_board_after_the_players_own_pass() {
    check_all(
        "testdata/scenarios/nz-pass-is-a-move.sgf",
        &[
            ("nz", &[(Some(3), SituationalSuperko, Some(1))]),
            ("aga", &[(Some(3), SituationalSuperko, Some(1))]),
            ("simplified-ing", &[(Some(3), PositionalSuperko, Some(0))]),
            ("tromp-taylor", &[(Some(3), PositionalSuperko, Some(0))]),
            ("sst-ing", &[(Some(3), HotStoneTake, Some(2))]),
            ("aga-ing", &[(Some(3), HotStoneTake, Some(2))]),
            ("japanese", &[(Some(3), KoRetake, Some(2))]),
            ("chinese", &[(Some(3), KoRetake, Some(2))]),
        ],
    );
    let mut natural = goref_core::rules::Rules::named("nz").unwrap();
    natural.repetition = goref_core::rules::Repetition::NaturalSituationalSuperko;
    let bytes = std::fs::read("testdata/scenarios/nz-pass-is-a-move.sgf").unwrap();
    let opts = CheckOptions {
        referee: RefereeOptions {
            rules: Some("nz".into()),
            overrides: goref_core::rules::Overrides {
                repetition: Some(natural.repetition),
                ..Default::default()
            },
            ..RefereeOptions::default()
        },
        ..CheckOptions::default()
    };
    let reports = check_bytes("nz.sgf", &bytes, &opts);
    assert!(
        !reports[0]
            .findings()
            .iter()
            .any(|f| f.code == SituationalSuperko),
        "natural situational superko ignores the pass"
    );
}

/// Issue 23: PL[B] but White moves first. The history follows the moves as played
/// (White to move at the start), so Black's retake at move 4 repeats the start with
/// White to move: situational superko under aga; `player-to-move-differs` names the PL
/// under every preset.
#[test]
fn a_pl_the_first_move_contradicts_is_reported_and_the_moves_decide_who_was_to_move() {
    const PL: (Option<u32>, Code, Option<u32>) = (Some(1), PlayerToMoveDiffers, None);
    check_all(
        "testdata/scenarios/pl-contradicted-by-the-first-move.sgf",
        &[
            ("aga", &[PL, (Some(4), SituationalSuperko, Some(0))]),
            // Black never moved on the start board, nor passed on it.
            ("nz", &[PL]),
            (
                "simplified-ing",
                &[PL, (Some(4), PositionalSuperko, Some(0))],
            ),
            ("tromp-taylor", &[PL, (Some(4), PositionalSuperko, Some(0))]),
            ("sst-ing", &[PL]),
            ("aga-ing", &[PL]),
            ("japanese", &[PL, (Some(4), Cycle, Some(0))]),
            ("chinese", &[PL, (Some(4), Cycle, Some(0))]),
        ],
    );
}

/// Issue 23: a PL node mid-game sets who moves next: a setup edit, no alternation error.
#[test]
fn a_pl_node_mid_game_is_a_setup_edit_under_every_preset() {
    const EDIT: &[(Option<u32>, Code, Option<u32>)] = &[(None, SetupInGame, None)];
    check_all(
        "testdata/scenarios/pl-mid-game.sgf",
        &[
            ("aga", EDIT),
            ("nz", EDIT),
            ("simplified-ing", EDIT),
            ("tromp-taylor", EDIT),
            ("sst-ing", EDIT),
            ("aga-ing", EDIT),
            ("japanese", EDIT),
            ("chinese", EDIT),
        ],
    );
}

/// Issue 23: a setup that leaves a chain without liberties is a finding under every
/// preset, and the replay goes on with the chain on the board.
#[test]
fn a_setup_without_liberties_is_a_finding_under_every_preset() {
    const SETUP: &[(Option<u32>, Code, Option<u32>)] = &[(None, SetupWithoutLiberties, None)];
    check_all(
        "testdata/scenarios/setup-without-liberties.sgf",
        &[
            ("aga", SETUP),
            ("nz", SETUP),
            ("simplified-ing", SETUP),
            ("tromp-taylor", SETUP),
            ("sst-ing", SETUP),
            ("aga-ing", SETUP),
            ("japanese", SETUP),
            ("chinese", SETUP),
        ],
    );
    let bytes = std::fs::read("testdata/scenarios/setup-without-liberties.sgf").unwrap();
    let opts = CheckOptions {
        with_board: true,
        ..CheckOptions::default()
    };
    let report = &check_bytes("s.sgf", &bytes, &opts)[0];
    let f = report
        .findings()
        .iter()
        .find(|f| f.code == SetupWithoutLiberties)
        .unwrap();
    assert_eq!(f.point.as_deref(), Some("aa"));
    assert!(f.message.contains("A9 A8"), "{}", f.message);
    // The chain stays on the board as set up.
    let json = report.to_json_value();
    let board = &json["final_board"];
    let row = |k: usize| board[k].as_str().unwrap().to_string();
    assert!(
        row(0).starts_with("XO") && row(1).starts_with("XO"),
        "{board:?}"
    );
}

/// A setup that leaves every chain a liberty is no finding (the check is exact).
#[test]
fn a_setup_with_liberties_everywhere_is_no_finding() {
    let codes: Vec<Code> = check_bytes(
        "s.sgf",
        b"(;SZ[9]AB[aa][ab]AW[ac][bb];B[ee];AW[gg];AB[hh])",
        &CheckOptions::default(),
    )
    .iter()
    .flat_map(|r| r.findings())
    .map(|f| f.code)
    .collect();
    assert!(!codes.contains(&SetupWithoutLiberties), "{codes:?}");
}
