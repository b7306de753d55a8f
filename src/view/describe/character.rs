//! The words of a character's events: joining, damage, healing, a changed sheet.

use crate::ledger::{Change, Event};
use crate::tr;
use crate::view::inert::safe;

/// The line of one of these events; `None` for an event of another family.
pub(super) fn describe(event: &Event) -> Option<String> {
    Some(match event {
        Event::CharacterAdded { character: c } => {
            let (name, hp) = (safe(&c.name), c.hp_max);
            tr!(
                "{name} joins ({hp} HP)",
                "{name} rejoint la campagne ({hp} PV)"
            )
        }
        Event::CharacterDamaged {
            name, amount, hp, ..
        } => {
            let name = safe(name);
            tr!(
                "{name} takes {amount} damage ({hp} HP left)",
                "{name} subit {amount} dégâts (reste {hp} PV)"
            )
        }
        Event::CharacterHealed {
            name, amount, hp, ..
        } => {
            let name = safe(name);
            tr!(
                "{name} heals {amount} ({hp} HP)",
                "{name} récupère {amount} ({hp} PV)"
            )
        }
        Event::CharacterUpdated { name, change, .. } => {
            let (name, what) = (safe(name), change_text(change));
            tr!(
                "{name}'s sheet changes: {what}",
                "la fiche de {name} change : {what}"
            )
        }
        _ => return None,
    })
}

fn change_text(change: &Change) -> String {
    let mut parts = Vec::new();
    if let Some(level) = change.level {
        parts.push(tr!("level {level}", "niveau {level}"));
    }
    if let Some(class) = &change.class {
        parts.push(tr!(
            "class {}",
            "classe {}",
            class.as_deref().map(safe).unwrap_or_default()
        ));
    }
    if let Some(a) = change.alignment {
        parts.push(crate::view::words::alignment_name(a).to_string());
    }
    if let Some(v) = change.str {
        parts.push(tr!("STR {v}", "FOR {v}"));
    }
    if let Some(v) = change.wis {
        parts.push(tr!("WIS {v}", "SAG {v}"));
    }
    if let Some(v) = change.hp_max {
        parts.push(tr!("max HP {v}", "PV max {v}"));
    }
    if let Some(v) = change.reads_magic {
        parts.push(if v {
            tr!("reads magic", "lit la magie")
        } else {
            tr!("no longer reads magic", "ne lit plus la magie")
        });
    }
    if let Some(v) = change.reads_languages {
        parts.push(if v {
            tr!("reads unknown languages", "lit les langues inconnues")
        } else {
            tr!(
                "no longer reads unknown languages",
                "ne lit plus les langues inconnues"
            )
        });
    }
    if let Some(v) = change.literate {
        parts.push(if v {
            tr!("literate", "sait lire")
        } else {
            tr!("illiterate", "illettré")
        });
    }
    parts.join(", ")
}
