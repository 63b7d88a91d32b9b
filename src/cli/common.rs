//! Conversions from shared argument groups to library options.

use super::args::{EstimatorArgs, EstimatorKind, Format, PenaltyArgs, RuleArgs};
use super::{out, UsageError};
use clap::ValueEnum;
use goref_core::check::RefereeOptions;
use goref_core::count::Estimator;
use goref_core::read::GameRecord;
use goref_core::read::{self as reader, FileRead, ReadOptions};
use std::io::{Read, Write};
use std::path::Path;
use std::time::Duration;

impl RuleArgs {
    /// The referee options these arguments describe.
    pub fn referee_options(&self, penalties: &PenaltyArgs) -> Result<RefereeOptions, UsageError> {
        question_komi(self.komi)?;
        Ok(RefereeOptions {
            rules: Some(self.rules.clone()),
            overrides: self.overrides.to_overrides(),
            komi: self.komi,
            penalties: penalties.penalty,
            ing_overtime: penalties.ing_overtime,
            ..RefereeOptions::default()
        })
    }
}

/// The bytes of one record: a file, or standard input for `-`. A file that cannot be
/// read is a usage error naming it (exit 2).
pub fn read_record(path: &Path) -> Result<Vec<u8>, UsageError> {
    if path == Path::new("-") {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| UsageError(format!("cannot read standard input: {e}")))?;
        return Ok(bytes);
    }
    std::fs::read(path).map_err(|e| UsageError(format!("cannot read {}: {e}", path.display())))
}

/// The games of one record file (or of standard input for `-`): what `goref score`
/// and `goref appeal` read before they pick one game.
pub fn read_games(path: &Path) -> Result<FileRead, UsageError> {
    Ok(reader::read(&read_record(path)?, &ReadOptions::default()))
}

/// Game `number` of a file, counted from 1 as `--game` counts. A number past the last
/// game is a usage error; `missing` words it from how many games the file holds
/// ("3 games").
pub fn pick_game(
    file: &FileRead,
    number: usize,
    missing: impl FnOnce(String) -> String,
) -> Result<&GameRecord, UsageError> {
    number
        .checked_sub(1)
        .and_then(|i| file.games.get(i))
        .ok_or_else(|| UsageError(missing(out::plural(file.games.len() as u64, "game"))))
}

/// Komi beyond what any ruleset or server uses (a real game's komi lies within a few
/// points of 7; 50 is more than any handicap reverse komi) is most likely a typing or
/// scaling slip (`--komi 750` for 7.5): say so, and go on with the value given. A value
/// that is not a number at all is refused.
pub fn question_komi(komi: Option<f64>) -> Result<(), UsageError> {
    let Some(k) = komi else { return Ok(()) };
    if !k.is_finite() || k.abs() > MAX_KOMI {
        // `1e308` as typed, not its three hundred digits.
        return Err(UsageError(format!(
            "--komi {k:e}: komi must be a number from -{MAX_KOMI} to {MAX_KOMI} points"
        )));
    }
    if k.abs() > ABSURD_KOMI {
        let hint = [100.0, 50.0, 10.0]
            .iter()
            .map(|d| k / d)
            .find(|v| v.abs() <= 20.0)
            .map(|v| format!("; did you mean {v}?"))
            .unwrap_or_default();
        out::eprint(&format!(
            "goref: warning: --komi {} is far outside the usual range (about -20 to 20){hint}\n",
            k
        ));
    }
    Ok(())
}

/// Above this (in points, either sign) a komi is questioned.
const ABSURD_KOMI: f64 = 50.0;

/// Above this (either sign) a komi is refused: more points than the largest board
/// (52×52) holds, and far from where sums of points could overflow to infinity.
pub const MAX_KOMI: f64 = 10_000.0;

/// `--format sarif|github|junit` report on games checked in a batch: `goref check` only.
pub fn refuse_ci(format: Format, command: &str) -> Result<(), UsageError> {
    if format.is_ci() {
        let name = format
            .to_possible_value()
            .map(|v| v.get_name().to_string())
            .unwrap_or_default();
        return Err(UsageError(format!(
            "--format {name}: `goref {command}` writes text or JSON; CI reports (sarif, github, junit) are made by `goref check`"
        )));
    }
    Ok(())
}

/// Writes a whole file through a temporary file renamed into place; an error names
/// the path (exit status 2, as for `-o`).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let name = path.display().to_string();
    let mut file =
        goref_batch::AtomicFile::create(path).map_err(|e| out::write_error(&*name, e))?;
    file.write_all(bytes)
        .and_then(|()| file.commit())
        .map_err(|e| out::write_error(name, e))
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
            EstimatorKind::Playouts => Estimator::Playouts,
            EstimatorKind::None => Estimator::None,
            EstimatorKind::Gtp => {
                let command = self
                    .engine
                    .clone()
                    .filter(|c| !c.trim().is_empty())
                    .ok_or_else(|| {
                        UsageError("--estimator gtp needs --engine COMMAND, e.g. --engine 'gnugo --mode gtp'".into())
                    })?;
                Estimator::Gtp {
                    command,
                    timeout: Duration::from_secs(self.engine_timeout.max(1)),
                    game_timeout: Duration::from_secs(self.engine_game_timeout.max(1)),
                }
            }
        })
    }
}

/// `--dead none`: no dead stones, no estimate.
pub fn is_none(dead: &str) -> bool {
    dead.trim().eq_ignore_ascii_case("none")
}
