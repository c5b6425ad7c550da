//! The kinds of move reason (GNU Go's move reasons, `move-generation.md`
//! §2): what a move achieves, with GNU Go's kind code (the order
//! `move_reasons` prints in) and the sentence it prints.

use goban::{Geometry, Vertex};

/// How an attack or defence succeeds, as far as a reason records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum KoResult {
    /// Unconditionally.
    Win,
    /// Through a ko the player can take first (GNU Go's KO_A, "good ko").
    GoodKo,
    /// Through a ko that needs a threat first (GNU Go's KO_B, "bad ko").
    BadKo,
}

impl KoResult {
    /// The kind code's offset from the unconditional kind (GNU Go's codes
    /// put the good-ko kind 2 after and the bad-ko kind 4 after).
    fn offset(self) -> u8 {
        match self {
            KoResult::Win => 0,
            KoResult::GoodKo => 2,
            KoResult::BadKo => 4,
        }
    }

    /// The words after the target in the printed line.
    fn suffix(self) -> &'static str {
        match self {
            KoResult::Win => "",
            KoResult::GoodKo => " with good ko",
            KoResult::BadKo => " with bad ko",
        }
    }
}

/// One reason for a move. Targets are the origins of worms (tactical
/// kinds) or dragons (owl, strategic and semeai kinds), as GNU Go prints
/// them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Reason {
    /// Captures the worm (code 2, 4, 6). `defenseless`: the worm has an
    /// attack but no defence (printed after the target).
    Attack {
        target: Vertex,
        ko: KoResult,
        defenseless: bool,
    },
    /// Threatens to capture the worm (code 3).
    AttackThreat { target: Vertex },
    /// Saves the worm (code 8, 10, 12).
    Defend { target: Vertex, ko: KoResult },
    /// Threatens to save the worm (code 9).
    DefendThreat { target: Vertex },
    /// Connects two worms (code 14).
    Connect { a: Vertex, b: Vertex },
    /// Cuts two worms apart (code 16).
    Cut { a: Vertex, b: Vertex },
    /// Wins the capturing race of the dragon (code 18).
    Semeai { target: Vertex },
    /// Threatens to win the capturing race (code 19).
    SemeaiThreat { target: Vertex },
    /// Expands territory (code 20).
    ExpandTerritory,
    /// Expands moyo (code 22).
    ExpandMoyo,
    /// An invasion (code 24).
    Invasion,
    /// Kills the dragon by owl reading (code 26, 28, 30).
    OwlAttack { target: Vertex, ko: KoResult },
    /// Threatens an owl kill (code 27).
    OwlAttackThreat { target: Vertex },
    /// Saves the dragon by owl reading (code 32, 34, 36).
    OwlDefend { target: Vertex, ko: KoResult },
    /// Threatens an owl save (code 33).
    OwlDefendThreat { target: Vertex },
    /// Prevents an owl threat against or for the dragon (code 38).
    OwlPreventThreat { target: Vertex },
    /// Owl found a kill but hit its node limit (code 40).
    UncertainOwlAttack { target: Vertex },
    /// Owl found the dragon alive but not certainly (code 42).
    UncertainOwlDefense { target: Vertex },
    /// Strategically attacks the dragon (code 44).
    StrategicAttack { target: Vertex },
    /// Strategically defends the dragon (code 46).
    StrategicDefend { target: Vertex },
    /// Our combination attack captures something (code 50); `target` is
    /// the smallest worm the combination captures (GNU Go does not print
    /// it; it sets the value).
    MyAtariAtari { target: Vertex },
    /// Defends against the opponent's combination attack (code 52);
    /// `target` as for [`Reason::MyAtariAtari`], of the opponent's
    /// combination.
    YourAtariAtari { target: Vertex },
    /// A vital point of an eye space (code 54).
    VitalEye { target: Vertex },
    /// Owl attack that only gains (code 60).
    OwlAttackGain { target: Vertex },
    /// Owl defence that only limits the loss (code 62).
    OwlDefendLoss { target: Vertex },
    /// A move that must never be played (class `T`, code 70).
    Antisuji,
    /// Achieves one of two attacks (code 100).
    Either { a: Vertex, b: Vertex },
    /// Achieves both defences (code 102).
    All { a: Vertex, b: Vertex },
}

impl Reason {
    /// GNU Go's kind code; `move_reasons` prints in decreasing code order.
    pub fn code(&self) -> u8 {
        match *self {
            Reason::Attack { ko, .. } => 2 + ko.offset(),
            Reason::AttackThreat { .. } => 3,
            Reason::Defend { ko, .. } => 8 + ko.offset(),
            Reason::DefendThreat { .. } => 9,
            Reason::Connect { .. } => 14,
            Reason::Cut { .. } => 16,
            Reason::Semeai { .. } => 18,
            Reason::SemeaiThreat { .. } => 19,
            Reason::ExpandTerritory => 20,
            Reason::ExpandMoyo => 22,
            Reason::Invasion => 24,
            Reason::OwlAttack { ko, .. } => 26 + ko.offset(),
            Reason::OwlAttackThreat { .. } => 27,
            Reason::OwlDefend { ko, .. } => 32 + ko.offset(),
            Reason::OwlDefendThreat { .. } => 33,
            Reason::OwlPreventThreat { .. } => 38,
            Reason::UncertainOwlAttack { .. } => 40,
            Reason::UncertainOwlDefense { .. } => 42,
            Reason::StrategicAttack { .. } => 44,
            Reason::StrategicDefend { .. } => 46,
            Reason::MyAtariAtari { .. } => 50,
            Reason::YourAtariAtari { .. } => 52,
            Reason::VitalEye { .. } => 54,
            Reason::OwlAttackGain { .. } => 60,
            Reason::OwlDefendLoss { .. } => 62,
            Reason::Antisuji => 70,
            Reason::Either { .. } => 100,
            Reason::All { .. } => 102,
        }
    }

    /// The lines GNU Go's `move_reasons` prints for this reason at `at`
    /// (`move-generation.md` §2 and §5.1); most kinds print one line, the
    /// own combination attack two, kinds GNU Go never prints none.
    pub fn lines(&self, geometry: Geometry, at: Vertex) -> Vec<String> {
        let m = geometry.gtp(at);
        let v = |x: Vertex| geometry.gtp(x);
        let one = |text: String| vec![text];
        match *self {
            Reason::Attack {
                target,
                ko,
                defenseless,
            } => {
                let note = if defenseless { " (defenseless)" } else { "" };
                one(format!(
                    "Move at {m} attacks {}{note}{}",
                    v(target),
                    ko.suffix()
                ))
            }
            Reason::AttackThreat { target } => {
                one(format!("Move at {m} threatens to attack {}", v(target)))
            }
            Reason::Defend { target, ko } => {
                one(format!("Move at {m} defends {}{}", v(target), ko.suffix()))
            }
            Reason::DefendThreat { target } => {
                one(format!("Move at {m} threatens to defend {}", v(target)))
            }
            Reason::Connect { a, b } => one(format!("Move at {m} connects {} and {}", v(a), v(b))),
            Reason::Cut { a, b } => one(format!("Move at {m} cuts {} and {}", v(a), v(b))),
            Reason::Semeai { target } => one(format!("Move at {m} wins semeai for {}", v(target))),
            Reason::ExpandTerritory => one(format!("Move at {m} expands territory")),
            Reason::ExpandMoyo => one(format!("Move at {m} expands moyo")),
            Reason::Invasion => one(format!("Move at {m} is an invasion")),
            Reason::OwlAttack { target, ko } => one(format!(
                "Move at {m} owl-attacks {}{}",
                v(target),
                ko.suffix()
            )),
            Reason::OwlDefend { target, ko } => one(format!(
                "Move at {m} owl-defends {}{}",
                v(target),
                ko.suffix()
            )),
            Reason::OwlPreventThreat { target } => one(format!(
                "Move at {m} owl-prevents a threat to attack or defend {}",
                v(target)
            )),
            Reason::UncertainOwlDefense { target } => one(format!(
                "{} found alive but not certainly, {m} defends it again",
                v(target)
            )),
            Reason::StrategicAttack { target } => {
                one(format!("Move at {m} strategically attacks {}", v(target)))
            }
            Reason::StrategicDefend { target } => {
                one(format!("Move at {m} strategically defends {}", v(target)))
            }
            Reason::MyAtariAtari { .. } => vec![
                format!("Move at {m} captures something"),
                format!("Move at {m} defends against combination attack"),
            ],
            Reason::YourAtariAtari { .. } => {
                one(format!("Move at {m} defends against combination attack"))
            }
            Reason::Antisuji => one(format!("Move at {m} is an antisuji")),
            Reason::Either { a, b } => one(format!(
                "Move at {m} either attacks {} or attacks {}",
                v(a),
                v(b)
            )),
            Reason::All { a, b } => one(format!(
                "Move at {m} both defends {} and defends {}",
                v(a),
                v(b)
            )),
            Reason::SemeaiThreat { .. }
            | Reason::OwlAttackThreat { .. }
            | Reason::OwlDefendThreat { .. }
            | Reason::UncertainOwlAttack { .. }
            | Reason::VitalEye { .. }
            | Reason::OwlAttackGain { .. }
            | Reason::OwlDefendLoss { .. } => Vec::new(),
        }
    }
}
