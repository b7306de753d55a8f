//! `hoard serve`: the campaign in use as web pages the table opens on its phones — the party,
//! its treasure and its chronicle, as the players know them — and, with `--referee`, the
//! referee's dashboard behind a token. Read-only but for the players' claims (`--players`,
//! `writes`): the pages read through SQLite's read-only mode, each request reads one moment
//! of it, and no other route writes. Every page comes
//! from the same `app` read functions as the command line, and every rule of what a player
//! may know from `rules::knowledge` (through `app::export::player` and
//! `app::chronicle`); this module only gathers and draws.
//!
//! Live: a watcher reads the campaign's last event number twice a second and tells open pages
//! through server-sent events, whose script fetches the page again. The referee's dashboard
//! hears of every event (`/referee/TOKEN/events`); the players' pages (`/events`) only when
//! what they show changed, so a secret the referee records neither refreshes a phone nor
//! tells it that something was recorded: their stream counts changes seen, not events.

mod addresses;
mod cache;
mod charts;
mod console;
mod file;
mod gather;
mod guard;
mod listen;
mod pages;
mod personal;
mod reads;
mod routes;
mod writes;

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use crate::error::{Error, Result};
use crate::i18n::Lang;
use crate::tr;
use reads::Reads;

/// The options of a command the server runs on the campaign in use: its words of time follow
/// the campaign's rounds, as the command line's do.
fn options(campaign: Option<String>) -> crate::app::Options {
    crate::app::Options {
        campaign,
        opened: Some(crate::i18n::time::opened),
        ..crate::app::Options::default()
    }
}

/// What `hoard serve` was asked for.
#[derive(Debug, Clone)]
pub struct Settings {
    pub db: PathBuf,
    /// `--campaign`: the campaign to show instead of the one in use.
    pub campaign: Option<String>,
    /// `--bind`: an IP address, or a host name to look up.
    pub bind: String,
    /// 0: a free port.
    pub port: u16,
    /// Add the referee's dashboard behind a token.
    pub referee: bool,
    /// Who records what the referee's console records (`--referee NAME`, `HOARD_REFEREE`).
    pub recorder: Option<String>,
    /// Print each character's personal link.
    pub players: bool,
    /// `--lang`: every page in this language; else each reader's (`Accept-Language`).
    pub lang: Option<Lang>,
    /// `--seed`: the referee's console rolls reproducibly.
    pub seed: Option<u64>,
}

/// How often the watcher looks for new events: a page shows a change within this and the
/// time to fetch it again (the issue asks for 2 seconds).
const WATCH_EVERY: Duration = Duration::from_millis(500);

/// Serve until Ctrl-C. The first line printed is the players' address; with `--referee`, the
/// second is the dashboard's, token included (printed once, never stored).
pub async fn run(settings: Settings) -> Result<()> {
    let reads = Arc::new(Reads::new(settings.db.clone(), settings.campaign.clone()));
    // The database, and the campaign named, must open before anyone is told where to look.
    if settings.campaign.is_some() {
        reads
            .read(async |cx| cx.campaign().await.map(|_| ()))
            .await?;
    }
    // Who records the console's events must be one of the campaign's referees, as for any
    // command: said at start, not at the first form sent.
    if let (true, Some(name)) = (settings.referee, settings.recorder.clone()) {
        reads
            .read(async move |cx| {
                let found = cx.campaign().await?;
                crate::app::choice::referee_in(&found.campaign, &name).map(|_| ())
            })
            .await?;
    }
    let first = reads.stamp().await?;
    let listener = listen_on(&settings.bind, settings.port).await?;
    let address = listener.local_addr().map_err(Error::Io)?;
    let token = if settings.referee {
        Some(token()?)
    } else {
        None
    };
    let players = if settings.players {
        let writes = writes::Writes::new(settings.db.clone(), settings.campaign.clone());
        Some(Arc::new(personal::Players::new(writes)))
    } else {
        None
    };
    let console = match settings.referee {
        true => {
            let writes = writes::Writes::new(settings.db.clone(), settings.campaign.clone());
            let console = console::Console::new(writes, settings.recorder.clone(), settings.seed);
            Some(Arc::new(console.ok_or_else(no_generator)?))
        }
        false => None,
    };
    let mut lines = banner(address, token.as_deref(), settings.players);
    if let Some(players) = &players {
        let links = personal::links(players).await?;
        let last = lines.pop();
        lines.extend(personal::banner(&lines[0].clone(), &links));
        lines.extend(last);
    }
    for line in lines {
        println!("{line}");
    }
    let (changed, changes) = watch::channel(first);
    let (seen, sights) = watch::channel(0);
    let (stop, stopping) = watch::channel(false);
    let (shown, kept) = match shown_to_players(&reads, Kept::default()).await {
        Ok((shown, kept)) => (Some(shown), kept),
        Err(_) => (None, Kept::default()),
    };
    let live = Live {
        changed,
        seen,
        shown,
        kept,
    };
    let watcher = tokio::spawn(watch_ledger(reads.clone(), live, stopping));
    let app = routes::App {
        reads,
        token: token.map(Arc::from),
        lang: settings.lang,
        changes,
        sights,
        players,
        console,
        pages: Arc::default(),
    };
    listen::serve(listener, routes::router(app), async move {
        let _ = tokio::signal::ctrl_c().await;
        // Live streams end with the watcher, so open pages let the server stop.
        let _ = stop.send(true);
    })
    .await;
    let _ = watcher.await;
    println!("{}", tr!("Stopped.", "Arrêté."));
    Ok(())
}

/// Listen on `bind` (an IP address, or a host name looked up) at `port`; a refusal says what
/// to change.
async fn listen_on(bind: &str, port: u16) -> Result<tokio::net::TcpListener> {
    let addresses: Vec<SocketAddr> = match tokio::net::lookup_host((bind, port)).await {
        Ok(found) => found.collect(),
        Err(_) => Vec::new(),
    };
    if addresses.is_empty() {
        return Err(Error::Invalid(
            tr!(
                "--bind {bind}: no such address; give an address of this computer, such as 127.0.0.1 or 192.168.1.20, a host name that names it, or 0.0.0.0 for all of them",
                "--bind {bind} : adresse introuvable ; donnez une adresse de cet ordinateur, comme 127.0.0.1 ou 192.168.1.20, un nom d'hôte qui le désigne, ou 0.0.0.0 pour toutes"
            )
            .into(),
        ));
    }
    tokio::net::TcpListener::bind(&addresses[..])
        .await
        .map_err(|e| {
            if e.kind() == std::io::ErrorKind::AddrNotAvailable {
                let own = addresses::reaching(IpAddr::V6(std::net::Ipv6Addr::UNSPECIFIED));
                let own: Vec<String> = own.iter().map(IpAddr::to_string).collect();
                let own = own.join(", ");
                return Error::Invalid(
                    tr!(
                        "--bind {bind}: not an address of this computer (its own: {own}); give one of them, or 0.0.0.0 for all of them",
                        "--bind {bind} : pas une adresse de cet ordinateur (les siennes : {own}) ; donnez-en une, ou 0.0.0.0 pour toutes"
                    )
                    .into(),
                );
            }
            Error::Io(std::io::Error::new(
                e.kind(),
                tr!(
                    "cannot listen on {bind} port {port}: {e}; choose another --port (--port 0 picks a free one)",
                    "impossible d'écouter sur {bind} port {port} : {e} ; choisissez un autre --port (--port 0 en prend un libre)"
                ),
            ))
        })
}

/// What `serve` prints at start-up: the players' address first, the referee's (with its
/// token) second, then who can reach them. Listening on every network (`0.0.0.0`), the
/// address shown is this computer's first, and the last line names the others.
fn banner(listening: SocketAddr, token: Option<&str>, players: bool) -> Vec<String> {
    let port = listening.port();
    // What the server writes: nothing, the referee's console, the players' claims.
    let writes = match (token.is_some(), players) {
        (false, false) => tr!("Read-only", "Lecture seule"),
        (false, true) => tr!(
            "Read-only but for the players' claims on their links",
            "Lecture seule, sauf les demandes des joueurs sur leurs liens"
        ),
        (true, false) => tr!(
            "Read-only but for the referee's console",
            "Lecture seule, sauf la console du meneur"
        ),
        (true, true) => tr!(
            "Read-only but for the referee's console and the players' claims on their links",
            "Lecture seule, sauf la console du meneur et les demandes des joueurs sur leurs liens"
        ),
    };
    let mut reached: Vec<SocketAddr> = Vec::new();
    if listening.ip().is_unspecified() {
        let own = addresses::reaching(listening.ip()).into_iter();
        reached.extend(own.map(|ip| SocketAddr::new(ip, port)));
    }
    if reached.is_empty() {
        reached.push(listening);
    }
    let url = format!("http://{}/", reached[0]);
    let mut lines = vec![url.clone()];
    if let Some(token) = token {
        lines.push(format!("{url}referee/{token}"));
        lines.push(tr!(
            "The second address is the referee's dashboard, whose forms record: keep it to yourself (its token is shown only now).",
            "La seconde adresse est le tableau de bord du meneur, dont les formulaires enregistrent : gardez-la pour vous (son jeton n'est montré que maintenant)."
        ));
    }
    let ip = listening.ip();
    lines.push(if ip.is_loopback() {
        tr!(
            "Only this computer can open these pages (--bind ADDR lets phones on your network in). {writes}; Ctrl-C stops.",
            "Seul cet ordinateur peut ouvrir ces pages (--bind ADRESSE y laisse les téléphones de votre réseau). {writes} ; Ctrl-C arrête."
        )
    } else if ip.is_unspecified() {
        let all: Vec<String> = reached.iter().map(|a| format!("http://{a}/")).collect();
        let all = all.join(", ");
        tr!(
            "Anyone who can reach this computer on any of its networks can now open these pages, at {all}. {writes}; Ctrl-C stops.",
            "Quiconque atteint cet ordinateur par l'un de ses réseaux peut maintenant ouvrir ces pages, à {all}. {writes} ; Ctrl-C arrête."
        )
    } else {
        tr!(
            "Anyone who can reach {ip} (the devices on that network) can now open these pages. {writes}; Ctrl-C stops.",
            "Quiconque atteint {ip} (les appareils de ce réseau) peut maintenant ouvrir ces pages. {writes} ; Ctrl-C arrête."
        )
    });
    lines
}

/// A fresh random token for the referee's address: 128 bits from the system's generator.
fn token() -> Result<String> {
    console::random_hex().ok_or_else(no_generator)
}

fn no_generator() -> Error {
    Error::Io(std::io::Error::other(tr!(
        "the system's random generator failed: no token for the referee's dashboard",
        "le générateur aléatoire du système a échoué : pas de jeton pour le tableau de bord du meneur"
    )))
}

/// What the watcher tells open pages.
struct Live {
    /// The referee's: every new stamp.
    changed: watch::Sender<reads::Stamp>,
    /// The players': how many times what their pages show has changed.
    seen: watch::Sender<u64>,
    /// What the players' pages showed last ([`shown_to_players`]); `None` until it could be
    /// read, or after the ledger moved and it could not be read again.
    shown: Option<u64>,
    /// The closed sessions' chronicles as last drawn.
    kept: Kept,
}

/// Tell open pages when the campaign's ledger moves (or another campaign comes into use, or
/// the file is replaced), until the server stops.
async fn watch_ledger(reads: Arc<Reads>, mut live: Live, mut stopping: watch::Receiver<bool>) {
    let mut every = tokio::time::interval(WATCH_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = stopping.changed() => return,
            _ = every.tick() => {
                // A file replaced under the server: every page now says so, once.
                if reads.replaced().await {
                    if live.shown.take().is_some() {
                        live.changed.send_modify(|_| ());
                        live.seen.send_modify(|n| *n += 1);
                    }
                    continue;
                }
                // A moment the database cannot be read (a writer migrating it) is not a change.
                let Ok(stamp) = reads.stamp().await else { continue };
                let moved = live
                    .changed
                    .send_if_modified(|old| std::mem::replace(old, stamp) != stamp);
                if moved || live.shown.is_none() {
                    let before = live.shown;
                    let kept = std::mem::take(&mut live.kept);
                    live.shown = match shown_to_players(&reads, kept).await {
                        Ok((shown, kept)) => {
                            live.kept = kept;
                            Some(shown)
                        }
                        Err(_) => None,
                    };
                    if live.shown.is_some() && live.shown != before {
                        live.seen.send_modify(|n| *n += 1);
                    }
                }
            }
        }
    }
}

/// A digest of every page the players can open (the party, the treasure, each session's
/// chronicle), as drawn now: equal digests, nothing a player sees has changed. `kept` holds
/// the closed sessions' chronicles as last drawn ([`Kept`]); it comes back with the digest.
async fn shown_to_players(reads: &Reads, kept: Kept) -> Result<(u64, Kept)> {
    use std::hash::{Hash, Hasher};
    reads
        .read(async move |cx| {
            let mut kept = kept;
            let mut digest = std::hash::DefaultHasher::new();
            pages::party(&gather::Party::read(cx).await?)
                .into_string()
                .hash(&mut digest);
            pages::treasure(&gather::Treasure::read(cx).await?)
                .into_string()
                .hash(&mut digest);
            // The claims the personal pages show: a claim refreshes them.
            personal::claims_shown(cx).await?.hash(&mut digest);
            let outside = Kept::outside(cx).await?;
            if outside != kept.outside {
                kept = Kept {
                    outside,
                    ..Kept::default()
                };
            }
            let sessions = crate::app::session::list(cx).await?;
            for (session, _) in &sessions {
                let closed = session.ended_seq.is_some();
                let drawn = match kept.chronicles.get(&session.number) {
                    Some(drawn) if closed => *drawn,
                    _ => {
                        let mut page = std::hash::DefaultHasher::new();
                        if let Some(mut told) =
                            gather::Chronicle::read(cx, Some(session.number)).await?
                        {
                            // The clock is the frame's, which the party page shows too.
                            told.clock = 0;
                            pages::chronicle(&told).into_string().hash(&mut page);
                        }
                        let drawn = page.finish();
                        if closed {
                            kept.chronicles.insert(session.number, drawn);
                        }
                        drawn
                    }
                };
                drawn.hash(&mut digest);
            }
            Ok((digest.finish(), kept))
        })
        .await
}

/// The closed sessions' chronicles as last drawn, by session, while what they read beside
/// their own events stays as it was (`outside`). A closed session's events are a range of the
/// ledger that is never written again, so its chronicle changes only with the rest: drawing
/// it again at every move made each move cost the whole ledger, seconds of CPU on
/// 300,000 events (docs/benchmarks.md, "What a ledger move costs `hoard serve`").
#[derive(Default)]
struct Kept {
    outside: u64,
    chronicles: std::collections::HashMap<u32, u64>,
}

impl Kept {
    /// A digest of all a closed session's chronicle reads beside its own events: the
    /// campaign's name and settings, every session's number and title (the chronicles'
    /// menu), the voids, the events recorded later that name a session (tagged), the
    /// characters' names and every item as it stands.
    async fn outside(cx: &mut crate::app::Ctx) -> Result<u64> {
        use crate::store::{characters, events, items};
        use std::hash::{Hash, Hasher};
        let found = cx.campaign().await?;
        let mut outside = std::hash::DefaultHasher::new();
        found.campaign.name.hash(&mut outside);
        format!("{:?}", found.campaign.settings).hash(&mut outside);
        for (session, _) in crate::app::session::list(cx).await? {
            (session.number, session.title).hash(&mut outside);
        }
        let id = found.id;
        format!("{:?}", events::voided(cx.conn(), id).await?).hash(&mut outside);
        for tag in [events::BROUGHT_BACK, "kind:coins_shared", "kind:xp_awarded"] {
            for rec in events::tagged(cx.conn(), id, tag).await? {
                rec.seq.hash(&mut outside);
            }
        }
        for c in characters::list(cx.conn(), id).await? {
            (c.id, c.name).hash(&mut outside);
        }
        let every = items::ListFilter::default();
        items::list(cx.conn(), id, &every, |item| {
            format!("{item:?}").hash(&mut outside);
            Ok::<_, crate::store::Error>(())
        })
        .await?;
        Ok(outside.finish())
    }
}
