//! The referee: replays one [`GameRecord`] under one ruleset and turns what the
//! engine, the ending analysis and the score say into findings and a result check.
//!
//! Recorded moves are executed as played (SGF FF[4]); an illegal move is reported at
//! its move and the replay goes on, so every later verdict is still reported.

use crate::count::convention;
use crate::count::score::{Komi, Penalties};
use crate::count::timing::TimeReport;
use crate::findings::{Code, Finding, FindingCap, Severity};
use crate::point::{Color, Move, Point, Pos};
use crate::read::record::{Event, GameRecord, MoveEvent, Setup};
use crate::read::result::ResultKind;
use crate::replay::ending::{self, EndKind, EndingReport, Turn};
use crate::replay::engine::{self, Engine};
use crate::replay::position::Position;
use crate::rules::{self, Rules, RulesSource, Selection};

use crate::count::options::{RefereeOptions, RulesChoice};

/// A position kept for diagrams.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    /// The move after which the position stood (0 = before the first move).
    pub after_move: u32,
    pub position: Position,
    pub last_move: Option<Point>,
}

/// The replay of one game judged under one ruleset: what happened on the board and
/// what the rules say of each move and of the record (verdicts, ending, komi, penalties).
/// The first of the two values a check makes of a game;
/// [`crate::count::reading::EndReading`] reads its end.
#[derive(Clone, Debug)]
pub struct Judged {
    pub selection: Selection,
    /// The record's own findings and the judgement's, in the order found.
    pub findings: Vec<Finding>,
    pub ending: EndingReport,
    pub moves: u32,
    pub passes: u32,
    /// Stones captured by Black and by White (prisoners) over the whole game.
    pub captures: [u32; 2],
    pub handicap: u32,
    pub komi: Komi,
    /// The position the rules count: at the end of the game, else the final position.
    pub scored_position: Position,
    pub final_position: Position,
    pub last_move: Option<Point>,
    /// Prisoners at the end of the game (territory counting).
    pub scored_captures: [u32; 2],
    pub penalties: Penalties,
    pub time: Option<TimeReport>,
    pub snapshots: Vec<Snapshot>,
}

pub(crate) fn select_rules(record: &GameRecord, opts: &RefereeOptions) -> Selection {
    let mut selection = match &opts.rules {
        RulesChoice::Auto => select_for_ru(record.info.recorded_rules.as_deref()),
        RulesChoice::Named(name) => match Rules::named(name) {
            Ok(rules) => Selection {
                reason: format!("--rules {name}"),
                rules,
                source: RulesSource::CommandLine,
            },
            Err(_) => rules::select_for_record(record.info.recorded_rules.as_deref()),
        },
    };
    let changed = opts.overrides.apply(&mut selection.rules);
    if !changed.is_empty() {
        selection.reason = format!(
            "{}; overridden on the command line: {}",
            selection.reason,
            changed.join(", ")
        );
    }
    selection
}

/// [`rules::select_for_record`], remembered for the last few RU values on this thread:
/// an archive repeats a handful of RU spellings thousands of times, and the lookup
/// through the alias table costs more than a copy of its answer.
fn select_for_ru(recorded: Option<&str>) -> Selection {
    const REMEMBERED: usize = 8;
    thread_local! {
        static RECENT: std::cell::RefCell<Vec<(Option<String>, Selection)>> =
            const { std::cell::RefCell::new(Vec::new()) };
    }
    RECENT.with(|recent| {
        let mut recent = recent.borrow_mut();
        if let Some((_, selection)) = recent.iter().find(|(ru, _)| ru.as_deref() == recorded) {
            return selection.clone();
        }
        let selection = rules::select_for_record(recorded);
        if recent.len() == REMEMBERED {
            recent.remove(0);
        }
        recent.push((recorded.map(str::to_owned), selection.clone()));
        selection
    })
}

/// Where a move's finding stands: its recorded position made whole (a check reads the
/// moves' positions lazily, see [`crate::read::lines::Locator::move_pos`]).
pub(crate) type Locate<'a> = &'a dyn Fn(Pos) -> Pos;

/// Replays one game and judges it under the rules `opts` select: the verdicts on its
/// moves, its ending, komi and penalties. The end is not read here.
pub fn judge_game(record: &GameRecord, opts: &RefereeOptions) -> Judged {
    judge_game_located(record, opts, &|pos| pos)
}

pub(crate) fn judge_game_located(
    record: &GameRecord,
    opts: &RefereeOptions,
    locate: Locate<'_>,
) -> Judged {
    let selection = select_rules(record, opts);
    let rules = selection.rules.clone();
    // Findings that can come once per node or move go through the cap.
    let mut cap = FindingCap::default();
    let mut findings: Vec<Finding> = record
        .findings
        .iter()
        .filter(|f| cap.admit(f.code, f.severity))
        .cloned()
        .collect();
    if selection.source == RulesSource::Assumed {
        findings.push(Finding::new(Code::RulesAssumed, selection.reason.clone()));
    }
    let replay = replay(record, &rules, opts, &mut findings, &mut cap, locate);
    let handicap = handicap_stones(record, &replay.ending);
    let komi = Komi::choose(opts.komi, record.komi, &rules, handicap);
    // Where the source's convention sets komi (its KM is a placeholder, convention.rs),
    // what the record's KM implies is moot: neither komi finding is made.
    let komi_is_placeholder = convention::komi_is_placeholder(record, &selection.source);
    if !komi_is_placeholder {
        komi_differs(record, &rules, handicap, &mut findings);
    }
    record_findings(
        record,
        &rules,
        &replay,
        !komi_is_placeholder,
        &mut findings,
        &mut cap,
        locate,
    );
    cap.finish(&mut findings);
    if selection.source == RulesSource::Assumed {
        soften_assumed_verdicts(&mut findings, &rules);
    }
    let (penalties, time) = penalties(record, opts, &mut findings);
    Judged {
        selection,
        findings,
        moves: replay.moves,
        passes: replay.passes,
        captures: replay.captures,
        scored_captures: replay.scored_captures,
        handicap,
        komi,
        scored_position: replay.scored_position,
        final_position: replay.final_position,
        last_move: replay.last_move,
        ending: replay.ending,
        penalties,
        time,
        snapshots: replay.snapshots,
    }
}

/// What the move-by-move replay produced.
struct Replay {
    moves: u32,
    passes: u32,
    captures: [u32; 2],
    scored_captures: [u32; 2],
    ending: EndingReport,
    scored_position: Position,
    final_position: Position,
    last_move: Option<Point>,
    snapshots: Vec<Snapshot>,
}

fn replay(
    record: &GameRecord,
    rules: &Rules,
    opts: &RefereeOptions,
    findings: &mut Vec<Finding>,
    cap: &mut FindingCap,
    locate: Locate<'_>,
) -> Replay {
    // Sized from the events up front: collected from a filter, the vector would grow
    // (and be copied) seven times for a game of 150 moves.
    let mut turns: Vec<Turn> = Vec::with_capacity(record.events.len());
    let mut pl_before = false;
    for event in &record.events {
        match event {
            Event::Setup(s) => pl_before |= s.player.is_some(),
            Event::Move(m) => turns.push(Turn {
                number: m.number,
                color: m.color,
                pass: m.mv == Move::Pass,
                after_pl: std::mem::take(&mut pl_before) && m.number > 1,
            }),
        }
    }
    let root_stones = record
        .events
        .iter()
        .any(|e| matches!(e, Event::Setup(s) if s.in_root && !s.add_black.is_empty()));
    let ending = ending::analyse(
        &turns,
        rules.ending,
        record.handicap.unwrap_or(0),
        root_stones,
    );
    let end_move = ending.end.map(|e| e.move_number);

    let mut out = Replay {
        moves: 0,
        passes: 0,
        captures: [0, 0],
        scored_captures: [0, 0],
        ending,
        scored_position: Position::empty(record.width, record.height),
        final_position: Position::empty(record.width, record.height),
        last_move: None,
        snapshots: Vec::new(),
    };
    let Ok(mut engine) = Engine::new(record.width, record.height) else {
        return out;
    };
    if !record.playable {
        return out;
    }
    engine.reserve(record.events.len());
    let mut scored: Option<Position> = None;
    let mut first_illegal: Option<u32> = None;
    let stop_moves: Vec<u32> = out.ending.stops.iter().map(|s| s.passes[1]).collect();
    if opts.snapshot_moves.contains(&0) {
        // Position before the first move: taken after root setup below.
    }
    let mut facts = engine::MoveFacts::new(0, Color::Black, Move::Pass);
    for (k, event) in record.events.iter().enumerate() {
        match event {
            Event::Setup(s) => {
                let next = next_move(&record.events[k + 1..]);
                let to_move = to_move_after_setup(s, next);
                if let Some(f) = pl_contradicted(s, next, record.height, locate) {
                    findings.push(f);
                }
                engine.setup(&s.add_black, &s.add_white, &s.clear, to_move);
                if let Some(f) = setup_without_liberties(&engine, s, record.height, locate) {
                    findings.push(f);
                }
                if opts.snapshot_moves.contains(&0) && s.in_root {
                    out.snapshots.push(Snapshot {
                        after_move: 0,
                        position: engine.position(),
                        last_move: None,
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
                if let Some(verdict) = engine::judge(rules, &facts) {
                    // Admitted first: a listed verdict asks every preset (`also`).
                    if cap.admit(verdict.code, verdict.code.default_severity()) {
                        let mut finding = verdict_finding(record, m, &facts, verdict, locate);
                        match first_illegal {
                            // Spec §1.8 item 5: after an illegal move the replay goes on
                            // as played, so later verdicts judge a position the rules
                            // would not have produced.
                            Some(earlier) => finding.message.push_str(&format!(
                                " (This follows the illegal move {earlier}: the position is the one played, not the one the rules would have produced.)"
                            )),
                            None if finding.severity == Severity::Error => first_illegal = Some(m.number),
                            None => {}
                        }
                        findings.push(finding);
                    }
                }
                let keep = opts.snapshot_moves.contains(&m.number)
                    || (opts.keep_stop_positions
                        && (stop_moves.contains(&m.number) || end_move == Some(m.number)));
                if keep {
                    out.snapshots.push(Snapshot {
                        after_move: m.number,
                        position: engine.position(),
                        last_move: out.last_move,
                    });
                }
                if end_move == Some(m.number) {
                    scored = Some(engine.position());
                    out.scored_captures = engine.captures();
                }
            }
        }
    }
    out.captures = engine.captures();
    if scored.is_none() {
        out.scored_captures = out.captures;
    }
    out.final_position = engine.position();
    out.scored_position = scored.unwrap_or_else(|| out.final_position.clone());
    out
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

/// A legality verdict as a finding, with what every other preset says.
fn verdict_finding(
    record: &GameRecord,
    m: &crate::read::record::MoveEvent,
    facts: &engine::MoveFacts,
    verdict: engine::Verdict,
    locate: Locate<'_>,
) -> Finding {
    let point = m.mv.point();
    let mut message = verdict.message;
    if !message.ends_with('.') {
        message.push('.');
    }
    if m.forced {
        message.push_str(
            " The record marks this move KO[] (execute even if illegal); the verdict stands.",
        );
    }
    let mut f = Finding::new(verdict.code, message)
        .on_move(m.number, m.color, point, record.height)
        .at(locate(m.pos))
        .with_certainty(verdict.certainty);
    f.related_move = verdict.related_move;
    f.also = engine::also(facts);
    f
}

/// Under assumed rules (no RU), an illegal-move verdict that another common ruleset
/// does not call an error is only as good as the assumption: a triple ko without RU is
/// illegal under positional superko but legal under Japanese or Chinese simple ko. Such
/// a verdict becomes a warning that names the assumption, as results under assumed
/// rules already are.
fn soften_assumed_verdicts(findings: &mut [Finding], rules: &Rules) {
    let mut softened = Vec::new();
    for f in findings.iter_mut() {
        if f.severity != Severity::Error || f.also.is_empty() {
            continue;
        }
        let allowing: Vec<&str> = f
            .also
            .iter()
            .filter(|(_, code)| code.is_none_or(|c| c.default_severity() < Severity::Error))
            .map(|(preset, _)| preset.as_str())
            .collect();
        if allowing.is_empty() {
            continue;
        }
        f.severity = Severity::Warning;
        softened.push(f.code);
        f.message.push_str(&format!(
            " The record has no RU and {} was assumed; {} allow{} it.",
            rules.name,
            allowing.join(", "),
            if allowing.len() == 1 { "s" } else { "" }
        ));
    }
    // The cap's closing "N more ... not listed" finding (no move) follows its code.
    for f in findings.iter_mut() {
        if f.move_number.is_none() && f.severity == Severity::Error && softened.contains(&f.code) {
            f.severity = Severity::Warning;
        }
    }
}

/// The number of handicap stones: HA's stones as set up or played (spec §7.3, T15).
fn handicap_stones(record: &GameRecord, ending: &EndingReport) -> u32 {
    let announced = record.handicap.unwrap_or(0);
    if announced < 2 {
        return 0;
    }
    let root_black: usize = record
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Setup(s) if s.in_root => Some(s.add_black.len()),
            _ => None,
        })
        .sum();
    if root_black > 0 {
        return root_black as u32;
    }
    record
        .handicap_moves
        .max(ending.handicap_plays)
        .max(announced)
}

fn komi_differs(record: &GameRecord, rules: &Rules, handicap: u32, findings: &mut Vec<Finding>) {
    let expected = rules.komi_for(handicap);
    if let Some(km) = record.komi {
        if (km - expected).abs() > 1e-9 {
            findings.push(Finding::new(
                Code::KomiDiffers,
                format!(
                    "KM[{}] differs from the {} komi of {}; the record's komi is used",
                    rules::format_number(km),
                    rules.name,
                    rules::format_number(expected)
                ),
            ));
        }
    }
}

/// Findings about the record as a whole: alternation, moves after the end, the last
/// pass, the resigner's last move, KM against RE (where the record's KM is its komi).
fn record_findings(
    record: &GameRecord,
    rules: &Rules,
    replay: &Replay,
    km_is_komi: bool,
    findings: &mut Vec<Finding>,
    cap: &mut FindingCap,
    locate: Locate<'_>,
) {
    let mut moves: Vec<&crate::read::record::MoveEvent> = Vec::with_capacity(record.events.len());
    moves.extend(record.moves());
    // Moves are numbered in order: a binary search, not a scan per lookup (a record
    // of a million moves by one colour has a million alternation entries).
    let find = |number: u32| {
        moves
            .binary_search_by_key(&number, |m| m.number)
            .ok()
            .map(|i| moves[i])
    };
    for &n in &replay.ending.alternation {
        if !cap.admit(Code::Alternation, Code::Alternation.default_severity()) {
            continue;
        }
        if let Some(m) = find(n) {
            findings.push(
                Finding::new(
                    Code::Alternation,
                    format!(
                        "{} moves twice in a row; a move or pass is probably missing",
                        m.color.name()
                    ),
                )
                .on_move(n, m.color, m.mv.point(), record.height)
                .at(locate(m.pos)),
            );
        }
    }
    if let (Some(&first), Some(end)) = (replay.ending.after_end.first(), replay.ending.end) {
        if let Some(m) = find(first) {
            let why = match end.kind {
                EndKind::FourPasses => {
                    "four consecutive passes ended play, which cannot resume (SST)"
                }
                _ => "the second stop ended the game",
            };
            findings.push(
                Finding::new(
                    Code::MoveAfterEnd,
                    format!(
                        "{} move(s) after move {}, where {}; they are not counted",
                        replay.ending.after_end.len(),
                        end.move_number,
                        why
                    ),
                )
                .on_move(first, m.color, m.mv.point(), record.height)
                .at(locate(m.pos))
                .related(end.move_number),
            );
        }
    }
    white_owes_pass(record, rules, replay, findings);
    if record.variation.is_empty() {
        // RE is the main line's result; a side variation is not checked against it.
        resigner_moved_last(record, &moves, findings, locate);
        if km_is_komi {
            komi_result_parity(record, findings);
        }
    }
}

fn white_owes_pass(
    record: &GameRecord,
    rules: &Rules,
    replay: &Replay,
    findings: &mut Vec<Finding>,
) {
    if !rules.white_passes_last {
        return;
    }
    let Some(end) = replay.ending.end else { return };
    let last_stop = replay
        .ending
        .stops
        .iter()
        .rev()
        .find(|s| s.passes[1] == end.move_number);
    if let Some(stop) = last_stop {
        if stop.last_passer == Color::Black {
            findings.push(
                Finding::new(
                    Code::WhiteOwesPass,
                    "the game ends with a Black pass; under AGA rules White makes the last pass (one more pass stone). The area result is unchanged",
                )
                .on_move(end.move_number, Color::Black, None, record.height),
            );
        }
    }
}

fn resigner_moved_last(
    record: &GameRecord,
    moves: &[&crate::read::record::MoveEvent],
    findings: &mut Vec<Finding>,
    locate: Locate<'_>,
) {
    let Some((re, parsed)) = record.re() else {
        return;
    };
    let how = match parsed.kind {
        ResultKind::Resign => "resigned",
        ResultKind::Time => "lost on time",
        _ => return,
    };
    let (Some(winner), Some(last)) = (parsed.winner(), moves.last()) else {
        return;
    };
    if last.color == winner.opponent() {
        findings.push(
            Finding::new(
                Code::ResignerMovedLast,
                format!(
                    "RE[{re}] says {} {how}, but {} made the last move",
                    winner.opponent().name(),
                    last.color.name()
                ),
            )
            .on_move(last.number, last.color, last.mv.point(), record.height)
            .at(locate(last.pos)),
        );
    }
}

fn komi_result_parity(record: &GameRecord, findings: &mut Vec<Finding>) {
    let (Some(km), Some((re, parsed))) = (record.komi, record.re()) else {
        return;
    };
    let (Some(winner), ResultKind::Score(margin)) = (parsed.winner(), &parsed.kind) else {
        return;
    };
    let black_margin = if winner == Color::Black {
        *margin
    } else {
        -*margin
    };
    let fraction = (black_margin + km).rem_euclid(1.0);
    if fraction > 1e-9 && fraction < 1.0 - 1e-9 {
        findings.push(Finding::new(
            Code::KomiResultParity,
            format!(
                "RE[{re}] cannot come from KM[{}]: an area margin is a whole number minus komi, so its fraction must be {}",
                rules::format_number(km),
                rules::format_number((-km).rem_euclid(1.0))
            ),
        ));
    }
}

/// Penalty points: `--penalty`, else the clock when the event used Ing overtime.
fn penalties(
    record: &GameRecord,
    opts: &RefereeOptions,
    findings: &mut Vec<Finding>,
) -> (Penalties, Option<TimeReport>) {
    if let Some(p) = opts.penalties {
        return (p, None);
    }
    let ing_ot = record
        .info
        .overtime
        .as_deref()
        .is_some_and(|ot| ot.to_ascii_lowercase().contains("ing"));
    if !(opts.ing_overtime || ing_ot) || record.time_limit.is_none() {
        return (Penalties::default(), None);
    }
    let Ok(report) = opts.overtime.assess_record(record) else {
        return (Penalties::default(), None);
    };
    for (color, side) in [(Color::Black, &report.black), (Color::White, &report.white)] {
        if side.lost_on_time {
            findings.push(Finding::new(
                Code::LostOnTime,
                format!(
                    "{} exceeded the last overtime period and loses on time",
                    color.name()
                ),
            ));
        } else if side.points > 0 {
            findings.push(Finding::new(
                Code::PenaltyPoints,
                format!(
                    "{} entered {} overtime period(s): {} penalty points",
                    color.name(),
                    side.periods,
                    side.points
                ),
            ));
        }
    }
    (report.penalties(), Some(report))
}

#[cfg(test)]
mod selection_tests {
    use super::*;

    #[test]
    fn remembered_selections_are_the_alias_tables_answers() {
        // More distinct RU values than are remembered, asked in turn several times, so
        // that answers are both remembered and forgotten.
        let rus = [
            None,
            Some("Japanese"),
            Some("Chinese"),
            Some("AGA"),
            Some("GOE"),
            Some("NZ"),
            Some("koPOSITIONALscoreAREAsui1"),
            Some("Korean"),
            Some("something else"),
            Some(""),
            Some("  japanese "),
        ];
        for _ in 0..3 {
            for ru in rus {
                assert_eq!(select_for_ru(ru), rules::select_for_record(ru), "{ru:?}");
            }
        }
    }
}
