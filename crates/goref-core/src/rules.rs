//! The rules as data: one struct of orthogonal settings and the named presets built
//! from it (in the manner of KataGo's `Rules`). Nothing else in goref branches on a
//! ruleset's *name*; every decision reads a setting.
//!
//! ```
//! use goref_core::rules::{Overrides, Preset, Repetition, Rules};
//!
//! assert!(Preset::ALL.iter().any(|p| p.name == "aga"));
//! let mut rules = Rules::named("Ing").unwrap(); // presets are found by name or alias
//! assert_eq!(rules.name, "sst-ing");
//! assert_eq!(rules.repetition, Repetition::SstHotStones);
//!
//! let overrides = Overrides { repetition: Some(Repetition::SimpleKo), ..Overrides::default() };
//! assert_eq!(overrides.apply(&mut rules), vec!["repetition=simple-ko"]);
//! assert_eq!(rules.settings()[0], ("repetition", "simple-ko".to_string()));
//! ```

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

mod presets;
mod selection;

pub use presets::Preset;
pub(crate) use presets::PRESETS;
pub(crate) use selection::select_for_record;
#[cfg(test)]
use selection::ALIASES;
pub(crate) use selection::{RulesSource, Selection};

/// How whole-board and local repetition is restricted.
///
/// ```
/// use goref_core::rules::{Repetition, Rules};
///
/// assert_eq!(Rules::named("japanese").unwrap().repetition, Repetition::SimpleKo);
/// assert_eq!(Rules::named("tromp-taylor").unwrap().repetition, Repetition::PositionalSuperko);
/// assert_eq!("situational-superko".parse::<Repetition>(), Ok(Repetition::SituationalSuperko));
/// ```
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
    /// No play may recreate the board as it stood after any of the same player's earlier
    /// moves, plays and passes alike (New Zealand: "a move" is a play or a pass).
    OwnMoveSuperko,
    /// Ing's 1991 hot stones and disturbing-ko recycling, read as R-SST (spec §1.8).
    SstHotStones,
}

/// Whether a play may remove the mover's own stones.
///
/// ```
/// use goref_core::rules::{Rules, Suicide};
///
/// assert_eq!(Rules::named("nz").unwrap().suicide, Suicide::AnySize);
/// assert_eq!(Rules::named("chinese").unwrap().suicide, Suicide::Forbidden);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Suicide {
    /// No suicide of any size.
    Forbidden,
    /// Suicide of a string of two or more stones is legal; a single stone never is
    /// (Ing's SST text forbids "self-removal of a single stone" outright).
    MultiStone,
    /// Suicide of any size is a legal play. A single-stone suicide leaves the board as
    /// it was, so only the repetition rule can forbid it (New Zealand, Tromp-Taylor).
    AnySize,
}

/// Who gets empty points bordered by both colours (dame and seki eyes shared by both).
///
/// ```
/// use goref_core::rules::{Rules, SekiPoints};
///
/// assert_eq!(Rules::named("chinese").unwrap().seki_points, SekiPoints::Nobody);
/// assert_eq!("shared".parse::<SekiPoints>(), Ok(SekiPoints::Shared));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SekiPoints {
    /// They count for nobody.
    Nobody,
    /// They are shared in pairs by Ing fill-in; an odd one stays empty (spec §3.1 item 5).
    Shared,
}

/// Who wins when the final margin is exactly zero.
///
/// ```
/// use goref_core::rules::{Rules, Tie};
///
/// assert_eq!(Rules::named("japanese").unwrap().tie, Tie::Draw);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tie {
    /// A draw (jigo), `RE[0]`.
    Draw,
    /// Black wins, RE[B+0] (spec §3.4).
    Black,
    /// White wins in handicap games, Black in even games (KSS, spec §3.5).
    WhiteInHandicapElseBlack,
}

/// Extra points White receives in a handicap game of N stones.
///
/// ```
/// use goref_core::rules::{HandicapCompensation, Rules};
///
/// assert_eq!(Rules::named("aga").unwrap().handicap_compensation, HandicapCompensation::NMinusOne);
/// assert_eq!(Rules::named("japanese").unwrap().handicap_compensation, HandicapCompensation::None);
/// ```
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
///
/// ```
/// use goref_core::rules::{Ending, Rules};
///
/// assert_eq!(Rules::named("sst-ing").unwrap().ending, Ending::FourPass);
/// assert_eq!(Rules::named("simplified-ing").unwrap().ending, Ending::TwoStage);
/// ```
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
///
/// ```
/// use goref_core::rules::{Rules, Scoring};
///
/// assert_eq!(Rules::named("japanese").unwrap().scoring, Scoring::Territory);
/// assert_eq!(Rules::named("aga").unwrap().scoring, Scoring::Area);
/// ```
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
    /// The name in reports and rule listings.
    pub fn as_str(self) -> &'static str {
        match self {
            Scoring::Area => "area",
            Scoring::Territory => "territory",
        }
    }
}

/// The one table of rule settings. Each entry is a field of [`Rules`]: its doc, its type,
/// the section of `shared/spec/rules.md` that specifies it and, where the command line
/// overrides it, the flag, the flag's value name and its help. The table's order is the
/// order of every listing (`goref rules`, [`settings`], JSON).
///
/// The table is handed to a macro (`$callback`) that builds what it needs from it: in this
/// module [`Rules`], [`Overrides`], [`Overrides::apply`], [`settings`] and
/// [`SETTING_SOURCES`]; in the binary the clap flags of the "Rule overrides" group. So a
/// new setting is one entry here, and nothing can list it without overriding it or
/// override it without listing it.
#[doc(hidden)]
#[macro_export]
macro_rules! rule_settings {
    ($callback:ident) => {
        $callback! {
            /// How repetition is restricted.
            repetition: $crate::rules::Repetition {
                source: "Repetition; SST Ing: hot stones and recycling",
                flag: "ko",
                value_name: "RULE",
                help: "Override the repetition rule: simple-ko, positional-superko, situational-superko, natural-situational-superko, own-move-superko or sst-hot-stones.",
            }
            /// Whether a play may remove the mover's own stones.
            suicide: $crate::rules::Suicide {
                source: "The rules goref enforces: single-stone and group suicide",
                flag: "suicide",
                value_name: "forbidden|multi-stone|any-size",
                help: "Override the suicide rule.",
            }
            /// What the score counts.
            scoring: $crate::rules::Scoring {
                source: "Dead stones and the result",
            }
            /// Who gets empty points bordered by both colours.
            seki_points: $crate::rules::SekiPoints {
                source: "Dead stones and the result",
                flag: "seki-points",
                value_name: "nobody|shared",
                help: "Override who gets seki and dame points.",
            }
            /// Who wins when the final margin is exactly zero.
            tie: $crate::rules::Tie {
                source: "Dead stones and the result",
                flag: "tie",
                value_name: "draw|black|white-in-handicap-else-black",
                help: "Override the tie rule.",
            }
            /// Extra points White receives in a handicap game.
            handicap_compensation: $crate::rules::HandicapCompensation {
                source: "Dead stones and the result",
                flag: "handicap-compensation",
                value_name: "0|n|n-1",
                help: "Override the handicap compensation.",
            }
            /// Komi in even games when neither the command line nor the record gives one.
            default_komi: f64 {
                source: "Rules are data",
            }
            /// Komi in handicap games when neither the command line nor the record gives one.
            handicap_komi: f64 {
                source: "Rules are data",
            }
            /// How the end of the game is reached.
            ending: $crate::rules::Ending {
                source: "End of game",
                flag: "ending",
                value_name: "two-stage|four-pass",
                help: "Override the ending (two-stage or four-pass).",
            }
            /// White must make the last pass (AGA, spec §5).
            white_passes_last: bool {
                source: "End of game",
                flag: "white-passes-last",
                value_name: "BOOL",
                help: "Override whether White must pass last.",
            }
        }
    };
}

/// Builds [`Rules`], [`Overrides`], [`Rules::settings`] and `SETTING_SOURCES` from the table of
/// [`rule_settings!`].
macro_rules! define_rules {
    ($(
        $(#[$doc:meta])*
        $field:ident : $ty:ty {
            source: $source:literal,
            $(flag: $flag:literal, value_name: $value_name:literal, help: $help:literal,)?
        }
    )+) => {
        /// A complete ruleset: a name and one value for every setting.
        ///
        /// ```
        /// use goref_core::rules::{Ending, Repetition, Rules, Scoring};
        ///
        /// let sst = Rules::named("sst-ing").unwrap();
        /// assert_eq!((sst.repetition, sst.scoring, sst.ending), (Repetition::SstHotStones, Scoring::Area, Ending::FourPass));
        /// assert_eq!(sst.default_komi, 8.0);
        /// assert_eq!(sst.settings().len(), 10);
        /// ```
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        pub struct Rules {
            /// The preset it was built from (after overrides it keeps the preset's name).
            pub name: String,
            $($(#[$doc])* pub $field: $ty,)+
        }

        /// Settings given on the command line (or by an embedding program) that replace a
        /// preset's values. `None` keeps the preset's value.
        #[derive(Clone, Debug, Default, PartialEq)]
        pub struct Overrides {
            $(pub $field: Option<$ty>,)+
        }

        impl Overrides {
            /// Applies the overrides to a preset's rules and lists what changed
            /// (`"repetition=simple-ko"`), for the report's `rules.source`.
            pub fn apply(&self, rules: &mut Rules) -> Vec<String> {
                let mut changed = Vec::new();
                $(if let Some(value) = self.$field {
                    if rules.$field != value {
                        changed.push(format!("{}={}", stringify!($field).replace('_', "-"), value));
                    }
                    rules.$field = value;
                })+
                changed
            }
        }

        impl Rules {
            /// The settings of a ruleset as (name, value) pairs, in documentation order.
            pub fn settings(&self) -> Vec<(&'static str, String)> {
                vec![$((stringify!($field), SettingText::setting_text(&self.$field)),)+]
            }
        }

        /// Where each setting is specified in `shared/spec/rules.md`, for `goref rules NAME`.
        pub(crate) const SETTING_SOURCES: &[(&str, &str)] = &[$((stringify!($field), $source),)+];
    };
}
rule_settings!(define_rules);

/// A setting's value as `goref rules` prints it.
trait SettingText {
    fn setting_text(&self) -> String;
}

impl SettingText for f64 {
    fn setting_text(&self) -> String {
        format_number(*self)
    }
}

impl SettingText for bool {
    fn setting_text(&self) -> String {
        self.to_string()
    }
}

impl Overrides {
    /// True when no setting is overridden.
    pub fn is_empty(&self) -> bool {
        *self == Overrides::default()
    }
}

/// Error for an unknown preset name or setting value.
#[derive(Clone, Debug, thiserror::Error, PartialEq)]
pub(crate) enum RulesError {
    #[error("unknown rules `{0}`; known presets: {1}")]
    UnknownPreset(String, String),
    #[error("invalid value `{value}` for {setting}; expected one of: {expected}")]
    InvalidSetting {
        setting: &'static str,
        value: String,
        expected: &'static str,
    },
}

impl Rules {
    /// The rules of a preset, by name or alias.
    pub fn named(name: &str) -> Result<Rules, crate::Error> {
        Preset::lookup(name).map(Preset::rules)
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
            type Err = crate::Error;
            fn from_str(s: &str) -> Result<Self, crate::Error> {
                match s.trim().to_ascii_lowercase().as_str() {
                    $($text => Ok($value),)+
                    _ => Err(RulesError::InvalidSetting {
                        setting: $setting,
                        value: s.to_string(),
                        expected: $expected,
                    }
                    .into()),
                }
            }
        }
    };
}

setting_from_str!(Repetition, "repetition", "simple-ko, positional-superko, situational-superko, natural-situational-superko, own-move-superko, sst-hot-stones", {
    "simple-ko" => Repetition::SimpleKo,
    "positional-superko" => Repetition::PositionalSuperko,
    "psk" => Repetition::PositionalSuperko,
    "situational-superko" => Repetition::SituationalSuperko,
    "ssk" => Repetition::SituationalSuperko,
    "natural-situational-superko" => Repetition::NaturalSituationalSuperko,
    "nssk" => Repetition::NaturalSituationalSuperko,
    "own-move-superko" => Repetition::OwnMoveSuperko,
    "nz-superko" => Repetition::OwnMoveSuperko,
    "sst-hot-stones" => Repetition::SstHotStones,
});
setting_from_str!(Suicide, "suicide", "forbidden, multi-stone, any-size", {
    "forbidden" => Suicide::Forbidden,
    "multi-stone" => Suicide::MultiStone,
    "any-size" => Suicide::AnySize,
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
        }
        impl SettingText for $ty {
            fn setting_text(&self) -> String {
                self.to_string()
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

/// Scores and komi are whole or half points; anything finer than a millionth is
/// float noise from sums, and `-0` is `0`.
pub(crate) fn tidy_number(x: f64) -> f64 {
    if x.abs() >= 1e15 {
        // No noise to remove at this size, and `x * 1e6` could overflow to infinity.
        return x;
    }
    let r = (x * 1e6).round() / 1e6;
    if r == 0.0 {
        0.0 // no "-0"
    } else {
        r
    }
}

/// RE for a result: "B+1", "W+0.5", "B+0" (tie broken), "0" (draw); the margin's sign
/// is ignored (the winner says whose it is).
pub(crate) fn result_text(winner: Option<crate::point::Color>, margin: f64) -> String {
    match winner {
        Some(w) => format!("{}+{}", w.letter(), format_number(margin.abs())),
        None => "0".to_string(),
    }
}

/// Prints a number as people write it, without float noise: `7.5`, `8`, `-0.5`, `0`
/// (never `0.30000000000000004` or `-0`). The one number formatter for komi, scores,
/// margins and seconds in goref's own texts; its cases are the unit tests below.
pub(crate) fn format_number(value: f64) -> String {
    if !value.is_finite() {
        return value.to_string();
    }
    let t = tidy_number(value);
    if t.fract() == 0.0 && t.abs() < 9.0e15 {
        (t as i64).to_string()
    } else if (t * 2.0).fract() == 0.0 && t.abs() < 9.0e15 {
        // A half (komi, margins): what `{t}` prints, without the float formatter, which
        // is most of the cost of a count's summary line.
        let mut out = if t < 0.0 {
            String::from("-")
        } else {
            String::new()
        };
        out.push_str(&(t.abs().trunc() as i64).to_string());
        out.push_str(".5");
        out
    } else {
        format!("{t}")
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn format_number_prints_halves_and_whole_numbers_as_the_float_formatter_does() {
        for twice in -4001i64..=4001 {
            let x = twice as f64 / 2.0;
            let expected = if x.fract() == 0.0 {
                format!("{}", x as i64)
            } else {
                format!("{x}")
            };
            assert_eq!(super::format_number(x), expected, "{x}");
        }
        assert_eq!(super::format_number(-0.5), "-0.5");
        assert_eq!(super::format_number(0.25), "0.25");
        assert_eq!(super::format_number(1e15 + 0.5), format!("{}", 1e15 + 0.5));
    }

    use super::*;
    use crate::rules::selection::normalise;
    use crate::rules::selection::preset_for_ru;
    use crate::rules::selection::same_name;

    #[test]
    fn names_match_however_they_are_spaced_cased_or_hyphenated() {
        for (name, wanted) in [
            ("  Simplified_ING ", "simplified ing"),
            ("new-zealand", "new zealand"),
            ("Ing\t GOE", "ing goe"),
            ("--x__y  z-", "x y z"),
            ("", ""),
            ("ÉGF", "Égf"),
        ] {
            assert_eq!(normalise(name), wanted, "{name:?}");
            assert!(same_name(name, wanted), "{name:?}");
            assert!(!same_name(name, &format!("{wanted}x")), "{name:?}");
        }
        assert!(!same_name("aga", "ag"));
        assert_eq!(
            Preset::named("Tromp_Taylor").map(|p| p.name),
            Some("tromp-taylor")
        );
        assert_eq!(Preset::named(" KSS ").map(|p| p.name), Some("aga-ing"));
        // A Record-only alias is no --rules name.
        assert!(Preset::named("Ing GOE").is_none());
        assert_eq!(preset_for_ru(&normalise("Ing-GOE")), Some("sst-ing"));
        assert_eq!(preset_for_ru(&normalise("KSS")), None);
    }

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
        assert_eq!(
            Rules::named("klingon"),
            Err(RulesError::UnknownPreset("klingon".into(), Preset::names()).into())
        );
    }

    /// The komi switch (spec §3.5): a handicap game starts at 2 stones; 0 and 1 are even
    /// games (HA[1] is an even game, and HA[2] with one stone placed reaches 1).
    #[test]
    fn komi_for_switches_at_two_handicap_stones_in_every_preset() {
        for p in PRESETS {
            let r = p.rules();
            for (stones, komi) in [
                (0, r.default_komi),
                (1, r.default_komi),
                (2, r.handicap_komi),
                (9, r.handicap_komi),
            ] {
                assert_eq!(r.komi_for(stones), komi, "{} with {stones} stones", p.name);
            }
        }
        // The boundary is visible only where the two komis differ: make sure one does.
        let aga = Rules::named("aga").unwrap();
        assert_ne!(aga.default_komi, aga.handicap_komi);
        assert_eq!((aga.komi_for(1), aga.komi_for(2)), (7.5, 0.5));
    }

    #[test]
    fn one_alias_table_serves_the_option_and_the_record() {
        for (alias, name, _) in ALIASES {
            assert!(PRESETS.iter().any(|p| p.name == *name), "{alias} -> {name}");
        }
        // Both: `--rules` and RU.
        assert_eq!(Preset::named("french").map(|p| p.name), Some("aga"));
        assert_eq!(
            select_for_record(Some("French")).source,
            RulesSource::Record
        );
        // Option only: RU[kr] is not in the spec §7.1 table.
        assert_eq!(Preset::named("kr").map(|p| p.name), Some("japanese"));
        assert_eq!(select_for_record(Some("kr")).source, RulesSource::Assumed);
        // Record only: a spelling records use, not offered by `goref rules`.
        assert!(Preset::named("ing goe").is_none());
        let goe = select_for_record(Some("Ing GOE"));
        assert_eq!(
            (goe.source, goe.rules.name),
            (RulesSource::Record, "sst-ing".into())
        );
        assert!(!Preset::named("aga").unwrap().aliases().contains(&"aga"));
    }

    #[test]
    fn every_alias_is_unique_across_presets() {
        let mut seen = std::collections::HashSet::new();
        for p in PRESETS {
            assert!(seen.insert(normalise(p.name)));
            for a in p.aliases() {
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
            "own-move-superko",
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
    use crate::rules::presets::value_column_width;

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
        assert!(!o.is_empty());
    }

    #[test]
    fn numbers_print_without_noise() {
        assert_eq!(format_number(8.0), "8");
        assert_eq!(format_number(7.5), "7.5");
        assert_eq!(format_number(-0.5), "-0.5");
        assert_eq!(format_number(3.75), "3.75");
        assert_eq!(format_number(0.1 + 0.2), "0.3");
        assert_eq!(format_number(-0.0), "0");
        // Whole numbers beyond what an i64 holds do not saturate.
        assert_eq!(format_number(1e19), "10000000000000000000");
    }

    #[test]
    fn every_preset_cites_its_rule_text_for_every_setting() {
        for p in PRESETS {
            let cited: Vec<&str> = p.cites.iter().map(|(n, _)| *n).collect();
            let listed: Vec<&str> = p.rules().settings().iter().map(|(n, _)| *n).collect();
            assert_eq!(cited, listed, "{}", p.name);
            assert!(p.text.contains("http"), "{}: {}", p.name, p.text);
            assert!(p.cites.iter().all(|(_, c)| !c.is_empty()), "{}", p.name);
        }
    }

    #[test]
    fn the_source_column_starts_at_the_same_place_in_every_listing() {
        let width = value_column_width();
        for p in PRESETS {
            let text = p.describe(true);
            for ((name, value), (_, cite)) in p.rules().settings().iter().zip(p.cites) {
                let line = text
                    .lines()
                    .find(|l| l.split_whitespace().next() == Some(*name))
                    .unwrap();
                // Setting, value and source each start at a fixed column.
                assert!(line[25..].starts_with(&format!("{value} ")), "{line}");
                assert_eq!(line.find(cite), Some(25 + width + 2), "{line}");
            }
        }
    }

    #[test]
    fn presets_follow_their_rule_texts() {
        let nz = Rules::named("nz").unwrap();
        assert_eq!(nz.repetition, Repetition::OwnMoveSuperko);
        assert_eq!(nz.suicide, Suicide::AnySize);
        assert_eq!(nz.handicap_compensation, HandicapCompensation::None);
        assert_eq!((nz.komi_for(0), nz.komi_for(2)), (7.0, 0.0));
        let tt = Rules::named("tromp-taylor").unwrap();
        assert_eq!(
            (tt.repetition, tt.suicide),
            (Repetition::PositionalSuperko, Suicide::AnySize)
        );
        assert_eq!(
            "any-size".parse::<Suicide>().unwrap().to_string(),
            "any-size"
        );
    }

    #[test]
    fn description_lists_every_setting_with_its_source() {
        let text = Preset::named("sst").unwrap().describe(true);
        for (name, _) in SETTING_SOURCES {
            assert!(text.contains(name), "{name} missing");
        }
        assert!(text.contains("sst-hot-stones"));
        assert!(text.contains("(docs/rules.md: Repetition; SST Ing: hot stones and recycling)"));
    }
}

#[cfg(test)]
mod table_tests {
    use super::*;

    /// Overrides naming every setting of another preset turn one preset into the other,
    /// and `apply` reports exactly the settings that changed, spelled as `settings` and
    /// the flags spell them.
    #[test]
    fn overriding_every_setting_turns_one_preset_into_another() {
        for from in PRESETS {
            for to in PRESETS {
                let target = to.rules();
                let overrides = every_setting_of(&target);
                let mut rules = from.rules();
                let changed = overrides.apply(&mut rules);
                assert_eq!(
                    rules.settings(),
                    target.settings(),
                    "{} -> {}",
                    from.name,
                    to.name
                );
                assert_eq!(rules.name, from.name);
                let expected: Vec<String> = from
                    .rules()
                    .settings()
                    .into_iter()
                    .zip(target.settings())
                    .filter(|((_, a), (_, b))| a != b)
                    .map(|((name, _), (_, b))| format!("{}={b}", name.replace('_', "-")))
                    .collect();
                assert_eq!(changed, expected, "{} -> {}", from.name, to.name);
            }
        }
    }

    #[test]
    fn every_setting_has_a_source_in_listing_order() {
        let listed: Vec<&str> = Rules::named("aga")
            .unwrap()
            .settings()
            .iter()
            .map(|(n, _)| *n)
            .collect();
        let sourced: Vec<&str> = SETTING_SOURCES.iter().map(|(n, _)| *n).collect();
        assert_eq!(listed, sourced);
        assert!(SETTING_SOURCES.iter().all(|(_, s)| !s.is_empty()));
        assert_eq!(listed.len(), 10);
    }

    /// Overrides that set every setting to `rules`' value.
    fn every_setting_of(rules: &Rules) -> Overrides {
        Overrides {
            repetition: Some(rules.repetition),
            suicide: Some(rules.suicide),
            scoring: Some(rules.scoring),
            seki_points: Some(rules.seki_points),
            tie: Some(rules.tie),
            handicap_compensation: Some(rules.handicap_compensation),
            default_komi: Some(rules.default_komi),
            handicap_komi: Some(rules.handicap_komi),
            ending: Some(rules.ending),
            white_passes_last: Some(rules.white_passes_last),
        }
    }
}
