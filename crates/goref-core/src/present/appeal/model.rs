//! The appeal as a value: what the caller asks (`AppealOptions`), and what it is told —
//! the game, its stops and resumptions, the dead stones, the findings at each move, and
//! one `Reading` per reading of the rules, each with its verdict.

use crate::count::options::{Estimator, RefereeOptions};
use crate::count::reading::{self, Basis, FourPassReading};
use crate::count::score::{serialize_opt_points, serialize_points, Penalties, PointListError};
use crate::findings::{Code, Severity};
use crate::point::Color;
use crate::present::diagram::{self, DiagramMarks, SvgOptions, TextOptions};
use crate::present::score_view::ScoreView;
use crate::read::record::GameRecord;
use crate::read::record::ValueSource;
use crate::replay::ending::{End, Resumption};
use crate::replay::position::Position;
use crate::rules::{self, Ending};
use serde::Serialize;

/// What an appeal is laid out with: [`Appeal::of`] makes it of the caller's
/// [`RefereeOptions`], the claimed dead stones and the move to show.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct AppealOptions {
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
    /// Estimated strings below this confidence leave a result open, as in `check`.
    pub min_confidence: Option<f32>,
}

impl AppealOptions {
    /// The options of [`Appeal::of`]: the claim as text (`claimed_dead`, else the points
    /// of `opts.dead`), checked against the final position when the appeal is laid out.
    fn of(
        opts: &RefereeOptions,
        move_number: Option<u32>,
        claimed_dead: Option<&str>,
    ) -> AppealOptions {
        let dead = claimed_dead.map(str::to_string).or_else(|| {
            let points = opts.dead.as_ref()?;
            Some(points.iter().map(|p| p.sgf()).collect::<Vec<_>>().join(","))
        });
        AppealOptions {
            dead,
            komi: opts.komi,
            penalties: opts.penalties,
            ing_overtime: opts.ing_overtime,
            move_number,
            overrides: opts.overrides.clone(),
            rules: opts.rules.clone(),
            estimator: opts.estimator.clone(),
            min_confidence: opts.min_confidence,
        }
    }
}

/// Why an appeal could not be laid out. `Dead` and `MoveOutOfRange` are mistakes in
/// the command line.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub(crate) enum AppealError {
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
pub(crate) enum ReadingKind {
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

/// The game as the record describes it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct GameSummary {
    /// 1-based number of the game in its file.
    pub(crate) number: usize,
    /// Players, event, date, place and RU, as in `goref check`'s report.
    #[serde(flatten)]
    pub(crate) info: crate::read::record::GameInfo,
    /// The preset RU maps to, and why.
    pub(crate) rules: String,
    pub(crate) rules_reason: String,
    /// KM as read (after quirk fixes).
    #[serde(serialize_with = "serialize_opt_points")]
    pub(crate) komi: Option<f64>,
    /// RE as written.
    pub(crate) result: Option<String>,
    pub(crate) width: u8,
    pub(crate) height: u8,
    pub(crate) moves: u32,
    pub(crate) handicap: u32,
}

/// A pass of the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct PassView {
    #[serde(rename = "move")]
    pub(crate) move_number: u32,
    pub(crate) color: Color,
}

/// Two consecutive passes, with who made each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct StopView {
    pub(crate) passes: [u32; 2],
    pub(crate) by: [Color; 2],
}

/// The stops, resumptions and end of the record under one kind of ending (§8.3).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct EndingView {
    pub(crate) ending: Ending,
    /// The presets of the readings that end this way.
    pub(crate) rules: Vec<String>,
    pub(crate) stops: Vec<StopView>,
    pub(crate) resumptions: Vec<Resumption>,
    pub(crate) end: Option<End>,
    /// Moves after the end (they are not counted).
    pub(crate) after_end: Vec<u32>,
}

/// A stone named by a dead-stone list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct StoneView {
    pub(crate) point: String,
    pub(crate) vertex: String,
    pub(crate) color: Option<Color>,
}

/// The dead stones on the table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct DeadStonesView {
    /// `--dead`, when given.
    pub(crate) claimed: Option<Vec<StoneView>>,
    /// Stones marked dead by TB/TW in the final node (§7.5).
    pub(crate) marked: Vec<StoneView>,
    /// Stones goref estimates dead at the end of the record, when nothing is marked or
    /// claimed (and the estimate is not turned off).
    pub(crate) estimated: Option<Vec<StoneView>>,
    /// What the readings that remove dead stones use: the claim, else the marks, else
    /// the estimate.
    pub(crate) used: Vec<StoneView>,
    /// What `used` rests on: marked, claimed or estimated (`record`, `command-line`,
    /// `estimate` in JSON); none when nothing is removed.
    #[serde(serialize_with = "reading::serialize_source")]
    pub(crate) source: Option<Basis>,
}

/// One finding at a move, with the readings' presets that raise it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct RuleFinding {
    pub(crate) code: Code,
    pub(crate) severity: Severity,
    pub(crate) message: String,
    /// The rule behind the code (from the registry).
    pub(crate) rule: &'static str,
    /// The presets under which it is raised.
    pub(crate) under: Vec<String>,
}

/// Everything found at one move, under every reading's rules.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct MoveFindings {
    #[serde(rename = "move")]
    pub(crate) move_number: u32,
    pub(crate) color: Option<Color>,
    pub(crate) point: Option<String>,
    pub(crate) vertex: Option<String>,
    pub(crate) findings: Vec<RuleFinding>,
    /// For a move some rules forbid: the presets under which it is legal.
    pub(crate) legal_under: Vec<String>,
}

/// Whether a reading gives a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum ReadingStatus {
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
    /// Counted on goref's estimate, whose winner (or margin) turns on strings the
    /// estimate is unsure of: `check` and `score` state no such result under these rules,
    /// and neither does the reading (the winner alone where only the margin is open).
    Unsettled,
}

/// The verdict under one reading.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Reading {
    pub(crate) kind: ReadingKind,
    pub(crate) name: &'static str,
    /// The rules preset.
    pub(crate) rules: String,
    /// True when the reading gives a result for this record.
    pub(crate) applies: bool,
    pub(crate) status: ReadingStatus,
    /// Where these rules end the game.
    pub(crate) end: Option<End>,
    /// Whether this reading removes dead stones at that end.
    pub(crate) removes_dead: bool,
    /// The stones removed (SGF letters), the basis, seki, counting method, territory
    /// and the other method's result: the view every client shares.
    #[serde(flatten)]
    pub(crate) view: ScoreView,
    pub(crate) black: Option<u32>,
    pub(crate) white: Option<u32>,
    pub(crate) neutral: Option<u32>,
    #[serde(serialize_with = "serialize_points")]
    pub(crate) komi: f64,
    pub(crate) komi_source: ValueSource,
    /// The source convention that set the komi (`komi_source: convention`): the record's
    /// own rules follow it, as `check` and `score` do.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) convention: Option<&'static str>,
    /// Handicap compensation White receives.
    #[serde(serialize_with = "serialize_points")]
    pub(crate) compensation: f64,
    pub(crate) penalties: Penalties,
    pub(crate) winner: Option<Color>,
    #[serde(serialize_with = "serialize_opt_points")]
    pub(crate) margin: Option<f64>,
    /// The RE this reading gives.
    pub(crate) re: Option<String>,
    /// One sentence naming the rule that decides it.
    pub(crate) rule_sentence: String,
    /// What else a director should know (a pass owed, illegal moves, komi).
    pub(crate) notes: Vec<String>,
    /// Whether the record's RE says the same (None when either side has no result).
    pub(crate) agrees_with_record: Option<bool>,
    /// This reading's preset is the record's own rules (`--rules`, else what RU maps to).
    pub(crate) record_rules: bool,
}

/// What a diagram shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum DiagramKind {
    Stop,
    Move,
    End,
}

/// A position of the appeal, ready to render as text or SVG.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Diagram {
    /// File stem: `stop-1-move-5`, `move-120`, `end-move-7`.
    pub(crate) name: String,
    pub(crate) kind: DiagramKind,
    #[serde(rename = "move")]
    pub(crate) after_move: u32,
    pub(crate) caption: String,
    pub(crate) last_move: Option<String>,
    pub(crate) offending: Vec<String>,
    pub(crate) dead: Vec<String>,
    /// The text diagram.
    pub(crate) board: String,
    #[serde(skip)]
    pub(super) position: Position,
    #[serde(skip)]
    pub(super) marks: DiagramMarks,
}

impl Reading {
    /// The verdict table's Winner column, in text and on the page: the winner of a reading
    /// that gives a result ("draw" for a drawn count), the winner alone of an unsettled one
    /// where only its margin is open, else a dash.
    pub(crate) fn winner_text(&self) -> &'static str {
        match (self.applies, self.winner) {
            (true, Some(w)) => w.name(),
            (true, None) => "draw",
            (false, Some(w)) if self.status == ReadingStatus::Unsettled => w.name(),
            (false, _) => "—",
        }
    }
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
    pub(crate) fn svg(&self) -> String {
        let opts = SvgOptions {
            title: Some(self.title()),
            ..SvgOptions::default()
        };
        diagram::render_svg(&self.position, &self.marks, &opts)
    }

    /// The file name of the SVG.
    pub(crate) fn svg_file_name(&self) -> String {
        format!("{}.svg", self.name)
    }
}

/// The whole appeal.
///
/// ```
/// use goref_core::check::RefereeOptions;
/// use goref_core::present::appeal::Appeal;
/// use goref_core::read::{read, ReadOptions};
///
/// let bytes = std::fs::read("testdata/appeal/t11.sgf").unwrap();
/// let record = &read(&bytes, &ReadOptions::default()).games[0];
/// let opts = RefereeOptions::default();
/// let a = Appeal::of(record, &opts, None, Some("ec,ff")).unwrap().named("t11.sgf");
/// let json = a.to_json_value();
/// assert_eq!(json["file"], "t11.sgf");
/// assert!(json["readings"].as_array().unwrap().iter().any(|r| r["kind"] == "sst-precedent"));
/// assert!(a.to_html().starts_with("<!DOCTYPE html>"));
/// assert!(a.svg_file_names().contains(&"end-move-7.svg".to_string()));
/// assert!(a.svg_files().all(|(_, svg)| svg.starts_with("<svg")));
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Appeal {
    /// The file, as the caller names it.
    pub(crate) file: Option<String>,
    pub(crate) game: GameSummary,
    pub(crate) passes: Vec<PassView>,
    /// The ending under four-pass rules (SST) and under two-stage rules (SIR, AGA).
    pub(crate) endings: Vec<EndingView>,
    pub(crate) dead: DeadStonesView,
    /// Findings at moves, under every reading's rules.
    pub(crate) findings: Vec<MoveFindings>,
    pub(crate) readings: Vec<Reading>,
    /// True when the two SST readings give different results (§6).
    pub(crate) disputed: bool,
    /// One sentence: which results the readings give.
    pub(crate) summary: String,
    /// What the committee must decide and goref cannot: set where a reading's result
    /// turns on dead stones nobody marked or claimed (the precedent reading of four
    /// passes on goref's estimate, or with the estimate off).
    pub(crate) decision: Option<String>,
    pub(crate) diagrams: Vec<Diagram>,
}

impl Appeal {
    /// The appeal as text, as `goref appeal` prints it.
    pub fn to_text(&self) -> String {
        super::to_text(self)
    }

    /// The appeal as one self-contained HTML page, as `goref appeal --format html` writes it.
    pub fn to_html(&self) -> String {
        crate::present::html::appeal_page(self)
    }

    /// Lays out the appeal of one game: every stop and resumption, every reading of the
    /// rules side by side, and what the committee must decide.
    ///
    /// `opts` gives the rules of the record's own reading (`rules`; None or `auto`: from
    /// RU), the komi, the penalties, the settings overridden in every reading and who
    /// judges the dead stones nobody marked or claimed (`estimator`). `claimed_dead`
    /// names the stones a party claims dead (`--dead`: SGF letters or vertices; each
    /// must hold a stone at the end of the record; `opts.dead` where it is None);
    /// `move_number` also shows the position after that move (0: before the first).
    ///
    /// ```
    /// use goref_core::check::RefereeOptions;
    /// use goref_core::present::appeal::Appeal;
    /// use goref_core::read::{read, ReadOptions};
    ///
    /// let record = &read(b"(;SZ[9]KM[6.5];B[ee];W[];B[];W[];B[])", &ReadOptions::default()).games[0];
    /// let opts = RefereeOptions { komi: Some(8.0), ..RefereeOptions::default() };
    /// let appeal = Appeal::of(record, &opts, Some(1), None).unwrap().to_json_value();
    /// let readings = appeal["readings"].as_array().unwrap();
    /// assert!(readings.iter().all(|r| r["komi"] == 8.0));
    /// // A move the record does not have, or a claimed dead stone on an empty point, is
    /// // the caller's mistake.
    /// let error = Appeal::of(record, &opts, Some(7), None).unwrap_err();
    /// assert!(error.is_usage() && error.to_string().contains("--move 7"));
    /// assert!(Appeal::of(record, &opts, None, Some("aa")).unwrap_err().is_usage());
    /// ```
    pub fn of(
        record: &GameRecord,
        opts: &RefereeOptions,
        move_number: Option<u32>,
        claimed_dead: Option<&str>,
    ) -> Result<Appeal, crate::Error> {
        Ok(super::appeal(
            record,
            &AppealOptions::of(opts, move_number, claimed_dead),
        )?)
    }

    /// The appeal with the file named as the caller names it (text, HTML and JSON show it).
    pub fn named(mut self, file: &str) -> Appeal {
        self.file = Some(file.to_string());
        self
    }

    /// The appeal as a JSON value, as `goref appeal --format json` writes it.
    pub fn to_json_value(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("an appeal serialises")
    }

    /// The SVG file name of each diagram (each stop shown, the end, `--move`), in order.
    pub fn svg_file_names(&self) -> Vec<String> {
        self.diagrams.iter().map(Diagram::svg_file_name).collect()
    }

    /// Each diagram as its SVG file name and a self-contained SVG (dead stones crossed,
    /// territory shaded, offending moves circled), in order.
    pub fn svg_files(&self) -> impl Iterator<Item = (String, String)> + '_ {
        self.diagrams.iter().map(|d| (d.svg_file_name(), d.svg()))
    }
}

/// The examples that documented crate-private items, kept as tests.
#[cfg(test)]
mod doc_examples {
    #[allow(unused_imports)]
    use super::*;
    use crate::present::appeal::appeal;

    #[test]
    fn reading_lists_stops() {
        use crate::present::appeal::AppealOptions;
        use crate::read::{read, ReadOptions};

        let bytes = std::fs::read("testdata/appeal/t11.sgf").unwrap();
        let record = &read(&bytes, &ReadOptions::default()).games[0];
        let a = appeal(record, &AppealOptions::default()).unwrap();
        let literal = a
            .readings
            .iter()
            .find(|r| r.kind == ReadingKind::SstLiteral)
            .unwrap();
        assert_eq!(literal.rules, "sst-ing");
        assert!(!literal.removes_dead && literal.applies);
    }

    #[test]
    fn reading_status_names() {
        use crate::count::Estimator;
        use crate::present::appeal::{appeal, AppealOptions, ReadingKind, ReadingStatus};
        use crate::read::{read, ReadOptions};

        let bytes = std::fs::read("testdata/appeal/t11.sgf").unwrap();
        let record = &read(&bytes, &ReadOptions::default()).games[0];
        let opts = AppealOptions {
            estimator: Estimator::None,
            ..AppealOptions::default()
        };
        let a = appeal(record, &opts).unwrap();
        let status = |k| a.readings.iter().find(|r| r.kind == k).unwrap().status;
        assert_eq!(status(ReadingKind::SstLiteral), ReadingStatus::Decided);
        assert_eq!(status(ReadingKind::SstPrecedent), ReadingStatus::NoClaim);
    }

    #[test]
    fn appeal_error_on_bad_record() {
        use crate::present::appeal::{appeal, AppealError, AppealOptions};
        use crate::read::{read, ReadOptions};

        let record = &read(b"(;SZ[9];B[ee];W[ce])", &ReadOptions::default()).games[0];
        let opts = AppealOptions {
            move_number: Some(7),
            ..AppealOptions::default()
        };
        assert!(matches!(
            appeal(record, &opts),
            Err(AppealError::MoveOutOfRange {
                requested: 7,
                moves: 2
            })
        ));
    }
}
