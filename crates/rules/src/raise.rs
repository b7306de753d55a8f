//! Bringing back the dead. Healing does not: a dead character (by the campaign's death rule)
//! is raised by a spell, each game's by its book.
//!
//! - Old-School Essentials Classic Fantasy (Rules Tome, cleric spell *Raise Dead*): the raised
//!   character returns to life with 1 hit point, and is weak — unable to fight, cast spells or
//!   use abilities — until two weeks of complete bed rest have passed.
//! - AD&D 2nd edition (Player's Handbook, Table 3, Constitution, *Resurrection Survival*; priest
//!   spell *Raise Dead*): the character must roll the listed percentage or less to survive
//!   being raised — on a failure they stay dead — and each time one is raised, their
//!   Constitution drops by one point. The raised come back with 1 hit point and must rest a
//!   day in bed for each day they were dead.
//!
//! A spell that restores more (AD&D's *resurrection*) is the referee's to name: the hit points
//! they come back with, at most their maximum.

use serde::{Deserialize, Serialize};

use crate::character::Character;
use crate::dice::{Dice, Expr, Roll};
use crate::health::{Condition, DeathRule, condition};

/// Raising the dead. Stated for `hoard explain`.
pub const RAISING: crate::statement::Statement = crate::statement::Statement {
    en: "Raise dead: in Old-School Essentials (Rules Tome, Raise Dead) the character returns with 1 hit point and must rest two weeks in bed; in AD&D 2e (PHB, Table 3) they must first roll d100 at most their Constitution's resurrection survival chance, or stay dead, and lose 1 point of Constitution when raised.",
    fr: "Rappel à la vie : dans Old-School Essentials (Rules Tome, Rappel à la vie) le personnage revient avec 1 point de vie et doit garder le lit deux semaines ; dans AD&D 2e (Manuel des joueurs, table 3) il doit d'abord faire au d100 au plus la chance de survie à la résurrection de sa Constitution, ou rester mort, et perd 1 point de Constitution une fois rappelé.",
};

/// The hit points a raised character comes back with, unless the referee names more.
pub const RAISED_HP: i32 = 1;

/// AD&D 2e PHB, Table 3 (Constitution), *Resurrection Survival*: the percent chance of CON 3 to
/// 18 to survive being raised.
const SURVIVAL: [u8; 16] = [
    40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 92, 94, 96, 98, 100,
];

/// The chance, in percent, that a character of Constitution `con` survives being raised (AD&D
/// 2e PHB, Table 3); scores outside 3–18 read as the nearest.
pub fn survival(con: u8) -> u8 {
    SURVIVAL[usize::from(con.clamp(3, 18) - 3)]
}

/// AD&D's resurrection survival roll: the Constitution it went by, its chance, the d100 and
/// whether they came back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Survival {
    pub con: u8,
    pub chance: u8,
    pub roll: Roll,
    pub survived: bool,
}

/// A raising as recorded: the book it followed (the campaign's death rule), the hit points the
/// character comes back with, and AD&D's survival roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Raising {
    pub rule: DeathRule,
    pub hp: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub survival: Option<Survival>,
}

impl Raising {
    /// Whether the character is alive again.
    pub fn raised(&self) -> bool {
        self.survival.as_ref().is_none_or(|s| s.survived)
    }
}

/// Why the dead cannot be healed, or a character cannot be raised (worded by the edge).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// Healing does not raise the dead: `character raise` does.
    HealsNoDead { name: String, hp: i32 },
    /// Not dead by the campaign's death rule: nothing to raise.
    NotDead { name: String, hp: i32 },
    /// AD&D's survival roll goes by a Constitution the sheet lacks and none was given.
    NoConstitution { name: String },
    /// A Constitution given where the sheet holds another.
    OtherConstitution { name: String, sheet: u8, given: u8 },
    /// A Constitution of 3, the least a sheet holds: it cannot drop again.
    ConstitutionSpent { name: String, con: u8 },
    /// Hit points to come back with outside 1 to the maximum.
    Hp { name: String, hp: i32, hp_max: i32 },
    /// A raising recorded that its book does not make: another book than the campaign's, a
    /// survival roll where none is made (or none where one is), another chance than the
    /// Constitution's, or an outcome its d100 did not give.
    NotTheBook { name: String },
}

/// Whether `c` may be healed: not once dead by the campaign's death rule (healing does not
/// raise the dead; `raise` does). Asked of live commands: a ledger recorded before this rule
/// may hold such a healing, and replays as it was recorded.
pub fn can_heal(c: &Character, rule: DeathRule) -> Result<(), Refusal> {
    match condition(c.hp, rule) {
        Condition::Dead => Err(Refusal::HealsNoDead {
            name: c.name.clone(),
            hp: c.hp,
        }),
        Condition::Up | Condition::Dying => Ok(()),
    }
}

/// Raise `c` by `rule`'s book: with `hp` hit points (1 unless named), and under AD&D after the
/// survival roll on their Constitution (the sheet's, else `con`).
pub fn raise(
    c: &Character,
    rule: DeathRule,
    hp: Option<i32>,
    con: Option<u8>,
    dice: &mut impl Dice,
) -> Result<Raising, Refusal> {
    let hp = hp.unwrap_or(RAISED_HP);
    dead_and_within(c, rule, hp)?;
    let survival = match rule {
        DeathRule::Ose => None,
        DeathRule::Adnd => {
            let name = || c.name.clone();
            let con = match (c.con, con) {
                (Some(sheet), Some(given)) if sheet != given => {
                    return Err(Refusal::OtherConstitution {
                        name: name(),
                        sheet,
                        given,
                    });
                }
                (Some(con), _) | (None, Some(con)) => con,
                (None, None) => return Err(Refusal::NoConstitution { name: name() }),
            };
            if con <= 3 {
                return Err(Refusal::ConstitutionSpent { name: name(), con });
            }
            let chance = survival(con);
            let roll = Expr::dice(1, 100).roll(dice);
            let survived = roll.total <= i64::from(chance);
            Some(Survival {
                con,
                chance,
                roll,
                survived,
            })
        }
    };
    Ok(Raising { rule, hp, survival })
}

/// Whether a recorded raising of `c` is one [`raise`] makes under `rule`, with its own dice.
pub fn holds(c: &Character, rule: DeathRule, raising: &Raising) -> Result<(), Refusal> {
    dead_and_within(c, rule, raising.hp)?;
    let book = match (&raising.survival, rule) {
        (None, DeathRule::Ose) => raising.rule == rule,
        (Some(s), DeathRule::Adnd) => {
            raising.rule == rule
                && c.con.is_none_or(|con| con == s.con)
                && s.con > 3
                && s.chance == survival(s.con)
                && s.roll.expr == Expr::dice(1, 100).to_string()
                && s.survived == (s.roll.total <= i64::from(s.chance))
        }
        _ => false,
    };
    if !book {
        return Err(Refusal::NotTheBook {
            name: c.name.clone(),
        });
    }
    Ok(())
}

/// What `c` becomes once `raising` is made: their hit points and Constitution (AD&D: the
/// Constitution the roll went by, less one if they came back).
pub fn after(c: &Character, raising: &Raising) -> (i32, Option<u8>) {
    let hp = if raising.raised() { raising.hp } else { c.hp };
    let con = match &raising.survival {
        Some(s) if s.survived => Some(s.con.saturating_sub(1)),
        Some(s) => Some(s.con),
        None => c.con,
    };
    (hp, con)
}

fn dead_and_within(c: &Character, rule: DeathRule, hp: i32) -> Result<(), Refusal> {
    if condition(c.hp, rule) != Condition::Dead {
        return Err(Refusal::NotDead {
            name: c.name.clone(),
            hp: c.hp,
        });
    }
    if !(1..=c.hp_max).contains(&hp) {
        return Err(Refusal::Hp {
            name: c.name.clone(),
            hp,
            hp_max: c.hp_max,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::scripted::Scripted;
    use crate::health::HP_FLOOR;

    fn krag(hp: i32, con: Option<u8>) -> Character {
        Character {
            name: "Krag".into(),
            hp,
            hp_max: 14,
            con,
            ..crate::fixtures::character("krag")
        }
    }

    #[test]
    fn the_table_runs_from_forty_to_a_hundred_percent() {
        assert_eq!(survival(3), 40);
        assert_eq!(survival(9), 70);
        assert_eq!(survival(13), 90);
        assert_eq!(survival(14), 92);
        assert_eq!(survival(18), 100);
    }

    #[test]
    fn the_dead_are_not_healed_by_either_rule() {
        assert!(can_heal(&krag(HP_FLOOR, None), DeathRule::Ose).is_err());
        assert!(can_heal(&krag(0, None), DeathRule::Ose).is_err());
        assert!(can_heal(&krag(0, None), DeathRule::Adnd).is_ok(), "dying");
        assert!(can_heal(&krag(HP_FLOOR, None), DeathRule::Adnd).is_err());
    }

    #[test]
    fn ose_raises_with_one_hit_point_and_rolls_nothing() {
        let dead = krag(-3, None);
        let raising = raise(&dead, DeathRule::Ose, None, None, &mut Scripted::new(&[])).unwrap();
        assert_eq!(raising.hp, 1);
        assert!(raising.survival.is_none() && raising.raised());
        assert_eq!(after(&dead, &raising), (1, None));
        assert_eq!(holds(&dead, DeathRule::Ose, &raising), Ok(()));
        assert!(matches!(
            raise(
                &krag(5, None),
                DeathRule::Ose,
                None,
                None,
                &mut Scripted::new(&[])
            ),
            Err(Refusal::NotDead { hp: 5, .. })
        ));
        assert!(matches!(
            raise(
                &dead,
                DeathRule::Ose,
                Some(15),
                None,
                &mut Scripted::new(&[])
            ),
            Err(Refusal::Hp { hp: 15, .. })
        ));
    }

    #[test]
    fn adnd_survives_at_the_chance_and_loses_a_point_of_constitution() {
        let dead = krag(HP_FLOOR, Some(9));
        // CON 9: 70 %.
        let raised = raise(
            &dead,
            DeathRule::Adnd,
            None,
            None,
            &mut Scripted::new(&[70]),
        )
        .unwrap();
        assert!(raised.raised());
        assert_eq!(after(&dead, &raised), (1, Some(8)));
        let failed = raise(
            &dead,
            DeathRule::Adnd,
            None,
            None,
            &mut Scripted::new(&[71]),
        )
        .unwrap();
        assert!(!failed.raised());
        assert_eq!(after(&dead, &failed), (HP_FLOOR, Some(9)), "still dead");
        for raising in [&raised, &failed] {
            assert_eq!(holds(&dead, DeathRule::Adnd, raising), Ok(()));
            assert!(holds(&dead, DeathRule::Ose, raising).is_err());
        }
        let mut forged = failed.clone();
        forged.survival.as_mut().unwrap().survived = true;
        assert!(matches!(
            holds(&dead, DeathRule::Adnd, &forged),
            Err(Refusal::NotTheBook { .. })
        ));
        let unknown = krag(HP_FLOOR, None);
        let refused = |con| {
            raise(
                &unknown,
                DeathRule::Adnd,
                None,
                con,
                &mut Scripted::new(&[1]),
            )
        };
        assert!(matches!(refused(None), Err(Refusal::NoConstitution { .. })));
        assert!(matches!(
            refused(Some(3)),
            Err(Refusal::ConstitutionSpent { con: 3, .. })
        ));
        assert_eq!(refused(Some(12)).unwrap().survival.unwrap().chance, 85);
        assert!(matches!(
            raise(
                &dead,
                DeathRule::Adnd,
                None,
                Some(12),
                &mut Scripted::new(&[1])
            ),
            Err(Refusal::OtherConstitution {
                sheet: 9,
                given: 12,
                ..
            })
        ));
    }
}
