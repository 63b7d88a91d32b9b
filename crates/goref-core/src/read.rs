//! Stage 1, reading: bytes → decoded text → SGF tree → game records.
//!
//! Any bytes give a [`FileRead`]: its charset, its games, and the findings that belong to no
//! game. A syntax problem is a finding with its line and column, never an error.
//!
//! ```
//! use goref_core::read::{read, ReadOptions};
//!
//! let file = read(b"(;GM[1]SZ[9]PB[Ann]RE[B+R];B[ee];W[cc]", &ReadOptions::default());
//! let game = &file.games[0];
//! assert_eq!((game.size(), game.info("PB")), ((9, 9), Some("Ann")));
//! assert_eq!(game.moves().count(), 2);
//! // The missing ')' is reported where the file ends, and the game is still read.
//! let unclosed = file.games[0].findings().iter().chain(&file.file_findings).next().unwrap();
//! assert!(unclosed.line.is_some());
//! ```

pub(crate) mod decode;
#[cfg(test)]
mod hostile_tests;
pub(crate) mod lines;
#[cfg(test)]
mod quirk_tests;
pub(crate) mod reader;
pub(crate) mod record;
pub(crate) mod result;
pub(crate) mod sgf;
pub(crate) mod stream;

pub use reader::{read, read_text, FileRead, ReadOptions};
pub use sgf::Sgf;

/// Decodes the bytes of one SGF file to text (the first stage): the charset from a BOM,
/// from CA, or detected from the bytes; never fails. [`read`] does this and reports
/// what it chose (`charset-*` findings).
///
/// ```
/// // CA[GB2312]: 黑 (black) in GB2312 is the bytes 0xBA 0xDA.
/// let bytes = b"(;CA[GB2312]PB[\xBA\xDA])";
/// assert_eq!(goref_core::read::decode(bytes), "(;CA[GB2312]PB[黑])");
/// ```
pub fn decode(bytes: &[u8]) -> String {
    decode::decode(bytes).text
}
pub use record::GameRecord;
pub use result::ParsedResult;
