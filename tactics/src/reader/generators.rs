//! The reader's candidate-move generators as a table: one row per
//! generator, saying for which side it works, how its moves are read
//! ([`Hook`]), which targets it applies to (liberties, a band of stack
//! depths in an explicit [`Frame`], a least size) and GNU Go's name for
//! the same idea where it has one.
//!
//! [`Generators::new`] builds the rows from a [`ReadingParams`]; the
//! reader runs them in table order, every row that admits the target
//! pushing into one shared move buffer (the `Late` rows into the part
//! read last). A generator's own extra test, where it has one, is in its
//! function and named in its row's `note`. Why each row and each bound
//! is what it is: `docs/tuning/reader.md`.

use std::fmt;

use goban::{Board, Cell, Color, Vertex};

use super::params::ReadingParams;
use super::{
    DepthLimits, Reader, ReadingResult, approach_moves, atari_neighbours, backfill_moves,
    big_chain, blocked_semeai, clamp, deep_break_chain, double_break, edge_block, four_liberty,
    friend_rescue, order, push_new, sealed_liberty, strings_adjacent_to_string, superstring,
};
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
    /// Into the candidate buffer, then ordered by score with all others.
    Ordinary,
    /// Into the part of the buffer appended, unordered, after the ordered
    /// candidates.
    Late,
    /// Replaces every `Ordinary` and `Late` row of its side: deep in a
    /// line only these moves are read (the first admitting row wins).
    Instead,
    /// Read only once no ordinary candidate saved the target, lazily, in
    /// table order, skipping moves already read; the first win stops.
    Fallback,
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

    fn contains(&self, depth: i32, limits: &DepthLimits) -> bool {
        depth >= self.from.resolve(limits)
            && self.to.is_none_or(|to| depth <= to.resolve(limits))
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

/// What a row runs.
#[derive(Clone, Copy)]
pub(super) enum Run {
    /// Pushes its moves into the buffer it is given.
    Push(fn(&Scene, &mut Vec<Vertex>)),
    /// Reads its moves after `best`, adding them to the moves `tried`.
    Fallback(fn(&mut Reader, &FallbackTarget, ReadingResult, &mut Vec<Vertex>) -> ReadingResult),
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
    pub(super) run: Run,
}

impl Generator {
    fn admits(&self, board: &Board, target: Vertex, libs: usize, depth: i32, limits: &DepthLimits) -> bool {
        libs >= self.target_libs.0
            && libs <= self.target_libs.1
            && self.depth.contains(depth, limits)
            && (self.min_stones <= 1 || board.string_size(target) >= self.min_stones)
    }
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
    /// The attacker's `Instead` rows.
    pub attack_instead: Vec<Generator>,
    /// The attacker's `Ordinary` and `Late` rows.
    pub attack: Vec<Generator>,
    /// The defender's `Ordinary` rows.
    pub defence: Vec<Generator>,
    /// The defender's `Fallback` rows.
    pub defence_fallback: Vec<Generator>,
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
    /// The target's liberties (the attacker's scene only; empty for the
    /// defender's, whose generators take them from the board).
    pub liberties: Vec<Vertex>,
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
    run: Run,
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
        let push = Run::Push;
        let fallback = Run::Fallback;
        let attack_instead = vec![
            row("simple_ladder", Attacker, Instead, (2, 2),
                Band::from(l(Frame::Depth, p.ladder_extra_depth + 1)), 1, None,
                "liberties keeping ladder_min_attacker_libs", push(simple_ladder)),
            row("four_liberty_liberties", Attacker, Instead, (4, 4),
                Band::from(l(Frame::FourlibDepth, 1 - p.fourlib_full_slack)), 1, None,
                "none from fourlib_weak_neighbour_depth beside a weak attacker string",
                push(four_liberty_liberties)),
        ];
        let attack = vec![
            row("liberties", Attacker, Ordinary, ALL_LIBS, Band::ANY, 1, None, "",
                push(attack_liberties)),
            row("second_order_liberties", Attacker, Ordinary, (2, 2),
                Band::up_to(s(p.two_lib_second_order_depth)), 1, None, "",
                push(attack_second_order)),
            row("second_order_liberties", Attacker, Ordinary, (3, 3),
                Band::up_to(s(p.three_lib_second_order_depth)), 1, None, "",
                push(attack_second_order)),
            row("shared_second_order", Attacker, Ordinary, (3, 3),
                Band::up_to(s(p.three_lib_shared_second_order_depth)), 2, None, "",
                push(shared_second_order)),
            row("net", Attacker, Ordinary, (2, 2), Band::ANY, 2, None,
                "extensions short of liberties (geta)", push(net)),
            row("clamp", Attacker, Ordinary, (2, 2), Band::up_to(s(p.clamp_max_depth)), 1,
                Some("edge_clamp"), "from a solid attacker string", push(clamp_row)),
            row("backfill", Attacker, Ordinary, (2, usize::MAX),
                Band::up_to(l(Frame::BackfillDepth, -p.backfill_slack)), 1,
                None, "a liberty that is a self-atari", push(backfill)),
            row("ko_avoiding", Attacker, Ordinary, (1, 1),
                Band::up_to(s(p.ko_avoiding_depth)), 1, None, "capturing is a ko",
                push(ko_avoiding)),
            row("helpers_at_liberties", Attacker, Ordinary,
                (1, p.helpers_at_liberties_max_target_libs),
                Band::up_to(s(p.helpers_at_liberties_depth)), 1, None, "",
                push(helpers_at_liberties)),
            row("edge_block", Attacker, Ordinary, (3, 3), Band::up_to(s(p.edge_block_depth)), 1,
                None, "first-line target", push(edge_block_row)),
            row("sealed_liberty", Attacker, Ordinary, (2, 2),
                Band::up_to(s(p.sealed_liberty_depth)), 1, None,
                "a liberty that is suicide", push(sealed_liberty_row)),
            row("own_chain", Attacker, Ordinary, (2, 2), Band::up_to(s(p.own_chain_depth)), 1,
                None, "", push(own_chain)),
            row("save_own", Attacker, Ordinary, ALL_LIBS, Band::ANY, 1, None,
                "own strings in atari", push(save_own)),
            row("own_extension", Attacker, Late,
                (p.own_extension_target_libs, p.own_extension_target_libs),
                Band::up_to(s(p.own_extension_depth)), 1, None, "", push(own_extension)),
            row("semeai_extension", Attacker, Late, (2, 2),
                Band::between(s(p.semeai_extension_depth), s(p.semeai_extension_depth)), 2,
                None, "", push(semeai_extension)),
            row("blocked_semeai", Attacker, Late, (2, 2),
                Band::between(s(p.blocked_min_depth), s(p.blocked_max_depth)),
                p.blocked_min_target_stones, None, "both liberties unplayable",
                push(blocked_semeai_row)),
        ];
        let defence = vec![
            row("capture_atari_chain", Defender, Ordinary, ALL_LIBS, Band::ANY, 1,
                Some("break_chain_moves"), "", push(capture_atari_chain)),
            row("liberties", Defender, Ordinary, ALL_LIBS, Band::ANY, 1, None, "",
                push(defence_liberties)),
            row("break_chain2", Defender, Ordinary, (1, p.break_chain2_max_target_libs),
                Band::up_to(l(Frame::Depth, p.laddered_chain_extra_depth)), 1,
                Some("break_chain2_moves"),
                "any chain to break_chain_depth-break_chain2_slack; semeai chains beyond",
                push(break_chain2)),
            row("break_chain34", Defender, Ordinary, (1, p.break_chain34_max_target_libs),
                Band::up_to(s(p.break_chain34_depth)), 1,
                Some("break_chain3_moves, break_chain4_moves"), "", push(break_chain34)),
            row("liberty_chain", Defender, Ordinary, (1, p.liberty_chain_max_target_libs),
                Band::up_to(s(p.liberty_chain_depth)), 1, None, "", push(liberty_chain)),
            row("own_at_liberties", Defender, Ordinary,
                (1, p.own_at_liberties_max_target_libs),
                Band::up_to(s(p.own_at_liberties_depth)), 1, Some("special_rescue_moves"), "",
                push(own_at_liberties)),
            row("own_at_liberties", Defender, Ordinary, (3, 3),
                Band::up_to(s(p.own_at_three_liberties_depth)), 1, Some("special_rescue_moves"),
                "own strings with one liberty more", push(own_at_liberties)),
            row("secondary_rescue", Defender, Ordinary,
                (1, p.secondary_rescue_max_target_libs),
                Band::up_to(s(p.secondary_rescue_depth)), 1,
                Some("defend_secondary_chain1_moves"), "", push(secondary_rescue)),
            row("friend_rescue", Defender, Ordinary, ALL_LIBS,
                Band::up_to(s(p.friend_rescue_depth)), 1, None, "", push(friend_rescue_row)),
            row("second_order_liberties", Defender, Ordinary, (2, 3),
                Band::up_to(l(Frame::SuperstringDepth, 0)), 1, None,
                "stand-in for superstring moves", push(defence_second_order)),
            row("second_order_liberties", Defender, Ordinary, (4, 4),
                Band::up_to(s(p.four_lib_second_order_defence_depth)), 1, None, "",
                push(defence_second_order)),
        ];
        let defence_fallback = vec![
            row("capture_chain", Defender, Fallback, (1, p.capture_chain_max_target_libs),
                Band::up_to(s(p.capture_chain_depth)), 1, None,
                "attack points of neighbours that reading says fall",
                fallback(capture_chain)),
            row("double_break", Defender, Fallback,
                (p.double_break_target_libs, p.double_break_target_libs),
                Band::up_to(s(p.double_break_depth)), 1, Some("double_atari_chain2_moves"),
                "", fallback(double_break_row)),
            row("superstring_liberties", Defender, Fallback,
                (p.superstring_fallback_target_libs, p.superstring_fallback_target_libs),
                Band::up_to(s(p.superstring_fallback_depth)),
                p.superstring_fallback_min_stones, Some("find_superstring_liberties"),
                "liberties all suicide for the attacker", fallback(superstring_row)),
            row("big_chain", Defender, Fallback, (4, 4),
                Band::up_to(l(Frame::BreakChainDepth, 0)), 2, Some("break_chain3_moves"), "big chains",
                fallback(big_chain_row)),
            row("big_chain", Defender, Fallback, (3, 3),
                Band::between(s(p.big_chain_three_lib_first_depth), l(Frame::BreakChainDepth, 0)),
                2, Some("break_chain3_moves"), "big chains", fallback(big_chain_row)),
            row("deep_break_chain", Defender, Fallback, (2, 2),
                Band::between(
                    l(Frame::BreakChainDepth, p.deep_break_chain_first),
                    l(Frame::BreakChainDepth, p.deep_break_chain_last),
                ),
                1, Some("break_chain2_moves"), "near the liberties or the last move",
                fallback(deep_break_chain_row)),
        ];
        Generators {
            attack_instead,
            attack,
            defence,
            defence_fallback,
        }
    }

    /// Every row, in the order the reader's loops run them.
    pub fn rows(&self) -> impl Iterator<Item = &Generator> {
        self.attack_instead
            .iter()
            .chain(&self.attack)
            .chain(&self.defence)
            .chain(&self.defence_fallback)
    }
}

impl Reader {
    fn scene(&self, target: Vertex, color: Color, libs: usize) -> Scene<'_> {
        Scene {
            board: self.board.board(),
            reading: &self.board,
            target,
            color,
            libs,
            depth: self.depth(),
            liberties: Vec::new(),
            chains: Vec::new(),
            params: &self.params,
            limits: &self.limits,
        }
    }

    /// The attacker's candidate moves against `target` (colour `color`,
    /// `libs` liberties), best first; with `instead`, an admitting
    /// `Instead` row's moves replace them.
    pub(super) fn attack_candidates(
        &self,
        target: Vertex,
        color: Color,
        libs: usize,
        instead: bool,
    ) -> Vec<Vertex> {
        let mut scene = self.scene(target, color, libs);
        let board = scene.board;
        let depth = scene.depth;
        let generators = &*self.generators;
        if instead {
            for row in &generators.attack_instead {
                if row.admits(board, target, libs, depth, &self.limits) {
                    let mut moves = Vec::new();
                    if let Run::Push(run) = row.run {
                        run(&scene, &mut moves);
                    }
                    return moves;
                }
            }
        }
        scene.liberties = board.liberty_vertices(target).collect();
        let mut moves = Vec::with_capacity(16);
        let mut late = Vec::new();
        for row in &generators.attack {
            if row.admits(board, target, libs, depth, &self.limits)
                && let Run::Push(run) = row.run
            {
                run(&scene, if row.hook == Hook::Late { &mut late } else { &mut moves });
            }
        }
        let penalty = self.params.attack_target_liberty_penalty;
        let liberties = &scene.liberties;
        let mut moves = order(board, color.other(), moves, |m| {
            let target_libs = libs - usize::from(liberties.contains(&m));
            -(target_libs as i32) * penalty
        });
        push_new(&mut moves, late.into_iter());
        moves
    }

    /// The defender's ordinary candidate moves for `target`, best first.
    pub(super) fn defense_candidates(&self, target: Vertex, color: Color, libs: usize) -> Vec<Vertex> {
        let mut scene = self.scene(target, color, libs);
        let board = scene.board;
        let depth = scene.depth;
        scene.chains = strings_adjacent_to_string(board, target, color.other());
        let mut moves = Vec::with_capacity(16);
        for row in &self.generators.defence {
            if row.admits(board, target, libs, depth, &self.limits)
                && let Run::Push(run) = row.run
            {
                run(&scene, &mut moves);
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

    /// Runs the defender's fallback rows after the ordinary candidates
    /// (`tried`, all read) left `best`.
    pub(super) fn defence_fallbacks(
        &mut self,
        target: Vertex,
        color: Color,
        libs: usize,
        mut best: ReadingResult,
        tried: &mut Vec<Vertex>,
    ) -> ReadingResult {
        let generators = std::sync::Arc::clone(&self.generators);
        let at = FallbackTarget { target, color };
        for row in &generators.defence_fallback {
            if best.code == Code::Win {
                break;
            }
            if row.admits(self.board.board(), target, libs, self.depth(), &self.limits)
                && let Run::Fallback(run) = row.run
            {
                best = run(self, &at, best, tried);
            }
        }
        best
    }
}

// The attacker's generators.

fn simple_ladder(s: &Scene, out: &mut Vec<Vertex>) {
    let board = s.board;
    let attacker = s.color.other();
    let moves: Vec<Vertex> = board
        .liberty_vertices(s.target)
        .filter(|&l| board.liberties_after(attacker, l) >= s.params.ladder_min_attacker_libs)
        .collect();
    out.extend(order(board, attacker, moves, |_| 0));
}

fn four_liberty_liberties(s: &Scene, out: &mut Vec<Vertex>) {
    out.extend(four_liberty::liberty_attacks(
        s.board,
        s.target,
        s.color.other(),
        s.depth,
        s.params,
    ));
}

fn attack_liberties(s: &Scene, out: &mut Vec<Vertex>) {
    out.extend_from_slice(&s.liberties);
}

fn attack_second_order(s: &Scene, out: &mut Vec<Vertex>) {
    for &l in &s.liberties {
        for n in s.board.neighbours(l) {
            if s.board.cell(n) == Cell::Empty && !out.contains(&n) {
                out.push(n);
            }
        }
    }
}

/// The empty points next to two of the liberties or more: each takes
/// away room from two of them at once.
fn shared_second_order(s: &Scene, out: &mut Vec<Vertex>) {
    let board = s.board;
    let liberties = &s.liberties;
    let shared: Vec<Vertex> = liberties
        .iter()
        .flat_map(|&l| board.neighbours(l))
        .filter(|&n| {
            board.cell(n) == Cell::Empty
                && liberties
                    .iter()
                    .filter(|&&l| board.neighbours(l).any(|x| x == n))
                    .count()
                    >= 2
        })
        .collect();
    push_new(out, shared.into_iter());
}

/// An empty point next to both liberties, so that extending at either
/// leaves the target short of liberties.
fn net(s: &Scene, out: &mut Vec<Vertex>) {
    let board = s.board;
    let liberties = &s.liberties;
    let p = s.params;
    let shared = board.neighbours(liberties[0]).filter(|&n| {
        board.cell(n) == Cell::Empty
            && board.neighbours(liberties[1]).any(|x| x == n)
            && board.liberties_after(s.color.other(), n) >= p.net_min_move_libs
            && liberties
                .iter()
                .all(|&l| board.liberties_after(s.color, l) <= p.net_max_extension_libs)
    });
    push_new(out, shared);
}

fn clamp_row(s: &Scene, out: &mut Vec<Vertex>) {
    push_new(
        out,
        clamp::clamp_moves(s.board, s.target, s.color, s.params.clamp_min_solid_libs).into_iter(),
    );
}

fn backfill(s: &Scene, out: &mut Vec<Vertex>) {
    for &l in &s.liberties {
        push_new(out, backfill_moves(s.board, s.color.other(), l).into_iter());
    }
}

/// Capturing is only a ko: the liberties of the defender's strings
/// around the ko point, so that connecting there does not save the
/// target.
fn ko_avoiding(s: &Scene, out: &mut Vec<Vertex>) {
    let board = s.board;
    let ko_point = s.liberties[0];
    if !s.reading.is_ko_capture(s.color.other(), ko_point) {
        return;
    }
    for n in board.neighbours(ko_point) {
        if board.cell(n) == s.color.stone()
            && board.head(n) != board.head(s.target)
            && board.liberties(n) <= s.params.ko_avoiding_max_libs
        {
            push_new(out, board.liberty_vertices(n));
        }
    }
}

/// The defender's other weak strings that touch the target's liberties:
/// pressing them first keeps them from helping the target when it runs.
fn helpers_at_liberties(s: &Scene, out: &mut Vec<Vertex>) {
    let board = s.board;
    let p = s.params;
    let mut strings: Vec<Vertex> = Vec::new();
    for &l in &s.liberties {
        for h in board.neighbour_strings(l, s.color) {
            if h != board.head(s.target) && !strings.contains(&h) {
                strings.push(h);
            }
        }
    }
    for h in strings {
        let h_libs = board.liberties(h);
        if h_libs <= p.helpers_at_liberties_max_libs
            || (h_libs == p.helpers_at_liberties_max_libs + 1
                && board.string_size(h) <= p.helpers_three_libs_max_stones)
        {
            push_new(out, board.liberty_vertices(h));
        }
    }
}

fn edge_block_row(s: &Scene, out: &mut Vec<Vertex>) {
    push_new(out, edge_block::edge_block_moves(s.board, s.target, s.color).into_iter());
}

fn sealed_liberty_row(s: &Scene, out: &mut Vec<Vertex>) {
    let sealed = sealed_liberty::sealed_liberty_moves(s.board, s.target, s.color, s.params);
    if s.depth <= s.params.sealed_second_order_depth {
        let second = sealed_liberty::second_order(s.board, s.target, &sealed);
        push_new(out, sealed.into_iter().chain(second));
    } else {
        push_new(out, sealed.into_iter());
    }
}

/// The attacker's own weak strings next to the target's liberties:
/// taking liberties from the defender's other strings around them frees
/// them to fill the liberty.
fn own_chain(s: &Scene, out: &mut Vec<Vertex>) {
    let board = s.board;
    let p = s.params;
    let mut owns: Vec<Vertex> = Vec::new();
    for &l in &s.liberties {
        for h in board.neighbour_strings(l, s.color.other()) {
            if !owns.contains(&h) && board.liberties(h) <= p.own_chain_max_libs {
                owns.push(h);
            }
        }
    }
    for own in owns {
        for chain in strings_adjacent_to_string(board, own, s.color) {
            if chain != board.head(s.target) && board.liberties(chain) <= p.own_chain_max_chain_libs
            {
                push_new(out, board.liberty_vertices(chain));
            }
        }
    }
}

/// The attacker's own strings in atari next to the target (and, against
/// few liberties, next to its liberties): extended, or freed by a
/// capture.
fn save_own(s: &Scene, out: &mut Vec<Vertex>) {
    let board = s.board;
    let attacker = s.color.other();
    let mut owns = strings_adjacent_to_string(board, s.target, attacker);
    if s.libs <= s.params.save_own_at_liberties_max_target_libs {
        for &l in &s.liberties {
            for h in board.neighbour_strings(l, attacker) {
                if !owns.contains(&h) {
                    owns.push(h);
                }
            }
        }
    }
    for own in owns {
        if board.liberties(own) == 1 {
            push_new(out, board.liberty_vertices(own));
            for capture in atari_neighbours(board, own, s.color) {
                push_new(out, board.liberty_vertices(capture));
            }
        }
    }
}

/// The attacker's own two-liberty strings next to the target, whose
/// capture would free it, extended where the extension keeps
/// `own_extension_min_libs` liberties.
fn own_extension(s: &Scene, out: &mut Vec<Vertex>) {
    own_extensions(s, out, false);
}

/// The same in a semeai (the mirror of the defender's semeai chains):
/// only big own strings, and off the target's liberties with fewer
/// liberties.
fn semeai_extension(s: &Scene, out: &mut Vec<Vertex>) {
    own_extensions(s, out, true);
}

fn own_extensions(s: &Scene, out: &mut Vec<Vertex>, semeai: bool) {
    let board = s.board;
    let p = s.params;
    let attacker = s.color.other();
    for own in strings_adjacent_to_string(board, s.target, attacker) {
        if board.liberties(own) == 2 && (!semeai || board.string_size(own) >= p.semeai_chain_min_stones)
        {
            push_new(
                out,
                board.liberty_vertices(own).filter(|&l| {
                    let after = board.liberties_after(attacker, l);
                    after >= p.own_extension_min_libs
                        || (semeai
                            && !s.liberties.contains(&l)
                            && after >= p.semeai_extension_min_libs)
                }),
            );
        }
    }
}

fn blocked_semeai_row(s: &Scene, out: &mut Vec<Vertex>) {
    push_new(
        out,
        blocked_semeai::blocked_semeai_extensions(s.board, s.target, s.color, s.params).into_iter(),
    );
}

// The defender's generators.

fn capture_atari_chain(s: &Scene, out: &mut Vec<Vertex>) {
    for &chain in &s.chains {
        if s.board.liberties(chain) == 1 {
            push_new(out, s.board.liberty_vertices(chain));
        }
    }
}

fn defence_liberties(s: &Scene, out: &mut Vec<Vertex>) {
    push_new(out, s.board.liberty_vertices(s.target));
}

/// The liberties of two-liberty attacker neighbours (with approach moves
/// where such a liberty is a self-atari): any chain up to
/// `break_chain_depth - break_chain2_slack`; deeper, up to
/// `break_chain_depth`, only semeai chains (big, or sharing a liberty,
/// or big three-liberty chains against two liberties) of targets of two
/// stones or more; deeper still, up to `depth + laddered_chain_extra_depth`,
/// big two-liberty chains (a ladder on the chain).
fn break_chain2(s: &Scene, out: &mut Vec<Vertex>) {
    let board = s.board;
    let p = s.params;
    let (depth, libs, target) = (s.depth, s.libs, s.target);
    let shallow = depth <= s.limits.break_chain_depth - p.break_chain2_slack;
    let deep = libs <= p.semeai_chain_max_target_libs
        && depth <= s.limits.break_chain_depth
        && board.string_size(target) >= 2;
    let laddered = libs <= p.semeai_chain_max_target_libs
        && depth <= s.limits.depth + p.laddered_chain_extra_depth
        && board.string_size(target) >= 2;
    if !(shallow || deep || laddered) {
        return;
    }
    for &chain in &s.chains {
        let chain_libs = board.liberties(chain);
        let big = board.string_size(chain) >= p.semeai_chain_min_stones;
        // In a race for a shared liberty (looked at only where it decides).
        let shares = || {
            board
                .liberty_vertices(chain)
                .any(|l| board.has_liberty(target, l))
        };
        if (chain_libs == 2 && (shallow || (laddered && big) || (deep && (big || shares()))))
            || (chain_libs == 3
                && deep
                && libs == 2
                && board.string_size(chain) >= p.semeai_chain3_min_stones)
        {
            push_new(out, board.liberty_vertices(chain));
            if depth <= p.approach_chain_depth {
                for l in board.liberty_vertices(chain) {
                    push_new(out, approach_moves(board, s.color, chain, l).into_iter());
                }
            }
        }
    }
}

/// Near the root: the liberties of any attacker string around the target
/// short of liberties.
fn break_chain34(s: &Scene, out: &mut Vec<Vertex>) {
    for &chain in &s.chains {
        if s.board.liberties(chain) <= s.params.break_chain34_max_libs {
            push_new(out, s.board.liberty_vertices(chain));
        }
    }
}

/// Attacker strings that touch the target's liberties (not the target):
/// taking their liberties makes the attacker's approach moves
/// self-ataris.
fn liberty_chain(s: &Scene, out: &mut Vec<Vertex>) {
    let board = s.board;
    let mut chains: Vec<Vertex> = Vec::new();
    for l in board.liberty_vertices(s.target) {
        for h in board.neighbour_strings(l, s.color.other()) {
            if !chains.contains(&h) {
                chains.push(h);
            }
        }
    }
    for chain in chains {
        if board.liberties(chain) <= s.params.liberty_chain_max_libs {
            push_new(out, board.liberty_vertices(chain));
        }
    }
}

/// The defender's own weak strings that touch the target's liberties:
/// extending them keeps the attacker from approaching through their
/// atari.
fn own_at_liberties(s: &Scene, out: &mut Vec<Vertex>) {
    let board = s.board;
    let p = s.params;
    let three = s.libs == 3 && s.depth <= p.own_at_three_liberties_depth;
    let mut owns: Vec<Vertex> = Vec::new();
    for l in board.liberty_vertices(s.target) {
        for h in board.neighbour_strings(l, s.color) {
            if h != board.head(s.target) && !owns.contains(&h) {
                owns.push(h);
            }
        }
    }
    for own in owns {
        if board.liberties(own) <= p.own_at_liberties_max_libs + usize::from(three) {
            push_new(out, board.liberty_vertices(own));
        }
    }
}

/// The defender's own other strings in atari next to an attacker
/// neighbour short of liberties: saving them keeps that neighbour from
/// gaining liberties by capturing them. (Scanned stone by stone: the
/// defender's strings in atari are rare, and collecting every neighbour
/// string of a big chain cost a fifth of the reader's instructions.)
fn secondary_rescue(s: &Scene, out: &mut Vec<Vertex>) {
    let board = s.board;
    for &chain in &s.chains {
        if board.liberties(chain) <= s.params.secondary_rescue_max_chain_libs {
            for stone in board.string_stones(chain) {
                for n in board.neighbours(stone) {
                    if board.cell(n) == s.color.stone() && board.liberties(n) == 1 {
                        push_new(out, board.liberty_vertices(n));
                    }
                }
            }
        }
    }
}

fn friend_rescue_row(s: &Scene, out: &mut Vec<Vertex>) {
    push_new(
        out,
        friend_rescue::friend_rescue_captures(s.board, s.target, s.color).into_iter(),
    );
}

fn defence_second_order(s: &Scene, out: &mut Vec<Vertex>) {
    for l in s.board.liberty_vertices(s.target) {
        for n in s.board.neighbours(l) {
            if s.board.cell(n) == Cell::Empty && !out.contains(&n) {
                out.push(n);
            }
        }
    }
}

// The defender's fallbacks.

/// An attacker neighbour that reading says falls, attacked at its attack
/// point, one neighbour at a time.
fn capture_chain(
    reader: &mut Reader,
    at: &FallbackTarget,
    mut best: ReadingResult,
    tried: &mut Vec<Vertex>,
) -> ReadingResult {
    let board = reader.board.board();
    let max_libs = reader.params.capture_chain_max_libs;
    let chains: Vec<Vertex> = strings_adjacent_to_string(board, at.target, at.color.other())
        .into_iter()
        .filter(|&chain| (2..=max_libs).contains(&board.liberties(chain)))
        .collect();
    for chain in chains {
        let capture = reader.do_attack(chain);
        if capture.code == Code::Win
            && let Some(m) = capture.point
        {
            best = reader.read_fallback_defences(best, vec![m], tried, at.target, at.color);
            if best.code == Code::Win {
                break;
            }
        }
    }
    best
}

/// A point that squeezes two weak attacker neighbours at once.
fn double_break_row(
    reader: &mut Reader,
    at: &FallbackTarget,
    best: ReadingResult,
    tried: &mut Vec<Vertex>,
) -> ReadingResult {
    let extra = double_break::double_break_points(
        reader.board.board(),
        at.target,
        at.color,
        reader.params.double_break_max_libs,
    );
    reader.read_fallback_defences(best, extra, tried, at.target, at.color)
}

/// The liberties of the defender's friends next to the target's
/// liberties, where those are all suicide for the attacker.
fn superstring_row(
    reader: &mut Reader,
    at: &FallbackTarget,
    best: ReadingResult,
    tried: &mut Vec<Vertex>,
) -> ReadingResult {
    let board = reader.board.board();
    if !superstring::liberties_unplayable(board, at.target, at.color.other()) {
        return best;
    }
    let extra = superstring::superstring_liberties(board, at.target, at.color, tried);
    reader.read_fallback_defences(best, extra, tried, at.target, at.color)
}

/// A semeai against a big three-liberty attacker chain.
fn big_chain_row(
    reader: &mut Reader,
    at: &FallbackTarget,
    best: ReadingResult,
    tried: &mut Vec<Vertex>,
) -> ReadingResult {
    let board = reader.board.board();
    let extra = big_chain::big_three_liberty_chain_liberties(
        board,
        at.target,
        at.color,
        reader.params.big_chain_min_stones,
        tried,
    );
    let extra = order(board, at.color, extra, |_| 0);
    reader.read_fallback_defences(best, extra, tried, at.target, at.color)
}

/// Deep in a line: an atari on a small attacker neighbour close to the
/// target's liberties or holding the last move.
fn deep_break_chain_row(
    reader: &mut Reader,
    at: &FallbackTarget,
    best: ReadingResult,
    tried: &mut Vec<Vertex>,
) -> ReadingResult {
    let extra = deep_break_chain::deep_break_chain_moves(
        reader.board.board(),
        at.target,
        at.color,
        reader.board.last_move(),
        tried,
    );
    reader.read_fallback_defences(best, extra, tried, at.target, at.color)
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
