//! What a magic item is: its category, its true identity (fixed when it is made) and the state
//! play changes (who holds it, charges left, faded, drained …), with the parts they hold — a
//! book's nature and what it bears on, a sword's mind, the control it has and the
//! circumstances waiting on it. Plain data: the rules over an item are their own modules'
//! (`book`, `control`, `armor` …), above this one, and what a category's rules fill in of
//! an identity is `defaults`'.

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
    /// Goods bought from the edition's price list (`hoard buy`), not magic, worth what they
    /// were bought for; bought armour and weapons are of their own category ([`Item::bought`]).
    Gear,
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
            Category::Gear => "gear",
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
            // The edition's price list sells them: `buy` records them.
            Category::Gear => "equipment",
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
            Category::Gear => ("gear", "équipement"),
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
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
            "gear" | "equipment" | "équipement" | "equipement" => Category::Gear,
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
    pub bears_on: Vec<Bearing>,
}

/// A class or an ability a book bears on most, for good or ill — what a first wish tells of it
/// with its general content (« révélant son contenu général et sur quelles classes ou
/// caractéristiques celui-ci a la plus grande influence (pas nécessairement en bien) »): the
/// DMG's four groups of classes and the six abilities.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Bearing {
    Wizards,
    Priests,
    Warriors,
    Rogues,
    Strength,
    Intelligence,
    Wisdom,
    Dexterity,
    Constitution,
    Charisma,
}

impl Bearing {
    pub const ALL: [Bearing; 10] = [
        Bearing::Wizards,
        Bearing::Priests,
        Bearing::Warriors,
        Bearing::Rogues,
        Bearing::Strength,
        Bearing::Intelligence,
        Bearing::Wisdom,
        Bearing::Dexterity,
        Bearing::Constitution,
        Bearing::Charisma,
    ];
    /// Their ids, as tables write them (`bears_on = ["wizards"]`), in [`Bearing::ALL`]'s order.
    pub const IDS: [&'static str; 10] = [
        "wizards",
        "priests",
        "warriors",
        "rogues",
        "strength",
        "intelligence",
        "wisdom",
        "dexterity",
        "constitution",
        "charisma",
    ];

    /// The bearing a table's id names.
    pub fn from_id(id: &str) -> Option<Bearing> {
        let at = Bearing::IDS.iter().position(|i| *i == id)?;
        Some(Bearing::ALL[at])
    }

    /// Its name, in English and in French with its article (the edge shows one).
    pub fn names(self) -> (&'static str, &'static str) {
        match self {
            Bearing::Wizards => ("wizards", "les magiciens"),
            Bearing::Priests => ("priests", "les prêtres"),
            Bearing::Warriors => ("warriors", "les combattants"),
            Bearing::Rogues => ("rogues", "les roublards"),
            Bearing::Strength => ("Strength", "la Force"),
            Bearing::Intelligence => ("Intelligence", "l'Intelligence"),
            Bearing::Wisdom => ("Wisdom", "la Sagesse"),
            Bearing::Dexterity => ("Dexterity", "la Dextérité"),
            Bearing::Constitution => ("Constitution", "la Constitution"),
            Bearing::Charisma => ("Charisma", "le Charisme"),
        }
    }
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
    /// Cursed armour or a cursed shield of OSE's: the bonus every test shows until it is used
    /// in combat (OSE Classic Fantasy, *Cursed Armour and Shields*: « enchanted with a +1
    /// bonus »), when its curse shows (`rules::armor::curse_hidden`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seems: Option<i32>,
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
    /// Gear: what one piece weighs, in coins, by the price list it was bought from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weight: Option<u32>,
    /// Gear: how many pieces `value` paid for (its `count` is how many are left).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lot: Option<u32>,
    /// Gear that gives light or feeds it (`light`), and the turns one piece burns.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub light: Option<Light>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub burns: Option<u32>,
    /// Gear eaten a piece a day on an expedition (`campaign set rations on`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub ration: bool,
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
    /// The expedition (a session with a party) that found it or put it back into the party's
    /// treasure, while that session is open: what a party finds is with that party until its
    /// session ends (then it is the campaign's). `None` once anyone holds it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pooled_in: Option<u32>,
    /// A light lit (`light`): the game time it was lit, or last took a new piece to burn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lit: Option<i64>,
    /// The rounds its current piece (a torch, a lantern's flask) had burnt by then.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub burnt: i64,
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

/// A sword in control of its holder: since when, and the circumstance whose end releases them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Control {
    pub character: String,
    pub trigger: Trigger,
    /// The ledger number of the check that gave control, and the game time.
    pub since: i64,
    pub since_round: i64,
    /// Jealousy: the other weapon whose leaving ends it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<String>,
    /// Circumstances that arose while it held — this sword's or another's — each checked at
    /// once when the control ends, if still in force then (see [`crate::control`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub waiting: Vec<Circumstance>,
}

/// Why a control check happens (OSE *Sentient Swords*: « Un test de contrôle devient
/// nécessaire dans l'une des circonstances suivantes »).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// « Premier contact : Lorsque le personnage touche l'épée pour la première fois. »
    FirstContact,
    /// « Blessé : Lorsque le personnage est réduit à la moitié ou moins de ses points de vie. »
    Wounded,
    /// « Jalousie : Lorsqu'une autre arme magique entre en possession du personnage. »
    Jealousy,
    /// « Différence d'alignement : À chaque utilisation, si l'épée et le personnage sont d'un
    /// alignement différent. »
    Alignment,
    /// « But spécial : chaque fois que le but spécial est applicable. »
    SpecialPurpose,
}

/// One circumstance calling for a check by one sword over its holder.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Circumstance {
    pub sword: String,
    pub trigger: Trigger,
    /// Jealousy: the other weapon.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<String>,
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
            pooled_in: None,
            lit: None,
            burnt: 0,
        }
    }

    /// A sentient sword's mind, if it has one.
    pub fn sentience(&self) -> Option<&Sentience> {
        self.identity.sentience.as_ref()
    }

    /// A magic weapon (for a sword's jealousy): a magic sword or weapon, not one bought.
    pub fn is_magic_weapon(&self) -> bool {
        matches!(self.category, Category::Sword | Category::Weapon) && !self.bought()
    }

    /// Bought from a price list (`hoard buy` sets the lot it paid for): plain goods whatever
    /// its category, known whole by anyone, sold on the equipment market.
    pub fn bought(&self) -> bool {
        self.identity.lot.is_some()
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

/// What a piece of gear does for light, as its price list says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Light {
    /// Burns itself, one piece at a time, `burns` turns each.
    Torch,
    /// Burns oil: the holder's flasks.
    Lantern,
    /// A lantern's fuel, `burns` turns a piece.
    Oil,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bearings_are_read_by_their_ids_and_nothing_else() {
        for (bearing, id) in Bearing::ALL.iter().zip(Bearing::IDS) {
            assert_eq!(Bearing::from_id(id), Some(*bearing));
            assert_eq!(serde_json::to_value(bearing).unwrap(), id);
        }
        assert_eq!(Bearing::from_id("Wizards"), None);
        assert_eq!(Bearing::from_id("thieves"), None);
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
