//! The default text of `goref check`, in the form compilers and linters use:
//! `path:line:col: severity code: message`, so that editors and grep jump to the
//! place. A game gets a header (players, RE, date, event) and its finding lines only
//! when something in it is at or above the level asked to be shown.

use super::GameReport;
use crate::findings::{Certainty, Finding, Severity};
use crate::present::inert::escape_control;

/// ANSI colours for severities and codes; `Paint(false)` writes plain text.
#[derive(Clone, Copy, Debug, Default)]
pub struct Paint(pub bool);

impl Paint {
    fn wrap(self, style: &str, text: &str) -> String {
        if self.0 {
            format!("\x1b[{style}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// The severity word: red error, yellow warning, cyan info.
    pub(crate) fn severity(self, s: Severity) -> String {
        let style = match s {
            Severity::Error => "1;31",
            Severity::Warning => "1;33",
            Severity::Info => "36",
        };
        self.wrap(style, s.as_str())
    }

    /// A finding code, bold.
    pub(crate) fn code(self, code: &str) -> String {
        self.wrap("1", code)
    }

    /// A game header, bold.
    pub(crate) fn header(self, text: &str) -> String {
        self.wrap("1", text)
    }
}

/// The lines of one game's report at or above `show`; empty when nothing reaches it.
pub fn to_lines(report: &GameReport, show: Severity, paint: Paint) -> String {
    let shown: Vec<&Finding> = report
        .findings
        .iter()
        .filter(|f| f.severity >= show)
        .collect();
    if shown.is_empty() {
        return String::new();
    }
    let mut out = paint.header(&game_header(report));
    out.push('\n');
    for f in shown {
        out.push_str(&finding_line(&report.file, f, paint));
        out.push('\n');
    }
    out
}

/// `path #N: Black NAME, White NAME, RE[...], DATE, EVENT` (only what the record has).
pub(crate) fn game_header(r: &GameReport) -> String {
    let mut head = escape_control(&r.file).into_owned();
    if let Some(g) = r.game {
        head.push_str(&format!(" #{g}"));
    }
    if let Some(v) = &r.variation {
        head.push_str(&format!(" variation {v:?}"));
    }
    let mut parts = Vec::new();
    if let Some(i) = &r.info {
        if let Some(b) = &i.black {
            parts.push(format!("Black {}", escape_control(b)));
        }
        if let Some(w) = &i.white {
            parts.push(format!("White {}", escape_control(w)));
        }
    }
    if let Some(re) = r.result.as_ref().and_then(|res| res.recorded.as_deref()) {
        parts.push(format!("RE[{}]", escape_control(re)));
    }
    if let Some(i) = &r.info {
        let from_record = i.date.iter().chain(i.event.iter());
        parts.extend(from_record.map(|t| escape_control(t).into_owned()));
    }
    if parts.is_empty() {
        head
    } else {
        format!("{head}: {}", parts.join(", "))
    }
}

/// `path:line:col: severity code: move N C VERTEX: message (interpretation)`.
pub(crate) fn finding_line(file: &str, f: &Finding, paint: Paint) -> String {
    // One finding, one line: a newline in the file name or the message is escaped.
    let file = escape_control(file);
    let place = match (f.line, f.column) {
        (Some(l), Some(c)) => format!("{file}:{l}:{c}"),
        _ => file.into_owned(),
    };
    let mut line = format!(
        "{place}: {} {}: ",
        paint.severity(f.severity),
        paint.code(f.code.as_str())
    );
    line.push_str(&move_label(f));
    line.push_str(&escape_control(&f.message));
    line.push_str(certainty_note(f));
    line
}

/// `move 12 B Q16 (pd): ` for a finding on a move; empty otherwise.
pub(crate) fn move_label(f: &Finding) -> String {
    match (f.move_number, f.color) {
        (Some(n), Some(c)) => {
            let at = match (&f.vertex, &f.point) {
                (Some(v), Some(p)) => format!(" {v} ({p})"),
                _ => " pass".into(),
            };
            format!("move {n} {c}{at}: ")
        }
        _ => String::new(),
    }
}

/// Verdicts that follow a reading the rule texts leave open say so.
pub(crate) fn certainty_note(f: &Finding) -> &'static str {
    match f.certainty {
        Some(Certainty::Interpretation) => " [interpretation]",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::findings::Code;
    use crate::point::{Color, Point, Pos};

    fn report(findings: Vec<Finding>) -> GameReport {
        GameReport::file_only("g.sgf", None, findings)
    }

    #[test]
    fn a_game_below_the_level_prints_nothing() {
        let r = report(vec![Finding::new(Code::KomiDiffers, "komi")]);
        assert_eq!(to_lines(&r, Severity::Warning, Paint(false)), "");
        assert!(!to_lines(&r, Severity::Info, Paint(false)).is_empty());
    }

    #[test]
    fn findings_are_path_line_col_severity_code_message() {
        let f = Finding::new(Code::KoRetake, "retake")
            .on_move(3, Color::White, Point::from_sgf("bb"), 5)
            .at(Pos {
                line: 4,
                column: 15,
                offset: 0,
            })
            .with_certainty(Certainty::Interpretation);
        let text = to_lines(&report(vec![f]), Severity::Warning, Paint(false));
        assert_eq!(
            text,
            "g.sgf\ng.sgf:4:15: error ko-retake: move 3 W B4 (bb): retake [interpretation]\n"
        );
    }

    #[test]
    fn colour_wraps_severity_and_code_only_when_asked() {
        let f = Finding::new(Code::KoRetake, "retake");
        let plain = finding_line("g.sgf", &f, Paint(false));
        let coloured = finding_line("g.sgf", &f, Paint(true));
        assert!(!plain.contains('\x1b'));
        assert!(coloured.contains("\x1b[1;31merror\x1b[0m"));
    }
}
