//! Capturing races (semeai) read by counting liberties.
//!
//! When the static reading is about to read a weak group dead inside an enclosure that is itself
//! weak (no two eyes, nothing proven), the two are in a capturing race: the one that runs out of
//! liberties first is captured, whoever plays first. The race is counted the classic way: each
//! side's own liberties (outside, and inside its eye), and the shared ones, which a side can fill
//! only while it keeps two liberties after the fill (else it puts itself in atari); neither side
//! able to approach is seki. The count is a short, bounded play-out of liberty numbers, not of
//! stones, so it is deterministic and costs next to nothing.

use super::grid::{components, Grid, NONE};
use crate::point::Color;

/// One side of a race: the liberties only it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Side {
    /// Outside liberties: empty points the opponent can fill at any time.
    pub outside: u32,
    /// Liberties inside the side's own eye: the opponent can fill them only last.
    pub eye: u32,
}

/// How a race ends, read with each side playing first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Race {
    /// The inner (enclosed) side is captured whoever plays first.
    InnerCaptured,
    /// The enclosing side is captured whoever plays first.
    OuterCaptured,
    /// Neither side can capture the other, whoever plays first.
    Seki,
    /// The outcome depends on who plays first: unsettled.
    FirstMoverDecides,
}

/// Counts the race between `inner` and `outer`, which share `shared` liberties.
pub(crate) fn race(inner: Side, outer: Side, shared: u32) -> Race {
    // Some(true): the side that played first captures; Some(false): the other one does.
    let inner_first = play(inner, outer, shared);
    let outer_first = play(outer, inner, shared);
    match (inner_first, outer_first) {
        (Some(true), Some(false)) => Race::OuterCaptured,
        (Some(false), Some(true)) => Race::InnerCaptured,
        (None, None) => Race::Seki,
        _ => Race::FirstMoverDecides,
    }
}

/// Plays the race out on liberty counts, `first` to move: Some(true) when `first` captures,
/// Some(false) when the other side does, None when both must pass (seki). Each side fills the
/// opponent's outside liberties first, then a shared one if it keeps two liberties after it,
/// then the opponent's eye once no shared liberty is left. Every move removes a liberty, so
/// the play-out ends within the number of liberties on the board.
fn play(first: Side, second: Side, shared: u32) -> Option<bool> {
    let mut sides = [first, second];
    let mut shared = shared;
    let mut passes = 0;
    let total = first.outside + first.eye + second.outside + second.eye + shared;
    for turn in 0..2 * total as usize + 4 {
        let (me, them) = (turn % 2, 1 - turn % 2);
        let libs = |s: Side, shared: u32| s.outside + s.eye + shared;
        if libs(sides[them], shared) <= 1 {
            return Some(me == 0);
        }
        if sides[them].outside > 0 {
            sides[them].outside -= 1;
        } else if shared > 0 && libs(sides[me], shared) >= 3 {
            shared -= 1;
        } else if shared == 0 && sides[them].eye > 0 {
            sides[them].eye -= 1;
        } else {
            passes += 1;
            if passes == 2 {
                return None;
            }
            continue;
        }
        passes = 0;
    }
    None
}

/// The chains of the enclosing groups that lose a capturing race against the weak stones of a
/// space. `group[c]` is chain `c`'s group (chains joined by a shared liberty or an eye),
/// `eye_owner[i]` the colour whose eye or territory cell `i` is, `inner` the weak chains of
/// the space and `outer` the enclosing chains that are weak too (the only ones a race can
/// take). Each enclosing group races the weakest inner group it touches.
pub(crate) fn losing_enclosures(
    grid: &Grid,
    group: &[usize],
    eye_owner: &[Option<Color>],
    inner: &[usize],
    outer: &[usize],
) -> Vec<usize> {
    let mut outer_groups: Vec<usize> = outer.iter().map(|&c| group[c]).collect();
    outer_groups.sort_unstable();
    outer_groups.dedup();
    let stones =
        |chains: &[usize]| -> usize { chains.iter().map(|&c| grid.chains[c].stones.len()).sum() };
    let inner_stones = stones(inner);
    let mut losers = Vec::new();
    for g in outer_groups {
        let outer_chains = chains_of(group, g);
        // A race is read only against an enclosure no bigger than the stones it encloses: at
        // the end of a game a player does not leave a bigger group to lose a race, so an
        // enclosure that reads as losing one is more often alive by a shape the count misses.
        let outer_libs = liberties(grid, &outer_chains);
        // An enclosure in atari is read whatever its size: one move takes it, and the
        // count below tells whether the enclosed stones make that move first.
        if stones(&outer_chains) > inner_stones && outer_libs.len() > 1 {
            continue;
        }
        // The inner groups this enclosing group touches (stone to stone or by a liberty).
        let mut touching: Vec<usize> = inner
            .iter()
            .copied()
            .filter(|&c| touches(grid, c, &outer_chains, &outer_libs))
            .map(|c| group[c])
            .collect();
        touching.sort_unstable();
        touching.dedup();
        let weakest = touching
            .iter()
            .map(|&t| liberties(grid, &chains_of(group, t)))
            .min_by_key(|libs| libs.len());
        let Some(inner_libs) = weakest else {
            continue;
        };
        let inner_color = grid.chains[inner[0]].color;
        let shared = inner_libs
            .iter()
            .filter(|l| outer_libs.binary_search(l).is_ok())
            .count() as u32;
        let inner_side = side(grid, &inner_libs, &outer_libs, eye_owner, inner_color);
        let outer_side = side(
            grid,
            &outer_libs,
            &inner_libs,
            eye_owner,
            inner_color.opponent(),
        );
        if race(inner_side, outer_side, shared) == Race::OuterCaptured {
            losers.extend(outer_chains);
        }
    }
    losers
}

/// Dead chains that nobody is left to capture: their open region (empty points and dead
/// stones) touches living stones of their own colour only. A race read dead the stones an
/// enclosure captured; when that enclosure is read dead in turn, the stones it would have
/// captured are alive after all.
pub(crate) fn uncaptured(grid: &Grid, dead: &[bool]) -> Vec<usize> {
    let open = |i: usize| grid.cells[i].is_none() || dead[grid.chain_of[i] as usize];
    let (region_of, count) = components(grid, open);
    // Per region: bit 0 a living Black stone borders it, bit 1 a living White one.
    let mut borders = vec![0u8; count];
    for (i, &r) in region_of.iter().enumerate() {
        if r == NONE {
            continue;
        }
        for n in grid.neighbours(i) {
            if let Some(color) = grid.cells[n] {
                if !dead[grid.chain_of[n] as usize] {
                    borders[r as usize] |= 1 << color.index();
                }
            }
        }
    }
    (0..grid.chains.len())
        .filter(|&c| dead[c])
        .filter(|&c| {
            let chain = &grid.chains[c];
            borders[region_of[chain.stones[0]] as usize] == 1 << chain.color.index()
        })
        .collect()
}

/// The chains of group `g`.
fn chains_of(group: &[usize], g: usize) -> Vec<usize> {
    (0..group.len()).filter(|&c| group[c] == g).collect()
}

/// The liberties of some chains, sorted, each once.
fn liberties(grid: &Grid, chains: &[usize]) -> Vec<usize> {
    let mut libs: Vec<usize> = chains
        .iter()
        .flat_map(|&c| grid.chains[c].libs.iter().copied())
        .collect();
    libs.sort_unstable();
    libs.dedup();
    libs
}

/// Whether chain `c` touches a stone of `chains` or shares one of `libs`.
fn touches(grid: &Grid, c: usize, chains: &[usize], libs: &[usize]) -> bool {
    let chain = &grid.chains[c];
    chain.libs.iter().any(|l| libs.binary_search(l).is_ok())
        || chain.stones.iter().any(|&s| {
            grid.neighbours(s)
                .any(|n| grid.cells[n].is_some() && chains.contains(&(grid.chain_of[n] as usize)))
        })
}

/// One side's own liberties (those not in `other`), split by whether they lie in its eye.
fn side(
    grid: &Grid,
    libs: &[usize],
    other: &[usize],
    eye_owner: &[Option<Color>],
    color: Color,
) -> Side {
    let mut out = Side { outside: 0, eye: 0 };
    for &l in libs.iter().filter(|l| other.binary_search(l).is_err()) {
        // A point next to a stone in atari is no eye: the opponent takes that stone first.
        let safe = || {
            grid.neighbours(l).all(|n| {
                grid.cells[n].is_none() || grid.chains[grid.chain_of[n] as usize].libs.len() >= 2
            })
        };
        if eye_owner[l] == Some(color) && safe() {
            out.eye += 1;
        } else {
            out.outside += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(outside: u32, eye: u32) -> Side {
        Side { outside, eye }
    }

    #[test]
    fn without_shared_liberties_the_side_with_more_wins() {
        assert_eq!(race(s(3, 0), s(2, 0), 0), Race::OuterCaptured);
        assert_eq!(race(s(2, 0), s(3, 0), 0), Race::InnerCaptured);
        assert_eq!(race(s(2, 0), s(2, 0), 0), Race::FirstMoverDecides);
    }

    #[test]
    fn shared_liberties_without_eyes_make_seki_when_neither_can_approach() {
        assert_eq!(race(s(0, 0), s(0, 0), 2), Race::Seki);
        assert_eq!(race(s(1, 0), s(1, 0), 2), Race::Seki);
        // One outside liberty more: the side that has it wins when it plays first, seki else.
        assert_eq!(race(s(1, 0), s(0, 0), 2), Race::FirstMoverDecides);
        // Two more: it wins whoever plays first.
        assert_eq!(race(s(2, 0), s(0, 0), 2), Race::OuterCaptured);
        assert_eq!(race(s(0, 0), s(2, 0), 2), Race::InnerCaptured);
    }

    #[test]
    fn an_eye_beats_no_eye_and_takes_the_shared_liberties() {
        // One eye and two shared: the side without an eye cannot fill the shared ones.
        assert_eq!(race(s(0, 1), s(0, 0), 2), Race::OuterCaptured);
        assert_eq!(race(s(0, 0), s(1, 1), 2), Race::InnerCaptured);
        // Enough outside liberties still win against an eye.
        assert_eq!(race(s(0, 1), s(5, 0), 1), Race::InnerCaptured);
    }

    /// An eye's liberties are filled last, one a move, once no shared one is left: an eye
    /// of four beats three outside liberties, an eye of three is a race of tempo, an eye of
    /// two loses.
    #[test]
    fn an_eye_is_filled_last_one_liberty_a_move() {
        assert_eq!(race(s(0, 4), s(3, 0), 0), Race::OuterCaptured);
        assert_eq!(race(s(0, 3), s(3, 0), 0), Race::FirstMoverDecides);
        assert_eq!(race(s(0, 2), s(3, 0), 0), Race::InnerCaptured);
        assert_eq!(race(s(0, 3), s(4, 0), 0), Race::InnerCaptured);
    }

    /// Long races are played to their end, whatever the mix of liberties; with no liberty
    /// at all, whoever moves first captures.
    #[test]
    fn long_races_are_played_to_the_end() {
        assert_eq!(race(s(10, 0), s(12, 0), 0), Race::InnerCaptured);
        assert_eq!(race(s(12, 0), s(10, 0), 0), Race::OuterCaptured);
        assert_eq!(race(s(0, 3), s(0, 3), 0), Race::FirstMoverDecides);
        assert_eq!(race(s(6, 6), s(6, 6), 0), Race::FirstMoverDecides);
        assert_eq!(race(s(0, 0), s(0, 0), 0), Race::FirstMoverDecides);
    }

    fn grid(rows: &[&str]) -> Grid {
        Grid::new(&Position::from_diagram(rows))
    }

    fn chain_at(g: &Grid, x: usize, y: usize) -> usize {
        g.chain_of[y * g.width + x] as usize
    }

    /// A chain's own liberties are split into those in its colour's eye and the others;
    /// the liberties it shares with the other side are not its own.
    #[test]
    fn a_side_counts_its_eye_and_outside_liberties() {
        let g = grid(&["..X.."]);
        let black = chain_at(&g, 2, 0);
        let libs = &g.chains[black].libs; // 1 and 3
        let mut eye_owner = vec![None; 5];
        eye_owner[1] = Some(Color::Black);
        let own = side(&g, libs, &[], &eye_owner, Color::Black);
        assert_eq!(own, Side { outside: 1, eye: 1 });
        assert_eq!(
            side(&g, libs, &[3], &eye_owner, Color::Black),
            Side { outside: 0, eye: 1 }
        );
        // White's eye is no eye of Black's.
        assert_eq!(
            side(&g, libs, &[], &eye_owner, Color::White),
            Side { outside: 2, eye: 0 }
        );
    }

    /// A chain touches an enclosure by a stone next to one of its stones or by a shared
    /// liberty, not by being next to some other stone.
    #[test]
    fn touching_is_by_the_enclosures_stones_or_liberties() {
        let g = grid(&["OX..O"]);
        let x = chain_at(&g, 1, 0);
        let (left, right) = (chain_at(&g, 0, 0), chain_at(&g, 4, 0));
        let libs_of = |c: usize| g.chains[c].libs.clone();
        assert!(!touches(&g, x, &[right], &libs_of(right)));
        assert!(touches(&g, x, &[left], &libs_of(left)));
        let near = grid(&["OX.O."]);
        let (x, o) = (chain_at(&near, 1, 0), chain_at(&near, 3, 0));
        assert!(touches(&near, x, &[o], &near.chains[o].libs));
    }

    /// An enclosure of as many stones as it encloses is raced, and loses here: White's two
    /// stones have no liberty left against Black's three.
    #[test]
    fn an_enclosure_as_big_as_its_contents_is_raced() {
        let g = grid(&[".XXOOX", "...XX."]);
        let (inner, outer) = (chain_at(&g, 1, 0), chain_at(&g, 3, 0));
        let group: Vec<usize> = (0..g.chains.len()).collect();
        let eye_owner = vec![None; g.cells.len()];
        assert_eq!(g.chains[inner].stones.len(), g.chains[outer].stones.len());
        let losers = losing_enclosures(&g, &group, &eye_owner, &[inner], &[outer]);
        assert_eq!(losers, vec![outer]);
    }

    /// An enclosure with more stones than it encloses is raced only in atari: White's three
    /// stones with one liberty lose to Black's stone with two whoever plays first, and are
    /// the loser; with two liberties against Black's three they are not raced (at the end
    /// of a game a player does not leave a bigger group to lose a race).
    #[test]
    fn a_bigger_enclosure_is_raced_only_in_atari() {
        let race_of = |rows: &[&str]| {
            let g = grid(rows);
            let (inner, outer) = (chain_at(&g, 1, 0), chain_at(&g, 2, 0));
            let group: Vec<usize> = (0..g.chains.len()).collect();
            let eye_owner = vec![None; g.cells.len()];
            assert!(g.chains[outer].stones.len() > g.chains[inner].stones.len());
            losing_enclosures(&g, &group, &eye_owner, &[inner], &[outer]) == vec![outer]
        };
        assert!(race_of(&[".XOOO.", "..XXXX"]));
        assert!(!race_of(&[".XOOO..", "...XX.X"]));
    }

    use crate::count::estimate::{estimate, Estimate, StoneStatus};
    use crate::point::Point;
    use crate::replay::position::Position;

    fn status_at(est: &Estimate, x: u8, y: u8) -> StoneStatus {
        est.strings
            .iter()
            .find(|s| s.stones.contains(&Point::new(x, y)))
            .map(|s| s.status)
            .expect("a stone there")
    }

    /// Black's corner group (one eye at a1-like corner) races White's wall around it; White's
    /// wall has three outside liberties against Black's wall, which lives on the big area.
    fn corner_race(corner: &str) -> Estimate {
        let first = format!("{corner}XX.O.X..");
        estimate(&Position::from_diagram(&[
            &first,
            "XXX.O.X..",
            "XXX.O.X..",
            "XXX.OXX..",
            "....OX...",
            "OOOOOX...",
            "XXXXXX...",
            ".........",
            ".........",
        ]))
    }

    #[test]
    fn an_enclosure_that_loses_the_race_is_the_dead_one() {
        // Black: one eye and seven shared liberties; White: three outside liberties and
        // the shared ones. Black captures first whoever plays first.
        let est = corner_race(".");
        assert_eq!(status_at(&est, 1, 0), StoneStatus::Alive);
        assert_eq!(status_at(&est, 4, 0), StoneStatus::Dead);
        assert_eq!(status_at(&est, 0, 5), StoneStatus::Dead);
        assert_eq!(status_at(&est, 6, 0), StoneStatus::Alive);
    }

    #[test]
    fn an_enclosed_group_that_loses_the_race_is_dead() {
        // Without its eye Black has no liberty of its own against White's three.
        let est = corner_race("X");
        assert_eq!(status_at(&est, 1, 0), StoneStatus::Dead);
        assert_eq!(status_at(&est, 4, 0), StoneStatus::Alive);
    }

    #[test]
    fn stones_whose_captor_is_dead_are_alive_again() {
        // One column: were the lower Black stone read dead in its race with White's stone,
        // and White's stone then dead inside the upper Black stone's area, nobody would be
        // left to capture the lower stone.
        let grid = Grid::new(&Position::from_diagram(&["X", ".", ".", "O", ".", "X"]));
        let chain = |y: usize| grid.chain_of[y] as usize;
        let mut dead = vec![false; grid.chains.len()];
        dead[chain(3)] = true;
        dead[chain(5)] = true;
        assert_eq!(uncaptured(&grid, &dead), vec![chain(5)]);
        // The captor alive, the stone stays captured.
        dead[chain(3)] = false;
        assert!(uncaptured(&grid, &dead).is_empty());
    }

    #[test]
    fn a_stone_that_takes_both_its_neighbours_lives_by_the_eyes_they_leave() {
        // The same column read whole: each Black stone is in atari, and White, taking
        // both, has an eye where each stood (a kill that gives life only with the other,
        // `life::killed_together`).
        let est = estimate(&Position::from_diagram(&["X", ".", ".", "O", ".", "X"]));
        assert_eq!(status_at(&est, 0, 3), StoneStatus::Alive);
        assert_eq!(status_at(&est, 0, 5), StoneStatus::Dead);
        assert_eq!(status_at(&est, 0, 0), StoneStatus::Dead);
    }

    #[test]
    fn the_race_is_bounded_and_total() {
        for a in 0..6 {
            for b in 0..4 {
                for c in 0..6 {
                    for d in 0..4 {
                        for sh in 0..5 {
                            let r = race(s(a, b), s(c, d), sh);
                            // Swapping the sides mirrors the outcome.
                            let mirrored = match r {
                                Race::InnerCaptured => Race::OuterCaptured,
                                Race::OuterCaptured => Race::InnerCaptured,
                                other => other,
                            };
                            assert_eq!(race(s(c, d), s(a, b), sh), mirrored);
                        }
                    }
                }
            }
        }
    }
}
