//! OpenGotha's tournament file (`.xml`, `<Tournament dataVersion=...>`).
//!
//! Fields read: `Players/Player` (`name`, `firstName`, `egfPin`, `rank`), `Games/Game`
//! (`roundNumber`, `tableNumber`, `blackPlayer`, `whitePlayer`, `handicap`, `knownColor`,
//! `result`), `ByePlayers/ByePlayer` (`player`, `roundNumber`) and
//! `TournamentParameterSet/GeneralParameterSet` (`name`, `numberOfRounds`, `komi`, `size`,
//! `beginDate`, `endDate`). Games name their players by OpenGotha's key, the surname and
//! first name upper-cased and run together (`MEROCSABA`). Everything else is ignored.

use super::{Bye, Day, Game, Player, SourceFormat, TableResult, Tournament, TournamentError};
use roxmltree::{Document, Node, ParsingOptions};
use std::collections::HashMap;

/// Reads an OpenGotha file's text.
pub fn parse(text: &str) -> Result<Tournament, TournamentError> {
    let options = ParsingOptions {
        allow_dtd: false,
        ..ParsingOptions::default()
    };
    let doc = Document::parse_with_options(text, options)?;
    let root = doc.root_element();
    if !root.has_tag_name("Tournament") {
        return Err(TournamentError::NotOpenGotha(format!(
            "the root element is <{}>, not <Tournament>",
            root.tag_name().name()
        )));
    }
    let mut tournament = settings(root);
    let mut keys = HashMap::new();
    for node in descendants(root, "Player") {
        let mut player = Player::new(
            "",
            node.attribute("name").unwrap_or(""),
            node.attribute("firstName").unwrap_or(""),
        );
        player.key = key_of(&player.surname, &player.first_name);
        player.pin = node
            .attribute("egfPin")
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(str::to_string);
        player.rank = node
            .attribute("rank")
            .filter(|r| !r.is_empty())
            .map(str::to_string);
        keys.insert(player.key.clone(), tournament.players.len());
        tournament.players.push(player);
    }
    let mut lookup = Lookup {
        keys,
        players: &mut tournament.players,
    };
    let mut games = Vec::new();
    for node in descendants(root, "Game") {
        let round = number(node, "roundNumber").unwrap_or(0);
        let black = lookup.index(node.attribute("blackPlayer").unwrap_or(""));
        let white = lookup.index(node.attribute("whitePlayer").unwrap_or(""));
        let (result, by_default) = result(node.attribute("result").unwrap_or(""));
        games.push(Game {
            round,
            // The number shown on screen and on the pairing sheets, from 1.
            board: number(node, "tableNumber"),
            black,
            white,
            handicap: number(node, "handicap").unwrap_or(0),
            handicap_known: node.attribute("handicap").is_some(),
            result,
            by_default,
            colours_known: node.attribute("knownColor") != Some("false"),
        });
    }
    let mut byes = Vec::new();
    for node in descendants(root, "ByePlayer") {
        byes.push(Bye {
            round: number(node, "roundNumber").unwrap_or(0),
            player: lookup.index(node.attribute("player").unwrap_or("")),
        });
    }
    tournament.games = games;
    tournament.byes = byes;
    Ok(tournament)
}

/// OpenGotha's key of a player: surname then first name, upper-cased, without spaces.
pub fn key_of(surname: &str, first_name: &str) -> String {
    format!("{surname}{first_name}")
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_uppercase)
        .collect()
}

/// Players by key; a key no player has (a file edited by hand, or keys without the
/// diacritics the names have) is looked up by its folded letters, and failing that
/// becomes a player of its own, named by the key, so that its games are still checked.
struct Lookup<'a> {
    keys: HashMap<String, usize>,
    players: &'a mut Vec<Player>,
}

impl Lookup<'_> {
    fn index(&mut self, key: &str) -> usize {
        if let Some(&i) = self.keys.get(key) {
            return i;
        }
        let folded = super::names::words(key).concat();
        let found = self
            .players
            .iter()
            .position(|p| super::names::words(&p.key).concat() == folded);
        let i = found.unwrap_or_else(|| {
            self.players.push(Player::new(key, key, ""));
            self.players.len() - 1
        });
        self.keys.insert(key.to_string(), i);
        i
    }
}

fn settings(root: Node) -> Tournament {
    let general = descendants(root, "GeneralParameterSet").next();
    let attr = |name: &str| general.and_then(|g| g.attribute(name));
    Tournament {
        name: attr("name")
            .or_else(|| attr("shortName"))
            .unwrap_or("")
            .to_string(),
        format: SourceFormat::OpenGotha,
        rounds: general
            .and_then(|g| number(g, "numberOfRounds"))
            .unwrap_or(0),
        komi: attr("komi")
            .and_then(|k| k.trim().parse::<f64>().ok())
            .filter(|k| k.is_finite()),
        board_size: general.and_then(|g| number(g, "size")),
        first_day: attr("beginDate").and_then(Day::find_in),
        last_day: attr("endDate").and_then(Day::find_in),
        players: Vec::new(),
        games: Vec::new(),
        byes: Vec::new(),
    }
}

fn descendants<'a, 'input>(
    root: Node<'a, 'input>,
    tag: &'static str,
) -> impl Iterator<Item = Node<'a, 'input>> {
    root.descendants().filter(move |n| n.has_tag_name(tag))
}

fn number(node: Node, attribute: &str) -> Option<u32> {
    node.attribute(attribute)?.trim().parse().ok()
}

/// `RESULT_WHITEWINS`, `RESULT_BLACKWINS_BYDEF`, ...: the result and whether it was by
/// default (not played).
fn result(text: &str) -> (TableResult, bool) {
    let (body, by_default) = match text.strip_suffix("_BYDEF") {
        Some(body) => (body, true),
        None => (text, false),
    };
    let result = match body {
        "RESULT_WHITEWINS" => TableResult::WhiteWins,
        "RESULT_BLACKWINS" => TableResult::BlackWins,
        "RESULT_EQUAL" => TableResult::Jigo,
        "RESULT_BOTHWIN" => TableResult::BothWin,
        "RESULT_BOTHLOSE" => TableResult::BothLose,
        _ => TableResult::Unknown,
    };
    (result, by_default)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<Tournament dataVersion="201">
<Players>
<Player name="Mérő" firstName="Csaba" egfPin="10203040" rank="6D"/>
<Player name="Lin" firstName="Viktor" egfPin="" rank="5D"/>
<Player name="Groot" firstName="Aya_de" rank="20K"/>
</Players>
<Games>
<Game blackPlayer="MÉRŐCSABA" whitePlayer="LINVIKTOR" handicap="0" knownColor="true" result="RESULT_BLACKWINS" roundNumber="1" tableNumber="3"/>
<Game blackPlayer="GROOTAYA_DE" whitePlayer="MEROCSABA" handicap="9" knownColor="false" result="RESULT_WHITEWINS_BYDEF" roundNumber="2" tableNumber="1"/>
<Game blackPlayer="NOBODY" whitePlayer="LINVIKTOR" handicap="0" result="RESULT_UNKNOWN" roundNumber="2" tableNumber="2"/>
</Games>
<ByePlayers><ByePlayer player="LINVIKTOR" roundNumber="3"/></ByePlayers>
<TournamentParameterSet>
<GeneralParameterSet name="Test Cup" numberOfRounds="3" komi="6.5" size="19" beginDate="2024-05-01" endDate="2024-05-02"/>
</TournamentParameterSet>
</Tournament>"#;

    #[test]
    fn players_games_byes_and_settings_are_read() {
        let t = parse(SMALL).unwrap();
        assert_eq!(t.name, "Test Cup");
        assert_eq!((t.rounds, t.komi, t.board_size), (3, Some(6.5), Some(19)));
        assert_eq!(t.days(), Some(2));
        assert_eq!(t.players[0].key, "MÉRŐCSABA");
        assert_eq!(t.players[0].pin.as_deref(), Some("10203040"));
        assert_eq!(t.players[1].pin, None);
        let g = &t.games[0];
        assert_eq!((g.round, g.board, g.black, g.white), (1, Some(3), 0, 1));
        assert_eq!(
            (g.result, g.by_default, g.colours_known),
            (TableResult::BlackWins, false, true)
        );
        // A key without its diacritics finds the player; an unknown key becomes one.
        let g = &t.games[1];
        assert_eq!((g.black, g.white, g.handicap), (2, 0, 9));
        assert_eq!(
            (g.result, g.by_default, g.colours_known),
            (TableResult::WhiteWins, true, false)
        );
        assert_eq!(t.players[t.games[2].black].name, "NOBODY");
        assert_eq!(t.games[2].result, TableResult::Unknown);
        assert!(t.games[0].handicap_known && t.games[1].handicap_known);
        assert_eq!(
            t.byes,
            [Bye {
                round: 3,
                player: 1
            }]
        );
    }

    #[test]
    fn other_xml_is_refused() {
        assert!(matches!(
            parse("<html/>"),
            Err(TournamentError::NotOpenGotha(_))
        ));
        assert!(matches!(
            parse("<Tournament><Players>"),
            Err(TournamentError::Xml(_))
        ));
        // No DTD: no entity expansion from a hostile file.
        let bomb = "<!DOCTYPE t [<!ENTITY a \"aaaa\">]><Tournament>&a;</Tournament>";
        assert!(parse(bomb).is_err());
    }

    #[test]
    fn results_and_defaults() {
        assert_eq!(result("RESULT_EQUAL"), (TableResult::Jigo, false));
        assert_eq!(
            result("RESULT_BOTHLOSE_BYDEF"),
            (TableResult::BothLose, true)
        );
        assert_eq!(result("junk"), (TableResult::Unknown, false));
        assert_eq!(key_of("de Groot", "Aya"), "DEGROOTAYA");
    }
}
