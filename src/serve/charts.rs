//! The pictures, drawn on the server as SVG with plotters: the page carries them inline, so
//! they need no script and no request. Every label is text from the ledger made safe
//! ([`crate::view::inert::safe`]) and escaped by plotters' SVG writer. A picture that cannot be
//! drawn is left out, never drawn half.
//!
//! Each picture is drawn for a [`Canvas`]: the phone's and the desktop's, so that its text
//! reads at the page's own size on both (the page shows the one that fits). Each carries a
//! `<title>` and a `<desc>` that say in words what it shows, for screen readers. Time runs
//! from the first event shown to now, its ticks in the game time a referee counts (rounds,
//! turns, hours, days: [`ticks`]).

use plotters::coord::combinators::BindKeyPoints as _;
use plotters::prelude::*;

use super::gather::Span;
use crate::i18n::time::{GameTime, rounds_per, span};
use crate::rules::clock::Unit;
use crate::tr;
use crate::view::inert::safe;

/// The size a picture is drawn at: its width, which the page shows it at (shrunk on a narrow
/// phone), and its text, the page's own.
#[derive(Clone, Copy)]
pub struct Canvas {
    width: u32,
    font: u32,
}

/// A phone's column (a 375-pixel screen less the page's margins), and a desktop's.
pub const PHONE: Canvas = Canvas {
    width: 360,
    font: 21,
};
pub const DESKTOP: Canvas = Canvas {
    width: 720,
    font: 21,
};

impl Canvas {
    fn margin(self) -> u32 {
        self.font / 2 + 4
    }

    /// Room for the axes' labels and their description.
    fn label_area(self) -> u32 {
        self.font * 3
    }

    /// How many characters of text fit on a line across the picture (a sans-serif letter is
    /// about half as wide as the text is tall; a little more, to be safe).
    fn columns(self) -> usize {
        ((self.width - 2 * self.margin()) as usize * 10) / (self.font as usize * 6)
    }

    /// About how wide `text` is drawn (as [`Canvas::columns`] counts a letter).
    fn text_width(self, text: &str) -> u32 {
        text.chars().count() as u32 * self.font * 6 / 10
    }

    fn text(self) -> TextStyle<'static> {
        (FONT, self.font).into_font().color(&INK)
    }
}

const FONT: &str = "sans-serif";
const INK: RGBColor = RGBColor(0x33, 0x2b, 0x22);

type Drawn = Result<(), Box<dyn std::error::Error>>;

/// Draw into a new SVG of `height` on `canvas`, titled and described for screen readers;
/// empty if drawing failed.
fn svg(
    canvas: Canvas,
    height: u32,
    words: (&str, &str),
    draw: impl FnOnce(&DrawingArea<SVGBackend<'_>, plotters::coord::Shift>) -> Drawn,
) -> String {
    let mut text = String::new();
    let drawn = {
        let root = SVGBackend::with_string(&mut text, (canvas.width, height)).into_drawing_area();
        draw(&root).and_then(|()| root.present().map_err(Into::into))
    };
    match (drawn, text.find('>')) {
        (Ok(()), Some(end)) => {
            let (title, desc) = words;
            let said = maud::html! { title { (title) } desc { (desc) } };
            let open = text[..end].replacen("<svg ", "<svg role=\"img\" ", 1);
            format!("{open}>{}{}", said.into_string(), &text[end + 1..])
        }
        _ => String::new(),
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

/// At most this many ticks on a time axis, after the first.
const TICKS: i64 = 6;

/// The ticks of a time axis from `start` to `end` (rounds): every whole step of game time a
/// referee counts in — rounds, turns, hours, days, weeks — the smallest that needs no more
/// than `most` ([`TICKS`] at most), from `start`.
pub fn ticks(start: i64, end: i64, most: i64) -> Vec<i64> {
    let (turn, hour, day) = (
        rounds_per(Unit::Turns),
        rounds_per(Unit::Hours),
        rounds_per(Unit::Days),
    );
    let span = (end - start).max(1);
    // Rounds only under a turn, so the labels never mix rounds and turns.
    let rounds = [1, 2, 5, 10, 20, 30]
        .into_iter()
        .filter(|r| *r < turn && span < turn);
    let hours = [1, 2, 3, 6, 12].map(|h| h * hour);
    let days = [1, 2, 5, 7, 14, 28, 56, 112, 224, 336].map(|d| d * day);
    let step = rounds
        .chain([turn, 2 * turn, 3 * turn])
        .chain(hours)
        .chain(days)
        .find(|step| span / step <= most)
        .unwrap_or_else(|| (span / most.max(1) / day + 1) * day);
    (0..=span / step).map(|k| start + k * step).collect()
}

/// A time axis `width` pixels long from `start` to `end`: its ticks, as many as their labels
/// fit side by side with room between them ([`ticks`]), and the room its last label needs past
/// the axis' end, where it would be cut off (half of it: a label is centred on its tick).
fn axis(canvas: Canvas, (start, end): (i64, i64), width: u32) -> (Vec<i64>, u32) {
    let label = |t: &i64| canvas.text_width(&tick_label(t - start));
    let span = (end - start).max(1) as f64;
    let mut most = TICKS;
    loop {
        let t = ticks(start, end, most);
        let widest = t.iter().map(label).max().unwrap_or(0);
        let past = t.last().map(label).unwrap_or(0) / 2;
        let step = match t.as_slice() {
            [a, b, ..] => (b - a) as f64,
            _ => span,
        };
        let apart = f64::from(width.saturating_sub(past)) * step / span;
        // Never fewer than two ticks where there were two: crowded is better than no axis.
        let fewer = ticks(start, end, most - 1).len();
        if most <= 1 || apart >= f64::from(widest + canvas.font) || (fewer < 2 && t.len() >= 2) {
            return (t, past);
        }
        most -= 1;
    }
}

/// A tick's label: the game time since the axis began (`0`, `2 turns`, `6 h`, `3 days`).
fn tick_label(since: i64) -> String {
    if since == 0 { "0".into() } else { span(since) }
}

/// Wrap `text` into lines of at most `columns` characters, at spaces where it can.
fn wrap(text: &str, columns: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let mut word: Vec<char> = word.chars().collect();
        while !word.is_empty() {
            let room = if line.is_empty() {
                columns
            } else {
                columns.saturating_sub(line.chars().count() + 1)
            };
            if word.len() <= room {
                if !line.is_empty() {
                    line.push(' ');
                }
                line.extend(word.drain(..));
            } else if line.is_empty() {
                line.extend(word.drain(..columns.max(1)));
                lines.push(std::mem::take(&mut line));
            } else {
                lines.push(std::mem::take(&mut line));
            }
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// The treasure found in each play session, by its worth in gold pieces, as bars (a session
/// is a bar among at least four bars' room, never the whole width).
pub fn found_per_session(canvas: Canvas, found: &[(u32, i64)]) -> String {
    if found.is_empty() {
        return String::new();
    }
    let gp = |copper: i64| copper as f64 / 100.0;
    let top = found.iter().map(|(_, c)| gp(*c)).fold(1.0, f64::max) * 1.1;
    // In tenths of a bar's room, each bar centred in its own.
    let slots = found.len().max(4) as i64 * 10;
    let pad = (slots - found.len() as i64 * 10) / 2;
    // A label on at most eight sessions, evenly.
    let every = found.len().div_ceil(8);
    let labelled: Vec<i64> = (0..found.len() as i64)
        .step_by(every)
        .map(|i| pad + i * 10 + 5)
        .collect();
    let session_at = |x: i64| {
        usize::try_from((x - pad) / 10)
            .ok()
            .and_then(|i| found.get(i))
            .map(|(n, _)| n.to_string())
            .unwrap_or_default()
    };
    let title = tr!(
        "Treasure found per session, in gold pieces",
        "Trésor trouvé par session, en pièces d'or"
    );
    let desc = found
        .iter()
        .map(|(n, c)| {
            let worth = crate::view::money::worth(*c);
            tr!("session {n}: {worth}", "session {n} : {worth}")
        })
        .collect::<Vec<_>>()
        .join("; ");
    let area = canvas.label_area();
    svg(canvas, canvas.width / 2, (&title, &desc), |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(canvas.margin())
            .x_label_area_size(area)
            .y_label_area_size(area + canvas.font)
            .build_cartesian_2d((0..slots).with_key_points(labelled), 0.0..top)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .y_labels(5)
            .y_label_formatter(&|v| format!("{v:.0}"))
            .x_label_formatter(&|x| session_at(*x))
            .x_desc(tr!("session", "session"))
            .y_desc(tr!("gp", "po"))
            .label_style(canvas.text())
            .axis_desc_style(canvas.text())
            .light_line_style(TRANSPARENT)
            .draw()?;
        chart.draw_series(found.iter().enumerate().map(|(i, (_, c))| {
            let x = pad + i as i64 * 10;
            Rectangle::new([(x + 2, 0.0), (x + 8, gp(*c))], colour(0).filled())
        }))?;
        Ok(())
    })
}

/// Each item's charges over the campaign: a step at each moment charges were spent or
/// restored, each line running on to now; the names below the picture, never over a line.
pub fn charges(canvas: Canvas, items: &[(String, Vec<(i64, i32)>)], now: i64) -> String {
    let points = || items.iter().flat_map(|(_, p)| p.iter());
    let Some(start) = points().map(|(t, _)| *t).min() else {
        return String::new();
    };
    let end = now.max(start + 1);
    let top = points().map(|(_, c)| *c).max().unwrap_or(0).max(1) + 1;
    let names: Vec<Vec<String>> = items
        .iter()
        .map(|(name, _)| wrap(&safe(name), canvas.columns().saturating_sub(3)))
        .collect();
    let line = canvas.font * 13 / 10;
    let legend = names.iter().map(|n| n.len() as u32).sum::<u32>() * line + canvas.font;
    let plot = canvas.width * 5 / 8;
    let title = tr!(
        "Charges of the items the party knows, over game time",
        "Charges des objets que le groupe connaît, au fil du temps de jeu"
    );
    let desc = items
        .iter()
        .map(|(name, series)| {
            let steps = series
                .iter()
                .map(|(t, c)| tr!("{c} at {}", "{c} le {}", GameTime(*t)))
                .collect::<Vec<_>>()
                .join(", ");
            tr!("{}: {steps}", "{} : {steps}", safe(name))
        })
        .collect::<Vec<_>>()
        .join("; ");
    let area = canvas.label_area();
    svg(canvas, plot + legend, (&title, &desc), |root| {
        let (upper, lower) = root.split_vertically(plot);
        let (ticks, past) = axis(
            canvas,
            (start, end),
            canvas.width - 2 * canvas.margin() - area,
        );
        let mut chart = ChartBuilder::on(&upper)
            .margin(canvas.margin())
            .margin_right(canvas.margin() + past)
            .x_label_area_size(area)
            .y_label_area_size(area)
            .build_cartesian_2d((start..end).with_key_points(ticks), 0..top)?;
        chart
            .configure_mesh()
            .x_desc(tr!(
                "game time since {}",
                "temps de jeu depuis le {}",
                GameTime(start)
            ))
            .y_desc(tr!("charges", "charges"))
            .y_labels(5)
            .x_label_formatter(&|t| tick_label(t - start))
            .label_style(canvas.text())
            .axis_desc_style(canvas.text())
            .light_line_style(TRANSPARENT)
            .draw()?;
        let mut y = (canvas.font / 2) as i32;
        for (i, ((_, series), name)) in items.iter().zip(&names).enumerate() {
            let colour = colour(i);
            // A charge is spent at one moment: the line keeps its level until then.
            let mut steps = Vec::new();
            for (t, c) in series {
                if let Some(&(_, before)) = steps.last() {
                    steps.push((*t, before));
                }
                steps.push((*t, *c));
            }
            if let Some(&(_, last)) = steps.last() {
                steps.push((end, last));
            }
            chart.draw_series(LineSeries::new(steps, colour.stroke_width(3)))?;
            let x = canvas.margin() as i32;
            let mid = y + (canvas.font / 2) as i32;
            lower.draw(&PathElement::new(
                vec![(x, mid), (x + 2 * canvas.font as i32, mid)],
                colour.stroke_width(4),
            ))?;
            for text in name {
                lower.draw(&Text::new(
                    text.clone(),
                    (x + 3 * canvas.font as i32, y),
                    canvas.text(),
                ))?;
                y += line as i32;
            }
        }
        Ok(())
    })
}

/// A row of a picture of bars on a shared time axis: its name (wrapped above the bar) and its
/// bar, from and to (rounds), coloured as series `colour`.
struct Row {
    label: String,
    from: i64,
    to: i64,
    colour: usize,
}

/// Rows of bars on a time axis from `start` to `end`, whose ticks read `axis` below; each
/// row's name is written whole above its bar, on as many lines as it takes.
fn rows(canvas: Canvas, rows: &[Row], (start, end): (i64, i64), words: (&str, &str)) -> String {
    let (title, desc) = words;
    let names: Vec<Vec<String>> = rows
        .iter()
        .map(|r| wrap(&safe(&r.label), canvas.columns()))
        .collect();
    // In lines of text: each row's name, then its bar (a line high), then a gap.
    let bar = 1.0;
    let gap = 0.5;
    let units: f64 = names.iter().map(|n| n.len() as f64 + bar + gap).sum();
    let line = f64::from(canvas.font) * 1.3;
    let area = canvas.label_area();
    let height = (units * line) as u32 + area + 2 * canvas.margin();
    // A bar that began and ended in the same round still shows.
    let least = ((end - start) / 100).max(1);
    svg(canvas, height, (title, desc), |root| {
        let (ticks, past) = axis(canvas, (start, end), canvas.width - 2 * canvas.margin());
        let mut chart = ChartBuilder::on(root)
            .margin(canvas.margin())
            .margin_right(canvas.margin() + past)
            .x_label_area_size(area)
            .build_cartesian_2d((start..end).with_key_points(ticks), 0.0..units)?;
        chart
            .configure_mesh()
            .disable_y_axis()
            .disable_y_mesh()
            .x_label_formatter(&|t| tick_label(t - start))
            .x_desc(if start == 0 {
                tr!("game time so far", "temps de jeu écoulé")
            } else {
                tr!(
                    "game time since {}",
                    "temps de jeu depuis le {}",
                    GameTime(start)
                )
            })
            .label_style(canvas.text())
            .axis_desc_style(canvas.text())
            .light_line_style(TRANSPARENT)
            .draw()?;
        // The first row at the top.
        let mut top = units;
        for (row, name) in rows.iter().zip(&names) {
            for text in name {
                chart.draw_series(std::iter::once(Text::new(
                    text.clone(),
                    (start, top - 0.1),
                    canvas.text(),
                )))?;
                top -= 1.0;
            }
            let to = row.to.max(row.from + least);
            chart.draw_series(std::iter::once(Rectangle::new(
                [(row.from, top - 0.1), (to, top - bar + 0.1)],
                colour(row.colour).filled(),
            )))?;
            top -= bar + gap;
        }
        Ok(())
    })
}

/// The game clock of running effects as the players feel them: how long each has run (never
/// what is left: `rules::effect::Effect::felt`).
pub fn effects_clock(canvas: Canvas, effects: &[(String, i64)]) -> String {
    let longest = effects.iter().map(|(_, since)| *since).max().unwrap_or(0);
    let rows_: Vec<Row> = effects
        .iter()
        .enumerate()
        .map(|(i, (label, since))| Row {
            label: label.clone(),
            from: 0,
            to: *since,
            colour: i,
        })
        .collect();
    let title = tr!(
        "Running effects: game time so far",
        "Effets en cours : temps de jeu écoulé"
    );
    let desc = effects
        .iter()
        .map(|(label, since)| tr!("{}: {}", "{} : {}", safe(label), span(*since)))
        .collect::<Vec<_>>()
        .join("; ");
    rows(canvas, &rows_, (0, longest.max(1)), (&title, &desc))
}

/// Which sword controlled whom, from the first control to now: a row for each stretch of
/// control (two over one holder are two rows), coloured by the character, named with the
/// sword, the character and why; one still in force runs to now.
pub fn control_timeline(canvas: Canvas, spans: &[Span], now: i64) -> String {
    let mut characters: Vec<&str> = spans.iter().map(|s| s.character.as_str()).collect();
    characters.sort_unstable();
    characters.dedup();
    let said = |s: &Span| {
        tr!(
            "{} over {}: {}",
            "{} sur {} : {}",
            s.sword,
            s.character,
            s.why
        )
    };
    let rows_: Vec<Row> = spans
        .iter()
        .map(|s| Row {
            label: said(s),
            from: s.from,
            to: s.to.unwrap_or(now),
            colour: characters
                .iter()
                .position(|c| *c == s.character)
                .unwrap_or(0),
        })
        .collect();
    let start = spans.iter().map(|s| s.from).min().unwrap_or(now);
    let title = tr!(
        "Which sword controlled whom, and why",
        "Quelle épée a contrôlé qui, et pourquoi"
    );
    let desc = spans
        .iter()
        .map(|s| match s.to {
            Some(to) => tr!(
                "{}, from {} to {}",
                "{}, du {} au {}",
                safe(&said(s)),
                GameTime(s.from),
                GameTime(to)
            ),
            None => tr!(
                "{}, since {}",
                "{}, depuis le {}",
                safe(&said(s)),
                GameTime(s.from)
            ),
        })
        .collect::<Vec<_>>()
        .join("; ");
    rows(canvas, &rows_, (start, now.max(start + 1)), (&title, &desc))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_whole_steps_of_game_time_from_the_first_event() {
        let (turn, hour, day) = (
            rounds_per(Unit::Turns),
            rounds_per(Unit::Hours),
            rounds_per(Unit::Days),
        );
        assert_eq!(ticks(100, 103, TICKS), vec![100, 101, 102, 103]);
        assert_eq!(ticks(0, 3 * turn, TICKS), vec![0, turn, 2 * turn, 3 * turn]);
        assert_eq!(
            ticks(0, 5 * hour + 1, TICKS),
            (0..=5).map(|h| h * hour).collect::<Vec<_>>()
        );
        assert_eq!(
            ticks(day, 8 * day, TICKS),
            vec![day, 3 * day, 5 * day, 7 * day]
        );
        for (start, end) in [(0, 1), (7, 7), (0, 59), (5, 9_999), (0, 400 * day)] {
            let t = ticks(start, end, TICKS);
            assert!(
                t.len() as i64 <= TICKS + 1 && !t.is_empty(),
                "{start}..{end}: {t:?}"
            );
            assert!(t.windows(2).all(|w| w[0] < w[1]));
            assert!(t.iter().all(|x| (start..=end.max(start + 1)).contains(x)));
        }
    }

    #[test]
    fn an_axis_keeps_the_ticks_whose_labels_fit_and_room_for_the_last() {
        let long = |c: Canvas| axis(c, (0, 5), c.width - 2 * c.margin());
        let (phone, past) = long(PHONE);
        let (desktop, _) = long(DESKTOP);
        assert_eq!(desktop, (0..=5).collect::<Vec<_>>());
        assert!(phone.len() >= 2 && phone.len() < desktop.len(), "{phone:?}");
        assert!(past >= PHONE.text_width("4 rounds") / 2, "{past}");
    }

    #[test]
    fn tick_labels_are_distinct_and_read_as_game_time() {
        let hour = rounds_per(Unit::Hours);
        let labels: Vec<String> = ticks(0, 30 * hour, TICKS)
            .iter()
            .map(|t| tick_label(*t))
            .collect();
        assert_eq!(labels[0], "0");
        let mut unique = labels.clone();
        unique.dedup();
        assert_eq!(unique, labels);
    }

    #[test]
    fn a_long_name_wraps_whole_and_nothing_is_lost() {
        let name = "Arnaud le Très-Long: Potion of Extraordinarily Lengthy Invisibility";
        let lines = wrap(name, 20);
        assert!(lines.iter().all(|l| l.chars().count() <= 20), "{lines:?}");
        assert_eq!(lines.join(" "), name);
        let word = "x".repeat(45);
        assert_eq!(wrap(&word, 20).concat(), word);
        assert_eq!(wrap("", 20), vec![String::new()]);
    }
}
