//! How a stored roll's fault reads, in the reader's language: it is reported inside the
//! message of a ledger or export that cannot be read. The check itself is
//! [`crate::rules::dice::Roll::verify`].

use std::fmt;

use crate::rules::dice::RollFault;
use crate::tr;

impl fmt::Display for RollFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            RollFault::Expr(expr) => tr!(
                "a roll of {expr:?}, which is no dice expression",
                "un jet de {expr:?}, qui n'est pas une expression de dés"
            ),
            RollFault::Face { face, sides } => tr!(
                "a roll showing {face} on a d{sides}",
                "un jet montrant {face} sur un d{sides}"
            ),
            RollFault::Faces { dice, faces } => tr!(
                "a roll of {dice} dice showing {faces} faces",
                "un jet de {dice} dés montrant {faces} faces"
            ),
            RollFault::Total { expected, found } => tr!(
                "a roll whose faces make {expected}, not {found}",
                "un jet dont les faces font {expected}, pas {found}"
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::i18n::{Lang, within};
    use crate::rules::dice::RollFault;

    #[tokio::test]
    async fn a_rolls_fault_reads_in_the_readers_language() {
        let fault = RollFault::Face { face: 7, sides: 6 };
        let en = within(Lang::En, async { fault.to_string() }).await;
        assert_eq!(en, "a roll showing 7 on a d6");
        let fr = within(Lang::Fr, async { fault.to_string() }).await;
        assert_eq!(fr, "un jet montrant 7 sur un d6");
    }
}
