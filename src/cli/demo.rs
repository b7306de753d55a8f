//! `hoard demo`: a short campaign played through the real commands, each shown as a referee
//! would type it, with its real output. Every step has its own seed, so the story — and every
//! id in it — is the same on every machine.

use crate::i18n::Wording as _;
use std::path::PathBuf;

use clap::Parser;

use super::args::{Cli, LangArg};
use super::defaults::default_db;
use super::dispatch::run;
use crate::error::{Error, Result};
use crate::ledger::state::Edition;
use crate::tr;

/// One step: the seed of its dice (shown in the command when the step rolls any), the
/// command line, and what the story says before it, if anything (English, French).
struct Step {
    seed: u64,
    rolls: bool,
    args: &'static [&'static str],
    why: Option<(&'static str, &'static str)>,
}

const fn quiet(seed: u64, args: &'static [&'static str]) -> Step {
    Step {
        seed,
        rolls: false,
        args,
        why: None,
    }
}

const fn rolls(seed: u64, args: &'static [&'static str]) -> Step {
    Step {
        seed,
        rolls: true,
        args,
        why: None,
    }
}

/// `step`, told first: the line says why what follows happens.
const fn told(why: (&'static str, &'static str), step: Step) -> Step {
    Step {
        why: Some(why),
        ..step
    }
}

/// The story of AD&D's magic items (the default campaign's, the DMG's tables): a party finds a hoard; a scroll fades; a potion is drunk and wears off; a wand
/// runs dry and crumbles; two rings clash on one hand; a sentient sword is touched, wounds its
/// bearer, takes control and lets go once he is healed; the barrow's coins and a gem are
/// brought back, shared out, and earn their experience. Then the session report and the
/// sword audit.
const STORY: &[Step] = &[
    quiet(
        1,
        &[
            "character",
            "add",
            "Arnaud",
            "--str",
            "13",
            "--wis",
            "9",
            "--hp",
            "12",
            "--alignment",
            "lawful",
            "--class",
            "fighter",
            "--level",
            "3",
            "--xp",
            "7300",
        ],
    ),
    quiet(
        2,
        &[
            "character",
            "add",
            "Mordo",
            "--str",
            "9",
            "--wis",
            "14",
            "--int",
            "17",
            "--hp",
            "7",
            "--alignment",
            "neutral",
            "--class",
            "magic-user",
            "--level",
            "5",
        ],
    ),
    quiet(3, &["campaign", "set", "scroll-fade", "30"]),
    quiet(4, &["session", "start", "The Barrow of Kel"]),
    told(
        (
            "The barrow's hoard: three magic items rolled on the tables, every die kept.",
            "Le trésor du tertre : trois objets magiques tirés des tables, chaque dé gardé.",
        ),
        rolls(5, &["generate", "any", "--count", "3"]),
    ),
    quiet(36, &["give", "Scale mail +2", "--to", "Arnaud"]),
    quiet(37, &["wear", "Scale mail +2"]),
    quiet(
        38,
        &[
            "identify",
            "Ring of Elemental Command",
            "--by",
            "Mordo",
            "--method",
            "spell",
        ],
    ),
    quiet(
        6,
        &[
            "item",
            "add",
            "Potion of Heroism",
            "--category",
            "potion",
            "--consumable",
        ],
    ),
    quiet(
        7,
        &[
            "item",
            "add",
            "Scroll of Protection from Undead",
            "--category",
            "scroll",
            "--kind",
            "protection",
        ],
    ),
    quiet(
        8,
        &[
            "item",
            "add",
            "Wand of Frost",
            "--category",
            "wand",
            "--charges",
            "3",
        ],
    ),
    quiet(
        9,
        &[
            "item",
            "add",
            "Ring of Warmth",
            "--category",
            "ring",
            "--to",
            "Arnaud",
        ],
    ),
    quiet(
        10,
        &[
            "item",
            "add",
            "Ring of Free Action",
            "--category",
            "ring",
            "--to",
            "Arnaud",
        ],
    ),
    quiet(
        11,
        &[
            "sword",
            "add",
            "Nightfang",
            "--int",
            "10",
            "--ego",
            "6",
            "--alignment",
            "chaotic",
            "--sensory",
            "detect-magic",
            "--sensory",
            "detect-traps",
            "--sensory",
            "see-invisible",
        ],
    ),
    rolls(
        DEMO_SEEDS[0],
        &["give", "Scroll of Protection from Undead", "--to", "Mordo"],
    ),
    quiet(34, &["give", "Potion of Heroism", "--to", "Arnaud"]),
    rolls(
        DEMO_SEEDS[1],
        &["drink", "Potion of Heroism", "--by", "Arnaud"],
    ),
    quiet(14, &["give", "Wand of Frost", "--to", "Arnaud"]),
    rolls(DEMO_SEEDS[2], &["use", "Wand of Frost", "--charges", "3"]),
    quiet(16, &["wear", "Ring of Warmth", "--hand", "left"]),
    quiet(17, &["wear", "Ring of Free Action", "--hand", "left"]),
    quiet(18, &["remove", "Ring of Free Action"]),
    quiet(19, &["wear", "Ring of Free Action", "--hand", "right"]),
    told(
        (
            "Nightfang is chaotic, Arnaud lawful: its touch hurts him, 2d6 a round, and a wound may hand it control.",
            "Crocnuit est chaotique, Arnaud loyal : la toucher le blesse, 2d6 par round, et une blessure peut lui donner le contrôle.",
        ),
        rolls(DEMO_SEEDS[3], &["touch", "Nightfang", "--by", "Arnaud"]),
    ),
    quiet(21, &["character", "show", "Arnaud"]),
    quiet(
        22,
        &[
            "sword",
            "demand",
            "Nightfang",
            "glory:",
            "charge",
            "the",
            "barrow-wight",
            "alone",
        ],
    ),
    quiet(23, &["time", "advance", "9", "turns"]),
    quiet(24, &["character", "heal", "Arnaud", "6"]),
    quiet(25, &["coins", "add", "1200gp", "300sp", "40pp"]),
    quiet(
        26,
        &[
            "valuable",
            "add",
            "Bloodstone",
            "--value",
            "50gp",
            "--kind",
            "gem",
        ],
    ),
    quiet(27, &["valuable", "appraise", "Bloodstone", "--by", "Mordo"]),
    quiet(28, &["session", "end"]),
    quiet(39, &["sell", "Javelins +3", "--for", "400gp"]),
    quiet(29, &["share"]),
    quiet(30, &["xp", "award", "--monsters", "150"]),
    quiet(31, &["character", "show", "Arnaud"]),
    quiet(35, &["character", "show", "Arnaud", "--as", "Arnaud"]),
    quiet(32, &["report", "session"]),
    quiet(33, &["audit", "swords"]),
];

/// The story of an Old-School Essentials campaign (`campaign new demo --edition ose`): a hoard
/// of OSE Classic Fantasy's own items; cursed chainmail that every test shows as +1, worn; two
/// potions mixed, the drinker sick and unable to act for 3 turns; a wound that shows the
/// chainmail's curse — AC 9 [10], and it will not come off; the coins shared and their
/// experience.
const OSE_STORY: &[Step] = &[
    quiet(
        1,
        &[
            "character",
            "add",
            "Brigit",
            "--str",
            "16",
            "--wis",
            "10",
            "--dex",
            "13",
            "--hp",
            "14",
            "--alignment",
            "lawful",
            "--class",
            "fighter",
            "--level",
            "2",
        ],
    ),
    quiet(
        2,
        &[
            "character",
            "add",
            "Wenna",
            "--str",
            "9",
            "--wis",
            "15",
            "--hp",
            "9",
            "--alignment",
            "neutral",
            "--class",
            "cleric",
            "--level",
            "3",
        ],
    ),
    quiet(3, &["session", "start", "The Sunken Shrine"]),
    told(
        (
            "The shrine's hoard: three magic items from OSE Classic Fantasy's own tables, in the B column (the party is below 4th level).",
            "Le trésor du sanctuaire : trois objets magiques des tables d'OSE Classic Fantasy, colonne B (le groupe est sous le niveau 4).",
        ),
        rolls(1, &["generate", "any", "--count", "3"]),
    ),
    quiet(
        4,
        &["give", "Chainmail, cursed, AC 9 [10]", "--to", "Brigit"],
    ),
    quiet(5, &["wear", "Chainmail, cursed, AC 9 [10]"]),
    told(
        (
            "Every test shows cursed armour as +1 (OSE, Cursed Armour and Shields): chainmail 5 [14], +1, DEX 13: AC 3 [16].",
            "Tout test montre une armure maudite comme +1 (OSE, armures et boucliers maudits) : cotte de mailles 5 [14], +1, DEX 13 : CA 3 [16].",
        ),
        rolls(
            6,
            &[
                "identify",
                "Chainmail, cursed, AC 9 [10]",
                "--by",
                "Wenna",
                "--method",
                "spell",
            ],
        ),
    ),
    quiet(7, &["character", "show", "Brigit"]),
    quiet(8, &["give", "Potion of ESP", "--to", "Wenna"]),
    rolls(16, &["generate", "potion", "--to", "Wenna"]),
    rolls(9, &["drink", "Potion of ESP"]),
    told(
        (
            "A potion drunk while another works mixes with it (OSE, Potions): both are cancelled, the drinker disabled for 3 turns.",
            "Une potion bue pendant qu'une autre agit se mélange à elle (OSE, potions) : les deux sont annulées, la buveuse hors d'état d'agir 3 tours.",
        ),
        rolls(10, &["drink", "Potion of Levitation"]),
    ),
    rolls(
        11,
        &[
            "identify",
            "Sword +1, +2 vs lycanthropes",
            "--by",
            "Wenna",
            "--method",
            "spell",
        ],
    ),
    told(
        (
            "A ghoul's claws find Brigit: the chainmail is used in deadly combat, and its curse shows.",
            "Les griffes d'une goule atteignent Brigit : la cotte sert au combat, et sa malédiction se révèle.",
        ),
        quiet(12, &["character", "damage", "Brigit", "4"]),
    ),
    quiet(13, &["character", "show", "Brigit"]),
    quiet(14, &["remove", "Chainmail, cursed, AC 9 [10]"]),
    quiet(15, &["time", "advance", "3", "turns"]),
    quiet(17, &["coins", "add", "750gp"]),
    quiet(18, &["session", "end"]),
    quiet(19, &["share"]),
    quiet(20, &["xp", "award", "--monsters", "120"]),
];

/// Seeds chosen so the story happens as told: the scroll fades, the wand crumbles, the sword
/// fails at first contact and wins once its bearer is wounded.
const DEMO_SEEDS: [u64; 4] = [1, 13, 15, 5];

/// A line of the demo's own text; a reader that went away ends the demo quietly.
fn say(text: &str) -> Result<()> {
    use std::io::Write;
    writeln!(std::io::stdout(), "{text}").map_err(Error::Io)
}

/// The names the referee types, as a French referee would type them.
const FRENCH: &[(&str, &str)] = &[
    ("fighter", "guerrier"),
    ("magic-user", "magicien"),
    ("The Barrow of Kel", "Le tertre de Kel"),
    ("Potion of Heroism", "Potion d'héroïsme"),
    (
        "Scroll of Protection from Undead",
        "Parchemin de protection contre les morts-vivants",
    ),
    ("Wand of Frost", "Baguette de froid"),
    ("Scale mail +2", "Armure d'écailles +2"),
    (
        "Ring of Elemental Command",
        "Anneau de commandement des élémentaux",
    ),
    ("Javelins +3", "Javelots +3"),
    ("400gp", "400po"),
    ("Ring of Warmth", "Anneau de chaleur"),
    ("Ring of Free Action", "Anneau d'action libre"),
    ("Nightfang", "Crocnuit"),
    ("Bloodstone", "Héliotrope"),
    ("1200gp", "1200po"),
    ("300sp", "300pa"),
    ("50gp", "50po"),
    ("glory:", "gloire :"),
    ("The Sunken Shrine", "Le sanctuaire englouti"),
    (
        "Chainmail, cursed, AC 9 [10]",
        "Cotte de mailles, maudite, CA 9 [10]",
    ),
    ("Potion of ESP", "Potion de perception extrasensorielle"),
    ("Potion of Levitation", "Potion de lévitation"),
    (
        "Sword +1, +2 vs lycanthropes",
        "Épée +1, +2 contre les lycanthropes",
    ),
    ("cleric", "clerc"),
    ("750gp", "750po"),
    (
        "charge the barrow-wight alone",
        "charger seul l'être des tertres",
    ),
];

fn typed<'a>(arg: &'a str, lang: &str) -> &'a str {
    match lang {
        "fr" => FRENCH
            .iter()
            .find(|(en, _)| *en == arg)
            .map_or(arg, |(_, fr)| fr),
        _ => arg,
    }
}

/// The demo's database: `--db` if given on its command line (it must not hold a `demo`
/// campaign), else a fresh `demo.db` beside the default database. `HOARD_DB` names the
/// referee's own campaigns, which a demo must never touch, so it is not read here.
fn database(given: Option<PathBuf>) -> Result<PathBuf> {
    if let Some(path) = given {
        return Ok(path);
    }
    let path = default_db()?.with_file_name("demo.db");
    for suffix in ["", "-wal", "-shm"] {
        let mut file = path.as_os_str().to_owned();
        file.push(suffix);
        match std::fs::remove_file(PathBuf::from(file)) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(Error::Io(e)),
            _ => {}
        }
    }
    Ok(path)
}

/// The demo of `edition`: OSE's story, or AD&D's magic items' (the default).
pub async fn play(
    db: Option<PathBuf>,
    lang: Option<LangArg>,
    edition: Option<Edition>,
) -> Result<()> {
    let (new, story): (&[&str], _) = match edition {
        Some(Edition::Ose) => (
            &["campaign", "new", "demo", "--edition", "ose", "--use"],
            OSE_STORY,
        ),
        Some(Edition::Adnd) | None => (&["campaign", "new", "demo", "--use"], STORY),
    };
    let path = database(db)?;
    let lang = match lang {
        Some(LangArg::Fr) => "fr",
        Some(LangArg::En) => "en",
        None => match crate::i18n::lang() {
            crate::i18n::Lang::Fr => "fr",
            crate::i18n::Lang::En => "en",
        },
    };
    let raw = path.display().to_string();
    // As messages show it: a server's password left out.
    let db = crate::app::redact::shown(&path);
    say(&tr!(
        "Demo campaign in {db}",
        "Campagne de démonstration dans {db}"
    ))?;
    say(&format!("\n$ hoard {}", new.join(" ")))?;
    let setup = Cli::try_parse_from(["hoard", "--db", &raw, "--lang", lang].iter().chain(new))
        .map_err(|e| Error::Invalid(e.to_string().into()))?;
    run(setup).await.map_err(|e| match e {
        Error::Invalid(_) => Error::Invalid(tr!(
            "{db} already holds a demo campaign: run the demo on another database (--db)",
            "{db} contient déjà une campagne de démonstration : lancez la démo sur une autre base (--db)"
        ).into()),
        other => other,
    })?;
    for step in story {
        let seed = step.seed.to_string();
        let args: Vec<&str> = step.args.iter().map(|a| typed(a, lang)).collect();
        let shown: Vec<String> = args
            .iter()
            .map(|a| {
                if a.contains(' ') {
                    format!("{a:?}")
                } else {
                    a.to_string()
                }
            })
            .collect();
        let seed_flag = if step.rolls {
            format!("--seed {seed} ")
        } else {
            String::new()
        };
        if let Some((en, fr)) = step.why {
            say(&format!("\n# {}", crate::i18n::pick(en, fr)))?;
        }
        say(&format!("\n$ hoard {seed_flag}{}", shown.join(" ")))?;
        let mut argv = vec![
            "hoard",
            "--db",
            &raw,
            "--campaign",
            "demo",
            "--seed",
            &seed,
            "--lang",
            lang,
        ];
        argv.extend_from_slice(&args);
        let cli = Cli::try_parse_from(argv).map_err(|e| Error::Invalid(e.to_string().into()))?;
        match run(cli).await {
            Err(Error::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                return Err(Error::Io(e));
            }
            Err(e) => say(&format!("hoard: {}", e.worded()))?,
            Ok(()) => {}
        }
    }
    Ok(())
}
