//! `hoard coins …`, `hoard valuable …`, `hoard share`, `hoard xp award`, `hoard stash`: the
//! party's money and experience, in the referee's words.

use clap::{Args, Subcommand, ValueEnum};
use serde_json::json;

use super::log::EventView;
use super::out::{Out, Tone, safe};
use crate::app::coins::{Refusal, Whose};
use crate::app::{self, Ctx};
use crate::error::{Error, Result};
use crate::i18n::{Lang, lang};
use crate::ledger::treasury::{Earned, Holder, Portion};
use crate::ledger::{Event, Recorded};
use crate::rules::coins::{self, AmountError, Coins, Denomination, Share};
use crate::rules::knowledge::Method;
use crate::rules::xp::{Ability, Adjustment};
use crate::tr;

#[derive(Debug, Args)]
pub struct CoinsArgs {
    #[command(subcommand)]
    pub command: Option<CoinsCommand>,
}

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum CoinsCommand {
    /// Coins come in: to the party's pool, or to a character's purse (--to) or a place (--at)
    Add {
        /// The amount: 1200gp 300sp 40pp (cp, sp, ep, gp, pp; French po, pa, pc, pe too)
        #[arg(required = true, value_name = "AMOUNT")]
        amount: Vec<String>,
        /// A character's purse instead of the pool
        #[arg(long, value_name = "CHARACTER", conflicts_with = "at")]
        to: Option<String>,
        /// A named place instead of the pool: a bank, a stronghold, a cache
        #[arg(long, value_name = "PLACE", visible_alias = "to-place")]
        at: Option<String>,
    },
    /// Coins go out: from the pool, or from a purse (--from) or a place (--at); refused if
    /// they are not there
    Spend {
        /// The amount: 12gp 5sp
        #[arg(required = true, value_name = "AMOUNT")]
        amount: Vec<String>,
        /// A character's purse instead of the pool
        #[arg(long, value_name = "CHARACTER", conflicts_with = "at")]
        from: Option<String>,
        /// A named place instead of the pool
        #[arg(long, value_name = "PLACE", visible_alias = "from-place")]
        at: Option<String>,
    },
    /// Coins change hands: from the pool unless --from/--from-place, to the pool unless
    /// --to/--to-place
    Move {
        /// The amount: 100gp 3pp
        #[arg(required = true, value_name = "AMOUNT")]
        amount: Vec<String>,
        /// Take them from this character's purse
        #[arg(long, value_name = "CHARACTER", conflicts_with = "from_place")]
        from: Option<String>,
        /// Take them from this place
        #[arg(long, value_name = "PLACE")]
        from_place: Option<String>,
        /// Put them in this character's purse
        #[arg(long, value_name = "CHARACTER", conflicts_with = "to_place")]
        to: Option<String>,
        /// Put them at this place
        #[arg(long, value_name = "PLACE")]
        to_place: Option<String>,
        /// A place on the side --from or --to leaves open (given twice: from the first place
        /// to the second)
        #[arg(long, value_name = "PLACE", conflicts_with_all = ["from_place", "to_place"])]
        at: Vec<String>,
    },
    /// The pool, every purse and every place, with what each is worth
    Show,
}

#[derive(Debug, Args)]
pub struct ShareArgs {
    /// The session whose treasure this pays [default: the open one, else the latest]
    #[arg(long, value_name = "N")]
    pub session: Option<u32>,
}

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum XpCommand {
    /// Experience for a session: its treasure brought back and its monsters, by shares, each
    /// part adjusted by the character's prime requisites (OSE)
    Award {
        /// The session [default: the open one, else the latest]
        #[arg(long, value_name = "N")]
        session: Option<u32>,
        /// XP for the monsters defeated, all together
        #[arg(long, value_name = "XP", default_value_t = 0,
              value_parser = clap::value_parser!(i64).range(0..=crate::rules::xp::XP_LIMIT))]
        monsters: i64,
    },
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ValuableKind {
    Gem,
    Jewelry,
    Art,
    Other,
}

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum ValuableCommand {
    /// Record a gem, a piece of jewelry or art, worth --value; it is an item like any other
    Add {
        /// What it is: a ruby, a gold torc …
        name: String,
        /// What it is worth: 500gp, 1gp5sp …
        #[arg(long, value_name = "AMOUNT")]
        value: String,
        /// gem, jewelry, art or other
        #[arg(long, value_enum, default_value = "other")]
        kind: ValuableKind,
        /// Give it to this character instead of the party's treasure
        #[arg(long, value_name = "CHARACTER", conflicts_with = "at")]
        to: Option<String>,
        /// Leave it at a named place
        #[arg(long, value_name = "PLACE")]
        at: Option<String>,
    },
    /// Have a valuable appraised: the character learns what it is worth (the same as
    /// `identify ITEM --by C --method appraise`)
    Appraise {
        /// The valuable: its name, id or id prefix
        item: String,
        /// Who has it appraised
        #[arg(long, value_name = "CHARACTER")]
        by: String,
    },
}

#[derive(Debug, Args)]
pub struct StashArgs {
    /// The item: its name (in either language), id or id prefix
    pub item: String,
    /// The place: a bank, a stronghold, a cache
    #[arg(long, value_name = "PLACE")]
    pub at: String,
}

/// The amount typed, or why it is not one.
fn amount(words: &[String]) -> Result<Coins> {
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    coins::parse(&words).map_err(|e| {
        Error::Invalid(match e {
            AmountError::Empty => tr!(
                "give an amount, such as 1200gp 300sp 40pp",
                "donnez un montant, comme 1200po 300pa 40pp"
            ),
            AmountError::Malformed(w) => {
                let w = safe(&w);
                tr!(
                    "{w:?} is not an amount: write a number and a coin, such as 1200gp (cp, sp, ep, gp, pp)",
                    "{w:?} n'est pas un montant : écrivez un nombre et une pièce, comme 1200po (pc, pa, pe, po, pp)"
                )
            }
            AmountError::UnknownDenomination(d) => {
                let d = safe(&d);
                tr!(
                    "{d:?} is not a coin: cp, sp, ep, gp or pp",
                    "{d:?} n'est pas une pièce : pc, pa, pe, po ou pp"
                )
            }
            AmountError::TooLarge(w) => {
                let (w, limit) = (safe(&w), coins::LIMIT);
                tr!(
                    "{w} is too many: at most {limit} coins of a kind",
                    "{w}, c'est trop : {limit} pièces d'une sorte au plus"
                )
            }
            AmountError::Zero => tr!(
                "the amount is nothing: give at least one coin",
                "le montant est nul : donnez au moins une pièce"
            ),
        })
    })
}

/// A coin's abbreviation in the language of the process.
fn abbreviation(d: Denomination) -> &'static str {
    match (lang(), d) {
        (Lang::Fr, Denomination::Cp) => "pc",
        (Lang::Fr, Denomination::Sp) => "pa",
        (Lang::Fr, Denomination::Ep) => "pe",
        (Lang::Fr, Denomination::Gp) => "po",
        _ => d.as_str(),
    }
}

/// `40 pp, 1200 gp, 300 sp`, the most valuable first; `nothing` for none.
pub fn text(c: &Coins) -> String {
    let held: Vec<String> = c
        .held()
        .map(|(d, n)| format!("{n} {}", abbreviation(d)))
        .collect();
    if held.is_empty() {
        tr!("nothing", "rien")
    } else {
        held.join(", ")
    }
}

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
fn with_worth(c: &Coins) -> String {
    let only_gold = c.held().all(|(d, _)| d == Denomination::Gp);
    if only_gold {
        return text(c);
    }
    let w = worth(c.copper());
    tr!("{} (worth {w})", "{} (valeur {w})", text(c))
}

/// A holder, as a phrase: `the party's pool`, `Arnaud's purse`, `Bank`.
fn holder(h: &Holder) -> String {
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
fn label(h: &Holder) -> String {
    match h {
        Holder::Pool => tr!("pool", "caisse"),
        Holder::Character { name, .. } | Holder::Place { name } => safe(name),
    }
}

/// `1 share`, `0.5 share`, `2.5 shares` (`0,5 part` in French).
fn shares(s: Share) -> String {
    let s = match lang() {
        Lang::Fr => s.to_string().replace('.', ","),
        Lang::En => s.to_string(),
    };
    if s != "1" && !s.starts_with("0") {
        tr!("{s} shares", "{s} parts")
    } else {
        tr!("{s} share", "{s} part")
    }
}

fn ability(a: Ability) -> &'static str {
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
impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
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
            Refusal::SameHolder(h) => {
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
                "nobody has a share: `hoard character set NAME share 1`",
                "personne n'a de part : `hoard character set NOM share 1`"
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
                "la session {session} n'a rapporté aucun trésor et --monsters ne donne pas d'XP : rien à donner"
            ),
            Refusal::AlreadyThere { item, place } => {
                let (item, place) = (safe(item), safe(place));
                tr!("{item} is already at {place}", "{item} est déjà à {place}")
            }
        };
        f.write_str(&text)
    }
}

/// Where coins come from or go, from the flags.
fn whose(character: Option<String>, place: Option<String>) -> Whose {
    match (character, place) {
        (Some(c), _) => Whose::Character(c),
        (None, Some(p)) => Whose::Place(p),
        (None, None) => Whose::Pool,
    }
}

pub async fn run(cx: &mut Ctx, out: &mut Out, args: CoinsArgs) -> Result<()> {
    let moved = match args.command.unwrap_or(CoinsCommand::Show) {
        CoinsCommand::Show => return show(cx, out).await,
        CoinsCommand::Add { amount: a, to, at } => {
            app::coins::add(cx, amount(&a)?, whose(to, at)).await?
        }
        CoinsCommand::Spend {
            amount: a,
            from,
            at,
        } => app::coins::spend(cx, amount(&a)?, whose(from, at)).await?,
        CoinsCommand::Move {
            amount: a,
            from,
            from_place,
            to,
            to_place,
            at,
        } => {
            let (from_place, to_place) = match (&from, &to, at.as_slice()) {
                (_, _, []) => (from_place, to_place),
                (Some(_), None, [place]) => (None, Some(place.clone())),
                (None, Some(_), [place]) => (Some(place.clone()), None),
                (None, None, [source, destination]) => {
                    (Some(source.clone()), Some(destination.clone()))
                }
                _ => {
                    return Err(Error::Invalid(tr!(
                        "--at names the place on the side --from or --to leaves open, or twice the place the coins leave and the place they go to; else say --from-place or --to-place",
                        "--at nomme le lieu du côté que --from ou --to laisse libre, ou deux fois le lieu d'où partent les pièces et celui où elles vont ; sinon dites --from-place ou --to-place"
                    )));
                }
            };
            let (from, to) = (whose(from, from_place), whose(to, to_place));
            app::coins::move_coins(cx, amount(&a)?, from, to).await?
        }
    };
    if out.json() {
        return out.doc(&json!({
            "event": EventView::of(&moved.event),
            "balances": moved.balances,
        }));
    }
    out.event(&moved.event.event)?;
    for b in &moved.balances {
        let (who, coins) = (label(&b.holder), with_worth(&b.coins));
        out.line(&tr!("  {who}: {coins}", "  {who} : {coins}"))?;
    }
    Ok(())
}

async fn show(cx: &mut Ctx, out: &mut Out) -> Result<()> {
    let b = app::coins::show(cx).await?;
    if out.json() {
        let places: Vec<_> = b
            .places
            .iter()
            .map(|p| {
                let items: Vec<_> = p
                    .items
                    .iter()
                    .map(|i| super::item::ItemView::of(i, None))
                    .collect();
                json!({ "place": p.place, "coins": p.coins, "items": items })
            })
            .collect();
        return out.doc(&json!({
            "pool": b.pool,
            "purses": b.purses,
            "places": places,
            "added": b.added,
            "spent": b.spent,
        }));
    }
    out.line(&tr!("Pool: {}", "Caisse : {}", with_worth(&b.pool)))?;
    if !b.purses.is_empty() {
        out.line(&tr!("Purses:", "Bourses :"))?;
        for p in &b.purses {
            let (name, n, coins) = (safe(&p.character), shares(p.share), with_worth(&p.coins));
            out.line(&tr!("  {name} ({n}): {coins}", "  {name} ({n}) : {coins}"))?;
        }
    }
    if !b.places.is_empty() {
        out.line(&tr!("Places:", "Lieux :"))?;
        for p in &b.places {
            let (place, coins) = (safe(&p.place), with_worth(&p.coins));
            out.line(&tr!("  {place}: {coins}", "  {place} : {coins}"))?;
            for item in &p.items {
                out.line(&format!("    {}", super::item::line(item, None)))?;
            }
        }
    }
    let (added, spent) = (text(&b.added), text(&b.spent));
    out.line(&tr!(
        "Since the campaign began: {added} came in, {spent} went out.",
        "Depuis le début de la campagne : {added} entrés, {spent} sortis."
    ))
}

pub async fn share(cx: &mut Ctx, out: &mut Out, a: ShareArgs) -> Result<()> {
    let s = app::coins::share(cx, a.session).await?;
    if out.json() {
        let portions: Vec<_> = s
            .portions
            .iter()
            .map(|p| json!({ "character": p.name, "share": p.share, "coins": p.coins }))
            .collect();
        return out.doc(&json!({
            "session": s.session,
            "portions": portions,
            "remainder": s.remainder,
            "event": EventView::of(&s.event),
        }));
    }
    let n = shares(Share(s.portions.iter().map(|p| p.share.0).sum()));
    out.line(&match s.session {
        Some(session) => tr!(
            "The pool is shared among {n} (session {session}):",
            "La caisse est partagée en {n} (session {session}) :"
        ),
        None => tr!(
            "The pool is shared among {n}:",
            "La caisse est partagée en {n} :"
        ),
    })?;
    for p in &s.portions {
        out.line(&format!("  {}", portion(p)))?;
    }
    out.line(&tr!(
        "  left in the pool: {}",
        "  reste dans la caisse : {}",
        text(&s.remainder)
    ))
}

/// `Arnaud (1 share): 20 pp, 600 gp`
fn portion(p: &Portion) -> String {
    let (name, n, coins) = (safe(&p.name), shares(p.share), with_worth(&p.coins));
    tr!("{name} ({n}): {coins}", "{name} ({n}) : {coins}")
}

pub async fn xp(cx: &mut Ctx, out: &mut Out, command: XpCommand) -> Result<()> {
    let XpCommand::Award { session, monsters } = command;
    let awarded = app::xp::award(cx, session, monsters).await?;
    let rec = &awarded.event;
    if out.json() {
        return out.doc(&award_json(rec));
    }
    let session = match &rec.event {
        Event::XpAwarded { session, .. } => *session,
        _ => 0,
    };
    let title = awarded
        .title
        .as_deref()
        .map(|t| format!(" — {}", safe(t)))
        .unwrap_or_default();
    out.line(&tr!(
        "Experience for session {session}{title}:",
        "Expérience de la session {session}{title} :"
    ))?;
    for (tone, line) in award_lines(&rec.event) {
        out.toned(tone, &line)?;
    }
    Ok(())
}

/// `xp award --json`: the event's figures, each character named, with the percentage of their
/// adjustment beside its scores.
fn award_json(rec: &Recorded) -> serde_json::Value {
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
        "treasure": { "coins": p["coins"], "valuables": p["valuables"], "xp": p["treasure"] },
        "monsters": p["monsters"],
        "total": p["total"],
        "shares": Share(awarded_shares(&rec.event)),
        "portions": portions,
        "event": EventView::of(rec),
    })
}

/// The shares an award was divided by.
fn awarded_shares(event: &Event) -> u32 {
    match event {
        Event::XpAwarded { portions, .. } => portions.iter().map(|p| p.share.0).sum(),
        _ => 0,
    }
}

/// An award's arithmetic, a line each, in its tone: a level reached is good news.
fn award_lines(event: &Event) -> Vec<(Tone, String)> {
    let Event::XpAwarded {
        coins,
        valuables,
        treasure,
        monsters,
        total,
        portions,
        ..
    } = event
    else {
        return Vec::new();
    };
    let valuable_worth: i64 = valuables.iter().map(|v| v.value.copper()).sum();
    let (in_coins, in_valuables) = (worth(coins.copper()), worth(valuable_worth));
    let n = shares(Share(awarded_shares(event)));
    let mut lines = vec![
        (
            Tone::Plain,
            tr!(
                "  treasure brought back: {in_coins} in coins + {in_valuables} in valuables = {treasure} XP (magic items give none)",
                "  trésor rapporté : {in_coins} en pièces + {in_valuables} en objets de valeur = {treasure} XP (les objets magiques n'en donnent pas)"
            ),
        ),
        (
            Tone::Plain,
            tr!(
                "  monsters: {monsters} XP; total {total} XP for {n}",
                "  monstres : {monsters} XP ; total {total} XP pour {n}"
            ),
        ),
    ];
    for p in portions {
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
fn adjustment(a: &Adjustment, who: &str) -> String {
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
fn earned(p: &Earned) -> String {
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

pub async fn valuable(cx: &mut Ctx, out: &mut Out, command: ValuableCommand) -> Result<()> {
    match command {
        ValuableCommand::Add {
            name,
            value,
            kind,
            to,
            at,
        } => {
            let kind = match kind {
                ValuableKind::Gem => "gem",
                ValuableKind::Jewelry => "jewelry",
                ValuableKind::Art => "art",
                ValuableKind::Other => "other",
            };
            let value = amount(&[value])?;
            let added = app::coins::add_valuable(cx, &name, value, kind, whose(to, at)).await?;
            super::item::added_lines(out, &added)
        }
        ValuableCommand::Appraise { item, by } => {
            super::play::identify(cx, out, &item, &by, Method::Appraise).await
        }
    }
}

pub async fn stash(cx: &mut Ctx, out: &mut Out, a: StashArgs) -> Result<()> {
    let events = app::coins::stash(cx, &a.item, &a.at).await?;
    super::play::events(out, &events)
}

/// One line for each treasury event (`log`, reports).
pub fn describe(event: &Event) -> Option<String> {
    Some(match event {
        Event::CoinsAdded { coins, to } => {
            let (amount, to) = (with_worth(coins), holder(to));
            tr!("{amount} added to {to}", "{amount} ajoutés à {to}")
        }
        Event::CoinsSpent { coins, from } => {
            let (amount, from) = (text(coins), holder(from));
            tr!(
                "{amount} spent from {from}",
                "{amount} dépensés depuis {from}"
            )
        }
        Event::CoinsMoved { coins, from, to } => {
            let (amount, from, to) = (text(coins), holder(from), holder(to));
            tr!(
                "{amount} move from {from} to {to}",
                "{amount} passent de {from} à {to}"
            )
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
                "expérience de la session {session} : {total} XP — {each}"
            )
        }
        Event::ItemStashed {
            item_name,
            item_name_fr,
            place,
            ..
        } => {
            let (item, place) = (
                safe(crate::i18n::pick(item_name, item_name_fr)),
                safe(place),
            );
            tr!("{item} is left at {place}", "{item} est laissé à {place}")
        }
        _ => return None,
    })
}

/// The rule a share-out or an award applied, and its arithmetic, a line each (`explain`).
pub fn explain(event: &Event) -> Vec<String> {
    let mut lines = Vec::new();
    match event {
        Event::CoinsShared {
            portions,
            remainder,
            ..
        } => {
            lines.push(tr!(
                "  Shares: of each coin, every character gets the whole coins of pool × share ÷ all shares; what cannot be split stays in the pool (retainers are customarily offered half a share: OSE Rules Tome, Retainers).",
                "  Parts : de chaque pièce, chacun reçoit les pièces entières de réserve × part ÷ toutes les parts ; ce qui ne se partage pas reste dans la caisse (un suivant reçoit d'ordinaire une demi-part : OSE Rules Tome, Retainers)."
            ));
            lines.extend(portions.iter().map(|p| format!("  {}", portion(p))));
            lines.push(tr!(
                "  left in the pool: {}",
                "  reste dans la caisse : {}",
                text(remainder)
            ));
        }
        Event::XpAwarded { .. } => {
            lines.push(tr!(
                "  Experience (OSE Rules Tome, Awarding XP): 1 XP per gold piece of treasure brought back, none for magic items, plus the monsters' XP; divided by shares; each part adjusted by the character's prime requisites, rounded down; at most one level in a session.",
                "  Expérience (OSE Rules Tome, Awarding XP) : 1 XP par pièce d'or de trésor rapporté, aucun pour les objets magiques, plus l'XP des monstres ; divisée par parts ; chaque part ajustée par les caractéristiques primordiales du personnage, arrondie à l'unité inférieure ; un niveau au plus par session."
            ));
            lines.extend(award_lines(event).into_iter().map(|(_, line)| line));
        }
        _ => {}
    }
    lines
}

/// A character's purse and experience on their sheet.
pub fn sheet_lines(c: &crate::ledger::Character, purse: &Coins) -> Vec<String> {
    let purse = if purse.is_zero() {
        tr!("empty", "vide")
    } else {
        with_worth(purse)
    };
    let mut xp = format!("XP {}", c.xp);
    if let Some((level, needs)) = crate::rules::xp::next_level(c) {
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
