//! Ing overtime: penalty points and loss on time (spec §3.6, §7.4).
//!
//! The EGF "Ing Overtime" gives each player up to three overtime periods of BT/6 after
//! the basic time BT; entering each costs 2 points, and exceeding the last one loses
//! on time. Ing Cup practice differs (30-minute or 20-minute periods, two periods), so
//! every number is a setting of [`IngOvertime`], with the EGF values as defaults.
//!
//! Time used comes from the record's clock: BT = TM, and each side's time used is BT
//! minus the lowest BL/WL that side reached. A negative BL/WL is read as time spent
//! in overtime (the recorder kept counting down past zero). Recorders that reset the
//! clock for each period (byo-yomi, Canadian) cannot be read this way: when a side's
//! clock goes *up* between two of its moves the report says so (`clock_reset`) and
//! the reading is a lower bound.

use crate::count::score::{serialize_points, Penalties};
use crate::point::Color;
use crate::read::record::GameRecord;
use crate::rules::format_number;
use serde::{Deserialize, Serialize};

/// The overtime rules of an event. `Default` is the EGF Ing overtime.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct IngOvertime {
    /// How many overtime periods a player may enter (EGF: 3).
    pub periods: u32,
    /// A period is BT divided by this (EGF: 6). Ignored when `period_seconds` is set.
    pub period_divisor: u32,
    /// A fixed period length in seconds (Ing Cup: 1800 or 1200), overriding the divisor.
    pub period_seconds: Option<f64>,
    /// Points charged for entering each period (EGF: 2).
    pub points_per_period: u32,
}

impl Default for IngOvertime {
    fn default() -> Self {
        IngOvertime {
            periods: 3,
            period_divisor: 6,
            period_seconds: None,
            points_per_period: 2,
        }
    }
}

/// Why penalties could not be computed from the clock.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TimingError {
    #[error("the record gives no basic time (TM); give penalty points explicitly instead")]
    NoBasicTime,
    #[error("basic time {0} is not a positive number of seconds")]
    BadBasicTime(String),
    #[error(
        "the overtime period must be positive (period divisor {divisor}, period seconds {seconds})"
    )]
    BadPeriod { divisor: u32, seconds: String },
}

/// What one side's clock says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct SideTime {
    /// Seconds used (None when the record has no BL/WL for this side).
    #[serde(serialize_with = "crate::count::score::serialize_opt_points")]
    pub time_used: Option<f64>,
    /// Overtime periods entered.
    pub periods: u32,
    /// Penalty points for them.
    pub points: u32,
    /// Used more than the basic time plus every period.
    pub lost_on_time: bool,
    /// The clock went up between two of this side's moves, so the lowest value
    /// is only a lower bound of the time used.
    pub clock_reset: bool,
}

/// The whole time assessment, for the report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TimeReport {
    #[serde(serialize_with = "serialize_points")]
    pub basic_time: f64,
    #[serde(serialize_with = "serialize_points")]
    pub period: f64,
    /// Time used beyond which each period is entered: BT, BT + P, BT + 2P, …
    pub thresholds: Vec<String>,
    /// Time used beyond which the game is lost: BT + periods × P.
    #[serde(serialize_with = "serialize_points")]
    pub limit: f64,
    pub settings: IngOvertime,
    pub black: SideTime,
    pub white: SideTime,
    /// The side that lost on time: the first to pass the limit in move order (from
    /// totals alone, the side further over).
    pub lost_on_time: Option<Color>,
}

impl TimeReport {
    /// The penalty points both sides are charged.
    pub(crate) fn penalties(&self) -> Penalties {
        Penalties {
            black: self.black.points,
            white: self.white.points,
        }
    }

    /// The clock of one colour.
    #[cfg(test)]
    pub(crate) fn side(&self, color: Color) -> &SideTime {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}

impl IngOvertime {
    /// Checks the settings against a basic time.
    fn check(&self, basic_time: f64) -> Result<(), TimingError> {
        if !(basic_time.is_finite() && basic_time > 0.0) {
            return Err(TimingError::BadBasicTime(format_number(basic_time)));
        }
        let bad_period = match self.period_seconds {
            Some(s) => !(s.is_finite() && s > 0.0),
            None => self.period_divisor == 0,
        };
        if bad_period {
            return Err(TimingError::BadPeriod {
                divisor: self.period_divisor,
                seconds: self.period_seconds.map_or("none".into(), format_number),
            });
        }
        Ok(())
    }

    /// The length of one period in seconds.
    pub(crate) fn period_length(&self, basic_time: f64) -> f64 {
        match self.period_seconds {
            Some(s) => s,
            None => basic_time / self.period_divisor.max(1) as f64,
        }
    }

    /// Whether `used` is beyond BT + k periods. With a divisor d this is tested as
    /// `used·d > BT·(d+k)`, which is exact for whole seconds, so the boundaries
    /// (exactly 7BT/6 is still one period) never suffer from rounding.
    fn beyond(&self, basic_time: f64, used: f64, k: u32) -> bool {
        match self.period_seconds {
            Some(p) => used > basic_time + k as f64 * p,
            None => {
                let d = self.period_divisor.max(1) as f64;
                used * d > basic_time * (d + k as f64)
            }
        }
    }

    /// Periods entered and whether the game is lost, for `used` seconds.
    pub(crate) fn periods_entered(&self, basic_time: f64, used: f64) -> (u32, bool) {
        let entered = (0..self.periods)
            .take_while(|&k| self.beyond(basic_time, used, k))
            .count() as u32;
        (entered, self.beyond(basic_time, used, self.periods))
    }

    /// Assesses one side's time.
    fn side(&self, basic_time: f64, used: Option<f64>, clock_reset: bool) -> SideTime {
        let (periods, lost) = used.map_or((0, false), |u| self.periods_entered(basic_time, u));
        SideTime {
            time_used: used,
            periods,
            points: periods.saturating_mul(self.points_per_period),
            lost_on_time: lost,
            clock_reset,
        }
    }

    fn report(&self, basic_time: f64, black: SideTime, white: SideTime) -> TimeReport {
        let period = self.period_length(basic_time);
        TimeReport {
            basic_time,
            period,
            thresholds: (0..self.periods)
                .map(|k| format_number(basic_time + k as f64 * period))
                .collect(),
            limit: basic_time + self.periods as f64 * period,
            settings: *self,
            black,
            white,
            lost_on_time: None,
        }
    }

    /// Assesses time used given as totals (seconds per side).
    #[cfg(test)]
    pub(crate) fn assess(
        &self,
        basic_time: f64,
        black_used: Option<f64>,
        white_used: Option<f64>,
    ) -> Result<TimeReport, TimingError> {
        self.check(basic_time)?;
        let b = self.side(basic_time, black_used, false);
        let w = self.side(basic_time, white_used, false);
        let mut report = self.report(basic_time, b, w);
        report.lost_on_time = match (b.lost_on_time, w.lost_on_time) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            (true, true) if b.time_used >= w.time_used => Some(Color::Black),
            (true, true) => Some(Color::White),
            (false, false) => None,
        };
        Ok(report)
    }

    /// Assesses a clock sequence: each move's colour and time left after it (BL/WL).
    pub(crate) fn assess_clock(
        &self,
        basic_time: f64,
        clock: impl IntoIterator<Item = (Color, Option<f64>)>,
    ) -> Result<TimeReport, TimingError> {
        self.check(basic_time)?;
        let mut lowest: [Option<f64>; 2] = [None, None];
        let mut previous: [Option<f64>; 2] = [None, None];
        let mut reset = [false, false];
        let mut first_over: Option<Color> = None;
        for (color, left) in clock {
            let Some(left) = left.filter(|l| l.is_finite()) else {
                continue;
            };
            let i = color.index();
            if previous[i].is_some_and(|p| left > p) {
                reset[i] = true;
            }
            previous[i] = Some(left);
            let low = lowest[i].map_or(left, |l: f64| l.min(left));
            lowest[i] = Some(low);
            if first_over.is_none() && self.periods_entered(basic_time, basic_time - low).1 {
                first_over = Some(color);
            }
        }
        let used = |i: usize| lowest[i].map(|low| basic_time - low);
        let b = self.side(basic_time, used(0), reset[0]);
        let w = self.side(basic_time, used(1), reset[1]);
        let mut report = self.report(basic_time, b, w);
        report.lost_on_time = first_over;
        Ok(report)
    }

    /// Assesses a game record: BT = TM, clock from the BL/WL of its moves.
    pub(crate) fn assess_record(&self, record: &GameRecord) -> Result<TimeReport, TimingError> {
        let basic_time = record.time_limit.ok_or(TimingError::NoBasicTime)?;
        self.assess_clock(
            basic_time,
            record.move_events().map(|m| (m.color, m.time_left)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::point::{Move, Point, Pos};
    use crate::read::record::{Event, MoveEvent};

    const BT: f64 = 12600.0; // T14: 3 h 30 min, period 2100 s

    fn entered(used: f64) -> (u32, bool) {
        IngOvertime::default().periods_entered(BT, used)
    }

    #[test]
    fn thresholds_at_their_exact_boundaries() {
        assert_eq!(entered(0.0), (0, false));
        assert_eq!(entered(BT), (0, false), "exactly BT is no overtime");
        assert_eq!(entered(BT + 1.0), (1, false));
        assert_eq!(entered(BT * 7.0 / 6.0), (1, false), "exactly 7BT/6");
        assert_eq!(entered(BT * 7.0 / 6.0 + 1.0), (2, false));
        assert_eq!(entered(BT * 8.0 / 6.0), (2, false), "exactly 8BT/6");
        assert_eq!(entered(BT * 8.0 / 6.0 + 1.0), (3, false));
        assert_eq!(
            entered(BT * 9.0 / 6.0),
            (3, false),
            "exactly 9BT/6 is not lost"
        );
        assert_eq!(entered(BT * 9.0 / 6.0 + 1.0), (3, true));
    }

    #[test]
    fn boundaries_are_exact_for_basic_times_not_divisible_by_six() {
        // BT = 3601 s: 7BT/6 = 4201.1666… is not a float-exact number.
        let ot = IngOvertime::default();
        assert_eq!(ot.periods_entered(3601.0, 4201.0), (1, false));
        assert_eq!(ot.periods_entered(3601.0, 4202.0), (2, false));
        // 9BT/6 = 5401.5
        assert_eq!(ot.periods_entered(3601.0, 5401.5), (3, false));
        assert_eq!(ot.periods_entered(3601.0, 5401.6), (3, true));
    }

    #[test]
    fn t14_time_table() {
        let ot = IngOvertime::default();
        let r = ot.assess(BT, Some(13800.0), None).unwrap();
        assert_eq!((r.black.periods, r.black.points), (1, 2));
        assert_eq!(r.period, 2100.0);
        assert_eq!(r.thresholds, ["12600", "14700", "16800"]);
        assert_eq!(r.limit, 18900.0);
        let r = ot.assess(BT, Some(13800.0), Some(13000.0)).unwrap();
        assert_eq!(r.penalties(), Penalties { black: 2, white: 2 });
        let r = ot.assess(BT, Some(13800.0), Some(14701.0)).unwrap();
        assert_eq!(r.penalties(), Penalties { black: 2, white: 4 });
        let r = ot.assess(BT, Some(18901.0), Some(1000.0)).unwrap();
        assert_eq!(r.lost_on_time, Some(Color::Black));
        assert!(r.black.lost_on_time);
        assert_eq!(r.black.points, 6);
    }

    #[test]
    fn ing_cup_settings() {
        // go4go: 3.5 h, then 30-minute periods at 2 points, at most 6 points.
        let ot = IngOvertime {
            period_seconds: Some(1800.0),
            ..IngOvertime::default()
        };
        assert_eq!(ot.periods_entered(BT, BT + 1800.0), (1, false));
        assert_eq!(ot.periods_entered(BT, BT + 1801.0), (2, false));
        // 9th Ing Cup final: 3 h, two 20-minute periods.
        let ot = IngOvertime {
            periods: 2,
            period_seconds: Some(1200.0),
            ..IngOvertime::default()
        };
        assert_eq!(ot.periods_entered(10800.0, 13200.0), (2, false));
        assert_eq!(ot.periods_entered(10800.0, 13201.0), (2, true));
    }

    /// When both sides ran out, the one that used more time ran out first (a tie: Black).
    #[test]
    fn both_out_of_time_the_bigger_total_lost() {
        let ot = IngOvertime::default();
        let lost = |b: f64, w: f64| ot.assess(BT, Some(b), Some(w)).unwrap().lost_on_time;
        assert_eq!(lost(3.0 * BT, 2.0 * BT), Some(Color::Black));
        assert_eq!(lost(2.0 * BT, 3.0 * BT), Some(Color::White));
        assert_eq!(lost(2.0 * BT, 2.0 * BT), Some(Color::Black));
        assert_eq!(lost(2.0 * BT, BT), Some(Color::Black));
        assert_eq!(lost(BT, 2.0 * BT), Some(Color::White));
        assert_eq!(lost(BT, BT), None);
    }

    #[test]
    fn bad_settings_are_errors_not_panics() {
        let ot = IngOvertime {
            period_divisor: 0,
            ..IngOvertime::default()
        };
        assert!(matches!(
            ot.assess(BT, None, None),
            Err(TimingError::BadPeriod { .. })
        ));
        // A fixed period must be a positive, finite number of seconds.
        for seconds in [0.0, -1800.0, f64::INFINITY, f64::NAN] {
            let ot = IngOvertime {
                period_seconds: Some(seconds),
                ..IngOvertime::default()
            };
            assert!(
                matches!(
                    ot.assess(BT, None, None),
                    Err(TimingError::BadPeriod { .. })
                ),
                "{seconds}"
            );
        }
        assert!(matches!(
            IngOvertime::default().assess(f64::NAN, None, None),
            Err(TimingError::BadBasicTime(_))
        ));
        assert!(matches!(
            IngOvertime::default().assess(-5.0, None, None),
            Err(TimingError::BadBasicTime(_))
        ));
    }

    fn mv(number: u32, color: Color, left: Option<f64>) -> Event {
        Event::Move(MoveEvent {
            number,
            color,
            mv: Move::Play(Point::new(0, 0)),
            pos: Pos::default(),
            forced: false,
            time_left: left,
            periods_left: None,
        })
    }

    #[test]
    fn clock_from_the_record_with_negative_bl_as_overtime() {
        let mut rec = GameRecord::new(19, 19);
        rec.time_limit = Some(BT);
        rec.events = vec![
            mv(1, Color::Black, Some(12000.0)),
            mv(2, Color::White, Some(11000.0)),
            mv(3, Color::Black, Some(-1200.0)), // 13800 s used: one period
            mv(4, Color::White, None),
            mv(5, Color::Black, Some(-1250.0)),
            mv(6, Color::White, Some(-2101.0)), // 14701 s used: two periods
        ];
        let r = IngOvertime::default().assess_record(&rec).unwrap();
        assert_eq!(r.black.time_used, Some(13850.0));
        assert_eq!(r.white.time_used, Some(14701.0));
        assert_eq!(r.penalties(), Penalties { black: 2, white: 4 });
        assert_eq!(r.lost_on_time, None);
        assert!(!r.black.clock_reset);
    }

    #[test]
    fn first_side_past_the_limit_loses_and_resets_are_flagged() {
        let ot = IngOvertime::default();
        let clock = [
            (Color::Black, Some(100.0)),
            (Color::White, Some(-6301.0)), // White over first
            (Color::Black, Some(-6400.0)),
            (Color::White, Some(30.0)), // went up: a reset clock
        ];
        let r = ot.assess_clock(BT, clock).unwrap();
        assert_eq!(r.lost_on_time, Some(Color::White));
        assert!(r.white.clock_reset);
        assert!(r.black.lost_on_time && r.white.lost_on_time);
    }

    /// A clock that stands still (a move played in no time) is not a reset; one that
    /// goes up is. `side` gives each colour's own figures.
    #[test]
    fn a_clock_that_stands_still_is_not_reset() {
        let ot = IngOvertime::default();
        let clock = [
            (Color::Black, Some(500.0)),
            (Color::White, Some(400.0)),
            (Color::Black, Some(500.0)), // no time spent
            (Color::White, Some(400.5)), // half a second back: a reset
        ];
        let r = ot.assess_clock(BT, clock).unwrap();
        assert!(!r.side(Color::Black).clock_reset);
        assert!(r.side(Color::White).clock_reset);
        assert_eq!(r.side(Color::Black).time_used, Some(BT - 500.0));
        assert_eq!(r.side(Color::White).time_used, Some(BT - 400.0)); // the lowest time left
    }

    /// A basic time must be more than nothing: zero, negative or not a number is refused.
    #[test]
    fn a_basic_time_of_zero_is_refused() {
        let ot = IngOvertime::default();
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            assert!(
                matches!(
                    ot.assess(bad, Some(1.0), None),
                    Err(TimingError::BadBasicTime(_))
                ),
                "{bad}"
            );
        }
        assert!(ot.assess(0.5, Some(1.0), None).is_ok());
    }

    #[test]
    fn no_tm_is_a_typed_error() {
        let rec = GameRecord::new(19, 19);
        assert_eq!(
            IngOvertime::default().assess_record(&rec),
            Err(TimingError::NoBasicTime)
        );
    }
}
