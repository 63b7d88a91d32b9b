//! The static life-and-death reading for what Benson's analysis leaves open.
//!
//! At the end of a real game most groups are settled, so the board can be read the way a
//! counter reads it: empty regions bordered by one colour are that colour's eyes and
//! territory; a group with two eyes (or a big eye space) lives; a group without two eyes whose
//! whole reachable space (everything it can reach without crossing living enemy stones) holds no
//! living friend is dead, the smallest such space first, since removing a dead group gives the
//! enclosing group its eyes back; two weak groups that share their liberties, neither able to
//! fill them without self-atari, are in seki.

use super::grid::{labelling, Grid, UnionFind, NONE};
use super::race::{self, SekiReadOut};
use super::semeai;
use crate::count::estimate::StoneStatus;
use crate::count::score::{gap_enclosure, walls_reach_out};
use crate::point::Color;

/// The reading of one chain.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LifeVerdict {
    pub status: StoneStatus,
    pub confidence: f32,
    pub proven: bool,
}

/// Confidence levels, from proof down to a guess.
pub(crate) use confidence::DEAD_READ_OUT;

mod confidence {
    pub(crate) const PROVEN: f32 = 1.0;
    pub(crate) const TWO_EYES: f32 = 0.95;
    pub(crate) const DEAD_ENCLOSED: f32 = 0.9;
    pub(crate) const CONNECTED: f32 = 0.85;
    /// Alive by connection with two liberties ([`super::connected_confidence`]).
    pub(crate) const CONNECTED_SHORT: f32 = 0.7;
    /// Dead in a seki that the search of [`super::race`] refutes.
    pub(crate) const DEAD_READ_OUT: f32 = 0.85;
    /// Dead, one or two stones with at most two liberties, in a weak enclosure or a big
    /// space: measured against GNU Go's `final_status_list dead` (docs/scoring.md), such
    /// kills are GNU Go's in 97% of the tuned-on records' and 99% of the held-out ones'.
    pub(crate) const DEAD_SMALL_AND_SHORT: f32 = 0.8;
    /// Dead, at most four stones in a space of ten empty points or more, the enclosure weak
    /// or not ([`super::few_in_room`]).
    pub(crate) const DEAD_FEW_IN_ROOM: f32 = 0.8;
    pub(crate) const DEAD_WEAK_ENCLOSURE: f32 = 0.7;
    pub(crate) const SEKI: f32 = 0.7;
    /// Seki read out from both sides: whoever moves first, both pass with nothing taken.
    pub(crate) const SEKI_READ_OUT: f32 = 0.85;
    pub(crate) const DEAD_BIG_SPACE: f32 = 0.65;
    pub(crate) const UNSETTLED: f32 = 0.6;
}

/// A space bigger than this is more than a dead group's room: a kill there is a guess.
const BIG_SPACE: usize = 60;

/// A chain of at most this many stones and liberties read dead is a small, short one: its
/// kill is surer than the enclosure's strength alone says ([`confidence::DEAD_SMALL_AND_SHORT`]).
const SHORT_STONES: usize = 2;

/// The per-round picture of the board with the current dead stones taken off.
struct Round {
    /// Per chain: its group (union-find representative).
    group: Vec<usize>,
    /// Per group representative: strong (pass-alive member or two eyes).
    strong: Vec<bool>,
    /// Per group representative: eye value.
    eyes: Vec<u32>,
    /// The open region of each cell (cells without a living stone), or [`NONE`] (a living
    /// stone).
    label: Vec<u32>,
    /// The open regions as read ([`Regions`]).
    regions: Regions,
}

/// What a round reads off its open regions, one walk over each region's cells: all of it
/// depends on the region's cells and the stones beside them, so a region no kill touched
/// is kept from one round to the next ([`Round::updated`]). Kept in flat lists, each
/// region a span of them: a round is copied in a few blocks, and a region read again is
/// left in them with an empty span (its cells are in the regions it became).
#[derive(Clone, Default)]
struct Regions {
    spans: Vec<RegionSpan>,
    cells: Vec<u32>,
    /// The living chains around each region, each once.
    border: Vec<u32>,
    /// Chains of one colour that share an empty point of the region.
    joins: Vec<(u32, u32)>,
}

#[derive(Clone, Copy, Default)]
struct RegionSpan {
    cells: (u32, u32),
    border: (u32, u32),
    joins: (u32, u32),
    /// The colours of the living stones around it (bit 0 Black, bit 1 White).
    mask: u8,
    /// How many of its cells touch Black's and White's living stones.
    touching: [u32; 2],
    /// Whether it holds a stone (one read dead).
    has_stone: bool,
}

/// A cell of the area a round reads again ([`Round::updated`]), before it is given its new
/// region.
const FREED: u32 = NONE - 1;

impl Regions {
    fn len(&self) -> usize {
        self.spans.len()
    }

    fn cells(&self, r: usize) -> &[u32] {
        let (from, to) = self.spans[r].cells;
        &self.cells[from as usize..to as usize]
    }

    fn border(&self, r: usize) -> &[u32] {
        let (from, to) = self.spans[r].border;
        &self.border[from as usize..to as usize]
    }

    fn joins(&self, r: usize) -> &[(u32, u32)] {
        let (from, to) = self.spans[r].joins;
        &self.joins[from as usize..to as usize]
    }

    fn mask(&self, r: usize) -> u8 {
        self.spans[r].mask
    }

    /// Reads the region whose cells were just added to `cells` (from `first`), as a new
    /// region; `listed_for` is per-chain scratch holding [`NONE`] or marks of other
    /// regions (a region's mark is its first cell, which no other region has).
    fn read(&mut self, grid: &Grid, stones: &LivingStones, first: usize, listed_for: &mut [u32]) {
        let mark = self.cells.get(first).copied().unwrap_or(NONE);
        let mut span = RegionSpan {
            cells: (first as u32, self.cells.len() as u32),
            border: (self.border.len() as u32, 0),
            joins: (self.joins.len() as u32, 0),
            ..RegionSpan::default()
        };
        for &i in &self.cells[first..] {
            let i = i as usize;
            let empty = grid.cells[i].is_none();
            span.has_stone |= !empty;
            let mut seen: [Option<u32>; 2] = [None, None];
            let mut here = 0u8;
            for nb in grid.neighbours(i) {
                // The living colour on the cell, worked out once this round: no chain or
                // verdict is looked up for an empty cell or a dead stone.
                let Some(color) = stones.color(nb) else {
                    continue;
                };
                let c = grid.chain_of[nb];
                here |= 1 << color.index();
                if listed_for[c as usize] != mark {
                    listed_for[c as usize] = mark;
                    self.border.push(c);
                }
                // Chains of one colour sharing a liberty are joined: at the end of a game
                // such a cutting point is defended.
                if empty {
                    match seen[color.index()] {
                        Some(other) if other != c => self.joins.push((other, c)),
                        Some(_) => {}
                        None => seen[color.index()] = Some(c),
                    }
                }
            }
            span.mask |= here;
            span.touching[0] += u32::from(here & 1);
            span.touching[1] += u32::from(here >> 1);
        }
        span.border.1 = self.border.len() as u32;
        span.joins.1 = self.joins.len() as u32;
        self.spans.push(span);
    }
}

/// Reads every chain; `alive_proven[c]` and `dead_proven[c]` come from Benson's analysis.
pub fn read(grid: &Grid, alive_proven: &[bool], dead_proven: &[bool]) -> Vec<LifeVerdict> {
    let n = grid.chains.len();
    let mut verdicts: Vec<LifeVerdict> = (0..n)
        .map(|c| {
            if alive_proven[c] || dead_proven[c] {
                LifeVerdict {
                    status: if alive_proven[c] {
                        StoneStatus::Alive
                    } else {
                        StoneStatus::Dead
                    },
                    confidence: confidence::PROVEN,
                    proven: true,
                }
            } else {
                LifeVerdict {
                    status: StoneStatus::Alive,
                    confidence: confidence::UNSETTLED,
                    proven: false,
                }
            }
        })
        .collect();
    // Chains left open: a kill there gave the enclosing enemy no life either, so the
    // position is unfinished around them and they stay alive, unclear.
    let mut open = vec![false; n];
    // Each round settles or leaves open at least one chain: at most `n` rounds.
    let mut stones = LivingStones::of(grid, &verdicts);
    let mut round = Round::new(grid, &verdicts, &stones, alive_proven);
    // The kills undone for want of a living enclosure, kept to be tried again together
    // with a later one ([`killed_together`]).
    let mut deferred: Vec<DeferredKill> = Vec::new();
    for _ in 0..=n {
        let before = verdicts.clone();
        let space = match settle_weakest(grid, &round, &mut verdicts, &stones, &open, alive_proven)
        {
            None => break,
            Some(Settled::Batch | Settled::Race) => {
                stones = LivingStones::of(grid, &verdicts);
                round = round.updated(grid, &verdicts, &stones, alive_proven);
                continue;
            }
            Some(Settled::One(space)) => space,
        };
        let killed = space
            .chains
            .iter()
            .any(|&c| verdicts[c].status == StoneStatus::Dead);
        if !killed {
            // A seki: every stone still lives, and a round depends only on which stones
            // live (and on Benson's proofs), so the picture stands as it is.
            continue;
        }
        let next_stones = LivingStones::of(grid, &verdicts);
        let next = round.updated(grid, &verdicts, &next_stones, alive_proven);
        let enclosing = enclosing_chains(grid, &before, &space);
        if !lives(&enclosing, &next, &verdicts) {
            if let Some((joint, joint_stones, joint_round, taken)) = killed_together(
                grid,
                &round,
                &verdicts,
                &before,
                &next,
                &enclosing,
                &space,
                &deferred,
                alive_proven,
            ) {
                for k in taken.into_iter().rev() {
                    for &c in &deferred.swap_remove(k).space.chains {
                        open[c] = false;
                    }
                }
                verdicts = joint;
                stones = joint_stones;
                round = joint_round;
                continue;
            }
            let killed = space.chains.iter().map(|&c| (c, verdicts[c])).collect();
            verdicts = before;
            for &c in &space.chains {
                open[c] = true;
            }
            deferred.push(DeferredKill { space, killed });
            continue;
        }
        round = next;
        stones = next_stones;
    }
    // Stones read dead whose captors were read dead later (a race's loser, or an
    // enclosure that lost its eyes when a later kill merged its eye with open ground)
    // are alive: nobody is left to take them.
    let dead: Vec<bool> = verdicts
        .iter()
        .map(|v| v.status == StoneStatus::Dead && !v.proven)
        .collect();
    for c in semeai::uncaptured(grid, &dead) {
        verdicts[c].status = StoneStatus::Alive;
    }
    // Asked for a killed colour where a living chain of the other colour touches a
    // doubtful kill's liberties.
    let doubtful = DoubtfulKills::of(
        grid,
        &round,
        &verdicts,
        alive_proven,
        |color, in_contact| {
            in_contact
                .iter()
                .enumerate()
                .any(|(c, &touch)| touch && grid.chains[c].color != color && living(&verdicts, c))
        },
    );
    finish_alive(grid, &round, &mut verdicts, &open, &doubtful);
    verdicts
}

/// A kill undone because it left its enclosure without life: the space and the verdicts
/// the kill gave its chains.
struct DeferredKill {
    space: Space,
    killed: Vec<(usize, LifeVerdict)>,
}

/// Whether a kill's enclosure lives in `round`: one of its chains strong or in seki.
fn lives(enclosing: &[usize], round: &Round, verdicts: &[LifeVerdict]) -> bool {
    enclosing
        .iter()
        .any(|&c| round.is_strong(c) || verdicts[c].status == StoneStatus::Seki)
}

/// A kill that leaves its enclosure without life, tried again together with the kills
/// undone earlier for the same reason inside the same enclosing group: an enclosure with
/// two intruders, each in a space that is one eye once it is taken, lives only when both
/// are taken, and one at a time neither kill stands (Jin Mao Ce Shi 010001705: White's
/// eye at P15 beside Black's bent three in atari, and its eye at O13 beside Black's stone
/// at N13). Returns the verdicts with every kill made, the round they give and the
/// indices in `deferred` of the kills taken along, where every enclosure then lives.
#[allow(clippy::too_many_arguments)]
fn killed_together(
    grid: &Grid,
    round: &Round,
    verdicts: &[LifeVerdict],
    before: &[LifeVerdict],
    next: &Round,
    enclosing: &[usize],
    space: &Space,
    deferred: &[DeferredKill],
    alive_proven: &[bool],
) -> Option<(Vec<LifeVerdict>, LivingStones, Round, Vec<usize>)> {
    let groups: Vec<usize> = enclosing.iter().map(|&c| next.group[c]).collect();
    // Each kill taken along, with its enclosing chains.
    let taken: Vec<(usize, Vec<usize>)> = deferred
        .iter()
        .enumerate()
        .filter(|(_, other)| {
            other.space.color == space.color
                && other.killed.iter().all(|&(c, _)| living(verdicts, c))
        })
        .map(|(k, other)| (k, enclosing_chains(grid, before, &other.space)))
        .filter(|(_, around)| around.iter().any(|&c| groups.contains(&next.group[c])))
        .collect();
    if taken.is_empty() {
        return None;
    }
    let mut joint = verdicts.to_vec();
    for (k, _) in &taken {
        for &(c, verdict) in &deferred[*k].killed {
            joint[c] = verdict;
        }
    }
    let joint_stones = LivingStones::of(grid, &joint);
    let joint_round = round.updated(grid, &joint, &joint_stones, alive_proven);
    let all_live = lives(enclosing, &joint_round, &joint)
        && taken
            .iter()
            .all(|(_, around)| lives(around, &joint_round, &joint));
    let taken = taken.into_iter().map(|(k, _)| k).collect();
    all_live.then_some((joint, joint_stones, joint_round, taken))
}

fn living(verdicts: &[LifeVerdict], c: usize) -> bool {
    verdicts[c].status != StoneStatus::Dead
}

/// Per cell, the colour of a living stone on it (none for an empty cell or a stone read
/// dead), worked out once per change of the verdicts: the rounds label the board by it
/// three times, and comparing bytes is cheaper than looking up each cell's chain.
struct LivingStones(Vec<u8>);

/// A [`LivingStones`] cell without a living stone.
const NO_LIVING_STONE: u8 = 2;

impl LivingStones {
    fn of(grid: &Grid, verdicts: &[LifeVerdict]) -> LivingStones {
        // By chains: every stone is in one, of its colour.
        let mut cells = vec![NO_LIVING_STONE; grid.len()];
        for (c, chain) in grid.chains.iter().enumerate() {
            if living(verdicts, c) {
                let code = chain.color.index() as u8;
                for &i in &chain.stones {
                    if let Some(cell) = cells.get_mut(i) {
                        *cell = code;
                    }
                }
            }
        }
        LivingStones(cells)
    }

    /// The colour of the living stone on cell `i`, if one stands there.
    fn color(&self, i: usize) -> Option<Color> {
        match self.0[i] {
            0 => Some(Color::Black),
            1 => Some(Color::White),
            _ => None,
        }
    }

    /// Per cell: true where no living stone stands (empty, or a stone read dead).
    fn open(&self) -> Vec<bool> {
        self.0.iter().map(|&s| s == NO_LIVING_STONE).collect()
    }

    /// Per cell: true where no living stone of `color` stands.
    fn without(&self, color: Color) -> Vec<bool> {
        let code = color.index() as u8;
        self.0.iter().map(|&s| s != code).collect()
    }
}

impl Round {
    fn new(
        grid: &Grid,
        verdicts: &[LifeVerdict],
        stones: &LivingStones,
        alive_proven: &[bool],
    ) -> Round {
        let labelled = labelling(grid, stones.open());
        let cells_of = labelled.regions();
        let mut regions = Regions {
            spans: Vec::with_capacity(labelled.count),
            cells: Vec::with_capacity(grid.len()),
            // Room for a chain or two per region: the lists are not grown step by step.
            border: Vec::with_capacity(grid.chains.len() + 2 * labelled.count),
            joins: Vec::with_capacity(grid.chains.len()),
        };
        let mut listed_for = vec![NONE; grid.chains.len()];
        for r in 0..labelled.count {
            let first = regions.cells.len();
            regions.cells.extend_from_slice(cells_of.cells(r));
            regions.read(grid, stones, first, &mut listed_for);
        }
        Round::derived(
            grid,
            verdicts,
            stones,
            alive_proven,
            labelled.label.clone(),
            regions,
        )
    }

    /// This round with the stones that live changed to `stones` (chains killed, or
    /// revived). Only the open regions a changed stone stands in or touches change: with
    /// the stones freed they become one region or several, without the stones taken. The
    /// others are kept as they were read, and the groups, eyes and strength are derived
    /// afresh from them all, so the answer is [`Round::new`]'s (no decision turns on how
    /// the regions are numbered or on the order of a region's cells).
    fn updated(
        &self,
        grid: &Grid,
        verdicts: &[LifeVerdict],
        stones: &LivingStones,
        alive_proven: &[bool],
    ) -> Round {
        let (mut label, mut regions) = (self.label.clone(), self.regions.clone());
        // The cells whose stone died (freed: open now, no region yet) or came back to life
        // (taken: a living stone now, in a region still).
        let changed: Vec<usize> = (0..label.len())
            .filter(|&i| (label[i] == NONE) == stones.color(i).is_none())
            .collect();
        // The area to read again: the regions a changed cell stands in or touches, whole,
        // and the cells freed.
        let mut area = Vec::with_capacity(64);
        for &i in &changed {
            for j in std::iter::once(i).chain(grid.neighbours(i)) {
                let r = label[j];
                if r == NONE || r == FREED {
                    continue;
                }
                let span = &mut regions.spans[r as usize];
                let (from, to) = span.cells;
                *span = RegionSpan::default();
                for &c in &regions.cells[from as usize..to as usize] {
                    label[c as usize] = FREED;
                    area.push(c as usize);
                }
            }
        }
        for &i in &changed {
            label[i] = if stones.color(i).is_none() {
                area.push(i);
                FREED
            } else {
                NONE
            };
        }
        // The new regions: the connected parts of that area (its cells still open),
        // each numbered past the last.
        let mut listed_for = vec![NONE; grid.chains.len()];
        for &start in &area {
            if label[start] != FREED {
                continue;
            }
            let r = regions.len() as u32;
            let first = regions.cells.len();
            label[start] = r;
            regions.cells.push(start as u32);
            // The region's cells list is its own stack: each cell is walked once.
            let mut k = first;
            while k < regions.cells.len() {
                let i = regions.cells[k] as usize;
                k += 1;
                for nb in grid.neighbours(i) {
                    if label[nb] == FREED {
                        label[nb] = r;
                        regions.cells.push(nb as u32);
                    }
                }
            }
            regions.read(grid, stones, first, &mut listed_for);
        }
        Round::derived(grid, verdicts, stones, alive_proven, label, regions)
    }

    /// The round of the open regions as read (`label` giving each cell's): the groups,
    /// their eyes and their strength derived from them.
    fn derived(
        grid: &Grid,
        verdicts: &[LifeVerdict],
        stones: &LivingStones,
        alive_proven: &[bool],
        label: Vec<u32>,
        regions: Regions,
    ) -> Round {
        let n = grid.chains.len();
        let mut uf = UnionFind::new(n);
        // Per region: the colour that nearly encloses it, if one does (the same decision
        // as the count's, `score::nearly_enclosed_by`, its points counted on the region's
        // walk). It turns on walls away from the region, so it is decided every round.
        let mut near: Vec<Option<Color>> = Vec::with_capacity(regions.len());
        for (r, span) in regions.spans.iter().enumerate() {
            for &(a, b) in regions.joins(r) {
                uf.union(a as usize, b as usize);
            }
            let cells = regions.cells(r);
            near.push(
                (span.mask == 3 && !span.has_stone)
                    .then(|| gap_enclosure(cells.len(), span.touching))
                    .flatten()
                    .filter(|&color| {
                        walls_reach_out(
                            cells.iter().map(|&i| i as usize),
                            |i| label[i] == r as u32,
                            |i| stones.color(i),
                            |i| grid.neighbours(i),
                            grid.len(),
                            color.opponent(),
                        )
                    }),
            );
            if span.mask == 1 || span.mask == 2 {
                // An eye or territory of one colour joins every chain around it.
                for w in regions.border(r).windows(2) {
                    uf.union(w[0] as usize, w[1] as usize);
                }
            } else if let Some(color) = near[r] {
                // So does an area one colour nearly encloses: the chains around it are
                // one group, whose eye space it is.
                let mut around = regions
                    .border(r)
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| grid.chains[c].color == color);
                if let Some(head) = around.next() {
                    for c in around {
                        uf.union(head, c);
                    }
                }
            }
        }
        let group: Vec<usize> = (0..n).map(|c| uf.find(c)).collect();
        let mut eyes = vec![0u32; n];
        // A group's eye counts once per region, however many of its chains border it.
        let mut counted_for = vec![NONE; n];
        let owner = |i: usize| match label[i] {
            NONE => None,
            r => match regions.mask(r as usize) {
                1 => Some(Color::Black),
                2 => Some(Color::White),
                _ => None,
            },
        };
        for (r, span) in regions.spans.iter().enumerate() {
            let color = match span.mask {
                1 => Color::Black,
                2 => Color::White,
                _ => match near[r] {
                    // Room for two eyes once the enclosure seals its gap.
                    Some(color) => {
                        for &c in regions.border(r) {
                            let g = group[c as usize];
                            if grid.chains[c as usize].color == color && counted_for[g] != r as u32
                            {
                                counted_for[g] = r as u32;
                                eyes[g] += EYES_TO_LIVE;
                            }
                        }
                        continue;
                    }
                    None => continue,
                },
            };
            let cells = regions.cells(r);
            let mut first = [0usize; NAKADE_MAX];
            let shown = cells.len().min(NAKADE_MAX);
            for (k, &i) in cells[..shown].iter().enumerate() {
                first[k] = i as usize;
            }
            let mut value = eye_value(grid, verdicts, cells.len(), &first[..shown], color, owner);
            if span.has_stone && value == EYES_TO_LIVE {
                value = captured_shape_value(grid, cells, color).unwrap_or(value);
            }
            for &c in regions.border(r) {
                let g = group[c as usize];
                if counted_for[g] != r as u32 {
                    counted_for[g] = r as u32;
                    eyes[g] += value;
                }
            }
        }
        let mut strong = vec![false; n];
        for c in 0..n {
            let g = group[c];
            if alive_proven[c] || eyes[g] >= EYES_TO_LIVE {
                strong[g] = true;
            }
        }
        Round {
            group,
            strong,
            eyes,
            label,
            regions,
        }
    }

    /// The colour that alone borders cell `i`'s open region (an eye or territory), if any.
    fn eye_owner(&self, i: usize) -> Option<Color> {
        match self.label[i] {
            NONE => None,
            r => match self.regions.mask(r as usize) {
                1 => Some(Color::Black),
                2 => Some(Color::White),
                _ => None,
            },
        }
    }

    /// [`Round::eye_owner`] of every cell.
    fn eye_owners(&self) -> Vec<Option<Color>> {
        (0..self.label.len()).map(|i| self.eye_owner(i)).collect()
    }

    fn is_strong(&self, c: usize) -> bool {
        self.strong[self.group[c]]
    }
}

/// The biggest eye space that can still be a killable (nakade) shape.
const NAKADE_MAX: usize = 6;

/// Eye values are counted in halves: a group with [`EYES_TO_LIVE`] or more is strong.
const HALF_EYE: u32 = 1;
const ONE_EYE: u32 = 2;
const EYES_TO_LIVE: u32 = 4;

/// What an open region bordered by one colour is worth, in halves of an eye: a big one is two
/// eyes (room for two, or territory); a point or two, or a killable shape of up to six points
/// (straight or bent three, square and pyramid four, bulky and crossed five), is one eye. A
/// single point that the opponent's living stones take diagonally is a false eye; where they
/// take one diagonal fewer and the opponent may still play on another (an empty diagonal
/// outside the eye's colour's area, `owner` telling whose area a cell is), it is half an eye:
/// the opponent plays there and the eye is false. Two diagonals still to take are two moves,
/// and the owner answers the first: an eye.
fn eye_value(
    grid: &Grid,
    verdicts: &[LifeVerdict],
    size: usize,
    cells: &[usize],
    color: Color,
    owner: impl Fn(usize) -> Option<Color>,
) -> u32 {
    match size {
        0 => 0,
        1 => {
            let (mut taken, mut open) = (0, 0);
            for d in grid.diagonals(cells[0]) {
                match grid.cells[d] {
                    Some(c)
                        if c == color.opponent() && living(verdicts, grid.chain_of[d] as usize) =>
                    {
                        taken += 1
                    }
                    // A stone of the eye's colour, or an enemy stone read dead: neither takes
                    // the diagonal nor leaves it to take.
                    Some(_) => {}
                    None if owner(d) != Some(color) => open += 1,
                    None => {}
                }
            }
            let limit = if grid.on_edge(cells[0]) { 1 } else { 2 };
            if taken >= limit {
                0
            } else if taken + 1 == limit && open > 0 {
                // One move short of false: the opponent makes it, the owner cannot undo it.
                HALF_EYE
            } else {
                ONE_EYE
            }
        }
        2 => ONE_EYE,
        3..=NAKADE_MAX if is_nakade(grid, cells) => ONE_EYE,
        _ => EYES_TO_LIVE,
    }
}

/// What a region of `color`'s eye space holding dead enemy stones is worth when every
/// empty point in it is a liberty of those stones, or `None` where the rule does not
/// reach (then the region's size decides, as for an empty one). While the enemy stones
/// stand, no empty point there is an eye; to capture them the owner fills every one of
/// those liberties, and the eye left is the shape the stones stood on. Where that shape
/// is a point or two, or a killable one ([`is_nakade`]), the attacker plays its vital
/// point again and the whole region is one eye: four points in an L along the edge with
/// two enemy stones on its middle are one eye, though four empty points in that L are
/// two. Only one connected enemy shape of at most [`NAKADE_MAX`] stones is read: two
/// enemy shapes are captured one at a time, and a bigger shape leaves room for two eyes.
fn captured_shape_value(grid: &Grid, cells: &[u32], color: Color) -> Option<u32> {
    // A shape of NAKADE_MAX stones has at most four liberties a stone.
    if cells.len() > NAKADE_MAX * 5 {
        return None;
    }
    let mut stones = [0usize; NAKADE_MAX];
    let mut count = 0;
    for &i in cells {
        match grid.cells[i as usize] {
            Some(c) if c == color => return None,
            Some(_) if count == NAKADE_MAX => return None,
            Some(_) => {
                stones[count] = i as usize;
                count += 1;
            }
            None => {}
        }
    }
    let stones = &stones[..count];
    let all_liberties = cells
        .iter()
        .map(|&i| i as usize)
        .filter(|&i| grid.cells[i].is_none())
        .all(|i| grid.neighbours(i).any(|n| stones.contains(&n)));
    // Stones of one colour that touch are one chain, and a dead chain is freed whole: one
    // connected shape is one chain.
    let one_shape = stones
        .iter()
        .all(|&i| grid.chain_of[i] == grid.chain_of[stones[0]]);
    if stones.is_empty() || !all_liberties || !one_shape {
        return None;
    }
    // A point or two touch each other: killable too.
    is_nakade(grid, stones).then_some(ONE_EYE)
}

/// A killable eye shape: one point touches every other point (straight and bent three,
/// pyramid four, crossed five), or the shape fills a 2x2 square plus at most one point
/// (square four, bulky five).
fn is_nakade(grid: &Grid, cells: &[usize]) -> bool {
    let touches_all = cells.iter().any(|&v| {
        cells
            .iter()
            .all(|&o| o == v || grid.neighbours(v).any(|n| n == o))
    });
    if touches_all {
        return true;
    }
    let has_square = cells.iter().any(|&c| {
        let (x, y) = (c % grid.width, c / grid.width);
        x + 1 < grid.width
            && y + 1 < grid.height
            && [c + 1, c + grid.width, c + grid.width + 1]
                .iter()
                .all(|o| cells.contains(o))
    });
    has_square && cells.len() <= 5
}

/// A space: the cells one colour's weak groups can reach without crossing living enemy stones.
struct Space {
    color: Color,
    cells: Vec<usize>,
    /// Living, not proven chains of `color` in the space.
    chains: Vec<usize>,
    /// Some of its chains were left open by an earlier round: only a strong enclosure
    /// settles it.
    reopened: bool,
}

/// What one round settled.
enum Settled {
    /// Every space enclosed by strong enemy groups: their stones are dead, and no kill
    /// needs checking (the enclosure already lives).
    Batch,
    /// A weak enclosure that loses a capturing race against the stones it encloses, read
    /// dead ([`semeai`]).
    Race,
    /// The smallest other space, dead or seki; a kill there must be checked.
    One(Space),
}

/// Settles the spaces of weak groups with no strong friend: all those whose enclosure is
/// already strong at once, else the smallest one. None when there is nothing to settle.
fn settle_weakest(
    grid: &Grid,
    round: &Round,
    verdicts: &mut [LifeVerdict],
    stones: &LivingStones,
    open: &[bool],
    alive_proven: &[bool],
) -> Option<Settled> {
    let mut candidates: Vec<Space> = Vec::new();
    for color in [Color::Black, Color::White] {
        let enemy = color.opponent();
        let labelled = labelling(grid, stones.without(enemy));
        let (space_of, count) = (&labelled.label, labelled.count);
        let mut safe = vec![false; count];
        // Spaces holding a living chain of `color` not proven: the only ones that can be
        // candidates (the others are skipped before their cells are listed).
        let mut has_weak = vec![false; count];
        // By chains, not cells: a chain of `color` is never a wall of its own colour's
        // labelling, so all its stones share one space (this runs every round).
        for (c, chain) in grid.chains.iter().enumerate() {
            if chain.color != color || !living(verdicts, c) {
                continue;
            }
            let Some(&s) = chain.stones.first().map(|&i| &space_of[i]) else {
                continue;
            };
            if s == NONE {
                continue;
            }
            if round.is_strong(c) || verdicts[c].status == StoneStatus::Seki {
                safe[s as usize] = true;
            }
            if !verdicts[c].proven {
                has_weak[s as usize] = true;
            }
        }
        if (0..count).all(|s| safe[s] || !has_weak[s]) {
            continue;
        }
        let spaces = labelled.regions();
        for s in 0..count {
            if safe[s] || !has_weak[s] {
                continue;
            }
            let space_cells = spaces.cells(s);
            let mut chains: Vec<usize> = space_cells
                .iter()
                .map(|&i| i as usize)
                .filter(|&i| grid.cells[i] == Some(color))
                .map(|i| grid.chain_of[i] as usize)
                .filter(|&c| living(verdicts, c) && !verdicts[c].proven)
                .collect();
            // A space left open (its kill gave the enclosure no life) is read again only
            // once its whole enclosure lives: then nothing is unfinished around it.
            let reopened = chains.iter().any(|&c| open[c]);
            chains.sort_unstable();
            chains.dedup();
            // A space with no living enemy around it is the whole board's open area:
            // nothing encloses it, so nothing can be dead there.
            let enclosed = space_cells.iter().any(|&i| {
                grid.neighbours(i as usize).any(|n| {
                    grid.cells[n] == Some(enemy) && living(verdicts, grid.chain_of[n] as usize)
                })
            });
            if chains.is_empty() || !enclosed {
                continue;
            }
            candidates.push(Space {
                color,
                cells: space_cells.iter().map(|&i| i as usize).collect(),
                chains,
                reopened,
            });
        }
    }
    let clear: Vec<usize> = (0..candidates.len())
        .filter(|&k| {
            let space = &candidates[k];
            enclosure_strong(grid, round, verdicts, space)
                && seki_partners(grid, round, verdicts, space).is_none()
        })
        .collect();
    if !clear.is_empty() {
        // Asked for the colours of the spaces about to be killed.
        let doubtful = DoubtfulKills::of(grid, round, verdicts, alive_proven, |color, _| {
            clear.iter().any(|&k| candidates[k].color == color)
        });
        let caps: Vec<Option<f32>> = clear
            .iter()
            .map(|&k| doubtful.cap_for(grid, &candidates[k]))
            .collect();
        for (k, cap) in clear.into_iter().zip(caps) {
            kill(grid, verdicts, &candidates[k], true, cap);
        }
        return Some(Settled::Batch);
    }
    let smallest = (0..candidates.len())
        .filter(|&k| !candidates[k].reopened)
        .min_by_key(|&k| candidates[k].cells.len())?;
    let space = candidates.swap_remove(smallest);
    if let Some(SekiPartners {
        chains: partners,
        dame,
    }) = seki_partners(grid, round, verdicts, &space)
    {
        let enclosing = enclosing_chains(grid, verdicts, &space);
        let forward = race::seki_read_out(
            grid,
            &space.chains,
            &enclosing,
            &space.cells,
            &dame,
            race::MAX_NODES,
        );
        if forward == SekiReadOut::Refuted {
            // Played out, the enclosure captures whoever moves first: no seki.
            for &c in &space.chains {
                verdicts[c] = LifeVerdict {
                    status: StoneStatus::Dead,
                    confidence: confidence::DEAD_READ_OUT,
                    proven: false,
                };
            }
            return Some(Settled::One(space));
        }
        let backward = partners_read_out(grid, verdicts, stones, &space, &partners);
        if backward == SekiReadOut::Refuted {
            // The same seki read from the partners' side: they are the weak ones, and the
            // space's stones take them whoever moves first (a throw-in the partners must
            // take, then the play into their one eye). The space is read again next round
            // with the partners off the board, as after a lost race.
            for &c in &partners {
                verdicts[c] = LifeVerdict {
                    status: StoneStatus::Dead,
                    confidence: confidence::DEAD_READ_OUT,
                    proven: false,
                };
            }
            return Some(Settled::Race);
        }
        // Read out from both sides, whoever moves first, both pass: the seki holds in
        // every line the search plays.
        let confidence = if forward == SekiReadOut::Confirmed && backward == SekiReadOut::Confirmed
        {
            confidence::SEKI_READ_OUT
        } else {
            confidence::SEKI
        };
        for c in space.chains.iter().copied().chain(partners) {
            verdicts[c] = LifeVerdict {
                status: StoneStatus::Seki,
                confidence,
                proven: false,
            };
        }
        return Some(Settled::One(space));
    }
    let losers = race_losers(grid, round, verdicts, &space);
    if !losers.is_empty() {
        // The enclosure loses the capturing race: it is the dead one, and the space's
        // stones are read again next round with those stones taken off (each round reads
        // at least one more chain dead, so the rounds stay bounded).
        for c in losers {
            verdicts[c] = LifeVerdict {
                status: StoneStatus::Dead,
                confidence: confidence::DEAD_WEAK_ENCLOSURE,
                proven: false,
            };
        }
        return Some(Settled::Race);
    }
    kill(grid, verdicts, &space, false, None);
    Some(Settled::One(space))
}

/// Whether the seki between a space's weak chains and their `partners` (enclosing chains
/// of the other colour) is refuted from the partners' side: with the partners as the weak
/// side, in their own space (the cells they reach without crossing the space colour's living
/// stones), the space colour's chains around them take the biggest partner whoever moves
/// first ([`race::seki_read_out`], every rule of that search as it is). A partner's other
/// resources are in that search: an enclosing chain of its own short of liberties is one
/// it may capture, and a capture by the partners is their win unless it is a throw-in.
/// Read within [`race::PARTNERS_MAX_NODES`], less than the forward read's budget: such a
/// refutation kills only the partners, and the race the space's stones then face is left
/// to the next round's static reading.
fn partners_read_out(
    grid: &Grid,
    verdicts: &[LifeVerdict],
    stones: &LivingStones,
    space: &Space,
    partners: &[usize],
) -> SekiReadOut {
    let labelled = labelling(grid, stones.without(space.color));
    let mut labels: Vec<u32> = partners
        .iter()
        .filter_map(|&c| grid.chains[c].stones.first())
        .map(|&i| labelled.label[i])
        .filter(|&l| l != NONE)
        .collect();
    labels.sort_unstable();
    labels.dedup();
    let cells: Vec<usize> = labels
        .iter()
        .flat_map(|&l| {
            labelled
                .regions()
                .cells(l as usize)
                .iter()
                .map(|&i| i as usize)
        })
        .collect();
    let partners_space = Space {
        color: space.color.opponent(),
        cells,
        chains: partners.to_vec(),
        reopened: false,
    };
    let enclosing = enclosing_chains(grid, verdicts, &partners_space);
    race::seki_read_out(
        grid,
        partners,
        &enclosing,
        &partners_space.cells,
        &[],
        race::PARTNERS_MAX_NODES,
    )
}

/// The enclosing chains that lose against the space's stones: those in atari for good
/// ([`in_atari_for_good`]), which the space's colour takes whenever it likes, however
/// strong their group, else the weak ones that lose a capturing race ([`semeai`]). A
/// wall that one move captures encloses nothing (Fox `9d/1570790355`: Black's four stones
/// at C16-D18, one liberty at C19, the wall of White's stones in the corner, were read as
/// the wall that killed them, stated B+27.5 against RE and GNU Go's W+0.5).
fn race_losers(grid: &Grid, round: &Round, verdicts: &[LifeVerdict], space: &Space) -> Vec<usize> {
    let enclosing = enclosing_chains(grid, verdicts, space);
    let in_atari: Vec<usize> = enclosing
        .iter()
        .copied()
        .filter(|&c| !verdicts[c].proven && in_atari_for_good(grid, c))
        .collect();
    if !in_atari.is_empty() {
        return in_atari;
    }
    let weak_enclosure: Vec<usize> = enclosing
        .into_iter()
        .filter(|&c| {
            !round.is_strong(c) && !verdicts[c].proven && verdicts[c].status == StoneStatus::Alive
        })
        .collect();
    if weak_enclosure.is_empty() {
        return Vec::new();
    }
    semeai::losing_enclosures(
        grid,
        &round.group,
        &round.eye_owners(),
        &space.chains,
        &weak_enclosure,
    )
}

/// Whether chain `c` is in atari on the board with nothing to do about it: extending at
/// its liberty leaves it (joined with whatever of its colour is beside that point) in
/// atari again or worse, and no enemy chain beside it, or beside what it would join, is
/// in atari (there is nothing it could capture first).
fn in_atari_for_good(grid: &Grid, c: usize) -> bool {
    let chain = &grid.chains[c];
    let [liberty] = chain.libs[..] else {
        return false;
    };
    let enemy = chain.color.opponent();
    let mut joined = vec![c];
    let mut libs_after: Vec<usize> = Vec::new();
    for n in grid.neighbours(liberty) {
        match grid.cells[n] {
            None => libs_after.push(n),
            Some(color) if color == enemy => {
                if grid.chains[grid.chain_of[n] as usize].libs.len() <= 1 {
                    // Extending there captures.
                    return false;
                }
            }
            Some(_) => joined.push(grid.chain_of[n] as usize),
        }
    }
    joined.sort_unstable();
    joined.dedup();
    for &j in &joined {
        libs_after.extend(
            grid.chains[j]
                .libs
                .iter()
                .copied()
                .filter(|&l| l != liberty),
        );
    }
    libs_after.sort_unstable();
    libs_after.dedup();
    if libs_after.len() >= 2 {
        return false;
    }
    joined.iter().all(|&j| {
        grid.chains[j].stones.iter().all(|&s| {
            grid.neighbours(s).all(|n| {
                grid.cells[n] != Some(enemy)
                    || grid.chains[grid.chain_of[n] as usize].libs.len() > 1
            })
        })
    })
}

/// Reads the weak chains of a space dead, the confidence no higher than `cap` (the
/// doubtful kill the enclosure's strength rests on, [`DoubtfulKills`]).
fn kill(
    grid: &Grid,
    verdicts: &mut [LifeVerdict],
    space: &Space,
    enclosure_strong: bool,
    cap: Option<f32>,
) {
    let confidence = if space.cells.len() > BIG_SPACE {
        confidence::DEAD_BIG_SPACE
    } else if enclosure_strong {
        confidence::DEAD_ENCLOSED
    } else {
        confidence::DEAD_WEAK_ENCLOSURE
    };
    let confidence = cap.map_or(confidence, |cap| confidence.min(cap));
    let confidence = if few_in_room(grid, space) {
        confidence.max(confidence::DEAD_FEW_IN_ROOM)
    } else {
        confidence
    };
    for &c in &space.chains {
        let chain = &grid.chains[c];
        let short = chain.stones.len() <= SHORT_STONES
            && chain.libs.len() <= SHORT_STONES
            && !beside_a_chain_in_atari(grid, c);
        verdicts[c] = LifeVerdict {
            status: StoneStatus::Dead,
            confidence: if short {
                confidence.max(confidence::DEAD_SMALL_AND_SHORT)
            } else {
                confidence
            },
            proven: false,
        };
    }
}

/// Whether chain `c` touches a chain of the other colour in atari on the board as it
/// stands. A small, short chain read dead there is in a race whoever moves first wins:
/// its kill is no surer than the enclosure says (no [`confidence::DEAD_SMALL_AND_SHORT`]).
/// Fox `Pro/9p/1570629087`: the dead Black stone at T18, one liberty (T19) in White's
/// corner eye, beside White's T17, whose one liberty (T16) is outside: Black takes T17 and
/// the eye is gone; read sure, the kill made White's corner live and stated W+29.5 against
/// RE B+3.5 (GNU Go kills the corner).
fn beside_a_chain_in_atari(grid: &Grid, c: usize) -> bool {
    let chain = &grid.chains[c];
    chain.stones.iter().any(|&i| {
        grid.neighbours(i).any(|n| {
            grid.cells[n] == Some(chain.color.opponent())
                && grid.chains[grid.chain_of[n] as usize].libs.len() == 1
        })
    })
}

/// At most this many stones in a space of at least [`ROOM`] empty points are a kill as
/// sure as a small, short one ([`few_in_room`]).
const FEW_STONES: usize = 4;
/// The empty points a space must hold for [`FEW_STONES`] in it to be read dead surely.
const ROOM: usize = 10;

/// Whether a space (no bigger than [`BIG_SPACE`]) holds at most [`FEW_STONES`] stones of
/// its weak colour and at least [`ROOM`] empty points. Such stones would have to make two
/// eyes in room the enclosure answers in, from a position both sides left as finished; and
/// once they are off, that room is eye space enough for any enclosure, weak or not. Measured
/// against GNU Go's `final_status_list dead` (docs/scoring.md), such kills read at 0.70
/// (weak enclosure) were GNU Go's in 88 of 89 strings tuned on and 78 of 78 held out, where
/// every other 0.70 kill is 84% / 98%.
fn few_in_room(grid: &Grid, space: &Space) -> bool {
    if space.cells.len() > BIG_SPACE {
        return false;
    }
    let stones: usize = space
        .chains
        .iter()
        .map(|&c| grid.chains[c].stones.len())
        .sum();
    stones <= FEW_STONES
        && space
            .cells
            .iter()
            .filter(|&&i| grid.cells[i].is_none())
            .count()
            >= ROOM
}

/// The confidence of a chain alive by connection (its group has no two eyes of its own)
/// with `liberties` on the board: measured against GNU Go's `final_status_list`
/// (docs/scoring.md), such chains with three liberties or more are GNU Go's "alive" in 88%
/// to 96%, with two in 72%, and in atari (one) in 24%: a chain in atari at the end is one
/// move from being taken, so its life is left open ([`confidence::UNSETTLED`]), and a chain
/// of two liberties lives no surer than a weak enclosure's kill is dead.
fn connected_confidence(liberties: usize) -> f32 {
    match liberties {
        0 | 1 => confidence::UNSETTLED,
        2 => confidence::CONNECTED_SHORT,
        _ => confidence::CONNECTED,
    }
}

/// A kill below this confidence is doubtful: a reading that rests on it is no surer
/// (the threshold at which a string may decide a result).
const DOUBTFUL: f32 = 0.8;

/// The kills read so far that are doubtful (not proven, below [`DOUBTFUL`]), per colour,
/// and the rounds as they would be with them alive. An enclosure may be strong only
/// because such a kill freed its eye space (a weak group read dead beside it, whose points
/// became the enclosure's eye); a kill inside that enclosure rests on the doubtful one and
/// is read no surer than it. Without doubtful kills nothing is worked out.
struct DoubtfulKills {
    /// Per colour: the lowest confidence of its doubtful kills, and the verdicts and round
    /// with those chains alive; None where the colour has none.
    by_color: [Option<(f32, Vec<LifeVerdict>, Round)>; 2],
    /// Per chain: whether it shares a liberty with a doubtful kill of the other colour
    /// (the two are in contact: the kill is a race the chain's life may hang on).
    in_contact: Vec<bool>,
}

impl DoubtfulKills {
    /// The doubtful kills of `verdicts`; the rounds with them alive only for the colours
    /// `wanted` says a cap may be asked for (each is a round's work, `round` updated):
    /// `wanted` gets the killed colour and, per chain, whether it shares a liberty with a
    /// doubtful kill.
    fn of(
        grid: &Grid,
        round: &Round,
        verdicts: &[LifeVerdict],
        alive_proven: &[bool],
        wanted: impl Fn(Color, &[bool]) -> bool,
    ) -> DoubtfulKills {
        let doubtful = |c: usize| {
            let v = verdicts[c];
            v.status == StoneStatus::Dead && !v.proven && v.confidence < DOUBTFUL
        };
        // Left empty where there is no doubtful kill: nothing is capped then.
        let mut in_contact = Vec::new();
        for (c, chain) in grid.chains.iter().enumerate() {
            if !doubtful(c) {
                continue;
            }
            if in_contact.is_empty() {
                in_contact = vec![false; grid.chains.len()];
            }
            for &l in &chain.libs {
                for n in grid.neighbours(l) {
                    if grid.cells[n] == Some(chain.color.opponent()) {
                        in_contact[grid.chain_of[n] as usize] = true;
                    }
                }
            }
        }
        let by_color = [Color::Black, Color::White].map(|color| {
            let chains: Vec<usize> = (0..grid.chains.len())
                .filter(|&c| grid.chains[c].color == color && doubtful(c))
                .collect();
            let lowest = chains
                .iter()
                .map(|&c| verdicts[c].confidence)
                .reduce(f32::min)?;
            if !wanted(color, &in_contact) {
                return None;
            }
            let mut revived = verdicts.to_vec();
            for &c in &chains {
                revived[c] = LifeVerdict {
                    status: StoneStatus::Alive,
                    confidence: confidence::UNSETTLED,
                    proven: false,
                };
            }
            let stones = LivingStones::of(grid, &revived);
            let round = round.updated(grid, &revived, &stones, alive_proven);
            Some((lowest, revived, round))
        });
        DoubtfulKills {
            by_color,
            in_contact,
        }
    }

    /// The cap on the life of chain `c`, strong (two eyes) as read: the lowest doubtful
    /// confidence of `killed` (the other colour) where `contact` (a chain of `c`'s group
    /// shares a liberty with such a kill) and `c` is not strong once those chains live
    /// again; None otherwise. A doubtful stone that touches none of the group's liberties
    /// takes room from its territory, not its life.
    fn cap_for_life(&self, c: usize, contact: bool, killed: Color) -> Option<f32> {
        let (lowest, _, round) = self.by_color[killed.index()].as_ref()?;
        (contact && !round.is_strong(c)).then_some(*lowest)
    }

    /// The cap on a kill of `space` inside an enclosure read strong: the lowest doubtful
    /// confidence of the space's colour where the enclosure is not strong once those
    /// chains live again; None where it is (or there are none).
    fn cap_for(&self, grid: &Grid, space: &Space) -> Option<f32> {
        let (lowest, revived, round) = self.by_color[space.color.index()].as_ref()?;
        (!enclosure_strong(grid, round, revived, space)).then_some(*lowest)
    }
}

/// Whether every living enemy chain that bounds a space is strong: [`enclosing_chains`]
/// without listing them (asked of every candidate space in every round).
fn enclosure_strong(grid: &Grid, round: &Round, verdicts: &[LifeVerdict], space: &Space) -> bool {
    let enemy = space.color.opponent();
    space.cells.iter().all(|&i| {
        grid.neighbours(i).all(|nb| {
            grid.cells[nb] != Some(enemy) || {
                let c = grid.chain_of[nb] as usize;
                !living(verdicts, c) || round.is_strong(c)
            }
        })
    })
}

/// The living enemy chains that bound a space.
fn enclosing_chains(grid: &Grid, verdicts: &[LifeVerdict], space: &Space) -> Vec<usize> {
    let enemy = space.color.opponent();
    // Room for every neighbour up front: the filtered collect would grow step by step.
    let mut out: Vec<usize> = Vec::with_capacity(space.cells.len() * 4);
    out.extend(
        space
            .cells
            .iter()
            .flat_map(|&i| grid.neighbours(i))
            .filter(|&nb| grid.cells[nb] == Some(enemy))
            .map(|nb| grid.chain_of[nb] as usize)
            .filter(|&c| living(verdicts, c)),
    );
    out.sort_unstable();
    out.dedup();
    out
}

/// Seki: an enclosing enemy chain, not strong, whose liberties are the weak chains' liberties
/// (plus at most one eye of its own), while the weak chains have at most one liberty of their
/// own; neither side can fill the shared liberties without putting itself in atari.
///
/// Failing that, the same test with the dame filled: a liberty of an enclosing chain that a
/// strong chain of the weak colour also touches is filled before the count (that chain can
/// fill it at any time without harm), so it is no liberty the enclosure keeps. Only when
/// every enclosing chain is then a partner: another enclosing chain could fill a shared
/// liberty from its own liberties. And only when the kill would give every partner two eyes:
/// a partner that stays dead after the kill has nothing to fight the seki for (its own
/// fate is read on its own space).
fn seki_partners(
    grid: &Grid,
    round: &Round,
    verdicts: &[LifeVerdict],
    space: &Space,
) -> Option<SekiPartners> {
    let mut weak_libs: Vec<usize> = space
        .chains
        .iter()
        .flat_map(|&c| grid.chains[c].libs.iter().copied())
        .collect();
    weak_libs.sort_unstable();
    weak_libs.dedup();
    if weak_libs.len() < 2 || space.chains.iter().any(|&c| grid.chains[c].libs.len() < 2) {
        return None;
    }
    let enclosing = enclosing_chains(grid, verdicts, space);
    // An enclosing chain in atari on a shared liberty is no seki: the weak side fills that
    // liberty, captures the chain and gains the liberties it frees.
    let capturable = enclosing.iter().any(|&a| {
        let libs = &grid.chains[a].libs;
        libs.len() == 1 && weak_libs.binary_search(&libs[0]).is_ok()
    });
    if capturable || can_approach(grid, round, space, &enclosing) {
        return None;
    }
    let partners_with =
        |dame_filled| seki_partners_with(grid, round, space, &weak_libs, &enclosing, dame_filled);
    // A seki as the board stands: no dame to fill first.
    if let Some(chains) = partners_with(false) {
        return Some(SekiPartners {
            chains,
            dame: Vec::new(),
        });
    }
    let partners = partners_with(true)?;
    let all = enclosing.iter().all(|c| partners.contains(c));
    let shown = space.cells.len().min(NAKADE_MAX);
    let room = eye_value(
        grid,
        verdicts,
        space.cells.len(),
        &space.cells[..shown],
        space.color.opponent(),
        |i| round.eye_owner(i),
    );
    let kill_gives_life = partners
        .iter()
        .all(|&a| round.eyes[round.group[a]] + room >= EYES_TO_LIVE);
    if !(all && kill_gives_life) {
        return None;
    }
    // The dame this seki was read with filled: the partners' liberties outside it that a
    // strong chain of the space's colour fills at the end.
    let mut dame: Vec<usize> = partners
        .iter()
        .flat_map(|&a| grid.chains[a].libs.iter().copied())
        .filter(|l| weak_libs.binary_search(l).is_err())
        .filter(|&l| dame_of_strong(grid, round, l, space.color))
        .collect();
    dame.sort_unstable();
    dame.dedup();
    Some(SekiPartners {
        chains: partners,
        dame,
    })
}

/// The partners of a seki the static reading sees ([`seki_partners`]) and the dame it was
/// read with filled (none where it holds as the board stands).
struct SekiPartners {
    /// The enclosing chains in seki with the space's weak chains.
    chains: Vec<usize>,
    /// The partners' liberties outside the seki that a strong chain of the weak colour
    /// fills at the end: points of the race when the seki is read out.
    dame: Vec<usize>,
}

/// Whether an enclosing chain can fill a liberty it shares with a weak chain of two
/// liberties and keep two of its own: the weak chain is then in atari and the enclosure
/// captures it next, so the two are in no seki (weak stones split inside a group's
/// first-line eye space, each with two liberties against its three or more). A dame that a
/// strong chain of the weak colour fills at the end is no liberty the enclosure keeps.
fn can_approach(grid: &Grid, round: &Round, space: &Space, enclosing: &[usize]) -> bool {
    enclosing.iter().any(|&a| {
        let libs = &grid.chains[a].libs;
        let kept = libs
            .iter()
            .filter(|&&l| !dame_of_strong(grid, round, l, space.color))
            .count();
        kept >= 3
            && space.chains.iter().any(|&w| {
                let weak = &grid.chains[w].libs;
                weak.len() == 2 && weak.iter().any(|l| libs.binary_search(l).is_ok())
            })
    })
}

/// The partners of [`seki_partners`] among the `enclosing` chains, the dame filled first or
/// not; `weak_libs` are the weak chains' liberties, sorted.
fn seki_partners_with(
    grid: &Grid,
    round: &Round,
    space: &Space,
    weak_libs: &[usize],
    enclosing: &[usize],
    dame_filled: bool,
) -> Option<Vec<usize>> {
    let enemy = space.color.opponent();
    let partners: Vec<usize> = enclosing
        .iter()
        .copied()
        .filter(|&a| !round.is_strong(a))
        .filter(|&a| {
            let libs = &grid.chains[a].libs;
            let shared = libs
                .iter()
                .filter(|l| weak_libs.binary_search(l).is_ok())
                .count();
            let own: Vec<usize> = libs
                .iter()
                .copied()
                .filter(|l| weak_libs.binary_search(l).is_err())
                .filter(|&l| !(dame_filled && dame_of_strong(grid, round, l, space.color)))
                .collect();
            // The partner's own liberty, if any, must be an eye: an open point outside
            // would let it fill the shared ones safely. With the dame filled, none: an eye
            // would win the race against weak stones whose liberties are all shared.
            let own_allowed = if dame_filled { 0 } else { 1 };
            libs.len() >= 2
                && shared >= 1
                && own.len() <= own_allowed
                && own.iter().all(|&l| round.eye_owner(l) == Some(enemy))
        })
        .collect();
    if partners.is_empty() {
        return None;
    }
    let partner_libs: Vec<usize> = partners
        .iter()
        .flat_map(|&a| grid.chains[a].libs.iter().copied())
        .collect();
    let weak_own: Vec<usize> = weak_libs
        .iter()
        .copied()
        .filter(|l| !partner_libs.contains(l))
        .collect();
    let eyes_only = weak_own
        .iter()
        .all(|&l| round.eye_owner(l) == Some(space.color));
    (weak_own.len() <= 1 && eyes_only).then_some(partners)
}

/// Whether the empty point `l` touches a strong chain of `color`: a dame that chain fills
/// at the end without putting itself in atari (it has two eyes).
fn dame_of_strong(grid: &Grid, round: &Round, l: usize, color: Color) -> bool {
    grid.cells[l].is_none()
        && grid
            .neighbours(l)
            .any(|nb| grid.cells[nb] == Some(color) && round.is_strong(grid.chain_of[nb] as usize))
}

/// Confidence for the chains still alive when nothing more can be settled.
fn finish_alive(
    grid: &Grid,
    round: &Round,
    verdicts: &mut [LifeVerdict],
    open: &[bool],
    doubtful: &DoubtfulKills,
) {
    // Per group of the final round: whether a chain of it shares a liberty with a
    // doubtful kill (the chains' flags gathered on their group's representative).
    let mut group_contact = vec![false; doubtful.in_contact.len()];
    for (c, &touch) in doubtful.in_contact.iter().enumerate() {
        group_contact[round.group[c]] |= touch;
    }
    // Per group: the lowest confidence of a chain of it read in seki. A chain alive only
    // by its connection lives no surer than a seki its group joins: were the seki
    // refuted, the connection would go with it.
    let mut seki_cap = vec![f32::INFINITY; grid.chains.len()];
    for (c, v) in verdicts.iter().enumerate() {
        if v.status == StoneStatus::Seki && !v.proven {
            let g = round.group[c];
            seki_cap[g] = seki_cap[g].min(v.confidence);
        }
    }
    for c in 0..grid.chains.len() {
        let v = verdicts[c];
        if v.proven || v.status != StoneStatus::Alive {
            continue;
        }
        let confidence = if open[c] {
            confidence::UNSETTLED
        } else if round.eyes[round.group[c]] >= EYES_TO_LIVE {
            // Two eyes, unless one of them is the room a doubtful kill of the other
            // colour freed: then the life is no surer than that kill.
            let contact = group_contact.get(round.group[c]).copied().unwrap_or(false);
            let cap = doubtful.cap_for_life(c, contact, grid.chains[c].color.opponent());
            cap.map_or(confidence::TWO_EYES, |cap| confidence::TWO_EYES.min(cap))
        } else {
            connected_confidence(grid.chains[c].libs.len()).min(seki_cap[round.group[c]])
        };
        verdicts[c].confidence = confidence;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::position::Position;

    /// Cell indices of `(x, y)` points on a board `width` wide.
    fn cells(width: usize, points: &[(usize, usize)]) -> Vec<usize> {
        points.iter().map(|&(x, y)| y * width + x).collect()
    }

    /// Everything a round tells the reading: each chain's group, strength and eyes, and
    /// each cell's eye owner.
    fn picture(
        round: &Round,
        n: usize,
        len: usize,
    ) -> (Vec<usize>, Vec<bool>, Vec<u32>, Vec<Option<Color>>) {
        let groups: Vec<usize> = (0..n).map(|c| round.group[c]).collect();
        let strong = (0..n).map(|c| round.is_strong(c)).collect();
        let eyes = groups.iter().map(|&g| round.eyes[g]).collect();
        (
            groups,
            strong,
            eyes,
            (0..len).map(|i| round.eye_owner(i)).collect(),
        )
    }

    fn with_status(n: usize, dead: &[bool]) -> Vec<LifeVerdict> {
        (0..n)
            .map(|c| LifeVerdict {
                status: if dead[c] {
                    StoneStatus::Dead
                } else {
                    StoneStatus::Alive
                },
                confidence: confidence::UNSETTLED,
                proven: false,
            })
            .collect()
    }

    /// An area of empty points White nearly encloses (one point of it touches Black's
    /// stone, which reaches out) is room for two eyes; the same area holding a stone (a
    /// dead one, taken off in the round) is no such area: a stone there is a fight, not
    /// room (as in the count, `score::nearly_enclosed_by`).
    #[test]
    fn an_area_nearly_enclosed_is_room_only_while_it_holds_no_stone() {
        let strong_white = |rows: &[&str]| {
            let grid = Grid::new(&Position::from_diagram(rows));
            let n = grid.chains.len();
            let dead: Vec<bool> = (0..n)
                .map(|c| {
                    grid.chains[c].color == Color::Black
                        && grid.chains[c].stones.len() == 1
                        && grid.chains[c].stones[0] == 3 * 9 + 3
                })
                .collect();
            round_with_dead(&grid, &dead).is_strong(grid.chain_of[9 + 1] as usize)
        };
        let empty = [
            ". . . . . . . . .",
            ". O O O O O O . .",
            ". O . . . . O . .",
            ". O . . . . O . .",
            ". O . . . . . X .",
            ". O O O O O O . .",
            ". . . . . . . . .",
        ];
        assert!(strong_white(&empty));
        let mut with_stone = empty;
        with_stone[3] = ". O . X . . O . .";
        assert!(!strong_white(&with_stone));
    }

    /// The round of `grid` with the chains `dead` says read dead, the others alive, nothing
    /// proven.
    fn round_with_dead(grid: &Grid, dead: &[bool]) -> Round {
        let n = grid.chains.len();
        let verdicts = with_status(n, dead);
        Round::new(
            grid,
            &verdicts,
            &LivingStones::of(grid, &verdicts),
            &vec![false; n],
        )
    }

    /// The round of `rows` with every stone alive and nothing proven.
    fn round_of(rows: &[&str]) -> (Grid, Round) {
        let grid = Grid::new(&Position::from_diagram(rows));
        let round = round_with_dead(&grid, &vec![false; grid.chains.len()]);
        (grid, round)
    }

    /// The whole reading of `rows`, nothing proven.
    fn read_rows(rows: &[&str]) -> (Grid, Vec<LifeVerdict>) {
        let grid = Grid::new(&Position::from_diagram(rows));
        let none = vec![false; grid.chains.len()];
        let verdicts = read(&grid, &none, &none);
        (grid, verdicts)
    }

    /// The chain on column `x`, row `y` of a board `width` wide.
    fn chain_at(grid: &Grid, x: usize, y: usize) -> usize {
        grid.chain_of[y * grid.width + x] as usize
    }

    /// Eyes of one colour make a group strong, for either colour: two one-point eyes are
    /// two eyes, one is not; the chains around an eye are one group.
    #[test]
    fn a_round_counts_the_eyes_of_either_colour() {
        // White's stone in the corner keeps the space outside from being Black's.
        let two_eyes = [
            "O . . . . . .",
            ". X X X X X .",
            ". X . X . X .",
            ". X X X X X .",
            ". . . . . . .",
        ];
        let one_eye = [
            "O . . . . . .",
            ". X X X X X .",
            ". X . X X X .",
            ". X X X X X .",
            ". . . . . . .",
        ];
        for (rows, strong) in [(two_eyes, true), (one_eye, false)] {
            let (grid, round) = round_of(&rows);
            assert_eq!(round.is_strong(chain_at(&grid, 1, 1)), strong, "{rows:?}");
            // The same shape in White.
            let swapped: Vec<String> = rows
                .iter()
                .map(|r| r.replace('X', "x").replace('O', "X").replace('x', "O"))
                .collect();
            let swapped: Vec<&str> = swapped.iter().map(String::as_str).collect();
            let (grid, round) = round_of(&swapped);
            assert_eq!(
                round.is_strong(chain_at(&grid, 1, 1)),
                strong,
                "{swapped:?}"
            );
        }
        // Two Black chains around one eye, joined by nothing else: one group.
        let (grid, round) = round_of(&[
            "O . . . .",
            ". X X . .",
            ". X . X .",
            ". . X X .",
            ". . . . .",
        ]);
        let (a, b) = (chain_at(&grid, 1, 1), chain_at(&grid, 3, 2));
        assert_ne!(a, b);
        assert_eq!(round.group[a], round.group[b]);
    }

    /// The chains of the colour that nearly encloses an area are one group, each with the
    /// room for two eyes the area gives; the other colour's stone at the gap gets none.
    #[test]
    fn an_area_nearly_enclosed_joins_its_walls_and_gives_them_room() {
        // White's wall, and a White stone in the middle of the area sharing no liberty
        // with it; Black's stone at K3 reaches out.
        let (grid, round) = round_of(&[
            ". . . . . . . . . . .",
            ". O O O O O O O O . .",
            ". O . . . . . . O . .",
            ". O . . . . . . O . .",
            ". O . . . O . . O . .",
            ". O . . . . . . O . .",
            ". O . . . . . . . X .",
            ". O O O O O O O O . .",
            ". . . . . . . . . . .",
        ]);
        let (left, right, black) = (
            chain_at(&grid, 1, 1),
            chain_at(&grid, 5, 4),
            chain_at(&grid, 9, 6),
        );
        assert_ne!(left, right);
        assert_eq!(round.group[left], round.group[right]);
        assert!(round.is_strong(left) && round.is_strong(right));
        assert!(!round.is_strong(black));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]
        /// On random boards (every shape of region: eyes, territories, dame, areas nearly
        /// enclosed), a round updated as chains die, one wave after another, and as some
        /// of them live again, is the round read afresh.
        #[test]
        fn a_round_updated_is_the_round_read_afresh(
            size in 5usize..10,
            board in proptest::collection::vec(proptest::prop_oneof![3 => proptest::strategy::Just(0u8), 2 => proptest::strategy::Just(1u8), 2 => proptest::strategy::Just(2u8)], 81),
            killed in proptest::collection::vec(0u8..4, 81),
            revived in proptest::collection::vec(proptest::bool::ANY, 81),
            proven in proptest::collection::vec(proptest::bool::weighted(0.1), 81),
        ) {
            let rows: Vec<String> = board[..size * size]
                .chunks(size)
                .map(|row| row.iter().map(|&c| [".", "X", "O"][c as usize]).collect::<Vec<_>>().join(" "))
                .collect();
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            let grid = Grid::new(&Position::from_diagram(&rows));
            let (n, len) = (grid.chains.len(), grid.len());
            let alive_proven: Vec<bool> = (0..n).map(|c| proven[c]).collect();
            // Each chain dies in one of three waves, or never (3); then some live again.
            let waves: Vec<Vec<bool>> = (0..3u8)
                .map(|step| (0..n).map(|c| killed[c] <= step).collect())
                .chain(std::iter::once((0..n).map(|c| killed[c] <= 2 && !revived[c]).collect()))
                .collect();
            let mut round = {
                let verdicts = with_status(n, &vec![false; n]);
                Round::new(&grid, &verdicts, &LivingStones::of(&grid, &verdicts), &alive_proven)
            };
            for (step, dead) in waves.iter().enumerate() {
                let verdicts = with_status(n, dead);
                let stones = LivingStones::of(&grid, &verdicts);
                let updated = round.updated(&grid, &verdicts, &stones, &alive_proven);
                let afresh = Round::new(&grid, &verdicts, &stones, &alive_proven);
                proptest::prop_assert_eq!(picture(&updated, n, len), picture(&afresh, n, len), "step {}", step);
                round = updated;
            }
            // All alive again at once.
            let verdicts = with_status(n, &vec![false; n]);
            let stones = LivingStones::of(&grid, &verdicts);
            let revived = round.updated(&grid, &verdicts, &stones, &alive_proven);
            let afresh = Round::new(&grid, &verdicts, &stones, &alive_proven);
            proptest::prop_assert_eq!(picture(&revived, n, len), picture(&afresh, n, len));
        }
    }

    /// The killable shapes (straight and bent three, pyramid and square four, bulky and
    /// crossed five) against those that are not (straight and bent four, a 2x3 block), in
    /// both orientations, and two "squares" that exist only in the index arithmetic: one
    /// wrapping past the right edge, one on a board wider than tall.
    #[test]
    fn nakade_shapes_are_told_from_the_others() {
        let grid = Grid::new(&Position::empty(9, 9));
        let nakade = |points: &[(usize, usize)]| is_nakade(&grid, &cells(9, points));
        assert!(nakade(&[(3, 4), (4, 4), (5, 4)]), "straight three");
        assert!(nakade(&[(3, 4), (4, 4), (4, 5)]), "bent three");
        assert!(nakade(&[(3, 4), (4, 4), (5, 4), (4, 5)]), "pyramid four");
        assert!(nakade(&[(3, 3), (4, 3), (3, 4), (4, 4)]), "square four");
        assert!(
            nakade(&[(3, 3), (4, 3), (3, 4), (4, 4), (5, 3)]),
            "bulky five"
        );
        assert!(
            nakade(&[(4, 3), (3, 4), (4, 4), (5, 4), (4, 5)]),
            "crossed five"
        );
        assert!(!nakade(&[(2, 4), (3, 4), (4, 4), (5, 4)]), "straight four");
        assert!(
            !nakade(&[(3, 3), (3, 4), (4, 4), (5, 4)]),
            "bent four, foot right"
        );
        assert!(
            !nakade(&[(3, 3), (4, 3), (3, 4), (3, 5)]),
            "bent four, arm right"
        );
        let block = [(3, 3), (4, 3), (5, 3), (3, 4), (4, 4), (5, 4)];
        assert!(!nakade(&block), "a 2x3 block is two eyes' room");
        assert!(
            !nakade(&[(8, 3), (0, 4), (8, 4), (0, 5)]),
            "no square across the edge"
        );
        let wide = Grid::new(&Position::empty(9, 5));
        let square_far_right = cells(9, &[(6, 1), (7, 1), (6, 2), (7, 2)]);
        assert!(
            is_nakade(&wide, &square_far_right),
            "a square on a wide board"
        );
    }

    /// A single point is an eye unless the opponent's living stones hold enough of its
    /// diagonals: two in the middle of the board, one on the edge.
    #[test]
    fn a_single_point_eye_is_false_by_its_living_diagonals() {
        // `whites`: the empty cells White's area holds (the rest is nobody's).
        let value_with = |rows: &[&str], x: usize, y: usize, whites: &[usize]| {
            let pos = Position::from_diagram(rows);
            let grid = Grid::new(&pos);
            let alive = LifeVerdict {
                status: StoneStatus::Alive,
                confidence: 1.0,
                proven: false,
            };
            let verdicts = vec![alive; grid.chains.len()];
            let at = y * usize::from(pos.width) + x;
            let owner = |i: usize| whites.contains(&i).then_some(Color::White);
            eye_value(&grid, &verdicts, 1, &[at], Color::White, owner)
        };
        let value = |rows: &[&str], x: usize, y: usize| value_with(rows, x, y, &[]);
        // The eye at (2,2), White's stones around it, Black's on its diagonals.
        assert_eq!(
            value(&[".....", ".OOO.", ".O.O.", ".OOO.", "....."], 2, 2),
            ONE_EYE
        );
        assert_eq!(
            value(&[".....", ".XOO.", ".O.O.", ".OOO.", "....."], 2, 2),
            ONE_EYE
        );
        assert_eq!(
            value(&[".....", ".XOO.", ".O.O.", ".OOX.", "....."], 2, 2),
            0
        );
        // One diagonal Black's and another empty, outside White's area: Black plays there
        // and the eye is false, so it is half an eye; inside White's area it is an eye.
        let half = [".....", ".XOO.", ".O.O.", ".OO..", "....."];
        assert_eq!(value(&half, 2, 2), HALF_EYE);
        assert_eq!(value_with(&half, 2, 2, &[3 * 5 + 3]), ONE_EYE);
        // Two diagonals still to take are two moves; White answers the first: an eye.
        let two_open = [".....", "..OO.", ".O.O.", ".OO..", "....."];
        assert_eq!(value(&two_open, 2, 2), ONE_EYE);
        // On the edge: the eye at (2,0).
        assert_eq!(value(&[".O.O.", ".OOO.", "....."], 2, 0), ONE_EYE);
        assert_eq!(value(&[".O.O.", ".XOO.", "....."], 2, 0), 0);
        assert_eq!(value(&[".O.O.", "..OO.", "....."], 2, 0), HALF_EYE);
    }

    /// A seki the static reading sees only with the dame filled is played out with them:
    /// White's three stones inside Black's wall share all four of their liberties with it,
    /// and the wall's other three are dame beside White's living wall. White fills the dame
    /// first and neither side can then fill a shared liberty (whoever does is taken; Black's
    /// capture would leave it a straight three to be killed): a seki, as GNU Go and the Fox
    /// server read such a shape. Read out on the shared points alone, Black kept its outside
    /// liberties and took the three stones whoever moved first; with the dame the race is
    /// past the search's budget (read to the end it confirms the seki), so nothing refutes
    /// the seki the static reading saw.
    #[test]
    fn a_seki_read_with_the_dame_filled_is_played_out_with_them() {
        let rows = [
            "XXXXXOO..",
            "X.O.X.O..",
            "XXO.XOO..",
            "X.OXX.O..",
            "XXXXXOO..",
            "OO.OOOO..",
            "OOOOOOO..",
            ".........",
            ".........",
        ];
        let grid = Grid::new(&Position::from_diagram(&rows));
        let chain_at = |x: usize, y: usize| grid.chain_of[y * 9 + x] as usize;
        let (inner, wall) = (chain_at(2, 1), chain_at(0, 0));
        let none = vec![false; grid.chains.len()];
        let verdicts = read(&grid, &none, &none);
        assert_eq!(verdicts[inner].status, StoneStatus::Seki);
        assert_eq!(verdicts[wall].status, StoneStatus::Seki);
        // The race on the shared points alone: Black takes the stones whoever moves first.
        let space = [
            9 + 1,
            9 + 2,
            9 + 3,
            2 * 9 + 2,
            2 * 9 + 3,
            3 * 9 + 1,
            3 * 9 + 2,
        ];
        let read_out = |dame: &[usize]| {
            race::seki_read_out(&grid, &[inner], &[wall], &space, dame, race::MAX_NODES)
        };
        assert_eq!(read_out(&[]), race::SekiReadOut::Refuted);
        assert_ne!(
            read_out(&[9 + 5, 3 * 9 + 5, 5 * 9 + 2]),
            race::SekiReadOut::Refuted
        );
    }

    /// The eye value of White's corner space along the right edge, its four points in an
    /// L (the corner, the two points below it and the point left of the lowest), with
    /// Black's stones on the `black` points of it read dead (Fox `9d/1557497234`).
    fn corner_eyes(black: &[(usize, usize)]) -> (bool, u32) {
        let mut rows: Vec<Vec<u8>> = [
            "X X X X O .",
            "X . . O O .",
            "X . . O . .",
            "X . . O O O",
            "X X X X X X",
        ]
        .iter()
        .map(|r| r.as_bytes().to_vec())
        .collect();
        for &(x, y) in black {
            rows[y][2 * x] = b'X';
        }
        let rows: Vec<String> = rows
            .into_iter()
            .map(|r| String::from_utf8(r).unwrap())
            .collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let grid = Grid::new(&Position::from_diagram(&rows));
        let n = grid.chains.len();
        let dead: Vec<bool> = (0..n)
            .map(|c| black.contains(&(grid.chains[c].stones[0] % 6, grid.chains[c].stones[0] / 6)))
            .collect();
        let round = round_with_dead(&grid, &dead);
        let white = chain_at(&grid, 4, 0);
        (round.is_strong(white), round.eyes[round.group[white]])
    }

    /// Four empty points in an L along the edge are room for two eyes; the same L with two
    /// enemy stones on its middle points is one eye, though the stones are dead: to take
    /// them White fills both empty points, and the eye left is the two points they stood
    /// on. Fox `9d/1557497234` stated W+68.5 against RE and GNU Go's W+3.5 reading that
    /// corner as two eyes.
    #[test]
    fn an_eye_space_holding_enemy_stones_is_worth_the_shape_they_leave() {
        assert_eq!(corner_eyes(&[]), (true, EYES_TO_LIVE));
        assert_eq!(corner_eyes(&[(5, 1), (5, 2)]), (false, ONE_EYE));
        // One stone on the bend: the corner point is no liberty of it, and White, taking
        // the stone, keeps two eyes (the corner and the point the stone stood on).
        assert_eq!(corner_eyes(&[(5, 2)]), (true, EYES_TO_LIVE));
        // Three stones in a bent three, with one liberty left: one eye.
        assert_eq!(corner_eyes(&[(5, 0), (5, 1), (5, 2)]), (false, ONE_EYE));
    }

    /// The rule's own limits: one connected enemy shape, every empty point a liberty of it,
    /// at most six stones in a killable shape; otherwise `None`.
    #[test]
    fn the_captured_shape_is_read_only_where_its_rule_reaches() {
        let grid = Grid::new(&Position::from_diagram(&[
            "O O O O O O O O",
            "O X X X X . O O",
            "O O O O O O O O",
            "O X X X . O O O",
            "O O O O O O O O",
            "O X . X O X . .",
            "O O O O O O O O",
        ]));
        let w = grid.width;
        let region = |points: &[(usize, usize)]| -> Vec<u32> {
            cells(w, points).into_iter().map(|i| i as u32).collect()
        };
        // A straight four of stones leaves room for two eyes.
        let straight = region(&[(1, 1), (2, 1), (3, 1), (4, 1), (5, 1)]);
        assert_eq!(captured_shape_value(&grid, &straight, Color::White), None);
        // A straight three leaves a killable shape: one eye.
        let three = region(&[(1, 3), (2, 3), (3, 3), (4, 3)]);
        assert_eq!(
            captured_shape_value(&grid, &three, Color::White),
            Some(ONE_EYE)
        );
        // Two enemy shapes apart.
        let two = region(&[(1, 5), (2, 5), (3, 5)]);
        assert_eq!(captured_shape_value(&grid, &two, Color::White), None);
        // A stone of the owner's own colour inside.
        let own = region(&[(5, 5), (6, 5)]);
        assert_eq!(captured_shape_value(&grid, &own, Color::Black), None);
        // An empty point that is no liberty of the stones.
        let far = region(&[(5, 5), (6, 5), (7, 5)]);
        assert_eq!(captured_shape_value(&grid, &far, Color::White), None);
        let near = region(&[(1, 5), (2, 5)]);
        assert_eq!(
            captured_shape_value(&grid, &near, Color::White),
            Some(ONE_EYE)
        );
    }

    /// A group whose two eyes each hold an enemy stone, each space one eye once its stone
    /// is taken: neither kill alone gives the group life, both together do. Read one at a
    /// time, each kill was undone and the group read dead around two living stones (Jin
    /// Mao Ce Shi 010001705, White's eyes at P15 and O13).
    #[test]
    fn kills_that_give_life_only_together_are_made_together() {
        let rows = [
            ". X O O . X O O O",
            "O O O O O O O O O",
            "X X X X X X X X X",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ];
        let (grid, verdicts) = read_rows(&rows);
        let status = |x: usize, y: usize| verdicts[chain_at(&grid, x, y)].status;
        assert_eq!(status(1, 0), StoneStatus::Dead);
        assert_eq!(status(5, 0), StoneStatus::Dead);
        assert_eq!(status(0, 2), StoneStatus::Alive);
        // White lives by its two eyes, not by a race won against stones left standing.
        let white = verdicts[chain_at(&grid, 0, 1)];
        assert_eq!(white.status, StoneStatus::Alive);
        assert_eq!(white.confidence, confidence::TWO_EYES);
    }

    /// In atari for good: one liberty, where extending leaves one liberty or none and
    /// nothing can be captured first.
    #[test]
    fn a_chain_is_in_atari_for_good_only_with_no_way_out() {
        let in_atari = |rows: &[&str], x: usize, y: usize| {
            let grid = Grid::new(&Position::from_diagram(rows));
            in_atari_for_good(&grid, chain_at(&grid, x, y))
        };
        // Extending at C9 joins B9, whose other liberty A9 is the only one left.
        let joined = [". X . O", ". O X O", ". . O ."];
        assert!(in_atari(&joined, 2, 1));
        // With B9 gone, a lone stone's extension gains B9 only: still in atari.
        assert!(in_atari(&[". . . O", ". O X O", ". . O ."], 2, 1));
        // With D9 empty too, extending at C9 gains B9 and D9: a way out.
        assert!(!in_atari(&[". . . .", ". O X O", ". . O ."], 2, 1));
        // Two liberties: no atari.
        assert!(!in_atari(&[". . . .", ". O X .", ". . O ."], 2, 1));
        // White's B8 in atari beside the chain: capturing it first is a way out.
        assert!(!in_atari(&[". X . O", ". O X O", ". X O ."], 2, 1));
        // Extending at C9 captures White's B9, in atari at that point.
        assert!(!in_atari(&["X O . O", "X X X O", "O O O ."], 1, 1));
        // Extending at C8 captures White's C9, beside neither the chain nor anything it
        // joins: a capture is a way out the rule does not read further.
        assert!(!in_atari(
            &[". X O X .", ". O . O .", ". O X O .", ". . O . ."],
            2,
            2
        ));
    }

    /// A one-point eye holding a dead enemy stone is read like any one-point eye: false
    /// where the enemy's living stones hold its diagonals, whatever the stone in it. Here
    /// White's group has the corner eye and that false eye at D7 only: not two eyes.
    #[test]
    fn a_false_eye_holding_a_dead_stone_stays_false() {
        let rows = [
            ". O O X O O .",
            "O O X O X O .",
            ". O X O X O .",
            ". O X . X O .",
            ". . . . . . .",
        ];
        let grid = Grid::new(&Position::from_diagram(&rows));
        let n = grid.chains.len();
        let inside = chain_at(&grid, 3, 0);
        let dead: Vec<bool> = (0..n).map(|c| c == inside).collect();
        let round = round_with_dead(&grid, &dead);
        let white = chain_at(&grid, 1, 0);
        assert_eq!(round.group[white], round.group[chain_at(&grid, 3, 1)]);
        assert_eq!(round.eyes[round.group[white]], ONE_EYE);
        assert!(!round.is_strong(white));
    }

    /// The biggest region the rule reads: a crossed five of enemy stones and its eight
    /// liberties, thirteen points, one eye.
    #[test]
    fn a_crossed_five_of_stones_with_all_its_liberties_is_one_eye() {
        let grid = Grid::new(&Position::from_diagram(&[
            "O O . O O",
            "O . X . O",
            ". X X X .",
            "O . X . O",
            "O O . O O",
        ]));
        let region: Vec<u32> = (0..25u32)
            .filter(|&i| grid.cells[i as usize] != Some(Color::White))
            .collect();
        assert_eq!(region.len(), 13);
        assert_eq!(
            captured_shape_value(&grid, &region, Color::White),
            Some(ONE_EYE)
        );
    }

    /// A kill undone earlier is taken along only where its enclosure is the same group:
    /// White's stones at the top, with a Black stone in their one eye space, are another
    /// group than the wall at the bottom, and trying their kill with the wall's two would
    /// leave the top without life and undo all three.
    #[test]
    fn a_kill_undone_elsewhere_is_not_taken_along() {
        let rows = [
            ". . O O . . . . .",
            ". O X . O . . . .",
            ". . O O . . . . .",
            ". . . . . . . . .",
            "X X X X X X X X X",
            "X . X X X X X . X",
            "X X X X X X X X X",
            "O O O O O O O O O",
            ". X O O . X O O O",
        ];
        let (grid, verdicts) = read_rows(&rows);
        let wall = verdicts[chain_at(&grid, 0, 7)];
        assert_eq!(wall.status, StoneStatus::Alive);
        assert_eq!(wall.confidence, confidence::TWO_EYES);
        assert_eq!(verdicts[chain_at(&grid, 1, 8)].status, StoneStatus::Dead);
        assert_eq!(verdicts[chain_at(&grid, 5, 8)].status, StoneStatus::Dead);
    }
}
