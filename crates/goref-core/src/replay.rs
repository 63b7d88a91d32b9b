//! Stage 2, replay: a game record's moves on the board, with the ruleset-independent facts
//! of every move (occupied point, suicide, repetitions, hot stones) and the end of the game.

pub mod board;
pub(crate) mod ending;
pub mod engine;
pub mod game;
pub mod position;
