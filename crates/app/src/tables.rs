//! `hoard tables list|show|roll|check`, and the tables every generating command uses: the
//! shipped ones, with a referee's folder laid over them (`--tables DIR` or the campaign's
//! `tables` setting): a file there replaces the shipped file of the same name.

use std::path::{Path, PathBuf};

use crate::ctx::Ctx;

use crate::error::{Error, Problem, Result};
use crate::ledger::Event;
use crate::refusal::tables::Refusal;
use crate::rules::dice::Roll;
use crate::rules::tables::{self, TableError, TableFault, Tables, Unreadable};

/// Tables in use and where they come from (`shipped` or the folder laid over them).
pub struct Loaded {
    pub tables: Tables,
    pub source: String,
}

/// Where the tables come from when no folder is laid over them.
pub const SHIPPED: &str = "shipped";

/// The shipped tables with `dir`'s files laid over them.
pub fn load(dir: Option<&Path>) -> std::result::Result<Loaded, Vec<TableError>> {
    let mut files = tables::shipped();
    let source = match dir {
        Some(dir) => {
            for (name, path, text) in read_dir(dir)? {
                let shown = path.display().to_string();
                match files
                    .iter_mut()
                    .find(|(f, _)| f.ends_with(&format!("/{name}")))
                {
                    Some(slot) => *slot = (shown, text),
                    None => files.push((shown, text)),
                }
            }
            dir.display().to_string()
        }
        None => SHIPPED.to_string(),
    };
    Tables::parse(&files).map(|tables| Loaded { tables, source })
}

/// Every `*.toml` of a folder: (file name, path, text).
fn read_dir(dir: &Path) -> std::result::Result<Vec<(String, PathBuf, String)>, Vec<TableError>> {
    let entries = std::fs::read_dir(dir).map_err(|e| {
        vec![TableError {
            file: dir.display().to_string(),
            fault: TableFault::Unreadable(Unreadable::Folder(e.to_string())),
        }]
    })?;
    let mut files = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        let Some(name) = path
            .file_name()
            .and_then(|n| n.to_str())
            .map(str::to_string)
        else {
            continue;
        };
        if !name.ends_with(".toml") {
            continue;
        }
        let text = read_table(&path).map_err(|why| {
            vec![TableError {
                file: path.display().to_string(),
                fault: TableFault::Unreadable(why),
            }]
        })?;
        files.push((name, path, text));
    }
    files.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(files)
}

/// The most a table file may hold: the largest shipped table is under 20 KiB, so this leaves
/// room for any edit while a link to `/dev/zero` cannot fill the memory.
pub const MAX_TABLE_BYTES: u64 = 1 << 20;

/// One table file's text: a regular file (a FIFO would block forever, a device never end) of
/// at most [`MAX_TABLE_BYTES`], in UTF-8.
fn read_table(path: &Path) -> std::result::Result<String, Unreadable> {
    use std::io::Read;
    let unreadable = |e: std::io::Error| Unreadable::File(e.to_string());
    // Checked before opening (opening a FIFO waits for a writer), and again on what opened.
    if !std::fs::metadata(path).map_err(unreadable)?.is_file() {
        return Err(Unreadable::NotAFile);
    }
    let file = std::fs::File::open(path).map_err(unreadable)?;
    if !file.metadata().map_err(unreadable)?.is_file() {
        return Err(Unreadable::NotAFile);
    }
    let mut bytes = Vec::new();
    file.take(MAX_TABLE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    if bytes.len() as u64 > MAX_TABLE_BYTES {
        return Err(Unreadable::TooLarge);
    }
    String::from_utf8(bytes).map_err(|_| Unreadable::NotUtf8)
}

/// Table errors as one line for a command that needed the tables.
pub fn broken(errors: Vec<TableError>) -> Error {
    let more = errors.len().saturating_sub(1);
    let first = errors.into_iter().next();
    Refusal::Broken { first, more }.into()
}

/// The tables this command uses: `--tables`, else the campaign's setting, else shipped.
pub async fn for_campaign(cx: &mut Ctx) -> Result<Loaded> {
    let dir = folder(cx, None).await?;
    without_campaign(dir.as_deref())
}

/// The tables where there is no campaign: the shipped ones with `dir`'s files laid over them.
pub fn without_campaign(dir: Option<&Path>) -> Result<Loaded> {
    load(dir).map_err(broken)
}

/// `tables check [DIR]`: every problem, or the number of tables that passed.
pub async fn check(
    cx: &mut Ctx,
    dir: Option<&Path>,
) -> Result<std::result::Result<usize, Vec<TableError>>> {
    let dir = folder(cx, dir).await?;
    Ok(load(dir.as_deref()).map(|l| counted(&l.tables)))
}

/// How many table files loaded: the tables, the files of treasure types and the price lists.
pub fn counted(tables: &Tables) -> usize {
    tables.iter().count() + tables.all_treasures().count() + tables.all_equipment().count()
}

/// The folder of edited tables in force: the one named, else `--tables`, else the campaign's
/// setting (if there is a campaign yet); `None` for the shipped tables alone.
async fn folder(cx: &mut Ctx, named: Option<&Path>) -> Result<Option<PathBuf>> {
    if let Some(dir) = named.or(cx.tables.as_deref()) {
        return Ok(Some(dir.to_path_buf()));
    }
    Ok(cx
        .campaign_if_any()
        .await?
        .and_then(|found| found.campaign.settings.tables)
        .map(PathBuf::from))
}

/// One roll on a table and the entry it landed on.
pub struct Landed {
    pub roll: Roll,
    pub entry: String,
    pub entry_fr: String,
    /// The entry says to roll again (and the next roll follows).
    pub reroll: bool,
}

/// The rolls on one table, each recorded: as `generate` does, an entry that says « roll again »
/// is rolled again, so the last roll is the result.
pub struct Rolled {
    pub table: String,
    pub rolls: Vec<Landed>,
    /// The table the result sends to, if any.
    pub leads_to: Option<String>,
}

pub async fn roll(cx: &mut Ctx, name: &str, key: Option<i64>) -> Result<Rolled> {
    let loaded = for_campaign(cx).await?;
    let table = crate::rules::generate::table(&loaded.tables, name)
        .map_err(|e| Error::NotFound(Problem::Generation(e).into()))?;
    match (&table.key, key) {
        (Some(k), None) => {
            let (table, key) = (name.to_string(), k.clone());
            return Err(Refusal::NeedsKey { table, key }.into());
        }
        (None, Some(_)) => {
            let table = name.to_string();
            return Err(Refusal::TakesNoKey { table }.into());
        }
        _ => {}
    }
    let mut dice = cx.dice();
    let mut rolls = Vec::new();
    let entry = crate::rules::generate::settle(table, key, &mut dice, |roll, entry| {
        rolls.push(Landed {
            roll,
            entry: entry.name.clone(),
            entry_fr: entry.fr.clone(),
            reroll: entry.reroll,
        })
    })
    .map_err(|e| Error::Invalid(Problem::Generation(e).into()))?;
    let leads_to = entry.table.clone();
    let (name, version) = (table.name.clone(), table.version);
    let mut w = cx.write().await?;
    for landed in &rolls {
        w.record(Event::TableRolled {
            table: name.clone(),
            version,
            roll: landed.roll.clone(),
            entry: landed.entry.clone(),
        })?;
    }
    w.commit().await?;
    Ok(Rolled {
        table: name,
        rolls,
        leads_to,
    })
}
