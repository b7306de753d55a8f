//! The routes: each one reads what it shows in one read transaction and draws it. Nothing
//! here writes; every answer carries a Content-Security-Policy that lets the page run only
//! hoard's own script and load nothing from anywhere else.

use crate::i18n::Wording as _;
use std::convert::Infallible;
use std::sync::Arc;

use axum::Extension;
use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use maud::Markup;
use subtle::ConstantTimeEq;
use tokio::sync::watch;

use super::listen::Place;
use super::reads::{Reads, Stamp};
use super::{gather, pages};
use crate::error::Error;
use crate::i18n::{self, Lang};
use crate::view::inert::inert_json;

/// What every request may use.
#[derive(Clone)]
pub struct App {
    pub reads: Arc<Reads>,
    /// The referee's token, with `--referee`.
    pub token: Option<Arc<str>>,
    /// `--lang`: the language of every page.
    pub lang: Option<Lang>,
    /// Every move of the ledger: the referee's dashboard.
    pub changes: watch::Receiver<Stamp>,
    /// Every change of what the players' pages show.
    pub sights: watch::Receiver<u64>,
    /// With `--players`: the personal links' writer and rate limits.
    pub players: Option<Arc<super::personal::Players>>,
    /// With `--referee`: the console's writer, page values and rate.
    pub console: Option<Arc<super::console::Console>>,
    /// The pages as drawn at the ledger's position.
    pub pages: Arc<super::cache::Pages>,
}

pub fn router(app: App) -> Router {
    // The pages, each drawn once per position of the ledger (`cache`).
    let pages = Router::new()
        .route("/", get(party))
        .route("/treasure", get(treasure))
        .route("/chronicle", get(chronicle))
        .route("/chronicle/{session}", get(chronicle_of))
        .route("/item/{id}", get(item))
        .route("/character/{id}", get(character))
        .route("/party.json", get(party_json))
        .merge(super::personal::routes())
        .route_layer(axum::middleware::from_fn_with_state(
            app.clone(),
            super::cache::answer,
        ));
    Router::new()
        .merge(pages)
        .route("/events", get(events))
        .route("/hoard.js", get(script))
        .route("/hoard.css", get(style))
        .route("/favicon.svg", get(icon))
        .route("/favicon.ico", get(icon))
        .route("/referee/{token}/events", get(referee_events))
        // The dashboard is drawn for each request: its console's forms carry a value good
        // for one post (`console::seal`), which a kept page would hand out twice.
        .route("/referee/{token}", get(referee))
        .route("/referee/do/{form}", post(super::console::post))
        .fallback(not_found)
        .layer(axum::middleware::map_response(secure))
        // Pages are mostly repeated markup and pictures: gzip when the browser takes it (the
        // event streams are left alone: `DefaultPredicate` never compresses them).
        .layer(tower_http::compression::CompressionLayer::new())
        .with_state(app)
}

/// The Content-Security-Policy: hoard's own script, style and pictures only; no inline
/// script, no frame, no form, nothing fetched from elsewhere.
const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; \
     connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The policy of a page whose forms post to this server: the site's, with `form-action 'self'`.
pub(super) const FORMS_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

async fn secure(mut response: Response) -> Response {
    let headers = response.headers_mut();
    // A personal page sets its own, which lets its forms post here (`serve::personal`).
    headers
        .entry(header::CONTENT_SECURITY_POLICY)
        .or_insert(HeaderValue::from_static(POLICY));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    // The referee's address must not travel in a Referer header.
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("no-store"));
    response
}

impl App {
    /// The language of a request: `--lang`, else the reader's first choice of English or
    /// French in `Accept-Language`, else English.
    pub(super) fn lang(&self, headers: &HeaderMap) -> Lang {
        self.lang.unwrap_or_else(|| {
            headers
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .map(accepted)
                .unwrap_or_default()
        })
    }

    /// Draw a page from what `work` reads, in the request's language, for `reader`; an error
    /// is a page too.
    async fn page(
        &self,
        headers: &HeaderMap,
        reader: Reader,
        work: impl AsyncFnOnce(&mut crate::app::Ctx) -> crate::error::Result<Markup> + Send + 'static,
    ) -> Response {
        self.found(headers, reader, async move |cx| work(cx).await.map(Some))
            .await
    }

    /// [`App::page`] for what may not be there (`None`): a 404 page with the way back.
    async fn found(
        &self,
        headers: &HeaderMap,
        reader: Reader,
        work: impl AsyncFnOnce(&mut crate::app::Ctx) -> crate::error::Result<Option<Markup>>
        + Send
        + 'static,
    ) -> Response {
        let lang = self.lang(headers);
        i18n::within(lang, async {
            match self.reads.read(work).await {
                Ok(Some(markup)) => pages::html(markup),
                Ok(None) => {
                    (StatusCode::NOT_FOUND, pages::html(pages::not_found())).into_response()
                }
                Err(e) => {
                    let told = told(&e, reader);
                    (status_of(&e), pages::html(pages::failure(told))).into_response()
                }
            }
        })
        .await
    }

    /// Whether `given` is the referee's token, compared in constant time.
    pub(super) fn referee(&self, given: &str) -> bool {
        self.token
            .as_deref()
            .is_some_and(|token| bool::from(token.as_bytes().ct_eq(given.as_bytes())))
    }
}

/// The first of English and French a browser asks for, by weight (`fr-CH, fr;q=0.9, en;q=0.8`).
fn accepted(header: &str) -> Lang {
    header
        .split(',')
        .filter_map(|part| {
            let mut pieces = part.split(';');
            let tag = pieces.next()?.trim().to_ascii_lowercase();
            let weight = pieces
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())?;
            let lang = if tag.starts_with("fr") {
                Lang::Fr
            } else if tag.starts_with("en") {
                Lang::En
            } else {
                return None;
            };
            Some((weight, lang))
        })
        .filter(|(weight, _)| *weight > 0.0)
        .fold(
            None,
            |best: Option<(f32, Lang)>, (weight, lang)| match best {
                Some((w, _)) if w >= weight => best,
                _ => Some((weight, lang)),
            },
        )
        .map(|(_, lang)| lang)
        .unwrap_or_default()
}

fn status_of(e: &Error) -> StatusCode {
    match e {
        Error::NotFound(_) => StatusCode::NOT_FOUND,
        Error::Busy(_) | Error::Unusable(_) | Error::Database(_) => StatusCode::SERVICE_UNAVAILABLE,
        _ => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// Who reads a page.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reader {
    Players,
    Referee,
}

/// What `reader` is told of `e`: the referee, everything; the players, a campaign or session
/// that is not there, and of anything else only that the campaign is unavailable (a server's
/// address, a file's path and the engine's words are not theirs), whose details go to the
/// referee's terminal.
fn told(e: &Error, reader: Reader) -> Option<&Error> {
    let theirs = matches!(e, Error::NotFound(problem)
        if !matches!(**problem, crate::error::Problem::Store(_)));
    if reader == Reader::Referee || theirs {
        return Some(e);
    }
    report(e);
    None
}

/// Print `e` on the server's terminal, once for as long as it stays the same.
pub(super) fn report(e: &Error) {
    static LAST: std::sync::Mutex<String> = std::sync::Mutex::new(String::new());
    let said = crate::view::inert::safe(&e.worded().to_string());
    let mut last = LAST.lock().unwrap_or_else(|p| p.into_inner());
    if *last != said {
        eprintln!("{said}");
        *last = said;
    }
}

async fn party(State(app): State<App>, headers: HeaderMap) -> Response {
    app.page(&headers, Reader::Players, async move |cx| {
        Ok(pages::party(&gather::Party::read(cx).await?))
    })
    .await
}

async fn party_json(State(app): State<App>, headers: HeaderMap) -> Response {
    let lang = app.lang(&headers);
    let read = i18n::within(lang, app.reads.read(gather::Party::players)).await;
    let json = |status, body: String| {
        (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
    };
    match read.and_then(|players| serde_json::to_string(&players).map_err(|e| Error::Io(e.into())))
    {
        Ok(body) => json(StatusCode::OK, inert_json(&body).into_owned()),
        Err(e) => {
            let said = pages::unavailable(told(&e, Reader::Players));
            let message = serde_json::json!({ "error": { "message": said } });
            json(status_of(&e), inert_json(&message.to_string()).into_owned())
        }
    }
}

async fn treasure(State(app): State<App>, headers: HeaderMap) -> Response {
    app.page(&headers, Reader::Players, async move |cx| {
        Ok(pages::treasure(&gather::Treasure::read(cx).await?))
    })
    .await
}

async fn chronicle(State(app): State<App>, headers: HeaderMap) -> Response {
    app.found(&headers, Reader::Players, async move |cx| {
        let told = gather::Chronicle::read(cx, None).await?;
        Ok(told.map(|c| pages::chronicle(&c)))
    })
    .await
}

async fn chronicle_of(
    State(app): State<App>,
    Path(session): Path<String>,
    headers: HeaderMap,
) -> Response {
    let Ok(number) = session.parse::<u32>() else {
        return not_found(State(app), headers).await;
    };
    app.found(&headers, Reader::Players, async move |cx| {
        let told = gather::Chronicle::read(cx, Some(number)).await?;
        Ok(told.map(|c| pages::chronicle(&c)))
    })
    .await
}

/// An item as the party knows it; one the table never saw is no page.
async fn item(State(app): State<App>, Path(id): Path<String>, headers: HeaderMap) -> Response {
    if !is_id(&id) {
        return not_found(State(app), headers).await;
    }
    app.found(&headers, Reader::Players, async move |cx| {
        let page = gather::ItemPage::read(cx, &id).await?;
        Ok(page.map(|p| pages::item(&p)))
    })
    .await
}

/// A character's whole sheet as they know it.
async fn character(State(app): State<App>, Path(id): Path<String>, headers: HeaderMap) -> Response {
    if !is_id(&id) {
        return not_found(State(app), headers).await;
    }
    app.found(&headers, Reader::Players, async move |cx| {
        let sheet = gather::FullSheet::read(cx, &id).await?;
        Ok(sheet.map(|s| pages::sheet(&s)))
    })
    .await
}

/// Whether an address's id can be one hoard gave (a UUID, or an imported id of the same
/// letters): anything else is no page, without a read.
fn is_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

async fn referee(
    State(app): State<App>,
    Path(token): Path<String>,
    headers: HeaderMap,
) -> Response {
    if !app.referee(&token) {
        return not_found(State(app), headers).await;
    }
    dashboard(&app, &headers, token, None).await
}

/// The referee's dashboard with the console's forms (`answer` beside the one just sent),
/// drawn with a value of its own for its forms to carry.
pub(super) async fn dashboard(
    app: &App,
    headers: &HeaderMap,
    token: String,
    answer: Option<super::console::Answer>,
) -> Response {
    let nonce = app.console.as_deref().and_then(super::console::mint);
    let forms = nonce.is_some();
    let mut response = app
        .page(headers, Reader::Referee, async move |cx| {
            let referee = gather::Referee::read(cx).await?;
            let console = match nonce {
                Some(nonce) => {
                    let choices = super::console::Choices::read(cx).await?;
                    super::console::draw(&choices, &token, &nonce, answer.as_ref())
                }
                None => maud::html! {},
            };
            Ok(pages::referee(&referee, console))
        })
        .await;
    if forms {
        // Its forms post to this server, and nowhere else.
        response.headers_mut().insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(FORMS_POLICY),
        );
    }
    response
}

/// Any other address, and the referee's without its token: the same plain 404.
pub(super) async fn not_found(State(app): State<App>, headers: HeaderMap) -> Response {
    let lang = app.lang(&headers);
    (
        StatusCode::NOT_FOUND,
        pages::html(i18n::within(lang, async { pages::not_found() }).await),
    )
        .into_response()
}

/// The players' server-sent events: `change`, numbered by how many changes they have seen,
/// whenever what their pages show changes, until the server stops. The connection holds a
/// stream's place from now on, never a page load's (`listen`).
async fn events(State(app): State<App>, place: Option<Extension<Place>>) -> Response {
    if let Some(Extension(place)) = place {
        place.stream();
    }
    live(app.sights.clone(), |n| n.to_string())
}

/// The referee's: `change` with the ledger's new stamp whenever it moves.
async fn referee_events(
    State(app): State<App>,
    Path(token): Path<String>,
    place: Option<Extension<Place>>,
    headers: HeaderMap,
) -> Response {
    if !app.referee(&token) {
        return not_found(State(app), headers).await;
    }
    if let Some(Extension(place)) = place {
        place.stream();
    }
    live(app.changes.clone(), |(campaign, seq)| {
        format!("{campaign}:{seq}")
    })
}

/// A stream of `change` events, one per change `changes` announces, each with its `data`.
fn live<T: Clone + Send + Sync + 'static>(
    changes: watch::Receiver<T>,
    data: fn(&T) -> String,
) -> Response {
    use futures_util::StreamExt as _;
    // A dropped stream (the server restarted, the network went) is tried again after half a
    // second, not the browser's default of seconds: a page catches up within the 2 s asked.
    let retry = Event::default().retry(std::time::Duration::from_millis(500));
    let first = futures_util::stream::once(async move { Ok::<_, Infallible>(retry) });
    let stream = futures_util::stream::unfold(changes, move |mut changes| async move {
        changes.changed().await.ok()?;
        let event = Event::default()
            .event("change")
            .data(data(&changes.borrow_and_update()));
        Some((Ok::<_, Infallible>(event), changes))
    });
    Sse::new(first.chain(stream))
        .keep_alive(KeepAlive::default())
        .into_response()
}

async fn script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("hoard.js"),
    )
        .into_response()
}

/// The tab's little picture: a chest of coins, drawn in the page's colours.
async fn icon() -> Response {
    (
        [(header::CONTENT_TYPE, "image/svg+xml")],
        include_str!("favicon.svg"),
    )
        .into_response()
}

async fn style() -> Response {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        include_str!("hoard.css"),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_readers_first_choice_of_english_or_french() {
        assert_eq!(accepted("fr-CH, fr;q=0.9, en;q=0.8"), Lang::Fr);
        assert_eq!(accepted("en-US,en;q=0.9,fr;q=0.8"), Lang::En);
        assert_eq!(accepted("de-DE, fr;q=0.5, en;q=0.4"), Lang::Fr);
        assert_eq!(accepted("de, en;q=0.2, fr;q=0.7"), Lang::Fr);
        assert_eq!(accepted("fr;q=0, en;q=0.1"), Lang::En);
        assert_eq!(accepted("de"), Lang::En);
        assert_eq!(accepted(""), Lang::En);
        assert_eq!(accepted("fr;q=abc"), Lang::En);
    }
}
