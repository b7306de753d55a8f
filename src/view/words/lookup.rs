//! The words for what a command cannot find or cannot do before the rules are asked
//! (`app::refusal::lookup::Refusal`): a campaign or character that is not there, an item in someone else's
//! hands, a character who cannot act.

use std::fmt;

use crate::app::refusal::lookup::Refusal;
use crate::i18n::{pick, typed};
use crate::tr;

impl fmt::Display for crate::i18n::Worded<'_, Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            Refusal::NoCampaign => tr!(
                "no campaign yet: `hoard campaign new NAME` starts one",
                "aucune campagne encore : `hoard campaign new NOM` en commence une"
            ),
            Refusal::NoneInUse { campaigns } => {
                let first = typed(&campaigns[0]);
                let all = campaigns
                    .iter()
                    .map(|c| crate::view::inert::safe(c).to_string())
                    .collect::<Vec<_>>()
                    .join(", ");
                tr!(
                    "no campaign in use (this database holds {all}): `hoard campaign use {first}` chooses one, or --campaign NAME",
                    "aucune campagne en cours (cette base contient {all}) : `hoard campaign use {first}` en choisit une, ou --campaign NOM"
                )
            }
            Refusal::CampaignExists {
                name,
                imported: true,
            } => tr!(
                "a campaign named {name:?} already exists: import the file under another name with --as NAME",
                "une campagne nommée {name:?} existe déjà : importez le fichier sous un autre nom avec --as NOM"
            ),
            Refusal::CampaignExists {
                name,
                imported: false,
            } => {
                let typed = typed(name);
                tr!(
                    "a campaign named {name:?} already exists; switch to it with `hoard campaign use {typed}`",
                    "une campagne nommée {name:?} existe déjà ; passez-y avec `hoard campaign use {typed}`"
                )
            }
            Refusal::UnknownCampaign {
                name,
                near: Some(near),
            } => tr!(
                "no campaign named {name:?}; did you mean {near:?}? (`hoard campaign list` shows them all)",
                "aucune campagne nommée {name:?} ; vouliez-vous dire {near:?} ? (`hoard campaign list` les montre toutes)"
            ),
            Refusal::UnknownCampaign { name, near: None } => {
                let typed = typed(name);
                tr!(
                    "no campaign named {name:?}; create it with `hoard campaign new {typed}`",
                    "aucune campagne nommée {name:?} ; créez-la avec `hoard campaign new {typed}`"
                )
            }
            Refusal::UnknownCharacter {
                name,
                near: Some(near),
                ..
            } => tr!(
                "no character named {name:?}; did you mean {near:?}?",
                "aucun personnage nommé {name:?} ; vouliez-vous dire {near:?} ?"
            ),
            Refusal::UnknownCharacter {
                name,
                near: None,
                campaign: campaign_name,
            } => tr!(
                "no character named {name:?} in campaign {campaign_name:?}; add one with `hoard character add`",
                "aucun personnage nommé {name:?} dans la campagne {campaign_name:?} ; ajoutez-le avec `hoard character add`"
            ),
            Refusal::ItemNotLoaded { id } => {
                tr!("item {id} is not loaded", "l'objet {id} n'est pas chargé")
            }
            Refusal::CharacterMissing { id } => {
                tr!("character {id} is missing", "le personnage {id} manque")
            }
            Refusal::HeldByAnother { holder, item, who } => {
                let name = pick(&item.en, &item.fr);
                tr!(
                    "{holder} holds {name}, not {who}: `hoard give` it to {who} first",
                    "{holder} porte {name}, pas {who} : `hoard give` d'abord à {who}"
                )
            }
            Refusal::InTreasure { item } => {
                let name = pick(&item.en, &item.fr);
                tr!(
                    "{name} is in the party's treasure: say who uses it with --by NAME",
                    "{name} est dans le trésor du groupe : dites qui s'en sert avec --by NOM"
                )
            }
            Refusal::Dying { name, hp } => {
                let typed = typed(name);
                tr!(
                    "{name} is dying ({hp} HP) and cannot act: heal them first (`hoard character heal {typed} N`)",
                    "{name} agonise ({hp} PV) et ne peut agir : soignez ce personnage d'abord (`hoard character heal {typed} N`)"
                )
            }
            Refusal::Sick { name, until } => {
                let until = crate::i18n::time::GameTime(*until);
                tr!(
                    "{name} is sick from mixed potions and cannot act until {until} (OSE, Mixing Potions): `hoard time advance` past it first",
                    "{name} est malade d'avoir mélangé des potions, hors d'état d'agir jusqu'au {until} (OSE, mélange de potions) : `hoard time advance` jusque-là d'abord"
                )
            }
            Refusal::Dead { name, hp } => {
                let typed = typed(name);
                tr!(
                    "{name} is dead ({hp} HP) and cannot act; if raised, record it with `hoard character heal {typed} N`",
                    "{name} n'est plus en vie ({hp} PV) et ne peut agir ; en cas de résurrection, notez-la avec `hoard character heal {typed} N`"
                )
            }
        };
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use crate::app::refusal::lookup::Refusal;
    use crate::error::Error;
    use crate::i18n::in_both;
    use crate::rules::item::Names;

    #[tokio::test]
    async fn an_item_in_other_hands_is_named_in_the_readers_language_and_refused() {
        let refusal = Refusal::HeldByAnother {
            holder: "Béatrice".into(),
            item: Names {
                en: "Potion of Healing".into(),
                fr: "Potion de soins".into(),
            },
            who: "Arnaud".into(),
        };
        let (en, fr) = in_both(&crate::i18n::Worded(&refusal)).await;
        assert_eq!(
            en,
            "Béatrice holds Potion of Healing, not Arnaud: `hoard give` it to Arnaud first"
        );
        assert_eq!(
            fr,
            "Béatrice porte Potion de soins, pas Arnaud : `hoard give` d'abord à Arnaud"
        );
        let error = Error::from(refusal);
        assert_eq!(error.exit_code(), 4);
        let fields = serde_json::to_value(error.problem().unwrap()).unwrap();
        assert_eq!(fields["reason"], "held_by_another");
        assert_eq!(fields["item"]["fr"], "Potion de soins");
    }
}
