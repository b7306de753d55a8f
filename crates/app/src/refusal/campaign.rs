//! What the campaign commands refuse (`campaign new|rename|delete|set|use`), and a change of
//! who records by anyone but the campaign's owner. Worded by `view::words::campaign`.

/// Why a campaign cannot be renamed, deleted or set, as data; `view::words::campaign` words
/// it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// `rename` to a name another campaign has.
    NameTaken {
        name: String,
    },
    /// `delete` without `--force`: what would go.
    Unforced {
        name: String,
        events: i64,
    },
    /// A percentage setting out of its range.
    NotPercentage {
        key: String,
        lo: u8,
        hi: u8,
    },
    /// `death` with neither rule.
    UnknownDeath,
    /// `round` with neither edition.
    UnknownRound,
    /// `dead-share` with neither choice.
    UnknownDeadShare,
    /// `xp-from` with neither choice.
    UnknownXpFrom,
    /// `treasure` with neither game.
    UnknownTreasure,
    /// `magic-items` with neither book.
    UnknownMagicItems,
    /// `magic-column` with none of its choices.
    UnknownMagicColumn,
    /// `edition` with neither game.
    UnknownEdition,
    /// `recharge` with neither choice.
    UnknownRecharge,
    /// `armour-weight` with neither choice.
    UnknownArmourWeight,
    /// `rations` is on or off.
    UnknownRations,
    /// `training`: an amount a level (`100gp/level`), or `off`.
    NotRate {
        key: String,
        per: String,
    },
    /// A cost of living neither a lifestyle nor an amount a month (`100gp/month`) nor `back`
    /// (`off` for the campaign's, `campaign` for a character's).
    NotLiving {
        back: String,
    },
    /// A lifestyle of the AD&D 2e DMG where the campaign does not play AD&D: OSE Classic
    /// Fantasy gives no cost of living.
    NoLifestyle {
        lifestyle: String,
    },
    /// `edition ose` while the campaign (`who` none) or a character lives by one of the AD&D
    /// 2e DMG's lifestyles, which would have no figure there.
    LivesByLifestyle {
        who: Option<String>,
        lifestyle: String,
    },
    /// `claim-ties` with neither way.
    UnknownClaimTies,
    /// `referees` with neither way.
    UnknownReferees,
    /// `encumbrance` with none of its rules.
    UnknownEncumbrance,
    /// `sell-fraction` without a market and a fraction from 0 to 1.
    NotSellFraction,
    /// `tables` naming a folder that cannot be opened (`error` is the system's).
    NoTablesFolder {
        folder: String,
        error: String,
    },
    UnknownSetting {
        key: String,
    },
    /// A change of who records (`campaign set referees`; under `referees role`, the referees
    /// themselves) by a PostgreSQL role that is not the campaign's owner: `owner` owns hoard's
    /// tables, `role` is the one connected.
    NotOwner {
        role: String,
        owner: String,
    },
}
