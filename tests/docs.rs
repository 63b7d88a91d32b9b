//! Documentation generated from code stays in step with it. Set GOREF_BLESS=1 to rewrite.

use std::path::Path;

fn check_generated(path: &str, expected: &str) {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    if std::env::var_os("GOREF_BLESS").is_some() {
        std::fs::write(&file, expected).unwrap();
        return;
    }
    let actual = std::fs::read_to_string(&file).unwrap_or_default();
    assert!(
        actual == expected,
        "{path} is out of date; run `GOREF_BLESS=1 cargo test --test docs` to regenerate it"
    );
}

/// docs/findings.md: generated from the registry down to this line; the calibration
/// notes below it are written by hand and kept when the file is regenerated.
const HAND_WRITTEN: &str =
    "<!-- Hand-written below this line: kept when the table above is regenerated. -->";

#[test]
fn findings_md_is_generated_from_the_registry() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/findings.md");
    let actual = std::fs::read_to_string(&file).unwrap_or_default();
    let tail = actual
        .find(HAND_WRITTEN)
        .map_or(String::new(), |at| actual[at..].to_string());
    assert!(
        !tail.is_empty(),
        "docs/findings.md lost its calibration notes"
    );
    let expected = format!("{}\n{tail}", goref_core::findings::CodeInfo::markdown());
    check_generated("docs/findings.md", &expected);
}
