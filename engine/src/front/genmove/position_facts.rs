//! The valuation's inputs from an analysed position
//! (`crate::valuation::ValuationInputs`): worm and dragon facts from the
//! analysis, and stand-ins for what later layers will give:
//!
//! * the territorial delta, when genmove does not take it from the
//!   influence layer (`TerritorySource::RegionCount`): the change in the
//!   mover's region count when the initial influence is computed again
//!   with the move's stone on the board ([`TerritoryStandIn`]), with or
//!   without the pattern passes of `barriers.db` and `influence.db`
//!   ([`TerritoryStandIn::pattern_passes`], [`CountPasses`]);
//! * dragon weakness: the dragon data's (GNU Go's `weakness`), or, for
//!   comparison, a stand-in value per status ([`WeaknessByStatus`]), as
//!   [`WeaknessSource`] chooses;
//! * the connection value k (undocumented in GNU Go): twice the larger of
//!   the numbers of own and opponent strings next to the move, which
//!   reproduces the five traced values of `move-generation.md` §6.
//!
//! Each is a field of [`PositionFacts`] or a closure built from it, so a
//! better source replaces it without touching the valuation.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::Arc;

use goban::{Board, Cell, Color, Point, Vertex};
use matcher::scan::DragonStatus;
use tactics::{DepthLimits, Reader};

use crate::front::Databases;
use crate::front::analysis::{Analysis, EngineContexts};
use crate::influence::{
    InfluenceParams, InfluencePatterns, InitialInfluence, PatternParams, PatternPass, Quantity,
    Region, RegionParams, StoneSafety,
};
use crate::valuation::{DragonFacts, WormFacts};

/// A stand-in dragon weakness per status (0 strong … 1 weak).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WeaknessByStatus {
    /// Alive dragons.
    pub alive: f32,
    /// Critical dragons.
    pub critical: f32,
    /// Dead dragons.
    pub dead: f32,
    /// Dragons whose status the analysis does not know.
    pub unknown: f32,
}

impl Default for WeaknessByStatus {
    fn default() -> WeaknessByStatus {
        WeaknessByStatus {
            alive: 0.15,
            critical: 1.0,
            dead: 1.0,
            unknown: 0.5,
        }
    }
}

impl WeaknessByStatus {
    fn of(&self, status: DragonStatus) -> f32 {
        match status {
            DragonStatus::Alive => self.alive,
            DragonStatus::Critical => self.critical,
            DragonStatus::Dead => self.dead,
            DragonStatus::Unknown => self.unknown,
        }
    }
}

/// Where the valuation's dragon weakness comes from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum WeaknessSource {
    /// The dragon data's weakness after owl (GNU Go's `weakness`).
    DragonData,
    /// A stand-in value per status.
    ByStatus(WeaknessByStatus),
}

impl WeaknessSource {
    fn of(&self, analysis: &Analysis, origin: Vertex, status: DragonStatus) -> f32 {
        match self {
            WeaknessSource::DragonData => analysis
                .dragon_info(origin)
                .map_or(WeaknessByStatus::default().of(status), |d| d.weakness),
            WeaknessSource::ByStatus(table) => table.of(status),
        }
    }
}

/// How the stand-in values the status changes (worms and dragons killed or
/// saved) a move's reasons claim (`docs/tuning/valuation.md`, *Status
/// changes in the region count*).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatusValue {
    /// By the target's size (`ValuationParams::status_change_per_size`),
    /// the strategic effect on a counted dragon added beside it.
    BySize,
    /// By the region count: after the move with the stones killed dead and
    /// those saved alive, against before with them the other way round
    /// (GNU Go's influence delta holds the status changes so); the
    /// strategic effect on a counted dragon is then skipped, as GNU Go's.
    InCount,
    /// The smaller of the region count's value and the size's (the count
    /// without the size's excess on small dragons), counted as `InCount`.
    Smaller,
    /// As `InCount`, with the strategic effect on a counted dragon added
    /// beside it as `BySize` does.
    InCountBesideStrategic,
}

/// How the region count weighs an empty point for a colour
/// (`docs/tuning/valuation.md`, *The territory class's step on boundary
/// moves*).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointWeight {
    /// By its class: territory (`TerritoryStandIn::territory_point`), moyo
    /// or area weight; a step at the territory valuation's threshold.
    Class,
    /// By its territory value for the colour (0 where it leans to the
    /// other), GNU Go's sum, below the threshold; at it
    /// `TerritoryStandIn::territory_point` when that is set (so a stone
    /// inside its own territory still gains nothing). Moyo and area
    /// weights unused.
    Value,
    /// The larger of its class weight and its territory value: the class
    /// with the step softened below the threshold.
    LargerOfClassAndValue,
}

impl PointWeight {
    /// The weighting named `name` (`class`, `value`, `larger`).
    pub fn parse(name: &str) -> Option<PointWeight> {
        match name {
            "class" => Some(PointWeight::Class),
            "value" => Some(PointWeight::Value),
            "larger" => Some(PointWeight::LargerOfClassAndValue),
            _ => None,
        }
    }
}

/// Which pattern passes the region count's influence runs
/// ([`TerritoryStandIn::pattern_passes`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CountPatternPasses {
    /// None: the stones' influence alone.
    None,
    /// `barriers.db`'s (barriers, intrusions, non-territory marks).
    Barriers,
    /// `barriers.db`'s and `influence.db`'s, as the initial influence.
    Both,
}

impl CountPatternPasses {
    /// The passes named `name` (`off`, `barriers`, `on`).
    pub fn parse(name: &str) -> Option<CountPatternPasses> {
        match name {
            "off" => Some(CountPatternPasses::None),
            "barriers" => Some(CountPatternPasses::Barriers),
            "on" => Some(CountPatternPasses::Both),
            _ => None,
        }
    }
}

/// How the stand-in territorial delta counts a point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TerritoryStandIn {
    /// How an empty point is weighed: by its class, its territory value,
    /// or the larger of the two.
    pub point_weight: PointWeight,
    /// Points a colour holds as moyo count this much for it.
    pub moyo_point: f32,
    /// Points the territory valuation gives a colour as territory
    /// (`influence_regions` 3) count this much for it, ahead of their
    /// moyo or area weight (`None`: no territory class, every point by
    /// its moyo or area weight).
    pub territory_point: Option<f32>,
    /// Points a colour holds only as area count this much.
    pub area_point: f32,
    /// A living stone counts this much for its colour: 1 counts area
    /// (stones and regions), 0 counts territory as GNU Go's valuation
    /// does, so a stone played inside its own territory loses that point
    /// and a dame gains nothing.
    pub stone_point: f32,
    /// Each opponent stone a move captures counts this much more (the
    /// prisoner, under territory counting).
    pub prisoner_point: f32,
    /// How the status changes a move's reasons claim are valued.
    pub status_value: StatusValue,
    /// The ratios that decide area and moyo.
    pub regions: RegionParams,
    /// Which pattern passes the count's influence (before the move and
    /// after it) runs, of the databases the engine has loaded.
    pub pattern_passes: CountPatternPasses,
}

impl Default for TerritoryStandIn {
    /// The territory value ([`TerritoryStandIn::territory_value`],
    /// `docs/tuning/valuation.md`, *The territory class's step on boundary
    /// moves*).
    fn default() -> TerritoryStandIn {
        TerritoryStandIn::territory_value()
    }
}

impl TerritoryStandIn {
    /// GNU Go's territory counting: an empty point by its territory value
    /// (territory at 1), a living stone 0, so a stone played on a point
    /// loses that point's value.
    pub fn territory_value() -> TerritoryStandIn {
        TerritoryStandIn {
            point_weight: PointWeight::Value,
            stone_point: 0.0,
            ..TerritoryStandIn::territory_class()
        }
    }

    /// Territory points at 1, moyo at 0.45, area at 0.15, near GNU Go's
    /// average territory values (1.00, 0.41, 0.05): a stone played inside
    /// its own territory gains nothing.
    pub fn territory_class() -> TerritoryStandIn {
        TerritoryStandIn {
            moyo_point: 0.45,
            territory_point: Some(1.0),
            area_point: 0.15,
            ..TerritoryStandIn::moyo_as_territory()
        }
    }

    /// The count before the territory class: no territory class, moyo
    /// (territory included) at 1, area at 0.5.
    pub fn moyo_as_territory() -> TerritoryStandIn {
        TerritoryStandIn {
            moyo_point: 1.0,
            territory_point: None,
            area_point: 0.5,
            stone_point: 1.0,
            prisoner_point: 0.0,
            status_value: StatusValue::BySize,
            regions: RegionParams::default(),
            point_weight: PointWeight::Class,
            pattern_passes: CountPatternPasses::None,
        }
    }

    /// Sets the field `key` to `value` (numbers; `point_weight` by its
    /// name, [`PointWeight::parse`]; `pattern_passes` by its name,
    /// [`CountPatternPasses::parse`]), for
    /// experiments (`tesuji gtp --valuation territory.KEY=VALUE`).
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let bad = || format!("territory parameter {key}: bad value {value:?}");
        let number = |v: &str| v.parse::<f32>().map_err(|_| bad());
        match key {
            "pattern_passes" => {
                self.pattern_passes = CountPatternPasses::parse(value).ok_or_else(bad)?
            }
            "point_weight" => self.point_weight = PointWeight::parse(value).ok_or_else(bad)?,
            "moyo_point" => self.moyo_point = number(value)?,
            "area_point" => self.area_point = number(value)?,
            "stone_point" => self.stone_point = number(value)?,
            "territory_point" => {
                self.territory_point = match value {
                    "off" => None,
                    v => Some(number(v)?),
                }
            }
            _ => return Err(format!("no territory parameter {key}")),
        }
        Ok(())
    }
}

/// What the region count's pattern passes
/// ([`TerritoryStandIn::pattern_passes`]) read: the engine's databases
/// (`barriers.db`, `influence.db`) and the reading limits their
/// constraints are read with.
#[derive(Debug, Clone)]
pub struct CountPasses {
    /// The engine's databases; the passes run the influence ones present.
    pub databases: Arc<Databases>,
    /// The depth limits of the constraints' tactical reading.
    pub limits: DepthLimits,
}

/// The facts of one analysed position the valuation reads.
#[derive(Debug, Clone)]
pub struct PositionFacts {
    board: Board,
    /// Per vertex index: the worm there.
    worms: Vec<Option<WormFacts>>,
    /// Per vertex index: the dragon there.
    dragons: Vec<Option<DragonFacts>>,
    /// Per vertex index: the other colour's dragons next to the dragon
    /// there (origins).
    hostile_neighbours: Vec<Vec<Vertex>>,
    /// Per vertex index: the stone counts as dead for the influence.
    dead: Vec<bool>,
    territory: TerritoryStandIn,
    /// The pattern passes of the count's influence (`None`: none run).
    passes: Option<CountPasses>,
    /// The territorial deltas counted so far, per move.
    deltas: RefCell<BTreeMap<Vertex, f32>>,
    /// The mover's territory count before the move.
    before: f32,
    color: Color,
}

impl PositionFacts {
    /// The facts of `analysis` (of `board`) for `color` to move; the
    /// region count's influence runs the pattern passes of `passes` when
    /// [`TerritoryStandIn::pattern_passes`] asks for them.
    pub fn new(
        board: &Board,
        analysis: &Analysis,
        color: Color,
        weakness: WeaknessSource,
        territory: TerritoryStandIn,
        passes: Option<CountPasses>,
    ) -> PositionFacts {
        let n = board.geometry().vertices();
        let dragons_of = analysis.dragons();
        let mut worms = vec![None; n];
        let mut dragons = vec![None; n];
        let mut dead = vec![false; n];
        let mut hostile_neighbours = vec![Vec::new(); n];
        for worm in analysis.worms() {
            let dragon = dragons_of.origin(worm.origin).unwrap_or(worm.origin);
            let facts = WormFacts {
                size: worm.stones.len() as u32,
                effective_size: worm.effective_size as f32,
                dragon,
                cutstone2: dragons_of.cutstone2(worm.origin),
            };
            for &s in &worm.stones {
                worms[s.index()] = Some(facts);
                dead[s.index()] = crate::influence::captured_with(worm, color);
            }
        }
        for dragon in dragons_of.dragons() {
            let status = analysis
                .status(dragon.origin)
                .unwrap_or(DragonStatus::Unknown);
            let effective_size: f32 = dragon
                .worms
                .iter()
                .filter_map(|w| worms[w.index()])
                .map(|w| w.effective_size)
                .sum();
            let strategic_size = analysis
                .dragon_info(dragon.origin)
                .map_or(effective_size, |info| info.strategic_size as f32);
            let facts = DragonFacts {
                color: dragon.color,
                size: dragon.stones.len() as u32,
                effective_size,
                strategic_size,
                status,
                weakness: weakness.of(analysis, dragon.origin, status),
            };
            let hostile: Vec<Vertex> = analysis
                .dragon_info(dragon.origin)
                .map(|info| {
                    info.neighbors
                        .iter()
                        .copied()
                        .filter(|&o| {
                            dragons_of
                                .dragon_of(o)
                                .is_some_and(|d| d.color != dragon.color)
                        })
                        .collect()
                })
                .unwrap_or_default();
            for &s in &dragon.stones {
                hostile_neighbours[s.index()] = hostile.clone();
                dragons[s.index()] = Some(facts);
                dead[s.index()] |= status == DragonStatus::Dead;
            }
        }
        let mut facts = PositionFacts {
            board: board.clone(),
            worms,
            dragons,
            hostile_neighbours,
            dead,
            territory,
            passes: passes.filter(|_| territory.pattern_passes != CountPatternPasses::None),
            deltas: RefCell::new(BTreeMap::new()),
            before: 0.0,
            color,
        };
        let patterns = facts.influence_patterns();
        let before = facts.territory_count(board, None, &|_| None, patterns.as_ref());
        drop(patterns);
        facts.before = before;
        facts
    }

    /// The worm at `v`.
    pub fn worm(&self, v: Vertex) -> Option<WormFacts> {
        self.worms.get(v.index()).copied().flatten()
    }

    /// Whether the mover's move at `at` captures the stone at `target`: an
    /// opponent stone whose string's last liberty is `at`.
    pub fn captures(&self, at: Vertex, target: Vertex) -> bool {
        self.board
            .string(target)
            .is_some_and(|s| s.color != self.color && s.liberties == 1)
            && self.board.has_liberty(target, at)
    }

    /// The stones of the worm at `v`, or of its whole dragon.
    pub fn stones_of(&self, v: Vertex, whole_dragon: bool) -> Vec<Vertex> {
        let Some(worm) = self.worm(v) else {
            return Vec::new();
        };
        if !whole_dragon {
            return self.board.string_stones(v).collect();
        }
        let geometry = self.board.geometry();
        geometry
            .points()
            .filter_map(|p| geometry.vertex(p))
            .filter(|&u| self.worm(u).is_some_and(|w| w.dragon == worm.dragon))
            .collect()
    }

    /// Whether the stone at `v` counts as dead (its worm can be captured
    /// or its dragon is dead).
    pub fn is_dead(&self, v: Vertex) -> bool {
        self.dead.get(v.index()).copied().unwrap_or(false)
    }

    /// The dragon at `v`.
    pub fn dragon(&self, v: Vertex) -> Option<DragonFacts> {
        self.dragons.get(v.index()).copied().flatten()
    }

    /// The origins of the other colour's dragons next to the dragon at
    /// `v`.
    pub fn hostile_neighbours(&self, v: Vertex) -> Vec<Vertex> {
        self.hostile_neighbours
            .get(v.index())
            .cloned()
            .unwrap_or_default()
    }

    /// The stand-in territorial delta of the mover playing `v`: its region
    /// count (own minus the opponent's) with the stone played, minus the
    /// count before, plus the prisoners it takes
    /// ([`TerritoryStandIn::prisoner_point`]). 0 for a point that cannot
    /// be played.
    pub fn territory_delta(&self, v: Vertex) -> f32 {
        self.territory_delta_with(v, self.influence_patterns().as_ref())
    }

    /// The matchers of the count's pattern passes (`None` when it runs
    /// none), to build once for many moves
    /// ([`Self::territory_delta_with`], [`Self::status_delta_with`]).
    pub fn influence_patterns(&self) -> Option<InfluencePatterns<'_>> {
        let databases = &self.passes.as_ref()?.databases;
        let influence = match self.territory.pattern_passes {
            CountPatternPasses::None => return None,
            CountPatternPasses::Barriers => None,
            CountPatternPasses::Both => databases.influence.as_ref(),
        };
        Some(InfluencePatterns::new(
            influence,
            databases.barriers.as_ref(),
        ))
    }

    /// [`Self::territory_delta`] with the pass matchers `patterns`
    /// ([`Self::influence_patterns`]); each move is counted once.
    pub fn territory_delta_with(&self, v: Vertex, patterns: Option<&InfluencePatterns<'_>>) -> f32 {
        if let Some(&delta) = self.deltas.borrow().get(&v) {
            return delta;
        }
        if self.board.cell(v) != Cell::Empty || self.board.is_suicide(self.color, v) {
            return 0.0;
        }
        let mut after = self.board.clone();
        let record = after.play(self.color, v);
        let prisoners = self.territory.prisoner_point * record.captured as f32;
        let delta =
            self.territory_count(&after, Some(v), &|_| None, patterns) - self.before + prisoners;
        self.deltas.borrow_mut().insert(v, delta);
        delta
    }

    /// What the status changes of a move at `v` add to its territorial
    /// delta ([`StatusValue::InCount`]): the count after the
    /// move with the stones of `killed` dead and those of `saved` alive,
    /// less the count before with them the other way round, less the
    /// plain delta ([`Self::territory_delta`]). 0 when nothing changes.
    pub fn status_delta(&self, v: Vertex, killed: &[Vertex], saved: &[Vertex]) -> f32 {
        self.status_delta_with(v, killed, saved, self.influence_patterns().as_ref())
    }

    /// [`Self::status_delta`] with the pass matchers `patterns`
    /// ([`Self::influence_patterns`]).
    pub fn status_delta_with(
        &self,
        v: Vertex,
        killed: &[Vertex],
        saved: &[Vertex],
        patterns: Option<&InfluencePatterns<'_>>,
    ) -> f32 {
        if (killed.is_empty() && saved.is_empty())
            || self.board.cell(v) != Cell::Empty
            || self.board.is_suicide(self.color, v)
        {
            return 0.0;
        }
        let forced = |after: bool| {
            move |s: Vertex| {
                if killed.contains(&s) {
                    Some(after)
                } else if saved.contains(&s) {
                    Some(!after)
                } else {
                    None
                }
            }
        };
        let mut after = self.board.clone();
        let record = after.play(self.color, v);
        let prisoners = self.territory.prisoner_point * record.captured as f32;
        let with_after = self.territory_count(&after, Some(v), &forced(true), patterns);
        let with_before = self.territory_count(&self.board, None, &forced(false), patterns);
        let plain = self.territory_delta_with(v, patterns) - prisoners;
        (with_after - with_before) - plain
    }

    /// The mover's count before any move (own regions, and stones as
    /// [`TerritoryStandIn`] counts them, minus the opponent's; komi not
    /// counted).
    pub fn balance(&self) -> f32 {
        self.before
    }

    /// The connection value k of `v`: twice the larger of the numbers of
    /// own and opponent strings next to it.
    pub fn connection_k(&self, v: Vertex) -> u32 {
        let own = self.board.neighbour_strings(v, self.color).count();
        let theirs = self.board.neighbour_strings(v, self.color.other()).count();
        2 * own.max(theirs) as u32
    }

    /// The initial influence of the count on `board`, the opponent to
    /// move, the stones `dead` says left out; with the pattern passes of
    /// `patterns` when the count runs them, the class checks reading a
    /// stone as dead where `dead` says so, alive where `alive` says so
    /// (the move's stone, those forced alive), else its dragon's status.
    fn count_influence(
        &self,
        board: &Board,
        dead: &dyn Fn(Vertex) -> bool,
        alive: &dyn Fn(Vertex) -> bool,
        patterns: Option<&InfluencePatterns<'_>>,
    ) -> InitialInfluence {
        let geometry = board.geometry();
        let safety = |p: Point| StoneSafety {
            dead: geometry.vertex(p).is_some_and(dead),
            ..StoneSafety::ALIVE
        };
        let params = InfluenceParams::default();
        let to_move = self.color.other();
        let (Some(passes), Some(patterns)) = (&self.passes, patterns) else {
            return InitialInfluence::compute(board, to_move, &safety, &params);
        };
        let status = |p: Point| match geometry.vertex(p) {
            Some(v) if board.cell(v) != Cell::Empty => {
                if dead(v) {
                    DragonStatus::Dead
                } else if alive(v) {
                    DragonStatus::Alive
                } else {
                    self.dragon(v).map_or(DragonStatus::Unknown, |d| d.status)
                }
            }
            _ => DragonStatus::Unknown,
        };
        let mut reader = Reader::new(board.clone(), None);
        reader.set_limits(passes.limits);
        let mut contexts = EngineContexts::new(&reader);
        let pass = PatternPass {
            patterns,
            contexts: &mut contexts,
            status: &status,
            params: PatternParams::default(),
        };
        InitialInfluence::compute_with(board, to_move, &safety, &params, Some(pass))
    }

    /// The mover's territory count on `board` (own minus the opponent's):
    /// regions of the initial influence and stones, dead stones counted
    /// for the other side. `played` is a new stone, alive; `forced` says
    /// of a stone whether it counts dead whatever the analysis says.
    fn territory_count(
        &self,
        board: &Board,
        played: Option<Vertex>,
        forced: &dyn Fn(Vertex) -> Option<bool>,
        patterns: Option<&InfluencePatterns<'_>>,
    ) -> f32 {
        let geometry = board.geometry();
        let dead = |v: Vertex| Some(v) != played && forced(v).unwrap_or_else(|| self.is_dead(v));
        let alive = |v: Vertex| Some(v) == played || forced(v) == Some(false);
        let influence = self.count_influence(board, &dead, &alive, patterns);
        let t = &self.territory;
        let weight = |region: Region| match region {
            Region::Moyo => t.moyo_point,
            Region::Area => t.area_point,
            Region::Neutral => 0.0,
        };
        let values = influence.map(Quantity::TerritoryValue);
        let threshold = InfluenceParams::default().territory.territory_threshold;
        // The territory valuation leans white positive.
        let lean = |c: Color| if c == Color::White { 1.0 } else { -1.0 };
        let point_weight = |c: Color, p: Point| {
            let k = usize::from(p.i) * geometry.width() + usize::from(p.j);
            let value = values.get(k).map_or(0.0, |&v| (v * lean(c)).max(0.0));
            match (t.territory_point, t.point_weight) {
                (Some(w), _) if value >= threshold => w,
                (_, PointWeight::Value) => value,
                (_, PointWeight::Class) => weight(influence.region(c, p, &t.regions)),
                (_, PointWeight::LargerOfClassAndValue) => {
                    value.max(weight(influence.region(c, p, &t.regions)))
                }
            }
        };
        let mut count = 0.0;
        for p in geometry.points() {
            let Some(v) = geometry.vertex(p) else {
                continue;
            };
            match board.cell(v).color() {
                Some(c) => {
                    let mine = (c == self.color) != dead(v);
                    // A dead stone is a point of territory for the side
                    // that will take it; a living one counts `stone_point`.
                    let worth = if dead(v) { 1.0 } else { t.stone_point };
                    count += if mine { worth } else { -worth };
                }
                None => {
                    count += point_weight(self.color, p);
                    count -= point_weight(self.color.other(), p);
                }
            }
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::front::genmove::GenmoveParams;
    use crate::front::{Databases, Engine};

    /// A settled 9×9 game: Black's wall on column D, White's on E; every
    /// empty point is territory, A–C (27 points) Black's and F–J (36)
    /// White's.
    const SETTLED: [&str; 9] = ["...XO...."; 9];

    fn facts(rows: &[&str], color: Color, territory: TerritoryStandIn) -> (PositionFacts, Board) {
        let board = Board::from_rows(rows).expect("board");
        let mut engine = Engine::new(Arc::new(Databases::default()));
        engine.set_position(board.clone(), None);
        let params = GenmoveParams {
            territory,
            ..GenmoveParams::default()
        };
        (engine.position_facts(color, &params), board)
    }

    fn vertex(board: &Board, name: &str) -> Vertex {
        board.geometry().parse_gtp(name).expect("vertex")
    }

    /// The failure mode of moyo 0.7 / area 0.2 without the territory
    /// class (`docs/tuning/valuation.md`): a stone inside one's own moyo
    /// gained 1 − `moyo_point`, so every fill of one's own territory at
    /// the end of the game had value.
    fn light_moyo_without_territory_class() -> TerritoryStandIn {
        TerritoryStandIn {
            moyo_point: 0.7,
            area_point: 0.2,
            territory_point: None,
            ..TerritoryStandIn::territory_class()
        }
    }

    #[test]
    fn a_stone_inside_its_own_territory_gains_nothing_at_the_end_of_the_game() {
        for (color, inside) in [
            (Color::Black, ["A5", "B1", "C9"]),
            (Color::White, ["G5", "J1", "F9"]),
        ] {
            for point_weight in [PointWeight::Class, PointWeight::Value] {
                let t = TerritoryStandIn {
                    point_weight,
                    ..TerritoryStandIn::default()
                };
                let (settled, board) = facts(&SETTLED, color, t);
                for name in inside {
                    let delta = settled.territory_delta(vertex(&board, name));
                    assert!(
                        delta <= 0.0,
                        "{color:?} {point_weight:?} {name} gains {delta}"
                    );
                }
            }
            let board = Board::from_rows(&SETTLED).expect("board");
            let (light, _) = facts(&SETTLED, color, light_moyo_without_territory_class());
            let gains = inside
                .iter()
                .filter(|name| light.territory_delta(vertex(&board, name)) > 0.0)
                .count();
            assert!(
                gains > 0,
                "{color:?}: the light moyo without the class gains nothing"
            );
        }
    }

    #[test]
    fn the_territory_class_counts_territory_at_its_own_weight() {
        let with = |weight: f32, moyo_point: f32| TerritoryStandIn {
            territory_point: Some(weight),
            moyo_point,
            ..TerritoryStandIn::territory_class()
        };
        let balance = |t: TerritoryStandIn| facts(&SETTLED, Color::Black, t).0.balance();
        // Black's 27 points against White's 36, each at the class's weight,
        // whatever the moyo weight.
        let full = balance(with(1.0, 0.45));
        let half = balance(with(0.5, 0.45));
        assert!(
            ((full - half) - 0.5 * (27.0 - 36.0)).abs() < 1e-3,
            "{full} {half}"
        );
        assert!((balance(with(1.0, 0.2)) - full).abs() < 1e-3);
        // Stones count 1 each, 9 a side: the balance is the territory.
        assert!((full - (27.0 - 36.0)).abs() < 1e-3, "{full}");
    }

    /// Black's wall on D2–D9 and White's on E2–E9, the first line open:
    /// a white push at D1 takes Black's corner points below the
    /// territory threshold without taking them.
    const OPEN_FIRST_LINE: [&str; 9] = [
        "...XO....",
        "...XO....",
        "...XO....",
        "...XO....",
        "...XO....",
        "...XO....",
        "...XO....",
        "...XO....",
        ".........",
    ];

    /// The change of the territory values' sum, turned to `color`'s side,
    /// when `color` plays `at` on `rows` (every stone alive).
    fn value_change(rows: &[&str], color: Color, at: &str) -> f32 {
        let board = Board::from_rows(rows).expect("board");
        let params = InfluenceParams::default();
        let alive = |_: Point| StoneSafety::ALIVE;
        let sum = |b: &Board| -> f32 {
            InitialInfluence::compute(b, color.other(), &alive, &params)
                .map(Quantity::TerritoryValue)
                .iter()
                .sum()
        };
        let mut after = board.clone();
        after.play(color, vertex(&board, at));
        let sign = if color == Color::White { 1.0 } else { -1.0 };
        sign * (sum(&after) - sum(&board))
    }

    #[test]
    fn weighing_by_value_counts_a_boundary_move_by_its_change_in_value_not_the_step() {
        let weighted = |point_weight: PointWeight, territory_point: Option<f32>| {
            let (facts, board) = facts(
                &OPEN_FIRST_LINE,
                Color::White,
                TerritoryStandIn {
                    point_weight,
                    territory_point,
                    stone_point: 1.0,
                    ..TerritoryStandIn::default()
                },
            );
            facts.territory_delta(vertex(&board, "D1"))
        };
        // The new stone counts `stone_point` (1) beside the empty points;
        // without the territory class every point counts its value.
        let by_value = weighted(PointWeight::Value, None) - 1.0;
        let change = value_change(&OPEN_FIRST_LINE, Color::White, "D1");
        assert!(
            (by_value - change).abs() < 1e-3,
            "by value {by_value}, the values' change {change}"
        );
        // The class counts the points that fall below the threshold at the
        // moyo or area weight, a step larger than their change in value;
        // the larger of class and value keeps their value.
        let class = Some(1.0);
        let by_class = weighted(PointWeight::Class, class) - 1.0;
        let by_larger = weighted(PointWeight::LargerOfClassAndValue, class) - 1.0;
        assert!(by_class > change + 1.0, "class {by_class}, change {change}");
        assert!(by_larger < by_class, "larger {by_larger}, class {by_class}");
        // With the class at the threshold, the points that leave it count
        // from 1 down to their value: close to the change, far below the
        // step.
        let by_value_with_class = weighted(PointWeight::Value, class) - 1.0;
        assert!(
            (by_value_with_class - change).abs() < 0.5 && by_value_with_class < by_class - 1.0,
            "value with the class {by_value_with_class}, change {change}, class {by_class}"
        );
    }

    #[test]
    fn the_territory_fields_are_set_by_name() {
        let mut t = TerritoryStandIn::default();
        t.set("point_weight", "value").expect("value");
        assert_eq!(t.point_weight, PointWeight::Value);
        t.set("point_weight", "larger").expect("larger");
        assert_eq!(t.point_weight, PointWeight::LargerOfClassAndValue);
        t.set("territory_point", "off").expect("off");
        assert_eq!(t.territory_point, None);
        t.set("moyo_point", "0.3").expect("number");
        assert_eq!(t.moyo_point, 0.3);
        t.set("pattern_passes", "on").expect("on");
        assert_eq!(t.pattern_passes, CountPatternPasses::Both);
        t.set("pattern_passes", "barriers").expect("barriers");
        assert_eq!(t.pattern_passes, CountPatternPasses::Barriers);
        t.set("pattern_passes", "off").expect("off");
        assert_eq!(t.pattern_passes, CountPatternPasses::None);
        assert!(t.set("pattern_passes", "maybe").is_err());
        assert!(t.set("point_weight", "step").is_err());
        assert!(t.set("no_such_field", "1").is_err());
    }
}
