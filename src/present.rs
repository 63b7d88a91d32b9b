//! Stage 4, presenting: reports (text, JSON, JSON Lines), `goref score`'s card, the
//! appeal, board diagrams and HTML pages.

pub mod appeal;
pub(crate) mod diagram;
pub mod html;
pub mod inert;
pub mod report;
pub mod scorecard;
