//! The words of what characters carry and how fast it lets them move
//! (`rules::encumbrance`), shared by the sheet, the warnings of the commands that leave
//! someone slower, and the web pages: one wording, whichever edge shows it.

use super::inert::safe;
use crate::app::encumbrance::Slower;
use crate::rules::encumbrance::{Band, Encumbrance, Movement, Pace, System};
use crate::tr;

/// Pounds from a weight in coins (ten to the pound), a tenth shown only when there is one:
/// `48`, `48.5` (`48,5` in French).
fn pounds(load: u64) -> String {
    let text = match load % 10 {
        0 => (load / 10).to_string(),
        tenth => format!("{}.{tenth}", load / 10),
    };
    crate::i18n::decimal(text)
}

/// The weight carried: `480 coins (48 lb, 80 of them adventuring gear)` under OSE, its unit;
/// `48 lb` under AD&D 2e, whose tables count pounds.
pub fn load(e: &Encumbrance) -> String {
    let (coins, lb) = (e.load, pounds(e.load));
    match (e.movement.system, e.gear) {
        (System::Adnd, _) => tr!("{lb} lb", "{lb} livres"),
        (_, 0) => tr!("{coins} coins ({lb} lb)", "{coins} pièces ({lb} livres)"),
        (_, gear) => tr!(
            "{coins} coins ({lb} lb, {gear} of them adventuring gear)",
            "{coins} pièces ({lb} livres, dont {gear} d'équipement d'aventure)"
        ),
    }
}

/// What is left at a place weighs, in coins (it slows nobody): `300 coins (30 lb)`.
pub fn stashed(load: u64) -> String {
    let lb = pounds(load);
    tr!("{load} coins ({lb} lb)", "{load} pièces ({lb} livres)")
}

/// How encumbered: `lightly encumbered`.
pub fn band(b: Band) -> String {
    match b {
        Band::Unencumbered => tr!("unencumbered", "non encombré"),
        Band::Light => tr!("lightly encumbered", "légèrement encombré"),
        Band::Moderate => tr!("moderately encumbered", "moyennement encombré"),
        Band::Heavy => tr!("heavily encumbered", "lourdement encombré"),
        Band::Severe => tr!("severely encumbered", "très lourdement encombré"),
        Band::Overloaded => tr!("overloaded: cannot move", "surchargé : ne peut plus bouger"),
    }
}

/// A movement: `90' (30')` a turn (a round) under OSE, a rate `9` under AD&D 2e; a character
/// who cannot move is said so.
pub fn pace(m: &Movement) -> String {
    match m.pace {
        _ if m.band == Band::Overloaded => band(m.band),
        Pace::Feet { turn, round } => format!("{turn}' ({round}')"),
        Pace::Rate { rate } => rate.to_string(),
    }
}

/// The sheet's line: `load 480 coins (48 lb) · movement 90' (30')`; AD&D's names its band.
pub fn line(e: &Encumbrance) -> String {
    let (load, pace) = (load(e), pace(&e.movement));
    let m = &e.movement;
    match m.pace {
        Pace::Rate { .. } if m.band != Band::Overloaded => {
            let band = band(m.band);
            tr!(
                "load {load} · movement {pace}, {band}",
                "charge {load} · mouvement {pace}, {band}"
            )
        }
        Pace::Rate { .. } | Pace::Feet { .. } => tr!(
            "load {load} · movement {pace}",
            "charge {load} · mouvement {pace}"
        ),
    }
}

/// `Ulric is slower: 120' (40') → 90' (30')`.
pub fn slower(s: &Slower) -> String {
    let (who, before, after) = (safe(&s.character), pace(&s.before), pace(&s.after));
    tr!(
        "{who} is slower: {before} → {after}",
        "{who} ralentit : {before} → {after}"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pounds_show_a_tenth_only_when_there_is_one() {
        assert_eq!(pounds(480), "48");
        assert_eq!(pounds(485), "48.5");
        assert_eq!(pounds(3), "0.3");
    }
}
