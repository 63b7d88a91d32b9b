//! Conversions from shared argument groups to library options.

use super::args::{OverrideArgs, PenaltyArgs, RuleArgs};
use goref::referee::{RefereeOptions, RulesChoice};
use goref::rules::Overrides;

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
