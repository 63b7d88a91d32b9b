//! The report: one object per game (schema `goref.report/2`) and its printers — JSON,
//! JSON Lines and readable text. docs/report.md explains every field and
//! docs/report.schema.json describes them; a test validates real output against it.

use crate::count::reading::EndReading;
use crate::count::reading::ResultCheck;
use crate::count::score::{Penalties, Score};
use crate::count::timing::TimeReport;
use crate::count::Refereed;
use crate::findings::{Code, Finding, Severity};
use crate::point::Color;
use crate::present::score_view::ScoreView;
use crate::read::reader::Charset;
use crate::read::record::{GameInfo, GameRecord, ValueSource};
use crate::replay::ending::EndingReport;
use crate::rules::{self, Rules};
use serde::Serialize;
use std::collections::BTreeMap;

pub(crate) mod lint;

/// The `schema` of every report ([`GameReport::SCHEMA`]).
const SCHEMA: &str = GameReport::SCHEMA;

/// The ruleset a game was judged under: its settings and why they were chosen.
#[derive(Clone, Debug, Serialize)]
pub struct RulesReport {
    /// `command-line`, `record` or `assumed`.
    pub source: crate::rules::RulesSource,
    pub reason: String,
    #[serde(flatten)]
    pub settings: Rules,
}

/// The board's width and height.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct BoardSize {
    pub width: u8,
    pub height: u8,
}

/// The komi counted with and where it came from.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct KomiReport {
    #[serde(serialize_with = "crate::count::score::serialize_points")]
    pub value: f64,
    pub source: ValueSource,
}

/// Stones captured by Black and by White over the whole game.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Captures {
    #[serde(rename = "B")]
    pub black: u32,
    #[serde(rename = "W")]
    pub white: u32,
}

/// The score block of the report (issue 5 requirement 6).
#[derive(Clone, Debug, Serialize)]
pub struct ScoreReport {
    pub black: u32,
    pub white: u32,
    pub neutral: u32,
    #[serde(serialize_with = "crate::count::score::serialize_points")]
    pub komi: f64,
    /// Where the count's komi came from: `convention` where a source's convention set it
    /// in place of the record's KM (the top-level `komi` is the record's).
    pub komi_source: ValueSource,
    /// The source convention the count follows (`fox-km0`, …), where one does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub convention: Option<&'static str>,
    #[serde(serialize_with = "crate::count::score::serialize_points")]
    pub handicap_bonus: f64,
    pub penalties: Penalties,
    #[serde(serialize_with = "crate::count::score::serialize_points")]
    pub margin: f64,
    pub winner: Option<Color>,
    pub tiebreak: Option<crate::count::score::TieBreak>,
    /// Dead stones (SGF letters), basis, seki, counting method, territory and the other
    /// method's result: the view every client shares.
    #[serde(flatten)]
    pub view: ScoreView,
    /// The Ing fill-in story, when the arithmetic applies.
    pub fill_in: Option<String>,
}

impl ScoreReport {
    fn new(s: &Score, r: &EndReading) -> ScoreReport {
        ScoreReport {
            black: s.black,
            white: s.white,
            neutral: s.neutral,
            komi: s.komi,
            komi_source: s.komi_source,
            convention: r.convention,
            handicap_bonus: s.handicap_bonus,
            penalties: s.penalties,
            margin: s.margin,
            winner: s.winner,
            tiebreak: s.tiebreak,
            view: ScoreView::of(r, s, |p| p.sgf()),
            fill_in: s.fill_in.as_ref().map(|f| f.sentence.clone()),
        }
    }
}

/// One game's report.
///
/// ```
/// use goref_core::report::ResultStatus;
/// use goref_core::{check_bytes, CheckOptions};
///
/// let sgf = b"(;SZ[5]KM[0.5]RU[Chinese]RE[W+4.5];B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de];B[];W[])";
/// let report = &check_bytes("game.sgf", sgf, &CheckOptions::default())[0];
/// assert_eq!(report.computed_result(), Some("B+4.5"));
/// assert_eq!(report.result_status(), Some(ResultStatus::Mismatch));
/// assert!(report.to_text().contains("result-mismatch"));
/// let json: serde_json::Value = serde_json::from_str(&report.to_json_line()).unwrap();
/// assert_eq!(json["result"]["status"], "mismatch");
/// ```
#[derive(Clone, Debug, Serialize)]
pub struct GameReport {
    pub(crate) schema: &'static str,
    pub(crate) file: String,
    /// 1-based number of the game in the file, as `--game` and the text count (null
    /// for a file with no readable game).
    pub(crate) game: Option<usize>,
    /// Child indices taken at each branching node, for variations other than the main line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) variation: Option<Vec<usize>>,
    pub(crate) info: Option<GameInfo>,
    pub(crate) charset: Option<Charset>,
    pub(crate) rules: Option<RulesReport>,
    pub(crate) board: Option<BoardSize>,
    pub(crate) komi: Option<KomiReport>,
    pub(crate) handicap: u32,
    pub(crate) moves: u32,
    pub(crate) passes: u32,
    pub(crate) captures: Captures,
    pub(crate) findings: Vec<Finding>,
    pub(crate) result: Option<ResultCheck>,
    pub(crate) score: Option<ScoreReport>,
    pub(crate) ending: Option<EndingReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) time: Option<TimeReport>,
    /// The final position, one string per row from the top (`X`, `O`, `.`), with `--with-board`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) final_board: Option<Vec<String>>,
}

impl GameReport {
    /// The `schema` of every report (docs/report.schema.json): bumped when a field
    /// changes meaning.
    pub const SCHEMA: &'static str = "goref.report/2";

    /// One JSON Lines record.
    pub fn to_json_line(&self) -> String {
        to_json_line(self)
    }

    /// The lines of the report at or above `show`, one a finding as `goref check`
    /// prints them (`color`: ANSI colours for a terminal); empty when nothing reaches
    /// `show`.
    ///
    /// ```
    /// use goref_core::findings::Severity;
    /// use goref_core::{check_bytes, CheckOptions};
    ///
    /// let report = &check_bytes("a.sgf", b"(;SZ[9];B[ee];W[ee])", &CheckOptions::default())[0];
    /// let lines = report.to_lines(Severity::Error, false);
    /// assert!(lines.contains("a.sgf:1:") && lines.contains("error occupied-point"));
    /// assert!(report.to_lines(Severity::Error, true).contains("\u{1b}[1;31merror"));
    /// ```
    pub fn to_lines(&self, show: Severity, color: bool) -> String {
        lint::to_lines(self, show, lint::Paint(color))
    }

    /// The readable text of the report, as `goref check` prints it.
    pub fn to_text(&self) -> String {
        to_text(self)
    }

    /// The report of one refereed game. Takes the record and the referee's result by
    /// value: the batch builds one report per game and moves their contents in rather
    /// than copying them.
    pub(crate) fn new(
        file: &str,
        charset: &Charset,
        record: GameRecord,
        mut r: Refereed,
        with_board: bool,
    ) -> GameReport {
        let score = r.end.score.as_ref().map(|s| ScoreReport::new(s, &r.end));
        let mut findings = std::mem::take(&mut r.judged.findings);
        findings.append(&mut r.end.findings);
        let final_board = with_board.then(|| board_rows(&r.judged.final_position));
        GameReport {
            schema: SCHEMA,
            file: file.to_string(),
            game: Some(record.game_index + 1),
            variation: (!record.variation.is_empty()).then_some(record.variation),
            info: Some(record.info),
            charset: Some(charset.clone()),
            rules: Some(RulesReport {
                source: r.judged.selection.source,
                reason: r.judged.selection.reason,
                settings: r.judged.selection.rules,
            }),
            board: Some(BoardSize {
                width: record.width,
                height: record.height,
            }),
            komi: Some(KomiReport {
                value: r.judged.komi.value,
                source: r.judged.komi.source,
            }),
            handicap: r.judged.handicap,
            moves: r.judged.moves,
            passes: r.judged.passes,
            captures: Captures {
                black: r.judged.captures[0],
                white: r.judged.captures[1],
            },
            findings,
            result: Some(r.end.result),
            score,
            ending: Some(r.judged.ending),
            time: r.judged.time,
            final_board,
        }
    }

    /// The report of a file, or of an archive's member, that yielded no game: its findings
    /// alone, under the check's `--ignore` and `--severity` choices.
    ///
    /// ```
    /// use goref_core::findings::{Code, Finding};
    /// use goref_core::report::GameReport;
    /// use goref_core::CheckOptions;
    ///
    /// let bomb = Finding::new(Code::ArchiveMemberTooLarge, "the member would unpack to more than 1 GiB");
    /// let report = GameReport::of_findings("a.zip!b.sgf", vec![bomb], &CheckOptions::default());
    /// assert_eq!((report.file(), report.game()), ("a.zip!b.sgf", None));
    /// assert_eq!(report.findings()[0].code, Code::ArchiveMemberTooLarge);
    /// ```
    pub fn of_findings(
        file: &str,
        findings: Vec<Finding>,
        opts: &crate::CheckOptions,
    ) -> GameReport {
        let mut report = GameReport::file_only(file, None, findings);
        report.apply_options(opts);
        report
    }

    /// Drops the findings `--ignore` names and applies `--severity CODE=LEVEL`.
    pub(crate) fn apply_options(&mut self, opts: &crate::CheckOptions) {
        self.findings.retain(|f| !opts.ignored.contains(&f.code));
        self.apply_severities(&opts.severities);
    }

    /// The file's name as given to the check.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The game's number in the file (1-based, as `--game`); None for a file with no
    /// readable game.
    pub fn game(&self) -> Option<usize> {
        self.game
    }

    /// Every finding, the file's first, then the judgement's, then the reading's.
    pub fn findings(&self) -> &[Finding] {
        &self.findings
    }

    /// The verdict on RE (None for a file with no game).
    pub fn result_status(&self) -> Option<crate::count::reading::ResultStatus> {
        self.result.as_ref().map(|r| r.status)
    }

    /// The result goref computed (`B+3.5`; `B+` where only the winner stands), if any.
    pub fn computed_result(&self) -> Option<&str> {
        self.result.as_ref().and_then(|r| r.computed.as_deref())
    }

    /// A game-information property as written (None when absent): `PB`,
    /// `PW`, `BR`, `WR`, `EV`, `RO`, `DT`, `PC`, `RU`, `RE`, `OT`, `AP`, `GN`, `KM`, `GC`, or `C` (the comment of the main line's
    /// last node).
    pub fn info(&self, property: &str) -> Option<&str> {
        self.info.as_ref()?.get(property)
    }

    /// The ruleset the game was judged under (None for a file with no game).
    pub fn rules(&self) -> Option<&Rules> {
        self.rules.as_ref().map(|r| &r.settings)
    }

    /// The komi the record's KM gives, where the count used it (None where the komi came
    /// from the rules, the command line or a source's convention).
    pub fn record_komi(&self) -> Option<f64> {
        self.komi
            .as_ref()
            .filter(|k| k.source == ValueSource::Record)
            .map(|k| k.value)
    }

    /// The board's width and height (None for a file with no game).
    pub fn board_size(&self) -> Option<(u8, u8)> {
        self.board.map(|b| (b.width, b.height))
    }

    /// The handicap stones placed (0 for an even game).
    pub fn handicap(&self) -> u32 {
        self.handicap
    }

    /// The komi the game was counted with (None for a file with no game).
    pub fn komi(&self) -> Option<f64> {
        self.komi.as_ref().map(|k| k.value)
    }

    /// The passes among the moves.
    pub fn passes(&self) -> u32 {
        self.passes
    }

    /// The stones captured during play by Black and by White.
    pub fn captures(&self) -> [u32; 2] {
        [self.captures.black, self.captures.white]
    }

    /// The moves played, passes among them.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// The whole report as a JSON value: every field of docs/report.md.
    pub fn to_json_value(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("a report serialises")
    }

    /// Appends the report as one compact JSON line (without the newline) to `out`: the
    /// bytes of [`GameReport::to_json_line`], written without a copy. On an error `out`
    /// may hold part of the line.
    pub fn write_json(&self, out: &mut Vec<u8>) -> Result<(), serde_json::Error> {
        crate::present::json::write(out, self)
    }

    /// The report of a file that yielded no game (unreadable, empty, not SGF).
    pub(crate) fn file_only(
        file: &str,
        charset: Option<&Charset>,
        findings: Vec<Finding>,
    ) -> GameReport {
        GameReport {
            schema: SCHEMA,
            file: file.to_string(),
            game: None,
            variation: None,
            info: None,
            charset: charset.cloned(),
            rules: None,
            board: None,
            komi: None,
            handicap: 0,
            moves: 0,
            passes: 0,
            captures: Captures { black: 0, white: 0 },
            findings,
            result: None,
            score: None,
            ending: None,
            time: None,
            final_board: None,
        }
    }

    /// The most severe finding, if any.
    pub fn worst(&self) -> Option<Severity> {
        self.findings.iter().map(|f| f.severity).max()
    }

    /// Applies `--severity CODE=LEVEL` overrides.
    pub(crate) fn apply_severities(&mut self, overrides: &BTreeMap<Code, Severity>) {
        for f in &mut self.findings {
            if let Some(&s) = overrides.get(&f.code) {
                f.severity = s;
            }
        }
    }
}

/// Rows of a position from the top: `X` Black, `O` White, `.` empty.
pub(crate) fn board_rows(pos: &crate::replay::position::Position) -> Vec<String> {
    (0..pos.height)
        .map(|y| {
            (0..pos.width)
                .map(|x| match pos.get(crate::point::Point::new(x, y)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                })
                .collect()
        })
        .collect()
}

/// One JSON Lines record.
pub(crate) fn to_json_line(report: &GameReport) -> String {
    crate::present::json::to_string(report)
        .unwrap_or_else(|e| format!("{{\"schema\":\"{SCHEMA}\",\"error\":\"{e}\"}}"))
}

/// The readable text of one game's report.
pub(crate) fn to_text(report: &GameReport) -> String {
    let mut out = String::new();
    out.push_str(&headline(report));
    out.push('\n');
    for f in &report.findings {
        out.push_str(&finding_line(f));
        out.push('\n');
    }
    if let Some(result) = &report.result {
        let basis = match result.counting {
            Some(c) => format!(" [{}, {} counting]", result.basis.as_str(), c.as_str()),
            None => String::new(),
        };
        out.push_str(&format!(
            "  result   recorded {}, computed {}{basis}: {} ({})\n",
            result.recorded.as_deref().unwrap_or("-"),
            result.computed.as_deref().unwrap_or("-"),
            result.status.as_str(),
            result.reason
        ));
        if let Some(range) = &result.range {
            out.push_str(&format!(
                "  range    {} (every unsure string read in Black's favour, then in White's)\n",
                range.span()
            ));
        }
        if let Some(other) = &result.other_count {
            out.push_str(&format!("  other    {other} (the counts differ)\n"));
        }
    }
    if let Some(s) = &report.score {
        let label = match report.result.as_ref() {
            Some(r) if r.range.is_some() => "estimate",
            Some(r) if r.computed.is_some() => "score   ",
            _ => "as is   ",
        };
        out.push_str(&format!(
            "  {label} Black {} White {} neutral {}, komi {}{}{}{}\n",
            s.black,
            s.white,
            s.neutral,
            rules::format_number(s.komi),
            // The convention that set the komi, by name, as `score` names it.
            match (s.komi_source, s.convention) {
                (ValueSource::Convention, Some(id)) => format!(" (convention `{id}`)"),
                _ => String::new(),
            },
            if s.handicap_bonus > 0.0 {
                format!(
                    ", handicap bonus {}",
                    rules::format_number(s.handicap_bonus)
                )
            } else {
                String::new()
            },
            if s.view.dead.is_empty() {
                String::new()
            } else {
                format!(", dead {}", s.view.dead.join(" "))
            }
        ));
    }
    if let Some(rows) = &report.final_board {
        for row in rows {
            out.push_str("    ");
            out.push_str(row);
            out.push('\n');
        }
    }
    out
}

/// The game header (players, RE, date, event), then a line of what goref used.
fn headline(r: &GameReport) -> String {
    let head = lint::game_header(r);
    let mut parts = Vec::new();
    if let Some(b) = r.board {
        parts.push(format!("{}x{}", b.width, b.height));
    }
    if let Some(rules) = &r.rules {
        parts.push(format!("rules {} ({})", rules.settings.name, rules.reason));
    }
    if let Some(k) = r.komi {
        parts.push(format!("komi {}", rules::format_number(k.value)));
    }
    if r.handicap > 0 {
        parts.push(format!("handicap {}", r.handicap));
    }
    if r.game.is_some() {
        parts.push(format!("{} moves", r.moves));
    }
    if parts.is_empty() {
        head
    } else {
        format!("{head}\n  game     {}", parts.join(", "))
    }
}

fn finding_line(f: &Finding) -> String {
    let place = match (f.line, f.column) {
        (Some(l), Some(c)) => format!("{l}:{c}"),
        _ => "-".into(),
    };
    let mut line = format!("  {:<8} {:<8} {}", f.severity.as_str(), place, f.code);
    let label = lint::move_label(f);
    line.push_str(": ");
    line.push_str(&label);
    line.push_str(&crate::present::inert::escape_control(&f.message));
    line.push_str(lint::certainty_note(f));
    if !f.also.is_empty() {
        let also: Vec<String> = f
            .also
            .iter()
            .map(|(preset, code)| format!("{preset} {}", code.map_or("legal", |c| c.as_str())))
            .collect();
        line.push_str(&format!(" [also: {}]", also.join(", ")));
    }
    line
}

/// The examples that documented crate-private items, kept as tests.
#[cfg(test)]
mod doc_examples {
    #[allow(unused_imports)]
    use super::*;

    /// The finding lines at or above the level shown, with ANSI colours only when asked,
    /// and nothing for a game with nothing to show.
    #[test]
    fn finding_lines_show_what_reaches_the_level_in_colour_when_asked() {
        let report = crate::check::first_report(b"(;SZ[9]KM[6.5];B[ee];W[ee])");
        let plain = report.to_lines(Severity::Error, false);
        assert!(
            plain.contains("test.sgf:1:") && plain.contains("error occupied-point"),
            "{plain}"
        );
        assert!(!plain.contains('\u{1b}'), "{plain}");
        let painted = report.to_lines(Severity::Error, true);
        assert!(painted.contains("\u{1b}[1;31merror\u{1b}[0m"), "{painted}");
        let clean = crate::check::first_report(b"(;SZ[9]RE[B+R];B[ee])");
        assert_eq!(clean.to_lines(Severity::Error, false), "");
    }

    /// `--ignore` drops a code's findings and `--severity` changes a code's level, in
    /// every report of a check and in the report of findings alone.
    #[test]
    fn ignored_codes_go_and_severities_change() {
        use crate::{check_bytes, CheckOptions};

        let sgf = b"(;GM[1]SZ[9]KM[0.5]RU[Japanese]RE[B+R];B[ee];W[ee];B[cc])";
        let codes = |opts: &CheckOptions| -> Vec<(Code, Severity)> {
            let report = &check_bytes("g.sgf", sgf, opts)[0];
            report
                .findings()
                .iter()
                .map(|f| (f.code, f.severity))
                .collect()
        };
        let plain = codes(&CheckOptions::default());
        assert!(
            plain.contains(&(Code::OccupiedPoint, Severity::Error)),
            "{plain:?}"
        );
        let mut opts = CheckOptions::default();
        opts.ignored.insert(Code::OccupiedPoint);
        opts.severities.insert(Code::KomiDiffers, Severity::Error);
        let changed = codes(&opts);
        assert!(
            changed.iter().all(|(c, _)| *c != Code::OccupiedPoint),
            "{changed:?}"
        );
        assert!(
            changed.contains(&(Code::KomiDiffers, Severity::Error)),
            "{changed:?}"
        );
        assert_eq!(changed.len() + 1, plain.len());

        let alone =
            GameReport::of_findings("x.sgf", vec![Finding::new(Code::OccupiedPoint, "x")], &opts);
        assert!(alone.findings().is_empty());
    }

    /// Every accessor says what the report's JSON says, on every game of testdata/
    /// (the JSON is pinned by the snapshot tests; this pins the accessors to it).
    #[test]
    fn accessors_agree_with_the_json_on_testdata() {
        use crate::{check_bytes, CheckOptions};
        use serde_json::Value;

        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata");
        let mut files: Vec<_> = walk(&root);
        files.sort();
        assert!(
            files.len() > 30,
            "testdata/ is read ({} files)",
            files.len()
        );
        let (mut games, mut counted, mut with_komi_from_record) = (0, 0, 0);
        for path in files {
            let bytes = std::fs::read(&path).unwrap();
            let name = path.display().to_string();
            for report in check_bytes(&name, &bytes, &CheckOptions::default()) {
                let json = report.to_json_value();
                assert_eq!(report.file(), json["file"], "{name}");
                assert_eq!(
                    report.game().map(|g| g as u64),
                    json["game"].as_u64(),
                    "{name}"
                );
                assert_eq!(
                    report.findings().len(),
                    json["findings"].as_array().unwrap().len()
                );
                let result = &json["result"];
                assert_eq!(
                    report.computed_result(),
                    result["computed"].as_str(),
                    "{name}"
                );
                let status = report
                    .result_status()
                    .map(|s| serde_json::to_value(s).unwrap());
                assert_eq!(status.unwrap_or(Value::Null), result["status"], "{name}");
                assert_eq!(
                    report.rules().map(|r| r.name.as_str()),
                    json["rules"]["name"].as_str()
                );
                assert_eq!(report.komi(), json["komi"]["value"].as_f64(), "{name}");
                let from_record = json["komi"]["source"] == "record";
                let record_komi = json["komi"]["value"].as_f64().filter(|_| from_record);
                assert_eq!(report.record_komi(), record_komi, "{name}");
                let board = &json["board"];
                let size = board["width"].as_u64().zip(board["height"].as_u64());
                let size = size.map(|(w, h)| (w as u8, h as u8));
                assert_eq!(report.board_size(), size, "{name}");
                assert_eq!(report.handicap() as u64, json["handicap"].as_u64().unwrap());
                assert_eq!(report.moves() as u64, json["moves"].as_u64().unwrap());
                assert_eq!(report.passes() as u64, json["passes"].as_u64().unwrap());
                let captures = [&json["captures"]["B"], &json["captures"]["W"]];
                let captures = captures.map(|c| c.as_u64().unwrap() as u32);
                assert_eq!(report.captures(), captures, "{name}");
                assert_eq!(report.info("PB"), json["info"]["black"].as_str(), "{name}");
                assert_eq!(
                    report.info("RU"),
                    json["info"]["recorded_rules"].as_str(),
                    "{name}"
                );
                assert_eq!(report.info("RE"), result["recorded"].as_str(), "{name}");
                let worst = json["findings"].as_array().unwrap().iter();
                let worst = worst
                    .filter_map(|f| f["severity"].as_str().map(String::from))
                    .max_by_key(|s| rank(s));
                let ours = report.worst().map(|s| serde_json::to_value(s).unwrap());
                assert_eq!(
                    ours.and_then(|v| v.as_str().map(String::from)),
                    worst,
                    "{name}"
                );
                let mut line = Vec::new();
                report.write_json(&mut line).unwrap();
                assert_eq!(String::from_utf8(line).unwrap(), report.to_json_line());
                games += usize::from(report.game().is_some());
                counted += usize::from(report.computed_result().is_some());
                with_komi_from_record += usize::from(report.record_komi().is_some());
            }
        }
        // The run covers what the accessors tell apart.
        assert!(
            games > 30 && counted > 10 && with_komi_from_record > 10,
            "{games} {counted} {with_komi_from_record}"
        );
    }

    fn rank(severity: &str) -> u8 {
        match severity {
            "info" => 0,
            "warning" => 1,
            _ => 2,
        }
    }

    fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
        let mut out = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                out.extend(walk(&path));
            } else if path.extension().is_some_and(|e| e == "sgf") {
                out.push(path);
            }
        }
        out
    }

    #[test]
    fn score_report_fields() {
        let sgf = b"(;SZ[5]KM[0.5]RU[Chinese]RE[B+4.5];B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de];B[];W[])";
        use crate::point::Color;

        let score = crate::check::first_report(sgf).score.unwrap();
        assert_eq!((score.black, score.white, score.neutral), (15, 10, 0));
        assert_eq!((score.margin, score.winner), (4.5, Some(Color::Black)));
    }

    #[test]
    fn komi_report_fields() {
        use crate::read::record::ValueSource;
        use crate::{check_bytes, CheckOptions};

        // No KM: the rules' default komi (Simplified Ing: 8, the rules assumed).
        let report = &check_bytes("k.sgf", b"(;SZ[9];B[ee])", &CheckOptions::default())[0];
        let komi = report.komi.as_ref().unwrap();
        assert_eq!((komi.value, komi.source), (8.0, ValueSource::Rules));
    }

    #[test]
    fn rules_report_fields() {
        use crate::rules::{Repetition, RulesSource};
        use crate::{check_bytes, CheckOptions};

        let report = &check_bytes("r.sgf", b"(;SZ[9]RU[GOE];B[ee])", &CheckOptions::default())[0];
        let rules = report.rules.as_ref().unwrap();
        assert_eq!(rules.source, RulesSource::Record);
        assert_eq!(rules.settings.repetition, Repetition::SstHotStones);
    }
}
