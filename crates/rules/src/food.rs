//! Food on the clock (`campaign set rations on`): each character out on an expedition eats a
//! ration a day as its clock passes midnight, from the rations they carry; one without is
//! hungry. OSE Classic Fantasy, *Hazards and Challenges*, Starvation: « Characters who go
//! without food or water for a whole day or longer may begin to suffer penalties, at the
//! referee's discretion »; hoard counts the days without food and shows them, and leaves the
//! penalties to the referee, as the book does.

use crate::clock::{Round, Unit};
use crate::item::Item;

/// Eating rations. Stated for `hoard explain`.
pub const EATING: crate::statement::Statement = crate::statement::Statement {
    en: "Rations (campaign set rations on; OSE Classic Fantasy, Adventuring Gear, Rations, 7 days a lot; Hazards and Challenges, Starvation): each character out on an expedition eats one ration each time its clock passes midnight, from the rations they carry; without one they go hungry, the days counted and shown, the penalties at the referee's discretion.",
    fr: "Rations (campaign set rations on ; OSE Classic Fantasy, Adventuring Gear, rations par 7 jours ; Hazards and Challenges, Starvation) : chaque personnage en expédition mange une ration chaque fois que son horloge passe minuit, parmi celles qu'il porte ; sans ration il a faim, les jours comptés et montrés, les pénalités à la discrétion du MJ.",
};

/// How many midnights the clock passes going from `from` to `to`.
pub fn days(from: i64, to: i64, round: Round) -> u32 {
    let per = round.per(Unit::Days);
    u32::try_from(to.div_euclid(per) - from.div_euclid(per)).unwrap_or(0)
}

/// What `days` days of eating take from `food` (the rations a character carries, in order),
/// and the days they have now gone without, after `hungry` already.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meals {
    pub used: Vec<(String, u32)>,
    pub hungry: u32,
}

pub fn eat(days: u32, food: &[&Item], hungry: u32) -> Meals {
    let mut left: Vec<(String, u32)> = food
        .iter()
        .filter(|f| f.identity.ration && !f.status.used_up())
        .map(|f| (f.id.clone(), f.identity.count.unwrap_or(1)))
        .collect();
    let (mut used, mut hungry): (Vec<(String, u32)>, u32) = (Vec::new(), hungry);
    for _ in 0..days {
        match left.iter_mut().find(|(_, n)| *n > 0) {
            Some((id, n)) => {
                *n -= 1;
                hungry = 0;
                match used.last_mut() {
                    Some((last, eaten)) if last == id => *eaten += 1,
                    _ => used.push((id.clone(), 1)),
                }
            }
            None => hungry += 1,
        }
    }
    Meals { used, hungry }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::item::Category;

    fn rations(id: &str, count: u32) -> Item {
        let mut item = crate::fixtures::item(Category::Gear);
        item.id = id.into();
        item.identity.ration = true;
        item.identity.count = Some(count);
        item
    }

    #[test]
    fn a_day_is_a_midnight_passed() {
        let day = Round::Adnd.per(Unit::Days);
        assert_eq!(days(0, day - 1, Round::Adnd), 0);
        assert_eq!(days(day - 1, day, Round::Adnd), 1);
        assert_eq!(days(10, 3 * day + 5, Round::Adnd), 3);
        assert_eq!(days(0, Round::Ose.per(Unit::Days), Round::Ose), 1);
    }

    #[test]
    fn a_ration_a_day_then_hunger_counted_and_ended_by_a_meal() {
        let (a, b) = (rations("a", 2), rations("b", 7));
        let food = [&a, &b];
        assert_eq!(
            eat(3, &food, 0),
            Meals {
                used: vec![("a".into(), 2), ("b".into(), 1)],
                hungry: 0
            }
        );
        let a = rations("a", 1);
        assert_eq!(
            eat(3, &[&a], 0),
            Meals {
                used: vec![("a".into(), 1)],
                hungry: 2
            }
        );
        assert_eq!(eat(1, &[], 2).hungry, 3);
        let torch = crate::fixtures::item(Category::Gear);
        assert_eq!(eat(1, &[&torch], 0).hungry, 1);
    }
}
