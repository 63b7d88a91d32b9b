//! One small hand-written fixture per quirk (`testdata/quirks/`), each read through
//! the public entry point `crate::read::read`.

use crate::findings::{Code, Finding, Severity};
use crate::point::{Color, Move, Point};
use crate::read::record::{Event, GameRecord};
use crate::read::{read, FileRead, ReadOptions};

fn fixture(name: &str) -> FileRead {
    let path = format!("{}/testdata/quirks/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    read(&bytes, &ReadOptions::default())
}

fn game(name: &str) -> GameRecord {
    let fr = fixture(name);
    assert_eq!(fr.games.len(), 1, "{name}: {:?}", fr.file_findings);
    fr.games.into_iter().next().unwrap()
}

fn with_code(g: &GameRecord, code: Code) -> Vec<&Finding> {
    g.findings.iter().filter(|f| f.code == code).collect()
}

fn only(g: &GameRecord, code: Code) -> &Finding {
    let found = with_code(g, code);
    assert_eq!(found.len(), 1, "{code}: {:?}", g.findings);
    found[0]
}

fn moves(g: &GameRecord) -> Vec<(u32, Color, Move)> {
    g.move_events().map(|m| (m.number, m.color, m.mv)).collect()
}

fn pt(s: &str) -> Move {
    Move::Play(Point::from_sgf(s).unwrap())
}

#[test]
fn ha0_and_ha1_are_even_games_read_with_certainty() {
    // Info since issue 14: a quirk goref reads with certainty (docs/findings.md).
    for name in ["ha0.sgf", "ha1.sgf"] {
        let g = game(name);
        let f = only(&g, Code::HandicapQuirk);
        assert_eq!(f.severity, Severity::Info);
        assert!(f.message.contains("even game"));
        assert_eq!((f.line, f.column), (Some(1), Some(19)));
        assert_eq!(g.handicap, None);
    }
}

#[test]
fn fox_komi_is_scaled_back_with_a_warning() {
    let g = game("km-fox-750.sgf");
    assert_eq!(g.komi, Some(7.5));
    assert!(only(&g, Code::KomiScaled).message.contains("read as 7.5"));
    let g = game("km-fox-375.sgf");
    assert_eq!(g.komi, Some(7.5));
    only(&g, Code::KomiScaled);
}

#[test]
fn empty_komi_is_reported() {
    let g = game("km-empty.sgf");
    assert_eq!(g.komi, None);
    only(&g, Code::KomiEmpty);
}

#[test]
fn handicap_mismatch_and_t15_encodings() {
    let g = game("handicap-mismatch.sgf");
    assert!(only(&g, Code::HandicapMismatch)
        .message
        .contains("HA[3] but 2"));
    // T15: both encodings give handicap 2 and no mismatch.
    let a = game("t15-handicap-setup.sgf");
    let b = game("t15-handicap-ing.sgf");
    for g in [&a, &b] {
        assert_eq!(g.handicap, Some(2));
        assert!(
            with_code(g, Code::HandicapMismatch).is_empty(),
            "{:?}",
            g.findings
        );
    }
    assert_eq!(a.handicap_moves, 0);
    assert_eq!(b.handicap_moves, 2);
    assert_eq!(b.first_player, Some(Color::Black));
    assert_eq!(a.first_player, Some(Color::White));
}

#[test]
fn move_in_root_is_played_as_move_1() {
    let g = game("move-in-root.sgf");
    let f = only(&g, Code::MoveInRoot);
    assert_eq!(f.move_number, Some(1));
    assert_eq!(moves(&g)[0], (1, Color::Black, pt("ee")));
    assert_eq!(g.move_events().count(), 3);
}

#[test]
fn setup_after_moves_is_info_and_keeps_its_place() {
    let g = game("setup-in-game.sgf");
    let f = only(&g, Code::SetupInGame);
    assert_eq!(f.severity, Severity::Info);
    assert_eq!((f.line, f.column), (Some(2), Some(2)));
    assert!(
        matches!(&g.events[2], Event::Setup(s) if !s.in_root && s.add_white == vec![Point::new(6, 6)])
    );
    assert_eq!(moves(&g)[2].0, 3, "setup is not a move");
}

#[test]
fn non_standard_results_are_read_and_flagged() {
    for (name, reading) in [
        ("result-jigo.sgf", "RE[0]"),
        ("result-black-resigns.sgf", "RE[W+R]"),
        ("result-w-res.sgf", "RE[W+R]"),
        ("result-score-r.sgf", "RE[B+0.5]"),
    ] {
        let g = game(name);
        let f = only(&g, Code::ResultFormat);
        assert!(f.message.contains(reading), "{name}: {}", f.message);
        assert!(g.info.result.is_some());
    }
}

#[test]
fn node_with_two_moves_plays_both_in_written_order() {
    let g = game("two-moves.sgf");
    only(&g, Code::NodeHasTwoMoves);
    assert_eq!(
        moves(&g),
        vec![
            (1, Color::Black, pt("ee")),
            (2, Color::White, pt("cc")),
            (3, Color::Black, pt("gg"))
        ]
    );
}

#[test]
fn t16_tt_is_a_pass_only_up_to_19x19() {
    assert_eq!(moves(&game("t16-tt-19.sgf"))[0].2, Move::Pass);
    assert_eq!(moves(&game("t16-tt-9.sgf"))[0].2, Move::Pass);
    assert_eq!(
        moves(&game("t16-tt-21.sgf"))[0].2,
        Move::Play(Point::new(19, 19))
    );
    for name in ["t16-tt-19.sgf", "t16-tt-9.sgf", "t16-tt-21.sgf"] {
        assert_eq!(
            moves(&game(name))[1].2,
            Move::Pass,
            "B[] / W[] is a pass on any board"
        );
    }
}

#[test]
fn board_sizes() {
    let g = game("size-missing.sgf");
    assert_eq!((g.width, g.height, g.playable), (19, 19, true));
    assert_eq!(only(&g, Code::SizeAssumed).severity, Severity::Info);
    let g = game("size-rect.sgf");
    assert_eq!((g.width, g.height), (19, 13));
    assert_eq!(moves(&g)[0].2, pt("sm"));
    for name in ["size-0.sgf", "size-99.sgf", "size-1000000.sgf"] {
        let g = game(name);
        assert!(!g.playable, "{name}");
        assert_eq!(only(&g, Code::BoardSize).severity, Severity::Error);
    }
}

#[test]
fn compressed_point_lists_are_expanded() {
    let g = game("compressed-points.sgf");
    let Event::Setup(s) = &g.events[0] else {
        panic!("setup first")
    };
    assert!(s.in_root);
    assert_eq!(s.add_black.len(), 9);
    assert_eq!(s.add_white.len(), 3);
    assert_eq!(s.clear, vec![Point::new(0, 1)]);
    assert!(g.findings.is_empty(), "{:?}", g.findings);
}

#[test]
fn ff3_identifiers_are_read_with_certainty() {
    let g = game("ff3-identifiers.sgf");
    assert_eq!((g.width, g.height), (9, 9));
    assert_eq!(
        moves(&g),
        vec![(1, Color::Black, pt("ee")), (2, Color::White, pt("cc"))]
    );
    assert!(with_code(&g, Code::SyntaxError)
        .iter()
        .all(|f| f.severity == Severity::Info && f.message.contains("lower-case")));
    assert_eq!(with_code(&g, Code::SyntaxError).len(), 5);
}

#[test]
fn stray_characters_are_reported_and_nodes_not_merged() {
    for name in ["stray-bracket.sgf", "stray-letter.sgf"] {
        let g = game(name);
        let f = only(&g, Code::SyntaxError);
        assert_eq!(f.line, Some(1));
        assert_eq!(moves(&g).len(), 2, "{name}");
        assert!(with_code(&g, Code::NodeHasTwoMoves).is_empty());
    }
}

#[test]
fn unterminated_value_loses_the_rest_and_says_so() {
    let g = game("unterminated-value.sgf");
    let errors: Vec<_> = with_code(&g, Code::SyntaxError)
        .into_iter()
        .filter(|f| f.severity == Severity::Error)
        .collect();
    assert_eq!(errors.len(), 1);
    assert!(errors[0].message.contains("expected `]`"));
    assert_eq!((errors[0].line, errors[0].column), (Some(1), Some(31)));
    assert_eq!(g.move_events().count(), 2);
}

#[test]
fn a_value_that_swallows_moves_is_flagged() {
    // The `]` of C is missing, so C runs to the `]` of the next move: a valid file
    // by the grammar, but the swallowed `;B[` is reported.
    let g = game("missing-bracket.sgf");
    let f = only(&g, Code::SyntaxError);
    assert!(f.message.contains("`]` may be missing"), "{}", f.message);
    assert_eq!((f.line, f.column), (Some(1), Some(31)));
    assert_eq!(g.move_events().count(), 3);
}

#[test]
fn unclosed_tree_and_junk_recover_with_warnings() {
    let g = game("unclosed-tree.sgf");
    assert_eq!(g.move_events().count(), 2);
    assert!(only(&g, Code::SyntaxError).message.contains("not closed"));
    let fr = fixture("junk-before.sgf");
    assert_eq!(fr.games.len(), 1);
    assert_eq!(fr.games[0].move_events().count(), 2);
    assert_eq!(fr.file_findings.len(), 1);
    assert_eq!(fr.file_findings[0].severity, Severity::Warning);
    assert_eq!(fr.file_findings[0].line, Some(1));
}

#[test]
fn t18_ko_flag_marks_the_move_forced() {
    let g = game("t18-ko-flag.sgf");
    let m: Vec<_> = g.move_events().collect();
    assert_eq!(m.len(), 3);
    assert!(m[2].forced && !m[1].forced);
}

#[test]
fn several_game_trees_are_several_games() {
    let fr = fixture("two-games.sgf");
    assert_eq!(fr.games.len(), 2);
    assert_eq!(fr.games[1].game_index, 1);
    assert_eq!(fr.games[1].width, 13);
    assert_eq!(fr.games[1].move_events().count(), 2);
    assert_eq!(fr.games[1].move_events().next().unwrap().pos.line, 2);
}

#[test]
fn unreadable_move_is_a_pass_with_bad_value() {
    let g = game("bad-move-value.sgf");
    let f = only(&g, Code::BadValue);
    assert_eq!(f.move_number, Some(1));
    assert_eq!(moves(&g)[0], (1, Color::Black, Move::Pass));
}

#[test]
fn duplicate_property_is_reported_and_lists_merged() {
    let g = game("duplicate-property.sgf");
    assert!(only(&g, Code::SyntaxError).message.contains("twice"));
    let Event::Setup(s) = &g.events[0] else {
        panic!()
    };
    assert_eq!(s.add_black.len(), 2);
}

#[test]
fn variations_option_gives_every_line() {
    let main = game("variations.sgf");
    assert_eq!(main.variation, Vec::<usize>::new());
    assert_eq!(main.move_events().count(), 3);
    let fr = read(
        &std::fs::read(format!(
            "{}/testdata/quirks/variations.sgf",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap(),
        &ReadOptions {
            variations: true,
            ..ReadOptions::default()
        },
    );
    assert_eq!(fr.games.len(), 2);
    assert_eq!(fr.games[0].variation, Vec::<usize>::new());
    assert_eq!(fr.games[1].variation, vec![1]);
    assert_eq!(moves(&fr.games[1]).last().unwrap().0, 4);
    assert_eq!(fr.games[1].komi, Some(6.5));
}

#[test]
fn game_info_time_and_final_marks() {
    let g = game("time-and-marks.sgf");
    assert_eq!(g.time_limit, Some(600.0));
    only(&g, Code::BadValue);
    let m: Vec<_> = g.move_events().collect();
    assert_eq!((m[0].time_left, m[0].periods_left), (Some(590.5), Some(0)));
    assert_eq!(m[1].time_left, Some(-12.0));
    assert_eq!(g.final_marks.black_territory, vec![Point::new(0, 0)]);
    assert_eq!(g.final_marks.white_territory.len(), 3);
}
