//! The shape of the workspace that issue 25 asks for, checked from its files: the library
//! crates (`goref-core`, and `goref-batch` and `goref-tournament` built on it) depend on
//! none of the command line's crates, and nothing reaches into a hidden module of the core.

use std::path::Path;

/// The crates only the binary needs: argument parsing, progress bars, the allocator,
/// `anyhow` and signal handling.
const BINARY_ONLY: [&str; 7] = [
    "clap",
    "clap_complete",
    "clap_mangen",
    "indicatif",
    "mimalloc",
    "anyhow",
    "signal-hook",
];

fn manifest_dependencies(manifest: &str) -> Vec<String> {
    let table: toml::Table = manifest.parse().expect("a TOML manifest");
    ["dependencies", "build-dependencies"]
        .iter()
        .filter_map(|section| table.get(*section).and_then(|d| d.as_table()))
        .flat_map(|deps| deps.keys().cloned())
        .collect()
}

#[test]
fn the_core_crate_depends_on_no_binary_only_crate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for krate in ["goref-core", "goref-batch", "goref-tournament"] {
        let manifest = std::fs::read_to_string(root.join("crates").join(krate).join("Cargo.toml"))
            .expect("the crate's manifest");
        let deps = manifest_dependencies(&manifest);
        for binary_only in BINARY_ONLY {
            assert!(
                !deps.iter().any(|d| d == binary_only),
                "{krate} depends on {binary_only}, a crate only the command line needs"
            );
        }
    }
    // The test itself reads the manifests it checks: a renamed section would pass silently.
    let core = std::fs::read_to_string(root.join("crates/goref-core/Cargo.toml")).unwrap();
    assert!(manifest_dependencies(&core).iter().any(|d| d == "serde"));
}

#[test]
fn nothing_reaches_into_a_hidden_module_of_the_core() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib = std::fs::read_to_string(root.join("crates/goref-core/src/lib.rs")).unwrap();
    assert!(
        !lib.contains("#[doc(hidden)]"),
        "lib.rs hides an item from the docs"
    );
    let mut stack = vec![root.join("src"), root.join("crates")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                assert!(
                    !text.contains("goref_core::internal"),
                    "{} uses goref_core::internal",
                    path.display()
                );
            }
        }
    }
}
