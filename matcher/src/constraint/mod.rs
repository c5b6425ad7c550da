//! Constraint and action code at run time: the [`Program`] representation
//! a database compiled in memory carries, the interpreter that runs it over
//! a [`Context`], and the types generated code
//! shares with it ([`Site`], [`Phase`], [`AutohelperFn`], [`ConstraintFn`]),
//! and three-valued evaluation ([`Tri`]).
//!
//! Label arguments are stored as offsets from the move; at evaluation time
//! each becomes `move + T_ll(offset)` for the match's transformation `ll`.

pub mod board_context;
pub(crate) mod context_methods;
pub mod dispatch;
pub mod interpret;
pub mod program;
pub mod test_double;
pub mod trace;
pub mod tri;
pub mod value;

pub use interpret::{run, run_constraint_tri};
pub use program::{Arg, BinaryOp, CType, Expr, Function, LabelOffset, Program, Stmt, UnaryOp};
pub use trace::{Trace, TraceKind, trace_constraint};
pub use tri::Tri;
pub use value::Value;

use crate::context::{Context, Point};
use crate::layer::LayerSet;
use crate::transform::Transform;

/// Where a pattern matched, as constraint code needs it: the match's
/// transformation and its move point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Site {
    /// The transformation `ll` of the match.
    pub transform: Transform,
    /// The move point (`anchor + T_ll(move_offset)`).
    pub mov: Point,
}

impl Site {
    /// A site from a transformation and move point.
    pub const fn new(transform: Transform, mov: Point) -> Site {
        Site { transform, mov }
    }

    /// The site of a match at `anchor` with transformation `transform` for
    /// a pattern whose move is at `move_offset` from the anchor. For
    /// `*`-less (connection-mode) patterns that move may lie off the board;
    /// it is then kept modulo 256 per coordinate, which still puts every
    /// label on its board point.
    pub const fn for_match(transform: Transform, anchor: Point, move_di: i8, move_dj: i8) -> Site {
        let (ti, tj) = transform.apply(move_di as i32, move_dj as i32);
        let mov = Point::new((anchor.i as i32 + ti) as u8, (anchor.j as i32 + tj) as u8);
        Site { transform, mov }
    }

    /// The board point of a label at offset `(di, dj)` from the move:
    /// `move + T_ll(di, dj)`.
    #[inline]
    pub const fn label(&self, di: i8, dj: i8) -> Point {
        let (ti, tj) = self.transform.apply(di as i32, dj as i32);
        // Labels of a real match lie on the board; anything else wraps
        // instead of panicking.
        Point::new(
            (self.mov.i as i32 + ti) as u8,
            (self.mov.j as i32 + tj) as u8,
        )
    }
}

/// Which part of a pattern's code to run (GNU Go's `action` flag).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Evaluate the constraint (`action == 0`).
    Constraint,
    /// Run the action (`action != 0`).
    Action,
}

/// The signature of a generated autohelper function: the same contract as
/// [`run`] on the pattern's [`Program`].
pub type AutohelperFn = fn(&mut dyn Context, Site, Phase) -> i32;

/// The signature of a generated three-valued constraint function: the same
/// contract as [`run_constraint_tri`] on the pattern's [`Program`] (for a
/// pattern that has a constraint).
pub type ConstraintFn = fn(&mut dyn Context, Site) -> Tri;

/// The code `mkpat` generates for a database, indexed like its patterns.
#[derive(Debug, Clone, Copy)]
pub struct GeneratedCode {
    /// Each pattern's constraint/action function (two-valued), if any.
    pub functions: &'static [Option<AutohelperFn>],
    /// Each pattern's three-valued constraint function, if it has a
    /// constraint.
    pub constraints: &'static [Option<ConstraintFn>],
    /// Each pattern's `needs` set: the layers its constraint may ask.
    pub needs: &'static [LayerSet],
}

/// A database's constraint and action code, indexed like its patterns:
/// generated functions (a database compiled by `build.rs`) or programs run
/// by the interpreter (a database compiled at run time). Both answer alike.
#[derive(Debug, Clone)]
pub enum CodeTable {
    /// Generated Rust functions.
    Generated(GeneratedCode),
    /// Interpreted programs, `None` for patterns without code.
    Interpreted(Vec<Option<Program>>),
}

impl CodeTable {
    /// Whether pattern `index` has a constraint or an action.
    pub fn has_code(&self, index: usize) -> bool {
        match self {
            CodeTable::Generated(code) => matches!(code.functions.get(index), Some(Some(_))),
            CodeTable::Interpreted(programs) => matches!(programs.get(index), Some(Some(_))),
        }
    }

    /// Runs pattern `index`'s code (see [`run`] for what each phase does);
    /// `None` when the pattern has none (then the match stands).
    pub fn run(
        &self,
        index: usize,
        ctx: &mut dyn Context,
        site: Site,
        phase: Phase,
    ) -> Option<i32> {
        match self {
            CodeTable::Generated(code) => code
                .functions
                .get(index)
                .copied()
                .flatten()
                .map(|f| f(ctx, site, phase)),
            CodeTable::Interpreted(programs) => programs
                .get(index)?
                .as_ref()
                .map(|program| run(program, ctx, site, phase)),
        }
    }

    /// Evaluates pattern `index`'s constraint in three-valued logic (see
    /// [`run_constraint_tri`]); `None` when the pattern has no constraint.
    pub fn run_constraint_tri(
        &self,
        index: usize,
        ctx: &mut dyn Context,
        site: Site,
    ) -> Option<Tri> {
        match self {
            CodeTable::Generated(code) => code
                .constraints
                .get(index)
                .copied()
                .flatten()
                .map(|f| f(ctx, site)),
            CodeTable::Interpreted(programs) => programs
                .get(index)?
                .as_ref()
                .and_then(|program| run_constraint_tri(program, ctx, site)),
        }
    }

    /// The layers pattern `index`'s constraint may ask (empty without one).
    pub fn needs(&self, index: usize) -> LayerSet {
        match self {
            CodeTable::Generated(code) => code.needs.get(index).copied().unwrap_or_default(),
            CodeTable::Interpreted(programs) => programs
                .get(index)
                .and_then(Option::as_ref)
                .map_or(LayerSet::EMPTY, Program::constraint_needs),
        }
    }
}
