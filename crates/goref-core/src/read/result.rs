//! The RE property: reading every FF[4] form plus the common non-standard ones, and
//! writing the FF[4] form back (spec §7.1, §7.2, T17).
//!
//! FF[4] forms: `0`, `Draw`, `B+`, `B+n`, `B+R`/`B+Resign`, `B+T`/`B+Time`,
//! `B+F`/`B+Forfeit` (and W), `Void`, `?`. Anything else that still has a clear
//! meaning (`Jigo`, `B+0.5R`, `Black resigns`, `W+Res.`, lower case, `黑中盘胜` …) is
//! read with `standard = false`, and the reader reports a `result-format` warning that
//! names the FF[4] spelling.

use crate::point::Color;
use serde::Serialize;
use std::fmt::Write as _;

/// Who won, as far as RE says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Outcome {
    Winner(Color),
    Draw,
    /// `Void`: no result or suspended play.
    Void,
    /// `?` or unreadable.
    Unknown,
}

/// How the game was won.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum ResultKind {
    /// A margin in points (0 allowed: an Ing tie broken for one side, `B+0`).
    Score(f64),
    Resign,
    Time,
    Forfeit,
    /// `B+` with nothing after it.
    Unspecified,
    /// A win for a reason `FF[4]` has no word for (`W+Repetition`), as written.
    Other(String),
    /// Draws, `Void`, `?`.
    NoScore,
}

/// A parsed RE value.
///
/// ```
/// use goref_core::point::Color;
/// use goref_core::read::ParsedResult;
///
/// let re = ParsedResult::parse("W+3.5");
/// assert_eq!((re.winner(), re.margin()), (Some(Color::White), Some(3.5)));
/// assert!(re.is_standard() && re.is_count());
/// let resigned = ParsedResult::parse("B+Resign");
/// assert!(!resigned.is_count() && resigned.margin().is_none());
/// assert!(ParsedResult::parse("W+F").is_forfeit());
/// assert!(ParsedResult::parse("0").is_draw() && ParsedResult::parse("Draw").is_count());
/// // Void, `?` and the unreadable name no winner.
/// assert!(["Void", "?", "nonsense"].iter().all(|re| ParsedResult::parse(re).winner().is_none()));
/// // Non-standard spellings are read, and marked as such.
/// let loose = ParsedResult::parse("White wins by 9.5");
/// assert_eq!(loose.winner(), Some(Color::White));
/// assert!(!loose.is_standard());
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ParsedResult {
    pub(crate) outcome: Outcome,
    pub(crate) kind: ResultKind,
    /// True when the value is written exactly in an `FF[4]` form.
    pub(crate) standard: bool,
}

impl ParsedResult {
    /// Reads an RE value. Never fails: what cannot be read is `Unknown`, non-standard.
    pub fn parse(raw: &str) -> ParsedResult {
        parse_re(raw)
    }

    fn new(outcome: Outcome, kind: ResultKind, standard: bool) -> ParsedResult {
        ParsedResult {
            outcome,
            kind,
            standard,
        }
    }

    fn unknown(standard: bool) -> ParsedResult {
        ParsedResult::new(Outcome::Unknown, ResultKind::NoScore, standard)
    }

    /// The winner, if any.
    pub fn winner(&self) -> Option<Color> {
        match self.outcome {
            Outcome::Winner(c) => Some(c),
            _ => None,
        }
    }

    /// Whether the result is a count: a margin (`B+3.5`) or a draw, not a resignation,
    /// a time loss or a forfeit. The one test of "RE is a count" for every stage.
    pub fn is_count(&self) -> bool {
        matches!(self.kind, ResultKind::Score(_)) || self.outcome == Outcome::Draw
    }

    /// True for a draw (`0`, `Draw`, `Jigo`).
    pub fn is_draw(&self) -> bool {
        self.outcome == Outcome::Draw
    }

    /// True for a win by forfeit (`B+F`, `W+Forfeit`).
    pub fn is_forfeit(&self) -> bool {
        self.kind == ResultKind::Forfeit
    }

    /// True when the value is written exactly in an `FF[4]` form.
    pub fn is_standard(&self) -> bool {
        self.standard
    }

    /// The margin, for scored wins (and 0 for a draw).
    pub fn margin(&self) -> Option<f64> {
        match (&self.outcome, &self.kind) {
            (Outcome::Draw, _) => Some(0.0),
            (_, ResultKind::Score(m)) => Some(*m),
            _ => None,
        }
    }

    /// A margin written in quarters (`W+1.25`) counted in stones, as a result in points:
    /// twice the margin. Chinese counting states a result in stones (zi), each worth two
    /// points against the board's half (`W+1.25` is White's 181.25 stones with komi 3.75
    /// stones, 2.5 points), and no count in points ends in a quarter. None where the margin
    /// is no quarter, or the count is not by area (no territory count is stated in stones).
    pub(crate) fn stones_in_points(&self, counting: crate::rules::Scoring) -> Option<ParsedResult> {
        let ResultKind::Score(m) = self.kind else {
            return None;
        };
        let quarter = (m * 4.0).fract() == 0.0 && (m * 2.0).fract() != 0.0;
        (quarter && counting == crate::rules::Scoring::Area).then(|| ParsedResult {
            kind: ResultKind::Score(m * 2.0),
            ..self.clone()
        })
    }

    /// A count as RE writes it (`W+2.5`); a result without a margin as its winner alone.
    pub(crate) fn in_points_text(&self) -> String {
        match (self.winner(), self.margin()) {
            (Some(w), None) => format!("{}+", w.letter()),
            (winner, Some(m)) => crate::rules::result_text(winner, m),
            (None, None) => "0".to_string(),
        }
    }

    /// The margin as Black's (negative for a White win, 0 for a draw), where RE is a count.
    pub(crate) fn black_margin(&self) -> Option<f64> {
        let margin = self.margin()?;
        Some(match self.winner() {
            Some(Color::White) => -margin,
            _ => margin,
        })
    }
}

/// Reads an RE value ([`ParsedResult::parse`]).
pub(crate) fn parse_re(raw: &str) -> ParsedResult {
    let s = raw.trim();
    match s {
        "0" | "Draw" => return ParsedResult::new(Outcome::Draw, ResultKind::NoScore, true),
        "Void" => return ParsedResult::new(Outcome::Void, ResultKind::NoScore, true),
        "?" => return ParsedResult::unknown(true),
        _ => {}
    }
    // Before the plus form, which would read `B+0 W+0` as a win by 0.
    if is_prose_draw(s) {
        return ParsedResult::new(Outcome::Draw, ResultKind::NoScore, false);
    }
    if let Some(p) = parse_plus_form(s) {
        return p;
    }
    parse_prose(s)
}

/// `B+…` / `W+…` in any case, with standard and tolerated tails.
fn parse_plus_form(s: &str) -> Option<ParsedResult> {
    let mut chars = s.chars();
    let color = match chars.next()? {
        'B' | 'b' => Color::Black,
        'W' | 'w' => Color::White,
        _ => return None,
    };
    let rest = chars.as_str().trim_start();
    let tail = rest.strip_prefix('+')?.trim();
    let upper_color = s.starts_with(['B', 'W']);
    let exact = upper_color && !s.contains(' ');
    let win = Outcome::Winner(color);
    let (kind, std_tail) = match tail {
        "" => (ResultKind::Unspecified, true),
        "R" | "Resign" => (ResultKind::Resign, true),
        "T" | "Time" => (ResultKind::Time, true),
        "F" | "Forfeit" => (ResultKind::Forfeit, true),
        _ => {
            if let Some(m) = ff4_real(tail) {
                (ResultKind::Score(m), true)
            } else {
                (tolerated_tail(tail), false)
            }
        }
    };
    Some(ParsedResult::new(win, kind, exact && std_tail))
}

/// FF[4] Real: `[+-]digits[.digits]`, here without a sign.
fn ff4_real(s: &str) -> Option<f64> {
    let (int, frac) = match s.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (s, None),
    };
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if !digits(int) || frac.is_some_and(|f| !digits(f)) {
        return None;
    }
    s.parse::<f64>().ok().filter(|m| m.is_finite())
}

/// Non-standard tails: `Res.`, `resign`, `0.5R`, `5.5 points`, `3 3/4`, `Repetition`.
fn tolerated_tail(tail: &str) -> ResultKind {
    let lower = tail.to_lowercase();
    let word = lower.trim_end_matches(['.', '!']);
    match word {
        "r" | "res" | "resign" | "resigns" | "resignation" => return ResultKind::Resign,
        "t" | "time" | "timeout" | "on time" => return ResultKind::Time,
        // CGOS: the loser played an illegal move, which forfeits the game.
        "f" | "forfeit" | "illegal" | "illegal move" => return ResultKind::Forfeit,
        _ => {}
    }
    if let Some(m) = leading_number(&lower) {
        return ResultKind::Score(m);
    }
    ResultKind::Other(tail.to_owned())
}

/// A number at the start of a text (`0.5R` → 0.5, `5 3/4 points` → 5.75, `6½` → 6.5).
fn leading_number(s: &str) -> Option<f64> {
    let s = s.trim();
    let end = s
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(s.len());
    let head = s.get(..end)?.replace(',', ".");
    let mut value: f64 = head.parse().ok().filter(|m: &f64| m.is_finite())?;
    let rest = s.get(end..).unwrap_or("").trim_start();
    if rest.starts_with('½') {
        value += 0.5;
    } else if let Some((n, d)) = rest
        .split_whitespace()
        .next()
        .and_then(|t| t.split_once('/'))
    {
        if let (Ok(n), Ok(d)) = (n.parse::<f64>(), d.parse::<f64>()) {
            if d > 0.0 && n < d {
                value += n / d;
            }
        }
    }
    Some(value)
}

/// A draw written in words (`Jigo`, `和棋`, `B+0 W+0`).
fn is_prose_draw(s: &str) -> bool {
    matches!(
        s.to_lowercase().as_str(),
        "draw" | "jigo" | "tie" | "0.0" | "drawn" | "b+0 w+0"
    ) || s.contains("和棋")
        || s.contains("和局")
        || s.contains("持碁")
        || s.contains("ジゴ")
        || s.contains("じご")
        || s.contains("무승부")
}

/// English and CJK prose results (draws are read before this).
fn parse_prose(s: &str) -> ParsedResult {
    let lower = s.to_lowercase();
    // `RE[B]`, `RE[White]`: the winner, without a margin or a reason.
    match lower.as_str() {
        "b" | "black" => {
            return ParsedResult::new(
                Outcome::Winner(Color::Black),
                ResultKind::Unspecified,
                false,
            )
        }
        "w" | "white" => {
            return ParsedResult::new(
                Outcome::Winner(Color::White),
                ResultKind::Unspecified,
                false,
            )
        }
        _ => {}
    }
    if matches!(
        lower.as_str(),
        "void" | "no result" | "nr" | "unfinished" | "suspended"
    ) {
        return ParsedResult::new(Outcome::Void, ResultKind::NoScore, false);
    }
    if matches!(lower.as_str(), "unknown" | "" | "??") {
        return ParsedResult::unknown(false);
    }
    if let Some(p) = cjk(s) {
        return p;
    }
    english(&lower).unwrap_or_else(|| ParsedResult::unknown(false))
}

/// `Black resigns`, `White wins by 5.5`, `B wins on time`, `White wins`.
fn english(lower: &str) -> Option<ParsedResult> {
    let (color, rest) = if let Some(r) = lower.strip_prefix("black") {
        (Color::Black, r)
    } else if let Some(r) = lower.strip_prefix("white") {
        (Color::White, r)
    } else if let Some(r) = lower.strip_prefix("b ") {
        (Color::Black, r)
    } else if let Some(r) = lower.strip_prefix("w ") {
        (Color::White, r)
    } else {
        return None;
    };
    let rest = rest.trim();
    if rest.starts_with("resign") {
        return Some(ParsedResult::new(
            Outcome::Winner(color.opponent()),
            ResultKind::Resign,
            false,
        ));
    }
    let rest = rest.strip_prefix("wins")?.trim();
    let win = Outcome::Winner(color);
    let kind = if rest.is_empty() {
        ResultKind::Unspecified
    } else if rest.contains("resign") {
        ResultKind::Resign
    } else if rest.contains("time") {
        ResultKind::Time
    } else if rest.contains("forfeit") {
        ResultKind::Forfeit
    } else if let Some(m) = leading_number(rest.trim_start_matches("by").trim()) {
        ResultKind::Score(m)
    } else {
        ResultKind::Other(rest.to_owned())
    };
    Some(ParsedResult::new(win, kind, false))
}

/// `黑中盘胜` (Black wins by resignation), `白胜`, `黒の中押し勝ち`, `흑 불계승`.
fn cjk(s: &str) -> Option<ParsedResult> {
    let color = if s.starts_with('黑') || s.starts_with('黒') || s.starts_with('흑') {
        Color::Black
    } else if s.starts_with('白') || s.starts_with('백') {
        Color::White
    } else {
        return None;
    };
    if !(s.contains('胜') || s.contains('勝') || s.contains('승')) {
        return None;
    }
    let kind =
        if s.contains("中盘") || s.contains("中押") || s.contains("中盤") || s.contains("불계")
        {
            ResultKind::Resign
        } else if s.contains("超时") || s.contains("時間") || s.contains("시간") {
            ResultKind::Time
        } else if let Some(m) = cjk_margin(s) {
            ResultKind::Score(m)
        } else {
            ResultKind::Unspecified
        };
    Some(ParsedResult::new(Outcome::Winner(color), kind, false))
}

/// The margin of a CJK result, in points: `3目半` (Japanese, 3½ points), `3집반`
/// (Korean), `半目` / `반집` (½ point), `7.5目`, and the Chinese count in stones,
/// one stone (子) being two points: `2又1/4子` (2¼ stones, 4½ points), `3/4子`, `半子`.
/// Digits may be ASCII or full-width.
fn cjk_margin(s: &str) -> Option<f64> {
    let (at, unit) = s
        .char_indices()
        .find(|(_, c)| matches!(c, '目' | '집' | '子' | '点'))?;
    let points_per_unit = if unit == '子' { 2.0 } else { 1.0 };
    let before: String = s[..at]
        .chars()
        .rev()
        .take_while(|c| {
            c.is_ascii_digit() || ('０'..='９').contains(c) || "./又半반．／".contains(*c)
        })
        .collect::<Vec<char>>()
        .into_iter()
        .rev()
        .map(halfwidth)
        .collect();
    let after = &s[at + unit.len_utf8()..];
    let half_after = after.starts_with('半') || after.starts_with('반');
    let mut value = match before.as_str() {
        "半" | "반" => 0.5,
        text => {
            let (whole, fraction) = match text.split_once('又') {
                Some((w, f)) => (w, Some(f)),
                None if text.contains('/') => ("0", Some(text)),
                None => (text, None),
            };
            let whole: f64 = whole.parse().ok().filter(|w: &f64| w.is_finite())?;
            whole + fraction.map_or(Some(0.0), proper_fraction)?
        }
    };
    if half_after {
        value += 0.5;
    }
    Some(value * points_per_unit)
}

/// `1/4` → 0.25; None unless 0 < numerator < denominator.
fn proper_fraction(text: &str) -> Option<f64> {
    let (n, d) = text.split_once('/')?;
    let (n, d): (f64, f64) = (n.parse().ok()?, d.parse().ok()?);
    (n > 0.0 && n < d).then(|| n / d)
}

/// Full-width digits, point and slash as their ASCII forms.
fn halfwidth(c: char) -> char {
    match c {
        '０'..='９' => char::from(b'0' + (c as u32 - '０' as u32) as u8),
        '．' => '.',
        '／' => '/',
        other => other,
    }
}

/// Writes a result in FF[4] form: `B+0.5`, `B+0`, `0`, `W+R`, `B+T`, `Void`, `?`.
pub(crate) fn write_re(r: &ParsedResult) -> String {
    let color = match r.outcome {
        Outcome::Draw => return "0".into(),
        Outcome::Void => return "Void".into(),
        Outcome::Unknown => return "?".into(),
        Outcome::Winner(c) => c,
    };
    let mut out = format!("{}+", color.letter());
    match &r.kind {
        ResultKind::Score(m) => {
            let _ = write!(out, "{}", format_margin(*m));
        }
        ResultKind::Resign => out.push('R'),
        ResultKind::Time => out.push('T'),
        ResultKind::Forfeit => out.push('F'),
        ResultKind::Unspecified | ResultKind::Other(_) | ResultKind::NoScore => {}
    }
    out
}

/// A margin without trailing zeros: 3 → `3`, 0.5 → `0.5`, 7.25 → `7.25`.
pub(crate) fn format_margin(m: f64) -> String {
    let m = m.abs();
    if m.fract() == 0.0 && m < 1e15 {
        format!("{}", m as i64)
    } else {
        let s = format!("{m:.4}");
        s.trim_end_matches('0').trim_end_matches('.').to_owned()
    }
}

/// A result stated in a comment (the last node's C, or GC): the last statement in the
/// text of the forms servers and engines write — `W+13.5`, `B+R`, `Result: W+T`,
/// "White wins by 9.5 points", "Black wins by resignation", "White won on time" — as
/// (the words found, the result they state). None when the text states none.
pub(crate) fn result_in_comment(text: &str) -> Option<(String, ParsedResult)> {
    let mut found: Option<(usize, String, ParsedResult)> = None;
    let mut keep = |at: usize, words: String, parsed: ParsedResult| {
        if parsed.winner().is_some() && found.as_ref().is_none_or(|f| at >= f.0) {
            found = Some((at, words, parsed));
        }
    };
    for (at, token) in re_tokens(text) {
        keep(at, token.clone(), parse_re(&token));
    }
    // ASCII lower case keeps every byte offset of `text`.
    let lower = text.to_ascii_lowercase();
    for (name, letter) in [("black", 'B'), ("white", 'W')] {
        for verb in [" wins ", " won "] {
            let phrase = format!("{name}{verb}");
            let mut from = 0;
            while let Some(i) = lower[from..].find(&phrase) {
                let at = from + i;
                let rest = &lower[at + phrase.len()..];
                let how = if let Some(r) = rest.strip_prefix("by ") {
                    let number: String = r
                        .chars()
                        .take_while(|c| c.is_ascii_digit() || *c == '.')
                        .collect();
                    if r.starts_with("resign") {
                        Some("R".to_string())
                    } else if !number.is_empty() && number.parse::<f64>().is_ok() {
                        Some(number.trim_end_matches('.').to_string())
                    } else {
                        None
                    }
                } else if rest.starts_with("on time") {
                    Some("T".to_string())
                } else {
                    None
                };
                if let Some(how) = how {
                    let end = (at + phrase.len() + 24).min(lower.len());
                    let clause = text
                        .get(at..end)
                        .or_else(|| text.get(at..))
                        .unwrap_or("")
                        .split([',', ';', '\n'])
                        .next()
                        .unwrap_or("");
                    // A sentence ends at ". ", not at the point of "9.5".
                    let words = clause
                        .split(". ")
                        .next()
                        .unwrap_or("")
                        .trim()
                        .trim_end_matches('.')
                        .to_string();
                    keep(at, words, parse_re(&format!("{letter}+{how}")));
                }
                from = at + phrase.len();
            }
        }
    }
    found.map(|(_, words, parsed)| (words, parsed))
}

/// `B+…`/`W+…` tokens standing alone in a text, with their byte offsets.
fn re_tokens(text: &str) -> Vec<(usize, String)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    for (i, w) in bytes.windows(2).enumerate() {
        if !matches!(w[0], b'B' | b'W') || w[1] != b'+' {
            continue;
        }
        if i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'+') {
            continue;
        }
        let tail: String = text[i + 2..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '.')
            .collect();
        let tail = tail.trim_end_matches('.');
        let known = tail.parse::<f64>().is_ok()
            || matches!(
                tail.to_ascii_lowercase().as_str(),
                "r" | "resign" | "t" | "time" | "f" | "forfeit"
            );
        if known {
            out.push((i, format!("{}+{tail}", w[0] as char)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    fn check(raw: &str, outcome: Outcome, kind: ResultKind, standard: bool) {
        let p = parse_re(raw);
        assert_eq!(p, ParsedResult::new(outcome, kind, standard), "RE[{raw}]");
    }

    /// A margin in quarters is a count in stones under area counting: twice as many
    /// points; a margin in halves, or a count by territory, is read as written.
    #[test]
    fn a_margin_in_quarters_counts_stones_under_area_counting() {
        use crate::rules::Scoring::{Area, Territory};
        let points = |re: &str, counting| {
            parse_re(re)
                .stones_in_points(counting)
                .map(|p| p.in_points_text())
        };
        assert_eq!(points("W+1.25", Area).as_deref(), Some("W+2.5"));
        assert_eq!(points("B+0.75", Area).as_deref(), Some("B+1.5"));
        assert_eq!(points("B+10.25", Area).as_deref(), Some("B+20.5"));
        assert_eq!(points("W+1.25", Territory), None);
        for written in ["W+2.5", "B+3", "B+R", "0", "W+0.02"] {
            assert_eq!(points(written, Area), None, "{written}");
        }
        // The winner and the form stay as written.
        let read = parse_re("W+1.25").stones_in_points(Area).unwrap();
        assert_eq!(read.winner(), Some(White));
        assert_eq!(read.is_standard(), parse_re("W+1.25").is_standard());
        assert_eq!(parse_re("B+R").in_points_text(), "B+");
        assert_eq!(parse_re("0").in_points_text(), "0");
    }

    #[test]
    fn t17_ff4_forms() {
        let b = Outcome::Winner(Black);
        let w = Outcome::Winner(White);
        check("B+R", b, ResultKind::Resign, true);
        check("B+Resign", b, ResultKind::Resign, true);
        check("W+3.5", w, ResultKind::Score(3.5), true);
        check("0", Outcome::Draw, ResultKind::NoScore, true);
        check("Draw", Outcome::Draw, ResultKind::NoScore, true);
        check("B+T", b, ResultKind::Time, true);
        check("W+Time", w, ResultKind::Time, true);
        check("B+F", b, ResultKind::Forfeit, true);
        check("Void", Outcome::Void, ResultKind::NoScore, true);
        check("?", Outcome::Unknown, ResultKind::NoScore, true);
        check("B+", b, ResultKind::Unspecified, true);
        check("B+0", b, ResultKind::Score(0.0), true);
        check("W+155.50", w, ResultKind::Score(155.5), true);
    }

    #[test]
    fn t17_tolerated_forms_are_flagged_non_standard() {
        let b = Outcome::Winner(Black);
        let w = Outcome::Winner(White);
        check("Jigo", Outcome::Draw, ResultKind::NoScore, false);
        check("draw", Outcome::Draw, ResultKind::NoScore, false);
        check("B+0.5R", b, ResultKind::Score(0.5), false);
        check("Black resigns", w, ResultKind::Resign, false);
        check("W+Res.", w, ResultKind::Resign, false);
        check("w+r", w, ResultKind::Resign, false);
        check("b+7.5", b, ResultKind::Score(7.5), false);
        check("B + 2.5", b, ResultKind::Score(2.5), false);
        check(
            "White wins by 5 3/4 points",
            w,
            ResultKind::Score(5.75),
            false,
        );
        check("white wins on time", w, ResultKind::Time, false);
        check(
            "W+Repetition",
            w,
            ResultKind::Other("Repetition".into()),
            false,
        );
        check("黑中盘胜", b, ResultKind::Resign, false);
        check("白胜", w, ResultKind::Unspecified, false);
        check("nonsense", Outcome::Unknown, ResultKind::NoScore, false);
        check("", Outcome::Unknown, ResultKind::NoScore, false);
    }

    /// Every spelling the reader accepts, one per match arm or word (issue 18): a
    /// spelling dropped from a table makes this test fail.
    #[test]
    fn every_accepted_spelling() {
        use ResultKind::{Forfeit, NoScore, Other, Resign, Score, Time, Unspecified};
        let b = Outcome::Winner(Black);
        let w = Outcome::Winner(White);
        let (draw, void, unknown) = (Outcome::Draw, Outcome::Void, Outcome::Unknown);
        // FF[4] forms, both colours, every tail word.
        for (raw, outcome, kind) in [
            ("0", draw, NoScore),
            ("Draw", draw, NoScore),
            ("Void", void, NoScore),
            ("?", unknown, NoScore),
            ("B+", b, Unspecified),
            ("W+", w, Unspecified),
            ("B+R", b, Resign),
            ("W+Resign", w, Resign),
            ("W+T", w, Time),
            ("B+Time", b, Time),
            ("W+F", w, Forfeit),
            ("B+Forfeit", b, Forfeit),
            ("W+Forfeit", w, Forfeit),
            ("B+0.5", b, Score(0.5)),
            ("W+12", w, Score(12.0)),
            (" B+R ", b, Resign),
        ] {
            check(raw, outcome, kind, true);
        }
        // Tolerated forms: read, flagged non-standard.
        for (raw, outcome, kind) in [
            // Case and spaces in the plus form.
            ("b+R", b, Resign),
            ("w+", w, Unspecified),
            ("W +T", w, Time),
            ("B+ 3", b, Score(3.0)),
            // Tolerated tail words, with trailing punctuation.
            ("B+r", b, Resign),
            ("B+Res", b, Resign),
            ("W+resign", w, Resign),
            ("W+Resigns!", w, Resign),
            ("B+resignation", b, Resign),
            ("B+t", b, Time),
            ("W+time", w, Time),
            ("W+Timeout", w, Time),
            ("B+on time", b, Time),
            ("B+f", b, Forfeit),
            ("W+forfeit.", w, Forfeit),
            // Numbers that are not FF[4] reals.
            ("B+3.", b, Score(3.0)),
            ("W+2,5", w, Score(2.5)),
            ("W+6½", w, Score(6.5)),
            ("B+5 1/2 points", b, Score(5.5)),
            // Only a proper fraction with a positive denominator is added.
            ("B+5 3/2", b, Score(5.0)),
            ("B+5 3/3", b, Score(5.0)),
            ("B+5 -1/0", b, Score(5.0)),
            ("W+7.5 points", w, Score(7.5)),
            ("W+Repetition", w, Other("Repetition".into())),
            // Prose draws, voids, unknowns.
            ("draw", draw, NoScore),
            ("JIGO", draw, NoScore),
            ("Tie", draw, NoScore),
            ("0.0", draw, NoScore),
            ("drawn", draw, NoScore),
            ("B+0 W+0", draw, NoScore),
            ("和棋", draw, NoScore),
            ("持碁", draw, NoScore),
            ("무승부", draw, NoScore),
            ("void", void, NoScore),
            ("No Result", void, NoScore),
            ("NR", void, NoScore),
            ("unfinished", void, NoScore),
            ("Suspended", void, NoScore),
            ("Unknown", unknown, NoScore),
            ("??", unknown, NoScore),
            // English.
            ("Black resigns", w, Resign),
            ("White resigned", b, Resign),
            ("B resigns", w, Resign),
            ("W resigns", b, Resign),
            ("Black wins", b, Unspecified),
            ("White wins by resignation", w, Resign),
            ("B wins on time", b, Time),
            ("W wins by forfeit", w, Forfeit),
            ("Black wins by 2.5", b, Score(2.5)),
            ("White wins 3 points", w, Score(3.0)),
            ("White wins by a lot", w, Other("by a lot".into())),
            ("Blue wins", unknown, NoScore),
            // CJK: each colour character, each win character, each reason.
            ("黑胜", b, Unspecified),
            ("黒勝ち", b, Unspecified),
            ("흑 승", b, Unspecified),
            ("白胜", w, Unspecified),
            ("백승", w, Unspecified),
            ("黑中盘胜", b, Resign),
            ("黒の中押し勝ち", b, Resign),
            ("白中盤勝", w, Resign),
            ("흑 불계승", b, Resign),
            ("白超时胜", w, Time),
            ("黒時間勝ち", b, Time),
            ("백 시간승", w, Time),
            ("黑", unknown, NoScore),
            // The winner alone (issue 27).
            ("B", b, Unspecified),
            ("W", w, Unspecified),
            ("w", w, Unspecified),
            ("Black", b, Unspecified),
            ("White", w, Unspecified),
            // CGOS: an illegal move forfeits the game.
            ("B+Illegal", b, Forfeit),
            ("W+illegal move", w, Forfeit),
            // Japanese: margins in 目, 半 a half point, 番 "the player of".
            ("黒中押し勝ち", b, Resign),
            ("白3目半勝ち", w, Score(3.5)),
            ("黒番中押勝", b, Resign),
            ("白勝ち", w, Unspecified),
            ("黒半目勝ち", b, Score(0.5)),
            ("白１２目勝", w, Score(12.0)),
            ("黒の6.5目勝ち", b, Score(6.5)),
            ("ジゴ", draw, NoScore),
            // Chinese: margins in 目 (points) and 子 (stones, two points each).
            ("黑胜", b, Unspecified),
            ("白中盘胜", w, Resign),
            ("白2又1/4子胜", w, Score(4.5)),
            ("黑胜3又3/4子", b, Score(7.5)),
            ("黑胜3/4子", b, Score(1.5)),
            ("白胜半子", w, Score(1.0)),
            ("黑胜7.5目", b, Score(7.5)),
            ("白胜2点", w, Score(2.0)),
            ("和局", draw, NoScore),
            // Korean: 집 points, 반 a half point.
            ("백 3집반승", w, Score(3.5)),
            ("흑 반집승", b, Score(0.5)),
            ("흑 불계승", b, Resign),
            // A margin that is no number is no margin.
            ("白2又5/4子胜", w, Unspecified),
            ("白x目勝ち", w, Unspecified),
        ] {
            check(raw, outcome, kind, false);
        }
    }

    #[test]
    fn winner_and_margin_of_each_kind() {
        for (raw, winner, margin) in [
            ("B+3.5", Some(Black), Some(3.5)),
            ("W+0", Some(White), Some(0.0)),
            ("0", None, Some(0.0)),
            ("Jigo", None, Some(0.0)),
            ("W+R", Some(White), None),
            ("B+T", Some(Black), None),
            ("B+", Some(Black), None),
            ("Void", None, None),
            ("?", None, None),
        ] {
            let p = parse_re(raw);
            assert_eq!((p.winner(), p.margin()), (winner, margin), "RE[{raw}]");
        }
    }

    /// Whole margins print as integers, also beyond what an i64 holds.
    #[test]
    fn format_margin_of_whole_and_huge_margins() {
        assert_eq!(format_margin(-3.0), "3");
        assert_eq!(format_margin(0.25), "0.25");
        assert_eq!(format_margin(1e15), "1000000000000000");
        assert_eq!(format_margin(1e19), "10000000000000000000");
    }

    #[test]
    fn t17_write_and_round_trip() {
        for (raw, written) in [
            ("B+0.5", "B+0.5"),
            ("B+0", "B+0"),
            ("0", "0"),
            ("Draw", "0"),
            ("W+T", "W+T"),
            ("W+Resign", "W+R"),
            ("B+F", "B+F"),
            ("Void", "Void"),
            ("?", "?"),
            ("B+", "B+"),
            ("W+12.25", "W+12.25"),
            ("Jigo", "0"),
            ("Black resigns", "W+R"),
        ] {
            let p = parse_re(raw);
            let w = write_re(&p);
            assert_eq!(w, written, "RE[{raw}]");
            let again = parse_re(&w);
            assert!(again.standard, "{w}");
            assert_eq!(again.outcome, p.outcome, "{w}");
            assert_eq!(write_re(&again), w);
        }
    }

    proptest::proptest! {
        /// Any text, however hostile, is read without a panic.
        #[test]
        fn any_comment_is_read_without_a_panic(text in "(?s).{0,80}(White|Black|black|white)? (wins|won) (by|on) .{0,12}") {
            let _ = result_in_comment(&text);
        }
    }

    #[test]
    fn results_stated_in_comments_are_read() {
        let re = |t: &str| result_in_comment(t).map(|(w, p)| (w, p.winner(), p.margin()));
        assert_eq!(
            re("Game over. Result: W+13.5"),
            Some(("W+13.5".into(), Some(Color::White), Some(13.5)))
        );
        assert_eq!(
            re("White wins by 9.5 points."),
            Some((
                "White wins by 9.5 points".into(),
                Some(Color::White),
                Some(9.5)
            ))
        );
        assert_eq!(
            re("Black wins by resignation").map(|r| r.1),
            Some(Some(Color::Black))
        );
        assert_eq!(
            re("white won on time").map(|r| r.1),
            Some(Some(Color::White))
        );
        assert_eq!(re("B+R").map(|r| r.1), Some(Some(Color::Black)));
        // The last statement stands: a correction after a first guess.
        assert_eq!(re("B+3.5? no: W+2.5").map(|r| r.2), Some(Some(2.5)));
        // Nothing that only looks like one.
        assert_eq!(re("a nice game, AB+CD at move 40"), None);
        assert_eq!(re("black wins the corner"), None);
        assert_eq!(re(""), None);
        // Non-ASCII text around a statement keeps its offsets.
        assert_eq!(
            re("İİİ white wins by 2.5 ééé").map(|r| r.2),
            Some(Some(2.5))
        );
    }
}
