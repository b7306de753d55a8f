//! How an item reads: its line in a list, its details, a sentient sword's mind, and its JSON
//! view, as the referee or a character knows it. Every view that shows items uses these.

use super::inert::safe;
use super::words::material_name;
use crate::app;
use crate::i18n::CHARGE;
use crate::i18n::pick;
use crate::ledger::{Item, Origin};
use crate::rules::generate::signed;
use crate::rules::item::{Category, Identity, Power, ScrollSpell, Sentience, Slot, Status};
use crate::rules::knowledge::{Mind, Revealed};
use crate::tr;
use crate::view::words::Labelled;
use crate::view::words::Named;
use crate::view::words::Shown as _;
use serde::Serialize;

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
    /// The expedition whose loot it is, while that session is open (`pooled_in`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pooled_in: Option<u32>,
    /// Where it is worn (a ring's hand, armor, a shield) or wielded, if it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub worn: Option<Slot>,
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
            pooled_in: item.pooled_in,
            worn: item.worn,
            charges: item.charges,
            status: item.status,
            identity,
            spells: &item.spells,
            sentience: item.identity.sentience.as_ref(),
        }
    }
}

/// What became of an item (`consumed`), its French agreeing with what the item is
/// (`potion (consommée)`); empty while it is intact.
pub fn status_label(item: &Item) -> String {
    status_word(item.status, crate::rules::knowledge::disguise(item))
}

/// What became of an item that looks like `look`.
pub fn status_word(status: Status, look: crate::rules::knowledge::Look) -> String {
    let (en, fr) = match status {
        Status::Intact => ("", ""),
        Status::Consumed => ("consumed", "consommé"),
        Status::Faded => ("faded", "effacé"),
        Status::Drained => ("drained", "vidé"),
        Status::Crumbled => ("crumbled to dust", "tombé en poussière"),
        Status::Vanished => ("vanished", "disparu"),
        Status::Sold => ("sold", "vendu"),
    };
    let fr = crate::i18n::known::agreeing(fr, crate::i18n::known::gender(look));
    pick(en, &fr).to_string()
}

/// What anyone sees of an item whose magic they do not know: leather or metal armor, what it
/// is made of, a dust's single use.
pub fn appearance(item: &Item) -> Vec<String> {
    let mut facts = Vec::new();
    if item.category == Category::Armor {
        match item.identity.metal {
            Some(false) => facts.push(tr!("leather, light", "cuir, légère")),
            Some(true) => facts.push(tr!("metal", "métal")),
            None => {}
        }
    }
    if let Some(m) = &item.identity.material {
        facts.push(tr!("made of {}", "en {}", material_name(m)));
    }
    if item.identity.consumable && item.category != Category::Potion {
        facts.push(tr!("single use", "à usage unique"));
    }
    facts
}

/// An item's worth in copper: a valuable's, or what gear cost for the pieces left
/// (`rules::purchase::worth`).
fn worth(item: &Item) -> Option<i64> {
    crate::rules::purchase::worth(item).or(item.identity.value.map(|v| v.copper()))
}

/// What a player's page says of an item beyond its name, where it is worn, its charges and
/// a sword's alignment, from the item as the player knows it (`rules::knowledge::revealed`):
/// what anyone sees — leather or metal armor, a dust's single use, a blank parchment — and
/// its worth once appraised. An item used up is said apart ([`status_label`]).
pub fn seen_facts(item: &Item) -> Vec<String> {
    let mut facts = appearance(item);
    if let Some(copper) = worth(item) {
        facts.push(tr!("worth {}", "vaut {}", super::money::worth(copper)));
    }
    if !item.is_gone() {
        let status = status_label(item);
        if !status.is_empty() {
            facts.push(status.to_string());
        }
    }
    facts
}

/// `1a2b3c4d  Wand of Frost — wand, 93 charges (Arnaud)`
pub fn line(item: &Item, holder: Option<&str>) -> String {
    named_line(item, &safe(item.name()), holder)
}

/// [`line`] with the item called `name` (already made safe): as a character knows it.
pub fn named_line(item: &Item, name: &str, holder: Option<&str>) -> String {
    let label = item.category.label();
    // An unknown item's name is what it looks like, often its category already.
    let mut facts: Vec<String> = (!name.eq_ignore_ascii_case(label))
        .then(|| label.to_string())
        .into_iter()
        .collect();
    if let Some(c) = item.charges {
        facts.push(crate::i18n::counted(c, CHARGE, CHARGE));
    }
    if let Some(n) = item.identity.count {
        facts.push(format!("×{n}"));
    }
    if item.identity.damaged {
        facts.push(tr!("damaged", "endommagé"));
    }
    if item.identity.cursed {
        facts.push(tr!("cursed", "maudit"));
    }
    let levels: Vec<String> = item.spells.iter().map(|s| s.level.to_string()).collect();
    let levels = levels.join(", ");
    // Said once: a generated scroll's name lists its levels already (`{levels}`).
    let named = name.contains(&format!(" {levels})")) || name.ends_with(&format!(" {levels}"));
    if !item.spells.is_empty() && !named {
        facts.push(tr!("spells of level {levels}", "sorts de niveau {levels}"));
    }
    if let Some(copper) = worth(item) {
        facts.push(super::money::worth(copper));
    }
    let status = status_label(item);
    if !status.is_empty() {
        facts.push(status.to_string());
    }
    let holder = match (holder, &item.place) {
        (Some(h), _) => format!(" ({})", safe(h)),
        (None, Some(place)) => tr!(" (at {})", " (à {})", safe(place)),
        (None, None) => String::new(),
    };
    let facts = if facts.is_empty() {
        String::new()
    } else {
        format!(" — {}", facts.join(", "))
    };
    format!(
        "{}  {name}{facts}{holder}",
        crate::ledger::short_id(&item.id)
    )
}

pub fn power_name(p: &Power) -> String {
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
    mind_line(&Mind::from(s))
}

/// The sentience line of a mind as someone knows it: its alignment only when known (it is
/// learnt by touch).
pub fn mind_line(s: &Mind) -> String {
    let alignment = s
        .alignment
        .map(|a| format!("{}, ", super::words::alignment_name(a)))
        .unwrap_or_default();
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
    details_seen(item, holder, origin, whole_mind(item).as_ref(), None)
}

/// A sentient sword's whole mind, as the referee knows it.
pub fn whole_mind(item: &Item) -> Option<Mind> {
    item.sentience().map(Mind::from)
}

/// The details, with a sentient sword's mind as it is known (`mind`: the item's own is not
/// read), and for a worn ring whether it works when its holder's other rings are known.
pub fn details_seen(
    item: &Item,
    holder: Option<&str>,
    origin: Option<&Origin>,
    mind: Option<&Mind>,
    ring: Option<&app::item::OnHand>,
) -> Vec<String> {
    let id = &item.identity;
    let mut lines = vec![format!("{} ({})", safe(item.name()), item.category.label())];
    lines.push(format!("  id {}", item.id));
    lines.push(match (holder, &item.place) {
        (Some(h), _) => tr!("  held by {}", "  porté par {}", safe(h)),
        (None, Some(place)) => tr!("  left at {}", "  laissé à {}", safe(place)),
        // Sold, it is nobody's: its status says so below.
        (None, None) if item.status == Status::Sold => tr!("  out of play", "  hors jeu"),
        (None, None) => match item.pooled_in {
            Some(n) => tr!(
                "  in the party's treasure: session {n}'s loot until it ends",
                "  dans le trésor du groupe : butin de la session {n} jusqu'à sa fin"
            ),
            None => tr!("  in the party's treasure", "  dans le trésor du groupe"),
        },
    });
    if let Some(slot) = item.worn {
        lines.push(worn_line(slot, ring));
    }
    if let Some(value) = &id.value {
        lines.push(tr!(
            "  worth {}",
            "  vaut {}",
            super::money::worth(value.copper())
        ));
    }
    if let Some(c) = item.charges {
        lines.push(format!(
            "  {}",
            crate::i18n::counted(
                c,
                ("charge left", "charges left"),
                ("charge restante", "charges restantes")
            )
        ));
    }
    let status = status_label(item);
    if !status.is_empty() {
        lines.push(format!("  {status}"));
    }
    if let Some(blade) = &id.blade {
        let name = crate::rules::generate::blade_name(blade)
            .map(|(en, fr)| pick(en, fr).to_lowercase())
            .unwrap_or_else(|| safe(blade));
        lines.push(tr!("  blade: {name}", "  lame : {name}"));
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
    if id.damaged {
        lines.push(tr!(
            "  damaged: worth half what it was",
            "  endommagé : vaut la moitié de sa valeur d'avant"
        ));
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
            tr!("  instant effect", "  effet instantané")
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
                    super::words::alignment_name(a)
                )
            })
            .unwrap_or_default();
        lines.push(if book.beneficial {
            tr!("  beneficial{favours}", "  bénéfique{favours}")
        } else {
            tr!("  harmful", "  néfaste")
        });
        if let Some(on) = crate::i18n::known::bearings(&book.bears_on) {
            lines.push(tr!(
                "  bears most on {on} (a first wish tells it, not which way)",
                "  influe surtout sur {on} (un premier souhait le dit, pas dans quel sens)"
            ));
        }
    }
    if let Some(s) = mind {
        lines.push(format!("  {}", mind_line(s)));
    }
    if let Some(origin) = origin {
        let how = match (origin.how.as_str(), &origin.table, origin.seed) {
            ("generated", Some(t), Some(seed)) => tr!(
                "  generated from table {t} (seed {seed}, {} tables)",
                "  tiré de la table {t} (graine {seed}, tables {})",
                origin.tables.as_deref().unwrap_or("shipped")
            ),
            ("treasure", Some(t), Some(seed)) => tr!(
                "  found in a hoard, made from table {t} (seed {seed}, {} tables)",
                "  trouvé dans un trésor, tiré de la table {t} (graine {seed}, tables {})",
                origin.tables.as_deref().unwrap_or("shipped")
            ),
            (Origin::BOUGHT, Some(list), _) => tr!(
                "  bought from price list {list} ({} tables)",
                "  acheté sur la liste de prix {list} (tables {})",
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

/// What a character knows of an item beyond its name, a line each (`item show --as`, a
/// player's Foundry export): that they know nothing of it, a sword's alignment learnt by
/// touching it, and once they know it fully the details of what they know (`details` less its
/// name and id lines).
pub fn known_lines(seen: &Revealed, holder: Option<&str>) -> Vec<String> {
    let mut lines = Vec::new();
    if seen.known.is_none() {
        lines.push(tr!("  not identified", "  non identifié"));
    }
    if let Some(a) = seen.alignment {
        let a = super::words::alignment_name(a);
        lines.push(tr!(
            "  {a} (learnt by touching it)",
            "  {a} (appris en la touchant)"
        ));
    }
    // What they know of it, and what anyone sees (who holds it, where it is worn, that it
    // is used up): the item as `revealed` gives it to them.
    let details = details_seen(&seen.item, holder, None, seen.mind.as_ref(), None);
    lines.extend(details.into_iter().skip(2));
    lines
}

/// `item show --as --json`: the player's view, or the item as they know it once they know it
/// fully.
pub fn known_view(seen: &Revealed, holder: Option<&str>) -> serde_json::Value {
    let mut value = serde_json::to_value(ItemView::of(&seen.item, holder)).unwrap_or_default();
    // The name they know it by, in both languages, and what it looks like if that is all.
    if let Ok(serde_json::Value::Object(name)) = serde_json::to_value(&seen.name) {
        for (field, v) in name {
            value[field] = v;
        }
    }
    value["known"] = serde_json::to_value(seen.known).unwrap_or_default();
    value["sentience"] = serde_json::to_value(&seen.mind).unwrap_or_default();
    if let Some(a) = seen.alignment {
        value["alignment"] = serde_json::to_value(a).unwrap_or_default();
    }
    value
}

/// Where a worn item is, and for a ring whether it works (`rules::ring`).
pub fn worn_line(slot: Slot, ring: Option<&app::item::OnHand>) -> String {
    let place = match slot {
        Slot::LeftHand => tr!("worn on the left hand", "au doigt, main gauche"),
        Slot::RightHand => tr!("worn on the right hand", "au doigt, main droite"),
        Slot::Body => tr!("worn", "sur le corps"),
        Slot::Shield => tr!("on the arm", "au bras"),
        Slot::Hand => tr!("in hand", "en main"),
    };
    match ring {
        Some(r) if r.works => tr!(
            "  {place}: works (the only ring on that hand)",
            "  {place} : fonctionne (seul anneau à cette main)"
        ),
        Some(r) => {
            let beside: Vec<String> = r.beside.iter().map(|n| safe(n.shown())).collect();
            let beside = beside.join(", ");
            tr!(
                "  {place}: does not work, nor does {beside} on the same hand (one magic ring per hand)",
                "  {place} : ne fonctionne pas, pas plus que {beside} à la même main (un anneau magique par main)"
            )
        }
        None => format!("  {place}"),
    }
}
