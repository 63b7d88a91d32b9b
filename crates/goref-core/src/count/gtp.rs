//! An external judge of dead stones over GTP (Go Text Protocol 2): `--estimator gtp
//! --engine 'gnugo --mode gtp'`. goref starts the engine for one position, sends the
//! board, asks `final_status_list dead` and `final_status_list seki`, and turns the
//! answers into the same [`Estimate`] the built-in estimator gives, so everything
//! downstream follows one path.
//!
//! The engine is hostile input too: every answer has a time limit and so has the
//! whole position (a slow engine cannot take an hour over a game's `play` commands);
//! a line and an answer have a size limit (an engine that floods its output costs no
//! memory); the engine runs in its own process group, and the whole group (a wrapper
//! script and what it started) is killed on a timeout, when the engine is dropped and
//! when goref exits on a second signal. An engine that cannot start, exits, or
//! answers something that is not GTP gives a typed [`GtpError`], which the reading
//! turns into an `estimator-failed` finding; the batch goes on.

use crate::count::estimate::{self, Estimate, StoneStatus};
use crate::count::score;
use crate::point::{Color, Point};
use crate::replay::position::Position;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::time::{Duration, Instant};

/// How to start the engine ([`crate::count::Estimator::Gtp`] says it to a check).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct EngineSpec {
    /// The command line, split on whitespace (no shell): `gnugo --mode gtp`.
    pub command: String,
    /// The longest goref waits for one answer.
    pub timeout: Duration,
    /// The longest one position may take, every command and answer together.
    pub game_timeout: Duration,
}

impl EngineSpec {
    pub(crate) const DEFAULT_TIMEOUT: Duration = Duration::from_secs(20);
    /// A 19×19 position is a few hundred `play` commands and two questions: a
    /// minute is ample for any engine that answers as it should.
    pub(crate) const DEFAULT_GAME_TIMEOUT: Duration = Duration::from_secs(60);
}

/// The longest line goref reads from an engine; a 25×25 list of every vertex is 2.5 KB.
pub const MAX_LINE: usize = 64 << 10;
/// The most bytes one answer may hold.
pub const MAX_ANSWER: usize = 256 << 10;
/// Lines read ahead of the answer being parsed: an engine that floods its output
/// waits on a full pipe instead of filling goref's memory.
const LINES_AHEAD: usize = 64;

/// Why the engine gave no estimate.
#[derive(Debug, thiserror::Error)]
pub enum GtpError {
    #[error("--engine is empty")]
    NoCommand,
    #[error("cannot start the GTP engine `{command}`: {source}")]
    Spawn {
        command: String,
        source: std::io::Error,
    },
    #[error(
        "the GTP engine `{command}` did not answer `{sent}` within {seconds} s and was stopped"
    )]
    Timeout {
        command: String,
        sent: String,
        seconds: u64,
    },
    #[error("the GTP engine `{command}` did not finish the position within {seconds} s (--engine-game-timeout) and was stopped while answering `{sent}`")]
    GameTimeout {
        command: String,
        sent: String,
        seconds: u64,
    },
    #[error("the GTP engine `{command}` answered `{sent}` with more than {limit} bytes (a line or the answer) and was stopped")]
    TooLong {
        command: String,
        sent: String,
        limit: usize,
    },
    #[error("the GTP engine `{command}` exited while answering `{sent}`")]
    Exited { command: String, sent: String },
    #[error("the GTP engine `{command}` refused `{sent}`: {message}")]
    Refused {
        command: String,
        sent: String,
        message: String,
    },
    #[error(
        "the GTP engine `{command}` answered `{sent}` with something that is not GTP: {reply:?}"
    )]
    Garbage {
        command: String,
        sent: String,
        reply: String,
    },
    #[error("GTP cannot describe a {width}x{height} board (square boards of 2 to 25 only)")]
    Board { width: u8, height: u8 },
}

/// What the reading thread passes on: a line, or the news that one was too long.
enum Line {
    Text(String),
    TooLong,
}

/// A running engine. Dropping it closes its input and kills its process group.
pub struct GtpEngine {
    command: String,
    timeout: Duration,
    /// When the whole position must be done (None: too far ahead to represent).
    game_deadline: Option<Instant>,
    game_timeout: Duration,
    child: Child,
    /// Keeps the group registered for a kill on a second signal while the engine runs.
    group: Option<groups::Registered>,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
}

impl GtpEngine {
    /// Starts the engine in a process group of its own. Its standard output is read by
    /// a thread, so that a silent engine can be timed out; its standard error is
    /// discarded.
    pub(crate) fn start(spec: &EngineSpec) -> Result<GtpEngine, GtpError> {
        let mut words = spec.command.split_whitespace();
        let program = words.next().ok_or(GtpError::NoCommand)?;
        let mut command = Command::new(program);
        command
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command.spawn().map_err(|source| GtpError::Spawn {
            command: spec.command.clone(),
            source,
        })?;
        let group = groups::Registered::new(child.id());
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, rx) = mpsc::sync_channel(LINES_AHEAD);
        std::thread::spawn(move || read_lines(stdout, &tx));
        Ok(GtpEngine {
            command: spec.command.clone(),
            timeout: spec.timeout,
            game_deadline: Instant::now().checked_add(spec.game_timeout),
            game_timeout: spec.game_timeout,
            stdin: child.stdin.take(),
            child,
            group: Some(group),
            lines: rx,
        })
    }

    /// Sends one command and returns the text of a success answer (`= text`).
    pub(crate) fn send(&mut self, command: &str) -> Result<String, GtpError> {
        let exited = || GtpError::Exited {
            command: self.command.clone(),
            sent: command.to_string(),
        };
        let stdin = self.stdin.as_mut().ok_or_else(exited)?;
        if writeln!(stdin, "{command}")
            .and_then(|_| stdin.flush())
            .is_err()
        {
            return Err(exited());
        }
        let answer = self.read_answer(command);
        if matches!(
            answer,
            Err(GtpError::Timeout { .. }
                | GtpError::GameTimeout { .. }
                | GtpError::TooLong { .. }
                | GtpError::Garbage { .. })
        ) {
            self.kill();
        }
        answer
    }

    /// Kills the engine's whole process group (a wrapper script and what it started).
    fn kill(&mut self) {
        groups::kill(self.child.id());
        let _ = self.child.kill();
    }

    /// The next line, within the answer's deadline and the position's.
    fn next_line(&self, sent: &str, answer_deadline: Option<Instant>) -> Result<String, GtpError> {
        let game_first = match (self.game_deadline, answer_deadline) {
            (Some(g), Some(a)) => g <= a,
            (Some(_), None) => true,
            (None, _) => false,
        };
        let deadline = if game_first {
            self.game_deadline
        } else {
            answer_deadline
        };
        let received = match deadline {
            Some(d) => self
                .lines
                .recv_timeout(d.saturating_duration_since(Instant::now())),
            None => self
                .lines
                .recv()
                .map_err(|_| RecvTimeoutError::Disconnected),
        };
        match received {
            Ok(Line::Text(line)) => Ok(line.replace('\r', "")),
            Ok(Line::TooLong) => Err(self.too_long(sent, MAX_LINE)),
            Err(RecvTimeoutError::Timeout) if game_first => Err(GtpError::GameTimeout {
                command: self.command.clone(),
                sent: sent.to_string(),
                seconds: self.game_timeout.as_secs().max(1),
            }),
            Err(RecvTimeoutError::Timeout) => Err(GtpError::Timeout {
                command: self.command.clone(),
                sent: sent.to_string(),
                seconds: self.timeout.as_secs().max(1),
            }),
            Err(RecvTimeoutError::Disconnected) => Err(GtpError::Exited {
                command: self.command.clone(),
                sent: sent.to_string(),
            }),
        }
    }

    fn too_long(&self, sent: &str, limit: usize) -> GtpError {
        GtpError::TooLong {
            command: self.command.clone(),
            sent: sent.to_string(),
            limit,
        }
    }

    /// Reads one answer: `=` or `?`, optional text, up to an empty line. Empty lines
    /// before the answer are skipped.
    fn read_answer(&mut self, sent: &str) -> Result<String, GtpError> {
        let answer_deadline = Instant::now().checked_add(self.timeout);
        let mut answer: Option<(bool, Vec<String>)> = None;
        let mut bytes = 0usize;
        loop {
            let line = self.next_line(sent, answer_deadline)?;
            bytes += line.len() + 1;
            if bytes > MAX_ANSWER {
                return Err(self.too_long(sent, MAX_ANSWER));
            }
            match &mut answer {
                None if line.trim().is_empty() => continue,
                None => {
                    let ok = match line.chars().next() {
                        Some('=') => true,
                        Some('?') => false,
                        _ => {
                            return Err(GtpError::Garbage {
                                command: self.command.clone(),
                                sent: sent.to_string(),
                                reply: line.chars().take(80).collect(),
                            });
                        }
                    };
                    // Drop the status character and an optional command id.
                    let text = line[1..].trim_start_matches(|c: char| c.is_ascii_digit());
                    answer = Some((ok, vec![text.trim().to_string()]));
                }
                Some(_) if line.trim().is_empty() => break,
                Some((_, lines)) => lines.push(line.trim().to_string()),
            }
        }
        let (ok, lines) = answer.unwrap_or((true, Vec::new()));
        let text = lines
            .into_iter()
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join("\n");
        if ok {
            Ok(text)
        } else {
            Err(GtpError::Refused {
                command: self.command.clone(),
                sent: sent.to_string(),
                message: text,
            })
        }
    }
}

/// The engine's output as lines of at most [`MAX_LINE`] bytes, handed over through a
/// bounded channel; stops at the end of the output, a read error, a line too long, or
/// when the engine is dropped.
fn read_lines(stdout: impl Read, tx: &SyncSender<Line>) {
    let mut reader = BufReader::new(stdout);
    loop {
        let mut line = Vec::new();
        let read = (&mut reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut line);
        match read {
            Ok(0) | Err(_) => return,
            Ok(_) if line.last() != Some(&b'\n') && line.len() > MAX_LINE => {
                let _ = tx.send(Line::TooLong);
                return;
            }
            Ok(_) => {
                if line.last() == Some(&b'\n') {
                    line.pop();
                }
                let text = String::from_utf8_lossy(&line).into_owned();
                if tx.send(Line::Text(text)).is_err() {
                    return;
                }
            }
        }
    }
}

impl Drop for GtpEngine {
    fn drop(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = writeln!(stdin, "quit");
        }
        // The engine has had its `quit`; one that lingers (and anything it started) is
        // not waited for. Out of the table before the wait: once reaped, its pid may be
        // another process's.
        self.kill();
        drop(self.group.take());
        let _ = self.child.wait();
    }
}

/// The process groups of running engines, for a kill from a signal handler: a fixed
/// table of atomics (no allocation, no lock), so [`crate::count::Estimator::kill_engines`] is
/// async-signal-safe.
mod groups {
    use std::sync::atomic::{AtomicU32, Ordering};

    /// More engines than goref runs at once (one per worker thread at most).
    const SLOTS: usize = 1024;
    static GROUPS: [AtomicU32; SLOTS] = [const { AtomicU32::new(0) }; SLOTS];

    /// A group in the table while this lives.
    pub(super) struct Registered(Option<usize>);

    impl Registered {
        pub(super) fn new(group: u32) -> Registered {
            let slot = GROUPS.iter().position(|g| {
                g.compare_exchange(0, group, Ordering::SeqCst, Ordering::SeqCst)
                    .is_ok()
            });
            Registered(slot)
        }
    }

    impl Drop for Registered {
        fn drop(&mut self) {
            if let Some(slot) = self.0 {
                GROUPS[slot].store(0, Ordering::SeqCst);
            }
        }
    }

    /// Sends SIGKILL to process group `group` (the engine's pid: it leads its group).
    pub(super) fn kill(group: u32) {
        #[cfg(unix)]
        if let Ok(pid) = libc::pid_t::try_from(group) {
            if pid > 0 {
                // SAFETY: kill(2) with a negative pid signals that process group; it
                // touches no memory.
                unsafe {
                    libc::kill(-pid, libc::SIGKILL);
                }
            }
        }
    }

    /// Kills every registered engine group. Async-signal-safe: atomics and kill(2).
    pub(super) fn kill_all() {
        for g in &GROUPS {
            let group = g.load(Ordering::SeqCst);
            if group != 0 {
                kill(group);
            }
        }
    }
}

/// Kills the process group of every engine still running ([`crate::count::Estimator::kill_engines`]).
pub(crate) fn kill_all_engines() {
    groups::kill_all();
}

/// Asks the engine for the dead and seki stones of `position` and returns them as an
/// [`Estimate`] (confidence 1.0: the user chose to trust the engine).
pub(crate) fn estimate(
    spec: &EngineSpec,
    position: &Position,
    komi: f64,
) -> Result<Estimate, GtpError> {
    if position.width != position.height || !(2..=25).contains(&position.width) {
        return Err(GtpError::Board {
            width: position.width,
            height: position.height,
        });
    }
    let mut engine = GtpEngine::start(spec)?;
    send_position(&mut engine, position, komi)?;
    let dead = engine.send("final_status_list dead")?;
    // `seki` is optional in GTP 2; an engine that refuses it reports no seki.
    let seki = match engine.send("final_status_list seki") {
        Ok(text) => text,
        Err(GtpError::Refused { .. }) => String::new(),
        Err(e) => return Err(e),
    };
    let dead = parse_vertices(&dead, position, "final_status_list dead", spec)?;
    let seki = parse_vertices(&seki, position, "final_status_list seki", spec)?;
    Ok(estimate_from_lists(position, &dead, &seki))
}

/// Sends the final position: `boardsize`, `clear_board`, `komi`, then the final stones
/// as `play` commands. The stones, not the moves: a record may hold setup stones
/// mid-game, moves after the end or moves an engine's rules forbid (superko), and the
/// status of the stones depends only on the final board. Each string is played whole,
/// stone by stone in breadth-first order from one of its stones, so every partial
/// string keeps a liberty (the next stone's point) and every whole string keeps its
/// final liberties: no play captures and none is suicide, whatever the order of strings.
fn send_position(engine: &mut GtpEngine, position: &Position, komi: f64) -> Result<(), GtpError> {
    engine.send(&format!("boardsize {}", position.width))?;
    engine.send("clear_board")?;
    engine.send(&format!("komi {}", crate::rules::format_number(komi)))?;
    let mut placed = vec![false; position.cells.len()];
    for start in 0..position.cells.len() {
        let Some(color) = position.cells[start] else {
            continue;
        };
        if placed[start] {
            continue;
        }
        placed[start] = true;
        let mut queue = std::collections::VecDeque::from([position.point(start)]);
        while let Some(p) = queue.pop_front() {
            engine.send(&format!(
                "play {} {}",
                color.letter(),
                p.vertex(position.height)
            ))?;
            for n in position.neighbours(p) {
                let i = position.index(n);
                if !placed[i] && position.cells[i] == Some(color) {
                    placed[i] = true;
                    queue.push_back(n);
                }
            }
        }
    }
    Ok(())
}

/// Vertices separated by spaces and lines (`A1 B2\nC3`); every one must hold a stone.
fn parse_vertices(
    text: &str,
    position: &Position,
    sent: &str,
    spec: &EngineSpec,
) -> Result<Vec<Point>, GtpError> {
    let mut points = Vec::new();
    for word in text.split_whitespace() {
        let point = Point::from_vertex(word, position.height)
            .filter(|&p| position.contains(p) && position.get(p).is_some());
        match point {
            Some(p) => points.push(p),
            None => {
                return Err(GtpError::Garbage {
                    command: spec.command.clone(),
                    sent: sent.to_string(),
                    reply: format!("`{word}` is not a stone on the board"),
                })
            }
        }
    }
    points.sort();
    points.dedup();
    Ok(points)
}

/// The engine's lists as an estimate: strings from the built-in analysis of the
/// position, each with the status the engine gives any of its stones.
pub(crate) fn estimate_from_lists(position: &Position, dead: &[Point], seki: &[Point]) -> Estimate {
    let mut est = estimate::estimate(position);
    for s in &mut est.strings {
        s.status = if s.stones.iter().any(|p| dead.contains(p)) {
            StoneStatus::Dead
        } else if s.stones.iter().any(|p| seki.contains(p)) {
            StoneStatus::Seki
        } else {
            StoneStatus::Alive
        };
        s.confidence = 1.0;
        s.proven = false;
    }
    let dead_stones = est.dead_stones();
    let seki_stones = est.seki_stones();
    est.owner = owners(position, &dead_stones, &seki_stones);
    est
}

/// Owner of every point once the dead stones are removed; seki stones and their eyes
/// belong to nobody.
fn owners(position: &Position, dead: &[Point], seki: &[Point]) -> Vec<Option<Color>> {
    let Ok(area) = score::count_area(position, dead) else {
        return position.cells.clone();
    };
    let mut owner = area.territory.clone();
    for (i, cell) in position.cells.iter().enumerate() {
        if let Some(c) = cell {
            if !dead.contains(&position.point(i)) {
                owner[i] = Some(*c);
            }
        }
    }
    for &p in seki {
        owner[position.index(p)] = None;
    }
    owner
}
