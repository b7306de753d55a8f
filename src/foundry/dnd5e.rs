//! The `system` object of a dnd5e item (dnd5e 5.3.3, `module/data/item/{consumable,equipment,
//! weapon,loot}.mjs` and their templates), shaped as the system's own pack sources
//! (`packs/_source/items/*.yml`). dnd5e knows unidentified items: `identified` and
//! `unidentified {name, description}` carry what someone who does not know the item sees.

use serde_json::{Value, json};

use super::{Piece, Words, facts, look, secret, slug};
use crate::rules::armor::Weight;
use crate::rules::item::{Category, Item, Status};
use crate::rules::rarity::Rarity;

/// The dnd5e item types hoard's items become.
pub const TYPES: &[&str] = &["consumable", "equipment", "weapon", "loot"];

/// The document type and its `system` object.
pub fn system(piece: &Piece, words: &Words) -> (&'static str, Value) {
    let item = piece.item();
    let (kind, subtype) = kind(piece);
    let description = format!("{}{}", facts(words), secret(piece, words, false));
    let magical: Vec<&str> = if piece.seen.magic {
        vec!["mgc"]
    } else {
        Vec::new()
    };
    let bonus = item.identity.bonus;
    let mut system = json!({
        "description": { "value": description, "chat": "" },
        "source": { "custom": "hoard", "book": "", "page": "", "license": "", "rules": "2014" },
        "quantity": piece.count(),
        "weight": { "value": 0, "units": "lb" },
        "price": { "value": super::worth(piece), "denomination": "gp" },
        "rarity": rarity(item),
        "identified": piece.seen.identified,
        "unidentified": { "name": super::clean(&words.look), "description": look(piece, words) },
        "container": null,
        "properties": magical,
        "identifier": slug(&crate::i18n::Worded(&piece.seen.name).to_string()),
    });
    let extra = match kind {
        "consumable" => json!({
            "attunement": "",
            "equipped": false,
            "uses": uses(piece, true),
            "damage": { "base": damage(None), "replace": false },
            "type": { "value": subtype, "subtype": "" },
            "magicalBonus": null,
            "activities": {},
            "attuned": false,
        }),
        "equipment" => {
            let (value, dex, strength) = armor(item, subtype);
            json!({
                "attunement": "",
                "equipped": item.worn.is_some(),
                "cover": null,
                "uses": uses(piece, false),
                "armor": { "value": value, "dex": dex, "magicalBonus": bonus },
                "hp": mount_hp(),
                "speed": { "value": null, "conditions": "" },
                "strength": strength,
                "proficient": null,
                "type": { "value": subtype, "baseItem": "" },
                "activities": {},
                "attuned": false,
            })
        }
        "weapon" => {
            let (class, base, dice) = weapon(item);
            json!({
                "attunement": "",
                "equipped": item.worn.is_some(),
                "cover": null,
                "range": { "value": null, "long": null, "units": "ft", "reach": null },
                "uses": uses(piece, false),
                "damage": { "versatile": damage(None), "base": damage(dice) },
                "armor": { "value": 10 },
                "hp": mount_hp(),
                "proficient": null,
                "type": { "value": class, "baseItem": base },
                "magicalBonus": bonus,
                "activities": {},
                "attuned": false,
                "mastery": "",
            })
        }
        _ => json!({ "type": { "value": subtype, "subtype": "" } }),
    };
    if let (Some(system), Value::Object(extra)) = (system.as_object_mut(), extra) {
        system.extend(extra);
    }
    (kind, system)
}

/// The dnd5e type and subtype (`type.value`) of the item, by the system's own lists
/// (`config.mjs` `consumableTypes`, `equipmentTypes`, `lootTypes`) and where its packs put
/// such items: staves are quarterstaffs, manuals and tomes consumable trinkets, boots and
/// gauntlets clothing.
fn kind(piece: &Piece) -> (&'static str, &'static str) {
    let item = piece.item();
    if piece.spent() {
        // A faded scroll, a drained wand: only the object is left.
        return ("loot", "junk");
    }
    match item.category {
        Category::Potion => ("consumable", "potion"),
        Category::Scroll => ("consumable", "scroll"),
        Category::Wand => ("consumable", "wand"),
        Category::Rod => ("consumable", "rod"),
        Category::Book => ("consumable", "trinket"),
        Category::Staff | Category::Sword | Category::Weapon => ("weapon", ""),
        Category::Ring => ("equipment", "ring"),
        Category::Armor => ("equipment", armor_type(item)),
        Category::Clothing | Category::Boots => ("equipment", "clothing"),
        // Valuables are dnd5e's loot: gems, art (jewelry too) or treasure.
        Category::Valuable => match item.identity.kind.as_deref() {
            Some("gem") => ("loot", "gem"),
            Some("art" | "jewelry") => ("loot", "art"),
            _ => ("loot", "treasure"),
        },
        Category::Household | Category::Instrument | Category::Misc => {
            if item.identity.consumable {
                ("consumable", "wondrous")
            } else {
                ("equipment", "wondrous")
            }
        }
    }
}

/// `uses {max, spent, recovery}`: charges left of those made, a scroll's spells left of those
/// written, one use for what is used up; no maximum (`""`) for what has no uses.
fn uses(piece: &Piece, consumable: bool) -> Value {
    let item = piece.item();
    let (max, spent) = if let Some((left, made)) = piece.charges() {
        (made.to_string(), made - left)
    } else if consumable && !item.spells.is_empty() {
        let erased = item.spells.iter().filter(|s| s.erased).count();
        (item.spells.len().to_string(), erased as i32)
    } else if consumable && item.category != Category::Book {
        ("1".to_string(), i32::from(item.status == Status::Consumed))
    } else {
        (String::new(), 0)
    };
    let mut uses = json!({ "max": max, "spent": spent, "recovery": [] });
    if consumable {
        // Drinking the last potion or reading the last spell deletes it, as in dnd5e's packs;
        // a wand's last charge only may crumble it (hoard rolls that).
        uses["autoDestroy"] = json!(
            matches!(item.category, Category::Potion | Category::Scroll)
                || item.identity.consumable
        );
    }
    uses
}

/// A damage part; `None`: no dice (hoard does not know them).
fn damage(dice: Option<(u32, u32, &str)>) -> Value {
    let (number, denomination, types) = match dice {
        Some((n, d, t)) => (json!(n), json!(d), json!([t])),
        None => (Value::Null, Value::Null, json!([])),
    };
    json!({
        "number": number,
        "denomination": denomination,
        "bonus": "",
        "types": types,
        "custom": { "enabled": false, "formula": "" },
        "scaling": { "mode": "", "number": null, "formula": "" },
    })
}

/// The vehicle-mount hit points every dnd5e equipment and weapon source carries (unused).
fn mount_hp() -> Value {
    json!({ "value": 0, "max": 0, "dt": null, "conditions": "" })
}

/// A weapon's class, base item and damage, from the dnd5e base weapon closest to it
/// (`packs/_source/items/weapon/{longsword,shortsword,scimitar,greatsword,quarterstaff}.yml`).
/// A hoard weapon of no known make keeps no base item and no dice.
fn weapon(item: &Item) -> (&'static str, &'static str, Option<(u32, u32, &'static str)>) {
    match (item.category, item.identity.blade.as_deref()) {
        (Category::Staff, _) => ("simpleM", "quarterstaff", Some((1, 6, "bludgeoning"))),
        (Category::Sword, Some("short")) => ("martialM", "shortsword", Some((1, 6, "piercing"))),
        (Category::Sword, Some("scimitar")) => ("martialM", "scimitar", Some((1, 6, "slashing"))),
        (Category::Sword, Some("two-handed")) => {
            ("martialM", "greatsword", Some((2, 6, "slashing")))
        }
        (Category::Sword, _) => ("martialM", "longsword", Some((1, 8, "slashing"))),
        _ => ("simpleM", "", None),
    }
}

/// dnd5e's armor type of an armor's weight (`rules::armor::weight`).
fn armor_type(item: &Item) -> &'static str {
    match crate::rules::armor::weight(item) {
        Weight::Shield => "shield",
        Weight::Light => "light",
        Weight::Heavy => "heavy",
    }
}

/// Base AC, Dexterity cap and Strength needed: the dnd5e shield (2), leather armor (11) and
/// chain mail (16, Dexterity 0, Strength 13) — hoard does not record an armor's make, only its
/// weight. Other equipment gives no AC.
fn armor(item: &Item, subtype: &str) -> (i32, Option<i32>, Option<i32>) {
    if item.category != Category::Armor {
        return (0, Some(0), None);
    }
    match subtype {
        "shield" => (2, None, None),
        "light" => (11, None, None),
        _ => (16, Some(0), Some(13)),
    }
}

/// dnd5e's rarity id (`config.mjs` `itemRarity`) of the item's rarity (`rules::rarity`); none:
/// `""`.
fn rarity(item: &Item) -> &'static str {
    match crate::rules::rarity::rarity(item) {
        Some(Rarity::Common) => "common",
        Some(Rarity::Uncommon) => "uncommon",
        Some(Rarity::Rare) => "rare",
        Some(Rarity::VeryRare) => "veryRare",
        Some(Rarity::Legendary) => "legendary",
        None => "",
    }
}
