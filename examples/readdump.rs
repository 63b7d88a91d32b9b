//! Dev helper: prints the findings goref's reader gives for files.
use goref_core::read::{read, ReadOptions};
fn main() {
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).unwrap_or_default();
        let fr = read(&bytes, &ReadOptions::default());
        println!("{path}: charset {:?} games {}", fr.charset, fr.games.len());
        for f in &fr.file_findings {
            println!(
                "  file {} {} {:?}:{:?} {}",
                f.code, f.severity, f.line, f.column, f.message
            );
        }
        for g in &fr.games {
            println!(
                "  game {} {}x{} moves {} komi {:?} ha {:?}",
                g.game_index,
                g.width,
                g.height,
                g.moves().count(),
                g.komi,
                g.handicap
            );
            for f in &g.findings {
                println!(
                    "    {} {} {:?}:{:?} {}",
                    f.code, f.severity, f.line, f.column, f.message
                );
            }
        }
    }
}
