//! What `log` refuses in its filters. Worded by `view::words::log`.

/// Why `log` cannot list, as data; `view::words::log` words it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// `--kind` names no kind of event; `kinds` are those there are.
    UnknownKind {
        kind: String,
        kinds: Vec<&'static str>,
    },
}
