//! Diagrams of a position for people: a text board for terminals and reports, and a
//! self-contained SVG for appeals (`goref appeal --svg DIR`, `goref appeal --html FILE`).
//!
//! Coordinates follow [`Point::vertex`]: columns A–T without I (then a–z without i,
//! then numbers), rows counted from the bottom. Any size up to 52×52, rectangular
//! boards included.

use crate::count::score::AreaCount;
use crate::point::{Color, Point};
use crate::replay::position::Position;
use std::fmt::Write as _;

/// What to mark on a diagram besides the stones.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct DiagramMarks {
    /// The last move played.
    pub last_move: Option<Point>,
    /// Points named by findings (the offending move).
    pub offending: Vec<Point>,
    /// Stones shown as dead.
    pub dead: Vec<Point>,
    /// Territory per point, row-major like `Position::cells` (empty: none shown).
    pub territory: Vec<Option<Color>>,
}

impl DiagramMarks {
    /// Marks the dead stones and territory of an area count.
    pub(crate) fn with_area(mut self, area: &AreaCount) -> DiagramMarks {
        self.dead = area.dead.clone();
        self.territory = area.territory.clone();
        self
    }

    /// Marks the points of findings that name one (findings carry SGF letters).
    #[cfg(test)]
    pub(crate) fn with_findings<'a>(
        mut self,
        findings: impl IntoIterator<Item = &'a crate::findings::Finding>,
    ) -> DiagramMarks {
        let points = findings
            .into_iter()
            .filter_map(|f| f.point.as_deref().and_then(Point::from_sgf));
        self.offending.extend(points);
        self
    }

    fn territory_at(&self, index: usize) -> Option<Color> {
        self.territory.get(index).copied().flatten()
    }
}

/// The column label of a diagram: `A`…`T` (no I), …, then numbers past 50.
pub(crate) fn column_label(x: u8) -> String {
    // Point::vertex on a one-row board writes the column followed by "1" (or "-1").
    let v = Point::new(x, 0).vertex(1);
    let col = v.strip_suffix('1').unwrap_or(&v);
    col.trim_end_matches('-').to_string()
}

/// Star points: 3-3 (4-4 from 13 lines) corners, the centre on odd boards, and the
/// sides on odd boards of 15 lines and more. None below 7 lines.
pub(crate) fn hoshi(width: u8, height: u8) -> Vec<Point> {
    if width < 7 || height < 7 {
        return Vec::new();
    }
    let edge = |n: u8| if n < 13 { 2 } else { 3 };
    let (ex, ey) = (edge(width), edge(height));
    let xs = [ex, width - 1 - ex];
    let ys = [ey, height - 1 - ey];
    let mut pts: Vec<Point> = xs
        .iter()
        .flat_map(|&x| ys.iter().map(move |&y| Point::new(x, y)))
        .collect();
    let (odd_w, odd_h) = (width % 2 == 1, height % 2 == 1);
    let (mx, my) = (width / 2, height / 2);
    if odd_w && odd_h {
        pts.push(Point::new(mx, my));
    }
    if odd_w && odd_h && width >= 15 && height >= 15 {
        pts.extend([
            Point::new(mx, ey),
            Point::new(mx, height - 1 - ey),
            Point::new(ex, my),
            Point::new(width - 1 - ex, my),
        ]);
    }
    pts.sort();
    pts.dedup();
    pts
}

/// A copy with exactly width × height cells: a hand-built Position with too few
/// cells must not make a diagram panic.
fn well_formed(pos: &Position) -> Position {
    let mut p = pos.clone();
    p.cells
        .resize(pos.width as usize * pos.height as usize, None);
    p
}

// ---------------------------------------------------------------------------
// Text

/// Options of the text diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TextOptions {
    pub coordinates: bool,
    pub hoshi: bool,
    pub legend: bool,
}

impl Default for TextOptions {
    fn default() -> Self {
        TextOptions {
            coordinates: true,
            hoshi: true,
            legend: true,
        }
    }
}

/// Which glyph kinds a diagram used, for its legend.
#[derive(Default)]
struct Used {
    stones: bool,
    dead: bool,
    territory: bool,
    last: bool,
    offending: bool,
    offending_empty: bool,
    hoshi: bool,
}

/// The glyph of one point: `X`/`O` stones, `x`/`o` dead stones, `b`/`w` territory,
/// `!` an offending empty point, `+` a star point, `.` empty.
fn glyph(pos: &Position, marks: &DiagramMarks, p: Point, star: bool, used: &mut Used) -> char {
    let i = pos.index(p);
    let dead = marks.dead.contains(&p);
    match pos.get(p) {
        Some(c) if dead => {
            used.dead = true;
            if c == Color::Black {
                'x'
            } else {
                'o'
            }
        }
        Some(c) => {
            used.stones = true;
            if c == Color::Black {
                'X'
            } else {
                'O'
            }
        }
        None if marks.offending.contains(&p) => {
            used.offending_empty = true;
            '!'
        }
        None => match marks.territory_at(i) {
            Some(Color::Black) => {
                used.territory = true;
                'b'
            }
            Some(Color::White) => {
                used.territory = true;
                'w'
            }
            None if star => {
                used.hoshi = true;
                '+'
            }
            None => '.',
        },
    }
}

/// Renders a text board, e.g.
///
/// ```text
///   A B C
/// 3 . X O 3
/// 2 X(X)O 2
/// 1 . X[O]1
///   A B C
/// ```
///
/// The last move is wrapped in `( )`, an offending move in `[ ]` (this wins when
/// both apply). A legend lists the glyphs used.
pub(crate) fn render_text(pos: &Position, marks: &DiagramMarks, opts: &TextOptions) -> String {
    let pos = &well_formed(pos);
    let (w, h) = (pos.width, pos.height);
    let labels: Vec<String> = (0..w).map(column_label).collect();
    let cell = labels.iter().map(String::len).max().unwrap_or(1) + 1;
    let row_w = h.to_string().len();
    let stars = if opts.hoshi { hoshi(w, h) } else { Vec::new() };
    let mut used = Used::default();
    let mut out = String::new();

    let header = {
        let mut s = " ".repeat(row_w);
        for l in &labels {
            let _ = write!(s, "{l:>cell$}");
        }
        s
    };
    if opts.coordinates {
        out.push_str(header.trim_end());
        out.push('\n');
    }
    for y in 0..h {
        let row = (h - y).to_string();
        // The row as characters: label, then each cell (padding + glyph), then one
        // slot after the last glyph for a closing bracket.
        let mut line: Vec<char> = if opts.coordinates {
            format!("{row:>row_w$}").chars().collect()
        } else {
            Vec::new()
        };
        let mut brackets: Vec<(usize, char, char)> = Vec::new();
        for x in 0..w {
            let p = Point::new(x, y);
            line.extend(" ".repeat(cell - 1).chars());
            let at = line.len();
            line.push(glyph(pos, marks, p, stars.contains(&p), &mut used));
            if marks.offending.contains(&p) {
                used.offending = true;
                brackets.push((at, '[', ']'));
            } else if marks.last_move == Some(p) {
                used.last = true;
                brackets.push((at, '(', ')'));
            }
        }
        line.push(' ');
        if opts.coordinates {
            line.extend(row.chars());
        }
        // Closing brackets first, so that between two marked neighbours, which
        // share one slot, the opening bracket of the right one shows.
        for &(at, _, close) in &brackets {
            if let Some(c) = line.get_mut(at + 1) {
                *c = close;
            }
        }
        for &(at, open, _) in &brackets {
            if let Some(c) = at.checked_sub(1).and_then(|i| line.get_mut(i)) {
                *c = open;
            }
        }
        let text: String = line.into_iter().collect();
        out.push_str(text.trim_end());
        out.push('\n');
    }
    if opts.coordinates {
        out.push_str(header.trim_end());
        out.push('\n');
    }
    if opts.legend {
        let legend = legend(&used);
        if !legend.is_empty() {
            out.push_str(&legend);
            out.push('\n');
        }
    }
    out
}

fn legend(used: &Used) -> String {
    let mut items = Vec::new();
    if used.stones {
        items.push("X Black, O White");
    }
    if used.dead {
        items.push("x o dead stones");
    }
    if used.territory {
        items.push("b w Black's and White's territory");
    }
    if used.last {
        items.push("( ) last move");
    }
    if used.offending {
        items.push("[ ] offending move");
    }
    if used.offending_empty {
        items.push("! offending point (empty)");
    }
    if used.hoshi {
        items.push("+ star point");
    }
    items.join("; ")
}

// ---------------------------------------------------------------------------
// SVG

/// Options of the SVG diagram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SvgOptions {
    /// Shown above the board and as the SVG `<title>`.
    pub title: Option<String>,
    /// Distance between lines, in pixels.
    pub cell: u32,
    pub coordinates: bool,
    pub hoshi: bool,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions {
            title: None,
            cell: 24,
            coordinates: true,
            hoshi: true,
        }
    }
}

/// Escapes text for XML content and attribute values.
pub(crate) fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters are not allowed in XML 1.0.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Pixel geometry of a board.
struct Geometry {
    cell: i64,
    left: i64,
    top: i64,
    width: i64,
    height: i64,
}

impl Geometry {
    fn new(pos: &Position, opts: &SvgOptions) -> Geometry {
        let cell = opts.cell.clamp(8, 200) as i64;
        let margin = if opts.coordinates {
            cell + cell / 2
        } else {
            cell
        };
        let title = if opts.title.is_some() { cell } else { 0 };
        let span = |n: u8| (n.max(1) as i64 - 1) * cell;
        Geometry {
            cell,
            left: margin,
            top: margin + title,
            width: 2 * margin + span(pos.width),
            height: 2 * margin + title + span(pos.height),
        }
    }

    fn at(&self, p: Point) -> (i64, i64) {
        (
            self.left + p.x as i64 * self.cell,
            self.top + p.y as i64 * self.cell,
        )
    }
}

/// Renders a self-contained SVG. Elements carry stable classes for tests and
/// styling: `stone black`, `stone white`, `dead`, `territory-b`, `territory-w`,
/// `offending`, `last-move`, `hoshi`, `grid`, `coord`, `title`; every mark has
/// `data-point` with its SGF letters.
pub(crate) fn render_svg(pos: &Position, marks: &DiagramMarks, opts: &SvgOptions) -> String {
    let pos = &well_formed(pos);
    let g = Geometry::new(pos, opts);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif">"#,
        w = g.width,
        h = g.height
    );
    if let Some(t) = &opts.title {
        let _ = writeln!(s, "<title>{}</title>", xml_escape(t));
    }
    let _ = writeln!(
        s,
        r##"<rect class="board" x="0" y="0" width="{}" height="{}" fill="#dcb35c"/>"##,
        g.width, g.height
    );
    svg_grid(&mut s, pos, &g);
    if opts.hoshi {
        for p in hoshi(pos.width, pos.height) {
            let (cx, cy) = g.at(p);
            let _ = writeln!(
                s,
                r#"<circle class="hoshi" cx="{cx}" cy="{cy}" r="{}" fill="black"/>"#,
                (g.cell / 8).max(2)
            );
        }
    }
    if opts.coordinates {
        svg_coordinates(&mut s, pos, &g);
    }
    svg_territory(&mut s, pos, marks, &g);
    svg_stones(&mut s, pos, marks, &g);
    svg_marks(&mut s, pos, marks, &g);
    if let Some(t) = &opts.title {
        let _ = writeln!(
            s,
            r#"<text class="title" x="{}" y="{}" text-anchor="middle" font-size="{}">{}</text>"#,
            g.width / 2,
            g.cell * 3 / 4,
            g.cell * 2 / 3,
            xml_escape(t)
        );
    }
    s.push_str("</svg>\n");
    s
}

fn svg_grid(s: &mut String, pos: &Position, g: &Geometry) {
    let (w, h) = (pos.width.max(1), pos.height.max(1));
    let _ = writeln!(s, r#"<g class="grid" stroke="black" stroke-width="1">"#);
    for x in 0..w {
        let (x0, y0) = g.at(Point::new(x, 0));
        let (_, y1) = g.at(Point::new(x, h - 1));
        let _ = writeln!(s, r#"<line x1="{x0}" y1="{y0}" x2="{x0}" y2="{y1}"/>"#);
    }
    for y in 0..h {
        let (x0, y0) = g.at(Point::new(0, y));
        let (x1, _) = g.at(Point::new(w - 1, y));
        let _ = writeln!(s, r#"<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y0}"/>"#);
    }
    s.push_str("</g>\n");
}

fn svg_coordinates(s: &mut String, pos: &Position, g: &Geometry) {
    let size = g.cell / 2;
    let _ = writeln!(
        s,
        r#"<g class="coord" font-size="{size}" text-anchor="middle" dominant-baseline="central">"#
    );
    for x in 0..pos.width {
        let (cx, _) = g.at(Point::new(x, 0));
        let label = xml_escape(&column_label(x));
        let top = g.top - g.cell;
        let bottom = g.top + (pos.height.max(1) as i64 - 1) * g.cell + g.cell;
        let _ = writeln!(s, r#"<text x="{cx}" y="{top}">{label}</text>"#);
        let _ = writeln!(s, r#"<text x="{cx}" y="{bottom}">{label}</text>"#);
    }
    for y in 0..pos.height {
        let (_, cy) = g.at(Point::new(0, y));
        let row = pos.height - y;
        let left = g.left - g.cell;
        let right = g.left + (pos.width.max(1) as i64 - 1) * g.cell + g.cell;
        let _ = writeln!(s, r#"<text x="{left}" y="{cy}">{row}</text>"#);
        let _ = writeln!(s, r#"<text x="{right}" y="{cy}">{row}</text>"#);
    }
    s.push_str("</g>\n");
}

/// Territory as small squares; on a dead stone the square is drawn over the stone.
fn svg_territory(s: &mut String, pos: &Position, marks: &DiagramMarks, g: &Geometry) {
    let side = (g.cell * 2 / 5).max(2);
    for i in 0..pos.cells.len() {
        let Some(c) = marks.territory_at(i) else {
            continue;
        };
        let p = pos.point(i);
        if pos.get(p).is_some() && !marks.dead.contains(&p) {
            continue; // a live stone is nobody's territory
        }
        let (cx, cy) = g.at(p);
        let (class, fill) = match c {
            Color::Black => ("territory-b", "black"),
            Color::White => ("territory-w", "white"),
        };
        let _ = writeln!(
            s,
            r##"<rect class="{class}" data-point="{}" x="{}" y="{}" width="{side}" height="{side}" fill="{fill}" stroke="#555" stroke-width="0.5"/>"##,
            p.sgf(),
            cx - side / 2,
            cy - side / 2
        );
    }
}

fn svg_stones(s: &mut String, pos: &Position, marks: &DiagramMarks, g: &Geometry) {
    let r = g.cell * 47 / 100;
    for i in 0..pos.cells.len() {
        let Some(c) = pos.cells[i] else { continue };
        let p = pos.point(i);
        let (cx, cy) = g.at(p);
        let (class, fill) = match c {
            Color::Black => ("stone black", "black"),
            Color::White => ("stone white", "white"),
        };
        let faded = if marks.dead.contains(&p) {
            r#" opacity="0.55""#
        } else {
            ""
        };
        let _ = writeln!(
            s,
            r#"<circle class="{class}" data-point="{}" cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="black" stroke-width="1"{faded}/>"#,
            p.sgf()
        );
    }
}

/// The colour that shows on a point: white marks on black stones, black elsewhere.
fn contrast(pos: &Position, p: Point) -> &'static str {
    match pos.get(p) {
        Some(Color::Black) => "white",
        _ => "black",
    }
}

fn svg_marks(s: &mut String, pos: &Position, marks: &DiagramMarks, g: &Geometry) {
    let mut dead = marks.dead.clone();
    dead.sort();
    dead.dedup();
    let arm = g.cell / 4;
    for p in dead.into_iter().filter(|&p| pos.contains(p)) {
        let (cx, cy) = g.at(p);
        let colour = contrast(pos, p);
        let _ = writeln!(
            s,
            r#"<g class="dead" data-point="{}" stroke="{colour}" stroke-width="2"><line x1="{}" y1="{}" x2="{}" y2="{}"/><line x1="{}" y1="{}" x2="{}" y2="{}"/></g>"#,
            p.sgf(),
            cx - arm,
            cy - arm,
            cx + arm,
            cy + arm,
            cx - arm,
            cy + arm,
            cx + arm,
            cy - arm
        );
    }
    if let Some(p) = marks.last_move.filter(|&p| pos.contains(p)) {
        let (cx, cy) = g.at(p);
        let _ = writeln!(
            s,
            r#"<circle class="last-move" data-point="{}" cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="{}" stroke-width="2"/>"#,
            p.sgf(),
            g.cell / 5,
            contrast(pos, p)
        );
    }
    let mut offending = marks.offending.clone();
    offending.sort();
    offending.dedup();
    for p in offending.into_iter().filter(|&p| pos.contains(p)) {
        let (cx, cy) = g.at(p);
        let _ = writeln!(
            s,
            r##"<circle class="offending" data-point="{}" cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="#d00000" stroke-width="3"/>"##,
            p.sgf(),
            g.cell * 3 / 5
        );
    }
}

#[cfg(test)]
mod tests;
