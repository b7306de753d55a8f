//! What every command receives: the open database and the global options, with the door to
//! a write ([`Ctx::write`]) and to the campaign a read is about ([`Ctx::campaign`]).

use crate::choice::{self, Key};
use crate::error::{Made, Result};
use crate::ledger::state::Settings;
use crate::lookup::unknown_campaign;
use crate::refusal::lookup::Refusal;
use crate::rules::dice;
use crate::store::{self, Conn, Db, campaigns};
use crate::write::Write;

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
    pub opened: Option<fn(&Settings)>,
    /// `--referee` (or `HOARD_REFEREE`): who records this command's events.
    pub referee: Option<String>,
    /// The referee came from `HOARD_REFEREE`: a campaign naming no referees ignores it (one
    /// referee is implied there), where a `--referee` it does not know is refused.
    pub referee_from_env: bool,
    /// `--session N|TITLE`: the session this command records in, or is about.
    pub session: Option<Key>,
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
    pub session: Option<Key>,
    /// `--referee` given (`Options::as_referee`).
    pub as_referee: bool,
    dry_run: bool,
    /// What the command changed beside events, once it is done ([`Ctx::made`]).
    made: Option<Made>,
    /// The campaign's death rule, as the command's write found it ([`Ctx::death_rule`]).
    death: crate::rules::health::DeathRule,
    opened: Option<fn(&Settings)>,
}

/// Tell the edge's `hook` ([`Options::opened`]) that a campaign with these settings was opened.
fn opened(hook: Option<fn(&Settings)>, settings: &Settings) {
    if let Some(hook) = hook {
        hook(settings);
    }
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

    /// Begin a write on the campaign in use: the write lock, the campaign, and where its
    /// events fall ([`choice`]).
    pub async fn write(&mut self) -> Result<Write<'_>> {
        let seed = self.seeded.then_some(self.seed);
        let mut w = Write::begin(&mut self.db, self.campaign.as_deref(), seed).await?;
        let referees = &w.state.campaign.settings.referees;
        // A campaign that names no referees has one, implied: `HOARD_REFEREE` is not for it.
        let referee = self
            .referee
            .as_deref()
            .filter(|_| !(self.referee_from_env && referees.is_empty()));
        w.choose(referee, self.session.as_ref()).await?;
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
            None => {
                let campaigns: Vec<String> = campaigns::list(self.db.conn())
                    .await?
                    .into_iter()
                    .map(|c| c.name)
                    .collect();
                if campaigns.is_empty() {
                    Refusal::NoCampaign.into()
                } else {
                    Refusal::NoneInUse { campaigns }.into()
                }
            }
        })
    }

    /// The campaign in use, if there is one; a campaign named (`--campaign`) that is not
    /// there is refused.
    pub async fn campaign_if_any(&mut self) -> Result<Option<campaigns::Found>> {
        match campaigns::find(self.db.conn(), self.campaign.as_deref()).await? {
            None if self.campaign.is_some() => self.campaign().await.map(Some),
            found => Ok(found),
        }
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
        choice::resolve(self.conn(), &campaign, &key)
            .await
            .map(Some)
    }
}
