//! What no message may show: the passwords a database URL holds. The edges find them on the
//! command line once ([`secrets`]) and hide them from whatever they print ([`scrub`]); the
//! database itself is named as [`shown`] writes it. The store parses the URLs; this is the
//! edges' one way to its rules.

use std::path::Path;

pub use crate::store::postgres::scrub;

/// What `--db` names, as messages show it: a file's path, or a server's URL without its
/// password.
pub fn shown(db: &Path) -> String {
    crate::store::open::shown(db)
}

/// The passwords held by those of `words` that are URLs (or an option's `--name=URL`), as
/// written and decoded: what no message may show. The words are the whole command line and
/// `HOARD_DB`, not only `--db`'s value, since a misplaced URL (`--db x.db postgres://…`) is
/// echoed back by the usage error it causes. A URL inside other text (an item's name) is no
/// database's, and is left alone.
pub fn secrets<S: AsRef<std::ffi::OsStr>>(words: impl IntoIterator<Item = S>) -> Vec<String> {
    let mut found = Vec::new();
    for word in words {
        let text = word.as_ref().to_string_lossy();
        let url = match text.split_once('=') {
            Some((option, value)) if option.starts_with("--") => value,
            _ => &text,
        };
        let scheme = url.split_once("://").map_or("", |(scheme, _)| scheme);
        let is_url = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
        if !is_url {
            continue;
        }
        for secret in crate::store::postgres::secrets(url) {
            if !found.contains(&secret) {
                found.push(secret);
            }
        }
    }
    found
}
