//! `hoard report session [N|TITLE] [--markdown]`, `hoard report character NAME`.

use super::args::report::ReportCommand;
use super::out::Out;
use crate::app::report::Report;
use crate::app::{self, Ctx};
use crate::error::Result;
use crate::i18n::time::GameTime;
use crate::ledger::{Event, Recorded};
use crate::tr;
use crate::view::describe::{describe, tone};
use crate::view::inert::safe;
use crate::view::tone::Tone;
use crate::view::words::Named;

pub async fn run(cx: &mut Ctx, out: &mut Out, command: ReportCommand) -> Result<()> {
    let report = match command {
        ReportCommand::Session { number, markdown } => {
            let number = app::report::chosen(cx, number.as_ref()).await?;
            if markdown {
                return posting(cx, out, number).await;
            }
            app::report::session(cx, number).await?
        }
        ReportCommand::Character { name } => app::report::character(cx, &name).await?,
    };
    if out.json() {
        return out.doc(&json(&report));
    }
    for (tone, line) in lines(&report) {
        out.toned(tone, &line)?;
    }
    Ok(())
}

/// `report session --markdown`: the posting, as Markdown or (`--json`) as data.
async fn posting(cx: &mut Ctx, out: &mut Out, number: u32) -> Result<()> {
    let truth = cx.as_referee;
    let posting = app::report::posting::posting(cx, number, truth).await?;
    if out.json() {
        return out.doc(&posting);
    }
    out.line(crate::view::posting::markdown(&posting).trim_end())
}

fn entry(rec: &Recorded) -> (Tone, String) {
    let text = format!(
        "  {:<14} {}",
        GameTime(rec.game_time).to_string(),
        describe(&rec.event)
    );
    (tone(&rec.event), text)
}

/// The report as text, a section at a time, empty sections left out; titles are headings.
pub fn lines(report: &Report) -> Vec<(Tone, String)> {
    let mut lines = Vec::new();
    match (&report.session, &report.character) {
        (Some(s), _) => {
            let title = s
                .title
                .as_deref()
                .map(|t| format!(" — {}", safe(t)))
                .unwrap_or_default();
            let (n, from) = (s.number, GameTime(s.started_round));
            let to = s
                .ended_round
                .map(|r| GameTime(r).to_string())
                .unwrap_or_else(|| tr!("still open", "encore ouverte"));
            lines.push((
                Tone::Heading,
                tr!(
                    "Session {n}{title} ({from} to {to})",
                    "Session {n}{title} (du {from} au {to})"
                ),
            ));
        }
        (None, Some(c)) => {
            let c = safe(c);
            lines.push((
                Tone::Heading,
                tr!("{c}, over the whole campaign", "{c}, sur toute la campagne"),
            ));
        }
        (None, None) => {}
    }
    let s = &report.sections;
    if !s.found.is_empty() {
        lines.push((Tone::Heading, tr!("Treasure found:", "Trésor trouvé :")));
        let items: Vec<_> = s
            .found
            .iter()
            .filter_map(|f| match &f.event.event {
                Event::ItemCreated { item, .. } => Some((f, item)),
                _ => None,
            })
            .collect();
        for &(found, item) in &items {
            // Two finds of one name are told apart by their ids, as `item list` shows them.
            let twins = items
                .iter()
                .filter(|(_, i)| i.name() == item.name())
                .count();
            let id = if twins > 1 {
                format!(" [{}]", crate::ledger::short_id(&item.id))
            } else {
                String::new()
            };
            let now = match (&found.holder, found.status.as_str(), &found.place) {
                (_, "consumed", _) => tr!("used up", "utilisé"),
                (_, "faded", _) => tr!("faded (blank)", "effacé (vierge)"),
                (_, "crumbled", _) => tr!("crumbled to dust", "tombé en poussière"),
                (_, "vanished", _) => tr!("vanished", "disparu"),
                (_, "sold", _) => tr!("sold", "vendu"),
                (Some(h), _, _) => tr!("now with {}", "désormais chez {}", safe(h)),
                (None, _, Some(p)) => tr!("left at {}", "laissé à {}", safe(p)),
                (None, _, None) => tr!("in the party's treasure", "dans le trésor du groupe"),
            };
            let worth = item
                .identity
                .value
                .map(|v| format!(" ({})", crate::view::money::worth(v.copper())))
                .unwrap_or_default();
            lines.push((
                Tone::Plain,
                format!(
                    "  {:<14} {}{id}{worth} — {now}",
                    GameTime(found.event.game_time).to_string(),
                    safe(item.name())
                ),
            ));
        }
    }
    if let Some(t) = report.treasure.as_ref().filter(|t| t.copper() > 0) {
        let coins = crate::view::money::worth(t.coins.copper());
        let valuables = crate::view::money::worth(t.copper() - t.coins.copper());
        let total = crate::view::money::worth(t.copper());
        lines.push((
            Tone::Heading,
            tr!(
                "Treasure brought back: {coins} in coins + {valuables} in valuables = {total}",
                "Trésor rapporté : {coins} en pièces + {valuables} en objets de valeur = {total}"
            ),
        ));
    }
    let sections: [(&Vec<Recorded>, String); 12] = [
        (&s.coins, tr!("Coins:", "Pièces :")),
        (&s.passed, tr!("Changing hands:", "Changements de mains :")),
        (&s.potions, tr!("Potions and oils:", "Potions et huiles :")),
        (&s.scrolls, tr!("Scrolls:", "Parchemins :")),
        (&s.identified, tr!("Identified:", "Identifications :")),
        (&s.charges, tr!("Charges:", "Charges :")),
        (
            &s.drained,
            tr!("Drained or crumbled:", "Vidés ou tombés en poussière :"),
        ),
        (&s.worn, tr!("Worn:", "Portés :")),
        (&s.books, tr!("Books:", "Livres :")),
        (&s.swords, tr!("Sentient swords:", "Épées intelligentes :")),
        (&s.shares, tr!("Shares paid:", "Parts versées :")),
        (&s.xp, tr!("Experience awarded:", "Expérience donnée :")),
    ];
    for (events, title) in sections {
        if events.is_empty() {
            continue;
        }
        lines.push((Tone::Heading, title));
        lines.extend(events.iter().map(entry));
    }
    if lines.len() == 1 {
        lines.push((
            Tone::Plain,
            tr!(
                "  nothing happened to any treasure",
                "  rien n'est arrivé au trésor"
            ),
        ));
    }
    lines
}

/// The report as JSON: each event in the shape `log --json` gives it.
fn json(report: &Report) -> serde_json::Value {
    use crate::ledger::EventView;
    fn events(list: &[Recorded]) -> Vec<EventView<'_>> {
        list.iter().map(EventView::of).collect()
    }
    let s = &report.sections;
    let found: Vec<_> = s
        .found
        .iter()
        .map(|f| serde_json::json!({ "event": EventView::of(&f.event), "holder": f.holder, "status": f.status, "place": f.place }))
        .collect();
    serde_json::json!({
        "session": report.session,
        "character": report.character,
        "found": found,
        "passed": events(&s.passed),
        "potions": events(&s.potions),
        "scrolls": events(&s.scrolls),
        "identified": events(&s.identified),
        "charges": events(&s.charges),
        "drained": events(&s.drained),
        "worn": events(&s.worn),
        "books": events(&s.books),
        "swords": events(&s.swords),
        "coins": events(&s.coins),
        "shares": events(&s.shares),
        "xp": events(&s.xp),
        "treasure": report.treasure.as_ref().map(|t| serde_json::json!({
            "coins": t.coins,
            "valuables": t.valuables,
            "value_cp": t.copper(),
            "xp": crate::rules::xp::for_treasure(t.copper()),
        })),
    })
}
