//! `hoard serve`: its options; the server itself is [`crate::serve`].

use super::args::serve::ServeArgs;
use super::args::{Global, LangArg};
use super::defaults::default_db;
use crate::error::Result;
use crate::i18n::Lang;

pub async fn run(global: &Global, args: ServeArgs) -> Result<()> {
    let db = match global.database() {
        Some(path) => path,
        None => default_db()?,
    };
    crate::serve::run(crate::serve::Settings {
        db,
        campaign: global.campaign.clone(),
        bind: args.bind,
        port: args.port,
        referee: global.as_referee(),
        recorder: global.recorder(),
        players: args.players,
        seed: global.seed,
        lang: global.lang.map(|l| match l {
            LangArg::En => Lang::En,
            LangArg::Fr => Lang::Fr,
        }),
    })
    .await
}
