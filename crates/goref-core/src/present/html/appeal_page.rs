//! The appeal as a page: the hearing's order (game, ending, dead stones, findings,
//! verdict, diagrams), one printed sheet per section.

use super::{or_dash, page, severity_badge};
use crate::count::reading::Basis;
use crate::point::Color;
use crate::present::appeal::{
    komi_text, penalties_text, Appeal, DeadStonesView, EndingView, EventKind, GameSummary,
    MoveFindings, Reading, StoneView, DISPUTE,
};
use crate::rules::format_number as points_text;
use maud::{html, Markup, PreEscaped};

/// Renders the whole appeal as one self-contained HTML page ([`Appeal::to_html`]).
pub(crate) fn appeal_page(appeal: &Appeal) -> String {
    let file = appeal.file.as_deref().unwrap_or("(record)");
    let title = format!("Appeal: {file}, game {}", appeal.game.number);
    let body = html! {
        section.sheet id="game" {
            h1 { "Appeal" }
            p.subtitle { (file) ", game " (appeal.game.number) }
            (banner(appeal))
            h2 { "Game" }
            (game(&appeal.game))
            h2 { "Ending" }
            (ending(appeal))
            h2 { "Dead stones" }
            (dead(&appeal.dead))
        }
        section.sheet id="findings" {
            h2 { "Findings" }
            (findings(&appeal.findings))
        }
        section.sheet id="verdict" {
            h2 { "Verdict" }
            (verdict(appeal))
        }
        section.sheet id="diagrams" {
            h2 { "Diagrams" }
            (diagrams(appeal))
        }
    };
    page(&title, body)
}

/// The outcome in one sentence, at the top where a committee looks first.
fn banner(appeal: &Appeal) -> Markup {
    html! {
        div.banner.disputed[appeal.disputed] {
            p { strong { (appeal.summary) } }
            @if appeal.disputed { p { (DISPUTE) } }
            @if let Some(decision) = &appeal.decision {
                p.decision { strong { "For the committee: " } (decision) }
            }
        }
    }
}

fn stone(color: Color) -> Markup {
    let class = match color {
        Color::Black => "stone black",
        Color::White => "stone white",
    };
    html! { span class=(class) title=(color.name()) {} " " }
}

fn player(color: Color, name: &Option<String>, rank: &Option<String>) -> Markup {
    html! {
        (stone(color))
        (or_dash(name.as_deref()))
        @if let Some(rank) = rank { " (" (rank) ")" }
    }
}

fn game(g: &GameSummary) -> Markup {
    let info = &g.info;
    html! {
        table.facts {
            tr { th { "Black" } td { (player(Color::Black, &info.black, &info.black_rank)) } }
            tr { th { "White" } td { (player(Color::White, &info.white, &info.white_rank)) } }
            tr {
                th { "Event" }
                td {
                    (or_dash(info.event.as_deref()))
                    @if let Some(round) = &info.round { ", round " (round) }
                    @if let Some(place) = &info.place { ", " (place) }
                }
            }
            tr { th { "Date" } td { (or_dash(info.date.as_deref())) } }
            tr {
                th { "Rules" }
                td {
                    @match &info.recorded_rules {
                        Some(ru) => { code { "RU[" (ru) "]" } ": " }
                        None => { "none recorded: " }
                    }
                    code { (g.rules) } " (" (g.rules_reason) ")"
                }
            }
            tr {
                th { "Komi" }
                td {
                    @match g.komi {
                        Some(k) => code { "KM[" (points_text(k)) "]" },
                        None => "none recorded",
                    }
                }
            }
            tr {
                th { "Result" }
                td {
                    @match &g.result {
                        Some(re) => code { "RE[" (re) "]" },
                        None => "none recorded",
                    }
                }
            }
            tr {
                th { "Board" }
                td {
                    (g.width) "×" (g.height) ", " (g.moves) " moves"
                    @if g.handicap >= 2 { ", " (g.handicap) " handicap stones" }
                }
            }
        }
    }
}

fn ending(appeal: &Appeal) -> Markup {
    html! {
        @if appeal.passes.is_empty() {
            p { "No passes." }
        } @else {
            p { "Passes:" }
            ul.passes {
                @for p in &appeal.passes {
                    li { (stone(p.color)) "move " (p.move_number) }
                }
            }
        }
        @for view in &appeal.endings { (timeline(view)) }
    }
}

fn timeline(view: &EndingView) -> Markup {
    html! {
        h3 {
            (view.title()) " "
            span.muted { "(" (view.rules.join(", ")) ")" }
        }
        ol.timeline {
            @for event in view.timeline() {
                li class=(event_class(event.kind)) {
                    span.move {
                        @if let Some(m) = event.move_number { (m) }
                    }
                    (event.text)
                }
            }
        }
    }
}

fn event_class(kind: EventKind) -> &'static str {
    match kind {
        EventKind::Stop => "stop",
        EventKind::Resumption => "resumption",
        EventKind::End => "end",
        EventKind::NoEnd => "no-end",
        EventKind::AfterEnd => "after-end",
    }
}

fn stones(list: &[StoneView]) -> Markup {
    html! {
        @if list.is_empty() {
            "none"
        } @else {
            @for (i, s) in list.iter().enumerate() {
                @if i > 0 { ", " }
                @if let Some(c) = s.color { (stone(c)) }
                (s.vertex)
                @if s.color.is_none() { " (empty)" }
            }
        }
    }
}

fn dead(d: &DeadStonesView) -> Markup {
    let using = match d.source {
        Some(Basis::Claimed) => "the stones claimed with --dead.",
        Some(Basis::Marked) => "the stones marked in the record.",
        Some(Basis::Estimated) => "the estimated stones (a result that rests on an estimate).",
        None | Some(Basis::AsIs) => "nothing: no claim is recorded, so they give no result.",
    };
    html! {
        table.facts {
            @if let Some(claimed) = &d.claimed {
                tr { th { "Claimed" } td { (stones(claimed)) " (with " code { "--dead" } ")" } }
            }
            tr { th { "Marked" } td { (stones(&d.marked)) " (TB/TW in the record)" } }
            @if let Some(estimated) = &d.estimated {
                tr { th { "Estimated" } td { (stones(estimated)) " (by goref: nothing marked or claimed)" } }
            }
        }
        p { "Readings that remove dead stones use " (using) }
    }
}

fn move_heading(m: &MoveFindings) -> Markup {
    html! {
        "Move " (m.move_number) ", "
        @if let Some(c) = m.color { (stone(c)) (c.name()) " " }
        @match (&m.vertex, &m.point) {
            (Some(v), Some(p)) => { (v) " " span.muted { "(" (p) ")" } },
            _ => "pass",
        }
    }
}

fn findings(list: &[MoveFindings]) -> Markup {
    html! {
        @if list.is_empty() {
            p { "None at any move, under any reading's rules." }
        }
        @for m in list {
            div.finding-move {
                h3 { (move_heading(m)) }
                ul {
                    @for f in &m.findings {
                        li {
                            (severity_badge(Some(f.severity))) " "
                            code { (f.code.as_str()) }
                            " under " (f.under.join(", ")) ": " (f.message)
                            div.rule { "Rule: " (f.rule) }
                        }
                    }
                }
                @if !m.legal_under.is_empty() {
                    p { "Legal under " (m.legal_under.join(", ")) "." }
                }
            }
        }
    }
}

fn number(n: Option<u32>) -> String {
    n.map_or_else(|| "—".to_string(), |n| n.to_string())
}

fn agreement(r: &Reading) -> &'static str {
    match r.agrees_with_record {
        Some(true) => "agrees",
        Some(false) => "differs",
        None => "—",
    }
}

fn verdict_table(appeal: &Appeal) -> Markup {
    html! {
        table.verdict {
            thead {
                tr {
                    th { "Reading" } th { "Rules" } th.num { "Black" } th.num { "White" }
                    th.num { "Neutral" } th { "Komi" } th.num { "Comp." } th { "Penalties" }
                    th { "Winner" } th.num { "Margin" } th { "Basis" } th { "Record's RE" } th { "RE" }
                }
            }
            tbody {
                @for (i, r) in appeal.readings.iter().enumerate() {
                    tr.decided[r.applies] {
                        td { a href={ "#reading-" (i) } { (r.name) } }
                        td { code { (r.rules) } }
                        td.num { (number(r.black)) }
                        td.num { (number(r.white)) }
                        td.num { (number(r.neutral)) }
                        td { (komi_text(r)) }
                        td.num { (points_text(r.compensation)) }
                        td { (penalties_text(r)) }
                        td { (r.winner_text()) }
                        td.num { (r.margin.map_or_else(|| "—".to_string(), points_text)) }
                        td { (r.view.basis.as_str()) }
                        td class={ "status-" (agreement(r)) } { (agreement(r)) }
                        td { (or_dash(crate::present::appeal::re_label(r).as_deref())) }
                    }
                }
            }
        }
    }
}

fn reading(i: usize, r: &Reading, recorded: Option<&str>) -> Markup {
    let preset = crate::rules::Preset::named(&r.rules);
    html! {
        div.reading id={ "reading-" (i) } {
            h3 { (r.name) " " span.muted { "(" code { (r.rules) } ")" } }
            p { (r.rule_sentence) }
            @if let Some(p) = preset {
                p.source { "Source: " (p.summary) ". Rule text: " (p.text) "." }
            }
            @if !r.notes.is_empty() {
                ul { @for note in &r.notes { li { "Note: " (note) "." } } }
            }
            @if let Some(agrees) = r.agrees_with_record {
                p {
                    "The record's " code { "RE[" (or_dash(recorded)) "]" } " "
                    (if agrees { "agrees with" } else { "differs from" }) " this reading."
                }
            }
        }
    }
}

fn verdict(appeal: &Appeal) -> Markup {
    html! {
        (verdict_table(appeal))
        @for (i, r) in appeal.readings.iter().enumerate() {
            (reading(i, r, appeal.game.result.as_deref()))
        }
        (banner(appeal))
    }
}

fn diagrams(appeal: &Appeal) -> Markup {
    html! {
        p.note {
            "Dead stones are crossed, territory is shaded with small squares, "
            "an offending move is circled in red and the last move has a small ring."
        }
        div.figures {
            @for d in &appeal.diagrams {
                figure id={ "diagram-" (d.name) } {
                    // goref's own SVG: its text is escaped by diagram::xml_escape.
                    (PreEscaped(d.svg()))
                    figcaption { (d.caption) }
                }
            }
        }
    }
}
