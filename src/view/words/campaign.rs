//! The words for a campaign that cannot be renamed, deleted or set
//! (`app::refusal::campaign::Refusal`).

use std::fmt;

use crate::app::refusal::campaign::Refusal;
use crate::i18n::{EVENT, counted, typed};
use crate::tr;

impl fmt::Display for crate::i18n::Worded<'_, Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            Refusal::NameTaken { name: new } => tr!(
                "a campaign named {new:?} already exists: choose another name",
                "une campagne nommée {new:?} existe déjà : choisissez un autre nom"
            ),
            Refusal::Unforced { name, events } => {
                let [en, fr] = EVENT;
                let (events, typed) = (counted(*events, en, fr), typed(name));
                tr!(
                    "deleting campaign {name} removes its {events} for good: add --force (`hoard backup FILE` first keeps a copy)",
                    "supprimer la campagne {name} efface ses {events} pour de bon : ajoutez --force (`hoard backup FICHIER` avant en garde une copie)"
                ) + &format!(": `hoard campaign delete {typed} --force`")
            }
            Refusal::NotPercentage { key, lo, hi } => tr!(
                "{key} must be a percentage from {lo} to {hi}, or `default`",
                "{key} doit être un pourcentage de {lo} à {hi}, ou `default`"
            ),
            Refusal::UnknownDeath => tr!(
                "death must be ose (dead at 0 HP) or adnd (dying from 0 to -9, dead at -10)",
                "death vaut ose (mort à 0 PV) ou adnd (mourant de 0 à -9, mort à -10)"
            ),
            Refusal::UnknownRound => tr!(
                "round must be adnd (a minute, ten to a turn) or ose (ten seconds, sixty to a turn)",
                "round vaut adnd (une minute, dix par tour) ou ose (dix secondes, soixante par tour)"
            ),
            Refusal::UnknownDeadShare => tr!(
                "dead-share must be survivors (the dead take no share of treasure) or heirs (their share goes to their purse, for their heirs)",
                "dead-share vaut survivors (les morts n'ont pas de part du trésor) ou heirs (leur part va dans leur bourse, pour leurs héritiers)"
            ),
            Refusal::NoTablesFolder {
                folder: value,
                error: e,
            } => tr!(
                "no tables folder {value:?}: {e}",
                "pas de dossier de tables {value:?} : {e}"
            ),
            Refusal::UnknownTreasure => tr!(
                "treasure must be ose (Old-School Essentials' treasure types) or adnd (AD&D 2nd edition's)",
                "treasure vaut ose (les types de trésor d'Old-School Essentials) ou adnd (ceux d'AD&D 2e édition)"
            ),
            Refusal::UnknownMagicItems => tr!(
                "magic-items must be adnd (the AD&D 2e DMG's magic-item tables) or ose (Old-School Essentials')",
                "magic-items vaut adnd (les tables d'objets magiques du Guide du maître d'AD&D 2e) ou ose (celles d'Old-School Essentials)"
            ),
            Refusal::UnknownMagicColumn => tr!(
                "magic-column must be party (OSE's B column up to an average party level of 3, X above), basic or expert",
                "magic-column vaut party (la colonne B d'OSE jusqu'à un niveau moyen du groupe de 3, X au-delà), basic ou expert"
            ),
            Refusal::UnknownEdition => tr!(
                "edition must be ose (Old-School Essentials) or adnd (AD&D 2nd edition)",
                "edition vaut ose (Old-School Essentials) ou adnd (AD&D 2e édition)"
            ),
            Refusal::UnknownRecharge => tr!(
                "recharge must be allowed (the AD&D 2e DMG) or none (Old-School Essentials: recharging is not possible)",
                "recharge vaut allowed (le Guide du maître d'AD&D 2e) ou none (Old-School Essentials : la recharge est impossible)"
            ),
            Refusal::UnknownRations => tr!(
                "rations is on (characters out on an expedition eat a ration a day) or off",
                "rations vaut on (les personnages en expédition mangent une ration par jour) ou off"
            ),
            Refusal::NotRate { key, per } => tr!(
                "{key} is an amount a {per}, such as 100gp/{per}, or off",
                "{key} vaut un montant par {per}, comme 100gp/{per}, ou off"
            ),
            Refusal::NotLiving { back } => tr!(
                "living is a lifestyle of the AD&D 2e DMG (squalid, poor, middle-class, wealthy), an amount a month such as 100gp/month, or {back}",
                "living vaut un train de vie du DMG d'AD&D 2e (squalid, poor, middle-class, wealthy), un montant par mois comme 100gp/month, ou {back}"
            ),
            Refusal::NoLifestyle { lifestyle } => tr!(
                "OSE Classic Fantasy gives no cost of living, so {lifestyle} has no figure in this campaign: give an amount, such as 100gp/month (the lifestyles are the AD&D 2e DMG's, for a campaign of edition adnd)",
                "OSE Classic Fantasy ne donne pas de coût de la vie, {lifestyle} n'a donc pas de montant dans cette campagne : donnez un montant, comme 100gp/month (les trains de vie sont ceux du DMG d'AD&D 2e, pour une campagne d'édition adnd)"
            ),
            Refusal::LivesByLifestyle {
                who: None,
                lifestyle,
            } => tr!(
                "the campaign lives by the AD&D 2e DMG's {lifestyle}, which OSE Classic Fantasy gives no figure for: set an amount first (campaign set living 100gp/month, or off)",
                "la campagne vit au train de vie {lifestyle} du DMG d'AD&D 2e, qu'OSE Classic Fantasy ne chiffre pas : donnez d'abord un montant (campaign set living 100gp/month, ou off)"
            ),
            Refusal::LivesByLifestyle {
                who: Some(who),
                lifestyle,
            } => {
                let who = crate::view::inert::safe(who);
                tr!(
                    "{who} lives by the AD&D 2e DMG's {lifestyle}, which OSE Classic Fantasy gives no figure for: set an amount first (character set {who} living 100gp/month, or campaign)",
                    "{who} vit au train de vie {lifestyle} du DMG d'AD&D 2e, qu'OSE Classic Fantasy ne chiffre pas : donnez d'abord un montant (character set {who} living 100gp/month, ou campaign)"
                )
            }
            Refusal::UnknownArmourWeight => tr!(
                "armour-weight must be nothing (AD&D 2e: enchanted armour does not count toward encumbrance) or half (Old-School Essentials: 50% less)",
                "armour-weight vaut nothing (AD&D 2e : une armure enchantée ne compte pas dans l'encombrement) ou half (Old-School Essentials : 50 % de moins)"
            ),
            Refusal::UnknownReferees => tr!(
                "referees must be named (the referee --referee or HOARD_REFEREE names) or role (the PostgreSQL role connected as)",
                "referees vaut named (le meneur que nomme --referee ou HOARD_REFEREE) ou role (le rôle PostgreSQL de la connexion)"
            ),
            Refusal::UnknownClaimTies => tr!(
                "claim-ties must be roll (d100 each among equal claims, highest wins) or share (the fewest items won by claims so far, then d100)",
                "claim-ties vaut roll (d100 chacun entre demandes égales, le plus haut l'emporte) ou share (le moins d'objets gagnés par demande jusqu'ici, puis d100)"
            ),
            Refusal::UnknownXpFrom => tr!(
                "xp-from must be found (experience counts treasure when brought back) or sold (valuables when sold, at their price)",
                "xp-from vaut found (l'expérience compte le trésor rapporté) ou sold (les objets de valeur à leur vente, à leur prix)"
            ),
            Refusal::UnknownEncumbrance => tr!(
                "encumbrance must be detailed (OSE: by the weight carried), basic (OSE: by the armour worn and treasure) or adnd (AD&D 2e: by the weight carried and Strength)",
                "encumbrance vaut detailed (OSE : selon le poids porté), basic (OSE : selon l'armure portée et le trésor) ou adnd (AD&D 2e : selon le poids porté et la Force)"
            ),
            Refusal::NotSellFraction => tr!(
                "sell-fraction takes a market — gems, magic or equipment — and the fraction of its worth an item fetches, from 0 to 1 (1.0, 0.5) or default: sell-fraction gems 1.0",
                "sell-fraction prend un marché — gems, magic ou equipment — et la fraction de sa valeur qu'un objet rapporte, de 0 à 1 (1.0, 0.5) ou default : sell-fraction gems 1.0"
            ),
            Refusal::NotOwner { role, owner } => tr!(
                "only the campaign's owner may change who records (`campaign set referees`, and the referees under `referees role`): that is {owner}, the PostgreSQL role that owns hoard's tables, and this command connects as {role}",
                "seul le propriétaire de la campagne peut changer qui enregistre (`campaign set referees`, et les meneurs sous `referees role`) : c'est {owner}, le rôle PostgreSQL à qui appartiennent les tables de hoard, et cette commande se connecte en tant que {role}"
            ),
            Refusal::UnknownSetting { key } => tr!(
                "unknown setting {key:?}: use edition, scroll-fade, crumble-rod, crumble-wand, death, round, dead-share, sell-fraction, exchange-fee, xp-from, treasure, magic-items, magic-column, recharge, armour-weight, encumbrance, claim-ties, referees or tables",
                "réglage inconnu {key:?} : edition, scroll-fade, crumble-rod, crumble-wand, death, round, dead-share, sell-fraction, exchange-fee, xp-from, treasure, magic-items, magic-column, recharge, armour-weight, encumbrance, claim-ties, referees ou tables"
            ),
        };
        f.write_str(&text)
    }
}
