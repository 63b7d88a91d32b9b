//! Pages for people: `goref appeal --html` and `goref check --format html`; [`page`] is
//! the frame every goref page shares (`goref tournament --format html` too, from the crate
//! `goref-tournament`).
//!
//! Each page is one self-contained HTML5 document: the stylesheet and every board and
//! chart are inline (CSS and SVG), nothing is fetched and no script runs, so a page
//! reads the same offline, attached to an e-mail and on paper (a print stylesheet lays
//! it out on A4 with page breaks between sections).
//!
//! The pages are rendered with [maud] templates, which escape every value they
//! interpolate: player names, comments and file names come from untrusted records.
//! Markup is pasted in unescaped in two places only, both produced by goref itself:
//! the stylesheet (one, inlined) and the appeal's diagrams (SVG that goref draws
//! itself, escaping its own text).
//!
//! This module is a thin view layer over library values ([`crate::present::appeal::Appeal`],
//! [`crate::present::report::GameReport`]); it computes nothing a text or JSON report does not.

mod appeal_page;
mod batch_page;
mod board;
mod charts;

pub(crate) use appeal_page::appeal_page;
pub use batch_page::BatchPage;
pub(crate) use board::{board_frames, compact_board};

use crate::findings::Severity;
use maud::{html, Markup, PreEscaped, DOCTYPE};

/// The stylesheet shared by both pages (screen and print).
pub(crate) const STYLE: &str = include_str!("html/style.css");

/// A whole page: doctype, head with the inline stylesheet, `main` holding `body`.
pub fn page(title: &str, body: Markup) -> String {
    let (start, end) = page_shell(title);
    let mut page = start;
    page.push_str(&body.into_string());
    page.push_str(&end);
    page
}

/// The page around its content, as two halves: everything up to the opening of
/// `main`, and everything from its closing. The batch page streams its content between
/// them, so that a page of many megabytes is never held whole.
fn page_shell(title: &str) -> (String, String) {
    let head = html! {
        (DOCTYPE)
        (PreEscaped("<html lang=\"en\">"))
        head {
            meta charset="utf-8";
            meta name="viewport" content="width=device-width, initial-scale=1";
            meta name="generator" content={ "goref " (env!("CARGO_PKG_VERSION")) };
            title { (title) }
            style { (PreEscaped(STYLE)) }
        }
        (PreEscaped("<body><main>"))
    };
    let tail = html! {
        (PreEscaped("</main>"))
        footer {
            "Written by goref " (env!("CARGO_PKG_VERSION"))
            ". Self-contained page: no scripts, no network."
        }
        (PreEscaped("</body></html>"))
    };
    (head.into_string(), tail.into_string())
}

/// A coloured label for a severity (`none` for a game without findings).
fn severity_badge(severity: Option<Severity>) -> Markup {
    let name = severity.map_or("none", Severity::as_str);
    html! { span class={ "sev " (name) } { (name) } }
}

/// The value, or an en dash where there is none.
fn or_dash(value: Option<&str>) -> &str {
    value.unwrap_or("–")
}
