//! The words for an event that cannot be voided or found (`app::refusal::history::Refusal`).

use std::fmt;

use crate::app::refusal::history::Refusal;
use crate::tr;

impl fmt::Display for crate::i18n::Worded<'_, Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            Refusal::Others { event, referee, me } => {
                let referee = crate::view::inert::safe(referee);
                let me = me
                    .as_deref()
                    .map(|m| tr!(", not {}", ", pas {}", crate::view::inert::safe(m)))
                    .unwrap_or_default();
                tr!(
                    "event #{event} was recorded by {referee}{me}: void another referee's events with --force",
                    "l'événement n°{event} a été enregistré par {referee}{me} : annulez les événements d'un autre meneur avec --force"
                )
            }
            Refusal::WhoMakesIt { referees } => {
                let referees = referees
                    .iter()
                    .map(|r| crate::view::inert::safe(r))
                    .collect::<Vec<_>>()
                    .join(", ");
                tr!(
                    "this campaign has several referees ({referees}): say who makes this void, undo or redo with --referee NAME (or HOARD_REFEREE=NAME)",
                    "cette campagne a plusieurs meneurs ({referees}) : dites qui fait cette annulation avec --referee NOM (ou HOARD_REFEREE=NOM)"
                )
            }
            Refusal::NoEvent { event: seq } => tr!(
                "no event #{seq} in this campaign (`hoard log` lists them)",
                "pas d'événement n°{seq} dans cette campagne (`hoard log` les liste)"
            ),
            Refusal::NothingToUndo { referee: None } => tr!(
                "nothing to undo: the campaign has no event left to void",
                "rien à défaire : la campagne n'a plus d'événement à annuler"
            ),
            Refusal::NothingToUndo {
                referee: Some(referee),
            } => {
                let referee = crate::view::inert::safe(referee);
                tr!(
                    "nothing to undo: {referee} has recorded nothing that can be voided (`hoard void N` voids any event)",
                    "rien à défaire : {referee} n'a rien enregistré qui puisse être annulé (`hoard void N` annule tout événement)"
                )
            }
            Refusal::NothingToRedo {
                latest,
                referee: None,
            } => tr!(
                "nothing to redo: the latest event (#{latest}) is no undo; redo comes right after `undo` or `void`",
                "rien à refaire : le dernier événement (n°{latest}) n'est pas une annulation ; `redo` vient juste après `undo` ou `void`"
            ),
            Refusal::NothingToRedo {
                latest: 0,
                referee: Some(referee),
            } => {
                let referee = crate::view::inert::safe(referee);
                tr!(
                    "nothing to redo: {referee} has recorded nothing yet",
                    "rien à refaire : {referee} n'a encore rien enregistré"
                )
            }
            Refusal::NothingToRedo {
                latest,
                referee: Some(referee),
            } => {
                let referee = crate::view::inert::safe(referee);
                tr!(
                    "nothing to redo: {referee}'s latest event (#{latest}) is no undo; redo comes right after their `undo` or `void`",
                    "rien à refaire : le dernier événement de {referee} (n°{latest}) n'est pas une annulation ; `redo` vient juste après son `undo` ou son `void`"
                )
            }
            Refusal::LaterCause { event, cause } => tr!(
                "event #{event} names a later cause, #{cause}: the ledger was edited by hand; run `hoard check`",
                "l'événement n°{event} a pour cause un événement postérieur, le n°{cause} : le registre a été modifié à la main ; lancez `hoard check`"
            ),
            Refusal::CreatesCampaign { event: seq } => tr!(
                "event #{seq} creates the campaign: it cannot be voided",
                "l'événement n°{seq} crée la campagne : il ne peut pas être annulé"
            ),
            Refusal::IsVoid { event: seq } => tr!(
                "event #{seq} is itself a void: it cannot be voided",
                "l'événement n°{seq} est lui-même une annulation : il ne peut pas être annulé"
            ),
            Refusal::NameTaken { event, name } => tr!(
                "voiding event #{event} would give this campaign back the name {name:?}, which another campaign has now: rename that one first (`hoard campaign rename`)",
                "annuler l'événement n°{event} rendrait à cette campagne le nom {name:?}, qu'une autre campagne porte désormais : renommez d'abord celle-là (`hoard campaign rename`)"
            ),
            Refusal::AfterVoid { void, target } => tr!(
                "your latest command voided event #{target} (event #{void}): a void cannot be undone, and undo never reaches past one; `hoard redo` records it again, `hoard void N` voids an older event",
                "votre dernière commande a annulé l'événement n°{target} (événement n°{void}) : une annulation ne peut être défaite, et « undo » ne remonte jamais au-delà ; `hoard redo` l'enregistre de nouveau, `hoard void N` annule un événement plus ancien"
            ),
            Refusal::Undone { event, void, by } => {
                let by = by
                    .as_deref()
                    .map(|b| tr!(" ({})", " ({})", crate::view::inert::safe(b)))
                    .unwrap_or_default();
                tr!(
                    "your latest command, event #{event}, was voided already by event #{void}{by}: undo never reaches past a void; `hoard void N` voids an older event",
                    "votre dernière commande, l'événement n°{event}, a déjà été annulée par l'événement n°{void}{by} : « undo » ne remonte jamais au-delà d'une annulation ; `hoard void N` annule un événement plus ancien"
                )
            }
            Refusal::AlreadyVoided { event: seq, by } => tr!(
                "event #{seq} was already voided by #{by}",
                "l'événement n°{seq} a déjà été annulé par le n°{by}"
            ),
            Refusal::DependedOn {
                event: seq,
                standing,
                first,
            } => {
                let standing: Vec<String> = standing.iter().map(|s| format!("#{s}")).collect();
                let (standing, reason, at) = (
                    standing.join(", "),
                    crate::i18n::Worded(&first.reason),
                    first.seq,
                );
                tr!(
                    "event #{seq} cannot be voided: later events depend on it ({standing}; #{at}: {reason}); void those first",
                    "l'événement n°{seq} ne peut pas être annulé : des événements postérieurs en dépendent ({standing} ; n°{at} : {reason}) ; annulez-les d'abord"
                )
            }
            Refusal::RedoBlocked {
                event,
                since: Some(since),
                first,
            } => {
                let reason = crate::i18n::Worded(&first.reason);
                tr!(
                    "event #{event} cannot be recorded again: event #{since}, recorded since, changed what it acts on ({reason}); void that first",
                    "l'événement n°{event} ne peut pas être enregistré de nouveau : l'événement n°{since}, enregistré depuis, a changé ce sur quoi il porte ({reason}) ; annulez-le d'abord"
                )
            }
            Refusal::RedoBlocked {
                event,
                since: None,
                first,
            } => {
                let reason = crate::i18n::Worded(&first.reason);
                tr!(
                    "event #{event} cannot be recorded again: {reason}",
                    "l'événement n°{event} ne peut pas être enregistré de nouveau : {reason}"
                )
            }
        };
        f.write_str(&text)
    }
}
