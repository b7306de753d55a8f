//! `hoard debts [CHARACTER]`, `hoard debts pay CHARACTER [--to RETAINER]`: what characters
//! owe, wages and upkeep alike, and paying it, in the referee's words.

use super::args::coins::{DebtsArgs, DebtsCommand};
use super::out::Out;
use crate::app::debts::Creditor;
use crate::app::{self, Ctx};
use crate::error::Result;
use crate::i18n::coins::text;
use crate::tr;
use crate::view::inert::safe;
use crate::view::money::with_worth;
use crate::view::upkeep::debt;

/// `debts [CHARACTER]`: a line per debt; `debts pay`: each payment, the purse, what is left.
pub async fn run(cx: &mut Ctx, out: &mut Out, a: DebtsArgs) -> Result<()> {
    if let Some(DebtsCommand::Pay { character, to }) = a.command {
        return pay(cx, out, &character, to.as_deref()).await;
    }
    let debts = app::debts::list(cx, a.character.as_deref()).await?;
    if out.json() {
        return out.doc(&serde_json::json!({ "debts": debts }));
    }
    if debts.is_empty() {
        return out.line(&tr!("No debts.", "Aucune dette."));
    }
    for d in &debts {
        out.line(&debt(d))?;
    }
    Ok(())
}

async fn pay(cx: &mut Ctx, out: &mut Out, character: &str, to: Option<&str>) -> Result<()> {
    let paid = app::debts::pay(cx, character, to).await?;
    if out.json() {
        return out.doc(&paid);
    }
    let by = safe(&paid.character);
    for p in &paid.paid {
        let coins = text(&p.coins);
        out.line(&match &p.debt.creditor {
            Creditor::Retainer { retainer_name, .. } => {
                let to = safe(retainer_name);
                tr!(
                    "{by} pays {to} {coins} of the wages owed",
                    "{by} paie à {to} {coins} des gages dus"
                )
            }
            Creditor::Upkeep => tr!(
                "{by} pays {coins} of the living and training costs owed",
                "{by} paie {coins} des coûts de la vie et d'entraînement dus"
            ),
        })?;
    }
    let purse = with_worth(&paid.purse);
    out.line(&tr!("  {by}: {purse}", "  {by} : {purse}"))?;
    if paid.debts.is_empty() {
        out.line(&tr!("  {by} owes nothing more", "  {by} ne doit plus rien"))?;
    }
    for d in &paid.debts {
        out.line(&format!("  {}", debt(d)))?;
    }
    super::play::slower(out, &paid.slower)
}
