//! The notices a command adds on stderr after its own output: that it started the implicit
//! `default` campaign, or that under `--dry-run` nothing was written. Under `--json` each is
//! one JSON object, `{"notice": {"code", "message"}}`, as errors are. Words only; the dispatch
//! decides when they apply.

use super::args::Command;
use super::args::campaign::CampaignCommand;
use crate::tr;

/// Whether `command` names the campaign it may start (`campaign new`, `import`).
pub fn names_its_campaign(command: &Command) -> bool {
    matches!(
        command,
        Command::Campaign(CampaignCommand::New { .. }) | Command::Import(_)
    )
}

/// Event #1 of a campaign creates it: recorded by a command that did not name a campaign, it
/// is the implicit `default`, which the referee should know is there.
pub fn started_default(json: bool, names_its_campaign: bool, committed: &[i64]) {
    if !names_its_campaign && committed.first() == Some(&1) {
        let message = tr!(
            "Started a campaign named default for this database; rename it with `hoard campaign rename default NAME`.",
            "Campagne « default » commencée pour cette base ; renommez-la avec `hoard campaign rename default NOM`."
        );
        say(json, "started_default", &message);
    }
}

/// A dry run ended: nothing it showed was written.
pub fn dry_run(json: bool) {
    let message = tr!("dry run: nothing was written", "essai : rien n'a été écrit");
    say(json, "dry_run", &message);
}

fn say(json: bool, code: &str, message: &str) {
    if json {
        let notice = serde_json::json!({ "notice": { "code": code, "message": message } });
        eprintln!("{notice}");
    } else {
        eprintln!("{message}");
    }
}
