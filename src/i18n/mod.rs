//! English and French. The language is chosen once per process (`--lang`, else `LANG`) and read
//! wherever text is made; every message is written in both languages at the place it is made.
//! The web server answers each request in its reader's language: it runs the request's work
//! inside [`within`], whose language [`lang`] prefers to the process's. [`time`] words the
//! game clock and [`coins`] an amount of coins, which every layer shows; [`known`] what a
//! player may know of an item; [`dice`] a stored roll that its dice could not have given.

pub mod coins;
pub mod dice;
pub mod known;
pub mod time;

use std::sync::OnceLock;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    Fr,
}

static LANG: OnceLock<Lang> = OnceLock::new();

tokio::task_local! {
    /// The language of the request being answered (see [`within`]).
    static REQUEST: Lang;
}

/// The language of the request being answered, else of this process (English until [`set`]
/// is called).
pub fn lang() -> Lang {
    REQUEST
        .try_with(|lang| *lang)
        .unwrap_or_else(|_| LANG.get().copied().unwrap_or_default())
}

/// Run `work` with every text it makes in `lang`, whatever the process's language (a web
/// request: many requests, each in its reader's language, share one thread).
pub async fn within<F: Future>(lang: Lang, work: F) -> F::Output {
    REQUEST.scope(lang, work).await
}

/// `text` worded in English, then in French: what a test of some wording compares.
#[cfg(test)]
pub async fn in_both(text: &impl std::fmt::Display) -> (String, String) {
    (
        within(Lang::En, async { text.to_string() }).await,
        within(Lang::Fr, async { text.to_string() }).await,
    )
}

/// A value of a lower layer (the rules, the ledger, the store) in the reader's words: those
/// layers return data, and their types' wording lives here and in `view`, behind this wrapper
/// (`Worded(&refusal).to_string()`), since another crate's type cannot take `Display` here.
pub struct Worded<'a, T: ?Sized>(pub &'a T);

/// A reference's words are its value's.
impl<T: ?Sized> std::fmt::Display for Worded<'_, &T>
where
    for<'a> Worded<'a, T>: std::fmt::Display,
{
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        Worded(*self.0).fmt(f)
    }
}

/// A boxed value's words are its value's.
impl<T: ?Sized> std::fmt::Display for Worded<'_, Box<T>>
where
    for<'a> Worded<'a, T>: std::fmt::Display,
{
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        Worded(&**self.0).fmt(f)
    }
}

/// `value.worded()`: any value in the reader's words, where its type has them.
pub trait Wording {
    fn worded(&self) -> Worded<'_, Self> {
        Worded(self)
    }
}

impl<T: ?Sized> Wording for T {}

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

/// A value as the referee would type it in a suggested command: quoted for the shell when it
/// holds spaces, quotes or other shell characters (`hoard campaign use 'Tomb copy'`).
pub fn typed(value: &str) -> std::borrow::Cow<'_, str> {
    shell_words::quote(value)
}

/// A number written with its decimal mark in the reader's language: `48.5`, `48,5` in French.
pub fn decimal(text: String) -> String {
    match lang() {
        Lang::Fr => text.replace('.', ","),
        Lang::En => text,
    }
}

/// Pick one of two texts by language (for names that exist in both, like table entries).
pub fn pick<'a>(en: &'a str, fr: &'a str) -> &'a str {
    match lang() {
        Lang::Fr if !fr.is_empty() => fr,
        _ => en,
    }
}

/// Counted nouns spelt the same in both languages.
pub const CHARGE: (&str, &str) = ("charge", "charges");
pub const ROUND: (&str, &str) = ("round", "rounds");
/// Events, in English and in French.
pub const EVENT: [(&str, &str); 2] = [("event", "events"), ("événement", "événements")];

/// A number with its noun, singular or plural as the language wants it: `1 charge`,
/// `3 charges`, `0 charges` but `0 charge` in French, where only two or more take the plural.
/// Each pair is (singular, plural), and may hold words that agree with the noun
/// (`("more problem", "more problems")`, `("autre problème", "autres problèmes")`).
pub fn counted(n: impl Into<i64>, en: (&str, &str), fr: (&str, &str)) -> String {
    let n = n.into();
    let ((one, many), singular) = match lang() {
        Lang::En => (en, n.abs() == 1),
        Lang::Fr => (fr, n.abs() < 2),
    };
    format!("{n} {}", if singular { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn counted_nouns_agree_with_their_number_in_each_language() {
        let charges = |n: i64| counted(n, ("charge", "charges"), ("charge", "charges"));
        let en = within(Lang::En, async { [0, 1, 2].map(charges) }).await;
        assert_eq!(en, ["0 charges", "1 charge", "2 charges"]);
        let fr = within(Lang::Fr, async { [0, 1, 2].map(charges) }).await;
        assert_eq!(fr, ["0 charge", "1 charge", "2 charges"]);
    }
}
