//! The end of the game (spec §2, §4, §5, §8.3): finds the stops (two consecutive
//! passes), the resumptions, the point at which the rules end the game, moves played
//! after that end, and alternation errors. It reads only the sequence of moves and the
//! ruleset's `Ending` setting; it knows nothing of the board.

use crate::point::Color;
use crate::rules::Ending;
use serde::Serialize;

/// One move as the ending analysis sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Turn {
    pub number: u32,
    pub color: Color,
    pub pass: bool,
    /// A PL node since the move before named who moves now (FF[4]): the move is not
    /// judged against the colour of the move before it.
    pub after_pl: bool,
}

/// Two consecutive passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Stop {
    /// Move numbers of the two passes.
    pub passes: [u32; 2],
    /// Who made the second pass.
    pub last_passer: Color,
}

/// The first move after a stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Resumption {
    #[serde(rename = "move")]
    pub move_number: u32,
    pub by: Color,
    pub pass: bool,
}

/// How the game ended, which decides whether dead stones may be removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndKind {
    /// The record ends at the first stop (two-stage rules) or pause (SST): the players
    /// could agree on dead stones, so marked dead stones are removed.
    AgreementStop,
    /// Two-stage rules: the second stop after a resumption. Every stone on the board counts.
    SecondStop,
    /// SST: four consecutive passes. Play "cannot resume"; the literal reading counts
    /// every stone, the 2002 precedent removes agreed dead stones.
    FourPasses,
}

/// Where the rules end the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct End {
    /// The move after which the game is over.
    #[serde(rename = "move")]
    pub move_number: u32,
    pub kind: EndKind,
}

/// Everything the ending analysis found.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct EndingReport {
    pub stops: Vec<Stop>,
    pub resumptions: Vec<Resumption>,
    pub end: Option<End>,
    /// Moves (numbers) after the rules' end of game.
    pub after_end: Vec<u32>,
    /// Moves (numbers) by the same colour as the move before, outside handicap placement.
    pub alternation: Vec<u32>,
    /// Number of Black handicap plays at the start (consecutive Black moves, or Ing-style
    /// plays separated by single White passes), when the record announces a handicap.
    pub handicap_plays: u32,
}

/// Analyses a line of moves. `handicap` is the record's HA (0 when absent), used only
/// to recognise handicap placement by moves; `root_stones` says whether the handicap is
/// already on the board as setup stones.
pub(crate) fn analyse(
    turns: &[Turn],
    ending: Ending,
    handicap: u32,
    root_stones: bool,
) -> EndingReport {
    let mut report = EndingReport::default();
    let placement = if root_stones {
        Placement { moves: 0, plays: 0 }
    } else {
        handicap_placement(turns, handicap)
    };
    report.handicap_plays = placement.plays;
    report.alternation = alternation_errors(turns, placement.moves);

    let mut consecutive_passes = 0u32;
    // Passes since play last resumed, for the stage logic.
    let mut stopped = false;
    for (i, turn) in turns.iter().enumerate().skip(placement.moves) {
        if report.end.is_some() {
            report.after_end.push(turn.number);
            continue;
        }
        if stopped {
            // Any move after a stop (pass or play) is a resumption; under SST a pass after
            // a pause is simply the third pass, not a resumption.
            let sst_pass = ending == Ending::FourPass && turn.pass;
            if !sst_pass {
                report.resumptions.push(Resumption {
                    move_number: turn.number,
                    by: turn.color,
                    pass: turn.pass,
                });
                stopped = false;
                consecutive_passes = 0;
            }
        }
        if turn.pass {
            consecutive_passes += 1;
        } else {
            consecutive_passes = 0;
        }
        if consecutive_passes == 2 {
            let previous = turns[i - 1].number;
            report.stops.push(Stop {
                passes: [previous, turn.number],
                last_passer: turn.color,
            });
            stopped = true;
            if ending == Ending::TwoStage && !report.resumptions.is_empty() {
                report.end = Some(End {
                    move_number: turn.number,
                    kind: EndKind::SecondStop,
                });
            }
        }
        if ending == Ending::FourPass && consecutive_passes == 4 {
            report.end = Some(End {
                move_number: turn.number,
                kind: EndKind::FourPasses,
            });
        }
    }
    if report.end.is_none() && stopped {
        if let Some(last) = turns.last() {
            report.end = Some(End {
                move_number: last.number,
                kind: EndKind::AgreementStop,
            });
        }
    }
    report
}

/// Handicap placed by moves at the start of the line.
struct Placement {
    /// Moves (count) that belong to the placement.
    moves: usize,
    /// Black stones placed.
    plays: u32,
}

/// Recognises handicap placement by moves when HA >= 2: either `n` consecutive Black
/// plays, or Ing-style `B, W pass, B, W pass, …, B` (spec §7.3, T15).
fn handicap_placement(turns: &[Turn], handicap: u32) -> Placement {
    let none = Placement { moves: 0, plays: 0 };
    if handicap < 2 {
        return none;
    }
    let n = handicap as usize;
    let consecutive = turns.len() >= n
        && turns[..n]
            .iter()
            .all(|t| t.color == Color::Black && !t.pass);
    if consecutive {
        return Placement {
            moves: n,
            plays: handicap,
        };
    }
    let ing_len = 2 * n - 1;
    let ing_style = turns.len() >= ing_len
        && turns[..ing_len].iter().enumerate().all(|(i, t)| {
            if i % 2 == 0 {
                t.color == Color::Black && !t.pass
            } else {
                t.color == Color::White && t.pass
            }
        });
    if ing_style {
        return Placement {
            moves: ing_len,
            plays: handicap,
        };
    }
    none
}

/// Moves by the same colour as the move before (the first `skip` moves are handicap
/// placement and exempt, but the move after them must be White's). A move after a PL
/// node is exempt: PL set who moves (the referee reports a PL the move contradicts).
fn alternation_errors(turns: &[Turn], skip: usize) -> Vec<u32> {
    let mut errors = Vec::new();
    let mut previous: Option<Color> = if skip > 0 { Some(Color::Black) } else { None };
    for turn in turns.iter().skip(skip) {
        if previous == Some(turn.color) && !turn.after_pl {
            errors.push(turn.number);
        }
        previous = Some(turn.color);
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black as B, White as W};

    /// Builds turns from a compact string: `B`/`W` for plays, `b`/`w` for passes.
    fn turns(s: &str) -> Vec<Turn> {
        s.chars()
            .enumerate()
            .map(|(i, c)| Turn {
                number: i as u32 + 1,
                color: if c.eq_ignore_ascii_case(&'b') { B } else { W },
                pass: c.is_ascii_lowercase(),
                after_pl: false,
            })
            .collect()
    }

    #[test]
    fn two_stage_record_ending_at_first_stop_allows_agreement() {
        let r = analyse(&turns("BWBwb"), Ending::TwoStage, 0, false);
        assert_eq!(
            r.stops,
            vec![Stop {
                passes: [4, 5],
                last_passer: B
            }]
        );
        assert_eq!(
            r.end,
            Some(End {
                move_number: 5,
                kind: EndKind::AgreementStop
            })
        );
        assert!(r.resumptions.is_empty() && r.alternation.is_empty());
    }

    #[test]
    fn two_stage_resumption_then_second_stop_ends_the_game() {
        // T03 under SIR: W B w b W ... then two more passes.
        let r = analyse(&turns("WBwbWBwbW"), Ending::TwoStage, 0, false);
        assert_eq!(r.stops.len(), 2);
        assert_eq!(
            r.resumptions,
            vec![Resumption {
                move_number: 5,
                by: W,
                pass: false
            }]
        );
        assert_eq!(
            r.end,
            Some(End {
                move_number: 8,
                kind: EndKind::SecondStop
            })
        );
        assert_eq!(r.after_end, vec![9]);
    }

    #[test]
    fn aga_resumption_opening_with_two_passes_ends_the_game() {
        let r = analyse(&turns("Bwbwb"), Ending::TwoStage, 0, false);
        assert_eq!(
            r.resumptions,
            vec![Resumption {
                move_number: 4,
                by: W,
                pass: true
            }]
        );
        assert_eq!(
            r.end,
            Some(End {
                move_number: 5,
                kind: EndKind::SecondStop
            })
        );
    }

    #[test]
    fn sst_four_passes_end_play_and_later_moves_are_after_the_end() {
        // T11: B w B w b w b, then a stray move.
        let r = analyse(&turns("BwBwbwbW"), Ending::FourPass, 0, false);
        assert_eq!(
            r.end,
            Some(End {
                move_number: 7,
                kind: EndKind::FourPasses
            })
        );
        assert!(r.resumptions.is_empty());
        assert_eq!(r.after_end, vec![8]);
        // Pause then resumption by play, then the record stops at a pause again.
        let r = analyse(&turns("BwbWBwb"), Ending::FourPass, 0, false);
        assert_eq!(
            r.resumptions,
            vec![Resumption {
                move_number: 4,
                by: W,
                pass: false
            }]
        );
        assert_eq!(
            r.end,
            Some(End {
                move_number: 7,
                kind: EndKind::AgreementStop
            })
        );
    }

    #[test]
    fn alternation_error_after_a_stop_t19() {
        let r = analyse(&turns("BWbwW"), Ending::TwoStage, 0, false);
        assert_eq!(r.alternation, vec![5]);
    }

    #[test]
    fn handicap_placement_by_moves_is_not_an_alternation_error_t15() {
        let consecutive = analyse(&turns("BBBW"), Ending::TwoStage, 3, false);
        assert!(consecutive.alternation.is_empty());
        assert_eq!(consecutive.handicap_plays, 3);
        let ing = analyse(&turns("BwBW"), Ending::TwoStage, 2, false);
        assert!(ing.alternation.is_empty() && ing.stops.is_empty());
        assert_eq!(ing.handicap_plays, 2);
        // With the stones already set up, two Black moves are an error.
        let setup = analyse(&turns("BBW"), Ending::TwoStage, 2, true);
        assert_eq!(setup.alternation, vec![2]);
    }

    #[test]
    fn handicap_placement_at_its_boundaries() {
        // Ing style with three stones spans 2n-1 = 5 moves; the next move is White's.
        let ing3 = analyse(&turns("BwBwBW"), Ending::TwoStage, 3, false);
        assert_eq!((ing3.handicap_plays, ing3.alternation.clone()), (3, vec![]));
        // A Black move right after the placement is an alternation error.
        let again = analyse(&turns("BBB"), Ending::TwoStage, 2, false);
        assert_eq!(again.alternation, vec![3]);
        // A Black pass is no handicap stone: no placement, an alternation error.
        let pass_first = analyse(&turns("bBW"), Ending::TwoStage, 2, false);
        assert_eq!(
            (pass_first.handicap_plays, pass_first.alternation),
            (0, vec![2])
        );
        // Ing style needs Black plays between White passes, and White passes between them.
        let white_play = analyse(&turns("BwW"), Ending::TwoStage, 2, false);
        assert_eq!(
            (white_play.handicap_plays, white_play.alternation),
            (0, vec![3])
        );
        let white_moved = analyse(&turns("BWB"), Ending::TwoStage, 2, false);
        assert_eq!(white_moved.handicap_plays, 0);
        // A record shorter than the placement is read without panicking.
        let short = analyse(&turns("Bw"), Ending::TwoStage, 3, false);
        assert_eq!(short.handicap_plays, 0);
    }

    #[test]
    fn a_move_after_a_pl_node_is_not_an_alternation_error() {
        // B[aa];PL[B];B[bb]: PL sets Black to move, so the second Black move is in turn.
        let mut t = turns("BB");
        assert_eq!(analyse(&t, Ending::TwoStage, 0, false).alternation, vec![2]);
        t[1].after_pl = true;
        assert!(analyse(&t, Ending::TwoStage, 0, false)
            .alternation
            .is_empty());
        // PL exempts only the move right after it.
        let mut t = turns("BBB");
        t[1].after_pl = true;
        assert_eq!(analyse(&t, Ending::TwoStage, 0, false).alternation, vec![3]);
    }
}

/// The examples that documented crate-private items, kept as tests.
#[cfg(test)]
mod doc_examples {
    #[allow(unused_imports)]
    use super::*;

    #[test]
    fn ending_report_fields() {
        use crate::replay::ending::EndKind;
        use crate::{check_bytes, CheckOptions};

        // Two passes end a Japanese game at an agreement stop.
        let report = &check_bytes(
            "e.sgf",
            b"(;SZ[9]RU[Japanese];B[ee];W[];B[])",
            &CheckOptions::default(),
        )[0];
        let ending = report.ending.as_ref().unwrap();
        assert_eq!(ending.stops.len(), 1);
        assert_eq!(ending.end.map(|e| e.kind), Some(EndKind::AgreementStop));
    }
}
