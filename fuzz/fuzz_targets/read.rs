//! The reader (decoding, SGF parsing, record building) on arbitrary bytes, with and
//! without variations.
#![no_main]

use goref_core::read::{read, ReadOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The first byte picks the options so that both paths get coverage; the rest is
    // the file.
    let (variations, bytes) = match data.split_first() {
        Some((b, rest)) => (b & 1 == 1, rest),
        None => (false, data),
    };
    let opts = ReadOptions {
        variations,
        // Small caps so that the variation paths are exercised within the timeout.
        max_lines: 200,
        max_variation_nodes: 100_000,
    };
    let _ = read(bytes, &opts);
});
