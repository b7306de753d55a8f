//! The `system` object of a dnd5e item (dnd5e 5.3.3, `module/data/item/{consumable,equipment,
//! weapon,loot}.mjs` and their templates), shaped as the system's own pack sources
//! (`packs/_source/items/*.yml`). dnd5e knows unidentified items: `identified` and
//! `unidentified {name, description}` carry what someone who does not know the item sees.
//! An item does something at the table through its activities (`activity.rs`).

use serde_json::{Value, json};

use super::activity;
use super::{Piece, Words, facts, look, secret, slug};
use crate::rules::armor;
use crate::rules::armor_kind::ArmorKind;
use crate::rules::item::{Category, Item, Status};
use crate::rules::rarity::Rarity;
use crate::rules::weapon::Make;

/// The dnd5e item types hoard's items become.
pub const TYPES: &[&str] = &["consumable", "equipment", "weapon", "loot"];

/// The document type and its `system` object.
pub fn system(piece: &Piece, words: &Words) -> (&'static str, Value) {
    let item = piece.item();
    let (kind, subtype) = kind(piece);
    let description = format!("{}{}", facts(words), secret(piece, words, false));
    let mut properties: Vec<&str> = Vec::new();
    if piece.seen.magic {
        properties.push("mgc");
    }
    let bonus = item.identity.bonus;
    let price = super::price(piece);
    let uses = uses(piece, kind == "consumable");
    let mut system = json!({
        "description": { "value": description, "chat": "" },
        "source": { "custom": "hoard", "book": "", "page": "", "license": "", "rules": "2014" },
        "quantity": piece.count(),
        // hoard's weight table is in coins, ten to the pound (`rules::weight`).
        "weight": { "value": super::number(crate::rules::weight::coins(item) / 10.0), "units": "lb" },
        "price": { "value": price.value, "denomination": price.denomination },
        "rarity": rarity(item),
        "identified": piece.seen.identified,
        "unidentified": { "name": super::clean(&words.look), "description": look(piece, words) },
        "container": null,
        "identifier": slug(&crate::i18n::Worded(&piece.seen.name).to_string()),
    });
    let extra = match kind {
        "consumable" => json!({
            "attunement": "",
            "equipped": false,
            // Ammunition adds its plus to the launcher's damage (`ammunition/arrow-1.yml`).
            "damage": { "base": damage(None), "replace": false },
            "type": {
                "value": subtype,
                "subtype": ammo(crate::rules::weapon::make(item)).unwrap_or(""),
            },
            "magicalBonus": bonus.filter(|_| subtype == "ammo"),
            "activities": activity::of(piece, &uses, None),
            "uses": uses,
            "attuned": false,
        }),
        "equipment" => {
            // Other equipment gives no AC and has no base item.
            let base = (item.category == Category::Armor).then(|| base_armor(armor::kind(item)));
            if base.as_ref().is_some_and(|b| b.stealth) {
                properties.push("stealthDisadvantage");
            }
            json!({
                "attunement": "",
                "equipped": item.worn.is_some(),
                "cover": null,
                // The base armour's AC, and the armour's own plus on top (dnd5e adds
                // `magicalBonus`, as `armor/plate-armor-1.yml`); a ring of protection's is an
                // effect (`effect.rs`).
                "armor": {
                    "value": base.as_ref().map_or(0, |b| b.ac),
                    "dex": base.as_ref().map_or(Some(0), |b| b.dex),
                    "magicalBonus": bonus.filter(|_| base.is_some()),
                },
                "hp": mount_hp(),
                "speed": { "value": null, "conditions": "" },
                "strength": base.as_ref().and_then(|b| b.strength),
                "proficient": null,
                "type": {
                    "value": subtype,
                    "baseItem": base.as_ref().map_or("", |b| b.base_item),
                },
                "activities": activity::of(piece, &uses, None),
                "uses": uses,
                "attuned": false,
            })
        }
        "weapon" => {
            let make = crate::rules::weapon::make(item);
            let base = weapon(make);
            properties.extend(base.properties);
            let (value, long) = base.range.map_or((None, None), |(v, l)| (Some(v), Some(l)));
            let (versatile_number, versatile_die) = base.versatile.unwrap_or((None, None));
            let mut versatile = damage(None);
            versatile["number"] = json!(versatile_number);
            versatile["denomination"] = json!(versatile_die);
            json!({
                "attunement": "",
                "equipped": item.worn.is_some(),
                "cover": null,
                "range": { "value": value, "long": long, "units": "ft", "reach": null },
                "damage": { "versatile": versatile, "base": damage(base.dice) },
                "armor": { "value": 10 },
                "hp": mount_hp(),
                "proficient": null,
                "type": { "value": base.class, "baseItem": base.base_item },
                "magicalBonus": bonus,
                // What it shoots, which its attack spends (`weapon/longbow.yml`).
                "ammunition": { "type": shoots(make).unwrap_or("") },
                "activities": activity::of(piece, &uses, Some(base.attack())),
                "uses": uses,
                "attuned": false,
                "mastery": "",
            })
        }
        _ => json!({ "type": { "value": subtype, "subtype": "" } }),
    };
    system["properties"] = json!(properties);
    if let (Some(system), Value::Object(extra)) = (system.as_object_mut(), extra) {
        system.extend(extra);
    }
    (kind, system)
}

/// The dnd5e type and subtype (`type.value`) of the item, by the system's own lists
/// (`config.mjs` `consumableTypes`, `equipmentTypes`, `lootTypes`) and where its packs put
/// such items. The type follows the category alone, which every view of the item shares, so
/// the same `_id` is of one type in the referee's pack and in every player's: staves are
/// weapons (`weapon/staff-of-fire.yml`); books, household items, instruments and the rest
/// consumable trinkets (`trinket/manual-of-bodily-health.yml`, `trinket/broom-of-flying.yml`,
/// `trinket/dust-of-disappearance.yml`); a faded scroll or a drained wand stays what it is,
/// its uses spent. Valuables are loot: gems, art (jewelry too, `lootTypes`) or treasure, by
/// the kind anyone sees.
fn kind(piece: &Piece) -> (&'static str, &'static str) {
    let item = piece.item();
    match piece.seen.category {
        Category::Potion => ("consumable", "potion"),
        Category::Scroll => ("consumable", "scroll"),
        Category::Wand => ("consumable", "wand"),
        Category::Rod => ("consumable", "rod"),
        Category::Book | Category::Household | Category::Instrument | Category::Misc => {
            ("consumable", "trinket")
        }
        // Arrows, bolts and bullets are ammunition (`ammunition/arrow.yml`): anyone sees a
        // weapon's make, so every view gives them this type.
        Category::Weapon if ammo(crate::rules::weapon::make(item)).is_some() => {
            ("consumable", "ammo")
        }
        Category::Staff | Category::Sword | Category::Weapon => ("weapon", ""),
        Category::Ring => ("equipment", "ring"),
        Category::Armor => ("equipment", base_armor(armor::kind(item)).class),
        Category::Clothing | Category::Boots => ("equipment", "clothing"),
        Category::Valuable => match item.identity.kind.as_deref() {
            Some("gem") => ("loot", "gem"),
            Some("art" | "jewelry") => ("loot", "art"),
            _ => ("loot", "treasure"),
        },
        // Goods bought are mundane gear (dnd5e's `lootTypes` has `gear`).
        Category::Gear => ("loot", "gear"),
    }
}

/// `uses {max, spent, recovery}`: charges left of those made, a scroll's spells left of those
/// written, one use for a single dose; no maximum (`""`) for what has no uses or charges the
/// viewer does not know. A spent item
/// (a faded scroll, a drained wand) has every use spent.
fn uses(piece: &Piece, consumable: bool) -> Value {
    let item = piece.item();
    let (max, spent) = if let Some((left, made)) = piece.charges() {
        (made, made - left)
    } else if consumable && !item.spells.is_empty() {
        let erased = item.spells.iter().filter(|s| s.erased).count();
        (item.spells.len() as i32, erased as i32)
    } else if consumable && used_up(item) && !item.category.charged() {
        // One dose; a wand whose charges the viewer does not know has no count to show.
        (1, i32::from(item.status == Status::Consumed))
    } else {
        (0, 0)
    };
    let spent = if piece.spent() { max } else { spent };
    let max = if max == 0 {
        String::new()
    } else {
        max.to_string()
    };
    let mut uses = json!({ "max": max, "spent": spent, "recovery": [] });
    if consumable {
        // Drinking the last potion or reading the last spell deletes it, as in dnd5e's packs;
        // a wand's last charge only may crumble it (hoard rolls that).
        uses["autoDestroy"] = json!(used_up(item) && !item.category.charged());
    }
    uses
}

/// Used up when used: potions, scrolls and whatever is marked so (a dust); a wand or rod a
/// player knows nothing of counts one use.
fn used_up(item: &Item) -> bool {
    match item.category {
        Category::Potion | Category::Scroll | Category::Wand | Category::Rod => true,
        _ => item.identity.consumable,
    }
}

/// A damage part; `None`: no dice (hoard does not know them).
fn damage(dice: Option<(u32, u32, &str)>) -> Value {
    let (number, denomination, types) = match dice {
        Some((n, d, t)) => (json!(n), json!(d), json!([t])),
        None => (Value::Null, Value::Null, json!([])),
    };
    json!({
        "number": number,
        "denomination": denomination,
        "bonus": "",
        "types": types,
        "custom": { "enabled": false, "formula": "" },
        "scaling": { "mode": "", "number": null, "formula": "" },
    })
}

/// The vehicle-mount hit points every dnd5e equipment and weapon source carries (unused).
fn mount_hp() -> Value {
    json!({ "value": 0, "max": 0, "dt": null, "conditions": "" })
}

/// A dnd5e base weapon: its class, base item id, damage, versatile damage (`(None, Some(0))`:
/// one die larger, as `weapon/longsword.yml` leaves it to the system), properties and range.
pub struct Base {
    pub class: &'static str,
    pub base_item: &'static str,
    pub dice: Option<(u32, u32, &'static str)>,
    pub versatile: Option<(Option<u32>, Option<u32>)>,
    pub properties: &'static [&'static str],
    pub range: Option<(u32, u32)>,
}

impl Base {
    /// The attack its activity makes: ranged for a bow, a crossbow or a sling and what they
    /// shoot, melee otherwise (a thrown dagger is still a melee weapon).
    pub fn attack(&self) -> &'static str {
        if self.class.ends_with('R') {
            "ranged"
        } else {
            "melee"
        }
    }
}

/// The dnd5e base weapon of a make, from `packs/_source/items/weapon/<file>.yml` (dnd5e 5.3.3):
/// the file named beside each. A weapon of no known make keeps no base item and no dice; nor
/// does ammunition, which is never a weapon here (`kind`: dnd5e's ammunition is a consumable,
/// `ammunition/arrow.yml`, whose damage is its launcher's).
fn weapon(make: Option<Make>) -> Base {
    let base = |class, base_item, dice, versatile, properties, range| Base {
        class,
        base_item,
        dice: Some(dice),
        versatile,
        properties,
        range,
    };
    let (p, s, b) = ("piercing", "slashing", "bludgeoning");
    let ver = |d: Option<u32>| Some((d.map(|_| 1), d.or(Some(0))));
    let unknown = || Base {
        class: "simpleM",
        base_item: "",
        dice: None,
        versatile: None,
        properties: &[],
        range: None,
    };
    let Some(make) = make else {
        return unknown();
    };
    match make {
        Make::Arrows | Make::Bolts | Make::SlingBullets => unknown(),
        // dart.yml
        Make::Darts => base(
            "simpleR",
            "dart",
            (1, 4, p),
            None,
            &["fin", "thr"],
            Some((20, 60)),
        ),
        // javelin.yml
        Make::Javelin => base(
            "simpleM",
            "javelin",
            (1, 6, p),
            None,
            &["thr"],
            Some((30, 120)),
        ),
        // handaxe.yml
        Make::HandAxe => base(
            "simpleM",
            "handaxe",
            (1, 6, s),
            None,
            &["lgt", "thr"],
            Some((20, 60)),
        ),
        // battleaxe.yml
        Make::BattleAxe => base(
            "martialM",
            "battleaxe",
            (1, 8, s),
            ver(None),
            &["ver"],
            None,
        ),
        // longbow.yml
        Make::Bow => base(
            "martialR",
            "longbow",
            (1, 8, p),
            None,
            &["amm", "hvy", "two"],
            Some((150, 600)),
        ),
        // light-crossbow.yml
        Make::Crossbow => base(
            "simpleR",
            "lightcrossbow",
            (1, 8, p),
            None,
            &["amm", "lod", "two"],
            Some((80, 320)),
        ),
        // sling.yml
        Make::Sling => base(
            "simpleR",
            "sling",
            (1, 4, b),
            None,
            &["amm"],
            Some((30, 120)),
        ),
        // dagger.yml
        Make::Dagger => base(
            "simpleM",
            "dagger",
            (1, 4, p),
            None,
            &["fin", "lgt", "thr"],
            Some((20, 60)),
        ),
        // club.yml
        Make::Club => base("simpleM", "club", (1, 4, b), None, &["lgt"], None),
        // flail.yml
        Make::Flail => base("martialM", "flail", (1, 8, b), None, &[], None),
        // warhammer.yml
        Make::Warhammer => base(
            "martialM",
            "warhammer",
            (1, 8, b),
            ver(Some(10)),
            &["ver"],
            None,
        ),
        // lance.yml
        Make::Lance => base("martialM", "lance", (1, 12, p), None, &["rch", "spc"], None),
        // mace.yml
        Make::Mace => base("simpleM", "mace", (1, 6, b), None, &[], None),
        // war-pick.yml
        Make::Pick => base("martialM", "warpick", (1, 8, p), None, &[], None),
        // morningstar.yml
        Make::MorningStar => base("martialM", "morningstar", (1, 8, p), None, &[], None),
        // net.yml: no damage.
        Make::Net => Base {
            dice: None,
            ..base(
                "martialR",
                "net",
                (0, 0, ""),
                None,
                &["spc", "thr"],
                Some((5, 15)),
            )
        },
        // halberd.yml
        Make::Polearm => base(
            "martialM",
            "halberd",
            (1, 10, s),
            None,
            &["hvy", "rch", "two"],
            None,
        ),
        // quarterstaff.yml
        Make::Quarterstaff => base(
            "simpleM",
            "quarterstaff",
            (1, 6, b),
            ver(Some(8)),
            &["ver"],
            None,
        ),
        // spear.yml
        Make::Spear => base(
            "simpleM",
            "spear",
            (1, 6, p),
            ver(Some(8)),
            &["thr", "ver"],
            Some((20, 60)),
        ),
        // trident.yml
        Make::Trident => base(
            "martialM",
            "trident",
            (1, 6, p),
            ver(Some(8)),
            &["thr", "ver"],
            Some((20, 60)),
        ),
        // longsword.yml
        Make::Sword => base(
            "martialM",
            "longsword",
            (1, 8, s),
            ver(None),
            &["ver"],
            None,
        ),
        // shortsword.yml
        Make::ShortSword => base(
            "martialM",
            "shortsword",
            (1, 6, p),
            None,
            &["fin", "lgt"],
            None,
        ),
        // scimitar.yml
        Make::Scimitar => base(
            "martialM",
            "scimitar",
            (1, 6, s),
            None,
            &["fin", "lgt"],
            None,
        ),
        // greatsword.yml
        Make::TwoHandedSword => base(
            "martialM",
            "greatsword",
            (2, 6, s),
            None,
            &["hvy", "two"],
            None,
        ),
    }
}

/// dnd5e's ammunition type (`config.mjs` `consumableTypes.ammo.subtypes`) of arrows, bolts
/// and sling bullets.
fn ammo(make: Option<Make>) -> Option<&'static str> {
    match make? {
        Make::Arrows => Some("arrow"),
        Make::Bolts => Some("crossbowBolt"),
        Make::SlingBullets => Some("slingBullet"),
        _ => None,
    }
}

/// The ammunition a launcher shoots (`weapon/longbow.yml`, `light-crossbow.yml`, `sling.yml`
/// `ammunition.type`): its attack spends one of the wielder's of that type.
fn shoots(make: Option<Make>) -> Option<&'static str> {
    match make? {
        Make::Bow => ammo(Some(Make::Arrows)),
        Make::Crossbow => ammo(Some(Make::Bolts)),
        Make::Sling => ammo(Some(Make::SlingBullets)),
        _ => None,
    }
}

/// A dnd5e base armour: its type (`type.value`), base item (`config.mjs` `armorIds`,
/// `shieldIds`), armour class, Dexterity cap (`None`: none), Strength needed and whether it
/// imposes disadvantage on Stealth.
struct BaseArmor {
    class: &'static str,
    base_item: &'static str,
    ac: i32,
    dex: Option<i32>,
    strength: Option<i32>,
    stealth: bool,
}

/// The dnd5e base armour of a kind, from `packs/_source/items/armor/<file>.yml` (dnd5e 5.3.3):
/// the file named beside each. dnd5e has no brigandine, banded mail, field plate nor full
/// plate: each takes the armour AD&D 2e's PHB (Table 46) ranks with it — brigandine AC 6 as
/// scale mail, banded 4 as splint — and field and full plate, better than plate there, take
/// dnd5e's best, plate.
fn base_armor(kind: ArmorKind) -> BaseArmor {
    let base = |class, base_item, ac, dex, strength, stealth| BaseArmor {
        class,
        base_item,
        ac,
        dex,
        strength,
        stealth,
    };
    match kind {
        // padded-armor.yml
        ArmorKind::Padded => base("light", "padded", 11, None, None, true),
        // leather-armor.yml
        ArmorKind::Leather => base("light", "leather", 11, None, None, false),
        // studded-leather-armor.yml
        ArmorKind::StuddedLeather => base("light", "studded", 12, None, None, false),
        // ring-mail.yml
        ArmorKind::Ring => base("heavy", "ringmail", 14, Some(0), None, true),
        // scale-mail.yml
        ArmorKind::Scale | ArmorKind::Brigandine => {
            base("medium", "scalemail", 14, Some(2), None, true)
        }
        // chain-mail.yml
        ArmorKind::Chain => base("heavy", "chainmail", 16, Some(0), Some(13), true),
        // splint-armor.yml
        ArmorKind::Splint | ArmorKind::Banded => {
            base("heavy", "splint", 17, Some(0), Some(15), true)
        }
        // plate-armor.yml
        ArmorKind::Plate | ArmorKind::FieldPlate | ArmorKind::FullPlate => {
            base("heavy", "plate", 18, Some(0), Some(15), true)
        }
        // shield.yml
        ArmorKind::Shield => base("shield", "shield", 2, None, None, false),
    }
}

/// dnd5e's rarity id (`config.mjs` `itemRarity`) of the item's rarity (`rules::rarity`); none:
/// `""`.
fn rarity(item: &Item) -> &'static str {
    match crate::rules::rarity::rarity(item) {
        Some(Rarity::Common) => "common",
        Some(Rarity::Uncommon) => "uncommon",
        Some(Rarity::Rare) => "rare",
        Some(Rarity::VeryRare) => "veryRare",
        Some(Rarity::Legendary) => "legendary",
        None => "",
    }
}
