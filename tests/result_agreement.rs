//! How often `goref check` agrees with the recorded result on the development corpus
//! (`../shared/corpus`; ignored unless asked for: `cargo test -- --ignored`), as
//! `../shared/tools/result_agreement.py` measures it: over every game whose RE is a real count
//! (`B+x` / `W+x` with x > 0; Fox's `B+0.0` wins without a count are left out), the computed
//! winner and exact margin against RE, and no error-level result finding.
//!
//! The floors are the figures of docs/scoring.md ("Measured through the CLI"); a change that
//! loses agreement fails here and must say why in that document (or raise the floors when it
//! gains).

mod common;
use common::{check_jsonl, strings};

#[path = "common/shared.rs"]
mod common_shared;
use common_shared::shared;

/// Real counts in the corpus: fewer means the corpus or the reader lost records.
const COUNTED_FLOOR: usize = 481;
/// Computed winner equal to RE's (96.0% of 481). Issue 26 (countable or not): positions
/// the estimate cannot count are no longer counted. Of the 5 winners that went with that,
/// 4 rested on counts 50 to 365 points off RE (W+369 for W+3.5, W+99.5 for W+2.5, ...)
/// and one on all 113 Black stones read dead without proof (GNU Go's gifu2005 daigo
/// game, RE W+368.5): 467 -> 462. Where the result turns on strings the estimate is
/// unsure of, goref states the winner alone (`W+`) where every reading of them gives it,
/// and no result where they do not (`range` holds the counts): 38 records no longer get
/// a winner, 30 where the estimate's count named RE's and 8 where it named the other:
/// 462 -> 432. When every string a result turns on is an unsure kill in a space of at
/// most 7 points, the kills are read out move by move, and those the enclosure takes
/// whoever moves first no longer leave the result open: 432 -> 438 (the four copies of
/// Go Seigen's 9x9 game of 1968, two Fox games held out). Where the estimate's count
/// names RE's winner within 2 points of RE and every other reading of the strings it
/// turns on is farther from RE than that, RE settles them as estimated: 438 -> 455 (2
/// tuned-on, 15 held out; Fox and KGS territory counts one point off the server's).
/// Fox's `KM[0]` is the komi (none) in a handicap game, 6.5 only in an even game: 455 ->
/// 456 (the one Fox handicap game with a count, held out; RE B+3.0 exactly). A seki the
/// static reading sees is read out from both sides (the partners of the weak stones as the
/// weak ones too): 456 -> 457 (the Fox game `2017.05.04_vs_revenge`, held out, now RE's
/// B+4.5 exactly). A string that joins another through a dame still needs its teire when
/// the string it joins has no other point of its own territory (the two share the one
/// point): 457 -> 458 (`2017.01.18_vs_59436596`, held out: W+0.5, RE's, where B+0.5 named
/// the other winner). A seki the race search reads out from both sides is surer (0.85)
/// than one it leaves open: 458 -> 459 (`kgs-2015-05-b/2015-05-20-4`, B+4.5 `unverified`
/// against RE B+5.5, the 8-stone and 7-stone seki on the left edge GNU Go's too). A point
/// eye is half an eye where the opponent holds one diagonal less than a false eye needs and
/// may still play on another: 459 -> 460 (`2015-05-16-1` and `2015-05-21-3` now RE's exact
/// count; `2015-05-31-9`, GNU Go's W+17.5 against RE W+22.5, now left open). The range of
/// a result that turns on unsure strings reads every unsure string, not only the three the
/// reason names (2026-12-05, ninth session): 460 -> 459, `gnugo-misc-d/nicklas/nicklas8`
/// (RE W+132.5) no longer states `W+`, since its unnamed unsure strings read in Black's
/// favour give B+0.5; on the held-out Fox 9-dan archive the same change withdrew 18 such
/// winners, 10 of them wrong (docs/scoring.md). An eye space holding dead enemy stones read
/// by the shape they leave, kills that give life only together made together, and walls in
/// atari for good (2026-12-07, twelfth session): 459 -> 462 (`nicklas8`, RE's W+132.5
/// exactly; `yenw-fox-misc-d/…72395275`, RE's W+2.5 exactly; `yenw-fox-deepzen/…48887229`,
/// W+3.5 `unverified` against RE W+2.5, not countable before). The race search playing on
/// after a capture of up to six stones (2026-12-07, thirteenth session): 462 -> 461.
/// `fuego-games-2007/2007_CGOS_70767-test2`, a test position cut from a game whose RE
/// (W+16.5) it keeps, holds two Black stones in a White straight four on the edge with a
/// dame outside: read as seki before, it is dead by a sacrifice (see
/// `two_stones_in_a_straight_four_on_the_edge_kill_by_a_sacrifice`), and the count is now
/// B+13.5, GNU Go's count of that position exactly.
const WINNER_FLOOR: usize = 461;
/// Computed margin equal to RE's (83.8% of 481; 397 -> 396 with the daigo game; 396 -> 403
/// when weak stones of two liberties inside a group's eye space were no longer read as seki
/// with a group that can fill one of them and keep two: 2 tuned-on records, 5 held-out;
/// 403 -> 408 when a seki the static reading sees is read out move by move and refuted
/// where the enclosure takes the weak stones whoever moves first: 2 tuned-on, 3 held-out;
/// 408 -> 409 with Fox's handicap komi, see WINNER_FLOOR; 409 -> 410 with the seki read
/// from both sides, see WINNER_FLOOR; 410 -> 414 with the teire of strings joined through a
/// dame, see WINNER_FLOOR: 1 tuned-on record, 3 held out, and one held-out record one point
/// off RE that was exact, `2017.05.04_vs_revenge_76012939`; 414 -> 416 with half eyes, see
/// WINNER_FLOOR; the floor stayed at 416 while the count reached 421, the count at the
/// twelfth session's start; 421 -> 423 with that session's reading, `nicklas8` and
/// `72395275`, see WINNER_FLOOR; 423 -> 422 with `70767-test2`, see WINNER_FLOOR).
const EXACT_FLOOR: usize = 422;
/// Computed counts 50 points or more from RE: 14 before issue 26, 7 after (each a life
/// and death misread the static estimate does not see; docs/scoring.md lists them), 1 once
/// a margin that turns on unsure strings is no longer stated (`2007_simulation-bug-107407`,
/// where GNU Go's count is goref's and RE is the bug).
const OFF_BY_50_CEILING: usize = 1;

/// Results goref states (computed and not `unverified`) whose winner is not RE's: 3 before
/// the second look (issue 26: playouts read the kills nobody proved before a mismatch is
/// stated), 2 after (`2007_194557.variation` and `2007_CGOS_70767-test1`, where GNU Go's
/// count sides with goref's against RE; the one withdrawn is `rbm-bobk-200303111815`); 3
/// once the race search plays on after a capture of up to six stones (thirteenth session):
/// `2007_CGOS_70767-test2`, a test position cut from the game whose RE (W+16.5) it keeps,
/// now B+13.5, GNU Go's count exactly (see WINNER_FLOOR).
const STATED_WRONG_WINNER_CEILING: usize = 3;
/// Results (stated or not) that name another winner than RE: 10 while a result that
/// turns on unsure strings was given as the estimate's count, 2 since (the two stated ones
/// above); 3 once kills are read out: `yenw-fox-lilong/2017.01.18_vs_59436596`, whose kill
/// read out leaves B+0.5 against RE W+0.5, `unverified` because 4 open points can make up
/// the difference (GNU Go's count is B+7); 2 again once that record's Black teire is
/// counted (W+0.5, RE's); 3 once a small, short kill (one or two stones with at most two
/// liberties) may decide: `2017.07.05_Terminator_vs_66297135` is B+0.5 `unverified` (14
/// open points) against RE W+0.5, where it was left open (GNU Go's count is W+1.5; the
/// point between them is not found).
const WRONG_WINNER_CEILING: usize = 3;
/// Stated results 50 points or more from RE: 3 before the second look, 1 after
/// (`2007_simulation-bug-107407`: goref's B+11.5 is GNU Go's too; RE B+73.5 is the bug; the
/// two withdrawn are `rbm-bobk-200303111815` and `gobase-9x9-b/92_10`).
const STATED_OFF_BY_50_CEILING: usize = 1;

/// RE as (winner, margin) when it is a count: `B+3.5`, `W+12`.
fn count(re: &str) -> Option<(char, f64)> {
    let re = re.trim();
    let winner = re.chars().next().filter(|c| matches!(c, 'B' | 'W'))?;
    let margin: f64 = re.get(2..)?.parse().ok()?;
    (re.get(1..2) == Some("+")).then_some((winner, margin))
}

#[test]
#[ignore = "needs ../shared (the development corpus)"]
fn estimated_counts_agree_with_re_at_least_as_often_as_documented() {
    let corpus = shared().join("corpus");
    let reports = check_jsonl(&["--fail-on", "never", "-j", "2", corpus.to_str().unwrap()]);
    let (mut counted, mut winner, mut exact, mut errors, mut off) = (0, 0, 0, 0, 0);
    let (mut stated_wrong, mut stated_off, mut wrong_winner) = (0, 0, 0);
    for r in &reports {
        let result = &r["result"];
        let Some(recorded) = result["recorded"].as_str().and_then(count) else {
            continue;
        };
        if recorded.1 == 0.0 {
            continue;
        }
        counted += 1;
        let computed = result["computed"].as_str().and_then(count);
        // A winner stated alone (`W+`: the margin turns on strings the estimate is unsure
        // of) counts for the winner, never for the margin.
        let winner_alone = result["computed"].as_str().and_then(winner_only);
        let stated_winner = computed.map(|c| c.0).or(winner_alone);
        winner += usize::from(stated_winner == Some(recorded.0));
        exact += usize::from(computed == Some(recorded));
        let signed = |(c, m): (char, f64)| if c == 'B' { m } else { -m };
        let far = |c: (char, f64)| (signed(c) - signed(recorded)).abs() >= 50.0;
        off += usize::from(computed.is_some_and(far));
        let stated = computed.filter(|_| result["status"] != "unverified");
        stated_wrong += usize::from(stated.is_some_and(|c| c.0 != recorded.0));
        wrong_winner += usize::from(stated_winner.is_some_and(|w| w != recorded.0));
        stated_off += usize::from(stated.is_some_and(far));
        errors += usize::from(r["findings"].as_array().is_some_and(|fs| {
            fs.iter().any(|f| {
                f["severity"] == "error"
                    && matches!(
                        f["code"].as_str(),
                        Some("result-mismatch" | "margin-mismatch")
                    )
            })
        }));
    }
    println!(
        "{counted} real counts: winner {winner}, exact {exact}, errors {errors}, 50+ off {off}, another winner {wrong_winner}; stated: wrong winner {stated_wrong}, 50+ off {stated_off}"
    );
    assert!(
        wrong_winner <= WRONG_WINNER_CEILING,
        "{wrong_winner} results name another winner than RE > {WRONG_WINNER_CEILING}"
    );
    assert!(
        stated_wrong <= STATED_WRONG_WINNER_CEILING,
        "{stated_wrong} stated results name another winner than RE > {STATED_WRONG_WINNER_CEILING}"
    );
    assert!(
        stated_off <= STATED_OFF_BY_50_CEILING,
        "{stated_off} stated results 50 points or more off RE > {STATED_OFF_BY_50_CEILING}"
    );
    assert!(counted >= COUNTED_FLOOR, "only {counted} real counts read");
    assert!(
        winner >= WINNER_FLOOR,
        "winner agrees in {winner} < {WINNER_FLOOR}"
    );
    assert!(
        exact >= EXACT_FLOOR,
        "exact margin agrees in {exact} < {EXACT_FLOOR}"
    );
    assert_eq!(errors, 0, "error-level result findings on estimated counts");
    assert!(
        off <= OFF_BY_50_CEILING,
        "{off} counts 50 points or more off RE > {OFF_BY_50_CEILING}"
    );
}

/// A winner without a margin (`B+`, `W+`), as goref states one whose margin it cannot settle.
fn winner_only(re: &str) -> Option<char> {
    let re = re.trim();
    let winner = re.chars().next().filter(|c| matches!(c, 'B' | 'W'))?;
    (re.len() == 2 && re.ends_with('+')).then_some(winner)
}

#[test]
fn re_counts_are_read_like_the_measuring_script() {
    assert_eq!(winner_only("W+"), Some('W'));
    assert_eq!(winner_only("B+ "), Some('B'));
    assert_eq!(winner_only("W+3.5"), None);
    assert_eq!(winner_only("W+R"), None);
    assert_eq!(count("B+3.5"), Some(('B', 3.5)));
    assert_eq!(count("W+12"), Some(('W', 12.0)));
    assert_eq!(count("W+0.0"), Some(('W', 0.0)));
    assert_eq!(count("B+R"), None);
    assert_eq!(count("0"), None);
    assert_eq!(count("Jigo"), None);
}

/// A result that turns only on unsure kills in small spaces is settled by reading them
/// out: Go Seigen's 9x9 game of 1968 was left open on the two-stone White string the
/// estimate read dead at 0.7 (range B+6 to W+13); read out, the enclosure takes it
/// whoever moves first, and the count is stated (B+6 by area counting against RE B+4,
/// a margin that the rules the record does not name may explain). A kill whose space is
/// too big to read stays open: GNU Go's self-play game `auto_a003`, whose five White
/// stones share the corner with Black's open area, keeps its range.
#[test]
#[ignore = "needs ../shared (the development corpus)"]
fn unsure_kills_in_small_spaces_are_read_out_and_settle_the_result() {
    let seigen = corpus_result("gobase-9x9-b/9x9_1.sgf");
    assert_stated(&seigen, "B+6");
    let self_play = corpus_result("gnugo-trevor/auto_a003.sgf");
    assert!(self_play["computed"].is_null(), "{self_play}");
    assert_eq!(self_play["range"]["for_black"], "B+47.5", "{self_play}");
}

/// RE as a second opinion on the strings a result turns on: a Fox game held out (the
/// three White stones at B15, a few stones in room read dead at 0.80, which the playouts'
/// second look doubts (0.56), give B+3.5 against RE B+1.5, alive W+16.5) is counted, and
/// the two points left are within the open points; an NNGS game where RE is far from the
/// estimate's count and the range's other end names the other winner stays open.
#[test]
#[ignore = "needs ../shared (the development corpus)"]
fn re_settles_the_strings_only_the_estimate_s_reading_brings_near_it() {
    let fox = corpus_result("yenw-fox-bensondarr/2018.04.23_BensonDarr_VS_010001231.sgf");
    assert_stated(&fox, "B+3.5");
    let reason = fox["reason"].as_str().unwrap();
    assert!(
        reason.ends_with("(read otherwise: W+16.5), so RE settles them as estimated"),
        "{reason}"
    );
    assert!(
        reason.contains("the White string at B15 C15 D15 (estimated dead, confidence 0.56)"),
        "{reason}"
    );
    // Where the string a result turned on is one stone with two liberties (D8), its kill
    // is sure enough to count without RE's word: W+3.5, the one point left within the
    // open points.
    let small = corpus_result("yenw-fox-bensondarr/2018.04.22_VS_BensonDarr_010001986.sgf");
    assert_stated(&small, "W+3.5");
    assert!(
        !small["reason"].as_str().unwrap().contains("RE settles"),
        "{small}"
    );
    let far = corpus_result("gnugo-misc-d/gunnar/rbm-bobk-200303111815.sgf");
    assert!(far["computed"].is_null(), "{far}");
    assert!(far["range"].is_object(), "{far}");
}

/// A Fox handicap game writes `KM[0]` as its komi: no komi, where an even game's `KM[0]`
/// stands for 6.5 (`fox-km0`). The one counted Fox handicap game in the corpus, RE[B+3.0]
/// (a whole number: no half-point komi), is counted exactly with komi 0.
#[test]
#[ignore = "needs ../shared (the development corpus)"]
fn a_fox_handicap_game_s_km0_is_its_komi() {
    let game = corpus_result("yenw-fox-misc-d/fuheyuqi/2017.07.07_vs_fuheyuqi_61787364.sgf");
    assert_eq!(game["status"], "agrees", "{game}");
    assert_eq!(game["computed"], "B+3", "{game}");
    let even = corpus_result("yenw-fox-lilong/2016.11.10_vs_69514117.sgf");
    assert_eq!(even["status"], "agrees", "{even}");
    assert_eq!(even["computed"], "W+2.5", "{even}");
}

/// A throw-in the weak side must take is no life: GNU Go's 9x9 self-play game `auto_c62`
/// (no RE) has two White stones at L13 and M12 whose only resource is taking a Black
/// stone; read out, they are dead, and the count is GNU Go's own (`final_score` B+1.5,
/// `final_status_list dead` G1 L13 M12).
#[test]
#[ignore = "needs ../shared (the development corpus)"]
fn a_throw_in_taken_is_no_life_in_gnu_go_s_own_game() {
    let path = shared().join("corpus/gnugo-trevor/auto_c62.sgf");
    let report = &check_jsonl(&["--fail-on", "never", path.to_str().unwrap()])[0];
    assert_stated(&report["result"], "B+1.5");
    let dead = strings(&report["score"]["dead"]);
    assert_eq!(dead, ["gm", "ka", "lb"], "{report}");
}

/// Ten Black stones on the left edge share their two liberties with one White stone: no
/// seki read from Black's side (White throws in, Black takes two stones and is left with
/// one eye), so they are dead and the count is RE's (and GNU Go's) B+4.5; and GNU Go's own
/// game `auto_d46`, whose White group in the top right is dead the same way (GNU Go's
/// aftermath count B+63.5, goref's before B+43.5).
#[test]
#[ignore = "needs ../shared (the development corpus)"]
fn a_seki_refuted_from_the_partners_side_in_real_games() {
    let revenge = corpus_result("yenw-fox-lilong/2017.05.04_vs_revenge_68327936.sgf");
    assert_stated(&revenge, "B+4.5");
    assert_eq!(revenge["status"], "agrees", "{revenge}");
    assert_stated(&corpus_result("gnugo-trevor/auto_d46.sgf"), "B+63.5");
    // The seki whose eye holds a stone to take stays a seki: the count is RE's W+39.5.
    assert_stated(&corpus_result("kgs-2015-05-b/2015-05-27-2.sgf"), "W+39.5");
}

/// Black's strings H2 and F1-G1 share their one point of territory (H1) and the dame G2:
/// joined at G2 they are still in atari at H1, so Black's teire counts as White's at T17
/// does, and the count is RE's W+0.5 (it was B+0.5, the other winner).
#[test]
#[ignore = "needs ../shared (the development corpus)"]
fn strings_joined_through_a_dame_with_one_shared_point_still_make_a_teire() {
    let result = corpus_result("yenw-fox-lilong/2017.01.18_vs_59436596.sgf");
    assert_eq!(result["computed"], "W+0.5", "{result}");
    assert_eq!(result["status"], "agrees", "{result}");
}

/// Kills of one or two stones with at most two liberties may decide a result: of GNU Go's
/// own games in the corpus (no RE), 48 that were left open are now counted, every one for
/// GNU Go's aftermath winner and 45 at its exact count (docs/scoring.md); two of them here.
#[test]
#[ignore = "needs ../shared (the development corpus)"]
fn small_short_kills_count_gnu_go_s_own_games() {
    for (file, gnugo) in [("auto_b29.sgf", "W+0.5"), ("auto_c14.sgf", "B+31.5")] {
        let result = corpus_result(&format!("gnugo-trevor/{file}"));
        assert_stated(&result, gnugo);
    }
}

/// Half eyes: in `2015-05-16-1` Black's thirteen stones in the lower right, and in
/// `2015-05-21-3` White's eight invaders in Black's lower right, live on point eyes whose
/// diagonals the opponent holds but for one it may still take: read so, both are dead and
/// both counts are RE's exactly (B+6.5; B+8.5, the open area closed; GNU Go agrees).
#[test]
#[ignore = "needs ../shared (the development corpus)"]
fn half_eyes_read_out_groups_whose_eyes_are_false() {
    for (file, count) in [("2015-05-16-1.sgf", "B+6.5"), ("2015-05-21-3.sgf", "B+8.5")] {
        let result = corpus_result(&format!("kgs-2015-05-b/{file}"));
        assert_stated(&result, count);
        assert_eq!(result["status"], "agrees", "{result}");
    }
}

/// A `result` that states `computed`, with no range and no string left unclear.
fn assert_stated(result: &serde_json::Value, computed: &str) {
    assert_eq!(result["computed"], computed, "{result}");
    assert!(result["range"].is_null(), "{result}");
    assert!(
        result["unclear"].as_array().is_none_or(|u| u.is_empty()),
        "{result}"
    );
}

/// The `result` object `goref check` reports for the first game of a corpus file.
fn corpus_result(file: &str) -> serde_json::Value {
    let path = shared().join("corpus").join(file);
    let reports = check_jsonl(&["--fail-on", "never", path.to_str().unwrap()]);
    reports[0]["result"].clone()
}
