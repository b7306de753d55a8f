//! Magic armor, shields and rings of protection (AD&D 2e DMG, *Armor and Shields* and *Ring
//! of Protection*; OSE Rules Tome, *Armour*): what +3, +4 and +5 metal armor is made of, the
//! armor class a suit or a shield gives, and what each plus is worth once worn.

use super::armor_kind::{ArmorKind, Edition};
use super::item::{Category, Item, Slot};

/// The metal of magic armor or a magic shield by its bonus: +3 meteoric iron steel, +4
/// mithril-steel, +5 adamantite-steel. Other armor, and non-metal armor, say nothing.
pub fn material(
    category: Category,
    metal: Option<bool>,
    bonus: Option<i32>,
) -> Option<&'static str> {
    if category != Category::Armor || metal != Some(true) {
        return None;
    }
    match bonus? {
        3 => Some("meteoric-iron-steel"),
        4 => Some("mithril-steel"),
        5 => Some("adamantite-steel"),
        _ => None,
    }
}

/// The material's name, in English and in French (an unknown material is its id in both); the
/// edge shows one (`material_name`, in `view::words`).
pub fn material_names(material: &str) -> (&str, &str) {
    match material {
        "meteoric-iron-steel" => ("steel of meteoric iron", "acier ferreux de météore"),
        "mithril-steel" => ("mithril-steel alloy", "alliage de mithril et d'acier"),
        "adamantite-steel" => ("adamantite-steel alloy", "alliage d'adamantite et d'acier"),
        other => (other, other),
    }
}

/// Whether an armor item is a shield (worn on the arm) rather than a suit of armor.
pub fn is_shield(item: &Item) -> bool {
    item.category == Category::Armor && item.identity.kind.as_deref() == Some("shield")
}

/// What worn magic armor, shield and rings of protection add up to.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Protection {
    /// Points of armor class improvement (each +1 improves it by one).
    pub ac: i32,
    /// Bonus to saving throws against spells and powers that deal physical damage (magic armor
    /// and shield; a ring of protection's bonus to every save is [`Protection::ring`]).
    pub saves: i32,
    pub armor: Option<i32>,
    pub shield: Option<i32>,
    /// The bonus to every saving throw of the ring of protection that counts: the strongest
    /// of those worn that work (one to a hand).
    pub ring: Option<i32>,
    /// What that ring adds to armor class: its bonus, or nothing over magic armor.
    pub ring_ac: Option<i32>,
    /// The worn rings of protection that do not count in full, and why.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rings_aside: Vec<RingAside>,
    /// What a suit of enchanted armour counts for in a load, by the campaign's
    /// `armour-weight` (a magic shield weighs in full): set by whoever knows the campaign.
    pub enchanted_armour: ArmourWeight,
}

/// What a suit of enchanted armour counts for in a load: nothing (the AD&D 2e DMG, *Armor*:
/// magical armor's weight does not count toward encumbrance; the default) or half its weight
/// (OSE *Armour and Shields*: « the enchanted armour's encumbrance value is 50% less than
/// that of normal armour »). A magic shield weighs in full under both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ArmourWeight {
    #[default]
    Nothing,
    Half,
}

impl ArmourWeight {
    /// What a suit of `coins` counts for, enchanted.
    pub fn enchanted(self, coins: f64) -> f64 {
        match self {
            ArmourWeight::Nothing => 0.0,
            ArmourWeight::Half => coins / 2.0,
        }
    }
}

/// A worn ring of protection that does not count in full.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RingAside {
    pub item: super::item::Names,
    pub bonus: i32,
    pub why: Aside,
}

/// Why a ring of protection does not count in full (AD&D 2e DMG, *Ring of Protection*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Aside {
    /// A stronger ring (or one as strong, put on first) is the one that works.
    Weaker,
    /// Magic armor is worn: no armor class from the ring; its saving throws still count.
    MagicArmor,
}

/// Whether a worn item may bear on armor class: armor, a shield, or a ring (one of protection
/// does). Someone who does not know such an item cannot count its armor class.
pub fn may_protect(item: &Item) -> bool {
    matches!(item.category, Category::Armor | Category::Ring)
}

/// Whether a ring is a ring of protection: its kind says so, or its name does (as the tables
/// name it, in either language).
fn is_protection_ring(item: &Item) -> bool {
    let named = |name: &str| {
        let name = name.to_lowercase();
        name.contains("ring of protection") || name.contains("anneau de protection")
    };
    item.category == Category::Ring
        && (item.identity.kind.as_deref() == Some("protection")
            || named(&item.name)
            || named(&item.name_fr))
}

/// What an item worn adds to armor class and to every saving throw by itself, apart from any
/// armor's or weapon's own enchantment: a ring of protection's plus (AD&D 2e DMG, *Ring of
/// Protection*; OSE's Ring of Protection +1). `None` for anything else. What [`protection`]
/// makes of several worn together (one ring counts, none over magic armor) is the sheet's.
pub fn worn_bonus(item: &Item) -> Option<i32> {
    is_protection_ring(item).then(|| ring_bonus(item))
}

/// A ring of protection's bonus: `--bonus`, else the `+N` its name ends with, else +1 (OSE's
/// ring is a Ring of Protection +1).
fn ring_bonus(ring: &Item) -> i32 {
    ring.identity.bonus.unwrap_or_else(|| {
        ring.name
            .rsplit_once('+')
            .and_then(|(_, n)| n.trim().parse().ok())
            .unwrap_or(1)
    })
}

/// The totals of the suit of armor, the shield and the rings of protection a character
/// wears; each plus improves armor class and saving throws by one. Rings of protection
/// follow the AD&D 2e DMG's *Ring of Protection*: "The ring does not improve Armor Class if
/// magical armor is worn, although it does add to saving throw die rolls", and "Multiple
/// rings of protection operating on the same person [...] do not combine protection. Only one
/// such ring—the strongest—functions". Non-magical armor (no plus) and any shield, magic or
/// not, leave the ring whole.
pub fn protection(worn: &[&Item]) -> Protection {
    let on = |slot: Slot| {
        worn.iter()
            .find(|i| i.category == Category::Armor && i.worn == Some(slot))
    };
    let bonus = |slot: Slot| {
        on(slot).map(|i| match counts(i) {
            Counts::Bonus(bonus) => bonus,
            Counts::Nine => 0,
        })
    };
    let (armor, shield) = (bonus(Slot::Body), bonus(Slot::Shield));
    let magic_armor = armor.is_some_and(|b| b != 0);
    let mut rings: Vec<&Item> = worn
        .iter()
        .copied()
        .filter(|i| is_protection_ring(i) && super::ring::works(i, worn))
        .collect();
    // The strongest first; of equals, the first worn (the order given) keeps its place.
    rings.sort_by_key(|r| std::cmp::Reverse(ring_bonus(r)));
    let ring = rings.first().map(|r| ring_bonus(r));
    let aside = |r: &Item, why| RingAside {
        item: r.names(),
        bonus: ring_bonus(r),
        why,
    };
    let mut rings_aside: Vec<RingAside> = Vec::new();
    if magic_armor && let Some(best) = rings.first() {
        rings_aside.push(aside(best, Aside::MagicArmor));
    }
    rings_aside.extend(rings.iter().skip(1).map(|r| aside(r, Aside::Weaker)));
    let ring_ac = ring.filter(|_| !magic_armor);
    let worn_armor = armor.unwrap_or(0) + shield.unwrap_or(0);
    Protection {
        ac: worn_armor + ring_ac.unwrap_or(0),
        saves: worn_armor,
        armor,
        shield,
        ring,
        ring_ac,
        rings_aside,
        enchanted_armour: ArmourWeight::default(),
    }
}

/// Whether a cursed suit or shield of OSE's still hides its curse (OSE Classic Fantasy,
/// *Cursed Armour and Shields*: « All types of tests indicate that a cursed shield or suit of
/// armour is enchanted with a +1 bonus. It is only when the armour is used in deadly combat
/// that the curse is revealed »): it counts, and tests, as its `seems` bonus until then. Once
/// used, « the character comes under the curse and is not able to discard the item »: hoard
/// keeps it `attached` to its wearer.
pub fn curse_hidden(item: &Item) -> bool {
    item.category == Category::Armor && item.identity.seems.is_some() && !item.attached
}

/// The name a cursed suit or shield of OSE's tables goes by while its curse is hidden: its true
/// name with the curse read as the bonus its tests show (« Chainmail −2, cursed » tests as
/// « Chainmail +1 », « Bouclier, maudit, CA 9 [10] » as « Bouclier +1 »). A name the referee
/// gave that says no curse stays as it is.
pub fn seeming_name(name: &str, seems: i32) -> String {
    // The tables' curse words, the longest first, and what follows the bonus in their place.
    const CURSES: [(&str, &str); 10] = [
        (" −2, cursed, and", " and"),
        (" −2, maudite, et", " et"),
        (", cursed, AC 9 [10]", ""),
        (", maudite, CA 9 [10]", ""),
        (", maudit, CA 9 [10]", ""),
        (" −1, cursed", ""),
        (" −2, cursed", ""),
        (" −1, maudite", ""),
        (" −2, maudite", ""),
        (" −2, maudit", ""),
    ];
    match CURSES.iter().find(|(curse, _)| name.contains(curse)) {
        Some((curse, rest)) => name.replacen(curse, &format!(" {seems:+}{rest}"), 1),
        None => name.to_string(),
    }
}

/// What a cursed suit or shield made by hand (`item add --cursed`) tests as in a campaign of
/// `items`: OSE's « +1 » ([`curse_hidden`]), as the OSE tables' cursed rows say (`seems`); the
/// DMG's cursed armour hides nothing.
pub fn seems(category: Category, cursed: bool, items: crate::magic::Items) -> Option<i32> {
    (category == Category::Armor && cursed && items == crate::magic::Items::Ose).then_some(1)
}

/// Whether a wound to `wearer` shows the curse of `item`: hoard's « used in deadly combat » is
/// its wearer taking damage (`character damage`) while wearing it, as suit or as shield.
pub fn shows_curse(item: &Item, wearer: &str) -> bool {
    curse_hidden(item)
        && item.holder.as_deref() == Some(wearer)
        && matches!(item.worn, Some(Slot::Body | Slot::Shield))
}

/// What a worn suit or shield counts for on its wearer's sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counts {
    /// Its bonus: the one its tests show while its curse is hidden ([`curse_hidden`]).
    Bonus(i32),
    /// OSE's cursed « AC 9 [10] » armour or shield once its curse shows: « a base Armour
    /// Class of 9 [10] (before modifiers due to Dexterity) », whatever else is worn.
    Nine,
}

/// What `item` counts for (see [`Counts`]).
pub fn counts(item: &Item) -> Counts {
    match (item.identity.seems, item.identity.bonus) {
        (Some(seems), _) if curse_hidden(item) => Counts::Bonus(seems),
        (Some(_), None) => Counts::Nine,
        (_, bonus) => Counts::Bonus(bonus.unwrap_or(0)),
    }
}

/// What a suit of armor or a shield counts as for OSE's basic encumbrance and the exports'
/// armour types: a shield; leather (non-metal) armour light; metal armour heavy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    Shield,
    Light,
    Heavy,
}

/// The weight of a suit of armor or a shield (see [`Weight`]), by its [`kind`].
pub fn weight(item: &Item) -> Weight {
    match kind(item) {
        ArmorKind::Shield => Weight::Shield,
        k if k.metal() => Weight::Heavy,
        _ => Weight::Light,
    }
}

/// The kind of a suit of armor or a shield: the one the referee gave (`--armor`, kept as its
/// `kind`), else the one its name says ("Plate mail +1", « Cotte de mailles »), else, as hoard
/// read armour before it knew kinds, leather when not metal and chain mail (the commonest
/// metal armour of the DMG's Table 105) when metal or unknown.
pub fn kind(item: &Item) -> ArmorKind {
    if is_shield(item) {
        return ArmorKind::Shield;
    }
    item.identity
        .kind
        .as_deref()
        .and_then(ArmorKind::parse)
        .or_else(|| ArmorKind::in_name(&item.name))
        .or_else(|| ArmorKind::in_name(&item.name_fr))
        .unwrap_or(match item.identity.metal {
            Some(false) => ArmorKind::Leather,
            _ => ArmorKind::Chain,
        })
}

/// An armor class, descending and ascending (OSE: AC 9 [10] unarmoured). A shield's is the
/// improvement it gives to both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ArmorClass {
    pub ac: i32,
    pub aac: i32,
}

/// The armor class a suit of armor or a shield gives, by its [`kind`] on OSE's table (*Weapons
/// and Armour*: « Leather 7 [12] », « Chainmail 5 [14] », « Plate mail 3 [16] », « Shield +1
/// bonus »; a kind OSE does not list, AD&D 2e's: `ArmorKind::stats`). Each plus of
/// enchantment improves it by one more: a suit's AC falls and its AAC rises, a shield's
/// improvement grows (Plate mail +1: AC 2 [17]).
pub fn armor_class(item: &Item) -> ArmorClass {
    armor_class_in(item, Edition::Ose)
}

/// [`armor_class`] on `edition`'s table: AD&D 2e's PHB, Table 46, gives leather and padded
/// AC 8 [11] where OSE gives leather 7 [12].
pub fn armor_class_in(item: &Item, edition: Edition) -> ArmorClass {
    class_of(item, edition, item.identity.bonus.unwrap_or(0))
}

/// The armor class `item` gives on `edition`'s table with `bonus` for its plus.
fn class_of(item: &Item, edition: Edition, bonus: i32) -> ArmorClass {
    let stats = kind(item).stats(edition);
    match kind(item) {
        ArmorKind::Shield => ArmorClass {
            ac: stats.ac + bonus,
            aac: stats.aac + bonus,
        },
        _ => ArmorClass {
            ac: stats.ac - bonus,
            aac: stats.aac + bonus,
        },
    }
}

/// Unarmoured: AC 9 [10] (OSE *Armour*); AC 10 in AD&D 2e (PHB, *Armor Class*), [9] by the
/// same 19 − AC.
pub fn unarmoured(edition: Edition) -> ArmorClass {
    match edition {
        Edition::Ose => ArmorClass { ac: 9, aac: 10 },
        Edition::Adnd => ArmorClass { ac: 10, aac: 9 },
    }
}

/// The armor class DEX gives, in ascending terms: OSE *Rules Tome*, Dexterity (3 −3, 4–5 −2,
/// 6–8 −1, 9–12 none, 13–15 +1, 16–17 +2, 18 +3); AD&D 2e PHB, Table 1, its defensive
/// adjustment turned about (3 +4 is −4 here; 6 +1, 7–14 none, 15 −1 … 18–20 −4, 21–23 −5,
/// 24–25 −6).
pub fn dexterity(dex: u8, edition: Edition) -> i32 {
    match edition {
        Edition::Ose => match dex {
            0..=3 => -3,
            4..=5 => -2,
            6..=8 => -1,
            9..=12 => 0,
            13..=15 => 1,
            16..=17 => 2,
            _ => 3,
        },
        Edition::Adnd => match dex {
            0..=2 => -5,
            3 => -4,
            4 => -3,
            5 => -2,
            6 => -1,
            7..=14 => 0,
            15 => 1,
            16 => 2,
            17 => 3,
            18..=20 => 4,
            21..=23 => 5,
            _ => 6,
        },
    }
}

/// A character's armor class on `edition`'s table (the campaign's game): the worn suit's, or
/// unarmoured; better by the worn shield's improvement, the ring of protection that counts
/// for armor class ([`protection`]) and DEX when the sheet records it. Each piece counts as [`counts`] says: a cursed one
/// whose curse is hidden as the bonus it tests as, an « AC 9 [10] » one whose curse shows
/// as a base AC 9 [10] whatever else is worn.
pub fn character_class(worn: &[&Item], dex: Option<u8>, edition: Edition) -> ArmorClass {
    let piece = |slot: Slot| {
        worn.iter()
            .find(|i| i.category == Category::Armor && i.worn == Some(slot))
    };
    let nine = [Slot::Body, Slot::Shield]
        .into_iter()
        .any(|slot| piece(slot).is_some_and(|i| counts(i) == Counts::Nine));
    let on = |slot: Slot| match piece(slot).map(|i| (i, counts(i))) {
        Some((i, Counts::Bonus(bonus))) if !nine => Some(class_of(i, edition, bonus)),
        _ => None,
    };
    // The cursed piece's « AC 9 [10] » is the book's figure, whatever the game.
    let suit = on(Slot::Body).unwrap_or(if nine {
        unarmoured(Edition::Ose)
    } else {
        unarmoured(edition)
    });
    let better = on(Slot::Shield).map_or(0, |s| s.ac)
        + protection(worn).ring_ac.unwrap_or(0)
        + dex.map_or(0, |dex| dexterity(dex, edition));
    ArmorClass {
        ac: suit.ac - better,
        aac: suit.aac + better,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::item::Identity;

    #[test]
    fn a_characters_armor_class_counts_suit_shield_rings_and_dex() {
        assert_eq!(
            character_class(&[], None, Edition::Ose),
            unarmoured(Edition::Ose)
        );
        let suit = piece("armor", 1, Some(Slot::Body));
        let shield = piece("shield", 0, Some(Slot::Shield));
        let carried = piece("shield", 3, None);
        // Chain +1: AC 4 [15]; a shield: 3 [16]; DEX 16: 1 [18].
        let worn = [&suit, &shield, &carried];
        assert_eq!(
            character_class(&worn, None, Edition::Ose),
            ArmorClass { ac: 3, aac: 16 }
        );
        assert_eq!(
            character_class(&worn, Some(16), Edition::Ose),
            ArmorClass { ac: 1, aac: 18 }
        );
        assert_eq!(
            character_class(&[], Some(3), Edition::Ose),
            ArmorClass { ac: 12, aac: 7 }
        );
        let ose = |dex| dexterity(dex, Edition::Ose);
        assert_eq!((ose(3), ose(4), ose(8), ose(9)), (-3, -2, -1, 0));
        assert_eq!((ose(12), ose(13), ose(16), ose(18)), (0, 1, 2, 3));
    }

    /// AD&D 2e: unarmoured AC 10 (PHB, *Armor Class*), leather AC 8 (Table 46), and DEX's
    /// defensive adjustment (Table 1) at each of its steps.
    #[test]
    fn an_adnd_character_reads_the_phbs_tables() {
        let adnd = |worn: &[&Item], dex| character_class(worn, dex, Edition::Adnd);
        assert_eq!(adnd(&[], None), ArmorClass { ac: 10, aac: 9 });
        let mut leather = piece("armor", 0, Some(Slot::Body));
        leather.name = "Leather armor".into();
        assert_eq!(adnd(&[&leather], None).ac, 8);
        assert_eq!(
            character_class(&[&leather], None, Edition::Ose).ac,
            7,
            "OSE's leather"
        );
        let shield = piece("shield", 0, Some(Slot::Shield));
        assert_eq!(adnd(&[&leather, &shield], Some(16)).ac, 5);
        let dex = |d| dexterity(d, Edition::Adnd);
        assert_eq!(
            (dex(3), dex(4), dex(5), dex(6), dex(7)),
            (-4, -3, -2, -1, 0)
        );
        assert_eq!(
            (dex(14), dex(15), dex(16), dex(17), dex(18)),
            (0, 1, 2, 3, 4)
        );
        assert_eq!((dex(20), dex(21), dex(23), dex(24)), (4, 5, 5, 6));
        assert_eq!(adnd(&[], Some(18)), ArmorClass { ac: 6, aac: 13 });
    }

    /// OSE: « Plate mail 3 [16] »; a plus improves it by one: Plate mail +1 is AC 2 [17]. The
    /// kind comes from `--armor` first, then the name in either language, then the metal.
    #[test]
    fn each_kind_of_armour_gives_its_own_armour_class() {
        let named = |name: &str, fr: &str, bonus| {
            let identity = Identity {
                kind: Some("armor".into()),
                bonus: Some(bonus),
                ..Identity::default()
            };
            Item::new(
                "a".into(),
                name.into(),
                fr.into(),
                Category::Armor,
                identity,
            )
        };
        let plate = named("Plate mail +1", "Armure de plates +1", 1);
        assert_eq!(kind(&plate), ArmorKind::Plate);
        assert_eq!(armor_class(&plate), ArmorClass { ac: 2, aac: 17 });
        assert_eq!(weight(&plate), Weight::Heavy);
        let leather = named("Leather armor", "Armure de cuir", 0);
        assert_eq!(armor_class(&leather), ArmorClass { ac: 7, aac: 12 });
        assert_eq!(weight(&leather), Weight::Light);
        assert_eq!(
            kind(&named("Heirloom", "Armure à bandes", 0)),
            ArmorKind::Banded
        );
        // Banded mail is not on OSE's table: AD&D's AC 4.
        assert_eq!(armor_class(&named("Banded mail", "", 0)).ac, 4);
        // AD&D's own table, for a campaign of AD&D: leather is AC 8 [11], plate still 3.
        assert_eq!(
            armor_class_in(&leather, Edition::Adnd),
            ArmorClass { ac: 8, aac: 11 }
        );
        assert_eq!(
            armor_class_in(&plate, Edition::Adnd),
            ArmorClass { ac: 2, aac: 17 }
        );
        // The kind given wins over the name.
        let mut given = named("Grandfather's coat", "Manteau", 0);
        given.identity.kind = Some("plate".into());
        assert_eq!(armor_class(&given), ArmorClass { ac: 3, aac: 16 });
        // Nothing said: chain mail, or leather when not metal.
        let mut coat = named("Coat", "Manteau", 0);
        assert_eq!(kind(&coat), ArmorKind::Chain);
        coat.identity.metal = Some(false);
        assert_eq!(kind(&coat), ArmorKind::Leather);
        assert_eq!(kind(&piece("shield", 0, None)), ArmorKind::Shield);
    }

    fn piece(kind: &str, bonus: i32, slot: Option<Slot>) -> Item {
        let identity = Identity {
            kind: Some(kind.into()),
            bonus: Some(bonus),
            ..Identity::default()
        };
        let mut i = Item::new(
            kind.into(),
            kind.into(),
            kind.into(),
            Category::Armor,
            identity,
        );
        i.worn = slot;
        i
    }

    #[test]
    fn each_plus_improves_armor_class_and_saves_by_one() {
        let armor = piece("armor", 2, Some(Slot::Body));
        let shield = piece("shield", 1, Some(Slot::Shield));
        let carried = piece("armor", 5, None);
        let p = protection(&[&armor, &shield, &carried]);
        assert_eq!((p.ac, p.saves, p.armor, p.shield), (3, 3, Some(2), Some(1)));
        let cursed = piece("shield", -1, Some(Slot::Shield));
        assert_eq!(protection(&[&cursed]).ac, -1);
        assert!(is_shield(&shield) && !is_shield(&armor));
    }

    fn ring(name: &str, bonus: Option<i32>, hand: Option<Slot>) -> Item {
        let identity = Identity {
            bonus,
            ..Identity::default()
        };
        let mut r = Item::new(
            name.into(),
            name.into(),
            name.into(),
            Category::Ring,
            identity,
        );
        r.worn = hand;
        r
    }

    #[test]
    fn one_worn_ring_of_protection_that_works_adds_its_plus() {
        let plus1 = ring("Ring of Protection +1", None, Some(Slot::LeftHand));
        let p = protection(&[&plus1]);
        assert_eq!((p.ac, p.saves, p.ring, p.ring_ac), (1, 0, Some(1), Some(1)));
        assert!(p.rings_aside.is_empty());
        let plus3 = ring("Ring of Protection", Some(3), Some(Slot::RightHand));
        assert_eq!(protection(&[&plus3]).ac, 3);
        // Carried, or sharing a hand with another ring, it does nothing.
        let carried = ring("Ring of Protection +1", None, None);
        assert_eq!(protection(&[&carried]).ring, None);
        let other = ring("Ring of Warmth", None, Some(Slot::LeftHand));
        assert_eq!(protection(&[&plus1, &other]).ring, None);
    }

    #[test]
    fn a_ring_of_protection_alone_bears_a_bonus_of_its_own() {
        let named = ring("Ring of Protection +2", None, None);
        assert_eq!(worn_bonus(&named), Some(2));
        assert_eq!(
            worn_bonus(&ring("Ring of Protection", Some(3), None)),
            Some(3)
        );
        assert_eq!(
            worn_bonus(&ring("Anneau de protection", None, None)),
            Some(1)
        );
        assert_eq!(worn_bonus(&ring("Ring of Warmth", Some(1), None)), None);
        assert_eq!(worn_bonus(&piece("armor", 2, None)), None, "armor's own");
    }

    #[test]
    fn of_two_rings_of_protection_only_the_strongest_counts() {
        let plus2 = ring("Ring of Protection +2", None, Some(Slot::LeftHand));
        let plus3 = ring("Ring of Protection +3", None, Some(Slot::RightHand));
        let p = protection(&[&plus2, &plus3]);
        assert_eq!((p.ac, p.ring, p.ring_ac), (3, Some(3), Some(3)));
        assert_eq!(p.rings_aside.len(), 1);
        assert_eq!(
            (p.rings_aside[0].item.en.as_str(), p.rings_aside[0].bonus),
            ("Ring of Protection +2", 2)
        );
        assert_eq!(p.rings_aside[0].why, Aside::Weaker);
        // Two as strong: one works, the first worn.
        let twin = ring(
            "Ring of Protection +2 (twin)",
            Some(2),
            Some(Slot::RightHand),
        );
        let p = protection(&[&plus2, &twin]);
        assert_eq!((p.ac, p.ring), (2, Some(2)));
        assert_eq!(p.rings_aside[0].item.en, "Ring of Protection +2 (twin)");
        // Unarmoured and DEX-less: AC 9 [10] better by the strongest alone.
        let ac = character_class(&[&plus2, &plus3], None, Edition::Ose);
        assert_eq!(ac, ArmorClass { ac: 6, aac: 13 });
    }

    #[test]
    fn over_magic_armor_a_ring_of_protection_adds_to_saves_not_armor_class() {
        let plus2 = ring("Ring of Protection +2", None, Some(Slot::LeftHand));
        let plus3 = ring("Ring of Protection +3", None, Some(Slot::RightHand));
        let plate = piece("armor", 1, Some(Slot::Body));
        // The case: two rings and armor +1 are AC better by 1, not 6.
        let p = protection(&[&plus2, &plus3, &plate]);
        assert_eq!((p.ac, p.saves, p.ring, p.ring_ac), (1, 1, Some(3), None));
        let why: Vec<_> = p.rings_aside.iter().map(|r| (r.bonus, r.why)).collect();
        assert_eq!(why, [(3, Aside::MagicArmor), (2, Aside::Weaker)]);
        // Chain +1: AC 4 [15], the rings adding nothing.
        let ac = character_class(&[&plus2, &plus3, &plate], None, Edition::Ose);
        assert_eq!(ac, ArmorClass { ac: 4, aac: 15 });
        // Cursed armor is magic armor too.
        let cursed = piece("armor", -1, Some(Slot::Body));
        assert_eq!(protection(&[&plus2, &cursed]).ring_ac, None);
    }

    #[test]
    fn a_ring_of_protection_adds_to_plain_armor_and_to_any_shield() {
        let plus2 = ring("Ring of Protection +2", None, Some(Slot::LeftHand));
        let plain = piece("armor", 0, Some(Slot::Body));
        let p = protection(&[&plus2, &plain]);
        assert_eq!((p.ac, p.ring_ac), (2, Some(2)));
        assert!(p.rings_aside.is_empty());
        // Chain 5 [14], ring +2: 3 [16].
        let ac = character_class(&[&plus2, &plain], None, Edition::Ose);
        assert_eq!(ac, ArmorClass { ac: 3, aac: 16 });
        let shield = piece("shield", 2, Some(Slot::Shield));
        let p = protection(&[&plus2, &plain, &shield]);
        assert_eq!((p.ac, p.saves, p.ring_ac), (4, 2, Some(2)));
        // Shield +2 improves by 3, ring by 2: 0 [19].
        let ac = character_class(&[&plus2, &plain, &shield], None, Edition::Ose);
        assert_eq!(ac, ArmorClass { ac: 0, aac: 19 });
    }

    /// OSE, *Cursed Armour and Shields*: +1 to every test until used in combat, then its
    /// penalty, or a base AC 9 [10] whatever else is worn; an AD&D cursed piece (no `seems`)
    /// is what it is from the start.
    #[test]
    fn cursed_armour_counts_as_it_seems_until_its_curse_shows() {
        let mut suit = piece("armor", -2, Some(Slot::Body));
        suit.identity.cursed = true;
        suit.holder = Some("ada".into());
        assert_eq!(counts(&suit), Counts::Bonus(-2), "AD&D's");
        assert!(!shows_curse(&suit, "ada"));
        suit.identity.seems = Some(1);
        assert_eq!(counts(&suit), Counts::Bonus(1));
        assert!(shows_curse(&suit, "ada") && !shows_curse(&suit, "bob"));
        // Chainmail +1 as it seems: 4 [15]; once shown, chainmail −2: 7 [12].
        assert_eq!(
            character_class(&[&suit], None, Edition::Ose),
            ArmorClass { ac: 4, aac: 15 }
        );
        suit.attached = true;
        assert!(!curse_hidden(&suit) && !shows_curse(&suit, "ada"));
        assert_eq!(
            character_class(&[&suit], None, Edition::Ose),
            ArmorClass { ac: 7, aac: 12 }
        );
        // « Cursed Shield, AC 9 [10] » over chainmail +1: +2 as it seems, then 9 [10] and DEX.
        let mut shield = piece("shield", 0, Some(Slot::Shield));
        shield.identity = Identity {
            kind: Some("shield".into()),
            cursed: true,
            seems: Some(1),
            ..Identity::default()
        };
        let plus1 = piece("armor", 1, Some(Slot::Body));
        assert_eq!(
            character_class(&[&plus1, &shield], None, Edition::Ose),
            ArmorClass { ac: 2, aac: 17 }
        );
        shield.attached = true;
        assert_eq!(counts(&shield), Counts::Nine);
        assert_eq!(
            character_class(&[&plus1, &shield], None, Edition::Ose),
            unarmoured(Edition::Ose)
        );
        assert_eq!(
            character_class(&[&plus1, &shield], Some(16), Edition::Ose),
            ArmorClass { ac: 7, aac: 12 }
        );
        // Carried, not worn: a wound shows nothing.
        let mut carried = piece("armor", -1, None);
        carried.identity.seems = Some(1);
        carried.holder = Some("ada".into());
        assert!(!shows_curse(&carried, "ada"));
        // Made by hand: OSE's hides its curse, AD&D's not; nor does what is not cursed.
        use crate::magic::Items;
        assert_eq!(seems(Category::Armor, true, Items::Ose), Some(1));
        assert_eq!(seems(Category::Armor, true, Items::Adnd), None);
        assert_eq!(seems(Category::Armor, false, Items::Ose), None);
        assert_eq!(seems(Category::Sword, true, Items::Ose), None);
    }

    #[test]
    fn cursed_armour_goes_by_the_bonus_it_seems_to_have() {
        for (name, seen) in [
            ("Chainmail −1, cursed", "Chainmail +1"),
            (
                "Plate mail −2, cursed, and shield +1",
                "Plate mail +1 and shield +1",
            ),
            ("Leather armour, cursed, AC 9 [10]", "Leather armour +1"),
            ("Shield −2, cursed", "Shield +1"),
            (
                "Armure de plates −2, maudite, et bouclier +1",
                "Armure de plates +1 et bouclier +1",
            ),
            ("Bouclier, maudit, CA 9 [10]", "Bouclier +1"),
            ("Cotte de mailles −1, maudite", "Cotte de mailles +1"),
            ("Grandfather's coat", "Grandfather's coat"),
        ] {
            assert_eq!(seeming_name(name, 1), seen);
        }
    }

    #[test]
    fn metal_by_bonus_for_metal_armor_only() {
        assert_eq!(material(Category::Armor, Some(true), Some(2)), None);
        assert_eq!(
            material(Category::Armor, Some(true), Some(3)),
            Some("meteoric-iron-steel")
        );
        assert_eq!(
            material(Category::Armor, Some(true), Some(4)),
            Some("mithril-steel")
        );
        assert_eq!(
            material(Category::Armor, Some(true), Some(5)),
            Some("adamantite-steel")
        );
        assert_eq!(material(Category::Armor, Some(false), Some(5)), None);
        assert_eq!(material(Category::Sword, Some(true), Some(5)), None);
    }

    #[test]
    fn armor_class_by_weight_improved_by_each_plus() {
        let class = |kind: &str, metal: Option<bool>, bonus: Option<i32>| {
            let mut i = piece(kind, 0, None);
            i.identity.metal = metal;
            i.identity.bonus = bonus;
            (weight(&i), armor_class(&i))
        };
        let ac = |ac, aac| ArmorClass { ac, aac };
        assert_eq!(
            class("armor", Some(false), None),
            (Weight::Light, ac(7, 12))
        );
        assert_eq!(
            class("armor", Some(false), Some(2)),
            (Weight::Light, ac(5, 14))
        );
        assert_eq!(
            class("armor", Some(true), Some(1)),
            (Weight::Heavy, ac(4, 15))
        );
        assert_eq!(
            class("armor", None, None),
            (Weight::Heavy, ac(5, 14)),
            "unknown: heavy"
        );
        assert_eq!(
            class("armor", Some(true), Some(-1)),
            (Weight::Heavy, ac(6, 13)),
            "cursed"
        );
        assert_eq!(
            class("shield", Some(false), None),
            (Weight::Shield, ac(1, 1))
        );
        assert_eq!(
            class("shield", Some(true), Some(2)),
            (Weight::Shield, ac(3, 3))
        );
    }
}
