//! Helpers shared by integration tests.

pub mod hostile_cases;
