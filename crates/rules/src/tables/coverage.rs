//! Whether a table can be trusted: every face of its die covered by exactly one entry, every
//! band of keys by exactly one band; a gap or an overlap is named by its faces.

use super::Band;
use super::Entry;
use super::TableFault;
use crate::dice::Expr;

/// Every face from the die's minimum to its maximum covered by exactly one entry; `band` is
/// the band the entries are in, if any.
pub(super) fn coverage(
    entries: &[Entry],
    die: &Expr,
    band: Option<&str>,
) -> Result<(), TableFault> {
    let band = || band.map(str::to_string);
    let mut sorted: Vec<&Entry> = entries.iter().collect();
    sorted.sort_by_key(|e| (e.lo, e.hi));
    let mut next = die.min();
    let mut previous: Option<&Entry> = None;
    for entry in sorted {
        if entry.lo < next {
            let first = previous.map(|p| p.roll.clone()).unwrap_or_default();
            return Err(TableFault::Overlap {
                band: band(),
                first,
                second: entry.roll.clone(),
                at: entry.lo,
            });
        }
        if entry.lo > next {
            return Err(TableFault::Gap {
                band: band(),
                from: next,
                to: entry.lo - 1,
                before: previous.map(|p| p.roll.clone()),
                after: Some(entry.roll.clone()),
            });
        }
        next = entry.hi + 1;
        previous = Some(entry);
    }
    if next <= die.max() {
        return Err(TableFault::Gap {
            band: band(),
            from: next,
            to: die.max(),
            before: previous.map(|p| p.roll.clone()),
            after: None,
        });
    }
    Ok(())
}

pub(super) fn bands_coverage(bands: &[Band]) -> Result<(), TableFault> {
    let mut sorted: Vec<&Band> = bands.iter().collect();
    sorted.sort_by_key(|b| b.from);
    let mut next: Option<i64> = None;
    for band in &sorted {
        if let Some(n) = next
            && band.from != n
        {
            return Err(TableFault::BandStart {
                when: band.when.clone(),
                at: n,
            });
        }
        next = match band.to {
            Some(to) => Some(to + 1),
            None if std::ptr::eq(*band, *sorted.last().unwrap_or(band)) => None,
            None => {
                return Err(TableFault::OpenBand {
                    when: band.when.clone(),
                });
            }
        };
    }
    if next.is_some() {
        return Err(TableFault::LastBandClosed);
    }
    Ok(())
}
