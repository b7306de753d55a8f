//! The words for `give --read` refused ([`Refusal`]); the rules' own custody refusals are
//! worded in `view::words`.

use std::fmt;

use crate::app::refusal::custody::Refusal;
use crate::tr;

impl fmt::Display for crate::i18n::Worded<'_, Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            Refusal::ReadNotScroll => {
                tr!("--read is for scrolls", "--read est pour les parchemins")
            }
            Refusal::ReadWithoutReader => tr!(
                "--read needs someone to read: use give --to",
                "--read demande un lecteur : utilisez give --to"
            ),
        };
        f.write_str(&text)
    }
}
