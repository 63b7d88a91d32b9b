//! The exact repetition history.
//!
//! Every position of the line joins the history: the initial position, the position
//! after each move (passes included, with the player to move) and the position after
//! each mid-game setup (spec §8.1). Distinct *boards* are kept once each, as an
//! [`Entry`]; each occurrence of a board in the line is a [`Slot`].
//!
//! * Lookup is an open-addressing table keyed by the board's Zobrist hash. A hash hit
//!   is only believed after the stored snapshot (two bit planes, 2 bits a point) is
//!   compared word for word with the board, so a collision can never produce a false
//!   verdict; colliding boards simply get separate entries.
//! * A board is stored once however often it recurs, so memory is
//!   (distinct boards) x (snapshot + ~56 bytes with the table) + 16 bytes a slot:
//!   about 170 bytes a move on 19x19 and 760 on 52x52 even when every position is
//!   new (a million such moves: ~170 MB and ~730 MB). Snapshots live in fixed-size
//!   chunks, so growth never copies or doubles them.
//! * Each entry keeps the earliest move of every kind of occurrence (any, per player to
//!   move, per colour that created it by a play), which is exactly what positional,
//!   situational and natural situational superko need: O(1) amortised per move, no
//!   look-back window.

use crate::point::Color;

/// "None" in the u32 fields.
pub(crate) const NONE: u32 = u32::MAX;

/// One distinct board.
#[derive(Clone, Debug)]
pub(crate) struct Entry {
    pub hash: u64,
    /// Number of the snapshot in the arena.
    pub snap: u32,
    /// Earliest move number at which this board stood (any player to move).
    pub first: u32,
    /// Earliest move number with Black / White to move.
    pub first_to_move: [u32; 2],
    /// Earliest move number at which a play by Black / White created this board.
    pub first_by_play: [u32; 2],
    /// Earliest move number after which this board stood following a move of Black /
    /// White, a play or a pass (New Zealand rules count passes as moves).
    pub first_after_move: [u32; 2],
    /// The latest slot holding this board.
    pub last_slot: u32,
    /// Slots up to this one have had their plays frozen by the fixed-ko rule.
    pub frozen_upto: u32,
    /// How often a play has recreated this board.
    pub recreations: u32,
    /// Some play from this board is forbidden by the fixed-ko rule.
    pub has_forbidden: bool,
}

/// The move that left a board: a play or a pass, and whose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum By {
    Play(Color),
    Pass(Color),
}

impl By {
    fn color(self) -> Color {
        match self {
            By::Play(c) | By::Pass(c) => c,
        }
    }
}

/// One occurrence of a board in the line.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Slot {
    pub entry: u32,
    /// The move number after which the position stood (0 = initial position;
    /// a mid-game setup carries the number of the move before it).
    pub number: u32,
    /// The previous slot holding the same board.
    pub prev_occ: u32,
    /// The play made from this position, `colour << 16 | padded index`, or NONE.
    pub next_play: u32,
}

/// The history store.
#[derive(Clone, Debug)]
pub(crate) struct History {
    entries: Vec<Entry>,
    table: Vec<u32>,
    shift: u32,
    arena: Arena,
    slots: Vec<Slot>,
}

/// Snapshots in fixed-size chunks: memory follows what is used, and growing never
/// copies (a doubling `Vec` would hold old and new buffers at once).
#[derive(Clone, Debug)]
struct Arena {
    words: usize,
    per_chunk: usize,
    chunks: Vec<Vec<u64>>,
    len: u32,
}

/// Words a chunk holds at most (512 KiB).
const CHUNK_WORDS: usize = 1 << 16;

impl Arena {
    fn new(words: usize) -> Arena {
        Arena {
            words,
            per_chunk: (CHUNK_WORDS / words.max(1)).max(1),
            chunks: Vec::new(),
            len: 0,
        }
    }

    fn push(&mut self, bits: &[u64]) -> u32 {
        let n = self.len;
        if n as usize / self.per_chunk >= self.chunks.len() {
            // The first chunk grows as needed (most games are short); later ones are
            // allocated whole.
            let chunk = if self.chunks.is_empty() {
                Vec::new()
            } else {
                Vec::with_capacity(self.per_chunk * self.words)
            };
            self.chunks.push(chunk);
        }
        if let Some(chunk) = self.chunks.last_mut() {
            chunk.extend_from_slice(bits);
        }
        self.len += 1;
        n
    }

    /// Reserves the first chunk for `positions` snapshots (later chunks are whole).
    fn reserve(&mut self, positions: usize) {
        if self.chunks.is_empty() {
            let n = positions.min(self.per_chunk);
            self.chunks.push(Vec::with_capacity(n * self.words));
        }
    }

    fn get(&self, n: u32) -> Option<&[u64]> {
        let (c, k) = (n as usize / self.per_chunk, n as usize % self.per_chunk);
        self.chunks
            .get(c)?
            .get(k * self.words..(k + 1) * self.words)
    }

    fn bytes(&self) -> usize {
        self.chunks.iter().map(|c| c.capacity() * 8).sum()
    }
}

/// Fibonacci hashing: spreads even a poor (injected) key set over the table.
#[inline]
fn bucket(hash: u64, shift: u32) -> usize {
    (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> shift) as usize
}

impl History {
    pub fn new(words: usize) -> History {
        let bits = 10;
        History {
            entries: Vec::new(),
            table: vec![NONE; 1 << bits],
            shift: 64 - bits,
            arena: Arena::new(words),
            slots: Vec::new(),
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Makes room for `positions` more positions at once, so that replaying a record
    /// whose length is known neither rehashes the table nor regrows the snapshots.
    /// Capped: a hint is a hint, and hostile records must not reserve gigabytes.
    pub(crate) fn reserve(&mut self, positions: usize) {
        let positions = positions.min(1 << 16);
        self.entries.reserve(positions);
        self.slots.reserve(positions);
        self.arena.reserve(positions);
        while (self.entries.len() + positions) * 2 > self.table.len() {
            self.grow();
        }
    }

    pub(crate) fn entry(&self, e: u32) -> &Entry {
        &self.entries[e as usize]
    }

    pub(crate) fn entry_mut(&mut self, e: u32) -> &mut Entry {
        &mut self.entries[e as usize]
    }

    pub(crate) fn slot(&self, s: u32) -> &Slot {
        &self.slots[s as usize]
    }

    pub(crate) fn slot_count(&self) -> u32 {
        self.slots.len() as u32
    }

    /// The current (latest) slot.
    pub(crate) fn current(&self) -> Option<&Slot> {
        self.slots.last()
    }

    pub(crate) fn set_next_play(&mut self, value: u32) {
        if let Some(s) = self.slots.last_mut() {
            s.next_play = value;
        }
    }

    /// Finds the entry of a board, verified by full comparison, or inserts a new one.
    /// Returns the entry and whether the board was already known.
    pub(crate) fn find_or_insert(&mut self, hash: u64, bits: &[u64]) -> (u32, bool) {
        if (self.entries.len() + 1) * 2 > self.table.len() {
            self.grow();
        }
        let mask = self.table.len() - 1;
        let mut i = bucket(hash, self.shift);
        loop {
            let e = self.table[i];
            if e == NONE {
                let id = self.entries.len() as u32;
                let snap = self.arena.push(bits);
                self.entries.push(Entry {
                    hash,
                    snap,
                    first: NONE,
                    first_to_move: [NONE; 2],
                    first_by_play: [NONE; 2],
                    first_after_move: [NONE; 2],
                    last_slot: NONE,
                    frozen_upto: NONE,
                    recreations: 0,
                    has_forbidden: false,
                });
                self.table[i] = id;
                return (id, false);
            }
            let ent = &self.entries[e as usize];
            if ent.hash == hash && self.arena.get(ent.snap) == Some(bits) {
                return (e, true);
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the table and reinserts every entry by its stored hash.
    fn grow(&mut self) {
        let new_len = self.table.len() * 2;
        self.shift -= 1;
        let mut table = vec![NONE; new_len];
        let mask = new_len - 1;
        for (id, ent) in self.entries.iter().enumerate() {
            let mut i = bucket(ent.hash, self.shift);
            while table[i] != NONE {
                i = (i + 1) & mask;
            }
            table[i] = id as u32;
        }
        self.table = table;
    }

    /// Records an occurrence of `entry` after move `number`, with `to_move` to play,
    /// left by a move of `by` (None for setup and the start).
    pub(crate) fn push_slot(&mut self, entry: u32, number: u32, to_move: Color, by: Option<By>) {
        let slot_id = self.slots.len() as u32;
        let ent = &mut self.entries[entry as usize];
        if ent.first == NONE {
            ent.first = number;
        }
        let tm = &mut ent.first_to_move[to_move.index()];
        if *tm == NONE {
            *tm = number;
        }
        if let Some(by) = by {
            let c = by.color();
            if matches!(by, By::Play(_)) && ent.first_by_play[c.index()] == NONE {
                ent.first_by_play[c.index()] = number;
            }
            let am = &mut ent.first_after_move[c.index()];
            if *am == NONE {
                *am = number;
            }
        }
        let prev_occ = ent.last_slot;
        ent.last_slot = slot_id;
        self.slots.push(Slot {
            entry,
            number,
            prev_occ,
            next_play: NONE,
        });
    }

    /// Bytes held, for the memory test and the performance notes.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.entries.capacity() * std::mem::size_of::<Entry>()
            + self.table.capacity() * 4
            + self.arena.bytes()
            + self.slots.capacity() * std::mem::size_of::<Slot>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::size_of;

    /// The memory figure is a floor as well as a ceiling: every stored snapshot, entry,
    /// slot and table bucket is in it (the million-move test bounds it from above only).
    #[test]
    fn heap_bytes_counts_every_stored_position() {
        let words = 12; // a 19x19 snapshot: two bit planes of 361 points
        let n = 1000usize;
        let mut h = History::new(words);
        for k in 0..n {
            let mut bits = vec![0u64; words];
            bits[k % words] = k as u64 + 1;
            let (entry, found) =
                h.find_or_insert((k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15), &bits);
            assert!(!found, "position {k} is new");
            h.push_slot(entry, k as u32, Color::Black, None);
        }
        assert!(h.arena.bytes() >= n * words * 8, "{}", h.arena.bytes());
        // The table stays at most half full: at least two buckets of 4 bytes a board.
        let floor = h.arena.bytes() + n * (size_of::<Entry>() + size_of::<Slot>() + 2 * 4);
        assert!(h.heap_bytes() >= floor, "{} < {floor}", h.heap_bytes());
    }

    /// A snapshot of `words` words that differs from every other `k`.
    fn snapshot(words: usize, k: usize) -> Vec<u64> {
        let mut bits = vec![0u64; words];
        bits[k % words] = k as u64 + 1;
        bits[(k + 1) % words] ^= (k as u64) << 20;
        bits
    }

    /// A hash whose home bucket is the last one of a table of `1 << (64 - shift)`:
    /// probing from it must wrap around to bucket 0.
    fn hash_at_last_bucket(shift: u32) -> u64 {
        let last = (1usize << (64 - shift)) - 1;
        (0u64..)
            .find(|&h| bucket(h, shift) == last)
            .expect("some hash lands in every bucket")
    }

    /// Boards that share one hash (a collision, or an injected key) are told apart by
    /// their snapshots and each found again, before and after the table has grown past
    /// several doublings, even when the probe sequence wraps around the table's end.
    #[test]
    fn colliding_hashes_keep_separate_entries_through_growth() {
        let words = 12;
        let mut h = History::new(words);
        let shared = hash_at_last_bucket(h.shift);
        let n = 3000; // the 1024-bucket table doubles three times
        let mut ids = Vec::new();
        for k in 0..n {
            // Every third board collides with the others on `shared`.
            let hash = if k % 3 == 0 {
                shared
            } else {
                (k as u64) << 32 | k as u64
            };
            let (id, found) = h.find_or_insert(hash, &snapshot(words, k));
            assert!(!found, "board {k} is new");
            assert_eq!(id as usize, k, "entries are numbered in order");
            ids.push((hash, id));
        }
        assert!(h.table.len() >= 2 * n, "the table stays at most half full");
        assert_eq!(h.table.len(), 8192, "it doubled, and only as needed");
        for (k, &(hash, id)) in ids.iter().enumerate() {
            assert_eq!(
                h.find_or_insert(hash, &snapshot(words, k)),
                (id, true),
                "board {k}"
            );
        }
        // The same hash with a board never seen is a new entry, not a false hit.
        let (id, found) = h.find_or_insert(shared, &snapshot(words, n + 7));
        assert!(!found);
        assert_eq!(id as usize, n);
    }

    /// Snapshots fill fixed chunks of at most 512 KiB (5461 19x19 snapshots), and each
    /// reads back whole on either side of a chunk's end.
    #[test]
    fn snapshots_live_in_fixed_chunks_and_read_back() {
        let words = 12;
        let mut arena = Arena::new(words);
        assert_eq!(arena.per_chunk, CHUNK_WORDS / words);
        let n = arena.per_chunk + 3;
        for k in 0..n {
            assert_eq!(arena.push(&snapshot(words, k)) as usize, k);
        }
        assert_eq!(arena.chunks.len(), 2);
        for c in &arena.chunks {
            assert!(c.len() <= CHUNK_WORDS, "{}", c.len());
        }
        for k in [0, arena.per_chunk - 1, arena.per_chunk, n - 1] {
            assert_eq!(
                arena.get(k as u32),
                Some(&snapshot(words, k)[..]),
                "snapshot {k}"
            );
        }
        assert_eq!(arena.get(n as u32), None, "nothing past the last snapshot");
        // A snapshot wider than a chunk still gets a chunk of its own.
        assert_eq!(Arena::new(CHUNK_WORDS + 1).per_chunk, 1);
    }

    /// A reservation grows the table before play, so that `positions` more boards fit
    /// at most half full, and is capped for hostile hints.
    #[test]
    fn reserve_grows_the_table_ahead_and_is_capped() {
        let mut h = History::new(12);
        h.reserve(600);
        assert_eq!(
            h.table.len(),
            2048,
            "600 boards need 1200 buckets: one doubling"
        );
        let before = h.table.len();
        for k in 0..600 {
            h.find_or_insert(k as u64 * 0x1_0000_0001, &snapshot(12, k));
        }
        assert_eq!(
            h.table.len(),
            before,
            "no rehash while the reserved boards arrive"
        );
        let mut huge = History::new(12);
        huge.reserve(usize::MAX / 4);
        assert_eq!(
            huge.table.len(),
            1 << 17,
            "the hint is capped at 65536 positions"
        );
    }

    /// Each occurrence links to the previous one of the same board, and the entry keeps
    /// the earliest move of each kind of occurrence.
    #[test]
    fn slots_record_first_occurrences_and_link_repeats() {
        let mut h = History::new(12);
        let (a, _) = h.find_or_insert(1, &snapshot(12, 1));
        let (b, _) = h.find_or_insert(2, &snapshot(12, 2));
        h.push_slot(a, 0, Color::Black, None);
        h.push_slot(b, 1, Color::White, Some(By::Play(Color::Black)));
        h.push_slot(a, 2, Color::White, Some(By::Play(Color::White)));
        h.push_slot(a, 5, Color::Black, Some(By::Play(Color::Black)));
        let e = h.entry(a);
        assert_eq!(e.first, 0);
        assert_eq!(e.first_to_move, [0, 2]);
        assert_eq!(e.first_by_play, [5, 2]);
        assert_eq!(e.first_after_move, [5, 2]);
        assert_eq!(e.last_slot, 3);
        assert_eq!(h.slot(3).prev_occ, 2);
        assert_eq!(h.slot(2).prev_occ, 0);
        assert_eq!(h.slot(0).prev_occ, NONE);
        assert_eq!(h.entry(b).first_by_play, [1, NONE]);
        assert_eq!(h.slot_count(), 4);
        h.set_next_play(42);
        assert_eq!(h.current().map(|s| s.next_play), Some(42));
        assert_eq!(h.slot(2).next_play, NONE);
    }

    /// A pass leaves the board as a move of the passer (New Zealand), but no board is
    /// created by it (natural situational superko).
    #[test]
    fn a_pass_leaves_the_board_after_a_move_but_creates_none() {
        let mut h = History::new(12);
        let (a, _) = h.find_or_insert(1, &snapshot(12, 1));
        h.push_slot(a, 0, Color::Black, None);
        h.push_slot(a, 1, Color::White, Some(By::Pass(Color::Black)));
        h.push_slot(a, 4, Color::Black, Some(By::Play(Color::White)));
        let e = h.entry(a);
        assert_eq!(e.first_after_move, [1, 4]);
        assert_eq!(e.first_by_play, [NONE, 4]);
    }
}
