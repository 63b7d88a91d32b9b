//! `goref score`: the count of one game, laid out the way a tournament director reads
//! it aloud — area per colour, dead stones, neutral points, komi, handicap
//! compensation, penalties, the Ing fill-in story and the RE to write.

use crate::count::options::RefereeOptions;
use crate::count::reading::{Basis, FourPassReading, FourPassReadings};
use crate::count::reading::{ResultCheck, ResultStatus};
use crate::count::score::{parse_dead, Penalties, Score};
use crate::count::timing::TimeReport;
use crate::count::Refereed;
use crate::point::Color;
use crate::present::diagram::{self, DiagramMarks, TextOptions};
use crate::present::score_view::ScoreView;
use crate::read::record::{GameRecord, ValueSource};
use crate::replay::ending::EndKind;
use crate::rules::{format_number, Scoring};
use serde::Serialize;
use std::fmt::Write as _;
use unicode_width::UnicodeWidthStr;

/// One side's count.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct SideCount {
    pub area: u32,
    pub stones: u32,
    pub territory: u32,
    /// This side's own stones removed as dead.
    pub dead_removed: u32,
}

/// A count shown beside the result and not the result: the precedent reading of four
/// passes on goref's estimate of the dead stones.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct BesideCount {
    /// The stones it takes away (vertices).
    pub dead: Vec<String>,
    pub black: u32,
    pub white: u32,
    pub neutral: u32,
    pub re: String,
}

/// The count of one game as `goref score` gives it: area per colour, dead stones and
/// their basis, komi, handicap compensation, penalties, the fill-in story and the RE to
/// write. Its JSON is `goref score --format json` (docs/report.md, "score").
///
/// ```
/// use goref_core::check::RefereeOptions;
/// use goref_core::present::ScoreCard;
/// use goref_core::read::{read, ReadOptions};
///
/// let sgf = b"(;SZ[5]KM[0.5]RU[Chinese]RE[B+4.5];B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de];B[];W[])";
/// let record = &read(sgf, &ReadOptions::default()).games[0];
/// let card = ScoreCard::of("five.sgf", record, &RefereeOptions::default()).unwrap();
/// assert_eq!(card.re(), Some("B+4.5"));
/// assert!(card.to_text().contains("Margin (area counting)"));
/// assert_eq!(card.to_json()["re"], "B+4.5");
///
/// // Claimed dead stones, as `goref score --dead`: a stone the position does not hold is refused.
/// let claimed = ScoreCard::with_claimed_dead("five.sgf", record, &RefereeOptions::default(), "E1");
/// assert!(claimed.unwrap_err().to_string().contains("is empty"));
///
/// // A round's table: one row per game, then how many agree.
/// let table = ScoreCard::round_table(&[card]);
/// assert!(table.ends_with("1 game: 1 agree, 0 mismatch, 0 unverified, 0 not compared\n"));
/// ```
#[derive(Clone, Debug, Serialize)]
pub struct ScoreCard {
    pub(crate) file: String,
    pub(crate) game: usize,
    pub(crate) black_player: Option<String>,
    pub(crate) white_player: Option<String>,
    pub(crate) rules: String,
    pub(crate) rules_reason: String,
    /// Which position is counted and why.
    pub(crate) position: String,
    /// Dead stones (vertices), basis, seki, counting method, territory and the other
    /// method's result: the view every client shares.
    #[serde(flatten)]
    pub(crate) view: ScoreView,
    pub(crate) black: SideCount,
    pub(crate) white: SideCount,
    pub(crate) neutral: u32,
    /// How neutral points are treated under these rules.
    pub(crate) neutral_rule: &'static str,
    #[serde(serialize_with = "crate::count::score::serialize_points")]
    pub(crate) komi: f64,
    pub(crate) komi_source: ValueSource,
    /// The source convention the count follows (`komi_source: convention` names it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) convention: Option<&'static str>,
    pub(crate) handicap: u32,
    #[serde(serialize_with = "crate::count::score::serialize_points")]
    pub(crate) handicap_bonus: f64,
    pub(crate) penalties: Penalties,
    pub(crate) time: Option<TimeReport>,
    /// Black's margin after everything (positive: Black ahead).
    #[serde(serialize_with = "crate::count::score::serialize_points")]
    pub(crate) black_margin: f64,
    pub(crate) fill_in: Option<String>,
    pub(crate) fill_in_skipped: Option<String>,
    /// The RE goref would write: null when the game did not reach its end (a
    /// resignation, a loss on time, a record that stops), where only `count` applies, and
    /// when the winner turns on strings the estimate is unsure of (`result.unclear`).
    pub(crate) re: Option<String>,
    /// The count of the position as it stands, whether or not it is the result.
    pub(crate) count: String,
    /// After four passes, when the literal and precedent readings differ: both results,
    /// which one stands, and the precedent's count where it rests on goref's estimate
    /// (then `re` is `?`: the two readings are undecided, spec §6.4).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) four_passes: Option<FourPassReadings>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) precedent_count: Option<BesideCount>,
    /// Why the position is not finished enough for the estimate to count it: then `re` is
    /// null and `count` is the count as it stands.
    #[serde(skip_serializing_if = "Option::is_none")]
    /// Whether the game reached its end (the rules' ending), so that a result could be written.
    #[serde(skip)]
    pub(crate) ended: bool,
    pub(crate) not_countable: Option<String>,
    pub(crate) result: ResultCheck,
    /// Rows of the counted position from the top, with marks (see the legend in text).
    pub(crate) board: Vec<String>,
}

impl ScoreCard {
    /// Counts one game under `opts` (the position where the players could agree on dead
    /// stones, or the last one: `count_as_is`), or None when the board could not be
    /// replayed.
    pub fn of(file: &str, record: &GameRecord, opts: &RefereeOptions) -> Option<ScoreCard> {
        let opts = RefereeOptions {
            count_as_is: true,
            ..opts.clone()
        };
        ScoreCard::new(file, record, &crate::count::referee(record, &opts))
    }

    /// [`ScoreCard::of`] with the dead stones a player claims (`--dead`: SGF points or
    /// vertices, separated by spaces or commas), which must stand on the counted position.
    pub fn with_claimed_dead(
        file: &str,
        record: &GameRecord,
        opts: &RefereeOptions,
        dead: &str,
    ) -> Result<Option<ScoreCard>, crate::Error> {
        let mut opts = RefereeOptions {
            count_as_is: true,
            ..opts.clone()
        };
        // The position the count is made on is the judgement's; its end need not be read.
        let counted = crate::count::judge::judge_game(record, &opts).scored_position;
        opts.dead = Some(parse_dead(dead, &counted)?);
        Ok(ScoreCard::of(file, record, &opts))
    }

    /// The card's JSON object, as `goref score --format json` writes it.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("a score card serialises")
    }

    /// The RE goref would write: None when the game did not reach its end, where only
    /// the count as it stands applies, and when the winner turns on strings the estimate
    /// is unsure of; `?` where two readings of four passes are undecided.
    pub fn re(&self) -> Option<&str> {
        self.re.as_deref()
    }

    /// Builds the card, or None when the game could not be scored.
    pub(crate) fn new(file: &str, record: &GameRecord, r: &Refereed) -> Option<ScoreCard> {
        let s: &Score = r.end.score.as_ref()?;
        let side = |c: Color| {
            let a = s.area.side(c);
            SideCount {
                area: a.area,
                stones: a.stones,
                territory: a.territory,
                dead_removed: a.dead_removed,
            }
        };
        let marks = DiagramMarks::default().with_area(&s.area);
        let text = diagram::render_text(&r.judged.scored_position, &marks, &TextOptions::default());
        Some(ScoreCard {
            file: file.to_string(),
            // 1-based, as `--game` and `goref check`'s reports.
            game: record.game_index + 1,
            black_player: record.info.black.clone(),
            white_player: record.info.white.clone(),
            rules: r.judged.selection.rules.name.clone(),
            rules_reason: r.judged.selection.reason.clone(),
            position: position_text(r),
            view: ScoreView::of(&r.end, s, |p| p.vertex(record.height)),
            black: side(Color::Black),
            white: side(Color::White),
            neutral: s.neutral,
            neutral_rule: match r.judged.selection.rules.seki_points {
                crate::rules::SekiPoints::Nobody => "count for nobody",
                crate::rules::SekiPoints::Shared => "are shared in pairs by fill-in",
            },
            komi: s.komi,
            komi_source: s.komi_source,
            convention: r.end.convention,
            handicap: s.handicap,
            handicap_bonus: s.handicap_bonus,
            penalties: s.penalties,
            time: r.judged.time.clone(),
            black_margin: s.black_margin,
            fill_in: s.fill_in.as_ref().map(|f| f.sentence.clone()),
            fill_in_skipped: s.fill_in_skipped.clone(),
            re: r
                .judged
                .ending
                .end
                .filter(|_| r.end.not_countable.is_none())
                // Where the recomputed winner turns on strings the estimate is unsure of (the
                // result is unverified), goref has no result it could defend: it names the
                // strings instead, as `check` does (issue 26).
                .filter(|_| !winner_unsettled(&r.end.result))
                // Nor where the count rests on goref's estimate of the dead stones and RE, a
                // count, disagrees with it: an estimate does not overwrite the players' result.
                .filter(|_| !estimate_disputes_re(&r.end.result))
                .map(|_| match &r.end.four_passes {
                    Some(f) if f.undecided() => "?".to_string(),
                    _ => result_count(&r.end.result, s).to_string(),
                }),
            ended: r.judged.ending.end.is_some(),
            not_countable: r.end.not_countable.clone(),
            count: s.re.clone(),
            four_passes: r.end.four_passes.clone(),
            precedent_count: r.end.precedent_beside.as_ref().map(|b| BesideCount {
                dead: b.dead.iter().map(|p| p.vertex(record.height)).collect(),
                black: b.score.black,
                white: b.score.white,
                neutral: b.score.neutral,
                re: b.score.re.clone(),
            }),
            result: r.end.result.clone(),
            board: text.lines().map(str::to_string).collect(),
        })
    }

    /// The round as a director posts it: one row per game, then how many agree.
    pub fn round_table(cards: &[ScoreCard]) -> String {
        let header = [
            "file", "game", "Black", "White", "rules", "recorded", "count", "result",
        ];
        let rows: Vec<[String; 8]> = cards
            .iter()
            .map(|c| {
                // The RE goref would write, or the count as it stands where the game did not
                // reach its end (a resignation, a record that stops): marked so.
                let counted = match &c.re {
                    Some(re) => re.clone(),
                    None => format!("{} as it stands", c.count),
                };
                [
                    c.file.clone(),
                    c.game.to_string(),
                    c.black_player.clone().unwrap_or_else(|| "-".into()),
                    c.white_player.clone().unwrap_or_else(|| "-".into()),
                    c.rules.clone(),
                    c.result.recorded.clone().unwrap_or_else(|| "-".into()),
                    counted,
                    c.result.status.as_str().to_string(),
                ]
            })
            .collect();
        let mut widths: Vec<usize> = header.iter().map(|h| h.width()).collect();
        for row in &rows {
            for (w, cell) in widths.iter_mut().zip(row) {
                *w = (*w).max(cell.width());
            }
        }
        let mut out = String::new();
        let mut line = |cells: &[&str]| {
            let mut text = String::new();
            for (i, (cell, w)) in cells.iter().zip(&widths).enumerate() {
                if i > 0 {
                    text.push_str("  ");
                }
                text.push_str(cell);
                // Left-aligned columns; no padding after the last.
                if i + 1 < cells.len() {
                    text.push_str(&" ".repeat(w - cell.width()));
                }
            }
            let _ = writeln!(out, "{}", text.trim_end());
        };
        line(&header);
        for row in &rows {
            let cells: Vec<&str> = row.iter().map(String::as_str).collect();
            line(&cells);
        }
        let tally = |status: &str| {
            cards
                .iter()
                .filter(|c| c.result.status.as_str() == status)
                .count()
        };
        let _ = writeln!(
            out,
            "{}: {} agree, {} mismatch, {} unverified, {} not compared",
            match cards.len() {
                1 => "1 game".to_string(),
                n => format!("{n} games"),
            },
            tally("agrees"),
            tally("mismatch"),
            tally("unverified"),
            tally("not-comparable") + tally("unknown")
        );
        out
    }

    /// The text a director reads aloud.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let players = format!(
            "{} (Black) vs {} (White)",
            self.black_player.as_deref().unwrap_or("?"),
            self.white_player.as_deref().unwrap_or("?")
        );
        out.push_str(&format!(
            "Score of {} game {}: {}\n",
            self.file, self.game, players
        ));
        out.push_str(&format!("Rules: {} ({})\n", self.rules, self.rules_reason));
        out.push_str(&format!("Position counted: {}\n", self.position));
        out.push_str(&match (self.view.dead.is_empty(), self.view.dead_source) {
            (true, _) => "Dead stones removed: none\n".to_string(),
            (false, src) => format!(
                "Dead stones removed: {} ({})\n",
                self.view.dead.join(" "),
                match src {
                    Some("command-line") => "claimed with --dead",
                    Some("estimate") => "estimated by goref: none are marked or claimed",
                    _ => "marked TB/TW in the record",
                }
            ),
        });
        out.push_str(&format!(
            "Basis: {} ({})\n",
            self.view.basis.as_str(),
            self.view.basis.phrase()
        ));
        if !self.view.seki.is_empty() {
            out.push_str(&format!("Seki: {}\n", self.view.seki.join(" ")));
        }
        for (name, side) in [("Black", &self.black), ("White", &self.white)] {
            out.push_str(&format!(
                "{name:<6} area {:>4} = {} stones + {} points of territory{}\n",
                side.area,
                side.stones,
                side.territory,
                if side.dead_removed > 0 {
                    format!(" ({} dead {name} stones removed)", side.dead_removed)
                } else {
                    String::new()
                }
            ));
        }
        if let Some(t) = &self.view.territory {
            for (name, side) in [("Black", &t.black), ("White", &t.white)] {
                out.push_str(&format!(
                    "{name:<6} points {:>4} = {} points of territory + {} prisoners (captured and dead){}\n",
                    side.points,
                    side.territory,
                    side.prisoners,
                    if side.teire > 0 {
                        format!(
                            "; {} teire made (own territory filled where a string is left in atari once the dame are filled)",
                            side.teire
                        )
                    } else {
                        String::new()
                    }
                ));
            }
            if t.seki_points > 0 {
                out.push_str(&format!(
                    "Seki: {} empty points in seki count for nobody\n",
                    t.seki_points
                ));
            }
        }
        out.push_str(&format!(
            "Neutral points: {} ({})\n",
            self.neutral, self.neutral_rule
        ));
        if !self.view.gaps.is_empty() {
            out.push_str(&format!(
                "Gap points: {} (nobody's: the game stopped with a boundary open there; the area behind is counted for the colour that nearly encloses it)\n",
                self.view.gaps.join(" ")
            ));
        }
        out.push_str(&format!(
            "Komi: {} ({})\n",
            format_number(self.komi),
            source_text(self.komi_source, self.convention)
        ));
        if self.handicap >= 2 {
            out.push_str(&format!(
                "Handicap: {} stones, compensation {} points to White\n",
                self.handicap,
                format_number(self.handicap_bonus)
            ));
        }
        out.push_str(&format!(
            "Penalties: Black {}, White {}\n",
            self.penalties.black, self.penalties.white
        ));
        if let Some(t) = &self.time {
            out.push_str(&time_text(t));
        }
        let (b, w) = match &self.view.territory {
            Some(t) if self.view.counting == Scoring::Territory => (t.black.points, t.white.points),
            _ => (self.black.area, self.white.area),
        };
        out.push_str(&format!(
            "Margin ({} counting): {} - {} - {}{} - {} + {} = {} for Black\n",
            self.view.counting.as_str(),
            b,
            w,
            format_number(self.komi),
            if self.handicap_bonus > 0.0 {
                format!(" - {}", format_number(self.handicap_bonus))
            } else {
                String::new()
            },
            self.penalties.black,
            self.penalties.white,
            format_number(self.black_margin)
        ));
        match (&self.fill_in, &self.fill_in_skipped) {
            (Some(story), _) => out.push_str(&format!("Fill-in: {story}\n")),
            (None, Some(why)) => out.push_str(&format!("Fill-in: not counted ({why})\n")),
            _ => {}
        }
        if let Some(o) = &self.view.other_count {
            out.push_str(&format!(
                "By {} counting: {} (the counts differ)\n",
                o.counting.as_str(),
                o.re
            ));
        }
        if let Some(f) = &self.four_passes {
            out.push_str(&four_passes_text(f, self.precedent_count.as_ref()));
        }
        match &self.re {
            Some(re) if re == "?" => out.push_str(
                "Result to write: RE[?] (the two readings of the four passes differ and no dead stones are marked or claimed; mark them TB/TW or pass --dead to settle which reading stands)\n",
            ),
            Some(re) if *re != self.count => out.push_str(&format!(
                "Result to write: RE[{re}] (by {} counting, the count RE was made by: the record does not state its rules)\n",
                self.result.counting.map_or("the other", |c| c.as_str())
            )),
            Some(re) => out.push_str(&format!("Result to write: RE[{re}]\n")),
            None if winner_unsettled(&self.result) => {
                let range = self.result.range.as_ref().map_or(String::new(), |r| {
                    let winner = match self.result.computed.as_deref() {
                        Some(w) => format!("; {} wins whichever way they are read", if w.starts_with('B') { "Black" } else { "White" }),
                        None => String::new(),
                    };
                    format!(
                        "; every unsure string read in Black's favour, then in White's, gives {}{winner}",
                        r.span()
                    )
                });
                out.push_str(&format!(
                    "Result to write: none, the {} turns on {}, which the estimate cannot settle: mark the dead stones TB/TW or pass --dead; count with the estimate: {}{range}\n",
                    self.result.unclear_decides(),
                    self.result.unclear_names(),
                    self.count
                ));
            }
            None if self.not_countable.is_some() => out.push_str(&format!(
                "Result to write: none, the game did not reach a countable end ({}); count as it stands: {}\n",
                self.not_countable.as_deref().unwrap_or(""),
                self.count
            )),
            None if self.ended && estimate_disputes_re(&self.result) => out.push_str(&format!(
                "Result to write: none, the count with goref's estimate of the dead stones ({}) disagrees with RE[{}], and an estimate does not overwrite the players' result: mark the dead stones TB/TW or pass --dead to count theirs\n",
                self.count,
                self.result.recorded.as_deref().unwrap_or("")
            )),
            None => out.push_str(&format!(
                "Result to write: none, the game did not reach its end{}; count as it stands: {}\n",
                self.result
                    .recorded
                    .as_deref()
                    .map_or(String::new(), |r| format!(" (RE[{r}])")),
                self.count
            )),
        }
        out.push_str(&format!(
            "Recorded: {} — {} ({})\n",
            self.result
                .recorded
                .as_deref()
                .map_or("no RE".to_string(), |r| format!("RE[{r}]")),
            self.result.status.as_str(),
            self.result.reason
        ));
        out.push('\n');
        for row in &self.board {
            out.push_str(row);
            out.push('\n');
        }
        out
    }
}

/// The result is unverified because its winner (or margin) turns on strings the estimate
/// is unsure of.
/// Whether the count rests on goref's estimate of the dead stones (none marked or claimed)
/// and disagrees with a recorded count.
fn estimate_disputes_re(result: &ResultCheck) -> bool {
    result.basis == Basis::Estimated
        && matches!(
            result.status,
            ResultStatus::Mismatch | ResultStatus::Unverified
        )
}

/// The count the result rests on: the score's own, or the other counting method's where
/// the result check took that one (the record states no rules and RE was counted that
/// way: `check` compares and states that count, so `score` writes it).
fn result_count<'a>(result: &ResultCheck, s: &'a Score) -> &'a str {
    match &s.other_count {
        // `other_count` is there only where the two counts differ.
        Some(o) if result.computed.as_deref() == Some(o.re.as_str()) => &o.re,
        _ => &s.re,
    }
}

fn winner_unsettled(result: &ResultCheck) -> bool {
    result.range.is_some()
        || (result.status == ResultStatus::Unverified && !result.unclear.is_empty())
}

/// Both readings of four passes, each with what it rests on.
fn four_passes_text(f: &FourPassReadings, beside: Option<&BesideCount>) -> String {
    let literal = format!(
        "  literal (terminology 19: four passes end play, every stone counts): {}{}\n",
        f.literal,
        if f.result == FourPassReading::Literal {
            ", the count above"
        } else {
            ""
        }
    );
    let precedent = match beside {
        Some(b) => format!(
            "  precedent (EGF 2002: passes 3-4 void, dead stones taken away): {} with the stones goref estimates dead ({}): Black {} White {} neutral {}; an estimate, not a ruling\n",
            b.re,
            b.dead.join(" "),
            b.black,
            b.white,
            b.neutral
        ),
        None => format!(
            "  precedent (EGF 2002: passes 3-4 void, dead stones taken away): {} with the stones {}, the count above\n",
            f.precedent,
            f.precedent_basis.phrase()
        ),
    };
    format!("Readings of the four passes:\n{literal}{precedent}")
}

/// The Ing overtime story: basic time, periods, and per side the time used, periods
/// entered and points charged (spec §3.6).
fn time_text(t: &TimeReport) -> String {
    let mut out = format!(
        "Time: basic time {} s, {} overtime period(s) of {} s, {} points each\n",
        format_number(t.basic_time),
        t.settings.periods,
        format_number(t.period),
        t.settings.points_per_period
    );
    for (name, side) in [("Black", &t.black), ("White", &t.white)] {
        let used = side.time_used.map_or("no clock recorded".to_string(), |u| {
            format!("used {} s", format_number(u))
        });
        let lost = if side.lost_on_time {
            ", past the last period: loses on time"
        } else {
            ""
        };
        let reset = if side.clock_reset {
            " (the clock went up during the game, so this is a lower bound)"
        } else {
            ""
        };
        out.push_str(&format!(
            "  {name}: {used}{reset}, {} period(s) entered, {} point(s){lost}\n",
            side.periods, side.points
        ));
    }
    out
}

fn source_text(source: ValueSource, convention: Option<&str>) -> String {
    match source {
        ValueSource::CommandLine => "--komi".into(),
        ValueSource::Record => "the record's KM".into(),
        ValueSource::Rules => "the rules' default".into(),
        ValueSource::Convention => format!(
            "the source's convention `{}`, not the record's KM",
            convention.unwrap_or("?")
        ),
    }
}

fn position_text(r: &Refereed) -> String {
    match r.judged.ending.end {
        Some(end) => {
            let how = match end.kind {
                EndKind::AgreementStop => "the stop where the players could agree on dead stones",
                EndKind::SecondStop => "the second stop, where every stone on the board counts",
                EndKind::FourPasses => "four consecutive passes",
            };
            format!("after move {} ({how})", end.move_number)
        }
        None => format!(
            "after the last move ({}); the record does not reach the end of the game",
            r.judged.moves
        ),
    }
}
