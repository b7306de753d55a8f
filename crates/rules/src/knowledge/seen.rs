//! What a viewer may see of an item (the one rule every view follows: `--as`, exports, the web
//! server, Foundry): the referee everything, a character or the party what they have learnt,
//! and someone who does not know an item only what it looks like.

use super::identification::knows_alignment;
use crate::alignment::Alignment;
use crate::item::{Bearing, Category, Item, Knowledge, Names, Power, Purpose, Sentience, Slot};
use crate::scroll;
use serde::ser::SerializeMap;

/// What an item looks like to someone who does not know what it is. Its JSON is its name in
/// snake case (`unknown_potion`), beside what it is called ([`Look::names`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Look {
    UnknownOil,
    UnknownPotion,
    /// A spell scroll: writing in a hand the reader does not know.
    ScrollInAnUnknownHand,
    Scroll,
    Ring,
    Rod,
    Staff,
    Wand,
    /// A book of mystic lore.
    Book,
    Garment,
    BootsOrGloves,
    HouseholdObject,
    MusicalInstrument,
    CuriousObject,
    Shield,
    SuitOfArmor,
    LongSword,
    BroadSword,
    Scimitar,
    Falchion,
    ShortSword,
    BastardSword,
    TwoHandedSword,
    /// A sword of no known blade.
    Sword,
    Weapon,
    Gem,
    PieceOfJewelry,
    ObjectOfArt,
    Valuable,
    /// Goods bought (never disguised: anyone knows a torch).
    Gear,
}

impl Look {
    /// What it is called, in English and in French (the edge shows one).
    pub fn names(self) -> (&'static str, &'static str) {
        match self {
            Look::UnknownOil => ("unknown oil", "huile inconnue"),
            Look::UnknownPotion => ("unknown potion", "potion inconnue"),
            Look::ScrollInAnUnknownHand => (
                "scroll in an unknown hand",
                "parchemin d'une écriture inconnue",
            ),
            Look::Scroll => ("scroll", "parchemin"),
            Look::Ring => ("ring", "anneau"),
            Look::Rod => ("rod", "sceptre"),
            Look::Staff => ("staff", "bâton"),
            Look::Wand => ("wand", "baguette"),
            Look::Book => ("book of mystic lore", "ouvrage de savoir mystique"),
            Look::Garment => ("garment", "vêtement"),
            Look::BootsOrGloves => ("boots or gloves", "bottes ou gants"),
            Look::HouseholdObject => ("household object", "objet domestique"),
            Look::MusicalInstrument => ("musical instrument", "instrument de musique"),
            Look::CuriousObject => ("curious object", "objet curieux"),
            Look::Shield => ("shield", "bouclier"),
            Look::SuitOfArmor => ("suit of armor", "armure"),
            Look::LongSword => ("long sword", "épée longue"),
            Look::BroadSword => ("broad sword", "épée large"),
            Look::Scimitar => ("scimitar", "cimeterre"),
            Look::Falchion => ("falchion", "fauchon"),
            Look::ShortSword => ("short sword", "épée courte"),
            Look::BastardSword => ("bastard sword", "épée bâtarde"),
            Look::TwoHandedSword => ("two-handed sword", "épée à deux mains"),
            Look::Sword => ("sword", "épée"),
            Look::Weapon => ("weapon", "arme"),
            Look::Gem => ("gem", "gemme"),
            Look::PieceOfJewelry => ("piece of jewelry", "bijou"),
            Look::ObjectOfArt => ("object of art", "objet d'art"),
            Look::Valuable => ("valuable", "objet de valeur"),
            Look::Gear => ("gear", "équipement"),
        }
    }
}

/// What an item looks like to someone who does not know what it is: what anyone sees — its
/// category, an oil's flask, a spell scroll's writing, a shield's shape, a sword's blade, a
/// valuable's kind.
pub fn disguise(item: &Item) -> Look {
    let kind = item.identity.kind.as_deref();
    match item.category {
        Category::Potion if kind == Some("oil") => Look::UnknownOil,
        Category::Potion => Look::UnknownPotion,
        Category::Scroll if scroll::is_spell_scroll(item) => Look::ScrollInAnUnknownHand,
        Category::Scroll => Look::Scroll,
        Category::Ring => Look::Ring,
        Category::Rod => Look::Rod,
        Category::Staff => Look::Staff,
        Category::Wand => Look::Wand,
        Category::Book => Look::Book,
        Category::Clothing => Look::Garment,
        Category::Boots => Look::BootsOrGloves,
        Category::Household => Look::HouseholdObject,
        Category::Instrument => Look::MusicalInstrument,
        Category::Misc => Look::CuriousObject,
        Category::Armor if kind == Some("shield") => Look::Shield,
        Category::Armor => Look::SuitOfArmor,
        Category::Sword => match item.identity.blade.as_deref() {
            Some("long") => Look::LongSword,
            Some("broad") => Look::BroadSword,
            Some("scimitar") => Look::Scimitar,
            Some("falchion") => Look::Falchion,
            Some("short") => Look::ShortSword,
            Some("bastard") => Look::BastardSword,
            Some("two-handed") => Look::TwoHandedSword,
            _ => Look::Sword,
        },
        Category::Weapon => Look::Weapon,
        Category::Valuable => match kind {
            Some("gem") => Look::Gem,
            Some("jewelry") => Look::PieceOfJewelry,
            Some("art") => Look::ObjectOfArt,
            _ => Look::Valuable,
        },
        Category::Gear => Look::Gear,
    }
}

/// The name someone knows an item by, as data (its words: `i18n::known`). Its JSON, the same
/// in every language, is `name` and `name_fr` (the true names, or what it looks like), and
/// what else is known: the `look` of an item not known by its true name, and a book's
/// general content (`bears_on`, `favours`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KnownName {
    /// What it is: its true name, in English and in French.
    True { en: String, fr: String },
    /// Nothing known: what it looks like.
    Unknown(Look),
    /// That it is magic and of great power (an identify spell on a book, bard lore on one),
    /// not what it is.
    Magical(Look),
    /// A book whose general content a first wish told: the classes or abilities it bears on
    /// most and the alignment it favours, if one, but neither its title nor whether it helps
    /// or harms (AD&D 2e DMG, *Books*: « révélant son contenu général et sur quelles classes
    /// ou caractéristiques celui-ci a la plus grande influence (pas nécessairement en bien).
    /// Un second souhait est nécessaire pour déterminer son contenu exact »).
    GeneralContent {
        look: Look,
        bears_on: Vec<Bearing>,
        alignment: Option<Alignment>,
    },
}

impl KnownName {
    /// The name itself, in English and in French: the true names, or what it looks like.
    pub fn names(&self) -> Names {
        let (en, fr) = match self {
            KnownName::True { en, fr } => return Names::both(en, fr),
            KnownName::Unknown(look)
            | KnownName::Magical(look)
            | KnownName::GeneralContent { look, .. } => look.names(),
        };
        Names::both(en, fr)
    }

    /// Its JSON's entries, into the map of the object that holds it.
    fn entries<M: SerializeMap>(&self, out: &mut M) -> Result<(), M::Error> {
        let names = self.names();
        out.serialize_entry("name", &names.en)?;
        out.serialize_entry("name_fr", &names.fr)?;
        match self {
            KnownName::True { .. } => {}
            KnownName::Unknown(look) | KnownName::Magical(look) => {
                out.serialize_entry("look", look)?
            }
            KnownName::GeneralContent {
                look,
                bears_on,
                alignment,
            } => {
                out.serialize_entry("look", look)?;
                out.serialize_entry("bears_on", bears_on)?;
                out.serialize_entry("favours", alignment)?;
            }
        }
        Ok(())
    }
}

impl serde::Serialize for KnownName {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_map(None)?;
        self.entries(&mut out)?;
        out.end()
    }
}

/// The name an item is known by at `known`.
fn known_name(item: &Item, known: Option<Knowledge>) -> KnownName {
    match known {
        Some(Knowledge::General) if item.category == Category::Book => {
            let nature = item.identity.book.as_ref();
            KnownName::GeneralContent {
                look: disguise(item),
                bears_on: nature.map(|b| b.bears_on.clone()).unwrap_or_default(),
                alignment: nature.and_then(|b| b.alignment),
            }
        }
        Some(Knowledge::General | Knowledge::Full) => KnownName::True {
            en: item.name.clone(),
            fr: item.name_fr.clone(),
        },
        Some(Knowledge::Magical) => KnownName::Magical(disguise(item)),
        None => KnownName::Unknown(disguise(item)),
    }
}

/// Who looks at an item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Looker<'a> {
    /// The referee, who knows everything.
    Referee,
    /// One character, by id.
    Character(&'a str),
    /// The party (its characters' ids), as its best-informed member knows the item — what one
    /// character learns, the table hears — and a sentient sword's alignment once any of them
    /// has touched it (the web server's treasure and chronicle).
    Party(&'a [&'a str]),
}

/// A sentient sword's mind as someone knows it: what an identify spell tells (INT, Ego, how it
/// speaks, its powers and purpose), its alignment only once they have touched it. Its fields
/// and their JSON are those of [`Sentience`], the alignment left out when unknown.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Mind {
    pub int: u8,
    pub ego: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alignment: Option<Alignment>,
    pub communication: String,
    pub reads: bool,
    pub languages: u32,
    pub sensory_powers: Vec<Power>,
    pub extraordinary_powers: Vec<Power>,
    pub special_purpose: Option<Purpose>,
}

impl Mind {
    fn of(s: &Sentience, alignment_known: bool) -> Mind {
        Mind {
            int: s.int,
            ego: s.ego,
            alignment: Some(s.alignment).filter(|_| alignment_known),
            communication: s.communication.clone(),
            reads: s.reads,
            languages: s.languages,
            sensory_powers: s.sensory_powers.clone(),
            extraordinary_powers: s.extraordinary_powers.clone(),
            special_purpose: s.special_purpose.clone(),
        }
    }
}

/// The whole mind, as the referee knows it.
impl From<&Sentience> for Mind {
    fn from(s: &Sentience) -> Mind {
        Mind::of(s, true)
    }
}

/// What someone may know of an item: the one rule every view follows (`character show --as`,
/// `item show --as`, `export --as`, `export --foundry`, the web server's party, treasure and
/// chronicle). A character knows the name they know it by; its charges and its whole
/// identity (bonus, curse, powers, spells, worth, a sword's mind …) only once they know it
/// fully; a sentient sword's alignment once they have touched it; and what anyone sees: its
/// category, an oil's flask, a shield's shape, a sword's blade, where it is worn, that it is
/// gone. The referee knows everything.
///
/// Its JSON (`export --as`, `/party.json`, the chronicle), the same in every language, is
/// `id`, the name it is known by ([`KnownName`]: `name`, `name_fr`, and `look` …),
/// `category`, `known`, and `charges`, `alignment`, `worn`, `status` and `value` when known.
#[derive(Clone, Debug, PartialEq)]
pub struct Revealed {
    pub id: String,
    pub name: KnownName,
    pub category: Category,
    /// What they know of it (the referee: everything).
    pub known: Option<Knowledge>,
    /// Only once they know the item fully.
    pub charges: Option<i32>,
    /// A sentient sword's alignment, learnt by touching it.
    pub alignment: Option<Alignment>,
    pub worn: Option<Slot>,
    /// Whether they know it is magic: the referee always, a player once they know anything of
    /// it; never a valuable, which is not magic.
    pub magic: bool,
    /// Whether the item counts as identified in this view (a VTT's "identified"): once a
    /// character, or the party, knows it fully; in the referee's, once whoever holds it knows
    /// it fully (the party's treasure: once anyone does).
    pub identified: bool,
    /// The item holding only what they know: the whole item once they know it fully (less
    /// who else knows it, trusts it, touched it or is controlled by it, none of which is
    /// theirs to know); else its id, category, holder, where it is worn, the name it is
    /// known by if that is its true name (empty otherwise: the name is [`Revealed::name`]),
    /// what anyone sees of it, and its status once it is gone. It never holds a mind: that is
    /// [`Revealed::mind`].
    pub item: Item,
    /// A sentient sword's mind, once they know the sword fully.
    pub mind: Option<Mind>,
}

impl serde::Serialize for Revealed {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_map(None)?;
        out.serialize_entry("id", &self.id)?;
        self.name.entries(&mut out)?;
        out.serialize_entry("category", &self.category)?;
        out.serialize_entry("known", &self.known)?;
        if let Some(charges) = self.charges {
            out.serialize_entry("charges", &charges)?;
        }
        if let Some(alignment) = self.alignment {
            out.serialize_entry("alignment", &alignment)?;
        }
        if let Some(worn) = self.worn {
            out.serialize_entry("worn", &worn)?;
        }
        if self.item.status != crate::item::Status::Intact {
            out.serialize_entry("status", &self.item.status)?;
        }
        if let Some(value) = &self.item.identity.value {
            out.serialize_entry("value", value)?;
        }
        out.end()
    }
}

/// Whether anyone sees that an item of `category` is of `kind`: an oil's flask, a shield's
/// shape, what a valuable is (a gem, a piece of jewellery, a work of art), a weapon's make (an
/// axe, a bow).
fn kind_seen(category: Category, kind: &str) -> bool {
    matches!(
        (category, kind),
        (Category::Potion, "oil")
            | (Category::Armor, "shield")
            | (Category::Valuable | Category::Weapon, _)
    )
}

/// The worth a player looker, who knows a valuable, believes it has: what a wrong appraisal
/// told them, or its true worth. The party believes the truth once any of them has had it
/// appraised truly, else the first of them (in the party's order) told wrong — the table hears
/// what one character learns, and the truth outweighs an error.
fn believed_value(item: &Item, looker: Looker<'_>) -> Option<crate::coins::Coins> {
    let believes = |who: &str| match item.appraised.get(who) {
        Some(told) => Some(*told),
        None => item.identity.value,
    };
    match looker {
        Looker::Referee => item.identity.value,
        Looker::Character(who) => believes(who),
        Looker::Party(party) => {
            let knowing = party
                .iter()
                .filter(|who| item.knowledge(who) == Some(Knowledge::Full));
            let (wrong, right): (Vec<&&str>, Vec<&&str>) =
                knowing.partition(|who| item.appraised.contains_key(**who));
            match (right.first(), wrong.first()) {
                (None, Some(who)) => believes(who),
                _ => item.identity.value,
            }
        }
    }
}

/// What `looker` may know of `item` (see [`Revealed`]).
pub fn revealed(item: &Item, looker: Looker<'_>) -> Revealed {
    let full = Some(Knowledge::Full);
    let (known, alignment_known, identified) = match looker {
        // Goods bought are what they look like: anyone knows them whole.
        _ if item.category == Category::Gear || item.bought() => (full, true, true),
        Looker::Referee => {
            let identified = match &item.holder {
                Some(holder) => item.knowledge(holder) == full,
                None => item.known.values().any(|k| Some(*k) == full),
            };
            (full, true, identified)
        }
        Looker::Character(who) => {
            let known = item.knowledge(who);
            (known, knows_alignment(item, who), known == full)
        }
        Looker::Party(party) => {
            let known = party.iter().filter_map(|who| item.knowledge(who)).max();
            let touched = party.iter().any(|who| knows_alignment(item, who));
            (known, touched, known == full)
        }
    };
    let whole = known == full;
    let mut name = known_name(item, known);
    // Cursed armour goes by the bonus its tests show until its curse shows.
    let hidden = crate::armor::curse_hidden(item) && looker != Looker::Referee;
    if let (true, KnownName::True { en, fr }, Some(seems)) =
        (hidden, &mut name, item.identity.seems)
    {
        *en = crate::armor::seeming_name(en, seems);
        *fr = crate::armor::seeming_name(fr, seems);
    }
    let mut shown = if whole {
        let mut shown = item.clone();
        if looker != Looker::Referee {
            shown.identity.value = believed_value(item, looker);
            shown.known.clear();
            shown.appraised.clear();
            shown.trusted.clear();
            shown.touched.clear();
            shown.control = None;
            if hidden {
                shown.name = name.names().en;
                shown.name_fr = name.names().fr;
                shown.identity.bonus = shown.identity.seems.take();
                shown.identity.cursed = false;
            }
        }
        shown
    } else {
        let (en, fr) = match &name {
            KnownName::True { en, fr } => (en.clone(), fr.clone()),
            _ => (String::new(), String::new()),
        };
        let identity = crate::item::Identity {
            kind: item
                .identity
                .kind
                .clone()
                .filter(|k| kind_seen(item.category, k)),
            metal: item.identity.metal,
            // A crushed or burnt piece looks it.
            damaged: item.identity.damaged,
            blade: item.identity.blade.clone(),
            material: item.identity.material.clone(),
            consumable: item.identity.consumable,
            // Anyone can count the arrows in a quiver.
            count: item.identity.count,
            ..crate::item::Identity::default()
        };
        let mut shown = Item::new(item.id.clone(), en, fr, item.category, identity);
        shown.holder = item.holder.clone();
        shown.worn = item.worn;
        // A flask drunk, a wand turned to dust, a blank parchment: anyone sees it. That a
        // wand's last charge went is known only to who knows the wand.
        if item.status != crate::item::Status::Drained {
            shown.status = item.status;
        }
        shown
    };
    // A sword's hold on a character is known to that character (and so to their party).
    let controls_looker = item.control.as_ref().is_some_and(|c| match looker {
        Looker::Referee => true,
        Looker::Character(who) => c.character == who,
        Looker::Party(party) => party.contains(&c.character.as_str()),
    });
    if controls_looker {
        shown.control = item.control.clone();
    }
    let mind = shown
        .identity
        .sentience
        .take()
        .map(|s| Mind::of(&s, alignment_known));
    Revealed {
        id: item.id.clone(),
        name,
        category: item.category,
        known,
        charges: shown.charges,
        alignment: item
            .sentience()
            .filter(|_| alignment_known)
            .map(|s| s.alignment),
        worn: item.worn,
        magic: known.is_some()
            && !item.bought()
            && !matches!(item.category, Category::Valuable | Category::Gear),
        identified,
        item: shown,
        mind,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::examples::*;

    #[test]
    fn a_book_is_disguised_until_a_second_wish() {
        let mut book = item(Category::Book);
        book.name = "Libram of Silver Magic".into();
        book.identity.book = Some(crate::item::BookNature {
            beneficial: true,
            alignment: Some(Alignment::Lawful),
            bears_on: vec![Bearing::Wizards],
        });
        let at = |book: &Item| {
            let s = seen(book, "p");
            (s.name, s.item.name.clone(), s.item.identity.book.clone())
        };
        assert_eq!(
            at(&book),
            (KnownName::Unknown(Look::Book), String::new(), None)
        );
        book.known.insert("p".into(), Knowledge::Magical);
        assert_eq!(
            at(&book),
            (KnownName::Magical(Look::Book), String::new(), None),
            "an identify spell: a magical work of great power"
        );
        book.known.insert("p".into(), Knowledge::General);
        assert_eq!(
            at(&book),
            (
                KnownName::GeneralContent {
                    look: Look::Book,
                    bears_on: vec![Bearing::Wizards],
                    alignment: Some(Alignment::Lawful)
                },
                String::new(),
                None
            ),
            "a first wish: what it bears on, neither its title nor which way"
        );
        book.known.insert("p".into(), Knowledge::Full);
        let (name, title, nature) = at(&book);
        assert_eq!(name, true_name("Libram of Silver Magic", "Chose"));
        assert_eq!(title, "Libram of Silver Magic");
        assert!(nature.is_some_and(|n| n.beneficial));
    }

    #[test]
    fn a_first_wish_names_what_a_harmful_book_bears_on_as_a_helpful_ones() {
        let mut book = item(Category::Book);
        book.identity.book = Some(crate::item::BookNature {
            beneficial: false,
            alignment: None,
            bears_on: vec![Bearing::Intelligence, Bearing::Wisdom],
        });
        book.known.insert("p".into(), Knowledge::General);
        assert_eq!(
            seen(&book, "p").name,
            KnownName::GeneralContent {
                look: Look::Book,
                bears_on: vec![Bearing::Intelligence, Bearing::Wisdom],
                alignment: None
            }
        );
    }

    #[test]
    fn a_touch_tells_a_swords_alignment_and_nothing_else() {
        let mut sword = item(Category::Sword);
        sword.name = "Sword +1, Flame Tongue".into();
        sword.identity.blade = Some("bastard".into());
        sword.identity.bonus = Some(1);
        sword.identity.sentience = Some(mind(Alignment::Lawful));
        sword.touched.push("p".into());
        let known = seen(&sword, "p");
        assert_eq!(known.alignment, Some(Alignment::Lawful));
        assert_eq!(known.name, KnownName::Unknown(Look::BastardSword));
        assert_eq!((known.mind, known.item.identity.bonus), (None, None));
        assert_eq!(known.item.identity.blade.as_deref(), Some("bastard"));
        assert!(!known.magic && !known.identified);
        assert!(known.item.touched.is_empty(), "who touched it is not told");
    }

    #[test]
    fn the_unknown_item_hides_its_name() {
        let mut potion = item(Category::Potion);
        potion.name = "Potion of Healing".into();
        potion.identity.kind = Some("oil".into());
        potion.identity.duration = Some("1d4".into());
        let known = seen(&potion, "p");
        assert_eq!(known.name, KnownName::Unknown(Look::UnknownOil));
        assert_eq!(known.item.name, "", "the true name is not in the item");
        assert_eq!(
            known.item.identity.kind.as_deref(),
            Some("oil"),
            "its flask"
        );
        assert_eq!(known.item.identity.duration, None);
        potion.known.insert("p".into(), Knowledge::Full);
        assert_eq!(
            seen(&potion, "p").name,
            true_name("Potion of Healing", "Chose")
        );
    }

    #[test]
    fn knowing_what_it_is_tells_its_name_not_its_powers() {
        let mut ring = item(Category::Ring);
        ring.name = "Ring of Protection +2".into();
        ring.identity.bonus = Some(2);
        ring.worn = Some(Slot::LeftHand);
        ring.holder = Some("p".into());
        let nothing = seen(&ring, "p");
        assert_eq!(
            (nothing.known, nothing.magic, nothing.identified),
            (None, false, false)
        );
        assert_eq!(
            nothing.worn,
            Some(Slot::LeftHand),
            "anyone sees where it is worn"
        );
        assert_eq!(nothing.item.holder.as_deref(), Some("p"));
        ring.known.insert("p".into(), Knowledge::Magical);
        let magical = seen(&ring, "p");
        assert_eq!(magical.name, KnownName::Magical(Look::Ring));
        assert!(magical.magic && !magical.identified);
        ring.known.insert("p".into(), Knowledge::General);
        let general = seen(&ring, "p");
        assert_eq!(general.name, true_name("Ring of Protection +2", "Chose"));
        assert_eq!(general.item.name, "Ring of Protection +2");
        assert_eq!(
            general.item.identity.bonus, None,
            "its powers: only when known fully"
        );
        assert!(general.magic && !general.identified);
        ring.known.insert("p".into(), Knowledge::Full);
        ring.known.insert("q".into(), Knowledge::General);
        ring.trusted.push("q".into());
        let full = seen(&ring, "p");
        assert_eq!(full.item.identity.bonus, Some(2));
        assert!(full.magic && full.identified);
        assert!(
            full.item.known.is_empty() && full.item.trusted.is_empty(),
            "who else knows or is trusted with it is not theirs to know"
        );
    }

    #[test]
    fn what_anyone_sees_stays_when_the_magic_is_unknown() {
        let mut armor = item(Category::Armor);
        armor.identity.metal = Some(false);
        armor.identity.bonus = Some(1);
        let seen_armor = seen(&armor, "p").item.identity;
        assert_eq!(
            (seen_armor.metal, seen_armor.bonus),
            (Some(false), None),
            "leather stays leather; its plus is unknown"
        );
        for kind in ["gem", "jewelry", "art"] {
            let mut valuable = item(Category::Valuable);
            valuable.identity.kind = Some(kind.into());
            valuable.identity.value =
                Some(crate::coins::Coins::of(crate::coins::Denomination::Gp, 100));
            let seen = seen(&valuable, "p").item.identity;
            assert_eq!((seen.kind.as_deref(), seen.value), (Some(kind), None));
        }
        let mut axe = item(Category::Weapon);
        axe.identity.kind = Some("axe".into());
        assert_eq!(seen(&axe, "p").item.identity.kind.as_deref(), Some("axe"));
        let mut dust = item(Category::Misc);
        dust.identity.consumable = true;
        assert!(seen(&dust, "p").item.identity.consumable);
        let mut scroll = item(Category::Scroll);
        scroll.identity.kind = Some("curse".into());
        assert_eq!(
            seen(&scroll, "p").item.identity.kind,
            None,
            "a curse looks like any"
        );
    }

    #[test]
    fn a_sword_in_control_is_known_to_whom_it_controls() {
        let mut sword = item(Category::Sword);
        sword.identity.sentience = Some(mind(Alignment::Chaotic));
        sword.control = Some(crate::item::Control {
            character: "p".into(),
            trigger: crate::item::Trigger::Wounded,
            since: 3,
            since_round: 0,
            weapon: None,
            waiting: Vec::new(),
        });
        assert!(seen(&sword, "p").item.control.is_some());
        assert!(seen(&sword, "q").item.control.is_none());
        let party = ["q", "p"];
        assert!(
            revealed(&sword, Looker::Party(&party))
                .item
                .control
                .is_some()
        );
    }

    #[test]
    fn charges_show_only_when_the_item_is_fully_known() {
        let mut wand = item(Category::Wand);
        wand.charges = Some(12);
        assert_eq!(seen(&wand, "p").charges, None);
        assert_eq!(seen(&wand, "p").item.charges, None);
        wand.known.insert("p".into(), Knowledge::General);
        let known = seen(&wand, "p");
        assert_eq!(
            (known.charges, known.item.charges, known.identified),
            (None, None, false)
        );
        wand.known.insert("p".into(), Knowledge::Full);
        let known = seen(&wand, "p");
        assert_eq!(
            (known.charges, known.item.charges, known.identified),
            (Some(12), Some(12), true)
        );
        assert_eq!(seen(&wand, "someone else").charges, None);
    }

    #[test]
    fn a_gone_item_is_seen_gone() {
        let mut potion = item(Category::Potion);
        potion.status = crate::item::Status::Consumed;
        assert_eq!(
            seen(&potion, "p").item.status,
            crate::item::Status::Consumed
        );
        let mut scroll = item(Category::Scroll);
        scroll.status = crate::item::Status::Faded;
        assert_eq!(
            seen(&scroll, "p").item.status,
            crate::item::Status::Faded,
            "a blank parchment is seen blank"
        );
        let mut wand = item(Category::Wand);
        wand.status = crate::item::Status::Drained;
        assert_eq!(
            seen(&wand, "p").item.status,
            crate::item::Status::Intact,
            "that its last charge went is known to who knows the wand"
        );
        wand.known.insert("p".into(), Knowledge::Full);
        assert_eq!(seen(&wand, "p").item.status, crate::item::Status::Drained);
    }

    #[test]
    fn a_swords_alignment_is_known_to_those_who_touched_it() {
        let mut sword = item(Category::Sword);
        sword.identity.sentience = Some(mind(Alignment::Lawful));
        assert_eq!(seen(&sword, "p").alignment, None);
        sword.touched.push("p".into());
        assert!(seen(&sword, "p").alignment.is_some());
        assert_eq!(seen(&sword, "q").alignment, None);
    }

    #[test]
    fn the_party_knows_an_item_as_its_best_informed_member() {
        let mut wand = item(Category::Wand);
        wand.name = "Wand of Frost".into();
        wand.charges = Some(9);
        let party = ["p", "q", "r"];
        let by = |wand: &Item, party: &[&str]| revealed(wand, Looker::Party(party));
        let known = by(&wand, &party);
        assert_eq!(
            (known.name, known.charges),
            (KnownName::Unknown(Look::Wand), None)
        );
        wand.known.insert("q".into(), Knowledge::General);
        assert_eq!(by(&wand, &party).name, true_name("Wand of Frost", "Chose"));
        assert_eq!(by(&wand, &party).charges, None);
        wand.known.insert("r".into(), Knowledge::Full);
        assert_eq!(by(&wand, &party).charges, Some(9));
        assert!(by(&wand, &party).identified);
        assert_eq!(by(&wand, &["p"]).charges, None, "only the party's own");
        assert_eq!(by(&wand, &[]).name, KnownName::Unknown(Look::Wand));
        let mut sword = item(Category::Sword);
        sword.identity.sentience = Some(mind(Alignment::Chaotic));
        sword.known.insert("p".into(), Knowledge::Full);
        sword.touched.push("q".into());
        let known = by(&sword, &party);
        assert!(known.alignment.is_some(), "one touched it");
        assert!(known.mind.is_some_and(|m| m.alignment.is_some()));
        assert_eq!(by(&sword, &["p"]).alignment, None);
    }

    #[test]
    fn the_referee_knows_everything_and_sees_whether_the_table_identified_it() {
        let mut wand = item(Category::Wand);
        wand.name = "Wand of Frost".into();
        wand.charges = Some(9);
        wand.identity.sentience = Some(mind(Alignment::Neutral));
        wand.known.insert("q".into(), Knowledge::Full);
        wand.touched.push("q".into());
        let truth = revealed(&wand, Looker::Referee);
        assert_eq!(truth.name, true_name("Wand of Frost", "Chose"));
        assert_eq!(
            (truth.charges, truth.known),
            (Some(9), Some(Knowledge::Full))
        );
        assert!(truth.magic);
        assert_eq!(
            truth.item.known.len(),
            1,
            "the referee's item keeps everything"
        );
        assert_eq!(truth.mind, wand.sentience().map(Mind::from));
        assert!(
            truth.identified,
            "the party's treasure: someone knows it fully"
        );
        wand.holder = Some("p".into());
        assert!(
            !revealed(&wand, Looker::Referee).identified,
            "held: its holder does not know it"
        );
        wand.known.insert("p".into(), Knowledge::Full);
        assert!(revealed(&wand, Looker::Referee).identified);
    }
}
