//! Benson's unconditional life: strings that no sequence of opponent moves can capture,
//! even if their owner always passes, and the opponent stones inside the small regions they
//! enclose (which can never make an eye there).

use super::grid::{labelling, Grid, NONE};
use crate::point::Color;

/// What Benson's analysis proves for one colour.
pub(crate) struct PassAlive {
    /// Per chain: pass-alive (only chains of the analysed colour can be).
    pub alive: Vec<bool>,
    /// Per cell: an opponent stone inside a small region enclosed by pass-alive chains.
    pub dead_inside: Vec<bool>,
}

/// Benson's algorithm for `color`.
pub(crate) fn pass_alive(grid: &Grid, color: Color) -> PassAlive {
    let labelled = labelling(grid, grid.cells.iter().map(|&c| c != Some(color)).collect());
    let count = labelled.count;
    let regions = labelled.regions();
    let is_empty = |i: &&u32| grid.cells[**i as usize].is_none();
    // Per region, in flat lists: the chains of the analysed colour bordering it (each
    // once), and those for which every empty point of the region is a liberty.
    let mut border_start = Vec::with_capacity(count + 1);
    let mut border: Vec<usize> = Vec::new();
    let mut vital_start = Vec::with_capacity(count + 1);
    let mut vital: Vec<usize> = Vec::new();
    let mut listed_for = vec![NONE; grid.chains.len()];
    for r in 0..count {
        let cells = regions.cells(r);
        let first = border.len();
        border_start.push(first);
        for &i in cells {
            for n in grid.neighbours(i as usize) {
                if grid.cells[n] == Some(color) {
                    let c = grid.chain_of[n] as usize;
                    if listed_for[c] != r as u32 {
                        listed_for[c] = r as u32;
                        border.push(c);
                    }
                }
            }
        }
        vital_start.push(vital.len());
        if !cells.iter().any(|i| is_empty(&i)) {
            continue;
        }
        for &c in &border[first..] {
            let libs = &grid.chains[c].libs;
            if cells
                .iter()
                .filter(is_empty)
                .all(|&e| libs.binary_search(&(e as usize)).is_ok())
            {
                vital.push(c);
            }
        }
    }
    border_start.push(border.len());
    vital_start.push(vital.len());
    let border_of = |r: usize| &border[border_start[r]..border_start[r + 1]];
    let vital_to = |r: usize| &vital[vital_start[r]..vital_start[r + 1]];
    let mut alive: Vec<bool> = grid.chains.iter().map(|c| c.color == color).collect();
    let mut region_alive: Vec<bool> = (0..count).map(|r| !border_of(r).is_empty()).collect();
    let mut vital_count = vec![0u32; grid.chains.len()];
    loop {
        vital_count.fill(0);
        for r in (0..count).filter(|&r| region_alive[r]) {
            for &c in vital_to(r) {
                vital_count[c] += 1;
            }
        }
        let mut changed = false;
        for (c, is_alive) in alive.iter_mut().enumerate() {
            if *is_alive && vital_count[c] < 2 {
                *is_alive = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
        for (r, region_lives) in region_alive.iter_mut().enumerate() {
            if *region_lives && border_of(r).iter().any(|&c| !alive[c]) {
                *region_lives = false;
            }
        }
    }
    let mut dead_inside = vec![false; grid.len()];
    for r in (0..count).filter(|&r| region_alive[r]) {
        // Small: every empty point touches an enclosing chain, so the opponent can
        // never make an eye here.
        let cells = regions.cells(r);
        let small = cells.iter().filter(is_empty).all(|&e| {
            grid.neighbours(e as usize)
                .any(|n| grid.cells[n] == Some(color) && alive[grid.chain_of[n] as usize])
        });
        if !small {
            continue;
        }
        for &i in cells {
            dead_inside[i as usize] = grid.cells[i as usize].is_some();
        }
    }
    PassAlive { alive, dead_inside }
}
