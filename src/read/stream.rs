//! A file read one game tree at a time, for collections too large to hold in memory.
//!
//! [`TreeStream`] reads the bytes in blocks, decodes them with the charset decided on
//! the file's start ([`decode::decode_start`]), and parses the text one unit at a time
//! ([`sgf::parse_unit`]: the text outside game trees before a tree, and that tree). It
//! keeps only the text of the unit being parsed, so memory is bounded by the largest
//! game tree plus one read block, whatever the size of the file. Positions stay those
//! of the whole file. See docs/reading.md, "Streaming".

use crate::findings::Finding;
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
                    self.fill();
                    continue;
                }
            };
            // Only the unit's own text: a line index over the whole buffer would be
            // built again for every game tree.
            let loc = Locator::with_base(&text[..end], self.base);
            let (games, mut findings) =
                reader::read_parsed(&unit.sgf, &loc, self.roots_before, &self.opts);
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

    /// Drops parsed text once it is most of the buffer (amortised: each byte moves
    /// at most once per halving).
    fn compact(&mut self) {
        if self.start > self.block / 2 && self.start * 2 > self.text.len() {
            self.text.drain(..self.start);
            self.start = 0;
        }
    }
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
    use crate::findings::Code;

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
