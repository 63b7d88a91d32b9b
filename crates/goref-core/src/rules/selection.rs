//! Choosing a ruleset by name: `--rules` names and aliases, and a record's RU (with
//! the nearest preset where RU names none).

use super::presets::simplified_ing;
use super::*;
use crate::rules::RulesError;

/// Normalises a name for lookup: case-insensitive, `_`, `-` and spaces equivalent.
pub(super) fn normalise(name: &str) -> String {
    normalised_chars(name).collect()
}

/// The characters of [`normalise`]`(name)`, without building the string: the words
/// (split at whitespace, `_` and `-`) in ASCII lower case, one space between them.
pub(super) fn normalised_chars(name: &str) -> impl Iterator<Item = char> + '_ {
    name.split(|c: char| c.is_whitespace() || c == '_' || c == '-')
        .filter(|word| !word.is_empty())
        .enumerate()
        .flat_map(|(k, word)| {
            (k > 0)
                .then_some(' ')
                .into_iter()
                .chain(word.chars().map(|c| c.to_ascii_lowercase()))
        })
}

/// Whether `name` normalises to `wanted` (already normalised). Every record's RU is
/// looked up against every name in the tables, so this allocates nothing.
pub(super) fn same_name(name: &str, wanted: &str) -> bool {
    normalised_chars(name).eq(wanted.chars())
}

impl Preset {
    /// The canonical preset names, comma-separated: the list every "unknown rules"
    /// message shows.
    pub fn names() -> String {
        PRESETS
            .iter()
            .map(|p| p.name)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Finds a preset by canonical name or alias.
    pub fn named(name: &str) -> Option<&'static Preset> {
        let wanted = normalise(name);
        PRESETS.iter().find(|p| {
            same_name(p.name, &wanted)
                || ALIASES.iter().any(|(alias, preset, used)| {
                    *preset == p.name && *used != AliasUse::Record && same_name(alias, &wanted)
                })
        })
    }

    /// [`Preset::named`], or the error that names every preset.
    ///
    /// ```
    /// use goref_core::rules::Preset;
    ///
    /// assert_eq!(Preset::lookup("EGF").unwrap().name, "simplified-ing");
    /// let e = Preset::lookup("martian").unwrap_err().to_string();
    /// assert!(e.starts_with("unknown rules `martian`; known presets: simplified-ing, sst-ing"));
    /// ```
    pub fn lookup(name: &str) -> Result<&'static Preset, crate::Error> {
        Preset::named(name)
            .ok_or_else(|| RulesError::UnknownPreset(name.to_string(), Preset::names()).into())
    }
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

/// Where another name of a preset is accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AliasUse {
    /// `--rules NAME` and a record's RU.
    Both,
    /// `--rules NAME` only (short names nobody writes in RU).
    Option,
    /// A record's RU only (a canonical name as RU writes it, or a spelling that only
    /// records use); `goref rules` does not list it.
    Record,
}

/// Every other name of every preset: the one alias table. `--rules` accepts the
/// canonical names and the `Both` and `Option` entries (listed by `goref rules` in
/// this order); a record's RU is recognised by the `Both` and `Record` entries, the RU
/// alias table of spec §7.1. Matching is case-insensitive, `_`, `-` and spaces equivalent.
pub(crate) const ALIASES: &[(&str, &str, AliasUse)] = &[
    ("sir", "simplified-ing", AliasUse::Both),
    ("egf", "simplified-ing", AliasUse::Both),
    ("simplified ing", "simplified-ing", AliasUse::Record),
    ("ing", "sst-ing", AliasUse::Both),
    ("goe", "sst-ing", AliasUse::Both),
    ("sst", "sst-ing", AliasUse::Both),
    ("ing sst", "sst-ing", AliasUse::Both),
    ("ing goe", "sst-ing", AliasUse::Record),
    ("kss", "aga-ing", AliasUse::Option),
    ("aga variant", "aga-ing", AliasUse::Option),
    ("aga concise", "aga", AliasUse::Option),
    ("bga", "aga", AliasUse::Both),
    ("french", "aga", AliasUse::Both),
    ("aga", "aga", AliasUse::Record),
    ("korean", "japanese", AliasUse::Both),
    ("jp", "japanese", AliasUse::Option),
    ("kr", "japanese", AliasUse::Option),
    ("japanese", "japanese", AliasUse::Record),
    ("cn", "chinese", AliasUse::Option),
    ("chinese", "chinese", AliasUse::Record),
    ("new zealand", "nz", AliasUse::Both),
    ("nz", "nz", AliasUse::Record),
    ("tt", "tromp-taylor", AliasUse::Option),
    ("tromp taylor", "tromp-taylor", AliasUse::Record),
];

impl Preset {
    /// The other names `--rules` accepts for this preset, as `goref rules` lists them.
    pub fn aliases(&self) -> Vec<&'static str> {
        ALIASES
            .iter()
            .filter(|(_, preset, used)| *preset == self.name && *used != AliasUse::Record)
            .map(|(alias, _, _)| *alias)
            .collect()
    }
}

/// The preset a record's RU names through the alias table, if any.
pub(super) fn preset_for_ru(key: &str) -> Option<&'static str> {
    ALIASES
        .iter()
        .find(|(alias, _, used)| *used != AliasUse::Option && same_name(alias, key))
        .map(|(_, preset, _)| *preset)
}

/// Chooses the rules for `--rules auto` from the record's RU (issue 5, spec §7.1).
pub(crate) fn select_for_record(recorded: Option<&str>) -> Selection {
    let Some(ru) = recorded.map(str::trim).filter(|s| !s.is_empty()) else {
        return Selection {
            rules: simplified_ing(),
            source: RulesSource::Assumed,
            reason: "the record has no RU; Simplified Ing (the EGF rules) assumed".into(),
        };
    };
    let key = normalise(ru);
    if let Some(name) = preset_for_ru(&key) {
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
pub(super) fn nearest_preset(key: &str) -> (&'static str, &'static str) {
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
        // Each ko and scoring part of KataGo's compact strings.
        for (ru, preset) in [
            ("koSITUATIONALscoreAREAtaxNONEsui1", "nz"),
            ("koSITUATIONALscoreAREAtaxNONEsui0", "aga"),
            ("koSIMPLEscoreTERRITORYtaxSEKIsui0", "japanese"),
            ("koSIMPLEscoreAREAtaxNONEsui0", "chinese"),
        ] {
            assert_eq!(select_for_record(Some(ru)).rules.name, preset, "{ru}");
        }
        let s = select_for_record(Some("Japanese (old)"));
        assert_eq!(s.rules.name, "japanese");
        let s = select_for_record(Some("Lasker"));
        assert_eq!(s.rules.name, "simplified-ing");
        assert!(s.reason.contains("Lasker"));
    }
}

/// The examples that documented crate-private items, kept as tests.
#[cfg(test)]
mod doc_examples {
    #[allow(unused_imports)]
    use super::*;

    #[test]
    fn selection_names_source() {
        use crate::check::RefereeOptions;
        use crate::count;
        use crate::read::{read, ReadOptions};
        use crate::rules::RulesSource;

        let record = &read(b"(;SZ[9]RU[Korean];B[ee])", &ReadOptions::default()).games[0];
        let selection = count::referee(record, &RefereeOptions::default())
            .judged
            .selection;
        assert_eq!(
            (selection.rules.name.as_str(), selection.source),
            ("japanese", RulesSource::Record)
        );
        assert!(selection.reason.contains("Korean"));
    }
}
