//! Accepting the table's connections so that no client can starve the others: `axum::serve`
//! gives no way to bound how long a request's head or body may take, nor how large a body may
//! be, nor how many connections are held, so this loop does all three and hands each
//! connection to hyper as `axum::serve` would.
//!
//! - A request's head must arrive within [`HEAD`], and an idle kept-alive connection is closed
//!   after as long (hyper's header-read timeout runs while it waits for the next head). Its
//!   body, if any, must then arrive within as long again and hold at most [`BODY`] bytes (a
//!   claim's form is a few hundred): it is read whole before any route sees it, and one that
//!   says it is larger is refused before a byte of it is read. A slow or silent client holds
//!   nothing for long, and no memory.
//! - Every connection holds a place among the pages' until its request turns out to be an event
//!   stream, which holds its connection for as long as a page is open; it then holds a place
//!   among the streams' instead ([`Place::stream`]). Streams never take a page load's place.
//!   How many places of each there are follows the descriptors the process may open
//!   ([`Caps`]).
//! - A newcomer is never refused for want of a place: when a pool is full, the client holding
//!   the most places in it gives up its oldest idle connection (else its oldest). So a table
//!   behind one address (a home router, a proxy) keeps its own pages, and a client holding
//!   hundreds of connections, from one address or many, loses its own places and no one
//!   else's. An IPv6 client counts as its /64, which a network gives a device whole.
//! - Descriptors that run out all the same (a lower limit than counted, other files open) are
//!   found the same way: the client holding the most gives up a place, and the connection
//!   waiting is accepted.

use std::collections::{HashMap, VecDeque};
use std::convert::Infallible;
use std::future::Future;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::{Body, HttpBody as _};
use axum::http::{HeaderValue, Request, Response, StatusCode, header};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::{Notify, oneshot, watch};
use tower_service::Service as _;

/// How long a request's head may take to arrive, a kept-alive connection may wait idle, and
/// a request's body may take once its head is in.
pub const HEAD: Duration = Duration::from_secs(10);

/// The most a request's body may hold: the claim form, whose fields are a few hundred bytes.
pub const BODY: usize = 4096;

/// The most a connection reads ahead of what it has parsed (hyper's default is 400 KB): a
/// request's head and its body fit in it many times over, and a client sending megabytes
/// holds no more of them.
const READ_BUFFER: usize = 16 * 1024;

/// After an error accepting that no place given up can cure, wait this long before trying
/// again rather than spinning.
const AFTER_ERROR: Duration = Duration::from_millis(50);

/// How many connections may be held, pages and streams apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Caps {
    pages: usize,
    streams: usize,
}

/// Places for page loads at most: far more than a table's browsers open (six each).
const PAGES: usize = 512;
/// Places for event streams at most: one per browser, or one per open page in a browser that
/// cannot share one among its tabs (`hoard.js`).
const STREAMS: usize = 256;
/// Descriptors kept for everything else: the listener, the readers' files, the runtime's own.
const RESERVED: u64 = 64;

impl Caps {
    /// Within the descriptors this process may open (`ulimit -n`).
    fn of_process() -> Caps {
        let limit = rustix::process::getrlimit(rustix::process::Resource::Nofile);
        Caps::within(limit.current.unwrap_or(u64::MAX))
    }

    /// Two thirds of the descriptors left after [`RESERVED`] for pages, one third for streams,
    /// at most [`PAGES`] and [`STREAMS`] (768 of the usual 1,024), and a few in any case.
    fn within(descriptors: u64) -> Caps {
        let usable = usize::try_from(descriptors.saturating_sub(RESERVED)).unwrap_or(usize::MAX);
        Caps {
            pages: (usable / 3).saturating_mul(2).clamp(4, PAGES),
            streams: (usable / 3).clamp(2, STREAMS),
        }
    }
}

/// Who holds a place: an address, or an IPv6 address's /64.
fn client(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => {
            let mut segments = v6.segments();
            segments[4..].fill(0);
            IpAddr::from(segments)
        }
        v4 => v4,
    }
}

/// One connection, as the places know it.
struct Connection {
    /// In the order they were accepted.
    number: u64,
    client: IpAddr,
    /// Among the streams (changed only under the places' lock).
    streaming: AtomicBool,
    /// Requests being answered on it: none, it is idle.
    busy: AtomicUsize,
    /// Told when it must close for a newcomer.
    close: Mutex<Option<oneshot::Sender<()>>>,
}

impl Connection {
    fn close(&self) {
        let told = self.close.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(told) = told {
            let _ = told.send(());
        }
    }
}

/// The places of one pool, by client, each client's in the order they were accepted.
#[derive(Default)]
struct Pool {
    by: HashMap<IpAddr, VecDeque<Arc<Connection>>>,
    count: usize,
}

impl Pool {
    fn push(&mut self, connection: Arc<Connection>) {
        self.by
            .entry(connection.client)
            .or_default()
            .push_back(connection);
        self.count += 1;
    }

    fn remove(&mut self, connection: &Connection) -> bool {
        let Some(held) = self.by.get_mut(&connection.client) else {
            return false;
        };
        let Some(at) = held.iter().position(|c| c.number == connection.number) else {
            return false;
        };
        held.remove(at);
        if held.is_empty() {
            self.by.remove(&connection.client);
        }
        self.count -= 1;
        true
    }

    /// The place to give up: the client holding the most (of those, the one whose oldest came
    /// first) gives up its oldest idle connection, else its oldest.
    fn give_up(&mut self) -> Option<Arc<Connection>> {
        let greediest = self
            .by
            .iter()
            .max_by(|(_, a), (_, b)| {
                let first = |held: &VecDeque<Arc<Connection>>| held.front().map(|c| c.number);
                a.len().cmp(&b.len()).then(first(b).cmp(&first(a)))
            })
            .map(|(client, _)| *client)?;
        let held = self.by.get_mut(&greediest)?;
        let at = held
            .iter()
            .position(|c| c.busy.load(Ordering::Relaxed) == 0)
            .unwrap_or(0);
        let connection = held.remove(at)?;
        if held.is_empty() {
            self.by.remove(&greediest);
        }
        self.count -= 1;
        Some(connection)
    }
}

/// Every place held, pages and streams.
struct Places {
    caps: Caps,
    held: Mutex<Held>,
    /// A place came free: a connection closed.
    freed: Notify,
}

#[derive(Default)]
struct Held {
    accepted: u64,
    pages: Pool,
    streams: Pool,
}

impl Places {
    fn new(caps: Caps) -> Places {
        Places {
            caps,
            held: Mutex::new(Held::default()),
            freed: Notify::new(),
        }
    }

    fn held(&self) -> std::sync::MutexGuard<'_, Held> {
        self.held.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A page's place for a connection from `ip`, taken from the greediest client if none is
    /// free; the receiver hears when the connection must close.
    fn admit(self: &Arc<Self>, ip: IpAddr) -> (Slot, oneshot::Receiver<()>) {
        let (close, closing) = oneshot::channel();
        let mut held = self.held();
        held.accepted += 1;
        let connection = Arc::new(Connection {
            number: held.accepted,
            client: client(ip),
            streaming: AtomicBool::new(false),
            busy: AtomicUsize::new(0),
            close: Mutex::new(Some(close)),
        });
        held.pages.push(Arc::clone(&connection));
        let given_up = (held.pages.count > self.caps.pages)
            .then(|| held.pages.give_up())
            .flatten();
        drop(held);
        if let Some(given_up) = given_up {
            given_up.close();
        }
        let place = Place {
            connection,
            places: Arc::clone(self),
        };
        (Slot(place), closing)
    }

    /// `connection` turns into an event stream: its page's place for a stream's.
    fn stream(&self, connection: &Arc<Connection>) {
        let mut held = self.held();
        if connection.streaming.load(Ordering::Relaxed) || !held.pages.remove(connection) {
            return;
        }
        connection.streaming.store(true, Ordering::Relaxed);
        held.streams.push(Arc::clone(connection));
        let given_up = (held.streams.count > self.caps.streams)
            .then(|| held.streams.give_up())
            .flatten();
        drop(held);
        if let Some(given_up) = given_up {
            given_up.close();
        }
    }

    /// Descriptors ran out: one place given up (a page's if any), whether one was.
    fn give_up_one(&self) -> bool {
        let mut held = self.held();
        let given_up = held.pages.give_up().or_else(|| held.streams.give_up());
        drop(held);
        given_up.map(|c| c.close()).is_some()
    }

    fn release(&self, connection: &Connection) {
        let mut held = self.held();
        if !held.pages.remove(connection) {
            held.streams.remove(connection);
        }
        drop(held);
        self.freed.notify_waiters();
    }
}

/// A connection's place, as its requests see it (`axum::Extension<Place>`).
#[derive(Clone)]
pub struct Place {
    connection: Arc<Connection>,
    places: Arc<Places>,
}

impl Place {
    /// This connection now carries an event stream: it holds a stream's place, not a page's.
    pub fn stream(&self) {
        self.places.stream(&self.connection);
    }
}

/// A connection's place, given back when it closes.
struct Slot(Place);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.places.release(&self.0.connection);
    }
}

/// A request being answered on its connection, which is not idle meanwhile.
struct Busy(Arc<Connection>);

impl Busy {
    fn new(connection: &Arc<Connection>) -> Busy {
        connection.busy.fetch_add(1, Ordering::Relaxed);
        Busy(Arc::clone(connection))
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.busy.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Whether accepting failed for want of descriptors.
fn out_of_descriptors(e: &std::io::Error) -> bool {
    use rustix::io::Errno;
    matches!(Errno::from_io_error(e), Some(Errno::MFILE | Errno::NFILE))
}

/// Serve `router` on `listener` until `stop` resolves; then stop accepting, let each
/// connection finish the request it is answering, and return once all are closed.
pub async fn serve(listener: TcpListener, router: Router, stop: impl Future<Output = ()>) {
    let places = Arc::new(Places::new(Caps::of_process()));
    // Every connection holds a receiver, told once when to stop: when all are dropped, the
    // last connection is gone.
    let (stopping, stopped) = watch::channel(());
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            () = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    let freed = places.freed.notified();
                    tokio::pin!(freed);
                    freed.as_mut().enable();
                    // Out of descriptors: a place given up, then accept once it is closed.
                    if !(out_of_descriptors(&e) && places.give_up_one()) {
                        tokio::time::sleep(AFTER_ERROR).await;
                    } else {
                        let _ = tokio::time::timeout(AFTER_ERROR, freed).await;
                    }
                    continue;
                }
            },
        };
        let (slot, closing) = places.admit(peer.ip());
        let place = slot.0.clone();
        let router = router.clone();
        let service = hyper::service::service_fn(move |request| {
            answer(router.clone(), place.clone(), request)
        });
        let mut stopped = stopped.clone();
        tokio::spawn(async move {
            let _slot = slot;
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new())
                .header_read_timeout(HEAD)
                .max_buf_size(READ_BUFFER);
            let connection = http.serve_connection(TokioIo::new(stream), service);
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                // Its place given to a newcomer: dropped, so closed, at once.
                _ = closing => {}
                _ = stopped.changed() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
        });
    }
    drop(stopped);
    let _ = stopping.send(());
    stopping.closed().await;
}

/// Answer one request: its body read whole first ([`bounded`]), its connection's place among
/// its extensions, busy until its answer is ready.
async fn answer(
    mut router: Router,
    place: Place,
    request: Request<Incoming>,
) -> Result<Response<Body>, Infallible> {
    let _busy = Busy::new(&place.connection);
    let mut request = match bounded(request).await {
        Ok(request) => request,
        Err(status) => {
            let mut refused = Response::new(Body::empty());
            *refused.status_mut() = status;
            // What is left of the body is never read: the connection ends here.
            refused
                .headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
            return Ok(refused);
        }
    };
    request.extensions_mut().insert(place);
    std::future::poll_fn(|cx| tower_service::Service::<Request<Body>>::poll_ready(&mut router, cx))
        .await?;
    router.call(request).await
}

/// The request with its body read whole: at most [`BODY`] bytes, within [`HEAD`]. A body that
/// says it is larger is refused unread (413), as is one that turns out larger; one that does
/// not arrive in time is 408.
async fn bounded(request: Request<Incoming>) -> Result<Request<Body>, StatusCode> {
    let (parts, body) = request.into_parts();
    if body.is_end_stream() {
        return Ok(Request::from_parts(parts, Body::empty()));
    }
    if body.size_hint().lower() > BODY as u64 {
        return Err(StatusCode::PAYLOAD_TOO_LARGE);
    }
    match tokio::time::timeout(HEAD, axum::body::to_bytes(Body::new(body), BODY)).await {
        Ok(Ok(bytes)) => Ok(Request::from_parts(parts, Body::from(bytes))),
        Ok(Err(_)) => Err(StatusCode::PAYLOAD_TOO_LARGE),
        Err(_) => Err(StatusCode::REQUEST_TIMEOUT),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn places(pages: usize, streams: usize) -> Arc<Places> {
        Arc::new(Places::new(Caps { pages, streams }))
    }

    /// Whether the connection of `slot` was told to close, as its receiver hears it.
    fn closed(closing: &mut oneshot::Receiver<()>) -> bool {
        closing.try_recv().is_ok()
    }

    #[test]
    fn a_newcomer_takes_the_place_of_the_client_holding_the_most() {
        let places = places(8, 4);
        let greedy = IpAddr::from([10, 0, 0, 2]);
        let mut held: Vec<_> = (0..8).map(|_| places.admit(greedy)).collect();
        let mut phone = places.admit(IpAddr::from([10, 0, 0, 3]));
        assert!(
            closed(&mut held[0].1),
            "the greedy client's oldest gave way"
        );
        assert!(held[1..].iter_mut().all(|(_, c)| !closed(c)));
        assert!(!closed(&mut phone.1), "the newcomer is served");
        // The greedy client's next connection takes its own place, not the phone's.
        let _more = places.admit(greedy);
        assert!(!closed(&mut phone.1));
        assert!(closed(&mut held[1].1));
        assert_eq!(places.held().pages.count, 8);
    }

    #[test]
    fn an_idle_connection_gives_way_before_a_busy_one() {
        let places = places(2, 2);
        let ip = IpAddr::from([10, 0, 0, 2]);
        let (mut first, mut second) = (places.admit(ip), places.admit(ip));
        let _busy = Busy::new(&first.0.0.connection);
        let _third = places.admit(ip);
        assert!(!closed(&mut first.1), "busy answering a request");
        assert!(closed(&mut second.1), "idle, kept alive");
    }

    #[test]
    fn streams_never_take_a_pages_place() {
        let places = places(4, 2);
        let table = IpAddr::from([192, 168, 1, 1]);
        let mut streams: Vec<_> = (0..4).map(|_| places.admit(table)).collect();
        for (slot, _) in &streams {
            slot.0.stream();
        }
        // Four pages open behind the same router: every page load has a place.
        let mut loads: Vec<_> = (0..4).map(|_| places.admit(table)).collect();
        assert!(loads.iter_mut().all(|(_, c)| !closed(c)));
        let held = places.held();
        assert_eq!((held.pages.count, held.streams.count), (4, 2));
        drop(held);
        // Two streams beyond their cap: the oldest gave way, to streams only.
        assert!(closed(&mut streams[0].1) && closed(&mut streams[1].1));
        drop(loads);
        assert_eq!(
            places.held().pages.count,
            0,
            "places come back as connections close"
        );
    }

    #[test]
    fn many_addresses_cannot_keep_a_new_phone_out() {
        let places = places(32, 16);
        let mut attack = Vec::new();
        for n in 0..16u8 {
            for _ in 0..4 {
                let (slot, closing) = places.admit(IpAddr::from([10, 1, 0, n]));
                slot.0.stream();
                attack.push((slot, closing));
            }
        }
        let (phone, mut closing) = places.admit(IpAddr::from([10, 2, 0, 1]));
        phone.0.stream();
        assert!(!closed(&mut closing));
        assert_eq!(places.held().streams.count, 16);
    }

    #[test]
    fn an_ipv6_client_counts_as_its_slash_64() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::2".parse().unwrap();
        assert_eq!(client(a), client(b));
        let mapped: IpAddr = "::ffff:192.168.1.20".parse().unwrap();
        assert_eq!(client(mapped), IpAddr::from([192, 168, 1, 20]));
    }

    #[test]
    fn the_caps_follow_the_descriptors() {
        assert_eq!(
            Caps::within(1024),
            Caps {
                pages: PAGES,
                streams: STREAMS
            }
        );
        let low = Caps::within(256);
        assert!(
            low.pages + low.streams + RESERVED as usize <= 256,
            "{low:?}"
        );
        assert!(Caps::within(0).pages > 0);
    }
}
