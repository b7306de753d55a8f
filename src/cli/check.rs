//! `hoard check`: the database's own checks, the rules' invariants and the replayed state,
//! each problem a line.

use super::out::Out;
use crate::app::Ctx;
use crate::error::{Error, Result};
use crate::tr;
use crate::view::inert;

pub(super) async fn run(cx: &mut Ctx, out: &mut Out) -> Result<()> {
    let report = crate::app::check::check(cx).await?;
    if out.json() {
        out.doc(&serde_json::json!({ "ok": report.ok(), "report": report }))?;
    } else {
        for line in report
            .file
            .iter()
            .chain(&report.invariants)
            .chain(&report.conflicts)
            .chain(&report.differences)
        {
            out.line(&inert::safe(line))?;
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
        let n = report.file.len()
            + report.invariants.len()
            + report.conflicts.len()
            + report.differences.len();
        let n = crate::i18n::counted(n as i64, ("problem", "problems"), ("problème", "problèmes"));
        Err(Error::Conflict(
            tr!("check found {n}", "la vérification a trouvé {n}").into(),
        ))
    }
}
