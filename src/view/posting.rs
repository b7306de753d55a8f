//! A session's posting (`app::report::posting`) in words: the Markdown a referee pastes into
//! the group's channel (`report session --markdown`) and the summary atop `/chronicle/N`,
//! worded once here. Every name from the database passes through [`inert::safe`] and, in
//! Markdown, [`markdown_inert`], so that a name cannot format, link or inject anything.

use super::inert::safe;
use crate::app::chronicle::Gained;
use crate::app::report::posting::{Alike, Posting, Sale, Used};
use crate::i18n::CHARGE;
use crate::i18n::time::GameTime;
use crate::rules::knowledge::Revealed as Seen;
use crate::tr;

/// A posting worded: its heading, who ran it and when, and its lines (a label, then what
/// follows it), empty ones left out. Names are passed through the edge's `name`.
pub struct Summary {
    pub heading: String,
    pub byline: String,
    pub lines: Vec<(String, String)>,
}

/// Text from the database made inert in Markdown: [`safe`], then every character Markdown or
/// HTML would act on escaped with a backslash — `@` too (`@everyone`, `@here`: a channel's
/// mass mention), `$` (math where a channel renders it), and the dot of `www.` (an autolink).
pub fn markdown_inert(text: &str) -> String {
    safe(text).chars().fold(String::new(), |mut out, c| {
        let www = c == '.' && out.to_ascii_lowercase().ends_with("www");
        if "\\`*_{}[]()<>#|~!&:@$".contains(c) || www {
            out.push('\\');
        }
        out.push(c);
        out
    })
}

/// The posting as Markdown, to paste into a channel.
pub fn markdown(p: &Posting) -> String {
    let s = summary(p, markdown_inert);
    let mut text = format!("## {}\n*{}*\n\n", s.heading, s.byline);
    for (label, line) in &s.lines {
        text.push_str(&format!("**{label}** {line}\n"));
    }
    text
}

/// The posting worded, names through `name`.
pub fn summary(p: &Posting, name: fn(&str) -> String) -> Summary {
    let s = &p.session;
    let n = s.number;
    let heading = match &s.title {
        Some(title) => format!("Session {n} — {}", name(title)),
        None => format!("Session {n}"),
    };
    let from = GameTime(s.started_round).to_string();
    let to = s
        .ended_round
        .map(|r| GameTime(r).to_string())
        .unwrap_or_else(|| tr!("still open", "encore ouverte"));
    let byline = match &s.referee {
        Some(r) => tr!(
            "Run by {} · {from} → {to}",
            "Menée par {} · {from} → {to}",
            name(r)
        ),
        None => format!("{from} → {to}"),
    };
    let names = |list: &[String]| list.iter().map(|w| name(w)).collect::<Vec<_>>();
    let mut found: Vec<String> = Vec::new();
    if !p.coins.is_zero() {
        found.push(crate::i18n::coins::text(&p.coins));
    }
    found.extend(p.found.iter().map(|a| alike(a, name)));
    let piles = |list: &[Alike]| {
        list.iter()
            .map(|a| alike(a, name))
            .collect::<Vec<_>>()
            .join(crate::i18n::pick("; ", " ; "))
    };
    let sold = p.sold.iter().map(|s| sale(s, name));
    // Each owner's things, owners apart: `Cato: Potion of Healing · Dag: 2 × gem`.
    let owned = |by: &[(String, Vec<Alike>)]| -> Vec<String> {
        by.iter()
            .map(|(who, list)| {
                let (who, what) = (name(who), piles(list));
                tr!("{who}: {what}", "{who} : {what}")
            })
            .collect()
    };
    let purses = |by: &[(String, crate::rules::coins::Coins)]| -> Vec<String> {
        by.iter()
            .map(|(who, coins)| format!("{} {}", name(who), crate::i18n::coins::text(coins)))
            .collect()
    };
    // `Ann → Bert 2 gp (1 gp owed)`.
    let wages: Vec<String> = p
        .wages
        .iter()
        .map(|w| {
            let (by, to) = (name(&w.employer), name(&w.retainer));
            let paid = crate::i18n::coins::text(&w.paid);
            match w.owed {
                0 => format!("{by} → {to} {paid}"),
                n => tr!(
                    "{by} → {to} {paid} ({} owed)",
                    "{by} → {to} {paid} ({} dus)",
                    crate::view::money::worth(n)
                ),
            }
        })
        .collect();
    let owed: Vec<String> = p
        .owed
        .iter()
        .map(|(who, n)| format!("{} {}", name(who), crate::view::money::worth(*n)))
        .collect();
    let experience = p.experience.iter().map(|g| gained(g, name));
    let used = p.used.iter().map(|u| used(u, name));
    // Characters are listed with commas, things with semicolons (their names may hold commas).
    let things = crate::i18n::pick("; ", " ; ");
    let lines = [
        (tr!("Who went:", "Participants :"), names(&p.went), ", "),
        (tr!("Found:", "Trouvé :"), found, things),
        (tr!("Sold:", "Vendu :"), sold.collect(), things),
        (tr!("Split:", "Partage :"), purses(&p.split), ", "),
        (tr!("Spent:", "Dépensé :"), purses(&p.spent), ", "),
        (tr!("Wages:", "Gages :"), wages, ", "),
        (
            tr!("Owed (living and training):", "Dû (vie et entraînement) :"),
            owed,
            ", ",
        ),
        (tr!("Received:", "Reçu :"), owned(&p.received), " · "),
        (tr!("Left:", "Laissé :"), owned(&p.left), " · "),
        (
            tr!("Experience:", "Expérience :"),
            experience.collect(),
            ", ",
        ),
        (
            tr!("Identified:", "Identifié :"),
            p.identified.iter().map(|a| alike(a, name)).collect(),
            things,
        ),
        (tr!("Used up:", "Utilisé :"), used.collect(), things),
        (tr!("Fallen:", "Tombés :"), names(&p.fallen), ", "),
        (tr!("Raised:", "Rappelés :"), names(&p.raised), ", "),
    ];
    Summary {
        heading,
        byline,
        lines: lines
            .into_iter()
            .filter(|(_, parts, _)| !parts.is_empty())
            .map(|(label, parts, sep)| (label, parts.join(sep)))
            .collect(),
    }
}

/// Supplies used up, each with its pieces: `3 × Rations; 1 × Torch`.
pub fn pieces(used: &[(Seen, u32)], name: fn(&str) -> String) -> String {
    used.iter()
        .map(|(i, n)| format!("{n} × {}", item_name(i, name)))
        .collect::<Vec<_>>()
        .join(crate::i18n::pick("; ", " ; "))
}

/// An item as the posting names it.
fn item_name(i: &Seen, name: fn(&str) -> String) -> String {
    name(&crate::i18n::Worded(&i.name).to_string())
}

/// Alike things: `gem (50 gp)`, `113 × gem, worth 5400 gp as appraised`.
pub fn alike(a: &Alike, name: fn(&str) -> String) -> String {
    let what = item_name(&a.item, name);
    let what = match a.count {
        1 => what,
        n => format!("{n} × {what}"),
    };
    match (&a.worth, a.valued) {
        (None, _) => what,
        (Some(w), _) if a.count == 1 => format!("{what} ({})", crate::i18n::coins::text(w)),
        (Some(w), v) if v == a.count => {
            let w = crate::i18n::coins::text(w);
            tr!("{what}, worth {w} as appraised", "{what}, estimés à {w}")
        }
        (Some(w), v) => {
            let w = crate::i18n::coins::text(w);
            tr!(
                "{what}, worth {w} as appraised for {v} of them",
                "{what}, estimés à {w} pour {v} d'entre eux"
            )
        }
    }
}

/// `5 × gem for 2400 gp`.
fn sale(s: &Sale, name: fn(&str) -> String) -> String {
    let items: Vec<String> = s.items.iter().map(|a| alike(a, name)).collect();
    let (items, coins) = (items.join(", "), crate::i18n::coins::text(&s.coins));
    tr!("{items} for {coins}", "{items} pour {coins}")
}

/// `Arn +150 XP (level 2)`.
fn gained(g: &Gained, name: fn(&str) -> String) -> String {
    let (who, xp) = (name(&g.who), g.xp);
    match g.level {
        Some(level) => tr!(
            "{who} +{xp} XP (level {level})",
            "{who} +{xp} PX (niveau {level})"
        ),
        None => tr!("{who} +{xp} XP", "{who} +{xp} PX"),
    }
}

/// `Arn drank a potion (unknown)`.
fn used(u: &Used, name: fn(&str) -> String) -> String {
    let item = |i: &Seen| item_name(i, name);
    match u {
        Used::Drunk { who, item: i } => tr!("{} drank {}", "{} a bu {}", name(who), item(i)),
        Used::RubbedOn { who, item: i } => tr!(
            "{} rubbed on {}",
            "{} s'est enduit de {}",
            name(who),
            item(i)
        ),
        Used::Read { who, item: i } => tr!("{} read {}", "{} a lu {}", name(who), item(i)),
        Used::Supplies { who, used } => tr!(
            "{} used up {}",
            "{} a utilisé {}",
            name(who),
            pieces(used, name)
        ),
        Used::Faded { who, item: i } => tr!(
            "{} read {}, which faded",
            "{} a lu {}, qui s'est effacé",
            name(who),
            item(i)
        ),
        Used::Charges {
            who,
            item: i,
            charges,
        } => {
            let (who, what) = (name(who), item(i));
            let charges = crate::i18n::counted(*charges, CHARGE, CHARGE);
            if i.item.is_gone() {
                let status = super::item::status_label(&i.item);
                tr!(
                    "{who} used {charges} of {what} ({status})",
                    "{who} a utilisé {charges} de {what} ({status})"
                )
            } else {
                tr!(
                    "{who} used {charges} of {what}",
                    "{who} a utilisé {charges} de {what}"
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::markdown_inert;

    #[test]
    fn a_hostile_name_is_inert_in_markdown() {
        let name = "**x**](http://evil)<script>`|#\u{202e}\n";
        let inert = markdown_inert(name);
        assert_eq!(
            inert,
            "\\*\\*x\\*\\*\\]\\(http\\://evil\\)\\<script\\>\\`\\|\\#\\\\u\\{202e\\}\\\\n"
        );
        // No character Markdown acts on is left unescaped.
        let mut chars = inert.chars();
        while let Some(c) = chars.next() {
            if c == '\\' {
                chars.next();
            } else {
                assert!(!"*_[]()<>`|#\n".contains(c), "{c:?} in {inert}");
            }
        }
    }

    #[test]
    fn a_mass_mention_math_and_a_bare_address_stay_text() {
        assert_eq!(markdown_inert("@everyone @here"), "\\@everyone \\@here");
        assert_eq!(markdown_inert("$x^2$"), "\\$x^2\\$");
        assert_eq!(markdown_inert("WWW.evil.com"), "WWW\\.evil.com");
        assert_eq!(markdown_inert("St. Cuthbert"), "St. Cuthbert");
    }

    #[test]
    fn a_plain_name_stays_readable() {
        assert_eq!(markdown_inert("Arn"), "Arn");
        assert_eq!(markdown_inert("Bea Ølund"), "Bea Ølund");
        assert_eq!(markdown_inert("Sword +1, Giant's"), "Sword +1, Giant's");
    }
}
