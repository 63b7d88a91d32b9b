//! The reading of a game's end through the real binary: territory counting under
//! Japanese rules, the basis of a result (marked, claimed, estimated, as-is) in text
//! and JSON, the GTP judge (a fake engine in tests/fake-gtp.sh, and GNU Go when it is
//! installed), and honest results for resigned games and side variations.

mod common;
use common::{check_jsonl, goref, strings};
use serde_json::Value;

const MARKED: &str = "testdata/reading/japanese-marked.sgf";
const UNMARKED: &str = "testdata/reading/japanese-unmarked.sgf";

/// `sh tests/fake-gtp.sh MODE DEAD`.
fn fake_engine(mode: &str, dead: &str) -> String {
    format!(
        "sh {}/tests/fake-gtp.sh {mode} {dead}",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn text(args: &[&str]) -> String {
    let out = goref().args(args).output().unwrap();
    String::from_utf8(out.stdout).unwrap()
}

/// The result's reason of a JSON report.
fn reason_of(report: &Value) -> &str {
    report["result"]["reason"].as_str().unwrap()
}

fn codes(report: &Value) -> Vec<(String, String)> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap().to_string(),
                f["severity"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn japanese_records_are_counted_by_territory_and_agree_with_a_hand_count() {
    // By hand: Black 14 territory; White 21 territory (the dead stone's point
    // included) + 1 prisoner (the dead stone) = 22; 14 - 22 - 6.5 = W+14.5.
    // By area: 21 - 28 - 6.5 = W+13.5, which the report shows beside it.
    let r = &check_jsonl(&[MARKED])[0];
    assert_eq!(r["schema"], "goref.report/2");
    assert_eq!(r["result"]["status"], "agrees");
    assert_eq!(r["result"]["computed"], "W+14.5");
    assert_eq!(r["result"]["basis"], "marked");
    assert_eq!(r["result"]["counting"], "territory");
    assert_eq!(r["result"]["other_count"], "W+13.5 by area counting");
    let s = &r["score"];
    assert_eq!(
        (s["black"].as_u64(), s["white"].as_u64()),
        (Some(14), Some(22))
    );
    assert_eq!(s["territory"]["white"]["prisoners"], 1);
    assert_eq!(s["basis"], "marked");
    let t = text(&["check", "-q", "--format", "full", MARKED]);
    assert!(t.contains("[marked, territory counting]: agrees"), "{t}");
    assert!(
        t.contains("W+13.5 by area counting (the counts differ)"),
        "{t}"
    );
}

#[test]
fn a_japanese_resignation_says_it_is_a_resignation() {
    let r = &check_jsonl(&["testdata/reading/resigned.sgf"])[0];
    assert_eq!(r["result"]["status"], "not-comparable");
    let reason = r["result"]["reason"].as_str().unwrap();
    assert!(reason.contains("is a resignation"), "{reason}");
}

#[test]
fn score_writes_no_counted_result_for_a_resigned_game() {
    let t = text(&["score", "testdata/reading/resigned.sgf"]);
    assert!(
        t.contains(
            "Result to write: none, the game did not reach its end (RE[B+R]); count as it stands: "
        ),
        "{t}"
    );
    assert!(!t.contains("Result to write: RE["), "{t}");
    let out = goref()
        .args(["score", "--format", "json", "testdata/reading/resigned.sgf"])
        .output()
        .unwrap();
    let card: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(card["re"], Value::Null);
    assert!(card["count"].as_str().unwrap().starts_with('W'));
}

#[test]
fn side_variations_do_not_get_the_main_lines_result_checks() {
    let reports = check_jsonl(&["--variations", "testdata/reading/side-variation.sgf"]);
    assert_eq!(reports.len(), 2);
    let side = &reports[1];
    assert!(side["variation"].is_array());
    assert_eq!(side["result"]["status"], "not-comparable");
    assert!(reason_of(side).contains("side variation"));
    // White moved last in the side line and RE says White resigned: that is the main
    // line's RE, so no resigner-moved-last here.
    assert!(!codes(side).iter().any(|(c, _)| c == "resigner-moved-last"));
}

#[test]
fn estimated_marked_and_claimed_are_told_apart_in_json_and_text() {
    let engine = fake_engine("ok", "F5");
    let estimated = &check_jsonl(&[UNMARKED, "--engine", &engine])[0];
    assert_eq!(estimated["result"]["basis"], "estimated");
    assert_eq!(estimated["result"]["status"], "agrees");
    assert_eq!(estimated["score"]["dead"], serde_json::json!(["fc"]));
    assert_eq!(estimated["score"]["dead_source"], "estimate");
    let t = text(&[
        "check", "-q", "--format", "full", UNMARKED, "--engine", &engine,
    ]);
    assert!(t.contains("[estimated, territory counting]: agrees"), "{t}");

    let claimed = goref()
        .args(["score", "--format", "json", UNMARKED, "--dead", "F5"])
        .output()
        .unwrap();
    let card: Value = serde_json::from_slice(&claimed.stdout).unwrap();
    assert_eq!(card["basis"], "claimed");
    assert_eq!(card["re"], "W+14.5");
    assert_eq!(card["result"]["basis"], "claimed");
    let t = text(&["score", UNMARKED, "--dead", "F5"]);
    assert!(t.contains("Basis: claimed (claimed with --dead)"), "{t}");

    let marked = text(&["score", MARKED]);
    assert!(
        marked.contains("Basis: marked (marked TB/TW in the record)"),
        "{marked}"
    );
}

#[test]
fn dead_none_counts_the_board_as_it_stands() {
    let out = goref()
        .args(["score", "--format", "json", UNMARKED, "--dead", "none"])
        .output()
        .unwrap();
    let card: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(card["basis"], "as-is");
    assert_eq!(card["dead"], serde_json::json!([]));
    let r = &check_jsonl(&[UNMARKED, "--estimator", "none"])[0];
    assert_eq!(r["result"]["basis"], "as-is");
    assert_eq!(r["result"]["status"], "unverified");
}

#[test]
fn a_mismatch_that_rests_on_an_estimate_is_a_warning_and_on_marks_an_error() {
    // The engine says F5 is dead, surely (GTP answers carry confidence 1): the count
    // gives White the game against an RE[B+3.5], but only as a warning.
    let dir = tempfile::tempdir().unwrap();
    let unmarked = dir.path().join("wrong-re-unmarked.sgf");
    let sgf =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(UNMARKED))
            .unwrap()
            .replace("RE[W+14.5]", "RE[B+3.5]");
    std::fs::write(&unmarked, sgf).unwrap();
    let r = &check_jsonl(&[
        unmarked.to_str().unwrap(),
        "--engine",
        &fake_engine("ok", "F5"),
    ])[0];
    assert_eq!(r["result"]["status"], "mismatch", "{}", r["result"]);
    assert_eq!(r["result"]["basis"], "estimated");
    assert!(codes(r).contains(&("result-mismatch".into(), "warning".into())));
    // An engine that leaves F5 alive leaves White's area open to both colours: the
    // position is not countable, and nothing is compared.
    let open = &check_jsonl(&[UNMARKED, "--engine", &fake_engine("ok", "")])[0];
    assert_eq!(
        open["result"]["status"], "not-comparable",
        "{}",
        open["result"]
    );
    assert!(codes(open).contains(&("not-countable".into(), "info".into())));
    // The same mismatch on the record's own marks is an error.
    let wrong = dir.path().join("wrong-re.sgf");
    let sgf =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(MARKED))
            .unwrap()
            .replace("RE[W+14.5]", "RE[B+3.5]");
    std::fs::write(&wrong, sgf).unwrap();
    let r = &check_jsonl(&[wrong.to_str().unwrap()])[0];
    assert_eq!(r["result"]["basis"], "marked");
    assert!(codes(r).contains(&("result-mismatch".into(), "error".into())));
}

#[test]
fn a_failing_engine_is_a_finding_and_the_batch_goes_on() {
    for (mode, what) in [
        ("slow", "did not answer"),
        ("crash", "exited while answering"),
        ("garbage", "not GTP"),
        ("bad-vertex", "not a stone on the board"),
    ] {
        let reports = check_jsonl(&[
            UNMARKED,
            MARKED,
            "--engine",
            &fake_engine(mode, ""),
            "--engine-timeout",
            "1",
        ]);
        assert_eq!(reports.len(), 2, "{mode}");
        let failed: Vec<&Value> = reports[0]["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["code"] == "estimator-failed")
            .collect();
        assert_eq!(failed.len(), 1, "{mode}: {:?}", reports[0]);
        assert_eq!(failed[0]["severity"], "warning");
        assert!(
            failed[0]["message"].as_str().unwrap().contains(what),
            "{mode}: {}",
            failed[0]["message"]
        );
        // The second file, whose dead stones are marked, needs no engine.
        assert_eq!(reports[1]["result"]["status"], "agrees", "{mode}");
    }
    let missing = check_jsonl(&[UNMARKED, "--engine", "/nonexistent/gtp-engine"]);
    assert!(codes(&missing[0])
        .iter()
        .any(|(c, _)| c == "estimator-failed"));
}

#[test]
fn estimator_gtp_without_an_engine_is_a_usage_error() {
    goref()
        .args(["check", "-q", UNMARKED, "--estimator", "gtp"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--estimator gtp needs --engine"));
}

#[test]
fn appeal_shows_the_estimated_dead_stones() {
    let engine = fake_engine("ok", "F5");
    let out = goref()
        .args(["appeal", "--format", "json", UNMARKED, "--engine", &engine])
        .output()
        .unwrap();
    let a: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(a["dead"]["source"], "estimate");
    assert_eq!(a["dead"]["estimated"][0]["vertex"], "F5");
    let end = a["diagrams"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["kind"] == "end")
        .expect("an end diagram");
    assert_eq!(end["dead"], serde_json::json!(["fc"]));
    let t = text(&["appeal", UNMARKED, "--engine", &engine]);
    assert!(
        t.contains("Estimated dead by goref (nothing marked or claimed): "),
        "{t}"
    );
}

/// GNU Go (Debian package `gnugo`) as the judge. Ignored where it is not installed:
/// .ci/run installs it and runs this test with `--ignored`.
#[test]
#[ignore = "needs gnugo (apt-get install gnugo); .ci/run runs it"]
fn gnugo_judges_the_dead_stone() {
    let gnugo = ["/usr/games/gnugo", "/usr/bin/gnugo", "/usr/local/bin/gnugo"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
        .expect("gnugo is not installed: apt-get install -y gnugo");
    let engine = format!("{gnugo} --mode gtp");
    let r = &check_jsonl(&[UNMARKED, "--engine", &engine])[0];
    assert!(
        !codes(r).iter().any(|(c, _)| c == "estimator-failed"),
        "{r}"
    );
    assert_eq!(r["result"]["basis"], "estimated");
    assert_eq!(r["score"]["dead"], serde_json::json!(["fc"]));
    assert_eq!(r["result"]["status"], "agrees");
}

#[test]
fn without_the_estimate_unmarked_dead_stones_leave_the_result_unverified() {
    let file = "testdata/findings/dead-stones-unmarked.sgf";
    let r = &check_jsonl(&[file, "--estimator", "none"])[0];
    assert_eq!(r["result"]["status"], "unverified");
    assert_eq!(r["result"]["basis"], "as-is");
    assert!(codes(r).contains(&("dead-stones-unmarked".into(), "info".into())));
    // With the estimate (the default) the count rests on it instead.
    let r = &check_jsonl(&[file])[0];
    assert_eq!(r["result"]["basis"], "estimated");
    assert!(!codes(r).iter().any(|(c, _)| c == "dead-stones-unmarked"));
}

#[test]
fn fox_s_own_exports_are_counted_as_fox_counts() {
    // The board of testdata/reading/fox-km0.sgf as Fox's own export writes it: the scoring
    // engine's AP first, then AP[foxwq]; an older export without AP[foxwq] holds Fox's
    // byo-yomi TC and TT. Both: komi 6.5 by `fox-km0`, W+2.5 (komi 0 would give B+4).
    let dir = tempfile::tempdir().unwrap();
    let moves = ";B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de];B[aa];W[];B[];W[]";
    for (name, root) in [
        ("foxwq.sgf", "AP[GNU Go:3.8]RE[W+2.5]TC[3]TT[15]AP[foxwq]"),
        ("older.sgf", "AP[GNU Go:3.8]RE[W+2.5]TM[60]TC[3]TT[15]"),
    ] {
        let path = dir.path().join(name);
        let sgf = format!("(;GM[1]FF[4]SZ[5]KM[0]HA[0]RU[Japanese]{root}{moves})");
        std::fs::write(&path, sgf).unwrap();
        let r = &check_jsonl(&[path.to_str().unwrap()])[0];
        assert_eq!(r["result"]["status"], "agrees", "{name}: {r}");
        assert_eq!(r["result"]["computed"], "W+2.5");
        assert_eq!(r["score"]["convention"], "fox-km0", "{name}");
    }
}

#[test]
fn a_fox_record_is_counted_the_way_fox_counts_and_says_so() {
    // Fox writes KM[0] as a placeholder and counts territory with komi 6.5: Black 9
    // territory, White 5; 9 - 5 - 6.5 = W+2.5 (the rules' own komi 0 would give B+4).
    let fox = &check_jsonl(&["testdata/reading/fox-km0.sgf"])[0];
    assert_eq!(fox["result"]["status"], "agrees", "{fox}");
    assert_eq!(fox["result"]["computed"], "W+2.5");
    assert_eq!(fox["result"]["counting"], "territory");
    // The count's komi names the convention that set it; the top-level komi is KM's.
    assert_eq!(
        (
            &fox["score"]["komi"],
            &fox["score"]["komi_source"],
            &fox["score"]["convention"]
        ),
        (&6.5.into(), &"convention".into(), &"fox-km0".into())
    );
    assert_eq!(
        (&fox["komi"]["value"], &fox["komi"]["source"]),
        (&0.into(), &"record".into())
    );
    let found = codes(fox);
    assert!(found
        .iter()
        .any(|(c, s)| c == "count-convention" && s == "info"));
    assert!(!found.iter().any(|(c, _)| c == "komi-differs"), "{found:?}");
    // Rules named on the command line count the way those rules say: no convention.
    let named = &check_jsonl(&["--rules", "japanese", "testdata/reading/fox-km0.sgf"])[0];
    assert_eq!(named["result"]["computed"], "B+4", "{named}");
    assert_eq!(named["score"]["komi_source"], "record");
    assert!(named["score"].get("convention").is_none(), "{named}");
    assert!(!codes(named).iter().any(|(c, _)| c == "count-convention"));
    // B+0.0 is how Fox writes a win without a count: nothing to compare.
    let zero = &check_jsonl(&["testdata/reading/fox-zero-margin.sgf"])[0];
    assert_eq!(zero["result"]["status"], "not-comparable", "{zero}");
    assert!(reason_of(zero).contains("win without a count"));
    // Three passes under Japanese rules are no end (White resumed): nothing is counted,
    // as for a resignation.
    assert!(zero["score"].is_null(), "{zero}");
    // Stopped mid-game, as such games do: no estimate of a mid-game position is shown
    // as a result.
    let midgame = &check_jsonl(&["testdata/reading/fox-zero-margin-midgame.sgf"])[0];
    assert_eq!(midgame["result"]["status"], "not-comparable", "{midgame}");
    assert!(midgame["result"]["computed"].is_null(), "{midgame}");
    assert!(midgame["score"].is_null(), "{midgame}");
    assert!(reason_of(midgame).contains("convention `fox-km0`"));
}

/// `goref score --format json FILE`: the card of the file's one game.
fn score_card(file: &str) -> Value {
    let out = goref()
        .args(["score", "--format", "json", file])
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn a_win_without_a_count_is_never_given_a_computed_result_before_a_countable_end() {
    // Fox's RE[B+0.0] (a win without a count) on a record that stops before the end: a
    // resignation in all but name. `check` counts nothing; `score` counts every stone as
    // it stands, labelled so, with no computed result (goref's estimate would take the
    // White stone at A5 off and give W+1.5: a guess, never shown as the game's result).
    let stops = "testdata/reading/fox-zero-margin-dead-stone.sgf";
    let checked = &check_jsonl(&[stops])[0];
    assert!(checked["result"]["computed"].is_null(), "{checked}");
    let card = score_card(stops);
    // The same result object as `check`'s, as for a resignation: only the count's method
    // is named, for the count `score` made.
    let mut scored = card["result"].clone();
    assert_eq!(scored["counting"], "territory", "{card}");
    scored["counting"] = Value::Null;
    assert_eq!(scored, checked["result"], "{card}");
    assert_eq!(
        (&card["basis"], &card["count"]),
        (&"as-is".into(), &"W+11.5".into())
    );
    assert_eq!(card["dead"], serde_json::json!([]), "{card}");
    assert!(card["re"].is_null(), "{card}");
    let t = text(&["score", stops]);
    assert!(
        t.contains("Result to write: none, the game did not reach its end (RE[B+0.0]); count as it stands: W+11.5"),
        "{t}"
    );
    assert!(t.contains("Dead stones removed: none"), "{t}");
    // RE[B+3.3] is no count; the game ended with two passes, but after two stones: not a
    // countable end. Neither `check` nor `score` gives the count as the result.
    let opening = "testdata/reading/margin-no-count-gives-opening.sgf";
    let checked = check_jsonl(&[opening])[0]["result"].clone();
    let scored = score_card(opening)["result"].clone();
    for result in [&checked, &scored] {
        assert!(result["computed"].is_null(), "{result}");
        assert_eq!(result["as_is"], "W+7.5", "{result}");
        let reason = result["reason"].as_str().unwrap();
        assert!(reason.contains("RE[B+3.3] is not a count"), "{reason}");
        assert!(reason.contains("did not reach a countable end"), "{reason}");
    }
    assert_eq!(checked, scored);
}

#[test]
fn a_margin_no_count_gives_is_no_count_to_compare() {
    // Fox writes W+0.02 and B+0.03 for games that stopped mid-game: no board and komi
    // give a margin of 0.02, so the record is not compared (nor called unfinished).
    let fox = &check_jsonl(&["testdata/reading/fox-code-margin.sgf"])[0];
    assert_eq!(fox["result"]["status"], "not-comparable", "{fox}");
    let reason = fox["result"]["reason"].as_str().unwrap();
    assert!(reason.contains("RE[W+0.02] is not a count"), "{reason}");
    assert!(reason.contains("convention `fox`"), "{reason}");
    assert!(fox["score"].is_null(), "the record stops mid-game: {fox}");
    assert!(!codes(fox).iter().any(|(c, _)| c == "result-mismatch"));
    // Any source: B+3.3 under area counting with 7.5 komi is no count either, though
    // the board is finished and counts W+2.5 (Black 10, White 15, komi 7.5).
    let odd = &check_jsonl(&["testdata/reading/margin-no-count-gives.sgf"])[0];
    assert_eq!(odd["result"]["status"], "not-comparable", "{odd}");
    assert!(reason_of(odd).contains("no count of a board gives that margin"));
    assert!(!reason_of(odd).contains("convention"));
    // That game ended with two passes: counted and shown, not compared.
    assert_eq!(odd["result"]["computed"], "W+2.5");
    // A margin in quarters is a count in stones, as Chinese counters write it: compared
    // in points, W+1.25 is W+2.5, the board's count (Black 10, White 15, komi 7.5).
    let quarters = &check_jsonl(&["testdata/reading/margin-in-quarters.sgf"])[0];
    assert_eq!(quarters["result"]["status"], "agrees", "{quarters}");
    assert_eq!(quarters["result"]["recorded"], "W+1.25");
    assert_eq!(quarters["result"]["recorded_in_points"], "W+2.5");
    assert!(reason_of(quarters).contains("RE[W+1.25] is counted in stones"));
}

#[test]
fn a_fox_chinese_record_counts_stones_against_komi_7_5() {
    // Fox under Chinese rules writes KM[0] and states the result in stones: Black's area
    // is 15, White's 10; with Fox's komi of 7.5 White wins by 2.5 points, RE[W+1.25].
    let fox = &check_jsonl(&["testdata/reading/fox-chinese-km0.sgf"])[0];
    assert_eq!(fox["result"]["status"], "agrees", "{fox}");
    assert_eq!(fox["result"]["computed"], "W+2.5");
    assert_eq!(fox["result"]["recorded_in_points"], "W+2.5");
    assert_eq!(fox["result"]["counting"], "area");
    assert!(codes(fox)
        .iter()
        .any(|(c, s)| c == "count-convention" && s == "info"));
    assert!(!codes(fox).iter().any(|(c, _)| c == "komi-differs"));
    // The rules named on the command line take the record's KM[0]: B+5 against RE's
    // W+2.5 in points.
    let named = &check_jsonl(&["--rules", "chinese", "testdata/reading/fox-chinese-km0.sgf"])[0];
    assert_eq!(named["result"]["computed"], "B+5", "{named}");
    assert_eq!(named["result"]["status"], "mismatch", "{named}");
    assert_eq!(named["result"]["recorded_in_points"], "W+2.5");
    // Counted by territory (the Japanese rules named), a quarter is no count in points:
    // RE is read as written.
    let territory = &check_jsonl(&[
        "--rules",
        "japanese",
        "testdata/reading/fox-chinese-km0.sgf",
    ])[0];
    assert!(
        territory["result"]["recorded_in_points"].is_null(),
        "{territory}"
    );
}

#[test]
fn without_stated_rules_the_count_that_explains_re_is_the_computed_result() {
    // The marked Japanese record without RU: goref assumes area rules (W+13.5), but the
    // territory count gives RE's W+14.5, so that is the count shown, the area one beside it.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("no-rules.sgf");
    let sgf =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(MARKED))
            .unwrap()
            .replace("RU[Japanese]", "");
    std::fs::write(&file, sgf).unwrap();
    let r = &check_jsonl(&[file.to_str().unwrap()])[0];
    assert_eq!(r["result"]["status"], "agrees");
    assert_eq!(r["result"]["computed"], "W+14.5");
    assert_eq!(r["result"]["counting"], "territory");
    assert_eq!(r["result"]["other_count"], "W+13.5 by area counting");
    // `score` writes the count `check` states, and says which counting it is (it wrote
    // W+13.5, the assumed rules' area count, beside "RE[W+14.5] — agrees").
    let path = file.to_str().unwrap();
    let card = score_card(path);
    assert_eq!(
        (&card["re"], &card["count"]),
        (&"W+14.5".into(), &"W+13.5".into()),
        "{card}"
    );
    assert_eq!(card["result"], r["result"]);
    let t = text(&["score", path]);
    assert!(
        t.contains("Result to write: RE[W+14.5] (by territory counting, the count RE was made by: the record does not state its rules)"),
        "{t}"
    );
}

#[test]
fn a_difference_the_open_points_can_make_up_is_unverified_not_a_mismatch() {
    // Black walls off columns A-B, White columns F-G; column D (7 points) is open and the
    // record stops before the end. Territory: 14 each, KM 0.5: W+0.5. RE[B+2.5] differs by
    // 3, which the 7 open points can make up; RE[B+9.5] differs by 10, which they cannot.
    let dir = tempfile::tempdir().unwrap();
    let file = |re: &str| {
        let path = dir.path().join(format!("open-{re}.sgf"));
        let sgf = format!(
            "(;GM[1]FF[4]SZ[7]RU[Japanese]KM[0.5]RE[{re}]\
             AB[ca][cb][cc][cd][ce][cf][cg]AW[ea][eb][ec][ed][ee][ef][eg];B[])"
        );
        std::fs::write(&path, sgf).unwrap();
        path
    };
    let near = &check_jsonl(&[file("B+2.5").to_str().unwrap()])[0];
    assert_eq!(near["result"]["status"], "unverified", "{near}");
    assert!(codes(near).contains(&("open-points-unclear".into(), "info".into())));
    assert!(!codes(near).iter().any(|(c, _)| c.ends_with("-mismatch")));
    let far = &check_jsonl(&[file("B+9.5").to_str().unwrap()])[0];
    assert_eq!(far["result"]["status"], "mismatch", "{far}");
    assert!(!codes(far).iter().any(|(c, _)| c == "open-points-unclear"));
}

#[test]
fn an_estimated_territory_count_is_made_with_the_teire() {
    // Black's lone stone D7 reaches its corner only through C7; once White fills the dame
    // E7 it is in atari and Black connects at C7, a point of its own territory. Territory:
    // Black 8 - 1, White 16, KM 0.5: W+9.5, whether the record stops before the end or
    // after two passes (the dame are filled before the count). Counted as it stands
    // (`--estimator none`), nothing is filled: W+8.5.
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str, tail: &str| {
        let path = dir.path().join(name);
        let sgf = format!(
            "(;GM[1]FF[4]SZ[7]RU[Japanese]KM[0.5]RE[W+9.5]\
             AB[da][ab][bb][cb][ac][bc][cc][ad][cd][ae][be][ce][cf][cg]\
             AW[fa][db][eb][fb][gb][dc][dd][de][df][dg]{tail})"
        );
        std::fs::write(&path, sgf).unwrap();
        path.to_str().unwrap().to_string()
    };
    for tail in [";B[]", ";B[];W[]"] {
        let r = &check_jsonl(&[&file("teire.sgf", tail)])[0];
        assert_eq!(r["result"]["status"], "agrees", "{r}");
        assert_eq!(r["result"]["computed"], "W+9.5");
        assert_eq!(r["score"]["territory"]["black"]["teire"], 1, "{r}");
        assert_eq!(r["score"]["territory"]["black"]["territory"], 7);
    }
    let as_is = &check_jsonl(&["--estimator", "none", &file("as-is.sgf", ";B[];W[]")])[0];
    assert_eq!(as_is["result"]["computed"], "W+8.5", "{as_is}");
    assert!(as_is["score"]["territory"]["black"].get("teire").is_none());
    let text = text(&["score", &file("text.sgf", ";B[]")]);
    assert!(text.contains("1 teire made"), "{text}");
}

#[test]
fn a_string_left_in_atari_at_the_end_costs_its_owner_a_point_of_territory() {
    // White's stone D1 is in atari, its one liberty C1 a point of White's territory, and
    // Black's capture there would be a ko White must settle: White fills C1. Territory:
    // Black 6, White 6 - 1, KM 0.5: B+0.5 (counted as it stands, W+0.5).
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("atari.sgf");
    std::fs::write(
        &path,
        "(;GM[1]FF[4]SZ[7:5]RU[Japanese]KM[0.5]RE[B+0.5]\
         AB[db][dc][dd][de][ea][eb][ec][ed][ee][fa][fb][fd][fe]\
         AW[ba][bb][bc][bd][be][cb][cc][cd][ce][da];B[])",
    )
    .unwrap();
    let path = path.to_str().unwrap();
    let r = &check_jsonl(&[path])[0];
    assert_eq!(r["result"]["status"], "agrees", "{r}");
    assert_eq!(r["result"]["computed"], "B+0.5");
    assert_eq!(r["score"]["territory"]["white"]["teire"], 1, "{r}");
    let as_is = &check_jsonl(&["--estimator", "none", path])[0];
    assert_eq!(as_is["result"]["computed"], "W+0.5", "{as_is}");
    let text = text(&["score", path]);
    assert!(text.contains("1 teire made"), "{text}");
}

/// Issue 26 requirement 5: the record's own comment is a second source for its result.
#[test]
fn re_against_the_records_own_comment_names_the_side_the_count_supports() {
    let board = ";B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de]";
    let run = |re: &str, comment: &str, gc: &str| {
        let sgf = format!("(;GM[1]FF[4]SZ[5]RU[Chinese]KM[0]RE[{re}]{gc}{board}C[{comment}])");
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("c.sgf");
        std::fs::write(&file, sgf).unwrap();
        let r = check_jsonl(&[file.to_str().unwrap()]).remove(0);
        r["findings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["code"] == "comment-result-differs")
            .map(|f| {
                (
                    f["severity"].clone(),
                    f["message"].as_str().unwrap().to_string(),
                )
            })
    };
    // The count (B+5) supports the comment against a mistyped RE.
    let (severity, message) = run("W+5", "Black wins by 5 points.", "").expect("finding");
    assert_eq!(severity, "warning");
    assert!(
        message.contains("RE[W+5]") && message.contains("Black wins by 5"),
        "{message}"
    );
    assert!(
        message.contains("the count (B+5) supports the comment"),
        "{message}"
    );
    // ... or RE against a wrong comment; GC is read where the last node says nothing.
    let (_, message) = run("B+5", "", "GC[Result: W+3.5]").expect("finding");
    assert!(message.contains("game comment (GC)"), "{message}");
    assert!(message.contains("supports RE"), "{message}");
    // Agreeing sources, or a comment that states no result: nothing to say.
    assert_eq!(run("B+5", "Black wins by 5 points.", ""), None);
    assert_eq!(run("B+5", "a fine game", ""), None);
    // A resignation agrees with a comment that names the same winner.
    assert_eq!(run("B+R", "B+R", ""), None);
}

/// Issue 26: positions a careful counter would not count are not counted on the estimate:
/// an opening, a problem position, an unfinished game. The count as it stands is given,
/// labelled, and nothing is compared with RE.
#[test]
fn unfinished_opening_and_problem_positions_are_not_counted() {
    let cases = [
        // An opening: two stones each on 19x19.
        (
            "opening",
            "(;GM[1]FF[4]SZ[19]RU[Japanese]KM[6.5]RE[W+2.5];B[pd];W[dp];B[pp];W[dd])",
        ),
        // A problem position: a corner group and its attackers, nothing else.
        (
            "problem",
            "(;GM[1]FF[4]SZ[19]RU[Chinese]KM[7.5]RE[W+12]AB[aq][bq][cq][dr][ds]AW[ap][bp][cp][dq][eq][er][es]PL[B];B[br];W[bs])",
        ),
        // An unfinished middle game: frameworks, no boundary settled.
        (
            "unfinished",
            "(;GM[1]FF[4]SZ[13]RU[Chinese]KM[7.5]RE[W+3.5];B[dd];W[jj];B[dj];W[jd];B[gg];W[gj];B[dg];W[jg];B[gd];W[ge])",
        ),
    ];
    for (name, sgf) in cases {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join(format!("{name}.sgf"));
        std::fs::write(&file, sgf).unwrap();
        let r = check_jsonl(&[file.to_str().unwrap()]).remove(0);
        let result = &r["result"];
        assert_eq!(result["computed"], Value::Null, "{name}: {result}");
        assert_eq!(result["status"], "not-comparable", "{name}: {result}");
        assert!(
            result["reason"]
                .as_str()
                .unwrap()
                .contains("did not reach a countable end"),
            "{name}: {result}"
        );
        assert!(
            result["as_is"].is_string(),
            "{name}: the count as it stands"
        );
        let score = &r["score"];
        if !score.is_null() {
            // Nothing is taken off the board on the estimate.
            assert_eq!(score["dead"], serde_json::json!([]), "{name}: {score}");
        }
        let out = goref()
            .args(["score", file.to_str().unwrap()])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("Result to write: none"), "{name}: {text}");
        assert!(
            !text.contains("Dead stones removed: ") || text.contains("Dead stones removed: none"),
            "{name}: {text}"
        );
    }
}

/// An engine that fails on a position the estimate cannot count: both are said, the
/// failure and why nothing is compared.
#[test]
fn a_failing_engine_on_an_uncountable_position_is_still_reported() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("opening.sgf");
    std::fs::write(
        &file,
        "(;GM[1]FF[4]SZ[19]RU[Chinese]KM[7.5]RE[W+2.5];B[pd];W[dp];B[pp];W[dd])",
    )
    .unwrap();
    let r = &check_jsonl(&[
        file.to_str().unwrap(),
        "--engine",
        &fake_engine("crash", ""),
    ])[0];
    let found = codes(r);
    assert!(
        found.contains(&("estimator-failed".into(), "warning".into())),
        "{found:?}"
    );
    assert!(
        found.contains(&("not-countable".into(), "info".into())),
        "{found:?}"
    );
}

/// Five White stones in Black's area (more than a few stones in room, away from Black's
/// wall), which the estimate reads dead but is unsure of (0.7), decide the winner against RE.
const UNSURE: &str = "(;GM[1]FF[4]SZ[9]RU[Chinese]KM[7.5]RE[W+28.5]
AB[ea][eb][ec][ed][ee][ef][eg][eh][ei]
AW[fa][fb][fc][fd][fe][ff][fg][fh][fi][ad][bd][ae][be][af];B[];W[])";

#[test]
fn score_writes_no_result_where_the_winner_turns_on_a_string_the_estimate_is_unsure_of() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("unsure.sgf");
    std::fs::write(&path, UNSURE).unwrap();
    let path = path.to_str().unwrap();
    // check calls the result unverified and names the string ...
    let r = &check_jsonl(&[path])[0];
    assert_eq!(r["result"]["status"], "unverified");
    // ... states no result it could not defend, only what the string's two readings give ...
    assert_eq!(r["result"]["computed"], Value::Null);
    assert_eq!(r["result"]["range"]["for_black"], "B+1.5");
    assert_eq!(r["result"]["range"]["for_white"], "W+39.5");
    // ... and score writes no result, naming the same string, with the count beside.
    let out = goref().args(["score", path]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Result to write: none, the winner turns on the White string at A6 B6 A5 B5 A4 (estimated dead, confidence 0.70), which the estimate cannot settle"),
        "{text}"
    );
    assert!(
        text.contains("count with the estimate: B+1.5; every unsure string read in Black's favour, then in White's, gives B+1.5 to W+39.5\n"),
        "{text}"
    );
    let out = goref()
        .args(["score", "--format", "json", path])
        .output()
        .unwrap();
    let card: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(card["re"], Value::Null);
    assert_eq!(card["count"], "B+1.5");
    // A claim settles it: the claimed count is the result to write.
    let out = goref()
        .args([
            "score",
            "--format",
            "json",
            path,
            "--dead",
            "ad,bd,ae,be,af",
        ])
        .output()
        .unwrap();
    let card: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(card["re"], "B+1.5");
}

/// Five Black stones in an open area between two walls without eyes (10x6): the static
/// reading calls them dead at 0.70, unsure; the playouts read them out.
const FIVE_STONES: &str = "(;GM[1]FF[4]SZ[10:6]RU[Chinese]KM[0]RE[W+36]AB[ea][eb][ec][ed][ee][ef][hd][id][he][ie][je]AW[fa][fb][fc][fd][fe][ff];B[];W[])";

#[test]
fn estimator_playouts_reads_out_the_unsure_strings_as_the_library_does() {
    use goref_core::score::Estimate;
    let mut rows = vec!["....XO...."; 6];
    rows[3] = "....XO.XX.";
    rows[4] = "....XO.XXX";
    let pos = goref_core::Position::from_diagram(&rows);
    let five = |e: &goref_core::score::Estimate| {
        let at = goref_core::point::Point::new(8, 3);
        format!("{:.2}", e.confidence_at(at).unwrap())
    };
    let (statically, read_out) = (
        five(&Estimate::of(&pos)),
        five(&Estimate::with_playouts(&pos)),
    );
    assert_ne!(statically, read_out, "the playouts give another confidence");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("five.sgf");
    std::fs::write(&path, FIVE_STONES).unwrap();
    let path = path.to_str().unwrap();
    for (estimator, confidence) in [("builtin", &statically), ("playouts", &read_out)] {
        let text = text(&["score", "--estimator", estimator, path]);
        assert!(
            text.contains(&format!(
                "the Black string at H3 J3 H2 J2 K2 (estimated dead, confidence {confidence})"
            )),
            "{estimator}: {text}"
        );
        let r = &check_jsonl(&["--estimator", estimator, path])[0];
        assert_eq!(r["result"]["status"], "unverified", "{estimator}");
        // The five stones among the strings named (the playouts doubt the wall too).
        let named = r["result"]["unclear"].as_array().unwrap();
        let five = named
            .iter()
            .find(|u| u["vertices"].as_array().unwrap().iter().any(|v| v == "J3"))
            .expect("the five stones are named");
        assert_eq!(
            five["confidence"].as_f64().map(|c| format!("{c:.2}")),
            Some(confidence.clone()),
            "{estimator}"
        );
    }
}

/// The five White stones of `UNSURE` decide the winner: no result is stated, only the
/// counts their two readings give (issue 26: never read aloud a number that cannot be
/// defended). With KM 10.5 White wins either way: the winner alone is stated.
const UNSURE_WINNER: &str = "testdata/reading/unsure-winner.sgf";
const UNSURE_MARGIN: &str = "testdata/reading/unsure-margin.sgf";

#[test]
fn a_result_that_turns_on_unsure_strings_states_the_range_not_the_estimate_s_margin() {
    let open = &check_jsonl(&[UNSURE_WINNER])[0]["result"];
    assert_eq!(open["status"], "unverified");
    assert_eq!(open["computed"], Value::Null);
    assert_eq!(open["range"]["for_black"], "B+1.5");
    assert_eq!(open["range"]["for_white"], "W+39.5");
    assert!(open["reason"]
        .as_str()
        .unwrap()
        .contains("the winner turns on the White string at A6 B6 A5 B5 A4"));
    let settled = &check_jsonl(&[UNSURE_MARGIN])[0]["result"];
    assert_eq!(settled["status"], "unverified");
    assert_eq!(settled["computed"], "W+");
    assert_eq!(settled["range"]["for_black"], "W+1.5");
    assert_eq!(settled["range"]["for_white"], "W+42.5");
    assert!(settled["reason"]
        .as_str()
        .unwrap()
        .contains("the margin turns on the White string at A6 B6 A5 B5 A4"));
    // A count that rests on no unsure string has no range.
    let sure = &check_jsonl(&[MARKED])[0]["result"];
    assert!(sure.get("range").is_none(), "{sure}");
}

#[test]
fn text_html_and_score_show_the_range_and_label_the_estimate_s_count() {
    let full = text(&["check", "-q", "--format", "full", UNSURE_MARGIN]);
    assert!(
        full.contains("computed W+ [estimated, area counting]: unverified"),
        "{full}"
    );
    assert!(
        full.contains("  range    W+1.5 to W+42.5 (every unsure string read in Black's favour, then in White's)\n"),
        "{full}"
    );
    // The score line is the estimate's worksheet, not the result.
    assert!(
        full.contains("  estimate Black 45 White 36 neutral 0, komi 10.5, dead ad ae af bd be"),
        "{full}"
    );
    let html = html_page(&[UNSURE_WINNER, UNSURE_MARGIN]);
    assert!(html.contains("<td>W+ (W+1.5 to W+42.5)</td>"), "{html}");
    assert!(html.contains("<td>B+1.5 to W+39.5</td>"), "{html}");
    let score = text(&["score", UNSURE_MARGIN]);
    assert!(
        score.contains("count with the estimate: W+1.5; every unsure string read in Black's favour, then in White's, gives W+1.5 to W+42.5; White wins whichever way they are read\n"),
        "{score}"
    );
}

#[test]
fn score_without_re_writes_no_result_where_an_unsure_string_decides_the_winner() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no-re.sgf");
    std::fs::write(&path, UNSURE.replace("RE[W+28.5]", "")).unwrap();
    let path = path.to_str().unwrap();
    let out = text(&["score", path]);
    assert!(
        out.contains(
            "Result to write: none, the winner turns on the White string at A6 B6 A5 B5 A4"
        ),
        "{out}"
    );
    assert!(out.contains("gives B+1.5 to W+39.5"), "{out}");
    // RE that agrees with the estimate is a second source: the count stands.
    let agreeing = dir.path().join("agreeing.sgf");
    std::fs::write(&agreeing, UNSURE.replace("RE[W+28.5]", "RE[B+1.5]")).unwrap();
    let out = text(&["score", agreeing.to_str().unwrap()]);
    assert!(out.contains("Result to write: RE[B+1.5]"), "{out}");
}

/// RE as a second opinion: with RE B+0.5 the five White stones read dead (B+1.5) are the
/// only reading within 2 points of RE (alive: W+39.5), so check and the page state the count
/// B+1.5 and say what settled the stones, and score counts B+1.5 without offering it to write over
/// RE; with RE B+4 (2.5 points off) it stays open.
#[test]
fn check_score_and_the_page_state_the_count_re_settles_the_string_for() {
    let dir = tempfile::tempdir().unwrap();
    let near = dir.path().join("near.sgf");
    std::fs::write(&near, UNSURE.replace("RE[W+28.5]", "RE[B+0.5]")).unwrap();
    let far = dir.path().join("far.sgf");
    std::fs::write(&far, UNSURE.replace("RE[W+28.5]", "RE[B+4]")).unwrap();
    let (near, far) = (near.to_str().unwrap(), far.to_str().unwrap());
    let settled = &check_jsonl(&[near])[0]["result"];
    assert_eq!(settled["status"], "mismatch", "{settled}");
    assert_eq!(settled["computed"], "B+1.5", "{settled}");
    assert!(
        settled.get("range").is_none() && settled.get("unclear").is_none(),
        "{settled}"
    );
    let reason = settled["reason"].as_str().unwrap();
    assert!(
        reason.ends_with(
            "the result turns on the White string at A6 B6 A5 B5 A4 (estimated dead, confidence 0.70), but \
             only the estimate's reading of them comes within 2 points of RE (read otherwise: \
             W+39.5), so RE settles them as estimated"
        ),
        "{reason}"
    );
    // The count is stated, but it rests on goref's estimate and disagrees with RE by a
    // point: `score` offers no result to write over the players' (issue 26).
    let score = text(&["score", near]);
    assert!(
        score.contains(
            "Result to write: none, the count with goref's estimate of the dead stones (B+1.5) \
             disagrees with RE[B+0.5], and an estimate does not overwrite the players' result"
        ),
        "{score}"
    );
    // With the players' dead stones (`--dead`), the same count is theirs to write.
    let claimed = text(&["score", near, "--dead", "A6,B6,A5,B5,A4"]);
    assert!(
        claimed.contains("Result to write: RE[B+1.5]\n"),
        "{claimed}"
    );
    let html = html_page(&[near]);
    assert!(html.contains("<td>B+1.5</td>"), "{html}");
    let open = &check_jsonl(&[far])[0]["result"];
    assert_eq!(open["status"], "unverified", "{open}");
    assert_eq!(open["computed"], Value::Null, "{open}");
    assert_eq!(open["range"]["for_white"], "W+39.5", "{open}");
}

/// The HTML page `goref check --format html` writes for `files`.
fn html_page(files: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("page.html");
    goref()
        .args([
            "check",
            "-q",
            "--format",
            "html",
            "-o",
            page.to_str().unwrap(),
        ])
        .args(files)
        .assert()
        .success();
    std::fs::read_to_string(&page).unwrap()
}

#[test]
fn a_seki_read_with_its_dame_filled_is_counted_as_a_seki_by_check_score_and_appeal() {
    // Three White stones inside Black's wall share all four liberties with it; the wall's
    // other three are dame beside White's living wall. Once White fills them neither side
    // can fill a shared liberty: a seki, W+45.5 by area. Read without the dame, the three
    // stones were dead and the count W+35.5 (a margin-mismatch).
    const SEKI: &str = "testdata/reading/seki-with-dame.sgf";
    let r = &check_jsonl(&[SEKI])[0];
    assert_eq!(r["result"]["status"], "agrees", "{r}");
    assert_eq!(r["result"]["computed"], "W+45.5");
    assert_eq!(r["score"]["dead"], serde_json::json!([]));
    let seki = strings(&r["score"]["seki"]);
    // The inner stones (c2 to c4 in SGF points cb, cc, cd) and the wall (aa) alike.
    for point in ["cb", "cc", "cd", "aa", "ee"] {
        assert!(seki.contains(&point), "{point} not in seki: {seki:?}");
    }
    assert!(!codes(r).iter().any(|(c, _)| c == "margin-mismatch"));
    // `score` and the appeal count the same seki.
    let score = text(&["score", SEKI]);
    assert!(
        score.contains("Margin (area counting): 18 - 56 - 7.5"),
        "{score}"
    );
    let appeal = text(&["appeal", SEKI]);
    assert!(
        appeal.contains("The record's RE[W+45.5] agrees with this reading."),
        "{appeal}"
    );
}

/// A boundary left open at one point (D3) in front of ten points Black's wall encloses,
/// in a record that stops before the players did (no passes, as Fox's exports end): the
/// count finishes it (the area Black's, D3 nobody's) and says so, in text and JSON. Where
/// the players stopped with two passes, or the board is counted as it stands, the gap is
/// theirs and the area nobody's.
#[test]
fn a_gap_left_open_in_a_boundary_is_closed_by_the_count_and_named() {
    const GAP: &str = "testdata/reading/gap-left-open.sgf";
    let card = text(&["score", "--color", "never", GAP]);
    assert!(
        card.contains("Gap points: D3 (nobody's: the game stopped with a boundary open there"),
        "{card}"
    );
    assert!(
        card.contains("Black  points   18 = 18 points of territory"),
        "{card}"
    );
    assert!(
        card.contains("Margin (territory counting): 18 - 14"),
        "{card}"
    );
    let report = &check_jsonl(&[GAP])[0];
    assert_eq!(report["result"]["status"], "agrees");
    assert_eq!(report["score"]["gaps"], serde_json::json!(["de"]));
    // Counted as it stands (no estimate), the area touches both colours: nobody's.
    let as_is = text(&["score", "--color", "never", "--dead", "none", GAP]);
    assert!(!as_is.contains("Gap points"), "{as_is}");
    assert!(
        as_is.contains("Black  points    9 = 9 points of territory"),
        "{as_is}"
    );
    assert!(as_is.contains("Neutral points: 10"), "{as_is}");
    // Stopped by the players: the open area is no countable end.
    let dir = tempfile::tempdir().unwrap();
    let passed = dir.path().join("passed.sgf");
    let sgf = std::fs::read_to_string(GAP).unwrap();
    std::fs::write(&passed, sgf.trim_end().replace("cg])", "cg];B[];W[])")).unwrap();
    let report = &check_jsonl(&[passed.to_str().unwrap()])[0];
    assert_eq!(report["result"]["status"], "not-comparable");
    assert!(report["score"].get("gaps").is_none(), "{}", report["score"]);
}
