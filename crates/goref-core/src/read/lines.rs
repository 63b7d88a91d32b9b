//! Byte offset → line:column, computed lazily.
//!
//! Every stage keeps byte offsets into the decoded text (cheap, exact); only when a
//! finding or a move needs a human position is it turned into a 1-based line and a
//! 1-based column that counts characters (not bytes). Line breaks are LF, CRLF, LF-CR
//! (some Windows tools) or a lone CR (old Mac files), each counting as one break, as
//! an editor shows them.

use crate::point::Pos;
use std::cell::{Cell, OnceCell};

/// Offsets of the first byte of every line of a text.
#[derive(Debug, Clone)]
pub(crate) struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// Scans the text once for line breaks.
    pub fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut starts = Vec::with_capacity(bytes.len() / 64 + 1);
        starts.push(0);
        // memchr finds the breaks a vector at a time: most of a file is not breaks.
        for i in memchr::memchr2_iter(b'\n', b'\r', bytes) {
            match bytes[i] {
                b'\n' => starts.push(i + 1),
                // A CR followed by LF is one break: the LF records it. A CR right after
                // an LF is the second half of an LF-CR break (the LF recorded it).
                _ if bytes.get(i + 1) == Some(&b'\n') => {}
                _ if i > 0 && bytes[i - 1] == b'\n' => {}
                _ => starts.push(i + 1),
            }
        }
        LineIndex { starts }
    }

    /// 0-based line number holding `offset`, and that line's first byte.
    fn line_of(&self, offset: usize) -> (usize, usize) {
        let line = match self.starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        (line, self.starts.get(line).copied().unwrap_or(0))
    }

    /// Like [`LineIndex::line_of`], starting from a line known to start at or before
    /// `offset`: positions are mostly asked for in file order, a few lines apart, so a
    /// short forward walk beats a binary search over every line of the file.
    fn line_from(&self, hint: usize, offset: usize) -> (usize, usize) {
        let mut line = hint;
        for _ in 0..8 {
            match self.starts.get(line + 1) {
                Some(&next) if next <= offset => line += 1,
                _ => return (line, self.starts.get(line).copied().unwrap_or(0)),
            }
        }
        self.line_of(offset)
    }

    /// The position of a byte offset (clamped to the text).
    pub(crate) fn pos(&self, text: &str, offset: usize) -> Pos {
        let offset = offset.min(text.len());
        let (line, start) = self.line_of(offset);
        let column = count_chars(text.as_bytes(), start, offset) + 1;
        Pos {
            line: to_u32(line + 1),
            column: to_u32(column),
            offset,
        }
    }
}

/// Characters in `text[from..to]`, valid UTF-8 or not: every byte that is not a
/// continuation byte starts a character, so any byte range counts, even one that splits
/// a character. Eight bytes at a time: every move's column is counted on from the
/// previous one, over comments too, so this runs over most of a file.
#[inline(always)]
fn count_chars(text: &[u8], from: usize, to: usize) -> usize {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const ONES: u64 = 0x0101_0101_0101_0101;
    let word_at = |i: usize| {
        let mut word = [0u8; 8];
        word.copy_from_slice(&text[i..i + 8]);
        u64::from_le_bytes(word)
    };
    let continuations = |x: u64| {
        // A continuation byte is 0b10xx_xxxx: bit 7 set, bit 6 (shifted up to 7) clear.
        let marks = (x & !(x << 1) & HIGH) >> 7;
        // One bit per byte at its lowest place: the multiply adds them into the top byte.
        (marks.wrapping_mul(ONES) >> 56) as usize
    };
    let mut i = from;
    let mut continuation = 0usize;
    while i + 8 <= to {
        continuation += continuations(word_at(i));
        i += 8;
    }
    let rest = to - i;
    if rest > 0 && i + 8 <= text.len() {
        // The last bytes (most runs between two moves are shorter than a word): a whole
        // word read, the bytes past `to` masked off (a zero byte is no continuation).
        continuation += continuations(word_at(i) & (u64::MAX >> (8 * (8 - rest))));
    } else {
        continuation += text[i..to].iter().filter(|&&b| (b & 0xC0) == 0x80).count();
    }
    (to - from) - continuation
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Where the last position asked for was: its offset, 0-based line and column, and where
/// its line ends (the next line's first byte), so that the next position on the same line
/// needs no look-up in the index.
#[derive(Clone, Copy, Debug)]
struct Cursor {
    offset: usize,
    line: usize,
    column: usize,
    line_end: usize,
}

/// A lazily built [`LineIndex`] plus a cursor, so that positions asked for in
/// increasing order on one long line (a whole game on one line is common) cost only the
/// distance from the previous one, not from the start of the line.
#[derive(Debug)]
pub(crate) struct Locator<'t> {
    text: &'t str,
    index: OnceCell<LineIndex>,
    /// The last answer, to count on from.
    cursor: Cell<Cursor>,
    /// Where the text starts in the whole (see [`Locator::with_base`]).
    base: Pos,
    /// Moves keep their offset only (see [`Locator::move_pos`]).
    lazy_moves: bool,
}

impl<'t> Locator<'t> {
    pub fn new(text: &'t str) -> Locator<'t> {
        Locator::with_base(text, Pos::default())
    }

    /// A locator for a piece of a longer text that starts at `base` (its line, column
    /// and offset in the whole; the default is the start): positions come out in the
    /// coordinates of the whole, so a streamed game tree reports file lines.
    pub(crate) fn with_base(text: &'t str, base: Pos) -> Locator<'t> {
        Locator {
            text,
            index: OnceCell::new(),
            // Line 0 up to its first byte: the first answer looks its line up.
            cursor: Cell::new(Cursor {
                offset: 0,
                line: 0,
                column: 1,
                line_end: 0,
            }),
            base,
            lazy_moves: false,
        }
    }

    /// A locator whose [`Locator::move_pos`] leaves positions unresolved: the check
    /// resolves (with [`Locator::resolve`]) only the few a finding shows, not one per
    /// move of the corpus.
    pub(crate) fn lazy(text: &'t str) -> Locator<'t> {
        Locator {
            lazy_moves: true,
            ..Locator::new(text)
        }
    }

    /// A move's position: as [`Locator::pos`], or, from a [`Locator::lazy`] locator,
    /// only the offset (line 0: not resolved yet).
    #[inline]
    pub(crate) fn move_pos(&self, offset: usize) -> Pos {
        if self.lazy_moves {
            Pos {
                line: 0,
                column: 0,
                offset,
            }
        } else {
            self.pos(offset)
        }
    }

    /// `pos` itself if resolved, else the position of its offset (from a
    /// [`Locator::move_pos`] of a lazy locator on the same text).
    pub(crate) fn resolve(&self, pos: Pos) -> Pos {
        if pos.line == 0 {
            self.pos(pos.offset)
        } else {
            pos
        }
    }

    /// The position of a byte offset (clamped to the text).
    #[inline]
    pub(crate) fn pos(&self, offset: usize) -> Pos {
        let c = self.cursor.get();
        if offset >= c.offset && offset < c.line_end && offset <= self.text.len() {
            // Further on the cursor's line (moves in file order, several to a line):
            // inlined at the caller, the rest is out of line.
            let column = c.column + count_chars(self.text.as_bytes(), c.offset, offset);
            self.cursor.set(Cursor {
                offset,
                column,
                ..c
            });
            return self.answer(offset, c.line, column);
        }
        self.pos_off_line(offset)
    }

    /// [`Locator::pos`] for any offset.
    #[inline(never)]
    fn pos_off_line(&self, offset: usize) -> Pos {
        let offset = offset.min(self.text.len());
        let bytes = self.text.as_bytes();
        let c = self.cursor.get();
        let (line, column, line_end) = if offset >= c.offset && offset < c.line_end {
            // Further on the cursor's line: the common case (moves in file order).
            (
                c.line,
                c.column + count_chars(bytes, c.offset, offset),
                c.line_end,
            )
        } else if offset >= c.offset && c.line_end != 0 {
            // A line or a few further (a record with a node per line): walk the index
            // from the cursor's line. (A line_end of 0 is "not known yet": the start.)
            let starts = &self.index().starts;
            let mut line = c.line + 1;
            let mut steps = 0;
            while let Some(&next) = starts.get(line + 1) {
                if next > offset || steps == 8 {
                    break;
                }
                line += 1;
                steps += 1;
            }
            match starts.get(line) {
                Some(&start) if start <= offset && steps < 8 => (
                    line,
                    count_chars(bytes, start, offset) + 1,
                    starts.get(line + 1).copied().unwrap_or(self.text.len() + 1),
                ),
                _ => self.look_up_line(offset),
            }
        } else {
            self.look_up_line(offset)
        };
        self.cursor.set(Cursor {
            offset,
            line,
            column,
            line_end,
        });
        self.answer(offset, line, column)
    }

    /// The position of 0-based `line` and `column` at `offset` of the piece, in the
    /// coordinates of the whole.
    #[inline]
    fn answer(&self, offset: usize, line: usize, column: usize) -> Pos {
        let b = self.base;
        if b.line == 0 {
            return Pos {
                line: to_u32(line + 1),
                column: to_u32(column),
                offset,
            };
        }
        // Only the first line of the piece continues a line of the whole.
        let column = if line == 0 {
            column + b.column as usize - 1
        } else {
            column
        };
        Pos {
            line: to_u32(line + b.line as usize),
            column: to_u32(column),
            offset: offset + b.offset,
        }
    }
}

impl Locator<'_> {
    fn index(&self) -> &LineIndex {
        self.index.get_or_init(|| LineIndex::new(self.text))
    }

    /// Line and column of an offset off the cursor's line, through the index.
    fn look_up(&self, offset: usize) -> (usize, usize) {
        let index = self.index();
        let c = self.cursor.get();
        let (line, start) = if offset >= c.offset {
            index.line_from(c.line, offset)
        } else {
            index.line_of(offset)
        };
        let bytes = self.text.as_bytes();
        let column = if c.line == line && c.offset >= start && c.offset <= offset {
            c.column + count_chars(bytes, c.offset, offset)
        } else {
            count_chars(bytes, start, offset) + 1
        };
        (line, column)
    }

    /// [`Locator::look_up`] plus where the line ends.
    fn look_up_line(&self, offset: usize) -> (usize, usize, usize) {
        let (line, column) = self.look_up(offset);
        (line, column, self.line_end(line))
    }

    /// The first byte after 0-based line `line` (the text's end plus one for the last).
    fn line_end(&self, line: usize) -> usize {
        let index = self.index();
        index
            .starts
            .get(line + 1)
            .copied()
            .unwrap_or(self.text.len() + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lc(text: &str, offset: usize) -> (u32, u32) {
        let p = LineIndex::new(text).pos(text, offset);
        (p.line, p.column)
    }

    #[test]
    fn lf_crlf_and_cr_only_endings_count_one_break_each() {
        assert_eq!(lc("ab\ncd", 3), (2, 1));
        assert_eq!(lc("ab\r\ncd", 4), (2, 1));
        assert_eq!(lc("ab\r\ncd", 5), (2, 2));
        assert_eq!(lc("ab\rcd\ref", 6), (3, 1));
        assert_eq!(lc("ab\n\r\ncd", 5), (3, 1));
        // LF-CR, as an editor counts it: four lines, not seven.
        let lfcr = "a\n\rb\n\rc\n\rd";
        assert_eq!(lc(lfcr, lfcr.len() - 1), (4, 2));
        assert_eq!(lc("a\n\r\n\rb", 5), (3, 2));
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let text = "PB[黑棋]W";
        let off = text.find('W').unwrap();
        assert_eq!(lc(text, off), (1, 7));
    }

    fn is_continuation(b: u8) -> bool {
        (b & 0xC0) == 0x80
    }

    #[test]
    fn count_chars_agrees_with_a_byte_by_byte_count_at_every_alignment() {
        let text = "ab\u{e9}c\u{9ed1}\u{68cb}d\u{1f600}efghijk\u{e9}\u{e9}\u{e9}lmnopq\u{9ed1}rs";
        let bytes = text.as_bytes();
        for start in 0..bytes.len() {
            for end in start..=bytes.len() {
                let naive = bytes[start..end]
                    .iter()
                    .filter(|&&b| !is_continuation(b))
                    .count();
                assert_eq!(count_chars(bytes, start, end), naive, "{start}..{end}");
            }
        }
    }

    #[test]
    fn lazy_move_positions_resolve_to_the_eager_ones() {
        let text = "(;PB[é]\r;B[aa];W[bb]\r\n;B[黑]\r;W[cc]\n\n;B[dd])";
        let eager = Locator::new(text);
        let lazy = Locator::lazy(text);
        // Every offset, in and out of order, split characters and past the end included.
        let offsets: Vec<usize> = (0..text.len() + 3).chain((0..text.len()).rev()).collect();
        for &o in &offsets {
            let unresolved = lazy.move_pos(o);
            assert_eq!((unresolved.line, unresolved.offset), (0, o));
            assert_eq!(lazy.resolve(unresolved), eager.pos(o), "offset {o}");
            assert_eq!(eager.move_pos(o), eager.pos(o), "offset {o}");
            assert_eq!(lazy.resolve(eager.pos(o)), eager.pos(o), "offset {o}");
        }
    }

    #[test]
    fn locator_cursor_agrees_with_fresh_lookups() {
        let text = "(;PB[é]\r;B[aa];W[bb]\r\n;B[黑]\r;W[cc])";
        let loc = Locator::new(text);
        let index = LineIndex::new(text);
        let mut offsets: Vec<usize> = (0..=text.len())
            .filter(|&i| text.is_char_boundary(i))
            .collect();
        for &o in &offsets {
            assert_eq!(loc.pos(o), index.pos(text, o), "offset {o}");
        }
        offsets.reverse();
        for &o in &offsets {
            assert_eq!(loc.pos(o), index.pos(text, o), "offset {o}");
        }
        // Jumping around: forward within a line, back, across lines, to the end.
        let n = offsets.len();
        for k in 0..3 * n {
            let o = offsets[(k * 7 + k / n) % n];
            assert_eq!(loc.pos(o), index.pos(text, o), "offset {o} (step {k})");
        }
    }
}
