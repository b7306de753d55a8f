//! `hoard coins …`, `hoard valuable …`, `hoard share`, `hoard xp award`, `hoard stash`: the
//! party's money and experience, in the referee's words.

use serde_json::json;

use super::args::coins::{
    CoinsArgs, CoinsCommand, ExchangeArgs, SellArgs, ShareArgs, StashArgs, ValuableCommand,
    ValuableKind, XpCommand,
};
use super::out::Out;
use crate::app::coins::Whose;
use crate::app::{self, Ctx};
use crate::error::{Error, Result};
use crate::i18n::coins::text;
use crate::ledger::Event;
use crate::ledger::EventView;
use crate::rules::coins::{self, AmountError, Coins};
use crate::rules::knowledge::Method;
use crate::tr;
use crate::view::inert::safe;
use crate::view::money::{Award, award_json, award_lines, divided_into, label, shares, with_worth};

/// What the referee typed for a coin, which is none.
fn not_a_coin(typed: &str) -> String {
    let d = safe(typed);
    tr!(
        "{d:?} is not a coin: cp, sp, ep, gp or pp",
        "{d:?} n'est pas une pièce : pc, pa, pe, po ou pp"
    )
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
            AmountError::UnknownDenomination(d) => not_a_coin(&d),
            AmountError::TooLarge(w) => {
                let (w, limit) = (safe(&w), crate::rules::limits::COINS);
                tr!(
                    "{w} is too many: at most {limit} coins of a kind",
                    "{w}, c'est trop : {limit} pièces d'une sorte au plus"
                )
            }
            AmountError::Zero => tr!(
                "the amount is nothing: give at least one coin",
                "le montant est nul : donnez au moins une pièce"
            ),
        }.into())
    })
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
    // For coins brought in: the session whose experience counts them, unless left at a place.
    let (moved, brought) = match args.command.unwrap_or(CoinsCommand::Show) {
        CoinsCommand::Show => return show(cx, out).await,
        CoinsCommand::Add { amount: a, to, at } => {
            let session = cx.named_session().await?;
            let home = at.is_none();
            let added = app::coins::add(cx, amount(&a)?, whose(to, at), session).await?;
            (
                added.moved,
                home.then_some((added.session, session.is_some())),
            )
        }
        CoinsCommand::Spend {
            amount: a,
            from,
            at,
        } => (
            app::coins::spend(cx, amount(&a)?, whose(from, at)).await?,
            None,
        ),
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
                    ).into()));
                }
            };
            let (from, to) = (whose(from, from_place), whose(to, to_place));
            (
                app::coins::move_coins(cx, amount(&a)?, from, to).await?,
                None,
            )
        }
    };
    balances(out, &moved, brought)
}

/// Coins moved: the event and what each holder it touched has now; for coins brought back,
/// the session whose experience counts them.
fn balances(
    out: &mut Out,
    moved: &app::coins::Moved,
    brought: Option<(Option<u32>, bool)>,
) -> Result<()> {
    if out.json() {
        let mut doc = json!({
            "event": EventView::of(&moved.event),
            "balances": moved.balances,
        });
        if let Some((session, _)) = brought {
            doc["session"] = json!(session);
        }
        if !moved.slower.is_empty() {
            doc["slower"] = json!(moved.slower);
        }
        return out.doc(&doc);
    }
    out.event(&moved.event.event)?;
    for b in &moved.balances {
        let (who, coins) = (label(&b.holder), with_worth(&b.coins));
        out.line(&tr!("  {who}: {coins}", "  {who} : {coins}"))?;
    }
    if let Some((session, named)) = brought {
        counted(out, session, Brought::Coins, named)?;
    }
    super::play::slower(out, &moved.slower)
}

/// `exchange AMOUNT… --for COIN [--from C | --at PLACE]`.
pub async fn exchange(cx: &mut Ctx, out: &mut Out, a: ExchangeArgs) -> Result<()> {
    let offered = amount(&a.amount)?;
    let Some(into) = coins::Denomination::parse(a.into.trim()) else {
        return Err(Error::Invalid(not_a_coin(&a.into).into()));
    };
    let moved = app::coins::exchange(cx, offered, into, whose(a.from, a.at)).await?;
    balances(out, &moved, None)
}

/// `sell ITEM… [--for AMOUNT] [--to C | --at PLACE]`.
pub async fn sell(cx: &mut Ctx, out: &mut Out, a: SellArgs) -> Result<()> {
    let asked = a.price.map(|p| amount(&[p])).transpose()?;
    let moved = app::coins::sell(cx, &a.items, asked, whose(a.to, a.at)).await?;
    balances(out, &moved, None)
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
                    .map(|i| crate::view::item::ItemView::of(i, None))
                    .collect();
                json!({ "place": p.place, "coins": p.coins, "items": items })
            })
            .collect();
        return out.doc(&json!({
            "pool": b.pool,
            "expeditions": b.expeditions.iter().map(|(n, c)| json!({"session": n, "coins": c})).collect::<Vec<_>>(),
            "purses": b.purses,
            "places": places,
            "added": b.added,
            "spent": b.spent,
        }));
    }
    out.line(&tr!("Pool: {}", "Caisse : {}", with_worth(&b.pool)))?;
    for (n, coins) in &b.expeditions {
        let coins = with_worth(coins);
        out.line(&tr!(
            "  Session {n}'s pool (under way): {coins}",
            "  Caisse de la session {n} (en cours) : {coins}"
        ))?;
    }
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
                out.line(&format!("    {}", crate::view::item::line(item, None)))?;
            }
        }
    }
    let (added, spent) = (text(&b.added), text(&b.spent));
    out.line(&tr!(
        "Since the campaign began: {added} came in, {spent} went out.",
        "Depuis le début de la campagne : {added} entrés, {spent} sortis."
    ))
}

/// A `--worth` as typed: the item (all before the last `=`, an amount having none) and the
/// amount, or why it is not one.
fn agreed_worth(typed: &str) -> Result<(String, Coins)> {
    let (item, worth) = typed
        .rsplit_once('=')
        .filter(|(item, worth)| !item.trim().is_empty() && !worth.trim().is_empty())
        .ok_or_else(|| {
            let typed = safe(typed);
            Error::Invalid(
                tr!(
                    "--worth {typed:?} names no item and amount: write ITEM=AMOUNT, such as --worth \"Sword +1=2000gp\"",
                    "--worth {typed:?} ne nomme pas un objet et un montant : écrivez OBJET=MONTANT, comme --worth \"Épée +1=2000po\""
                )
                .into(),
            )
        })?;
    let words: Vec<String> = worth.split_whitespace().map(String::from).collect();
    Ok((item.trim().to_string(), amount(&words)?))
}

pub async fn share(cx: &mut Ctx, out: &mut Out, args: ShareArgs) -> Result<()> {
    let session = cx.named_session().await?;
    let agreed = args
        .worth
        .iter()
        .map(|w| agreed_worth(w))
        .collect::<Result<Vec<_>>>()?;
    let items = args.items.then_some(agreed.as_slice());
    let s = app::coins::share(cx, session, items).await?;
    if out.json() {
        let portions: Vec<_> = s
            .portions
            .iter()
            .map(|p| {
                let mut doc = json!({ "character": p.name, "share": p.share, "coins": p.coins });
                if args.items {
                    doc["items_worth"] = json!(p.items_worth());
                    doc["items"] = json!(p.items);
                }
                doc
            })
            .collect();
        let mut doc = json!({
            "session": s.session,
            "portions": portions,
            "remainder": s.remainder,
            "event": EventView::of(&s.event),
        });
        if args.items {
            let unknown: Vec<_> = s
                .portions
                .iter()
                .flat_map(|p| {
                    p.unknown_worth().map(|r| {
                        json!({ "character": p.name, "item": r.item, "name": r.name, "name_fr": r.name_fr })
                    })
                })
                .collect();
            if let Some(message) = crate::view::money::unknown_worth(&s.portions, cx.dry_run()) {
                doc["unknown_worth"] = json!(unknown);
                doc["message"] = json!(message);
            }
        }
        if !s.slower.is_empty() {
            doc["slower"] = json!(s.slower);
        }
        return out.doc(&doc);
    }
    let Event::CoinsShared {
        portions, division, ..
    } = &s.event.event
    else {
        unreachable!("share records a coins_shared event")
    };
    let n = shares(divided_into(portions.iter().map(|p| p.share), *division));
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
    for line in crate::view::money::portions(&s.portions, &s.remainder) {
        out.line(&line)?;
    }
    out.line(&tr!(
        "  left in the pool: {}",
        "  reste dans la caisse : {}",
        text(&s.remainder)
    ))?;
    if let Some(line) = crate::view::money::unknown_worth(&s.portions, cx.dry_run()) {
        out.line(&line)?;
    }
    super::play::slower(out, &s.slower)
}

pub async fn xp(cx: &mut Ctx, out: &mut Out, command: XpCommand) -> Result<()> {
    let XpCommand::Award { monsters } = command;
    let session = cx.named_session().await?;
    let awarded = app::xp::award(cx, session, monsters).await?;
    let rec = &awarded.event;
    let Event::XpAwarded {
        session,
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
    } = &rec.event
    else {
        unreachable!("xp award records an xp_awarded event")
    };
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
    if out.json() {
        return out.doc(&award_json(rec, &award));
    }
    let title = awarded
        .title
        .as_deref()
        .map(|t| format!(" — {}", safe(t)))
        .unwrap_or_default();
    out.line(&tr!(
        "Experience for session {session}{title}:",
        "Expérience de la session {session}{title} :"
    ))?;
    for (tone, line) in award_lines(&award) {
        out.toned(tone, &line)?;
    }
    Ok(())
}

/// Treasure brought in: coins or a valuable.
enum Brought {
    Coins,
    Valuable,
}

/// Where treasure brought home counts: toward no session's experience when no session is open
/// and none was `named` (`--session`), toward the one named.
fn counted(out: &mut Out, session: Option<u32>, what: Brought, named: bool) -> Result<()> {
    match (session, what) {
        (None, Brought::Coins) => out.line(&tr!(
            "no session is open: these coins count toward no session's experience; `--session N` attaches them to one",
            "aucune session n'est ouverte : ces pièces ne comptent pour l'expérience d'aucune session ; `--session N` les rattache à une session"
        )),
        (None, Brought::Valuable) => out.line(&tr!(
            "no session is open: this valuable counts toward no session's experience; `--session N` attaches it to one",
            "aucune session n'est ouverte : ce bien précieux ne compte pour l'expérience d'aucune session ; `--session N` le rattache à une session"
        )),
        (Some(n), _) if named => out.line(&tr!(
            "brought back in session {n}: `xp award --session {n}` counts it",
            "rapporté pendant la session {n} : `xp award --session {n}` le compte"
        )),
        (Some(_), _) => Ok(()),
    }
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
            let session = cx.named_session().await?;
            let kind = match kind {
                ValuableKind::Gem => "gem",
                ValuableKind::Jewelry => "jewelry",
                ValuableKind::Art => "art",
                ValuableKind::Other => "other",
            };
            let value = amount(&[value])?;
            let home = at.is_none();
            let (added, counts) =
                app::coins::add_valuable(cx, &name, value, kind, whose(to, at), session).await?;
            super::item::added_lines(out, &added)?;
            match (home, out.json()) {
                (true, false) => counted(out, counts, Brought::Valuable, session.is_some()),
                _ => Ok(()),
            }
        }
        ValuableCommand::Damage { item } => {
            let rec = app::coins::damage_valuable(cx, &item).await?;
            super::play::event(cx, out, &rec)
        }
        ValuableCommand::Appraise { item, by, value } => {
            let told = value.map(|v| amount(&[v])).transpose()?;
            super::play::identify(cx, out, &item, Some(&by), Method::Appraise, told).await
        }
    }
}

pub async fn stash(cx: &mut Ctx, out: &mut Out, a: StashArgs) -> Result<()> {
    let events = app::coins::stash(cx, &a.item, &a.at).await?;
    super::play::events(cx, out, &events)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_worth_is_the_item_before_the_last_equals_and_an_amount_after_it() {
        let gp = |n| Coins::of(coins::Denomination::Gp, n);
        let agreed = |typed: &str| agreed_worth(typed).ok();
        assert_eq!(agreed("Sword=2000gp"), Some(("Sword".into(), gp(2000))));
        assert_eq!(agreed(" Sword +1 = 1gp "), Some(("Sword +1".into(), gp(1))));
        // A name may hold an equals sign; an amount never does.
        assert_eq!(agreed("a=b=5gp"), Some(("a=b".into(), gp(5))));
        let sp = Coins::of(coins::Denomination::Sp, 5);
        assert_eq!(
            agreed("Ring=1gp 5sp"),
            Some(("Ring".into(), gp(1).checked_add(&sp, i64::MAX).unwrap()))
        );
        for refused in [
            "Sword",
            "=5gp",
            "Sword=",
            "Sword= ",
            "Sword=0gp",
            "Sword=5",
            "Sword=5xp",
        ] {
            assert_eq!(agreed(refused), None, "{refused}");
        }
    }
}
