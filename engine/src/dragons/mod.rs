//! Dragons by amalgamation, GNU Go 3.8's `make_dragons` steps 1–2: every
//! worm (string) starts as its own dragon, then GNU Go's connection
//! database `conn.db` is matched for both colours (`ANCHOR_COLOR`: White,
//! then Black) in two passes:
//!
//! 1. **Cuts** (class `B` patterns; in conn.db a `B` pattern shows the
//!    opponent `X` cutting `O` at `*`): the cutting move must be safe for
//!    `X` (`safe_xmove`), the constraint must hold, and, without class
//!    `s`, every `X` string that can be captured outright (worm attack
//!    code `WIN`) must be defended by the move (`does_defend`). Then the
//!    move point and every `!` point are marked as *cutting points* for
//!    `O`'s colour; the autohelpers `xcut` / `ocut` read these marks. The
//!    one helper, CB7's `cutstone2_helper`, answers 0 and counts potential
//!    cutting stones (GNU Go's worm field `cutstone2`, see
//!    [`Dragons::cutstone2`]).
//! 2. **Connections** (every other pattern): a class `C` pattern needs two
//!    different dragons among its `O` elements; after its constraint holds,
//!    the dragons of its `O` strings that are not tactically attackable
//!    (worm attack code non-zero; any string with class `s`) are joined
//!    pairwise. The actions `amalgamate` and
//!    `amalgamate_most_valuable_helper` join dragons too. This is the only
//!    amalgamation GNU Go 3.8 does.
//!
//! Two readings of the rules were checked against GNU Go's dragons (60
//! public positions, with GNU Go's worm codes so that reading errors do
//! not interfere): only `O` elements join (joining `o` elements that hold
//! stones too makes a wrong join whose verdict was fully known), and any
//! non-zero attack code makes a string attackable (`WIN` only: 90.9% of
//! string pairs agree instead of 91.6%).
//!
//! Constraints run through a caller-given [`Context`] per colour
//! ([`ContextSource`]: the engine's context or the board-only
//! [`BoardContexts`]), composed with this layer's part (`part.rs`) so that
//! the questions the dragons answer (`xcut`, `ocut`, `same_dragon`,
//! `dragonsize`, `effective_size` and the amalgamation actions) are
//! answered from the dragons being built, and `attack` / `defend` from the
//! worms' codes when the context cannot read (GNU Go's autohelpers read the
//! worm data at the root too). Constraints
//! are evaluated in three-valued logic: what the context does not answer
//! (connection reading until it exists, influence) is *unknown*, and
//! [`UnknownPolicy`], one per pass, says what an unknown verdict (of a
//! constraint, of the `B` safety test or of the `B` defence test) does:
//! accept the match as GNU Go would if the unknown part held, or reject
//! it. Actions run two-valued. The default (unknown cuts not marked,
//! unknown connections made) agrees best with GNU Go's dragons; the
//! regression suites' `same_dragon` tests, chosen for hard cuts, prefer
//! the opposite (see `tests/all/dragons.rs` for every figure).
//!
//! A dragon's *origin*, the stone GNU Go names it by, is the origin of its
//! largest worm, the first in board order among equally large ones (found
//! from GNU Go's `dragon_data` on the 60 public positions: 589 of 589
//! dragons). Without a connection database every worm is its own dragon.
//!
//! Simplification: the dragon's effective size (for
//! `amalgamate_most_valuable_helper` and `effective_size`) is its stone
//! count, until worms carry GNU Go's effective size.

mod part;

use ::tactics::codes::Code;
use ::tactics::worms::Worm;
use goban::{Board, Color, Geometry, Vertex};
use matcher::autohelper::Autohelper;
use matcher::board::{PackedBoard, Point};
use matcher::constraint::tri;
use matcher::constraint::{CodeTable, Phase, Site, Tri, Value};
use matcher::context::Context;
use matcher::grid::GridMatcher;
use matcher::layer::{Callee, LayerSet};
use matcher::pattern::{ElementKind, HAVE_ACTION, Pattern, PatternClass, PatternDb};
use matcher::scan::{ColorMode, Match, ScanOptions, Scanner, offset_point};

pub use crate::board::BoardContexts;
use crate::compose::Ledger;
use crate::compose::{Lower, match_site};
use part::{ConnContext, DragonsPart, RootWorms, WormCodes};

/// A compiled connection database (`conn.db`, compiled with GNU Go's
/// options `-c`): its pattern tables and their constraint and action code.
#[derive(Debug, Clone)]
pub struct ConnectionPatterns {
    /// The pattern tables (borrowed when compiled into the binary).
    pub db: std::borrow::Cow<'static, PatternDb>,
    /// The constraints and actions, indexed like `db.patterns`.
    pub code: CodeTable,
}

/// Where the pattern code gets its engine answers: one [`Context`] per
/// colour (a context answers for the side `O` that a pattern was matched
/// for).
pub trait ContextSource {
    /// The context for patterns matched for `color`.
    fn context(&mut self, color: Color) -> &mut dyn Context;
}

/// The board-only contexts answer for both colours.
impl ContextSource for BoardContexts<'_> {
    fn context(&mut self, color: Color) -> &mut dyn Context {
        self.for_color(color)
    }
}

/// What an unknown verdict means for a connection-database match: a
/// constraint, safety test or defence test that depends on what the
/// context cannot answer (connection reading before it exists, influence).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum UnknownPolicy {
    /// Treat the unknown part as satisfied: the match cuts or joins.
    #[default]
    Accept,
    /// Treat the unknown part as failed: the match does nothing.
    Reject,
}

/// Options of [`make_dragons`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DragonOptions {
    /// What an unknown verdict means in the cut pass (class `B`).
    pub unknown_cuts: UnknownPolicy,
    /// What an unknown verdict means in the connection pass.
    pub unknown_connections: UnknownPolicy,
}

impl Default for DragonOptions {
    /// Unknown cuts are not marked, unknown connections are made: the
    /// choice that agrees best with GNU Go while connection reading is
    /// missing (measured in `tests/all/dragons.rs`).
    fn default() -> DragonOptions {
        DragonOptions {
            unknown_cuts: UnknownPolicy::Reject,
            unknown_connections: UnknownPolicy::Accept,
        }
    }
}

/// One dragon.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dragon {
    /// GNU Go's origin: the origin of its largest worm (the first in board
    /// order among equally large ones).
    pub origin: Vertex,
    /// Its colour.
    pub color: Color,
    /// Its stones, in board order.
    pub stones: Vec<Vertex>,
    /// The origins of its worms, in board order.
    pub worms: Vec<Vertex>,
}

/// How a match of the connection database ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A `B` pattern marked cutting points.
    Cut,
    /// A connection pattern ran (its joins are in [`Dragons::joins`]).
    Connected,
    /// A class `C` pattern found fewer than two dragons among its `O`
    /// stones.
    OneDragon,
    /// The `B` safety test failed: `X` cannot play the cut safely.
    UnsafeCut,
    /// The constraint is false.
    Constraint,
    /// The helper (`cutstone2_helper`, which always answers 0) rejected it.
    Helper,
    /// A `B` pattern's `X` string can be captured and the cut does not
    /// defend it.
    CapturableCutter,
    /// Some verdict was unknown and [`UnknownPolicy::Reject`] rejected it.
    Unknown(LayerSet),
}

/// One match of the connection database and what became of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// The pattern's name.
    pub pattern: String,
    /// The colour it was matched for.
    pub color: Color,
    /// The anchor.
    pub anchor: Vertex,
    /// GNU Go's transformation number.
    pub ll: u8,
    /// The outcome.
    pub outcome: Outcome,
    /// Layers whose unknown answers were accepted under
    /// [`UnknownPolicy::Accept`] (empty when everything was known).
    pub assumed: LayerSet,
}

/// Two dragons joined, and by which pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Join {
    /// The pattern (its class `C` join or its action).
    pub pattern: String,
    /// A stone of each dragon joined.
    pub stones: (Vertex, Vertex),
    /// The layers whose unknown answers the join assumed (empty when the
    /// pattern's verdict was known).
    pub assumed: LayerSet,
}

/// The dragons of a position.
#[derive(Debug, Clone)]
pub struct Dragons {
    geometry: Geometry,
    /// Index into `dragons` per vertex index (`u32::MAX` for no stone).
    dragon_at: Vec<u32>,
    dragons: Vec<Dragon>,
    /// Cut marks per vertex index: bit 0 Black's stones can be cut here,
    /// bit 1 White's.
    cuts: Vec<u8>,
    joins: Vec<Join>,
    decisions: Vec<Decision>,
    /// GNU Go's `cutstone2` per vertex index (of the worm there).
    cutstone2: Vec<u32>,
}

const NO_DRAGON: u32 = u32::MAX;

fn color_bit(color: Color) -> u8 {
    match color {
        Color::Black => 1,
        Color::White => 2,
    }
}

impl Dragons {
    /// Every dragon, in board order of its origin (GNU Go's order).
    pub fn dragons(&self) -> &[Dragon] {
        &self.dragons
    }

    /// The dragon of the stone at `v` (`None` for an empty point or a
    /// vertex off the board).
    pub fn dragon_of(&self, v: Vertex) -> Option<&Dragon> {
        let k = *self.dragon_at.get(v.index())?;
        (k != NO_DRAGON).then(|| &self.dragons[k as usize])
    }

    /// The origin of the dragon at `v`.
    pub fn origin(&self, v: Vertex) -> Option<Vertex> {
        self.dragon_of(v).map(|d| d.origin)
    }

    /// The stones of the dragon at `v`, in board order (empty for no
    /// stone).
    pub fn stones(&self, v: Vertex) -> &[Vertex] {
        self.dragon_of(v).map_or(&[], |d| &d.stones)
    }

    /// Whether `a` and `b` are stones of one dragon (GNU Go's
    /// `same_dragon`).
    pub fn same_dragon(&self, a: Vertex, b: Vertex) -> bool {
        match (self.dragon_of(a), self.dragon_of(b)) {
            (Some(x), Some(y)) => x.origin == y.origin,
            _ => false,
        }
    }

    /// The number of stones of the dragon at `v` (GNU Go's `dragonsize`;
    /// 0 for an empty point).
    pub fn dragonsize(&self, v: Vertex) -> usize {
        self.stones(v).len()
    }

    /// The dragon's effective size (GNU Go's `effective_size`): its stone
    /// count until worms carry GNU Go's effective sizes.
    pub fn effective_size(&self, v: Vertex) -> f32 {
        self.dragonsize(v) as f32
    }

    /// GNU Go's worm field `cutstone2` for the string at `v`: how often
    /// conn.db's `cutstone2_helper` counted it as a potential cutting
    /// stone during the cut pass (`potential_cutstone` reads it).
    pub fn cutstone2(&self, v: Vertex) -> u32 {
        self.cutstone2.get(v.index()).copied().unwrap_or(0)
    }

    /// The board geometry (to turn the matcher's points into vertices).
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The number of dragons.
    pub fn len(&self) -> usize {
        self.dragons.len()
    }

    /// Whether there is no dragon (an empty board).
    pub fn is_empty(&self) -> bool {
        self.dragons.is_empty()
    }

    /// Whether conn.db's cut pass marked `v` as a point where `color`'s
    /// stones can be cut (or their connection through `v` is inhibited).
    pub fn is_cutting_point(&self, v: Vertex, color: Color) -> bool {
        self.cuts
            .get(v.index())
            .is_some_and(|bits| bits & color_bit(color) != 0)
    }

    /// GNU Go's `xcut(v)` in a pattern matched for `o`: `X` can cut `O`'s
    /// stones at `v`.
    pub fn xcut(&self, v: Vertex, o: Color) -> bool {
        self.is_cutting_point(v, o)
    }

    /// GNU Go's `ocut(v)` in a pattern matched for `o`: `O` can cut `X`'s
    /// stones at `v`.
    pub fn ocut(&self, v: Vertex, o: Color) -> bool {
        self.is_cutting_point(v, o.other())
    }

    /// Every cutting point, in board order, with the colour whose stones
    /// can be cut there.
    pub fn cutting_points(&self) -> Vec<(Vertex, Color)> {
        let mut found = Vec::new();
        for v in self.geometry.board_vertices() {
            for color in [Color::Black, Color::White] {
                if self.is_cutting_point(v, color) {
                    found.push((v, color));
                }
            }
        }
        found
    }

    /// The joins made, in order.
    pub fn joins(&self) -> &[Join] {
        &self.joins
    }

    /// Every match of the connection database and its outcome, in GNU Go's
    /// order (cut pass, then connection pass).
    pub fn decisions(&self) -> &[Decision] {
        &self.decisions
    }
}

/// The dragons of `board`, whose worms are `worms` (from
/// [`compute_worms`](tactics::worms::compute_worms) on the same position),
/// amalgamated through the connection database `conn` (none: every worm is
/// its own dragon), whose constraints ask `contexts`.
///
/// A board the pattern matcher cannot read (not square) gets no
/// amalgamation either.
pub fn make_dragons(
    board: &Board,
    worms: &[Worm],
    conn: Option<&ConnectionPatterns>,
    contexts: &mut dyn ContextSource,
    options: DragonOptions,
) -> Dragons {
    let mut state = Amalgamation::new(board, worms);
    let codes = WormCodes::new(board.geometry(), worms);
    if let Some(conn) = conn
        && let Ok(packed) = PackedBoard::try_from(board)
    {
        let scanner = GridMatcher::new(&conn.db);
        let matches = scanner.matches(
            &packed,
            &ScanOptions::matchpat(ColorMode::AnchorColor, &conn.db, None),
        );
        let is_cut = |m: &Match| conn.db.patterns[m.pattern].class.has('B');
        let mut run = Run {
            conn,
            state: &mut state,
            codes: &codes,
            contexts,
            options,
            size: packed.size(),
        };
        for m in matches.iter().filter(|m| is_cut(m)) {
            run.cut_pattern(m);
        }
        for m in matches.iter().filter(|m| !is_cut(m)) {
            run.connection_pattern(m);
        }
    }
    state.finish()
}

/// The dragons being built: a union-find over worms.
struct Amalgamation {
    geometry: Geometry,
    /// Worm index per vertex index (`u32::MAX` for no stone).
    worm_at: Vec<u32>,
    worms: Vec<WormInfo>,
    parent: Vec<u32>,
    /// Stones per union-find root.
    stones: Vec<usize>,
    cuts: Vec<u8>,
    joins: Vec<Join>,
    decisions: Vec<Decision>,
    /// The pattern whose code is running and what its verdict assumed
    /// (for [`Join`] records).
    pattern: String,
    assumed: LayerSet,
    /// Potential cutting stone counts per worm (`cutstone2_helper`).
    cutstone2: Vec<u32>,
}

struct WormInfo {
    origin: Vertex,
    color: Color,
    stones: Vec<Vertex>,
    attack: Code,
    defense: Code,
}

impl Amalgamation {
    fn new(board: &Board, worms: &[Worm]) -> Amalgamation {
        let geometry = board.geometry();
        let mut worm_at = vec![NO_DRAGON; geometry.vertices()];
        let mut infos = Vec::with_capacity(worms.len());
        for (k, worm) in worms.iter().enumerate() {
            for s in &worm.stones {
                worm_at[s.index()] = k as u32;
            }
            let mut stones = worm.stones.clone();
            stones.sort();
            infos.push(WormInfo {
                origin: worm.origin,
                color: worm.color,
                stones,
                attack: worm.attack.code,
                defense: worm.defense.code,
            });
        }
        Amalgamation {
            geometry,
            worm_at,
            parent: (0..infos.len() as u32).collect(),
            stones: infos.iter().map(|w| w.stones.len()).collect(),
            worms: infos,
            cuts: vec![0; geometry.vertices()],
            joins: Vec::new(),
            decisions: Vec::new(),
            pattern: String::new(),
            assumed: LayerSet::EMPTY,
            cutstone2: vec![0; worms.len()],
        }
    }

    fn vertex(&self, p: Point) -> Option<Vertex> {
        self.geometry.vertex(p)
    }

    fn worm(&self, p: Point) -> Option<usize> {
        let v = self.vertex(p)?;
        let k = self.worm_at[v.index()];
        (k != NO_DRAGON).then_some(k as usize)
    }

    fn find(&mut self, worm: usize) -> usize {
        let mut root = worm;
        while self.parent[root] as usize != root {
            root = self.parent[root] as usize;
        }
        let mut k = worm;
        while self.parent[k] as usize != root {
            let next = self.parent[k] as usize;
            self.parent[k] = root as u32;
            k = next;
        }
        root
    }

    /// The dragon (union-find root) of the stone at `p`.
    fn dragon(&mut self, p: Point) -> Option<usize> {
        let worm = self.worm(p)?;
        Some(self.find(worm))
    }

    /// Joins the dragons of worms `a` and `b` (same colour only).
    fn join(&mut self, a: usize, b: usize) {
        if self.worms[a].color != self.worms[b].color {
            return;
        }
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return;
        }
        self.parent[rb] = ra as u32;
        self.stones[ra] += self.stones[rb];
        self.joins.push(Join {
            pattern: self.pattern.clone(),
            stones: (self.worms[a].origin, self.worms[b].origin),
            assumed: self.assumed,
        });
    }

    fn join_points(&mut self, a: Point, b: Point) {
        if let (Some(a), Some(b)) = (self.worm(a), self.worm(b)) {
            self.join(a, b);
        }
    }

    fn is_cut(&self, p: Point, color: Color) -> bool {
        self.vertex(p)
            .is_some_and(|v| self.cuts[v.index()] & color_bit(color) != 0)
    }

    fn mark_cut(&mut self, p: Point, color: Color) {
        if let Some(v) = self.vertex(p) {
            self.cuts[v.index()] |= color_bit(color);
        }
    }

    fn size(&mut self, p: Point) -> usize {
        self.dragon(p).map_or(0, |d| self.stones[d])
    }

    fn finish(mut self) -> Dragons {
        let mut members: Vec<Vec<usize>> = vec![Vec::new(); self.worms.len()];
        for k in 0..self.worms.len() {
            let root = self.find(k);
            members[root].push(k);
        }
        let mut dragons: Vec<Dragon> = members
            .into_iter()
            .filter(|m| !m.is_empty())
            .map(|m| {
                // The largest worm, the first in board order among ties.
                let largest = m
                    .iter()
                    .copied()
                    .max_by(|&a, &b| {
                        let (wa, wb) = (&self.worms[a], &self.worms[b]);
                        wa.stones
                            .len()
                            .cmp(&wb.stones.len())
                            .then(wb.origin.cmp(&wa.origin))
                    })
                    .expect("members are not empty");
                let mut stones: Vec<Vertex> = m
                    .iter()
                    .flat_map(|&k| self.worms[k].stones.iter().copied())
                    .collect();
                stones.sort();
                let mut worms: Vec<Vertex> = m.iter().map(|&k| self.worms[k].origin).collect();
                worms.sort();
                Dragon {
                    origin: self.worms[largest].origin,
                    color: self.worms[largest].color,
                    stones,
                    worms,
                }
            })
            .collect();
        dragons.sort_by_key(|d| d.origin);
        let mut dragon_at = vec![NO_DRAGON; self.geometry.vertices()];
        for (k, dragon) in dragons.iter().enumerate() {
            for s in &dragon.stones {
                dragon_at[s.index()] = k as u32;
            }
        }
        let mut cutstone2 = vec![0; self.geometry.vertices()];
        for (worm, &count) in self.worms.iter().zip(&self.cutstone2) {
            for s in &worm.stones {
                cutstone2[s.index()] = count;
            }
        }
        Dragons {
            cutstone2,
            geometry: self.geometry,
            dragon_at,
            dragons,
            cuts: self.cuts,
            joins: self.joins,
            decisions: self.decisions,
        }
    }
}

/// One run of the connection database over a position.
struct Run<'r> {
    conn: &'r ConnectionPatterns,
    state: &'r mut Amalgamation,
    /// The worms' codes, for `attack` / `defend` at the root.
    codes: &'r WormCodes,
    contexts: &'r mut dyn ContextSource,
    options: DragonOptions,
    size: usize,
}

/// A verdict so far: rejected at some stage, or accepted assuming the
/// unknown answers of these layers.
type Verdict = Result<LayerSet, Outcome>;

impl Run<'_> {
    fn decide(&mut self, m: &Match, verdict: Verdict, accepted: Outcome) -> bool {
        let policy = if accepted == Outcome::Cut {
            self.options.unknown_cuts
        } else {
            self.options.unknown_connections
        };
        let (outcome, assumed, accept) = match verdict {
            Ok(needs) if needs.is_empty() => (accepted, LayerSet::EMPTY, true),
            Ok(needs) => match policy {
                UnknownPolicy::Accept => (accepted, needs, true),
                UnknownPolicy::Reject => (Outcome::Unknown(needs), LayerSet::EMPTY, false),
            },
            Err(outcome) => (outcome, LayerSet::EMPTY, false),
        };
        let pattern = &self.conn.db.patterns[m.pattern];
        let anchor = self.state.geometry.vertex_unchecked(m.anchor);
        self.state.assumed = assumed;
        self.state.decisions.push(Decision {
            pattern: pattern.name.to_string(),
            color: m.color,
            anchor,
            ll: m.transform.number(),
            outcome,
            assumed,
        });
        accept
    }

    /// The points of the pattern's elements of kind `kind`, in stored
    /// order.
    fn element_points(&self, pattern: &Pattern, m: &Match, kind: ElementKind) -> Vec<Point> {
        pattern
            .elements
            .iter()
            .filter(|e| e.kind == kind)
            .filter_map(|e| offset_point(m.anchor, m.transform, e.offset, self.size))
            .collect()
    }

    /// Runs `f` with the context for the match's colour: this layer's
    /// part over the caller's context.
    fn with_context<T>(&mut self, color: Color, f: impl FnOnce(&mut ConnContext<'_>) -> T) -> T {
        let mut ctx = ConnContext {
            dragons: DragonsPart {
                state: &mut *self.state,
                o: color,
                ledger: Ledger::default(),
            },
            lower: Lower(self.contexts.context(color)),
            roots: RootWorms {
                codes: self.codes,
                ledger: Ledger::default(),
            },
            unsupported: Vec::new(),
            actions: Vec::new(),
        };
        f(&mut ctx)
    }

    /// The constraint (three-valued).
    fn constraint(&mut self, m: &Match, site: Site) -> Verdict {
        let code = &self.conn.code;
        let value = self.with_context(m.color, |ctx| code.run_constraint_tri(m.pattern, ctx, site));
        let needs = match value {
            None => LayerSet::EMPTY,
            Some(Tri::Known(v)) if !v.is_true() => return Err(Outcome::Constraint),
            Some(Tri::Known(_)) => LayerSet::EMPTY,
            Some(Tri::Unknown(needs)) => needs,
        };
        Ok(needs)
    }

    /// GNU Go's `cutstone2_helper` of a `B` match that passed the safety
    /// test and the constraint (assuming `needs`): counts potential cutting
    /// stones for the worms (`cutstone2`) and answers 0. Counted here: each
    /// `X` string that can be captured and saved (an attack and a defence),
    /// once per match (the 60 public positions: all of GNU Go's 10 non-zero
    /// counts, one worm wrong where our tactical codes differ; with GNU
    /// Go's worm codes all agree).
    fn cutstone2_helper(&mut self, m: &Match, needs: LayerSet) {
        if !needs.is_empty() && self.options.unknown_cuts == UnknownPolicy::Reject {
            return;
        }
        let pattern = &self.conn.db.patterns[m.pattern];
        for p in self.element_points(pattern, m, ElementKind::Opponent) {
            if let Some(worm) = self.state.worm(p) {
                let info = &self.state.worms[worm];
                if info.attack != Code::Fail && info.defense != Code::Fail {
                    self.state.cutstone2[worm] += 1;
                }
            }
        }
    }

    fn action(&mut self, m: &Match, site: Site) {
        let pattern = &self.conn.db.patterns[m.pattern];
        if pattern.autohelper_flag & HAVE_ACTION == 0 {
            return;
        }
        let code = &self.conn.code;
        self.with_context(m.color, |ctx| {
            code.run(m.pattern, ctx, site, Phase::Action);
        });
    }

    /// Pass 1: a `B` pattern (`X` cuts `O` at `*`).
    fn cut_pattern(&mut self, m: &Match) {
        let pattern = &self.conn.db.patterns[m.pattern];
        let site = match_site(pattern, m);
        self.state.pattern = pattern.name.to_string();
        let verdict = self.cut_verdict(m, site);
        if !self.decide(m, verdict, Outcome::Cut) {
            return;
        }
        self.action(m, site);
        let pattern = &self.conn.db.patterns[m.pattern];
        if pattern.has_move {
            self.state.mark_cut(site.mov, m.color);
        }
        for p in self.element_points(pattern, m, ElementKind::Bang) {
            self.state.mark_cut(p, m.color);
        }
    }

    fn cut_verdict(&mut self, m: &Match, site: Site) -> Verdict {
        let pattern = &self.conn.db.patterns[m.pattern];
        let mut needs = LayerSet::EMPTY;
        if pattern.has_move {
            let mov = site.mov;
            let safe = self.with_context(m.color, |ctx| {
                tri::call(ctx, Callee::Autohelper(Autohelper::SafeXmove), |ctx| {
                    Value::Int(ctx.safe_xmove(mov))
                })
            });
            match safe {
                Tri::Known(v) if !v.is_true() => return Err(Outcome::UnsafeCut),
                other => needs = needs.union(other.needs()),
            }
        }
        needs = needs.union(self.constraint(m, site)?);
        // conn.db's only helper is a `B` pattern's `cutstone2_helper`.
        if pattern.helper.is_some() {
            self.cutstone2_helper(m, needs);
            return Err(Outcome::Helper);
        }
        if !pattern.class.has('s') {
            for p in self.element_points(pattern, m, ElementKind::Opponent) {
                let Some(worm) = self.state.worm(p) else {
                    continue;
                };
                if self.state.worms[worm].attack != Code::Win {
                    continue;
                }
                let mov = site.mov;
                let defended = self.with_context(m.color, |ctx| {
                    tri::call(ctx, Callee::Autohelper(Autohelper::DoesDefend), |ctx| {
                        Value::Int(ctx.does_defend(mov, p))
                    })
                });
                match defended {
                    Tri::Known(v) if !v.is_true() => return Err(Outcome::CapturableCutter),
                    other => needs = needs.union(other.needs()),
                }
            }
        }
        Ok(needs)
    }

    /// Pass 2: every pattern that is not `B`.
    fn connection_pattern(&mut self, m: &Match) {
        let pattern = &self.conn.db.patterns[m.pattern];
        let site = match_site(pattern, m);
        self.state.pattern = pattern.name.to_string();
        let is_connection = pattern.class.has('C');
        let own = self.element_points(pattern, m, ElementKind::Own);
        if is_connection {
            let mut dragons: Vec<usize> =
                own.iter().filter_map(|&p| self.state.dragon(p)).collect();
            dragons.sort_unstable();
            dragons.dedup();
            if dragons.len() < 2 {
                self.decide(m, Err(Outcome::OneDragon), Outcome::Connected);
                return;
            }
        }
        let has_helper = pattern.helper.is_some();
        let verdict = self.constraint(m, site).and_then(|needs| {
            if has_helper {
                Err(Outcome::Helper)
            } else {
                Ok(needs)
            }
        });
        if !self.decide(m, verdict, Outcome::Connected) {
            return;
        }
        self.action(m, site);
        if !is_connection {
            return;
        }
        let sacrifice = pattern.class.0 & PatternClass::bit('s').unwrap_or(0) != 0;
        let mut previous: Option<usize> = None;
        for p in own {
            let Some(worm) = self.state.worm(p) else {
                continue;
            };
            if self.state.worms[worm].color != m.color
                || (!sacrifice && self.state.worms[worm].attack != Code::Fail)
            {
                continue;
            }
            if let Some(prev) = previous {
                self.state.join(prev, worm);
            }
            previous = Some(worm);
        }
    }
}
