//! Hostile inputs to the reader (requirement 5): each is generated here (no big files committed),
//! must not crash or hang, and must give its findings. The nesting and size figures are
//! the ones the issue names. No wall-clock limit is asserted (a loaded machine would make
//! it flaky); the time each case takes is printed (`--nocapture`) and measured in release
//! by `cargo run --release --example hostile_limits` (docs/fuzzing.md).

use crate::findings::{Code, Severity};
use crate::read::{read, FileRead, ReadOptions};
use std::time::Instant;

fn timed(bytes: &[u8], opts: &ReadOptions) -> FileRead {
    let t = Instant::now();
    let fr = read(bytes, opts);
    eprintln!("read {} bytes in {:?}", bytes.len(), t.elapsed());
    fr
}

fn main_line(bytes: &[u8]) -> FileRead {
    timed(bytes, &ReadOptions::default())
}

fn all_findings(fr: &FileRead) -> Vec<Code> {
    fr.file_findings
        .iter()
        .chain(fr.games.iter().flat_map(|g| g.findings().iter()))
        .map(|f| f.code)
        .collect()
}

#[test]
fn a_million_node_main_line() {
    let mut s = String::with_capacity(7_000_100);
    s.push_str("(;SZ[19]");
    for i in 0..1_000_000u32 {
        s.push_str(if i % 2 == 0 { ";B[aa]" } else { ";W[]" });
    }
    s.push(')');
    let fr = main_line(s.as_bytes());
    assert_eq!(fr.games.len(), 1);
    assert_eq!(fr.games[0].move_events().count(), 1_000_000);
    assert_eq!(fr.games[0].move_events().last().unwrap().number, 1_000_000);
    // Dropping it is flat (three vectors), no recursion: reaching here proves it.
}

/// `(;B[aa](;W[bb](;B[cc]…)))`: 100,000 nested variations.
fn deep_nesting(depth: usize, with_siblings: bool) -> String {
    let mut s = String::with_capacity(depth * 16);
    s.push_str("(;SZ[19]");
    for i in 0..depth {
        if with_siblings {
            s.push_str("(;W[ss])");
        }
        s.push_str(if i % 2 == 0 { "(;B[aa]" } else { "(;W[bb]" });
    }
    for _ in 0..=depth {
        s.push(')');
    }
    s
}

#[test]
fn a_hundred_thousand_deep_nested_variations() {
    let s = deep_nesting(100_000, false);
    let fr = main_line(s.as_bytes());
    assert_eq!(fr.games[0].move_events().count(), 100_000);
    let fr = timed(
        s.as_bytes(),
        &ReadOptions {
            variations: true,
            ..ReadOptions::default()
        },
    );
    assert_eq!(fr.games.len(), 1);
}

#[test]
fn deep_and_wide_variations_hit_the_cap_with_a_finding() {
    // 20,000 levels, a side line at each: 20,001 leaves, ~200 million nodes over
    // all lines if nothing capped it.
    let s = deep_nesting(20_000, true);
    let fr = timed(
        s.as_bytes(),
        &ReadOptions {
            variations: true,
            ..ReadOptions::default()
        },
    );
    assert!(fr.games.len() <= crate::read::ReadOptions::DEFAULT_MAX_LINES);
    let f = fr.games[0]
        .findings()
        .iter()
        .find(|f| f.message.contains("skipped"))
        .expect("a finding says lines were skipped");
    assert_eq!(f.code, Code::SyntaxError);
    assert!(f.message.contains("of 20001 lines"), "{}", f.message);
}

#[test]
fn ten_thousand_sibling_variations() {
    let mut s = String::from("(;SZ[19]");
    for i in 0..10_000 {
        let x = (b'a' + (i % 19) as u8) as char;
        let y = (b'a' + (i / 19 % 19) as u8) as char;
        s.push_str(&format!("(;B[{x}{y}];W[])"));
    }
    s.push(')');
    let fr = main_line(s.as_bytes());
    assert_eq!(fr.games.len(), 1);
    assert_eq!(fr.games[0].move_events().count(), 2);
    let fr = timed(
        s.as_bytes(),
        &ReadOptions {
            variations: true,
            ..ReadOptions::default()
        },
    );
    assert_eq!(fr.games.len(), 10_000);
    assert_eq!(fr.games[9_999].variation, vec![9_999]);
}

#[test]
fn a_fifty_megabyte_comment() {
    let mut s = String::with_capacity(50_000_100);
    s.push_str("(;SZ[19]C[");
    let line = "a long comment line with \\] escapes and words\n";
    while s.len() < 50_000_000 {
        s.push_str(line);
    }
    s.push_str("];B[pd];W[dp])");
    let fr = main_line(s.as_bytes());
    assert_eq!(fr.games[0].move_events().count(), 2);
    assert!(fr.games[0].move_events().next().unwrap().pos.line > 1_000_000);
}

#[test]
fn a_property_with_a_million_values() {
    let mut s = String::from("(;SZ[19]AB");
    for _ in 0..1_000_000 {
        s.push_str("[aa]");
    }
    s.push_str(";W[pd])");
    let fr = main_line(s.as_bytes());
    assert_eq!(fr.games[0].move_events().count(), 1);
}

#[test]
fn binary_garbage_and_nul_bytes() {
    // A deterministic pseudo-random byte soup (xorshift), with SGF characters mixed in.
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut bytes = Vec::with_capacity(1 << 20);
    for _ in 0..(1 << 20) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let alphabet = b"(;[]\\)BW\0\xFF\x80ab";
        bytes.push(alphabet[(x % alphabet.len() as u64) as usize]);
    }
    let fr = main_line(&bytes);
    assert!(!all_findings(&fr).is_empty());
    let mut soup: Vec<u8> = (0..=255u8).cycle().take(1 << 20).collect();
    soup.extend_from_slice(b"\0\0\0");
    let fr = main_line(&soup);
    assert!(!all_findings(&fr).is_empty());
    let fr = main_line(b"(;SZ[9]\0;B[ee]\0\0;W[cc])");
    assert_eq!(fr.games[0].move_events().count(), 2);
    assert!(all_findings(&fr).contains(&Code::SyntaxError));
}

#[test]
fn unterminated_values_and_trees() {
    for text in [
        "(;SZ[9];B[ee];W[cc",
        "(;SZ[9];B[ee];W[cc]C[",
        "(;SZ[9",
        "(",
        "(;",
        "[",
        "\\",
        "(;B[\\",
    ] {
        let fr = main_line(text.as_bytes());
        let codes = all_findings(&fr);
        assert!(codes.contains(&Code::SyntaxError), "{text}: {codes:?}");
    }
}

#[test]
fn unusable_board_sizes() {
    for sz in ["0", "99", "1000000", "-1", "x", "19:0", ""] {
        let fr = main_line(format!("(;SZ[{sz}];B[aa])").as_bytes());
        let g = &fr.games[0];
        assert!(!g.playable, "SZ[{sz}]");
        assert!(g
            .findings()
            .iter()
            .any(|f| f.code == Code::BoardSize && f.severity == Severity::Error));
    }
}

#[test]
fn invalid_utf8_under_ca_utf8() {
    let fr = main_line(b"(;CA[UTF-8]PB[\xC8\xE2\xE0\xED]PW[\xff\xfe];B[pd])");
    assert!(fr.file_findings.iter().any(|f| f.code == Code::Charset));
    assert_eq!(fr.games[0].move_events().count(), 1);
}

#[test]
fn utf16_without_bom() {
    let bytes: Vec<u8> = "(;CA[UTF-16LE]PB[李昌镐]SZ[19];B[pd];W[dp])"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    let fr = main_line(&bytes);
    assert_eq!(fr.charset.used, "UTF-16LE");
    assert_eq!(fr.games[0].info.black.as_deref(), Some("李昌镐"));
    assert_eq!(fr.games[0].move_events().count(), 2);
    assert!(fr.file_findings.iter().any(|f| f.code == Code::Charset));
}

#[test]
fn cr_only_line_endings() {
    let fr = main_line(b"(;SZ[9]\r;B[ee]\r;W[cc]\r\r;B[gg])");
    let m: Vec<_> = fr.games[0]
        .move_events()
        .map(|m| (m.pos.line, m.pos.column))
        .collect();
    assert_eq!(m, vec![(2, 3), (3, 3), (5, 3)]);
}

#[test]
fn a_file_with_no_game_still_has_findings() {
    for bytes in [&b""[..], b"hello", b"\xEF\xBB\xBF", b"))))"] {
        let fr = main_line(bytes);
        assert!(fr.games.is_empty());
        assert!(fr
            .file_findings
            .iter()
            .any(|f| f.code == Code::SyntaxError && f.severity == Severity::Error));
    }
}
