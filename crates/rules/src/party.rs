//! Dividing treasure and experience among the party: who takes part (the living; the dead's
//! treasure by the campaign's choice) and how a sum is divided (Old-School Essentials:
//! treasure by shares, a retainer's half share counting half; experience evenly, a retainer's
//! part then halved), a pool of coins denomination by denomination. `share` and `xp award`
//! divide by these, and the ledger holds every share-out and award to them.

use serde::{Deserialize, Serialize};

use crate::character::Character;
use crate::coins::{Coins, Denomination};
use crate::health::{self, Condition, DeathRule};
use crate::share::Share;

/// How a sum is divided among shares. Every share-out and award records the one it used, so
/// that those recorded under an earlier reading of the book replay as they were made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Division {
    /// Treasure, by shares: Old-School Essentials Classic Fantasy: Rules Tome, *Retainers*,
    /// « Shares of Treasure »: "Fractional shares of treasure are calculated by dividing the
    /// treasure by the total number of shares … 2,750gp … divided by 5.5 … each PC gains 500gp
    /// and the retainer gains 250gp." Each sharer gets `amount × share ÷ all shares`.
    Shares,
    /// Experience: OSE Rules Tome, *Retainers*: the "XP they receive is penalised by –50%" —
    /// the XP is divided evenly among all who took part, a retainer counted as one, and each
    /// retainer's part then halved: two characters and a retainer make 300 XP into 100, 100
    /// and 50, the retainer's other half given to nobody. Share-outs of treasure recorded so
    /// (between hoard's two readings of *Retainers*) replay as they were.
    Ose,
    /// By weight alone, as [`Division::Shares`], but paying the dead too: how hoard divided
    /// before it followed the book, kept so that what was recorded then replays.
    Weighted,
}

impl Division {
    /// The division of a share-out or award recorded without one: before hoard followed OSE.
    pub fn recorded_before() -> Division {
        Division::Weighted
    }

    /// Whether the dead are held to [`takes_part`]: by every division but the one recorded
    /// before hoard followed the book.
    pub fn spares_the_dead(self) -> bool {
        self != Division::Weighted
    }
}

/// The shares a sum is divided into, counted in half shares: under [`Division::Ose`] each
/// sharer counts at least one full share (a retainer on ½ counts 1, a leader on 2 counts 2);
/// by shares or weight, the shares themselves (five characters and a retainer: 5.5). Sharers
/// on no share take no part.
pub fn counted(shares: &[Share], division: Division) -> u32 {
    shares
        .iter()
        .filter(|s| s.0 > 0)
        .map(|s| match division {
            Division::Ose => s.0.max(Share::FULL.0),
            Division::Shares | Division::Weighted => s.0,
        })
        .sum()
}

/// `amount` divided among shares: each sharer gets the whole part of their due,
/// `amount × share ÷ the shares counted` ([`counted`]), rounded down; what is left — what does
/// not divide, and under [`Division::Ose`] the half share each retainer does not take — is the
/// remainder. With no shares, everything is the remainder.
pub fn split(amount: i64, shares: &[Share], division: Division) -> (Vec<i64>, i64) {
    let total = i128::from(counted(shares, division));
    if total == 0 || amount <= 0 {
        return (vec![0; shares.len()], amount);
    }
    let parts: Vec<i64> = shares
        .iter()
        .map(|s| (i128::from(amount) * i128::from(s.0) / total) as i64)
        .collect();
    let remainder = amount - parts.iter().sum::<i64>();
    (parts, remainder)
}

/// A pool of coins split denomination by denomination (coins are never changed for others),
/// each by [`split`]: the portions in the order of `shares`, and the remainder.
pub fn split_coins(pool: &Coins, shares: &[Share], division: Division) -> (Vec<Coins>, Coins) {
    let mut portions = vec![Coins::default(); shares.len()];
    let mut remainder = Coins::default();
    for d in Denomination::ALL {
        let (parts, left) = split(pool.get(d), shares, division);
        for (portion, part) in portions.iter_mut().zip(parts) {
            *portion.get_mut(d) = part;
        }
        *remainder.get_mut(d) = left;
    }
    (portions, remainder)
}

/// Sharing the pool among the characters. Stated for `hoard explain`, citing the book.
pub const SHARES: super::statement::Statement = super::statement::Statement {
    en: "Shares of treasure (OSE Rules Tome, Retainers): of each coin, a share is the pool divided by the number of shares, a retainer's half share counting half; each gets the whole coins of their shares (5 characters and a retainer share 2,750 gp as 500 each and 250), and what does not divide stays in the pool. The dead take part only when their share goes to their heirs.",
    fr: "Parts du trésor (OSE Rules Tome, Retainers) : de chaque pièce, une part est la caisse divisée par le nombre de parts, la demi-part d'un suivant comptant pour moitié ; chacun reçoit les pièces entières de ses parts (5 personnages et un suivant se partagent 2 750 po en 500 chacun et 250), et ce qui ne se divise pas demeure dans la caisse. Les morts n'y ont droit que si leur part revient à leurs héritiers.",
};

/// Sharing the pool evenly, each retainer's part halved, as share-outs recorded between
/// hoard's two readings of *Retainers* were.
pub const EVENLY: super::statement::Statement = super::statement::Statement {
    en: "Shares divided evenly (hoard's division of treasure before it followed OSE Rules Tome, Retainers, Shares of Treasure): of each coin, a share was the pool divided among all who took part, a retainer counted as one; each got the whole coins of their shares of it (a retainer half of one), and the rest stayed in the pool.",
    fr: "Parts égales (la division du trésor de hoard avant qu'il suive OSE Rules Tome, Retainers, Shares of Treasure) : de chaque pièce, une part était la caisse divisée entre tous ceux qui y avaient droit, un suivant compté pour un ; chacun recevait les pièces entières de ses parts (un suivant la moitié d'une), et le reste demeurait dans la caisse.",
};

/// Sharing the pool by weight, as share-outs recorded before hoard followed the book were.
pub const WEIGHTED: super::statement::Statement = super::statement::Statement {
    en: "Shares by weight (hoard's division before it followed OSE Rules Tome, Retainers): of each coin, every character got the whole coins of pool × share ÷ all shares; what could not be split stayed in the pool.",
    fr: "Parts au prorata (la division de hoard avant qu'il suive OSE Rules Tome, Retainers) : de chaque pièce, chacun recevait les pièces entières de réserve × part ÷ toutes les parts ; ce qui ne se partageait pas restait dans la caisse.",
};

/// What becomes of a dead character's share of treasure, a campaign setting (`campaign set
/// dead-share survivors|heirs`). The books leave it to the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeadShare {
    /// The dead take no share: the survivors divide the treasure (*The Keep on the
    /// Borderlands*, Dungeon Module B2: "After the party leaves the dungeon safely, all
    /// surviving player characters should divide the treasure and be awarded their experience
    /// points").
    #[default]
    Survivors,
    /// The dead's share is counted as if they lived and paid into their purse, kept for their
    /// heirs (`coins move` hands it on).
    Heirs,
}

/// What is being divided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spoils {
    Treasure,
    Experience,
}

/// Whether `c` takes part in dividing `spoils`: a character on a share who is not dead by the
/// campaign's death rule (OSE Rules Tome, *Awarding XP*: experience goes to the characters who
/// survive the adventure; B2, as [`DeadShare::Survivors`] quotes it) — or, for treasure, a dead
/// one whose share goes to their heirs.
pub fn takes_part(c: &Character, spoils: Spoils, death: DeathRule, dead: DeadShare) -> bool {
    let alive = health::condition(c.hp, death) != Condition::Dead;
    c.share.0 > 0 && (alive || (spoils == Spoils::Treasure && dead == DeadShare::Heirs))
}

#[cfg(test)]
mod tests {
    use super::*;

    const FULL: Share = Share::FULL;
    const HALF: Share = Share(1);

    fn coins(words: &str) -> Coins {
        crate::coins::parse(&words.split(' ').collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn treasure_is_divided_by_the_number_of_shares_a_retainer_counting_half() {
        // OSE, Retainers, « Shares of Treasure »: 2,750 gp among five PCs and a retainer.
        let mut shares = vec![FULL; 5];
        shares.push(HALF);
        assert_eq!(counted(&shares, Division::Shares), 11, "5.5 shares");
        assert_eq!(
            split(2750, &shares, Division::Shares),
            (vec![500, 500, 500, 500, 500, 250], 0)
        );
        // The same evenly, as experience is divided: 458 each, 229, and 231 left.
        assert_eq!(
            split(2750, &shares, Division::Ose),
            (vec![458, 458, 458, 458, 458, 229], 231)
        );
        // The heirs of two characters and a retainer: 250 gp make 100, 100 and 50.
        assert_eq!(
            split(250, &[FULL, FULL, HALF], Division::Shares),
            (vec![100, 100, 50], 0)
        );
        // One coin short of a whole share each: what does not divide stays.
        assert_eq!(
            split(249, &[FULL, FULL, HALF], Division::Shares),
            (vec![99, 99, 49], 2)
        );
    }

    #[test]
    fn only_the_division_recorded_before_the_book_pays_the_dead() {
        assert!(Division::Shares.spares_the_dead());
        assert!(Division::Ose.spares_the_dead());
        assert!(!Division::Weighted.spares_the_dead());
        assert_eq!(
            serde_json::to_string(&Division::Shares).unwrap(),
            "\"shares\""
        );
    }

    #[test]
    fn with_no_retainer_everyone_gets_an_equal_share_and_the_rest_stays() {
        for division in [Division::Shares, Division::Ose, Division::Weighted] {
            assert_eq!(split(300, &[FULL, FULL], division), (vec![150, 150], 0));
            assert_eq!(split(100, &[FULL; 3], division), (vec![33, 33, 33], 1));
        }
    }

    #[test]
    fn a_retainer_takes_half_of_a_share_counted_among_all_who_take_part() {
        // Experience: two characters and a retainer, 300 XP.
        assert_eq!(
            split(300, &[FULL, FULL, HALF], Division::Ose),
            (vec![100, 100, 50], 50)
        );
        // By weight, as hoard divided before: the retainer's other half went to everyone.
        assert_eq!(
            split(300, &[FULL, FULL, HALF], Division::Weighted),
            (vec![120, 120, 60], 0)
        );
        // A retainer alone: half of the whole, the other half stays.
        assert_eq!(split(301, &[HALF], Division::Ose), (vec![150], 151));
    }

    #[test]
    fn several_retainers_each_leave_half_a_share() {
        // Five characters and three retainers: eight shares of 100.
        let mut shares = vec![FULL; 5];
        shares.extend([HALF; 3]);
        let (parts, left) = split(800, &shares, Division::Ose);
        assert_eq!(parts, vec![100, 100, 100, 100, 100, 50, 50, 50]);
        assert_eq!(left, 150);
        assert_eq!(counted(&shares, Division::Ose), 16);
        assert_eq!(counted(&shares, Division::Weighted), 13);
    }

    #[test]
    fn odd_sums_are_rounded_down_for_each_and_the_rest_stays() {
        // 13 among 1 + 1 + ½: shares of 4.33, so 4, 4 and 2 (2.17), 3 left.
        assert_eq!(
            split(13, &[FULL, FULL, HALF], Division::Ose),
            (vec![4, 4, 2], 3)
        );
        // 1 among two and a retainer: nobody gets a whole one.
        assert_eq!(
            split(1, &[FULL, FULL, HALF], Division::Ose),
            (vec![0, 0, 0], 1)
        );
        // 5 among one and a retainer: shares of 2.5, so 2 and 1 (1.25), 2 left.
        assert_eq!(split(5, &[FULL, HALF], Division::Ose), (vec![2, 1], 2));
    }

    #[test]
    fn shares_above_one_still_divide_by_weight() {
        // A leader on 2 shares, a member on 1 and a retainer on ½: shares counted 2 + 1 + 1.
        let shares = [Share(4), FULL, HALF];
        assert_eq!(counted(&shares, Division::Ose), 8);
        assert_eq!(split(400, &shares, Division::Ose), (vec![200, 100, 50], 50));
        // One and a half shares count as they are.
        assert_eq!(
            split(500, &[Share(3), FULL], Division::Ose),
            (vec![300, 200], 0)
        );
    }

    #[test]
    fn nobody_on_a_share_takes_nothing_and_leaves_it_all() {
        for division in [Division::Shares, Division::Ose, Division::Weighted] {
            assert_eq!(split(7, &[Share(0)], division), (vec![0], 7));
            assert_eq!(split(7, &[], division), (vec![], 7));
            assert_eq!(
                split(10, &[FULL, Share(0)], division),
                (vec![10, 0], 0),
                "a sharer on 0 counts for nothing"
            );
        }
    }

    #[test]
    fn the_dead_take_no_experience_and_treasure_only_for_their_heirs() {
        let c = |hp, share| Character {
            hp,
            share,
            ..crate::fixtures::character("c")
        };
        let (ose, adnd) = (DeathRule::Ose, DeathRule::Adnd);
        let (xp, gold) = (Spoils::Experience, Spoils::Treasure);
        let (survivors, heirs) = (DeadShare::Survivors, DeadShare::Heirs);
        // 1 HP is alive; 0 dead under OSE, dying (alive) under AD&D until −10.
        assert!(takes_part(&c(1, FULL), xp, ose, survivors));
        assert!(!takes_part(&c(0, FULL), xp, ose, heirs));
        assert!(takes_part(&c(0, FULL), xp, adnd, survivors));
        assert!(takes_part(&c(-9, FULL), xp, adnd, survivors));
        assert!(!takes_part(&c(-10, FULL), xp, adnd, heirs));
        assert!(!takes_part(&c(0, FULL), gold, ose, survivors));
        assert!(takes_part(&c(0, HALF), gold, ose, heirs));
        // No share, no part, alive or dead.
        assert!(!takes_part(&c(5, Share(0)), gold, ose, heirs));
        assert!(!takes_part(&c(0, Share(0)), gold, ose, heirs));
    }

    #[test]
    fn a_division_recorded_without_one_is_by_weight() {
        assert_eq!(Division::recorded_before(), Division::Weighted);
        assert_eq!(serde_json::to_string(&Division::Ose).unwrap(), "\"ose\"");
        assert_eq!(
            serde_json::to_string(&DeadShare::Heirs).unwrap(),
            "\"heirs\""
        );
    }

    #[test]
    fn coins_split_denomination_by_denomination() {
        let pool = coins("1200gp 300sp 41pp 1cp");
        let (portions, left) = split_coins(&pool, &[Share(2), Share(2)], Division::Ose);
        assert_eq!(portions, vec![coins("600gp 150sp 20pp"); 2]);
        assert_eq!(left, coins("1pp 1cp"), "no coin is changed to split it");
        // Two characters and a retainer: a remainder in every denomination, each on its own.
        let pool = coins("301pp 301gp 301ep 301sp 301cp");
        let (portions, left) = split_coins(&pool, &[Share(2), Share(2), Share(1)], Division::Ose);
        let third = coins("100pp 100gp 100ep 100sp 100cp");
        let sixth = coins("50pp 50gp 50ep 50sp 50cp");
        assert_eq!(portions, vec![third, third, sixth]);
        assert_eq!(left, coins("51pp 51gp 51ep 51sp 51cp"));
    }
}
