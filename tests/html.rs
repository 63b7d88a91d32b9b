//! The HTML pages as people see them: they parse as HTML5 without errors, hold what
//! the issue promises (sections, verdicts, diagrams, charts, problem games first),
//! need no network and no script, and show hostile text as text.

mod common;

use assert_cmd::Command;
use scraper::{Html, Selector};

fn goref() -> Command {
    let mut cmd = Command::cargo_bin("goref").unwrap();
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

fn stdout(args: &[&str]) -> String {
    let out = goref().args(args).output().unwrap();
    String::from_utf8(out.stdout).unwrap()
}

fn appeal_page(file: &str) -> String {
    stdout(&["appeal", file, "--format", "html"])
}

fn check_page(paths: &[&str]) -> String {
    let mut args = vec!["check", "-q", "--no-progress", "--format", "html"];
    args.extend_from_slice(paths);
    stdout(&args)
}

/// Parses a page as HTML5 and fails on any parse error.
fn parse(page: &str) -> Html {
    let doc = Html::parse_document(page);
    assert!(
        doc.errors.is_empty(),
        "HTML5 parse errors: {:?}",
        doc.errors
    );
    doc
}

fn select<'a>(doc: &'a Html, css: &str) -> Vec<scraper::ElementRef<'a>> {
    doc.select(&Selector::parse(css).unwrap()).collect()
}

fn text(e: &scraper::ElementRef) -> String {
    e.text().collect::<String>()
}

/// No script, no stylesheet or image fetched, nothing pointing off the page.
fn assert_self_contained(doc: &Html) {
    assert!(select(doc, "script").is_empty(), "a script element");
    assert!(select(doc, "link, img, iframe, object, embed").is_empty());
    for e in select(doc, "[src], [href]") {
        for attr in ["src", "href"] {
            if let Some(v) = e.value().attr(attr) {
                assert!(v.starts_with('#'), "{attr}={v} leaves the page");
                let target = format!("[id=\"{}\"]", &v[1..]);
                assert_eq!(select(doc, &target).len(), 1, "{attr}={v} points nowhere");
            }
        }
    }
    for e in select(doc, "[xmlns]") {
        // The SVG namespace is a name, not a fetch; nothing else may appear.
        assert_eq!(e.value().attr("xmlns"), Some("http://www.w3.org/2000/svg"));
    }
    let handlers = select(doc, "[onload], [onclick], [onerror]");
    assert!(
        handlers.is_empty(),
        "an event handler on {:?}",
        handlers[0].value().name()
    );
    let style = select(doc, "style").iter().map(text).collect::<String>();
    assert!(!style.contains("url("), "the stylesheet fetches something");
    assert!(!style.contains("@import"));
}

#[test]
fn appeal_page_holds_every_section_of_the_hearing() {
    let page = appeal_page("testdata/appeal/t11-marked.sgf");
    let doc = parse(&page);
    assert_self_contained(&doc);
    let ids: Vec<&str> = select(&doc, "section.sheet")
        .iter()
        .filter_map(|s| s.value().attr("id"))
        .collect();
    assert_eq!(ids, ["game", "findings", "verdict", "diagrams"]);
    // Game information.
    let facts = text(&select(&doc, "#game table.facts")[0]);
    assert!(
        facts.contains("RE[W+29]") && facts.contains("KM[8]"),
        "{facts}"
    );
    // The timeline: the four-pass and the two-stage endings, stops and the end.
    let events: Vec<String> = select(&doc, "ol.timeline li").iter().map(text).collect();
    assert!(events
        .iter()
        .any(|e| e.contains("Stop 1: moves 4–5, White then Black passed")));
    assert!(events
        .iter()
        .any(|e| e.contains("Resumption: move 6, White resumes with a pass")));
    assert_eq!(select(&doc, "ol.timeline li.end").len(), 2);
    // The verdict table: one row per reading, and the disputed SST readings.
    let rows = select(&doc, "table.verdict tbody tr");
    assert_eq!(rows.len(), 5);
    let res: Vec<String> = rows
        .iter()
        .map(|r| {
            text(
                &r.select(&Selector::parse("td:last-child").unwrap())
                    .next()
                    .unwrap(),
            )
        })
        .collect();
    // The AGA variant takes the marked stones away after four passes, as `check` does
    // under aga-ing; Simplified Ing and AGA count every stone after their second stop.
    assert_eq!(res, ["B+1", "W+29", "B+1", "W+29", "B+1"]);
    assert!(text(&select(&doc, ".banner.disputed")[0]).contains("The two SST readings disagree"));
}

#[test]
fn every_reading_has_its_rule_sentence_and_source() {
    let doc = parse(&appeal_page("testdata/appeal/t11-marked.sgf"));
    let readings = select(&doc, "#verdict .reading");
    assert_eq!(readings.len(), 5);
    let precedent = text(&readings[1]);
    assert!(
        precedent.contains("EGF Appeals Committee 2002: passes 3–4"),
        "{precedent}"
    );
    for r in &readings {
        let source = r.select(&Selector::parse(".source").unwrap()).next();
        let source = text(&source.expect("a source line"));
        assert!(
            source.starts_with("Source: ") && source.contains(". Rule text: "),
            "{source}"
        );
    }
}

#[test]
fn appeal_diagrams_cross_dead_stones_shade_territory_and_circle_offending_moves() {
    let doc = parse(&appeal_page("testdata/appeal/t11-marked.sgf"));
    let end = &select(&doc, "#diagrams figure#diagram-end-move-7")[0];
    let dead: Vec<&str> = end
        .select(&Selector::parse("g.dead").unwrap())
        .filter_map(|g| g.value().attr("data-point"))
        .collect();
    assert_eq!(dead, ["ec", "ff"]);
    assert!(
        end.select(&Selector::parse("rect.territory-w").unwrap())
            .count()
            > 10
    );
    // t03: a ko retaken after two passes, illegal under SIR and AGA.
    let doc = parse(&appeal_page("testdata/appeal/t03.sgf"));
    let circled: Vec<&str> = select(&doc, "#diagrams circle.offending")
        .iter()
        .filter_map(|c| c.value().attr("data-point"))
        .collect();
    assert!(circled.contains(&"bb"), "{circled:?}");
    let findings = text(&select(&doc, "#findings")[0]);
    assert!(findings.contains("positional-superko") && findings.contains("Rule: "));
}

#[test]
fn appeal_html_flag_writes_the_page_and_keeps_the_text() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("appeal.html");
    let out = goref()
        .args(["appeal", "testdata/appeal/t11-marked.sgf", "--html"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text_out = String::from_utf8(out.stdout).unwrap();
    assert!(text_out.starts_with("Appeal: testdata/appeal/t11-marked.sgf, game 1"));
    let page = std::fs::read_to_string(&path).unwrap();
    assert_eq!(page, appeal_page("testdata/appeal/t11-marked.sgf"));
}

#[test]
fn print_stylesheet_sets_a4_and_breaks_pages_between_sections() {
    let doc = parse(&appeal_page("testdata/appeal/t03.sgf"));
    let style = select(&doc, "style").iter().map(text).collect::<String>();
    let print = &style[style.find("@media print").expect("a print stylesheet")..];
    assert!(print.contains("size: A4"));
    assert!(print.contains("section.sheet + section.sheet { break-before: page; }"));
}

/// A record whose every text field is markup.
const HOSTILE: &str =
    "(;GM[1]FF[4]SZ[9]PB[<script>alert(1)</script>]PW[<img src=x onerror=alert(2)>]\
EV[a & b \"c\" 'd']RE[<b>B+R</b>]C[</style><script>x</script>];B[ee];W[ee])";

#[test]
fn hostile_text_is_shown_as_text() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("<x>.sgf");
    std::fs::write(&file, HOSTILE).unwrap();
    let name = file.to_str().unwrap();
    for page in [appeal_page(name), check_page(&[name])] {
        let doc = parse(&page);
        assert_self_contained(&doc);
        let body = text(&select(&doc, "body")[0]);
        assert!(
            body.contains("<script>alert(1)</script>"),
            "PB not shown as text"
        );
        assert!(
            body.contains("<img src=x onerror=alert(2)>"),
            "PW not shown as text"
        );
        assert!(!page.contains("<script>alert(1)"), "PB pasted as markup");
    }
}

#[test]
fn check_page_lists_problem_games_first_with_their_boards() {
    let page = check_page(&[
        "testdata/ko-retake.sgf",
        "testdata/clean-9x9.sgf",
        "testdata/findings/occupied-point.sgf",
    ]);
    let doc = parse(&page);
    assert_self_contained(&doc);
    let files: Vec<String> = select(&doc, "table.games tbody td.file")
        .iter()
        .map(text)
        .collect();
    assert_eq!(
        files,
        [
            "testdata/ko-retake.sgf",
            "testdata/findings/occupied-point.sgf",
            "testdata/clean-9x9.sgf"
        ]
    );
    // Game numbers are 1-based, as in the text and JSON reports.
    let games: Vec<String> = select(&doc, "table.games tbody td:nth-child(2)")
        .iter()
        .map(text)
        .collect();
    assert_eq!(games, ["#1", "#1", "#1"]);
    // Two problem games, each with findings and a board; the clean game has neither.
    let articles = select(&doc, "#problems article.game");
    assert_eq!(articles.len(), 2);
    assert_eq!(select(&doc, "svg.compact-board").len(), 2);
    let first = &articles[0];
    assert!(text(first).contains("positional-superko"));
    let circled = first
        .select(&Selector::parse("circle.offending").unwrap())
        .count();
    assert!(circled >= 1);
    // The table links each problem game to its section.
    let link = select(&doc, "table.games a")[0]
        .value()
        .attr("href")
        .unwrap();
    assert_eq!(
        Some(link),
        first
            .value()
            .attr("id")
            .map(|id| format!("#{id}"))
            .as_deref()
    );
}

#[test]
fn check_page_totals_and_charts_count_the_run() {
    let doc = parse(&check_page(&["testdata/findings"]));
    let totals: Vec<String> = select(&doc, ".totals .total").iter().map(text).collect();
    let files = common::sgf_files_in("testdata/findings");
    assert_eq!(totals[0], format!("{files}files"));
    let charts = select(&doc, ".chart");
    assert_eq!(charts.len(), 2);
    let bars = |chart: &scraper::ElementRef| -> Vec<String> {
        chart
            .select(&Selector::parse("g.bar title").unwrap())
            .map(|t| text(&t))
            .collect()
    };
    let statuses = bars(&charts[0]);
    assert!(
        statuses.iter().any(|b| b.starts_with("mismatch: ")),
        "{statuses:?}"
    );
    let codes = bars(&charts[1]);
    assert!(
        codes.contains(&"occupied-point: 1".to_string()),
        "{codes:?}"
    );
}

#[test]
fn check_html_to_a_file_and_other_commands_refuse_html() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("report.html");
    goref()
        .args(["check", "-q", "--format", "html", "-o"])
        .arg(&path)
        .arg("testdata/clean-9x9.sgf")
        .assert()
        .success();
    parse(&std::fs::read_to_string(&path).unwrap());
    for args in [
        vec!["score", "testdata/clean-9x9.sgf", "--format", "html"],
        vec!["rules", "--format", "html"],
        vec!["explain", "suicide", "--format", "html"],
    ] {
        goref().args(&args).assert().code(2);
    }
}

#[test]
fn the_parse_check_catches_broken_markup() {
    // The guard of every test above: html5ever reports what a browser would repair.
    let doc = Html::parse_document("<!DOCTYPE html><title>t</title><p><b>x</p></div>");
    assert!(!doc.errors.is_empty());
}
