//! Each engine's schema migrations, embedded in the binary as text.
//!
//! They are listed here by hand rather than through sqlx's `migrate!`: that macro compiles a
//! second sqlx with both drivers and TLS for the compiler, a third of a fresh test build's
//! duplicated work (docs/benchmarks.md, "Build time"). A test checks the lists against the
//! `migrations/` folders, so a migration cannot be added to one and forgotten in the other.

use std::borrow::Cow;
use std::sync::LazyLock;

use sqlx::migrate::{Migration, MigrationType, Migrator};

/// One migration file, `migrations/ENGINE/NNNN_description.sql`.
struct File {
    name: &'static str,
    sql: &'static str,
}

macro_rules! files {
    ($engine:literal: $($name:literal),+ $(,)?) => {
        &[$(File {
            name: $name,
            sql: utf8(include_bytes!(concat!("../../../migrations/", $engine, "/", $name))),
        }),+]
    };
}

/// A migration's text, read when hoard compiles: one that is not UTF-8 fails the build.
const fn utf8(bytes: &'static [u8]) -> &'static str {
    match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(_) => panic!("a migration is not UTF-8"),
    }
}

const SQLITE: &[File] = files!("sqlite":
    "0001_foundation.sql",
    "0002_items.sql",
    "0003_item_rules.sql",
    "0004_swords.sql",
    "0005_voids.sql",
    "0006_indexes.sql",
    "0007_portable_indexes.sql",
    "0008_swords_in_hand.sql",
    "0009_treasury.sql",
    "0010_ascii_names.sql",
    "0011_links.sql",
    "0012_referees.sql",
    "0013_loot.sql",
    "0014_chain.sql",
    "0015_lights.sql",
);

#[cfg(feature = "postgres")]
const POSTGRES: &[File] = files!("postgres":
    "0008_schema.sql",
    "0009_treasury.sql",
    "0010_ascii_names.sql",
    "0011_links.sql",
    "0012_referees.sql",
    "0013_loot.sql",
    "0014_chain.sql",
    "0015_lights.sql",
);

/// The schema version SQLite's migrations reach: the number of the last file. Read from its
/// name, so that a command that only checks a file's version builds no migrator (which hashes
/// every migration's text: 0.54 M instructions, an eighth of `log --limit 20`).
pub(crate) fn sqlite_version() -> i64 {
    version(SQLITE)
}

/// The schema version PostgreSQL's migrations reach, as [`sqlite_version`].
#[cfg(feature = "postgres")]
pub(crate) fn postgres_version() -> i64 {
    version(POSTGRES)
}

/// The version of the last of `files` (listed in order, as a test checks).
fn version(files: &[File]) -> i64 {
    files
        .last()
        .and_then(|file| file.name.split_once('_')?.0.parse().ok())
        .unwrap_or(0)
}

/// SQLite's migrator.
pub(crate) static SQLITE_MIGRATOR: LazyLock<Migrator> = LazyLock::new(|| migrator(SQLITE));

/// PostgreSQL's migrator.
#[cfg(feature = "postgres")]
pub(crate) static POSTGRES_MIGRATOR: LazyLock<Migrator> = LazyLock::new(|| migrator(POSTGRES));

/// A migrator over `files`, each as `migrate!` would have read it: the number before the first
/// `_` is the version, the rest of the name (underscores as spaces) the description, and the
/// checksum is taken over the same text, so databases migrated before stay valid.
fn migrator(files: &'static [File]) -> Migrator {
    let migrations = files
        .iter()
        .filter_map(|file| {
            let (version, description) = file.name.strip_suffix(".sql")?.split_once('_')?;
            Some(Migration::new(
                version.parse().ok()?,
                Cow::Owned(description.replace('_', " ")),
                MigrationType::Simple,
                Cow::Borrowed(file.sql),
                false,
            ))
        })
        .collect::<Vec<_>>();
    Migrator {
        migrations: Cow::Owned(migrations),
        ..Migrator::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The files in `migrations/ENGINE`, sorted.
    fn on_disk(engine: &str) -> Vec<String> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../migrations/");
        let mut names: Vec<String> = std::fs::read_dir(format!("{dir}{engine}"))
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    fn check(engine: &str, files: &'static [File]) {
        let listed: Vec<&str> = files.iter().map(|f| f.name).collect();
        assert_eq!(
            listed,
            on_disk(engine),
            "migrations/{engine} and its list differ"
        );
        let migrator = migrator(files);
        assert_eq!(
            migrator.migrations.len(),
            files.len(),
            "a name does not parse"
        );
        let versions: Vec<i64> = migrator.iter().map(|m| m.version).collect();
        assert!(versions.is_sorted_by(|a, b| a < b), "{versions:?}");
        assert_eq!(versions.last().copied(), Some(version(files)));
    }

    #[test]
    fn every_sqlite_migration_is_listed_in_order() {
        check("sqlite", SQLITE);
        let first = &migrator(SQLITE).migrations[0];
        assert_eq!((first.version, &*first.description), (1, "foundation"));
    }

    #[cfg(feature = "postgres")]
    #[test]
    fn every_postgres_migration_is_listed_in_order() {
        check("postgres", POSTGRES);
    }
}
