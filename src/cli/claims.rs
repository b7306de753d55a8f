//! `hoard claim` and `hoard claims [settle]`: the referee's side of the claims players make on
//! their personal links.

use super::args::claims::{ClaimArg, ClaimArgs, ClaimsArgs, ClaimsCommand};
use super::out::Out;
use crate::app::Ctx;
use crate::app::claims::{self, Source};
use crate::error::Result;
use crate::rules::claims::Claim;
use crate::tr;
use crate::view::describe::{claim_ties_name, claim_word};
use crate::view::words::Shown as _;

pub async fn claim(cx: &mut Ctx, out: &mut Out, args: ClaimArgs) -> Result<()> {
    let claim = match args.claim {
        ClaimArg::Need => Claim::Need,
        ClaimArg::Want => Claim::Want,
        ClaimArg::Pass => Claim::Pass,
    };
    let made = claims::claim(cx, &args.item, &args.by, claim, Source::Referee).await?;
    if out.json() {
        return out.doc(&made);
    }
    for rec in &made.events {
        out.event(&rec.event)?;
    }
    Ok(())
}

pub async fn run(cx: &mut Ctx, out: &mut Out, args: ClaimsArgs) -> Result<()> {
    match args.command.unwrap_or(ClaimsCommand::Show) {
        ClaimsCommand::Show => show(cx, out).await,
        ClaimsCommand::Settle => settle(cx, out).await,
    }
}

async fn show(cx: &mut Ctx, out: &mut Out) -> Result<()> {
    let board = claims::board(cx).await?;
    if out.json() {
        return out.doc(&board);
    }
    if board.items.is_empty() {
        return out.line(&tr!(
            "No claims since the last settlement.",
            "Aucune demande depuis le dernier partage."
        ));
    }
    let ties = claim_ties_name(board.ties);
    out.heading(&tr!(
        "Claims (ties: {ties}; `hoard claims settle` gives each item):",
        "Demandes (égalités : {ties} ; `hoard claims settle` attribue chaque objet) :"
    ))?;
    for line in &board.items {
        let said: Vec<String> = line
            .claims
            .iter()
            .map(|c| {
                let claim = claim_word(c.claim);
                let link = if c.on_link { "*" } else { "" };
                let down = crate::view::describe::condition_word(c.condition);
                match (c.void, down) {
                    (true, _) => tr!(
                        "{}{link} {claim} (void)",
                        "{}{link} {claim} (caduque)",
                        c.character
                    ),
                    (false, Some(down)) => tr!(
                        "{}{link} {claim} ({down}: wins nothing)",
                        "{}{link} {claim} ({down} : ne gagne rien)",
                        c.character
                    ),
                    (false, None) => format!("{}{link} {claim}", c.character),
                }
            })
            .collect();
        let said = said.join(", ");
        let item = line.item.shown();
        if line.standing {
            out.line(&format!("  {item}: {said}"))?;
        } else {
            out.line(&tr!(
                "  {item} (no longer the party's treasure): {said}",
                "  {item} (plus le trésor du groupe) : {said}"
            ))?;
        }
    }
    if board
        .items
        .iter()
        .flat_map(|l| &l.claims)
        .any(|c| c.on_link)
    {
        out.line(&tr!(
            "  * made by the player on their personal link",
            "  * faite par le joueur sur son lien personnel"
        ))?;
    }
    Ok(())
}

async fn settle(cx: &mut Ctx, out: &mut Out) -> Result<()> {
    let settled = claims::settle(cx).await?;
    if out.json() {
        return out.doc(&settled);
    }
    if settled.events.is_empty() {
        return out.line(&tr!("No claims to settle.", "Aucune demande à régler."));
    }
    for rec in &settled.events {
        out.event(&rec.event)?;
    }
    Ok(())
}
