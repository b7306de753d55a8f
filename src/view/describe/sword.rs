//! The words of a sentient sword's events: touched, held, wielded, its will against its
//! wielder's, its powers and demands, and the encounters its purpose may apply to.

use crate::i18n::time::GameTime;
use crate::i18n::{ROUND, counted, pick};
use crate::ledger::{self, Event};
use crate::rules::control::{CharacterWill, SwordWill};
use crate::tr;
use crate::view::inert::safe;
use crate::view::words::ItemNamed;

/// The line of one of these events and of an encounter's (another family's is worded by its
/// own module).
pub(super) fn describe(event: &Event) -> String {
    match event {
        Event::SwordTouched {
            act,
            rounds,
            damage,
            hp,
        } => {
            let (who, item) = (safe(&act.character_name), safe(act.item_name()));
            let total: i64 = damage.iter().map(|r| r.total).sum();
            let rounds = counted(*rounds, ROUND, ROUND);
            if damage.is_empty() {
                tr!(
                    "{who} touches {item} ({rounds})",
                    "{who} touche {item} ({rounds})"
                )
            } else {
                let rolls: Vec<String> = damage.iter().map(|r| r.describe()).collect();
                let rolls = rolls.join(", ");
                tr!(
                    "{who} touches {item} ({rounds}): {rolls} — {total} damage, {hp} HP left",
                    "{who} touche {item} ({rounds}) : {rolls} — {total} dégâts, reste {hp} PV"
                )
            }
        }
        Event::ControlChecked {
            act,
            trigger,
            sword_will,
            character_will,
            controlled,
            ..
        } => {
            let (who, item, why) = (
                safe(&act.character_name),
                safe(act.item_name()),
                crate::view::words::trigger(*trigger),
            );
            let wills = Wills {
                sword: sword_will,
                wielder: character_will,
                controlled: *controlled,
                who: &act.character_name,
            };
            tr!(
                "control check ({why}) of {item} over {who}: {wills}",
                "test de contrôle ({why}) de {item} sur {who} : {wills}"
            )
        }
        Event::ControlEnded { act, reason } => {
            let (who, item) = (safe(&act.character_name), safe(act.item_name()));
            let why = crate::view::words::reason(*reason);
            tr!(
                "{item} releases {who}: {why}",
                "{item} libère {who} : {why}"
            )
        }
        Event::SwordHeld {
            act,
            from,
            damage,
            hp,
        } => {
            let (who, item) = (safe(&act.character_name), safe(act.item_name()));
            let total: i64 = damage.iter().map(|r| r.total).sum();
            let (rounds, since) = (counted(damage.len() as i64, ROUND, ROUND), GameTime(*from));
            let rolls: Vec<String> = damage.iter().map(|r| r.describe()).collect();
            let rolls = rolls.join(", ");
            tr!(
                "{item} in {who}'s hand hurts for {rounds} from {since}: {rolls} — {total} damage, {hp} HP left",
                "{item} en main de {who} blesse pendant {rounds} depuis le {since} : {rolls} — {total} dégâts, reste {hp} PV"
            )
        }
        Event::ControlDeferred {
            act,
            trigger,
            under_name,
            ..
        } => {
            let (who, item, why, under) = (
                safe(&act.character_name),
                safe(act.item_name()),
                crate::view::words::trigger(*trigger),
                safe(under_name),
            );
            tr!(
                "control check ({why}) of {item} over {who} waits: {who} is under the control of {under}",
                "test de contrôle ({why}) de {item} sur {who} en attente : {who} est sous le contrôle de {under}"
            )
        }
        Event::SwordWielded { act } => {
            let (who, item) = (safe(&act.character_name), safe(act.item_name()));
            tr!("{who} wields {item}", "{who} manie {item}")
        }
        Event::SwordPowerUsed {
            act,
            power_name,
            uses,
            ..
        } => {
            let (who, item, power) = (
                safe(&act.character_name),
                safe(act.item_name()),
                safe(power_name),
            );
            tr!(
                "{who} uses {item}'s power: {power} ({uses})",
                "{who} utilise le pouvoir de {item} : {power} ({uses})"
            )
        }
        Event::SwordDemand { act, demand } => {
            let (who, item, demand) = (
                safe(&act.character_name),
                safe(act.item_name()),
                safe(demand),
            );
            tr!(
                "{item} makes {who}: {demand}",
                "{item} pousse {who} : {demand}"
            )
        }
        Event::EncounterStarted { foe, .. } => {
            let kind = safe(&foe.kind);
            let alignment = foe
                .alignment
                .map(|a| format!(" ({})", crate::view::words::alignment_name(a)))
                .unwrap_or_default();
            tr!(
                "encounter: {kind}{alignment}",
                "rencontre : {kind}{alignment}"
            )
        }
        Event::EncounterEnded {} => tr!("the encounter ends", "fin de la rencontre"),
        ledger::campaign_events!()
        | ledger::character_events!()
        | ledger::item_events!()
        | ledger::coins_events!() => String::new(),
    }
}

/// `sword will 10 INT + 8 Ego + 1d10 (7) = 25 vs Arnaud's will 12 STR + 10 WIS − 1d4 (3) = 19:
/// the sword takes control` — both wills with their arithmetic and the outcome.
///
/// Written in one pass into the text that holds it (`format!`, `to_string`): `audit swords`
/// words a great many checks, and building each part as a string of its own made wording
/// them cost as much as reading them.
pub struct Wills<'a> {
    pub sword: &'a SwordWill,
    pub wielder: &'a CharacterWill,
    pub controlled: bool,
    pub who: &'a str,
}

impl std::fmt::Display for Wills<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (s, w) = (self.sword, self.wielder);
        let extraordinary = Extraordinary(s.extraordinary);
        let (alignment, penalty) = (Dice('+', &s.alignment_roll), Dice('−', &w.penalty));
        let (sword, wielder, who) = (s.total, w.total, safe(self.who));
        let outcome = if self.controlled {
            pick("the sword takes control", "l'épée prend le contrôle")
        } else {
            pick("the wielder holds", "le porteur résiste")
        };
        match crate::i18n::lang() {
            crate::i18n::Lang::En => write!(
                f,
                "sword will {} INT + {} Ego{extraordinary}{alignment} = {sword} vs {who}'s will {} STR + {} WIS{penalty} = {wielder}: {outcome}",
                s.int, s.ego, w.str, w.wis
            ),
            crate::i18n::Lang::Fr => write!(
                f,
                "volonté de l'épée {} INT + {} Ego{extraordinary}{alignment} = {sword} contre volonté de {who} {} FOR + {} SAG{penalty} = {wielder} : {outcome}",
                s.int, s.ego, w.str, w.wis
            ),
        }
    }
}

/// ` + 2 extraordinary` powers in a sword's will, or nothing.
struct Extraordinary(u8);

impl std::fmt::Display for Extraordinary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0 == 0 {
            return Ok(());
        }
        let powers = counted(
            self.0,
            ("extraordinary", "extraordinary"),
            ("extraordinaire", "extraordinaires"),
        );
        write!(f, " + {powers}")
    }
}

/// ` + 1d10 (7)`: a roll added to a will (or taken from it), or nothing.
struct Dice<'a>(char, &'a Option<crate::rules::dice::Roll>);

impl std::fmt::Display for Dice<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.1 {
            Some(roll) => write!(f, " {} {} ({})", self.0, roll.expr, roll.total),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::in_both;
    use crate::rules::dice::Roll;

    /// Every part of both wills, in each language: the extraordinary powers, the alignment
    /// roll, the wounded wielder's penalty, the outcome.
    #[tokio::test]
    async fn both_wills_are_worded_with_their_arithmetic() {
        let roll = |expr: &str, faces: Vec<u32>| Roll {
            expr: expr.into(),
            total: faces.iter().map(|&f| i64::from(f)).sum(),
            faces,
        };
        let sword = SwordWill {
            int: 10,
            ego: 6,
            extraordinary: 2,
            alignment_roll: Some(roll("1d10", vec![7])),
            total: 25,
        };
        let wielder = CharacterWill {
            str: 13,
            wis: 9,
            penalty: Some(roll("2d4", vec![2, 4])),
            total: 16,
        };
        let wills = |sword, wielder, controlled| Wills {
            sword,
            wielder,
            controlled,
            who: "Arnaud",
        };
        let (en, fr) = in_both(&wills(&sword, &wielder, true)).await;
        assert_eq!(
            en,
            "sword will 10 INT + 6 Ego + 2 extraordinary + 1d10 (7) = 25 vs Arnaud's will 13 STR + 9 WIS − 2d4 (6) = 16: the sword takes control"
        );
        assert_eq!(
            fr,
            "volonté de l'épée 10 INT + 6 Ego + 2 extraordinaires + 1d10 (7) = 25 contre volonté de Arnaud 13 FOR + 9 SAG − 2d4 (6) = 16 : l'épée prend le contrôle"
        );
        let (plain, holds) = (
            SwordWill {
                extraordinary: 0,
                alignment_roll: None,
                ..sword.clone()
            },
            CharacterWill {
                penalty: None,
                ..wielder.clone()
            },
        );
        let (en, _) = in_both(&wills(&plain, &holds, false)).await;
        assert_eq!(
            en,
            "sword will 10 INT + 6 Ego = 25 vs Arnaud's will 13 STR + 9 WIS = 16: the wielder holds"
        );
        // One power is singular in French.
        let one = SwordWill {
            extraordinary: 1,
            ..plain.clone()
        };
        let (_, fr) = in_both(&wills(&one, &holds, false)).await;
        assert!(fr.contains("6 Ego + 1 extraordinaire = 25"), "{fr}");
    }
}
