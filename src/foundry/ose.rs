//! The `system` object of an Old-School Essentials item, as the ose system's item data models
//! define it (ose-foundry-core 2.2.2 by Necrotic Gnome, the maintained continuation of
//! vttred/ose, `src/module/item/data-model-{item,weapon,armor}.js`). ose has no "identified"
//! flag: a player's export simply holds what they know, and the referee's keeps the truth in a
//! secret section, which ose's sheets render for nobody (only the description's editor shows
//! it, to owners).

use serde_json::{Value, json};

use super::{Piece, Words, look, secret};
use crate::rules::armor::{self, Weight};
use crate::rules::armor_kind::Edition;
use crate::rules::item::Category;

/// The item types of the ose system (`template.json`), less `ability` (a class feature, not
/// an object). hoard's items become `item`, `weapon` or `armor`; it has no container or
/// loose spell to export.
pub const TYPES: &[&str] = &["item", "weapon", "armor", "container", "spell"];

/// The document type and its `system` object; a suit's armour class is `edition`'s.
pub fn system(piece: &Piece, words: &Words, edition: Edition) -> (&'static str, Value) {
    let item = piece.item();
    let description = if piece.is_referee() {
        format!("{}{}", look(piece, words), secret(piece, words, true))
    } else {
        super::facts(words)
    };
    let quantity = match piece.charges() {
        // Charges as the quantity: the sheet shows them as uses left of those made.
        Some((left, made)) if !piece.gone() => json!({ "value": left, "max": made }),
        // A maximum only where something counts (`quantity.max` 0: none, the model's
        // initial): a quiver's arrows.
        _ => json!({
            "value": piece.count(),
            "max": item.identity.count.unwrap_or(0),
        }),
    };
    let (kind, own) = match item.category {
        Category::Sword | Category::Weapon => {
            let stats = crate::rules::weapon::make(item).map(crate::rules::weapon::stats);
            // A weapon of no known make: a missile if found in numbers, as arrows are.
            let counted = item.identity.count.is_some();
            let (missile, melee) =
                stats.map_or((counted, !counted), |s| (s.missile.is_some(), s.melee));
            let [short, medium, long] = stats.and_then(|s| s.missile).unwrap_or([0; 3]);
            (
                "weapon",
                json!({
                    "damage": crate::rules::weapon::damage(item).to_string(),
                    "save": "",
                    "range": { "short": short, "medium": medium, "long": long },
                    "bonus": item.identity.bonus.unwrap_or(0),
                    "pattern": "transparent",
                    "missile": missile,
                    "melee": melee,
                    "slow": false,
                    "counter": { "value": 0, "max": 0 },
                    "itemslots": 1,
                }),
            )
        }
        Category::Armor => {
            // Its kind's armour class on the table of the campaign's edition (a kind OSE
            // does not list, AD&D 2e's), improved by its enchantment.
            let armor::ArmorClass { ac, aac } = armor::armor_class_in(item, edition);
            (
                "armor",
                json!({
                    "type": armor_type(armor::weight(item)),
                    "ac": { "value": ac },
                    "aac": { "value": aac },
                    "itemslots": 1,
                }),
            )
        }
        Category::Valuable => ("item", json!({ "treasure": true, "itemslots": 0 })),
        _ => ("item", json!({ "treasure": false, "itemslots": 0 })),
    };
    // The fields every physical ose item has; `cost` in gold pieces, a silver piece 0.1.
    let mut system = json!({
        "description": description,
        "tags": [],
        "equipped": item.worn.is_some(),
        "cost": super::number(super::price(piece).gold()),
        "containerId": "",
        "quantity": quantity,
        "weight": super::number(crate::rules::weight::coins(item)),
    });
    if let (Some(system), Value::Object(own)) = (system.as_object_mut(), own) {
        system.extend(own);
    }
    (kind, system)
}

/// The ose armor type (`type` of its armor data model) of an armor's weight
/// (`rules::armor::weight`, whose armor class `rules::armor::armor_class` gives).
fn armor_type(weight: Weight) -> &'static str {
    match weight {
        Weight::Shield => "shield",
        Weight::Light => "light",
        Weight::Heavy => "heavy",
    }
}
