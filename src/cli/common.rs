//! Conversions from shared argument groups to library options.

use super::args::{Format, OverrideArgs, PenaltyArgs, RuleArgs};
use super::UsageError;
use anyhow::{Context, Result};
use goref::referee::{RefereeOptions, RulesChoice};
use goref::rules::Overrides;
use std::io::Write;
use std::path::Path;

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

/// `--format html` is for `check` and `appeal`; the other subcommands refuse it.
pub fn refuse_html(format: Format, command: &str) -> Result<(), UsageError> {
    match format {
        Format::Html => Err(UsageError(format!(
            "--format html: `goref {command}` writes text or JSON; HTML pages are made by `goref check` and `goref appeal`"
        ))),
        _ => Ok(()),
    }
}

/// Writes a whole file through a temporary file renamed into place.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let mut file = goref::batch::AtomicFile::create(path)
        .with_context(|| format!("writing {}", path.display()))?;
    file.write_all(bytes)
        .with_context(|| format!("writing {}", path.display()))?;
    file.commit()
        .with_context(|| format!("writing {}", path.display()))
}
