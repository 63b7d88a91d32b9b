//! Stage 1, reading: bytes → decoded text → SGF tree → game records.

pub mod decode;
pub(crate) mod lines;
pub mod reader;
pub mod record;
pub mod result;
pub mod sgf;
pub(crate) mod stream;
