//! `hoard session …`

use serde::Serialize;

use super::args::session::{RefereeCommand, SessionCommand};
use super::out::{Out, table};
use crate::app::{self, Ctx};
use crate::error::Result;
use crate::i18n::time::GameTime;
use crate::ledger::Session;
use crate::tr;
use crate::view::inert::safe;

#[derive(Serialize)]
struct SessionView<'a> {
    #[serde(flatten)]
    session: &'a Session,
    #[serde(skip_serializing_if = "Option::is_none")]
    events: Option<i64>,
}

pub async fn run(cx: &mut Ctx, out: &mut Out, command: SessionCommand) -> Result<()> {
    match command {
        SessionCommand::Start { title, with } => {
            let title = (!title.is_empty()).then(|| title.join(" "));
            let s = app::session::start(cx, title.as_deref(), &with).await?;
            if out.json() {
                return out.doc(&SessionView {
                    session: &s,
                    events: None,
                });
            }
            let (number, at) = (s.number, GameTime(s.started_round));
            let title = s
                .title
                .as_deref()
                .map(|t| format!(" — {}", safe(t)))
                .unwrap_or_default();
            out.line(&tr!(
                "Session {number}{title} started ({at}).",
                "Session {number}{title} commencée ({at})."
            ))?;
            if !s.with.is_empty() {
                let names = crate::view::describe::roster(&s.with);
                out.line(&tr!("  With: {names}", "  Avec : {names}"))?;
            }
            if let Some(r) = s.referee.as_deref().map(safe) {
                out.line(&tr!("  Referee: {r}", "  Meneur : {r}"))?;
            }
            Ok(())
        }
        SessionCommand::End => {
            let s = app::session::end(cx).await?;
            if out.json() {
                return out.doc(&SessionView {
                    session: &s,
                    events: None,
                });
            }
            let (number, at) = (s.number, GameTime(s.ended_round.unwrap_or(s.started_round)));
            out.line(&tr!(
                "Session {number} ended ({at}).",
                "Session {number} terminée ({at})."
            ))
        }
        SessionCommand::List => {
            let sessions = app::session::list(cx).await?;
            if out.json() {
                let views: Vec<_> = sessions
                    .iter()
                    .map(|(s, n)| SessionView {
                        session: s,
                        events: Some(*n),
                    })
                    .collect();
                return out.doc(&views);
            }
            let mut t = table(&[
                "#".into(),
                tr!("Title", "Titre"),
                tr!("Party", "Groupe"),
                tr!("Referee", "Meneur"),
                tr!("Started", "Début"),
                tr!("Ended", "Fin"),
                tr!("Events", "Événements"),
            ]);
            for (s, events) in sessions {
                t.add_row(vec![
                    s.number.to_string(),
                    s.title.as_deref().map(safe).unwrap_or_default(),
                    match &s.with[..] {
                        [] => tr!("everyone", "tous"),
                        with => crate::view::describe::roster(with),
                    },
                    s.referee.as_deref().map(safe).unwrap_or_default(),
                    GameTime(s.started_round).to_string(),
                    match s.ended_round {
                        Some(r) => GameTime(r).to_string(),
                        None => tr!("open", "en cours"),
                    },
                    events.to_string(),
                ]);
            }
            out.listing(
                t,
                &tr!(
                    "No sessions yet: `hoard session start \"TITLE\"` opens the first.",
                    "Aucune session encore : `hoard session start \"TITRE\"` ouvre la première."
                ),
            )
        }
    }
}

pub async fn referee(cx: &mut Ctx, out: &mut Out, command: RefereeCommand) -> Result<()> {
    match command {
        RefereeCommand::Add { name } => {
            let rec = app::session::add_referee(cx, &name).await?;
            if out.json() {
                return out.doc(&rec);
            }
            let typed = safe(&crate::i18n::typed(&name));
            let name = safe(&name);
            out.line(&tr!(
                "Added referee {name}: `--referee {typed}` (or HOARD_REFEREE={typed}) records as them.",
                "Meneur ajouté : {name} ; `--referee {typed}` (ou HOARD_REFEREE={typed}) enregistre en son nom."
            ))
        }
        RefereeCommand::List => {
            let referees = app::session::referees(cx).await?;
            if out.json() {
                let views: Vec<_> = referees
                    .iter()
                    .map(|(name, events)| serde_json::json!({"name": name, "events": events}))
                    .collect();
                return out.doc(&views);
            }
            let mut t = table(&[tr!("Referee", "Meneur"), tr!("Events", "Événements")]);
            for (name, events) in referees {
                t.add_row(vec![safe(&name), events.to_string()]);
            }
            out.listing(
                t,
                &tr!(
                    "No referees named: one referee is implied. `hoard referee add NAME` names one.",
                    "Aucun meneur nommé : il y en a un, implicite. `hoard referee add NOM` en nomme un."
                ),
            )
        }
    }
}
