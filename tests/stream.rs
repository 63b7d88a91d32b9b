//! Streamed collections (issue 17): a file checked game tree by game tree gives the
//! reports of the same games checked as separate files, in file order, with any thread
//! count; an unclosed game tree followed by a new record costs no game. The memory
//! bound is measured by scripts/bench-stream.sh, not asserted here.

use assert_cmd::Command;
use goref_batch::RunOptions;
use goref_batch::{self as batch, check_stream};
use goref_core::check::{check_bytes, CheckOptions};
use goref_core::findings::Code;
use goref_core::report::GameReport;
use serde_json::Value;
use std::convert::Infallible;
use std::ops::ControlFlow;
use std::path::PathBuf;

/// Every single-game, UTF-8 record of testdata whose check has no finding outside its
/// game (text around the tree would move to a neighbour in a collection).
fn single_games() -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<PathBuf> = walk(PathBuf::from("testdata"));
    files.sort();
    files
        .into_iter()
        .filter_map(|p| {
            let bytes = std::fs::read(&p).ok()?;
            let reports = check_bytes("x", &bytes, &CheckOptions::default());
            let one = reports.len() == 1 && reports[0].game().is_some();
            let utf8 = reports[0].to_json_value()["charset"]["used"] == "UTF-8";
            let clean = reports[0]
                .findings()
                .iter()
                .all(|f| f.code != Code::SyntaxError || !f.message.contains("game tree"))
                && std::str::from_utf8(&bytes).is_ok_and(|t| t.trim_end().ends_with(')'));
            (one && utf8 && clean).then_some((p, bytes))
        })
        .collect()
}

fn walk(dir: PathBuf) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(p));
        } else if p.extension().is_some_and(|x| x == "sgf") {
            out.push(p);
        }
    }
    out
}

/// A report as JSON, without what depends on where the game is stored: file name,
/// index in the file, line numbers, and the declared charset (a collection has one).
fn normalised(r: &GameReport) -> Value {
    let mut v: Value = serde_json::from_str(&r.to_json_line()).unwrap();
    let o = v.as_object_mut().unwrap();
    o.remove("file");
    o.remove("game");
    o.remove("charset");
    for f in o["findings"].as_array_mut().unwrap() {
        f.as_object_mut().unwrap().remove("line");
    }
    v
}

fn streamed(bytes: &[u8], prefix: usize, threads: usize) -> Vec<GameReport> {
    let mut out = Vec::new();
    let run = RunOptions {
        threads,
        ..RunOptions::default()
    };
    let prefix = prefix.min(bytes.len());
    check_stream(
        "c.sgf",
        &bytes[..prefix],
        &bytes[prefix..],
        &CheckOptions::default(),
        &run,
        |reports| {
            out.extend(reports);
            Ok::<_, Infallible>(ControlFlow::Continue(()))
        },
    )
    .unwrap();
    out
}

#[test]
fn a_streamed_collection_gives_the_reports_of_separate_files() {
    let games = single_games();
    assert!(
        games.len() >= 20,
        "testdata has {} single games",
        games.len()
    );
    let mut collection = Vec::new();
    let mut expected = Vec::new();
    for (path, bytes) in &games {
        collection.extend_from_slice(bytes);
        collection.push(b'\n');
        let name = path.display().to_string();
        expected.extend(
            check_bytes(&name, bytes, &CheckOptions::default())
                .iter()
                .map(normalised),
        );
    }
    for (prefix, threads) in [(100, 1), (5_000, 2), (usize::MAX, 3)] {
        let got = streamed(&collection, prefix, threads);
        assert_eq!(got.len(), expected.len());
        for (k, (g, e)) in got.iter().zip(&expected).enumerate() {
            assert_eq!(g.game(), Some(k + 1), "file order");
            assert_eq!(&normalised(g), e, "game {k} ({})", games[k].0.display());
        }
    }
    // The whole-file check of the same collection agrees game for game too.
    let whole = check_bytes("c.sgf", &collection, &CheckOptions::default());
    let whole: Vec<Value> = whole.iter().map(normalised).collect();
    assert_eq!(whole, expected);
}

const UNCLOSED: &str = "(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[cc];B[gg]\n\
    \n\
    (;GM[1]FF[4]SZ[9]KM[7];B[cc];W[ee])\n\
    (;GM[1]FF[4]SZ[9]KM[7];B[gc])\n";

fn assert_recovered(reports: &[GameReport]) {
    assert_eq!(reports.len(), 3, "no game lost: {reports:#?}");
    assert_eq!(
        reports.iter().map(|r| r.moves()).collect::<Vec<_>>(),
        [3, 2, 1]
    );
    let f = reports[0]
        .findings()
        .iter()
        .find(|f| f.code == Code::SyntaxError)
        .expect("a syntax finding on the unclosed tree");
    assert_eq!((f.line, f.column), (Some(1), Some(1)), "{f:?}");
    assert!(
        f.message.contains("not closed") && f.message.contains("2 lines later"),
        "{}",
        f.message
    );
    assert!(reports[1..]
        .iter()
        .all(|r| r.findings().iter().all(|f| f.code != Code::SyntaxError)));
}

#[test]
fn an_unclosed_tree_followed_by_a_new_record_is_recovered_whole_and_streamed() {
    assert_recovered(&check_bytes(
        "u.sgf",
        UNCLOSED.as_bytes(),
        &CheckOptions::default(),
    ));
    for prefix in [0, 10, 60] {
        assert_recovered(&streamed(UNCLOSED.as_bytes(), prefix, 2));
    }
}

/// A collection over [`batch::STREAM_ABOVE`] through the binary: every game, in order,
/// with one and two threads giving the same bytes; an unclosed tree in the middle.
#[test]
fn the_cli_streams_a_large_collection_in_file_order() {
    let games = single_games();
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.sgf");
    let mut bytes = Vec::new();
    let mut count = 0;
    for (_, g) in &games {
        bytes.extend_from_slice(g);
        bytes.push(b'\n');
        count += 1;
    }
    bytes.extend_from_slice(UNCLOSED.as_bytes());
    count += 3;
    // Padding that is cheap to referee in a debug build: long comments.
    let comment = "a long comment ".repeat(10_000);
    while bytes.len() <= batch::STREAM_ABOVE {
        bytes.extend_from_slice(format!("(;GM[1]SZ[9]C[{comment}];B[ee])\n").as_bytes());
        count += 1;
    }
    std::fs::write(&big, &bytes).unwrap();
    let run = |j: &str| {
        let out = Command::cargo_bin("goref")
            .unwrap()
            .args(["check", "-q", "--no-progress", "--format", "jsonl", "-j", j])
            .arg(&big)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    let lines: Vec<Value> = one
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), count);
    for (k, r) in lines.iter().enumerate() {
        assert_eq!(r["game"], k + 1, "file order");
    }
}

/// A streamed collection of Fox exports (no CA, UTF-8 names cut in the middle of a
/// character): the charset decided on the start is UTF-8, as for each record alone, so
/// that no game's rank runs on over its komi (docs/reading.md, Decoding cascade).
#[test]
fn a_streamed_fox_collection_keeps_every_komi() {
    let game: &[u8] = b"(;GM[1]FF[4]  SZ[19]  PB[\xe5\xb0?\xe6\xb5\xa3\xe8\x83\xbd]  \
        PW[\xe7\xbb?\xe8\x89\xba]  BR[9\xe6\xae\xb5]  WR[P9\xe6\xae\xb5]  KM[550]HA[3]\
        RU[Japanese]RE[W+R];AB[pd][dp][dd];W[pp];B[qn])\n";
    let alone = check_bytes("x", game, &CheckOptions::default());
    assert_eq!(alone[0].to_json_value()["komi"]["value"], 5.5);
    let collection = game.repeat(50);
    for prefix in [64, 4096, collection.len()] {
        let reports = streamed(&collection, prefix, 1);
        assert_eq!(reports.len(), 50);
        for r in &reports {
            let v = r.to_json_value();
            assert_eq!(v["komi"]["value"], 5.5, "prefix {prefix}: {}", v["info"]);
            assert_eq!(v["info"]["black_rank"], "9段");
        }
    }
}
