//! Finding what a command names, in the database, by the names a referee types: a campaign,
//! a character, an item; and, where nothing matches, the known name it may be a typo of.

use crate::error::{Error, Result};
use crate::ledger::{Character, Item};
use crate::refusal::item::Refusal as ItemRefusal;
use crate::refusal::lookup::Refusal;
use crate::rules::item::Names;
use crate::store::{Conn, campaigns, characters, items};

/// A refusal naming the campaign `name`, which does not exist, and the near name if any.
pub async fn unknown_campaign(conn: &mut Conn, name: &str) -> Error {
    let names: Vec<String> = campaigns::list(conn)
        .await
        .map(|l| l.into_iter().map(|c| c.name).collect())
        .unwrap_or_default();
    Refusal::UnknownCampaign {
        near: suggest(name, &names),
        name: name.into(),
    }
    .into()
}

/// Find a character by name in a campaign, or say which names are near.
pub async fn character(
    conn: &mut Conn,
    campaign: i64,
    campaign_name: &str,
    name: &str,
) -> Result<Character> {
    if let Some(character) = characters::by_name(conn, campaign, name).await? {
        return Ok(character);
    }
    let names = characters::names(conn, campaign).await?;
    Err(Refusal::UnknownCharacter {
        near: suggest(name, &names),
        name: name.into(),
        campaign: campaign_name.into(),
    }
    .into())
}

/// The one item `key` names: an id, a unique id prefix (4+ characters), or a unique name in
/// either language.
pub async fn item(conn: &mut Conn, campaign: i64, key: &str) -> Result<Item> {
    let mut found = items::find(conn, campaign, key).await?;
    // An exact id beats prefixes and names; then a living item beats used-up ones (a potion
    // drunk is not the one a name asks for when another bears it).
    for keep in [
        &(|i: &Item| i.id == key.to_lowercase()) as &dyn Fn(&Item) -> bool,
        &|i: &Item| !i.status.used_up(),
    ] {
        if found.len() > 1 && found.iter().any(keep) {
            found.retain(keep);
        }
    }
    match found.len() {
        1 => Ok(found.remove(0)),
        0 => {
            let names = items::names(conn, campaign).await?;
            let near = nearest(key, &names);
            let key = key.to_string();
            Err(ItemRefusal::NoItem { key, near }.into())
        }
        _ => {
            let ids: Vec<String> = found
                .iter()
                .map(|i| crate::ledger::short_id(&i.id).to_string())
                .collect();
            let key = key.to_string();
            Err(ItemRefusal::Ambiguous { key, ids }.into())
        }
    }
}

/// The known name closest to a mistyped one, if any is close enough to be what was meant.
pub fn suggest(wanted: &str, known: &[String]) -> Option<String> {
    closest(wanted, known, |k| [k.as_str()]).cloned()
}

/// The item whose name, in either language, is closest to a mistyped one: both its names, so
/// that the reader is offered it in their own (`Torq` finds « Torc » and « Torque »).
pub fn nearest(wanted: &str, known: &[Names]) -> Option<Names> {
    closest(wanted, known, |n| [n.en.as_str(), n.fr.as_str()]).cloned()
}

/// Of `known`, the one with a spelling (`spelt`) closest to `wanted`, if close enough to be
/// what was meant.
fn closest<'k, T, const N: usize>(
    wanted: &str,
    known: &'k [T],
    spelt: impl Fn(&T) -> [&str; N],
) -> Option<&'k T> {
    let wanted = wanted.to_lowercase();
    let score = |k: &T| {
        spelt(k)
            .into_iter()
            .map(|s| strsim::jaro_winkler(&wanted, &s.to_lowercase()))
            .fold(0.0, f64::max)
    };
    known
        .iter()
        .map(|k| (score(k), k))
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, k)| k)
}

#[cfg(test)]
mod tests {
    use super::{Names, nearest, suggest};

    #[test]
    fn an_item_is_suggested_by_either_of_its_names() {
        let torc = Names {
            en: "Torc".into(),
            fr: "Torque".into(),
        };
        let known = vec![
            torc.clone(),
            Names {
                en: "Wand of Frost".into(),
                fr: "Baguette de givre".into(),
            },
        ];
        assert_eq!(nearest("Torq", &known), Some(torc.clone()));
        assert_eq!(nearest("torqe", &known), Some(torc));
        assert_eq!(nearest("Shield", &known), None);
    }

    #[test]
    fn suggests_the_near_name_only() {
        let known = vec!["Arnaud".to_string(), "Béatrice".to_string()];
        assert_eq!(suggest("Arnauld", &known), Some("Arnaud".into()));
        assert_eq!(suggest("Zed", &known), None);
    }
}
