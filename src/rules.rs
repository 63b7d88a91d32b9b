//! The rules as data: one struct of orthogonal settings and the named presets built
//! from it (in the manner of KataGo's `Rules`). Nothing else in goref branches on a
//! ruleset's *name*; every decision reads a setting.
//!
//! ```
//! use goref::rules::{Overrides, Repetition, Rules, PRESETS};
//!
//! assert!(PRESETS.iter().any(|p| p.name == "aga"));
//! let mut rules = Rules::named("Ing").unwrap(); // presets are found by name or alias
//! assert_eq!(rules.name, "sst-ing");
//! assert_eq!(rules.repetition, Repetition::SstHotStones);
//!
//! let overrides = Overrides { repetition: Some(Repetition::SimpleKo), ..Overrides::default() };
//! assert_eq!(overrides.apply(&mut rules), vec!["repetition=simple-ko"]);
//! assert_eq!(goref::rules::settings(&rules)[0], ("repetition", "simple-ko".to_string()));
//! ```

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
    /// No play may recreate the board as it stood after any of the same player's earlier
    /// moves, plays and passes alike (New Zealand: "a move" is a play or a pass).
    OwnMoveSuperko,
    /// Ing's 1991 hot stones and disturbing-ko recycling, read as R-SST (spec §1.8).
    SstHotStones,
}

/// Whether a play may remove the mover's own stones.
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

/// Builds [`Rules`], [`Overrides`], [`settings`] and [`SETTING_SOURCES`] from the table of
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

        /// The settings of a ruleset as (name, value) pairs, in documentation order.
        pub fn settings(rules: &Rules) -> Vec<(&'static str, String)> {
            vec![$((stringify!($field), SettingText::setting_text(&rules.$field)),)+]
        }

        /// Where each setting is specified in `shared/spec/rules.md`, for `goref rules NAME`.
        pub const SETTING_SOURCES: &[(&str, &str)] = &[$((stringify!($field), $source),)+];
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

/// One named preset: its canonical name, a one-line description and where in the
/// spec it comes from (its other names are in [`ALIASES`]).
pub struct Preset {
    pub name: &'static str,
    pub summary: &'static str,
    /// The public rule text the preset follows: title and address.
    pub text: &'static str,
    /// For every setting (in [`settings`] order), what that text says of it, or why
    /// the value is goref's choice where the text is silent.
    pub cites: &'static [(&'static str, &'static str)],
    build: fn() -> Rules,
}

impl Preset {
    pub fn rules(&self) -> Rules {
        (self.build)()
    }
}

impl Overrides {
    /// True when no setting is overridden.
    pub fn is_empty(&self) -> bool {
        *self == Overrides::default()
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
        repetition: Repetition::OwnMoveSuperko,
        suicide: Suicide::AnySize,
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
        suicide: Suicide::AnySize,
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
        summary: "EGF Simplified Ing Rules: positional superko, group suicide legal, two-stage ending",
        text: "Simplified Ing Rules (EGF), http://home.snafu.de/~jasiek/siming.html; EGF General Tournament Rules, https://www.eurogofed.org/egf/tourrules.htm",
        cites: &[
            ("repetition", "SIR: \"A play may not recreate a previous position\" (the board after all removals)"),
            ("suicide", "SIR: \"A play may remove one's own stones\"; a single stone's removal recreates the position, so the repetition rule forbids it"),
            ("scoring", "SIR: all intersections occupied by or surrounded only by one's own stones"),
            ("seki_points", "SIR: empty regions touching both colours count for nobody"),
            ("tie", "SIR: the game is a tie \"because the two scores are equal\""),
            ("handicap_compensation", "SIR: none"),
            ("default_komi", "EGF tournament rules: 8 with Ing material"),
            ("handicap_komi", "not in the texts; goref uses 0"),
            ("ending", "SIR: two successive passes stop; after a resumption the game is scored immediately after the second stop"),
            ("white_passes_last", "SIR: no such rule"),
        ],
        build: simplified_ing,
    },
    Preset {
        name: "sst-ing",
        summary: "Ing's SST Laws of 1991: hot stones, disturbing ko, four-pass ending, fill-in counting",
        text: "Ing's SST Laws of Wei-Chi (1991), tr. J. Davies, http://www.cs.cmu.edu/~wjh/go/rules/SST.html",
        cites: &[
            ("repetition", "SST Art. 1: prohibited are \"immediate removal of hot stones, and recycling\" (read as R-SST)"),
            ("suicide", "SST Art. 1: \"Self-removal of a single stone\" is prohibited; self-removal of a group \"is not prohibited\""),
            ("scoring", "SST: fill-in counting, stones and spaces both count"),
            ("seki_points", "SST translator's note: shared seki spaces are divided equally"),
            ("tie", "Ing counting: 8 points of compensation, Black wins ties"),
            ("handicap_compensation", "SST: the text says nothing"),
            ("default_komi", "Ing counting: 8 points (4 compensation stones)"),
            ("handicap_komi", "SST: the text says nothing; goref uses 0"),
            ("ending", "SST terminology 18-19: two passes pause play; four passes end it and play \"cannot resume for any reason\""),
            ("white_passes_last", "SST: no such rule"),
        ],
        build: sst_ing,
    },
    Preset {
        name: "aga-ing",
        summary: "Ing counting with handicap compensation of N points; White wins ties in handicap games",
        text: "Kim, Simon, Straus, Ing's SST Rules of Go (KSS), http://www.cs.cmu.edu/~wjh/go/rules/KSS.html; otherwise as sst-ing",
        cites: &[
            ("repetition", "as sst-ing: SST Art. 1 hot stones and recycling (read as R-SST)"),
            ("suicide", "as sst-ing: single-stone self-removal prohibited, group self-removal allowed"),
            ("scoring", "as sst-ing: Ing fill-in counting"),
            ("seki_points", "as sst-ing: shared seki spaces divided equally"),
            ("tie", "KSS: White wins ties in handicap games; Black wins them in even games"),
            ("handicap_compensation", "KSS: White receives N points for N handicap stones"),
            ("default_komi", "as sst-ing: 8 points"),
            ("handicap_komi", "KSS: compensation is the N points; goref adds no komi"),
            ("ending", "as sst-ing: four passes end the game"),
            ("white_passes_last", "KSS: no such rule"),
        ],
        build: aga_ing,
    },
    Preset {
        name: "aga",
        summary: "AGA Concise Rules: situational superko, no suicide, N-1 compensation, White passes last",
        text: "AGA Rules of Go and Concise Rules, https://www.usgo.org/aga-concise-rules-go, https://cs.cmu.edu/~wjh/go/rules/AGA.html; BGA summary, http://www.britgo.org/rules/agasummary.html",
        cites: &[
            ("repetition", "AGA: \"It is illegal to play in such a way as to recreate a previous board position from the game, with the same player to play\""),
            ("suicide", "AGA: suicide is prohibited"),
            ("scoring", "AGA: area counting (territory counting with pass stones gives the same result)"),
            ("seki_points", "AGA: neutral points count for nobody; eyes in seki count as area"),
            ("tie", "AGA: half-point komi, so ties cannot occur"),
            ("handicap_compensation", "AGA Concise Rules 4: \"an additional point of compensation for each Black handicap stone after the first\""),
            ("default_komi", "AGA: 7.5 in even games (since 2005)"),
            ("handicap_komi", "AGA: \"In handicap games, Black gives White 1/2 point compensation\""),
            ("ending", "AGA: two passes stop; if the first two moves of a resumption are passes the game ends with all stones on the board"),
            ("white_passes_last", "AGA: White must make the last pass"),
        ],
        build: aga,
    },
    Preset {
        name: "japanese",
        summary: "Japanese and Korean rules: simple ko; cycles are warnings; territory counting (territory plus prisoners, no points in seki)",
        text: "Japanese Rules of Go (Nihon Ki-in, 1989), https://www.cs.cmu.edu/~wjh/go/rules/Japanese.html",
        cites: &[
            ("repetition", "Japanese Art. 6: a ko may not be retaken immediately; a recurring whole-board cycle makes the game no result"),
            ("suicide", "Japanese: a play that leaves its own stones without liberties is prohibited"),
            ("scoring", "Japanese Art. 8-10: territory plus prisoners (captured stones and dead stones removed); points in seki are not territory; goref counts it so (docs/scoring.md, Territory counting)"),
            ("seki_points", "Japanese: points in seki are not territory"),
            ("tie", "Japanese: equal scores are a jigo"),
            ("handicap_compensation", "Japanese: none"),
            ("default_komi", "Nihon Ki-in tournament komi 6.5"),
            ("handicap_komi", "not in the text; goref uses 0.5"),
            ("ending", "Japanese: successive passes end the game; disputes are resolved by resuming"),
            ("white_passes_last", "Japanese: no such rule"),
        ],
        build: japanese,
    },
    Preset {
        name: "chinese",
        summary: "Chinese rules: simple ko, no suicide, area scoring, N compensation, komi 7.5",
        text: "Chinese Rules of Go (1988), https://www.cs.cmu.edu/~wjh/go/rules/Chinese.html",
        cites: &[
            ("repetition", "Chinese: retaking a ko requires a play elsewhere first; whole-board cycles are settled by the referee"),
            ("suicide", "Chinese: a play that leaves its own stones without liberties is prohibited"),
            ("scoring", "Chinese: area counting, stones plus surrounded points"),
            ("seki_points", "Chinese: shared points count for nobody (goref's reading)"),
            ("tie", "Chinese: equal counts are a draw"),
            ("handicap_compensation", "Chinese counting: Black returns N points in an N-stone handicap game"),
            ("default_komi", "Chinese Weiqi Association: komi 7.5 (3 3/4 stones)"),
            ("handicap_komi", "not in the text; goref uses 0.5"),
            ("ending", "Chinese: the game ends when both players pass"),
            ("white_passes_last", "Chinese: no such rule"),
        ],
        build: chinese,
    },
    Preset {
        name: "nz",
        summary: "New Zealand rules: no play may recreate the board as it stood after any of the player's own moves (passes are moves), suicide of any size legal, area scoring, komi 7; handicap: White passes n-1 moves, no komi",
        text: "New Zealand Rules of Go, https://go.org.nz/index.php/about-go/new-zealand-rules-of-go",
        cites: &[
            ("repetition", "NZ: a move is \"making a play so that the resulting board position does not repeat the whole board position as it was after any of that player's previous moves\", and a move is a play or a pass: a play may not recreate the board as it stood after any of the player's own plays or passes (own-move superko); the initial position is forbidden only once the player has passed on it, and boards left only by the opponent's moves never are"),
            ("suicide", "NZ: a play removes the opponent's stones without liberties, \"and then removing any of that player's own stones that then have no liberties\""),
            ("scoring", "NZ: territory is a player's stones plus the empty points reaching only them"),
            ("seki_points", "NZ: empty points adjacent to both colours are nobody's territory"),
            ("tie", "NZ: the player with the most points wins; integral komi allows a draw"),
            ("handicap_compensation", "NZ: \"white passes the first n - 1 moves\"; no compensation points"),
            ("default_komi", "NZ: \"In an even game, 7 points (komi) are added to the white players territory\""),
            ("handicap_komi", "NZ: in a handicap game \"There is no komi\""),
            ("ending", "NZ: play ends when both agree; if they disagree they play on and all stones left count"),
            ("white_passes_last", "NZ: no such rule"),
        ],
        build: nz,
    },
    Preset {
        name: "tromp-taylor",
        summary: "Tromp-Taylor: positional superko, suicide of any size legal (single-stone suicide repeats the position), area scoring, komi 7.5",
        text: "Tromp-Taylor rules (the logical rules of go), https://tromp.github.io/go.html",
        cites: &[
            ("repetition", "TT: \"A turn is either a pass; or a move that doesn't repeat an earlier grid coloring\""),
            ("suicide", "TT: a move is \"coloring an empty point one's own color; then clearing the opponent color, and then clearing one's own color\""),
            ("scoring", "TT: \"the number of points of her color, plus the number of empty points that reach only her color\""),
            ("seki_points", "TT: empty points reaching both colours score for nobody"),
            ("tie", "TT: \"Equal scores result in a tie\""),
            ("handicap_compensation", "TT: the rules have no handicap"),
            ("default_komi", "TT: the rules name no komi; goref uses 7.5"),
            ("handicap_komi", "TT: the rules name no komi; goref uses 0.5"),
            ("ending", "TT: \"The game ends after two consecutive passes\""),
            ("white_passes_last", "TT: no such rule"),
        ],
        build: tromp_taylor,
    },
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
    normalised_chars(name).collect()
}

/// The characters of [`normalise`]`(name)`, without building the string: the words
/// (split at whitespace, `_` and `-`) in ASCII lower case, one space between them.
fn normalised_chars(name: &str) -> impl Iterator<Item = char> + '_ {
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
fn same_name(name: &str, wanted: &str) -> bool {
    normalised_chars(name).eq(wanted.chars())
}

/// The canonical preset names, comma-separated: the list every "unknown rules"
/// message shows.
pub fn preset_names() -> String {
    PRESETS
        .iter()
        .map(|p| p.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Finds a preset by canonical name or alias.
pub fn preset(name: &str) -> Option<&'static Preset> {
    let wanted = normalise(name);
    PRESETS.iter().find(|p| {
        same_name(p.name, &wanted)
            || ALIASES.iter().any(|(alias, preset, used)| {
                *preset == p.name && *used != AliasUse::Record && same_name(alias, &wanted)
            })
    })
}

impl Rules {
    /// The rules of a preset, by name or alias.
    pub fn named(name: &str) -> Result<Rules, RulesError> {
        preset(name)
            .map(Preset::rules)
            .ok_or_else(|| RulesError::UnknownPreset(name.to_string(), preset_names()))
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
pub fn tidy_number(x: f64) -> f64 {
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

/// Prints a number as people write it, without float noise: `7.5`, `8`, `-0.5`, `0`.
/// The one number formatter for komi, scores, margins and seconds.
pub fn format_number(value: f64) -> String {
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

/// `goref rules`: every preset with every setting, as a table.
pub fn describe_all() -> String {
    let mut out = String::new();
    for p in PRESETS {
        out.push_str(&describe(p, false));
        out.push('\n');
    }
    out
}

/// `goref rules NAME`: one preset; `with_sources` adds, for every setting, the spec
/// section and what the preset's public rule text says of it, in aligned columns.
pub fn describe(p: &Preset, with_sources: bool) -> String {
    let rules = p.rules();
    let mut out = format!(
        "{}  ({})\n  {}\n",
        p.name,
        p.aliases().join(", "),
        p.summary
    );
    if with_sources {
        out.push_str(&format!("  rule text: {}\n", p.text));
    }
    // The value column is as wide as the widest value of any preset, so no value runs
    // into its source and every preset's listing has the same columns.
    let width = value_column_width();
    for (name, value) in settings(&rules) {
        let line = if with_sources {
            let spec = SETTING_SOURCES
                .iter()
                .find(|(n, _)| *n == name)
                .map_or("", |(_, src)| src);
            let cite = p
                .cites
                .iter()
                .find(|(n, _)| *n == name)
                .map_or("", |(_, c)| c);
            format!("  {name:<22} {value:<width$}  {cite} (docs/rules.md: {spec})")
        } else {
            format!("  {name:<22} {value}")
        };
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The widest setting value over every preset.
fn value_column_width() -> usize {
    PRESETS
        .iter()
        .flat_map(|p| settings(&p.rules()))
        .map(|(_, v)| v.len())
        .max()
        .unwrap_or(0)
}

/// JSON for `goref rules --format json`: one object per preset.
pub fn preset_json(p: &Preset) -> serde_json::Value {
    let rules = p.rules();
    let mut value = serde_json::to_value(&rules).unwrap_or(serde_json::Value::Null);
    if let serde_json::Value::Object(map) = &mut value {
        map.insert("aliases".into(), serde_json::json!(p.aliases()));
        map.insert("summary".into(), serde_json::json!(p.summary));
        let sources: serde_json::Map<String, serde_json::Value> = SETTING_SOURCES
            .iter()
            .map(|(k, v)| (k.to_string(), serde_json::json!(v)))
            .collect();
        map.insert("sources".into(), serde_json::Value::Object(sources));
        map.insert("rule_text".into(), serde_json::json!(p.text));
        let cites: serde_json::Map<String, serde_json::Value> = p
            .cites
            .iter()
            .map(|(k, v)| (k.to_string(), serde_json::json!(v)))
            .collect();
        map.insert("cites".into(), serde_json::Value::Object(cites));
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

/// Where another name of a preset is accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AliasUse {
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
pub const ALIASES: &[(&str, &str, AliasUse)] = &[
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
fn preset_for_ru(key: &str) -> Option<&'static str> {
    ALIASES
        .iter()
        .find(|(alias, _, used)| *used != AliasUse::Option && same_name(alias, key))
        .map(|(_, preset, _)| *preset)
}

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
        assert_eq!(preset("Tromp_Taylor").map(|p| p.name), Some("tromp-taylor"));
        assert_eq!(preset(" KSS ").map(|p| p.name), Some("aga-ing"));
        // A Record-only alias is no --rules name.
        assert!(preset("Ing GOE").is_none());
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
        assert!(matches!(
            Rules::named("klingon"),
            Err(RulesError::UnknownPreset(..))
        ));
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
        assert_eq!(preset("french").map(|p| p.name), Some("aga"));
        assert_eq!(
            select_for_record(Some("French")).source,
            RulesSource::Record
        );
        // Option only: RU[kr] is not in the spec §7.1 table.
        assert_eq!(preset("kr").map(|p| p.name), Some("japanese"));
        assert_eq!(select_for_record(Some("kr")).source, RulesSource::Assumed);
        // Record only: a spelling records use, not offered by `goref rules`.
        assert!(preset("ing goe").is_none());
        let goe = select_for_record(Some("Ing GOE"));
        assert_eq!(
            (goe.source, goe.rules.name),
            (RulesSource::Record, "sst-ing".into())
        );
        assert!(!preset("aga").unwrap().aliases().contains(&"aga"));
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
        // Whole numbers beyond what an i64 holds do not saturate.
        assert_eq!(format_number(1e19), "10000000000000000000");
    }

    #[test]
    fn every_preset_cites_its_rule_text_for_every_setting() {
        for p in PRESETS {
            let cited: Vec<&str> = p.cites.iter().map(|(n, _)| *n).collect();
            let listed: Vec<&str> = settings(&p.rules()).iter().map(|(n, _)| *n).collect();
            assert_eq!(cited, listed, "{}", p.name);
            assert!(p.text.contains("http"), "{}: {}", p.name, p.text);
            assert!(p.cites.iter().all(|(_, c)| !c.is_empty()), "{}", p.name);
        }
    }

    #[test]
    fn the_source_column_starts_at_the_same_place_in_every_listing() {
        let width = value_column_width();
        for p in PRESETS {
            let text = describe(p, true);
            for ((name, value), (_, cite)) in settings(&p.rules()).iter().zip(p.cites) {
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
        let text = describe(preset("sst").unwrap(), true);
        for (name, _) in SETTING_SOURCES {
            assert!(text.contains(name), "{name} missing");
        }
        assert!(text.contains("sst-hot-stones"));
        assert!(text.contains("(docs/rules.md: Repetition; SST Ing: hot stones and recycling)"));
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
                    settings(&rules),
                    settings(&target),
                    "{} -> {}",
                    from.name,
                    to.name
                );
                assert_eq!(rules.name, from.name);
                let expected: Vec<String> = settings(&from.rules())
                    .into_iter()
                    .zip(settings(&target))
                    .filter(|((_, a), (_, b))| a != b)
                    .map(|((name, _), (_, b))| format!("{}={b}", name.replace('_', "-")))
                    .collect();
                assert_eq!(changed, expected, "{} -> {}", from.name, to.name);
            }
        }
    }

    #[test]
    fn every_setting_has_a_source_in_listing_order() {
        let listed: Vec<&str> = settings(&Rules::named("aga").unwrap())
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

/// Every preset's settings against the preset table of docs/rules.md, the table users read
/// (its values come from the rule texts, spec §0.1). A preset that loses or changes one
/// setting (say `chinese` inheriting Japanese territory scoring) fails here, and so does a
/// table that drifts from the code.
#[cfg(test)]
mod preset_table_tests {
    use super::*;

    /// The rows of the table whose header starts `| preset | aliases |`, as cells.
    fn documented_presets() -> Vec<Vec<String>> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rules.md");
        let text = std::fs::read_to_string(path).expect("docs/rules.md");
        let cells = |line: &str| -> Vec<String> {
            line.trim()
                .trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        };
        text.lines()
            .skip_while(|l| !l.starts_with("| preset | aliases |"))
            .skip(2) // the header and its |---| line
            .take_while(|l| l.starts_with('|'))
            .map(cells)
            .collect()
    }

    /// A preset's row as the table writes it.
    fn row_of(p: &Preset) -> Vec<String> {
        let r = p.rules();
        let setting = |name: &str| {
            settings(&r)
                .into_iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v)
                .unwrap()
        };
        vec![
            p.name.to_string(),
            p.aliases().join(", "),
            setting("repetition"),
            setting("suicide"),
            setting("scoring"),
            setting("seki_points"),
            setting("tie"),
            setting("handicap_compensation"),
            format!("{} ({})", setting("default_komi"), setting("handicap_komi")),
            setting("ending"),
            if r.white_passes_last { "yes" } else { "no" }.to_string(),
        ]
    }

    #[test]
    fn every_preset_matches_the_documented_table() {
        let table = documented_presets();
        assert_eq!(
            table.len(),
            PRESETS.len(),
            "one row per preset in docs/rules.md"
        );
        for (p, documented) in PRESETS.iter().zip(&table) {
            assert_eq!(&row_of(p), documented, "preset {}", p.name);
        }
    }

    /// A mistyped name gets the list of the names that work, in the table's order.
    #[test]
    fn an_unknown_name_lists_every_preset() {
        let names: Vec<String> = documented_presets()
            .into_iter()
            .map(|row| row[0].clone())
            .collect();
        assert_eq!(
            Rules::named("klingon").unwrap_err().to_string(),
            format!(
                "unknown rules `klingon`; known presets: {}",
                names.join(", ")
            )
        );
    }

    /// `goref rules NAME`: every setting's line cites that setting's own section of
    /// docs/rules.md and what the preset's rule text says of that setting.
    #[test]
    fn each_setting_line_cites_its_own_section_and_text() {
        for p in PRESETS {
            let text = describe(p, true);
            for (name, section) in SETTING_SOURCES {
                let line = text
                    .lines()
                    .find(|l| l.trim_start().starts_with(&format!("{name} ")))
                    .unwrap_or_else(|| panic!("{name} missing in {text}"));
                let cite = p.cites.iter().find(|(n, _)| n == name).unwrap().1;
                assert!(
                    line.ends_with(&format!("{cite} (docs/rules.md: {section})")),
                    "{} {line}",
                    p.name
                );
            }
        }
    }

    /// Only KataGo's compact strings (`ko…score…`) are read by their parts; any other
    /// unknown RU that starts with "ko" or mentions a score goes by its keyword.
    #[test]
    fn an_unknown_ru_is_read_as_a_compact_string_only_when_it_is_one() {
        for (ru, preset) in [
            ("Korean 1992", "japanese"),
            ("territory score", "japanese"),
            ("koSITUATIONALscoreAREAsui1", "nz"),
        ] {
            let s = select_for_record(Some(ru));
            assert_eq!(
                (s.source, s.rules.name.as_str()),
                (RulesSource::Assumed, preset),
                "{ru}"
            );
        }
    }
}
