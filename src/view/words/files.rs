//! The words for a file hoard will not or cannot write (`files::Refusal`).

use std::fmt;

use crate::app::refusal::files::Refusal;
use crate::tr;

impl fmt::Display for crate::i18n::Worded<'_, Refusal> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            Refusal::IsDatabase { path } => tr!(
                "{path} is the campaign database itself (or one of its files): writing there would destroy it; choose another path",
                "{path} est la base de la campagne elle-même (ou l'un de ses fichiers) : y écrire la détruirait ; choisissez un autre chemin"
            ),
            Refusal::IsFolder { path } => tr!(
                "{path} is a folder: give a file name",
                "{path} est un dossier : donnez un nom de fichier"
            ),
            Refusal::Exists { path } => tr!(
                "{path} already exists: hoard does not overwrite it unless you add --force",
                "{path} existe déjà : hoard ne l'écrase pas, sauf avec --force"
            ),
            Refusal::CannotWrite { path, cause } => tr!(
                "cannot write {path}: {cause}",
                "impossible d'écrire {path} : {cause}"
            ),
        };
        f.write_str(&text)
    }
}
