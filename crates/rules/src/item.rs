//! What a magic item is: its category, its true identity (fixed when it is made) and the state
//! play changes (who holds it, charges left, faded, drained …).

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::alignment::Alignment;
use crate::dice::Roll;

/// The categories of magic items of the AD&D 2e *Dungeon Master Guide*.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Category {
    Potion,
    Scroll,
    Ring,
    Rod,
    Staff,
    Wand,
    Book,
    Clothing,
    Boots,
    Household,
    Instrument,
    Misc,
    Armor,
    Sword,
    Weapon,
    /// Gems, jewelry, art and other valuables: treasure worth its value in coins, not magic.
    Valuable,
}

impl Category {
    pub const ALL: [Category; 15] = [
        Category::Potion,
        Category::Scroll,
        Category::Ring,
        Category::Rod,
        Category::Staff,
        Category::Wand,
        Category::Book,
        Category::Clothing,
        Category::Boots,
        Category::Household,
        Category::Instrument,
        Category::Misc,
        Category::Armor,
        Category::Sword,
        Category::Weapon,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Category::Potion => "potion",
            Category::Scroll => "scroll",
            Category::Ring => "ring",
            Category::Rod => "rod",
            Category::Staff => "staff",
            Category::Wand => "wand",
            Category::Book => "book",
            Category::Clothing => "clothing",
            Category::Boots => "boots",
            Category::Household => "household",
            Category::Instrument => "instrument",
            Category::Misc => "misc",
            Category::Armor => "armor",
            Category::Sword => "sword",
            Category::Weapon => "weapon",
            Category::Valuable => "valuable",
        }
    }

    /// The table `generate CATEGORY` starts from.
    pub fn table(self) -> &'static str {
        match self {
            Category::Potion => "potions",
            Category::Scroll => "scrolls",
            Category::Ring => "rings",
            Category::Rod => "rods",
            Category::Staff => "staves",
            Category::Wand => "wands",
            Category::Book => "books",
            Category::Clothing => "clothing",
            Category::Boots => "boots",
            Category::Household => "household",
            Category::Instrument => "instruments",
            Category::Misc => "misc",
            Category::Armor => "armor",
            Category::Sword => "swords",
            Category::Weapon => "weapons",
            // No table makes them: `valuable add` records them.
            Category::Valuable => "valuables",
        }
    }

    /// What a character can put on: rings, and armor or a shield. Nothing else is ever worn.
    pub fn wearable(self) -> bool {
        matches!(self, Category::Ring | Category::Armor)
    }

    /// Its name, in English and in French (the edge shows one: `label`, in `view::words`).
    pub fn names(self) -> (&'static str, &'static str) {
        match self {
            Category::Potion => ("potion or oil", "potion ou huile"),
            Category::Scroll => ("scroll", "parchemin"),
            Category::Ring => ("ring", "anneau"),
            Category::Rod => ("rod", "sceptre"),
            Category::Staff => ("staff", "bâton"),
            Category::Wand => ("wand", "baguette"),
            Category::Book => ("book", "livre"),
            Category::Clothing => ("clothing", "vêtement"),
            Category::Boots => ("boots or gauntlets", "bottes ou gantelets"),
            Category::Household => ("household item or tool", "objet domestique ou outil"),
            Category::Instrument => ("musical instrument", "instrument de musique"),
            Category::Misc => ("miscellaneous item", "objet divers"),
            Category::Armor => ("armor or shield", "armure ou bouclier"),
            Category::Sword => ("sword", "épée"),
            Category::Weapon => ("weapon", "arme"),
            Category::Valuable => ("valuable", "objet de valeur"),
        }
    }

    /// Whether items of this category hold charges that run out.
    pub fn charged(self) -> bool {
        matches!(self, Category::Rod | Category::Staff | Category::Wand)
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is no category: the text as given (its words are the edge's: `view::words`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownCategory(pub String);

impl FromStr for Category {
    type Err = UnknownCategory;

    /// English and French names, singular and plural.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let key = s.trim().to_lowercase();
        let found = match key.as_str() {
            "potion" | "potions" | "oil" | "oils" | "huile" | "huiles" => Category::Potion,
            "scroll" | "scrolls" | "parchemin" | "parchemins" => Category::Scroll,
            "ring" | "rings" | "anneau" | "anneaux" | "bague" | "bagues" => Category::Ring,
            "rod" | "rods" | "sceptre" | "sceptres" => Category::Rod,
            "staff" | "staves" | "staffs" | "baton" | "bâton" | "batons" | "bâtons" => {
                Category::Staff
            }
            "wand" | "wands" | "baguette" | "baguettes" => Category::Wand,
            "book" | "books" | "tome" | "tomes" | "livre" | "livres" => Category::Book,
            "clothing" | "clothes" | "vetement" | "vêtement" | "vetements" | "vêtements" => {
                Category::Clothing
            }
            "boots" | "boot" | "gauntlets" | "gloves" | "bottes" | "gantelets" => Category::Boots,
            "household" | "tool" | "tools" | "outil" | "outils" => Category::Household,
            "instrument" | "instruments" => Category::Instrument,
            "misc" | "miscellaneous" | "divers" => Category::Misc,
            "armor" | "armour" | "armors" | "armours" | "shield" | "shields" | "armure"
            | "armures" | "bouclier" | "boucliers" => Category::Armor,
            "sword" | "swords" | "epee" | "épée" | "epees" | "épées" => Category::Sword,
            "weapon" | "weapons" | "arme" | "armes" => Category::Weapon,
            "valuable" | "valuables" | "gem" | "gems" | "jewelry" | "jewellery" | "art"
            | "gemme" | "gemmes" | "bijou" | "bijoux" | "objet de valeur" => Category::Valuable,
            _ => return Err(UnknownCategory(s.to_string())),
        };
        Ok(found)
    }
}

/// What happened to an item for good.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    #[default]
    Intact,
    /// A potion drunk, an oil applied, a protection scroll read, a dust used.
    Consumed,
    /// A scroll that faded before it was read: blank.
    Faded,
    /// Its last charge spent: no magic left, never usable or rechargeable again.
    Drained,
    /// Drained and then crumbled to dust.
    Crumbled,
    /// A book that vanished once studied.
    Vanished,
    /// Sold (`hoard sell`): out of play, its price in coins.
    Sold,
}

impl Status {
    /// Used up: drunk or applied, crumbled to dust, faded blank, vanished, sold. Such an item is
    /// not what its name asks for where a living item of that name fits (`give`, `touch`,
    /// the shell's completion …).
    pub const USED_UP: [Status; 5] = [
        Status::Consumed,
        Status::Crumbled,
        Status::Faded,
        Status::Vanished,
        Status::Sold,
    ];

    pub fn used_up(self) -> bool {
        Status::USED_UP.contains(&self)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Intact => "intact",
            Status::Consumed => "consumed",
            Status::Faded => "faded",
            Status::Drained => "drained",
            Status::Crumbled => "crumbled",
            Status::Vanished => "vanished",
            Status::Sold => "sold",
        }
    }
}

/// One spell on a scroll: its level, the caster level it is written at, and whether it has
/// been cast or copied (and so erased).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScrollSpell {
    pub level: u8,
    /// The caster level this spell level needs.
    pub needs: u8,
    pub written_at: u8,
    #[serde(default)]
    pub erased: bool,
}

/// A book's nature, known to the referee from the start and to players only through a wish.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BookNature {
    pub beneficial: bool,
    /// The alignment a book favours, if it favours one.
    pub alignment: Option<Alignment>,
    /// The classes or abilities it bears on most, for good or ill (none on books made before
    /// hoard kept them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bears_on: Vec<crate::book::Bearing>,
}

/// One power of a sentient sword, with its usage limit from the tables.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Power {
    pub id: String,
    pub name: String,
    pub name_fr: String,
    pub uses: String,
}

/// A sword's special purpose.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Purpose {
    pub id: String,
    pub name: String,
    pub name_fr: String,
}

/// Everything OSE *Sentient Swords* decides about a sentient sword.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sentience {
    pub int: u8,
    pub ego: u8,
    pub alignment: Alignment,
    /// `empathy` or `speech`.
    pub communication: String,
    pub reads: bool,
    /// The alignment language plus this many others.
    pub languages: u32,
    pub sensory_powers: Vec<Power>,
    pub extraordinary_powers: Vec<Power>,
    pub special_purpose: Option<Purpose>,
}

/// An item's true identity, fixed when it is made (but for a valuable's worth, halved once
/// when it is damaged).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Identity {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// Initiative adjustment and operating level of the item's non-permanent powers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub initiative: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bonus: Option<i32>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub cursed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metal: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub material: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blade: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub consumable: bool,
    /// Effect duration in turns, as a dice formula ("0": instant). None: the category's rule.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration: Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub trapped: bool,
    /// The character who made it (a trapped wand works for its maker).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub maker: Option<String>,
    /// Spell scrolls: `wizard` or `priest`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub caster: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub book: Option<BookNature>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sentience: Option<Sentience>,
    /// Valuables: what it is worth (its kind is `gem`, `jewelry`, `art` or `other`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<crate::coins::Coins>,
    /// Jewellery or art damaged by rough treatment (`valuable damage`): worth half.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub damaged: bool,
}

/// The initiative adjustment and operating level of a category's non-permanent powers (AD&D 2e
/// DMG): rings « ont un ajustement à l'initiative de +3 et fonctionnent au 12ème niveau »;
/// rods « un ajustement à l'initiative de +1 et fonctionnent au 8ème niveau »; staves « +2 et
/// fonctionnent au 8ème niveau »; wands « +3 et fonctionnent au 6ème niveau »; armor, shields
/// and every other magic item « +3 et fonctionnent au 12ème niveau ». Potions, scrolls and books
/// have their own timing. An item whose power is a spell castable only higher says so itself
/// (its table row, or `--level`).
pub fn powers(category: Category) -> Option<(i32, u32)> {
    match category {
        Category::Potion | Category::Scroll | Category::Book | Category::Valuable => None,
        Category::Rod => Some((1, 8)),
        Category::Staff => Some((2, 8)),
        Category::Wand => Some((3, 6)),
        Category::Ring
        | Category::Clothing
        | Category::Boots
        | Category::Household
        | Category::Instrument
        | Category::Misc
        | Category::Armor
        | Category::Sword
        | Category::Weapon => Some((3, 12)),
    }
}

impl Identity {
    /// Fill in what the category's rules decide and the identity leaves unsaid: the
    /// initiative and level of its powers ([`powers`]), and the metal of +3, +4 and +5 metal
    /// armor and shields ([`crate::armor::material`]). Generated and hand-made items
    /// both go through here.
    pub fn complete(&mut self, category: Category) {
        if let Some((initiative, level)) = powers(category) {
            self.initiative.get_or_insert(initiative);
            self.level.get_or_insert(level);
        }
        if self.material.is_none() {
            self.material =
                crate::armor::material(category, self.metal, self.bonus).map(str::to_string);
        }
    }

    /// An identity the referee gives by hand, completed as a generated one is. Armor and
    /// shields are taken to be metal unless the referee says not: most armor of the DMG's
    /// table, and every magic shield, is.
    pub fn by_hand(mut self, category: Category) -> Identity {
        if category == Category::Armor {
            self.metal.get_or_insert(true);
        }
        self.complete(category);
        self
    }
}

/// A magic item: its true identity (fixed when made) and what play has done to it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Item {
    pub id: String,
    pub name: String,
    pub name_fr: String,
    pub category: Category,
    /// The character who holds it; `None`: the party's unowned treasure, or `place`.
    pub holder: Option<String>,
    /// A named place it was left at (`stash`), when nobody holds it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
    pub charges: Option<i32>,
    #[serde(default)]
    pub status: Status,
    #[serde(default)]
    pub identity: Identity,
    /// The spells of a spell scroll, each erased once cast or copied.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spells: Vec<ScrollSpell>,
    /// Where it is worn, if it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worn: Option<Slot>,
    /// A harmful book bound to its owner: it can be neither given nor dropped.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub attached: bool,
    /// What each character (by id) knows of it.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub known: BTreeMap<String, Knowledge>,
    /// Valuables: the worth each character (by id) believes because an appraisal told them
    /// wrong (a fake gem), shown them instead of its value until a true appraisal.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub appraised: BTreeMap<String, crate::coins::Coins>,
    /// Characters the maker of a trapped wand designated: it works for them too.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trusted: Vec<String>,
    /// Sentient swords: the characters who have touched it (they know its alignment, and
    /// their first contact is behind them). Scrolls: the characters who have taken it in
    /// hand (its one chance to fade is behind it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub touched: Vec<String>,
    /// Sentient swords: the character it controls now, and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub control: Option<Control>,
}

/// A sword in control of its holder: since when, and the circumstance whose end releases them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Control {
    pub character: String,
    pub trigger: crate::control::Trigger,
    /// The ledger number of the check that gave control, and the game time.
    pub since: i64,
    pub since_round: i64,
    /// Jealousy: the other weapon whose leaving ends it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<String>,
    /// Circumstances that arose while it held — this sword's or another's — each checked at
    /// once when the control ends, if still in force then (see [`crate::control`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub waiting: Vec<crate::control::Circumstance>,
}

/// Where a worn item is worn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Slot {
    LeftHand,
    RightHand,
    Body,
    Shield,
    /// A sword wielded: in its holder's hand.
    Hand,
}

impl Slot {
    /// Where it is, in English and in French (the edge shows one: `label`, in `view::words`).
    pub fn names(self) -> (&'static str, &'static str) {
        match self {
            Slot::LeftHand => ("left hand", "main gauche"),
            Slot::RightHand => ("right hand", "main droite"),
            Slot::Body => ("worn", "portée"),
            Slot::Shield => ("on the arm", "au bras"),
            Slot::Hand => ("in hand", "en main"),
        }
    }
}

/// How much a character knows of an item, from nothing to everything.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Knowledge {
    /// That it is magic, and powerful (bard lore or an identify spell on a book).
    Magical,
    /// What it is (its name): a bard's lore, a first wish on a book.
    General,
    /// Everything: its powers, charges, curse.
    Full,
}

impl Item {
    /// A new, intact item in the party's treasure.
    pub fn new(
        id: String,
        name: String,
        name_fr: String,
        category: Category,
        identity: Identity,
    ) -> Item {
        Item {
            id,
            name,
            name_fr,
            category,
            holder: None,
            place: None,
            charges: None,
            status: Status::Intact,
            identity,
            spells: Vec::new(),
            worn: None,
            attached: false,
            known: BTreeMap::new(),
            appraised: BTreeMap::new(),
            trusted: Vec::new(),
            touched: Vec::new(),
            control: None,
        }
    }

    /// A sentient sword's mind, if it has one.
    pub fn sentience(&self) -> Option<&Sentience> {
        self.identity.sentience.as_ref()
    }

    /// A magic weapon (for a sword's jealousy): a magic sword or weapon.
    pub fn is_magic_weapon(&self) -> bool {
        matches!(self.category, Category::Sword | Category::Weapon)
    }

    /// What `who` knows of this item (nothing if absent).
    pub fn knowledge(&self, who: &str) -> Option<Knowledge> {
        self.known.get(who).copied()
    }

    /// Whether the item is gone for good: drunk, crumbled, vanished, sold.
    pub fn is_gone(&self) -> bool {
        matches!(
            self.status,
            Status::Consumed | Status::Crumbled | Status::Vanished | Status::Sold
        )
    }

    /// Its names, as a refusal carries them (the name in the reader's language is the
    /// edge's: `Item::name`, in `view::words`).
    pub fn names(&self) -> Names {
        Names {
            en: self.name.clone(),
            fr: self.name_fr.clone(),
        }
    }
}

/// A name in English and in French, as the tables give it (an empty French name stands for
/// the English one); which is shown is the edge's choice.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Names {
    pub en: String,
    pub fr: String,
}

impl Names {
    /// Both names, the French one being the English where it is empty: as JSON carries them.
    pub fn both(en: &str, fr: &str) -> Names {
        let fr = if fr.is_empty() { en } else { fr };
        Names {
            en: en.to_string(),
            fr: fr.to_string(),
        }
    }
}

/// A roll made while making an item, kept for `explain`: a table roll names the table (with
/// its version) and the entry it landed on; other rolls say what they decided.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// The table rolled on, or what the roll decided (`charges`, `int`, `ego` …).
    pub what: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<u32>,
    #[serde(flatten)]
    pub roll: Roll,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entry: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hand_made_item_gets_its_categorys_power_timing_unless_given() {
        let ring = Identity::default().by_hand(Category::Ring);
        assert_eq!((ring.initiative, ring.level), (Some(3), Some(12)));
        let rod = Identity::default().by_hand(Category::Rod);
        assert_eq!((rod.initiative, rod.level), (Some(1), Some(8)));
        let staff = Identity::default().by_hand(Category::Staff);
        assert_eq!((staff.initiative, staff.level), (Some(2), Some(8)));
        let wand = Identity::default().by_hand(Category::Wand);
        assert_eq!((wand.initiative, wand.level), (Some(3), Some(6)));
        let potion = Identity::default().by_hand(Category::Potion);
        assert_eq!((potion.initiative, potion.level), (None, None));
        let given = Identity {
            level: Some(18),
            ..Identity::default()
        }
        .by_hand(Category::Ring);
        assert_eq!((given.initiative, given.level), (Some(3), Some(18)));
    }

    #[test]
    fn hand_made_plus_3_to_plus_5_armor_gets_its_metal_unless_given() {
        let armor = |bonus: i32| Identity {
            bonus: Some(bonus),
            ..Identity::default()
        };
        let material = |i: Identity| i.by_hand(Category::Armor).material;
        assert_eq!(material(armor(2)), None, "+2: no special metal");
        assert_eq!(material(armor(3)).as_deref(), Some("meteoric-iron-steel"));
        assert_eq!(material(armor(4)).as_deref(), Some("mithril-steel"));
        assert_eq!(material(armor(5)).as_deref(), Some("adamantite-steel"));
        let leather = Identity {
            metal: Some(false),
            ..armor(3)
        };
        assert_eq!(material(leather), None, "not metal");
        let given = Identity {
            material: Some("dragon-scale".into()),
            ..armor(5)
        };
        assert_eq!(material(given).as_deref(), Some("dragon-scale"));
        assert_eq!(Identity::default().by_hand(Category::Weapon).material, None);
    }

    #[test]
    fn the_shipped_tables_agree_with_the_categorys_power_timing() {
        use crate::tables::{Tables, shipped};
        let tables = Tables::parse(&shipped()).unwrap();
        for name in [
            "rings-a",
            "rods",
            "staves",
            "wands",
            "armor",
            "weapons-a",
            "boots",
        ] {
            let t = tables.get(name).unwrap();
            let entry = t
                .entries
                .iter()
                .find(|e| e.props.category.is_some())
                .unwrap();
            let category = entry.props.category.unwrap();
            let (initiative, level) = powers(category).unwrap();
            assert_eq!(entry.props.initiative, Some(initiative), "{name}");
            if name != "rings-a" {
                assert_eq!(entry.props.level, Some(level), "{name}");
            }
        }
    }

    #[test]
    fn category_names_in_both_languages_and_plural() {
        assert_eq!("Potions".parse(), Ok(Category::Potion));
        assert_eq!("épées".parse(), Ok(Category::Sword));
        assert_eq!("staves".parse(), Ok(Category::Staff));
        assert_eq!("armures".parse(), Ok(Category::Armor));
        assert_eq!(
            "Gadget".parse::<Category>(),
            Err(UnknownCategory("Gadget".into()))
        );
        for c in Category::ALL {
            assert_eq!(c.as_str().parse(), Ok(c));
        }
    }
}
