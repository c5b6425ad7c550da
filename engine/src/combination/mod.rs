//! The combination layer: GNU Go's atari-atari search (the manual's
//! §12.2, "combination reading"), built from its description and GNU Go's
//! answers, not its code.
//!
//! No single string of the defender may be capturable, yet a sequence of
//! forcing moves by the attacker can end in a capture the defender cannot
//! stop: a double atari, two strings threatened at once, an atari on a
//! string that cannot escape. The search ([`search`]) plays, for the
//! attacker, moves that threaten (ataris, and the non-atari threats of
//! `aa_attackpats.db`, [`moves`]); each must be legal and leave the
//! stone played uncapturable. After each one it asks the tactical reader
//! which *targets* (the defender's strings that were tactically safe at
//! the root) are now capturable; the defender answers with the reader's
//! defence of each threatened string, and the attacker wins when no
//! answer holds: after every answer some target is still capturable, or
//! the attacker finds a further combination, within the depth and node
//! limits of [`CombinationParams`].
//!
//! [`defence_points`] are the defender's moves after which the attacker
//! finds no combination any more (tried on the points of the found
//! line). [`confirm_safety`] asks whether a
//! move lets the opponent in: whether, after it, the opponent has a
//! combination against the mover's strings that he had not before.
//!
//! The search runs on an [`OwlHost`]: a reader whose board it plays on
//! (and leaves as it found it) and a constraint context that follows that
//! board, for the pattern constraints.

pub mod moves;
pub mod search;

use goban::{Color, Vertex};
use matcher::grid::GridMatcher;

use crate::compose::LayerDb;
#[cfg(doc)]
use crate::owl::OwlHost;

pub use search::{atari_atari, confirm_safety, defence_points};

/// The limits of the combination search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CombinationParams {
    /// Attacker moves in one sequence (GNU Go's `aa_depth`).
    pub max_depth: usize,
    /// Attacker moves tried in one search; beyond it the search gives up
    /// (no combination).
    pub node_limit: u64,
    /// Defender answers tried against one attacker move.
    pub defence_replies: usize,
    /// Targets with more liberties than this are not read (the reader
    /// cannot capture them).
    pub readable_liberties: usize,
    /// Whether a capture only through a ko counts as a capture.
    pub ko_counts: bool,
    /// Whether `aa_attackpats.db`'s moves are tried beside the ataris.
    pub pattern_moves: bool,
    /// What the attacker's stone must survive to count as a move.
    pub stone_safety: StoneSafety,
    /// After the first move, the attacker's moves are kept within this
    /// distance (rows plus columns) of a move of the line (`None`: no
    /// limit).
    pub locality: Option<usize>,
    /// Whether the defender tries every defence of a threatened string the
    /// reader finds (else only its first).
    pub every_defence: bool,
    /// Which of the defender's worms are targets.
    pub targets: TargetRule,
    /// A target counts as threatened by an attacker's move only with a
    /// stone within this distance (rows plus columns) of it, as GNU Go's
    /// threats come from ataris and small patterns around the move
    /// (`None`: any target capturable after the move).
    pub threat_reach: Option<usize>,
    /// After a defender's answer, a target capturable wins only with a
    /// stone within this distance of a move of the line (GNU Go's goal
    /// around the line; `None`: any target).
    pub goal_reach: Option<usize>,
    /// Whether an attacker's move that takes a target is answered by the
    /// defender's retake of its stone (else the capture wins at once).
    pub retake_answers: bool,
    /// The order in which the attacker's moves are tried.
    pub order: MoveOrder,
}

/// Which of the defender's tactically safe worms a combination may aim at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetRule {
    /// Those whose dragon the analysis does not call dead.
    NotDead,
    /// Only those whose dragon the analysis calls alive (GNU Go's debug
    /// trace lists its other worms apart and never aims at them).
    Alive,
}

/// The order of the attacker's moves at a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveOrder {
    /// Board order.
    Board,
    /// By the smallest value of the targets the move threatens, smallest
    /// first (board order on ties), as GNU Go's traces list its attack
    /// moves; moves that threaten no target and put none in atari are
    /// dropped.
    SmallestTarget,
}

/// What an attacker's move must leave its stone: how the search checks
/// "a legal move that is not itself capturable".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoneSafety {
    /// The stone's string cannot be captured (the reader's attack fails).
    NotCapturable,
    /// The stone's string keeps two liberties or more (no self-atari),
    /// or the move captures; capturing it is left to the defender's
    /// answers.
    NotSelfAtari,
    /// Any legal move: the defender's answers are the reader's defences
    /// of the threatened strings, which capture the stone where that
    /// defends (GNU Go's traces play capturable attacker stones).
    Legal,
}

impl Default for CombinationParams {
    fn default() -> CombinationParams {
        CombinationParams {
            max_depth: 6,
            node_limit: 600,
            defence_replies: 3,
            readable_liberties: 4,
            ko_counts: false,
            pattern_moves: true,
            stone_safety: StoneSafety::NotCapturable,
            every_defence: true,
            locality: None,
            targets: TargetRule::NotDead,
            order: MoveOrder::Board,
            threat_reach: None,
            goal_reach: None,
            retake_answers: false,
        }
    }
}

impl CombinationParams {
    /// The limits of GNU Go's `combination_attack` / `combination_defend`
    /// answers: the defaults with capturable attacker stones, threats
    /// within 2 of the move, the win test within 3 of the line, up to 8
    /// defender replies and retakes answered (`docs/tuning/combination.md`:
    /// atari_atari odd half 11 → 13 of GNU Go's 14, even half 7 of 9 held).
    pub fn answers() -> CombinationParams {
        CombinationParams {
            stone_safety: StoneSafety::Legal,
            threat_reach: Some(2),
            goal_reach: Some(3),
            defence_replies: 8,
            retake_answers: true,
            ..CombinationParams::default()
        }
    }

    /// Sets the field `key` from `value` (`max_depth=4`,
    /// `stone_safety=legal`, `targets=alive`, …), for experiments from the
    /// command line.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let bad = || format!("combination parameter {key}: bad value {value:?}");
        let number = |v: &str| v.parse::<u64>().map_err(|_| bad());
        let flag = |v: &str| crate::param_text::switch(v).ok_or_else(bad);
        match key {
            "max_depth" => self.max_depth = number(value)? as usize,
            "node_limit" => self.node_limit = number(value)?,
            "defence_replies" => self.defence_replies = number(value)? as usize,
            "readable_liberties" => self.readable_liberties = number(value)? as usize,
            "ko_counts" => self.ko_counts = flag(value)?,
            "pattern_moves" => self.pattern_moves = flag(value)?,
            "every_defence" => self.every_defence = flag(value)?,
            "retake_answers" => self.retake_answers = flag(value)?,
            "locality" => {
                self.locality = match value {
                    "none" => None,
                    v => Some(number(v)? as usize),
                }
            }
            "threat_reach" | "goal_reach" => {
                let reach = match value {
                    "none" => None,
                    v => Some(number(v)? as usize),
                };
                if key == "threat_reach" {
                    self.threat_reach = reach;
                } else {
                    self.goal_reach = reach;
                }
            }
            "stone_safety" => {
                self.stone_safety = match value {
                    "not_capturable" => StoneSafety::NotCapturable,
                    "not_self_atari" => StoneSafety::NotSelfAtari,
                    "legal" => StoneSafety::Legal,
                    _ => return Err(bad()),
                }
            }
            "targets" => {
                self.targets = match value {
                    "not_dead" => TargetRule::NotDead,
                    "alive" => TargetRule::Alive,
                    _ => return Err(bad()),
                }
            }
            "order" => {
                self.order = match value {
                    "board" => MoveOrder::Board,
                    "smallest_target" => MoveOrder::SmallestTarget,
                    _ => return Err(bad()),
                }
            }
            _ => return Err(format!("no combination parameter {key}")),
        }
        Ok(())
    }
}

/// What one combination search needs besides the host.
#[derive(Debug, Clone, Copy)]
pub struct CombinationInputs<'a> {
    /// `aa_attackpats.db` with its matcher, when loaded.
    pub patterns: Option<(&'a LayerDb, &'a GridMatcher<'a>)>,
    /// The limits.
    pub params: CombinationParams,
    /// The value of each target (GNU Go's `aa_value`), in the order of
    /// the targets given to the search; empty: all the same.
    pub values: &'a [f32],
}

/// A combination found: the first move and the line read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Combination {
    /// The attacker's first move (GNU Go's answer to
    /// `combination_attack`).
    pub attack: Vertex,
    /// The line read, the first move first: attacker and defender moves,
    /// each with its colour.
    pub line: Vec<(Color, Vertex)>,
    /// The targets (string vertices) the first move threatens.
    pub threatened: Vec<Vertex>,
    /// The targets capturable at the end of the line (the first move's
    /// threatened targets when the line is that move alone).
    pub captured: Vec<Vertex>,
    /// Attacker moves tried.
    pub nodes: u64,
}
