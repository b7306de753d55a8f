//! A write in progress: the write lock held, the campaign's state loaded as far as the command
//! needs ([`load`]), the events recorded so far applied to it and waiting for the commit, which
//! writes events and changed rows together. Dropped before the commit, it writes nothing.

mod load;

use crate::choice::{self, Choice, Key};
use crate::error::{Error, Problem, Result};
use crate::ledger::state::RefereeFrom;
use crate::ledger::{Event, Id, Ids, Recorded, State};
use crate::lookup;
use crate::refusal::lookup::Refusal;
use crate::store::batch::Batch;
use crate::store::{self, Conn, Db, campaigns};

/// A write in progress: the write lock is held, the campaign's state is loaded as far as the
/// command needs, and the events recorded so far wait for the commit.
pub struct Write<'c> {
    db: &'c mut Db,
    ids: Ids,
    pub campaign: i64,
    pub state: State,
    recorded: Vec<Recorded>,
    batch: Batch,
    now: String,
    /// Characters whose holdings are loaded into the state.
    holdings_loaded: std::collections::BTreeSet<String>,
    /// The whole state was rebuilt (after a void): replace every row at the commit.
    replace: bool,
    /// Events to list as voided, with the void event that voided them.
    voided: Vec<(Vec<i64>, i64)>,
    /// Where its events fall, and who records them.
    choice: Choice,
    /// The hash the ledger's chain ends with so far: the last event written's, or the
    /// campaign's last event's before this write (`store::chain`).
    head: Option<String>,
    /// Who records in the campaign as the write began (the `referees` setting and the
    /// referees named), `None` for a campaign this write makes: a write that changes it is
    /// the campaign owner's alone ([`Write::commit`]).
    who_records: Option<WhoRecords>,
}

/// Who records in a campaign: where its referee comes from (`campaign set referees`), and the
/// referees named. Under `referees role`, the referees are the roles that may record.
#[derive(Clone, Debug, PartialEq)]
struct WhoRecords {
    from: RefereeFrom,
    referees: Vec<String>,
}

impl WhoRecords {
    fn of(campaign: &crate::ledger::Campaign) -> WhoRecords {
        WhoRecords {
            from: campaign.settings.referee_from.unwrap_or_default(),
            referees: campaign.settings.referees.clone(),
        }
    }

    /// Whether going from `self` to `now` changes who may record: the setting changed, or,
    /// where each referee is a role, the referees.
    fn changed_to(&self, now: &WhoRecords) -> bool {
        let by_role = |w: &WhoRecords| w.from == RefereeFrom::Role;
        self.from != now.from || ((by_role(self) || by_role(now)) && self.referees != now.referees)
    }
}

impl<'c> Write<'c> {
    pub(crate) async fn begin(
        db: &'c mut Db,
        name: Option<&str>,
        seed: Option<u64>,
    ) -> Result<Write<'c>> {
        db.begin_write().await?;
        let now = now();
        if let Some(found) = campaigns::find_for_write(db.conn(), name).await? {
            let who_records = WhoRecords::of(&found.campaign);
            let state = State::new(found.campaign, found.last_seq);
            let mut write = Write::over(db, found.id, state, seed, found.last_seq, now);
            write.head = found.head;
            write.who_records = Some(who_records);
            return Ok(write);
        }
        // Nothing matched. Only the implicit `default` is created on first use; a campaign the
        // referee named must exist.
        let wanted = match name {
            Some(name) => Some(name.to_string()),
            None => campaigns::current(db.conn()).await?,
        };
        if let Some(wanted) = wanted.filter(|w| !w.eq_ignore_ascii_case("default")) {
            return Err(lookup::unknown_campaign(db.conn(), &wanted).await);
        }
        Write::create(db, "default", now, seed).await
    }

    fn over(
        db: &'c mut Db,
        campaign: i64,
        state: State,
        seed: Option<u64>,
        last_seq: i64,
        now: String,
    ) -> Write<'c> {
        Write {
            ids: Ids::new(seed, last_seq),
            db,
            campaign,
            state,
            recorded: Vec::new(),
            batch: Batch::default(),
            now,
            holdings_loaded: Default::default(),
            replace: false,
            voided: Vec::new(),
            choice: Choice::default(),
            head: None,
            who_records: None,
        }
    }

    /// Load the open sessions, check the referee named, and resolve `--session`: a write knows
    /// where it may record before it reads anything else.
    pub(crate) async fn choose(&mut self, referee: Option<&str>, key: Option<&Key>) -> Result<()> {
        let (conn, campaign) = (self.db.conn(), self.campaign);
        self.choice = Choice::start(conn, campaign, &mut self.state, referee, key).await?;
        Ok(())
    }

    /// The session `--session` named, if any (open or not).
    pub fn named(&self) -> Option<u32> {
        self.choice.named
    }

    /// The session the command records in ([`Choice::session`]).
    pub fn session(&mut self) -> Result<Option<u32>> {
        self.choice.session(&mut self.state)
    }

    /// A command about session `about` (a share, an award) ([`Choice::about`]).
    pub async fn about(&mut self, about: Option<u32>) -> Result<()> {
        let (conn, campaign) = (self.db.conn(), self.campaign);
        self.choice
            .about(conn, campaign, &mut self.state, about)
            .await
    }

    /// Session `n`'s roster (empty: the whole campaign's session).
    pub async fn roster(&mut self, n: u32) -> Result<Vec<crate::ledger::Member>> {
        choice::load_session(self.db.conn(), self.campaign, &mut self.state, n).await?;
        Ok(self
            .state
            .sessions
            .get(&n)
            .map(|s| s.with.clone())
            .unwrap_or_default())
    }

    /// Whether `character` is in the session this command records in (with several sessions
    /// open, what time does to one party it does not do to another).
    pub fn here(&self, character: &str) -> bool {
        self.state.here(character)
    }

    /// The referee this command names (`--referee`, `HOARD_REFEREE`, the role), as the
    /// campaign spells it.
    pub fn recorder(&self) -> Option<String> {
        self.choice.recorder()
    }

    /// Record the events from now on as `referee`'s ([`Choice::record_as`]).
    pub fn record_as(&mut self, referee: Option<String>) {
        self.choice.record_as(referee);
    }

    /// Who records: `--referee`, else the referee of the session recorded in.
    pub fn author(&self) -> Option<String> {
        self.choice.author(&self.state)
    }

    /// A new campaign, its first event naming it.
    async fn create(
        db: &'c mut Db,
        name: &str,
        now: String,
        seed: Option<u64>,
    ) -> Result<Write<'c>> {
        let campaign = campaigns::insert(db.conn(), name, &now).await?;
        let mut write = Write::over(db, campaign, State::blank(), seed, 0, now);
        write.record(Event::CampaignCreated { name: name.into() })?;
        Ok(write)
    }

    /// Begin a write that creates the campaign `name` (refused if it exists), for `campaign
    /// new` or for an import (`imported`).
    pub async fn new_campaign(db: &'c mut Db, name: &str, imported: bool) -> Result<Write<'c>> {
        db.begin_write().await?;
        if campaigns::exists(db.conn(), name).await? {
            return Err(Refusal::CampaignExists {
                name: name.into(),
                imported,
            }
            .into());
        }
        Write::create(db, name, now(), None).await
    }

    pub fn conn(&mut self) -> &mut Conn {
        self.db.conn()
    }

    /// Record an event now: number it, apply it to the state, keep it for the commit.
    pub fn record(&mut self, event: Event) -> Result<Recorded> {
        self.record_with_cause(event, None)
    }

    /// Record a consequence of an earlier event (e.g. a control check set off by a wound).
    pub fn record_with_cause(&mut self, event: Event, cause: Option<i64>) -> Result<Recorded> {
        let author = self.choice.author_of(&mut self.state, &event)?;
        // A limit passed is the command's own refusal, by a rule (`rules::limits`); any other
        // refusal is a ledger at odds with itself.
        let recorded = self
            .state
            .record(event, cause, &self.now, author.as_deref());
        let recorded = recorded.map_err(|c| {
            if c.reason.is_limit() {
                Error::Refused(Box::new(Problem::Limit(*c.reason)))
            } else {
                Error::Conflict(Box::new(Problem::Ledger(c)))
            }
        })?;
        self.recorded.push(recorded.clone());
        Ok(recorded)
    }

    /// For bulk commands: queue what is recorded so far and forget the items already
    /// written, so memory stays flat however many are made.
    pub async fn flush_bulk(&mut self) -> Result<()> {
        self.flush().await?;
        self.state.items.clear();
        self.holdings_loaded.clear();
        Ok(())
    }

    /// A new id for something this command creates.
    pub fn new_id(&mut self) -> Id {
        self.ids.draw()
    }

    /// The game clock now: the session's recorded in (the expedition's), else the world's.
    pub fn now(&self) -> i64 {
        self.state.now()
    }

    /// How long the campaign's rounds last.
    pub fn round(&self) -> crate::rules::clock::Round {
        self.state.campaign.settings.round()
    }

    /// The events recorded after event `seq` (a command's consequences, to show).
    pub fn since(&self, seq: i64) -> Vec<Recorded> {
        self.recorded
            .iter()
            .filter(|r| r.seq > seq)
            .cloned()
            .collect()
    }

    /// Forget the events recorded so far (an import replaces the new campaign's first event
    /// with the file's).
    pub fn discard_recorded(&mut self) {
        self.recorded.clear();
    }

    /// Append events given with their payload text, as they come (import).
    pub async fn append_raw(&mut self, events: &[(Recorded, String)]) -> Result<()> {
        let rows: Vec<(&Recorded, String)> = events.iter().map(|(r, p)| (r, p.clone())).collect();
        store::events::push_rows(&mut self.batch, self.campaign, &rows, &mut self.head);
        Ok(self.batch.flush_if_large(self.db.conn()).await?)
    }

    /// Put a state rebuilt from the ledger in place of the loaded one: every row is
    /// replaced at the commit.
    pub fn replace_state(&mut self, mut state: State) {
        self.choice.rebuilt(&self.state, &mut state);
        self.state = state;
        self.replace = true;
    }

    /// List `seqs` as voided by event `by` at the commit.
    pub fn mark_voided(&mut self, seqs: Vec<i64>, by: i64) {
        self.voided.push((seqs, by));
    }

    /// Queue the events and changed rows so far, sending them if the batch has grown large.
    async fn flush(&mut self) -> Result<()> {
        let recorded = std::mem::take(&mut self.recorded);
        store::events::push_append(&mut self.batch, self.campaign, &recorded, &mut self.head);
        for (seqs, by) in std::mem::take(&mut self.voided) {
            store::events::push_voided(&mut self.batch, self.campaign, &seqs, by);
        }
        if std::mem::take(&mut self.replace) {
            store::state::push_replace(&mut self.batch, self.campaign, &mut self.state);
        } else {
            store::state::push_save(&mut self.batch, self.campaign, &mut self.state);
        }
        Ok(self.batch.flush_if_large(self.db.conn()).await?)
    }

    /// Write the events and the changed rows, and commit. Under `--dry-run` everything is
    /// written but never committed: the command can read what it would have written, and
    /// closing the database rolls it all back.
    pub async fn commit(mut self) -> Result<Vec<Recorded>> {
        self.owners_alone().await?;
        let recorded = self.recorded.clone();
        self.flush().await?;
        std::mem::take(&mut self.batch).send(self.db.conn()).await?;
        self.db.commit(recorded.iter().map(|r| r.seq)).await?;
        Ok(recorded)
    }
}

impl Write<'_> {
    /// Changing who records is the campaign owner's alone: a write that turns `referees role`
    /// on or off, or changes the referees while each is a role (by `referee add`, or by voiding
    /// the events that did), is refused to any other role, before anything is written. On
    /// PostgreSQL the owner is the role that owns hoard's tables, or one with its privileges;
    /// a SQLite file has no roles, and whoever may write it owns it.
    async fn owners_alone(&mut self) -> Result<()> {
        let Some(before) = &self.who_records else {
            return Ok(());
        };
        if !before.changed_to(&WhoRecords::of(&self.state.campaign)) {
            return Ok(());
        }
        match self.db.conn().owner().await? {
            Some(owner) if !owner.owns => Err(crate::refusal::campaign::Refusal::NotOwner {
                role: owner.role,
                owner: owner.owner,
            }
            .into()),
            _ => Ok(()),
        }
    }
}

/// The wall clock, as stored: ISO-8601 UTC with milliseconds.
pub fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}
