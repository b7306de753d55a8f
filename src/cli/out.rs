//! Printing: one JSON document or human text, buffered, with user text made safe for a
//! terminal (names are stored verbatim; control characters are shown, never obeyed).
//! Colour marks what matters at the table (a sword taking control, a scroll fading) and is
//! used only on a terminal, never with `NO_COLOR`, so piped text stays plain and stable.

use std::io::{BufWriter, Stdout, Write};

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Attribute, Cell, ContentArrangement, Table};
use serde::Serialize;

use crate::error::{Error, Result};
use crate::ledger::Event;
use crate::view::describe::{describe, tone};
use crate::view::inert::{inert_json, safe, safe_lines};
use crate::view::tone::Tone;

pub struct Out {
    json: bool,
    /// The command would record, but runs under `--dry-run`: its JSON says so.
    dry_run: bool,
    color: bool,
    w: Sink,
}

/// Where a command's output goes: the terminal, or kept for a web form's answer
/// (`serve`'s console), which words it on a page instead.
enum Sink {
    Stdout(BufWriter<Stdout>),
    Kept(Vec<u8>),
}

/// Colour on a terminal, unless `NO_COLOR` is set to anything (see no-color.org).
pub fn colour_wanted(json: bool) -> bool {
    !json
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        && std::io::IsTerminal::is_terminal(&std::io::stdout())
}

impl Out {
    pub fn new(json: bool) -> Self {
        Out {
            json,
            dry_run: false,
            color: colour_wanted(json),
            w: Sink::Stdout(BufWriter::new(std::io::stdout())),
        }
    }

    /// Output kept rather than printed, never coloured: what the command would have printed,
    /// for an edge that shows it elsewhere ([`Out::kept`]).
    pub fn keeping(json: bool) -> Self {
        Out {
            json,
            dry_run: false,
            color: false,
            w: Sink::Kept(Vec::new()),
        }
    }

    /// Whether the output is kept rather than printed.
    pub fn keeps(&self) -> bool {
        matches!(self.w, Sink::Kept(_))
    }

    /// What was kept: the text the command would have printed.
    pub fn kept(self) -> String {
        match self.w {
            Sink::Kept(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Sink::Stdout(_) => String::new(),
        }
    }

    pub fn json(&self) -> bool {
        self.json
    }

    /// The command records, and runs under `--dry-run`: from now on every JSON object it
    /// prints (a document, each object of an array, each line) has `"dry_run": true`.
    pub fn dry_run(&mut self) {
        self.dry_run = true;
    }

    /// `value` as JSON text (pretty or compact), marked as a dry run's if this is one.
    fn text<T: Serialize>(&self, value: &T, pretty: bool) -> Result<String> {
        let text = if self.dry_run {
            let mut value = serde_json::to_value(value).map_err(|e| Error::Io(e.into()))?;
            let objects: Vec<&mut serde_json::Value> = match &mut value {
                serde_json::Value::Array(items) => items.iter_mut().collect(),
                one => vec![one],
            };
            for fields in objects.into_iter().filter_map(|o| o.as_object_mut()) {
                fields.insert("dry_run".into(), true.into());
            }
            render(&value, pretty)
        } else {
            render(value, pretty)
        };
        text.map_err(|e| Error::Io(e.into()))
    }

    /// One pretty JSON document.
    pub fn doc<T: Serialize>(&mut self, value: &T) -> Result<()> {
        let text = self.text(value, true)?;
        self.write(&inert_json(&text))?;
        self.write("\n")
    }

    /// One compact JSON object on its own line (for streams such as `log --json`).
    pub fn json_line<T: Serialize>(&mut self, value: &T) -> Result<()> {
        self.json_compact(value)?;
        self.write("\n")
    }

    /// One compact JSON value, no newline (for streamed arrays).
    pub fn json_compact<T: Serialize>(&mut self, value: &T) -> Result<()> {
        let text = self.text(value, false)?;
        self.write(&inert_json(&text))
    }

    /// JSON punctuation of hoard's own, no newline (for streamed arrays).
    pub fn raw(&mut self, text: &str) -> Result<()> {
        self.write(&safe_lines(text))
    }

    /// A line of text; whatever a terminal would obey in it is shown instead ([`safe`]).
    pub fn line(&mut self, text: &str) -> Result<()> {
        self.write(&safe_lines(text))?;
        self.write("\n")
    }

    /// A line in the colour of its tone (plain when colour is off).
    pub fn toned(&mut self, tone: Tone, text: &str) -> Result<()> {
        if !self.color || tone == Tone::Plain {
            return self.line(text);
        }
        let style = tone.style();
        let text = safe_lines(text);
        self.write(&format!("{style}{text}{style:#}\n"))
    }

    /// Every byte to stdout goes through here: a failure is [`Error::Output`], which tells
    /// the edge that the command's own work is done.
    fn write(&mut self, text: &str) -> Result<()> {
        match &mut self.w {
            Sink::Stdout(w) => w.write_all(text.as_bytes()).map_err(Error::Output),
            Sink::Kept(kept) => {
                kept.extend_from_slice(text.as_bytes());
                Ok(())
            }
        }
    }

    /// An event as one sentence, in its tone: on a line of its own it starts with a capital,
    /// like every other sentence a command prints (in the log's rows it stays as written).
    pub fn event(&mut self, event: &Event) -> Result<()> {
        self.toned(tone(event), &sentence(&describe(event)))
    }

    pub fn heading(&mut self, text: &str) -> Result<()> {
        self.toned(Tone::Heading, text)
    }

    pub fn table(&mut self, mut table: Rows) -> Result<()> {
        if self.keeps() {
            // Kept for a page: no terminal's width or styling, whatever the process's stdout.
            table.0.force_no_tty().set_width(100);
        }
        // Not through `line`: the header's bold is an escape of hoard's own, and every cell
        // was made safe as it went in.
        self.write(&table.0.to_string())?;
        self.write("\n")
    }

    /// A list, or when it has no row, what to do to fill it ("no characters yet: …").
    pub fn listing(&mut self, table: Rows, empty: &str) -> Result<()> {
        if table.0.row_count() == 0 {
            return self.line(empty);
        }
        self.table(table)
    }

    pub fn flush(&mut self) -> Result<()> {
        match &mut self.w {
            Sink::Stdout(w) => w.flush().map_err(Error::Output),
            Sink::Kept(_) => Ok(()),
        }
    }
}

fn render<T: Serialize>(value: &T, pretty: bool) -> serde_json::Result<String> {
    if pretty {
        serde_json::to_string_pretty(value)
    } else {
        serde_json::to_string(value)
    }
}

/// A table whose cells are made safe ([`safe`]) as they go in.
pub struct Rows(Table);

impl Rows {
    pub fn add_row<S: AsRef<str>>(&mut self, cells: impl IntoIterator<Item = S>) {
        self.0.add_row(cells.into_iter().map(|c| safe(c.as_ref())));
    }
}

/// A table that fits the terminal (or 100 columns when piped).
pub fn table(header: &[String]) -> Rows {
    let mut table = Table::new();
    table
        .load_preset(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic);
    if colour_wanted(false) {
        table.set_header(
            header
                .iter()
                .map(|h| Cell::new(h).add_attribute(Attribute::Bold)),
        );
    } else {
        table.set_header(header.iter().map(String::as_str));
    }
    if !std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        table.set_width(100);
    }
    Rows(table)
}

/// `text` with its first letter in capitals: `setting scroll-fade = 25%` on a line of its own
/// reads `Setting scroll-fade = 25%`.
pub fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
