//! The positions an appeal draws: each stop, `--move`, and each end.

use super::readings::move_label;
use super::*;

/// The positions to draw: each stop, `--move`, and each end (the last move when the
/// game did not end). A stop drawn as an end is not drawn twice.
pub(super) fn diagrams(
    record: &GameRecord,
    opts: &AppealOptions,
    appeal: &Appeal,
    replay: &Replay,
) -> Vec<Diagram> {
    let ends = end_moves(appeal);
    let mut stops: Vec<u32> = appeal
        .endings
        .iter()
        .flat_map(|v| v.stops.iter().map(|s| s.passes[1]))
        .filter(|m| !ends.iter().any(|(e, _)| e == m))
        .collect();
    stops.sort_unstable();
    stops.dedup();
    stops.truncate(MAX_STOPS_SHOWN);
    let mut wanted: Vec<u32> = stops.clone();
    wanted.extend(opts.move_number);
    wanted.extend(ends.iter().map(|(m, _)| *m));
    // The appeal's replay keeps these positions; a record it did not foresee is
    // replayed again rather than drawn from the wrong position.
    let wanted_keep = Keep::moves(wanted.iter().copied());
    let again;
    let replay = if replay.keep.covers(&wanted_keep) {
        replay
    } else {
        again = game::replay(record, &wanted_keep);
        &again
    };
    let position_at = |m: u32| -> (Position, Option<Point>) {
        match replay.kept.iter().find(|k| k.after_move == m) {
            Some(k) => (k.position.clone(), k.last_move),
            None if m == 0 => (Position::empty(record.width, record.height), None),
            None => (replay.final_position.clone(), replay.last_move),
        }
    };
    let mut out = Vec::new();
    for (i, &m) in stops.iter().enumerate() {
        let (pos, last) = position_at(m);
        let caption = format!("Stop {} (after move {m})", i + 1);
        out.push(make_diagram(
            format!("stop-{}-move-{m}", i + 1),
            DiagramKind::Stop,
            m,
            caption,
            pos,
            last,
            appeal,
            None,
        ));
    }
    if let Some(m) = opts.move_number {
        let (pos, last) = position_at(m);
        out.push(make_diagram(
            format!("move-{m}"),
            DiagramKind::Move,
            m,
            format!("After move {m}"),
            pos,
            last,
            appeal,
            None,
        ));
    }
    for (m, who) in &ends {
        let (pos, last) = position_at(*m);
        let counted = end_count(appeal, *m);
        let mut caption = format!("End (after move {m}): {who}");
        if let Some(r) = counted {
            caption.push_str(&format!(
                "; counted as {}: {}",
                r.name,
                r.re.as_deref().unwrap_or("-")
            ));
        }
        out.push(make_diagram(
            format!("end-move-{m}"),
            DiagramKind::End,
            *m,
            caption,
            pos,
            last,
            appeal,
            counted,
        ));
    }
    out
}

/// Each distinct end move with the rules that end there; the last move when no
/// rules end the game.
fn end_moves(appeal: &Appeal) -> Vec<(u32, String)> {
    let mut ends: Vec<(u32, Vec<String>)> = Vec::new();
    for v in &appeal.endings {
        let Some(end) = v.end else { continue };
        match ends.iter_mut().find(|(m, _)| *m == end.move_number) {
            Some((_, rules)) => rules.extend(v.rules.iter().cloned()),
            None => ends.push((end.move_number, v.rules.clone())),
        }
    }
    ends.sort_by_key(|(m, _)| *m);
    if ends.is_empty() {
        return vec![(
            appeal.game.moves,
            "the last move; the game has not ended".to_string(),
        )];
    }
    ends.into_iter()
        .map(|(m, rules)| (m, format!("the end under {}", rules.join(", "))))
        .collect()
}

/// The reading whose count an end diagram shows: one that removes dead stones if any
/// does (the disputed count), else the first with a result.
fn end_count(appeal: &Appeal, m: u32) -> Option<&Reading> {
    let here = |r: &&Reading| r.applies && r.end.map(|e| e.move_number) == Some(m);
    appeal
        .readings
        .iter()
        .filter(here)
        .find(|r| !r.view.dead.is_empty())
        .or_else(|| appeal.readings.iter().find(here))
}

#[allow(clippy::too_many_arguments)]
fn make_diagram(
    name: String,
    kind: DiagramKind,
    after_move: u32,
    caption: String,
    position: Position,
    last_move: Option<Point>,
    appeal: &Appeal,
    counted: Option<&Reading>,
) -> Diagram {
    let offending: Vec<Point> = appeal
        .findings
        .iter()
        .filter(|m| m.move_number <= after_move)
        .filter(|m| m.findings.iter().any(|f| is_legality(f.code)))
        .filter_map(|m| m.point.as_deref().and_then(Point::from_sgf))
        .collect();
    let mut caption = caption;
    let offenders: Vec<String> = appeal
        .findings
        .iter()
        .filter(|m| m.move_number <= after_move && m.point.is_some())
        .filter(|m| m.findings.iter().any(|f| is_legality(f.code)))
        .map(|m| {
            format!(
                "move {}{}",
                m.move_number,
                move_label(m.color, m.vertex.as_deref())
            )
        })
        .collect();
    if !offenders.is_empty() {
        caption.push_str(&format!("; offending: {}", offenders.join(", ")));
    }
    let mut marks = DiagramMarks {
        last_move,
        offending,
        ..DiagramMarks::default()
    };
    if let Some(r) = counted {
        let dead: Vec<Point> = r
            .view
            .dead
            .iter()
            .filter_map(|p| Point::from_sgf(p))
            .collect();
        // The count's own finish: its gaps closed where it closed any (an estimated count
        // of a record that stops before the players did), so that the diagram marks the
        // territory the count gave.
        let sealed = !r.view.gaps.is_empty();
        if let Ok(area) = score::count_area_sealing(&position, &dead, sealed) {
            marks = marks.with_area(&area);
        }
    }
    let mut d = Diagram {
        name,
        kind,
        after_move,
        caption,
        last_move: last_move.map(Point::sgf),
        offending: marks.offending.iter().map(|p| p.sgf()).collect(),
        dead: marks.dead.iter().map(|p| p.sgf()).collect(),
        board: String::new(),
        position,
        marks,
    };
    d.board = d.text();
    d
}
