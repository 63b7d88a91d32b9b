//! Matching records to the table's games, and what each pair disagrees on.
//!
//! Each record is matched by its players first: both PB and PW must name the two players
//! of one game (in either colour, see [`super::names`] for how names compare). Among the
//! games that fit, one is taken when it is better than every other on, in this order:
//! the round (RO, else the file's path, else the date in a tournament of one round a
//! day), strong names, the board, and colours. A record that fits two games equally is
//! matched to neither ([`Code::TournamentAmbiguous`], with the candidates); a record
//! matched on weak names says so ([`Code::TournamentWeakMatch`]); a record that fits no
//! game lists the closest ones ([`Code::TournamentUnmatchedRecord`]).

use super::facts::{RecordFacts, RoundSource, Winner};
use super::names::{self, Folded, NameKind};
use super::{Game, TableResult, Tournament};
use goref_core::findings::{Code, Severity};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// At most this many candidate games are named in one finding.
const MAX_CANDIDATES: usize = 4;

/// One problem the tournament check found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TournamentFinding {
    pub code: Code,
    pub severity: Severity,
    pub message: String,
    /// The record it is about, when it is about one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

impl TournamentFinding {
    fn new(code: Code, message: impl Into<String>, file: Option<&str>) -> TournamentFinding {
        TournamentFinding {
            code,
            severity: code.default_severity(),
            message: message.into(),
            file: file.map(str::to_string),
        }
    }
}

/// A board's colour on the printed grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Everything agrees (info findings at most).
    Green,
    /// Something to look at (a warning).
    Amber,
    /// Something to fix (an error).
    Red,
}

impl Status {
    /// The status a board gets from its worst finding.
    pub fn of(worst: Option<Severity>) -> Status {
        match worst {
            Some(Severity::Error) => Status::Red,
            Some(Severity::Warning) => Status::Amber,
            _ => Status::Green,
        }
    }

    /// The name in reports (`green`, `amber`, `red`).
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Green => "green",
            Status::Amber => "amber",
            Status::Red => "red",
        }
    }
}

/// The game a record was matched to.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Matched {
    /// Index into [`Tournament::games`].
    pub game: usize,
    /// PB is the table's White player (and PW its Black).
    pub swapped: bool,
    /// How PB and PW fit the players.
    pub black_name: NameKind,
    pub white_name: NameKind,
}

/// One record, the game it was matched to, and what disagrees.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RecordCheck {
    pub facts: RecordFacts,
    pub matched: Option<Matched>,
    pub findings: Vec<TournamentFinding>,
}

impl RecordCheck {
    /// The worst of the record's tournament findings and its own.
    pub fn worst(&self) -> Option<Severity> {
        self.findings
            .iter()
            .map(|f| f.severity)
            .chain(self.facts.worst)
            .max()
    }
}

/// One game of the table and its records.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardCheck {
    /// Index into [`Tournament::games`].
    pub game: usize,
    /// Indices into [`Comparison::records`].
    pub records: Vec<usize>,
    /// Findings about the game itself (no record, two records).
    pub findings: Vec<TournamentFinding>,
}

/// The table and the records, compared.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    /// One per game of the table, in the table's order.
    pub boards: Vec<BoardCheck>,
    /// One per record, in the order given.
    pub records: Vec<RecordCheck>,
}

impl Comparison {
    /// Every tournament finding: the games' and the records'.
    pub fn findings(&self) -> impl Iterator<Item = &TournamentFinding> {
        self.boards
            .iter()
            .flat_map(|b| &b.findings)
            .chain(self.records.iter().flat_map(|r| &r.findings))
    }

    /// A board's colour: the worst of its own findings, its records' tournament findings
    /// and its records' own findings.
    pub fn status(&self, board: &BoardCheck) -> Status {
        let own = board.findings.iter().map(|f| f.severity);
        let records = board
            .records
            .iter()
            .filter_map(|&r| self.records[r].worst());
        Status::of(own.chain(records).max())
    }

    /// The records that match no game (unmatched or ambiguous).
    pub fn unmatched(&self) -> impl Iterator<Item = &RecordCheck> {
        self.records.iter().filter(|r| r.matched.is_none())
    }

    /// The worst severity of everything found, the records' own findings included.
    pub fn worst(&self) -> Option<Severity> {
        self.boards
            .iter()
            .flat_map(|b| &b.findings)
            .map(|f| f.severity)
            .chain(self.records.iter().filter_map(RecordCheck::worst))
            .max()
    }

    /// `--severity CODE=LEVEL` and `--ignore CODE` for the tournament findings (a
    /// record's own findings take them from its check).
    pub fn apply_severities(
        &mut self,
        severities: &BTreeMap<Code, Severity>,
        ignored: &BTreeSet<Code>,
    ) {
        let adjust = |findings: &mut Vec<TournamentFinding>| {
            findings.retain(|f| !ignored.contains(&f.code));
            for f in findings {
                if let Some(&s) = severities.get(&f.code) {
                    f.severity = s;
                }
            }
        };
        self.boards.iter_mut().for_each(|b| adjust(&mut b.findings));
        self.records
            .iter_mut()
            .for_each(|r| adjust(&mut r.findings));
    }
}

/// Matches every record to a game of the table and checks each pair (see the module docs).
pub fn compare(tournament: &Tournament, records: Vec<RecordFacts>) -> Comparison {
    let mut table = Table::new(tournament);
    table.learn_schedule(&records);
    let mut checks: Vec<RecordCheck> = records
        .into_iter()
        .map(|facts| table.check_record(facts))
        .collect();
    let mut boards: Vec<BoardCheck> = (0..tournament.games.len())
        .map(|game| BoardCheck {
            game,
            records: Vec::new(),
            findings: Vec::new(),
        })
        .collect();
    for (i, check) in checks.iter().enumerate() {
        if let Some(m) = &check.matched {
            boards[m.game].records.push(i);
        }
    }
    for board in &mut boards {
        table.check_board(board, &mut checks);
    }
    Comparison {
        boards,
        records: checks,
    }
}

/// A game that fits a record's names.
#[derive(Clone, Debug)]
struct Candidate {
    game: usize,
    swapped: bool,
    black_name: NameKind,
    white_name: NameKind,
    round_conflict: bool,
    board_conflict: bool,
    colour_conflict: bool,
}

impl Candidate {
    fn weak(&self) -> bool {
        !(self.black_name.is_strong() && self.white_name.is_strong())
    }

    /// What decides between candidates, best first; equal keys are a tie. Colours do not
    /// decide: a record with PB and PW swapped is one of the mistakes looked for, so
    /// two games of the same players in rounds the record does not name stay a tie.
    fn key(&self) -> (bool, bool, bool) {
        (self.round_conflict, self.weak(), self.board_conflict)
    }
}

/// The tournament with its players' names folded once.
struct Table<'t> {
    t: &'t Tournament,
    folded: Vec<Folded>,
    games_of: Vec<Vec<usize>>,
    /// The rounds the records give for each day (RO or path beside DT): a record with
    /// only a date takes the round of its day when its day has one round.
    rounds_on: BTreeMap<super::Day, BTreeSet<u32>>,
}

impl<'t> Table<'t> {
    fn new(t: &'t Tournament) -> Table<'t> {
        let mut games_of = vec![Vec::new(); t.players.len()];
        for (i, g) in t.games.iter().enumerate() {
            games_of[g.black].push(i);
            if g.white != g.black {
                games_of[g.white].push(i);
            }
        }
        Table {
            t,
            folded: t.players.iter().map(Folded::player).collect(),
            games_of,
            rounds_on: BTreeMap::new(),
        }
    }

    /// Learns which rounds were played on which day from the records that give both.
    fn learn_schedule(&mut self, records: &[RecordFacts]) {
        for f in records {
            if let (Some((round, _)), Some(day)) = (f.round(), f.date) {
                self.rounds_on.entry(day).or_default().insert(round);
            }
        }
    }

    fn name(&self, player: usize) -> &str {
        &self.t.players[player].name
    }

    /// `round 3 board 5: Mero Csaba (B) – Lin Viktor (W), B+`.
    fn describe(&self, game: usize) -> String {
        let g = &self.t.games[game];
        let board = g.board.map(|b| format!(" board {b}")).unwrap_or_default();
        let by_default = if g.by_default { " by default" } else { "" };
        format!(
            "round {}{board}: {} (B) – {} (W), {}{by_default}",
            g.round,
            self.name(g.black),
            self.name(g.white),
            g.result.short()
        )
    }

    /// The players a written name fits, and how.
    fn players_named(&self, written: Option<&str>) -> Vec<(usize, NameKind)> {
        let Some(written) = written else {
            return Vec::new();
        };
        let folded = Folded::text(written);
        if folded.is_empty() {
            return Vec::new();
        }
        self.folded
            .iter()
            .enumerate()
            .filter_map(|(i, p)| names::compare(&folded, p).map(|k| (i, k)))
            .collect()
    }

    /// The record's round and its source: RO, the path, or the date: when the event
    /// played one round a day, or when the other records of that day all give one round.
    fn record_round(&self, facts: &RecordFacts) -> Option<(u32, RoundSource)> {
        facts
            .round()
            .or_else(|| self.round_of_day(facts))
            .or_else(|| {
                let rounds = self.rounds_on.get(&facts.date?)?;
                match rounds.iter().collect::<Vec<_>>().as_slice() {
                    [only] => Some((**only, RoundSource::Date)),
                    _ => None,
                }
            })
    }

    /// In a tournament of one round a day, the round of a date.
    fn round_of_day(&self, facts: &RecordFacts) -> Option<(u32, RoundSource)> {
        let (day, first) = (facts.date?, self.t.first_day?);
        let days = self.t.days()?;
        if days != i64::from(self.t.rounds) {
            return None;
        }
        let n = day.ordinal() - first.ordinal() + 1;
        (1..=days)
            .contains(&n)
            .then_some((n as u32, RoundSource::Date))
    }

    fn check_record(&self, facts: RecordFacts) -> RecordCheck {
        let label = facts.label();
        let blacks = self.players_named(facts.black.as_deref());
        let whites = self.players_named(facts.white.as_deref());
        let round = self.record_round(&facts);
        let mut candidates = self.candidates(&facts, &blacks, &whites, round.map(|r| r.0));
        candidates.sort_by_key(|c| {
            let names = c.black_name.max(c.white_name);
            (c.key(), c.colour_conflict, names, c.game)
        });
        let mut check = RecordCheck {
            facts,
            matched: None,
            findings: Vec::new(),
        };
        let Some(best) = candidates.first() else {
            let message = self.unmatched_message(&check.facts, &blacks, &whites, round);
            check.findings.push(TournamentFinding::new(
                Code::TournamentUnmatchedRecord,
                message,
                Some(&label),
            ));
            return check;
        };
        let tied: Vec<&Candidate> = candidates
            .iter()
            .filter(|c| c.key() == best.key())
            .collect();
        if tied.len() > 1 {
            let listed: Vec<String> = tied
                .iter()
                .take(MAX_CANDIDATES)
                .map(|c| self.describe(c.game))
                .collect();
            let more = tied.len().saturating_sub(MAX_CANDIDATES);
            let more = if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            };
            check.findings.push(TournamentFinding::new(
                Code::TournamentAmbiguous,
                format!(
                    "fits {} games equally, so none is taken: {}{more}; give the round in RO or in the file's folder",
                    tied.len(),
                    listed.join("; ")
                ),
                Some(&label),
            ));
            return check;
        }
        let best = best.clone();
        let others: Vec<usize> = candidates[1..].iter().map(|c| c.game).collect();
        check.matched = Some(Matched {
            game: best.game,
            swapped: best.swapped,
            black_name: best.black_name,
            white_name: best.white_name,
        });
        check.findings = self.check_pair(&check.facts, &best, round, &others, &label);
        check
    }

    /// Every game whose two players PB and PW name, in either colour.
    fn candidates(
        &self,
        facts: &RecordFacts,
        blacks: &[(usize, NameKind)],
        whites: &[(usize, NameKind)],
        round: Option<u32>,
    ) -> Vec<Candidate> {
        let kind_of = |list: &[(usize, NameKind)], player: usize| {
            list.iter().find(|(p, _)| *p == player).map(|(_, k)| *k)
        };
        let games: BTreeSet<usize> = blacks
            .iter()
            .flat_map(|(p, _)| self.games_of[*p].iter().copied())
            .collect();
        let mut found = Vec::new();
        for game in games {
            let g = &self.t.games[game];
            let same = kind_of(blacks, g.black).zip(kind_of(whites, g.white));
            let swapped = kind_of(blacks, g.white).zip(kind_of(whites, g.black));
            let fits = [(same, false), (swapped, true)];
            let Some(((black_name, white_name), swapped)) = fits
                .into_iter()
                .filter_map(|(kinds, s)| kinds.map(|k| (k, s)))
                .min_by_key(|((b, w), s)| (*s && g.colours_known, (*b).max(*w)))
            else {
                continue;
            };
            found.push(Candidate {
                game,
                swapped,
                black_name,
                white_name,
                round_conflict: round.is_some_and(|r| r != g.round),
                board_conflict: facts.board().zip(g.board).is_some_and(|(a, b)| a != b),
                colour_conflict: swapped && g.colours_known,
            });
        }
        found
    }

    /// Why a record fits no game, and the games of the players it does name.
    fn unmatched_message(
        &self,
        facts: &RecordFacts,
        blacks: &[(usize, NameKind)],
        whites: &[(usize, NameKind)],
        round: Option<(u32, RoundSource)>,
    ) -> String {
        let written = |side: &Option<String>| side.clone().unwrap_or_else(|| "(none)".into());
        let mut parts = vec![format!(
            "no game of the table has PB[{}] and PW[{}] as its players",
            written(&facts.black),
            written(&facts.white)
        )];
        for (tag, list, name) in [("PB", blacks, &facts.black), ("PW", whites, &facts.white)] {
            if list.is_empty() {
                parts.push(format!(
                    "{tag}[{}] is no player of the table",
                    written(name)
                ));
            }
        }
        let known: BTreeSet<usize> = blacks.iter().chain(whites).map(|(p, _)| *p).collect();
        let mut games: Vec<usize> = known
            .iter()
            .flat_map(|&p| self.games_of[p].iter().copied())
            .filter(|&g| round.is_none_or(|(r, _)| self.t.games[g].round == r))
            .collect();
        games.sort_unstable();
        games.dedup();
        if !games.is_empty() {
            let listed: Vec<String> = games
                .iter()
                .take(MAX_CANDIDATES)
                .map(|&g| self.describe(g))
                .collect();
            let within = round.map_or(String::new(), |(r, _)| format!(" in round {r}"));
            parts.push(format!(
                "games{within} of the players it names: {}",
                listed.join("; ")
            ));
        }
        if let Some((r, _)) = round {
            for bye in self
                .t
                .byes
                .iter()
                .filter(|b| b.round == r && known.contains(&b.player))
            {
                parts.push(format!(
                    "{} had no game in round {r}",
                    self.name(bye.player)
                ));
            }
        }
        parts.join("; ")
    }

    /// What a matched record and its game disagree on.
    fn check_pair(
        &self,
        facts: &RecordFacts,
        c: &Candidate,
        round: Option<(u32, RoundSource)>,
        others: &[usize],
        label: &str,
    ) -> Vec<TournamentFinding> {
        let g = &self.t.games[c.game];
        let mut out = Vec::new();
        let mut add = |code, message: String| {
            out.push(TournamentFinding::new(code, message, Some(label)));
        };
        for m in self.result_findings(facts, g, c.swapped) {
            add(m.0, m.1);
        }
        if c.colour_conflict {
            add(
                Code::TournamentColours,
                format!(
                    "PB and PW are the wrong way round: the table has {} with Black and {} with White",
                    self.name(g.black),
                    self.name(g.white)
                ),
            );
        }
        if let Some(m) = handicap_message(facts, g) {
            add(Code::TournamentHandicap, m);
        }
        if let Some(m) = komi_message(facts, g, self.t) {
            add(Code::TournamentKomi, m);
        }
        if let Some((size, expected)) = facts.board_size.zip(self.t.board_size) {
            if size != expected {
                add(
                    Code::TournamentBoardSize,
                    format!("the record is on a {size}x{size} board; the tournament plays on {expected}x{expected}"),
                );
            }
        }
        if let Some((r, source)) = round.filter(|(r, _)| *r != g.round) {
            add(
                Code::TournamentRound,
                format!(
                    "{} says round {r}; the table has this game in round {}",
                    source.describe(),
                    g.round
                ),
            );
        }
        if let Some((b, gb)) = facts.board().zip(g.board).filter(|(a, b)| a != b) {
            let source = if facts.ro_board.is_some() {
                "RO"
            } else {
                "the file's path"
            };
            add(
                Code::TournamentBoard,
                format!("{source} says board {b}; the table has this game on board {gb}"),
            );
        }
        if let Some(m) = self.date_message(facts) {
            add(Code::TournamentDate, m);
        }
        let sides = [
            (
                "PB",
                &facts.black,
                c.black_name,
                if c.swapped { g.white } else { g.black },
            ),
            (
                "PW",
                &facts.white,
                c.white_name,
                if c.swapped { g.black } else { g.white },
            ),
        ];
        for (tag, written, kind, player) in sides {
            let written = written.as_deref().unwrap_or("");
            if !kind.is_strong() {
                let also = if others.is_empty() {
                    String::new()
                } else {
                    let listed: Vec<String> = others
                        .iter()
                        .take(MAX_CANDIDATES)
                        .map(|&o| self.describe(o))
                        .collect();
                    format!("; other candidates: {}", listed.join("; "))
                };
                add(
                    Code::TournamentWeakMatch,
                    format!(
                        "{tag}[{written}] taken for {} on {}: check that this is {}{also}",
                        self.name(player),
                        kind.describe(),
                        self.describe(c.game)
                    ),
                );
            } else if kind == NameKind::Variant {
                add(
                    Code::TournamentName,
                    format!(
                        "{tag}[{written}] is written `{}` in the table",
                        self.name(player)
                    ),
                );
            }
        }
        out
    }

    /// The winner, the board's count, forfeits and a missing result, side by side with
    /// the table.
    fn result_findings(&self, facts: &RecordFacts, g: &Game, swapped: bool) -> Vec<(Code, String)> {
        // Everything in the table's colours.
        let to_table = |w: Winner| if swapped { w.swapped() } else { w };
        let recorded = facts.winner.map(to_table);
        let board = facts.board_winner.map(to_table);
        let table = g.result.winner();
        let who = |w: Winner| match w {
            Winner::Black => self.name(g.black).to_string(),
            Winner::White => self.name(g.white).to_string(),
            Winner::Jigo => "neither (jigo)".to_string(),
        };
        let re = facts.result.as_deref().unwrap_or("");
        let mut out = Vec::new();
        match (table, recorded) {
            (Some(t), Some(r)) if t != r => {
                let count = match (board, facts.computed.as_deref()) {
                    (Some(b), Some(c)) if b == t => {
                        format!("; the record's counted position ({c}) sides with the table")
                    }
                    (Some(_), Some(c)) => {
                        format!("; the record's counted position ({c}) sides with RE")
                    }
                    _ => String::new(),
                };
                out.push((
                    Code::TournamentWinner,
                    format!(
                        "RE[{re}] gives the game to {}; the table gives it to {} ({}){count}",
                        who(r),
                        who(t),
                        g.result.short()
                    ),
                ));
            }
            (Some(t), Some(_)) => {
                if let (Some(b), Some(c)) = (board.filter(|&b| b != t), facts.computed.as_deref()) {
                    out.push((
                        Code::TournamentComputedResult,
                        format!(
                            "RE[{re}] and the table give the game to {}, but the record's counted position ({c}) gives it to {}",
                            who(t),
                            who(b)
                        ),
                    ));
                }
            }
            (Some(t), None) => {
                let what = if re.is_empty() {
                    "no RE".to_string()
                } else {
                    format!("RE[{re}]")
                };
                out.push((
                    Code::TournamentNoResult,
                    format!(
                        "the record has {what}; the table gives the game to {} ({})",
                        who(t),
                        g.result.short()
                    ),
                ));
            }
            (None, Some(r)) => {
                let table_says = match g.result {
                    TableResult::Unknown => "no result".to_string(),
                    other => format!("`{}`", other.short()),
                };
                out.push((
                    Code::TournamentTableResult,
                    format!(
                        "the table has {table_says} for this game; RE[{re}] gives it to {}",
                        who(r)
                    ),
                ));
            }
            (None, None) => {}
        }
        if g.by_default && facts.moves > 0 {
            out.push((
                Code::TournamentForfeit,
                format!(
                    "the table has this game won by default (not played), but the record has {} moves",
                    facts.moves
                ),
            ));
        } else if facts.forfeit && !g.by_default {
            out.push((
                Code::TournamentForfeit,
                format!("RE[{re}] says forfeit; the table has the game as played (not by default)"),
            ));
        }
        out
    }

    fn date_message(&self, facts: &RecordFacts) -> Option<String> {
        let (day, first, last) = (facts.date?, self.t.first_day?, self.t.last_day?);
        (day < first || day > last)
            .then(|| format!("DT is {day}; the tournament ran from {first} to {last}"))
    }

    /// Findings of the game itself: no record, or several.
    fn check_board(&self, board: &mut BoardCheck, records: &mut [RecordCheck]) {
        let g = &self.t.games[board.game];
        match board.records.as_slice() {
            [] if !g.by_default => board.findings.push(TournamentFinding::new(
                Code::TournamentMissingRecord,
                format!(
                    "no record among the files given of {}",
                    self.describe(board.game)
                ),
                None,
            )),
            [] | [_] => {}
            many => {
                let listed: Vec<String> = many
                    .iter()
                    .map(|&r| {
                        let f = &records[r].facts;
                        format!("{} (RE[{}])", f.label(), f.result.as_deref().unwrap_or(""))
                    })
                    .collect();
                let winners: BTreeSet<_> = many
                    .iter()
                    .map(|&r| {
                        let m = records[r].matched.as_ref().expect("matched");
                        records[r]
                            .facts
                            .winner
                            .map(|w| if m.swapped { w.swapped() } else { w })
                    })
                    .collect();
                let agree = if winners.len() == 1 {
                    "agree"
                } else {
                    "differ"
                };
                board.findings.push(TournamentFinding::new(
                    Code::TournamentDuplicate,
                    format!(
                        "{} records of {}: {}; their results {agree}",
                        many.len(),
                        self.describe(board.game),
                        listed.join(", ")
                    ),
                    None,
                ));
            }
        }
    }
}

/// Handicap stones: the table's 0 and 1 both place none (1 is no komi).
fn handicap_message(facts: &RecordFacts, g: &Game) -> Option<String> {
    if !g.handicap_known {
        return None;
    }
    let expected = if g.handicap >= 2 { g.handicap } else { 0 };
    let recorded = if facts.handicap >= 2 {
        facts.handicap
    } else {
        0
    };
    (expected != recorded).then(|| {
        let table = match g.handicap {
            0 => "an even game".to_string(),
            1 => "handicap 1 (no komi, no stones)".to_string(),
            h => format!("handicap {h}"),
        };
        format!("the record has {recorded} handicap stones; the table has {table}")
    })
}

fn komi_message(facts: &RecordFacts, g: &Game, t: &Tournament) -> Option<String> {
    let komi = facts.komi.filter(|_| g.handicap_known)?;
    let shown = komi.to_string();
    if g.handicap == 0 {
        let expected = t.komi?;
        ((komi - expected).abs() > 1e-9)
            .then(|| format!("KM[{shown}]; the tournament's komi is {}", expected))
    } else {
        (komi != 0.5 && komi != 0.0).then(|| {
            format!(
                "KM[{shown}] in a game of handicap {}; a handicap game has komi 0.5 (or 0)",
                g.handicap
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Day, Player, SourceFormat};
    use proptest::prelude::*;

    /// Two rounds of Mero–Lin (colours reversed in round 2), one of Dubois–Kim.
    fn table() -> Tournament {
        let players = vec![
            Player::new("MEROCSABA", "Mérő", "Csaba"),
            Player::new("LINVIKTOR", "Lin", "Viktor"),
            Player::new("DUBOISAMELIE", "Dubois", "Amélie"),
            Player::new("KIMMINHO", "Kim", "Minho"),
        ];
        let game = |round, board, black, white, result| Game {
            round,
            board: Some(board),
            black,
            white,
            handicap: 0,
            handicap_known: true,
            result,
            by_default: false,
            colours_known: true,
        };
        Tournament {
            name: "Test".into(),
            format: SourceFormat::OpenGotha,
            rounds: 2,
            komi: Some(6.5),
            board_size: Some(19),
            first_day: Day::find_in("2024-05-01"),
            last_day: Day::find_in("2024-05-02"),
            players,
            games: vec![
                game(1, 1, 0, 1, TableResult::BlackWins),
                game(1, 2, 2, 3, TableResult::WhiteWins),
                game(2, 1, 1, 0, TableResult::WhiteWins),
            ],
            byes: vec![],
        }
    }

    fn record(props: &str) -> RecordFacts {
        let komi = if props.contains("KM[") { "" } else { "KM[6.5]" };
        let sgf = format!("(;SZ[19]{komi}{props};B[pd];W[dp];B[pp])");
        let reports = goref_core::check_bytes(
            "game.sgf",
            sgf.as_bytes(),
            &goref_core::CheckOptions::default(),
        );
        RecordFacts::from_report(&reports[0])
    }

    fn codes(check: &RecordCheck) -> Vec<&'static str> {
        check.findings.iter().map(|f| f.code.as_str()).collect()
    }

    #[test]
    fn the_round_decides_between_two_games_of_the_same_players() {
        let t = table();
        let c = compare(&t, vec![record("RO[2]PB[Lin Viktor]PW[Mero Csaba]RE[W+R]")]);
        assert_eq!(c.records[0].matched.as_ref().map(|m| m.game), Some(2));
        assert_eq!(codes(&c.records[0]), ["tournament-name"]);
        // The date, in a tournament of one round a day, does as well.
        let c = compare(
            &t,
            vec![record("DT[2024-05-01]PB[Mero Csaba]PW[Lin Viktor]RE[B+R]")],
        );
        assert_eq!(c.records[0].matched.as_ref().map(|m| m.game), Some(0));
    }

    #[test]
    fn the_other_records_of_a_day_give_its_round() {
        let mut t = table();
        // Two rounds on one day: the date alone says nothing...
        t.last_day = t.first_day;
        let undated = record("DT[2024-05-01]PB[Mero Csaba]PW[Lin Viktor]RE[B+R]");
        let c = compare(&t, vec![undated.clone()]);
        assert_eq!(codes(&c.records[0]), ["tournament-ambiguous"]);
        // ...until a record of that day names its round.
        let dated = record("DT[2024-05-01]RO[1]PB[Dubois Amelie]PW[Kim Minho]RE[W+R]");
        let c = compare(&t, vec![undated.clone(), dated.clone()]);
        assert_eq!(c.records[0].matched.as_ref().map(|m| m.game), Some(0));
        // Records of two rounds that day: no guess.
        let other = record("DT[2024-05-01]RO[2]PB[Lin Viktor]PW[Mero Csaba]RE[W+R]");
        let c = compare(&t, vec![undated, dated, other]);
        assert_eq!(codes(&c.records[0]), ["tournament-ambiguous"]);
    }

    #[test]
    fn colours_alone_do_not_decide_and_nothing_is_guessed() {
        let t = table();
        let c = compare(&t, vec![record("PB[Mero Csaba]PW[Lin Viktor]RE[B+R]")]);
        assert_eq!(c.records[0].matched, None);
        assert_eq!(codes(&c.records[0]), ["tournament-ambiguous"]);
        let message = &c.records[0].findings[0].message;
        assert!(
            message.contains("round 1 board 1") && message.contains("round 2 board 1"),
            "{message}"
        );
        // Both games then lack a record.
        let missing = c
            .findings()
            .filter(|f| f.code == Code::TournamentMissingRecord)
            .count();
        assert_eq!(missing, 3);
    }

    #[test]
    fn a_swapped_record_is_compared_player_by_player() {
        let t = table();
        // Kim (the table's White) won; the record has Kim as Black and says B+R: the same
        // winner, the wrong colours.
        let c = compare(
            &t,
            vec![record("RO[1]PB[Kim Minho]PW[Dubois Amelie]RE[B+R]")],
        );
        assert_eq!(
            codes(&c.records[0]),
            ["tournament-colours", "tournament-name"]
        );
        let c = compare(
            &t,
            vec![record("RO[1]PB[Kim Minho]PW[Dubois Amelie]RE[W+R]")],
        );
        assert_eq!(
            codes(&c.records[0]),
            ["tournament-winner", "tournament-colours", "tournament-name"]
        );
        assert_eq!(c.status(&c.boards[1]), Status::Red);
    }

    #[test]
    fn a_board_on_another_game_of_the_round_is_a_conflict_not_a_match() {
        let t = table();
        let c = compare(
            &t,
            vec![record("RO[1.2]PB[Mérő Csaba]PW[Lin Viktor]RE[B+R]")],
        );
        assert_eq!(c.records[0].matched.as_ref().map(|m| m.game), Some(0));
        assert_eq!(codes(&c.records[0]), ["tournament-board"]);
    }

    #[test]
    fn weak_names_are_matched_with_a_warning_and_unknown_ones_not_at_all() {
        let t = table();
        let c = compare(&t, vec![record("RO[1]PB[Dubois]PW[Kim M.]RE[W+R]")]);
        assert_eq!(c.records[0].matched.as_ref().map(|m| m.game), Some(1));
        assert_eq!(
            codes(&c.records[0]),
            ["tournament-weak-match", "tournament-weak-match"]
        );
        assert_eq!(c.status(&c.boards[1]), Status::Amber);
        let c = compare(
            &t,
            vec![record("RO[1]PB[Someone Else]PW[Kim Minho]RE[W+R]")],
        );
        assert_eq!(codes(&c.records[0]), ["tournament-unmatched-record"]);
        let message = &c.records[0].findings[0].message;
        assert!(
            message.contains("PB[Someone Else] is no player"),
            "{message}"
        );
        assert!(
            message.contains("round 1 board 2: Dubois Amélie (B) – Kim Minho (W)"),
            "{message}"
        );
    }

    #[test]
    fn two_records_of_one_game_are_a_duplicate() {
        let t = table();
        let a = record("RO[1]PB[Mérő Csaba]PW[Lin Viktor]RE[B+R]");
        let mut b = record("RO[1]PB[Mérő Csaba]PW[Lin Viktor]RE[W+R]");
        b.file = "other.sgf".into();
        let c = compare(&t, vec![a, b]);
        assert_eq!(c.boards[0].records, [0, 1]);
        let dup = &c.boards[0].findings[0];
        assert_eq!(dup.code, Code::TournamentDuplicate);
        assert!(
            dup.message.ends_with("their results differ"),
            "{}",
            dup.message
        );
    }

    #[test]
    fn severities_and_ignored_codes_change_the_colours() {
        let t = table();
        let mut c = compare(
            &t,
            vec![record("RO[1]PB[Mérő Csaba]PW[Lin Viktor]RE[B+R]KM[7.5]")],
        );
        assert_eq!(c.status(&c.boards[0]), Status::Amber);
        c.apply_severities(
            &BTreeMap::from([(Code::TournamentKomi, Severity::Error)]),
            &BTreeSet::from([Code::TournamentMissingRecord]),
        );
        assert_eq!(c.status(&c.boards[0]), Status::Red);
        assert_eq!(
            c.status(&c.boards[1]),
            Status::Green,
            "its missing record is ignored"
        );
    }

    proptest! {
        /// Whatever is in PB and PW, RO and RE, comparing never panics and a record is
        /// matched to at most one game, one that its names fit.
        #[test]
        fn any_record_is_matched_once_or_not_at_all(
            black in "\\PC{0,20}",
            white in "\\PC{0,20}",
            round in 0u32..4,
            re in prop::sample::select(vec!["B+R", "W+R", "0", "?", "", "B+F"]),
        ) {
            let t = table();
            let escape = |s: &str| s.replace('\\', "\\\\").replace(']', "\\]");
            let props = format!("RO[{round}]PB[{}]PW[{}]RE[{re}]", escape(&black), escape(&white));
            let c = compare(&t, vec![record(&props)]);
            let matched: usize = c.boards.iter().map(|b| b.records.len()).sum();
            prop_assert!(matched <= 1);
            if let Some(m) = &c.records[0].matched {
                prop_assert!(m.black_name <= NameKind::Typo && m.white_name <= NameKind::Typo);
            }
        }
    }
}
