//! `check`, `score` and `appeal` tell one story about every game of `../shared/corpus`: the
//! end of a game is read once (`count::reading::read_end`) and each command shows that
//! reading. Ignored without the development corpus (a user's checkout has none);
//! `.ci/run` runs it (`cargo test -- --ignored`).
//!
//! What may differ, by design (docs/scoring.md, docs/appeal.md): `score` counts every game,
//! so its result names the counting of a resignation's count, and it recounts every
//! estimated count for the strings it turns on (`unclear`), where `check` recounts only
//! where a recount can change its verdict; an appeal reads each ruleset's own end (a record
//! that stops without passes ends under no rules, where `check` takes a counted RE as the
//! players' agreement), and its five preset rows are those rulesets as named (where a record
//! states no rules, `check` takes whichever counting explains RE).

#[path = "common/shared.rs"]
mod common_shared;
use common_shared::{sgf_files, shared};

use goref_core::check::RefereeOptions;
use goref_core::present::appeal::Appeal;
use goref_core::present::ScoreCard;
use goref_core::read::{read, ReadOptions};
use goref_core::{check_bytes, CheckOptions};
use serde_json::Value;

/// Result fields only `score` fills (see above).
const SCORE_ONLY: &[&str] = &["counting", "other_count", "unclear"];

/// The differences between `check`'s result object and `score`'s, outside [`SCORE_ONLY`].
fn result_differences(checked: &Value, scored: &Value) -> Vec<String> {
    let keys = |v: &Value| -> Vec<String> {
        v.as_object()
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default()
    };
    let mut all = keys(checked);
    all.extend(keys(scored));
    all.sort();
    all.dedup();
    all.into_iter()
        .filter(|k| !SCORE_ONLY.contains(&k.as_str()) && checked.get(k) != scored.get(k))
        .map(|k| format!("result.{k}: check {} / score {}", checked[&k], scored[&k]))
        .collect()
}

/// Where the appeal's row of the record's own rules says something `check` does not: a
/// result `check` states otherwise, or a result where `check` states none because the
/// estimate is unsure of the strings it turns on. Only where the row is those rules as
/// `check` reads them (a row of its own, or rules the record states).
fn appeal_differences(checked: &Value, appeal: &Value, rules_stated: bool) -> Vec<String> {
    let computed = checked["computed"].as_str();
    let unsure = checked
        .get("unclear")
        .and_then(Value::as_array)
        .is_some_and(|u| !u.is_empty());
    appeal["readings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|r| r["record_rules"] == true && (rules_stated || r["kind"] == "record-rules"))
        .filter_map(|r| {
            let re = r["re"].as_str();
            let differs = match (r["status"].as_str(), computed) {
                (Some("decided"), Some(c)) => re != Some(c),
                (Some("decided"), None) => unsure,
                _ => false,
            };
            differs.then(|| {
                format!(
                    "appeal {} ({}) {:?} / check {computed:?}",
                    r["name"], r["status"], re
                )
            })
        })
        .collect()
}

#[test]
#[ignore = "needs ../shared (the development corpus)"]
fn check_score_and_appeal_tell_one_story_on_every_corpus_game() {
    let files = sgf_files(&shared().join("corpus"));
    let referee = RefereeOptions::default();
    let (mut games, mut written, mut appealed) = (0, 0, 0);
    let mut differences = Vec::new();
    for path in &files {
        let bytes = std::fs::read(path).expect("readable");
        let name = path.to_string_lossy().to_string();
        let reports = check_bytes(&name, &bytes, &CheckOptions::default());
        let records = read(&bytes, &ReadOptions::default()).games;
        // One report per game, in file order (a file without a game has a report and no
        // record).
        if reports.len() != records.len() {
            continue;
        }
        for (record, report) in records.iter().zip(&reports) {
            let report = report.to_json_value();
            let number = &report["game"];
            let Some(card) = ScoreCard::of(&name, record, &referee) else {
                continue;
            };
            games += 1;
            let checked = &report["result"];
            let card = card.to_json();
            let mut found = result_differences(checked, &card["result"]);
            // The result `score` writes is the one `check` computes.
            if let Some(re) = card["re"].as_str().filter(|&re| re != "?") {
                written += 1;
                if checked["computed"].as_str() != Some(re) {
                    found.push(format!("score writes {re} / check {}", checked["computed"]));
                }
            }
            // The appeal, where the end is counted (the costly part: only there).
            if !report["score"].is_null() {
                if let Ok(appeal) = Appeal::of(record, &referee, None, None) {
                    appealed += 1;
                    let stated = record.info("RU").is_some();
                    found.extend(appeal_differences(checked, &appeal.to_json_value(), stated));
                }
            }
            differences.extend(found.into_iter().map(|d| format!("{name} #{number}: {d}")));
        }
    }
    // Fewer games means the corpus lost data, not a pass.
    assert!(
        games > 4000 && written > 150 && appealed > 500,
        "{games} games, {written} written, {appealed} appealed"
    );
    assert!(
        differences.is_empty(),
        "{} differences, the first: {:#?}",
        differences.len(),
        &differences[..differences.len().min(10)]
    );
}
