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

#[cfg(test)]
pub(crate) use reader::read_text;
pub use reader::{read, FileRead, ReadOptions};

/// Decodes the bytes of one SGF file to text (the first stage): the charset from a BOM,
/// from CA, or detected from the bytes; never fails. [`read`] does this and reports
/// what it chose (`charset-*` findings).
#[cfg(test)]
pub(crate) fn decode(bytes: &[u8]) -> String {
    decode::decode(bytes).text
}
pub use record::GameRecord;
pub use result::ParsedResult;

/// The examples of the reading stages inside [`read`], kept as tests.
#[cfg(test)]
mod doc_examples {
    use super::*;

    #[test]
    fn decode_reads_the_charset_ca_names() {
        // CA[GB2312]: 黑 (black) in GB2312 is the bytes 0xBA 0xDA.
        let bytes = b"(;CA[GB2312]PB[\xBA\xDA])";
        assert_eq!(decode(bytes), "(;CA[GB2312]PB[黑])");
    }

    #[test]
    fn read_text_reads_decoded_text() {
        let (games, findings) =
            read_text("(;SZ[13]HA[2]AB[dd][jj];W[gg])", &ReadOptions::default());
        assert_eq!((games.len(), games[0].size()), (1, (13, 13)));
        assert!(findings.is_empty());
    }

    #[test]
    fn the_parser_counts_trees_nodes_and_problems() {
        let tree = sgf::Sgf::parse("(;SZ[9]C[a \\] bracket];B[ee])(;SZ[19])");
        assert_eq!(
            (tree.game_trees(), tree.nodes(), tree.problems()),
            (2, 3, 0)
        );
        // A syntax problem is a finding with its place when the tree is read, never a panic.
        assert_eq!(sgf::Sgf::parse("(;SZ[9];B[ee]").problems(), 1);
    }
}
