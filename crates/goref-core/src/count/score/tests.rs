//! Scoring tests: the spec's scenarios T11–T14 and the fill-in/area identity.

use super::fill_in::FillInError;
use super::*;
use crate::count::timing::IngOvertime;
use crate::replay::position::Position;
use crate::rules::HandicapCompensation;
use crate::rules::SekiPoints;
use proptest::prelude::*;

fn pt(s: &str) -> Point {
    Point::from_sgf(s).expect("test point")
}

fn rules(name: &str) -> Rules {
    Rules::named(name).expect("preset")
}

/// Scores with an explicit komi (as if from the record) and no penalties.
fn score_with(area: &AreaCount, rules: &Rules, komi: f64, handicap: u32) -> Score {
    score(
        area,
        &ScoreSettings {
            rules,
            komi: Komi::choose(None, Some(komi), rules, handicap),
            handicap,
            penalties: Penalties::default(),
            lost_on_time: None,
        },
    )
}

/// T11 after `B[ac] … B[ae]` captured ad.
fn t11() -> Position {
    Position::from_diagram(&[
        "a . X O . . . .",
        "b . X O . . . .",
        "c X X O . X . .",
        "d . X O . . . .",
        "e X X O . . . .",
        "f . X O . . X .",
        "g . X O . . . .",
    ])
}

#[test]
fn t11_literal_areas() {
    let area = count_area(&t11(), &[]).unwrap();
    assert_eq!(
        (area.black.area, area.white.area, area.neutral),
        (16, 7, 26)
    );
    assert_eq!((area.black.stones, area.black.territory), (11, 5));
    let sst = score_with(&area, &rules("sst-ing"), 8.0, 0);
    assert_eq!(sst.re, "B+1");
    let sir = score_with(&area, &rules("sir"), 8.0, 0);
    assert_eq!(sir.re, "B+1");
    let aga = score_with(&area, &rules("aga"), 7.5, 0);
    assert_eq!(aga.re, "B+1.5");
}

#[test]
fn t11_precedent_reading_removes_ec_and_ff() {
    let pos = t11();
    let dead = parse_dead("ec,ff", &pos).unwrap();
    assert_eq!(dead, parse_dead("E5, F2", &pos).unwrap());
    let area = count_area(&pos, &dead).unwrap();
    assert_eq!(
        (area.black.area, area.white.area, area.neutral),
        (14, 35, 0)
    );
    assert_eq!(area.black.dead_removed, 2);
    assert_eq!(area.white.dead_removed, 0);
    assert_eq!(area.territory[pos.index(pt("ec"))], Some(Color::White));
    let s = score_with(&area, &rules("sst-ing"), 8.0, 0);
    assert_eq!(s.re, "W+29");
    assert_eq!(s.winner, Some(Color::White));
    assert_eq!(s.black_margin, -29.0);
}

#[test]
fn dead_lists_name_the_bad_point() {
    let pos = t11();
    assert_eq!(
        parse_dead("ec,dd", &pos),
        Err(PointListError::NoStone {
            text: "dd".into(),
            vertex: "D4".into()
        })
    );
    assert!(matches!(
        parse_dead("E5,Z9", &pos),
        Err(PointListError::OffBoard { .. })
    ));
    assert!(matches!(
        parse_dead("hh", &pos),
        Err(PointListError::OffBoard { .. })
    ));
    assert_eq!(
        parse_dead("e5,bogus", &pos),
        Err(PointListError::NotAPoint("bogus".into()))
    );
    assert_eq!(parse_dead("", &pos), Ok(vec![]));
    assert_eq!(parse_dead("ec,ec", &pos).unwrap().len(), 1);
    // count_area checks too: no panics on a bad list.
    assert!(count_area(&pos, &[Point::new(40, 40)]).is_err());
    let msg = parse_dead("dd", &pos).unwrap_err().to_string();
    assert!(msg.contains("dd") && msg.contains("D4"), "{msg}");
}

fn t12() -> Position {
    Position::from_diagram(&[
        "a . X X X O",
        "b X X X O O",
        "c X X . O .",
        "d X X X O O",
        "e X X X X O",
    ])
}

/// `--dead` lists are checked against the board's own width and height: the last row and
/// column are on it, one more is off, and either coordinate alone can be off. Points are
/// separated by commas, semicolons or spaces.
#[test]
fn point_lists_stop_at_the_board_edge() {
    let off = |text: &str, w: u8, h: u8| {
        matches!(
            parse_points(text, w, h),
            Err(PointListError::OffBoard { .. })
        )
    };
    // A 5x3 board: columns a..e, rows a..c.
    assert_eq!(parse_points("ec", 5, 3), Ok(vec![pt("ec")]));
    assert!(off("fa", 5, 3), "column 6 of 5");
    assert!(off("ad", 5, 3), "row 4 of 3");
    assert!(off("fd", 5, 3));
    assert_eq!(parse_points("E1", 5, 3), Ok(vec![pt("ec")]));
    assert!(off("F1", 5, 3), "vertex in column 6 of 5");
    assert_eq!(
        parse_points("aa;ec bb,cc", 5, 3),
        Ok(vec![pt("aa"), pt("bb"), pt("cc"), pt("ec")])
    );
}

#[test]
fn t12_seki_tie_under_each_ruleset() {
    let area = count_area(&t12(), &[]).unwrap();
    assert_eq!((area.black.area, area.white.area, area.neutral), (16, 8, 1));

    let sst = score_with(&area, &rules("sst-ing"), 8.0, 0);
    assert_eq!(sst.re, "B+0");
    assert_eq!(sst.tiebreak, Some(TieBreak::Black));
    assert_eq!(sst.winner, Some(Color::Black));
    assert_eq!(sst.margin, 0.0);
    let json = serde_json::to_value(&sst).unwrap();
    assert_eq!(json["tiebreak"], "black");
    assert_eq!(json["re"], "B+0");
    assert_eq!(json["margin"].to_string(), "0");
    assert_eq!(json["komi"].to_string(), "8");

    let f = sst.fill_in.as_ref().expect("fill-in applies");
    assert_eq!(f.stones_each, 12);
    assert_eq!(
        f.black,
        FillSide {
            stones: 12,
            points: 12,
            leftover: 0
        }
    );
    assert_eq!(
        f.white,
        FillSide {
            stones: 8,
            points: 8,
            leftover: 0
        }
    );
    assert_eq!(f.left_empty, 1, "cc stays empty");
    // One shared point cannot be split: the story says it stays empty, not "fills 0".
    assert!(
        f.sentence
            .contains("Black's area. 1 neutral point stays empty. Black fills"),
        "{}",
        f.sentence
    );
    assert_eq!(f.winner, None);

    let sir = score_with(&area, &rules("sir"), 8.0, 0);
    assert_eq!(
        (sir.re.as_str(), sir.winner, sir.tiebreak),
        ("0", None, None)
    );
    assert_eq!(
        sir.summary,
        "Black 16, White 8, neutral 1, komi 8: the game is a draw (0)"
    );

    let aga = score_with(&area, &rules("aga"), 7.5, 0);
    assert_eq!(aga.re, "B+0.5");
    let json = serde_json::to_value(&aga).unwrap();
    assert_eq!(json["komi"].to_string(), "7.5");
    assert_eq!(json["margin"].to_string(), "0.5");
    assert!(aga.fill_in.is_none());
    assert!(aga.fill_in_skipped.as_deref().unwrap_or("").contains("7.5"));
}

#[test]
fn t13_handicap_compensation() {
    let pos = Position::from_diagram(&[
        "a . . . . X O . . .",
        "b . . . . X O . . .",
        "c . . X . X O . . .",
        "d . . . . X O . . .",
        "e . . . . X O . . .",
        "f . . . X O . . . .",
        "g . . X X O . . . .",
        "h . . . X O . . . .",
        "i . . . X O . . . .",
    ]);
    let area = count_area(&pos, &[]).unwrap();
    assert_eq!(
        (area.black.area, area.white.area, area.neutral),
        (41, 40, 0)
    );

    let ing = score_with(&area, &rules("sst-ing"), 0.0, 2);
    assert_eq!((ing.re.as_str(), ing.handicap_bonus), ("B+1", 0.0));

    // AGA: komi from the rules (0.5 in handicap games) plus N−1 = 1.
    let aga = rules("aga");
    let s = score(
        &area,
        &ScoreSettings {
            rules: &aga,
            komi: Komi::choose(None, None, &aga, 2),
            handicap: 2,
            penalties: Penalties::default(),
            lost_on_time: None,
        },
    );
    assert_eq!(s.komi, 0.5);
    assert_eq!(s.komi_source, ValueSource::Rules);
    assert_eq!(s.handicap_bonus, 1.0);
    assert_eq!(s.re, "W+0.5");

    let kss = score_with(&area, &rules("aga-ing"), 0.0, 2);
    assert_eq!(kss.handicap_bonus, 2.0);
    assert_eq!(kss.re, "W+1");
    // KSS fill-in: the 2 points are one compensation stone.
    assert_eq!(kss.fill_in.as_ref().map(|f| f.black_margin), Some(-1));
}

#[test]
fn white_wins_ties_only_in_handicap_games_under_kss() {
    let area = count_area(&t12(), &[]).unwrap(); // 16 / 8
    let kss = rules("aga-ing");
    let handicap = score_with(&area, &kss, 6.0, 2); // 16 − 8 − 6 − 2 = 0
    assert_eq!(
        (handicap.re.as_str(), handicap.tiebreak),
        ("W+0", Some(TieBreak::White))
    );
    let even = score_with(&area, &kss, 8.0, 0);
    assert_eq!(
        (even.re.as_str(), even.tiebreak),
        ("B+0", Some(TieBreak::Black))
    );
}

/// Boundary of the tie rule (spec §3.4, §3.5): a game is a handicap game from 2 stones
/// (HA[1] is an even game, and a record can reach 1 by placing one stone under HA[2]).
#[test]
fn tie_rule_at_handicap_0_1_2_and_3() {
    let area = count_area(&t12(), &[]).unwrap(); // 16 / 8: a zero margin with komi 8
    let tie_under = |tie: Tie, handicap: u32| {
        let mut r = rules("simplified-ing");
        r.tie = tie;
        r.handicap_compensation = HandicapCompensation::None;
        let s = score_with(&area, &r, 8.0, handicap);
        assert_eq!(s.black_margin, 0.0);
        (s.re, s.winner, s.tiebreak)
    };
    let black = ("B+0".to_string(), Some(Color::Black), Some(TieBreak::Black));
    let white = ("W+0".to_string(), Some(Color::White), Some(TieBreak::White));
    let draw = ("0".to_string(), None, None);
    for handicap in [0, 1, 2, 3] {
        assert_eq!(tie_under(Tie::Draw, handicap), draw, "draw, HA {handicap}");
        assert_eq!(
            tie_under(Tie::Black, handicap),
            black,
            "black, HA {handicap}"
        );
        let kss = if handicap >= 2 { &white } else { &black };
        assert_eq!(
            &tie_under(Tie::WhiteInHandicapElseBlack, handicap),
            kss,
            "white-in-handicap-else-black, HA {handicap}"
        );
    }
}

/// Only a margin of exactly zero is a tie: half a point either way decides.
#[test]
fn tie_rule_applies_to_a_zero_margin_only() {
    let area = count_area(&t12(), &[]).unwrap();
    let kss = rules("aga-ing");
    assert_eq!(score_with(&area, &kss, 7.5, 0).re, "B+0.5");
    assert_eq!(score_with(&area, &kss, 8.5, 0).re, "W+0.5");
    assert_eq!(score_with(&area, &kss, 5.5, 2).re, "B+0.5");
    assert_eq!(score_with(&area, &kss, 6.5, 2).re, "W+0.5");
}

/// Handicap compensation starts at 2 stones: N and N−1 give nothing below.
#[test]
fn handicap_compensation_at_0_1_2_and_3_stones() {
    use HandicapCompensation::{NMinusOne, None as Nothing, N};
    for (stones, n, n_minus_one) in [(0, 0.0, 0.0), (1, 0.0, 0.0), (2, 2.0, 1.0), (3, 3.0, 2.0)] {
        assert_eq!(Nothing.points(stones), 0.0, "0, {stones} stones");
        assert_eq!(N.points(stones), n, "n, {stones} stones");
        assert_eq!(
            NMinusOne.points(stones),
            n_minus_one,
            "n-1, {stones} stones"
        );
    }
}

#[test]
fn komi_precedence() {
    let r = rules("aga");
    assert_eq!(
        Komi::choose(Some(6.5), Some(7.0), &r, 0),
        Komi {
            value: 6.5,
            source: ValueSource::CommandLine
        }
    );
    assert_eq!(
        Komi::choose(None, Some(7.0), &r, 0),
        Komi {
            value: 7.0,
            source: ValueSource::Record
        }
    );
    assert_eq!(
        Komi::choose(None, Some(f64::NAN), &r, 0),
        Komi {
            value: 7.5,
            source: ValueSource::Rules
        }
    );
    assert_eq!(Komi::choose(None, None, &r, 3).value, 0.5);
}

/// T14: 19×19, Black wall on j (rows a–n) and i (rows o–s), White wall one column right.
fn t14() -> Position {
    let mut pos = Position::empty(19, 19);
    for y in 0..19u8 {
        let (black_x, white_x) = if y <= 13 { (9, 10) } else { (8, 9) };
        pos.set(Point::new(black_x, y), Some(Color::Black));
        pos.set(Point::new(white_x, y), Some(Color::White));
    }
    pos
}

fn t14_score(penalties: Penalties, lost_on_time: Option<Color>) -> Score {
    let area = count_area(&t14(), &[]).unwrap();
    let sst = rules("sst-ing");
    score(
        &area,
        &ScoreSettings {
            rules: &sst,
            komi: Komi::choose(None, Some(8.0), &sst, 0),
            handicap: 0,
            penalties,
            lost_on_time,
        },
    )
}

#[test]
fn t14_areas_and_fill_in_story() {
    let area = count_area(&t14(), &[]).unwrap();
    assert_eq!(
        (area.black.area, area.white.area, area.neutral),
        (185, 176, 0)
    );
    let s = t14_score(Penalties::default(), None);
    assert_eq!(s.re, "B+1");
    let f = s.fill_in.expect("fill-in");
    assert_eq!(f.stones_each, 180);
    assert_eq!((f.black.leftover, f.white.leftover), (-1, 0));
    assert_eq!((f.winner_unfilled, f.loser_leftover, f.margin), (1, 0, 1));
    assert_eq!(
        f.sentence,
        "White places 4 compensation stones in Black's area. \
         Black fills 180 of 181 points and has 1 point left. \
         White fills 176 points with 176 stones exactly. \
         Black wins by 1."
    );
}

#[test]
fn t14_penalty_table() {
    let pen = |b, w| Penalties { black: b, white: w };
    let one_period = t14_score(pen(2, 0), None);
    assert_eq!(one_period.re, "W+1");
    let f = one_period.fill_in.as_ref().unwrap();
    assert_eq!(
        (f.black.leftover, f.white.leftover),
        (0, -1),
        "Black fills exactly, White 1 unfilled"
    );
    let cancel = t14_score(pen(2, 2), None);
    assert_eq!(cancel.re, "B+1");
    let f = cancel.fill_in.as_ref().unwrap();
    assert_eq!((f.black.leftover, f.white.leftover), (-1, 0));
    let b3 = t14_score(pen(2, 4), None);
    assert_eq!(b3.re, "B+3");
    assert_eq!(b3.board_margin, 1.0);
    let f = b3.fill_in.as_ref().unwrap();
    // Black: 178 stones for 185 − 5 points; White: 175 stones for 176 − 2 points.
    assert_eq!((f.winner_unfilled, f.loser_leftover), (2, 1));
    // 2 penalty points are 1 stone placed in the offender's area.
    assert_eq!((f.penalty_stones.black, f.penalty_stones.white), (1, 2));
    assert!(
        f.sentence.contains(
            "White places 1 penalty stone in Black's area. \
             Black places 2 penalty stones in White's area."
        ) && f
            .sentence
            .ends_with("Black wins by 3 (2 points unfilled plus 1 stone left over by White)."),
        "{}",
        f.sentence
    );
    let lost = t14_score(pen(6, 0), Some(Color::Black));
    assert_eq!(lost.re, "W+T");
    assert_eq!(lost.winner, Some(Color::White));
    assert!(
        lost.summary.ends_with("Black loses on time (W+T)"),
        "{}",
        lost.summary
    );
}

#[test]
fn t14_from_the_time_table() {
    // The penalties come from the clock via timing.rs, then into the score.
    let ot = IngOvertime::default();
    let cases: [(Option<f64>, Option<f64>, &str); 5] = [
        (Some(12000.0), Some(12600.0), "B+1"),
        (Some(13800.0), None, "W+1"),
        (Some(13800.0), Some(13000.0), "B+1"),
        (Some(13800.0), Some(14701.0), "B+3"),
        (Some(18901.0), None, "W+T"),
    ];
    for (b, w, re) in cases {
        let t = ot.assess(12600.0, b, w).unwrap();
        assert_eq!(
            t14_score(t.penalties(), t.lost_on_time).re,
            re,
            "{b:?} {w:?}"
        );
    }
}

#[test]
fn penalty_parser() {
    assert_eq!("B=2,W=4".parse(), Ok(Penalties { black: 2, white: 4 }));
    assert_eq!(" w = 4 ".parse(), Ok(Penalties { black: 0, white: 4 }));
    assert_eq!("black:2".parse(), Ok(Penalties { black: 2, white: 0 }));
    assert_eq!("".parse(), Ok(Penalties::default()));
    assert_eq!(
        "B2".parse::<Penalties>(),
        Err(PenaltyError::Malformed("B2".into()).into())
    );
    assert_eq!(
        "X=2".parse::<Penalties>(),
        Err(PenaltyError::UnknownColour("x".into()).into())
    );
    assert_eq!(
        "B=-2".parse::<Penalties>(),
        Err(PenaltyError::BadPoints("-2".into()).into())
    );
    assert_eq!(
        "B=1.5".parse::<Penalties>(),
        Err(PenaltyError::BadPoints("1.5".into()).into())
    );
    assert_eq!(
        "B=2,b=4".parse::<Penalties>(),
        Err(PenaltyError::Repeated(Color::Black).into())
    );
}

#[test]
fn numbers_print_without_float_noise() {
    assert_eq!(format_number(7.5), "7.5");
    assert_eq!(format_number(0.0), "0");
    assert_eq!(format_number(-0.0), "0");
    assert_eq!(format_number(29.0), "29");
    assert_eq!(format_number(0.1 + 0.2), "0.3");
    assert_eq!(format_number(-3.0), "-3");
    #[derive(Serialize)]
    struct N(#[serde(serialize_with = "serialize_points")] f64);
    assert_eq!(serde_json::to_string(&N(29.0)).unwrap(), "29");
    assert_eq!(serde_json::to_string(&N(0.1 + 0.2)).unwrap(), "0.3");
}

#[test]
fn empty_board_and_lone_stone() {
    let empty = count_area(&Position::empty(9, 9), &[]).unwrap();
    assert_eq!(
        (empty.black.area, empty.white.area, empty.neutral),
        (0, 0, 81)
    );
    let mut pos = Position::empty(9, 9);
    pos.set(pt("ee"), Some(Color::Black));
    let one = count_area(&pos, &[]).unwrap();
    assert_eq!(one.black.area, 81);
    // A zero-size board never panics.
    let zero = count_area(&Position::empty(0, 0), &[]).unwrap();
    assert_eq!(zero.stones_each(), 0);
}

#[test]
fn shared_points_are_filled_in_pairs() {
    // Two dame between the walls on a 4×3 board: each side fills one.
    let pos = Position::from_diagram(&["X . O O", "X . O .", "X X O ."]);
    let area = count_area(&pos, &[]).unwrap();
    assert_eq!(area.neutral, 2);
    let f = fill_in(&area, 0.0, Penalties::default(), SekiPoints::Shared).unwrap();
    assert_eq!((f.shared_filled_each, f.left_empty), (1, 0));
    let g = fill_in(&area, 0.0, Penalties::default(), SekiPoints::Nobody).unwrap();
    assert_eq!((g.shared_filled_each, g.left_empty), (0, 2));
    assert_eq!(f.black_margin, g.black_margin);
    assert!(
        f.sentence
            .starts_with("Each side fills 1 point of the 2 shared. Black fills"),
        "{}",
        f.sentence
    );
    // Three: one each, and the odd one stays empty.
    let pos = Position::from_diagram(&["X . O O", "X . O .", "X . O ."]);
    let area = count_area(&pos, &[]).unwrap();
    assert_eq!(area.neutral, 3);
    let f = fill_in(&area, 0.0, Penalties::default(), SekiPoints::Shared).unwrap();
    assert_eq!((f.shared_filled_each, f.left_empty), (1, 1));
    assert!(
        f.sentence
            .starts_with("Each side fills 1 point of the 3 shared; 1 point stays empty. Black"),
        "{}",
        f.sentence
    );
}

#[test]
fn reverse_komi_and_odd_values() {
    let area = count_area(&t12(), &[]).unwrap();
    let f = fill_in(&area, -4.0, Penalties::default(), SekiPoints::Nobody).unwrap();
    assert_eq!(f.black_margin, 16 - 8 + 4);
    assert!(f
        .sentence
        .starts_with("Black places 2 compensation stones in White's area"));
    // The 2 stones go into White's area: Black has 2 stones fewer, White 2 points fewer,
    // and Black's own area is untouched.
    let s = area.stones_each() as i64;
    let (b, w) = (area.black.area as i64, area.white.area as i64);
    assert_eq!((f.black.stones, f.black.points), (s - 2, b));
    assert_eq!((f.white.stones, f.white.points), (s, w - 2));
    assert!(matches!(
        fill_in(&area, 7.0, Penalties::default(), SekiPoints::Nobody),
        Err(FillInError::OddCompensation(_))
    ));
    assert!(matches!(
        fill_in(
            &area,
            8.0,
            Penalties { black: 1, white: 0 },
            SekiPoints::Nobody
        ),
        Err(FillInError::OddPenalty {
            color: Color::Black,
            points: 1
        })
    ));
}

#[test]
fn score_serialises_with_the_documented_field_names() {
    let s = t14_score(Penalties { black: 2, white: 4 }, None);
    let json = serde_json::to_value(&s).unwrap();
    for key in [
        "black",
        "white",
        "neutral",
        "komi",
        "komi_source",
        "handicap",
        "handicap_bonus",
        "penalties",
        "margin",
        "winner",
        "tiebreak",
        "re",
        "fill_in",
    ] {
        assert!(json.get(key).is_some(), "missing {key}");
    }
    assert_eq!(json["penalties"], serde_json::json!({"B": 2, "W": 4}));
    assert_eq!(json["winner"], "B");
    assert_eq!(json["komi_source"], "record");
    assert_eq!(json["margin"].to_string(), "3");
}

// ---------------------------------------------------------------------------
// The identity: fill-in margin == area margin (§3.2)

fn arb_case() -> impl Strategy<Value = (Position, Vec<bool>, i32, u32, u32, bool, u32)> {
    (1u8..=13, 1u8..=13).prop_flat_map(|(w, h)| {
        let n = w as usize * h as usize;
        (
            proptest::collection::vec(0u8..3, n),
            proptest::collection::vec(proptest::bool::weighted(0.1), n),
            -10i32..=10,
            0u32..=4,
            0u32..=4,
            any::<bool>(),
            0u32..=9,
        )
            .prop_map(move |(cells, dead, half_komi, pb, pw, shared, handicap)| {
                let mut pos = Position::empty(w, h);
                for (i, c) in cells.iter().enumerate() {
                    pos.cells[i] = match c {
                        0 => None,
                        1 => Some(Color::Black),
                        _ => Some(Color::White),
                    };
                }
                (pos, dead, half_komi * 2, pb * 2, pw * 2, shared, handicap)
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn fill_in_margin_equals_area_margin(
        (pos, dead_mask, komi, pb, pw, shared, handicap) in arb_case()
    ) {
        let dead: Vec<Point> = (0..pos.cells.len())
            .filter(|&i| dead_mask[i] && pos.cells[i].is_some())
            .map(|i| pos.point(i))
            .collect();
        let area = count_area(&pos, &dead).unwrap();
        prop_assert_eq!(
            area.black.area + area.white.area + area.neutral,
            pos.cells.len() as u32
        );
        let mut r = rules("sst-ing");
        r.seki_points = if shared { SekiPoints::Shared } else { SekiPoints::Nobody };
        r.handicap_compensation = HandicapCompensation::N;
        let penalties = Penalties { black: pb, white: pw };
        let s = score(&area, &ScoreSettings {
            rules: &r,
            komi: Komi::choose(Some(komi as f64), None, &r, handicap),
            handicap,
            penalties,
            lost_on_time: None,
        });
        // Fill-in needs whole stones: with N compensation an odd handicap makes the
        // compensation odd, and then fill-in is skipped with a reason.
        if (komi + r.handicap_compensation.points(handicap) as i32).rem_euclid(2) == 1 {
            prop_assert!(s.fill_in.is_none());
            prop_assert!(s.fill_in_skipped.is_some());
            return Ok(());
        }
        // Fill-in counts a finished position: where a side's area cannot take the stones
        // placed in it, it is skipped and says so.
        let Some(f) = s.fill_in.as_ref() else {
            let why = s.fill_in_skipped.as_deref().unwrap_or("");
            prop_assert!(why.contains("not finished"), "{why}");
            return Ok(());
        };
        prop_assert_eq!(f.black_margin as f64, s.black_margin);
        prop_assert_eq!(f.margin, f.winner_unfilled + f.loser_leftover);
        // §3.2: r_B + r_W = 2S − P + (d mod 2) when shared points are filled in pairs.
        if shared {
            let p = pos.cells.len() as i64;
            let s2 = 2 * area.stones_each() as i64;
            prop_assert_eq!(
                f.black.leftover + f.white.leftover,
                s2 - p + (area.neutral % 2) as i64
            );
        }
        // The winner agrees unless the margin is zero (then the tie rule decides).
        if s.black_margin != 0.0 {
            prop_assert_eq!(f.winner, s.winner);
        }
    }
}

/// A 5×5 board split by a Black wall on column c and a White wall on column d: Black has
/// 10 points of territory, White 5.
fn walls() -> Position {
    let mut pos = Position::empty(5, 5);
    for y in 0..5u8 {
        pos.set(Point::new(2, y), Some(Color::Black));
        pos.set(Point::new(3, y), Some(Color::White));
    }
    pos
}

/// Seki eyes and the dame between seki strings are nobody's territory, and count as
/// neutral under territory counting (T12 under Japanese rules).
#[test]
fn territory_counting_takes_seki_eyes_out_of_territory() {
    let pos = t12();
    let area = count_area(&pos, &[]).unwrap();
    // Every stone is in the seki; aa and ec are the two strings' eyes, cc the dame.
    let seki: Vec<Point> = (0..5u8)
        .flat_map(|y| (0..5u8).map(move |x| Point::new(x, y)))
        .filter(|&p| pos.get(p).is_some())
        .collect();
    let t = count_territory(&pos, &area, &seki, [0, 0]);
    assert_eq!(
        (t.black.territory, t.white.territory, t.seki_points),
        (0, 0, 2)
    );
    let japanese = rules("japanese");
    let settings = ScoreSettings {
        rules: &japanese,
        komi: Komi::choose(None, Some(0.5), &japanese, 0),
        handicap: 0,
        penalties: Penalties::default(),
        lost_on_time: None,
    };
    let s = score(&area, &settings).by_territory(t, &settings);
    assert_eq!(
        (s.black, s.white, s.neutral),
        (0, 0, 3),
        "1 dame + 2 seki eyes"
    );
    // By area the seki eyes count: 16 − 8 − 0.5.
    assert!(
        s.summary.ends_with("W+0.5); by area counting: B+7.5"),
        "{}",
        s.summary
    );
}

/// The seki list comes from a reading of the position: a point in it that holds no stone
/// (or lies off the board) marks nothing.
#[test]
fn a_seki_list_naming_an_empty_or_off_board_point_changes_nothing() {
    let pos = walls();
    let area = count_area(&pos, &[]).unwrap();
    let plain = count_territory(&pos, &area, &[], [0, 0]);
    assert_eq!((plain.black.territory, plain.white.territory), (10, 5));
    let odd = count_territory(&pos, &area, &[pt("aa"), Point::new(7, 7)], [0, 0]);
    assert_eq!(odd, plain);
}

/// Territory counting subtracts handicap compensation as area counting does, when a rule
/// override asks for both (`--set scoring=territory` on a preset with compensation).
#[test]
fn territory_counting_keeps_the_handicap_compensation() {
    let pos = walls();
    let area = count_area(&pos, &[]).unwrap();
    let mut r = rules("chinese");
    r.scoring = Scoring::Territory;
    assert_eq!(r.handicap_compensation, HandicapCompensation::N);
    let settings = ScoreSettings {
        rules: &r,
        komi: Komi::choose(None, Some(0.5), &r, 3),
        handicap: 3,
        penalties: Penalties::default(),
        lost_on_time: None,
    };
    let t = count_territory(&pos, &area, &[], [0, 0]);
    let s = score(&area, &settings).by_territory(t, &settings);
    // 10 − 5 − (0.5 komi + 3 compensation).
    assert_eq!((s.black_margin, s.re.as_str()), (1.5, "B+1.5"));
}

/// The one-line summary names neutral points and penalties only when there are some, and
/// is what a Score prints as.
#[test]
fn summary_line_names_only_what_applies() {
    let area = count_area(&walls(), &[]).unwrap();
    let s = score_with(&area, &rules("chinese"), 0.5, 0);
    assert_eq!(
        s.summary,
        "Black 15, White 10, komi 0.5: Black wins by 4.5 (B+4.5)"
    );
    assert_eq!(s.to_string(), s.summary);
    let penalised = t14_score(Penalties { black: 2, white: 4 }, None);
    assert!(
        penalised
            .summary
            .contains(", komi 8, Black penalty 2, White penalty 4: "),
        "{}",
        penalised.summary
    );
}

#[test]
fn an_unfinished_position_is_no_fill_in_story() {
    // Black has 4 points of area; the compensation (komi 8: 4 stones) and 4 penalty
    // stones cannot all go into it: the position is not a finished one.
    let pos = Position::from_diagram(&[
        "X . O . . . .",
        "X X O . . . .",
        "O O O . . . .",
        ". . . . . . .",
    ]);
    let area = count_area(&pos, &[]).unwrap();
    assert!(area.black.area < 8);
    let e = fill_in(
        &area,
        8.0,
        Penalties { black: 8, white: 0 },
        SekiPoints::Nobody,
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            FillInError::Unfinished {
                color: Color::Black,
                ..
            }
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("not finished"), "{e}");
}

#[test]
fn both_sides_with_stones_left_over_is_told_without_negative_numbers() {
    // Neutral points nobody fills (simplified-ing): both sides keep stones.
    let pos = Position::from_diagram(&["X . . O", "X . . O", "X . . O"]);
    let area = count_area(&pos, &[]).unwrap();
    let f = fill_in(&area, 0.0, Penalties::default(), SekiPoints::Nobody).unwrap();
    assert!(!f.sentence.contains('-'), "{}", f.sentence);
}

proptest! {
    /// Fill-in never tells a negative quantity: either every figure of its story is a
    /// count of stones or points, or the position is reported as not finished.
    #[test]
    fn fill_in_never_tells_a_negative_quantity(
        rows in prop::collection::vec("[XO.]{5}", 5),
        komi in -10i32..=20,
        pb in 0u32..6,
        pw in 0u32..6,
        shared in any::<bool>(),
    ) {
        let rows: Vec<String> = rows
            .iter()
            .map(|r| r.chars().map(|c| c.to_string()).collect::<Vec<_>>().join(" "))
            .collect();
        let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
        let pos = Position::from_diagram(&refs);
        let area = count_area(&pos, &[]).unwrap();
        let seki = if shared { SekiPoints::Shared } else { SekiPoints::Nobody };
        if let Ok(f) = fill_in(&area, f64::from(komi * 2), Penalties { black: pb * 2, white: pw * 2 }, seki) {
            let negative = f.sentence.split(|c: char| !(c.is_ascii_digit() || c == '-'))
                .any(|w| w.starts_with('-') && w.len() > 1);
            prop_assert!(!negative, "{}", f.sentence);
            prop_assert!(f.black.points >= 0 && f.white.points >= 0);
            prop_assert!(f.black.stones >= 0 && f.white.stones >= 0);
        }
    }
}
