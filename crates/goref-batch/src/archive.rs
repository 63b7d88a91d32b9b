//! Game records inside archives: `.zip`, `.tar`, and `.gz` / `.bz2` / `.xz` streams
//! (a compressed tar, or one compressed record), recognised by their first bytes.
//!
//! An archive is read on a thread of its own, one member at a time, and its records
//! are handed out in archive order through a small bounded channel ([`Members`]), so
//! memory holds a few members, never the archive; nothing is unpacked to disk. Every
//! problem (a damaged archive or member, a member over the size limit, an archive
//! inside the archive) becomes a [`Member`] carrying a finding, and the rest goes on
//! where the format allows it. See docs/batch.md, "Archives".
//!
//! A record in an archive is named `ARCHIVE:MEMBER`, e.g. `kgs-2001.tar.gz:2001/03/a.sgf`;
//! a compressed single record (`a.sgf.gz`) is named by its own path.

use crossbeam_channel::{bounded, Receiver, Sender};
use goref_core::findings::Code;
use std::ffi::OsStr;
use std::io::{self, BufReader, Read};
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::thread::JoinHandle;

/// The archive and compression formats goref reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArchiveKind {
    Zip,
    Tar,
    Gzip,
    Bzip2,
    Xz,
}

impl ArchiveKind {
    /// The kind's name in findings (`zip`, `tar`, `gzip`, `bzip2`, `xz`).
    pub fn as_str(self) -> &'static str {
        match self {
            ArchiveKind::Zip => "zip",
            ArchiveKind::Tar => "tar",
            ArchiveKind::Gzip => "gzip",
            ArchiveKind::Bzip2 => "bzip2",
            ArchiveKind::Xz => "xz",
        }
    }
}

/// Bytes to read before [`sniff`] can tell a tar (its magic is at offset 257).
pub const SNIFF_BYTES: usize = 512;

/// The archive format of a file from its first bytes (at least [`SNIFF_BYTES`] of them
/// where the file is that long), or None for anything else (an SGF record).
pub fn sniff(head: &[u8]) -> Option<ArchiveKind> {
    if head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06") {
        Some(ArchiveKind::Zip)
    } else if head.starts_with(&[0x1f, 0x8b]) {
        Some(ArchiveKind::Gzip)
    } else if head.len() >= 4 && head.starts_with(b"BZh") && (b'1'..=b'9').contains(&head[3]) {
        Some(ArchiveKind::Bzip2)
    } else if head.starts_with(&[0xfd, b'7', b'z', b'X', b'Z', 0]) {
        Some(ArchiveKind::Xz)
    } else if is_tar_header(head) {
        Some(ArchiveKind::Tar)
    } else {
        None
    }
}

/// A POSIX (`ustar\0`) or GNU (`ustar  \0`) tar header whose checksum is right.
fn is_tar_header(head: &[u8]) -> bool {
    let Some(header) = head.get(..512) else {
        return false;
    };
    if &header[257..262] != b"ustar" {
        return false;
    }
    let recorded = std::str::from_utf8(&header[148..156])
        .ok()
        .map(|s| s.trim_matches(|c: char| c == '\0' || c == ' '))
        .and_then(|s| u32::from_str_radix(s, 8).ok());
    // The checksum is the byte sum with its own eight bytes read as spaces.
    let sum: u32 = header
        .iter()
        .enumerate()
        .map(|(i, &b)| {
            if (148..156).contains(&i) {
                32
            } else {
                u32::from(b)
            }
        })
        .sum();
    recorded == Some(sum)
}

/// Names of archives (case-insensitive): what a directory walk takes besides the
/// records themselves. `*.EXT.gz` (and `.bz2`, `.xz`) counts only where EXT is a record
/// ending, so that `notes.txt.gz` is left alone as `notes.txt` would be.
pub fn is_archive_name(path: &Path, record_exts: &[String]) -> bool {
    let Some(name) = path.file_name().and_then(OsStr::to_str) else {
        return false;
    };
    let name = name.to_ascii_lowercase();
    is_multi_archive_name(&name) || compressed_record_name(&name, record_exts)
}

/// Archives of many members: zip, tar and compressed tars.
fn is_multi_archive_name(lower_name: &str) -> bool {
    const MULTI: [&str; 9] = [
        ".zip", ".tar", ".tgz", ".tbz", ".tbz2", ".txz", ".tar.gz", ".tar.bz2", ".tar.xz",
    ];
    MULTI.iter().any(|s| lower_name.ends_with(s))
}

/// `a.sgf.gz`, `a.sgf.bz2`, `a.sgf.xz` (for the record endings given; all when empty).
fn compressed_record_name(lower_name: &str, record_exts: &[String]) -> bool {
    let Some(inner) = [".gz", ".bz2", ".xz"]
        .iter()
        .find_map(|s| lower_name.strip_suffix(s))
    else {
        return false;
    };
    match Path::new(inner).extension().and_then(OsStr::to_str) {
        Some(ext) => has_record_ext(ext, record_exts),
        None => false,
    }
}

fn has_record_ext(ext: &str, record_exts: &[String]) -> bool {
    record_exts.is_empty()
        || record_exts
            .iter()
            .any(|e| e.trim_start_matches('.').eq_ignore_ascii_case(ext))
}

/// What is taken from an archive, and the limits that bound a hostile one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchiveOptions {
    /// Member endings that are records, as [`super::InputOptions::extensions`].
    pub extensions: Vec<String>,
    /// Take members with a path component starting with `.` (and `__MACOSX/`).
    pub hidden: bool,
    /// Most bytes one member may inflate to; a larger one is reported, not checked.
    pub member_limit: u64,
    /// Most entries (of any kind) read from one archive.
    pub max_entries: u64,
}

/// The default [`ArchiveOptions::member_limit`]: 32 MiB, some hundred times the
/// largest single record in the development corpus.
pub const DEFAULT_MEMBER_LIMIT: u64 = 32 << 20;

/// The default [`ArchiveOptions::max_entries`]. Memory does not grow with the count in
/// a tar, but time does (an archive of empty members is a few bytes an entry packed); a
/// zip's directory is held in memory by the zip crate, about 600 bytes an entry, so the
/// limit also bounds that (some 300 MB at the limit).
pub const DEFAULT_MAX_ENTRIES: u64 = 500_000;

impl Default for ArchiveOptions {
    fn default() -> Self {
        ArchiveOptions {
            extensions: vec!["sgf".to_string()],
            hidden: false,
            member_limit: DEFAULT_MEMBER_LIMIT,
            max_entries: DEFAULT_MAX_ENTRIES,
        }
    }
}

/// One record of an archive, or one problem with it, in archive order.
#[derive(Debug, PartialEq, Eq)]
pub struct Member {
    /// `ARCHIVE:MEMBER` (or `ARCHIVE` for the archive as a whole).
    pub name: String,
    pub content: Content,
}

/// What a member holds: a record's bytes, or what went wrong reading it.
#[derive(Debug, PartialEq, Eq)]
pub enum Content {
    /// The record's bytes, inflated.
    Record(Vec<u8>),
    /// Why the archive, or this member, was not (wholly) read.
    Problem { code: Code, message: String },
}

/// Where an archive's bytes come from.
pub enum Source {
    /// A file on disk (a zip needs one: its directory is at the end).
    File(PathBuf),
    /// Bytes already read (the start of the input) followed by the rest of it.
    Stream {
        head: Vec<u8>,
        rest: Box<dyn Read + Send>,
    },
}

/// The members of one archive, read on a thread of their own and yielded in archive
/// order. Dropping it stops the reading.
pub struct Members {
    rx: Option<Receiver<Member>>,
    reader: Option<JoinHandle<()>>,
}

impl Members {
    /// Starts reading the archive `name` (its display name, the prefix of its members'
    /// names) of the format `kind`.
    pub fn open(name: String, kind: ArchiveKind, source: Source, opts: ArchiveOptions) -> Members {
        // Two members in the channel: the reader inflates the next while a worker
        // checks this one, and memory holds a handful of members at most.
        let (tx, rx) = bounded(2);
        let archive = name.clone();
        let spawned = std::thread::Builder::new()
            .name("goref-archive".into())
            .spawn(move || read_guarded(&name, kind, source, &opts, &tx));
        match spawned {
            Ok(handle) => Members {
                rx: Some(rx),
                reader: Some(handle),
            },
            Err(e) => {
                let (tx, rx) = bounded(1);
                let _ = tx.send(Member {
                    name: archive,
                    content: Content::Problem {
                        code: Code::IoError,
                        message: format!("cannot start the archive reader: {e}"),
                    },
                });
                Members {
                    rx: Some(rx),
                    reader: None,
                }
            }
        }
    }
}

impl Iterator for Members {
    type Item = Member;

    fn next(&mut self) -> Option<Member> {
        self.rx.as_ref()?.recv().ok()
    }
}

impl Drop for Members {
    fn drop(&mut self) {
        // Closing the channel makes the reader's next send fail, so it stops.
        self.rx = None;
        if let Some(handle) = self.reader.take() {
            let _ = handle.join();
        }
    }
}

/// Sends members until the archive ends or the receiver is gone. A panic in a
/// decoder (a bug on hostile input) becomes an `internal-error` member.
fn read_guarded(
    name: &str,
    kind: ArchiveKind,
    source: Source,
    opts: &ArchiveOptions,
    tx: &Sender<Member>,
) {
    let out = Out {
        archive: name,
        tx,
        sent: std::cell::Cell::new(0),
    };
    let read = panic::catch_unwind(AssertUnwindSafe(|| read_archive(&out, kind, source, opts)));
    if matches!(read, Ok(Ok(()))) && out.sent.get() == 0 {
        let endings: Vec<String> = opts.extensions.iter().map(|e| format!(".{e}")).collect();
        let _ = out.problem(
            None,
            Code::ArchiveEmpty,
            format!(
                "{name} holds no record: no member ends in {} (--ext changes the endings)",
                endings.join(", ")
            ),
        );
    }
    if let Err(payload) = read {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let _ = out.problem(
            None,
            Code::InternalError,
            format!(
                "goref failed reading the archive {name}: {message}. Please report this with the archive attached"
            ),
        );
    }
}

/// The receiving end of the reader; `Err(Gone)` once nobody listens.
struct Out<'a> {
    archive: &'a str,
    tx: &'a Sender<Member>,
    /// Members sent so far.
    sent: std::cell::Cell<u64>,
}

struct Gone;

impl Out<'_> {
    fn member_name(&self, member: Option<&str>) -> String {
        match member {
            Some(m) => format!("{}:{}", self.archive, printable(member_path(m))),
            None => self.archive.to_string(),
        }
    }

    fn record(&self, member: Option<&str>, bytes: Vec<u8>) -> Result<(), Gone> {
        let name = self.member_name(member);
        self.send(name, Content::Record(bytes))
    }

    fn problem(&self, member: Option<&str>, code: Code, message: String) -> Result<(), Gone> {
        let name = self.member_name(member);
        self.send(name, Content::Problem { code, message })
    }

    fn send(&self, name: String, content: Content) -> Result<(), Gone> {
        self.sent.set(self.sent.get() + 1);
        self.tx.send(Member { name, content }).map_err(|_| Gone)
    }
}

/// A member's path without the `./` and `/` that some tools put in front (`tar -C dir .`).
fn member_path(member: &str) -> &str {
    let mut path = member;
    loop {
        let next = path.trim_start_matches('/');
        let next = next.strip_prefix("./").unwrap_or(next);
        if next == path {
            return path;
        }
        path = next;
    }
}

/// A member's path as it appears in reports: control characters (a newline would
/// split a report line or a path list) written as `\xNN`.
fn printable(member: &str) -> String {
    let mut out = String::with_capacity(member.len());
    for c in member.chars() {
        if c.is_control() {
            out.push_str(&format!("\\x{:02x}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

fn read_archive(
    out: &Out<'_>,
    kind: ArchiveKind,
    source: Source,
    opts: &ArchiveOptions,
) -> Result<(), Gone> {
    match (kind, source) {
        (ArchiveKind::Zip, Source::File(path)) => read_zip(out, &path, opts),
        (ArchiveKind::Zip, Source::Stream { .. }) => out.problem(
            None,
            Code::ArchiveDamaged,
            "a zip archive cannot be read from standard input (its directory is at its end); give its path"
                .into(),
        ),
        (kind, source) => {
            let reader: Box<dyn Read + Send> = match source {
                Source::File(path) => match std::fs::File::open(&path) {
                    Ok(f) => Box::new(BufReader::with_capacity(64 * 1024, f)),
                    Err(e) => return out.problem(None, Code::IoError, format!("cannot read {}: {e}", out.archive)),
                },
                Source::Stream { head, rest } => Box::new(io::Cursor::new(head).chain(rest)),
            };
            read_stream(out, kind, reader, opts)
        }
    }
}

/// A tar, or a compressed stream holding a tar or one record.
fn read_stream(
    out: &Out<'_>,
    kind: ArchiveKind,
    reader: Box<dyn Read + Send>,
    opts: &ArchiveOptions,
) -> Result<(), Gone> {
    if kind == ArchiveKind::Tar {
        return read_tar(out, reader, false, opts);
    }
    let mut inflated = decoder(kind, reader);
    let mut head = Vec::with_capacity(SNIFF_BYTES);
    if let Err(e) = (&mut inflated)
        .take(SNIFF_BYTES as u64)
        .read_to_end(&mut head)
    {
        return out.problem(None, Code::ArchiveDamaged, damaged(out.archive, kind, &e));
    }
    let rest = io::Cursor::new(head.clone()).chain(inflated);
    match sniff(&head) {
        Some(ArchiveKind::Tar) => read_tar(out, Box::new(rest), true, opts),
        Some(inner) => out.problem(None, Code::ArchiveNested, nested(out.archive, Some(inner))),
        None => match read_limited(rest, opts.member_limit) {
            Ok(Some(bytes)) => out.record(None, bytes),
            Ok(None) => out.problem(
                None,
                Code::ArchiveMemberTooLarge,
                too_large(out.archive, opts, None),
            ),
            Err(e) => out.problem(None, Code::ArchiveDamaged, damaged(out.archive, kind, &e)),
        },
    }
}

/// The decoder of a compressed stream (concatenated streams read as one, as the
/// command-line tools do).
fn decoder(kind: ArchiveKind, reader: Box<dyn Read + Send>) -> Box<dyn Read + Send> {
    match kind {
        ArchiveKind::Gzip => Box::new(flate2::read::MultiGzDecoder::new(reader)),
        ArchiveKind::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(reader)),
        ArchiveKind::Xz => Box::new(liblzma::read::XzDecoder::new_multi_decoder(reader)),
        ArchiveKind::Tar | ArchiveKind::Zip => reader,
    }
}

/// Reads at most `limit` bytes; None when there are more.
fn read_limited(reader: impl Read, limit: u64) -> io::Result<Option<Vec<u8>>> {
    let mut bytes = Vec::with_capacity(16 * 1024);
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= limit).then_some(bytes))
}

/// What to do with a member, by its path.
#[derive(Debug, PartialEq, Eq)]
enum Take {
    /// A record (`a.sgf`).
    Record,
    /// A compressed record (`a.sgf.gz`): inflated once more.
    Compressed,
    /// An archive in the archive: reported, not opened.
    Nested,
    Skip,
}

fn classify(member: &str, opts: &ArchiveOptions) -> Take {
    let hidden = member
        .split('/')
        .any(|c| (c.starts_with('.') && c != "." && c != "..") || c == "__MACOSX");
    if hidden && !opts.hidden {
        return Take::Skip;
    }
    let lower = member.to_ascii_lowercase();
    if compressed_record_name(&lower, &opts.extensions) {
        return Take::Compressed;
    }
    if is_multi_archive_name(&lower) {
        return Take::Nested;
    }
    match Path::new(&lower).extension().and_then(OsStr::to_str) {
        Some(ext) if has_record_ext(ext, &opts.extensions) => Take::Record,
        _ if opts.extensions.is_empty() => Take::Record,
        _ => Take::Skip,
    }
}

/// Hands a member's bytes on: a record as it is, unless its bytes are themselves
/// compressed (inflated once, within the limit) or an archive (reported).
fn deliver(out: &Out<'_>, member: &str, bytes: Vec<u8>, opts: &ArchiveOptions) -> Result<(), Gone> {
    let name = out.member_name(Some(member));
    match sniff(&bytes) {
        None => out.record(Some(member), bytes),
        Some(kind @ (ArchiveKind::Zip | ArchiveKind::Tar)) => {
            out.problem(Some(member), Code::ArchiveNested, nested(&name, Some(kind)))
        }
        Some(kind) => {
            let inflated = decoder(kind, Box::new(io::Cursor::new(bytes)));
            match read_limited(inflated, opts.member_limit) {
                Ok(Some(inner)) if sniff(&inner).is_some() => out.problem(
                    Some(member),
                    Code::ArchiveNested,
                    nested(&name, sniff(&inner)),
                ),
                Ok(Some(inner)) => out.record(Some(member), inner),
                Ok(None) => out.problem(
                    Some(member),
                    Code::ArchiveMemberTooLarge,
                    too_large(&name, opts, None),
                ),
                Err(e) => out.problem(Some(member), Code::ArchiveDamaged, damaged(&name, kind, &e)),
            }
        }
    }
}

fn read_tar(
    out: &Out<'_>,
    reader: Box<dyn Read + Send>,
    compressed: bool,
    opts: &ArchiveOptions,
) -> Result<(), Gone> {
    let mut archive = tar::Archive::new(reader);
    let entries = match archive.entries() {
        Ok(entries) => entries,
        Err(e) => {
            return out.problem(
                None,
                Code::ArchiveDamaged,
                damaged(out.archive, ArchiveKind::Tar, &e),
            )
        }
    };
    let mut count = 0u64;
    let mut last = String::new();
    for entry in entries {
        let mut entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                let after = if last.is_empty() {
                    String::new()
                } else {
                    format!(" after {last}")
                };
                return out.problem(
                    None,
                    Code::ArchiveDamaged,
                    format!(
                        "{}; the rest of the archive{after} was not read",
                        damaged(out.archive, ArchiveKind::Tar, &e)
                    ),
                );
            }
        };
        count += 1;
        if count > opts.max_entries {
            return out.problem(
                None,
                Code::ArchiveTooManyEntries,
                too_many(out.archive, opts),
            );
        }
        if !entry.header().entry_type().is_file() {
            continue;
        }
        let member = String::from_utf8_lossy(&entry.path_bytes()).into_owned();
        last.clone_from(&member);
        let take = classify(&member, opts);
        if take == Take::Skip {
            continue;
        }
        let name = out.member_name(Some(&member));
        if take == Take::Nested {
            out.problem(Some(&member), Code::ArchiveNested, nested(&name, None))?;
            continue;
        }
        let size = entry.size();
        if size > opts.member_limit {
            let message = too_large(&name, opts, Some(size));
            if compressed {
                // Skipping it would mean inflating it: a bomb's member can declare
                // terabytes. The archive ends here.
                return out.problem(
                    Some(&member),
                    Code::ArchiveMemberTooLarge,
                    format!("{message}; the rest of the compressed archive was not read (skipping the member would mean inflating it)"),
                );
            }
            out.problem(Some(&member), Code::ArchiveMemberTooLarge, message)?;
            continue;
        }
        match read_limited(&mut entry, opts.member_limit) {
            Ok(Some(bytes)) => deliver(out, &member, bytes, opts)?,
            Ok(None) => out.problem(
                Some(&member),
                Code::ArchiveMemberTooLarge,
                too_large(&name, opts, None),
            )?,
            // A tar is one stream: after a failed read nothing further can be trusted.
            Err(e) => {
                return out.problem(
                    Some(&member),
                    Code::ArchiveDamaged,
                    format!(
                        "{}; the rest of the archive was not read",
                        damaged(&name, ArchiveKind::Tar, &e)
                    ),
                )
            }
        }
    }
    Ok(())
}

fn read_zip(out: &Out<'_>, path: &Path, opts: &ArchiveOptions) -> Result<(), Gone> {
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) => {
            return out.problem(
                None,
                Code::IoError,
                format!("cannot read {}: {e}", out.archive),
            )
        }
    };
    let mut file = BufReader::new(file);
    match zip_entry_count(&mut file) {
        Ok(Some(n)) if n > opts.max_entries => {
            return out.problem(
                None,
                Code::ArchiveTooManyEntries,
                too_many(out.archive, opts),
            )
        }
        _ => {}
    }
    let mut zip = match zip::ZipArchive::new(file) {
        Ok(zip) => zip,
        Err(e) => {
            return out.problem(
                None,
                Code::ArchiveDamaged,
                damaged(out.archive, ArchiveKind::Zip, &e),
            )
        }
    };
    for index in 0..zip.len() {
        let member = match zip.name_for_index(index) {
            Some(name) => name.to_string(),
            None => format!("#{index}"),
        };
        let name = out.member_name(Some(&member));
        let mut entry = match zip.by_index(index) {
            Ok(entry) => entry,
            Err(e) => {
                out.problem(
                    Some(&member),
                    Code::ArchiveDamaged,
                    damaged(&name, ArchiveKind::Zip, &e),
                )?;
                continue;
            }
        };
        if !entry.is_file() {
            continue;
        }
        let take = classify(&member, opts);
        match take {
            Take::Skip => continue,
            Take::Nested => {
                out.problem(Some(&member), Code::ArchiveNested, nested(&name, None))?;
                continue;
            }
            Take::Record | Take::Compressed => {}
        }
        let packed = entry.compressed_size();
        if entry.size() > opts.member_limit {
            let message = too_large(&name, opts, Some(entry.size()));
            out.problem(
                Some(&member),
                Code::ArchiveMemberTooLarge,
                with_ratio(message, entry.size(), packed),
            )?;
            continue;
        }
        // The declared size can lie: the read is bounded by the limit all the same.
        match read_limited(&mut entry, opts.member_limit) {
            Ok(Some(bytes)) => deliver(out, &member, bytes, opts)?,
            Ok(None) => out.problem(
                Some(&member),
                Code::ArchiveMemberTooLarge,
                too_large(&name, opts, None),
            )?,
            Err(e) => out.problem(
                Some(&member),
                Code::ArchiveDamaged,
                damaged(&name, ArchiveKind::Zip, &e),
            )?,
        }
    }
    Ok(())
}

/// The entry count a zip's end record declares, read before the zip crate loads the
/// whole directory into memory (None: no plain end record found, let the crate judge;
/// a zip64 count is read by the crate and checked against the limit after).
fn zip_entry_count(file: &mut (impl Read + io::Seek)) -> io::Result<Option<u64>> {
    use std::io::SeekFrom;
    let len = file.seek(SeekFrom::End(0))?;
    // The end record is 22 bytes and may be followed by a comment of up to 64 KiB.
    let tail_len = len.min(22 + 0xffff);
    file.seek(SeekFrom::Start(len - tail_len))?;
    let mut tail = Vec::with_capacity(tail_len as usize);
    file.take(tail_len).read_to_end(&mut tail)?;
    file.seek(SeekFrom::Start(0))?;
    let found = tail
        .windows(4)
        .rposition(|w| w == b"PK\x05\x06")
        .and_then(|at| tail.get(at + 10..at + 12))
        .map(|n| u64::from(u16::from_le_bytes([n[0], n[1]])));
    // 0xffff means "see the zip64 record".
    Ok(found.filter(|&n| n != 0xffff))
}

fn damaged(name: &str, kind: ArchiveKind, error: &dyn std::fmt::Display) -> String {
    format!("{name}: damaged {} data: {error}", kind.as_str())
}

/// `kind`: what its bytes are, where they were read (None: known by its name).
fn nested(name: &str, kind: Option<ArchiveKind>) -> String {
    let what = kind.map_or(String::from("an archive"), |k| {
        format!("a {} archive", k.as_str())
    });
    format!(
        "{name} is {what} inside an archive; goref opens one level (and the compressed records in it): unpack it, or check it on its own"
    )
}

fn too_large(name: &str, opts: &ArchiveOptions, declared: Option<u64>) -> String {
    let limit = bytes_text(opts.member_limit);
    match declared {
        Some(n) => format!(
            "{name} declares {}, over the limit of {limit} for one member (--member-limit); not checked",
            bytes_text(n)
        ),
        None => format!(
            "{name} inflates beyond the limit of {limit} for one member (--member-limit); not checked"
        ),
    }
}

fn with_ratio(message: String, size: u64, packed: u64) -> String {
    if packed == 0 {
        return message;
    }
    format!(
        "{message} ({} compressed: {}x)",
        bytes_text(packed),
        size / packed
    )
}

fn too_many(name: &str, opts: &ArchiveOptions) -> String {
    format!(
        "{name} holds more than {} entries; the rest was not read (the limit bounds the work and memory an archive can claim)",
        opts.max_entries
    )
}

fn bytes_text(n: u64) -> String {
    if n >= 1 << 20 && n % (1 << 20) == 0 {
        format!("{} MiB", n >> 20)
    } else if n >= 1 << 20 {
        format!("{:.1} MiB", n as f64 / f64::from(1 << 20))
    } else {
        format!("{n} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tar_of(name: &str, data: &[u8]) -> Vec<u8> {
        let mut builder = tar::Builder::new(Vec::new());
        let mut header = tar::Header::new_ustar();
        header.set_size(data.len() as u64);
        header.set_cksum();
        builder.append_data(&mut header, name, data).unwrap();
        builder.into_inner().unwrap()
    }

    #[test]
    fn sniff_knows_each_format_by_its_first_bytes() {
        assert_eq!(sniff(b"PK\x03\x04rest"), Some(ArchiveKind::Zip));
        assert_eq!(sniff(b"PK\x05\x06"), Some(ArchiveKind::Zip));
        assert_eq!(sniff(&[0x1f, 0x8b, 8, 0]), Some(ArchiveKind::Gzip));
        assert_eq!(sniff(b"BZh91AY&SY"), Some(ArchiveKind::Bzip2));
        assert_eq!(sniff(b"BZhx"), None);
        assert_eq!(
            sniff(&[0xfd, b'7', b'z', b'X', b'Z', 0, 0]),
            Some(ArchiveKind::Xz)
        );
        assert_eq!(sniff(&tar_of("a.sgf", b"(;)")), Some(ArchiveKind::Tar));
        assert_eq!(sniff(b"(;GM[1]SZ[19])"), None);
        assert_eq!(sniff(b""), None);
        // "ustar" at 257 with a wrong checksum is no tar.
        let mut bad = tar_of("a.sgf", b"(;)");
        bad[0] ^= 1;
        assert_eq!(sniff(&bad), None);
    }

    #[test]
    fn archive_names_for_the_walk() {
        let sgf = ["sgf".to_string()];
        for yes in [
            "a.zip",
            "A.TAR.GZ",
            "a.tgz",
            "a.tar",
            "a.tar.bz2",
            "a.tbz2",
            "a.txz",
            "a.sgf.gz",
            "a.SGF.xz",
            "a.sgf.bz2",
        ] {
            assert!(is_archive_name(Path::new(yes), &sgf), "{yes}");
        }
        for no in ["a.sgf", "notes.txt.gz", "a.gz", "zip", "a.zip.txt"] {
            assert!(!is_archive_name(Path::new(no), &sgf), "{no}");
        }
        assert!(is_archive_name(Path::new("notes.txt.gz"), &[]));
    }

    #[test]
    fn members_are_classified_by_their_paths() {
        let opts = ArchiveOptions::default();
        assert_eq!(classify("a/b.sgf", &opts), Take::Record);
        assert_eq!(classify("a/b.SGF", &opts), Take::Record);
        assert_eq!(classify("a/b.sgf.gz", &opts), Take::Compressed);
        assert_eq!(classify("a/b.tar.gz", &opts), Take::Nested);
        assert_eq!(classify("b.zip", &opts), Take::Nested);
        assert_eq!(classify("README", &opts), Take::Skip);
        assert_eq!(classify("__MACOSX/._b.sgf", &opts), Take::Skip);
        assert_eq!(classify(".git/b.sgf", &opts), Take::Skip);
        assert_eq!(classify("./a/../b.sgf", &opts), Take::Record);
        let all = ArchiveOptions {
            extensions: vec![],
            hidden: true,
            ..ArchiveOptions::default()
        };
        assert_eq!(classify("README", &all), Take::Record);
        assert_eq!(classify(".git/b.sgf", &all), Take::Record);
    }

    #[test]
    fn member_names_lose_leading_dots_and_control_characters() {
        assert_eq!(member_path("./a/b.sgf"), "a/b.sgf");
        assert_eq!(member_path("/./a.sgf"), "a.sgf");
        assert_eq!(member_path("a/./b.sgf"), "a/./b.sgf");
        assert_eq!(printable("a\nb\r.sgf"), "a\\x0ab\\x0d.sgf");
        assert_eq!(printable("日本.sgf"), "日本.sgf");
    }

    #[test]
    fn zip_entry_count_reads_the_end_record() {
        let mut zip = zip::ZipWriter::new(io::Cursor::new(Vec::new()));
        for i in 0..3 {
            zip.start_file(format!("{i}.sgf"), zip::write::SimpleFileOptions::default())
                .unwrap();
        }
        zip.set_comment("a comment after the end record");
        let bytes = zip.finish().unwrap().into_inner();
        assert_eq!(
            zip_entry_count(&mut io::Cursor::new(&bytes)).unwrap(),
            Some(3)
        );
        assert_eq!(zip_entry_count(&mut io::Cursor::new(b"PK")).unwrap(), None);
    }

    #[test]
    fn members_come_in_order_and_stop_when_dropped() {
        let bytes = tar_of("x/a.sgf", b"(;)");
        let source = Source::Stream {
            head: bytes,
            rest: Box::new(io::empty()),
        };
        let got: Vec<Member> = Members::open(
            "t".into(),
            ArchiveKind::Tar,
            source,
            ArchiveOptions::default(),
        )
        .collect();
        assert_eq!(
            got,
            [Member {
                name: "t:x/a.sgf".into(),
                content: Content::Record(b"(;)".to_vec())
            }]
        );
        // Dropped after one member of a long stream: the reader stops, the drop does not hang.
        let endless = io::repeat(0).take(u64::MAX);
        let head = tar_of("a.sgf", b"(;)");
        let source = Source::Stream {
            head: head[..1024].to_vec(),
            rest: Box::new(endless),
        };
        let mut members = Members::open(
            "t".into(),
            ArchiveKind::Tar,
            source,
            ArchiveOptions::default(),
        );
        assert!(members.next().is_some());
        drop(members);
    }

    /// A reader that counts the bytes taken from it.
    struct Counting(
        io::Cursor<Vec<u8>>,
        std::sync::Arc<std::sync::atomic::AtomicUsize>,
    );

    impl Read for Counting {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.0.read(buf)?;
            self.1.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
            Ok(n)
        }
    }

    #[test]
    fn the_reader_stays_a_few_members_ahead_of_the_checks() {
        let mut builder = tar::Builder::new(Vec::new());
        for i in 0..100 {
            let mut header = tar::Header::new_ustar();
            header.set_size(10_000);
            header.set_cksum();
            builder
                .append_data(&mut header, format!("{i}.sgf"), &[b'('; 10_000][..])
                .unwrap();
        }
        let bytes = builder.into_inner().unwrap();
        let total = bytes.len();
        let read = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let source = Source::Stream {
            head: Vec::new(),
            rest: Box::new(Counting(
                io::Cursor::new(bytes),
                std::sync::Arc::clone(&read),
            )),
        };
        let mut members = Members::open(
            "t".into(),
            ArchiveKind::Tar,
            source,
            ArchiveOptions::default(),
        );
        assert!(members.next().is_some());
        std::thread::sleep(std::time::Duration::from_millis(200));
        let ahead = read.load(std::sync::atomic::Ordering::Relaxed);
        // One member taken, two in the channel, one being read: far from the 1 MB.
        assert!(ahead <= 6 * 10_752, "read {ahead} of {total} bytes");
        assert_eq!(members.count(), 99);
    }

    /// Every member of `kind` read from `bytes` (a zip through a temporary file).
    fn read_all(kind: ArchiveKind, bytes: Vec<u8>) -> Vec<Member> {
        let opts = ArchiveOptions {
            member_limit: 1 << 16,
            max_entries: 1000,
            extensions: vec![],
            hidden: true,
        };
        if kind == ArchiveKind::Zip {
            let file = tempfile::NamedTempFile::new().unwrap();
            std::fs::write(file.path(), &bytes).unwrap();
            let source = Source::File(file.path().to_path_buf());
            return Members::open("a".into(), kind, source, opts).collect();
        }
        let source = Source::Stream {
            head: bytes,
            rest: Box::new(io::empty()),
        };
        Members::open("a".into(), kind, source, opts).collect()
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// Damaged archives of every kind end, without a panic, in members and findings
        /// named after the archive (the archive's own bytes mangled at random).
        #[test]
        fn damaged_archives_end_in_findings(
            kind in 0..5usize,
            cut in 0.0..1.0f64,
            flips in proptest::collection::vec((0.0..1.0f64, 1..=255u8), 0..8),
        ) {
            let kinds = [ArchiveKind::Zip, ArchiveKind::Tar, ArchiveKind::Gzip, ArchiveKind::Bzip2, ArchiveKind::Xz];
            let kind = kinds[kind];
            let tar = tar_of("d/a.sgf", b"(;GM[1]SZ[9];B[ee];W[cc])");
            let mut bytes = match kind {
                ArchiveKind::Zip => {
                    let mut zip = zip::ZipWriter::new(io::Cursor::new(Vec::new()));
                    zip.start_file("d/a.sgf", zip::write::SimpleFileOptions::default()).unwrap();
                    std::io::Write::write_all(&mut zip, b"(;GM[1]SZ[9];B[ee];W[cc])").unwrap();
                    zip.finish().unwrap().into_inner()
                }
                ArchiveKind::Tar => tar,
                ArchiveKind::Gzip => {
                    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
                    std::io::Write::write_all(&mut e, &tar).unwrap();
                    e.finish().unwrap()
                }
                ArchiveKind::Bzip2 => {
                    let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
                    std::io::Write::write_all(&mut e, &tar).unwrap();
                    e.finish().unwrap()
                }
                ArchiveKind::Xz => {
                    let mut e = liblzma::write::XzEncoder::new(Vec::new(), 1);
                    std::io::Write::write_all(&mut e, &tar).unwrap();
                    e.finish().unwrap()
                }
            };
            for (at, x) in flips {
                let i = (at * bytes.len() as f64) as usize % bytes.len();
                bytes[i] ^= x;
            }
            let keep = ((cut * bytes.len() as f64) as usize).max(1);
            bytes.truncate(keep);
            for member in read_all(kind, bytes) {
                proptest::prop_assert!(member.name.starts_with('a'), "{}", member.name);
                if let Content::Record(b) = &member.content {
                    proptest::prop_assert!(b.len() <= 1 << 16);
                }
            }
        }

        /// Whatever a member's name holds, its report name is one line.
        #[test]
        fn member_names_are_one_line(name in "\\PC*[\n\r\t]?\\PC*") {
            let shown = printable(member_path(&name));
            proptest::prop_assert!(!shown.contains(['\n', '\r']));
        }
    }

    #[test]
    fn bytes_are_written_for_people() {
        assert_eq!(bytes_text(32 << 20), "32 MiB");
        assert_eq!(bytes_text(3 << 19), "1.5 MiB");
        assert_eq!(bytes_text(512), "512 bytes");
    }
}
