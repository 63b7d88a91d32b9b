//! The appeal under the spec's scenarios (T03, T11, T11b) and its text narrative.

use super::*;
use crate::count::score::PointListError;
use crate::read::reader::{read_text, ReadOptions};
use crate::read::record::ValueSource;
use crate::rules::Ending;
use crate::score::Penalties;

const T11: &str = include_str!("../../../../../testdata/appeal/t11.sgf");
const T11B: &str = include_str!("../../../../../testdata/appeal/t11b.sgf");
const T11_MARKED: &str = include_str!("../../../../../testdata/appeal/t11-marked.sgf");
const T03: &str = include_str!("../../../../../testdata/appeal/t03.sgf");

fn record(sgf: &str) -> GameRecord {
    let (mut games, _) = read_text(sgf, &ReadOptions::default());
    assert!(!games.is_empty(), "no game in {sgf}");
    games.remove(0)
}

fn run(sgf: &str, opts: &AppealOptions) -> Appeal {
    appeal(&record(sgf), opts).expect("appeal")
}

fn dead(points: &str) -> AppealOptions {
    AppealOptions {
        dead: Some(points.into()),
        ..AppealOptions::default()
    }
}

/// `--dead none`: no claim, no estimate.
fn no_estimate() -> AppealOptions {
    AppealOptions {
        estimator: Estimator::None,
        ..AppealOptions::default()
    }
}

fn reading(a: &Appeal, kind: ReadingKind) -> &Reading {
    a.readings.iter().find(|r| r.kind == kind).expect("reading")
}

/// (black, white, neutral, RE) of a reading.
fn count(a: &Appeal, kind: ReadingKind) -> (Option<u32>, Option<u32>, Option<u32>, Option<&str>) {
    let r = reading(a, kind);
    (r.black, r.white, r.neutral, r.re.as_deref())
}

#[test]
fn t11_without_a_claim_counts_every_stone_and_the_precedent_gives_no_result() {
    let a = run(T11, &no_estimate());
    use ReadingKind::*;
    assert_eq!(
        count(&a, SstLiteral),
        (Some(16), Some(7), Some(26), Some("B+1"))
    );
    let precedent = reading(&a, SstPrecedent);
    assert_eq!(precedent.status, ReadingStatus::NoClaim);
    assert!(!precedent.applies && precedent.re.is_none());
    assert!(precedent
        .rule_sentence
        .contains("no dead stones are marked in the record (TB/TW) or claimed with --dead"));
    assert_eq!(
        count(&a, SimplifiedIng),
        (Some(16), Some(7), Some(26), Some("B+1"))
    );
    assert_eq!(count(&a, AgaVariant).3, Some("B+1"));
    assert_eq!(count(&a, Aga).3, Some("B+1"));
    assert!(!a.disputed);
    assert!(a.dead.used.is_empty() && a.dead.source.is_none());
}

#[test]
fn t11_with_the_claim_ec_ff_splits_the_sst_readings() {
    let a = run(T11, &dead("ec,ff"));
    use ReadingKind::*;
    assert_eq!(
        count(&a, SstLiteral),
        (Some(16), Some(7), Some(26), Some("B+1"))
    );
    assert_eq!(
        count(&a, SstPrecedent),
        (Some(14), Some(35), Some(0), Some("W+29"))
    );
    let p = reading(&a, SstPrecedent);
    assert_eq!(p.view.dead, vec!["ec", "ff"]);
    assert_eq!(p.view.dead_source, Some("command-line"));
    assert_eq!(p.winner, Some(Color::White));
    assert_eq!(p.margin, Some(29.0));
    // SIR and AGA count every stone after the second stop; the claim changes nothing.
    assert_eq!(
        count(&a, SimplifiedIng),
        (Some(16), Some(7), Some(26), Some("B+1"))
    );
    assert_eq!(count(&a, Aga).3, Some("B+1"));
    assert!(a.disputed);
    assert!(a.summary.contains("W+29 under SST precedent (EGF 2002)"));
    // Vertices: ec is E5 and ff is F2 on 7x7.
    let used: Vec<&str> = a.dead.used.iter().map(|s| s.vertex.as_str()).collect();
    assert_eq!(used, vec!["E5", "F2"]);
}

#[test]
fn every_reading_names_the_rule_that_decides_it() {
    let a = run(T11, &dead("ec,ff"));
    use ReadingKind::*;
    let s = |k| reading(&a, k).rule_sentence.clone();
    assert!(s(SstLiteral).starts_with("SST terminology 19: four passes"));
    assert!(s(SstLiteral).contains("every stone on the board counts"));
    assert!(
        s(SstPrecedent).starts_with("EGF Appeals Committee 2002: passes 3–4 (moves 6–7) are void")
    );
    assert!(s(SstPrecedent).contains("removed"));
    assert!(s(SimplifiedIng).starts_with("SIR: after the second stop"));
    assert!(s(SimplifiedIng).contains("every stone counts"));
    assert!(s(Aga).starts_with(
        "AGA: a resumption that opens with two passes (moves 6–7) ends the game with all stones on the board"
    ));
    assert!(s(AgaVariant).contains("four passes"));
}

#[test]
fn t11_aga_owes_white_a_pass_and_gives_b_plus_1_5_with_aga_komi() {
    let a = run(T11, &AppealOptions::default());
    let aga = reading(&a, ReadingKind::Aga);
    assert!(aga
        .notes
        .iter()
        .any(|n| n.contains("owes White a final pass")));
    // The record's KM[8] is used (komi precedence) and AGA's own 7.5 is noted: the
    // spec's T11 table counts AGA with 7.5.
    assert_eq!((aga.komi, aga.komi_source), (8.0, ValueSource::Record));
    assert!(aga
        .notes
        .iter()
        .any(|n| n.contains("aga default komi of 7.5: B+1.5")));
    let with_komi = run(
        T11,
        &AppealOptions {
            komi: Some(7.5),
            ..AppealOptions::default()
        },
    );
    let aga = reading(&with_komi, ReadingKind::Aga);
    assert_eq!(aga.re.as_deref(), Some("B+1.5"));
    assert_eq!(aga.komi_source, ValueSource::CommandLine);
    // No pass is owed under the other rules.
    assert!(!reading(&a, ReadingKind::SimplifiedIng)
        .notes
        .iter()
        .any(|n| n.contains("owes White")));
}

#[test]
fn komi_falls_back_to_each_rules_default_without_km() {
    let no_km = T11.replace("KM[8]", "");
    let a = run(&no_km, &AppealOptions::default());
    let aga = reading(&a, ReadingKind::Aga);
    assert_eq!((aga.komi, aga.komi_source), (7.5, ValueSource::Rules));
    assert_eq!(aga.re.as_deref(), Some("B+1.5"));
    let sst = reading(&a, ReadingKind::SstLiteral);
    assert_eq!((sst.komi, sst.komi_source), (8.0, ValueSource::Rules));
    let text = to_text(&a);
    assert!(text.contains("7.5 (rules)") && text.contains("8 (rules)"));
}

#[test]
fn t11b_agreement_at_the_first_stop_removes_the_marked_stones_everywhere() {
    let a = run(T11B, &AppealOptions::default());
    for r in &a.readings {
        assert_eq!(r.re.as_deref(), Some("W+29"), "{}", r.name);
        assert_eq!((r.black, r.white), (Some(14), Some(35)), "{}", r.name);
        assert_eq!(r.view.dead_source, Some("record"), "{}", r.name);
        assert_eq!(r.end.map(|e| e.kind), Some(EndKind::AgreementStop));
    }
    assert!(reading(&a, ReadingKind::SimplifiedIng)
        .rule_sentence
        .starts_with("SIR: the record ends at the first stop (moves 4–5)"));
    assert!(reading(&a, ReadingKind::SstLiteral)
        .rule_sentence
        .starts_with("SST terminology 18"));
    let marked: Vec<&str> = a.dead.marked.iter().map(|s| s.point.as_str()).collect();
    assert_eq!(marked, vec!["ec", "ff"]);
    assert!(!a.disputed);
}

#[test]
fn t11b_without_marks_gives_no_result_where_an_agreement_was_needed() {
    let unmarked = T11B.split("TB[").next().unwrap_or_default().to_string() + ")";
    let a = run(&unmarked, &no_estimate());
    for r in &a.readings {
        assert_eq!(r.status, ReadingStatus::NoClaim, "{}", r.name);
        assert_eq!(r.re, None);
    }
    assert_eq!(a.summary, "No reading gives a result.");
}

#[test]
fn four_passes_with_marked_dead_stones_the_readings_differ() {
    let a = run(T11_MARKED, &AppealOptions::default());
    use ReadingKind::*;
    assert_eq!(count(&a, SstLiteral).3, Some("B+1"));
    assert_eq!(count(&a, SstPrecedent).3, Some("W+29"));
    assert_eq!(reading(&a, SstPrecedent).view.dead_source, Some("record"));
    // Marks are never used after a SIR/AGA second stop (§7.5).
    assert_eq!(count(&a, SimplifiedIng).3, Some("B+1"));
    assert_eq!(count(&a, Aga).3, Some("B+1"));
    assert!(a.disputed);
    assert_eq!(reading(&a, SstPrecedent).agrees_with_record, Some(true));
    assert_eq!(reading(&a, SstLiteral).agrees_with_record, Some(false));
}

#[test]
fn t03_ko_retaken_after_two_passes_is_legal_only_under_sst() {
    let a = run(T03, &AppealOptions::default());
    let m5 = a
        .findings
        .iter()
        .find(|m| m.move_number == 5)
        .expect("move 5 findings");
    assert_eq!(m5.vertex.as_deref(), Some("B4"));
    let under = |code: Code| {
        m5.findings
            .iter()
            .find(|f| f.code == code)
            .map(|f| f.under.clone())
    };
    assert_eq!(
        under(Code::PositionalSuperko),
        Some(vec!["simplified-ing".to_string()])
    );
    assert_eq!(
        under(Code::SituationalSuperko),
        Some(vec!["aga".to_string()])
    );
    assert_eq!(m5.legal_under, vec!["sst-ing", "aga-ing"]);
    assert!(m5.findings.iter().all(|f| !f.rule.is_empty()));
    // The readings say so too.
    let note = |k| reading(&a, k).notes.join(" | ");
    assert!(note(ReadingKind::SstLiteral).contains("move 5 (W B4) is legal under sst-ing"));
    assert!(
        note(ReadingKind::SimplifiedIng).contains("move 5 (W B4) is illegal under simplified-ing")
    );
    assert!(note(ReadingKind::Aga).contains("illegal under aga (situational-superko)"));
    // White resumed at move 5 and play did not stop again: no reading has a result.
    for r in &a.readings {
        assert_eq!(r.status, ReadingStatus::NotEnded, "{}", r.name);
        assert!(r.rule_sentence.contains("White resumed at move 5"));
    }
    // The end diagram marks the offending move.
    let end = a.diagrams.last().expect("diagram");
    assert_eq!(end.offending, vec!["bb"]);
    assert!(end.board.contains("[O]"));
}

#[test]
fn endings_list_stops_resumptions_and_the_end_per_kind_of_rules() {
    let a = run(T11, &AppealOptions::default());
    assert_eq!(
        a.passes.iter().map(|p| p.move_number).collect::<Vec<_>>(),
        vec![2, 4, 5, 6, 7]
    );
    let four = &a.endings[0];
    assert_eq!(four.ending, Ending::FourPass);
    assert_eq!(four.rules, vec!["sst-ing", "aga-ing"]);
    assert_eq!(four.stops.len(), 1);
    assert_eq!(four.stops[0].by, [Color::White, Color::Black]);
    assert_eq!(four.end.map(|e| e.kind), Some(EndKind::FourPasses));
    let two = &a.endings[1];
    assert_eq!(two.rules, vec!["simplified-ing", "aga"]);
    assert_eq!(two.stops.len(), 2);
    assert_eq!(two.resumptions.len(), 1);
    assert_eq!(two.resumptions[0].by, Color::White);
    assert!(two.resumptions[0].pass);
    assert_eq!(two.end.map(|e| e.kind), Some(EndKind::SecondStop));
}

#[test]
fn diagrams_show_each_stop_the_requested_move_and_the_end() {
    let a = run(
        T11,
        &AppealOptions {
            dead: Some("E5,F2".into()),
            move_number: Some(3),
            ..AppealOptions::default()
        },
    );
    let names: Vec<&str> = a.diagrams.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(names, vec!["stop-1-move-5", "move-3", "end-move-7"]);
    let end = &a.diagrams[2];
    assert_eq!(end.dead, vec!["ec", "ff"]);
    assert_eq!(end.last_move.as_deref(), Some("ae"));
    assert!(end.caption.contains("SST precedent (EGF 2002): W+29"));
    assert!(end.board.contains("  A B C D E F G"));
    // Move 3 captured ad: the white stone is gone there, and it is the last move.
    let m3 = &a.diagrams[1];
    assert!(m3.board.contains("4 . X O"));
    assert!(m3.board.contains("3(X)X O"));
    let svg = end.svg();
    assert!(svg.contains(r#"class="dead" data-point="ec""#));
}

#[test]
fn bad_dead_points_and_moves_are_typed_errors() {
    let r = record(T11);
    let err = appeal(&r, &dead("ec,dd")).unwrap_err();
    assert!(matches!(
        err,
        AppealError::Dead(PointListError::NoStone { .. })
    ));
    assert!(err.to_string().contains("dd"), "{err}");
    let err = appeal(&r, &dead("zz")).unwrap_err();
    assert!(matches!(err, AppealError::Dead(_)));
    let err = appeal(
        &r,
        &AppealOptions {
            move_number: Some(8),
            ..AppealOptions::default()
        },
    )
    .unwrap_err();
    assert_eq!(
        err,
        AppealError::MoveOutOfRange {
            requested: 8,
            moves: 7
        }
    );
}

#[test]
fn json_has_the_same_content() {
    let a = run(T11, &dead("ec,ff"));
    let v = serde_json::to_value(&a).expect("json");
    assert_eq!(v["readings"][1]["kind"], "sst-precedent");
    assert_eq!(v["readings"][1]["re"], "W+29");
    assert_eq!(v["readings"][1]["white"], 35);
    assert_eq!(v["readings"][1]["komi"], 8);
    assert_eq!(v["readings"][1]["komi_source"], "record");
    assert_eq!(v["readings"][0]["neutral"], 26);
    assert_eq!(v["endings"][0]["end"]["kind"], "four-passes");
    assert_eq!(v["dead"]["source"], "command-line");
    assert_eq!(v["diagrams"][1]["name"], "end-move-7");
    assert!(v["diagrams"][1]["board"]
        .as_str()
        .unwrap_or("")
        .contains('x'));
}

#[test]
fn narrative_of_t11_with_the_claim() {
    let mut a = run(T11, &dead("ec,ff"));
    a.file = Some("testdata/appeal/t11.sgf".into());
    insta::assert_snapshot!(to_text(&a));
}

#[test]
fn narrative_sections_come_in_order_with_game_information() {
    let sgf = T11.replace(
        "PB[Black]PW[White]",
        "PB[Alice]BR[3d]PW[Bob]WR[4d]DT[2024-05-01]RO[2]RE[B+1]",
    );
    let text = to_text(&run(&sgf, &AppealOptions::default()));
    let at = |s: &str| {
        text.find(s)
            .unwrap_or_else(|| panic!("{s} missing in\n{text}"))
    };
    assert!(at("Game\n") < at("Ending\n"));
    assert!(at("Ending\n") < at("Dead stones\n"));
    assert!(at("Dead stones\n") < at("Findings\n"));
    assert!(at("Findings\n") < at("Verdict\n"));
    assert!(at("Verdict\n") < at("Diagrams\n"));
    for s in [
        "Alice (3d)",
        "Bob (4d)",
        "2024-05-01",
        "round 2",
        "RU[GOE]: sst-ing",
        "KM[8]",
        "RE[B+1]",
        "The record's RE[B+1] agrees with this reading.",
    ] {
        at(s);
    }
}

/// Odd records and odd options: each gives an appeal that renders as text, JSON and
/// SVG, or the error it should; none panics.
#[test]
fn odd_records_never_panic() {
    // (record, playable, a stone stands on aa at the end)
    let records = [
        ("(;SZ[1];B[];W[])", true, false),
        ("(;SZ[0];B[aa])", false, false),
        ("(;SZ[3])", true, false),
        (
            "(;SZ[5];B[aa];W[];B[];W[];W[cc];B[];W[];B[];W[])",
            true,
            true,
        ),
        ("(;SZ[5]RU[AGA];B[];W[];B[aa];W[];B[];W[bb])", true, true),
        ("(;SZ[5]HA[2]AB[aa][bb];W[];B[];W[])", true, true),
        ("(;SZ[5]KM[nonsense]TW[aa][zz];B[zz];W[];B[])", true, false),
        ("(;SZ[52];B[];W[])", true, false),
        (
            "(;SZ[19]TM[600]OT[Ing]RU[GOE];B[pd]BL[-400];W[];B[];W[];B[])",
            true,
            false,
        ),
    ];
    let odd = AppealOptions {
        move_number: Some(0),
        komi: Some(f64::NAN),
        ..AppealOptions::default()
    };
    for (sgf, playable, stone_on_aa) in records {
        let (games, _) = read_text(sgf, &ReadOptions::default());
        assert_eq!(games.len(), 1, "{sgf}");
        let g = &games[0];
        for opts in [AppealOptions::default(), odd.clone()] {
            match appeal(g, &opts) {
                Ok(a) => {
                    assert!(playable, "{sgf}: an appeal of an unplayable game");
                    renders(&a, sgf);
                }
                Err(e) => {
                    assert!(!playable, "{sgf}: {e}");
                    assert!(matches!(e, AppealError::Unplayable), "{sgf}: {e}");
                }
            }
        }
        match appeal(g, &dead("aa")) {
            Ok(a) => {
                assert!(playable && stone_on_aa, "{sgf}: aa accepted as dead");
                renders(&a, sgf);
            }
            Err(AppealError::Dead(PointListError::NoStone { .. })) => {
                assert!(playable && !stone_on_aa, "{sgf}")
            }
            Err(AppealError::Unplayable) => assert!(!playable, "{sgf}"),
            Err(e) => panic!("{sgf}: {e}"),
        }
    }
}

/// The appeal's text, JSON and diagrams are produced and well-formed.
fn renders(a: &Appeal, sgf: &str) {
    assert_eq!(a.readings.len(), ReadingKind::ALL.len(), "{sgf}");
    assert!(!to_text(a).is_empty(), "{sgf}");
    let json: serde_json::Value = serde_json::from_str(&serde_json::to_string(a).unwrap()).unwrap();
    assert!(json.is_object(), "{sgf}");
    for d in &a.diagrams {
        assert!(d.svg().starts_with("<svg"), "{sgf}");
    }
}

#[test]
fn penalties_come_off_the_penalised_side_in_every_reading() {
    let a = run(
        T11,
        &AppealOptions {
            penalties: Some(Penalties { black: 2, white: 0 }),
            dead: Some("ec,ff".into()),
            ..AppealOptions::default()
        },
    );
    // 16 - 7 - 8 - 2 = -1 and 14 - 35 - 8 - 2 = -31.
    assert_eq!(count(&a, ReadingKind::SstLiteral).3, Some("W+1"));
    assert_eq!(count(&a, ReadingKind::SstPrecedent).3, Some("W+31"));
    let r = reading(&a, ReadingKind::Aga);
    assert_eq!(r.penalties, Penalties { black: 2, white: 0 });
    assert!(to_text(&a).contains("B 2"));
}

#[test]
fn the_verdict_table_in_docs_is_what_goref_prints() {
    let text = to_text(&run(T11, &dead("ec,ff")));
    let docs = include_str!("../../../../../docs/appeal.md");
    let table: Vec<&str> = text
        .lines()
        .skip_while(|l| *l != "Verdict")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect();
    assert_eq!(table.len(), 6);
    for line in table {
        assert!(docs.contains(line), "docs/appeal.md lacks:\n{line}");
    }
}

#[test]
fn an_appeal_replays_the_record_once_for_every_reading_and_every_diagram() {
    // T11 ends with stops and a resumption; with `--move` the appeal also draws a
    // mid-game position. Four presets judge it, each from the one replay.
    use crate::replay::game::REPLAYS;
    for opts in [
        AppealOptions::default(),
        AppealOptions {
            move_number: Some(3),
            ..dead("")
        },
    ] {
        let r = record(T11);
        REPLAYS.with(|n| n.set(0));
        let a = appeal(&r, &opts).expect("appeal");
        assert_eq!(REPLAYS.with(|n| n.get()), 1, "{opts:?}");
        assert!(a.readings.len() >= 5);
        assert!(a.diagrams.iter().any(|d| d.kind == DiagramKind::Stop));
        assert!(a.diagrams.iter().any(|d| d.kind == DiagramKind::End));
    }
    // An unfinished game is drawn at its last move, from the same replay.
    let r = record("(;GM[1]FF[4]SZ[9]RU[Japanese];B[ee];W[cc];B[gg])");
    REPLAYS.with(|n| n.set(0));
    let a = appeal(&r, &AppealOptions::default()).expect("appeal");
    assert_eq!(REPLAYS.with(|n| n.get()), 1);
    let last = a.diagrams.last().expect("a diagram");
    assert_eq!(
        (last.after_move, last.last_move.as_deref()),
        (3, Some("gg"))
    );
}

#[test]
fn move_zero_is_drawn_as_the_empty_board_or_the_root_s_setup() {
    for (sgf, stones) in [
        ("(;GM[1]FF[4]SZ[9]RU[Japanese];B[ee];W[cc];B[gg])", 0),
        ("(;GM[1]FF[4]SZ[9]RU[Japanese]AB[aa][bb];W[ee];B[cc])", 2),
    ] {
        let opts = AppealOptions {
            move_number: Some(0),
            ..AppealOptions::default()
        };
        let a = run(sgf, &opts);
        let d = a
            .diagrams
            .iter()
            .find(|d| d.kind == DiagramKind::Move)
            .expect("the move-0 diagram");
        assert_eq!(d.after_move, 0);
        // The rows of the board, not its legend.
        let rows = d
            .board
            .lines()
            .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()));
        let on_board: usize = rows.map(|l| l.matches(['X', 'O']).count()).sum();
        assert_eq!(on_board, stones, "{sgf}\n{}", d.board);
    }
}

/// `Appeal::of` takes the caller's referee options: the claim as text, or the points of
/// `opts.dead` where no text is given, read the same; the text wins where both are given;
/// the komi, the rules and the estimator reach every reading.
#[test]
fn the_public_entry_reads_the_referee_options() {
    let r = record(T11);
    let opts = RefereeOptions::default();
    let by_text = Appeal::of(&r, &opts, None, Some("ec,ff")).expect("appeal");
    assert_eq!(by_text, run(T11, &dead("ec,ff")));
    let points = RefereeOptions {
        dead: Some(vec![Point::new(4, 2), Point::new(5, 5)]),
        ..RefereeOptions::default()
    };
    assert_eq!(
        Appeal::of(&r, &points, None, None).expect("appeal"),
        by_text
    );
    let other = Appeal::of(&r, &points, None, Some("ff")).expect("appeal");
    assert_eq!(other, run(T11, &dead("ff")));
    assert_ne!(other, by_text);
    let komi = RefereeOptions {
        komi: Some(0.5),
        estimator: Estimator::None,
        rules: Some("aga".into()),
        ..RefereeOptions::default()
    };
    let with_komi = Appeal::of(&r, &komi, Some(3), None).expect("appeal");
    let expected = AppealOptions {
        komi: Some(0.5),
        estimator: Estimator::None,
        rules: Some("aga".into()),
        move_number: Some(3),
        ..AppealOptions::default()
    };
    assert_eq!(with_komi, run(T11, &expected));
    assert_ne!(with_komi, run(T11, &no_estimate()));
}

/// RE counted in stones (`W+1.25` under Chinese rules) is compared in points by every
/// reading that counts by area, as the check compares it: the record's own reading counts
/// W+2.5 (Black 10, White 15, komi 7.5) and agrees.
#[test]
fn a_result_in_stones_agrees_with_the_reading_that_counts_its_points() {
    let sgf = "(;GM[1]FF[4]SZ[5]RU[Chinese]KM[7.5]RE[W+1.25];B[ca];W[da];B[cb];W[db];B[cc];W[dc]\
               ;B[cd];W[dd];B[ce];W[de];B[];W[])";
    let a = run(sgf, &AppealOptions::default());
    let own = reading(&a, ReadingKind::RecordRules);
    assert_eq!(own.re.as_deref(), Some("W+2.5"));
    assert_eq!(own.agrees_with_record, Some(true));
    // The same board with RE in points that is not its count: no agreement.
    let other = run(&sgf.replace("W+1.25", "W+1.5"), &AppealOptions::default());
    assert_eq!(
        reading(&other, ReadingKind::RecordRules).agrees_with_record,
        Some(false)
    );
}

/// The readings take the confidence a result may rest on from the caller, as `check`
/// does: the White string the estimate reads dead at 0.70 (0.56 after the playouts' second
/// look) leaves every reading unsettled at the default (0.8), and settles them at 0.5, to
/// the count `check` then states (a mismatch with RE's W+28.5).
#[test]
fn an_unsettled_reading_follows_the_callers_confidence_as_check_does() {
    let sgf = include_str!("../../../../../testdata/reading/unsure-winner.sgf");
    let statuses =
        |a: &Appeal| -> Vec<ReadingStatus> { a.readings.iter().map(|r| r.status).collect() };
    let unsure = run(sgf, &AppealOptions::default());
    assert!(statuses(&unsure)
        .iter()
        .all(|&s| s == ReadingStatus::Unsettled));
    let referee = RefereeOptions {
        min_confidence: Some(0.5),
        ..RefereeOptions::default()
    };
    let settled = Appeal::of(&record(sgf), &referee, None, None).expect("appeal");
    let own = reading(&settled, ReadingKind::RecordRules);
    assert_eq!(own.status, ReadingStatus::Decided);
    let checked = crate::check_bytes(
        "unsure-winner.sgf",
        sgf.as_bytes(),
        &crate::CheckOptions {
            referee,
            ..crate::CheckOptions::default()
        },
    );
    assert_eq!(own.re.as_deref(), checked[0].computed_result());
    assert_eq!(own.re.as_deref(), Some("B+1.5"));
}
