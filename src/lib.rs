//! goref referees Go (weiqi, baduk) game records.
//!
//! The data flows one way, one module per stage (see docs/architecture.md):
//!
//! bytes → [`decode`] → text → [`sgf`] → SGF tree → [`reader`] → [`record::GameRecord`]
//! → [`referee`] (with [`board`] and [`rules`]) → [`findings`] + [`score`] → [`report`].

pub mod appeal;
pub mod batch;
pub mod board;
pub mod check;
pub mod convention;
pub mod decode;
pub mod diagram;
pub mod ending;
pub mod engine;
pub mod estimate;
pub mod findings;
pub mod gtp;
pub mod html;
pub mod lines;
pub mod point;
pub mod position;
pub mod reader;
pub mod reading;
pub mod record;
pub mod referee;
pub mod report;
pub mod result;
pub mod rules;
pub mod score;
pub mod scorecard;
pub mod sgf;
pub mod stream;
pub mod timing;
