//! `hoard campaign new|list|use`.

use super::{Ctx, Write};
use crate::error::Result;
use crate::rules::character::check_name;
use crate::store::campaigns::{self, Summary};

pub async fn new(cx: &mut Ctx, name: &str, switch: bool) -> Result<String> {
    let name = check_name("campaign", name).map_err(|e| crate::error::Error::Invalid(e.0))?;
    let write = Write::new_campaign(&mut cx.db, &name).await?;
    write.commit().await?;
    if switch {
        campaigns::set_current(cx.conn(), &name).await?;
    }
    Ok(name)
}

pub async fn list(cx: &mut Ctx) -> Result<Vec<Summary>> {
    // Listing on a fresh database shows the `default` campaign every command would use.
    cx.campaign().await?;
    campaigns::list(cx.conn()).await
}

/// Remember `name` as the campaign in use for later commands (a preference of this database
/// file, not an event of any campaign).
pub async fn switch(cx: &mut Ctx, name: &str) -> Result<String> {
    cx.campaign = Some(name.to_string());
    let found = cx.campaign().await?;
    campaigns::set_current(cx.conn(), &found.campaign.name).await?;
    Ok(found.campaign.name)
}
