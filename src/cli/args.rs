//! Every flag of every subcommand, defined once. Shared groups (rules overrides,
//! output format) are flattened into the subcommands that take them.

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
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the rulesets (presets) and every setting, or show one.
    #[command(
        long_about = "List goref's rulesets. Each preset is a set of orthogonal settings (repetition \
rule, suicide, scoring, seki points, tie rule, handicap compensation, komi, ending); `goref rules NAME` \
shows one preset with the section of the rules specification each setting comes from. Names are \
case-insensitive and accept aliases (egf, sir, goe, ing, sst, bga, ...).",
        after_help = "Examples:\n  goref rules                     every preset, every setting\n  goref rules goe                 SST Ing, with the spec section of each setting\n  goref rules --format json       machine-readable"
    )]
    Rules(RulesArgs),
    /// Explain a finding code: meaning, rule, example and advice.
    #[command(
        long_about = "Explain what a finding code means, the rule behind it (a section of the rules \
specification and its source), an example record that produces it, and what a tournament director \
can do about it. `--list` lists every code goref can emit with its default severity.",
        after_help = "Examples:\n  goref explain hot-stone-take\n  goref explain --list\n  goref explain --list --format json"
    )]
    Explain(ExplainArgs),
}

/// Output format of a report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Readable text.
    Text,
    /// One JSON document.
    Json,
    /// One JSON object per line.
    Jsonl,
}

#[derive(Args, Debug)]
pub struct RulesArgs {
    /// A preset name or alias; without it, every preset is listed.
    pub name: Option<String>,
    /// Output format (text or json).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The finding code, e.g. `positional-superko`.
    #[arg(required_unless_present = "list")]
    pub code: Option<String>,
    /// List every code with its default severity.
    #[arg(long)]
    pub list: bool,
    /// Output format (text or json).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}
