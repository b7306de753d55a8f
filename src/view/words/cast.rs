//! The words for `cast` refused before the rules are asked (`app::scroll`'s [`Refusal`]); the
//! rules' scroll refusals are worded in `view::words`.

use std::fmt;

use crate::app::refusal::scroll::Refusal;
use crate::tr;

impl fmt::Display for crate::i18n::Worded<'_, Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            Refusal::WhichSpell => tr!(
                "say which spell with --spell N",
                "dites quel sort avec --spell N"
            ),
        };
        f.write_str(&text)
    }
}
