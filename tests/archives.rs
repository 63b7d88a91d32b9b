//! `goref check` on archives built here: every kind, found by content and in folders,
//! members named `ARCHIVE:MEMBER` in every output, damage and bombs reported while
//! the rest is checked.

mod common;

use common::{check_jsonl, goref};
use serde_json::Value;
use std::io::{Cursor, Write};
use std::path::{Path, PathBuf};
use tempfile::TempDir;

const CLEAN: &[u8] = include_bytes!("../testdata/clean-9x9.sgf");
const KO: &[u8] = include_bytes!("../testdata/ko-retake.sgf");

/// Members in nested folders, with a file that is not a record and an upper-case ending.
fn members() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("games/a.sgf", CLEAN.to_vec()),
        ("README.txt", b"not a record".to_vec()),
        ("games/2001/03/b.sgf", KO.to_vec()),
        ("games/2001/c.SGF", CLEAN.to_vec()),
    ]
}

/// The records of [`members`], in archive order.
const RECORDS: [&str; 3] = ["games/a.sgf", "games/2001/03/b.sgf", "games/2001/c.SGF"];

fn tar(members: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut builder = tar::Builder::new(Vec::new());
    for (name, data) in members {
        let mut header = tar::Header::new_gnu();
        header.set_size(data.len() as u64);
        header.set_mode(0o644);
        header.set_cksum();
        builder.append_data(&mut header, name, &data[..]).unwrap();
    }
    builder.into_inner().unwrap()
}

fn zip_with(members: &[(&str, Vec<u8>)], method: zip::CompressionMethod) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default().compression_method(method);
    for (name, data) in members {
        zip.start_file(*name, options).unwrap();
        zip.write_all(data).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

fn zip(members: &[(&str, Vec<u8>)]) -> Vec<u8> {
    zip_with(members, zip::CompressionMethod::Deflated)
}

fn gz(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

fn bz2(bytes: &[u8]) -> Vec<u8> {
    let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

fn xz(bytes: &[u8]) -> Vec<u8> {
    let mut e = liblzma::write::XzEncoder::new(Vec::new(), 6);
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

fn put(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(&path, bytes).unwrap();
    path
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

fn files(reports: &[Value]) -> Vec<String> {
    reports
        .iter()
        .map(|r| r["file"].as_str().unwrap().to_string())
        .collect()
}

fn codes(report: &Value) -> Vec<String> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap().to_string())
        .collect()
}

/// The one report of `file`, and the message of its finding `code`.
fn finding(reports: &[Value], file: &str, code: &str) -> String {
    let report = reports
        .iter()
        .find(|r| r["file"] == file)
        .unwrap_or_else(|| panic!("no report for {file} in {:?}", files(reports)));
    let f = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == code)
        .unwrap_or_else(|| panic!("{file}: no {code} in {report}"));
    f["message"].as_str().unwrap().to_string()
}

#[test]
fn every_kind_is_read_by_its_content_whatever_its_name() {
    let tmp = TempDir::new().unwrap();
    let plain = tar(&members());
    let kinds: Vec<(&str, Vec<u8>)> = vec![
        ("a.zip", zip(&members())),
        ("a.tar", plain.clone()),
        ("a.tar.gz", gz(&plain)),
        ("a.tgz", gz(&plain)),
        ("a.tar.bz2", bz2(&plain)),
        ("a.tar.xz", xz(&plain)),
        // Misnamed: the bytes decide.
        ("zip-named.tar", zip(&members())),
        ("tar-gz-named.dat", gz(&plain)),
        ("xz-named.sgf", xz(&plain)),
    ];
    for (name, bytes) in kinds {
        let path = put(tmp.path(), name, &bytes);
        let reports = check_jsonl(&[s(&path)]);
        let expected: Vec<String> = RECORDS
            .iter()
            .map(|m| format!("{}:{m}", s(&path)))
            .collect();
        assert_eq!(files(&reports), expected, "{name}");
        assert!(
            codes(&reports[1]).contains(&"positional-superko".to_string()),
            "{name}"
        );
        assert_eq!(reports[0]["result"]["status"], "agrees", "{name}");
    }
}

#[test]
fn a_zip_after_other_bytes_is_read_when_named_zip() {
    let tmp = TempDir::new().unwrap();
    let mut bytes = b"#!/bin/sh\necho a self-extracting stub\n".to_vec();
    bytes.extend(zip(&members()));
    let path = put(tmp.path(), "sfx.zip", &bytes);
    let reports = check_jsonl(&[s(&path)]);
    let expected: Vec<String> = RECORDS
        .iter()
        .map(|m| format!("{}:{m}", s(&path)))
        .collect();
    assert_eq!(files(&reports), expected);
    // Not named .zip: its bytes say nothing of a zip, so it is a (broken) record.
    let other = put(tmp.path(), "sfx.bin", &bytes);
    let reports = check_jsonl(&[s(&other)]);
    assert_eq!(files(&reports), [s(&other)]);
    // Named .zip but no zip at all: a damaged archive, not "not SGF".
    let fake = put(tmp.path(), "fake.zip", b"(;GM[1])");
    let reports = check_jsonl(&[s(&fake)]);
    assert_eq!(codes(&reports[0]), ["archive-damaged"]);
}

#[test]
fn a_compressed_record_is_named_by_its_own_path() {
    let tmp = TempDir::new().unwrap();
    for (name, bytes) in [
        ("k.sgf.gz", gz(KO)),
        ("k.sgf.bz2", bz2(KO)),
        ("k.sgf.xz", xz(KO)),
        ("k-gz-named-plainly.sgf", gz(KO)),
    ] {
        let path = put(tmp.path(), name, &bytes);
        let reports = check_jsonl(&[s(&path)]);
        assert_eq!(files(&reports), [s(&path)], "{name}");
        assert!(codes(&reports[0]).contains(&"positional-superko".to_string()));
    }
}

#[test]
fn folders_yield_their_archives_and_compressed_records_in_order() {
    let tmp = TempDir::new().unwrap();
    let root = tmp.path().join("root");
    put(&root, "a.sgf", CLEAN);
    put(&root, "b/x.tar.gz", &gz(&tar(&members())));
    put(&root, "b/y.sgf.gz", &gz(KO));
    // Not records: left alone as notes.txt and a.png would be.
    put(&root, "b/notes.txt.gz", &gz(b"notes"));
    put(&root, "b/z.png", b"\x89PNG");
    put(&root, "c.ZIP", &zip(&members()[..1]));
    let reports = check_jsonl(&[s(&root)]);
    let r = s(&root);
    assert_eq!(
        files(&reports),
        [
            format!("{r}/a.sgf"),
            format!("{r}/b/x.tar.gz:games/a.sgf"),
            format!("{r}/b/x.tar.gz:games/2001/03/b.sgf"),
            format!("{r}/b/x.tar.gz:games/2001/c.SGF"),
            format!("{r}/b/y.sgf.gz"),
            format!("{r}/c.ZIP:games/a.sgf"),
        ]
    );
}

#[test]
fn member_names_are_the_same_in_text_fail_lists_html_and_the_summary() {
    let tmp = TempDir::new().unwrap();
    let path = put(tmp.path(), "games.zip", &zip(&members()));
    let fail = tmp.path().join("fail.txt");
    let ok = tmp.path().join("ok.txt");
    let out = goref()
        .args([
            "check",
            "-q",
            "--fail-list",
            s(&fail),
            "--ok-list",
            s(&ok),
            s(&path),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let member = format!("{}:games/2001/03/b.sgf", s(&path));
    assert!(
        text.contains(&format!("{member}:4:15: error positional-superko")),
        "{text}"
    );
    assert_eq!(
        std::fs::read_to_string(&fail).unwrap(),
        format!("{member}\n")
    );
    assert_eq!(
        std::fs::read_to_string(&ok).unwrap(),
        format!("{0}:games/a.sgf\n{0}:games/2001/c.SGF\n", s(&path))
    );
    let html = goref()
        .args(["check", "-q", "--format", "html", s(&path)])
        .output()
        .unwrap();
    assert!(String::from_utf8(html.stdout).unwrap().contains(&member));
    // The summary on stdout, the report in a file (stdout carries one kind of output).
    let report = tmp.path().join("report.json");
    let summary = goref()
        .args([
            "check",
            "-q",
            "--summary",
            "-",
            "--format",
            "json",
            "-o",
            s(&report),
            s(&path),
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8(summary.stdout).unwrap();
    assert!(stdout.contains(&member), "{stdout}");
    assert!(std::fs::read_to_string(&report).unwrap().contains(&member));
}

#[test]
fn members_spread_over_threads_keep_archive_order() {
    let tmp = TempDir::new().unwrap();
    let many: Vec<(String, Vec<u8>)> = (0..60)
        .map(|i| {
            (
                format!("d{}/g{i:02}.sgf", i % 7),
                if i % 3 == 0 { KO } else { CLEAN }.to_vec(),
            )
        })
        .collect();
    let many: Vec<(&str, Vec<u8>)> = many.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
    let path = put(tmp.path(), "many.tar.gz", &gz(&tar(&many)));
    let one = goref()
        .args(["check", "-q", "-j", "1", "--format", "jsonl", s(&path)])
        .output()
        .unwrap();
    let four = goref()
        .args(["check", "-q", "-j", "4", "--format", "jsonl", s(&path)])
        .output()
        .unwrap();
    assert_eq!(one.stdout, four.stdout);
    let reports = check_jsonl(&[s(&path)]);
    let expected: Vec<String> = many
        .iter()
        .map(|(n, _)| format!("{}:{n}", s(&path)))
        .collect();
    assert_eq!(files(&reports), expected);
}

#[test]
fn a_damaged_zip_member_is_a_finding_and_the_others_are_checked() {
    let tmp = TempDir::new().unwrap();
    let mut bytes = zip_with(&members(), zip::CompressionMethod::Stored);
    // Stored: the record's bytes are in the zip as they are; change one (CRC mismatch).
    let at = bytes.windows(KO.len()).position(|w| w == KO).unwrap();
    bytes[at + KO.len() / 2] ^= 0x20;
    let path = put(tmp.path(), "damaged.zip", &bytes);
    let reports = check_jsonl(&[s(&path)]);
    let p = s(&path);
    assert_eq!(
        files(&reports),
        RECORDS
            .iter()
            .map(|m| format!("{p}:{m}"))
            .collect::<Vec<_>>()
    );
    let message = finding(
        &reports,
        &format!("{p}:games/2001/03/b.sgf"),
        "archive-damaged",
    );
    assert!(message.contains("damaged zip data"), "{message}");
    assert_eq!(reports[2]["result"]["status"], "agrees");
}

#[test]
fn a_truncated_compressed_tar_reports_the_damage_after_what_it_read() {
    let tmp = TempDir::new().unwrap();
    let many: Vec<(String, Vec<u8>)> = (0..30)
        .map(|i| (format!("g{i:02}.sgf"), KO.to_vec()))
        .collect();
    let many: Vec<(&str, Vec<u8>)> = many.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
    let whole = gz(&tar(&many));
    let path = put(tmp.path(), "cut.tar.gz", &whole[..whole.len() * 6 / 10]);
    let reports = check_jsonl(&[s(&path)]);
    // The damage is found inside a member (named) or between two (the archive named).
    let last = reports.last().unwrap();
    assert!(last["file"].as_str().unwrap().starts_with(s(&path)));
    assert_eq!(codes(last), ["archive-damaged"]);
    let message = last["findings"][0]["message"].as_str().unwrap();
    assert!(message.contains("the rest of the archive"), "{message}");
    let read = reports.len() - 1;
    assert!((5..30).contains(&read), "{read} members read");
    // Every member before the damage was checked in full.
    for r in &reports[..read] {
        assert!(codes(r).contains(&"positional-superko".to_string()), "{r}");
    }
    // A file that only starts like an archive is damaged, not "not SGF".
    let path = put(tmp.path(), "stub.gz", &whole[..12]);
    let reports = check_jsonl(&[s(&path)]);
    assert_eq!(codes(&reports[0]), ["archive-damaged"]);
}

/// 3 MiB of one byte: deflate packs it more than 1,000 to 1.
fn bomb() -> Vec<u8> {
    vec![b'('; 3 << 20]
}

#[test]
fn a_zip_bomb_member_is_reported_with_its_ratio_and_the_rest_is_checked() {
    let tmp = TempDir::new().unwrap();
    let mut list = members();
    list.insert(1, ("games/bomb.sgf", bomb()));
    let bytes = zip(&list);
    assert!(
        bytes.len() < 16 << 10,
        "the bomb packs 1,000x: {}",
        bytes.len()
    );
    let path = put(tmp.path(), "bomb.zip", &bytes);
    let reports = check_jsonl(&["--member-limit", "1", s(&path)]);
    let p = s(&path);
    assert_eq!(reports.len(), 4);
    let message = finding(
        &reports,
        &format!("{p}:games/bomb.sgf"),
        "archive-member-too-large",
    );
    assert!(
        message.contains("declares 3 MiB, over the limit of 1 MiB"),
        "{message}"
    );
    assert!(message.contains("compressed: "), "{message}");
    assert!(codes(&reports[2]).contains(&"positional-superko".to_string()));
    // Within the default limit the same member is read (and is no game).
    let reports = check_jsonl(&[s(&path)]);
    assert!(!codes(&reports[1]).contains(&"archive-member-too-large".to_string()));
}

#[test]
fn a_bomb_in_a_compressed_tar_ends_the_archive_and_one_in_a_plain_tar_is_skipped() {
    let tmp = TempDir::new().unwrap();
    let mut list = members();
    list.insert(1, ("games/bomb.sgf", bomb()));
    let plain = tar(&list);
    let packed = put(tmp.path(), "bomb.tar.gz", &gz(&plain));
    let reports = check_jsonl(&["--member-limit", "1", s(&packed)]);
    let p = s(&packed);
    assert_eq!(
        files(&reports),
        [format!("{p}:games/a.sgf"), format!("{p}:games/bomb.sgf")]
    );
    let message = finding(
        &reports,
        &format!("{p}:games/bomb.sgf"),
        "archive-member-too-large",
    );
    assert!(
        message.contains("the rest of the compressed archive was not read"),
        "{message}"
    );
    let flat = put(tmp.path(), "bomb.tar", &plain);
    let reports = check_jsonl(&["--member-limit", "1", s(&flat)]);
    assert_eq!(reports.len(), 4);
    // A compressed single record inflating past the limit.
    let single = put(tmp.path(), "bomb.sgf.gz", &gz(&bomb()));
    let reports = check_jsonl(&["--member-limit", "1", s(&single)]);
    let message = finding(&reports, s(&single), "archive-member-too-large");
    assert!(
        message.contains("inflates beyond the limit of 1 MiB"),
        "{message}"
    );
}

#[test]
fn an_archive_of_too_many_entries_is_cut_off_and_reported() {
    let tmp = TempDir::new().unwrap();
    let names: Vec<String> = (0..1500).map(|i| format!("e/{i:04}.sgf")).collect();
    let empty: Vec<(&str, Vec<u8>)> = names.iter().map(|n| (n.as_str(), Vec::new())).collect();
    let packed = put(tmp.path(), "empty.tar.gz", &gz(&tar(&empty)));
    let reports = check_jsonl(&["--max-entries", "1000", s(&packed)]);
    assert_eq!(reports.len(), 1001);
    let last = reports.last().unwrap();
    assert_eq!(last["file"], s(&packed));
    assert_eq!(codes(last), ["archive-too-many-entries"]);
    // A zip says how many entries it holds: refused before its directory is loaded.
    let zipped = put(tmp.path(), "empty.zip", &zip(&empty));
    let reports = check_jsonl(&["--max-entries", "1000", s(&zipped)]);
    assert_eq!(files(&reports), [s(&zipped)]);
    assert_eq!(codes(&reports[0]), ["archive-too-many-entries"]);
}

#[test]
fn nested_archives_are_reported_and_compressed_records_inside_are_checked() {
    let tmp = TempDir::new().unwrap();
    let inner = zip(&members());
    let list = vec![
        ("inner.zip", inner.clone()),
        ("inner.tar.gz", gz(&tar(&members()))),
        ("disguised.sgf", inner),
        ("k.sgf.gz", gz(KO)),
        ("k.sgf", KO.to_vec()),
    ];
    let path = put(tmp.path(), "outer.tar", &tar(&list));
    let reports = check_jsonl(&[s(&path)]);
    let p = s(&path);
    for member in ["inner.zip", "inner.tar.gz", "disguised.sgf"] {
        let message = finding(&reports, &format!("{p}:{member}"), "archive-nested");
        assert!(message.contains("inside an archive"), "{message}");
    }
    let nested = reports
        .iter()
        .find(|r| r["file"] == format!("{p}:inner.zip"))
        .unwrap();
    assert_eq!(nested["findings"][0]["severity"], "warning");
    for member in ["k.sgf.gz", "k.sgf"] {
        let r = reports
            .iter()
            .find(|r| r["file"] == format!("{p}:{member}"))
            .unwrap();
        assert!(
            codes(r).contains(&"positional-superko".to_string()),
            "{member}"
        );
    }
    assert_eq!(reports.len(), 5);
}

#[test]
fn hidden_members_and_mac_resource_forks_are_skipped_unless_hidden() {
    let tmp = TempDir::new().unwrap();
    let list = vec![
        ("games/a.sgf", CLEAN.to_vec()),
        (
            "__MACOSX/games/._a.sgf",
            b"\x00\x05\x16\x07 resource fork".to_vec(),
        ),
        (".git/x.sgf", CLEAN.to_vec()),
    ];
    let path = put(tmp.path(), "mac.zip", &zip(&list));
    let reports = check_jsonl(&[s(&path)]);
    assert_eq!(files(&reports), [format!("{}:games/a.sgf", s(&path))]);
    let reports = check_jsonl(&["--hidden", s(&path)]);
    assert_eq!(reports.len(), 3);
}

#[test]
fn an_archive_without_records_says_so() {
    let tmp = TempDir::new().unwrap();
    let path = put(
        tmp.path(),
        "docs.tar.gz",
        &gz(&tar(&[("README.txt", b"hi".to_vec())])),
    );
    let reports = check_jsonl(&[s(&path)]);
    assert_eq!(files(&reports), [s(&path)]);
    assert_eq!(codes(&reports[0]), ["archive-empty"]);
    assert_eq!(reports[0]["findings"][0]["severity"], "warning");
    let empty = put(tmp.path(), "empty.zip", &zip(&[]));
    assert_eq!(codes(&check_jsonl(&[s(&empty)])[0]), ["archive-empty"]);
}

#[test]
fn ext_chooses_the_members_as_it_chooses_files() {
    let tmp = TempDir::new().unwrap();
    let path = put(tmp.path(), "a.zip", &zip(&members()));
    let reports = check_jsonl(&["--ext", "txt", s(&path)]);
    assert_eq!(files(&reports), [format!("{}:README.txt", s(&path))]);
}

#[test]
fn archives_on_standard_input() {
    let reports = goref()
        .args(["check", "-q", "--format", "jsonl", "-"])
        .write_stdin(gz(&tar(&members())))
        .output()
        .unwrap();
    let text = String::from_utf8(reports.stdout).unwrap();
    let names: Vec<String> = text
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["file"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(names, RECORDS.map(|m| format!("-:{m}")));
    let out = goref()
        .args(["check", "-q", "--format", "jsonl", "-"])
        .write_stdin(zip(&members()))
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("archive-damaged") && text.contains("give its path"),
        "{text}"
    );
}

#[test]
fn a_panic_on_a_member_costs_that_member_only() {
    let tmp = TempDir::new().unwrap();
    let path = put(tmp.path(), "p.zip", &zip(&members()));
    let out = goref()
        .env("GOREF_TEST_PANIC_ON", "b.sgf")
        .args(["check", "-q", "--format", "jsonl", "-j", "2", s(&path)])
        .output()
        .unwrap();
    let reports: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(reports.len(), 3);
    let message = finding(
        &reports,
        &format!("{}:games/2001/03/b.sgf", s(&path)),
        "internal-error",
    );
    assert!(message.contains("deliberate panic"), "{message}");
}

#[test]
fn ignore_and_severity_apply_to_archive_findings() {
    let tmp = TempDir::new().unwrap();
    let path = put(tmp.path(), "n.tar", &tar(&[("inner.zip", zip(&members()))]));
    let reports = check_jsonl(&["--severity", "archive-nested=error", s(&path)]);
    assert_eq!(reports[0]["findings"][0]["severity"], "error");
    let reports = check_jsonl(&["--ignore", "archive-nested", s(&path)]);
    assert_eq!(codes(&reports[0]), Vec::<String>::new());
}

#[test]
#[ignore = "needs ../shared (the development corpus)"]
fn the_corpus_packed_as_a_tar_gz_reports_as_the_folder() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let corpus = std::fs::canonicalize(corpus).expect("../shared/corpus");
    let tmp = TempDir::new().unwrap();
    let packed = tmp.path().join("corpus.tar.gz");
    let gz = flate2::write::GzEncoder::new(
        std::fs::File::create(&packed).unwrap(),
        flate2::Compression::default(),
    );
    let mut builder = tar::Builder::new(gz);
    builder.append_dir_all("corpus", &corpus).unwrap();
    builder.into_inner().unwrap().finish().unwrap();
    // Each record's reports, by its path under the corpus, with the name taken out.
    let by_record = |reports: Vec<Value>, prefix: &str| {
        let mut map: std::collections::BTreeMap<String, Vec<String>> = Default::default();
        for mut r in reports {
            let file = r["file"].as_str().unwrap().to_string();
            let key = file
                .strip_prefix(prefix)
                .unwrap_or_else(|| panic!("{file}"))
                .to_string();
            r["file"] = Value::Null;
            map.entry(key).or_default().push(r.to_string());
        }
        map
    };
    let folder = by_record(
        check_jsonl(&[corpus.to_str().unwrap()]),
        &format!("{}/", corpus.display()),
    );
    let archive = by_record(
        check_jsonl(&[s(&packed)]),
        &format!("{}:corpus/", s(&packed)),
    );
    assert!(folder.len() > 4000, "{}", folder.len());
    assert_eq!(folder.len(), archive.len());
    for (record, reports) in &folder {
        assert_eq!(Some(reports), archive.get(record), "{record}");
    }
}

/// A long game (a few hundred moves), different for each `seed`.
fn long_game(seed: usize) -> Vec<u8> {
    let letters = b"abcdefghijklmnopqrs";
    let mut s = format!("(;GM[1]FF[4]SZ[19]PB[b{seed}]PW[w{seed}]");
    for k in 0..240 {
        let p = (k * 7 + seed) % 361;
        let colour = if k % 2 == 0 { 'B' } else { 'W' };
        let (x, y) = (letters[p % 19] as char, letters[p / 19] as char);
        s.push_str(&format!(";{colour}[{x}{y}]"));
    }
    s.push(')');
    s.into_bytes()
}

#[test]
fn an_interrupt_inside_an_archive_leaves_whole_lines_and_exit_130() {
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    const MEMBERS: usize = 4_000;
    let tmp = TempDir::new().unwrap();
    let names: Vec<String> = (0..MEMBERS).map(|i| format!("g/{i:05}.sgf")).collect();
    let list: Vec<(&str, Vec<u8>)> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), long_game(i)))
        .collect();
    let archive = put(tmp.path(), "long.tar.gz", &gz(&tar(&list)));
    let out_dir = tmp.path().join("out");
    std::fs::create_dir(&out_dir).unwrap();
    let target = out_dir.join("out.jsonl");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("goref"))
        .args([
            "check",
            "--format",
            "jsonl",
            "--no-progress",
            "-j",
            "2",
            "-o",
        ])
        .arg(&target)
        .arg(&archive)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for the first lines in the temporary output, then interrupt.
    let started = Instant::now();
    loop {
        let written = std::fs::read_dir(&out_dir)
            .unwrap()
            .any(|e| e.unwrap().metadata().is_ok_and(|m| m.len() > 0));
        if written {
            break;
        }
        if let Some(status) = child.try_wait().unwrap() {
            panic!("goref ended before the signal: {status}");
        }
        assert!(started.elapsed() < Duration::from_secs(120), "no output");
        std::thread::sleep(Duration::from_millis(20));
    }
    let kill = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let output = child.wait_with_output().unwrap();
    assert_eq!(
        output.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = std::fs::read_to_string(&target).unwrap();
    let reports: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(
        !reports.is_empty() && reports.len() < MEMBERS,
        "{}",
        reports.len()
    );
    // A prefix of the archive, in order.
    for (r, name) in reports.iter().zip(&names) {
        assert_eq!(r["file"], format!("{}:{name}", s(&archive)));
    }
}
