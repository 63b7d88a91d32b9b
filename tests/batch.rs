//! Batch layer, end to end over real temporary trees, with closures standing in for the
//! per-file check.

mod common;
use common::temp::temp_files;
use goref_batch::{
    self as batch, AtomicFile, Guarded, Input, InputError, InputOptions, LineWriter, Output,
    PathList, RunOptions, RunReport, RunStatus, StopFlag,
};
use std::convert::Infallible;
use std::fs;
use std::ops::ControlFlow;
use std::os::unix::fs::symlink;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tempfile::TempDir;

fn write(path: &Path, text: &str) {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).unwrap();
    }
    fs::write(path, text).unwrap();
}

fn rel(root: &Path, inputs: &[Input]) -> Vec<String> {
    inputs
        .iter()
        .map(|i| {
            let p = i.path().strip_prefix(root).unwrap_or(i.path());
            p.display().to_string()
        })
        .collect()
}

fn threads(n: usize) -> RunOptions {
    RunOptions {
        threads: n,
        ..RunOptions::default()
    }
}

/// The stand-in check: one JSONL record per input with the file's length or the error.
fn check(input: &Input) -> serde_json::Value {
    match input.read() {
        Ok(bytes) => serde_json::json!({ "path": input.path(), "bytes": bytes.len() }),
        Err(e) => {
            serde_json::json!({ "path": input.path(), "code": "io-error", "message": e.to_string() })
        }
    }
}

/// Runs `check` and returns the JSONL text the sink wrote.
fn report(inputs: &[Input], opts: &RunOptions) -> (String, RunReport) {
    let mut out = LineWriter::new(Vec::new());
    let report = batch::run(inputs, opts, check, |_, outcome: Guarded<_>| {
        let record = outcome.unwrap_or_else(
            |p| serde_json::json!({ "code": "internal-error", "message": p.message }),
        );
        out.write_json(&record)?;
        Ok::<_, batch::OutputError>(ControlFlow::Continue(()))
    })
    .unwrap();
    (String::from_utf8(out.finish().unwrap()).unwrap(), report)
}

/// 600 files over nested directories, names chosen so sorting matters.
fn big_tree() -> TempDir {
    let tmp = TempDir::new().unwrap();
    for d in 0..6 {
        for f in 0..100 {
            let name = format!("d{}/sub{}/g{}.sgf", (d * 7) % 6, f % 3, (f * 37) % 100);
            write(&tmp.path().join(name), &"x".repeat(f + d));
        }
    }
    tmp
}

#[test]
fn output_is_identical_and_ordered_for_1_2_and_4_threads() {
    let tmp = big_tree();
    let inputs = batch::collect_inputs(&[tmp.path()], &InputOptions::default()).unwrap();
    assert_eq!(inputs.len(), 600);
    let paths: Vec<&Path> = inputs.iter().map(Input::path).collect();
    let mut sorted = paths.clone();
    sorted.sort(); // Path ordering compares component by component.
    assert_eq!(paths, sorted);

    let (one, r1) = report(&inputs, &threads(1));
    assert_eq!(r1.delivered, 600);
    assert_eq!(one.lines().count(), 600);
    for n in [2, 4] {
        let (many, r) = report(&inputs, &threads(n));
        assert_eq!(r.status, RunStatus::Completed);
        assert_eq!(one, many, "{n} threads");
    }
}

#[test]
fn enumeration_order_is_argument_order_then_sorted_by_name() {
    let tmp = TempDir::new().unwrap();
    let root = tmp.path();
    for name in [
        "b/2.sgf",
        "b/10.sgf",
        "a.sgf",
        "b.sgf",
        "z.sgf",
        "b/a/x.sgf",
    ] {
        write(&root.join(name), "");
    }
    let args = [root.join("z.sgf"), root.to_path_buf()];
    let inputs = batch::collect_inputs(&args, &InputOptions::default()).unwrap();
    assert_eq!(
        rel(root, &inputs),
        [
            "z.sgf",
            "a.sgf",
            "b/10.sgf",
            "b/2.sgf",
            "b/a/x.sgf",
            "b.sgf",
            "z.sgf"
        ]
    );
}

#[test]
fn extension_filter_hidden_entries_and_named_files() {
    let tmp = TempDir::new().unwrap();
    let root = tmp.path();
    for name in [
        "a.sgf",
        "b.SGF",
        "c.txt",
        "d.sgfs",
        ".hidden.sgf",
        ".hid/in.sgf",
        "vis/.x.sgf",
    ] {
        write(&root.join(name), "");
    }
    let default = batch::collect_inputs(&[root], &InputOptions::default()).unwrap();
    assert_eq!(rel(root, &default), ["a.sgf", "b.SGF"]);

    let all = InputOptions {
        extensions: vec!["sgf".into(), ".SGFS".into()],
        hidden: true,
        ..InputOptions::default()
    };
    let with_hidden = batch::collect_inputs(&[root], &all).unwrap();
    assert_eq!(
        rel(root, &with_hidden),
        [
            ".hid/in.sgf",
            ".hidden.sgf",
            "a.sgf",
            "b.SGF",
            "d.sgfs",
            "vis/.x.sgf"
        ]
    );

    // Named files are taken whatever their name; a named hidden directory is walked.
    let named = [
        root.join("c.txt"),
        root.join(".hidden.sgf"),
        root.join(".hid"),
    ];
    let inputs = batch::collect_inputs(&named, &InputOptions::default()).unwrap();
    assert_eq!(rel(root, &inputs), ["c.txt", ".hidden.sgf", ".hid/in.sgf"]);

    let every_file = InputOptions {
        extensions: vec![],
        ..InputOptions::default()
    };
    let inputs = batch::collect_inputs(&[root.join("vis")], &every_file).unwrap();
    assert!(
        inputs.is_empty(),
        "hidden file skipped even with no extension filter"
    );
}

#[test]
fn missing_paths_are_all_reported_before_any_work() {
    let tmp = TempDir::new().unwrap();
    write(&tmp.path().join("a.sgf"), "");
    let args = [
        tmp.path().join("a.sgf"),
        tmp.path().join("nope.sgf"),
        tmp.path().join("gone"),
    ];
    let err = batch::collect_inputs(&args, &InputOptions::default()).unwrap_err();
    assert_eq!(err, InputError::NotFound(args[1..].to_vec()));
    assert!(err.to_string().contains("nope.sgf"));
}

#[test]
fn broken_entries_become_io_errors_and_the_batch_goes_on() {
    let tmp = TempDir::new().unwrap();
    let root = tmp.path();
    write(&root.join("a.sgf"), "(;)");
    write(&root.join("c.sgf"), "(;)");
    write(&root.join("e.sgf"), "(;)");
    symlink(root.join("missing-target"), root.join("b.sgf")).unwrap();
    // A dangling link not named like a game is ignored like any other non-game file.
    symlink(root.join("missing-target"), root.join("notes.txt")).unwrap();
    let inputs = batch::collect_inputs(&[root], &InputOptions::default()).unwrap();
    assert_eq!(rel(root, &inputs), ["a.sgf", "b.sgf", "c.sgf", "e.sgf"]);
    assert!(matches!(inputs[1], Input::Error { .. }));
    // A file that disappears between listing and reading.
    fs::remove_file(root.join("c.sgf")).unwrap();

    let (text, r) = report(&inputs, &threads(2));
    assert_eq!(r.status, RunStatus::Completed);
    let codes: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["code"].clone())
        .collect();
    assert_eq!(codes.len(), 4);
    assert_eq!(codes[0], serde_json::Value::Null);
    assert_eq!(codes[1], "io-error");
    assert_eq!(codes[2], "io-error");
    assert_eq!(codes[3], serde_json::Value::Null);
}

#[test]
fn symlink_loops_terminate_as_error_entries() {
    let tmp = TempDir::new().unwrap();
    let root = tmp.path();
    write(&root.join("d/a.sgf"), "");
    symlink(root.join("d"), root.join("d/loop")).unwrap(); // d/loop -> d
    symlink(root.join("d/self.sgf"), root.join("d/self.sgf")).unwrap(); // ELOOP
    write(&root.join("e/b.sgf"), "");
    symlink(root.join("e"), root.join("d/to-e")).unwrap(); // a plain link is followed

    let inputs = batch::collect_inputs(&[root], &InputOptions::default()).unwrap();
    let names = rel(root, &inputs);
    assert_eq!(
        names,
        ["d/a.sgf", "d/loop", "d/self.sgf", "d/to-e/b.sgf", "e/b.sgf"]
    );
    let Input::Error { message, .. } = &inputs[1] else {
        panic!("loop should be an error entry: {:?}", inputs[1]);
    };
    assert!(message.contains("loop"), "{message}");
    assert!(matches!(inputs[2], Input::Error { .. }));
}

#[test]
fn a_panicking_worker_fails_one_file_only() {
    let tmp = big_tree();
    let inputs = batch::collect_inputs(&[tmp.path()], &InputOptions::default()).unwrap();
    let victim = inputs[123].path().to_path_buf();
    let mut got = Vec::new();
    let r = batch::run(
        &inputs,
        &threads(4),
        |input: &Input| {
            if input.path() == victim {
                panic!("engine bug");
            }
            input.path().to_path_buf()
        },
        |i, outcome| {
            got.push((i, outcome));
            Ok::<_, Infallible>(ControlFlow::Continue(()))
        },
    )
    .unwrap();
    assert_eq!(r.status, RunStatus::Completed);
    assert_eq!(got.len(), inputs.len());
    for (k, (i, outcome)) in got.iter().enumerate() {
        assert_eq!(*i, k);
        match outcome {
            Ok(path) => assert_eq!(path, inputs[k].path()),
            Err(p) => {
                assert_eq!(k, 123);
                assert_eq!(p.message, "engine bug");
                assert!(p.to_string().contains("engine bug"));
            }
        }
    }
}

#[test]
fn atomic_output_is_all_or_old() {
    let tmp = TempDir::new().unwrap();
    let target = tmp.path().join("report.jsonl");
    fs::write(&target, "old\n").unwrap();

    // Failure: the writer is dropped; the old file stays, no temp file is left.
    let mut w = LineWriter::new(Output::open(Some(&target)).unwrap());
    for i in 0..5000 {
        w.write_json(&serde_json::json!({ "i": i })).unwrap();
    }
    w.flush().unwrap();
    assert_eq!(fs::read_to_string(&target).unwrap(), "old\n");
    assert_eq!(temp_files(tmp.path()).len(), 1);
    drop(w);
    assert_eq!(fs::read_to_string(&target).unwrap(), "old\n");
    assert!(temp_files(tmp.path()).is_empty());

    // Success: the whole report replaces it, and the temp file is gone.
    let mut w = LineWriter::new(Output::open(Some(&target)).unwrap());
    for i in 0..5000 {
        w.write_json(&serde_json::json!({ "i": i })).unwrap();
    }
    w.finish().unwrap().commit().unwrap();
    let text = fs::read_to_string(&target).unwrap();
    assert_eq!(text.lines().count(), 5000);
    assert!(text.ends_with("{\"i\":4999}\n"));
    assert!(temp_files(tmp.path()).is_empty());

    // The same for a path list, created in a fresh place.
    let list = tmp.path().join("ok.txt");
    let mut ok = PathList::create(&list).unwrap();
    ok.write_path(Path::new("a b.sgf")).unwrap();
    ok.write_path(Path::new("dir/c.sgf")).unwrap();
    assert!(!list.exists());
    ok.commit().unwrap();
    assert_eq!(fs::read_to_string(&list).unwrap(), "a b.sgf\ndir/c.sgf\n");
    assert!(temp_files(tmp.path()).is_empty());
}

#[test]
fn atomic_file_in_the_current_directory_form() {
    // A bare file name (no parent) works too: the temp file goes in `.`'s place.
    let tmp = TempDir::new().unwrap();
    let file = AtomicFile::create(tmp.path().join("x.json")).unwrap();
    assert_eq!(file.temp_path().parent(), Some(tmp.path()));
    drop(file);
    assert!(temp_files(tmp.path()).is_empty());
    assert!(AtomicFile::create(tmp.path().join("..")).is_err());
}

#[test]
fn interrupt_leaves_a_whole_line_prefix_and_says_interrupted() {
    let tmp = big_tree();
    let inputs = batch::collect_inputs(&[tmp.path()], &InputOptions::default()).unwrap();
    let target = tmp.path().join("out.jsonl");
    let stop = StopFlag::new();
    let opts = RunOptions {
        threads: 4,
        stop: Some(stop.clone()),
        ..RunOptions::default()
    };
    const K: usize = 50;
    let mut out = LineWriter::new(Output::open(Some(&target)).unwrap());
    let r = batch::run(&inputs, &opts, check, |i, outcome| {
        if i + 1 == K {
            stop.set(); // what the SIGINT handler does
        }
        out.write_json(&outcome.unwrap())?;
        Ok::<_, batch::OutputError>(ControlFlow::Continue(()))
    })
    .unwrap();
    assert_eq!(r.status, RunStatus::Interrupted);
    assert!(r.delivered >= K && r.delivered < inputs.len(), "{r:?}");
    assert!(r.delivered <= K + opts.effective_window());
    // As the CLI does on interrupt: commit what is complete.
    out.finish().unwrap().commit().unwrap();

    let text = fs::read_to_string(&target).unwrap();
    assert!(text.ends_with('\n'));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), r.delivered);
    for (k, line) in lines.iter().enumerate() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["path"], serde_json::json!(inputs[k].path()));
    }
    assert!(temp_files(tmp.path()).is_empty());
}

#[test]
fn a_stop_set_before_the_run_delivers_nothing() {
    let stop = StopFlag::new();
    stop.set();
    let opts = RunOptions {
        threads: 2,
        stop: Some(stop),
        ..RunOptions::default()
    };
    let items = [1, 2, 3];
    let r = batch::run(
        &items,
        &opts,
        |x| *x,
        |_, _| Ok::<_, Infallible>(ControlFlow::Continue(())),
    )
    .unwrap();
    assert_eq!((r.status, r.delivered), (RunStatus::Interrupted, 0));
}

#[test]
fn in_flight_results_stay_within_the_window() {
    const N: usize = 20_000;
    let items: Vec<usize> = (0..N).collect();
    let opts = RunOptions {
        threads: 4,
        window: 16,
        ..RunOptions::default()
    };
    let started = AtomicUsize::new(0);
    let delivered = AtomicUsize::new(0);
    let peak = AtomicUsize::new(0);
    let mut next = 0;
    let r = batch::run(
        &items,
        &opts,
        |&i| {
            // In flight = started and not yet delivered, this one included.
            let in_flight =
                started.fetch_add(1, Ordering::SeqCst) + 1 - delivered.load(Ordering::SeqCst);
            peak.fetch_max(in_flight, Ordering::SeqCst);
            if i == 0 {
                // A slow first file: everything else must wait behind it, not pile up.
                std::thread::sleep(Duration::from_millis(300));
            }
            vec![i as u8; 64]
        },
        |i, outcome| {
            assert_eq!(i, next);
            assert_eq!(outcome.unwrap()[0], i as u8);
            next += 1;
            delivered.fetch_add(1, Ordering::SeqCst);
            Ok::<_, Infallible>(ControlFlow::Continue(()))
        },
    )
    .unwrap();
    assert_eq!(r.delivered, N);
    assert!(r.peak_in_flight <= 16, "{r:?}");
    let peak = peak.load(Ordering::SeqCst);
    assert!(peak <= 16, "peak {peak}");
    assert!(peak >= 4, "the window was used: {peak}");
}

#[test]
fn not_following_links_skips_them() {
    let tmp = TempDir::new().unwrap();
    let root = tmp.path();
    write(&root.join("d/a.sgf"), "");
    write(&root.join("e/b.sgf"), "");
    symlink(root.join("e"), root.join("d/to-e")).unwrap();
    symlink(root.join("e/b.sgf"), root.join("d/link.sgf")).unwrap();
    symlink(root.join("d"), root.join("d/loop")).unwrap();
    let opts = InputOptions {
        follow_links: false,
        ..InputOptions::default()
    };
    let inputs = batch::collect_inputs(&[root.join("d")], &opts).unwrap();
    assert_eq!(rel(root, &inputs), ["d/a.sgf"]);
}
