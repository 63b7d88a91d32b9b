//! The named presets: each ruleset of real archives as a [`Rules`] value, with the rule
//! text it follows and what that text says of every setting; and their listings
//! (`goref rules`).

use super::*;

/// One named preset: its canonical name, a one-line description and where in the
/// spec it comes from (its other names are listed by [`Preset::aliases`]).
///
/// ```
/// use goref_core::rules::{Preset, Scoring};
///
/// let sst = Preset::named("goe").unwrap(); // an alias
/// assert_eq!(sst.name, "sst-ing");
/// assert_eq!(sst.rules().scoring, Scoring::Area);
/// assert!(sst.describe(true).contains("rule text"));
/// assert!(Preset::describe_all().contains("tromp-taylor"));
/// assert_eq!(sst.to_json()["name"], "sst-ing");
/// assert!(Preset::names().starts_with(Preset::ALL[0].name));
/// ```
#[derive(Debug)]
pub struct Preset {
    pub name: &'static str,
    pub summary: &'static str,
    /// The public rule text the preset follows: title and address.
    pub text: &'static str,
    /// For every setting (in [`Rules::settings`] order), what that text says of it, or why
    /// the value is goref's choice where the text is silent.
    pub cites: &'static [(&'static str, &'static str)],
    build: fn() -> Rules,
}

impl Preset {
    /// Every preset, in the order `goref rules` lists them.
    ///
    /// ```
    /// use goref_core::rules::Preset;
    ///
    /// let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name).collect();
    /// assert!(names.contains(&"sst-ing") && names.contains(&"tromp-taylor"));
    /// assert!(Preset::ALL.iter().all(|p| p.rules().name == p.name));
    /// ```
    pub const ALL: &'static [Preset] = PRESETS;

    /// The preset's settings as a [`Rules`].
    pub fn rules(&self) -> Rules {
        (self.build)()
    }
}

pub(super) fn simplified_ing() -> Rules {
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

pub(super) fn sst_ing() -> Rules {
    Rules {
        name: "sst-ing".into(),
        repetition: Repetition::SstHotStones,
        seki_points: SekiPoints::Shared,
        tie: Tie::Black,
        ending: Ending::FourPass,
        ..simplified_ing()
    }
}

pub(super) fn aga_ing() -> Rules {
    Rules {
        name: "aga-ing".into(),
        handicap_compensation: HandicapCompensation::N,
        tie: Tie::WhiteInHandicapElseBlack,
        ..sst_ing()
    }
}

pub(super) fn aga() -> Rules {
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

pub(super) fn japanese() -> Rules {
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

pub(super) fn chinese() -> Rules {
    Rules {
        name: "chinese".into(),
        scoring: Scoring::Area,
        handicap_compensation: HandicapCompensation::N,
        default_komi: 7.5,
        handicap_komi: 0.5,
        ..japanese()
    }
}

pub(super) fn nz() -> Rules {
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

pub(super) fn tromp_taylor() -> Rules {
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

/// Every preset, in the order `goref rules` lists them ([`Preset::ALL`]).
pub(crate) const PRESETS: &[Preset] = &[
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

impl Preset {
    /// `goref rules`: every preset with every setting, as a table.
    pub fn describe_all() -> String {
        let mut out = String::new();
        for p in PRESETS {
            out.push_str(&p.describe(false));
            out.push('\n');
        }
        out
    }

    /// `goref rules NAME`: one preset; `with_sources` adds, for every setting, the spec
    /// section and what the preset's public rule text says of it, in aligned columns.
    pub fn describe(&self, with_sources: bool) -> String {
        let p = self;
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
        for (name, value) in rules.settings() {
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

    /// JSON for `goref rules --format json`: one object per preset.
    pub fn to_json(&self) -> serde_json::Value {
        let p = self;
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
}

/// The widest setting value over every preset.
pub(super) fn value_column_width() -> usize {
    PRESETS
        .iter()
        .flat_map(|p| p.rules().settings())
        .map(|(_, v)| v.len())
        .max()
        .unwrap_or(0)
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
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/rules.md");
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
            r.settings()
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
            let text = p.describe(true);
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
