//! English and French. The language is chosen once per process (`--lang`, else `LANG`) and read
//! wherever text is made; every message is written in both languages at the place it is made.

use std::sync::OnceLock;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Lang {
    #[default]
    En,
    Fr,
}

static LANG: OnceLock<Lang> = OnceLock::new();

/// The language of this process (English until [`set`] is called).
pub fn lang() -> Lang {
    LANG.get().copied().unwrap_or_default()
}

/// Choose the language once, at start-up; later calls are ignored.
pub fn set(lang: Lang) {
    let _ = LANG.set(lang);
}

impl Lang {
    /// `fr`, `fr_FR.UTF-8`, `french` … are French; anything else is English.
    pub fn from_tag(tag: &str) -> Lang {
        let tag = tag.trim().to_lowercase();
        if tag.starts_with("fr") {
            Lang::Fr
        } else {
            Lang::En
        }
    }
}

/// `tr!("english {x}", "français {x}", ...)`: format the message in the process language.
#[macro_export]
macro_rules! tr {
    ($en:literal, $fr:literal $(,)?) => {
        match $crate::i18n::lang() {
            $crate::i18n::Lang::En => format!($en),
            $crate::i18n::Lang::Fr => format!($fr),
        }
    };
    ($en:literal, $fr:literal, $($arg:tt)*) => {
        match $crate::i18n::lang() {
            $crate::i18n::Lang::En => format!($en, $($arg)*),
            $crate::i18n::Lang::Fr => format!($fr, $($arg)*),
        }
    };
}

/// Pick one of two texts by language (for names that exist in both, like table entries).
pub fn pick<'a>(en: &'a str, fr: &'a str) -> &'a str {
    match lang() {
        Lang::Fr if !fr.is_empty() => fr,
        _ => en,
    }
}
