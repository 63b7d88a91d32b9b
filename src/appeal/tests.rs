//! Tests of the appeal.

