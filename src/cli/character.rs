//! `hoard character …`

use serde::Serialize;

use crate::app::character::Sheet;
use crate::i18n::time::span;
use crate::ledger::Item;
use crate::ledger::state::Effect;
use crate::rules::armor::Protection;
use crate::rules::character::Quest;
use crate::rules::item::Knowledge;
use crate::rules::item::{Category, Slot};
use crate::rules::ring;
use crate::view::item::{ItemView, named_line as item_line};

use super::args::character::CharacterCommand;
use super::out::{Out, table};
use crate::app::character::{HpChange, NewCharacter};
use crate::app::{self, Ctx};
use crate::error::Result;
use crate::i18n::{Lang, lang};
use crate::ledger::Character;
use crate::tr;
use crate::view::inert::safe;
use crate::view::words::Labelled;
use crate::view::words::Named;
use crate::view::words::alignment_name;

pub async fn run(cx: &mut Ctx, out: &mut Out, command: CharacterCommand) -> Result<()> {
    match command {
        CharacterCommand::Add {
            name,
            strength,
            wisdom,
            hp,
            alignment,
            class,
            level,
            reads_magic,
            illiterate,
            reads_languages,
            intelligence,
            dexterity,
            constitution,
            charisma,
            xp,
            share,
        } => {
            let new = NewCharacter {
                int: intelligence,
                dex: dexterity,
                con: constitution,
                cha: charisma,
                xp,
                share,
                name,
                str: strength,
                wis: wisdom,
                hp,
                alignment,
                class,
                level,
                reads_magic,
                literate: !illiterate,
                reads_languages,
            };
            let c = app::character::add(cx, new).await?;
            warn_if_unknown_class(c.class.as_deref());
            if out.json() {
                return out.doc(&c);
            }
            let line = tr!("Added {}.", "Personnage ajouté : {}.", headline(&c));
            out.line(&line)
        }
        CharacterCommand::List => {
            let characters = app::character::roster(cx).await?;
            if out.json() {
                // Each sheet with its purse and its condition.
                let purses = app::coins::purses(cx).await?;
                let docs: Vec<_> = characters
                    .iter()
                    .map(|(c, condition)| {
                        let mut doc = serde_json::to_value(c).unwrap_or_default();
                        doc["coins"] =
                            serde_json::to_value(purses.get(&c.id).copied().unwrap_or_default())
                                .unwrap_or_default();
                        doc["condition"] = serde_json::to_value(condition).unwrap_or_default();
                        doc
                    })
                    .collect();
                return out.doc(&docs);
            }
            let mut t = table(&[
                tr!("Name", "Nom"),
                tr!("Alignment", "Alignement"),
                tr!("Class", "Classe"),
                tr!("Level", "Niveau"),
                abbreviations().0.into(),
                abbreviations().1.into(),
                abbreviations().2.into(),
            ]);
            for (c, condition) in characters {
                let hp = match crate::view::describe::condition_word(condition) {
                    Some(word) => format!("{}/{} ({word})", c.hp, c.hp_max),
                    None => format!("{}/{}", c.hp, c.hp_max),
                };
                t.add_row(vec![
                    safe(&c.name),
                    alignment_name(c.alignment).to_string(),
                    c.class.as_deref().map(safe).unwrap_or_default(),
                    c.level.to_string(),
                    c.str.to_string(),
                    c.wis.to_string(),
                    hp,
                ]);
            }
            out.listing(
                t,
                &tr!(
                    "No characters yet: `hoard character add NAME --str 12 --wis 10 --hp 8 --alignment lawful` adds one.",
                    "Aucun personnage encore : `hoard character add NOM --str 12 --wis 10 --hp 8 --alignment lawful` en ajoute un."
                ),
            )
        }
        CharacterCommand::Show {
            name,
            as_character: None,
            at: Some(session),
        } => {
            let sheet = app::character::show_at(cx, &name, session).await?;
            if out.json() {
                return out.doc(&SheetView::of(&sheet));
            }
            at_end(out, session)?;
            for line in sheet_lines(&sheet) {
                out.line(&line)?;
            }
            Ok(())
        }
        CharacterCommand::Show {
            name,
            as_character: Some(viewer),
            at,
        } => {
            let sheet = app::character::show_as(cx, &name, &viewer, at).await?;
            if out.json() {
                return out.doc(&player_view(&sheet));
            }
            if let Some(session) = at {
                at_end(out, session)?;
            }
            for line in sheet_lines(&sheet) {
                out.line(&line)?;
            }
            Ok(())
        }
        CharacterCommand::Show {
            name,
            as_character: None,
            at: None,
        } => {
            let sheet = app::character::show(cx, &name).await?;
            if out.json() {
                return out.doc(&SheetView::of(&sheet));
            }
            for line in sheet_lines(&sheet) {
                out.line(&line)?;
            }
            Ok(())
        }
        CharacterCommand::Set { name, key, value } => {
            let (c, consequences) = app::character::set(cx, &name, &key, &value).await?;
            if key == "class" {
                warn_if_unknown_class(c.class.as_deref());
            }
            if out.json() {
                let mut value = serde_json::to_value(&c).unwrap_or_default();
                let events: Vec<_> = consequences
                    .iter()
                    .map(crate::ledger::EventView::of)
                    .collect();
                value["consequences"] = serde_json::to_value(events).unwrap_or_default();
                return out.doc(&value);
            }
            let (who, key, value) = (safe(&c.name), safe(&key), safe(value.trim()));
            out.line(&tr!(
                "{who}: {key} is now {value}.",
                "{who} : {key} vaut désormais {value}."
            ))?;
            out.line(&headline(&c))?;
            for rec in &consequences {
                out.event(&rec.event)?;
            }
            Ok(())
        }
        CharacterCommand::Damage { name, amount } => {
            let change = app::character::damage(cx, &name, amount).await?;
            hp_change(out, &change, true)
        }
        CharacterCommand::Link { name, revoke } => {
            let link = app::links::link(cx, &name, revoke).await?;
            if out.json() {
                let doc = link.as_ref().map(|l| {
                    serde_json::json!({
                        "character": l.character,
                        "path": format!("/p/{}", l.token),
                        "revoked": revoke,
                    })
                });
                return out.doc(&doc);
            }
            match (link, revoke) {
                (Some(l), false) => {
                    let (who, token) = (safe(&l.character), &l.token);
                    out.line(&tr!(
                        "{who}'s personal link: /p/{token} after the players' address `hoard serve` prints (http://ADDRESS:PORT/p/{token}); `hoard serve --players` prints them whole.",
                        "Lien personnel de {who} : /p/{token} après l'adresse des joueurs que `hoard serve` affiche (http://ADRESSE:PORT/p/{token}) ; `hoard serve --players` les affiche en entier."
                    ))
                }
                (Some(l), true) => {
                    let who = safe(&l.character);
                    out.line(&tr!(
                        "{who}'s personal link is revoked: it opens nothing any more (`hoard character link {who}` makes a new one).",
                        "Le lien personnel de {who} est révoqué : il n'ouvre plus rien (`hoard character link {who}` en fait un nouveau)."
                    ))
                }
                (None, _) => {
                    let who = safe(&name);
                    out.line(&tr!(
                        "{who} has no personal link to revoke.",
                        "{who} n'a pas de lien personnel à révoquer."
                    ))
                }
            }
        }
        CharacterCommand::Bind { name, by } => {
            let bound = app::character::bind(cx, &name, by.as_deref()).await?;
            if out.json() {
                return out.doc(&bound);
            }
            for rec in &bound {
                out.event(&rec.event)?;
            }
            Ok(())
        }
        CharacterCommand::Raise {
            name,
            hp,
            constitution,
        } => {
            let raised = app::character::raise(cx, &name, hp, constitution).await?;
            if out.json() {
                let consequences: Vec<_> = raised
                    .consequences
                    .iter()
                    .map(crate::ledger::EventView::of)
                    .collect();
                return out.doc(&serde_json::json!({
                    "event": crate::ledger::EventView::of(&raised.event),
                    "character": raised.character,
                    "condition": raised.condition,
                    "consequences": consequences,
                }));
            }
            out.event(&raised.event.event)?;
            super::play::condition(out, &raised.character.name, raised.condition)?;
            for rec in &raised.consequences {
                out.event(&rec.event)?;
            }
            Ok(())
        }
        CharacterCommand::Heal { name, amount } => {
            let change = app::character::heal(cx, &name, amount).await?;
            hp_change(out, &change, false)
        }
    }
}

/// `At the end of session 2:`, above a sheet as it stood then.
fn at_end(out: &mut Out, session: u32) -> Result<()> {
    out.line(&tr!(
        "At the end of session {session}:",
        "À la fin de la session {session} :"
    ))
}

/// A class hoard has no rules for is kept (classes are the referee's words), with a warning
/// on stderr: such a character reads no scroll and has no level table.
fn warn_if_unknown_class(class: Option<&str>) {
    let Some(unknown) = class.and_then(crate::rules::class::unknown) else {
        return;
    };
    let class = safe(class.unwrap_or_default());
    let hint = match unknown.nearest {
        Some(name) => tr!(" Did you mean {name}?", " Vouliez-vous dire {name} ?"),
        None => String::new(),
    };
    eprintln!(
        "{}",
        tr!(
            "warning: hoard has no rules for the class {class}: it reads no scroll and has no level table.{hint}",
            "attention : hoard n'a pas de règles pour la classe {class} : elle ne lit aucun parchemin et n'a pas de table de niveaux.{hint}"
        )
    );
}

fn hp_change(out: &mut Out, c: &HpChange, damage: bool) -> Result<()> {
    if out.json() {
        let events: Vec<_> = c
            .consequences
            .iter()
            .map(crate::ledger::EventView::of)
            .collect();
        let mut value = serde_json::to_value(c).unwrap_or_default();
        value["consequences"] = serde_json::to_value(events).unwrap_or_default();
        return out.doc(&value);
    }
    let (name, amount, before, hp, max) = (safe(&c.name), c.amount, c.hp_before, c.hp, c.hp_max);
    out.line(&if damage {
        tr!(
            "{name} takes {amount} damage: {before} → {hp}/{max} HP.",
            "{name} subit {amount} dégâts : {before} → {hp}/{max} PV."
        )
    } else {
        tr!(
            "{name} heals {amount}: {before} → {hp}/{max} HP.",
            "{name} récupère {amount} : {before} → {hp}/{max} PV."
        )
    })?;
    super::play::condition(out, &c.name, c.condition)?;
    for item in &c.cursed {
        let item = safe(crate::view::words::Shown::shown(item));
        out.line(&tr!(
            "  The curse of {item} shows in combat: it counts as it truly is, and {name} cannot take it off; only magic removes it (OSE, Cursed Armour and Shields).",
            "  La malédiction de {item} se révèle au combat : elle compte pour ce qu'elle est, et {name} ne peut l'ôter ; seule la magie l'en défait (OSE, armures et boucliers maudits)."
        ))?;
    }
    for rec in &c.consequences {
        let text = format!("  {}", crate::view::describe::describe(&rec.event));
        out.toned(crate::view::describe::tone(&rec.event), &text)?;
    }
    Ok(())
}

/// `Arnaud — lawful fighter, level 3`
fn headline(c: &Character) -> String {
    format!("{} — {}", safe(&c.name), crate::view::words::headline(c))
}

/// STR, WIS, HP in the language of the process.
fn abbreviations() -> (&'static str, &'static str, &'static str) {
    match lang() {
        Lang::En => ("STR", "WIS", "HP"),
        Lang::Fr => ("FOR", "SAG", "PV"),
    }
}

/// `  STR 13  WIS 9  HP 5/12`, with INT, DEX, CON and CHA when the sheet records them.
fn abilities(c: &Character) -> String {
    let (str_, wis, hp) = abbreviations();
    let mut line = format!("  {str_} {}  {wis} {}", c.str, c.wis);
    // The same abbreviations in French.
    for (label, score) in [
        ("INT", c.int),
        ("DEX", c.dex),
        ("CON", c.con),
        ("CHA", c.cha),
    ] {
        if let Some(score) = score {
            line.push_str(&format!("  {label} {score}"));
        }
    }
    line.push_str(&format!("  {hp} {}/{}", c.hp, c.hp_max));
    line
}

/// `character show --json`: the sheet's fields, then what the character carries and what is
/// on them now.
#[derive(Serialize)]
struct SheetView<'a> {
    #[serde(flatten)]
    character: &'a Character,
    items: Vec<CarriedView<'a>>,
    effects: Vec<EffectView<'a>>,
    protection: &'a Protection,
    armor_class: crate::rules::armor::ArmorClass,
    quests: &'a [Quest],
    /// The purse.
    coins: &'a crate::rules::coins::Coins,
    /// Up, dying or dead, by the campaign's death rule.
    condition: crate::rules::health::Condition,
    /// The weight carried, in coins, and the movement it leaves.
    #[serde(flatten)]
    encumbrance: &'a crate::rules::encumbrance::Encumbrance,
    /// The retainers they employ or owe wages to.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    retainers: &'a [app::character::Retained],
    /// The open session they are out on.
    expedition: Option<&'a app::character::Expedition>,
    /// What they owe and are owed, as `debts` lists it.
    debts: &'a [app::debts::Debt],
}

#[derive(Serialize)]
struct CarriedView<'a> {
    #[serde(flatten)]
    item: ItemView<'a>,
    worn: Option<Slot>,
    /// Rings: whether it works (worn, and alone on its hand).
    #[serde(skip_serializing_if = "Option::is_none")]
    works: Option<bool>,
    /// A light lit: the rounds its current piece has burnt (how long is left is not said).
    #[serde(skip_serializing_if = "Option::is_none")]
    burning: Option<i64>,
}

#[derive(Serialize)]
struct EffectView<'a> {
    #[serde(flatten)]
    effect: &'a Effect,
    rounds_left: Option<i64>,
}

impl<'a> SheetView<'a> {
    fn of(sheet: &'a Sheet) -> Self {
        let worn: Vec<&_> = sheet.items.iter().collect();
        SheetView {
            character: &sheet.character,
            items: sheet
                .items
                .iter()
                .map(|i| CarriedView {
                    item: ItemView::of(i, Some(&sheet.character.name)),
                    worn: i.worn,
                    works: (i.category == Category::Ring).then(|| ring::works(i, &worn)),
                    burning: i.lit.map(|_| crate::rules::light::burnt(i, sheet.now)),
                })
                .collect(),
            effects: sheet
                .effects
                .iter()
                .map(|e| EffectView {
                    effect: e,
                    rounds_left: e.left(sheet.now),
                })
                .collect(),
            protection: &sheet.protection,
            armor_class: sheet.armor_class,
            quests: &sheet.character.quests,
            coins: &sheet.coins,
            retainers: &sheet.retainers,
            condition: sheet.condition,
            encumbrance: &sheet.encumbrance,
            expedition: sheet.expedition.as_ref(),
            debts: &sheet.debts,
        }
    }
}

/// The name of `item` as the reader of the sheet knows it, made safe.
fn shown_name(sheet: &Sheet, item: &Item) -> String {
    match sheet.known_name(&item.id) {
        Some(known) => safe(&crate::i18n::Worded(known).to_string()),
        None => safe(item.name()),
    }
}

/// The sheet as its reader reads it at the table: the referee, or a character (`--as`), who
/// reads the same lines about what they know.
fn sheet_lines(sheet: &Sheet) -> Vec<String> {
    let c = &sheet.character;
    let crate::rules::armor::ArmorClass { ac, aac } = sheet.armor_class;
    let abilities = format!(
        "{}  {}{}",
        abilities(c),
        tr!("AC {ac} [{aac}]", "CA {ac} [{aac}]"),
        if sheet.armor_unknown {
            tr!(
                " (counting only what is identified of what is worn)",
                " (en ne comptant que ce qui est identifié de ce qui est porté)"
            )
        } else {
            String::new()
        }
    );
    let mut lines = vec![headline(c), abilities];
    lines.extend(
        crate::view::describe::condition(&c.name, sheet.condition).map(|l| format!("  {l}")),
    );
    lines.extend(crate::view::money::sheet_lines(c, &sheet.coins));
    if let Some(e) = &sheet.expedition {
        let n = e.session;
        let title = e
            .title
            .as_deref()
            .map(|t| format!(" — {}", safe(t)))
            .unwrap_or_default();
        let by = e
            .referee
            .as_deref()
            .map(|r| tr!(", run by {}", ", menée par {}", safe(r)))
            .unwrap_or_default();
        lines.push(tr!(
            "  Out on session {n}{title}{by}",
            "  En expédition : session {n}{title}{by}"
        ));
    }
    lines.extend(
        crate::view::upkeep::hire(&sheet.character, &sheet.retainers)
            .into_iter()
            .map(|l| format!("  {l}")),
    );
    if let Some(hunger) = crate::view::upkeep::hunger(sheet.character.hungry) {
        lines.push(format!("  {hunger}"));
    }
    if let Some(living) = &sheet.character.living {
        lines.push(tr!(
            "  lives on: {} (their own, not the campaign's)",
            "  train de vie : {} (le sien, non celui de la campagne)",
            crate::view::describe::living(Some(living), "")
        ));
    }
    lines.extend(
        crate::view::upkeep::debts(&c.id, &sheet.debts)
            .into_iter()
            .map(|l| format!("  {l}")),
    );
    lines.push(format!(
        "  {}",
        crate::view::encumbrance::line(&sheet.encumbrance)
    ));
    let worn: Vec<&_> = sheet.items.iter().collect();
    // Potions drunk and wands turned to dust are no longer carried; they are listed apart.
    let (gone, carried): (Vec<&_>, Vec<&_>) = sheet.items.iter().partition(|i| i.is_gone());
    if carried.is_empty() {
        lines.push(tr!("  carries nothing", "  ne porte rien"));
    } else {
        lines.push(tr!("  carries:", "  porte :"));
        for item in carried {
            let mut text = format!("    {}", item_line(item, &shown_name(sheet, item), None));
            // Not known: what anyone sees of it, which its name does not say.
            if sheet
                .seen
                .iter()
                .any(|s| s.id == item.id && s.known != Some(Knowledge::Full))
            {
                let seen = crate::view::item::appearance(item);
                if !seen.is_empty() {
                    text.push_str(&format!(" ({})", seen.join(", ")));
                }
            }
            if let Some(slot) = item.worn {
                text.push_str(&format!(" [{}]", slot.label()));
            }
            if item.lit.is_some() {
                let burnt = span(crate::rules::light::burnt(item, sheet.now));
                text.push_str(&tr!(
                    " [lit, burning {burnt}]",
                    " [allumé, brûle depuis {burnt}]"
                ));
            }
            if item.attached {
                text.push_str(&tr!(" [bound to its owner]", " [attaché à son possesseur]"));
            }
            lines.push(text);
        }
    }
    if !gone.is_empty() {
        let list: Vec<String> = gone
            .iter()
            .map(|i| {
                format!(
                    "{} ({})",
                    shown_name(sheet, i),
                    crate::view::item::status_label(i)
                )
            })
            .collect();
        let list = list.join(", ");
        lines.push(tr!("  no longer: {list}", "  plus là : {list}"));
    }
    for hand in [Slot::LeftHand, Slot::RightHand] {
        let rings = ring::on_hand(hand, &worn);
        if rings.is_empty() {
            continue;
        }
        let names: Vec<String> = rings.iter().map(|r| shown_name(sheet, r)).collect();
        let (label, names) = (hand.label(), names.join(", "));
        lines.push(if rings.len() > 1 {
            tr!(
                "  {label}: {names} — two magic rings on one hand: neither works",
                "  {label} : {names} — deux anneaux magiques à la même main : aucun ne fonctionne"
            )
        } else {
            tr!("  {label}: {names}", "  {label} : {names}")
        });
    }
    lines.extend(crate::view::armor::lines(
        &sheet.protection,
        sheet.armor_unknown,
    ));
    for e in &sheet.effects {
        let item = e
            .item
            .as_deref()
            .and_then(|id| sheet.items.iter().find(|i| i.id == id));
        let name = match item {
            Some(item) => shown_name(sheet, item),
            None => safe(e.name()),
        };
        // A player feels the magic run, not how long it will (`rules::effect::Felt`).
        let left = if sheet.felt { None } else { e.left(sheet.now) };
        lines.push(match left {
            Some(left) => {
                let left = span(left);
                tr!(
                    "  under {name}: {left} left",
                    "  sous l'effet de {name} : encore {left}"
                )
            }
            None if sheet.felt => {
                let since = span(e.felt().since(sheet.now));
                tr!(
                    "  under {name}: for {since} so far",
                    "  sous l'effet de {name} : depuis {since}"
                )
            }
            None => tr!("  under {name}", "  sous l'effet de {name}"),
        });
    }
    for sword in sheet
        .items
        .iter()
        .filter(|i| i.control.as_ref().is_some_and(|k| k.character == c.id))
    {
        let (name, why) = (
            shown_name(sheet, sword),
            sword
                .control
                .as_ref()
                .map(|k| crate::view::words::trigger(k.trigger))
                .unwrap_or_default(),
        );
        lines.push(tr!(
            "  under the control of {name} ({why})",
            "  sous le contrôle de {name} ({why})"
        ));
    }
    for q in &c.quests {
        let name = safe(crate::i18n::pick(&q.name, &q.name_fr));
        lines.push(tr!(
            "  quest: hide and protect {name}",
            "  quête : cacher et protéger {name}"
        ));
    }
    lines
}

/// A sheet as a character knows it ([`Sheet::seen_by`]): the character's own numbers, each
/// item as the viewer may know it (`rules::knowledge::revealed`), the armor class of what they know, their
/// effects as they feel them, and the sword that controls them if one does.
fn player_view(sheet: &Sheet) -> serde_json::Value {
    let items = &sheet.seen;
    let effects: Vec<_> = sheet.effects.iter().map(|e| e.felt()).collect();
    let c = &sheet.character;
    let controlled_by = sheet
        .seen
        .iter()
        .find(|s| s.item.control.as_ref().is_some_and(|k| k.character == c.id))
        .map(|s| &s.name);
    serde_json::json!({
        "name": c.name,
        "alignment": c.alignment,
        "class": c.class,
        "level": c.level,
        "str": c.str,
        "wis": c.wis,
        "hp": c.hp,
        "hp_max": c.hp_max,
        "condition": sheet.condition,
        "xp": c.xp,
        "share": c.share,
        "coins": sheet.coins,
        "load": sheet.encumbrance.load,
        "gear": sheet.encumbrance.gear,
        "movement": sheet.encumbrance.movement,
        "armor_class": sheet.armor_class,
        "armor_class_partial": sheet.armor_unknown,
        "effects": effects,
        "controlled_by": controlled_by,
        "quests": c.quests,
        "items": items,
    })
}
