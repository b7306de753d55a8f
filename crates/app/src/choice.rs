//! Where a write's events fall, and who records them. A write loads the open sessions as it
//! begins and chooses, once, the session its events fall in: `--session`'s if open, else that
//! of the characters it names (by name, as an item's holder, as the one who acts), else the
//! only one open; several open and nothing to choose by is refused. It stamps each event with
//! that session's clock and the referee recording (`--referee`, `HOARD_REFEREE`, the
//! PostgreSQL role under `referees role`, else the session's). What may open beside what, and
//! how an expedition's clock and pool fold into the campaign's, is the projector's
//! (`ledger::apply::campaign`).

use crate::error::Result;
use crate::ledger::state::RefereeFrom;
use crate::ledger::{Campaign, Character, Event, Item, Session, State};
use crate::refusal::session::{Open, Refusal};
use crate::rules::item::Names;
use crate::store::campaigns::Found;
use crate::store::{Conn, sessions};

/// Where a write's events fall and who records them, as the write goes.
#[derive(Debug, Default)]
pub struct Choice {
    /// The referee named for the command (`--referee`), as the campaign spells it.
    referee: Option<String>,
    /// The session `--session` named, if any (open or not).
    pub named: Option<u32>,
    /// The session the command records in, once the characters it names have chosen it.
    chosen: Option<Option<u32>>,
    /// The session a share or an award is about ([`Choice::about`]).
    about: Option<u32>,
    /// The command named a character on no expedition (the first such).
    at_home: Option<String>,
    /// The character whose session the command records in, if one chose it.
    chooser: Option<String>,
    /// The command named an expedition's loot: that session's, and the item.
    loot: Option<(u32, Names)>,
}

impl Choice {
    /// Load the open sessions, check the referee named, and resolve `--session`: a write knows
    /// where it may record before it reads anything else.
    pub async fn start(
        conn: &mut Conn,
        campaign: i64,
        state: &mut State,
        referee: Option<&str>,
        key: Option<&Key>,
    ) -> Result<Choice> {
        if !state.campaign.open.is_empty() {
            for s in sessions::open(conn, campaign).await? {
                state.sessions.insert(s.number, s);
            }
        }
        let mut choice = Choice {
            referee: match state.campaign.settings.referee_from {
                // Each referee connects as themselves: the role is who records.
                Some(RefereeFrom::Role) => match conn.role().await? {
                    Some(role) => Some(by_role(state, &role, referee)?),
                    None => referee
                        .map(|r| referee_in(&state.campaign, r))
                        .transpose()?,
                },
                _ => referee
                    .map(|r| referee_in(&state.campaign, r))
                    .transpose()?,
            },
            ..Choice::default()
        };
        if let Some(key) = key {
            let found = Found {
                id: campaign,
                campaign: state.campaign.clone(),
                last_seq: state.last_seq,
                // Only the session is looked up: the chain is the write's.
                head: None,
            };
            let n = resolve(conn, &found, key).await?;
            choice.named = Some(n);
            if state.campaign.open.contains(&n) {
                choice.chosen = Some(Some(n));
            }
        }
        state.current = match choice.chosen {
            Some(chosen) => chosen,
            None => lone_open(state),
        };
        Ok(choice)
    }

    /// The session the command records in: the one `--session` named if open, else that of
    /// the characters it named, else the one open, else the one open that the recording
    /// referee runs; several open and nothing to choose by is refused. Once chosen, it stays.
    pub fn session(&mut self, state: &mut State) -> Result<Option<u32>> {
        if let Some(chosen) = self.chosen {
            return Ok(chosen);
        }
        // Only characters at home named: between sessions, where that may be.
        if self.at_home.is_some() {
            self.between(state);
            if let Some(chosen) = self.chosen {
                return Ok(chosen);
            }
        }
        let open: Vec<&Session> = state.open_sessions().collect();
        // Of several open, the one the recording referee runs (a referee's evening at one
        // table while another referee runs another).
        let theirs: Vec<u32> = match &self.referee {
            Some(me) => open
                .iter()
                .filter(|s| {
                    s.referee
                        .as_deref()
                        .is_some_and(|r| r.eq_ignore_ascii_case(me))
                })
                .map(|s| s.number)
                .collect(),
            None => Vec::new(),
        };
        let chosen = match (open.len(), &theirs[..]) {
            (0, _) => None,
            (1, _) => Some(open[0].number),
            // A past session named (`xp award --session 2`) is bookkeeping between sessions.
            _ if self.named.is_some() => None,
            (_, [mine]) => Some(*mine),
            _ => {
                return Err(Refusal::SeveralOpen {
                    open: open
                        .iter()
                        .map(|s| Open {
                            number: s.number,
                            title: s.title.clone(),
                        })
                        .collect(),
                }
                .into());
            }
        };
        self.fix(state, chosen);
        Ok(chosen)
    }

    /// The referee who records `event`, once the session it falls in is chosen: the campaign's
    /// own bookkeeping needs no session, and falls between them when several are open.
    pub fn author_of(&mut self, state: &mut State, event: &Event) -> Result<Option<String>> {
        match event {
            Event::SessionStarted { .. } => return Ok(self.referee.clone()),
            Event::RefereeAdded { .. }
            | Event::CharacterAdded { .. }
            | Event::SettingChanged { .. }
            | Event::CampaignRenamed { .. }
                if self.chosen.is_none() && state.campaign.open.len() > 1 =>
            {
                self.between(state)
            }
            _ => {}
        }
        self.session(state)?;
        Ok(self.author(state))
    }

    /// A command about session `about` (a share, an award): recorded in it while it is open;
    /// once it has ended, between sessions (unless a session of the whole campaign is open).
    /// An ended session's row is loaded (read only: nothing marks it changed), so that its
    /// referee records, unless another is named.
    pub async fn about(
        &mut self,
        conn: &mut Conn,
        campaign: i64,
        state: &mut State,
        about: Option<u32>,
    ) -> Result<()> {
        let Some(n) = about else {
            self.between(state);
            return self.session(state).map(|_| ());
        };
        if state.campaign.open.contains(&n) {
            if self.chosen.is_none() {
                self.fix(state, Some(n));
            }
            return Ok(());
        }
        self.between(state);
        load_session(conn, campaign, state, n).await?;
        self.about = Some(n);
        self.session(state).map(|_| ())
    }

    /// Record between sessions, unless the command chose one or a session of the whole
    /// campaign is open (then everything is in it).
    fn between(&mut self, state: &mut State) {
        if self.chosen.is_none() && state.open_sessions().all(|s| !s.with.is_empty()) {
            self.fix(state, None);
        }
    }

    fn fix(&mut self, state: &mut State, chosen: Option<u32>) {
        self.chosen = Some(chosen);
        state.current = chosen;
    }

    /// `item` is named by the command: an expedition's loot (`pooled_in`, while nobody holds
    /// it) chooses that session as a character does, and none of the command's characters may
    /// be of another party or at home: what a party finds stays with it until its session ends.
    pub fn named_item(&mut self, state: &mut State, item: &Item) -> Result<()> {
        let Some(of) = item
            .pooled_in
            .filter(|_| item.holder.is_none() && item.place.is_none())
        else {
            return Ok(());
        };
        let refused = |state: &State, name: Option<String>, elsewhere: Option<u32>| Refusal::Loot {
            item: item.names(),
            of: open(state, of),
            name,
            elsewhere: elsewhere.map(|n| open(state, n)),
        };
        match self.chosen {
            None => self.fix(state, Some(of)),
            Some(Some(n)) if n == of => {}
            Some(elsewhere) => return Err(refused(state, self.chooser.clone(), elsewhere).into()),
        }
        // A character at home named before the item.
        if let Some(name) = &self.at_home {
            return Err(refused(state, Some(name.clone()), None).into());
        }
        self.loot = Some((of, item.names()));
        Ok(())
    }

    /// `c` is named by the command: it records in `c`'s open session (none if `c` is on no
    /// expedition), and a command naming characters of two sessions is refused.
    pub fn named_character(&mut self, state: &mut State, c: &Character) -> Result<()> {
        if let Some((of, item)) = &self.loot
            && state.expedition_of(&c.id) != Some(*of)
        {
            return Err(Refusal::Loot {
                item: item.clone(),
                of: open(state, *of),
                name: Some(c.name.clone()),
                elsewhere: state.expedition_of(&c.id).map(|n| open(state, n)),
            }
            .into());
        }
        match (self.chosen, state.session_of(&c.id)) {
            // Someone at home chooses nothing: a party out may still be named after them.
            (None, None) => {
                self.at_home.get_or_insert_with(|| c.name.clone());
                Ok(())
            }
            (None, theirs) => {
                self.chooser = Some(c.name.clone());
                self.fix(state, theirs);
                Ok(())
            }
            (Some(_), None) => Ok(()),
            (Some(chosen), theirs) if theirs == chosen => Ok(()),
            (Some(this), Some(theirs)) => Err(Refusal::Apart {
                name: c.name.clone(),
                theirs,
                this,
            }
            .into()),
        }
    }

    /// A state rebuilt from the ledger takes the loaded one's place: the session chosen stands
    /// if the rebuilt campaign still has it open (a void of its start closes it: what follows
    /// is between sessions); a session of the whole campaign open again (a void of its end)
    /// takes everything.
    pub fn rebuilt(&mut self, was: &State, state: &mut State) {
        let whole = state
            .open_sessions()
            .find(|s| s.with.is_empty())
            .map(|s| s.number);
        state.current = whole.or(was.current.filter(|n| state.campaign.open.contains(n)));
        if self.chosen.is_some() {
            self.chosen = Some(state.current);
        }
    }

    /// The referee this command names (`--referee`, `HOARD_REFEREE`, the role), as the
    /// campaign spells it.
    pub fn recorder(&self) -> Option<String> {
        self.referee.clone()
    }

    /// Record the events from now on as `referee`'s, whatever session they fall in: a void, an
    /// undo or a redo is the referee's who makes it (`history::maker`), never the session's.
    pub fn record_as(&mut self, referee: Option<String>) {
        self.referee = referee;
    }

    /// Who records: `--referee`, else the referee of the session recorded in, else that of
    /// the session the command is about.
    pub fn author(&self, state: &State) -> Option<String> {
        let of = |n: Option<u32>| {
            n.and_then(|n| state.sessions.get(&n))
                .and_then(|s| s.referee.clone())
        };
        self.referee
            .clone()
            .or_else(|| of(state.current))
            .or_else(|| of(self.about))
    }
}

/// Session `number` as a refusal names it.
fn open(state: &State, number: u32) -> Open {
    Open {
        number,
        title: state.sessions.get(&number).and_then(|s| s.title.clone()),
    }
}

/// The one open session, if exactly one is.
fn lone_open(state: &State) -> Option<u32> {
    match state.campaign.open.len() {
        1 => state.campaign.open.first().copied(),
        _ => None,
    }
}

/// Session `n`'s row, loaded into the state if it is not there (an ended one, read only:
/// nothing marks it changed).
pub async fn load_session(conn: &mut Conn, campaign: i64, state: &mut State, n: u32) -> Result<()> {
    if let std::collections::btree_map::Entry::Vacant(row) = state.sessions.entry(n)
        && let Some(s) = sessions::get(conn, campaign, n).await?
    {
        row.insert(s);
    }
    Ok(())
}

/// Session `number` of the campaign, or a refusal that says which sessions there are (rather
/// than showing nothing).
pub async fn require(conn: &mut Conn, campaign: &Found, number: u32) -> Result<Session> {
    let last = campaign.campaign.last_session;
    sessions::get(conn, campaign.id, number)
        .await?
        .ok_or_else(|| Refusal::NoSession { number, last }.into())
}

/// `--session N|TITLE`: a session by its number or its title.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Key {
    Number(u32),
    Title(String),
}

impl std::str::FromStr for Key {
    type Err = std::convert::Infallible;
    fn from_str(s: &str) -> std::result::Result<Self, Self::Err> {
        Ok(match s.trim().parse() {
            Ok(n) => Key::Number(n),
            Err(_) => Key::Title(s.trim().to_string()),
        })
    }
}

/// The number of the session `key` names: one that has started; a title names the session of
/// that title (an open one before an ended one), and a title two sessions share is refused.
pub async fn resolve(conn: &mut Conn, campaign: &Found, key: &Key) -> Result<u32> {
    match key {
        Key::Number(n) => require(conn, campaign, *n).await.map(|s| s.number),
        Key::Title(title) => {
            let titled: Vec<(u32, bool)> = sessions::list(conn, campaign.id)
                .await?
                .into_iter()
                .filter(|c| {
                    c.session
                        .title
                        .as_deref()
                        .is_some_and(|t| t.eq_ignore_ascii_case(title))
                })
                .map(|c| (c.session.number, c.session.ended_seq.is_none()))
                .collect();
            let open: Vec<u32> = titled.iter().filter(|t| t.1).map(|t| t.0).collect();
            let all: Vec<u32> = titled.iter().map(|t| t.0).collect();
            match (&open[..], &all[..]) {
                ([n], _) | ([], [n]) => Ok(*n),
                ([], []) => Err(Refusal::NoTitle {
                    title: title.clone(),
                }
                .into()),
                (open, all) => Err(Refusal::SameTitle {
                    title: title.clone(),
                    sessions: if open.is_empty() { all } else { open }.to_vec(),
                }
                .into()),
            }
        }
    }
}

/// The referee `name` names, as the campaign spells it.
pub fn referee(state: &State, name: &str) -> Result<String> {
    referee_in(&state.campaign, name)
}

/// The referee a PostgreSQL `role` records as (`campaign set referees role`): one of the
/// campaign's, and no other may be named on the command.
pub fn by_role(state: &State, role: &str, named: Option<&str>) -> Result<String> {
    let me = referee(state, role)?;
    match named {
        Some(other) if !other.eq_ignore_ascii_case(&me) => Err(Refusal::NotYourRole {
            role: me,
            named: other.to_string(),
        }
        .into()),
        _ => Ok(me),
    }
}

/// [`referee`], in a campaign as read.
pub fn referee_in(campaign: &Campaign, name: &str) -> Result<String> {
    let known = &campaign.settings.referees;
    let found = known.iter().find(|r| r.eq_ignore_ascii_case(name));
    found.cloned().ok_or_else(|| {
        Refusal::UnknownReferee {
            name: name.to_string(),
            near: crate::lookup::suggest(name, known),
            none: known.is_empty(),
        }
        .into()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ledger::{Event, Member};
    use crate::rules::fixtures::character;

    /// A campaign of three characters, `a`, `b` and `c`, with sessions open as `rosters` say
    /// (an empty roster: a session of the whole campaign), each started by `referee`.
    fn campaign(rosters: &[&[&str]]) -> State {
        let mut state = State::blank();
        let record = |state: &mut State, event| {
            state
                .record(event, None, "2026-12-05T12:00:00.000Z", None)
                .unwrap()
        };
        record(
            &mut state,
            Event::CampaignCreated {
                name: "test".into(),
            },
        );
        for id in ["a", "b", "c"] {
            let character = character(id);
            record(&mut state, Event::CharacterAdded { character });
        }
        for (n, roster) in rosters.iter().enumerate() {
            let with = roster
                .iter()
                .map(|id| Member {
                    character: id.to_string(),
                    name: id.to_uppercase(),
                })
                .collect();
            let number = n as u32 + 1;
            let (title, referee) = (None, Some(format!("referee {number}")));
            let started = Event::SessionStarted {
                number,
                title,
                with,
                referee,
            };
            record(&mut state, started);
        }
        state.current = None;
        state
    }

    fn named(state: &mut State, choice: &mut Choice, id: &str) -> Result<()> {
        let c = state.characters[id].clone();
        choice.named_character(state, &c)
    }

    #[test]
    fn with_nothing_open_a_command_records_between_sessions() {
        let mut state = campaign(&[]);
        let mut choice = Choice::default();
        named(&mut state, &mut choice, "a").unwrap();
        assert_eq!(choice.session(&mut state).unwrap(), None);
    }

    #[test]
    fn a_lone_session_takes_every_command() {
        let mut state = campaign(&[&[]]);
        let mut choice = Choice::default();
        assert_eq!(choice.session(&mut state).unwrap(), Some(1));
        assert_eq!(state.current, Some(1));
        assert_eq!(choice.author(&state).as_deref(), Some("referee 1"));
    }

    #[test]
    fn the_character_named_chooses_their_expedition() {
        let mut state = campaign(&[&["a"], &["b"]]);
        let mut choice = Choice::default();
        named(&mut state, &mut choice, "b").unwrap();
        assert_eq!(choice.session(&mut state).unwrap(), Some(2));
        assert_eq!(choice.author(&state).as_deref(), Some("referee 2"));
        // Once chosen, the choice stands: the other party's member is refused.
        let refused = named(&mut state, &mut choice, "a").unwrap_err();
        let apart = Refusal::Apart {
            name: "A".into(),
            theirs: 1,
            this: Some(2),
        };
        assert!(
            matches!(refused.problem(), Some(crate::error::Problem::Session(r)) if *r == apart),
            "{refused:?}"
        );
    }

    #[test]
    fn several_open_and_nothing_named_is_refused_with_the_open_sessions() {
        let mut state = campaign(&[&["a"], &["b"]]);
        let refused = Choice::default().session(&mut state).unwrap_err();
        let several = Refusal::SeveralOpen {
            open: vec![
                Open {
                    number: 1,
                    title: None,
                },
                Open {
                    number: 2,
                    title: None,
                },
            ],
        };
        assert!(
            matches!(refused.problem(), Some(crate::error::Problem::Session(r)) if *r == several),
            "{refused:?}"
        );
    }

    #[test]
    fn of_several_open_the_recording_referees_own_is_chosen() {
        let mut state = campaign(&[&["a"], &["b"]]);
        let mut choice = Choice {
            referee: Some("Referee 2".into()),
            ..Choice::default()
        };
        assert_eq!(choice.session(&mut state).unwrap(), Some(2));
        // A referee who runs none of them, or nobody named, still has to say which.
        for referee in [Some("Referee 3".to_string()), None] {
            let mut state = campaign(&[&["a"], &["b"]]);
            let refused = Choice {
                referee,
                ..Choice::default()
            }
            .session(&mut state)
            .unwrap_err();
            assert!(
                matches!(
                    refused.problem(),
                    Some(crate::error::Problem::Session(Refusal::SeveralOpen { .. }))
                ),
                "{refused:?}"
            );
        }
        // The characters named still choose first.
        let mut state = campaign(&[&["a"], &["b"]]);
        let mut choice = Choice {
            referee: Some("referee 2".into()),
            ..Choice::default()
        };
        named(&mut state, &mut choice, "a").unwrap();
        assert_eq!(choice.session(&mut state).unwrap(), Some(1));
    }

    #[test]
    fn someone_at_home_records_between_expeditions() {
        let mut state = campaign(&[&["a"], &["b"]]);
        let mut choice = Choice::default();
        named(&mut state, &mut choice, "c").unwrap();
        assert_eq!(choice.session(&mut state).unwrap(), None);
        // A party out may still be named after them, and its session takes the command.
        let mut choice = Choice::default();
        named(&mut state, &mut choice, "c").unwrap();
        named(&mut state, &mut choice, "a").unwrap();
        assert_eq!(choice.session(&mut state).unwrap(), Some(1));
    }

    #[test]
    fn bookkeeping_falls_between_sessions_when_several_are_open() {
        let mut state = campaign(&[&["a"], &["b"]]);
        let mut choice = Choice::default();
        let joins = Event::CharacterAdded {
            character: character("d"),
        };
        assert_eq!(choice.author_of(&mut state, &joins).unwrap(), None);
        assert_eq!(state.current, None);
        // With a session of the whole campaign open, everything is in it.
        let mut state = campaign(&[&[]]);
        let mut choice = Choice::default();
        let by = choice.author_of(&mut state, &joins).unwrap();
        assert_eq!((state.current, by.as_deref()), (Some(1), Some("referee 1")));
    }

    #[test]
    fn a_referee_is_named_as_the_campaign_spells_them() {
        let mut campaign = campaign(&[]).campaign;
        campaign.settings.referees = vec!["Alice".into()];
        assert_eq!(referee_in(&campaign, "alice").unwrap(), "Alice");
        let refused = referee_in(&campaign, "Alize").unwrap_err();
        let unknown = Refusal::UnknownReferee {
            name: "Alize".into(),
            near: Some("Alice".into()),
            none: false,
        };
        assert!(
            matches!(refused.problem(), Some(crate::error::Problem::Session(r)) if *r == unknown),
            "{refused:?}"
        );
    }
}
