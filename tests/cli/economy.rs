//! The campaign's economy (issue #54): goods bought from the edition's price list at the
//! book's price (OSE Classic Fantasy's *Adventuring Gear* and *Weapons and Armour*, the AD&D
//! 2e PHB's equipment), paid from the buyer's purse, carried and weighed, sold back at the
//! equipment market's fraction, explained and undone. Shared with PostgreSQL.

use crate::common::Hoard;

/// Ulric (STR 10) with 10 gp and 5 sp in his purse.
fn buyer(h: &Hoard) {
    h.character("Ulric", 10, 10, 8, "lawful");
    h.ok_words("coins add 10 gp 5 sp --to Ulric");
}

/// What Ulric's purse holds, as `coins --json` gives it.
fn purse(h: &Hoard) -> serde_json::Value {
    h.json(&["coins"])["purses"][0]["coins"].clone()
}

fn coins(gp: i64, sp: i64, cp: i64) -> serde_json::Value {
    serde_json::json!({ "cp": cp, "sp": sp, "ep": 0, "gp": gp, "pp": 0 })
}

/// OSE's « Torches (6) 1 gp »: one lot is six torches for a gold piece, from Ulric's purse,
/// and he carries them; the coins leave as a consequence of the goods bought.
#[test]
fn goods_are_bought_at_the_lists_price_from_the_buyers_purse() {
    let h = Hoard::new();
    buyer(&h);
    let bought = h.json(&["buy", "torches", "--by", "Ulric"]);
    assert_eq!(bought["list"], "equipment-ose");
    assert_eq!(bought["goods"], "torches");
    assert_eq!(
        (bought["count"].as_u64(), bought["pieces"].as_u64()),
        (Some(1), Some(6))
    );
    assert_eq!(bought["price"], coins(1, 0, 0));
    assert_eq!(bought["purse"], coins(9, 5, 0));
    assert_eq!(bought["item"]["name"], "Torches (6)");
    assert_eq!(bought["item"]["category"], "gear");
    assert_eq!(bought["item"]["identity"]["count"], 6);
    let events = bought["events"].as_array().unwrap();
    assert_eq!(events[0]["kind"], "item_created");
    assert_eq!(events[1]["kind"], "coins_spent");
    assert_eq!(events[1]["cause"], events[0]["id"]);
    // « Rations (standard, 7 days) 5 gp », by its French name: seven rations.
    let said = h.ok(&[
        "--lang",
        "fr",
        "buy",
        "Rations (ordinaires, 7 jours)",
        "--by",
        "Ulric",
    ]);
    assert!(
        said.contains("On achète Rations (ordinaires, 7 jours)"),
        "{said}"
    );
    assert!(
        said.contains("5 po dépensés depuis la bourse de Ulric"),
        "{said}"
    );
    // Two lots of « Iron spikes (12) 1 gp »: 24 spikes for 2 gp.
    let spikes = h.json(&["buy", "iron spikes (12)", "--count", "2", "--by", "Ulric"]);
    assert_eq!(spikes["pieces"], 24);
    assert_eq!(spikes["purse"], coins(2, 5, 0));
    let sheet = h.ok(&["character", "show", "Ulric"]);
    assert!(sheet.contains("Torches (6) — gear, ×6"), "{sheet}");
    assert!(
        sheet.contains("Rations (standard, 7 days) — gear, ×7"),
        "{sheet}"
    );
    assert!(sheet.contains("Iron spikes (12) — gear, ×24"), "{sheet}");
    h.ok(&["buy", "hammer", "--by", "Ulric"]);
    // 5 sp is less than a gold piece.
    let short = h.refused_unchanged(&["buy", "rope", "--by", "Ulric"], 4);
    assert!(
        short.contains("Ulric has 5 sp, less than the price, 1 gp"),
        "{short}"
    );
    // Silver pays a gold piece's price at the rates.
    h.ok_words("coins add 1 pp 5 sp --to Ulric");
    let paid = h.json(&["buy", "rope", "--by", "Ulric"]);
    assert_eq!(paid["paid"], coins(0, 10, 0));
    assert_eq!(purse(&h)["pp"], 1);
    // Two flasks of oil, 4 gp: the coins cannot make it, so the platinum piece pays and the
    // seller gives 1 gp back, in the event, the answer and the posting.
    let oil = h.json(&["buy", "oil", "--count", "2", "--by", "Ulric"]);
    let pp = serde_json::json!({ "cp": 0, "sp": 0, "ep": 0, "gp": 0, "pp": 1 });
    assert_eq!(oil["paid"], pp, "{oil}");
    assert_eq!(oil["change"], coins(1, 0, 0));
    assert_eq!(oil["events"][1]["payload"]["change"], coins(1, 0, 0));
    assert_eq!(purse(&h), coins(1, 0, 0));
    let log = h.ok(&["log"]);
    assert!(
        log.contains("1 pp spent from Ulric's purse (1 gp back in change)"),
        "{log}"
    );
    h.ok(&["undo"]);
    assert_eq!(purse(&h)["pp"], 1);
    assert!(h.ok(&["check"]).starts_with("ok"));
}

/// A name the list does not sell is refused with the nearest one it does; a count of none
/// is no purchase; nothing changes.
#[test]
fn what_the_list_does_not_sell_is_refused_with_the_nearest_name() {
    let h = Hoard::new();
    buyer(&h);
    let near = h.refused_unchanged(&["buy", "torchs", "--by", "Ulric"], 3);
    assert!(
        near.contains("equipment-ose sells no \"torchs\": did you mean Torches (6)?"),
        "{near}"
    );
    let fr = h.refused_unchanged(&["--lang", "fr", "buy", "torchs", "--by", "Ulric"], 3);
    assert!(fr.contains("vouliez-vous dire Torches (6) ?"), "{fr}");
    let json = h.fails(&["--json", "buy", "torchs", "--by", "Ulric"], 3);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["error"]["code"], "not_found");
    assert_eq!(json["error"]["reason"], "unknown_goods");
    assert_eq!(json["error"]["near"]["en"], "Torches (6)");
    h.refused_unchanged(&["buy", "torches", "--count", "0", "--by", "Ulric"], 2);
}

/// Gear sells back at the equipment market's fraction of what it cost (50% unless the
/// campaign sets another); a purchase undone gives the coins back and takes the goods away;
/// `explain` tells where they came from, and `check` replays it all.
#[test]
fn gear_sells_back_at_the_equipment_fraction_and_a_purchase_is_undone_whole() {
    let h = Hoard::new();
    buyer(&h);
    h.ok(&["buy", "sword", "--by", "Ulric"]);
    let sold = h.json(&["sell", "Sword", "--to", "Ulric"]);
    assert_eq!(sold["balances"][0]["coins"], coins(5, 5, 0));
    h.ok(&["campaign", "set", "sell-fraction", "equipment", "0.25"]);
    let bought = h.json(&["buy", "mirror", "--by", "Ulric"]);
    let id = bought["events"][0]["id"].to_string();
    let explained = h.ok(&["explain", &id]);
    assert!(
        explained.contains("bought from price list equipment-ose (shipped tables)"),
        "{explained}"
    );
    assert!(
        explained.contains("OSE Classic Fantasy, Adventuring Gear"),
        "{explained}"
    );
    let undone = h.ok(&["undo"]);
    assert!(
        undone.contains("Mirror (hand-sized, steel) is bought"),
        "{undone}"
    );
    assert_eq!(purse(&h), coins(5, 5, 0));
    h.fails(&["item", "show", "Mirror (hand-sized, steel)"], 3);
    h.ok(&["buy", "mirror", "--by", "Ulric"]);
    let sold = h.json(&["sell", "Mirror (hand-sized, steel)", "--to", "Ulric"]);
    // 5 gp at 25%: 1 gp 2 sp 5 cp back, to the 5 sp left after paying.
    assert_eq!(sold["balances"][0]["coins"], coins(1, 7, 5));
    assert!(h.ok(&["check"]).starts_with("ok"));
}

/// An AD&D campaign buys from the PHB's tables (a torch for a copper piece, burning half an
/// hour) and what it buys weighs as the PHB says, ten coins to the pound (a torch 1 lb, a long
/// sword 4 lb), its coins a fifth of OSE's.
#[test]
fn an_adnd_campaign_buys_from_the_phb_and_its_goods_weigh() {
    let h = Hoard::new();
    h.ok(&["campaign", "set", "edition", "adnd"]);
    buyer(&h);
    h.ok_words("coins add 10 gp 10 cp --to Ulric");
    let torch = h.json(&["buy", "torch", "--count", "3", "--by", "Ulric"]);
    assert_eq!(torch["list"], "equipment-adnd");
    assert_eq!(torch["price"], coins(0, 0, 3));
    assert_eq!(torch["paid"], coins(0, 0, 3));
    // 3 torches (30 coins) and 20 gp 5 sp 7 cp (32 coins, 6.4 by AD&D's): 37.
    assert_eq!(h.json(&["character", "show", "Ulric"])["load"], 37);
    h.ok(&["buy", "long sword", "--by", "Ulric"]);
    // And a long sword (40), for 15 gp: 5 gp 5 sp 7 cp left (3.4): 74.
    assert_eq!(h.json(&["character", "show", "Ulric"])["load"], 74);
    // The PHB prices every holy item alike: a wooden symbol is 25 gp too, more than is left.
    let holy = ["buy", "holy-symbol-wooden", "--by", "Ulric"];
    h.refused_unchanged(&holy, 4);
    // The PHB's light sources burn a torch half an hour: 3 turns, and it is used up.
    h.ok(&["session", "start", "Delve", "--with", "Ulric"]);
    h.ok(&["light", "Torch", "--by", "Ulric"]);
    assert_eq!(
        h.json(&["time", "advance", "2", "turns"])["consequences"],
        serde_json::json!([])
    );
    let passed = h.json(&["time", "advance", "1", "turn"]);
    assert_eq!(passed["consequences"][0]["kind"], "light_burnt", "{passed}");
    assert_eq!(passed["consequences"][0]["payload"]["out"], true);
    let items = h.json(&["item", "list", "--owner", "Ulric"]);
    let torch = items
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["name"] == "Torch");
    assert_eq!(torch.unwrap()["count"], 2);
}

/// Armour and weapons bought are what the price list says they are: OSE's « Chainmail 5 [14] »
/// worn with a « Shield +1 bonus » gives AC 4 [15] (*Weapons and Armour*), weighs the book's
/// 400 and 100 coins, is no magic item, and sells back on the equipment market; a sword
/// bought is a weapon of *Weapons*' 1d8.
#[test]
fn armour_and_weapons_bought_are_worn_and_sold_as_equipment() {
    let h = Hoard::new();
    buyer(&h);
    h.ok_words("coins add 50 gp --to Ulric");
    let mail = h.json(&["buy", "chainmail", "--by", "Ulric"]);
    assert_eq!(mail["item"]["category"], "armor");
    assert_eq!(mail["item"]["identity"]["kind"], "chain");
    let shield = h.json(&["buy", "shield", "--by", "Ulric"]);
    assert_eq!(shield["item"]["identity"]["kind"], "shield");
    let sword = h.json(&["buy", "sword", "--by", "Ulric"]);
    assert_eq!(sword["item"]["category"], "weapon");
    assert_eq!(sword["item"]["identity"]["kind"], "sword");
    h.ok(&["wear", "Chainmail", "--by", "Ulric"]);
    h.ok(&["wear", "Shield", "--by", "Ulric"]);
    let sheet = h.json(&["character", "show", "Ulric"]);
    assert_eq!(
        sheet["armor_class"],
        serde_json::json!({"ac": 4, "aac": 15})
    );
    // Chain 400, shield 100, sword 60, the 5 sp left and OSE's 80 of gear.
    assert_eq!(sheet["load"], 400 + 100 + 60 + 5 + 80);
    let shown = h.ok(&["item", "show", "Chainmail"]);
    assert!(!shown.contains("non-permanent powers"), "{shown}");
    assert!(
        shown.contains("bought from price list equipment-ose"),
        "{shown}"
    );
    let seen = h.json(&["item", "show", "Chainmail"]);
    assert_eq!(
        (seen["metal"].as_bool(), seen.get("initiative")),
        (Some(true), None),
        "{seen}"
    );
    // A suit is worn whole: one at a time.
    let two = h.fails(&["buy", "plate mail", "--count", "2", "--by", "Ulric"], 2);
    assert!(two.contains("bought one at a time"), "{two}");
    // 40 gp at the equipment market's 25%, not the magic market's half.
    h.ok(&["campaign", "set", "sell-fraction", "equipment", "0.25"]);
    let sold = h.json(&["sell", "Chainmail", "--to", "Ulric"]);
    assert_eq!(sold["balances"][0]["coins"], coins(10, 5, 0));
    let sheet = h.json(&["character", "show", "Ulric"]);
    assert_eq!(
        sheet["armor_class"],
        serde_json::json!({"ac": 8, "aac": 11})
    );
    // 10 gp at 25%: 2 gp 5 sp.
    let sold = h.json(&["sell", "Sword", "--to", "Ulric"]);
    assert_eq!(sold["balances"][0]["coins"], coins(12, 10, 0));
    assert!(h.ok(&["check"]).starts_with("ok"));
}

/// An AD&D campaign's armour follows the PHB's Table 46: scale mail AC 6, chain mail AC 5,
/// and a shield, body shield or buckler, better by 1.
#[test]
fn adnd_armour_bought_gives_table_46s_armour_class() {
    let h = Hoard::new();
    h.ok(&["campaign", "set", "edition", "adnd"]);
    buyer(&h);
    h.ok_words("coins add 200 gp --to Ulric");
    h.ok(&["buy", "scale mail", "--by", "Ulric"]);
    h.ok(&["buy", "Shield, body", "--by", "Ulric"]);
    h.ok(&["wear", "Scale mail", "--by", "Ulric"]);
    let ac = |h: &Hoard| h.json(&["character", "show", "Ulric"])["armor_class"].clone();
    assert_eq!(ac(&h), serde_json::json!({"ac": 6, "aac": 13}));
    h.ok(&["wear", "Shield, body", "--by", "Ulric"]);
    assert_eq!(ac(&h), serde_json::json!({"ac": 5, "aac": 14}));
    // Scale mail 400 coins, the body shield 150, 80 gp 5 sp (85 coins, 17 by AD&D's).
    assert_eq!(
        h.json(&["character", "show", "Ulric"])["load"],
        400 + 150 + 17
    );
    h.ok(&["sell", "Scale mail", "--to", "Ulric"]);
    h.ok(&["buy", "chain mail", "--by", "Ulric"]);
    h.ok(&["wear", "Chain mail", "--by", "Ulric"]);
    assert_eq!(ac(&h), serde_json::json!({"ac": 4, "aac": 15}));
}

/// A campaign's folder replaces a price list like any table; `tables check` names a line
/// that is wrong.
#[test]
fn a_campaigns_folder_replaces_the_price_list_and_is_checked() {
    let h = Hoard::new();
    buyer(&h);
    let dir = h.dir.path().join("tables");
    std::fs::create_dir(&dir).unwrap();
    let list = |price: &str| {
        format!(
            "name = \"equipment-ose\"\ntitle = \"Dear shop\"\ntitle_fr = \"Boutique chère\"\nversion = 2\nsource = \"the referee\"\nnotes = \"\"\n\n[[goods]]\nid = \"torches\"\nname = \"Torches (6)\"\nfr = \"Torches (6)\"\nprice = \"{price}\"\ncount = 6\nweight = 10\n"
        )
    };
    std::fs::write(dir.join("equipment-ose.toml"), list("one gold")).unwrap();
    let dir_text = dir.to_str().unwrap();
    let checked = h.fails(&["tables", "check", dir_text], 2);
    assert!(
        checked.contains("goods torches: price \"one gold\" is no amount of coins"),
        "{checked}"
    );
    // An armour line names a kind of armour the armour table knows.
    let mithril = format!("{}armor = \"mithril\"\n", list("3 gp"));
    std::fs::write(dir.join("equipment-ose.toml"), mithril).unwrap();
    let checked = h.fails(&["tables", "check", dir_text], 2);
    assert!(
        checked.contains(
            "goods torches: armor \"mithril\" is no kind of armour: one of padded, leather"
        ),
        "{checked}"
    );
    std::fs::write(dir.join("equipment-ose.toml"), list("3 gp")).unwrap();
    h.ok(&["tables", "check", dir_text]);
    h.ok(&["campaign", "set", "tables", dir_text]);
    let bought = h.json(&["buy", "torches", "--by", "Ulric"]);
    assert_eq!(bought["price"], coins(3, 0, 0));
    // Six torches of 10 coins each, on top of the purse's 12 coins and OSE's 80 of gear.
    assert_eq!(
        h.json(&["character", "show", "Ulric"])["load"],
        60 + 12 + 80
    );
}

/// Ann (OSE) with torches, a lantern and two flasks of oil, out on an expedition.
fn lights(h: &Hoard) {
    h.ok(&["campaign", "set", "edition", "ose"]);
    h.character("Ann", 10, 10, 8, "lawful");
    h.ok_words("coins add 20 gp --to Ann");
    h.ok_words("buy torches --by Ann");
    h.ok_words("buy lantern --by Ann");
    h.ok_words("buy oil --count 2 --by Ann");
    h.ok(&["session", "start", "Delve", "--with", "Ann"]);
}

/// The sheet's line of an item Ann carries.
fn carried(h: &Hoard, name: &str) -> String {
    let sheet = h.ok(&["character", "show", "Ann"]);
    sheet
        .lines()
        .find(|l| l.contains(name))
        .unwrap_or_else(|| panic!("{name} in {sheet}"))
        .to_string()
}

/// OSE, *Adventuring Gear*: a torch burns 6 turns. Lit, put out after 4, lit again, it burns
/// out 2 turns later, used up, and the light goes out — as a consequence of the clock,
/// undone with it. The sheet says how long it has burnt, never how long is left.
#[test]
fn a_torch_burns_on_its_holders_clock_and_burnt_out_is_used_up() {
    let h = Hoard::new();
    lights(&h);
    let torches = "Torches (6)";
    let lit = h.ok(&["light", torches, "--by", "Ann"]);
    assert!(lit.contains("Ann lights Torches (6)"), "{lit}");
    h.refused_unchanged(&["light", torches, "--by", "Ann"], 4);
    h.ok_words("time advance 4 turns");
    assert!(
        carried(&h, torches).contains("×6,"),
        "{}",
        carried(&h, torches)
    );
    assert!(carried(&h, torches).contains("[lit, burning 4 turns]"));
    let doused = h.ok(&["--lang", "fr", "douse", torches, "--by", "Ann"]);
    assert!(
        doused.contains("Ann éteint Torches (6) (il avait brûlé 4 tours)"),
        "{doused}"
    );
    h.ok_words("time advance 3 turns");
    assert!(
        !carried(&h, torches).contains("lit"),
        "{}",
        carried(&h, torches)
    );
    h.ok(&["light", torches, "--by", "Ann"]);
    h.ok_words("time advance 1 turn");
    let passed = h.json(&["time", "advance", "1", "turn"]);
    let burnt = &passed["consequences"][0];
    assert_eq!(burnt["kind"], "light_burnt", "{passed}");
    assert_eq!(burnt["payload"]["used"][0]["pieces"], 1);
    assert_eq!(burnt["payload"]["out"], true);
    assert!(
        // Five of the six left: worth 5/6 of the gold piece they cost.
        carried(&h, torches).contains("×5, 0 gp 83 cp"),
        "{}",
        carried(&h, torches)
    );
    assert!(!carried(&h, torches).contains("lit"));
    let id = burnt["id"].to_string();
    let explained = h.ok(&["explain", &id]);
    assert!(
        explained.contains("a torch burns 1 hour, 6 turns"),
        "{explained}"
    );
    assert!(explained.contains("a consequence of event"), "{explained}");
    h.ok(&["undo"]);
    assert!(
        carried(&h, torches).contains("×6"),
        "{}",
        carried(&h, torches)
    );
    // 4 turns before it was put out, 1 since it was lit again.
    assert!(carried(&h, torches).contains("[lit, burning 5 turns]"));
    assert!(h.ok(&["check"]).starts_with("ok"));
}

/// A lantern burns a flask of oil every 24 turns, its holder's flasks one after another, and
/// goes dark when the last is burnt; it does not light without oil, nor does oil light.
#[test]
fn a_lantern_burns_its_holders_oil_then_goes_dark() {
    let h = Hoard::new();
    lights(&h);
    let oil = h.fails(&["light", "Oil (1 flask)", "--by", "Ann"], 2);
    assert!(oil.contains("is no torch or lantern"), "{oil}");
    h.ok(&["light", "Lantern", "--by", "Ann"]);
    let first = h.ok_words("time advance 30 turns");
    assert!(first.contains("Lantern burns 1 × Oil (1 flask)"), "{first}");
    assert!(carried(&h, "Oil (1 flask)").contains("×1"));
    // 18 more turns: the second flask is burnt at turn 48, and it is dark.
    let dark = h.ok_words("time advance 18 turns");
    assert!(
        dark.contains("Lantern burns out (1 × Oil (1 flask) used up): dark"),
        "{dark}"
    );
    assert!(!carried(&h, "Lantern").contains("lit"));
    let none = h.refused_unchanged(&["light", "Lantern", "--by", "Ann"], 4);
    assert!(none.contains("Ann carries no oil for Lantern"), "{none}");
}

/// Each expedition's time is its own: a torch burns only when its holder's party's clock
/// passes.
#[test]
fn a_light_burns_only_on_its_holders_expedition_clock() {
    let h = Hoard::new();
    h.character("Ada", 10, 10, 8, "lawful");
    h.character("Cato", 10, 10, 8, "lawful");
    for who in ["Ada", "Cato"] {
        h.ok(&["coins", "add", "1gp", "--to", who]);
        h.ok(&["buy", "torches", "--by", who]);
    }
    h.ok(&["session", "start", "One", "--with", "Ada"]);
    h.ok(&["session", "start", "Two", "--with", "Cato"]);
    for who in ["Ada", "Cato"] {
        let torches = h.json(&["item", "list", "--owner", who])[0]["id"]
            .as_str()
            .unwrap()
            .to_string();
        h.ok(&["light", &torches, "--by", who]);
    }
    let one = h.ok(&["time", "advance", "7", "turns", "--session", "1"]);
    assert!(one.contains("One of Torches (6) burns out"), "{one}");
    let items = h.json(&["item", "list"]);
    let count = |who: &str| {
        items
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["holder"] == who)
            .map(|i| i["count"].clone())
    };
    assert_eq!(count("Ada"), Some(serde_json::json!(5)));
    assert_eq!(count("Cato"), Some(serde_json::json!(6)));
}

/// With `campaign set rations on`, a character out on an expedition eats a ration each
/// midnight its clock passes; one without is hungry, the days counted (OSE *Starvation*:
/// penalties at the referee's discretion) until a meal. Off, nothing is eaten.
#[test]
fn rations_are_eaten_a_day_at_a_time_and_without_them_a_character_goes_hungry() {
    let h = Hoard::new();
    h.character("Ann", 10, 10, 8, "lawful");
    h.ok_words("coins add 20 gp --to Ann");
    h.ok_words("buy rations --by Ann");
    h.ok(&["session", "start", "Trek", "--with", "Ann"]);
    h.ok_words("time advance 2 days");
    assert!(carried(&h, "Rations").contains("×7"), "off: nothing eaten");
    h.ok(&["campaign", "set", "rations", "on"]);
    assert!(h.ok(&["campaign", "show"]).contains("rations: on"));
    let passed = h.json(&["time", "advance", "3", "days"]);
    let eaten = &passed["consequences"][0];
    assert_eq!(eaten["kind"], "rations_eaten", "{passed}");
    // A consequence of the clock's event, recorded just before it.
    assert_eq!(
        eaten["cause"].as_i64(),
        eaten["id"].as_i64().map(|id| id - 1)
    );
    assert_eq!(eaten["payload"]["used"][0]["pieces"], 3);
    assert_eq!(eaten["payload"]["hungry"], 0);
    assert!(carried(&h, "Rations").contains("×4"));
    let hungry = h.ok_words("time advance 6 days");
    assert!(
        hungry.contains("Ann eats 4 of their rations over 6 days: hungry, 2 days without food"),
        "{hungry}"
    );
    let sheet = h.ok(&["character", "show", "Ann"]);
    assert!(sheet.contains("hungry: 2 days without food"), "{sheet}");
    assert_eq!(h.json(&["character", "show", "Ann"])["hungry"], 2);
    // With nothing left to eat, the day is told as hunger, not as no rations eaten.
    let more = h.ok_words("time advance 1 day");
    assert!(
        more.contains("Ann has no rations: hungry, 3 days without food"),
        "{more}"
    );
    h.ok(&["undo"]);
    // A meal ends the hunger.
    h.ok_words("buy rations --by Ann");
    h.ok_words("time advance 1 day");
    assert!(!h.ok(&["character", "show", "Ann"]).contains("hungry"));
    h.ok(&["undo"]);
    assert!(
        h.ok(&["character", "show", "Ann"])
            .contains("hungry: 2 days")
    );
    assert!(h.ok(&["check"]).starts_with("ok"));
}

/// A month of play under AD&D 2e (issue #54, *Done when*, for what exists yet: buying,
/// light, rations, a retainer): two expeditions, torches and a lantern, rations on, a retainer
/// at 2 gp a day, a level gained; the purses, supplies and debt at the end computed by hand
/// from the PHB's prices.
#[test]
fn a_month_of_play_ends_with_the_purses_and_supplies_computed_by_hand() {
    let h = Hoard::new();
    h.ok(&["campaign", "set", "edition", "adnd"]);
    h.ok(&["campaign", "set", "rations", "on"]);
    h.character("Ada", 12, 10, 10, "lawful");
    h.character("Bran", 12, 10, 8, "lawful");
    h.character("Cato", 10, 10, 6, "neutral");
    h.ok_words("coins add 40 gp 20 cp --to Ada");
    h.ok_words("coins add 30 gp 12 cp --to Bran");
    // PHB: dry rations 10 gp a week (seven), a torch 1 cp, a hooded lantern 7 gp, lamp oil
    // 6 cp a pint.
    h.ok_words("buy rations --count 2 --by Ada"); // 20 gp: 14 rations
    h.ok_words("buy torch --count 5 --by Ada"); // 5 cp
    h.ok_words("buy rations --by Bran"); // 10 gp: 7 rations
    h.ok_words("buy lantern --by Bran"); // 7 gp
    h.ok_words("buy oil --count 2 --by Bran"); // 12 cp: two pints, 12 turns each
    // Ada: 40 gp 20 cp − 20 gp − 5 cp; Bran: 30 gp 12 cp − 10 gp − 7 gp − 12 cp.
    let purse = |who: &str| h.json(&["character", "show", who])["coins"].clone();
    assert_eq!(purse("Ada"), coins(20, 0, 15));
    assert_eq!(purse("Bran"), coins(13, 0, 0));

    // The first expedition: a torch burnt out in 8 turns, the lantern's two pints in 24 of
    // 30, then three days: three midnights, three rations each, Cato's from Ada's pack (the
    // employer pays a retainer's upkeep).
    h.ok(&[
        "retainer", "hire", "Cato", "--by", "Ada", "--wage", "2 gp/day",
    ]);
    h.ok(&["session", "start", "Barrow", "--with", "Ada,Bran,Cato"]);
    h.ok(&["light", "Torch", "--by", "Ada"]);
    h.ok_words("time advance 8 turns");
    h.ok(&["light", "Lantern, hooded", "--by", "Bran"]);
    let dark = h.ok_words("time advance 30 turns");
    assert!(
        dark.contains("burns out (2 × Oil, lamp (1 pint) used up): dark"),
        "{dark}"
    );
    h.ok_words("time advance 3 days");
    h.ok(&["session", "end"]);
    // Twelve days at home: no one out, no one eats from their pack.
    h.ok_words("time advance 12 days");

    // The second expedition: two weeks, 14 midnights; Ada eats first, her 8 rations last 8,
    // none left for Cato; Bran's 4 last 4. Cato's three days: 6 gp from Ada's 20 gp 15 cp.
    assert_eq!(purse("Ada"), coins(14, 0, 15));
    h.ok(&["session", "start", "Caves", "--with", "Ada,Bran,Cato"]);
    h.ok_words("time advance 2 weeks");
    h.ok(&["character", "set", "Ada", "level", "2"]);
    h.ok(&["session", "end"]);

    // What is left: Ada's 4 torches, sold back at half their cost (4 cp: 2 cp).
    let items = h.json(&["item", "list", "--owner", "Ada"]);
    let torches = items
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["name"] == "Torch")
        .unwrap();
    assert_eq!(torches["count"], 4);
    let id = torches["id"].as_str().unwrap().to_string();
    h.ok(&["sell", &id, "--to", "Ada"]);
    // Fourteen days of Cato's wages, 28 gp: Ada's 14 gp 15 cp paid, 13 gp 85 cp owed; then
    // the torches' 2 cp.
    assert_eq!(purse("Ada"), coins(0, 0, 2));
    assert_eq!(purse("Cato"), coins(20, 0, 15));
    let debts = h.json(&["debts"]);
    assert_eq!(debts["debts"][0]["owed"], 1385, "{debts}");
    assert_eq!(purse("Bran"), coins(13, 0, 0));
    let ada = h.json(&["character", "show", "Ada"]);
    assert_eq!(
        (ada["level"].as_u64(), ada["hungry"].as_u64()),
        (Some(2), Some(6))
    );
    assert_eq!(h.json(&["character", "show", "Bran"])["hungry"], 10);
    assert_eq!(h.json(&["character", "show", "Cato"])["hungry"], 14);
    let gone = |who: &str, name: &str| {
        let items = h.json(&["item", "list", "--owner", who]);
        let statuses: Vec<&serde_json::Value> = items
            .as_array()
            .unwrap()
            .iter()
            .filter(|i| i["name"] == name)
            .map(|i| &i["status"])
            .collect();
        !statuses.is_empty() && statuses.iter().all(|s| *s == "consumed")
    };
    assert!(gone("Ada", "Rations, dry (1 week)"));
    assert!(gone("Bran", "Rations, dry (1 week)"));
    assert!(gone("Bran", "Oil, lamp (1 pint)"));
    assert!(h.ok(&["check"]).starts_with("ok"));
}

/// A retainer's wage (OSE *Retainers*: « a fee of 1gp per day ») is paid from the employer's
/// purse at each midnight of the expedition's clock; what the purse cannot pay is owed
/// (`hoard debts`) until a `coins move` from employer to retainer pays it; `undo` of the time
/// takes the wages back; a wage per adventure is paid as the session the retainer went on ends.
#[test]
fn a_retainer_is_paid_by_the_day_and_what_the_purse_cannot_pay_is_owed() {
    let h = Hoard::new();
    h.character("Ann", 10, 10, 8, "lawful");
    h.character("Rolf", 10, 10, 6, "lawful");
    h.ok_words("coins add 2 gp 5 sp --to Ann");
    let hired = h.ok(&[
        "retainer", "hire", "Rolf", "--by", "Ann", "--wage", "1 gp/day",
    ]);
    assert!(
        hired.contains("Ann hires Rolf as a retainer, for 1 gp a day"),
        "{hired}"
    );
    h.ok(&["session", "start", "Trek", "--with", "Ann,Rolf"]);
    let passed = h.json(&["time", "advance", "2", "days"]);
    let paid = &passed["consequences"][0];
    assert_eq!(paid["kind"], "wages_paid", "{passed}");
    assert_eq!(paid["cause"].as_i64(), paid["id"].as_i64().map(|id| id - 1));
    assert_eq!(paid["payload"]["times"], 2);
    assert_eq!(paid["payload"]["owed"], 0);
    // The third day: 5 sp paid, 50 cp owed.
    let short = h.ok_words("time advance 1 day");
    assert!(
        short.contains("Ann pays Rolf's wages for 1 day: 5 sp, and owes 0 gp 50 cp more"),
        "{short}"
    );
    let debts = h.json(&["debts"]);
    assert_eq!(debts["debts"][0]["employer_name"], "Ann", "{debts}");
    assert_eq!(debts["debts"][0]["retainer_name"], "Rolf");
    assert_eq!(debts["debts"][0]["owed"], 50);
    assert!(h.ok(&["debts"]).contains("Ann owes Rolf 0 gp 50 cp"));
    let explained = h.ok(&["explain", paid["id"].as_i64().unwrap().to_string().as_str()]);
    assert!(explained.contains("Retainers' wages"), "{explained}");
    // Undo of the time takes the wages and the debt back.
    h.ok(&["undo"]);
    assert_eq!(h.json(&["debts"])["debts"], serde_json::json!([]));
    h.ok_words("time advance 1 day");
    h.ok_words("coins add 5 sp --to Ann");
    h.ok_words("coins move 5 sp --from Ann --to Rolf");
    assert!(h.ok(&["debts"]).contains("No debts."));
    let gone = h.ok(&["retainer", "dismiss", "Rolf"]);
    assert!(gone.contains("Ann dismisses Rolf"), "{gone}");
    let quiet = h.json(&["time", "advance", "1", "day"]);
    assert_eq!(quiet["consequences"], serde_json::json!([]), "{quiet}");
    // By the adventure: paid as the session Rolf went on ends.
    h.ok(&[
        "retainer",
        "hire",
        "Rolf",
        "--by",
        "Ann",
        "--wage",
        "5 sp/adventure",
    ]);
    h.ok_words("coins add 3 sp --to Ann");
    h.ok(&["session", "end"]);
    let log = h.ok(&["log"]);
    assert!(
        log.contains("Ann pays Rolf's wages for the adventure: 3 sp, and owes 0 gp 20 cp more"),
        "{log}"
    );
    assert_eq!(h.json(&["debts"])["debts"][0]["owed"], 20);
    assert!(h.ok(&["check"]).starts_with("ok"));
}

/// A wage that is not coins a day or an adventure, a retainer of themselves, one hired twice
/// and one dismissed who is no one's are each refused in a line, the ledger untouched.
#[test]
fn a_retainer_hire_or_dismissal_that_cannot_be_is_refused() {
    let h = Hoard::new();
    h.character("Ann", 10, 10, 8, "lawful");
    h.character("Rolf", 10, 10, 6, "lawful");
    let bad = h.refused_unchanged(
        &[
            "--json",
            "retainer",
            "hire",
            "Rolf",
            "--by",
            "Ann",
            "--wage",
            "1 gp/week",
        ],
        2,
    );
    let bad: serde_json::Value = serde_json::from_str(&bad).unwrap();
    assert_eq!(bad["error"]["reason"], "wage", "{bad}");
    let own = h.refused_unchanged(
        &[
            "retainer", "hire", "Ann", "--by", "Ann", "--wage", "1 gp/day",
        ],
        2,
    );
    assert!(own.contains("cannot be their own retainer"), "{own}");
    h.ok(&[
        "retainer", "hire", "Rolf", "--by", "Ann", "--wage", "1 gp/day",
    ]);
    let twice = h.refused_unchanged(
        &[
            "retainer", "hire", "Rolf", "--by", "Ann", "--wage", "1 gp/day",
        ],
        4,
    );
    assert!(twice.contains("Rolf is already Ann's retainer"), "{twice}");
    h.ok(&["retainer", "dismiss", "Rolf"]);
    let none = h.refused_unchanged(&["retainer", "dismiss", "Rolf"], 4);
    assert!(none.contains("Rolf is no one's retainer"), "{none}");
}

/// `campaign set living 100gp/month`: each character pays the campaign's own cost of living
/// (no book's figure: optional in the AD&D 2e DMG, the referee's in OSE) each time the clock
/// passes the start of a month of 30 days, from their purse; what it cannot pay is owed, asked
/// for first by the next month; undone with the time. Off, nothing is charged.
#[test]
fn the_cost_of_living_is_charged_each_month_and_what_the_purse_lacks_is_owed() {
    let h = Hoard::new();
    h.character("Ann", 10, 10, 8, "lawful");
    h.character("Bob", 10, 10, 8, "lawful");
    h.ok_words("coins add 150 gp --to Ann");
    h.ok_words("coins add 30 gp 50 sp --to Bob");
    let purse = |who: &str| h.json(&["character", "show", who])["coins"].clone();
    h.ok_words("time advance 30 days");
    assert_eq!(purse("Ann"), coins(150, 0, 0), "off: nothing charged");
    let refused = h.fails(&["campaign", "set", "living", "100gp"], 2);
    assert!(
        refused.contains("an amount a month such as 100gp/month, or off"),
        "{refused}"
    );
    h.ok(&["campaign", "set", "living", "100gp/month"]);
    assert!(h.ok(&["campaign", "show"]).contains("living: 100gp/month"));
    // Day 30 to day 59: no month begins.
    h.ok_words("time advance 29 days");
    assert_eq!(purse("Ann"), coins(150, 0, 0));
    let passed = h.json(&["time", "advance", "1", "day"]);
    let charged: Vec<&serde_json::Value> = passed["consequences"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "upkeep_charged")
        .collect();
    assert_eq!(charged.len(), 2, "{passed}");
    assert_eq!(charged[0]["payload"]["for"], "living");
    assert_eq!(charged[0]["payload"]["months"], 1);
    assert_eq!(charged[0]["payload"]["cost"], 10_000);
    assert_eq!(purse("Ann"), coins(50, 0, 0));
    // Bob's 30 gp 50 sp pay 35 gp of 100: 65 gp owed.
    assert_eq!(purse("Bob"), coins(0, 0, 0));
    let bob = h.json(&["character", "show", "Bob"]);
    assert_eq!(bob["owed"], 6_500);
    let sheet = h.ok(&["character", "show", "Bob"]);
    assert!(
        sheet.contains("owed: 65 gp of living and training costs"),
        "{sheet}"
    );
    let log = h.ok(&["log"]);
    assert!(
        log.contains("Bob's cost of living for 1 month: 100 gp, 65 gp owed"),
        "{log}"
    );
    // The next month asks for the debt first: 165 gp from Bob's 200.
    h.ok_words("coins add 200 gp --to Bob");
    h.ok_words("time advance 30 days");
    assert_eq!(purse("Bob"), coins(35, 0, 0));
    assert_eq!(
        h.json(&["character", "show", "Bob"])["owed"],
        serde_json::Value::Null
    );
    h.ok(&["undo"]);
    assert_eq!(purse("Bob"), coins(200, 0, 0));
    assert_eq!(h.json(&["character", "show", "Bob"])["owed"], 6_500);
    assert_eq!(purse("Ann"), coins(50, 0, 0));
    h.ok(&["campaign", "set", "living", "off"]);
    h.ok_words("time advance 30 days");
    assert_eq!(purse("Ann"), coins(50, 0, 0));
    assert!(h.ok(&["check"]).starts_with("ok"));
}

/// `campaign set training 100gp/level`: a level gained (`character set level`, an award's
/// XP) is paid for its training, each level reached, from the purse; short, it is owed.
#[test]
fn training_is_charged_for_each_level_gained_and_undone_with_it() {
    let h = Hoard::new();
    h.character("Ann", 10, 10, 8, "lawful");
    h.ok_words("coins add 250 gp --to Ann");
    h.ok(&["campaign", "set", "training", "100gp/level"]);
    assert!(
        h.ok(&["campaign", "show"])
            .contains("training: 100gp/level")
    );
    let said = h.ok(&["character", "set", "Ann", "level", "3"]);
    assert!(
        said.contains("Ann's training from level 1 to 3: 200 gp"),
        "{said}"
    );
    let ann = h.json(&["character", "show", "Ann"]);
    assert_eq!(ann["coins"], coins(50, 0, 0));
    h.ok(&["character", "set", "Ann", "level", "4"]);
    let ann = h.json(&["character", "show", "Ann"]);
    assert_eq!(
        (ann["coins"].clone(), ann["owed"].clone()),
        (coins(0, 0, 0), 5_000.into())
    );
    let charge = h
        .ok(&["--json", "log"])
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|e| e["kind"] == "upkeep_charged")
        .filter_map(|e| e["id"].as_i64())
        .max()
        .unwrap();
    let explained = h.ok(&["explain", &charge.to_string()]);
    assert!(explained.contains("as the level was gained"), "{explained}");
    h.ok(&["undo"]);
    let ann = h.json(&["character", "show", "Ann"]);
    assert_eq!(
        (ann["level"].as_u64(), ann["owed"].clone()),
        (Some(3), serde_json::Value::Null)
    );
    assert_eq!(ann["coins"], coins(50, 0, 0));
    // A level lost costs nothing.
    h.ok(&["character", "set", "Ann", "level", "2"]);
    assert_eq!(
        h.json(&["character", "show", "Ann"])["coins"],
        coins(50, 0, 0)
    );
    assert!(h.ok(&["check"]).starts_with("ok"));
}

/// The session's posting (`report session --markdown`, the top of `/chronicle/N`) says what
/// each character spent from their purse (goods bought, the cost of living charged) and the
/// supplies the clock used up (a torch burnt, rations eaten).
#[test]
fn the_posting_shows_what_each_character_spent() {
    let h = Hoard::new();
    h.character("Ann", 10, 10, 8, "lawful");
    h.ok_words("coins add 200 gp --to Ann");
    h.ok(&["campaign", "set", "living", "100gp/month"]);
    h.ok(&["campaign", "set", "rations", "on"]);
    h.ok(&["session", "start", "Trek", "--with", "Ann"]);
    h.ok_words("buy torches --by Ann");
    h.ok_words("buy rations --by Ann");
    h.ok(&["light", "Torches (6)", "--by", "Ann"]);
    h.ok_words("time advance 3 days");
    h.ok_words("time advance 27 days");
    h.ok(&["session", "end"]);
    let md = h.ok(&["report", "session", "1", "--markdown"]);
    assert!(md.contains("**Spent:** Ann 106 gp"), "{md}");
    // The torch burnt out, then three rations and four (the seventh day on, hungry).
    assert!(
        md.contains(
            "**Used up:** Ann used up 1 × Torches \\(6\\); Ann used up 3 × Rations \\(standard, 7 days\\); Ann used up 4 × Rations"
        ),
        "{md}"
    );
    let json = h.json(&["report", "session", "1", "--markdown"]);
    assert_eq!(json["spent"][0][0], "Ann", "{json}");
    assert_eq!(json["spent"][0][1], coins(106, 0, 0), "{json}");
}

/// A purchase paid with a coin worth more than the price is told in the posting as what left
/// the purse: the coin less its change.
#[test]
fn the_posting_counts_a_purchase_less_its_change() {
    let h = Hoard::new();
    h.character("Ann", 10, 10, 8, "lawful");
    h.ok_words("coins add 1 pp --to Ann");
    h.ok(&["session", "start", "Market", "--with", "Ann"]);
    let said = h.ok_words("buy torches --by Ann");
    assert!(
        said.contains("1 pp spent from Ann's purse (4 gp back in change)"),
        "{said}"
    );
    h.ok(&["session", "end"]);
    let md = h.ok(&["report", "session", "1", "--markdown"]);
    assert!(md.contains("**Spent:** Ann 1 gp"), "{md}");
    let fr = h.ok(&["--lang", "fr", "log"]);
    assert!(fr.contains("(4 po rendus en monnaie)"), "{fr}");
}

/// A level an award's experience brings is trained for as well, a consequence of the award.
#[test]
fn an_awards_level_is_trained_for() {
    let h = Hoard::new();
    h.fighter("Cato", 8);
    h.ok_words("coins add 500 gp --to Cato");
    h.ok(&["campaign", "set", "training", "300gp/level"]);
    h.ok(&["session", "start", "Raid", "--with", "Cato"]);
    h.ok(&["session", "end"]);
    h.ok_words("xp award --monsters 2100");
    let cato = h.json(&["character", "show", "Cato"]);
    assert_eq!(cato["level"], 2, "{cato}");
    assert_eq!(cato["coins"], coins(200, 0, 0));
    h.ok(&["undo"]);
    let cato = h.json(&["character", "show", "Cato"]);
    assert_eq!(
        (cato["level"].clone(), cato["coins"].clone()),
        (1.into(), coins(500, 0, 0))
    );
}

/// `share --items --worth`: a magic sword has no worth in hoard, so the party agrees one for
/// the share-out, and who took it takes less gold. The agreed worth is in the event: explained,
/// replayed, undone, and an import is held to it.
#[test]
fn a_worth_agreed_for_a_magic_item_counts_against_its_takers_share() {
    let h = Hoard::new();
    h.fighter("Arnaud", 8);
    h.fighter("Bertrand", 8);
    h.ok_words("session start Barrow");
    h.ok_words("coins add 3000gp");
    h.ok_words("item add Sword --category weapon");
    h.ok_words("valuable add Ruby --value 300gp");
    h.ok_words("valuable add Opal --value 50gp");
    h.ok_words("give Sword --to Bertrand");
    h.ok_words("give Ruby --to Arnaud");
    h.ok_words("valuable appraise Ruby --by Arnaud");
    let gp = |n: i64| coins(n, 0, 0);
    let paid = |shared: &serde_json::Value| -> Vec<serde_json::Value> {
        (0..2)
            .map(|i| shared["portions"][i]["coins"].clone())
            .collect()
    };

    // Without --worth the sword counts as nothing, and the answer says so and how to count it.
    let preview = h.json(&["--dry-run", "share", "--items"]);
    assert_eq!(paid(&preview), [gp(1350), gp(1650)]);
    let sword = h.json(&["item", "show", "Sword"])["id"].clone();
    assert_eq!(
        preview["unknown_worth"],
        serde_json::json!([{ "character": "Bertrand", "item": sword, "name": "Sword", "name_fr": "Sword" }])
    );
    let text = h.ok(&["--dry-run", "share", "--items"]);
    assert!(
        text.contains("worth unknown, counted as nothing: Sword (Bertrand); give the worth the party agrees with --worth, such as --worth \"Sword=2000gp\""),
        "{text}"
    );
    let text = h.ok(&["--lang", "fr", "--dry-run", "share", "--items"]);
    assert!(
        text.contains("valeur inconnue, comptée pour rien : Sword (Bertrand)"),
        "{text}"
    );

    // Refused, the database unchanged: without --items, an item not counted (the opal is in
    // the treasure), an item agreed twice (by name and by id), no amount, past the limit.
    let stderr = h.refused_unchanged(&["share", "--worth", "Sword=2000gp"], 2);
    assert!(stderr.contains("--items"), "{stderr}");
    let stderr = h.refused_unchanged(&["share", "--items", "--worth", "Opal=50gp"], 2);
    assert!(
        stderr.contains("Opal is not counted in this share-out"),
        "{stderr}"
    );
    let by_id = format!("{}=1gp", &sword.as_str().unwrap()[..8]);
    let twice = [
        "share",
        "--items",
        "--worth",
        "Sword=2000gp",
        "--worth",
        &by_id,
    ];
    let stderr = h.refused_unchanged(&twice, 2);
    assert!(
        stderr.contains("--worth gives Sword a worth twice"),
        "{stderr}"
    );
    let stderr = h.refused_unchanged(&["share", "--items", "--worth", "Sword"], 2);
    assert!(stderr.contains("write ITEM=AMOUNT"), "{stderr}");
    let past = ["share", "--items", "--worth", "Sword=100000001gp"];
    let stderr = h.refused_unchanged(&past, 4);
    assert!(stderr.contains("more than 100000000 gp"), "{stderr}");
    h.ok(&[
        "--dry-run",
        "share",
        "--items",
        "--worth",
        "Sword=100000000gp",
    ]);

    // Agreed at 2,000 gp: 3,000 gp and 2,300 gp of items in two shares, 2,650 each; Arnaud
    // is paid 2,650 less his ruby, Bertrand 2,650 less the sword.
    let preview = h.json(&["--dry-run", "share", "--items", "--worth", "Sword=2000gp"]);
    assert_eq!(paid(&preview), [gp(2350), gp(650)]);
    let before = h.json(&["coins"]);
    let shared = h.json(&["share", "--items", "--worth", "Sword=2000gp"]);
    assert_eq!(paid(&shared), [gp(2350), gp(650)]);
    assert_eq!(shared["portions"][1]["items_worth"], gp(2000));
    assert_eq!(shared["portions"][1]["items"][0]["agreed"], gp(2000));
    assert_eq!(
        shared["unknown_worth"],
        serde_json::Value::Null,
        "none left unknown"
    );
    let id = shared["event"]["id"].to_string();
    let text = h.ok(&["explain", &id]);
    for line in [
        "or, for this share-out, agreed it",
        "worth divided: 5300 gp (the pool's 3000 gp and 2300 gp of items) in 2 shares",
        "Bertrand (1 share): fair part 2650 gp less items worth 2000 gp: 650 gp",
        "items: Sword (agreed 2000 gp; worth unknown)",
    ] {
        assert!(text.contains(line), "{line} in {text}");
    }
    let text = h.ok(&["--lang", "fr", "explain", &id]);
    assert!(
        text.contains("Sword (convenu 2000 po ; valeur inconnue)"),
        "{text}"
    );
    h.ok(&["check"]);
    let ledger = h.ok(&["export"]);
    h.ok(&["undo"]);
    assert_eq!(h.json(&["coins"]), before, "undone, every coin back");
    // The import stands on the agreed worth, and a worth changed in the file does not.
    crate::treasury::imports_as_it_is_not_forged(
        &h,
        &ledger,
        ("\"gp\":2000", "\"gp\":2001"),
        "does not split the pool",
    );
}

/// The `upkeep_charged` events recorded so far, as `log --json` gives them, oldest first.
fn charges(h: &Hoard) -> Vec<serde_json::Value> {
    h.ok(&["--json", "log"])
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|e| e["kind"] == "upkeep_charged")
        .collect()
}

/// The AD&D 2e DMG's Table 22, *Player Character Living Expenses*, a month: middle-class
/// 50 gp and wealthy 200 gp times the character's level at the charge, squalid 3 gp and poor
/// 5 gp for all. A character may live otherwise (`character set NAME living`: a lifestyle,
/// or an amount, such as the double rate of a race not predominant in the area), and back as
/// the campaign does; `explain` shows the arithmetic; both are undone.
#[test]
fn living_costs_table_22_by_level_and_each_may_live_otherwise() {
    let h = Hoard::new();
    h.ok(&["campaign", "set", "edition", "adnd"]);
    for who in ["Ann", "Bob", "Cy", "Thorin"] {
        h.character(who, 10, 10, 8, "lawful");
        h.ok_words(&format!("coins add 1000 gp --to {who}"));
    }
    h.ok(&["character", "set", "Ann", "level", "3"]);
    h.ok(&["campaign", "set", "living", "middle"]);
    assert!(h.ok(&["campaign", "show"]).contains("living: middle-class"));
    assert_eq!(
        h.json(&["campaign", "show"])["settings"]["living"],
        "middle-class"
    );
    h.ok(&["character", "set", "Cy", "living", "squalid"]);
    // A dwarf among men: the referee sets the double of 50 gp.
    h.ok(&["character", "set", "Thorin", "living", "100gp/month"]);
    let cy = h.json(&["character", "show", "Cy"]);
    assert_eq!(cy["living"], "squalid", "{cy}");
    assert!(
        h.ok(&["character", "show", "Cy"])
            .contains("lives on: squalid (their own, not the campaign's)")
    );
    h.ok_words("time advance 30 days");
    let purse = |who: &str| h.json(&["character", "show", who])["coins"].clone();
    // Ann 50 gp × level 3; Bob 50 gp × level 1; Cy 3 gp; Thorin his own 100 gp.
    assert_eq!(purse("Ann"), coins(850, 0, 0));
    assert_eq!(purse("Bob"), coins(950, 0, 0));
    assert_eq!(purse("Cy"), coins(997, 0, 0));
    assert_eq!(purse("Thorin"), coins(900, 0, 0));
    let ann = charges(&h)
        .into_iter()
        .find(|e| e["payload"]["name"] == "Ann")
        .unwrap();
    let payload = &ann["payload"];
    assert_eq!(
        (&payload["lifestyle"], &payload["level"], &payload["rate"]),
        (&"middle-class".into(), &3.into(), &coins(150, 0, 0)),
        "{ann}"
    );
    assert!(payload.get("own").is_none(), "{ann}");
    let id = ann["id"].to_string();
    let explained = h.ok(&["explain", &id]);
    assert!(explained.contains("Table 22"), "{explained}");
    assert!(
        explained.contains(
            "the campaign's cost of living: middle-class, AD&D 2e DMG Table 22: 50 gp a month × level 3 = 150 gp a month; × 1 month = 150 gp"
        ),
        "{explained}"
    );
    let fr = h.ok(&["--lang", "fr", "explain", &id]);
    assert!(
        fr.contains("classe moyenne, table 22 du DMG d'AD&D 2e : 50 po par mois × niveau 3 = 150 po par mois ; × 1 mois = 150 po"),
        "{fr}"
    );
    assert!(
        h.ok(&["log"])
            .contains("Cy's cost of living for 1 month (squalid): 3 gp")
    );
    let thorin = charges(&h).pop().unwrap();
    assert_eq!(thorin["payload"]["own"], true, "{thorin}");
    let explained = h.ok(&["explain", &thorin["id"].to_string()]);
    assert!(
        explained.contains("their own cost of living: 100 gp a month; × 1 month = 100 gp"),
        "{explained}"
    );
    // Cy back to the campaign's: middle-class at level 1, the next month.
    h.ok(&["character", "set", "Cy", "living", "campaign"]);
    assert!(h.json(&["character", "show", "Cy"]).get("living").is_none());
    h.ok(&["undo"]);
    assert_eq!(h.json(&["character", "show", "Cy"])["living"], "squalid");
    h.ok(&["character", "set", "Cy", "living", "campaign"]);
    // The level is the character's when the month's charge falls.
    h.ok(&["character", "set", "Bob", "level", "2"]);
    h.ok_words("time advance 30 days");
    assert_eq!(purse("Cy"), coins(947, 0, 0));
    assert_eq!(purse("Ann"), coins(700, 0, 0));
    assert_eq!(purse("Bob"), coins(850, 0, 0));
    h.ok(&["undo"]);
    assert_eq!(purse("Cy"), coins(997, 0, 0));
    // Replayed, the change back to the campaign's still says so.
    assert!(h.json(&["character", "show", "Cy"]).get("living").is_none());
    assert!(h.ok(&["check"]).starts_with("ok"));
}

/// OSE Classic Fantasy gives no cost of living: a lifestyle of the DMG has no figure in a
/// campaign that does not play AD&D, for the campaign or a character (exit 4, nothing
/// recorded); an amount stands; a value that is neither is exit 2.
#[test]
fn a_lifestyle_has_no_figure_outside_adnd() {
    let h = Hoard::new();
    h.character("Ann", 10, 10, 8, "lawful");
    let refused = h.refused_unchanged(&["campaign", "set", "living", "middle-class"], 4);
    assert!(
        refused
            .contains("OSE Classic Fantasy gives no cost of living, so middle-class has no figure"),
        "{refused}"
    );
    assert!(
        refused.contains("give an amount, such as 100gp/month"),
        "{refused}"
    );
    let json = h.refused_unchanged(&["--json", "character", "set", "Ann", "living", "poor"], 4);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        (&json["error"]["reason"], &json["error"]["lifestyle"]),
        (&"no_lifestyle".into(), &"poor".into()),
        "{json}"
    );
    let bad = h.refused_unchanged(&["character", "set", "Ann", "living", "rich"], 2);
    assert!(
        bad.contains("an amount a month such as 100gp/month, or campaign"),
        "{bad}"
    );
    h.ok(&["campaign", "set", "living", "20gp/month"]);
    h.ok(&["campaign", "set", "living", "off"]);
    assert!(h.ok(&["campaign", "show"]).contains("living: off"));
    // Nor does a lifestyle survive the campaign leaving AD&D: the campaign's, then a
    // character's, are refused until set as amounts.
    h.ok(&["campaign", "set", "edition", "adnd"]);
    h.ok(&["campaign", "set", "living", "wealthy"]);
    let theirs = h.refused_unchanged(&["campaign", "set", "edition", "ose"], 4);
    assert!(
        theirs.contains("the campaign lives by the AD&D 2e DMG's wealthy"),
        "{theirs}"
    );
    h.ok(&["campaign", "set", "living", "200gp/month"]);
    h.ok(&["character", "set", "Ann", "living", "poor"]);
    let hers = h.refused_unchanged(&["campaign", "set", "edition", "ose"], 4);
    assert!(
        hers.contains("Ann lives by the AD&D 2e DMG's poor") && hers.contains("living 100gp/month"),
        "{hers}"
    );
    h.ok(&["character", "set", "Ann", "living", "campaign"]);
    h.ok(&["campaign", "set", "edition", "ose"]);
}

/// A charge recorded before it told its arithmetic still imports and replays; one that is not
/// the character's cost of living (the lifestyle at their level, whose figure) is refused.
#[test]
fn an_imported_charge_holds_to_table_22() {
    let h = Hoard::new();
    h.ok(&["campaign", "set", "edition", "adnd"]);
    h.character("Ann", 10, 10, 8, "lawful");
    h.ok(&["character", "set", "Ann", "level", "3"]);
    h.ok(&["campaign", "set", "living", "wealthy"]);
    h.ok_words("coins add 1000 gp --to Ann");
    h.ok_words("time advance 30 days");
    let ledger = h.ok(&["export"]);
    let file = h.dir.path().join("ledger.jsonl");
    let forged = |forge: &dyn Fn(&mut serde_json::Value)| -> String {
        ledger
            .lines()
            .map(|line| {
                let mut event: serde_json::Value = serde_json::from_str(line).unwrap();
                if event["event"]["kind"] == "upkeep_charged" {
                    forge(&mut event["event"]);
                }
                format!("{event}\n")
            })
            .collect()
    };
    let import = |text: String| {
        std::fs::write(&file, text).unwrap();
        Hoard::new()
            .cmd(&["import", file.to_str().unwrap()])
            .output()
            .unwrap()
    };
    let old = forged(&|p| {
        for field in ["lifestyle", "level", "rate", "own"] {
            p.as_object_mut().unwrap().remove(field);
        }
    });
    assert!(import(old).status.success(), "a charge of before");
    // Wealthy at level 1 for a character of level 3.
    let cheap = forged(&|p| {
        p["level"] = 1.into();
        p["rate"] = coins(200, 0, 0);
        p["cost"] = 20_000.into();
        p["owed"] = 0.into();
    });
    // The campaign's figure told as Ann's own, which she never set.
    let hers = forged(&|p| {
        p["own"] = true.into();
    });
    for forged in [cheap, hers] {
        let refused = import(forged);
        assert_eq!(refused.status.code(), Some(2));
        let said = String::from_utf8_lossy(&refused.stderr);
        assert!(
            said.contains("Ann's living or training cost cannot stand"),
            "{said}"
        );
    }
}

/// Ann hires Rolf at 1 gp a day with 2 gp 5 sp in her purse, under a cost of living of 10 gp
/// a month; thirty days out: 30 gp of wages, 2 gp 5 sp paid and 27 gp 50 cp owed; Ann's
/// month and Rolf's, which his employer pays, unpaid (20 gp owed); then Rolf trains for level
/// 2 at 10 gp, paid with the 2 gp 5 sp he was given, 7 gp 50 cp owed.
fn in_debt(h: &Hoard) {
    h.character("Ann", 10, 10, 8, "lawful");
    h.character("Rolf", 10, 10, 6, "lawful");
    h.ok_words("coins add 2 gp 5 sp --to Ann");
    h.ok(&[
        "retainer", "hire", "Rolf", "--by", "Ann", "--wage", "1 gp/day",
    ]);
    h.ok(&["campaign", "set", "living", "10gp/month"]);
    h.ok(&["session", "start", "Trek", "--with", "Ann,Rolf"]);
    h.ok_words("time advance 30 days");
    h.ok(&["campaign", "set", "training", "10gp/level"]);
    h.ok(&["character", "set", "Rolf", "level", "2"]);
}

/// `hoard debts` lists both kinds of debt, each naming its debtor, its creditor and what is
/// owed: the wages owed a retainer (with the fields it always gave) and the living and
/// training costs a purse could not pay, debtor by debtor, wages first; `debts CHARACTER`
/// what one owes or is owed; the sheet shows them too, in both languages.
#[test]
fn every_debt_is_listed_with_its_debtor_and_creditor() {
    let h = Hoard::new();
    in_debt(&h);
    let debts = h.json(&["debts"])["debts"].clone();
    let wages = &debts[0];
    assert_eq!(wages["creditor"], "retainer", "{debts}");
    assert_eq!(wages["debtor_name"], "Ann");
    assert_eq!(wages["employer_name"], "Ann");
    assert_eq!(wages["retainer_name"], "Rolf");
    assert_eq!(wages["owed"], 2_750);
    assert_eq!(wages["debtor"], wages["employer"]);
    let ann = &debts[1];
    assert_eq!(
        (&ann["creditor"], &ann["debtor_name"], &ann["owed"]),
        (&"upkeep".into(), &"Ann".into(), &2_000.into()),
        "{debts}"
    );
    assert!(ann.get("retainer").is_none());
    assert_eq!(debts[2]["debtor_name"], "Rolf");
    assert_eq!(debts[2]["owed"], 750);
    assert_eq!(debts.as_array().unwrap().len(), 3);
    let listed = h.ok(&["debts"]);
    assert_eq!(
        listed,
        "Ann owes Rolf 27 gp 50 cp\nAnn owes 20 gp of living and training costs\n\
         Rolf owes 7 gp 50 cp of living and training costs\n"
    );
    let rolf = h.ok(&["debts", "Rolf"]);
    assert_eq!(
        rolf,
        "Ann owes Rolf 27 gp 50 cp\nRolf owes 7 gp 50 cp of living and training costs\n"
    );
    let fr = h.ok(&["--lang", "fr", "debts", "Ann"]);
    assert!(fr.contains("Ann doit 27 po 50 pc à Rolf"), "{fr}");
    assert!(
        fr.contains("Ann doit 20 po de coûts de la vie et d'entraînement"),
        "{fr}"
    );
    let sheet = h.ok(&["character", "show", "Ann"]);
    assert!(
        sheet.contains("  owes Rolf 27 gp 50 cp of wages"),
        "{sheet}"
    );
    assert!(sheet.contains("  owed: 20 gp of living and training costs"));
    let sheet = h.ok(&["character", "show", "Rolf"]);
    assert!(
        sheet.contains("  is owed 27 gp 50 cp of wages by Ann"),
        "{sheet}"
    );
    let sheet = h.ok(&["--lang", "fr", "character", "show", "Rolf"]);
    assert!(
        sheet.contains("  Ann lui doit 27 po 50 pc de gages"),
        "{sheet}"
    );
    let on_sheet = h.json(&["character", "show", "Ann"])["debts"].clone();
    assert_eq!(on_sheet.as_array().map(Vec::len), Some(2), "{on_sheet}");
    assert_eq!(on_sheet[1]["creditor"], "upkeep");
}

/// `hoard debts pay Ann`: her purse pays the wages owed Rolf first, then her living costs,
/// each by its most valuable coins that do not pass the debt: of 3 pp 20 gp 5 sp, the 27 gp
/// 50 cp take 3 pp, 12 gp and 5 sp, and the 20 gp of living take the 8 gp left, 12 gp still
/// owed. One payment is the command's event and the rest its consequences: `explain` says
/// why, `undo` takes all back, `--to` pays one retainer alone, and an import replays it.
#[test]
fn debts_are_paid_retainers_first_then_upkeep_and_undone_whole() {
    let h = Hoard::new();
    in_debt(&h);
    h.ok_words("coins add 3 pp 20 gp 5 sp --to Ann");
    let paid = h.json(&["debts", "pay", "Ann"]);
    let pp = serde_json::json!({ "cp": 0, "sp": 5, "ep": 0, "gp": 12, "pp": 3 });
    assert_eq!(paid["paid"][0]["coins"], pp, "{paid}");
    assert_eq!(paid["paid"][0]["debt"]["retainer_name"], "Rolf");
    assert_eq!(paid["paid"][0]["left"], 0);
    assert_eq!(paid["paid"][1]["debt"]["creditor"], "upkeep");
    assert_eq!(paid["paid"][1]["coins"], coins(8, 0, 0));
    assert_eq!(paid["paid"][1]["left"], 1_200);
    assert_eq!(paid["purse"], coins(0, 0, 0));
    assert_eq!(paid["debts"][0]["owed"], 1_200);
    let kinds: Vec<&str> = paid["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["coins_moved", "upkeep_charged", "coins_spent"]);
    let first = paid["events"][0]["id"].as_i64();
    assert_eq!(paid["events"][0]["cause"], serde_json::Value::Null);
    assert_eq!(paid["events"][1]["cause"].as_i64(), first);
    assert_eq!(paid["events"][2]["cause"].as_i64(), first);
    assert_eq!(paid["events"][1]["payload"]["for"], "debt");
    assert_eq!(paid["events"][1]["payload"]["cost"], 0);
    let purse = |who: &str| h.json(&["character", "show", who])["coins"].clone();
    assert_eq!(purse("Rolf"), pp);
    assert_eq!(
        h.ok(&["debts"]),
        "Ann owes 12 gp of living and training costs\n\
         Rolf owes 7 gp 50 cp of living and training costs\n"
    );
    let log = h.ok(&["log"]);
    assert!(
        log.contains("Ann pays toward the living and training costs owed, 12 gp still owed"),
        "{log}"
    );
    let id = paid["events"][1]["id"].as_i64().unwrap().to_string();
    let explained = h.ok(&["explain", &id]);
    assert!(
        explained
            .contains("as the referee asked (hoard debts pay): nothing new due, 12 gp owed after"),
        "{explained}"
    );
    // Replayed by an import, on the same engine.
    let file = h.dir.path().join("ledger.jsonl");
    std::fs::write(&file, h.ok(&["export"])).unwrap();
    let copy = Hoard::on(h.engine());
    copy.ok(&["import", file.to_str().unwrap()]);
    assert_eq!(copy.ok(&["debts", "Ann"]), h.ok(&["debts", "Ann"]));
    // Undo takes every payment back.
    h.ok(&["undo"]);
    assert_eq!(h.json(&["debts"])["debts"][0]["owed"], 2_750);
    assert_eq!(h.json(&["debts"])["debts"][1]["owed"], 2_000);
    assert_eq!(purse("Ann")["pp"], 3);
    // Rolf alone.
    let text = h.ok(&["debts", "pay", "Ann", "--to", "Rolf"]);
    assert!(
        text.contains("Ann pays Rolf 3 pp, 12 gp, 5 sp of the wages owed"),
        "{text}"
    );
    assert!(text.contains("  Ann owes 20 gp of living and training costs"));
    assert_eq!(purse("Ann"), coins(8, 0, 0));
    let fr = h.ok(&["--lang", "fr", "debts", "pay", "Ann"]);
    assert!(
        fr.contains("Ann paie 8 po des coûts de la vie et d'entraînement dus"),
        "{fr}"
    );
    assert!(h.ok(&["check"]).starts_with("ok"));
}

/// Nothing owed, a retainer `--to` names who is owed nothing, and a purse whose coins are each
/// worth more than the debt (no change is given) are refused in a line, exit 4, the ledger
/// untouched; a forged payment that pays nothing is refused at import.
#[test]
fn debts_that_cannot_be_paid_are_refused() {
    let h = Hoard::new();
    h.character("Ann", 10, 10, 8, "lawful");
    h.character("Rolf", 10, 10, 6, "lawful");
    let none = h.refused_unchanged(&["debts", "pay", "Ann"], 4);
    assert!(none.contains("Ann owes nothing"), "{none}");
    h.ok(&[
        "retainer", "hire", "Rolf", "--by", "Ann", "--wage", "1 gp/day",
    ]);
    h.ok(&["session", "start", "Trek", "--with", "Ann,Rolf"]);
    h.ok_words("time advance 2 days");
    let not = h.refused_unchanged(&["debts", "pay", "Rolf", "--to", "Ann"], 4);
    assert!(not.contains("Rolf owes Ann nothing"), "{not}");
    h.ok_words("coins add 1 pp --to Ann");
    let json = h.refused_unchanged(&["--json", "debts", "pay", "Ann"], 4);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["error"]["reason"], "unpayable", "{json}");
    assert_eq!(json["error"]["owed"], 200);
    let short = h.refused_unchanged(&["debts", "pay", "Ann"], 4);
    assert!(
        short.contains("Ann's purse (1 pp) holds no coin that pays toward the 2 gp they owe"),
        "{short}"
    );
    // A payment of living costs forged to pay off what nothing paid (Rolf's own, once he is
    // no one's retainer).
    h.ok(&["retainer", "dismiss", "Rolf"]);
    h.ok(&["campaign", "set", "living", "10gp/month"]);
    h.ok_words("time advance 30 days");
    h.ok_words("coins add 1 gp --to Rolf");
    h.ok(&["debts", "pay", "Rolf"]);
    let ledger = h.ok(&["export"]);
    let forged: String = ledger
        .lines()
        .map(|line| match line.contains("\"for\":\"debt\"") {
            true => line.replace("\"cost\":0", "\"cost\":900"),
            false => line.to_string(),
        })
        .map(|line| line + "\n")
        .collect();
    assert_ne!(forged, ledger);
    let file = h.dir.path().join("forged.jsonl");
    std::fs::write(&file, &forged).unwrap();
    let stderr = Hoard::on(h.engine()).fails(&["import", file.to_str().unwrap()], 2);
    assert!(stderr.contains("a debt paid costs nothing"), "{stderr}");
}

/// OSE *Retainers*: « The hiring PC must also pay for the retainer's daily upkeep (food and
/// lodgings) ». Out with Ann, Rolf eats from her pack once his own is empty, after she has
/// eaten; his cost of living is charged to her purse and her debt, not his, until he is
/// dismissed; the charge says whose upkeep it is, `explain` cites the book, and an import
/// refuses a charge told as the upkeep of someone who is not the payer's retainer.
#[test]
fn a_retainers_upkeep_is_paid_by_their_employer() {
    let h = Hoard::new();
    h.character("Ann", 10, 10, 8, "lawful");
    h.character("Rolf", 10, 10, 6, "lawful");
    h.ok_words("coins add 20 gp --to Ann");
    h.ok_words("coins add 3 gp --to Rolf");
    h.ok(&["campaign", "set", "rations", "on"]);
    h.ok(&["campaign", "set", "living", "4gp/month"]);
    h.ok_words("buy rations --by Ann"); // 5 gp: seven rations
    h.ok(&[
        "retainer",
        "hire",
        "Rolf",
        "--by",
        "Ann",
        "--wage",
        "1 gp/adventure",
    ]);
    h.ok(&["session", "start", "Trek", "--with", "Ann,Rolf"]);
    h.ok_words("time advance 3 days");
    // Ann ate three, Rolf three of hers: one left, and nobody hungry.
    assert!(carried(&h, "Rations").contains("×1"));
    for who in ["Ann", "Rolf"] {
        assert!(h.json(&["character", "show", who])["hungry"].is_null());
    }
    // Two more days: Ann eats the last, Rolf goes hungry.
    h.ok_words("time advance 2 days");
    assert_eq!(h.json(&["character", "show", "Ann"])["hungry"], 1);
    assert_eq!(h.json(&["character", "show", "Rolf"])["hungry"], 2);
    // The month: Ann pays 4 gp for herself and 4 gp for Rolf from her 15 gp; Rolf's 3 gp stay.
    let month = h.ok_words("time advance 25 days");
    assert!(
        month.contains("Ann pays their retainer Rolf's cost of living for 1 month: 4 gp"),
        "{month}"
    );
    let purse = |who: &str| h.json(&["character", "show", who])["coins"].clone();
    assert_eq!(purse("Ann"), coins(7, 0, 0));
    assert_eq!(purse("Rolf"), coins(3, 0, 0));
    let charged = charges(&h);
    assert_eq!(charged.len(), 2, "{charged:?}");
    let upkeep = charged
        .iter()
        .find(|e| !e["payload"]["retainer"].is_null())
        .unwrap();
    assert_eq!(upkeep["payload"]["name"], "Ann");
    assert_eq!(upkeep["payload"]["retainer"]["name"], "Rolf");
    let id = upkeep["id"].as_i64().unwrap().to_string();
    let explained = h.ok(&["explain", &id]);
    assert!(
        explained.contains("Rolf's, a retainer, whose upkeep the employer pays"),
        "{explained}"
    );
    let fr = h.ok(&["--lang", "fr", "log"]);
    assert!(
        fr.contains("Ann paie le coût de la vie de son homme d'armes Rolf pour 1 mois : 4 po"),
        "{fr}"
    );
    // An import holds the charge to a retainer of the payer's.
    let ledger = h.ok(&["export"]);
    let ann = h.json(&["character", "show", "Ann"])["id"].clone();
    let rolf = h.json(&["character", "show", "Rolf"])["id"].clone();
    let forged = ledger.replace(
        &format!("\"retainer\":{{\"character\":{rolf}"),
        &format!("\"retainer\":{{\"character\":{ann}"),
    );
    assert_ne!(forged, ledger);
    let file = h.dir.path().join("forged.jsonl");
    std::fs::write(&file, &forged).unwrap();
    let stderr = Hoard::on(h.engine()).fails(&["import", file.to_str().unwrap()], 2);
    assert!(
        stderr.contains("Ann's living or training cost cannot stand"),
        "{stderr}"
    );
    // Dismissed, Rolf pays his own: 3 gp of 4, 1 gp owed.
    h.ok(&["retainer", "dismiss", "Rolf"]);
    h.ok_words("time advance 30 days");
    assert_eq!(purse("Rolf"), coins(0, 0, 0));
    assert_eq!(h.json(&["character", "show", "Rolf"])["owed"], 100);
    assert!(h.ok(&["check"]).starts_with("ok"));
}
