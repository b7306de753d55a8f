//! The words for what the store returns as data: a database that cannot be opened, read or
//! written, and a row it cannot read. The store names the database as messages show it (a
//! server's URL without its password); this says what is wrong and what to do about it.

use std::fmt;

use crate::i18n::Worded;
use crate::rules::alignment::UnknownAlignment;
use crate::rules::item::UnknownCategory;
use crate::store::error::{Broken, Privilege, Problem};
use crate::tr;

impl fmt::Display for Worded<'_, Problem> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            Problem::NoPostgres => tr!(
                "this hoard was built without PostgreSQL (cargo's `postgres` feature): give the path of a SQLite campaign file, or use a hoard built with the default features",
                "ce hoard a été construit sans PostgreSQL (la fonctionnalité `postgres` de cargo) : donnez le chemin d'un fichier de campagne SQLite, ou utilisez un hoard construit avec les fonctionnalités par défaut"
            ),
            Problem::Busy => tr!(
                "the database stayed busy: another hoard is writing a long job (generate, import); try again when it ends",
                "la base est restée occupée : un autre hoard écrit une longue tâche (generate, import) ; réessayez ensuite"
            ),
            Problem::ReadOnlyRole {
                database: Some(server),
            } => tr!(
                "{server}: this role may read the campaign but not record in it; connect as a role that may write",
                "{server} : ce rôle peut lire la campagne mais pas y enregistrer ; connectez-vous avec un rôle qui peut écrire"
            ),
            Problem::ReadOnlyRole { database: None } => tr!(
                "this PostgreSQL role may read the campaign but not record in it; connect as a role that may write",
                "ce rôle PostgreSQL peut lire la campagne mais pas y enregistrer ; connectez-vous avec un rôle qui peut écrire"
            ),
            Problem::Denied {
                database,
                lacks,
                said,
            } => {
                let text = denied(*lacks, said);
                match database {
                    Some(server) => format!("{server}: {text}"),
                    None => text,
                }
            }
            Problem::ReadOnlyFile { path } => tr!(
                "{path} is read-only: hoard can show it but not record in it (make it writable with `chmod u+w`, or work on a copy)",
                "{path} est en lecture seule : hoard peut la montrer mais pas y enregistrer (rendez-la inscriptible avec `chmod u+w`, ou travaillez sur une copie)"
            ),
            Problem::NoBackup { database: server } => tr!(
                "{server} is a PostgreSQL database: back it up with `pg_dump` (one consistent snapshot), or copy a campaign with `hoard export`",
                "{server} est une base PostgreSQL : sauvegardez-la avec `pg_dump` (un instantané cohérent), ou copiez une campagne avec `hoard export`"
            ),
            Problem::BadUrl { cause: e } => tr!(
                "the PostgreSQL URL cannot be read ({e}): write it postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE",
                "l'URL PostgreSQL est illisible ({e}) : écrivez-la postgres://UTILISATEUR[:MOT_DE_PASSE]@HÔTE[:PORT]/BASE"
            ),
            Problem::NotAPath { shown } => tr!(
                "{shown:?} is not a database path: give the path of a campaign file, such as ~/campaigns/west.db, or a PostgreSQL URL, postgres://USER@HOST/DATABASE",
                "{shown:?} n'est pas un chemin de base : donnez le chemin d'un fichier de campagne, comme ~/campagnes/ouest.db, ou une URL PostgreSQL, postgres://UTILISATEUR@HÔTE/BASE"
            ),
            Problem::DanglingLink { path, target } => tr!(
                "{path} is a symbolic link to {target}, which does not exist: give the database's own path, or remove the link",
                "{path} est un lien symbolique vers {target}, qui n'existe pas : donnez le chemin de la base elle-même, ou supprimez le lien"
            ),
            Problem::NotAFile { path } => tr!(
                "{path} is not a file: give the path of a campaign database",
                "{path} n'est pas un fichier : donnez le chemin d'une base de campagne"
            ),
            Problem::HardLinks { path, names } => tr!(
                "{path} has {names} names (hard links): SQLite keeps a journal per name, so two of them corrupt it; keep one name (a symbolic link is fine)",
                "{path} a {names} noms (liens physiques) : SQLite tient un journal par nom, et deux d'entre eux la corrompent ; gardez un seul nom (un lien symbolique convient)"
            ),
            Problem::NoDatabase { path } => tr!(
                "no campaign database at {path}; `hoard campaign new NAME` creates one",
                "aucune base de campagne à {path} ; `hoard campaign new NOM` en crée une"
            ),
            Problem::NotHoardFile { path } => tr!(
                "{path} is not a hoard campaign database (it holds no campaign); `hoard campaign new NAME` starts one",
                "{path} n'est pas une base de campagne hoard (elle ne contient aucune campagne) ; `hoard campaign new NOM` en commence une"
            ),
            Problem::NotHoardServer { database: server } => tr!(
                "{server} holds no hoard campaign; `hoard campaign new NAME` starts one",
                "{server} ne contient aucune campagne hoard ; `hoard campaign new NOM` en commence une"
            ),
            Problem::DryRunUpgradeFile { path } => tr!(
                "{path} needs upgrading to this hoard's schema, which a dry run cannot do: run the command without --dry-run first (or `hoard backup` it)",
                "{path} doit être mise au schéma de ce hoard, ce qu'un essai ne peut pas faire : lancez d'abord la commande sans --dry-run (ou faites un `hoard backup`)"
            ),
            Problem::DryRunUpgradeServer { database: server } => tr!(
                "{server} needs upgrading to this hoard's schema, which a dry run cannot do: run the command without --dry-run first",
                "{server} doit être mise au schéma de ce hoard, ce qu'un essai ne peut pas faire : lancez d'abord la commande sans --dry-run"
            ),
            Problem::Newer {
                database,
                schema: found,
                known,
            } => tr!(
                "{database} was written by a newer hoard (schema {found}; this one knows {known}): upgrade hoard to open it",
                "{database} a été écrite par un hoard plus récent (schéma {found} ; celui-ci connaît {known}) : mettez hoard à jour"
            ),
            Problem::Older { path } => tr!(
                "{path} was written by an older hoard: run `hoard check` once to bring it up to date, then try again",
                "{path} a été écrite par un hoard plus ancien : lancez une fois `hoard check` pour la mettre à jour, puis recommencez"
            ),
            Problem::CannotUpgrade {
                database,
                schema,
                cause: e,
            } => tr!(
                "cannot upgrade {database} to schema {schema}: {e}",
                "impossible de mettre {database} au schéma {schema} : {e}"
            ),
            Problem::NestedWrite => tr!(
                "a write began inside another transaction: this is a bug in hoard",
                "une écriture a commencé dans une autre transaction : c'est un bogue de hoard"
            ),
            Problem::OutOfRange { column, value: n } => tr!(
                "column {column} holds {n}, out of range: the database was edited by hand; run `hoard check`",
                "la colonne {column} vaut {n}, hors limites : la base a été modifiée à la main ; lancez `hoard check`"
            ),
            Problem::UnreadableEvent { seq, cause: e } => tr!(
                "event #{seq} cannot be read ({e}): the ledger was edited by hand or by a newer hoard",
                "l'événement n°{seq} est illisible ({e}) : le registre a été modifié à la main ou par un hoard plus récent"
            ),
            Problem::UnreadableCharacter { cause } => {
                let what = broken(cause);
                tr!(
                    "a character row cannot be read ({what}): the database was edited by hand; run `hoard check`",
                    "une ligne de personnage est illisible ({what}) : la base a été modifiée à la main ; lancez `hoard check`"
                )
            }
            Problem::UnreadableItem { cause } => {
                let what = broken(cause);
                tr!(
                    "an item row cannot be read ({what}): the database was edited by hand; run `hoard check`",
                    "une ligne d'objet est illisible ({what}) : la base a été modifiée à la main ; lancez `hoard check`"
                )
            }
            Problem::CannotOpen {
                path,
                to_read: false,
                cause: e,
            } => tr!(
                "cannot open the database {path}: {e}",
                "impossible d'ouvrir la base {path} : {e}"
            ),
            Problem::CannotOpen {
                path,
                to_read: true,
                cause: e,
            } => tr!(
                "cannot open the database {path} to read: {e}",
                "impossible d'ouvrir la base {path} en lecture : {e}"
            ),
            Problem::CannotConnect {
                database: server,
                cause: e,
            } => tr!(
                "cannot connect to {server}: {e}",
                "impossible de se connecter à {server} : {e}"
            ),
            Problem::CannotRead { path, cause: e, .. } => {
                tr!("cannot read {path}: {e}", "impossible de lire {path} : {e}")
            }
            Problem::CannotCreateFolder {
                folder, cause: e, ..
            } => tr!(
                "cannot create the folder {folder}: {e}",
                "impossible de créer le dossier {folder} : {e}"
            ),
            Problem::CannotCreate { path, cause: e, .. } => tr!(
                "cannot create the database {path}: {e}",
                "impossible de créer la base {path} : {e}"
            ),
        };
        f.write_str(&text)
    }
}

/// What a PostgreSQL role lacks, said as what it may not do, with the server's own words and
/// who can change it.
fn denied(lacks: Privilege, said: &str) -> String {
    match lacks {
        Privilege::Read => tr!(
            "this PostgreSQL role may not read the campaign (the server says: {said}); the role that owns hoard's tables grants it SELECT on them, as docs/postgres.md shows",
            "ce rôle PostgreSQL ne peut pas lire la campagne (le serveur dit : {said}) ; le rôle à qui appartiennent les tables de hoard lui accorde SELECT dessus, comme le montre docs/postgres.md"
        ),
        Privilege::Record => tr!(
            "this PostgreSQL role may not record in the campaign (the server says: {said}); the role that owns hoard's tables grants it what a recording role needs, as docs/postgres.md shows",
            "ce rôle PostgreSQL ne peut pas enregistrer dans la campagne (le serveur dit : {said}) ; le rôle à qui appartiennent les tables de hoard lui accorde ce qu'il faut à un rôle qui enregistre, comme le montre docs/postgres.md"
        ),
        Privilege::Delete => tr!(
            "this PostgreSQL role may not delete what this command removes (the server says: {said}); deleting a campaign, its ledger with it, is for the role that owns hoard's tables",
            "ce rôle PostgreSQL ne peut pas supprimer ce que cette commande retire (le serveur dit : {said}) ; supprimer une campagne, et son registre avec elle, revient au rôle à qui appartiennent les tables de hoard"
        ),
        Privilege::Upgrade => tr!(
            "this PostgreSQL role may not upgrade hoard's tables to this hoard's schema (the server says: {said}); the role that owns them must run this hoard first",
            "ce rôle PostgreSQL ne peut pas mettre les tables de hoard au schéma de ce hoard (le serveur dit : {said}) ; le rôle à qui elles appartiennent doit lancer ce hoard d'abord"
        ),
    }
}

/// Why a row cannot be read: the parser's own message, or the rules' words for a value they
/// do not know.
fn broken(cause: &Broken) -> String {
    match cause {
        Broken::Json { error } => error.clone(),
        Broken::Alignment { found } => Worded(&UnknownAlignment {
            given: found.clone(),
        })
        .to_string(),
        Broken::Category { found } => Worded(&UnknownCategory(found.clone())).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_is_worded_from_its_fields() {
        let read_only = Problem::ReadOnlyFile {
            path: "/tmp/west.db".into(),
        };
        assert_eq!(
            Worded(&read_only).to_string(),
            "/tmp/west.db is read-only: hoard can show it but not record in it (make it writable with `chmod u+w`, or work on a copy)"
        );
        let range = Problem::OutOfRange {
            column: format!("{:?}", "level"),
            value: 300,
        };
        assert!(
            Worded(&range)
                .to_string()
                .starts_with("column \"level\" holds 300, out of range")
        );
    }
}
