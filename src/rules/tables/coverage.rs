//! Whether a table can be trusted: every face of its die covered by exactly one entry, every
//! band of keys by exactly one band; a gap or an overlap is named by its faces.

use std::fmt;

use super::Band;
use super::Entry;
use crate::rules::dice::Expr;
use crate::tr;

/// Every face from the die's minimum to its maximum covered by exactly one entry.
pub(super) fn coverage(entries: &[Entry], die: &Expr, label: &str) -> Result<(), String> {
    let mut sorted: Vec<&Entry> = entries.iter().collect();
    sorted.sort_by_key(|e| (e.lo, e.hi));
    let mut next = die.min();
    let mut previous: Option<&Entry> = None;
    for entry in sorted {
        if entry.lo < next {
            let prev = previous.map(|p| p.roll.as_str()).unwrap_or_default();
            let at = entry.lo;
            return Err(tr!(
                "{label}ranges {prev} and {} overlap at {}",
                "{label}les plages {prev} et {} se chevauchent en {}",
                entry.roll,
                Face(at)
            ));
        }
        if entry.lo > next {
            return Err(gap(label, next, entry.lo - 1, previous, Some(entry)));
        }
        next = entry.hi + 1;
        previous = Some(entry);
    }
    if next <= die.max() {
        return Err(gap(label, next, die.max(), previous, None));
    }
    Ok(())
}

fn gap(label: &str, from: i64, to: i64, before: Option<&Entry>, after: Option<&Entry>) -> String {
    let faces = if from == to {
        Face(from).to_string()
    } else {
        format!("{}-{}", Face(from), Face(to))
    };
    let around = match (before, after) {
        (Some(b), Some(a)) => tr!(" (between {} and {})", " (entre {} et {})", b.roll, a.roll),
        (Some(b), None) => tr!(" (after {})", " (après {})", b.roll),
        (None, Some(a)) => tr!(" (before {})", " (avant {})", a.roll),
        (None, None) => String::new(),
    };
    tr!(
        "{label}nothing covers {faces}{around}",
        "{label}rien ne couvre {faces}{around}"
    )
}

/// A face as written on percentile dice: 100 is `00`.
struct Face(i64);

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 100 {
            f.write_str("00")
        } else {
            write!(f, "{}", self.0)
        }
    }
}

pub(super) fn bands_coverage(bands: &[Band]) -> Result<(), String> {
    let mut sorted: Vec<&Band> = bands.iter().collect();
    sorted.sort_by_key(|b| b.from);
    let mut next: Option<i64> = None;
    for band in &sorted {
        if let Some(n) = next
            && band.from != n
        {
            return Err(tr!(
                "band {} should start at {n}",
                "la tranche {} devrait commencer à {n}",
                band.when
            ));
        }
        next = match band.to {
            Some(to) => Some(to + 1),
            None if std::ptr::eq(*band, *sorted.last().unwrap_or(band)) => None,
            None => {
                return Err(tr!(
                    "only the last band can be open-ended, not {}",
                    "seule la dernière tranche peut être ouverte, pas {}",
                    band.when
                ));
            }
        };
    }
    if next.is_some() {
        return Err(tr!(
            "the last band must be open-ended, like \"16+\"",
            "la dernière tranche doit être ouverte, comme \"16+\""
        ));
    }
    Ok(())
}
