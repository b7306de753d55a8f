//! The entry points the fuzz targets (`fuzz/`) and their property-test twins
//! (`tests/properties.rs`) drive: each takes any input and must end without a panic. Behind
//! the `fuzzing` feature, so the shipped library leaves it out.

use crate::app::export::{parse_header, parse_line};
use crate::app::replay::Replay;
use crate::rules::dice::{Dice, Expr};
use crate::rules::tables::{Tables, shipped};

/// A dice expression: refused, or rolled inside its bounds.
pub fn dice(text: &str, dice: &mut impl Dice) {
    if let Ok(expr) = Expr::parse(text) {
        let roll = expr.roll(dice);
        assert!(
            roll.total >= expr.min() && roll.total <= expr.max(),
            "{text}: {}",
            roll.total
        );
        let _ = expr.distribution();
    }
}

/// A table file: refused with errors, or loaded and rolled — alone, and in place of a
/// shipped table.
pub fn table(text: &str) {
    let mut rng = crate::rules::dice::seeded(7);
    if let Ok(tables) = Tables::parse(&[("tables/fuzz.toml".to_string(), text.to_string())]) {
        for t in tables.iter() {
            match &t.key {
                Some(_) => {
                    let _ = t.roll_band(3, &mut rng);
                }
                None => {
                    let _ = t.roll(&mut rng);
                }
            }
        }
    }
    let mut files = shipped();
    if let Some(slot) = files.iter_mut().find(|(f, _)| f.ends_with("/wands.toml")) {
        slot.1 = text.to_string();
    }
    if let Ok(tables) = Tables::parse(&files) {
        let _ = crate::rules::generate::make(&tables, "wands", Default::default(), &mut rng);
    }
}

/// An export file: the header checked, each line parsed and applied to the state.
pub fn import(text: &str) {
    let mut lines = text.lines();
    let Some(first) = lines.next() else { return };
    let voided = match parse_header(first) {
        Ok(header) => header.voided.into_iter().collect(),
        Err(_) => Default::default(),
    };
    let mut replay = Replay::new(voided);
    for line in lines {
        if let Ok((rec, _)) = parse_line(line, None) {
            if rec.seq != replay.state.last_seq + 1 {
                return;
            }
            replay.feed(&rec);
        }
    }
}
