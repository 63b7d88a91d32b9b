//! Turning command-line paths into an ordered list of inputs.
//!
//! Order is deterministic and independent of the thread count: arguments are taken in
//! command-line order; a directory contributes its files depth-first, the entries of
//! each directory sorted by file name (byte order, the order of walkdir's `sort_by_file_name`), so a
//! directory's listing equals a sort of its paths component by component.

use std::ffi::OsStr;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use walkdir::WalkDir;

/// One unit of batch work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A file to read (named explicitly or found in a directory).
    File(PathBuf),
    /// Standard input, named as `-`.
    Stdin,
    /// An entry that could not be listed (unreadable directory, dangling symlink,
    /// symlink loop). It keeps its place in the order so that the worker can report an
    /// `io-error` for it.
    Error { path: PathBuf, message: String },
    /// A FIFO, device or socket found in a directory walk (or behind a link there): not
    /// opened, since reading it could block the run or never end. `kind` names it
    /// ("a FIFO").
    Special { path: PathBuf, kind: &'static str },
}

impl Input {
    /// The path to report: `-` for standard input.
    pub fn path(&self) -> &Path {
        match self {
            Input::File(path) | Input::Error { path, .. } | Input::Special { path, .. } => path,
            Input::Stdin => Path::new("-"),
        }
    }

    /// Reads the whole input. An [`Input::Error`] reads as an error carrying its text, so a
    /// worker needs one code path for every kind of I/O failure.
    pub fn read(&self) -> io::Result<Vec<u8>> {
        match self {
            Input::File(path) => read_file(path),
            Input::Stdin => {
                let mut bytes = Vec::new();
                io::stdin().lock().read_to_end(&mut bytes)?;
                Ok(bytes)
            }
            Input::Error { message, .. } => Err(io::Error::other(message.clone())),
            Input::Special { kind, .. } => Err(not_read(kind)),
        }
    }

    /// Reads the input whole when it holds at most `limit` bytes (`rest` is None);
    /// otherwise its first bytes (more than `limit`) and a reader for the rest, so
    /// that a large file can be streamed.
    pub fn read_up_to(&self, limit: usize) -> io::Result<Head> {
        let source: Box<dyn Read + Send> = match self {
            Input::File(path) => Box::new(std::fs::File::open(path)?),
            Input::Stdin => Box::new(io::stdin()),
            Input::Error { message, .. } => return Err(io::Error::other(message.clone())),
            Input::Special { kind, .. } => return Err(not_read(kind)),
        };
        let mut source = source.take(limit as u64 + 1);
        let mut bytes = Vec::with_capacity((16 * 1024).min(limit + 1));
        source.read_to_end(&mut bytes)?;
        let rest = (bytes.len() > limit).then(|| source.into_inner());
        Ok(Head { bytes, rest })
    }
}

fn not_read(kind: &str) -> io::Error {
    io::Error::other(format!("{kind} found in a directory is not read"))
}

/// What a special file is, in words; None for a regular file or a directory.
#[cfg(unix)]
fn special_kind(file_type: std::fs::FileType) -> Option<&'static str> {
    use std::os::unix::fs::FileTypeExt;
    if file_type.is_file() || file_type.is_dir() || file_type.is_symlink() {
        None
    } else if file_type.is_fifo() {
        Some("a FIFO (named pipe)")
    } else if file_type.is_char_device() {
        Some("a character device")
    } else if file_type.is_block_device() {
        Some("a block device")
    } else if file_type.is_socket() {
        Some("a socket")
    } else {
        Some("a special file")
    }
}

#[cfg(not(unix))]
fn special_kind(file_type: std::fs::FileType) -> Option<&'static str> {
    (!file_type.is_file() && !file_type.is_dir() && !file_type.is_symlink())
        .then_some("a special file")
}

/// The start of an input (see [`Input::read_up_to`]).
pub struct Head {
    /// The whole input, or its first bytes when `rest` is Some.
    pub bytes: Vec<u8>,
    /// The unread rest of a larger input.
    pub rest: Option<Box<dyn Read + Send>>,
}

/// Reads a file without asking its size first: `std::fs::read` spends a `statx` call
/// on a size hint, which for the typical record of a few kilobytes costs about as much
/// as reading it. One 16 KiB buffer holds most records in a single `read`.
fn read_file(path: &Path) -> io::Result<Vec<u8>> {
    let file = std::fs::File::open(path)?;
    let mut bytes = Vec::with_capacity(16 * 1024);
    // `take` reads through the generic loop, which needs no size hint.
    file.take(u64::MAX).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// What to take from directories. Explicitly named files are always taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputOptions {
    /// File extensions to take from directories, without the dot, compared
    /// case-insensitively. Empty: every file.
    pub extensions: Vec<String>,
    /// Take entries whose name starts with `.` (and descend into such directories).
    pub hidden: bool,
    /// Follow symbolic links inside directories (to files and to directories). Loops
    /// are detected and reported as [`Input::Error`] entries. When false, links inside
    /// directories are skipped; named arguments are always followed.
    pub follow_links: bool,
    /// Also take archives from directories (`*.zip`, `*.tar.gz`, `*.sgf.gz`, ...; see
    /// [`super::archive::is_archive_name`]); their members are read when checked.
    pub archives: bool,
}

impl Default for InputOptions {
    fn default() -> Self {
        InputOptions {
            extensions: vec!["sgf".to_string()],
            hidden: false,
            follow_links: true,
            archives: true,
        }
    }
}

/// Why the inputs could not be enumerated. The CLI maps these to exit status 2.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum InputError {
    /// Checked for every argument before any work starts.
    #[error("no such file or directory: {}", display_paths(.0))]
    NotFound(Vec<PathBuf>),
    /// Standard input can be read only once.
    #[error("`-` (standard input) given more than once")]
    StdinRepeated,
    #[error("no input paths given")]
    NoPaths,
}

fn display_paths(paths: &[PathBuf]) -> String {
    let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    names.join(", ")
}

/// Expands command-line paths into the ordered input list (see the module docs for the
/// order). Every argument is checked before any directory is walked, so a typo fails
/// fast instead of after an hour of work.
pub fn collect_inputs<P: AsRef<Path>>(
    args: &[P],
    opts: &InputOptions,
) -> Result<Vec<Input>, InputError> {
    check_args(args)?;
    let filter = ExtFilter::new(&opts.extensions);
    let mut inputs = Vec::new();
    for arg in args {
        let arg = arg.as_ref();
        if arg == Path::new("-") {
            inputs.push(Input::Stdin);
        } else if arg.is_dir() {
            walk_dir(arg, opts, &filter, &mut inputs);
        } else {
            // A named file (or FIFO, or a dangling symlink that `read` will report) is
            // taken whatever its extension: the user asked for it.
            inputs.push(Input::File(arg.to_path_buf()));
        }
    }
    Ok(inputs)
}

/// Tells whether two listed files are one file, by their canonical paths, cheaply: a
/// file's canonical path is its directory's canonical path joined with its name unless the
/// name itself is a symbolic link, so one `lstat` per file and one `realpath` per directory
/// do what a `realpath` per file did (a `getcwd` and a `readlink` for every component: on
/// the development corpus 4,092 `getcwd` and 17,401 `readlink` calls, about 10-15 ms of
/// kernel time that no instruction count shows).
#[derive(Debug, Default)]
pub struct FileIdentities {
    seen: std::collections::HashSet<PathBuf>,
    /// The last directory resolved and its canonical path (None: it did not resolve).
    /// A walk lists a directory's files one after another, so one entry hits nearly
    /// always, without hashing or copying the directory's path per file.
    last_dir: Option<(PathBuf, Option<PathBuf>)>,
}

impl FileIdentities {
    /// No file seen yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether `path` names a file not seen before (and remembers it). A path that does
    /// not resolve (missing, a dangling link) is its own identity.
    pub fn insert(&mut self, path: &Path) -> bool {
        let key = self.canonical(path).unwrap_or_else(|| path.to_path_buf());
        self.seen.insert(key)
    }

    /// The path `std::fs::canonicalize` gives, or None where it fails.
    fn canonical(&mut self, path: &Path) -> Option<PathBuf> {
        let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
            return std::fs::canonicalize(path).ok();
        };
        // `a.sgf` has the parent "", which is the current directory.
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if std::fs::symlink_metadata(path)
            .ok()?
            .file_type()
            .is_symlink()
        {
            return std::fs::canonicalize(path).ok();
        }
        let hit = matches!(&self.last_dir, Some((d, _)) if d == dir);
        if !hit {
            self.last_dir = Some((dir.to_path_buf(), std::fs::canonicalize(dir).ok()));
        }
        let (_, canonical_dir) = self.last_dir.as_ref()?;
        Some(canonical_dir.as_ref()?.join(name))
    }
}

fn check_args<P: AsRef<Path>>(args: &[P]) -> Result<(), InputError> {
    if args.is_empty() {
        return Err(InputError::NoPaths);
    }
    let stdin_count = args.iter().filter(|a| a.as_ref() == Path::new("-")).count();
    if stdin_count > 1 {
        return Err(InputError::StdinRepeated);
    }
    // `symlink_metadata`, not `exists`: a dangling symlink exists as a name and becomes
    // an io-error entry rather than a usage error.
    let missing: Vec<PathBuf> = args
        .iter()
        .map(AsRef::as_ref)
        .filter(|a| *a != Path::new("-"))
        .filter(|a| matches!(a.symlink_metadata(), Err(e) if e.kind() == io::ErrorKind::NotFound))
        .map(Path::to_path_buf)
        .collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(InputError::NotFound(missing))
    }
}

fn walk_dir(root: &Path, opts: &InputOptions, filter: &ExtFilter, out: &mut Vec<Input>) {
    let hidden = opts.hidden;
    let walker = WalkDir::new(root)
        .follow_links(opts.follow_links)
        // Siblings share their parent's path, so their whole paths compare byte by byte
        // as their names do (`sort_by_file_name`'s order) without taking each name apart
        // again at every comparison.
        .sort_by(|a, b| a.path().as_os_str().cmp(b.path().as_os_str()))
        .into_iter()
        // Depth 0 is the argument itself: taken even when it is `.` or `.games`.
        .filter_entry(move |e| hidden || e.depth() == 0 || !is_hidden(e.file_name()));
    for entry in walker {
        match entry {
            // Without `follow_links` a link's type is "symlink": skipped, like a link
            // to a directory (`find` without `-L`).
            Ok(e) if e.file_type().is_dir() || e.file_type().is_symlink() => {}
            Ok(e) => {
                let archive =
                    opts.archives && super::archive::is_archive_name(e.path(), &opts.extensions);
                if !filter.matches(e.path()) && !archive {
                    continue;
                }
                // With `follow_links` the type is that of the file a link names.
                match special_kind(e.file_type()) {
                    Some(kind) => out.push(Input::Special {
                        path: e.into_path(),
                        kind,
                    }),
                    None => out.push(Input::File(e.into_path())),
                }
            }
            Err(err) => {
                if let Some(input) = walk_error(root, &err, opts, filter) {
                    out.push(input);
                }
            }
        }
    }
}

/// Converts a walk error into an error entry, or drops it when the entry would have been
/// filtered out anyway (a hidden name, or a dangling link not named like a game file).
fn walk_error(
    root: &Path,
    err: &walkdir::Error,
    opts: &InputOptions,
    filter: &ExtFilter,
) -> Option<Input> {
    let path = err.path().unwrap_or(root).to_path_buf();
    let named_out = err.depth() > 0
        && path
            .file_name()
            .is_some_and(|n| !opts.hidden && is_hidden(n));
    let dangling_other = err.loop_ancestor().is_none()
        && path.symlink_metadata().is_ok_and(|m| m.is_symlink())
        && !filter.matches(&path);
    if named_out || dangling_other {
        return None;
    }
    Some(Input::Error {
        path,
        message: err.to_string(),
    })
}

fn is_hidden(name: &OsStr) -> bool {
    name.as_encoded_bytes().first() == Some(&b'.')
}

/// Case-insensitive extension filter; an empty list takes every file.
struct ExtFilter {
    lower: Vec<String>,
}

impl ExtFilter {
    fn new(exts: &[String]) -> Self {
        let lower = exts
            .iter()
            .map(|e| e.trim_start_matches('.').to_ascii_lowercase())
            .collect();
        ExtFilter { lower }
    }

    fn matches(&self, path: &Path) -> bool {
        if self.lower.is_empty() {
            return true;
        }
        let Some(ext) = path.extension().and_then(OsStr::to_str) else {
            return false;
        };
        self.lower.iter().any(|e| e.eq_ignore_ascii_case(ext))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_identities_see_one_file_under_every_name() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        std::fs::create_dir(root.join("d")).unwrap();
        std::fs::write(root.join("d/a.sgf"), "(;)").unwrap();
        std::fs::write(root.join("d/b.sgf"), "(;)").unwrap();
        std::os::unix::fs::symlink(root.join("d/a.sgf"), root.join("link.sgf")).unwrap();
        std::os::unix::fs::symlink(root.join("d"), root.join("e")).unwrap();
        std::os::unix::fs::symlink(root.join("gone"), root.join("dangling.sgf")).unwrap();
        let mut ids = FileIdentities::new();
        assert!(ids.insert(&root.join("d/a.sgf")));
        assert!(ids.insert(&root.join("d/b.sgf")));
        // The same file by a link to it, through a linked directory, with `..` and `.`.
        assert!(!ids.insert(&root.join("link.sgf")));
        assert!(!ids.insert(&root.join("e/a.sgf")));
        assert!(!ids.insert(&root.join("d/../e/./b.sgf")));
        // Back to a directory resolved before another one.
        assert!(!ids.insert(&root.join("d/b.sgf")));
        // A name that does not resolve is its own identity, once.
        assert!(ids.insert(&root.join("dangling.sgf")));
        assert!(!ids.insert(&root.join("dangling.sgf")));
        assert!(ids.insert(&root.join("missing.sgf")));
        // Every answer is the one a `canonicalize` per file gives.
        for p in ["d/a.sgf", "link.sgf", "e/b.sgf", "d/../d/a.sgf"] {
            let p = root.join(p);
            assert_eq!(
                ids.canonical(&p),
                std::fs::canonicalize(&p).ok(),
                "{}",
                p.display()
            );
        }
    }

    #[test]
    fn special_files_in_a_walk_are_listed_as_skipped_not_as_files() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        std::fs::write(root.join("a.sgf"), "(;)").unwrap();
        let fifo = std::ffi::CString::new(root.join("b.sgf").as_os_str().as_encoded_bytes());
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(fifo.unwrap().as_ptr(), 0o644) }, 0);
        std::os::unix::fs::symlink("/dev/zero", root.join("c.sgf")).unwrap();
        let inputs = collect_inputs(&[root], &InputOptions::default()).unwrap();
        assert_eq!(inputs.len(), 3, "{inputs:?}");
        assert_eq!(inputs[0], Input::File(root.join("a.sgf")));
        assert_eq!(
            inputs[1],
            Input::Special {
                path: root.join("b.sgf"),
                kind: "a FIFO (named pipe)"
            }
        );
        assert!(matches!(&inputs[2], Input::Special { kind, .. } if kind.contains("character")));
        // Never opened: reading one is an error at once, not a wait for a writer.
        assert!(inputs[1].read_up_to(10).is_err());
        // A special file named on the command line is read (as a stream).
        let named = collect_inputs(&[root.join("c.sgf")], &InputOptions::default()).unwrap();
        assert_eq!(named, [Input::File(root.join("c.sgf"))]);
    }

    #[test]
    fn ext_filter_is_case_insensitive_and_ignores_dots() {
        let f = ExtFilter::new(&[".SGF".to_string(), "sgfs".to_string()]);
        assert!(f.matches(Path::new("a/b.sgf")));
        assert!(f.matches(Path::new("a/b.SgF")));
        assert!(f.matches(Path::new("b.sgfs")));
        assert!(!f.matches(Path::new("b.txt")));
        assert!(!f.matches(Path::new("sgf")));
        assert!(ExtFilter::new(&[]).matches(Path::new("README")));
    }

    #[test]
    fn hidden_means_a_leading_dot() {
        assert!(is_hidden(OsStr::new(".git")));
        assert!(!is_hidden(OsStr::new("a.sgf")));
    }

    #[test]
    fn argument_errors_are_typed() {
        let none: [&str; 0] = [];
        assert_eq!(
            collect_inputs(&none, &InputOptions::default()),
            Err(InputError::NoPaths)
        );
        assert_eq!(
            collect_inputs(&["-", "-"], &InputOptions::default()),
            Err(InputError::StdinRepeated)
        );
        let missing = "/nonexistent/goref-batch/x.sgf";
        assert_eq!(
            collect_inputs(&["-", missing], &InputOptions::default()),
            Err(InputError::NotFound(vec![PathBuf::from(missing)]))
        );
    }

    #[test]
    fn error_entry_reads_as_io_error_with_its_text() {
        let input = Input::Error {
            path: PathBuf::from("x"),
            message: "loop".into(),
        };
        let err = input.read().unwrap_err();
        assert_eq!(err.to_string(), "loop");
        assert_eq!(Input::Stdin.path(), Path::new("-"));
    }
}
