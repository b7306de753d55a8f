//! What every write from a page passes before anything else is read of it: that the browser
//! sent it from this server's own page, and that its sender has not written too often. The
//! players' claims (`personal`) and the referee's console (`console`) share it.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

use axum::http::{HeaderMap, HeaderValue, header};

/// Whether the request comes from this server's own page. A browser says where a request
/// comes from in `Sec-Fetch-Site`, which decides when present; else in `Origin`, unless it is
/// `null` (what a form sends under `Referrer-Policy: no-referrer`, which these pages carry).
/// Behind a reverse proxy that ends TLS the page's origin is `https://` and the `Host` the
/// proxy passed on: either scheme with this request's own `Host` is this server. A request
/// that says another site is refused; the token in the form is what an attacker's page cannot
/// know.
pub fn same_origin(headers: &HeaderMap) -> bool {
    let text = |name| {
        headers
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
    };
    if let Some(site) = text(header::HeaderName::from_static("sec-fetch-site")) {
        return matches!(site, "same-origin" | "none");
    }
    match (text(header::ORIGIN), text(header::HOST)) {
        (Some("null") | None, _) => true,
        (Some(origin), Some(host)) => ["http://", "https://"]
            .iter()
            .any(|scheme| origin.strip_prefix(scheme) == Some(host)),
        (Some(_), None) => false,
    }
}

/// Token buckets, one per sender: each holds `per_minute` writes and is refilled at that
/// rate, in memory (a restart refills them).
pub struct Buckets {
    per_minute: u32,
    buckets: Mutex<HashMap<String, (f64, Instant)>>,
}

impl Buckets {
    pub fn new(per_minute: u32) -> Buckets {
        Buckets {
            per_minute,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Whether `sender` may write now (and count it).
    pub fn allow(&self, sender: &str) -> bool {
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        let full = f64::from(self.per_minute);
        let (left, since) = buckets.entry(sender.to_string()).or_insert((full, now));
        let refill = now.duration_since(*since).as_secs_f64() * full / 60.0;
        *left = (*left + refill).min(full);
        *since = now;
        if *left >= 1.0 {
            *left -= 1.0;
            true
        } else {
            false
        }
    }

    /// Seconds until a sender refused has one write again.
    pub fn retry_after(&self) -> u32 {
        60_u32.div_ceil(self.per_minute.max(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    #[test]
    fn a_request_is_this_servers_by_its_fetch_site_else_its_origin() {
        assert!(same_origin(&headers(&[("sec-fetch-site", "same-origin")])));
        assert!(!same_origin(&headers(&[
            ("sec-fetch-site", "cross-site"),
            ("origin", "http://h:1"),
            ("host", "h:1")
        ])));
        assert!(same_origin(&headers(&[
            ("origin", "http://h:1"),
            ("host", "h:1")
        ])));
        assert!(same_origin(&headers(&[
            ("origin", "https://h"),
            ("host", "h")
        ])));
        assert!(!same_origin(&headers(&[
            ("origin", "https://evil"),
            ("host", "h")
        ])));
        assert!(!same_origin(&headers(&[
            ("origin", "https://h.evil"),
            ("host", "h")
        ])));
        assert!(same_origin(&headers(&[("origin", "null"), ("host", "h")])));
    }

    #[test]
    fn a_bucket_holds_its_writes_a_minute() {
        let b = Buckets::new(3);
        assert!((0..3).all(|_| b.allow("a")));
        assert!(!b.allow("a"));
        assert!(b.allow("b"), "each sender has their own");
        assert_eq!(b.retry_after(), 20);
    }
}
