//! Magic swords and weapons in the hands of Old-School Essentials characters: what each make
//! deals, how far it shoots and what it weighs (OSE Rules Tome, *Weapons*). hoard records a
//! sword's blade and a weapon's make (its `kind`: an axe is an axe to anyone who sees it); a
//! weapon of no recorded make keeps the basic rule, where every weapon deals 1d6.

use super::dice::Expr;
use super::item::{Category, Item};

/// A weapon's make: the OSE *Weapons* list, with the AD&D 2e DMG's weapons (Table 108) that
/// OSE lacks kept apart, so that a system that has them (dnd5e) can tell them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Make {
    Arrows,
    Bolts,
    SlingBullets,
    Darts,
    Javelin,
    HandAxe,
    BattleAxe,
    Bow,
    Crossbow,
    Sling,
    Dagger,
    Club,
    Flail,
    Warhammer,
    Lance,
    Mace,
    Pick,
    MorningStar,
    Net,
    Polearm,
    Quarterstaff,
    Spear,
    Trident,
    Sword,
    ShortSword,
    Scimitar,
    TwoHandedSword,
}

/// The make of a weapon, sword or staff: a staff is a quarterstaff, a sword is made by its
/// blade (long, broad, bastard and unknown blades are OSE's sword; a falchion a scimitar), a
/// weapon by its `kind` ([`Make::of_kind`]); `None`: a weapon of no known make.
pub fn make(item: &Item) -> Option<Make> {
    let kind = item.identity.kind.as_deref();
    Some(match item.category {
        Category::Staff => Make::Quarterstaff,
        Category::Sword => match item.identity.blade.as_deref() {
            Some("short") => Make::ShortSword,
            Some("two-handed") => Make::TwoHandedSword,
            Some("scimitar" | "falchion") => Make::Scimitar,
            _ => Make::Sword,
        },
        Category::Weapon => Make::of_kind(kind?)?,
        _ => return None,
    })
}

/// A make as OSE deals with it: its damage die, its missile ranges (short, medium, long, in
/// feet) if it is shot or thrown, whether it strikes in melee, and its weight in coins.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stats {
    pub sides: u32,
    pub missile: Option<[u32; 3]>,
    pub melee: bool,
    pub coins: f64,
}

impl Make {
    /// The make a weapon's `kind` names: the ids of the weapons tables and of the price lists'
    /// weapon lines (`weapon = "bow"`); `None`: no make hoard knows.
    pub fn of_kind(kind: &str) -> Option<Make> {
        Some(match kind {
            "arrows" => Make::Arrows,
            "bolts" => Make::Bolts,
            "sling-bullets" => Make::SlingBullets,
            "darts" => Make::Darts,
            "javelin" => Make::Javelin,
            "axe" | "hand-axe" | "throwing-axe" => Make::HandAxe,
            "battle-axe" => Make::BattleAxe,
            "bow" => Make::Bow,
            "crossbow" => Make::Crossbow,
            "sling" => Make::Sling,
            "dagger" | "knife" => Make::Dagger,
            "club" => Make::Club,
            "flail" => Make::Flail,
            "hammer" | "warhammer" => Make::Warhammer,
            "lance" => Make::Lance,
            "mace" => Make::Mace,
            "pick" => Make::Pick,
            "morning-star" => Make::MorningStar,
            "net" => Make::Net,
            "pole-arm" => Make::Polearm,
            "quarterstaff" => Make::Quarterstaff,
            "spear" => Make::Spear,
            "trident" => Make::Trident,
            "scimitar" => Make::Scimitar,
            "sword" => Make::Sword,
            "short-sword" => Make::ShortSword,
            "two-handed-sword" => Make::TwoHandedSword,
            _ => return None,
        })
    }
}

/// OSE Rules Tome, *Weapons* (variable damage, ranges, weights in coins). OSE lists no flail,
/// morning star, pick, trident, net, darts or ammunition: a flail and a morning star deal as
/// its mace, a pick as its war hammer, a trident as its spear, darts as its thrown dagger; a
/// net deals none; ammunition deals its launcher's damage at its launcher's ranges (short
/// bow, crossbow, sling) and weighs what the dnd5e 5.3.3 pack sources give a piece
/// (`ammunition/arrow.yml` 0.05 lb, `crossbow-bolt.yml` and `sling-bullet.yml` 0.075 lb) at
/// OSE's ten coins to the pound; darts and nets weigh as `weapon/dart.yml` (0.25 lb) and
/// `weapon/net.yml` (3 lb).
pub fn stats(make: Make) -> Stats {
    let (sides, missile, melee, coins) = match make {
        Make::Arrows => (6, Some([50, 100, 150]), false, 0.5),
        Make::Bolts => (6, Some([80, 160, 240]), false, 0.75),
        Make::SlingBullets => (4, Some([40, 80, 160]), false, 0.75),
        Make::Darts => (4, Some([10, 20, 30]), false, 2.5),
        Make::Javelin => (4, Some([30, 60, 90]), false, 20.0),
        Make::HandAxe => (6, Some([10, 20, 30]), true, 30.0),
        Make::BattleAxe => (8, None, true, 50.0),
        Make::Bow => (6, Some([70, 140, 210]), false, 30.0),
        Make::Crossbow => (6, Some([80, 160, 240]), false, 50.0),
        Make::Sling => (4, Some([40, 80, 160]), false, 20.0),
        Make::Dagger => (4, Some([10, 20, 30]), true, 10.0),
        Make::Club => (4, None, true, 50.0),
        Make::Flail | Make::MorningStar | Make::Mace => (6, None, true, 30.0),
        Make::Warhammer | Make::Pick => (6, None, true, 30.0),
        Make::Lance => (6, None, true, 120.0),
        Make::Net => (0, Some([10, 20, 30]), false, 30.0),
        Make::Polearm => (10, None, true, 150.0),
        Make::Quarterstaff => (4, None, true, 40.0),
        Make::Spear | Make::Trident => (6, Some([20, 40, 60]), true, 30.0),
        Make::Sword | Make::Scimitar => (8, None, true, 60.0),
        Make::ShortSword => (6, None, true, 30.0),
        Make::TwoHandedSword => (10, None, true, 150.0),
    };
    Stats {
        sides,
        missile,
        melee,
        coins,
    }
}

/// A weapon's damage by the OSE *Weapons* table (see [`stats`]); a weapon of no known make
/// 1d6, as in the basic rule where every weapon deals 1d6; a net none (`0`).
pub fn damage(item: &Item) -> Expr {
    match make(item).map(stats) {
        Some(Stats { sides: 0, .. }) => Expr::constant(0),
        Some(s) => Expr::dice(1, s.sides),
        None => Expr::dice(1, 6),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blade(category: Category, blade: Option<&str>) -> String {
        let mut item = crate::fixtures::item(category);
        item.identity.blade = blade.map(str::to_string);
        damage(&item).to_string()
    }

    fn of_kind(kind: &str) -> Item {
        let mut item = crate::fixtures::item(Category::Weapon);
        item.identity.kind = Some(kind.to_string());
        item
    }

    #[test]
    fn a_sword_deals_by_its_blade_and_a_weapon_of_no_make_1d6() {
        assert_eq!(blade(Category::Sword, None), "1d8");
        assert_eq!(blade(Category::Sword, Some("long")), "1d8");
        assert_eq!(blade(Category::Sword, Some("bastard")), "1d8");
        assert_eq!(blade(Category::Sword, Some("short")), "1d6");
        assert_eq!(blade(Category::Sword, Some("two-handed")), "1d10");
        assert_eq!(blade(Category::Weapon, None), "1d6");
        assert_eq!(
            blade(Category::Weapon, Some("two-handed")),
            "1d6",
            "only a sword has a blade"
        );
        assert_eq!(
            blade(Category::Staff, None),
            "1d4",
            "a staff is OSE's staff"
        );
    }

    #[test]
    fn a_weapon_deals_shoots_and_weighs_by_its_make() {
        assert_eq!(damage(&of_kind("battle-axe")).to_string(), "1d8");
        assert_eq!(damage(&of_kind("dagger")).to_string(), "1d4");
        assert_eq!(damage(&of_kind("pole-arm")).to_string(), "1d10");
        assert_eq!(damage(&of_kind("club")).to_string(), "1d4");
        assert_eq!(damage(&of_kind("two-handed-sword")).to_string(), "1d10");
        assert_eq!(damage(&of_kind("short-sword")).to_string(), "1d6");
        assert_eq!(damage(&of_kind("net")).to_string(), "0");
        assert_eq!(damage(&of_kind("whip")).to_string(), "1d6", "no such make");
        let bow = stats(make(&of_kind("bow")).unwrap());
        assert_eq!((bow.missile, bow.melee), (Some([70, 140, 210]), false));
        let spear = stats(make(&of_kind("spear")).unwrap());
        assert_eq!((spear.missile, spear.melee), (Some([20, 40, 60]), true));
        assert_eq!(stats(Make::TwoHandedSword).coins, 150.0);
    }
}
