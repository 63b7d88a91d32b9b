//! Bytes → text. SGF files come in many charsets and the CA property that should
//! name it is often missing or stale (peers §3.5, §6 item 1). The cascade:
//!
//! 1. a byte-order mark (UTF-8, UTF-16LE, UTF-16BE) wins over everything;
//! 2. UTF-16 without a BOM is recognised by its NUL pattern;
//! 3. otherwise CA, read from the raw bytes, names the charset (via `encoding_rs`
//!    labels plus common SGF spellings such as `UTF8`, `ISO8859_1`, `SJIS`, `cp936`);
//!    a CA that the bytes contradict (not decodable, or plainly UTF-8) is overridden;
//! 4. with no usable CA: valid UTF-8, then `chardetng`'s guess if it decodes cleanly,
//!    then ISO-8859-1, which maps every byte to a character and so loses nothing.
//!
//! Every override, guess or replacement character gives a `charset` finding: nothing
//! is changed silently. Valid UTF-8 (or ASCII) with CA UTF-8 or no CA costs one
//! validation pass and one copy.

use crate::findings::{Code, Finding, Severity};
use crate::read::lines::LineIndex;
use encoding_rs::{Encoding, BIG5, EUC_JP, EUC_KR, GBK, SHIFT_JIS, UTF_16BE, UTF_16LE, UTF_8};

/// The decoded text of one file and how it was decoded.
#[derive(Debug, Clone)]
pub struct Decoded {
    pub text: String,
    /// The CA value as written (first one in the file), if any.
    pub declared: Option<String>,
    /// The charset actually used, by its WHATWG name (`UTF-8`, `GBK`, `Shift_JIS`, …),
    /// or `ISO-8859-1` for the byte-for-byte fallback.
    pub used: &'static str,
    /// The byte-order mark found, if any (`UTF-8`, `UTF-16LE`, `UTF-16BE`).
    pub bom: Option<&'static str>,
    /// `charset` findings, located in the decoded text.
    pub findings: Vec<Finding>,
}

/// Name used for the lossless byte-to-char fallback.
pub(crate) const LATIN1: &str = "ISO-8859-1";

/// Decodes the bytes of one SGF file ([`Decoded::of`]).
pub(crate) fn decode(bytes: &[u8]) -> Decoded {
    if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        let (text, bad) = utf8_lossy(rest);
        return finish_unicode(text, bad, "UTF-8", Some("UTF-8"));
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFF\xFE") {
        return decode_utf16(rest, UTF_16LE, Some("UTF-16LE"));
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFE\xFF") {
        return decode_utf16(rest, UTF_16BE, Some("UTF-16BE"));
    }
    if let Some(enc) = utf16_by_nul_pattern(bytes) {
        let mut d = decode_utf16(bytes, enc, None);
        let f = Finding::new(
            Code::Charset,
            format!(
                "the file is {} without a byte-order mark (recognised by its NUL bytes); decoded as {}",
                enc.name(),
                enc.name()
            ),
        );
        d.findings.insert(0, f);
        return d;
    }
    decode_ascii_compatible(bytes)
}

/// The start of a file too large to hold in memory (see docs/reading.md, "Streaming"):
/// the charset is decided on these first bytes, cut where no character is split, and
/// the rest of the file is decoded with it by the returned [`StreamDecoder`].
/// Returns the decoded start, how many bytes of `prefix` it took, and the decoder.
pub(crate) fn decode_start(prefix: &[u8]) -> (Decoded, usize, StreamDecoder) {
    // After the last ASCII byte no character of an ASCII-compatible charset is cut
    // (lead bytes of multi-byte characters are never ASCII).
    let mut cut = prefix
        .iter()
        .rposition(|&b| b < 0x80)
        .map_or(prefix.len(), |i| i + 1);
    let mut decoded = decode(&prefix[..cut]);
    if decoded.used.starts_with("UTF-16") {
        cut = prefix.len() & !1;
        decoded = decode(&prefix[..cut]);
    }
    let inner = if decoded.used == LATIN1 {
        None
    } else {
        let enc = Encoding::for_label(decoded.used.as_bytes()).unwrap_or(UTF_8);
        Some(enc.new_decoder_without_bom_handling())
    };
    let used = decoded.used;
    (decoded, cut, StreamDecoder { used, inner })
}

/// Decodes the rest of a streamed file, piece by piece, with the charset of its start.
pub(crate) struct StreamDecoder {
    used: &'static str,
    /// None: the lossless ISO-8859-1 fallback, byte n to U+00nn.
    inner: Option<encoding_rs::Decoder>,
}

impl StreamDecoder {
    /// The charset used.
    pub(crate) fn used(&self) -> &'static str {
        self.used
    }

    /// Appends the text of `bytes` to `out` (a character cut between two calls is
    /// completed by the next one); `last` on the final call. Returns whether any byte
    /// sequence was not valid and was replaced by U+FFFD.
    pub fn decode(&mut self, bytes: &[u8], last: bool, out: &mut String) -> bool {
        let Some(dec) = &mut self.inner else {
            out.extend(bytes.iter().map(|&b| b as char));
            return false;
        };
        let need = dec
            .max_utf8_buffer_length(bytes.len())
            .unwrap_or(bytes.len().saturating_mul(3) + 16);
        out.reserve(need);
        let (_, _, replaced) = dec.decode_to_string(bytes, out, last);
        replaced
    }
}

/// The finding for replacement characters met while streaming, located by the caller.
pub(crate) fn stream_replacement_finding(used: &str) -> Finding {
    Finding::new(
        Code::Charset,
        format!(
            "byte sequence(s) are not valid {used} and were replaced by U+FFFD (first one here)"
        ),
    )
}

/// UTF-16 text: decoded, then CA is only compared, never obeyed (the bytes say UTF-16).
fn decode_utf16(bytes: &[u8], enc: &'static Encoding, bom: Option<&'static str>) -> Decoded {
    let (text, had_errors) = enc.decode_without_bom_handling(bytes);
    let bad = if had_errors {
        count_replacements(&text)
    } else {
        0
    };
    finish_unicode(text.into_owned(), bad, enc.name(), bom)
}

/// Shared tail of the BOM / UTF-16 paths: report replacements and a contradicting CA.
fn finish_unicode(
    text: String,
    bad: usize,
    used: &'static str,
    bom: Option<&'static str>,
) -> Decoded {
    let declared = find_ca(text.as_bytes());
    let mut findings = Vec::new();
    if bad > 0 {
        findings.push(replacement_finding(&text, bad, used));
    }
    if let Some(label) = &declared {
        let named = encoding_for_label(label);
        if named.map(|e| e.name()) != Some(used) {
            let why = if bom.is_some() {
                "byte-order mark"
            } else {
                "NUL pattern"
            };
            findings.push(Finding::new(
                Code::Charset,
                format!("CA[{label}] but the {why} says {used}; decoded as {used}"),
            ));
        }
    }
    Decoded {
        text,
        declared,
        used,
        bom,
        findings,
    }
}

/// Everything that is not UTF-16: CA, then detection.
fn decode_ascii_compatible(bytes: &[u8]) -> Decoded {
    let declared = find_ca(bytes);
    let mut findings = Vec::new();
    let mut named = declared.as_deref().and_then(encoding_for_label);
    if let Some(label) = &declared {
        match named {
            None => findings.push(Finding::new(
                Code::Charset,
                format!("CA[{label}] is not a charset goref knows; detecting the charset"),
            )),
            Some(e) if e == UTF_16LE || e == UTF_16BE => {
                findings.push(Finding::new(
                    Code::Charset,
                    format!("CA[{label}] but the bytes are not UTF-16; detecting the charset"),
                ));
                named = None;
            }
            _ => {}
        }
    }
    let utf8 = std::str::from_utf8(bytes).ok();
    let (text, used) = match (named, utf8) {
        // Fast path: the common case costs one validation and one copy.
        (None, Some(s)) => (s.to_owned(), UTF_8.name()),
        (Some(e), Some(s)) if e == UTF_8 || (s.is_ascii() && e.is_ascii_compatible()) => {
            (s.to_owned(), e.name())
        }
        // 7-bit charsets with escape sequences (ISO-2022-JP) are valid UTF-8 too.
        (Some(e), Some(s)) if s.is_ascii() => declared_legacy(bytes, e, &declared, &mut findings),
        (Some(_), Some(s)) => {
            // Non-ASCII text that is valid UTF-8 is almost never another charset.
            findings.push(Finding::new(
                Code::Charset,
                format!(
                    "CA[{}] but the text is valid UTF-8; decoded as UTF-8",
                    declared.as_deref().unwrap_or_default()
                ),
            ));
            (s.to_owned(), UTF_8.name())
        }
        (Some(e), None) if e == UTF_8 => declared_utf8_but_invalid(bytes, &mut findings),
        (Some(e), None) => declared_legacy(bytes, e, &declared, &mut findings),
        (None, None) => undeclared_non_utf8(bytes, declared.is_some(), &mut findings),
    };
    Decoded {
        text,
        declared,
        used,
        bom: None,
        findings,
    }
}

/// Whether bytes that are not UTF-8 are nearly so: at least twice as many valid
/// multi-byte characters as invalid sequences (a name cut in the middle of a character,
/// a byte a server replaced by `?`). Text in a legacy multi-byte charset makes few valid
/// UTF-8 sequences by chance and many invalid ones.
fn mostly_utf8(bytes: &[u8]) -> bool {
    let (valid_multibyte, invalid) = utf8_census(bytes);
    valid_multibyte >= invalid * 2
}

/// CA says UTF-8 but the bytes are not. Mostly-UTF-8 text (Fox names cut in the middle
/// of a character) stays UTF-8 with replacements; otherwise trust detection.
fn declared_utf8_but_invalid(bytes: &[u8], findings: &mut Vec<Finding>) -> (String, &'static str) {
    if !mostly_utf8(bytes) {
        if let Some((text, enc)) = clean_guess(bytes) {
            findings.push(Finding::new(
                Code::Charset,
                format!(
                    "CA[UTF-8] but the bytes are not UTF-8; detected {} and decoded as {}",
                    enc.name(),
                    enc.name()
                ),
            ));
            return (text, enc.name());
        }
    }
    let (text, bad) = utf8_lossy(bytes);
    findings.push(replacement_finding(&text, bad, "UTF-8"));
    (text, UTF_8.name())
}

/// Whether the errors of a declared charset's decoding are no reason to doubt it: all
/// lie outside the game trees (bytes a tool appended after the last tree, a stray byte
/// before the first). Then the CA stands, with replacements there, rather than a guess
/// decoding the whole file differently. (Errors inside a tree do say the CA may be
/// stale: another charset may read the names cleanly.)
fn few_errors(text: &str) -> bool {
    let Some((start, end)) = text.find("(;").zip(text.rfind(')')) else {
        return false;
    };
    text.match_indices(char::REPLACEMENT_CHARACTER)
        .all(|(at, _)| at < start || at > end)
}

/// CA names a legacy charset and the bytes are not UTF-8.
fn declared_legacy(
    bytes: &[u8],
    enc: &'static Encoding,
    declared: &Option<String>,
    findings: &mut Vec<Finding>,
) -> (String, &'static str) {
    let label = declared.as_deref().unwrap_or_default();
    let (text, had_errors) = enc.decode_without_bom_handling(bytes);
    if !had_errors {
        // Single-byte charsets decode anything; a clean multi-byte CJK guess is a
        // better reading of a stale CA (e.g. GBK text under CA[ISO-8859-1]).
        if is_single_byte(enc) {
            if let Some((guessed, g)) = clean_guess(bytes) {
                if g != enc && is_cjk_multibyte(g) {
                    findings.push(Finding::new(
                        Code::Charset,
                        format!(
                            "CA[{label}] but the bytes read as {}; decoded as {}",
                            g.name(),
                            g.name()
                        ),
                    ));
                    return (guessed, g.name());
                }
            }
        }
        return (text.into_owned(), enc.name());
    }
    if let Some((guessed, g)) = clean_guess(bytes).filter(|_| !few_errors(&text)) {
        if g != enc {
            findings.push(Finding::new(
                Code::Charset,
                format!(
                    "CA[{label}] but the bytes are not valid {}; detected {} and decoded as {}",
                    enc.name(),
                    g.name(),
                    g.name()
                ),
            ));
            return (guessed, g.name());
        }
    }
    let text = text.into_owned();
    let bad = count_replacements(&text);
    findings.push(replacement_finding(&text, bad, enc.name()));
    (text, enc.name())
}

/// No (usable) CA and not UTF-8: detection, then the lossless fallback.
fn undeclared_non_utf8(
    bytes: &[u8],
    had_ca: bool,
    findings: &mut Vec<Finding>,
) -> (String, &'static str) {
    let intro = if had_ca {
        "the bytes are not UTF-8"
    } else {
        "no CA and the bytes are not UTF-8"
    };
    let guess = clean_guess(bytes);
    let utf8_wins = utf8_reads_better(bytes, guess.as_ref());
    if utf8_wins {
        let (text, bad) = utf8_lossy(bytes);
        let mut f = replacement_finding(&text, bad, "UTF-8");
        let why = match &guess {
            Some((_, g)) => format!("it holds UTF-8 characters that {} would misread", g.name()),
            None => "nearly all of it is UTF-8".to_string(),
        };
        f.message = format!("{intro}, but {why}: decoded as UTF-8; {}", f.message);
        findings.push(f);
        return (text, UTF_8.name());
    }
    if let Some((text, g)) = guess {
        findings.push(
            Finding::new(
                Code::Charset,
                format!("{intro}; detected {} and decoded as {}", g.name(), g.name()),
            )
            .with_severity(Severity::Info),
        );
        return (text, g.name());
    }
    findings.push(Finding::new(
        Code::Charset,
        format!(
            "{intro} and no charset fits; decoded as {LATIN1} (every byte kept as one character)"
        ),
    ));
    (latin1(bytes), LATIN1)
}

/// Whether bytes without a CA that are not UTF-8 still read better as UTF-8 (with U+FFFD
/// for what is broken) than as the detected charset `guess` (None: nothing decodes them
/// cleanly but ISO-8859-1, which loses nothing). Fox exports UTF-8 without CA and cuts names in the middle of a
/// character (a byte replaced by `?`); another charset may then decode every byte:
/// - a single-byte one turns each valid character into two or three wrong ones: UTF-8
///   wins where it reads at least half as many characters as it misses;
/// - a multi-byte one (GBK, Big5) reads other characters, and may read a `]` as the
///   second half of one, so that a value runs on over the next properties (a `KM`
///   swallowed into the rank before it): UTF-8 wins where the text is nearly all UTF-8
///   (twice as many characters as misses), or where the guess changes the SGF structure
///   and UTF-8 reads at least half as many characters as it misses.
///
/// Text really in a legacy charset makes few valid UTF-8 characters by chance and many
/// invalid sequences, and is left to detection.
fn utf8_reads_better(bytes: &[u8], guess: Option<&(String, &'static Encoding)>) -> bool {
    let (valid, invalid) = utf8_census(bytes);
    if valid == 0 {
        return false;
    }
    match guess {
        // Nothing decodes the bytes cleanly: ISO-8859-1 keeps every byte, so UTF-8 must
        // be nearly all of the text to be the better reading.
        None => valid >= 2 * invalid,
        Some((_, enc)) if enc.is_single_byte() => 2 * valid >= invalid,
        Some((text, _)) => {
            valid >= 2 * invalid || (!keeps_the_structure(bytes, text) && 2 * valid >= invalid)
        }
    }
}

/// Whether a decoding keeps every `[`, `\\` and `]` byte as that character. SGF's
/// structure is in those bytes, and a multi-byte charset whose second bytes include them
/// (GBK, Big5, Shift_JIS) may read one as half of a character.
fn keeps_the_structure(bytes: &[u8], text: &str) -> bool {
    let delimiter = |b: u8| matches!(b, b'[' | b'\\' | b']');
    let in_bytes = bytes.iter().filter(|&&b| delimiter(b)).count();
    let in_text = text.bytes().filter(|&b| delimiter(b)).count();
    in_bytes == in_text
}

/// chardetng's guess, if it decodes the bytes without a single error.
fn clean_guess(bytes: &[u8]) -> Option<(String, &'static Encoding)> {
    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(bytes, true);
    let guess = detector.guess(None, false);
    if guess == UTF_8 {
        return None;
    }
    let (text, had_errors) = guess.decode_without_bom_handling(bytes);
    (!had_errors).then(|| (text.into_owned(), guess))
}

fn is_single_byte(enc: &'static Encoding) -> bool {
    enc.is_single_byte()
}

fn is_cjk_multibyte(enc: &'static Encoding) -> bool {
    [GBK, BIG5, SHIFT_JIS, EUC_KR, EUC_JP].contains(&enc) || enc.name() == "gb18030"
}

/// (valid multi-byte sequences, invalid sequences) of a byte string read as UTF-8.
fn utf8_census(bytes: &[u8]) -> (usize, usize) {
    let mut valid = 0;
    let mut invalid = 0;
    for chunk in bytes.utf8_chunks() {
        valid += chunk.valid().chars().filter(|c| !c.is_ascii()).count();
        if !chunk.invalid().is_empty() {
            invalid += 1;
        }
    }
    (valid, invalid)
}

/// UTF-8 with U+FFFD for each invalid sequence, and how many there were.
fn utf8_lossy(bytes: &[u8]) -> (String, usize) {
    match std::str::from_utf8(bytes) {
        Ok(s) => (s.to_owned(), 0),
        Err(_) => {
            let mut out = String::with_capacity(bytes.len() + 16);
            let mut bad = 0;
            for chunk in bytes.utf8_chunks() {
                out.push_str(chunk.valid());
                if !chunk.invalid().is_empty() {
                    out.push(char::REPLACEMENT_CHARACTER);
                    bad += 1;
                }
            }
            (out, bad)
        }
    }
}

/// ISO-8859-1: byte n is U+00nn. Never fails, loses nothing.
fn latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| b as char).collect()
}

fn count_replacements(text: &str) -> usize {
    text.chars()
        .filter(|&c| c == char::REPLACEMENT_CHARACTER)
        .count()
}

/// "N byte sequences could not be decoded", located at the first replacement.
fn replacement_finding(text: &str, bad: usize, used: &str) -> Finding {
    let f = Finding::new(
        Code::Charset,
        format!(
            "{bad} byte sequence(s) are not valid {used} and were replaced by U+FFFD (first one here)"
        ),
    );
    match text.find(char::REPLACEMENT_CHARACTER) {
        Some(off) => f.at(LineIndex::new(text).pos(text, off)),
        None => f,
    }
}

/// UTF-16 without BOM: SGF text is mostly ASCII, so one byte of every pair is NUL.
fn utf16_by_nul_pattern(bytes: &[u8]) -> Option<&'static Encoding> {
    let sample = &bytes[..bytes.len().min(4096) & !1];
    if sample.len() < 4 {
        return None;
    }
    let pairs = sample.len() / 2;
    let (mut even, mut odd) = (0usize, 0usize);
    for pair in sample.chunks_exact(2) {
        even += usize::from(pair[0] == 0);
        odd += usize::from(pair[1] == 0);
    }
    // Demand NULs in at least 30% of the pairs on one side (CJK text has fewer than
    // ASCII) and ten times fewer on the other, so that a binary file with scattered
    // NULs is not taken for text.
    let clear = |major: usize, minor: usize| major * 10 >= pairs * 3 && minor * 10 <= major;
    if clear(odd, even) {
        Some(UTF_16LE)
    } else if clear(even, odd) {
        Some(UTF_16BE)
    } else {
        None
    }
}

/// The first CA value in the bytes, read as ISO-8859-1 (lossless), trimmed.
/// `CA` must not be the tail of a longer identifier (`xCA[` is not CA).
pub(crate) fn find_ca(bytes: &[u8]) -> Option<String> {
    let mut from = 0;
    while let Some(rel) = find(&bytes[from..], b"CA") {
        let at = from + rel;
        from = at + 2;
        if at > 0 && bytes[at - 1].is_ascii_alphabetic() {
            continue;
        }
        let mut i = at + 2;
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if bytes.get(i) != Some(&b'[') {
            continue;
        }
        let start = i + 1;
        let end = bytes[start..]
            .iter()
            .position(|&b| b == b']')
            .map_or(bytes.len(), |p| start + p);
        let value = latin1(&bytes[start..end]);
        let value = value.trim();
        if !value.is_empty() {
            return Some(value.to_owned());
        }
    }
    None
}

/// The first occurrence of `needle` (memchr's substring search: most files have no CA
/// and are searched to the end).
fn find(hay: &[u8], needle: &[u8; 2]) -> Option<usize> {
    memchr::memmem::find(hay, needle)
}

/// The encoding a CA label names: WHATWG labels plus spellings seen in SGF files.
pub(crate) fn encoding_for_label(label: &str) -> Option<&'static Encoding> {
    let label = label.trim();
    if let Some(e) = Encoding::for_label(label.as_bytes()) {
        return Some(e);
    }
    let squashed: String = label
        .chars()
        .filter(|c| !matches!(c, '-' | '_' | ' ' | '.'))
        .flat_map(char::to_lowercase)
        .collect();
    let alias = match squashed.as_str() {
        "utf8" => "utf-8",
        "utf16" | "utf16le" | "ucs2" => "utf-16le",
        "utf16be" => "utf-16be",
        "iso88591" | "latin1" => "iso-8859-1",
        "iso88592" | "latin2" => "iso-8859-2",
        "iso885915" | "latin9" => "iso-8859-15",
        "sjis" | "shiftjis" | "cp932" | "ms932" | "windows31j" => "shift_jis",
        "cp936" | "ms936" | "gb2312" | "euccn" | "gbk" => "gbk",
        "gb18030" => "gb18030",
        "cp950" | "big5" | "big5hkscs" => "big5",
        "cp949" | "ms949" | "euckr" | "uhc" => "euc-kr",
        "eucjp" => "euc-jp",
        "koi8r" => "koi8-r",
        "koi8u" => "koi8-u",
        "cp1250" | "windows1250" => "windows-1250",
        "cp1251" | "windows1251" => "windows-1251",
        "cp1252" | "windows1252" => "windows-1252",
        "macroman" | "macintosh" => "macintosh",
        "iso2022jp" => "iso-2022-jp",
        "ascii" | "usascii" => "windows-1252",
        _ => return None,
    };
    Encoding::for_label(alias.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{ISO_2022_JP, KOI8_R, WINDOWS_1250, WINDOWS_1251, WINDOWS_1252};

    const CHINESE: &str = "第一届应氏杯世界职业围棋锦标赛决赛，聂卫平对曹薰铉，黑棋中盘胜";

    /// A streamed file: its start decoded by [`decode_start`] from the first `k` bytes,
    /// the rest by the returned decoder in two pieces (a character may be cut between
    /// them). Checks that the decoder names the start's charset.
    fn decode_in_pieces(bytes: &[u8], k: usize) -> (String, usize) {
        let (start, cut, mut decoder) = decode_start(&bytes[..k]);
        assert!(cut <= k, "the start took {cut} of {k} bytes");
        assert_eq!(decoder.used(), start.used);
        let mut text = start.text;
        let rest = &bytes[cut..];
        let (a, b) = rest.split_at(rest.len() / 2);
        decoder.decode(a, false, &mut text);
        decoder.decode(b, true, &mut text);
        (text, cut)
    }

    /// Split anywhere, a streamed file reads as the whole file decoded at once: UTF-8
    /// with characters of two and three bytes (one with a 0x80 byte), UTF-16 with its
    /// byte-order mark, and GBK named by CA.
    #[test]
    fn a_file_decoded_in_pieces_reads_as_the_whole_file() {
        let sgf = "(;FF[4]CA[CHARSET]C[ab… Ā € 第一届]PB[x];B[pd])";
        let utf8 = sgf.replace("CHARSET", "UTF-8").into_bytes();
        let mut utf16 = vec![0xFF, 0xFE];
        for unit in sgf.replace("CHARSET", "UTF-16").encode_utf16() {
            utf16.extend(unit.to_le_bytes());
        }
        let gbk_text = sgf.replace("CHARSET", "GBK").replace(['…', 'Ā', '€'], "-");
        let gbk = GBK.encode(&gbk_text).0.into_owned();
        // From how many bytes on the start shows the charset: the BOM, or CA[GBK].
        for (bytes, from) in [(&utf8, 1), (&utf16, 2), (&gbk, 15)] {
            let whole = decode(bytes).text;
            assert!(whole.contains("第一届"), "{whole}");
            for k in from..=bytes.len() {
                assert_eq!(decode_in_pieces(bytes, k).0, whole, "split at {k}");
            }
        }
    }

    /// The start ends after its last ASCII byte (no character of an ASCII-compatible
    /// charset is cut there), or on an even byte in UTF-16.
    #[test]
    fn the_start_ends_after_its_last_ascii_byte() {
        let bytes = "(;C[ab…c])".as_bytes(); // … is E2 80 A6
        let cut_at = |k| decode_in_pieces(bytes, k).1;
        assert_eq!(cut_at(5), 5); // "(;C[a"
        assert_eq!(cut_at(6), 6); // "(;C[ab"
        assert_eq!(cut_at(7), 6); // E2 left for the rest
        assert_eq!(cut_at(8), 6); // E2 80: 0x80 is not ASCII
        assert_eq!(cut_at(9), 6); // E2 80 A6: the whole character, but no ASCII after it
        assert_eq!(cut_at(10), 10); // "c"
        let mut utf16 = vec![0xFF, 0xFE];
        for unit in "(;C[ab])".encode_utf16() {
            utf16.extend(unit.to_le_bytes());
        }
        assert_eq!(decode_in_pieces(&utf16, 7).1, 6);
        assert_eq!(decode_in_pieces(&utf16, 8).1, 8);
    }

    fn sgf_in(enc: &'static Encoding, ca: Option<&str>, name: &str) -> Vec<u8> {
        let text = match ca {
            Some(ca) => format!("(;FF[4]CA[{ca}]PB[{name}]PW[{name}]C[{name} {name}];B[pd])"),
            None => format!("(;FF[4]PB[{name}]PW[{name}]C[{name} {name}];B[pd])"),
        };
        enc.encode(&text).0.into_owned()
    }

    fn assert_decodes(enc: &'static Encoding, ca: &str, name: &str) {
        let d = decode(&sgf_in(enc, Some(ca), name));
        assert_eq!(d.used, enc.name(), "CA[{ca}]");
        assert!(d.text.contains(name), "CA[{ca}]: {}", d.text);
        assert!(d.findings.is_empty(), "CA[{ca}]: {:?}", d.findings);
        assert_eq!(d.declared.as_deref(), Some(ca));
    }

    #[test]
    fn ca_names_each_common_charset() {
        assert_decodes(UTF_8, "UTF-8", "李昌镐");
        assert_decodes(UTF_8, "utf8", "李昌镐");
        assert_decodes(WINDOWS_1252, "ISO-8859-1", "Müller");
        assert_decodes(WINDOWS_1252, "ISO8859_1", "Müller");
        assert_decodes(GBK, "GB2312", "李昌镐聂卫平");
        assert_decodes(GBK, "GBK", "李昌镐聂卫平");
        assert_eq!(
            decode(&sgf_in(GBK, Some("GB18030"), "聂卫平")).used,
            "gb18030"
        );
        assert_decodes(BIG5, "Big5", "聶衛平棋士");
        assert_decodes(SHIFT_JIS, "Shift_JIS", "本因坊秀策");
        assert_decodes(SHIFT_JIS, "SJIS", "本因坊秀策");
        assert_decodes(EUC_KR, "EUC-KR", "이세돌");
        assert_decodes(EUC_JP, "EUC-JP", "本因坊秀策");
        assert_decodes(KOI8_R, "KOI8-R", "Пётр");
        assert_decodes(WINDOWS_1250, "windows-1250", "Łódź");
        assert_decodes(WINDOWS_1251, "windows-1251", "Пётр");
        assert_decodes(WINDOWS_1252, "windows-1252", "Müller");
    }

    /// Two bad bytes after the last tree of a CA[GB18030] file: the CA stands (the names
    /// read right), the bad bytes become replacements and a finding says so.
    #[test]
    fn a_declared_charset_survives_bad_bytes_outside_the_trees() {
        for (tail, head) in [(&b"\xff\xff"[..], &b""[..]), (b"\n", b"\x80\xff ")] {
            let mut bytes = head.to_vec();
            bytes.extend_from_slice(&sgf_in(encoding_rs::GB18030, Some("GB18030"), "聂卫平"));
            bytes.extend_from_slice(tail);
            let d = decode(&bytes);
            assert_eq!(d.used, "gb18030");
            assert!(d.text.contains("聂卫平"), "{}", d.text);
            assert_eq!(d.findings.len(), 1, "{:?}", d.findings);
            assert_eq!(d.findings[0].code, Code::Charset);
        }
        // Bad bytes inside the tree: the CA is doubted and detection decides, as before.
        let mut bytes = b"(;CA[GB18030]PB[".to_vec();
        bytes.extend_from_slice(b"M\xfcller \xff\xff \xe9t\xe9 \xff]C[\xe0 \xe8 \xff])");
        assert_ne!(decode(&bytes).used, "gb18030");
    }

    #[test]
    fn boms_win_and_a_contradicting_ca_is_reported() {
        let mut b = b"\xEF\xBB\xBF".to_vec();
        b.extend_from_slice("(;CA[UTF-8]PB[李])".as_bytes());
        let d = decode(&b);
        assert_eq!((d.used, d.bom), ("UTF-8", Some("UTF-8")));
        assert!(d.text.starts_with("(;") && d.findings.is_empty());

        for (enc, bom) in [(UTF_16LE, &b"\xFF\xFE"[..]), (UTF_16BE, &b"\xFE\xFF"[..])] {
            let mut b = bom.to_vec();
            let units: Vec<u16> = "(;CA[UTF-8]PB[李])".encode_utf16().collect();
            for u in units {
                let pair = if enc == UTF_16LE {
                    u.to_le_bytes()
                } else {
                    u.to_be_bytes()
                };
                b.extend_from_slice(&pair);
            }
            let d = decode(&b);
            assert_eq!(d.used, enc.name());
            assert!(d.text.contains("PB[李]"));
            assert_eq!(d.findings.len(), 1, "{:?}", d.findings);
            assert!(d.findings[0].message.contains("CA[UTF-8]"));
        }
    }

    #[test]
    fn utf16_without_bom_is_recognised() {
        let b: Vec<u8> = "(;FF[4]PB[Lee];B[pd])"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let d = decode(&b);
        assert_eq!(d.used, "UTF-16LE");
        assert_eq!(d.text, "(;FF[4]PB[Lee];B[pd])");
        assert_eq!(d.findings[0].code, Code::Charset);
        let b: Vec<u8> = "(;FF[4]PB[Lee];B[pd])"
            .encode_utf16()
            .flat_map(u16::to_be_bytes)
            .collect();
        assert_eq!(decode(&b).used, "UTF-16BE");
    }

    #[test]
    fn missing_ca_uses_utf8_then_detection_then_latin1() {
        let d = decode(&sgf_in(UTF_8, None, "李昌镐"));
        assert_eq!(d.used, "UTF-8");
        assert!(d.findings.is_empty());
        let d = decode(&sgf_in(SHIFT_JIS, None, "本因坊秀策は囲碁の棋士です"));
        assert_eq!(d.used, "Shift_JIS");
        assert!(d.text.contains("本因坊秀策"));
        assert_eq!(d.findings.len(), 1);
        // Bytes no multi-byte charset accepts and chardetng calls single-byte still
        // decode; whatever is chosen, nothing is silent and nothing is lost.
        let d = decode(b"(;PB[\x81\x81\x81\xFF\xFE]C[\x00\x01])");
        assert!(!d.findings.is_empty());
        assert!(d.text.starts_with("(;PB["));
    }

    #[test]
    fn wrong_ca_is_overridden_and_reported() {
        // CA says Latin-1, the text is UTF-8.
        let d = decode("(;CA[ISO-8859-1]PB[李昌镐])".as_bytes());
        assert_eq!(d.used, "UTF-8");
        assert!(d.text.contains("李昌镐"));
        assert_eq!(d.findings.len(), 1);
        // CA says UTF-8, the text is GBK.
        let d = decode(&sgf_in(GBK, Some("UTF-8"), CHINESE));
        assert_eq!(d.used, "GBK");
        assert!(d.text.contains("聂卫平"));
        assert_eq!(d.findings.len(), 1);
        // CA says Shift_JIS, the text is GBK (not valid Shift_JIS).
        let d = decode(&sgf_in(GBK, Some("Shift_JIS"), CHINESE));
        assert_ne!(d.used, "Shift_JIS");
        assert!(!d.findings.is_empty());
        // Unknown label.
        let d = decode(b"(;CA[klingon]PB[x])");
        assert_eq!(d.used, "UTF-8");
        assert_eq!(d.findings.len(), 1);
    }

    /// One case per override path of the cascade (issue 18): which charset is used and
    /// what the single finding says.
    #[test]
    fn every_override_path_is_taken_and_reported() {
        let one_finding = |d: &Decoded, says: &str| {
            assert_eq!(d.findings.len(), 1, "{:?}", d.findings);
            assert!(d.findings[0].message.contains(says), "{:?}", d.findings);
        };
        // A stale single-byte CA on GBK text: the clean CJK reading wins.
        let d = decode(&sgf_in(GBK, Some("ISO-8859-1"), CHINESE));
        assert_eq!(d.used, "GBK");
        assert!(d.text.contains("聂卫平"));
        one_finding(&d, "CA[ISO-8859-1] but the bytes read as GBK");
        // ... but a single-byte text under its single-byte CA stays as declared.
        let d = decode(&sgf_in(WINDOWS_1252, Some("ISO-8859-1"), "Müller Ørsted"));
        assert_eq!((d.used, d.findings.len()), ("windows-1252", 0));
        // A multi-byte CA the bytes break: detection decodes them cleanly.
        let d = decode(&sgf_in(GBK, Some("Shift_JIS"), CHINESE));
        assert_eq!(d.used, "GBK");
        one_finding(&d, "not valid Shift_JIS; detected GBK");
        // CA UTF-16 on bytes that are not: ignored, then the text is plain UTF-8.
        let d = decode("(;CA[UTF-16]PB[李昌镐])".as_bytes());
        assert_eq!(d.used, "UTF-8");
        one_finding(&d, "CA[UTF-16] but the bytes are not UTF-16");
        // A 7-bit charset with escapes is obeyed although the bytes are valid UTF-8.
        let d = decode(&sgf_in(ISO_2022_JP, Some("ISO-2022-JP"), "本因坊秀策"));
        assert_eq!((d.used, d.findings.len()), ("ISO-2022-JP", 0));
        assert!(d.text.contains("本因坊秀策"));
        // GBK text with a broken last character: under CA[GBK] replaced and located;
        // with no CA, or an unknown one, nothing decodes it cleanly, so Latin-1.
        let mut broken = sgf_in(GBK, Some("GBK"), CHINESE);
        broken.splice(broken.len() - 1..broken.len() - 1, *b"C[\xFF\xFF]");
        let d = decode(&broken);
        assert_eq!(d.used, "GBK");
        assert!(d.text.contains("聂卫平"));
        one_finding(&d, "2 byte sequence(s) are not valid GBK and were replaced");
        let no_ca: Vec<u8> = broken
            .windows(7)
            .position(|w| w == b"CA[GBK]")
            .map(|at| [&broken[..at], &broken[at + 7..]].concat())
            .unwrap();
        let d = decode(&no_ca);
        assert_eq!(d.used, LATIN1);
        one_finding(&d, "no CA and the bytes are not UTF-8 and no charset fits");
        let mut unknown_ca = no_ca.clone();
        unknown_ca.splice(2..2, b"CA[klingon]".iter().copied());
        let d = decode(&unknown_ca);
        assert_eq!(d.used, LATIN1);
        assert_eq!(d.findings.len(), 2, "{:?}", d.findings);
        assert!(d.findings[1].message.starts_with("the bytes are not UTF-8"));
        // No CA and clean GBK: detected, reported as information only.
        let d = decode(&sgf_in(GBK, None, CHINESE));
        assert_eq!(d.used, "GBK");
        one_finding(&d, "no CA and the bytes are not UTF-8; detected GBK");
        assert_eq!(d.findings[0].severity, Severity::Info);
        // A UTF-8 BOM with a broken sequence: replaced and reported.
        let d = decode(b"\xEF\xBB\xBF(;PB[\xFFx])");
        assert_eq!((d.used, d.bom), ("UTF-8", Some("UTF-8")));
        one_finding(&d, "1 byte sequence(s) are not valid UTF-8");
        // UTF-16 recognised by its NULs, with a CA that says otherwise.
        let b: Vec<u8> = "(;CA[GBK]PB[Lee];B[pd])"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let d = decode(&b);
        assert_eq!(d.used, "UTF-16LE");
        assert_eq!(d.findings.len(), 2, "{:?}", d.findings);
        assert!(d.findings[1]
            .message
            .contains("the NUL pattern says UTF-16LE"));
    }

    #[test]
    fn invalid_utf8_under_ca_utf8_is_replaced_and_located() {
        // A name cut in the middle of a character, as Fox writes it.
        let mut b = "(;CA[UTF-8]\nPB[李昌".as_bytes().to_vec();
        b.extend_from_slice(&"镐".as_bytes()[..2]);
        b.extend_from_slice("]PW[古力];B[pd])".as_bytes());
        let d = decode(&b);
        assert_eq!(d.used, "UTF-8");
        assert!(d.text.contains("PB[李昌\u{FFFD}]"));
        assert_eq!(d.findings.len(), 1);
        assert_eq!(
            (d.findings[0].line, d.findings[0].column),
            (Some(2), Some(6))
        );
    }

    /// Fox's export header as it is (`Pro/9p/1516115599`): no CA, UTF-8 names with a byte
    /// replaced by `?`, the rank `9段` right before `KM`. GBK decodes every byte, and reads
    /// `段` and the `]` after it as two other characters, so that the rank runs on over
    /// `WR` and `KM`: the komi was lost and the count compared with RE under none.
    const FOX_HEADER: &[u8] = b"(;GM[1]FF[4]  SZ[19]  PB[\xe5\xb0?\xe6\xb5\xa3\xe8\x83\xbd]  \
        PW[\xe7\xbb?\xe8\x89\xba\xe6\x8c\x87\xe5\xaf\xbcB]  BR[9\xe6\xae\xb5]  WR[P9\xe6\xae\xb5]  \
        KM[550]HA[3]RU[Japanese]RE[W+0.5];B[pd])";

    #[test]
    fn a_fox_header_with_cut_names_stays_utf8_and_keeps_its_properties() {
        // The case is the one the rule is for: GBK decodes it cleanly and moves a `]`.
        let (gbk, gbk_errors) = GBK.decode_without_bom_handling(FOX_HEADER);
        assert!(!gbk_errors);
        assert!(!keeps_the_structure(FOX_HEADER, &gbk));
        let d = decode(FOX_HEADER);
        assert_eq!(d.used, "UTF-8");
        assert!(d.text.contains("BR[9段]  WR[P9段]  KM[550]"), "{}", d.text);
        assert!(d.text.contains("PB[\u{FFFD}?浣能]"), "{}", d.text);
        assert_eq!(d.findings.len(), 1, "{:?}", d.findings);
        let message = &d.findings[0].message;
        assert!(
            message.starts_with(
                "no CA and the bytes are not UTF-8, but it holds UTF-8 characters that GBK would misread"
            )
                && message.contains("2 byte sequence(s) are not valid UTF-8"),
            "{message}"
        );
    }

    /// A name cut at its last character, no CA: windows-1252 decodes every byte (and is
    /// chardetng's guess), but would turn 李昌 into six Latin characters; the finding names
    /// the charset UTF-8 was preferred to.
    #[test]
    fn a_name_cut_at_its_end_reads_as_utf8_and_says_which_guess_it_beat() {
        let bytes = b"(;PB[\xE6\x9D\x8E\xE6\x98\x8C\xFF])";
        assert_eq!(clean_guess(bytes).map(|(_, e)| e), Some(WINDOWS_1252));
        let d = decode(bytes);
        assert_eq!(d.used, "UTF-8");
        assert!(d.text.contains("PB[李昌\u{FFFD}]"), "{}", d.text);
        assert!(
            d.findings[0]
                .message
                .contains("UTF-8 characters that windows-1252 would misread"),
            "{:?}",
            d.findings
        );
    }

    /// More broken characters than whole ones, as in many Fox names, and a multi-byte
    /// guess that moves a `]`: UTF-8 still wins where it reads half as many characters as
    /// it misses; a single-byte guess (which cannot move a `]`) turns every whole character
    /// into two or three wrong ones, and loses to UTF-8 by the same measure.
    #[test]
    fn names_mostly_broken_still_read_as_utf8_beside_a_guess_that_misreads_them() {
        // 미?미?: two Hangul syllables each cut by a `?` (two invalid sequences each).
        let korean =
            b"(;PB[\xeb\xaf\xb8\xeb?\xbc\xed?\xb4]BR[9\xe6\xae\xb5]WR[9\xe6\xae\xb5]KM[0];B[pd])";
        let d = decode(korean);
        assert_eq!(d.used, "UTF-8");
        assert!(d.text.contains("BR[9段]WR[9段]KM[0]"), "{}", d.text);
        // Three valid characters against eight invalid sequences: detection decides.
        let mostly_broken =
            b"(;PB[\xe3?\xb5\xe3?\x8b\xe3?\x97\xe3?\xb5]BR[9\xe6\xae\xb5]PW[\xe4\xbd\x99];B[pd])";
        assert_eq!(utf8_census(mostly_broken), (2, 8));
        assert_ne!(decode(mostly_broken).used, "UTF-8");
    }

    /// The decision table of [`utf8_reads_better`], at its boundaries: `valid` UTF-8
    /// characters and `invalid` sequences, against no clean guess, a single-byte one, and a
    /// multi-byte one that keeps or moves the SGF structure.
    #[test]
    fn utf8_reads_better_by_the_census_and_the_guess() {
        let bytes = |valid: usize, invalid: usize| {
            let mut b = b"(;PB[".to_vec();
            for _ in 0..valid {
                b.extend_from_slice("段".as_bytes());
            }
            for _ in 0..invalid {
                b.extend_from_slice(b"\xFFa");
            }
            b.extend_from_slice(b"])");
            b
        };
        let decide = |valid, invalid, guess: Option<(&'static Encoding, bool)>| {
            let b = bytes(valid, invalid);
            assert_eq!(utf8_census(&b), (valid, invalid));
            let kept = String::from_utf8_lossy(&b).into_owned();
            let guess = guess.map(|(enc, keeps)| {
                let text = if keeps {
                    kept.clone()
                } else {
                    kept.replacen(']', "", 1)
                };
                (text, enc)
            });
            utf8_reads_better(&b, guess.as_ref())
        };
        let single = Some((WINDOWS_1252, true));
        let (keeps, moves) = (Some((GBK, true)), Some((GBK, false)));
        // (valid, invalid, guess, UTF-8 reads better)
        let table = [
            (0, 1, None, false),
            (2, 1, None, true),
            (3, 2, None, false),
            (1, 2, single, true),
            (4, 8, single, true),
            (1, 3, single, false),
            (2, 1, keeps, true),
            (3, 2, keeps, false),
            (1, 2, keeps, false),
            (1, 2, moves, true),
            (4, 8, moves, true),
            (1, 3, moves, false),
            (0, 1, moves, false),
        ];
        for (valid, invalid, guess, expected) in table {
            assert_eq!(
                decide(valid, invalid, guess),
                expected,
                "{valid} valid, {invalid} invalid, guess {:?}",
                guess.map(|(e, k): (&Encoding, bool)| (e.name(), k))
            );
        }
    }

    #[test]
    fn text_really_in_a_legacy_charset_is_still_detected() {
        let d = decode(&sgf_in(GBK, None, CHINESE));
        assert_eq!(d.used, "GBK");
        assert!(d.text.contains(CHINESE));
        // A GBK character whose second byte is `]` (0x5D) moves the structure: the test
        // of the rule above sees it.
        let (text, _) = GBK.decode_without_bom_handling(b"PB[\x81]]");
        assert!(!keeps_the_structure(b"PB[\x81]]", &text), "{text}");
        assert!(keeps_the_structure(b"PB[a]]", "PB[a]]"));
    }

    /// The census boundary of `declared_utf8_but_invalid`: with fewer valid multi-byte
    /// characters than twice the invalid sequences, detection decides.
    #[test]
    fn ca_utf8_with_twice_as_many_good_characters_as_bad_stays_utf8() {
        let d = decode(b"(;CA[UTF-8]PB[\xE6\x9D\x8E\xE6\x98\x8C\xFF])");
        assert_eq!(d.used, "UTF-8");
        assert!(d.text.contains("PB[李昌\u{FFFD}]"), "{}", d.text);
    }

    #[test]
    fn ca_utf8_on_latin1_bytes_is_detected() {
        let d = decode(b"(;CA[UTF-8]PB[M\xFCller])");
        assert_eq!(d.used, "windows-1252");
        assert!(d.text.contains("Müller"));
        assert_eq!(d.findings.len(), 1, "{:?}", d.findings);
        assert!(d.findings[0].message.contains("detected windows-1252"));
    }

    /// The NUL-pattern sample starts at two UTF-16 code units: one is too little to tell.
    #[test]
    fn utf16_by_nul_pattern_needs_two_code_units() {
        assert_eq!(decode(b"(\0;\0").used, "UTF-16LE");
        assert_eq!(decode(b"\0(\0;").used, "UTF-16BE");
        assert_eq!(decode(b"(\0").used, "UTF-8");
        assert_eq!(decode(b"").used, "UTF-8");
    }

    /// UTF-16 without a BOM is told by NULs in at least 30% of the pairs on one side and
    /// at most a tenth of that on the other: 100 pairs, `high` NULs on the high-byte side
    /// (odd bytes in little-endian) and `low` on the other.
    #[test]
    fn utf16_by_nul_pattern_needs_many_nuls_on_one_side_only() {
        let sample = |high: usize, low: usize| -> Vec<u8> {
            (0..100)
                .flat_map(|k| {
                    [
                        if k >= 50 && k < 50 + low { 0 } else { b'x' },
                        if k < high { 0 } else { b'x' },
                    ]
                })
                .collect()
        };
        assert_eq!(utf16_by_nul_pattern(&sample(30, 0)), Some(UTF_16LE));
        assert_eq!(utf16_by_nul_pattern(&sample(30, 3)), Some(UTF_16LE));
        assert_eq!(utf16_by_nul_pattern(&sample(29, 0)), None); // under 30%
        assert_eq!(utf16_by_nul_pattern(&sample(20, 0)), None);
        assert_eq!(utf16_by_nul_pattern(&sample(40, 10)), None); // NULs on both sides
        assert_eq!(utf16_by_nul_pattern(&sample(40, 4)), Some(UTF_16LE));
        let swapped: Vec<u8> = sample(30, 3).chunks(2).flat_map(|p| [p[1], p[0]]).collect();
        assert_eq!(utf16_by_nul_pattern(&swapped), Some(UTF_16BE));
    }

    /// Every spelling of the alias table, each one that WHATWG does not know itself.
    #[test]
    fn every_sgf_charset_alias() {
        for (label, name) in [
            ("UTF_8", "UTF-8"),
            ("UTF_16", "UTF-16LE"),
            ("UTF_16_LE", "UTF-16LE"),
            ("UCS_2", "UTF-16LE"),
            ("UTF_16_BE", "UTF-16BE"),
            ("ISO8859_1", "windows-1252"),
            ("Latin_1", "windows-1252"),
            ("ISO8859_2", "ISO-8859-2"),
            ("Latin_2", "ISO-8859-2"),
            ("ISO8859_15", "ISO-8859-15"),
            ("Latin_9", "ISO-8859-15"),
            ("S_JIS", "Shift_JIS"),
            ("Shift JIS", "Shift_JIS"),
            ("CP932", "Shift_JIS"),
            ("MS_932", "Shift_JIS"),
            ("Windows_31J", "Shift_JIS"),
            ("CP936", "GBK"),
            ("MS_936", "GBK"),
            ("GB 2312", "GBK"),
            ("EUC_CN", "GBK"),
            ("G.B.K", "GBK"),
            ("GB_18030", "gb18030"),
            ("CP950", "Big5"),
            ("Big_5", "Big5"),
            ("Big5_HKSCS", "Big5"),
            ("CP949", "EUC-KR"),
            ("MS_949", "EUC-KR"),
            ("EUC_KR", "EUC-KR"),
            ("U.H.C", "EUC-KR"),
            ("EUC_JP", "EUC-JP"),
            ("KOI8 R", "KOI8-R"),
            ("KOI8 U", "KOI8-U"),
            ("CP 1250", "windows-1250"),
            ("Windows_1250", "windows-1250"),
            ("CP 1251", "windows-1251"),
            ("Windows_1251", "windows-1251"),
            ("CP 1252", "windows-1252"),
            ("Windows_1252", "windows-1252"),
            ("Mac_Roman", "macintosh"),
            ("Macintosh.", "macintosh"),
            ("ISO_2022_JP", "ISO-2022-JP"),
            ("US_ASCII", "windows-1252"),
            ("A.S.C.I.I", "windows-1252"),
        ] {
            let whatwg = Encoding::for_label(label.as_bytes());
            assert!(whatwg.is_none(), "{label} is a WHATWG label: {whatwg:?}");
            assert_eq!(
                encoding_for_label(label).map(|e| e.name()),
                Some(name),
                "{label}"
            );
        }
        assert_eq!(encoding_for_label("EBCDIC"), None);
    }

    #[test]
    fn find_ca_skips_longer_identifiers() {
        assert_eq!(find_ca(b"(;XCA[x]CA [GBK])"), Some("GBK".into()));
        assert_eq!(find_ca(b"(;C[no charset here])"), None);
        // A CA after a longer identifier near the start is still found.
        assert_eq!(find_ca(b"(;C[aaaaaXCA];CA[GBK])"), Some("GBK".into()));
        // Hostile ends: CA at the very first byte, or as the last bytes of the file.
        assert_eq!(find_ca(b"CA[UTF-8]"), Some("UTF-8".into()));
        assert_eq!(find_ca(b"(;CA"), None);
        assert_eq!(find_ca(b"(;CA  "), None);
    }
}

/// The examples that documented crate-private items, kept as tests.
#[cfg(test)]
mod doc_examples {
    #[allow(unused_imports)]
    use super::*;

    #[test]
    fn decoded_names_charset() {
        use crate::read::decode::Decoded;

        // GB2312 text under CA[GB2312]: decoded to UTF-8.
        let bytes = b"(;CA[GB2312]PB[\xc0\xee])";
        let decoded: Decoded = decode(bytes);
        assert_eq!(decoded.used, "GBK");
        assert!(decoded.text.contains("李"));
    }
}
