//! The panic hook: a panic is a bug in hoard, but its message must not show a password that
//! `--db` holds. Kept apart because it is installed once, before anything runs, and touches no
//! other part of the command line.

use crate::app::redact::scrub;

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
        let hidden = scrub(&secrets, message.to_string());
        if hidden == message {
            return rust(info);
        }
        let at = info
            .location()
            .map(|l| format!(" at {l}"))
            .unwrap_or_default();
        eprintln!("hoard panicked{at}: {hidden}");
    }));
}

#[cfg(test)]
mod tests {
    use crate::app::redact::scrub;

    #[test]
    fn a_panic_naming_the_database_hides_its_password() {
        let secrets = crate::app::redact::secrets(["postgres://me:s3cr%21t@h/west"]);
        assert_eq!(
            scrub(
                &secrets,
                "cannot reach postgres://me:s3cr%21t@h/west (s3cr!t)".into()
            ),
            "cannot reach postgres://me:***@h/west (***)"
        );
        assert_eq!(
            scrub(&secrets, "index out of bounds".into()),
            "index out of bounds"
        );
        assert!(crate::app::redact::secrets(["/home/me/west.db"]).is_empty());
    }

    #[test]
    fn a_password_is_found_in_every_url_of_the_command_line_and_no_other_text() {
        let words = [
            "hoard",
            "--db=postgres://me:pw@h/west",
            "log",
            "postgresql://u:p2@h/d",
            "Map to http://a:b@c",
        ];
        assert_eq!(crate::app::redact::secrets(words), ["pw", "p2"]);
    }
}
