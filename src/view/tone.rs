//! What a line means to the referee, which decides its colour on a terminal and its class on
//! a page.

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
    pub fn style(self) -> anstyle::Style {
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
