//! SGF tree → game records: the values the referee needs, normalised, each located in
//! the source, and every quirk reported with the fix applied (never a silent change).
//!
//! Entry points: [`read`] (bytes, decoding included) and `read_text` (decoded text).
//! One [`GameRecord`] per game tree (main line), or per line with
//! [`ReadOptions::variations`].

use crate::findings::{Code, Finding, Severity};
use crate::point::{Color, Move, Point, Pos};
use crate::read::decode::{decode, Decoded};
use crate::read::lines::Locator;
use crate::read::record::{Event, GameInfo, GameRecord, MoveEvent, Setup, SOURCE_MARKS};
use crate::read::result::{parse_re, write_re};
use crate::read::sgf::{self, simple_text, Property, Sgf, NONE};
use serde::Serialize;

/// What to read.
///
/// ```
/// use goref_core::read::{read, ReadOptions};
///
/// // A main line and one variation: read as two records when variations are asked for.
/// let sgf = b"(;SZ[9];B[ee](;W[ce])(;W[gc]))";
/// assert_eq!(read(sgf, &ReadOptions::default()).games.len(), 1);
/// let all = ReadOptions { variations: true, ..ReadOptions::default() };
/// let lines = read(sgf, &all).games;
/// assert_eq!(lines.len(), 2);
/// assert_eq!(lines[1].variation(), [1]);
/// assert_eq!(all.max_lines, ReadOptions::DEFAULT_MAX_LINES);
/// ```
#[derive(Clone, Debug)]
pub struct ReadOptions {
    /// Every line (one record per leaf) instead of the main line only.
    pub variations: bool,
    /// With `variations`: at most this many lines per game tree (the main line counts).
    pub max_lines: usize,
    /// With `variations`: at most this many nodes read over all lines of one game tree
    /// after the main line (a line costs its depth), so that deep trees with many
    /// leaves cannot blow up memory.
    pub max_variation_nodes: usize,
}

/// Default cap on lines per game tree ([`ReadOptions::DEFAULT_MAX_LINES`]).
pub(crate) const DEFAULT_MAX_LINES: usize = ReadOptions::DEFAULT_MAX_LINES;
/// Default cap on nodes over all variation lines ([`ReadOptions::DEFAULT_MAX_VARIATION_NODES`]).
pub(crate) const DEFAULT_MAX_VARIATION_NODES: usize = ReadOptions::DEFAULT_MAX_VARIATION_NODES;

impl ReadOptions {
    /// Default cap on lines per game tree.
    pub const DEFAULT_MAX_LINES: usize = 10_000;
    /// Default cap on nodes read over all variation lines of a game tree.
    pub const DEFAULT_MAX_VARIATION_NODES: usize = 5_000_000;
}

impl Default for ReadOptions {
    fn default() -> ReadOptions {
        ReadOptions {
            variations: false,
            max_lines: DEFAULT_MAX_LINES,
            max_variation_nodes: DEFAULT_MAX_VARIATION_NODES,
        }
    }
}

/// How the file's bytes were decoded, for the report (`charset {declared, used}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Charset {
    pub declared: Option<String>,
    pub used: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bom: Option<String>,
}

/// Everything read from one file.
///
/// ```
/// use goref_core::read::{read, ReadOptions};
///
/// let file = read("(;CA[UTF-8]SZ[9]PB[Mérő])".as_bytes(), &ReadOptions::default());
/// assert_eq!(file.charset(), "UTF-8");
/// assert_eq!(file.games[0].info("PB"), Some("Mérő"));
/// assert!(file.file_findings.is_empty());
/// ```
#[derive(Clone, Debug)]
pub struct FileRead {
    pub(crate) charset: Charset,
    pub games: Vec<GameRecord>,
    /// Findings that belong to no game: decoding, junk outside game trees, no game.
    pub file_findings: Vec<Finding>,
}

impl FileRead {
    /// The charset the bytes were decoded from (`UTF-8`, `GBK`, …), whether declared by
    /// CA, a byte-order mark or detected.
    pub fn charset(&self) -> &str {
        &self.charset.used
    }
}

/// Reads one file's bytes. Never fails and never panics; a file without any game
/// still has findings.
///
/// ```
/// use goref_core::read::{read, ReadOptions};
///
/// // Broken server output: an unclosed tree is read as far as it goes, with a finding.
/// let file = read(b"(;GM[1]SZ[9]KM[6.5];B[ee];W[cc]", &ReadOptions::default());
/// let game = &file.games[0];
/// assert_eq!((game.size(), game.komi()), ((9, 9), Some(6.5)));
/// assert!(file.file_findings.iter().chain(game.findings()).any(|f| f.code.as_str() == "syntax-error"));
/// ```
pub fn read(bytes: &[u8], opts: &ReadOptions) -> FileRead {
    read_then(bytes, opts, false, |read, _| read)
}

/// [`read`] with the moves' positions left unresolved (line 0, the offset kept), then
/// `then` with the file and the locator that resolves them ([`Locator::resolve`]): the
/// check shows the position of a move only when a finding is about it.
pub(crate) fn read_lazy<T>(
    bytes: &[u8],
    opts: &ReadOptions,
    then: impl FnOnce(FileRead, &Locator) -> T,
) -> T {
    read_then(bytes, opts, true, then)
}

fn read_then<T>(
    bytes: &[u8],
    opts: &ReadOptions,
    lazy: bool,
    then: impl FnOnce(FileRead, &Locator) -> T,
) -> T {
    let Decoded {
        text,
        declared,
        used,
        bom,
        findings,
    } = decode(bytes);
    let tree = sgf::parse(&text);
    let loc = if lazy {
        Locator::lazy(&text)
    } else {
        Locator::new(&text)
    };
    let (games, mut file_findings) = read_parsed(&tree, &loc, 0, opts);
    let not_sgf = tree.issues.iter().any(|i| i.kind == sgf::IssueKind::NotSgf);
    drop(tree);
    // A file that is not SGF gets the one finding that says so: its charset guess is
    // noise.
    let mut all = if not_sgf { Vec::new() } else { findings };
    all.append(&mut file_findings);
    let read = FileRead {
        charset: Charset {
            declared,
            used: used.to_owned(),
            bom: bom.map(str::to_owned),
        },
        games,
        file_findings: all,
    };
    then(read, &loc)
}

/// Reads decoded text (the stage after `decode`): the records of every game, and the
/// findings outside them.
///
#[cfg(test)]
pub(crate) fn read_text(text: &str, opts: &ReadOptions) -> (Vec<GameRecord>, Vec<Finding>) {
    let tree = sgf::parse(text);
    let loc = Locator::new(text);
    read_parsed(&tree, &loc, 0, opts)
}

/// The first game of SGF text, read with the default options (the tests' record of a
/// position written inline).
#[cfg(test)]
pub(crate) fn first_game(text: &str) -> GameRecord {
    read_text(text, &ReadOptions::default()).0.remove(0)
}

/// Reads parsed text: the games, numbered from `first_index` (the game trees of the
/// file before this text, when streaming), and the findings outside any game.
pub(crate) fn read_parsed(
    tree: &Sgf,
    loc: &Locator,
    first_index: usize,
    opts: &ReadOptions,
) -> (Vec<GameRecord>, Vec<Finding>) {
    let mut games = Vec::with_capacity(tree.roots.len());
    let mut file_findings = Vec::new();
    for (index, &root) in tree.roots.iter().enumerate() {
        let first = games.len();
        let mut tree_findings = Vec::new();
        if opts.variations {
            read_all_lines(
                tree,
                loc,
                root,
                first_index + index,
                opts,
                &mut games,
                &mut tree_findings,
            );
        } else {
            let line = tree.main_line(root);
            games.push(build(tree, loc, &line, first_index + index, Vec::new()));
        }
        // Syntax problems of this tree go to its first record (its main line).
        let syntax = tree
            .issues
            .iter()
            .filter(|i| i.tree == Some(index as u32))
            .map(|i| syntax_finding(i, loc));
        if let Some(g) = games.get_mut(first) {
            let mut own: Vec<Finding> = syntax.collect();
            own.append(&mut tree_findings);
            own.append(&mut g.findings);
            g.findings = own;
        }
    }
    for issue in tree.issues.iter().filter(|i| i.tree.is_none()) {
        file_findings.push(syntax_finding(issue, loc));
    }
    (games, file_findings)
}

fn syntax_finding(issue: &sgf::Issue, loc: &Locator) -> Finding {
    Finding::new(Code::SyntaxError, issue.message.clone())
        .with_severity(issue.severity)
        .at(loc.pos(issue.offset as usize))
}

/// Every leaf of a tree, depth first, children in order, within the caps.
fn read_all_lines(
    tree: &Sgf,
    loc: &Locator,
    root: u32,
    index: usize,
    opts: &ReadOptions,
    games: &mut Vec<GameRecord>,
    findings: &mut Vec<Finding>,
) {
    let mut path = vec![root];
    let mut choice: Vec<usize> = Vec::new();
    let mut lines = 0usize;
    let mut budget = opts.max_variation_nodes;
    while let Some(&last) = path.last() {
        let first_child = tree.node(last).map_or(NONE, |n| n.first_child);
        if first_child != NONE {
            path.push(first_child);
            choice.push(0);
            continue;
        }
        // A leaf: one line. The main line is always read; others within the caps.
        let over = lines > 0 && (lines >= opts.max_lines || path.len() > budget);
        if over {
            let total = count_leaves(tree, root);
            findings.push(Finding::new(
                Code::SyntaxError,
                format!(
                    "variations: read {lines} of {total} lines; the rest were skipped (caps: {} lines, {} nodes over all variation lines)",
                    opts.max_lines, opts.max_variation_nodes
                ),
            ).with_severity(Severity::Warning));
            return;
        }
        if lines > 0 {
            budget -= path.len();
        }
        lines += 1;
        let variation = variation_path(tree, &path, &choice);
        games.push(build(tree, loc, &path, index, variation));
        // Back up to the nearest node with a next sibling.
        loop {
            let Some(node) = path.pop() else { return };
            if path.is_empty() {
                return;
            }
            let i = choice.pop().unwrap_or(0);
            let sib = tree.node(node).map_or(NONE, |n| n.next_sibling);
            if sib != NONE {
                path.push(sib);
                choice.push(i + 1);
                break;
            }
        }
    }
}

/// The child index taken at each branching node; empty for the main line.
fn variation_path(tree: &Sgf, path: &[u32], choice: &[usize]) -> Vec<usize> {
    if choice.iter().all(|&c| c == 0) {
        return Vec::new();
    }
    path.iter()
        .zip(choice)
        .filter(|(&n, _)| tree.children(n).nth(1).is_some())
        .map(|(_, &c)| c)
        .collect()
}

fn count_leaves(tree: &Sgf, root: u32) -> usize {
    // Nodes are stored in creation order and a tree's nodes are contiguous from its
    // root up to the next root.
    let next_root = tree
        .roots
        .iter()
        .copied()
        .find(|&r| r > root)
        .unwrap_or(tree.nodes.len() as u32);
    tree.nodes
        .get(root as usize..next_root as usize)
        .map_or(0, |ns| ns.iter().filter(|n| n.first_child == NONE).count())
}

/// Game-information properties met along a line (root first), as raw first values.
#[derive(Default)]
struct InfoProps<'t> {
    km: Option<(&'t str, usize)>,
    ha: Option<(&'t str, usize)>,
    re: Option<(&'t str, usize)>,
    tm: Option<(&'t str, usize)>,
    /// The first BL/WL written as a clock time (`BL[0:07:42]`), and how many there are.
    clock_times: Option<(&'static str, &'t str, usize, u32)>,
}

/// Builds one record from the nodes of a line (root first).
fn build(
    tree: &Sgf,
    loc: &Locator,
    line: &[u32],
    index: usize,
    variation: Vec<usize>,
) -> GameRecord {
    let root = line.first().copied().unwrap_or(NONE);
    let mut g = board_size(tree, loc, root);
    g.game_index = index;
    g.variation = variation;
    check_game_type(tree, loc, root, &mut g);
    g.events.reserve(line.len());
    let mut info = InfoProps::default();
    let mut number = 0u32;
    let last = line.last().copied().unwrap_or(NONE);
    let mut empty_passes = EmptyNodePasses::default();
    for (depth, &node) in line.iter().enumerate() {
        if depth > 0 && tree.props_of(node).is_empty() {
            empty_passes.read(tree, loc, node, line.get(depth + 1), &mut number, &mut g);
            continue;
        }
        read_node(
            tree,
            loc,
            node,
            depth == 0,
            node == last,
            &mut number,
            &mut info,
            &mut g,
        );
    }
    finish_info(loc, &info, &mut g);
    empty_passes.finish(&mut g);
    clock_times_finding(loc, &info, &mut g);
    check_handicap(loc, &info, &mut g);
    g
}

/// Many Faces of Go writes a pass as an empty node: `;W[be];;W[fb]` is White, a Black
/// pass, White. An empty node is read so only where the moves on both sides of it are
/// by the same colour, the one place where it cannot be anything else; elsewhere an
/// empty node is nothing. One `turn-convention` finding per game names the convention.
#[derive(Default)]
struct EmptyNodePasses {
    /// Passes read so, and the position of the first.
    count: u32,
    first: Option<Pos>,
}

impl EmptyNodePasses {
    fn read(
        &mut self,
        tree: &Sgf,
        loc: &Locator,
        node: u32,
        next: Option<&u32>,
        number: &mut u32,
        g: &mut GameRecord,
    ) {
        let Some(Event::Move(before)) = g.events.last() else {
            return;
        };
        let after = next.and_then(|&n| {
            tree.props_of(n)
                .iter()
                .find_map(|p| match p.ident.as_bytes() {
                    b"B" => Some(Color::Black),
                    b"W" => Some(Color::White),
                    _ => None,
                })
        });
        if after != Some(before.color) {
            return;
        }
        let color = before.color.opponent();
        let offset = tree.node(node).map_or(0, |n| n.offset as usize);
        *number += 1;
        g.events.push(Event::Move(MoveEvent {
            number: *number,
            color,
            mv: Move::Pass,
            pos: loc.move_pos(offset),
            forced: false,
            time_left: None,
            periods_left: None,
        }));
        self.count += 1;
        self.first.get_or_insert(loc.pos(offset));
    }

    fn finish(self, g: &mut GameRecord) {
        let Some(pos) = self.first else { return };
        let n = self.count;
        let passes = if n == 1 {
            "an empty node between two moves of one colour is".to_string()
        } else {
            format!("{n} empty nodes between two moves of one colour are")
        };
        g.findings.push(
            Finding::new(
                Code::TurnConvention,
                format!("{passes} read as a pass by the other colour (convention `empty-node-pass`: Many Faces of Go writes a pass so); FF[4] writes B[] or W[]"),
            )
            .at(pos),
        );
    }
}

/// SZ of the root: square, rectangular, missing or unusable.
fn board_size(tree: &Sgf, loc: &Locator, root: u32) -> GameRecord {
    let Some(p) = tree.get(root, "SZ") else {
        let mut g = GameRecord::new(19, 19);
        g.findings.push(Finding::new(
            Code::SizeAssumed,
            "no SZ: the board is taken as 19x19",
        ));
        return g;
    };
    let raw = tree.values_of(p).first().map_or("", |&v| tree.raw(v));
    let pos = loc.pos(p.offset as usize);
    let text = simple_text(raw);
    let dims = match text.split_once(':') {
        Some((w, h)) => (w.trim().parse::<u64>(), h.trim().parse::<u64>()),
        None => (text.trim().parse::<u64>(), text.trim().parse::<u64>()),
    };
    match dims {
        (Ok(w @ 1..=52), Ok(h @ 1..=52)) => GameRecord::new(w as u8, h as u8),
        _ => {
            let mut g = GameRecord::new(19, 19);
            g.playable = false;
            g.findings.push(
                Finding::new(
                    Code::BoardSize,
                    format!("SZ[{raw}] is not a board size in 1..52: the game cannot be replayed"),
                )
                .at(pos),
            );
            g
        }
    }
}

/// GM other than 1 is not Go.
fn check_game_type(tree: &Sgf, loc: &Locator, root: u32, g: &mut GameRecord) {
    let Some(p) = tree.get(root, "GM") else {
        return;
    };
    let raw = tree.values_of(p).first().map_or("", |&v| tree.raw(v));
    if raw.trim() != "1" && !raw.trim().is_empty() {
        g.playable = false;
        g.findings.push(
            Finding::new(
                Code::BadValue,
                format!("GM[{raw}] is not Go (GM[1]): the game is not replayed"),
            )
            .at(loc.pos(p.offset as usize)),
        );
    }
}

/// The moves of one node without a heap allocation for the usual one (or two).
#[derive(Default)]
struct FewMoves<'a> {
    inline: [Option<(Color, &'a Property)>; 2],
    more: Vec<(Color, &'a Property)>,
}

impl<'a> FewMoves<'a> {
    fn push(&mut self, m: (Color, &'a Property)) {
        match self.inline.iter_mut().find(|s| s.is_none()) {
            Some(slot) => *slot = Some(m),
            None => self.more.push(m),
        }
    }

    fn len(&self) -> usize {
        self.inline.iter().flatten().count() + self.more.len()
    }

    fn iter(&self) -> impl Iterator<Item = (Color, &'a Property)> + '_ {
        self.inline
            .iter()
            .flatten()
            .copied()
            .chain(self.more.iter().copied())
    }
}

/// Per-node state gathered before events are emitted.
#[derive(Default)]
struct NodeMoves<'a> {
    moves: FewMoves<'a>,
    setup: Option<Setup>,
    /// PL of the node and where it stands.
    player: Option<(Color, usize)>,
    forced: bool,
    time_left: [Option<f64>; 2],
    periods_left: [Option<u32>; 2],
}

#[allow(clippy::too_many_arguments)]
fn read_node<'t>(
    tree: &'t Sgf,
    loc: &Locator,
    node: u32,
    is_root: bool,
    is_last: bool,
    number: &mut u32,
    info: &mut InfoProps<'t>,
    g: &mut GameRecord,
) {
    let props = tree.props_of(node);
    // Most nodes hold one move and nothing else: no per-node state to gather.
    if let [p] = props {
        let color = match p.ident.as_bytes() {
            b"B" => Some(Color::Black),
            b"W" => Some(Color::White),
            _ => None,
        };
        if let Some(color) = color {
            let plain = MoveContext {
                forced: false,
                time_left: [None; 2],
                periods_left: [None; 2],
            };
            emit_move(tree, loc, is_root, number, (color, p), &plain, g);
            return;
        }
    }
    let mut nm = NodeMoves::default();
    for p in props {
        let first = || tree.values_of(p).first().map_or("", |&v| tree.raw(v));
        let at = p.offset as usize;
        match p.ident.as_bytes() {
            b"B" => nm.moves.push((Color::Black, p)),
            b"W" => nm.moves.push((Color::White, p)),
            b"AB" | b"AW" | b"AE" => {
                let setup = nm.setup.get_or_insert_with(|| Setup {
                    in_root: is_root,
                    pos: loc.pos(at),
                    ..Setup::default()
                });
                let list = match p.ident.as_bytes() {
                    b"AB" => &mut setup.add_black,
                    b"AW" => &mut setup.add_white,
                    _ => &mut setup.clear,
                };
                point_list(tree, loc, p, false, list, &mut g.findings);
            }
            b"KO" => nm.forced = true,
            b"BL" => nm.time_left[0] = time_left(first(), p, loc, info, g),
            b"WL" => nm.time_left[1] = time_left(first(), p, loc, info, g),
            b"OB" => nm.periods_left[0] = count(first(), p, loc, g),
            b"OW" => nm.periods_left[1] = count(first(), p, loc, g),
            b"PL" => {
                let c = color_value(first());
                if is_root {
                    g.first_player = c;
                }
                nm.player = c.map(|c| (c, at));
            }
            b"C" if is_last => {
                let text = simple_text(first());
                if !text.is_empty() {
                    g.info.final_comment = Some(text.into_owned());
                }
            }
            b"TB" if is_last => {
                g.final_marks.pos = loc.pos(at);
                point_list(
                    tree,
                    loc,
                    p,
                    true,
                    &mut g.final_marks.black_territory,
                    &mut g.findings,
                );
            }
            b"TW" if is_last => {
                g.final_marks.pos = loc.pos(at);
                point_list(
                    tree,
                    loc,
                    p,
                    true,
                    &mut g.final_marks.white_territory,
                    &mut g.findings,
                );
            }
            b"KM" => set_once(&mut info.km, first(), at),
            b"HA" => set_once(&mut info.ha, first(), at),
            b"RE" => set_once(&mut info.re, first(), at),
            b"TM" => set_once(&mut info.tm, first(), at),
            ident => {
                if is_root {
                    note_source_mark(ident, &mut g.info);
                }
                game_info_text(ident, first(), &mut g.info)
            }
        }
    }
    emit_node(tree, loc, node, is_root, number, nm, g);
}

/// Events of one node: its setup first, then its move(s).
fn emit_node(
    tree: &Sgf,
    loc: &Locator,
    node: u32,
    is_root: bool,
    number: &mut u32,
    nm: NodeMoves,
    g: &mut GameRecord,
) {
    // AB/AW/AE in the node (even with no valid point) is setup in the game; PL alone is not.
    let stones_set = nm.setup.is_some();
    let mut setup = nm.setup;
    if let Some((color, at)) = nm.player {
        // PL alone changes who is to move: an empty setup event carries it.
        let s = setup.get_or_insert_with(|| Setup {
            in_root: is_root,
            pos: loc.pos(at),
            ..Setup::default()
        });
        s.player = Some(color);
        s.player_pos = loc.pos(at);
    }
    if let Some(setup) = setup {
        if *number > 0 {
            let edit = match (stones_set, setup.player) {
                (true, _) => Some("stones added or removed (AB/AW/AE)".to_string()),
                (false, Some(c)) => Some(format!("PL[{}] sets {} to move", c.letter(), c.name())),
                (false, None) => None,
            };
            if let Some(edit) = edit {
                g.findings.push(
                    Finding::new(Code::SetupInGame, format!("{edit} after move {number}"))
                        .at(setup.pos),
                );
            }
        }
        g.events.push(Event::Setup(Box::new(setup)));
    }
    if nm.moves.len() > 1 {
        let pos = tree
            .node(node)
            .map_or(Pos::default(), |n| loc.pos(n.offset as usize));
        let written: Vec<&str> = nm.moves.iter().map(|(c, _)| c.letter()).collect();
        g.findings.push(
            Finding::new(
                Code::NodeHasTwoMoves,
                format!(
                    "one node holds {} moves ({}): played in the order written, each with its own move number",
                    nm.moves.len(),
                    written.join(", ")
                ),
            )
            .at(pos),
        );
    }
    let context = MoveContext {
        forced: nm.forced,
        time_left: nm.time_left,
        periods_left: nm.periods_left,
    };
    for m in nm.moves.iter() {
        emit_move(tree, loc, is_root, number, m, &context, g);
    }
}

/// What a node says about its moves besides the moves: KO, and the clock.
struct MoveContext {
    forced: bool,
    time_left: [Option<f64>; 2],
    periods_left: [Option<u32>; 2],
}

/// The event of one move (B or W), numbered on from `number`.
#[inline(always)]
fn emit_move(
    tree: &Sgf,
    loc: &Locator,
    is_root: bool,
    number: &mut u32,
    (color, p): (Color, &Property),
    context: &MoveContext,
    g: &mut GameRecord,
) {
    *number += 1;
    let value = tree.values_of(p).first().copied();
    let raw = value.map_or("", |v| tree.raw(v));
    let offset = value.map_or(p.offset as usize, |v| (v.start as usize).saturating_sub(1));
    let mv = match parse_move(raw, g.width, g.height) {
        Some(mv) => mv,
        None => {
            g.findings.push(
                Finding::new(
                    Code::BadValue,
                    format!(
                        "{}[{raw}] is not a point: the move is read as a pass",
                        color.letter()
                    ),
                )
                .on_move(*number, color, None, g.height)
                .at(loc.pos(offset)),
            );
            Move::Pass
        }
    };
    if is_root {
        g.findings.push(
            Finding::new(
                Code::MoveInRoot,
                "the root node holds a move: it is played as move 1",
            )
            .on_move(*number, color, mv.point(), g.height)
            .at(loc.pos(offset)),
        );
    }
    let c = color.index();
    g.events.push(Event::Move(MoveEvent {
        number: *number,
        color,
        mv,
        pos: loc.move_pos(offset),
        forced: context.forced,
        time_left: context.time_left[c],
        periods_left: context.periods_left[c],
    }));
}

/// `[]` is a pass on any board; `tt` is a pass only up to 19x19 (T16).
pub(crate) fn parse_move(raw: &str, width: u8, height: u8) -> Option<Move> {
    // Nearly every move is two letters: nothing to trim (a Unicode-aware trim per move
    // is a measurable part of reading a large archive).
    let v = if raw.len() == 2 && raw.bytes().all(|b| b.is_ascii_alphabetic()) {
        raw
    } else {
        raw.trim()
    };
    if v.is_empty() {
        return Some(Move::Pass);
    }
    let p = Point::from_sgf(v)?;
    if p == Point::new(19, 19) && width <= 19 && height <= 19 {
        return Some(Move::Pass);
    }
    Some(Move::Play(p))
}

/// Points of a list property, compressed rectangles (`aa:cc`) expanded.
fn point_list(
    tree: &Sgf,
    loc: &Locator,
    p: &Property,
    empty_ok: bool,
    out: &mut Vec<Point>,
    findings: &mut Vec<Finding>,
) {
    for &v in tree.values_of(p) {
        let raw = tree.raw(v);
        let text = raw.trim();
        if text.is_empty() && empty_ok {
            continue;
        }
        let rect = match text.split_once(':') {
            Some((a, b)) => Point::from_sgf(a.trim()).zip(Point::from_sgf(b.trim())),
            None => Point::from_sgf(text).map(|a| (a, a)),
        };
        let Some((a, b)) = rect else {
            findings.push(
                Finding::new(
                    Code::BadValue,
                    format!(
                        "{}[{raw}] is not a point or a rectangle of points: ignored",
                        p.ident.as_str()
                    ),
                )
                .at(loc.pos((v.start as usize).saturating_sub(1))),
            );
            continue;
        };
        for y in a.y.min(b.y)..=a.y.max(b.y) {
            for x in a.x.min(b.x)..=a.x.max(b.x) {
                out.push(Point::new(x, y));
            }
        }
    }
}

fn set_once<'t>(slot: &mut Option<(&'t str, usize)>, raw: &'t str, at: usize) {
    if slot.is_none() {
        *slot = Some((raw, at));
    }
}

fn color_value(raw: &str) -> Option<Color> {
    match raw.trim() {
        "B" | "b" => Some(Color::Black),
        "W" | "w" => Some(Color::White),
        _ => None,
    }
}

/// Notes a root property among [`SOURCE_MARKS`] (once), for the conventions.
fn note_source_mark(ident: &[u8], info: &mut GameInfo) {
    if let Some(&mark) = SOURCE_MARKS.iter().find(|m| m.as_bytes() == ident) {
        if !info.marks.contains(&mark) {
            info.marks.push(mark);
        }
    }
}

/// PB PW BR WR EV RO DT PC RU OT AP GN (first occurrence on the line wins).
fn game_info_text(ident: &[u8], raw: &str, info: &mut GameInfo) {
    let slot = match ident {
        b"PB" => &mut info.black,
        b"PW" => &mut info.white,
        b"BR" => &mut info.black_rank,
        b"WR" => &mut info.white_rank,
        b"EV" => &mut info.event,
        b"RO" => &mut info.round,
        b"DT" => &mut info.date,
        b"PC" => &mut info.place,
        b"RU" => &mut info.recorded_rules,
        b"OT" => &mut info.overtime,
        b"AP" => &mut info.application,
        b"GN" => &mut info.game_name,
        b"GC" => &mut info.game_comment,
        _ => return,
    };
    let text = simple_text(raw);
    if text.is_empty() {
        return;
    }
    if slot.is_none() {
        *slot = Some(text.into_owned());
    } else if ident == b"AP" && info.more_applications.len() < MORE_APPLICATIONS {
        // A second AP is no mistake to drop: Fox's own client names two programs.
        info.more_applications.push(text.into_owned());
    }
}

/// The most further APs kept (a hostile root may hold thousands; real ones hold two).
const MORE_APPLICATIONS: usize = 4;

/// The most seconds a clock value may hold (TM, BL, WL, OT periods): over three years,
/// far beyond any game, and far from where sums of seconds lose their precision.
pub(crate) const MAX_SECONDS: f64 = 1.0e8;

fn real(raw: &str, p: &Property, loc: &Locator, g: &mut GameRecord) -> Option<f64> {
    match raw.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v.abs() <= MAX_SECONDS => Some(v),
        _ => {
            bad_value(
                g,
                loc,
                p.offset as usize,
                p.ident.as_str(),
                raw,
                "a number of seconds",
            );
            None
        }
    }
}

/// BL/WL: seconds, or a clock time (`0:07:42`, `7:42`) as some servers write it, read as
/// seconds and noted once per game (see [`clock_times_finding`]).
fn time_left<'t>(
    raw: &'t str,
    p: &Property,
    loc: &Locator,
    info: &mut InfoProps<'t>,
    g: &mut GameRecord,
) -> Option<f64> {
    if raw.trim().parse::<f64>().is_err() {
        if let Some(secs) = clock_seconds(raw).filter(|_| is_clock_time(raw)) {
            let ident = if p.ident.as_str() == "BL" { "BL" } else { "WL" };
            let (ident, first, at, n) =
                info.clock_times
                    .unwrap_or((ident, raw, p.offset as usize, 0));
            info.clock_times = Some((ident, first, at, n + 1));
            return Some(secs);
        }
    }
    real(raw, p, loc, g)
}

/// The whole value is `m:ss` or `h:mm:ss` (nothing after the clock time).
fn is_clock_time(raw: &str) -> bool {
    let t = raw.trim();
    !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit() || b == b':')
}

/// One info finding for a game's clock-time BL/WL values: read with certainty, a quirk.
fn clock_times_finding(loc: &Locator, info: &InfoProps, g: &mut GameRecord) {
    let Some((ident, first, at, n)) = info.clock_times else {
        return;
    };
    let secs = clock_seconds(first).unwrap_or_default();
    let more = if n > 1 {
        format!(" (and {} more BL/WL values written so)", n - 1)
    } else {
        String::new()
    };
    g.findings.push(
        Finding::new(
            Code::BadValue,
            format!("{ident}[{first}] is a clock time, not seconds: read as {secs} seconds{more}; FF[4] writes seconds"),
        )
        .with_severity(Severity::Info)
        .at(loc.pos(at)),
    );
}

fn count(raw: &str, p: &Property, loc: &Locator, g: &mut GameRecord) -> Option<u32> {
    match raw.trim().parse::<u32>() {
        Ok(v) => Some(v),
        Err(_) => {
            bad_value(
                g,
                loc,
                p.offset as usize,
                p.ident.as_str(),
                raw,
                "a whole number",
            );
            None
        }
    }
}

fn bad_value(g: &mut GameRecord, loc: &Locator, at: usize, ident: &str, raw: &str, expected: &str) {
    g.findings.push(
        Finding::new(
            Code::BadValue,
            format!("{ident}[{raw}] is not {expected}: ignored"),
        )
        .at(loc.pos(at)),
    );
}

/// KM, RE and TM, with their quirks.
fn finish_info(loc: &Locator, info: &InfoProps, g: &mut GameRecord) {
    if let Some((raw, at)) = info.km {
        g.info.komi_text = Some(raw.trim().to_string());
        let (komi, finding) = interpret_komi(raw);
        g.komi = komi;
        if let Some(f) = finding {
            g.findings.push(f.at(loc.pos(at)));
        }
    }
    if let Some((raw, at)) = info.re {
        let text = simple_text(raw).into_owned();
        let parsed = parse_re(&text);
        if !parsed.standard {
            let written = write_re(&parsed);
            // A spelling read with certainty is a quirk (info); one that could not be
            // read leaves the result unknown, which a director should look at.
            let finding = if written == "?" {
                Finding::new(
                    Code::ResultFormat,
                    format!("RE[{text}] is not an FF[4] result and could not be read: taken as unknown (`?`)"),
                )
                .with_severity(Severity::Warning)
            } else {
                Finding::new(
                    Code::ResultFormat,
                    format!("RE[{text}] is not in FF[4] form: read as RE[{written}]; write it so"),
                )
            };
            g.findings.push(finding.at(loc.pos(at)));
        }
        g.info.result = Some(text);
        g.recorded_result = Some(parsed);
    }
    if let Some((raw, at)) = info.tm {
        if names_no_time_limit(raw) {
            // Read with certainty: the same as no TM at all, a quirk.
            g.findings.push(
                Finding::new(
                    Code::BadValue,
                    format!("TM[{raw}] names no time limit: read as none (FF[4] leaves TM out)"),
                )
                .with_severity(Severity::Info)
                .at(loc.pos(at)),
            );
            return;
        }
        match raw.trim().parse::<f64>() {
            Ok(v) if v.is_finite() && (0.0..=MAX_SECONDS).contains(&v) => g.time_limit = Some(v),
            _ => match clock_seconds(raw).filter(|&v| v <= MAX_SECONDS) {
                Some(v) => {
                    g.time_limit = Some(v);
                    g.findings.push(
                        Finding::new(
                            Code::BadValue,
                            format!("TM[{raw}] is not in seconds: its leading clock time is read as TM[{v}]"),
                        )
                        // Read with certainty: a quirk, not something to look at.
                        .with_severity(Severity::Info)
                        .at(loc.pos(at)),
                    );
                }
                None => bad_value(g, loc, at, "TM", raw, "a time limit in seconds"),
            },
        }
    }
}

/// `TM[-]`, `TM[none]`, `TM[]`: a writer's way of saying there is no time limit (GNU Go's
/// tournament records write `TM[-]`).
fn names_no_time_limit(raw: &str) -> bool {
    matches!(
        raw.trim().to_ascii_lowercase().as_str(),
        "" | "-" | "--" | "none" | "no limit" | "unlimited"
    )
}

/// A leading `m:ss` or `h:mm:ss` clock time (`10:00(5x1:00)` → 600), in seconds.
fn clock_seconds(raw: &str) -> Option<f64> {
    let t = raw.trim();
    let end = t
        .find(|c: char| !(c.is_ascii_digit() || c == ':'))
        .unwrap_or(t.len());
    let parts: Vec<&str> = t.get(..end)?.split(':').collect();
    if !(2..=3).contains(&parts.len()) {
        return None;
    }
    let mut secs = 0.0;
    for p in parts {
        secs = secs * 60.0 + p.parse::<u32>().ok()? as f64;
    }
    Some(secs)
}

/// The komi rule (documented in docs/reading.md):
/// * `KM[]` → no komi, `komi-empty`;
/// * |k| ≤ 150 → k as written;
/// * otherwise k/100, then k/50, whichever first gives |komi| ≤ 150 and a whole or
///   half point (Fox writes komi × 100: 750 → 7.5, 650 → 6.5; and Chinese "zi" × 100:
///   375 → 3.75 zi = 7.5 points = 375/50), with `komi-scaled`;
/// * anything else → ignored with `bad-value`.
pub(crate) fn interpret_komi(raw: &str) -> (Option<f64>, Option<Finding>) {
    let text = raw.trim();
    if text.is_empty() {
        return (
            None,
            Some(Finding::new(
                Code::KomiEmpty,
                "KM[] is empty: no komi is taken from the record (the rules' komi applies)",
            )),
        );
    }
    let Some(k) = text.parse::<f64>().ok().filter(|k| k.is_finite()) else {
        return (
            None,
            Some(Finding::new(
                Code::BadValue,
                format!("KM[{raw}] is not a number: ignored (the rules' komi applies)"),
            )),
        );
    };
    if k.abs() <= 150.0 {
        return (Some(k), None);
    }
    for (div, why) in [
        (100.0, "komi × 100"),
        (50.0, "komi in stones (zi) × 100, i.e. komi × 50"),
    ] {
        let c = k / div;
        if c.abs() <= 150.0 && (c * 2.0).fract() == 0.0 {
            let f = Finding::new(
                Code::KomiScaled,
                format!("KM[{text}] read as {c} (the server wrote {why}); write KM[{c}]"),
            );
            return (Some(c), Some(f));
        }
    }
    (
        None,
        Some(Finding::new(
            Code::BadValue,
            format!("KM[{text}] is not a plausible komi, even scaled: ignored (the rules' komi applies)"),
        )),
    )
}

/// HA against the stones placed: `handicap-quirk`, `handicap-mismatch`, Ing-style
/// handicap plays (spec §7.3, T15).
fn check_handicap(loc: &Locator, info: &InfoProps, g: &mut GameRecord) {
    let Some((raw, at)) = info.ha else { return };
    let pos = loc.pos(at);
    let n = match raw.trim().parse::<u32>() {
        Ok(n) => n,
        Err(_) => {
            bad_value(g, loc, at, "HA", raw, "a number of handicap stones");
            return;
        }
    };
    if n == 0 && fox_handicap(loc, at, g) {
        return;
    }
    if n < 2 {
        g.findings.push(
            Finding::new(
                Code::HandicapQuirk,
                format!("HA[{n}] is not FF[4] (HA is 2 or more): read as an even game; remove HA"),
            )
            .at(pos),
        );
        return;
    }
    g.handicap = Some(n);
    let placed = black_stones_before_first_move(g);
    if placed as u64 == u64::from(n) {
        return;
    }
    if placed == 0 {
        let plays = ing_handicap_plays(g);
        if plays == n {
            g.handicap_moves = plays;
            return;
        }
    }
    g.findings.push(
        Finding::new(
            Code::HandicapMismatch,
            format!(
                "HA[{n}] but {placed} black stone(s) are placed before the first move: goref uses the stones placed"
            ),
        )
        .at(pos),
    );
}

/// Fox writes handicap games with HA[0] and plays the handicap stones as Black's first
/// moves: `HA[0];B[pd];B[dp];W[dd]`. Read so only where nothing else can be meant: no
/// stones set up, 2 to 9 Black plays on distinct points before White's first move, and
/// White moving next. The game is then read as a handicap game of that many stones
/// (their compensation, no alternation errors), with one `turn-convention` finding.
fn fox_handicap(loc: &Locator, at: usize, g: &mut GameRecord) -> bool {
    if g.events
        .iter()
        .any(|e| matches!(e, Event::Setup(s) if !s.add_black.is_empty() || !s.add_white.is_empty()))
    {
        return false;
    }
    let mut points = Vec::new();
    let white_next = {
        let mut moves = g.move_events();
        let next = loop {
            match moves.next() {
                Some(m) if m.color == Color::Black => match m.mv {
                    Move::Play(p) if !points.contains(&p) => points.push(p),
                    _ => return false,
                },
                other => break other,
            }
        };
        next.is_some_and(|m| m.color == Color::White)
    };
    let k = points.len() as u32;
    if !(2..=9).contains(&k) || !white_next {
        return false;
    }
    g.handicap = Some(k);
    g.handicap_moves = k;
    g.findings.push(
        Finding::new(
            Code::TurnConvention,
            format!("HA[0], but Black plays {k} stones before White's first move: read as a {k}-stone handicap placed by moves (convention `fox-handicap`: Fox writes handicap games so); FF[4] writes HA[{k}] and AB"),
        )
        .at(loc.pos(at)),
    );
    true
}

fn black_stones_before_first_move(g: &GameRecord) -> usize {
    g.events
        .iter()
        .take_while(|e| matches!(e, Event::Setup(_)))
        .map(|e| match e {
            Event::Setup(s) => s.add_black.len(),
            Event::Move(_) => 0,
        })
        .sum()
}

/// Leading Black plays, each optionally followed by one White pass: Ing-style
/// `B[..];W[];B[..];W[];B[..]` and free placement written as moves
/// (`B[..];B[..];B[..]`, KGS/GTP). Counting stops at the first move that fits neither.
fn ing_handicap_plays(g: &GameRecord) -> u32 {
    let mut plays = 0u32;
    let mut after_black_play = false;
    for m in g.move_events() {
        match (m.color, m.mv) {
            (Color::Black, Move::Play(_)) => {
                plays += 1;
                after_black_play = true;
            }
            (Color::White, Move::Pass) if after_black_play => after_black_play = false,
            _ => break,
        }
    }
    plays
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every AP of the root is kept, the first as `application` (a hostile root's flood of
    /// them up to a few); Fox's byo-yomi marks only where the root holds them.
    #[test]
    fn every_ap_and_the_source_marks_of_the_root_are_kept() {
        let g = first_game("(;SZ[19]AP[GNU Go:3.8]TC[3]AP[foxwq]TT[15];B[pd]TC[5])");
        assert_eq!(g.info.application.as_deref(), Some("GNU Go:3.8"));
        assert_eq!(
            g.info.applications().collect::<Vec<_>>(),
            ["GNU Go:3.8", "foxwq"]
        );
        assert_eq!(g.info.marks, ["TC", "TT"]);
        let flood = format!("(;SZ[9]{};B[ee])", "AP[x]".repeat(1000));
        assert_eq!(
            first_game(&flood).info.applications().count(),
            1 + MORE_APPLICATIONS
        );
        let late = first_game("(;SZ[9];B[ee]TC[3]TT[15])");
        assert!(late.info.marks.is_empty());
    }

    #[test]
    fn the_file_says_which_charset_it_was_read_from() {
        let gbk = read(b"(;CA[GB2312]PB[\xba\xda])", &ReadOptions::default());
        assert_eq!(gbk.charset(), "GBK");
        let utf8 = read("(;PB[Mérő])".as_bytes(), &ReadOptions::default());
        assert_eq!(utf8.charset(), "UTF-8");
    }

    fn one(text: &str) -> GameRecord {
        let (mut games, file) = read_text(text, &ReadOptions::default());
        assert!(file.is_empty(), "{file:?}");
        assert_eq!(games.len(), 1);
        games.remove(0)
    }

    fn codes(g: &GameRecord) -> Vec<Code> {
        g.findings.iter().map(|f| f.code).collect()
    }

    #[test]
    fn clock_time_left_is_read_as_seconds_and_noted_once() {
        let g = one("(;SZ[9];B[ee]BL[0:07:42];W[cc]WL[7:05];B[dd]BL[461.5];W[ff]WL[1:2:3:4])");
        let left: Vec<Option<f64>> = g.move_events().map(|m| m.time_left).collect();
        assert_eq!(left, [Some(462.0), Some(425.0), Some(461.5), None]);
        let notes: Vec<&Finding> = g
            .findings
            .iter()
            .filter(|f| f.message.contains("clock time"))
            .collect();
        assert_eq!(notes.len(), 1, "{:?}", g.findings);
        assert_eq!(notes[0].severity, Severity::Info);
        assert!(notes[0].message.starts_with(
            "BL[0:07:42] is a clock time, not seconds: read as 462 seconds (and 1 more"
        ));
        // Four fields are no clock time: a bad value, as before.
        assert!(g
            .findings
            .iter()
            .any(|f| f.code == Code::BadValue && f.message.starts_with("WL[1:2:3:4]")));
    }

    #[test]
    fn a_time_limit_of_dash_is_no_time_limit_and_info() {
        for tm in ["-", "", "none", " Unlimited "] {
            let g = one(&format!("(;SZ[9]TM[{tm}];B[ee])"));
            assert_eq!(g.time_limit, None, "TM[{tm}]");
            let f = g
                .findings
                .iter()
                .find(|f| f.code == Code::BadValue)
                .unwrap();
            assert_eq!(f.severity, Severity::Info, "TM[{tm}]");
        }
        // A limit goref cannot read is still a warning (Ing penalties depend on it).
        let g = one("(;SZ[9]TM[1 hr/125 moves];B[ee])");
        let f = g
            .findings
            .iter()
            .find(|f| f.code == Code::BadValue)
            .unwrap();
        assert_eq!(f.severity, Severity::Warning);
    }

    #[test]
    fn komi_rule() {
        assert_eq!(interpret_komi("6.5").0, Some(6.5));
        assert_eq!(interpret_komi("-3").0, Some(-3.0));
        assert_eq!(interpret_komi("750").0, Some(7.5));
        assert_eq!(interpret_komi("650").0, Some(6.5));
        assert_eq!(interpret_komi("375").0, Some(7.5));
        assert_eq!(interpret_komi("325").0, Some(6.5));
        assert_eq!(interpret_komi("800").0, Some(8.0));
        assert_eq!(interpret_komi("1000000").0, None);
        assert_eq!(interpret_komi("").1.map(|f| f.code), Some(Code::KomiEmpty));
        assert_eq!(
            interpret_komi("375").1.map(|f| f.code),
            Some(Code::KomiScaled)
        );
        assert_eq!(
            interpret_komi("seven").1.map(|f| f.code),
            Some(Code::BadValue)
        );
    }

    #[test]
    fn moves_numbers_and_positions() {
        let g = one("(;SZ[9]\n;B[ee];W[]\r\n;B[tt]KO[];W[aa]WL[30.5]OW[3])");
        let m: Vec<&MoveEvent> = g.move_events().collect();
        assert_eq!(m.len(), 4);
        assert_eq!(m[0].mv, Move::Play(Point::new(4, 4)));
        assert_eq!((m[0].pos.line, m[0].pos.column), (2, 3));
        assert_eq!(m[1].mv, Move::Pass);
        assert_eq!(m[2].mv, Move::Pass);
        assert!(m[2].forced);
        assert_eq!((m[2].pos.line, m[2].pos.column), (3, 3));
        assert_eq!(m[3].number, 4);
        assert_eq!(m[3].time_left, Some(30.5));
        assert_eq!(m[3].periods_left, Some(3));
        assert_eq!(codes(&g), vec![]);
    }
}
