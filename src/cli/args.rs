//! Every flag of every subcommand, defined once. Shared groups (rules overrides,
//! output format) are flattened into the subcommands that take them; the rule override
//! flags are generated from the library's table of settings (`goref_core::rule_settings!`).

use clap::{Args, Parser, Subcommand, ValueEnum};

#[derive(Parser, Debug)]
#[command(
    name = "goref",
    version,
    about = "Referee Go (weiqi, baduk) game records: replay SGF files under SST Ing, Simplified Ing, AGA and other rules, flag illegal moves, recompute results.",
    long_about = None,
    after_help = "Run `goref <COMMAND> --help` for a worked example of each command.\nFinding codes: `goref explain --list`. Rulesets: `goref rules`."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Colour severities and codes: `auto` on a terminal (and not with NO_COLOR set),
    /// `always`, or `never`.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,
}

/// When to colour the text output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Check records: replay every game, flag illegal moves, recompute results.
    #[command(
        long_about = "Check SGF records. Every game of every file is read (any charset, damaged files \
included), replayed under the rules the record names in RU (or --rules), and every illegal move, \
record problem and result disagreement becomes a finding with a stable code, a severity, the move \
number, the point and the line:column in the file. PATH may be files, directories (walked \
recursively, sorted by path) and `-` for standard input; a path given twice is checked once. \
Archives (.zip, .tar, .tar.gz/.tgz, .tar.bz2, .tar.xz) and compressed records (.sgf.gz, .bz2, .xz) \
are read in place, known by their bytes; a record inside one is named ARCHIVE:MEMBER. Settings \
may come from a goref.toml or .goref.toml found by walking up from each path (--config, \
--isolated, --show-settings; the command line wins). The \
text shows one `path:line:col: severity code: message` line per finding at --show or above \
(warning by default) under a header naming the game; --format full (or -v) shows every game in \
full; a code recurring in one game is one line with a count (JSON keeps each). Exit status: 0 \
when no finding reaches --fail-on (error by default), 1 when one does, 2 for usage errors, paths \
that do not exist or hold no file to check (named on stderr; the other paths are still checked \
and every output written), and outputs that cannot be written, 130 when interrupted.",
        after_help = "Examples:\n  goref check game.sgf                         rules from the record's RU\n  goref check --rules goe tournament/          check under SST Ing\n  goref check --format jsonl -o report.jsonl archive/\n  goref check --format html -o report.html round-3/\n  goref check --fail-on warning --summary summary.json --fail-list bad.txt archive/\n  goref check --severity komi-differs=warning --with-board game.sgf\n  goref check --ignore charset,bad-value --show info archive/\n  goref check kgs-2001.tar.gz games.zip\n  goref check --format github archive/          annotations in GitHub Actions\n  goref check --format sarif -o goref.sarif archive/\n  goref check --show-settings kgs/a.sgf         settings in force, and from where\n\nFinding codes: `goref explain --list`."
    )]
    Check(CheckArgs),
    /// Check records against the tournament's own results (OpenGotha or EGD).
    #[command(
        long_about = "Check a tournament's records against its pairing program's results. RESULTS is \
an OpenGotha tournament file (.xml) or an EGD results file (.h9, ISO-8859-1 or UTF-8); PATH are \
records and directories as `goref check` takes them. Each record is checked on its own (the same \
verdict as `goref check`) and matched to one game of the table by its players (names compared \
without case, accents or order, OpenGotha keys and EGD PINs included), its round (RO, its folder \
or file name, its date) and its board. Then winner, colours, handicap, komi, round, board, \
forfeits, duplicates, games without a record and records without a game are compared, each \
problem a finding of the `tournament` category (`goref explain tournament-winner`). A record that \
fits two games, or fits one on a surname alone, says so with the candidates. The text shows one \
table of boards per round with what agrees and what does not; --format json or jsonl for \
scripts; --format html for a page to print (each board green, amber or red, with the reason). \
Exit status: 0 when no finding reaches --fail-on (error by default), 1 when one does, 2 for \
usage errors, unreadable results files and paths that hold no record.",
        after_help = "Examples:\n  goref tournament juvisy.xml records/\n  goref tournament results.h9 round1/ round2/ round3/\n  goref tournament --format html -o check.html egc2013.xml kifu/\n  goref tournament --ignore tournament-missing-record --fail-on warning t.xml games/\n  goref tournament --format jsonl t.xml games/ | jq 'select(.status == \"red\")'\n\nFinding codes: `goref explain --list` (the tournament-* codes)."
    )]
    Tournament(TournamentArgs),
    /// Count a finished game: area, dead stones, komi, compensation, penalties, fill-in.
    #[command(
        long_about = "Score one game the way a tournament director counts it: area per colour, dead \
stones removed (marked in the record with TB/TW, or claimed with --dead), neutral points, komi (from \
--komi, the record's KM, or the rules), handicap compensation, penalty points (--penalty, or the \
clock under Ing overtime), the Ing fill-in story, and the RE goref would write. Given several files \
or a directory (walked for *.sgf as `check` walks it), it counts every game of the round: a table \
in text (file, game, players, rules, RE recorded, the count, whether they agree), one object per \
game with --format jsonl, an array with --format json. A path that does not exist or a game that \
cannot be scored is named on stderr, the others are counted, and the exit status is 2.",
        after_help = "Examples:\n  goref score game.sgf\n  goref score game.sgf --dead E3,B2 --penalty B=2\n  goref score game.sgf --rules aga --komi 7.5 --format json\n  goref score round-3/                         one line per game: the round's table\n  goref score --format jsonl round-3/ > counts.jsonl"
    )]
    Score(ScoreArgs),
    /// Lay out a disputed ending step by step, with the verdict under every reading.
    #[command(
        long_about = "Settle an appeal. Prints the game, every stop (two passes) and who passed, each \
resumption and who resumed, the end, the stones marked dead, every legality finding with its rule, \
and a verdict table under SST literal, SST precedent (EGF 2002), Simplified Ing, the AGA variant \
and AGA, each with the rule that decides it. Board diagrams show each stop and the end; --svg \
writes them as SVG files. Readings that remove dead stones use the stones marked in the record \
or claimed with --dead; with neither, they say that no claim is recorded.",
        after_help = "Examples:\n  goref appeal zagreb.sgf\n  goref appeal zagreb.sgf --dead ec,ff --svg diagrams/\n  goref appeal zagreb.sgf --html appeal.html\n  goref appeal game.sgf --move 120 --format json"
    )]
    Appeal(AppealArgs),
    /// List the rulesets (presets) and every setting, or show one.
    #[command(
        long_about = "List goref's rulesets. Each preset is a set of orthogonal settings (repetition \
rule, suicide, scoring, seki points, tie rule, handicap compensation, komi, ending); `goref rules NAME` \
shows one preset with the rule text each setting comes from (docs/rules.md lists the sources). Names are \
case-insensitive and accept aliases (egf, sir, goe, ing, sst, bga, ...).",
        after_help = "Examples:\n  goref rules                     every preset, every setting\n  goref rules goe                 SST Ing, with the source of each setting\n  goref rules --format json       machine-readable"
    )]
    Rules(RulesArgs),
    /// Explain a finding code: meaning, rule, example and advice.
    #[command(
        long_about = "Explain what a finding code means, the rule behind it (a section of docs/rules.md \
and the public rule text: Ing SST Laws 1991, EGF Simplified Ing, AGA Concise Rules, SGF FF[4]), an example record that produces it, and what a tournament director \
can do about it. `--list` lists every code goref can emit with its default severity.",
        after_help = "Examples:\n  goref explain hot-stone-take\n  goref explain --list\n  goref explain --list --format json"
    )]
    Explain(ExplainArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    #[command(
        after_help = "Examples:\n  goref completions bash > ~/.local/share/bash-completion/completions/goref\n  goref completions zsh > ~/.zfunc/_goref\n  goref completions fish > ~/.config/fish/completions/goref.fish"
    )]
    Completions(CompletionsArgs),
    /// Print the manual page goref(1), or install one page per command with --dir.
    #[command(
        long_about = "Print the manual page goref(1) (roff), generated from the same definitions as \
--help. With --dir DIR, write one page per command into DIR: goref.1, goref-check.1, goref-score.1, \
goref-appeal.1, goref-rules.1, goref-explain.1, goref-completions.1 and goref-man.1, each with its \
options, exit statuses and examples.",
        after_help = "Examples:\n  goref man --dir ~/.local/share/man/man1    install every page (then `man goref-check`)\n  goref man > goref.1 && man -l goref.1      the main page only"
    )]
    Man(ManArgs),
}

#[derive(Args, Debug)]
pub struct ManArgs {
    /// Write every page (goref.1, goref-check.1, …) into DIR, made if missing, instead of
    /// printing goref(1).
    #[arg(long, value_name = "DIR")]
    pub dir: Option<std::path::PathBuf>,
}

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to write completions for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Output format, the same for every subcommand. Kept in one place so that a new value
/// (an HTML report) is added once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Readable text; for `check`, one line per finding
    /// (`path:line:col: severity code: message`).
    Text,
    /// `check`: the full per-game layout (rules, komi, result, score); elsewhere as text.
    Full,
    /// One JSON document.
    Json,
    /// JSON Lines: one object per line.
    Jsonl,
    /// One self-contained HTML page (`check`: the batch report; `appeal`: the appeal).
    Html,
    /// `check`: SARIF 2.1.0, for code scanning (one run, a rule per finding code).
    Sarif,
    /// `check`: GitHub Actions workflow commands, one annotation per finding.
    Github,
    /// `check`: JUnit XML, one test case per game, failing at --fail-on.
    Junit,
}

/// The output format of `score`, `rules` and `explain`, which write text or JSON and no
/// HTML page: `--help` lists only what the command takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DataFormat {
    /// Readable text.
    Text,
    /// The same as `text` (accepted so that one `--format full` works everywhere).
    Full,
    /// One JSON document.
    Json,
    /// JSON Lines: one object per line.
    Jsonl,
}

impl DataFormat {
    /// True for the formats read by programs rather than people.
    pub fn is_json(self) -> bool {
        matches!(self, DataFormat::Json | DataFormat::Jsonl)
    }
}

impl Format {
    /// The formats made for CI systems, written by `check` alone.
    pub fn is_ci(self) -> bool {
        matches!(self, Format::Sarif | Format::Github | Format::Junit)
    }
}

/// How to choose the rules, and settings that replace the preset's.
#[derive(Args, Debug, Clone)]
pub struct RuleArgs {
    /// Ruleset: `auto` (from the record's RU), or a preset or alias (see `goref rules`).
    #[arg(long, default_value = "auto", value_parser = parse_rules_name)]
    pub rules: String,
    #[command(flatten)]
    pub overrides: OverrideArgs,
    /// Komi for every game: replaces the record's KM and the rules' default.
    #[arg(long, allow_hyphen_values = true, help_heading = "Rule overrides")]
    pub komi: Option<f64>,
}

/// Who judges the dead stones that nobody marked or claimed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EstimatorKind {
    /// goref's own estimate.
    Builtin,
    /// goref's estimate, with light playouts for the strings it is unsure of (slower).
    Playouts,
    /// An engine over GTP (`--engine`).
    Gtp,
    /// None: every stone counts as it stands.
    None,
}

/// The dead-stone estimate (every subcommand that counts takes it).
#[derive(Args, Debug, Clone)]
pub struct EstimatorArgs {
    /// Who judges dead stones that are neither marked (TB/TW) nor claimed (--dead):
    /// `builtin` (goref's estimate), `playouts` (goref's estimate with light playouts for
    /// the strings it is unsure of: a second look, about ten times slower on an archive),
    /// `gtp` (an engine, see --engine) or `none` (count the board as it stands). Default:
    /// builtin, or gtp when --engine is given.
    #[arg(
        long,
        value_enum,
        value_name = "builtin|playouts|gtp|none",
        help_heading = "Dead stones"
    )]
    pub estimator: Option<EstimatorKind>,
    /// The GTP engine for --estimator gtp, e.g. `--engine 'gnugo --mode gtp'` (split on
    /// spaces, run without a shell). It is asked `final_status_list dead` and `seki`.
    #[arg(long, value_name = "COMMAND", help_heading = "Dead stones")]
    pub engine: Option<String>,
    /// Seconds the engine may take for one answer before it is stopped (1 to 86400).
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 20,
        value_parser = clap::value_parser!(u64).range(1..=MAX_ENGINE_SECONDS),
        help_heading = "Dead stones"
    )]
    pub engine_timeout: u64,
    /// Seconds the engine may take for one whole position, every command and answer
    /// together, before it is stopped (1 to 86400).
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = goref_core::count::Estimator::DEFAULT_GAME_TIMEOUT.as_secs(),
        value_parser = clap::value_parser!(u64).range(1..=MAX_ENGINE_SECONDS),
        help_heading = "Dead stones"
    )]
    pub engine_game_timeout: u64,
}

/// The longest `--engine-timeout` and `--engine-game-timeout`: a day.
pub const MAX_ENGINE_SECONDS: u64 = 86_400;

/// Builds [`OverrideArgs`] from the library's table of rule settings
/// ([`goref_core::rule_settings!`]): one flag for every setting the table gives a flag, so a
/// flag cannot be spelled apart from its setting.
macro_rules! define_override_args {
    ($(
        $(#[$doc:meta])*
        $field:ident : $ty:ty {
            source: $source:literal,
            $(flag: $flag:tt, value_name: $value_name:tt, help: $help:tt,)?
        }
    )+) => {
        /// Settings that replace the chosen preset's (every subcommand that replays takes them).
        #[derive(Args, Debug, Clone)]
        pub struct OverrideArgs {
            $($(
                #[doc = $help]
                #[arg(long = $flag, value_name = $value_name, help_heading = "Rule overrides")]
                pub $field: Option<$ty>,
            )?)+
        }

        impl OverrideArgs {
            /// The library's overrides: every flag given replaces its setting.
            pub fn to_overrides(&self) -> goref_core::rules::Overrides {
                let mut overrides = goref_core::rules::Overrides::default();
                $($(
                    // `$flag` only selects the settings that have a flag.
                    let _ = $flag;
                    overrides.$field = self.$field;
                )?)+
                overrides
            }
        }

        /// (setting, flag) for every setting the command line overrides.
        #[cfg(test)]
        pub const OVERRIDE_FLAGS: &[(&str, &str)] = &[$($((stringify!($field), $flag),)?)+];
    };
}
goref_core::rule_settings!(define_override_args);

pub(super) fn parse_rules_name(name: &str) -> Result<String, String> {
    if name.eq_ignore_ascii_case("auto") || goref_core::rules::Preset::named(name).is_some() {
        Ok(name.to_string())
    } else {
        Err(format!(
            "unknown rules; use auto or one of: {}",
            goref_core::rules::Preset::names()
        ))
    }
}

/// Penalty points and the Ing overtime clock.
#[derive(Args, Debug, Clone)]
pub struct PenaltyArgs {
    /// Penalty points per colour, e.g. `B=2,W=4`; replaces what the clock says.
    #[arg(long, value_name = "B=N,W=N")]
    pub penalty: Option<goref_core::score::Penalties>,
    /// Derive penalty points from TM and BL/WL (Ing overtime) even when OT does not name it.
    #[arg(long)]
    pub ing_overtime: bool,
}

#[derive(Args, Debug, Clone)]
pub struct CheckArgs {
    /// Files, directories and `-` (standard input).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<std::path::PathBuf>,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub penalties: PenaltyArgs,
    #[command(flatten)]
    pub estimator: EstimatorArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// In text, show games and findings at this severity or above (the summary counts all).
    #[arg(long, value_name = "LEVEL", default_value = "warning", value_parser = parse_level)]
    pub show: goref_core::findings::Severity,
    /// The full per-game layout (as --format full) and the slowest files in the summary.
    #[arg(short, long)]
    pub verbose: bool,
    /// Write the report to FILE (atomically: a temporary file renamed when complete).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
    /// Check every variation, not only the main line.
    #[arg(long)]
    pub variations: bool,
    /// Exit with status 1 when a finding reaches this severity.
    #[arg(long, value_enum, default_value_t = FailOn::Error)]
    pub fail_on: FailOn,
    /// Change a code's severity, e.g. `komi-differs=warning`; `CODE=off` silences it
    /// (repeatable).
    #[arg(long, value_name = "CODE=LEVEL", value_parser = parse_severity_override)]
    pub severity: Vec<(
        goref_core::findings::Code,
        Option<goref_core::findings::Severity>,
    )>,
    /// Silence these codes (comma-separated or repeated), as `--severity CODE=off`.
    #[arg(long, value_name = "CODE[,CODE]", value_delimiter = ',', value_parser = parse_code)]
    pub ignore: Vec<goref_core::findings::Code>,
    /// Add the final position to each report.
    #[arg(long)]
    pub with_board: bool,
    /// Worker threads (default: all cores).
    #[arg(short = 'j', long, value_name = "N", default_value_t = 0)]
    pub jobs: usize,
    /// File endings to check in directories (repeatable or comma-separated).
    #[arg(long, value_delimiter = ',', default_value = "sgf")]
    pub ext: Vec<String>,
    /// Also check hidden files and directories.
    #[arg(long)]
    pub hidden: bool,
    /// No progress bar (it is drawn on stderr only when stderr is a terminal, not dumb,
    /// and more than one file is checked).
    #[arg(long)]
    pub no_progress: bool,
    /// Do not print the run's summary on stderr, nor the progress bar.
    #[arg(short, long)]
    pub quiet: bool,
    /// Write the run's summary as JSON to FILE (`-`: standard output, when -o sends the
    /// report to a file).
    #[arg(long, value_name = "FILE")]
    pub summary: Option<std::path::PathBuf>,
    /// Write the paths of files with no finding at --fail-on to FILE.
    #[arg(long, value_name = "FILE")]
    pub ok_list: Option<std::path::PathBuf>,
    /// Write the paths of files with a finding at --fail-on to FILE.
    #[arg(long, value_name = "FILE")]
    pub fail_list: Option<std::path::PathBuf>,
    /// Most mebibytes one archive member may inflate to; a larger member is reported
    /// (archive-member-too-large), not checked.
    #[arg(long, value_name = "MIB", default_value_t = goref_batch::archive::DEFAULT_MEMBER_LIMIT >> 20, value_parser = clap::value_parser!(u64).range(1..=1 << 20), help_heading = "Archives")]
    pub member_limit: u64,
    /// Most entries read from one archive (archive-too-many-entries beyond).
    #[arg(long, value_name = "N", default_value_t = goref_batch::archive::DEFAULT_MAX_ENTRIES, help_heading = "Archives")]
    pub max_entries: u64,
    /// Read the settings from FILE instead of the `goref.toml` / `.goref.toml` found by
    /// walking up from each path (see docs/config.md).
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with = "isolated",
        help_heading = "Configuration"
    )]
    pub config: Option<std::path::PathBuf>,
    /// Ignore every configuration file: the command line and the defaults only.
    #[arg(long, help_heading = "Configuration")]
    pub isolated: bool,
    /// Print the settings in force for each PATH, and where each comes from; check nothing.
    #[arg(long, help_heading = "Configuration")]
    pub show_settings: bool,
}

#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// The tournament's results: an OpenGotha file (`.xml`) or an EGD results file (`.h9`).
    #[arg(value_name = "RESULTS")]
    pub results: std::path::PathBuf,
    /// Records: files, directories (walked recursively) and `-` (standard input).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<std::path::PathBuf>,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub estimator: EstimatorArgs,
    /// Output format (`full` is the same as `text` here).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// In text, list findings at this severity or above (the tables and totals count all).
    #[arg(long, value_name = "LEVEL", default_value = "warning", value_parser = parse_level)]
    pub show: goref_core::findings::Severity,
    /// Write the report to FILE (atomically: a temporary file renamed when complete).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
    /// Exit with status 1 when a finding reaches this severity.
    #[arg(long, value_enum, default_value_t = FailOn::Error)]
    pub fail_on: FailOn,
    /// Change a code's severity, e.g. `tournament-komi=error`; `CODE=off` silences it
    /// (repeatable).
    #[arg(long, value_name = "CODE=LEVEL", value_parser = parse_severity_override)]
    pub severity: Vec<(
        goref_core::findings::Code,
        Option<goref_core::findings::Severity>,
    )>,
    /// Silence these codes (comma-separated or repeated), as `--severity CODE=off`.
    #[arg(long, value_name = "CODE[,CODE]", value_delimiter = ',', value_parser = parse_code)]
    pub ignore: Vec<goref_core::findings::Code>,
    /// Worker threads for checking the records (default: all cores).
    #[arg(short = 'j', long, value_name = "N", default_value_t = 0)]
    pub jobs: usize,
    /// File endings to check in directories (repeatable or comma-separated).
    #[arg(long, value_delimiter = ',', default_value = "sgf")]
    pub ext: Vec<String>,
    /// Also check hidden files and directories.
    #[arg(long)]
    pub hidden: bool,
}

/// The severity at which `goref check` fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    Error,
    Warning,
    Info,
    Never,
}

impl FailOn {
    /// The value as typed on the command line.
    pub fn name(self) -> &'static str {
        match self {
            FailOn::Error => "error",
            FailOn::Warning => "warning",
            FailOn::Info => "info",
            FailOn::Never => "never",
        }
    }

    pub fn threshold(self) -> Option<goref_core::findings::Severity> {
        use goref_core::findings::Severity;
        match self {
            FailOn::Error => Some(Severity::Error),
            FailOn::Warning => Some(Severity::Warning),
            FailOn::Info => Some(Severity::Info),
            FailOn::Never => None,
        }
    }
}

pub(super) fn parse_severity_override(
    text: &str,
) -> Result<
    (
        goref_core::findings::Code,
        Option<goref_core::findings::Severity>,
    ),
    String,
> {
    let (code, level) = text.split_once('=').ok_or("expected CODE=LEVEL")?;
    let code = parse_code(code)?;
    if level.trim().eq_ignore_ascii_case("off") {
        return Ok((code, None));
    }
    let level = level.parse().map_err(|e: String| format!("{e}, or off"))?;
    Ok((code, Some(level)))
}

/// A finding code, case-insensitive, with a suggestion when it is misspelt.
pub fn parse_code(text: &str) -> Result<goref_core::findings::Code, String> {
    goref_core::findings::Code::lookup(text).ok_or_else(|| {
        let hint = goref_core::findings::Code::did_you_mean(text)
            .map(|c| format!("; did you mean `{c}`?"))
            .unwrap_or_default();
        format!(
            "unknown finding code `{}`{hint} (`goref explain --list` lists them)",
            text.trim()
        )
    })
}

pub(super) fn parse_level(text: &str) -> Result<goref_core::findings::Severity, String> {
    text.parse()
}

#[derive(Args, Debug)]
pub struct ScoreArgs {
    /// The record (`-`: standard input); or several files and directories (walked for
    /// `*.sgf` as `check` walks them) to count a round, one count per game.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<std::path::PathBuf>,
    /// Which game of each file (1-based). Default: the first game of one file; every
    /// game when several files or a directory are counted.
    #[arg(long)]
    pub game: Option<usize>,
    /// Stones agreed or claimed dead, as SGF letters or vertices: `ee,bf` or `E3,B2`;
    /// `none` counts every stone as it stands (no estimate).
    #[arg(long, value_name = "POINTS")]
    pub dead: Option<String>,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub penalties: PenaltyArgs,
    #[command(flatten)]
    pub estimator: EstimatorArgs,
    /// Output format (`full` is the same as `text` here; no HTML).
    #[arg(long, value_enum, default_value_t = DataFormat::Text)]
    pub format: DataFormat,
}

#[derive(Args, Debug)]
pub struct AppealArgs {
    /// The record (`-`: standard input).
    pub file: std::path::PathBuf,
    /// Which game of the file (1-based).
    #[arg(long, default_value_t = 1)]
    pub game: usize,
    /// Also show the position after this move.
    #[arg(long = "move", value_name = "M")]
    pub move_number: Option<u32>,
    /// Stones a party claims dead, as SGF letters or vertices: `ec,ff` or `E5,F2`;
    /// `none` counts every stone as it stands (no estimate).
    #[arg(long, value_name = "POINTS")]
    pub dead: Option<String>,
    #[command(flatten)]
    pub estimator: EstimatorArgs,
    /// The record's own rules, read beside the Ing and AGA readings (`auto`: the preset
    /// RU maps to); `--komi` and the rule overrides (e.g. `--tie black` to read
    /// Simplified Ing with the EGF tournament rule that Black wins ties) apply to every
    /// reading.
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub penalties: PenaltyArgs,
    /// Write the diagrams as SVG files into DIR.
    #[arg(long, value_name = "DIR")]
    pub svg: Option<std::path::PathBuf>,
    /// Also write the appeal as one self-contained HTML page (prints on A4).
    #[arg(long, value_name = "FILE")]
    pub html: Option<std::path::PathBuf>,
    /// Output format (`full` is the same as `text` here).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

#[derive(Args, Debug)]
pub struct RulesArgs {
    /// A preset name or alias; without it, every preset is listed.
    pub name: Option<String>,
    /// Output format (`full` is the same as `text` here; no HTML).
    #[arg(long, value_enum, default_value_t = DataFormat::Text)]
    pub format: DataFormat,
}

#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The finding code, e.g. `positional-superko`.
    #[arg(required_unless_present = "list")]
    pub code: Option<String>,
    /// List every code with its default severity.
    #[arg(long)]
    pub list: bool,
    /// Output format (`full` is the same as `text` here; no HTML).
    #[arg(long, value_enum, default_value_t = DataFormat::Text)]
    pub format: DataFormat,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;
    use goref_core::rules::{Preset, Rules};

    /// The "Rule overrides" flags of every subcommand that replays are the settings
    /// table's flags (plus `--komi`, which replaces the record's KM, not a setting), each
    /// named after its setting; the settings without a flag are the three listed here, so
    /// a new setting must choose.
    #[test]
    fn the_override_flags_are_the_settings_table() {
        let table: Vec<&str> = OVERRIDE_FLAGS.iter().map(|(_, flag)| *flag).collect();
        let cli = Cli::command();
        for name in ["check", "score", "appeal"] {
            let sub = cli.find_subcommand(name).expect("subcommand");
            let flags: Vec<&str> = sub
                .get_arguments()
                .filter(|a| a.get_help_heading() == Some("Rule overrides"))
                .filter_map(|a| a.get_long())
                .filter(|long| *long != "komi")
                .collect();
            assert_eq!(flags, table, "goref {name}");
        }
        let aga = Rules::named("aga").unwrap();
        let mut without_flag = Vec::new();
        for (setting, _) in aga.settings() {
            match OVERRIDE_FLAGS.iter().find(|(s, _)| *s == setting) {
                Some((_, "ko")) => assert_eq!(setting, "repetition"),
                Some((_, flag)) => assert_eq!(*flag, setting.replace('_', "-")),
                None => without_flag.push(setting),
            }
        }
        assert_eq!(without_flag, ["scoring", "default_komi", "handicap_komi"]);
    }

    /// Every override flag, given any value a preset uses, changes its own setting and
    /// no other.
    #[test]
    fn every_override_flag_sets_its_own_setting() {
        let base = Rules::named("simplified-ing").unwrap();
        let before = base.settings();
        for (setting, flag) in OVERRIDE_FLAGS {
            for p in Preset::ALL {
                let value = p
                    .rules()
                    .settings()
                    .into_iter()
                    .find(|(n, _)| n == setting)
                    .map(|(_, v)| v)
                    .unwrap();
                let cli =
                    Cli::try_parse_from(["goref", "check", &format!("--{flag}"), &value, "x.sgf"])
                        .unwrap_or_else(|e| panic!("--{flag} {value}: {e}"));
                let Command::Check(args) = cli.command else {
                    unreachable!()
                };
                let mut rules = base.clone();
                args.rules.overrides.to_overrides().apply(&mut rules);
                for ((name, old), (_, new)) in before.iter().zip(rules.settings()) {
                    let expected = if name == setting { &value } else { old };
                    assert_eq!(&new, expected, "--{flag} {value}: {name}");
                }
            }
        }
    }
}
