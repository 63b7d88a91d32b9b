//! The neighbours of every cell of a board, worked out once per board size.
//!
//! The count and the estimate flood-fill the board many times per position; a neighbour
//! found by index arithmetic costs a division per cell asked about, a table lookup does not.

use std::cell::RefCell;
use std::sync::Arc;

/// Up to four neighbours of one cell (left, right, up, down; those on the board).
#[derive(Clone, Copy)]
struct Adjacent {
    cells: [u32; 4],
    len: u8,
}

impl Adjacent {
    fn of(i: usize, width: usize, len: usize) -> Adjacent {
        let x = i % width.max(1);
        let mut out = Adjacent {
            cells: [0; 4],
            len: 0,
        };
        let mut add = |n: usize| {
            out.cells[out.len as usize] = n as u32;
            out.len += 1;
        };
        if x > 0 {
            add(i - 1);
        }
        if x + 1 < width {
            add(i + 1);
        }
        if i >= width {
            add(i - width);
        }
        if i + width < len {
            add(i + width);
        }
        out
    }
}

/// The neighbours of every cell of a board (left, right, up, down: those on the board),
/// for the count's flood fills: a table made once per board size ([`adjacency`]) instead
/// of a division per cell asked about.
#[derive(Clone)]
pub(crate) struct NeighbourTable(Arc<[Adjacent]>);

impl NeighbourTable {
    /// The table of a board `width` cells wide with `len` cells in all.
    pub(crate) fn of(width: usize, len: usize) -> NeighbourTable {
        NeighbourTable(adjacency(width, len))
    }

    /// The on-board orthogonal neighbours of cell `i`, left, right, up, down.
    #[inline]
    pub(crate) fn of_cell(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let a = &self.0[i];
        a.cells[..a.len as usize].iter().map(|&n| n as usize)
    }
}

/// The neighbour table of a board `width` wide with `len` cells, made once per size on
/// each thread: a batch estimates thousands of boards of one or two sizes.
fn adjacency(width: usize, len: usize) -> Arc<[Adjacent]> {
    type Tables = Vec<(usize, usize, Arc<[Adjacent]>)>;
    thread_local! {
        static TABLES: RefCell<Tables> = const { RefCell::new(Vec::new()) };
    }
    TABLES.with(|tables| {
        let mut tables = tables.borrow_mut();
        if let Some((_, _, table)) = tables.iter().find(|(w, l, _)| *w == width && *l == len) {
            return Arc::clone(table);
        }
        let table: Arc<[Adjacent]> = (0..len).map(|i| Adjacent::of(i, width, len)).collect();
        // A few sizes in a real archive; a hostile batch of many sizes keeps the latest.
        if tables.len() == 4 {
            tables.remove(0);
        }
        tables.push((width, len, Arc::clone(&table)));
        table
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::point::Point;
    use crate::replay::position::Position;

    /// Every cell's neighbours in the table are those of its point, left, right, up, down:
    /// no wrap from one row's end to the next row's start, on wide, tall and thin boards.
    #[test]
    fn the_table_gives_the_positions_neighbours_in_order() {
        for (w, h) in [(3u8, 2u8), (2, 3), (1, 4), (4, 1), (5, 5), (19, 19)] {
            let pos = Position::from_diagram(&vec![".".repeat(w as usize).as_str(); h as usize]);
            let table = NeighbourTable::of(w as usize, pos.cells.len());
            for i in 0..pos.cells.len() {
                let from_table: Vec<usize> = table.of_cell(i).collect();
                let p = pos.point(i);
                let in_order: Vec<usize> = [
                    (p.x > 0).then(|| pos.index(Point::new(p.x - 1, p.y))),
                    (p.x + 1 < pos.width).then(|| pos.index(Point::new(p.x + 1, p.y))),
                    (p.y > 0).then(|| pos.index(Point::new(p.x, p.y - 1))),
                    (p.y + 1 < pos.height).then(|| pos.index(Point::new(p.x, p.y + 1))),
                ]
                .into_iter()
                .flatten()
                .collect();
                assert_eq!(from_table, in_order, "{w}x{h} cell {i}");
                let mut by_point: Vec<usize> = pos.neighbours(p).map(|n| pos.index(n)).collect();
                by_point.sort_unstable();
                let mut sorted = from_table.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, by_point, "{w}x{h} cell {i}");
            }
        }
        assert_eq!(
            NeighbourTable::of(3, 6).of_cell(2).collect::<Vec<_>>(),
            vec![1, 5]
        );
    }
}
