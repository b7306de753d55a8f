//! The ledger's hash chain: each event row holds in `hash` the SHA-256 of the hash of the
//! campaign's event before it and of every column of its own row but the campaign's id — its
//! number, cause, session, game time, wall time, kind, actor, subject, author, referee and
//! payload, the payload as the text stored. So `check` finds a ledger rewritten under it, on a
//! SQLite file edited with the `sqlite3` client as on a server: an event changed by hand (its
//! referee, its payload, a column a read selects by), one deleted from the middle or put in
//! it, each breaks the chain at that event.
//!
//! Why every column: `replay` reads the payload, but `log --by` reads `referee`, the audits
//! `kind`, the histories `actor` and `subject`; a column left out could be rewritten unseen.
//! Why not the campaign's id: a campaign exported and imported elsewhere (another row id)
//! gets the same chain, event for event. The fields are written with their lengths, so no two
//! rows hash alike by moving text from one column to the next.
//!
//! The chain is computed as events are appended ([`super::events::push_rows`]) and, for the
//! events recorded before it existed, by the migration that added it ([`fill`]); `check`
//! verifies it ([`verify`]). It holds no secret: whoever may rewrite the rows may compute a
//! new chain for them. What it guarantees is that nothing rewrites the ledger by accident or
//! by a plain `UPDATE`, and that a chain's last hash (`check --json`'s `chain.head`), noted
//! elsewhere, vouches for every event before it.

use sha2::{Digest, Sha256};

use super::conn::{Conn, FromRow, Lent, Row};
use super::error::Result;
use super::sql::Sql;

/// What the chain covers of one event row (all of it but the campaign's id).
#[derive(Clone, Copy, Debug)]
pub struct Link<'a> {
    pub seq: i64,
    pub cause: Option<i64>,
    pub session: Option<i64>,
    pub game_time: i64,
    pub wall_time: &'a str,
    pub kind: &'a str,
    pub actor: Option<&'a str>,
    pub subject: Option<&'a str>,
    pub author: Option<&'a str>,
    pub referee: Option<&'a str>,
    pub payload: &'a str,
}

/// Written first, so that a hash of hoard's ledger is no other hash of the same bytes, and a
/// later way of chaining can be told from this one.
const DOMAIN: &[u8] = b"hoard ledger chain 1\n";

impl Link<'_> {
    /// This row's hash, after `prev` (the hash of the event before it, `None` for a
    /// campaign's first event), as 64 lowercase hexadecimal digits.
    pub fn hash(&self, prev: Option<&str>) -> String {
        let mut h = Sha256::new();
        h.update(DOMAIN);
        text(&mut h, prev);
        int(&mut h, Some(self.seq));
        int(&mut h, self.cause);
        int(&mut h, self.session);
        int(&mut h, Some(self.game_time));
        text(&mut h, Some(self.wall_time));
        text(&mut h, Some(self.kind));
        text(&mut h, self.actor);
        text(&mut h, self.subject);
        text(&mut h, self.author);
        text(&mut h, self.referee);
        text(&mut h, Some(self.payload));
        format!("{:x}", h.finalize())
    }
}

/// An integer that may be NULL: a marker, then its eight bytes.
fn int(h: &mut Sha256, value: Option<i64>) {
    match value {
        None => h.update([0]),
        Some(v) => {
            h.update([1]);
            h.update(v.to_be_bytes());
        }
    }
}

/// A text that may be NULL: a marker, then its length in bytes and its UTF-8.
fn text(h: &mut Sha256, value: Option<&str>) {
    match value {
        None => h.update([0]),
        Some(v) => {
            h.update([1]);
            h.update((v.len() as u64).to_be_bytes());
            h.update(v.as_bytes());
        }
    }
}

/// An event row as stored, with its hash: what [`verify`] and [`fill`] read.
struct Stored {
    seq: i64,
    cause: Option<i64>,
    session: Option<i64>,
    game_time: i64,
    wall_time: String,
    kind: String,
    actor: Option<String>,
    subject: Option<String>,
    author: Option<String>,
    referee: Option<String>,
    payload: String,
    hash: Option<String>,
}

const COLUMNS: &str = "seq, cause, session, game_time, wall_time, kind, actor, subject, author, \
                       referee, payload, hash";

impl FromRow for Stored {
    fn from_row(row: &impl Row) -> Result<Self> {
        Ok(Stored {
            seq: row.int(0)?,
            cause: row.opt_int(1)?,
            session: row.opt_int(2)?,
            game_time: row.int(3)?,
            wall_time: row.text(4)?,
            kind: row.text(5)?,
            actor: row.opt_text(6)?,
            subject: row.opt_text(7)?,
            author: row.opt_text(8)?,
            referee: row.opt_text(9)?,
            payload: row.text(10)?,
            hash: row.opt_text(11)?,
        })
    }
}

impl Stored {
    fn link(&self) -> Link<'_> {
        Link {
            seq: self.seq,
            cause: self.cause,
            session: self.session,
            game_time: self.game_time,
            wall_time: &self.wall_time,
            kind: &self.kind,
            actor: self.actor.as_deref(),
            subject: self.subject.as_deref(),
            author: self.author.as_deref(),
            referee: self.referee.as_deref(),
            payload: &self.payload,
        }
    }
}

/// A campaign's chain, as `check` finds it.
#[derive(Debug, Default, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Verified {
    /// The events read.
    pub events: i64,
    /// The last event's hash, as stored: noted elsewhere, it vouches for the whole ledger.
    pub head: Option<String>,
    /// The first event whose stored hash is not the hash of the one before it and of its own
    /// row: where the ledger was rewritten (changed, deleted from or added to there).
    pub broken: Option<i64>,
}

/// Verify campaign `campaign`'s chain: each event's hash against the hash of the one stored
/// before it and of its own row, in the ledger's order. Each link is checked on its own, so
/// the first that fails names the first event rewritten.
pub async fn verify(conn: &mut Conn, campaign: i64) -> Result<Verified> {
    let sql = Sql::new(format!(
        "SELECT {COLUMNS} FROM events WHERE campaign_id = $1 ORDER BY seq"
    ))
    .bind(campaign);
    let mut found = Verified::default();
    let mut prev: Option<String> = None;
    conn.for_each(&sql, |row: Stored| {
        found.events += 1;
        let due = row.link().hash(prev.as_deref());
        if found.broken.is_none() && row.hash.as_deref() != Some(due.as_str()) {
            found.broken = Some(row.seq);
        }
        prev = row.hash;
        Ok::<_, super::error::Error>(())
    })
    .await?;
    found.head = prev;
    Ok(found)
}

/// Events read and hashed at a time by [`fill`].
const PAGE: i64 = 1000;

/// Hash every event that has no hash yet, campaign by campaign in the ledger's order: the
/// events recorded before the ledger was chained (migration 0014). Run by the migration's
/// own transaction, right after its SQL; a database whose every event is hashed is left as
/// it is.
pub(super) async fn fill(conn: &mut Lent<'_>) -> Result<()> {
    let unhashed: Vec<i64> = conn
        .fetch_all(&Sql::new(
            "SELECT DISTINCT campaign_id FROM events WHERE hash IS NULL ORDER BY campaign_id",
        ))
        .await?;
    for campaign in unhashed {
        let mut prev: Option<String> = None;
        let mut after = 0;
        loop {
            let page: Vec<Stored> = conn
                .fetch_all(
                    &Sql::new(format!(
                        "SELECT {COLUMNS} FROM events WHERE campaign_id = $1 AND seq > $2
                         ORDER BY seq LIMIT $3"
                    ))
                    .bind(campaign)
                    .bind(after)
                    .bind(PAGE),
                )
                .await?;
            let Some(last) = page.last() else { break };
            after = last.seq;
            let mut hashes = Vec::with_capacity(page.len());
            for row in &page {
                let hash = row.link().hash(prev.as_deref());
                hashes.push((row.seq, hash.clone()));
                prev = Some(hash);
            }
            for chunk in hashes.chunks(300) {
                let mut sql = Sql::new("UPDATE events SET hash = v.column2 FROM (");
                sql.push_values(chunk, |row, (seq, hash)| {
                    row.push_bind(*seq).push_bind(hash.as_str());
                });
                sql.push(") AS v WHERE events.campaign_id = ")
                    .push_bind(campaign)
                    .push(" AND events.seq = v.column1");
                conn.execute(&sql).await?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link() -> Link<'static> {
        Link {
            seq: 2,
            cause: None,
            session: Some(1),
            game_time: 30,
            wall_time: "2025-01-01T00:00:00.000Z",
            kind: "character_damaged",
            actor: None,
            subject: Some("c1"),
            author: None,
            referee: Some("Alice"),
            payload: r#"{"kind":"character_damaged"}"#,
        }
    }

    #[test]
    fn a_hash_is_sixty_four_hex_digits_and_the_same_every_time() {
        let h = link().hash(None);
        assert_eq!(h.len(), 64);
        assert!(
            h.bytes()
                .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
        );
        assert_eq!(h, link().hash(None));
    }

    #[test]
    fn every_column_and_the_event_before_change_the_hash() {
        let base = link().hash(Some("abc"));
        let changed = [
            Link { seq: 3, ..link() },
            Link {
                cause: Some(1),
                ..link()
            },
            Link {
                session: None,
                ..link()
            },
            Link {
                game_time: 31,
                ..link()
            },
            Link {
                wall_time: "2025-01-01T00:00:00.001Z",
                ..link()
            },
            Link {
                kind: "character_healed",
                ..link()
            },
            Link {
                actor: Some("c1"),
                ..link()
            },
            Link {
                subject: None,
                ..link()
            },
            Link {
                author: Some("c1"),
                ..link()
            },
            Link {
                referee: Some("Bob"),
                ..link()
            },
            Link {
                payload: r#"{"kind":"character_damaged","amount":1}"#,
                ..link()
            },
        ];
        for other in changed {
            assert_ne!(other.hash(Some("abc")), base, "{other:?}");
        }
        assert_ne!(link().hash(Some("abd")), base);
        assert_ne!(link().hash(None), base);
    }

    #[test]
    fn text_cannot_move_from_one_column_to_the_next_unseen() {
        let a = Link {
            actor: Some("ab"),
            subject: Some("c"),
            ..link()
        };
        let b = Link {
            actor: Some("a"),
            subject: Some("bc"),
            ..link()
        };
        assert_ne!(a.hash(None), b.hash(None));
        // An empty text is not a missing one.
        let empty = Link {
            referee: Some(""),
            ..link()
        };
        let none = Link {
            referee: None,
            ..link()
        };
        assert_ne!(empty.hash(None), none.hash(None));
    }
}
