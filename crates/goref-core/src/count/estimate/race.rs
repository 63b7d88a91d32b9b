//! A seki read out move by move: a small search, bounded in positions, on the real board.
//!
//! The static reading calls weak stones and the chains around them seki when neither side
//! seems able to fill their shared liberties without putting itself in atari. It judges that
//! from liberty counts, so it misses an approach that joins a living group (a stone that fills
//! a shared liberty and connects to a living wall keeps all the wall's liberties) and a partner
//! the weak side can never capture. Here the race is played out instead (issue 26 requirement
//! 2): both sides play on the points that matter (the weak chains' liberties, the empty points
//! of their space, the liberties of the enclosing chains that are short of liberties or share
//! one with the weak chains, a small weak chain's own points, where the other side may play
//! again once it is taken, and, for a seki the static reading sees only with the dame filled,
//! those dame), with captures, the suicide ban and the simple ko ban.
//!
//! - A capture by the weak side is its win: a refutation must hold against every resource
//!   the weak side has. Only taking one or two stones of an enclosing chain that sits inside
//!   the weak chains' eye space (a throw-in: every liberty of it is one of theirs) lets play
//!   go on in the freed points: they make one eye at most, so the enclosure may still take
//!   everything.
//! - Taking the biggest weak chain is the enclosure's win when it frees more points than a
//!   killable eye shape holds (seven or more); a smaller one may be a nakade, so play goes on
//!   in the freed points, and the enclosure wins only if both then pass with it still taken.
//! - Two passes with nothing taken are a seki.
//!
//! The seki is refuted only when the enclosure wins whoever moves first and both searches
//! finished within the budget; anything else leaves the static reading as it was, so the
//! search can settle a seki the wrong way only through what it does not play (approach moves
//! outside those points), never by running out of time.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::grid::Grid;
use crate::point::Color;

/// At most this many positions are read for one race (both searches together); past it the
/// seki stands, or the kill is not read out. With captures of up to six stones played on,
/// reads of 500 to 2,000 positions settle Fox records that 500 left open, and cost the
/// whole check about 3% (docs/scoring.md, thirteenth session).
pub(crate) const MAX_NODES: u32 = 2_000;
/// The budget of a seki read from the partners' side ([`super::life`]'s backward read):
/// smaller, because what such a refutation settles is only the partners' death. The space's
/// stones then meet what encloses them in a later round, where no search reads the race
/// (the held-out Fox `Pro/9p/1505364308`: with a larger budget its partner was refuted in
/// 1,675 positions, then Black's stones killed by an enclosure read strong, a stated count
/// 62 points from RE).
pub(crate) const PARTNERS_MAX_NODES: u32 = 500;
/// At most this many points to play on; a bigger fight is no seki to read out here.
const MAX_POINTS: usize = 12;
/// At most this many points to play on for a kill ([`kill_read_out`]): on ../shared/corpus
/// the kills read out over more points ran past [`MAX_NODES`] or settled no result
/// (docs/scoring.md).
pub(crate) const MAX_KILL_POINTS: usize = 7;
/// An enclosing chain with more liberties than this cannot be captured within the search:
/// its liberties are no points to play on.
const SHORT_OF_LIBERTIES: usize = 3;
/// A partner in a seki keeps at most this many liberties of its own (an eye, a dame).
const PARTNER_OWN_LIBERTIES: usize = 2;
/// The weak side's capture of at most this many stones inside the race does not end it:
/// the points it frees are a nakade shape at most (a bulky five, a rabbity six), and play
/// goes on there ([`RaceSearch::plays_on`]).
const PLAY_ON_AFTER_TAKING: usize = 6;

/// How a race played out ends, for the side that moved first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RaceEnd {
    /// A weak chain is captured.
    EnclosureCaptures,
    /// An enclosing chain is captured.
    WeakCaptures,
    /// Both passed with nothing captured.
    Seki,
    /// The budget ran out.
    Unknown,
}

/// Whether the seki the static reading sees between the `weak` chains (one colour) and the
/// `enclosing` chains (the other) is refuted: the enclosure takes the biggest weak chain for
/// good whoever moves first, within the search's budget (see the module's rules). `space` is
/// the weak chains' space (cells).
#[cfg(test)]
pub(crate) fn seki_refuted(
    grid: &Grid,
    weak: &[usize],
    enclosing: &[usize],
    space: &[usize],
) -> bool {
    seki_read_out(grid, weak, enclosing, space, &[], MAX_NODES) == SekiReadOut::Refuted
}

/// What the race search makes of a seki the static reading sees ([`seki_refuted`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SekiReadOut {
    /// The enclosure takes the biggest weak chain whoever moves first.
    Refuted,
    /// Both searches finished, and whoever moves first both sides pass with nothing
    /// taken: the seki holds in every line the search plays.
    Confirmed,
    /// Anything else: a capture by the weak side, an outcome the first move decides, a
    /// search past its budget, or nothing to read.
    Open,
}

/// The seki between the `weak` and the `enclosing` chains played out both ways
/// ([`SekiReadOut`]). `dame` are liberties of the enclosing chains outside the race that
/// the weak side may fill as well: a seki the static reading sees only once they are
/// filled (a strong chain of the weak colour fills them at the end) is played out with
/// them, so that the enclosure does not win the race on liberties it would lose. `budget`:
/// at most this many positions read ([`MAX_NODES`], [`PARTNERS_MAX_NODES`]).
pub(crate) fn seki_read_out(
    grid: &Grid,
    weak: &[usize],
    enclosing: &[usize],
    space: &[usize],
    dame: &[usize],
    budget: u32,
) -> SekiReadOut {
    match read_out(grid, weak, enclosing, space, dame, budget) {
        Some((RaceEnd::EnclosureCaptures, RaceEnd::EnclosureCaptures)) => SekiReadOut::Refuted,
        Some((RaceEnd::Seki, RaceEnd::Seki)) => SekiReadOut::Confirmed,
        _ => SekiReadOut::Open,
    }
}

/// Whether the enclosure takes the biggest of the `weak` chains, which the static reading
/// read dead, for good whoever moves first: [`seki_refuted`]'s test for a kill. The weak
/// side moves first first (the harder test, and where a kill fails), and the enclosure's
/// turn is read only if that one is taken.
pub(crate) fn kill_read_out(
    grid: &Grid,
    weak: &[usize],
    enclosing: &[usize],
    space: &[usize],
) -> bool {
    let Some(mut race) = RaceSearch::of(grid, weak, enclosing, space, &[], MAX_NODES) else {
        return false;
    };
    if race.reach > MAX_KILL_POINTS {
        return false;
    }
    let attacker = race.attacker;
    race.solve(0, opponent(attacker), State::START) == RaceEnd::EnclosureCaptures
        && race.solve(0, attacker, State::START) == RaceEnd::EnclosureCaptures
}

/// The race of [`seki_refuted`] played out, the enclosure moving first and then the weak
/// side; None when there is nothing to read (no weak chain, no point to play, or more than
/// [`MAX_POINTS`]).
fn read_out(
    grid: &Grid,
    weak: &[usize],
    enclosing: &[usize],
    space: &[usize],
    dame: &[usize],
    budget: u32,
) -> Option<(RaceEnd, RaceEnd)> {
    let mut race = RaceSearch::of(grid, weak, enclosing, space, dame, budget)?;
    let attacker = race.attacker;
    let enclosure_first = race.solve(0, attacker, State::START);
    // The second search starts from positions the first one has read (its memo).
    let weak_first = race.solve(0, opponent(attacker), State::START);
    Some((enclosure_first, weak_first))
}

impl<'g> RaceSearch<'g> {
    /// The search of a race (see [`read_out`]), or None when there is nothing to read.
    /// `dame`: more points to play on ([`seki_read_out`]); `budget`: at most this many
    /// positions read.
    fn of(
        grid: &'g Grid,
        weak: &[usize],
        enclosing: &[usize],
        space: &[usize],
        dame: &[usize],
        budget: u32,
    ) -> Option<RaceSearch<'g>> {
        let &biggest = weak
            .iter()
            .max_by_key(|&&c| (grid.chains[c].stones.len(), std::cmp::Reverse(c)))?;
        let defender = grid.chains[biggest].color;
        let mut weak_libs: Vec<usize> = weak
            .iter()
            .flat_map(|&c| grid.chains[c].libs.iter().copied())
            .collect();
        weak_libs.sort_unstable();
        weak_libs.dedup();
        // The enclosing chains the race can take: short of liberties, or a partner in the seki
        // (sharing liberties with the weak chains, with at most two of its own: its eye is where
        // the weak side captures it). A living wall that shares a liberty keeps many of its own,
        // and its liberties are no points of this race.
        let shared_liberties = |c: usize| {
            grid.chains[c]
                .libs
                .iter()
                .filter(|l| weak_libs.binary_search(l).is_ok())
                .count()
        };
        let reachable = |c: usize| {
            let (libs, shared) = (grid.chains[c].libs.len(), shared_liberties(c));
            libs <= SHORT_OF_LIBERTIES || (shared > 0 && libs - shared <= PARTNER_OWN_LIBERTIES)
        };
        // A small weak chain's points can be played again once it is captured (a nakade).
        let small = grid.chains[biggest].stones.len() <= NAKADE_MAX;
        let mut points: Vec<usize> = weak_libs
            .iter()
            .copied()
            .chain(space.iter().copied().filter(|&i| grid.cells[i].is_none()))
            .chain(
                enclosing
                    .iter()
                    .filter(|&&c| reachable(c))
                    .flat_map(|&c| grid.chains[c].libs.iter().copied()),
            )
            .chain(
                weak.iter()
                    .filter(|_| small)
                    .flat_map(|&c| grid.chains[c].stones.iter().copied()),
            )
            .chain(dame.iter().copied())
            .collect();
        points.sort_unstable();
        points.dedup();
        if points.is_empty() || points.len() > MAX_POINTS {
            return None;
        }
        // The size of the fight is the points above; the stones of a small enclosing
        // chain inside the weak chains' eye space (every liberty of it one of theirs) are
        // played on as well once the weak side takes them ([`RaceSearch::plays_on`]): a throw-in
        // taken is no life.
        let reach = points.len();
        let inside = |c: usize| {
            let chain = &grid.chains[c];
            chain.stones.len() <= PLAY_ON_AFTER_TAKING && shared_liberties(c) == chain.libs.len()
        };
        points.extend(
            enclosing
                .iter()
                .filter(|&&c| inside(c))
                .flat_map(|&c| grid.chains[c].stones.iter().copied()),
        );
        points.sort_unstable();
        points.dedup();
        // Likewise a stone or two of the weak colour, not in the race, whose every liberty
        // is a point of it (a dead stone inside an enclosing chain's eye): once the
        // enclosure takes it, the weak side may play there again (a throw-in into that
        // eye), so the point freed is a point of the race.
        let caught: Vec<usize> = grid
            .chains
            .iter()
            .enumerate()
            .filter(|&(c, chain)| {
                chain.color == defender
                    && chain.stones.len() <= PLAY_ON_AFTER_TAKING
                    && !weak.contains(&c)
                    && !chain.libs.is_empty()
                    && chain.libs.iter().all(|l| points.binary_search(l).is_ok())
            })
            .flat_map(|(_, chain)| chain.stones.iter().copied())
            .collect();
        points.extend(caught);
        points.sort_unstable();
        points.dedup();
        let cells: Vec<u8> = grid.cells.iter().map(|c| code(*c)).collect();
        Some(RaceSearch {
            grid,
            cells,
            undo: Vec::new(),
            attacker: code(Some(defender.opponent())),
            weak: grid.chains[biggest].stones[0],
            weak_size: grid.chains[biggest].stones.len(),
            points,
            reach,
            nodes: 0,
            budget,
            memo: HashMap::default(),
            seen: vec![0; grid.len()],
            stamp: 0,
            stack: Vec::new(),
            line: Vec::new(),
        })
    }
}

const EMPTY: u8 = 0;

/// The biggest eye space that can still be a killable (nakade) shape.
const NAKADE_MAX: usize = 6;

/// Where a race stands besides the stones.
#[derive(Clone, Copy)]
struct State {
    /// Passes just before (0 or 1).
    passes: u8,
    /// The point the simple ko ban forbids.
    ko: Option<usize>,
    /// The enclosure has captured the weak chain.
    taken: bool,
}

impl State {
    const START: State = State {
        passes: 0,
        ko: None,
        taken: false,
    };
}

fn code(c: Option<Color>) -> u8 {
    match c {
        None => EMPTY,
        Some(Color::Black) => 1,
        Some(Color::White) => 2,
    }
}

fn opponent(c: u8) -> u8 {
    3 - c
}

/// A 64-bit key for a position of the search: the stones (`stones_key`, kept up to date
/// move by move), who is to move and the state. The search meets a few hundred positions, so
/// two of them share a key with a chance of about one in 10^14.
fn position_key(stones_key: u64, to_move: u8, state: State) -> u64 {
    let ko = state.ko.map_or(0, |k| k as u64 + 1);
    stones_key
        ^ mix(u64::from(to_move)
            | u64::from(state.passes) << 2
            | u64::from(state.taken) << 3
            | ko << 4)
}

/// A hasher for keys that are already well mixed ([`position_key`]): it passes them on.
#[derive(Default)]
struct MixedKeyHasher(u64);

impl Hasher for MixedKeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = mix(self.0 ^ u64::from(b));
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// The key of a stone of `color` on cell `i` ([`position_key`]).
fn stone_key(i: usize, color: u8) -> u64 {
    mix((i as u64) << 2 | u64::from(color) | 1 << 40)
}

/// splitmix64's finaliser: every input bit moves about half the output bits.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

struct RaceSearch<'g> {
    grid: &'g Grid,
    /// The board as the search stands (changed by [`RaceSearch::play`], restored by
    /// [`RaceSearch::take_back`]).
    cells: Vec<u8>,
    /// Each change to `cells` since the search began: the cell and what it held.
    undo: Vec<(usize, u8)>,
    attacker: u8,
    /// One stone of the biggest weak chain: it is captured once that cell is empty (a
    /// chain's stones stay until it is captured).
    weak: usize,
    /// Its number of stones.
    weak_size: usize,
    /// The points either side may play (sorted).
    points: Vec<usize>,
    /// How many of them the fight is over (before the stones of small enclosing chains
    /// were added): what the bounds on a fight's size are measured by.
    reach: usize,
    nodes: u32,
    /// At most this many positions read ([`MAX_NODES`], [`PARTNERS_MAX_NODES`]).
    budget: u32,
    /// The ends found so far, by [`position_key`]: the same position is reached by many
    /// orders of the same moves. An end found under the superko of one line is kept for
    /// every line (as engines do; a cycle through a race's few points is rare).
    memo: HashMap<u64, RaceEnd, BuildHasherDefault<MixedKeyHasher>>,
    /// Flood-fill marks: a cell is seen in the current fill when `seen[i] == stamp`.
    seen: Vec<u32>,
    stamp: u32,
    stack: Vec<usize>,
    /// The stones of each position on the line being read, from the start (positional
    /// superko).
    line: Vec<u64>,
}

impl RaceSearch<'_> {
    /// The end of the race with `to_move` to play on `cells`, both sides playing their best:
    /// each prefers its own capture, then a seki, then the other's capture. `passes` counts
    /// the passes just before; `ko` is the point the simple ko ban forbids; `taken` says the
    /// enclosure has captured the weak chain already (a small one: the weak side may still
    /// play in the space it freed, as a nakade, until both pass).
    fn solve(&mut self, stones_key: u64, to_move: u8, state: State) -> RaceEnd {
        let key = position_key(stones_key, to_move, state);
        if let Some(&end) = self.memo.get(&key) {
            return end;
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return RaceEnd::Unknown;
        }
        self.line.push(stones_key);
        let end = self.search(stones_key, to_move, state);
        self.line.pop();
        if end != RaceEnd::Unknown {
            self.memo.insert(key, end);
        }
        end
    }

    /// [`RaceSearch::solve`] of a position not met before.
    fn search(&mut self, stones_key: u64, to_move: u8, state: State) -> RaceEnd {
        let mine = if to_move == self.attacker {
            RaceEnd::EnclosureCaptures
        } else {
            RaceEnd::WeakCaptures
        };
        // The plays first: a side that can win by one is done without reading its pass.
        let mut best = None;
        for k in 0..self.points.len() {
            let p = self.points[k];
            if self.cells[p] != EMPTY || Some(p) == state.ko {
                continue;
            }
            let mark = self.undo.len();
            let mut next_key = stones_key;
            let Some((captured, ko)) = self.play(&mut next_key, p, to_move) else {
                continue;
            };
            if self.line.contains(&next_key) {
                // Positional superko: a play back to a position on the line is not read,
                // so that a cycle of captures (sending two, returning one) does not spend
                // the budget going round.
                self.take_back(mark);
                continue;
            }
            let taken = state.taken || self.cells[self.weak] == EMPTY;
            let end = if to_move != self.attacker && !self.plays_on(mark, captured) {
                // A capture by the weak side counts as its win: the refutation must hold
                // against every resource it has (but see `plays_on`).
                RaceEnd::WeakCaptures
            } else if taken && self.weak_size > NAKADE_MAX {
                // Taking more stones than any killable eye shape holds gives the enclosure
                // its life.
                RaceEnd::EnclosureCaptures
            } else {
                let state = State {
                    passes: 0,
                    ko,
                    taken,
                };
                self.solve(next_key, opponent(to_move), state)
            };
            self.take_back(mark);
            if end == RaceEnd::Unknown {
                return RaceEnd::Unknown;
            }
            if end == mine {
                return mine;
            }
            if end == RaceEnd::Seki || best.is_none() {
                best = Some(end);
            }
        }
        let pass = if state.passes >= 1 {
            // The other side passed: passing too ends the race.
            if state.taken {
                RaceEnd::EnclosureCaptures
            } else {
                RaceEnd::Seki
            }
        } else {
            let passed = State {
                passes: 1,
                ko: None,
                ..state
            };
            self.solve(stones_key, opponent(to_move), passed)
        };
        match (pass, best) {
            (RaceEnd::Unknown, _) => RaceEnd::Unknown,
            (end, _) if end == mine => mine,
            (RaceEnd::Seki, _) | (_, None) => pass,
            (_, Some(end)) => end,
        }
    }

    /// Plays `color` at `p`: captures the enemy strings left without a liberty; None (and
    /// the board as it was) when the play is suicide. Returns the stones captured and the ko
    /// point the play leaves, if any (it took one stone and stands alone with one liberty).
    /// Every change is logged for [`RaceSearch::take_back`].
    fn play(&mut self, key: &mut u64, p: usize, color: u8) -> Option<(usize, Option<usize>)> {
        let mark = self.undo.len();
        self.set(p, color);
        let enemy = opponent(color);
        let mut captured = 0usize;
        let mut last_captured = None;
        let grid = self.grid;
        for nb in grid.neighbours(p) {
            if self.cells[nb] == enemy && !self.has_liberty(nb) {
                captured += self.remove(key, nb);
                last_captured = Some(nb);
            }
        }
        if captured == 0 && !self.has_liberty(p) {
            self.take_back(mark);
            return None;
        }
        *key ^= stone_key(p, color);
        let (mut friends, mut liberties) = (0, 0);
        for nb in grid.neighbours(p) {
            match self.cells[nb] {
                EMPTY => liberties += 1,
                c if c == color => friends += 1,
                _ => {}
            }
        }
        let ko = (captured == 1 && friends == 0 && liberties == 1)
            .then_some(last_captured)
            .flatten();
        Some((captured, ko))
    }

    /// Whether the race goes on after the weak side's play logged since `mark` took
    /// `captured` stones: where it took none, or at most [`PLAY_ON_AFTER_TAKING`] and the
    /// search plays on every point it freed (each change since `mark` that emptied a
    /// stone). The few points freed (a nakade shape at most) are no life of themselves, so
    /// the enclosure may still take everything (a throw-in the weak side must take, then
    /// the play into its one eye, or the vital point of the shape it took); ending the race
    /// there would read a dead group as a seki.
    fn plays_on(&self, mark: usize, captured: usize) -> bool {
        captured <= PLAY_ON_AFTER_TAKING
            && self.undo[mark..]
                .iter()
                .filter(|&&(_, held)| held != EMPTY)
                .all(|&(i, _)| self.points.binary_search(&i).is_ok())
    }

    fn set(&mut self, i: usize, value: u8) {
        self.undo.push((i, self.cells[i]));
        self.cells[i] = value;
    }

    /// Undoes the changes logged since `mark`.
    fn take_back(&mut self, mark: usize) {
        while self.undo.len() > mark {
            let (i, value) = self.undo.pop().unwrap_or_default();
            self.cells[i] = value;
        }
    }

    /// Whether the string on `start` has a liberty (a fill that stops at the first one).
    fn has_liberty(&mut self, start: usize) -> bool {
        let grid = self.grid;
        // Most strings have a liberty beside the stone asked about: no fill then.
        if grid.neighbours(start).any(|nb| self.cells[nb] == EMPTY) {
            return true;
        }
        let color = self.cells[start];
        self.next_stamp();
        self.stack.clear();
        self.stack.push(start);
        self.seen[start] = self.stamp;
        while let Some(i) = self.stack.pop() {
            for nb in self.grid.neighbours(i) {
                let c = self.cells[nb];
                if c == EMPTY {
                    return true;
                }
                if c == color && self.seen[nb] != self.stamp {
                    self.seen[nb] = self.stamp;
                    self.stack.push(nb);
                }
            }
        }
        false
    }

    /// Takes the string on `start` off; returns its size.
    fn remove(&mut self, key: &mut u64, start: usize) -> usize {
        let grid = self.grid;
        let color = self.cells[start];
        self.stack.clear();
        self.stack.push(start);
        self.set(start, EMPTY);
        let mut removed = 0;
        while let Some(i) = self.stack.pop() {
            removed += 1;
            *key ^= stone_key(i, color);
            for nb in grid.neighbours(i) {
                if self.cells[nb] == color {
                    self.set(nb, EMPTY);
                    self.stack.push(nb);
                }
            }
        }
        removed
    }

    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::replay::position::Position;

    /// The chain on the stone at column `x`, row `y` (from the top), the enemy chains that
    /// touch it, and its space (its stones and liberties), as the static reading passes them.
    fn race_at(grid: &Grid, x: usize, y: usize) -> (Vec<usize>, Vec<usize>, Vec<usize>) {
        let weak = grid.chain_of[y * grid.width + x] as usize;
        let color = grid.chains[weak].color;
        let mut enclosing: Vec<usize> = grid.chains[weak]
            .stones
            .iter()
            .flat_map(|&i| grid.neighbours(i))
            .filter(|&n| grid.cells[n] == Some(color.opponent()))
            .map(|n| grid.chain_of[n] as usize)
            .collect();
        enclosing.sort_unstable();
        enclosing.dedup();
        let mut space: Vec<usize> = grid.chains[weak].stones.clone();
        space.extend(&grid.chains[weak].libs);
        (vec![weak], enclosing, space)
    }

    /// `read` asked of the race at the chain on (x, y) of `rows` ([`race_at`]).
    fn read_at<T>(
        rows: &[&str],
        x: usize,
        y: usize,
        read: impl FnOnce(&Grid, &[usize], &[usize], &[usize]) -> T,
    ) -> T {
        let grid = Grid::new(&Position::from_diagram(rows));
        let (weak, enclosing, space) = race_at(&grid, x, y);
        read(&grid, &weak, &enclosing, &space)
    }

    fn refuted(rows: &[&str], x: usize, y: usize) -> bool {
        read_at(rows, x, y, seki_refuted)
    }

    /// How the race ends with the enclosure moving first, then with the weak side.
    fn ends(rows: &[&str], x: usize, y: usize) -> Option<(RaceEnd, RaceEnd)> {
        read_at(rows, x, y, |g, w, e, s| {
            read_out(g, w, e, s, &[], MAX_NODES)
        })
    }

    /// Black's eight stones at the top have two liberties, D9 and F7, and no eye. White
    /// fills F7 safely (the stone joins the living wall below), and Black can neither fill
    /// D9 nor play A9 (both suicide): White takes the eight stones at D9, whoever moves first.
    const APPROACH_THROUGH_A_LIVING_WALL: [&str; 6] = [
        ". O O . X X O . .",
        "X O X X X O . O O",
        "O X X O X . O . .",
        "O O O O O O O . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ];

    #[test]
    fn an_approach_that_joins_a_living_wall_refutes_the_seki() {
        assert!(refuted(&APPROACH_THROUGH_A_LIVING_WALL, 2, 1));
        assert_eq!(
            ends(&APPROACH_THROUGH_A_LIVING_WALL, 2, 1),
            Some((RaceEnd::EnclosureCaptures, RaceEnd::EnclosureCaptures))
        );
    }

    #[test]
    fn without_the_safe_approach_the_seki_stands() {
        // The same, but F7's neighbours below are Black's: a White stone at F7 joins
        // nothing and is itself short of liberties, and filling D9 is suicide for either.
        let rows = [
            ". O O . X X O . .",
            "X O X X X O . O O",
            "O X X O X . X . .",
            "O O O O O X X . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ];
        assert!(!refuted(&rows, 2, 1));
        // White moving first has nothing better than a seki (its approach at F7 is
        // suicide, D9 self-atari); Black moving first plays G8 from its own group and takes
        // F8 at F7.
        assert_eq!(
            ends(&rows, 2, 1),
            Some((RaceEnd::Seki, RaceEnd::WeakCaptures))
        );
    }

    /// How a kill on the chain at (x, y) reads out ([`kill_read_out`]).
    fn kill_taken(rows: &[&str], x: usize, y: usize) -> bool {
        read_at(rows, x, y, kill_read_out)
    }

    /// White's five stones in the corner have one eye: Black fills it and takes them,
    /// whoever moves first (White cannot fill its own last liberty).
    const ONE_EYE_IN_THE_CORNER: [&str; 4] = [
        "O . O X . . .",
        "O O O X . . .",
        "X X X X . . .",
        ". . . . . . .",
    ];

    #[test]
    fn a_one_eyed_string_is_taken_whoever_moves_first() {
        assert!(kill_taken(&ONE_EYE_IN_THE_CORNER, 0, 0));
        // The same stones with a second eye: nobody can take anything.
        let two_eyes = [
            "O . O . O X .",
            "O O O O O X .",
            "X X X X X X .",
            ". . . . . . .",
        ];
        assert!(!kill_taken(&two_eyes, 0, 0));
    }

    #[test]
    fn a_kill_over_as_many_points_as_a_kill_reads_is_read() {
        // The corner's kill with one empty point of Black's area added to its space: seven
        // points, the most a kill is read over, and the kill is seen.
        let grid = Grid::new(&Position::from_diagram(&ONE_EYE_IN_THE_CORNER));
        let (weak, enclosing, mut space) = race_at(&grid, 0, 0);
        space.push(3 * grid.width + 6);
        let race =
            RaceSearch::of(&grid, &weak, &enclosing, &space, &[], MAX_NODES).expect("a race");
        assert_eq!(race.reach, MAX_KILL_POINTS);
        assert!(kill_read_out(&grid, &weak, &enclosing, &space));
    }

    /// White's seven stones at the top left (B9 to D8) have one liberty, A9; the Black
    /// chain around them (E9 to A7) has one too, F9, inside White's wall. Whoever moves
    /// first takes the other: a race, not a kill.
    const WHOEVER_MOVES_FIRST: [&str; 4] = [
        ". O O O X . O",
        "O O O O X O O",
        "X X X X X O .",
        "O O O O O O .",
    ];

    #[test]
    fn a_kill_only_the_enclosure_moving_first_makes_is_no_kill() {
        let grid = Grid::new(&Position::from_diagram(&WHOEVER_MOVES_FIRST));
        let (weak, enclosing, space) = race_at(&grid, 1, 0);
        let mut race =
            RaceSearch::of(&grid, &weak, &enclosing, &space, &[], MAX_NODES).expect("a race");
        let attacker = race.attacker;
        assert_eq!(
            race.solve(0, attacker, State::START),
            RaceEnd::EnclosureCaptures
        );
        assert_eq!(
            race.solve(0, opponent(attacker), State::START),
            RaceEnd::WeakCaptures
        );
        assert!(!kill_read_out(&grid, &weak, &enclosing, &space));
    }

    #[test]
    fn a_play_back_to_a_position_on_the_line_is_not_read() {
        // The race above with the weak side to move: it wins by taking at F9, unless the
        // position that play makes is already on the line being read (positional superko).
        let grid = Grid::new(&Position::from_diagram(&WHOEVER_MOVES_FIRST));
        let (weak, enclosing, space) = race_at(&grid, 1, 0);
        let mut race =
            RaceSearch::of(&grid, &weak, &enclosing, &space, &[], MAX_NODES).expect("a race");
        let weak_side = opponent(race.attacker);
        let (mark, mut taken_key) = (race.undo.len(), 0);
        let f9 = 5;
        assert_eq!(
            race.play(&mut taken_key, f9, weak_side).map(|(n, _)| n),
            Some(7)
        );
        race.take_back(mark);
        race.line.push(taken_key);
        assert_eq!(
            race.solve(0, weak_side, State::START),
            RaceEnd::EnclosureCaptures
        );
        assert_eq!(race.line, vec![taken_key], "the line is as it was");
    }

    #[test]
    fn a_pass_lifts_the_ko_ban() {
        // The race above, played on F9 alone, Black (the enclosure) to move and barred
        // from F9 by a ko: Black passes, and White, whom no ban bars, takes at F9.
        let grid = Grid::new(&Position::from_diagram(&WHOEVER_MOVES_FIRST));
        let (weak, enclosing, space) = race_at(&grid, 1, 0);
        let mut race =
            RaceSearch::of(&grid, &weak, &enclosing, &space, &[], MAX_NODES).expect("a race");
        let f9 = 5;
        race.points = vec![f9];
        let barred = State {
            ko: Some(f9),
            ..State::START
        };
        assert_eq!(race.solve(0, race.attacker, barred), RaceEnd::WeakCaptures);
    }

    #[test]
    fn a_kill_over_more_points_than_a_kill_reads_is_not_read() {
        // The corner's kill with two empty points of Black's area added to its space: the
        // same kill, over eight points, is more than a kill is read over.
        let grid = Grid::new(&Position::from_diagram(&ONE_EYE_IN_THE_CORNER));
        let (weak, enclosing, mut space) = race_at(&grid, 0, 0);
        space.extend([3 * grid.width + 5, 3 * grid.width + 6]);
        let mut race =
            RaceSearch::of(&grid, &weak, &enclosing, &space, &[], MAX_NODES).expect("a race");
        assert!(race.reach > MAX_KILL_POINTS);
        assert!(!kill_read_out(&grid, &weak, &enclosing, &space));
        // Read all the same, the search sees the kill: only the limit leaves it unread.
        let attacker = race.attacker;
        assert_eq!(
            race.solve(0, opponent(attacker), State::START),
            RaceEnd::EnclosureCaptures
        );
    }

    /// White's fourteen stones along the bottom keep four liberties: two outside (E7, F7),
    /// two inside its eye space (F9, J9), where Black's two stones G9-H9 sit. White can
    /// take the two stones, but then its eye space is two points, one eye: Black fills
    /// outside, throws in and takes everything. Taking the two stones is no win for White:
    /// the weak side wins, whoever moves first, so nothing refutes the seki in White's
    /// favour (the search never reads a seki the other way: the static reading stands).
    const NAKADE_SEKI: [&str; 5] = [
        ". X . X . X . X .",
        "X X X X X X X X X",
        "X X X X . . X O X",
        "X O X O O O O O O",
        "O O O O O . X X .",
    ];

    #[test]
    fn taking_stones_that_leave_one_eye_is_no_refutation() {
        assert!(!refuted(&NAKADE_SEKI, 6, 4));
        assert_eq!(
            ends(&NAKADE_SEKI, 6, 4),
            Some((RaceEnd::WeakCaptures, RaceEnd::WeakCaptures))
        );
    }

    /// Black's nine stones on the left edge and White's stone between them share their
    /// two liberties, and neither can fill one. But White throws in at one: Black must
    /// take the two stones, and its eye space is then two points, one eye: White plays in
    /// it, Black takes the stone, White takes everything. Black's capture of two stones is
    /// no win: the race goes on in the freed points, and the enclosure wins whoever moves
    /// first (a throw-in the weak side must take is no life).
    pub(crate) const THROW_IN_TAKEN_IS_NO_LIFE: [&str; 8] = [
        "O O O O O O",
        "X X O . O .",
        ". X O O O O",
        "O X O . O .",
        ". X X O O O",
        "X X O . O .",
        "X O O O O O",
        "O O . O . O",
    ];

    #[test]
    fn a_throw_in_the_weak_side_must_take_refutes_the_seki() {
        assert_eq!(
            ends(&THROW_IN_TAKEN_IS_NO_LIFE, 0, 1),
            Some((RaceEnd::EnclosureCaptures, RaceEnd::EnclosureCaptures))
        );
        assert!(refuted(&THROW_IN_TAKEN_IS_NO_LIFE, 0, 1));
    }

    /// Eye against eye: Black's chain (one eye at its left) and White's (one eye at its
    /// right) share three liberties; whoever fills the last shared one is taken. The
    /// weak side's capture of White at White's own eye must be among the plays read.
    const EYE_AGAINST_EYE: [&str; 5] = [
        "O O O O O O O O O",
        "O X X X X X X X O",
        "O X . X . . . X O",
        "O X X X O O O O O",
        "O O O O O . O O O",
    ];

    #[test]
    fn eye_against_eye_with_shared_liberties_stays_a_seki() {
        assert!(!refuted(&EYE_AGAINST_EYE, 1, 1));
        assert_eq!(
            ends(&EYE_AGAINST_EYE, 1, 1),
            Some((RaceEnd::Seki, RaceEnd::Seki))
        );
    }

    #[test]
    fn a_fight_over_more_points_than_the_search_reads_leaves_the_seki() {
        // A weak chain whose space holds more than MAX_POINTS empty points.
        let rows = [
            "O O O O O O O O O",
            "O X . . . . . . O",
            "O . . . . . . . O",
            "O . . . . . . X O",
            "O O O O O O O O O",
            ". O . O . O . O .",
        ];
        let grid = Grid::new(&Position::from_diagram(&rows));
        let (weak, enclosing, _) = race_at(&grid, 1, 1);
        let space: Vec<usize> = (9..36).collect();
        assert!(!seki_refuted(&grid, &weak, &enclosing, &space));
    }

    /// A search over `grid` with `points` to play on, White the enclosure.
    fn search_on(grid: &Grid, points: Vec<usize>) -> RaceSearch<'_> {
        RaceSearch {
            grid,
            cells: grid.cells.iter().map(|c| code(*c)).collect(),
            undo: Vec::new(),
            attacker: code(Some(Color::White)),
            weak: 0,
            weak_size: 1,
            reach: points.len(),
            points,
            nodes: 0,
            budget: MAX_NODES,
            memo: HashMap::default(),
            seen: vec![0; grid.len()],
            stamp: 0,
            stack: Vec::new(),
            line: Vec::new(),
        }
    }

    #[test]
    fn a_play_captures_keeps_the_key_and_takes_back() {
        let grid = Grid::new(&Position::from_diagram(&[
            ". X O . .",
            "X O . . .",
            "O O . . .",
            ". . . . .",
        ]));
        let mut race = search_on(&grid, vec![]);
        let before = race.cells.clone();
        let mut key = 0;
        // White in the corner takes Black's two stones beside it, each with that one
        // liberty; the key changes by the three stones.
        let (captured, ko) = race.play(&mut key, 0, 2).expect("legal");
        assert_eq!(captured, 2);
        assert_eq!(ko, None, "two stones taken: no ko");
        assert_eq!(race.cells[1], EMPTY);
        assert_eq!(race.cells[5], EMPTY);
        assert_eq!(key, stone_key(0, 2) ^ stone_key(1, 1) ^ stone_key(5, 1));
        race.take_back(0);
        assert_eq!(race.cells, before);
    }

    #[test]
    fn a_suicide_is_refused_and_a_single_take_leaves_a_ko() {
        // Cells are numbered row by row, five to a row.
        let grid = Grid::new(&Position::from_diagram(&[
            ". O . . .",
            "O . . . .",
            ". . . . .",
        ]));
        let mut race = search_on(&grid, vec![]);
        let before = race.cells.clone();
        let mut key = 0;
        // Black in the corner has no liberty and takes nothing.
        assert_eq!(race.play(&mut key, 0, 1), None);
        assert_eq!((race.cells.clone(), key), (before, 0));

        // The ko shape: Black at 7 takes White's stone at 6 and stands alone with one
        // liberty, the point just taken.
        let ko_shape = [". X O . .", "X O . O .", ". X O . ."];
        let grid = Grid::new(&Position::from_diagram(&ko_shape));
        let mut race = search_on(&grid, vec![]);
        let mut key = 0;
        assert_eq!(race.play(&mut key, 7, 1), Some((1, Some(6))));
        assert_eq!(key, stone_key(7, 1) ^ stone_key(6, 2));

        // The same take with a Black friend beside the taker: no ko.
        let grid = Grid::new(&Position::from_diagram(&[
            ". X O . .",
            "X O . O .",
            ". X X . .",
        ]));
        let mut race = search_on(&grid, vec![]);
        assert_eq!(race.play(&mut 0, 7, 1), Some((1, None)));

        // And a take that leaves the taker two liberties: no ko.
        let grid = Grid::new(&Position::from_diagram(&[
            ". X O . .",
            "X O . . .",
            ". X O . .",
        ]));
        let mut race = search_on(&grid, vec![]);
        assert_eq!(race.play(&mut 0, 7, 1), Some((1, None)));
    }

    #[test]
    fn the_keys_tell_every_state_and_every_stone_apart() {
        let mut keys = std::collections::HashSet::new();
        for to_move in [1, 2] {
            for passes in [0, 1] {
                for taken in [false, true] {
                    for ko in [None, Some(0), Some(5), Some(360)] {
                        let state = State { passes, ko, taken };
                        assert!(keys.insert(position_key(7, to_move, state)));
                    }
                }
            }
        }
        let mut stones = std::collections::HashSet::new();
        for i in 0..361 {
            for color in [1, 2] {
                assert!(stones.insert(stone_key(i, color)));
            }
        }
        // Mixing spreads one bit over about half the output.
        for bit in 0..64 {
            let flipped = (mix(0) ^ mix(1u64 << bit)).count_ones();
            assert!((16..=48).contains(&flipped), "bit {bit}: {flipped}");
        }
    }

    /// A lone Black stone (the cell [`LONE_STONE`]) inside White's wall, in an open area of
    /// fourteen points, listed in [`open_around_the_lone_stone`].
    const LONE_STONE_IN_THE_OPEN: [&str; 6] = [
        "O O O O O O O",
        "O . . . . . O",
        "O . . X . . O",
        "O . . . . . O",
        "O O O O O O O",
        ". O . O . O .",
    ];
    const LONE_STONE: usize = 17;

    /// The open points around the lone stone of [`LONE_STONE_IN_THE_OPEN`], in board order.
    fn open_around_the_lone_stone(grid: &Grid) -> Vec<usize> {
        (0..grid.len())
            .filter(|&i| grid.cells[i].is_none() && (8..27).contains(&i))
            .collect()
    }

    #[test]
    fn a_search_past_its_budget_leaves_the_seki() {
        // The lone stone in eleven of its open points: White takes it, but reading every
        // order of eleven points is far past the budget.
        let grid = Grid::new(&Position::from_diagram(&LONE_STONE_IN_THE_OPEN));
        let open = open_around_the_lone_stone(&grid);
        assert_eq!(open.len(), 14);
        let mut race = search_on(&grid, open[..MAX_POINTS].to_vec());
        race.weak = LONE_STONE;
        assert_eq!(grid.cells[LONE_STONE], Some(Color::Black));
        assert_eq!(race.solve(0, 2, State::START), RaceEnd::Unknown);
        assert!(race.nodes > MAX_NODES);
    }

    #[test]
    fn the_budget_reads_a_fight_over_five_open_points_to_its_end() {
        // The lone stone in five of its open points: every order of play there, both sides,
        // is about 850 positions, past the partners' budget and within a race's (a bulky
        // five taken and played on is such a fight).
        let grid = Grid::new(&Position::from_diagram(&LONE_STONE_IN_THE_OPEN));
        let five = open_around_the_lone_stone(&grid)[..5].to_vec();
        let mut race = search_on(&grid, five.clone());
        race.weak = LONE_STONE;
        assert_ne!(race.solve(0, 2, State::START), RaceEnd::Unknown);
        assert!(race.nodes > PARTNERS_MAX_NODES, "{}", race.nodes);
        let mut partners = search_on(&grid, five);
        (partners.weak, partners.budget) = (LONE_STONE, PARTNERS_MAX_NODES);
        assert_eq!(partners.solve(0, 2, State::START), RaceEnd::Unknown);
    }

    #[test]
    fn no_weak_chain_is_no_refutation() {
        let grid = Grid::new(&Position::from_diagram(&APPROACH_THROUGH_A_LIVING_WALL));
        assert!(!seki_refuted(&grid, &[], &[], &[]));
    }
}
