//! `hoard time …`

use serde_json::json;

use super::args::clock::TimeCommand;
use super::out::Out;
use crate::app::{self, Ctx};
use crate::error::{Error, Result};
use crate::i18n::time::passes;
use crate::i18n::time::{GameTime, rounds_per};
use crate::rules::clock::Unit;
use crate::tr;
use crate::view::inert::safe;
use crate::view::words::Named;

pub async fn run(cx: &mut Ctx, out: &mut Out, command: TimeCommand) -> Result<()> {
    match command {
        TimeCommand::Advance { amount, unit } => {
            let unit: Unit = unit
                .parse()
                .map_err(|e: crate::rules::clock::UnknownUnit| {
                    Error::Invalid(crate::i18n::Worded(&e).to_string().into())
                })?;
            let advanced = app::clock::advance(cx, amount, unit).await?;
            let (from, to) = (advanced.from, advanced.to);
            if out.json() {
                let ended: Vec<_> = advanced
                    .ended
                    .iter()
                    .map(|(e, who)| json!({ "character": who, "effect": e }))
                    .collect();
                let consequences: Vec<_> = advanced
                    .consequences
                    .iter()
                    .map(crate::ledger::EventView::of)
                    .collect();
                return out.doc(&json!({
                    "from": from,
                    "to": to,
                    "rounds": to - from,
                    "ended": ended,
                    "consequences": consequences,
                }));
            }
            let (passed, now) = (passes(to - from), GameTime(to));
            out.line(&tr!(
                "{passed}. It is now {now}.",
                "{passed}. Il est maintenant {now}."
            ))?;
            for rec in &advanced.consequences {
                super::play::recorded(cx, out, &rec.event)?;
            }
            for (effect, who) in &advanced.ended {
                let (name, who) = (safe(effect.name()), safe(who));
                let at = GameTime(effect.ends_at.unwrap_or(to));
                out.line(&tr!(
                    "  {name} wears off for {who} ({at}).",
                    "  {name} cesse de faire effet sur {who} ({at})."
                ))?;
            }
            Ok(())
        }
        TimeCommand::Show => {
            let shown = app::clock::show(cx).await?;
            let clock = shown.clock;
            let mut lines = vec![said_at(clock)];
            // Expeditions out at once each keep their time; the world's is the calendar.
            if shown.open.len() > 1 {
                let world = GameTime(shown.world);
                lines.push(tr!(
                    "  The campaign's calendar: {world}.",
                    "  Le calendrier de la campagne : {world}."
                ));
                for s in &shown.open {
                    let (n, at) = (s.number, GameTime(s.clock));
                    let title = s
                        .title
                        .as_deref()
                        .map(|t| format!(" ({})", safe(t)))
                        .unwrap_or_default();
                    lines.push(tr!(
                        "  Session {n}{title}: {at}.",
                        "  Session {n}{title} : {at}."
                    ));
                }
            }
            if out.json() {
                let sessions: Vec<_> = shown
                    .open
                    .iter()
                    .map(|s| json!({"session": s.number, "title": s.title, "clock": s.clock}))
                    .collect();
                return out.doc(&json!({
                    "clock": clock,
                    "world": shown.world,
                    "sessions": sessions,
                    "message": lines.join("\n"),
                }));
            }
            for line in &lines {
                out.line(line)?;
            }
            Ok(())
        }
    }
}

/// The time as a referee keeps it: the day and the hour, the hour's turn, and the turn's round
/// when the clock stands between turns. `It is day 2, 14:30 (turn 4 of the hour).`
fn said_at(clock: i64) -> String {
    let now = GameTime(clock);
    let (per_turn, per_hour) = (rounds_per(Unit::Turns), rounds_per(Unit::Hours));
    let turn = clock.rem_euclid(per_hour) / per_turn + 1;
    match clock.rem_euclid(per_turn) + 1 {
        1 => tr!(
            "It is {now} (turn {turn} of the hour).",
            "Il est {now} (tour {turn} de l'heure)."
        ),
        round => tr!(
            "It is {now} (turn {turn} of the hour, round {round} of the turn).",
            "Il est {now} (tour {turn} de l'heure, round {round} du tour)."
        ),
    }
}
