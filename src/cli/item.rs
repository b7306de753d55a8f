//! `hoard generate …` and `hoard item …`, and how an item is shown.

use clap::{Args, Subcommand};
use serde::Serialize;

use super::out::{Out, safe, table};
use crate::app::generate::Request;
use crate::app::item::NewItem;
use crate::app::{self, Ctx};
use crate::error::Result;
use crate::i18n::pick;
use crate::ledger::{Item, Origin};
use crate::rules::armor::material_name;
use crate::rules::generate::signed;
use crate::rules::item::{Category, Identity, Power, ScrollSpell, Sentience, Status};
use crate::tr;

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// potion, scroll, ring, rod, staff, wand, book, clothing, boots, household, instrument,
    /// misc, armor, sword, weapon (French names and plurals work), or `any`
    pub category: String,
    /// How many items, 1 to 1,000,000
    #[arg(long, short = 'n', default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub count: u32,
    /// Give them to this character instead of the party's unowned treasure
    #[arg(long, value_name = "CHARACTER")]
    pub to: Option<String>,
    /// With --to: the character reads the scrolls at once, so they cannot fade
    #[arg(long, requires = "to")]
    pub read: bool,
    /// Swords only: make it sentient
    #[arg(long)]
    pub sentient: bool,
}

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum ItemCommand {
    /// Record an item the referee makes by hand
    Add {
        /// Its name, as the referee knows it
        name: String,
        /// potion, scroll, ring, rod, staff, wand, book, clothing, boots, household,
        /// instrument, misc, armor, sword or weapon
        #[arg(long)]
        category: Category,
        /// Charges it holds (wands, staves, rods)
        #[arg(long, allow_negative_numbers = true)]
        charges: Option<i64>,
        /// A finer kind: oil, spell, protection, shield …
        #[arg(long)]
        kind: Option<String>,
        /// Enchantment, e.g. 2 for +2 or -1
        #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(i32).range(-5..=5))]
        bonus: Option<i32>,
        /// Cursed
        #[arg(long)]
        cursed: bool,
        /// Used up when used (potions, dusts …)
        #[arg(long)]
        consumable: bool,
        /// Wands: turns its effect on anyone but its maker
        #[arg(long)]
        trapped: bool,
        /// The character who made it (a trapped wand works for its maker)
        #[arg(long, value_name = "CHARACTER")]
        maker: Option<String>,
        /// Books: harmful to whoever studies it (it binds itself to its owner)
        #[arg(long)]
        harmful: bool,
        /// Books: the alignment it favours
        #[arg(long, value_name = "ALIGNMENT")]
        favours: Option<crate::rules::alignment::Alignment>,
        /// Initiative adjustment of its powers [default: the category's: rings +3, rods +1,
        /// staves +2, wands +3, others +3]
        #[arg(long, allow_negative_numbers = true)]
        initiative: Option<i32>,
        /// Level its powers work at [default: the category's: rings 12, rods and staves 8,
        /// wands 6, others 12]
        #[arg(long)]
        level: Option<u32>,
        /// Armor: not metal (leather), so +3 to +5 get no special metal
        #[arg(long)]
        not_metal: bool,
        /// Armor: what it is made of [default: +3 meteoric iron, +4 mithril, +5 adamantite steel]
        #[arg(long)]
        material: Option<String>,
        /// Give it to this character
        #[arg(long, value_name = "CHARACTER")]
        to: Option<String>,
    },
    /// Every event that touched an item: its chain of custody and what was done with it
    History {
        /// The item: its name (in either language), id or id prefix
        item: String,
    },
    /// A trapped wand's maker designates a character it will not turn on
    Trust {
        /// The trapped wand: its name, id or id prefix
        item: String,
        /// The character it will not turn on
        #[arg(long, value_name = "CHARACTER")]
        to: String,
    },
    /// List items
    #[command(visible_alias = "ls")]
    List {
        /// Only what this character holds
        #[arg(long, value_name = "CHARACTER")]
        owner: Option<String>,
        /// Only items of this category (potion, scroll, ring, wand …)
        #[arg(long)]
        category: Option<Category>,
    },
    /// Show an item: by id, id prefix or name
    Show {
        /// The item: its name (in either language), id or id prefix
        item: String,
        /// Show only what this character knows of it
        #[arg(long = "as", value_name = "CHARACTER")]
        as_character: Option<String>,
        /// Show it as it stood at the end of this play session
        #[arg(long, value_name = "SESSION", conflicts_with = "as_character")]
        at: Option<u32>,
    },
}

/// An item as `--json` shows it (fields documented in `docs/json.md`).
#[derive(Serialize)]
pub struct ItemView<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub name_fr: &'a str,
    pub category: Category,
    pub holder: Option<&'a str>,
    /// The place it was left at (`stash`), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub place: Option<&'a str>,
    pub charges: Option<i32>,
    pub status: Status,
    /// The identity's fields, without the sentience (shown as its own field).
    #[serde(flatten)]
    pub identity: Identity,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub spells: &'a [ScrollSpell],
    pub sentience: Option<&'a Sentience>,
}

impl<'a> ItemView<'a> {
    pub fn of(item: &'a Item, holder: Option<&'a str>) -> Self {
        let identity = Identity {
            sentience: None,
            ..item.identity.clone()
        };
        ItemView {
            id: &item.id,
            name: &item.name,
            name_fr: &item.name_fr,
            category: item.category,
            holder,
            place: item.place.as_deref(),
            charges: item.charges,
            status: item.status,
            identity,
            spells: &item.spells,
            sentience: item.identity.sentience.as_ref(),
        }
    }
}

pub async fn generate(
    cx: &mut Ctx,
    out: &mut Out,
    args: GenerateArgs,
    progress: super::progress::Mode,
) -> Result<()> {
    let category = match args.category.to_lowercase().as_str() {
        "any" | "all" | "tout" | "n'importe" => None,
        other => Some(
            other
                .parse::<Category>()
                .map_err(|e| crate::error::Error::Invalid(e.to_string()))?,
        ),
    };
    let request = Request {
        category,
        count: args.count,
        to: args.to,
        read: args.read,
        sentient: args.sentient,
    };
    let json = out.json();
    let mut first = true;
    if json {
        out.raw("[")?;
    }
    let mut bar = super::progress::Progress::new(progress, u64::from(request.count));
    let report = |done: u32, total: u32| bar.set(u64::from(done), u64::from(total));
    let consequences = app::generate::generate(cx, request, report, |item, holder| {
        if json {
            out.raw(if first { "\n" } else { ",\n" })?;
            first = false;
            out.json_compact(&ItemView::of(&item, holder.as_deref()))
        } else {
            out.line(&line(&item, holder.as_deref()))?;
            if let Some(s) = &item.identity.sentience {
                out.line(&format!("          {}", sentience_line(s)))?;
            }
            Ok(())
        }
    })
    .await?;
    bar.finish();
    if json {
        return out.line("\n]");
    }
    for rec in &consequences {
        out.event(&rec.event)?;
    }
    Ok(())
}

pub async fn run(cx: &mut Ctx, out: &mut Out, command: ItemCommand) -> Result<()> {
    match command {
        ItemCommand::Add {
            name,
            category,
            charges,
            kind,
            bonus,
            cursed,
            consumable,
            trapped,
            maker,
            harmful,
            favours,
            initiative,
            level,
            not_metal,
            material,
            to,
        } => {
            let book = (category == Category::Book).then_some(crate::rules::item::BookNature {
                beneficial: !harmful,
                alignment: favours,
            });
            let new = NewItem {
                name,
                category,
                charges,
                identity: Identity {
                    kind,
                    bonus,
                    cursed,
                    consumable,
                    trapped,
                    book,
                    initiative,
                    level,
                    metal: not_metal.then_some(false),
                    material,
                    ..Identity::default()
                },
                maker,
                to,
            };
            let added = app::item::add(cx, new).await?;
            added_lines(out, &added)
        }
        ItemCommand::List { owner, category } => {
            let json = out.json();
            let mut rows = Vec::new();
            let mut views = Vec::new();
            app::item::list(cx, owner.as_deref(), category, |item, holder| {
                if json {
                    views.push((item, holder));
                } else {
                    rows.push(vec![
                        crate::ledger::short_id(&item.id).to_string(),
                        safe(item.name()),
                        item.category.label().to_string(),
                        holder
                            .as_deref()
                            .map(safe)
                            .unwrap_or_else(|| tr!("(party)", "(groupe)")),
                        item.charges.map(|c| c.to_string()).unwrap_or_default(),
                        status_label(item.status).to_string(),
                    ]);
                }
                Ok(())
            })
            .await?;
            if json {
                let list: Vec<ItemView> = views
                    .iter()
                    .map(|(i, h)| ItemView::of(i, h.as_deref()))
                    .collect();
                return out.doc(&list);
            }
            let mut t = table(&[
                "id".into(),
                tr!("Item", "Objet"),
                tr!("Category", "Catégorie"),
                tr!("Holder", "Porteur"),
                tr!("Charges", "Charges"),
                tr!("State", "État"),
            ]);
            for row in rows {
                t.add_row(row);
            }
            out.listing(
                t,
                &tr!(
                    "No items here yet: `hoard generate any` makes one from the tables, `hoard item add NAME --category wand` records one.",
                    "Aucun objet ici encore : `hoard generate any` en tire un des tables, `hoard item add NOM --category wand` en note un."
                ),
            )
        }
        ItemCommand::History { item } => {
            let (item, events) = app::custody::history(cx, &item).await?;
            if out.json() {
                let views: Vec<_> = events.iter().map(super::log::EventView::of).collect();
                return out.doc(
                    &serde_json::json!({ "item": ItemView::of(&item, None), "events": views }),
                );
            }
            out.line(&format!(
                "{} ({})",
                safe(item.name()),
                crate::ledger::short_id(&item.id)
            ))?;
            for rec in &events {
                out.toned(super::describe::tone(&rec.event), &super::log::line(rec))?;
            }
            Ok(())
        }
        ItemCommand::Trust { item, to } => {
            let rec = app::charges::trust(cx, &item, &to).await?;
            super::play::event(out, &rec)
        }
        ItemCommand::Show {
            item,
            at: Some(session),
            ..
        } => {
            let (item, holder) = app::item::show_at(cx, &item, session).await?;
            if out.json() {
                return out.doc(&ItemView::of(&item, holder.as_deref()));
            }
            out.line(&tr!(
                "At the end of session {session}:",
                "À la fin de la session {session} :"
            ))?;
            for text in details(&item, holder.as_deref(), None) {
                out.line(&text)?;
            }
            Ok(())
        }
        ItemCommand::Show {
            item,
            as_character: Some(who),
            at: None,
        } => {
            let (item, who, holder) = app::item::show_as(cx, &item, &who).await?;
            let seen = crate::rules::knowledge::player_item(&item, &who.id);
            let known = Known {
                details: seen.knows_all().then(|| {
                    details_seen(&item, holder.as_deref(), None, seen.alignment.is_some())
                }),
                seen,
            };
            if out.json() {
                return out.doc(&known_view(&item, holder.as_deref(), &known));
            }
            let category = item.category.label();
            out.line(&if known.seen.name == category {
                safe(&known.seen.name)
            } else {
                format!("{} ({category})", safe(&known.seen.name))
            })?;
            out.line(&format!("  id {}", item.id))?;
            if known.seen.known.is_none() {
                out.line(&tr!("  not identified", "  non identifié"))?;
            }
            if let Some(a) = known.seen.alignment {
                let a = super::character::alignment_name(a);
                out.line(&tr!(
                    "  {a} (learnt by touching it)",
                    "  {a} (appris en la touchant)"
                ))?;
            }
            if let Some(details) = known.details {
                for text in details.into_iter().skip(2) {
                    out.line(&text)?;
                }
            }
            Ok(())
        }
        ItemCommand::Show {
            item,
            as_character: None,
            at: None,
        } => {
            let shown = app::item::show(cx, &item).await?;
            if out.json() {
                let mut value =
                    serde_json::to_value(ItemView::of(&shown.item, shown.holder.as_deref()))
                        .unwrap_or_default();
                value["origin"] = serde_json::to_value(&shown.origin).unwrap_or_default();
                return out.doc(&value);
            }
            for text in details(&shown.item, shown.holder.as_deref(), shown.origin.as_ref()) {
                out.line(&text)?;
            }
            Ok(())
        }
    }
}

/// `Added 1a2b3c4d  Axe +1 — weapon (Tess)`, then what handing it over set off; in JSON the
/// item with `consequences` (each event as `log --json` shows it).
pub fn added_lines(out: &mut Out, added: &app::item::Added) -> Result<()> {
    let holder = added.holder.as_deref();
    if out.json() {
        let mut value = serde_json::to_value(ItemView::of(&added.item, holder)).unwrap_or_default();
        let events: Vec<_> = added
            .consequences
            .iter()
            .map(super::log::EventView::of)
            .collect();
        value["consequences"] = serde_json::to_value(events).unwrap_or_default();
        return out.doc(&value);
    }
    out.line(&tr!("Added {}", "Ajouté : {}", line(&added.item, holder)))?;
    if let Some(s) = &added.item.identity.sentience {
        out.line(&format!("          {}", sentience_line(s)))?;
    }
    for rec in &added.consequences {
        out.event(&rec.event)?;
    }
    Ok(())
}

pub fn status_label(status: Status) -> &'static str {
    let (en, fr) = match status {
        Status::Intact => ("", ""),
        Status::Consumed => ("consumed", "consommé"),
        Status::Faded => ("faded", "effacé"),
        Status::Drained => ("drained", "vidé"),
        Status::Crumbled => ("crumbled to dust", "tombé en poussière"),
        Status::Vanished => ("vanished", "disparu"),
    };
    pick(en, fr)
}

/// `1a2b3c4d  Wand of Frost — wand, 93 charges (Arnaud)`
pub fn line(item: &Item, holder: Option<&str>) -> String {
    let mut facts = vec![item.category.label().to_string()];
    if let Some(c) = item.charges {
        facts.push(tr!("{c} charges", "{c} charges"));
    }
    if let Some(n) = item.identity.count {
        facts.push(format!("×{n}"));
    }
    if item.identity.cursed {
        facts.push(tr!("cursed", "maudit"));
    }
    if !item.spells.is_empty() {
        let levels: Vec<String> = item.spells.iter().map(|s| s.level.to_string()).collect();
        facts.push(tr!(
            "spells of level {}",
            "sorts de niveau {}",
            levels.join(", ")
        ));
    }
    if let Some(value) = &item.identity.value {
        facts.push(super::coins::worth(value.copper()));
    }
    let status = status_label(item.status);
    if !status.is_empty() {
        facts.push(status.to_string());
    }
    let holder = match (holder, &item.place) {
        (Some(h), _) => format!(" ({})", safe(h)),
        (None, Some(place)) => tr!(" (at {})", " (à {})", safe(place)),
        (None, None) => String::new(),
    };
    format!(
        "{}  {} — {}{holder}",
        crate::ledger::short_id(&item.id),
        safe(item.name()),
        facts.join(", ")
    )
}

fn power_name(p: &Power) -> String {
    let uses = match p.uses.as_str() {
        "at-will" => String::new(),
        "3/day" => tr!(" (3/day)", " (3/jour)"),
        "1/day" => tr!(" (1/day)", " (1/jour)"),
        "1/turn" => tr!(" (1/turn)", " (1/tour)"),
        "3/week" => tr!(" (3/week)", " (3/semaine)"),
        other => format!(" ({other})"),
    };
    format!("{}{uses}", pick(&p.name, &p.name_fr))
}

/// `sentient: INT 10, Ego 7, lawful, speech, 2 languages; powers: …; purpose: …`
pub fn sentience_line(s: &Sentience) -> String {
    sentience_seen(s, true)
}

/// The sentience line, with the alignment only when it is known (it is learnt by touch).
fn sentience_seen(s: &Sentience, alignment_known: bool) -> String {
    let alignment = if alignment_known {
        format!("{}, ", super::character::alignment_name(s.alignment))
    } else {
        String::new()
    };
    let communication = match s.communication.as_str() {
        "speech" => tr!("speech", "parole"),
        _ => tr!("empathy", "empathie"),
    };
    let reads = if s.reads {
        tr!(", reads", ", lit")
    } else {
        String::new()
    };
    let languages = if s.communication == "speech" {
        let n = s.languages;
        tr!(", alignment language + {n}", ", langue d'alignement + {n}")
    } else {
        String::new()
    };
    let powers: Vec<String> = s
        .sensory_powers
        .iter()
        .chain(&s.extraordinary_powers)
        .map(power_name)
        .collect();
    let purpose = s
        .special_purpose
        .as_ref()
        .map(|p| tr!("; purpose: {}", " ; but : {}", pick(&p.name, &p.name_fr)))
        .unwrap_or_default();
    let (int, ego) = (s.int, s.ego);
    tr!(
        "sentient: INT {int}, Ego {ego}, {alignment}{communication}{reads}{languages}; powers: {}{purpose}",
        "intelligente : INT {int}, Ego {ego}, {alignment}{communication}{reads}{languages} ; pouvoirs : {}{purpose}",
        powers.join(", ")
    )
}

/// Everything the referee may want to know about an item, a line each.
pub fn details(item: &Item, holder: Option<&str>, origin: Option<&Origin>) -> Vec<String> {
    details_seen(item, holder, origin, true)
}

/// The details, with a sentient sword's alignment only when it is known.
fn details_seen(
    item: &Item,
    holder: Option<&str>,
    origin: Option<&Origin>,
    alignment_known: bool,
) -> Vec<String> {
    let id = &item.identity;
    let mut lines = vec![format!("{} ({})", safe(item.name()), item.category.label())];
    lines.push(format!("  id {}", item.id));
    lines.push(match (holder, &item.place) {
        (Some(h), _) => tr!("  held by {}", "  porté par {}", safe(h)),
        (None, Some(place)) => tr!("  left at {}", "  laissé à {}", safe(place)),
        (None, None) => tr!("  in the party's treasure", "  dans le trésor du groupe"),
    });
    if let Some(value) = &id.value {
        lines.push(tr!(
            "  worth {}",
            "  vaut {}",
            super::coins::worth(value.copper())
        ));
    }
    if let Some(c) = item.charges {
        lines.push(tr!("  {c} charges left", "  {c} charges restantes"));
    }
    let status = status_label(item.status);
    if !status.is_empty() {
        lines.push(format!("  {status}"));
    }
    if let Some(b) = id.bonus {
        let cursed = if id.cursed {
            tr!(", cursed", ", maudit")
        } else {
            String::new()
        };
        lines.push(tr!(
            "  enchantment {}{cursed}",
            "  enchantement {}{cursed}",
            signed(b)
        ));
    } else if id.cursed {
        lines.push(tr!("  cursed", "  maudit"));
    }
    if let Some(size) = &id.size {
        lines.push(tr!("  size: {size}", "  taille : {size}"));
    }
    if let Some(m) = &id.material {
        lines.push(tr!("  made of {}", "  fait d'{}", material_name(m)));
    }
    if let Some(n) = id.count {
        lines.push(tr!("  {n} of them", "  {n} exemplaires"));
    }
    if let (Some(i), Some(l)) = (id.initiative, id.level) {
        lines.push(tr!(
            "  non-permanent powers: initiative {}, as level {l}",
            "  pouvoirs non permanents : initiative {}, au niveau {l}",
            signed(i)
        ));
    }
    if id.trapped {
        lines.push(tr!(
            "  trapped: turns on any user but its maker",
            "  piégée : se retourne contre tout utilisateur autre que son créateur"
        ));
    }
    if let Some(d) = &id.duration {
        lines.push(if d == "0" {
            tr!("  takes effect at once", "  effet immédiat")
        } else {
            tr!("  lasts {d} turns", "  dure {d} tours")
        });
    }
    if let Some(caster) = &id.caster {
        lines.push(tr!("  {caster} scroll", "  parchemin de {caster}"));
    }
    for (n, s) in item.spells.iter().enumerate() {
        let erased = if s.erased {
            tr!(" (erased)", " (effacé)")
        } else {
            String::new()
        };
        lines.push(tr!(
            "  spell {}: level {}, written at level {}{erased}",
            "  sort {} : niveau {}, écrit au niveau {}{erased}",
            n + 1,
            s.level,
            s.written_at
        ));
    }
    if let Some(book) = &id.book {
        let favours = book
            .alignment
            .map(|a| {
                tr!(
                    " to {} characters",
                    " aux personnages {}",
                    super::character::alignment_name(a)
                )
            })
            .unwrap_or_default();
        lines.push(if book.beneficial {
            tr!("  beneficial{favours}", "  bénéfique{favours}")
        } else {
            tr!("  harmful", "  néfaste")
        });
    }
    if let Some(s) = &id.sentience {
        lines.push(format!("  {}", sentience_seen(s, alignment_known)));
    }
    if let Some(origin) = origin {
        let how = match (origin.how.as_str(), &origin.table, origin.seed) {
            ("generated", Some(t), Some(seed)) => tr!(
                "  generated from table {t} (seed {seed}, {} tables)",
                "  tiré de la table {t} (graine {seed}, tables {})",
                origin.tables.as_deref().unwrap_or("shipped")
            ),
            _ => tr!("  added by the referee", "  ajouté par le MD"),
        };
        lines.push(how);
        for step in &origin.steps {
            let entry = step
                .entry
                .as_deref()
                .map(|e| format!(" → {}", safe(e)))
                .unwrap_or_default();
            lines.push(format!(
                "    {}: {}{entry}",
                step.what,
                step.roll.describe()
            ));
        }
    }
    lines
}

/// What one character knows of an item (`item show --as`).
pub struct Known {
    pub seen: crate::rules::knowledge::PlayerItem,
    /// The referee's lines, when the character knows everything.
    pub details: Option<Vec<String>>,
}

/// `item show --as --json`: the player's view, or the whole item once they know it fully.
fn known_view(item: &Item, holder: Option<&str>, known: &Known) -> serde_json::Value {
    let seen = &known.seen;
    let mut value = serde_json::json!({
        "id": seen.id,
        "name": seen.name,
        "category": seen.category,
        "known": seen.known,
    });
    if seen.knows_all() {
        value = serde_json::to_value(ItemView::of(item, holder)).unwrap_or(value);
        value["known"] = serde_json::to_value(seen.known).unwrap_or_default();
    }
    match seen.alignment {
        Some(a) => value["alignment"] = serde_json::to_value(a).unwrap_or_default(),
        // Only a touch teaches it: an identify spell tells the rest of the sword.
        None => {
            if let Some(mind) = value.get_mut("sentience").and_then(|s| s.as_object_mut()) {
                mind.remove("alignment");
            }
        }
    }
    value
}
