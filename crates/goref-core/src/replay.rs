//! Stage 2, replay: a game record's moves on the board, with the ruleset-independent facts
//! of every move (occupied point, suicide, repetitions, hot stones) and the end of the game.
//!
//! Move by move: an [`Engine`] plays each move as recorded and says what happened
//! ([`MoveFacts`]); [`MoveFacts::judge`] says what one ruleset makes of it,
//! [`MoveFacts::also`] what every preset does. A whole record is replayed once in the
//! same way, and the facts of its moves judged under every ruleset a check or an appeal
//! asks for (see [`crate::check_bytes`] and [`crate::present::appeal::Appeal::of`]).
//!
//! ```
//! use goref_core::point::{Color, Move, Point};
//! use goref_core::replay::Engine;
//! use goref_core::rules::Rules;
//!
//! // A ko on a 4×4 board: Black takes at C2 (move 9), White retakes at once (move 10).
//! let mut engine = Engine::new(4, 4).unwrap();
//! let moves = [(1, 0), (2, 0), (0, 1), (1, 1), (1, 2), (3, 1), (0, 3), (2, 2), (2, 1)];
//! let mut facts = Vec::new();
//! for (n, &(x, y)) in moves.iter().enumerate() {
//!     let color = if n % 2 == 0 { Color::Black } else { Color::White };
//!     facts.push(engine.play(color, Move::Play(Point::new(x, y)), n as u32 + 1));
//! }
//! assert_eq!(facts[8].captured(), [Point::new(1, 1)]);
//! let retake = engine.play(Color::White, Move::Play(Point::new(1, 1)), 10);
//! assert_eq!(retake.captured(), [Point::new(2, 1)]);
//! let japanese = Rules::named("japanese").unwrap();
//! let verdict = retake.judge(&japanese).expect("an immediate ko retake");
//! assert_eq!(verdict.code.as_str(), "ko-retake");
//! assert!(facts.iter().all(|f| f.judge(&japanese).is_none()));
//! ```

pub(crate) mod board;
pub(crate) mod ending;
pub(crate) mod engine;
pub(crate) mod game;
pub(crate) mod position;

pub use engine::{Engine, MoveFacts};
