//! The tournament check as a page a director prints: the totals, what to fix (every
//! red and amber board with its reasons), then one grid per round, each board green,
//! amber or red with the reason, and the records that match no game.

use crate::{
    board_codes, common_folder, headline, BoardCheck, Comparison, RecordCheck, Status, TableResult,
    Totals, Tournament,
};
use goref_core::findings::Severity;
use goref_core::present::html::page;
use maud::{html, Markup};

/// The whole page.
pub fn tournament_page(t: &Tournament, c: &Comparison, results_file: &str) -> String {
    let title = if t.name.is_empty() {
        "Tournament check".to_string()
    } else {
        format!("{} – tournament check", t.name)
    };
    let base = common_folder(c);
    let body = html! {
        section.sheet {
            h1 { (title) }
            p.subtitle {
                (headline(t)) " · " code { (results_file) }
                @if !base.is_empty() { " · records under " code { (base) } }
            }
            (totals(&Totals::of(c)))
            p.note {
                span.tstatus.green { "green" } " everything agrees · "
                span.tstatus.amber { "amber" } " to look at · "
                span.tstatus.red { "red" } " to fix before the results are published"
            }
            (to_fix(t, c))
        }
        @for round in t.round_numbers() {
            (round_grid(t, c, round, &base))
        }
        (unmatched(c))
    };
    page(&title, body)
}

fn totals(totals: &Totals) -> Markup {
    html! {
        div.totals {
            div.total { b { (totals.games) } "games" }
            div.total { b { (totals.records) } "records" }
            div.total.error { b { (totals.red) } "red boards" }
            div.total.warning { b { (totals.amber) } "amber boards" }
            div.total.ok { b { (totals.green) } "green boards" }
            div.total { b { (totals.missing) } "games without a record" }
            div.total.warning { b { (totals.unmatched) } "records without a game" }
        }
    }
}

/// `round 3 board 5` or the players, where the table has no board numbers.
fn board_label(t: &Tournament, board: &BoardCheck) -> String {
    let g = &t.games[board.game];
    match g.board {
        Some(b) => format!("Round {} board {b}", g.round),
        None => format!(
            "Round {}: {} – {}",
            g.round, t.players[g.black].name, t.players[g.white].name
        ),
    }
}

/// Every reason a board is not green, worst first: its own findings, its records'
/// tournament findings, their own check findings.
fn reasons(c: &Comparison, board: &BoardCheck, at_least: Severity) -> Vec<(Severity, String)> {
    let mut out: Vec<(Severity, String)> = board
        .findings
        .iter()
        .filter(|f| f.severity >= at_least)
        .map(|f| (f.severity, format!("{}: {}", f.code, f.message)))
        .collect();
    for &r in &board.records {
        out.extend(record_reasons(&c.records[r], at_least));
    }
    out.sort_by_key(|r| std::cmp::Reverse(r.0));
    out
}

fn record_reasons(r: &RecordCheck, at_least: Severity) -> Vec<(Severity, String)> {
    let label = r.facts.label();
    let tournament = r
        .findings
        .iter()
        .filter(|f| f.severity >= at_least)
        .map(|f| (f.severity, format!("{}: {}: {}", label, f.code, f.message)));
    let own = r
        .facts
        .findings
        .iter()
        .filter(|f| f.severity >= at_least)
        .map(|f| {
            let mv = f
                .move_number
                .map(|m| format!(" (move {m})"))
                .unwrap_or_default();
            (
                f.severity,
                format!("{label}: {}{mv}: {}", f.code, f.message),
            )
        });
    tournament.chain(own).collect()
}

fn to_fix(t: &Tournament, c: &Comparison) -> Markup {
    let mut boards: Vec<&BoardCheck> = c
        .boards
        .iter()
        .filter(|b| c.status(b) != Status::Green)
        .collect();
    boards.sort_by_key(|b| {
        let g = &t.games[b.game];
        (std::cmp::Reverse(c.status(b)), g.round, g.board)
    });
    html! {
        h2 { "To fix" }
        @if boards.is_empty() && c.unmatched().next().is_none() {
            p { "Nothing: every board agrees with its record." }
        } @else {
            ol.tofix {
                @for b in &boards {
                    li class={ "t" (c.status(b).as_str()) } {
                        b { (board_label(t, b)) }
                        ul {
                            @for (severity, reason) in reasons(c, b, Severity::Warning) {
                                li { span class={ "sev " (severity.as_str()) } { (severity.as_str()) } " " (reason) }
                            }
                        }
                    }
                }
                @if c.unmatched().next().is_some() {
                    li.tamber { b { "Records without a game" } " — listed at the end of this page." }
                }
            }
        }
    }
}

fn result_cell(t: &Tournament, board: &BoardCheck) -> String {
    let g = &t.games[board.game];
    match (g.result, g.by_default) {
        (TableResult::Unknown, _) => "?".to_string(),
        (r, true) => format!("{} (by default)", r.short()),
        (r, false) => r.short().to_string(),
    }
}

fn round_grid(t: &Tournament, c: &Comparison, round: u32, base: &str) -> Markup {
    let games = t.round_games(round);
    let byes: Vec<&str> = t
        .byes
        .iter()
        .filter(|b| b.round == round)
        .map(|b| t.players[b.player].name.as_str())
        .collect();
    html! {
        @if !games.is_empty() || !byes.is_empty() {
            section.sheet.round {
                h2 { "Round " (round) }
                table.tgrid {
                    thead { tr {
                        th.num { "Bd" } th { "Black" } th { "White" } th.num { "Hc" }
                        th { "Table" } th { "Record" } th { "Verdict" }
                    } }
                    tbody {
                        @for &g in &games {
                            (board_row(t, c, &c.boards[g], base))
                        }
                    }
                }
                @if !byes.is_empty() {
                    p.note { "No game this round: " (byes.join(", ")) }
                }
            }
        }
    }
}

fn board_row(t: &Tournament, c: &Comparison, board: &BoardCheck, base: &str) -> Markup {
    let g = &t.games[board.game];
    let status = c.status(board);
    let codes = board_codes(c, board);
    html! {
        tr class={ "t" (status.as_str()) } {
            td.num { (g.board.map_or("–".to_string(), |b| b.to_string())) }
            td { (t.players[g.black].name) }
            td { (t.players[g.white].name) }
            td.num { (g.handicap) }
            td { (result_cell(t, board)) }
            td.file {
                @if board.records.is_empty() {
                    span.muted { @if g.by_default { "not played" } @else { "no record" } }
                }
                @for &r in &board.records {
                    @let label = c.records[r].facts.label();
                    div {
                        code { (label.strip_prefix(base).unwrap_or(&label)) }
                        " " (c.records[r].facts.result.as_deref().unwrap_or("no RE"))
                    }
                }
            }
            td {
                span class={ "tstatus " (status.as_str()) } {
                    @match status { Status::Green => "agrees", Status::Amber => "look", Status::Red => "fix" }
                }
                @if !codes.is_empty() {
                    " " span.codes { (codes.join(", ")) }
                }
                @for (_, reason) in reasons(c, board, Severity::Warning).iter().take(3) {
                    div.reason { (reason) }
                }
            }
        }
    }
}

fn unmatched(c: &Comparison) -> Markup {
    let records: Vec<&RecordCheck> = c.unmatched().collect();
    html! {
        @if !records.is_empty() {
            section.sheet {
                h2 { "Records without a game (" (records.len()) ")" }
                ul.unmatched {
                    @for r in &records {
                        li {
                            code { (r.facts.label()) }
                            " PB " (r.facts.black.as_deref().unwrap_or("–"))
                            ", PW " (r.facts.white.as_deref().unwrap_or("–"))
                            ul {
                                @for (severity, reason) in record_reasons(r, Severity::Info) {
                                    li { span class={ "sev " (severity.as_str()) } { (severity.as_str()) } " " (reason) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
