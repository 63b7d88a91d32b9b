//! Stage 1, reading: bytes → decoded text → SGF tree → game records.

pub mod decode;
pub mod lines;
pub mod reader;
pub mod record;
pub mod result;
pub mod sgf;
pub mod stream;
