//! Spec scenarios T15–T19 (and T01, T03, T09, T10 through the whole pipeline) under
//! every preset: the record goes through reading, the referee and the report, as a
//! user's file would. T01–T10 at the engine level are in tests/engine_scenarios.rs.

use goref_core::check::RefereeOptions;
use goref_core::check::{check_bytes, CheckOptions};
use goref_core::findings::Code;
use goref_core::report::GameReport;
use goref_core::rules::Preset;

fn check(sgf: &str, preset: &str) -> Vec<GameReport> {
    let opts = CheckOptions {
        referee: RefereeOptions {
            rules: Some(preset.into()),
            count_as_is: true,
            ..RefereeOptions::default()
        },
        ..CheckOptions::default()
    };
    check_bytes("scenario.sgf", sgf.as_bytes(), &opts)
}

/// (move, code) of every legality or alternation finding, in order.
fn verdicts(report: &GameReport) -> Vec<(u32, Code)> {
    report
        .findings()
        .iter()
        .filter(|f| {
            f.move_number.is_some() && f.code != Code::WhiteOwesPass && f.code != Code::MoveInRoot
        })
        .map(|f| (f.move_number.unwrap_or(0), f.code))
        .collect()
}

/// A preset and the verdicts it gives.
type PresetVerdicts = (&'static str, &'static [(u32, Code)]);

const T01: &str = "(;GM[1]FF[4]SZ[5]KM[8]AB[aa][ba][ab][bc]AW[ca][bb][db][cc]PL[W]";

#[test]
fn t15_both_handicap_encodings_give_the_same_position_and_count() {
    let setup = "(;GM[1]FF[4]SZ[9]HA[2]AB[cc][gg]PL[W];W[ec])";
    let plays = "(;GM[1]FF[4]SZ[9]HA[2]PL[B];B[cc];W[];B[gg];W[ec])";
    for p in Preset::ALL {
        let a = &check(setup, p.name)[0];
        let b = &check(plays, p.name)[0];
        assert_eq!(a.handicap(), 2, "{}", p.name);
        assert_eq!(b.handicap(), 2, "{}", p.name);
        assert!(
            verdicts(a).is_empty() && verdicts(b).is_empty(),
            "{}",
            p.name
        );
        // The lone White pass is not a stop.
        assert_eq!(b.to_json_value()["ending"]["stops"], serde_json::json!([]));
        let (sa, sb) = (&a.to_json_value()["score"], &b.to_json_value()["score"]);
        assert!(sa.is_object(), "{}", p.name);
        assert_eq!(
            (&sa["black"], &sa["white"]),
            (&sb["black"], &sb["white"]),
            "{}",
            p.name
        );
        assert_eq!(sa["handicap_bonus"], sb["handicap_bonus"], "{}", p.name);
        assert!(!a
            .findings()
            .iter()
            .chain(b.findings())
            .any(|f| f.code == Code::HandicapMismatch));
    }
}

/// HA[2] with one stone placed is a game of 1 handicap stone, that is an even game
/// (spec §3.5, §7.3): the even-game komi, no compensation, and Black wins a tie under
/// white-in-handicap-else-black. With both stones placed, the handicap rules apply.
#[test]
fn one_stone_placed_under_ha2_is_an_even_game() {
    // 5x5: the moves wall off Black 15 and White 10 points (a tie needs komi 5).
    let walls = "PL[W];W[da];B[ca];W[db];B[cb];W[dc];B[cc];W[dd];B[cd];W[de];B[ce];W[];B[])";
    let one = format!("(;GM[1]FF[4]SZ[5]HA[2]AB[aa]{walls}");
    let two = format!("(;GM[1]FF[4]SZ[5]HA[2]AB[aa][ab]{walls}");
    for p in Preset::ALL {
        let rules = p.rules();
        let r = &check(&one, p.name)[0];
        assert_eq!(r.handicap(), 1, "{}", p.name);
        assert_eq!(r.komi(), Some(rules.default_komi), "{}", p.name);
        assert_eq!(
            r.to_json_value()["score"]["handicap_bonus"],
            0,
            "{}",
            p.name
        );
        let r = &check(&two, p.name)[0];
        assert_eq!(r.handicap(), 2, "{}", p.name);
        assert_eq!(r.komi(), Some(rules.handicap_komi), "{}", p.name);
    }
    // The tie rule at the same boundary, komi given so that the margin is zero.
    let tie = |sgf: &str| {
        let r = &check(sgf, "aga-ing")[0];
        let s = &r.to_json_value()["score"];
        (
            s["margin"].as_f64().unwrap(),
            s["winner"].as_str().map(str::to_string),
        )
    };
    let one = format!("(;GM[1]FF[4]SZ[5]HA[2]KM[5]AB[aa]{walls}");
    assert_eq!(tie(&one), (0.0, Some("B".to_string())));
    // Two handicap stones: White receives 2 points of compensation (N), so komi 3.
    let two = format!("(;GM[1]FF[4]SZ[5]HA[2]KM[3]AB[aa][ab]{walls}");
    assert_eq!(tie(&two), (0.0, Some("W".to_string())));
}

#[test]
fn t16_pass_encoding() {
    for p in Preset::ALL {
        // tt is a pass on boards up to 19x19 ...
        for size in [9, 19] {
            let r = &check(&format!("(;GM[1]FF[4]SZ[{size}];B[tt];W[])"), p.name)[0];
            assert_eq!(r.passes(), 2, "{} {size}", p.name);
        }
        // ... and a real move at column 20, row 20 on larger boards.
        let r = &check("(;GM[1]FF[4]SZ[21];B[tt];W[])", p.name)[0];
        assert_eq!(r.passes(), 1, "{}", p.name);
        // One Black stone owns the board: 441 points of area, or 440 of territory.
        let expected = match p.rules().scoring {
            goref_core::rules::Scoring::Area => 441,
            goref_core::rules::Scoring::Territory => 440,
        };
        assert_eq!(r.to_json_value()["score"]["black"], expected, "{}", p.name);
    }
}

#[test]
fn t17_result_forms_are_read_and_non_standard_ones_flagged() {
    for (re, standard) in [
        ("B+R", true),
        ("B+Resign", true),
        ("W+3.5", true),
        ("0", true),
        ("Draw", true),
        ("B+T", true),
        ("W+Time", true),
        ("B+F", true),
        ("Void", true),
        ("?", true),
        ("Jigo", false),
        ("B+0.5R", false),
        ("Black resigns", false),
    ] {
        for p in Preset::ALL {
            let r = &check(&format!("(;GM[1]FF[4]SZ[9]RE[{re}];B[ee])"), p.name)[0];
            let flagged = r.findings().iter().any(|f| f.code == Code::ResultFormat);
            assert_eq!(flagged, !standard, "RE[{re}] under {}", p.name);
            assert_eq!(r.to_json_value()["result"]["recorded"], re);
        }
    }
}

#[test]
fn t18_a_move_marked_ko_is_executed_and_still_judged() {
    let sgf = format!("{T01};W[ee];B[cb];W[bb]KO[])");
    for p in Preset::ALL {
        let r = &check(&sgf, p.name)[0];
        let expected = match p.rules().repetition {
            goref_core::rules::Repetition::SstHotStones => Code::HotStoneTake,
            goref_core::rules::Repetition::SimpleKo => Code::KoRetake,
            goref_core::rules::Repetition::PositionalSuperko => Code::PositionalSuperko,
            _ => Code::SituationalSuperko,
        };
        assert_eq!(verdicts(r), vec![(3, expected)], "{}", p.name);
        let f = r.findings().iter().find(|f| f.code == expected).unwrap();
        assert!(f.message.contains("KO[]"), "{}: {}", p.name, f.message);
        // Executed: Black took bb at move 2, White took cb back at move 3.
        assert_eq!(r.captures(), [1, 1], "{}", p.name);
    }
}

#[test]
fn t19_alternation_error_after_a_stop_in_every_mode() {
    let sgf = format!("{T01};W[ee];B[cb];W[];B[];B[dd])");
    for p in Preset::ALL {
        let r = &check(&sgf, p.name)[0];
        assert!(
            verdicts(r).contains(&(5, Code::Alternation)),
            "{}: {:?}",
            p.name,
            verdicts(r)
        );
    }
}

#[test]
fn t01_t03_t09_t10_through_the_whole_pipeline() {
    let cases: &[(&str, &[PresetVerdicts])] = &[
        (
            ";W[ee];B[cb];W[bb])",
            &[
                ("sst-ing", &[(3, Code::HotStoneTake)]),
                ("simplified-ing", &[(3, Code::PositionalSuperko)]),
                ("aga", &[(3, Code::SituationalSuperko)]),
            ],
        ),
        (
            ";W[ee];B[cb];W[];B[];W[bb])",
            &[
                ("sst-ing", &[]),
                ("simplified-ing", &[(5, Code::PositionalSuperko)]),
                ("aga", &[(5, Code::SituationalSuperko)]),
            ],
        ),
    ];
    for (moves, expectations) in cases {
        for (preset, expected) in expectations.iter() {
            let r = &check(&format!("{T01}{moves}"), preset)[0];
            assert_eq!(verdicts(r), expected.to_vec(), "{moves} under {preset}");
        }
    }
    let t09 = "(;GM[1]FF[4]SZ[5]AB[aa][ac][bc][cc][dc][ec]AW[ca][ea][ab][bb][cb][db][eb]PL[B]";
    for (preset, multi, single) in [
        ("sst-ing", vec![], vec![(1, Code::Suicide)]),
        ("simplified-ing", vec![], vec![(1, Code::Suicide)]),
        (
            "aga",
            vec![(1, Code::MultiStoneSuicide)],
            vec![(1, Code::Suicide)],
        ),
    ] {
        assert_eq!(
            verdicts(&check(&format!("{t09};B[ba])"), preset)[0]),
            multi,
            "T09 {preset}"
        );
        assert_eq!(
            verdicts(&check(&format!("{t09};B[da])"), preset)[0]),
            single,
            "T10 {preset}"
        );
    }
}
