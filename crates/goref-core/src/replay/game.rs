//! The replay of one game record: every move played on the board once, as recorded, with
//! the ruleset-independent facts of the moves that any ruleset could object to, and the
//! positions asked for. One [`Replay`] serves every ruleset's judgement of the game
//! ([`crate::count::judge`]): the rules decide what the facts mean, never what happened.
//!
//! Recorded moves are executed as played (SGF FF[4]): an illegal move still changes the
//! board, so later moves are replayed on the position the record shows.

use crate::findings::{Code, Finding};
use crate::point::{Color, Move, Point, Pos};
use crate::read::record::{Event, GameRecord, MoveEvent, Setup};
use crate::replay::engine::{Engine, MoveFacts};
use crate::replay::position::Position;

/// Where a finding stands in the source: its recorded position made whole (a check reads
/// the moves' positions lazily, see [`crate::read::lines::Locator::move_pos`]).
pub(crate) type Locate<'a> = &'a dyn Fn(Pos) -> Pos;

/// Which positions a replay keeps, besides the final one: those after the root's setup
/// and those after the listed moves. Judgements need the position at their end of the
/// game; diagrams need more.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Keep {
    /// The position the root's setup leaves (move 0 of a diagram).
    pub root: bool,
    /// Move numbers, sorted and without repeats.
    moves: Vec<u32>,
}

impl Keep {
    /// Keep the positions after these moves (and the root's when `moves` holds 0).
    pub fn moves(moves: impl IntoIterator<Item = u32>) -> Keep {
        let mut keep = Keep::default();
        keep.add(moves);
        keep
    }

    /// Also keep the positions after these moves (0: the root's setup).
    pub fn add(&mut self, moves: impl IntoIterator<Item = u32>) {
        for m in moves {
            if m == 0 {
                self.root = true;
            } else {
                self.moves.push(m);
            }
        }
        self.moves.sort_unstable();
        self.moves.dedup();
    }

    /// Also keep what `other` keeps.
    pub fn add_all(&mut self, other: &Keep) {
        self.root |= other.root;
        self.add(other.moves.iter().copied());
    }

    /// Every position `other` keeps, this keeps too.
    pub fn covers(&self, other: &Keep) -> bool {
        (self.root || !other.root) && other.moves.iter().all(|&m| self.wants(m))
    }

    fn wants(&self, move_number: u32) -> bool {
        self.moves.binary_search(&move_number).is_ok()
    }
}

/// A position the replay kept.
#[derive(Clone, Debug, PartialEq)]
pub struct KeptPosition {
    /// The move after which the position stood; 0 for the root's setup.
    pub after_move: u32,
    /// Kept after the root's setup rather than after a move.
    pub root_setup: bool,
    pub position: Position,
    /// The last play (not pass) before it.
    pub last_move: Option<Point>,
    /// Stones captured by Black and by White up to it.
    pub captures: [u32; 2],
}

/// A finding of the replay itself (a setup that leaves strings without liberties, a PL
/// that the next move contradicts), with the number of moves replayed before it, so a
/// judgement can list it where it arose among its own verdicts.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayFinding {
    pub moves_before: usize,
    pub finding: Finding,
}

#[cfg(test)]
thread_local! {
    /// Replays made on this thread (tests count them: an appeal is one replay).
    pub(crate) static REPLAYS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// One game replayed: what happened on the board, the same under every ruleset.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    /// Moves replayed (the record's move events, passes included).
    pub moves: u32,
    /// Passes among them, moves off the board included (replayed as passes).
    pub passes: u32,
    /// Stones captured by Black and by White over the whole game.
    pub captures: [u32; 2],
    pub final_position: Position,
    /// The last play (not pass).
    pub last_move: Option<Point>,
    /// The facts of every move a ruleset could object to (off the board, occupied point,
    /// suicide, ko, any repetition, hot stones, recycling), with the index of the move
    /// among the record's moves. A move absent here is legal under every ruleset.
    pub notable: Vec<(usize, MoveFacts)>,
    pub findings: Vec<ReplayFinding>,
    /// The positions asked for by [`Keep`], in the order of the game.
    pub kept: Vec<KeptPosition>,
    /// What was asked for.
    pub keep: Keep,
}

impl Replay {
    /// The position kept after move `after_move` (not the root's setup).
    pub fn kept_after(&self, after_move: u32) -> Option<&KeptPosition> {
        self.kept
            .iter()
            .rev()
            .find(|k| !k.root_setup && k.after_move == after_move)
    }
}

/// Replays `record` once, keeping the positions `keep` asks for.
pub fn replay(record: &GameRecord, keep: &Keep) -> Replay {
    replay_located(record, keep, &|pos| pos)
}

/// [`replay`], the positions of its findings passed through `locate`.
pub(crate) fn replay_located(record: &GameRecord, keep: &Keep, locate: Locate<'_>) -> Replay {
    #[cfg(test)]
    REPLAYS.with(|n| n.set(n.get() + 1));
    let mut out = Replay {
        moves: 0,
        passes: 0,
        captures: [0, 0],
        final_position: Position::empty(record.width, record.height),
        last_move: None,
        notable: Vec::new(),
        findings: Vec::new(),
        kept: Vec::new(),
        keep: keep.clone(),
    };
    let Ok(mut engine) = Engine::new(record.width, record.height) else {
        return out;
    };
    if !record.playable {
        return out;
    }
    engine.reserve(record.events.len());
    let mut facts = MoveFacts::new(0, Color::Black, Move::Pass);
    let mut move_index = 0usize;
    for (k, event) in record.events.iter().enumerate() {
        match event {
            Event::Setup(s) => {
                let next = next_move(&record.events[k + 1..]);
                let to_move = to_move_after_setup(s, next);
                if let Some(f) = pl_contradicted(s, next, record.height, locate) {
                    out.push_finding(move_index, f);
                }
                engine.setup(&s.add_black, &s.add_white, &s.clear, to_move);
                if let Some(f) = setup_without_liberties(&engine, s, record.height, locate) {
                    out.push_finding(move_index, f);
                }
                if keep.root && s.in_root {
                    out.kept.push(KeptPosition {
                        after_move: 0,
                        root_setup: true,
                        position: engine.position(),
                        last_move: None,
                        captures: engine.captures(),
                    });
                }
            }
            Event::Move(m) => {
                engine.play_into(m.color, m.mv, m.number, &mut facts);
                out.moves += 1;
                if facts.is_pass() {
                    out.passes += 1;
                } else if let Move::Play(p) = m.mv {
                    out.last_move = Some(p);
                }
                if facts.is_notable() {
                    out.notable.push((move_index, facts.clone()));
                }
                if keep.wants(m.number) {
                    out.kept.push(KeptPosition {
                        after_move: m.number,
                        root_setup: false,
                        position: engine.position(),
                        last_move: out.last_move,
                        captures: engine.captures(),
                    });
                }
                move_index += 1;
            }
        }
    }
    out.captures = engine.captures();
    out.final_position = engine.position();
    out
}

impl Replay {
    fn push_finding(&mut self, moves_before: usize, finding: Finding) {
        self.findings.push(ReplayFinding {
            moves_before,
            finding,
        });
    }
}

/// The first move among `later` events.
fn next_move(later: &[Event]) -> Option<&MoveEvent> {
    later.iter().find_map(|e| match e {
        Event::Move(m) => Some(m),
        Event::Setup(_) => None,
    })
}

/// Who is to move in the position a setup leaves (spec §8.1), as the moves were played:
/// the colour of the next move, else the node's PL, else Black. A PL that the next move
/// contradicts is reported ([`pl_contradicted`]); the history follows the play. The
/// initial position is the root's setup; without one, the engine takes the first
/// mover's colour.
fn to_move_after_setup(setup: &Setup, next: Option<&MoveEvent>) -> Color {
    next.map(|m| m.color)
        .or(setup.player)
        .unwrap_or(Color::Black)
}

/// `player-to-move-differs`: the node's PL names one player and the next move is the
/// other's.
fn pl_contradicted(
    setup: &Setup,
    next: Option<&MoveEvent>,
    height: u8,
    locate: Locate<'_>,
) -> Option<Finding> {
    let (pl, m) = (setup.player?, next?);
    (pl != m.color).then(|| {
        let at = if setup.in_root {
            "in the root".to_string()
        } else {
            format!("before move {}", m.number)
        };
        Finding::new(
            Code::PlayerToMoveDiffers,
            format!(
                "PL[{}] {at} says {} is to move, but move {} is {}'s; goref follows the moves as played ({} to move in the repetition history)",
                pl.letter(),
                pl.name(),
                m.number,
                m.color.name(),
                m.color.name()
            ),
        )
        .on_move(m.number, m.color, m.mv.point(), height)
        .at(locate(setup.player_pos))
    })
}

/// `setup-without-liberties`: the stones of the strings a setup left without a liberty.
fn setup_without_liberties(
    engine: &Engine,
    setup: &Setup,
    height: u8,
    locate: Locate<'_>,
) -> Option<Finding> {
    if setup.add_black.is_empty() && setup.add_white.is_empty() && setup.clear.is_empty() {
        return None;
    }
    let stones = engine.stones_without_liberties();
    if stones.is_empty() {
        return None;
    }
    let named: Vec<String> = stones.iter().map(|p| p.vertex(height)).collect();
    let mut f = Finding::new(
        Code::SetupWithoutLiberties,
        format!(
            "the setup leaves {} stone(s) without a liberty ({}), a position no play can reach; goref replays on with them on the board as set up",
            stones.len(),
            named.join(" ")
        ),
    )
    .at(locate(setup.pos));
    f.point = stones.first().map(|p| p.sgf());
    f.vertex = stones.first().map(|p| p.vertex(height));
    Some(f)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::reader::read;
    use crate::rules::PRESETS;

    trait StoneCount {
        fn stone_count(&self) -> usize;
    }
    impl StoneCount for Position {
        fn stone_count(&self) -> usize {
            (0..self.width)
                .flat_map(|x| (0..self.height).map(move |y| Point::new(x, y)))
                .filter(|&p| self.get(p).is_some())
                .count()
        }
    }

    fn record(sgf: &str) -> GameRecord {
        read(sgf.as_bytes(), &Default::default())
            .games
            .into_iter()
            .next()
            .unwrap()
    }

    #[test]
    fn a_replay_keeps_only_the_positions_asked_for() {
        let r = record("(;SZ[5]AB[aa];B[bb];W[cc];B[];W[])");
        let replay = replay(&r, &Keep::moves([0, 2, 4]));
        let kept: Vec<(u32, bool)> = replay
            .kept
            .iter()
            .map(|k| (k.after_move, k.root_setup))
            .collect();
        assert_eq!(kept, vec![(0, true), (2, false), (4, false)]);
        assert_eq!(replay.kept_after(2).unwrap().position.stone_count(), 3);
        assert_eq!(
            replay.kept_after(2).unwrap().last_move,
            Some(Point::new(2, 2))
        );
        assert!(replay.kept_after(1).is_none());
        assert_eq!((replay.moves, replay.passes), (4, 2));
        assert_eq!(replay.final_position.stone_count(), 3);
    }

    #[test]
    fn keeps_join_and_cover() {
        let mut keep = Keep::moves([5, 3, 5]);
        assert!(!keep.root);
        assert!(keep.covers(&Keep::moves([3])));
        assert!(
            !keep.covers(&Keep::moves([0])),
            "the root was not asked for"
        );
        assert!(!keep.covers(&Keep::moves([4])));
        keep.add_all(&Keep::moves([0, 4]));
        assert!(keep.root);
        assert!(keep.covers(&Keep::moves([0, 3, 4, 5])));
        // Joining a keep without the root leaves the root asked for.
        keep.add_all(&Keep::moves([7]));
        assert!(keep.root && keep.covers(&Keep::moves([0, 7])));
        assert!(Keep::default().covers(&Keep::default()));
    }

    #[test]
    fn a_move_left_out_of_the_notable_ones_is_legal_under_every_preset() {
        // Captures, a ko take and retake, a suicide, an occupied point and passes.
        let sgf =
            "(;SZ[5];B[ba];W[ca];B[ab];W[db];B[cb];W[bb];B[ba];W[aa];B[ba];W[ba];B[];W[cc];B[dc])";
        let r = record(sgf);
        let replay = replay(&r, &Keep::default());
        let mut engine = Engine::new(5, 5).unwrap();
        for (i, m) in r.move_events().enumerate() {
            let facts = engine.play(m.color, m.mv, m.number);
            let notable = replay.notable.iter().find(|(k, _)| *k == i);
            match notable {
                Some((_, kept)) => assert_eq!(kept, &facts, "move {}", m.number),
                None => {
                    for preset in PRESETS {
                        let rules = preset.rules();
                        assert!(
                            crate::replay::engine::judge(&rules, &facts).is_none(),
                            "move {} under {}",
                            m.number,
                            preset.name
                        );
                    }
                }
            }
        }
        assert!(!replay.notable.is_empty());
    }
}

/// The examples that documented crate-private items, kept as tests.
#[cfg(test)]
mod doc_examples {
    #[allow(unused_imports)]
    use super::*;

    #[test]
    fn replay_once() {
        use crate::read::{read, ReadOptions};
        use crate::replay::game::{replay, Keep};

        // A ko retaken at once: the facts are kept for every ruleset to judge.
        let sgf = b"(;SZ[4];B[ba];W[ca];B[ab];W[bb];B[bc];W[db];B[ad];W[cc];B[cb];W[bb])";
        let record = &read(sgf, &ReadOptions::default()).games[0];
        let once = replay(record, &Keep::default());
        let (index, facts) = &once.notable[0];
        assert_eq!((*index, facts.ko_retake), (9, Some(9)));
    }

    #[test]
    fn replay_holds_positions() {
        use crate::read::{read, ReadOptions};
        use crate::replay::game::{replay, Keep};

        let sgf = b"(;SZ[9];B[ee];W[ce];B[];W[])";
        let record = &read(sgf, &ReadOptions::default()).games[0];
        let once = replay(record, &Keep::moves([2]));
        assert_eq!((once.moves, once.passes), (4, 2));
        assert!(once.notable.is_empty()); // every move legal under every ruleset
        assert!(once.kept_after(2).is_some());
    }

    #[test]
    fn keep_what_is_needed() {
        use crate::replay::game::Keep;

        let mut keep = Keep::moves([10, 20]);
        keep.add([30]);
        assert!(keep.covers(&Keep::moves([20, 30])));
        assert!(!keep.covers(&Keep::moves([40])));
    }
}
