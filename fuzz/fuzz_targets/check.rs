//! The whole check of one file (`check_bytes`: read → referee every game → reports,
//! JSON and text rendering included) on arbitrary bytes, under a few rulesets, with
//! variations off and on.
#![no_main]

use goref_core::check::RefereeOptions;
use goref_core::read::ReadOptions;
use goref_core::{check_bytes, CheckOptions};
use libfuzzer_sys::fuzz_target;

const RULES: [Option<&str>; 5] = [
    None,
    Some("sst-ing"),
    Some("aga"),
    Some("japanese"),
    Some("tromp-taylor"),
];

fuzz_target!(|data: &[u8]| {
    // First byte: bit 0 = variations, bit 1 = with_board, bits 2.. = ruleset.
    let (sel, bytes) = match data.split_first() {
        Some((b, rest)) => (*b, rest),
        None => (0, data),
    };
    let rules = RULES[usize::from(sel >> 2) % RULES.len()].map(str::to_owned);
    let opts = CheckOptions {
        read: ReadOptions {
            variations: sel & 1 == 1,
            max_lines: 200,
            max_variation_nodes: 100_000,
        },
        referee: RefereeOptions {
            rules,
            ..RefereeOptions::default()
        },
        with_board: sel & 2 == 2,
        ..CheckOptions::default()
    };
    let reports = check_bytes("fuzz.sgf", bytes, &opts);
    assert!(
        !reports.is_empty(),
        "check_bytes returns at least one report"
    );
    for r in &reports {
        let line = r.to_json_line();
        assert!(!line.contains('\n'), "a JSONL line is one line");
        let _ = r.to_text();
    }
});
