//! The owl's part of the context, and the context the owl databases' code
//! sees at a node ([`OwlContext`]): a composite (see [`crate::compose`])
//! of, highest first,
//!
//! 1. [`OwlPart`]: the owl-internal questions, answered from this node's
//!    data (`owl_escape_value`, `owl_goal_dragon`, `owl_eyespace`,
//!    `owl_big_eyespace`, `owl_mineye`, `owl_maxeye`, `owl_proper_eye`,
//!    `owl_eye_size`, `owl_lunch`, `owl_topological_eye`) and the pattern's
//!    `value`;
//! 2. the host's context on the node's board ([`Lower`]): board, strings,
//!    tactics and connection reading, and as the base everything nobody
//!    answers (answered 0).

use goban::{Board, Geometry};
use matcher::context::{Context, Point};
use matcher::layer::{Callee, LayerSet};

use super::escape::EscapeValues;
use super::goal::Goal;
use super::node::NodeEstimate;
use crate::compose::{Ledger, Lower, RecordedAction, answered_by_methods, compose_context};
use crate::eyes::topology::EyeTopology;

/// The context the owl databases' code sees at a node.
pub struct OwlContext<'a> {
    /// The owl's own questions.
    pub owl: OwlPart<'a>,
    /// The host's context on the node's board.
    pub lower: Lower<'a>,
    /// What the parts could not answer.
    pub unsupported: Vec<&'static str>,
    /// Actions asked for (recorded, not executed).
    pub actions: Vec<RecordedAction>,
}

compose_context! {
    OwlContext<'_> {
        parts: [owl, lower],
        base: lower,
        unsupported: unsupported,
        actions: actions,
    }
}

impl<'a> OwlContext<'a> {
    /// The context over `owl`'s node data and the host's `lower` context.
    pub fn new(owl: OwlPart<'a>, lower: &'a mut dyn Context) -> OwlContext<'a> {
        OwlContext {
            owl,
            lower: Lower(lower),
            unsupported: Vec::new(),
            actions: Vec::new(),
        }
    }
}

/// The owl data of one node.
pub struct OwlPart<'a> {
    /// The node's board.
    pub board: &'a Board,
    /// The goal.
    pub goal: &'a Goal,
    /// The node's estimate.
    pub estimate: &'a NodeEstimate,
    /// The search's escape values.
    pub escape: &'a EscapeValues,
    /// The value of the pattern being evaluated.
    pub value: f32,
    /// Questions it could not answer.
    pub ledger: Ledger,
}

impl OwlPart<'_> {
    fn geometry(&self) -> Geometry {
        self.board.geometry()
    }

    /// The (min, max) eyes of the goal's space holding `x`.
    fn eyes_at(&self, x: Point) -> Option<(u8, u8)> {
        self.estimate
            .value_at(x)
            .map(|r| (r.value.min_eyes(), r.value.max_eyes()))
    }

    /// The defender's space holding `x`, with the index of `x` in it.
    fn space_point(&self, x: Point) -> Option<(&crate::eyes::EyeSpace, usize)> {
        let space = self.estimate.spaces.space_at(self.goal.color(), x)?;
        let k = space.points.iter().position(|&q| q == x)?;
        Some((space, k))
    }

    fn owl_escape_value(&mut self, x: Point) -> i32 {
        self.geometry()
            .vertex(x)
            .map_or(0, |v| self.escape.at(self.goal, v))
    }

    fn owl_goal_dragon(&mut self, x: Point) -> i32 {
        i32::from(
            self.geometry()
                .vertex(x)
                .is_some_and(|v| self.goal.contains(v)),
        )
    }

    fn owl_eyespace(&mut self, x: Point) -> i32 {
        i32::from(self.eyes_at(x).is_some_and(|(_, max)| max >= 1))
    }

    fn owl_big_eyespace(&mut self, x: Point) -> i32 {
        i32::from(self.eyes_at(x).is_some_and(|(_, max)| max >= 2))
    }

    fn owl_mineye(&mut self, x: Point) -> i32 {
        self.eyes_at(x).map_or(0, |(min, _)| i32::from(min))
    }

    fn owl_maxeye(&mut self, x: Point) -> i32 {
        self.eyes_at(x).map_or(0, |(_, max)| i32::from(max))
    }

    fn owl_proper_eye(&mut self, x: Point) -> i32 {
        i32::from(
            self.space_point(x)
                .is_some_and(|(space, k)| !space.marginal[k]),
        )
    }

    fn owl_eye_size(&mut self, x: Point) -> i32 {
        self.space_point(x).map_or(0, |(space, _)| {
            i32::try_from(space.points.len() - space.marginal_count()).unwrap_or(0)
        })
    }

    fn owl_lunch(&mut self, x: Point) -> i32 {
        let Some(v) = self.geometry().vertex(x) else {
            return 0;
        };
        i32::from(self.board.cell(v).color().is_some() && self.estimate.is_lunch(self.board, v))
    }

    /// GNU Go's topological eye value of `x` for the colour of the stone
    /// at `s`, rounded: 2 or less a true eye, 3 a half eye, 4 or more a
    /// false eye; a point that is no eye point of that colour counts as a
    /// true eye.
    fn owl_topological_eye(&mut self, x: Point, s: Point) -> i32 {
        let Some(color) = self
            .geometry()
            .vertex(s)
            .and_then(|v| self.board.cell(v).color())
        else {
            return 0;
        };
        if color != self.estimate.color {
            return 0;
        }
        let judged = self.estimate.judged.iter().find(|(p, _)| *p == x);
        match judged.map(|(_, e)| e) {
            None => 0,
            Some(e) => match e.topology {
                EyeTopology::Proper => 2,
                EyeTopology::Half => 3,
                EyeTopology::False => (e.value.floor() as i32).max(4),
            },
        }
    }

    fn value(&mut self) -> f32 {
        self.value
    }
}

// The questions the owl part answers, by the inherent methods above.
answered_by_methods! {
    OwlPart<'_>:
    owl_escape_value owl_goal_dragon owl_eyespace owl_big_eyespace owl_mineye owl_maxeye
    owl_proper_eye owl_eye_size owl_lunch owl_topological_eye value
}

impl Context for OwlPart<'_> {
    /// No whole layer: the owl's questions at one node.
    fn layers(&self) -> LayerSet {
        LayerSet::EMPTY
    }

    fn answers(&self, callee: Callee) -> bool {
        OwlPart::ANSWERED.contains(&callee)
    }
}
