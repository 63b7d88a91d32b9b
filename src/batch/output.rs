//! Output plumbing: whole-line writers and an atomically replaced output file.
//!
//! Interrupt safety rests on two rules. [`LineWriter`] hands its inner writer only whole
//! lines (each record goes in one `write_all`, and its buffer is flushed only between
//! records), so stopping at any record boundary leaves only complete lines. And
//! [`AtomicFile`] writes to a temporary file in the target's directory and renames it
//! over the target only on [`AtomicFile::commit`], so readers never see a half-written
//! file; dropped without commit (an error), it removes the temporary file and leaves
//! any old target untouched.

use serde::Serialize;
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A file written under a temporary name and renamed into place on commit.
pub struct AtomicFile {
    target: PathBuf,
    temp: PathBuf,
    file: Option<BufWriter<File>>,
}

impl AtomicFile {
    /// Creates `.<name>.goref-<pid>-<n>.tmp` beside `target`. Same directory, so the
    /// rename stays on one file system and is atomic.
    pub fn create(target: impl AsRef<Path>) -> io::Result<AtomicFile> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let target = target.as_ref().to_path_buf();
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
                Ok(file) => {
                    return Ok(AtomicFile {
                        target,
                        temp,
                        file: Some(BufWriter::with_capacity(1 << 16, file)),
                    })
                }
                // A stale file from a killed run with a recycled pid: try the next name.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
    }

    /// The temporary file being written.
    pub fn temp_path(&self) -> &Path {
        &self.temp
    }

    /// Flushes, syncs and renames the temporary file over the target.
    pub fn commit(mut self) -> io::Result<()> {
        if let Some(buffered) = self.file.take() {
            let file = buffered
                .into_inner()
                .map_err(io::IntoInnerError::into_error)?;
            file.sync_all()?;
        }
        fs::rename(&self.temp, &self.target)
    }

    fn file(&mut self) -> io::Result<&mut BufWriter<File>> {
        self.file
            .as_mut()
            .ok_or_else(|| io::Error::other("atomic file already committed"))
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
            let _ = fs::remove_file(&self.temp);
        }
    }
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
    pub fn new(inner: W) -> Self {
        LineWriter {
            inner,
            buf: Vec::with_capacity(FLUSH_AT + 1024),
            lines: 0,
        }
    }

    /// Serializes `record` as one JSON line.
    pub fn write_json<T: Serialize + ?Sized>(&mut self, record: &T) -> Result<(), OutputError> {
        let mark = self.buf.len();
        if let Err(e) = super::json::write(&mut self.buf, record) {
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
    fn paths_with_newlines_stay_on_one_line() {
        let mut w = LineWriter::new(Vec::new());
        w.write_path(Path::new("a\nb.sgf")).unwrap();
        assert_eq!(w.finish().unwrap(), b"a\\nb.sgf\n");
    }
}
