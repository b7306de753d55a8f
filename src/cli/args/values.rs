//! Value parsers shared by several commands' grammars (an event number, an amount). A leaf:
//! the grammar modules use it, and it uses none of them, so that no grammar module needs its
//! parent's items.

/// An event number as `hoard log` prints it (`#63`) or bare (`63`).
pub fn event_number(text: &str) -> Result<i64, String> {
    text.strip_prefix('#')
        .unwrap_or(text)
        .parse::<i64>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| {
            format!("{text:?} is not an event number: give it as `hoard log` shows it, e.g. #12")
        })
}

/// A whole amount of one or more (damage, healing, time). Its argument takes
/// `allow_negative_numbers`, so that `-3` reaches this check rather than being read as an
/// unknown option (whose tip, `-- -3`, would only fail here).
pub fn amount<T: TryFrom<i128>>(text: &str) -> Result<T, String> {
    match text.parse::<i128>() {
        Ok(n) if n >= 1 => T::try_from(n).map_err(|_| format!("{n} is too large")),
        Ok(_) => Err("the amount must be positive (1 or more)".into()),
        Err(_) => Err(format!("{text:?} is not a whole number")),
    }
}

/// A name the rules read (an alignment, a category, a method of identification), refused in
/// the reader's words.
pub fn named<T>(text: &str) -> Result<T, String>
where
    T: std::str::FromStr,
    for<'a> crate::i18n::Worded<'a, T::Err>: std::fmt::Display,
{
    text.parse()
        .map_err(|e: T::Err| crate::i18n::Worded(&e).to_string())
}

/// A kind of armour by its id (`plate`, `chain`, `studded-leather` …).
pub fn armor_kind(text: &str) -> Result<crate::rules::armor_kind::ArmorKind, String> {
    use crate::rules::armor_kind::ArmorKind;
    ArmorKind::parse(text).ok_or_else(|| {
        let ids: Vec<&str> = ArmorKind::ALL.iter().map(|k| k.id()).collect();
        format!("{text:?} is none of: {}", ids.join(", "))
    })
}

/// A class or an ability a book bears on most, by its id (`wizards`, `strength` …).
pub fn bearing(text: &str) -> Result<crate::rules::item::Bearing, String> {
    use crate::rules::item::Bearing;
    Bearing::from_id(&text.trim().to_lowercase())
        .ok_or_else(|| format!("{text:?} is none of: {}", Bearing::IDS.join(", ")))
}

/// OSE's magic-item column: `basic` (`b`) or `expert` (`x`).
pub fn column(text: &str) -> Result<crate::rules::magic::Column, String> {
    crate::app::magic::column(text).ok_or_else(|| {
        crate::tr!(
            "{text:?} is no column: basic (b) or expert (x)",
            "{text:?} n'est pas une colonne : basic (b) ou expert (x)"
        )
    })
}
