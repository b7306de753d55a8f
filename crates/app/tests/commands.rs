//! The application's commands called as the edges call them, without the binary: each opens
//! the database for what it does, runs in one transaction, and answers data or a refusal as
//! data, on a temporary SQLite file.

use std::path::{Path, PathBuf};

use hoard_app::character::{self, NewCharacter};
use hoard_app::error::{Error, Problem};
use hoard_app::log::{self, Query};
use hoard_app::open::{Access, open};
use hoard_app::refusal::lookup::Refusal;
use hoard_app::{Ctx, Options};

/// A campaign file in a folder of its own, dropped with the test.
struct Campaign {
    _dir: tempfile::TempDir,
    db: PathBuf,
}

impl Campaign {
    fn new() -> Campaign {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("campaign.db");
        Campaign { _dir: dir, db }
    }

    /// A command's context on the database, opened for `access`, with `options`.
    async fn cx(&self, access: Access, options: Options) -> Ctx {
        Ctx::new(open(&self.db, access).await.unwrap(), options)
    }

    /// Every event of the campaign, as `log` reads them: kinds in order.
    async fn kinds(&self) -> Vec<&'static str> {
        let mut cx = self.cx(Access::Read, Options::default()).await;
        let mut kinds = Vec::new();
        log::log(&mut cx, Query::default(), |rec, _| {
            kinds.push(rec.event.kind());
            Ok(())
        })
        .await
        .unwrap();
        cx.db.close().await.unwrap();
        kinds
    }
}

fn fighter(name: &str, hp: i64) -> NewCharacter {
    NewCharacter {
        name: name.into(),
        str: 10,
        wis: 10,
        hp,
        alignment: None,
        class: Some("fighter".into()),
        level: None,
        reads_magic: false,
        literate: true,
        reads_languages: false,
        int: None,
        dex: None,
        con: None,
        cha: None,
        xp: None,
        share: None,
    }
}

async fn add(campaign: &Campaign, new: NewCharacter) {
    let mut cx = campaign.cx(Access::Write, Options::default()).await;
    character::add(&mut cx, new).await.unwrap();
    cx.db.close().await.unwrap();
}

#[tokio::test]
async fn a_command_records_its_event_and_answers_data() {
    let campaign = Campaign::new();
    add(&campaign, fighter("Arnaud", 12)).await;
    let mut cx = campaign.cx(Access::Write, Options::default()).await;
    let hurt = character::damage(&mut cx, "arnaud", 7).await.unwrap();
    cx.db.close().await.unwrap();
    assert_eq!(
        (hurt.name.as_str(), hurt.hp_before, hurt.hp, hurt.hp_max),
        ("Arnaud", 12, 5, 12)
    );
    // The first write made the implicit campaign, then the character joined and was hurt.
    assert_eq!(
        campaign.kinds().await,
        ["campaign_created", "character_added", "character_damaged"]
    );
}

#[tokio::test]
async fn a_refused_command_records_nothing_and_says_why_as_data() {
    let campaign = Campaign::new();
    add(&campaign, fighter("Arnaud", 12)).await;
    let before = campaign.kinds().await;
    let mut cx = campaign.cx(Access::Write, Options::default()).await;
    let refused = character::damage(&mut cx, "Arnauld", 3).await.unwrap_err();
    cx.db.close().await.unwrap();
    let Error::NotFound(problem) = &refused else {
        panic!("{refused:?}");
    };
    let Problem::Lookup(Refusal::UnknownCharacter { name, near, .. }) = &**problem else {
        panic!("{problem:?}");
    };
    assert_eq!(
        (name.as_str(), near.as_deref()),
        ("Arnauld", Some("Arnaud"))
    );
    assert_eq!(refused.exit_code(), 3);
    assert_eq!(campaign.kinds().await, before);
}

#[tokio::test]
async fn an_impossible_sheet_is_refused_as_input() {
    let campaign = Campaign::new();
    add(&campaign, fighter("Arnaud", 12)).await;
    let kinds = campaign.kinds().await;
    // STR 25 is no score: refused before anything is written.
    let mut cx = campaign.cx(Access::Write, Options::default()).await;
    let mut giant = fighter("Giant", 30);
    giant.str = 25;
    let refused = character::add(&mut cx, giant).await.unwrap_err();
    cx.db.close().await.unwrap();
    assert!(matches!(refused, Error::Invalid(_)), "{refused:?}");
    assert_eq!(refused.exit_code(), 2);
    assert_eq!(campaign.kinds().await, kinds);
}

#[tokio::test]
async fn a_dry_run_answers_as_the_command_would_and_writes_nothing() {
    let campaign = Campaign::new();
    add(&campaign, fighter("Arnaud", 12)).await;
    let kinds = campaign.kinds().await;
    let dry = Options {
        dry_run: true,
        ..Options::default()
    };
    let mut cx = campaign.cx(Access::DryRun, dry).await;
    let hurt = character::damage(&mut cx, "Arnaud", 20).await.unwrap();
    assert!(cx.db.committed().is_empty());
    cx.db.close().await.unwrap();
    assert_eq!(hurt.hp, -8);
    assert_eq!(campaign.kinds().await, kinds);
}

#[tokio::test]
async fn a_read_never_creates_a_database() {
    let campaign = Campaign::new();
    let absent = open(&campaign.db, Access::Read)
        .await
        .map(|_| ())
        .unwrap_err();
    assert!(hoard_app::open::absent(&absent), "{absent:?}");
    assert!(!Path::new(&campaign.db).exists());
}

#[tokio::test]
async fn the_same_seed_rolls_the_same_dice() {
    let rolled = async || {
        let campaign = Campaign::new();
        let seeded = Options {
            seed: Some(7),
            ..Options::default()
        };
        let mut cx = campaign.cx(Access::Write, seeded).await;
        let roll = hoard_app::roll::roll(&mut cx, "3d6+1").await.unwrap();
        cx.db.close().await.unwrap();
        roll
    };
    let (first, second) = (rolled().await, rolled().await);
    assert_eq!(first.faces, second.faces);
    assert_eq!(first.total, second.total);
}
