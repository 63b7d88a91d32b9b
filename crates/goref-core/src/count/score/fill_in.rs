//! Ing fill-in counting (spec §3.1–3.2): the bowls of stones after the game, the
//! story a director reads aloud, and why it cannot be told where it cannot.

use crate::count::score::plural;
use crate::point::Color;
use crate::rules::{format_number, tidy_number, SekiPoints};
use crate::score::AreaCount;
use crate::score::Penalties;
use serde::Serialize;

/// One side's fill-in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct FillSide {
    /// Own stones available: S minus those placed in the opponent's area.
    pub stones: i64,
    /// Points to fill: own area minus the opponent's stones placed in it, plus the
    /// shared points this side fills.
    pub points: i64,
    /// stones − points: stones left over, or (negative) points left unfilled.
    pub leftover: i64,
}

/// Ing fill-in counting of a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FillIn {
    /// S = ⌊W·H/2⌋ stones a side.
    pub stones_each: u32,
    /// Compensation stones (komi plus handicap compensation, 2 points a stone) that
    /// White places in Black's area; negative for a reverse komi (Black's stones in
    /// White's area).
    pub compensation_stones: i64,
    /// Penalty stones placed in each penalised side's area by the opponent.
    pub penalty_stones: Penalties,
    /// Neutral points (dame, seki).
    pub shared_points: u32,
    /// Shared points each side fills (⌊d/2⌋ when they are shared, else 0).
    pub shared_filled_each: u32,
    /// Neutral points left empty after filling.
    pub left_empty: u32,
    pub black: FillSide,
    pub white: FillSide,
    /// The side with unfilled points (None when the leftovers are equal).
    pub winner: Option<Color>,
    /// The winner's unfilled points.
    pub winner_unfilled: i64,
    /// The loser's leftover stones.
    pub loser_leftover: i64,
    /// winner_unfilled + loser_leftover: equals the area margin.
    pub margin: i64,
    /// Black's margin: White's leftover minus Black's.
    pub black_margin: i64,
    /// The count in words, to read aloud.
    pub sentence: String,
}

/// Why fill-in counting was not done.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum FillInError {
    #[error("compensation of {0} points is not a whole number of stones (2 points a stone); fill-in needs an even komi")]
    OddCompensation(String),
    #[error(
        "{color} has {points} penalty points, not a whole number of stones (2 points a stone)"
    )]
    OddPenalty { color: Color, points: u32 },
    /// A side's area cannot hold the stones placed in it, or it has fewer stones than
    /// its opponent places: the position is not a finished one that fill-in can count.
    #[error("{color}'s area of {area} points cannot take the {placed} stones placed in it: the position is not finished, so fill-in cannot count it")]
    Unfinished {
        color: Color,
        area: u32,
        placed: i64,
    },
}

/// Converts points to stones at 2 points a stone, if whole.
pub(super) fn whole_stones(points: f64) -> Option<i64> {
    let half = tidy_number(points) / 2.0;
    (half.is_finite() && half.fract() == 0.0 && half.abs() < 1e12).then_some(half as i64)
}

/// Ing fill-in counting. `compensation` is komi plus handicap compensation, in points.
pub(crate) fn fill_in(
    area: &AreaCount,
    compensation: f64,
    penalties: Penalties,
    seki: SekiPoints,
) -> Result<FillIn, FillInError> {
    let comp = whole_stones(compensation)
        .ok_or_else(|| FillInError::OddCompensation(format_number(compensation)))?;
    for color in [Color::Black, Color::White] {
        let points = penalties.of(color);
        if points % 2 != 0 {
            return Err(FillInError::OddPenalty { color, points });
        }
    }
    let s = area.stones_each() as i64;
    let d = area.neutral;
    let shared = match seki {
        SekiPoints::Shared => d / 2,
        SekiPoints::Nobody => 0,
    };
    // White stones in Black's area and Black stones in White's area (§3.2: c_B, c_W).
    // A reverse komi moves to the other side; the leftovers depend only on c_B − c_W.
    let mut c_b = comp + penalties.black as i64 / 2;
    let mut c_w = penalties.white as i64 / 2;
    if c_b < 0 {
        c_w -= c_b;
        c_b = 0;
    }
    let side = |stones: i64, area: u32, placed_in: i64| {
        let points = area as i64 - placed_in + shared as i64;
        FillSide {
            stones,
            points,
            leftover: stones - points,
        }
    };
    let black = side(s - c_w, area.black.area, c_b);
    let white = side(s - c_b, area.white.area, c_w);
    for (color, side, placed, own) in [
        (Color::Black, black, c_b, area.black.area),
        (Color::White, white, c_w, area.white.area),
    ] {
        if side.points < 0 || side.stones < 0 {
            return Err(FillInError::Unfinished {
                color,
                area: own,
                placed,
            });
        }
    }
    let black_margin = white.leftover - black.leftover;
    let (winner, winner_side, loser_side) = match black_margin {
        m if m > 0 => (Some(Color::Black), black, white),
        m if m < 0 => (Some(Color::White), white, black),
        _ => (None, black, white),
    };
    let mut f = FillIn {
        stones_each: area.stones_each(),
        compensation_stones: comp,
        penalty_stones: Penalties {
            black: penalties.black / 2,
            white: penalties.white / 2,
        },
        shared_points: d,
        shared_filled_each: shared,
        left_empty: d - 2 * shared,
        black,
        white,
        winner,
        winner_unfilled: if winner.is_some() {
            -winner_side.leftover
        } else {
            0
        },
        loser_leftover: if winner.is_some() {
            loser_side.leftover
        } else {
            0
        },
        margin: black_margin.abs(),
        black_margin,
        sentence: String::new(),
    };
    f.sentence = fill_in_sentence(&f, seki);
    Ok(f)
}

/// "White places 4 compensation stones in Black's area. Black fills 180 of 181 points
/// and has 1 point left. White fills 176 points with 176 stones exactly. Black wins by 1."
pub(super) fn fill_in_sentence(f: &FillIn, seki: SekiPoints) -> String {
    let mut parts: Vec<String> = Vec::new();
    let comp = f.compensation_stones;
    if comp > 0 {
        parts.push(format!(
            "White places {} in Black's area",
            plural(comp, "compensation stone", "compensation stones")
        ));
    } else if comp < 0 {
        parts.push(format!(
            "Black places {} in White's area",
            plural(-comp, "compensation stone", "compensation stones")
        ));
    }
    for color in [Color::Black, Color::White] {
        let n = f.penalty_stones.of(color) as i64;
        if n > 0 {
            parts.push(format!(
                "{} places {} in {}'s area",
                color.opponent().name(),
                plural(n, "penalty stone", "penalty stones"),
                color.name()
            ));
        }
    }
    if f.shared_points > 0 {
        parts.push(match seki {
            SekiPoints::Shared if f.shared_filled_each > 0 => {
                let mut t = format!(
                    "each side fills {} of the {} shared",
                    plural(f.shared_filled_each as i64, "point", "points"),
                    f.shared_points
                );
                if f.left_empty > 0 {
                    t.push_str("; 1 point stays empty");
                }
                t
            }
            _ => format!(
                "{} empty",
                plural(
                    f.shared_points as i64,
                    "neutral point stays",
                    "neutral points stay"
                )
            ),
        });
    }
    for (color, side) in [(Color::Black, f.black), (Color::White, f.white)] {
        parts.push(side_sentence(color, side));
    }
    let verdict = match f.winner {
        Some(w) => {
            let mut v = format!("{} wins by {}", w.name(), f.margin);
            let loser = w.opponent().name();
            match (f.winner_unfilled, f.loser_leftover) {
                (u, l) if u > 0 && l > 0 => v.push_str(&format!(
                    " ({} unfilled plus {} left over by {loser})",
                    plural(u, "point", "points"),
                    plural(l, "stone", "stones"),
                )),
                // Both sides have stones left over (neutral points nobody fills): the
                // margin is the difference.
                (u, l) if u < 0 => v.push_str(&format!(
                    " ({loser} has {} left over, {} only {})",
                    plural(l, "stone", "stones"),
                    w.name(),
                    -u
                )),
                // Both sides leave points unfilled: the margin is the difference.
                (u, l) if l < 0 => v.push_str(&format!(
                    " ({} unfilled against {} by {loser})",
                    plural(u, "point", "points"),
                    -l
                )),
                _ => {}
            }
            v
        }
        None => "Neither side is ahead: the count is even".to_string(),
    };
    parts.push(verdict);
    let mut text = parts
        .iter()
        .map(|p| capitalise(p))
        .collect::<Vec<_>>()
        .join(". ");
    text.push('.');
    text
}

pub(super) fn side_sentence(color: Color, side: FillSide) -> String {
    let name = color.name();
    match side.leftover {
        l if l < 0 => format!(
            "{name} fills {} of {} points and has {} left",
            side.stones,
            side.points,
            plural(-l, "point", "points")
        ),
        0 => format!(
            "{name} fills {} points with {} stones exactly",
            side.points, side.stones
        ),
        l => format!(
            "{name} fills {} points and has {} left over",
            side.points,
            plural(l, "stone", "stones")
        ),
    }
}

pub(super) fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

// ---------------------------------------------------------------------------
// The score
