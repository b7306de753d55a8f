//! `hoard log`: the ledger, newest last.

use super::{Ctx, find_character};
use crate::error::{Error, Result};
use crate::ledger::{Event, Recorded};
use crate::store::events::{self, Filter};
use crate::tr;
use strum::VariantNames;

/// What `log` was asked for, as typed.
#[derive(Debug, Default, Clone)]
pub struct Query {
    pub session: Option<u32>,
    pub character: Option<String>,
    pub kind: Option<String>,
    pub limit: Option<u32>,
}

/// Call `each` on every matching event, oldest first.
pub async fn log(
    cx: &mut Ctx,
    query: Query,
    each: impl FnMut(Recorded) -> Result<()>,
) -> Result<()> {
    if let Some(kind) = query
        .kind
        .as_deref()
        .filter(|k| !Event::VARIANTS.contains(k))
    {
        let kinds = Event::VARIANTS.join(", ");
        return Err(Error::Invalid(tr!(
            "unknown event kind {kind:?}; kinds are: {kinds}",
            "type d'événement inconnu {kind:?} ; les types sont : {kinds}"
        )));
    }
    let campaign = cx.campaign().await?;
    let entity = match &query.character {
        Some(name) => Some(
            find_character(cx.conn(), campaign.id, &campaign.campaign.name, name)
                .await?
                .id,
        ),
        None => None,
    };
    let filter = Filter {
        session: query.session,
        entity,
        kind: query.kind,
        limit: query.limit,
    };
    events::select(cx.conn(), campaign.id, &filter, each).await
}
