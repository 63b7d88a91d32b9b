//! The EGD results format (`.h9`, the table the European Go Database rates from).
//!
//! Header lines start with `;`; those read are `EV[name]`, `KM[komi]` and
//! `DT[first,last]`. Every other line is a player: an optional place, the name
//! (surname first), the rank (`3D`, `18K`), then columns goref skips (country, club,
//! scores), and one cell per round, `OPPONENT RESULT [!] [/COLOUR [HANDICAP]]`:
//! `15+/w4` won with White giving 4 stones, `1-/b0` lost with Black, `7=/b0` jigo,
//! `8?/w0` not entered, `12+!/b0` won by default. The opponent is the number of
//! the opponent's line (tied players leave their place blank, but keep their number).
//! Opponent 0 is a round without a game: `0+` a free win (bye), `0-` and `0=` a free
//! round. A token `|12345678` gives the player's EGD PIN. Everything after a `;` is a
//! comment. EGD files carry no board numbers.

use super::{Bye, Day, Game, Player, SourceFormat, TableResult, Tournament, TournamentError};
use std::collections::HashMap;

/// The most players and rounds a table may have (bounded memory on any input).
const MAX_PLAYERS: usize = 100_000;
const MAX_ROUNDS: usize = 100;

/// One cell of a player's line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cell {
    opponent: usize,
    symbol: u8,
    by_default: bool,
    /// `b` or `w`, when given.
    colour: Option<u8>,
    /// The digit after the colour; None when the cell leaves it out.
    handicap: Option<u32>,
}

/// Reads an EGD table's text.
pub fn parse(text: &str) -> Result<Tournament, TournamentError> {
    let mut tournament = Tournament {
        name: String::new(),
        format: SourceFormat::Egd,
        rounds: 0,
        komi: None,
        board_size: None,
        first_day: None,
        last_day: None,
        players: Vec::new(),
        games: Vec::new(),
        byes: Vec::new(),
    };
    let mut cells: Vec<Vec<Cell>> = Vec::new();
    let mut lines_of = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let (body, comment) = line.split_once(';').unwrap_or((line, ""));
        header(comment, &mut tournament);
        if body.trim().is_empty() {
            continue;
        }
        let fail = |message: String| TournamentError::Egd {
            line: number + 1,
            message,
        };
        if cells.len() >= MAX_PLAYERS {
            return Err(fail(format!("more than {MAX_PLAYERS} players")));
        }
        let (player, row) = player_line(body, tournament.players.len() + 1).map_err(fail)?;
        if row.len() > MAX_ROUNDS {
            return Err(fail(format!("more than {MAX_ROUNDS} rounds")));
        }
        tournament.players.push(player);
        cells.push(row);
        lines_of.push(number + 1);
    }
    tournament.rounds = cells.iter().map(Vec::len).max().unwrap_or(0) as u32;
    games(&cells, &lines_of, &mut tournament)?;
    // Round by round, each round in the order of the table's lines.
    tournament.games.sort_by_key(|g| g.round);
    tournament.byes.sort_by_key(|b| b.round);
    Ok(tournament)
}

/// `EV[..]`, `KM[..]`, `DT[..]` in a comment.
fn header(comment: &str, tournament: &mut Tournament) {
    let value = |tag: &str| {
        let start = comment.find(&format!("{tag}["))? + tag.len() + 1;
        let end = comment[start..].find(']')? + start;
        Some(comment[start..end].trim().to_string())
    };
    if let Some(name) = value("EV") {
        tournament.name = name;
    }
    if let Some(komi) = value("KM").and_then(|k| k.parse::<f64>().ok()) {
        tournament.komi = Some(komi).filter(|k| k.is_finite());
    }
    if let Some(dates) = value("DT") {
        let mut days = dates.split(',').filter_map(Day::find_in);
        tournament.first_day = days.next();
        tournament.last_day = days.next_back().or(tournament.first_day);
    }
}

/// A player's line: the player and the cells.
fn player_line(body: &str, number: usize) -> Result<(Player, Vec<Cell>), String> {
    let mut tokens: Vec<&str> = body.split_whitespace().collect();
    let mut pin = None;
    tokens.retain(|t| match t.strip_prefix('|') {
        Some(p) => {
            pin = Some(p.to_string()).filter(|p| !p.is_empty());
            false
        }
        None => true,
    });
    let first_cell = tokens
        .iter()
        .rposition(|t| cell(t).is_none())
        .map_or(0, |i| i + 1);
    let row: Vec<Cell> = tokens[first_cell..]
        .iter()
        .filter_map(|t| cell(t))
        .collect();
    let head = &tokens[..first_cell];
    let start = usize::from(
        head.first()
            .is_some_and(|t| t.bytes().all(|b| b.is_ascii_digit())),
    );
    let rank_at = head
        .iter()
        .skip(start)
        .position(|t| is_rank(t))
        .map(|i| i + start)
        .ok_or_else(|| {
            format!(
                "no rank (such as 3D or 18K) after the name in `{}`",
                body.trim()
            )
        })?;
    let name = &head[start..rank_at];
    if name.is_empty() {
        return Err(format!("no name before the rank in `{}`", body.trim()));
    }
    let mut player = Player::new(&number.to_string(), name[0], &name[1..].join(" "));
    player.rank = Some(head[rank_at].to_string());
    player.pin = pin;
    Ok((player, row))
}

fn is_rank(token: &str) -> bool {
    let Some(digits) = token
        .strip_suffix(['k', 'K', 'd', 'D', 'p', 'P'])
        .filter(|d| !d.is_empty() && d.len() <= 2)
    else {
        return false;
    };
    digits.bytes().all(|b| b.is_ascii_digit())
}

/// `15+/w4`, `0=`, `8?/b0`, `12+!/b0`, `35=`.
fn cell(token: &str) -> Option<Cell> {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let opponent = token[..digits].parse().ok()?;
    let mut rest = token[digits..].bytes();
    let symbol = rest.next().filter(|s| b"+-=?".contains(s))?;
    let mut rest: Vec<u8> = rest.collect();
    let by_default = rest.first() == Some(&b'!');
    if by_default {
        rest.remove(0);
    }
    let (colour, handicap) = match rest.as_slice() {
        [] => (None, None),
        [b'/', c, h @ ..] if b"bwBW".contains(c) => {
            let handicap = match h {
                [] => None,
                [d] if d.is_ascii_digit() => Some(u32::from(d - b'0')),
                _ => return None,
            };
            (Some(c.to_ascii_lowercase()), handicap)
        }
        _ => return None,
    };
    Some(Cell {
        opponent,
        symbol,
        by_default,
        colour,
        handicap,
    })
}

/// The games: each is written twice (once on each player's line), and made once.
fn games(
    cells: &[Vec<Cell>],
    lines_of: &[usize],
    tournament: &mut Tournament,
) -> Result<(), TournamentError> {
    let mut made: HashMap<(u32, usize, usize), ()> = HashMap::new();
    for (me, row) in cells.iter().enumerate() {
        for (r, c) in row.iter().enumerate() {
            let round = r as u32 + 1;
            if c.opponent == 0 {
                tournament.byes.push(Bye { round, player: me });
                continue;
            }
            let them = c.opponent - 1;
            if them >= cells.len() || them == me {
                return Err(TournamentError::Egd {
                    line: lines_of[me],
                    message: format!(
                        "round {round}: opponent {} is not a player of the table ({} players)",
                        c.opponent,
                        cells.len()
                    ),
                });
            }
            let pair = (round, me.min(them), me.max(them));
            if made.insert(pair, ()).is_some() {
                continue;
            }
            let theirs = cells[them].get(r).filter(|t| t.opponent == me + 1);
            tournament.games.push(game(round, me, them, c, theirs));
        }
    }
    Ok(())
}

fn game(round: u32, me: usize, them: usize, mine: &Cell, theirs: Option<&Cell>) -> Game {
    let colour = mine.colour.or_else(|| {
        theirs
            .and_then(|t| t.colour)
            .map(|c| if c == b'w' { b'b' } else { b'w' })
    });
    let (black, white) = if colour == Some(b'w') {
        (them, me)
    } else {
        (me, them)
    };
    let i_am_black = black == me;
    let their_symbol = theirs.map(|t| t.symbol);
    let result = match (mine.symbol, their_symbol) {
        (b'+', Some(b'+')) => TableResult::BothWin,
        (b'-', Some(b'-')) => TableResult::BothLose,
        (b'+', _) if i_am_black => TableResult::BlackWins,
        (b'+', _) => TableResult::WhiteWins,
        (b'-', _) if i_am_black => TableResult::WhiteWins,
        (b'-', _) => TableResult::BlackWins,
        (b'=', _) => TableResult::Jigo,
        _ => TableResult::Unknown,
    };
    Game {
        round,
        board: None,
        black,
        white,
        handicap: mine
            .handicap
            .or(theirs.and_then(|t| t.handicap))
            .unwrap_or(0),
        handicap_known: mine.handicap.or(theirs.and_then(|t| t.handicap)).is_some(),
        result,
        by_default: mine.by_default || theirs.is_some_and(|t| t.by_default),
        colours_known: colour.is_some(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: &str = "; EV[Test Cup]\n; DT[2024-05-01,2024-05-03]\n; KM[6.5]\n\
; Pl Name Rk Co Club\n\
   1 Mero Csaba        6D HU Bp   3  15+/w0   2+!/b0   0+  |10203040\n\
   2 Lin Viktor        5D AT Wi   1   3-/b2   1-!/w0   3=/w0\n\
     de Groot Aya     20K NL DH   0   2+/w2   0-       2=/b0\n";

    #[test]
    fn players_and_games_are_read() {
        let t = parse(TABLE).unwrap_err();
        // Opponent 15 does not exist: the line is named.
        assert!(
            t.to_string().starts_with("line 5: round 1: opponent 15"),
            "{t}"
        );
        let t = parse(&TABLE.replace("15+/w0", "0-")).unwrap();
        assert_eq!(t.name, "Test Cup");
        assert_eq!(t.komi, Some(6.5));
        assert_eq!(t.days(), Some(3));
        assert_eq!(t.rounds, 3);
        assert_eq!(t.players.len(), 3);
        assert_eq!(t.players[0].pin.as_deref(), Some("10203040"));
        assert_eq!(t.players[2].name, "de Groot Aya");
        assert_eq!(t.players[2].rank.as_deref(), Some("20K"));
        let g = &t.games[0];
        // Line 2 played Black against line 3 (White) with 2 stones and lost.
        assert_eq!((g.round, g.black, g.white, g.handicap), (1, 1, 2, 2));
        assert_eq!(g.result, TableResult::WhiteWins);
        let g = &t.games[1];
        assert_eq!((g.round, g.black, g.white, g.by_default), (2, 0, 1, true));
        assert_eq!(g.result, TableResult::BlackWins);
        let g = &t.games[2];
        assert_eq!(
            (g.round, g.black, g.white, g.result),
            (3, 2, 1, TableResult::Jigo)
        );
        assert_eq!(t.games.len(), 3);
        assert_eq!(
            t.byes,
            [
                Bye {
                    round: 1,
                    player: 0
                },
                Bye {
                    round: 2,
                    player: 2
                },
                Bye {
                    round: 3,
                    player: 0
                }
            ]
        );
    }

    #[test]
    fn cells() {
        assert_eq!(
            cell("15+/w4"),
            Some(Cell {
                opponent: 15,
                symbol: b'+',
                by_default: false,
                colour: Some(b'w'),
                handicap: Some(4)
            })
        );
        assert_eq!(
            cell("35=").map(|c| (c.colour, c.handicap)),
            Some((None, None))
        );
        assert_eq!(cell("23+/w").map(|c| c.handicap), Some(None));
        assert_eq!(cell("8?/b0").map(|c| c.symbol), Some(b'?'));
        assert_eq!(cell("23+/w").map(|c| c.colour), Some(Some(b'w')));
        assert!(cell("3D").is_none() && cell("128").is_none() && cell("5+/x1").is_none());
    }

    #[test]
    fn a_line_without_a_rank_is_refused_with_its_number() {
        let err = parse("; EV[x]\n 1 Someone 1+/b0\n").unwrap_err();
        assert!(err.to_string().starts_with("line 2: no rank"), "{err}");
    }

    #[test]
    fn colours_are_unknown_without_a_colour() {
        let t = parse(" 1 A B 1D XX c 2+\n 2 C D 1D XX c 1-\n").unwrap();
        assert!(!t.games[0].colours_known && !t.games[0].handicap_known);
        // A handicap on either line is the game's.
        let t = parse(" 1 A B 1D XX c 2+/w\n 2 C D 3K XX c 1-/b2\n").unwrap();
        assert_eq!((t.games[0].handicap, t.games[0].handicap_known), (2, true));
        assert_eq!((t.games[0].black, t.games[0].white), (1, 0));
    }
}
