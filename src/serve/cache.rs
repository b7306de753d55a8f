//! Every page drawn once per position of the ledger, and answered from that: the table's
//! phones all see the same pages until the ledger moves, and drawing one (50 sheets, a
//! treasure's pictures) cost 35 to 117 times a static file's answer under load (issue #51;
//! docs/benchmarks.md has the figures before and after).
//!
//! - A page is kept by its address (query included; a referee's or a personal page's token
//!   is in it, so each viewer has their own) and its language, at the ledger's position: the
//!   campaign, its last event's number and the hash its chain ends with, and, with
//!   `--players`, the links that stand (revoking one records no event). Every request first
//!   looks at that position, so no page is ever older than the request; requests arriving
//!   while a look is under way wait for the next one and share it ([`Head`]): one small read
//!   at a time, whatever the load.
//! - Only the latest position's pages are kept, and at most [`KEYS`] of them and [`BYTES`]
//!   in all, the least recently used going first. A page not yet drawn is drawn once however
//!   many ask for it at once; what is kept is an answer 200, never an error.
//! - A page is kept whole and gzip-compressed (compressed once, for the first browser that
//!   takes it), with a tag of its content (`ETag`): a browser that shows the tag it has
//!   (`If-None-Match`) is answered 304 without the page.
//! - The players' pages may be kept by a browser, revalidated each time. The referee's
//!   dashboard is not under this layer: it is drawn for each request, its console's forms
//!   each carrying a value good for one post (`console::seal`).

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tokio::sync::OnceCell;

use super::reads::Reads;
use super::routes::App;
use crate::error::{Error, Result};
use crate::i18n::Lang;

/// At most this many pages kept: every address of a table's campaign (its sessions, its
/// characters, the items the players open) in both languages, with room to spare.
const KEYS: usize = 1024;

/// At most this many bytes of pages kept (whole and compressed): a 50-character party page
/// is about 400 KB whole.
const BYTES: usize = 64 * 1024 * 1024;

/// Where the ledger stands: the campaign, its last event's number, the hash its chain ends
/// with (a campaign deleted and made again may reach the same number), and a digest of the
/// personal links that stand (with `--players`).
#[derive(Clone, PartialEq, Eq, Debug)]
struct Position {
    campaign: i64,
    seq: i64,
    head: Option<String>,
    links: u64,
}

/// The position now, read in one read transaction.
async fn position(reads: &Reads, links: bool) -> Result<Position> {
    reads
        .read(async move |cx| {
            let (campaign, seq, head) = match cx.campaign().await {
                Ok(found) => (found.id, found.last_seq, found.head),
                Err(Error::NotFound(_)) => (0, 0, None),
                Err(e) => return Err(e),
            };
            let mut digest = std::hash::DefaultHasher::new();
            if links && campaign != 0 {
                for link in crate::app::links::standing(cx).await? {
                    (link.character, link.token).hash(&mut digest);
                }
            }
            Ok(Position {
                campaign,
                seq,
                head,
                links: digest.finish(),
            })
        })
        .await
}

/// The looks at the ledger's position, one at a time: a request waits for a look that began
/// after it arrived, so what it is answered is never older than it, and every request that
/// arrived meanwhile shares that look.
#[derive(Default)]
struct Head {
    /// How many looks have begun.
    begun: AtomicU64,
    /// The last look to end: its number and what it found (`None`: the position could not be
    /// read, and each route says why).
    last: tokio::sync::Mutex<Option<Look>>,
}

/// A look at the position: its number among the looks, and what it found.
#[derive(Clone)]
struct Look {
    number: u64,
    found: Option<Position>,
}

impl Head {
    async fn now(&self, reads: &Reads, links: bool) -> Look {
        let arrived = self.begun.load(Ordering::SeqCst);
        let mut last = self.last.lock().await;
        if let Some(look) = &*last
            && look.number > arrived
        {
            return look.clone();
        }
        let look = Look {
            number: self.begun.fetch_add(1, Ordering::SeqCst) + 1,
            found: position(reads, links).await.ok(),
        };
        *last = Some(look.clone());
        look
    }
}

/// A page as kept: its address and language.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    address: String,
    lang: Lang,
}

/// A page drawn: its headers (its type, a personal page's policy), its body whole and, once
/// a browser took it so, compressed, and the tag of its content.
struct Page {
    headers: HeaderMap,
    whole: Bytes,
    /// `None`: it could not be compressed, and goes whole.
    gzip: OnceCell<Option<Bytes>>,
    tag: HeaderValue,
}

impl Page {
    /// The page `drawn` answers, if it is one to keep (a 200, not already encoded); else the
    /// answer as it was.
    async fn of(drawn: Response) -> std::result::Result<Arc<Page>, Response> {
        let (mut parts, body) = drawn.into_parts();
        let Ok(whole) = axum::body::to_bytes(body, usize::MAX).await else {
            return Err(StatusCode::INTERNAL_SERVER_ERROR.into_response());
        };
        if parts.status != StatusCode::OK || parts.headers.contains_key(header::CONTENT_ENCODING) {
            return Err(Response::from_parts(parts, Body::from(whole)));
        }
        // The length is the answer's, whole or compressed.
        parts.headers.remove(header::CONTENT_LENGTH);
        use sha2::Digest as _;
        let digest = sha2::Sha256::digest(&whole);
        let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
        // Weak: the same tag for the page whole and compressed.
        let tag = HeaderValue::from_str(&format!("W/\"{hex}\""))
            .unwrap_or(HeaderValue::from_static("W/\"\""));
        Ok(Arc::new(Page {
            headers: parts.headers,
            whole,
            gzip: OnceCell::new(),
            tag,
        }))
    }

    /// How much it holds.
    fn bytes(&self) -> usize {
        self.whole.len()
            + self
                .gzip
                .get()
                .and_then(Option::as_ref)
                .map_or(0, Bytes::len)
    }

    async fn compressed(&self) -> Option<Bytes> {
        let whole = self.whole.clone();
        self.gzip
            .get_or_init(async || {
                // Compressing 400 KB takes milliseconds: off the server's threads.
                tokio::task::spawn_blocking(move || gzip(&whole))
                    .await
                    .ok()
                    .flatten()
            })
            .await
            .clone()
    }
}

fn gzip(whole: &[u8]) -> Option<Bytes> {
    use std::io::Write as _;
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(whole).ok()?;
    encoder.finish().ok().map(Bytes::from)
}

/// A page kept, or being drawn, and when it was last asked for.
struct Entry {
    page: Arc<OnceCell<Arc<Page>>>,
    used: u64,
    bytes: usize,
}

/// The pages of the latest position.
#[derive(Default)]
struct Kept {
    at: Option<Position>,
    /// The number of the look that found it.
    seen: u64,
    pages: HashMap<Key, Entry>,
    /// Counts requests, for the least recently used.
    clock: u64,
    bytes: usize,
}

impl Kept {
    /// The page for `key` at the position `look` found, kept or to draw: the pages of an
    /// older position go; a look older than the pages' gets a page of its own, not kept.
    fn entry(&mut self, key: &Key, look: u64, at: &Position) -> Arc<OnceCell<Arc<Page>>> {
        if self.at.as_ref() != Some(at) {
            if look < self.seen {
                return Arc::default();
            }
            self.pages.clear();
            self.bytes = 0;
            self.at = Some(at.clone());
        }
        self.seen = self.seen.max(look);
        self.clock += 1;
        let clock = self.clock;
        let entry = self.pages.entry(key.clone()).or_insert_with(|| Entry {
            page: Arc::default(),
            used: clock,
            bytes: 0,
        });
        entry.used = clock;
        Arc::clone(&entry.page)
    }

    /// `key`'s page, if still kept, now holds `bytes`: the least recently used others go
    /// while the pages hold too much.
    fn settle(&mut self, key: &Key, page: &Arc<OnceCell<Arc<Page>>>, bytes: usize) {
        let Some(entry) = self
            .pages
            .get_mut(key)
            .filter(|e| Arc::ptr_eq(&e.page, page))
        else {
            return;
        };
        self.bytes = self.bytes - entry.bytes + bytes;
        entry.bytes = bytes;
        while self.pages.len() > KEYS || self.bytes > BYTES {
            let oldest = self
                .pages
                .iter()
                .filter(|(k, _)| *k != key)
                .min_by_key(|(_, e)| e.used)
                .map(|(k, _)| k.clone());
            let Some(oldest) = oldest.and_then(|k| self.pages.remove(&k)) else {
                break;
            };
            self.bytes -= oldest.bytes;
        }
    }
}

/// The server's pages as kept.
#[derive(Default)]
pub struct Pages {
    head: Head,
    kept: Mutex<Kept>,
}

impl Pages {
    fn kept(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// The middleware of every page's route: the page as kept at the ledger's position now, else
/// drawn by the route and kept.
pub async fn answer(State(app): State<App>, request: Request, next: Next) -> Response {
    if request.method() != Method::GET {
        return next.run(request).await;
    }
    let path = request.uri().path();
    let key = Key {
        address: request
            .uri()
            .path_and_query()
            .map_or_else(|| path.to_string(), |p| p.as_str().to_string()),
        lang: app.lang(request.headers()),
    };
    let asked = request.headers().clone();
    let look = app.pages.head.now(&app.reads, app.players.is_some()).await;
    // The position unreadable: the route says why, as it would have.
    let Some(at) = look.found else {
        return next.run(request).await;
    };
    let entry = app.pages.kept().entry(&key, look.number, &at);
    let drawn = entry
        .get_or_try_init(async || Page::of(next.run(request).await).await)
        .await;
    let page = match drawn {
        Ok(page) => Arc::clone(page),
        Err(answer) => return answer,
    };
    let mut response = respond(&page, &asked).await;
    app.pages.kept().settle(&key, &entry, page.bytes());
    let headers = response.headers_mut();
    headers.insert(header::ETAG, page.tag.clone());
    headers.insert(
        header::VARY,
        HeaderValue::from_static("accept-encoding, accept-language"),
    );
    // A browser may keep a player's page, and asks whether it is still the latest.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// The answer from `page`: 304 if the browser has it, else the page, compressed if the
/// browser takes it.
async fn respond(page: &Page, asked: &HeaderMap) -> Response {
    // Weak comparison: a tag matches with or without its `W/`.
    let opaque = |tag: &str| tag.trim().trim_start_matches("W/").to_string();
    let ours = opaque(page.tag.to_str().unwrap_or_default());
    let fresh = asked
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|tag| tag.trim() == "*" || opaque(tag) == ours);
    if fresh {
        return StatusCode::NOT_MODIFIED.into_response();
    }
    let compressed = if takes_gzip(asked) {
        page.compressed().await
    } else {
        None
    };
    let mut response = match compressed {
        Some(body) => {
            let mut response = Response::new(Body::from(body));
            response
                .headers_mut()
                .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            response
        }
        None => Response::new(Body::from(page.whole.clone())),
    };
    for (name, value) in &page.headers {
        response.headers_mut().append(name, value.clone());
    }
    response
}

/// Whether the request takes gzip (`Accept-Encoding: gzip`, or `*`, with a weight above 0).
fn takes_gzip(asked: &HeaderMap) -> bool {
    asked
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|part| {
            let mut pieces = part.split(';');
            let coding = pieces.next().unwrap_or("").trim().to_ascii_lowercase();
            let weight = pieces
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok());
            matches!(coding.as_str(), "gzip" | "x-gzip" | "*") && weight.is_some_and(|w| w > 0.0)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asked(name: header::HeaderName, value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(name, HeaderValue::from_str(value).unwrap());
        headers
    }

    #[test]
    fn gzip_is_taken_when_asked_for_with_a_weight() {
        let takes = |v| takes_gzip(&asked(header::ACCEPT_ENCODING, v));
        assert!(takes("gzip, deflate, br"));
        assert!(takes("br;q=1.0, gzip;q=0.8"));
        assert!(takes("*"));
        assert!(!takes("br"));
        assert!(!takes("gzip;q=0"));
        assert!(!takes("identity"));
        assert!(!takes_gzip(&HeaderMap::new()));
    }

    fn position(seq: i64) -> Position {
        Position {
            campaign: 1,
            seq,
            head: None,
            links: 0,
        }
    }

    fn key(n: usize) -> Key {
        Key {
            address: format!("/item/{n}"),
            lang: Lang::En,
        }
    }

    #[test]
    fn a_move_of_the_ledger_drops_every_page_kept() {
        let mut kept = Kept::default();
        let first = kept.entry(&key(1), 1, &position(1));
        assert!(Arc::ptr_eq(&first, &kept.entry(&key(1), 2, &position(1))));
        let moved = kept.entry(&key(1), 3, &position(2));
        assert!(!Arc::ptr_eq(&first, &moved));
        assert_eq!(kept.pages.len(), 1);
        // A look that ended before the move, answered late: a page of its own, the pages
        // kept left as they are.
        let late = kept.entry(&key(1), 2, &position(1));
        assert!(!Arc::ptr_eq(&late, &moved));
        assert!(Arc::ptr_eq(&moved, &kept.entry(&key(1), 4, &position(2))));
    }

    #[test]
    fn the_least_recently_used_go_first_beyond_the_bound() {
        let mut kept = Kept::default();
        let at = position(1);
        for n in 0..KEYS {
            let page = kept.entry(&key(n), 1, &at);
            kept.settle(&key(n), &page, 10);
        }
        // The first, asked for again, stays; the second is the oldest.
        kept.entry(&key(0), 1, &at);
        let page = kept.entry(&key(KEYS), 1, &at);
        kept.settle(&key(KEYS), &page, 10);
        assert_eq!(kept.pages.len(), KEYS);
        assert!(kept.pages.contains_key(&key(0)));
        assert!(!kept.pages.contains_key(&key(1)));
        // One page as large as the bound leaves room for itself alone.
        let page = kept.entry(&key(KEYS + 1), 1, &at);
        kept.settle(&key(KEYS + 1), &page, BYTES);
        assert_eq!(kept.pages.len(), 1);
        assert_eq!(kept.bytes, BYTES);
    }
}
