//! `goref check --format sarif|github|junit`: SARIF validated against the official
//! schema, GitHub workflow commands against their documented grammar, JUnit XML parsed.

mod common;

use common::{check_jsonl, goref};
use serde_json::Value;
use std::io::Write;
use std::path::Path;

/// Records with errors, warnings and a clean game, and one of two games.
const FILES: &[&str] = &[
    "testdata/ko-retake.sgf",
    "testdata/malformed.sgf",
    "testdata/clean-9x9.sgf",
    "testdata/findings/",
];

fn run(args: &[&str]) -> (String, Option<i32>) {
    let out = goref().args(["check", "-q"]).args(args).output().unwrap();
    (String::from_utf8(out.stdout).unwrap(), out.status.code())
}

fn sarif_validator() -> jsonschema::Validator {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/schemas/sarif-schema-2.1.0.json");
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    jsonschema::validator_for(&schema).expect("the SARIF schema compiles")
}

fn schema_errors(validator: &jsonschema::Validator, doc: &Value) -> Vec<String> {
    validator
        .iter_errors(doc)
        .map(|e| format!("{e} at {}", e.instance_path))
        .collect()
}

#[test]
fn sarif_validates_against_the_official_schema_and_carries_every_finding() {
    let validator = sarif_validator();
    let args: Vec<&str> = ["--format", "sarif"]
        .iter()
        .copied()
        .chain(FILES.iter().copied())
        .collect();
    let (out, code) = run(&args);
    assert_eq!(code, Some(1));
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(schema_errors(&validator, &doc), Vec::<String>::new());
    // The validator rejects what the schema forbids.
    let mut broken = doc.clone();
    broken["runs"][0]["results"][0]["level"] = "fatal".into();
    assert!(!schema_errors(&validator, &broken).is_empty());

    let run = &doc["runs"][0];
    let results = run["results"].as_array().unwrap();
    // One result per finding at --show (warning) or above, in report order.
    let expected: Vec<(String, String)> = check_jsonl(FILES)
        .iter()
        .flat_map(|r| {
            r["findings"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|f| f["severity"] != "info")
                .map(|f| {
                    (
                        r["file"].as_str().unwrap().to_string(),
                        f["code"].as_str().unwrap().to_string(),
                    )
                })
                .collect::<Vec<_>>()
        })
        .collect();
    let got: Vec<(String, String)> = results
        .iter()
        .map(|r| {
            (
                r["properties"]["record"].as_str().unwrap().to_string(),
                r["ruleId"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(got, expected);
    let ko = &results[0];
    assert_eq!(ko["ruleId"], "positional-superko");
    assert_eq!(ko["level"], "error");
    let location = &ko["locations"][0]["physicalLocation"];
    assert_eq!(
        location["artifactLocation"]["uri"],
        "testdata/ko-retake.sgf"
    );
    assert_eq!(location["region"]["startLine"], 4);
    assert_eq!(location["region"]["startColumn"], 15);
    // Each result's rule is the registry entry at its index.
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    for r in results {
        let index = r["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], r["ruleId"]);
    }
}

#[test]
fn sarif_rules_are_the_registry_with_help_linking_into_findings_md() {
    let (out, _) = run(&["--format", "sarif", "testdata/clean-9x9.sgf"]);
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["runs"][0]["results"].as_array().unwrap().len(), 0);
    let rules = doc["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap();
    let findings_md =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/findings.md"))
            .unwrap();
    assert_eq!(rules.len(), goref_core::findings::CodeInfo::ALL.len());
    for (rule, info) in rules.iter().zip(goref_core::findings::CodeInfo::ALL) {
        assert_eq!(rule["id"], info.name);
        assert_eq!(rule["shortDescription"]["text"], info.summary);
        assert_eq!(rule["help"]["text"], info.advice);
        let level = match info.severity {
            goref_core::findings::Severity::Error => "error",
            goref_core::findings::Severity::Warning => "warning",
            goref_core::findings::Severity::Info => "note",
        };
        assert_eq!(rule["defaultConfiguration"]["level"], level);
        let uri = rule["helpUri"].as_str().unwrap();
        let (page, anchor) = uri.split_once('#').unwrap();
        assert!(page.ends_with("/docs/findings.md"), "{uri}");
        assert_eq!(anchor, info.name);
        assert!(
            findings_md.contains(&format!("\n## {anchor}\n")),
            "no section for {anchor}"
        );
    }
}

#[test]
fn sarif_places_archive_members_on_the_archive() {
    let tmp = tempfile::tempdir().unwrap();
    let archive = tmp.path().join("games.tar.gz");
    let mut tar = tar::Builder::new(Vec::new());
    let ko = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/ko-retake.sgf"))
        .unwrap();
    let mut header = tar::Header::new_gnu();
    header.set_size(ko.len() as u64);
    header.set_cksum();
    tar.append_data(&mut header, "round 1/ko.sgf", &ko[..])
        .unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&tar.into_inner().unwrap()).unwrap();
    std::fs::write(&archive, gz.finish().unwrap()).unwrap();
    let path = archive.to_str().unwrap();
    let (out, _) = run(&["--format", "sarif", path]);
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        schema_errors(&sarif_validator(), &doc),
        Vec::<String>::new()
    );
    let result = &doc["runs"][0]["results"][0];
    let location = &result["locations"][0]["physicalLocation"];
    assert_eq!(
        location["artifactLocation"]["uri"],
        format!("file://{path}")
    );
    assert!(location.get("region").is_none());
    assert!(result["message"]["text"]
        .as_str()
        .unwrap()
        .starts_with("round 1/ko.sgf:4:15: move 3 W B4 (bb): "));
    assert_eq!(
        result["properties"]["record"],
        format!("{path}:round 1/ko.sgf")
    );
    // GitHub: the annotation is on the archive, the member's place in the message.
    let (out, _) = run(&["--format", "github", path]);
    let path_property = path.replace(':', "%3A").replace(',', "%2C");
    assert_eq!(
        out.lines().next().unwrap(),
        format!("::error file={path_property},title=positional-superko::round 1/ko.sgf:4:15: move 3 W B4 (bb): the play recreates the position after move 1 (positional superko); it is illegal.")
    );
}

/// A workflow command, taken apart by the grammar GitHub documents
/// (`::COMMAND key=value,key=value::message`, with `%`, CR, LF escaped everywhere and
/// `:` and `,` too in values).
fn parse_command(line: &str) -> (String, Vec<(String, String)>, String) {
    let rest = line.strip_prefix("::").expect("starts with ::");
    let (head, data) = rest.split_once("::").expect("a :: before the message");
    assert!(!data.contains(['\r', '\n']), "{line}");
    let (command, props) = head.split_once(' ').unwrap_or((head, ""));
    let props = props
        .split(',')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').expect("key=value");
            assert!(!v.contains([':', ',', '\r', '\n']), "{line}");
            (k.to_string(), unescape(v))
        })
        .collect();
    (command.to_string(), props, unescape(data))
}

fn unescape(text: &str) -> String {
    text.replace("%0A", "\n")
        .replace("%0D", "\r")
        .replace("%3A", ":")
        .replace("%2C", ",")
        .replace("%25", "%")
}

#[test]
fn github_commands_follow_the_documented_grammar() {
    let tmp = tempfile::tempdir().unwrap();
    // A name with every character the grammar escapes (but the line breaks).
    let odd = tmp.path().join("50% a,b:c.sgf");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/ko-retake.sgf"),
        &odd,
    )
    .unwrap();
    let odd = odd.to_str().unwrap();
    let mut args = vec!["--format", "github", "--show", "info", odd];
    args.extend_from_slice(FILES);
    let (out, code) = run(&args);
    assert_eq!(code, Some(1));
    let reports = check_jsonl(&[&[odd], FILES].concat());
    let expected: Vec<(String, String, String)> = reports
        .iter()
        .flat_map(|r| {
            r["findings"].as_array().unwrap().iter().map(|f| {
                let command = match f["severity"].as_str().unwrap() {
                    "error" => "error",
                    "warning" => "warning",
                    _ => "notice",
                };
                (
                    command.to_string(),
                    r["file"].as_str().unwrap().to_string(),
                    f["code"].as_str().unwrap().to_string(),
                )
            })
        })
        .collect();
    let mut got = Vec::new();
    for line in out.lines() {
        let (command, props, message) = parse_command(line);
        let keys: Vec<&str> = props.iter().map(|(k, _)| k.as_str()).collect();
        assert!(
            keys.iter()
                .all(|k| ["file", "line", "col", "title"].contains(k)),
            "{line}"
        );
        let get = |k: &str| {
            props
                .iter()
                .find(|(key, _)| key == k)
                .map(|(_, v)| v.clone())
        };
        assert!(!message.is_empty());
        if let Some(line_no) = get("line") {
            assert!(line_no.parse::<u32>().is_ok());
        }
        got.push((command, get("file").unwrap(), get("title").unwrap()));
    }
    assert_eq!(got, expected);
    assert!(out.starts_with(&format!(
        "::error file={},line=4,col=15,title=positional-superko::move 3 W B4",
        tmp.path().join("50%25 a%2Cb%3Ac.sgf").to_str().unwrap()
    )));
}

#[test]
fn junit_has_one_test_case_per_game_failing_at_fail_on() {
    let reports = check_jsonl(FILES);
    let worst = |r: &Value, level: &[&str]| {
        r["findings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| level.contains(&f["severity"].as_str().unwrap()))
    };
    for (fail_on, levels) in [
        ("error", &["error"][..]),
        ("warning", &["error", "warning"][..]),
    ] {
        let mut args = vec!["--format", "junit", "--fail-on", fail_on];
        args.extend_from_slice(FILES);
        let (out, code) = run(&args);
        assert_eq!(code, Some(1));
        let xml = roxmltree::Document::parse(&out).expect("well-formed XML");
        let suites = xml.root_element();
        assert_eq!(suites.tag_name().name(), "testsuites");
        let cases: Vec<_> = suites
            .descendants()
            .filter(|n| n.has_tag_name("testcase"))
            .collect();
        assert_eq!(cases.len(), reports.len());
        let failing = reports.iter().filter(|r| worst(r, levels)).count();
        let failed_cases = cases
            .iter()
            .filter(|c| c.children().any(|n| n.has_tag_name("failure")))
            .count();
        assert_eq!(failed_cases, failing, "--fail-on {fail_on}");
        assert!(failing > 0 && failing < reports.len());
        assert_eq!(
            suites.attribute("tests"),
            Some(reports.len().to_string().as_str())
        );
        assert_eq!(
            suites.attribute("failures"),
            Some(failing.to_string().as_str())
        );
        for (case, report) in cases.iter().zip(&reports) {
            assert_eq!(case.attribute("classname"), report["file"].as_str());
        }
    }
    let (out, code) = run(&[
        "--format",
        "junit",
        "--fail-on",
        "never",
        "testdata/ko-retake.sgf",
    ]);
    assert_eq!(code, Some(0));
    let xml = roxmltree::Document::parse(&out).unwrap();
    assert!(!xml.descendants().any(|n| n.has_tag_name("failure")));
    // The finding is still there, as output.
    assert!(xml.descendants().any(|n| n.has_tag_name("system-out")));
}

#[test]
fn ci_formats_are_for_check_only() {
    for format in ["sarif", "github", "junit"] {
        goref()
            .args(["score", "--format", format, "testdata/clean-9x9.sgf"])
            .assert()
            .code(2);
        goref().args(["rules", "--format", format]).assert().code(2);
    }
}
