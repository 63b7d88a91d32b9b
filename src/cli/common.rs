//! Conversions from shared argument groups to library options.

use super::args::{EstimatorArgs, EstimatorKind, OverrideArgs, PenaltyArgs, RuleArgs};
use super::UsageError;
use goref::gtp::EngineSpec;
use goref::reading::Estimator;
use goref::referee::{RefereeOptions, RulesChoice};
use goref::rules::Overrides;
use std::time::Duration;

impl RuleArgs {
    /// The referee options these arguments describe.
    pub fn referee_options(&self, penalties: &PenaltyArgs) -> RefereeOptions {
        RefereeOptions {
            rules: if self.rules.eq_ignore_ascii_case("auto") {
                RulesChoice::Auto
            } else {
                RulesChoice::Named(self.rules.clone())
            },
            overrides: self.overrides.to_overrides(),
            komi: self.komi,
            penalties: penalties.penalty,
            ing_overtime: penalties.ing_overtime,
            ..RefereeOptions::default()
        }
    }
}

impl OverrideArgs {
    /// The library's overrides.
    pub fn to_overrides(&self) -> Overrides {
        Overrides {
            repetition: self.ko,
            suicide: self.suicide,
            seki_points: self.seki_points,
            tie: self.tie,
            handicap_compensation: self.handicap_compensation,
            ending: self.ending,
            white_passes_last: self.white_passes_last,
            ..Overrides::default()
        }
    }
}

impl EstimatorArgs {
    /// The library's estimator; `--dead none` turns the estimate off as well.
    pub fn to_estimator(&self, dead: Option<&str>) -> Result<Estimator, UsageError> {
        if dead.is_some_and(is_none) {
            return Ok(Estimator::None);
        }
        let kind = self.estimator.unwrap_or(if self.engine.is_some() {
            EstimatorKind::Gtp
        } else {
            EstimatorKind::Builtin
        });
        Ok(match kind {
            EstimatorKind::Builtin => Estimator::Builtin,
            EstimatorKind::None => Estimator::None,
            EstimatorKind::Gtp => {
                let command = self
                    .engine
                    .clone()
                    .filter(|c| !c.trim().is_empty())
                    .ok_or_else(|| {
                        UsageError("--estimator gtp needs --engine COMMAND, e.g. --engine 'gnugo --mode gtp'".into())
                    })?;
                Estimator::Gtp(EngineSpec {
                    command,
                    timeout: Duration::from_secs(self.engine_timeout.max(1)),
                })
            }
        })
    }
}

/// `--dead none`: no dead stones, no estimate.
pub fn is_none(dead: &str) -> bool {
    dead.trim().eq_ignore_ascii_case("none")
}
