//! What protects a character, in words both edges show: the armor and shield's bonus to AC
//! and saves, and the ring of protection that counts and why another does not (the lines of
//! `character show` and of the web server's full sheet).

use crate::rules::armor::ArmourWeight;
use crate::rules::armor::{Aside, Protection};
use crate::tr;
use crate::view::inert::safe;
use crate::view::words::Shown as _;

/// The lines `character show` gives of what protects: none of the bonuses a reader does not
/// know (`unknown`: some of what is worn protects in ways they do not know).
pub fn lines(p: &Protection, unknown: bool) -> Vec<String> {
    let mut lines = Vec::new();
    // Bonuses the reader does not know are not theirs to total.
    if (p.armor.is_some() || p.shield.is_some()) && !unknown {
        let (ac, saves) = (p.ac - p.ring_ac.unwrap_or(0), p.saves);
        lines.push(match p.enchanted_armour {
            ArmourWeight::Nothing => tr!(
                "  armor: AC better by {ac}, saves against physical-damage spells and powers {saves:+}; magic armor's weight does not count toward encumbrance, a magic shield's does",
                "  armure : CA meilleure de {ac}, sauvegardes contre les sorts et pouvoirs à dégâts physiques {saves:+} ; le poids d'une armure magique ne compte pas pour l'encombrement, celui d'un bouclier magique si"
            ),
            ArmourWeight::Half => tr!(
                "  armor: AC better by {ac}, saves against physical-damage spells and powers {saves:+}; magic armor counts half its weight toward encumbrance, a magic shield all of it",
                "  armure : CA meilleure de {ac}, sauvegardes contre les sorts et pouvoirs à dégâts physiques {saves:+} ; une armure magique compte pour la moitié de son poids dans l'encombrement, un bouclier magique pour tout"
            ),
        });
    }
    if !unknown {
        lines.extend(rings(p));
    }
    lines
}

/// The ring of protection that counts, and why each other worn one does not, or not in full
/// (AD&D 2e DMG: the strongest alone; no armor class over magic armor).
fn rings(p: &Protection) -> Vec<String> {
    let mut lines = Vec::new();
    match (p.ring, p.ring_ac) {
        (Some(ring), Some(_)) => lines.push(tr!(
            "  ring of protection: AC better by {ring}, every saving throw {ring:+}",
            "  anneau de protection : CA meilleure de {ring}, tous les jets de sauvegarde {ring:+}"
        )),
        (Some(ring), None) => lines.push(tr!(
            "  ring of protection: every saving throw {ring:+}",
            "  anneau de protection : tous les jets de sauvegarde {ring:+}"
        )),
        (None, _) => {}
    }
    for aside in &p.rings_aside {
        let (name, bonus) = (safe(aside.item.shown()), aside.bonus);
        lines.push(match aside.why {
            Aside::MagicArmor => tr!(
                "    {name} ({bonus:+}) adds nothing to AC: magic armor is worn (its saves still count)",
                "    {name} ({bonus:+}) n'ajoute rien à la CA : une armure magique est portée (ses sauvegardes comptent toujours)"
            ),
            Aside::Weaker => tr!(
                "    {name} ({bonus:+}) does not count: of several rings of protection, only the strongest works",
                "    {name} ({bonus:+}) ne compte pas : de plusieurs anneaux de protection, seul le plus puissant fonctionne"
            ),
        });
    }
    if p.ring_ac.is_some() && (p.armor.is_some() || p.shield.is_some()) {
        let ac = p.ac;
        lines.push(tr!(
            "  in all: AC better by {ac}",
            "  en tout : CA meilleure de {ac}"
        ));
    }
    lines
}
