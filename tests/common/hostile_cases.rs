//! The hostile inputs of `tests/hostile.rs`, generated in memory (never committed), and
//! shared with `examples/hostile_limits.rs`, which measures time and memory of each.

#![allow(dead_code)]

/// One hostile input and what the check must say about it.
pub struct Case {
    pub name: &'static str,
    /// Read every variation (`--variations`).
    pub variations: bool,
    /// Finding codes (kebab-case) that must appear in some report of the file.
    pub expect: &'static [&'static str],
    pub make: fn() -> Vec<u8>,
}

/// SGF letters of point `i` on a 19×19 board.
fn pt(i: usize) -> String {
    let i = i % 361;
    let (x, y) = (i % 19, i / 19);
    format!("{}{}", (b'a' + x as u8) as char, (b'a' + y as u8) as char)
}

fn color(i: usize) -> char {
    if i % 2 == 0 {
        'B'
    } else {
        'W'
    }
}

/// A 1,000,000-node main line: the points of the board in turn, so that the board
/// fills, stones are captured and points are played twice.
pub fn main_line_1m() -> Vec<u8> {
    let mut s = String::with_capacity(8_000_100);
    s.push_str("(;GM[1]FF[4]SZ[19]KM[7.5]RE[B+R]");
    for i in 0..1_000_000 {
        s.push(';');
        s.push(color(i));
        s.push('[');
        s.push_str(&pt(i * 7));
        s.push(']');
    }
    s.push(')');
    s.into_bytes()
}

/// A 1,000,000-node main line of Black moves only: an alternation finding per move
/// (their lookup was once quadratic).
pub fn main_line_1m_one_colour() -> Vec<u8> {
    let mut s = String::with_capacity(6_000_100);
    s.push_str("(;GM[1]SZ[19]");
    for i in 0..1_000_000 {
        s.push_str(";B[");
        s.push_str(&pt(i * 7));
        s.push(']');
    }
    s.push(')');
    s.into_bytes()
}

/// 100,000 nested variations: each node has the deeper tree as its first child and a
/// one-move sibling as its second, so the file has 100,001 leaves and lines as deep
/// as 100,000 moves.
pub fn nested_100k() -> Vec<u8> {
    const N: usize = 100_000;
    let mut s = String::with_capacity(N * 20);
    s.push_str("(;GM[1]SZ[19]");
    for i in 0..N {
        s.push_str("(;");
        s.push(color(i));
        s.push('[');
        s.push_str(&pt(i * 7));
        s.push(']');
    }
    s.push(')');
    for i in (0..N - 1).rev() {
        // A sibling of the level just closed (same colour as it), then close this one.
        s.push_str("(;");
        s.push(color(i + 1));
        s.push_str("[]))");
    }
    s.push(')');
    s.into_bytes()
}

/// 10,000 sibling variations of two moves each under the root.
pub fn siblings_10k() -> Vec<u8> {
    let mut s = String::from("(;GM[1]SZ[19]");
    for i in 0..10_000 {
        s.push_str(&format!("(;B[{}];W[{}])", pt(i), pt(i + 1)));
    }
    s.push(')');
    s.into_bytes()
}

/// A 50 MB comment in the root, then two moves.
pub fn comment_50mb() -> Vec<u8> {
    let mut s = Vec::with_capacity(50_000_100);
    s.extend_from_slice(b"(;GM[1]SZ[19]C[");
    s.resize(s.len() + 50_000_000, b'x');
    s.extend_from_slice(b"];B[pd];W[dp])");
    s
}

/// A node with 1,000,000 properties: distinct unknown identifiers, with a duplicate
/// known property every 1000.
pub fn properties_1m() -> Vec<u8> {
    let mut s = String::with_capacity(12_000_000);
    s.push_str("(;GM[1]SZ[19]");
    for i in 0..1_000_000u32 {
        if i % 1000 == 0 {
            s.push_str("KM[6.5]");
            continue;
        }
        let mut n = i;
        s.push('X');
        for _ in 0..5 {
            s.push((b'A' + (n % 26) as u8) as char);
            n /= 26;
        }
        s.push_str("[v]");
    }
    s.push_str(";B[pd])");
    s.into_bytes()
}

/// 1 MB of pseudo-random bytes (xorshift; the same every run).
pub fn binary_garbage() -> Vec<u8> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..1_000_000)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

/// NUL bytes inside values, between nodes and around the game tree.
pub fn nul_bytes() -> Vec<u8> {
    let mut v = vec![0u8; 1000];
    v.extend_from_slice(b"(;GM[1]SZ[9]\0PB[a\0b]\0;B[\0ee]\0;W[cc\0]C[\0\0];B[gg])");
    v.extend(std::iter::repeat_n(0u8, 100_000));
    v
}

/// Declared UTF-8, but with invalid sequences in values.
pub fn invalid_utf8() -> Vec<u8> {
    let mut v = b"(;GM[1]CA[UTF-8]SZ[9]PB[\xff\xfe\xc3]PW[ok\xe2\x82]C[".to_vec();
    for _ in 0..10_000 {
        v.extend_from_slice(b"\xc0\xaf\xed\xa0\x80\xf8\x88\x80\x80\x80");
    }
    v.extend_from_slice(b"];B[ee];W[cc])");
    v
}

/// UTF-16LE without a byte order mark.
pub fn utf16_no_bom() -> Vec<u8> {
    "(;GM[1]FF[4]CA[UTF-16]SZ[9]PB[黒]PW[白];B[ee];W[cc];B[gg])"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect()
}

pub fn sz_0() -> Vec<u8> {
    b"(;GM[1]SZ[0];B[aa];W[bb])".to_vec()
}

pub fn sz_53() -> Vec<u8> {
    b"(;GM[1]SZ[53];B[aa];W[ZZ];B[zz])".to_vec()
}

pub fn sz_1000000() -> Vec<u8> {
    b"(;GM[1]SZ[1000000];B[aa];W[bb])".to_vec()
}

/// Plays and setup outside a 9×9 board, including the lowercase/uppercase extremes.
pub fn off_board() -> Vec<u8> {
    b"(;GM[1]SZ[9]AB[jj][zz]AW[ZZ][aj:zz];B[jj];W[zz];B[ZZ];W[az];B[ja];W[ee])".to_vec()
}

/// Escaped brackets and backslashes in every kind of value, 100,000 times over.
pub fn escaped_brackets() -> Vec<u8> {
    let mut s = String::from("(;GM[1]SZ[19]PB[a\\]b\\[c]PW[\\\\]RE[B+\\]R]KM[6\\].5]RU[\\]]C[");
    for _ in 0..100_000 {
        s.push_str("\\]\\[\\\\");
    }
    s.push_str("x];B[p\\]d];W[\\]];B[dd]C[\\]];W[pp]C[a\\\\])");
    s.into_bytes()
}

/// Old Mac line endings (CR only), with an occupied point on the third line.
pub fn cr_only() -> Vec<u8> {
    b"(;GM[1]FF[4]\rSZ[9]\rC[one\rtwo\r\r]\r;B[ee]\r;W[ee]\r;B[cc]\r)".to_vec()
}

/// Every case. The expected codes are the finding the check must give for each input.
pub fn all() -> Vec<Case> {
    vec![
        Case {
            name: "main-line-1m-nodes",
            variations: false,
            expect: &["occupied-point"],
            make: main_line_1m,
        },
        Case {
            name: "main-line-1m-one-colour",
            variations: false,
            expect: &["alternation"],
            make: main_line_1m_one_colour,
        },
        Case {
            name: "nested-100k-variations-off",
            variations: false,
            expect: &[],
            make: nested_100k,
        },
        Case {
            name: "nested-100k-variations-on",
            variations: true,
            expect: &[],
            make: nested_100k,
        },
        Case {
            name: "siblings-10k-variations-on",
            variations: true,
            expect: &[],
            make: siblings_10k,
        },
        Case {
            name: "comment-50mb",
            variations: false,
            expect: &[],
            make: comment_50mb,
        },
        Case {
            name: "node-1m-properties",
            variations: false,
            expect: &["syntax-error"],
            make: properties_1m,
        },
        Case {
            name: "binary-garbage",
            variations: false,
            expect: &["syntax-error"],
            make: binary_garbage,
        },
        Case {
            name: "nul-bytes",
            variations: false,
            expect: &[],
            make: nul_bytes,
        },
        Case {
            name: "invalid-utf8-under-ca-utf8",
            variations: false,
            expect: &["charset"],
            make: invalid_utf8,
        },
        Case {
            name: "utf16-without-bom",
            variations: false,
            expect: &[],
            make: utf16_no_bom,
        },
        Case {
            name: "sz-0",
            variations: false,
            expect: &["board-size"],
            make: sz_0,
        },
        Case {
            name: "sz-53",
            variations: false,
            expect: &["board-size"],
            make: sz_53,
        },
        Case {
            name: "sz-1000000",
            variations: false,
            expect: &["board-size"],
            make: sz_1000000,
        },
        Case {
            name: "points-off-board",
            variations: false,
            expect: &["off-board"],
            make: off_board,
        },
        Case {
            name: "escaped-brackets",
            variations: false,
            expect: &[],
            make: escaped_brackets,
        },
        Case {
            name: "cr-only-line-endings",
            variations: false,
            expect: &["occupied-point"],
            make: cr_only,
        },
    ]
}
