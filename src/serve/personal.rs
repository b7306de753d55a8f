//! Personal links (`hoard serve --players`): `/p/TOKEN` opens one character's sheet as they
//! know it, then the party's treasure nobody carries, as the party knows it, each item with
//! need / want / pass buttons; `POST /p/TOKEN/claim` records the claim through the same `app`
//! function as `hoard claim`, with the character as its author.
//!
//! Every write from a page is hostile until validated. A claim is refused, with nothing
//! recorded, when:
//! - the path's token is not a link that stands (403: a link revoked or mistyped), or the form
//!   does not carry that same token (401: a request made without it);
//! - the request comes from another site (`Origin` or `Sec-Fetch-Site` say so; 403);
//! - the body is not exactly the page's form (400);
//! - it claims for another character than the link's (403), an item that is not the party's
//!   treasure (422), or was drawn before this character's latest claim on that item — a
//!   request sent twice or replayed (409) — or says more claims than they ever made (400);
//! - the token made more than [`PER_MINUTE`] writes in the last minute (429).
//!
//! The token is compared in constant time with every link that stands (`subtle`).
//!
//! A form says when its page was drawn by how many claims the character had made then
//! (`at`), never by a ledger number: that would move with every event, a secret roll too, and
//! tell the player something was recorded. The claim is then held to the ledger number of the
//! first claim they made after it ([`drawn_at`]).

use crate::i18n::Wording as _;
use std::collections::HashMap;
use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use maud::{Markup, html};
use subtle::ConstantTimeEq;

use super::guard::{Buckets, same_origin};
use super::pages::{self, Tab, known_name, labelled};
use super::routes::App;
use super::writes::Writes;
use crate::app::claims::Source;
use crate::app::export::PlayerView;
use crate::app::refusal::claims::Refusal;
use crate::app::{self, Ctx};
use crate::error::{Error, Problem, Result};
use crate::i18n;
use crate::rules::claims::Claim;
use crate::rules::knowledge::{Looker, Revealed, revealed};
use crate::tr;
use crate::view::describe::claim_word;
use crate::view::inert::safe;

/// Writes a token may make a minute: a token bucket holding this many, refilled at this rate.
pub const PER_MINUTE: u32 = 10;

/// What the personal links need beside the pages': the writer, and each token's bucket.
pub struct Players {
    pub writes: Writes,
    buckets: Buckets,
}

impl Players {
    pub fn new(writes: Writes) -> Players {
        Players {
            writes,
            buckets: Buckets::new(PER_MINUTE),
        }
    }
}

pub fn routes() -> Router<App> {
    Router::new()
        .route("/p/{token}", get(page))
        .route("/p/{token}/claim", post(claim))
}

fn answer(status: StatusCode, markup: Markup) -> Response {
    let mut response = (status, pages::html(markup)).into_response();
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(super::routes::FORMS_POLICY),
    );
    response
}

/// The character whose link `token` is, if one stands: compared with every link in constant
/// time.
async fn holder(cx: &mut Ctx, token: &str) -> Result<Option<String>> {
    let mut found = None;
    for link in app::links::standing(cx).await? {
        let same: bool = link.token.as_bytes().ct_eq(token.as_bytes()).into();
        if same {
            found = Some(link.character);
        }
    }
    Ok(found)
}

/// One item of the party's treasure, as the party knows it, with its claims.
struct Loot {
    seen: Revealed,
    /// Each claimant's name and claim.
    claims: Vec<(String, Claim)>,
    mine: Option<Claim>,
}

/// What a personal page shows.
struct Personal {
    campaign: String,
    clock: i64,
    token: String,
    me: PlayerView,
    loot: Vec<Loot>,
    /// How many claims this character had made as the page was drawn: its forms say so.
    made: usize,
}

impl Personal {
    async fn read(cx: &mut Ctx, token: String, me: &str) -> Result<Personal> {
        let found = cx.campaign().await?;
        let clock = app::clock::now(cx.conn(), &found, None).await?;
        let characters = app::character::list(cx).await?;
        let name = characters
            .iter()
            .find(|c| c.id == me)
            .map(|c| c.name.clone())
            .ok_or_else(|| Error::from(Refusal::NotTheirs))?;
        let party: Vec<String> = characters.iter().map(|c| c.id.clone()).collect();
        let party: Vec<&str> = party.iter().map(String::as_str).collect();
        let theirs = app::session::expedition_of(cx, me).await?;
        let mut items = Vec::new();
        app::item::list(cx, None, None, |item, _| {
            if app::claims::offered(&item, theirs) {
                items.push(item);
            }
            Ok(())
        })
        .await?;
        let board = app::claims::board(cx).await?;
        let loot = items
            .iter()
            .map(|item| {
                let line = board.items.iter().find(|l| l.id == item.id);
                let claims: Vec<_> = line
                    .map(|l| l.claims.iter().filter(|c| !c.void).collect())
                    .unwrap_or_default();
                Loot {
                    seen: revealed(item, Looker::Party(&party)),
                    mine: claims
                        .iter()
                        .find(|c| c.character_id == me)
                        .map(|c| c.claim),
                    claims: claims
                        .iter()
                        .map(|c| (c.character.clone(), c.claim))
                        .collect(),
                }
            })
            .collect();
        Ok(Personal {
            campaign: found.campaign.name,
            clock,
            token,
            me: app::export::player(cx, &name).await?,
            loot,
            made: app::links::claims_made(cx, me).await?.len(),
        })
    }
}

/// One claimable thing: its name as the party knows it, numbered among alike things (`#3`),
/// what is known of it (its worth once appraised), its claims and its buttons.
fn row(p: &Personal, action: &str, l: &Loot, number: Option<usize>) -> Markup {
    html! {
        li id={ "loot-" (l.seen.id) } data-item=(l.seen.id) {
            span.name { (known_name(&l.seen)) }
            @if let Some(n) = number { " " span.number { "#" (n) } }
            @for fact in crate::view::item::seen_facts(&l.seen.item) {
                " " span.fact { (pages::whole(&fact)) }
            }
            @if !l.claims.is_empty() {
                @let said: Vec<String> = l.claims.iter().map(|(who, c)| labelled(&safe(who), &claim_word(*c))).collect();
                " " span.claims { "(" (said.join(", ")) ")" }
            }
            form.claim method="post" action=(action) {
                input type="hidden" name="token" value=(p.token);
                input type="hidden" name="character" value=(p.me.character.id);
                input type="hidden" name="item" value=(l.seen.id);
                input type="hidden" name="at" value=(p.made);
                @for c in Claim::ALL {
                    button type="submit" name="claim" value=(c.word())
                        aria-pressed=(if l.mine == Some(c) { "true" } else { "false" }) {
                        (claim_word(c))
                    }
                }
            }
        }
    }
}

fn draw(p: &Personal) -> Markup {
    let action = format!("/p/{}/claim", p.token);
    // Alike things together, under their count and known worth (as a session's posting
    // lists them), each told apart by its number.
    let piles = app::report::posting::piles(p.loot.iter().map(|l| l.seen.clone()).collect());
    let body = html! {
        (pages::summary(&p.me, false))
        section.loot {
            h2 { (tr!("The party's loot", "Le butin du groupe")) }
            @if p.loot.is_empty() {
                p { (tr!("Nothing in the party's treasure that nobody carries.", "Rien dans le trésor du groupe que personne ne porte.")) }
            } @else {
                p { (tr!(
                    "Say what you need, want or pass; the referee settles the claims (need first, then want; ties by dice or by share).",
                    "Dites ce dont vous avez besoin, envie, ou ce que vous passez ; le meneur règle les demandes (besoin d'abord, puis envie ; égalités aux dés ou au partage)."
                )) }
                @for pile in &piles {
                    @let rows: Vec<&Loot> = p.loot.iter().filter(|l| l.seen.name == pile.item.name).collect();
                    @if rows.len() > 1 {
                        h3.pile { (pages::whole(&crate::view::posting::alike(pile, safe))) }
                    }
                    ul.loot {
                        @for (n, l) in rows.iter().enumerate() {
                            (row(p, &action, l, (rows.len() > 1).then_some(n + 1)))
                        }
                    }
                }
            }
        }
    };
    pages::frame(
        &safe(&p.me.character.name),
        Tab::None,
        Some((&p.campaign, p.clock)),
        body,
    )
}

/// A refusal as a page: what went wrong, and the way back when there is one.
fn refused(status: StatusCode, said: &str, back: Option<&str>) -> Response {
    let title = tr!("Not recorded", "Pas enregistré");
    let markup = pages::frame(
        &title,
        Tab::None,
        None,
        html! {
            p.problem { (safe(said)) }
            @if let Some(token) = back {
                p { a href={ "/p/" (token) } { (tr!("Back to your sheet", "Retour à votre fiche")) } }
            }
        },
    );
    let mut response = answer(status, markup);
    if status == StatusCode::TOO_MANY_REQUESTS {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("6"));
    }
    response
}

fn no_link() -> String {
    tr!(
        "This link opens nothing (revoked, or mistyped): ask the referee for yours.",
        "Ce lien n'ouvre rien (révoqué, ou mal recopié) : demandez le vôtre au meneur."
    )
}

async fn page(State(app): State<App>, Path(token): Path<String>, headers: HeaderMap) -> Response {
    let lang = app.lang(&headers);
    if app.players.is_none() {
        return super::routes::not_found(State(app), headers).await;
    }
    i18n::within(lang, async {
        let read = app
            .reads
            .read(async move |cx| match holder(cx, &token).await? {
                Some(me) => Personal::read(cx, token, &me).await.map(Some),
                None => Ok(None),
            })
            .await;
        match read {
            Ok(Some(personal)) => answer(StatusCode::OK, draw(&personal)),
            Ok(None) => refused(StatusCode::FORBIDDEN, &no_link(), None),
            Err(e) => {
                super::routes::report(&e);
                refused(
                    StatusCode::SERVICE_UNAVAILABLE,
                    &pages::unavailable(None),
                    None,
                )
            }
        }
    })
    .await
}

/// The page's form, exactly: its five fields once each, nothing else.
struct Form {
    character: String,
    item: String,
    /// How many claims the character had made when the page was drawn.
    at: usize,
    claim: Claim,
}

fn form(body: &[u8]) -> Option<Form> {
    if body.len() > 2048 {
        return None;
    }
    let mut fields: HashMap<String, String> = HashMap::new();
    for (key, value) in url::form_urlencoded::parse(body) {
        if fields
            .insert(key.into_owned(), value.into_owned())
            .is_some()
        {
            return None;
        }
    }
    if fields.len() != 5 || !fields.contains_key("token") {
        return None;
    }
    Some(Form {
        character: fields.remove("character")?,
        item: fields.remove("item")?,
        at: fields.remove("at")?.parse().ok()?,
        // One of the page's own words, as its buttons post them: `need`, not `NEED`.
        claim: Claim::ALL
            .into_iter()
            .find(|c| fields.get("claim").is_some_and(|v| v == c.word()))?,
    })
}

/// The ledger number a form's page was drawn at, as the claim's rule reads it
/// (`app::claims::claim`), from the claims the character has made (`made`, their numbers)
/// and how many of them the page had seen (`at`): every claim the page saw, and none it did
/// not, came at or before it. A page that saw them all stands at the last (0: none yet); one
/// that says more than were made is forged (-1).
fn drawn_at(made: &[i64], at: usize) -> i64 {
    match made.get(at) {
        Some(next) => next - 1,
        None if at == made.len() => made.last().copied().unwrap_or(0),
        None => -1,
    }
}

async fn claim(
    State(app): State<App>,
    Path(token): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let lang = app.lang(&headers);
    let Some(players) = app.players.clone() else {
        return super::routes::not_found(State(app), headers).await;
    };
    i18n::within(lang, async {
        let path_token = token.clone();
        let me = match app.reads.read(async move |cx| holder(cx, &path_token).await).await {
            Ok(Some(me)) => me,
            Ok(None) => return refused(StatusCode::FORBIDDEN, &no_link(), None),
            Err(e) => {
                super::routes::report(&e);
                return refused(StatusCode::SERVICE_UNAVAILABLE, &pages::unavailable(None), None);
            }
        };
        if !same_origin(&headers) {
            let said = tr!(
                "This claim did not come from your page: nothing recorded.",
                "Cette demande ne vient pas de votre page : rien d'enregistré."
            );
            return refused(StatusCode::FORBIDDEN, &said, Some(&token));
        }
        if !players.buckets.allow(&token) {
            let said = tr!(
                "Too many claims at once ({n} a minute at most): wait a moment and try again.",
                "Trop de demandes d'un coup ({n} par minute au plus) : attendez un instant et recommencez.",
                n = PER_MINUTE
            );
            return refused(StatusCode::TOO_MANY_REQUESTS, &said, Some(&token));
        }
        let carried = url::form_urlencoded::parse(&body)
            .find(|(key, _)| key == "token")
            .is_some_and(|(_, given)| bool::from(given.as_bytes().ct_eq(token.as_bytes())));
        if !carried {
            let said = tr!(
                "This request does not carry your link's token: nothing recorded.",
                "Cette requête ne porte pas le jeton de votre lien : rien d'enregistré."
            );
            return refused(StatusCode::UNAUTHORIZED, &said, None);
        }
        let Some(form) = form(&body) else {
            let said = tr!(
                "This request is not your page's form: nothing recorded.",
                "Cette requête n'est pas le formulaire de votre page : rien d'enregistré."
            );
            return refused(StatusCode::BAD_REQUEST, &said, Some(&token));
        };
        let Form {
            character,
            item,
            at,
            claim,
            ..
        } = form;
        let (reader, author, item_id) = (me.clone(), me.clone(), item.clone());
        let made = match app.reads.read(async move |cx| app::links::claims_made(cx, &reader).await).await {
            Ok(made) => made,
            Err(e) => {
                super::routes::report(&e);
                return refused(StatusCode::SERVICE_UNAVAILABLE, &pages::unavailable(None), None);
            }
        };
        let at = drawn_at(&made, at);
        let made = players
            .writes
            .write(async move |cx| {
                let from = Source::Link {
                    author: author.clone(),
                    drawn_at: at,
                };
                app::claims::claim(cx, &item, &character, claim, from).await
            })
            .await;
        match made {
            Ok(_) => {
                // Back to the page at the item's row, where the player was.
                let mut response = StatusCode::SEE_OTHER.into_response();
                if let Ok(to) = HeaderValue::from_str(&format!("/p/{token}#loot-{item_id}")) {
                    response.headers_mut().insert(header::LOCATION, to);
                }
                response
            }
            Err(e) => {
                let status = status_of(&e);
                let said = match &e {
                    Error::NotFound(_) => Refusal::NotInTreasure {
                        item: crate::rules::item::Names {
                            en: String::new(),
                            fr: String::new(),
                        },
                    }
                    .worded()
                    .to_string(),
                    e if status == StatusCode::SERVICE_UNAVAILABLE => {
                        super::routes::report(e);
                        pages::unavailable(None)
                    }
                    e => e.worded().to_string(),
                };
                refused(status, &said, Some(&token))
            }
        }
    })
    .await
}

/// The status of a claim refused.
fn status_of(e: &Error) -> StatusCode {
    let claims = |p: &Problem| match p {
        Problem::Claims(r) => Some(r.clone()),
        _ => None,
    };
    match e {
        Error::NotFound(_) => StatusCode::UNPROCESSABLE_ENTITY,
        Error::Refused(p) | Error::Conflict(p) | Error::Invalid(p) => match claims(p) {
            Some(Refusal::NotInTreasure { .. }) => StatusCode::UNPROCESSABLE_ENTITY,
            Some(Refusal::NotTheirs) => StatusCode::FORBIDDEN,
            Some(Refusal::Stale) => StatusCode::CONFLICT,
            Some(Refusal::Forged) => StatusCode::BAD_REQUEST,
            None if matches!(e, Error::Refused(_)) => StatusCode::FORBIDDEN,
            None if matches!(e, Error::Invalid(_)) => StatusCode::BAD_REQUEST,
            None => StatusCode::CONFLICT,
        },
        _ => StatusCode::SERVICE_UNAVAILABLE,
    }
}

/// A claim as the personal pages show it: who, what, and whether it is void.
type Shown = (String, Claim, bool);

/// A digest of the claims the personal pages show (which item, who, what), for the
/// watcher: a claim refreshes the players' pages.
pub async fn claims_shown(cx: &mut Ctx) -> Result<String> {
    let board = app::claims::board(cx).await?;
    let shown: Vec<(String, Vec<Shown>)> = board
        .items
        .into_iter()
        .map(|l| {
            let claims = l
                .claims
                .into_iter()
                .map(|c| (c.character_id, c.claim, c.void))
                .collect();
            (l.id, claims)
        })
        .collect();
    Ok(format!("{shown:?}"))
}

/// The start-up lines of `--players`: each character's link, and what the links do.
pub fn banner(players_url: &str, links: &[app::links::Link]) -> Vec<String> {
    let mut lines: Vec<String> = links
        .iter()
        .map(|l| format!("{}: {players_url}p/{}", safe(&l.character), l.token))
        .collect();
    lines.push(tr!(
        "These are the players' personal links, one each: their own sheet, and the party's loot to claim (need, want, pass). The server records those claims and nothing else; `hoard character link NAME --revoke` revokes one.",
        "Voici les liens personnels des joueurs, un chacun : leur fiche, et le butin du groupe à demander (besoin, envie, passe). Le serveur enregistre ces demandes et rien d'autre ; `hoard character link NOM --revoke` en révoque un."
    ));
    lines
}

/// The players' own, for the server's start: every character's link, made for those who had
/// none.
pub async fn links(players: &Arc<Players>) -> Result<Vec<app::links::Link>> {
    players
        .writes
        .write(async |cx| app::links::every(cx).await)
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_stands_where_the_claims_it_saw_put_it() {
        // No claim yet: the start of the ledger; one more than made: forged.
        assert_eq!(drawn_at(&[], 0), 0);
        assert_eq!(drawn_at(&[], 1), -1);
        // Claims at 10 and 20: a page that saw both stands at 20, one that saw the first
        // stands before the second, one that saw none before the first.
        assert_eq!(drawn_at(&[10, 20], 2), 20);
        assert_eq!(drawn_at(&[10, 20], 1), 19);
        assert_eq!(drawn_at(&[10, 20], 0), 9);
        assert_eq!(drawn_at(&[10, 20], 3), -1);
    }

    #[test]
    fn the_claim_is_one_of_the_pages_words_exactly() {
        let body = |claim: &str| format!("token=t&character=c&item=i&at=0&claim={claim}");
        assert!(form(body("need").as_bytes()).is_some());
        for other in ["NEED", "Need", "%20need", "need%20", "greed", ""] {
            assert!(form(body(other).as_bytes()).is_none(), "{other}");
        }
    }
}
