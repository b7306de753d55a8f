//! What hoard assumes when the command line does not say: the database in the platform's data
//! directory, and the language of the environment. A leaf: the dispatch, the demo, the server
//! and completion all fall back on the same database.

use std::path::PathBuf;

use crate::error::{Error, Result};
use crate::i18n::Lang;
use crate::tr;

/// `hoard/hoard.db` in the platform's data directory (`~/.local/share` on Linux).
pub fn default_db() -> Result<PathBuf> {
    use etcetera::BaseStrategy;
    etcetera::choose_base_strategy()
        .map(|dirs| dirs.data_dir().join("hoard").join("hoard.db"))
        .map_err(|_| {
            Error::Invalid(
                tr!(
                    "cannot find your data directory; pass --db PATH or set HOARD_DB",
                    "dossier de données introuvable ; passez --db CHEMIN ou définissez HOARD_DB"
                )
                .into(),
            )
        })
}

/// The language the environment asks for (`LC_ALL`, `LC_MESSAGES`, `LANG`), English if none.
pub fn lang_from_env() -> Lang {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|k| std::env::var(k).ok())
        .find(|v| !v.is_empty())
        .map(|v| Lang::from_tag(&v))
        .unwrap_or_default()
}
