//! Dev helper for the estimate's calibration (scripts/calibrate-estimate.py): for each SGF
//! file named, the estimate of every stone of the first game's final position, one JSON
//! line a file: `{"file": ..., "size": [width, height], "stones": [[vertex, colour, status,
//! confidence, proven], ...]}` with colour `B` or `W` and status `alive`, `dead` or `seki`.
//! Uses goref-core's public API only.
use goref_core::point::{Color, Point};
use goref_core::score::Estimate;
use goref_core::{check_bytes, CheckOptions, Position};

fn main() {
    let opts = CheckOptions {
        with_board: true,
        ..CheckOptions::default()
    };
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).unwrap_or_default();
        let Some(report) = check_bytes(&path, &bytes, &opts).into_iter().next() else {
            continue;
        };
        let json = report.to_json_value();
        let Some(rows) = json["final_board"].as_array() else {
            continue;
        };
        // The board's rows (`X`, `O`, `.`) as the diagram reader takes them.
        let rows: Vec<String> = rows
            .iter()
            .filter_map(|r| r.as_str())
            .map(|r| r.chars().map(String::from).collect::<Vec<_>>().join(" "))
            .collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let pos = Position::from_diagram(&rows);
        let est = Estimate::of(&pos);
        let (dead, seki) = (est.dead_stones(), est.seki_stones());
        let mut stones = Vec::new();
        for y in 0..pos.height {
            for x in 0..pos.width {
                let p = Point::new(x, y);
                let Some(confidence) = est.confidence_at(p) else {
                    continue;
                };
                let status = if dead.contains(&p) {
                    "dead"
                } else if seki.contains(&p) {
                    "seki"
                } else {
                    "alive"
                };
                let colour = if pos.get(p) == Some(Color::Black) {
                    "B"
                } else {
                    "W"
                };
                let proven = est.is_proven(p);
                stones.push(serde_json::json!([
                    p.vertex(pos.height),
                    colour,
                    status,
                    confidence,
                    proven
                ]));
            }
        }
        let size = [pos.width, pos.height];
        println!(
            "{}",
            serde_json::json!({ "file": path, "size": size, "stones": stones })
        );
    }
}
