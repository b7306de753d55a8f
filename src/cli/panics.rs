//! The panic hook: a panic is a bug in hoard, but its message must not show a password that
//! `--db` holds. Kept apart because it is installed once, before anything runs, and touches no
//! other part of the command line.

/// Print a panic that names one of `secrets` with each hidden, any other as Rust prints it.
pub fn hide_in_panics(secrets: Vec<String>) {
    if secrets.is_empty() {
        return;
    }
    let rust = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
            .unwrap_or_default();
        match hidden(&secrets, message) {
            Some(message) => {
                let at = info
                    .location()
                    .map(|l| format!(" at {l}"))
                    .unwrap_or_default();
                eprintln!("hoard panicked{at}: {message}");
            }
            None => rust(info),
        }
    }));
}

/// `message` with each secret in it replaced by `***`; `None` when it holds none.
fn hidden(secrets: &[String], message: &str) -> Option<String> {
    secrets
        .iter()
        .any(|s| message.contains(s.as_str()))
        .then(|| {
            secrets
                .iter()
                .fold(message.to_string(), |m, s| m.replace(s.as_str(), "***"))
        })
}

#[cfg(test)]
mod tests {
    use super::hidden;

    #[test]
    fn a_panic_naming_the_database_hides_its_password() {
        let secrets =
            crate::store::open::secrets(std::path::Path::new("postgres://me:s3cr%21t@h/west"));
        assert_eq!(
            hidden(
                &secrets,
                "cannot reach postgres://me:s3cr%21t@h/west (s3cr!t)"
            )
            .as_deref(),
            Some("cannot reach postgres://me:***@h/west (***)")
        );
        assert_eq!(hidden(&secrets, "index out of bounds"), None);
        assert!(crate::store::open::secrets(std::path::Path::new("/home/me/west.db")).is_empty());
    }
}
