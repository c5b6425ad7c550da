//! What the engine knows about one position beyond the board, computed
//! once per position and in a fixed order, each step reading the ones
//! before ([`STEPS`]): today worms (GNU Go's `make_worms`: strings with
//! their reading codes, liberties, unconditional status) and then dragons
//! (worms amalgamated through `conn.db`), then eye spaces with their half
//! eyes and values. Owl statuses, influence, move reasons and valuation
//! will slot in after them, in that order.
//!
//! [`AnalysedContext`] is the shapes check's context on an analysed
//! position: the engine's context ([`EngineContext`], reading with the
//! kept reader, `attack`/`defend` at the root from the worms' codes) with
//! the dragon questions answered from the dragons: `same_dragon`,
//! `dragonsize`, and the class test's `status` wherever the statuses the
//! analysis knows decide it ([`Analysis::class_decided`]).

use goban::{Board, Color, Geometry, Vertex};
use matcher::autohelper::Autohelper;
use matcher::context::{Context, Point};
use matcher::layer::{Callee, LayerSet};
use matcher::pattern::PatternClass;
use matcher::scan::{DragonStatus, class_can_reject, class_rejects};
use matcher::{context_layers, impl_context_layers};

use crate::context::EngineContext;
use crate::dragons::ContextSource;
use crate::dragons::{ConnectionPatterns, DragonOptions, Dragons, make_dragons};
use crate::eyes::genus::{genus, space_owner};
use crate::eyes::topology::{
    EyeTopology, HalfEye, TopologyParams, judge_eye_points, obvious_false_eye,
};
use crate::eyes::{EyeSpace, EyeSpaces, EyeValue, Recognised, UnmatchedSpaceParams, recognise};
use crate::influence::{
    DeltaError, InfluenceParams, InfluencePatterns, InitialInfluence, MoveChange, PatternParams,
    PatternPass, Region, RegionParams, StoneSafety, board_after_move, captured_with,
    territory_delta,
};
use crate::owl::{OwlInputs, OwlMatchers, OwlPatterns, OwlResult, owl_attack, owl_defend};
use crate::shapes::Candidate;
use matcher::eyes::EyePattern;
use tactics::codes::Code;
use tactics::reader::{DepthLimits, Reader};
use tactics::unconditional::UnconditionalStatus;
use tactics::worms::{Worm, compute_worms};

/// One step of the analysis of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Step {
    /// Worms: strings, liberties, attack and defence codes, unconditional
    /// status (`tactics::worms`).
    Worms,
    /// Dragons: worms amalgamated through `conn.db` (`crate::dragons`),
    /// with the statuses known without owl.
    Dragons,
    /// Eye spaces of both colours, their half and false eyes, and (with
    /// `eyes.db`'s graphs) their eye values (`crate::eyes`).
    Eyes,
    /// Owl: with the owl databases and `eyes.db`'s graphs, every dragon
    /// whose status the steps before leave open is read by the owl search
    /// (`crate::owl`): alive when it cannot be attacked, critical when it
    /// can be attacked and defended, dead otherwise.
    Owl,
    /// The initial influence with each colour to move, from the stones not
    /// known dead (`crate::influence`), with the pattern passes of
    /// `influence.db` and `barriers.db` when they are given (their
    /// constraints asked of the analysed context).
    Influence,
}

/// The steps, in the order they run; a later step may read every earlier
/// one. (Next: move reasons, valuation.)
pub const STEPS: &[Step] = &[
    Step::Worms,
    Step::Dragons,
    Step::Eyes,
    Step::Owl,
    Step::Influence,
];

/// The eye data of a position: the spaces, the judged eye points and, when
/// `eyes.db`'s graphs were given, each space's recognition.
#[derive(Debug, Clone)]
pub struct EyeData {
    /// The eye spaces of both colours.
    pub spaces: EyeSpaces,
    /// Every judged eye point (colour, point, judgement).
    pub half_eyes: Vec<(Color, Point, HalfEye)>,
    /// The recognition of each space of `spaces.spaces` (empty without
    /// graphs).
    pub values: Vec<Recognised>,
    /// The origin of the one dragon each space of `spaces.spaces` belongs
    /// to (`crate::eyes::genus::space_owner`).
    pub owners: Vec<Option<Vertex>>,
}

impl EyeData {
    fn compute(
        reader: &mut Reader,
        worms: &[Worm],
        dragons: &Dragons,
        graphs: Option<&[EyePattern]>,
    ) -> EyeData {
        let board = reader.board().board().clone();
        let spaces = EyeSpaces::new(&board, worms);
        let half_eyes = judge_eye_points(reader, worms, &spaces, TopologyParams::default());
        let rows = board.geometry().height();
        let judged_of = |color: Color| -> Vec<(Point, HalfEye)> {
            half_eyes
                .iter()
                .filter(|(c, _, _)| *c == color)
                .map(|(_, p, e)| (*p, e.clone()))
                .collect()
        };
        let judged = [judged_of(Color::Black), judged_of(Color::White)];
        let values = graphs.map_or_else(Vec::new, |graphs| {
            spaces
                .spaces
                .iter()
                .map(|space| {
                    let of_color = &judged[usize::from(space.color == Color::White)];
                    recognise(
                        graphs,
                        space,
                        rows,
                        of_color,
                        UnmatchedSpaceParams::default(),
                    )
                })
                .collect()
        });
        let owners = spaces
            .spaces
            .iter()
            .map(|space| space_owner(&board, dragons, space))
            .collect();
        EyeData {
            spaces,
            half_eyes,
            values,
            owners,
        }
    }

    /// The judgement of the eye point `p` (of the colour whose space
    /// holds it), if it was judged.
    pub fn half_eye(&self, p: Point) -> Option<&HalfEye> {
        self.half_eyes
            .iter()
            .find(|(_, q, _)| *q == p)
            .map(|(_, _, e)| e)
    }

    /// Whether `p` is in an eye space of either colour where it is
    /// marginal or not as `wanted` says.
    pub fn in_any_space(&self, p: Point, wanted: impl Fn(bool) -> bool) -> bool {
        [Color::Black, Color::White].into_iter().any(|color| {
            self.spaces.space_at(color, p).is_some_and(|space| {
                let k = space.points.iter().position(|&q| q == p);
                k.is_some_and(|k| wanted(space.marginal[k]))
            })
        })
    }

    /// Whether eye values were computed (`eyes.db`'s graphs given).
    pub fn has_values(&self) -> bool {
        self.values.len() == self.spaces.spaces.len()
    }

    /// The most eyes the space holding `p` can give, the larger over both
    /// colours (GNU Go's `max_eye_value`); `None` without values.
    pub fn max_eye_value(&self, p: Point) -> Option<u8> {
        if !self.has_values() {
            return None;
        }
        Some(
            [Color::Black, Color::White]
                .into_iter()
                .filter_map(|color| self.spaces.space_at(color, p))
                .filter_map(|space| self.value_of(space))
                .map(|r| r.value.max_eyes())
                .max()
                .unwrap_or(0),
        )
    }

    /// The recognition of `space` (one of `self.spaces.spaces`), when
    /// values were computed.
    pub fn value_of(&self, space: &EyeSpace) -> Option<&Recognised> {
        let index = self.spaces.index_at(space.color, space.origin())?;
        self.values.get(index)
    }
}

/// The analysis of one position.
#[derive(Debug, Clone)]
pub struct Analysis {
    geometry: Geometry,
    worms: Vec<Worm>,
    dragons: Dragons,
    eyes: EyeData,
    /// The dragon status known without owl, or from owl, per vertex index
    /// (`None`: not known, or no stone).
    statuses: Vec<Option<DragonStatus>>,
    /// The owl's answers per dragon origin (empty without the owl
    /// databases).
    owl: Vec<OwlAnswer>,
    /// The initial influence with black, then white, to move.
    influence: [InitialInfluence; 2],
}

/// The owl's reading of one dragon in the analysis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwlAnswer {
    /// The dragon's origin.
    pub origin: Vertex,
    /// `owl_attack`.
    pub attack: OwlResult,
    /// `owl_defend`, read when the attack succeeds.
    pub defend: Option<OwlResult>,
}

impl OwlAnswer {
    /// The status the answers give.
    pub fn status(&self) -> DragonStatus {
        match (self.attack.code, self.defend.map(|d| d.code)) {
            (Code::Fail, _) => DragonStatus::Alive,
            (_, Some(code)) if code != Code::Fail => DragonStatus::Critical,
            _ => DragonStatus::Dead,
        }
    }
}

/// The initial influence with each colour to move (black first), the
/// stones of dragons known dead and of worms captured with that colour to
/// move (`captured_with`) left out.
fn initial_influences(
    board: &Board,
    worms: &[Worm],
    statuses: &[Option<DragonStatus>],
    mut passes: Option<(&InfluencePatterns<'_>, &mut dyn ContextSource)>,
) -> [InitialInfluence; 2] {
    let geometry = board.geometry();
    let params = InfluenceParams::default();
    let status = |p: Point| {
        geometry
            .vertex(p)
            .and_then(|v| statuses.get(v.index()).copied().flatten())
            .unwrap_or(DragonStatus::Unknown)
    };
    [Color::Black, Color::White].map(|to_move| {
        let mut dead = vec![false; geometry.vertices()];
        for worm in worms.iter().filter(|w| captured_with(w, to_move)) {
            for &v in &worm.stones {
                dead[v.index()] = true;
            }
        }
        let safety = |p: Point| {
            let dead = geometry.vertex(p).is_some_and(|v| {
                dead[v.index()]
                    || statuses.get(v.index()).copied().flatten() == Some(DragonStatus::Dead)
            });
            StoneSafety {
                dead,
                ..StoneSafety::ALIVE
            }
        };
        let pass = passes.as_mut().map(|(patterns, contexts)| PatternPass {
            patterns,
            contexts: &mut **contexts,
            status: &status,
            params: PatternParams::default(),
        });
        InitialInfluence::compute_with(board, to_move, &safety, &params, pass)
    })
}

/// The engine's contexts of both colours (black, white) on one reader's
/// position, for the passes' constraints where there is no analysis.
pub struct EngineContexts(pub [EngineContext; 2]);

impl EngineContexts {
    /// Contexts of both colours, each reading on its own copy of `reader`.
    pub fn new(reader: &Reader) -> EngineContexts {
        EngineContexts(
            [Color::Black, Color::White]
                .map(|color| EngineContext::with_reader(reader.clone(), color)),
        )
    }
}

impl ContextSource for EngineContexts {
    fn context(&mut self, color: Color) -> &mut dyn Context {
        &mut self.0[usize::from(color == Color::White)]
    }
}

/// The analysed contexts of both colours, for the influence patterns.
struct AnalysedContexts<'a> {
    black: AnalysedContext<'a>,
    white: AnalysedContext<'a>,
}

impl ContextSource for AnalysedContexts<'_> {
    fn context(&mut self, color: Color) -> &mut dyn Context {
        match color {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }
}

impl Analysis {
    /// Runs every step of [`STEPS`] on the reader's current position (its
    /// table serves the reading; the reader is left as it was found).
    pub fn compute(
        reader: &mut Reader,
        conn: Option<&ConnectionPatterns>,
        eye_graphs: Option<&[EyePattern]>,
        owl: Option<&OwlPatterns>,
        influence_patterns: Option<&InfluencePatterns<'_>>,
        options: DragonOptions,
    ) -> Analysis {
        let mut worms = Vec::new();
        let mut dragons = None;
        let mut eyes = None;
        let mut statuses = Vec::new();
        let mut owl_answers = Vec::new();
        let mut influence = None;
        let board = reader.board().board().clone();
        for step in STEPS {
            match step {
                Step::Worms => worms = compute_worms(reader),
                Step::Dragons => {
                    // The context reads on its own copy of the reader (and
                    // its table).
                    let mut context = EngineContext::with_reader(reader.clone(), Color::Black);
                    dragons = Some(make_dragons(&board, &worms, conn, &mut context, options));
                }
                Step::Eyes => {
                    let dragons = dragons.as_ref().expect("dragons come before eyes");
                    eyes = Some(EyeData::compute(reader, &worms, dragons, eye_graphs));
                }
                Step::Owl => {
                    let dragons = dragons.as_ref().expect("dragons come before owl");
                    statuses = known_statuses(&board, &worms, dragons);
                    if let (Some(owl), Some(graphs)) = (owl, eye_graphs) {
                        owl_answers =
                            read_open_dragons(reader, dragons, &mut statuses, owl, graphs);
                    }
                }
                Step::Influence => {
                    influence = Some(initial_influences(&board, &worms, &statuses, None));
                }
            }
        }
        let dragons = dragons.expect("STEPS builds dragons");
        let eyes = eyes.expect("STEPS finds eye spaces");
        let influence = influence.expect("STEPS computes the influence");
        let mut analysis = Analysis {
            geometry: board.geometry(),
            worms,
            dragons,
            eyes,
            statuses,
            owl: owl_answers,
            influence,
        };
        if let Some(patterns) = influence_patterns {
            analysis.influence = analysis.pattern_influences(reader, &board, patterns);
        }
        analysis
    }

    /// The initial influences with the pattern passes, their constraints
    /// asked of the analysed contexts (this analysis, its influence from
    /// the stones alone).
    fn pattern_influences(
        &self,
        reader: &Reader,
        board: &Board,
        patterns: &InfluencePatterns<'_>,
    ) -> [InitialInfluence; 2] {
        let engine_context = |color: Color| {
            let mut ctx = EngineContext::with_reader(reader.clone(), color);
            ctx.set_worms(&self.worms);
            ctx
        };
        let (mut black, mut white) = (engine_context(Color::Black), engine_context(Color::White));
        let mut contexts = AnalysedContexts {
            black: AnalysedContext::new(&mut black, self),
            white: AnalysedContext::new(&mut white, self),
        };
        initial_influences(
            board,
            &self.worms,
            &self.statuses,
            Some((patterns, &mut contexts)),
        )
    }

    /// The owl's answers for the dragon at `v`, when the analysis read it.
    pub fn owl(&self, v: Vertex) -> Option<&OwlAnswer> {
        let origin = self.dragons.origin(v)?;
        self.owl.iter().find(|a| a.origin == origin)
    }

    /// The eye spaces, half eyes and eye values.
    pub fn eyes(&self) -> &EyeData {
        &self.eyes
    }

    /// The genus of the dragon at `v` (its eye spaces' values added),
    /// when eye values were computed (`eyes.db`'s graphs given).
    pub fn genus(&self, v: Vertex) -> Option<EyeValue> {
        let dragon = self.dragons.origin(v)?;
        if !self.eyes.has_values() {
            return None;
        }
        let values = self.eyes.values.iter().map(|r| r.value);
        Some(genus(self.eyes.owners.iter().copied().zip(values), dragon))
    }

    /// The initial influence with `to_move` next (GTP `initial_influence`).
    pub fn influence(&self, to_move: Color) -> &InitialInfluence {
        &self.influence[usize::from(to_move == Color::White)]
    }

    /// The territorial value of `change` for the mover (GNU Go's
    /// `influence_delta_territory`): the initial influence with the
    /// opponent to move against the one after the move, again with the
    /// opponent to move, the pattern passes of `patterns` applied to both,
    /// their constraints read on the board after the move with `limits`.
    /// The stones keep this analysis's verdicts but for `change`'s.
    /// `board` is the analysed position.
    pub fn move_territory_delta(
        &self,
        board: &Board,
        change: &MoveChange<'_>,
        patterns: &InfluencePatterns<'_>,
        limits: DepthLimits,
    ) -> Result<f32, DeltaError> {
        let before = self.influence(change.color.other());
        let width = self.geometry.width();
        let dead_before = |p: Point| {
            before.stones[usize::from(p.i) * width + usize::from(p.j)].is_some_and(|(_, dead)| dead)
        };
        let (after, dead) = board_after_move(board, change, &dead_before)?;
        let dead_at = |p: Point| dead[usize::from(p.i) * width + usize::from(p.j)];
        let status = |p: Point| match after.at(p).color() {
            Some(_) if dead_at(p) => DragonStatus::Dead,
            Some(_) => DragonStatus::Alive,
            None => DragonStatus::Unknown,
        };
        let safety = |p: Point| StoneSafety {
            dead: dead_at(p),
            ..StoneSafety::ALIVE
        };
        let mut reader = Reader::new(after.clone(), None);
        reader.set_limits(limits);
        let mut contexts = EngineContexts::new(&reader);
        let pass = PatternPass {
            patterns,
            contexts: &mut contexts,
            status: &status,
            params: PatternParams::default(),
        };
        let params = InfluenceParams::default();
        let opponent = change.color.other();
        let after = InitialInfluence::compute_with(&after, opponent, &safety, &params, Some(pass));
        Ok(territory_delta(before, &after, change.color))
    }

    /// The worms, in board order of their origins.
    pub fn worms(&self) -> &[Worm] {
        &self.worms
    }

    /// The dragons.
    pub fn dragons(&self) -> &Dragons {
        &self.dragons
    }

    /// The status of the dragon at `v` as far as it is known without owl:
    /// alive when it holds an unconditionally alive worm, dead when it
    /// holds an unconditionally dead one or is one worm that can be
    /// captured and not defended; `None` otherwise (and for empty points).
    pub fn status(&self, v: Vertex) -> Option<DragonStatus> {
        self.statuses.get(v.index()).copied().flatten()
    }

    fn status_at(&self, p: Point) -> Option<DragonStatus> {
        self.status(self.geometry.vertex(p)?)
    }

    /// Whether the known statuses decide the class test of `candidate`
    /// (matched for `candidate.color` on `board`, the analysed position):
    /// some stone's known status rejects it, or every stone whose status
    /// could reject it has a known status.
    pub fn class_decided(&self, board: &Board, candidate: &Candidate<'_>) -> bool {
        let class = candidate.pattern.class;
        let Some(anchor) = candidate.anchor else {
            return true;
        };
        if class.0 & PatternClass::STATUS_BITS == 0 {
            return true;
        }
        let mut all_known = true;
        for e in candidate.pattern.elements.iter() {
            let (di, dj) = candidate
                .site
                .transform
                .apply(i32::from(e.offset.di), i32::from(e.offset.dj));
            let (i, j) = (i32::from(anchor.i) + di, i32::from(anchor.j) + dj);
            let (Ok(i), Ok(j)) = (u8::try_from(i), u8::try_from(j)) else {
                continue;
            };
            let p = Point::new(i, j);
            let Some(v) = self.geometry.vertex(p) else {
                continue;
            };
            let Some(stone) = board.cell(v).color() else {
                continue;
            };
            let own = stone == candidate.color;
            let could_reject = class_can_reject(class, own);
            if !could_reject {
                continue;
            }
            match self.status_at(p) {
                Some(status) if class_rejects(class, own, status) => return true,
                Some(_) => {}
                None => all_known = false,
            }
        }
        all_known
    }
}

/// Reads every dragon whose status `statuses` leaves open with the owl
/// (on a copy of the reader: its table serves, the analysis's reader is
/// left as it was), records the status it gives, and returns the answers
/// in dragon order.
fn read_open_dragons(
    reader: &Reader,
    dragons: &Dragons,
    statuses: &mut [Option<DragonStatus>],
    owl: &OwlPatterns,
    graphs: &[EyePattern],
) -> Vec<OwlAnswer> {
    let matchers = OwlMatchers::new(owl);
    let inputs = OwlInputs::new(owl, &matchers, graphs);
    let mut context = EngineContext::with_reader(reader.clone(), Color::Black);
    let mut answers = Vec::new();
    for dragon in dragons.dragons() {
        let Some(&first) = dragon.stones.first() else {
            continue;
        };
        if statuses[first.index()].is_some() {
            continue;
        }
        let attack = owl_attack(&mut context, inputs, &dragon.stones);
        let defend =
            (attack.code != Code::Fail).then(|| owl_defend(&mut context, inputs, &dragon.stones));
        let answer = OwlAnswer {
            origin: dragon.origin,
            attack,
            defend,
        };
        for &v in &dragon.stones {
            statuses[v.index()] = Some(answer.status());
        }
        answers.push(answer);
    }
    answers
}

/// The statuses known without owl, per vertex index.
fn known_statuses(board: &Board, worms: &[Worm], dragons: &Dragons) -> Vec<Option<DragonStatus>> {
    let geometry = board.geometry();
    let mut statuses = vec![None; geometry.vertices()];
    for dragon in dragons.dragons() {
        let members: Vec<&Worm> = worms
            .iter()
            .filter(|w| dragon.worms.contains(&w.origin))
            .collect();
        let alive = members
            .iter()
            .any(|w| w.unconditional_status == UnconditionalStatus::Alive);
        let dead = members
            .iter()
            .any(|w| w.unconditional_status == UnconditionalStatus::Dead)
            || matches!(
                members.as_slice(),
                [w] if w.attack.code == Code::Win && w.defense.code == Code::Fail
            );
        let status = match (alive, dead) {
            (true, false) => Some(DragonStatus::Alive),
            (false, true) => Some(DragonStatus::Dead),
            _ => None,
        };
        for &v in &dragon.stones {
            statuses[v.index()] = status;
        }
    }
    statuses
}

/// GNU Go's code for a dragon status, as the `status` autohelper returns
/// it (`crate::shapes` reads it back).
fn status_code(status: Option<DragonStatus>) -> i32 {
    match status {
        Some(DragonStatus::Dead) => 0,
        Some(DragonStatus::Alive) => 1,
        Some(DragonStatus::Critical) => 2,
        Some(DragonStatus::Unknown) | None => 3,
    }
}

/// The shapes check's context on an analysed position (see the module
/// documentation). Make one per candidate with
/// [`AnalysedContext::for_candidate`], or with [`AnalysedContext::new`]
/// for questions that are not a class test.
pub struct AnalysedContext<'a> {
    inner: &'a mut EngineContext,
    analysis: &'a Analysis,
    /// Whether `status` is answered (the class test of the candidate being
    /// judged is decided by the known statuses).
    status_known: bool,
}

impl<'a> AnalysedContext<'a> {
    /// The context over `inner` (a context on the analysed position, with
    /// the analysis's worms set), `status` left unknown.
    pub fn new(inner: &'a mut EngineContext, analysis: &'a Analysis) -> AnalysedContext<'a> {
        AnalysedContext {
            inner,
            analysis,
            status_known: false,
        }
    }

    /// The context for judging `candidate`: `status` is answered when the
    /// known statuses decide its class test.
    pub fn for_candidate(
        inner: &'a mut EngineContext,
        analysis: &'a Analysis,
        candidate: &Candidate<'_>,
    ) -> AnalysedContext<'a> {
        let status_known = analysis.class_decided(inner.board(), candidate);
        AnalysedContext {
            inner,
            analysis,
            status_known,
        }
    }

    /// 1 when `holder` holds `p` at least as `region` in the initial
    /// influence with `to_move` next, else 0 (sides relative to the
    /// pattern's colour `O`).
    fn region_at_least(&self, p: Point, to_move: Side, holder: Side, region: Region) -> i32 {
        let o = self.inner.color();
        let color = |side| if side == Side::O { o } else { o.other() };
        let map = self.analysis.influence(color(to_move));
        i32::from(map.region(color(holder), p, &RegionParams::default()) >= region)
    }

    fn dragon_index(&self, p: Point) -> Option<Vertex> {
        let v = self.analysis.geometry.vertex(p)?;
        self.analysis.dragons.origin(v)
    }
}

macro_rules! analysed_method {
    (fn status $($signature:tt)*) => {
        fn status(&mut self, x: Point) -> i32 {
            status_code(self.analysis.status_at(x))
        }
    };
    (fn same_dragon $($signature:tt)*) => {
        fn same_dragon(&mut self, a: Point, b: Point) -> i32 {
            match (self.dragon_index(a), self.dragon_index(b)) {
                (Some(x), Some(y)) => i32::from(x == y),
                _ => 0,
            }
        }
    };
    (fn dragonsize $($signature:tt)*) => {
        fn dragonsize(&mut self, x: Point) -> i32 {
            self.analysis
                .geometry
                .vertex(x)
                .map_or(0, |v| i32::try_from(self.analysis.dragons.dragonsize(v)).unwrap_or(i32::MAX))
        }
    };
    (fn eye $($signature:tt)*) => {
        fn eye(&mut self, x: Point) -> i32 {
            i32::from(self.analysis.eyes.in_any_space(x, |_| true))
        }
    };
    (fn proper_eye $($signature:tt)*) => {
        fn proper_eye(&mut self, x: Point) -> i32 {
            i32::from(self.analysis.eyes.in_any_space(x, |marginal| !marginal))
        }
    };
    (fn marginal_eye $($signature:tt)*) => {
        fn marginal_eye(&mut self, x: Point) -> i32 {
            i32::from(self.analysis.eyes.in_any_space(x, |marginal| marginal))
        }
    };
    (fn halfeye $($signature:tt)*) => {
        fn halfeye(&mut self, x: Point) -> i32 {
            i32::from(
                self.analysis
                    .eyes
                    .half_eye(x)
                    .is_some_and(|e| e.topology == EyeTopology::Half),
            )
        }
    };
    (fn max_eye_value $($signature:tt)*) => {
        fn max_eye_value(&mut self, x: Point) -> i32 {
            i32::from(self.analysis.eyes.max_eye_value(x).unwrap_or(0))
        }
    };
    (fn obvious_false_oeye $($signature:tt)*) => {
        fn obvious_false_oeye(&mut self, x: Point) -> i32 {
            let o = self.inner.color();
            i32::from(obvious_false_eye(self.inner.board(), &self.analysis.worms, x, o))
        }
    };
    (fn obvious_false_xeye $($signature:tt)*) => {
        fn obvious_false_xeye(&mut self, x: Point) -> i32 {
            let x_color = self.inner.color().other();
            i32::from(obvious_false_eye(self.inner.board(), &self.analysis.worms, x, x_color))
        }
    };
    (fn xmoyo $($signature:tt)*) => {
        fn xmoyo(&mut self, x: Point) -> i32 {
            self.region_at_least(x, Side::X, Side::X, Region::Moyo)
        }
    };
    (fn omoyo $($signature:tt)*) => {
        fn omoyo(&mut self, x: Point) -> i32 {
            self.region_at_least(x, Side::X, Side::O, Region::Moyo)
        }
    };
    (fn xmoyo_opposite $($signature:tt)*) => {
        fn xmoyo_opposite(&mut self, x: Point) -> i32 {
            self.region_at_least(x, Side::O, Side::X, Region::Moyo)
        }
    };
    (fn omoyo_opposite $($signature:tt)*) => {
        fn omoyo_opposite(&mut self, x: Point) -> i32 {
            self.region_at_least(x, Side::O, Side::O, Region::Moyo)
        }
    };
    (fn xarea $($signature:tt)*) => {
        fn xarea(&mut self, x: Point) -> i32 {
            self.region_at_least(x, Side::X, Side::X, Region::Area)
        }
    };
    (fn oarea $($signature:tt)*) => {
        fn oarea(&mut self, x: Point) -> i32 {
            self.region_at_least(x, Side::X, Side::O, Region::Area)
        }
    };
    (fn $name:ident($($argument:ident: $type:ty),*) $(-> $result:ty)?) => {
        fn $name(&mut self, $($argument: $type),*) $(-> $result)? {
            self.inner.$name($($argument),*)
        }
    };
}

context_layers!(impl_context_layers, AnalysedContext<'_>, analysed_method);

/// A pattern side: its colour `O` or the other, `X`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    O,
    X,
}

/// The dragon, eye-space and influence questions the analysis answers
/// whatever the candidate (`max_eye_value` only with eye values).
const DRAGON_ANSWERS: [Autohelper; 14] = [
    Autohelper::SameDragon,
    Autohelper::Dragonsize,
    Autohelper::Eye,
    Autohelper::ProperEye,
    Autohelper::MarginalEye,
    Autohelper::Halfeye,
    Autohelper::ObviousFalseOeye,
    Autohelper::ObviousFalseXeye,
    Autohelper::Xmoyo,
    Autohelper::Omoyo,
    Autohelper::XmoyoOpposite,
    Autohelper::OmoyoOpposite,
    Autohelper::Xarea,
    Autohelper::Oarea,
];

impl Context for AnalysedContext<'_> {
    fn layers(&self) -> LayerSet {
        self.inner.layers()
    }

    fn answers(&self, callee: Callee) -> bool {
        match callee {
            Callee::Autohelper(Autohelper::Status) => self.status_known,
            Callee::Autohelper(Autohelper::MaxEyeValue) => self.analysis.eyes.has_values(),
            Callee::Autohelper(f) if DRAGON_ANSWERS.contains(&f) => true,
            _ => self.inner.answers(callee),
        }
    }

    fn stones_on_board(&self, color: Color) -> Option<usize> {
        self.inner.stones_on_board(color)
    }
}
