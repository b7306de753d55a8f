//! `hoard log`: the ledger, newest last.

use crate::ctx::Ctx;
use crate::error::Result;
use crate::ledger::{Event, Recorded};
use crate::lookup::character as find_character;
use crate::refusal::log::Refusal;
use crate::store::events::{self, Filter};
use strum::VariantNames;

/// What `log` was asked for, as typed.
#[derive(Debug, Default, Clone)]
pub struct Query {
    pub session: Option<u32>,
    /// Only what this referee recorded.
    pub by: Option<String>,
    pub character: Option<String>,
    pub kind: Option<String>,
    pub limit: Option<u32>,
}

/// Call `each` on every matching event, oldest first.
pub async fn log(
    cx: &mut Ctx,
    query: Query,
    mut each: impl FnMut(Recorded, Option<i64>) -> Result<()>,
) -> Result<()> {
    // Kinds are stored in snake_case; the kebab-case every other value takes is the same.
    let mut query = query;
    query.kind = query.kind.map(|k| k.replace('-', "_"));
    if let Some(kind) = query
        .kind
        .as_deref()
        .filter(|k| !Event::VARIANTS.contains(k))
    {
        return Err(Refusal::UnknownKind {
            kind: kind.into(),
            kinds: Event::VARIANTS.to_vec(),
        }
        .into());
    }
    let campaign = cx.campaign().await?;
    if let Some(n) = query.session {
        crate::choice::require(cx.conn(), &campaign, n).await?;
    }
    let entity = match &query.character {
        Some(name) => Some(
            find_character(cx.conn(), campaign.id, &campaign.campaign.name, name)
                .await?
                .id,
        ),
        None => None,
    };
    let referee = match &query.by {
        Some(name) => Some(crate::choice::referee_in(&campaign.campaign, name)?),
        None => None,
    };
    // A referee's events are walked by their tag, unless a character's already are.
    let (entity, referee) = match (entity, referee) {
        (None, Some(r)) => (Some(events::referee_tag(&r)), None),
        other => other,
    };
    let filter = Filter {
        session: query.session,
        entity,
        kind: query.kind,
        limit: query.limit,
        until: None,
        referee,
    };
    let voided: std::collections::BTreeMap<i64, i64> = events::void_marks(cx.conn(), campaign.id)
        .await?
        .into_iter()
        .collect();
    events::select(cx.conn(), campaign.id, &filter, |rec| {
        let by = voided.get(&rec.seq).copied();
        each(rec, by)
    })
    .await
}
