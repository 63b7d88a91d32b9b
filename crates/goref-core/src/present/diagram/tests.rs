//! Diagram tests: text snapshots and SVG parsed as XML.

use super::*;
use crate::count::score::count_area;
use crate::findings::{Code, Finding};

fn pt(s: &str) -> Point {
    Point::from_sgf(s).expect("test point")
}

/// T11 after the capture at ad, with ec and ff dead.
fn t11() -> Position {
    Position::from_diagram(&[
        ". X O . . . .",
        ". X O . . . .",
        "X X O . X . .",
        ". X O . . . .",
        "X X O . . . .",
        ". X O . . X .",
        ". X O . . . .",
    ])
}

fn t11_marks() -> DiagramMarks {
    let pos = t11();
    let area = count_area(&pos, &[pt("ec"), pt("ff")]).expect("area");
    DiagramMarks {
        last_move: Some(pt("ae")),
        ..DiagramMarks::default()
    }
    .with_area(&area)
}

#[test]
fn text_t11_with_dead_stones_and_territory() {
    let text = render_text(&t11(), &t11_marks(), &TextOptions::default());
    insta::assert_snapshot!(text);
}

#[test]
fn text_plain_9x9_with_hoshi_and_offending_move() {
    let mut pos = Position::empty(9, 9);
    pos.set(pt("cc"), Some(Color::Black));
    pos.set(pt("dc"), Some(Color::White));
    pos.set(pt("ee"), Some(Color::Black));
    let finding = Finding {
        point: Some("dc".into()),
        ..Finding::new(Code::PositionalSuperko, "recreates move 1")
    };
    let marks = DiagramMarks {
        last_move: Some(pt("cc")),
        ..DiagramMarks::default()
    }
    .with_findings([&finding]);
    let text = render_text(&pos, &marks, &TextOptions::default());
    insta::assert_snapshot!(text);
}

#[test]
fn text_without_coordinates_or_legend() {
    let pos = Position::from_diagram(&["X O", ". X", "O ."]);
    let opts = TextOptions {
        coordinates: false,
        hoshi: false,
        legend: false,
    };
    let marks = DiagramMarks {
        offending: vec![pt("ab")],
        ..DiagramMarks::default()
    };
    assert_eq!(render_text(&pos, &marks, &opts), " X O\n[!]X\n O .\n");
}

#[test]
fn text_columns_skip_i_and_rows_count_from_the_bottom() {
    let pos = Position::empty(19, 19);
    let text = render_text(&pos, &DiagramMarks::default(), &TextOptions::default());
    let first = text.lines().next().unwrap_or("");
    assert_eq!(first, "   A B C D E F G H J K L M N O P Q R S T");
    assert!(text.lines().nth(1).unwrap_or("").starts_with("19 ."));
    assert!(text.lines().nth(19).unwrap_or("").starts_with(" 1 ."));
    let board: String = text.lines().take(20).collect();
    assert_eq!(board.matches('+').count(), 9);
    assert!(text.ends_with("+ star point\n"));
}

#[test]
fn every_size_up_to_52_renders_without_panicking() {
    for (w, h) in [(0, 0), (1, 1), (2, 7), (25, 3), (26, 26), (51, 2), (52, 52)] {
        let mut pos = Position::empty(w, h);
        if w > 0 && h > 0 {
            pos.set(Point::new(w - 1, h - 1), Some(Color::White));
        }
        let marks = DiagramMarks {
            last_move: Some(Point::new(w.saturating_sub(1), h.saturating_sub(1))),
            offending: vec![Point::new(60, 60)], // off the board: ignored
            ..DiagramMarks::default()
        };
        let text = render_text(&pos, &marks, &TextOptions::default());
        assert_eq!(
            text.lines().count(),
            h as usize + 2 + usize::from(w > 0 && h > 0)
        );
        let svg = render_svg(&pos, &marks, &SvgOptions::default());
        assert!(roxmltree::Document::parse(&svg).is_ok(), "{w}x{h}");
    }
    // Columns past 50 are numbered, and the cells widen to keep them aligned.
    assert_eq!(column_label(49), "z");
    assert_eq!(column_label(50), "51");
    let text = render_text(
        &Position::empty(52, 1),
        &DiagramMarks::default(),
        &TextOptions::default(),
    );
    assert!(text.starts_with("   A  B"), "{text}");
    assert!(text.lines().next().unwrap_or("").ends_with(" z 51 52"));
}

/// Classes of an element, as a list of tokens.
fn has_class(node: &roxmltree::Node, wanted: &str) -> bool {
    let classes: Vec<&str> = node
        .attribute("class")
        .unwrap_or("")
        .split_whitespace()
        .collect();
    wanted.split_whitespace().all(|w| classes.contains(&w))
}

fn count(doc: &roxmltree::Document, class: &str) -> usize {
    doc.descendants().filter(|n| has_class(n, class)).count()
}

fn points_of(doc: &roxmltree::Document, class: &str) -> Vec<String> {
    let mut v: Vec<String> = doc
        .descendants()
        .filter(|n| has_class(n, class))
        .filter_map(|n| n.attribute("data-point").map(str::to_string))
        .collect();
    v.sort();
    v
}

#[test]
fn svg_parses_as_xml_with_the_right_counts() {
    let pos = t11();
    let mut marks = t11_marks();
    marks.offending = vec![pt("ae")];
    let opts = SvgOptions {
        title: Some("T11 <Mérő – Jasiek> & \"precedent\"".into()),
        ..SvgOptions::default()
    };
    let svg = render_svg(&pos, &marks, &opts);
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );

    assert_eq!(count(&doc, "stone black"), 11);
    assert_eq!(count(&doc, "stone white"), 7);
    assert_eq!(count(&doc, "stone"), 18);
    assert_eq!(points_of(&doc, "dead"), ["ec", "ff"]);
    // Territory: Black's 5 points; White's 26 empty points plus the 2 dead stones.
    assert_eq!(count(&doc, "territory-b"), 5);
    assert_eq!(count(&doc, "territory-w"), 28);
    assert_eq!(points_of(&doc, "last-move"), ["ae"]);
    assert_eq!(points_of(&doc, "offending"), ["ae"]);
    // Coordinates on four sides: 7 columns × 2 + 7 rows × 2.
    let coords = doc
        .descendants()
        .filter(|n| has_class(n, "coord"))
        .flat_map(|g| g.children().filter(|c| c.has_tag_name("text")))
        .count();
    assert_eq!(coords, 28);
    // The title survives escaping.
    let title = doc
        .descendants()
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text());
    assert_eq!(title, Some("T11 <Mérő – Jasiek> & \"precedent\""));
    assert_eq!(count(&doc, "title"), 1);
}

#[test]
fn svg_hoshi_and_no_marks() {
    let svg = render_svg(
        &Position::empty(19, 19),
        &DiagramMarks::default(),
        &SvgOptions::default(),
    );
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert_eq!(count(&doc, "hoshi"), 9);
    assert_eq!(count(&doc, "stone"), 0);
    assert_eq!(count(&doc, "offending"), 0);
    assert!(doc.descendants().all(|n| !n.has_tag_name("title")));
}

#[test]
fn hoshi_layouts() {
    assert_eq!(hoshi(9, 9).len(), 5);
    assert_eq!(hoshi(13, 13).len(), 5);
    assert_eq!(hoshi(19, 19).len(), 9);
    assert!(hoshi(19, 19).contains(&pt("dd")));
    assert!(hoshi(9, 9).contains(&pt("cc")));
    assert!(hoshi(5, 5).is_empty());
    assert_eq!(hoshi(19, 10).len(), 4);
}

#[test]
fn xml_escape_covers_markup_and_control_characters() {
    assert_eq!(
        xml_escape("a<b>&\"c'\u{1}"),
        "a&lt;b&gt;&amp;&quot;c&apos; "
    );
}

#[test]
fn malformed_positions_do_not_panic() {
    let pos = Position {
        width: 5,
        height: 5,
        cells: vec![Some(Color::Black); 3],
    };
    let text = render_text(&pos, &DiagramMarks::default(), &TextOptions::default());
    assert!(text.contains("5 X X X . . 5"), "{text}");
    assert!(roxmltree::Document::parse(&render_svg(
        &pos,
        &DiagramMarks::default(),
        &SvgOptions::default()
    ))
    .is_ok());
    let area = count_area(&pos, &[]).expect("area");
    assert_eq!(area.black.area, 25);
    assert!(count_area(&pos, &[Point::new(4, 4)]).is_err());
}
