//! The board as the estimator reads it: cells by index, neighbours, strings and liberties.

use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

use crate::count::neighbours::NeighbourTable;
use crate::point::Color;
use crate::replay::position::Position;

/// No string on this cell.
pub(crate) const NONE: u32 = u32::MAX;

/// One string: its colour, stones and liberties (cell indices, sorted, no duplicates).
#[derive(Clone, Debug)]
pub(crate) struct Chain {
    pub color: Color,
    pub stones: Vec<usize>,
    pub libs: Vec<usize>,
}

/// A read-only view of a position with its strings.
pub(crate) struct Grid {
    pub width: usize,
    pub height: usize,
    pub cells: Vec<Option<Color>>,
    /// The string on each cell, or [`NONE`].
    pub chain_of: Vec<u32>,
    pub chains: Vec<Chain>,
    /// The on-board orthogonal neighbours of each cell, worked out once per board size
    /// ([`NeighbourTable`]): the reading walks them in every flood fill of every round,
    /// the estimate's innermost loop.
    adjacent: NeighbourTable,
}

impl Grid {
    pub fn new(pos: &Position) -> Grid {
        let width = pos.width as usize;
        let height = pos.height as usize;
        let mut cells = pos.cells.clone();
        // A hand-built Position may have the wrong number of cells; never index past them.
        cells.resize(width * height, None);
        let len = cells.len();
        let mut grid = Grid {
            width,
            height,
            chain_of: vec![NONE; len],
            cells,
            chains: Vec::new(),
            adjacent: NeighbourTable::of(width, len),
        };
        grid.find_chains();
        grid
    }

    pub(crate) fn len(&self) -> usize {
        self.cells.len()
    }

    /// The on-board orthogonal neighbours of cell `i`.
    #[inline]
    pub(crate) fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.adjacent.of_cell(i)
    }

    /// The on-board diagonal neighbours of cell `i`.
    pub(crate) fn diagonals(&self, i: usize) -> impl Iterator<Item = usize> {
        let (w, h) = (self.width as isize, self.height as isize);
        let (x, y) = ((i as isize) % w, (i as isize) / w);
        [(-1, -1), (1, -1), (-1, 1), (1, 1)]
            .into_iter()
            .map(move |(dx, dy)| (x + dx, y + dy))
            .filter(move |&(nx, ny)| nx >= 0 && ny >= 0 && nx < w && ny < h)
            .map(move |(nx, ny)| (ny * w + nx) as usize)
    }

    /// True when cell `i` lies on the edge of the board.
    pub(crate) fn on_edge(&self, i: usize) -> bool {
        let (x, y) = (i % self.width, i / self.width);
        x == 0 || y == 0 || x + 1 == self.width || y + 1 == self.height
    }

    fn find_chains(&mut self) {
        let table = self.adjacent.clone();
        let mut stack = Vec::new();
        let mut stones: Vec<usize> = Vec::new();
        let mut libs: Vec<usize> = Vec::new();
        for start in 0..self.cells.len() {
            let Some(color) = self.cells[start] else {
                continue;
            };
            if self.chain_of[start] != NONE {
                continue;
            }
            let id = self.chains.len() as u32;
            self.chain_of[start] = id;
            stack.push(start);
            // Gathered in buffers shared by all chains, then copied once at their size.
            stones.clear();
            libs.clear();
            while let Some(i) = stack.pop() {
                stones.push(i);
                for n in table.of_cell(i) {
                    match self.cells[n] {
                        None => libs.push(n),
                        Some(c) if c == color && self.chain_of[n] == NONE => {
                            self.chain_of[n] = id;
                            stack.push(n);
                        }
                        Some(_) => {}
                    }
                }
            }
            stones.sort_unstable();
            libs.sort_unstable();
            libs.dedup();
            self.chains.push(Chain {
                color,
                stones: stones.clone(),
                libs: libs.clone(),
            });
        }
    }
}

/// Connected components of the cells for which `member` is true: a component id per cell
/// (or [`NONE`]) and the number of components, numbered in the order of their first cell.
///
/// The estimate labels the board several times a round, so this is its innermost loop:
/// one pass in board order joins each member to its left and upper neighbours (a
/// provisional label per run, merged by union-find), a second pass numbers the labels'
/// roots in the order they first appear, which is the order of each component's first cell.
pub(crate) fn components(grid: &Grid, member: impl Fn(usize) -> bool) -> (Vec<u32>, usize) {
    components_of(grid, (0..grid.len()).map(member).collect())
}

/// [`components`] of the cells whose `members` entry is true (one per cell).
pub(crate) fn components_of(grid: &Grid, members: Vec<bool>) -> (Vec<u32>, usize) {
    let labelled = labelling(grid, members);
    (labelled.label.clone(), labelled.count)
}

/// A labelling of the board ([`components`]) with its regions, worked out when asked.
pub(crate) struct Labelling {
    /// The component of each cell, or [`NONE`].
    pub label: Vec<u32>,
    pub count: usize,
    regions: OnceCell<Regions>,
}

impl Labelling {
    /// The cells of each component.
    pub(crate) fn regions(&self) -> &Regions {
        self.regions
            .get_or_init(|| Regions::sort(&self.label, self.count))
    }
}

/// [`components_of`] shared, with its regions: the rounds read the labels and the cells
/// of a labelling they asked for before, without copying either.
pub(crate) fn labelling(grid: &Grid, members: Vec<bool>) -> Rc<Labelling> {
    /// The last few labellings made on this thread, by board width and membership.
    type Recent = Vec<(usize, Vec<bool>, Rc<Labelling>)>;
    const REMEMBERED: usize = 8;
    thread_local! {
        static RECENT: RefCell<Recent> = const { RefCell::new(Vec::new()) };
    }
    // The labelling depends only on the width and the members. The reading asks for the
    // same one again and again (a space whose enclosing stones did not change since the
    // last round, a kill taken back, the owners after the last round), so a few recent
    // answers are kept: comparing the members costs far less than labelling them.
    RECENT.with(|recent| {
        let mut recent = recent.borrow_mut();
        if let Some((_, _, labelled)) = recent
            .iter()
            .find(|(width, m, _)| *width == grid.width && *m == members)
        {
            return Rc::clone(labelled);
        }
        let (label, count) = label_components(grid, &members);
        let labelled = Rc::new(Labelling {
            label,
            count,
            regions: OnceCell::new(),
        });
        if recent.len() == REMEMBERED {
            recent.remove(0);
        }
        recent.push((grid.width, members, Rc::clone(&labelled)));
        labelled
    })
}

/// [`components`] without the memory, a row at a time: each row's members as a bit
/// mask, each run of members one provisional label, joined to the runs above it that it
/// touches; then the labels numbered (see [`number_labels`]). Boards wider than a mask
/// take [`label_components_by_cells`].
fn label_components(grid: &Grid, members: &[bool]) -> (Vec<u32>, usize) {
    let (width, len) = (grid.width, grid.len());
    if width == 0 || width >= 64 || members.len() != len {
        return label_components_by_cells(grid, members);
    }
    let mut label = vec![NONE; len];
    let mut parent: Vec<u32> = Vec::new();
    let mut above = 0u64;
    for (row, cells) in members.chunks(width).enumerate() {
        let mut mask = 0u64;
        for (x, &m) in cells.iter().enumerate() {
            mask |= u64::from(m) << x;
        }
        let row_start = row * width;
        let mut rest = mask;
        while rest != 0 {
            let start = rest.trailing_zeros() as usize;
            // Width < 64: the bit past the row's last cell is always clear.
            let end = start + (!(rest >> start)).trailing_zeros() as usize;
            let run = (u64::MAX >> (64 - (end - start))) << start;
            rest &= !run;
            let mut touching = above & run;
            let mut run_label = NONE;
            while touching != 0 {
                let x = touching.trailing_zeros() as usize;
                let up = label[row_start - width + x];
                if run_label == NONE {
                    run_label = up;
                } else {
                    join(&mut parent, run_label, up);
                }
                // Past the rest of that run above.
                let up_end = x + (!(above >> x)).trailing_zeros() as usize;
                touching &= u64::MAX.checked_shl(up_end as u32).unwrap_or(0);
            }
            if run_label == NONE {
                parent.push(parent.len() as u32);
                run_label = parent.len() as u32 - 1;
            }
            label[row_start + start..row_start + end].fill(run_label);
        }
        above = mask;
    }
    let count = number_labels(&mut label, &parent);
    (label, count)
}

/// [`label_components`] a cell at a time, for any width: two passes in board order.
fn label_components_by_cells(grid: &Grid, members: &[bool]) -> (Vec<u32>, usize) {
    let (width, len) = (grid.width.max(1), grid.len());
    let mut label = vec![NONE; len];
    let mut parent: Vec<u32> = Vec::new();
    let mut x = 0;
    for i in 0..len {
        if members[i] {
            let left = if x > 0 { label[i - 1] } else { NONE };
            let up = if i >= width { label[i - width] } else { NONE };
            label[i] = match (left, up) {
                (NONE, NONE) => {
                    parent.push(parent.len() as u32);
                    parent.len() as u32 - 1
                }
                (l, NONE) => l,
                (NONE, u) => u,
                (l, u) => {
                    join(&mut parent, l, u);
                    l
                }
            };
        }
        x += 1;
        if x == width {
            x = 0;
        }
    }
    let count = number_labels(&mut label, &parent);
    (label, count)
}

/// Replaces provisional labels by component numbers; returns the number of components.
///
/// A label's parent is never above it (unions hang the larger root under the smaller,
/// path halving only moves a label closer to its root, and labels are made in board
/// order), so every root is the smallest label of its set, the one made at the
/// component's first cell: numbering the roots in label order numbers the components in
/// the order of their first cells, and one pass in that order gives every label its
/// root's number.
///
/// Both loops are branch-free (selects, and a last `number` slot that maps [`NONE`] to
/// itself): which labels are roots and which cells are empty follow the position, not a
/// pattern a branch predictor learns, and a mispredicted branch here cost more time than
/// the instructions saved by skipping (see docs/performance.md, "CPU time, not
/// instructions").
fn number_labels(label: &mut [u32], parent: &[u32]) -> usize {
    let n = parent.len();
    let mut number = vec![NONE; n + 1];
    let mut count = 0u32;
    for l in 0..n {
        let p = parent[l] as usize;
        let root = p == l;
        let inherited = number[p];
        number[l] = if root { count } else { inherited };
        count += u32::from(root);
    }
    for l in label {
        *l = number[(*l as usize).min(n)];
    }
    count as usize
}

/// The root of provisional label `a`, halving the path on the way.
fn root(parent: &mut [u32], mut a: u32) -> u32 {
    while parent[a as usize] != a {
        let p = parent[a as usize];
        parent[a as usize] = parent[p as usize];
        a = p;
    }
    a
}

/// Merges the sets of two provisional labels.
fn join(parent: &mut [u32], a: u32, b: u32) {
    let (ra, rb) = (root(parent, a), root(parent, b));
    if ra != rb {
        let (lo, hi) = if ra < rb { (ra, rb) } else { (rb, ra) };
        parent[hi as usize] = lo;
    }
}

/// The cells of each component of a [`components`] labelling, in board order, without a
/// vector per component: a counting sort by component.
#[derive(Clone)]
pub(crate) struct Regions {
    start: Vec<u32>,
    cells: Vec<u32>,
}

impl Regions {
    /// The cells of each component of a labelling ([`Labelling::regions`]).
    ///
    /// A counting sort without a branch on the label: cells outside every region
    /// ([`NONE`]) are counted in, and written to, one more bucket past the last, which is
    /// then cut off (why branch-free: see [`number_labels`]).
    fn sort(component_of: &[u32], count: usize) -> Regions {
        let bucket = |r: u32| (r as usize).min(count);
        let mut start = vec![0u32; count + 2];
        for &r in component_of {
            start[bucket(r) + 1] += 1;
        }
        for r in 0..=count {
            start[r + 1] += start[r];
        }
        let mut next = start.clone();
        let mut cells = vec![0u32; component_of.len()];
        for (i, &r) in component_of.iter().enumerate() {
            let b = bucket(r);
            cells[next[b] as usize] = i as u32;
            next[b] += 1;
        }
        start.truncate(count + 1);
        cells.truncate(start[count] as usize);
        Regions { start, cells }
    }

    pub(crate) fn cells(&self, r: usize) -> &[u32] {
        &self.cells[self.start[r] as usize..self.start[r + 1] as usize]
    }
}

/// A small union-find over chain ids.
pub(crate) struct UnionFind {
    parent: Vec<u32>,
}

impl UnionFind {
    pub fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: (0..n as u32).collect(),
        }
    }

    pub(crate) fn find(&mut self, mut a: usize) -> usize {
        while self.parent[a] as usize != a {
            let p = self.parent[a] as usize;
            self.parent[a] = self.parent[p];
            a = p;
        }
        a
    }

    /// Joins two sets; the smaller root becomes the representative (deterministic).
    pub(crate) fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            let (lo, hi) = if ra < rb { (ra, rb) } else { (rb, ra) };
            self.parent[hi] = lo as u32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A cell is on the edge exactly when it has fewer than four neighbours (the life
    /// reading allows an edge eye one liberty less), on wide, tall and thin boards.
    #[test]
    fn on_edge_is_having_fewer_than_four_neighbours() {
        for (w, h) in [(5u8, 4u8), (4, 5), (3, 3), (1, 4), (4, 1), (19, 19)] {
            let grid = Grid::new(&Position::empty(w, h));
            for i in 0..grid.len() {
                assert_eq!(
                    grid.on_edge(i),
                    grid.neighbours(i).count() < 4,
                    "{w}x{h} cell {i}"
                );
            }
        }
    }

    /// The diagonal neighbours are exactly the cells one step away on both axes (four in
    /// the middle, two on an edge, one in a corner), on wide, tall and thin boards.
    #[test]
    fn diagonals_are_the_cells_one_step_away_on_both_axes() {
        for (w, h) in [(5u8, 4u8), (4, 5), (3, 3), (1, 4), (4, 1), (19, 19)] {
            let grid = Grid::new(&Position::empty(w, h));
            let (w, h) = (usize::from(w), usize::from(h));
            for i in 0..grid.len() {
                let mut got: Vec<usize> = grid.diagonals(i).collect();
                got.sort_unstable();
                let want: Vec<usize> = (0..w * h)
                    .filter(|&j| (i % w).abs_diff(j % w) == 1 && (i / w).abs_diff(j / w) == 1)
                    .collect();
                assert_eq!(got, want, "{w}x{h} cell {i}");
            }
        }
    }

    /// The remembered labellings are keyed by width as well as by members: a 5x4 and a
    /// 4x5 board with the same member list (same length) are labelled each by its own shape.
    #[test]
    fn remembered_labellings_tell_board_shapes_apart() {
        let wide = Grid::new(&Position::empty(5, 4));
        let tall = Grid::new(&Position::empty(4, 5));
        let members: Vec<bool> = (0..20).map(|i| i % 5 != 4 && i % 3 != 2).collect();
        let fresh_wide = label_components(&wide, &members);
        let fresh_tall = label_components(&tall, &members);
        assert_ne!(fresh_wide, fresh_tall, "the shapes must label differently");
        // On one thread, one after the other, each twice (the second from memory).
        for _ in 0..2 {
            assert_eq!(components_of(&wide, members.clone()), fresh_wide);
            assert_eq!(components_of(&tall, members.clone()), fresh_tall);
        }
    }

    /// A remembered labelling keeps its own regions: two memberships with the same number
    /// of components get each its own cells, first or second time asked.
    #[test]
    fn remembered_labellings_keep_their_own_regions() {
        let grid = Grid::new(&Position::empty(3, 2));
        let first = vec![true, false, true, false, false, false];
        let second = vec![false, false, false, true, false, true];
        for _ in 0..2 {
            let a = labelling(&grid, first.clone());
            let b = labelling(&grid, second.clone());
            assert_eq!((a.count, b.count), (2, 2));
            assert_eq!(
                (a.regions().cells(0), a.regions().cells(1)),
                (&[0][..], &[2][..])
            );
            assert_eq!(
                (b.regions().cells(0), b.regions().cells(1)),
                (&[3][..], &[5][..])
            );
        }
    }

    /// The plain flood fill: components numbered by their first cell in board order.
    fn flood(grid: &Grid, member: &[bool]) -> (Vec<u32>, usize) {
        let mut id = vec![NONE; grid.len()];
        let mut count = 0u32;
        for start in 0..grid.len() {
            if id[start] != NONE || !member[start] {
                continue;
            }
            id[start] = count;
            let mut stack = vec![start];
            while let Some(i) = stack.pop() {
                for n in grid.neighbours(i) {
                    if id[n] == NONE && member[n] {
                        id[n] = count;
                        stack.push(n);
                    }
                }
            }
            count += 1;
        }
        (id, count as usize)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn components_match_a_flood_fill(
            (w, h, member) in (1u8..=12, 1u8..=12).prop_flat_map(|(w, h)| {
                (Just(w), Just(h), proptest::collection::vec(any::<bool>(), w as usize * h as usize))
            })
        ) {
            let grid = Grid::new(&Position {
                width: w,
                height: h,
                cells: vec![None; w as usize * h as usize],
            });
            prop_assert_eq!(components(&grid, |i| member[i]), flood(&grid, &member));
        }

        #[test]
        fn both_labellings_match_a_flood_fill_on_any_board(
            (w, h, member) in (1u8..=70, 1u8..=8).prop_flat_map(|(w, h)| {
                (Just(w), Just(h), proptest::collection::vec(any::<bool>(), w as usize * h as usize))
            })
        ) {
            let grid = Grid::new(&Position {
                width: w,
                height: h,
                cells: vec![None; w as usize * h as usize],
            });
            let expected = flood(&grid, &member);
            prop_assert_eq!(label_components(&grid, &member), expected.clone());
            prop_assert_eq!(label_components_by_cells(&grid, &member), expected);
        }

        /// The branch-free counting sort lists every region's cells in board order, and
        /// no cell outside every region, as filtering the labelling region by region does.
        #[test]
        fn regions_list_each_labels_cells_in_order(
            (count, labels) in (0usize..6).prop_flat_map(|count| {
                let label = prop_oneof![Just(NONE), (0..count.max(1) as u32)];
                (Just(count), proptest::collection::vec(label, 0..80))
            })
        ) {
            // With no region every label is NONE.
            let labels: Vec<u32> =
                labels.into_iter().map(|l| if count == 0 { NONE } else { l }).collect();
            let regions = Regions::sort(&labels, count);
            prop_assert_eq!(regions.start.len() - 1, count);
            for r in 0..count {
                let want: Vec<u32> = (0..labels.len() as u32)
                    .filter(|&i| labels[i as usize] == r as u32)
                    .collect();
                prop_assert_eq!(regions.cells(r), &want[..]);
            }
            prop_assert_eq!(
                regions.cells.len(),
                labels.iter().filter(|&&l| l != NONE).count()
            );
        }
    }
}
