//! The words of an item's events: found, passed on, identified, used (potions, scrolls, spells,
//! charges, books), worn, trusted.

use crate::i18n::time::GameTime;
use crate::i18n::{CHARGE, counted, pick};
use crate::ledger::{self, Event};
use crate::rules::book::Studied;
use crate::rules::item::Slot;
use crate::rules::knowledge::Method;
use crate::tr;
use crate::view::inert::safe;
use crate::view::words::ItemNamed;
use crate::view::words::Labelled;
use crate::view::words::Named;

/// The line of one of these events (another family's is worded by its own module).
pub(super) fn describe(event: &Event) -> String {
    match event {
        Event::ItemCreated { item, origin } => {
            let name = safe(item.name());
            if origin.how == "generated" {
                tr!("{name} is found", "on trouve {name}")
            } else if origin.how == "treasure" {
                tr!(
                    "{name} is found in the hoard",
                    "on trouve {name} dans le trésor"
                )
            } else if origin.how == ledger::Origin::BOUGHT {
                tr!("{name} is bought", "on achète {name}")
            } else {
                tr!("{name} is added", "on ajoute {name}")
            }
        }
        Event::ClaimMade {
            name,
            item_name,
            item_name_fr,
            claim,
            author,
            ..
        } => {
            let (who, item) = (safe(name), safe(pick(item_name, item_name_fr)));
            let claim = claim_word(*claim);
            if author.is_some() {
                tr!(
                    "{who} claims {item}: {claim} (on their personal link)",
                    "{who} demande {item} : {claim} (par son lien personnel)"
                )
            } else {
                tr!(
                    "{who} claims {item}: {claim}",
                    "{who} demande {item} : {claim}"
                )
            }
        }
        Event::ClaimsSettled { awards, void, .. } => {
            let mut parts: Vec<String> = awards.iter().map(award_words).collect();
            parts.extend(void.iter().map(|v| {
                let item = safe(pick(&v.item_name, &v.item_name_fr));
                tr!(
                    "{item}: claims void (no longer the party's treasure)",
                    "{item} : demandes caduques (plus le trésor du groupe)"
                )
            }));
            if parts.is_empty() {
                tr!(
                    "claims settled: nothing claimed",
                    "demandes réglées : rien de demandé"
                )
            } else {
                let parts = parts.join("; ");
                tr!("claims settled: {parts}", "demandes réglées : {parts}")
            }
        }
        Event::ValuableDamaged {
            item_name,
            item_name_fr,
            was,
            now,
            ..
        } => {
            let item = safe(pick(item_name, item_name_fr));
            let (was, now) = (
                crate::view::money::worth(was.copper()),
                crate::view::money::worth(now.copper()),
            );
            tr!(
                "{item} is damaged: worth {was} → {now}",
                "{item} est endommagé : valeur {was} → {now}"
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
            healed,
            mixed,
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
            let line = match (mixed, duration) {
                (Some(mixed), _) => {
                    let others = mixed
                        .cancelled
                        .iter()
                        .map(|e| safe(e.name()))
                        .collect::<Vec<_>>()
                        .join(", ");
                    let turns = counted(
                        crate::rules::potion::SICKNESS_TURNS,
                        ("turn", "turns"),
                        ("tour", "tours"),
                    );
                    let until = GameTime(mixed.sickness.ends_at.unwrap_or_default());
                    tr!(
                        "{taken}: it mixes with {others}; both are cancelled, and {who} is sick, unable to act for {turns} (until {until})",
                        "{taken} : elle se mélange à {others} ; les deux sont annulées, et {who} est malade, hors d'état d'agir pendant {turns} (jusqu'au {until})"
                    )
                }
                (None, Some(d)) => {
                    let turns = counted(d.total, ("turn", "turns"), ("tour", "tours"));
                    tr!(
                        "{taken}: it takes effect at initiative {when} and lasts {turns}",
                        "{taken} : effet à l'initiative {when}, pour {turns}"
                    )
                }
                (None, None) => tr!(
                    "{taken}: its instant effect comes at initiative {when}",
                    "{taken} : effet instantané à l'initiative {when}"
                ),
            };
            match healed {
                Some(roll) => {
                    let roll = roll.describe();
                    tr!(
                        "{line}, restoring {roll} hit points",
                        "{line}, et rend {roll} points de vie"
                    )
                }
                None => line,
            }
        }
        Event::Identified {
            act,
            method,
            chance,
            roll,
            learned,
            curse,
            through,
            believed,
            ..
        } => {
            let (who, item, how) = (
                safe(&act.character_name),
                safe(act.item_name()),
                method_name(*method),
            );
            // A sword that reads read it for its wielder (OSE *Sentient Swords*).
            let how = match through {
                Some(t) => {
                    let sword = safe(pick(&t.sword_name, &t.sword_name_fr));
                    tr!("{how}, through {sword}", "{how}, par la voix de {sword}")
                }
                None => how.to_string(),
            };
            let odds = match (chance, roll) {
                (Some(c), Some(r)) => format!(" (d100 {} / {c}%)", r.total),
                _ => String::new(),
            };
            let text = match (learned, believed) {
                (Some(_), Some(told)) => {
                    let told = crate::i18n::coins::text(told);
                    tr!(
                        "{who} has {item} appraised and is told wrong: worth {told}",
                        "{who} fait estimer {item} et se trompe : vaudrait {told}"
                    )
                }
                (Some(_), None) => tr!(
                    "{who} identifies {item} by {how}{odds}",
                    "{who} identifie {item} par {how}{odds}"
                ),
                (None, _) => tr!(
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
        Event::ItemRemoved { act, slot } => {
            let (who, item) = (safe(&act.character_name), safe(act.item_name()));
            match slot {
                Slot::Hand => tr!("{who} sheathes {item}", "{who} rengaine {item}"),
                Slot::LeftHand | Slot::RightHand | Slot::Body | Slot::Shield => {
                    tr!("{who} takes off {item}", "{who} retire {item}")
                }
            }
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
                    "{text} — un piège : l'objet se retourne contre son utilisateur"
                );
            }
            if *drained {
                text = match crumble {
                    Some(c) if c.crumbled => {
                        let (r, ch) = (c.roll.total, c.chance);
                        tr!(
                            "{text}; drained, it crumbles to dust (d100 {r} ≤ {ch}%)",
                            "{text} ; à vide, l'objet tombe en poussière (d100 {r} ≤ {ch} %)"
                        )
                    }
                    Some(c) => {
                        let (r, ch) = (c.roll.total, c.chance);
                        tr!(
                            "{text}; drained of all magic (d100 {r} > {ch}%: no dust)",
                            "{text} ; plus aucune magie (d100 {r} > {ch} % : pas de poussière)"
                        )
                    }
                    None => tr!("{text}; drained", "{text} ; à vide"),
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
        Event::ItemRenamed {
            was,
            was_fr,
            name,
            name_fr,
            ..
        } => {
            let (was, name) = (safe(pick(was, was_fr)), safe(pick(name, name_fr)));
            tr!("{was} is renamed {name}", "{was} est renommé {name}")
        }
        Event::ItemTrusted { act } => {
            let (who, item) = (safe(&act.character_name), safe(act.item_name()));
            tr!(
                "{item} will not turn on {who}",
                "{item} ne se retournera pas contre {who}"
            )
        }
        Event::LightLit { act } => {
            let (who, item) = (safe(&act.character_name), safe(act.item_name()));
            tr!("{who} lights {item}", "{who} allume {item}")
        }
        Event::LightDoused { act, burnt } => {
            let (who, item) = (safe(&act.character_name), safe(act.item_name()));
            let burnt = crate::i18n::time::span(*burnt);
            tr!(
                "{who} puts out {item} (it had burnt {burnt})",
                "{who} éteint {item} (il avait brûlé {burnt})"
            )
        }
        Event::LightBurnt { act, used, out, .. } => {
            let item = safe(act.item_name());
            let names = used
                .iter()
                .map(|f| {
                    format!(
                        "{} × {}",
                        f.pieces,
                        safe(pick(&f.item_name, &f.item_name_fr))
                    )
                })
                .collect::<Vec<_>>()
                .join(", ");
            if *out && matches!(&used[..], [only] if only.item == act.item) {
                tr!(
                    "one of {item} burns out and is used up: dark",
                    "un de {item} se consume jusqu'au bout : l'obscurité"
                )
            } else if *out {
                tr!(
                    "{item} burns out ({names} used up): dark",
                    "{item} s'éteint ({names} consumé) : l'obscurité"
                )
            } else {
                tr!("{item} burns {names}", "{item} brûle {names}")
            }
        }
        ledger::campaign_events!()
        | ledger::encounter_events!()
        | ledger::character_events!()
        | ledger::sword_events!()
        | ledger::coins_events!() => String::new(),
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

/// A claim's word, in the reader's language.
pub fn claim_word(claim: crate::rules::claims::Claim) -> String {
    use crate::rules::claims::Claim;
    match claim {
        Claim::Need => tr!("need", "besoin"),
        Claim::Want => tr!("want", "envie"),
        Claim::Pass => tr!("pass", "passe"),
    }
}

/// One award of a settlement: the item, its winner, the claim and how a tie was broken.
fn award_words(award: &ledger::Award) -> String {
    use crate::rules::claims::By;
    let item = safe(pick(&award.item_name, &award.item_name_fr));
    let who = safe(&award.name);
    let claim = claim_word(award.claim);
    let how = match award.by {
        By::Alone => String::new(),
        By::Share => tr!(", fewest won so far", ", le moins gagné jusqu'ici"),
        By::Roll => {
            let rounds: Vec<String> = award
                .rounds
                .iter()
                .map(|round| {
                    round
                        .iter()
                        .map(|r| r.roll.total.to_string())
                        .collect::<Vec<_>>()
                        .join("/")
                })
                .collect();
            let rounds = rounds.join(", ");
            tr!(", d100 {rounds}", ", d100 {rounds}")
        }
    };
    tr!(
        "{item} → {who} ({claim}{how})",
        "{item} → {who} ({claim}{how})"
    )
}
