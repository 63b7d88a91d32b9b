//! How each source counted the results it wrote: counting conventions as data.
//!
//! Servers and engines count in their own ways. Fox (records written by its YuanYu client, or
//! exported by Fox itself: `AP[foxwq]`, or its byo-yomi TC and TT) says `RU[Japanese]` and
//! counts territory, but with Chinese-size komi written times 100, or KM[0] for its own 6.5;
//! KGS counts the way its RU says;
//! engine tournaments count area. Each [`Convention`] names the evidence it keys on (AP, RU,
//! the form of KM) and what it implies for counting; [`detect`] picks the first convention
//! whose evidence a record shows and says which evidence that was. The measured agreement of
//! each convention with the recorded results is in docs/scoring.md.

use crate::read::record::{GameInfo, GameRecord};
use crate::rules::{HandicapCompensation, Rules, RulesSource, Scoring};

/// A test on RU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesIs {
    /// Any RU or none.
    Any,
    /// No RU.
    Absent,
    /// One of these names (case-insensitive).
    OneOf(&'static [&'static str]),
}

/// A test on the form of KM as written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum KomiForm {
    Any,
    /// KM written as zero (a placeholder where the server's komi is not written).
    Zero,
    /// KM written as this many points (6.5 or 7.5 tell an engine match's rules apart).
    Exactly(f64),
}

/// What a record must show for a convention to apply. Every test must pass.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Evidence {
    /// An AP of the record starts with one of these (case-insensitive); empty: AP is not
    /// looked at. A record may hold several APs ([`GameInfo::applications`]).
    pub applications: &'static [&'static str],
    /// Root properties that only this source writes ([`crate::read::record::SOURCE_MARKS`]):
    /// a record holding every one of them shows the source as a matching AP would (an
    /// export may name only the engine that scored it). Empty: no such marks.
    pub marks: &'static [&'static str],
    /// EV contains this (case-insensitive); None: EV is not looked at.
    pub event: Option<&'static str>,
    pub rules: RulesIs,
    pub komi: KomiForm,
}

/// Which komi the count uses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum KomiReading {
    /// KM as goref reads it (a scaled KM read back: 750 is 7.5).
    Record,
    /// This komi whatever KM says (a source that writes a placeholder KM).
    Fixed(f64),
    /// This komi in an even game; in a handicap game KM as written: a source that writes
    /// `KM[0]` for every game, where a handicap game really has no komi (the Japanese
    /// rules give none). Resolved per record by [`reading_for`].
    FixedInEvenGames(f64),
    /// KM as goref reads it, but none in a handicap game without KM: a source that writes
    /// no KM where a handicap game has no komi (Fox), where the rules would give one (the
    /// Japanese rules' 0.5). Resolved per record by [`reading_for`].
    RecordOrNoneInHandicap,
}

impl KomiReading {
    /// The reading for one record: [`KomiReading::FixedInEvenGames`] becomes `Fixed` in
    /// an even game and `Record` in a handicap game (HA of 2 or more).
    fn for_record(self, record: &GameRecord) -> KomiReading {
        match self {
            KomiReading::FixedInEvenGames(_) if record.handicap.unwrap_or(0) >= 2 => {
                KomiReading::Record
            }
            KomiReading::FixedInEvenGames(k) => KomiReading::Fixed(k),
            KomiReading::RecordOrNoneInHandicap
                if record.handicap.unwrap_or(0) >= 2 && record.info.komi_text.is_none() =>
            {
                KomiReading::Fixed(0.0)
            }
            KomiReading::RecordOrNoneInHandicap => KomiReading::Record,
            other => other,
        }
    }
}

/// One source's way of counting.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Convention {
    /// A short name (`fox`), shown in findings and docs.
    pub id: &'static str,
    /// The source in words.
    pub source: &'static str,
    pub evidence: Evidence,
    /// None: count the way the rules in force count.
    pub counting: Option<Scoring>,
    pub komi: KomiReading,
    /// None: the rules' compensation.
    pub handicap_compensation: Option<HandicapCompensation>,
    /// The source writes `B+0` / `W+0` for a game won without a count (on time, or left).
    pub zero_margin_is_not_a_count: bool,
    /// What the source does with dame and what else a counter should know, in one sentence.
    pub note: &'static str,
}

/// The programs Fox writes as AP: its YuanYu client (`AP[YuanYu:1]`), and its own export,
/// which names the scoring engine first (`AP[GNU Go:3.8]` … `AP[foxwq]`).
const FOX: &[&str] = &["YuanYu", "foxwq"];

/// Fox's byo-yomi properties, which no other program writes: its older exports name only
/// the engine that scored them as AP (`AP[GNU Go:3.8]`), and hold these.
const FOX_MARKS: &[&str] = &["TC", "TT"];

/// The known conventions, most specific first.
pub(crate) const CONVENTIONS: &[Convention] = &[
    Convention {
        id: "fox-km0",
        source: "Fox Weiqi (YuanYu or foxwq client), komi not written",
        evidence: Evidence {
            applications: FOX,
            marks: FOX_MARKS,
            event: None,
            rules: RulesIs::OneOf(&["Japanese"]),
            komi: KomiForm::Zero,
        },
        counting: Some(Scoring::Territory),
        komi: KomiReading::FixedInEvenGames(6.5),
        handicap_compensation: Some(HandicapCompensation::None),
        zero_margin_is_not_a_count: true,
        note: "KM[0] is a placeholder in an even game: the margins fit territory counting with the server's Japanese komi of 6.5 (they end in .5); in a handicap game KM[0] is the komi (none), and the margin is a whole number; B+0.0 / W+0.0 mark wins without a count",
    },
    Convention {
        id: "fox",
        source: "Fox Weiqi (YuanYu or foxwq client)",
        evidence: Evidence {
            applications: FOX,
            marks: FOX_MARKS,
            event: None,
            rules: RulesIs::OneOf(&["Japanese"]),
            komi: KomiForm::Any,
        },
        counting: Some(Scoring::Territory),
        komi: KomiReading::RecordOrNoneInHandicap,
        handicap_compensation: Some(HandicapCompensation::None),
        zero_margin_is_not_a_count: true,
        note: "counts territory as RU says, but with Chinese-size komi written times 100 (KM[750] is 7.5); a handicap game without KM has no komi (the margins are whole numbers); B+0.0 / W+0.0 mark wins without a count",
    },
    Convention {
        id: "yuanyu-territory",
        source: "engine games published through YuanYu with 6.5 komi (AlphaGo Master online)",
        evidence: Evidence {
            applications: &["YuanYu"],
            marks: &[],
            event: None,
            rules: RulesIs::Absent,
            komi: KomiForm::Exactly(6.5),
        },
        counting: Some(Scoring::Territory),
        komi: KomiReading::Record,
        handicap_compensation: Some(HandicapCompensation::None),
        zero_margin_is_not_a_count: false,
        note: "6.5 komi is the Japanese-rules komi of the servers these games were played on; the margins fit territory counting",
    },
    Convention {
        id: "fox-chinese-km0",
        source: "Fox Weiqi (YuanYu or foxwq client), Chinese rules, komi not written",
        evidence: Evidence {
            applications: FOX,
            marks: FOX_MARKS,
            event: None,
            rules: RulesIs::OneOf(&["Chinese"]),
            komi: KomiForm::Zero,
        },
        counting: Some(Scoring::Area),
        komi: KomiReading::FixedInEvenGames(7.5),
        handicap_compensation: None,
        zero_margin_is_not_a_count: true,
        note: "KM[0] is a placeholder in an even game: the margins are counted in stones (W+1.25 is 2.5 points), as Chinese counting states them, against the server's komi of 3.75 stones (7.5 points)",
    },
    Convention {
        id: "yuanyu-area",
        source: "engine games published through YuanYu (AI tournaments, 7.5 komi)",
        evidence: Evidence {
            applications: &["YuanYu"],
            marks: &[],
            event: None,
            rules: RulesIs::Any,
            komi: KomiForm::Any,
        },
        counting: Some(Scoring::Area),
        komi: KomiReading::Record,
        handicap_compensation: Some(HandicapCompensation::None),
        zero_margin_is_not_a_count: false,
        note: "engine matches counted by area with Chinese komi; dame are filled",
    },
    Convention {
        id: "kgs",
        source: "KGS (records written by CGoban)",
        evidence: Evidence {
            applications: &["CGoban"],
            marks: &[],
            event: None,
            rules: RulesIs::Any,
            komi: KomiForm::Any,
        },
        counting: None,
        komi: KomiReading::Record,
        handicap_compensation: None,
        zero_margin_is_not_a_count: false,
        note: "KGS counts the way RU says: territory for Japanese, area for Chinese and AGA; under Japanese rules dame may be left open",
    },
    Convention {
        id: "century-cup-2001",
        source: "the 21st Century Cup computer tournament (York, 2001), records written by GNU Go",
        evidence: Evidence {
            applications: &[],
            marks: &[],
            event: Some("Century Cup"),
            rules: RulesIs::Any,
            komi: KomiForm::Any,
        },
        counting: Some(Scoring::Area),
        komi: KomiReading::Record,
        handicap_compensation: None,
        zero_margin_is_not_a_count: false,
        note: "RU[Japanese] is what GNU Go writes by default; the margins fit area counting (every counted record of the event, none by territory)",
    },
];

/// Whether the record's KM is a placeholder its source's convention replaces (Fox's
/// `KM[0]`): so where the check follows the source (the rules were not named on the
/// command line) and RE is a count the convention explains. Then neither `komi-differs`
/// nor `komi-result-parity` is made of the record's KM.
pub(crate) fn komi_is_placeholder(record: &GameRecord, rules_source: &RulesSource) -> bool {
    record.playable
        && *rules_source != RulesSource::CommandLine
        && record.re().is_some_and(|(_, p)| p.is_count())
        && detect(record).is_some_and(|d| matches!(d.komi, KomiReading::Fixed(_)))
}

/// A convention found in a record, with the evidence that found it.
#[derive(Clone, Debug, PartialEq)]
pub struct Detected {
    pub convention: &'static Convention,
    /// One sentence naming the evidence, e.g. "AP[YuanYu] with RU[Japanese]".
    pub evidence: String,
    /// The convention's komi for this record ([`KomiReading::FixedInEvenGames`] resolved
    /// by the record's handicap).
    pub komi: KomiReading,
}

impl Detected {
    /// The finding's message: the evidence, the source, and how the result was counted.
    pub(crate) fn sentence(&self) -> String {
        let c = self.convention;
        let counting = match c.counting {
            Some(Scoring::Area) => "area counting".to_string(),
            Some(Scoring::Territory) => "territory counting".to_string(),
            None => "the counting its RU names".to_string(),
        };
        let komi = match (c.komi, self.komi) {
            (_, KomiReading::Fixed(k)) => format!(" with komi {}", crate::rules::format_number(k)),
            (KomiReading::FixedInEvenGames(_), _) => {
                " with the record's KM as its komi (a handicap game)".to_string()
            }
            _ => String::new(),
        };
        format!(
            "{} is the mark of {} (convention `{}`): its result is read as {counting}{komi}; {}",
            self.evidence, c.source, c.id, c.note
        )
    }
}

/// The first convention whose evidence the record shows.
pub fn detect(record: &GameRecord) -> Option<Detected> {
    CONVENTIONS
        .iter()
        .find(|c| shows(record, &c.evidence))
        .map(|convention| Detected {
            convention,
            komi: convention.komi.for_record(record),
            evidence: evidence_sentence(record, &convention.evidence),
        })
}

fn starts_with_ignore_case(text: &str, prefix: &str) -> bool {
    text.len() >= prefix.len()
        && text.as_bytes()[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
}

/// The record's first AP that starts with one of the evidence's programs.
fn matching_application<'a>(info: &'a GameInfo, e: &Evidence) -> Option<&'a str> {
    info.applications().find(|ap| {
        e.applications
            .iter()
            .any(|prefix| starts_with_ignore_case(ap.trim(), prefix))
    })
}

/// Whether the record holds every root property the evidence names as its source's marks.
fn shows_marks(info: &GameInfo, e: &Evidence) -> bool {
    !e.marks.is_empty() && e.marks.iter().all(|m| info.marks.contains(m))
}

fn shows(record: &GameRecord, e: &Evidence) -> bool {
    let info = &record.info;
    let application_ok = e.applications.is_empty()
        || matching_application(info, e).is_some()
        || shows_marks(info, e);
    let event_ok = e.event.is_none_or(|part| {
        info.event
            .as_deref()
            .is_some_and(|ev| ev.to_ascii_lowercase().contains(&part.to_ascii_lowercase()))
    });
    let rules = info.recorded_rules.as_deref().map(str::trim);
    let rules_ok = match e.rules {
        RulesIs::Any => true,
        RulesIs::Absent => rules.is_none(),
        RulesIs::OneOf(names) => {
            rules.is_some_and(|ru| names.iter().any(|n| ru.eq_ignore_ascii_case(n)))
        }
    };
    let written = komi_written(record);
    let komi_ok = match e.komi {
        KomiForm::Any => true,
        KomiForm::Zero => written == Some(0.0),
        KomiForm::Exactly(k) => written == Some(k),
    };
    application_ok && event_ok && rules_ok && komi_ok
}

/// KM as written, as a number (`750` stays 750).
fn komi_written(record: &GameRecord) -> Option<f64> {
    record
        .info
        .komi_text
        .as_deref()
        .and_then(|t| t.trim().parse::<f64>().ok())
        .filter(|k| k.is_finite())
}

fn evidence_sentence(record: &GameRecord, e: &Evidence) -> String {
    let info = &record.info;
    let mut parts = Vec::new();
    if !e.applications.is_empty() {
        match matching_application(info, e) {
            Some(ap) => parts.push(format!("AP[{ap}]")),
            None => parts.push(format!(
                "{} (AP[{}])",
                e.marks.join(" and "),
                info.application.as_deref().unwrap_or("")
            )),
        }
    }
    if e.event.is_some() {
        parts.push(format!("EV[{}]", info.event.as_deref().unwrap_or("")));
    }
    match e.rules {
        RulesIs::Any => {}
        RulesIs::Absent => parts.push("no RU".to_string()),
        RulesIs::OneOf(_) => parts.push(format!(
            "RU[{}]",
            info.recorded_rules.as_deref().unwrap_or("")
        )),
    }
    if e.komi != KomiForm::Any {
        parts.push(format!("KM[{}]", info.komi_text.as_deref().unwrap_or("")));
    }
    parts.join(" with ")
}

/// How to count one record: the convention's choices, the rules' where it has none.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SourceReading {
    pub counting: Scoring,
    pub komi: KomiReading,
    pub handicap_compensation: HandicapCompensation,
}

/// The reading for a record under `rules`, with its detected convention if any.
pub fn reading_for(
    detected: Option<&Detected>,
    _record: &GameRecord,
    rules: &Rules,
) -> SourceReading {
    let by_rules = rules.scoring;
    match detected {
        Some(d) => SourceReading {
            counting: d.convention.counting.unwrap_or(by_rules),
            komi: d.komi,
            handicap_compensation: d
                .convention
                .handicap_compensation
                .unwrap_or(rules.handicap_compensation),
        },
        None => SourceReading {
            counting: by_rules,
            komi: KomiReading::Record,
            handicap_compensation: rules.handicap_compensation,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    fn record(sgf: &str) -> GameRecord {
        crate::read::reader::first_game(sgf)
    }

    fn detected_id(sgf: &str) -> Option<&'static str> {
        detect(&record(sgf)).map(|d| d.convention.id)
    }

    /// The komi forms a convention can ask for: KM times 100 (beyond 150 either way: no
    /// game gives 150 points of komi, and Fox's smallest is 325), plain, zero, exact.
    #[test]
    fn komi_forms_read_km_as_written() {
        let shows_komi = |km: &str, komi: KomiForm| {
            let sgf = format!("(;SZ[19]{km}RE[B+2.5];B[pd])");
            let evidence = Evidence {
                applications: &[],
                marks: &[],
                event: None,
                rules: RulesIs::Any,
                komi,
            };
            shows(&record(&sgf), &evidence)
        };
        assert!(shows_komi("KM[0]", KomiForm::Zero));
        assert!(!shows_komi("KM[0.5]", KomiForm::Zero));
        assert!(shows_komi("KM[6.5]", KomiForm::Exactly(6.5)));
        assert!(!shows_komi("KM[7.5]", KomiForm::Exactly(6.5)));
        assert!(shows_komi("", KomiForm::Any));
    }

    #[test]
    fn fox_records_are_told_apart_by_their_komi() {
        let scaled = "(;SZ[19]AP[YuanYu]RU[Japanese]KM[750]RE[B+2.5];B[pd])";
        assert_eq!(detected_id(scaled), Some("fox"));
        let zero = "(;SZ[19]AP[YuanYu]RU[Japanese]KM[0]RE[W+4.5];B[pd])";
        assert_eq!(detected_id(zero), Some("fox-km0"));
        // Under Chinese rules KM[0] stands for 7.5, counted by area (in stones).
        let chinese = "(;SZ[19]AP[YuanYu]RU[Chinese]KM[0]RE[W+1.25];B[pd])";
        assert_eq!(detected_id(chinese), Some("fox-chinese-km0"));
        let d = detect(&record(chinese)).unwrap();
        assert_eq!(d.komi, KomiReading::Fixed(7.5));
        assert_eq!(d.convention.counting, Some(Scoring::Area));
        assert!(komi_is_placeholder(&record(chinese), &RulesSource::Record));
        // A Chinese-rules record with a written komi is an engine game's, as before.
        let written = "(;SZ[19]AP[YuanYu]RU[Chinese]KM[7.5]RE[W+2.5];B[pd])";
        assert_eq!(detected_id(written), Some("yuanyu-area"));
        let d = detect(&record(scaled)).unwrap();
        assert_eq!(d.evidence, "AP[YuanYu] with RU[Japanese]");
        assert!(
            d.sentence().contains("territory counting"),
            "{}",
            d.sentence()
        );
        let d0 = detect(&record(zero)).unwrap();
        assert!(d0.sentence().contains("with komi 6.5"), "{}", d0.sentence());
    }

    /// The reader keeps only the root properties of `SOURCE_MARKS`: every mark a convention
    /// keys on must be one of them, or no record could ever show it.
    #[test]
    fn every_convention_mark_is_one_the_reader_keeps() {
        for c in CONVENTIONS {
            for mark in c.evidence.marks {
                assert!(
                    crate::read::record::SOURCE_MARKS.contains(mark),
                    "{}: {mark}",
                    c.id
                );
            }
        }
    }

    /// Fox's own export: it names the scoring engine as its first AP and itself second
    /// (`AP[GNU Go:3.8]` … `AP[foxwq]`); its older exports name only the engine, and hold
    /// Fox's byo-yomi properties TC and TT, which no other program writes.
    #[test]
    fn fox_s_own_exports_are_fox_records() {
        let foxwq =
            "(;SZ[19]KM[0]HA[0]RU[Japanese]AP[GNU Go:3.8]RE[B+3.5]TC[3]TT[15]AP[foxwq];B[pd])";
        assert_eq!(detected_id(foxwq), Some("fox-km0"));
        let d = detect(&record(foxwq)).unwrap();
        assert_eq!(d.evidence, "AP[foxwq] with RU[Japanese] with KM[0]");
        let older = "(;SZ[19]KM[0]HA[0]RU[Japanese]AP[GNU Go:3.8]RE[B+3.5]TM[60]TC[3]TT[15];B[pd])";
        assert_eq!(detected_id(older), Some("fox-km0"));
        let d = detect(&record(older)).unwrap();
        assert_eq!(
            d.evidence,
            "TC and TT (AP[GNU Go:3.8]) with RU[Japanese] with KM[0]"
        );
        assert_eq!(d.komi, KomiReading::Fixed(6.5));
        // One of the marks is not both; and GNU Go's own records are no Fox records.
        let one_mark = "(;SZ[19]KM[0]RU[Japanese]AP[GNU Go:3.8]RE[B+3.5]TC[3];B[pd])";
        assert_eq!(detected_id(one_mark), None);
        let gnugo = "(;SZ[19]KM[0]RU[Japanese]AP[GNU Go:3.8]RE[B+3.5];B[pd])";
        assert_eq!(detected_id(gnugo), None);
        // The marks count in the root only.
        let late = "(;SZ[19]KM[0]RU[Japanese]AP[GNU Go:3.8]RE[B+3.5];B[pd]TC[3]TT[15])";
        assert_eq!(detected_id(late), None);
    }

    #[test]
    fn engine_games_through_yuanyu_follow_their_komi() {
        let master = "(;SZ[19]AP[YuanYu]KM[6.5]RE[W+1.5];B[pd])";
        assert_eq!(detected_id(master), Some("yuanyu-territory"));
        let tournament = "(;SZ[19]AP[YuanYu]KM[7.5]RE[W+1.5];B[pd])";
        assert_eq!(detected_id(tournament), Some("yuanyu-area"));
    }

    #[test]
    fn other_sources_count_as_their_rules_say() {
        let kgs = record("(;SZ[19]AP[CGoban:3]RU[Japanese]KM[6.50]RE[W+0.5];B[pd])");
        let d = detect(&kgs).unwrap();
        assert_eq!(d.convention.id, "kgs");
        let japanese = Rules::named("japanese").unwrap();
        let reading = reading_for(Some(&d), &kgs, &japanese);
        assert_eq!(reading.counting, Scoring::Territory);
        assert_eq!(
            detected_id("(;SZ[19]RU[Chinese]KM[7.5]RE[B+1.5];B[pd])"),
            None
        );
        let plain = record("(;SZ[19]RU[Chinese]KM[7.5];B[pd])");
        let chinese = Rules::named("chinese").unwrap();
        assert_eq!(reading_for(None, &plain, &chinese).counting, Scoring::Area);
    }

    #[test]
    fn the_2001_century_cup_counted_by_area_whatever_ru_says() {
        let sgf = "(;SZ[19]RU[Japanese]EV[21st Century Cup]KM[5.5]RE[W+6.5];B[pd])";
        let cup = record(sgf);
        let d = detect(&cup).unwrap();
        assert_eq!(d.convention.id, "century-cup-2001");
        assert_eq!(d.evidence, "EV[21st Century Cup]");
        let japanese = Rules::named("japanese").unwrap();
        assert_eq!(
            reading_for(Some(&d), &cup, &japanese).counting,
            Scoring::Area
        );
        // The other spelling in the records, and another event that is not it.
        assert_eq!(
            detected_id("(;SZ[19]RU[Japanese]EV[21 century cup]RE[B+1.5];B[pd])"),
            Some("century-cup-2001")
        );
        assert_eq!(
            detected_id("(;SZ[19]RU[Japanese]EV[Gifu Challenge]RE[B+1.5];B[pd])"),
            None
        );
    }

    #[test]
    fn the_fox_convention_overrides_the_rules_it_names() {
        let fox = record("(;SZ[19]AP[YuanYu]RU[Japanese]KM[0]RE[B+3.5];B[pd])");
        let d = detect(&fox);
        let japanese = Rules::named("japanese").unwrap();
        let reading = reading_for(d.as_ref(), &fox, &japanese);
        assert_eq!(reading.counting, Scoring::Territory);
        assert_eq!(reading.komi, KomiReading::Fixed(6.5));
        assert_eq!(reading.handicap_compensation, HandicapCompensation::None);
    }

    /// Fox's `KM[0]` stands for 6.5 in an even game only: in a handicap game it is the
    /// komi (none), so the record's KM is read and is no placeholder.
    #[test]
    fn a_fox_handicap_game_s_km0_is_its_komi() {
        let japanese = Rules::named("japanese").unwrap();
        let source = RulesSource::Record;
        for (ha, komi, placeholder) in [
            ("", KomiReading::Fixed(6.5), true),
            ("HA[1]", KomiReading::Fixed(6.5), true),
            ("HA[2]", KomiReading::Record, false),
            ("HA[9]", KomiReading::Record, false),
        ] {
            let sgf = format!("(;SZ[19]AP[YuanYu]RU[Japanese]KM[0]{ha}RE[B+3.0];B[pd])");
            let fox = record(&sgf);
            let d = detect(&fox);
            assert_eq!(d.as_ref().map(|d| d.convention.id), Some("fox-km0"), "{ha}");
            assert_eq!(reading_for(d.as_ref(), &fox, &japanese).komi, komi, "{ha}");
            assert_eq!(komi_is_placeholder(&fox, &source), placeholder, "{ha}");
            let sentence = d.unwrap().sentence();
            let named = if placeholder {
                "read as territory counting with komi 6.5;"
            } else {
                "read as territory counting with the record's KM as its komi (a handicap game);"
            };
            assert!(sentence.contains(named), "{ha}: {sentence}");
        }
        // A convention with a fixed komi keeps it whatever the handicap.
        assert_eq!(
            KomiReading::Fixed(7.5).for_record(&record("(;SZ[19]HA[3]KM[0];B[pd])")),
            KomiReading::Fixed(7.5)
        );
    }

    /// Fox writes no KM in a handicap game, which has no komi (its margins are whole
    /// numbers), where the Japanese rules would give 0.5; an even game without KM, or a
    /// handicap game with one, keeps KM as goref reads it.
    #[test]
    fn a_fox_handicap_game_without_km_has_no_komi() {
        let japanese = Rules::named("japanese").unwrap();
        for (props, komi) in [
            ("HA[3]", KomiReading::Fixed(0.0)),
            ("HA[2]KM[50]", KomiReading::Record),
            ("", KomiReading::Record),
            ("HA[1]", KomiReading::Record),
        ] {
            let sgf = format!("(;SZ[19]AP[foxwq]RU[Japanese]{props}RE[B+3];B[pd])");
            let fox = record(&sgf);
            let d = detect(&fox);
            assert_eq!(d.as_ref().map(|d| d.convention.id), Some("fox"), "{props}");
            assert_eq!(
                reading_for(d.as_ref(), &fox, &japanese).komi,
                komi,
                "{props}"
            );
        }
        let sentence = detect(&record("(;SZ[19]AP[foxwq]RU[Japanese]HA[3]RE[B+3];B[pd])"))
            .unwrap()
            .sentence();
        assert!(
            sentence.contains("territory counting with komi 0;"),
            "{sentence}"
        );
    }
}
