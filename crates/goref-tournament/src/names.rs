//! Players' names as records and tables write them, and how two spellings are judged
//! to name one player.
//!
//! A name is folded before it is compared: transliterated to ASCII (`Mérő` → `Mero`,
//! `Чернов` → `Chernov`, `马超` → `Ma Chao`), lower-cased and cut into words at every
//! character that is not a letter or a digit (`Pierre-Luc`, OpenGotha's `Aya_de`).
//! Ranks (`5d`) and EGD PINs (eight digits) written beside a name are set aside. Two
//! spellings then match, from strongest to weakest:
//!
//! - [`NameKind::Pin`]: the record carries the player's EGD PIN;
//! - [`NameKind::Exact`]: the same text;
//! - [`NameKind::Variant`]: the same words in any order, case or accents
//!   (`csaba MERŐ`), or the same letters run together (`MEROCSABA`, `Gao Chuande` for
//!   `高 传德`);
//! - [`NameKind::Partial`]: the surname with the first name left out or cut to an
//!   initial (`Mero`, `Mero C.`);
//! - [`NameKind::Typo`]: one or two letters apart (`Mera Csaba`).
//!
//! The first three are strong (a match on them is taken); the last two are weak (a match
//! on them is reported with the candidates).
//!
//! ```
//! use goref_tournament::names::{compare, Folded, NameKind};
//! use goref_tournament::Player;
//!
//! let player = Player::new("MEROCSABA", "Mérő", "Csaba");
//! let table = Folded::player(&player);
//! assert_eq!(compare(&Folded::text("Csaba MERO"), &table), Some(NameKind::Variant));
//! assert_eq!(compare(&Folded::text("MEROCSABA"), &table), Some(NameKind::Variant));
//! assert_eq!(compare(&Folded::text("Mero C."), &table), Some(NameKind::Partial));
//! assert_eq!(compare(&Folded::text("Lin Viktor"), &table), None);
//! ```

use super::Player;
use serde::Serialize;
use strsim::levenshtein as edit_distance;

/// How well a written name fits a player, strongest first (the order is the derived `Ord`
/// reversed: `Pin < Exact < ... < Typo`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NameKind {
    Pin,
    Exact,
    Variant,
    Partial,
    Typo,
}

impl NameKind {
    /// Strong enough to take a match without asking.
    pub fn is_strong(self) -> bool {
        self <= NameKind::Variant
    }

    /// How the names matched, in words.
    pub fn describe(self) -> &'static str {
        match self {
            NameKind::Pin => "the same EGD PIN",
            NameKind::Exact => "the same name",
            NameKind::Variant => "the same name in another spelling (case, accents, order)",
            NameKind::Partial => "the surname only",
            NameKind::Typo => "a name one or two letters apart",
        }
    }
}

/// A name folded for comparison (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Folded {
    /// The text as written, trimmed.
    raw: String,
    /// The words, sorted.
    words: Vec<String>,
    /// The words run together in every order the name is written in: as written, and
    /// for a table's player surname-first and first-name-first.
    joined: Vec<String>,
    /// A table's surname words (empty for a record's name).
    surname: Vec<String>,
    /// A table's first-name words.
    first_name: Vec<String>,
    pins: Vec<String>,
    /// The sorted words run together, and how often each letter and digit occurs in
    /// them: a cheap bound that spares most edit distances.
    letters: String,
    counts: [u8; 36],
}

/// How often each of `a-z0-9` occurs (saturating).
fn letter_counts(text: &str) -> [u8; 36] {
    let mut counts = [0u8; 36];
    for b in text.bytes() {
        let i = match b {
            b'a'..=b'z' => usize::from(b - b'a'),
            b'0'..=b'9' => 26 + usize::from(b - b'0'),
            _ => continue,
        };
        counts[i] = counts[i].saturating_add(1);
    }
    counts
}

impl Folded {
    fn new(
        raw: String,
        words: Vec<String>,
        joined: Vec<String>,
        surname: Vec<String>,
        first_name: Vec<String>,
        pins: Vec<String>,
    ) -> Folded {
        let words = sorted(words);
        let letters = words.concat();
        let counts = letter_counts(&letters);
        Folded {
            raw,
            words,
            joined,
            surname,
            first_name,
            pins,
            letters,
            counts,
        }
    }

    /// A name as a record writes it (PB, PW).
    pub fn text(written: &str) -> Folded {
        let mut pins = Vec::new();
        let words: Vec<String> = words(written)
            .into_iter()
            .filter(|w| {
                if is_pin(w) {
                    pins.push(w.clone());
                }
                !is_pin(w) && !is_rank(w) && !w.bytes().all(|b| b.is_ascii_digit())
            })
            .collect();
        let joined = vec![words.concat()];
        Folded::new(
            written.trim().to_string(),
            words,
            joined,
            Vec::new(),
            Vec::new(),
            pins,
        )
    }

    /// A player of the table.
    pub fn player(player: &Player) -> Folded {
        let surname = words(&player.surname);
        let first_name = words(&player.first_name);
        let mut joined = vec![
            format!("{}{}", surname.concat(), first_name.concat()),
            format!("{}{}", first_name.concat(), surname.concat()),
        ];
        if surname.is_empty() && first_name.is_empty() {
            joined = vec![words(&player.name).concat()];
        }
        // OpenGotha's key is the surname and first name run together: the same letters.
        let key = words(&player.key).concat();
        if !key.is_empty() && !key.bytes().all(|b| b.is_ascii_digit()) && !joined.contains(&key) {
            joined.push(key);
        }
        let all = if surname.is_empty() && first_name.is_empty() {
            words(&player.name)
        } else {
            surname.iter().chain(&first_name).cloned().collect()
        };
        Folded::new(
            player.name.trim().to_string(),
            all,
            joined,
            surname,
            first_name,
            player.pin.iter().cloned().collect(),
        )
    }

    /// True when nothing of the name is left to compare (`?`, an empty PB).
    pub fn is_empty(&self) -> bool {
        self.words.is_empty() && self.pins.is_empty()
    }

    /// The name as written.
    pub fn raw(&self) -> &str {
        &self.raw
    }
}

/// How `written` (a record's name) fits `player` (a table's), or None.
pub fn compare(written: &Folded, player: &Folded) -> Option<NameKind> {
    if written.pins.iter().any(|p| player.pins.contains(p)) {
        return Some(NameKind::Pin);
    }
    if written.words.is_empty() || player.words.is_empty() {
        return None;
    }
    if written.raw == player.raw || reversed(&player.raw) == written.raw {
        return Some(NameKind::Exact);
    }
    if written.words == player.words || player.joined.contains(&written.joined[0]) {
        return Some(NameKind::Variant);
    }
    if is_partial(written, player) {
        return Some(NameKind::Partial);
    }
    if is_typo(written, player) {
        return Some(NameKind::Typo);
    }
    None
}

/// The two words of `Surname First` swapped, for the exact comparison of a record that
/// writes first names first.
fn reversed(name: &str) -> String {
    match name.split_once(' ') {
        Some((a, b)) => format!("{b} {a}"),
        None => name.to_string(),
    }
}

/// The surname is all there; of the first name at most an initial, or nothing.
fn is_partial(written: &Folded, player: &Folded) -> bool {
    if player.surname.is_empty() || !player.surname.iter().all(|s| written.words.contains(s)) {
        return false;
    }
    let rest: Vec<&String> = written
        .words
        .iter()
        .filter(|w| !player.surname.contains(w))
        .collect();
    match rest.as_slice() {
        [] => true,
        [initial] if initial.len() == 1 => player
            .first_name
            .first()
            .is_some_and(|f| f.starts_with(initial.as_str())),
        _ => false,
    }
}

/// Close in letters: at most one edit in a name of up to eight letters, two above.
fn is_typo(written: &Folded, player: &Folded) -> bool {
    let (mine, theirs) = (&written.letters, &player.letters);
    let limit = if theirs.len() <= 8 { 1 } else { 2 };
    if mine.len().abs_diff(theirs.len()) > limit {
        return false;
    }
    // Each edit changes the letter counts by at most 2.
    let apart: usize = written
        .counts
        .iter()
        .zip(&player.counts)
        .map(|(a, b)| usize::from(a.abs_diff(*b)))
        .sum();
    if apart > 2 * limit {
        return false;
    }
    let joined = &written.joined[0];
    std::iter::once(theirs)
        .chain(&player.joined)
        .any(|t| edit_distance(mine, t) <= limit || edit_distance(joined, t) <= limit)
}

fn sorted(mut words: Vec<String>) -> Vec<String> {
    words.sort();
    words
}

/// The folded words of a text: ASCII, lower case, cut at everything but letters and
/// digits (apostrophes dropped: `O'Brien`, the soft sign of `Il'ia`), each reduced to
/// its `skeleton`.
pub fn words(text: &str) -> Vec<String> {
    deunicode::deunicode(text)
        .to_ascii_lowercase()
        .replace(['\'', '`'], "")
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(skeleton)
        .collect()
}

/// A word with the spellings transliterations and keyboards disagree on made one:
/// `ae`, `oe`, `ue` for `ä`, `ö`, `ü` (Schlösser, Schloesser); `y` and `i` (Ilya,
/// Ilia); `w` and `v`; `kh` and `h`; `ph` and `f`; doubled letters single.
fn skeleton(word: &str) -> String {
    let word = word
        .replace("ae", "a")
        .replace("oe", "o")
        .replace("ue", "u")
        .replace("kh", "h")
        .replace("ph", "f")
        .replace('y', "i")
        .replace('w', "v");
    let mut out = String::with_capacity(word.len());
    for c in word.chars() {
        if !out.ends_with(c) || c.is_ascii_digit() {
            out.push(c);
        }
    }
    out
}

/// An EGD PIN: eight digits.
fn is_pin(word: &str) -> bool {
    word.len() == 8 && word.bytes().all(|b| b.is_ascii_digit())
}

/// A rank written beside a name: `5d`, `12k`, `1p`.
fn is_rank(word: &str) -> bool {
    let (digits, unit) = word.split_at(word.len().saturating_sub(1));
    !digits.is_empty()
        && digits.len() <= 2
        && digits.bytes().all(|b| b.is_ascii_digit())
        && matches!(unit, "k" | "d" | "p")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn player(surname: &str, first: &str) -> Folded {
        let key = format!("{surname}{first}").to_uppercase().replace(' ', "");
        Folded::player(&Player::new(&key, surname, first))
    }

    fn kind(written: &str, surname: &str, first: &str) -> Option<NameKind> {
        compare(&Folded::text(written), &player(surname, first))
    }

    #[test]
    fn spellings_of_one_player_match() {
        assert_eq!(kind("Mero Csaba", "Mero", "Csaba"), Some(NameKind::Exact));
        assert_eq!(kind("Csaba Mero", "Mero", "Csaba"), Some(NameKind::Exact));
        assert_eq!(kind("csaba MERŐ", "Mérő", "Csaba"), Some(NameKind::Variant));
        assert_eq!(kind("MEROCSABA", "Mero", "Csaba"), Some(NameKind::Variant));
        assert_eq!(
            kind("Aya de Groot", "Groot", "Aya_de"),
            Some(NameKind::Exact)
        );
        assert_eq!(
            kind("de Groot Aya", "Groot", "Aya_de"),
            Some(NameKind::Variant)
        );
        assert_eq!(
            kind("Pierre Luc Sarocchi", "Sarocchi", "Pierre-Luc"),
            Some(NameKind::Variant)
        );
        assert_eq!(kind("Gao Chuande", "高", "传德"), Some(NameKind::Variant));
        assert_eq!(kind("高传德", "高", "传德"), Some(NameKind::Variant));
        assert_eq!(
            kind("Ilya Chernov", "Чернов", "Илья"),
            Some(NameKind::Variant)
        );
        assert_eq!(
            kind("Mero Csaba 5d", "Mero", "Csaba"),
            Some(NameKind::Variant)
        );
        assert_eq!(
            kind("Franziska Schloesser", "Schlösser", "Franziska"),
            Some(NameKind::Variant)
        );
        assert_eq!(
            kind("Sean O'Brien", "OBrien", "Sean"),
            Some(NameKind::Variant)
        );
    }

    #[test]
    fn weak_spellings_are_partial_or_typos() {
        assert_eq!(kind("Mero", "Mero", "Csaba"), Some(NameKind::Partial));
        assert_eq!(kind("C. Mero", "Mero", "Csaba"), Some(NameKind::Partial));
        assert_eq!(kind("Mera Csaba", "Mero", "Csaba"), Some(NameKind::Typo));
        assert_eq!(kind("Mero Csabo", "Mero", "Csaba"), Some(NameKind::Typo));
        assert!(!NameKind::Partial.is_strong() && NameKind::Variant.is_strong());
    }

    #[test]
    fn other_players_do_not_match() {
        assert_eq!(kind("Lin Viktor", "Mero", "Csaba"), None);
        assert_eq!(kind("X. Mero", "Mero", "Csaba"), None);
        assert_eq!(kind("?", "Mero", "Csaba"), None);
        assert_eq!(kind("", "Mero", "Csaba"), None);
        assert_eq!(kind("Li Bo", "Li", "Boyuan"), None);
        assert_eq!(kind("Mero Anna", "Mero", "Csaba"), None);
    }

    #[test]
    fn a_pin_matches_whatever_the_name() {
        let mut p = Player::new("MEROCSABA", "Mero", "Csaba");
        p.pin = Some("10203040".into());
        let table = Folded::player(&p);
        assert_eq!(
            compare(&Folded::text("C. M. (10203040)"), &table),
            Some(NameKind::Pin)
        );
        assert_eq!(compare(&Folded::text("Csaba 10203041"), &table), None);
    }

    /// Letters and the accented forms a record may write them in.
    const ACCENTED: &[(char, &[char])] = &[
        ('a', &['à', 'á', 'â', 'ä', 'å', 'ã', 'ą']),
        ('c', &['ç', 'č', 'ć']),
        ('e', &['é', 'è', 'ê', 'ë', 'ę', 'ě']),
        ('i', &['í', 'ì', 'î', 'ï']),
        ('n', &['ñ', 'ń', 'ň']),
        ('o', &['ó', 'ò', 'ô', 'ö', 'ő', 'ø']),
        ('s', &['š', 'ś', 'ş']),
        ('u', &['ú', 'ù', 'û', 'ü', 'ű', 'ů']),
        ('z', &['ž', 'ź', 'ż']),
        ('y', &['ý', 'ÿ']),
    ];

    /// `name` with each letter, by `choices`, kept, upper-cased or accented.
    fn vary(name: &str, choices: &[u8]) -> String {
        name.chars()
            .zip(choices.iter().cycle())
            .map(|(c, &pick)| {
                let accents = ACCENTED.iter().find(|(base, _)| *base == c).map(|a| a.1);
                match (pick % 4, accents) {
                    (1, _) => c.to_uppercase().collect(),
                    (2, Some(forms)) => forms[usize::from(pick) % forms.len()].to_string(),
                    (3, Some(forms)) => forms[usize::from(pick) % forms.len()]
                        .to_uppercase()
                        .collect(),
                    _ => c.to_string(),
                }
            })
            .collect()
    }

    proptest! {
        /// Any accent or case variant of a name, in either order, matches its player
        /// strongly, and the table's accents do not matter either.
        #[test]
        fn any_accent_or_case_variant_matches(
            surname in "[a-z]{2,12}",
            first in "[a-z]{2,10}",
            choices in proptest::collection::vec(any::<u8>(), 1..24),
            table_choices in proptest::collection::vec(any::<u8>(), 1..24),
            first_first in any::<bool>(),
        ) {
            let written = if first_first {
                format!("{} {}", vary(&first, &choices), vary(&surname, &choices[1..].iter().chain(&choices[..1]).copied().collect::<Vec<_>>()))
            } else {
                format!("{} {}", vary(&surname, &choices), vary(&first, &choices))
            };
            let table = player(&vary(&surname, &table_choices), &vary(&first, &table_choices));
            let found = compare(&Folded::text(&written), &table);
            prop_assert!(found.is_some_and(NameKind::is_strong), "{written:?}: {found:?}");
            // Run together as OpenGotha keys them, too.
            let key = format!("{surname}{first}").to_uppercase();
            let found = compare(&Folded::text(&key), &table);
            prop_assert!(found.is_some_and(NameKind::is_strong), "{key:?}: {found:?}");
        }

        /// A name with a different surname is never a strong match.
        #[test]
        fn another_surname_is_not_a_strong_match(
            surname in "[a-z]{3,12}",
            other in "[a-z]{3,12}",
            first in "[a-z]{2,10}",
        ) {
            prop_assume!(edit_distance(&surname, &other) > 2);
            let found = compare(&Folded::text(&format!("{other} {first}")), &player(&surname, &first));
            prop_assert!(!found.is_some_and(NameKind::is_strong), "{found:?}");
        }
    }
}
