//! Price lists as the files of `tables/` give them (`equipment-ose.toml`,
//! `equipment-adnd.toml`, each with `[[goods]]`): what a referee's shop sells at the book's
//! price, how many pieces a price buys (« Torches (6) 1 gp ») and what one piece weighs, and
//! which lines are armour (of a kind of `armor_kind`) or weapons (of a make of `weapon`). The
//! tables loader reads them beside the random tables, and a campaign's folder replaces them
//! like any other file; buying from one is `purchase`'s.

use std::collections::BTreeSet;

use serde::Deserialize;

use super::schema;
use super::{TableError, TableFault};
use crate::armor_kind::ArmorKind;
use crate::coins::{self, Coins};
use crate::light::Light;
use crate::weapon::Make;

/// One game's price list.
#[derive(Debug, Clone)]
pub struct Equipment {
    pub name: String,
    pub title: String,
    pub title_fr: String,
    pub version: u32,
    pub source: String,
    pub notes: String,
    pub file: String,
    pub goods: Vec<Goods>,
}

/// One line of a price list: `count` pieces for `price`, each weighing `weight` coins.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Goods {
    /// What the line is called in the data (`torches`): the bought item's kind.
    pub id: String,
    pub name: String,
    pub fr: String,
    pub price: Coins,
    pub count: u32,
    /// One piece, in coins (ten to the pound); 0 where the edition weighs it in a lump
    /// (OSE's adventuring gear: `encumbrance::GEAR`).
    pub weight: u32,
    /// A torch, a lantern or a lantern's oil (`rules::light`), and the turns one piece burns.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub light: Option<Light>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub burns: Option<u32>,
    /// Rations: eaten a piece a day on an expedition (`rules::food`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub ration: bool,
    /// A suit of armour or a shield of this kind (`armor = "chain"`): bought, it is worn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub armor: Option<ArmorKind>,
    /// A weapon, by the make its damage and ranges follow (`weapon = "bow"`, an id
    /// [`Make::of_kind`] reads).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weapon: Option<String>,
}

impl Equipment {
    /// The goods `key` names: by id or by either name, in any case.
    pub fn find(&self, key: &str) -> Option<&Goods> {
        let key = key.trim().to_lowercase();
        self.goods
            .iter()
            .find(|g| g.id == key || g.name.to_lowercase() == key || g.fr.to_lowercase() == key)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEquipment {
    name: String,
    title: String,
    title_fr: String,
    version: u32,
    source: String,
    notes: String,
    goods: Vec<RawGoods>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGoods {
    id: String,
    name: String,
    fr: String,
    price: String,
    #[serde(default = "one")]
    count: u32,
    #[serde(default)]
    weight: u32,
    light: Option<Light>,
    burns: Option<u32>,
    #[serde(default)]
    ration: bool,
    armor: Option<String>,
    weapon: Option<String>,
}

fn one() -> u32 {
    1
}

/// What is wrong with one line of a price list (named by its id).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "fault", content = "with", rename_all = "snake_case")]
pub enum GoodsFault {
    /// The id is not lowercase letters, digits and dashes.
    Id,
    /// A name or its French name is blank.
    Names,
    /// The price is no amount of coins (`1 gp`, `5 sp`).
    Price(String),
    /// Zero pieces for the price.
    Count,
    /// The id or a name is another line's too.
    Twice,
    /// A torch or oil without the turns a piece burns (or 0), or `burns` on what is neither.
    Burns,
    /// `armor` names no kind of armour (`leather`, `chain`, `plate`, `shield` …).
    Armor(String),
    /// `weapon` names no make of weapon (`sword`, `bow`, `dagger` …).
    Weapon(String),
    /// A line both armour and a weapon, or either of them sold by more than one piece, lit or
    /// eaten.
    Arms,
}

/// A file holds a price list when it has `[[goods]]`: the tables loader hands it here.
pub fn is_equipment_file(text: &str) -> bool {
    text.parse::<toml::Table>()
        .is_ok_and(|t| t.contains_key("goods"))
}

pub(crate) fn parse(file: &str, text: &str) -> Result<Equipment, Vec<TableError>> {
    let error = |goods: &str, fault: GoodsFault| TableError {
        file: file.to_string(),
        fault: TableFault::Goods {
            goods: goods.to_string(),
            fault,
        },
    };
    let raw: RawEquipment = schema::read(file, text, |r: &RawEquipment| &r.name).map_err(|f| {
        vec![TableError {
            file: file.to_string(),
            fault: f,
        }]
    })?;
    let (mut errors, mut goods, mut seen) = (Vec::new(), Vec::new(), BTreeSet::new());
    for g in raw.goods {
        match line(&g) {
            Ok(line) => {
                let keys = [&line.id, &line.name, &line.fr].map(|k| k.to_lowercase());
                // A French name may be the English one; no other line may take either.
                let fresh: BTreeSet<String> = keys.into_iter().collect();
                if fresh.iter().any(|k| seen.contains(k)) {
                    errors.push(error(&g.id, GoodsFault::Twice));
                }
                seen.extend(fresh);
                goods.push(line);
            }
            Err(fault) => errors.push(error(&g.id, fault)),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Equipment {
        name: raw.name,
        title: raw.title,
        title_fr: raw.title_fr,
        version: raw.version,
        source: raw.source,
        notes: raw.notes,
        file: file.to_string(),
        goods,
    })
}

fn line(raw: &RawGoods) -> Result<Goods, GoodsFault> {
    let id_ok = !raw.id.is_empty()
        && raw
            .id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !id_ok {
        return Err(GoodsFault::Id);
    }
    if raw.name.trim().is_empty() || raw.fr.trim().is_empty() {
        return Err(GoodsFault::Names);
    }
    let price =
        coins::parse(&[raw.price.as_str()]).map_err(|_| GoodsFault::Price(raw.price.clone()))?;
    if raw.count == 0 {
        return Err(GoodsFault::Count);
    }
    let burning = matches!(raw.light, Some(Light::Torch | Light::Oil));
    if burning != raw.burns.is_some_and(|t| t > 0) {
        return Err(GoodsFault::Burns);
    }
    let armor = raw
        .armor
        .as_deref()
        .map(|k| ArmorKind::parse(k).ok_or_else(|| GoodsFault::Armor(k.to_string())))
        .transpose()?;
    if let Some(w) = raw.weapon.as_deref().filter(|w| Make::of_kind(w).is_none()) {
        return Err(GoodsFault::Weapon(w.to_string()));
    }
    // One suit, one weapon: an item worn or wielded whole, neither a light nor food.
    let plain = raw.count == 1 && raw.light.is_none() && !raw.ration;
    if (armor.is_some() || raw.weapon.is_some()) && !plain
        || armor.is_some() && raw.weapon.is_some()
    {
        return Err(GoodsFault::Arms);
    }
    Ok(Goods {
        id: raw.id.clone(),
        name: raw.name.clone(),
        fr: raw.fr.clone(),
        price,
        count: raw.count,
        weight: raw.weight,
        light: raw.light,
        burns: raw.burns,
        ration: raw.ration,
        armor,
        weapon: raw.weapon.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coins::Denomination;

    const HEAD: &str = "name = \"equipment-x\"\ntitle = \"X\"\ntitle_fr = \"X\"\nversion = 1\nsource = \"s\"\nnotes = \"n\"\n";

    fn read(goods: &str) -> Result<Equipment, Vec<TableError>> {
        parse("tables/equipment-x.toml", &format!("{HEAD}{goods}"))
    }

    #[test]
    fn a_line_is_a_price_for_its_pieces() {
        let list = read(
            "[[goods]]\nid = \"torches\"\nname = \"Torches (6)\"\nfr = \"Torches (6)\"\nprice = \"1 gp\"\ncount = 6\n",
        )
        .unwrap();
        let torches = list.find("TORCHES (6)").unwrap();
        assert_eq!(torches.price, Coins::of(Denomination::Gp, 1));
        assert_eq!((torches.count, torches.weight), (6, 0));
        assert_eq!(list.find("torches").unwrap().id, "torches");
        assert!(list.find("torch").is_none());
    }

    /// A suit bought weighs what the armour table says of its kind (OSE *Weapons and Armour*,
    /// the AD&D 2e PHB's Table 46), shields too in OSE; AD&D's shields weigh by their size.
    #[test]
    fn the_shipped_lists_armour_weighs_as_the_armour_table() {
        use crate::armor_kind::Edition;
        let tables = crate::tables::Tables::parse(&crate::tables::shipped()).unwrap();
        for (list, edition, suits) in [
            ("equipment-ose", Edition::Ose, 4),
            ("equipment-adnd", Edition::Adnd, 11),
        ] {
            let goods = &tables.equipment(list).unwrap().goods;
            let armour: Vec<(&Goods, ArmorKind)> = goods
                .iter()
                .filter_map(|g| Some((g, g.armor?)))
                .filter(|(_, k)| edition == Edition::Ose || *k != ArmorKind::Shield)
                .collect();
            assert_eq!(armour.len(), suits, "{list}");
            for (g, kind) in armour {
                assert_eq!(g.weight, kind.stats(edition).coins, "{list} {}", g.id);
            }
            assert!(goods.iter().any(|g| g.weapon.as_deref() == Some("sword")));
        }
    }

    #[test]
    fn armour_and_weapon_lines_say_their_kind_and_make() {
        let list = read(
            "[[goods]]\nid = \"chainmail\"\nname = \"Chainmail\"\nfr = \"Cotte de mailles\"\nprice = \"40 gp\"\nweight = 400\narmor = \"chain\"\n\n[[goods]]\nid = \"long-bow\"\nname = \"Long bow\"\nfr = \"Arc long\"\nprice = \"40 gp\"\nweapon = \"bow\"\n",
        )
        .unwrap();
        let chain = list.find("chainmail").unwrap();
        assert_eq!(
            (chain.armor, chain.weapon.as_deref()),
            (Some(ArmorKind::Chain), None)
        );
        let bow = list.find("long-bow").unwrap();
        assert_eq!((bow.armor, bow.weapon.as_deref()), (None, Some("bow")));
    }

    #[test]
    fn each_fault_is_named_with_its_line() {
        let fault = |goods: &str| match read(goods) {
            Err(e) => e.into_iter().map(|e| e.fault).collect::<Vec<_>>(),
            Ok(_) => vec![],
        };
        let goods = |id: &str, name: &str, price: &str, count: u32| {
            format!(
                "[[goods]]\nid = \"{id}\"\nname = \"{name}\"\nfr = \"{name}\"\nprice = \"{price}\"\ncount = {count}\n"
            )
        };
        let named = |fault| {
            vec![TableFault::Goods {
                goods: "a".into(),
                fault,
            }]
        };
        assert_eq!(
            fault(&goods("a", "A", "1 gold", 1)),
            named(GoodsFault::Price("1 gold".into()))
        );
        assert_eq!(fault(&goods("a", "A", "1 gp", 0)), named(GoodsFault::Count));
        assert_eq!(fault(&goods("a", " ", "1 gp", 1)), named(GoodsFault::Names));
        let torch = format!("{}light = \"torch\"\n", goods("a", "A", "1 gp", 1));
        assert_eq!(fault(&torch), named(GoodsFault::Burns));
        assert_eq!(fault(&format!("{torch}burns = 6\n")), vec![]);
        let line = goods("a", "A", "1 gp", 1);
        assert_eq!(
            fault(&format!("{line}armor = \"mithril\"\n")),
            named(GoodsFault::Armor("mithril".into()))
        );
        assert_eq!(
            fault(&format!("{line}weapon = \"whip\"\n")),
            named(GoodsFault::Weapon("whip".into()))
        );
        assert_eq!(
            fault(&format!("{line}armor = \"chain\"\nweapon = \"sword\"\n")),
            named(GoodsFault::Arms)
        );
        assert_eq!(
            fault(&format!(
                "{}weapon = \"bow\"\n",
                goods("a", "A", "1 gp", 20)
            )),
            named(GoodsFault::Arms)
        );
        assert_eq!(fault(&format!("{line}armor = \"chain\"\n")), vec![]);
        assert_eq!(
            fault(&format!(
                "{}{}",
                goods("a", "A", "1 gp", 1),
                goods("a", "B", "1 gp", 1)
            )),
            named(GoodsFault::Twice)
        );
        assert!(matches!(
            fault(&goods("A b", "A", "1 gp", 1))[..],
            [TableFault::Goods {
                fault: GoodsFault::Id,
                ..
            }]
        ));
    }
}
