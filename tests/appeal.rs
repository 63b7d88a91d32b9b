//! `goref appeal` end to end: text, JSON, SVG files, `--move`, usage errors, and the
//! README's diagram.

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata/appeal")
        .join(name)
}

fn goref() -> Command {
    Command::cargo_bin("goref").expect("binary")
}

#[test]
fn text_lays_out_t11_with_every_reading() {
    goref()
        .args(["appeal", "--dead", "ec,ff"])
        .arg(fixture("t11.sgf"))
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "SST literal               sst-ing            16      7       26",
        ))
        .stdout(predicate::str::contains("W+29"))
        .stdout(predicate::str::contains(
            "EGF Appeals Committee 2002: passes 3–4 (moves 6–7) are void",
        ))
        .stdout(predicate::str::contains("owes White a final pass"))
        .stdout(predicate::str::contains("End (after move 7)"));
}

#[test]
fn json_is_the_appeal_structured() {
    let out = goref()
        .args(["appeal", "--format", "json", "--dead", "none"])
        .arg(fixture("t11.sgf"))
        .output()
        .expect("run");
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let readings = v["readings"].as_array().expect("readings");
    assert_eq!(readings.len(), 5);
    assert_eq!(readings[0]["re"], "B+1");
    assert_eq!(readings[0]["basis"], "as-is");
    // `--dead none`: no claim and no estimate, so the precedent reading gives nothing.
    assert_eq!(readings[1]["status"], "no-claim");
    assert_eq!(readings[1]["re"], serde_json::Value::Null);
    assert_eq!(readings[4]["rules"], "aga");
    assert_eq!(v["game"]["recorded_rules"], "GOE");
    assert!(v["file"].as_str().unwrap_or("").ends_with("t11.sgf"));
}

/// Stones by colour, dead marks, territory squares and circles of one SVG.
struct SvgContent {
    black: Vec<String>,
    white: Vec<String>,
    dead: Vec<String>,
    territory_w: usize,
    territory_b: usize,
    offending: Vec<String>,
    last_move: Vec<String>,
}

fn parse_svg(path: &Path) -> SvgContent {
    let text = std::fs::read_to_string(path).expect("svg file");
    let doc = roxmltree::Document::parse(&text).expect("well-formed SVG");
    let mut c = SvgContent {
        black: Vec::new(),
        white: Vec::new(),
        dead: Vec::new(),
        territory_w: 0,
        territory_b: 0,
        offending: Vec::new(),
        last_move: Vec::new(),
    };
    for n in doc.descendants().filter(|n| n.is_element()) {
        let point = n.attribute("data-point").unwrap_or("").to_string();
        match n.attribute("class") {
            Some("stone black") => c.black.push(point),
            Some("stone white") => c.white.push(point),
            Some("dead") => c.dead.push(point),
            Some("territory-w") => c.territory_w += 1,
            Some("territory-b") => c.territory_b += 1,
            Some("offending") => c.offending.push(point),
            Some("last-move") => c.last_move.push(point),
            _ => {}
        }
    }
    c
}

#[test]
fn svg_files_hold_the_stones_and_marks_of_each_diagram() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("new/diagrams");
    goref()
        .args(["appeal", "--dead", "E5,F2", "--move", "3", "--svg"])
        .arg(&out)
        .arg(fixture("t11.sgf"))
        .assert()
        .success();
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .expect("dir created")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["end-move-7.svg", "move-3.svg", "stop-1-move-5.svg"]);

    let end = parse_svg(&out.join("end-move-7.svg"));
    assert_eq!(end.black.len(), 11); // 9 set up + ac + ae
    assert_eq!(end.white.len(), 7); // ad was captured
    assert!(!end.white.contains(&"ad".to_string()));
    assert_eq!(end.dead, ["ec", "ff"]);
    // White's territory: columns d-g (28 points, the two dead stones included);
    // Black's: column a without its two stones.
    assert_eq!((end.territory_w, end.territory_b), (28, 5));
    assert_eq!(end.last_move, ["ae"]);

    let m3 = parse_svg(&out.join("move-3.svg"));
    assert_eq!(m3.black.len(), 11);
    assert!(m3.dead.is_empty() && m3.territory_w == 0);
}

#[test]
fn svg_circles_the_offending_move() {
    let dir = tempfile::tempdir().expect("tempdir");
    goref()
        .args(["appeal", "--svg"])
        .arg(dir.path())
        .arg(fixture("t03.sgf"))
        .assert()
        .success();
    let end = parse_svg(&dir.path().join("end-move-5.svg"));
    assert_eq!(end.offending, ["bb"]);
    assert!(end.white.contains(&"bb".to_string()));
    assert!(!end.black.contains(&"cb".to_string()), "cb was captured");
    let stop = parse_svg(&dir.path().join("stop-1-move-4.svg"));
    assert!(
        stop.offending.is_empty(),
        "move 5 is not played yet at the stop"
    );
}

#[test]
fn move_shows_the_position_after_that_move() {
    goref()
        .args(["appeal", "--move", "1"])
        .arg(fixture("t11.sgf"))
        .assert()
        .success()
        .stdout(predicate::str::contains("After move 1"))
        .stdout(predicate::str::contains("5(X)X O"));
}

#[test]
fn a_dead_point_without_a_stone_is_a_usage_error() {
    goref()
        .args(["appeal", "--dead", "ec,dd"])
        .arg(fixture("t11.sgf"))
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("`dd` (D4) is empty"));
}

#[test]
fn out_of_range_move_and_game_are_usage_errors() {
    goref()
        .args(["appeal", "--move", "120"])
        .arg(fixture("t11.sgf"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--move 120"));
    goref()
        .args(["appeal", "--game", "2"])
        .arg(fixture("t11.sgf"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--game 2"));
    goref()
        .args(["appeal", "no-such-file.sgf"])
        .assert()
        .code(2);
}

/// docs/images/appeal-t11.svg is what `goref appeal --dead ec,ff --svg` draws at the
/// end of T11. Set GOREF_BLESS=1 to rewrite it.
#[test]
fn readme_diagram_is_generated() {
    let sgf = std::fs::read(fixture("t11.sgf")).expect("fixture");
    let file = goref_core::read::read(&sgf, &goref_core::read::ReadOptions::default());
    let record = file.games.first().expect("game");
    let opts = goref_core::check::RefereeOptions::default();
    let appeal = goref_core::present::appeal::Appeal::of(record, &opts, None, Some("ec,ff"))
        .expect("appeal");
    let (_, expected) = appeal
        .svg_files()
        .find(|(name, _)| name == "end-move-7.svg")
        .expect("end diagram");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/images/appeal-t11.svg");
    if std::env::var_os("GOREF_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, &expected).expect("write");
        return;
    }
    let actual = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        actual == expected,
        "docs/images/appeal-t11.svg is out of date; run `GOREF_BLESS=1 cargo test --test appeal`"
    );
}

#[test]
fn rule_overrides_apply_to_every_reading() {
    // Komi 9 makes T11 a tie; `--tie black` reads Simplified Ing with the EGF
    // tournament rule (Black wins ties) instead of the core rule's jigo.
    let out = goref_bin()
        .args([
            "appeal",
            "testdata/appeal/t11.sgf",
            "--komi",
            "9",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    let plain: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let out = goref_bin()
        .args([
            "appeal",
            "testdata/appeal/t11.sgf",
            "--komi",
            "9",
            "--tie",
            "black",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    let black_ties: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let re = |v: &serde_json::Value, name: &str| {
        v["readings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == name)
            .map(|r| r["re"].clone())
            .unwrap()
    };
    assert_eq!(re(&plain, "Simplified Ing"), "0");
    assert_eq!(re(&black_ties, "Simplified Ing"), "B+0");
}

fn goref_bin() -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("goref").unwrap();
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

/// Issue 23, requirement 5: the record's own rules (RU, or `--rules`) are read beside the
/// Ing and AGA readings, each with the rule that decides it.
#[test]
fn the_records_own_rules_are_a_reading_beside_ing_and_aga() {
    let sgf = "(;GM[1]FF[4]SZ[7]KM[6.5]RU[Japanese]AB[ba][bb][bc][ec][bd][be][bf][ff][bg]AW[ca][cb][cc][ad][cd][ce][cf][cg]PL[B];B[ac];W[];B[ae];W[];B[])";
    let json = |args: &[&str]| -> serde_json::Value {
        let out = goref()
            .args(["appeal", "--format", "json"])
            .args(args)
            .arg("-")
            .write_stdin(sgf)
            .output()
            .unwrap();
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let a = json(&[]);
    let readings = a["readings"].as_array().unwrap();
    assert_eq!(readings.len(), 6);
    let own = &readings[5];
    assert_eq!(own["kind"], "record-rules");
    assert_eq!(own["rules"], "japanese");
    assert_eq!(own["record_rules"], true);
    assert_eq!(own["counting"], "territory");
    assert_eq!(own["status"], "decided");
    let sentence = own["rule_sentence"].as_str().unwrap();
    assert!(sentence.contains("RU[Japanese]"), "{sentence}");
    assert!(
        sentence.contains("Japanese: successive passes end the game"),
        "{sentence}"
    );
    assert!(readings[..5].iter().all(|r| r["record_rules"] == false));
    // --rules names another ruleset for the record's own reading.
    let chinese = json(&["--rules", "chinese"]);
    let own = &chinese["readings"].as_array().unwrap()[5];
    assert_eq!(own["rules"], "chinese");
    assert_eq!(own["counting"], "area");
    assert!(own["rule_sentence"]
        .as_str()
        .unwrap()
        .contains("--rules chinese"));
    // Rules already among the readings add none; the rows they are read by are marked.
    let sst = json(&["--rules", "goe"]);
    let rows = sst["readings"].as_array().unwrap();
    assert_eq!(rows.len(), 5);
    let own: Vec<&str> = rows
        .iter()
        .filter(|r| r["record_rules"] == true)
        .map(|r| r["kind"].as_str().unwrap())
        .collect();
    assert_eq!(own, ["sst-literal", "sst-precedent"]);
    // The text names the reading in the verdict table.
    let text = goref()
        .args(["appeal", "--rules", "nz", "-"])
        .write_stdin(sgf)
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("Record's rules            nz"), "{text}");
    assert!(
        text.contains("nz rules, the record's own (--rules nz)"),
        "{text}"
    );
}

/// `goref appeal --format json FILE` of a record in testdata/reading.
fn appeal_json(name: &str) -> serde_json::Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata/reading")
        .join(name);
    let out = goref()
        .args(["appeal", "--format", "json"])
        .arg(&path)
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

/// `check`'s result object for the same record.
fn check_result(name: &str) -> serde_json::Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata/reading")
        .join(name);
    let out = goref()
        .args(["check", "-q", "--format", "jsonl"])
        .arg(&path)
        .output()
        .unwrap();
    let line = String::from_utf8(out.stdout).unwrap();
    let report: serde_json::Value = serde_json::from_str(line.lines().next().unwrap()).unwrap();
    report["result"].clone()
}

#[test]
fn a_reading_whose_winner_turns_on_an_unsure_string_states_no_result_as_check_does() {
    // A lone White string in Black's area read dead at 0.70 decides the winner: `check`
    // states no result (B+1.5 to W+39.5), and no reading of the appeal states one either.
    let checked = check_result("unsure-winner.sgf");
    assert!(checked["computed"].is_null(), "{checked}");
    let appeal = appeal_json("unsure-winner.sgf");
    let readings = appeal["readings"].as_array().unwrap();
    assert_eq!(readings.len(), 6, "five presets and RU[Chinese]");
    for r in readings {
        assert_eq!(r["status"], "unsettled", "{r}");
        assert_eq!(r["applies"], false);
        assert!(
            r["winner"].is_null() && r["margin"].is_null() && r["re"].is_null(),
            "{r}"
        );
        let sentence = r["rule_sentence"].as_str().unwrap();
        assert!(
            sentence.contains("But the count's winner turns on the White string at A6 B6 A5 B5 A4 (estimated dead, confidence 0.70)"),
            "{sentence}"
        );
        assert!(sentence.contains("B+1.5 to W+39.5"), "{sentence}");
        // No count restated under another komi for a result that is not stated.
        assert!(!r["notes"].to_string().contains("default komi"), "{r}");
    }
    assert_eq!(appeal["summary"], "No reading gives a result.");
    // The margin alone open (KM 10.5): the winner is stated, the margin is not.
    assert_eq!(check_result("unsure-margin.sgf")["computed"], "W+");
    let appeal = appeal_json("unsure-margin.sgf");
    for r in appeal["readings"].as_array().unwrap() {
        assert_eq!(
            (&r["status"], &r["re"]),
            (&"unsettled".into(), &"W+".into()),
            "{r}"
        );
        assert_eq!(
            (&r["winner"], &r["margin"]),
            (&"W".into(), &serde_json::Value::Null)
        );
        assert!(r["rule_sentence"]
            .as_str()
            .unwrap()
            .contains("this reading states no margin"));
    }
    assert_eq!(
        appeal["summary"],
        "Every reading that gives a result gives W+ (margin unsettled)."
    );
    goref()
        .arg("appeal")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/reading/unsure-margin.sgf"))
        .assert()
        .success()
        // The winner stated, the margin not.
        .stdout(predicate::str::is_match(r"White +— +W\+ \(margin unsettled\)").unwrap());
    // The page's verdict table says the same.
    goref()
        .args(["appeal", "--format", "html"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/reading/unsure-margin.sgf"))
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "<td>White</td><td class=\"num\">—</td>",
        ));
}

#[test]
fn the_record_s_own_rules_follow_the_source_s_komi_as_check_does() {
    // A Fox record (`KM[0]`, `RU[Japanese]`): `check` and `score` count with Fox's komi
    // of 6.5 (`fox-km0`); so does the appeal's row for the record's own rules, and says
    // so. The Ing and AGA rows read the record's KM.
    let appeal = appeal_json("fox-km0.sgf");
    let readings = appeal["readings"].as_array().unwrap();
    let own = readings.iter().find(|r| r["record_rules"] == true).unwrap();
    assert_eq!(own["rules"], "japanese");
    assert_eq!(
        (&own["komi"], &own["komi_source"], &own["convention"]),
        (&6.5.into(), &"convention".into(), &"fox-km0".into()),
        "{own}"
    );
    for r in readings.iter().filter(|r| r["record_rules"] == false) {
        assert_eq!(
            (&r["komi"], &r["komi_source"]),
            (&0.into(), &"record".into()),
            "{r}"
        );
        assert!(r.get("convention").is_none(), "{r}");
    }
    // White resumed after two passes and never stopped: no end under Japanese rules, so the
    // row gives no result; `check` takes the counted RE for the players' count, and the row
    // says so in `check`'s words.
    assert_eq!(own["status"], "not-ended");
    assert_eq!(check_result("fox-km0.sgf")["computed"], "W+2.5");
    assert!(
        own["notes"].to_string().contains("`goref check` takes RE[W+2.5] for the players' count of the position where the record stops, and computes W+2.5: the count gives W+2.5 by territory counting, as recorded"),
        "{own}"
    );
    assert!(readings
        .iter()
        .filter(|r| r["record_rules"] == false)
        .all(|r| !r["notes"].to_string().contains("goref check")));
    goref()
        .arg("appeal")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/reading/fox-km0.sgf"))
        .assert()
        .success()
        .stdout(predicate::str::contains("6.5 (fox-km0)"));
    // The same game ended with two passes: the record's rules count W+2.5, as `check`
    // does and as RE says (with the KM as written, B+4); the Ing and AGA rows count by
    // area with the record's KM, B+5.
    assert_eq!(check_result("fox-km0-ended.sgf")["computed"], "W+2.5");
    let appeal = appeal_json("fox-km0-ended.sgf");
    for r in appeal["readings"].as_array().unwrap() {
        let own = r["record_rules"] == true;
        let (re, agrees) = if own { ("W+2.5", true) } else { ("B+5", false) };
        assert_eq!(
            (&r["re"], &r["agrees_with_record"]),
            (&re.into(), &agrees.into()),
            "{r}"
        );
    }
}
