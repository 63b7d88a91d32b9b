//! The appeal as text: the narrative a director reads, in the order of an appeal
//! hearing (game, ending, dead stones, findings, verdicts, diagrams).

use super::{
    Appeal, Basis, DeadStonesView, EndingView, GameSummary, MoveFindings, Reading, StoneView,
};
use crate::point::Color;
use crate::read::record::ValueSource;
use crate::rules::format_number;
use std::fmt::Write as _;

/// Shown where a value is absent.
const NONE: &str = "-";
/// Shown in the verdict table where a reading gives no value.
const DASH: &str = "—";

/// Renders the whole appeal.
pub(crate) fn to_text(appeal: &Appeal) -> String {
    let mut out = String::new();
    let file = appeal.file.as_deref().unwrap_or("(record)");
    let _ = writeln!(out, "Appeal: {file}, game {}", appeal.game.number);
    out.push('\n');
    game(&mut out, &appeal.game);
    ending(&mut out, appeal);
    dead(&mut out, &appeal.dead);
    findings(&mut out, &appeal.findings);
    verdict(&mut out, appeal);
    diagrams(&mut out, appeal);
    out
}

fn or_none(value: &Option<String>) -> &str {
    value.as_deref().unwrap_or(NONE)
}

fn player(name: &Option<String>, rank: &Option<String>) -> String {
    match (name, rank) {
        (Some(n), Some(r)) => format!("{n} ({r})"),
        (Some(n), None) => n.clone(),
        (None, Some(r)) => format!("{NONE} ({r})"),
        (None, None) => NONE.to_string(),
    }
}

fn game(out: &mut String, g: &GameSummary) {
    out.push_str("Game\n");
    let mut event = or_none(&g.info.event).to_string();
    if let Some(round) = &g.info.round {
        event.push_str(&format!(", round {round}"));
    }
    if let Some(place) = &g.info.place {
        event.push_str(&format!(", {place}"));
    }
    let rules = match &g.info.recorded_rules {
        Some(ru) => format!("RU[{ru}]: {} ({})", g.rules, g.rules_reason),
        None => format!("none recorded: {} ({})", g.rules, g.rules_reason),
    };
    let komi = g.komi.map_or_else(
        || "none recorded".to_string(),
        |k| format!("KM[{}]", format_number(k)),
    );
    let result = g
        .result
        .as_ref()
        .map_or_else(|| "none recorded".to_string(), |r| format!("RE[{r}]"));
    let mut board = format!("{}x{}, {} moves", g.width, g.height, g.moves);
    if g.handicap >= 2 {
        board.push_str(&format!(", {} handicap stones", g.handicap));
    }
    let rows = [
        ("Black", player(&g.info.black, &g.info.black_rank)),
        ("White", player(&g.info.white, &g.info.white_rank)),
        ("Event", event),
        ("Date", or_none(&g.info.date).to_string()),
        ("Rules", rules),
        ("Komi", komi),
        ("Result", result),
        ("Board", board),
    ];
    for (label, value) in rows {
        let _ = writeln!(out, "  {label:<7} {value}");
    }
    out.push('\n');
}

fn ending(out: &mut String, appeal: &Appeal) {
    out.push_str("Ending\n");
    if appeal.passes.is_empty() {
        out.push_str("  Passes: none.\n");
    } else {
        let passes: Vec<String> = appeal
            .passes
            .iter()
            .map(|p| format!("move {} {}", p.move_number, p.color.name()))
            .collect();
        let _ = writeln!(out, "  Passes: {}.", passes.join(", "));
    }
    for view in &appeal.endings {
        ending_view(out, view);
    }
    out.push('\n');
}

fn ending_view(out: &mut String, v: &EndingView) {
    let _ = writeln!(out, "  {} ({}):", v.title(), v.rules.join(", "));
    for event in v.timeline() {
        let _ = writeln!(out, "    {}", event.text);
    }
}

fn stones(list: &[StoneView]) -> String {
    if list.is_empty() {
        return "none".to_string();
    }
    let mut by_color: Vec<(Option<Color>, Vec<String>)> = Vec::new();
    for s in list {
        match by_color.iter_mut().find(|(c, _)| *c == s.color) {
            Some((_, v)) => v.push(s.vertex.clone()),
            None => by_color.push((s.color, vec![s.vertex.clone()])),
        }
    }
    by_color
        .into_iter()
        .map(|(c, v)| match c {
            Some(c) => format!("{} ({})", v.join(", "), c.name()),
            None => format!("{} (empty)", v.join(", ")),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn dead(out: &mut String, d: &DeadStonesView) {
    out.push_str("Dead stones\n");
    if let Some(claimed) = &d.claimed {
        let _ = writeln!(out, "  Claimed with --dead: {}.", stones(claimed));
    }
    let _ = writeln!(
        out,
        "  Marked in the record (TB/TW): {}.",
        stones(&d.marked)
    );
    if let Some(estimated) = &d.estimated {
        let _ = writeln!(
            out,
            "  Estimated dead by goref (nothing marked or claimed): {}.",
            stones(estimated)
        );
    }
    let using = match d.source {
        Some(Basis::Claimed) => "the stones claimed with --dead",
        Some(Basis::Marked) => "the stones marked in the record",
        Some(Basis::Estimated) => "the estimated stones: a count that rests on an estimate, not on an agreement; after four passes only the precedent reading is counted on it, and it is marked as an estimate, never as a result",
        None | Some(Basis::AsIs) => "nothing: no claim is recorded, so they give no result",
    };
    let _ = writeln!(out, "  Readings that remove dead stones use {using}.");
    out.push('\n');
}

fn findings(out: &mut String, list: &[MoveFindings]) {
    out.push_str("Findings\n");
    if list.is_empty() {
        out.push_str("  None at any move, under any reading's rules.\n\n");
        return;
    }
    for m in list {
        let who = m.color.map_or(NONE, |c| c.name());
        let at = match (&m.vertex, &m.point) {
            (Some(v), Some(p)) => format!("{v} ({p})"),
            _ => "pass".to_string(),
        };
        let _ = writeln!(out, "  Move {}, {who} {at}:", m.move_number);
        for f in &m.findings {
            let _ = writeln!(
                out,
                "    {} ({}) under {}: {}",
                f.code,
                f.severity,
                f.under.join(", "),
                f.message
            );
            let _ = writeln!(out, "      Rule: {}", f.rule);
        }
        if !m.legal_under.is_empty() {
            let _ = writeln!(out, "    Legal under {}.", m.legal_under.join(", "));
        }
    }
    out.push('\n');
}

/// "8 (KM)": the komi and where it came from.
pub(crate) fn komi_text(r: &Reading) -> String {
    let source = match r.komi_source {
        ValueSource::CommandLine => "--komi",
        ValueSource::Record => "KM",
        ValueSource::Rules => "rules",
        // The convention by name (`fox-km0`), as `score` names it.
        ValueSource::Convention => r.convention.unwrap_or("convention"),
    };
    format!("{} ({source})", format_number(r.komi))
}

/// "B 2, W 4", or a dash.
pub(crate) fn penalties_text(r: &Reading) -> String {
    let p = r.penalties;
    match (p.black, p.white) {
        (0, 0) => DASH.to_string(),
        (b, 0) => format!("B {b}"),
        (0, w) => format!("W {w}"),
        (b, w) => format!("B {b}, W {w}"),
    }
}

fn opt_number(n: Option<u32>) -> String {
    n.map_or_else(|| DASH.to_string(), |n| n.to_string())
}

fn verdict(out: &mut String, appeal: &Appeal) {
    out.push_str("Verdict\n");
    let header = [
        "Reading",
        "Rules",
        "Black",
        "White",
        "Neutral",
        "Komi",
        "Comp.",
        "Penalties",
        "Winner",
        "Margin",
        "RE",
    ];
    let mut rows: Vec<Vec<String>> = vec![header.iter().map(|s| s.to_string()).collect()];
    for r in &appeal.readings {
        rows.push(vec![
            r.name.to_string(),
            r.rules.clone(),
            opt_number(r.black),
            opt_number(r.white),
            opt_number(r.neutral),
            komi_text(r),
            format_number(r.compensation),
            penalties_text(r),
            r.winner_text().to_string(),
            r.margin.map_or_else(|| DASH.to_string(), format_number),
            super::re_label(r).unwrap_or_else(|| DASH.to_string()),
        ]);
    }
    let numeric = [
        false, false, true, true, true, false, true, false, false, true, false,
    ];
    out.push_str(&table(&rows, &numeric, "  "));
    out.push('\n');
    for r in &appeal.readings {
        let _ = writeln!(out, "  {}: {}", r.name, r.rule_sentence);
        for note in &r.notes {
            let _ = writeln!(out, "    Note: {note}.");
        }
        if let Some(agrees) = r.agrees_with_record {
            let re = appeal.game.result.as_deref().unwrap_or(NONE);
            let word = if agrees {
                "agrees with"
            } else {
                "differs from"
            };
            let _ = writeln!(out, "    The record's RE[{re}] {word} this reading.");
        }
    }
    out.push('\n');
    let _ = writeln!(out, "  {}", appeal.summary);
    if appeal.disputed {
        let _ = writeln!(out, "  {}", super::DISPUTE);
    }
    if let Some(decision) = &appeal.decision {
        let _ = writeln!(out, "  For the committee: {decision}");
    }
    out.push('\n');
}

/// A table with columns padded to their widest cell (counted in characters).
fn table(rows: &[Vec<String>], right: &[bool], indent: &str) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let mut line = String::from(indent);
        for (c, cell) in row.iter().enumerate() {
            let w = widths.get(c).copied().unwrap_or(0);
            let pad = " ".repeat(w.saturating_sub(cell.chars().count()));
            if c > 0 {
                line.push_str("  ");
            }
            if right.get(c).copied().unwrap_or(false) {
                line.push_str(&pad);
                line.push_str(cell);
            } else {
                line.push_str(cell);
                line.push_str(&pad);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn diagrams(out: &mut String, appeal: &Appeal) {
    out.push_str("Diagrams\n");
    for d in &appeal.diagrams {
        let _ = writeln!(out, "  {}", d.caption);
        out.push('\n');
        for line in d.board.lines() {
            let _ = writeln!(out, "  {line}");
        }
        out.push('\n');
    }
}
