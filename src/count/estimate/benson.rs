//! Benson's unconditional life: strings that no sequence of opponent moves can capture,
//! even if their owner always passes, and the opponent stones inside the small regions they
//! enclose (which can never make an eye there).

use super::grid::{components, Grid, NONE};
use crate::point::Color;

/// What Benson's analysis proves for one colour.
pub(crate) struct PassAlive {
    /// Per chain: pass-alive (only chains of the analysed colour can be).
    pub alive: Vec<bool>,
    /// Per cell: an opponent stone inside a small region enclosed by pass-alive chains.
    pub dead_inside: Vec<bool>,
}

struct Region {
    empties: Vec<usize>,
    cells: Vec<usize>,
    /// The chains of the analysed colour bordering the region, sorted.
    border: Vec<usize>,
    /// The chains for which every empty point of the region is a liberty.
    vital_to: Vec<usize>,
}

/// Benson's algorithm for `color`.
pub(crate) fn pass_alive(grid: &Grid, color: Color) -> PassAlive {
    let (region_of, count) = components(grid, |i| grid.cells[i] != Some(color));
    let mut regions: Vec<Region> = (0..count)
        .map(|_| Region {
            empties: Vec::new(),
            cells: Vec::new(),
            border: Vec::new(),
            vital_to: Vec::new(),
        })
        .collect();
    for (i, &r) in region_of.iter().enumerate() {
        if r == NONE {
            continue;
        }
        let region = &mut regions[r as usize];
        region.cells.push(i);
        if grid.cells[i].is_none() {
            region.empties.push(i);
        }
        for n in grid.neighbours(i) {
            if grid.cells[n] == Some(color) {
                region.border.push(grid.chain_of[n] as usize);
            }
        }
    }
    for region in &mut regions {
        region.border.sort_unstable();
        region.border.dedup();
        if region.empties.is_empty() {
            continue;
        }
        for &c in &region.border {
            let libs = &grid.chains[c].libs;
            if region.empties.iter().all(|e| libs.binary_search(e).is_ok()) {
                region.vital_to.push(c);
            }
        }
    }
    let mut alive: Vec<bool> = grid.chains.iter().map(|c| c.color == color).collect();
    let mut region_alive: Vec<bool> = regions.iter().map(|r| !r.border.is_empty()).collect();
    loop {
        let mut vital_count = vec![0u32; grid.chains.len()];
        for (r, region) in regions.iter().enumerate() {
            if region_alive[r] {
                for &c in &region.vital_to {
                    vital_count[c] += 1;
                }
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
        for (r, region) in regions.iter().enumerate() {
            if region_alive[r] && region.border.iter().any(|&c| !alive[c]) {
                region_alive[r] = false;
            }
        }
    }
    let mut dead_inside = vec![false; grid.len()];
    for (r, region) in regions.iter().enumerate() {
        if !region_alive[r] {
            continue;
        }
        // Small: every empty point touches an enclosing chain, so the opponent can
        // never make an eye here.
        let small = region.empties.iter().all(|&e| {
            grid.neighbours(e)
                .any(|n| grid.cells[n] == Some(color) && alive[grid.chain_of[n] as usize])
        });
        if !small {
            continue;
        }
        for &i in &region.cells {
            dead_inside[i] = grid.cells[i].is_some();
        }
    }
    PassAlive { alive, dead_inside }
}
