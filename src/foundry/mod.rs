//! Items as Foundry VTT documents, for the two game systems closest to hoard's rules: Old-School
//! Essentials (`ose`) and dnd5e. Plain data in — an item as the referee knows it or as one
//! character knows it (`rules::knowledge::revealed`: this module decides nothing of what a
//! player may know, it maps what it is given), the words the edge chose for it — and JSON
//! documents out: one per item
//! for Foundry's "Import Data", and a module whose pack sources Foundry's CLI compiles into a
//! compendium (`fvtt package pack`). No I/O here: the edge writes the files this returns.
//!
//! The common shell (`_id`, `img`, `ownership`, `_stats` …) is Foundry core's document, as
//! the systems' own pack sources show it; each system's `system` object is built in its own
//! module. Text a user typed (names) reaches HTML only escaped, and names lose control and
//! bidirectional-override characters.

mod activity;
mod dnd5e;
mod effect;
mod ose;
mod table;
mod treasure;

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde_json::{Value, json};
use sha2::{Digest, Sha256};

pub use crate::app::foundry::{Campaign, Piece, Running, View};
use crate::rules::item::{Category, Item};
use crate::rules::tables::Tables;
use crate::tr;
use crate::view::words::Labelled;

/// The Foundry core version the documents are written for: the build the dnd5e pack sources
/// were last saved with (dnd5e `packs/_source/items/*.yml`, `_stats.coreVersion`), which both
/// targeted systems run on (Foundry 13).
pub const CORE_VERSION: &str = "13.351";

/// A game system Foundry runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum System {
    Ose,
    Dnd5e,
}

impl System {
    /// The system's id in Foundry (`system.json` `id`).
    pub fn id(self) -> &'static str {
        match self {
            System::Ose => "ose",
            System::Dnd5e => "dnd5e",
        }
    }

    /// The system release the documents follow: ose-foundry-core 2.2.2 (Necrotic Gnome's, the
    /// maintained continuation of vttred/ose, whose last release, 2.0.3, runs on Foundry 12
    /// only), dnd5e 5.3.3.
    pub fn version(self) -> &'static str {
        match self {
            System::Ose => "2.2.2",
            System::Dnd5e => "5.3.3",
        }
    }

    /// The Foundry cores the system release runs on, as its `system.json` `compatibility`
    /// declares them (minimum, verified): ose-foundry-core 2.2.2 `13`, `13`; dnd5e 5.3.3
    /// `13.347`, `14` — hoard verified its documents on 13.351 ([`CORE_VERSION`]).
    pub fn core(self) -> (&'static str, &'static str) {
        match self {
            System::Ose => ("13", "13"),
            System::Dnd5e => ("13.347", CORE_VERSION),
        }
    }

    /// The document types this export may produce in the system.
    pub fn types(self) -> &'static [&'static str] {
        match self {
            System::Ose => ose::TYPES,
            System::Dnd5e => dnd5e::TYPES,
        }
    }
}

/// The edge's words for one item: its facts a line each, what it looks like to someone who
/// does not know it, and its history a line an event (empty for a player).
#[derive(Clone, Debug, Default)]
pub struct Words {
    pub facts: Vec<String>,
    pub look: String,
    pub history: Vec<String>,
}

/// One file of an export, its path relative to the export folder.
#[derive(Clone, Debug, PartialEq)]
pub struct File {
    pub path: PathBuf,
    pub bytes: Vec<u8>,
    /// The hoard item it holds (`None` for module.json and the tables).
    pub item: Option<String>,
    /// The hoard table it holds, as a RollTable.
    pub table: Option<String>,
}

/// The compendium pack every export fills.
pub const PACK: &str = "hoard-items";

/// The files of an export: each item's document, `module/module.json`, and each item's
/// pack source (the document with the `_key` Foundry's CLI packs it under); with `tables`,
/// each table's RollTable as a source of the tables' pack.
pub fn files(
    system: System,
    campaign: &Campaign,
    pieces: &[(Piece, Words)],
    tables: Option<&Tables>,
) -> Vec<File> {
    let mut out = Vec::new();
    let mut names = std::collections::BTreeSet::new();
    // The `_id` of the first document bearing each name, for the tables' links.
    let mut named = BTreeMap::new();
    for (piece, words) in pieces {
        let doc = document(system, campaign, piece, words);
        let id = &piece.seen.id;
        let fid = doc["_id"].as_str().unwrap_or_default().to_string();
        named
            .entry(doc["name"].as_str().unwrap_or_default().to_string())
            .or_insert_with(|| fid.clone());
        // Two items may share a name and an id prefix (the whole id tells them apart), or
        // even their ids' letters and digits (imported ids: `ab-cd`, `abcd`): a number then.
        let short = file_stem(&doc["name"], id, 8);
        let whole = file_stem(&doc["name"], id, id.len());
        let stem = [short, whole.clone()]
            .into_iter()
            .chain((2..).map(|n| format!("{whole}-{n}")))
            .find(|stem| !names.contains(stem))
            .unwrap_or_default();
        names.insert(stem.clone());
        let mut packed = doc.clone();
        packed["_key"] = json!(format!("!items!{fid}"));
        // Embedded documents are packed under their own keys, within the item's.
        if let Some(effects) = packed["effects"].as_array_mut() {
            for effect in effects {
                let eid = effect["_id"].as_str().unwrap_or_default().to_string();
                effect["_key"] = json!(format!("!items.effects!{fid}.{eid}"));
            }
        }
        let item = Some(id.clone());
        out.push(File {
            path: PathBuf::from(format!("{stem}.json")),
            bytes: pretty(&doc),
            item: item.clone(),
            table: None,
        });
        out.push(File {
            path: source(PACK, &stem),
            bytes: pretty(&packed),
            item,
            table: None,
        });
    }
    if let Some(tables) = tables {
        // The tables, then the treasure types as tables drawing them.
        let (ids, module) = (table::ids(system, tables), module_id(system, campaign));
        let documents = table::documents(system, tables, &named, &ids, &module)
            .into_iter()
            .chain(treasure::documents(system, tables, &ids, &module));
        for (stem, doc) in documents {
            let hoard = &doc["flags"]["hoard"];
            // A treasure type is named by its file and letter (`treasure-ose A`).
            let name = hoard["table"]
                .as_str()
                .map(|table| match hoard["type"].as_str() {
                    Some(kind) => format!("{table} {kind}"),
                    None => table.to_string(),
                });
            out.push(File {
                path: source(table::PACK, &slug(&stem)),
                bytes: pretty(&doc),
                item: None,
                table: name,
            });
        }
    }
    out.push(File {
        path: ["module", "module.json"].iter().collect(),
        bytes: pretty(&module(system, campaign, tables.is_some())),
        item: None,
        table: None,
    });
    out
}

/// Where a pack's source document goes: `module/packs/_source/<pack>/<stem>.json`.
fn source(pack: &str, stem: &str) -> PathBuf {
    ["module", "packs", "_source", pack, &format!("{stem}.json")]
        .iter()
        .collect()
}

/// The pack folders an export fills, under its folder: what a re-export rewrites.
pub fn pack_sources() -> [PathBuf; 2] {
    [PACK, table::PACK].map(|pack| ["module", "packs", "_source", pack].iter().collect())
}

fn file_stem(name: &Value, id: &str, keep: usize) -> String {
    let id: String = id
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(keep)
        .collect();
    format!("{}-{id}", slug(name.as_str().unwrap_or_default()))
}

fn pretty(value: &Value) -> Vec<u8> {
    let mut bytes = serde_json::to_vec_pretty(value).unwrap_or_default();
    bytes.push(b'\n');
    bytes
}

/// One item as a Foundry document of `system`, in `campaign`.
pub fn document(system: System, campaign: &Campaign, piece: &Piece, words: &Words) -> Value {
    let (kind, data) = match system {
        System::Ose => ose::system(piece, words, campaign.edition),
        System::Dnd5e => dnd5e::system(piece, words),
    };
    json!({
        "_id": foundry_id(system, &piece.seen.id),
        "name": clean(&crate::i18n::Worded(&piece.seen.name).to_string()),
        "type": kind,
        "img": img(piece.item()),
        "system": data,
        "effects": match system {
            System::Ose => json!([]),
            System::Dnd5e => effect::of(piece),
        },
        "folder": null,
        "sort": 0,
        "ownership": { "default": 0 },
        "flags": { "hoard": flags(piece) },
        "_stats": {
            "coreVersion": CORE_VERSION,
            "systemId": system.id(),
            "systemVersion": system.version(),
            "createdTime": piece.created_ms,
            "modifiedTime": piece.modified_ms,
            "lastModifiedBy": null,
            "duplicateSource": null,
            "exportSource": null,
        },
    })
}

/// The module's id: it names the campaign (and the viewer), so exports of different campaigns
/// install side by side.
pub fn module_id(system: System, campaign: &Campaign) -> String {
    let mut id = format!("hoard-{}-{}", slug(&campaign.name), system.id());
    if let Some(viewer) = &campaign.viewer {
        id.push_str(&format!("-as-{}", slug(viewer)));
    }
    id
}

/// `module.json` for the compendium: one Item pack for the system, and one RollTable pack
/// when the tables are handed over too.
pub fn module(system: System, campaign: &Campaign, tables: bool) -> Value {
    let id = module_id(system, campaign);
    let mut title = tr!(
        "hoard: {} ({})",
        "hoard : {} ({})",
        clean(&campaign.name),
        system.id()
    );
    if let Some(viewer) = &campaign.viewer {
        title.push_str(&tr!(
            " as {} knows it",
            " tel que {} le connaît",
            clean(viewer)
        ));
    }
    let mut packs = vec![json!({
        "name": PACK,
        "label": tr!("hoard: items", "hoard : objets"),
        "path": format!("packs/{PACK}"),
        "type": "Item",
        "system": system.id(),
        "ownership": ownership(campaign),
    })];
    if tables {
        packs.push(json!({
            "name": table::PACK,
            "label": tr!("hoard: tables", "hoard : tables"),
            "path": format!("packs/{}", table::PACK),
            "type": "RollTable",
            "ownership": ownership(campaign),
        }));
    }
    json!({
        "id": id,
        "title": title,
        "description": tr!(
            "Treasure exported by hoard, the campaign database for old-school referees.",
            "Trésor exporté par hoard, la base de campagne des MD old-school."
        ),
        "version": format!("1.0.{}", campaign.last_seq),
        "compatibility": { "minimum": system.core().0, "verified": system.core().1 },
        "relationships": {
            "systems": [{
                "id": system.id(),
                "type": "system",
                "compatibility": { "minimum": system.version(), "verified": system.version() },
            }],
        },
        "packs": packs,
    })
}

/// Who may open the module's packs: the referee's truth is for the game master and assistants
/// alone (players `NONE`); a character's view, made to be handed over, players may browse.
fn ownership(campaign: &Campaign) -> Value {
    let player = if campaign.viewer.is_some() {
        "OBSERVER"
    } else {
        "NONE"
    };
    json!({ "PLAYER": player, "ASSISTANT": "OWNER" })
}

/// hoard's own facts, for macros and a later import: everything for the referee; for a player
/// only what the redacted item holds and what they know of it. They live under `flags.hoard`:
/// Foundry's `getFlag` takes only `core`, `world`, the system's id or an active module's, and
/// a module's id would change with the campaign and the viewer, so macros read
/// `item.flags.hoard` (docs/foundry.md).
fn flags(piece: &Piece) -> Value {
    let item = piece.item();
    let mut identity = json!(item.identity);
    if let Some(mind) = &piece.seen.mind {
        identity["sentience"] = json!(mind);
    }
    let mut hoard = json!({
        "id": item.id,
        "category": item.category,
        "status": item.status,
        "holder": piece.holder.as_deref().map(clean),
        "charges": piece.charges().map(|(left, made)| json!({ "left": left, "made": made })),
        "identity": identity,
        "spells": item.spells,
    });
    match piece.view {
        View::Referee => {
            hoard["identified"] = json!(piece.seen.identified);
            hoard["history"] = piece
                .history
                .iter()
                .map(|rec| {
                    json!({
                        "seq": rec.seq,
                        "kind": rec.event.kind(),
                        "session": rec.session,
                        "game_time": rec.game_time,
                    })
                })
                .collect();
            hoard["effects"] = piece
                .running
                .iter()
                .map(|r| json!({ "character": clean(&r.character), "rounds_left": r.rounds_left }))
                .collect();
        }
        View::Player => {
            hoard["known"] = json!(piece.seen.known);
            hoard["alignment"] = json!(piece.seen.alignment);
        }
    }
    hoard
}

/// A core Foundry icon for the item: chosen by what anyone can see (its category, an oil's
/// flask, a shield's shape), never by what only its name or powers tell. Each path is one the
/// dnd5e 5.3.3 pack sources use for such an item (they ship with Foundry core, `icons/…`).
pub fn img(item: &Item) -> &'static str {
    let kind = item.identity.kind.as_deref();
    match item.category {
        // potion/oil-of-slipperiness.yml
        Category::Potion if kind == Some("oil") => {
            "icons/consumables/potions/bottle-circular-corked-labeled-green.webp"
        }
        // potion/potion-of-healing.yml
        Category::Potion => "icons/consumables/potions/potion-tube-corked-red.webp",
        // scroll/spell-scroll-1st-level.yml
        Category::Scroll => "icons/sundries/scrolls/scroll-bound-black-tan.webp",
        // ring/ring-of-protection.yml
        Category::Ring => "icons/equipment/finger/ring-cabochon-silver-gold-red.webp",
        // rod/rod-of-absorption.yml
        Category::Rod => "icons/weapons/wands/wand-carved-fire.webp",
        // weapon/staff-of-fire.yml
        Category::Staff => "icons/weapons/staves/staff-ornate-red.webp",
        // wand/wand-of-magic-missiles.yml
        Category::Wand => "icons/weapons/wands/wand-gem-pink.webp",
        // trinket/manual-of-bodily-health.yml
        Category::Book => "icons/sundries/books/book-red-square.webp",
        // equipment/robe-of-stars.yml
        Category::Clothing => "icons/equipment/back/cloak-plain-blue.webp",
        // equipment/boots-of-speed.yml
        Category::Boots => "icons/equipment/feet/boots-leather-green.webp",
        // trinket/broom-of-flying.yml
        Category::Household => "icons/tools/hand/broom-straw-brown.webp",
        // equipment24/tools/other/musical-instrument/lute.yml
        Category::Instrument => "icons/tools/instruments/lute-gold-brown.webp",
        // trinket/stone-of-controlling-earth-elementals.yml
        Category::Misc => "icons/commodities/treasure/token-runed-os-grey.webp",
        // armor/shield-1.yml
        Category::Armor if kind == Some("shield") => {
            "icons/equipment/shield/round-wooden-boss-gold-brown.webp"
        }
        // armor/plate-armor-1.yml
        Category::Armor => "icons/equipment/chest/breastplate-collared-steel.webp",
        // weapon/longsword-1.yml
        Category::Sword => "icons/weapons/swords/sword-guard-embossed-green.webp",
        // ammunition/arrow.yml, crossbow-bolt.yml, sling-bullet.yml
        Category::Weapon if kind == Some("arrows") => {
            "icons/weapons/ammunition/arrows-broadhead-white.webp"
        }
        Category::Weapon if kind == Some("bolts") => {
            "icons/weapons/ammunition/arrow-broadhead-white.webp"
        }
        Category::Weapon if kind == Some("sling-bullets") => {
            "icons/commodities/stone/paver-cobbles-blue.webp"
        }
        // weapon/mace-1.yml
        Category::Weapon => "icons/weapons/maces/mace-spiked-short.webp",
        // A cut gem, as the core gem icons show one; other valuables as treasure.
        Category::Valuable if kind == Some("gem") => {
            "icons/commodities/gems/gem-faceted-navette-red.webp"
        }
        // Goods bought too: no one icon fits a torch and a sword alike.
        Category::Valuable | Category::Gear => {
            "icons/commodities/treasure/token-runed-os-grey.webp"
        }
    }
}

/// A number as JavaScript writes it: a whole one without a decimal point (`0`, not `0.0`), so
/// that what Foundry's packer reads and writes back is the same text.
pub fn number(n: f64) -> Value {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        json!(n as i64)
    } else {
        json!(n)
    }
}

/// A price as the systems write one: a number of coins of one denomination.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Price {
    pub value: i64,
    pub denomination: &'static str,
}

impl Price {
    /// In gold pieces, as ose's `cost` counts (a silver piece 0.1).
    pub fn gold(self) -> f64 {
        let per_gold = match self.denomination {
            "gp" => 1.0,
            "sp" => 10.0,
            _ => 100.0,
        };
        self.value as f64 / per_gold
    }
}

/// A valuable's worth, when the export's reader may know it (the referee, or a player who had
/// it appraised: the item they are given holds it): in whole gold pieces when it is some, else
/// in silver, else in copper, so that 5 sp stays 5 sp and never rounds to 0 gp; 0 gp otherwise
/// and for other items.
pub fn price(piece: &Piece) -> Price {
    let copper = piece.item().identity.value.map_or(0, |v| v.copper());
    let (value, denomination) = match copper {
        c if c % 100 == 0 => (c / 100, "gp"),
        c if c % 10 == 0 => (c / 10, "sp"),
        c => (c, "cp"),
    };
    Price {
        value,
        denomination,
    }
}

const BASE62: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// The document's `_id`: 16 letters and digits, as Foundry's own ids, the same for the same
/// item and system on every export — the first 128 bits of SHA-256("system:item-id"), written
/// in base 62 (16 digits keep 95 of them: collisions stay out of reach).
pub fn foundry_id(system: System, item: &str) -> String {
    let digest = Sha256::digest(format!("{}:{item}", system.id()).as_bytes());
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    let mut n = u128::from_be_bytes(bytes);
    (0..16)
        .map(|_| {
            let digit = BASE62[(n % 62) as usize] as char;
            n /= 62;
            digit
        })
        .collect()
}

/// A name as a file name or identifier: ASCII letters and digits in lower case, every other
/// run of characters one dash, at most 60 characters; `item` when nothing is left. A slug has
/// no dot, slash or backslash, so it can never leave the folder it is written in.
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        if let Some(plain) = unaccented(c) {
            out.push_str(plain);
        } else if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
        if out.len() >= 60 {
            break;
        }
    }
    let out = out.trim_end_matches('-');
    if out.is_empty() {
        "item".into()
    } else {
        out.to_string()
    }
}

/// The plain letters of an accented Latin one (French and the other western languages).
fn unaccented(c: char) -> Option<&'static str> {
    Some(match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => "a",
        'æ' => "ae",
        'ç' => "c",
        'è' | 'é' | 'ê' | 'ë' => "e",
        'ì' | 'í' | 'î' | 'ï' => "i",
        'ñ' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' => "o",
        'œ' => "oe",
        'ù' | 'ú' | 'û' | 'ü' => "u",
        'ý' | 'ÿ' => "y",
        'ß' => "ss",
        _ => return None,
    })
}

/// Text without control characters nor the invisible marks that reorder text on screen
/// (bidirectional embeddings, overrides and isolates).
pub fn clean(text: &str) -> String {
    text.chars()
        .filter(|&c| {
            !c.is_control()
                && !matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        })
        .collect()
}

/// Text made inert in HTML: cleaned, then `& < > " '` escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::new();
    for c in clean(text).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `<tag><li>…</li>…</tag>`, each line trimmed and escaped; nothing for no lines.
fn list(tag: &str, lines: &[String]) -> String {
    if lines.is_empty() {
        return String::new();
    }
    let items: String = lines
        .iter()
        .map(|l| format!("<li>{}</li>", escape(l.trim())))
        .collect();
    format!("<{tag}>{items}</{tag}>")
}

/// What anyone sees of the item: `<p>unknown potion (potion or oil)</p>`.
fn look(piece: &Piece, words: &Words) -> String {
    let label = piece.item().category.label();
    if words.look.eq_ignore_ascii_case(label) {
        return format!("<p>{}</p>", escape(label));
    }
    format!("<p>{} ({})</p>", escape(&words.look), escape(label))
}

/// What the export's reader knows, a list item a fact.
fn facts(words: &Words) -> String {
    list("ul", &words.facts)
}

/// The referee's secret section: hoard's facts (when asked) and the ledger history. dnd5e
/// shows it to a document's owners; ose renders it for nobody outside the description's
/// editor (docs/foundry.md).
fn secret(piece: &Piece, words: &Words, with_facts: bool) -> String {
    if !piece.is_referee() {
        return String::new();
    }
    let mut inner = String::new();
    if with_facts {
        inner.push_str(&format!(
            "<p><strong>{}</strong></p>{}",
            tr!("The truth (hoard)", "La vérité (hoard)"),
            facts(words)
        ));
    }
    if !words.history.is_empty() {
        inner.push_str(&format!(
            "<p><strong>{}</strong></p>{}",
            tr!("History", "Historique"),
            list("ol", &words.history)
        ));
    }
    if inner.is_empty() {
        return inner;
    }
    format!("<section class=\"secret\">{inner}</section>")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_16_letters_or_digits_stable_and_per_system() {
        let a = foundry_id(System::Ose, "7d6a0dc6-1111");
        assert_eq!(a.len(), 16);
        assert!(a.chars().all(|c| c.is_ascii_alphanumeric()));
        assert_eq!(a, foundry_id(System::Ose, "7d6a0dc6-1111"), "stable");
        assert_ne!(a, foundry_id(System::Dnd5e, "7d6a0dc6-1111"), "per system");
        assert_ne!(a, foundry_id(System::Ose, "7d6a0dc6-1112"), "per item");
    }

    #[test]
    fn slugs_keep_letters_and_digits_and_never_a_path() {
        assert_eq!(slug("Potion of Heroism"), "potion-of-heroism");
        assert_eq!(slug("Javelins +3"), "javelins-3");
        assert_eq!(slug("../../x"), "x");
        assert_eq!(slug("..\\..\\etc/passwd"), "etc-passwd");
        assert_eq!(slug("Épée à deux mains"), "epee-a-deux-mains");
        assert_eq!(slug("Œil de Ŧ"), "oeil-de");
        assert_eq!(slug("<script>"), "script");
        assert_eq!(slug("…"), "item");
        assert_eq!(slug(""), "item");
        assert!(slug(&"a".repeat(500)).len() <= 60);
        assert!(!slug("a/b\\c.d").contains(['/', '\\', '.']));
    }

    #[test]
    fn html_is_escaped_and_bidi_marks_removed() {
        assert_eq!(
            escape("<script>alert(\"x\")</script>"),
            "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"
        );
        assert_eq!(escape("Tess's & co"), "Tess&#39;s &amp; co");
        assert_eq!(clean("evil\u{202e}txt.exe\u{1b}[2J"), "eviltxt.exe[2J");
    }
}
