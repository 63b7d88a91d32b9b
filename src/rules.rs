//! The rules as data: one struct of orthogonal settings and the named presets built
//! from it (in the manner of KataGo's `Rules`). Nothing else in goref branches on a
//! ruleset's *name*; every decision reads a setting.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// How whole-board and local repetition is restricted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Repetition {
    /// Only the immediate retake of a single-stone ko is forbidden. Longer
    /// whole-board cycles are reported as the warning `cycle`, never as illegal.
    SimpleKo,
    /// No play may recreate an earlier board position (spec §4).
    PositionalSuperko,
    /// No play may recreate an earlier board position with the same player to move (spec §5).
    SituationalSuperko,
    /// No play may recreate a board position that the same player created by a play (spec §5).
    NaturalSituationalSuperko,
    /// Ing's 1991 hot stones and disturbing-ko recycling, read as R-SST (spec §1.8).
    SstHotStones,
}

/// Whether a play may remove the mover's own stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Suicide {
    /// No suicide of any size.
    Forbidden,
    /// Suicide of a string of two or more stones is legal; a single stone never is.
    MultiStone,
}

/// Who gets empty points bordered by both colours (dame and seki eyes shared by both).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SekiPoints {
    /// They count for nobody.
    Nobody,
    /// They are shared in pairs by Ing fill-in; an odd one stays empty (spec §3.1 item 5).
    Shared,
}

/// Who wins when the final margin is exactly zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tie {
    /// A draw (jigo), RE[0].
    Draw,
    /// Black wins, RE[B+0] (spec §3.4).
    Black,
    /// White wins in handicap games, Black in even games (KSS, spec §3.5).
    WhiteInHandicapElseBlack,
}

/// Extra points White receives in a handicap game of N stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HandicapCompensation {
    #[serde(rename = "0")]
    None,
    #[serde(rename = "n")]
    N,
    #[serde(rename = "n-1")]
    NMinusOne,
}

impl HandicapCompensation {
    /// The points White receives for `stones` handicap stones.
    pub fn points(self, stones: u32) -> f64 {
        if stones < 2 {
            return 0.0;
        }
        match self {
            HandicapCompensation::None => 0.0,
            HandicapCompensation::N => stones as f64,
            HandicapCompensation::NMinusOne => (stones - 1) as f64,
        }
    }
}

/// How the end of the game is reached (spec §2, §4, §5, §8.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// Two passes are a stop; after a resumption the next two passes end the game and
    /// every stone on the board counts (Simplified Ing, AGA).
    TwoStage,
    /// Two passes pause play; four consecutive passes end it (SST Ing 1991).
    FourPass,
}

/// What the score counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scoring {
    /// Stones plus surrounded empty points.
    Area,
    /// Territory plus prisoners (captured during play and dead stones removed); no
    /// points in seki.
    Territory,
}

impl Scoring {
    pub fn as_str(self) -> &'static str {
        match self {
            Scoring::Area => "area",
            Scoring::Territory => "territory",
        }
    }
}

/// A complete ruleset.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rules {
    /// The preset it was built from (after overrides it keeps the preset's name).
    pub name: String,
    pub repetition: Repetition,
    pub suicide: Suicide,
    pub scoring: Scoring,
    pub seki_points: SekiPoints,
    pub tie: Tie,
    pub handicap_compensation: HandicapCompensation,
    /// Komi in even games when neither the command line nor the record gives one.
    pub default_komi: f64,
    /// Komi in handicap games when neither the command line nor the record gives one.
    pub handicap_komi: f64,
    pub ending: Ending,
    /// White must make the last pass (AGA, spec §5).
    pub white_passes_last: bool,
}

/// One named preset: its canonical name, aliases, a one-line description and where
/// in the spec it comes from.
pub struct Preset {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub summary: &'static str,
    pub spec: &'static str,
    build: fn() -> Rules,
}

impl Preset {
    pub fn rules(&self) -> Rules {
        (self.build)()
    }
}

fn simplified_ing() -> Rules {
    Rules {
        name: "simplified-ing".into(),
        repetition: Repetition::PositionalSuperko,
        suicide: Suicide::MultiStone,
        scoring: Scoring::Area,
        seki_points: SekiPoints::Nobody,
        tie: Tie::Draw,
        handicap_compensation: HandicapCompensation::None,
        default_komi: 8.0,
        handicap_komi: 0.0,
        ending: Ending::TwoStage,
        white_passes_last: false,
    }
}

fn sst_ing() -> Rules {
    Rules {
        name: "sst-ing".into(),
        repetition: Repetition::SstHotStones,
        seki_points: SekiPoints::Shared,
        tie: Tie::Black,
        ending: Ending::FourPass,
        ..simplified_ing()
    }
}

fn aga_ing() -> Rules {
    Rules {
        name: "aga-ing".into(),
        handicap_compensation: HandicapCompensation::N,
        tie: Tie::WhiteInHandicapElseBlack,
        ..sst_ing()
    }
}

fn aga() -> Rules {
    Rules {
        name: "aga".into(),
        repetition: Repetition::SituationalSuperko,
        suicide: Suicide::Forbidden,
        scoring: Scoring::Area,
        seki_points: SekiPoints::Nobody,
        tie: Tie::Draw,
        handicap_compensation: HandicapCompensation::NMinusOne,
        default_komi: 7.5,
        handicap_komi: 0.5,
        ending: Ending::TwoStage,
        white_passes_last: true,
    }
}

fn japanese() -> Rules {
    Rules {
        name: "japanese".into(),
        repetition: Repetition::SimpleKo,
        suicide: Suicide::Forbidden,
        scoring: Scoring::Territory,
        seki_points: SekiPoints::Nobody,
        tie: Tie::Draw,
        handicap_compensation: HandicapCompensation::None,
        default_komi: 6.5,
        handicap_komi: 0.5,
        ending: Ending::TwoStage,
        white_passes_last: false,
    }
}

fn chinese() -> Rules {
    Rules {
        name: "chinese".into(),
        scoring: Scoring::Area,
        handicap_compensation: HandicapCompensation::N,
        default_komi: 7.5,
        handicap_komi: 0.5,
        ..japanese()
    }
}

fn nz() -> Rules {
    Rules {
        name: "nz".into(),
        repetition: Repetition::SituationalSuperko,
        suicide: Suicide::MultiStone,
        scoring: Scoring::Area,
        default_komi: 7.0,
        handicap_komi: 0.0,
        ..japanese()
    }
}

fn tromp_taylor() -> Rules {
    Rules {
        name: "tromp-taylor".into(),
        repetition: Repetition::PositionalSuperko,
        suicide: Suicide::MultiStone,
        scoring: Scoring::Area,
        default_komi: 7.5,
        handicap_komi: 0.5,
        ..japanese()
    }
}

/// Every preset, in the order `goref rules` lists them.
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "simplified-ing",
        aliases: &["sir", "egf"],
        summary: "EGF Simplified Ing Rules: positional superko, group suicide legal, two-stage ending",
        spec: "§4",
        build: simplified_ing,
    },
    Preset {
        name: "sst-ing",
        aliases: &["ing", "goe", "sst", "ing sst"],
        summary: "Ing's SST Laws of 1991: hot stones, disturbing ko, four-pass ending, fill-in counting",
        spec: "§1, §2, §3",
        build: sst_ing,
    },
    Preset {
        name: "aga-ing",
        aliases: &["kss", "aga variant"],
        summary: "Ing counting with handicap compensation of N points; White wins ties in handicap games",
        spec: "§3.5, §5",
        build: aga_ing,
    },
    Preset {
        name: "aga",
        aliases: &["aga concise", "bga", "french"],
        summary: "AGA Concise Rules: situational superko, no suicide, N-1 compensation, White passes last",
        spec: "§5",
        build: aga,
    },
    Preset {
        name: "japanese",
        aliases: &["korean", "jp", "kr"],
        summary: "Japanese and Korean rules: simple ko; cycles are warnings; territory counting (territory plus prisoners, no points in seki)",
        spec: "§7.1",
        build: japanese,
    },
    Preset {
        name: "chinese",
        aliases: &["cn"],
        summary: "Chinese rules: simple ko, no suicide, area scoring, N compensation, komi 7.5",
        spec: "§7.1",
        build: chinese,
    },
    Preset {
        name: "nz",
        aliases: &["new zealand"],
        summary: "New Zealand rules: situational superko, group suicide legal, area scoring, komi 7",
        spec: "§7.1",
        build: nz,
    },
    Preset {
        name: "tromp-taylor",
        aliases: &["tt"],
        summary: "Tromp-Taylor: positional superko, suicide legal, area scoring, komi 7.5",
        spec: "§7.1",
        build: tromp_taylor,
    },
];

/// Where each setting is specified in `shared/spec/rules.md`, for `goref rules NAME`.
pub const SETTING_SOURCES: &[(&str, &str)] = &[
    (
        "repetition",
        "§1.8 (R-SST), §4 (positional superko), §5 (situational superko)",
    ),
    ("suicide", "§1.2 (SST), §4 (SIR), §5 (AGA)"),
    ("scoring", "§3.1, §4, §8.4"),
    ("seki_points", "§0.1 Seki / dame, §3.1 item 5"),
    ("tie", "§3.4, §4, §5"),
    ("handicap_compensation", "§3.5, §5"),
    ("default_komi", "§3.3, §5"),
    ("handicap_komi", "§3.5, §5"),
    ("ending", "§2, §4, §5, §8.3"),
    ("white_passes_last", "§5 Passing, T20"),
];

/// Error for an unknown preset name or setting value.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum RulesError {
    #[error("unknown rules `{0}`; known presets: {1}")]
    UnknownPreset(String, String),
    #[error("invalid value `{value}` for {setting}; expected one of: {expected}")]
    InvalidSetting {
        setting: &'static str,
        value: String,
        expected: &'static str,
    },
}

/// Normalises a name for lookup: case-insensitive, `_`, `-` and spaces equivalent.
fn normalise(name: &str) -> String {
    name.trim()
        .chars()
        .map(|c| match c {
            '_' | '-' => ' ',
            c => c.to_ascii_lowercase(),
        })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Finds a preset by canonical name or alias.
pub fn preset(name: &str) -> Option<&'static Preset> {
    let wanted = normalise(name);
    PRESETS
        .iter()
        .find(|p| normalise(p.name) == wanted || p.aliases.iter().any(|a| normalise(a) == wanted))
}

impl Rules {
    /// The rules of a preset, by name or alias.
    pub fn named(name: &str) -> Result<Rules, RulesError> {
        preset(name).map(Preset::rules).ok_or_else(|| {
            let names: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
            RulesError::UnknownPreset(name.to_string(), names.join(", "))
        })
    }

    /// The komi this ruleset uses when nothing else gives one.
    pub fn komi_for(&self, handicap_stones: u32) -> f64 {
        if handicap_stones >= 2 {
            self.handicap_komi
        } else {
            self.default_komi
        }
    }
}

macro_rules! setting_from_str {
    ($ty:ty, $setting:literal, $expected:literal, { $($text:literal => $value:expr),+ $(,)? }) => {
        impl FromStr for $ty {
            type Err = RulesError;
            fn from_str(s: &str) -> Result<Self, RulesError> {
                match s.trim().to_ascii_lowercase().as_str() {
                    $($text => Ok($value),)+
                    _ => Err(RulesError::InvalidSetting {
                        setting: $setting,
                        value: s.to_string(),
                        expected: $expected,
                    }),
                }
            }
        }
    };
}

setting_from_str!(Repetition, "repetition", "simple-ko, positional-superko, situational-superko, natural-situational-superko, sst-hot-stones", {
    "simple-ko" => Repetition::SimpleKo,
    "positional-superko" => Repetition::PositionalSuperko,
    "psk" => Repetition::PositionalSuperko,
    "situational-superko" => Repetition::SituationalSuperko,
    "ssk" => Repetition::SituationalSuperko,
    "natural-situational-superko" => Repetition::NaturalSituationalSuperko,
    "nssk" => Repetition::NaturalSituationalSuperko,
    "sst-hot-stones" => Repetition::SstHotStones,
});
setting_from_str!(Suicide, "suicide", "forbidden, multi-stone", {
    "forbidden" => Suicide::Forbidden,
    "multi-stone" => Suicide::MultiStone,
});
setting_from_str!(SekiPoints, "seki points", "nobody, shared", {
    "nobody" => SekiPoints::Nobody,
    "shared" => SekiPoints::Shared,
});
setting_from_str!(Tie, "tie", "draw, black, white-in-handicap-else-black", {
    "draw" => Tie::Draw,
    "black" => Tie::Black,
    "white-in-handicap-else-black" => Tie::WhiteInHandicapElseBlack,
});
setting_from_str!(HandicapCompensation, "handicap compensation", "0, n, n-1", {
    "0" => HandicapCompensation::None,
    "none" => HandicapCompensation::None,
    "n" => HandicapCompensation::N,
    "n-1" => HandicapCompensation::NMinusOne,
});
setting_from_str!(Ending, "ending", "two-stage, four-pass", {
    "two-stage" => Ending::TwoStage,
    "four-pass" => Ending::FourPass,
});

/// Writes a setting the way the command line and JSON spell it.
fn kebab<T: Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => "?".into(),
    }
}

macro_rules! display_as_kebab {
    ($($ty:ty),+) => {
        $(impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&kebab(self))
            }
        })+
    };
}
display_as_kebab!(
    Repetition,
    Suicide,
    Scoring,
    SekiPoints,
    Tie,
    HandicapCompensation,
    Ending
);

/// Settings given on the command line that replace a preset's values. `None` keeps the
/// preset's value.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overrides {
    pub repetition: Option<Repetition>,
    pub suicide: Option<Suicide>,
    pub seki_points: Option<SekiPoints>,
    pub tie: Option<Tie>,
    pub handicap_compensation: Option<HandicapCompensation>,
    pub default_komi: Option<f64>,
    pub handicap_komi: Option<f64>,
    pub ending: Option<Ending>,
    pub white_passes_last: Option<bool>,
}

impl Overrides {
    /// True when no setting is overridden.
    pub fn is_empty(&self) -> bool {
        *self == Overrides::default()
    }

    /// Applies the overrides to a preset's rules and lists what changed
    /// (`"repetition=simple-ko"`), for the report's `rules.source`.
    pub fn apply(&self, rules: &mut Rules) -> Vec<String> {
        let mut changed = Vec::new();
        macro_rules! set {
            ($field:ident, $label:literal) => {
                if let Some(value) = self.$field {
                    if rules.$field != value {
                        changed.push(format!("{}={}", $label, value));
                    }
                    rules.$field = value;
                }
            };
        }
        set!(repetition, "repetition");
        set!(suicide, "suicide");
        set!(seki_points, "seki-points");
        set!(tie, "tie");
        set!(handicap_compensation, "handicap-compensation");
        set!(default_komi, "default-komi");
        set!(handicap_komi, "handicap-komi");
        set!(ending, "ending");
        set!(white_passes_last, "white-passes-last");
        changed
    }
}

/// The settings of a ruleset as (name, value) pairs, in documentation order.
pub fn settings(rules: &Rules) -> Vec<(&'static str, String)> {
    vec![
        ("repetition", rules.repetition.to_string()),
        ("suicide", rules.suicide.to_string()),
        ("scoring", rules.scoring.to_string()),
        ("seki_points", rules.seki_points.to_string()),
        ("tie", rules.tie.to_string()),
        (
            "handicap_compensation",
            rules.handicap_compensation.to_string(),
        ),
        ("default_komi", format_number(rules.default_komi)),
        ("handicap_komi", format_number(rules.handicap_komi)),
        ("ending", rules.ending.to_string()),
        ("white_passes_last", rules.white_passes_last.to_string()),
    ]
}

/// Prints a number without float noise: `7.5`, `8`, `-0.5`.
pub fn format_number(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else {
        let s = format!("{:.2}", value);
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// `goref rules`: every preset with every setting, as a table.
pub fn describe_all() -> String {
    let mut out = String::new();
    for p in PRESETS {
        out.push_str(&describe(p, false));
        out.push('\n');
    }
    out
}

/// `goref rules NAME`: one preset; `with_sources` adds the spec section of each setting.
pub fn describe(p: &Preset, with_sources: bool) -> String {
    let rules = p.rules();
    let mut out = format!("{}  ({})\n  {}\n", p.name, p.aliases.join(", "), p.summary);
    if with_sources {
        out.push_str(&format!("  spec: {}\n", p.spec));
    }
    for (name, value) in settings(&rules) {
        out.push_str(&format!("  {:<22} {}", name, value));
        if with_sources {
            if let Some((_, src)) = SETTING_SOURCES.iter().find(|(n, _)| *n == name) {
                out.push_str(&format!(
                    "{:>width$}spec {}",
                    "",
                    src,
                    width = 16usize.saturating_sub(value.len())
                ));
            }
        }
        out.push('\n');
    }
    out
}

/// JSON for `goref rules --format json`: one object per preset.
pub fn preset_json(p: &Preset) -> serde_json::Value {
    let rules = p.rules();
    let mut value = serde_json::to_value(&rules).unwrap_or(serde_json::Value::Null);
    if let serde_json::Value::Object(map) = &mut value {
        map.insert("aliases".into(), serde_json::json!(p.aliases));
        map.insert("summary".into(), serde_json::json!(p.summary));
        map.insert("spec".into(), serde_json::json!(p.spec));
        let sources: serde_json::Map<String, serde_json::Value> = SETTING_SOURCES
            .iter()
            .map(|(k, v)| (k.to_string(), serde_json::json!(v)))
            .collect();
        map.insert("sources".into(), serde_json::Value::Object(sources));
    }
    value
}

/// How the rules of a game were chosen, for the report.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RulesSource {
    /// `--rules NAME` on the command line.
    CommandLine,
    /// The record's RU, recognised by the alias table.
    Record,
    /// The record's RU was absent or not recognised; a preset was assumed.
    Assumed,
}

/// The rules chosen for one game, with the reason.
#[derive(Clone, Debug, PartialEq)]
pub struct Selection {
    pub rules: Rules,
    pub source: RulesSource,
    /// One sentence: why these rules.
    pub reason: String,
}

/// The RU alias table of spec §7.1 (case-insensitive; `_`, `-` and spaces equivalent).
const RU_ALIASES: &[(&str, &str)] = &[
    ("goe", "sst-ing"),
    ("ing", "sst-ing"),
    ("ing sst", "sst-ing"),
    ("sst", "sst-ing"),
    ("ing goe", "sst-ing"),
    ("egf", "simplified-ing"),
    ("simplified ing", "simplified-ing"),
    ("sir", "simplified-ing"),
    ("aga", "aga"),
    ("bga", "aga"),
    ("french", "aga"),
    ("japanese", "japanese"),
    ("korean", "japanese"),
    ("chinese", "chinese"),
    ("nz", "nz"),
    ("new zealand", "nz"),
    ("tromp taylor", "tromp-taylor"),
];

/// Chooses the rules for `--rules auto` from the record's RU (issue 5, spec §7.1).
pub fn select_for_record(recorded: Option<&str>) -> Selection {
    let Some(ru) = recorded.map(str::trim).filter(|s| !s.is_empty()) else {
        return Selection {
            rules: simplified_ing(),
            source: RulesSource::Assumed,
            reason: "the record has no RU; Simplified Ing (the EGF rules) assumed".into(),
        };
    };
    let key = normalise(ru);
    if let Some((_, name)) = RU_ALIASES.iter().find(|(alias, _)| *alias == key) {
        return Selection {
            rules: Rules::named(name).unwrap_or_else(|_| simplified_ing()),
            source: RulesSource::Record,
            reason: format!("RU[{ru}] maps to {name}"),
        };
    }
    let (name, why) = nearest_preset(&key);
    Selection {
        rules: Rules::named(name).unwrap_or_else(|_| simplified_ing()),
        source: RulesSource::Assumed,
        reason: format!("RU[{ru}] is not a known ruleset; {why}, so {name} assumed"),
    }
}

/// The nearest preset for an unrecognised RU value: KataGo's compact rule strings
/// (`koPOSITIONALscoreAREA…`) by their ko and scoring parts, otherwise a keyword.
fn nearest_preset(key: &str) -> (&'static str, &'static str) {
    let compact = key.replace(' ', "");
    if compact.starts_with("ko") && compact.contains("score") {
        return match () {
            _ if compact.contains("kopositional") => {
                ("tromp-taylor", "its ko rule is positional superko")
            }
            _ if compact.contains("kosituational") && compact.contains("sui1") => {
                ("nz", "its ko rule is situational superko with suicide")
            }
            _ if compact.contains("kosituational") => ("aga", "its ko rule is situational superko"),
            _ if compact.contains("scoreterritory") => {
                ("japanese", "it scores territory with simple ko")
            }
            _ => ("chinese", "it scores area with simple ko"),
        };
    }
    const KEYWORDS: &[(&str, &str, &str)] = &[
        ("japan", "japanese", "it names Japanese rules"),
        ("korea", "japanese", "it names Korean rules"),
        ("chin", "chinese", "it names Chinese rules"),
        ("ing", "sst-ing", "it names Ing rules"),
        ("aga", "aga", "it names AGA rules"),
        ("zealand", "nz", "it names New Zealand rules"),
        ("tromp", "tromp-taylor", "it names Tromp-Taylor rules"),
        ("area", "chinese", "it names area scoring"),
        ("territory", "japanese", "it names territory scoring"),
    ];
    KEYWORDS
        .iter()
        .find(|(word, _, _)| key.contains(word))
        .map(|(_, name, why)| (*name, *why))
        .unwrap_or(("simplified-ing", "nothing in it names a known ruleset"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_match_issue_3() {
        let sir = Rules::named("egf").unwrap();
        assert_eq!(sir.name, "simplified-ing");
        assert_eq!(sir.repetition, Repetition::PositionalSuperko);
        assert_eq!(sir.suicide, Suicide::MultiStone);
        assert_eq!(sir.tie, Tie::Draw);
        assert_eq!((sir.default_komi, sir.handicap_komi), (8.0, 0.0));
        assert_eq!(sir.ending, Ending::TwoStage);

        let sst = Rules::named("GOE").unwrap();
        assert_eq!(sst.name, "sst-ing");
        assert_eq!(sst.repetition, Repetition::SstHotStones);
        assert_eq!(sst.seki_points, SekiPoints::Shared);
        assert_eq!(sst.tie, Tie::Black);
        assert_eq!(sst.ending, Ending::FourPass);

        let aga_ing = Rules::named("aga-ing").unwrap();
        assert_eq!(aga_ing.handicap_compensation, HandicapCompensation::N);
        assert_eq!(aga_ing.tie, Tie::WhiteInHandicapElseBlack);
        assert_eq!(aga_ing.repetition, Repetition::SstHotStones);

        let aga = Rules::named("AGA").unwrap();
        assert_eq!(aga.repetition, Repetition::SituationalSuperko);
        assert_eq!(aga.suicide, Suicide::Forbidden);
        assert_eq!(aga.handicap_compensation, HandicapCompensation::NMinusOne);
        assert_eq!(aga.komi_for(0), 7.5);
        assert_eq!(aga.komi_for(3), 0.5);
        assert!(aga.white_passes_last);

        assert_eq!(Rules::named("Tromp_Taylor").unwrap().name, "tromp-taylor");
        assert_eq!(Rules::named("korean").unwrap().scoring, Scoring::Territory);
        assert_eq!(Rules::named("nz").unwrap().default_komi, 7.0);
        assert!(matches!(
            Rules::named("klingon"),
            Err(RulesError::UnknownPreset(..))
        ));
    }

    #[test]
    fn every_alias_is_unique_across_presets() {
        let mut seen = std::collections::HashSet::new();
        for p in PRESETS {
            assert!(seen.insert(normalise(p.name)));
            for a in p.aliases {
                assert!(seen.insert(normalise(a)), "alias {a} used twice");
            }
        }
    }

    #[test]
    fn settings_parse_and_print_the_same_spelling() {
        for text in [
            "simple-ko",
            "positional-superko",
            "situational-superko",
            "natural-situational-superko",
            "sst-hot-stones",
        ] {
            assert_eq!(text.parse::<Repetition>().unwrap().to_string(), text);
        }
        assert_eq!(
            "n-1".parse::<HandicapCompensation>().unwrap().to_string(),
            "n-1"
        );
        assert_eq!(HandicapCompensation::NMinusOne.points(4), 3.0);
        assert_eq!(HandicapCompensation::N.points(1), 0.0);
        assert!("sometimes".parse::<Suicide>().is_err());
    }
}

#[cfg(test)]
mod override_tests {
    use super::*;

    #[test]
    fn overrides_change_only_what_they_name_and_say_so() {
        let mut rules = Rules::named("aga").unwrap();
        let o = Overrides {
            repetition: Some(Repetition::NaturalSituationalSuperko),
            suicide: Some(Suicide::Forbidden),
            ..Overrides::default()
        };
        let changed = o.apply(&mut rules);
        assert_eq!(changed, vec!["repetition=natural-situational-superko"]);
        assert_eq!(rules.repetition, Repetition::NaturalSituationalSuperko);
        assert_eq!(rules.name, "aga");
        assert!(Overrides::default().is_empty());
    }

    #[test]
    fn numbers_print_without_noise() {
        assert_eq!(format_number(8.0), "8");
        assert_eq!(format_number(7.5), "7.5");
        assert_eq!(format_number(-0.5), "-0.5");
        assert_eq!(format_number(3.75), "3.75");
    }

    #[test]
    fn description_lists_every_setting_with_its_source() {
        let text = describe(preset("sst").unwrap(), true);
        for (name, _) in SETTING_SOURCES {
            assert!(text.contains(name), "{name} missing");
        }
        assert!(text.contains("sst-hot-stones"));
        assert!(text.contains("§1.8"));
    }
}

#[cfg(test)]
mod selection_tests {
    use super::*;

    #[test]
    fn ru_alias_table_of_spec_7_1() {
        for (ru, name) in [
            ("GOE", "sst-ing"),
            ("Ing", "sst-ing"),
            ("Ing SST", "sst-ing"),
            ("EGF", "simplified-ing"),
            ("Simplified Ing", "simplified-ing"),
            ("SIR", "simplified-ing"),
            ("AGA", "aga"),
            ("bga", "aga"),
            ("French", "aga"),
            ("Japanese", "japanese"),
            ("Korean", "japanese"),
            ("Chinese", "chinese"),
            ("NZ", "nz"),
            ("Tromp-Taylor", "tromp-taylor"),
        ] {
            let s = select_for_record(Some(ru));
            assert_eq!(s.rules.name, name, "{ru}");
            assert_eq!(s.source, RulesSource::Record, "{ru}");
        }
    }

    #[test]
    fn absent_or_unknown_ru_is_assumed_with_a_reason() {
        let s = select_for_record(None);
        assert_eq!(
            (s.rules.name.as_str(), s.source),
            ("simplified-ing", RulesSource::Assumed)
        );
        let s = select_for_record(Some("koPOSITIONALscoreAREAtaxNONEsui1"));
        assert_eq!(
            (s.rules.name.as_str(), s.source),
            ("tromp-taylor", RulesSource::Assumed)
        );
        let s = select_for_record(Some("Japanese (old)"));
        assert_eq!(s.rules.name, "japanese");
        let s = select_for_record(Some("Lasker"));
        assert_eq!(s.rules.name, "simplified-ing");
        assert!(s.reason.contains("Lasker"));
    }
}
