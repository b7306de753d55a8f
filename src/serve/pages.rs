//! The pages: what each one reads (through the `app` functions the command line uses) and how
//! it is drawn (maud, which escapes every string it is given; text from the ledger goes
//! through [`crate::cli::inert::safe`] first, so control and bidirectional characters show
//! instead of acting). Words shared with the terminal come from `cli`'s word functions.
//!
//! Player pages show only what `rules::knowledge` lets a player know, and draw nothing where
//! a hidden thing would be: an unknown charge count is no line at all.

use std::collections::BTreeMap;

use axum::http::header;
use axum::response::{IntoResponse, Response};
use maud::{DOCTYPE, Markup, PreEscaped, html};

use super::charts;
use crate::app::chronicle::{Seen, Told};
use crate::app::export::PlayerView;
use crate::app::{self, Ctx};
use crate::cli::inert::safe;
use crate::error::{Error, Result};
use crate::i18n::CHARGE;
use crate::i18n::time::span;
use crate::i18n::{Lang, lang};
use crate::ledger::{Event, Item, Session};
use crate::rules::clock::GameTime;
use crate::rules::knowledge::{Looker, Revealed, revealed};
use crate::tr;

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
enum Tab {
    Party,
    Treasure,
    Chronicle,
    None,
}

/// The frame of every page: the menu, the campaign and its clock, and `main`, which the
/// script replaces when the ledger moves.
fn frame(title: &str, tab: Tab, campaign: Option<(&str, i64)>, body: Markup) -> Markup {
    let tabs = [
        (Tab::Party, "/", tr!("Party", "Groupe")),
        (Tab::Treasure, "/treasure", tr!("Treasure", "Trésor")),
        (Tab::Chronicle, "/chronicle", tr!("Chronicle", "Chronique")),
    ];
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
                script src="/hoard.js" defer {}
            }
            body {
                header {
                    nav {
                        @for (t, href, label) in &tabs {
                            a href=(href) aria-current=[(*t == tab).then_some("page")] { (label) }
                        }
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

/// A refused or failed read, as a page.
pub fn failure(e: &Error) -> Markup {
    let title = tr!("Nothing to show yet", "Rien à montrer encore");
    frame(
        &title,
        Tab::None,
        None,
        html! { p.problem { (safe(&e.to_string())) } },
    )
}

/// Any address hoard does not serve.
pub fn not_found() -> Markup {
    let title = tr!("No such page", "Pas de telle page");
    frame(
        &title,
        Tab::None,
        None,
        html! { p { a href="/" { (tr!("Back to the party", "Retour au groupe")) } } },
    )
}

/// `lawful fighter, level 3`
fn headline(c: &crate::ledger::Character) -> String {
    let (alignment, level) = (crate::cli::words::alignment_name(c.alignment), c.level);
    match c.class.as_deref().map(safe) {
        Some(class) => tr!(
            "{alignment} {class}, level {level}",
            "{class} {alignment}, niveau {level}"
        ),
        None => tr!("{alignment}, level {level}", "{alignment}, niveau {level}"),
    }
}

/// An item as a player knows it: its name, where it is worn, what else they know of it.
fn known_item(item: &Revealed) -> Markup {
    let category = item.category.label();
    let name = item.name.to_string();
    html! {
        li data-item=(item.id) {
            span.name { (safe(&name)) }
            @if name != category { " " span.category { "(" (category) ")" } }
            @if let Some(slot) = item.worn { " " span.worn { (slot.label()) } }
            @if let Some(charges) = item.charges {
                " " span.charges { (crate::i18n::counted(charges, CHARGE, CHARGE)) }
            }
            @if let Some(a) = item.alignment {
                " " span.alignment { (crate::cli::words::alignment_name(a)) }
            }
        }
    }
}

/// The party: each character's sheet as that character knows it.
pub struct Party {
    pub campaign: String,
    pub clock: i64,
    pub players: Vec<PlayerView>,
}

impl Party {
    /// Every character's player view (`export --as`), in the campaign's order.
    pub async fn players(cx: &mut Ctx) -> Result<Vec<PlayerView>> {
        let mut players = Vec::new();
        for c in app::character::list(cx).await? {
            players.push(app::export::player(cx, &c.name).await?);
        }
        Ok(players)
    }

    pub async fn read(cx: &mut Ctx) -> Result<Party> {
        let found = cx.campaign().await?;
        Ok(Party {
            campaign: found.campaign.name,
            clock: found.campaign.clock,
            players: Party::players(cx).await?,
        })
    }
}

pub fn party(p: &Party) -> Markup {
    let running: Vec<(String, i64)> = p
        .players
        .iter()
        .flat_map(|v| {
            v.effects.iter().filter_map(|e| {
                let left = e.left(p.clock)?;
                Some((
                    format!("{}: {}", safe(&v.character.name), safe(e.name())),
                    left,
                ))
            })
        })
        .collect();
    let body = html! {
        @if p.players.is_empty() {
            p { (tr!("No character yet.", "Aucun personnage encore.")) }
        }
        @if !running.is_empty() {
            figure.chart {
                (PreEscaped(charts::effects_clock(&running)))
                figcaption { (tr!("Running effects: game time left", "Effets en cours : temps de jeu restant")) }
            }
        }
        div.party { @for v in &p.players {
            @let c = &v.character;
            section.sheet id={ "c-" (c.id) } {
                h2 { (safe(&c.name)) }
                p.headline { (headline(c)) }
                dl.stats {
                    dt { (tr!("HP", "PV")) } dd { (c.hp) " / " (c.hp_max) }
                    dt { (tr!("STR", "FOR")) } dd { (c.str) }
                    dt { (tr!("WIS", "SAG")) } dd { (c.wis) }
                    @if let Some(int) = c.int { dt { "INT" } dd { (int) } }
                    @if let Some(dex) = c.dex { dt { (tr!("DEX", "DEX")) } dd { (dex) } }
                    dt { "XP" } dd { (c.xp) }
                }
                @for line in crate::cli::money::sheet_lines(c, &v.coins).iter().take(1) {
                    p.purse { (line.trim()) }
                }
                @if !v.items.is_empty() {
                    h3 { (tr!("Carries", "Porte")) }
                    ul.items { @for item in &v.items { (known_item(item)) } }
                }
                @if !v.effects.is_empty() {
                    h3 { (tr!("Under the effect of", "Sous l'effet de")) }
                    ul.effects {
                        @for e in &v.effects {
                            li {
                                span.name { (safe(e.name())) }
                                " — "
                                @match e.left(p.clock) {
                                    Some(left) => (tr!("{} left", "encore {}", span(left))),
                                    None => (tr!("until the referee ends it", "jusqu'à ce que le meneur y mette fin")),
                                }
                            }
                        }
                    }
                }
            }
        } }
    };
    frame(
        &tr!("The party", "Le groupe"),
        Tab::Party,
        Some((&p.campaign, p.clock)),
        body,
    )
}

/// The party's treasure, as the party knows it (`rules::knowledge::revealed` to the party).
pub struct Treasure {
    pub campaign: String,
    pub clock: i64,
    /// Who holds what: each character's name (none: the party's treasure), with their items.
    pub held: BTreeMap<Option<String>, Vec<Revealed>>,
    /// Items left at places, by place.
    pub places: BTreeMap<String, Vec<Revealed>>,
    pub coins: app::coins::Balances,
    pub found: Vec<(u32, u32)>,
    /// Items whose charges the party knows, with their charges after each event.
    pub charges: Vec<(String, Vec<(i64, i32)>)>,
}

impl Treasure {
    pub async fn read(cx: &mut Ctx) -> Result<Treasure> {
        let found = cx.campaign().await?;
        let characters = app::character::list(cx).await?;
        let party: Vec<&str> = characters.iter().map(|c| c.id.as_str()).collect();
        let mut items: Vec<(Item, Option<String>)> = Vec::new();
        app::item::list(cx, None, None, |item, holder| {
            if !item.is_gone() {
                items.push((item, holder));
            }
            Ok(())
        })
        .await?;
        let mut held: BTreeMap<Option<String>, Vec<Revealed>> = BTreeMap::new();
        let mut places: BTreeMap<String, Vec<Revealed>> = BTreeMap::new();
        let mut known_charges = Vec::new();
        for (item, holder) in &items {
            let seen = revealed(item, Looker::Party(&party));
            if seen.charges.is_some() {
                known_charges.push((item.id.clone(), seen.name.to_string()));
            }
            match &item.place {
                Some(place) if holder.is_none() => {
                    places.entry(place.clone()).or_default().push(seen)
                }
                _ => held.entry(holder.clone()).or_default().push(seen),
            }
        }
        let mut charges = Vec::new();
        for (id, name) in known_charges {
            charges.push((name, charges_over_time(cx, &id).await?));
        }
        Ok(Treasure {
            campaign: found.campaign.name,
            clock: found.campaign.clock,
            held,
            places,
            coins: app::coins::show(cx).await?,
            found: app::chronicle::found_per_session(cx).await?,
            charges,
        })
    }
}

/// An item's charges after each event that changed them (it was made with some), by game time.
async fn charges_over_time(cx: &mut Ctx, id: &str) -> Result<Vec<(i64, i32)>> {
    let (_, events) = app::custody::history(cx, id).await?;
    Ok(events
        .iter()
        .filter_map(|rec| match &rec.event {
            Event::ItemCreated { item, .. } => item.charges.map(|c| (rec.game_time, c)),
            Event::ChargesSpent { remaining, .. } | Event::Recharged { remaining, .. } => {
                Some((rec.game_time, *remaining))
            }
            _ => None,
        })
        .collect())
}

pub fn treasure(t: &Treasure) -> Markup {
    let coins = &t.coins;
    let body = html! {
        h2 { (tr!("Coins", "Pièces")) }
        ul.coins {
            li { (tr!("Party's pool", "Caisse du groupe")) ": " (crate::i18n::coins::text(&coins.pool)) }
            @for purse in &coins.purses {
                li { (safe(&purse.character)) ": " (crate::i18n::coins::text(&purse.coins)) }
            }
            @for place in &coins.places {
                li { (safe(&place.place)) ": " (crate::i18n::coins::text(&place.coins)) }
            }
        }
        @for (holder, items) in &t.held {
            h2 {
                @match holder {
                    Some(name) => (tr!("Carried by {}", "Porté par {}", safe(name))),
                    None => (tr!("The party's treasure", "Le trésor du groupe")),
                }
            }
            ul.items { @for item in items { (known_item(item)) } }
        }
        @for (place, items) in &t.places {
            h2 { (tr!("Left at {}", "Laissé à {}", safe(place))) }
            ul.items { @for item in items { (known_item(item)) } }
        }
        @if t.found.iter().any(|(_, n)| *n > 0) {
            figure.chart {
                (PreEscaped(charts::found_per_session(&t.found)))
                figcaption { (tr!("Treasure found per session (items)", "Trésor trouvé par session (objets)")) }
            }
        }
        @if !t.charges.is_empty() {
            figure.chart {
                (PreEscaped(charts::charges(&t.charges)))
                figcaption { (tr!("Charges of the wands, staves and rods the party knows, by game day", "Charges des baguettes, bâtons et sceptres que le groupe connaît, par jour de jeu")) }
            }
        }
    };
    frame(
        &tr!("Treasure", "Trésor"),
        Tab::Treasure,
        Some((&t.campaign, t.clock)),
        body,
    )
}

/// The chronicle: the sessions, and one of them as the players saw it.
pub struct Chronicle {
    pub campaign: String,
    pub clock: i64,
    pub sessions: Vec<Session>,
    pub told: Option<Told>,
}

impl Chronicle {
    /// Session `number`, or the latest.
    pub async fn read(cx: &mut Ctx, number: Option<u32>) -> Result<Chronicle> {
        let found = cx.campaign().await?;
        let sessions: Vec<Session> = app::session::list(cx)
            .await?
            .into_iter()
            .map(|(s, _)| s)
            .collect();
        let number = number.or(sessions.iter().map(|s| s.number).max());
        let told = match number {
            Some(n) => Some(app::chronicle::session(cx, n).await?),
            None => None,
        };
        Ok(Chronicle {
            campaign: found.campaign.name,
            clock: found.campaign.clock,
            sessions,
            told,
        })
    }
}

/// One thing seen, as a sentence.
fn seen_text(seen: &Seen) -> String {
    let item = |i: &Revealed| safe(&i.name.to_string());
    match seen {
        Seen::Found { item: i } => tr!("Found: {}.", "Trouvé : {}.", item(i)),
        Seen::Coins { coins, to } => {
            let coins = crate::i18n::coins::text(coins);
            match to {
                Some(who) => tr!("{} gains {coins}.", "{} reçoit {coins}.", safe(who)),
                None => tr!("The party gains {coins}.", "Le groupe reçoit {coins}."),
            }
        }
        Seen::Drank {
            who,
            item: i,
            oil: false,
        } => tr!("{} drinks {}.", "{} boit {}.", safe(who), item(i)),
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
                crate::cli::describe::method_name(*method),
            );
            if *learned {
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

pub fn chronicle(c: &Chronicle) -> Markup {
    let body = html! {
        @if c.sessions.is_empty() {
            p { (tr!("No play session yet.", "Aucune session de jeu encore.")) }
        }
        @if let Some(told) = &c.told {
            @let s = &told.session;
            h2 {
                (tr!("Session {}", "Session {}", s.number))
                @if let Some(title) = &s.title { ": " (safe(title)) }
            }
            @if told.entries.is_empty() {
                p { (tr!("Nothing the players saw was recorded.", "Rien de ce que les joueurs ont vu n'a été enregistré.")) }
            }
            ol.chronicle {
                @for e in &told.entries {
                    li data-event=(e.seq) {
                        span.when { (GameTime(e.game_time).to_string()) }
                        " "
                        (seen_text(&e.seen))
                    }
                }
            }
        }
        @if c.sessions.len() > 1 {
            h2 { (tr!("Sessions", "Sessions")) }
            ul.sessions {
                @for s in c.sessions.iter().rev() {
                    li {
                        a href={ "/chronicle/" (s.number) } {
                            (tr!("Session {}", "Session {}", s.number))
                            @if let Some(title) = &s.title { ": " (safe(title)) }
                        }
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

/// A sword's control of a character over a stretch of game time, and why it began and ended.
pub struct Span {
    pub sword: String,
    pub character: String,
    pub from: i64,
    /// `None`: still in control.
    pub to: Option<i64>,
    pub why: String,
    pub ended: Option<String>,
}

/// The referee's dashboard: the true sheets, the swords' audit and the odds of a check now.
pub struct Referee {
    pub campaign: String,
    pub clock: i64,
    pub sheets: Vec<app::character::Sheet>,
    /// Items nobody holds.
    pub unheld: Vec<Item>,
    pub holding: Vec<app::sword::Holding>,
    pub spans: Vec<Span>,
    /// The last control checks, newest last.
    pub checks: Vec<crate::ledger::Recorded>,
    pub odds: Vec<app::sword::Odds>,
}

/// How many of the latest control checks the dashboard lists (the picture shows them all).
const CHECKS_LISTED: usize = 50;

impl Referee {
    pub async fn read(cx: &mut Ctx) -> Result<Referee> {
        let found = cx.campaign().await?;
        let mut sheets = Vec::new();
        for c in app::character::list(cx).await? {
            sheets.push(app::character::show(cx, &c.name).await?);
        }
        let mut unheld = Vec::new();
        app::item::list(cx, None, None, |item, holder| {
            if holder.is_none() && !item.is_gone() {
                unheld.push(item);
            }
            Ok(())
        })
        .await?;
        let holding = app::sword::in_control(cx).await?;
        let (spans, checks) = control_story(cx).await?;
        let mut odds = Vec::new();
        for sheet in &sheets {
            for sword in sheet.items.iter().filter(|i| i.sentience().is_some()) {
                odds.push(app::sword::odds(cx, &sword.id, &sheet.character.name).await?);
            }
        }
        Ok(Referee {
            campaign: found.campaign.name,
            clock: found.campaign.clock,
            sheets,
            unheld,
            holding,
            spans,
            checks,
            odds,
        })
    }
}

/// Every stretch of control, from the checks that gave it to the events that ended it, and
/// the latest checks.
async fn control_story(cx: &mut Ctx) -> Result<(Vec<Span>, Vec<crate::ledger::Recorded>)> {
    let mut events = Vec::new();
    for kind in ["control_checked", "control_ended"] {
        let query = app::log::Query {
            kind: Some(kind.into()),
            ..Default::default()
        };
        app::log::log(cx, query, |rec, voided_by| {
            if voided_by.is_none() {
                events.push(rec);
            }
            Ok(())
        })
        .await?;
    }
    events.sort_by_key(|r| r.seq);
    let mut spans: Vec<Span> = Vec::new();
    let mut open: BTreeMap<String, usize> = BTreeMap::new();
    let mut checks = Vec::new();
    for rec in events {
        match &rec.event {
            Event::ControlChecked {
                act,
                trigger,
                controlled,
                ..
            } => {
                if *controlled && !open.contains_key(&act.item) {
                    open.insert(act.item.clone(), spans.len());
                    spans.push(Span {
                        sword: act.item_name.clone(),
                        character: act.character_name.clone(),
                        from: rec.game_time,
                        to: None,
                        why: crate::cli::words::trigger(*trigger),
                        ended: None,
                    });
                }
                checks.push(rec);
            }
            Event::ControlEnded { act, reason } => {
                if let Some(i) = open.remove(&act.item) {
                    spans[i].to = Some(rec.game_time);
                    spans[i].ended = Some(crate::cli::words::reason(*reason));
                }
            }
            _ => {}
        }
    }
    let skip = checks.len().saturating_sub(CHECKS_LISTED);
    Ok((spans, checks.split_off(skip)))
}

pub fn referee(r: &Referee) -> Markup {
    let body = html! {
        p.warning { (tr!("The referee's eyes only: true names, charges and minds.", "Pour les yeux du meneur seulement : vrais noms, charges et esprits.")) }
        h2 { (tr!("True sheets", "Vraies feuilles")) }
        @for sheet in &r.sheets {
            @let c = &sheet.character;
            section.sheet {
                h3 { (safe(&c.name)) }
                p.headline { (headline(c)) " · " (tr!("HP", "PV")) " " (c.hp) " / " (c.hp_max) }
                ul.items {
                    @for item in &sheet.items {
                        li { (crate::cli::item_view::line(item, None)) }
                        @if let Some(s) = item.sentience() {
                            li.mind { (crate::cli::item_view::sentience_line(s)) }
                        }
                    }
                }
                @if !sheet.effects.is_empty() {
                    ul.effects {
                        @for e in &sheet.effects {
                            li {
                                (safe(e.name())) " — "
                                @match e.left(r.clock) {
                                    Some(left) => (tr!("{} left", "encore {}", span(left))),
                                    None => (tr!("until you end it", "jusqu'à ce que vous y mettiez fin")),
                                }
                            }
                        }
                    }
                }
            }
        }
        @if !r.unheld.is_empty() {
            h3 { (tr!("Nobody holds", "Personne ne porte")) }
            ul.items { @for item in &r.unheld { li { (crate::cli::item_view::line(item, None)) } } }
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
                        crate::cli::words::trigger(h.holds_under.trigger)))
                }
            }
        }
        @if !r.spans.is_empty() {
            figure.chart {
                (PreEscaped(charts::control_timeline(&r.spans, r.clock)))
                figcaption { (tr!("Which sword controlled whom, by game day, and why", "Quelle épée a contrôlé qui, par jour de jeu, et pourquoi")) }
            }
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
                        (tr!("{} over {}: {}/{} ({:.2} %)", "{} sur {} : {}/{} ({:.2} %)",
                            safe(&o.sword), safe(&o.character), o.numerator, o.denominator,
                            percent(o.numerator, o.denominator)))
                    }
                }
            }
        }
        @if !r.checks.is_empty() {
            h2 { (tr!("Latest control checks", "Derniers tests de contrôle")) }
            ol.checks {
                @for rec in &r.checks {
                    li { (crate::cli::log::line(rec)) }
                }
            }
        }
    };
    frame(
        &tr!("Referee", "Meneur"),
        Tab::None,
        Some((&r.campaign, r.clock)),
        body,
    )
}

fn percent(numerator: u128, denominator: u128) -> f64 {
    if denominator == 0 {
        0.0
    } else {
        numerator as f64 * 100.0 / denominator as f64
    }
}
