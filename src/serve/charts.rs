//! The pictures, drawn on the server as SVG with plotters: the page carries them inline, so
//! they need no script and no request. Every label is text from the ledger made safe
//! ([`crate::view::inert::safe`]) and escaped by plotters' SVG writer. A picture that cannot be
//! drawn is left out, never drawn half.

use plotters::prelude::*;

use super::gather::Span;
use crate::i18n::time::rounds_per;
use crate::rules::clock::Unit;
use crate::tr;

/// Every picture is this wide (it is scaled to the page's width) and uses this font.
const WIDTH: u32 = 640;
const FONT: &str = "sans-serif";
/// Large enough to read once the picture is shrunk to a phone's width.
const SIZE: u32 = 26;
const INK: RGBColor = RGBColor(0x33, 0x2b, 0x22);

type Drawn = std::result::Result<(), Box<dyn std::error::Error>>;

/// Draw into a new SVG of `height`; empty if drawing failed.
fn svg(
    height: u32,
    draw: impl FnOnce(&DrawingArea<SVGBackend, plotters::coord::Shift>) -> Drawn,
) -> String {
    let mut text = String::new();
    let drawn = {
        let root = SVGBackend::with_string(&mut text, (WIDTH, height)).into_drawing_area();
        draw(&root).and_then(|()| root.present().map_err(Into::into))
    };
    match drawn {
        Ok(()) => text,
        Err(_) => String::new(),
    }
}

/// The colour of series `i`: the page's own earthy colours, in turn.
fn colour(i: usize) -> RGBColor {
    const COLOURS: [RGBColor; 6] = [
        RGBColor(0x7a, 0x3b, 0x12),
        RGBColor(0x2f, 0x6f, 0x8f),
        RGBColor(0x5b, 0x8c, 0x3a),
        RGBColor(0xc2, 0x8f, 0x2c),
        RGBColor(0x6b, 0x4c, 0x9a),
        RGBColor(0xa0, 0x52, 0x7d),
    ];
    COLOURS[i % COLOURS.len()]
}

/// Items found in each play session, as bars.
pub fn found_per_session(found: &[(u32, u32)]) -> String {
    let (Some(first), Some(last)) = (found.first(), found.last()) else {
        return String::new();
    };
    let top = found.iter().map(|(_, n)| *n).max().unwrap_or(0) + 1;
    svg(320, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(12)
            .x_label_area_size(64)
            .y_label_area_size(64)
            .build_cartesian_2d((first.0..last.0).into_segmented(), 0u32..top)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .y_labels(6)
            .x_desc(tr!("session", "session"))
            .y_desc(tr!("items", "objets"))
            .label_style((FONT, SIZE).into_font().color(&INK))
            .axis_desc_style((FONT, SIZE).into_font().color(&INK))
            .draw()?;
        chart.draw_series(
            Histogram::vertical(&chart)
                .style(colour(0).filled())
                .margin(6)
                .data(found.iter().map(|(session, n)| (*session, *n))),
        )?;
        Ok(())
    })
}

/// Each item's charges over the campaign, by game day, a line each.
pub fn charges(items: &[(String, Vec<(i64, i32)>)]) -> String {
    let points = || items.iter().flat_map(|(_, p)| p.iter());
    let day = |t: i64| t as f64 / rounds_per(Unit::Days) as f64 + 1.0;
    let (Some(start), Some(end)) = (
        points().map(|(t, _)| *t).min(),
        points().map(|(t, _)| *t).max(),
    ) else {
        return String::new();
    };
    let top = points().map(|(_, c)| *c).max().unwrap_or(0).max(1) + 1;
    let height = 320 + 26 * items.len() as u32;
    svg(height, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(12)
            .x_label_area_size(64)
            .y_label_area_size(64)
            .build_cartesian_2d(day(start)..day(end).max(day(start) + 1.0), 0..top)?;
        chart
            .configure_mesh()
            .x_desc(tr!("game day", "jour de jeu"))
            .y_desc(tr!("charges", "charges"))
            .x_labels(6)
            .y_labels(6)
            .x_label_formatter(&|d| format!("{}", d.floor()))
            .label_style((FONT, SIZE).into_font().color(&INK))
            .axis_desc_style((FONT, SIZE).into_font().color(&INK))
            .draw()?;
        for (i, (name, series)) in items.iter().enumerate() {
            let colour = colour(i);
            chart
                .draw_series(LineSeries::new(
                    series.iter().map(|(t, c)| (day(*t), *c)),
                    colour.stroke_width(3),
                ))?
                .label(crate::view::inert::safe(name))
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(3))
                });
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::LowerLeft)
            .label_font((FONT, SIZE).into_font().color(&INK))
            .background_style(WHITE.mix(0.85))
            .border_style(INK)
            .draw()?;
        Ok(())
    })
}

/// A row of bars on a shared axis: each bar from `start` to `end` (in `unit`s), coloured by
/// series, named on the row above it.
struct Row {
    label: String,
    bars: Vec<(f64, f64, usize, String)>,
}

fn rows(rows: &[Row], start: f64, end: f64, axis: String) -> String {
    let height = 100 + 84 * rows.len() as u32;
    let n = rows.len() as f64;
    // Whole numbers, unless the axis spans less than three.
    let precision = usize::from(end - start < 3.0);
    svg(height, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(12)
            .x_label_area_size(64)
            .build_cartesian_2d(start..end, 0.0..n)?;
        chart
            .configure_mesh()
            .disable_y_axis()
            .disable_y_mesh()
            .x_labels(6)
            .x_label_formatter(&|x| format!("{x:.precision$}"))
            .x_desc(axis)
            .label_style((FONT, SIZE).into_font().color(&INK))
            .axis_desc_style((FONT, SIZE).into_font().color(&INK))
            .draw()?;
        for (i, row) in rows.iter().enumerate() {
            // The first row at the top.
            let y = n - i as f64 - 1.0;
            for (from, to, series, _) in &row.bars {
                chart.draw_series(std::iter::once(Rectangle::new(
                    [(*from, y + 0.05), (*to, y + 0.45)],
                    colour(*series).filled(),
                )))?;
            }
            let label = std::iter::once(&row.label)
                .chain(row.bars.iter().map(|b| &b.3).filter(|l| !l.is_empty()))
                .cloned()
                .collect::<Vec<_>>()
                .join(" · ");
            chart.draw_series(std::iter::once(Text::new(
                crate::view::inert::safe(&label),
                (start, y + 0.95),
                (FONT, SIZE + 6).into_font().color(&INK),
            )))?;
        }
        Ok(())
    })
}

/// The game clock of running effects as the players feel them: how long each has run, in
/// turns or hours (never what is left: `rules::effect::Effect::felt`).
pub fn effects_clock(effects: &[(String, i64)]) -> String {
    let longest = effects.iter().map(|(_, since)| *since).max().unwrap_or(0);
    let (unit, axis) = if longest <= 6 * rounds_per(Unit::Hours) {
        (
            rounds_per(Unit::Turns),
            tr!("turns so far", "tours écoulés"),
        )
    } else {
        (
            rounds_per(Unit::Hours),
            tr!("hours so far", "heures écoulées"),
        )
    };
    let rows_: Vec<Row> = effects
        .iter()
        .enumerate()
        .map(|(i, (label, since))| Row {
            label: label.clone(),
            bars: vec![(0.0, *since as f64 / unit as f64, i, String::new())],
        })
        .collect();
    let end = (longest as f64 / unit as f64).max(1.0);
    rows(&rows_, 0.0, end, axis)
}

/// Which sword controlled whom, by game day: a row per sword, a bar per stretch of control
/// coloured by the character, named with the character and why.
pub fn control_timeline(spans: &[Span], now: i64) -> String {
    let day = |t: i64| t as f64 / rounds_per(Unit::Days) as f64 + 1.0;
    let mut characters: Vec<&str> = spans.iter().map(|s| s.character.as_str()).collect();
    characters.sort_unstable();
    characters.dedup();
    let mut swords: Vec<Row> = Vec::new();
    for s in spans {
        let series = characters
            .iter()
            .position(|c| *c == s.character)
            .unwrap_or(0);
        let label = format!("{} ({})", s.character, s.why);
        let bar = (day(s.from), day(s.to.unwrap_or(now)), series, label);
        match swords.iter_mut().find(|r| r.label == s.sword) {
            Some(row) => row.bars.push(bar),
            None => swords.push(Row {
                label: s.sword.clone(),
                bars: vec![bar],
            }),
        }
    }
    let start = spans.iter().map(|s| s.from).min().unwrap_or(0);
    // A bar still open runs to now; one that began and ended in the same round still shows.
    let end = day(now).max(day(start) + 0.25);
    for row in &mut swords {
        for bar in &mut row.bars {
            bar.1 = bar.1.max(bar.0 + (end - day(start)) / 200.0);
        }
    }
    rows(&swords, day(start), end, tr!("game day", "jour de jeu"))
}
