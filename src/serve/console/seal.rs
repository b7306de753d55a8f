//! The console's anti-forgery: a value each page is drawn with, good for one post (a form sent
//! twice, replayed or forged from an old page finds it spent), and the seal on a preview's
//! confirm form, so that what is recorded is what was previewed — the same form, the same
//! seed, the same moment of the ledger. Both live in this process's memory: a restart spends
//! every page's value and voids every seal (reload the page).

use std::collections::{HashSet, VecDeque};
use std::sync::Mutex;

use hmac::{Hmac, Mac};
use rand::TryRngCore;
use sha2::Sha256;
use subtle::ConstantTimeEq;

/// How many pages' values are kept at most: the oldest unspent ones go first. The dashboard
/// draws itself again at every event (its script), so each move of the ledger makes one.
const KEPT: usize = 4096;

pub struct Seal {
    /// The key of the seals: 256 bits from the system's generator, never shown.
    key: [u8; 32],
    /// Each page's value not yet spent, and the order they were made in.
    unspent: Mutex<(HashSet<String>, VecDeque<String>)>,
}

/// 128 bits from the system's generator, in hex; `None` if it failed.
pub fn random_hex() -> Option<String> {
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.try_fill_bytes(&mut bytes).ok()?;
    Some(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// A seed for a preview's dice, from the system's generator.
pub fn seed() -> Option<u64> {
    rand::rngs::OsRng.try_next_u64().ok()
}

impl Seal {
    pub fn new() -> Option<Seal> {
        let mut key = [0u8; 32];
        rand::rngs::OsRng.try_fill_bytes(&mut key).ok()?;
        Some(Seal {
            key,
            unspent: Mutex::new((HashSet::new(), VecDeque::new())),
        })
    }

    /// A fresh value for a page being drawn.
    pub fn mint(&self) -> Option<String> {
        let value = random_hex()?;
        let mut guard = self.unspent.lock().unwrap_or_else(|p| p.into_inner());
        let (set, order) = &mut *guard;
        if order.len() >= KEPT
            && let Some(oldest) = order.pop_front()
        {
            set.remove(&oldest);
        }
        set.insert(value.clone());
        order.push_back(value.clone());
        Some(value)
    }

    /// Spend a page's value: whether it was one drawn here and not spent yet.
    pub fn spend(&self, value: &str) -> bool {
        let mut guard = self.unspent.lock().unwrap_or_else(|p| p.into_inner());
        let (set, order) = &mut *guard;
        if !set.remove(value) {
            return false;
        }
        order.retain(|v| v != value);
        true
    }

    /// The seal of `parts`, in hex: each part length-first, so no two lists of parts
    /// read alike.
    pub fn sign(&self, parts: &[&str]) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes any key");
        for part in parts {
            mac.update(&(part.len() as u64).to_be_bytes());
            mac.update(part.as_bytes());
        }
        let sum = mac.finalize().into_bytes();
        sum.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// Whether `given` is the seal of `parts`, compared in constant time.
    pub fn holds(&self, parts: &[&str], given: &str) -> bool {
        self.sign(parts).as_bytes().ct_eq(given.as_bytes()).into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pages_value_is_spent_once() {
        let seal = Seal::new().unwrap();
        let value = seal.mint().unwrap();
        assert!(!seal.spend("not one of ours"));
        assert!(seal.spend(&value));
        assert!(!seal.spend(&value), "a replay finds it spent");
    }

    #[test]
    fn the_oldest_unspent_values_go_first() {
        let seal = Seal::new().unwrap();
        let first = seal.mint().unwrap();
        let rest: Vec<String> = (0..KEPT).map(|_| seal.mint().unwrap()).collect();
        assert!(!seal.spend(&first));
        assert!(seal.spend(&rest[0]));
    }

    #[test]
    fn a_seal_holds_its_parts_and_no_others() {
        let seal = Seal::new().unwrap();
        let signed = seal.sign(&["damage", "Ada", "5"]);
        assert!(seal.holds(&["damage", "Ada", "5"], &signed));
        assert!(!seal.holds(&["damage", "Ada", "6"], &signed));
        assert!(!seal.holds(&["damage", "Ada5", ""], &signed));
        let other = Seal::new().unwrap();
        assert!(
            !other.holds(&["damage", "Ada", "5"], &signed),
            "another key"
        );
    }
}
