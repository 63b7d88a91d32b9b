//! The tournament check's reports: text (a table of boards per round, then what to fix),
//! one JSON document, and JSON Lines (one object per board and per unmatched record).
//! docs/tournament.md describes the fields.

use super::matching::{BoardCheck, Comparison, RecordCheck, Status, TournamentFinding};
use super::{TableResult, Tournament};
use goref_core::findings::Severity;
use serde_json::{json, Value};
use std::fmt::Write as _;

/// The `schema` of the JSON reports.
pub const TOURNAMENT_SCHEMA: &str = "goref-tournament/1";

/// Counts for the report's head and the summary line.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Totals {
    pub games: usize,
    pub records: usize,
    pub matched: usize,
    pub unmatched: usize,
    pub missing: usize,
    pub green: usize,
    pub amber: usize,
    pub red: usize,
    pub errors: usize,
    pub warnings: usize,
    pub infos: usize,
}

impl Totals {
    /// The totals of a comparison.
    pub fn of(c: &Comparison) -> Totals {
        let mut t = Totals {
            games: c.boards.len(),
            records: c.records.len(),
            ..Totals::default()
        };
        t.unmatched = c.unmatched().count();
        t.matched = t.records - t.unmatched;
        t.missing = c.boards.iter().filter(|b| b.records.is_empty()).count();
        for b in &c.boards {
            match c.status(b) {
                Status::Green => t.green += 1,
                Status::Amber => t.amber += 1,
                Status::Red => t.red += 1,
            }
        }
        let own = c
            .records
            .iter()
            .flat_map(|r| r.facts.findings.iter().map(|f| f.severity));
        for s in c.findings().map(|f| f.severity).chain(own) {
            match s {
                Severity::Error => t.errors += 1,
                Severity::Warning => t.warnings += 1,
                Severity::Info => t.infos += 1,
            }
        }
        t
    }

    fn to_json(self) -> Value {
        json!({
            "games": self.games, "records": self.records, "matched": self.matched,
            "unmatched": self.unmatched, "games_without_record": self.missing,
            "green": self.green, "amber": self.amber, "red": self.red,
            "errors": self.errors, "warnings": self.warnings, "infos": self.infos,
        })
    }
}

/// The head line: name, format, rounds, komi, dates.
pub fn headline(t: &Tournament) -> String {
    let name = if t.name.is_empty() {
        "(unnamed tournament)"
    } else {
        &t.name
    };
    let mut line = format!("{name} — {}, {} rounds", t.format.name(), t.rounds);
    if let Some(k) = t.komi {
        let _ = write!(line, ", komi {}", k);
    }
    match (t.first_day, t.last_day) {
        (Some(a), Some(b)) if a != b => {
            let _ = write!(line, ", {a} to {b}");
        }
        (Some(a), _) => {
            let _ = write!(line, ", {a}");
        }
        _ => {}
    }
    line
}

/// The names of the codes a board's findings carry, short (`winner, colours`).
pub fn board_codes(c: &Comparison, board: &BoardCheck) -> Vec<String> {
    let mut codes: Vec<String> = Vec::new();
    let short = |f: &TournamentFinding| {
        f.code
            .as_str()
            .trim_start_matches("tournament-")
            .to_string()
    };
    let mut push = |name: String| {
        if !codes.contains(&name) {
            codes.push(name);
        }
    };
    for f in &board.findings {
        if f.severity > Severity::Info {
            push(short(f));
        }
    }
    for &r in &board.records {
        let record = &c.records[r];
        record
            .findings
            .iter()
            .filter(|f| f.severity > Severity::Info)
            .for_each(|f| push(short(f)));
        record
            .facts
            .findings
            .iter()
            .filter(|f| f.severity > Severity::Info)
            .for_each(|f| push(f.code.as_str().to_string()));
    }
    codes
}

/// The text report: per round a table of boards, the round's findings at `show` and
/// above under it, then the records without a game and a summary line.
pub fn to_text(t: &Tournament, c: &Comparison, show: Severity) -> String {
    to_text_painted(t, c, show, false)
}

/// [`to_text`], with severities, codes and board colours in ANSI colours when `colour`
/// (a terminal).
pub fn to_text_painted(t: &Tournament, c: &Comparison, show: Severity, colour: bool) -> String {
    let paint = colour;
    let mut out = String::new();
    let totals = Totals::of(c);
    let _ = writeln!(out, "{}", headline(t));
    let _ = writeln!(
        out,
        "{}, {}: {} matched, {} without a game; {} without a record\n",
        plural(totals.games, "game"),
        plural(totals.records, "record"),
        totals.matched,
        totals.unmatched,
        plural(totals.missing, "game"),
    );
    let base = common_folder(c);
    if !base.is_empty() {
        let _ = writeln!(out, "Records under {base}\n");
    }
    for round in t.round_numbers() {
        round_text(&mut out, (t, c), round, (show, paint), &base);
    }
    let unmatched: Vec<&RecordCheck> = c.unmatched().collect();
    if !unmatched.is_empty() {
        let _ = writeln!(out, "Records without a game ({})", unmatched.len());
        for r in unmatched {
            for f in r.findings.iter().filter(|f| f.severity >= show) {
                finding_line(&mut out, "  ", f, paint);
            }
            own_lines(&mut out, "    ", r, (show, paint));
        }
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "{} red, {} amber, {} green boards; {} errors, {} warnings, {} info",
        totals.red, totals.amber, totals.green, totals.errors, totals.warnings, totals.infos
    );
    out
}

/// The folder every record lies in (ending in `/`), so that the tables show the rest of
/// each path; empty when they share none.
pub fn common_folder(c: &Comparison) -> String {
    let mut files = c.records.iter().map(|r| r.facts.file.as_str());
    let Some(first) = files.next() else {
        return String::new();
    };
    let mut common = first.rfind('/').map_or("", |at| &first[..=at]);
    for file in files {
        while !file.starts_with(common) {
            let trimmed = &common[..common.len() - 1];
            common = trimmed.rfind('/').map_or("", |at| &trimmed[..=at]);
        }
    }
    common.to_string()
}

fn round_text(
    out: &mut String,
    (t, c): (&Tournament, &Comparison),
    round: u32,
    (show, paint): (Severity, bool),
    base: &str,
) {
    let games = t.round_games(round);
    let byes: Vec<&str> = t
        .byes
        .iter()
        .filter(|b| b.round == round)
        .map(|b| t.players[b.player].name.as_str())
        .collect();
    if games.is_empty() && byes.is_empty() {
        return;
    }
    let _ = writeln!(out, "Round {round}");
    let _ = writeln!(
        out,
        "  {:>3}  {:<24} {:<24} {:>2}  {:<6} {:<28} status",
        "bd", "black", "white", "hc", "table", "record"
    );
    let mut notes = String::new();
    let mut without_record = Vec::new();
    for g in games {
        let board = &c.boards[g];
        let game = &t.games[g];
        let status = c.status(board);
        let codes = board_codes(c, board);
        let verdict = match status {
            Status::Green => "ok".to_string(),
            _ => format!("{} {}", paint_status(paint, status), codes.join(", ")),
        };
        let record = match board.records.as_slice() {
            [] if game.by_default => "(by default)".to_string(),
            [] => "(none)".to_string(),
            [one] => {
                let f = &c.records[*one].facts;
                let label = f.label();
                let shown = label.strip_prefix(base).unwrap_or(&label);
                format!("{shown} {}", f.result.as_deref().unwrap_or("-"))
            }
            many => format!("{} records", many.len()),
        };
        let table = if game.by_default && game.result != TableResult::Unknown {
            format!("{}!", game.result.short())
        } else {
            game.result.short().to_string()
        };
        let _ = writeln!(
            out,
            "  {:>3}  {:<24} {:<24} {:>2}  {:<6} {:<28} {verdict}",
            game.board.map_or("-".to_string(), |b| b.to_string()),
            clip(&t.players[game.black].name, 24),
            clip(&t.players[game.white].name, 24),
            game.handicap,
            table,
            clip(&record, 28),
        );
        let at = match game.board {
            Some(b) => format!("  board {b}: "),
            None => format!(
                "  {} – {}: ",
                t.players[game.black].name, t.players[game.white].name
            ),
        };
        for f in board.findings.iter().filter(|f| f.severity >= show) {
            // One line per round for these, not one per board: the table shows them.
            if f.code == goref_core::findings::Code::TournamentMissingRecord {
                without_record.push((f.severity, at.trim().trim_end_matches(':').to_string()));
                continue;
            }
            finding_line(&mut notes, &at, f, paint);
        }
        for &r in &board.records {
            for f in c.records[r].findings.iter().filter(|f| f.severity >= show) {
                finding_line(&mut notes, &at, f, paint);
            }
            own_lines(&mut notes, &at, &c.records[r], (show, paint));
        }
    }
    if !byes.is_empty() {
        let _ = writeln!(out, "  no game: {}", byes.join(", "));
    }
    if let Some(severity) = without_record.iter().map(|w| w.0).max() {
        let labels: Vec<&str> = without_record.iter().map(|w| w.1.as_str()).collect();
        let _ = writeln!(
            out,
            "  {severity} tournament-missing-record: no record of {}",
            board_ranges(&labels)
        );
    }
    out.push_str(&notes);
    out.push('\n');
}

/// A board's colour as a word, in its colour on a terminal.
fn paint_status(paint: bool, status: Status) -> String {
    let severity = match status {
        Status::Red => Severity::Error,
        Status::Amber => Severity::Warning,
        Status::Green => return status.as_str().to_string(),
    };
    // The severity's colour on the status's word.
    severity
        .painted(paint)
        .replace(severity.as_str(), status.as_str())
}

/// `1 game`, `2 games`.
fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// `board 1, board 2, board 3, board 7` as `boards 1-3, 7`; labels that are not all
/// `board N` (an EGD table has no boards) are joined as they are.
fn board_ranges(labels: &[&str]) -> String {
    let numbers: Option<Vec<u32>> = labels
        .iter()
        .map(|l| l.strip_prefix("board ")?.parse().ok())
        .collect();
    let Some(numbers) = numbers.filter(|n| n.len() > 1) else {
        return labels.join(", ");
    };
    let mut ranges: Vec<(u32, u32)> = Vec::new();
    for n in numbers {
        match ranges.last_mut() {
            Some((_, end)) if *end + 1 == n => *end = n,
            _ => ranges.push((n, n)),
        }
    }
    let parts: Vec<String> = ranges
        .iter()
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        })
        .collect();
    format!("boards {}", parts.join(", "))
}

/// `  board 3: r3-b3.sgf: error tournament-winner: message`.
fn finding_line(out: &mut String, prefix: &str, f: &TournamentFinding, paint: bool) {
    let file = f
        .file
        .as_deref()
        .map(|p| format!("{p}: "))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "{prefix}{file}{} {}: {}",
        f.severity.painted(paint),
        f.code.painted(paint),
        f.message
    );
}

/// A record's own findings, as `goref check` words them.
fn own_lines(out: &mut String, prefix: &str, r: &RecordCheck, (show, paint): (Severity, bool)) {
    for f in r.facts.findings.iter().filter(|f| f.severity >= show) {
        let at = match (f.line, f.column) {
            (Some(l), Some(c)) => format!(":{l}:{c}"),
            _ => String::new(),
        };
        let _ = writeln!(
            out,
            "{prefix}{}{at}: {} {}: {}",
            r.facts.label(),
            f.severity.painted(paint),
            f.code.painted(paint),
            f.message
        );
    }
    if r.facts.findings_not_kept > 0 {
        let _ = writeln!(
            out,
            "{prefix}{}: … {} more findings (goref check shows them all)",
            r.facts.label(),
            r.facts.findings_not_kept
        );
    }
}

/// At most `width` characters, an ellipsis marking a cut.
fn clip(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(width - 1).collect();
    cut.push('…');
    cut
}

fn player_json(t: &Tournament, p: usize) -> Value {
    let p = &t.players[p];
    json!({ "name": p.name, "key": p.key, "rank": p.rank, "pin": p.pin })
}

fn record_json(r: &RecordCheck) -> Value {
    let f = &r.facts;
    json!({
        "file": f.file,
        "game": f.game,
        "black": f.black,
        "white": f.white,
        "round": f.ro,
        "result": f.result,
        "computed": f.computed,
        "status": Status::of(r.worst()),
        "match": r.matched.as_ref().map(|m| json!({
            "swapped": m.swapped, "black_name": m.black_name, "white_name": m.white_name,
        })),
        "findings": r.findings,
        "own_findings": f.findings,
        "own_findings_not_kept": f.findings_not_kept,
    })
}

fn board_json(t: &Tournament, c: &Comparison, board: &BoardCheck) -> Value {
    let g = &t.games[board.game];
    json!({
        "round": g.round,
        "board": g.board,
        "black": player_json(t, g.black),
        "white": player_json(t, g.white),
        "handicap": g.handicap,
        "result": g.result,
        "by_default": g.by_default,
        "colours_known": g.colours_known,
        "status": c.status(board),
        "findings": board.findings,
        "records": board.records.iter().map(|&r| record_json(&c.records[r])).collect::<Vec<_>>(),
    })
}

fn tournament_json(t: &Tournament, results_file: &str) -> Value {
    json!({
        "file": results_file,
        "name": t.name,
        "format": t.format,
        "rounds": t.rounds,
        "komi": t.komi,
        "board_size": t.board_size,
        "first_day": t.first_day.map(|d| d.to_string()),
        "last_day": t.last_day.map(|d| d.to_string()),
        "players": t.players.len(),
        "games": t.games.len(),
    })
}

/// The whole report as one JSON document.
pub fn to_json(t: &Tournament, c: &Comparison, results_file: &str) -> Value {
    let rounds: Vec<Value> = t
        .round_numbers()
        .into_iter()
        .map(|round| {
            let byes: Vec<Value> = t
                .byes
                .iter()
                .filter(|b| b.round == round)
                .map(|b| player_json(t, b.player))
                .collect();
            json!({
                "round": round,
                "boards": t.round_games(round).iter().map(|&g| board_json(t, c, &c.boards[g])).collect::<Vec<_>>(),
                "no_game": byes,
            })
        })
        .collect();
    json!({
        "schema": TOURNAMENT_SCHEMA,
        "tournament": tournament_json(t, results_file),
        "totals": Totals::of(c).to_json(),
        "rounds": rounds,
        "unmatched": c.unmatched().map(record_json).collect::<Vec<_>>(),
    })
}

/// JSON Lines: a `tournament` line, one `board` line per game (round by round), one
/// `record` line per record without a game, and a closing `totals` line.
pub fn to_jsonl(t: &Tournament, c: &Comparison, results_file: &str) -> String {
    let mut lines = Vec::new();
    let mut head = tournament_json(t, results_file);
    head["type"] = json!("tournament");
    head["schema"] = json!(TOURNAMENT_SCHEMA);
    lines.push(head);
    for round in t.round_numbers() {
        for g in t.round_games(round) {
            let mut b = board_json(t, c, &c.boards[g]);
            b["type"] = json!("board");
            lines.push(b);
        }
    }
    for r in c.unmatched() {
        let mut v = record_json(r);
        v["type"] = json!("record");
        lines.push(v);
    }
    let mut totals = Totals::of(c).to_json();
    totals["type"] = json!("totals");
    lines.push(totals);
    lines.iter().map(|v| format!("{v}\n")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_without_a_record_are_written_as_ranges() {
        assert_eq!(board_ranges(&["board 4"]), "board 4");
        assert_eq!(
            board_ranges(&["board 1", "board 2", "board 3", "board 7", "board 9", "board 10"]),
            "boards 1-3, 7, 9-10"
        );
        assert_eq!(board_ranges(&["A – B", "C – D"]), "A – B, C – D");
    }

    #[test]
    fn long_names_are_clipped_with_an_ellipsis() {
        assert_eq!(clip("Mérő Csaba", 24), "Mérő Csaba");
        assert_eq!(clip("abcdefgh", 5), "abcd…");
    }
}
