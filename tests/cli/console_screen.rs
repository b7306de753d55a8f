//! The referee's console in Chromium (issue #55), as `browser.rs` drives it: forms typed
//! with the keyboard at a phone's and a laptop's width, in English and French, a refusal
//! beside its form, another site's form and a page sent twice recording nothing, the
//! dashboard following the table while the forms keep what is typed, and axe-core (installed
//! once into the build folder by npm) finding nothing to fault on the dashboard or an answer.

use std::time::{Duration, Instant};

use fantoccini::Locator;
use fantoccini::key::Key;
use serde_json::json;

use crate::browser::Browser;
use crate::common::Hoard;
use crate::serve::{Served, campaign};

/// axe-core's version, pinned.
const AXE: &str = "axe-core@4.10.3";

/// axe-core's script, installed into the build folder on first use (`target/axe-core`);
/// `None` when npm is missing outside CI.
fn axe() -> Option<String> {
    let script = crate::common::npm_installed("axe-core", AXE, "node_modules/axe-core/axe.min.js")?;
    Some(std::fs::read_to_string(script).expect("axe-core's script"))
}

/// axe-core's violations on the page now (WCAG 2 A and AA, and its best practices), each as
/// its rule and the elements it faults.
fn violations(b: &Browser, axe: &str) -> Vec<String> {
    b.run(&format!("{axe}\nreturn 0;"));
    let found = b
        .runtime
        .block_on(b.client.execute_async(
            "const done = arguments[arguments.length - 1];
             axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'] })
               .then(r => done(r.violations.map(v => v.id + ': ' + v.nodes.map(n => n.html).join(' | '))));",
            vec![],
        ))
        .expect("axe runs");
    serde_json::from_value(found).expect("a list")
}

/// Type `text` into the field `css`, as a keyboard does.
fn type_into(b: &Browser, css: &str, text: &str) {
    let field = b
        .runtime
        .block_on(b.client.find(Locator::Css(css)))
        .unwrap_or_else(|_| panic!("{css}"));
    b.runtime.block_on(field.send_keys(text)).expect("typed");
}

/// Wait (at most 10 s) until `script` returns true.
fn until(b: &Browser, what: &str, script: &str) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while b.run(script) != json!(true) {
        assert!(Instant::now() < deadline, "{what}: {}", b.text());
        std::thread::park_timeout(Duration::from_millis(25));
    }
}

fn ledger(h: &Hoard) -> String {
    h.ok(&["log", "--json"])
}

/// A browser, the test campaign and its server with `args` (`--referee` added); `None` when
/// there is no Chromium here (said loudly).
fn served(test: &str, args: &[&str]) -> Option<(Browser, Hoard, Served)> {
    let b = Browser::start(test)?;
    let h = Hoard::new();
    campaign(&h);
    let mut args = args.to_vec();
    args.push("--referee");
    let s = Served::start(&h, &args);
    Some((b, h, s))
}

#[test]
fn the_console_records_from_the_keyboard_at_a_phones_and_a_laptops_width() {
    let Some((b, h, s)) = served(
        "the_console_records_from_the_keyboard_at_a_phones_and_a_laptops_width",
        &[],
    ) else {
        return;
    };
    let dashboard = s.referee();
    let path = format!(
        "/{}",
        dashboard
            .split_once("//")
            .unwrap()
            .1
            .split_once('/')
            .unwrap()
            .1
    );
    let axe = axe();
    for (width, height, hp) in [(375, 812, "9"), (1280, 900, "6")] {
        b.resize(width, height);
        b.go(&dashboard);
        assert!(
            !b.scrolls_sideways(),
            "the console scrolls sideways at {width} px"
        );
        b.screenshot(&format!("console-{width}"));
        // Every form unfolded: each field labelled, nothing wider than the page.
        b.run(
            "document.querySelectorAll('details.console').forEach(d => d.open = true); return 0;",
        );
        assert!(
            !b.scrolls_sideways(),
            "an unfolded form scrolls sideways at {width} px"
        );
        if let Some(axe) = &axe {
            let found = violations(&b, axe);
            assert!(found.is_empty(), "axe at {width} px: {found:#?}");
        }
        b.go(&dashboard);
        // Typed, chosen from the list by its first letters, sent with Enter.
        type_into(&b, "#damage-character", "Arnaud");
        type_into(
            &b,
            "#damage-amount",
            &format!("3{}", char::from(Key::Enter)),
        );
        until(
            &b,
            "the sentence beside the form",
            &format!(
                "return document.body.innerText.includes('Arnaud takes 3 damage: 12 → {hp}/12 HP.') || document.body.innerText.includes('→ {hp}/12');"
            ),
        );
        // The dashboard's address again: a reload shows the dashboard, sends nothing.
        until(
            &b,
            "the dashboard's address",
            &format!("return location.pathname === '{path}';"),
        );
        b.screenshot(&format!("console-recorded-{width}"));
        // A treasure type previewed: its dice shown, and the button that records them.
        type_into(&b, "#treasure summary", &char::from(Key::Enter).to_string());
        type_into(&b, "#treasure-type", "A");
        b.run("document.querySelector('#treasure button[name=preview]').click(); return 0;");
        until(
            &b,
            "the preview",
            "return !!document.querySelector('#treasure form.confirm');",
        );
        b.screenshot(&format!("console-preview-{width}"));
        if let Some(axe) = &axe {
            let found = violations(&b, axe);
            assert!(
                found.is_empty(),
                "axe on an answer at {width} px: {found:#?}"
            );
        }
    }
    // Recorded twice, previewed once: the sheet says so.
    assert_eq!(h.json(&["character", "show", "Arnaud"])["hp"], 6);
}

#[test]
fn a_refusal_shows_beside_its_form_and_forged_or_replayed_forms_record_nothing() {
    let Some((b, h, s)) = served(
        "a_refusal_shows_beside_its_form_and_forged_or_replayed_forms_record_nothing",
        &["--lang", "fr"],
    ) else {
        return;
    };
    let dashboard = s.referee();
    b.go(&dashboard);
    let before = ledger(&h);
    // Refused by the command: its words, beside the form still filled in, in French.
    type_into(&b, "#damage-character", "Zed");
    type_into(
        &b,
        "#damage-amount",
        &format!("3{}", char::from(Key::Enter)),
    );
    until(
        &b,
        "the refusal",
        "const a = document.querySelector('#damage [role=alert]'); return !!a && a.innerText.includes('Zed');",
    );
    assert_eq!(
        b.run("return document.querySelector('#damage-character').value;"),
        json!("Zed")
    );
    assert!(b.text().contains("Enregistrer"), "{}", b.text());
    assert_eq!(ledger(&h), before);
    // Another site's page posting the dashboard's own form, token and value included.
    let form = b
        .run("return document.querySelector('#heal form').outerHTML;")
        .as_str()
        .unwrap()
        .replace(
            "action=\"/referee/do/heal",
            &format!("action=\"{}referee/do/heal", s.url),
        );
    let form = form
        .replace("name=\"amount\" value=\"\"", "name=\"amount\" value=\"1\"")
        .replace(
            "name=\"character\" value=\"\"",
            "name=\"character\" value=\"Arnaud\"",
        );
    let page = format!("<!doctype html><title>elsewhere</title>{form}");
    let other = tempfile::tempdir().unwrap();
    let file = other.path().join("evil.html");
    std::fs::write(&file, page).unwrap();
    b.go(&format!("file://{}", file.display()));
    b.run("document.querySelector('form').requestSubmit(); return 0;");
    until(
        &b,
        "the refusal of another site",
        "return document.title !== 'elsewhere' && document.readyState === 'complete';",
    );
    assert!(b.text().contains("rien d'enregistré"), "{}", b.text());
    assert_eq!(ledger(&h), before, "another site's form recorded nothing");
    // A page's form sent, then sent again from the page it came from: a replay.
    b.go(&dashboard);
    let sent = b
        .run("return document.querySelector('#heal form').outerHTML;")
        .as_str()
        .unwrap()
        .to_string();
    // Heal is folded under its title: opened from the keyboard.
    type_into(&b, "#heal summary", &char::from(Key::Enter).to_string());
    type_into(&b, "#heal-character", "Arnaud");
    type_into(&b, "#heal-amount", &format!("1{}", char::from(Key::Enter)));
    until(
        &b,
        "the heal",
        "return !!document.querySelector('#heal [role=status]');",
    );
    let recorded = ledger(&h);
    assert_ne!(recorded, before);
    b.runtime
        .block_on(b.client.execute(
            "document.body.insertAdjacentHTML('beforeend', arguments[0]);
             const f = document.body.lastElementChild;
             f.querySelector('[name=character]').value = 'Arnaud';
             f.querySelector('[name=amount]').value = '1';
             f.requestSubmit();",
            vec![json!(sent)],
        ))
        .expect("sent again");
    until(
        &b,
        "the replay's refusal",
        "return document.body.innerText.includes('déjà été envoyé');",
    );
    assert_eq!(ledger(&h), recorded, "a replay recorded nothing");
}

#[test]
fn the_dashboard_follows_the_table_while_the_forms_keep_what_is_typed() {
    let Some((b, h, s)) = served(
        "the_dashboard_follows_the_table_while_the_forms_keep_what_is_typed",
        &[],
    ) else {
        return;
    };
    b.go(&s.referee());
    until(
        &b,
        "the page listening",
        "return document.documentElement.dataset.live === 'on';",
    );
    type_into(&b, "#damage-character", "Béa");
    // Recorded elsewhere: the dashboard shows it, the form keeps what the referee typed, and
    // the list of names follows the campaign.
    h.character("Clovis", 12, 12, 7, "lawful");
    until(
        &b,
        "the new character on the dashboard and in the list",
        "return document.querySelector('#dashboard').innerText.includes('Clovis')
            && !!document.querySelector('#characters option[value=Clovis]');",
    );
    assert_eq!(
        b.run("return document.querySelector('#damage-character').value;"),
        json!("Béa")
    );
    // The game's clock above the forms follows too.
    let clock = b.run("return document.querySelector('#page > p.campaign').textContent;");
    h.ok(&["time", "advance", "3", "hours"]);
    until(
        &b,
        "the clock moving",
        &format!("return document.querySelector('#page > p.campaign').textContent !== {clock};"),
    );
    assert_eq!(
        b.run("return document.querySelector('#damage-character').value;"),
        json!("Béa")
    );
}

#[test]
fn every_form_is_sent_from_a_phone_and_answered_beside_itself() {
    let Some(b) = Browser::start("every_form_is_sent_from_a_phone_and_answered_beside_itself")
    else {
        return;
    };
    let h = Hoard::new();
    crate::console::barrow(&h);
    let s = Served::start(&h, &["--referee"]);
    let dashboard = s.referee();
    let mut recorded = 0;
    for (form, fields, _) in crate::console::STORY {
        b.go(&dashboard);
        let values: Vec<(String, String)> = url::form_urlencoded::parse(fields.as_bytes())
            .into_owned()
            .collect();
        // Unfolded, filled in as a referee would, and sent with its Record button.
        b.runtime
            .block_on(b.client.execute(
                "const [name, values] = arguments;
                 const part = document.getElementById(name);
                 part.open = true;
                 const form = part.querySelector('form');
                 for (const [field, value] of values) {
                   form.querySelector('[name=\"' + field + '\"]').value = value;
                 }
                 form.querySelector('button:not([name])').click();",
                vec![json!(form), json!(values)],
            ))
            .expect("sent");
        until(
            &b,
            &format!("the answer beside {form}"),
            &format!(
                "return !!document.querySelector('#{form} [role=status], #{form} [role=alert]');"
            ),
        );
        let answered = b.run(&format!(
            "return document.querySelector('#{form} [role=status], #{form} [role=alert]').getAttribute('role');"
        ));
        recorded += usize::from(answered == json!("status"));
        assert!(!b.scrolls_sideways(), "{form}'s answer scrolls sideways");
    }
    assert!(recorded >= 12, "{recorded} forms recorded");
}
