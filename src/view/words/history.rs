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
            Refusal::NoEvent { event: seq } => tr!(
                "no event #{seq} in this campaign (`hoard log` lists them)",
                "pas d'événement n°{seq} dans cette campagne (`hoard log` les liste)"
            ),
            Refusal::NothingToUndo => tr!(
                "nothing to undo: the campaign has no event left to void",
                "rien à défaire : la campagne n'a plus d'événement à annuler"
            ),
            Refusal::NothingToRedo { latest } => tr!(
                "nothing to redo: the latest event (#{latest}) is no undo; redo comes right after `undo` or `void`",
                "rien à refaire : le dernier événement (n°{latest}) n'est pas une annulation ; `redo` vient juste après `undo` ou `void`"
            ),
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
            Refusal::AfterVoid { void, target, past } => tr!(
                "the latest command voided event #{target} (event #{void}), and a void cannot be undone; undo would reach past it to event #{past}: `hoard void {past}` if that is what you mean",
                "la dernière commande a annulé l'événement n°{target} (événement n°{void}), et une annulation ne peut être défaite ; « undo » irait au-delà, jusqu'à l'événement n°{past} : `hoard void {past}` si c'est ce que vous voulez"
            ),
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
        };
        f.write_str(&text)
    }
}
