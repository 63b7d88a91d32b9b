//! The ending of one kind of rules as a list of events in move order (stops,
//! resumptions, the end, moves after it): the text and the HTML page both tell it.

use super::{EndingView, MAX_STOPS_SHOWN};
use crate::replay::ending::EndKind;
use crate::rules::Ending;

/// What happened at an event of the timeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EventKind {
    Stop,
    Resumption,
    End,
    /// The ending has no end: the game did not end under these rules.
    NoEnd,
    AfterEnd,
}

/// One event, told in one sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TimelineEvent {
    /// The move the event starts at (None for an end that never came).
    pub(crate) move_number: Option<u32>,
    pub(crate) kind: EventKind,
    pub(crate) text: String,
}

impl EndingView {
    /// "Four-pass ending" or "Two-stage ending".
    pub(crate) fn title(&self) -> &'static str {
        match self.ending {
            Ending::FourPass => "Four-pass ending",
            Ending::TwoStage => "Two-stage ending",
        }
    }

    /// Stops and resumptions in move order, then the end and the moves after it.
    pub(crate) fn timeline(&self) -> Vec<TimelineEvent> {
        let mut events = self.stops_and_resumptions();
        events.push(self.end_event());
        if let (Some(&first), Some(last)) = (self.after_end.first(), self.after_end.last()) {
            events.push(TimelineEvent {
                move_number: Some(first),
                kind: EventKind::AfterEnd,
                text: format!("Moves {first}–{last} come after the end and are not counted."),
            });
        }
        events
    }

    fn stops_and_resumptions(&self) -> Vec<TimelineEvent> {
        let end_move = self.end.map(|e| e.move_number);
        // A resumption by a pass shares its move with the stop it opens; it comes first.
        let mut events: Vec<(u32, u8, TimelineEvent)> = Vec::new();
        for (i, s) in self.stops.iter().enumerate() {
            let what = match self.ending {
                Ending::FourPass => "; play pauses",
                Ending::TwoStage if end_move == Some(s.passes[1]) && i > 0 => "; the game ends",
                Ending::TwoStage => "",
            };
            let text = format!(
                "Stop {}: moves {}–{}, {} then {} passed{what}.",
                i + 1,
                s.passes[0],
                s.passes[1],
                s.by[0].name(),
                s.by[1].name()
            );
            let event = TimelineEvent {
                move_number: Some(s.passes[0]),
                kind: EventKind::Stop,
                text,
            };
            events.push((s.passes[0], 1, event));
        }
        for r in &self.resumptions {
            let how = if r.pass { "a pass" } else { "a play" };
            let text = format!(
                "Resumption: move {}, {} resumes with {how}.",
                r.move_number,
                r.by.name()
            );
            let event = TimelineEvent {
                move_number: Some(r.move_number),
                kind: EventKind::Resumption,
                text,
            };
            events.push((r.move_number, 0, event));
        }
        events.sort_by_key(|(m, order, _)| (*m, *order));
        let mut events: Vec<TimelineEvent> = events.into_iter().map(|(_, _, e)| e).collect();
        cap_stops(&mut events);
        events
    }

    fn end_event(&self) -> TimelineEvent {
        match self.end {
            Some(e) => {
                let how = match e.kind {
                    EndKind::FourPasses => "four consecutive passes end play; it cannot resume",
                    EndKind::SecondStop => "the second stop ends the game; every stone counts",
                    EndKind::AgreementStop => {
                        "the record ends at a stop, where the players agree on dead stones"
                    }
                };
                TimelineEvent {
                    move_number: Some(e.move_number),
                    kind: EventKind::End,
                    text: format!("End: after move {}: {how}.", e.move_number),
                }
            }
            None => TimelineEvent {
                move_number: None,
                kind: EventKind::NoEnd,
                text: "End: none; the game has not ended under these rules.".to_string(),
            },
        }
    }
}

/// Keeps the events up to the [`MAX_STOPS_SHOWN`]th stop (and the resumption that
/// follows it) and sums up the rest in one event.
fn cap_stops(events: &mut Vec<TimelineEvent>) {
    let mut stops = 0;
    let cut = events.iter().position(|e| {
        if e.kind == EventKind::Stop {
            stops += 1;
        }
        stops > MAX_STOPS_SHOWN
    });
    let Some(cut) = cut else { return };
    let rest = events.split_off(cut);
    let count = |kind| rest.iter().filter(|e| e.kind == kind).count() as u64;
    let moves = |e: &TimelineEvent| e.move_number;
    let first = rest.iter().find_map(moves).unwrap_or(0);
    let last = rest.iter().rev().find_map(moves).unwrap_or(first);
    events.push(TimelineEvent {
        move_number: Some(first),
        kind: EventKind::Stop,
        text: format!(
            "… {} and {}, moves {first}–{last}, not shown (only the first {MAX_STOPS_SHOWN} stops are; `--format json` lists them all).",
            counted(count(EventKind::Stop), "more stop"),
            counted(count(EventKind::Resumption), "more resumption"),
        ),
    });
}

/// `1 stop`, `3 stops`.
fn counted(n: u64, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}
