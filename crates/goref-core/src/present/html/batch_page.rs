//! The batch report as a page: totals, two bar charts, a table of every game with the
//! problem games first, and for each game with a warning or an error its findings and
//! its final position.
//!
//! [`BatchPage`] takes the reports one file at a time, in input order, and keeps only
//! what the page shows: a row of short strings per game, and the findings and final
//! position of problem games only. A run over 10,000 games holds a few megabytes, never
//! the reports themselves (docs/html.md has the figures).

use super::charts::{bar_chart, Bar};
use super::{board_frames, compact_board, or_dash, page_shell, severity_badge};
use crate::count::reading::{ResultCheck, ResultStatus};
use crate::findings::{Code, Finding, Severity};
use crate::point::Point;
use crate::present::report::GameReport;
use crate::replay::position::Position;
use maud::{html, Markup, PreEscaped};
use std::cmp::Reverse;
use std::collections::BTreeMap;

/// Findings listed per problem game; the rest are counted ("and 12 more"). A broken
/// record can carry thousands, and the JSON report has them all.
pub(crate) const MAX_FINDINGS_PER_GAME: usize = 50;

/// The results in the order of the chart, with their bar colours.
const STATUSES: [(ResultStatus, &str); 5] = [
    (ResultStatus::Agrees, "#1e7b34"),
    (ResultStatus::Mismatch, "#b42318"),
    (ResultStatus::Unverified, "#9a5b00"),
    (ResultStatus::NotComparable, "#8c959f"),
    (ResultStatus::Unknown, "#afb8c1"),
];

/// The page of a `goref check` run, filled one file at a time.
#[derive(Debug, Default)]
pub struct BatchPage {
    paths: Vec<String>,
    files: u64,
    games: u64,
    findings: u64,
    by_status: BTreeMap<&'static str, u64>,
    /// Per code: how often, and the worst severity it was given.
    by_code: BTreeMap<Code, (u64, Severity)>,
    rows: Vec<GameRow>,
}

/// One line of the table of games.
#[derive(Debug)]
struct GameRow {
    file: String,
    /// 1-based number of the game in its file (None: the file holds no readable game).
    game: Option<usize>,
    black: Option<String>,
    white: Option<String>,
    recorded: Option<String>,
    computed: Option<String>,
    status: Option<ResultStatus>,
    worst: Option<(Severity, Code)>,
    findings: usize,
    /// Only for a game with a warning or an error.
    problem: Option<Box<Problem>>,
}

/// What the page shows of a problem game below the table.
#[derive(Debug)]
struct Problem {
    reason: Option<String>,
    findings: Vec<FindingLine>,
    more: usize,
    board: Option<(Position, Vec<Point>)>,
}

#[derive(Debug)]
struct FindingLine {
    severity: Severity,
    code: Code,
    at: String,
    message: String,
}

impl GameRow {
    /// Errors first, then warnings, then the rest.
    fn rank(&self) -> u8 {
        match self.worst.map(|(s, _)| s) {
            Some(Severity::Error) => 2,
            Some(Severity::Warning) => 1,
            _ => 0,
        }
    }

    fn worst_severity(&self) -> Option<Severity> {
        self.worst.map(|(s, _)| s)
    }
}

impl BatchPage {
    /// An empty page for a run over `paths` (as the user named them).
    pub fn new(paths: Vec<String>) -> BatchPage {
        BatchPage {
            paths,
            ..BatchPage::default()
        }
    }

    /// Adds one file's reports (one per game, or one for a file with no game).
    pub fn add_file(&mut self, reports: &[GameReport]) {
        self.add_reports(reports);
        self.file_done();
    }

    /// Adds reports of the current file; a large file may come in several pieces.
    pub fn add_reports(&mut self, reports: &[GameReport]) {
        for r in reports {
            self.add_report(r);
        }
    }

    /// Counts a file whose reports have all been added.
    pub fn file_done(&mut self) {
        self.files += 1;
    }

    fn add_report(&mut self, r: &GameReport) {
        if r.game.is_some() {
            self.games += 1;
        }
        if let Some(result) = &r.result {
            *self.by_status.entry(result.status.as_str()).or_default() += 1;
        }
        self.findings += r.findings.len() as u64;
        for f in &r.findings {
            let entry = self.by_code.entry(f.code).or_insert((0, f.severity));
            entry.0 += 1;
            entry.1 = entry.1.max(f.severity);
        }
        let worst = r
            .findings
            .iter()
            .map(|f| (f.severity, f.code))
            .max_by_key(|&(s, _)| s);
        let info = r.info.as_ref();
        let result = r.result.as_ref();
        let is_problem = worst.is_some_and(|(s, _)| s >= Severity::Warning);
        self.rows.push(GameRow {
            file: r.file.clone(),
            game: r.game,
            black: info.and_then(|i| i.black.clone()),
            white: info.and_then(|i| i.white.clone()),
            recorded: result.and_then(|x| x.recorded.clone()),
            computed: result.and_then(ResultCheck::computed_shown),
            status: result.map(|x| x.status),
            worst,
            findings: r.findings.len(),
            problem: is_problem.then(|| Box::new(problem(r))),
        });
    }

    /// Games (and game-less files) the page lists.
    pub fn rows(&self) -> usize {
        self.rows.len()
    }

    /// The page. `interrupted`: the run stopped early, and the page says so.
    pub fn render(&self, interrupted: bool) -> String {
        let mut page = String::new();
        let _ = self.render_to(interrupted, |chunk| {
            page.push_str(&chunk);
            Ok::<(), std::convert::Infallible>(())
        });
        page
    }

    /// The page in pieces, in order: the head and totals, the table, then each problem
    /// game. `emit` writes each piece; only one is held at a time.
    pub fn render_to<E>(
        &self,
        interrupted: bool,
        mut emit: impl FnMut(String) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut order: Vec<&GameRow> = self.rows.iter().collect();
        // Stable: within a rank, input order.
        order.sort_by_key(|r| Reverse(r.rank()));
        let title = format!("goref check: {} files, {} games", self.files, self.games);
        let (start, end) = page_shell(&title);
        emit(start)?;
        emit(self.summary(interrupted).into_string())?;
        emit(games_table(&order).into_string())?;
        let mut sizes: Vec<(u8, u8)> = order
            .iter()
            .filter_map(|r| r.problem.as_ref()?.board.as_ref())
            .map(|(pos, _)| (pos.width, pos.height))
            .collect();
        sizes.sort_unstable();
        sizes.dedup();
        let mut problems = order
            .iter()
            .enumerate()
            .filter(|(_, r)| r.problem.is_some())
            .peekable();
        if problems.peek().is_some() {
            emit(
                html! {
                    (PreEscaped("<section class=\"sheet\" id=\"problems\">"))
                    h2 { "Games with a warning or an error" }
                    (board_frames(&sizes))
                }
                .into_string(),
            )?;
            for (i, row) in problems {
                emit(problem_article(i, row).into_string())?;
            }
            emit("</section>".to_string())?;
        }
        emit(end)
    }

    fn summary(&self, interrupted: bool) -> Markup {
        html! {
            section.sheet id="summary" {
                h1 { "Check report" }
                p.subtitle {
                    (self.files) " files, " (self.games) " games"
                    @if !self.paths.is_empty() { " from " code { (self.paths.join(" ")) } }
                }
                @if interrupted {
                    div.banner.disputed {
                        p { strong { "The run was interrupted." }
                            " This page covers the files checked before it stopped, in input order." }
                    }
                }
                (self.totals())
                div.charts {
                    (bar_chart("Results by status", &self.status_bars()))
                    (bar_chart("Findings by code", &self.code_bars()))
                }
            }
        }
    }

    fn totals(&self) -> Markup {
        let count = |s: Severity| {
            self.rows
                .iter()
                .filter(|r| r.worst_severity() == Some(s))
                .count()
        };
        let clean = self.rows.iter().filter(|r| r.rank() == 0).count();
        html! {
            div.totals {
                div.total { b { (self.files) } "files" }
                div.total { b { (self.games) } "games" }
                div.total.error { b { (count(Severity::Error)) } "with an error" }
                div.total.warning { b { (count(Severity::Warning)) } "with a warning" }
                div.total.ok { b { (clean) } "without either" }
                div.total { b { (self.findings) } "findings" }
            }
        }
    }

    fn status_bars(&self) -> Vec<Bar> {
        STATUSES
            .iter()
            .filter_map(|&(status, colour)| {
                let count = self.by_status.get(status.as_str()).copied().unwrap_or(0);
                (count > 0).then(|| Bar {
                    label: status.as_str().to_string(),
                    count,
                    colour,
                })
            })
            .collect()
    }

    fn code_bars(&self) -> Vec<Bar> {
        let mut codes: Vec<(&Code, &(u64, Severity))> = self.by_code.iter().collect();
        codes.sort_by_key(|(code, (count, _))| (Reverse(*count), **code));
        codes
            .into_iter()
            .map(|(code, &(count, severity))| Bar {
                label: code.as_str().to_string(),
                count,
                colour: severity_colour(severity),
            })
            .collect()
    }
}

fn severity_colour(s: Severity) -> &'static str {
    match s {
        Severity::Error => "#b42318",
        Severity::Warning => "#9a5b00",
        Severity::Info => "#1f5fad",
    }
}

fn problem(r: &GameReport) -> Problem {
    let lines = r
        .findings
        .iter()
        .take(MAX_FINDINGS_PER_GAME)
        .map(finding_line)
        .collect();
    let board = r.final_board.as_ref().map(|rows| {
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let offending = r
            .findings
            .iter()
            .filter(|f| f.severity >= Severity::Warning)
            .filter_map(|f| f.point.as_deref().and_then(Point::from_sgf))
            .collect();
        (Position::from_diagram(&rows), offending)
    });
    Problem {
        reason: r.result.as_ref().map(|x| x.reason.clone()),
        findings: lines,
        more: r.findings.len().saturating_sub(MAX_FINDINGS_PER_GAME),
        board,
    }
}

/// "move 57 B Q16 (pd), line 12:5".
fn finding_line(f: &Finding) -> FindingLine {
    let mut at = Vec::new();
    if let Some(n) = f.move_number {
        let mut m = format!("move {n}");
        if let Some(c) = f.color {
            m.push(' ');
            m.push_str(c.letter());
        }
        match (&f.vertex, &f.point) {
            (Some(v), Some(p)) => m.push_str(&format!(" {v} ({p})")),
            _ if f.color.is_some() => m.push_str(" pass"),
            _ => {}
        }
        at.push(m);
    }
    if let (Some(l), Some(c)) = (f.line, f.column) {
        at.push(format!("line {l}:{c}"));
    }
    FindingLine {
        severity: f.severity,
        code: f.code,
        at: at.join(", "),
        message: f.message.clone(),
    }
}

fn game_label(row: &GameRow) -> String {
    match row.game {
        Some(g) => format!("#{g}"),
        None => "no game".to_string(),
    }
}

fn games_table(order: &[&GameRow]) -> Markup {
    html! {
        section.sheet id="games" {
        h2 { "Games" }
        p.note { "Games with an error come first, then games with a warning, then the rest, each in input order." }
        table.games {
            thead {
                tr {
                    th { "File" } th { "Game" } th { "Black" } th { "White" } th { "RE" }
                    th { "Computed" } th { "Status" } th { "Worst finding" } th.num { "Findings" }
                }
            }
            tbody {
                @for (i, row) in order.iter().enumerate() {
                    tr class=[row.worst_severity().map(|s| format!("worst-{}", s.as_str()))] {
                        td.file {
                            @if row.problem.is_some() {
                                a href={ "#g" (i) } { (row.file) }
                            } @else {
                                (row.file)
                            }
                        }
                        td { (game_label(row)) }
                        td { (or_dash(row.black.as_deref())) }
                        td { (or_dash(row.white.as_deref())) }
                        td { (or_dash(row.recorded.as_deref())) }
                        td { (or_dash(row.computed.as_deref())) }
                        td class=[row.status.map(|s| format!("status-{}", s.as_str()))] {
                            (or_dash(row.status.map(ResultStatus::as_str)))
                        }
                        td.worst {
                            @if let Some((severity, code)) = row.worst {
                                (severity_badge(Some(severity))) " " code { (code.as_str()) }
                            } @else {
                                "–"
                            }
                        }
                        td.num { (row.findings) }
                    }
                }
            }
        }
        }
    }
}

fn problem_article(i: usize, row: &GameRow) -> Markup {
    let Some(p) = row.problem.as_deref() else {
        return html! {};
    };
    html! {
        article.game id={ "g" (i) } {
            div.what {
                h3 { (severity_badge(row.worst_severity())) " " (row.file) " " span.muted { (game_label(row)) } }
                p {
                    @if row.black.is_some() || row.white.is_some() {
                        (or_dash(row.black.as_deref())) " (Black) – "
                        (or_dash(row.white.as_deref())) " (White). "
                    }
                    "RE " code { (or_dash(row.recorded.as_deref())) } ", computed "
                    code { (or_dash(row.computed.as_deref())) }
                    @if let Some(status) = row.status { ": " (status.as_str()) }
                    @if let Some(reason) = &p.reason { " (" (reason) ")" }
                    "."
                }
                ul {
                    @for f in &p.findings {
                        li {
                            (severity_badge(Some(f.severity))) " " code { (f.code.as_str()) }
                            @if !f.at.is_empty() { " " span.muted { (f.at) } }
                            ": " (f.message)
                        }
                    }
                }
                @if p.more > 0 {
                    p.note { "… and " (p.more) " more findings (the JSON report lists them all)." }
                }
            }
            @if let Some((position, offending)) = &p.board {
                figure {
                    (compact_board(position, offending, &format!("Final position of {}", row.file)))
                    figcaption { "Final position; offending moves circled in red." }
                }
            }
        }
    }
}
