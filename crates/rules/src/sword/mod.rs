//! Sentient swords (OSE *Sentient Swords*), in two halves: making one ([`make`]: rolled on the
//! tables or chosen by the referee) and one in play ([`play`]: touch, contact, purpose, the
//! limits on its powers). Callers name both as `sword::X`.

mod make;
mod play;

pub use make::{
    ALIGNMENT, Chosen, EXTRAORDINARY, INTELLIGENCE, LANGUAGES, PURPOSE, PURPOSE_SCORE, SENSORY,
    SENTIENCE, choose, generate,
};
pub use play::{
    Contact, Foe, HELD, Period, TOUCH, contact, purpose_applies, touch_damage, usage_period,
};
