//! Dice: the expressions referees write (`2d6+1`, `d%`, `4+1d4`, `1d6*5`) and the record of a
//! roll — every die's face and the total — that the ledger keeps forever.
//!
//! Grammar (whitespace ignored, `d` or `D`):
//! ```text
//! expr   := ['+'|'-'] term (('+'|'-') term)*
//! term   := atom [('*'|'x') INT]          multiplies that term only: 1d6*5, 2d4x10
//! atom   := [INT] 'd' (INT | '%') [keep]  |  INT  d% and d100 are the same die
//! keep   := 'k' ['h'|'l'] INT             the highest (kh, or k) or lowest (kl) INT dice
//! ```
//! `4d6kh3` rolls four dice and adds the three highest: every face is kept in the record, the
//! total counts the kept ones.
//! Limits keep every total inside an `i64`: at most 1,000 dice per term, 1,000,000 sides,
//! constants up to 1,000,000,000, multipliers up to 10,000 (a hoard's « 1d6 × 2,000 » coins) and expressions of 200 characters.
//!
//! Faces come from [`Dice::face`], implemented for every `rand` generator by rejection
//! sampling on 32-bit words, so a seed gives the same faces on every platform and build as long
//! as the generator (ChaCha8, see [`seeded`]) is the same.

use std::fmt;

use rand::{RngCore, SeedableRng, TryRngCore};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// A source of die faces. Every rule takes `&mut impl Dice`, so tests can script exact faces.
pub trait Dice {
    /// A face from 1 to `sides` (inclusive), each equally likely.
    fn face(&mut self, sides: u32) -> u32;
}

impl<R: RngCore> Dice for R {
    fn face(&mut self, sides: u32) -> u32 {
        let sides = sides.max(1);
        // Accept only words below the largest multiple of `sides`, so every face is equally likely.
        let span = 1u64 << 32;
        let limit = span - span % u64::from(sides);
        loop {
            let word = u64::from(self.next_u32());
            if word < limit {
                // `word % sides` < sides <= u32::MAX, so the cast cannot truncate.
                return (word % u64::from(sides)) as u32 + 1;
            }
        }
    }
}

/// The most steps (totals so far × faces of the next die) [`Expr::distribution`] takes:
/// enough for any roll of the game, a bound on work for a pathological expression.
pub const DISTRIBUTION_WORK: u64 = 10_000_000;

/// The generator behind `--seed`: ChaCha8 keyed by the seed's little-endian bytes.
/// Pinned by name (not `StdRng`) because history must not depend on a crate's default choice.
pub fn seeded(seed: u64) -> ChaCha8Rng {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    ChaCha8Rng::from_seed(key)
}

/// A fresh seed from the operating system, for commands run without `--seed`.
pub fn fresh_seed() -> u64 {
    rand::rngs::OsRng.try_next_u64().unwrap_or_else(|_| {
        // The OS generator failing is unheard of on supported systems; fall back to the clock so
        // the command still works (and still records every face it rolls).
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or_default();
        nanos as u64 ^ u64::from(std::process::id()).rotate_left(32)
    })
}

pub const MAX_LEN: usize = 200;
pub const MAX_COUNT: u32 = 1_000;
const MAX_SIDES: u32 = 1_000_000;
const MAX_CONST: i64 = 1_000_000_000;
const MAX_MULT: i64 = 10_000;

/// An expression in JSON, as it is written (`#[serde(serialize_with)]`): `3d6+1`.
pub fn as_text<S: serde::Serializer>(expr: &Expr, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(expr)
}

/// A parsed dice expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    terms: Vec<Term>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Term {
    Dice {
        negative: bool,
        count: u32,
        sides: u32,
        mult: i64,
        keep: Option<Keep>,
    },
    Const {
        negative: bool,
        value: i64,
        mult: i64,
    },
}

/// Which of a term's dice count toward its total.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Keep {
    Highest(u32),
    Lowest(u32),
}

impl Keep {
    fn kept(self) -> u32 {
        match self {
            Keep::Highest(n) | Keep::Lowest(n) => n,
        }
    }

    /// The sum of the dice kept from `faces`.
    fn sum(self, faces: &mut [u32]) -> i64 {
        faces.sort_unstable();
        let n = self.kept() as usize;
        let kept = match self {
            Keep::Highest(_) => &faces[faces.len() - n..],
            Keep::Lowest(_) => &faces[..n],
        };
        kept.iter().copied().map(i64::from).sum()
    }
}

impl Term {
    /// How many dice the term rolls.
    fn dice(&self) -> u64 {
        match self {
            Term::Dice { count, .. } => u64::from(*count),
            Term::Const { .. } => 0,
        }
    }
}

/// A roll as the ledger keeps it: the expression, the face of each die in the order the
/// expression names them (so `2d6+1d4` keeps three faces: two d6 then one d4), and the total.
/// A roll is read as written; one read from outside (an import, the ledger) must be one its
/// expression can give, which the ledger holds it to as it admits its event ([`Roll::verify`]):
/// the fault is data there, for the reader's words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    pub expr: String,
    pub faces: Vec<u32>,
    pub total: i64,
}

/// Why a roll cannot be one its expression gives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RollFault {
    /// The expression does not parse.
    Expr(String),
    /// A face off its die.
    Face { face: u32, sides: u32 },
    /// Not one face per die.
    Faces { dice: usize, faces: usize },
    /// The total is not what the faces add up to.
    Total { expected: i64, found: i64 },
}

impl Roll {
    /// Whether this roll is one its expression can give: each face on its die, one face per
    /// die, and the total their arithmetic.
    pub fn verify(&self) -> Result<(), RollFault> {
        /// The roll's own faces, taken in order as its expression asks for dice.
        struct Replayed<'a> {
            faces: std::slice::Iter<'a, u32>,
            asked: usize,
            fault: Option<RollFault>,
        }
        impl Dice for Replayed<'_> {
            fn face(&mut self, sides: u32) -> u32 {
                self.asked += 1;
                match self.faces.next() {
                    Some(&face) if (1..=sides).contains(&face) => face,
                    Some(&face) => {
                        self.fault.get_or_insert(RollFault::Face { face, sides });
                        1
                    }
                    None => 1,
                }
            }
        }
        let expr = Expr::parse(&self.expr).map_err(|_| RollFault::Expr(self.expr.clone()))?;
        if expr.terms.iter().map(Term::dice).sum::<u64>() > self.faces.len() as u64 {
            return Err(RollFault::Faces {
                dice: expr.terms.iter().map(Term::dice).sum::<u64>() as usize,
                faces: self.faces.len(),
            });
        }
        let mut replayed = Replayed {
            faces: self.faces.iter(),
            asked: 0,
            fault: None,
        };
        let total = expr.throw(&mut replayed, |_| {});
        if let Some(fault) = replayed.fault {
            return Err(fault);
        }
        if replayed.asked != self.faces.len() {
            return Err(RollFault::Faces {
                dice: replayed.asked,
                faces: self.faces.len(),
            });
        }
        if total != self.total {
            return Err(RollFault::Total {
                expected: total,
                found: self.total,
            });
        }
        Ok(())
    }
}

/// Why an expression was refused (its words are the edge's: `view::words`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DiceError {
    pub expr: String,
    pub fault: DiceFault,
}

/// What is wrong with a dice expression.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum DiceFault {
    /// Longer than [`MAX_LEN`] characters.
    TooLong,
    Empty,
    /// A character where `+`, `-` or the end was expected.
    Unexpected {
        found: char,
    },
    /// A number over its limit: `digits` as written, `max` the limit.
    TooLarge {
        what: Number,
        digits: String,
        max: i64,
    },
    /// `0d6`.
    NoDice,
    /// More than [`MAX_COUNT`] dice in one term.
    TooManyDice,
    /// `2d` with no sides.
    NoSides,
    /// `2d0`.
    ZeroSides,
    /// It ends where a number or a die was expected (`2d6+`).
    EndsEarly,
    /// Something else where a number or a die was expected.
    Expected(char),
    /// `1d6*` with no factor.
    NoFactor,
    /// `1d6*0`.
    ZeroFactor,
    /// `4d6k` or `4d6kh0`: a keep that keeps no die.
    NoneKept,
}

/// Which number of an expression is too large.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Number {
    Constant,
    Sides,
    Multiplier,
    /// How many dice a keep keeps: at most the term's dice.
    Kept,
}

impl Expr {
    /// `count` dice of `sides` faces.
    pub fn dice(count: u32, sides: u32) -> Self {
        Expr {
            terms: vec![Term::Dice {
                negative: false,
                count,
                sides,
                mult: 1,
                keep: None,
            }],
        }
    }

    /// A constant.
    pub fn constant(value: i64) -> Self {
        Expr {
            terms: vec![Term::Const {
                negative: value < 0,
                value: value.abs(),
                mult: 1,
            }],
        }
    }

    /// This expression plus a constant (a negative one subtracts).
    pub fn plus(mut self, value: i64) -> Self {
        if value != 0 {
            self.terms.push(Term::Const {
                negative: value < 0,
                value: value.abs(),
                mult: 1,
            });
        }
        self
    }

    /// This expression plus more dice.
    pub fn plus_dice(mut self, count: u32, sides: u32) -> Self {
        self.terms.push(Term::Dice {
            negative: false,
            count,
            sides,
            mult: 1,
            keep: None,
        });
        self
    }

    pub fn parse(text: &str) -> Result<Self, DiceError> {
        Parser::new(text).parse()
    }

    /// Roll every die in order and keep each face.
    pub fn roll(&self, dice: &mut impl Dice) -> Roll {
        let mut faces = Vec::new();
        let total = self.throw(dice, |face| faces.push(face));
        Roll {
            expr: self.to_string(),
            faces,
            total,
        }
    }

    /// Roll every die in order, handing each face to `face`, and give the total: a [`Roll`]
    /// without its text or its list of faces, which checking a stored roll does not need.
    fn throw(&self, dice: &mut impl Dice, mut face: impl FnMut(u32)) -> i64 {
        let mut total = 0i64;
        for term in &self.terms {
            let (negative, sum, mult) = match *term {
                Term::Dice {
                    negative,
                    count,
                    sides,
                    mult,
                    keep,
                } => {
                    let mut faces: Vec<u32> = (0..count).map(|_| dice.face(sides)).collect();
                    faces.iter().copied().for_each(&mut face);
                    let sum = match keep {
                        Some(keep) => keep.sum(&mut faces),
                        None => faces.iter().copied().map(i64::from).sum(),
                    };
                    (negative, sum, mult)
                }
                Term::Const {
                    negative,
                    value,
                    mult,
                } => (negative, value, mult),
            };
            let value = sum * mult;
            total += if negative { -value } else { value };
        }
        total
    }

    /// The smallest total this expression can give.
    pub fn min(&self) -> i64 {
        self.bounds().0
    }

    /// The largest total this expression can give.
    pub fn max(&self) -> i64 {
        self.bounds().1
    }

    fn bounds(&self) -> (i64, i64) {
        self.terms.iter().fold((0, 0), |(lo, hi), term| {
            let (negative, low, high) = match *term {
                Term::Dice {
                    negative,
                    count,
                    sides,
                    mult,
                    keep,
                } => {
                    let counted = i64::from(keep.map_or(count, Keep::kept));
                    (negative, counted * mult, counted * i64::from(sides) * mult)
                }
                Term::Const {
                    negative,
                    value,
                    mult,
                } => (negative, value * mult, value * mult),
            };
            if negative {
                (lo - high, hi - low)
            } else {
                (lo + low, hi + high)
            }
        })
    }

    /// The exact distribution of totals: `(total, ways)` pairs in increasing order, with the
    /// number of equally likely outcomes. `None` when the expression has too many outcomes to
    /// count (more than 2^100) or would take more than [`DISTRIBUTION_WORK`] steps to
    /// enumerate (`2d1000000`), which no rule of the game comes near.
    pub fn distribution(&self) -> Option<Distribution> {
        let mut outcomes = 1u128;
        for term in &self.terms {
            if let Term::Dice { count, sides, .. } = *term {
                for _ in 0..count {
                    outcomes = outcomes
                        .checked_mul(u128::from(sides))
                        .filter(|&n| n <= 1u128 << 100)?;
                }
            }
        }
        let mut dist = Distribution {
            ways: vec![(0, 1)],
            outcomes: 1,
        };
        let mut work = 0u64;
        for term in &self.terms {
            let (negative, count, sides, mult, keep) = match *term {
                Term::Dice {
                    negative,
                    count,
                    sides,
                    mult,
                    keep,
                } => (negative, count, sides, mult, keep),
                Term::Const {
                    negative,
                    value,
                    mult,
                } => {
                    let shift = if negative {
                        -(value * mult)
                    } else {
                        value * mult
                    };
                    dist.ways.iter_mut().for_each(|(t, _)| *t += shift);
                    continue;
                }
            };
            let sign = if negative { -mult } else { mult };
            if let Some(keep) = keep {
                // Every way the dice can fall, counted by what the kept ones add up to.
                let throws = u64::from(sides).checked_pow(count)?;
                work += throws;
                if work > DISTRIBUTION_WORK {
                    return None;
                }
                let mut sums = std::collections::BTreeMap::new();
                let mut faces = vec![1u32; count as usize];
                for _ in 0..throws {
                    let sum = keep.sum(&mut faces.clone()) * sign;
                    *sums.entry(sum).or_insert(0u128) += 1;
                    // The next throw, as an odometer of faces.
                    for face in faces.iter_mut() {
                        if *face < sides {
                            *face += 1;
                            break;
                        }
                        *face = 1;
                    }
                }
                work += dist.ways.len() as u64 * sums.len() as u64;
                if work > DISTRIBUTION_WORK {
                    return None;
                }
                let sums: Vec<(i64, u128)> = sums.into_iter().collect();
                dist = dist.convolve(&sums)?;
                continue;
            }
            let faces: Vec<(i64, u128)> = (1..=i64::from(sides)).map(|f| (f * sign, 1)).collect();
            for _ in 0..count {
                work += dist.ways.len() as u64 * u64::from(sides);
                if work > DISTRIBUTION_WORK {
                    return None;
                }
                dist = dist.convolve(&faces)?;
            }
        }
        Some(dist)
    }
}

/// Exact distribution of a dice expression: `ways[i] = (total, number of outcomes)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Distribution {
    pub ways: Vec<(i64, u128)>,
    pub outcomes: u128,
}

impl Distribution {
    /// This distribution plus an independent one's `(value, ways)`.
    fn convolve(&self, faces: &[(i64, u128)]) -> Option<Self> {
        let theirs: u128 = faces.iter().map(|(_, ways)| ways).sum();
        let outcomes = self.outcomes.checked_mul(theirs)?;
        let mut map = std::collections::BTreeMap::new();
        for &(total, ways) in &self.ways {
            for &(face, more) in faces {
                *map.entry(total + face).or_insert(0u128) += ways.checked_mul(more)?;
            }
        }
        Some(Distribution {
            ways: map.into_iter().collect(),
            outcomes,
        })
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, term) in self.terms.iter().enumerate() {
            let (negative, mult) = match *term {
                Term::Dice { negative, mult, .. } | Term::Const { negative, mult, .. } => {
                    (negative, mult)
                }
            };
            match (i, negative) {
                (0, true) => f.write_str("-")?,
                (0, false) => {}
                (_, true) => f.write_str("-")?,
                (_, false) => f.write_str("+")?,
            }
            match *term {
                Term::Dice {
                    count, sides, keep, ..
                } => {
                    write!(f, "{count}d{sides}")?;
                    match keep {
                        Some(Keep::Highest(n)) => write!(f, "kh{n}")?,
                        Some(Keep::Lowest(n)) => write!(f, "kl{n}")?,
                        None => {}
                    }
                }
                Term::Const { value, .. } => write!(f, "{value}")?,
            }
            if mult != 1 {
                write!(f, "*{mult}")?;
            }
        }
        Ok(())
    }
}

impl Roll {
    /// `2d6+1 [3 5] = 9`: the expression, each face, the total.
    pub fn describe(&self) -> String {
        if self.faces.is_empty() {
            return format!("{} = {}", self.expr, self.total);
        }
        let faces: Vec<String> = self.faces.iter().map(u32::to_string).collect();
        format!("{} [{}] = {}", self.expr, faces.join(" "), self.total)
    }
}

struct Parser<'a> {
    text: &'a str,
    chars: Vec<char>,
    pos: usize,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Self {
        Parser {
            text,
            chars: text.chars().filter(|c| !c.is_whitespace()).collect(),
            pos: 0,
        }
    }

    fn fail(&self, fault: DiceFault) -> DiceError {
        DiceError {
            expr: self.text.to_string(),
            fault,
        }
    }

    fn parse(mut self) -> Result<Expr, DiceError> {
        if self.text.chars().count() > MAX_LEN {
            return Err(self.fail(DiceFault::TooLong));
        }
        if self.chars.is_empty() {
            return Err(self.fail(DiceFault::Empty));
        }
        let mut terms = Vec::new();
        let mut negative = match self.peek() {
            Some('-') => {
                self.pos += 1;
                true
            }
            Some('+') => {
                self.pos += 1;
                false
            }
            _ => false,
        };
        loop {
            terms.push(self.term(negative)?);
            match self.peek() {
                None => break,
                Some('+') => negative = false,
                Some('-') => negative = true,
                Some(c) => return Err(self.fail(DiceFault::Unexpected { found: c })),
            }
            self.pos += 1;
        }
        Ok(Expr { terms })
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn number(&mut self, what: Number, max: i64) -> Result<Option<i64>, DiceError> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if start == self.pos {
            return Ok(None);
        }
        let digits: String = self.chars[start..self.pos].iter().collect();
        match digits.parse::<i64>() {
            Ok(n) if n <= max => Ok(Some(n)),
            _ => Err(self.fail(DiceFault::TooLarge { what, digits, max })),
        }
    }

    /// `kh3`, `k3`, `kl1` after a die: which of its `count` dice to keep.
    fn keep(&mut self, count: u32) -> Result<Option<Keep>, DiceError> {
        if !matches!(self.peek(), Some('k' | 'K')) {
            return Ok(None);
        }
        self.pos += 1;
        let lowest = matches!(self.peek(), Some('l' | 'L'));
        if matches!(self.peek(), Some('l' | 'L' | 'h' | 'H')) {
            self.pos += 1;
        }
        match self.number(Number::Kept, i64::from(count))? {
            None | Some(0) => Err(self.fail(DiceFault::NoneKept)),
            Some(n) if lowest => Ok(Some(Keep::Lowest(n as u32))),
            Some(n) => Ok(Some(Keep::Highest(n as u32))),
        }
    }

    fn term(&mut self, negative: bool) -> Result<Term, DiceError> {
        let lead = self.number(Number::Constant, MAX_CONST)?;
        let mut term = if matches!(self.peek(), Some('d' | 'D')) {
            self.pos += 1;
            let count = match lead {
                None => 1,
                Some(0) => {
                    return Err(self.fail(DiceFault::NoDice));
                }
                Some(n) if n > i64::from(MAX_COUNT) => {
                    return Err(self.fail(DiceFault::TooManyDice));
                }
                Some(n) => n as u32,
            };
            let sides = if self.peek() == Some('%') {
                self.pos += 1;
                100
            } else {
                match self.number(Number::Sides, i64::from(MAX_SIDES))? {
                    None => {
                        return Err(self.fail(DiceFault::NoSides));
                    }
                    Some(0) => {
                        return Err(self.fail(DiceFault::ZeroSides));
                    }
                    Some(n) => n as u32,
                }
            };
            let keep = self.keep(count)?;
            Term::Dice {
                negative,
                count,
                sides,
                mult: 1,
                keep,
            }
        } else {
            match lead {
                Some(value) => Term::Const {
                    negative,
                    value,
                    mult: 1,
                },
                None => {
                    return Err(match self.peek() {
                        None => self.fail(DiceFault::EndsEarly),
                        Some(c) => self.fail(DiceFault::Expected(c)),
                    });
                }
            }
        };
        if matches!(self.peek(), Some('*' | 'x' | 'X' | '×')) {
            self.pos += 1;
            let factor = match self.number(Number::Multiplier, MAX_MULT)? {
                None => {
                    return Err(self.fail(DiceFault::NoFactor));
                }
                Some(0) => {
                    return Err(self.fail(DiceFault::ZeroFactor));
                }
                Some(n) => n,
            };
            match &mut term {
                Term::Dice { mult, .. } | Term::Const { mult, .. } => *mult = factor,
            }
        }
        Ok(term)
    }
}

#[cfg(test)]
mod verify {
    use super::*;

    fn roll(expr: &str, faces: &[u32], total: i64) -> Roll {
        Roll {
            expr: expr.into(),
            faces: faces.to_vec(),
            total,
        }
    }

    #[test]
    fn a_roll_its_expression_can_give_stands() {
        assert_eq!(roll("2d6+1d4+1", &[6, 1, 4], 12).verify(), Ok(()));
        assert_eq!(roll("d%", &[100], 100).verify(), Ok(()));
        assert_eq!(roll("4", &[], 4).verify(), Ok(()));
    }

    #[test]
    fn a_face_off_its_die_a_missing_or_extra_face_and_a_wrong_total_are_refused() {
        assert_eq!(
            roll("1d6", &[7], 7).verify(),
            Err(RollFault::Face { face: 7, sides: 6 })
        );
        assert_eq!(
            roll("1d6", &[0], 0).verify(),
            Err(RollFault::Face { face: 0, sides: 6 })
        );
        assert_eq!(
            roll("2d6", &[3], 3).verify(),
            Err(RollFault::Faces { dice: 2, faces: 1 })
        );
        assert_eq!(
            roll("1d6", &[3, 4], 3).verify(),
            Err(RollFault::Faces { dice: 1, faces: 2 })
        );
        assert_eq!(
            roll("1d6+1", &[3], 3).verify(),
            Err(RollFault::Total {
                expected: 4,
                found: 3
            })
        );
        assert!(matches!(
            roll("1d", &[1], 1).verify(),
            Err(RollFault::Expr(_))
        ));
    }

    #[test]
    fn a_keep_counts_the_highest_or_lowest_dice_and_keeps_every_face() {
        assert_eq!(roll("4d6kh3", &[1, 6, 3, 5], 14).verify(), Ok(()));
        assert_eq!(roll("2d20kl1", &[17, 4], 4).verify(), Ok(()));
        assert_eq!(
            roll("4d6kh3", &[1, 6, 3, 5], 15).verify(),
            Err(RollFault::Total {
                expected: 14,
                found: 15
            })
        );
        let keep = Expr::parse("4d6k3").unwrap();
        assert_eq!(keep.to_string(), "4d6kh3", "k alone keeps the highest");
        assert_eq!((keep.min(), keep.max()), (3, 18));
        let rolled = keep.roll(&mut scripted::Scripted::new(&[2, 2, 6, 1]));
        assert_eq!((rolled.faces.len(), rolled.total), (4, 10));
        assert_eq!(
            Expr::parse("4d6kh0").unwrap_err().fault,
            DiceFault::NoneKept
        );
        assert!(matches!(
            Expr::parse("4d6kh5").unwrap_err().fault,
            DiceFault::TooLarge {
                what: Number::Kept,
                ..
            }
        ));
    }

    #[test]
    fn a_keeps_distribution_counts_every_throw() {
        let dist = Expr::parse("4d6kh3").unwrap().distribution().unwrap();
        assert_eq!(dist.outcomes, 1296);
        let ways = |total| dist.ways.iter().find(|(t, _)| *t == total).map(|w| w.1);
        assert_eq!(ways(18), Some(21), "6,6,6 with any fourth die");
        assert_eq!(ways(3), Some(1), "only 1,1,1,1");
        let advantage = Expr::parse("2d20kh1").unwrap().distribution().unwrap();
        assert_eq!(advantage.ways.last(), Some(&(20, 39)));
    }

    #[test]
    fn a_crafted_roll_is_read_as_written_and_refused_by_verify() {
        let bad = r#"{"expr":"1d6","faces":[9],"total":9}"#;
        let read = serde_json::from_str::<Roll>(bad).unwrap();
        assert_eq!(read.verify(), Err(RollFault::Face { face: 9, sides: 6 }));
        let good = r#"{"expr":"1d6","faces":[5],"total":5}"#;
        assert_eq!(serde_json::from_str::<Roll>(good).unwrap().verify(), Ok(()));
    }
}

#[cfg(test)]
pub mod scripted {
    //! Dice that give the faces a test asks for, in order.
    use super::Dice;

    pub struct Scripted(pub std::collections::VecDeque<u32>);

    impl Scripted {
        pub fn new(faces: &[u32]) -> Self {
            Scripted(faces.iter().copied().collect())
        }
    }

    impl Dice for Scripted {
        fn face(&mut self, sides: u32) -> u32 {
            let face = self.0.pop_front().expect("the test scripted too few dice");
            assert!(
                (1..=sides).contains(&face),
                "scripted face {face} on a d{sides}"
            );
            face
        }
    }
}

#[cfg(test)]
mod tests {
    use super::scripted::Scripted;
    use super::*;

    fn parse(text: &str) -> Expr {
        Expr::parse(text).unwrap()
    }

    #[test]
    fn reads_the_usual_forms() {
        for (text, shown, min, max) in [
            ("2d6", "2d6", 2, 12),
            ("d%", "1d100", 1, 100),
            ("d100", "1d100", 1, 100),
            ("4+1d4", "4+1d4", 5, 8),
            ("1d6*5", "1d6*5", 5, 30),
            ("2d4x10", "2d4*10", 20, 80),
            (" 3 D 8 - 2 ", "3d8-2", 1, 22),
            ("-1d4+10", "-1d4+10", 6, 9),
            ("7", "7", 7, 7),
            ("1d20+80", "1d20+80", 81, 100),
            ("1d6+1d8+2", "1d6+1d8+2", 4, 16),
        ] {
            let expr = parse(text);
            assert_eq!(expr.to_string(), shown, "{text}");
            assert_eq!((expr.min(), expr.max()), (min, max), "{text}");
        }
    }

    #[test]
    fn refuses_malformed_expressions_with_the_reason() {
        let large = |what, digits: &str, max| DiceFault::TooLarge {
            what,
            digits: digits.into(),
            max,
        };
        for (text, fault) in [
            ("", DiceFault::Empty),
            ("2d", DiceFault::NoSides),
            ("d", DiceFault::NoSides),
            ("0d6", DiceFault::NoDice),
            ("2d0", DiceFault::ZeroSides),
            ("2d6+", DiceFault::EndsEarly),
            ("2d6++1", DiceFault::Expected('+')),
            ("1d6*", DiceFault::NoFactor),
            ("1d6*0", DiceFault::ZeroFactor),
            ("abc", DiceFault::Expected('a')),
            ("2d6)", DiceFault::Unexpected { found: ')' }),
            ("1001d6", DiceFault::TooManyDice),
            ("1d1000001", large(Number::Sides, "1000001", 1_000_000)),
            (
                "99999999999999999999",
                large(Number::Constant, "99999999999999999999", MAX_CONST),
            ),
            ("1d6*10001", large(Number::Multiplier, "10001", MAX_MULT)),
        ] {
            assert_eq!(Expr::parse(text).unwrap_err().fault, fault, "{text:?}");
        }
        assert!(Expr::parse(&"1+".repeat(150)).is_err());
    }

    #[test]
    fn every_die_is_kept_in_order_with_the_total() {
        let roll = parse("2d6+1d4-1").roll(&mut Scripted::new(&[3, 5, 4]));
        assert_eq!(roll.faces, vec![3, 5, 4]);
        assert_eq!(roll.total, 11);
        assert_eq!(roll.describe(), "2d6+1d4-1 [3 5 4] = 11");
        assert_eq!(parse("1d6*5").roll(&mut Scripted::new(&[4])).total, 20);
        assert_eq!(parse("-1d4+10").roll(&mut Scripted::new(&[4])).total, 6);
    }

    #[test]
    fn extreme_expressions_stay_inside_i64() {
        let expr = parse(&["1000d1000000*10000"; 10].join("+"));
        assert!(expr.max() > 0 && expr.max() < i64::MAX / 2);
    }

    #[test]
    fn rolls_stay_in_bounds() {
        let mut rng = seeded(7);
        for text in ["1d1", "1d2", "3d6", "d%", "1d6*5-3", "2d1000000"] {
            let expr = parse(text);
            for _ in 0..2_000 {
                let total = expr.roll(&mut rng).total;
                assert!(
                    (expr.min()..=expr.max()).contains(&total),
                    "{text}: {total}"
                );
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_faces_on_every_build() {
        // Golden values: if these change, old seeds no longer reproduce old campaigns.
        let mut rng = seeded(42);
        let faces: Vec<u32> = (0..10).map(|_| rng.face(6)).collect();
        assert_eq!(faces, GOLDEN_D6_SEED_42);
        let mut again = seeded(42);
        let faces_again: Vec<u32> = (0..10).map(|_| again.face(6)).collect();
        assert_eq!(faces, faces_again);
        assert_ne!(
            faces,
            (0..10).map(|_| seeded(43).face(6)).collect::<Vec<_>>()
        );
    }

    const GOLDEN_D6_SEED_42: [u32; 10] = [4, 6, 2, 3, 5, 2, 1, 1, 1, 4];

    #[test]
    fn a_d6_is_fair_over_a_fixed_seed() {
        // 60,000 rolls; chi-square with 5 degrees of freedom stays under 20.52 (p = 0.001).
        let mut rng = seeded(2024);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[(rng.face(6) - 1) as usize] += 1;
        }
        let expected = 10_000.0;
        let chi: f64 = counts
            .iter()
            .map(|&c| (f64::from(c) - expected).powi(2) / expected)
            .sum();
        assert!(chi < 20.52, "chi-square {chi} for {counts:?}");
    }

    #[test]
    fn distribution_counts_every_outcome() {
        let dist = parse("2d4").distribution().unwrap();
        assert_eq!(dist.outcomes, 16);
        assert_eq!(
            dist.ways,
            vec![(2, 1), (3, 2), (4, 3), (5, 4), (6, 3), (7, 2), (8, 1)]
        );
        let dist = parse("10-1d4").distribution().unwrap();
        assert_eq!(dist.ways, vec![(6, 1), (7, 1), (8, 1), (9, 1)]);
        assert!(parse("1000d1000").distribution().is_none());
        // Few outcomes to count, but too much work to enumerate: refused, not a hang (found
        // by fuzzing).
        assert!(parse("2d1000000").distribution().is_none());
        assert!(parse("1d1000000").distribution().is_some());
        assert_eq!(
            parse("3d6+1d20").distribution().unwrap().outcomes,
            6 * 6 * 6 * 20
        );
    }
}
