//! The pages: how what each one reads ([`super::gather`]) is drawn (maud, which escapes every
//! string it is given; text from the ledger goes through [`crate::view::inert::safe`] first,
//! so control and bidirectional characters show instead of acting). Words shared with the
//! terminal come from [`crate::view`].
//!
//! Player pages show only what `rules::knowledge` lets a player know, and draw nothing where
//! a hidden thing would be: an unknown charge count is no line at all.

use crate::i18n::Wording as _;
use crate::view::words::Shown as _;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use maud::{DOCTYPE, Markup, PreEscaped, html};

use super::charts;
use super::gather::{Chronicle, FullSheet, ItemPage, Party, Referee, Treasure};
use crate::app::chronicle::{Paid, Purse, Seen};
use crate::error::Error;
use crate::i18n::CHARGE;
use crate::i18n::time::GameTime;
use crate::i18n::time::span;
use crate::i18n::{Lang, lang};
use crate::rules::knowledge::Revealed;
use crate::tr;
use crate::view::inert::safe;
use crate::view::words::Labelled;
use crate::view::words::Named;

/// A page as an HTML answer.
pub fn html(markup: Markup) -> Response {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        markup.into_string(),
    )
        .into_response()
}

/// Where a page sits in the players' menu.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Tab {
    Party,
    Treasure,
    Chronicle,
    /// The referee's dashboard: its tab shows only there, where its token is.
    Referee,
    None,
}

/// The frame of every page: the menu, the campaign and its clock, and `main`, which the
/// script replaces when the ledger moves.
pub(super) fn frame(title: &str, tab: Tab, campaign: Option<(&str, i64)>, body: Markup) -> Markup {
    let mut tabs = vec![
        (Tab::Party, "/", tr!("Party", "Groupe")),
        (Tab::Treasure, "/treasure", tr!("Treasure", "Trésor")),
        (Tab::Chronicle, "/chronicle", tr!("Chronicle", "Chronique")),
    ];
    if tab == Tab::Referee {
        // This very address: the token is in it, and nowhere else on the page.
        tabs.push((Tab::Referee, "", tr!("Referee", "Meneur")));
    }
    let lang = match lang() {
        Lang::En => "en",
        Lang::Fr => "fr",
    };
    html! {
        (DOCTYPE)
        html lang=(lang) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="referrer" content="no-referrer";
                title { (title) " — hoard" }
                link rel="stylesheet" href="/hoard.css";
                link rel="icon" href="/favicon.svg" type="image/svg+xml";
                script src="/hoard.js" defer {}
            }
            body {
                header {
                    nav aria-label=(tr!("Pages", "Pages")) {
                        @for (t, href, label) in &tabs {
                            a href=(href) aria-current=[(*t == tab).then_some("page")] { (label) }
                        }
                    }
                    // Shown (`hoard.css`) while the script cannot reach the server.
                    p #offline role="status" {
                        (tr!("Offline: this page will catch up as soon as the server answers again.",
                            "Hors ligne : cette page se mettra à jour dès que le serveur répondra à nouveau."))
                    }
                }
                main id="page" {
                    @if let Some((name, clock)) = campaign {
                        p.campaign { (safe(name)) " · " (GameTime(clock).to_string()) }
                    }
                    h1 { (title) }
                    (body)
                }
            }
        }
    }
}

/// A picture with its caption, drawn for a phone and for a desktop: the page shows the one
/// that fits its width (`hoard.css`), so the picture's text reads at the page's size.
fn picture(draw: impl Fn(charts::Canvas) -> String, caption: String) -> Markup {
    html! {
        figure.chart {
            div.phone { (PreEscaped(draw(charts::PHONE))) }
            div.desktop { (PreEscaped(draw(charts::DESKTOP))) }
            figcaption { (caption) }
        }
    }
}

/// A page that could not be read: what the reader may be told of why (`None`: only that the
/// campaign is unavailable).
pub fn failure(e: Option<&Error>) -> Markup {
    let title = tr!("Nothing to show for now", "Rien à montrer pour l'instant");
    frame(
        &title,
        Tab::None,
        None,
        html! { p.problem { (safe(&unavailable(e))) } },
    )
}

/// Why a page could not be read, in words its reader may see.
pub fn unavailable(e: Option<&Error>) -> String {
    match e {
        Some(e) => e.worded().to_string(),
        None => tr!(
            "The campaign is unavailable right now; the referee's screen says why.",
            "La campagne est indisponible pour l'instant ; l'écran du meneur dit pourquoi."
        ),
    }
}

/// Any address hoard does not serve.
pub fn not_found() -> Markup {
    missing(&tr!("No such page", "Cette page n'existe pas"))
}

/// A page for something that is not there (`title` says what), with the way back.
pub fn missing(title: &str) -> Markup {
    frame(
        title,
        Tab::None,
        None,
        html! {
            ul.back {
                li { a href="/" { (tr!("Back to the party", "Retour au groupe")) } }
                li { a href="/chronicle" { (tr!("The chronicle", "La chronique")) } }
            }
        },
    )
}

/// An item's name as a player knows it, made safe.
pub(super) fn known_name(item: &Revealed) -> String {
    safe(&crate::i18n::Worded(&item.name).to_string())
}

/// An item as a player knows it: its name (a link to its page, but on that page), then
/// [`known_details`] by its holder's time `now` (none: a light lit says only that).
fn known_item(item: &Revealed, link: bool, now: Option<i64>) -> Markup {
    html! {
        li data-item=(item.id) {
            @if link {
                a.name href={ "/item/" (item.id) } { (known_name(item)) }
            } @else {
                span.name { (known_name(item)) }
            }
            (known_details(item, now))
        }
    }
}

/// What else a player knows of an item beside its name: its category, where it is worn, a
/// light lit and for how long it has burnt by its holder's time `now`, its charges, a sword's
/// alignment and what anyone sees of it (`view::item::seen_facts`).
fn known_details(item: &Revealed, now: Option<i64>) -> Markup {
    let category = item.category.label();
    html! {
        @if known_name(item) != category { " " span.category { "(" (category) ")" } }
        @if let Some(slot) = item.worn { " " span.worn { (slot.label()) } }
        @if item.item.lit.is_some() { " " span.lit { (lit(item, now)) } }
        @if let Some(charges) = item.charges {
            " " span.charges { (whole(&crate::i18n::counted(charges, CHARGE, CHARGE))) }
        }
        @if let Some(a) = item.alignment {
            " " span.alignment { (crate::view::words::alignment_name(a)) }
        }
        @for fact in crate::view::item::seen_facts(&item.item) {
            " " span.fact { (whole(&fact)) }
        }
    }
}

/// A light lit, as a player sees it: for how long its current piece has burnt by its holder's
/// time `now`, never what is left (players see no countdown).
fn lit(item: &Revealed, now: Option<i64>) -> Markup {
    match now {
        Some(now) => {
            let burnt = span(crate::rules::light::burnt(&item.item, now));
            whole(&tr!(
                "lit, burning for {burnt}",
                "allumé, brûle depuis {burnt}"
            ))
        }
        None => html! { (tr!("lit", "allumé")) },
    }
}

/// Alike things on one line (`12 × gem`, what is known of them), each a numbered link to its
/// page (`#1 #2 …`): a hoard of gems is not a hundred lines that read the same.
fn known_pile(pile: &[&Revealed], now: Option<i64>) -> Markup {
    html! {
        li.pile {
            span.name { (pile.len()) " × " (known_name(pile[0])) }
            (known_details(pile[0], now))
            " "
            span.each {
                @for (n, item) in pile.iter().enumerate() {
                    @if n > 0 { " " }
                    a href={ "/item/" (item.id) } data-item=(item.id) { "#" (n + 1) }
                }
            }
        }
    }
}

/// Items held, as a player knows them: those still there, then those used up, each with what
/// became of it, as the referee's sheet has them under "no longer" (the party page and the
/// treasure page draw them alike), by their holder's time `now`.
fn held_items(items: &[Revealed], now: Option<i64>) -> Markup {
    let (gone, there): (Vec<&Revealed>, Vec<&Revealed>) =
        items.iter().partition(|i| i.item.is_gone());
    let gone: Vec<String> = gone
        .iter()
        .map(|i| {
            let status = crate::view::item::status_label(&i.item);
            format!("{} ({status})", known_name(i))
        })
        .collect();
    html! {
        @if !there.is_empty() {
            ul.items {
                @for pile in piles(&there, now) {
                    @match pile.as_slice() {
                        [one] => (known_item(one, true, now)),
                        many => (known_pile(many, now)),
                    }
                }
            }
        }
        @if !gone.is_empty() {
            p.gone { (whole(&labelled(&tr!("No longer", "Plus là"), &gone.join(", ")))) }
        }
    }
}

/// Items in piles of those a player could not tell apart (the same name, the same details
/// drawn), in the order each pile's first came.
fn piles<'a>(items: &[&'a Revealed], now: Option<i64>) -> Vec<Vec<&'a Revealed>> {
    let mut piles: Vec<(String, Vec<&Revealed>)> = Vec::new();
    for item in items {
        let drawn = known_details(item, now).into_string();
        match piles
            .iter_mut()
            .find(|(d, p)| p[0].name == item.name && *d == drawn)
        {
            Some((_, pile)) => pile.push(item),
            None => piles.push((drawn, vec![item])),
        }
    }
    piles.into_iter().map(|(_, pile)| pile).collect()
}

/// `text` with each number kept on one line with the word or sign after it (`120 gp`,
/// `3 turns`, `12.50 %`): every text of a page that may hold an amount is drawn through this.
pub(super) fn whole(text: &str) -> Markup {
    let words: Vec<&str> = text.split(' ').collect();
    let mut pieces: Vec<(String, bool)> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let (word, next) = (words[i], words.get(i + 1));
        let amount = word.ends_with(|c: char| c.is_ascii_digit())
            && next.is_some_and(|n| n.starts_with(|c: char| c.is_alphabetic() || c == '%'));
        match next {
            Some(next) if amount => {
                pieces.push((format!("{word} {next}"), true));
                i += 2;
            }
            _ => {
                pieces.push((word.to_string(), false));
                i += 1;
            }
        }
    }
    html! {
        @for (n, (piece, amount)) in pieces.iter().enumerate() {
            @if n > 0 { " " }
            @if *amount { span.amount { (piece) } } @else { (piece) }
        }
    }
}

/// `label: text` with the reader's language's spacing (French puts a space before a colon).
pub(super) fn labelled(label: &str, text: &str) -> String {
    tr!("{label}: {text}", "{label} : {text}")
}

/// An effect's name as its character knows the item it came from, made safe.
fn effect_name(v: &crate::app::export::PlayerView, e: &crate::rules::effect::Felt) -> String {
    match v.effect_item(e) {
        Some(item) => safe(&crate::i18n::Worded(&item.name).to_string()),
        None => safe(e.name()),
    }
}

/// What is the matter with a character, as they know it: dying or dead, a sword's control, a
/// worn ring that does not work.
fn conditions(v: &crate::app::export::PlayerView) -> Markup {
    html! {
        @if let Some(word) = crate::view::describe::condition_word(v.condition) {
            p.condition { (labelled(&tr!("Condition", "État"), word)) }
        }
        @if let Some(sword) = v.controlled_by() {
            p.condition { (tr!("Under the control {}", "Sous le contrôle {}", safe(&crate::i18n::known::of_the(&sword.name)))) }
        }
        @if let Some(hunger) = crate::view::upkeep::hunger(v.character.hungry) {
            p.condition { (hunger) }
        }
        @for ring in v.idle_rings() {
            p.condition {
                (tr!("{} does not work: two magic rings on one hand", "{} ne fonctionne pas : deux anneaux magiques à la même main", known_name(ring)))
            }
        }
    }
}

/// A character's hit points, abilities and experience, each label kept with its value.
fn stats(c: &crate::ledger::Character) -> Markup {
    let abilities = [
        (tr!("STR", "FOR"), Some(c.str)),
        ("INT".into(), c.int),
        (tr!("WIS", "SAG"), Some(c.wis)),
        ("DEX".into(), c.dex),
        ("CON".into(), c.con),
        ("CHA".into(), c.cha),
    ];
    html! {
        div { dt { (tr!("HP", "PV")) } dd { (c.hp) " / " (c.hp_max) } }
        @for (label, score) in &abilities {
            @if let Some(score) = score { div { dt { (label) } dd { (score) } } }
        }
        div { dt { (tr!("XP", "PX")) } dd { (c.xp) } }
    }
}

/// The effects running on a character, as they feel them: how long each has run, by their
/// own game time (an expedition's, if they are out on one).
fn effects(v: &crate::app::export::PlayerView) -> Markup {
    html! {
        @if !v.effects.is_empty() {
            h3 { (tr!("Under the effect of", "Sous l'effet de")) }
            ul.effects {
                @for e in &v.effects {
                    li {
                        span.name { (effect_name(v, e)) }
                        " — "
                        (whole(&tr!("for {} so far", "depuis {}", span(e.since(v.now)))))
                    }
                }
            }
        }
    }
}

/// Whose retainer a character is and whom they employ, then what they owe and are owed
/// (`view::upkeep`).
fn upkeep(
    c: &crate::ledger::Character,
    retainers: &[crate::app::character::Retained],
    debts: &[crate::app::debts::Debt],
) -> Markup {
    html! {
        @for line in crate::view::upkeep::hire(c, retainers).into_iter().chain(crate::view::upkeep::debts(&c.id, debts)) {
            p.upkeep { (whole(&line)) }
        }
    }
}

/// The armor class, descending and ascending (`AC 5 [14]`), kept with its label.
fn armor_class(ac: &crate::rules::armor::ArmorClass) -> Markup {
    html! { div { dt { (tr!("AC", "CA")) } dd { (ac.ac) " [" (ac.aac) "]" } } }
}

/// A character's whole sheet as they know it: the party page's, with their armor class and
/// what protects them (what they know of it), the experience the next level needs, and what
/// they carry with a page for each item.
pub fn sheet(f: &FullSheet) -> Markup {
    let (v, sheet) = (&f.view, &f.sheet);
    let c = &v.character;
    let next = crate::rules::xp::next_level(c);
    let body = html! {
        section.sheet.whole {
            p.headline { (crate::view::words::headline(c)) }
            (conditions(v))
            dl.stats { (stats(c)) (armor_class(&sheet.armor_class)) }
            @if sheet.armor_unknown {
                p.note { (tr!("The armor class counts only what is identified of what is worn.",
                    "La classe d'armure ne compte que ce qui est identifié de ce qui est porté.")) }
            }
            @for line in crate::view::armor::lines(&sheet.protection, sheet.armor_unknown) {
                p.protection { (whole(line.trim())) }
            }
            @for line in crate::view::money::sheet_lines(c, &v.coins) {
                p.purse { (whole(line.trim())) }
            }
            (upkeep(c, &v.retainers, &v.debts))
            @if let Some((level, needs)) = next {
                p.progress {
                    label {
                        (tr!("Towards level {level}", "Vers le niveau {level}")) " "
                        meter min="0" max=(needs) value=(c.xp.min(needs)) {}
                    }
                }
            }
            p.load { (whole(&crate::view::encumbrance::line(&v.encumbrance))) }
            h2 { (tr!("Carries", "Porte")) }
            @if !carries(v) {
                p { (tr!("Nothing.", "Rien.")) }
            }
            (held_items(&v.items, Some(v.now)))
            (effects(v))
        }
    };
    frame(
        &safe(&c.name),
        Tab::Party,
        Some((&f.campaign, f.clock)),
        body,
    )
}

/// An item as the party knows it: what it is, what is known of it, its charges and worth as
/// believed, and its story as the table saw it.
pub fn item(p: &ItemPage) -> Markup {
    let item = &p.item;
    let body = html! {
        section.sheet.whole {
            ul.items { (known_item(item, false, None)) }
            @if item.item.is_gone() {
                p.condition { (labelled(&tr!("No longer", "Plus là"), &crate::view::item::status_label(&item.item))) }
            }
            @if let Some(value) = &item.item.identity.value {
                p.worth { (whole(&labelled(&tr!("Worth, as the party believes", "Valeur, selon le groupe"),
                    &crate::view::money::worth(value.copper())))) }
            }
            h2 { (tr!("Its story", "Son histoire")) }
            ol.chronicle {
                @for e in &p.story {
                    li data-event=(e.seq) {
                        span.when { (GameTime(e.game_time).to_string()) }
                        " "
                        (whole(&seen_text(&e.seen)))
                    }
                }
            }
        }
    };
    frame(
        &known_name(item),
        Tab::Treasure,
        Some((&p.campaign, p.clock)),
        body,
    )
}

/// Whether a character carries anything still there (what is used up shows under "No
/// longer", never under "Carries").
fn carries(v: &crate::app::export::PlayerView) -> bool {
    v.items.iter().any(|i| !i.item.is_gone())
}

/// One character's sheet as they know it, in short: the party page's, and a personal link's
/// first (the whole sheet is [`sheet`]), whose page is titled with the name already
/// (`named: false`).
pub(super) fn summary(v: &crate::app::export::PlayerView, named: bool) -> Markup {
    let c = &v.character;
    html! {
        section.sheet id={ "c-" (c.id) } {
            @if named {
                h2 { a href={ "/character/" (c.id) } { (safe(&c.name)) } }
            }
            p.headline { (crate::view::words::headline(c)) }
            (conditions(v))
            dl.stats { (stats(c)) }
            @for line in crate::view::money::sheet_lines(c, &v.coins).iter().take(1) {
                p.purse { (whole(line.trim())) }
            }
            (upkeep(c, &v.retainers, &v.debts))
            p.load { (whole(&crate::view::encumbrance::line(&v.encumbrance))) }
            @if carries(v) {
                h3 { (tr!("Carries", "Porte")) }
            }
            (held_items(&v.items, Some(v.now)))
            (effects(v))
        }
    }
}

pub fn party(p: &Party) -> Markup {
    let running: Vec<(String, i64)> = p
        .players
        .iter()
        .flat_map(|v| {
            v.effects.iter().map(|e| {
                (
                    labelled(&safe(&v.character.name), &effect_name(v, e)),
                    e.since(v.now),
                )
            })
        })
        .collect();
    let body = html! {
        @if p.players.is_empty() {
            p { (tr!("No character yet.", "Aucun personnage encore.")) }
        }
        @if !running.is_empty() {
            (picture(|c| charts::effects_clock(c, &running),
                tr!("Running effects: game time so far", "Effets en cours : temps de jeu écoulé")))
        }
        div.party { @for v in &p.players { (summary(v, true)) } }
    };
    frame(
        &tr!("The party", "Le groupe"),
        Tab::Party,
        Some((&p.campaign, p.clock)),
        body,
    )
}

pub fn treasure(t: &Treasure) -> Markup {
    let coins = &t.coins;
    let body = html! {
        div.holdings {
        section {
            h2 { (tr!("Coins", "Pièces")) }
            ul.coins {
                li { (whole(&labelled(&tr!("Party's pool", "Caisse du groupe"), &crate::i18n::coins::text(&coins.pool)))) }
                // An expedition's finds are its party's until it comes home.
                @for (n, pool) in &coins.expeditions {
                    li { (whole(&labelled(&tr!("Session {n}'s pool (under way)", "Caisse de la session {n} (en cours)"), &crate::i18n::coins::text(pool)))) }
                }
                @for purse in &coins.purses {
                    li {
                        (whole(&labelled(&safe(&purse.character), &crate::i18n::coins::text(&purse.coins))))
                        @if let Some((id, debts)) = t.owes.get(&purse.character) {
                            @for debt in crate::view::upkeep::debts(id, debts) {
                                br;
                                span.owes { (whole(&debt)) }
                            }
                        }
                    }
                }
                @for place in &coins.places {
                    li { (whole(&labelled(&safe(&place.place), &crate::i18n::coins::text(&place.coins)))) }
                }
            }
        }
        @for (holder, items) in &t.held {
            section {
                h2 {
                    @match holder {
                        Some(name) => (tr!("Carried by {}", "Porté par {}", safe(name))),
                        None => (tr!("The party's treasure", "Le trésor du groupe")),
                    }
                }
                (held_items(items, holder.as_ref().and_then(|h| t.now.get(h)).copied()))
            }
        }
        @for (place, items) in &t.places {
            section {
                h2 { (tr!("Left at {}", "Laissé à {}", safe(place))) }
                (held_items(items, None))
            }
        }
        @if !t.weights.carried.is_empty() || !t.weights.stashed.is_empty() {
            section {
                h2 { (tr!("Weight", "Poids")) }
                ul.weights {
                    @for (name, e) in &t.weights.carried {
                        li { (whole(&labelled(&tr!("Carried by {}", "Porté par {}", safe(name)), &crate::view::encumbrance::line(e)))) }
                    }
                    @for (place, load) in &t.weights.stashed {
                        li { (whole(&labelled(&tr!("Left at {}", "Laissé à {}", safe(place)), &crate::view::encumbrance::stashed(*load)))) }
                    }
                }
            }
        }
        }
        @if t.found.iter().any(|(_, n)| *n > 0) {
            (picture(|c| charts::found_per_session(c, &t.found),
                tr!("Treasure found per session (its worth in gold pieces, as the party knows it)", "Trésor trouvé par session (sa valeur en pièces d'or, telle que le groupe la connaît)")))
        }
        @if !t.charges.is_empty() {
            (picture(|c| charts::charges(c, &t.charges, t.clock),
                tr!("Charges of the wands, staves and rods the party knows, until now", "Charges des baguettes, bâtons et sceptres que le groupe connaît, jusqu'à maintenant")))
        }
    };
    frame(
        &tr!("Treasure", "Trésor"),
        Tab::Treasure,
        Some((&t.campaign, t.clock)),
        body,
    )
}

/// Where coins are, as a chronicle's line names it.
fn purse(p: &Purse) -> String {
    match p {
        Purse::Pool => tr!("the party's pool", "la caisse du groupe"),
        Purse::Character(who) => tr!("{}'s purse", "la bourse de {}", safe(who)),
        Purse::Place(place) => safe(place),
    }
}

/// An item as the party knows it, with its worth once anyone appraised it.
fn worth_of(i: &Revealed) -> String {
    let name = known_name(i);
    match &i.item.identity.value {
        Some(value) => format!("{name} ({})", crate::view::money::worth(value.copper())),
        None => name,
    }
}

/// One thing seen, as a sentence.
fn seen_text(seen: &Seen) -> String {
    let item = |i: &Revealed| known_name(i);
    let text = crate::i18n::coins::text;
    match seen {
        Seen::Found { item: i } => tr!("Found: {}.", "Trouvé : {}.", worth_of(i)),
        Seen::Coins { coins, to } => {
            let coins = text(coins);
            match to {
                Purse::Character(who) => tr!("{} gains {coins}.", "{} reçoit {coins}.", safe(who)),
                Purse::Pool => tr!("The party gains {coins}.", "Le groupe reçoit {coins}."),
                Purse::Place(place) => {
                    tr!("{coins} left at {}.", "{coins} laissés à {}.", safe(place))
                }
            }
        }
        Seen::Exchanged {
            taken,
            received,
            holder,
        } => tr!(
            "{} of {} exchanged for {}.",
            "{} de {} changés en {}.",
            text(taken),
            purse(holder),
            text(received)
        ),
        Seen::Damaged { item: i } => tr!(
            "{} is damaged: worth half what it was.",
            "{} est endommagé : il vaut moitié moins.",
            item(i)
        ),
        Seen::Sold { items, coins, to } => {
            let items: Vec<String> = items.iter().map(item).collect();
            tr!(
                "Sold: {} for {}, to {}.",
                "Vendu : {} pour {}, à {}.",
                items.join(", "),
                text(coins),
                purse(to)
            )
        }
        Seen::Supplies { who, used } => tr!(
            "{} uses up {}.",
            "{} utilise {}.",
            safe(who),
            crate::view::posting::pieces(used, safe)
        ),
        Seen::Spent {
            coins,
            from,
            on,
            change,
        } => {
            let (coins, from) = (text(coins), purse(from));
            let spent = match on {
                None => tr!("{coins} spent from {from}.", "{coins} dépensés de {from}."),
                Some(Paid::Goods { item: i }) => tr!(
                    "{coins} spent from {from} on {}.",
                    "{coins} dépensés de {from} pour {}.",
                    item(i.as_ref())
                ),
                Some(Paid::Living { months }) => tr!(
                    "{coins} spent from {from} on the cost of living ({}).",
                    "{coins} dépensés de {from} pour le coût de la vie ({}).",
                    crate::i18n::counted(i64::from(*months), ("month", "months"), ("mois", "mois"))
                ),
                Some(Paid::Training { level, .. }) => tr!(
                    "{coins} spent from {from} on training for level {level}.",
                    "{coins} dépensés de {from} pour l'entraînement au niveau {level}."
                ),
                Some(Paid::Debt) => tr!(
                    "{coins} spent from {from} on the living and training costs owed.",
                    "{coins} dépensés de {from} pour les coûts de la vie et d'entraînement dus."
                ),
            };
            match change.is_zero() {
                true => spent,
                false => format!("{spent} {}", crate::view::money::change_back(change)),
            }
        }
        Seen::Wages {
            employer,
            retainer,
            paid,
            owed,
        } => {
            let (by, to) = (safe(employer), safe(retainer));
            let unpaid = paid.is_zero();
            let (paid, owed_text) = (text(paid), crate::view::money::worth(*owed));
            match (*owed, unpaid) {
                (0, _) => tr!(
                    "{by} pays {to}'s wages: {paid}.",
                    "{by} paie les gages de {to} : {paid}."
                ),
                (_, true) => tr!(
                    "{by} cannot pay {to}'s wages: {owed_text} owed.",
                    "{by} ne peut payer les gages de {to} : {owed_text} dus."
                ),
                _ => tr!(
                    "{by} pays {to}'s wages: {paid}, and owes {owed_text} more.",
                    "{by} paie les gages de {to} : {paid}, et doit encore {owed_text}."
                ),
            }
        }
        Seen::Owed { who, owed: 0 } => tr!(
            "{} owes nothing more of living and training costs.",
            "{} ne doit plus rien de coûts de la vie et d'entraînement.",
            safe(who)
        ),
        Seen::Owed { who, owed } => tr!(
            "{} owes {} of living and training costs.",
            "{} doit {} de coûts de la vie et d'entraînement.",
            safe(who),
            crate::view::money::worth(*owed)
        ),
        Seen::Moved { coins, from, to } => tr!(
            "{} move from {} to {}.",
            "{} passent de {} à {}.",
            text(coins),
            purse(from),
            purse(to)
        ),
        Seen::Shared {
            portions,
            remainder,
        } => {
            let each: Vec<String> = portions
                .iter()
                .map(|(who, coins)| labelled(&safe(who), &text(coins)))
                .collect();
            let each = each.join(crate::i18n::pick("; ", " ; "));
            if remainder.is_zero() {
                tr!(
                    "The pool is shared: {each}.",
                    "La caisse est partagée : {each}."
                )
            } else {
                let left = text(remainder);
                tr!(
                    "The pool is shared: {each}; {left} stay in the pool.",
                    "La caisse est partagée : {each} ; {left} restent dans la caisse."
                )
            }
        }
        Seen::Experience { session, gains } => {
            let each: Vec<String> = gains
                .iter()
                .map(|g| {
                    let (who, xp) = (safe(&g.who), g.xp);
                    match g.level {
                        Some(level) => tr!(
                            "{who} +{xp} XP, reaching level {level}",
                            "{who} +{xp} PX, atteint le niveau {level}"
                        ),
                        None => tr!("{who} +{xp} XP", "{who} +{xp} PX"),
                    }
                })
                .collect();
            let each = each.join(crate::i18n::pick("; ", " ; "));
            tr!(
                "Experience for session {session}: {each}.",
                "Expérience de la session {session} : {each}."
            )
        }
        Seen::Level { who, level } => tr!(
            "{} is now level {level}.",
            "{} est maintenant niveau {level}.",
            safe(who)
        ),
        Seen::Joined { who } => tr!("{} joins the party.", "{} rejoint le groupe.", safe(who)),
        Seen::Wounded {
            who,
            amount,
            dead: false,
        } => tr!(
            "{} takes {amount} damage.",
            "{} subit {amount} points de dégâts.",
            safe(who)
        ),
        Seen::Wounded { who, amount, .. } => tr!(
            "{} takes {amount} damage and falls, dead.",
            "{} subit {amount} points de dégâts et tombe, mort.",
            safe(who)
        ),
        Seen::Healed { who, amount } => tr!(
            "{} is healed of {amount} HP.",
            "{} regagne {amount} PV.",
            safe(who)
        ),
        Seen::Raised { who, raised: true } => tr!(
            "{} is raised from the dead.",
            "{} est rappelé à la vie.",
            safe(who)
        ),
        Seen::Raised { who, .. } => tr!(
            "{} is not raised, and stays dead.",
            "{} n'est pas rappelé, et reste mort.",
            safe(who)
        ),
        Seen::Read { who, item: i } => tr!("{} reads {}.", "{} lit {}.", safe(who), item(i)),
        Seen::Cast {
            who,
            item: i,
            copied,
            failed,
        } => {
            let (who, name) = (safe(who), item(i));
            match (copied, failed) {
                (false, false) => tr!(
                    "{who} casts a spell from {name}.",
                    "{who} lance un sort de {name}."
                ),
                (false, true) => tr!(
                    "{who} casts a spell from {name}: it fails.",
                    "{who} lance un sort de {name} : il échoue."
                ),
                (true, false) => tr!(
                    "{who} copies a spell from {name} into their book.",
                    "{who} copie un sort de {name} dans son grimoire."
                ),
                (true, true) => tr!(
                    "{who} tries to copy a spell from {name}, in vain.",
                    "{who} tente de copier un sort de {name}, en vain."
                ),
            }
        }
        Seen::Stashed { item: i, place } => tr!(
            "{} is left at {}.",
            "{} est laissé à {}.",
            item(i),
            safe(place)
        ),
        Seen::Drank {
            who,
            item: i,
            oil: false,
        } => tr!("{} drinks {}.", "{} boit {}.", safe(who), item(i)),
        Seen::Faded { who, item: i } => tr!(
            "{} reads {}, which fades.",
            "{} lit {}, qui s'efface.",
            safe(who),
            item(i)
        ),
        Seen::Drank { who, item: i, .. } => {
            tr!("{} rubs on {}.", "{} s'enduit de {}.", safe(who), item(i))
        }
        Seen::Charges {
            who,
            item: i,
            charges,
            remaining,
        } => {
            let (who, name) = (safe(who), item(i));
            let charges = crate::i18n::counted(*charges, CHARGE, CHARGE);
            match remaining {
                Some(left) => tr!(
                    "{who} uses {charges} of {name} ({left} left).",
                    "{who} utilise {charges} de {name} (il en reste {left})."
                ),
                None => tr!(
                    "{who} uses {charges} of {name}.",
                    "{who} utilise {charges} de {name}."
                ),
            }
        }
        Seen::Identify {
            who,
            item: i,
            method,
            learned,
        } => {
            let (who, name, method) = (
                safe(who),
                item(i),
                crate::view::describe::method_name(*method),
            );
            let worth = i.item.identity.value.as_ref();
            if let (true, Some(worth)) = (*learned, worth) {
                let worth = crate::view::money::worth(worth.copper());
                tr!(
                    "{who} identifies {name} ({method}): worth {worth}.",
                    "{who} identifie {name} ({method}) : vaut {worth}."
                )
            } else if *learned {
                tr!(
                    "{who} identifies {name} ({method}).",
                    "{who} identifie {name} ({method})."
                )
            } else {
                tr!(
                    "{who} tries to identify {name} ({method}), in vain.",
                    "{who} tente d'identifier {name} ({method}), en vain."
                )
            }
        }
        Seen::Passed { item: i, to } => match to {
            Some(who) => tr!("{} takes {}.", "{} prend {}.", safe(who), item(i)),
            None => tr!(
                "{} goes back to the party's treasure.",
                "{} retourne au trésor du groupe.",
                item(i)
            ),
        },
        Seen::Worn {
            who,
            item: i,
            slot: crate::rules::item::Slot::Hand,
            on,
        } => match on {
            true => tr!("{} draws {}.", "{} dégaine {}.", safe(who), item(i)),
            false => tr!("{} sheathes {}.", "{} rengaine {}.", safe(who), item(i)),
        },
        Seen::Worn {
            who,
            item: i,
            slot,
            on: true,
        } => tr!(
            "{} puts on {} ({}).",
            "{} met {} ({}).",
            safe(who),
            item(i),
            slot.label()
        ),
        Seen::Worn { who, item: i, .. } => {
            tr!("{} takes off {}.", "{} retire {}.", safe(who), item(i))
        }
    }
}

/// `Session 2: The tomb`.
fn session_title(s: &crate::ledger::Session) -> String {
    let number = tr!("Session {}", "Session {}", s.number);
    match &s.title {
        Some(title) => labelled(&number, &safe(title)),
        None => number,
    }
}

pub fn chronicle(c: &Chronicle) -> Markup {
    let body = html! {
        @if c.sessions.is_empty() {
            p { (tr!("No play session yet.", "Aucune session de jeu encore.")) }
        }
        @if let Some(told) = &c.told {
            @let s = &told.session;
            h2 { (session_title(s)) }
            @let (before, after) = c.neighbours();
            @if before.is_some() || after.is_some() {
                nav.pager aria-label=(tr!("From session to session", "D'une session à l'autre")) {
                    @if let Some(n) = before {
                        a rel="prev" href={ "/chronicle/" (n) } { "← " (tr!("Session {}", "Session {}", n)) }
                    }
                    @if let Some(n) = after {
                        a rel="next" href={ "/chronicle/" (n) } { (tr!("Session {}", "Session {}", n)) " →" }
                    }
                }
            }
            @if let Some(posting) = &c.posting {
                @let summary = crate::view::posting::summary(posting, safe);
                section.posting {
                    p.byline { (whole(&summary.byline)) }
                    dl {
                        @for (label, line) in &summary.lines {
                            dt { (label) } dd { (whole(line)) }
                        }
                    }
                }
            }
            @if told.entries.is_empty() {
                p { (tr!("Nothing the players saw was recorded.", "Rien de ce que les joueurs ont vu n'a été enregistré.")) }
            }
            ol.chronicle {
                @for e in &told.entries {
                    li data-event=(e.seq) {
                        span.when { (GameTime(e.game_time).to_string()) }
                        " "
                        (whole(&seen_text(&e.seen)))
                    }
                }
            }
        }
        @if c.sessions.len() > 1 {
            h2 { (tr!("Sessions", "Sessions")) }
            ul.sessions {
                @for s in c.sessions.iter().rev() {
                    li {
                        a href={ "/chronicle/" (s.number) } { (session_title(s)) }
                    }
                }
            }
        }
    };
    frame(
        &tr!("Chronicle", "Chronique"),
        Tab::Chronicle,
        Some((&c.campaign, c.clock)),
        body,
    )
}

/// The referee's dashboard, the console's forms (`console`) first.
pub fn referee(r: &Referee, console: Markup) -> Markup {
    let body = html! {
        p.warning { (tr!("The referee's eyes only: true names, charges and minds.", "Pour les yeux du meneur seulement : vrais noms, charges et esprits.")) }
        h2 { (tr!("True sheets", "Vraies feuilles")) }
        div.party { @for sheet in &r.sheets {
            @let c = &sheet.character;
            section.sheet {
                h3 { (safe(&c.name)) }
                p.headline { (crate::view::words::headline(c)) }
                @if let Some(word) = crate::view::describe::condition_word(sheet.condition) {
                    p.condition { (labelled(&tr!("Condition", "État"), word)) }
                }
                @for h in r.holding.iter().filter(|h| h.character == c.name) {
                    p.condition { (tr!("Under the control of {}", "Sous le contrôle de {}", safe(h.sword.name()))) }
                }
                dl.stats { (stats(c)) (armor_class(&sheet.armor_class)) }
                @for line in crate::view::money::sheet_lines(c, &sheet.coins) {
                    p.purse { (whole(line.trim())) }
                }
                (upkeep(c, &sheet.retainers, &sheet.debts))
                p.load { (whole(&crate::view::encumbrance::line(&sheet.encumbrance))) }
                @for line in crate::view::armor::lines(&sheet.protection, false) {
                    p.protection { (whole(line.trim())) }
                }
                @let (swords, items): (Vec<_>, Vec<_>) = sheet.items.iter().partition(|i| i.sentience().is_some());
                @if !items.is_empty() {
                    h4 { (tr!("Items", "Objets")) }
                    ul.items {
                        @for item in items {
                            li {
                                (whole(&crate::view::item::line(item, None)))
                                @if let Some(slot) = item.worn { " " span.worn { (slot.label()) } }
                                @if item.lit.is_some() {
                                    " " span.lit { (whole(&burning(item, sheet, r.round))) }
                                }
                            }
                        }
                    }
                }
                @for sword in swords {
                    h4 { (tr!("Sword", "Épée")) }
                    p {
                        (whole(&crate::view::item::line(sword, None)))
                        @if let Some(slot) = sword.worn { " " span.worn { (slot.label()) } }
                    }
                    @if let Some(mind) = sword.sentience() {
                        p.mind { (whole(&crate::view::item::sentience_line(mind))) }
                    }
                }
                @if !sheet.effects.is_empty() {
                    h4 { (tr!("Running effects", "Effets en cours")) }
                    ul.effects {
                        @for e in &sheet.effects {
                            li {
                                (safe(e.name())) " — "
                                @match e.left(r.clock) {
                                    Some(left) => (whole(&tr!("{} left", "encore {}", span(left)))),
                                    None => (tr!("until you end it", "jusqu'à ce que vous y mettiez fin")),
                                }
                            }
                        }
                    }
                }
            }
        } }
        @if !r.unheld.is_empty() {
            h3 { (tr!("Nobody holds", "Personne ne porte")) }
            ul.items { @for item in &r.unheld {
                li {
                    (whole(&crate::view::item::line(item, None)))
                    @if let Some(mind) = item.sentience() {
                        " " span.sentient { (tr!("sentient, unheld", "douée de conscience, sans porteur")) }
                        br;
                        span.mind { (whole(&crate::view::item::sentience_line(mind))) }
                    }
                }
            } }
        }
        h2 { (tr!("Swords", "Épées")) }
        @if r.holding.is_empty() {
            p { (tr!("No sword controls anyone now.", "Aucune épée ne contrôle personne.")) }
        }
        ul.holding {
            @for h in &r.holding {
                li {
                    (tr!("{} controls {} ({})", "{} contrôle {} ({})",
                        safe(h.sword.name()), safe(&h.character),
                        crate::view::words::trigger(h.holds_under.trigger)))
                }
            }
        }
        @if !r.spans.is_empty() {
            (picture(|c| charts::control_timeline(c, &r.spans, r.clock),
                tr!("Which sword controlled whom, until now, and why", "Quelle épée a contrôlé qui, jusqu'à maintenant, et pourquoi")))
            ul.spans {
                @for s in &r.spans {
                    li {
                        (tr!("{} over {}: from {} ({})", "{} sur {} : depuis le {} ({})",
                            safe(&s.sword), safe(&s.character), GameTime(s.from), s.why))
                        @if let (Some(to), Some(ended)) = (s.to, &s.ended) {
                            (tr!(" to {} ({})", " jusqu'au {} ({})", GameTime(to), ended))
                        }
                    }
                }
            }
        }
        @if !r.odds.is_empty() {
            h2 { (tr!("Odds of a control check now", "Chances d'un test de contrôle maintenant")) }
            ul.odds {
                @for o in &r.odds {
                    li {
                        (whole(&tr!("{} over {}: {}/{} ({} %)", "{} sur {} : {}/{} ({} %)",
                            safe(o.sword.shown()), safe(&o.character), o.numerator, o.denominator,
                            crate::i18n::decimal(format!("{:.2}", percent(o.numerator, o.denominator))))))
                    }
                }
            }
        }
        @if !r.checks.is_empty() {
            h2 { (tr!("Latest control checks", "Derniers tests de contrôle")) }
            ol.checks {
                @for rec in &r.checks {
                    li { (whole(&crate::view::describe::line(rec))) }
                }
            }
        }
    };
    // The script refreshes the dashboard alone when the ledger moves: the forms keep what
    // the referee is typing.
    let body = html! { (console) div #dashboard { (body) } };
    frame(
        &tr!("Referee", "Meneur"),
        Tab::Referee,
        Some((&r.campaign, r.clock)),
        body,
    )
}

/// A light lit on the referee's sheet: how long it has burnt, and how long it has left (its
/// holder's oil, for a lantern) — the countdown players never see.
fn burning(
    item: &crate::ledger::Item,
    sheet: &crate::app::character::Sheet,
    round: crate::rules::clock::Round,
) -> String {
    use crate::rules::light::{self, Light};
    let fuel: Vec<&crate::ledger::Item> = sheet
        .items
        .iter()
        .filter(|i| i.identity.light == Some(Light::Oil))
        .collect();
    let burnt = span(light::burnt(item, sheet.now));
    let left = span(light::left(item, &fuel, sheet.now, round).unwrap_or_default());
    tr!(
        "lit, burning for {burnt}, {left} left",
        "allumé, brûle depuis {burnt}, encore {left}"
    )
}

fn percent(numerator: u128, denominator: u128) -> f64 {
    if denominator == 0 {
        0.0
    } else {
        numerator as f64 * 100.0 / denominator as f64
    }
}
