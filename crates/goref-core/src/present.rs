//! Stage 4, presenting: reports (text, JSON, JSON Lines, and SARIF, GitHub annotations
//! and JUnit for CI), `goref score`'s card, the appeal, board diagrams and HTML pages.

pub mod appeal;
pub(crate) mod ci;
pub(crate) mod diagram;
pub mod html;
pub(crate) mod inert;
pub(crate) mod json;
pub(crate) mod report;
pub(crate) mod score_view;
pub(crate) mod scorecard;

pub use inert::inert_lines;
pub use scorecard::ScoreCard;
