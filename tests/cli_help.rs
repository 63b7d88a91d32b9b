//! Every subcommand answers `--help` with a description and a worked example, and
//! `goref rules` lists every preset with every setting.

use assert_cmd::Command;
use predicates::str::contains;

fn goref() -> Command {
    Command::cargo_bin("goref").unwrap()
}

#[test]
fn every_subcommand_has_help_with_an_example() {
    for sub in ["check", "score", "appeal", "rules", "explain"] {
        let out = goref().args([sub, "--help"]).output().unwrap();
        assert!(out.status.success(), "{sub}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains("Example"),
            "{sub} --help has no example:\n{text}"
        );
        assert!(
            text.contains(&format!("goref {sub}")),
            "{sub} --help shows no command line"
        );
        assert!(text.lines().count() > 8, "{sub} --help is too short");
    }
    goref()
        .arg("--help")
        .assert()
        .success()
        .stdout(contains("check"))
        .stdout(contains("appeal"));
    goref()
        .arg("--version")
        .assert()
        .success()
        .stdout(contains(env!("CARGO_PKG_VERSION")));
    goref().arg("frobnicate").assert().code(2);
}

#[test]
fn check_help_documents_exit_statuses() {
    goref()
        .args(["check", "--help"])
        .assert()
        .success()
        .stdout(contains("Exit status"))
        .stdout(contains("--fail-on"));
}

#[test]
fn rules_lists_every_preset_in_text_and_json() {
    let text = String::from_utf8(goref().arg("rules").output().unwrap().stdout).unwrap();
    for p in goref_core::rules::Preset::ALL {
        assert!(text.contains(p.name), "{} missing", p.name);
    }
    let json: serde_json::Value = serde_json::from_slice(
        &goref()
            .args(["rules", "--format", "json"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let presets = json.as_array().unwrap();
    assert_eq!(presets.len(), goref_core::rules::Preset::ALL.len());
    for p in presets {
        for key in [
            "repetition",
            "suicide",
            "scoring",
            "seki_points",
            "tie",
            "handicap_compensation",
            "default_komi",
            "handicap_komi",
            "ending",
            "white_passes_last",
            "sources",
        ] {
            assert!(p.get(key).is_some(), "{key} missing in {p}");
        }
    }
    let one = String::from_utf8(goref().args(["rules", "SIR"]).output().unwrap().stdout).unwrap();
    assert!(one.starts_with("simplified-ing") && one.contains("rule text: "));
    // Self-contained: it cites docs/rules.md sections, never the internal specification.
    assert!(one.contains("(docs/rules.md: Repetition"), "{one}");
    assert!(!one.contains("spec"), "{one}");
    goref().args(["rules", "klingon"]).assert().code(2);
}

#[test]
fn score_prints_the_count_and_rejects_a_dead_point_without_a_stone() {
    goref()
        .args([
            "score",
            "testdata/scenarios/t11-zagreb.sgf",
            "--dead",
            "ec,F2",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .assert()
        .success()
        .stdout(contains("Result to write: RE[W+29]"))
        .stdout(contains(
            "White fills 20 of 35 points and has 15 points left",
        ));
    goref()
        .args(["score", "testdata/scenarios/t11-zagreb.sgf", "--dead", "dd"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .assert()
        .code(2)
        .stderr(contains("D4"));
    let json: serde_json::Value = serde_json::from_slice(
        &goref()
            .args([
                "score",
                "testdata/scenarios/t11-zagreb.sgf",
                "--format",
                "json",
                "--penalty",
                "B=2",
                "--dead",
                "none",
            ])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    assert_eq!(json["re"], "W+1");
    assert_eq!(json["penalties"]["B"], 2);
    assert_eq!(json["black"]["area"], 16);
}

#[test]
fn score_reports_time_used_periods_and_points_per_side() {
    goref()
        .args(["score", "testdata/findings/penalty-points.sgf"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .assert()
        .success()
        .stdout(contains("Penalties: Black 2, White 0"))
        .stdout(contains(
            "Black: used 650 s, 1 period(s) entered, 2 point(s)",
        ))
        .stdout(contains(
            "White: used 500 s, 0 period(s) entered, 0 point(s)",
        ));
}

/// Issue 23: `goref rules nz` says which boards its repetition rule forbids: those left by
/// the player's own moves, passes included.
#[test]
fn rules_nz_says_which_boards_are_forbidden() {
    let out = goref().args(["rules", "nz"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("own-move-superko"), "{text}");
    assert!(text.contains("a move is a play or a pass"), "{text}");
    assert!(
        text.contains("the initial position is forbidden only once the player has passed on it"),
        "{text}"
    );
}
