//! Our own tolerant SGF parser (see docs/reading.md for why not `sgf-parse`).
//!
//! * One pass over the bytes of the decoded text; every structural character is ASCII,
//!   so every offset we cut at is a character boundary.
//! * Nodes, properties and values live in three flat arenas (`Vec`s) linked by `u32`
//!   indices: no recursion anywhere, dropping a million-node tree is freeing three
//!   vectors, and memory is linear in the input (at most one node per `;`, one value
//!   per `[`).
//! * Values are byte ranges into the text; escapes are resolved only when a value is
//!   read ([`unescape`], [`simple_text`]).
//! * Every syntax problem becomes an [`Issue`] with a byte offset, a message naming
//!   what was expected and what was dropped; parsing always goes on.

use crate::findings::Severity;
use std::borrow::Cow;
use std::collections::{BTreeMap, HashSet};

/// "No node": the null index of the arenas.
pub(crate) const NONE: u32 = u32::MAX;

/// The longest property identifier kept (FF[4] ones have 1–2 letters; private ones a
/// few more). Longer ones are reported and dropped.
pub(crate) const MAX_IDENT: usize = 15;

/// At most this many issues are kept per file; the rest are only counted, so binary
/// garbage cannot produce a million findings.
pub const MAX_ISSUES: usize = 200;

/// A property identifier: upper-case ASCII letters, stored inline (no allocation).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ident {
    len: u8,
    bytes: [u8; MAX_IDENT],
}

impl Ident {
    /// The identifier's letters.
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len).min(MAX_IDENT)]
    }

    pub fn as_str(&self) -> &str {
        std::str::from_utf8(self.as_bytes()).unwrap_or("")
    }

    /// The identifier as one number (length and letters, zero-padded): equal exactly
    /// when the identifiers are.
    fn key(&self) -> u128 {
        let mut b = [0u8; 16];
        b[0] = self.len;
        b[1..].copy_from_slice(&self.bytes);
        u128::from_le_bytes(b)
    }
}

/// A hasher for [`Ident::key`]s: one multiply instead of SipHash over the letters. The
/// keys come from the file, but a node's set holds at most its own properties, so a
/// crafted collision costs no more than the linear scan it replaces.
#[derive(Default)]
struct IdentHasher(u64);

impl std::hash::Hasher for IdentHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }

    fn write_u128(&mut self, key: u128) {
        let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        self.0 = (self.0 ^ folded).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 ^= self.0 >> 32;
    }
}

impl std::fmt::Debug for Ident {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One node. Children form a linked list (`first_child` → `next_sibling` …).
#[derive(Clone, Debug)]
pub struct Node {
    pub parent: u32,
    pub first_child: u32,
    pub last_child: u32,
    pub next_sibling: u32,
    /// Range of this node's properties in [`Sgf::props`].
    pub props_start: u32,
    pub props_end: u32,
    /// Byte offset of the node's `;` (or of its first property when `;` was missing).
    pub offset: u32,
}

/// One property: identifier and a range of values.
#[derive(Clone, Debug)]
pub struct Property {
    pub ident: Ident,
    /// Byte offset of the identifier as written.
    pub offset: u32,
    pub values_start: u32,
    pub values_end: u32,
}

/// One value: the raw bytes between `[` and `]` (escapes unresolved).
#[derive(Clone, Copy, Debug)]
pub struct Value {
    pub start: u32,
    pub end: u32,
}

/// What kind of syntax problem an [`Issue`] is: the summary of a capped list counts
/// the problems it leaves out by kind, and callers ask for a kind without reading
/// messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IssueKind {
    /// Text before, between or after game trees.
    TextOutsideGameTrees,
    /// `(` followed by `(`: the tree starts with a variation.
    GameTreeStartsWithVariation,
    /// A node after a `)`.
    NodeAfterVariation,
    /// `[…]` with no identifier before it.
    ValueWithoutIdentifier,
    /// Characters that belong nowhere between properties.
    StrayCharacters,
    /// A value that holds `;B[..]`: a `]` is likely missing.
    ValueHoldingMoves,
    /// An identifier with no `[` after it.
    IdentifierWithoutValue,
    /// A value not closed by `]` before the end of the file.
    UnclosedValue,
    /// An identifier without a capital letter, or longer than 15 letters.
    BadIdentifier,
    /// An FF[3]-style identifier with lower-case letters.
    LowerCaseIdentifier,
    /// A property before any `;`.
    MissingSemicolon,
    /// A property after `)`, in no node.
    PropertyAfterClose,
    /// The same property twice in one node.
    DuplicateProperty,
    /// A game tree not closed by `)`.
    UnclosedGameTree,
    /// No game tree: an empty file, or a piece of a streamed file with none.
    NoGameTree,
    /// No game tree anywhere in a file that is not empty: not an SGF file at all (the
    /// one issue of such a file).
    NotSgf,
    /// A text too large to read (4 GiB).
    TooLarge,
    /// The summary of the problems a capped list leaves out.
    NotListed,
}

impl IssueKind {
    /// The kind's name in the summary of a capped list (`120 stray characters`).
    pub fn label(self) -> &'static str {
        match self {
            IssueKind::TextOutsideGameTrees => "text outside game trees",
            IssueKind::GameTreeStartsWithVariation => "game tree starting with a variation",
            IssueKind::NodeAfterVariation => "node after `)`",
            IssueKind::ValueWithoutIdentifier => "value without identifier",
            IssueKind::StrayCharacters => "stray characters",
            IssueKind::ValueHoldingMoves => "value holding moves",
            IssueKind::IdentifierWithoutValue => "identifier without value",
            IssueKind::UnclosedValue => "unclosed value",
            IssueKind::BadIdentifier => "bad identifier",
            IssueKind::LowerCaseIdentifier => "lower-case identifier",
            IssueKind::MissingSemicolon => "missing `;`",
            IssueKind::PropertyAfterClose => "property after `)`",
            IssueKind::DuplicateProperty => "duplicate property",
            IssueKind::UnclosedGameTree => "unclosed game tree",
            IssueKind::NoGameTree
            | IssueKind::NotSgf
            | IssueKind::TooLarge
            | IssueKind::NotListed => "other",
        }
    }
}

/// A syntax problem, before it is turned into a `syntax-error` finding.
#[derive(Clone, Debug, PartialEq)]
pub struct Issue {
    pub kind: IssueKind,
    pub offset: u32,
    /// The game tree it belongs to (index into [`Sgf::roots`]), or None outside any.
    pub tree: Option<u32>,
    pub severity: Severity,
    pub message: String,
}

/// A parsed SGF collection (the stage between decoded text and game records).
#[derive(Debug)]
pub struct Sgf<'t> {
    pub(crate) text: &'t str,
    pub(crate) nodes: Vec<Node>,
    pub(crate) props: Vec<Property>,
    pub(crate) values: Vec<Value>,
    /// Root node of every game tree, in file order.
    pub(crate) roots: Vec<u32>,
    pub(crate) issues: Vec<Issue>,
    /// Issues beyond `MAX_ISSUES`, counted only.
    pub(crate) issues_dropped: usize,
}

/// What the unit tests ask of a parsed collection.
#[cfg(test)]
impl<'t> Sgf<'t> {
    /// Parses a whole text (the stage between decoded text and game records): never
    /// fails and never panics; each syntax problem becomes a `syntax-error` finding when
    /// `read_text` reads the tree into records.
    pub fn parse(text: &'t str) -> Sgf<'t> {
        parse(text)
    }

    /// The game trees, in file order.
    pub fn game_trees(&self) -> usize {
        self.roots.len()
    }

    /// The nodes of every game tree.
    pub fn nodes(&self) -> usize {
        self.nodes.len()
    }

    /// The syntax problems the parser recovered from (those beyond its cap included).
    pub fn problems(&self) -> usize {
        self.issues.len() + self.issues_dropped
    }
}

impl<'t> Sgf<'t> {
    pub(crate) fn node(&self, id: u32) -> Option<&Node> {
        self.nodes.get(id as usize)
    }

    /// The properties of a node, in written order.
    pub(crate) fn props_of(&self, id: u32) -> &[Property] {
        self.node(id)
            .and_then(|n| self.props.get(n.props_start as usize..n.props_end as usize))
            .unwrap_or(&[])
    }

    /// The values of a property.
    pub(crate) fn values_of(&self, p: &Property) -> &[Value] {
        self.values
            .get(p.values_start as usize..p.values_end as usize)
            .unwrap_or(&[])
    }

    /// The raw text of a value (escapes unresolved).
    pub(crate) fn raw(&self, v: Value) -> &'t str {
        self.text
            .get(v.start as usize..v.end as usize)
            .unwrap_or("")
    }

    /// The first property of a node with this identifier.
    pub(crate) fn get(&self, node: u32, ident: &str) -> Option<&Property> {
        self.props_of(node)
            .iter()
            .find(|p| p.ident.as_bytes() == ident.as_bytes())
    }

    /// The raw first value of a property of a node.
    #[cfg(test)]
    pub(crate) fn first_raw(&self, node: u32, ident: &str) -> Option<&'t str> {
        let p = self.get(node, ident)?;
        self.values_of(p).first().map(|&v| self.raw(v))
    }

    /// The children of a node, in order.
    pub(crate) fn children(&self, id: u32) -> Children<'_, 't> {
        Children {
            sgf: self,
            next: self.node(id).map_or(NONE, |n| n.first_child),
        }
    }

    /// The main line from a node: the node, then first children down to a leaf.
    pub(crate) fn main_line(&self, root: u32) -> Vec<u32> {
        // Nodes are numbered in file order, so the tree's nodes (its main line among
        // them) run to the next root: room for them up front, not a vector grown by
        // doubling.
        let next = self.roots.partition_point(|&r| r <= root);
        let end = self
            .roots
            .get(next)
            .map_or(self.nodes.len(), |&r| r as usize);
        let mut line = Vec::with_capacity(end.saturating_sub(root as usize));
        let mut id = root;
        while let Some(n) = self.node(id) {
            line.push(id);
            id = n.first_child;
        }
        line
    }
}

/// Iterator over the children of a node.
pub(crate) struct Children<'a, 't> {
    sgf: &'a Sgf<'t>,
    next: u32,
}

impl Iterator for Children<'_, '_> {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        let id = self.next;
        let node = self.sgf.node(id)?;
        self.next = node.next_sibling;
        Some(id)
    }
}

/// Resolves FF[4] escapes: `\` + line break is a soft break (removed), `\x` is `x`.
pub fn unescape(raw: &str) -> Cow<'_, str> {
    if !raw.contains('\\') {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('\n') => {
                chars.next_if_eq(&'\r');
            }
            Some('\r') => {
                chars.next_if_eq(&'\n');
            }
            Some(other) => out.push(other),
            None => {}
        }
    }
    Cow::Owned(out)
}

/// A SimpleText value: escapes resolved, every line break and other white space a
/// single space, trimmed.
pub fn simple_text(raw: &str) -> Cow<'_, str> {
    let text = unescape(raw);
    let needs_change = text.trim() != text || text.chars().any(|c| c.is_whitespace() && c != ' ');
    if !needs_change {
        return text;
    }
    let mut out = String::with_capacity(text.len());
    let mut prev_cr = false;
    for c in text.trim().chars() {
        // CRLF / LFCR is one break, one space.
        let is_pair = prev_cr && c == '\n';
        prev_cr = c == '\r';
        if is_pair {
            continue;
        }
        out.push(if c.is_whitespace() { ' ' } else { c });
    }
    Cow::Owned(out)
}

/// Parses a whole text ([`Sgf::parse`]).
pub(crate) fn parse(text: &str) -> Sgf<'_> {
    let mut p = Parser::new(text);
    if text.len() >= NONE as usize {
        p.issue(
            IssueKind::TooLarge,
            0,
            Severity::Error,
            "the file is larger than 4 GiB; not read".into(),
        );
        return p.out;
    }
    p.run();
    p.out
}

/// Where a streamed file stands before the next unit is parsed (see [`parse_unit`]).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct UnitContext {
    /// Game trees (roots) read from the file before this text.
    pub roots_before: usize,
    /// Whether any text came before this one.
    pub text_before: bool,
    /// True when no text follows this one: the end of the text is the end of the file.
    pub last: bool,
}

/// One streamed unit: the text outside game trees before a game tree, and that tree.
#[derive(Debug)]
pub(crate) struct Unit<'t> {
    pub sgf: Sgf<'t>,
    /// Bytes of the text the unit took; the next unit starts there. `None` when the
    /// text ended before the tree did and more text may follow: parse again with more.
    pub end: Option<usize>,
    /// Whether the text ended inside a game tree (false: outside any, in text that is
    /// no SGF, which the stream may drop without waiting for the tree after it).
    pub in_tree: bool,
    /// Whether a game tree began in the unit (it may have no node).
    pub began_tree: bool,
}

/// Parses the next unit of a streamed file from the start of `text`: everything up to
/// and including the first game tree, and stops there. The parse is the one [`parse`]
/// makes of the same bytes, except that each unit is parsed on its own: identifiers in
/// lower case are reported once per game tree (not once per file) and the
/// [`MAX_ISSUES`] cap applies per unit. Offsets are relative to `text`.
pub(crate) fn parse_unit<'t>(text: &'t str, cx: UnitContext) -> Unit<'t> {
    let mut p = Parser::new_unit(text, cx);
    if text.len() >= NONE as usize {
        p.issue(
            IssueKind::TooLarge,
            0,
            Severity::Error,
            "a game tree is larger than 4 GiB; not read".into(),
        );
        return Unit {
            sgf: p.out,
            end: Some(text.len()),
            in_tree: false,
            began_tree: false,
        };
    }
    p.run();
    let end = match p.unit_end {
        Some(end) => Some(end),
        None if cx.last => Some(text.len()),
        None => None,
    };
    let in_tree = !p.stack.is_empty();
    let began_tree = p.began_tree;
    Unit {
        sgf: p.out,
        end,
        in_tree,
        began_tree,
    }
}

/// How every message about text outside game trees starts.
pub(crate) const JUNK_MESSAGE: &str = "expected `(;` to start a game tree: ignored ";

/// The message about `chars` characters outside game trees, `where_` ("before the first
/// game tree"), shown by their start (`excerpt_of`); `has_value`: a `[` among them.
pub(crate) fn junk_message(chars: u64, where_: &str, excerpt_of: &str, has_value: bool) -> String {
    let tail = if has_value {
        "; it holds property values that may be lost"
    } else {
        ""
    };
    format!(
        "{JUNK_MESSAGE}{chars} character(s) {where_} ({}){tail}",
        excerpt(excerpt_of)
    )
}

/// What the parser saw last, to tell a missing `;` from a property outside any node.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    Open,
    Close,
    Node,
}

struct Parser<'t> {
    bytes: &'t [u8],
    pos: usize,
    out: Sgf<'t>,
    /// One entry per open `(`: (node the variation hangs from, offset of the `(`).
    stack: Vec<(u32, u32)>,
    current: u32,
    last: Last,
    /// Junk at top level not yet reported: (start, contains `[`).
    junk: Option<(usize, bool)>,
    /// Identifiers already reported for lower-case letters (once per file each).
    lowercase_seen: Vec<Ident>,
    /// The identifiers of node `idents_of`, kept only once that node has many
    /// properties, so that the duplicate check stays linear (see [`DUP_SCAN_MAX`]).
    idents: HashSet<u128, std::hash::BuildHasherDefault<IdentHasher>>,
    idents_of: u32,
    /// Kinds of the issues beyond [`MAX_ISSUES`], for the summary of a capped list.
    dropped_kinds: BTreeMap<&'static str, usize>,
    /// Streaming (see [`parse_unit`]): stop after one game tree.
    unit: Option<UnitContext>,
    /// Streaming: where the unit ended, once its game tree is complete.
    unit_end: Option<usize>,
    /// Whether a game tree began (a `(` read as a tree's start), whole or not.
    began_tree: bool,
    /// Tests: every property through the general path, to compare with the fast one.
    #[cfg(test)]
    general_only: bool,
}

/// Properties that only a root node holds (FF[4]): a `(;` whose node has one of them
/// starts a new record, not a variation.
const ROOT_ONLY: [&[u8]; 6] = [b"GM", b"FF", b"SZ", b"CA", b"AP", b"ST"];

/// Up to this many properties in a node, a duplicate is looked for by a linear scan;
/// beyond, by a set (a node with a million properties was quadratic: hours).
const DUP_SCAN_MAX: usize = 16;

impl<'t> Parser<'t> {
    fn new(text: &'t str) -> Parser<'t> {
        Parser::new_sized(text, text.len())
    }

    /// A parser whose arenas start sized for `expected` bytes of SGF (a streamed unit
    /// starts empty: its text may hold many megabytes of trees not yet parsed).
    fn new_sized(text: &'t str, expected: usize) -> Parser<'t> {
        Parser {
            bytes: text.as_bytes(),
            pos: 0,
            out: Sgf {
                text,
                nodes: Vec::with_capacity(expected / 6 + 1),
                props: Vec::with_capacity(expected / 6 + 4),
                values: Vec::with_capacity(expected / 5 + 4),
                roots: Vec::new(),
                issues: Vec::new(),
                issues_dropped: 0,
            },
            stack: Vec::new(),
            current: NONE,
            last: Last::Close,
            junk: None,
            lowercase_seen: Vec::new(),
            idents: HashSet::default(),
            idents_of: NONE,
            dropped_kinds: BTreeMap::new(),
            unit: None,
            unit_end: None,
            began_tree: false,
            #[cfg(test)]
            general_only: false,
        }
    }

    fn new_unit(text: &'t str, cx: UnitContext) -> Parser<'t> {
        let mut p = Parser::new_sized(text, 0);
        p.unit = Some(cx);
        p
    }

    /// Game trees before this text (streaming) plus those read so far.
    fn roots_seen(&self) -> usize {
        self.unit.map_or(0, |cx| cx.roots_before) + self.out.roots.len()
    }

    fn text(&self) -> &'t str {
        self.out.text
    }

    /// The text of a byte range (empty if it is not one).
    fn slice(&self, (start, end): (usize, usize)) -> &'t str {
        self.text().get(start..end).unwrap_or("")
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while let Some(&b) = self.bytes.get(self.pos) {
            // Every white-space byte is at most a space: one comparison settles the
            // rest (this runs before every node, property and value).
            if b > b' ' || (!b.is_ascii_whitespace() && b != 0x0B) {
                break;
            }
            self.pos += 1;
        }
    }

    /// The current game tree, if inside one.
    fn tree(&self) -> Option<u32> {
        if self.stack.is_empty() {
            None
        } else {
            u32::try_from(self.out.roots.len()).ok()?.checked_sub(1)
        }
    }

    fn issue(&mut self, kind: IssueKind, offset: usize, severity: Severity, message: String) {
        let tree = self.tree();
        self.issue_in(kind, offset, tree, severity, message);
    }

    fn issue_in(
        &mut self,
        kind: IssueKind,
        offset: usize,
        tree: Option<u32>,
        severity: Severity,
        message: String,
    ) {
        if self.out.issues.len() >= MAX_ISSUES {
            self.out.issues_dropped += 1;
            *self.dropped_kinds.entry(kind.label()).or_default() += 1;
            return;
        }
        self.out.issues.push(Issue {
            kind,
            offset: offset as u32,
            tree,
            severity,
            message,
        });
    }

    fn run(&mut self) {
        loop {
            if self.unit_end.is_some() {
                return;
            }
            self.skip_ws();
            let Some(b) = self.peek() else { break };
            if self.stack.is_empty() {
                self.top_level(b);
                continue;
            }
            match b {
                b';' => {
                    let at = self.pos;
                    self.pos += 1;
                    self.new_node(at);
                    // Most nodes are `;B[pd]`: the move read at once, not on the next
                    // turn of the loop (which would try the same first).
                    if self.fast_moves() && matches!(self.peek(), Some(b'B' | b'W')) {
                        self.simple_move();
                    }
                }
                b'(' => self.open_variation(),
                b')' => {
                    self.close_variation();
                    if self.unit.is_some() && self.stack.is_empty() {
                        self.unit_end = Some(self.pos);
                    }
                }
                b'[' => self.orphan_value(),
                b'A'..=b'Z' | b'a'..=b'z' => self.property(),
                _ => self.stray(),
            }
        }
        if self.unit.is_some_and(|cx| !cx.last) {
            // The text ended inside this unit; more text decides how it ends.
            return;
        }
        self.flush_junk("after the last game tree");
        self.finish();
    }

    /// Outside any game tree: look for `(;` and report everything else as junk.
    fn top_level(&mut self, b: u8) {
        if b == b'(' {
            let open = self.pos;
            let mut i = open + 1;
            while self.bytes.get(i).is_some_and(|c| c.is_ascii_whitespace()) {
                i += 1;
            }
            match self.bytes.get(i) {
                Some(b';') | Some(b'(') => {
                    self.start_tree(open);
                    return;
                }
                Some(b'A'..=b'Z') if self.ident_then_value(i) => {
                    // `(B[aa]…`: a tree whose first `;` is missing.
                    self.start_tree(open);
                    return;
                }
                _ => {}
            }
        }
        let start = self.pos;
        // Junk runs to the next `(`; a `[` inside means data may be lost.
        let rest = &self.bytes[start + 1..];
        let len = rest.iter().position(|&c| c == b'(').unwrap_or(rest.len()) + 1;
        let has_value = self.bytes[start..start + len].contains(&b'[');
        self.pos = start + len;
        match &mut self.junk {
            Some((_, v)) => *v |= has_value,
            None => self.junk = Some((start, has_value)),
        }
    }

    /// Letters from `i`, optional white space, then `[`: a property, not prose.
    fn ident_then_value(&self, mut i: usize) -> bool {
        while self.bytes.get(i).is_some_and(|c| c.is_ascii_alphabetic()) {
            i += 1;
        }
        while self.bytes.get(i).is_some_and(|c| c.is_ascii_whitespace()) {
            i += 1;
        }
        self.bytes.get(i) == Some(&b'[')
    }

    fn start_tree(&mut self, open: usize) {
        let where_ = if self.roots_seen() == 0 {
            "before the first game tree"
        } else {
            "between game trees"
        };
        self.flush_junk(where_);
        self.began_tree = true;
        self.stack.push((NONE, open as u32));
        self.current = NONE;
        self.last = Last::Open;
        self.pos = open + 1;
        // The tree's root is created at its first `;` (or first property).
        let tree_no = self.out.roots.len();
        self.skip_ws();
        if self.peek() == Some(b'(') {
            self.issue_in(
                IssueKind::GameTreeStartsWithVariation,
                open,
                Some(tree_no as u32),
                Severity::Warning,
                "expected `;` after `(`: the game tree starts with a variation; each variation is read as its own game".into(),
            );
        }
    }

    fn flush_junk(&mut self, where_: &str) {
        let Some((start, has_value)) = self.junk.take() else {
            return;
        };
        let end = self.pos.min(self.bytes.len());
        let text = self.text().get(start..end).unwrap_or("");
        let severity = if has_value {
            Severity::Error
        } else {
            Severity::Warning
        };
        let message = junk_message(text.chars().count() as u64, where_, text, has_value);
        self.issue_in(
            IssueKind::TextOutsideGameTrees,
            start,
            None,
            severity,
            message,
        );
    }

    /// A `;`: a new node under the current one (or a new root).
    #[inline(always)]
    fn new_node(&mut self, offset: usize) {
        let parent = if self.current != NONE {
            self.current
        } else {
            self.stack.last().map_or(NONE, |&(attach, _)| attach)
        };
        if self.last == Last::Close && parent != NONE {
            self.issue(
                IssueKind::NodeAfterVariation,
                offset,
                Severity::Warning,
                "expected `(` or `)` after a variation: a node follows `)`; it is read as one more variation".into(),
            );
        }
        let id = self.out.nodes.len() as u32;
        let props_at = self.out.props.len() as u32;
        self.out.nodes.push(Node {
            parent,
            first_child: NONE,
            last_child: NONE,
            next_sibling: NONE,
            props_start: props_at,
            props_end: props_at,
            offset: offset as u32,
        });
        if parent == NONE {
            self.out.roots.push(id);
        } else if let Some(pn) = self.out.nodes.get_mut(parent as usize) {
            let prev_last = pn.last_child;
            pn.last_child = id;
            if prev_last == NONE {
                pn.first_child = id;
            } else if let Some(sib) = self.out.nodes.get_mut(prev_last as usize) {
                sib.next_sibling = id;
            }
        }
        self.current = id;
        self.last = Last::Node;
    }

    fn open_variation(&mut self) {
        let open = self.pos;
        let attach = if self.current != NONE {
            self.current
        } else {
            self.stack.last().map_or(NONE, |&(a, _)| a)
        };
        if self.starts_new_record(open) && self.line_has_move(attach) {
            self.recover_unclosed_tree(open);
            return;
        }
        self.pos += 1;
        self.stack.push((attach, open as u32));
        // `current` stays the branching node until the variation's first `;`.
        self.current = attach;
        self.last = Last::Open;
    }

    /// `(;` whose node holds a root-only property (GM, FF, SZ, …): the start of a new
    /// record. Only the first node is looked at, so every `(` is scanned at most once.
    fn starts_new_record(&self, open: usize) -> bool {
        let b = self.bytes;
        let mut i = open + 1;
        let skip_ws = |mut i: usize| {
            while b.get(i).is_some_and(|c| c.is_ascii_whitespace()) {
                i += 1;
            }
            i
        };
        i = skip_ws(i);
        if b.get(i) != Some(&b';') {
            return false;
        }
        i = skip_ws(i + 1);
        while b.get(i).is_some_and(u8::is_ascii_alphabetic) {
            let mut upper = [0u8; 2];
            let mut n = 0;
            while let Some(&c) = b.get(i).filter(|c| c.is_ascii_alphabetic()) {
                if c.is_ascii_uppercase() {
                    if n < 2 {
                        upper[n] = c;
                    }
                    n += 1;
                }
                i += 1;
            }
            if n == 2 && ROOT_ONLY.contains(&&upper[..]) {
                return true;
            }
            i = skip_ws(i);
            if b.get(i) != Some(&b'[') {
                return false;
            }
            // Skip the values, escapes included.
            while b.get(i) == Some(&b'[') {
                i += 1;
                while let Some(&c) = b.get(i) {
                    i += if c == b'\\' { 2 } else { 1 };
                    if c == b']' {
                        break;
                    }
                }
                i = skip_ws(i);
            }
        }
        false
    }

    /// Whether the line from the tree's root to `node` holds a move: a record can hold
    /// game collections as variations of a move-less root (read as before), but a move
    /// followed by a new root means the previous record lost its `)`.
    fn line_has_move(&self, mut node: u32) -> bool {
        while let Some(n) = self.out.nodes.get(node as usize) {
            let props = self
                .out
                .props
                .get(n.props_start as usize..n.props_end as usize)
                .unwrap_or(&[]);
            if props
                .iter()
                .any(|p| matches!(p.ident.as_bytes(), b"B" | b"W"))
            {
                return true;
            }
            node = n.parent;
        }
        false
    }

    /// The tree being read was not closed and a new record starts at `open`: close the
    /// old tree there (as SGFC does) and read the new one as the next game tree.
    fn recover_unclosed_tree(&mut self, open: usize) {
        let Some(&(_, tree_open)) = self.stack.first() else {
            return;
        };
        let depth = self.stack.len();
        let msg = format!(
            "expected `)`: this game tree is not closed ({depth} `(` left open) and a new game tree starts {}; read as if closed before it",
            line_distance(&self.bytes[tree_open as usize..open])
        );
        self.issue(
            IssueKind::UnclosedGameTree,
            tree_open as usize,
            Severity::Warning,
            msg,
        );
        self.stack.clear();
        self.current = NONE;
        self.last = Last::Close;
        if self.unit.is_some() {
            self.unit_end = Some(open);
            self.pos = open;
        } else {
            self.start_tree(open);
        }
    }

    fn close_variation(&mut self) {
        self.pos += 1;
        if let Some((attach, _)) = self.stack.pop() {
            self.current = attach;
        }
        self.last = Last::Close;
    }

    /// `[…]` with no identifier before it.
    fn orphan_value(&mut self) {
        let start = self.pos;
        let (v, closed) = self.scan_value();
        let raw = self
            .text()
            .get(v.start as usize..v.end as usize)
            .unwrap_or("");
        let msg = format!(
            "expected a property identifier before `[`: value {} dropped{}",
            excerpt(raw),
            if closed {
                ""
            } else {
                " (it runs to the end of the file)"
            }
        );
        self.issue(
            IssueKind::ValueWithoutIdentifier,
            start,
            Severity::Error,
            msg,
        );
    }

    /// Characters that cannot appear between properties: reported, skipped, never
    /// merged into an identifier.
    fn stray(&mut self) {
        let start = self.pos;
        while let Some(&b) = self.bytes.get(self.pos) {
            if matches!(b, b';' | b'(' | b')' | b'[' | b'A'..=b'Z' | b'a'..=b'z')
                || b.is_ascii_whitespace()
            {
                break;
            }
            self.pos += 1;
        }
        let text = self.text().get(start..self.pos).unwrap_or("");
        let msg = format!(
            "expected a property, `;`, `(` or `)`: ignored stray character(s) {}",
            excerpt(text)
        );
        self.issue(IssueKind::StrayCharacters, start, Severity::Warning, msg);
    }

    /// Scans `[…]` from the `[` at `pos`; returns the raw range and whether `]` was found.
    fn scan_value(&mut self) -> (Value, bool) {
        let start = self.pos + 1;
        let mut i = start;
        let n = self.bytes.len();
        while i < n {
            match self.bytes[i] {
                b']' => {
                    self.pos = i + 1;
                    return (
                        Value {
                            start: start as u32,
                            end: i as u32,
                        },
                        true,
                    );
                }
                b'\\' => i += 2,
                _ => i += 1,
            }
        }
        self.pos = n;
        let end = n.max(start).min(n);
        (
            Value {
                start: start.min(n) as u32,
                end: end as u32,
            },
            false,
        )
    }

    /// A value holding `;B[` or `;W[` most likely lost its `]` and swallowed moves:
    /// the grammar cannot tell, so it is read as text and reported.
    fn check_swallowed(&mut self, at: usize, v: Value, ident_at: (usize, usize)) {
        let raw = self
            .bytes
            .get(v.start as usize..v.end as usize)
            .unwrap_or(&[]);
        if raw.len() < 4 || !raw.contains(&b'[') {
            return;
        }
        let hit = raw
            .windows(3)
            .position(|w| w[0] == b';' && matches!(w[1], b'B' | b'W') && w[2] == b'[');
        if let Some(i) = hit {
            let msg = format!(
                "the value of {} holds `{}`: a `]` may be missing before it; read as text, so the moves inside it are not read",
                excerpt(self.slice(ident_at)),
                String::from_utf8_lossy(raw.get(i..i + 3).unwrap_or(&[]))
            );
            self.issue(IssueKind::ValueHoldingMoves, at, Severity::Warning, msg);
        }
    }

    /// An identifier, its values, and where they go.
    fn property(&mut self) {
        if self.fast_moves() && self.simple_move() {
            return;
        }
        let start = self.pos;
        let mut ident = Ident {
            len: 0,
            bytes: [0; MAX_IDENT],
        };
        let mut upper = 0usize;
        let mut lower = false;
        while let Some(&b) = self.bytes.get(self.pos) {
            if b.is_ascii_uppercase() {
                if upper < MAX_IDENT {
                    ident.bytes[upper] = b;
                }
                upper += 1;
            } else if b.is_ascii_lowercase() {
                lower = true;
            } else {
                break;
            }
            self.pos += 1;
        }
        ident.len = upper.min(MAX_IDENT) as u8;
        // The identifier as written, cut out of the text only for a message.
        let ident_at = (start, self.pos);
        self.skip_ws();
        if self.peek() != Some(b'[') {
            let msg = format!(
                "expected `[` after property identifier {}: {} dropped",
                excerpt(self.slice(ident_at)),
                excerpt(self.slice(ident_at))
            );
            self.issue(
                IssueKind::IdentifierWithoutValue,
                start,
                Severity::Warning,
                msg,
            );
            return;
        }
        let values_start = self.out.values.len() as u32;
        let mut unterminated = None;
        while self.peek() == Some(b'[') {
            let at = self.pos;
            let (v, closed) = self.scan_value();
            self.out.values.push(v);
            self.check_swallowed(at, v, ident_at);
            if !closed {
                unterminated = Some(at);
                break;
            }
            self.skip_ws();
        }
        let values_end = self.out.values.len() as u32;
        if let Some(at) = unterminated {
            let msg = format!(
                "expected `]` to close the value of {}: the value runs to the end of the file; everything after it is lost",
                excerpt(self.slice(ident_at))
            );
            self.issue(IssueKind::UnclosedValue, at, Severity::Error, msg);
        }
        if upper == 0 || upper > MAX_IDENT {
            // Undo the values: the property is dropped.
            self.out.values.truncate(values_start as usize);
            let why = if upper == 0 {
                "has no capital letter"
            } else {
                "is longer than 15 letters"
            };
            let msg = format!(
                "property identifier {} {why}: the property and its values are dropped",
                excerpt(self.slice(ident_at))
            );
            self.issue(IssueKind::BadIdentifier, start, Severity::Warning, msg);
            return;
        }
        if lower && !self.lowercase_seen.contains(&ident) {
            self.lowercase_seen.push(ident);
            let msg = format!(
                "property identifier {} has lower-case letters (FF[3] style): read as `{}`",
                excerpt(self.slice(ident_at)),
                ident.as_str()
            );
            // Read with certainty (FF[3] allowed it): info, not a warning.
            self.issue(IssueKind::LowerCaseIdentifier, start, Severity::Info, msg);
        }
        if !self.attach_point(start, ident) {
            self.out.values.truncate(values_start as usize);
            return;
        }
        self.push_property(start, ident, values_start, values_end);
    }

    /// Whether moves may take [`Self::simple_move`] (tests compare with the general path).
    #[inline(always)]
    fn fast_moves(&self) -> bool {
        #[cfg(test)]
        return !self.general_only;
        #[cfg(not(test))]
        true
    }

    /// The common property, a move with one two-letter value (`B[pd]`), read without
    /// the general loops; true when it was one. It stores exactly what [`Self::property`]
    /// would: a one-letter identifier, one closed value of two bytes (no escape, no `]`
    /// inside, too short to have swallowed a move), the white space after it skipped.
    /// Anything else (a second value, an escape, lower-case letters) is left to it.
    #[inline(always)]
    fn simple_move(&mut self) -> bool {
        let start = self.pos;
        let Some(&[letter, b'[', a, b, b']']) = self.bytes.get(start..start + 5) else {
            return false;
        };
        if !matches!(letter, b'B' | b'W') || matches!(a, b'\\' | b']') || matches!(b, b'\\' | b']')
        {
            return false;
        }
        let mut next = start + 5;
        while self
            .bytes
            .get(next)
            .is_some_and(|&c| c <= b' ' && (c.is_ascii_whitespace() || c == 0x0B))
        {
            next += 1;
        }
        if self.bytes.get(next) == Some(&b'[') {
            return false;
        }
        self.pos = next;
        let mut ident = Ident {
            len: 1,
            bytes: [0; MAX_IDENT],
        };
        ident.bytes[0] = letter;
        let values_start = self.out.values.len() as u32;
        self.out.values.push(Value {
            start: (start + 2) as u32,
            end: (start + 4) as u32,
        });
        if self.last == Last::Node {
            if let Some(node) = self.out.nodes.get_mut(self.current as usize) {
                if node.props_start == node.props_end {
                    // The node's first property (`;B[pd]`): no duplicate to look for.
                    self.out.props.push(Property {
                        ident,
                        offset: start as u32,
                        values_start,
                        values_end: values_start + 1,
                    });
                    node.props_end = self.out.props.len() as u32;
                    return true;
                }
            }
        }
        if !self.attach_point(start, ident) {
            self.out.values.truncate(values_start as usize);
            return true;
        }
        self.push_property(start, ident, values_start, values_start + 1);
        true
    }

    /// Makes sure a node is open for a property; false when it must be dropped.
    fn attach_point(&mut self, start: usize, ident: Ident) -> bool {
        match self.last {
            Last::Node => true,
            Last::Open => {
                // Node first, so that the issue belongs to its game tree.
                self.new_node(start);
                let msg = format!(
                    "expected `;` before property `{}`: a node was started here",
                    ident.as_str()
                );
                self.issue(IssueKind::MissingSemicolon, start, Severity::Warning, msg);
                true
            }
            Last::Close => {
                let msg = format!(
                    "expected `(`, `;` or `)`: property `{}` after `)` belongs to no node and is dropped",
                    ident.as_str()
                );
                self.issue(IssueKind::PropertyAfterClose, start, Severity::Error, msg);
                false
            }
        }
    }

    fn push_property(&mut self, start: usize, ident: Ident, values_start: u32, values_end: u32) {
        let current = self.current;
        let Some(node) = self.out.nodes.get_mut(current as usize) else {
            return;
        };
        let (ps, pe) = (node.props_start as usize, node.props_end as usize);
        let props = &mut self.out.props;
        let earlier = props.get(ps..pe).unwrap_or(&[]);
        let key = ident.key();
        let dup = if earlier.len() < DUP_SCAN_MAX {
            earlier.iter().any(|p| p.ident.key() == key)
        } else {
            if self.idents_of != current {
                self.idents.clear();
                self.idents.extend(earlier.iter().map(|p| p.ident.key()));
                self.idents_of = current;
            }
            !self.idents.insert(key)
        };
        props.push(Property {
            ident,
            offset: start as u32,
            values_start,
            values_end,
        });
        node.props_end = props.len() as u32;
        if dup {
            let msg = format!(
                "property `{}` appears twice in one node: lists are merged, single values take the first",
                ident.as_str()
            );
            self.issue(IssueKind::DuplicateProperty, start, Severity::Warning, msg);
        }
    }

    fn finish(&mut self) {
        if let Some(&(_, open)) = self.stack.first() {
            let depth = self.stack.len();
            let msg = format!(
                "expected `)`: the game tree opened here is not closed at the end of the file ({depth} `(` left open); read as if closed"
            );
            self.issue(
                IssueKind::UnclosedGameTree,
                open as usize,
                Severity::Warning,
                msg,
            );
        }
        if self.roots_seen() == 0 {
            let text_before = self.unit.is_some_and(|cx| cx.text_before);
            let (kind, msg) = if self.bytes.is_empty() && !text_before {
                (
                    IssueKind::NoGameTree,
                    "the file is empty: no game tree".to_owned(),
                )
            } else if self.unit.is_some() {
                // A piece of a streamed file: the file as a whole may well hold trees.
                (IssueKind::NoGameTree, NO_TREE_HERE.to_owned())
            } else {
                // Not SGF at all (an image, a PDF, ...): one finding that says so, not
                // one per piece of junk.
                self.out.issues.clear();
                self.out.issues_dropped = 0;
                (IssueKind::NotSgf, NOT_SGF.to_owned())
            };
            self.issue_in(kind, 0, None, Severity::Error, msg);
        }
        if self.out.issues_dropped > 0 {
            let n = self.out.issues_dropped;
            // Always kept: the summary must not itself be dropped.
            self.out.issues.push(Issue {
                kind: IssueKind::NotListed,
                offset: 0,
                tree: None,
                severity: Severity::Warning,
                message: format!(
                    "{n} more syntax problem(s) not listed: {}",
                    kinds_list(&self.dropped_kinds)
                ),
            });
        }
    }
}

/// The message of a streamed piece of a file that holds no game tree.
pub(crate) const NO_TREE_HERE: &str =
    "expected `(;`: no SGF game tree found in this part of the file";

/// The message of the one finding a file with no game tree anywhere gets.
pub(crate) const NOT_SGF: &str = "not an SGF file: no game tree (`(;`) anywhere in it";

/// "on line N" words for the distance between two offsets: the unclosed tree's line is
/// the finding's own position, so the message says where the new tree starts from it.
fn line_distance(between: &[u8]) -> String {
    let breaks = between
        .iter()
        .enumerate()
        .filter(|&(i, &c)| {
            // CRLF and LF-CR are one break each, as in the line index.
            let lone_cr = c == b'\r'
                && between.get(i + 1) != Some(&b'\n')
                && (i == 0 || between[i - 1] != b'\n');
            c == b'\n' || lone_cr
        })
        .count();
    match breaks {
        0 => "on the same line".to_owned(),
        1 => "1 line later".to_owned(),
        n => format!("{n} lines later"),
    }
}

/// `120 stray characters, 10 duplicate property`, most frequent first.
fn kinds_list(kinds: &BTreeMap<&'static str, usize>) -> String {
    let mut v: Vec<(&str, usize)> = kinds.iter().map(|(&k, &n)| (k, n)).collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    v.iter()
        .map(|(k, n)| format!("{n} {k}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A short, printable excerpt of source text for messages.
fn excerpt(text: &str) -> String {
    const MAX: usize = 24;
    let mut out = String::from("`");
    for (i, c) in text.chars().enumerate() {
        if i == MAX {
            out.push('…');
            break;
        }
        out.extend(c.escape_debug());
    }
    out.push('`');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn idents(sgf: &Sgf, node: u32) -> Vec<String> {
        sgf.props_of(node)
            .iter()
            .map(|p| p.ident.as_str().to_owned())
            .collect()
    }

    #[test]
    fn parses_a_tree_with_variations() {
        let s = parse("(;GM[1]SZ[9];B[aa](;W[bb];B[cc])(;W[dd]))");
        assert_eq!(s.roots, vec![0]);
        assert!(s.issues.is_empty(), "{:?}", s.issues);
        let line = s.main_line(0);
        assert_eq!(line.len(), 4);
        assert_eq!(s.children(1).count(), 2);
        assert_eq!(s.first_raw(line[3], "B"), Some("cc"));
    }

    #[test]
    fn a_simple_move_is_read_as_the_general_path_reads_it() {
        let texts = [
            "(;B[pd];W[dp])",
            "(;B[pd] ;W[dp]\n)",
            "(;B[pd]\r\n\t;W[dp])",
            "(;B[pd][qq])",
            "(;B[pd] \n [qq])",
            "(;B[pd]\u{b}[qq])",
            "(;B[pd]\u{c}[qq])",
            "(;B[p\\]];W[d]])",
            "(;B[\\p])",
            "(;B[];W[tt])",
            "(;B[pdx];W[p])",
            "(;W[pd]B[dd])",
            "(;B[pd]B[dd])",
            "(;B[é]W[ab])",
            "(B[pd];W[dd])",
            "(;B[aa])B[pd](;W[bb])",
            "(;Bx[pd];b[pd];B [pd];C[x]B[pd])",
            "(;B[pd",
            "(;B[p",
            "(;B[pd]",
            "(;B[pd])(;W[ab])",
        ];
        for text in texts {
            let parsed = |general_only: bool| {
                let mut p = Parser::new(text);
                p.general_only = general_only;
                p.run();
                format!("{:?}", p.out)
            };
            assert_eq!(parsed(false), parsed(true), "{text:?}");
        }
    }

    #[test]
    fn several_game_trees_are_several_roots() {
        let s = parse("(;B[aa])\n(;W[bb])(;B[cc])");
        assert_eq!(s.roots.len(), 3);
    }

    #[test]
    fn values_end_at_the_first_unescaped_bracket_at_any_length() {
        // An escaped `]` or `\\`, anywhere in a short or a long value, neither ends
        // nor extends it.
        let values = [
            "",
            "a",
            "1234567",
            "12345678",
            "1234567\\]x",
            "123456\\]x",
            "12345678\\]",
            "a long comment with \\] an escaped bracket and \\\\ a backslash",
            "\\\\",
            "abcdefg\\\\",
            "abcdefgh\\\\",
        ];
        for v in values {
            let text = format!("(;C[{v}]GN[x])");
            let s = parse(&text);
            assert!(s.issues.is_empty(), "{v:?}: {:?}", s.issues);
            assert_eq!(s.first_raw(0, "C"), Some(v), "{v:?}");
            assert_eq!(s.first_raw(0, "GN"), Some("x"), "{v:?}");
        }
        // Unterminated, short and long: the value runs to the end of the text.
        for v in ["abc", "abcdefghijklmnop", "abcdefg\\]"] {
            let text = format!("(;C[{v}");
            let s = parse(&text);
            assert_eq!(s.first_raw(0, "C"), Some(v), "{v:?}");
        }
    }

    #[test]
    fn escapes_and_soft_line_breaks() {
        let s = parse("(;C[a\\]b\\\\c\\\nd]GN[x\ty\r\nz])");
        assert!(s.issues.is_empty());
        let c = s.first_raw(0, "C").unwrap();
        assert_eq!(unescape(c), "a]b\\cd");
        assert_eq!(simple_text(s.first_raw(0, "GN").unwrap()), "x y z");
    }

    #[test]
    fn stray_characters_are_reported_not_merged() {
        // sgf-parse reads `];B` as the identifier B and merges the nodes.
        let s = parse("(;SZ[19]C[x]];B[aa])");
        assert_eq!(s.nodes.len(), 2);
        assert_eq!(idents(&s, 0), ["SZ", "C"]);
        assert_eq!(s.issues.len(), 1);
        assert!(s.issues[0].message.contains("stray"));
        // A lone lowercase letter is not merged either.
        let s = parse("(;SZ[19];B[aa] x ;W[bb])");
        assert_eq!(s.nodes.len(), 3);
        assert_eq!(s.issues.len(), 1);
    }

    #[test]
    fn junk_missing_semicolon_and_unclosed_trees_recover() {
        let s = parse("From: someone\n(;SZ[9](B[aa]))\nxx");
        assert_eq!(s.roots.len(), 1);
        assert_eq!(s.nodes.len(), 2);
        let msgs: Vec<&str> = s.issues.iter().map(|i| i.message.as_str()).collect();
        assert_eq!(s.issues.len(), 3, "{msgs:?}");
        assert!(msgs[0].contains("before the first game tree"));
        assert!(msgs[1].contains("expected `;`"));
        assert!(msgs[2].contains("after the last game tree"));
        let s = parse("(;SZ[9];B[aa];W[bb]");
        assert_eq!(s.nodes.len(), 3);
        assert!(s.issues[0].message.contains("not closed"));
    }

    #[test]
    fn unterminated_value_and_ff3_identifiers() {
        let s = parse("(;AddBlack[aa][bb]Comment[x];B[cc");
        assert_eq!(idents(&s, 0), ["AB", "C"]);
        assert_eq!(s.first_raw(1, "B"), Some("cc"));
        assert!(s.issues.iter().any(|i| i.message.contains("lower-case")));
        assert!(s
            .issues
            .iter()
            .any(|i| i.message.contains("expected `]`") && i.severity == Severity::Error));
    }

    #[test]
    fn duplicates_and_dropped_properties_are_reported() {
        let s = parse("(;AB[aa]AB[bb];B[cc])W[dd])");
        assert!(s.issues.iter().any(|i| i.message.contains("twice")));
        // W[dd] after `)` closes the tree: junk at top level.
        assert_eq!(s.roots.len(), 1);
        let s = parse("(;B[aa](;W[bb])X[y](;W[cc]))");
        assert!(s
            .issues
            .iter()
            .any(|i| i.message.contains("belongs to no node")));
        assert_eq!(s.children(0).count(), 2);
    }

    #[test]
    fn garbage_gives_issues_and_no_tree() {
        let s = parse("\u{0}\u{1}binary\u{0}garbage)(");
        assert!(s.roots.is_empty());
        // One issue that says the file is not SGF, not one per piece of junk.
        assert_eq!(s.issues.len(), 1);
        assert_eq!(s.issues[0].message, NOT_SGF);
        let s = parse("");
        assert!(s.issues[0].message.contains("empty"));
    }

    #[test]
    fn issue_count_is_capped_and_the_summary_names_the_kinds() {
        let text = format!("(;{}C[x]C[y])", "#B[aa]".repeat(10_000));
        let s = parse(&text);
        assert_eq!(s.issues.len(), MAX_ISSUES + 1);
        assert!(s.issues_dropped > 0);
        let last = &s.issues[MAX_ISSUES].message;
        assert_eq!(
            last,
            "19800 more syntax problem(s) not listed: 9901 duplicate property, 9899 stray characters"
        );
    }

    #[test]
    fn every_issue_has_the_kind_its_message_names() {
        let texts = [
            "x(;SZ[9](B[aa])#[v]B C[a;B[aa]b]AB[aa]AB[bb]aB[cc]Bad[x]ABCDEFGHIJKLMNOPQ[x](;B[aa]);W[bb])X[y])",
            "((;B[aa]))(;C[x",
            "(;B[aa];W[bb](;GM[1]SZ[9];B[cc])",
        ];
        let mut kinds = std::collections::BTreeSet::new();
        for text in texts {
            for issue in parse(text).issues {
                assert_ne!(issue.kind.label(), "other", "{}", issue.message);
                kinds.insert(issue.kind);
            }
        }
        use IssueKind::*;
        for kind in [
            TextOutsideGameTrees,
            GameTreeStartsWithVariation,
            NodeAfterVariation,
            ValueWithoutIdentifier,
            StrayCharacters,
            ValueHoldingMoves,
            IdentifierWithoutValue,
            UnclosedValue,
            BadIdentifier,
            LowerCaseIdentifier,
            MissingSemicolon,
            PropertyAfterClose,
            UnclosedGameTree,
        ] {
            assert!(kinds.contains(&kind), "{kind:?} not raised: {kinds:?}");
        }
        let one = |text: &str| {
            parse(text)
                .issues
                .into_iter()
                .map(|i| i.kind)
                .collect::<Vec<_>>()
        };
        assert_eq!(one("(;B[aa]C[x]C[y])"), [DuplicateProperty]);
        assert_eq!(one("(;C[x"), [UnclosedValue, UnclosedGameTree]);
        assert_eq!(one("(;B[aa])x"), [TextOutsideGameTrees]);
        assert_eq!(one(""), [NoGameTree]);
    }

    #[test]
    fn an_unclosed_tree_followed_by_a_new_record_is_recovered() {
        let text = "(;GM[1]SZ[9];B[aa];W[bb]\n\n(;GM[1]FF[4]SZ[9];B[cc])\n(;SZ[9];B[dd])";
        let s = parse(text);
        assert_eq!(s.roots.len(), 3, "{:?}", s.issues);
        assert_eq!(s.issues.len(), 1, "{:?}", s.issues);
        let i = &s.issues[0];
        assert_eq!((i.offset, i.tree), (0, Some(0)));
        assert!(i.message.contains("not closed") && i.message.contains("2 lines later"));
        assert_eq!(s.main_line(s.roots[0]).len(), 3);
        assert_eq!(s.first_raw(s.main_line(s.roots[1])[1], "B"), Some("cc"));
        // A streamed parse cuts the same units.
        let first = parse_unit(text, UnitContext::default());
        assert_eq!(first.end, Some(text.find("\n\n(").unwrap() + 2));
        assert_eq!(first.sgf.issues, s.issues);
    }

    #[test]
    fn root_properties_in_a_variation_of_a_moveless_root_stay_variations() {
        // Collections held as variations of an empty root are read as before.
        let s = parse("(;GM[1](;GM[1]SZ[9];B[aa])(;GM[1]SZ[9];B[bb]))");
        assert_eq!(s.roots.len(), 1);
        assert!(s.issues.is_empty(), "{:?}", s.issues);
        assert_eq!(s.children(0).count(), 2);
        // An ordinary variation (no root property) after moves stays a variation.
        let s = parse("(;SZ[9];B[aa](;W[bb];B[cc])(;W[cc]))");
        assert_eq!(s.roots.len(), 1);
        assert!(s.issues.is_empty());
    }

    #[test]
    fn units_end_after_each_tree_and_ask_for_more_text_inside_one() {
        let text = "junk(;B[aa])  (;W[bb]";
        let u = parse_unit(text, UnitContext::default());
        assert_eq!(u.end, Some(12));
        assert_eq!(u.sgf.roots.len(), 1);
        assert_eq!(u.sgf.issues.len(), 1, "{:?}", u.sgf.issues);
        let cx = UnitContext {
            roots_before: 1,
            text_before: true,
            last: false,
        };
        assert_eq!(parse_unit(&text[12..], cx).end, None);
        let cx = UnitContext { last: true, ..cx };
        let u = parse_unit(&text[12..], cx);
        assert_eq!(u.end, Some(text.len() - 12));
        assert!(u.sgf.issues[0].message.contains("not closed at the end"));
        // No tree anywhere in the file: reported once, at its end.
        let u = parse_unit("", cx);
        assert!(u.sgf.issues.is_empty(), "{:?}", u.sgf.issues);
        let u = parse_unit(
            "",
            UnitContext {
                roots_before: 0,
                ..cx
            },
        );
        assert!(u.sgf.issues[0].message.contains("no SGF game tree"));
    }
}
