//! dnd5e active effects: what an item does to its wearer's sheet while it is equipped, as the
//! system's own items carry it (dnd5e 5.3.3 `packs/_source/items/ring/ring-of-protection.yml`:
//! an effect transferred to the actor, on `system.attributes.ac.bonus` and
//! `system.bonuses.abilities.save`). dnd5e counts only armour and shields toward armour class,
//! so a bonus that is not the item's own armour's or weapon's works only through such an
//! effect.

use serde_json::{Value, json};

use super::{CORE_VERSION, Piece, System, img};
use crate::tr;

/// The item's effects: a bonus of its own to armor class and saving throws
/// (`rules::armor::worn_bonus`), in the referee's export and in the view of whoever knows the
/// item fully (someone who does not know its plus cannot count it).
pub fn of(piece: &Piece) -> Value {
    let bonus = crate::rules::armor::worn_bonus(piece.item())
        .filter(|_| piece.is_referee() || piece.seen.identified);
    let Some(bonus) = bonus else {
        return json!([]);
    };
    let change = |key: &str| json!({ "key": key, "mode": ADD, "value": format!("{bonus:+}"), "priority": null });
    json!([{
        "_id": ID_PROTECTION,
        "name": tr!("Protection {:+}", "Protection {:+}", bonus),
        "img": img(piece.item()),
        "type": "base",
        "system": {},
        "changes": [change("system.attributes.ac.bonus"), change("system.bonuses.abilities.save")],
        "disabled": false,
        "duration": {
            "startTime": null,
            "seconds": null,
            "combat": null,
            "rounds": null,
            "turns": null,
            "startRound": null,
            "startTurn": null,
        },
        "origin": null,
        // Applied to whoever carries the item, while it is equipped.
        "transfer": true,
        "flags": {},
        "tint": "#ffffff",
        "description": "",
        "statuses": [],
        "sort": 0,
        "_stats": {
            "compendiumSource": null,
            "duplicateSource": null,
            "coreVersion": CORE_VERSION,
            "systemId": System::Dnd5e.id(),
            "systemVersion": System::Dnd5e.version(),
            "createdTime": null,
            "modifiedTime": null,
            "lastModifiedBy": null,
            "exportSource": null,
        },
    }])
}

/// Foundry's `CONST.ACTIVE_EFFECT_MODES.ADD`, as the ring's changes use it.
const ADD: u8 = 2;

/// The effect's id: 16 letters and digits, unique within the item.
const ID_PROTECTION: &str = "hoardprotection0";
