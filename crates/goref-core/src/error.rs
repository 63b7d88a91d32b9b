//! The one error of the library's fallible calls: a ruleset or setting that does not
//! exist, a board size outside 1..=52, a bad penalty or point list, an appeal that
//! cannot be laid out. Reading and checking records never fail: a bad record is a
//! finding, not an error.

use crate::count::score::{PenaltyError, PointListError};
use crate::present::appeal::AppealError;
use crate::replay::board::BoardError;
use crate::rules::RulesError;

/// Why a call could not do what it was asked. Its text is the sentence `goref` prints.
///
/// ```
/// use goref_core::rules::{Repetition, Rules};
///
/// let unknown = Rules::named("martian").unwrap_err();
/// assert!(unknown.to_string().starts_with("unknown rules `martian`; known presets:"));
/// assert!(unknown.is_usage());
///
/// let setting = "superko".parse::<Repetition>().unwrap_err();
/// assert!(setting.expected().unwrap().contains("positional-superko"));
/// ```
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error(transparent)]
pub struct Error(Kind);

#[derive(Clone, Debug, PartialEq, thiserror::Error)]
enum Kind {
    #[error(transparent)]
    Rules(RulesError),
    #[error(transparent)]
    Board(BoardError),
    #[error(transparent)]
    Penalty(PenaltyError),
    #[error(transparent)]
    Points(PointListError),
    #[error(transparent)]
    Appeal(AppealError),
}

impl Error {
    /// True when the caller asked for something that does not exist (a ruleset, a
    /// setting's value, a penalty, a point, a move number); false when the record itself
    /// cannot serve (its board size is unusable).
    pub fn is_usage(&self) -> bool {
        !matches!(
            self.0,
            Kind::Board(_) | Kind::Appeal(AppealError::Unplayable)
        )
    }

    /// The values a setting accepts, where the error is a setting's value it does not
    /// know.
    pub fn expected(&self) -> Option<&'static str> {
        match &self.0 {
            Kind::Rules(RulesError::InvalidSetting { expected, .. }) => Some(expected),
            _ => None,
        }
    }
}

macro_rules! from_kind {
    ($($variant:ident($error:ty)),+ $(,)?) => {
        $(impl From<$error> for Error {
            fn from(e: $error) -> Error {
                Error(Kind::$variant(e))
            }
        })+
    };
}

from_kind!(
    Rules(RulesError),
    Board(BoardError),
    Penalty(PenaltyError),
    Points(PointListError),
    Appeal(AppealError),
);
