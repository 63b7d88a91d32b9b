//! Parallel execution with results streamed to one sink in input order.
//!
//! The calling thread dispatches item indices to `threads` workers over a bounded
//! channel and reorders their results in a ring of at most `window` slots. An item is
//! dispatched only while fewer than `window` items are between dispatch and delivery,
//! so memory is bounded by the window however many inputs there are, and a slow item
//! holds back at most `window - 1` finished results behind it.

use super::stop::StopFlag;
use crossbeam_channel::{bounded, Receiver, Sender};
use std::any::Any;
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::io;
use std::ops::ControlFlow;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Once;
use std::thread;

/// A worker panicked on one item; the batch went on. The caller reports it as an
/// `internal-error` for that item's path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panicked {
    /// The panic message (`"<non-string panic payload>"` when it was not a string).
    pub message: String,
    /// `file:line:column` of the panic, when the batch panic hook saw it.
    pub location: Option<String>,
}

impl std::fmt::Display for Panicked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.location {
            Some(loc) => write!(f, "panicked at {loc}: {}", self.message),
            None => write!(f, "panicked: {}", self.message),
        }
    }
}

/// What the sink receives for each item.
pub type Guarded<R> = Result<R, Panicked>;

/// How to run a batch.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Worker threads; 0 means the available parallelism.
    pub threads: usize,
    /// Most items between dispatch and delivery; 0 means `4 × threads`.
    pub window: usize,
    /// Stack of each worker. Large by default because a hostile record can be deep, and
    /// a stack overflow aborts the whole process instead of panicking. Only touched
    /// pages use memory.
    pub stack_size: usize,
    /// Keep worker panics off stderr (their message and location are in [`Panicked`]).
    pub quiet_panics: bool,
    /// Checked before each dispatch; once set the run stops (see [`RunStatus::Interrupted`]).
    pub stop: Option<StopFlag>,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            threads: 0,
            window: 0,
            stack_size: 64 << 20,
            quiet_panics: true,
            stop: None,
        }
    }
}

/// The most worker threads a run starts, whatever `threads` asks: each has a large
/// stack, and beyond the cores more threads only cost memory (`-j 100000` once
/// aborted at about 13,000 threads).
pub const MAX_THREADS: usize = 256;

impl RunOptions {
    /// The worker count after resolving 0 to the available parallelism, at most
    /// [`MAX_THREADS`].
    pub fn effective_threads(&self) -> usize {
        let n = match self.threads {
            0 => thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        n.min(MAX_THREADS)
    }

    /// The reorder window after resolving 0 to `4 × threads`.
    pub fn effective_window(&self) -> usize {
        match self.window {
            0 => 4 * self.effective_threads(),
            n => n,
        }
    }
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunStatus {
    /// Every item was delivered.
    Completed,
    /// The sink returned `ControlFlow::Break`.
    Stopped,
    /// The stop flag was set (SIGINT/SIGTERM): the sink got a prefix of the inputs in
    /// order, every started item having finished. The CLI exits with 130.
    Interrupted,
}

/// What a run did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunReport {
    pub status: RunStatus,
    /// Items handed to the sink (always a prefix `0..delivered` of the inputs).
    pub delivered: usize,
    /// Most items ever between dispatch and delivery; never above the window.
    pub peak_in_flight: usize,
}

/// Why a run failed.
#[derive(Debug, thiserror::Error)]
pub enum RunError<E> {
    #[error("cannot start a worker thread: {0}")]
    Spawn(#[source] io::Error),
    /// The sink's own error; the run stopped at that item.
    #[error("{0}")]
    Sink(E),
}

enum Pending<R> {
    Done(Guarded<R>),
    /// Dispatched but skipped because the run was stopping.
    Skipped,
}

/// Runs `work` on every item with `opts.threads` workers and hands each outcome to
/// `sink` in input order, on the calling thread, as soon as all earlier ones are in.
///
/// `sink` returns `Ok(ControlFlow::Break(()))` to stop early and `Err` to abort; either
/// way no item after it is delivered.
pub fn run<I, R, W, S, E>(
    items: &[I],
    opts: &RunOptions,
    work: W,
    sink: S,
) -> Result<RunReport, RunError<E>>
where
    I: Sync,
    R: Send,
    W: Fn(&I) -> R + Sync,
    S: FnMut(usize, Guarded<R>) -> Result<ControlFlow<()>, E>,
{
    // No idle threads (each with a large stack) for a handful of files.
    let opts = RunOptions {
        threads: opts.effective_threads().clamp(1, items.len().max(1)),
        ..opts.clone()
    };
    run_iter(items.iter(), &opts, work, sink)
}

/// [`run`] over items made one at a time by an iterator on the calling thread (the
/// game trees of a streamed file): an item is made only when the window has room, so
/// at most `window` items exist at once however many the iterator yields.
pub fn run_iter<I, T, R, W, S, E>(
    items: T,
    opts: &RunOptions,
    work: W,
    mut sink: S,
) -> Result<RunReport, RunError<E>>
where
    T: Iterator<Item = I>,
    I: Send,
    R: Send,
    W: Fn(I) -> R + Sync,
    S: FnMut(usize, Guarded<R>) -> Result<ControlFlow<()>, E>,
{
    install_panic_hook();
    if opts.effective_threads() <= 1 {
        // One worker: no thread, no channels, no hand-offs. The per-file cost of
        // waking another thread is larger than checking a typical game.
        return run_inline(items, opts, &work, &mut sink);
    }
    let threads = opts.effective_threads();
    let window = opts.effective_window().max(1);
    // Both channels hold at most `window` messages, so no send ever blocks.
    let (job_tx, job_rx) = bounded::<(usize, I)>(window);
    let (res_tx, res_rx) = bounded::<(usize, Pending<R>)>(window);
    let cancel = AtomicBool::new(false);
    let worker = Worker {
        work: &work,
        cancel: &cancel,
        stop: opts.stop.as_ref(),
        quiet: opts.quiet_panics,
    };
    thread::scope(|scope| {
        let mut started = 0;
        for k in 0..threads {
            let (jobs, results) = (job_rx.clone(), res_tx.clone());
            let spawned = thread::Builder::new()
                .name(format!("goref-batch-{k}"))
                .stack_size(opts.stack_size)
                .spawn_scoped(scope, move || worker.serve(jobs, results));
            match spawned {
                Ok(_) => started += 1,
                // Fewer workers still finish the job; none cannot.
                Err(e) if started == 0 => return Err(RunError::Spawn(e)),
                Err(_) => break,
            }
        }
        drop((job_rx, res_tx));
        let mut dispatcher = Dispatcher {
            items,
            exhausted: false,
            window,
            job_tx: Some(job_tx),
            res_rx,
            stop: opts.stop.as_ref(),
            cancel: &cancel,
        };
        // Dropping the dispatcher closes the job channel, so the scope can join.
        dispatcher.drive(&mut sink)
    })
}

/// The part of the run each worker thread shares.
struct Worker<'a, W> {
    work: &'a W,
    cancel: &'a AtomicBool,
    /// Read before each item: once a signal set it, no queued item starts, even
    /// before the dispatcher (waiting for a result) sees it.
    stop: Option<&'a StopFlag>,
    quiet: bool,
}

impl<W> Clone for Worker<'_, W> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<W> Copy for Worker<'_, W> {}

impl<W> Worker<'_, W> {
    fn serve<I, R>(self, jobs: Receiver<(usize, I)>, results: Sender<(usize, Pending<R>)>)
    where
        W: Fn(I) -> R,
    {
        WORKER_MODE.with(|m| m.set(if self.quiet { QUIET } else { LOUD }));
        for (idx, item) in jobs {
            let stopping = self.stop.is_some_and(StopFlag::is_set);
            let slot = if stopping || self.cancel.load(Ordering::Relaxed) {
                Pending::Skipped
            } else {
                Pending::Done(call_guarded(self.work, item))
            };
            if results.send((idx, slot)).is_err() {
                break;
            }
        }
    }
}

/// The calling thread's side: dispatch within the window, reorder, deliver.
struct Dispatcher<'a, T: Iterator, R> {
    items: T,
    /// The iterator returned None (or the job channel closed).
    exhausted: bool,
    window: usize,
    job_tx: Option<Sender<(usize, T::Item)>>,
    res_rx: Receiver<(usize, Pending<R>)>,
    stop: Option<&'a StopFlag>,
    cancel: &'a AtomicBool,
}

impl<T: Iterator, R> Dispatcher<'_, T, R> {
    fn drive<S, E>(&mut self, sink: &mut S) -> Result<RunReport, RunError<E>>
    where
        S: FnMut(usize, Guarded<R>) -> Result<ControlFlow<()>, E>,
    {
        // `pending[k]` is the slot of item `next_emit + k`.
        let mut pending: VecDeque<Option<Pending<R>>> = VecDeque::with_capacity(self.window);
        let (mut next_dispatch, mut next_emit, mut outstanding, mut peak) = (0, 0, 0, 0);
        let mut status = RunStatus::Completed;
        let mut delivering = true;
        loop {
            if status == RunStatus::Completed && self.stop.is_some_and(StopFlag::is_set) {
                status = RunStatus::Interrupted;
                self.halt();
            }
            if status == RunStatus::Completed {
                while !self.exhausted && next_dispatch - next_emit < self.window {
                    if !self.dispatch(next_dispatch) {
                        self.exhausted = true;
                        break;
                    }
                    pending.push_back(None);
                    next_dispatch += 1;
                    outstanding += 1;
                }
                peak = peak.max(next_dispatch - next_emit);
            }
            if outstanding == 0 {
                break;
            }
            // Only fails if every worker is gone, which `catch_unwind` prevents; stop
            // rather than spin.
            let Ok((idx, slot)) = self.res_rx.recv() else {
                break;
            };
            outstanding -= 1;
            if let Some(cell) = pending.get_mut(idx.wrapping_sub(next_emit)) {
                *cell = Some(slot);
            }
            while delivering && matches!(pending.front(), Some(Some(_))) {
                let Some(Some(slot)) = pending.pop_front() else {
                    break;
                };
                let Pending::Done(outcome) = slot else {
                    // A skipped item ends the in-order prefix.
                    delivering = false;
                    break;
                };
                match sink(next_emit, outcome) {
                    Ok(ControlFlow::Continue(())) => next_emit += 1,
                    Ok(ControlFlow::Break(())) => {
                        next_emit += 1;
                        status = RunStatus::Stopped;
                        delivering = false;
                        self.halt();
                    }
                    Err(e) => {
                        self.halt();
                        return Err(RunError::Sink(e));
                    }
                }
            }
        }
        Ok(RunReport {
            status,
            delivered: next_emit,
            peak_in_flight: peak,
        })
    }

    /// Makes the next item and sends it; false when there is none (or no worker).
    fn dispatch(&mut self, idx: usize) -> bool {
        let Some(tx) = &self.job_tx else {
            return false;
        };
        match self.items.next() {
            Some(item) => tx.send((idx, item)).is_ok(),
            None => false,
        }
    }

    /// Stops new work: queued items come back skipped, running ones finish.
    fn halt(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        self.job_tx = None;
    }
}

/// The single-threaded run: each item is checked and delivered on the calling thread,
/// with the same panic isolation and stop handling as the threaded run.
fn run_inline<I, R, W, S, E>(
    items: impl Iterator<Item = I>,
    opts: &RunOptions,
    work: &W,
    sink: &mut S,
) -> Result<RunReport, RunError<E>>
where
    W: Fn(I) -> R,
    S: FnMut(usize, Guarded<R>) -> Result<ControlFlow<()>, E>,
{
    let mode = if opts.quiet_panics { QUIET } else { LOUD };
    let previous = WORKER_MODE.with(|m| m.replace(mode));
    let mut report = RunReport {
        status: RunStatus::Completed,
        delivered: 0,
        peak_in_flight: 0,
    };
    let mut outcome = Ok(());
    for (idx, item) in items.enumerate() {
        if opts.stop.as_ref().is_some_and(StopFlag::is_set) {
            report.status = RunStatus::Interrupted;
            break;
        }
        report.peak_in_flight = 1;
        match sink(idx, call_guarded(work, item)) {
            Ok(ControlFlow::Continue(())) => report.delivered += 1,
            Ok(ControlFlow::Break(())) => {
                report.delivered += 1;
                report.status = RunStatus::Stopped;
                break;
            }
            Err(e) => {
                outcome = Err(RunError::Sink(e));
                break;
            }
        }
    }
    WORKER_MODE.with(|m| m.set(previous));
    outcome.map(|()| report)
}

fn call_guarded<I, R, W: Fn(I) -> R>(work: &W, item: I) -> Guarded<R> {
    match panic::catch_unwind(AssertUnwindSafe(|| work(item))) {
        Ok(r) => Ok(r),
        Err(payload) => Err(Panicked {
            message: payload_message(payload.as_ref()),
            location: LAST_LOCATION.with(RefCell::take),
        }),
    }
}

fn payload_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "<non-string panic payload>".to_string()
    }
}

const NOT_WORKER: u8 = 0;
const QUIET: u8 = 1;
const LOUD: u8 = 2;

thread_local! {
    static WORKER_MODE: Cell<u8> = const { Cell::new(NOT_WORKER) };
    static LAST_LOCATION: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs, once per process, a hook that records where a batch worker panicked and
/// (in quiet mode) keeps the default report off stderr, where it would tear the
/// progress bar and repeat for every bad file in a 100,000-file run. Other threads'
/// panics go to the previous hook unchanged, so it is safe to leave installed.
fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let mode = WORKER_MODE.with(Cell::get);
            if mode != NOT_WORKER {
                let loc = info.location().map(ToString::to_string);
                LAST_LOCATION.with(|l| *l.borrow_mut() = loc);
            }
            if mode != QUIET {
                previous(info);
            }
        }));
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::convert::Infallible;

    fn collect<R: Send>(
        n: usize,
        opts: &RunOptions,
        work: impl Fn(&usize) -> R + Sync,
    ) -> (Vec<(usize, Guarded<R>)>, RunReport) {
        let items: Vec<usize> = (0..n).collect();
        let mut out = Vec::new();
        let report = run(&items, opts, work, |i, r| {
            out.push((i, r));
            Ok::<_, Infallible>(ControlFlow::Continue(()))
        })
        .unwrap();
        (out, report)
    }

    fn opts(threads: usize) -> RunOptions {
        RunOptions {
            threads,
            ..RunOptions::default()
        }
    }

    #[test]
    fn empty_input_completes() {
        let (out, report) = collect(0, &opts(3), |x| *x);
        assert!(out.is_empty());
        assert_eq!(report.status, RunStatus::Completed);
        assert_eq!(report.delivered, 0);
    }

    #[test]
    fn delivers_in_order_with_any_thread_count() {
        for threads in [1, 2, 4, 7] {
            let (out, report) = collect(500, &opts(threads), |x| x * 2);
            assert_eq!(report.delivered, 500);
            for (k, (i, r)) in out.into_iter().enumerate() {
                assert_eq!((i, r), (k, Ok(k * 2)));
            }
        }
    }

    #[test]
    fn panic_is_isolated_with_message_and_location() {
        let (out, report) = collect(20, &opts(2), |x| {
            if *x == 7 {
                panic!("boom on {x}");
            }
            *x
        });
        assert_eq!(report.status, RunStatus::Completed);
        assert_eq!(out.len(), 20);
        let p = out[7].1.as_ref().unwrap_err();
        assert_eq!(p.message, "boom on 7");
        assert!(p.location.as_deref().unwrap_or("").contains("run.rs"));
        assert!(out.iter().filter(|(_, r)| r.is_err()).count() == 1);
    }

    #[test]
    fn sink_break_stops_after_that_item() {
        let items: Vec<usize> = (0..1000).collect();
        let mut seen = 0;
        let report = run(
            &items,
            &opts(2),
            |x| *x,
            |i, _| {
                seen += 1;
                Ok::<_, Infallible>(if i == 9 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                })
            },
        )
        .unwrap();
        assert_eq!((seen, report.delivered), (10, 10));
        assert_eq!(report.status, RunStatus::Stopped);
    }

    #[test]
    fn sink_error_aborts() {
        let items: Vec<usize> = (0..100).collect();
        let err = run(
            &items,
            &opts(2),
            |x| *x,
            |i, _| {
                if i == 3 {
                    Err("disk full")
                } else {
                    Ok(ControlFlow::Continue(()))
                }
            },
        )
        .unwrap_err();
        assert!(matches!(err, RunError::Sink("disk full")));
    }

    /// Once the stop flag is set, no worker starts another item, though items are
    /// queued and the dispatcher has not yet looked at the flag.
    #[test]
    fn no_item_starts_after_the_stop_flag_is_set() {
        use std::sync::atomic::AtomicUsize;
        let stop = StopFlag::new();
        let late = AtomicUsize::new(0);
        let items: Vec<usize> = (0..200).collect();
        let o = RunOptions {
            threads: 2,
            window: 64,
            stop: Some(stop.clone()),
            ..RunOptions::default()
        };
        let report = run(
            &items,
            &o,
            |&i| {
                if i == 0 {
                    std::thread::sleep(std::time::Duration::from_millis(50));
                    stop.set();
                    std::thread::sleep(std::time::Duration::from_millis(200));
                } else {
                    if stop.is_set() {
                        late.fetch_add(1, Ordering::SeqCst);
                    }
                    std::thread::sleep(std::time::Duration::from_millis(5));
                }
            },
            |_, _| Ok::<_, Infallible>(ControlFlow::Continue(())),
        )
        .unwrap();
        assert_eq!(report.status, RunStatus::Interrupted);
        assert_eq!(
            late.load(Ordering::SeqCst),
            0,
            "items started after the stop"
        );
        assert!(report.delivered < 200);
    }

    #[test]
    fn threads_are_clamped() {
        assert_eq!(opts(100_000).effective_threads(), MAX_THREADS);
        assert_eq!(opts(3).effective_threads(), 3);
    }

    #[test]
    fn window_defaults_to_four_per_thread() {
        let o = RunOptions {
            threads: 3,
            ..RunOptions::default()
        };
        assert_eq!(o.effective_window(), 12);
        assert!(RunOptions::default().effective_threads() >= 1);
    }
}
