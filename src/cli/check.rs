//! `hoard check`: the database's own checks, the rules' invariants and the replayed state,
//! each problem a line.

use super::out::Out;
use crate::app::Ctx;
use crate::error::{Error, Result};
use crate::i18n::Wording as _;
use crate::tr;
use crate::view::inert;

pub(super) async fn run(cx: &mut Ctx, out: &mut Out) -> Result<()> {
    let report = crate::app::check::check(cx).await?;
    if out.json() {
        let said: Vec<String> = report.findings().map(|f| f.worded().to_string()).collect();
        out.doc(&serde_json::json!({
            "ok": report.ok(),
            "report": report,
            "message": said.join("\n"),
        }))?;
    } else {
        for finding in report.findings() {
            out.line(&inert::safe(&finding.worded().to_string()))?;
        }
        if report.ok() {
            let n = report.events;
            out.line(&tr!(
                "ok: {n} events replayed; the state they build is the stored state",
                "ok : {n} événements rejoués ; l'état qu'ils construisent est l'état enregistré"
            ))?;
        }
    }
    if report.ok() {
        Ok(())
    } else {
        let n = crate::i18n::counted(
            report.problems() as i64,
            ("problem", "problems"),
            ("problème", "problèmes"),
        );
        Err(Error::Conflict(
            tr!("check found {n}", "la vérification a trouvé {n}").into(),
        ))
    }
}
