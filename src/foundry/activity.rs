//! dnd5e 5.x activities: what an item does when used at the table. Without one, dnd5e only
//! posts the item's card — a potion cannot be drunk, a wand spends no charge, a sword rolls no
//! attack. Each activity is shaped as the system's own pack sources (dnd5e 5.3.3):
//! `packs/_source/items/potion/potion-of-heroism.yml` (`utility`, `heal`, consuming
//! `itemUses`), `potion/potion-of-healing.yml` (`heal`), `weapon/longsword.yml` (`attack`
//! with the weapon's own damage), with the fields `module/data/activity/base-activity.mjs`
//! defines. Whatever has uses gets an activity that consumes them, one a use.

use serde_json::{Value, json};

use super::Piece;
use crate::tr;

/// The activities of an item, by id: an attack for a weapon (`attack`: "melee" or "ranged"),
/// and, when it has uses, the use that spends one: healing for a potion hoard knows heals
/// (`rules::potion::healing`), a utility otherwise; a charged item whose charges the reader
/// does not know, a utility that spends nothing and says who counts them.
pub fn of(piece: &Piece, uses: &Value, attack: Option<&str>) -> Value {
    let mut out = serde_json::Map::new();
    if let Some(kind) = attack {
        let mut a = base("attack", ID_ATTACK, Vec::new(), piece);
        a["attack"] = json!({
            "ability": "",
            "bonus": "",
            "critical": { "threshold": null },
            "flat": false,
            "type": { "value": kind, "classification": "weapon" },
        });
        a["damage"] = json!({ "critical": { "bonus": "" }, "includeBase": true, "parts": [] });
        // No range of its own (`override` false): the weapon's counts.
        a["range"]["value"] = json!("");
        out.insert(ID_ATTACK.into(), a);
    }
    if uses["max"].as_str().is_some_and(|m| !m.is_empty()) {
        let spend = vec![json!({ "type": "itemUses", "value": "1", "target": "" })];
        let healing = piece.healing.clone();
        let activity = match healing {
            Some(formula) => {
                let mut a = base("heal", ID_USE, spend, piece);
                a["healing"] = json!({
                    "number": null,
                    "denomination": null,
                    "bonus": "",
                    "types": ["healing"],
                    "custom": { "enabled": true, "formula": formula.to_string() },
                    "scaling": { "mode": "whole", "number": null, "formula": "" },
                });
                a
            }
            None => {
                let mut a = base("utility", ID_USE, spend, piece);
                a["roll"] = json!({ "formula": "", "name": "", "prompt": false, "visible": false });
                a
            }
        };
        out.insert(ID_USE.into(), activity);
    } else if piece.item().category.charged() && piece.charges().is_none() {
        // A wand, staff or rod whose charges the reader does not know (a player's unknown
        // wand): usable all the same, with no count to spend; the referee counts them.
        let mut a = base("utility", ID_USE, Vec::new(), piece);
        a["roll"] = json!({ "formula": "", "name": "", "prompt": false, "visible": false });
        a["description"]["chatFlavor"] = json!(tr!(
            "Its charges are not known here: the referee counts what each use spends.",
            "Ses charges ne sont pas connues ici : le MD compte ce que chaque usage dépense."
        ));
        out.insert(ID_USE.into(), a);
    }
    Value::Object(out)
}

/// Activity ids: 16 letters and digits, as dnd5e's own (`dnd5eactivity000`), unique within
/// the item.
const ID_ATTACK: &str = "hoardattack00000";
const ID_USE: &str = "hoarduse00000000";

/// The fields every activity has, as `potion-of-heroism.yml` gives them: one action, the
/// consumption `targets`, no duration, range or template of its own (the referee's to set).
fn base(kind: &str, id: &str, targets: Vec<Value>, piece: &Piece) -> Value {
    json!({
        "_id": id,
        "type": kind,
        "activation": { "type": "action", "value": 1, "condition": "", "override": false },
        "consumption": {
            "targets": targets,
            "scaling": { "allowed": false, "max": "" },
            "spellSlot": true,
        },
        "description": { "chatFlavor": "" },
        "duration": { "concentration": false, "value": "", "units": "", "special": "", "override": false },
        "effects": [],
        "range": { "units": "", "special": "", "override": false },
        "target": {
            "template": { "count": "", "contiguous": false, "type": "", "size": "", "width": "", "height": "", "units": "" },
            "affects": { "count": "", "type": "", "choice": false, "special": "" },
            "prompt": true,
            "override": false,
        },
        "uses": { "spent": 0, "recovery": [], "max": "" },
        "sort": 0,
        "name": "",
        "img": "",
        "visibility": {
            // Magic works only where magic does, as the system's magic potions say
            // (`potion-of-heroism.yml`); an item not known to be magic says nothing.
            "requireMagic": piece.seen.magic,
            "level": { "min": null, "max": null },
            "identifier": "",
        },
        "appliedEffects": [],
    })
}
