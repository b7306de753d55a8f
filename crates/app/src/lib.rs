//! hoard's application: one function per command. A command that changes anything opens a
//! [`Write`] (the write lock, the campaign, the state it needs), lets the rules decide, records
//! the events — which applies them — and commits events and state together. Any error before
//! the commit drops the transaction, so a refused command leaves the file as it was. It
//! returns data — answers, and refusals as [`error::Problem`] — and never words: its own crate,
//! over the rules, the ledger and the store, so that Cargo keeps it from the view, the
//! command line, the web server and the Foundry export.

#![forbid(unsafe_code)]

/// The rules of the game.
pub use hoard_rules as rules;

/// The ledger: events and the one projector.
pub use hoard_ledger as ledger;

/// The store: all SQL, for both engines.
pub use hoard_store as store;

pub mod error;
pub mod files;

pub mod book;
pub mod campaign;
pub mod character;
pub mod charges;
pub mod check;
pub mod chronicle;
pub mod claims;
pub mod clock;
pub mod coins;
pub mod completion;
pub mod control;
pub mod custody;
pub mod encumbrance;
pub mod explain;
pub mod export;
pub mod foundry;
pub mod generate;
pub mod history;
pub mod identify;
pub mod item;
pub mod links;
pub mod log;
pub mod name;
pub mod open;
pub mod potion;
pub mod redact;
pub mod replay;
pub mod report;
pub mod roll;
pub mod scroll;
pub mod session;
pub mod sword;
pub mod tables;
pub mod treasure;
pub mod wear;
pub mod xp;

use crate::error::{Error, Result};
use crate::ledger::state::Effect;
use crate::ledger::{Character, Event, Id, Ids, Item, Recorded, State};
use crate::rules::dice;
use crate::rules::item::Names;
use crate::store::batch::Batch;
use crate::store::{Conn, Db, campaigns, characters};

/// Why a command cannot find what it works on, or cannot act, as data (a `--json` error
/// carries its fields); `view::words::app` words it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// No campaign was ever made or chosen.
    NoCampaign,
    /// `campaign new`, or an `import` (`imported`), with a name already taken.
    CampaignExists { name: String, imported: bool },
    /// No campaign of that name; `near` is the known name it may be a typo of.
    UnknownCampaign { name: String, near: Option<String> },
    /// No character of that name in `campaign`; `near` as above.
    UnknownCharacter {
        name: String,
        near: Option<String>,
        campaign: String,
    },
    /// A command asked for an item it had not loaded (a fault of hoard's, not the referee's).
    ItemNotLoaded { id: String },
    /// A row names a character the database does not have.
    CharacterMissing { id: String },
    /// `--by` names someone other than the item's holder.
    HeldByAnother {
        holder: String,
        item: Names,
        who: String,
    },
    /// An item of the party's treasure, used without `--by`.
    InTreasure { item: Names },
    /// The character is dying (A&D&D's death rule) and cannot act.
    Dying { name: String, hp: i32 },
    /// The character is dead and cannot act.
    Dead { name: String, hp: i32 },
}

impl From<Refusal> for Error {
    fn from(r: Refusal) -> Self {
        use crate::error::Problem;
        let kind = match r {
            Refusal::CampaignExists { .. } | Refusal::InTreasure { .. } => Error::Invalid,
            Refusal::NoCampaign
            | Refusal::UnknownCampaign { .. }
            | Refusal::UnknownCharacter { .. } => Error::NotFound,
            Refusal::ItemNotLoaded { .. } | Refusal::CharacterMissing { .. } => Error::Conflict,
            Refusal::HeldByAnother { .. } | Refusal::Dying { .. } | Refusal::Dead { .. } => {
                Error::Refused
            }
        };
        kind(Box::new(Problem::App(r)))
    }
}

/// A name the rules refuse (empty, too long …), as the input it is.
fn invalid_name(e: crate::rules::character::SheetError) -> Error {
    Error::Invalid(Box::new(crate::error::Problem::Sheet(e)))
}

/// The global options, as plain values.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// `--campaign`: the campaign to use instead of the remembered one.
    pub campaign: Option<String>,
    /// `--seed`: make this command's rolls reproducible.
    pub seed: Option<u64>,
    /// `--tables`: a folder of edited tables laid over the shipped ones.
    pub tables: Option<std::path::PathBuf>,
    /// `--dry-run`: show what would be recorded, write nothing (no file either).
    pub dry_run: bool,
    /// Told the settings of each campaign the command opens, before it returns anything: how
    /// an edge learns what its words depend on (the length of a round) without a second read.
    pub opened: Option<fn(&crate::ledger::state::Settings)>,
    /// `--referee` (or `HOARD_REFEREE`): who records this command's events.
    pub referee: Option<String>,
    /// The referee came from `HOARD_REFEREE`: a campaign naming no referees ignores it (one
    /// referee is implied there), where a `--referee` it does not know is refused.
    pub referee_from_env: bool,
    /// `--session N|TITLE`: the session this command records in, or is about.
    pub session: Option<session::Key>,
    /// `--referee` given: the referee asks for the truth where players see their side.
    pub as_referee: bool,
}

/// What every command receives: the open database and the global options.
pub struct Ctx {
    pub db: Db,
    pub campaign: Option<String>,
    /// The seed of this command's dice (`--seed`, or a fresh one).
    pub seed: u64,
    /// Whether the seed was given (`--seed`): then ids are reproducible too.
    pub seeded: bool,
    pub tables: Option<std::path::PathBuf>,
    /// `--referee`: who records this command's events.
    pub referee: Option<String>,
    referee_from_env: bool,
    /// `--session`: the session named.
    pub session: Option<session::Key>,
    /// `--referee` given (`Options::as_referee`).
    pub as_referee: bool,
    dry_run: bool,
    /// What the command changed beside events, once it is done ([`Ctx::made`]).
    made: Option<Made>,
    /// The campaign's death rule, as the command's write found it ([`Ctx::death_rule`]).
    death: crate::rules::health::DeathRule,
    opened: Option<fn(&crate::ledger::state::Settings)>,
}

/// Tell the edge's `hook` ([`Options::opened`]) that a campaign with these settings was opened.
fn opened(
    hook: Option<fn(&crate::ledger::state::Settings)>,
    settings: &crate::ledger::state::Settings,
) {
    if let Some(hook) = hook {
        hook(settings);
    }
}

/// What a command changed that is no event of a campaign's ledger: the edge names it if the
/// command's answer then cannot be printed (exit 7), so that nobody makes it again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Made {
    /// A campaign imported, deleted or put in use.
    Campaign(String),
    /// A file written: a backup.
    File(std::path::PathBuf),
}

impl Ctx {
    pub fn new(db: Db, options: Options) -> Self {
        Ctx {
            db,
            campaign: options.campaign,
            seed: options.seed.unwrap_or_else(dice::fresh_seed),
            seeded: options.seed.is_some(),
            tables: options.tables,
            referee: options.referee,
            referee_from_env: options.referee_from_env,
            session: options.session,
            as_referee: options.as_referee,
            dry_run: options.dry_run,
            made: None,
            death: Default::default(),
            opened: options.opened,
        }
    }

    /// Record that `change` was made for good (nothing, under a dry run).
    pub fn made(&mut self, change: Made) {
        if !self.dry_run {
            self.made = Some(change);
        }
    }

    /// What the command changed beside events, if anything.
    pub fn what_was_made(&self) -> Option<&Made> {
        self.made.as_ref()
    }

    /// This command's dice: every roll it makes comes from here, in order.
    pub fn dice(&self) -> rand_chacha::ChaCha8Rng {
        dice::seeded(self.seed)
    }

    /// Whether this command only shows what it would do.
    pub fn dry_run(&self) -> bool {
        self.dry_run
    }

    /// Begin a write on the campaign in use.
    pub async fn write(&mut self) -> Result<Write<'_>> {
        let seed = self.seeded.then_some(self.seed);
        let mut w = Write::begin(&mut self.db, self.campaign.as_deref(), seed).await?;
        let referee = self
            .referee
            .as_deref()
            .filter(|_| !(self.referee_from_env && w.state.campaign.settings.referees.is_empty()));
        w.choose_at_start(referee, self.session.as_ref()).await?;
        self.death = w.state.campaign.settings.death.unwrap_or_default();
        opened(self.opened, &w.state.campaign.settings);
        Ok(w)
    }

    /// When a character dies in the campaign the last write was on (`campaign set death`):
    /// what a wound the command recorded left its character, by the same rule as `character
    /// damage`.
    pub fn death_rule(&self) -> crate::rules::health::DeathRule {
        self.death
    }

    /// The campaign in use. A command that records creates the implicit `default` on first
    /// use; one that only reads never creates anything.
    pub async fn campaign(&mut self) -> Result<campaigns::Found> {
        if let Some(found) = campaigns::find(self.db.conn(), self.campaign.as_deref()).await? {
            opened(self.opened, &found.campaign.settings);
            return Ok(found);
        }
        if self.db.access() == store::Access::Write && !self.db.writing() {
            self.write().await?.commit().await?;
            if let Some(found) = campaigns::find(self.db.conn(), self.campaign.as_deref()).await? {
                opened(self.opened, &found.campaign.settings);
                return Ok(found);
            }
        }
        let wanted = match &self.campaign {
            Some(name) => Some(name.clone()),
            None => campaigns::current(self.db.conn()).await?,
        };
        Err(match wanted {
            Some(name) => unknown_campaign(self.db.conn(), &name).await,
            None => Refusal::NoCampaign.into(),
        })
    }

    pub fn conn(&mut self) -> &mut Conn {
        self.db.conn()
    }

    /// The number of the session `--session` names, if it names one.
    pub async fn named_session(&mut self) -> Result<Option<u32>> {
        let Some(key) = self.session.clone() else {
            return Ok(None);
        };
        let campaign = self.campaign().await?;
        session::resolve(self.conn(), &campaign, &key)
            .await
            .map(Some)
    }
}

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
    /// The referee named for the command (`--referee`), as the campaign spells it.
    referee: Option<String>,
    /// The session `--session` named, if any (open or not).
    pub named: Option<u32>,
    /// The session the command records in, once the characters it names have chosen it.
    chosen: Option<Option<u32>>,
    /// The session a share or an award is about ([`Write::about`]).
    about: Option<u32>,
    /// The command named a character on no expedition.
    at_home: bool,
}

impl<'c> Write<'c> {
    async fn begin(db: &'c mut Db, name: Option<&str>, seed: Option<u64>) -> Result<Write<'c>> {
        db.begin_write().await?;
        let now = now();
        if let Some(found) = campaigns::find_for_write(db.conn(), name).await? {
            let state = State::new(found.campaign, found.last_seq);
            return Ok(Write::over(db, found.id, state, seed, found.last_seq, now));
        }
        // Nothing matched. Only the implicit `default` is created on first use; a campaign the
        // referee named must exist.
        let wanted = match name {
            Some(name) => Some(name.to_string()),
            None => campaigns::current(db.conn()).await?,
        };
        if let Some(wanted) = wanted.filter(|w| !w.eq_ignore_ascii_case("default")) {
            return Err(unknown_campaign(db.conn(), &wanted).await);
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
            referee: None,
            named: None,
            chosen: None,
            about: None,
            at_home: false,
        }
    }

    /// Load the open sessions, check the referee named, and resolve `--session`: a write knows
    /// where it may record before it reads anything else.
    async fn choose_at_start(
        &mut self,
        referee: Option<&str>,
        key: Option<&session::Key>,
    ) -> Result<()> {
        if !self.state.campaign.open.is_empty() {
            for s in store::sessions::open(self.db.conn(), self.campaign).await? {
                self.state.sessions.insert(s.number, s);
            }
        }
        self.referee = match self.state.campaign.settings.referee_from {
            // Each referee connects as themselves: the role is who records.
            Some(crate::ledger::state::RefereeFrom::Role) => match self.db.conn().role().await? {
                Some(role) => Some(session::by_role(&self.state, &role, referee)?),
                None => referee
                    .map(|r| session::referee(&self.state, r))
                    .transpose()?,
            },
            _ => referee
                .map(|r| session::referee(&self.state, r))
                .transpose()?,
        };
        if let Some(key) = key {
            let found = store::campaigns::Found {
                id: self.campaign,
                campaign: self.state.campaign.clone(),
                last_seq: self.state.last_seq,
            };
            let n = session::resolve(self.db.conn(), &found, key).await?;
            self.named = Some(n);
            if self.state.campaign.open.contains(&n) {
                self.chosen = Some(Some(n));
            }
        }
        self.state.current = match self.chosen {
            Some(chosen) => chosen,
            None => self.lone_open(),
        };
        Ok(())
    }

    /// The one open session, if exactly one is.
    fn lone_open(&self) -> Option<u32> {
        match self.state.campaign.open.len() {
            1 => self.state.campaign.open.first().copied(),
            _ => None,
        }
    }

    /// The session the command records in: the one `--session` named if open, else that of
    /// the characters it named, else the one open; several open and nothing to choose by is
    /// refused. Once chosen, it stays.
    pub fn session(&mut self) -> Result<Option<u32>> {
        if let Some(chosen) = self.chosen {
            return Ok(chosen);
        }
        // Only characters at home named: between sessions, where that may be.
        if self.at_home {
            self.between();
            if let Some(chosen) = self.chosen {
                return Ok(chosen);
            }
        }
        let open: Vec<&crate::ledger::Session> = self.state.open_sessions().collect();
        let chosen = match open.len() {
            0 => None,
            1 => Some(open[0].number),
            // A past session named (`xp award --session 2`) is bookkeeping between sessions.
            _ if self.named.is_some() => None,
            _ => {
                return Err(session::Refusal::SeveralOpen {
                    open: open
                        .iter()
                        .map(|s| session::Open {
                            number: s.number,
                            title: s.title.clone(),
                        })
                        .collect(),
                }
                .into());
            }
        };
        self.fix(chosen);
        Ok(chosen)
    }

    /// A command about session `about` (a share, an award): recorded in it while it is open;
    /// once it has ended, between sessions (unless a session of the whole campaign is open).
    pub async fn about(&mut self, about: Option<u32>) -> Result<()> {
        let Some(n) = about else {
            self.between();
            return self.session().map(|_| ());
        };
        if self.state.campaign.open.contains(&n) {
            if self.chosen.is_none() {
                self.fix(Some(n));
            }
            return Ok(());
        }
        self.between();
        // Its referee records it, unless another is named.
        self.load_session(n).await?;
        self.about = Some(n);
        self.session().map(|_| ())
    }

    /// Session `n`'s roster (empty: the whole campaign's session).
    pub async fn roster(&mut self, n: u32) -> Result<Vec<crate::ledger::Member>> {
        self.load_session(n).await?;
        Ok(self
            .state
            .sessions
            .get(&n)
            .map(|s| s.with.clone())
            .unwrap_or_default())
    }

    /// Session `n`'s row, loaded into the state if it is not there (an ended one, read only:
    /// nothing marks it changed).
    async fn load_session(&mut self, n: u32) -> Result<()> {
        if !self.state.sessions.contains_key(&n) {
            let campaign = self.campaign;
            if let Some(s) = store::sessions::get(self.db.conn(), campaign, n).await? {
                self.state.sessions.insert(n, s);
            }
        }
        Ok(())
    }

    /// Record between sessions, unless the command chose one or a session of the whole
    /// campaign is open (then everything is in it).
    fn between(&mut self) {
        if self.chosen.is_none() && self.state.open_sessions().all(|s| !s.with.is_empty()) {
            self.fix(None);
        }
    }

    fn fix(&mut self, chosen: Option<u32>) {
        self.chosen = Some(chosen);
        self.state.current = chosen;
    }

    /// `c` is named by the command: it records in `c`'s open session (none if `c` is on no
    /// expedition), and a command naming characters of two sessions is refused.
    fn named_character(&mut self, c: &Character) -> Result<()> {
        match (self.chosen, self.state.session_of(&c.id)) {
            // Someone at home chooses nothing: a party out may still be named after them.
            (None, None) => {
                self.at_home = true;
                Ok(())
            }
            (None, theirs) => {
                self.fix(theirs);
                Ok(())
            }
            (Some(_), None) => Ok(()),
            (Some(chosen), theirs) if theirs == chosen => Ok(()),
            (Some(this), Some(theirs)) => Err(session::Refusal::Apart {
                name: c.name.clone(),
                theirs,
                this,
            }
            .into()),
        }
    }

    /// Whether `character` is in the session this command records in (with several sessions
    /// open, what time does to one party it does not do to another).
    pub fn here(&self, character: &str) -> bool {
        self.state.here(character)
    }

    /// The referee this command names (`--referee`, `HOARD_REFEREE`, the role), as the
    /// campaign spells it.
    pub fn recorder(&self) -> Option<String> {
        self.referee.clone()
    }

    /// Who records: `--referee`, else the referee of the session recorded in.
    pub fn author(&self) -> Option<String> {
        let of = |n: Option<u32>| {
            n.and_then(|n| self.state.sessions.get(&n))
                .and_then(|s| s.referee.clone())
        };
        self.referee
            .clone()
            .or_else(|| of(self.state.current))
            .or_else(|| of(self.about))
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
        let author = match event {
            Event::SessionStarted { .. } => self.referee.clone(),
            // The campaign's own bookkeeping needs no session: between them, when several are
            // open.
            Event::RefereeAdded { .. }
            | Event::CharacterAdded { .. }
            | Event::SettingChanged { .. }
            | Event::CampaignRenamed { .. }
                if self.chosen.is_none() && self.state.campaign.open.len() > 1 =>
            {
                self.between();
                self.session()?;
                self.author()
            }
            _ => {
                self.session()?;
                self.author()
            }
        };
        // A limit passed is the command's own refusal, by a rule (`rules::limits`); any other
        // refusal is a ledger at odds with itself.
        let recorded = self
            .state
            .record(event, cause, &self.now, author.as_deref());
        let recorded = recorded.map_err(|c| {
            if c.reason.is_limit() {
                Error::Refused(Box::new(crate::error::Problem::Limit(*c.reason)))
            } else {
                Error::Conflict(Box::new(crate::error::Problem::Ledger(c)))
            }
        })?;
        self.recorded.push(recorded.clone());
        Ok(recorded)
    }

    /// The character of that name, loaded into the state (or found there).
    pub async fn character(&mut self, name: &str) -> Result<Character> {
        if let Some(c) = self
            .state
            .characters
            .values()
            .find(|c| c.name.eq_ignore_ascii_case(name))
            .cloned()
        {
            self.named_character(&c)?;
            return Ok(c);
        }
        let character = find_character(
            self.db.conn(),
            self.campaign,
            &self.state.campaign.name,
            name,
        )
        .await?;
        self.named_character(&character)?;
        self.state
            .characters
            .insert(character.id.clone(), character.clone());
        Ok(character)
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

    /// The item `key` names (id, id prefix or name), loaded into the state. Its holder is
    /// named with it: the command records in their session.
    pub async fn item(&mut self, key: &str) -> Result<Item> {
        let item = item::find(self.db.conn(), self.campaign, key).await?;
        self.state.items.insert(item.id.clone(), item.clone());
        if let Some(holder) = &item.holder {
            let holder = self.character_by_id(holder).await?;
            self.named_character(&holder)?;
        }
        Ok(item)
    }

    /// The item as the events recorded so far have left it.
    pub fn current(&self, id: &str) -> Result<Item> {
        self.state
            .items
            .get(id)
            .cloned()
            .ok_or_else(|| Refusal::ItemNotLoaded { id: id.into() }.into())
    }

    /// A character by id, loaded into the state if it is not there yet.
    pub async fn character_by_id(&mut self, id: &str) -> Result<Character> {
        if let Some(c) = self.state.characters.get(id) {
            return Ok(c.clone());
        }
        let c = characters::by_id(self.db.conn(), self.campaign, id)
            .await?
            .ok_or_else(|| Refusal::CharacterMissing { id: id.into() })?;
        self.state.characters.insert(c.id.clone(), c.clone());
        Ok(c)
    }

    /// Who acts on `item`: the character named by `--by`, else its holder. Nobody acts on an
    /// item another character holds; an item of the party's treasure needs `--by`.
    pub async fn actor(&mut self, item: &Item, by: Option<&str>) -> Result<Character> {
        let who = match by {
            Some(name) => Some(self.character(name).await?),
            None => None,
        };
        match (&item.holder, who) {
            (Some(holder), Some(who)) if holder != &who.id => {
                let holder = self.character_by_id(holder).await?;
                Err(Refusal::HeldByAnother {
                    holder: holder.name,
                    item: item.names(),
                    who: who.name,
                }
                .into())
            }
            (_, Some(who)) => self.able(who),
            (Some(holder), None) => {
                let holder = self.character_by_id(holder).await?;
                self.named_character(&holder)?;
                self.able(holder)
            }
            (None, None) => Err(Refusal::InTreasure { item: item.names() }.into()),
        }
    }

    /// `c`, if they can act: the dying and the dead (by the campaign's death rule) cannot.
    pub fn able(&self, c: Character) -> Result<Character> {
        use crate::rules::health::{Condition, condition};
        let (name, hp) = (c.name.clone(), c.hp);
        match condition(hp, self.state.campaign.settings.death.unwrap_or_default()) {
            Condition::Up => Ok(c),
            Condition::Dying => Err(Refusal::Dying { name, hp }.into()),
            Condition::Dead => Err(Refusal::Dead { name, hp }.into()),
        }
    }

    /// Everything `character` holds, loaded into the state — rows written by this command
    /// included (the state has them, and the transaction sees what it flushed).
    pub async fn holdings(&mut self, character: &str) -> Result<Vec<Item>> {
        if !self.holdings_loaded.contains(character) {
            let items = store::items::held_by(self.db.conn(), self.campaign, character).await?;
            for item in items {
                self.state.items.entry(item.id.clone()).or_insert(item);
            }
            self.holdings_loaded.insert(character.to_string());
        }
        Ok(self
            .state
            .items
            .values()
            .filter(|i| i.holder.as_deref() == Some(character))
            .cloned()
            .collect())
    }

    /// The effects still running on `character`, loaded into the state.
    pub async fn effects(&mut self, character: &str) -> Result<Vec<Effect>> {
        let now = self.now();
        let effects = store::effects::active(self.db.conn(), self.campaign, character, now).await?;
        for e in &effects {
            self.state
                .effects
                .entry(e.id.clone())
                .or_insert_with(|| e.clone());
        }
        Ok(effects)
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
        store::events::push_rows(&mut self.batch, self.campaign, &rows);
        Ok(self.batch.flush_if_large(self.db.conn()).await?)
    }

    /// Put a state rebuilt from the ledger in place of the loaded one: every row is
    /// replaced at the commit.
    pub fn replace_state(&mut self, mut state: State) {
        // The session chosen stands if the rebuilt campaign still has it open (a void of its
        // start closes it: what follows is between sessions).
        // A session of the whole campaign open again (a void of its end) takes everything.
        let whole = state
            .open_sessions()
            .find(|s| s.with.is_empty())
            .map(|s| s.number);
        state.current = whole.or(self
            .state
            .current
            .filter(|n| state.campaign.open.contains(n)));
        if self.chosen.is_some() {
            self.chosen = Some(state.current);
        }
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
        store::events::push_append(&mut self.batch, self.campaign, &recorded);
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
        let recorded = self.recorded.clone();
        self.flush().await?;
        std::mem::take(&mut self.batch).send(self.db.conn()).await?;
        self.db.commit(recorded.iter().map(|r| r.seq)).await?;
        Ok(recorded)
    }
}

/// The wall clock, as stored: ISO-8601 UTC with milliseconds.
pub fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

async fn unknown_campaign(conn: &mut Conn, name: &str) -> Error {
    let names: Vec<String> = campaigns::list(conn)
        .await
        .map(|l| l.into_iter().map(|c| c.name).collect())
        .unwrap_or_default();
    Refusal::UnknownCampaign {
        near: suggest(name, &names),
        name: name.into(),
    }
    .into()
}

/// Find a character by name in a campaign, or say which names are near.
pub async fn find_character(
    conn: &mut Conn,
    campaign: i64,
    campaign_name: &str,
    name: &str,
) -> Result<Character> {
    if let Some(character) = characters::by_name(conn, campaign, name).await? {
        return Ok(character);
    }
    let names = characters::names(conn, campaign).await?;
    Err(Refusal::UnknownCharacter {
        near: suggest(name, &names),
        name: name.into(),
        campaign: campaign_name.into(),
    }
    .into())
}

/// The known name closest to a mistyped one, if any is close enough to be what was meant.
pub fn suggest(wanted: &str, known: &[String]) -> Option<String> {
    let wanted = wanted.to_lowercase();
    known
        .iter()
        .map(|k| (strsim::jaro_winkler(&wanted, &k.to_lowercase()), k))
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, k)| k.clone())
}

#[cfg(test)]
mod tests {
    use super::suggest;

    #[test]
    fn suggests_the_near_name_only() {
        let known = vec!["Arnaud".to_string(), "Béatrice".to_string()];
        assert_eq!(suggest("Arnauld", &known), Some("Arnaud".into()));
        assert_eq!(suggest("Zed", &known), None);
    }
}
