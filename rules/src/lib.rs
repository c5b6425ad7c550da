//! KataGo's rules of Go on tesuji's board.
//!
//! * [`Rules`]: every option of KataGo's rule set, its presets, its JSON and
//!   short forms ([`rule_set`]).
//! * [`Game`]: a game under those rules: legality with typed reasons
//!   ([`IllegalMove`]), passes, phases, the button, the territory cleanup
//!   phases, scoring and undo ([`game`]).
//! * Area analysis: pass-alive groups and territory, area maps and
//!   independent-life regions ([`area`]).
//! * [`cases`]: reads KataGo rule test records and replays them.

#![forbid(unsafe_code)]

pub mod area;
pub mod cases;
pub mod game;
mod illegal;
pub mod rule_set;

pub use area::{
    AreaMap, AreaMode, IndependentLife, IndependentLifeMode, PassAlive, area_map, independent_life,
    pass_alive,
};
pub use game::{Game, GameResult};
pub use illegal::{IllegalMove, Move};
pub use rule_set::{
    KoRule, PRESET_NAMES, Rules, RulesError, ScoringRule, TaxRule, WhiteHandicapBonus,
};
