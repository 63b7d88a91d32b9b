//! The rules engine: replays a line once and records, for every move, the facts that
//! every ruleset needs ([`MoveFacts`]); [`MoveFacts::judge`] then maps facts to a verdict for one
//! [`Rules`](crate::rules::Rules) with a cheap pure function, and [`MoveFacts::also`] does so for
//! every preset.
//!
//! Why this split works: moves are executed as played whatever the rules (spec §1.8
//! rule 5, SGF FF\[4\]), so the board sequence does not depend on the ruleset. One
//! replay therefore answers positional, situational and natural situational superko,
//! the simple ko rule and R-SST at once.
//!
//! Move numbers are the caller's (1-based, passes included); "related move" numbers
//! refer to them, with 0 for the initial position (root setup included). A position
//! after mid-game setup carries the number of the move before it.

mod history;
mod judge;
#[cfg(test)]
mod proptests;
#[cfg(test)]
mod scenario_tests;
mod sst;

pub(crate) use judge::Verdict;
pub(crate) use judge::{also, judge};
pub(crate) use sst::HotKind;

use crate::point::{Color, Move, Point};
#[cfg(test)]
use crate::replay::board::BoardError;
#[cfg(test)]
use crate::replay::board::Zobrist;
use crate::replay::board::{stone_of, Board};
use crate::replay::position::Position;
use history::{By, History, NONE};
use serde::Serialize;
use sst::{HotSet, Mouth};
use std::collections::HashMap;

/// A hot stone taken too early (spec §1.8 rule 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct HotTake {
    pub kind: HotKind,
    /// The hot stone that was taken.
    pub stone: Point,
    /// The move that made it hot.
    pub related: u32,
}

/// Which recycling rule fired (spec §1.8 rule 4; both are interpretations).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum RecyclingKind {
    /// Fixed-ko rule over full-board cycles: the same play, by the same player, from a
    /// board that a play has since recreated.
    FullBoard,
    /// A double ko's local colouring recurred and the same capture was repeated.
    DoubleKo,
}

/// A recycling (disturbing-ko) play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Recycling {
    pub kind: RecyclingKind,
    /// The earlier move this play repeats.
    pub related: u32,
}

/// Ruleset-independent facts about one move.
///
/// ```
/// use goref_core::point::{Color, Move, Point};
/// use goref_core::replay::Engine;
/// use goref_core::rules::Rules;
///
/// let mut engine = Engine::new(9, 9).unwrap();
/// engine.play(Color::Black, Move::Play(Point::new(4, 4)), 1);
/// let facts = engine.play(Color::White, Move::Play(Point::new(4, 4)), 2);
/// assert_eq!((facts.number(), facts.color(), facts.mv()), (2, Color::White, Move::Play(Point::new(4, 4))));
/// assert!(facts.captured().is_empty());
/// let finding = facts.judge(&Rules::named("aga").unwrap()).unwrap();
/// assert_eq!(finding.code.as_str(), "occupied-point");
/// assert_eq!((finding.move_number, finding.vertex.as_deref()), (Some(2), Some("E5")));
/// // Every preset agrees on this one.
/// assert!(facts.also().values().all(|code| code.is_some()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveFacts {
    pub(crate) number: u32,
    /// The height of the board it was played on (for the vertex of a verdict's finding).
    pub(crate) board_height: u8,
    pub(crate) color: Color,
    pub(crate) mv: Move,
    /// The point is outside the board; the move was replayed as a pass.
    pub(crate) off_board: bool,
    /// The point held a stone; it was replaced (see `replay/board.rs`).
    pub(crate) occupied: bool,
    /// Opponent stones removed by the play.
    pub(crate) captured: Vec<Point>,
    /// Size of the mover's own string removed (suicide); 0 if none.
    pub(crate) self_removed: u32,
    /// Immediate retake of a single-stone ko: the move that took it.
    pub(crate) ko_retake: Option<u32>,
    /// The board after the play stood before: earliest move after which it stood.
    pub(crate) psk: Option<u32>,
    /// ... with the same player to move.
    pub(crate) ssk: Option<u32>,
    /// ... created by a play of the same colour (never 0).
    pub(crate) nssk: Option<u32>,
    /// ... standing after a move of the same colour, a play or a pass (New Zealand:
    /// passes are moves; never 0).
    pub(crate) after_own_move: Option<u32>,
    pub(crate) hot_take: Option<HotTake>,
    pub(crate) recycling: Option<Recycling>,
    /// R-SST escalation: a board recurred again with no SST rule firing since its
    /// previous occurrence; the value is that occurrence's move number.
    pub(crate) needs_referee: Option<u32>,
}

impl MoveFacts {
    /// The move's number in the game (1 for the first move).
    pub fn number(&self) -> u32 {
        self.number
    }

    /// The colour that moved.
    pub fn color(&self) -> Color {
        self.color
    }

    /// The move: a play at a point, or a pass.
    pub fn mv(&self) -> Move {
        self.mv
    }

    /// The opponent's stones the move captured, sorted.
    pub fn captured(&self) -> &[Point] {
        &self.captured
    }

    /// The finding this move gets under `rules` (its code, message, certainty and the
    /// earlier move a repetition refers to, on this move's number, colour and point), or
    /// None when the move is legal there.
    pub fn judge(&self, rules: &crate::rules::Rules) -> Option<crate::findings::Finding> {
        judge(rules, self).map(|verdict| {
            verdict.into_finding(self.number, self.color, self.mv.point(), self.board_height)
        })
    }

    /// What every preset of [`crate::rules::Preset::ALL`] says of this move: preset name ->
    /// the code of its verdict (None where the move is legal).
    pub fn also(&self) -> std::collections::BTreeMap<String, Option<crate::findings::Code>> {
        also(self)
    }

    pub(crate) fn new(number: u32, color: Color, mv: Move) -> MoveFacts {
        MoveFacts {
            number,
            board_height: 19,
            color,
            mv,
            off_board: false,
            occupied: false,
            captured: Vec::new(),
            self_removed: 0,
            ko_retake: None,
            psk: None,
            ssk: None,
            nssk: None,
            after_own_move: None,
            hot_take: None,
            recycling: None,
            needs_referee: None,
        }
    }

    /// The facts of a new move, as [`MoveFacts::new`], written over these field by field
    /// (the destructuring names every field, so a new one cannot be forgotten); the list
    /// of captures keeps its room.
    fn reset(&mut self, number: u32, color: Color, mv: Move, height: u8) {
        let MoveFacts {
            number: n,
            board_height,
            color: c,
            mv: m,
            off_board,
            occupied,
            captured,
            self_removed,
            ko_retake,
            psk,
            ssk,
            nssk,
            after_own_move,
            hot_take,
            recycling,
            needs_referee,
        } = self;
        (*n, *c, *m, *board_height) = (number, color, mv, height);
        (*off_board, *occupied, *self_removed) = (false, false, 0);
        captured.clear();
        (*ko_retake, *psk, *ssk, *nssk) = (None, None, None, None);
        (*after_own_move, *needs_referee) = (None, None);
        (*hot_take, *recycling) = (None, None);
    }

    /// A pass, or an off-board move replayed as one.
    pub fn is_pass(&self) -> bool {
        matches!(self.mv, Move::Pass) || self.off_board
    }

    /// A fact some ruleset could object to (see [`judge`]): off the board, an occupied
    /// point, a suicide, a ko retake, any repetition, a hot-stone take, a recycling or a
    /// board that needs the referee. A move without one is legal under every ruleset.
    pub(crate) fn is_notable(&self) -> bool {
        self.off_board
            || self.occupied
            || self.self_removed > 0
            || self.ko_retake.is_some()
            || self.psk.is_some()
            || self.ssk.is_some()
            || self.nssk.is_some()
            || self.after_own_move.is_some()
            || self.hot_take.is_some()
            || self.recycling.is_some()
            || self.needs_referee.is_some()
    }

    /// The play removed a single own stone and nothing else (the board is unchanged).
    pub(crate) fn single_stone_suicide(&self) -> bool {
        self.self_removed == 1
    }

    /// Any whole-board repetition created by this play: the earliest move after which
    /// the same board stood.
    pub(crate) fn cycle(&self) -> Option<u32> {
        self.psk
    }
}

/// The engine. See the module documentation.
///
/// ```
/// use goref_core::point::{Color, Move, Point};
/// use goref_core::replay::Engine;
///
/// // White's stone at A1 is captured by Black's second stone.
/// let mut engine = Engine::new(5, 5).unwrap();
/// engine.play(Color::White, Move::Play(Point::new(0, 4)), 1);
/// engine.play(Color::Black, Move::Play(Point::new(1, 4)), 2);
/// let facts = engine.play(Color::Black, Move::Play(Point::new(0, 3)), 3);
/// assert_eq!(facts.captured(), [Point::new(0, 4)]);
/// assert_eq!(engine.captures(), [1, 0]);
/// assert_eq!(engine.stone_at(Point::new(0, 4)), None);
/// ```
pub struct Engine {
    board: Board,
    history: History,
    /// Fixed-ko rule: (board entry, play code) -> the move first played so.
    forbidden: HashMap<(u32, u32), u32>,
    /// Double-ko local cycles: (complex, colouring before, play code) -> move.
    double_ko: HashMap<(u64, u8, u32), u32>,
    hot: HotSet,
    /// Simple ko: (ko point, stone that took, move number) after a single-stone take.
    ko: Option<(usize, usize, u32)>,
    /// Slot of the last move at which an SST rule (hot take, recycling) fired.
    last_violation: u32,
    /// Number of the last move played.
    moves: u32,
    scratch: Vec<u16>,
}

/// Packs a play for the history: colour in bit 16, padded index below.
fn play_code(color: Color, i: usize) -> u32 {
    ((color.index() as u32) << 16) | (i as u32 & 0xFFFF)
}

fn opt(v: u32) -> Option<u32> {
    (v != NONE).then_some(v)
}

impl Engine {
    /// An engine on an empty board of `width` x `height` (each 1..=52).
    pub fn new(width: u8, height: u8) -> Result<Engine, crate::Error> {
        Ok(Engine::on(Board::new(width, height)?))
    }

    /// An engine with an injected Zobrist table (tests force collisions with it).
    #[cfg(test)]
    pub(crate) fn with_zobrist(zobrist: Zobrist) -> Result<Engine, BoardError> {
        Ok(Engine::on(Board::with_zobrist(zobrist)?))
    }

    /// An engine on an empty `board`.
    fn on(board: Board) -> Engine {
        let words = board.bits().len();
        Engine {
            board,
            history: History::new(words),
            forbidden: HashMap::new(),
            double_ko: HashMap::new(),
            hot: HotSet {
                color: Color::Black,
                made_by: 0,
                stones: Vec::new(),
            },
            ko: None,
            last_violation: NONE,
            moves: 0,
            scratch: Vec::new(),
        }
    }

    /// The stone on `p` as the board stands, if any (None off the board too).
    pub fn stone_at(&self, p: Point) -> Option<Color> {
        self.board.get(p)
    }

    /// The current position as a plain snapshot.
    /// A hint: about `moves` moves and setups will follow (see [`History::reserve`]).
    pub(crate) fn reserve(&mut self, moves: usize) {
        self.history.reserve(moves + 1);
    }

    /// The board as it stands.
    pub fn position(&self) -> Position {
        self.board.to_position()
    }

    /// The stones of every string left without a liberty (by setup), in point order.
    pub fn stones_without_liberties(&self) -> Vec<Point> {
        self.board.stones_without_liberties()
    }

    /// Stones captured by Black and by White (suicides count for the opponent).
    pub fn captures(&self) -> [u32; 2] {
        self.board.prisoners()
    }

    /// Approximate heap bytes held by the repetition history.
    pub fn history_bytes(&self) -> usize {
        self.history.heap_bytes() + self.forbidden.capacity() * 16 + self.double_ko.capacity() * 24
    }

    /// Setup (AE, then AB, then AW). The resulting position joins the history with
    /// `to_move` to play (the caller's reading of PL, spec §8.1): in the root it is the
    /// initial position (related move 0). Without any setup, the first move's colour is
    /// the player to move in the initial position.
    pub fn setup(
        &mut self,
        add_black: &[Point],
        add_white: &[Point],
        clear: &[Point],
        to_move: Color,
    ) {
        for &p in clear {
            self.board.clear_point(p);
        }
        for &p in add_black {
            self.board.add_stone(p, Color::Black);
        }
        for &p in add_white {
            self.board.add_stone(p, Color::White);
        }
        let (e, _) = self
            .history
            .find_or_insert(self.board.hash(), self.board.bits());
        self.history.push_slot(e, self.moves, to_move, None);
        // A node that only says who is to move (PL) leaves the ko as it was.
        if !(add_black.is_empty() && add_white.is_empty() && clear.is_empty()) {
            self.cool();
        }
    }

    /// Puts the initial position into the history if nothing is there yet.
    fn start(&mut self, to_move: Color) {
        if self.history.is_empty() {
            let (e, _) = self
                .history
                .find_or_insert(self.board.hash(), self.board.bits());
            self.history.push_slot(e, 0, to_move, None);
        }
    }

    /// Hot stones and the simple-ko ban last one move.
    fn cool(&mut self) {
        self.hot.stones.clear();
        self.ko = None;
    }

    /// Plays (or passes) a move as recorded and returns its facts.
    pub fn play(&mut self, color: Color, mv: Move, number: u32) -> MoveFacts {
        let mut facts = MoveFacts::new(number, color, mv);
        self.play_into(color, mv, number, &mut facts);
        facts
    }

    /// [`Engine::play`] with its facts written over `facts`: a replay keeps one
    /// `MoveFacts` for all its moves instead of returning (copying) a new one per move.
    #[inline]
    pub(crate) fn play_into(&mut self, color: Color, mv: Move, number: u32, facts: &mut MoveFacts) {
        self.start(color);
        facts.reset(number, color, mv, self.board.height());
        self.moves = number;
        let index = match mv {
            Move::Pass => None,
            Move::Play(p) => {
                let i = self.board.index(p);
                facts.off_board = i.is_none();
                i
            }
        };
        match index {
            Some(i) => self.play_at(color, i, facts),
            None => self.pass(color, number),
        }
    }

    /// A pass: the same board joins the history with the other player to move.
    fn pass(&mut self, color: Color, number: u32) {
        if let Some(cur) = self.history.current().copied() {
            self.history
                .push_slot(cur.entry, number, color.opponent(), Some(By::Pass(color)));
        }
        self.cool();
    }

    fn play_at(&mut self, color: Color, i: usize, facts: &mut MoveFacts) {
        let number = facts.number;
        let before = match self.history.current() {
            Some(s) => s.entry,
            None => NONE,
        };
        let code = play_code(color, i);
        if before != NONE && self.history.entry(before).has_forbidden {
            if let Some(&m) = self.forbidden.get(&(before, code)) {
                facts.recycling = Some(Recycling {
                    kind: RecyclingKind::FullBoard,
                    related: m,
                });
            }
        }
        self.history.set_next_play(code);
        // Rule 4 reads a double ko on the board the capture is played from.
        let double_ko = self.double_ko_before(color, i);

        let out = self.board.play_at(color, i);
        facts.occupied = out.replaced.is_some();
        facts.self_removed = out.self_removed;
        let caps = &self.board.last_removed_indices()[..out.captured as usize];
        if !caps.is_empty() {
            facts
                .captured
                .extend(caps.iter().map(|&c| self.board.point(c as usize)));
        }
        facts.hot_take = self.hot_take(color, caps);
        if let Some((k, s, m)) = self.ko {
            if k == i && caps.len() == 1 && caps[0] as usize == s && out.self_removed == 0 {
                facts.ko_retake = Some(m);
            }
        }

        let (e, found) = self
            .history
            .find_or_insert(self.board.hash(), self.board.bits());
        if found {
            let ent = self.history.entry(e);
            facts.psk = opt(ent.first);
            facts.ssk = opt(ent.first_to_move[color.opponent().index()]);
            facts.nssk = opt(ent.first_by_play[color.index()]);
            facts.after_own_move = opt(ent.first_after_move[color.index()]);
            // A play that leaves the board as it was (single-stone suicide, a stone
            // replaced by its own colour) is no cycle in the SST sense.
            if e != before {
                self.recreated(e, facts);
            }
        }
        let slot = self.history.slot_count();
        self.history
            .push_slot(e, number, color.opponent(), Some(By::Play(color)));
        self.update_hot(color, i, out.captured, out.self_removed, facts);
        if let Some(k) = double_ko {
            self.double_ko_cycle(k, facts);
        }
        if facts.hot_take.is_some() || facts.recycling.is_some() {
            self.last_violation = slot;
        }
    }

    /// Whether this capture takes a stone of the current hot set.
    fn hot_take(&self, color: Color, caps: &[u16]) -> Option<HotTake> {
        if self.hot.stones.is_empty() || self.hot.color != color.opponent() {
            return None;
        }
        let mut best: Option<(u16, HotKind)> = None;
        for &(s, kind) in &self.hot.stones {
            if caps.contains(&s) && !matches!(best, Some((_, HotKind::Single))) {
                best = Some((s, kind));
            }
        }
        best.map(|(s, kind)| HotTake {
            kind,
            stone: self.board.point(s as usize),
            related: self.hot.made_by,
        })
    }

    /// A play recreated board `e` (fixed-ko rule and escalation, spec §1.8 rules 4, 6).
    fn recreated(&mut self, e: u32, facts: &mut MoveFacts) {
        let ent = self.history.entry(e).clone();
        let prev = ent.last_slot;
        // The board recurs again and nothing fired since it last stood: an unclassified
        // cycle (the first recurrence is one permitted cycle under the fixed-ko rule).
        if ent.recreations >= 1 && (self.last_violation == NONE || self.last_violation < prev) {
            facts.needs_referee = Some(self.history.slot(prev).number);
        }
        // Freeze every play made from earlier occurrences not yet frozen.
        let mut any = false;
        let mut s = prev;
        while s != NONE && (ent.frozen_upto == NONE || s > ent.frozen_upto) {
            let slot = *self.history.slot(s);
            if slot.next_play != NONE && s + 1 < self.history.slot_count() {
                let number = self.history.slot(s + 1).number;
                // Keep the earliest move that was played so.
                self.forbidden
                    .entry((e, slot.next_play))
                    .and_modify(|m| *m = (*m).min(number))
                    .or_insert(number);
                any = true;
            }
            s = slot.prev_occ;
        }
        let ent = self.history.entry_mut(e);
        ent.frozen_upto = prev;
        ent.recreations += 1;
        ent.has_forbidden |= any;
    }

    /// Recomputes the hot set after a play (spec §1.8 rule 3).
    fn update_hot(
        &mut self,
        color: Color,
        i: usize,
        captured: u32,
        self_removed: u32,
        facts: &mut MoveFacts,
    ) {
        self.cool();
        if self_removed > 0 || captured == 0 || captured > 2 {
            return;
        }
        let mut libs = std::mem::take(&mut self.scratch);
        self.board.liberties_into(i, &mut libs);
        let caps = &self.board.last_removed_indices()[..captured as usize];
        let size = self.board.string_size(i);
        self.hot.color = color;
        self.hot.made_by = facts.number;
        if size == 1 && captured == 1 && libs.len() == 1 && libs[0] == caps[0] {
            let taken = caps[0] as usize;
            self.hot.stones.push((i as u16, HotKind::Single));
            self.ko = Some((taken, i, facts.number));
            self.single_ko_complex(color, i, taken);
        } else if size == 2 && captured == 2 && libs.len() == 1 && caps.contains(&libs[0]) {
            let other = self.board.next_stone(i);
            self.hot.stones.push((i as u16, HotKind::Double));
            self.hot.stones.push((other as u16, HotKind::Double));
        }
        self.scratch = libs;
    }

    /// After a single-stone ko take: twin hot stones (3+ linked mouths, read after the
    /// take as rule 3 says).
    fn single_ko_complex(&mut self, color: Color, i: usize, taken: usize) {
        if sst::mouth_liberty(&self.board, i) != Some(taken) {
            return;
        }
        let mouths = sst::ko_complex(
            &self.board,
            Mouth {
                stone: i,
                liberty: taken,
            },
        );
        if mouths.len() >= 3 {
            let own = stone_of(color);
            for m in &mouths {
                if m.stone != i && self.board.cell(m.stone) == own {
                    self.hot.stones.push((m.stone as u16, HotKind::Twin));
                }
            }
        }
    }

    /// If the play at `i` captures a basic-ko mouth whose complex has exactly two
    /// mouths on the board before the play (a double-ko capture, spec §1.8 rule 4),
    /// the complex, its colouring before the play and the play.
    fn double_ko_before(&self, color: Color, i: usize) -> Option<(u64, u8, u32)> {
        let opp = stone_of(color.opponent());
        let taken = self.board.neighbours(i).into_iter().find(|&n| {
            self.board.cell(n) == opp && sst::mouth_liberty(&self.board, n) == Some(i)
        })?;
        let mouths = sst::ko_complex(
            &self.board,
            Mouth {
                stone: taken,
                liberty: i,
            },
        );
        if mouths.len() != 2 {
            return None;
        }
        let (key, pts) = sst::complex_key(&mouths);
        Some((key, sst::colouring(&self.board, &pts), play_code(color, i)))
    }

    /// A double-ko capture repeated from a recurring local colouring is recycling;
    /// otherwise the capture is recorded.
    fn double_ko_cycle(&mut self, k: (u64, u8, u32), facts: &mut MoveFacts) {
        match self.double_ko.get(&k) {
            Some(&m) if facts.recycling.is_none() => {
                facts.recycling = Some(Recycling {
                    kind: RecyclingKind::DoubleKo,
                    related: m,
                });
            }
            Some(_) => {}
            None => {
                self.double_ko.insert(k, facts.number);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Rules, PRESETS};

    fn pt(s: &str) -> Point {
        Point::from_sgf(s).unwrap()
    }

    /// xorshift64*: deterministic and dependency-free.
    fn rng(state: &mut u64) -> u64 {
        *state ^= *state >> 12;
        *state ^= *state << 25;
        *state ^= *state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    #[test]
    fn every_move_some_preset_objects_to_is_notable() {
        // Random plays, off-board points and passes on small boards: captures, suicides
        // of one and of several stones, kos, hot stones and whole-board repeats. A replay
        // keeps only notable facts, so a verdict on a move left out would be lost.
        let presets: Vec<crate::rules::Rules> =
            crate::rules::PRESETS.iter().map(|p| p.rules()).collect();
        let mut objected = 0;
        for seed in 1..=40u64 {
            let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let size = 3 + (seed % 3) as u8;
            let mut engine = Engine::new(size, size).unwrap();
            let mut color = Color::Black;
            for n in 1..=300 {
                let cells = u64::from(size) * u64::from(size);
                let r = rng(&mut state) % (cells + 3);
                let mv = match r {
                    r if r < cells => Move::Play(Point::new(
                        (r % u64::from(size)) as u8,
                        (r / u64::from(size)) as u8,
                    )),
                    r if r == cells => Move::Play(Point::new(size, 0)),
                    _ => Move::Pass,
                };
                let facts = engine.play(color, mv, n);
                let verdicts = presets
                    .iter()
                    .filter(|r| judge(r, &facts).is_some())
                    .count();
                objected += verdicts.min(1);
                assert!(
                    verdicts == 0 || facts.is_notable(),
                    "seed {seed}, move {n}: {facts:?}"
                );
                color = color.opponent();
            }
        }
        assert!(objected > 100, "the random games should hold illegal moves");
    }

    #[test]
    fn play_into_reused_facts_gives_play_s_facts() {
        // Random plays and passes on a small board (captures, suicides, kos, repeats):
        // one engine returns fresh facts, the other overwrites one reused `MoveFacts`.
        for seed in 1..=20u64 {
            let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let (mut fresh, mut reused) = (Engine::new(5, 5).unwrap(), Engine::new(5, 5).unwrap());
            let mut facts = MoveFacts::new(0, Color::Black, Move::Pass);
            let mut color = Color::Black;
            for n in 1..=400 {
                let r = rng(&mut state) % 27;
                let mv = if r >= 25 {
                    Move::Pass
                } else {
                    Move::Play(Point::new((r % 5) as u8, (r / 5) as u8))
                };
                let expected = fresh.play(color, mv, n);
                reused.play_into(color, mv, n, &mut facts);
                assert_eq!(facts, expected, "seed {seed}, move {n}");
                color = color.opponent();
            }
        }
    }

    #[test]
    fn every_size_from_1x1_to_52x52_and_rectangles() {
        for (w, h) in [(1, 1), (2, 2), (25, 25), (52, 52), (3, 52), (52, 3), (1, 2)] {
            let mut e = Engine::new(w, h).unwrap();
            let corners = [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)];
            let mut n = 0;
            let mut color = Color::Black;
            let mut state = 0x1234_5678_u64 ^ (w as u64) << 8 ^ h as u64;
            for &(x, y) in corners.iter().chain([(w / 2, 0), (0, h / 2)].iter()) {
                n += 1;
                e.play(color, Move::Play(Point::new(x, y)), n);
                color = color.opponent();
            }
            for _ in 0..3000 {
                n += 1;
                let p = Point::new(
                    (rng(&mut state) % (w as u64 + 1)) as u8,
                    (rng(&mut state) % (h as u64 + 1)) as u8,
                );
                let f = e.play(color, Move::Play(p), n);
                assert_eq!(f.off_board, !e.board.contains(p));
                for r in PRESETS {
                    let _ = judge(&r.rules(), &f);
                }
                color = color.opponent();
            }
            e.board.check_invariants();
            let pos = e.position();
            assert_eq!((pos.width, pos.height), (w, h));
        }
        // 1x1: every play is a single-stone suicide, and recreates the empty board.
        let mut e = Engine::new(1, 1).unwrap();
        let f = e.play(Color::Black, Move::Play(pt("aa")), 1);
        assert!(f.single_stone_suicide());
        assert_eq!(f.psk, Some(0));
        assert_eq!(
            judge(&Rules::named("aga").unwrap(), &f).unwrap().code,
            crate::findings::Code::Suicide
        );
        assert!(Engine::new(0, 3).is_err() && Engine::new(53, 3).is_err());
    }

    #[test]
    fn mid_game_setup_joins_the_history() {
        let mut e = Engine::new(5, 5).unwrap();
        e.play(Color::Black, Move::Play(pt("cc")), 1);
        e.play(Color::White, Move::Play(pt("dd")), 2);
        e.setup(&[], &[], &[pt("dd")], Color::White);
        // The board after the setup equals the board after move 1.
        let f = e.play(Color::White, Move::Play(pt("aa")), 3);
        assert_eq!(f.psk, None);
        let mut e = Engine::new(5, 5).unwrap();
        e.play(Color::Black, Move::Play(pt("cc")), 1);
        e.setup(&[pt("dd")], &[], &[], Color::White);
        e.play(Color::White, Move::Pass, 2);
        e.setup(&[], &[], &[pt("dd")], Color::Black);
        // Playing dd again recreates the setup position labelled with move 1.
        let f = e.play(Color::Black, Move::Play(pt("dd")), 3);
        assert_eq!((f.psk, f.ssk, f.nssk), (Some(1), Some(1), None));
    }

    /// The memory figure is bounded from below too: each distinct board of the line is
    /// stored whole, so after N plays that make N new boards it is at least N snapshots.
    #[test]
    fn history_bytes_hold_every_distinct_board() {
        let mut e = Engine::new(19, 19).unwrap();
        let snapshot = e.board.bits().len() * 8;
        let mut n = 0u32;
        for y in 0..3u8 {
            for x in 0..19u8 {
                n += 1;
                e.play(Color::Black, Move::Play(Point::new(x, y)), 2 * n - 1);
                e.play(Color::White, Move::Pass, 2 * n);
            }
        }
        assert!(
            e.history_bytes() >= n as usize * snapshot,
            "{} for {n} boards",
            e.history_bytes()
        );
    }

    /// A hostile record: a million moves. Both a cycling ko fight with passes (few
    /// distinct boards) and random play on 19x19 (almost every board new) stay far
    /// below 1 GB.
    #[test]
    fn a_million_moves_stay_bounded() {
        let mut e = Engine::new(5, 5).unwrap();
        e.setup(
            &[pt("aa"), pt("ba"), pt("ab"), pt("bc")],
            &[pt("ca"), pt("bb"), pt("db"), pt("cc")],
            &[],
            Color::Black,
        );
        let cycle = [
            (Color::Black, Move::Play(pt("cb"))),
            (Color::White, Move::Pass),
            (Color::Black, Move::Pass),
            (Color::White, Move::Play(pt("bb"))),
            (Color::Black, Move::Pass),
            (Color::White, Move::Pass),
        ];
        let mut flagged = 0;
        let sst = Rules::named("sst-ing").unwrap();
        for n in 0..1_000_000u32 {
            let (c, mv) = cycle[n as usize % cycle.len()];
            let f = e.play(c, mv, n + 1);
            flagged += judge(&sst, &f).is_some() as u32;
        }
        assert!(flagged > 300_000, "recycling every cycle: {flagged}");
        assert!(e.history_bytes() < 64 << 20, "{}", e.history_bytes());

        let mut e = Engine::new(19, 19).unwrap();
        let mut state = 42u64;
        let mut color = Color::Black;
        for n in 1..=1_000_000u32 {
            let r = rng(&mut state);
            let p = Point::new((r % 19) as u8, ((r >> 8) % 19) as u8);
            let mv = if e.board.get(p).is_some() {
                Move::Pass
            } else {
                Move::Play(p)
            };
            e.play(color, mv, n);
            color = color.opponent();
        }
        assert!(e.history_bytes() < 400 << 20, "{}", e.history_bytes());
    }
}
