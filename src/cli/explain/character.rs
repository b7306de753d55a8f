//! What a character's events applied: a raising its book and AD&D's survival roll; the others
//! apply no rule their line leaves out (damage and healing say the hit points left, bleeding
//! its rounds, a sheet what changed). Named one by one all the same, so that a new kind is
//! asked what it has to explain.

use crate::i18n::pick;
use crate::ledger::{self, Event};
use crate::rules::raise::RAISING;
use crate::tr;

/// The rule the event applied and its arithmetic, a line each.
pub(super) fn explain(event: &Event) -> Vec<String> {
    match event {
        Event::CharacterRaised { raising, .. } => {
            let mut lines = vec![format!("  {}", pick(RAISING.en, RAISING.fr))];
            if let Some(s) = &raising.survival {
                let (con, chance, roll) = (s.con, s.chance, s.roll.describe());
                lines.push(if s.survived {
                    tr!(
                        "  resurrection survival, CON {con}: {chance}%; d100 {roll}: survives, CON {con} → {}",
                        "  survie à la résurrection, CON {con} : {chance} % ; d100 {roll} : survit, CON {con} → {}",
                        con.saturating_sub(1)
                    )
                } else {
                    tr!(
                        "  resurrection survival, CON {con}: {chance}%; d100 {roll}: stays dead",
                        "  survie à la résurrection, CON {con} : {chance} % ; d100 {roll} : reste mort"
                    )
                });
            }
            lines
        }
        Event::RationsEaten { .. } => {
            let rule = crate::rules::food::EATING;
            vec![
                format!("  {}", pick(rule.en, rule.fr)),
                tr!(
                    "  as the clock passed midnight on the expedition",
                    "  le temps de l'expédition passant minuit"
                ),
            ]
        }
        Event::UpkeepCharged {
            upkeep,
            cost,
            owed,
            retainer,
            ..
        } => {
            let rule = crate::rules::upkeep::CHARGING;
            let (cost, owed) = (
                crate::view::money::worth(*cost),
                crate::view::money::worth(*owed),
            );
            let mut lines = vec![format!("  {}", pick(rule.en, rule.fr))];
            if let Some(r) = retainer {
                let r = crate::view::inert::safe(&r.name);
                lines.push(tr!(
                    "  {r}'s, a retainer, whose upkeep the employer pays (OSE Classic Fantasy, Retainers)",
                    "  celui de {r}, homme d'armes, dont l'employeur paie l'entretien (OSE Classic Fantasy, Retainers)"
                ));
            }
            lines.extend(living(upkeep, &cost));
            lines.push(match upkeep {
                crate::rules::upkeep::Upkeep::Living { .. } => tr!(
                    "  as the clock passed the start of a month: {cost} due, {owed} owed after",
                    "  l'horloge passant le début d'un mois : {cost} à payer, {owed} dû ensuite"
                ),
                crate::rules::upkeep::Upkeep::Training { .. } => tr!(
                    "  as the level was gained: {cost} due, {owed} owed after",
                    "  le niveau étant gagné : {cost} à payer, {owed} dû ensuite"
                ),
                crate::rules::upkeep::Upkeep::Debt => tr!(
                    "  as the referee asked (hoard debts pay): nothing new due, {owed} owed after",
                    "  à la demande du MJ (hoard debts pay) : rien de nouveau à payer, {owed} dû ensuite"
                ),
            });
            lines
        }
        Event::CharacterAdded { .. }
        | Event::RetainerHired { .. }
        | Event::RetainerDismissed { .. }
        | Event::CharacterDamaged { .. }
        | Event::CharacterHealed { .. }
        | Event::CharacterBound { .. }
        | Event::CharacterBled { .. }
        | Event::CharacterUpdated { .. } => Vec::new(),
        ledger::campaign_events!()
        | ledger::encounter_events!()
        | ledger::item_events!()
        | ledger::sword_events!()
        | ledger::coins_events!() => Vec::new(),
    }
}

/// A cost of living's arithmetic, where its charge tells it: whose figure, the lifestyle of
/// the DMG's Table 22 (by level where it multiplies) or the amount, times the months.
fn living(upkeep: &crate::rules::upkeep::Upkeep, cost: &str) -> Option<String> {
    let crate::rules::upkeep::Upkeep::Living {
        months,
        lifestyle,
        level,
        rate: Some(rate),
        own,
    } = *upkeep
    else {
        return None;
    };
    let whose = if own {
        tr!("their own cost of living", "son propre coût de la vie")
    } else {
        tr!(
            "the campaign's cost of living",
            "le coût de la vie de la campagne"
        )
    };
    let rate = crate::view::money::worth(rate.copper());
    let how = match (lifestyle, level) {
        (Some(l), Some(level)) => tr!(
            "{}, AD&D 2e DMG Table 22: {} a month × level {level} = {rate} a month",
            "{}, table 22 du DMG d'AD&D 2e : {} par mois × niveau {level} = {rate} par mois",
            crate::view::describe::lifestyle_name(l),
            crate::view::money::worth(l.rate(1).copper())
        ),
        (Some(l), None) => tr!(
            "{}, AD&D 2e DMG Table 22: {rate} a month",
            "{}, table 22 du DMG d'AD&D 2e : {rate} par mois",
            crate::view::describe::lifestyle_name(l)
        ),
        (None, _) => tr!("{rate} a month", "{rate} par mois"),
    };
    let months = crate::i18n::counted(months, ("month", "months"), ("mois", "mois"));
    Some(tr!(
        "  {whose}: {how}; × {months} = {cost}",
        "  {whose} : {how} ; × {months} = {cost}"
    ))
}
