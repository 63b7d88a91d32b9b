//! Helpers shared by integration tests.
// Each test crate uses a part of these helpers; the rest would warn as dead code.
#![allow(dead_code)]

pub mod hostile_cases;
pub mod temp;

/// The goref binary, run from the crate root (where `testdata/` is).
pub fn goref() -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("goref").unwrap();
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

/// A JSON array of strings as `&str`s (a report's points, codes, …); panics on anything else.
pub fn strings(v: &serde_json::Value) -> Vec<&str> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|s| s.as_str().expect("a string"))
        .collect()
}

/// Runs `goref check -q --format jsonl ARGS` and parses every line.
pub fn check_jsonl(args: &[&str]) -> Vec<serde_json::Value> {
    let out = goref()
        .args(["check", "-q", "--format", "jsonl"])
        .args(args)
        .output()
        .unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// How many `.sgf` files lie directly in `dir` (relative to the crate root): what a run over
/// that folder must account for.
pub fn sgf_files_in(dir: &str) -> usize {
    std::fs::read_dir(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "sgf")
        })
        .count()
}
