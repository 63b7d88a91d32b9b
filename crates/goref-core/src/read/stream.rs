//! A file read one game tree at a time, for collections too large to hold in memory.
//!
//! [`TreeStream`] reads the bytes in blocks, decodes them with the charset decided on
//! the file's start ([`decode::decode_start`]), and parses the text one unit at a time
//! ([`sgf::parse_unit`]: the text outside game trees before a tree, and that tree). It
//! keeps only the text of the unit being parsed, so memory is bounded by the largest
//! game tree plus one read block, whatever the size of the file: text outside game
//! trees (megabytes of NULs, random bytes) is dropped a block at a time and only
//! counted. Positions stay those of the whole file. See docs/reading.md, "Streaming".

use crate::findings::{Code, Finding, Severity};
use crate::point::Pos;
use crate::read::decode::{self, StreamDecoder};
use crate::read::lines::Locator;
use crate::read::reader::{self, Charset, ReadOptions};
use crate::read::record::GameRecord;
use crate::read::sgf::{self, UnitContext};
use std::io::{self, Read};

/// Bytes read from the file at a time (more when one game tree is longer).
pub(crate) const BLOCK: usize = 1 << 20;

/// The records of one game tree, with the findings outside any game that come with it
/// (text before it; for the last tree, also the text after it and end-of-file notes).
#[derive(Debug)]
pub(crate) struct Piece {
    /// One record per game tree (main line), or one per line with `--variations`;
    /// empty only when the whole file holds no game.
    pub games: Vec<GameRecord>,
    /// Findings outside any game: reported first in the piece's first game.
    pub findings: Vec<Finding>,
}

/// The game trees of one file, in file order (an iterator of [`Piece`]s).
pub(crate) struct TreeStream<R> {
    source: R,
    /// Bytes to read at a time ([`BLOCK`]).
    block: usize,
    decoder: StreamDecoder,
    charset: Charset,
    opts: ReadOptions,
    /// Bytes read but not yet decoded (only the undecided tail of the file's start).
    raw: Vec<u8>,
    /// Decoded text; `text[start..]` is not yet parsed.
    text: String,
    start: usize,
    /// Where `text[start..]` begins in the file's text.
    base: Pos,
    /// Game trees read so far.
    roots_before: usize,
    eof: bool,
    done: bool,
    /// Findings waiting for the next piece (charset findings).
    pending: Vec<Finding>,
    /// A piece read ahead, to learn whether the one before it is the last.
    held: Option<Piece>,
    /// The first read error, reported with the next piece.
    error: Option<io::Error>,
    /// Text outside game trees already dropped, waiting to be reported with the unit
    /// it belongs to.
    junk: Option<JunkRun>,
    /// Where the unit being read began, once text was dropped from its start: findings
    /// about the unit as a whole are located there, as in a whole-file read.
    unit_began: Option<Pos>,
}

/// Text outside game trees dropped unparsed (see [`TreeStream::drop_junk`]).
#[derive(Debug)]
struct JunkRun {
    /// Where it starts in the file.
    at: Pos,
    chars: u64,
    /// A `[` among it: property values may be lost.
    has_value: bool,
    /// Its first characters, for the message.
    start: String,
}

impl<R: Read> TreeStream<R> {
    /// A stream over a file whose first bytes, `prefix`, were already read from it;
    /// `source` gives the rest.
    pub fn new(prefix: &[u8], source: R, opts: &ReadOptions) -> TreeStream<R> {
        let (start, took, decoder) = decode::decode_start(prefix);
        let charset = Charset {
            declared: start.declared,
            used: start.used.to_owned(),
            bom: start.bom.map(str::to_owned),
        };
        let mut stream = TreeStream {
            source,
            block: BLOCK,
            decoder,
            charset,
            opts: opts.clone(),
            raw: prefix[took..].to_vec(),
            text: start.text,
            start: 0,
            base: Pos {
                line: 1,
                column: 1,
                offset: 0,
            },
            roots_before: 0,
            eof: false,
            done: false,
            pending: start.findings,
            held: None,
            error: None,
            junk: None,
            unit_began: None,
        };
        let raw = std::mem::take(&mut stream.raw);
        stream.append(&raw, false);
        stream
    }

    /// Reads `block` bytes at a time instead of [`BLOCK`] (tests cut characters and
    /// trees between reads with tiny blocks).
    #[cfg(test)]
    pub(crate) fn with_block(mut self, block: usize) -> Self {
        self.block = block.max(1);
        self
    }

    /// How the file is decoded (decided on its start).
    pub(crate) fn charset(&self) -> &Charset {
        &self.charset
    }

    /// Decodes `bytes` onto the text; notes replacement characters.
    fn append(&mut self, bytes: &[u8], last: bool) {
        let from = self.text.len();
        if self.decoder.decode(bytes, last, &mut self.text) {
            let used = self.decoder.used();
            let mut f = decode::stream_replacement_finding(used);
            if let Some(i) = self.text[from..].find(char::REPLACEMENT_CHARACTER) {
                let rest = &self.text[self.start..];
                let at = from + i - self.start;
                f = f.at(Locator::with_base(rest, self.base).pos(at));
            }
            self.pending.push(f);
        }
    }

    /// Reads at least one block more (as much again as is waiting, so that a game tree
    /// of any length is parsed a bounded number of times).
    fn fill(&mut self) {
        let want = self.block.max(self.text.len() - self.start);
        let mut bytes = Vec::with_capacity(want);
        let read = (&mut self.source).take(want as u64).read_to_end(&mut bytes);
        if let Err(e) = read {
            self.error.get_or_insert(e);
        }
        self.eof = bytes.is_empty();
        self.append(&bytes, self.eof);
    }

    /// The next unit (junk and one game tree), read and located; None at the end.
    fn next_unit(&mut self) -> Option<Piece> {
        if self.done {
            return None;
        }
        loop {
            let text = &self.text[self.start..];
            let cx = UnitContext {
                roots_before: self.roots_before,
                text_before: self.base.offset > 0,
                last: self.eof,
            };
            let unit = sgf::parse_unit(text, cx);
            let end = match unit.end {
                Some(end) if end > 0 || self.eof => end,
                _ => {
                    // A block and more of text that is no game tree: drop it, keep
                    // only its count (memory stays bounded by one block).
                    if !unit.in_tree && text.len() > self.block {
                        self.drop_junk();
                    }
                    self.fill();
                    continue;
                }
            };
            // Only the unit's own text: a line index over the whole buffer would be
            // built again for every game tree.
            let loc = Locator::with_base(&text[..end], self.base);
            let (games, mut findings) =
                reader::read_parsed(&unit.sgf, &loc, self.roots_before, &self.opts);
            if let Some(run) = self.junk.take() {
                let where_ = match (unit.began_tree, self.roots_before) {
                    (false, _) => "after the last game tree",
                    (true, 0) => "before the first game tree",
                    (true, _) => "between game trees",
                };
                merge_junk(run, where_, self.base, text, &mut findings);
            }
            if let Some(began) = self.unit_began.take() {
                for f in &mut findings {
                    if f.message == sgf::NO_TREE_HERE {
                        f.line = Some(began.line);
                        f.column = Some(began.column);
                    }
                }
            }
            self.roots_before += unit.sgf.roots.len();
            self.base = loc.pos(end);
            self.start += end;
            if self.eof && self.start >= self.text.len() {
                self.done = true;
            }
            self.compact();
            let mut all = std::mem::take(&mut self.pending);
            if let Some(e) = self.error.take() {
                all.push(Finding::new(
                    crate::findings::Code::IoError,
                    format!("reading failed after this point: {e}; the rest is not read"),
                ));
                self.done = true;
            }
            all.append(&mut findings);
            return Some(Piece {
                games,
                findings: all,
            });
        }
    }

    /// Drops the unparsed text outside game trees up to its last `(` (where a tree may
    /// yet start), counting it in [`TreeStream::junk`]. Leading white space is no junk.
    fn drop_junk(&mut self) {
        let text = &self.text[self.start..];
        let mut cut = match text.rfind('(') {
            Some(0) => return, // `(` and white space: perhaps a tree; wait for it.
            Some(at) => at,
            None => text.len(),
        };
        // Not inside a CRLF or LF-CR break: each half alone would count as a line.
        while cut > 0 && splits_a_break(text.as_bytes(), cut) {
            cut -= 1;
        }
        if cut == 0 {
            return;
        }
        let piece = &text[..cut];
        let loc = Locator::with_base(piece, self.base);
        self.unit_began.get_or_insert(self.base);
        match &mut self.junk {
            Some(run) => {
                run.chars += piece.chars().count() as u64;
                run.has_value |= piece.contains('[');
                run.extend_start(piece);
            }
            None => {
                let trimmed = piece.trim_start_matches(|c: char| c.is_ascii_whitespace());
                if !trimmed.is_empty() {
                    let from = piece.len() - trimmed.len();
                    self.junk = Some(JunkRun {
                        at: loc.pos(from),
                        chars: trimmed.chars().count() as u64,
                        has_value: trimmed.contains('['),
                        start: trimmed.chars().take(EXCERPT_CHARS).collect(),
                    });
                }
            }
        }
        self.base = loc.pos(cut);
        self.start += cut;
        self.compact();
    }

    /// Drops parsed text once it is most of the buffer (amortised: each byte moves
    /// at most once per halving).
    fn compact(&mut self) {
        if self.start > self.block / 2 && self.start * 2 > self.text.len() {
            self.text.drain(..self.start);
            self.start = 0;
        }
    }
}

/// Whether cutting `text` at `cut` would change how a line break there counts (see
/// `lines::LineIndex`): a CR before an LF, or an LF before a CR that is not a CRLF's,
/// or a break at the end of what has been read, whose next byte is not known yet.
fn splits_a_break(text: &[u8], cut: usize) -> bool {
    let before = text[cut - 1];
    match (before, text.get(cut), text.get(cut + 1)) {
        (b'\r' | b'\n', None, _) => true,
        (b'\r', Some(b'\n'), _) => true,
        (b'\n', Some(b'\r'), next) => next != Some(&b'\n'),
        _ => false,
    }
}

/// Characters of a run kept for its excerpt: one more than the message shows, so that
/// it knows whether to add `…`.
const EXCERPT_CHARS: usize = 25;

impl JunkRun {
    /// Adds the start of `more` to the excerpt while it is short.
    fn extend_start(&mut self, more: &str) {
        let have = self.start.chars().count();
        if have < EXCERPT_CHARS {
            self.start.extend(more.chars().take(EXCERPT_CHARS - have));
        }
    }
}

/// Reports a dropped run of junk as the one finding a whole-file read gives: merged with
/// the parser's finding for the junk that followed it (located at `base`, where the
/// unit's text begins), or added when the unit began with no more junk.
fn merge_junk(mut run: JunkRun, where_: &str, base: Pos, text: &str, findings: &mut Vec<Finding>) {
    // White space after the dropped junk belongs to it, as in a whole read (junk runs to
    // the tree that ends it); junk after that white space is the parser's finding.
    let space = text.len()
        - text
            .trim_start_matches(|c: char| c.is_ascii_whitespace())
            .len();
    let junk_at = Locator::with_base(text, base).pos(space);
    let follows = findings.iter().position(|f| {
        f.code == Code::SyntaxError
            && f.message.starts_with(sgf::JUNK_MESSAGE)
            && (f.line, f.column) == (Some(junk_at.line), Some(junk_at.column))
    });
    let (more, more_value, at) = match follows {
        Some(i) => {
            let f = findings.remove(i);
            let digits = f.message[sgf::JUNK_MESSAGE.len()..]
                .split(|c: char| !c.is_ascii_digit())
                .next()
                .and_then(|d| d.parse::<u64>().ok())
                .unwrap_or(0);
            (digits, f.severity == Severity::Error, i)
        }
        None => (0, false, 0),
    };
    // The excerpt goes on into what followed the dropped text (white space, then junk).
    let chars = usize::try_from(more).unwrap_or(usize::MAX);
    let junk_end = text[space..]
        .char_indices()
        .nth(chars)
        .map_or(text.len(), |(at, _)| space + at);
    run.extend_start(&text[..junk_end]);
    let has_value = run.has_value || more_value;
    let total = run.chars + space as u64 + more;
    let message = sgf::junk_message(total, where_, &run.start, has_value);
    let severity = if has_value {
        Severity::Error
    } else {
        Severity::Warning
    };
    let finding = Finding::new(Code::SyntaxError, message)
        .with_severity(severity)
        .at(run.at);
    findings.insert(at, finding);
}

impl<R: Read> Iterator for TreeStream<R> {
    type Item = Piece;

    fn next(&mut self) -> Option<Piece> {
        let mut cur = match self.held.take() {
            Some(p) => p,
            None => self.next_unit()?,
        };
        loop {
            match self.next_unit() {
                None => return Some(cur),
                // Text after the last tree, end-of-file notes, an empty tree: they
                // belong to the file; reported with the game before (or after) them.
                Some(next) if next.games.is_empty() => cur.findings.extend(next.findings),
                Some(mut next) if cur.games.is_empty() => {
                    cur.findings.append(&mut next.findings);
                    next.findings = cur.findings;
                    cur = next;
                }
                Some(next) => {
                    self.held = Some(next);
                    return Some(cur);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(bytes: &[u8], prefix: usize) -> Vec<Piece> {
        blocks(bytes, prefix, BLOCK)
    }

    fn blocks(bytes: &[u8], prefix: usize, block: usize) -> Vec<Piece> {
        let prefix = prefix.min(bytes.len());
        TreeStream::new(&bytes[..prefix], &bytes[prefix..], &ReadOptions::default())
            .with_block(block)
            .collect()
    }

    #[test]
    fn one_piece_per_game_tree_with_file_positions() {
        let text = b"(;GM[1]SZ[9];B[aa])\n(;GM[1]SZ[9];B[bb];W[cc])\r\n  (;SZ[9]#;B[ab])";
        for (prefix, block) in [(0, 1), (5, 3), (20, 7), (30, BLOCK), (text.len(), 2)] {
            let p = blocks(text, prefix, block);
            assert_eq!(p.len(), 3, "prefix {prefix}");
            assert_eq!(p[1].games[0].game_index, 1);
            assert_eq!(p[2].games[0].game_index, 2);
            // The stray `#` is on line 3, column 10.
            let f = &p[2].games[0].findings;
            let at = f.iter().find_map(|f| f.line.zip(f.column));
            assert_eq!(at, Some((3, 10)), "prefix {prefix}: {f:?}");
        }
    }

    #[test]
    fn junk_and_empty_file_findings_are_kept() {
        let p = pieces(b"junk (;SZ[9];B[aa]) tail", 3);
        assert_eq!(p.len(), 1);
        let msgs: Vec<&str> = p[0].findings.iter().map(|f| f.message.as_str()).collect();
        assert_eq!(msgs.len(), 2, "{msgs:?}");
        assert!(msgs[0].contains("before the first game tree"));
        assert!(msgs[1].contains("after the last game tree"));
        let p = pieces(b"", 0);
        assert_eq!(p.len(), 1);
        assert!(p[0].games.is_empty());
        assert!(p[0].findings[0].message.contains("empty"));
        let p = pieces(b"no sgf here", 4);
        assert!(p[0]
            .findings
            .iter()
            .any(|f| f.code == Code::SyntaxError && f.message.contains("no SGF game tree")));
    }

    /// Text outside game trees is dropped a block at a time, yet reported as a
    /// whole-file read reports it: one finding, the same count, place and excerpt.
    #[test]
    fn junk_is_dropped_as_it_streams_and_reported_as_when_read_whole() {
        let cases: [&[u8]; 5] = [
            b"  junk ( junk ( more [v] junk (;SZ[9];B[aa]) tail (x) tail",
            b"(;SZ[9];B[aa]) (junk) between ( (;SZ[9];B[bb])",
            b"\n\n   no tree at all, only text ( and ( parens",
            b"x(;SZ[9];B[aa])",
            b"( \n ;SZ[9];B[aa])",
        ];
        for text in cases {
            let whole = blocks(text, 0, BLOCK);
            let messages = |p: &[Piece]| -> Vec<(String, Option<u32>, Option<u32>, Severity)> {
                p.iter()
                    .flat_map(|p| {
                        p.findings
                            .iter()
                            .chain(p.games.iter().flat_map(|g| &g.findings))
                    })
                    .map(|f| (f.message.clone(), f.line, f.column, f.severity))
                    .collect()
            };
            for block in [1, 2, 5] {
                let streamed = blocks(text, 0, block);
                assert_eq!(streamed.len(), whole.len(), "{text:?} block {block}");
                assert_eq!(
                    messages(&streamed),
                    messages(&whole),
                    "{text:?} block {block}"
                );
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
        /// Trees, junk, parens, values and line breaks in any order, read in blocks of
        /// any size: the findings are those of the smallest-block-free read.
        #[test]
        fn streamed_junk_is_reported_as_a_whole_read_reports_it(
            parts in proptest::collection::vec(
                proptest::sample::select(vec![
                    "(;SZ[9];B[aa])", "junk", "(", ")", "[v]", " ", "\n", "\r\n", "x(", "é", ";",
                ]),
                0..24,
            ),
            block in 1usize..9,
        ) {
            let text = parts.concat();
            let found = |p: Vec<Piece>| -> Vec<(String, Option<u32>, Option<u32>)> {
                p.iter()
                    .flat_map(|p| p.findings.iter().chain(p.games.iter().flat_map(|g| &g.findings)))
                    .map(|f| (f.message.clone(), f.line, f.column))
                    .collect()
            };
            let whole = found(blocks(text.as_bytes(), 0, BLOCK));
            let streamed = found(blocks(text.as_bytes(), 0, block));
            proptest::prop_assert_eq!(streamed, whole, "{:?}", text);
        }
    }

    #[test]
    fn junk_costs_one_block_of_memory() {
        // 64 blocks of NULs and `(`: never more than about two blocks held.
        let mut text = vec![0u8; 64 * 1024];
        for i in (0..text.len()).step_by(700) {
            text[i] = b'(';
        }
        text.extend_from_slice(b"(;SZ[9];B[aa])");
        let mut stream = TreeStream::new(&[], &text[..], &ReadOptions::default()).with_block(1024);
        let mut most = 0;
        while !stream.done {
            if let Some(p) = stream.next_unit() {
                assert!(p.findings.len() <= 1, "{:?}", p.findings);
            }
            most = most.max(stream.text.len());
        }
        assert!(most <= 4 * 1024, "{most} bytes held");
    }

    #[test]
    fn a_character_cut_between_reads_is_decoded_whole() {
        let text = "(;CA[UTF-8]PB[李昌镐];B[aa])(;PB[李];B[bb])".as_bytes();
        for (prefix, block) in [(11, 1), (12, 2), (16, 1), (20, 3), (text.len(), 1)] {
            let p = blocks(text, prefix, block);
            assert_eq!(p.len(), 2);
            assert_eq!(p[1].games[0].info.black.as_deref(), Some("李"), "{prefix}");
            assert!(p.iter().all(|p| p.findings.is_empty()), "{prefix}: {p:?}");
        }
    }
}
