//! `goref tournament`: records against a tournament's own results.
//!
//! The fixture tournament (testdata/tournament: `open.xml`, its EGD form `open.h9`, and
//! one or two records per kind of problem under `records/`) pins every tournament code to
//! the board it belongs to. The real tournaments in `../shared/tournaments` (OpenGotha
//! files and their EGD exports) are read and compared with each other; those tests are
//! ignored where `../shared` is absent (`cargo test -- --ignored` runs them).

mod common;

use common::goref;
use goref_core::findings::{Category, CodeInfo};
use goref_tournament::{self as tournament, names, TableResult, Tournament};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const XML: &str = "testdata/tournament/open.xml";
const H9: &str = "testdata/tournament/open.h9";
const RECORDS: &str = "testdata/tournament/records";

fn run_json(args: &[&str]) -> (Value, Option<i32>) {
    let out = goref()
        .args(["tournament", "--format", "json"])
        .args(args)
        .output()
        .unwrap();
    let json = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    (json, out.status.code())
}

fn codes(findings: &Value) -> Vec<String> {
    findings
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap().to_string())
        .collect()
}

/// (round, board) → (status, every code on the board: its own, its records' tournament
/// codes and their own check codes).
fn boards(report: &Value) -> BTreeMap<(u64, u64), (String, BTreeSet<String>)> {
    let mut out = BTreeMap::new();
    for round in report["rounds"].as_array().unwrap() {
        for b in round["boards"].as_array().unwrap() {
            let mut all: BTreeSet<String> = codes(&b["findings"]).into_iter().collect();
            for r in b["records"].as_array().unwrap() {
                all.extend(codes(&r["findings"]));
                all.extend(codes(&r["own_findings"]));
            }
            let key = (
                b["round"].as_u64().unwrap(),
                b["board"].as_u64().unwrap_or(0),
            );
            out.insert(key, (b["status"].as_str().unwrap().to_string(), all));
        }
    }
    out
}

fn set(codes: &[&str]) -> BTreeSet<String> {
    codes.iter().map(|c| c.to_string()).collect()
}

/// Without the records' own info codes (rules-assumed, komi-differs and the like), which
/// the fixtures do not try to avoid.
fn without_own_info(codes: &BTreeSet<String>) -> BTreeSet<String> {
    let infos: BTreeSet<String> = CodeInfo::ALL
        .iter()
        .filter(|i| i.severity == goref_core::findings::Severity::Info)
        .filter(|i| i.category != Category::Tournament)
        .map(|i| i.name.to_string())
        .collect();
    codes.difference(&infos).cloned().collect()
}

#[test]
fn every_kind_of_problem_is_found_on_its_board() {
    let (report, code) = run_json(&[XML, RECORDS]);
    assert_eq!(code, Some(1), "errors fail the run at --fail-on error");
    assert_eq!(report["schema"], tournament::TOURNAMENT_SCHEMA);
    assert_eq!(report["tournament"]["name"], "Goref Test Open");
    assert_eq!(report["tournament"]["rounds"], 3);
    assert_eq!(report["tournament"]["komi"], 6.5);
    let expected: &[((u64, u64), &str, &[&str])] = &[
        ((1, 1), "green", &["tournament-name"]),
        ((1, 2), "red", &["tournament-winner", "tournament-name"]),
        ((1, 3), "red", &["tournament-colours"]),
        ((1, 4), "amber", &["tournament-handicap", "tournament-name"]),
        ((1, 5), "amber", &["tournament-komi"]),
        (
            (2, 1),
            "red",
            &[
                "tournament-computed-result",
                "tournament-board-size",
                "tournament-name",
                "result-mismatch",
            ],
        ),
        ((2, 2), "amber", &["tournament-forfeit", "tournament-name"]),
        ((2, 3), "amber", &["tournament-table-result"]),
        ((2, 4), "amber", &["tournament-missing-record"]),
        ((2, 5), "red", &["occupied-point"]),
        (
            (3, 1),
            "amber",
            &["tournament-duplicate", "tournament-name"],
        ),
        (
            (3, 2),
            "amber",
            &["tournament-round", "tournament-date", "tournament-name"],
        ),
        ((3, 3), "amber", &["tournament-missing-record"]),
        (
            (3, 4),
            "amber",
            &[
                "tournament-weak-match",
                "tournament-board",
                "tournament-no-result",
            ],
        ),
        ((3, 5), "green", &[]),
    ];
    let found = boards(&report);
    assert_eq!(found.len(), expected.len());
    for (key, status, want) in expected {
        let (got_status, got) = &found[key];
        assert_eq!(
            (got_status.as_str(), without_own_info(got)),
            (*status, set(want)),
            "round {} board {}",
            key.0,
            key.1
        );
    }
    let unmatched: BTreeMap<String, Vec<String>> = report["unmatched"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let file = r["file"]
                .as_str()
                .unwrap()
                .rsplit('/')
                .next()
                .unwrap()
                .to_string();
            (file, codes(&r["findings"]))
        })
        .collect();
    assert_eq!(
        unmatched,
        BTreeMap::from([
            (
                "dubois-kim.sgf".to_string(),
                vec!["tournament-ambiguous".to_string()]
            ),
            (
                "friendly.sgf".to_string(),
                vec!["tournament-unmatched-record".to_string()]
            ),
            (
                "unknown.sgf".to_string(),
                vec!["tournament-unmatched-record".to_string()]
            ),
        ])
    );
    let t = &report["totals"];
    assert_eq!(
        (t["games"].as_u64(), t["records"].as_u64()),
        (Some(15), Some(16))
    );
    assert_eq!(
        (t["red"].as_u64(), t["amber"].as_u64(), t["green"].as_u64()),
        (Some(4), Some(9), Some(2))
    );
}

#[test]
fn every_tournament_code_has_a_fixture_and_an_explanation() {
    let (report, _) = run_json(&["--show", "info", XML, RECORDS]);
    let text = report.to_string();
    for info in CodeInfo::ALL
        .iter()
        .filter(|i| i.category == Category::Tournament)
    {
        assert!(
            text.contains(&format!("\"code\":\"{}\"", info.name)),
            "no fixture yields {}",
            info.name
        );
        let out = goref().args(["explain", info.name]).output().unwrap();
        assert!(out.status.success());
        let explained = String::from_utf8(out.stdout).unwrap();
        assert!(explained.contains(info.example) && explained.contains("docs/tournament.md"));
    }
}

#[test]
fn messages_name_the_players_the_candidates_and_the_other_side() {
    let (report, _) = run_json(&[XML, RECORDS]);
    let all = report.to_string();
    for expected in [
        // The winner: both sides named.
        "RE[B+R] gives the game to Schlösser Franziska; the table gives it to Chernov Ilya (W+)",
        // Colours: who had Black in the table.
        "the table has Dubois Amélie with Black and Novák Jan with White",
        "the record has 2 handicap stones; the table has handicap 3",
        "KM[7.5]; the tournament's komi is 6.5",
        "the record is on a 5x5 board; the tournament plays on 19x19",
        "the record's counted position (W+30.5) gives it to Schlösser Franziska",
        "won by default (not played), but the record has 4 moves",
        "the table has no result for this game; RE[B+R] gives it to Novák Jan",
        "the file's path says round 2; the table has this game in round 3",
        "DT is 2023-05-03; the tournament ran from 2024-05-01 to 2024-05-03",
        "the file's path says board 7; the table has this game on board 4",
        "PB[Weber] taken for Weber Lukas on the surname only",
        "their results agree",
        // Ambiguity lists both candidates; an unmatched record the games of the players it names.
        "fits 2 games equally, so none is taken: round 3 board 3: Dubois Amélie (B) – Kim Minho (W), B+; round 2 board 4",
        "PB[Nobody Atall] is no player of the table",
        "games in round 2 of the players it names: round 2 board 2: Chernov Ilya (B) – Mérő Csaba (W), W+ by default",
    ] {
        assert!(all.contains(expected), "missing: {expected}");
    }
}

#[test]
fn the_egd_form_of_the_table_gives_the_same_verdicts() {
    let (xml, _) = run_json(&[XML, RECORDS]);
    let (h9, _) = run_json(&[H9, RECORDS]);
    assert_eq!(h9["tournament"]["format"], "egd");
    assert_eq!(h9["tournament"]["name"], "Goref Test Open");
    assert_eq!(h9["tournament"]["games"], 15);
    // Per record: its tournament codes. The EGD table has no boards and no board size (no
    // tournament-board, tournament-board-size) and writes Mero without accents (another
    // tournament-name verdict).
    let per_record = |report: &Value| -> BTreeMap<String, BTreeSet<String>> {
        let mut out = BTreeMap::new();
        let mut add = |r: &Value| {
            let codes: BTreeSet<String> = codes(&r["findings"])
                .into_iter()
                .filter(|c| {
                    !matches!(
                        c.as_str(),
                        "tournament-board" | "tournament-board-size" | "tournament-name"
                    )
                })
                .collect();
            out.insert(r["file"].as_str().unwrap().to_string(), codes);
        };
        for round in report["rounds"].as_array().unwrap() {
            for b in round["boards"].as_array().unwrap() {
                b["records"].as_array().unwrap().iter().for_each(&mut add);
            }
        }
        report["unmatched"]
            .as_array()
            .unwrap()
            .iter()
            .for_each(&mut add);
        out
    };
    assert_eq!(per_record(&xml), per_record(&h9));
    let statuses = |report: &Value| -> Vec<String> {
        report["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|r| r["boards"].as_array().unwrap().clone())
            .map(|b| format!("{} {}", b["round"], b["status"]))
            .collect::<Vec<_>>()
    };
    let (mut a, mut b) = (statuses(&xml), statuses(&h9));
    a.sort();
    b.sort();
    assert_eq!(a, b, "the same colours, round by round");
}

#[test]
fn fail_on_and_ignore_decide_the_exit_status() {
    let one = "testdata/tournament/records/r1/b1.sgf";
    let status = |args: &[&str]| {
        goref()
            .arg("tournament")
            .args(args)
            .output()
            .unwrap()
            .status
            .code()
    };
    // Errors (winner, colours) fail by default; nothing fails with --fail-on never.
    assert_eq!(status(&[XML, RECORDS]), Some(1));
    assert_eq!(status(&["--fail-on", "never", XML, RECORDS]), Some(0));
    // One clean record: the other games have no record (warnings).
    assert_eq!(status(&[XML, one]), Some(0));
    assert_eq!(status(&["--fail-on", "warning", XML, one]), Some(1));
    assert_eq!(
        status(&[
            "--fail-on",
            "warning",
            "--ignore",
            "tournament-missing-record",
            XML,
            one
        ]),
        Some(0)
    );
    assert_eq!(
        status(&["--severity", "tournament-name=error", XML, one]),
        Some(1),
        "a severity raised by --severity counts"
    );
}

#[test]
fn ignored_codes_are_gone_from_the_report_and_the_colours() {
    let (report, _) = run_json(&[
        "--ignore",
        "tournament-missing-record,tournament-komi",
        XML,
        RECORDS,
    ]);
    let found = boards(&report);
    assert_eq!(found[&(2, 4)].0, "green");
    assert_eq!(found[&(1, 5)].0, "green");
    assert!(!report.to_string().contains("tournament-missing-record"));
}

#[test]
fn jsonl_is_a_head_a_line_per_board_and_record_and_totals() {
    let out = goref()
        .args(["tournament", "--format", "jsonl", XML, RECORDS])
        .output()
        .unwrap();
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let types: Vec<&str> = lines.iter().map(|l| l["type"].as_str().unwrap()).collect();
    assert_eq!(types[0], "tournament");
    assert_eq!(types.iter().filter(|t| **t == "board").count(), 15);
    assert_eq!(types.iter().filter(|t| **t == "record").count(), 3);
    assert_eq!(*types.last().unwrap(), "totals");
    assert_eq!(lines[0]["schema"], tournament::TOURNAMENT_SCHEMA);
    let red: Vec<(u64, u64)> = lines
        .iter()
        .filter(|l| l["status"] == "red" && l["type"] == "board")
        .map(|l| (l["round"].as_u64().unwrap(), l["board"].as_u64().unwrap()))
        .collect();
    assert_eq!(red, [(1, 2), (1, 3), (2, 1), (2, 5)]);
}

#[test]
fn text_shows_a_table_per_round_and_what_to_fix() {
    let out = goref().args(["tournament", XML, RECORDS]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with(
        "Goref Test Open — OpenGotha, 3 rounds, komi 6.5, 2024-05-01 to 2024-05-03\n"
    ));
    assert!(text
        .contains("15 games, 16 records: 13 matched, 3 without a game; 3 games without a record"));
    for round in ["Round 1\n", "Round 2\n", "Round 3\n"] {
        assert!(text.contains(round), "{round}");
    }
    let row = text.lines().find(|l| l.contains("r1/b2.sgf")).unwrap();
    assert!(
        row.contains("Schlösser Franziska") && row.ends_with("red winner"),
        "{row}"
    );
    let row = text.lines().find(|l| l.contains("r1/b1.sgf B+R")).unwrap();
    assert!(row.ends_with(" ok"), "{row}");
    assert!(
        text.contains("board 2: testdata/tournament/records/r1/b2.sgf: error tournament-winner:")
    );
    assert!(text.contains("  no game: Weber Lukas"));
    assert!(text.contains("warning tournament-missing-record: no record of board 4"));
    assert!(text.contains("Records without a game (3)"));
    assert!(text.contains("4 red, 9 amber, 2 green boards"));
    // Info findings are listed with --show info only.
    assert!(!text.contains("info tournament-name"));
    let out = goref()
        .args(["tournament", "--show", "info", XML, RECORDS])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("info tournament-name: PW[Franziska Schloesser] is written `Schlösser Franziska` in the table"));
}

#[test]
fn the_html_page_colours_each_board_and_lists_what_to_fix() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("check.html");
    goref()
        .args([
            "tournament",
            "--format",
            "html",
            "-o",
            page.to_str().unwrap(),
            XML,
            RECORDS,
        ])
        .assert()
        .code(1);
    let html = std::fs::read_to_string(&page).unwrap();
    let doc = scraper::Html::parse_document(&html);
    let select = |css: &str| scraper::Selector::parse(css).unwrap();
    let rows: Vec<String> = doc
        .select(&select("table.tgrid tbody tr"))
        .map(|r| r.value().attr("class").unwrap().to_string())
        .collect();
    assert_eq!(rows.len(), 15);
    let (json, _) = run_json(&[XML, RECORDS]);
    let statuses: Vec<String> = json["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["boards"].as_array().unwrap().clone())
        .map(|b| format!("t{}", b["status"].as_str().unwrap()))
        .collect();
    assert_eq!(rows, statuses, "each row is coloured as the JSON says");
    let fix: Vec<String> = doc
        .select(&select("ol.tofix > li > b"))
        .map(|b| b.text().collect())
        .collect();
    assert_eq!(fix[0], "Round 1 board 2", "red boards first");
    assert_eq!(
        fix.len(),
        4 + 9 + 1,
        "every red and amber board, and the unmatched records"
    );
    assert_eq!(doc.select(&select("section.round")).count(), 3);
    assert!(html.contains("tournament-winner: RE[B+R] gives the game to Schlösser Franziska"));
    assert!(!html.contains("<script"), "self-contained, no script");
    let unmatched = doc.select(&select("ul.unmatched > li")).count();
    assert_eq!(unmatched, 3);
}

#[test]
fn unreadable_results_and_empty_paths_are_usage_errors() {
    let out = goref()
        .args(["tournament", "no-such.xml", RECORDS])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read no-such.xml"));
    let out = goref()
        .args(["tournament", "testdata/clean-9x9.sgf", RECORDS])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("testdata/clean-9x9.sgf: line 1: no rank"),
        "{err}"
    );
    let dir = tempfile::tempdir().unwrap();
    let out = goref()
        .args(["tournament", XML, dir.path().to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no record found"));
    let out = goref()
        .args(["tournament", XML, "missing/"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn help_has_an_example() {
    let out = goref().args(["tournament", "--help"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Examples:") && text.contains("goref tournament juvisy.xml records/"));
    assert!(text.contains("--fail-on") && text.contains("Exit status"));
}

// ---- the real tournaments in ../shared/tournaments ----

fn shared_tournaments() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/tournaments");
    assert!(
        dir.join("juvisy.xml").is_file(),
        "{} is absent: this test needs the shared tournament files",
        dir.display()
    );
    dir
}

fn read_shared(name: &str) -> Tournament {
    let path = shared_tournaments().join(name);
    tournament::read_results(name, &std::fs::read(path).unwrap()).unwrap()
}

/// A game as both formats can say it: round, Black's and White's folded names, result,
/// handicap.
type GameByPlayers = (u32, Vec<String>, Vec<String>, TableResult, u32);

/// The games of a table in terms both formats share.
fn games_by_players(t: &Tournament) -> Vec<GameByPlayers> {
    let fold = |p: usize| {
        let mut w = names::words(&t.players[p].name);
        w.sort();
        w
    };
    let mut games: Vec<_> = t
        .games
        .iter()
        .map(|g| (g.round, fold(g.black), fold(g.white), g.result, g.handicap))
        .collect();
    games.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
    games
}

#[test]
#[ignore = "needs ../shared/tournaments (real OpenGotha and EGD files)"]
fn juvisy_opengotha_and_its_egd_export_hold_the_same_games() {
    let xml = read_shared("juvisy.xml");
    let h9 = read_shared("juvisy.h9");
    assert_eq!(
        (xml.name.as_str(), xml.rounds, xml.komi),
        ("Tournoi de Juvisy", 4, Some(7.5))
    );
    assert_eq!(
        (h9.name.as_str(), h9.rounds, h9.komi),
        ("Tournoi de Juvisy", 4, Some(7.5))
    );
    assert_eq!((xml.players.len(), h9.players.len()), (19, 19));
    assert_eq!(xml.games.len(), 36);
    // Every game, its colours, handicap and result, the same in both files (names as the
    // ISO-8859-1 export writes them: André, François, Léo).
    assert_eq!(games_by_players(&xml), games_by_players(&h9));
    assert_eq!(xml.first_day.unwrap().to_string(), "2019-10-26");
    assert_eq!(h9.last_day.unwrap().to_string(), "2019-10-28");
    // Daguenet played round 1 only: three rounds without a game in the export.
    let daguenet = h9
        .players
        .iter()
        .position(|p| p.name == "Daguenet Mathieu")
        .unwrap();
    assert_eq!(h9.byes.iter().filter(|b| b.player == daguenet).count(), 3);
}

#[test]
#[ignore = "needs ../shared/tournaments (real OpenGotha and EGD files)"]
fn chinois_names_and_results_are_read_from_both_forms() {
    let xml = read_shared("chinois.xml");
    let h9 = read_shared("chinois.h9");
    assert_eq!(xml.games.len(), 12);
    assert_eq!(h9.games.len(), 12, "tied players keep their line numbers");
    let results: Vec<TableResult> = xml.games.iter().map(|g| g.result).collect();
    assert!(results.contains(&TableResult::Unknown) && results.contains(&TableResult::BothWin));
    // Chinese names: the keys are the characters; a record writing pinyin matches them.
    let gao = xml.players.iter().position(|p| p.key == "高传德").unwrap();
    let folded = names::Folded::player(&xml.players[gao]);
    assert!(
        names::compare(&names::Folded::text("Gao Chuande"), &folded).is_some_and(|k| k.is_strong())
    );
    // The h9 export lost them to `?`: its unknown results are still unknown.
    assert_eq!(
        h9.games
            .iter()
            .filter(|g| g.result == TableResult::Unknown)
            .count(),
        1
    );
}

/// One record per game of a table, as the table has it: PB, PW, RE, HA and KM, RO and DT.
fn records_of(t: &Tournament, dir: &Path, from: &Tournament) -> Vec<PathBuf> {
    let mut paths = Vec::new();
    for (i, g) in from.games.iter().enumerate() {
        let re = match g.result {
            TableResult::BlackWins => "B+R",
            TableResult::WhiteWins => "W+R",
            TableResult::Jigo => "0",
            _ => "?",
        };
        // A resignation after Black's move, or White's.
        let moves = if re == "W+R" {
            ";B[pd];W[dp]"
        } else {
            ";B[pd];W[dp];B[pp]"
        };
        let komi = if g.handicap == 0 {
            t.komi.unwrap()
        } else {
            0.5
        };
        let stones = ["pd", "dp", "pp", "dd", "jj", "dj", "pj", "jd", "jp"];
        let setup = if g.handicap >= 2 {
            let ab: String = stones[..g.handicap as usize]
                .iter()
                .map(|s| format!("[{s}]"))
                .collect();
            format!("HA[{}]AB{ab}PL[W]", g.handicap)
        } else {
            String::new()
        };
        let moves = if g.handicap >= 2 {
            ";W[qq];B[cc]"
        } else {
            moves
        };
        let sgf = format!(
            "(;GM[1]FF[4]CA[UTF-8]SZ[19]RU[Japanese]KM[{komi}]{setup}RO[{}]PB[{}]PW[{}]RE[{re}]{moves})",
            g.round, from.players[g.black].name, from.players[g.white].name
        );
        let path = dir.join(format!("round{}/game{i:04}.sgf", g.round));
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, sgf).unwrap();
        paths.push(path);
    }
    paths
}

#[test]
#[ignore = "needs ../shared/tournaments (real OpenGotha and EGD files)"]
fn records_made_from_the_egd_export_agree_with_the_opengotha_file() {
    let xml = read_shared("juvisy.xml");
    let h9 = read_shared("juvisy.h9");
    let dir = tempfile::tempdir().unwrap();
    records_of(&xml, dir.path(), &h9);
    let out = goref()
        .args(["tournament", "--format", "json", "--fail-on", "warning"])
        .arg(shared_tournaments().join("juvisy.xml"))
        .arg(dir.path())
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    // Every game matched by names from the other file, and nothing but spellings differ.
    assert_eq!(report["totals"]["matched"], 36);
    assert_eq!(report["totals"]["games_without_record"], 0);
    assert_eq!(report["totals"]["green"], 36, "{}", report["totals"]);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
#[ignore = "needs ../shared/tournaments (real OpenGotha and EGD files)"]
fn the_european_congress_is_matched_game_by_game_and_planted_mistakes_are_found() {
    let egc = read_shared("egc2013.xml");
    assert_eq!(
        (egc.rounds, egc.komi, egc.players.len()),
        (10, Some(6.5), 594)
    );
    assert_eq!(egc.games.len(), 2259);
    let by_default = egc.games.iter().filter(|g| g.by_default).count();
    assert_eq!(
        by_default, 33,
        "14 RESULT_BLACKWINS_BYDEF and 19 RESULT_WHITEWINS_BYDEF"
    );
    assert_eq!(egc.byes.len(), 2);
    // Every game names registered players (MEROCSABA and the like): no key left unknown.
    assert!(egc
        .games
        .iter()
        .all(|g| egc.players[g.black].rank.is_some() && egc.players[g.white].rank.is_some()));
    let dir = tempfile::tempdir().unwrap();
    let paths = records_of(&egc, dir.path(), &egc);
    // Plant three mistakes: swapped colours, a wrong winner, a record filed in the wrong round.
    let swap = std::fs::read_to_string(&paths[10]).unwrap();
    let g = &egc.games[10];
    let (b, w) = (&egc.players[g.black].name, &egc.players[g.white].name);
    let swapped = swap
        .replace(&format!("PB[{b}]"), "PB[@@]")
        .replace(&format!("PW[{w}]"), &format!("PW[{b}]"))
        .replace("PB[@@]", &format!("PB[{w}]"));
    std::fs::write(&paths[10], swapped).unwrap();
    let wrong = std::fs::read_to_string(&paths[20]).unwrap();
    let flipped = if wrong.contains("RE[B+R]") {
        wrong.replace("RE[B+R]", "RE[W+R]")
    } else {
        wrong.replace("RE[W+R]", "RE[B+R]")
    };
    std::fs::write(&paths[20], flipped).unwrap();
    let g30 = &egc.games[30];
    let moved = std::fs::read_to_string(&paths[30]).unwrap().replace(
        &format!("RO[{}]", g30.round),
        &format!("RO[{}]", g30.round % 10 + 1),
    );
    std::fs::write(&paths[30], moved).unwrap();
    let out = goref()
        .args([
            "tournament",
            "--format",
            "json",
            "--ignore",
            "tournament-forfeit",
        ])
        .arg(shared_tournaments().join("egc2013.xml"))
        .arg(dir.path())
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["totals"]["matched"], 2259, "{}", report["totals"]);
    let mut found: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for round in report["rounds"].as_array().unwrap() {
        for b in round["boards"].as_array().unwrap() {
            for r in b["records"].as_array().unwrap() {
                let mut codes: Vec<String> = codes(&r["findings"])
                    .into_iter()
                    .filter(|c| c != "tournament-name")
                    .collect();
                if !codes.is_empty() {
                    codes.sort();
                    let file = r["file"]
                        .as_str()
                        .unwrap()
                        .rsplit('/')
                        .next()
                        .unwrap()
                        .to_string();
                    found.insert(file, codes);
                }
            }
        }
    }
    let winner_of_swapped = if egc.games[10].result.winner().is_some() {
        vec![
            "tournament-colours".to_string(),
            "tournament-winner".to_string(),
        ]
    } else {
        vec!["tournament-colours".to_string()]
    };
    assert_eq!(
        found,
        BTreeMap::from([
            ("game0010.sgf".to_string(), winner_of_swapped),
            (
                "game0020.sgf".to_string(),
                vec!["tournament-winner".to_string()]
            ),
            (
                "game0030.sgf".to_string(),
                vec!["tournament-round".to_string()]
            ),
        ])
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn docs_tournament_md_describes_every_tournament_code() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/tournament.md"))
            .unwrap();
    for info in CodeInfo::ALL
        .iter()
        .filter(|i| i.category == Category::Tournament)
    {
        let row = doc
            .lines()
            .find(|l| l.starts_with(&format!("| `{}` |", info.name)))
            .unwrap_or_else(|| panic!("docs/tournament.md has no row for {}", info.name));
        assert!(row.contains(&format!("| {} |", info.severity)), "{row}");
    }
}

#[test]
fn names_from_records_are_escaped_in_the_page() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("hostile.sgf");
    std::fs::write(
        &record,
        "(;SZ[19]RO[1]PB[<script>alert(1)</script>]PW[Lin Viktor <b>]RE[B+R];B[pd])",
    )
    .unwrap();
    let out = goref()
        .args([
            "tournament",
            "--format",
            "html",
            XML,
            record.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let html = String::from_utf8(out.stdout).unwrap();
    assert!(
        html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "the name is shown, escaped"
    );
    assert!(!html.contains("<script") && !html.contains("Lin Viktor <b>"));
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let text = |args: &[&str]| {
        let out = goref().args(args).output().unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let plain = text(&["tournament", XML, RECORDS]);
    assert!(!plain.contains('\x1b'), "no colour into a pipe");
    let coloured = text(&["--color", "always", "tournament", XML, RECORDS]);
    assert!(coloured.contains("\x1b[1;31mred\x1b[0m winner"));
    assert!(coloured.contains("\x1b[1;31merror\x1b[0m \x1b[1mtournament-winner\x1b[0m"));
    let never = text(&["--color", "never", "tournament", XML, RECORDS]);
    assert_eq!(never, plain);
}
