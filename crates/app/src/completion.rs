//! The names a database holds, for the shell to complete: every campaign's, or the
//! characters' or the items' of the campaign in use. Read as a reading command reads, in one
//! moment, creating nothing.

use crate::ctx::Ctx;
use crate::error::Result;
use crate::store::{campaigns, characters, items};

/// Which names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Names {
    Characters,
    /// Items not used up.
    Items,
    /// Sentient swords and other swords, not used up.
    Swords,
    Campaigns,
}

/// The names of `which` (an item's in French if `french`, else in English); none where there
/// is no campaign in use.
pub async fn names(cx: &mut Ctx, which: Names, french: bool) -> Result<Vec<String>> {
    let campaign = cx.campaign.clone();
    let conn = cx.conn();
    if which == Names::Campaigns {
        let all = campaigns::list(conn).await?;
        return Ok(all.into_iter().map(|c| c.name).collect());
    }
    match campaigns::find(conn, campaign.as_deref()).await? {
        None => Ok(Vec::new()),
        Some(c) => Ok(match which {
            Names::Items | Names::Swords => {
                items::living_names(conn, c.id, french, which == Names::Swords).await?
            }
            _ => characters::names(conn, c.id).await?,
        }),
    }
}
