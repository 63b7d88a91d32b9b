//! The real `goref check` binary under failure: a panicking file, atomic `-o`, and
//! SIGINT/SIGTERM in the middle of a run.

mod common;
use assert_cmd::Command;
use common::temp::temp_files;
use std::fs;
use std::process::Stdio;
use std::time::{Duration, Instant};
use tempfile::TempDir;

const CLEAN: &str = "(;GM[1]FF[4]SZ[9]KM[7.5]RU[AGA]RE[B+1.5]\
;B[ea];W[fa];B[eb];W[fb];B[ec];W[fc];B[ed];W[fd];B[ee];W[fe];B[ef];W[ff];B[eg];W[fg];B[eh];W[fh];B[ei];W[fi]\
;B[];W[])";

fn goref() -> Command {
    Command::cargo_bin("goref").unwrap()
}

/// Every line of a JSONL report, parsed; each must be a whole `goref.report/2` record.
fn jsonl(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("not a whole JSON line ({e}): {line:?}"));
            assert_eq!(v["schema"], "goref.report/2", "{line}");
            v
        })
        .collect()
}

#[test]
fn a_panicking_file_gets_an_internal_error_and_the_batch_finishes() {
    // The hook exists in debug builds only (the binary is built with the same profile
    // as this test).
    if !cfg!(debug_assertions) {
        return;
    }
    let dir = TempDir::new().unwrap();
    for name in ["a.sgf", "b.sgf", "c.sgf"] {
        fs::write(dir.path().join(name), CLEAN).unwrap();
    }
    let out = goref()
        .args(["check", "--format", "jsonl", "--no-progress", "-j", "2"])
        .arg(dir.path())
        .env("GOREF_TEST_PANIC_ON", "b.sgf")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let reports = jsonl(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(reports.len(), 3, "{reports:?}");
    let file = |r: &serde_json::Value| r["file"].as_str().unwrap().to_owned();
    let b = dir.path().join("b.sgf").display().to_string();
    for (r, name) in reports.iter().zip(["a.sgf", "b.sgf", "c.sgf"]) {
        assert_eq!(file(r), dir.path().join(name).display().to_string());
    }
    let codes = |r: &serde_json::Value| -> Vec<String> {
        r["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["code"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(codes(&reports[1]), ["internal-error"]);
    let message = reports[1]["findings"][0]["message"].as_str().unwrap();
    assert!(message.contains(&b), "{message}");
    assert!(message.contains("deliberate panic"), "{message}");
    for r in [&reports[0], &reports[2]] {
        assert_eq!(r["game"], 1);
        assert!(!codes(r).contains(&"internal-error".to_owned()));
    }
    // A panic fails the run even when no finding would.
    goref()
        .args([
            "check",
            "--format",
            "jsonl",
            "--no-progress",
            "--fail-on",
            "never",
        ])
        .args(["--severity", "internal-error=info"])
        .arg(dir.path())
        .env("GOREF_TEST_PANIC_ON", "b.sgf")
        .assert()
        .code(1);
    // Without the variable the same files pass.
    goref()
        .args(["check", "--format", "jsonl", "--no-progress"])
        .arg(dir.path())
        .env_remove("GOREF_TEST_PANIC_ON")
        .assert()
        .code(0);
}

#[test]
fn output_file_is_written_whole_and_no_temp_file_remains() {
    let dir = TempDir::new().unwrap();
    let inputs = dir.path().join("in");
    fs::create_dir(&inputs).unwrap();
    for i in 0..50 {
        fs::write(inputs.join(format!("g{i:02}.sgf")), CLEAN).unwrap();
    }
    let out_dir = dir.path().join("out");
    fs::create_dir(&out_dir).unwrap();
    let target = out_dir.join("report.jsonl");
    fs::write(&target, "old\n").unwrap();
    goref()
        .args(["check", "--format", "jsonl", "--no-progress", "-o"])
        .arg(&target)
        .arg(&inputs)
        .assert()
        .code(0)
        .stdout("");
    let reports = jsonl(&fs::read_to_string(&target).unwrap());
    assert_eq!(reports.len(), 50);
    assert!(reports[49]["file"].as_str().unwrap().ends_with("g49.sgf"));
    assert!(
        temp_files(&out_dir).is_empty(),
        "{:?}",
        temp_files(&out_dir)
    );
    assert_eq!(fs::read_dir(&out_dir).unwrap().count(), 1);
}

/// A game of 300 moves on 19×19 (some on occupied points), so that each file costs a
/// little time.
fn long_game(seed: usize) -> String {
    let mut s = String::from("(;GM[1]FF[4]SZ[19]KM[6.5]RE[W+R]");
    for i in 0..300 {
        let p = (i * 7 + seed) % 361;
        let c = if i % 2 == 0 { 'B' } else { 'W' };
        s.push_str(&format!(
            ";{c}[{}{}]",
            (b'a' + (p % 19) as u8) as char,
            (b'a' + (p / 19) as u8) as char
        ));
    }
    s.push(')');
    s
}

/// Starts `goref check -o` over a tree big enough to run for seconds, sends
/// `signal` once report lines have reached the temporary output, and checks the
/// output: whole JSONL lines only, fewer than the inputs, exit status 130.
fn interrupted_run(signal: &str) {
    const FILES: usize = 5_000;
    let dir = TempDir::new().unwrap();
    let inputs = dir.path().join("in");
    for d in 0..20 {
        let sub = inputs.join(format!("d{d:02}"));
        fs::create_dir_all(&sub).unwrap();
        for i in 0..FILES / 20 {
            fs::write(sub.join(format!("g{i:04}.sgf")), long_game(d * 1000 + i)).unwrap();
        }
    }
    let out_dir = dir.path().join("out");
    fs::create_dir(&out_dir).unwrap();
    let target = out_dir.join("out.jsonl");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("goref"))
        .args([
            "check",
            "--format",
            "jsonl",
            "--no-progress",
            "-j",
            "1",
            "-o",
        ])
        .arg(&target)
        .arg(&inputs)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();

    // Wait for the first lines in the temporary output (written in 64 KiB blocks).
    let started = Instant::now();
    loop {
        let written = temp_files(&out_dir)
            .iter()
            .any(|p| fs::metadata(p).is_ok_and(|m| m.len() > 0));
        if written {
            break;
        }
        if let Some(status) = child.try_wait().unwrap() {
            panic!("goref ended before the signal: {status}");
        }
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "no output appeared"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let kill = std::process::Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(130), "{stderr}");

    let reports = jsonl(&fs::read_to_string(&target).unwrap());
    assert!(!reports.is_empty());
    assert!(reports.len() < FILES, "the run was stopped early");
    assert!(
        temp_files(&out_dir).is_empty(),
        "{:?}",
        temp_files(&out_dir)
    );
}

#[test]
fn sigint_leaves_whole_jsonl_lines_and_exit_130() {
    interrupted_run("-INT");
}

#[test]
fn sigterm_leaves_whole_jsonl_lines_and_exit_130() {
    interrupted_run("-TERM");
}

/// `goref check v.sgf -o v.sgf` (and every other output flag, and `appeal --html`) is a
/// usage error before anything is written: by the same name, a symbolic link or a hard
/// link, the record keeps every byte.
#[test]
fn an_output_that_is_an_input_is_refused_and_the_record_survives() {
    let dir = TempDir::new().unwrap();
    let record = dir.path().join("v.sgf");
    fs::write(&record, CLEAN).unwrap();
    std::os::unix::fs::symlink(&record, dir.path().join("link.txt")).unwrap();
    fs::hard_link(&record, dir.path().join("hard.txt")).unwrap();
    for flag in ["-o", "--summary", "--ok-list", "--fail-list"] {
        for name in ["v.sgf", "link.txt", "hard.txt"] {
            let out = goref()
                .args(["check", "-q", flag])
                .arg(dir.path().join(name))
                .arg(&record)
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{flag} {name}: {stderr}");
            assert!(stderr.contains("same file as the input"), "{stderr}");
            assert_eq!(fs::read_to_string(&record).unwrap(), CLEAN, "{flag} {name}");
        }
    }
    // A record found in a walk counts as an input too.
    goref()
        .args(["check", "-q", "-o"])
        .arg(&record)
        .arg(dir.path())
        .assert()
        .code(2);
    // Standard input redirected from the record.
    let status = std::process::Command::new(assert_cmd::cargo::cargo_bin("goref"))
        .args(["check", "-q", "-", "-o"])
        .arg(&record)
        .stdin(fs::File::open(&record).unwrap())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2));
    goref()
        .arg("appeal")
        .arg(&record)
        .arg("--html")
        .arg(dir.path().join("link.txt"))
        .assert()
        .code(2);
    assert_eq!(fs::read_to_string(&record).unwrap(), CLEAN);
    // Two outputs to one file would lose one of them.
    let out = dir.path().join("out.txt");
    fs::write(&out, "").unwrap();
    goref()
        .args(["check", "-q", "-o"])
        .arg(&out)
        .arg("--summary")
        .arg(&out)
        .arg(&record)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("name the same file"));
    assert_eq!(
        fs::read_dir(dir.path()).unwrap().count(),
        4,
        "nothing written"
    );
}

/// `-o link` writes the file the link names (atomically) and leaves the link; the old
/// file's permissions carry over.
#[test]
fn an_output_symlink_is_written_through() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new().unwrap();
    let record = dir.path().join("v.sgf");
    fs::write(&record, CLEAN).unwrap();
    let real = dir.path().join("real.jsonl");
    fs::write(&real, "old\n").unwrap();
    fs::set_permissions(&real, fs::Permissions::from_mode(0o640)).unwrap();
    let link = dir.path().join("link.jsonl");
    std::os::unix::fs::symlink("real.jsonl", &link).unwrap();
    let dangling = dir.path().join("dangling.json");
    std::os::unix::fs::symlink("made.json", &dangling).unwrap();
    goref()
        .args(["check", "-q", "--format", "jsonl", "-o"])
        .arg(&link)
        .arg("--summary")
        .arg(&dangling)
        .arg(&record)
        .assert()
        .code(0);
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(jsonl(&fs::read_to_string(&real).unwrap()).len(), 1);
    let mode = fs::metadata(&real).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
    assert!(fs::symlink_metadata(&dangling)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(fs::read_to_string(dir.path().join("made.json"))
        .unwrap()
        .contains("\"files\""));
    assert!(temp_files(dir.path()).is_empty());
}

/// A named pipe given to `-o` is opened and written, not replaced by a regular file.
#[test]
fn an_output_fifo_is_written_not_replaced() {
    let dir = TempDir::new().unwrap();
    let record = dir.path().join("v.sgf");
    fs::write(&record, CLEAN).unwrap();
    let fifo = dir.path().join("pipe");
    mkfifo(&fifo);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    goref()
        .args(["check", "-q", "--format", "jsonl", "-o"])
        .arg(&fifo)
        .arg(&record)
        .timeout(Duration::from_secs(60))
        .assert()
        .code(0);
    assert_eq!(jsonl(&reader.join().unwrap()).len(), 1);
    use std::os::unix::fs::FileTypeExt;
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert!(temp_files(dir.path()).is_empty());
}

/// Device outputs are written in place: `/dev/full` fails with exit 2 and a message,
/// `/dev/null` takes the report, and a device node made for the test (root only; the
/// test says so and returns otherwise) stays a device node.
#[test]
fn an_output_device_is_written_not_replaced() {
    let dir = TempDir::new().unwrap();
    let record = dir.path().join("v.sgf");
    fs::write(&record, CLEAN).unwrap();
    goref()
        .args(["check", "-q", "--format", "jsonl", "-o", "/dev/full"])
        .arg(&record)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("cannot write /dev/full"));
    use std::os::unix::fs::FileTypeExt;
    // The machine's own /dev/null (when it is one: other programs run as root have been
    // seen to replace it with a file, the bug this guards against) takes the report.
    let null_is_device =
        fs::symlink_metadata("/dev/null").is_ok_and(|m| m.file_type().is_char_device());
    if null_is_device {
        goref()
            .args(["check", "-q", "-o", "/dev/null"])
            .arg(&record)
            .assert()
            .code(0);
    } else {
        eprintln!("SKIPPED: /dev/null is not a device on this machine");
    }
    let out = goref()
        .args(["check", "-q", "--format", "jsonl", "-o", "/dev/stdout"])
        .arg(&record)
        .output()
        .unwrap();
    assert_eq!(jsonl(&String::from_utf8(out.stdout).unwrap()).len(), 1);
    let node = dir.path().join("null");
    let path = std::ffi::CString::new(node.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path; mknod only creates a node.
    let made = unsafe { libc::mknod(path.as_ptr(), libc::S_IFCHR | 0o666, libc::makedev(1, 3)) };
    if made != 0 {
        eprintln!(
            "SKIPPED: mknod needs root ({})",
            std::io::Error::last_os_error()
        );
        return;
    }
    goref()
        .args(["check", "-q", "-o"])
        .arg(&node)
        .arg(&record)
        .assert()
        .code(0);
    assert!(fs::symlink_metadata(&node)
        .unwrap()
        .file_type()
        .is_char_device());
    assert!(temp_files(dir.path()).is_empty());
}

fn mkfifo(path: &std::path::Path) {
    let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
}

/// A FIFO named like a record and a link to `/dev/zero` in a walked folder are skipped
/// with a `not-a-file` warning (never opened: the batch neither blocks nor reads
/// forever), with one thread or two; a FIFO named on the command line is read.
#[test]
fn special_files_in_a_walk_are_skipped_and_a_named_fifo_is_read() {
    let dir = TempDir::new().unwrap();
    fs::write(dir.path().join("a.sgf"), CLEAN).unwrap();
    mkfifo(&dir.path().join("b.sgf"));
    std::os::unix::fs::symlink("/dev/zero", dir.path().join("c.sgf")).unwrap();
    for jobs in ["1", "2"] {
        let out = goref()
            .args(["check", "-q", "--format", "jsonl", "-j", jobs])
            .arg(dir.path())
            .timeout(Duration::from_secs(60))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let reports = jsonl(&String::from_utf8(out.stdout).unwrap());
        assert_eq!(reports.len(), 3);
        for (r, kind) in reports[1..].iter().zip(["FIFO", "character device"]) {
            assert_eq!(r["findings"][0]["code"], "not-a-file", "{r}");
            let message = r["findings"][0]["message"].as_str().unwrap();
            assert!(message.contains(kind), "{message}");
        }
    }
    let fifo = dir.path().join("b.sgf");
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::write(fifo, CLEAN).unwrap())
    };
    let out = goref()
        .args(["check", "-q", "--format", "jsonl"])
        .arg(&fifo)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    writer.join().unwrap();
    let reports = jsonl(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(reports.len(), 1);
    assert_eq!(reports[0]["moves"], 20, "{}", reports[0]);
}

/// Terminal escapes in PB/PW/EV/DT/RE and in a file name print as visible text in every
/// text output (`check`, `check -v`, `score`, `appeal`, the summary on stderr), with
/// colour and without; a newline in a file name does not split a finding's line.
#[test]
fn text_output_is_inert() {
    let dir = TempDir::new().unwrap();
    let name = "evil\u{1b}]0;pwned\u{7}\nname.sgf";
    let record = dir.path().join(name);
    fs::write(
        &record,
        "(;GM[1]FF[4]SZ[9]KM[7.5]PB[\u{1b}[2JBlack]PW[W\u{9b}31m\u{202e}]EV[\u{1b}]0;title\u{7}]\
         DT[2024\u{1b}[H]RE[B+R\u{1b}[5m];B[ee];W[ee];B[cc];W[gg])",
    )
    .unwrap();
    let file = record.to_str().unwrap();
    let runs: Vec<Vec<&str>> = vec![
        vec!["check", "--color", "never", "--show", "info", file],
        vec!["check", "--color", "always", "--show", "info", file],
        vec!["check", "-v", "--color", "never", file],
        vec!["check", "-v", "--color", "always", file],
        vec!["score", file],
        vec!["appeal", file],
    ];
    for args in runs {
        let out = goref().args(&args).output().unwrap();
        assert!(
            out.status.code().is_some_and(|c| c < 2),
            "{args:?}: {out:?}"
        );
        for (stream, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
            let text = String::from_utf8_lossy(bytes);
            let active = without_own_colours(&text)
                .chars()
                .filter(|&c| (c.is_control() && c != '\n') || c == '\u{202e}')
                .collect::<String>();
            assert!(active.is_empty(), "{args:?} {stream}: {active:?} in {text}");
        }
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(stdout.contains("\\u{1b}[2JBlack"), "{args:?}: {stdout}");
        if args[1] == "--color" {
            // One finding, one line: each starts with the whole (escaped) path.
            let shown = stdout.replace('\n', "\n|");
            let findings = stdout.lines().filter(|l| {
                l.contains(": \u{1b}[")
                    || l.contains(" error ")
                    || l.contains(" warning ")
                    || l.contains(" info ")
            });
            for line in findings {
                assert!(
                    line.contains("evil\\u{1b}]0;pwned\\u{7}\\nname.sgf"),
                    "{shown}"
                );
            }
        }
    }
}

/// The text with goref's own SGR colour sequences (`ESC [ digits ; m`) taken out.
fn without_own_colours(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("\u{1b}[") {
        out.push_str(&rest[..at]);
        let tail = &rest[at + 2..];
        let len = tail
            .find(|c: char| !(c.is_ascii_digit() || c == ';'))
            .unwrap_or(tail.len());
        if tail[len..].starts_with('m') {
            rest = &tail[len + 1..];
        } else {
            out.push('\u{1b}');
            rest = &rest[at + 1..];
        }
    }
    out.push_str(rest);
    out
}

/// `-j 100000` runs with the clamped thread count and says so; the output is whole
/// and no temporary file is left.
#[test]
fn absurd_jobs_are_clamped_with_a_note() {
    let dir = TempDir::new().unwrap();
    for i in 0..3 {
        fs::write(dir.path().join(format!("g{i}.sgf")), CLEAN).unwrap();
    }
    let out_dir = TempDir::new().unwrap();
    let target = out_dir.path().join("r.jsonl");
    let out = goref()
        .args([
            "check",
            "--format",
            "jsonl",
            "--no-progress",
            "-j",
            "100000",
            "-o",
        ])
        .arg(&target)
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("-j 100000 is more than goref runs; using 256"),
        "{stderr}"
    );
    assert_eq!(jsonl(&fs::read_to_string(&target).unwrap()).len(), 3);
    assert!(temp_files(out_dir.path()).is_empty());
}

/// A record of 2,000 stops: the appeal tells the first 50 in full and sums up the rest
/// in one line (text and HTML) and draws no more than 50 stop diagrams.
#[test]
fn appeal_output_is_bounded_by_the_stop_cap() {
    let dir = TempDir::new().unwrap();
    let mut sgf = String::from("(;GM[1]FF[4]SZ[9]RU[AGA]KM[7.5]");
    for i in 0..2000 {
        let (a, b) = if i % 2 == 0 {
            ("aa", "ii")
        } else {
            ("ii", "aa")
        };
        sgf.push_str(&format!(";B[];W[];B[{a}];W[{b}]"));
    }
    sgf.push(')');
    let record = dir.path().join("stops.sgf");
    fs::write(&record, sgf).unwrap();
    let svg = dir.path().join("svg");
    let html = dir.path().join("a.html");
    let out = goref()
        .arg("appeal")
        .arg(&record)
        .arg("--svg")
        .arg(&svg)
        .arg("--html")
        .arg(&html)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let summary = "… 1950 more stops and";
    for view in text.split("ending (").skip(1) {
        let told = |l: &&str| l.trim_start().starts_with("Stop ") && l.contains(": moves");
        let stops = view.lines().filter(told).count();
        assert!(stops <= 50, "{stops} stops told");
    }
    // The four-pass ending has every stop; the two-stage one ends at the second.
    assert!(text.contains(summary), "{text}");
    let stop_svgs = fs::read_dir(&svg)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with("stop-")
        })
        .count();
    assert_eq!(stop_svgs, 50);
    let page = fs::read_to_string(&html).unwrap();
    assert!(page.contains(summary));
    assert!(page.len() < 5 << 20, "{} bytes of HTML", page.len());
}

/// Every value the program writes for a rules setting is one the schema allows: the
/// schema's list for each setting is the parser's list, and reports under every
/// preset (NZ and Tromp-Taylor write `suicide: any-size`) validate.
#[test]
fn the_schema_allows_every_setting_value_and_every_preset() {
    use std::str::FromStr;
    let schema: serde_json::Value = serde_json::from_str(
        &fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/docs/report.schema.json"
        ))
        .unwrap(),
    )
    .unwrap();
    fn expected<T: FromStr<Err = goref_core::Error>>() -> Vec<String> {
        match T::from_str("no such value").map_err(|e| e.expected()) {
            Err(Some(expected)) => expected.split(", ").map(str::to_owned).collect(),
            other => panic!("{:?}", other.is_ok()),
        }
    }
    use goref_core::rules::{Ending, HandicapCompensation, Repetition, SekiPoints, Suicide, Tie};
    let settings = [
        ("repetition", expected::<Repetition>()),
        ("suicide", expected::<Suicide>()),
        ("seki_points", expected::<SekiPoints>()),
        ("tie", expected::<Tie>()),
        ("handicap_compensation", expected::<HandicapCompensation>()),
        ("ending", expected::<Ending>()),
    ];
    for (name, values) in settings {
        let allowed: Vec<String> = schema["$defs"]["rules"]["properties"][name]["enum"]
            .as_array()
            .unwrap_or_else(|| panic!("{name}"))
            .iter()
            .map(|v| v.as_str().unwrap().to_owned())
            .collect();
        assert_eq!(allowed, values, "{name}");
    }
    let validator = jsonschema::validator_for(&schema).unwrap();
    for preset in goref_core::rules::Preset::ALL {
        let out = goref()
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["check", "-q", "--format", "jsonl", "--rules", preset.name])
            .arg("testdata/clean-9x9.sgf")
            .output()
            .unwrap();
        for r in jsonl(&String::from_utf8(out.stdout).unwrap()) {
            let errors: Vec<String> = validator.iter_errors(&r).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{}: {errors:?}", preset.name);
        }
    }
}

/// Numbers from flags and records are finite and in range: `--komi 1e308` and a
/// penalty past the cap are usage errors naming the value; `KM[1e308]`, `TM[1e308]`
/// and a clock of absurd hours are `bad-value` findings, and no report holds an
/// infinity (serialised as `null`) or `inf`.
#[test]
fn numbers_are_finite_and_range_checked() {
    let dir = TempDir::new().unwrap();
    let record = dir.path().join("v.sgf");
    fs::write(&record, CLEAN).unwrap();
    for command in ["check", "score", "appeal"] {
        for komi in ["1e308", "-1e308", "inf", "NaN", "10001"] {
            goref()
                .arg(command)
                .arg(&record)
                .args(["--komi", komi])
                .assert()
                .code(2)
                .stderr(predicates::str::contains(
                    "komi must be a number from -10000 to 10000",
                ));
        }
    }
    goref()
        .arg("score")
        .arg(&record)
        .args(["--penalty", "B=4294967295"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("from 0 to 10000"));
    let hostile = dir.path().join("h.sgf");
    fs::write(
        &hostile,
        "(;GM[1]FF[4]SZ[9]KM[1e308]OT[Ing]TM[1e308]BL[-1e308]RE[B+R];B[ee];W[ee])\
         (;GM[1]FF[4]SZ[9]KM[7.5]TM[4294967295:00:00]RE[B+R];B[ee])",
    )
    .unwrap();
    let out = goref()
        .args(["check", "-q", "--format", "jsonl", "--ing-overtime"])
        .arg(&hostile)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let reports = jsonl(&text);
    assert_eq!(reports.len(), 2);
    for r in &reports {
        assert!(r["komi"]["value"].is_number(), "{r}");
        let bad: Vec<&str> = r["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["code"] == "bad-value")
            .map(|f| f["message"].as_str().unwrap())
            .collect();
        assert!(bad.iter().any(|m| m.starts_with("TM[")), "{bad:?}");
    }
    for infinite in ["+inf", "-inf", "\"value\":null"] {
        assert!(!text.contains(infinite), "{infinite} in {text}");
    }
}
