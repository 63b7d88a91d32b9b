//! `goref appeal`: one disputed ending laid out for a tournament director (spec §2,
//! §4, §5, §6.4, §7.5).
//!
//! The record is refereed under each ruleset an appeal can turn on (SST Ing,
//! Simplified Ing, the AGA variant and AGA), and the end of the game is counted
//! under five readings. SST gets two: the literal reading of terminology 19 (four
//! passes end play, every stone counts) and the reading of the 2002 EGF Appeals
//! Committee (passes 3–4 void, agreed dead stones removed). goref never chooses
//! between them silently (§6.4). A reading that would remove dead stones uses only
//! stones marked in the record (TB/TW) or claimed with `--dead`; with neither it
//! gives no result rather than guess.
//!
//! [`Appeal::of`] builds the [`Appeal`]; [`Appeal::to_text`], [`Appeal::to_html`] and
//! [`Appeal::to_json_value`] (`--format json`, docs/report.md) print it, and
//! [`Appeal::svg_files`] renders its diagrams.
//!
//! ```
//! use goref_core::check::RefereeOptions;
//! use goref_core::count::Estimator;
//! use goref_core::present::appeal::Appeal;
//! use goref_core::read::{read, ReadOptions};
//!
//! // T11 of the rules spec: four passes, no dead stones marked or claimed.
//! let bytes = std::fs::read("testdata/appeal/t11.sgf").unwrap();
//! let record = &read(&bytes, &ReadOptions::default()).games[0];
//! let opts = RefereeOptions { estimator: Estimator::None, ..RefereeOptions::default() };
//! let appeal = Appeal::of(record, &opts, None, None).unwrap().to_json_value();
//! let reading = |kind: &str| {
//!     let readings = appeal["readings"].as_array().unwrap();
//!     readings.iter().find(|r| r["kind"] == kind).unwrap().clone()
//! };
//! // Read literally, four passes end play and every stone counts ...
//! assert_eq!(reading("sst-literal")["re"], "B+1");
//! // ... the 2002 precedent needs agreed dead stones, and there are none: no result.
//! assert_eq!(reading("sst-precedent")["status"], "no-claim");
//! assert!(reading("sst-precedent")["re"].is_null());
//! ```

use crate::count::judge::{self, Judged};
use crate::count::options::Estimator;
use crate::count::options::RefereeOptions;
use crate::count::reading::{self, Basis};
use crate::count::score::{self};
use crate::findings::{Category, Code, Finding};
use crate::point::{Color, Move, Point};
use crate::present::diagram::DiagramMarks;
use crate::read::record::GameRecord;
use crate::replay::ending::{End, EndKind};
use crate::replay::game::{self, Keep, Replay};
use crate::replay::position::Position;
use std::collections::BTreeMap;

/// The most stops an appeal tells in full (text, HTML) and draws (diagrams, `--svg`);
/// the rest are summed up in one line, and `--format json` lists them all. A real
/// ending has a few stops; a record with thousands is hostile, and each drawn stop
/// costs a diagram.
pub(crate) const MAX_STOPS_SHOWN: usize = 50;

mod diagrams;
mod model;
mod readings;
mod sentences;
mod text;
mod timeline;

use diagrams::diagrams;
pub use model::Appeal;
pub(crate) use model::AppealError;
pub(crate) use model::AppealOptions;
pub(crate) use model::{
    DeadStonesView, DiagramKind, EndingView, GameSummary, MoveFindings, PassView, RuleFinding,
    StoneView, StopView,
};
pub(crate) use model::{Diagram, Reading, ReadingKind, ReadingStatus};
use readings::{build_reading, decision, disputed, move_label, summary};
pub(crate) use readings::{re_label, DISPUTE};
use sentences::{join_and, Removal, SentenceContext};
pub(crate) use text::to_text;
pub(crate) use text::{komi_text, penalties_text};
pub(crate) use timeline::EventKind;

#[cfg(test)]
mod tests;

/// The readings of one appeal with the preset each referees: the five readings an
/// appeal under Ing or AGA rules turns on, and the record's own rules (`--rules`, else
/// RU) when they are none of those presets.
type Lineup = Vec<(ReadingKind, &'static str)>;

fn lineup(own: &'static str) -> Lineup {
    let mut kinds: Lineup = ReadingKind::ALL
        .iter()
        .map(|&k| (k, k.preset(own)))
        .collect();
    if has_own_row(own) {
        kinds.push((ReadingKind::RecordRules, own));
    }
    kinds
}

/// The preset of the record's own rules: `--rules` where given (and not `auto`), else
/// the one RU maps to.
fn own_preset(record: &GameRecord, opts: &AppealOptions) -> &'static str {
    let rules = opts.rules.clone();
    let selection = judge::select_rules(
        record,
        &RefereeOptions {
            rules,
            ..RefereeOptions::default()
        },
    );
    crate::rules::Preset::named(&selection.rules.name).map_or("simplified-ing", |p| p.name)
}

/// Lays out the appeal of one game.
///
/// ```
/// use goref_core::check::RefereeOptions;
/// use goref_core::present::appeal::Appeal;
/// use goref_core::read::{read, ReadOptions};
///
/// let bytes = std::fs::read("testdata/appeal/t11.sgf").unwrap();
/// let record = &read(&bytes, &ReadOptions::default()).games[0];
/// let a = Appeal::of(record, &RefereeOptions::default(), None, None).unwrap();
/// // Five readings side by side: SST literal and precedent, SIR, AGA variant, AGA.
/// assert_eq!(a.to_json_value()["readings"].as_array().unwrap().len(), 5);
/// assert!(a.to_text().contains("SST precedent"));
/// ```
pub(crate) fn appeal(record: &GameRecord, opts: &AppealOptions) -> Result<Appeal, AppealError> {
    if !record.playable {
        return Err(AppealError::Unplayable);
    }
    let own = own_preset(record, opts);
    let lineup = lineup(own);
    let (replay, runs) = judge_all(record, opts, &lineup, own);
    let first = runs.values().next().ok_or(AppealError::Unplayable)?;
    let final_position = first.final_position.clone();
    if let Some(m) = opts.move_number.filter(|&m| m > first.moves) {
        return Err(AppealError::MoveOutOfRange {
            requested: m,
            moves: first.moves,
        });
    }
    let claimed = match &opts.dead {
        Some(text) => Some(score::parse_dead(text, &final_position)?),
        None => None,
    };
    let colors: BTreeMap<u32, Color> = record.move_events().map(|m| (m.number, m.color)).collect();
    let own_from = match opts.rules.as_deref() {
        Some(name) if !name.eq_ignore_ascii_case("auto") => format!("--rules {name}"),
        _ => match &record.info.recorded_rules {
            Some(ru) => format!("RU[{ru}]"),
            None => "no RU; goref's default".to_string(),
        },
    };
    let end_opts = end_options(opts, claimed.as_deref());
    let mut readings: Vec<Reading> = lineup
        .iter()
        .filter_map(|&(kind, preset)| {
            let r = runs.get(preset)?;
            Some(build_reading(
                kind, record, r, &end_opts, &colors, &own_from,
            ))
        })
        .collect();
    for r in &mut readings {
        r.record_rules = r.rules == own;
    }
    // Where the record's own rules do not end the game and `check` still compares a count
    // with RE (a counted RE stands for the players' count), the row says what `check` says.
    // The rules are selected as `check` selects them (a preset row of the record's rules
    // is that ruleset as named).
    if let Some(r) = readings
        .iter_mut()
        .find(|r| r.record_rules && r.status == ReadingStatus::NotEnded)
    {
        // A row of its own was judged so already; a preset row was not.
        let judged_here;
        let as_check = match runs.get(own).filter(|_| has_own_row(own)) {
            Some(run) => run,
            None => {
                judged_here = judge::judge(record, &replay, &referee_options(opts, own, true));
                &judged_here
            }
        };
        r.notes
            .extend(check_count_note(record, as_check, &end_opts));
    }
    let findings = move_findings(&runs, &lineup);
    for r in &mut readings {
        r.notes.extend(legal_here_notes(&r.rules, &findings));
    }
    let marked = reading::marked_dead(record, &final_position);
    let chosen = reading::dead_stones(
        record,
        &final_position,
        claimed.as_deref(),
        &opts.estimator,
        first.komi.value,
        true,
    );
    let dead = dead_stones(claimed.as_deref(), &marked, &chosen, &final_position);
    let mut appeal = Appeal {
        file: None,
        game: game_summary(record, first),
        passes: record
            .move_events()
            .filter(|m| m.mv == Move::Pass)
            .map(|m| PassView {
                move_number: m.number,
                color: m.color,
            })
            .collect(),
        endings: ending_views(&runs, &colors, &lineup),
        dead,
        findings,
        disputed: disputed(&readings),
        summary: summary(&readings),
        decision: decision(&readings, &final_position),
        readings,
        diagrams: Vec::new(),
    };
    appeal.diagrams = diagrams(record, opts, &appeal, &replay);
    Ok(appeal)
}

/// Replays the record once and judges that replay under each preset the readings use,
/// keyed by preset name. The replay keeps every position the appeal counts or draws:
/// each preset's end and stops, `--move`, and the last move.
fn judge_all(
    record: &GameRecord,
    opts: &AppealOptions,
    lineup: &Lineup,
    own: &'static str,
) -> (Replay, BTreeMap<&'static str, Judged>) {
    let mut presets: Vec<(&'static str, RefereeOptions)> = Vec::new();
    for &(_, preset) in lineup {
        if !presets.iter().any(|(p, _)| *p == preset) {
            let own_row = preset == own && has_own_row(own);
            presets.push((preset, referee_options(opts, preset, own_row)));
        }
    }
    let mut keep = Keep::moves(opts.move_number);
    keep.add(record.move_events().last().map(|m| m.number));
    for (_, preset_opts) in &presets {
        keep.add_all(&judge::keep_for(record, preset_opts));
        let stops = judge::ending_of(record, preset_opts).stops;
        keep.add(stops.iter().map(|s| s.passes[1]));
    }
    let replay = game::replay(record, &keep);
    let runs = presets
        .into_iter()
        .map(|(preset, preset_opts)| (preset, judge::judge(record, &replay, &preset_opts)))
        .collect();
    (replay, runs)
}

/// Whether the record's rules (`own`) have a row of their own, being none of the five
/// presets; a preset row stays that ruleset as named, whatever the record's RU.
fn has_own_row(own: &'static str) -> bool {
    !ReadingKind::ALL.iter().any(|k| k.preset(own) == own)
}

/// The options each preset is judged with. The record's own rules, in their own row,
/// are selected as `check` selects them (`--rules`, else RU), so that they count as
/// `check` counts: a source's convention (Fox's komi) applies to the rules the record
/// names, never to a ruleset the appeal reads it under.
fn referee_options(opts: &AppealOptions, preset: &str, own: bool) -> RefereeOptions {
    let rules = if own {
        opts.rules.clone()
    } else {
        Some(preset.to_string())
    };
    RefereeOptions {
        rules,
        komi: opts.komi,
        penalties: opts.penalties,
        ing_overtime: opts.ing_overtime,
        overrides: opts.overrides.clone(),
        // The readings choose their own dead stones; the runs only replay and judge.
        estimator: Estimator::None,
        ..RefereeOptions::default()
    }
}

/// What `check` states where the record's own rules do not end the game but RE is a count
/// it compares with (the count stands for the players' agreement; docs/appeal.md): None
/// where it states no result.
fn check_count_note(
    record: &GameRecord,
    own: &Judged,
    end_opts: &RefereeOptions,
) -> Option<String> {
    let end = reading::read_end(record, end_opts, own);
    let computed = end.result.computed.as_deref()?;
    let re = end.result.recorded.as_deref()?;
    Some(format!(
        "`goref check` takes RE[{re}] for the players' count of the position where the record stops, and computes {computed}: {}",
        end.result.reason
    ))
}

/// The options a reading's end is read with, as `check` reads it (`reading::read_end`):
/// the estimator, the claimed dead stones and the confidence a result may rest on.
/// (The rules, komi and penalties are the judged run's.)
fn end_options(opts: &AppealOptions, claimed: Option<&[Point]>) -> RefereeOptions {
    RefereeOptions {
        dead: claimed.map(<[Point]>::to_vec),
        estimator: opts.estimator.clone(),
        min_confidence: opts.min_confidence,
        ..RefereeOptions::default()
    }
}

fn game_summary(record: &GameRecord, r: &Judged) -> GameSummary {
    let selection = judge::select_rules(record, &RefereeOptions::default());
    let info = &record.info;
    GameSummary {
        number: record.game_index + 1,
        info: info.clone(),
        rules: selection.rules.name,
        rules_reason: selection.reason,
        komi: record.komi,
        result: info.result.clone(),
        width: record.width,
        height: record.height,
        moves: r.moves,
        handicap: r.handicap,
    }
}

/// One view per kind of ending, in the order the readings first use it.
fn ending_views(
    runs: &BTreeMap<&'static str, Judged>,
    colors: &BTreeMap<u32, Color>,
    lineup: &Lineup,
) -> Vec<EndingView> {
    let mut views: Vec<EndingView> = Vec::new();
    for &(_, preset) in lineup {
        let Some(r) = runs.get(preset) else {
            continue;
        };
        let ending = r.selection.rules.ending;
        let preset = preset.to_string();
        if let Some(v) = views.iter_mut().find(|v| v.ending == ending) {
            if !v.rules.contains(&preset) {
                v.rules.push(preset);
            }
            continue;
        }
        let e = &r.ending;
        views.push(EndingView {
            ending,
            rules: vec![preset],
            stops: e
                .stops
                .iter()
                .map(|s| StopView {
                    passes: s.passes,
                    by: [
                        colors
                            .get(&s.passes[0])
                            .copied()
                            .unwrap_or(s.last_passer.opponent()),
                        s.last_passer,
                    ],
                })
                .collect(),
            resumptions: e.resumptions.clone(),
            end: e.end,
            after_end: e.after_end.clone(),
        });
    }
    views
}

fn stone_view(p: Point, pos: &Position) -> StoneView {
    StoneView {
        point: p.sgf(),
        vertex: p.vertex(pos.height),
        color: pos.get(p),
    }
}

fn dead_stones(
    claimed: Option<&[Point]>,
    marked: &[Point],
    chosen: &reading::DeadStones,
    pos: &Position,
) -> DeadStonesView {
    let views = |points: &[Point]| points.iter().map(|&p| stone_view(p, pos)).collect();
    DeadStonesView {
        claimed: claimed.map(views),
        marked: views(marked),
        estimated: (chosen.basis == Basis::Estimated).then(|| views(&chosen.dead)),
        used: views(&chosen.dead),
        source: chosen.basis.removed(),
    }
}

/// The engine's legality verdicts: moves some rules forbid (the registry's category).
fn is_legality(code: Code) -> bool {
    code.category() == Category::Legality
}

/// Every finding tied to a move, merged over the presets, in move order.
fn move_findings(runs: &BTreeMap<&'static str, Judged>, lineup: &Lineup) -> Vec<MoveFindings> {
    let mut by_move: BTreeMap<u32, MoveFindings> = BTreeMap::new();
    for &(_, preset) in lineup {
        let Some(r) = runs.get(preset) else { continue };
        for f in &r.findings {
            let Some(n) = f.move_number else { continue };
            let entry = by_move.entry(n).or_insert_with(|| MoveFindings {
                move_number: n,
                color: f.color,
                point: f.point.clone(),
                vertex: f.vertex.clone(),
                findings: Vec::new(),
                legal_under: Vec::new(),
            });
            add_finding(entry, f, preset);
        }
    }
    let presets: Vec<&str> = unique_presets(lineup);
    for m in by_move.values_mut() {
        if m.findings.iter().any(|f| is_legality(f.code)) {
            m.legal_under = presets
                .iter()
                .filter(|p| {
                    !m.findings
                        .iter()
                        .any(|f| is_legality(f.code) && f.under.iter().any(|u| u == *p))
                })
                .map(|p| p.to_string())
                .collect();
        }
    }
    by_move.into_values().collect()
}

/// Moves other rules forbid that these rules allow (T03: a ko retaken after two
/// passes is legal under SST).
fn legal_here_notes(preset: &str, findings: &[MoveFindings]) -> Vec<String> {
    findings
        .iter()
        .filter(|m| m.legal_under.iter().any(|p| p == preset))
        .map(|m| {
            let codes: Vec<String> = m
                .findings
                .iter()
                .filter(|f| is_legality(f.code))
                .map(|f| format!("{} under {}", f.code, f.under.join(", ")))
                .collect();
            format!(
                "move {}{} is legal under {preset} ({})",
                m.move_number,
                move_label(m.color, m.vertex.as_deref()),
                codes.join("; ")
            )
        })
        .collect()
}

fn add_finding(entry: &mut MoveFindings, f: &Finding, preset: &str) {
    if let Some(existing) = entry.findings.iter_mut().find(|e| e.code == f.code) {
        if !existing.under.iter().any(|u| u == preset) {
            existing.under.push(preset.to_string());
        }
        return;
    }
    entry.findings.push(RuleFinding {
        code: f.code,
        severity: f.severity,
        message: f.message.clone(),
        rule: f.code.info().rule,
        under: vec![preset.to_string()],
    });
}

fn unique_presets(lineup: &Lineup) -> Vec<&'static str> {
    let mut presets: Vec<&'static str> = Vec::new();
    for &(_, preset) in lineup {
        if !presets.contains(&preset) {
            presets.push(preset);
        }
    }
    presets
}
