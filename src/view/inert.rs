//! Text from outside made safe to show: what a terminal would obey (escape sequences, C1
//! controls, bidirectional overrides) is shown instead, on a terminal and in JSON alike. The
//! one place every view (the terminal's and the web server's) goes through.

use std::io::Write;

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
pub fn safe_lines(text: &str) -> std::borrow::Cow<'_, str> {
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
        // The edges of printable ASCII.
        assert_eq!(safe(" ~"), " ~");
        assert_eq!(safe("a\u{7f}b"), "a\\u{7f}b");
        assert_eq!(safe_lines("a\tb\n\u{1f}"), "a\\tb\n\\u{1f}");
        assert_eq!(safe("Épée"), "Épée");
    }
}
