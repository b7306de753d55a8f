//! Accepting the table's connections so that no one client can starve the others:
//! `axum::serve` gives no way to bound how long a request's head may take, nor how many
//! connections one address may hold, so this loop does both and hands each connection to
//! hyper as `axum::serve` would.
//!
//! - A request's head must arrive within [`HEAD`], and an idle kept-alive connection is
//!   closed after as long (hyper's header-read timeout runs while it waits for the next head):
//!   a slow or silent client holds nothing for long.
//! - One address holds at most [`PER_CLIENT`] connections, and all of them at most [`IN_ALL`],
//!   well under the 1,024 descriptors a process is usually given: a connection beyond either
//!   is closed at once, so one phone (or one attacker) holding hundreds open leaves the
//!   others served.

use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::watch;

/// How long a request's head may take to arrive, and a kept-alive connection may wait idle.
const HEAD: Duration = Duration::from_secs(10);

/// Connections one address may hold at once: a browser opens at most six to a server, plus a
/// live stream per open page.
const PER_CLIENT: usize = 32;

/// Connections in all.
const IN_ALL: usize = 512;

/// After an error accepting (descriptors run out), wait this long before trying again rather
/// than spinning.
const AFTER_ERROR: Duration = Duration::from_millis(50);

/// The connections open, by address.
#[derive(Default)]
struct Open(Mutex<HashMap<IpAddr, usize>>);

impl Open {
    /// A place for a connection from `ip`, if neither cap is reached.
    fn admit(self: &Arc<Self>, ip: IpAddr) -> Option<Slot> {
        let mut open = self.0.lock().unwrap_or_else(|p| p.into_inner());
        let all: usize = open.values().sum();
        let mine = open.entry(ip).or_default();
        if *mine >= PER_CLIENT || all >= IN_ALL {
            return None;
        }
        *mine += 1;
        Some(Slot(Arc::clone(self), ip))
    }
}

/// A connection's place, given back when it closes.
struct Slot(Arc<Open>, IpAddr);

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = (self.0).0.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = open.get_mut(&self.1) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.1);
            }
        }
    }
}

/// Serve `router` on `listener` until `stop` resolves; then stop accepting, let each
/// connection finish the request it is answering, and return once all are closed.
pub async fn serve(listener: TcpListener, router: Router, stop: impl Future<Output = ()>) {
    let open = Arc::new(Open::default());
    // Every connection holds a receiver, told once when to stop: when all are dropped, the
    // last connection is gone.
    let (stopping, stopped) = watch::channel(());
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            () = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(_) => {
                    tokio::time::sleep(AFTER_ERROR).await;
                    continue;
                }
            },
        };
        // Beyond a cap: closed at once, as it is dropped.
        let Some(slot) = open.admit(peer.ip()) else {
            continue;
        };
        let service = TowerToHyperService::new(router.clone());
        let mut stopped = stopped.clone();
        tokio::spawn(async move {
            let _slot = slot;
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new()).header_read_timeout(HEAD);
            let connection = http.serve_connection(TokioIo::new(stream), service);
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_address_cannot_take_every_place() {
        let open = Arc::new(Open::default());
        let (greedy, other) = (IpAddr::from([10, 0, 0, 2]), IpAddr::from([10, 0, 0, 3]));
        let held: Vec<Slot> = (0..PER_CLIENT).filter_map(|_| open.admit(greedy)).collect();
        assert_eq!(held.len(), PER_CLIENT);
        assert!(
            open.admit(greedy).is_none(),
            "one more from the same address"
        );
        assert!(open.admit(other).is_some(), "another address is served");
        drop(held);
        assert!(
            open.admit(greedy).is_some(),
            "places come back as connections close"
        );
    }

    #[test]
    fn no_more_than_in_all() {
        let open = Arc::new(Open::default());
        let held: Vec<Slot> = (0..IN_ALL)
            .filter_map(|n| open.admit(IpAddr::from([10, 1, (n / 250) as u8, (n % 250) as u8])))
            .collect();
        assert_eq!(held.len(), IN_ALL);
        assert!(open.admit(IpAddr::from([10, 2, 0, 1])).is_none());
    }
}
