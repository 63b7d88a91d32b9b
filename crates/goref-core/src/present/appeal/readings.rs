//! The readings: the end of the game counted under each reading of the rules, with the
//! one dead-stone decision `check` makes (`reading::count_end`), and the decision the
//! committee must take where they disagree.

use super::is_legality;
use super::join_and;
use super::Reading;
use super::ReadingKind;
use super::ReadingStatus;
use super::Removal;
use super::SentenceContext;
use crate::count::judge::Judged;
use crate::count::options::RefereeOptions;
use crate::count::reading::{self, Basis, CountContext, FourPassReading};
use crate::count::score::{Komi, Score};
use crate::findings::{Code, Severity};
use crate::point::{Color, Point};
use crate::present::score_view::ScoreView;
use crate::read::record::{GameRecord, ValueSource};
use crate::replay::ending::EndKind;
use crate::replay::position::Position;
use crate::rules::{self};
use std::collections::BTreeMap;

// ---------------------------------------------------------------------------
// Readings

/// Counts the end of the game under one reading.
pub(super) fn build_reading(
    kind: ReadingKind,
    record: &GameRecord,
    r: &Judged,
    end_opts: &RefereeOptions,
    colors: &BTreeMap<u32, Color>,
    own_from: &str,
) -> Reading {
    let claimed = end_opts.dead.as_deref();
    let estimator = &end_opts.estimator;
    let rules = &r.selection.rules;
    // How this reading counts and with what komi, as the count below: a source's
    // convention where these are the record's own rules (`CountContext::of`).
    let method = CountContext::of(record, rules, r).method;
    let counting = method.counting;
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
        komi: method.komi.value,
        komi_source: method.komi.source,
        convention: method.convention.as_ref().map(|d| d.convention.id),
        compensation: method
            .handicap_compensation
            .unwrap_or(rules.handicap_compensation)
            .points(r.handicap),
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
    // The one decision on dead stones and the count, as `check` makes it for the
    // record's own reading (`count_end`), here under this reading's rules.
    let end_count = reading::count_end(record, r, claimed, estimator, kind.four_passes(), false);
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
    let source = chosen.basis.removed().filter(|_| !dead.is_empty());
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
            } else if chosen.basis == Basis::Estimated {
                settle_on_the_unsure(&mut reading, record, r, end_opts, s);
            }
            // An unsettled count has no margin to restate under another komi.
            let note = (reading.status != ReadingStatus::Unsettled)
                .then(|| default_komi_note(r, &dead, &chosen.seki, &end_count.ctx, s))
                .flatten();
            if let Some(note) = note {
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

/// A count on goref's estimate is a result only where `check` would state it under
/// these rules: where the estimate is unsure of strings its winner (or margin, against
/// RE) turns on, `check` states none (or the winner alone), and neither does the reading.
/// The end is read as `check` reads it (`reading::read_end`, the one decision), and its
/// verdict is taken only where it counted the same board to the same result.
fn settle_on_the_unsure(
    reading: &mut Reading,
    record: &GameRecord,
    r: &Judged,
    end_opts: &RefereeOptions,
    s: &Score,
) {
    let end = reading::read_end(record, end_opts, r);
    let check = &end.result;
    // `check` names unclear strings only where they leave its result open (`computed`
    // null or the winner alone). The same count is the reading's own today (the same
    // dead stones and counting); the test keeps a reading that counts otherwise out.
    let same_count = end.score.as_ref().is_some_and(|e| e.re == s.re);
    if check.unclear.is_empty() || !same_count {
        return;
    }
    let what = check.unclear_decides();
    reading.rule_sentence = format!(
        "{} But the count's {what} turns on {}, which goref's estimate cannot settle{}: this reading states no {what} (mark the dead stones or pass --dead).",
        reading.rule_sentence,
        check.unclear_names(),
        check.range_note()
    );
    reading.status = ReadingStatus::Unsettled;
    reading.applies = false;
    reading.margin = None;
    reading.re = check.computed.clone();
    // `W+`: the winner alone.
    reading.winner = check
        .computed
        .as_deref()
        .and_then(|c| crate::read::result::parse_re(c).winner());
    reading.agrees_with_record = None;
}

pub(super) fn fill_score(reading: &mut Reading, s: &Score, record: &GameRecord) {
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
        // RE counted in stones is compared in points, as the check compares it.
        let in_points = parsed.stones_in_points(s.counting);
        Some(reading::agrees(in_points.as_ref().unwrap_or(parsed), s))
    });
}

/// When the komi came from the record or the command line and the rules' own komi
/// differs, the result under the rules' komi too (the spec's T11 table counts AGA
/// with 7.5).
pub(super) fn default_komi_note(
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
pub(super) fn notes(r: &Judged, colors: &BTreeMap<u32, Color>) -> Vec<String> {
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
pub(super) fn move_label(color: Option<Color>, vertex: Option<&str>) -> String {
    match (color, vertex) {
        (Some(c), Some(v)) => format!(" ({} {v})", c.letter()),
        (Some(c), None) => format!(" ({} pass)", c.letter()),
        _ => String::new(),
    }
}

/// What a dispute between the two SST readings turns on (said when [`Appeal::disputed`]).
pub(crate) const DISPUTE: &str = "The two SST readings disagree: the appeal turns on whether passes 3–4 ended play (SST terminology 19) or were void because dead stones had not been taken away (Article 1; EGF 2002).";

pub(super) fn disputed(readings: &[Reading]) -> bool {
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
pub(super) fn decision(readings: &[Reading], position: &Position) -> Option<String> {
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
        ReadingStatus::Unsettled => format!("{re} (margin unsettled)"),
        _ => re.clone(),
    })
}

/// "B+1 under SST literal, Simplified Ing, AGA variant and AGA; W+29 (estimate) under SST precedent (EGF 2002)."
pub(super) fn summary(readings: &[Reading]) -> String {
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
