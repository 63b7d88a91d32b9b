//! Facts to verdicts: a pure function of ([`Rules`], [`MoveFacts`]).
//!
//! Order of precedence (first match wins): off-board, occupied point, single-stone
//! suicide (unless suicide of any size is a play: then the repetition rule judges it),
//! multi-stone suicide (where suicide is forbidden), then the ruleset's repetition
//! rule. Passes are never illegal.

use super::{HotKind, MoveFacts, RecyclingKind};
use crate::findings::{Certainty, Code, Finding};
use crate::point::{Color, Point};
use crate::rules::{Repetition, Rules, Suicide, PRESETS};
use std::collections::BTreeMap;

/// The verdict of one ruleset on one move; [`MoveFacts::judge`] gives it as a finding
/// ([`Verdict::into_finding`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Verdict {
    pub code: Code,
    pub certainty: Certainty,
    /// The earlier move the verdict refers to (0 = the initial position).
    pub related_move: Option<u32>,
    /// What happened and what the rule prescribes.
    pub message: String,
}

impl Verdict {
    /// The verdict as the finding of the move it judges (number, colour, point on a board
    /// `board_height` high): the one place a legality verdict becomes a finding, for
    /// `check` and for [`MoveFacts::judge`].
    pub(crate) fn into_finding(
        self,
        number: u32,
        color: Color,
        point: Option<Point>,
        board_height: u8,
    ) -> Finding {
        let mut message = self.message;
        if !message.ends_with('.') {
            message.push('.');
        }
        let mut finding = Finding::new(self.code, message)
            .on_move(number, color, point, board_height)
            .with_certainty(self.certainty);
        finding.related_move = self.related_move;
        finding
    }
}

/// The code-level verdict, without the message (cheap; used by [`also`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ruling {
    code: Code,
    certainty: Certainty,
    related: Option<u32>,
}

fn ruling(code: Code, certainty: Certainty, related: Option<u32>) -> Option<Ruling> {
    Some(Ruling {
        code,
        certainty,
        related,
    })
}

fn rule(rules: &Rules, f: &MoveFacts) -> Option<Ruling> {
    use Certainty::{Core, Interpretation};
    if f.off_board {
        return ruling(Code::OffBoard, Core, None);
    }
    if f.is_pass() {
        return None;
    }
    if f.occupied {
        return ruling(Code::OccupiedPoint, Core, None);
    }
    // Where suicide of any size is a play, a single-stone suicide (the board unchanged)
    // is judged by the repetition rule like any other play.
    if f.single_stone_suicide() && rules.suicide != Suicide::AnySize {
        return ruling(Code::Suicide, Core, None);
    }
    if f.self_removed > 1 && rules.suicide == Suicide::Forbidden {
        return ruling(Code::MultiStoneSuicide, Core, None);
    }
    match rules.repetition {
        Repetition::SimpleKo => match (f.ko_retake, f.cycle()) {
            (Some(m), _) => ruling(Code::KoRetake, Core, Some(m)),
            (None, Some(m)) => ruling(Code::Cycle, Core, Some(m)),
            _ => None,
        },
        Repetition::PositionalSuperko => f
            .psk
            .and_then(|m| ruling(Code::PositionalSuperko, Core, Some(m))),
        Repetition::SituationalSuperko => f
            .ssk
            .and_then(|m| ruling(Code::SituationalSuperko, Core, Some(m))),
        Repetition::NaturalSituationalSuperko => f
            .nssk
            .and_then(|m| ruling(Code::SituationalSuperko, Core, Some(m))),
        Repetition::OwnMoveSuperko => f
            .after_own_move
            .and_then(|m| ruling(Code::SituationalSuperko, Core, Some(m))),
        Repetition::SstHotStones => {
            if let Some(t) = &f.hot_take {
                let c = if t.kind == HotKind::Single {
                    Core
                } else {
                    Interpretation
                };
                ruling(Code::HotStoneTake, c, Some(t.related))
            } else if let Some(r) = &f.recycling {
                ruling(Code::KoRecycling, Interpretation, Some(r.related))
            } else {
                f.needs_referee
                    .and_then(|m| ruling(Code::NeedsReferee, Interpretation, Some(m)))
            }
        }
    }
}

/// The verdict under one ruleset, or None when the move is legal ([`MoveFacts::judge`]).
#[inline]
pub(crate) fn judge(rules: &Rules, facts: &MoveFacts) -> Option<Verdict> {
    let r = rule(rules, facts)?;
    Some(Verdict {
        code: r.code,
        certainty: r.certainty,
        related_move: r.related,
        message: message(rules, facts, r),
    })
}

/// What every preset of [`PRESETS`] says of the same move ([`MoveFacts::also`]).
pub(crate) fn also(facts: &MoveFacts) -> BTreeMap<String, Option<Code>> {
    PRESETS
        .iter()
        .map(|p| (p.name.to_string(), rule(&p.rules(), facts).map(|r| r.code)))
        .collect()
}

/// "after move 3" or "the initial position".
fn position_name(m: u32) -> String {
    if m == 0 {
        "the initial position".into()
    } else {
        format!("the position after move {m}")
    }
}

fn message(rules: &Rules, f: &MoveFacts, r: Ruling) -> String {
    let mut text = verdict_text(rules, f, r);
    if f.single_stone_suicide() && r.code != Code::Suicide {
        text.push_str(" (the play is a single-stone suicide, which leaves the board as it was)");
    }
    text
}

fn verdict_text(rules: &Rules, f: &MoveFacts, r: Ruling) -> String {
    let who = f.color.name();
    let rel = r.related.unwrap_or(0);
    const SST_VOID: &str =
        "the take is void: restore the position; the same player replays; no penalty";
    match r.code {
        Code::OffBoard => {
            format!("{who}'s move lies outside the board; it is replayed as a pass")
        }
        Code::OccupiedPoint => format!(
            "{who} played on a point that already holds a stone; the move is executed as recorded (the stone is replaced)"
        ),
        Code::Suicide => match (rules.repetition, rules.suicide) {
            (Repetition::SstHotStones, _) => format!(
                "{who}'s play removes a single own stone: self-removal of a single stone is prohibited (SST Art. 1); the move is void and {who} replays"
            ),
            (_, Suicide::Forbidden) => {
                format!("{who}'s play is suicide, which these rules forbid; it is illegal, not a pass")
            }
            _ => format!(
                "{who}'s play removes a single own stone and leaves the board unchanged, recreating the previous position; it is illegal, not a pass"
            ),
        },
        Code::MultiStoneSuicide => format!(
            "{who}'s play removes {} own stones; these rules forbid suicide of any size",
            f.self_removed
        ),
        Code::KoRetake => format!(
            "{who} immediately retakes the ko taken at move {rel}; the simple ko rule requires a play elsewhere first"
        ),
        Code::Cycle => format!(
            "the play recreates {}: a whole-board cycle, not illegal under a simple ko rule; the game may be void if it repeats",
            position_name(rel)
        ),
        Code::PositionalSuperko => format!(
            "the play recreates {} (positional superko); it is illegal",
            position_name(rel)
        ),
        Code::SituationalSuperko => {
            if rules.repetition == Repetition::NaturalSituationalSuperko {
                format!(
                    "the play recreates {}, which {who} created by a play (natural situational superko); it is illegal",
                    position_name(rel)
                )
            } else if rules.repetition == Repetition::OwnMoveSuperko {
                format!(
                    "the play recreates the board as it stood after {who}'s move {rel} (a play or a pass: passes are moves, so no play may repeat the board after any of the player's own moves); it is illegal"
                )
            } else {
                format!(
                    "the play recreates {} with the same player to move (situational superko); it is illegal",
                    position_name(rel)
                )
            }
        }
        Code::HotStoneTake => {
            let kind = f.hot_take.as_ref().map_or("single", |t| t.kind.as_str());
            format!(
                "{who} takes a {kind} hot stone made hot by move {rel}; hot stones cannot be removed until after an interval of one play or pass (R-SST); {SST_VOID}"
            )
        }
        Code::KoRecycling => {
            let how = match f.recycling.as_ref().map(|x| x.kind) {
                Some(RecyclingKind::DoubleKo) => "repeats a double-ko capture after the ko's local pattern recurred",
                _ => "repeats, from a recreated position, the play that started the cycle",
            };
            format!(
                "{who}'s play {how} (first played at move {rel}); after one cycle the disturber may not continue (fixed-ko reading of R-SST); the move is void and {who} replays"
            )
        }
        Code::NeedsReferee => format!(
            "the play recreates {} once more and no SST rule classified the cycle; a referee must decide",
            position_name(rel)
        ),
        other => other.info().summary.to_string(),
    }
}

#[cfg(test)]
mod text_tests {
    use super::*;
    use crate::point::{Color, Move, Point};
    use crate::replay::engine::Recycling;

    fn facts() -> MoveFacts {
        MoveFacts::new(7, Color::Black, Move::Play(Point::new(3, 3)))
    }

    /// A verdict becomes its move's finding: one closing period whether or not its message
    /// has one, the certainty and the earlier move carried over, the vertex on the board's
    /// height.
    #[test]
    fn a_verdict_becomes_the_finding_of_its_move() {
        let verdict = |message: &str| Verdict {
            code: Code::KoRetake,
            certainty: Certainty::Interpretation,
            related_move: Some(5),
            message: message.to_string(),
        };
        let on_move = |v: Verdict| v.into_finding(7, Color::White, Some(Point::new(3, 3)), 9);
        let f = on_move(verdict("the ko is retaken at once"));
        assert_eq!(f.message, "the ko is retaken at once.");
        assert_eq!(on_move(verdict("ends.")).message, "ends.");
        assert_eq!(
            (f.code, f.certainty, f.related_move),
            (Code::KoRetake, Some(Certainty::Interpretation), Some(5))
        );
        assert_eq!(
            (f.move_number, f.color, f.vertex.as_deref()),
            (Some(7), Some(Color::White), Some("D6"))
        );
        // Through the engine's facts: the board's height comes with them.
        let mut engine = crate::replay::Engine::new(5, 5).unwrap();
        engine.play(Color::Black, Move::Play(Point::new(1, 1)), 1);
        let again = engine.play(Color::White, Move::Play(Point::new(1, 1)), 2);
        let judged = again.judge(&Rules::named("chinese").unwrap()).unwrap();
        assert_eq!(judged.vertex.as_deref(), Some("B4"));
        assert!(judged.message.ends_with('.') && !judged.message.ends_with(".."));
    }

    /// The verdict of the first preset whose rules `pick` accepts.
    fn verdict_where(pick: impl Fn(&Rules) -> bool, f: &MoveFacts) -> Verdict {
        let rules = PRESETS
            .iter()
            .map(|p| p.rules())
            .find(|r| pick(r))
            .expect("a preset with such rules");
        judge(&rules, f).expect("a verdict")
    }

    /// Where suicide is forbidden (and R-SST does not judge it), the text says so, and the
    /// single-stone note is not repeated after it.
    #[test]
    fn a_suicide_where_suicide_is_forbidden_says_so() {
        let mut f = facts();
        f.self_removed = 1;
        let v = verdict_where(
            |r| r.suicide == Suicide::Forbidden && r.repetition != Repetition::SstHotStones,
            &f,
        );
        assert_eq!(v.code, Code::Suicide);
        assert!(
            v.message.contains("suicide, which these rules forbid"),
            "{}",
            v.message
        );
        assert!(!v.message.contains("(the play is"), "{}", v.message);
    }

    /// Only a play that is a single-stone suicide gets the note that says so.
    #[test]
    fn only_a_single_stone_suicide_gets_the_suicide_note() {
        let mut f = facts();
        f.ko_retake = Some(6);
        let v = verdict_where(|r| r.repetition == Repetition::SimpleKo, &f);
        assert_eq!(v.code, Code::KoRetake);
        assert!(!v.message.contains("single-stone suicide"), "{}", v.message);
    }

    /// A recycling names its kind: a repeated double-ko capture, or a full-board cycle.
    #[test]
    fn a_recycling_names_its_kind() {
        let mut f = facts();
        let sst = |r: &Rules| r.repetition == Repetition::SstHotStones;
        f.recycling = Some(Recycling {
            kind: RecyclingKind::DoubleKo,
            related: 5,
        });
        let v = verdict_where(sst, &f);
        assert_eq!(v.code, Code::KoRecycling);
        assert!(
            v.message.contains("repeats a double-ko capture"),
            "{}",
            v.message
        );
        f.recycling = Some(Recycling {
            kind: RecyclingKind::FullBoard,
            related: 5,
        });
        let v = verdict_where(sst, &f);
        assert!(
            v.message.contains("from a recreated position"),
            "{}",
            v.message
        );
    }
}
