//! Spec §9 scenarios T01–T10 (with T03b and T04-alt) under every preset.
//!
//! The records are the spec's SGF strings, read by a deliberately tiny helper that
//! understands only `SZ` (`N` or `W:H`), `AB`, `AW`, `PL` and `;B[..]` / `;W[..]` nodes (the real
//! reader lives elsewhere).

use crate::findings::{Certainty, Code};
use crate::point::{Color, Move, Point};
use crate::replay::engine::{Engine, HotKind, MoveFacts, RecyclingKind};
use crate::rules::{Rules, PRESETS};

/// Setup and moves of a one-line SGF record.
struct Record {
    size: u8,
    height: u8,
    black: Vec<Point>,
    white: Vec<Point>,
    to_move: Color,
    moves: Vec<(Color, Move)>,
}

/// Reads `IDENT[v][v]...` pairs in order; good for the spec's single-line records.
fn properties(sgf: &str) -> Vec<(String, Vec<String>)> {
    let bytes = sgf.as_bytes();
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_uppercase() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_uppercase() {
                i += 1;
            }
            let ident = sgf[start..i].to_string();
            let mut values = Vec::new();
            while i < bytes.len() && bytes[i] == b'[' {
                let end = sgf[i..].find(']').map(|e| i + e).expect("closing bracket");
                values.push(sgf[i + 1..end].to_string());
                i = end + 1;
            }
            out.push((ident, values));
        } else {
            i += 1;
        }
    }
    out
}

fn parse(sgf: &str) -> Record {
    let mut r = Record {
        size: 19,
        height: 19,
        black: vec![],
        white: vec![],
        to_move: Color::Black,
        moves: vec![],
    };
    let pt = |v: &str| Point::from_sgf(v).expect("point");
    for (ident, values) in properties(sgf) {
        match ident.as_str() {
            "SZ" => {
                let (w, h) = values[0]
                    .split_once(':')
                    .unwrap_or((&values[0], &values[0]));
                (r.size, r.height) = (w.parse().unwrap(), h.parse().unwrap());
            }
            "AB" => r.black.extend(values.iter().map(|v| pt(v))),
            "AW" => r.white.extend(values.iter().map(|v| pt(v))),
            "PL" => {
                r.to_move = if values[0] == "W" {
                    Color::White
                } else {
                    Color::Black
                }
            }
            "B" | "W" => {
                let c = if ident == "B" {
                    Color::Black
                } else {
                    Color::White
                };
                let mv = if values[0].is_empty() {
                    Move::Pass
                } else {
                    Move::Play(pt(&values[0]))
                };
                r.moves.push((c, mv));
            }
            _ => {}
        }
    }
    r
}

fn replay(sgf: &str) -> Vec<MoveFacts> {
    let r = parse(sgf);
    let mut e = Engine::new(r.size, r.height).unwrap();
    e.setup(&r.black, &r.white, &[], r.to_move);
    r.moves
        .iter()
        .enumerate()
        .map(|(k, &(c, mv))| e.play(c, mv, k as u32 + 1))
        .collect()
}

/// (move, code, related move) of every flagged move under a preset.
fn flagged(facts: &[MoveFacts], preset: &str) -> Vec<(u32, Code, Option<u32>)> {
    let rules = Rules::named(preset).unwrap();
    facts
        .iter()
        .filter_map(|f| f.judge(&rules).map(|v| (f.number, v.code, v.related_move)))
        .collect()
}

fn verdict(facts: &[MoveFacts], preset: &str, number: u32) -> Option<crate::findings::Finding> {
    let rules = Rules::named(preset).unwrap();
    facts[number as usize - 1].judge(&rules)
}

const T01_SETUP: &str = "(;GM[1]FF[4]SZ[5]KM[8]AB[aa][ba][ab][bc]AW[ca][bb][db][cc]PL[W]";
const T04_SETUP: &str = "(;GM[1]FF[4]SZ[9]KM[8]AB[ca][da][cb][cc][dc][cd][dd][ce][ee][cf][df][cg][dg][ch][ci][di]AW[ea][fa][db][fb][ec][fc][ed][fd][fe][ef][ff][eg][fg][dh][fh][ei][fi]PL[W]";
const T09_SETUP: &str =
    "(;GM[1]FF[4]SZ[5]AB[aa][ac][bc][cc][dc][ec]AW[ca][ea][ab][bb][cb][db][eb]PL[B]";

fn rec(setup: &str, moves: &str) -> String {
    format!("{setup}{moves})")
}

use Code::*;

const SIR: &[&str] = &["simplified-ing", "tromp-taylor"];
const SST: &[&str] = &["sst-ing", "aga-ing"];
const SSK: &[&str] = &["aga", "nz"];
const SIMPLE: &[&str] = &["japanese", "chinese"];

type Flags = Vec<(u32, Code, Option<u32>)>;

/// Asserts the exact list of flagged moves under every preset of each group.
fn check(facts: &[MoveFacts], expected: &[(&[&str], Flags)]) {
    let mut covered = 0;
    for (presets, flags) in expected {
        for p in presets.iter() {
            assert_eq!(&flagged(facts, p), flags, "preset {p}");
            covered += 1;
        }
    }
    assert_eq!(covered, PRESETS.len(), "every preset checked");
}

fn nssk() -> Rules {
    let mut r = Rules::named("aga").unwrap();
    r.repetition = crate::rules::Repetition::NaturalSituationalSuperko;
    r
}

#[test]
fn t01_basic_ko_immediate_retake() {
    let f = replay(&rec(T01_SETUP, ";W[ee];B[cb];W[bb]"));
    check(
        &f,
        &[
            (SIR, vec![(3, PositionalSuperko, Some(1))]),
            (SST, vec![(3, HotStoneTake, Some(2))]),
            (SSK, vec![(3, SituationalSuperko, Some(1))]),
            (SIMPLE, vec![(3, KoRetake, Some(2))]),
        ],
    );
    let v = verdict(&f, "sst-ing", 3).unwrap();
    assert_eq!(v.certainty, Some(Certainty::Core));
    assert!(v.message.contains("replays"), "{}", v.message);
    assert_eq!(f[2].hot_take.as_ref().unwrap().kind, HotKind::Single);
    assert_eq!(
        f[2].hot_take.as_ref().unwrap().stone,
        Point::from_sgf("cb").unwrap()
    );
    assert_eq!(f[2].captured, vec![Point::from_sgf("cb").unwrap()]);
    assert_eq!(f[2].judge(&nssk()).map(|v| v.related_move), Some(Some(1)));
    let a = f[2].also();
    assert_eq!(a.len(), PRESETS.len());
    assert_eq!(a["aga"], Some(SituationalSuperko));
    assert_eq!(a["simplified-ing"], Some(PositionalSuperko));
    assert_eq!(a["sst-ing"], Some(HotStoneTake));
    assert_eq!(a["japanese"], Some(KoRetake));
}

#[test]
fn t02_retake_after_an_exchange_is_legal_everywhere() {
    let f = replay(&rec(T01_SETUP, ";W[ee];B[cb];W[ed];B[dd];W[bb]"));
    check(
        &f,
        &[
            (SIR, vec![]),
            (SST, vec![]),
            (SSK, vec![]),
            (SIMPLE, vec![]),
        ],
    );
}

#[test]
fn t03_retake_after_two_passes() {
    let f = replay(&rec(T01_SETUP, ";W[ee];B[cb];W[];B[];W[bb]"));
    check(
        &f,
        &[
            (SIR, vec![(5, PositionalSuperko, Some(1))]),
            (SST, vec![]),
            (SSK, vec![(5, SituationalSuperko, Some(1))]),
            (SIMPLE, vec![(5, Cycle, Some(1))]),
        ],
    );
    // NSSK: White created that position with move 1.
    let v = f[4].judge(&nssk()).unwrap();
    assert_eq!((v.code, v.related_move), (SituationalSuperko, Some(1)));
    assert!(v.message.contains("natural"), "{}", v.message);
    assert_eq!(
        verdict(&f, "japanese", 5).unwrap().code.info().severity,
        crate::findings::Severity::Warning
    );
}

#[test]
fn t03b_pass_loop_is_recycling_under_sst() {
    let f = replay(&rec(T01_SETUP, ";W[ee];B[cb];W[];B[];W[bb];B[];W[];B[cb]"));
    check(
        &f,
        &[
            (
                SIR,
                vec![
                    (5, PositionalSuperko, Some(1)),
                    (8, PositionalSuperko, Some(2)),
                ],
            ),
            (SST, vec![(8, KoRecycling, Some(2))]),
            (
                SSK,
                vec![
                    (5, SituationalSuperko, Some(1)),
                    (8, SituationalSuperko, Some(2)),
                ],
            ),
            (SIMPLE, vec![(5, Cycle, Some(1)), (8, Cycle, Some(2))]),
        ],
    );
    let v = verdict(&f, "sst-ing", 8).unwrap();
    assert_eq!(v.certainty, Some(Certainty::Interpretation));
    assert_eq!(
        f[7].recycling.as_ref().unwrap().kind,
        RecyclingKind::FullBoard
    );
}

#[test]
fn t04_triple_ko_twin_hot_stones() {
    let f = replay(&rec(
        T04_SETUP,
        ";W[ia];B[eb];W[de];B[eh];W[db];B[ee];W[dh]",
    ));
    // SST: move 3 is the wrong take of Black's twin hot stone ee. The record goes on
    // as played, so every later take in the triple ko is flagged as well (the referee
    // marks those as tainted).
    let sst: Flags = (3..=7).map(|m| (m, HotStoneTake, Some(m - 1))).collect();
    check(
        &f,
        &[
            (SIR, vec![(7, PositionalSuperko, Some(1))]),
            (SST, sst),
            (SSK, vec![(7, SituationalSuperko, Some(1))]),
            (SIMPLE, vec![(7, Cycle, Some(1))]),
        ],
    );
    let take = f[2].hot_take.as_ref().unwrap();
    assert_eq!(
        (take.kind, take.stone),
        (HotKind::Twin, Point::from_sgf("ee").unwrap())
    );
    let v = verdict(&f, "sst-ing", 3).unwrap();
    assert_eq!(v.certainty, Some(Certainty::Interpretation));
    // The kind is named in the finding's text as in the JSON (`"kind": "twin"`).
    assert!(
        v.message.contains("takes a twin hot stone"),
        "{}",
        v.message
    );
    assert_eq!(f[6].judge(&nssk()).map(|v| v.related_move), Some(Some(1)));
}

#[test]
fn t04_alt_triple_ko_after_a_threat_exchange() {
    let f = replay(&rec(T04_SETUP, ";W[ia];B[eb];W[gb];B[gc];W[de]"));
    check(
        &f,
        &[
            (SIR, vec![]),
            (SST, vec![]),
            (SSK, vec![]),
            (SIMPLE, vec![]),
        ],
    );
}

#[test]
fn t05_two_unrelated_kos_are_not_twins() {
    let sgf = "(;GM[1]FF[4]SZ[9]AB[aa][ba][ab][bc][gg][fh][hh][gi]AW[ca][bb][db][cc][hg][ih][hi][ii]PL[B];B[cb];W[gh];B[hh])";
    let f = replay(sgf);
    check(
        &f,
        &[
            (SIR, vec![(3, PositionalSuperko, Some(1))]),
            (SST, vec![(3, HotStoneTake, Some(2))]),
            (SSK, vec![(3, SituationalSuperko, Some(1))]),
            (SIMPLE, vec![(3, KoRetake, Some(2))]),
        ],
    );
    assert_eq!(f[2].hot_take.as_ref().unwrap().kind, HotKind::Single);
}

#[test]
fn t06_sending_two_returning_one() {
    let sgf = "(;GM[1]FF[4]SZ[5]AB[ba][ab][ac]AW[da][bb][cb][db]PL[B];B[ca];W[aa];B[ba];W[];B[ca])";
    let f = replay(sgf);
    check(
        &f,
        &[
            (
                SIR,
                vec![
                    (3, PositionalSuperko, Some(0)),
                    (5, PositionalSuperko, Some(1)),
                ],
            ),
            (SST, vec![(5, KoRecycling, Some(1))]),
            (SSK, vec![(5, SituationalSuperko, Some(1))]),
            (SIMPLE, vec![(3, Cycle, Some(0)), (5, Cycle, Some(1))]),
        ],
    );
    assert!(verdict(&f, "simplified-ing", 3)
        .unwrap()
        .message
        .contains("initial position"));
    // NSSK: the start was set up, not created by a play; move 5 recreates Black's move 1.
    assert_eq!(f[2].judge(&nssk()), None);
    assert_eq!(f[4].judge(&nssk()).map(|v| v.related_move), Some(Some(1)));
}

#[test]
fn t07_eternal_life_double_hot_stones() {
    let sgf = "(;GM[1]FF[4]SZ[5]AB[ca][ab][bb][ac]AW[aa][ea][cb][db][eb]PL[W];W[ee];B[da];W[ba];B[ca];W[aa])";
    let f = replay(sgf);
    check(
        &f,
        &[
            (SIR, vec![(5, PositionalSuperko, Some(1))]),
            (SST, vec![(4, HotStoneTake, Some(3))]),
            (SSK, vec![(5, SituationalSuperko, Some(1))]),
            (SIMPLE, vec![(5, Cycle, Some(1))]),
        ],
    );
    assert_eq!(f[3].hot_take.as_ref().unwrap().kind, HotKind::Double);
    let v = verdict(&f, "sst-ing", 4).unwrap();
    assert_eq!(v.certainty, Some(Certainty::Interpretation));
    assert!(
        v.message.contains("takes a double hot stone"),
        "{}",
        v.message
    );
    assert_eq!(f[4].judge(&nssk()).map(|v| v.related_move), Some(Some(1)));
}

#[test]
fn t08_double_ko_local_cycle() {
    let sgf = "(;GM[1]FF[4]SZ[9]AB[aa][ba][ca][ab][bb][db][ac][bc][cc][ad][bd][fd][gd][be][fe][af][bf][ff][gf][ag][bg][cg][ah][bh][ai][bi][ci]AW[da][ea][eb][dc][ec][cd][dd][ed][hd][id][ce][de][ee][ge][ie][cf][df][ef][hf][if][dg][eg][ch][eh][di][ei]PL[B];B[he];W[cb];B[dh];W[ge];B[ha];W[ia];B[he];W[ch];B[db];W[ge];B[hb];W[ib];B[he];W[cb])";
    let f = replay(sgf);
    check(
        &f,
        &[
            (SIR, vec![]),
            (SST, vec![(14, KoRecycling, Some(2))]),
            (SSK, vec![]),
            (SIMPLE, vec![]),
        ],
    );
    assert_eq!(
        f[13].recycling.as_ref().unwrap().kind,
        RecyclingKind::DoubleKo
    );
    assert!(f.iter().all(|x| x.psk.is_none()), "the board never repeats");
}

#[test]
fn t09_multi_stone_suicide() {
    let f = replay(&rec(T09_SETUP, ";B[ba]"));
    check(
        &f,
        &[
            (SIR, vec![]),
            (SST, vec![]),
            (&["aga"], vec![(1, MultiStoneSuicide, None)]),
            (&["nz"], vec![]),
            (SIMPLE, vec![(1, MultiStoneSuicide, None)]),
        ],
    );
    assert_eq!(f[0].self_removed, 2);
}

#[test]
fn t10_single_stone_suicide_is_illegal_where_the_rules_say_so() {
    let f = replay(&rec(T09_SETUP, ";B[da]"));
    check(
        &f,
        &[
            (&["simplified-ing"], vec![(1, Suicide, None)]),
            (SST, vec![(1, Suicide, None)]),
            (&["aga"], vec![(1, Suicide, None)]),
            (SIMPLE, vec![(1, Suicide, None)]),
            // Suicide of any size is a play; the unchanged board is a repetition under
            // positional superko, and under NZ's rule only if Black made it by a play
            // (here it was set up).
            (&["tromp-taylor"], vec![(1, PositionalSuperko, Some(0))]),
            (&["nz"], vec![]),
        ],
    );
    let tt = verdict(&f, "tromp-taylor", 1).unwrap();
    assert!(
        tt.message.contains("single-stone suicide"),
        "{}",
        tt.message
    );
    // NZ: once Black has made that board by a play, the suicide repeats it.
    let g = replay(&rec(T09_SETUP, ";B[dd];W[];B[da]"));
    assert_eq!(flagged(&g, "nz"), vec![(3, SituationalSuperko, Some(1))]);
    // SSK alone would not catch it: the same board, but the other player to move.
    assert_eq!(f[0].ssk, None);
    assert_eq!(f[0].psk, Some(0));
    assert!(verdict(&f, "sst-ing", 1)
        .unwrap()
        .message
        .contains("single stone"));
}

#[test]
fn occupied_and_off_board_moves_are_flagged_and_replayed() {
    let sgf = "(;SZ[5];B[cc];W[cc];B[zz];W[aa])";
    let f = replay(sgf);
    for p in PRESETS {
        assert_eq!(
            flagged(&f, p.name),
            vec![(2, OccupiedPoint, None), (3, OffBoard, None)],
            "{}",
            p.name
        );
    }
    assert!(f[2].is_pass());
}

#[test]
fn passes_are_never_illegal() {
    let f = replay(&rec(T01_SETUP, ";W[];B[];W[];B[]"));
    for p in PRESETS {
        assert!(flagged(&f, p.name).is_empty());
    }
}

#[test]
fn a_second_cycle_by_another_route_needs_a_referee() {
    // T06's shape at the top and, mirrored, at the bottom of a 5x7 board. Black runs
    // the top cycle (fixed-ko freezes its first play), then the bottom one: the start
    // recurs a second time and no SST rule classified it.
    let sgf = "(;SZ[5]AB[ba][ab][ac][bg][af][ae]AW[da][bb][cb][db][dg][bf][cf][df]PL[B];B[ca];W[aa];B[ba];W[];B[cg];W[ag];B[bg])";
    let r = parse(sgf);
    let mut e = Engine::new(5, 7).unwrap();
    e.setup(&r.black, &r.white, &[], r.to_move);
    let f: Vec<MoveFacts> = r
        .moves
        .iter()
        .enumerate()
        .map(|(k, &(c, mv))| e.play(c, mv, k as u32 + 1))
        .collect();
    assert_eq!(flagged(&f, "sst-ing"), vec![(7, NeedsReferee, Some(4))]);
    assert_eq!(
        flagged(&f, "simplified-ing"),
        vec![
            (3, PositionalSuperko, Some(0)),
            (7, PositionalSuperko, Some(0))
        ]
    );
    let v = verdict(&f, "sst-ing", 7).unwrap();
    assert_eq!(v.code.info().severity, crate::findings::Severity::Warning);
    assert_eq!(v.certainty, Some(Certainty::Interpretation));
}

#[test]
fn double_ko_captures_are_read_on_the_board_they_are_played_from() {
    // Spec §1.8 rule 4, first example: move 7 retakes a basic ko (one mouth before the
    // capture, two after it): no double-ko capture, legal under SST.
    let f = replay("(;GM[1]FF[4]SZ[4]AB[bc][cd]AW[ca][bb][db][cc][dd]PL[B];B[dc];W[];B[];W[dd];B[bd];W[];B[dc])");
    assert_eq!(flagged(&f, "sst-ing"), vec![]);
    // Second example on 3x5: move 7 repeats move 1's capture from the same double-ko
    // colouring (two mouths before the capture, one after it).
    let f = replay(
        "(;GM[1]FF[4]SZ[3:5]AB[bd][ae][ce]AW[cb][bc][cd]PL[B];B[cc];W[ba];B[];W[cd];B[];W[];B[cc])",
    );
    assert_eq!(flagged(&f, "sst-ing"), vec![(7, KoRecycling, Some(1))]);
    assert_eq!(
        f[6].recycling.as_ref().unwrap().kind,
        RecyclingKind::DoubleKo
    );
}
