//! `goref check` end to end: one fixture per finding code, exit statuses, formats,
//! the JSON schema, ordering across thread counts, and the text snapshot.

mod common;
use common::{check_jsonl, goref};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;

/// (fixture, code, severity, move, line, column, related move)
type Expect = (
    &'static str,
    &'static str,
    &'static str,
    Option<u64>,
    Option<u64>,
    Option<u64>,
    Option<u64>,
);

/// One fixture per code goref can emit from a file. Positions were checked by hand
/// against the fixtures (column = the `[` that opens the move's value).
const FIXTURES: &[Expect] = &[
    (
        "testdata/findings/occupied-point.sgf",
        "occupied-point",
        "error",
        Some(2),
        Some(1),
        Some(38),
        None,
    ),
    (
        "testdata/findings/off-board.sgf",
        "off-board",
        "error",
        Some(2),
        Some(1),
        Some(38),
        None,
    ),
    (
        "testdata/findings/suicide.sgf",
        "suicide",
        "error",
        Some(1),
        Some(1),
        Some(93),
        None,
    ),
    (
        "testdata/findings/multi-stone-suicide.sgf",
        "multi-stone-suicide",
        "error",
        Some(1),
        Some(1),
        Some(93),
        None,
    ),
    (
        "testdata/findings/ko-retake.sgf",
        "ko-retake",
        "error",
        Some(3),
        Some(1),
        Some(90),
        Some(2),
    ),
    (
        "testdata/ko-retake.sgf",
        "positional-superko",
        "error",
        Some(3),
        Some(4),
        Some(15),
        Some(1),
    ),
    (
        "testdata/findings/situational-superko.sgf",
        "situational-superko",
        "error",
        Some(5),
        Some(1),
        Some(93),
        Some(1),
    ),
    (
        "testdata/findings/hot-stone-take.sgf",
        "hot-stone-take",
        "error",
        Some(3),
        Some(1),
        Some(85),
        Some(2),
    ),
    (
        "testdata/findings/ko-recycling.sgf",
        "ko-recycling",
        "error",
        Some(5),
        Some(1),
        Some(91),
        Some(1),
    ),
    (
        "testdata/findings/needs-referee.sgf",
        "needs-referee",
        "warning",
        Some(7),
        Some(1),
        Some(133),
        Some(4),
    ),
    (
        "testdata/findings/cycle.sgf",
        "cycle",
        "warning",
        Some(3),
        Some(1),
        Some(86),
        Some(0),
    ),
    (
        "testdata/findings/alternation.sgf",
        "alternation",
        "error",
        Some(5),
        Some(1),
        Some(52),
        None,
    ),
    (
        "testdata/findings/player-to-move-differs.sgf",
        "player-to-move-differs",
        "warning",
        Some(1),
        Some(1),
        Some(61),
        None,
    ),
    (
        "testdata/findings/setup-without-liberties.sgf",
        "setup-without-liberties",
        "warning",
        None,
        Some(2),
        Some(1),
        None,
    ),
    (
        "testdata/findings/move-after-end.sgf",
        "move-after-end",
        "warning",
        Some(6),
        Some(1),
        Some(54),
        Some(5),
    ),
    (
        "testdata/findings/resigner-moved-last.sgf",
        "resigner-moved-last",
        "info",
        Some(2),
        Some(1),
        Some(40),
        None,
    ),
    (
        "testdata/quirks/handicap-mismatch.sgf",
        "handicap-mismatch",
        "warning",
        None,
        Some(1),
        Some(18),
        None,
    ),
    (
        "testdata/findings/count-convention.sgf",
        "count-convention",
        "info",
        None,
        None,
        None,
        None,
    ),
    (
        "testdata/findings/komi-differs.sgf",
        "komi-differs",
        "info",
        None,
        None,
        None,
        None,
    ),
    (
        "testdata/findings/komi-result-parity.sgf",
        "komi-result-parity",
        "info",
        None,
        None,
        None,
        None,
    ),
    (
        "testdata/findings/result-mismatch.sgf",
        "result-mismatch",
        "error",
        None,
        None,
        None,
        None,
    ),
    (
        "testdata/findings/margin-mismatch.sgf",
        "margin-mismatch",
        "warning",
        None,
        None,
        None,
        None,
    ),
    (
        "testdata/findings/result-missing.sgf",
        "result-missing",
        "info",
        None,
        None,
        None,
        None,
    ),
    (
        "testdata/quirks/result-jigo.sgf",
        "result-format",
        "info",
        None,
        Some(1),
        Some(18),
        None,
    ),
    (
        "testdata/findings/game-not-ended.sgf",
        "game-not-ended",
        "info",
        None,
        None,
        None,
        None,
    ),
    (
        "testdata/findings/comment-result-differs.sgf",
        "comment-result-differs",
        "warning",
        None,
        None,
        None,
        None,
    ),
    (
        "testdata/findings/not-countable.sgf",
        "not-countable",
        "info",
        None,
        None,
        None,
        None,
    ),
    (
        "testdata/findings/disputed-ending.sgf",
        "disputed-ending",
        "warning",
        None,
        None,
        None,
        None,
    ),
    (
        "testdata/findings/white-owes-pass.sgf",
        "white-owes-pass",
        "info",
        Some(3),
        None,
        None,
        None,
    ),
    (
        "testdata/findings/rules-assumed.sgf",
        "rules-assumed",
        "info",
        None,
        None,
        None,
        None,
    ),
    (
        "testdata/findings/penalty-points.sgf",
        "penalty-points",
        "info",
        None,
        None,
        None,
        None,
    ),
    (
        "testdata/findings/lost-on-time.sgf",
        "lost-on-time",
        "info",
        None,
        None,
        None,
        None,
    ),
    (
        "testdata/malformed.sgf",
        "syntax-error",
        "warning",
        None,
        Some(3),
        Some(8),
        None,
    ),
    (
        "testdata/quirks/two-moves.sgf",
        "node-has-two-moves",
        "error",
        None,
        Some(1),
        Some(18),
        None,
    ),
    (
        "testdata/findings/charset.sgf",
        "charset",
        "warning",
        None,
        None,
        None,
        None,
    ),
    (
        "testdata/quirks/bad-move-value.sgf",
        "bad-value",
        "warning",
        Some(1),
        Some(1),
        Some(21),
        None,
    ),
    (
        "testdata/quirks/size-0.sgf",
        "board-size",
        "error",
        None,
        Some(1),
        Some(13),
        None,
    ),
    (
        "testdata/quirks/size-missing.sgf",
        "size-assumed",
        "info",
        None,
        None,
        None,
        None,
    ),
    (
        "testdata/quirks/ha0.sgf",
        "handicap-quirk",
        "info",
        None,
        Some(1),
        Some(19),
        None,
    ),
    (
        "testdata/quirks/km-fox-750.sgf",
        "komi-scaled",
        "info",
        None,
        Some(1),
        Some(19),
        None,
    ),
    (
        "testdata/quirks/km-empty.sgf",
        "komi-empty",
        "warning",
        None,
        Some(1),
        Some(19),
        None,
    ),
    (
        "testdata/quirks/move-in-root.sgf",
        "move-in-root",
        "info",
        Some(1),
        Some(1),
        Some(19),
        None,
    ),
    (
        "testdata/quirks/setup-in-game.sgf",
        "setup-in-game",
        "info",
        None,
        Some(2),
        Some(2),
        None,
    ),
];

/// Codes proven by other tests: io-error below, internal-error in tests/cli_robust.rs.
const TESTED_ELSEWHERE: &[&str] = &[
    "io-error",
    "internal-error",
    // tests/cli_robust.rs (a FIFO and a link to /dev/zero in a walked folder).
    "not-a-file",
    // tests/reading.rs (a fake GTP engine) and src/count/reading.rs (a given estimate).
    "estimator-failed",
    "dead-stones-unclear",
    // tests/reading.rs (a record that stops with open points).
    "open-points-unclear",
    // tests/reading.rs: only with --estimator none (the estimate is the default).
    "dead-stones-unmarked",
    // tests/cli_newcomer.rs: each convention it names, and the records it must not take.
    "turn-convention",
    // tests/tournament.rs: a record against a pairing table, not a record alone.
    "tournament-winner",
    "tournament-computed-result",
    "tournament-forfeit",
    "tournament-colours",
    "tournament-handicap",
    "tournament-komi",
    "tournament-board-size",
    "tournament-round",
    "tournament-board",
    "tournament-date",
    "tournament-name",
    "tournament-weak-match",
    "tournament-ambiguous",
    "tournament-unmatched-record",
    "tournament-missing-record",
    "tournament-duplicate",
    "tournament-table-result",
    "tournament-no-result",
    // tests/archives.rs: archives built in the test.
    "archive-damaged",
    "archive-member-too-large",
    "archive-nested",
    "archive-empty",
    "archive-too-many-entries",
];

#[test]
fn every_fixture_yields_its_code_at_its_move_and_position() {
    for &(file, code, severity, mv, line, column, related) in FIXTURES {
        let reports = check_jsonl(&[file]);
        let found: Vec<&Value> = reports
            .iter()
            .flat_map(|r| r["findings"].as_array().unwrap())
            .filter(|f| f["code"] == code)
            .collect();
        let f = found
            .first()
            .unwrap_or_else(|| panic!("{file}: no {code} finding in {reports:?}"));
        assert_eq!(f["severity"], severity, "{file} {code}");
        assert_eq!(f["move"].as_u64(), mv, "{file} {code} move");
        assert_eq!(f["line"].as_u64(), line, "{file} {code} line");
        assert_eq!(f["column"].as_u64(), column, "{file} {code} column");
        assert_eq!(
            f["related_move"].as_u64(),
            related,
            "{file} {code} related move"
        );
    }
}

#[test]
fn every_registered_code_has_a_fixture_or_a_dedicated_test() {
    let covered: BTreeSet<&str> = FIXTURES
        .iter()
        .map(|f| f.1)
        .chain(TESTED_ELSEWHERE.iter().copied())
        .collect();
    let registry: BTreeSet<&str> = goref_core::findings::CodeInfo::ALL
        .iter()
        .map(|i| i.name)
        .collect();
    assert_eq!(covered, registry);
}

#[test]
fn explain_lists_every_code_with_its_severity() {
    let out = goref().args(["explain", "--list"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for info in goref_core::findings::CodeInfo::ALL {
        let line = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(info.name));
        let line = line.unwrap_or_else(|| panic!("{} not listed", info.name));
        assert!(line.contains(info.severity.as_str()), "{line}");
    }
    goref()
        .args(["explain", "hot-stone-take"])
        .assert()
        .success()
        .stdout(predicates::str::contains("Ing SST Laws 1991"));
    goref().args(["explain", "no-such-code"]).assert().code(2);
}

#[test]
fn legality_findings_say_what_every_preset_would_say() {
    let reports = check_jsonl(&["testdata/findings/hot-stone-take.sgf"]);
    let f = &reports[0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "hot-stone-take")
        .unwrap();
    assert_eq!(f["certainty"], "core");
    assert_eq!(f["also"]["simplified-ing"], "positional-superko");
    assert_eq!(f["also"]["aga"], "situational-superko");
    assert_eq!(f["also"]["japanese"], "ko-retake");
    assert!(f["message"].as_str().unwrap().contains("replays"));
}

#[test]
fn io_error_for_an_unreadable_entry_and_the_batch_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/clean-9x9.sgf"),
        dir.path().join("a.sgf"),
    )
    .unwrap();
    std::os::unix::fs::symlink(dir.path().join("missing-target"), dir.path().join("b.sgf"))
        .unwrap();
    let out = goref()
        .args(["check", "-q", "--format", "jsonl"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["result"]["status"], "agrees");
    assert_eq!(lines[1]["findings"][0]["code"], "io-error");
    assert!(lines[1]["file"].as_str().unwrap().ends_with("b.sgf"));
}

#[test]
fn exit_statuses_follow_fail_on() {
    goref()
        .args(["check", "-q", "testdata/clean-9x9.sgf"])
        .assert()
        .code(0);
    goref()
        .args(["check", "-q", "testdata/ko-retake.sgf"])
        .assert()
        .code(1);
    goref()
        .args([
            "check",
            "-q",
            "--fail-on",
            "never",
            "testdata/ko-retake.sgf",
        ])
        .assert()
        .code(0);
    // Only warnings and info: 0 by default, 1 with --fail-on warning.
    goref()
        .args(["check", "-q", "testdata/findings/cycle.sgf"])
        .assert()
        .code(0);
    goref()
        .args([
            "check",
            "-q",
            "--fail-on",
            "warning",
            "testdata/findings/cycle.sgf",
        ])
        .assert()
        .code(1);
    goref()
        .args([
            "check",
            "-q",
            "--fail-on",
            "info",
            "testdata/findings/komi-differs.sgf",
        ])
        .assert()
        .code(1);
    // A severity override turns the error into info.
    goref()
        .args([
            "check",
            "-q",
            "--severity",
            "positional-superko=info",
            "testdata/ko-retake.sgf",
        ])
        .assert()
        .code(0);
    // Usage errors: 2.
    goref().args(["check", "no/such/path.sgf"]).assert().code(2);
    goref()
        .args(["check", "--rules", "klingon", "testdata/clean-9x9.sgf"])
        .assert()
        .code(2);
    goref()
        .args([
            "check",
            "--severity",
            "nonsense=error",
            "testdata/clean-9x9.sgf",
        ])
        .assert()
        .code(2);
    goref().args(["check"]).assert().code(2);
}

#[test]
fn rules_flag_and_overrides_change_the_verdict() {
    let sst = check_jsonl(&["--rules", "goe", "testdata/ko-retake.sgf"]);
    assert_eq!(sst[0]["rules"]["name"], "sst-ing");
    assert_eq!(sst[0]["rules"]["source"], "command-line");
    assert!(sst[0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["code"] == "hot-stone-take"));
    let ssk = check_jsonl(&["--ko", "situational-superko", "testdata/ko-retake.sgf"]);
    assert!(ssk[0]["rules"]["reason"]
        .as_str()
        .unwrap()
        .contains("repetition=situational-superko"));
    assert!(ssk[0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["code"] == "situational-superko"));
    let komi = check_jsonl(&["--komi", "0.5", "testdata/clean-9x9.sgf"]);
    assert_eq!(komi[0]["komi"]["value"], 0.5);
    assert_eq!(komi[0]["komi"]["source"], "command-line");
}

#[test]
fn json_output_is_one_array_and_validates_against_the_schema() {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/report.schema.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let validator = jsonschema::validator_for(&schema).expect("the schema compiles");
    let out = goref()
        .args([
            "check",
            "-q",
            "--format",
            "json",
            "--with-board",
            "testdata/",
        ])
        .output()
        .unwrap();
    let all: Value = serde_json::from_slice(&out.stdout).unwrap();
    let reports = all.as_array().unwrap();
    assert!(reports.len() > 40);
    for r in reports {
        let errors: Vec<String> = validator
            .iter_errors(r)
            .map(|e| format!("{} at {}", e, e.instance_path))
            .collect();
        assert!(errors.is_empty(), "{}: {errors:?}", r["file"]);
    }
    // The validator does reject what the schema forbids.
    let mut broken = reports[0].clone();
    broken["findings"] = serde_json::json!([{"code": "no-such-code"}]);
    assert!(validator.iter_errors(&broken).next().is_some());
    // The schema's code list is the registry.
    let codes: BTreeSet<&str> = schema["$defs"]["code"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    // Check reports never carry the tournament codes (`goref tournament` does).
    let registry: BTreeSet<&str> = goref_core::findings::CodeInfo::ALL
        .iter()
        .filter(|i| i.category != goref_core::findings::Category::Tournament)
        .map(|i| i.name)
        .collect();
    assert_eq!(codes, registry);
}

#[test]
fn a_file_without_a_game_still_gets_one_report() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("junk.sgf");
    std::fs::write(&path, b"\x00\x01 this is not SGF at all \xff").unwrap();
    let reports = check_jsonl(&[path.to_str().unwrap()]);
    assert_eq!(reports.len(), 1);
    assert!(reports[0]["game"].is_null());
    assert!(!reports[0]["findings"].as_array().unwrap().is_empty());
}

#[test]
fn output_is_identical_with_one_and_two_threads() {
    let one = goref()
        .args(["check", "-q", "--format", "jsonl", "-j", "1", "testdata/"])
        .output()
        .unwrap();
    let two = goref()
        .args(["check", "-q", "--format", "jsonl", "-j", "2", "testdata/"])
        .output()
        .unwrap();
    assert_eq!(one.stdout, two.stdout);
    let files: Vec<String> = String::from_utf8(one.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["file"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    let mut sorted = files.clone();
    sorted.sort();
    assert_eq!(files, sorted, "sorted by path");
}

#[test]
fn stdin_ok_and_fail_lists_and_summary() {
    let clean = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/clean-9x9.sgf"))
        .unwrap();
    let out = goref()
        .args(["check", "-q", "--format", "jsonl", "-"])
        .write_stdin(clean)
        .output()
        .unwrap();
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(r["file"], "-");
    assert_eq!(r["result"]["status"], "agrees");

    let dir = tempfile::tempdir().unwrap();
    let (ok, fail, summary) = (
        dir.path().join("ok.txt"),
        dir.path().join("fail.txt"),
        dir.path().join("s.json"),
    );
    goref()
        .args([
            "check",
            "-q",
            "testdata/clean-9x9.sgf",
            "testdata/ko-retake.sgf",
            "--ok-list",
        ])
        .arg(&ok)
        .arg("--fail-list")
        .arg(&fail)
        .arg("--summary")
        .arg(&summary)
        .assert()
        .code(1);
    assert_eq!(
        std::fs::read_to_string(&ok).unwrap(),
        "testdata/clean-9x9.sgf\n"
    );
    assert_eq!(
        std::fs::read_to_string(&fail).unwrap(),
        "testdata/ko-retake.sgf\n"
    );
    let s: Value = serde_json::from_str(&std::fs::read_to_string(&summary).unwrap()).unwrap();
    assert_eq!(s["files"], 2);
    assert_eq!(s["games"], 2);
}

#[test]
fn text_report_snapshot() {
    let out = goref()
        .args([
            "check",
            "-q",
            "testdata/ko-retake.sgf",
            "testdata/clean-9x9.sgf",
            "testdata/malformed.sgf",
        ])
        .output()
        .unwrap();
    insta::assert_snapshot!(String::from_utf8(out.stdout).unwrap());
}

#[test]
fn full_text_report_snapshot() {
    // The per-game layout (rules, komi, result, score) under --format full and -v.
    let full = goref()
        .args(["check", "-q", "--format", "full"])
        .args(["testdata/ko-retake.sgf", "testdata/clean-9x9.sgf"])
        .output()
        .unwrap();
    let verbose = goref()
        .args(["check", "-q", "-v"])
        .args(["testdata/ko-retake.sgf", "testdata/clean-9x9.sgf"])
        .output()
        .unwrap();
    assert_eq!(full.stdout, verbose.stdout);
    insta::assert_snapshot!(String::from_utf8(full.stdout).unwrap());
}

#[test]
fn a_count_that_differs_under_assumed_rules_is_unverified_not_a_mismatch() {
    // result-mismatch.sgf's board without RU and without KM: goref does not know how it
    // was counted nor with which komi (the rules' 8, or any up to 8), so W+2 against the
    // count's W+8 is a difference it reports without calling it a mismatch.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no-ru.sgf");
    std::fs::write(
        &path,
        "(;GM[1]FF[4]SZ[5]RE[W+2];B[cc];W[];B[];W[aa];B[];W[])",
    )
    .unwrap();
    let r = &check_jsonl(&[path.to_str().unwrap()])[0];
    assert_eq!(r["result"]["status"], "unverified", "{r}");
    assert!(r["result"]["reason"]
        .as_str()
        .unwrap()
        .contains("does not state its rules"));
    assert!(!codes(r).contains(&"result-mismatch"), "{:?}", codes(r));
    assert!(codes(r).contains(&"rules-assumed"));
}

#[test]
fn a_difference_no_rules_explain_is_a_mismatch_even_under_assumed_rules() {
    // With KM[0.5] recorded and both counting methods at W+0.5, RE[B+5] is 5.5 points
    // away: no counting method, compensation or komi explains it. A mismatch, but a
    // warning: the rules (and so how the game ended) are assumed.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no-ru.sgf");
    std::fs::write(
        &path,
        "(;GM[1]FF[4]SZ[5]KM[0.5]RE[B+5];B[cc];W[];B[];W[aa];B[];W[])",
    )
    .unwrap();
    let r = &check_jsonl(&[path.to_str().unwrap()])[0];
    assert_eq!(r["result"]["status"], "mismatch", "{r}");
    let mismatch = r["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "result-mismatch")
        .expect("result-mismatch");
    assert_eq!(mismatch["severity"], "warning");
    assert!(mismatch["message"]
        .as_str()
        .unwrap()
        .contains("does not state its rules, but no counting method"));
}

fn codes(r: &Value) -> Vec<&str> {
    r["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect()
}

#[test]
fn every_registry_example_produces_its_code() {
    // The example `goref explain` shows for a code is a record that yields it.
    let opts = goref_core::check::CheckOptions {
        referee: goref_core::check::RefereeOptions {
            count_as_is: true,
            ..Default::default()
        },
        ..Default::default()
    };
    let mut wrong = Vec::new();
    for info in goref_core::findings::CodeInfo::ALL {
        if info.example == "-" {
            continue; // io-error and internal-error have no record to show.
        }
        if info.category == goref_core::findings::Category::Tournament {
            continue; // A table and a record: tests/tournament.rs shows each example.
        }
        // Some codes need the estimate turned off (`--estimator none`).
        let without_estimate = goref_core::check::CheckOptions {
            referee: goref_core::check::RefereeOptions {
                estimator: goref_core::count::Estimator::None,
                ..opts.referee.clone()
            },
            ..opts.clone()
        };
        let yields = |opts: &goref_core::check::CheckOptions| {
            goref_core::check::check_bytes("example.sgf", info.example.as_bytes(), opts)
                .iter()
                .flat_map(|r| r.findings())
                .any(|f| f.code == info.code)
        };
        if !yields(&opts) && !yields(&without_estimate) {
            wrong.push(info.name);
        }
    }
    assert!(
        wrong.is_empty(),
        "examples that do not produce their code: {wrong:?}"
    );
}
