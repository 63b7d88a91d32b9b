//! Helpers shared by integration tests.
// Each test crate uses a part of these helpers; the rest would warn as dead code.
#![allow(dead_code)]

pub mod hostile_cases;
pub mod temp;
