//! An external judge of dead stones over GTP (Go Text Protocol 2): `--estimator gtp
//! --engine 'gnugo --mode gtp'`. goref starts the engine for one position, sends the
//! board, asks `final_status_list dead` and `final_status_list seki`, and turns the
//! answers into the same [`Estimate`] the built-in estimator gives, so everything
//! downstream follows one path.
//!
//! The engine is hostile input too: every command has a time limit, after which the
//! engine is killed; an engine that cannot start, exits, or answers something that is
//! not GTP gives a typed [`GtpError`], which the reading turns into an
//! `estimator-failed` finding; the batch goes on.

use crate::count::estimate::{self, Estimate, StoneStatus};
use crate::count::score;
use crate::point::{Color, Point};
use crate::replay::position::Position;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

/// How to start the engine.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    /// The command line, split on whitespace (no shell): `gnugo --mode gtp`.
    pub command: String,
    /// The longest goref waits for one answer.
    pub timeout: Duration,
}

impl EngineSpec {
    pub(crate) const DEFAULT_TIMEOUT: Duration = Duration::from_secs(20);

    pub fn new(command: impl Into<String>) -> EngineSpec {
        EngineSpec {
            command: command.into(),
            timeout: EngineSpec::DEFAULT_TIMEOUT,
        }
    }
}

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

/// A running engine. Dropping it closes its input and kills it if it is still running.
pub struct Engine {
    command: String,
    timeout: Duration,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    /// Starts the engine. Its standard output is read by a thread, so that a silent
    /// engine can be timed out; its standard error is discarded.
    pub(crate) fn start(spec: &EngineSpec) -> Result<Engine, GtpError> {
        let mut words = spec.command.split_whitespace();
        let program = words.next().ok_or(GtpError::NoCommand)?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| GtpError::Spawn {
                command: spec.command.clone(),
                source,
            })?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Engine {
            command: spec.command.clone(),
            timeout: spec.timeout,
            stdin: child.stdin.take(),
            child,
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
        self.read_answer(command)
    }

    /// Reads one answer: `=` or `?`, optional text, up to an empty line. Empty lines
    /// before the answer are skipped.
    fn read_answer(&mut self, sent: &str) -> Result<String, GtpError> {
        let deadline = std::time::Instant::now() + self.timeout;
        let mut answer: Option<(bool, Vec<String>)> = None;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line.replace('\r', ""),
                Err(RecvTimeoutError::Timeout) => {
                    let _ = self.child.kill();
                    return Err(GtpError::Timeout {
                        command: self.command.clone(),
                        sent: sent.to_string(),
                        seconds: self.timeout.as_secs().max(1),
                    });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(GtpError::Exited {
                        command: self.command.clone(),
                        sent: sent.to_string(),
                    })
                }
            };
            match &mut answer {
                None if line.trim().is_empty() => continue,
                None => {
                    let ok = match line.chars().next() {
                        Some('=') => true,
                        Some('?') => false,
                        _ => {
                            let _ = self.child.kill();
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

impl Drop for Engine {
    fn drop(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = writeln!(stdin, "quit");
        }
        // The engine has had its `quit`; one that lingers is not waited for.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Asks the engine for the dead and seki stones of `position` and returns them as an
/// [`Estimate`] (confidence 1.0: the user chose to trust the engine).
pub fn estimate(spec: &EngineSpec, position: &Position, komi: f64) -> Result<Estimate, GtpError> {
    if position.width != position.height || !(2..=25).contains(&position.width) {
        return Err(GtpError::Board {
            width: position.width,
            height: position.height,
        });
    }
    let mut engine = Engine::start(spec)?;
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
fn send_position(engine: &mut Engine, position: &Position, komi: f64) -> Result<(), GtpError> {
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
