//! The console's forms, declared: each names its command's words and, for each field, the
//! argument it fills. Adding a form is adding one here; the grammar that checks its values is
//! the command line's own (`cli::args`), run by `cli::console`. Most used at the table first.

/// (English, French).
pub type Words = (&'static str, &'static str);

pub struct Form {
    /// Its address (`/referee/do/NAME`) and its part of the page (`#NAME`).
    pub name: &'static str,
    pub title: Words,
    /// The command's words before its arguments: `character damage`.
    pub command: &'static [&'static str],
    pub fields: &'static [Field],
}

pub struct Field {
    pub name: &'static str,
    pub label: Words,
    pub kind: Kind,
    pub arg: Arg,
}

/// What a field asks for, and so how the page asks it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// One of the campaign's characters (a searchable list of their names).
    Character,
    /// Several of them (a box each).
    Characters,
    /// One of the campaign's items still there (a searchable list).
    Item,
    /// A place coins or items were left at (a searchable list; a new one may be typed).
    Place,
    /// One of the campaign's treasure types, by its letter (a searchable list).
    TreasureType,
    /// A line of the campaign's price list (a searchable list, each with its price).
    Goods,
    /// A whole number.
    Number,
    /// Words as typed: a title, an amount of coins (`100gp 5sp`).
    Text,
    /// One of these values of the command's (each with its words).
    Choice(&'static [(&'static str, Words)]),
    /// Yes or no.
    Check,
}

/// Which argument of the command a field fills.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Arg {
    /// The next positional argument.
    Positional,
    /// As many positional arguments as it has words (`1200gp 300sp`).
    Words,
    /// `--NAME=VALUE`.
    Long(&'static str),
    /// `--NAME` when checked.
    Flag(&'static str),
}

const fn field(name: &'static str, label: Words, kind: Kind, arg: Arg) -> Field {
    Field {
        name,
        label,
        kind,
        arg,
    }
}

const CHARACTER: Field = field(
    "character",
    ("Character", "Personnage"),
    Kind::Character,
    Arg::Positional,
);
const AMOUNT: Field = field(
    "amount",
    ("Hit points", "Points de vie"),
    Kind::Number,
    Arg::Positional,
);
const ITEM: Field = field("item", ("Item", "Objet"), Kind::Item, Arg::Positional);
const SWORD: Field = field("item", ("Sword", "Épée"), Kind::Item, Arg::Positional);
const BY: Field = field(
    "by",
    (
        "Who (default: its holder)",
        "Qui (par défaut : qui le porte)",
    ),
    Kind::Character,
    Arg::Long("--by"),
);
/// Who holds a light, or pays and carries what is bought.
const HOLDER: Field = field("by", ("Who", "Qui"), Kind::Character, Arg::Long("--by"));
const LIGHT: Field = field(
    "item",
    ("Torch or lantern", "Torche ou lanterne"),
    Kind::Item,
    Arg::Positional,
);
const RETAINER: Field = field(
    "retainer",
    ("Retainer", "Homme d'armes"),
    Kind::Character,
    Arg::Positional,
);
const COINS: Field = field(
    "amount",
    ("Coins (100gp 5sp)", "Pièces (100po 5pa)"),
    Kind::Text,
    Arg::Words,
);
const TO: Field = field(
    "to",
    ("To a character", "À un personnage"),
    Kind::Character,
    Arg::Long("--to"),
);
const FROM: Field = field(
    "from",
    ("From a character", "D'un personnage"),
    Kind::Character,
    Arg::Long("--from"),
);
const AT: Field = field(
    "at",
    ("At a place", "À un lieu"),
    Kind::Place,
    Arg::Long("--at"),
);
const COUNT: Field = field(
    "count",
    ("How many", "Combien"),
    Kind::Number,
    Arg::Long("--count"),
);

const UNITS: &[(&str, Words)] = &[
    ("rounds", ("rounds", "rounds")),
    ("turns", ("turns", "tours")),
    ("hours", ("hours", "heures")),
    ("days", ("days", "jours")),
    ("weeks", ("weeks", "semaines")),
];
const HANDS: &[(&str, Words)] = &[
    ("", ("not a ring", "pas un anneau")),
    ("left", ("left hand", "main gauche")),
    ("right", ("right hand", "main droite")),
];
const METHODS: &[(&str, Words)] = &[
    ("taste", ("taste", "goûter")),
    ("read-magic", ("read magic", "lecture de la magie")),
    ("spell", ("identify spell", "sort d'identification")),
    ("bard-lore", ("bard lore", "savoir du barde")),
    ("wish", ("wish", "souhait")),
    (
        "comprehend-languages",
        ("comprehend languages", "compréhension des langues"),
    ),
    ("appraise", ("appraise", "faire estimer")),
];
const CATEGORIES: &[(&str, Words)] = &[
    ("any", ("any", "n'importe lequel")),
    ("potion", ("potion", "potion")),
    ("scroll", ("scroll", "parchemin")),
    ("ring", ("ring", "anneau")),
    ("wand", ("wand", "baguette")),
    ("staff", ("staff", "bâton")),
    ("rod", ("rod", "sceptre")),
    ("book", ("book", "livre")),
    ("armor", ("armor", "armure")),
    ("sword", ("sword", "épée")),
    ("weapon", ("weapon", "arme")),
    ("misc", ("miscellaneous", "divers")),
];

/// Every form, most used at the table first.
pub const FORMS: &[Form] = &[
    Form {
        name: "damage",
        title: ("Damage", "Dégâts"),
        command: &["character", "damage"],
        fields: &[CHARACTER, AMOUNT],
    },
    Form {
        name: "heal",
        title: ("Heal", "Soigner"),
        command: &["character", "heal"],
        fields: &[CHARACTER, AMOUNT],
    },
    Form {
        name: "time",
        title: ("Time passes", "Le temps passe"),
        command: &["time", "advance"],
        fields: &[
            field(
                "amount",
                ("How long", "Combien de temps"),
                Kind::Number,
                Arg::Positional,
            ),
            field(
                "unit",
                ("Unit", "Unité"),
                Kind::Choice(UNITS),
                Arg::Positional,
            ),
        ],
    },
    Form {
        name: "light",
        title: ("Light", "Allumer"),
        command: &["light"],
        fields: &[LIGHT, HOLDER],
    },
    Form {
        name: "douse",
        title: ("Put out", "Éteindre"),
        command: &["douse"],
        fields: &[LIGHT, HOLDER],
    },
    Form {
        name: "give",
        title: ("Give", "Donner"),
        command: &["give"],
        fields: &[
            ITEM,
            field("to", ("To", "À"), Kind::Character, Arg::Long("--to")),
            field(
                "read",
                (
                    "A scroll read at once (it cannot fade)",
                    "Un parchemin lu aussitôt (il ne peut s'effacer)",
                ),
                Kind::Check,
                Arg::Flag("--read"),
            ),
        ],
    },
    Form {
        name: "stash",
        title: ("Stash", "Déposer"),
        command: &["stash"],
        fields: &[
            ITEM,
            field("at", ("At", "À"), Kind::Place, Arg::Long("--at")),
        ],
    },
    Form {
        name: "drop",
        title: (
            "Drop into the party's treasure",
            "Reposer dans le trésor du groupe",
        ),
        command: &["drop"],
        fields: &[ITEM],
    },
    Form {
        name: "drink",
        title: ("Drink", "Boire"),
        command: &["drink"],
        fields: &[ITEM, BY],
    },
    Form {
        name: "use",
        title: ("Use charges", "Utiliser des charges"),
        command: &["use"],
        fields: &[
            ITEM,
            field(
                "charges",
                ("Charges", "Charges"),
                Kind::Number,
                Arg::Long("--charges"),
            ),
            BY,
        ],
    },
    Form {
        name: "read",
        title: ("Read", "Lire"),
        command: &["read"],
        fields: &[ITEM, BY],
    },
    Form {
        name: "identify",
        title: ("Identify", "Identifier"),
        command: &["identify"],
        fields: &[
            ITEM,
            field(
                "method",
                ("How", "Comment"),
                Kind::Choice(METHODS),
                Arg::Long("--method"),
            ),
            BY,
        ],
    },
    Form {
        name: "wear",
        title: ("Wear", "Porter"),
        command: &["wear"],
        fields: &[
            ITEM,
            field(
                "hand",
                ("Hand", "Main"),
                Kind::Choice(HANDS),
                Arg::Long("--hand"),
            ),
            BY,
        ],
    },
    Form {
        name: "remove",
        title: ("Take off", "Retirer"),
        command: &["remove"],
        fields: &[ITEM],
    },
    Form {
        name: "wield",
        title: ("Wield a sword", "Manier une épée"),
        command: &["wield"],
        fields: &[SWORD, BY],
    },
    Form {
        name: "touch",
        title: ("Touch a sword", "Toucher une épée"),
        command: &["touch"],
        fields: &[
            SWORD,
            field("by", ("Who", "Qui"), Kind::Character, Arg::Long("--by")),
            field(
                "rounds",
                ("Rounds held", "Rounds tenue"),
                Kind::Number,
                Arg::Long("--rounds"),
            ),
        ],
    },
    Form {
        name: "session-start",
        title: ("Start a session", "Commencer une séance"),
        command: &["session", "start"],
        fields: &[
            field("title", ("Title", "Titre"), Kind::Text, Arg::Words),
            field(
                "with",
                (
                    "An expedition of (none: everyone)",
                    "Une expédition de (aucun : tous)",
                ),
                Kind::Characters,
                Arg::Long("--with"),
            ),
        ],
    },
    Form {
        name: "session-end",
        title: ("End the session", "Finir la séance"),
        command: &["session", "end"],
        fields: &[],
    },
    Form {
        name: "coins-add",
        title: ("Coins found", "Pièces trouvées"),
        command: &["coins", "add"],
        fields: &[COINS, TO, AT],
    },
    Form {
        name: "coins-move",
        title: ("Coins move", "Pièces déplacées"),
        command: &["coins", "move"],
        fields: &[
            COINS,
            FROM,
            field(
                "from-place",
                ("From a place", "D'un lieu"),
                Kind::Place,
                Arg::Long("--from-place"),
            ),
            TO,
            field(
                "to-place",
                ("To a place", "À un lieu"),
                Kind::Place,
                Arg::Long("--to-place"),
            ),
        ],
    },
    Form {
        name: "coins-spend",
        title: ("Coins spent", "Pièces dépensées"),
        command: &["coins", "spend"],
        fields: &[COINS, FROM, AT],
    },
    Form {
        name: "buy",
        title: ("Buy", "Acheter"),
        command: &["buy"],
        fields: &[
            field(
                "goods",
                ("Goods", "Marchandise"),
                Kind::Goods,
                Arg::Positional,
            ),
            field(
                "count",
                ("How many lots", "Combien de lots"),
                Kind::Number,
                Arg::Long("--count"),
            ),
            HOLDER,
        ],
    },
    Form {
        name: "retainer-hire",
        title: ("Hire a retainer", "Engager un homme d'armes"),
        command: &["retainer", "hire"],
        fields: &[
            RETAINER,
            field(
                "by",
                ("Employer", "Employeur"),
                Kind::Character,
                Arg::Long("--by"),
            ),
            field(
                "wage",
                (
                    "Wage (1gp/day, 10gp/adventure)",
                    "Gages (1po/jour, 10po/aventure)",
                ),
                Kind::Text,
                Arg::Long("--wage"),
            ),
        ],
    },
    Form {
        name: "retainer-dismiss",
        title: ("Dismiss a retainer", "Renvoyer un homme d'armes"),
        command: &["retainer", "dismiss"],
        fields: &[RETAINER],
    },
    Form {
        name: "debts-pay",
        title: ("Pay debts", "Payer des dettes"),
        command: &["debts", "pay"],
        fields: &[
            field(
                "character",
                ("Who pays", "Qui paie"),
                Kind::Character,
                Arg::Positional,
            ),
            field(
                "to",
                (
                    "Only the wages owed a retainer",
                    "Seulement les gages dus à un homme d'armes",
                ),
                Kind::Character,
                Arg::Long("--to"),
            ),
        ],
    },
    Form {
        name: "share",
        title: ("Share out the pool", "Partager la réserve"),
        command: &["share"],
        // One worth agreed: a field fills one value (several are joined by commas, which an
        // item's name may hold); more are given on the command line.
        fields: &[
            field(
                "items",
                (
                    "Count the items each received against their share",
                    "Déduire de chaque part les objets reçus",
                ),
                Kind::Check,
                Arg::Flag("--items"),
            ),
            field(
                "worth",
                (
                    "Worth agreed for an item (Sword=2000gp)",
                    "Valeur convenue d'un objet (Épée=2000po)",
                ),
                Kind::Text,
                Arg::Long("--worth"),
            ),
        ],
    },
    Form {
        name: "xp",
        title: ("Award experience", "Accorder l'expérience"),
        command: &["xp", "award"],
        fields: &[field(
            "monsters",
            ("XP for the monsters", "XP des monstres"),
            Kind::Number,
            Arg::Long("--monsters"),
        )],
    },
    Form {
        name: "treasure",
        title: ("Roll a treasure type", "Tirer un type de trésor"),
        command: &["treasure", "roll"],
        fields: &[
            field(
                "type",
                ("Type", "Type"),
                Kind::TreasureType,
                Arg::Positional,
            ),
            COUNT,
            TO,
            AT,
        ],
    },
    Form {
        name: "generate",
        title: ("Make magic items", "Créer des objets magiques"),
        command: &["generate"],
        fields: &[
            field(
                "category",
                ("What", "Quoi"),
                Kind::Choice(CATEGORIES),
                Arg::Positional,
            ),
            COUNT,
            TO,
            field(
                "sentient",
                ("A sentient sword", "Une épée douée de conscience"),
                Kind::Check,
                Arg::Flag("--sentient"),
            ),
        ],
    },
    Form {
        name: "sell",
        title: ("Sell", "Vendre"),
        command: &["sell"],
        fields: &[
            ITEM,
            field(
                "price",
                ("For (default: its worth)", "Pour (par défaut : sa valeur)"),
                Kind::Text,
                Arg::Long("--for"),
            ),
            TO,
        ],
    },
    Form {
        name: "settle",
        title: ("Settle the claims", "Régler les demandes"),
        command: &["claims", "settle"],
        fields: &[],
    },
    Form {
        name: "undo",
        title: ("Undo my latest command", "Annuler ma dernière commande"),
        command: &["undo"],
        fields: &[],
    },
];

/// The form of this name.
pub fn named(name: &str) -> Option<&'static Form> {
    FORMS.iter().find(|f| f.name == name)
}

/// What a form was sent with: each field's values (several for [`Kind::Characters`]).
pub type Values = Vec<(&'static str, Vec<String>)>;

impl Form {
    /// The command's arguments for `values`: its words, the options (`--by=VALUE`, a value
    /// never read as an option of its own), then `--` and the positional arguments, so that
    /// no value typed, `--db` included, is ever read as anything but a value. A field left
    /// empty is an argument not given: the command says if it needs it.
    pub fn arguments(&self, values: &Values) -> Vec<String> {
        let mut options = Vec::new();
        let mut positional = Vec::new();
        for field in self.fields {
            let given: Vec<&str> = values
                .iter()
                .filter(|(name, _)| *name == field.name)
                .flat_map(|(_, v)| v.iter().map(|s| s.trim()))
                .filter(|v| !v.is_empty())
                .collect();
            if given.is_empty() {
                continue;
            }
            match field.arg {
                Arg::Positional => positional.extend(given.iter().map(|v| v.to_string())),
                Arg::Words => positional.extend(
                    given
                        .iter()
                        .flat_map(|v| v.split_whitespace())
                        .map(String::from),
                ),
                Arg::Long(flag) => options.push(format!("{flag}={}", given.join(","))),
                Arg::Flag(flag) => options.push(flag.to_string()),
            }
        }
        let mut args: Vec<String> = self.command.iter().map(|w| w.to_string()).collect();
        args.extend(options);
        if !positional.is_empty() {
            args.push("--".into());
            args.extend(positional);
        }
        args
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(pairs: &[(&'static str, &str)]) -> Values {
        pairs
            .iter()
            .map(|(n, v)| (*n, vec![v.to_string()]))
            .collect()
    }

    #[test]
    fn a_form_fills_its_commands_arguments() {
        let damage = named("damage").unwrap();
        assert_eq!(
            damage.arguments(&values(&[("character", "Ada"), ("amount", "5")])),
            ["character", "damage", "--", "Ada", "5"]
        );
        let coins = named("coins-add").unwrap();
        assert_eq!(
            coins.arguments(&values(&[
                ("amount", " 100gp  5sp "),
                ("to", "Ada"),
                ("at", "")
            ])),
            ["coins", "add", "--to=Ada", "--", "100gp", "5sp"]
        );
        let hire = named("retainer-hire").unwrap();
        assert_eq!(
            hire.arguments(&values(&[
                ("retainer", "Bert"),
                ("by", "Ann"),
                ("wage", "1 gp/day")
            ])),
            [
                "retainer",
                "hire",
                "--by=Ann",
                "--wage=1 gp/day",
                "--",
                "Bert"
            ]
        );
        assert_eq!(named("share").unwrap().arguments(&Vec::new()), ["share"]);
        assert_eq!(
            named("share")
                .unwrap()
                .arguments(&values(&[("items", "on")])),
            ["share", "--items"]
        );
        assert_eq!(
            named("share")
                .unwrap()
                .arguments(&values(&[("items", "on"), ("worth", " Sword +1=2000gp ")])),
            ["share", "--items", "--worth=Sword +1=2000gp"]
        );
    }

    #[test]
    fn no_value_is_read_as_an_option() {
        let give = named("give").unwrap();
        let args = give.arguments(&values(&[("item", "--db=/etc/passwd"), ("to", "--help")]));
        assert_eq!(args, ["give", "--to=--help", "--", "--db=/etc/passwd"]);
    }

    #[test]
    fn every_form_has_its_own_address_and_each_field_its_own_name() {
        for (i, form) in FORMS.iter().enumerate() {
            assert!(
                FORMS[..i].iter().all(|f| f.name != form.name),
                "{}",
                form.name
            );
            for (j, field) in form.fields.iter().enumerate() {
                assert!(
                    form.fields[..j].iter().all(|f| f.name != field.name),
                    "{}.{}",
                    form.name,
                    field.name
                );
                // The page's own fields are never a form's.
                assert!(!super::super::OWN.contains(&field.name), "{}", field.name);
            }
        }
    }
}
