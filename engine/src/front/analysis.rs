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
use matcher::helpers::HelperRegistry;
use matcher::layer::{Callee, LayerSet};
use matcher::pattern::PatternClass;
use matcher::scan::{DragonStatus, class_can_reject, class_rejects};
use matcher::{context_layers, impl_context_layers};

use super::dragon_data::{DragonDataParams, DragonInfo, DragonInputs, dragon_infos};
use crate::context::EngineContext;
use crate::dragons::ContextSource;
use crate::dragons::{ConnectionPatterns, Dragon, DragonOptions, Dragons, make_dragons};
use crate::eyes::genus::{genus, space_owner};
use crate::eyes::topology::{
    EyeTopology, HalfEye, TopologyParams, judge_eye_points, obvious_false_eye,
};
use crate::eyes::{EyeSpace, EyeSpaces, EyeValue, Recognised, UnmatchedSpaceParams, recognise};
use crate::influence::{
    DeltaError, FollowupInputs, FollowupParams, InfluenceParams, InfluencePatterns,
    InitialInfluence, MoveChange, PatternParams, PatternPass, Region, RegionParams, StoneSafety,
    board_after_move, captured_with, followup_influence, followup_value, territory_delta,
};
use crate::owl::semeai::{SemeaiPair, SemeaiParams, SemeaiVerdict, read_semeais};
use crate::owl::{
    OwlInputs, OwlMatchers, OwlParams, OwlPatterns, OwlResult, owl_attack, owl_defend,
};
use crate::shapes::Candidate;
use matcher::eyes::EyePattern;
use rayon::prelude::*;
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
    /// Semeai: where [`SemeaiParams::revise_statuses`] says so (off by
    /// default), every pair of adjacent dragons of opposite colours, both
    /// critical or dead, read as a capturing race both ways
    /// (`crate::owl::semeai`) and their statuses revised.
    Semeai,
    /// The initial influence with each colour to move, from the stones not
    /// known dead (`crate::influence`), with the pattern passes of
    /// `influence.db` and `barriers.db` when they are given (their
    /// constraints asked of the analysed context).
    Influence,
    /// Each dragon's data (GNU Go's `dragon_data`: genus, escape route,
    /// lunch, crude status, weaknesses, safety; `super::dragon_data`).
    DragonData,
}

/// The steps, in the order they run; a later step may read every earlier
/// one. (Next: move reasons, valuation.)
pub const STEPS: &[Step] = &[
    Step::Worms,
    Step::Dragons,
    Step::Eyes,
    Step::Owl,
    Step::Semeai,
    Step::Influence,
    Step::DragonData,
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
    /// Each dragon's data, in board order of the origins.
    infos: Vec<DragonInfo>,
    /// The rules the dragon data was computed with.
    dragon_params: DragonDataParams,
    /// Whether every dragon's status is known.
    statuses_complete: bool,
    /// The capturing races read.
    semeais: Vec<SemeaiPair>,
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
        rules: AnalysisRules,
    ) -> Analysis {
        let AnalysisRules {
            dragons: options,
            owl: owl_reading,
            dragon_data: dragon_params,
        } = rules;
        let mut worms = Vec::new();
        let mut dragons = None;
        let mut eyes = None;
        let mut statuses = Vec::new();
        let mut owl_answers = Vec::new();
        let mut influence = None;
        let mut infos = Vec::new();
        let mut semeais = Vec::new();
        let semeai_params = SemeaiParams::default();
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
                        owl_answers = read_open_dragons(
                            reader,
                            dragons,
                            &mut statuses,
                            owl,
                            graphs,
                            owl_reading,
                        );
                    }
                }
                Step::Semeai => {
                    let dragons = dragons.as_ref().expect("dragons come before semeai");
                    semeais = revise_by_semeai(reader, dragons, &mut statuses, semeai_params);
                }
                Step::Influence => {
                    influence = Some(initial_influences(&board, &worms, &statuses, None));
                }
                Step::DragonData => {
                    let dragons = dragons.as_ref().expect("dragons come before their data");
                    let eyes = eyes.as_ref().expect("eyes come before the dragon data");
                    let genus = |origin: Vertex| dragon_genus(eyes, origin);
                    infos = dragon_infos(
                        &DragonInputs {
                            board: &board,
                            worms: &worms,
                            dragons,
                            eyes,
                            genus: &genus,
                            statuses: &statuses,
                            owl: &owl_answers,
                            influence: influence.as_ref(),
                        },
                        &dragon_params,
                    );
                }
            }
        }
        let dragons = dragons.expect("STEPS builds dragons");
        let eyes = eyes.expect("STEPS finds eye spaces");
        let influence = influence.expect("STEPS computes the influence");
        let statuses_complete = dragons.dragons().iter().all(|d| {
            d.stones
                .first()
                .is_some_and(|s| statuses[s.index()].is_some())
        });
        let mut analysis = Analysis {
            statuses_complete,
            geometry: board.geometry(),
            worms,
            dragons,
            eyes,
            statuses,
            owl: owl_answers,
            influence,
            infos,
            dragon_params,
            semeais,
        };
        if let Some(patterns) = influence_patterns {
            analysis.influence = analysis.pattern_influences(reader, &board, patterns);
            // The moyo sizes read the influence with its patterns.
            analysis.infos = analysis.recompute_dragon_infos(&board);
        }
        analysis
    }

    /// The dragon data again, from this analysis's influence.
    fn recompute_dragon_infos(&self, board: &Board) -> Vec<DragonInfo> {
        let genus = |origin: Vertex| dragon_genus(&self.eyes, origin);
        dragon_infos(
            &DragonInputs {
                board,
                worms: &self.worms,
                dragons: &self.dragons,
                eyes: &self.eyes,
                genus: &genus,
                statuses: &self.statuses,
                owl: &self.owl,
                influence: Some(&self.influence),
            },
            &self.dragon_params,
        )
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

    /// The capturing races read, in board order of the pairs.
    pub fn semeais(&self) -> &[SemeaiPair] {
        &self.semeais
    }

    /// Whether every dragon's status is known (with the owl databases the
    /// owl reads every dragon the steps before leave open).
    pub fn statuses_complete(&self) -> bool {
        self.statuses_complete
    }

    /// The shape helpers the statuses decide, for candidates matched for
    /// `color`: `thrash_around_helper` (patterns.db's thrashing patterns
    /// for White against high handicaps) is false for Black and, for
    /// White, true exactly when White has no lively dragon (every White
    /// dragon dead), as GNU Go 3.8 answered over GTP (`crate::shapes`).
    /// `reinforce_helper` (patterns.db's reinforcement patterns, for
    /// positions where the owl holds all of the mover's stones dead) is
    /// false as soon as the mover has a lively dragon: GNU Go 3.8 proposes
    /// no `Reinforce` move then (filllib tests 2, 32, 33, 37, 39,
    /// `docs/tuning/endgame.md`); with none it stays unknown.
    /// Empty while some status is unknown.
    pub fn status_helpers<'c>(&self, color: Color) -> HelperRegistry<dyn Context + 'c> {
        let mut helpers: HelperRegistry<dyn Context + 'c> = HelperRegistry::new();
        if !self.statuses_complete {
            return helpers;
        }
        let lively = |side: Color| {
            self.dragons.dragons().iter().any(|d| {
                d.color == side
                    && d.stones
                        .first()
                        .is_some_and(|&s| self.status(s) != Some(DragonStatus::Dead))
            })
        };
        let thrash = color == Color::White && !lively(Color::White);
        helpers.register("thrash_around_helper", move |_, _| thrash);
        if lively(color) {
            helpers.register("reinforce_helper", |_, _| false);
        }
        helpers
    }

    /// The data of the dragon at `v` (GNU Go's `dragon_data`), for any of
    /// its stones.
    pub fn dragon_info(&self, v: Vertex) -> Option<&DragonInfo> {
        let origin = self.dragons.origin(v)?;
        self.infos.iter().find(|d| d.origin == origin)
    }

    /// Every dragon's data, in board order of the origins.
    pub fn dragon_infos(&self) -> &[DragonInfo] {
        &self.infos
    }

    /// The owl's answers for every dragon the analysis read, in dragon
    /// order.
    pub fn owl_answers(&self) -> &[OwlAnswer] {
        &self.owl
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
        dragon_genus(&self.eyes, self.dragons.origin(v)?)
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
        self.move_territory_values(board, change, patterns, limits, None)
            .map(|(delta, _)| delta)
    }

    /// [`Analysis::move_territory_delta`] and, with `followup`, the move's
    /// territorial followup (GNU Go's followup influence,
    /// [`crate::influence::followup`]) read off the same move influence;
    /// the followup is 0 without `followup`.
    pub fn move_territory_values(
        &self,
        board: &Board,
        change: &MoveChange<'_>,
        patterns: &InfluencePatterns<'_>,
        limits: DepthLimits,
        followup: Option<&FollowupParams>,
    ) -> Result<(f32, f32), DeltaError> {
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
        let moved = InitialInfluence::compute_with(&after, opponent, &safety, &params, Some(pass));
        let delta = territory_delta(before, &moved, change.color);
        let Some(followup) = followup else {
            return Ok((delta, 0.0));
        };
        let mut goal = vec![false; dead.len()];
        let geometry = after.geometry();
        let at = geometry.point(change.at);
        goal[usize::from(at.i) * width + usize::from(at.j)] = true;
        for &v in change.saves {
            if after.cell(v).color() == Some(change.color) {
                for s in after.string_stones(v) {
                    let p = geometry.point(s);
                    goal[usize::from(p.i) * width + usize::from(p.j)] = true;
                }
            }
        }
        let in_goal = |p: Point| goal[usize::from(p.i) * width + usize::from(p.j)];
        let inputs = FollowupInputs {
            board: &after,
            mover: change.color,
            goal: &in_goal,
            patterns,
            contexts: &mut contexts,
            status: &status,
        };
        let pattern_params = PatternParams::default();
        let next = followup_influence(&moved, inputs, &params, &pattern_params, followup);
        Ok((delta, followup_value(&moved, &next, change.color, followup)))
    }

    /// The worms, in board order of their origins.
    pub fn worms(&self) -> &[Worm] {
        &self.worms
    }

    /// The worm holding the stone at `v` (`None` for an empty point).
    pub fn worm_at(&self, v: Vertex) -> Option<&Worm> {
        self.worms.iter().find(|w| w.stones.contains(&v))
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

/// The genus of the dragon with origin `origin`, when eye values were
/// computed.
fn dragon_genus(eyes: &EyeData, origin: Vertex) -> Option<EyeValue> {
    if !eyes.has_values() {
        return None;
    }
    let values = eyes.values.iter().map(|r| r.value);
    Some(genus(eyes.owners.iter().copied().zip(values), origin))
}

/// The rules an analysis runs with: how dragons are built, how the owl
/// reads them and how their data is judged.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct AnalysisRules {
    /// What unknown conn.db verdicts mean when dragons are built.
    pub dragons: DragonOptions,
    /// How the owl reads the dragons.
    pub owl: OwlReading,
    /// The dragon data's fitted rules (crude status, weakness).
    pub dragon_data: DragonDataParams,
}

/// How the analysis reads the dragons with the owl: the schedule and the
/// search's limits and switches.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct OwlReading {
    /// In what order and on which readers the dragons are read.
    pub schedule: OwlSchedule,
    /// The owl search's limits and switches.
    pub params: OwlParams,
}

/// How the analysis runs the owl over the dragons it reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum OwlSchedule {
    /// One dragon after another on one copy of the reader, so that a
    /// search finds the tactical results of the searches before it in the
    /// reader's table (GNU Go's policy: its caches persist across the
    /// dragons of `make_dragons`).
    Shared,
    /// Every dragon on its own copy of the reader (private tables), the
    /// dragons read in parallel on rayon's pool; the answers do not depend
    /// on the number of threads or on the order.
    #[default]
    Parallel,
}

/// Reads every dragon whose status `statuses` leaves open with the owl
/// (on copies of the reader: its table serves, the analysis's reader is
/// left as it was) as `schedule` says, records the status it gives, and
/// returns the answers in dragon order.
fn read_open_dragons(
    reader: &Reader,
    dragons: &Dragons,
    statuses: &mut [Option<DragonStatus>],
    owl: &OwlPatterns,
    graphs: &[EyePattern],
    reading: OwlReading,
) -> Vec<OwlAnswer> {
    let matchers = OwlMatchers::new(owl);
    let inputs = OwlInputs {
        params: reading.params,
        ..OwlInputs::new(owl, &matchers, graphs)
    };
    let open: Vec<&Dragon> = dragons
        .dragons()
        .iter()
        .filter(|d| {
            d.stones
                .first()
                .is_some_and(|s| statuses[s.index()].is_none())
        })
        .collect();
    let read = |context: &mut EngineContext, dragon: &Dragon| {
        let attack = owl_attack(context, inputs, &dragon.stones);
        let defend =
            (attack.code != Code::Fail).then(|| owl_defend(context, inputs, &dragon.stones));
        OwlAnswer {
            origin: dragon.origin,
            attack,
            defend,
        }
    };
    let answers: Vec<OwlAnswer> = match reading.schedule {
        OwlSchedule::Shared => {
            let mut context = EngineContext::with_reader(reader.clone(), Color::Black);
            open.iter().map(|d| read(&mut context, d)).collect()
        }
        OwlSchedule::Parallel => open
            .par_iter()
            .map(|d| {
                read(
                    &mut EngineContext::with_reader(reader.clone(), Color::Black),
                    d,
                )
            })
            .collect(),
    };
    for (dragon, answer) in open.iter().zip(&answers) {
        for &v in &dragon.stones {
            statuses[v.index()] = Some(answer.status());
        }
    }
    answers
}

/// When `params` says to revise statuses: reads the races between
/// adjacent dragons of opposite colours that are both critical or dead,
/// one at least critical, and revises their statuses: both alive when both live whoever
/// moves first, both critical when the side to move wins, the winner
/// alive and the loser dead when one wins moving second.
fn revise_by_semeai(
    reader: &Reader,
    dragons: &Dragons,
    statuses: &mut [Option<DragonStatus>],
    params: SemeaiParams,
) -> Vec<SemeaiPair> {
    let board = reader.board().board();
    let status_of = |v: Vertex| statuses.get(v.index()).copied().flatten();
    let stones: Vec<(Vertex, Vec<Vertex>)> = dragons
        .dragons()
        .iter()
        .map(|d| (d.origin, d.stones.clone()))
        .collect();
    let weak =
        |s: Option<DragonStatus>| matches!(s, Some(DragonStatus::Critical | DragonStatus::Dead));
    let in_race = |a: Vertex, b: Vertex| {
        let (sa, sb) = (status_of(a), status_of(b));
        weak(sa)
            && weak(sb)
            && (sa == Some(DragonStatus::Critical) || sb == Some(DragonStatus::Critical))
    };
    if !params.revise_statuses {
        // Races cost reading time; without a revision nothing reads them.
        return Vec::new();
    }
    let pairs = read_semeais(board, reader.board().ko(), &stones, in_race, params);
    for pair in &pairs {
        let revised = match pair.verdict() {
            SemeaiVerdict::BothAlive => Some((DragonStatus::Alive, DragonStatus::Alive)),
            SemeaiVerdict::BothCritical => Some((DragonStatus::Critical, DragonStatus::Critical)),
            SemeaiVerdict::FirstWins => Some((DragonStatus::Alive, DragonStatus::Dead)),
            SemeaiVerdict::SecondWins => Some((DragonStatus::Dead, DragonStatus::Alive)),
            SemeaiVerdict::Open => None,
        };
        if let Some((first, second)) = revised {
            for (origin, status) in [(pair.first, first), (pair.second, second)] {
                for &v in dragons.stones(origin) {
                    statuses[v.index()] = Some(status);
                }
            }
        }
    }
    pairs
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

    /// 1 when the dragon at `p` has status `status`, else 0 (also for an
    /// empty point).
    fn status_is(&self, p: Point, status: DragonStatus) -> i32 {
        i32::from(self.analysis.status_at(p) == Some(status))
    }

    /// The data of the dragon at `p`.
    fn info_at(&self, p: Point) -> Option<&DragonInfo> {
        self.analysis.dragon_info(self.analysis.geometry.vertex(p)?)
    }

    /// GNU Go's `x_alive_somewhere` / `o_alive_somewhere`: 1 when a listed
    /// point holds a stone of `side` whose dragon is not dead.
    fn alive_somewhere(&self, side: Side, points: &[Point]) -> i32 {
        let o = self.inner.color();
        let color = if side == Side::O { o } else { o.other() };
        let board = self.inner.board();
        i32::from(points.iter().any(|&p| {
            self.analysis.geometry.vertex(p).is_some_and(|v| {
                board.cell(v).color() == Some(color)
                    && self.analysis.status(v) != Some(DragonStatus::Dead)
            })
        }))
    }
}

macro_rules! analysed_method {
    (fn status $($signature:tt)*) => {
        fn status(&mut self, x: Point) -> i32 {
            status_code(self.analysis.status_at(x))
        }
    };
    (fn alive $($signature:tt)*) => {
        fn alive(&mut self, x: Point) -> i32 {
            self.status_is(x, DragonStatus::Alive)
        }
    };
    (fn dead $($signature:tt)*) => {
        fn dead(&mut self, x: Point) -> i32 {
            self.status_is(x, DragonStatus::Dead)
        }
    };
    (fn critical $($signature:tt)*) => {
        fn critical(&mut self, x: Point) -> i32 {
            self.status_is(x, DragonStatus::Critical)
        }
    };
    (fn unknown $($signature:tt)*) => {
        fn unknown(&mut self, x: Point) -> i32 {
            self.status_is(x, DragonStatus::Unknown)
        }
    };
    (fn weakness $($signature:tt)*) => {
        fn weakness(&mut self, x: Point) -> f32 {
            self.info_at(x).map_or(0.0, |d| d.weakness)
        }
    };
    (fn weak $($signature:tt)*) => {
        fn weak(&mut self, x: Point) -> i32 {
            let above = self.analysis.dragon_params.weak_above;
            i32::from(self.info_at(x).is_some_and(|d| d.weakness > above))
        }
    };
    (fn genus $($signature:tt)*) => {
        fn genus(&mut self, x: Point) -> i32 {
            self.info_at(x)
                .and_then(|d| d.genus)
                .map_or(0, |g| i32::from(g.min_eyes()))
        }
    };
    (fn effective_size $($signature:tt)*) => {
        fn effective_size(&mut self, x: Point) -> f32 {
            self.info_at(x).map_or(0.0, |d| d.effective_size as f32)
        }
    };
    (fn x_alive_somewhere $($signature:tt)*) => {
        fn x_alive_somewhere(&mut self, points: &[Point]) -> i32 {
            self.alive_somewhere(Side::X, points)
        }
    };
    (fn o_alive_somewhere $($signature:tt)*) => {
        fn o_alive_somewhere(&mut self, points: &[Point]) -> i32 {
            self.alive_somewhere(Side::O, points)
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

/// The questions answered once every dragon's status is known (the owl
/// read every open dragon): `genus` needs eye values too.
const STATUS_ANSWERS: [Autohelper; 9] = [
    Autohelper::Alive,
    Autohelper::Dead,
    Autohelper::Critical,
    Autohelper::Unknown,
    Autohelper::Weakness,
    Autohelper::Weak,
    Autohelper::XAliveSomewhere,
    Autohelper::OAliveSomewhere,
    Autohelper::Genus,
];

/// The dragon, eye-space and influence questions the analysis answers
/// whatever the candidate (`max_eye_value` only with eye values).
const DRAGON_ANSWERS: [Autohelper; 15] = [
    Autohelper::SameDragon,
    Autohelper::Dragonsize,
    Autohelper::EffectiveSize,
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
            Callee::Autohelper(Autohelper::Genus) => {
                self.analysis.statuses_complete() && self.analysis.eyes.has_values()
            }
            Callee::Autohelper(f) if STATUS_ANSWERS.contains(&f) => {
                self.analysis.statuses_complete()
            }
            Callee::Autohelper(f) if DRAGON_ANSWERS.contains(&f) => true,
            _ => self.inner.answers(callee),
        }
    }

    fn stones_on_board(&self, color: Color) -> Option<usize> {
        self.inner.stones_on_board(color)
    }
}
