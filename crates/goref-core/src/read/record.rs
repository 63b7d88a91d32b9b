//! The game record: what the referee needs from one game of an SGF file, with every
//! value normalised and every move located in the source text. Built by
//! [`crate::read::reader`] from the SGF tree; consumed by [`crate::count::referee`].

use crate::findings::Finding;
use crate::point::{Color, Move, Point, Pos};
use crate::read::result::ParsedResult;
use serde::Serialize;

/// Game information, as decoded text (None when the property is absent). Serialised,
/// it is the `info` object of a report and an appeal: PB, PW, BR, WR, EV, RO, DT, PC
/// and RU, null when absent (RE and OT are reported with the result and the timing).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct GameInfo {
    pub black: Option<String>,
    pub white: Option<String>,
    pub black_rank: Option<String>,
    pub white_rank: Option<String>,
    pub event: Option<String>,
    pub round: Option<String>,
    pub date: Option<String>,
    pub place: Option<String>,
    /// RU as written.
    pub recorded_rules: Option<String>,
    /// RE as written.
    #[serde(skip)]
    pub result: Option<String>,
    /// OT as written.
    #[serde(skip)]
    pub overtime: Option<String>,
    // AP, GN and KM as written feed the source conventions; the report does not carry them.
    /// AP as written (`YuanYu:1`, `CGoban:3`): the program that wrote the record.
    #[serde(skip)]
    pub application: Option<String>,
    /// Every further AP of the game's root, in order: Fox's own client writes two, the
    /// engine it scores with first (`AP[GNU Go:3.8]`, then `AP[foxwq]`).
    #[serde(skip)]
    pub more_applications: Vec<String>,
    /// The root's properties among [`SOURCE_MARKS`], each once: what only some source
    /// writes, for the conventions to key on where AP does not name it.
    #[serde(skip)]
    pub marks: Vec<&'static str>,
    /// GN as written.
    #[serde(skip)]
    pub game_name: Option<String>,
    /// KM as written, before any quirk fix (`750` where [`GameRecord::komi`] reads 7.5).
    #[serde(skip)]
    pub komi_text: Option<String>,
    /// GC as written: the game comment, where some writers state the result.
    #[serde(skip)]
    pub game_comment: Option<String>,
    /// C of the main line's last node: where servers and engines often state the result
    /// ("White wins by 9.5", "Result: W+13.5").
    #[serde(skip)]
    pub final_comment: Option<String>,
}

/// Where a value came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ValueSource {
    CommandLine,
    Record,
    Rules,
    /// Set by the convention of the source the record comes from (how that server or
    /// engine counted its RE, src/count/convention.rs), in place of the record's KM.
    Convention,
}

/// One step of the game line, in file order.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// Setup properties of one node (AB, AW, AE), applied in the order AE, AB, AW.
    /// Boxed: setup nodes are rare, and a small enum keeps the per-move push cheap.
    Setup(Box<Setup>),
    /// A move node (B or W).
    Move(MoveEvent),
}

/// Stones added or removed (AB, AW, AE) and the player to move (PL) at one node.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Setup {
    pub add_black: Vec<Point>,
    pub add_white: Vec<Point>,
    pub clear: Vec<Point>,
    /// True for setup in the root node (the initial position, handicap stones).
    pub in_root: bool,
    /// PL of the node: who is to move in the position the setup leaves. A node with PL
    /// and no AB/AW/AE is a setup event with empty lists.
    pub player: Option<Color>,
    pub pos: Pos,
    /// Where the PL value stands (the node's setup position when there is no PL).
    pub player_pos: Pos,
}

/// A move (B or W) as recorded, with where it stands in the source and its clock.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveEvent {
    /// 1-based: counts B/W nodes of the line, passes included, setup not.
    pub number: u32,
    pub color: Color,
    /// A pass, or a play. A point off the board is kept as a play; the referee flags it.
    pub mv: Move,
    /// Where the move's value starts in the source.
    pub pos: Pos,
    /// The record carries KO[] on this node ("execute even if illegal").
    pub forced: bool,
    /// BL or WL after this move, seconds (negative = overtime where the recorder writes so).
    pub time_left: Option<f64>,
    /// OB or OW after this move.
    pub periods_left: Option<u32>,
}

/// Territory marks (TB/TW) of the final node of the line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    pub black_territory: Vec<Point>,
    pub white_territory: Vec<Point>,
    pub pos: Pos,
}

/// One game of a file, ready for the referee.
///
/// ```
/// use goref_core::point::{Color, Move, Point};
/// use goref_core::read::{read, ReadOptions};
///
/// let sgf = b"(;SZ[9]KM[6.5]PB[Anna]PW[Walter]RE[W+2.5];B[ee];W[];B[aa])";
/// let game = &read(sgf, &ReadOptions::default()).games[0];
/// assert_eq!((game.info("PW"), game.komi(), game.size()), (Some("Walter"), Some(6.5), (9, 9)));
/// let moves: Vec<(Color, Move)> = game.moves().collect();
/// assert_eq!(moves[0], (Color::Black, Move::Play(Point::new(4, 4))));
/// assert_eq!(moves[1], (Color::White, Move::Pass));
/// let re = game.recorded_result().unwrap();
/// assert_eq!((re.winner(), re.margin()), (Some(Color::White), Some(2.5)));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// 0-based index of the game tree in the file.
    pub(crate) game_index: usize,
    /// Which variation this is: empty for the main line, else the child index taken
    /// at each branching node (for `--variations`).
    pub(crate) variation: Vec<usize>,
    pub(crate) width: u8,
    pub(crate) height: u8,
    pub(crate) info: GameInfo,
    /// RE as the reader parsed it (once): set exactly when `info.result` is.
    pub(crate) recorded_result: Option<ParsedResult>,
    /// KM after quirk fixes (None when absent or empty).
    pub(crate) komi: Option<f64>,
    /// HA after quirk fixes (None when absent; `HA[0]`/`HA[1]` read as None).
    pub(crate) handicap: Option<u32>,
    /// TM, seconds.
    pub(crate) time_limit: Option<f64>,
    /// PL of the root node, if any.
    pub(crate) first_player: Option<Color>,
    /// Ing-style handicap (spec §7.3, T15): when HA's stones are played as leading
    /// Black moves separated by White passes (`B[..];W[];B[..]`), how many of those
    /// Black plays are the handicap stones; 0 otherwise.
    pub(crate) handicap_moves: u32,
    pub(crate) events: Vec<Event>,
    pub(crate) final_marks: Marks,
    /// Findings made while reading this game (quirks, syntax problems inside it).
    pub(crate) findings: Vec<Finding>,
    /// False when the board size is unusable and the game cannot be replayed.
    pub(crate) playable: bool,
}

/// Root properties that only some source writes: Fox's byo-yomi, TC (periods) and TT
/// (seconds). Its older exports name only the engine that scored the game as AP
/// (`AP[GNU Go:3.8]`), so these are what tell its records apart (src/count/convention.rs).
pub const SOURCE_MARKS: &[&str] = &["TC", "TT"];

impl GameInfo {
    /// Every AP of the game's root, the first one first.
    pub fn applications(&self) -> impl Iterator<Item = &str> {
        self.application
            .iter()
            .chain(&self.more_applications)
            .map(String::as_str)
    }

    /// A property by its SGF name (see [`GameRecord::info`]).
    pub(crate) fn get(&self, property: &str) -> Option<&str> {
        let text = match property {
            "PB" => &self.black,
            "PW" => &self.white,
            "BR" => &self.black_rank,
            "WR" => &self.white_rank,
            "EV" => &self.event,
            "RO" => &self.round,
            "DT" => &self.date,
            "PC" => &self.place,
            "RU" => &self.recorded_rules,
            "RE" => &self.result,
            "OT" => &self.overtime,
            "AP" => &self.application,
            "GN" => &self.game_name,
            "KM" => &self.komi_text,
            "GC" => &self.game_comment,
            "C" => &self.final_comment,
            _ => return None,
        };
        text.as_deref()
    }
}

impl GameRecord {
    /// RE as written and as parsed by the reader.
    pub(crate) fn re(&self) -> Option<(&str, &ParsedResult)> {
        self.info
            .result
            .as_deref()
            .zip(self.recorded_result.as_ref())
    }

    /// The record with RE read in points where it is counted in stones
    /// ([`ParsedResult::stones_in_points`]); RE's text stays as written. None where RE
    /// is no count in stones.
    pub(crate) fn with_stones_in_points(
        &self,
        counting: crate::rules::Scoring,
    ) -> Option<GameRecord> {
        let in_points = self.recorded_result.as_ref()?.stones_in_points(counting)?;
        Some(GameRecord {
            recorded_result: Some(in_points),
            ..self.clone()
        })
    }

    /// An empty record on a board of the given size.
    pub(crate) fn new(width: u8, height: u8) -> GameRecord {
        GameRecord {
            game_index: 0,
            variation: Vec::new(),
            width,
            height,
            info: GameInfo::default(),
            recorded_result: None,
            komi: None,
            handicap: None,
            time_limit: None,
            first_player: None,
            handicap_moves: 0,
            events: Vec::new(),
            final_marks: Marks::default(),
            findings: Vec::new(),
            playable: true,
        }
    }

    /// The moves of the line, in order: who moved and where (passes among them).
    pub fn moves(&self) -> impl Iterator<Item = (Color, Move)> + '_ {
        self.move_events().map(|m| (m.color, m.mv))
    }

    /// Which variation this is: empty for the main line, else the child index taken at
    /// each branching node (records read with [`crate::read::ReadOptions::variations`]).
    pub fn variation(&self) -> &[usize] {
        &self.variation
    }

    /// The board's width and height.
    pub fn size(&self) -> (u8, u8) {
        (self.width, self.height)
    }

    /// The game's number in its file (1-based, as `--game`).
    pub fn game(&self) -> usize {
        self.game_index + 1
    }

    /// A game-information property as written (None when absent): `PB`, `PW`, `BR`,
    /// `WR`, `EV`, `RO`, `DT`, `PC`, `RU`, `RE`, `OT`, `AP`, `GN`, `KM`, `GC`, and `C` (the
    /// comment of the main line's last node).
    pub fn info(&self, property: &str) -> Option<&str> {
        self.info.get(property)
    }

    /// KM as read (quirks fixed: Fox's `750` is 7.5), None when absent or unreadable.
    pub fn komi(&self) -> Option<f64> {
        self.komi
    }

    /// HA as read, None when absent.
    pub fn handicap(&self) -> Option<u32> {
        self.handicap
    }

    /// RE as parsed (None when the record has no RE).
    pub fn recorded_result(&self) -> Option<&ParsedResult> {
        self.recorded_result.as_ref()
    }

    /// The findings of reading this game (quirks, damaged moves), in file order.
    pub fn findings(&self) -> &[Finding] {
        &self.findings
    }

    /// The moves of the line with their facts as recorded, in order.
    pub(crate) fn move_events(&self) -> impl Iterator<Item = &MoveEvent> {
        self.events.iter().filter_map(|e| match e {
            Event::Move(m) => Some(m),
            Event::Setup(_) => None,
        })
    }
}

/// The examples that documented crate-private items, kept as tests.
#[cfg(test)]
mod doc_examples {
    #[allow(unused_imports)]
    use super::*;

    /// The record's accessors on a record with a variation, a handicap and a 13×11 board.
    #[test]
    fn accessors_say_what_was_read() {
        use crate::point::{Color, Move, Point};
        use crate::read::{read, ReadOptions};

        let sgf = b"(;SZ[13:11]HA[2]KM[0.5]RE[W+3]AB[dd][jd];W[cc](;B[];W[aa])(;B[bb]))";
        let opts = ReadOptions {
            variations: true,
            ..ReadOptions::default()
        };
        let games = read(sgf, &opts).games;
        assert_eq!(games.len(), 2);
        let (main, other) = (&games[0], &games[1]);
        assert_eq!(
            (main.size(), main.handicap(), main.komi()),
            ((13, 11), Some(2), Some(0.5))
        );
        let moves: Vec<(Color, Move)> = main.moves().collect();
        let white_cc = (Color::White, Move::Play(Point::new(2, 2)));
        assert_eq!(
            moves,
            [
                white_cc,
                (Color::Black, Move::Pass),
                (Color::White, Move::Play(Point::new(0, 0)))
            ]
        );
        assert_eq!(
            other.moves().collect::<Vec<_>>(),
            [white_cc, (Color::Black, Move::Play(Point::new(1, 1)))]
        );
        assert_eq!((main.variation(), other.variation()), (&[][..], &[1][..]));
        assert_eq!((main.game(), other.game()), (1, 1)); // one game, two lines
        let two = read(b"(;SZ[9];B[ee])(;SZ[9];B[cc])", &ReadOptions::default()).games;
        assert_eq!((two[0].game(), two[1].game()), (1, 2));
        assert_eq!(main.recorded_result().and_then(|r| r.margin()), Some(3.0));
        assert!(main.findings().is_empty(), "{:?}", main.findings());
    }

    /// Every property `info` names is read from its own SGF property, none from another's.
    #[test]
    fn info_reads_each_property_from_its_own() {
        use crate::read::{read, ReadOptions};

        let names = [
            "PB", "PW", "BR", "WR", "EV", "RO", "DT", "PC", "RU", "RE", "OT", "AP", "GN", "KM",
            "GC",
        ];
        let mut sgf = String::from("(;SZ[9]");
        for name in names {
            let value = if name == "KM" {
                "6.5".to_string()
            } else {
                format!("v{name}")
            };
            sgf.push_str(&format!("{name}[{value}]"));
        }
        sgf.push_str(";B[ee]C[last words])");
        let game = &read(sgf.as_bytes(), &ReadOptions::default()).games[0];
        for name in names {
            let want = if name == "KM" {
                "6.5".to_string()
            } else {
                format!("v{name}")
            };
            assert_eq!(game.info(name), Some(want.as_str()), "{name}");
        }
        assert_eq!(game.info("C"), Some("last words"));
        assert_eq!(game.info("XX"), None);
    }

    /// Fox's handicap game: HA[0], Black's first plays are the handicap stones.
    #[test]
    fn fox_handicap_stones_played_as_moves_make_a_handicap_game() {
        use crate::read::{read, ReadOptions};

        let sgf = b"(;SZ[19]AP[foxwq]HA[0];B[pd];B[dp];W[dd];B[pp])";
        let game = &read(sgf, &ReadOptions::default()).games[0];
        assert_eq!(game.handicap_moves, 2);
        let turn = game
            .findings()
            .iter()
            .filter(|f| f.code.as_str() == "turn-convention");
        assert_eq!(turn.count(), 1);
        // Stones set up beside them: not read so.
        let setup = b"(;SZ[19]HA[0]AB[aa];B[pd];B[dp];W[dd])";
        assert_eq!(
            read(setup, &ReadOptions::default()).games[0].handicap_moves,
            0
        );
    }

    #[test]
    fn marks_of_final_position() {
        use crate::point::Point;
        use crate::read::{read, ReadOptions};

        // The final node marks White's territory, and the black stone at A9 with it (dead).
        let sgf = b"(;SZ[9];B[aa];W[bb];B[];W[]TW[aa][ab])";
        let game = &read(sgf, &ReadOptions::default()).games[0];
        assert_eq!(
            game.final_marks.white_territory,
            vec![Point::new(0, 0), Point::new(0, 1)]
        );
    }

    #[test]
    fn move_event_fields() {
        use crate::read::record::Event;
        use crate::read::{read, ReadOptions};

        let sgf = b"(;SZ[9];B[ee]BL[295.5]OB[3])";
        let game = &read(sgf, &ReadOptions::default()).games[0];
        let Event::Move(m) = &game.events[0] else {
            panic!()
        };
        assert_eq!(
            (m.number, m.time_left, m.periods_left),
            (1, Some(295.5), Some(3))
        );
        assert_eq!((m.pos.line, m.pos.column), (1, 10));
    }

    #[test]
    fn events_in_order() {
        use crate::read::record::Event;
        use crate::read::{read, ReadOptions};

        // A setup node in the middle of a game is an event of its own.
        let sgf = b"(;SZ[9];B[ee];AW[aa];W[ce])";
        let game = &read(sgf, &ReadOptions::default()).games[0];
        assert!(matches!(&game.events[1], Event::Setup(s) if s.add_white.len() == 1));
    }

    #[test]
    fn game_info_fields() {
        use crate::read::{read, ReadOptions};

        let sgf = "(;SZ[19]PB[Cho Chikun]BR[9p]PW[Ryu Shikun]EV[51st Honinbo]RO[5]DT[1996-08])";
        let info = &read(sgf.as_bytes(), &ReadOptions::default()).games[0].info;
        assert_eq!(
            (info.black.as_deref(), info.black_rank.as_deref()),
            (Some("Cho Chikun"), Some("9p"))
        );
        assert_eq!(info.event.as_deref(), Some("51st Honinbo"));
    }
}
