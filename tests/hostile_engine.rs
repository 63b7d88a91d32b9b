//! Hostile GTP engines (tests/fake-gtp.sh): one that floods its output, one that prints
//! an endless line, one that answers every command slowly, one that leaves a process
//! behind. Each costs bounded time and memory, ends in an `estimator-failed` finding,
//! and leaves no process running; no `--engine-timeout` value panics.

mod common;
use common::goref;
use serde_json::Value;
use std::time::{Duration, Instant};

const UNMARKED: &str = "testdata/reading/japanese-unmarked.sgf";

/// `sh tests/fake-gtp.sh MODE ARG`: `sh` is a wrapper whose children (`yes`, `sleep`)
/// are what a kill of the shell alone would orphan.
fn fake_engine(mode: &str, arg: &str) -> String {
    format!(
        "sh {}/tests/fake-gtp.sh {mode} {arg}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// `check --format jsonl` with the engine; the `estimator-failed` message and the time
/// the run took.
fn failure(engine: &str, flags: &[&str]) -> (String, Duration) {
    let started = Instant::now();
    let out = goref()
        .args([
            "check", "-q", "--format", "jsonl", UNMARKED, "--engine", engine,
        ])
        .args(flags)
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    let took = started.elapsed();
    let report: Value = serde_json::from_slice(&out.stdout).expect("one JSON report");
    let message = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "estimator-failed")
        .unwrap_or_else(|| panic!("no estimator-failed: {report}"))["message"]
        .as_str()
        .unwrap()
        .to_owned();
    (message, took)
}

/// Whether process `pid` is gone (or a zombie nobody reaped yet).
fn gone(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit(')')
            .next()
            .is_some_and(|rest| rest.trim_start().starts_with('Z')),
    }
}

fn wait_gone(pid: u32) -> bool {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(10) {
        if gone(pid) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

#[test]
fn an_engine_that_floods_after_its_answer_is_stopped_at_the_answer_limit() {
    let (message, took) = failure(&fake_engine("flood", ""), &["--engine-timeout", "30"]);
    assert!(message.contains("more than"), "{message}");
    assert!(took < Duration::from_secs(60), "{took:?}");
}

#[test]
fn an_endless_line_is_stopped_at_the_line_limit() {
    let (message, took) = failure(&fake_engine("long-line", ""), &["--engine-timeout", "30"]);
    assert!(message.contains("more than 65536 bytes"), "{message}");
    assert!(took < Duration::from_secs(60), "{took:?}");
}

#[test]
fn an_engine_slow_on_every_command_meets_the_per_game_deadline() {
    // Each answer takes a second (within --engine-timeout), the position has dozens of
    // stones: without the per-game deadline it would take minutes.
    let (message, took) = failure(
        &fake_engine("drip", ""),
        &["--engine-timeout", "5", "--engine-game-timeout", "3"],
    );
    assert!(
        message.contains("did not finish the position within 3 s"),
        "{message}"
    );
    assert!(took < Duration::from_secs(30), "{took:?}");
}

#[test]
fn a_timed_out_engine_leaves_no_process_behind() {
    let dir = tempfile::TempDir::new().unwrap();
    let pidfile = dir.path().join("orphan.pid");
    let (message, _) = failure(
        &fake_engine("orphan", pidfile.to_str().unwrap()),
        &["--engine-timeout", "1"],
    );
    assert!(message.contains("did not answer"), "{message}");
    let pid: u32 = std::fs::read_to_string(&pidfile).unwrap().parse().unwrap();
    assert!(wait_gone(pid), "the engine's child {pid} outlived goref");
}

/// A second SIGTERM exits at once (status 130), and kills the engine's whole group
/// first; `score` exits on the first signal and does the same.
#[test]
fn a_signal_exit_kills_the_engines_process_group() {
    for (command, signals) in [("check", 2), ("score", 1)] {
        let dir = tempfile::TempDir::new().unwrap();
        let pidfile = dir.path().join("orphan.pid");
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("goref"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args([command, UNMARKED, "--engine"])
            .arg(fake_engine("orphan", pidfile.to_str().unwrap()))
            .args(["--engine-timeout", "600"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let started = Instant::now();
        let pid = loop {
            if let Some(pid) = std::fs::read_to_string(&pidfile)
                .ok()
                .and_then(|t| t.parse::<u32>().ok())
            {
                break pid;
            }
            assert!(started.elapsed() < Duration::from_secs(60), "no engine");
            std::thread::sleep(Duration::from_millis(20));
        };
        for _ in 0..signals {
            let kill = std::process::Command::new("kill")
                .args(["-TERM", &child.id().to_string()])
                .status()
                .unwrap();
            assert!(kill.success());
            std::thread::sleep(Duration::from_millis(200));
        }
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(130), "{command}");
        assert!(
            wait_gone(pid),
            "{command}: the engine's child {pid} outlived goref"
        );
    }
}

#[test]
fn no_engine_timeout_value_panics() {
    for command in ["score", "appeal", "check"] {
        for value in ["18446744073709551615", "0", "86401"] {
            for flag in ["--engine-timeout", "--engine-game-timeout"] {
                goref()
                    .args([command, UNMARKED, "--engine", "true", flag, value])
                    .assert()
                    .code(2)
                    .stderr(predicates::str::contains("1..=86400"));
            }
        }
    }
}
