//! The sentence that names the rule deciding each reading (spec §2, §4, §5, §6).

use super::*;

/// How a reading treats the dead stones at its end.
pub(super) enum Removal<'a> {
    /// Removed, from this source.
    Removed(&'a [Point], Basis),
    /// The reading would remove agreed dead stones, but none are marked or claimed.
    Unclaimed,
    /// None are marked or claimed, and the estimate finds none dead.
    NoneEstimated,
    /// The reading removes nothing; these are the stones claimed dead anyway.
    None(&'a [Point]),
}

pub(super) struct SentenceContext<'a> {
    pub(super) kind: ReadingKind,
    pub(super) r: &'a Judged,
    pub(super) colors: &'a BTreeMap<u32, Color>,
    /// Where the record's own rules come from (`RU[Japanese]`, `--rules chinese`).
    pub(super) own_from: &'a str,
}

const NO_CLAIM: &str = "no dead stones are marked in the record (TB/TW) or claimed with --dead, so goref gives no result rather than guess";

impl SentenceContext<'_> {
    fn vertices(&self, points: &[Point]) -> String {
        let h = self.r.scored_position.height;
        let names: Vec<String> = points.iter().map(|p| p.vertex(h)).collect();
        join_and(&names)
    }

    /// "moves 4–5" for the stop that ends at `move_number`.
    fn stop_moves(&self, move_number: u32) -> String {
        match self
            .r
            .ending
            .stops
            .iter()
            .find(|s| s.passes[1] == move_number)
        {
            Some(s) => format!("moves {}–{}", s.passes[0], s.passes[1]),
            None => format!("move {move_number}"),
        }
    }

    fn removed(&self, removal: &Removal) -> String {
        match removal {
            Removal::Removed(dead, Basis::Estimated) => format!(
                "the stones goref estimates dead ({}; nothing is marked or claimed) are removed before counting, a count that rests on an estimate, not on an agreement",
                self.vertices(dead)
            ),
            Removal::Removed(dead, source) => format!(
                "the stones agreed dead ({}, {}) are removed before counting",
                self.vertices(dead),
                source.source_phrase()
            ),
            Removal::Unclaimed => NO_CLAIM.to_string(),
            Removal::NoneEstimated => "no dead stones are marked or claimed, and goref estimates none dead, so every stone counts (a result that rests on an estimate)".to_string(),
            Removal::None([]) => String::new(),
            Removal::None(claimed) => format!(
                "the stones claimed dead ({}) stay on the board",
                self.vertices(claimed)
            ),
        }
    }

    /// The sentence that names the rule deciding this reading at this end.
    pub(super) fn sentence(&self, end: End, removal: &Removal) -> String {
        let m = end.move_number;
        let four = format!("moves {}–{m}", m.saturating_sub(3));
        let last_two = format!("moves {}–{m}", m.saturating_sub(1));
        let stop = self.stop_moves(m);
        let removed = self.removed(removal);
        let base = match (self.kind, end.kind) {
            (ReadingKind::SstLiteral, EndKind::FourPasses) => format!(
                "SST terminology 19: four passes ({four}) end play, which cannot resume for any reason; every stone on the board counts"
            ),
            (ReadingKind::SstPrecedent, EndKind::FourPasses) => format!(
                "EGF Appeals Committee 2002: passes 3–4 ({last_two}) are void and the game stands at the pause"
            ),
            (ReadingKind::AgaVariant, EndKind::FourPasses) => format!(
                "AGA variant (KSS; the ending as SST): four passes ({four}) end play; stones agreed dead (marked TB/TW or claimed) are taken away, else every stone counts, as goref takes four passes under the record's own rules (interpretation; an estimate never stands in for the agreement)"
            ),
            (ReadingKind::SstLiteral, EndKind::AgreementStop) => format!(
                "SST terminology 18: two passes ({stop}) pause play and the record ends at the pause, where dead stones are agreed and taken away (Article 1)"
            ),
            (ReadingKind::AgaVariant, EndKind::AgreementStop) => format!(
                "AGA variant (KSS; the ending as SST): two passes ({stop}) pause play and the record ends at the pause, where dead stones are agreed and taken away"
            ),
            (ReadingKind::SstPrecedent, EndKind::AgreementStop) => format!(
                "EGF 2002 precedent: the record ends at a pause ({stop}), so there are no passes to void; as under the literal reading, dead stones are agreed and taken away (Article 1)"
            ),
            (ReadingKind::SimplifiedIng, EndKind::AgreementStop) => format!(
                "SIR: the record ends at the first stop ({stop}), where the players agree on the dead stones, remove them and score"
            ),
            (ReadingKind::SimplifiedIng, EndKind::SecondStop) => format!(
                "SIR: after the second stop ({stop}) every stone counts; there are no removals"
            ),
            (ReadingKind::Aga, EndKind::AgreementStop) => format!(
                "AGA: at the stop that ends the record ({stop}) the players agree on the dead stones and remove them"
            ),
            (ReadingKind::Aga, EndKind::SecondStop) => self.aga_second_stop(m, &stop),
            (ReadingKind::RecordRules, kind) => self.record_rules(kind, &stop, &four),
            (_, EndKind::FourPasses) => {
                format!("four passes ({four}) end play; every stone on the board counts")
            }
            (_, EndKind::SecondStop) => format!(
                "the second stop ({stop}) ends the game; every stone on the board counts"
            ),
        };
        sentence(&base, &removed)
    }

    /// The record's own rules: what their text says of the end and of counting (the
    /// preset's citations, `goref rules NAME`), and how this record ends under them.
    fn record_rules(&self, end: EndKind, stop: &str, four: &str) -> String {
        let rules = &self.r.selection.rules;
        let preset = crate::rules::Preset::named(&rules.name);
        let cite = |setting: &str| {
            preset
                .and_then(|p| p.cites.iter().find(|(s, _)| *s == setting))
                .map_or("", |(_, text)| *text)
        };
        let here = match end {
            EndKind::AgreementStop => format!(
                "the record ends at a stop ({stop}), where the players agree on the dead stones and remove them"
            ),
            EndKind::SecondStop => format!(
                "after a resumption the next stop ({stop}) ends the game and every stone on the board counts (goref's reading of a resumption, docs/rules.md)"
            ),
            EndKind::FourPasses => format!("four passes ({four}) end play"),
        };
        format!(
            "{} rules, the record's own ({}): {here}; {} counting ({}; {})",
            rules.name,
            self.own_from,
            rules.scoring.as_str(),
            cite("ending"),
            cite("scoring")
        )
    }

    /// AGA's end after a resumption: the rule text covers a resumption that opens with
    /// two passes; any later stop is read the same way (spec §8.3).
    fn aga_second_stop(&self, m: u32, stop: &str) -> String {
        let resumption = self
            .r
            .ending
            .resumptions
            .iter()
            .rev()
            .find(|res| res.move_number < m || (res.pass && res.move_number + 1 == m));
        match resumption {
            Some(res) if res.pass && res.move_number + 1 == m => format!(
                "AGA: a resumption that opens with two passes ({stop}) ends the game with all stones on the board"
            ),
            Some(res) => format!(
                "AGA: after {} resumed at move {}, the next stop ({stop}) ends the game with all stones on the board (the AGA Concise Rules as docs/rules.md, End of game, reads them)",
                res.by.name(),
                res.move_number
            ),
            None => format!("AGA: the stop at {stop} ends the game with all stones on the board"),
        }
    }

    /// Why there is no end under these rules.
    pub(super) fn not_ended(&self) -> String {
        let e = &self.r.ending;
        let last = self.colors.keys().next_back().copied().unwrap_or(0);
        let why = match (e.stops.last(), e.resumptions.last()) {
            (None, _) => "there is no stop (two consecutive passes)".to_string(),
            (Some(s), Some(res)) if res.move_number > s.passes[1] => format!(
                "{} resumed at move {} after the stop at moves {}–{} and play did not stop again",
                res.by.name(),
                res.move_number,
                s.passes[0],
                s.passes[1]
            ),
            (Some(_), _) => "play did not stop at the end of the record".to_string(),
        };
        let who = match self.kind {
            ReadingKind::SstLiteral | ReadingKind::SstPrecedent => "SST",
            ReadingKind::SimplifiedIng => "SIR",
            ReadingKind::AgaVariant => "AGA variant",
            ReadingKind::Aga => "AGA",
            ReadingKind::RecordRules => self.r.selection.rules.name.as_str(),
        };
        format!(
            "{who}: the record stops at move {last} before the game ends ({why}); there is no result."
        )
    }
}

/// Joins a base clause and an optional second clause into one sentence.
fn sentence(base: &str, second: &str) -> String {
    if second.is_empty() {
        format!("{base}.")
    } else {
        format!("{base}; {second}.")
    }
}

/// "A", "A and B", "A, B and C".
pub(super) fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
