//! Text from records and file names made inert for a terminal: a player's name that
//! holds `\e[2J` (clear the screen) or `\e]0;...\a` (set the window title), or a file
//! name with a newline in it, must print as visible characters, never act. Every text
//! printer passes what it did not write itself through [`escape_control`]; JSON
//! escapes control characters by itself.

use std::borrow::Cow;

/// `text` with every control character written out as an escape: `\n`, `\r`, `\t`, and
/// `\u{1b}` for the rest (C0, DEL, C1, and the Unicode controls that move or reorder
/// text: line and paragraph separators, bidirectional overrides). A backslash stays as
/// it is. Borrowed when there is nothing to escape, which is nearly always.
pub fn escape_control(text: &str) -> Cow<'_, str> {
    escape(text, false)
}

/// As [`escape_control`], but a newline stays a newline: for a whole text whose lines
/// goref laid out itself (the pieces from records in it were escaped already).
pub fn escape_control_keep_lines(text: &str) -> Cow<'_, str> {
    escape(text, true)
}

/// `escape_control_keep_lines` on a whole text, reusing it when nothing is escaped.
///
/// ```
/// use goref_core::present::inert_lines;
///
/// // A player name from a hostile file cannot move the cursor or clear the terminal.
/// assert_eq!(inert_lines("PB[\u{1b}[2J]".to_string()), "PB[\\u{1b}[2J]");
/// ```
pub fn inert_lines(text: String) -> String {
    match escape_control_keep_lines(&text) {
        Cow::Borrowed(_) => text,
        Cow::Owned(escaped) => escaped,
    }
}

fn escape(text: &str, keep_newlines: bool) -> Cow<'_, str> {
    let acts = |c: char| is_active(c) && !(keep_newlines && c == '\n');
    if !text.chars().any(acts) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if !acts(c) {
            out.push(c);
            continue;
        }
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            _ => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
        }
    }
    Cow::Owned(out)
}

/// A character a terminal acts on, or that reorders the text around it.
fn is_active(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_written_out() {
        assert!(matches!(
            escape_control("Lee Sedol 이세돌"),
            Cow::Borrowed(_)
        ));
        assert_eq!(escape_control("a\u{1b}[2Jb"), "a\\u{1b}[2Jb");
        assert_eq!(
            escape_control("\u{1b}]0;pwned\u{7}"),
            "\\u{1b}]0;pwned\\u{7}"
        );
        assert_eq!(escape_control("x\ny\r\tz"), "x\\ny\\r\\tz");
        assert_eq!(
            escape_control("\u{9b}31m \u{7f} \u{202e}"),
            "\\u{9b}31m \\u{7f} \\u{202e}"
        );
        assert_eq!(escape_control_keep_lines("a\nb\u{1b}c\n"), "a\nb\\u{1b}c\n");
    }

    #[test]
    fn nothing_active_is_left() {
        let all: String = (0u32..0x3000).filter_map(char::from_u32).collect();
        let out = escape_control(&all);
        assert!(!out.chars().any(is_active));
        assert!(!escape_control_keep_lines(&all)
            .chars()
            .any(|c| c != '\n' && is_active(c)));
    }
}
