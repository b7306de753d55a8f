//! How a stored roll's fault reads, in the reader's language: it is reported inside the
//! message of a ledger or export that cannot be read. The check itself is
//! [`crate::rules::dice::Roll::verify`].

use std::fmt;

use crate::i18n::counted;
use crate::rules::dice::RollFault;
use crate::tr;

impl fmt::Display for crate::i18n::Worded<'_, RollFault> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self.0 {
            RollFault::Expr(expr) => tr!(
                "a roll of {expr:?}, which is no dice expression",
                "un jet de {expr:?}, qui n'est pas une expression de dés"
            ),
            RollFault::Face { face, sides } => tr!(
                "a roll showing {face} on a d{sides}",
                "un jet montrant {face} sur un d{sides}"
            ),
            RollFault::Faces { dice, faces } => {
                let dice = counted(*dice as i64, ("die", "dice"), ("dé", "dés"));
                let faces = counted(*faces as i64, ("face", "faces"), ("face", "faces"));
                tr!(
                    "a roll of {dice} showing {faces}",
                    "un jet de {dice} montrant {faces}"
                )
            }
            RollFault::Total { expected, found } => tr!(
                "a roll whose faces make {expected}, not {found}",
                "un jet dont les faces font {expected}, pas {found}"
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::i18n::in_both;
    use crate::rules::dice::RollFault;

    #[tokio::test]
    async fn each_fault_of_a_roll_reads_in_both_languages() {
        let faults = [
            (
                RollFault::Expr("2d".into()),
                "a roll of \"2d\", which is no dice expression",
                "un jet de \"2d\", qui n'est pas une expression de dés",
            ),
            (
                RollFault::Face { face: 7, sides: 6 },
                "a roll showing 7 on a d6",
                "un jet montrant 7 sur un d6",
            ),
            (
                RollFault::Faces { dice: 2, faces: 1 },
                "a roll of 2 dice showing 1 face",
                "un jet de 2 dés montrant 1 face",
            ),
            (
                RollFault::Faces { dice: 1, faces: 0 },
                "a roll of 1 die showing 0 faces",
                "un jet de 1 dé montrant 0 face",
            ),
            (
                RollFault::Total {
                    expected: 9,
                    found: 12,
                },
                "a roll whose faces make 9, not 12",
                "un jet dont les faces font 9, pas 12",
            ),
        ];
        for (fault, en, fr) in faults {
            assert_eq!(
                in_both(&crate::i18n::Worded(&fault)).await,
                (en.into(), fr.into())
            );
        }
    }
}
