//! Light on the game clock: a torch or a lantern lit burns while its holder's expedition's
//! time passes, and what burns out is used up. OSE Classic Fantasy, *Adventuring Gear*:
//! « Torch: When lit, … burns for 1 hour (6 turns) », « Lantern: … Burns one oil flask every
//! four hours (24 turns) »; the AD&D 2e PHB's light sources (Chapter 13) burn a torch half an
//! hour (3 turns) and a lantern a pint of oil in two hours (12 turns). How long a piece burns is its price list's
//! (`burns`), so a campaign's list may say otherwise. hoard's choices (`docs/sources.md`): a
//! torch burnt out is used up and the light goes out (the next one is lit by hand); a lantern
//! burns its holder's flasks one after another, and goes dark when the last is burnt.

use serde::Serialize;

use crate::clock::{Round, Unit};
use crate::item::Item;

/// Light on the clock. Stated for `hoard explain`, citing the books.
pub const BURNING: crate::statement::Statement = crate::statement::Statement {
    en: "Light (OSE Classic Fantasy, Adventuring Gear: a torch burns 1 hour, 6 turns; a lantern one oil flask every 24 turns; AD&D 2e PHB: a torch half an hour, a lantern a pint of oil in two hours): a light burns on its holder's expedition's clock, as long as its price list says; a torch burnt out is used up and goes out, a lantern burns its holder's flasks one after another and goes dark after the last.",
    fr: "Lumière (OSE Classic Fantasy, Adventuring Gear : une torche brûle 1 heure, 6 tours ; une lanterne une flasque d'huile tous les 24 tours ; Manuel des joueurs d'AD&D 2e : une torche une demi-heure, une lanterne une pinte d'huile en deux heures) : une lumière brûle au temps de l'expédition de celui qui la tient, aussi longtemps que le dit sa liste de prix ; une torche consumée est épuisée et s'éteint, une lanterne brûle les flasques de son porteur l'une après l'autre et s'éteint après la dernière.",
};

/// What a piece of gear does for light: the item's own data, kept with it.
pub use crate::item::Light;

/// Why a light cannot be lit or put out, as data (its words are the edge's).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Unlit {
    /// Neither a torch nor a lantern.
    NotALight,
    /// Not in the character's hands.
    NotHeld,
    /// Used up.
    Gone,
    AlreadyLit,
    NotLit,
    /// A lantern whose holder has no oil.
    NoOil,
}

/// Whether `holder` may light `item`, who carries `fuel` (their flasks of oil).
pub fn lightable(item: &Item, holder: &str, fuel: &[&Item]) -> Result<(), Unlit> {
    match item.identity.light {
        Some(Light::Torch | Light::Lantern) => {}
        Some(Light::Oil) | None => return Err(Unlit::NotALight),
    }
    if item.status.used_up() || item.identity.count == Some(0) {
        return Err(Unlit::Gone);
    }
    if item.holder.as_deref() != Some(holder) {
        return Err(Unlit::NotHeld);
    }
    if item.lit.is_some() {
        return Err(Unlit::AlreadyLit);
    }
    if item.identity.light == Some(Light::Lantern) && pieces(fuel) == 0 {
        return Err(Unlit::NoOil);
    }
    Ok(())
}

/// Whether `holder` may put `item` out.
pub fn dousable(item: &Item, holder: &str) -> Result<(), Unlit> {
    if item.identity.light.is_none() {
        return Err(Unlit::NotALight);
    }
    if item.holder.as_deref() != Some(holder) {
        return Err(Unlit::NotHeld);
    }
    item.lit.map(|_| ()).ok_or(Unlit::NotLit)
}

/// The rounds a light lit since `since` has burnt its current piece by `now`.
pub fn burnt(item: &Item, now: i64) -> i64 {
    item.burnt + item.lit.map_or(0, |since| (now - since).max(0))
}

/// What passing time used up of a light: pieces of which items (the torch itself, or the
/// lantern's flasks), the moment the last of them ran out, and whether the light went out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Burnt {
    pub used: Vec<(String, u32)>,
    pub at: i64,
    pub out: bool,
}

/// What the time from `from` to `to` burns of `light`, lit (a lantern fed by `fuel`, the
/// holder's flasks in order), in a campaign whose rounds are `round`: nothing if its current
/// piece outlasts `to`.
pub fn burn(light: &Item, fuel: &[&Item], to: i64, round: Round) -> Option<Burnt> {
    let since = light.lit?;
    let turns = |i: &Item| rounds(i, round);
    let mut end = since - light.burnt;
    match light.identity.light? {
        Light::Torch => {
            end += turns(light);
            (end <= to).then(|| Burnt {
                used: vec![(light.id.clone(), 1)],
                at: end,
                out: true,
            })
        }
        Light::Lantern => {
            let mut used: Vec<(String, u32)> = Vec::new();
            for flask in fuel.iter().filter(|f| oil(f)) {
                for _ in 0..flask.identity.count.unwrap_or(1) {
                    end += turns(flask).max(1);
                    if end > to {
                        let at = end - turns(flask).max(1);
                        return (!used.is_empty()).then_some(Burnt {
                            used,
                            at,
                            out: false,
                        });
                    }
                    match used.last_mut() {
                        Some((id, n)) if *id == flask.id => *n += 1,
                        _ => used.push((flask.id.clone(), 1)),
                    }
                }
            }
            // The last flask burnt before `to` (or none left to burn): dark.
            Some(Burnt {
                used,
                at: end.max(since),
                out: true,
            })
        }
        Light::Oil => None,
    }
}

/// The rounds one piece of `item` burns, by its price list's turns.
fn rounds(item: &Item, round: Round) -> i64 {
    i64::from(item.identity.burns.unwrap_or(0)) * round.per(Unit::Turns)
}

/// The rounds `light`, lit, has left to burn at `now` (a lantern: every flask of its holder's
/// `fuel`): when the clock would put it out ([`burn`]), for the referee's eyes alone — players
/// see how long it has burnt, never a countdown.
pub fn left(light: &Item, fuel: &[&Item], now: i64, round: Round) -> Option<i64> {
    let since = light.lit?;
    let lasts = match light.identity.light? {
        Light::Torch => rounds(light, round),
        Light::Lantern => fuel
            .iter()
            .filter(|f| oil(f))
            .map(|f| i64::from(f.identity.count.unwrap_or(1)) * rounds(f, round).max(1))
            .sum(),
        Light::Oil => return None,
    };
    Some((since - light.burnt + lasts - now).max(0))
}

/// Whether `item` is oil left to burn.
fn oil(item: &Item) -> bool {
    item.identity.light == Some(Light::Oil) && !item.status.used_up()
}

/// The flasks of oil among `fuel`, pieces counted.
pub fn pieces(fuel: &[&Item]) -> u32 {
    fuel.iter()
        .filter(|f| oil(f))
        .map(|f| f.identity.count.unwrap_or(1))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::item::Category;

    const TURN: i64 = 10; // AD&D's: ten one-minute rounds.

    fn gear(id: &str, light: Light, burns: u32, count: u32) -> Item {
        let mut item = crate::fixtures::item(Category::Gear);
        item.id = id.into();
        item.holder = Some("ann".into());
        item.identity.light = Some(light);
        item.identity.burns = Some(burns);
        item.identity.count = Some(count);
        item
    }

    #[test]
    fn a_torch_burns_six_turns_then_is_used_up_and_out() {
        let mut torch = gear("t", Light::Torch, 6, 6);
        torch.lit = Some(100);
        assert_eq!(burn(&torch, &[], 100 + 6 * TURN - 1, Round::Adnd), None);
        assert_eq!(
            burn(&torch, &[], 100 + 6 * TURN, Round::Adnd),
            Some(Burnt {
                used: vec![("t".into(), 1)],
                at: 160,
                out: true
            })
        );
        // Doused after 4 turns and lit again at 500: 2 turns left.
        torch.burnt = 4 * TURN;
        torch.lit = Some(500);
        assert_eq!(burn(&torch, &[], 519, Round::Adnd), None);
        assert_eq!(burn(&torch, &[], 520, Round::Adnd).unwrap().at, 520);
        // An OSE turn is sixty rounds.
        torch.burnt = 0;
        assert_eq!(burn(&torch, &[], 500 + 359, Round::Ose), None);
        assert!(burn(&torch, &[], 500 + 360, Round::Ose).is_some());
    }

    #[test]
    fn a_lantern_burns_its_holders_flasks_then_goes_dark() {
        let mut lantern = gear("l", Light::Lantern, 0, 1);
        lantern.lit = Some(0);
        let a = gear("a", Light::Oil, 24, 2);
        let b = gear("b", Light::Oil, 24, 1);
        let fuel = [&a, &b];
        assert_eq!(burn(&lantern, &fuel, 239, Round::Adnd), None);
        // 50 turns: two flasks burnt, the third burning since turn 48.
        assert_eq!(
            burn(&lantern, &fuel, 500, Round::Adnd),
            Some(Burnt {
                used: vec![("a".into(), 2)],
                at: 480,
                out: false
            })
        );
        // 80 turns: all three burnt at turn 72, dark.
        assert_eq!(
            burn(&lantern, &fuel, 800, Round::Adnd),
            Some(Burnt {
                used: vec![("a".into(), 2), ("b".into(), 1)],
                at: 720,
                out: true
            })
        );
    }

    #[test]
    fn what_is_left_to_burn_ends_when_the_clock_puts_the_light_out() {
        let mut torch = gear("t", Light::Torch, 6, 6);
        assert_eq!(left(&torch, &[], 0, Round::Adnd), None);
        torch.lit = Some(100);
        assert_eq!(left(&torch, &[], 120, Round::Adnd), Some(40));
        assert_eq!(left(&torch, &[], 160, Round::Adnd), Some(0));
        assert_eq!(burn(&torch, &[], 160, Round::Adnd).unwrap().at, 160);
        // Doused after 4 turns, lit again at 500: 2 turns left.
        torch.burnt = 4 * TURN;
        torch.lit = Some(500);
        assert_eq!(left(&torch, &[], 500, Round::Adnd), Some(2 * TURN));
        let mut lantern = gear("l", Light::Lantern, 0, 1);
        lantern.lit = Some(0);
        let (a, b) = (gear("a", Light::Oil, 24, 2), gear("b", Light::Oil, 24, 1));
        // Three flasks, 72 turns: dark at 720, as `burn` says.
        assert_eq!(left(&lantern, &[&a, &b], 500, Round::Adnd), Some(220));
        assert_eq!(burn(&lantern, &[&a, &b], 800, Round::Adnd).unwrap().at, 720);
        assert_eq!(left(&lantern, &[], 0, Round::Adnd), Some(0));
    }

    #[test]
    fn only_a_held_torch_or_a_fuelled_lantern_lights() {
        let torch = gear("t", Light::Torch, 6, 6);
        assert_eq!(lightable(&torch, "ann", &[]), Ok(()));
        assert_eq!(lightable(&torch, "bob", &[]), Err(Unlit::NotHeld));
        let lantern = gear("l", Light::Lantern, 0, 1);
        assert_eq!(lightable(&lantern, "ann", &[]), Err(Unlit::NoOil));
        let oil = gear("o", Light::Oil, 24, 1);
        assert_eq!(lightable(&lantern, "ann", &[&oil]), Ok(()));
        assert_eq!(lightable(&oil, "ann", &[]), Err(Unlit::NotALight));
        let mut lit = torch.clone();
        lit.lit = Some(0);
        assert_eq!(lightable(&lit, "ann", &[]), Err(Unlit::AlreadyLit));
        assert_eq!(dousable(&lit, "ann"), Ok(()));
        assert_eq!(dousable(&torch, "ann"), Err(Unlit::NotLit));
        assert_eq!(burnt(&lit, 35), 35);
    }
}
