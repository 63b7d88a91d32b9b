//! Stage 4, presenting: reports (text, JSON, JSON Lines, and SARIF, GitHub annotations
//! and JUnit for CI), `goref score`'s card, the appeal, board diagrams and HTML pages.

pub mod appeal;
pub mod ci;
pub(crate) mod diagram;
pub mod html;
pub mod inert;
pub(crate) mod json;
pub mod report;
pub mod score_view;
pub mod scorecard;
