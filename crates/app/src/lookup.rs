//! Finding what a command names, in the database, by the names a referee types: a campaign,
//! a character, an item; and, where nothing matches, the known name it may be a typo of.

use crate::error::{Error, Result};
use crate::ledger::{Character, Item};
use crate::refusal::item::Refusal as ItemRefusal;
use crate::refusal::lookup::Refusal;
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
            let near = suggest(key, &names);
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
    let wanted = wanted.to_lowercase();
    known
        .iter()
        .map(|k| (strsim::jaro_winkler(&wanted, &k.to_lowercase()), k))
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, k)| k.clone())
}

#[cfg(test)]
mod tests {
    use super::suggest;

    #[test]
    fn suggests_the_near_name_only() {
        let known = vec!["Arnaud".to_string(), "Béatrice".to_string()];
        assert_eq!(suggest("Arnauld", &known), Some("Arnaud".into()));
        assert_eq!(suggest("Zed", &known), None);
    }
}
