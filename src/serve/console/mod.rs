//! The referee's console (`serve --referee`): on the dashboard, a form for each thing that
//! happens at the table, posting to `/referee/do/FORM`. A form is declared ([`forms`]): its
//! fields fill its command's arguments, and the command runs as the command line runs it
//! (`cli::console`: the same grammar, `app` function and words), recorded by the referee, in
//! the page's language. The answer is the dashboard again, the command's sentences (and its
//! dice) beside its form; a refusal is the command's own, with nothing recorded.
//!
//! Every post is hostile until validated, and refused with nothing recorded when it:
//! - does not carry the referee's token in its body (404, as any address without it);
//! - comes from another site (`Origin` / `Sec-Fetch-Site`, [`super::guard`]; 403);
//! - is past the rate ([`PER_MINUTE`] a minute; 429);
//! - is not exactly its form's fields (400);
//! - carries no value its page was drawn with, or one already spent: sent twice, replayed,
//!   or from a page older than the server ([`seal`]; 409);
//! - confirms a preview whose seal does not hold (400), or after the ledger moved (409).
//!
//! Any form can be previewed (a command may roll dice through what it sets off: time passing
//! under a sword's hold, a wound that calls for a control check): the command runs under
//! `--dry-run` with a seed drawn now, and the answer shows its dice with a confirm form that carries the seed and the
//! moment of the ledger, sealed; confirmed, it runs again with that seed on that same ledger,
//! so the dice recorded are the dice shown.

mod forms;
mod seal;

pub use seal::random_hex;

use std::ffi::OsString;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use maud::{Markup, html};

use super::guard::{Buckets, same_origin};
use super::pages::{self, Tab};
use super::routes::App;
use super::writes::Writes;
use crate::app::{self, Ctx};
use crate::error::{Error, Result};
use crate::i18n::{self, Wording as _, pick};
use crate::tr;
use crate::view::inert::safe;
use forms::{Arg, Form, Kind, Values};

/// Posts the console takes a minute: a token bucket holding this many, refilled at this rate
/// (two a second: a referee previewing and recording as fast as they can click stays under
/// it; a script gone wrong is stopped).
pub const PER_MINUTE: u32 = 120;

/// The page's own fields, beside a form's: the token, the page's value, and a preview's.
pub(super) const OWN: &[&str] = &["token", "nonce", "preview", "seed", "stamp", "seal"];

/// What the console needs beside the pages': the writer, the page values and seals, the rate.
pub struct Console {
    writes: Writes,
    seal: seal::Seal,
    bucket: Buckets,
    /// Who records (`--referee NAME`, `HOARD_REFEREE`); else whom the command line would name.
    recorder: Option<String>,
    /// `hoard --seed N serve`: every form's dice drawn from this, in the order posted, so a
    /// session recorded from the page is reproducible as one typed with seeds.
    dice: Option<std::sync::Mutex<rand_chacha::ChaCha8Rng>>,
}

impl Console {
    /// `None` when the system's generator cannot give the seals a key.
    pub fn new(writes: Writes, recorder: Option<String>, seed: Option<u64>) -> Option<Console> {
        Some(Console {
            writes,
            seal: seal::Seal::new()?,
            bucket: Buckets::new(PER_MINUTE),
            recorder,
            dice: seed.map(|seed| std::sync::Mutex::new(crate::rules::dice::seeded(seed))),
        })
    }

    /// The seed of a post's dice: the server's `--seed`'s next, else (a preview only: a
    /// record without one rolls as the command line does) the system's.
    fn seed(&self, preview: bool) -> Option<Option<u64>> {
        use rand::RngCore as _;
        match &self.dice {
            Some(dice) => Some(Some(
                dice.lock().unwrap_or_else(|e| e.into_inner()).next_u64(),
            )),
            None if preview => seal::seed().map(Some),
            None => Some(None),
        }
    }
}

/// What the forms offer to choose from: the campaign's names.
pub struct Choices {
    characters: Vec<String>,
    /// Each item still there: what to send for it (its name, or its id when another item
    /// has the same name) and how the list shows it.
    items: Vec<(String, String)>,
    places: Vec<String>,
    /// The letters of the campaign's treasure types.
    types: Vec<String>,
    /// Each line of the campaign's price list: what to send for it (its name, or its id when
    /// the name would not come back as it is) and its price.
    goods: Vec<(String, String)>,
}

impl Choices {
    pub async fn read(cx: &mut Ctx) -> Result<Choices> {
        let characters = app::character::list(cx)
            .await?
            .into_iter()
            .map(|c| c.name)
            .collect();
        let mut all = Vec::new();
        app::item::list(cx, None, None, |item, holder| {
            if !item.status.used_up() {
                all.push((item, holder));
            }
            Ok(())
        })
        .await?;
        let items = all
            .iter()
            .map(|(item, holder)| {
                let name = pick(&item.name, &item.name_fr).to_string();
                let alike = all
                    .iter()
                    .filter(|(other, _)| pick(&other.name, &other.name_fr) == name)
                    .count();
                // Its id when its name would not come back as it is: shared, or shown with
                // a control character made visible.
                let value = if alike == 1 && safe(&name) == name {
                    name.clone()
                } else {
                    item.id.clone()
                };
                let label = match (holder, &item.place) {
                    (Some(who), _) => format!("{name} — {who}"),
                    (None, Some(place)) => format!("{name} — {place}"),
                    (None, None) => name,
                };
                (value, label)
            })
            .collect();
        let places = app::coins::show(cx)
            .await?
            .places
            .into_iter()
            .map(|p| p.place)
            .collect();
        let types = app::treasure::types(cx, None)
            .await?
            .types
            .into_iter()
            .map(|t| t.key)
            .collect();
        let goods = app::shop::goods(cx)
            .await?
            .into_iter()
            .map(|g| {
                let name = pick(&g.name, &g.fr).to_string();
                let value = if safe(&name) == name { name } else { g.id };
                (value, i18n::coins::text(&g.price))
            })
            .collect();
        Ok(Choices {
            characters,
            items,
            places,
            types,
            goods,
        })
    }
}

impl Choices {
    /// `values` with each name the page showed made safe (`\u{202e}` for a bidirectional
    /// control) read back as the name it shows, so that what the referee picked is what the
    /// command is given.
    fn restore(&self, form: &Form, values: &mut Values) {
        for (name, given) in values.iter_mut() {
            let known = match form.fields.iter().find(|f| f.name == *name).map(|f| f.kind) {
                Some(Kind::Character | Kind::Characters) => &self.characters,
                Some(Kind::Place) => &self.places,
                _ => continue,
            };
            for value in given.iter_mut() {
                if let Some(raw) = known.iter().find(|k| safe(k) == *value && *k != value) {
                    *value = raw.clone();
                }
            }
        }
    }
}

/// A post's answer, beside its form.
pub struct Answer {
    form: &'static Form,
    /// What was sent: a refused or previewed form comes back filled in.
    values: Values,
    outcome: Outcome,
}

enum Outcome {
    Recorded(String),
    Previewed {
        said: String,
        seed: u64,
        stamp: String,
        seal: String,
    },
    Refused(String),
}

/// The console: a searchable list of each kind of name, then each form, folded under its
/// title but for the one answered (and damage, the most used, open from the start).
pub fn draw(choices: &Choices, token: &str, nonce: &str, answer: Option<&Answer>) -> Markup {
    html! {
        section #console aria-labelledby="console-title" {
            h2 #console-title { (tr!("Record", "Enregistrer")) }
            datalist #characters { @for name in &choices.characters { option value=(safe(name)) {} } }
            datalist #items { @for (value, label) in &choices.items { option value=(safe(value)) { (safe(label)) } } }
            datalist #places { @for name in &choices.places { option value=(safe(name)) {} } }
            datalist #types { @for letter in &choices.types { option value=(safe(letter)) {} } }
            datalist #goods { @for (value, price) in &choices.goods { option value=(safe(value)) { (price) } } }
            @for form in forms::FORMS {
                @let answered = answer.filter(|a| a.form.name == form.name);
                (draw_form(form, choices, token, nonce, answered))
            }
        }
    }
}

fn draw_form(
    form: &Form,
    choices: &Choices,
    token: &str,
    nonce: &str,
    answer: Option<&Answer>,
) -> Markup {
    let open = answer.is_some() || form.name == "damage";
    // A refused or previewed form comes back as it was sent; a recorded one empty.
    let refill = answer.filter(|a| !matches!(a.outcome, Outcome::Recorded(_)));
    let value = |name: &str| -> Vec<String> {
        refill
            .and_then(|a| a.values.iter().find(|(n, _)| *n == name))
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    let action = format!("/referee/do/{}#{}", form.name, form.name);
    html! {
        details.console id=(form.name) open[open] {
            summary { (pick(form.title.0, form.title.1)) }
            @if let Some(a) = answer {
                @match &a.outcome {
                    Outcome::Recorded(said) => div.said role="status" { (lines(said)) },
                    Outcome::Previewed { said, .. } => div.said.preview role="status" {
                        p.note { (tr!("Preview: nothing recorded yet.", "Aperçu : rien d'enregistré pour l'instant.")) }
                        (lines(said))
                    },
                    Outcome::Refused(said) => div.problem role="alert" { (lines(said)) },
                }
            }
            form.console method="post" action=(action) {
                input type="hidden" name="token" value=(token);
                input type="hidden" name="nonce" value=(nonce);
                @for field in form.fields {
                    (draw_field(form, field, choices, &value(field.name)))
                }
                div.buttons {
                    button type="submit" { (tr!("Record", "Enregistrer")) }
                    button type="submit" name="preview" value="1" { (tr!("Preview the dice", "Voir les dés d'abord")) }
                }
            }
            @if let Some(Answer { values, outcome: Outcome::Previewed { seed, stamp, seal, .. }, .. }) = answer {
                form.console.confirm method="post" action=(action) {
                    input type="hidden" name="token" value=(token);
                    input type="hidden" name="nonce" value=(nonce);
                    @for (name, given) in values {
                        @for v in given { input type="hidden" name=(name) value=(v); }
                    }
                    input type="hidden" name="seed" value=(seed);
                    input type="hidden" name="stamp" value=(stamp);
                    input type="hidden" name="seal" value=(seal);
                    div.buttons {
                        button type="submit" { (tr!("Record these dice", "Enregistrer ces dés")) }
                    }
                }
            }
        }
    }
}

/// Each line of what a command said, as it said it.
fn lines(said: &str) -> Markup {
    html! { @for line in said.lines().filter(|l| !l.trim().is_empty()) { p { (safe(line)) } } }
}

fn draw_field(form: &Form, field: &forms::Field, choices: &Choices, given: &[String]) -> Markup {
    let id = format!("{}-{}", form.name, field.name);
    let label = pick(field.label.0, field.label.1);
    let first = given.first().map(String::as_str).unwrap_or_default();
    let list = match field.kind {
        Kind::Character => Some("characters"),
        Kind::Item => Some("items"),
        Kind::Place => Some("places"),
        Kind::TreasureType => Some("types"),
        Kind::Goods => Some("goods"),
        Kind::Characters | Kind::Number | Kind::Text | Kind::Choice(_) | Kind::Check => None,
    };
    html! {
        @match field.kind {
            Kind::Characters => fieldset.characters {
                legend { (label) }
                @for (i, name) in choices.characters.iter().enumerate() {
                    @let one = format!("{id}-{i}");
                    span.choice {
                        input type="checkbox" id=(one) name=(field.name) value=(safe(name))
                            checked[given.contains(&safe(name))];
                        label for=(one) { (safe(name)) }
                    }
                }
            },
            Kind::Check => div.check {
                input type="checkbox" id=(id) name=(field.name) value="on" checked[first == "on"];
                label for=(id) { (label) }
            },
            Kind::Choice(options) => div.field {
                label for=(id) { (label) }
                select id=(id) name=(field.name) {
                    @for (value, words) in options {
                        option value=(value) selected[*value == first] { (pick(words.0, words.1)) }
                    }
                }
            },
            Kind::Number => div.field {
                label for=(id) { (label) }
                input type="text" inputmode="numeric" id=(id) name=(field.name) value=(first)
                    autocomplete="off" required[field.arg == Arg::Positional];
            },
            Kind::Character | Kind::Item | Kind::Place | Kind::TreasureType | Kind::Goods | Kind::Text => div.field {
                label for=(id) { (label) }
                input type="text" id=(id) name=(field.name) value=(first) list=[list]
                    autocomplete="off" required[field.arg == Arg::Positional];
            },
        }
    }
}

/// A post's fields, exactly its form's: the page's own once each (`preview`, and a
/// preview's three, only when sent), each of the form's at most once (several of its
/// characters' boxes), nothing else; `None` otherwise.
struct Posted {
    token: String,
    nonce: String,
    preview: bool,
    /// A preview confirmed: its seed, its moment, its seal.
    confirm: Option<(u64, String, String)>,
    values: Values,
}

fn posted(form: &'static Form, body: &[u8]) -> Option<Posted> {
    let mut own: Vec<(String, String)> = Vec::new();
    let mut values: Values = Vec::new();
    for (key, value) in url::form_urlencoded::parse(body) {
        if OWN.contains(&key.as_ref()) {
            if own.iter().any(|(k, _)| *k == key) {
                return None;
            }
            own.push((key.into_owned(), value.into_owned()));
            continue;
        }
        let field = form.fields.iter().find(|f| f.name == key)?;
        match values.iter_mut().find(|(n, _)| *n == field.name) {
            Some((_, given)) if field.kind == Kind::Characters => given.push(value.into_owned()),
            Some(_) => return None,
            None => values.push((field.name, vec![value.into_owned()])),
        }
    }
    let take = |name: &str| own.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
    let confirm = match (take("seed"), take("stamp"), take("seal")) {
        (Some(seed), Some(stamp), Some(seal)) => Some((seed.parse().ok()?, stamp, seal)),
        (None, None, None) => None,
        _ => return None,
    };
    let preview = match take("preview").as_deref() {
        None => false,
        Some("1") if confirm.is_none() => true,
        Some(_) => return None,
    };
    Some(Posted {
        token: take("token")?,
        nonce: take("nonce")?,
        preview,
        confirm,
        values,
    })
}

/// What a preview's seal covers: the form, its values in its fields' order, the seed and the
/// moment of the ledger.
fn sealed(form: &Form, values: &Values, seed: u64, stamp: &str) -> Vec<String> {
    let mut parts = vec![form.name.to_string(), seed.to_string(), stamp.to_string()];
    for field in form.fields {
        let given = values
            .iter()
            .find(|(n, _)| *n == field.name)
            .map(|(_, v)| v.join("\u{1f}"))
            .unwrap_or_default();
        parts.push(field.name.to_string());
        parts.push(given);
    }
    parts
}

pub async fn post(
    State(app): State<App>,
    Path(name): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let (Some(console), Some(form)) = (app.console.clone(), forms::named(&name)) else {
        return super::routes::not_found(State(app), headers).await;
    };
    let carried = url::form_urlencoded::parse(&body)
        .find(|(key, _)| key == "token")
        .is_some_and(|(_, given)| app.referee(&given));
    if !carried {
        return super::routes::not_found(State(app), headers).await;
    }
    let lang = app.lang(&headers);
    i18n::within(lang, async {
        if !same_origin(&headers) {
            let said = tr!(
                "This request did not come from the console's page: nothing recorded.",
                "Cette requête ne vient pas de la page de la console : rien d'enregistré."
            );
            return refused(StatusCode::FORBIDDEN, &said);
        }
        if !console.bucket.allow("referee") {
            let said = tr!(
                "Too many forms at once ({n} a minute at most): wait a moment and send it again.",
                "Trop de formulaires d'un coup ({n} par minute au plus) : attendez un instant et renvoyez-le.",
                n = PER_MINUTE
            );
            let mut response = refused(StatusCode::TOO_MANY_REQUESTS, &said);
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(console.bucket.retry_after()));
            return response;
        }
        let Some(sent) = posted(form, &body) else {
            let said = tr!(
                "This request is not the console's form: nothing recorded.",
                "Cette requête n'est pas le formulaire de la console : rien d'enregistré."
            );
            return refused(StatusCode::BAD_REQUEST, &said);
        };
        if !console.seal.spend(&sent.nonce) {
            let said = tr!(
                "This form was sent already, or its page is older than the server: nothing recorded. The dashboard shows what is recorded; send it again from there if need be.",
                "Ce formulaire a déjà été envoyé, ou sa page est plus ancienne que le serveur : rien d'enregistré. Le tableau de bord montre ce qui est enregistré ; renvoyez-le de là s'il le faut."
            );
            return refused(StatusCode::CONFLICT, &said);
        }
        let (status, outcome) = run(&app, &console, form, &sent).await;
        let answer = Answer {
            form,
            values: sent.values,
            outcome,
        };
        let token = sent.token;
        let mut response = super::routes::dashboard(&app, &headers, token, Some(answer)).await;
        if response.status() == StatusCode::OK {
            *response.status_mut() = status;
        }
        response
    })
    .await
}

/// Run the form's command: as a preview, as a preview confirmed, or plainly.
async fn run(
    app: &App,
    console: &Console,
    form: &'static Form,
    sent: &Posted,
) -> (StatusCode, Outcome) {
    let stamp = match app.reads.stamp().await {
        Ok((campaign, seq)) => format!("{campaign}:{seq}"),
        Err(e) => {
            return (
                StatusCode::SERVICE_UNAVAILABLE,
                Outcome::Refused(e.worded().to_string()),
            );
        }
    };
    let seed = match &sent.confirm {
        Some((seed, then, seal)) => {
            let parts = sealed(form, &sent.values, *seed, then);
            let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
            if !console.seal.holds(&parts, seal) {
                let said = tr!(
                    "This confirmation is not the preview's: nothing recorded. Preview again.",
                    "Cette confirmation n'est pas celle de l'aperçu : rien d'enregistré. Refaites l'aperçu."
                );
                return (StatusCode::BAD_REQUEST, Outcome::Refused(said));
            }
            if *then != stamp {
                let said = tr!(
                    "Something was recorded since this preview, so its dice may no longer fall the same: nothing recorded. Preview again.",
                    "Quelque chose a été enregistré depuis cet aperçu, ses dés pourraient ne plus tomber pareil : rien d'enregistré. Refaites l'aperçu."
                );
                return (StatusCode::CONFLICT, Outcome::Refused(said));
            }
            Some(*seed)
        }
        None => match console.seed(sent.preview) {
            Some(seed) => seed,
            None => {
                let said = tr!(
                    "The system's random generator failed: no dice to preview.",
                    "Le générateur aléatoire du système a échoué : pas de dés à montrer."
                );
                return (StatusCode::SERVICE_UNAVAILABLE, Outcome::Refused(said));
            }
        },
    };
    let (db, campaign) = console.writes.place();
    let mut args: Vec<OsString> = Vec::new();
    let mut db_arg = OsString::from("--db=");
    db_arg.push(db);
    args.push(db_arg);
    if let Some(campaign) = campaign {
        args.push(format!("--campaign={campaign}").into());
    }
    if let Some(recorder) = &console.recorder {
        args.push(format!("--referee={recorder}").into());
    }
    if let Some(seed) = seed {
        args.push(format!("--seed={seed}").into());
    }
    if sent.preview {
        args.push("--dry-run".into());
    }
    let mut values = sent.values.clone();
    match app.reads.read(Choices::read).await {
        Ok(choices) => choices.restore(form, &mut values),
        Err(e) => {
            return (
                StatusCode::SERVICE_UNAVAILABLE,
                Outcome::Refused(e.worded().to_string()),
            );
        }
    }
    args.extend(form.arguments(&values).into_iter().map(OsString::from));
    let ran = console
        .writes
        .alone(async move || crate::cli::console::run(args.clone()).await)
        .await;
    match (ran, seed) {
        (Ok(said), Some(seed)) if sent.preview => {
            let parts = sealed(form, &sent.values, seed, &stamp);
            let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
            let seal = console.seal.sign(&parts);
            let outcome = Outcome::Previewed {
                said,
                seed,
                stamp,
                seal,
            };
            (StatusCode::OK, outcome)
        }
        (Ok(said), _) => (StatusCode::OK, Outcome::Recorded(said)),
        (Err(e), _) => {
            let status = match e {
                Error::Busy(_) | Error::Unusable(_) | Error::Database(_) | Error::Io(_) => {
                    StatusCode::SERVICE_UNAVAILABLE
                }
                _ => StatusCode::UNPROCESSABLE_ENTITY,
            };
            (status, Outcome::Refused(e.worded().to_string()))
        }
    }
}

/// A post refused before it ran: why, and the way back (the browser's).
fn refused(status: StatusCode, said: &str) -> Response {
    let markup = pages::frame(
        &tr!("Not recorded", "Pas enregistré"),
        Tab::None,
        None,
        html! { p.problem { (safe(said)) } },
    );
    (status, pages::html(markup)).into_response()
}

/// A fresh value for a page being drawn; `None` if the system's generator failed.
pub fn mint(console: &Console) -> Option<String> {
    console.seal.mint()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sent(form: &str, body: &str) -> Option<Posted> {
        posted(forms::named(form).unwrap(), body.as_bytes())
    }

    #[test]
    fn a_post_is_its_forms_fields_exactly() {
        let ok = sent("damage", "token=t&nonce=n&character=Ada&amount=3").unwrap();
        assert_eq!(
            ok.values,
            vec![
                ("character", vec!["Ada".to_string()]),
                ("amount", vec!["3".to_string()])
            ]
        );
        assert!(!ok.preview && ok.confirm.is_none());
        for forged in [
            "nonce=n&character=Ada&amount=3",
            "token=t&character=Ada&amount=3",
            "token=t&nonce=n&character=Ada&amount=3&db=x",
            "token=t&nonce=n&character=Ada&amount=3&amount=4",
            "token=t&token=t&nonce=n&character=Ada",
            "token=t&nonce=n&preview=yes",
            "token=t&nonce=n&seed=1&stamp=1:2",
            "token=t&nonce=n&seed=x&stamp=1:2&seal=s",
            "token=t&nonce=n&preview=1&seed=1&stamp=1:2&seal=s",
        ] {
            assert!(sent("damage", forged).is_none(), "{forged}");
        }
    }

    #[test]
    fn several_characters_go_in_one_field_and_a_preview_is_asked_or_confirmed() {
        let start = sent(
            "session-start",
            "token=t&nonce=n&title=Barrow&with=A&with=B",
        )
        .unwrap();
        assert_eq!(
            start.values[1],
            ("with", vec!["A".to_string(), "B".to_string()])
        );
        assert!(sent("damage", "token=t&nonce=n&preview=1").unwrap().preview);
        let confirmed = sent("damage", "token=t&nonce=n&seed=7&stamp=1:2&seal=s").unwrap();
        assert_eq!(
            confirmed.confirm,
            Some((7, "1:2".to_string(), "s".to_string()))
        );
    }

    #[test]
    fn a_seal_covers_the_form_its_values_the_seed_and_the_moment() {
        let damage = forms::named("damage").unwrap();
        let values: Values = vec![
            ("amount", vec!["3".into()]),
            ("character", vec!["Ada".into()]),
        ];
        let parts = sealed(damage, &values, 7, "1:2");
        assert_eq!(
            parts,
            ["damage", "7", "1:2", "character", "Ada", "amount", "3"]
        );
    }
}
