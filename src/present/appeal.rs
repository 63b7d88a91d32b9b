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
//! [`appeal`] builds the [`Appeal`] (serialisable: `--format json`), [`to_text`]
//! prints it, and each [`Diagram`] renders as text or SVG.

use crate::count::judge::{self, Judged};
use crate::count::options::Estimator;
use crate::count::options::{RefereeOptions, RulesChoice};
use crate::count::reading::{self, Basis, CountContext, FourPassReading};
use crate::count::score::{
    self, serialize_opt_points, serialize_points, Komi, Penalties, PointListError, Score,
};
use crate::findings::{Category, Code, Finding, Severity};
use crate::point::{Color, Move, Point};
use crate::present::diagram::{self, DiagramMarks, SvgOptions, TextOptions};
use crate::present::score_view::ScoreView;
use crate::read::record::{GameRecord, ValueSource};
use crate::replay::ending::{End, EndKind, Resumption};
use crate::replay::position::Position;
use crate::rules::{self, Ending};
use serde::Serialize;
use std::collections::BTreeMap;

/// The most stops an appeal tells in full (text, HTML) and draws (diagrams, `--svg`);
/// the rest are summed up in one line, and `--format json` lists them all. A real
/// ending has a few stops; a record with thousands is hostile, and each drawn stop
/// costs a diagram.
pub const MAX_STOPS_SHOWN: usize = 50;

mod diagrams;
mod sentences;
mod text;
mod timeline;

use diagrams::diagrams;
use sentences::{join_and, Removal, SentenceContext};
pub use text::to_text;
pub use text::{komi_text, penalties_text};
pub use timeline::{EventKind, TimelineEvent};

#[cfg(test)]
mod tests;

/// What the caller can set for one appeal.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AppealOptions {
    /// `--dead POINTS`: the stones a party claims dead (SGF letters or vertices). Every
    /// point must hold a stone at the end of the record.
    pub dead: Option<String>,
    /// `--komi`: replaces the record's KM and each ruleset's default.
    pub komi: Option<f64>,
    /// `--penalty B=2,W=4`.
    pub penalties: Option<Penalties>,
    /// Derive penalty points from the clock (Ing overtime).
    pub ing_overtime: bool,
    /// `--move M`: also show the position after move M (0 = before the first move).
    pub move_number: Option<u32>,
    /// `--ko`, `--tie`, …: settings applied to every reading's ruleset.
    pub overrides: rules::Overrides,
    /// `--rules`: the record's own rules, read beside the Ing and AGA readings (default:
    /// the preset RU maps to). None or `auto`: from RU.
    pub rules: Option<String>,
    /// Who judges dead stones nobody marked or claimed (`--estimator`; `--dead none`
    /// is [`Estimator::None`]).
    pub estimator: Estimator,
}

/// Why an appeal could not be laid out. `Dead` and `MoveOutOfRange` are mistakes in
/// the command line.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AppealError {
    #[error("--dead: {0}")]
    Dead(#[from] PointListError),
    #[error("--move {requested}: the record has only {moves} moves")]
    MoveOutOfRange { requested: u32, moves: u32 },
    #[error("the game cannot be replayed: its board size is unusable")]
    Unplayable,
}

/// The readings, in the order of the verdict table: the five an appeal under Ing or AGA
/// rules turns on, then the record's own rules where they are none of those.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReadingKind {
    /// SST terminology 19: four passes end play; every stone counts.
    SstLiteral,
    /// The 2002 EGF Appeals Committee: passes 3–4 void, agreed dead stones removed.
    SstPrecedent,
    SimplifiedIng,
    /// Preset `aga-ing`: Ing's rules as the AGA reads them (KSS).
    AgaVariant,
    Aga,
    /// The rules the record states (RU) or `--rules` names, where they are not one of
    /// the four presets above (Japanese, Chinese, NZ, Tromp-Taylor).
    RecordRules,
}

impl ReadingKind {
    pub(crate) const ALL: [ReadingKind; 5] = [
        ReadingKind::SstLiteral,
        ReadingKind::SstPrecedent,
        ReadingKind::SimplifiedIng,
        ReadingKind::AgaVariant,
        ReadingKind::Aga,
    ];

    /// The name in the verdict table.
    pub(crate) fn name(self) -> &'static str {
        match self {
            ReadingKind::SstLiteral => "SST literal",
            ReadingKind::SstPrecedent => "SST precedent (EGF 2002)",
            ReadingKind::SimplifiedIng => "Simplified Ing",
            ReadingKind::AgaVariant => "AGA variant",
            ReadingKind::Aga => "AGA",
            ReadingKind::RecordRules => "Record's rules",
        }
    }

    /// The rules preset the reading referees and counts with; `own` for the record's
    /// own rules.
    pub(crate) fn preset(self, own: &'static str) -> &'static str {
        match self {
            ReadingKind::SstLiteral | ReadingKind::SstPrecedent => "sst-ing",
            ReadingKind::SimplifiedIng => "simplified-ing",
            ReadingKind::AgaVariant => "aga-ing",
            ReadingKind::Aga => "aga",
            ReadingKind::RecordRules => own,
        }
    }

    /// How this reading takes four passes: literally (SST terminology 19), by the 2002
    /// precedent, or as `check` takes the record's own rules (the AGA variant).
    pub(crate) fn four_passes(self) -> FourPassReading {
        match self {
            ReadingKind::SstLiteral => FourPassReading::Literal,
            ReadingKind::SstPrecedent => FourPassReading::Precedent,
            ReadingKind::SimplifiedIng
            | ReadingKind::AgaVariant
            | ReadingKind::Aga
            | ReadingKind::RecordRules => FourPassReading::AsAgreed,
        }
    }
}

/// The readings of one appeal with the preset each referees: the five readings an
/// appeal under Ing or AGA rules turns on, and the record's own rules (`--rules`, else
/// RU) when they are none of those presets.
type Lineup = Vec<(ReadingKind, &'static str)>;

fn lineup(own: &'static str) -> Lineup {
    let mut kinds: Lineup = ReadingKind::ALL
        .iter()
        .map(|&k| (k, k.preset(own)))
        .collect();
    if !kinds.iter().any(|&(_, p)| p == own) {
        kinds.push((ReadingKind::RecordRules, own));
    }
    kinds
}

/// The preset of the record's own rules: `--rules` where given (and not `auto`), else
/// the one RU maps to.
fn own_preset(record: &GameRecord, opts: &AppealOptions) -> &'static str {
    let rules = match opts.rules.as_deref() {
        Some(name) if !name.eq_ignore_ascii_case("auto") => RulesChoice::Named(name.to_string()),
        _ => RulesChoice::Auto,
    };
    let selection = judge::select_rules(
        record,
        &RefereeOptions {
            rules,
            ..RefereeOptions::default()
        },
    );
    rules::preset(&selection.rules.name).map_or("simplified-ing", |p| p.name)
}

/// The game as the record describes it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameSummary {
    /// 1-based number of the game in its file.
    pub number: usize,
    /// Players, event, date, place and RU, as in `goref check`'s report.
    #[serde(flatten)]
    pub info: crate::read::record::GameInfo,
    /// The preset RU maps to, and why.
    pub rules: String,
    pub rules_reason: String,
    /// KM as read (after quirk fixes).
    #[serde(serialize_with = "serialize_opt_points")]
    pub komi: Option<f64>,
    /// RE as written.
    pub result: Option<String>,
    pub width: u8,
    pub height: u8,
    pub moves: u32,
    pub handicap: u32,
}

/// A pass of the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PassView {
    #[serde(rename = "move")]
    pub move_number: u32,
    pub color: Color,
}

/// Two consecutive passes, with who made each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct StopView {
    pub passes: [u32; 2],
    pub by: [Color; 2],
}

/// The stops, resumptions and end of the record under one kind of ending (§8.3).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EndingView {
    pub ending: Ending,
    /// The presets of the readings that end this way.
    pub rules: Vec<String>,
    pub stops: Vec<StopView>,
    pub resumptions: Vec<Resumption>,
    pub end: Option<End>,
    /// Moves after the end (they are not counted).
    pub after_end: Vec<u32>,
}

/// A stone named by a dead-stone list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StoneView {
    pub point: String,
    pub vertex: String,
    pub color: Option<Color>,
}

/// The dead stones on the table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DeadStonesView {
    /// `--dead`, when given.
    pub claimed: Option<Vec<StoneView>>,
    /// Stones marked dead by TB/TW in the final node (§7.5).
    pub marked: Vec<StoneView>,
    /// Stones goref estimates dead at the end of the record, when nothing is marked or
    /// claimed (and the estimate is not turned off).
    pub estimated: Option<Vec<StoneView>>,
    /// What the readings that remove dead stones use: the claim, else the marks, else
    /// the estimate.
    pub used: Vec<StoneView>,
    /// What `used` rests on: marked, claimed or estimated (`record`, `command-line`,
    /// `estimate` in JSON); none when nothing is removed.
    #[serde(serialize_with = "reading::serialize_source")]
    pub source: Option<Basis>,
}

/// One finding at a move, with the readings' presets that raise it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RuleFinding {
    pub code: Code,
    pub severity: Severity,
    pub message: String,
    /// The rule behind the code (from the registry).
    pub rule: &'static str,
    /// The presets under which it is raised.
    pub under: Vec<String>,
}

/// Everything found at one move, under every reading's rules.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveFindings {
    #[serde(rename = "move")]
    pub move_number: u32,
    pub color: Option<Color>,
    pub point: Option<String>,
    pub vertex: Option<String>,
    pub findings: Vec<RuleFinding>,
    /// For a move some rules forbid: the presets under which it is legal.
    pub legal_under: Vec<String>,
}

/// Whether a reading gives a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReadingStatus {
    /// Counted.
    Decided,
    /// The reading removes dead stones, none are marked or claimed, and the estimate
    /// is turned off.
    NoClaim,
    /// The record stops before the game ends under these rules.
    NotEnded,
    /// The claimed dead stones are not on the board where these rules end the game.
    Unscorable,
    /// The reading would rest on goref's estimate, and the position is not finished
    /// enough for the estimate to count it (issue 26): no result.
    NotCountable,
    /// Counted on goref's estimate of dead stones nobody marked or claimed, where only
    /// an agreement may take them away (the precedent reading of four passes): a count
    /// to weigh, not a result. The committee decides which stones were dead.
    Estimated,
}

/// The verdict under one reading.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Reading {
    pub kind: ReadingKind,
    pub name: &'static str,
    /// The rules preset.
    pub rules: String,
    /// True when the reading gives a result for this record.
    pub applies: bool,
    pub status: ReadingStatus,
    /// Where these rules end the game.
    pub end: Option<End>,
    /// Whether this reading removes dead stones at that end.
    pub removes_dead: bool,
    /// The stones removed (SGF letters), the basis, seki, counting method, territory
    /// and the other method's result: the view every client shares.
    #[serde(flatten)]
    pub view: ScoreView,
    pub black: Option<u32>,
    pub white: Option<u32>,
    pub neutral: Option<u32>,
    #[serde(serialize_with = "serialize_points")]
    pub komi: f64,
    pub komi_source: ValueSource,
    /// Handicap compensation White receives.
    #[serde(serialize_with = "serialize_points")]
    pub compensation: f64,
    pub penalties: Penalties,
    pub winner: Option<Color>,
    #[serde(serialize_with = "serialize_opt_points")]
    pub margin: Option<f64>,
    /// The RE this reading gives.
    pub re: Option<String>,
    /// One sentence naming the rule that decides it.
    pub rule_sentence: String,
    /// What else a director should know (a pass owed, illegal moves, komi).
    pub notes: Vec<String>,
    /// Whether the record's RE says the same (None when either side has no result).
    pub agrees_with_record: Option<bool>,
    /// This reading's preset is the record's own rules (`--rules`, else what RU maps to).
    pub record_rules: bool,
}

/// What a diagram shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DiagramKind {
    Stop,
    Move,
    End,
}

/// A position of the appeal, ready to render as text or SVG.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Diagram {
    /// File stem: `stop-1-move-5`, `move-120`, `end-move-7`.
    pub name: String,
    pub kind: DiagramKind,
    #[serde(rename = "move")]
    pub after_move: u32,
    pub caption: String,
    pub last_move: Option<String>,
    pub offending: Vec<String>,
    pub dead: Vec<String>,
    /// The text diagram.
    pub board: String,
    #[serde(skip)]
    position: Position,
    #[serde(skip)]
    marks: DiagramMarks,
}

impl Diagram {
    /// The text diagram (coordinates A–T without I, rows from the bottom).
    pub(crate) fn text(&self) -> String {
        diagram::render_text(&self.position, &self.marks, &TextOptions::default())
    }

    /// A short title that fits above a small board ("End, move 7").
    pub(crate) fn title(&self) -> String {
        match self.kind {
            DiagramKind::Stop => {
                let n = self.name.split('-').nth(1).unwrap_or("?");
                format!("Stop {n}, move {}", self.after_move)
            }
            DiagramKind::Move => format!("Move {}", self.after_move),
            DiagramKind::End => format!("End, move {}", self.after_move),
        }
    }

    /// A self-contained SVG: dead stones crossed, territory shaded, offending moves circled.
    pub fn svg(&self) -> String {
        let opts = SvgOptions {
            title: Some(self.title()),
            ..SvgOptions::default()
        };
        diagram::render_svg(&self.position, &self.marks, &opts)
    }

    /// The file name of the SVG.
    pub fn svg_file_name(&self) -> String {
        format!("{}.svg", self.name)
    }
}

/// The whole appeal.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Appeal {
    /// The file, as the caller names it.
    pub file: Option<String>,
    pub game: GameSummary,
    pub passes: Vec<PassView>,
    /// The ending under four-pass rules (SST) and under two-stage rules (SIR, AGA).
    pub endings: Vec<EndingView>,
    pub dead: DeadStonesView,
    /// Findings at moves, under every reading's rules.
    pub findings: Vec<MoveFindings>,
    pub readings: Vec<Reading>,
    /// True when the two SST readings give different results (§6).
    pub disputed: bool,
    /// One sentence: which results the readings give.
    pub summary: String,
    /// What the committee must decide and goref cannot: set where a reading's result
    /// turns on dead stones nobody marked or claimed (the precedent reading of four
    /// passes on goref's estimate, or with the estimate off).
    pub decision: Option<String>,
    pub diagrams: Vec<Diagram>,
}

/// Lays out the appeal of one game.
pub fn appeal(record: &GameRecord, opts: &AppealOptions) -> Result<Appeal, AppealError> {
    if !record.playable {
        return Err(AppealError::Unplayable);
    }
    let own = own_preset(record, opts);
    let lineup = lineup(own);
    let runs = referee_all(record, opts, &lineup);
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
    let colors: BTreeMap<u32, Color> = record.moves().map(|m| (m.number, m.color)).collect();
    let own_from = match opts.rules.as_deref() {
        Some(name) if !name.eq_ignore_ascii_case("auto") => format!("--rules {name}"),
        _ => match &record.info.recorded_rules {
            Some(ru) => format!("RU[{ru}]"),
            None => "no RU; goref's default".to_string(),
        },
    };
    let mut readings: Vec<Reading> = lineup
        .iter()
        .filter_map(|&(kind, preset)| {
            let r = runs.get(preset)?;
            Some(build_reading(
                kind,
                record,
                r,
                claimed.as_deref(),
                &opts.estimator,
                &colors,
                &own_from,
            ))
        })
        .collect();
    for r in &mut readings {
        r.record_rules = r.rules == own;
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
            .moves()
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
    appeal.diagrams = diagrams(record, opts, &appeal, &runs);
    Ok(appeal)
}

/// Referees the record once per preset the readings use, keyed by preset name.
fn referee_all(
    record: &GameRecord,
    opts: &AppealOptions,
    lineup: &Lineup,
) -> BTreeMap<&'static str, Judged> {
    let mut runs = BTreeMap::new();
    for &(_, preset) in lineup {
        if runs.contains_key(preset) {
            continue;
        }
        runs.insert(
            preset,
            judge::judge_game(record, &referee_options(opts, preset, Vec::new())),
        );
    }
    runs
}

fn referee_options(opts: &AppealOptions, preset: &str, snapshots: Vec<u32>) -> RefereeOptions {
    RefereeOptions {
        rules: RulesChoice::Named(preset.to_string()),
        komi: opts.komi,
        penalties: opts.penalties,
        ing_overtime: opts.ing_overtime,
        snapshot_moves: snapshots,
        overrides: opts.overrides.clone(),
        // The readings choose their own dead stones; the runs only replay and judge.
        estimator: Estimator::None,
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
        source: Some(chosen.basis).filter(|&b| b != Basis::AsIs),
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

// ---------------------------------------------------------------------------
// Readings

/// Counts the end of the game under one reading.
fn build_reading(
    kind: ReadingKind,
    record: &GameRecord,
    r: &Judged,
    claimed: Option<&[Point]>,
    estimator: &Estimator,
    colors: &BTreeMap<u32, Color>,
    own_from: &str,
) -> Reading {
    let rules = &r.selection.rules;
    // How this reading counts, for the view of a reading that is not counted.
    let counting = CountContext::of(record, rules, r).method.counting;
    let mut reading = Reading {
        kind,
        name: kind.name(),
        rules: rules.name.clone(),
        applies: false,
        status: ReadingStatus::NotEnded,
        end: r.ending.end,
        removes_dead: false,
        view: ScoreView::new(&[], Basis::AsIs, &[], counting, None, |p| p.sgf()),
        black: None,
        white: None,
        neutral: None,
        komi: r.komi.value,
        komi_source: r.komi.source,
        compensation: rules.handicap_compensation.points(r.handicap),
        penalties: r.penalties,
        winner: None,
        margin: None,
        re: None,
        rule_sentence: String::new(),
        notes: notes(r, colors),
        agrees_with_record: None,
        record_rules: false,
    };
    let ctx = SentenceContext {
        kind,
        r,
        colors,
        own_from,
    };
    let Some(end) = r.ending.end else {
        reading.rule_sentence = ctx.not_ended();
        return reading;
    };
    let rules = r.selection.rules.clone();
    // The one decision on dead stones and the count, as `check` makes it for the
    // record's own reading (`count_end`), here under this reading's rules.
    let end_count = reading::count_end(
        record,
        r,
        &rules,
        claimed,
        estimator,
        kind.four_passes(),
        false,
    );
    let policy = end_count.policy;
    reading.removes_dead = policy.removal;
    if let Some(why) = &end_count.not_countable {
        reading.status = ReadingStatus::NotCountable;
        reading.rule_sentence = format!(
            "{} The position is not finished enough for goref's estimate to count it: {why}; this reading gives no result (mark the dead stones or pass --dead).",
            ctx.sentence(end, &Removal::None(&[]))
        );
        return reading;
    }
    let chosen = &end_count.chosen;
    let on_estimate = chosen.basis == Basis::Estimated && !policy.estimate_decides;
    if kind.four_passes() == FourPassReading::AsAgreed
        && end.kind == EndKind::FourPasses
        && chosen.basis == Basis::AsIs
    {
        // Nothing agreed after four passes: the literal reading, every stone counts.
        reading.removes_dead = false;
    }
    let dead = chosen.dead.clone();
    let source = Some(chosen.basis).filter(|&b| b != Basis::AsIs && !dead.is_empty());
    let view = |score: Option<&Score>| {
        ScoreView::new(&dead, chosen.basis, &chosen.seki, counting, score, |p| {
            p.sgf()
        })
    };
    reading.view = view(None);
    if reading.removes_dead && chosen.basis == Basis::AsIs {
        reading.status = ReadingStatus::NoClaim;
        reading.rule_sentence = ctx.sentence(end, &Removal::Unclaimed);
        return reading;
    }
    let removal = match source {
        Some(s) if reading.removes_dead => Removal::Removed(&dead, s),
        None if reading.removes_dead && chosen.basis == Basis::Estimated => Removal::NoneEstimated,
        _ => Removal::None(claimed.unwrap_or(&[])),
    };
    reading.rule_sentence = ctx.sentence(end, &removal);
    match &end_count.counted {
        Ok(s) => {
            reading.view = view(Some(s));
            fill_score(&mut reading, s, record);
            if on_estimate {
                reading.status = ReadingStatus::Estimated;
                reading.applies = false;
            }
            if let Some(note) = default_komi_note(r, &dead, &chosen.seki, &end_count.ctx, s) {
                reading.notes.push(note);
            }
        }
        Err(e) => {
            reading.status = ReadingStatus::Unscorable;
            reading
                .notes
                .push(format!("the claimed dead stones cannot be removed: {e}"));
        }
    }
    reading
}

fn fill_score(reading: &mut Reading, s: &Score, record: &GameRecord) {
    reading.status = ReadingStatus::Decided;
    reading.applies = true;
    reading.black = Some(s.black);
    reading.white = Some(s.white);
    reading.neutral = Some(s.neutral);
    reading.winner = s.winner;
    reading.margin = Some(s.margin);
    reading.re = Some(s.re.clone());
    reading.agrees_with_record = record.re().and_then(|(_, parsed)| {
        parsed.margin()?;
        Some(reading::agrees(parsed, s))
    });
}

/// When the komi came from the record or the command line and the rules' own komi
/// differs, the result under the rules' komi too (the spec's T11 table counts AGA
/// with 7.5).
fn default_komi_note(
    r: &Judged,
    dead: &[Point],
    seki: &[Point],
    ctx: &CountContext,
    s: &Score,
) -> Option<String> {
    let rules = &r.selection.rules;
    let own = rules.komi_for(r.handicap);
    if r.komi.source == ValueSource::Rules || (own - r.komi.value).abs() < 1e-9 {
        return None;
    }
    let mut ctx = ctx.clone();
    ctx.method.komi = Komi {
        value: own,
        source: ValueSource::Rules,
    };
    let with_own = reading::count(&r.scored_position, dead, seki, &ctx).ok()?;
    let same = if with_own.re == s.re { " as well" } else { "" };
    Some(format!(
        "with the {} default komi of {}: {}{same}",
        rules.name,
        rules::format_number(own),
        with_own.re
    ))
}

/// Notes every reading of these rules shares: a pass owed, illegal moves, moves after
/// the end.
fn notes(r: &Judged, colors: &BTreeMap<u32, Color>) -> Vec<String> {
    let mut notes = Vec::new();
    for f in &r.findings {
        let Some(n) = f.move_number else { continue };
        if f.code == Code::WhiteOwesPass {
            notes.push(format!(
                "the record ends with a Black pass (move {n}); White must make the last pass, so the record owes White a final pass (one pass stone); the area result is unchanged"
            ));
        } else if is_legality(f.code) && f.severity == Severity::Error {
            let who = f.color.or_else(|| colors.get(&n).copied());
            notes.push(format!(
                "move {n}{} is illegal under {} ({}); goref replays it as recorded",
                move_label(who, f.vertex.as_deref()),
                r.selection.rules.name,
                f.code
            ));
        }
    }
    if let Some(first) = r.ending.after_end.first() {
        notes.push(format!(
            "{} move(s) from move {first} on come after the end and are not counted",
            r.ending.after_end.len()
        ));
    }
    notes
}

/// " (W B4)" or "".
fn move_label(color: Option<Color>, vertex: Option<&str>) -> String {
    match (color, vertex) {
        (Some(c), Some(v)) => format!(" ({} {v})", c.letter()),
        (Some(c), None) => format!(" ({} pass)", c.letter()),
        _ => String::new(),
    }
}

/// What a dispute between the two SST readings turns on (said when [`Appeal::disputed`]).
pub(crate) const DISPUTE: &str = "The two SST readings disagree: the appeal turns on whether passes 3–4 ended play (SST terminology 19) or were void because dead stones had not been taken away (Article 1; EGF 2002).";

fn disputed(readings: &[Reading]) -> bool {
    let re = |k: ReadingKind| {
        readings
            .iter()
            .find(|r| r.kind == k)
            .and_then(|r| r.re.clone())
    };
    matches!(
        (re(ReadingKind::SstLiteral), re(ReadingKind::SstPrecedent)),
        (Some(a), Some(b)) if a != b
    )
}

/// What the committee must decide where a reading turns on dead stones nobody marked or
/// claimed and its result would differ from the literal reading's.
fn decision(readings: &[Reading], position: &Position) -> Option<String> {
    let find = |k: ReadingKind| readings.iter().find(|r| r.kind == k);
    let literal = find(ReadingKind::SstLiteral)?;
    let precedent = find(ReadingKind::SstPrecedent)?;
    let literal_re = literal.re.as_deref()?;
    let ask = "The committee must decide which reading applies and, under the precedent, which stones the players agreed dead; `goref appeal --dead POINTS` then counts that reading.";
    match precedent.status {
        ReadingStatus::Estimated if precedent.re.as_deref() != Some(literal_re) => {
            let dead: Vec<String> = precedent
                .view
                .dead
                .iter()
                .filter_map(|p| Point::from_sgf(p))
                .map(|p| p.vertex(position.height))
                .collect();
            Some(format!(
                "Nothing is marked dead (TB/TW) or claimed (--dead). Under the literal reading (terminology 19) the result is {literal_re}. Under the precedent reading (EGF 2002) it depends on which stones the players agreed dead: with the stones goref estimates dead ({}) it would be {}, an estimate, not a ruling. {ask}",
                if dead.is_empty() { "none".to_string() } else { join_and(&dead) },
                precedent.re.as_deref().unwrap_or("-")
            ))
        }
        ReadingStatus::NoClaim => Some(format!(
            "Nothing is marked dead (TB/TW) or claimed (--dead), and the estimate is off. Under the literal reading (terminology 19) the result is {literal_re}; the precedent reading (EGF 2002) gives no result until it is known which stones the players agreed dead. {ask}"
        )),
        _ => None,
    }
}

/// How a reading's result is named in sentences: "W+29", or "W+29 (goref's estimate)"
/// where it rests on an estimate only an agreement could replace.
pub(crate) fn re_label(r: &Reading) -> Option<String> {
    let re = r.re.as_ref()?;
    Some(match r.status {
        ReadingStatus::Estimated => format!("{re} (estimate)"),
        _ => re.clone(),
    })
}

/// "B+1 under SST literal, Simplified Ing, AGA variant and AGA; W+29 (estimate) under SST precedent (EGF 2002)."
fn summary(readings: &[Reading]) -> String {
    let mut groups: Vec<(String, Vec<&str>)> = Vec::new();
    for r in readings {
        let Some(re) = re_label(r) else { continue };
        match groups.iter_mut().find(|(g, _)| *g == re) {
            Some((_, names)) => names.push(r.name),
            None => groups.push((re, vec![r.name])),
        }
    }
    let silent: Vec<String> = readings
        .iter()
        .filter(|r| r.re.is_none())
        .map(|r| r.name.to_string())
        .collect();
    let mut text = match groups.len() {
        0 => "No reading gives a result".to_string(),
        1 => format!(
            "Every reading that gives a result gives {}",
            groups[0].0.as_str()
        ),
        _ => {
            let parts: Vec<String> = groups
                .iter()
                .map(|(re, names)| {
                    let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
                    format!("{re} under {}", join_and(&names))
                })
                .collect();
            format!("The readings disagree: {}", parts.join("; "))
        }
    };
    if !silent.is_empty() && !groups.is_empty() {
        text.push_str(&format!("; no result under {}", join_and(&silent)));
    }
    text.push('.');
    text
}
