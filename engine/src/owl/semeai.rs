//! Semeai: a capturing race between two adjacent dragons of opposite
//! colours. GNU Go's manual (§7, dragon2 `semeai_*`; §12) describes what
//! `analyze_semeai` answers; the reading here is built from that
//! description and GNU Go's answers, not from GNU Go's owl-based semeai
//! reader:
//!
//! * a race where a dragon lives on its own (the owl cannot attack it) is
//!   the owl's reading of the other dragon: both live, the owl's defence
//!   of the first dragon, or its attack on the second ([`OwnLife`],
//!   [`OwlSettling`]); a race that is read is not bounded by those
//!   answers (an owl-alive dragon whose life is eating the other can
//!   still lose the race);
//! * the owl's attack point on a weak first dragon is its defence where
//!   playing it leaves the owl's attack failing ([`vital_defence`]); a
//!   weak first dragon the owl defends outright kills a second that the
//!   owl cannot defend, or that its defence leaves undefendable
//!   ([`defence_kills`]): `1 1` with the defence, not read (a second
//!   the owl cannot attack is asked too only with
//!   [`OwlSettling::defence_kills_alive`], off);
//! * otherwise it is read as a game whose goal is to capture the other
//!   dragon's *key string* (its string in contact with the other dragon
//!   that has the fewest liberties, the largest among equals:
//!   [`KeyChoice`]) before losing one's own. The first dragon's side
//!   moves first; each side tries, in order, captures of the other key
//!   string, saving its own key string when it is in atari (extending or
//!   capturing a neighbour), the other key string's outside liberties,
//!   the moves that make filling such a liberty safe where it would be
//!   self-atari ([`SemeaiParams::reinforce_before_filling`]), then its
//!   shared liberties, its own liberties that gain liberties, the
//!   throw-in at its own eye when its key string has two liberties
//!   ([`SemeaiParams::throw_in_own_eye`]), and a pass;
//! * a first dragon the owl kills without a move against one it cannot
//!   attack is read, not settled as lost: a dead dragon can still win by
//!   capturing ([`OwlSettling::dead_against_alive`]);
//! * capturing the other key string wins only when the capturer then
//!   lives, the other side to move (the owl's attack fails:
//!   [`CaptureCheck`]); otherwise the capturer loses (bent four in the
//!   corner, a capture that leaves too small an eye space);
//! * at the root the owl's defence of the first dragon and its attack on
//!   the second are tried before the race's own moves
//!   ([`OwlMovesFirst`]): GNU Go's move is the vital point more often than
//!   the race's first winning liberty; a first dragon the owl cannot
//!   defend tries the owl's attack point on it after them, in the read
//!   that tries to capture the second ([`UndefendedVitalPoint`]);
//! * a race read to the capture of a second dragon the owl never read, or
//!   of a weak one where both are weak and defensible, answers the owl's
//!   attack point on the second ([`SemeaiParams::unread_kill_point`],
//!   [`SemeaiParams::weak_kill_point`]), as where the owl settles it;
//! * a race read to both living between a dragon the owl finds dead as it
//!   stands and one it does not is no seki: the dead dragon lives only by
//!   capturing ([`SemeaiParams::dead_first_lives_by_capture`],
//!   [`SemeaiParams::dead_second_dies_uncaptured`]);
//! * two passes in a row end the race with both key strings on the board
//!   (seki, or both dragons living on their own), and so do two eyes for
//!   both key strings ([`RaceEyeParams`]);
//! * results are memoised by position; past the node or depth limit the
//!   race is judged by eyes (two eyes live) and liberties (the shared ones
//!   count only for the side with an eye against one without; the side to
//!   move wins a tie).
//!
//! * ko is read under the tactical reader's komaster scheme
//!   ([`Komaster`]): a ko capture the simple-ko rule forbids is made as if
//!   through a ko threat, and a line through it is worth at most a ko
//!   result (KO_B for the side that needed the threat, KO_A for the other
//!   side turned round), as in the owl and the tactical reader
//!   ([`RaceKo`]).
//!
//! The answer is GNU Go's pair of codes: whether the first dragon lives
//! (the race read with "not captured" as the first side's goal) and
//! whether the second dies (the race read with "captured" as its goal),
//! each WIN, KO_A, KO_B or 0, with the first move of the first dragon's
//! side (the attack's move where it succeeds; where it succeeds only
//! through a ko, the defence code is that of the same move,
//! [`RaceKo::codes_of_one_move`]).

use std::collections::HashMap;

use goban::{Board, Color, Vertex};
use tactics::reader::komaster::Komaster;
use tactics::{Code, ReadingBoard};

use super::{OwlHost, OwlInputs, OwlResult, owl_attack, owl_defend};

/// How a race ends, from the first dragon's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RaceOutcome {
    /// The first dragon's key string is captured.
    Lost,
    /// Neither is captured (seki, or both live).
    BothLive,
    /// The second dragon's key string is captured.
    Won,
}

/// Which of a dragon's strings in contact with the other dragon the race
/// is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyChoice {
    /// The one with the fewest liberties, the largest among equals.
    FewestLiberties,
    /// The largest, the fewest liberties among equals (a small string
    /// inside the dragon's eye space or a cutting stone is not the
    /// dragon).
    Largest,
}

/// How eyes are counted in the race.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RaceEyeParams {
    /// The largest enclosed empty region (every stone around it the key
    /// string's colour) next to the key string that counts as one eye.
    pub max_eye_size: usize,
    /// Regions from this size count as two eyes (a big eye space).
    pub two_eyes_from: usize,
    /// Whether a side whose key string has two eyes is out of the race
    /// (both such: both live) and whether the liberty count at the limits
    /// gives the shared liberties to the only side with an eye.
    pub judge_by_eyes: bool,
}

impl Default for RaceEyeParams {
    fn default() -> RaceEyeParams {
        RaceEyeParams {
            max_eye_size: 6,
            two_eyes_from: 7,
            judge_by_eyes: true,
        }
    }
}

/// Which of the owl's answers on each dragon alone settle a race without
/// reading it ([`OwnLife`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwlSettling {
    /// Two dragons the owl cannot attack both live (`1 0 PASS`).
    pub both_alive: bool,
    /// A weak first dragon against one the owl cannot attack: the owl's
    /// defence of the first, or lost.
    pub weak_against_alive: bool,
    /// A first dragon the owl cannot attack against a weak one: the owl's
    /// attack on the second.
    pub alive_against_weak: bool,
    /// In a race that is read, a dragon the owl cannot attack is not
    /// captured (its side's outcome is at least both living).
    pub alive_bounds_race: bool,
    /// Whether the owl's ko results (a weak dragon's defence or attack
    /// through a ko) settle a race too (else such a race is read).
    pub ko_settles: bool,
    /// A weak first dragon the owl defends outright against one it cannot
    /// defend: the owl's defence, and the second dies (`1 1`).
    pub weak_against_undefended: bool,
    /// Two weak dragons the owl defends: where the first dragon's defence
    /// leaves the second undefendable (the owl's defence after it fails),
    /// the defence, and the second dies (`1 1`; [`defence_kills`]).
    pub defence_kills: bool,
    /// Whether [`defence_kills`] also asks of a second dragon the owl
    /// cannot attack (its attack does not try the first dragon's defence).
    pub defence_kills_alive: bool,
    /// Whether a weak dragon the owl kills without a move (dead as it
    /// stands by its estimate, no line read) settles a race too (else the
    /// race is read: a seki the estimate misses).
    pub unread_death_settles: bool,
    /// Whether a first dragon the owl kills without a move and cannot
    /// defend, against one it cannot attack, settles the race as lost
    /// (else the race is read: a dead dragon can still win by capturing).
    pub dead_against_alive: bool,
    /// Whether a first dragon the owl attacks with a move and cannot
    /// defend, against one it cannot attack, settles a race as lost (else
    /// the race is read: a dead dragon can still win by capturing).
    pub undefended_against_alive: bool,
}

impl Default for OwlSettling {
    fn default() -> OwlSettling {
        OwlSettling {
            both_alive: true,
            weak_against_alive: true,
            alive_against_weak: true,
            alive_bounds_race: false,
            ko_settles: true,
            unread_death_settles: true,
            dead_against_alive: false,
            weak_against_undefended: true,
            defence_kills: true,
            defence_kills_alive: false,
            undefended_against_alive: true,
        }
    }
}

/// Which of the owl's moves the first dragon's side tries before the
/// race's own candidates at the root (the first that wins the race is the
/// answer's move).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OwlMovesFirst {
    /// None: the race's candidates alone.
    Neither,
    /// The owl's defence of the first dragon, then its attack on the
    /// second.
    DefenceThenAttack,
    /// The owl's attack on the second dragon, then its defence of the
    /// first.
    AttackThenDefence,
    /// By the read's goal: the attack read (capture the second key string)
    /// tries the owl's attack first, the defence read its defence first.
    ByGoal,
}

/// The limits of the semeai search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SemeaiParams {
    /// The owl's moves tried first at the root.
    pub owl_moves_first: OwlMovesFirst,
    /// Which of the owl's answers settle a race.
    pub owl: OwlSettling,
    /// Which string of each dragon the race is about.
    pub key: KeyChoice,
    /// How eyes count.
    pub eyes: RaceEyeParams,
    /// Nodes before the rest of the race is judged by liberties.
    pub node_limit: u64,
    /// Moves before a line is judged by liberties.
    pub depth_limit: usize,
    /// Whether the analysis revises the owl's statuses by the races it
    /// reads (off when the races disagree with GNU Go more than the owl's
    /// statuses do; `docs/tuning/dragon_data.md`).
    pub revise_statuses: bool,
    /// Owl searches a race may spend asking whether the side that captured
    /// the other key string lives afterwards ([`CaptureCheck`]); past them
    /// a capture wins.
    pub capture_checks: usize,
    /// How ko counts in the race.
    pub ko: RaceKo,
    /// Whether each side also tries the empty neighbours of the other
    /// key string's outside liberties that it cannot fill without
    /// self-atari (approach moves).
    pub approach_moves: bool,
    /// Whether each side, before filling an outside liberty of the other
    /// key string that would put its own stones there in atari, tries the
    /// other liberties of its strings next to that liberty (strengthening
    /// them first makes the filling move safe).
    pub reinforce_before_filling: bool,
    /// Whether the owl's attack point on a weak first dragon replaces the
    /// owl's defence as the first dragon's defence where its side playing
    /// there leaves the owl's attack failing (the other side's vital point
    /// is one's own: [`vital_defence`]).
    pub vital_point_defends: bool,
    /// Where a first dragon the owl cannot defend tries the owl's attack
    /// point on it (its vital point) among the root's owl moves.
    pub undefended_vital_point: UndefendedVitalPoint,
    /// Whether a race read to the outright capture of a second dragon the
    /// owl never read (dead without it) answers the owl's attack point on
    /// it, where the owl kills it with a move ([`CaptureCheck::kill_point`]).
    pub unread_kill_point: bool,
    /// Whether a race between two weak dragons the owl defends, read to
    /// the outright capture of the second, answers the owl's attack point
    /// on the second ([`owl_kill_point`]).
    pub weak_kill_point: bool,
    /// Whether a side whose key string has two liberties also tries
    /// filling its own liberty that the other key string does not touch
    /// (its own eye) where that is self-atari: the capture then takes
    /// more stones and may leave the capturer a dead eye shape (bulky
    /// five, bent three in the corner; [`throw_ins`]).
    pub throw_in_own_eye: bool,
    /// Whether a first dragon the owl kills without a move and cannot
    /// defend, whose race is read to both living (no capture either way),
    /// is dead: it lives only by capturing ([`dead_stays_dead`]).
    pub dead_first_lives_by_capture: bool,
    /// Whether a second dragon the owl kills without a move and cannot
    /// defend, which the race reads to both living, dies (`1 1` with the
    /// owl's moveless attack, as where the first dragon lives alone).
    pub dead_second_dies_uncaptured: bool,
}

/// Where the root of a race tries the owl's attack point on a first dragon
/// the owl finds no defence for (the other side's vital point is one's
/// own: the dragon cannot live alone, but the point may still win the
/// race).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UndefendedVitalPoint {
    /// Not tried before the race's own moves.
    Off,
    /// In the place of the owl's defence (before its attack on the
    /// second dragon where the order puts the defence first).
    AsDefence,
    /// After the owl's attack on the second dragon.
    AfterAttack,
    /// After the owl's attack on the second dragon, in the attack read
    /// only (the read whose goal is capturing the second key string; the
    /// defence read, whose best is living beside it, keeps its moves).
    AfterAttackToKill,
}

/// What a capturer that the other side can then kill only through a ko
/// gets from its capture ([`CaptureCheck`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptureKo {
    /// The capture wins: only an outright kill undoes it.
    Wins,
    /// The capturer loses, as after an outright kill.
    Loses,
    /// The capture is worth the ko: the other side's ko code turned round.
    KoResult,
}

/// How ko counts in the race.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RaceKo {
    /// Whether the race makes ko captures the simple-ko rule forbids
    /// through a threat, under the komaster scheme (else such captures are
    /// not played and no line is worth a ko result).
    pub komaster: bool,
    /// Whether a race the owl settles ([`OwnLife`]) takes the owl's ko
    /// codes (else any success of the owl is WIN).
    pub owl_codes: bool,
    /// What a capturer killed only through a ko gets.
    pub after_capture: CaptureKo,
    /// Whether each side also tries ko captures of the other colour's
    /// single stones in atari next to its key string (the fights over an
    /// eye or a liberty of the key string).
    pub ko_captures_next_to_key: bool,
    /// Whether, in a race that is read, a first side that keeps its key
    /// string only through a ko also captures the other through it (the
    /// ko's winner takes the race).
    pub ko_decides_race: bool,
    /// Whether, where the attack succeeds only through a ko, the defence
    /// code is the one of the attack's move (GNU Go reports the codes of
    /// its one move) rather than the best over every move.
    pub codes_of_one_move: bool,
}

impl Default for RaceKo {
    fn default() -> RaceKo {
        RaceKo {
            komaster: true,
            owl_codes: true,
            after_capture: CaptureKo::Loses,
            ko_captures_next_to_key: false,
            ko_decides_race: false,
            codes_of_one_move: true,
        }
    }
}

impl Default for SemeaiParams {
    fn default() -> SemeaiParams {
        SemeaiParams {
            owl: OwlSettling::default(),
            owl_moves_first: OwlMovesFirst::DefenceThenAttack,
            key: KeyChoice::FewestLiberties,
            eyes: RaceEyeParams::default(),
            node_limit: 20_000,
            depth_limit: 40,
            revise_statuses: false,
            capture_checks: 64,
            ko: RaceKo::default(),
            approach_moves: false,
            reinforce_before_filling: true,
            vital_point_defends: true,
            undefended_vital_point: UndefendedVitalPoint::AfterAttackToKill,
            unread_kill_point: true,
            weak_kill_point: true,
            throw_in_own_eye: true,
            dead_first_lives_by_capture: true,
            dead_second_dies_uncaptured: true,
        }
    }
}

/// The answer of [`analyze_semeai`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SemeaiResult {
    /// How the race ends with best play, the first dragon's side moving
    /// first and winning every ko it can win (a ko result counts as
    /// success).
    pub outcome: RaceOutcome,
    /// GNU Go's first code: the first dragon's side keeps its key string
    /// (WIN, through a ko, or not: `Fail`).
    pub defence: Code,
    /// GNU Go's second code: the first dragon's side captures the second
    /// key string.
    pub attack: Code,
    /// The first dragon's side's move (`None`: pass, or nothing helps).
    pub point: Option<Vertex>,
    /// False when the node limit cut the search short.
    pub certain: bool,
    /// Nodes visited.
    pub nodes: u64,
}

impl SemeaiResult {
    /// GNU Go's first number: the first dragon lives (perhaps through a
    /// ko).
    pub fn defends(&self) -> bool {
        self.defence != Code::Fail
    }

    /// GNU Go's second number: the second dragon dies (perhaps through a
    /// ko).
    pub fn attacks(&self) -> bool {
        self.attack != Code::Fail
    }

    /// A result from its two codes and move.
    fn from_codes(defence: Code, attack: Code, point: Option<Vertex>, nodes: u64) -> Self {
        let outcome = if attack != Code::Fail {
            RaceOutcome::Won
        } else if defence != Code::Fail {
            RaceOutcome::BothLive
        } else {
            RaceOutcome::Lost
        };
        SemeaiResult {
            outcome,
            defence,
            attack,
            // Nothing helps a lost race: GNU Go answers PASS.
            point: point.filter(|_| defence != Code::Fail || attack != Code::Fail),
            certain: true,
            nodes,
        }
    }
}

/// The key string of the dragon made of `own` against the dragon made of
/// `other`: among its strings touching `other` (a stone or a liberty in
/// common), the one `choice` picks; the dragon's first stone when none
/// touches.
pub fn key_string(
    board: &Board,
    own: &[Vertex],
    other: &[Vertex],
    choice: KeyChoice,
) -> Option<Vertex> {
    let touches = |s: Vertex| {
        board.string_stones(s).any(|v| {
            board.neighbours(v).any(|n| {
                other.contains(&n)
                    || (board.cell(n).color().is_none()
                        && board.neighbours(n).any(|m| other.contains(&m)))
            })
        })
    };
    let mut heads: Vec<Vertex> = own.iter().map(|&s| board.head(s)).collect();
    heads.sort();
    heads.dedup();
    let touching = heads.iter().copied().filter(|&h| touches(h));
    let best =
        match choice {
            KeyChoice::FewestLiberties => touching
                .min_by_key(|&h| (board.liberties(h), std::cmp::Reverse(board.string_size(h)))),
            KeyChoice::Largest => touching
                .min_by_key(|&h| (std::cmp::Reverse(board.string_size(h)), board.liberties(h))),
        };
    best.or_else(|| own.first().copied())
        .map(|h| board.string_stones(h).min().unwrap_or(h))
}

/// What the owl says of one dragon of a race on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OwnLife {
    /// The owl cannot attack it: it lives whatever the race does.
    Alive,
    /// The owl kills it moving first; `defence` saves it (`None`: nothing
    /// does).
    Weak {
        /// The owl's attacking move.
        attack: Option<Vertex>,
        /// The owl's attack code (WIN or a ko code).
        attack_code: Code,
        /// The owl's defending move, if it can be defended.
        defence: Option<Option<Vertex>>,
        /// The owl's defence code (`Fail` when it cannot be defended).
        defence_code: Code,
    },
    /// Not read (or read as neither).
    Unread,
}

/// The answer when one dragon lives on its own: the race is the owl's
/// reading of the other (GNU Go's semeai answers `1 0 PASS` for two
/// living dragons, the owl's defence of the first when the second lives,
/// its attack on the second when the first lives; the owl's defence of a
/// weak first dragon kills a second one the owl cannot defend). `None`:
/// the race must be read.
fn settled_by_owl(
    lives: [OwnLife; 2],
    settling: OwlSettling,
    ko_codes: bool,
) -> Option<SemeaiResult> {
    use OwnLife::{Alive, Weak};
    let code = |c: Code| {
        if ko_codes || c == Code::Fail {
            c
        } else {
            Code::Win
        }
    };
    let outright = |c: Code| settling.ko_settles || c == Code::Win || c == Code::Fail;
    let (defence, attack, point) = match lives {
        [Alive, Alive] if settling.both_alive => (Code::Win, Code::Fail, None),
        [
            Weak {
                attack: first_attack,
                defence,
                defence_code,
                ..
            },
            Alive,
        ] if settling.weak_against_alive
            && outright(defence_code)
            && ((settling.unread_death_settles
                && (settling.dead_against_alive || defence.is_some()))
                || first_attack.is_some())
            && (settling.undefended_against_alive
                || defence.is_some()
                || first_attack.is_none()) =>
        {
            match defence {
                Some(point) => (code(defence_code).max(Code::KoB), Code::Fail, point),
                None => (Code::Fail, Code::Fail, None),
            }
        }
        [
            Alive,
            Weak {
                attack,
                attack_code,
                ..
            },
        ] if settling.alive_against_weak
            && outright(attack_code)
            && (settling.unread_death_settles || attack.is_some()) =>
        {
            (Code::Win, code(attack_code).max(Code::KoB), attack)
        }
        [
            Weak {
                defence: Some(point),
                defence_code: Code::Win,
                ..
            },
            Weak {
                defence_code: Code::Fail,
                ..
            },
        ] if settling.weak_against_undefended => (Code::Win, Code::Win, point),
        _ => return None,
    };
    Some(SemeaiResult::from_codes(defence, attack, point, 0))
}

/// Whether a side that captured the other side's key string is killed
/// afterwards: capturing wins a race only when the capturer is not killed
/// in its turn (bent four in the corner, a capture that leaves the
/// capturer's own eye space too small).
pub trait CaptureCheck {
    /// The other side's attack code on the dragon of `color` made of
    /// `stones` (those still on the board) after the moves of `line` from
    /// the race's root position, the other side to move (`Fail`: it
    /// lives).
    fn attack_after(&mut self, line: &[(Color, Vertex)], color: Color, stones: &[Vertex]) -> Code;

    /// The defence code of the dragon of `color` made of `stones` after
    /// the moves of `line`, its own side to move (`Fail`: it dies whatever
    /// it does). Unknown by default: WIN.
    fn defence_after(&mut self, line: &[(Color, Vertex)], color: Color, stones: &[Vertex]) -> Code {
        let _ = (line, color, stones);
        Code::Win
    }

    /// The other side's move that kills the dragon of `color` made of
    /// `stones` outright at the race's root, the other side to move
    /// (`None`: no such move, or unknown, as by default).
    fn kill_point(&mut self, color: Color, stones: &[Vertex]) -> Option<Vertex> {
        let _ = (color, stones);
        None
    }
}

/// [`CaptureCheck`] by the owl: the line replayed on the host's reader,
/// then the owl's attack (`Fail` where the line cannot be replayed).
pub struct OwlCaptureCheck<'a> {
    /// The owl's host, at the race's root position.
    pub host: &'a mut dyn OwlHost,
    /// The owl's databases and limits.
    pub inputs: OwlInputs<'a>,
}

impl OwlCaptureCheck<'_> {
    /// The owl's `read` of the dragon of `color` made of `stones` (those
    /// still on the board) after `line` replayed on the host's reader;
    /// `otherwise` where the line cannot be replayed or nothing is left.
    fn after(
        &mut self,
        line: &[(Color, Vertex)],
        color: Color,
        stones: &[Vertex],
        read: fn(&mut dyn OwlHost, OwlInputs<'_>, &[Vertex]) -> OwlResult,
        otherwise: Code,
    ) -> Code {
        let mut played = 0;
        let mut replayed = true;
        // The line's ko captures through a threat are replayed as such.
        for &(mover, v) in line {
            if self.host.reader().tryko(mover, v).is_err() {
                replayed = false;
                break;
            }
            played += 1;
        }
        let code = if !replayed {
            otherwise
        } else {
            let board = self.host.reader().board().board();
            let left: Vec<Vertex> = stones
                .iter()
                .copied()
                .filter(|&s| board.cell(s).color() == Some(color))
                .collect();
            if left.is_empty() {
                otherwise
            } else {
                read(self.host, self.inputs, &left).code
            }
        };
        for _ in 0..played {
            self.host.reader().popgo();
        }
        code
    }
}

impl CaptureCheck for OwlCaptureCheck<'_> {
    fn attack_after(&mut self, line: &[(Color, Vertex)], color: Color, stones: &[Vertex]) -> Code {
        self.after(line, color, stones, owl_attack, Code::Fail)
    }

    fn defence_after(&mut self, line: &[(Color, Vertex)], color: Color, stones: &[Vertex]) -> Code {
        self.after(line, color, stones, owl_defend, Code::Win)
    }

    fn kill_point(&mut self, color: Color, stones: &[Vertex]) -> Option<Vertex> {
        let _ = color;
        let attack = owl_attack(self.host, self.inputs, stones);
        attack.point.filter(|_| attack.code == Code::Win)
    }
}

/// Reads the race between the dragon made of `first` (its side moves
/// first) and the dragon made of `second` on `board` (ko point `ko`).
/// `lives` says what the owl found of each on its own: a race with a
/// dragon that lives alone is the owl's reading of the other
/// ([`settled_by_owl`]); a dragon the owl did not read that lives is
/// not lost, one that lives is not captured. A capture of a key string
/// wins only where `capture_check` (when given) finds that the capturer
/// lives afterwards; otherwise the capturer loses. `None` when either is
/// empty or they are the same colour.
pub fn analyze_semeai(
    board: &Board,
    ko: Option<Vertex>,
    [first, second]: [&[Vertex]; 2],
    lives: [OwnLife; 2],
    params: SemeaiParams,
    capture_check: Option<&mut dyn CaptureCheck>,
) -> Option<SemeaiResult> {
    let a = board.cell(*first.first()?).color()?;
    let b = board.cell(*second.first()?).color()?;
    if a == b {
        return None;
    }
    let mut capture_check = capture_check;
    let lives = match capture_check.as_deref_mut() {
        Some(check) if params.vital_point_defends => [
            vital_defence(board, ko, a, first, lives[0], check),
            lives[1],
        ],
        _ => lives,
    };
    if params.owl.defence_kills
        && let Some(check) = capture_check.as_deref_mut()
        && let Some(killed) = defence_kills(
            board,
            ko,
            [a, b],
            second,
            lives,
            params.owl.defence_kills_alive,
            check,
        )
    {
        return Some(killed);
    }
    if let Some(settled) = settled_by_owl(lives, params.owl, params.ko.owl_codes) {
        return Some(settled);
    }
    let key_a = key_string(board, first, second, params.key)?;
    let key_b = key_string(board, second, first, params.key)?;
    let mut race = Race {
        board: ReadingBoard::new(board.clone(), ko),
        keys: [(a, key_a), (b, key_b)],
        dragons: [first, second],
        root_moves: owl_moves(lives, params.owl_moves_first, params.undefended_vital_point),
        root_only: None,
        params,
        goal: RaceOutcome::Won,
        nodes: 0,
        table: HashMap::new(),
        line: Vec::new(),
        capture_check,
        checks: 0,
        checked: HashMap::new(),
    };
    // The attack first: a capture of the second key string keeps the
    // first too.
    if params.owl_moves_first == OwlMovesFirst::ByGoal {
        race.root_moves = owl_moves(
            lives,
            OwlMovesFirst::AttackThenDefence,
            params.undefended_vital_point,
        );
    }
    let (attack, attack_point) = race.read(RaceOutcome::Won);
    let defence_order = match params.owl_moves_first {
        OwlMovesFirst::ByGoal => OwlMovesFirst::DefenceThenAttack,
        order => order,
    };
    let defence_vital = match params.undefended_vital_point {
        UndefendedVitalPoint::AfterAttackToKill => UndefendedVitalPoint::Off,
        vital => vital,
    };
    race.root_moves = owl_moves(lives, defence_order, defence_vital);
    let attack_found = attack != Code::Fail;
    let mut certain = race.nodes < params.node_limit;
    let mut nodes = race.nodes;
    let (defence, defence_point) = if attack == Code::Win {
        (Code::Win, attack_point)
    } else if let Some(m) = attack_point.filter(|_| attack_found && params.ko.codes_of_one_move) {
        race.root_only = Some(m);
        let read = race.read(RaceOutcome::BothLive);
        race.root_only = None;
        certain &= race.nodes < params.node_limit;
        nodes += race.nodes;
        read
    } else {
        let read = race.read(RaceOutcome::BothLive);
        certain &= race.nodes < params.node_limit;
        nodes += race.nodes;
        read
    };
    let attack = if params.ko.ko_decides_race && attack == Code::Fail && defence < Code::Win {
        defence
    } else {
        attack
    };
    let (defence, attack) = match lives {
        _ if !params.owl.alive_bounds_race => (defence, attack),
        [OwnLife::Alive, _] => (Code::Win, attack),
        [_, OwnLife::Alive] => (defence, Code::Fail),
        _ => (defence, attack),
    };
    // The attack's move where the attack read found one; the owl's kill of
    // a second dragon it never read, where the read captures it outright.
    let point = if attack_found {
        owl_kill_point(&mut race, lives, attack).or(attack_point)
    } else {
        defence_point
    };
    let (defence, attack, point) = dead_stays_dead(lives, &params, (defence, attack, point));
    Some(SemeaiResult {
        certain,
        ..SemeaiResult::from_codes(defence, attack, point, nodes)
    })
}

/// A race read to both living (no capture, outright codes) between a
/// dragon the owl kills without a move and cannot defend (dead as it
/// stands) and one the owl has read and kills only with a move, or not at
/// all: no seki (in a seki both are dead as they stand to the owl), so the
/// dead dragon's side lives only by capturing. A dead first dragon then
/// loses (`0 0 PASS`, [`SemeaiParams::dead_first_lives_by_capture`]); a
/// dead second one dies to the owl's moveless attack (`1 1 PASS`,
/// [`SemeaiParams::dead_second_dies_uncaptured`]). `codes` (defence,
/// attack, move) unchanged otherwise.
fn dead_stays_dead(
    lives: [OwnLife; 2],
    params: &SemeaiParams,
    codes: (Code, Code, Option<Vertex>),
) -> (Code, Code, Option<Vertex>) {
    let dead = |life: OwnLife| {
        matches!(
            life,
            OwnLife::Weak {
                attack: None,
                attack_code: Code::Win,
                defence: None,
                defence_code: Code::Fail,
            }
        )
    };
    // A seki needs both dragons dead as they stand (the owl does not see
    // seki): against a dragon the owl has read and cannot kill without a
    // move, the dead one's both living is no seki.
    let lives_as_it_stands = |life: OwnLife| !dead(life) && life != OwnLife::Unread;
    match codes {
        (Code::Win, Code::Fail, _)
            if params.dead_first_lives_by_capture
                && dead(lives[0])
                && lives_as_it_stands(lives[1]) =>
        {
            (Code::Fail, Code::Fail, None)
        }
        (Code::Win, Code::Fail, _)
            if params.dead_second_dies_uncaptured
                && dead(lives[1])
                && lives_as_it_stands(lives[0]) =>
        {
            (Code::Win, Code::Win, None)
        }
        _ => codes,
    }
}

/// The owl's attack point on the race's second dragon where the race's
/// `attack` captures it outright and the owl kills it with a move: a second
/// dragon the owl never read (dead without it,
/// [`SemeaiParams::unread_kill_point`], the owl asked now), or two weak
/// dragons the owl defends ([`SemeaiParams::weak_kill_point`]). GNU Go's
/// move in such races is the owl's kill, as where the owl settles them
/// (`docs/tuning/semeai.md`, sixth round). `None` otherwise.
fn owl_kill_point(race: &mut Race<'_, '_>, lives: [OwnLife; 2], attack: Code) -> Option<Vertex> {
    if attack != Code::Win {
        return None;
    }
    let defended = |life: OwnLife| matches!(life, OwnLife::Weak { defence_code, .. } if defence_code != Code::Fail);
    match lives[1] {
        OwnLife::Unread if race.params.unread_kill_point => {
            let (color, _) = race.keys[1];
            let stones = race.dragons[1];
            race.capture_check.as_deref_mut()?.kill_point(color, stones)
        }
        OwnLife::Weak {
            attack: Some(kill),
            attack_code: Code::Win,
            ..
        } if race.params.weak_kill_point && defended(lives[0]) && defended(lives[1]) => Some(kill),
        _ => None,
    }
}

/// A weak dragon's defence by the owl's attack point on it: where the
/// dragon's side (`color`, stones `stones`) playing the owl's attacking
/// move leaves the owl's attack failing (`check` after that one move), that
/// move is its defence; else `life` unchanged (also where the owl found no
/// outright defence, or the attack and the defence are one point). GNU Go's
/// semeai answers this vital point where the owl's own defence is another
/// point (`docs/tuning/semeai.md`, fourth round).
pub fn vital_defence(
    board: &Board,
    ko: Option<Vertex>,
    color: Color,
    stones: &[Vertex],
    life: OwnLife,
    check: &mut dyn CaptureCheck,
) -> OwnLife {
    let OwnLife::Weak {
        attack: Some(vital),
        attack_code,
        defence: Some(Some(defence)),
        defence_code: Code::Win,
    } = life
    else {
        return life;
    };
    if vital == defence {
        return life;
    }
    let mut trial = ReadingBoard::new(board.clone(), ko);
    if trial.trymove(color, vital).is_err() {
        return life;
    }
    if check.attack_after(&[(color, vital)], color, stones) != Code::Fail {
        return life;
    }
    OwnLife::Weak {
        attack: Some(vital),
        attack_code,
        defence: Some(Some(vital)),
        defence_code: Code::Win,
    }
}

/// Two weak dragons the owl defends (`lives`, of colours `colours`): the
/// first dragon's outright defence, where after it the owl cannot defend
/// the second (made of `second`, its side to move), as `1 1` with that
/// move; `None` otherwise. With `alive_too`, a second dragon the owl
/// cannot attack is asked too: the owl's attack on it never tries the
/// first dragon's defence, which may take the second's eye or liberties
/// (GNU Go's semeai reads both dragons' moves; `docs/tuning/semeai.md`,
/// tenth round).
pub fn defence_kills(
    board: &Board,
    ko: Option<Vertex>,
    [a, b]: [Color; 2],
    second: &[Vertex],
    lives: [OwnLife; 2],
    alive_too: bool,
    check: &mut dyn CaptureCheck,
) -> Option<SemeaiResult> {
    let OwnLife::Weak {
        defence: Some(Some(defence)),
        defence_code: Code::Win,
        ..
    } = lives[0]
    else {
        return None;
    };
    let asked = match lives[1] {
        OwnLife::Weak { defence_code, .. } => defence_code != Code::Fail,
        OwnLife::Alive => alive_too,
        OwnLife::Unread => false,
    };
    if !asked {
        return None;
    }
    let mut trial = ReadingBoard::new(board.clone(), ko);
    trial.trymove(a, defence).ok()?;
    if check.defence_after(&[(a, defence)], b, second) != Code::Fail {
        return None;
    }
    Some(SemeaiResult::from_codes(
        Code::Win,
        Code::Win,
        Some(defence),
        0,
    ))
}

/// The owl's moves for the first dragon's side that `order` puts first:
/// its defence of the first dragon and its attack on the second, where it
/// found them; where the first dragon has no defence, the owl's attack
/// point on it where `vital` says.
fn owl_moves(
    lives: [OwnLife; 2],
    order: OwlMovesFirst,
    vital: UndefendedVitalPoint,
) -> Vec<Vertex> {
    let (defence, vital_point) = match lives[0] {
        OwnLife::Weak {
            defence: Some(Some(v)),
            ..
        } => (Some(v), None),
        OwnLife::Weak {
            attack: Some(v),
            defence: None,
            ..
        } => (None, Some(v)),
        _ => (None, None),
    };
    let defence = match vital {
        UndefendedVitalPoint::AsDefence => defence.or(vital_point),
        UndefendedVitalPoint::Off
        | UndefendedVitalPoint::AfterAttack
        | UndefendedVitalPoint::AfterAttackToKill => defence,
    };
    let attack = match lives[1] {
        OwnLife::Weak {
            attack: Some(v), ..
        } => Some(v),
        _ => None,
    };
    let last = match vital {
        UndefendedVitalPoint::AfterAttack | UndefendedVitalPoint::AfterAttackToKill => vital_point,
        UndefendedVitalPoint::Off | UndefendedVitalPoint::AsDefence => None,
    };
    let ordered = match order {
        OwlMovesFirst::Neither => [None, None, None],
        OwlMovesFirst::DefenceThenAttack | OwlMovesFirst::ByGoal => [defence, attack, last],
        OwlMovesFirst::AttackThenDefence => [attack, defence, last],
    };
    let mut moves: Vec<Vertex> = Vec::new();
    for v in ordered.into_iter().flatten() {
        if !moves.contains(&v) {
            moves.push(v);
        }
    }
    moves
}

/// A race between two adjacent dragons of opposite colours read both
/// ways, and the statuses it gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SemeaiPair {
    /// The first dragon's origin.
    pub first: Vertex,
    /// The second dragon's origin.
    pub second: Vertex,
    /// The race with the first dragon's side moving first.
    pub first_moves: SemeaiResult,
    /// The race with the second dragon's side moving first (outcome from
    /// the second dragon's side).
    pub second_moves: SemeaiResult,
}

/// Statuses a race decides, as the manual's semeai revision: who wins
/// moving first and second.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SemeaiVerdict {
    /// Both live whoever moves first (seki or independent life).
    BothAlive,
    /// Whoever moves first wins: both critical.
    BothCritical,
    /// The first dragon wins even moving second: it lives, the second
    /// dies.
    FirstWins,
    /// The second dragon wins even moving second.
    SecondWins,
    /// Anything else (one side moving first only reaches seki): no
    /// revision.
    Open,
}

impl SemeaiPair {
    /// The statuses the two races give.
    pub fn verdict(&self) -> SemeaiVerdict {
        use RaceOutcome::{BothLive, Lost, Won};
        match (self.first_moves.outcome, self.second_moves.outcome) {
            (BothLive, BothLive) => SemeaiVerdict::BothAlive,
            (Won, Won) => SemeaiVerdict::BothCritical,
            (Won, Lost) => SemeaiVerdict::FirstWins,
            (Lost, Won) => SemeaiVerdict::SecondWins,
            _ => SemeaiVerdict::Open,
        }
    }
}

/// Reads the race between every pair of adjacent dragons of opposite
/// colours (a stone of one next to a stone of the other) whose statuses
/// `in_race` accepts (GNU Go: both critical or dead, one at least
/// critical), in board order of the pairs' origins.
pub fn read_semeais(
    board: &Board,
    ko: Option<Vertex>,
    dragons: &[(Vertex, Vec<Vertex>)],
    in_race: impl Fn(Vertex, Vertex) -> bool,
    params: SemeaiParams,
) -> Vec<SemeaiPair> {
    let mut pairs = Vec::new();
    for (i, (a, stones_a)) in dragons.iter().enumerate() {
        for (b, stones_b) in &dragons[i + 1..] {
            let adjacent = stones_a
                .iter()
                .any(|&s| board.neighbours(s).any(|n| stones_b.contains(&n)));
            if !adjacent || !in_race(*a, *b) {
                continue;
            }
            let alone = [OwnLife::Unread; 2];
            let first_moves = analyze_semeai(board, ko, [stones_a, stones_b], alone, params, None);
            let second_moves = analyze_semeai(board, ko, [stones_b, stones_a], alone, params, None);
            if let (Some(first_moves), Some(second_moves)) = (first_moves, second_moves) {
                pairs.push(SemeaiPair {
                    first: *a,
                    second: *b,
                    first_moves,
                    second_moves,
                });
            }
        }
    }
    pairs
}

/// The moves that make `color`'s filling of an outside liberty in
/// `outside` safe where it would be self-atari: the other liberties of
/// `color`'s strings next to such a liberty that gain that string
/// liberties (a string of one or two liberties that the filling stone
/// would join is extended first).
fn reinforcements(board: &Board, color: Color, outside: &[Vertex]) -> Vec<Vertex> {
    let mut found = Vec::new();
    for &l in outside {
        if board.liberties_after(color, l) > 1 {
            continue;
        }
        for n in board.neighbours(l) {
            if board.cell(n).color() != Some(color) {
                continue;
            }
            let libs = board.liberties(n);
            for x in board.liberty_vertices(n) {
                if x != l && !found.contains(&x) && board.liberties_after(color, x) > libs {
                    found.push(x);
                }
            }
        }
    }
    found
}

/// The throw-ins of `color`'s key string `own` against the key string
/// `target`: where `own` has two liberties, those of them that `target`
/// does not touch and that leave `own` one liberty when filled (the
/// string grows into its own eye, so that the other side's capture takes
/// the larger shape).
fn throw_ins(board: &Board, color: Color, own: Vertex, target: Vertex) -> Vec<Vertex> {
    if board.liberties(own) != 2 {
        return Vec::new();
    }
    board
        .liberty_vertices(own)
        .filter(|&l| !board.has_liberty(target, l) && board.liberties_after(color, l) == 1)
        .collect()
}

/// One race being read.
struct Race<'a, 'c> {
    board: ReadingBoard,
    /// Each side's colour and key string (a stone of it): the first
    /// dragon's, then the second's.
    keys: [(Color, Vertex); 2],
    /// Each side's dragon at the root.
    dragons: [&'a [Vertex]; 2],
    /// The moves tried first at the root.
    root_moves: Vec<Vertex>,
    /// The only move tried at the root, where the read is about one move.
    root_only: Option<Vertex>,
    params: SemeaiParams,
    /// The outcome the first dragon's side reads for: at least this is
    /// its success.
    goal: RaceOutcome,
    nodes: u64,
    /// Codes for the side to move by (hash, side to move, passes in a
    /// row, komaster key), for the current goal.
    table: HashMap<(u64, usize, u8, u32), Code>,
    /// The moves played from the root.
    line: Vec<(Color, Vertex)>,
    /// Whether a capturer lives after its capture.
    capture_check: Option<&'c mut dyn CaptureCheck>,
    /// Capture checks spent.
    checks: usize,
    /// The capturer's code after a capture, by (hash, capturing side).
    checked: HashMap<(u64, usize), Code>,
}

impl Race<'_, '_> {
    /// The first side's code for reaching `goal` moving first, and its
    /// move.
    fn read(&mut self, goal: RaceOutcome) -> (Code, Option<Vertex>) {
        self.goal = goal;
        self.nodes = 0;
        self.table.clear();
        self.search(0, 0, 0, Komaster::default())
    }

    /// The code for side `mover` of an outcome the first side reaches
    /// (`code`: the first side's code for it).
    fn for_mover(mover: usize, code: Code) -> Code {
        if mover == 0 {
            code
        } else {
            code.for_opponent()
        }
    }

    /// The first side's code for the race ending in `outcome`.
    fn reached(&self, outcome: RaceOutcome) -> Code {
        if outcome >= self.goal {
            Code::Win
        } else {
            Code::Fail
        }
    }

    /// The first side's code once side `winner` has captured the other
    /// key string: the capturer's code for living afterwards (WIN unless
    /// the capture check finds it killed, [`CaptureKo`] for a ko), turned
    /// round when the capturer is the second side.
    fn captured_by(&mut self, winner: usize) -> Code {
        let lives = self.capturer_lives(winner);
        Self::for_mover(winner, lives)
    }

    /// The capturer `winner`'s code for living after its capture.
    fn capturer_lives(&mut self, winner: usize) -> Code {
        let key = (self.board.hash(), winner);
        if let Some(&lives) = self.checked.get(&key) {
            return lives;
        }
        let Some(check) = self.capture_check.as_deref_mut() else {
            return Code::Win;
        };
        if self.checks >= self.params.capture_checks {
            return Code::Win;
        }
        self.checks += 1;
        let attack = check.attack_after(&self.line, self.keys[winner].0, self.dragons[winner]);
        let lives = match attack {
            Code::Fail => Code::Win,
            Code::Win => Code::Fail,
            ko => match self.params.ko.after_capture {
                CaptureKo::Wins => Code::Win,
                CaptureKo::Loses => Code::Fail,
                CaptureKo::KoResult => ko.for_opponent(),
            },
        };
        self.checked.insert(key, lives);
        lives
    }

    /// Whether side `k`'s key string is still on the board.
    fn alive(&self, k: usize) -> bool {
        let (color, stone) = self.keys[k];
        self.board.board().cell(stone).color() == Some(color)
    }

    fn liberties(&self, k: usize) -> usize {
        self.board.board().liberties(self.keys[k].1)
    }

    /// The eyes of side `k`'s key string: the enclosed empty regions
    /// next to it (every stone around them its colour) up to the eye
    /// size limit, one each, two from the big-eye size; a one-point region
    /// whose diagonals hold too many of the other colour's stones (two,
    /// one on the edge) is false and counts none.
    fn eyes(&self, k: usize) -> usize {
        let board = self.board.board();
        let (color, stone) = self.keys[k];
        let params = self.params.eyes;
        let mut seen = vec![false; board.geometry().vertices()];
        let mut eyes = 0;
        for start in board.liberty_vertices(stone) {
            if seen[start.index()] {
                continue;
            }
            seen[start.index()] = true;
            // The whole empty region, unless a stone of the other colour
            // borders it (then it is no eye, and the flood stops).
            let mut region = vec![start];
            let mut enclosed = true;
            let mut i = 0;
            while enclosed && i < region.len() {
                let v = region[i];
                i += 1;
                for n in board.neighbours(v) {
                    match board.cell(n).color() {
                        Some(c) if c == color => {}
                        Some(_) => enclosed = false,
                        None if !seen[n.index()] => {
                            seen[n.index()] = true;
                            region.push(n);
                        }
                        None => {}
                    }
                }
            }
            if !enclosed {
                continue;
            }
            if region.len() >= params.two_eyes_from {
                eyes += 2;
            } else if region.len() > 1 {
                eyes += usize::from(region.len() <= params.max_eye_size);
            } else if !self.false_eye(start, color) {
                eyes += 1;
            }
        }
        eyes
    }

    /// Whether the one-point eye `v` of `color` is false by its diagonals.
    fn false_eye(&self, v: Vertex, color: Color) -> bool {
        let board = self.board.board();
        let geometry = board.geometry();
        let p = geometry.point(v);
        let mut on_board = 0;
        let mut other = 0;
        for (di, dj) in [(-1i32, -1i32), (-1, 1), (1, -1), (1, 1)] {
            let (i, j) = (i32::from(p.i) + di, i32::from(p.j) + dj);
            let (Ok(i), Ok(j)) = (u8::try_from(i), u8::try_from(j)) else {
                continue;
            };
            let Some(d) = geometry.vertex(goban::Point::new(i, j)) else {
                continue;
            };
            on_board += 1;
            other += usize::from(board.cell(d).color() == Some(color.other()));
        }
        other >= 2 || (on_board < 4 && other >= 1)
    }

    /// The outcome judged by liberties, side `mover` to move: with eyes
    /// judged, a side with two eyes lives, and the shared liberties count
    /// only for the side with an eye against one without.
    fn judge(&self, mover: usize) -> RaceOutcome {
        let (mut la, mut lb) = (self.liberties(0), self.liberties(1));
        if self.params.eyes.judge_by_eyes {
            let (ea, eb) = (self.eyes(0), self.eyes(1));
            match (ea >= 2, eb >= 2) {
                (true, true) => return RaceOutcome::BothLive,
                (true, false) => return RaceOutcome::Won,
                (false, true) => return RaceOutcome::Lost,
                (false, false) => {}
            }
            let board = self.board.board();
            let shared = board
                .liberty_vertices(self.keys[0].1)
                .filter(|&l| board.has_liberty(self.keys[1].1, l))
                .count();
            match (ea > 0, eb > 0) {
                (true, false) => lb -= shared,
                (false, true) => la -= shared,
                _ => {}
            }
        }
        let a_wins = la > lb || (la == lb && mover == 0);
        if a_wins {
            RaceOutcome::Won
        } else {
            RaceOutcome::Lost
        }
    }

    /// The moves side `mover` tries, best first (no pass).
    fn candidates(&self, mover: usize) -> Vec<Vertex> {
        let board = self.board.board();
        let (own_color, own) = self.keys[mover];
        let target = self.keys[1 - mover].1;
        let mut moves = Vec::new();
        let target_libs: Vec<Vertex> = board.liberty_vertices(target).collect();
        if target_libs.len() == 1 {
            moves.extend(&target_libs);
        }
        if board.liberties(own) == 1 {
            moves.extend(board.liberty_vertices(own));
            // Captures of the strings next to the key string in atari.
            let mut neighbours = Vec::new();
            board.extend_string_neighbours(own, own_color.other(), &mut neighbours);
            for n in neighbours {
                if board.liberties(n) == 1 {
                    moves.extend(board.liberty_vertices(n));
                }
            }
        }
        if self.params.ko.ko_captures_next_to_key {
            // Single stones in atari next to the key string: the kos over
            // its eyes and liberties.
            let mut neighbours = Vec::new();
            board.extend_string_neighbours(own, own_color.other(), &mut neighbours);
            for n in neighbours {
                if board.string_size(n) == 1 && board.liberties(n) == 1 {
                    moves.extend(board.liberty_vertices(n));
                }
            }
        }
        let (shared, outside): (Vec<Vertex>, Vec<Vertex>) = target_libs
            .iter()
            .partition(|&&l| board.has_liberty(own, l));
        let approaches: Vec<Vertex> = if self.params.approach_moves {
            // An outside liberty that would be self-atari to fill is
            // approached from its empty neighbours first.
            outside
                .iter()
                .filter(|&&l| board.liberties_after(own_color, l) <= 1)
                .flat_map(|&l| board.neighbours(l))
                .filter(|&n| board.cell(n).color().is_none() && !target_libs.contains(&n))
                .collect()
        } else {
            Vec::new()
        };
        let reinforcements = if self.params.reinforce_before_filling {
            reinforcements(board, own_color, &outside)
        } else {
            Vec::new()
        };
        moves.extend(outside);
        moves.extend(reinforcements);
        moves.extend(shared);
        let own_libs = board.liberties(own);
        moves.extend(
            board
                .liberty_vertices(own)
                .filter(|&l| board.liberties_after(own_color, l) > own_libs),
        );
        // Last: they gain nothing at once.
        moves.extend(approaches);
        if self.params.throw_in_own_eye {
            moves.extend(throw_ins(board, own_color, own, target));
        }
        let mut seen = Vec::with_capacity(moves.len());
        moves.retain(|v| {
            let fresh = !seen.contains(v);
            seen.push(*v);
            fresh
        });
        moves
    }

    /// The code for side `mover` (0: the first dragon's side) to move,
    /// under the ko state `komaster`, and its best move.
    fn search(
        &mut self,
        mover: usize,
        passes: u8,
        depth: usize,
        komaster: Komaster,
    ) -> (Code, Option<Vertex>) {
        if !self.alive(0) {
            return (Self::for_mover(mover, self.captured_by(1)), None);
        }
        if !self.alive(1) {
            return (Self::for_mover(mover, self.captured_by(0)), None);
        }
        let both_live = passes >= 2
            || (self.params.eyes.judge_by_eyes && self.eyes(0) >= 2 && self.eyes(1) >= 2);
        if both_live {
            let code = self.reached(RaceOutcome::BothLive);
            return (Self::for_mover(mover, code), None);
        }
        if depth >= self.params.depth_limit || self.nodes >= self.params.node_limit {
            let code = self.reached(self.judge(mover));
            return (Self::for_mover(mover, code), None);
        }
        let key = (self.board.hash(), mover, passes, komaster.key());
        if depth > 0
            && let Some(&code) = self.table.get(&key)
        {
            return (code, None);
        }
        self.nodes += 1;
        let color = self.keys[mover].0;
        let mut best: (Code, Option<Vertex>) = (Code::Fail, None);
        let mut moves = self.candidates(mover);
        if depth == 0 {
            moves.retain(|v| !self.root_moves.contains(v));
            moves.splice(0..0, self.root_moves.iter().copied());
            if let Some(only) = self.root_only {
                moves = vec![only];
            }
        }
        for v in moves {
            let Some((cap, next)) = self.play(color, v, komaster, best.0) else {
                continue;
            };
            self.line.push((color, v));
            let (reply, _) = self.search(1 - mover, 0, depth + 1, next);
            self.line.pop();
            self.board.popgo();
            let code = reply.for_opponent().min(cap);
            if code > best.0 {
                best = (code, Some(v));
            }
            if code == Code::Win {
                break;
            }
        }
        if best.0 != Code::Win && (depth > 0 || self.root_only.is_none()) {
            let (reply, _) = self.search(1 - mover, passes + 1, depth + 1, komaster);
            let code = reply.for_opponent();
            if code > best.0 {
                best = (code, None);
            }
        }
        self.table.insert(key, best.0);
        best
    }

    /// Plays `v` for `color` under `komaster`: a ko capture the simple-ko
    /// rule forbids only through a threat, where the scheme allows it, the
    /// race reads ko, and nothing better than `best` = failure was found
    /// yet. Returns the cap of the line's code and the ko state after the
    /// move; `None` when the move is not played.
    fn play(
        &mut self,
        color: Color,
        v: Vertex,
        komaster: Komaster,
        best: Code,
    ) -> Option<(Code, Komaster)> {
        if !self.params.ko.komaster {
            self.board.trymove(color, v).ok()?;
            return Some((Code::Win, komaster));
        }
        let verdict = komaster.verdict(&self.board, color, v)?;
        if verdict.conditional {
            if best != Code::Fail {
                return None;
            }
            self.board.tryko(color, v).ok()?;
            Some((Code::KoB, verdict.next))
        } else {
            self.board.trymove(color, v).ok()?;
            Some((Code::Win, verdict.next))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(board: &Board, name: &str) -> Vertex {
        board.geometry().parse_gtp(name).expect("vertex")
    }

    fn stones(board: &Board, names: &[&str]) -> Vec<Vertex> {
        names.iter().map(|n| at(board, n)).collect()
    }

    /// White A3-C3, B2-B1 boxed in by Black A4-D4, D3-D1 with more
    /// liberties: Black's dragon, White's, and the board.
    fn white_boxed_in() -> (Board, Vec<Vertex>, Vec<Vertex>) {
        let board = Board::from_rows(&[
            ".....", //
            "XXXX.", //
            "OOOX.", //
            ".O.X.", //
            ".O.X.",
        ])
        .expect("board");
        let white = stones(&board, &["A3", "B3", "C3", "B2", "B1"]);
        let black = stones(&board, &["A4", "B4", "C4", "D4", "D3", "D2", "D1"]);
        (board, black, white)
    }

    #[test]
    fn more_liberties_win_the_race() {
        // Black moving first captures the boxed-in White.
        let (board, black, white) = white_boxed_in();
        let result = black_first(&board, &black, &white);
        assert_eq!(result.outcome, RaceOutcome::Won);
        assert!(result.attacks() && result.defends());
    }

    /// The race with Black moving first, the default parameters, neither
    /// dragon read by the owl.
    fn black_first(board: &Board, black: &[Vertex], white: &[Vertex]) -> SemeaiResult {
        let unread = [OwnLife::Unread; 2];
        analyze_semeai(
            board,
            None,
            [black, white],
            unread,
            SemeaiParams::default(),
            None,
        )
        .expect("race")
    }

    /// A white stone in atari (B4) among three black stones: Black's
    /// dragon, White's, and the board.
    fn white_in_atari() -> (Board, Vec<Vertex>, Vec<Vertex>) {
        let board = Board::from_rows(&[
            ".X...", //
            "XOX..", //
            ".....", //
            ".....", //
            ".....",
        ])
        .expect("board");
        let white = stones(&board, &["B4"]);
        let black = stones(&board, &["B5", "A4", "C4"]);
        (board, black, white)
    }

    #[test]
    fn a_string_in_atari_loses_the_race_when_the_other_moves() {
        let (board, black, white) = white_in_atari();
        let result = black_first(&board, &black, &white);
        assert_eq!(result.outcome, RaceOutcome::Won);
        assert_eq!(result.point, Some(at(&board, "B3")));
    }

    /// White A1-C4 with two one-point eyes (A1, B3) and three liberties,
    /// walled in by Black's D1-D5 and A5-C5 (which has many liberties).
    fn two_eyed_white() -> (Board, Vec<Vertex>, Vec<Vertex>) {
        let board = Board::from_rows(&[
            ".......", //
            ".......", //
            "XXXX...", //
            "OOOX...", //
            "O.OX...", //
            "OOOX...", //
            ".O.X...",
        ])
        .expect("board");
        let white = stones(
            &board,
            &["A4", "B4", "C4", "A3", "C3", "A2", "B2", "C2", "B1"],
        );
        let black = stones(&board, &["A5", "B5", "C5", "D5", "D4", "D3", "D2", "D1"]);
        (board, black, white)
    }

    #[test]
    fn two_eyes_outlast_any_number_of_liberties() {
        // White A1-C4 has two one-point eyes (A1, B3) and three
        // liberties; Black's wall around it has many. With eyes judged White cannot
        // be captured; counting its key string's liberties alone says it
        // loses when Black moves first.
        let (board, black, white) = two_eyed_white();
        let unread = [OwnLife::Unread; 2];
        let eyes = SemeaiParams::default();
        let result =
            analyze_semeai(&board, None, [&black, &white], unread, eyes, None).expect("race");
        assert_eq!(result.outcome, RaceOutcome::BothLive);
        let limited = SemeaiParams {
            depth_limit: 0,
            ..eyes
        };
        let judged =
            analyze_semeai(&board, None, [&black, &white], unread, limited, None).expect("race");
        assert_eq!(judged.outcome, RaceOutcome::BothLive);
        let no_eyes = SemeaiParams {
            depth_limit: 0,
            eyes: RaceEyeParams {
                judge_by_eyes: false,
                ..eyes.eyes
            },
            ..eyes
        };
        let counted =
            analyze_semeai(&board, None, [&black, &white], unread, no_eyes, None).expect("race");
        assert_eq!(counted.outcome, RaceOutcome::Won);
    }

    /// Black's string A2-C2 in atari (its liberty D1 is suicide) against
    /// White's B2, in atari at B3, which White has just taken in a ko.
    fn black_must_win_the_ko() -> (Board, Vec<Vertex>, Vec<Vertex>, Vertex) {
        let board = Board::from_rows(&[
            ".....", //
            ".O...", //
            "O.O..", //
            "XOXO.", //
            "XXX.O",
        ])
        .expect("board");
        let black = stones(&board, &["A2", "A1", "B1", "C1", "C2"]);
        let white = stones(&board, &["B2"]);
        let b3 = at(&board, "B3");
        (board, black, white, b3)
    }

    #[test]
    fn a_race_won_through_a_forbidden_ko_capture_is_worth_a_ko() {
        let (board, black, white, b3) = black_must_win_the_ko();
        let unread = [OwnLife::Unread; 2];
        let params = SemeaiParams::default();
        let race = |ko, params| {
            analyze_semeai(&board, ko, [&black, &white], unread, params, None).expect("race")
        };
        // The ko was just taken: Black retakes only through a threat.
        let ko = race(Some(b3), params);
        assert_eq!((ko.defence, ko.attack), (Code::KoB, Code::KoB));
        assert_eq!(ko.point, Some(b3));
        // Without the ko ban the capture wins outright.
        let free = race(None, params);
        assert_eq!((free.defence, free.attack), (Code::Win, Code::Win));
        // A race that does not read ko loses it.
        let no_ko = SemeaiParams {
            ko: RaceKo {
                komaster: false,
                ..params.ko
            },
            ..params
        };
        let lost = race(Some(b3), no_ko);
        assert_eq!(
            (lost.defence, lost.attack, lost.point),
            (Code::Fail, Code::Fail, None)
        );
        // White moving first captures Black at once.
        let white_first =
            analyze_semeai(&board, Some(b3), [&white, &black], unread, params, None).expect("race");
        assert_eq!(
            (white_first.defence, white_first.attack),
            (Code::Win, Code::Win)
        );
    }

    #[test]
    fn a_read_about_one_move_tries_only_that_move_at_the_root() {
        // Without the ko ban Black lives by capturing at B3; any other
        // first move lets White capture at D1.
        let (board, black, white, b3) = black_must_win_the_ko();
        let key = |own: &[Vertex], other: &[Vertex]| {
            key_string(&board, own, other, KeyChoice::FewestLiberties).expect("key")
        };
        let mut race = Race {
            board: ReadingBoard::new(board.clone(), None),
            keys: [
                (Color::Black, key(&black, &white)),
                (Color::White, key(&white, &black)),
            ],
            dragons: [&black, &white],
            root_moves: Vec::new(),
            root_only: None,
            params: SemeaiParams::default(),
            goal: RaceOutcome::Won,
            nodes: 0,
            table: HashMap::new(),
            line: Vec::new(),
            capture_check: None,
            checks: 0,
            checked: HashMap::new(),
        };
        assert_eq!(race.read(RaceOutcome::BothLive), (Code::Win, Some(b3)));
        race.root_only = Some(at(&board, "E5"));
        assert_eq!(race.read(RaceOutcome::BothLive).0, Code::Fail);
        race.root_only = Some(b3);
        assert_eq!(race.read(RaceOutcome::BothLive), (Code::Win, Some(b3)));
    }

    #[test]
    fn a_ko_attack_on_the_capturer_counts_as_asked() {
        // A capture check that finds the capturer killable only by ko.
        struct KoAfterCapture;
        impl CaptureCheck for KoAfterCapture {
            fn attack_after(&mut self, _: &[(Color, Vertex)], _: Color, _: &[Vertex]) -> Code {
                Code::KoA
            }
        }
        // Black's only way out is capturing at B3 (no ko ban here).
        let (board, black, white, _) = black_must_win_the_ko();
        let unread = [OwnLife::Unread; 2];
        let codes = |after_capture| {
            let params = SemeaiParams::default();
            let params = SemeaiParams {
                ko: RaceKo {
                    after_capture,
                    ..params.ko
                },
                ..params
            };
            let mut check = KoAfterCapture;
            let r = analyze_semeai(
                &board,
                None,
                [&black, &white],
                unread,
                params,
                Some(&mut check),
            )
            .expect("race");
            r.attack
        };
        assert_eq!(codes(CaptureKo::Wins), Code::Win);
        // The other side's KO_A on the capturer is the capturer's KO_B.
        assert_eq!(codes(CaptureKo::KoResult), Code::KoB);
        assert_eq!(codes(CaptureKo::Loses), Code::Fail);
    }

    #[test]
    fn a_dragon_that_lives_alone_leaves_the_owl_to_answer() {
        let (board, black, white) = white_in_atari();
        let params = SemeaiParams::default();
        let race = |lives| analyze_semeai(&board, None, [&black, &white], lives, params, None);
        let both = race([OwnLife::Alive; 2]).expect("race");
        assert_eq!((both.outcome, both.point), (RaceOutcome::BothLive, None));
        let b3 = at(&board, "B3");
        let kill = race([
            OwnLife::Alive,
            OwnLife::Weak {
                attack: Some(b3),
                defence: None,
                attack_code: Code::Win,
                defence_code: Code::Fail,
            },
        ])
        .expect("race");
        assert_eq!((kill.outcome, kill.point), (RaceOutcome::Won, Some(b3)));
        let save = race([
            OwnLife::Weak {
                attack: None,
                defence: Some(Some(b3)),
                attack_code: Code::Fail,
                defence_code: Code::Win,
            },
            OwnLife::Alive,
        ])
        .expect("race");
        assert_eq!(
            (save.outcome, save.point),
            (RaceOutcome::BothLive, Some(b3))
        );
        // A dead first dragon is settled where `dead_against_alive` says so.
        let settles = SemeaiParams {
            owl: OwlSettling {
                dead_against_alive: true,
                ..params.owl
            },
            ..params
        };
        let lost = analyze_semeai(
            &board,
            None,
            [&black, &white],
            [
                OwnLife::Weak {
                    attack: None,
                    defence: None,
                    attack_code: Code::Fail,
                    defence_code: Code::Fail,
                },
                OwnLife::Alive,
            ],
            settles,
            None,
        )
        .expect("race");
        assert_eq!((lost.outcome, lost.point), (RaceOutcome::Lost, None));
    }

    /// A capture check that finds Black dead after every capture it
    /// makes (and White alive), recording the lines it was asked about.
    #[derive(Default)]
    struct BlackDiesAfterCapture {
        lines: Vec<Vec<(Color, Vertex)>>,
    }

    impl CaptureCheck for BlackDiesAfterCapture {
        fn attack_after(&mut self, line: &[(Color, Vertex)], color: Color, _: &[Vertex]) -> Code {
            self.lines.push(line.to_vec());
            if color == Color::Black {
                Code::Win
            } else {
                Code::Fail
            }
        }
    }

    #[test]
    fn a_capture_wins_only_when_the_capturer_then_lives() {
        let (board, black, white) = white_in_atari();
        let params = SemeaiParams::default();
        let unread = [OwnLife::Unread; 2];
        let plain = analyze_semeai(&board, None, [&black, &white], unread, params, None);
        assert_eq!(plain.map(|r| r.outcome), Some(RaceOutcome::Won));
        assert_eq!(plain.and_then(|r| r.point), Some(at(&board, "B3")));
        let mut check = BlackDiesAfterCapture::default();
        let checked = analyze_semeai(
            &board,
            None,
            [&black, &white],
            unread,
            params,
            Some(&mut check),
        )
        .expect("race");
        // Capturing at once is no longer the answer.
        let b3 = at(&board, "B3");
        assert_ne!(checked.point, Some(b3));
        assert!(check.lines.contains(&vec![(Color::Black, b3)]));
        // No checks left: a capture wins again.
        let spent = SemeaiParams {
            capture_checks: 0,
            ..params
        };
        let mut check = BlackDiesAfterCapture::default();
        let unchecked = analyze_semeai(
            &board,
            None,
            [&black, &white],
            unread,
            spent,
            Some(&mut check),
        )
        .expect("race");
        assert_eq!(unchecked.outcome, RaceOutcome::Won);
        assert!(check.lines.is_empty());
    }

    #[test]
    fn the_owls_moves_come_first_in_the_order_asked() {
        let (board, black, white) = white_in_atari();
        let (b3, c5) = (at(&board, "B3"), at(&board, "C5"));
        let lives = [
            OwnLife::Weak {
                attack: None,
                defence: Some(Some(c5)),
                attack_code: Code::Fail,
                defence_code: Code::Win,
            },
            OwnLife::Weak {
                attack: Some(b3),
                defence: None,
                attack_code: Code::Win,
                defence_code: Code::Fail,
            },
        ];
        assert_eq!(
            owl_moves(
                lives,
                OwlMovesFirst::DefenceThenAttack,
                UndefendedVitalPoint::Off
            ),
            [c5, b3]
        );
        assert_eq!(
            owl_moves(
                lives,
                OwlMovesFirst::AttackThenDefence,
                UndefendedVitalPoint::Off
            ),
            [b3, c5]
        );
        assert!(owl_moves(lives, OwlMovesFirst::Neither, UndefendedVitalPoint::Off).is_empty());
        // The race's answer is the first of them that wins (read, not
        // settled by the owl's word on the second dragon).
        let params = SemeaiParams::default();
        let params = SemeaiParams {
            owl: OwlSettling {
                weak_against_undefended: false,
                ..params.owl
            },
            ..params
        };
        let answer = |order| {
            let params = SemeaiParams {
                owl_moves_first: order,
                ..params
            };
            let result =
                analyze_semeai(&board, None, [&black, &white], lives, params, None).expect("race");
            (
                result.outcome,
                result.point.map(|v| board.geometry().gtp(v)),
            )
        };
        let won = |v: &str| (RaceOutcome::Won, Some(v.to_string()));
        assert_eq!(answer(OwlMovesFirst::Neither), won("B3"));
        assert_eq!(answer(OwlMovesFirst::AttackThenDefence), won("B3"));
        assert_eq!(answer(OwlMovesFirst::DefenceThenAttack), won("C5"));
        // By goal: the attack read, whose move is the answer, tries the
        // owl's attack first.
        assert_eq!(answer(OwlMovesFirst::ByGoal), won("B3"));
        // Where every move wins, the owl's defence is the answer.
        let (board, black, white) = white_boxed_in();
        let race = |lives| analyze_semeai(&board, None, [&black, &white], lives, params, None);
        let own = race([OwnLife::Unread; 2]).expect("race");
        assert_eq!(own.outcome, RaceOutcome::Won);
        let owl_first = |v| {
            let defence = OwnLife::Weak {
                attack: None,
                defence: Some(Some(v)),
                attack_code: Code::Fail,
                defence_code: Code::Win,
            };
            race([defence, OwnLife::Unread]).expect("race").point == Some(v)
        };
        let liberties = stones(&board, &["A2", "C2", "A1", "C1"]);
        assert!(
            liberties
                .iter()
                .any(|&v| Some(v) != own.point && owl_first(v))
        );
    }

    #[test]
    fn an_undefended_dragon_against_a_living_one_is_settled_or_read() {
        let undefended = |attack| OwnLife::Weak {
            attack,
            defence: None,
            attack_code: Code::Win,
            defence_code: Code::Fail,
        };
        let (board, _, _) = white_in_atari();
        let c5 = at(&board, "C5");
        let settling = OwlSettling::default();
        let lost = settled_by_owl([undefended(Some(c5)), OwnLife::Alive], settling, true);
        assert_eq!(lost.map(|r| r.outcome), Some(RaceOutcome::Lost));
        let read = OwlSettling {
            undefended_against_alive: false,
            ..settling
        };
        assert!(settled_by_owl([undefended(Some(c5)), OwnLife::Alive], read, true).is_none());
        // A dragon killed without a move follows `dead_against_alive`.
        let moveless =
            |settling| settled_by_owl([undefended(None), OwnLife::Alive], settling, true);
        let settles = OwlSettling {
            dead_against_alive: true,
            ..read
        };
        assert_eq!(
            moveless(settles).map(|r| r.outcome),
            Some(RaceOutcome::Lost)
        );
    }

    #[test]
    fn an_undefended_first_dragons_vital_point_is_tried_to_kill() {
        let (board, _, _) = white_in_atari();
        let (b3, c5) = (at(&board, "B3"), at(&board, "C5"));
        let undefended = |attack| OwnLife::Weak {
            attack: Some(attack),
            defence: None,
            attack_code: Code::Win,
            defence_code: Code::Fail,
        };
        let second = OwnLife::Weak {
            attack: Some(b3),
            defence: None,
            attack_code: Code::Win,
            defence_code: Code::Fail,
        };
        let order = OwlMovesFirst::DefenceThenAttack;
        let moves = |vital| owl_moves([undefended(c5), second], order, vital);
        assert_eq!(moves(UndefendedVitalPoint::Off), [b3]);
        assert_eq!(moves(UndefendedVitalPoint::AsDefence), [c5, b3]);
        assert_eq!(moves(UndefendedVitalPoint::AfterAttack), [b3, c5]);
        assert_eq!(moves(UndefendedVitalPoint::AfterAttackToKill), [b3, c5]);
        // A defended dragon's defence stays its root move.
        let defended = OwnLife::Weak {
            attack: Some(c5),
            defence: Some(Some(b3)),
            attack_code: Code::Win,
            defence_code: Code::Win,
        };
        let vital = UndefendedVitalPoint::AfterAttackToKill;
        assert_eq!(owl_moves([defended, OwnLife::Unread], order, vital), [b3]);
        // Where every move wins, the vital point is the attack's answer
        // with it on and not without.
        let (board, black, white) = white_boxed_in();
        let race = |vital, v| {
            let params = SemeaiParams {
                undefended_vital_point: vital,
                ..SemeaiParams::default()
            };
            let lives = [undefended(v), OwnLife::Unread];
            analyze_semeai(&board, None, [&black, &white], lives, params, None).expect("race")
        };
        let own = race(UndefendedVitalPoint::Off, at(&board, "A1"));
        assert_eq!(own.outcome, RaceOutcome::Won);
        let liberties = stones(&board, &["A2", "C2", "A1", "C1"]);
        let other = liberties
            .iter()
            .copied()
            .find(|&v| Some(v) != own.point && race(vital, v).point == Some(v));
        let other = other.expect("a winning liberty other than the race's own move");
        assert_eq!(race(UndefendedVitalPoint::Off, other).point, own.point);
    }

    /// A capture check under which only Black's `vital` saves Black.
    struct OnlyVitalSaves {
        vital: Vertex,
    }

    impl CaptureCheck for OnlyVitalSaves {
        fn attack_after(&mut self, line: &[(Color, Vertex)], _: Color, _: &[Vertex]) -> Code {
            if line == [(Color::Black, self.vital)] {
                Code::Fail
            } else {
                Code::Win
            }
        }
    }

    #[test]
    fn the_owls_attack_point_defends_where_it_saves_the_dragon() {
        // Black weak (owl attack C5, defence E5) against a living White.
        let (board, black, white) = white_in_atari();
        let (c5, e5, b3) = (at(&board, "C5"), at(&board, "E5"), at(&board, "B3"));
        let weak = |attack| OwnLife::Weak {
            attack: Some(attack),
            attack_code: Code::Win,
            defence: Some(Some(e5)),
            defence_code: Code::Win,
        };
        let answer = |life, vital_point_defends| {
            let params = SemeaiParams {
                vital_point_defends,
                ..SemeaiParams::default()
            };
            let mut check = OnlyVitalSaves { vital: c5 };
            let lives = [life, OwnLife::Alive];
            analyze_semeai(
                &board,
                None,
                [&black, &white],
                lives,
                params,
                Some(&mut check),
            )
            .expect("race")
            .point
        };
        // C5 saves Black: the vital point is the answer.
        assert_eq!(answer(weak(c5), true), Some(c5));
        assert_eq!(answer(weak(c5), false), Some(e5));
        // B3 does not save Black: the owl's defence stays.
        assert_eq!(answer(weak(b3), true), Some(e5));
    }

    #[test]
    fn a_defended_dragon_kills_one_the_owl_cannot_defend() {
        // White's two eyes hold in a race that is read; the owl's word
        // that White cannot be defended settles it as a kill.
        let (board, black, white) = two_eyed_white();
        let e5 = at(&board, "E5");
        let weak = OwnLife::Weak {
            attack: Some(e5),
            attack_code: Code::Win,
            defence: Some(Some(e5)),
            defence_code: Code::Win,
        };
        let dead = OwnLife::Weak {
            attack: None,
            attack_code: Code::Win,
            defence: None,
            defence_code: Code::Fail,
        };
        let answer = |weak_against_undefended| {
            let params = SemeaiParams::default();
            // The race alone, without the dead dragon's rule
            // (`dead_stays_dead`), where the owl does not settle it.
            let params = SemeaiParams {
                owl: OwlSettling {
                    weak_against_undefended,
                    ..params.owl
                },
                dead_second_dies_uncaptured: false,
                ..params
            };
            let r = analyze_semeai(&board, None, [&black, &white], [weak, dead], params, None)
                .expect("race");
            (r.defence, r.attack, r.point)
        };
        assert_eq!(answer(true), (Code::Win, Code::Win, Some(e5)));
        assert_eq!(answer(false).1, Code::Fail);
    }

    /// A capture check whose owl finds every dragon alive after a capture
    /// and White undefendable after Black's `kills`.
    struct DefenceKillsAt {
        kills: Vertex,
    }

    impl CaptureCheck for DefenceKillsAt {
        fn attack_after(&mut self, _: &[(Color, Vertex)], _: Color, _: &[Vertex]) -> Code {
            Code::Fail
        }

        fn defence_after(&mut self, line: &[(Color, Vertex)], color: Color, _: &[Vertex]) -> Code {
            if color == Color::White && line == [(Color::Black, self.kills)] {
                Code::Fail
            } else {
                Code::Win
            }
        }
    }

    #[test]
    fn a_defence_that_leaves_the_other_undefendable_kills_it() {
        // Both weak and defensible; Black's defence is E5.
        let (board, black, white) = white_in_atari();
        let (e5, b3) = (at(&board, "E5"), at(&board, "B3"));
        let weak = |v| OwnLife::Weak {
            attack: Some(v),
            attack_code: Code::Win,
            defence: Some(Some(v)),
            defence_code: Code::Win,
        };
        let lives = [weak(e5), weak(b3)];
        let params = SemeaiParams::default();
        let answer = |kills| {
            let mut check = DefenceKillsAt { kills };
            let r = analyze_semeai(
                &board,
                None,
                [&black, &white],
                lives,
                params,
                Some(&mut check),
            )
            .expect("race");
            (r.defence, r.attack, r.point, r.nodes)
        };
        // After E5 White cannot live: settled, nothing read.
        assert_eq!(answer(e5), (Code::Win, Code::Win, Some(e5), 0));
        // Otherwise the race is read.
        assert!(answer(b3).3 > 0);
    }

    #[test]
    fn a_defence_that_leaves_a_living_dragon_undefendable_kills_it() {
        // Black weak with its defence at E5; White alive as it stands, to
        // the owl, and undefendable after E5.
        let (board, black, white) = white_in_atari();
        let e5 = at(&board, "E5");
        let lives = [
            OwnLife::Weak {
                attack: Some(e5),
                attack_code: Code::Win,
                defence: Some(Some(e5)),
                defence_code: Code::Win,
            },
            OwnLife::Alive,
        ];
        let answer = |alive_too| {
            let params = SemeaiParams {
                owl: OwlSettling {
                    defence_kills_alive: alive_too,
                    ..OwlSettling::default()
                },
                ..SemeaiParams::default()
            };
            let mut check = DefenceKillsAt { kills: e5 };
            let r = analyze_semeai(
                &board,
                None,
                [&black, &white],
                lives,
                params,
                Some(&mut check),
            )
            .expect("race");
            (r.defence, r.attack, r.point)
        };
        assert_eq!(answer(true), (Code::Win, Code::Win, Some(e5)));
        // Without it the owl settles the race: Black's defence, White lives.
        assert_eq!(answer(false), (Code::Win, Code::Fail, Some(e5)));
    }

    /// A capture check under which every capturer lives and the owl kills
    /// any dragon at `kill`.
    struct KillsAt {
        kill: Vertex,
    }

    impl CaptureCheck for KillsAt {
        fn attack_after(&mut self, _: &[(Color, Vertex)], _: Color, _: &[Vertex]) -> Code {
            Code::Fail
        }

        fn kill_point(&mut self, _: Color, _: &[Vertex]) -> Option<Vertex> {
            Some(self.kill)
        }
    }

    /// The race's codes and move, the owl's kill (the capture check's
    /// `kill_point`) being `kill` for either dragon.
    fn race_with_kill_at(
        board: &Board,
        dragons: [&[Vertex]; 2],
        lives: [OwnLife; 2],
        params: SemeaiParams,
        kill: Vertex,
    ) -> (Code, Code, Option<Vertex>) {
        let mut check = KillsAt { kill };
        let r =
            analyze_semeai(board, None, dragons, lives, params, Some(&mut check)).expect("race");
        (r.defence, r.attack, r.point)
    }

    #[test]
    fn a_read_kill_of_an_unread_dragon_answers_the_owls_attack_point() {
        // Black moving first captures the boxed-in White; the owl would
        // kill White at C1.
        let (board, black, white) = white_boxed_in();
        let c1 = at(&board, "C1");
        let answer = |second: OwnLife, unread_kill_point: bool| {
            let params = SemeaiParams {
                unread_kill_point,
                ..SemeaiParams::default()
            };
            race_with_kill_at(
                &board,
                [&black, &white],
                [OwnLife::Alive, second],
                params,
                c1,
            )
        };
        let read = answer(OwnLife::Unread, false);
        assert_eq!((read.0, read.1), (Code::Win, Code::Win));
        assert_ne!(read.2, Some(c1), "the read's own move is another point");
        // The owl never read White: its kill is the move, the codes stay.
        assert_eq!(
            answer(OwnLife::Unread, true),
            (Code::Win, Code::Win, Some(c1))
        );
        // A dragon the owl read keeps the settled answer's move.
        let weak = OwnLife::Weak {
            attack: read.2,
            attack_code: Code::Win,
            defence: None,
            defence_code: Code::Fail,
        };
        assert_eq!(answer(weak, true).2, read.2);
    }

    #[test]
    fn a_read_kill_between_weak_dragons_answers_the_owls_attack_point() {
        // Both weak and defensible as the owl reads them; Black moving first
        // captures the boxed-in White, whom the owl kills at C1.
        let (board, black, white) = white_boxed_in();
        let (c1, e1) = (at(&board, "C1"), at(&board, "E1"));
        let weak = |attack, defence| OwnLife::Weak {
            attack: Some(attack),
            attack_code: Code::Win,
            defence: Some(Some(defence)),
            defence_code: Code::Win,
        };
        let answer = |second: OwnLife, weak_kill_point: bool| {
            let params = SemeaiParams {
                weak_kill_point,
                ..SemeaiParams::default()
            };
            race_with_kill_at(&board, [&black, &white], [weak(e1, e1), second], params, c1)
        };
        let read = answer(weak(c1, c1), false);
        assert_eq!((read.0, read.1), (Code::Win, Code::Win));
        assert_ne!(read.2, Some(c1), "the read's own move is another point");
        assert_eq!(answer(weak(c1, c1), true), (Code::Win, Code::Win, Some(c1)));
        // A second dragon the owl cannot defend keeps the read's move.
        let undefended = OwnLife::Weak {
            attack: Some(c1),
            attack_code: Code::Win,
            defence: None,
            defence_code: Code::Fail,
        };
        assert_ne!(answer(undefended, true).2, Some(c1));
    }

    #[test]
    fn a_self_atari_filling_is_prepared_by_extending_the_stone_it_joins() {
        // White's outside liberty C1 is self-atari for Black (C1 and D1
        // would keep only E1); E1 joins D1 to E2 and makes C1 safe.
        let board = Board::from_rows(&[
            ".....", //
            ".....", //
            "....X", //
            "OOOOX", //
            "OO.X.",
        ])
        .expect("board");
        let (c1, e1, a3) = (at(&board, "C1"), at(&board, "E1"), at(&board, "A3"));
        assert_eq!(reinforcements(&board, Color::Black, &[c1]), vec![e1]);
        assert!(reinforcements(&board, Color::Black, &[a3]).is_empty());
    }

    #[test]
    fn a_string_with_two_liberties_throws_in_at_its_own_eye() {
        // White's A2 is its own eye (not Black's liberty): filling it
        // leaves White C1 alone, so Black's capture takes six stones.
        let board = Board::from_rows(&[
            "XXXX.", //
            "OOOX.", //
            ".OXX.", //
            "OO.X.",
        ])
        .expect("board");
        let (a2, b3, d4) = (at(&board, "A2"), at(&board, "B3"), at(&board, "D4"));
        assert_eq!(throw_ins(&board, Color::White, b3, d4), vec![a2]);
        // Black's key string has more than two liberties: none.
        assert!(throw_ins(&board, Color::Black, d4, b3).is_empty());
    }

    #[test]
    fn a_dead_first_dragon_against_a_living_one_is_settled_or_read() {
        let dead = OwnLife::Weak {
            attack: None,
            defence: None,
            attack_code: Code::Win,
            defence_code: Code::Fail,
        };
        let settling = OwlSettling::default();
        let read = OwlSettling {
            dead_against_alive: false,
            ..settling
        };
        let settled = |settling| settled_by_owl([dead, OwnLife::Alive], settling, true);
        let lost = settled(OwlSettling {
            dead_against_alive: true,
            ..settling
        });
        assert_eq!(lost.map(|r| r.outcome), Some(RaceOutcome::Lost));
        assert!(settled(read).is_none());
        // The other way round the owl's kill still settles it.
        let won = settled_by_owl([OwnLife::Alive, dead], read, true);
        assert_eq!(won.map(|r| r.outcome), Some(RaceOutcome::Won));
    }

    #[test]
    fn a_dragon_dead_as_it_stands_lives_only_by_capturing() {
        let dead = OwnLife::Weak {
            attack: None,
            defence: None,
            attack_code: Code::Win,
            defence_code: Code::Fail,
        };
        let weak = OwnLife::Weak {
            attack: None,
            defence: Some(None),
            attack_code: Code::Win,
            defence_code: Code::Win,
        };
        let point = goban::Geometry::square(9).expect("size").parse_gtp("C3");
        let both_live = (Code::Win, Code::Fail, point);
        let on = SemeaiParams {
            dead_first_lives_by_capture: true,
            dead_second_dies_uncaptured: true,
            ..SemeaiParams::default()
        };
        // Seki read for a dead first dragon: lost; for a dead second: killed.
        let first = dead_stays_dead([dead, weak], &on, both_live);
        assert_eq!(first, (Code::Fail, Code::Fail, None));
        let second = dead_stays_dead([weak, dead], &on, both_live);
        assert_eq!(second, (Code::Win, Code::Win, None));
        // A capture, a dragon with a defence, two dead ones (a seki), an
        // unread one, or the rule off: unchanged.
        let won = (Code::Win, Code::Win, point);
        assert_eq!(dead_stays_dead([dead, weak], &on, won), won);
        assert_eq!(dead_stays_dead([weak, weak], &on, both_live), both_live);
        assert_eq!(dead_stays_dead([dead, dead], &on, both_live), both_live);
        let unread = OwnLife::Unread;
        assert_eq!(dead_stays_dead([dead, unread], &on, both_live), both_live);
        let off = SemeaiParams::default();
        assert_eq!(dead_stays_dead([dead, dead], &off, both_live), both_live);
    }
}
