//! Printing: one JSON document or human text, buffered, with user text made safe for a
//! terminal (names are stored verbatim; control characters are shown, never obeyed).
//! Colour marks what matters at the table (a sword taking control, a scroll fading) and is
//! used only on a terminal, never with `NO_COLOR`, so piped text stays plain and stable.

use std::io::{BufWriter, Stdout, Write};

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Attribute, Cell, ContentArrangement, Table};
use serde::Serialize;

use super::describe::{describe, tone};
use crate::error::{Error, Result};
use crate::ledger::Event;

pub struct Out {
    json: bool,
    color: bool,
    w: BufWriter<Stdout>,
}

/// What a line means to the referee, which decides its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Plain,
    /// A section title.
    Heading,
    /// Treasure gained, a wielder holding, a character healed.
    Good,
    /// Treasure lost: a scroll fading, a wand crumbling, a spell failing, a wound.
    Loss,
    /// A sword taking control or making demands.
    Danger,
}

impl Tone {
    fn style(self) -> anstyle::Style {
        use anstyle::{AnsiColor, Style};
        match self {
            Tone::Plain => Style::new(),
            Tone::Heading => Style::new().bold(),
            Tone::Good => AnsiColor::Green.on_default(),
            Tone::Loss => AnsiColor::Yellow.on_default(),
            Tone::Danger => AnsiColor::Red.on_default().bold(),
        }
    }
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
            color: colour_wanted(json),
            w: BufWriter::new(std::io::stdout()),
        }
    }

    pub fn json(&self) -> bool {
        self.json
    }

    /// One pretty JSON document.
    pub fn doc<T: Serialize>(&mut self, value: &T) -> Result<()> {
        let text = serde_json::to_string_pretty(value).map_err(|e| Error::Io(e.into()))?;
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
        let text = serde_json::to_string(value).map_err(|e| Error::Io(e.into()))?;
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
        self.w.write_all(text.as_bytes()).map_err(Error::Output)
    }

    /// An event as one sentence, in its tone: on a line of its own it starts with a capital,
    /// like every other sentence a command prints (in the log's rows it stays as written).
    pub fn event(&mut self, event: &Event) -> Result<()> {
        self.toned(tone(event), &sentence(&describe(event)))
    }

    pub fn heading(&mut self, text: &str) -> Result<()> {
        self.toned(Tone::Heading, text)
    }

    pub fn table(&mut self, table: Rows) -> Result<()> {
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
        self.w.flush().map_err(Error::Output)
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

/// Whether a terminal would obey a character rather than show it: C0 and C1 controls and
/// DEL (escape sequences, clearing the screen, setting the window title), the line and
/// paragraph separators, and the bidirectional controls that reorder the text after them
/// (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C).
pub fn obeyed(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061c}'
                | '\u{200e}'
                | '\u{200f}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2066}'..='\u{2069}'
        )
}

/// Text from outside made safe to print — the one function every view goes through (the
/// terminal's and the web server's): what a terminal would obey ([`obeyed`]) is shown as
/// `\n`, `\u{1b}`, `\u{202e}` … instead.
pub fn safe(text: &str) -> String {
    if !text.chars().any(obeyed) {
        return text.to_string();
    }
    text.chars()
        .map(|c| match c {
            '\n' => "\\n".to_string(),
            '\t' => "\\t".to_string(),
            '\r' => "\\r".to_string(),
            c if obeyed(c) => format!("\\u{{{:x}}}", c as u32),
            c => c.to_string(),
        })
        .collect()
}

/// A writer of JSON lines that makes each line inert ([`inert_json`]) when `inert`, and passes
/// the bytes through otherwise.
pub struct InertLines<W: Write> {
    w: W,
    inert: bool,
    line: Vec<u8>,
}

impl<W: Write> InertLines<W> {
    pub fn new(w: W, inert: bool) -> Self {
        InertLines {
            w,
            inert,
            line: Vec::new(),
        }
    }
}

impl<W: Write> Write for InertLines<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if !self.inert {
            return self.w.write(bytes);
        }
        for &b in bytes {
            self.line.push(b);
            if b == b'\n' {
                let text = String::from_utf8_lossy(&self.line);
                self.w.write_all(inert_json(&text).as_bytes())?;
                self.line.clear();
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !self.line.is_empty() {
            let text = String::from_utf8_lossy(&self.line).into_owned();
            self.w.write_all(inert_json(&text).as_bytes())?;
            self.line.clear();
        }
        self.w.flush()
    }
}

/// Text of several lines made safe line by line: hoard's own line breaks stay.
fn safe_lines(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(|c| c != '\n' && obeyed(c)) {
        return text.into();
    }
    text.split('\n')
        .map(safe)
        .collect::<Vec<_>>()
        .join("\n")
        .into()
}

/// JSON text with what a terminal would obey escaped as `\uXXXX`. serde_json escapes C0
/// controls itself; DEL, C1 and the bidi controls it leaves raw, and they can only stand in
/// strings (everything outside a string is ASCII), where the escape means the same character.
pub fn inert_json(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(|c| c >= '\u{7f}' && obeyed(c)) {
        return text.into();
    }
    text.chars()
        .map(|c| match c {
            c if c >= '\u{7f}' && obeyed(c) => format!("\\u{:04x}", c as u32),
            c => c.to_string(),
        })
        .collect::<String>()
        .into()
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

#[cfg(test)]
mod tests {
    use super::{inert_json, safe, safe_lines};

    #[test]
    fn json_shows_bidi_and_c1_as_escapes_with_the_same_meaning() {
        let text = serde_json::to_string("a\u{202e}b\u{9b}c\u{7f}\n").unwrap();
        let inert = inert_json(&text);
        assert_eq!(inert, r#""a\u202eb\u009bc\u007f\n""#);
        let back: String = serde_json::from_str(&inert).unwrap();
        assert_eq!(back, "a\u{202e}b\u{9b}c\u{7f}\n");
    }

    #[test]
    fn lines_keep_their_breaks_and_lose_their_escapes() {
        assert_eq!(safe_lines("one\ntwo"), "one\ntwo");
        assert_eq!(
            safe_lines("a\u{202e}\n\u{1b}]0;x"),
            "a\\u{202e}\n\\u{1b}]0;x"
        );
    }

    #[test]
    fn escapes_are_shown_not_obeyed() {
        assert_eq!(safe("Arnaud"), "Arnaud");
        assert_eq!(safe("a\nb"), "a\\nb");
        assert_eq!(safe("\u{1b}[31mred"), "\\u{1b}[31mred");
        assert_eq!(safe("\u{9b}2J"), "\\u{9b}2J");
    }
}
