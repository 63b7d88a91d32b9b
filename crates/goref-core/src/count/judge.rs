//! The judgement: one [`Replay`] of a [`GameRecord`] under one ruleset, turning what the
//! engine, the ending analysis and the score say into findings and a result check.
//!
//! Recorded moves are executed as played (SGF FF[4]); an illegal move is reported at
//! its move and the replay goes on, so every later verdict is still reported.

use crate::count::convention;
use crate::count::score::{Komi, Penalties};
use crate::count::timing::TimeReport;
use crate::findings::{Code, Finding, FindingCap, Severity};
use crate::point::{Color, Move};
use crate::read::record::{Event, GameRecord};
use crate::read::result::ResultKind;
use crate::replay::ending::{self, EndKind, EndingReport, Turn};
use crate::replay::engine;
use crate::replay::game::{self, Keep, Replay};
use crate::replay::position::Position;
use crate::rules::{self, Rules, RulesSource, Selection};

use crate::count::options::RefereeOptions;

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
    /// Prisoners at the end of the game (territory counting).
    pub scored_captures: [u32; 2],
    pub penalties: Penalties,
    pub time: Option<TimeReport>,
}

pub(crate) fn select_rules(record: &GameRecord, opts: &RefereeOptions) -> Selection {
    let named = opts.rules.as_deref();
    let mut selection = match named.filter(|name| !name.eq_ignore_ascii_case("auto")) {
        None => select_for_ru(record.info.recorded_rules.as_deref()),
        Some(name) => match Rules::named(name) {
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

pub(crate) use crate::replay::game::Locate;

/// The rules a judgement applies to a record and the ending they read from its turns:
/// known before the replay, so that the replay keeps the positions the judgement counts.
struct Ruled {
    selection: Selection,
    ending: EndingReport,
}

fn rule_record(record: &GameRecord, opts: &RefereeOptions) -> Ruled {
    let selection = select_rules(record, opts);
    let ending = read_ending(record, &selection.rules);
    Ruled { selection, ending }
}

impl Ruled {
    /// The move whose position this judgement counts: the end of the game (the final
    /// position, always kept, when the game did not end).
    fn keep(&self) -> Keep {
        Keep::moves(self.ending.end.map(|e| e.move_number))
    }
}

/// The position a judgement under `opts` counts, for the replay of `record` to keep: add
/// them to one [`Keep`] per judgement, and one [`replay`](crate::replay::game::replay)
/// serves them all.
pub fn keep_for(record: &GameRecord, opts: &RefereeOptions) -> Keep {
    rule_record(record, opts).keep()
}

/// The ending of `record` under the rules `opts` select (its stops, resumptions and end),
/// read from its turns alone: no replay.
pub(crate) fn ending_of(record: &GameRecord, opts: &RefereeOptions) -> EndingReport {
    rule_record(record, opts).ending
}

/// Replays one game and judges it under the rules `opts` select: the verdicts on its
/// moves, its ending, komi and penalties. The end is not read here.
pub(crate) fn judge_game(record: &GameRecord, opts: &RefereeOptions) -> Judged {
    judge_game_located(record, opts, &|pos| pos)
}

pub(crate) fn judge_game_located(
    record: &GameRecord,
    opts: &RefereeOptions,
    locate: Locate<'_>,
) -> Judged {
    let ruled = rule_record(record, opts);
    let replay = game::replay_located(record, &ruled.keep(), locate);
    judge_ruled(record, &replay, ruled, opts, locate)
}

/// Judges a game already replayed under the rules `opts` select. The replay should keep
/// what [`keep_for`] asks; where it does not, the game is replayed again with it (the
/// count never rests on a position the replay did not keep).
pub fn judge(record: &GameRecord, replay: &Replay, opts: &RefereeOptions) -> Judged {
    let ruled = rule_record(record, opts);
    let needed = ruled.keep();
    if replay.keep.covers(&needed) {
        return judge_ruled(record, replay, ruled, opts, &|pos| pos);
    }
    let mut keep = replay.keep.clone();
    keep.add_all(&needed);
    let again = game::replay(record, &keep);
    judge_ruled(record, &again, ruled, opts, &|pos| pos)
}

fn judge_ruled(
    record: &GameRecord,
    replay: &Replay,
    ruled: Ruled,
    opts: &RefereeOptions,
    locate: Locate<'_>,
) -> Judged {
    let rules = &ruled.selection.rules;
    // Findings that can come once per node or move go through the cap.
    let mut cap = FindingCap::default();
    let mut findings: Vec<Finding> = record
        .findings
        .iter()
        .filter(|f| cap.admit(f.code, f.severity))
        .cloned()
        .collect();
    if ruled.selection.source == RulesSource::Assumed {
        findings.push(Finding::new(
            Code::RulesAssumed,
            ruled.selection.reason.clone(),
        ));
    }
    judge_moves(record, rules, replay, &mut findings, &mut cap, locate);
    let handicap = handicap_stones(record, &ruled.ending);
    let komi = Komi::choose(opts.komi, record.komi, rules, handicap);
    // Where the source's convention sets komi (its KM is a placeholder, convention.rs),
    // what the record's KM implies is moot: neither komi finding is made.
    let komi_is_placeholder = convention::komi_is_placeholder(record, &ruled.selection.source);
    if !komi_is_placeholder {
        komi_differs(record, rules, handicap, &mut findings);
    }
    record_findings(
        record,
        rules,
        &ruled.ending,
        !komi_is_placeholder,
        &mut findings,
        &mut cap,
        locate,
    );
    cap.finish(&mut findings);
    if ruled.selection.source == RulesSource::Assumed {
        soften_assumed_verdicts(&mut findings, rules);
    }
    let (penalties, time) = penalties(record, opts, &mut findings);
    // The position counted: at the end of the game, else the final one.
    let at_end = ruled
        .ending
        .end
        .and_then(|e| replay.kept_after(e.move_number));
    let (scored_position, scored_captures) = match at_end {
        Some(k) => (k.position.clone(), k.captures),
        None => (replay.final_position.clone(), replay.captures),
    };
    Judged {
        findings,
        moves: replay.moves,
        passes: replay.passes,
        captures: replay.captures,
        scored_captures,
        handicap,
        komi,
        scored_position,
        final_position: replay.final_position.clone(),
        ending: ruled.ending,
        penalties,
        time,
        selection: ruled.selection,
    }
}

/// The ending of the game under `rules` (spec §8.4), read from its turns alone.
fn read_ending(record: &GameRecord, rules: &Rules) -> EndingReport {
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
    ending::analyse(
        &turns,
        rules.ending,
        record.handicap.unwrap_or(0),
        root_stones,
    )
}

/// The verdicts of `rules` on the replayed moves, in the order of the game, with the
/// replay's own findings where they arose.
fn judge_moves(
    record: &GameRecord,
    rules: &Rules,
    replay: &Replay,
    findings: &mut Vec<Finding>,
    cap: &mut FindingCap,
    locate: Locate<'_>,
) {
    let mut replay_findings = replay.findings.iter().peekable();
    let mut first_illegal: Option<u32> = None;
    let mut moves = record.move_events().enumerate();
    for (index, facts) in &replay.notable {
        while let Some(f) = replay_findings.next_if(|f| f.moves_before <= *index) {
            findings.push(f.finding.clone());
        }
        let Some((_, m)) = moves.find(|(i, _)| i == index) else {
            break;
        };
        let Some(verdict) = engine::judge(rules, facts) else {
            continue;
        };
        // Admitted first: a listed verdict asks every preset (`also`).
        if !cap.admit(verdict.code, verdict.code.default_severity()) {
            continue;
        }
        let mut finding = verdict_finding(record, m, facts, verdict, locate);
        match first_illegal {
            // Spec §1.8 item 5: after an illegal move the replay goes on as played, so
            // later verdicts judge a position the rules would not have produced.
            Some(earlier) => finding.message.push_str(&format!(
                " (This follows the illegal move {earlier}: the position is the one played, not the one the rules would have produced.)"
            )),
            None if finding.severity == Severity::Error => first_illegal = Some(m.number),
            None => {}
        }
        findings.push(finding);
    }
    findings.extend(replay_findings.map(|f| f.finding.clone()));
}

/// A legality verdict as a finding, with what every other preset says.
fn verdict_finding(
    record: &GameRecord,
    m: &crate::read::record::MoveEvent,
    facts: &engine::MoveFacts,
    verdict: engine::Verdict,
    locate: Locate<'_>,
) -> Finding {
    let mut f = verdict.into_finding(m.number, m.color, m.mv.point(), record.height);
    if m.forced {
        f.message.push_str(
            " The record marks this move KO[] (execute even if illegal); the verdict stands.",
        );
    }
    f = f.at(locate(m.pos));
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
    ending: &EndingReport,
    km_is_komi: bool,
    findings: &mut Vec<Finding>,
    cap: &mut FindingCap,
    locate: Locate<'_>,
) {
    let mut moves: Vec<&crate::read::record::MoveEvent> = Vec::with_capacity(record.events.len());
    moves.extend(record.move_events());
    // Moves are numbered in order: a binary search, not a scan per lookup (a record
    // of a million moves by one colour has a million alternation entries).
    let find = |number: u32| {
        moves
            .binary_search_by_key(&number, |m| m.number)
            .ok()
            .map(|i| moves[i])
    };
    for &n in &ending.alternation {
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
    if let (Some(&first), Some(end)) = (ending.after_end.first(), ending.end) {
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
                        ending.after_end.len(),
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
    white_owes_pass(record, rules, ending, findings);
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
    ending: &EndingReport,
    findings: &mut Vec<Finding>,
) {
    if !rules.white_passes_last {
        return;
    }
    let Some(end) = ending.end else { return };
    let last_stop = ending
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
    // The EGF's Ing overtime (3 periods of BT/6, 2 points each): the one the rules name.
    let Ok(report) = crate::count::timing::IngOvertime::default().assess_record(record) else {
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

#[cfg(test)]
mod replay_tests {
    use super::*;
    use crate::read::reader::read;
    use crate::rules::PRESETS;

    fn record(sgf: &str) -> GameRecord {
        read(sgf.as_bytes(), &Default::default())
            .games
            .into_iter()
            .next()
            .unwrap()
    }

    /// Everything a judgement shows, for comparing two of them.
    fn shown(j: &Judged) -> String {
        format!(
            "{:?} {:?} {:?} {} {} {:?} {:?} {:?}",
            j.findings,
            j.ending.end,
            j.ending.stops,
            j.moves,
            j.passes,
            j.scored_captures,
            j.scored_position,
            j.final_position
        )
    }

    #[test]
    fn one_replay_judged_under_each_preset_is_each_preset_s_own_judgement() {
        // A ko retake, an occupied point, stops and a resumption, a capture before the
        // end and a move after the two-pass end: presets end and object differently.
        let sgf = "(;SZ[5]PL[W]KM[0];B[ba];W[ca];B[ab];W[db];B[cb];W[bb];B[ba];W[aa];B[ba];W[ba];B[];W[];B[cc];W[];B[];W[];B[];W[dc])";
        let r = record(sgf);
        let mut keep = Keep::default();
        let options: Vec<RefereeOptions> = PRESETS
            .iter()
            .map(|p| RefereeOptions {
                rules: Some(p.name.to_string()),
                ..RefereeOptions::default()
            })
            .collect();
        for o in &options {
            keep.add_all(&keep_for(&r, o));
        }
        let shared = game::replay(&r, &keep);
        let mut ends = std::collections::BTreeSet::new();
        let replays = || crate::replay::game::REPLAYS.with(|n| n.get());
        for o in &options {
            let alone = judge_game(&r, o);
            // What keep_for asked is enough: judging the shared replay replays nothing.
            let before = replays();
            let judged = judge(&r, &shared, o);
            assert_eq!(replays(), before, "{:?} replayed again", o.rules);
            assert_eq!(shown(&judged), shown(&alone), "{:?}", o.rules);
            ends.insert(alone.ending.end.map(|e| e.move_number));
            // The ending read from the turns alone is the judgement's.
            assert_eq!(
                format!("{:?}", ending_of(&r, o)),
                format!("{:?}", alone.ending)
            );
        }
        assert!(
            ends.len() > 1,
            "the presets should end the game at different moves"
        );
    }

    #[test]
    fn the_replay_s_own_findings_stand_among_the_verdicts_where_they_arose() {
        // Move 2 replaces a stone; then a setup leaves E1 without a liberty; then move 4
        // replaces a stone again.
        let r = record("(;SZ[5];B[aa];W[aa];AB[ee]AW[de][ed];B[cc];W[cc])");
        let judged = judge_game(&r, &RefereeOptions::default());
        let order: Vec<(Code, Option<u32>)> = judged
            .findings
            .iter()
            .filter(|f| matches!(f.code, Code::OccupiedPoint | Code::SetupWithoutLiberties))
            .map(|f| (f.code, f.move_number))
            .collect();
        assert_eq!(
            order,
            vec![
                (Code::OccupiedPoint, Some(2)),
                (Code::SetupWithoutLiberties, None),
                (Code::OccupiedPoint, Some(4)),
            ]
        );
        // A verdict after an illegal move says that the position is the one played.
        let later = |n: u32| {
            judged
                .findings
                .iter()
                .find(|f| f.move_number == Some(n))
                .map(|f| f.message.contains("This follows the illegal move 2"))
        };
        assert_eq!((later(2), later(4)), (Some(false), Some(true)));
    }

    #[test]
    fn a_replay_that_did_not_keep_the_end_is_replayed_again_not_counted_wrongly() {
        // Under SST four passes end play (move 14); the stray plays after them are
        // not counted, so the final position is not the one counted.
        let r = record("(;SZ[5];B[aa];W[bb];B[ab];W[ba];B[cc];W[dd];B[cd];W[dc];B[ee];W[ea];B[];W[];B[];W[];B[ae];W[be])");
        let opts = RefereeOptions {
            rules: Some("sst-ing".into()),
            ..RefereeOptions::default()
        };
        let bare = game::replay(&r, &Keep::default());
        let judged = judge(&r, &bare, &opts);
        let alone = judge_game(&r, &opts);
        assert_eq!(judged.ending.end.map(|e| e.move_number), Some(14));
        assert_ne!(judged.scored_position, judged.final_position);
        assert_eq!(shown(&judged), shown(&alone));
    }
}

/// The examples that documented crate-private items, kept as tests.
#[cfg(test)]
mod doc_examples {
    #[allow(unused_imports)]
    use super::*;

    #[test]
    fn judge_finds_the_occupied_point() {
        use crate::check::RefereeOptions;
        use crate::count::judge::{judge, keep_for};
        use crate::read::{read, ReadOptions};
        use crate::replay::game::replay;

        // Suicide of one stone: legal under NZ rules, not under Japanese rules.
        let sgf = b"(;SZ[5];B[ba];W[dd];B[ab];W[aa])";
        let record = &read(sgf, &ReadOptions::default()).games[0];
        let under = |name: &str| RefereeOptions {
            rules: Some(name.into()),
            ..RefereeOptions::default()
        };
        let once = replay(record, &keep_for(record, &under("nz")));
        let codes = |name: &str| -> Vec<&'static str> {
            judge(record, &once, &under(name))
                .findings
                .iter()
                .map(|f| f.code.as_str())
                .collect()
        };
        assert!(codes("japanese").contains(&"suicide"));
        assert!(!codes("nz").contains(&"suicide"));
    }

    #[test]
    fn keep_for_keeps_what_the_rules_need() {
        use crate::check::RefereeOptions;
        use crate::read::{read, ReadOptions};
        use crate::replay::game::{replay, Keep};

        // SST ends after four passes, Simplified Ing at the second stop: one replay keeps both.
        let sgf = b"(;SZ[9]KM[8];B[ee];W[];B[];W[];B[])";
        let record = &read(sgf, &ReadOptions::default()).games[0];
        let named = |n: &str| RefereeOptions {
            rules: Some(n.into()),
            ..RefereeOptions::default()
        };
        let mut keep = Keep::default();
        for name in ["sst-ing", "simplified-ing"] {
            keep.add_all(&crate::count::judge::keep_for(record, &named(name)));
        }
        let once = replay(record, &keep);
        for name in ["sst-ing", "simplified-ing"] {
            let judged = crate::count::judge::judge(record, &once, &named(name));
            assert!(judged.ending.end.is_some(), "{name}");
        }
    }

    #[test]
    fn judged_holds_verdicts() {
        use crate::check::RefereeOptions;
        use crate::count;
        use crate::read::{read, ReadOptions};

        let sgf = b"(;SZ[9]RU[Japanese]KM[6.5];B[ee];W[ce];B[];W[])";
        let record = &read(sgf, &ReadOptions::default()).games[0];
        let judged = count::referee(record, &RefereeOptions::default()).judged;
        assert_eq!(judged.selection.rules.name, "japanese");
        assert_eq!(judged.komi.value, 6.5);
        assert!(judged.ending.end.is_some());
    }
}
