//! Small horizontal bar charts as inline SVG: one bar per label, the count at its end.

use maud::{html, Markup};

/// One bar: a label, a count and the CSS colour of the bar.
pub(crate) struct Bar {
    pub label: String,
    pub count: u64,
    pub colour: &'static str,
}

const LABEL_WIDTH: u64 = 170;
const BAR_WIDTH: u64 = 220;
const ROW: u64 = 20;

/// A chart with a title; bars scale to the largest count. Empty input draws a note.
pub(crate) fn bar_chart(title: &str, bars: &[Bar]) -> Markup {
    let max = bars.iter().map(|b| b.count).max().unwrap_or(0).max(1);
    let width = LABEL_WIDTH + BAR_WIDTH + 60;
    let height = ROW * bars.len() as u64 + 4;
    html! {
        div.chart {
            h3 { (title) }
            @if bars.is_empty() {
                p.muted { "None." }
            } @else {
                svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label=(title)
                    width=(width) height=(height) viewBox={ "0 0 " (width) " " (height) }
                    font-family="sans-serif" font-size="12" {
                    @for (i, bar) in bars.iter().enumerate() {
                        @let y = ROW * i as u64 + 2;
                        @let length = (bar.count * BAR_WIDTH).div_ceil(max).max(1);
                        g.bar {
                            title { (bar.label) ": " (bar.count) }
                            text x=(LABEL_WIDTH - 6) y=(y + 13) text-anchor="end" fill="#1f2328" {
                                (bar.label)
                            }
                            rect x=(LABEL_WIDTH) y=(y + 2) width=(length) height=(ROW - 6)
                                fill=(bar.colour) rx="2" {}
                            text x=(LABEL_WIDTH + length + 5) y=(y + 13) fill="#59636e" {
                                (bar.count)
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn widths(svg: &str) -> Vec<u64> {
        svg.match_indices("<rect ")
            .map(|(i, _)| {
                let w = &svg[i..][svg[i..].find("width=\"").unwrap() + 7..];
                w[..w.find('"').unwrap()].parse().unwrap()
            })
            .collect()
    }

    #[test]
    fn bars_scale_to_the_largest_count() {
        let bar = |label: &str, count| Bar {
            label: label.into(),
            count,
            colour: "red",
        };
        let svg = bar_chart("t", &[bar("a", 10), bar("b", 5), bar("c", 1)]).into_string();
        assert_eq!(
            widths(&svg),
            [BAR_WIDTH, BAR_WIDTH / 2, BAR_WIDTH.div_ceil(10)]
        );
        assert!(svg.contains("<title>b: 5</title>"));
        assert!(bar_chart("t", &[]).into_string().contains("None."));
    }
}
