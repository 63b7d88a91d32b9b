//! Regressions from the fuzzing and hostile-input work of issue 9 (docs/fuzzing.md).
//!
//! The libFuzzer runs (`read` and `check`, 30 minutes each, then 15 more each on the
//! fixed code with inputs up to 64 KiB) found no crash, hang or OOM. The bugs were
//! found by the hostile-input suite (tests/hostile.rs) and are about scale, so the
//! inputs here are small, inlined ones that pin down the fixed code paths; the
//! large ones stay in tests/hostile.rs. A crash found by a later fuzzing run goes
//! here as its minimized input, inlined as bytes.

use goref_core::check::{check_bytes, CheckOptions};
use goref_core::findings::{Code, Finding};

const MAX_PER_CODE: usize = Finding::MAX_PER_CODE;
use goref_core::read::{read, ReadOptions};

fn findings(bytes: &[u8]) -> Vec<Finding> {
    check_bytes("f.sgf", bytes, &CheckOptions::default())
        .into_iter()
        .flat_map(|r| r.findings().to_vec())
        .collect()
}

fn duplicate_warnings(bytes: &[u8]) -> Vec<String> {
    read(bytes, &ReadOptions::default())
        .games
        .into_iter()
        .flat_map(|g| g.findings().to_vec())
        .filter(|f| f.code == Code::SyntaxError && f.message.contains("appears twice"))
        .map(|f| f.message)
        .collect()
}

/// `n` distinct private properties `XAA`, `XAB`, ….
fn props(n: usize) -> String {
    (0..n)
        .map(|i| {
            let (a, b) = (
                (b'A' + (i / 26) as u8) as char,
                (b'A' + (i % 26) as u8) as char,
            );
            format!("X{a}{b}[v]")
        })
        .collect()
}

/// A node of `n` distinct private properties, then `tail`, then a move.
fn wide_node(n: usize, tail: &str) -> Vec<u8> {
    format!("(;SZ[9]{}{tail};B[ee])", props(n)).into_bytes()
}

/// Duplicate check of a node with many properties (was quadratic; now a set beyond
/// 16 properties): duplicates are still found before, at and after the switch, and
/// distinct identifiers are not reported.
#[test]
fn duplicate_properties_in_wide_nodes() {
    assert!(duplicate_warnings(&wide_node(10, "")).is_empty());
    assert!(duplicate_warnings(&wide_node(400, "")).is_empty());
    // A repeat of the first property, found by the linear scan and by the set.
    for n in [3, 15, 16, 17, 400] {
        let w = duplicate_warnings(&wide_node(n, "XAA[w]"));
        assert_eq!(w.len(), 1, "{n} properties: {w:?}");
        assert!(w[0].contains("`XAA`"), "{w:?}");
    }
    // Two repeats after the switch, and a repeat of a late property.
    let w = duplicate_warnings(&wide_node(40, "XAC[w]XBD[w]XBD[z]"));
    assert_eq!(w.len(), 3, "{w:?}");
    // The set is per node: the same identifiers in the next node are no duplicates.
    let two = format!("(;SZ[9]{};{}B[ee])", props(40), props(40));
    assert!(duplicate_warnings(two.as_bytes()).is_empty(), "{two}");
}

/// A record with far more illegal moves than the cap: at most MAX_PER_CODE listed,
/// then one finding counting the rest, with the code's severity.
#[test]
fn findings_of_one_code_are_capped_per_game() {
    let mut s = String::from("(;SZ[9];B[ee]");
    let over = 25;
    for _ in 0..(MAX_PER_CODE + over) / 2 {
        s.push_str(";W[ee];B[ee]");
    }
    s.push(')');
    let f = findings(s.as_bytes());
    let occupied: Vec<&Finding> = f.iter().filter(|f| f.code == Code::OccupiedPoint).collect();
    assert_eq!(occupied.len(), MAX_PER_CODE + 1);
    let last = occupied[MAX_PER_CODE];
    let dropped = (MAX_PER_CODE + over) / 2 * 2 - MAX_PER_CODE;
    assert!(
        last.message
            .starts_with(&format!("{dropped} more `occupied-point`")),
        "{}",
        last.message
    );
    assert_eq!(last.severity, Code::OccupiedPoint.default_severity());
    // The listed ones are the first, in move order.
    assert_eq!(occupied[0].move_number, Some(2));
    assert_eq!(
        occupied[MAX_PER_CODE - 1].move_number,
        Some(MAX_PER_CODE as u32 + 1)
    );
}

/// Under the cap nothing changes.
#[test]
fn findings_under_the_cap_are_all_listed() {
    let f = findings(b"(;SZ[9];B[ee];W[ee];B[ee])");
    let n = f.iter().filter(|f| f.code == Code::OccupiedPoint).count();
    assert_eq!(n, 2);
    assert!(f.iter().all(|f| !f.message.contains("more `")));
}

/// One colour only: an alternation finding for every move after the first (their
/// moves were looked up by a linear scan each), capped like the rest.
#[test]
fn alternation_lookups_and_cap() {
    let mut s = String::from("(;SZ[19]");
    for i in 0..2000 {
        s.push_str(&format!(
            ";B[{}{}]",
            (b'a' + (i % 19) as u8) as char,
            (b'a' + (i / 19 % 19) as u8) as char
        ));
    }
    s.push(')');
    let f = findings(s.as_bytes());
    let alt: Vec<&Finding> = f.iter().filter(|f| f.code == Code::Alternation).collect();
    assert_eq!(alt.len(), MAX_PER_CODE + 1);
    // Located on the right move: the second Black move in a row is move 2, at `ba`.
    assert_eq!(alt[0].move_number, Some(2));
    assert_eq!(alt[0].point.as_deref(), Some("ba"));
    assert!(alt[MAX_PER_CODE].message.contains("more `alternation`"));
}
