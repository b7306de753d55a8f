//! One line in the referee's language for each kind of event.

use super::inert::safe;
use super::tone::Tone;
use crate::i18n::time::GameTime;
use crate::i18n::{CHARGE, ROUND, counted, pick};
use crate::ledger::state::Setting;
use crate::ledger::{Change, Event, Recorded};
use crate::rules::book::Studied;
use crate::rules::control::{CharacterWill, SwordWill};
use crate::rules::knowledge::Method;
use crate::tr;
use crate::view::words::Labelled;
use crate::view::words::{ItemNamed, Named};

pub fn describe(event: &Event) -> String {
    if let Some(text) = super::money::describe(event) {
        return text;
    }
    match event {
        Event::CampaignCreated { name } => {
            let name = safe(name);
            tr!("campaign {name} created", "campagne {name} créée")
        }
        Event::CampaignRenamed { name } => {
            let name = safe(name);
            tr!(
                "the campaign is renamed {name}",
                "la campagne est renommée {name}"
            )
        }
        Event::SettingChanged { setting } => {
            let (name, value) = setting_text(setting);
            tr!("setting {name} = {value}", "réglage {name} = {value}")
        }
        Event::SessionStarted { number, title } => {
            let title = title
                .as_deref()
                .map(|t| format!(": {}", safe(t)))
                .unwrap_or_default();
            tr!(
                "session {number} starts{title}",
                "début de la session {number}{title}"
            )
        }
        Event::SessionEnded { number } => {
            tr!("session {number} ends", "fin de la session {number}")
        }
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
        Event::TimeAdvanced { rounds, .. } => crate::i18n::time::passes(*rounds),
        Event::DiceRolled { roll } => {
            let roll = roll.describe();
            tr!("roll {roll}", "jet {roll}")
        }
        Event::TableRolled {
            table, roll, entry, ..
        } => {
            let (roll, entry) = (roll.describe(), safe(entry));
            tr!(
                "table {table}: {roll} → {entry}",
                "table {table} : {roll} → {entry}"
            )
        }
        Event::CharacterUpdated { name, change, .. } => {
            let (name, what) = (safe(name), change_text(change));
            tr!(
                "{name}'s sheet changes: {what}",
                "la fiche de {name} change : {what}"
            )
        }
        Event::ItemPassed {
            item_name,
            item_name_fr,
            to_name,
            ..
        } => {
            let item = safe(pick(item_name, item_name_fr));
            match to_name {
                Some(to) => {
                    let to = safe(to);
                    tr!("{item} passes to {to}", "{item} passe à {to}")
                }
                None => tr!(
                    "{item} goes back to the party's treasure",
                    "{item} retourne au trésor du groupe"
                ),
            }
        }
        Event::ScrollFade {
            act,
            chance,
            roll,
            faded,
            ..
        } => {
            let (item, roll) = (safe(act.item_name()), roll.total);
            if *faded {
                tr!(
                    "{item} fades: d100 {roll} ≤ {chance}%",
                    "{item} s'efface : d100 {roll} ≤ {chance} %"
                )
            } else {
                tr!(
                    "{item} does not fade: d100 {roll} > {chance}%",
                    "{item} ne s'efface pas : d100 {roll} > {chance} %"
                )
            }
        }
        Event::PotionTaken {
            act,
            oil,
            delay,
            duration,
            ..
        } => {
            let (who, item, delay) = (
                safe(&act.character_name),
                safe(act.item_name()),
                delay.total,
            );
            let timing = crate::rules::potion::timing(*oil, delay);
            let (at, effect) = (timing.initiative, timing.takes_effect_at);
            let taken = if *oil {
                tr!(
                    "{who} rubs on {item} (initiative +{at})",
                    "{who} applique {item} (initiative +{at})"
                )
            } else {
                tr!(
                    "{who} drinks {item} at initiative +{at}",
                    "{who} boit {item} à l'initiative +{at}"
                )
            };
            let when = if *oil {
                tr!("+{effect}", "+{effect}")
            } else {
                tr!("+{at}+{delay} = +{effect}", "+{at}+{delay} = +{effect}")
            };
            match duration {
                Some(d) => {
                    let turns = counted(d.total, ("turn", "turns"), ("tour", "tours"));
                    tr!(
                        "{taken}: it takes effect at initiative {when} and lasts {turns}",
                        "{taken} : effet à l'initiative {when}, pour {turns}"
                    )
                }
                None => tr!(
                    "{taken}: its instant effect comes at initiative {when}",
                    "{taken} : effet instantané à l'initiative {when}"
                ),
            }
        }
        Event::Identified {
            act,
            method,
            chance,
            roll,
            learned,
            curse,
            ..
        } => {
            let (who, item, how) = (
                safe(&act.character_name),
                safe(act.item_name()),
                method_name(*method),
            );
            let odds = match (chance, roll) {
                (Some(c), Some(r)) => format!(" (d100 {} / {c}%)", r.total),
                _ => String::new(),
            };
            let text = match learned {
                Some(_) => tr!(
                    "{who} identifies {item} by {how}{odds}",
                    "{who} identifie {item} par {how}{odds}"
                ),
                None => tr!(
                    "{who} fails to identify {item} by {how}{odds}",
                    "{who} n'identifie pas {item} par {how}{odds}"
                ),
            };
            if *curse {
                tr!(
                    "{text} — the curse strikes",
                    "{text} — la malédiction frappe"
                )
            } else {
                text
            }
        }
        Event::SpellCast {
            act,
            spell,
            level,
            copied,
            chance,
            roll,
            failed,
            outcome,
            ..
        } => {
            let (who, item) = (safe(&act.character_name), safe(act.item_name()));
            if *copied {
                return tr!(
                    "{who} copies spell {spell} (level {level}) from {item}: erased from it",
                    "{who} copie le sort {spell} (niveau {level}) de {item} : effacé du parchemin"
                );
            }
            let base = tr!(
                "{who} casts spell {spell} (level {level}) from {item}",
                "{who} lance le sort {spell} (niveau {level}) de {item}"
            );
            match (roll, failed, outcome.as_deref()) {
                (Some(r), true, Some("reversed")) => {
                    let r = r.total;
                    tr!(
                        "{base}: fails (d100 {r} ≤ {chance}%), reversed or harmful effect",
                        "{base} : échec (d100 {r} ≤ {chance} %), effet inverse ou néfaste"
                    )
                }
                (Some(r), true, _) => {
                    let r = r.total;
                    tr!(
                        "{base}: fails (d100 {r} ≤ {chance}%), total failure",
                        "{base} : échec (d100 {r} ≤ {chance} %), échec total"
                    )
                }
                (Some(r), false, _) => {
                    let r = r.total;
                    tr!(
                        "{base}: succeeds (d100 {r} > {chance}%)",
                        "{base} : réussite (d100 {r} > {chance} %)"
                    )
                }
                _ => base,
            }
        }
        Event::ProtectionRead { act, effect } => {
            let (who, item) = (safe(&act.character_name), safe(act.item_name()));
            match effect.ends_at {
                Some(end) => {
                    let until = GameTime(end);
                    tr!(
                        "{who} reads {item}: protected until {until}",
                        "{who} lit {item} : protégé jusqu'au {until}"
                    )
                }
                None => tr!("{who} reads {item}", "{who} lit {item}"),
            }
        }
        Event::ItemWorn { act, slot } => {
            let (who, item, slot) = (
                safe(&act.character_name),
                safe(act.item_name()),
                slot.label(),
            );
            tr!("{who} puts on {item} ({slot})", "{who} met {item} ({slot})")
        }
        Event::ItemRemoved { act, .. } => {
            let (who, item) = (safe(&act.character_name), safe(act.item_name()));
            tr!("{who} takes off {item}", "{who} retire {item}")
        }
        Event::ChargesSpent {
            act,
            charges,
            remaining,
            backfired,
            drained,
            crumble,
        } => {
            let (who, item) = (safe(&act.character_name), safe(act.item_name()));
            let spent = counted(*charges, CHARGE, CHARGE);
            let mut text = tr!(
                "{who} spends {spent} of {item} ({remaining} left)",
                "{who} dépense {spent} de {item} (reste {remaining})"
            );
            if *backfired {
                text = tr!(
                    "{text} — trapped, it turns on its user",
                    "{text} — piégée, elle se retourne contre son utilisateur"
                );
            }
            if *drained {
                text = match crumble {
                    Some(c) if c.crumbled => {
                        let (r, ch) = (c.roll.total, c.chance);
                        tr!(
                            "{text}; drained, it crumbles to dust (d100 {r} ≤ {ch}%)",
                            "{text} ; vidée, elle tombe en poussière (d100 {r} ≤ {ch} %)"
                        )
                    }
                    Some(c) => {
                        let (r, ch) = (c.roll.total, c.chance);
                        tr!(
                            "{text}; drained of all magic (d100 {r} > {ch}%: no dust)",
                            "{text} ; vidée de toute magie (d100 {r} > {ch} % : pas de poussière)"
                        )
                    }
                    None => tr!("{text}; drained", "{text} ; vidée"),
                };
            }
            text
        }
        Event::Recharged {
            item_name,
            item_name_fr,
            charges,
            remaining,
            ..
        } => {
            let item = safe(pick(item_name, item_name_fr));
            let (added, now) = (
                counted(*charges, CHARGE, CHARGE),
                counted(*remaining, CHARGE, CHARGE),
            );
            tr!(
                "{item} is recharged with {added} ({now} in all)",
                "{item} reçoit {added} ({now} en tout)"
            )
        }
        Event::BookStudied { act, outcome } => {
            let (who, item) = (safe(&act.character_name), safe(act.item_name()));
            match outcome {
                Studied::Vanished => tr!(
                    "{who} studies {item}; it vanishes",
                    "{who} étudie {item} ; il disparaît"
                ),
                Studied::Attached => tr!(
                    "{who} studies {item}; it binds itself to its owner",
                    "{who} étudie {item} ; il s'attache à son possesseur"
                ),
                Studied::Quest => tr!(
                    "{who} studies {item}; a quest to hide and protect it",
                    "{who} étudie {item} ; quête : le cacher et le protéger"
                ),
            }
        }
        Event::ItemTrusted { act } => {
            let (who, item) = (safe(&act.character_name), safe(act.item_name()));
            tr!(
                "{item} will not turn on {who}",
                "{item} ne se retournera pas contre {who}"
            )
        }
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
                super::words::trigger(*trigger),
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
            let why = super::words::reason(*reason);
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
                super::words::trigger(*trigger),
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
                .map(|a| format!(" ({})", super::words::alignment_name(a)))
                .unwrap_or_default();
            tr!(
                "encounter: {kind}{alignment}",
                "rencontre : {kind}{alignment}"
            )
        }
        Event::EncounterEnded {} => tr!("the encounter ends", "fin de la rencontre"),
        Event::EventsVoided { target, events } => {
            let list: Vec<String> = events
                .iter()
                .filter(|e| *e != target)
                .map(|e| format!("#{e}"))
                .collect();
            if list.is_empty() {
                tr!(
                    "event #{target} is voided",
                    "l'événement n°{target} est annulé"
                )
            } else {
                let list = list.join(", ");
                tr!(
                    "event #{target} is voided, with what followed from it: {list}",
                    "l'événement n°{target} est annulé, avec ce qui en découlait : {list}"
                )
            }
        }
        Event::CoinsAdded { .. }
        | Event::CoinsSpent { .. }
        | Event::CoinsMoved { .. }
        | Event::CoinsShared { .. }
        | Event::XpAwarded { .. }
        | Event::ItemStashed { .. } => String::new(),
        Event::ItemCreated { item, origin } => {
            let name = safe(item.name());
            if origin.how == "generated" {
                tr!("{name} is found", "on trouve {name}")
            } else {
                tr!("{name} is added", "on ajoute {name}")
            }
        }
    }
}

fn setting_text(setting: &Setting) -> (&'static str, String) {
    let shown = |v: Option<u8>| {
        v.map(|v| format!("{v}%"))
            .unwrap_or_else(|| "default".into())
    };
    match setting {
        Setting::ScrollFade(v) => ("scroll-fade", shown(*v)),
        Setting::CrumbleRod(v) => ("crumble-rod", shown(*v)),
        Setting::CrumbleWand(v) => ("crumble-wand", shown(*v)),
        Setting::Tables(v) => (
            "tables",
            v.as_deref().map(safe).unwrap_or_else(|| "shipped".into()),
        ),
        Setting::Death(v) => ("death", death_rule_name(v.unwrap_or_default()).into()),
    }
}

pub fn death_rule_name(rule: crate::rules::health::DeathRule) -> &'static str {
    match rule {
        crate::rules::health::DeathRule::Ose => "ose",
        crate::rules::health::DeathRule::Adnd => "adnd",
    }
}

pub fn method_name(method: Method) -> String {
    match method {
        Method::Taste => tr!("tasting", "dégustation"),
        Method::ReadMagic => tr!("reading", "lecture"),
        Method::Spell => tr!("an identify spell", "un sort d'identification"),
        Method::BardLore => tr!("bard lore", "le savoir du barde"),
        Method::Wish => tr!("a wish", "un souhait"),
        Method::ComprehendLanguages => tr!("comprehend languages", "compréhension des langues"),
        Method::Appraise => tr!("appraisal", "une estimation"),
    }
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
        parts.push(super::words::alignment_name(a).to_string());
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

/// How an event reads at the table: a sword taking control is danger, treasure lost is a
/// loss, treasure found or a will that holds is good news.
pub fn tone(event: &Event) -> Tone {
    match event {
        Event::ControlChecked {
            controlled: true, ..
        } => Tone::Danger,
        Event::SwordDemand { .. } => Tone::Danger,
        Event::ScrollFade { faded: true, .. }
        | Event::SpellCast { failed: true, .. }
        | Event::ChargesSpent { drained: true, .. }
        | Event::ChargesSpent {
            backfired: true, ..
        }
        | Event::CharacterDamaged { .. } => Tone::Loss,
        Event::SwordTouched { damage, .. } | Event::SwordHeld { damage, .. }
            if !damage.is_empty() =>
        {
            Tone::Loss
        }
        Event::ItemCreated { .. }
        | Event::CoinsAdded { .. }
        | Event::XpAwarded { .. }
        | Event::ControlChecked { .. }
        | Event::ControlEnded { .. }
        | Event::CharacterHealed { .. } => Tone::Good,
        _ => Tone::Plain,
    }
}

/// `#12  s3  day 1, 00:10  Arnaud takes 3 damage (8 → 5 HP)`
pub fn line(rec: &Recorded) -> String {
    let session = rec
        .session
        .map(|s| format!("s{s}"))
        .unwrap_or_else(|| "-".into());
    format!(
        "#{:<5} {:<4} {:<14} {}",
        rec.seq,
        session,
        GameTime(rec.game_time),
        describe(&rec.event)
    )
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
