//! `goref.toml` and `.goref.toml`: `goref check`'s settings in a file, found by walking up
//! from each checked path (as ruff finds its configuration), or named with `--config`;
//! `--isolated` ignores them. docs/config.md describes every key.
//!
//! Layers, lowest first: the built-in defaults, the file's top-level keys, its
//! `[[override]]` sections whose `paths` globs match the file (in file order), and the
//! command line, which always wins. Settings of the whole run (format, jobs, fail-on,
//! show, ext, ...) come from one file: `--config`, else the one found from the current
//! directory, else the one found from the first path. The settings of a game (rules and
//! rule overrides, komi, estimator, ignore, severity, variations) come from the file
//! nearest to each checked file, and may be set per path.

use super::args::{self, CheckArgs, EstimatorKind, FailOn, Format};
use super::UsageError;
use clap::parser::ValueSource;
use clap::{ArgMatches, ValueEnum};
use globset::{Glob, GlobSet, GlobSetBuilder};
use goref_core::check::CheckOptions;
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use toml::Spanned;

/// The names a configuration file may have, in the order they are looked for in a
/// directory (as ruff looks for `.ruff.toml` before `ruff.toml`).
pub const FILE_NAMES: [&str; 2] = [".goref.toml", "goref.toml"];

/// Builds [`Raw`] with one key per rule setting the command line overrides (the flag
/// names: `ko`, `suicide`, `seki-points`, ...), from the same table as the flags.
macro_rules! define_raw {
    ($(
        $(#[$doc:meta])*
        $field:ident : $ty:ty {
            source: $source:literal,
            $(flag: $flag:tt, value_name: $value_name:tt, help: $help:tt,)?
        }
    )+) => {
        /// A configuration file, or one `[[override]]` section of it, as written.
        #[derive(Debug, Default, Deserialize)]
        #[serde(deny_unknown_fields, rename_all = "kebab-case")]
        struct Raw {
            // The whole run.
            format: Option<Spanned<String>>,
            jobs: Option<Spanned<usize>>,
            fail_on: Option<Spanned<String>>,
            show: Option<Spanned<String>>,
            ext: Option<Spanned<Vec<String>>>,
            hidden: Option<Spanned<bool>>,
            with_board: Option<Spanned<bool>>,
            member_limit: Option<Spanned<u64>>,
            max_entries: Option<Spanned<u64>>,
            // Each game.
            rules: Option<Spanned<String>>,
            komi: Option<Spanned<f64>>,
            estimator: Option<Spanned<String>>,
            engine: Option<Spanned<String>>,
            ignore: Option<Spanned<Vec<String>>>,
            severity: Option<Spanned<BTreeMap<String, String>>>,
            variations: Option<Spanned<bool>>,
            ing_overtime: Option<Spanned<bool>>,
            engine_timeout: Option<Spanned<u64>>,
            $($(
                #[serde(rename = $flag)]
                $field: Option<Spanned<toml::Value>>,
            )?)+
            // `[[override]]` only.
            paths: Option<Spanned<Vec<String>>>,
            #[serde(rename = "override")]
            overrides: Option<Vec<Spanned<Raw>>>,
        }

        /// Every key a file may hold, for "did you mean".
        const KEYS: &[&str] = &[
            "format", "jobs", "fail-on", "show", "ext", "hidden", "with-board", "member-limit",
            "max-entries", "rules", "komi", "estimator", "engine", "ignore", "severity",
            "variations", "ing-overtime", "engine-timeout", $($($flag,)?)+ "paths", "override",
        ];

        /// (setting, key, value) of every rule setting a file or the command line overrides.
        fn rule_setting_rows(o: &args::OverrideArgs) -> Vec<(&'static str, &'static str, Option<String>)> {
            vec![$($(
                (
                    stringify!($field),
                    $flag,
                    o.$field.as_ref().map(|v| serde_json::to_string(v).unwrap_or_default()),
                ),
            )?)+]
        }

        /// Applies the rule-setting keys of `raw` to `args`.
        fn apply_rule_settings(raw: &Raw, to: &mut Apply<'_>) -> Result<(), ConfigError> {
            $($(
                if let Some(v) = &raw.$field {
                    let text = match v.get_ref() {
                        toml::Value::String(s) => s.clone(),
                        other => other.to_string(),
                    };
                    let parsed = text
                        .parse::<$ty>()
                        .map_err(|e| to.invalid(v.span(), format!("{}: {e}", $flag)))?;
                    if to.takes(stringify!($field), $flag, v.span()) {
                        to.args.rules.overrides.$field = Some(parsed);
                    }
                }
            )?)+
            Ok(())
        }
    };
}
goref_core::rule_settings!(define_raw);

/// A configuration file that cannot be used: exit status 2, with the file and line.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read {path}: {error}")]
    Read { path: String, error: std::io::Error },
    #[error("{path}:{line}:{column}: {message}")]
    Invalid {
        path: String,
        line: usize,
        column: usize,
        message: String,
    },
}

/// One configuration file, read and checked.
#[derive(Debug)]
pub struct ConfigFile {
    pub path: PathBuf,
    /// The directory the `paths` globs are relative to.
    dir: PathBuf,
    text: String,
    raw: Raw,
    overrides: Vec<Override>,
}

#[derive(Debug)]
struct Override {
    globs: GlobSet,
    patterns: Vec<String>,
    raw: Raw,
}

impl ConfigFile {
    /// Reads and checks a file: unknown keys, wrong types and values are errors here,
    /// before any record is checked.
    pub fn load(path: &Path) -> Result<ConfigFile, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|error| ConfigError::Read {
            path: path.display().to_string(),
            error,
        })?;
        let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        let dir = absolute.parent().map(Path::to_path_buf).unwrap_or_default();
        let mut file = ConfigFile {
            path: path.to_path_buf(),
            dir,
            text,
            raw: Raw::default(),
            overrides: Vec::new(),
        };
        let mut raw: Raw = toml::from_str(&file.text).map_err(|e| file.parse_error(&e))?;
        if let Some(paths) = &raw.paths {
            return Err(file.invalid(
                paths.span(),
                "`paths` belongs in an [[override]] section".into(),
            ));
        }
        for section in raw.overrides.take().unwrap_or_default() {
            let span = section.span();
            let section = section.into_inner();
            file.overrides.push(file.override_section(section, span)?);
        }
        file.raw = raw;
        Ok(file)
    }

    fn override_section(
        &self,
        raw: Raw,
        span: std::ops::Range<usize>,
    ) -> Result<Override, ConfigError> {
        let whole_run = [
            ("format", raw.format.as_ref().map(Spanned::span)),
            ("jobs", raw.jobs.as_ref().map(Spanned::span)),
            ("fail-on", raw.fail_on.as_ref().map(Spanned::span)),
            ("show", raw.show.as_ref().map(Spanned::span)),
            ("ext", raw.ext.as_ref().map(Spanned::span)),
            ("hidden", raw.hidden.as_ref().map(Spanned::span)),
            ("with-board", raw.with_board.as_ref().map(Spanned::span)),
            ("member-limit", raw.member_limit.as_ref().map(Spanned::span)),
            ("max-entries", raw.max_entries.as_ref().map(Spanned::span)),
        ];
        if let Some((key, Some(at))) = whole_run.into_iter().find(|(_, s)| s.is_some()) {
            return Err(self.invalid(
                at,
                format!("`{key}` is a setting of the whole run; it cannot be set per path (put it at the top of the file)"),
            ));
        }
        if raw.overrides.is_some() {
            return Err(self.invalid(span, "[[override]] sections do not nest".into()));
        }
        let Some(paths) = &raw.paths else {
            return Err(self.invalid(
                span,
                "an [[override]] section needs `paths`, e.g. paths = [\"kgs/**\"]".into(),
            ));
        };
        let mut builder = GlobSetBuilder::new();
        for pattern in paths.get_ref() {
            let glob = Glob::new(pattern)
                .map_err(|e| self.invalid(paths.span(), format!("paths: {e}")))?;
            builder.add(glob);
        }
        let globs = builder
            .build()
            .map_err(|e| self.invalid(paths.span(), format!("paths: {e}")))?;
        Ok(Override {
            globs,
            patterns: paths.get_ref().clone(),
            raw,
        })
    }

    fn line_col(&self, offset: usize) -> (usize, usize) {
        let before = &self.text[..offset.min(self.text.len())];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, column)
    }

    fn invalid(&self, span: std::ops::Range<usize>, message: String) -> ConfigError {
        let (line, column) = self.line_col(span.start);
        ConfigError::Invalid {
            path: self.path.display().to_string(),
            line,
            column,
            message,
        }
    }

    /// A TOML or serde error, with a "did you mean" for a misspelt key.
    fn parse_error(&self, e: &toml::de::Error) -> ConfigError {
        let mut message = e.message().trim().to_string();
        if let Some(rest) = message.strip_prefix("unknown field `") {
            let key = rest.split('`').next().unwrap_or_default().to_string();
            let hint = did_you_mean(&key)
                .map(|k| format!("; did you mean `{k}`?"))
                .unwrap_or_default();
            message = format!("unknown key `{key}`{hint} (docs/config.md lists the keys)");
        }
        self.invalid(e.span().unwrap_or(0..0), message)
    }

    /// The `[[override]]` sections whose globs match `path` (relative to this file's
    /// directory; a member of an archive as `ARCHIVE/MEMBER`).
    fn matching(&self, relative: &str) -> Vec<usize> {
        self.overrides
            .iter()
            .enumerate()
            .filter(|(_, o)| o.globs.is_match(relative))
            .map(|(i, _)| i)
            .collect()
    }

    /// `path` relative to the file's directory, with `/` separators; None outside it.
    fn relative(&self, path: &Path) -> Option<String> {
        let absolute = std::path::absolute(path).ok()?;
        let rel = absolute.strip_prefix(&self.dir).ok()?;
        Some(
            rel.components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/"),
        )
    }
}

/// The closest key to a misspelt one (edit distance at most a third of its length, at
/// least 2).
fn did_you_mean(key: &str) -> Option<&'static str> {
    let limit = (key.chars().count() / 3).max(2);
    KEYS.iter()
        .map(|k| (strsim::levenshtein(key, k), *k))
        .filter(|(d, _)| *d <= limit)
        .min()
        .map(|(_, k)| k)
}

/// Where a setting's value comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum Origin {
    Default,
    CommandLine,
    File {
        path: PathBuf,
        line: usize,
        /// The `[[override]]` section's globs, when it comes from one.
        section: Option<Vec<String>>,
    },
    /// Settings that gather every layer (`ignore`, `severity`): each layer that added.
    Several(Vec<Origin>),
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::Default => f.write_str("default"),
            Origin::CommandLine => f.write_str("command line"),
            Origin::File {
                path,
                line,
                section: None,
            } => write!(f, "{}:{line}", path.display()),
            Origin::File {
                path,
                line,
                section: Some(globs),
            } => write!(
                f,
                "{}:{line} ([[override]] paths = {globs:?})",
                path.display()
            ),
            Origin::Several(origins) => {
                let parts: Vec<String> = origins.iter().map(ToString::to_string).collect();
                f.write_str(&parts.join(", "))
            }
        }
    }
}

/// Which settings the command line gave (those a file cannot change).
pub struct Explicit {
    given: std::collections::HashSet<String>,
}

impl Explicit {
    pub fn from_matches(matches: Option<&ArgMatches>) -> Explicit {
        let mut given = std::collections::HashSet::new();
        if let Some(m) = matches {
            for id in m.ids() {
                if m.value_source(id.as_str()) == Some(ValueSource::CommandLine) {
                    given.insert(id.as_str().to_string());
                }
            }
        }
        Explicit { given }
    }

    fn has(&self, id: &str) -> bool {
        self.given.contains(id)
    }
}

/// Applies one layer to the settings, recording where each value came from.
struct Apply<'a> {
    args: &'a mut CheckArgs,
    /// `--severity` as given on the command line.
    cli_severity: &'a [(
        goref_core::findings::Code,
        Option<goref_core::findings::Severity>,
    )],
    explicit: &'a Explicit,
    sources: &'a mut BTreeMap<&'static str, Origin>,
    file: &'a ConfigFile,
    section: Option<Vec<String>>,
}

impl Apply<'_> {
    fn invalid(&self, span: std::ops::Range<usize>, message: String) -> ConfigError {
        self.file.invalid(span, message)
    }

    /// Whether the value at `span` is taken for the setting `id` (shown as `key`):
    /// not when the command line gave it.
    fn takes(&mut self, id: &str, key: &'static str, span: std::ops::Range<usize>) -> bool {
        if self.explicit.has(id) {
            return false;
        }
        let line = self.file.line_col(span.start).0;
        let here = Origin::File {
            path: self.file.path.clone(),
            line,
            section: self.section.clone(),
        };
        // `ignore` and `severity` add up: every layer that added is named.
        let gathers = matches!(key, "ignore" | "severity");
        let origin = match self.sources.remove(key) {
            Some(Origin::Several(mut all)) if gathers => {
                all.push(here);
                Origin::Several(all)
            }
            Some(earlier) if gathers => Origin::Several(vec![earlier, here]),
            _ => here,
        };
        self.sources.insert(key, origin);
        true
    }
}

fn value_enum<T: ValueEnum>(text: &str, key: &str) -> Result<T, String> {
    T::from_str(text, true).map_err(|_| {
        let names: Vec<String> = T::value_variants()
            .iter()
            .filter_map(|v| v.to_possible_value().map(|p| p.get_name().to_string()))
            .collect();
        format!(
            "{key}: unknown value `{text}` (expected {})",
            names.join(", ")
        )
    })
}

/// The settings of the whole run from `raw` (the top level of a file).
fn apply_run(raw: &Raw, to: &mut Apply<'_>) -> Result<(), ConfigError> {
    if let Some(v) = &raw.format {
        let format: Format =
            value_enum(v.get_ref(), "format").map_err(|e| to.invalid(v.span(), e))?;
        if to.takes("format", "format", v.span()) {
            to.args.format = format;
        }
    }
    if let Some(v) = &raw.jobs {
        if to.takes("jobs", "jobs", v.span()) {
            to.args.jobs = *v.get_ref();
        }
    }
    if let Some(v) = &raw.fail_on {
        let fail_on: FailOn =
            value_enum(v.get_ref(), "fail-on").map_err(|e| to.invalid(v.span(), e))?;
        if to.takes("fail_on", "fail-on", v.span()) {
            to.args.fail_on = fail_on;
        }
    }
    if let Some(v) = &raw.show {
        let show = args::parse_level(v.get_ref())
            .map_err(|e| to.invalid(v.span(), format!("show: {e}")))?;
        if to.takes("show", "show", v.span()) {
            to.args.show = show;
        }
    }
    if let Some(v) = &raw.ext {
        if to.takes("ext", "ext", v.span()) {
            to.args.ext = v.get_ref().clone();
        }
    }
    for (value, id, key) in [
        (&raw.hidden, "hidden", "hidden"),
        (&raw.with_board, "with_board", "with-board"),
    ] {
        if let Some(v) = value {
            if to.takes(id, key, v.span()) {
                match id {
                    "hidden" => to.args.hidden = *v.get_ref(),
                    _ => to.args.with_board = *v.get_ref(),
                }
            }
        }
    }
    if let Some(v) = &raw.member_limit {
        if !(1..=1 << 20).contains(v.get_ref()) {
            return Err(to.invalid(v.span(), "member-limit: from 1 to 1048576 (MiB)".into()));
        }
        if to.takes("member_limit", "member-limit", v.span()) {
            to.args.member_limit = *v.get_ref();
        }
    }
    if let Some(v) = &raw.max_entries {
        if to.takes("max_entries", "max-entries", v.span()) {
            to.args.max_entries = *v.get_ref();
        }
    }
    Ok(())
}

/// The settings of a game from `raw` (the top level of a file, or a section).
fn apply_game(raw: &Raw, to: &mut Apply<'_>) -> Result<(), ConfigError> {
    if let Some(v) = &raw.rules {
        let rules = args::parse_rules_name(v.get_ref())
            .map_err(|e| to.invalid(v.span(), format!("rules: {e}")))?;
        if to.takes("rules", "rules", v.span()) {
            to.args.rules.rules = rules;
        }
    }
    if let Some(v) = &raw.komi {
        if !v.get_ref().is_finite() {
            return Err(to.invalid(v.span(), "komi: a finite number".into()));
        }
        if to.takes("komi", "komi", v.span()) {
            to.args.rules.komi = Some(*v.get_ref());
        }
    }
    if let Some(v) = &raw.estimator {
        let kind: EstimatorKind =
            value_enum(v.get_ref(), "estimator").map_err(|e| to.invalid(v.span(), e))?;
        if to.takes("estimator", "estimator", v.span()) {
            to.args.estimator.estimator = Some(kind);
        }
    }
    if let Some(v) = &raw.engine {
        if to.takes("engine", "engine", v.span()) {
            to.args.estimator.engine = Some(v.get_ref().clone());
        }
    }
    if let Some(v) = &raw.variations {
        if to.takes("variations", "variations", v.span()) {
            to.args.variations = *v.get_ref();
        }
    }
    if let Some(v) = &raw.ing_overtime {
        if to.takes("ing_overtime", "ing-overtime", v.span()) {
            to.args.penalties.ing_overtime = *v.get_ref();
        }
    }
    if let Some(v) = &raw.engine_timeout {
        if to.takes("engine_timeout", "engine-timeout", v.span()) {
            to.args.estimator.engine_timeout = *v.get_ref();
        }
    }
    apply_lists(raw, to)?;
    apply_rule_settings(raw, to)
}

/// `ignore` and `severity` add to what lower layers said (a section's `ignore` adds
/// codes to the file's); the command line's `--ignore` adds too, and its
/// `--severity CODE=LEVEL` wins over a file's `ignore` or `severity` of that code.
fn apply_lists(raw: &Raw, to: &mut Apply<'_>) -> Result<(), ConfigError> {
    if let Some(v) = &raw.ignore {
        let mut codes = Vec::new();
        for name in v.get_ref() {
            codes.push(
                args::parse_code(name).map_err(|e| to.invalid(v.span(), format!("ignore: {e}")))?,
            );
        }
        to.takes("ignore (file)", "ignore", v.span());
        for code in codes {
            let leveled_by_cli = to
                .cli_severity
                .iter()
                .any(|(c, l)| *c == code && l.is_some());
            if !leveled_by_cli && !to.args.ignore.contains(&code) {
                to.args.ignore.push(code);
            }
        }
    }
    if let Some(v) = &raw.severity {
        let mut entries = Vec::new();
        for (code, level) in v.get_ref() {
            entries.push(
                args::parse_severity_override(&format!("{code}={level}"))
                    .map_err(|e| to.invalid(v.span(), format!("severity: {e}")))?,
            );
        }
        to.takes("severity (file)", "severity", v.span());
        // `check_options` applies the entries in order, the last one of a code winning:
        // the command line's entries stay last.
        let cli = to.cli_severity;
        let keep = to.args.severity.len().saturating_sub(cli.len());
        to.args.severity.truncate(keep);
        to.args.severity.extend(entries);
        to.args.severity.extend(cli.iter().cloned());
    }
    Ok(())
}

/// A configuration file (by address; 0 for none) and the sections matching a path.
type OptionsKey = (usize, Vec<usize>);

/// The settings in force, per file, from the command line and the configuration files.
pub struct Settings {
    /// The command line with the run's settings applied (format, jobs, ...).
    pub run: CheckArgs,
    pub run_sources: BTreeMap<&'static str, Origin>,
    run_file: Option<Arc<ConfigFile>>,
    explicit: Explicit,
    cli_severity: Vec<(
        goref_core::findings::Code,
        Option<goref_core::findings::Severity>,
    )>,
    forced: Option<Arc<ConfigFile>>,
    isolated: bool,
    /// Directory → the nearest file from there (None: none up to the root).
    nearest: Mutex<HashMap<PathBuf, Option<Arc<ConfigFile>>>>,
    /// (file, matched sections) → the check options they make.
    options: Mutex<HashMap<OptionsKey, Arc<CheckOptions>>>,
}

/// A file's settings: the arguments they amount to and where each came from.
pub struct Resolved {
    pub args: CheckArgs,
    pub sources: BTreeMap<&'static str, Origin>,
    pub file: Option<Arc<ConfigFile>>,
}

impl Settings {
    pub fn new(args: &CheckArgs, matches: Option<&ArgMatches>) -> Result<Settings, UsageError> {
        let explicit = Explicit::from_matches(matches);
        let forced = match &args.config {
            Some(path) if !args.isolated => Some(Arc::new(ConfigFile::load(path).map_err(usage)?)),
            _ => None,
        };
        let mut settings = Settings {
            run: args.clone(),
            run_sources: BTreeMap::new(),
            run_file: None,
            explicit,
            cli_severity: args.severity.clone(),
            forced,
            isolated: args.isolated,
            nearest: Mutex::new(HashMap::new()),
            options: Mutex::new(HashMap::new()),
        };
        let cwd = std::env::current_dir().unwrap_or_default();
        let run_file = match &settings.forced {
            Some(f) => Some(Arc::clone(f)),
            None => match settings.file_for_dir(&cwd)? {
                Some(f) => Some(f),
                None => match args.paths.first() {
                    Some(p) => settings.file_for(p)?,
                    None => None,
                },
            },
        };
        if let Some(file) = &run_file {
            let mut run = settings.run.clone();
            let mut sources = BTreeMap::new();
            apply_run(
                &file.raw,
                &mut Apply {
                    args: &mut run,
                    cli_severity: &args.severity,
                    explicit: &settings.explicit,
                    sources: &mut sources,
                    file,
                    section: None,
                },
            )
            .map_err(usage)?;
            settings.run = run;
            settings.run_sources = sources;
        }
        settings.run_file = run_file;
        Ok(settings)
    }

    /// The file in force for a checked path: `--config`, or the nearest one walking up
    /// from its directory; None with `--isolated` or when there is none.
    pub fn file_for(&self, path: &Path) -> Result<Option<Arc<ConfigFile>>, UsageError> {
        if self.isolated {
            return Ok(None);
        }
        if let Some(f) = &self.forced {
            return Ok(Some(Arc::clone(f)));
        }
        let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        let start = if absolute.is_dir() {
            absolute
        } else {
            absolute.parent().map(Path::to_path_buf).unwrap_or_default()
        };
        self.file_for_dir(&start)
    }

    fn file_for_dir(&self, dir: &Path) -> Result<Option<Arc<ConfigFile>>, UsageError> {
        if self.isolated {
            return Ok(None);
        }
        if let Some(known) = lock(&self.nearest).get(dir) {
            return Ok(known.clone());
        }
        let here = FILE_NAMES
            .iter()
            .map(|name| dir.join(name))
            .find(|p| p.is_file());
        let found = match here {
            Some(path) => Some(Arc::new(ConfigFile::load(&path).map_err(usage)?)),
            None => match dir.parent() {
                Some(parent) => self.file_for_dir(parent)?,
                None => None,
            },
        };
        lock(&self.nearest).insert(dir.to_path_buf(), found.clone());
        Ok(found)
    }

    /// The settings for one checked file (`member`: a record inside the archive `path`).
    pub fn resolve(&self, path: &Path, member: Option<&str>) -> Result<Resolved, UsageError> {
        let file = self.file_for(path)?;
        let mut args = self.run.clone();
        let mut sources = self.run_sources.clone();
        if let Some(file) = &file {
            let sections = self.sections_for(file, path, member);
            self.apply_file(file, &sections, &mut args, &mut sources)
                .map_err(usage)?;
        }
        Ok(Resolved {
            args,
            sources,
            file,
        })
    }

    fn sections_for(&self, file: &ConfigFile, path: &Path, member: Option<&str>) -> Vec<usize> {
        match file.relative(path) {
            Some(rel) => match member {
                Some(m) => file.matching(&format!("{rel}/{m}")),
                None => file.matching(&rel),
            },
            None => Vec::new(),
        }
    }

    fn apply_file(
        &self,
        file: &ConfigFile,
        sections: &[usize],
        args: &mut CheckArgs,
        sources: &mut BTreeMap<&'static str, Origin>,
    ) -> Result<(), ConfigError> {
        apply_game(
            &file.raw,
            &mut Apply {
                cli_severity: &self.cli_severity,
                args,
                explicit: &self.explicit,
                sources,
                file,
                section: None,
            },
        )?;
        for &i in sections {
            let section = &file.overrides[i];
            apply_game(
                &section.raw,
                &mut Apply {
                    cli_severity: &self.cli_severity,
                    args,
                    explicit: &self.explicit,
                    sources,
                    file,
                    section: Some(section.patterns.clone()),
                },
            )?;
        }
        Ok(())
    }

    /// The check options for one checked file, shared by every file that the same
    /// configuration file and sections apply to.
    pub fn options_for(
        &self,
        path: &Path,
        member: Option<&str>,
        build: impl Fn(&CheckArgs) -> anyhow::Result<CheckOptions>,
    ) -> anyhow::Result<Arc<CheckOptions>> {
        let file = self.file_for(path)?;
        let key = match &file {
            Some(f) => (Arc::as_ptr(f) as usize, self.sections_for(f, path, member)),
            None => (0, Vec::new()),
        };
        if let Some(known) = lock(&self.options).get(&key) {
            return Ok(Arc::clone(known));
        }
        let resolved = self.resolve(path, member)?;
        let options = Arc::new(build(&resolved.args)?);
        lock(&self.options).insert(key, Arc::clone(&options));
        Ok(options)
    }

    /// The file the run's settings came from.
    pub fn run_file(&self) -> Option<&Path> {
        self.run_file.as_deref().map(|f| f.path.as_path())
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn usage(e: ConfigError) -> UsageError {
    UsageError(e.to_string())
}

/// `--show-settings`: every setting in force for `path`, and where it comes from.
pub fn describe(settings: &Settings, path: &Path) -> Result<String, UsageError> {
    let resolved = settings.resolve(path, None)?;
    let a = &resolved.args;
    let origin = |key: &str, id: &str| -> String {
        if settings.explicit.has(id) {
            Origin::CommandLine.to_string()
        } else {
            resolved
                .sources
                .get(key)
                .cloned()
                .unwrap_or(Origin::Default)
                .to_string()
        }
    };
    let mut rows: Vec<(String, String, String)> = vec![
        (
            "rules".into(),
            quoted(&a.rules.rules),
            origin("rules", "rules"),
        ),
        (
            "komi".into(),
            a.rules
                .komi
                .map_or("(the record's KM, or the rules')".into(), |k| k.to_string()),
            origin("komi", "komi"),
        ),
        (
            "estimator".into(),
            a.estimator
                .estimator
                .map_or("(builtin, or gtp with engine)".into(), |e| {
                    quoted(&value_name(&e))
                }),
            origin("estimator", "estimator"),
        ),
        (
            "engine".into(),
            a.estimator
                .engine
                .as_deref()
                .map_or("(none)".into(), quoted),
            origin("engine", "engine"),
        ),
        (
            "ignore".into(),
            list(a.ignore.iter().map(|c| c.as_str().to_string())),
            lists_origin(settings, &resolved, "ignore", "ignore"),
        ),
        (
            "severity".into(),
            severity_table(&a.severity),
            lists_origin(settings, &resolved, "severity", "severity"),
        ),
        (
            "variations".into(),
            a.variations.to_string(),
            origin("variations", "variations"),
        ),
        (
            "ing-overtime".into(),
            a.penalties.ing_overtime.to_string(),
            origin("ing-overtime", "ing_overtime"),
        ),
        (
            "engine-timeout".into(),
            format!("{} (seconds)", a.estimator.engine_timeout),
            origin("engine-timeout", "engine_timeout"),
        ),
        (
            "fail-on".into(),
            quoted(a.fail_on.name()),
            origin("fail-on", "fail_on"),
        ),
        (
            "format".into(),
            quoted(&value_name(&a.format)),
            origin("format", "format"),
        ),
        (
            "jobs".into(),
            if a.jobs == 0 {
                "0 (all cores)".into()
            } else {
                a.jobs.to_string()
            },
            origin("jobs", "jobs"),
        ),
        (
            "show".into(),
            quoted(a.show.as_str()),
            origin("show", "show"),
        ),
        (
            "ext".into(),
            list(a.ext.iter().cloned()),
            origin("ext", "ext"),
        ),
        (
            "hidden".into(),
            a.hidden.to_string(),
            origin("hidden", "hidden"),
        ),
        (
            "with-board".into(),
            a.with_board.to_string(),
            origin("with-board", "with_board"),
        ),
        (
            "member-limit".into(),
            format!("{} (MiB)", a.member_limit),
            origin("member-limit", "member_limit"),
        ),
        (
            "max-entries".into(),
            a.max_entries.to_string(),
            origin("max-entries", "max_entries"),
        ),
    ];
    for (field, flag, value) in rule_setting_rows(&a.rules.overrides) {
        let value = value.unwrap_or_else(|| "(the rules')".into());
        rows.push((flag.to_string(), value, origin(flag, field)));
    }
    let mut out = format!("settings for {}\n", path.display());
    match &resolved.file {
        Some(f) => out.push_str(&format!("  configuration file: {}\n", f.path.display())),
        None if settings.isolated => out.push_str("  configuration file: none (--isolated)\n"),
        None => out.push_str("  configuration file: none found\n"),
    }
    if let Some(run) = settings.run_file() {
        if resolved.file.as_ref().is_none_or(|f| f.path != run) {
            out.push_str(&format!("  the run's settings from: {}\n", run.display()));
        }
    }
    // Sources aligned, unless a long value would push them far out.
    let width = rows
        .iter()
        .map(|(k, v, _)| k.len() + v.len() + 3)
        .filter(|w| *w <= 40)
        .max()
        .unwrap_or(0);
    for (key, value, from) in rows {
        let pad = width.saturating_sub(key.len() + value.len() + 3);
        out.push_str(&format!("  {key} = {value}{} # {from}\n", " ".repeat(pad)));
    }
    Ok(out)
}

fn value_name<T: ValueEnum>(v: &T) -> String {
    v.to_possible_value()
        .map(|p| p.get_name().to_string())
        .unwrap_or_default()
}

/// `ignore` and `severity` gather every layer: the file's line and the command line.
fn lists_origin(settings: &Settings, resolved: &Resolved, key: &str, id: &str) -> String {
    let from_file = resolved.sources.get(key).cloned();
    match (settings.explicit.has(id), from_file) {
        (true, Some(f)) => format!("{f}, and the command line"),
        (true, None) => Origin::CommandLine.to_string(),
        (false, Some(f)) => f.to_string(),
        (false, None) => Origin::Default.to_string(),
    }
}

fn quoted(text: &str) -> String {
    format!("{text:?}")
}

fn list(items: impl Iterator<Item = String>) -> String {
    let items: Vec<String> = items.map(|i| quoted(&i)).collect();
    format!("[{}]", items.join(", "))
}

fn severity_table(
    entries: &[(
        goref_core::findings::Code,
        Option<goref_core::findings::Severity>,
    )],
) -> String {
    // The last entry of a code wins, as in `check_options`.
    let effective: BTreeMap<&str, Option<goref_core::findings::Severity>> =
        entries.iter().map(|(c, l)| (c.as_str(), *l)).collect();
    let items: Vec<String> = effective
        .iter()
        .map(|(code, level)| format!("{:?} = {:?}", code, level.map_or("off", |l| l.as_str())))
        .collect();
    format!("{{ {} }}", items.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str) -> Result<ConfigFile, ConfigError> {
        let dir = std::env::temp_dir().join(format!("goref-config-unit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{}.toml", text.len()));
        std::fs::write(&path, text).unwrap();
        let file = ConfigFile::load(&path);
        std::fs::remove_file(&path).unwrap();
        file
    }

    #[test]
    fn misspelt_keys_find_the_closest_key() {
        assert_eq!(did_you_mean("fial-on"), Some("fail-on"));
        assert_eq!(did_you_mean("sevrity"), Some("severity"));
        assert_eq!(did_you_mean("seki_points"), Some("seki-points"));
        assert_eq!(did_you_mean("overide"), Some("override"));
        assert_eq!(did_you_mean("something-else"), None);
    }

    #[test]
    fn every_rule_flag_is_a_key() {
        for (_, flag) in super::super::args::OVERRIDE_FLAGS {
            assert!(KEYS.contains(flag), "{flag}");
        }
    }

    #[test]
    fn sections_match_paths_relative_to_the_file() {
        let file = load("[[override]]\npaths = [\"kgs/**\"]\nrules = \"japanese\"\n\n[[override]]\npaths = [\"**/*.sgf\", \"a.zip/**\"]\nkomi = 7\n").unwrap();
        assert_eq!(file.matching("kgs/2001/a.sgf"), [0, 1]);
        assert_eq!(file.matching("fox/a.sgf"), [1]);
        assert_eq!(file.matching("a.zip/x/y.SGF"), [1]);
        assert_eq!(file.matching("README"), Vec::<usize>::new());
        let inside = file.dir.join("kgs/a.sgf");
        assert_eq!(file.relative(&inside).as_deref(), Some("kgs/a.sgf"));
        assert_eq!(file.relative(Path::new("/elsewhere/a.sgf")), None);
    }

    #[test]
    fn errors_carry_line_and_column() {
        let Err(ConfigError::Invalid {
            line,
            column,
            message,
            ..
        }) = load("komi = 6.5\n\nfial-on = 1\n")
        else {
            panic!("accepted an unknown key");
        };
        assert_eq!((line, column), (3, 1));
        assert!(message.contains("did you mean `fail-on`"), "{message}");
        assert!(load("paths = [\"a\"]\n").is_err());
        assert!(load("rules = \"aga\"\nko = \"simple-ko\"\n").is_ok());
    }

    #[test]
    fn origins_read_as_places() {
        let o = Origin::File {
            path: "g/goref.toml".into(),
            line: 4,
            section: Some(vec!["kgs/**".into()]),
        };
        assert_eq!(
            o.to_string(),
            "g/goref.toml:4 ([[override]] paths = [\"kgs/**\"])"
        );
        assert_eq!(Origin::CommandLine.to_string(), "command line");
        let top = Origin::File {
            path: "goref.toml".into(),
            line: 2,
            section: None,
        };
        assert_eq!(
            Origin::Several(vec![top, o]).to_string(),
            "goref.toml:2, g/goref.toml:4 ([[override]] paths = [\"kgs/**\"])"
        );
    }
}
