//! The ledger's hash chain (`store::chain`), on both engines: `check` finds a ledger rewritten
//! under hoard — a referee changed, a payload edited, an event removed or slipped in — and
//! names the first event rewritten; an import chains the events it writes as the original
//! did; a ledger recorded before the chain existed is chained when it is upgraded, as it would
//! have been recorded.

use serde_json::Value;

use crate::common::{Engine, Hoard};

/// Two referees, Alice recording the first wounds, Bob the heal: `check` says ok.
fn two_referees() -> Hoard {
    let h = Hoard::new();
    h.ok(&["referee", "add", "Alice"]);
    h.ok(&["referee", "add", "Bob"]);
    h.fighter("Ada", 20);
    for _ in 0..3 {
        h.ok(&["--referee", "Alice", "character", "damage", "Ada", "1"]);
    }
    h.ok(&["--referee", "Bob", "character", "heal", "Ada", "2"]);
    assert!(h.ok(&["check"]).starts_with("ok:"));
    h
}

/// `check --json`'s report.
fn report(h: &Hoard) -> Value {
    let out = h.cmd(&["--json", "check"]).output().unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The first event Alice recorded.
fn alices_first(h: &Hoard) -> i64 {
    h.log_ids(&["--by", "Alice"])[0]
}

/// Issue #47, case 5: `UPDATE events SET referee = 'Bob' WHERE referee = 'Alice'` rewrote the
/// ledger, and `check` said ok — the state it rebuilds is the same. The chain breaks at the
/// first event rewritten, which `check` names, with exit 5 and the finding as data; and the
/// event no longer has the tag `log --by Bob` would find it by.
#[test]
fn a_referee_rewritten_by_hand_breaks_the_chain_at_the_first_event_changed() {
    let h = two_referees();
    let first = alices_first(&h);
    let head = report(&h)["report"]["head"].as_str().unwrap().to_string();
    assert_eq!(head.len(), 64, "{head}");
    h.execute("UPDATE events SET referee = 'Bob' WHERE referee = 'Alice'");
    let out = h.cmd(&["check"]).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(5), "{stdout}");
    assert!(
        stdout.contains(&format!("rewritten under hoard at event #{first}")),
        "{stdout}"
    );
    let json = report(&h);
    assert_eq!(json["ok"], false);
    assert_eq!(
        json["report"]["ledger"],
        serde_json::json!([
            { "finding": "rewritten", "event": first },
            { "finding": "mistagged", "event": first },
        ])
    );
    // The state is what the ledger builds: the replay alone would not see it.
    assert_eq!(json["report"]["differences"], serde_json::json!([]));
    assert_eq!(json["report"]["head"], head.as_str());
}

/// `log --by` finds a referee's events through their tags in `event_refs`, beside the rows the
/// chain vouches for: tags rewritten by hand (Alice's events filed under Bob) are named at the
/// first event mistagged, and so is an event whose tag was removed.
#[test]
fn a_referees_tags_rewritten_by_hand_are_named_at_the_first_event_mistagged() {
    let h = two_referees();
    let first = alices_first(&h);
    h.execute("UPDATE event_refs SET entity = 'referee:Bob' WHERE entity = 'referee:Alice'");
    let out = h.cmd(&["check"]).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(5), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "the referees' index was rewritten under hoard at event #{first}"
        )),
        "{stdout}"
    );
    assert_eq!(
        report(&h)["report"]["ledger"],
        serde_json::json!([{ "finding": "mistagged", "event": first }])
    );
    let h = two_referees();
    let bobs = h.log_ids(&["--by", "Bob"])[0];
    h.execute(&format!(
        "DELETE FROM event_refs WHERE entity = 'referee:Bob' AND seq = {bobs}"
    ));
    assert_eq!(report(&h)["report"]["ledger"][0]["event"], bobs);
}

/// Each way of rewriting a ledger by hand breaks the chain at the event it touches: a payload
/// edited, a column a read selects by, the wall time, the hash itself, an event removed from
/// the middle, a payload swapped for another event's.
#[test]
fn every_rewrite_by_hand_is_named_at_its_event() {
    let damage = "(SELECT min(seq) FROM events WHERE kind = 'character_damaged')";
    let tampers = [
        (
            format!(
                "UPDATE events SET payload = replace(payload, '\"amount\":1', '\"amount\":0') \
                 WHERE seq = {damage}"
            ),
            "edited payload",
        ),
        (
            format!("UPDATE events SET kind = 'character_healed' WHERE seq = {damage}"),
            "kind",
        ),
        (
            format!(
                "UPDATE events SET wall_time = '2020-01-01T00:00:00.000Z' WHERE seq = {damage}"
            ),
            "wall time",
        ),
        (
            format!("UPDATE events SET hash = NULL WHERE seq = {damage}"),
            "hash removed",
        ),
    ];
    for (tamper, what) in tampers {
        let h = two_referees();
        let first = alices_first(&h);
        h.execute(&tamper);
        let json = report(&h);
        assert_eq!(
            json["report"]["ledger"][0]["event"], first,
            "{what}: {json}"
        );
    }
    // An event removed from the middle: the next one no longer follows the one before it.
    let h = two_referees();
    let first = alices_first(&h);
    h.execute(&format!(
        "DELETE FROM event_refs WHERE seq = {first}; DELETE FROM events WHERE seq = {first}"
    ));
    assert_eq!(report(&h)["report"]["ledger"][0]["event"], first + 1);
    // A payload swapped for the next event's: the row no longer is the one recorded there.
    let h = two_referees();
    let first = alices_first(&h);
    h.execute(&format!(
        "UPDATE events SET payload = (SELECT payload FROM events WHERE seq = {}) \
         WHERE seq = {first}",
        first + 1
    ));
    assert_eq!(report(&h)["report"]["ledger"][0]["event"], first);
}

/// An export imported elsewhere is chained as it was recorded: the same hashes, event for
/// event, whatever row id the campaign gets; and what is recorded after follows on.
#[test]
fn an_import_chains_its_events_as_they_were_recorded() {
    let h = two_referees();
    h.ok(&["campaign", "new", "Other"]);
    let head = report(&h)["report"]["head"].as_str().unwrap().to_string();
    let file = h.dir.path().join("default.jsonl");
    h.ok(&["export", "-o", file.to_str().unwrap()]);
    let other = Hoard::new();
    other.ok(&["campaign", "new", "First"]);
    other.ok(&["import", file.to_str().unwrap(), "--as", "default"]);
    let copy = report(&other);
    assert_eq!(copy["ok"], true, "{copy}");
    assert_eq!(copy["report"]["head"], head.as_str());
    other.ok(&["--referee", "Bob", "character", "damage", "Ada", "1"]);
    assert!(other.ok(&["check"]).starts_with("ok:"));
}

/// A ledger recorded before the chain existed (here: this hoard's own, with its hashes and
/// their column taken away, the later migrations' lights column too, and the schema's
/// version put back to 13) is chained when this
/// hoard upgrades it, in the migration's transaction: every event hashed as it would have been
/// when recorded, over more events than one page of the upgrade, and `check` says ok.
#[test]
fn an_unchained_ledger_is_chained_by_the_upgrade_as_if_recorded_so() {
    let h = two_referees();
    h.ok(&["--seed", "5", "generate", "any", "--count", "1200"]);
    h.ok(&["--referee", "Alice", "character", "damage", "Ada", "1"]);
    let head = report(&h)["report"]["head"].as_str().unwrap().to_string();
    match h.engine() {
        Engine::Sqlite => h.execute(
            "ALTER TABLE events DROP COLUMN hash; DROP INDEX items_lit; \
             ALTER TABLE items DROP COLUMN lit; \
             DELETE FROM _sqlx_migrations WHERE version >= 14; PRAGMA user_version = 13",
        ),
        Engine::Postgres => h.execute(
            "ALTER TABLE events DROP COLUMN hash; ALTER TABLE items DROP COLUMN lit; \
             DELETE FROM _sqlx_migrations WHERE version >= 14",
        ),
    }
    // The next command upgrades the database, chaining every event.
    h.ok(&["--referee", "Bob", "character", "heal", "Ada", "1"]);
    let unhashed: Vec<(i64,)> = h.rows("SELECT count(*) FROM events WHERE hash IS NULL");
    assert_eq!(unhashed, vec![(0,)]);
    let json = report(&h);
    assert_eq!(json["ok"], true, "{json}");
    // The upgrade hashed the old events as recording them did.
    let last: Vec<(String,)> =
        h.rows("SELECT hash FROM events WHERE seq = (SELECT max(seq) - 1 FROM events)");
    assert_eq!(last[0].0, head);
    // And the chain guards them: an old event rewritten is found.
    let first = alices_first(&h);
    h.execute(&format!(
        "UPDATE events SET referee = 'Bob' WHERE seq = {first}"
    ));
    assert_eq!(report(&h)["report"]["ledger"][0]["event"], first);
}
