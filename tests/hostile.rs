//! Hostile inputs through the whole check of one file (`check_bytes`: read, referee
//! every game, render every report). Every input is generated here (see
//! tests/common/hostile_cases.rs); none is committed. Each must give reports with the
//! expected findings and never panic. Time and memory are not asserted here (no timing
//! in tests): `cargo run --release --example hostile_limits` measures them, and
//! docs/fuzzing.md records the numbers.

mod common;

use common::hostile_cases::{self, Case};
use goref_core::check::{check_bytes, CheckOptions};
use goref_core::findings::{Code, Finding};

const MAX_PER_CODE: usize = Finding::MAX_PER_CODE;
use goref_core::read::ReadOptions;
use goref_core::report::GameReport;

fn case(name: &str) -> Case {
    hostile_cases::all()
        .into_iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no hostile case {name}"))
}

/// Runs one case through `check_bytes` and the JSONL rendering; checks what every
/// report must satisfy and that the expected codes are there.
fn check(name: &str) -> Vec<GameReport> {
    check_with(name, ReadOptions::default())
}

fn check_with(name: &str, read: ReadOptions) -> Vec<GameReport> {
    let c = case(name);
    let bytes = (c.make)();
    let opts = CheckOptions {
        read: ReadOptions {
            variations: c.variations,
            ..read
        },
        ..CheckOptions::default()
    };
    let reports = check_bytes(c.name, &bytes, &opts);
    assert!(!reports.is_empty(), "{name}: at least one report");
    for r in &reports {
        assert_eq!(r.file(), c.name);
        let line = r.to_json_line();
        assert!(!line.contains('\n'), "{name}: one JSONL line per report");
        let v: serde_json::Value = serde_json::from_str(&line).expect("valid JSON");
        assert_eq!(v["schema"], "goref.report/2");
        // The per-code cap holds (the cap's own summary is the one extra).
        for code in r.findings().iter().map(|f| f.code) {
            let n = r.findings().iter().filter(|f| f.code == code).count();
            assert!(n <= MAX_PER_CODE + 1, "{name}: {n} findings of {code}");
        }
    }
    let found: Vec<&str> = reports
        .iter()
        .flat_map(|r| r.findings().iter().map(|f| f.code.as_str()))
        .collect();
    for want in c.expect {
        assert!(found.contains(want), "{name}: expected {want} in {found:?}");
    }
    reports
}

fn codes(r: &GameReport) -> Vec<Code> {
    r.findings().iter().map(|f| f.code).collect()
}

#[test]
fn main_line_of_a_million_nodes() {
    let reports = check("main-line-1m-nodes");
    assert_eq!(reports.len(), 1);
    assert_eq!(reports[0].moves(), 1_000_000);
    // Far more than the cap of occupied points: listed up to the cap, then counted.
    let occupied = reports[0]
        .findings()
        .iter()
        .filter(|f| f.code == Code::OccupiedPoint)
        .collect::<Vec<_>>();
    assert_eq!(occupied.len(), MAX_PER_CODE + 1);
    assert!(occupied[MAX_PER_CODE]
        .message
        .contains("more `occupied-point`"));
}

#[test]
fn main_line_of_a_million_moves_by_one_colour() {
    let reports = check("main-line-1m-one-colour");
    assert_eq!(reports[0].moves(), 1_000_000);
}

#[test]
fn nested_variations_100k_deep_main_line_only() {
    let reports = check("nested-100k-variations-off");
    assert_eq!(reports.len(), 1);
    assert_eq!(reports[0].moves(), 100_000);
}

#[test]
fn nested_variations_100k_deep_every_line() {
    // The cap on nodes read over all lines stops the reading long before 100,001 lines
    // of up to 100,000 moves. A debug build takes about 15 times as long as a release
    // one, so there the cap is a fifth of the default (about 10 lines instead of 50);
    // the release numbers with the default are in docs/fuzzing.md.
    let max_variation_nodes = if cfg!(debug_assertions) {
        goref_core::read::ReadOptions::DEFAULT_MAX_VARIATION_NODES / 5
    } else {
        goref_core::read::ReadOptions::DEFAULT_MAX_VARIATION_NODES
    };
    let reports = check_with(
        "nested-100k-variations-on",
        ReadOptions {
            max_variation_nodes,
            ..ReadOptions::default()
        },
    );
    // The main line always comes first, whole.
    assert!(
        reports.len() > 1 && reports.len() < 1000,
        "{}",
        reports.len()
    );
    assert_eq!(reports[0].moves(), 100_000);
    assert!(reports[0].to_json_value().get("variation").is_none());
}

#[test]
fn ten_thousand_sibling_variations() {
    let reports = check("siblings-10k-variations-on");
    // One report per line, up to the default line cap.
    assert_eq!(
        reports.len(),
        goref_core::read::ReadOptions::DEFAULT_MAX_LINES
    );
    assert!(reports.iter().all(|r| r.moves() == 2));
}

#[test]
fn a_50_mb_comment() {
    let reports = check("comment-50mb");
    assert_eq!(reports.len(), 1);
    assert_eq!(reports[0].moves(), 2);
    assert!(!codes(&reports[0]).contains(&Code::SyntaxError));
}

#[test]
fn a_node_with_a_million_properties() {
    let reports = check("node-1m-properties");
    assert_eq!(reports.len(), 1);
    assert_eq!(reports[0].moves(), 1);
}

#[test]
fn binary_garbage() {
    check("binary-garbage");
}

#[test]
fn nul_bytes() {
    let reports = check("nul-bytes");
    assert!(reports.iter().any(|r| r.game().is_some()));
}

#[test]
fn invalid_utf8_under_ca_utf8() {
    let reports = check("invalid-utf8-under-ca-utf8");
    assert_eq!(reports[0].moves(), 2);
}

#[test]
fn utf16_without_bom() {
    let reports = check("utf16-without-bom");
    assert_eq!(reports[0].moves(), 3, "{:?}", reports[0].findings());
}

#[test]
fn board_size_0() {
    check("sz-0");
}

#[test]
fn board_size_53() {
    check("sz-53");
}

#[test]
fn board_size_1000000() {
    check("sz-1000000");
}

#[test]
fn points_outside_the_board() {
    check("points-off-board");
}

#[test]
fn escaped_brackets_everywhere() {
    let reports = check("escaped-brackets");
    assert_eq!(reports.len(), 1);
    assert_eq!(reports[0].moves(), 4);
}

#[test]
fn cr_only_line_endings() {
    let reports = check("cr-only-line-endings");
    let f = reports[0]
        .findings()
        .iter()
        .find(|f| f.code == Code::OccupiedPoint)
        .unwrap();
    // CR alone ends a line: `;W[ee]` is on line 8.
    assert_eq!(f.line, Some(8), "{f:?}");
}

#[test]
fn every_case_has_a_test() {
    let src = include_str!("hostile.rs");
    for c in hostile_cases::all() {
        assert!(
            src.contains(&format!("\"{}\"", c.name)),
            "case {} has no test",
            c.name
        );
    }
}

/// 128 MB of NULs streamed (never held whole: the stream drops text outside game trees a
/// block at a time, `src/read/stream.rs` asserts the bound) give one report with one
/// finding that counts every byte.
#[test]
fn a_stream_of_128_mb_of_nuls_is_one_finding() {
    use std::io::Read;
    let rest = std::io::repeat(0).take(128 << 20);
    let mut reports: Vec<GameReport> = Vec::new();
    goref_batch::check_stream(
        "nul.sgf",
        &[],
        rest,
        &CheckOptions::default(),
        &goref_batch::RunOptions::default(),
        |r| {
            reports.extend(r);
            Ok::<_, std::convert::Infallible>(std::ops::ControlFlow::Continue(()))
        },
    )
    .unwrap();
    assert_eq!(reports.len(), 1);
    let junk = reports[0]
        .findings()
        .iter()
        .filter(|f| f.message.contains("ignored 134217728 character(s)"))
        .count();
    assert_eq!(junk, 1, "{:?}", reports[0].findings());
}
