//! `goref.toml` / `.goref.toml`: discovery from each path, `--config`, `--isolated`,
//! precedence (the command line wins), `[[override]]` sections by glob, errors with the
//! file and line, and `--show-settings`.

mod common;

use serde_json::Value;
use std::io::Write;
use std::path::Path;
use tempfile::TempDir;

const KO: &[u8] = include_bytes!("../testdata/ko-retake.sgf");

fn put(dir: &Path, name: &str, bytes: &[u8]) {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
}

/// `goref check ARGS` run in `dir`.
fn check_in(dir: &Path, args: &[&str]) -> std::process::Output {
    let mut cmd = common::goref();
    cmd.current_dir(dir).args(["check", "-q"]).args(args);
    cmd.output().unwrap()
}

fn jsonl(out: &std::process::Output) -> Vec<Value> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// file → the preset it was refereed under.
fn rules_by_file(reports: &[Value]) -> Vec<(String, String)> {
    reports
        .iter()
        .map(|r| {
            (
                r["file"].as_str().unwrap().to_string(),
                r["rules"]["name"].as_str().unwrap_or("-").to_string(),
            )
        })
        .collect()
}

fn codes(report: &Value) -> Vec<&str> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect()
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

#[test]
fn the_nearest_file_walking_up_from_each_path_applies() {
    let tmp = TempDir::new().unwrap();
    let root = tmp.path();
    put(root, "goref.toml", b"rules = \"japanese\"\n");
    put(root, "sub/.goref.toml", b"rules = \"aga\"\n");
    put(root, "a.sgf", KO);
    put(root, "sub/b.sgf", KO);
    put(root, "sub/deep/c.sgf", KO);
    let out = check_in(root, &["--format", "jsonl", "a.sgf", "sub"]);
    assert_eq!(
        rules_by_file(&jsonl(&out)),
        [
            ("a.sgf".to_string(), "japanese".to_string()),
            ("sub/b.sgf".to_string(), "aga".to_string()),
            ("sub/deep/c.sgf".to_string(), "aga".to_string()),
        ]
    );
    // `.goref.toml` is looked for before `goref.toml` in one directory.
    put(root, "sub/goref.toml", b"rules = \"goe\"\n");
    let out = check_in(root, &["--format", "jsonl", "sub/b.sgf"]);
    assert_eq!(rules_by_file(&jsonl(&out))[0].1, "aga");
    std::fs::remove_file(root.join("sub/goref.toml")).unwrap();
    // --isolated: none of them; --config: that one for every path.
    let out = check_in(
        root,
        &["--isolated", "--format", "jsonl", "a.sgf", "sub/b.sgf"],
    );
    for (_, rules) in rules_by_file(&jsonl(&out)) {
        assert_ne!(rules, "japanese");
        assert_ne!(rules, "aga");
    }
    put(root, "elsewhere/ci.toml", b"rules = \"goe\"\n");
    let out = check_in(
        root,
        &[
            "--config",
            "elsewhere/ci.toml",
            "--format",
            "jsonl",
            "a.sgf",
            "sub/b.sgf",
        ],
    );
    for (_, rules) in rules_by_file(&jsonl(&out)) {
        assert_eq!(rules, "sst-ing");
    }
}

#[test]
fn the_command_line_wins_even_with_a_default_value() {
    let tmp = TempDir::new().unwrap();
    let root = tmp.path();
    put(
        root,
        "goref.toml",
        b"format = \"jsonl\"\nfail-on = \"never\"\nrules = \"japanese\"\n",
    );
    put(root, "ko.sgf", KO);
    // jsonl, fail-on and rules from the file: the ko error does not fail the run.
    let out = check_in(root, &["ko.sgf"]);
    assert_eq!(out.status.code(), Some(0));
    let reports = jsonl(&out);
    assert_eq!(reports.len(), 1);
    assert_eq!(reports[0]["rules"]["name"], "japanese");
    assert!(codes(&reports[0]).contains(&"ko-retake"));
    // The defaults, given on the command line, replace the file's values.
    let out = check_in(
        root,
        &[
            "--format",
            "text",
            "--fail-on",
            "error",
            "--rules",
            "auto",
            "ko.sgf",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("ko.sgf #1"), "{text}");
    assert!(text.contains("error positional-superko"), "{text}");
}

#[test]
fn override_sections_apply_by_glob_and_add_to_ignore() {
    let tmp = TempDir::new().unwrap();
    let root = tmp.path();
    put(
        root,
        "goref.toml",
        br#"ignore = ["result-missing"]
severity = { "positional-superko" = "warning" }

[[override]]
paths = ["kgs/**"]
rules = "japanese"
ignore = ["positional-superko"]

[[override]]
paths = ["kgs/2001/*.sgf"]
rules = "aga"
"#,
    );
    put(root, "kgs/2000/a.sgf", KO);
    put(root, "kgs/2001/b.sgf", KO);
    put(root, "fox/c.sgf", KO);
    let out = check_in(root, &["--format", "jsonl", "."]);
    let reports = jsonl(&out);
    assert_eq!(
        rules_by_file(&reports),
        [
            ("./fox/c.sgf".to_string(), "simplified-ing".to_string()),
            ("./kgs/2000/a.sgf".to_string(), "japanese".to_string()),
            ("./kgs/2001/b.sgf".to_string(), "aga".to_string()),
        ]
    );
    // fox: the file's ignore and severity; kgs: the section's ignore added.
    let fox = &reports[0];
    assert!(!codes(fox).contains(&"result-missing"));
    let superko = fox["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "positional-superko");
    assert_eq!(
        superko.map(|f| f["severity"].clone()),
        Some("warning".into())
    );
    for kgs in &reports[1..] {
        assert!(!codes(kgs).contains(&"result-missing"));
        assert!(!codes(kgs).contains(&"positional-superko"), "{kgs}");
    }
    // The command line's --severity CODE=LEVEL wins over the file's ignore and
    // severity of CODE; its --ignore adds to the file's.
    let out = check_in(
        root,
        &[
            "--format",
            "jsonl",
            "--severity",
            "result-missing=warning",
            "--severity",
            "positional-superko=error",
            "--ignore",
            "komi-differs",
            "fox/c.sgf",
        ],
    );
    let report = &jsonl(&out)[0];
    let level = |code: &str| {
        report["findings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["code"] == code)
            .map(|f| f["severity"].clone())
    };
    assert_eq!(level("result-missing"), Some("warning".into()));
    assert_eq!(level("positional-superko"), Some("error".into()));
    assert_eq!(level("komi-differs"), None);
}

#[test]
fn override_sections_reach_into_archives() {
    let tmp = TempDir::new().unwrap();
    let root = tmp.path();
    put(
        root,
        "goref.toml",
        b"[[override]]\npaths = [\"games.zip/kgs/**\"]\nrules = \"japanese\"\n",
    );
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for name in ["kgs/a.sgf", "fox/b.sgf"] {
        zip.start_file(name, zip::write::SimpleFileOptions::default())
            .unwrap();
        zip.write_all(KO).unwrap();
    }
    put(root, "games.zip", &zip.finish().unwrap().into_inner());
    let out = check_in(root, &["--format", "jsonl", "games.zip"]);
    assert_eq!(
        rules_by_file(&jsonl(&out)),
        [
            ("games.zip:kgs/a.sgf".to_string(), "japanese".to_string()),
            (
                "games.zip:fox/b.sgf".to_string(),
                "simplified-ing".to_string()
            ),
        ]
    );
}

#[test]
fn mistakes_name_the_file_and_line_with_a_suggestion() {
    let tmp = TempDir::new().unwrap();
    let root = tmp.path();
    put(root, "a.sgf", KO);
    let cases: &[(&str, &str)] = &[
        (
            "rules = \"auto\"\nfial-on = \"warning\"\n",
            "goref.toml:2:1: unknown key `fial-on`; did you mean `fail-on`?",
        ),
        (
            "[[override]]\npaths = [\"a/**\"]\nignroe = [\"charset\"]\n",
            "goref.toml:3:1: unknown key `ignroe`; did you mean `ignore`?",
        ),
        (
            "rules = \"japansee\"\n",
            "goref.toml:1:9: rules: unknown rules",
        ),
        ("ignore = [\"ko-retaek\"]\n", "did you mean `ko-retake`?"),
        ("jobs = \"two\"\n", "goref.toml:1:8: invalid type"),
        (
            "fail-on = \"sometimes\"\n",
            "fail-on: unknown value `sometimes` (expected error, warning, info, never)",
        ),
        (
            "[[override]]\npaths = [\"kgs/**\"]\nformat = \"json\"\n",
            "goref.toml:3:10: `format` is a setting of the whole run",
        ),
        ("[[override]]\nrules = \"aga\"\n", "needs `paths`"),
        (
            "[[override]]\npaths = [\"a/[\"]\n",
            "goref.toml:2:9: paths:",
        ),
        ("ko = \"superduperko\"\n", "goref.toml:1:6: ko:"),
        ("rules = \n", "goref.toml:1:"),
    ];
    for (text, expected) in cases {
        put(root, "goref.toml", text.as_bytes());
        let out = check_in(root, &["a.sgf"]);
        assert_eq!(out.status.code(), Some(2), "{text}");
        let err = stderr(&out);
        assert!(err.contains(expected), "{text:?}: {err}");
        assert!(out.stdout.is_empty(), "nothing checked");
    }
    // A missing --config file.
    let out = check_in(root, &["--config", "nope.toml", "a.sgf"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("cannot read nope.toml"));
}

#[test]
fn show_settings_says_where_each_setting_comes_from() {
    let tmp = TempDir::new().unwrap();
    let root = tmp.path();
    put(
        root,
        "goref.toml",
        b"fail-on = \"warning\"\nkomi = 6.5\n\n[[override]]\npaths = [\"kgs/**\"]\nrules = \"japanese\"\nko = \"situational-superko\"\ning-overtime = true\n",
    );
    put(root, "kgs/a.sgf", KO);
    let out = check_in(root, &["--show-settings", "--jobs", "3", "kgs/a.sgf"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let line = |key: &str| {
        text.lines()
            .find(|l| l.trim_start().starts_with(&format!("{key} = ")))
            .unwrap_or_else(|| panic!("no {key} in {text}"))
            .to_string()
    };
    let config = std::fs::canonicalize(root).unwrap().join("goref.toml");
    let _ = config;
    assert!(text.starts_with("settings for kgs/a.sgf\n"), "{text}");
    assert!(
        line("rules").contains("\"japanese\"")
            && line("rules").contains("goref.toml:6 ([[override]] paths = [\"kgs/**\"])"),
        "{text}"
    );
    assert!(
        line("ko").contains("\"situational-superko\"") && line("ko").contains(":7 ([[override]]"),
        "{text}"
    );
    assert!(
        line("fail-on").contains("\"warning\"") && line("fail-on").contains("goref.toml:1"),
        "{text}"
    );
    assert!(
        line("komi").contains("6.5") && line("komi").contains("goref.toml:2"),
        "{text}"
    );
    assert!(
        line("jobs").contains("3") && line("jobs").ends_with("# command line"),
        "{text}"
    );
    assert!(line("format").ends_with("# default"), "{text}");
    assert!(
        line("ing-overtime").contains("true") && line("ing-overtime").contains(":8 ([[override]]"),
        "{text}"
    );
    // Nothing was checked.
    assert!(!text.contains("positional-superko"));
    let out = check_in(root, &["--show-settings", "--isolated", "kgs/a.sgf"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("configuration file: none (--isolated)"),
        "{text}"
    );
}

/// The first fenced block of `lang` in a docs page.
fn block(page: &str, lang: &str) -> String {
    let start = page.find(&format!("```{lang}\n")).unwrap() + lang.len() + 4;
    let end = start + page[start..].find("```").unwrap();
    page[start..end].to_string()
}

#[test]
fn the_example_in_docs_config_md_is_what_goref_prints() {
    let page =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/config.md"))
            .unwrap();
    let tmp = TempDir::new().unwrap();
    let root = std::fs::canonicalize(tmp.path()).unwrap();
    put(&root, "goref.toml", block(&page, "toml").as_bytes());
    put(&root, "kgs/2001/a.sgf", KO);
    let out = check_in(
        &root,
        &["--show-settings", "--format", "jsonl", "kgs/2001/a.sgf"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let printed = String::from_utf8(out.stdout).unwrap();
    let expected = block(&page, "text").replace("/repo", root.to_str().unwrap());
    // Every line of the page's example (but the command and the elisions) is printed.
    for line in expected.lines().skip(1).filter(|l| l.trim() != "...") {
        assert!(
            printed.lines().any(|p| p == line),
            "{line:?} not in\n{printed}"
        );
    }
}
