//! How money reads: what coins are worth, coin and experience events, a share-out's
//! reckoning when items count against it (`share --items`), and the purse on a sheet. The treasury's words, used by every view that shows money; an amount of coins is
//! worded in `i18n::coins`, which the ledger shares.

use super::inert::safe;
use super::tone::Tone;
use crate::app::refusal::coins::Refusal;
use crate::i18n::coins::{abbreviation, text};
use crate::i18n::{Lang, lang, pick};
use crate::ledger::EventView;
use crate::ledger::treasury::{Earned, Holder, Portion, Received, Valuable};
use crate::ledger::{self, Event, Recorded};
use crate::rules::coins::{self, Coins, Denomination};
use crate::rules::party::{self, Division};
use crate::rules::share::Share;
use crate::rules::wages::Per;
use crate::rules::xp::{self, Ability, Adjustment};
use crate::tr;
use serde_json::json;

/// A value in copper as gold: `1430 gp`, `5 gp 2 cp`.
pub fn worth(copper: i64) -> String {
    let (gp, cp) = coins::gold(copper);
    let gold = abbreviation(Denomination::Gp);
    if cp == 0 {
        format!("{gp} {gold}")
    } else {
        format!("{gp} {gold} {cp} {}", abbreviation(Denomination::Cp))
    }
}

/// Coins and their worth: `40 pp, 1200 gp (worth 1400 gp)`; no worth for coins of gold only.
pub fn with_worth(c: &Coins) -> String {
    let only_gold = c.held().all(|(d, _)| d == Denomination::Gp);
    if only_gold {
        return text(c);
    }
    let w = worth(c.copper());
    tr!("{} (worth {w})", "{} (valeur {w})", text(c))
}

/// A holder, as a phrase: `the party's pool`, `Arnaud's purse`, `Bank`.
pub fn holder(h: &Holder) -> String {
    match h {
        Holder::Pool => tr!("the party's pool", "la caisse du groupe"),
        Holder::Character { name, .. } => {
            let name = safe(name);
            tr!("{name}'s purse", "la bourse de {name}")
        }
        Holder::Place { name } => safe(name),
    }
}

/// A holder in a list: `pool`, `Arnaud`, `Bank`.
pub fn label(h: &Holder) -> String {
    match h {
        Holder::Pool => tr!("pool", "caisse"),
        Holder::Character { name, .. } | Holder::Place { name } => safe(name),
    }
}

/// `1 share`, `0.5 share`, `2.5 shares` (`0,5 part` in French).
pub fn shares(s: Share) -> String {
    let s = crate::i18n::decimal(s.to_string());
    if s != "1" && !s.starts_with("0") {
        tr!("{s} shares", "{s} parts")
    } else {
        tr!("{s} share", "{s} part")
    }
}

pub fn ability(a: Ability) -> &'static str {
    match (lang(), a) {
        (Lang::Fr, Ability::Str) => "FOR",
        (Lang::Fr, Ability::Wis) => "SAG",
        (_, Ability::Str) => "STR",
        (_, Ability::Int) => "INT",
        (_, Ability::Wis) => "WIS",
        (_, Ability::Dex) => "DEX",
    }
}

/// The refusals of the treasury commands, in the referee's words.
impl std::fmt::Display for crate::i18n::Worded<'_, Refusal> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self.0 {
            Refusal::Lacks {
                holder: h,
                has,
                wants,
            } => {
                let (who, has, wants) = (holder(h), text(has), text(wants));
                tr!(
                    "{who} has {has}, not {wants}: only coins that are there can go (none is changed for another)",
                    "{who} a {has}, pas {wants} : seules les pièces présentes peuvent partir (aucune n'est changée pour une autre)"
                )
            }
            Refusal::SameHolder { holder: h } => {
                let who = holder(h);
                tr!(
                    "the coins are already in {who}: name where they go with --to or --to-place (the pool otherwise)",
                    "les pièces sont déjà dans {who} : dites où elles vont avec --to ou --to-place (la caisse sinon)"
                )
            }
            Refusal::EmptyPool => tr!(
                "the party's pool is empty: nothing to share (`hoard coins add` puts coins in it)",
                "la caisse du groupe est vide : rien à partager (`hoard coins add` y met des pièces)"
            ),
            Refusal::NoSharers => tr!(
                "nobody takes part: every character is dead or has no share (`hoard character set NAME share 1`)",
                "personne n'y a part : chaque personnage est mort ou sans part (`hoard character set NOM share 1`)"
            ),
            Refusal::TooLittle { pool, shares: n } => {
                let (pool, n) = (text(pool), shares(*n));
                tr!(
                    "{pool} among {n} gives nobody a coin: it all stays in the pool",
                    "{pool} en {n} ne donne une pièce à personne : tout reste dans la caisse"
                )
            }
            Refusal::AlreadyAwarded { session, event } => tr!(
                "experience for session {session} was awarded by event #{event}; void it first (`hoard void {event}`) to award it again",
                "l'expérience de la session {session} a été donnée par l'événement n°{event} ; annulez-le d'abord (`hoard void {event}`) pour la redonner"
            ),
            Refusal::NoSession => tr!(
                "no play session yet: experience is awarded for a session (`hoard session start`)",
                "aucune session de jeu : l'expérience se donne pour une session (`hoard session start`)"
            ),
            Refusal::NothingToAward { session } => tr!(
                "session {session} brought back no treasure and --monsters gives no XP: nothing to award",
                "la session {session} n'a rapporté aucun trésor et --monsters ne donne pas de PX : rien à donner"
            ),
            Refusal::AlreadyThere { item, place } => {
                let (item, place) = (safe(pick(&item.en, &item.fr)), safe(place));
                tr!("{item} is already at {place}", "{item} est déjà à {place}")
            }
            Refusal::Unpriced { item } => {
                let item = safe(pick(&item.en, &item.fr));
                tr!(
                    "{item} has no worth to take a fraction of (a magic item): name its price with --for, such as --for 500gp",
                    "{item} n'a pas de valeur dont prendre une fraction (un objet magique) : donnez son prix avec --for, comme --for 500po"
                )
            }
            Refusal::MixedSale { item, first } => {
                let (item, first) = (safe(pick(&item.en, &item.fr)), safe(first));
                tr!(
                    "{item} and {first} cannot be sold together: sell magic items apart from valuables (experience may count a valuable's price, never a magic item's)",
                    "{item} et {first} ne se vendent pas ensemble : vendez les objets magiques à part des objets de valeur (l'expérience peut compter le prix d'un objet de valeur, jamais celui d'un objet magique)"
                )
            }
            Refusal::SameCoin { coin } => {
                let coin = abbreviation(*coin);
                tr!(
                    "{coin} cannot be exchanged for {coin}: name other coins, such as exchange 1200sp --for {coin}",
                    "{coin} ne se change pas en {coin} : donnez d'autres pièces, comme exchange 1200pa --for {coin}"
                )
            }
            Refusal::TooFewToChange { coin } => {
                let coin = abbreviation(*coin);
                tr!(
                    "too few coins to make one {coin} at the rates, after the changer's fee",
                    "trop peu de pièces pour faire une {coin} aux taux, après la commission du changeur"
                )
            }
            Refusal::SoldTwice { item } => {
                let item = safe(pick(&item.en, &item.fr));
                tr!("{item} is named twice", "{item} est nommé deux fois")
            }
            Refusal::NotCounted { item } => {
                let item = safe(pick(&item.en, &item.fr));
                tr!(
                    "{item} is not counted in this share-out: --worth agrees the worth of an item a sharer received from the party's treasure since their last share-out and still holds (`hoard --dry-run share --items` lists them)",
                    "{item} n'est pas compté dans ce partage : --worth convient de la valeur d'un objet qu'un des partageants a reçu du trésor du groupe depuis son dernier partage et porte encore (`hoard --dry-run share --items` les montre)"
                )
            }
            Refusal::AgreedPastLimit { item, limit } => {
                let item = safe(pick(&item.en, &item.fr));
                tr!(
                    "--worth gives {item} more than {limit} gp, the most an item may be worth: agree a smaller worth",
                    "--worth donne à {item} plus de {limit} po, le plus qu'un objet puisse valoir : convenez d'une valeur moindre"
                )
            }
            Refusal::AgreedTwice { item } => {
                let item = safe(pick(&item.en, &item.fr));
                tr!(
                    "--worth gives {item} a worth twice: agree one",
                    "--worth donne deux fois une valeur à {item} : convenez-en d'une"
                )
            }
        };
        f.write_str(&text)
    }
}

/// `Arnaud (1 share): 20 pp, 600 gp`
pub fn portion(p: &Portion) -> String {
    let (name, n, coins) = (safe(&p.name), shares(p.share), with_worth(&p.coins));
    tr!("{name} ({n}): {coins}", "{name} ({n}) : {coins}")
}

/// An award's figures, as its `xp_awarded` event holds them: what `xp award` and `explain`
/// word.
pub struct Award<'a> {
    pub coins: &'a Coins,
    pub valuables: &'a [Valuable],
    pub treasure: i64,
    pub monsters: i64,
    pub total: i64,
    pub portions: &'a [Earned],
    pub division: Division,
    pub counted: xp::Counted,
    pub sold: &'a Coins,
}

impl Award<'_> {
    /// The shares the award was divided into.
    pub fn shares(&self) -> Share {
        divided_into(self.portions.iter().map(|p| p.share), self.division)
    }
}

/// `xp award --json`: the event's figures, each character named, with the percentage of their
/// adjustment beside its scores.
pub fn award_json(rec: &Recorded, award: &Award<'_>) -> serde_json::Value {
    let p = serde_json::to_value(&rec.event).unwrap_or_default();
    let portions: Vec<_> = p["portions"]
        .as_array()
        .map(|all| {
            all.iter()
                .map(|e| {
                    json!({
                        "character": e["name"],
                        "share": e["share"],
                        "base": e["base"],
                        "percent": e["adjustment"]["percent"],
                        "adjustment": e["adjustment"],
                        "adjusted": e["adjusted"],
                        "gained": e["gained"],
                        "xp": e["xp"],
                        "level": e["level"],
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    json!({
        "session": p["session"],
        "treasure": {
            "counted": p.get("counted").cloned().unwrap_or_else(|| json!("found")),
            "coins": p["coins"],
            "valuables": p["valuables"],
            "sold": p.get("sold").cloned().unwrap_or_else(|| json!(Coins::default())),
            "xp": p["treasure"],
        },
        "monsters": p["monsters"],
        "total": p["total"],
        "shares": award.shares(),
        "portions": portions,
        "event": EventView::of(rec),
    })
}

/// The shares a share-out or an award was divided into (`rules::party::counted`: treasure by
/// shares, a retainer on ½ counting half; experience counting them one, the other half left).
pub fn divided_into(shares: impl IntoIterator<Item = Share>, division: Division) -> Share {
    let shares: Vec<Share> = shares.into_iter().collect();
    Share(party::counted(&shares, division))
}

/// An award's arithmetic, a line each, in its tone: a level reached is good news.
pub fn award_lines(award: &Award<'_>) -> Vec<(Tone, String)> {
    let Award {
        coins,
        valuables,
        treasure,
        monsters,
        total,
        portions,
        counted,
        sold,
        ..
    } = award;
    let valuable_worth = xp::treasure_copper(&Coins::default(), valuables.iter().map(|v| &v.value));
    let (in_coins, in_valuables) = (worth(coins.copper()), worth(valuable_worth));
    let n = shares(award.shares());
    let treasure_line = match counted {
        xp::Counted::Found => tr!(
            "  treasure brought back: {in_coins} in coins + {in_valuables} in valuables = {treasure} XP (magic items give none)",
            "  trésor rapporté : {in_coins} en pièces + {in_valuables} en objets de valeur = {treasure} PX (les objets magiques n'en donnent pas)"
        ),
        xp::Counted::Sold => {
            let in_sales = worth(sold.copper());
            tr!(
                "  treasure realised (xp-from sold): {in_coins} in coins brought back + {in_sales} from valuables sold = {treasure} XP (valuables count when sold; magic items give none)",
                "  trésor réalisé (xp-from sold) : {in_coins} en pièces rapportées + {in_sales} d'objets de valeur vendus = {treasure} PX (les objets de valeur comptent à leur vente ; les objets magiques n'en donnent pas)"
            )
        }
    };
    let mut lines = vec![
        (Tone::Plain, treasure_line),
        (
            Tone::Plain,
            tr!(
                "  monsters: {monsters} XP; total {total} XP for {n}",
                "  monstres : {monsters} PX ; total {total} PX pour {n}"
            ),
        ),
    ];
    for p in portions.iter() {
        let tone = if p.gain.level.is_some() {
            Tone::Good
        } else {
            Tone::Plain
        };
        lines.push((tone, format!("  {}", earned(p))));
    }
    lines
}

/// The adjustment as the arithmetic reads: `+5% for STR 13`.
pub fn adjustment(a: &Adjustment, who: &str) -> String {
    let scores: Vec<String> = a
        .scores
        .iter()
        .map(|s| format!("{} {}", ability(s.ability), s.score))
        .collect();
    let scores = scores.join(", ");
    match a.missing {
        Some(missing) => {
            let m = ability(missing);
            let key = m.to_lowercase();
            let who = safe(&crate::i18n::typed(who));
            tr!(
                "no adjustment ({m} not recorded: `hoard character set {who} {key} N`)",
                "pas d'ajustement ({m} non noté : `hoard character set {who} {key} N`)"
            )
        }
        None if a.scores.is_empty() => tr!(
            "no adjustment (no OSE class)",
            "pas d'ajustement (pas de classe OSE)"
        ),
        None => {
            let percent = a.percent;
            tr!("{percent:+}% for {scores}", "{percent:+} % pour {scores}")
        }
    }
}

/// `Arnaud (1 share): 840, +5% for STR 13 = 882 → 8482 XP; reaches level 4!`
pub fn earned(p: &Earned) -> String {
    let name = safe(&p.name);
    let g = &p.gain;
    let how = adjustment(&g.adjustment, &name);
    let (base, adjusted, xp) = (g.base, g.adjusted, g.xp);
    let n = shares(p.share);
    let mut text = tr!(
        "{name} ({n}): {base}, {how} = {adjusted}",
        "{name} ({n}) : {base}, {how} = {adjusted}"
    );
    if g.gained < g.adjusted {
        let kept = g.gained;
        text.push_str(&tr!(
            ", at most one level in a session: {kept} kept",
            ", un niveau au plus par session : {kept} gardés"
        ));
    }
    text.push_str(&format!(" → {xp} XP"));
    if let Some(level) = g.level {
        text.push_str(&tr!(
            "; reaches level {level}!",
            " ; atteint le niveau {level} !"
        ));
    }
    text
}

/// One line for each treasury event (`log`, reports); another family's is worded by its own
/// module (`view::describe`).
pub fn describe(event: &Event) -> String {
    match event {
        Event::CoinsAdded { coins, to, session } => {
            let (amount, to) = (with_worth(coins), holder(to));
            match session {
                Some(n) => tr!(
                    "{amount} added to {to}, brought back in session {n}",
                    "{amount} ajoutés à {to}, rapportés pendant la session {n}"
                ),
                None => tr!("{amount} added to {to}", "{amount} ajoutés à {to}"),
            }
        }
        Event::ItemsSold { items, price, to } => {
            let names: Vec<String> = items
                .iter()
                .map(|s| safe(pick(&s.name, &s.name_fr)))
                .collect();
            let (names, amount, to) = (names.join(", "), with_worth(price), holder(to));
            let how = match items.first().and_then(|s| s.percent) {
                Some(_) => {
                    // Each market's fraction once, in the order the items name them.
                    let mut fractions: Vec<String> = Vec::new();
                    for s in items {
                        let market = s.market.as_str();
                        if let Some(p) = s.percent {
                            let fraction = tr!("{market} {p}%", "{market} {p} %");
                            if !fractions.contains(&fraction) {
                                fractions.push(fraction);
                            }
                        }
                    }
                    let fractions = fractions.join(", ");
                    tr!(
                        " (at {fractions} of the worth)",
                        " (à {fractions} de la valeur)"
                    )
                }
                None => tr!(" (the price named)", " (au prix donné)"),
            };
            tr!(
                "{names} sold for {amount}{how}, paid to {to}",
                "{names} vendu pour {amount}{how}, payé à {to}"
            )
        }
        Event::CoinsExchanged {
            holder: h,
            taken,
            fee,
            received,
            ..
        } => {
            let (taken, received, h) = (text(taken), text(received), holder(h));
            match fee {
                0 => tr!(
                    "{taken} of {h} exchanged for {received}",
                    "{taken} de {h} changés en {received}"
                ),
                fee => tr!(
                    "{taken} of {h} exchanged for {received} (less the changer's {fee}%)",
                    "{taken} de {h} changés en {received} (moins la commission de {fee} % du changeur)"
                ),
            }
        }
        Event::CoinsSpent {
            coins,
            from,
            change,
        } => {
            let (amount, from) = (text(coins), holder(from));
            let spent = tr!(
                "{amount} spent from {from}",
                "{amount} dépensés depuis {from}"
            );
            match change.is_zero() {
                true => spent,
                false => format!("{spent} {}", change_back(change)),
            }
        }
        Event::CoinsMoved { coins, from, to } => {
            let (amount, from, to) = (text(coins), holder(from), holder(to));
            tr!(
                "{amount} move from {from} to {to}",
                "{amount} passent de {from} à {to}"
            )
        }
        Event::WagesPaid {
            name,
            employer_name,
            per,
            times,
            paid,
            owed,
            ..
        } => {
            let (name, by, paid) = (safe(name), safe(employer_name), text(paid));
            let what = match per {
                Per::Day => tr!(
                    "{name}'s wages for {days}",
                    "les gages de {name} pour {days}",
                    days =
                        crate::i18n::counted(i64::from(*times), ("day", "days"), ("jour", "jours"))
                ),
                Per::Adventure => tr!(
                    "{name}'s wages for the adventure",
                    "les gages de {name} pour l'aventure"
                ),
            };
            match owed {
                0 => tr!("{by} pays {what}: {paid}", "{by} paie {what} : {paid}"),
                n => tr!(
                    "{by} pays {what}: {paid}, and owes {owed} more",
                    "{by} paie {what} : {paid}, et doit encore {owed}",
                    owed = worth(*n)
                ),
            }
        }
        Event::CoinsShared {
            portions,
            remainder,
            ..
        } => {
            let each: Vec<String> = portions
                .iter()
                .map(|p| format!("{} {}", safe(&p.name), text(&p.coins)))
                .collect();
            let (each, left) = (each.join(&tr!("; ", " ; ")), text(remainder));
            tr!(
                "the pool is shared: {each}; left in the pool: {left}",
                "la caisse est partagée : {each} ; reste dans la caisse : {left}"
            )
        }
        Event::XpAwarded {
            session,
            total,
            portions,
            ..
        } => {
            let each: Vec<String> = portions
                .iter()
                .map(|p| {
                    let (name, gained) = (safe(&p.name), p.gain.gained);
                    match p.gain.level {
                        Some(l) => tr!(
                            "{name} +{gained} (level {l})",
                            "{name} +{gained} (niveau {l})"
                        ),
                        None => format!("{name} +{gained}"),
                    }
                })
                .collect();
            let each = each.join(", ");
            tr!(
                "experience for session {session}: {total} XP — {each}",
                "expérience de la session {session} : {total} PX — {each}"
            )
        }
        Event::ItemStashed {
            item_name,
            item_name_fr,
            place,
            ..
        } => {
            let (item, place) = (safe(pick(item_name, item_name_fr)), safe(place));
            tr!("{item} is left at {place}", "{item} est laissé à {place}")
        }
        ledger::campaign_events!()
        | ledger::encounter_events!()
        | ledger::character_events!()
        | ledger::item_events!()
        | ledger::sword_events!() => String::new(),
    }
}

/// The rule a share-out, an award, a sale or an exchange applied, and its arithmetic, a line
/// each (`explain`); nothing more for the other treasury events, whose line says it all, nor
/// for another family's (`explain` asks its own module).
pub fn explain(event: &Event) -> Vec<String> {
    let mut lines = Vec::new();
    match event {
        Event::CoinsShared {
            portions,
            remainder,
            division,
            ..
        } => {
            let rule = match division {
                Division::Shares => party::SHARES,
                Division::Ose => party::EVENLY,
                Division::Weighted => party::WEIGHTED,
            };
            lines.push(format!("  {}", pick(rule.en, rule.fr)));
            if portions.iter().any(|p| !p.items.is_empty()) {
                let against = crate::rules::loot::AGAINST;
                lines.push(format!("  {}", pick(against.en, against.fr)));
            }
            lines.extend(self::portions(portions, remainder));
            lines.push(tr!(
                "  left in the pool: {}",
                "  reste dans la caisse : {}",
                text(remainder)
            ));
        }
        Event::XpAwarded {
            session: _,
            coins,
            valuables,
            treasure,
            monsters,
            total,
            portions,
            division,
            counted,
            sold,
            survivors: _,
        } => {
            lines.push(format!("  {}", pick(xp::AWARDING.en, xp::AWARDING.fr)));
            let award = Award {
                coins,
                valuables,
                treasure: *treasure,
                monsters: *monsters,
                total: *total,
                portions,
                division: *division,
                counted: *counted,
                sold,
            };
            lines.extend(award_lines(&award).into_iter().map(|(_, line)| line));
        }
        Event::ItemsSold { .. } => {
            let rule = crate::rules::sale::SELLING;
            lines.push(format!("  {}", pick(rule.en, rule.fr)));
        }
        Event::CoinsExchanged {
            taken,
            fee,
            received,
            ..
        } => {
            let rule = crate::rules::exchange::CHANGING;
            lines.push(format!("  {}", pick(rule.en, rule.fr)));
            let (taken, received) = (text(taken), text(received));
            lines.push(tr!(
                "  {taken} taken; {received} received, after a fee of {fee}%",
                "  {taken} pris ; {received} reçus, après une commission de {fee} %"
            ));
        }
        Event::WagesPaid { times, per, .. } => {
            let rule = crate::rules::wages::WAGES;
            lines.push(format!("  {}", pick(rule.en, rule.fr)));
            lines.push(match per {
                Per::Day => tr!(
                    "  {times} midnight(s) passed on the employer's expedition clock",
                    "  {times} minuit(s) passé(s) à l'horloge de l'expédition de l'employeur"
                ),
                Per::Adventure => tr!(
                    "  the session the retainer went on ended",
                    "  la séance où est allé l'homme d'armes a pris fin"
                ),
            });
        }
        Event::CoinsAdded { .. }
        | Event::CoinsSpent { .. }
        | Event::CoinsMoved { .. }
        | Event::ItemStashed { .. } => {}
        ledger::campaign_events!()
        | ledger::encounter_events!()
        | ledger::character_events!()
        | ledger::item_events!()
        | ledger::sword_events!() => {}
    }
    lines
}

/// The seller's change a purchase brought back, in brackets after what was spent.
pub fn change_back(change: &Coins) -> String {
    let change = text(change);
    tr!("({change} back in change)", "({change} rendus en monnaie)")
}

/// A character's purse and experience on their sheet.
pub fn sheet_lines(c: &ledger::Character, purse: &Coins) -> Vec<String> {
    let purse = if purse.is_zero() {
        tr!("empty", "vide")
    } else {
        with_worth(purse)
    };
    let mut xp = tr!("XP {}", "PX {}", c.xp);
    if let Some((level, needs)) = xp::next_level(c) {
        xp.push_str(&tr!(
            ", level {level} at {needs}",
            ", niveau {level} à {needs}"
        ));
    }
    if c.share != Share::FULL {
        xp.push_str(&tr!("; {}", " ; {}", shares(c.share)));
    }
    vec![
        tr!("  purse: {purse}", "  bourse : {purse}"),
        format!("  {xp}"),
    ]
}

/// The lines of a share-out's portions: under `--items`, the reckoning (the worth divided,
/// then each sharer's arithmetic and their items); otherwise one line each.
pub fn portions(portions: &[Portion], remainder: &Coins) -> Vec<String> {
    if portions.iter().all(|p| p.items.is_empty()) {
        return portions
            .iter()
            .map(|p| format!("  {}", portion(p)))
            .collect();
    }
    let pool = portions.iter().fold(*remainder, |sum, p| {
        sum.checked_add(&p.coins, i64::MAX).unwrap_or(sum)
    });
    let items = |p: &Portion| p.items_worth().unwrap_or_default().copper();
    let sharers: Vec<(Share, i64)> = portions.iter().map(|p| (p.share, items(p))).collect();
    let r = crate::rules::loot::reckon(pool.copper(), &sharers);
    let (total, divided) = (worth(r.total), shares(Share(r.shares)));
    let (coins, counted) = (with_worth(&pool), worth(r.total - pool.copper()));
    let mut lines = vec![tr!(
        "  worth divided: {total} (the pool's {coins} and {counted} of items) in {divided}",
        "  valeur partagée : {total} (la caisse, {coins}, et {counted} d'objets) en {divided}"
    )];
    for (n, p) in portions.iter().enumerate() {
        let (name, share, paid) = (safe(&p.name), shares(p.share), with_worth(&p.coins));
        let less = worth(items(p));
        lines.push(match (r.fair(n, p.share).map(worth), p.items.is_empty()) {
            (Some(fair), true) => tr!(
                "  {name} ({share}): fair part {fair}: {paid}",
                "  {name} ({share}) : juste part {fair} : {paid}"
            ),
            (Some(fair), false) => tr!(
                "  {name} ({share}): fair part {fair} less items worth {less}: {paid}",
                "  {name} ({share}) : juste part {fair} moins {less} d'objets : {paid}"
            ),
            (None, _) => tr!(
                "  {name} ({share}): items worth {less}, more than a fair part: nothing",
                "  {name} ({share}) : {less} d'objets, plus qu'une juste part : rien"
            ),
        });
        if !p.items.is_empty() {
            let each: Vec<String> = p
                .items
                .iter()
                .map(|i| {
                    let item = safe(pick(&i.name, &i.name_fr));
                    match (&i.agreed, &i.worth) {
                        (Some(a), Some(w)) => {
                            let (a, w) = (with_worth(a), with_worth(w));
                            tr!(
                                "{item} (agreed {a}; believed {w})",
                                "{item} (convenu {a} ; cru {w})"
                            )
                        }
                        (Some(a), None) => {
                            let a = with_worth(a);
                            tr!(
                                "{item} (agreed {a}; worth unknown)",
                                "{item} (convenu {a} ; valeur inconnue)"
                            )
                        }
                        (None, Some(w)) => format!("{item} ({})", with_worth(w)),
                        (None, None) => tr!("{item} (worth unknown)", "{item} (valeur inconnue)"),
                    }
                })
                .collect();
            let each = each.join(", ");
            lines.push(tr!("    items: {each}", "    objets : {each}"));
        }
    }
    lines
}

/// Under `share --items`, the items counted as nothing because nobody knows their worth, and
/// how to count them: none if there are none. `preview`: the share-out is not recorded
/// (`--dry-run`), so it is given again with `--worth`, not undone first.
pub fn unknown_worth(portions: &[Portion], preview: bool) -> Option<String> {
    let unknown: Vec<(&Portion, &Received)> = portions
        .iter()
        .flat_map(|p| p.unknown_worth().map(move |r| (p, r)))
        .collect();
    let (_, first) = unknown.first()?;
    let each: Vec<String> = unknown
        .iter()
        .map(|(p, r)| {
            let item = safe(pick(&r.name, &r.name_fr));
            format!("{item} ({})", safe(&p.name))
        })
        .collect();
    let (each, example) = (each.join(", "), safe(pick(&first.name, &first.name_fr)));
    let how = match preview {
        true => tr!(
            "give the worth the party agrees with --worth, such as --worth \"{example}=2000gp\"",
            "donnez la valeur dont le groupe convient avec --worth, comme --worth \"{example}=2000po\""
        ),
        false => tr!(
            "to count them, undo this share-out (`hoard undo`) and share again with the worth the party agrees, such as --worth \"{example}=2000gp\"",
            "pour les compter, annulez ce partage (`hoard undo`) et partagez à nouveau avec la valeur dont le groupe convient, comme --worth \"{example}=2000po\""
        ),
    };
    Some(tr!(
        "worth unknown, counted as nothing: {each}; {how}",
        "valeur inconnue, comptée pour rien : {each} ; {how}"
    ))
}
