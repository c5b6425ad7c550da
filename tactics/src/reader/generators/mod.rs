//! The reader's candidate-move generators as a table: one row per
//! generator, saying for which side it works, how its moves are read
//! ([`Hook`]), which targets it applies to (liberties, a band of stack
//! depths in an explicit [`Frame`], a least size) and GNU Go's name for
//! the same idea where it has one.
//!
//! [`Generators::new`] builds the rows from a [`ReadingParams`]; the
//! reader runs them in table order, every row that admits the target
//! pushing into one shared move buffer (the `Appended` rows into the part
//! read last). A generator's own extra test, where it has one, is in its
//! function and named in its row's `note`. Why each row and each bound
//! is what it is: `docs/tuning/reader.md`.

use std::borrow::Cow;
use std::fmt;
use std::sync::{Arc, OnceLock};

use goban::{Board, Color, Vertex};

mod attacker;
mod defender;

use super::params::ReadingParams;
use super::{DepthLimits, Reader, ReadingResult, order, push_new, strings_adjacent_to_string};
use crate::codes::Code;
use crate::reading_board::ReadingBoard;

/// Whose moves a generator proposes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The side trying to capture the target.
    Attacker,
    /// The target's owner.
    Defender,
}

/// How a generator's moves are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hook {
    /// Into the candidate buffer, then scored and ordered with all the
    /// others.
    Ordered,
    /// Into a second buffer appended, in generator order, after the
    /// ordered candidates.
    Appended,
    /// Replaces every `Ordered` and `Appended` row of its side: deep in a
    /// line only these moves are read (the first admitting row wins).
    Replacing,
    /// Read only if no ordered candidate saved the target, one row at a
    /// time in table order, skipping moves already read; the first win
    /// stops.
    IfUnsaved,
}

/// What a depth bound counts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Frame {
    /// The reading stack depth itself (GNU Go's `stackp`): fixed.
    Stack,
    /// GNU Go's `depth` (moves with `increase_depths`).
    Depth,
    /// GNU Go's `backfill_depth`.
    BackfillDepth,
    /// GNU Go's `break_chain_depth`.
    BreakChainDepth,
    /// GNU Go's `superstring_depth`.
    SuperstringDepth,
    /// GNU Go's `fourlib_depth`.
    FourlibDepth,
}

impl Frame {
    fn base(self, limits: &DepthLimits) -> i32 {
        match self {
            Frame::Stack => 0,
            Frame::Depth => limits.depth,
            Frame::BackfillDepth => limits.backfill_depth,
            Frame::BreakChainDepth => limits.break_chain_depth,
            Frame::SuperstringDepth => limits.superstring_depth,
            Frame::FourlibDepth => limits.fourlib_depth,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Frame::Stack => "",
            Frame::Depth => "depth",
            Frame::BackfillDepth => "backfill_depth",
            Frame::BreakChainDepth => "break_chain_depth",
            Frame::SuperstringDepth => "superstring_depth",
            Frame::FourlibDepth => "fourlib_depth",
        }
    }
}

/// A stack depth: `offset` from the frame's limit (or from 0 in the
/// [`Frame::Stack`] frame).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bound {
    /// What the offset counts from.
    pub frame: Frame,
    /// The offset.
    pub offset: i32,
}

impl Bound {
    /// An absolute stack depth.
    pub const fn stack(depth: i32) -> Bound {
        Bound {
            frame: Frame::Stack,
            offset: depth,
        }
    }

    /// `offset` from one of GNU Go's depth limits.
    pub const fn limit(frame: Frame, offset: i32) -> Bound {
        Bound { frame, offset }
    }

    fn resolve(self, limits: &DepthLimits) -> i32 {
        self.frame.base(limits) + self.offset
    }
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.frame, self.offset) {
            (Frame::Stack, d) => write!(f, "{d}"),
            (frame, 0) => write!(f, "{}", frame.name()),
            (frame, d) => write!(f, "{}{d:+}", frame.name()),
        }
    }
}

/// The stack depths at which a row applies: `from..=to`, `to` `None`
/// meaning no upper bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Band {
    /// The shallowest depth.
    pub from: Bound,
    /// The deepest depth.
    pub to: Option<Bound>,
}

impl Band {
    const ANY: Band = Band {
        from: Bound::stack(0),
        to: None,
    };

    fn up_to(to: Bound) -> Band {
        Band {
            from: Bound::stack(0),
            to: Some(to),
        }
    }

    fn between(from: Bound, to: Bound) -> Band {
        Band { from, to: Some(to) }
    }

    fn from(from: Bound) -> Band {
        Band { from, to: None }
    }
}

impl fmt::Display for Band {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to {
            Some(to) => write!(f, "{}..={to}", self.from),
            None => write!(f, "{}..", self.from),
        }
    }
}

/// Which function a row runs (dispatched by [`run_push`] and
/// [`run_fallback`]: a `match` the compiler inlines, where function
/// pointers cost a fifth more instructions per node).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Gen {
    AttackLiberties,
    AttackSecondOrder,
    AttackFriendSecondOrder,
    Backfill,
    BlockedSemeaiRow,
    BreakChain2,
    BreakChain34,
    CaptureAtariChain,
    ClampRow,
    DefenceLiberties,
    DefenceSecondOrder,
    EdgeBlockRow,
    FourLibertyLiberties,
    FriendRescueRow,
    HelpersAtLiberties,
    KoAvoiding,
    LibertyChain,
    Net,
    OwnAtLiberties,
    OwnChain,
    OwnExtension,
    SaveOwn,
    SealedLibertyRow,
    SecondaryRescue,
    SemeaiExtension,
    SharedSecondOrder,
    SimpleLadder,
    BigChainRow,
    CaptureChain,
    DeepBreakChainRow,
    DoubleBreakRow,
    SuperstringRow,
}

/// Runs a pushing row: its moves go into `out`. (Inlined into each
/// loop, so that the rows' code is laid out as one function per side.)
#[inline(always)]
fn run_push(generator: Gen, s: &Scene, out: &mut Vec<Vertex>) {
    match generator {
        Gen::AttackLiberties => attacker::attack_liberties(s, out),
        Gen::AttackSecondOrder => attacker::attack_second_order(s, out),
        Gen::AttackFriendSecondOrder => attacker::attack_friend_second_order(s, out),
        Gen::Backfill => attacker::backfill(s, out),
        Gen::BlockedSemeaiRow => attacker::blocked_semeai_row(s, out),
        Gen::BreakChain2 => defender::break_chain2(s, out),
        Gen::BreakChain34 => defender::break_chain34(s, out),
        Gen::CaptureAtariChain => defender::capture_atari_chain(s, out),
        Gen::ClampRow => attacker::clamp_row(s, out),
        Gen::DefenceLiberties => defender::defence_liberties(s, out),
        Gen::DefenceSecondOrder => defender::defence_second_order(s, out),
        Gen::EdgeBlockRow => attacker::edge_block_row(s, out),
        Gen::FourLibertyLiberties => attacker::four_liberty_liberties(s, out),
        Gen::FriendRescueRow => defender::friend_rescue_row(s, out),
        Gen::HelpersAtLiberties => attacker::helpers_at_liberties(s, out),
        Gen::KoAvoiding => attacker::ko_avoiding(s, out),
        Gen::LibertyChain => defender::liberty_chain(s, out),
        Gen::Net => attacker::net(s, out),
        Gen::OwnAtLiberties => defender::own_at_liberties(s, out),
        Gen::OwnChain => attacker::own_chain(s, out),
        Gen::OwnExtension => attacker::own_extension(s, out),
        Gen::SaveOwn => attacker::save_own(s, out),
        Gen::SealedLibertyRow => attacker::sealed_liberty_row(s, out),
        Gen::SecondaryRescue => defender::secondary_rescue(s, out),
        Gen::SemeaiExtension => attacker::semeai_extension(s, out),
        Gen::SharedSecondOrder => attacker::shared_second_order(s, out),
        Gen::SimpleLadder => attacker::simple_ladder(s, out),
        _ => {}
    }
}

/// Runs a fallback row: its moves are read after `best`.
fn run_fallback(
    generator: Gen,
    reader: &mut Reader,
    at: &FallbackTarget,
    best: ReadingResult,
    tried: &mut Vec<Vertex>,
) -> ReadingResult {
    match generator {
        Gen::BigChainRow => defender::big_chain_row(reader, at, best, tried),
        Gen::CaptureChain => defender::capture_chain(reader, at, best, tried),
        Gen::DeepBreakChainRow => defender::deep_break_chain_row(reader, at, best, tried),
        Gen::DoubleBreakRow => defender::double_break_row(reader, at, best, tried),
        Gen::SuperstringRow => defender::superstring_row(reader, at, best, tried),
        _ => best,
    }
}

/// One generator.
#[derive(Clone)]
pub struct Generator {
    /// Our name for it.
    pub name: &'static str,
    /// Whose moves.
    pub side: Side,
    /// How they are read.
    pub hook: Hook,
    /// The target's liberties, `min..=max`.
    pub target_libs: (usize, usize),
    /// The stack depths.
    pub depth: Band,
    /// The fewest stones of the target.
    pub min_stones: usize,
    /// GNU Go's name for the same generator, where it has one.
    pub gnugo: Option<&'static str>,
    /// The generator's own test beyond the gate, if any.
    pub note: &'static str,
    pub(super) run: Gen,
}

impl fmt::Debug for Generator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for Generator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let libs = match self.target_libs {
            (a, b) if a == b => format!("{a}"),
            (a, usize::MAX) => format!("{a}.."),
            (a, b) => format!("{a}..={b}"),
        };
        write!(
            f,
            "{:<30} {:<9} {:<9} libs {:<5} depth {:<34} stones>={} gnugo {}",
            self.name,
            format!("{:?}", self.side),
            format!("{:?}", self.hook),
            libs,
            self.depth.to_string(),
            self.min_stones,
            self.gnugo.unwrap_or("-"),
        )?;
        if !self.note.is_empty() {
            write!(f, " | {}", self.note)?;
        }
        Ok(())
    }
}

/// The generator table, split by the loop that runs each part.
#[derive(Debug, Clone)]
pub struct Generators {
    /// The attacker's `Replacing` rows.
    pub attack_replacing: Vec<Generator>,
    /// The attacker's `Ordered` and `Appended` rows.
    pub attack: Vec<Generator>,
    /// The defender's `Ordered` rows.
    pub defence: Vec<Generator>,
    /// The defender's `IfUnsaved` rows.
    pub defence_if_unsaved: Vec<Generator>,
}

/// The target a fallback reads for.
pub(super) struct FallbackTarget {
    pub target: Vertex,
    pub color: Color,
}

/// What a generator sees: the position and the target.
pub(super) struct Scene<'a> {
    pub board: &'a Board,
    pub reading: &'a ReadingBoard,
    pub target: Vertex,
    /// The target's colour (the defender).
    pub color: Color,
    pub libs: usize,
    pub depth: i32,
    /// The depth the plain stack-depth tests compare with
    /// ([`ReadingParams::stack_bands`]).
    pub band_depth: i32,
    /// The stack depth of the top-level call.
    pub root_depth: i32,
    /// The target's liberties (the attacker's scene only; empty for the
    /// defender's, whose generators take them from the board).
    pub liberties: &'a [Vertex],
    /// The attacker strings next to the target (the defender's scene
    /// only).
    pub chains: Vec<Vertex>,
    pub params: &'a ReadingParams,
    pub limits: &'a DepthLimits,
}

const ALL_LIBS: (usize, usize) = (1, usize::MAX);

#[allow(clippy::too_many_arguments)]
fn row(
    name: &'static str,
    side: Side,
    hook: Hook,
    target_libs: (usize, usize),
    depth: Band,
    min_stones: usize,
    gnugo: Option<&'static str>,
    note: &'static str,
    run: Gen,
) -> Generator {
    Generator {
        name,
        side,
        hook,
        target_libs,
        depth,
        min_stones,
        gnugo,
        note,
        run,
    }
}

impl Generators {
    /// The table for `p`.
    pub fn new(p: &ReadingParams) -> Generators {
        use Hook::*;
        use Side::*;
        let s = Bound::stack;
        let l = Bound::limit;
        // With `ko_avoiding_top_plies` the generator gates the depth itself
        // (it knows the top-level call's depth), so its band is open.
        let (ko_avoiding_band, ko_avoiding_note) = match p.ko_avoiding_top_plies {
            Some(_) => (
                Band::ANY,
                "capturing is a ko; to ko_avoiding_depth, or ko_avoiding_top_plies below the top-level call",
            ),
            None => (Band::up_to(s(p.ko_avoiding_depth)), "capturing is a ko"),
        };
        let attack_replacing = vec![
            row(
                "simple_ladder",
                Attacker,
                Replacing,
                (2, 2),
                Band::from(l(Frame::Depth, p.ladder_extra_depth + 1)),
                1,
                None,
                "liberties keeping ladder_min_attacker_libs",
                Gen::SimpleLadder,
            ),
            row(
                "four_liberty_liberties",
                Attacker,
                Replacing,
                (4, 4),
                Band::from(l(Frame::FourlibDepth, 1 - p.fourlib_full_slack)),
                1,
                None,
                "none from fourlib_weak_neighbour_depth beside a weak attacker string",
                Gen::FourLibertyLiberties,
            ),
        ];
        let attack = vec![
            row(
                "liberties",
                Attacker,
                Ordered,
                ALL_LIBS,
                Band::ANY,
                1,
                None,
                "",
                Gen::AttackLiberties,
            ),
            row(
                "second_order_liberties",
                Attacker,
                Ordered,
                (2, 2),
                Band::up_to(s(p.two_lib_second_order_depth)),
                1,
                None,
                "",
                Gen::AttackSecondOrder,
            ),
            row(
                "second_order_liberties",
                Attacker,
                Ordered,
                (3, 3),
                Band::up_to(s(p.three_lib_second_order_depth)),
                1,
                None,
                "",
                Gen::AttackSecondOrder,
            ),
            row(
                "friend_second_order",
                Attacker,
                Ordered,
                (2, 2),
                Band::up_to(s(p.two_lib_friend_second_order_depth)),
                1,
                None,
                "second-order liberties that are liberties of another defender string",
                Gen::AttackFriendSecondOrder,
            ),
            row(
                "shared_second_order",
                Attacker,
                Ordered,
                (3, 3),
                Band::up_to(s(p.three_lib_shared_second_order_depth)),
                2,
                None,
                "",
                Gen::SharedSecondOrder,
            ),
            row(
                "net",
                Attacker,
                Ordered,
                (2, 2),
                Band::ANY,
                2,
                None,
                "extensions short of liberties (geta)",
                Gen::Net,
            ),
            row(
                "clamp",
                Attacker,
                Ordered,
                (2, 2),
                Band::up_to(s(p.clamp_max_depth)),
                1,
                Some("edge_clamp"),
                "from a solid attacker string",
                Gen::ClampRow,
            ),
            row(
                "backfill",
                Attacker,
                Ordered,
                (2, usize::MAX),
                Band::up_to(l(Frame::BackfillDepth, -p.backfill_slack)),
                1,
                None,
                "a liberty that is a self-atari",
                Gen::Backfill,
            ),
            row(
                "ko_avoiding",
                Attacker,
                Ordered,
                (1, 1),
                ko_avoiding_band,
                1,
                None,
                ko_avoiding_note,
                Gen::KoAvoiding,
            ),
            row(
                "helpers_at_liberties",
                Attacker,
                Ordered,
                (1, p.helpers_at_liberties_max_target_libs),
                Band::up_to(s(p.helpers_at_liberties_depth)),
                1,
                None,
                "",
                Gen::HelpersAtLiberties,
            ),
            row(
                "edge_block",
                Attacker,
                Ordered,
                (3, 3),
                Band::up_to(s(p.edge_block_depth)),
                1,
                None,
                "first-line target",
                Gen::EdgeBlockRow,
            ),
            row(
                "sealed_liberty",
                Attacker,
                Ordered,
                (2, 2),
                Band::up_to(s(p.sealed_liberty_depth)),
                1,
                None,
                "a liberty that is suicide",
                Gen::SealedLibertyRow,
            ),
            row(
                "own_chain",
                Attacker,
                Ordered,
                (2, 2),
                Band::up_to(s(p.own_chain_depth)),
                1,
                None,
                "",
                Gen::OwnChain,
            ),
            row(
                "save_own",
                Attacker,
                Ordered,
                ALL_LIBS,
                Band::ANY,
                1,
                None,
                "own strings in atari",
                Gen::SaveOwn,
            ),
            row(
                "own_extension",
                Attacker,
                Appended,
                (p.own_extension_target_libs, p.own_extension_target_libs),
                Band::up_to(s(p.own_extension_depth)),
                1,
                None,
                "",
                Gen::OwnExtension,
            ),
            row(
                "semeai_extension",
                Attacker,
                Appended,
                (2, 2),
                Band::between(s(p.semeai_extension_depth), s(p.semeai_extension_depth)),
                2,
                None,
                "",
                Gen::SemeaiExtension,
            ),
            row(
                "blocked_semeai",
                Attacker,
                Appended,
                (2, 2),
                Band::between(s(p.blocked_min_depth), s(p.blocked_max_depth)),
                p.blocked_min_target_stones,
                None,
                "both liberties unplayable",
                Gen::BlockedSemeaiRow,
            ),
        ];
        let defence = vec![
            row(
                "capture_atari_chain",
                Defender,
                Ordered,
                ALL_LIBS,
                Band::ANY,
                1,
                Some("break_chain_moves"),
                "",
                Gen::CaptureAtariChain,
            ),
            row(
                "liberties",
                Defender,
                Ordered,
                ALL_LIBS,
                Band::ANY,
                1,
                None,
                "",
                Gen::DefenceLiberties,
            ),
            row(
                "break_chain2",
                Defender,
                Ordered,
                (1, p.break_chain2_max_target_libs),
                Band::up_to(l(Frame::Depth, p.laddered_chain_extra_depth)),
                1,
                Some("break_chain2_moves"),
                "any chain to break_chain_depth-break_chain2_slack; semeai chains beyond",
                Gen::BreakChain2,
            ),
            row(
                "break_chain34",
                Defender,
                Ordered,
                (1, p.break_chain34_max_target_libs),
                Band::up_to(s(p.break_chain34_depth)),
                1,
                Some("break_chain3_moves, break_chain4_moves"),
                "",
                Gen::BreakChain34,
            ),
            row(
                "liberty_chain",
                Defender,
                Ordered,
                (1, p.liberty_chain_max_target_libs),
                Band::up_to(s(p.liberty_chain_depth)),
                1,
                None,
                "",
                Gen::LibertyChain,
            ),
            row(
                "own_at_liberties",
                Defender,
                Ordered,
                (1, p.own_at_liberties_max_target_libs),
                Band::up_to(s(p.own_at_liberties_depth)),
                1,
                Some("special_rescue_moves"),
                "",
                Gen::OwnAtLiberties,
            ),
            row(
                "own_at_liberties",
                Defender,
                Ordered,
                (3, 3),
                Band::up_to(s(p.own_at_three_liberties_depth)),
                1,
                Some("special_rescue_moves"),
                "own strings with one liberty more",
                Gen::OwnAtLiberties,
            ),
            row(
                "secondary_rescue",
                Defender,
                Ordered,
                (1, p.secondary_rescue_max_target_libs),
                Band::up_to(s(p.secondary_rescue_depth)),
                1,
                Some("defend_secondary_chain1_moves"),
                "",
                Gen::SecondaryRescue,
            ),
            row(
                "friend_rescue",
                Defender,
                Ordered,
                ALL_LIBS,
                Band::up_to(s(p.friend_rescue_depth)),
                1,
                None,
                "",
                Gen::FriendRescueRow,
            ),
            row(
                "second_order_liberties",
                Defender,
                Ordered,
                (2, 3),
                Band::up_to(l(Frame::SuperstringDepth, 0)),
                1,
                None,
                "stand-in for superstring moves",
                Gen::DefenceSecondOrder,
            ),
            row(
                "second_order_liberties",
                Defender,
                Ordered,
                (4, 4),
                Band::up_to(s(p.four_lib_second_order_defence_depth)),
                1,
                None,
                "",
                Gen::DefenceSecondOrder,
            ),
        ];
        let defence_if_unsaved = vec![
            row(
                "capture_chain",
                Defender,
                IfUnsaved,
                (1, p.capture_chain_max_target_libs),
                Band::up_to(s(p.capture_chain_depth)),
                1,
                None,
                "attack points of neighbours that reading says fall",
                Gen::CaptureChain,
            ),
            row(
                "double_break",
                Defender,
                IfUnsaved,
                (p.double_break_target_libs, p.double_break_target_libs),
                Band::up_to(s(p.double_break_depth)),
                1,
                Some("double_atari_chain2_moves"),
                "",
                Gen::DoubleBreakRow,
            ),
            row(
                "superstring_liberties",
                Defender,
                IfUnsaved,
                (
                    p.superstring_fallback_target_libs,
                    p.superstring_fallback_target_libs,
                ),
                Band::up_to(s(p.superstring_fallback_depth)),
                p.superstring_fallback_min_stones,
                Some("find_superstring_liberties"),
                "liberties all suicide for the attacker",
                Gen::SuperstringRow,
            ),
            row(
                "big_chain",
                Defender,
                IfUnsaved,
                (4, 4),
                Band::up_to(l(Frame::BreakChainDepth, 0)),
                2,
                Some("break_chain3_moves"),
                "big chains",
                Gen::BigChainRow,
            ),
            row(
                "big_chain",
                Defender,
                IfUnsaved,
                (3, 3),
                Band::between(
                    s(p.big_chain_three_lib_first_depth),
                    l(Frame::BreakChainDepth, 0),
                ),
                2,
                Some("break_chain3_moves"),
                "big chains",
                Gen::BigChainRow,
            ),
            row(
                "deep_break_chain",
                Defender,
                IfUnsaved,
                (2, 2),
                Band::between(
                    l(Frame::BreakChainDepth, p.deep_break_chain_first),
                    l(Frame::BreakChainDepth, p.deep_break_chain_last),
                ),
                1,
                Some("break_chain2_moves"),
                "near the liberties or the last move",
                Gen::DeepBreakChainRow,
            ),
        ];
        Generators {
            attack_replacing,
            attack,
            defence,
            defence_if_unsaved,
        }
    }

    /// Every row, in the order the reader's loops run them.
    pub fn rows(&self) -> impl Iterator<Item = &Generator> {
        self.attack_replacing
            .iter()
            .chain(&self.attack)
            .chain(&self.defence)
            .chain(&self.defence_if_unsaved)
    }
}

/// What the plain stack-depth bounds of the rows compare with at one
/// node ([`ReadingParams::stack_bands`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct BandDepth {
    /// The depth.
    pub depth: i32,
    /// Whether a row that admits one ply shallower admits too (the
    /// attacker's first answer to a top-level defence: the top-level
    /// call's rows as well as its own).
    pub also_shallower: bool,
}

impl BandDepth {
    /// The depth the generators' own stack-depth tests compare with
    /// (the shallower one where both count).
    fn for_tests(self) -> i32 {
        self.depth - i32::from(self.also_shallower)
    }
}

/// A row's gate resolved against one set of depth limits.
#[derive(Debug, Clone, Copy)]
struct Gate {
    min_libs: usize,
    max_libs: usize,
    from: i32,
    to: i32,
    /// Whether `from` and `to` are plain stack depths (compared with the
    /// band depth rather than the stack depth).
    from_stack: bool,
    to_stack: bool,
    step: Step,
}

/// What the reader checks and runs for a row once the target's liberties
/// and depth are known to fit.
#[derive(Debug, Clone, Copy)]
struct Step {
    min_stones: u16,
    appended: bool,
    run: Gen,
}

impl Gate {
    fn new(row: &Generator, limits: &DepthLimits) -> Gate {
        Gate {
            min_libs: row.target_libs.0,
            max_libs: row.target_libs.1,
            from: row.depth.from.resolve(limits),
            to: row.depth.to.map_or(i32::MAX, |to| to.resolve(limits)),
            from_stack: row.depth.from.frame == Frame::Stack,
            to_stack: row.depth.to.is_none_or(|to| to.frame == Frame::Stack),
            step: Step {
                min_stones: u16::try_from(row.min_stones).unwrap_or(u16::MAX),
                appended: row.hook == Hook::Appended,
                run: row.run,
            },
        }
    }

    fn fits(&self, libs: usize, depth: i32) -> bool {
        self.fits_bands(libs, depth, depth)
    }

    /// `fits` with the plain stack-depth bounds compared with `band_depth`.
    fn fits_bands(&self, libs: usize, depth: i32, band_depth: i32) -> bool {
        let from_depth = if self.from_stack { band_depth } else { depth };
        let to_depth = if self.to_stack { band_depth } else { depth };
        libs >= self.min_libs
            && libs <= self.max_libs
            && from_depth >= self.from
            && to_depth <= self.to
    }
}

impl Step {
    #[inline]
    fn admits(&self, board: &Board, target: Vertex) -> bool {
        self.min_stones <= 1 || board.string_size(target) >= usize::from(self.min_stones)
    }
}

/// Targets with fewer liberties than this, at stack depths up to
/// `max_stack_depth + 1`, find their rows in a prepared list; the rest
/// check every row.
const PLAN_LIBS: usize = 5;

/// One part of the table (one loop of the reader) resolved for a set of
/// depth limits: for each liberty count and stack depth, the steps of the
/// rows that admit it, in table order.
#[derive(Debug)]
struct Part {
    depths: usize,
    /// `libs * depths + depth` -> a range of `steps`.
    ranges: Vec<(u32, u32)>,
    steps: Vec<Step>,
    /// Every row, for the targets outside the prepared lists.
    gates: Vec<Gate>,
}

impl Part {
    fn new(rows: &[Generator], limits: &DepthLimits, depths: usize) -> Part {
        let gates: Vec<Gate> = rows.iter().map(|row| Gate::new(row, limits)).collect();
        let mut ranges = Vec::with_capacity(PLAN_LIBS * depths);
        let mut steps = Vec::new();
        for libs in 0..PLAN_LIBS {
            for depth in 0..depths {
                let start = steps.len() as u32;
                let fitting = gates.iter().filter(|g| g.fits(libs, depth as i32));
                steps.extend(fitting.map(|g| g.step));
                ranges.push((start, steps.len() as u32));
            }
        }
        Part {
            depths,
            ranges,
            steps,
            gates,
        }
    }

    /// The steps of the rows whose liberties and depths fit `libs` and
    /// `depth`, in table order (the stone test is left to the caller).
    /// `band_depth` is what the plain stack-depth bounds compare with.
    #[inline]
    fn steps(&self, libs: usize, depth: i32, band: BandDepth) -> Cow<'_, [Step]> {
        if band.depth != depth || band.also_shallower {
            Cow::Owned(
                self.gates
                    .iter()
                    .filter(|g| {
                        g.fits_bands(libs, depth, band.depth)
                            || (band.also_shallower && g.fits_bands(libs, depth, band.depth - 1))
                    })
                    .map(|g| g.step)
                    .collect(),
            )
        } else if libs < PLAN_LIBS && depth >= 0 && (depth as usize) < self.depths {
            let (start, end) = self.ranges[libs * self.depths + depth as usize];
            Cow::Borrowed(&self.steps[start as usize..end as usize])
        } else {
            Cow::Owned(
                self.gates
                    .iter()
                    .filter(|g| g.fits(libs, depth))
                    .map(|g| g.step)
                    .collect(),
            )
        }
    }
}

/// The generator table resolved for the reader's parameters and depth
/// limits (rebuilt whenever either changes).
#[derive(Debug)]
pub(super) struct Plan {
    attack_replacing: Part,
    attack: Part,
    defence: Part,
    defence_if_unsaved: Part,
}

impl Plan {
    pub(super) fn new(params: &ReadingParams, limits: &DepthLimits) -> Plan {
        let generators = Generators::new(params);
        let depths = usize::try_from(params.max_stack_depth + 2).unwrap_or(0);
        Plan {
            attack_replacing: Part::new(&generators.attack_replacing, limits, depths),
            attack: Part::new(&generators.attack, limits, depths),
            defence: Part::new(&generators.defence, limits, depths),
            defence_if_unsaved: Part::new(&generators.defence_if_unsaved, limits, depths),
        }
    }
}

/// The plan for the default parameters and depth limits, built once and
/// shared by every reader made with them.
pub(super) fn default_plan() -> Arc<Plan> {
    static DEFAULT: OnceLock<Arc<Plan>> = OnceLock::new();
    Arc::clone(DEFAULT.get_or_init(|| {
        Arc::new(Plan::new(
            &ReadingParams::default(),
            &DepthLimits::default(),
        ))
    }))
}

impl Reader {
    fn scene(&self, band: BandDepth, target: Vertex, color: Color, libs: usize) -> Scene<'_> {
        Scene {
            band_depth: band.for_tests(),
            board: self.board.board(),
            reading: &self.board,
            target,
            color,
            libs,
            depth: self.depth(),
            root_depth: self.root_depth,
            liberties: &[],
            chains: Vec::new(),
            params: &self.params,
            limits: &self.limits,
        }
    }

    /// The attacker's candidate moves against `target` (colour `color`,
    /// `libs` liberties), best first; with `instead`, an admitting
    /// `Replacing` row's moves replace them.
    pub(super) fn attack_candidates(
        &self,
        target: Vertex,
        color: Color,
        libs: usize,
        replacing: bool,
    ) -> Vec<Vertex> {
        let band_depth = self.band_depth(Side::Attacker, target);
        let mut scene = self.scene(band_depth, target, color, libs);
        let board = scene.board;
        let depth = scene.depth;
        let plan = &*self.plan;
        if replacing {
            for &step in plan.attack_replacing.steps(libs, depth, band_depth).iter() {
                if step.admits(board, target) {
                    let mut moves = Vec::new();
                    run_push(step.run, &scene, &mut moves);
                    return moves;
                }
            }
        }
        // The liberties on the stack (a target read here has at most four).
        let mut inline = [Vertex(0); 4];
        let spilled: Vec<Vertex>;
        scene.liberties = if libs <= inline.len() {
            let mut count = 0;
            for l in board.liberty_vertices(target).take(inline.len()) {
                inline[count] = l;
                count += 1;
            }
            &inline[..count]
        } else {
            spilled = board.liberty_vertices(target).collect();
            &spilled
        };
        let mut moves = Vec::with_capacity(16);
        let mut appended = Vec::new();
        for &step in plan.attack.steps(libs, depth, band_depth).iter() {
            if step.admits(board, target) {
                run_push(
                    step.run,
                    &scene,
                    if step.appended {
                        &mut appended
                    } else {
                        &mut moves
                    },
                );
            }
        }
        let penalty = self.params.attack_target_liberty_penalty;
        let liberties = scene.liberties;
        let mut moves = order(board, &self.params.ordering, color.other(), moves, |m| {
            let target_libs = libs - usize::from(liberties.contains(&m));
            -(target_libs as i32) * penalty
        });
        push_new(&mut moves, appended.into_iter());
        moves
    }

    /// The defender's ordinary candidate moves for `target`, best first.
    pub(super) fn defense_candidates(
        &self,
        target: Vertex,
        color: Color,
        libs: usize,
    ) -> Vec<Vertex> {
        let band_depth = self.band_depth(Side::Defender, target);
        let mut scene = self.scene(band_depth, target, color, libs);
        let board = scene.board;
        let depth = scene.depth;
        scene.chains = strings_adjacent_to_string(board, target, color.other());
        let mut moves = Vec::with_capacity(16);
        for &step in self.plan.defence.steps(libs, depth, band_depth).iter() {
            if step.admits(board, target) {
                run_push(step.run, &scene, &mut moves);
            }
        }
        // An extension that leaves the target in atari without capturing
        // only helps through a ko; those go last.
        let extension_into_atari = |m: Vertex, captures: usize, libs: usize| {
            captures == 0 && libs <= 1 && board.has_liberty(target, m)
        };
        let bonus = self.params.defence_atari_bonus;
        super::order_with_late(
            board,
            &self.params.ordering,
            color,
            moves,
            |m| {
                // Ataris on attacker strings around the move.
                let mut ataris = [Vertex(u16::MAX); 4];
                let mut count = 0;
                for n in board.neighbours(m) {
                    if board.cell(n) == color.other().stone()
                        && board.liberties(n) == 2
                        && !ataris[..count].contains(&board.head(n))
                    {
                        ataris[count] = board.head(n);
                        count += 1;
                    }
                }
                count as i32 * bonus
            },
            extension_into_atari,
        )
    }

    /// Runs the defender's `IfUnsaved` rows after the ordered candidates
    /// (`tried`, all read) left `best`.
    pub(super) fn read_if_unsaved(
        &mut self,
        target: Vertex,
        color: Color,
        libs: usize,
        mut best: ReadingResult,
        tried: &mut Vec<Vertex>,
    ) -> ReadingResult {
        let depth = self.depth();
        let band_depth = self.band_depth(Side::Defender, target);
        if best.code == Code::Win {
            return best;
        }
        let plan = Arc::clone(&self.plan);
        let at = FallbackTarget { target, color };
        for &step in plan
            .defence_if_unsaved
            .steps(libs, depth, band_depth)
            .iter()
        {
            if best.code == Code::Win {
                break;
            }
            if step.admits(self.board.board(), target) {
                best = run_fallback(step.run, self, &at, best, tried);
            }
        }
        best
    }
}

/// The generator table and the parameters as text, one row or field a
/// line: what the snapshot test prints.
pub fn describe(p: &ReadingParams) -> String {
    let mut text = String::new();
    for row in Generators::new(p).rows() {
        text.push_str(&row.to_string());
        text.push('\n');
    }
    text.push('\n');
    text.push_str(&format!("{p:#?}\n"));
    text
}
