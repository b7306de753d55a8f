//! `hoard character …`

use clap::Subcommand;

use super::out::{Out, safe, table};
use crate::app::character::{HpChange, NewCharacter};
use crate::app::{self, Ctx};
use crate::error::Result;
use crate::i18n::{Lang, lang};
use crate::ledger::Character;
use crate::rules::alignment::Alignment;
use crate::tr;

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum CharacterCommand {
    /// Add a character to the campaign
    Add {
        name: String,
        /// Strength, 3 to 18
        #[arg(long = "str", allow_negative_numbers = true, value_name = "N")]
        strength: i64,
        /// Wisdom, 3 to 18
        #[arg(long = "wis", allow_negative_numbers = true, value_name = "N")]
        wisdom: i64,
        /// Maximum (and current) hit points, 1 to 9999
        #[arg(long, allow_negative_numbers = true, value_name = "N")]
        hp: i64,
        /// lawful, neutral or chaotic [default: neutral]
        #[arg(long)]
        alignment: Option<Alignment>,
        /// Class, e.g. fighter, magic-user, cleric, thief, elf
        #[arg(long)]
        class: Option<String>,
        /// Experience level, 1 to 36 [default: 1]
        #[arg(long, allow_negative_numbers = true)]
        level: Option<i64>,
    },
    /// List the campaign's characters
    #[command(visible_alias = "ls")]
    List,
    /// Show a character
    Show { name: String },
    /// Take hit points away (HP stops at -10)
    Damage {
        name: String,
        #[arg(value_parser = clap::value_parser!(u32).range(1..))]
        amount: u32,
    },
    /// Give hit points back (never above the maximum)
    Heal {
        name: String,
        #[arg(value_parser = clap::value_parser!(u32).range(1..))]
        amount: u32,
    },
}

pub async fn run(cx: &mut Ctx, out: &mut Out, command: CharacterCommand) -> Result<()> {
    match command {
        CharacterCommand::Add {
            name,
            strength,
            wisdom,
            hp,
            alignment,
            class,
            level,
        } => {
            let new = NewCharacter {
                name,
                str: strength,
                wis: wisdom,
                hp,
                alignment,
                class,
                level,
            };
            let c = app::character::add(cx, new).await?;
            if out.json() {
                return out.doc(&c);
            }
            let line = tr!("Added {}.", "{} ajouté(e).", headline(&c));
            out.line(&line)
        }
        CharacterCommand::List => {
            let characters = app::character::list(cx).await?;
            if out.json() {
                return out.doc(&characters);
            }
            let mut t = table(&[
                tr!("Name", "Nom"),
                tr!("Alignment", "Alignement"),
                tr!("Class", "Classe"),
                tr!("Level", "Niveau"),
                abbreviations().0.into(),
                abbreviations().1.into(),
                abbreviations().2.into(),
            ]);
            for c in characters {
                t.add_row(vec![
                    safe(&c.name),
                    alignment_name(c.alignment).to_string(),
                    c.class.as_deref().map(safe).unwrap_or_default(),
                    c.level.to_string(),
                    c.str.to_string(),
                    c.wis.to_string(),
                    format!("{}/{}", c.hp, c.hp_max),
                ]);
            }
            out.table(t)
        }
        CharacterCommand::Show { name } => {
            let c = app::character::show(cx, &name).await?;
            if out.json() {
                return out.doc(&c);
            }
            out.line(&headline(&c))?;
            let (str_, wis, hp) = abbreviations();
            out.line(&format!(
                "  {str_} {}  {wis} {}  {hp} {}/{}",
                c.str, c.wis, c.hp, c.hp_max
            ))
        }
        CharacterCommand::Damage { name, amount } => {
            let change = app::character::damage(cx, &name, amount).await?;
            hp_change(out, &change, true)
        }
        CharacterCommand::Heal { name, amount } => {
            let change = app::character::heal(cx, &name, amount).await?;
            hp_change(out, &change, false)
        }
    }
}

fn hp_change(out: &mut Out, c: &HpChange, damage: bool) -> Result<()> {
    if out.json() {
        return out.doc(c);
    }
    let (name, amount, before, hp, max) = (safe(&c.name), c.amount, c.hp_before, c.hp, c.hp_max);
    out.line(&if damage {
        tr!(
            "{name} takes {amount} damage: {before} → {hp}/{max} HP.",
            "{name} subit {amount} dégâts : {before} → {hp}/{max} PV."
        )
    } else {
        tr!(
            "{name} heals {amount}: {before} → {hp}/{max} HP.",
            "{name} récupère {amount} : {before} → {hp}/{max} PV."
        )
    })
}

pub fn alignment_name(a: Alignment) -> &'static str {
    match lang() {
        Lang::En => a.as_str(),
        Lang::Fr => a.french(),
    }
}

/// `Arnaud — lawful fighter, level 3`
fn headline(c: &Character) -> String {
    let (name, alignment, level) = (safe(&c.name), alignment_name(c.alignment), c.level);
    match c.class.as_deref().map(safe) {
        Some(class) => tr!(
            "{name} — {alignment} {class}, level {level}",
            "{name} — {class} {alignment}, niveau {level}"
        ),
        None => tr!(
            "{name} — {alignment}, level {level}",
            "{name} — {alignment}, niveau {level}"
        ),
    }
}

/// STR, WIS, HP in the language of the process.
fn abbreviations() -> (&'static str, &'static str, &'static str) {
    match lang() {
        Lang::En => ("STR", "WIS", "HP"),
        Lang::Fr => ("FOR", "SAG", "PV"),
    }
}
