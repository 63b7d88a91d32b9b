//! Files an atomic writer may leave behind.

use std::fs;
use std::path::{Path, PathBuf};

/// The `*.tmp` files in `dir`: an atomic output must leave none, whatever happens.
pub fn temp_files(dir: &Path) -> Vec<PathBuf> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".tmp"))
        .collect()
}
