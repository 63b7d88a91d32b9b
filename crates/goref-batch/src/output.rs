//! Output plumbing: whole-line writers and an atomically replaced output file.
//!
//! Interrupt safety rests on two rules. [`LineWriter`] hands its inner writer only whole
//! lines (each record goes in one `write_all`, and its buffer is flushed only between
//! records), so stopping at any record boundary leaves only complete lines. And
//! [`AtomicFile`] writes to a temporary file in the target's directory and renames it
//! over the target only on [`AtomicFile::commit`], so readers never see a half-written
//! file; dropped without commit (an error), it removes the temporary file and leaves
//! any old target untouched.

use goref_core::report::GameReport;
use serde::Serialize;
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// An output file: written under a temporary name and renamed into place on commit when
/// the target is (or will be) a regular file; written directly when it is a FIFO, a
/// device or another special file, which a rename would replace.
///
/// A symbolic link is written through: the file it names is replaced and the link
/// stays. The replaced file keeps the permissions of the one it replaces.
pub struct AtomicFile {
    target: PathBuf,
    /// The temporary file; None when the target is written directly.
    temp: Option<PathBuf>,
    file: Option<BufWriter<File>>,
}

/// Links followed before a chain is given up as a loop (the kernel's own limit).
const MAX_LINKS: usize = 40;

impl AtomicFile {
    /// Opens `target` for writing: a special file (FIFO, device, `/dev/stdout`) as it
    /// is, anything else through `.<name>.goref-<pid>-<n>.tmp` beside the file a link
    /// chain ends at. Same directory, so the rename stays on one file system and is
    /// atomic.
    pub fn create(target: impl AsRef<Path>) -> io::Result<AtomicFile> {
        let target = target.as_ref();
        if is_special(target) {
            // No truncation: a device or pipe has no contents to drop.
            let file = OpenOptions::new().write(true).open(target)?;
            return Ok(AtomicFile {
                target: target.to_path_buf(),
                temp: None,
                file: Some(BufWriter::with_capacity(1 << 16, file)),
            });
        }
        let target = resolve_links(target)?;
        let (temp, file) = create_temp_beside(&target)?;
        if let Ok(old) = fs::metadata(&target) {
            // The new file replaces the old one: keep who may read it.
            let _ = file.set_permissions(old.permissions());
        }
        Ok(AtomicFile {
            target,
            temp: Some(temp),
            file: Some(BufWriter::with_capacity(1 << 16, file)),
        })
    }

    /// The temporary file being written (the target itself when it is written directly).
    pub fn temp_path(&self) -> &Path {
        self.temp.as_deref().unwrap_or(&self.target)
    }

    /// Flushes, syncs and renames the temporary file over the target (flushes only,
    /// for a special file).
    pub fn commit(mut self) -> io::Result<()> {
        let Some(buffered) = self.file.take() else {
            return Ok(());
        };
        let file = buffered
            .into_inner()
            .map_err(io::IntoInnerError::into_error)?;
        match self.temp.take() {
            Some(temp) => {
                let synced = file
                    .sync_all()
                    .and_then(|()| fs::rename(&temp, &self.target));
                if synced.is_err() {
                    let _ = fs::remove_file(&temp);
                }
                synced
            }
            None => Ok(()),
        }
    }

    fn file(&mut self) -> io::Result<&mut BufWriter<File>> {
        self.file
            .as_mut()
            .ok_or_else(|| io::Error::other("atomic file already committed"))
    }
}

/// True when `path` exists and is not a regular file or directory once links are
/// followed (a FIFO, a character or block device, a socket), or is one of the
/// process's own descriptors (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`), which name
/// whatever the descriptor holds and must be written where they point.
fn is_special(path: &Path) -> bool {
    let descriptor = ["/dev/stdout", "/dev/stderr", "/dev/fd/", "/proc/self/fd/"]
        .iter()
        .any(|p| {
            path.as_os_str()
                .as_encoded_bytes()
                .starts_with(p.as_bytes())
        });
    descriptor || fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir())
}

/// The path a chain of symbolic links ends at (the path itself when it is no link). A
/// dangling link gives the path it names, so that writing creates that file.
fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&path) {
            Ok(m) if m.file_type().is_symlink() => {
                let next = fs::read_link(&path)?;
                path = match path.parent() {
                    Some(dir) if next.is_relative() => dir.join(next),
                    _ => next,
                };
            }
            _ => return Ok(path),
        }
    }
    Err(io::Error::other(format!(
        "{}: too many levels of symbolic links",
        path.display()
    )))
}

/// Creates a fresh temporary file in `target`'s directory.
fn create_temp_beside(target: &Path) -> io::Result<(PathBuf, File)> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = target
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file path"))?;
    let dir = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let mut temp_name = std::ffi::OsString::from(".");
        temp_name.push(name);
        temp_name.push(format!(".goref-{}-{n}.tmp", std::process::id()));
        let temp = dir.join(temp_name);
        match OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(file) => return Ok((temp, file)),
            // A stale file from a killed run with a recycled pid: try the next name.
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file()?.write(buf)
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.file()?.write_all(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.file()?.flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.file.take().is_some() {
            // Not committed: the run failed, so the old target (if any) stays as it was.
            if let Some(temp) = &self.temp {
                let _ = fs::remove_file(temp);
            }
        }
    }
}

/// A regular file's identity (device and inode on Unix): one file under every name, through
/// symbolic and hard links alike.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FileId(FileKey);

#[cfg(unix)]
type FileKey = (u64, u64);
#[cfg(not(unix))]
type FileKey = PathBuf;

impl FileId {
    /// The identity of the regular file `path` names (links followed); None for a
    /// missing path or a special file (a terminal or `/dev/null` is no record to lose).
    pub fn of(path: &Path) -> Option<FileId> {
        let meta = fs::metadata(path).ok()?;
        if !meta.is_file() {
            return None;
        }
        Self::key(path, &meta).map(FileId)
    }

    /// The identity of the regular file standard input is redirected from, if any.
    #[cfg(unix)]
    pub fn of_stdin() -> Option<FileId> {
        use std::os::fd::AsFd;
        let fd = io::stdin().as_fd().try_clone_to_owned().ok()?;
        let meta = File::from(fd).metadata().ok()?;
        if !meta.is_file() {
            return None;
        }
        Self::key(Path::new("-"), &meta).map(FileId)
    }

    #[cfg(not(unix))]
    pub fn of_stdin() -> Option<FileId> {
        None
    }

    #[cfg(unix)]
    fn key(_: &Path, meta: &fs::Metadata) -> Option<FileKey> {
        use std::os::unix::fs::MetadataExt;
        Some((meta.dev(), meta.ino()))
    }

    #[cfg(not(unix))]
    fn key(path: &Path, _: &fs::Metadata) -> Option<FileKey> {
        fs::canonicalize(path).ok()
    }
}

/// An output that would overwrite a file the run reads or writes already.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum OutputClash {
    #[error("{flag} {}: is the same file as the input {}; goref never writes over a record it reads (choose another output)", .output.display(), .input.display())]
    Input {
        flag: String,
        output: PathBuf,
        input: PathBuf,
    },
    #[error("{first} and {second} name the same file ({}); each output needs its own", .path.display())]
    Outputs {
        first: String,
        second: String,
        path: PathBuf,
    },
}

/// Refuses, before anything is written, outputs (`(flag, path)`) that are the same file
/// as an input or as each other. `inputs` are the files to be read; `-` stands for
/// standard input. Only regular files can clash: two outputs to `/dev/null` are fine.
pub fn check_outputs<'a>(
    outputs: &[(&str, &Path)],
    inputs: impl IntoIterator<Item = &'a Path>,
) -> Result<(), OutputClash> {
    let ids: Vec<(&str, &Path, FileId)> = outputs
        .iter()
        .filter(|(_, p)| *p != Path::new("-"))
        .filter_map(|&(flag, p)| FileId::of(p).map(|id| (flag, p, id)))
        .collect();
    for (i, (first, path, id)) in ids.iter().enumerate() {
        if let Some((second, _, _)) = ids[i + 1..].iter().find(|(_, _, other)| other == id) {
            return Err(OutputClash::Outputs {
                first: first.to_string(),
                second: second.to_string(),
                path: path.to_path_buf(),
            });
        }
    }
    if ids.is_empty() {
        // No output exists yet as a regular file: none can be an input.
        return Ok(());
    }
    for input in inputs {
        let id = if input == Path::new("-") {
            FileId::of_stdin()
        } else {
            FileId::of(input)
        };
        let Some(id) = id else { continue };
        if let Some((flag, output, _)) = ids.iter().find(|(_, _, out)| *out == id) {
            return Err(OutputClash::Input {
                flag: flag.to_string(),
                output: output.to_path_buf(),
                input: input.to_path_buf(),
            });
        }
    }
    Ok(())
}

/// Where the JSONL report goes: standard output, or `-o FILE` through an [`AtomicFile`].
pub enum Output {
    Stdout(io::Stdout),
    File(AtomicFile),
}

impl Output {
    /// `None` or `-` means standard output.
    pub fn open(path: Option<&Path>) -> io::Result<Output> {
        match path {
            None => Ok(Output::Stdout(io::stdout())),
            Some(p) if p == Path::new("-") => Ok(Output::Stdout(io::stdout())),
            Some(p) => AtomicFile::create(p).map(Output::File),
        }
    }

    /// Finishes the output: flushes stdout, or renames the file into place. The CLI
    /// calls this after a completed *or interrupted* run (an interrupted report holds
    /// only whole lines, a prefix in input order, and exit status 130 says it is
    /// partial); after an error it drops the output instead, keeping any old file.
    pub fn commit(self) -> io::Result<()> {
        match self {
            Output::Stdout(mut s) => s.flush(),
            Output::File(f) => f.commit(),
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Output::Stdout(s) => s.write(buf),
            Output::File(f) => f.write(buf),
        }
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Output::Stdout(s) => s.write_all(buf),
            Output::File(f) => f.write_all(buf),
        }
    }
    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(s) => s.flush(),
            Output::File(f) => f.flush(),
        }
    }
}

/// Errors of [`LineWriter::write_json`].
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    #[error("cannot serialize a record: {0}")]
    Json(#[from] serde_json::Error),
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Writes whole lines: JSONL records, or paths for `--ok-list`/`--fail-list`.
pub struct LineWriter<W: Write> {
    inner: W,
    buf: Vec<u8>,
    lines: u64,
}

/// Buffered bytes before a flush; large enough to amortise the syscall over hundreds of
/// records.
const FLUSH_AT: usize = 64 << 10;

impl<W: Write> LineWriter<W> {
    /// A writer of whole lines to `inner`.
    pub fn new(inner: W) -> Self {
        LineWriter {
            inner,
            buf: Vec::with_capacity(FLUSH_AT + 1024),
            lines: 0,
        }
    }

    /// Serializes `record` as one JSON line.
    pub fn write_json<T: Serialize + ?Sized>(&mut self, record: &T) -> Result<(), OutputError> {
        self.write_line_with(|buf| serde_json::to_writer(buf, record))
    }

    /// Writes one report as one JSON line, with the core's fast writer (the same bytes as
    /// [`LineWriter::write_json`]).
    pub fn write_report(&mut self, report: &GameReport) -> Result<(), OutputError> {
        self.write_line_with(|buf| report.write_json(buf))
    }

    fn write_line_with(
        &mut self,
        write: impl FnOnce(&mut Vec<u8>) -> Result<(), serde_json::Error>,
    ) -> Result<(), OutputError> {
        let mark = self.buf.len();
        if let Err(e) = write(&mut self.buf) {
            // Drop the partial record so the buffer still ends on a line boundary.
            self.buf.truncate(mark);
            return Err(e.into());
        }
        self.end_line()?;
        Ok(())
    }

    /// Writes `line` plus a newline. A newline inside `line` would split the record: the
    /// caller passes one line.
    pub fn write_line(&mut self, line: &[u8]) -> io::Result<()> {
        self.buf.extend_from_slice(line);
        self.end_line()
    }

    /// Writes a path as one line: raw bytes on Unix, lossy UTF-8 elsewhere. A path
    /// containing a newline cannot be represented and is written with `\n` escaped as
    /// the two characters `\` `n`.
    pub fn write_path(&mut self, path: &Path) -> io::Result<()> {
        let bytes = path.as_os_str().as_encoded_bytes();
        if bytes.contains(&b'\n') {
            let escaped = String::from_utf8_lossy(bytes).replace('\n', "\\n");
            self.write_line(escaped.as_bytes())
        } else {
            self.write_line(bytes)
        }
    }

    /// Lines written so far.
    pub fn lines(&self) -> u64 {
        self.lines
    }

    /// Writes out buffered whole lines and flushes the inner writer.
    pub fn flush(&mut self) -> io::Result<()> {
        self.inner.write_all(&self.buf)?;
        self.buf.clear();
        self.inner.flush()
    }

    /// Flushes and returns the inner writer (to commit it).
    pub fn finish(mut self) -> io::Result<W> {
        self.flush()?;
        Ok(self.inner)
    }

    fn end_line(&mut self) -> io::Result<()> {
        self.buf.push(b'\n');
        self.lines += 1;
        if self.buf.len() >= FLUSH_AT {
            self.inner.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }
}

/// A `--ok-list`/`--fail-list` file: one path per line, replaced atomically.
pub type PathList = LineWriter<AtomicFile>;

impl PathList {
    /// Opens a path list at `target` (written through an [`AtomicFile`]).
    pub fn create(target: impl AsRef<Path>) -> io::Result<PathList> {
        AtomicFile::create(target).map(LineWriter::new)
    }

    /// Flushes and renames the list into place.
    pub fn commit(self) -> io::Result<()> {
        self.finish()?.commit()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_writer_only_hands_over_whole_lines() {
        let mut w = LineWriter::new(Vec::new());
        for i in 0..10_000 {
            w.write_json(&serde_json::json!({ "i": i, "pad": "x".repeat(i % 50) }))
                .unwrap();
            // Whatever reached the inner writer ends with a newline.
            assert!(w.inner.is_empty() || w.inner.ends_with(b"\n"));
        }
        assert_eq!(w.lines(), 10_000);
        let out = w.finish().unwrap();
        assert_eq!(out.split(|b| *b == b'\n').count(), 10_001);
    }

    #[test]
    fn failed_serialization_leaves_no_partial_record() {
        struct Bad;
        impl Serialize for Bad {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                use serde::ser::{Error, SerializeMap};
                let mut m = s.serialize_map(None)?;
                m.serialize_entry("a", &1)?;
                Err(S::Error::custom("nope"))
            }
        }
        let mut w = LineWriter::new(Vec::new());
        w.write_line(b"ok").unwrap();
        assert!(w.write_json(&Bad).is_err());
        assert_eq!(w.finish().unwrap(), b"ok\n");
    }

    #[test]
    fn link_chains_resolve_to_their_end_and_loops_are_an_error() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        std::os::unix::fs::symlink("b", root.join("a")).unwrap();
        std::os::unix::fs::symlink("sub/c", root.join("b")).unwrap();
        fs::create_dir(root.join("sub")).unwrap();
        assert_eq!(resolve_links(&root.join("a")).unwrap(), root.join("sub/c"));
        assert_eq!(resolve_links(&root.join("x")).unwrap(), root.join("x"));
        std::os::unix::fs::symlink("loop2", root.join("loop1")).unwrap();
        std::os::unix::fs::symlink("loop1", root.join("loop2")).unwrap();
        assert!(resolve_links(&root.join("loop1")).is_err());
        // Written through the chain: the file at its end is created, the links stay.
        let mut f = AtomicFile::create(root.join("a")).unwrap();
        f.write_all(b"x").unwrap();
        f.commit().unwrap();
        assert_eq!(fs::read(root.join("sub/c")).unwrap(), b"x");
        assert!(fs::symlink_metadata(root.join("a")).unwrap().is_symlink());
    }

    #[test]
    fn clashes_are_found_by_identity() {
        let tmp = tempfile::tempdir().unwrap();
        let (a, b) = (tmp.path().join("a.sgf"), tmp.path().join("b.txt"));
        fs::write(&a, "(;)").unwrap();
        fs::hard_link(&a, &b).unwrap();
        let clash = check_outputs(&[("-o", b.as_path())], [a.as_path()]).unwrap_err();
        assert!(matches!(clash, OutputClash::Input { .. }), "{clash}");
        let none = tmp.path().join("new.txt");
        assert!(check_outputs(&[("-o", none.as_path())], [a.as_path()]).is_ok());
        // Two outputs to one special file (a FIFO here; `/dev/null` alike) do not clash.
        let fifo = tmp.path().join("pipe");
        let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
        let r = check_outputs(&[("-o", &fifo), ("--summary", &fifo)], [a.as_path()]);
        assert!(r.is_ok(), "{r:?}");
    }

    #[test]
    fn paths_with_newlines_stay_on_one_line() {
        let mut w = LineWriter::new(Vec::new());
        w.write_path(Path::new("a\nb.sgf")).unwrap();
        assert_eq!(w.finish().unwrap(), b"a\\nb.sgf\n");
    }
}
