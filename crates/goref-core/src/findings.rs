//! Findings and the registry of finding codes. Each code is defined once, here, with
//! its default severity, what it means, the rule behind it, an example record and
//! advice for a tournament director; `goref explain` and docs/findings.md are
//! generated from this table (in the manner of ruff's rule registry).
//!
//! ```
//! use goref_core::findings::{Category, Code, CodeInfo, Severity};
//!
//! let ko = CodeInfo::ALL.iter().find(|c| c.name == "ko-retake").unwrap();
//! assert_eq!(ko.code, Code::KoRetake);
//! assert_eq!(ko.category, Category::Legality);
//! assert_eq!(ko.severity, Severity::Error);
//! assert_eq!(Code::from_name("ko-retake"), Some(Code::KoRetake));
//! assert_eq!(goref_core::findings::Code::did_you_mean("ko-retaek"), Some("ko-retake"));
//! ```

use crate::point::{Color, Point, Pos};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

/// How serious a finding is. Ordered: `Info < Warning < Error`.
///
/// ```
/// use goref_core::findings::Severity;
///
/// assert!(Severity::Error > Severity::Warning && Severity::Warning > Severity::Info);
/// assert_eq!("warning".parse::<Severity>(), Ok(Severity::Warning));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Info,
    Warning,
    Error,
}

impl Severity {
    /// The name in reports.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    /// The name as a terminal shows it: red error, yellow warning, cyan info when
    /// `color`, plain otherwise.
    ///
    /// ```
    /// use goref_core::findings::Severity;
    ///
    /// assert_eq!(Severity::Error.painted(false), "error");
    /// assert_eq!(Severity::Error.painted(true), "\u{1b}[1;31merror\u{1b}[0m");
    /// ```
    pub fn painted(self, color: bool) -> String {
        let style = match self {
            Severity::Error => "1;31",
            Severity::Warning => "1;33",
            Severity::Info => "36",
        };
        crate::present::report::lint::Paint(color).wrap(style, self.as_str())
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Severity {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "info" => Ok(Severity::Info),
            "warning" | "warn" => Ok(Severity::Warning),
            "error" => Ok(Severity::Error),
            other => Err(format!(
                "unknown severity `{other}` (expected error, warning or info)"
            )),
        }
    }
}

/// How sure goref is of a verdict (spec §1.8): `core` rules are the rule text itself;
/// `interpretation` verdicts follow a reading the rule texts leave open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Certainty {
    Core,
    Interpretation,
}

/// What a finding is about: the stage that raises it. Kept in the registry so that
/// no module keeps its own list of codes of a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Category {
    /// The engine's legality verdicts: moves some rules forbid.
    Legality,
    /// The game record disagrees with itself or with the rules (turns, handicap, komi, rules).
    Record,
    /// The recorded result, and what the board and the rules say of it.
    Result,
    /// A record against the tournament's own results (`goref tournament`).
    Tournament,
    /// Reading the file: bytes, text, SGF syntax, property values.
    Reading,
}

/// Everything known about one code.
///
/// ```
/// use goref_core::findings::{Category, Code, CodeInfo};
///
/// let info = Code::HotStoneTake.info();
/// assert_eq!(info.category, Category::Legality);
/// assert!(info.explain().starts_with("hot-stone-take"));
/// assert_eq!(CodeInfo::registry_json().as_array().unwrap().len(), CodeInfo::ALL.len());
/// ```
pub struct CodeInfo {
    pub code: Code,
    pub name: &'static str,
    pub severity: Severity,
    pub category: Category,
    pub summary: &'static str,
    pub rule: &'static str,
    pub example: &'static str,
    pub advice: &'static str,
}

macro_rules! codes {
    ($( $variant:ident = $name:literal, $sev:ident, $cat:ident,
        summary: $summary:literal,
        rule: $rule:literal,
        example: $example:literal,
        advice: $advice:literal; )+) => {
        /// A stable finding code. The kebab-case name is part of the report format.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code { $($variant,)+ }

        /// The registry: every code goref can emit, in documentation order ([`CodeInfo::ALL`]).
        pub(crate) const REGISTRY: &[CodeInfo] = &[
            $(CodeInfo {
                code: Code::$variant,
                name: $name,
                severity: Severity::$sev,
                category: Category::$cat,
                summary: $summary,
                rule: $rule,
                example: $example,
                advice: $advice,
            },)+
        ];

        impl Code {
            /// The name in reports and on the command line (`error`, `warning`, `info`).
            pub fn as_str(self) -> &'static str {
                match self { $(Code::$variant => $name,)+ }
            }
        }
    };
}

codes! {
    // ---- legality verdicts of the engine ----
    OccupiedPoint = "occupied-point", Error, Legality,
        summary: "A stone was played on a point that already holds a stone.",
        rule: "Every ruleset: a play is made on an empty point (docs/rules.md, Replay; Ing SST Laws 1991 Art. 1; EGF Simplified Ing Rules; AGA Concise Rules).",
        example: "(;SZ[9];B[ee];W[ee])",
        advice: "The record is corrupt or the move was mis-entered; compare with the paper record. goref executes the move as recorded (the stone is replaced) and goes on.";
    OffBoard = "off-board", Error, Legality,
        summary: "A move names a point outside the board.",
        rule: "SGF FF[4]: points lie on the board given by SZ (docs/rules.md, Replay; red-bean.com/sgf/go.html).",
        example: "(;SZ[9];B[jj])",
        advice: "Check SZ; the move is ignored as a board play (treated as a pass) in the replay.";
    Suicide = "suicide", Error, Legality,
        summary: "A single stone was played where it has no liberty and captures nothing.",
        rule: "Ing SST Laws 1991 Art. 1 forbid self-removal of a single stone; under the EGF Simplified Ing Rules it recreates the position (positional superko); the AGA Concise Rules forbid all suicide (docs/rules.md, Replay).",
        example: "(;SZ[5]AB[aa][ac][bc][cc][dc][ec]AW[ca][ea][ab][bb][cb][db][eb]PL[B];B[da])",
        advice: "Under SST the move is void and the same player replays; under AGA it is illegal. It is never a pass.";
    MultiStoneSuicide = "multi-stone-suicide", Error, Legality,
        summary: "A play removed a string of two or more of the mover's own stones, where the rules forbid suicide.",
        rule: "The AGA Concise Rules forbid suicide of any size; Ing SST Laws 1991 and the EGF Simplified Ing Rules allow the removal of a string of two or more (docs/rules.md, Replay).",
        example: "(;SZ[5]RU[AGA]AB[aa][ac][bc][cc][dc][ec]AW[ca][ea][ab][bb][cb][db][eb]PL[B];B[ba])",
        advice: "Illegal under the selected rules; legal under Ing rules. Check which rules the event used.";
    KoRetake = "ko-retake", Error, Legality,
        summary: "A single-stone ko was retaken immediately (simple ko rule).",
        rule: "Simple ko (Japanese and Chinese rules): a play may not recapture a single stone that just captured a single stone (docs/rules.md, Repetition).",
        example: "(;SZ[5]RU[Japanese]AB[aa][ba][ab][bc]AW[ca][bb][db][cc]PL[W];W[ee];B[cb];W[bb])",
        advice: "The retake is illegal; the player should have played elsewhere first.";
    PositionalSuperko = "positional-superko", Error, Legality,
        summary: "A play recreated an earlier board position.",
        rule: "EGF Simplified Ing Rules: \"A play may not recreate a previous position\" (docs/rules.md, Repetition).",
        example: "(;SZ[5]RU[EGF]AB[aa][ba][ab][bc]AW[ca][bb][db][cc]PL[W];W[ee];B[cb];W[bb])",
        advice: "The move is illegal; the finding names the earlier move whose position it recreated.";
    SituationalSuperko = "situational-superko", Error, Legality,
        summary: "A play recreated an earlier board position with the same player to move (or, under natural situational superko, one the same player created).",
        rule: "AGA Concise Rules: no earlier board position may be recreated with the same player to play (docs/rules.md, Repetition).",
        example: "(;SZ[5]RU[AGA]AB[aa][ba][ab][bc]AW[ca][bb][db][cc]PL[W];W[ee];B[cb];W[];B[];W[bb])",
        advice: "The move is illegal; the finding names the earlier move whose position it recreated.";
    HotStoneTake = "hot-stone-take", Error, Legality,
        summary: "A play captured a hot stone immediately (a wrong take under Ing's rules).",
        rule: "Ing SST Laws 1991, ko rule: hot stones cannot be removed until after an interval of one board play or pass play (docs/rules.md, SST Ing: hot stones and recycling).",
        example: "(;SZ[5]RU[GOE]AB[aa][ba][ab][bc]AW[ca][bb][db][cc]PL[W];W[ee];B[cb];W[bb])",
        advice: "Under SST the take is void: restore the position; the same player replays; no penalty.";
    KoRecycling = "ko-recycling", Error, Legality,
        summary: "A play restarted a cycle that had already run once (disturbing-ko recycling).",
        rule: "Ing SST Laws 1991, ko rule: after one cycle the disturber is never allowed to continue disturbing; goref reads it as the fixed-ko rule (docs/rules.md, SST Ing: hot stones and recycling).",
        example: "(;SZ[5]RU[GOE]AB[ba][ab][ac]AW[da][bb][cb][db]PL[B];B[ca];W[aa];B[ba];W[];B[ca])",
        advice: "Under SST the move is void and the same player replays. This is an interpretation: a referee may read the text otherwise.";
    NeedsReferee = "needs-referee", Warning, Legality,
        summary: "A repetition that goref's reading of the SST ko rules cannot classify.",
        rule: "goref's reading of the Ing SST Laws 1991 ko rule escalates a full-board cycle completed without any rule firing, or a ko shape it cannot classify (docs/rules.md, SST Ing: hot stones and recycling).",
        example: "(;SZ[5:7]RU[GOE]AB[ba][ab][ac][bg][af][ae]AW[da][bb][cb][db][dg][bf][cf][df]PL[B];B[ca];W[aa];B[ba];W[];B[cg];W[ag];B[bg])",
        advice: "A human referee must decide; the report shows the positions involved.";
    Cycle = "cycle", Warning, Legality,
        summary: "A whole-board position repeated under rules with only a simple ko rule.",
        rule: "Japanese and Korean rules: a long cycle (triple ko and the like) may make the game void; it is not an illegal move (docs/rules.md, Repetition).",
        example: "(;SZ[5]RU[Japanese]AB[ba][ab][ac]AW[da][bb][cb][db]PL[B];B[ca];W[aa];B[ba])",
        advice: "Check whether the players agreed to void the game or the referee ruled on it.";
    // ---- record findings ----
    Alternation = "alternation", Error, Record,
        summary: "The same colour moved twice in a row outside handicap placement.",
        rule: "Players alternate; after a stop the opponent of the last passer resumes (docs/rules.md, End of game).",
        example: "(;SZ[5];B[aa];W[dd];B[];W[];W[cc])",
        advice: "A move or pass is probably missing from the record.";
    PlayerToMoveDiffers = "player-to-move-differs", Warning, Record,
        summary: "PL names the player to move, but the next move is the other player's.",
        rule: "SGF FF[4]: PL says who moves next; goref keeps the moves as played, so the repetition history takes the player who moved (docs/rules.md, Replay).",
        example: "(;SZ[5]AB[aa]PL[B];W[bb])",
        advice: "PL was written wrongly (an editor or converter), or a move is missing; check the record.";
    SetupWithoutLiberties = "setup-without-liberties", Warning, Record,
        summary: "A setup (AB/AW/AE) leaves a chain without liberties, a position no play can reach.",
        rule: "SGF FF[4]: setup captures nothing; goref replays on with the chain on the board as set up, counted as it stands until a play captures it (docs/rules.md, Replay).",
        example: "(;SZ[9]AB[aa][ab]AW[ac][ba][bb];B[ee])",
        advice: "The setup is probably mistyped (a stone on the wrong point); check the position.";
    TurnConvention = "turn-convention", Info, Record,
        summary: "A writer's convention for turns was recognised: an empty node read as a pass (`empty-node-pass`, Many Faces of Go), or handicap stones played as Black's first moves under HA[0] (`fox-handicap`, Fox).",
        rule: "SGF FF[4] writes a pass as B[] or W[] and a handicap as HA and AB (red-bean.com/sgf/go.html); goref reads these writers' forms as they mean them (docs/reading.md, Conventions for turns).",
        example: "(;SZ[9];B[ee];W[cc];;W[gg])",
        advice: "Nothing to do: the record is read as its writer meant it. An empty node is read as a pass only between two moves of one colour, and the Fox handicap only for 2 to 9 Black plays before White's first move, so a true missing move still gives `alternation`.";
    MoveAfterEnd = "move-after-end", Warning, Record,
        summary: "Moves follow the point at which the rules end the game.",
        rule: "Ing SST Laws 1991: four passes end play and it cannot resume; EGF Simplified Ing and AGA Concise Rules: the second stop ends the game (docs/rules.md, End of game).",
        example: "(;SZ[5]RU[GOE];B[aa];W[];B[];W[];B[];W[bb])",
        advice: "Moves after the end do not count; goref scores the position at the end.";
    ResignerMovedLast = "resigner-moved-last", Info, Record,
        summary: "The player the result says resigned (or lost on time) made the last move.",
        rule: "A resigning player does not move after resigning (the same check as sgfcheck); servers let a player resign on the opponent's turn, hence info.",
        example: "(;SZ[9]RE[B+R];B[ee];W[cc])",
        advice: "Either the result names the wrong winner or moves were appended.";
    HandicapMismatch = "handicap-mismatch", Warning, Record,
        summary: "HA does not match the number of handicap stones placed.",
        rule: "SGF FF[4]: HA gives the number of handicap stones, set up with AB (red-bean.com/sgf/go.html; docs/rules.md, End of game).",
        example: "(;SZ[9]HA[3]AB[cc][gg]PL[W];W[ee])",
        advice: "goref uses the stones actually placed.";
    KomiDiffers = "komi-differs", Info, Record,
        summary: "The record's komi differs from the rules' komi.",
        rule: "Komi is a tournament parameter; Ing SST Laws 1991 and the EGF tournament rules with Ing material use 8 (docs/rules.md, Rules are data).",
        example: "(;SZ[9]RU[GOE]KM[6.5];B[ee])",
        advice: "goref scores with the record's KM unless --komi is given.";
    CountConvention = "count-convention", Info, Result,
        summary: "The record shows the evidence of a source's counting convention; its result is read that way.",
        rule: "Servers and engines count in their own ways (Fox says RU[Japanese] with Chinese-size komi written times 100 or KM[0] for its 6.5, and writes B+0.0 for a win without a count; its records carry AP[YuanYu], AP[foxwq] or its byo-yomi TC and TT); the table of conventions is in docs/scoring.md.",
        example: "(;SZ[9]AP[YuanYu]RU[Japanese]KM[750]RE[B+2.5];B[ee])",
        advice: "Nothing to do: the message names the evidence (AP or a source's own properties, RU, KM) and how the count follows the source. Pass --rules and --komi to count otherwise.";
    KomiResultParity = "komi-result-parity", Info, Result,
        summary: "The fraction of KM cannot produce the recorded margin under area scoring.",
        rule: "Area margins are whole numbers plus komi's fraction (the same check as sgfcheck's KM-versus-RE).",
        example: "(;SZ[9]KM[7.5]RE[B+3];B[ee])",
        advice: "Either KM or RE was entered wrongly.";
    ResultMismatch = "result-mismatch", Error, Result,
        summary: "The recomputed winner differs from RE, and the record itself shows the final position.",
        rule: "Area scoring after the rules' end of game (docs/rules.md, Dead stones and the result; docs/scoring.md).",
        example: "(;SZ[5]RU[EGF]KM[0.5]RE[B+5];B[cc];W[];B[];W[aa];B[];W[])",
        advice: "Check the final position and the dead stones; the report gives both counts. Where the count is RE's margin exactly for the other colour (5 points or more), the reason says RE likely names the wrong winner.";
    MarginMismatch = "margin-mismatch", Warning, Result,
        summary: "The winner agrees with RE but the margin differs.",
        rule: "Area scoring after the rules' end of game (docs/rules.md, Dead stones and the result; docs/scoring.md).",
        example: "(;SZ[5]RU[EGF]KM[0.5]RE[W+5];B[cc];W[];B[];W[aa];B[];W[])",
        advice: "Often a different komi or counting method; see komi and score in the report.";
    ResultMissing = "result-missing", Info, Result,
        summary: "The record has no RE property.",
        rule: "SGF FF[4] RE (red-bean.com/sgf/properties.html).",
        example: "(;SZ[9];B[ee])",
        advice: "goref still recomputes the result where the game ran to its end.";
    ResultFormat = "result-format", Info, Result,
        summary: "RE is not in FF[4] form: read as what it means (`Jigo`, `B`, `B+Illegal`, `白3目半勝ち`, `黑胜`, `흑 불계승`), or, a warning, not readable at all.",
        rule: "SGF FF[4] RE: 0, Draw, B+n, B+R, B+T, B+F, Void, ? (red-bean.com/sgf/properties.html); the spellings goref reads are listed in docs/reading.md.",
        example: "(;SZ[9]RE[Jigo])",
        advice: "goref reads it as stated in the message; write the FF[4] form. A result that could not be read (a warning) is taken as unknown: look at the record.";
    GameNotEnded = "game-not-ended", Info, Result,
        summary: "The record stops before the rules' end of game and has no decisive result.",
        rule: "End of game per the rules (docs/rules.md, End of game).",
        example: "(;SZ[9]RU[Chinese]KM[7.5]RE[W+3.5];B[ee];W[cc])",
        advice: "Nothing to compare; the as-is count is in the report.";
    DeadStonesUnmarked = "dead-stones-unmarked", Info, Result,
        summary: "The count as it stands (--estimator none) disagrees with RE, but the rules allowed an agreement on dead stones that the record does not show.",
        rule: "Dead stones are removed by agreement at a stop (docs/rules.md, Dead stones and the result; EGF Simplified Ing Rules; AGA Concise Rules).",
        example: "(;SZ[5]KM[0.5]RE[W+5];B[cc];W[];B[])",
        advice: "Mark the dead stones with TB/TW in the final node, or pass --dead, to verify the result.";
    DeadStonesUnclear = "dead-stones-unclear", Info, Result,
        summary: "The estimated count disagrees with RE, but the winner or margin turns on strings whose status the estimate is not sure of.",
        rule: "Dead stones nobody marked are estimated; unclear strings that, flipped, change the winner, bring the count to RE or make up most of the difference leave the result unverified (docs/scoring.md).",
        example: "-",
        advice: "Look at the named string; mark the dead stones with TB/TW or pass --dead to verify.";
    OpenPointsUnclear = "open-points-unclear", Info, Result,
        summary: "The estimated count disagrees with RE by no more than the points it leaves open (dame, an unfinished boundary).",
        rule: "Open points count for nobody in the estimate; where the record stops before the end or the count is by area, they may be worth a point each (docs/scoring.md).",
        example: "-",
        advice: "Finish the boundary (play the dame and the needed connections) or mark the dead stones to verify.";
    CommentResultDiffers = "comment-result-differs", Warning, Result,
        summary: "RE disagrees with the result the record's own comment states (the last node's C, or GC): a likely transcription error.",
        rule: "The record's own words are a second source for its result; the message says which of the two the count supports (docs/scoring.md, What the estimate does not count).",
        example: "(;GM[1]FF[4]SZ[9]RE[B+2.5];B[ee];W[cc]C[Game over. White wins by 3.5 points.])",
        advice: "Check RE against the paper record or the server; fix whichever was mistyped.";
    NotCountable = "not-countable", Info, Result,
        summary: "The final position is not finished enough for goref's estimate to count it; no count is compared with RE.",
        rule: "A careful counter counts what is settled: no colour is taken off the board unless every string of it is proven dead, a record that does not end in two passes needs stones on a quarter of the board, and no open area over 8 points may still touch both colours (docs/scoring.md, What the estimate does not count).",
        example: "(;GM[1]FF[4]SZ[19]KM[6.5]RE[W+2.5];B[pd];W[dp])",
        advice: "Mark the dead stones (TB/TW) or pass --dead if the game was in fact counted; otherwise RE cannot be checked from the board.";
    EstimatorFailed = "estimator-failed", Warning, Result,
        summary: "The external judge (--estimator gtp) did not answer: it could not start, was too slow, crashed or replied with something that is not GTP.",
        rule: "GTP 2: final_status_list dead and seki (docs/scoring.md).",
        example: "-",
        advice: "Check --engine (the command and its options) and --engine-timeout; goref's own estimate was used for this game.";
    DisputedEnding = "disputed-ending", Warning, Result,
        summary: "Under SST four passes, the literal and precedent readings give different results.",
        rule: "Ing SST Laws 1991, terminology item 19 versus Article 1; the 2002 Zagreb appeal (docs/rules.md, Dead stones and the result; docs/appeal.md).",
        example: "(;SZ[7]KM[8]RU[GOE]AB[ba][bb][bc][ec][bd][be][bf][ff][bg]AW[ca][cb][cc][ad][cd][ce][cf][cg]PL[B];B[ac];W[];B[ae];W[];B[];W[];B[]TW[ec][ff])",
        advice: "Run `goref appeal` to see both readings side by side.";
    WhiteOwesPass = "white-owes-pass", Info, Result,
        summary: "Under AGA rules White must make the last pass, and the record ends with a Black pass.",
        rule: "AGA Concise Rules: each pass hands the opponent a pass stone and White passes last (docs/rules.md, Rules are data).",
        example: "(;SZ[9]RU[AGA];B[ee];W[];B[])",
        advice: "The area result is unchanged; a territory count would move by one point.";
    RulesAssumed = "rules-assumed", Info, Record,
        summary: "The rules were not stated or not recognised, and goref chose a preset.",
        rule: "The RU alias table (docs/rules.md, --rules auto).",
        example: "(;SZ[9]RU[Lasker];B[ee])",
        advice: "Pass --rules NAME to check under the rules the event actually used.";
    PenaltyPoints = "penalty-points", Info, Result,
        summary: "A player entered Ing overtime periods and is charged penalty points.",
        rule: "EGF General Tournament Rules, Ing overtime: 2 points for each period of BT/6 entered (docs/scoring.md).",
        example: "(;SZ[19]RU[GOE]TM[600]OT[Ing overtime: 3 x BT/6, 2 points each];B[pd]BL[-50];W[dd]WL[100])",
        advice: "The computed result includes the penalty; check the time record.";
    LostOnTime = "lost-on-time", Info, Result,
        summary: "A player exceeded the last overtime period and loses on time.",
        rule: "EGF General Tournament Rules, Ing overtime: exceeding the third period loses the game on time (docs/scoring.md).",
        example: "(;SZ[19]RU[GOE]TM[600]OT[Ing overtime: 3 x BT/6, 2 points each]RE[W+T];B[pd]BL[-400];W[dd]WL[100])",
        advice: "The result is B+T or W+T whatever the board says.";
    // ---- tournament findings (`goref tournament`: records against the pairing table) ----
    TournamentWinner = "tournament-winner", Error, Tournament,
        summary: "The record's result (RE) names another winner than the tournament's table.",
        rule: "The pairing program's result is what the standings and the rating list use; the record and the table must agree (docs/tournament.md, What is checked).",
        example: "table: round 2 board 4, Mero Csaba (B) beat Lin Viktor (W); record r2-b4.sgf: PB[Mero Csaba]PW[Lin Viktor]RE[W+R]",
        advice: "Ask the players or look at the paper result slip; correct RE or the result in the pairing program. The finding says whether the board (a counted final position) sides with the record or the table.";
    TournamentComputedResult = "tournament-computed-result", Error, Tournament,
        summary: "RE and the table agree, but the record's final position, counted, gives the other player the win.",
        rule: "A record whose own check finds result-mismatch (docs/findings.md) contradicts a table that follows RE (docs/tournament.md, What is checked).",
        example: "table: B wins; record: RE[B+2.5] with dead stones marked and a count of W+3.5",
        advice: "The record was probably typed in with a wrong move or dead stone; compare it with the paper kifu before touching the table.";
    TournamentForfeit = "tournament-forfeit", Warning, Tournament,
        summary: "The table and the record disagree on whether the game was played: a game won by default (OpenGotha's _BYDEF, EGD's !) has a record of moves, or RE says forfeit for a game the table has as played.",
        rule: "A game won by default was not played over the board; it has no record (docs/tournament.md, What is checked).",
        example: "table: RESULT_BLACKWINS_BYDEF; record: 187 moves, RE[B+R]",
        advice: "Either the game was played (enter its real result, without _BYDEF, so it is rated) or the record belongs to another game.";
    TournamentColours = "tournament-colours", Error, Tournament,
        summary: "PB and PW are the wrong way round: the record's Black player had White in the table.",
        rule: "The table says who had Black (OpenGotha's knownColor, EGD's /b and /w); a handicap record has the stones on the wrong side (docs/tournament.md, What is checked).",
        example: "table: Mero Csaba (B) vs Lin Viktor (W); record: PB[Lin Viktor]PW[Mero Csaba]",
        advice: "Usually PB and PW were typed swapped: swap them (and check RE, which then names the other player). If the players really swapped colours, correct the table.";
    TournamentHandicap = "tournament-handicap", Warning, Tournament,
        summary: "The record's handicap differs from the table's for this game.",
        rule: "The pairing program sets each game's handicap; OpenGotha's handicap 1 means no komi and no stones (docs/tournament.md, What is checked).",
        example: "table: handicap 4; record: HA[3]AB[dd][pp][dp]",
        advice: "Check the paper record: a stone may be missing from AB, or the game was played at the wrong handicap (a matter for the referee).";
    TournamentKomi = "tournament-komi", Warning, Tournament,
        summary: "The record's komi (KM) differs from the tournament's: its komi for an even game, 0.5 (or 0) for a handicap game.",
        rule: "The tournament's komi applies to every even game (OpenGotha's komi, EGD's KM); handicap games have no komi beyond 0.5 (docs/tournament.md, What is checked).",
        example: "tournament komi 7.5; record of an even game: KM[6.5]",
        advice: "Correct KM when it was mis-typed. A game played with a wrong komi may have been decided by it: recount with the tournament's komi (goref score --komi).";
    TournamentBoardSize = "tournament-board-size", Warning, Tournament,
        summary: "The record's board size (SZ) differs from the tournament's.",
        rule: "Every game of a tournament is played on its board size (OpenGotha's size; docs/tournament.md, What is checked).",
        example: "tournament size 19; record SZ[13]",
        advice: "A record typed in on a template of another size: correct SZ (the moves may then need checking), or take out a record that belongs to a side event.";
    TournamentRound = "tournament-round", Warning, Tournament,
        summary: "The record says another round (RO, its folder or file name, or its date) than the table's game of these two players.",
        rule: "Each record is filed under the round it was played in (docs/tournament.md, Matching).",
        example: "table: round 3 Mero Csaba vs Lin Viktor; record round2/b4.sgf with RO[2]",
        advice: "Correct RO or move the file to its round's folder.";
    TournamentBoard = "tournament-board", Info, Tournament,
        summary: "The record says another board (table) number than the table's.",
        rule: "OpenGotha numbers each round's boards; a record's RO or file name may repeat the number (docs/tournament.md, Matching).",
        example: "table: round 3 board 5; record r3-b7.sgf",
        advice: "Rename the file or correct RO, so that the next reader finds the record by its board.";
    TournamentDate = "tournament-date", Info, Tournament,
        summary: "The record's date (DT) lies outside the tournament's days.",
        rule: "The tournament's first and last days are in the table (OpenGotha's beginDate and endDate, EGD's DT); a record played then carries one of them (docs/tournament.md, Matching).",
        example: "tournament 2019-10-26 to 2019-10-28; record DT[2018-10-27]",
        advice: "Correct DT (often the year of a template left in place).";
    TournamentName = "tournament-name", Info, Tournament,
        summary: "A record spells a player's name otherwise than the table (case, accents, order, transliteration); the match is sure.",
        rule: "Names are compared folded: transliterated, lower-cased, in any order (docs/tournament.md, Matching).",
        example: "table: Mérő Csaba; record: PB[csaba mero]",
        advice: "Write the table's spelling into PB/PW before the records are published, so that each player is spelt one way.";
    TournamentWeakMatch = "tournament-weak-match", Warning, Tournament,
        summary: "A record was matched to a game on weak evidence: a surname alone, or a name a letter or two apart.",
        rule: "goref takes a match on names that agree up to case, accents and order; anything weaker is reported with the game it chose (docs/tournament.md, Matching).",
        example: "table: Mero Csaba vs Lin Viktor; record: PB[Mero]PW[Lin V.]",
        advice: "Check that the record is this game, then write the players' full names into PB/PW.";
    TournamentAmbiguous = "tournament-ambiguous", Warning, Tournament,
        summary: "A record fits more than one game equally well; it is matched to none, and the candidates are listed.",
        rule: "goref never guesses between candidates (docs/tournament.md, Matching).",
        example: "table: Mero Csaba vs Lin Viktor in rounds 2 and 5; record without RO, date or round in its path",
        advice: "Add RO (or file the record under its round's folder) and run again.";
    TournamentUnmatchedRecord = "tournament-unmatched-record", Warning, Tournament,
        summary: "A record matches no game of the table: its players never met, or a name matches no player. The closest games are listed.",
        rule: "Every record of the event belongs to one game of the table (docs/tournament.md, Matching).",
        example: "table has no game Mero Csaba vs Lin Viktor; record PB[Mero Csaba]PW[Lin Viktor]",
        advice: "Correct the misspelt name (the finding lists the games of the player it did recognise), or take the record out of the event's folder (a friendly game).";
    TournamentMissingRecord = "tournament-missing-record", Warning, Tournament,
        summary: "A game of the table has no record among the files given.",
        rule: "A game played over the board (not by default) is expected to have a record when the event collects them (docs/tournament.md, What is checked).",
        example: "table: round 1 board 3, Bourgin Maxime vs Ravera Sylvain; no record of theirs",
        advice: "Collect the missing kifu, or ignore the code (--ignore tournament-missing-record) for an event that records only top boards.";
    TournamentDuplicate = "tournament-duplicate", Warning, Tournament,
        summary: "Two or more records match the same game.",
        rule: "One game has one record (docs/tournament.md, What is checked).",
        example: "r3-b5.sgf and round3/mero-lin.sgf both of round 3 board 5",
        advice: "Keep the better record (the finding says whether their results agree) and remove the other, or correct the one that belongs to another game.";
    TournamentTableResult = "tournament-table-result", Warning, Tournament,
        summary: "The table has no result for a game (or an administrative one: both win, both lose) while its record has one.",
        rule: "OpenGotha's RESULT_UNKNOWN, EGD's ?: the result was not entered (docs/tournament.md, What is checked).",
        example: "table: RESULT_UNKNOWN; record RE[B+R]",
        advice: "Enter the result in the pairing program before the last round is paired or the standings are printed.";
    TournamentNoResult = "tournament-no-result", Info, Tournament,
        summary: "The record has no result (no RE, or RE[?]) while the table has one.",
        rule: "A finished game's record carries its result (SGF FF[4] RE; docs/tournament.md, What is checked).",
        example: "table: B wins; record without RE",
        advice: "Write the table's result into RE before the records are published.";
    // ---- reading findings ----
    SyntaxError = "syntax-error", Error, Reading,
        summary: "The file breaks SGF syntax. Severity is error when moves were lost, warning when reading recovered everything.",
        rule: "SGF FF[4] grammar (red-bean.com/sgf/sgf4.html; docs/reading.md).",
        example: "(;SZ[9];B[ee];W[cc]",
        advice: "The message says what was expected at the line and column; repair the file with a text editor or SGFC.";
    NodeHasTwoMoves = "node-has-two-moves", Error, Reading,
        summary: "One node holds both a B and a W move.",
        rule: "SGF FF[4]: a node holds at most one move (red-bean.com/sgf/sgf4.html).",
        example: "(;SZ[9];B[ee]W[cc])",
        advice: "goref plays them in the order written; the record is likely damaged.";
    Charset = "charset", Warning, Reading,
        summary: "The declared charset (CA) does not match the bytes, or bytes could not be decoded.",
        rule: "SGF FF[4] CA (red-bean.com/sgf/properties.html; docs/reading.md).",
        example: "(;CA[ISO-8859-1]SZ[9]PB[José];B[ee])",
        advice: "goref decodes with the charset named in the message; fix CA.";
    BadValue = "bad-value", Warning, Reading,
        summary: "A property value could not be read and was ignored.",
        rule: "SGF FF[4] value types (red-bean.com/sgf/sgf4.html).",
        example: "(;SZ[9]KM[seven];B[ee])",
        advice: "The message says which property and what was expected.";
    BoardSize = "board-size", Error, Reading,
        summary: "SZ is outside 1..52 or unreadable; the game cannot be replayed.",
        rule: "SGF FF[4]: Go boards are 1x1 to 52x52 (red-bean.com/sgf/go.html).",
        example: "(;SZ[0];B[aa])",
        advice: "Fix SZ in the record.";
    SizeAssumed = "size-assumed", Info, Reading,
        summary: "The record has no SZ; the board is taken as 19x19.",
        rule: "SGF FF[4]: the default Go board is 19x19.",
        example: "(;B[pd])",
        advice: "Nothing to do unless the game was played on another size.";
    HandicapQuirk = "handicap-quirk", Info, Reading,
        summary: "HA[0] or HA[1] was written for an even game (FF[4] wants HA >= 2).",
        rule: "SGF FF[4] HA is 2 or more (red-bean.com/sgf/go.html); HA[0] and HA[1] are common writer quirks.",
        example: "(;SZ[19]HA[0];B[pd])",
        advice: "Read as an even game.";
    KomiScaled = "komi-scaled", Info, Reading,
        summary: "KM was written scaled (Fox writes komi times 100 or 50) and has been divided back.",
        rule: "A server quirk: Fox writes komi times 100 (KataGo reads it the same way).",
        example: "(;SZ[19]KM[375];B[pd])",
        advice: "The message gives the value used.";
    KomiEmpty = "komi-empty", Warning, Reading,
        summary: "KM[] is empty; the rules' komi is used.",
        rule: "SGF FF[4] KM is a real number (red-bean.com/sgf/go.html).",
        example: "(;SZ[19]KM[];B[pd])",
        advice: "Write the komi into the record.";
    MoveInRoot = "move-in-root", Info, Reading,
        summary: "The root node holds a move; it is played as move 1.",
        rule: "SGF FF[4]: the root holds game information and setup; moves go in later nodes.",
        example: "(;SZ[9]B[ee];W[cc])",
        advice: "Harmless for the replay; some programs drop such a move.";
    SetupInGame = "setup-in-game", Info, Reading,
        summary: "Stones were added or removed (AB/AW/AE), or PL set who moves, after the game began.",
        rule: "SGF FF[4] setup properties and PL; the position after setup joins the repetition history, and a move after PL is not an alternation error (docs/rules.md, Replay).",
        example: "(;SZ[9];B[ee];AW[cc];W[gg])",
        advice: "Usually an editor's correction; check the position.";
    ArchiveDamaged = "archive-damaged", Error, Reading,
        summary: "An archive, or a member of it, could not be read: truncated, corrupt, failing its checksum, encrypted, or packed by a method goref does not read. What could be read was checked.",
        rule: "-",
        example: "-",
        advice: "Fetch the archive again, or test it with its own tool (`unzip -t`, `tar -tzf`, `gzip -t`). In a zip only the damaged member is lost; in a tar stream the rest after the damage cannot be reached.";
    ArchiveMemberTooLarge = "archive-member-too-large", Error, Reading,
        summary: "An archive member inflates beyond the limit for one member (--member-limit, 32 MiB by default): an archive bomb, or a record far larger than any game. It was not checked.",
        rule: "-",
        example: "-",
        advice: "If the member is a genuine record, raise --member-limit. In a compressed tar the rest of the archive is not read after such a member: skipping it would mean inflating it.";
    ArchiveNested = "archive-nested", Warning, Reading,
        summary: "An archive holds another archive (a zip or tar inside it). goref opens one level, and compressed records (`a.sgf.gz`) in it; the inner archive was not checked.",
        rule: "-",
        example: "-",
        advice: "Unpack the outer archive and check the inner one on its own, or repack the records in one archive.";
    ArchiveEmpty = "archive-empty", Warning, Reading,
        summary: "An archive holds no record: no member ends in a record ending (`.sgf`, or those --ext gives).",
        rule: "-",
        example: "-",
        advice: "Check that it is the archive meant; give --ext when its records have another ending.";
    ArchiveTooManyEntries = "archive-too-many-entries", Error, Reading,
        summary: "An archive holds more entries than goref reads from one archive (--max-entries, 500,000 by default); the rest was not read.",
        rule: "-",
        example: "-",
        advice: "Split the archive, or raise --max-entries when the archive is genuine.";
    IoError = "io-error", Error, Reading,
        summary: "The file could not be read.",
        rule: "-",
        example: "-",
        advice: "Check permissions and the path.";
    NotAFile = "not-a-file", Warning, Reading,
        summary: "A FIFO, device or socket found in a directory walk was skipped, not read.",
        rule: "-",
        example: "-",
        advice: "Reading one could block the run or never end; name it on the command line to read it as a stream.";
    InternalError = "internal-error", Error, Reading,
        summary: "goref failed on this file (a bug). The batch went on.",
        rule: "-",
        example: "-",
        advice: "Please report it with the file attached.";
}

impl Code {
    /// The name as a terminal shows it: bold when `color`, plain otherwise.
    ///
    /// ```
    /// use goref_core::findings::Code;
    ///
    /// assert_eq!(Code::Suicide.painted(false), "suicide");
    /// assert_eq!(Code::Suicide.painted(true), "\u{1b}[1msuicide\u{1b}[0m");
    /// ```
    pub fn painted(self, color: bool) -> String {
        crate::present::report::lint::Paint(color).wrap("1", self.as_str())
    }

    /// The registry entry of this code.
    pub fn info(self) -> &'static CodeInfo {
        REGISTRY
            .iter()
            .find(|i| i.code == self)
            .expect("every code is in the registry")
    }

    /// The default severity of this code.
    pub fn default_severity(self) -> Severity {
        self.info().severity
    }

    /// What this code is about (legality, record, result, tournament, reading).
    pub fn category(self) -> Category {
        self.info().category
    }

    /// Looks a code up by its kebab-case name.
    pub fn from_name(name: &str) -> Option<Code> {
        REGISTRY.iter().find(|i| i.name == name).map(|i| i.code)
    }

    /// Looks a code up as a person types it: case and surrounding blanks ignored,
    /// `_` or a space read as `-`.
    pub fn lookup(text: &str) -> Option<Code> {
        Code::from_name(&normalise_code(text))
    }
}

fn normalise_code(text: &str) -> String {
    text.trim()
        .chars()
        .map(|c| match c {
            '_' | ' ' => '-',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

impl Code {
    /// The registered code closest to a misspelt one (edit distance at most a third of
    /// its length, and at least 2), for "did you mean" hints.
    pub fn did_you_mean(text: &str) -> Option<&'static str> {
        let typed = normalise_code(text);
        let limit = (typed.chars().count() / 3).max(2);
        // Compared with the whole name and with its tails after a `-`, so that a part of a
        // name (`superko`, even misspelt) finds it.
        REGISTRY
            .iter()
            .filter_map(|i| {
                let tails = std::iter::once(i.name).chain(
                    i.name
                        .match_indices('-')
                        .map(|(at, _)| &i.name[at + 1..])
                        .filter(|t| t.len() >= 4),
                );
                tails
                    .map(|t| edit_distance(&typed, t))
                    .min()
                    .map(|d| (d, i.name))
            })
            .filter(|&(d, _)| d <= limit)
            .min()
            .map(|(_, name)| name)
    }
}

/// Levenshtein distance over characters (`strsim`'s, as the CLI's config keys and the
/// tournament's names use): the distance behind "did you mean" for finding codes
/// (`kitten`/`sitting`: 3, `Mérő`/`Mero`: 2).
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    strsim::levenshtein(a, b)
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Code {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Code, D::Error> {
        let name = String::deserialize(d)?;
        Code::from_name(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown code {name}")))
    }
}

/// One thing goref found in a record.
///
/// ```
/// use goref_core::findings::{Code, Finding, Severity};
/// use goref_core::point::{Color, Point};
///
/// let f = Finding::new(Code::OccupiedPoint, "White played on a stone")
///     .on_move(12, Color::White, Some(Point::new(3, 15)), 19);
/// assert_eq!(f.severity, Severity::Error); // the code's default
/// assert_eq!((f.point.as_deref(), f.vertex.as_deref()), (Some("dp"), Some("D4")));
/// assert_eq!(f.with_severity(Severity::Warning).severity, Severity::Warning);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    pub code: Code,
    pub severity: Severity,
    pub message: String,
    /// 1-based move number (B/W nodes of the line, passes included, setup not).
    #[serde(rename = "move")]
    pub move_number: Option<u32>,
    pub color: Option<Color>,
    /// SGF letters of the point.
    pub point: Option<String>,
    /// Diagram vertex, e.g. `Q16`.
    pub vertex: Option<String>,
    pub line: Option<u32>,
    pub column: Option<u32>,
    pub certainty: Option<Certainty>,
    /// The earlier move a repetition verdict refers to (0 = the initial position).
    pub related_move: Option<u32>,
    /// What each other preset would say of the same move (legality verdicts only).
    #[serde(skip_serializing_if = "BTreeMap::is_empty", default)]
    pub also: BTreeMap<String, Option<Code>>,
}

impl Finding {
    /// At most this many findings of one code are listed per game; the rest are counted
    /// and summed up in one closing finding of that code, so that a hostile record (a
    /// million illegal moves) cannot produce a million findings. Above the parser's
    /// syntax-issue cap, so syntax findings are never cut here.
    pub const MAX_PER_CODE: usize = 500;

    /// A finding with the code's default severity and nothing located yet.
    pub fn new(code: Code, message: impl Into<String>) -> Finding {
        Finding {
            code,
            severity: code.default_severity(),
            message: message.into(),
            move_number: None,
            color: None,
            point: None,
            vertex: None,
            line: None,
            column: None,
            certainty: None,
            related_move: None,
            also: BTreeMap::new(),
        }
    }

    /// Sets the source position.
    pub(crate) fn at(mut self, pos: Pos) -> Finding {
        if pos.line > 0 {
            self.line = Some(pos.line);
            self.column = Some(pos.column);
        }
        self
    }

    /// Sets the move number, colour and point (point may be None for a pass).
    pub fn on_move(
        mut self,
        number: u32,
        color: Color,
        point: Option<Point>,
        board_height: u8,
    ) -> Finding {
        self.move_number = Some(number);
        self.color = Some(color);
        self.point = point.map(Point::sgf);
        self.vertex = point.map(|p| p.vertex(board_height));
        self
    }

    /// The finding at `severity` instead of its code's default.
    pub fn with_severity(mut self, severity: Severity) -> Finding {
        self.severity = severity;
        self
    }

    /// The finding with how firmly the rule texts support it.
    pub fn with_certainty(mut self, certainty: Certainty) -> Finding {
        self.certainty = Some(certainty);
        self
    }

    /// The finding pointing at an earlier move it refers to.
    pub fn related(mut self, move_number: u32) -> Finding {
        self.related_move = Some(move_number);
        self
    }
}

/// At most this many findings of one code are listed per game (see [`Finding::MAX_PER_CODE`]).
const MAX_PER_CODE: usize = Finding::MAX_PER_CODE;

/// Counts findings per code against [`Finding::MAX_PER_CODE`] (see [`FindingCap::admit`]).
#[derive(Debug, Default)]
pub(crate) struct FindingCap {
    listed: BTreeMap<Code, usize>,
    /// Per code: how many were not listed, and the worst severity among them.
    dropped: BTreeMap<Code, (usize, Severity)>,
}

impl FindingCap {
    /// True when a finding of this code is to be listed; false when it is over the cap
    /// (it is then only counted). Ask before building an expensive finding.
    pub(crate) fn admit(&mut self, code: Code, severity: Severity) -> bool {
        let listed = self.listed.entry(code).or_insert(0);
        if *listed < MAX_PER_CODE {
            *listed += 1;
            return true;
        }
        let d = self.dropped.entry(code).or_insert((0, severity));
        d.0 += 1;
        d.1 = d.1.max(severity);
        false
    }

    /// Appends one finding per code that went over the cap, saying how many were not
    /// listed.
    pub(crate) fn finish(self, findings: &mut Vec<Finding>) {
        for (code, (n, severity)) in self.dropped {
            findings.push(
                Finding::new(
                    code,
                    format!(
                        "{n} more `{code}` finding(s) in this game are not listed (at most {MAX_PER_CODE} of one code are)"
                    ),
                )
                .with_severity(severity),
            );
        }
    }
}

impl CodeInfo {
    /// The registry: every code goref can emit, in documentation order.
    ///
    /// ```
    /// use goref_core::findings::{Category, CodeInfo};
    ///
    /// assert!(CodeInfo::ALL.iter().any(|i| i.name == "hot-stone-take"));
    /// assert!(CodeInfo::ALL.iter().filter(|i| i.category == Category::Result).count() > 3);
    /// assert!(CodeInfo::ALL.iter().all(|i| !i.summary.is_empty() && !i.advice.is_empty()));
    /// ```
    pub const ALL: &'static [CodeInfo] = REGISTRY;

    /// `goref explain CODE`: what a finding means, the rule behind it, an example record
    /// and what a director can do.
    pub fn explain(&self) -> String {
        format!(
            "{name} ({severity} by default)\n\n{summary}\n\nRule:    {rule}\nExample: {example}\nAdvice:  {advice}\n",
            name = self.name,
            severity = self.severity,
            summary = self.summary,
            rule = self.rule,
            example = self.example,
            advice = self.advice,
        )
    }

    /// `goref explain --list`: every code with its default severity and summary.
    ///
    /// ```
    /// let list = goref_core::findings::CodeInfo::list_text();
    /// assert!(list.lines().any(|l| l.starts_with("hot-stone-take") && l.contains("error")));
    /// assert_eq!(list.lines().count(), goref_core::findings::CodeInfo::ALL.len());
    /// ```
    pub fn list_text() -> String {
        let width = REGISTRY.iter().map(|i| i.name.len()).max().unwrap_or(0);
        REGISTRY
            .iter()
            .map(|i| {
                format!(
                    "{:<width$}  {:<7}  {}\n",
                    i.name,
                    i.severity.as_str(),
                    i.summary
                )
            })
            .collect()
    }

    /// The registry as JSON, for `goref explain --list --format json`.
    pub fn registry_json() -> serde_json::Value {
        serde_json::Value::Array(
            REGISTRY
                .iter()
                .map(|i| {
                    serde_json::json!({
                        "code": i.name,
                        "severity": i.severity,
                        "summary": i.summary,
                        "rule": i.rule,
                        "example": i.example,
                        "advice": i.advice,
                    })
                })
                .collect(),
        )
    }

    /// docs/findings.md, generated from the registry (a test keeps the file in step).
    ///
    /// ```
    /// let md = goref_core::findings::CodeInfo::markdown();
    /// assert!(md.starts_with("# Finding codes"));
    /// assert!(md.contains("\n## occupied-point\n"));
    /// ```
    pub fn markdown() -> String {
        let mut out = String::from(
            "# Finding codes\n\nGenerated from the registry in `crates/goref-core/src/findings.rs` (`goref explain --list` prints the same).\n\
             Severities are defaults; `goref check --severity CODE=LEVEL` changes one, and `--ignore CODE` (or `--severity CODE=off`) silences it.\n\n\
             | code | default severity | summary |\n|---|---|---|\n",
        );
        for i in REGISTRY {
            out.push_str(&format!(
                "| [`{0}`](#{0}) | {1} | {2} |\n",
                i.name, i.severity, i.summary
            ));
        }
        for i in REGISTRY {
            out.push_str(&format!(
                "\n## {}\n\n{}\n\n- Default severity: **{}**\n- Rule: {}\n- Example: `{}`\n- Advice: {}\n",
                i.name, i.summary, i.severity, i.rule, i.example, i.advice
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn severities_and_codes_are_painted_for_a_terminal_only_when_asked() {
        assert_eq!(Severity::Warning.painted(false), "warning");
        assert_eq!(
            Severity::Warning.painted(true),
            "\u{1b}[1;33mwarning\u{1b}[0m"
        );
        assert_eq!(Severity::Info.painted(true), "\u{1b}[36minfo\u{1b}[0m");
        assert_eq!(Code::KoRetake.painted(false), "ko-retake");
        assert_eq!(Code::KoRetake.painted(true), "\u{1b}[1mko-retake\u{1b}[0m");
    }

    use super::*;

    fn names_in(category: Category) -> Vec<&'static str> {
        REGISTRY
            .iter()
            .filter(|i| i.category == category)
            .map(|i| i.name)
            .collect()
    }

    #[test]
    fn legality_codes_are_the_engine_verdicts() {
        // The list appeal used to keep by hand: moves some rules forbid.
        assert_eq!(
            names_in(Category::Legality),
            [
                "occupied-point",
                "off-board",
                "suicide",
                "multi-stone-suicide",
                "ko-retake",
                "positional-superko",
                "situational-superko",
                "hot-stone-take",
                "ko-recycling",
                "needs-referee",
                "cycle",
            ]
        );
    }

    #[test]
    fn every_category_has_codes_and_reading_codes_come_last() {
        for c in [
            Category::Legality,
            Category::Record,
            Category::Result,
            Category::Tournament,
            Category::Reading,
        ] {
            assert!(!names_in(c).is_empty(), "{c:?}");
        }
        assert!(names_in(Category::Result).contains(&"result-mismatch"));
        assert!(names_in(Category::Reading).contains(&"syntax-error"));
        let first_reading = REGISTRY
            .iter()
            .position(|i| i.category == Category::Reading)
            .unwrap();
        assert!(REGISTRY[first_reading..]
            .iter()
            .all(|i| i.category == Category::Reading));
    }

    #[test]
    fn names_are_unique_kebab_case_and_round_trip() {
        let mut seen = std::collections::HashSet::new();
        for info in REGISTRY {
            assert!(seen.insert(info.name), "duplicate {}", info.name);
            assert!(info
                .name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == '-'));
            assert_eq!(Code::from_name(info.name), Some(info.code));
            assert_eq!(info.code.as_str(), info.name);
            assert!(!info.summary.is_empty() && !info.advice.is_empty());
        }
    }

    #[test]
    fn lookup_ignores_case_and_suggests_close_names() {
        assert_eq!(
            Code::lookup(" Positional_Superko "),
            Some(Code::PositionalSuperko)
        );
        assert_eq!(
            Code::did_you_mean("positional-superco"),
            Some("positional-superko")
        );
        assert_eq!(Code::did_you_mean("ko-retak"), Some("ko-retake"));
        assert_eq!(Code::did_you_mean("superko"), Some("positional-superko"));
        assert_eq!(Code::did_you_mean("zzzzzzzz"), None);
        // The allowance grows with the length typed: three edits in eleven letters.
        assert_eq!(Code::did_you_mean("ocupied-pnt"), Some("occupied-point"));
        // A tail is compared from just after its `-`: `supreko` is two edits from
        // `superko`, the most seven letters allow, and three from `-superko`.
        assert_eq!(Code::did_you_mean("supreko"), Some("positional-superko"));
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        // Characters, not bytes, outside ASCII.
        assert_eq!(edit_distance("Mérő", "Mero"), 2);
    }

    #[test]
    fn severities_order_and_parse() {
        assert!(Severity::Info < Severity::Warning && Severity::Warning < Severity::Error);
        assert_eq!("warn".parse::<Severity>(), Ok(Severity::Warning));
        assert!("fatal".parse::<Severity>().is_err());
    }

    #[test]
    fn finding_serialises_with_report_field_names() {
        let f = Finding::new(Code::KoRetake, "retake")
            .on_move(3, Color::White, Point::from_sgf("bb"), 5)
            .at(Pos {
                line: 1,
                column: 60,
                offset: 59,
            });
        let json = serde_json::to_value(&f).unwrap();
        assert_eq!(json["code"], "ko-retake");
        assert_eq!(json["severity"], "error");
        assert_eq!(json["move"], 3);
        assert_eq!(json["color"], "W");
        assert_eq!(json["point"], "bb");
        assert_eq!(json["vertex"], "B4");
        assert_eq!(json["line"], 1);
    }
}
