//! Dev helper: prints the findings goref's reader gives for files.
use goref_core::read::{read, ReadOptions};
fn main() {
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).unwrap_or_default();
        let fr = read(&bytes, &ReadOptions::default());
        println!("{path}: games {}", fr.games.len());
        for f in &fr.file_findings {
            println!(
                "  file {} {} {:?}:{:?} {}",
                f.code, f.severity, f.line, f.column, f.message
            );
        }
        for g in &fr.games {
            let (width, height) = g.size();
            println!(
                "  game {} {width}x{height} moves {} komi {:?} ha {:?}",
                g.game(),
                g.moves().count(),
                g.komi(),
                g.handicap()
            );
            for f in g.findings() {
                println!(
                    "    {} {} {:?}:{:?} {}",
                    f.code, f.severity, f.line, f.column, f.message
                );
            }
        }
    }
}
