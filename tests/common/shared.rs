//! `../shared`, the development corpus and oracle data beside the checkout, for the
//! differential tests. A user's checkout has none, so those tests are marked
//! `#[ignore = "needs ../shared (the development corpus)"]`: cargo lists them as ignored
//! there, and `.ci/run` runs them (`cargo test -- --ignored`) where `../shared` exists.

use std::path::{Path, PathBuf};

/// `../shared`. Panics, saying why, when it is absent: an ignored test run by hand
/// without the corpus must fail rather than pass having compared nothing.
pub fn shared() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared");
    assert!(
        dir.join("corpus").is_dir() && dir.join("tools/oracle-dev.jsonl").is_file(),
        "{} (corpus/ and tools/oracle-dev.jsonl) is absent: this test needs the development corpus",
        dir.display()
    );
    dir
}

/// The SGF files under `dir`, found by goref's own directory walk (sorted).
#[allow(dead_code)] // Not every test that shares this module lists files.
pub fn sgf_files(dir: &Path) -> Vec<PathBuf> {
    goref_batch::collect_inputs(&[dir], &goref_batch::InputOptions::default())
        .expect("the corpus exists")
        .into_iter()
        .map(|input| input.path().to_path_buf())
        .collect()
}
