//! The pattern passes of the influence function (manual §13.12): what
//! `barriers.db` and `influence.db` change in the inputs of the two
//! colours' fields before the propagation.
//!
//! * `barriers.db`, matched with `O` = the colour to move: class `A`
//!   (connections of `X` that stop `O`'s influence) and `D` (connections
//!   of `O` that stop `X`'s) set the stopped colour's permeability to 0 at
//!   their `,` points and multiply it by [`PatternParams::bang_permeability`]
//!   at their `!` points; class `B` (intrusions) adds a source of `O` at
//!   every `!` point; class `t` runs its action, whose `non_oterritory` /
//!   `non_xterritory` mark points where a colour gets no territory.
//! * `influence.db`, matched for both colours: class `I` adds an invasion
//!   source of `O` at `*` (for the colour to move only, unless the pattern
//!   has class `s`), with its own attenuation; class `E` adds an extra
//!   source of `O` at `*` (in the maps used for the dragons' strength; the
//!   territorial maps GTP prints have them for the colour to move only).
//!
//! A match counts when the class check passes (the dragon statuses given)
//! and its constraint holds through the caller's context
//! ([`ContextSource`]). Which constants reproduce GNU Go's printed
//! inputs, and how often, is in `docs/tuning/influence.md`.

use goban::{Board, Color};
use matcher::board::PackedBoard;
use matcher::constraint::Phase;
use matcher::context::{Context, Point};
use matcher::grid::GridMatcher;
use matcher::layer::{Callee, LayerSet};
use matcher::pattern::{ElementKind, HAVE_ACTION, HAVE_CONSTRAINT, Pattern};
use matcher::scan::{ColorMode, DragonStatus, Match, ScanOptions, Scanner, offset_point};

use super::propagate::FieldInputs;
use crate::compose::{
    LayerDb, Ledger, Lower, RecordedAction, answered_by_methods, compose_context, match_site,
};
use crate::dragons::ContextSource;

/// The constants of the pattern passes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PatternParams {
    /// A barrier's `!` point multiplies the stopped colour's permeability
    /// by this.
    pub bang_permeability: f32,
    /// An `E` source's strength is the pattern value times this.
    pub enhance_scale: f32,
    /// Whether `E` sources enter the territorial maps (for the colour to
    /// move).
    pub enhance_in_territory: bool,
    /// An `I` source's strength is the pattern value times this.
    pub invasion_scale: f32,
    /// The attenuation of an `I` source.
    pub invasion_attenuation: f32,
    /// A `B` source's strength is the pattern value; the sources of one
    /// anchor stone are scaled down together when they add up to more than
    /// this share of the anchor's strength.
    pub intrusion_budget: f32,
}

impl Default for PatternParams {
    fn default() -> PatternParams {
        PatternParams {
            bang_permeability: 0.65,
            enhance_scale: 0.2,
            enhance_in_territory: false,
            invasion_scale: 1.0,
            invasion_attenuation: 1.5,
            intrusion_budget: 0.6,
        }
    }
}

/// The two influence databases with their matchers.
pub struct InfluencePatterns<'a> {
    /// `influence.db`.
    pub influence: Option<(&'a LayerDb, GridMatcher<'a>)>,
    /// `barriers.db`.
    pub barriers: Option<(&'a LayerDb, GridMatcher<'a>)>,
}

impl<'a> InfluencePatterns<'a> {
    /// The passes over the databases given (either may be missing).
    pub fn new(influence: Option<&'a LayerDb>, barriers: Option<&'a LayerDb>) -> Self {
        InfluencePatterns {
            influence: influence.map(|db| (db, GridMatcher::new(&db.db))),
            barriers: barriers.map(|db| (db, GridMatcher::new(&db.db))),
        }
    }
}

/// Where a colour may not count territory, per point (row-major): bit
/// [`NON_TERRITORY_WHITE`] and bit [`NON_TERRITORY_BLACK`], GNU Go's
/// `non_territory` numbers.
pub type NonTerritory = Vec<u8>;

/// White gets no territory here.
pub const NON_TERRITORY_WHITE: u8 = 1;
/// Black gets no territory here.
pub const NON_TERRITORY_BLACK: u8 = 2;

/// The bit of [`NonTerritory`] for `color`.
pub fn non_territory_bit(color: Color) -> u8 {
    match color {
        Color::White => NON_TERRITORY_WHITE,
        Color::Black => NON_TERRITORY_BLACK,
    }
}

/// What the passes see of the position.
pub struct PassInputs<'s> {
    /// The board.
    pub board: &'s Board,
    /// The colour assumed to move next.
    pub to_move: Color,
    /// The dragon status of the stone at a point (for the class check).
    pub status: &'s dyn Fn(Point) -> DragonStatus,
}

/// One intrusion found by a `B` pattern: its anchor, its point (indices)
/// and the pattern value.
struct Intrusion {
    anchor: usize,
    point: usize,
    value: f32,
}

/// Runs both passes on the inputs of white's and black's fields and
/// returns the non-territory marks.
pub fn apply_patterns(
    patterns: &InfluencePatterns<'_>,
    inputs: &PassInputs<'_>,
    contexts: &mut dyn ContextSource,
    fields: [&mut FieldInputs; 2],
    params: &PatternParams,
) -> NonTerritory {
    let n = fields[0].width * fields[0].height;
    let mut non_territory = vec![0u8; n];
    let Ok(packed) = PackedBoard::try_from(inputs.board) else {
        return non_territory;
    };
    let mut pass = Pass::new(
        inputs,
        contexts,
        &packed,
        fields,
        &mut non_territory,
        params,
    );
    if let Some((db, matcher)) = &patterns.barriers {
        pass.barriers(db, matcher);
        pass.add_intrusions();
    }
    if let Some((db, matcher)) = &patterns.influence {
        pass.sources(db, matcher);
    }
    non_territory
}

/// Which `barriers.db` intrusions count in a followup influence
/// ([`apply_goal_intrusions`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GoalIntrusions {
    /// A pattern counts only when one of its points is a goal point (the
    /// move or a stone it saves: `barriers.db`'s header).
    pub goal_only: bool,
    /// A pattern with an action counts only when the action returns true
    /// (the header: "if the action returns true").
    pub action_must_hold: bool,
}

/// Adds to the field of the colour to move the `B` intrusions of that
/// colour whose pattern holds a point of `goal` (as [`GoalIntrusions`]
/// says): the followup influence's extra sources. Returns how many
/// patterns counted.
pub fn apply_goal_intrusions(
    patterns: &InfluencePatterns<'_>,
    inputs: &PassInputs<'_>,
    contexts: &mut dyn ContextSource,
    fields: [&mut FieldInputs; 2],
    goal: &dyn Fn(Point) -> bool,
    which: GoalIntrusions,
    params: &PatternParams,
) -> usize {
    let mut non_territory = Vec::new();
    let (Ok(packed), Some((db, matcher))) =
        (PackedBoard::try_from(inputs.board), &patterns.barriers)
    else {
        return 0;
    };
    let mut pass = Pass::new(
        inputs,
        contexts,
        &packed,
        fields,
        &mut non_territory,
        params,
    );
    let counted = pass.goal_intrusions(db, matcher, goal, which);
    pass.add_intrusions();
    counted
}

struct Pass<'p, 's> {
    inputs: &'p PassInputs<'s>,
    contexts: &'p mut dyn ContextSource,
    packed: &'p PackedBoard,
    white: &'p mut FieldInputs,
    black: &'p mut FieldInputs,
    non_territory: &'p mut NonTerritory,
    params: &'p PatternParams,
    intrusions: Vec<Intrusion>,
}

impl<'p, 's> Pass<'p, 's> {
    fn new(
        inputs: &'p PassInputs<'s>,
        contexts: &'p mut dyn ContextSource,
        packed: &'p PackedBoard,
        fields: [&'p mut FieldInputs; 2],
        non_territory: &'p mut NonTerritory,
        params: &'p PatternParams,
    ) -> Self {
        let [white, black] = fields;
        Pass {
            inputs,
            contexts,
            packed,
            white,
            black,
            non_territory,
            params,
            intrusions: Vec::new(),
        }
    }

    /// Adds the intrusions found, as sources of the colour to move: each
    /// the pattern value (the largest where one anchor has several on one
    /// point), the sources of one anchor scaled down together to the
    /// budget, the largest kept where several anchors meet on one point.
    fn add_intrusions(&mut self) {
        let o = self.inputs.to_move;
        let mut intrusions = std::mem::take(&mut self.intrusions);
        intrusions.sort_by(|a, b| {
            (a.anchor, a.point)
                .cmp(&(b.anchor, b.point))
                .then(b.value.total_cmp(&a.value))
        });
        intrusions.dedup_by_key(|x| (x.anchor, x.point));
        for group in intrusions.chunk_by(|a, b| a.anchor == b.anchor) {
            let budget = self.params.intrusion_budget * self.field(o).strength[group[0].anchor];
            let total: f32 = group.iter().map(|x| x.value).sum();
            let factor = if total > budget { budget / total } else { 1.0 };
            for x in group {
                let strength = x.value * factor;
                let field = self.field(o);
                field.strength[x.point] = field.strength[x.point].max(strength);
            }
        }
    }

    fn field(&mut self, color: Color) -> &mut FieldInputs {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    fn index(&self, p: Point) -> usize {
        usize::from(p.i) * self.white.width + usize::from(p.j)
    }

    /// The matches of `db` in `mode` that pass the class check.
    fn matches(&self, db: &LayerDb, matcher: &GridMatcher<'_>, mode: ColorMode) -> Vec<Match> {
        let options =
            ScanOptions::matchpat(mode, &db.db, None).with_dragon_status(self.inputs.status);
        matcher.matches(self.packed, &options)
    }

    /// Whether a stone of `color` in the match is dead (radiates nothing
    /// in its colour's field).
    fn holds_dead_stone(&self, pattern: &Pattern, m: &Match, color: Color) -> bool {
        pattern.elements.iter().any(|e| {
            offset_point(m.anchor, m.transform, e.offset, self.packed.size()).is_some_and(|p| {
                let k = self.index(p);
                let field = match color {
                    Color::White => &self.white,
                    Color::Black => &self.black,
                };
                self.packed.at(p).color() == Some(color) && field.strength[k] <= 0.0
            })
        })
    }

    /// Whether the match's constraint holds (true without one).
    fn constraint_holds(&mut self, db: &LayerDb, m: &Match) -> bool {
        let pattern = &db.db.patterns[m.pattern];
        if pattern.autohelper_flag & HAVE_CONSTRAINT == 0 {
            return true;
        }
        let site = match_site(pattern, m);
        let mut ctx = InfluenceContext::new(self.contexts.context(m.color));
        db.code
            .run(m.pattern, &mut ctx, site, Phase::Constraint)
            .is_none_or(|r| r != 0)
    }

    fn points(&self, pattern: &Pattern, m: &Match, kind: ElementKind) -> Vec<Point> {
        pattern
            .elements
            .iter()
            .filter(|e| e.kind == kind)
            .filter_map(|e| offset_point(m.anchor, m.transform, e.offset, self.packed.size()))
            .collect()
    }

    fn barriers(&mut self, db: &LayerDb, matcher: &GridMatcher<'_>) {
        let o = self.inputs.to_move;
        for m in self.matches(db, matcher, ColorMode::Color(o)) {
            let pattern = &db.db.patterns[m.pattern];
            let class = pattern.class;
            let (blocks, intrudes, marks) = (
                class.has('A') || class.has('D'),
                class.has('B'),
                class.has('t'),
            );
            // A barrier of dead stones stops nothing.
            let stopped = if class.has('A') { o } else { o.other() };
            if !(blocks || intrudes || marks)
                || (blocks && self.holds_dead_stone(pattern, &m, stopped.other()))
                || !self.constraint_holds(db, &m)
            {
                continue;
            }

            if blocks {
                let bang = self.params.bang_permeability;
                for p in self.points(pattern, &m, ElementKind::Comma) {
                    let k = self.index(p);
                    self.field(stopped).permeability[k] = 0.0;
                }
                for p in self.points(pattern, &m, ElementKind::Bang) {
                    let k = self.index(p);
                    self.field(stopped).permeability[k] *= bang;
                }
            }
            if intrudes {
                self.queue_intrusions(pattern, &m);
            }
            if marks && pattern.autohelper_flag & HAVE_ACTION != 0 {
                let site = match_site(pattern, &m);
                let mut ctx = InfluenceContext::new(self.contexts.context(o));
                db.code.run(m.pattern, &mut ctx, site, Phase::Action);
                for (p, x_side) in std::mem::take(&mut ctx.part.marks) {
                    let color = if x_side { o.other() } else { o };
                    let k = self.index(p);
                    self.non_territory[k] |= non_territory_bit(color);
                }
            }
        }
    }

    /// Whether [`GoalIntrusions`] admits the (constraint-passing) `B`
    /// match `m`: it holds a goal point, and its action returns true.
    fn admits(
        &mut self,
        db: &LayerDb,
        m: &Match,
        goal: &dyn Fn(Point) -> bool,
        which: GoalIntrusions,
    ) -> bool {
        let pattern = &db.db.patterns[m.pattern];
        let in_goal = goal(m.anchor)
            || pattern.elements.iter().any(|e| {
                offset_point(m.anchor, m.transform, e.offset, self.packed.size()).is_some_and(goal)
            });
        if which.goal_only && !in_goal {
            return false;
        }
        if which.action_must_hold && pattern.autohelper_flag & HAVE_ACTION != 0 {
            let site = match_site(pattern, m);
            let mut ctx = InfluenceContext::new(self.contexts.context(self.inputs.to_move));
            return db.code.run(m.pattern, &mut ctx, site, Phase::Action) != Some(0);
        }
        true
    }

    /// The `B` matches of the colour to move that [`GoalIntrusions`]
    /// admits, queued as intrusions; how many patterns counted.
    fn goal_intrusions(
        &mut self,
        db: &LayerDb,
        matcher: &GridMatcher<'_>,
        goal: &dyn Fn(Point) -> bool,
        which: GoalIntrusions,
    ) -> usize {
        let o = self.inputs.to_move;
        let mut counted = 0;
        for m in self.matches(db, matcher, ColorMode::Color(o)) {
            let pattern = &db.db.patterns[m.pattern];
            if !pattern.class.has('B') {
                continue;
            }
            if !self.constraint_holds(db, &m) || !self.admits(db, &m, goal, which) {
                continue;
            }
            counted += 1;
            self.queue_intrusions(pattern, &m);
        }
        counted
    }

    /// Queues an intrusion of the `B` match `m` at each of its `!` points.
    fn queue_intrusions(&mut self, pattern: &Pattern, m: &Match) {
        let anchor = self.index(m.anchor);
        for p in self.points(pattern, m, ElementKind::Bang) {
            let point = self.index(p);
            self.intrusions.push(Intrusion {
                anchor,
                point,
                value: pattern.value,
            });
        }
    }

    fn sources(&mut self, db: &LayerDb, matcher: &GridMatcher<'_>) {
        let to_move = self.inputs.to_move;
        for m in self.matches(db, matcher, ColorMode::BothColors) {
            let pattern = &db.db.patterns[m.pattern];
            let class = pattern.class;
            let (scale, attenuation) = if class.has('I') {
                if m.color != to_move && !class.has('s') {
                    continue;
                }
                (
                    self.params.invasion_scale,
                    Some(self.params.invasion_attenuation),
                )
            } else if class.has('E') {
                if !self.params.enhance_in_territory || m.color != to_move {
                    continue;
                }
                (self.params.enhance_scale, None)
            } else {
                continue;
            };
            let Some(p) = m.move_point else { continue };
            if self.packed.at(p).color().is_some() || !self.constraint_holds(db, &m) {
                continue;
            }
            let k = self.index(p);
            let field = self.field(m.color);
            field.strength[k] += pattern.value * scale;
            if let Some(attenuation) = attenuation {
                field.attenuation[k] = attenuation;
            }
        }
    }
}

/// The influence patterns' context: the non-territory actions recorded
/// here, everything else asked of the caller's context.
struct InfluenceContext<'a> {
    part: NonTerritoryPart,
    lower: Lower<'a>,
    unsupported: Vec<&'static str>,
    actions: Vec<RecordedAction>,
}

compose_context! {
    InfluenceContext<'_> {
        parts: [part, lower],
        base: lower,
        unsupported: unsupported,
        actions: actions,
    }
}

impl<'a> InfluenceContext<'a> {
    fn new(lower: &'a mut dyn Context) -> InfluenceContext<'a> {
        InfluenceContext {
            part: NonTerritoryPart::default(),
            lower: Lower(lower),
            unsupported: Vec::new(),
            actions: Vec::new(),
        }
    }
}

/// Records `non_oterritory` / `non_xterritory` (the point, and whether it
/// is `X`'s territory that is denied).
#[derive(Default)]
struct NonTerritoryPart {
    marks: Vec<(Point, bool)>,
    ledger: Ledger,
}

impl NonTerritoryPart {
    fn non_oterritory(&mut self, x: Point) {
        self.marks.push((x, false));
    }

    fn non_xterritory(&mut self, x: Point) {
        self.marks.push((x, true));
    }
}

answered_by_methods! {
    NonTerritoryPart: non_oterritory non_xterritory
}

impl Context for NonTerritoryPart {
    fn layers(&self) -> LayerSet {
        LayerSet::EMPTY
    }

    fn answers(&self, callee: Callee) -> bool {
        NonTerritoryPart::ANSWERED.contains(&callee)
    }
}
