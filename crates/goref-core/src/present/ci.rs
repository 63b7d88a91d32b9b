//! Reports for CI systems: SARIF 2.1.0 (code scanning), GitHub Actions workflow
//! commands (annotations) and JUnit XML (test reports). Each is written as the reports
//! come, so memory does not grow with the batch; docs/ci.md shows them in a job.
//!
//! A record inside an archive (`ARCHIVE:MEMBER`, docs/batch.md) has no file of its own in
//! the repository: its findings are placed on the archive, with the member and its
//! line:column at the start of the message.

use crate::findings::{Category, Code, CodeInfo, Finding, Severity, REGISTRY};
use crate::present::report::{lint, GameReport};
use serde_json::{json, Value};
use std::path::Path;

/// The CI printers of one game's report, beside its text and JSON printers: GitHub
/// Actions annotations, SARIF results and JUnit test cases, and the heads and tails of the
/// SARIF and JUnit documents that hold the results of a whole batch.
impl GameReport {
    /// GitHub Actions workflow commands: one annotation per finding at `show` or above,
    /// `::error file=F,line=L,col=C,title=CODE::message` (`warning` and `notice` for the
    /// lower severities), escaped as the Actions toolkit escapes them.
    ///
    /// ```
    /// use goref_core::findings::Severity;
    /// use goref_core::{check_bytes, CheckOptions};
    ///
    /// let report = &check_bytes("a.sgf", b"(;SZ[9];B[ee];W[ee])", &CheckOptions::default())[0];
    /// let lines = report.to_github_lines(Severity::Error);
    /// assert!(lines[0].starts_with("::error file=a.sgf,line=1,col="));
    /// ```
    pub fn to_github_lines(&self, show: Severity) -> Vec<String> {
        github_lines(self, show)
    }

    /// A SARIF 2.1.0 log (code scanning) is written as the reports come:
    /// [`GameReport::sarif_head`], the [`GameReport::to_sarif_results`] of every report
    /// separated by commas, then [`GameReport::SARIF_TAIL`].
    ///
    /// ```
    /// use goref_core::findings::Severity;
    /// use goref_core::report::GameReport;
    /// use goref_core::{check_bytes, CheckOptions};
    ///
    /// let reports = check_bytes("a.sgf", b"(;SZ[9];B[ee];W[ee])", &CheckOptions::default());
    /// let results: Vec<String> = reports.iter().flat_map(|r| r.to_sarif_results(Severity::Warning)).collect();
    /// let log = format!("{}{}{}", GameReport::sarif_head(), results.join(","), GameReport::SARIF_TAIL);
    /// let sarif: serde_json::Value = serde_json::from_str(&log).unwrap();
    /// assert_eq!(sarif["runs"][0]["results"][0]["ruleId"], "occupied-point");
    /// ```
    pub fn to_sarif_results(&self, show: Severity) -> Vec<String> {
        sarif_results(self, show)
    }

    /// The SARIF log up to the opening of its results array: the tool and its rules, one
    /// per registered code.
    pub fn sarif_head() -> String {
        sarif_start()
    }

    /// Closes the SARIF results array, the run and the log.
    pub const SARIF_TAIL: &'static str = SARIF_END;

    /// A JUnit XML test report is [`GameReport::junit_head`] with the counts, one
    /// [`GameReport::to_junit_testcase`] per game, then [`GameReport::JUNIT_TAIL`]. The
    /// counts come first, so a writer spools the cases. One `<testcase>` for a game: its
    /// class the file, its name the game; a `<failure>` listing its findings at `fail_on`
    /// or above when it has any, and the other findings at `show` or above in
    /// `<system-out>`. Returns the element and whether it failed.
    ///
    /// ```
    /// use goref_core::findings::Severity;
    /// use goref_core::report::GameReport;
    /// use goref_core::{check_bytes, CheckOptions};
    ///
    /// let report = &check_bytes("a.sgf", b"(;SZ[9];B[ee];W[ee])", &CheckOptions::default())[0];
    /// let (case, failed) = report.to_junit_testcase(Some(Severity::Error), Severity::Warning, 0.0);
    /// assert!(failed && case.contains("<failure type=\"occupied-point\""));
    /// let xml = format!("{}\n{case}\n{}", GameReport::junit_head(1, 1, 0.0), GameReport::JUNIT_TAIL);
    /// assert!(xml.contains("tests=\"1\" failures=\"1\""));
    /// ```
    pub fn to_junit_testcase(
        &self,
        fail_on: Option<Severity>,
        show: Severity,
        seconds: f64,
    ) -> (String, bool) {
        junit_testcase(self, fail_on, show, seconds)
    }

    /// The JUnit document up to the test cases: the counts on `<testsuites>` and
    /// `<testsuite>`.
    pub fn junit_head(tests: u64, failures: u64, seconds: f64) -> String {
        junit_start(tests, failures, seconds)
    }

    /// The end of the JUnit document.
    pub const JUNIT_TAIL: &'static str = JUNIT_END;
}

/// Where each code's documentation is: its section in docs/findings.md, as published
/// with the crate's sources (`CARGO_PKG_REPOSITORY`'s copy when the package names one).
pub(crate) fn findings_doc_url() -> String {
    match option_env!("CARGO_PKG_REPOSITORY").filter(|r| !r.is_empty()) {
        Some(repo) => format!("{}/blob/main/docs/findings.md", repo.trim_end_matches('/')),
        None => format!(
            "https://docs.rs/crate/goref/{}/source/docs/findings.md",
            env!("CARGO_PKG_VERSION")
        ),
    }
}

/// A report's file split into the file on disk and the archive member, if any:
/// `games.zip:a/b.sgf` → (`games.zip`, Some(`a/b.sgf`)). A name that is itself a file
/// is not split (a path may hold a `:`); `-` is standard input.
pub(crate) fn split_member(file: &str) -> (&str, Option<&str>) {
    if file == "-" || Path::new(file).is_file() {
        return (file, None);
    }
    for (at, _) in file.match_indices(':') {
        let outer = &file[..at];
        if outer == "-" || Path::new(outer).is_file() {
            return (outer, Some(&file[at + 1..]));
        }
    }
    (file, None)
}

/// Where a finding is, for an annotation: the file on disk, the line and column there
/// (None inside an archive), and the member's location to put in the message.
struct Place<'a> {
    file: &'a str,
    line: Option<u32>,
    column: Option<u32>,
    prefix: String,
}

fn place<'a>(report: &'a GameReport, finding: &Finding) -> Place<'a> {
    let (file, member) = split_member(&report.file);
    match member {
        None => Place {
            file,
            line: finding.line,
            column: finding.column,
            prefix: String::new(),
        },
        Some(member) => {
            let at = match (finding.line, finding.column) {
                (Some(l), Some(c)) => format!("{member}:{l}:{c}"),
                (Some(l), None) => format!("{member}:{l}"),
                _ => member.to_string(),
            };
            Place {
                file,
                line: None,
                column: None,
                prefix: format!("{at}: "),
            }
        }
    }
}

/// A finding's message as the text report words it (the move, the message, a note on an
/// interpretation), after the member's place, with ` (game 2)` in a file of several.
fn message(report: &GameReport, p: &Place<'_>, f: &Finding) -> String {
    let game = match report.game {
        Some(n) if n > 1 => format!(" (game {n})"),
        _ => String::new(),
    };
    format!(
        "{}{}{}{}{game}",
        p.prefix,
        lint::move_label(f),
        f.message,
        lint::certainty_note(f)
    )
}

fn shown(report: &GameReport, show: Severity) -> impl Iterator<Item = &Finding> {
    report.findings.iter().filter(move |f| f.severity >= show)
}

// ---------------------------------------------------------------- GitHub Actions

/// [`GameReport::to_github_lines`].
pub(crate) fn github_lines(report: &GameReport, show: Severity) -> Vec<String> {
    shown(report, show)
        .map(|f| {
            let p = place(report, f);
            let command = match f.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Info => "notice",
            };
            let mut props = vec![format!("file={}", escape_property(p.file))];
            if let Some(line) = p.line {
                props.push(format!("line={line}"));
            }
            if let Some(col) = p.column {
                props.push(format!("col={col}"));
            }
            props.push(format!("title={}", escape_property(f.code.as_str())));
            let message = message(report, &p, f);
            format!("::{command} {}::{}", props.join(","), escape_data(&message))
        })
        .collect()
}

/// A command's message: `%`, CR and LF percent-encoded (toolkit `escapeData`).
pub(crate) fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A command's property value: as [`escape_data`], and `:` and `,` too (toolkit
/// `escapeProperty`).
pub(crate) fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

// ---------------------------------------------------------------- SARIF 2.1.0

/// [`GameReport::sarif_head`].
pub(crate) fn sarif_start() -> String {
    let doc = findings_doc_url();
    let rules: Vec<Value> = REGISTRY.iter().map(|info| sarif_rule(info, &doc)).collect();
    let tool = json!({
        "driver": {
            "name": "goref",
            "version": env!("CARGO_PKG_VERSION"),
            "semanticVersion": env!("CARGO_PKG_VERSION"),
            "informationUri": doc,
            "rules": rules,
        }
    });
    format!(
        "{{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[{{\"tool\":{tool},\"columnKind\":\"unicodeCodePoints\",\"results\":["
    )
}

/// Closes the results array, the run and the log.
pub(crate) const SARIF_END: &str = "]}]}";

fn sarif_rule(info: &CodeInfo, doc: &str) -> Value {
    let mut markdown = format!("{}\n\n**Advice:** {}", info.summary, info.advice);
    if info.rule != "-" {
        markdown.push_str(&format!("\n\n**Rule:** {}", info.rule));
    }
    if info.example != "-" {
        markdown.push_str(&format!("\n\n**Example:** `{}`", info.example));
    }
    json!({
        "id": info.name,
        "name": camel_case(info.name),
        "shortDescription": { "text": info.summary },
        "fullDescription": { "text": if info.rule == "-" { info.summary.to_string() } else { format!("{} Rule: {}", info.summary, info.rule) } },
        "help": { "text": info.advice, "markdown": markdown },
        "helpUri": format!("{doc}#{}", info.name),
        "defaultConfiguration": { "level": sarif_level(info.severity) },
        "properties": { "tags": [category_name(info.category)] },
    })
}

fn camel_case(name: &str) -> String {
    name.split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

fn category_name(category: Category) -> &'static str {
    match category {
        Category::Legality => "legality",
        Category::Record => "record",
        Category::Result => "result",
        Category::Reading => "reading",
        Category::Tournament => "tournament",
    }
}

fn sarif_level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

/// [`GameReport::to_sarif_results`].
pub(crate) fn sarif_results(report: &GameReport, show: Severity) -> Vec<String> {
    shown(report, show)
        .map(|f| sarif_result(report, f).to_string())
        .collect()
}

fn sarif_result(report: &GameReport, f: &Finding) -> Value {
    let p = place(report, f);
    let mut physical = json!({ "artifactLocation": { "uri": file_uri(p.file) } });
    if let Some(line) = p.line {
        let mut region = json!({ "startLine": line });
        if let Some(col) = p.column {
            region["startColumn"] = json!(col);
        }
        physical["region"] = region;
    }
    let mut properties = json!({});
    for (key, value) in [
        ("game", report.game.map(|g| json!(g))),
        ("move", f.move_number.map(|m| json!(m))),
        ("vertex", f.vertex.as_ref().map(|v| json!(v))),
        ("record", Some(json!(report.file))),
    ] {
        if let Some(value) = value {
            properties[key] = value;
        }
    }
    json!({
        "ruleId": f.code.as_str(),
        "ruleIndex": rule_index(f.code),
        "level": sarif_level(f.severity),
        "message": { "text": message(report, &p, f) },
        "locations": [{ "physicalLocation": physical }],
        "properties": properties,
    })
}

fn rule_index(code: Code) -> usize {
    REGISTRY.iter().position(|i| i.code == code).unwrap_or(0)
}

/// A path as a URI reference: relative paths stay relative (to the directory goref ran
/// in, the repository root in CI), absolute ones become `file://` URIs; every byte
/// outside the unreserved set and `/` is percent-encoded.
pub(crate) fn file_uri(path: &str) -> String {
    let mut out = String::with_capacity(path.len() + 8);
    if path.starts_with('/') {
        out.push_str("file://");
    }
    for &b in path.as_bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

// ---------------------------------------------------------------- JUnit XML

/// [`GameReport::to_junit_testcase`].
pub(crate) fn junit_testcase(
    report: &GameReport,
    fail_on: Option<Severity>,
    show: Severity,
    seconds: f64,
) -> (String, bool) {
    let failing: Vec<&Finding> = report
        .findings
        .iter()
        .filter(|f| fail_on.is_some_and(|t| f.severity >= t))
        .collect();
    let others: Vec<&Finding> = shown(report, show)
        .filter(|f| fail_on.is_none_or(|t| f.severity < t))
        .collect();
    let name = match report.game {
        Some(n) => format!("game {n}"),
        None => "file".to_string(),
    };
    let mut xml = format!(
        "<testcase classname=\"{}\" name=\"{}\" file=\"{}\" time=\"{seconds:.3}\"",
        xml_escape(&report.file),
        xml_escape(&name),
        xml_escape(split_member(&report.file).0)
    );
    if failing.is_empty() && others.is_empty() {
        xml.push_str("/>");
        return (xml, false);
    }
    xml.push('>');
    if let Some(first) = failing.first() {
        let codes: Vec<&str> = failing.iter().map(|f| f.code.as_str()).collect();
        xml.push_str(&format!(
            "<failure type=\"{}\" message=\"{}\">{}</failure>",
            xml_escape(&codes.join(",")),
            xml_escape(&format!("{}: {}", first.code, first.message)),
            xml_escape(&finding_lines(report, &failing))
        ));
    }
    if !others.is_empty() {
        xml.push_str(&format!(
            "<system-out>{}</system-out>",
            xml_escape(&finding_lines(report, &others))
        ));
    }
    xml.push_str("</testcase>");
    (xml, !failing.is_empty())
}

/// `file:line:col: severity code: message`, one a line, as the text report writes them.
fn finding_lines(report: &GameReport, findings: &[&Finding]) -> String {
    let mut out = String::new();
    for f in findings {
        out.push_str(&lint::finding_line(&report.file, f, lint::Paint(false)));
        out.push('\n');
    }
    out
}

/// [`GameReport::junit_head`].
pub(crate) fn junit_start(tests: u64, failures: u64, seconds: f64) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"goref\" tests=\"{tests}\" failures=\"{failures}\" errors=\"0\" time=\"{seconds:.3}\">\n<testsuite name=\"goref check\" tests=\"{tests}\" failures=\"{failures}\" errors=\"0\" skipped=\"0\" time=\"{seconds:.3}\">"
    )
}

/// The end of a JUnit document begun with [`junit_start`].
pub(crate) const JUNIT_END: &str = "</testsuite>\n</testsuites>";

/// Text for XML content and attribute values, on one line (line breaks as character
/// references). Characters XML 1.0 cannot hold (other control characters) become `\xNN`.
pub(crate) fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // As character references, so that one test case is one line.
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn github_escapes_as_the_toolkit_does() {
        assert_eq!(escape_data("100% a\r\nb"), "100%25 a%0D%0Ab");
        assert_eq!(escape_property("a:b,c%\n"), "a%3Ab%2Cc%25%0A");
    }

    #[test]
    fn uris_are_percent_encoded() {
        assert_eq!(file_uri("games/a b#1.sgf"), "games/a%20b%231.sgf");
        assert_eq!(file_uri("/tmp/ü.sgf"), "file:///tmp/%C3%BC.sgf");
    }

    #[test]
    fn xml_text_is_escaped_and_kept_legal() {
        assert_eq!(
            xml_escape("<a & \"b\">'\u{1}"),
            "&lt;a &amp; &quot;b&quot;&gt;&apos;\\x01"
        );
    }

    #[test]
    fn members_are_split_from_their_archive() {
        let tmp = std::env::temp_dir().join(format!("goref-ci-{}", std::process::id()));
        std::fs::write(&tmp, b"").unwrap();
        let archive = tmp.to_str().unwrap();
        let name = format!("{archive}:a/b.sgf");
        assert_eq!(split_member(&name), (archive, Some("a/b.sgf")));
        assert_eq!(split_member(archive), (archive, None));
        assert_eq!(split_member("-:x.sgf"), ("-", Some("x.sgf")));
        assert_eq!(split_member("no/such:file"), ("no/such:file", None));
        std::fs::remove_file(&tmp).unwrap();
    }

    /// The report's CI printers, as the binary streams them: an annotation and a SARIF
    /// result per finding shown, a failing JUnit case for a game with an error and a passing
    /// one for a clean game, and documents that parse whole.
    #[test]
    fn the_report_prints_each_ci_format() {
        let opts = crate::CheckOptions::default();
        let bad = &crate::check_bytes("a.sgf", b"(;SZ[9];B[ee];W[ee])", &opts)[0];
        let clean = &crate::check_bytes("b.sgf", b"(;SZ[9]RE[B+R];B[ee])", &opts)[0];
        let github = bad.to_github_lines(Severity::Error);
        assert_eq!(github.len(), 1);
        assert!(
            github[0].starts_with("::error file=a.sgf,line=1,col="),
            "{github:?}"
        );
        assert!(github[0].contains("title=occupied-point::"), "{github:?}");
        assert!(clean.to_github_lines(Severity::Error).is_empty());
        let results = bad.to_sarif_results(Severity::Error);
        assert_eq!(results.len(), 1);
        let log = format!(
            "{}{}{}",
            GameReport::sarif_head(),
            results.join(","),
            GameReport::SARIF_TAIL
        );
        let sarif: Value = serde_json::from_str(&log).expect("a SARIF log");
        assert_eq!(sarif["runs"][0]["results"][0]["ruleId"], "occupied-point");
        let rules = sarif["runs"][0]["tool"]["driver"]["rules"]
            .as_array()
            .unwrap();
        assert_eq!(rules.len(), REGISTRY.len());
        let (failing, failed) = bad.to_junit_testcase(Some(Severity::Error), Severity::Info, 0.5);
        assert!(
            failed && failing.contains("<failure type=\"occupied-point\""),
            "{failing}"
        );
        let (passing, failed) = clean.to_junit_testcase(Some(Severity::Error), Severity::Info, 0.0);
        assert!(!failed && !passing.contains("<failure"), "{passing}");
        let head = GameReport::junit_head(2, 1, 0.5);
        assert!(head.contains("tests=\"2\" failures=\"1\""), "{head}");
        let xml = format!("{head}\n{failing}\n{passing}\n{}", GameReport::JUNIT_TAIL);
        let doc = roxmltree::Document::parse(&xml).expect("a JUnit document");
        assert_eq!(
            doc.descendants()
                .filter(|n| n.has_tag_name("testcase"))
                .count(),
            2
        );
    }

    #[test]
    fn rule_names_are_camel_case() {
        assert_eq!(camel_case("positional-superko"), "PositionalSuperko");
    }
}
