//! The default text of `goref check`, in the form compilers and linters use:
//! `path:line:col: severity code: message`, so that editors and grep jump to the
//! place. A game gets a header (players, RE, date, event) and its finding lines only
//! when something in it is at or above the level asked to be shown.

use super::GameReport;
use crate::findings::{Certainty, Finding, Severity};
use crate::present::inert::escape_control;

/// ANSI colours for severities, codes and headers; `Paint(false)` writes plain text.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Paint(pub bool);

impl Paint {
    /// `text` in the ANSI `style` when painting, as it is otherwise.
    pub(crate) fn wrap(self, style: &str, text: &str) -> String {
        if self.0 {
            format!("\x1b[{style}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// The severity word ([`Severity::painted`]).
    pub(crate) fn severity(self, s: Severity) -> String {
        s.painted(self.0)
    }

    /// A finding code, bold ([`crate::findings::Code::painted`]).
    pub(crate) fn code(self, code: &str) -> String {
        self.wrap("1", code)
    }

    /// A game header, bold.
    pub(crate) fn header(self, text: &str) -> String {
        self.wrap("1", text)
    }
}

/// The lines of one game's report at or above `show` ([`GameReport::to_lines`]).
pub(crate) fn to_lines(report: &GameReport, show: Severity, paint: Paint) -> String {
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
    for group in fold_repeats(&shown) {
        out.push_str(&finding_line(&report.file, group[0], paint));
        out.push_str(&repeat_note(&group));
        out.push('\n');
    }
    out
}

/// A code that recurs this often in one game (with one severity) is shown as one line:
/// 222 alternation errors of one unclear record read as one problem, not 222. Fewer are
/// each shown: two ko retakes are two events a director looks at.
const FOLD_FROM: usize = 4;

/// The shown findings in groups, in the order of each group's first finding: a code
/// and severity seen [`FOLD_FROM`] times or more is one group, every other finding its
/// own. JSON keeps every instance; only the text folds.
fn fold_repeats<'f>(shown: &[&'f Finding]) -> Vec<Vec<&'f Finding>> {
    use std::collections::BTreeMap;
    let key = |f: &Finding| (f.code, f.severity);
    let mut counts: BTreeMap<_, usize> = BTreeMap::new();
    for f in shown {
        *counts.entry(key(f)).or_default() += 1;
    }
    // Where each folded key's group is, so that grouping stays linear in the findings.
    let mut folded_at: BTreeMap<_, usize> = BTreeMap::new();
    let mut groups: Vec<Vec<&Finding>> = Vec::new();
    for &f in shown {
        if counts[&key(f)] < FOLD_FROM {
            groups.push(vec![f]);
            continue;
        }
        match folded_at.get(&key(f)) {
            Some(&i) => groups[i].push(f),
            None => {
                folded_at.insert(key(f), groups.len());
                groups.push(vec![f]);
            }
        }
    }
    groups
}

/// ` (×222 in this game, moves 2 to 444; --format json lists each)` after a folded line.
fn repeat_note(group: &[&Finding]) -> String {
    if group.len() < 2 {
        return String::new();
    }
    let moves: Vec<u32> = group.iter().filter_map(|f| f.move_number).collect();
    let span = match (moves.iter().min(), moves.iter().max()) {
        (Some(a), Some(b)) if a != b => format!(", moves {a} to {b}"),
        _ => String::new(),
    };
    format!(
        " (×{} in this game{span}; --format json lists each)",
        group.len()
    )
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
    fn repeats_of_one_code_fold_into_one_line_with_a_count() {
        let on =
            |code, n| Finding::new(code, format!("twice at {n}")).on_move(n, Color::Black, None, 9);
        let mut findings: Vec<Finding> = (2..=223).map(|n| on(Code::Alternation, n)).collect();
        findings.insert(1, on(Code::KoRetake, 7));
        findings.push(on(Code::KoRetake, 9));
        let text = to_lines(&report(findings), Severity::Warning, Paint(false));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines,
            [
                "g.sgf",
                "g.sgf: error alternation: move 2 B pass: twice at 2 (×222 in this game, moves 2 to 223; --format json lists each)",
                "g.sgf: error ko-retake: move 7 B pass: twice at 7",
                "g.sgf: error ko-retake: move 9 B pass: twice at 9",
            ]
        );
    }

    #[test]
    fn fewer_repeats_than_the_fold_are_each_shown() {
        let findings: Vec<Finding> = (1..FOLD_FROM as u32)
            .map(|n| Finding::new(Code::KoRetake, "r").on_move(n, Color::White, None, 9))
            .collect();
        let text = to_lines(&report(findings), Severity::Warning, Paint(false));
        assert_eq!(text.lines().count(), FOLD_FROM);
        assert!(!text.contains('×'));
        // A severity changed on some instances keeps them apart.
        let mut mixed: Vec<Finding> = (1..=5)
            .map(|n| Finding::new(Code::BadValue, "v").on_move(n, Color::White, None, 9))
            .collect();
        mixed[0].severity = Severity::Error;
        let text = to_lines(&report(mixed), Severity::Warning, Paint(false));
        assert_eq!(text.lines().count(), 3, "{text}");
        assert!(text.contains("(×4 in this game, moves 2 to 5;"), "{text}");
    }

    proptest::proptest! {
        /// Against the naive reading of the rule: every shown finding is in exactly one
        /// group, in order; a group of several holds one code and severity seen at least
        /// FOLD_FROM times, and every finding of such a key is in it.
        #[test]
        fn folding_partitions_the_findings(keys in proptest::collection::vec((0usize..3, 0usize..2), 0..40)) {
            let codes = [Code::Alternation, Code::KoRetake, Code::BadValue];
            let severities = [Severity::Error, Severity::Warning];
            let findings: Vec<Finding> = keys
                .iter()
                .enumerate()
                .map(|(n, &(c, s))| Finding::new(codes[c], format!("{n}")).with_severity(severities[s]))
                .collect();
            let shown: Vec<&Finding> = findings.iter().collect();
            let groups = fold_repeats(&shown);
            let flat: Vec<&str> = groups.iter().flatten().map(|f| f.message.as_str()).collect();
            let mut sorted = flat.clone();
            sorted.sort_by_key(|m| m.parse::<usize>().unwrap());
            proptest::prop_assert_eq!(sorted.len(), findings.len());
            for (i, m) in sorted.iter().enumerate() {
                proptest::prop_assert_eq!(m.parse::<usize>().unwrap(), i);
            }
            let key = |f: &Finding| (f.code, f.severity);
            for g in &groups {
                let repeats = findings.iter().filter(|f| key(f) == key(g[0])).count();
                if repeats >= FOLD_FROM {
                    proptest::prop_assert_eq!(g.len(), repeats);
                } else {
                    proptest::prop_assert_eq!(g.len(), 1);
                }
            }
            // Groups come in the order of their first finding.
            let firsts: Vec<usize> = groups.iter().map(|g| g[0].message.parse().unwrap()).collect();
            proptest::prop_assert!(firsts.windows(2).all(|w| w[0] < w[1]));
        }
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
