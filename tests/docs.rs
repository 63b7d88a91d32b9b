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

#[test]
fn findings_md_is_generated_from_the_registry() {
    check_generated("docs/findings.md", &goref::findings::markdown());
}
