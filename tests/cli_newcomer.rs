//! What a newcomer tripped over (issue 27): a bad path among good ones, conventions that
//! read as alternation errors, result and clock strings people write, the progress bar's
//! rate, man pages, options that must not lie, `score` over a round, set-up scripts.

mod common;
use common::goref;
use serde_json::Value;
use std::path::Path;

fn stdout_of(out: &std::process::Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr_of(out: &std::process::Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

// ---- 1. one bad path does not discard the others ----

#[test]
fn a_missing_path_is_reported_and_the_others_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.jsonl");
    let summary = dir.path().join("summary.json");
    let out = goref()
        .args(["check", "--format", "jsonl", "-o"])
        .arg(&report)
        .arg("--summary")
        .arg(&summary)
        .args([
            "testdata/ko-retake.sgf",
            "typo.sgf",
            "testdata/clean-9x9.sgf",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "a bad path exits 2 at the end");
    let err = stderr_of(&out);
    assert!(
        err.starts_with("goref: typo.sgf: no such file or directory\n"),
        "{err}"
    );
    // The summary on stderr says what was not checked, and counts only what was.
    assert!(err.contains("2 files, 2 games"), "{err}");
    assert!(
        err.contains(
            "1 path not checked (exit status 2):\n    typo.sgf: no such file or directory"
        ),
        "{err}"
    );
    let lines = std::fs::read_to_string(&report).unwrap();
    let files: Vec<String> = lines
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["file"].to_string())
        .collect();
    assert_eq!(
        files,
        ["\"testdata/ko-retake.sgf\"", "\"testdata/clean-9x9.sgf\""]
    );
    let summary: Value = serde_json::from_str(&std::fs::read_to_string(&summary).unwrap()).unwrap();
    assert_eq!(summary["files"], 2);
    assert_eq!(summary["paths_not_checked"][0]["path"], "typo.sgf");
}

#[test]
fn an_empty_directory_among_files_is_reported_and_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = goref()
        .args(["check", "-q", "testdata/clean-9x9.sgf"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_of(&out).contains("no file to check"));
    // The good file was checked: its (clean) report is on stdout, nothing is lost.
    assert!(stdout_of(&out).is_empty());
    let out = goref()
        .args(["check", "-q", "--format", "jsonl", "testdata/clean-9x9.sgf"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(stdout_of(&out).lines().count(), 1);
}

#[test]
fn only_missing_paths_still_exit_2_with_an_empty_report() {
    let out = goref()
        .args([
            "check",
            "-q",
            "--format",
            "json",
            "nope-1.sgf",
            "nope-2.sgf",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr_of(&out);
    assert!(err.contains("goref: nope-1.sgf: no such file or directory"));
    assert!(err.contains("goref: nope-2.sgf: no such file or directory"));
    assert_eq!(stdout_of(&out).trim(), "[]");
}

// ---- 2. conventions for turns, and repeats folded ----

/// (code, severity, move) of every finding of the first game.
fn findings_of(file: &str) -> Vec<(String, String, Option<u64>)> {
    let reports = common::check_jsonl(&["--show", "info", file]);
    reports[0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap().to_string(),
                f["severity"].as_str().unwrap().to_string(),
                f["move"].as_u64(),
            )
        })
        .collect()
}

fn codes_of(file: &str) -> Vec<String> {
    findings_of(file).into_iter().map(|f| f.0).collect()
}

#[test]
fn many_faces_empty_nodes_between_one_colour_read_as_passes() {
    let file = "testdata/quirks/empty-node-pass.sgf";
    let codes = codes_of(file);
    assert!(!codes.contains(&"alternation".to_string()), "{codes:?}");
    assert_eq!(codes.iter().filter(|c| *c == "turn-convention").count(), 1);
    let report = &common::check_jsonl(&[file])[0];
    // 8 moves written, 2 empty nodes read as passes.
    assert_eq!(report["moves"], 10);
    assert_eq!(report["passes"], 2);
    let f = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "turn-convention")
        .unwrap();
    assert_eq!(f["severity"], "info");
    assert!(f["message"].as_str().unwrap().contains("`empty-node-pass`"));
    assert_eq!(
        (f["line"].as_u64(), f["column"].as_u64()),
        (Some(2), Some(13))
    );
}

#[test]
fn fox_handicap_under_ha0_is_read_as_a_handicap_game() {
    let file = "testdata/quirks/fox-handicap.sgf";
    let codes = codes_of(file);
    assert!(!codes.contains(&"alternation".to_string()), "{codes:?}");
    assert!(!codes.contains(&"handicap-quirk".to_string()), "{codes:?}");
    let report = &common::check_jsonl(&[file])[0];
    assert_eq!(report["handicap"], 2);
    let f = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "turn-convention")
        .unwrap();
    assert!(f["message"].as_str().unwrap().contains("`fox-handicap`"));
}

#[test]
fn true_alternation_errors_still_show() {
    // White twice with HA[0] (no Black run), and an empty node between two colours.
    let findings = findings_of("testdata/quirks/true-alternation.sgf");
    let alternation: Vec<Option<u64>> = findings
        .iter()
        .filter(|f| f.0 == "alternation")
        .map(|f| f.2)
        .collect();
    assert_eq!(alternation, [Some(3)], "{findings:?}");
    assert!(!findings.iter().any(|f| f.0 == "turn-convention"));
    // Black's first moves with no HA at all: no handicap is read into them.
    let dir = tempfile::tempdir().unwrap();
    let no_ha = dir.path().join("no-ha.sgf");
    std::fs::write(&no_ha, "(;GM[1]FF[4]SZ[9];B[ee];B[cc];W[gg])").unwrap();
    let codes = codes_of(no_ha.to_str().unwrap());
    assert!(codes.contains(&"alternation".to_string()), "{codes:?}");
    // HA[0] with Black's run repeating a point, or ten stones: not a Fox handicap.
    for moves in [
        ";B[ee];B[ee];W[gg]",
        ";B[aa];B[ab];B[ac];B[ad];B[ae];B[af];B[ag];B[ah];B[ai];B[ba];W[gg]",
    ] {
        std::fs::write(&no_ha, format!("(;GM[1]FF[4]SZ[9]HA[0]{moves})")).unwrap();
        let codes = codes_of(no_ha.to_str().unwrap());
        assert!(
            codes.contains(&"alternation".to_string()),
            "{moves}: {codes:?}"
        );
        assert!(!codes.contains(&"turn-convention".to_string()), "{moves}");
    }
}

#[test]
fn text_folds_repeats_and_json_keeps_every_instance() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("run.sgf");
    let moves: String = ["aa", "ba", "ca", "da", "ea", "fa", "ga"]
        .iter()
        .map(|p| format!(";B[{p}]"))
        .collect();
    std::fs::write(&file, format!("(;GM[1]FF[4]SZ[9]RE[B+R]{moves})")).unwrap();
    let out = goref().args(["check", "-q"]).arg(&file).output().unwrap();
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().filter(|l| l.contains("alternation")).collect();
    assert_eq!(lines.len(), 1, "{text}");
    assert!(
        lines[0].ends_with("(×6 in this game, moves 2 to 7; --format json lists each)"),
        "{text}"
    );
    let json = common::check_jsonl(&[file.to_str().unwrap()]);
    let n = json[0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["code"] == "alternation")
        .count();
    assert_eq!(n, 6);
}

// ---- 4. the progress bar redraws at a bounded rate ----

/// Runs `goref check` over `dir` with stderr on a pseudo-terminal (stdout to /dev/null,
/// as `goref check archive/ > report.txt` does), and returns what the terminal got and
/// the seconds the run took.
fn run_on_a_pty(dir: &std::path::Path) -> (Vec<u8>, f64) {
    use std::io::Read;
    use std::os::fd::FromRawFd;
    let (mut master, mut slave) = (0, 0);
    let made = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(made, 0, "openpty");
    let master = unsafe { std::fs::File::from_raw_fd(master) };
    let slave = unsafe { std::fs::File::from_raw_fd(slave) };
    let reader = std::thread::spawn(move || {
        let mut master = master;
        let mut got = Vec::new();
        let mut buf = [0u8; 65536];
        // Reading ends with EIO once the last writer (the child) has closed the slave.
        while let Ok(n) = master.read(&mut buf) {
            if n == 0 {
                break;
            }
            got.extend_from_slice(&buf[..n]);
        }
        got
    });
    let bin = assert_cmd::cargo::cargo_bin("goref");
    let started = std::time::Instant::now();
    let status = std::process::Command::new(bin)
        .args(["check", "-j", "2"])
        .arg(dir)
        .env("TERM", "xterm")
        .env_remove("NO_COLOR")
        .stdout(std::process::Stdio::null())
        .stderr(slave)
        .status()
        .unwrap();
    let took = started.elapsed().as_secs_f64();
    assert_eq!(status.code(), Some(0));
    (reader.join().unwrap(), took)
}

#[test]
fn the_progress_bar_is_redrawn_a_few_times_a_second_not_once_per_file() {
    let dir = tempfile::tempdir().unwrap();
    let files = 3000;
    for i in 0..files {
        std::fs::write(
            dir.path().join(format!("g{i:05}.sgf")),
            "(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese]RE[B+R];B[ee];W[cc])",
        )
        .unwrap();
    }
    let (terminal, took) = run_on_a_pty(dir.path());
    let text = String::from_utf8_lossy(&terminal);
    // Each frame draws `done/total files`.
    let frames = text.matches("/3000 files").count();
    assert!(frames >= 1, "the bar was drawn: {text:?}");
    assert!(
        text.contains("3000 files, 3000 games"),
        "the summary follows"
    );
    let bound = 4.0 * took + 8.0;
    assert!(
        (frames as f64) <= bound,
        "{frames} frames for {files} files in {took:.1} s (at most {bound:.0})"
    );
}

// ---- 5. man pages, one per command ----

fn install_man_pages() -> (tempfile::TempDir, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("man1");
    let out = goref()
        .args(["man", "--dir"])
        .arg(&target)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(stdout_of(&out).is_empty(), "pages go to DIR, not stdout");
    let mut names: Vec<String> = std::fs::read_dir(&target)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    (dir, names)
}

#[test]
fn man_dir_writes_one_page_per_command_with_options_exit_status_and_examples() {
    let (dir, names) = install_man_pages();
    assert_eq!(
        names,
        [
            "goref-appeal.1",
            "goref-check.1",
            "goref-completions.1",
            "goref-explain.1",
            "goref-man.1",
            "goref-rules.1",
            "goref-score.1",
            "goref-tournament.1",
            "goref.1"
        ]
    );
    let page = |name: &str| std::fs::read_to_string(dir.path().join("man1").join(name)).unwrap();
    for name in &names {
        let text = page(name);
        for section in [
            ".SH OPTIONS",
            ".SH \"EXIT STATUS\"",
            ".SH EXAMPLES",
            ".SH \"SEE ALSO\"",
        ] {
            assert!(text.contains(section), "{name}: no {section}");
        }
        // SEE ALSO names only pages written beside this one.
        let see_also = &text[text.find(".SH \"SEE ALSO\"").unwrap()..];
        for reference in see_also.split("\\fB").skip(1) {
            let page_name = reference.split("\\fR").next().unwrap().replace("\\-", "-");
            assert!(
                names.contains(&format!("{page_name}.1")),
                "{name}: SEE ALSO {page_name}(1)"
            );
        }
    }
    let check = page("goref-check.1");
    assert!(
        check.contains("\\-\\-fail\\-on"),
        "check's options are listed"
    );
    assert!(check.contains(".TP\n\\fB130\\fR"), "check's exit statuses");
    assert!(check.contains("goref check \\-\\-rules goe tournament/"));
    // The printed page is goref(1), the same as the installed one.
    let printed = stdout_of(&goref().arg("man").output().unwrap());
    assert_eq!(printed, page("goref.1"));
}

#[test]
#[ignore = "needs groff and man (Debian: apt-get install -y groff-base man-db); .ci/run installs them"]
fn man_pages_render_without_warnings() {
    let (dir, names) = install_man_pages();
    for name in names {
        let path = dir.path().join("man1").join(&name);
        let groff = std::process::Command::new("groff")
            .args(["-ww", "-z", "-man", "-Tutf8"])
            .arg(&path)
            .output()
            .expect("groff");
        assert!(
            groff.status.success() && groff.stderr.is_empty(),
            "{name}: {}",
            stderr_of(&groff)
        );
        let man = std::process::Command::new("man")
            .arg("-l")
            .arg(&path)
            .env("MANPAGER", "cat")
            .env("MANWIDTH", "100")
            .output()
            .expect("man");
        let text = stdout_of(&man);
        assert!(man.status.success(), "{name}");
        assert!(
            text.contains("EXIT STATUS") && text.contains("EXAMPLES"),
            "{name}: {text}"
        );
    }
}

// ---- 7. a round at once ----

/// A round folder: two boards and a file of two games.
fn round() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (from, to) in [
        ("testdata/clean-9x9.sgf", "board-1.sgf"),
        ("testdata/scenarios/t11-zagreb.sgf", "board-2.sgf"),
        ("testdata/quirks/two-games.sgf", "board-3.sgf"),
    ] {
        std::fs::copy(
            Path::new(env!("CARGO_MANIFEST_DIR")).join(from),
            dir.path().join(to),
        )
        .unwrap();
    }
    std::fs::write(dir.path().join("notes.txt"), "not a record").unwrap();
    dir
}

#[test]
fn score_over_a_folder_prints_one_row_per_game() {
    let dir = round();
    let out = goref().arg("score").arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("file") && lines[0].contains("recorded  count"),
        "{text}"
    );
    // Four games: one each on boards 1 and 2, two on board 3.
    assert_eq!(lines.len(), 1 + 4 + 1, "{text}");
    assert!(
        lines[1].contains("board-1.sgf")
            && lines[1]
                .split_whitespace()
                .filter(|c| *c == "B+1.5")
                .count()
                == 2
            && lines[1].ends_with("agrees"),
        "{text}"
    );
    assert!(
        lines[3].contains("board-3.sgf  1") && lines[4].contains("board-3.sgf  2"),
        "{text}"
    );
    assert!(lines[5].starts_with("4 games: 1 agree"), "{text}");
}

#[test]
fn score_over_files_writes_json_lines_and_json() {
    let dir = round();
    let jsonl = stdout_of(
        &goref()
            .args(["score", "--format", "jsonl"])
            .arg(dir.path())
            .output()
            .unwrap(),
    );
    let counts: Vec<Value> = jsonl
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(counts.len(), 4);
    let games: Vec<(String, u64)> = counts
        .iter()
        .map(|c| {
            let file = c["file"].as_str().unwrap();
            (
                file.rsplit('/').next().unwrap().to_string(),
                c["game"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        games,
        [
            ("board-1.sgf".to_string(), 1),
            ("board-2.sgf".to_string(), 1),
            ("board-3.sgf".to_string(), 1),
            ("board-3.sgf".to_string(), 2)
        ]
    );
    assert_eq!(counts[0]["result"]["status"], "agrees");
    // --game picks that game of each file; json is one array.
    let board1 = dir.path().join("board-1.sgf");
    let board3 = dir.path().join("board-3.sgf");
    let json = stdout_of(
        &goref()
            .args(["score", "--format", "json", "--game", "1"])
            .arg(&board1)
            .arg(&board3)
            .output()
            .unwrap(),
    );
    let all: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(all.as_array().unwrap().len(), 2);
}

#[test]
fn score_over_a_round_names_bad_paths_counts_the_rest_and_exits_2() {
    let dir = round();
    let out = goref()
        .args(["score", "--format", "jsonl", "typo.sgf"])
        .arg(dir.path().join("board-1.sgf"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_of(&out).contains("goref: typo.sgf: no such file or directory"));
    assert_eq!(stdout_of(&out).lines().count(), 1);
    // --dead names one game's stones: refused over a round.
    let out = goref()
        .args(["score", "--dead", "E3"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_of(&out).contains("--dead names the dead stones of one game"));
    // One file is still the score card.
    let card = stdout_of(
        &goref()
            .arg("score")
            .arg(dir.path().join("board-1.sgf"))
            .output()
            .unwrap(),
    );
    assert!(card.starts_with("Score of "), "{card}");
}

// ---- 6. options that do not lie ----

#[test]
fn each_command_lists_only_the_formats_it_writes() {
    for sub in ["score", "rules", "explain"] {
        let help = stdout_of(&goref().args([sub, "--help"]).output().unwrap());
        let format = &help[help.find("--format").unwrap()..];
        let format = &format[..format.find("\n  -").unwrap_or(format.len())];
        assert!(!format.contains("html"), "goref {sub} --help: {format}");
        assert!(format.contains("jsonl"), "goref {sub} --help: {format}");
        let out = goref().args([sub, "--format", "html"]).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(
            stderr_of(&out).contains("invalid value 'html'"),
            "{}",
            stderr_of(&out)
        );
    }
    for sub in ["check", "appeal"] {
        let help = stdout_of(&goref().args([sub, "--help"]).output().unwrap());
        assert!(help.contains("html"), "goref {sub} --help");
    }
}

/// The README says which commands take `--format`; `--help` must agree, command by command.
#[test]
fn the_readme_names_the_commands_that_take_format() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let sentence = readme
        .lines()
        .find(|l| l.contains("take `--format`"))
        .expect("README: the sentence on --format");
    assert!(!readme.contains("Every subcommand takes `--format`"));
    for sub in [
        "check",
        "score",
        "appeal",
        "rules",
        "explain",
        "completions",
        "man",
    ] {
        let help = stdout_of(&goref().args([sub, "--help"]).output().unwrap());
        let takes = help.contains("--format");
        let (named_taking, named_not) = sentence.split_once("take `--format`").unwrap();
        let named = |part: &str| part.contains(&format!("`{sub}`"));
        assert_eq!(takes, named(named_taking), "goref {sub}: {sentence}");
        assert_eq!(!takes, named(named_not), "goref {sub}: {sentence}");
    }
}

#[test]
fn summary_to_stdout_with_the_report_on_stdout_is_refused() {
    for format in ["jsonl", "json", "text"] {
        let out = goref()
            .args([
                "check",
                "-q",
                "--format",
                format,
                "--summary",
                "-",
                "testdata/ko-retake.sgf",
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{format}");
        assert!(stdout_of(&out).is_empty(), "{format}: nothing is checked");
        assert!(
            stderr_of(&out).contains("--summary - and the report would both go to standard output")
        );
    }
    // The report in a file, the summary alone on stdout: one JSON document.
    let dir = tempfile::tempdir().unwrap();
    let out = goref()
        .args(["check", "-q", "--format", "jsonl", "--summary", "-", "-o"])
        .arg(dir.path().join("r.jsonl"))
        .arg("testdata/ko-retake.sgf")
        .output()
        .unwrap();
    let summary: Value = serde_json::from_str(&stdout_of(&out)).unwrap();
    assert_eq!(summary["files"], 1);
}

#[test]
fn rules_japanese_says_goref_counts_territory() {
    let text = stdout_of(&goref().args(["rules", "japanese"]).output().unwrap());
    assert!(!text.contains("does not model"), "{text}");
    assert!(text.contains("territory plus prisoners"), "{text}");
}

#[cfg(target_os = "linux")]
#[test]
fn help_and_version_to_a_full_device_fail() {
    for args in [
        &["--help"][..],
        &["--version"],
        &["check", "--help"],
        &["help", "score"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("goref"))
            .args(args)
            .stdout(full)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "goref {args:?} >/dev/full");
        assert!(
            stderr_of(&out).contains("cannot write standard output"),
            "{args:?}"
        );
    }
    // Written where it can be, the help still succeeds.
    let out = goref().arg("--help").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout_of(&out).contains("Usage: goref"));
    // A usage error is still clap's, on stderr, status 2.
    let out = goref().args(["check", "--no-such-flag"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_of(&out).contains("unexpected argument"));
}

// ---- 3. result and clock strings people write ----

#[test]
fn results_people_write_are_read_as_what_they_mean() {
    let dir = tempfile::tempdir().unwrap();
    for (re, read_as) in [
        ("W", "W+"),
        ("B+Illegal", "B+F"),
        ("黒中押し勝ち", "B+R"),
        ("白3目半勝ち", "W+3.5"),
        ("黑胜", "B+"),
        ("白中盘胜", "W+R"),
        ("白2又1/4子胜", "W+4.5"),
        ("흑 불계승", "B+R"),
        ("持碁", "0"),
    ] {
        let file = dir.path().join("g.sgf");
        std::fs::write(
            &file,
            format!("(;GM[1]FF[4]CA[UTF-8]SZ[9]RU[Chinese]RE[{re}];B[ee];W[cc])"),
        )
        .unwrap();
        let report = &common::check_jsonl(&["--show", "info", file.to_str().unwrap()])[0];
        let f = report["findings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["code"] == "result-format")
            .unwrap_or_else(|| panic!("RE[{re}]: {report}"));
        assert_eq!(f["severity"], "info", "RE[{re}] is read with certainty");
        assert!(
            f["message"]
                .as_str()
                .unwrap()
                .contains(&format!("read as RE[{read_as}]")),
            "RE[{re}]: {}",
            f["message"]
        );
    }
    // What cannot be read stays a warning.
    let file = dir.path().join("g.sgf");
    std::fs::write(&file, "(;GM[1]FF[4]SZ[9]RE[Blue wins];B[ee])").unwrap();
    let report = &common::check_jsonl(&[file.to_str().unwrap()])[0];
    assert!(report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["code"] == "result-format" && f["severity"] == "warning"));
}

#[test]
fn clock_times_in_bl_and_wl_are_read_as_seconds() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.sgf");
    std::fs::write(
        &file,
        "(;GM[1]FF[4]SZ[9]RU[Chinese]TM[600];B[ee]BL[0:07:42];W[cc]WL[0:09:01];B[dd]BL[0:07:30])",
    )
    .unwrap();
    let out = goref()
        .args(["check", "--show", "info", "-q"])
        .arg(&file)
        .output()
        .unwrap();
    let text = stdout_of(&out);
    assert!(
        text.contains("info bad-value: BL[0:07:42] is a clock time, not seconds: read as 462 seconds (and 2 more"),
        "{text}"
    );
    assert!(!text.contains("warning"), "{text}");
}

// ---- 8. set-up: scripts find binaries where cargo puts them ----

#[test]
fn target_dir_script_follows_cargo_target_dir() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let run = |target: Option<&str>| {
        let mut cmd = std::process::Command::new(root.join("scripts/target-dir.sh"));
        match target {
            Some(t) => cmd.env("CARGO_TARGET_DIR", t),
            None => cmd.env_remove("CARGO_TARGET_DIR"),
        };
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{}", stderr_of(&out));
        stdout_of(&out).trim().to_string()
    };
    assert_eq!(
        run(Some("/elsewhere/goref-target")),
        "/elsewhere/goref-target"
    );
    assert_eq!(run(None), root.join("target").display().to_string());
}

#[test]
fn no_script_hard_codes_the_target_directory() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut scripts: Vec<std::path::PathBuf> = std::fs::read_dir(root.join("scripts"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    scripts.push(root.join(".ci/run"));
    for script in scripts {
        let text = std::fs::read_to_string(&script).unwrap();
        for needle in ["target/debug", "target/release"] {
            assert!(
                !text.contains(needle),
                "{} names {needle}: use scripts/target-dir.sh (CARGO_TARGET_DIR may be set)",
                script.display()
            );
        }
    }
}

#[test]
fn the_release_profile_keeps_no_debug_info_and_profiling_does() {
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).unwrap();
    let section = |name: &str| {
        let start = manifest.find(&format!("[profile.{name}]")).unwrap();
        let rest = &manifest[start + 1..];
        rest[..rest.find("\n[").unwrap_or(rest.len())].to_string()
    };
    let release = section("release");
    assert!(
        release.contains("debug = false") && release.contains("strip = \"debuginfo\""),
        "{release}"
    );
    let profiling = section("profiling");
    assert!(
        profiling.contains("inherits = \"release\"") && profiling.contains("debug = 1"),
        "{profiling}"
    );
}
