//! Personal links: `hoard character link C [--revoke]` and `hoard serve --players`. Each
//! character may have one link that stands, a random token of 128 bits from the system's
//! generator, kept in the database so that a link survives the server's restarts. A link is
//! access, not the campaign's story: making or revoking one records no event, and neither
//! export nor import carries it. After a revocation the next link is a new token.

use serde::Serialize;

use crate::ctx::Ctx;
use crate::error::{Error, Result};
use crate::store::links;

/// A character's link that stands.
#[derive(Clone, Debug, Serialize)]
pub struct Link {
    pub character: String,
    #[serde(skip)]
    pub character_id: String,
    pub token: String,
}

/// `character link C`: their link (made now if they had none); with `revoke`, revoke it
/// (`None`: there was none to revoke).
pub async fn link(cx: &mut Ctx, name: &str, revoke: bool) -> Result<Option<Link>> {
    let mut w = cx.write().await?;
    let who = w.character(name).await?;
    let campaign = w.campaign;
    let standing = links::standing(w.conn(), campaign).await?;
    let theirs = standing.into_iter().find(|l| l.character == who.id);
    let answer = if revoke {
        if theirs.is_some() {
            links::revoke(w.conn(), campaign, &who.id, &crate::write::now()).await?;
        }
        theirs
    } else {
        Some(match theirs {
            Some(link) => link,
            None => {
                let token = token()?;
                links::insert(w.conn(), campaign, &who.id, &token, &crate::write::now()).await?;
                links::Link {
                    character: who.id.clone(),
                    token,
                }
            }
        })
    };
    w.commit().await?;
    Ok(answer.map(|l| Link {
        character: who.name,
        character_id: l.character,
        token: l.token,
    }))
}

/// `serve --players`: every character's link, in the campaign's order, made now for those
/// who had none.
pub async fn every(cx: &mut Ctx) -> Result<Vec<Link>> {
    let mut w = cx.write().await?;
    let campaign = w.campaign;
    let characters = crate::store::characters::list(w.conn(), campaign).await?;
    let standing = links::standing(w.conn(), campaign).await?;
    let mut every = Vec::new();
    for c in characters {
        let token = match standing.iter().find(|l| l.character == c.id) {
            Some(link) => link.token.clone(),
            None => {
                let token = token()?;
                links::insert(w.conn(), campaign, &c.id, &token, &crate::write::now()).await?;
                token
            }
        };
        every.push(Link {
            character: c.name,
            character_id: c.id,
            token,
        });
    }
    w.commit().await?;
    Ok(every)
}

/// The links that stand, read (the server's check of a token).
pub async fn standing(cx: &mut Ctx) -> Result<Vec<links::Link>> {
    let found = cx.campaign().await?;
    Ok(links::standing(cx.conn(), found.id).await?)
}

/// The ledger numbers of every claim `character` (an id) made, voided ones too, oldest first.
/// A personal page counts them in its forms instead of carrying a ledger number, which would
/// move with every event, a secret one too (`serve::personal`).
pub async fn claims_made(cx: &mut Ctx, character: &str) -> Result<Vec<i64>> {
    let found = cx.campaign().await?;
    let claims = crate::store::events::tagged(cx.conn(), found.id, crate::store::events::CLAIMS)
        .await?
        .into_iter()
        .filter(|rec| {
            matches!(&rec.event, crate::ledger::Event::ClaimMade { character: c, .. } if c == character)
        })
        .map(|rec| rec.seq)
        .collect();
    Ok(claims)
}

/// A fresh token: 128 bits from the system's generator, in hex.
fn token() -> Result<String> {
    use rand::TryRngCore;
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng
        .try_fill_bytes(&mut bytes)
        .map_err(|e| Error::Io(std::io::Error::other(e.to_string())))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}
