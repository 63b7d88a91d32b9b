//! Stage 3, counting: verdicts under one ruleset, the reading of the end (dead stones
//! marked, claimed or estimated; the counting method and the source's convention), the
//! score and the comparison with the recorded result.

pub mod convention;
pub mod estimate;
pub mod gtp;
pub mod options;
pub mod reading;
pub mod referee;
pub mod score;
pub(crate) mod timing;
