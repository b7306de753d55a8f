//! What the ledger takes for a name or an id, in an event of any family: a name a referee
//! could have typed, an id as hoard makes them. Admission holds every event to these, the
//! coins' own (`apply::coins`) its places too.

use super::ID_LIMIT;
use super::refusal::Refusal;
use crate::rules::character::check_name;

/// A name a referee could have typed: not blank, not too long.
pub(crate) fn name_ok(what: &str, name: &str) -> Result<(), Refusal> {
    check_name(what, name)?;
    Ok(())
}

/// An id as hoard makes them: letters, digits, `-` and `_`, and not too long.
pub(crate) fn id_ok(id: &str) -> Result<(), Refusal> {
    if id.is_empty()
        || id.len() > ID_LIMIT
        || !id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        return Err(Refusal::NotAnId { id: id.into() });
    }
    Ok(())
}
