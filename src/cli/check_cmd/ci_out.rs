//! `goref check --format sarif|github|junit`: the CI reports, written as the games come
//! (JUnit's test cases go through a spool file, because its counts come first).

use crate::cli::args::Format;
use goref_batch::{LineWriter, Output};
use goref_core::findings::Severity;
use goref_core::report::GameReport;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Seek, Write};

pub(super) enum CiOut {
    /// Whether the SARIF head is written, and whether a result is (for the commas).
    Sarif {
        started: bool,
        results: u64,
    },
    Github,
    Junit(JunitSpool),
}

impl CiOut {
    pub(super) fn new(format: Format) -> io::Result<Option<CiOut>> {
        Ok(match format {
            Format::Sarif => Some(CiOut::Sarif {
                started: false,
                results: 0,
            }),
            Format::Github => Some(CiOut::Github),
            Format::Junit => Some(CiOut::Junit(JunitSpool::new()?)),
            _ => None,
        })
    }

    pub(super) fn write(
        &mut self,
        out: &mut LineWriter<Output>,
        report: &GameReport,
        show: Severity,
        fail_on: Option<Severity>,
    ) -> io::Result<()> {
        match self {
            CiOut::Sarif { started, results } => {
                if !*started {
                    out.write_line(GameReport::sarif_head().as_bytes())?;
                    *started = true;
                }
                for result in report.to_sarif_results(show) {
                    let sep = if *results == 0 { "" } else { "," };
                    *results += 1;
                    out.write_line(format!("{sep}{result}").as_bytes())?;
                }
                Ok(())
            }
            CiOut::Github => {
                for line in report.to_github_lines(show) {
                    out.write_line(line.as_bytes())?;
                }
                Ok(())
            }
            CiOut::Junit(spool) => spool.add(report, fail_on, show),
        }
    }

    /// Closes the document (also after an interrupt: what was written stays valid).
    pub(super) fn finish(self, out: &mut LineWriter<Output>, seconds: f64) -> io::Result<()> {
        match self {
            CiOut::Sarif { started, .. } => {
                if !started {
                    out.write_line(GameReport::sarif_head().as_bytes())?;
                }
                out.write_line(GameReport::SARIF_TAIL.as_bytes())
            }
            CiOut::Github => Ok(()),
            CiOut::Junit(spool) => spool.finish(out, seconds),
        }
    }
}

/// JUnit test cases, one a line, in an unnamed temporary file until the counts are known.
pub(super) struct JunitSpool {
    file: BufWriter<File>,
    tests: u64,
    failures: u64,
}

impl JunitSpool {
    fn new() -> io::Result<JunitSpool> {
        Ok(JunitSpool {
            file: BufWriter::new(anonymous_file()?),
            tests: 0,
            failures: 0,
        })
    }

    fn add(
        &mut self,
        report: &GameReport,
        fail_on: Option<Severity>,
        show: Severity,
    ) -> io::Result<()> {
        let (case, failed) = report.to_junit_testcase(fail_on, show, 0.0);
        self.tests += 1;
        self.failures += u64::from(failed);
        self.file.write_all(case.as_bytes())?;
        self.file.write_all(b"\n")
    }

    fn finish(self, out: &mut LineWriter<Output>, seconds: f64) -> io::Result<()> {
        let mut file = self.file.into_inner().map_err(|e| e.into_error())?;
        file.rewind()?;
        out.write_line(GameReport::junit_head(self.tests, self.failures, seconds).as_bytes())?;
        for line in BufReader::new(file).lines() {
            out.write_line(line?.as_bytes())?;
        }
        out.write_line(GameReport::JUNIT_TAIL.as_bytes())
    }
}

/// A file in the temporary directory, removed at once: it lives while it is open.
fn anonymous_file() -> io::Result<File> {
    let dir = std::env::temp_dir();
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    for attempt in 0..100u32 {
        let path = dir.join(format!(
            ".goref-junit-{}-{stamp}-{attempt}",
            std::process::id()
        ));
        match File::options()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(file) => {
                std::fs::remove_file(&path)?;
                return Ok(file);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other(
        "cannot create a temporary file for the JUnit report",
    ))
}
