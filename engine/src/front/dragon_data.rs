//! Per-dragon data, GNU Go's `dragon_data` fields, built from the analysis
//! steps before it: sizes (stones, effective size), genus and a half eye
//! from the eye spaces, escape route, lunch, the crude (pre-owl) status,
//! the owl's status and points, the final status and safety class, and
//! the two weaknesses (`weakness_pre_owl`, `weakness`), the moyo size
//! ([`super::dragon_moyo`], from the initial influence), plus the
//! neighbouring dragons ([`super::dragon_neighbours`]) and the strategic
//! size ([`super::strategic_size`]).
//!
//! GNU Go's manual (ch. 7, *dragon2*) defines the fields; how the crude
//! status and the weaknesses are derived from genus, escape and lunch is
//! not documented, so those rules are tables fitted to GNU Go's answers
//! on the even half of the 60 public positions and judged on the odd half
//! ([`DragonDataParams`]; evidence in `docs/tuning/dragon_data.md`).

use goban::{Board, Cell, Color, Vertex};
use matcher::context::Point;
use matcher::scan::DragonStatus;
use tactics::codes::Code;
use tactics::unconditional::UnconditionalStatus;
use tactics::worms::Worm;

use super::analysis::{EyeData, OwlAnswer};
use super::dragon_moyo::{MoyoSizeParams, moyo_sizes};
use super::dragon_neighbours::{NeighbourParams, dragon_neighbours};
use super::strategic_size::{SizeInput, StrategicSizeParams, strategic_sizes};
use crate::dragons::{Dragon, Dragons};
use crate::eyes::EyeValue;
use crate::eyes::topology::EyeTopology;
use crate::influence::InitialInfluence;
use crate::owl::escape::{EscapeParams, EscapeValues};
use crate::owl::goal::Goal;

/// GNU Go's safety class of a dragon (`dragon_data`'s `safety`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Safety {
    /// A dragon of one worm that the tactical reader captures.
    TacticallyDead,
    /// Dead by the owl (or otherwise known dead).
    Dead,
    /// Lives or dies by who moves first.
    Critical,
    /// Alive.
    Alive,
    /// Alive without question: the crude status already said alive.
    StronglyAlive,
    /// Holds an unconditionally alive worm.
    Invincible,
}

impl Safety {
    /// GNU Go's printed word.
    pub fn name(self) -> &'static str {
        match self {
            Safety::TacticallyDead => "tactically dead",
            Safety::Dead => "dead",
            Safety::Critical => "critical",
            Safety::Alive => "alive",
            Safety::StronglyAlive => "strongly alive",
            Safety::Invincible => "invincible",
        }
    }
}

/// GNU Go's printed word for a status.
pub fn status_name(status: DragonStatus) -> &'static str {
    match status {
        DragonStatus::Dead => "dead",
        DragonStatus::Alive => "alive",
        DragonStatus::Critical => "critical",
        DragonStatus::Unknown => "unknown",
    }
}

/// One point of a piecewise-linear table: the value at `x`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TablePoint {
    /// The argument.
    pub x: f32,
    /// The value there.
    pub y: f32,
}

/// The fitted rules of the dragon data (evidence in
/// `docs/tuning/dragon_data.md`).
#[derive(Debug, Clone, PartialEq)]
pub struct DragonDataParams {
    /// How the escape route's empty points and friendly stones are valued.
    pub escape: EscapeParams,
    /// At least this many eyes when the attacker moves first (genus `b`)
    /// make the crude status alive.
    pub alive_min_eyes: u8,
    /// An escape route below this counts as no way out for the crude
    /// status.
    pub no_escape_below: u32,
    /// Without a way out, at least this many eyes when the defender moves
    /// first (genus `c`) make the crude status critical (else dead).
    pub critical_max_eyes: u8,
    /// Pre-owl weakness of a dragon whose crude status is alive.
    pub weakness_alive: f32,
    /// Pre-owl weakness of a crude critical dragon.
    pub weakness_critical: f32,
    /// Pre-owl weakness of a crude dead dragon.
    pub weakness_dead: f32,
    /// Pre-owl weakness of a crude alive dragon with at most this many
    /// eyes when the attacker moves first, by its moyo size
    /// (`weakness_alive_by_moyo`); with more, `weakness_alive`.
    pub alive_by_moyo_max_eyes: u8,
    /// Pre-owl weakness of such a crude alive dragon by its moyo size
    /// (linear between the points; empty: `weakness_alive`).
    pub weakness_alive_by_moyo: Vec<TablePoint>,
    /// A moyo size at least this makes the crude status alive whatever
    /// the eyes (`usize::MAX`: never).
    pub alive_from_moyo: usize,
    /// Without a way out a dragon is crude dead or critical only when its
    /// moyo size is below this (`usize::MAX`: always).
    pub enclosed_below_moyo: usize,
    /// A crude alive dragon is `strongly alive` only with a pre-owl
    /// weakness at most this (else `alive`, keeping that weakness).
    pub strongly_alive_max_weakness: f32,
    /// How the moyo size is measured ([`super::dragon_moyo`]).
    pub moyo: MoyoSizeParams,
    /// Pre-owl weakness of a crude unknown dragon by its escape route
    /// (linear between the points, constant outside them).
    pub weakness_by_escape: Vec<TablePoint>,
    /// The most pre-owl weakness a crude unknown dragon has by its moyo
    /// size (linear between the points; empty, the default: no bound).
    pub weakness_unknown_cap_by_moyo: Vec<TablePoint>,
    /// Above this weakness a dragon is `weak` (GNU Go's autohelper).
    pub weak_above: f32,
    /// How far dragons reach to be neighbours.
    pub neighbours: NeighbourParams,
    /// The bound on the strategic size.
    pub strategic_size: StrategicSizeParams,
}

impl Default for DragonDataParams {
    fn default() -> DragonDataParams {
        let p = |x, y| TablePoint { x, y };
        DragonDataParams {
            escape: EscapeParams::default(),
            alive_min_eyes: 2,
            no_escape_below: 1,
            critical_max_eyes: 2,
            weakness_alive: 0.0,
            alive_by_moyo_max_eyes: 2,
            weakness_alive_by_moyo: vec![
                p(8.0, 0.23),
                p(10.0, 0.18),
                p(12.0, 0.08),
                p(15.0, 0.03),
                p(16.0, 0.0),
            ],
            alive_from_moyo: usize::MAX,
            enclosed_below_moyo: usize::MAX,
            strongly_alive_max_weakness: 0.0,
            moyo: MoyoSizeParams::default(),
            weakness_critical: 0.9,
            weakness_dead: 1.0,
            weakness_by_escape: vec![
                p(0.0, 0.75),
                p(4.0, 0.65),
                p(8.0, 0.5),
                p(10.0, 0.33),
                p(12.0, 0.23),
                p(14.0, 0.15),
                p(18.0, 0.09),
                p(20.0, 0.02),
            ],
            weakness_unknown_cap_by_moyo: Vec::new(),
            weak_above: 0.40001,
            neighbours: NeighbourParams::default(),
            strategic_size: StrategicSizeParams::default(),
        }
    }
}

impl DragonDataParams {
    /// The crude-status rules that read the moyo size as well, as fitted
    /// to GNU Go's `dragon_data` (`docs/tuning/dragon_data.md`, *The moyo
    /// size*): crude alive from a moyo of 15, dead or critical without a
    /// way out only below a moyo of 5. Off by default (genmove measured,
    /// `docs/tuning/valuation.md`).
    pub fn with_moyo_rules() -> DragonDataParams {
        DragonDataParams {
            alive_from_moyo: 15,
            enclosed_below_moyo: 5,
            ..DragonDataParams::default()
        }
    }

    /// The rules before the crude alive weakness by moyo size: every
    /// crude alive dragon has weakness `weakness_alive` and is strongly
    /// alive (for comparison, `docs/tuning/dragon_data.md`).
    pub fn without_alive_weakness_by_moyo() -> DragonDataParams {
        DragonDataParams {
            weakness_alive_by_moyo: Vec::new(),
            strongly_alive_max_weakness: 1.0,
            ..DragonDataParams::default()
        }
    }

    /// The escape route whose paths go through friendly stones next to
    /// opponent stones ([`EscapeParams::friendly_stones_pass`]). Off by
    /// default: mixed on the two halves (`docs/tuning/dragon_data.md`,
    /// *GNU Go's escape route*).
    pub fn with_friendly_stones_in_escape() -> DragonDataParams {
        DragonDataParams {
            escape: EscapeParams {
                friendly_stones_pass: true,
                ..EscapeParams::default()
            },
            ..DragonDataParams::default()
        }
    }

    /// Sets the field `key` to `value`, for experiments (`tesuji gtp
    /// --dragon-data KEY=VALUE`): the moyo sizes of the crude status rules
    /// (`alive_from_moyo`, `enclosed_below_moyo`), a number or `off`.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let size = || match value {
            "off" => Ok(usize::MAX),
            v => v.parse::<usize>().map_err(|_| {
                format!("dragon data parameter {key}: {value:?} is not a whole number or off")
            }),
        };
        match key {
            "alive_from_moyo" => self.alive_from_moyo = size()?,
            "enclosed_below_moyo" => self.enclosed_below_moyo = size()?,
            _ => {
                return Err(format!(
                    "no dragon data parameter {key} (alive_from_moyo, enclosed_below_moyo)"
                ));
            }
        }
        Ok(())
    }

    /// The escape table's value at `x`.
    fn weakness_at(&self, x: f32) -> f32 {
        interpolate(&self.weakness_by_escape, x).unwrap_or(self.weakness_dead)
    }

    /// The pre-owl weakness of a crude unknown dragon: by its escape
    /// route, bounded by its moyo size.
    fn weakness_when_unknown(&self, escape_route: u32, moyo_size: usize) -> f32 {
        let by_escape = self.weakness_at(escape_route as f32);
        interpolate(&self.weakness_unknown_cap_by_moyo, moyo_size as f32)
            .map_or(by_escape, |cap| by_escape.min(cap))
    }

    /// The pre-owl weakness of a crude alive dragon.
    fn weakness_when_alive(&self, min_eyes: u8, moyo_size: usize) -> f32 {
        if min_eyes > self.alive_by_moyo_max_eyes {
            return self.weakness_alive;
        }
        interpolate(&self.weakness_alive_by_moyo, moyo_size as f32).unwrap_or(self.weakness_alive)
    }
}

/// A piecewise-linear table's value at `x` (constant outside its points;
/// `None` when empty).
fn interpolate(table: &[TablePoint], x: f32) -> Option<f32> {
    let first = table.first()?;
    if x <= first.x {
        return Some(first.y);
    }
    for pair in table.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        if x <= b.x {
            return Some(a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x));
        }
    }
    Some(table.last().map_or(first.y, |last| last.y))
}

/// The data of one dragon.
#[derive(Debug, Clone, PartialEq)]
pub struct DragonInfo {
    /// GNU Go's origin.
    pub origin: Vertex,
    /// Its colour.
    pub color: Color,
    /// Its stones.
    pub size: usize,
    /// The sum of its worms' effective sizes.
    pub effective_size: f64,
    /// Its effective size plus shares of weak opponent neighbours
    /// ([`super::strategic_size`]).
    pub strategic_size: f64,
    /// Its eye spaces' values added (`None` without `eyes.db`'s graphs).
    pub genus: Option<EyeValue>,
    /// A half eye of its colour next to it.
    pub heye: Option<Vertex>,
    /// The escape values at distance 4 summed (the owl's escape rule).
    pub escape_route: u32,
    /// A neighbouring opponent string that can be captured and defended.
    pub lunch: Option<Vertex>,
    /// The empty points of its colour's moyo in the regions touching it,
    /// the opponent to move (0 without the influence).
    pub moyo_size: usize,
    /// The status before owl, from genus, escape and lunch.
    pub crude_status: DragonStatus,
    /// The owl's answers (`None`: the owl did not read it, GNU Go's
    /// `unchecked`).
    pub owl: Option<OwlAnswer>,
    /// The status the analysis settled on.
    pub status: DragonStatus,
    /// The safety class.
    pub safety: Safety,
    /// The weakness before owl, 0 (safe) to 1.
    pub weakness_pre_owl: f32,
    /// The weakness after owl.
    pub weakness: f32,
    /// The origins of the dragons next to it
    /// ([`super::dragon_neighbours`]), in GNU Go's order.
    pub neighbors: Vec<Vertex>,
    /// How many of them are the other colour.
    pub hostile_neighbors: usize,
    /// The origins of its worms, in board order.
    pub strings: Vec<Vertex>,
}

impl DragonInfo {
    /// GNU Go's owl status word: `unchecked` when the owl did not read
    /// the dragon.
    pub fn owl_status(&self) -> &'static str {
        self.owl.map_or("unchecked", |a| status_name(a.status()))
    }
}

/// What [`dragon_infos`] reads.
pub struct DragonInputs<'a> {
    /// The analysed board.
    pub board: &'a Board,
    /// The worms.
    pub worms: &'a [Worm],
    /// The dragons.
    pub dragons: &'a Dragons,
    /// The eye data.
    pub eyes: &'a EyeData,
    /// The genus per dragon origin (from the analysis).
    pub genus: &'a dyn Fn(Vertex) -> Option<EyeValue>,
    /// The settled status per vertex index.
    pub statuses: &'a [Option<DragonStatus>],
    /// The owl's answers.
    pub owl: &'a [OwlAnswer],
    /// The initial influence with black, then white, to move (`None`:
    /// moyo sizes 0).
    pub influence: Option<&'a [InitialInfluence; 2]>,
}

/// The data of every dragon, in board order of the origins.
pub fn dragon_infos(inputs: &DragonInputs<'_>, params: &DragonDataParams) -> Vec<DragonInfo> {
    let board = inputs.board;
    let escape = [Color::Black, Color::White].map(|c| EscapeValues::new(board, c, params.escape));
    let mut neighbours = dragon_neighbours(board, inputs.dragons, params.neighbours);
    let moyo = inputs
        .influence
        .map(|maps| moyo_sizes(board, inputs.dragons, maps, &params.moyo));
    let mut infos: Vec<DragonInfo> = inputs
        .dragons
        .dragons()
        .iter()
        .enumerate()
        .map(|(index, dragon)| {
            let members: Vec<&Worm> = inputs
                .worms
                .iter()
                .filter(|w| dragon.worms.binary_search(&w.origin).is_ok())
                .collect();
            let goal = Goal::new(board, &dragon.stones);
            let escape_route =
                escape[usize::from(dragon.color == Color::White)].route(board, &goal);
            let genus = (inputs.genus)(dragon.origin);
            let lunch = dragon_lunch(board, inputs.worms, dragon);
            let moyo_size = moyo.as_ref().map_or(0, |sizes| sizes[index]);
            let tactically_dead = matches!(
                members.as_slice(),
                [w] if w.attack.code == Code::Win && w.defense.code == Code::Fail
            );
            let invincible = members
                .iter()
                .any(|w| w.unconditional_status == UnconditionalStatus::Alive);
            let crude_status = crude_status(
                params,
                CrudeInputs {
                    tactically_dead,
                    invincible,
                    genus,
                    escape_route,
                    has_lunch: lunch.is_some(),
                    moyo_size,
                },
            );
            let min_eyes = genus.map_or(0, |g| g.min_eyes());
            let weakness_pre_owl = match crude_status {
                DragonStatus::Alive => params.weakness_when_alive(min_eyes, moyo_size),
                DragonStatus::Critical => params.weakness_critical,
                DragonStatus::Dead => params.weakness_dead,
                DragonStatus::Unknown => params.weakness_when_unknown(escape_route, moyo_size),
            };
            let owl = inputs
                .owl
                .iter()
                .find(|a| a.origin == dragon.origin)
                .copied();
            let status = dragon
                .stones
                .first()
                .and_then(|s| inputs.statuses.get(s.index()).copied().flatten())
                .unwrap_or(DragonStatus::Unknown);
            let safety = match status {
                DragonStatus::Dead if tactically_dead => Safety::TacticallyDead,
                DragonStatus::Dead => Safety::Dead,
                DragonStatus::Critical => Safety::Critical,
                _ if invincible => Safety::Invincible,
                _ if crude_status == DragonStatus::Alive
                    && weakness_pre_owl <= params.strongly_alive_max_weakness =>
                {
                    Safety::StronglyAlive
                }
                _ => Safety::Alive,
            };
            let weakness = match safety {
                Safety::TacticallyDead | Safety::Dead | Safety::Critical => params.weakness_dead,
                Safety::Invincible | Safety::StronglyAlive => params.weakness_alive,
                Safety::Alive => weakness_pre_owl,
            };
            let neighbors = neighbours.remove(&dragon.origin).unwrap_or_default();
            let hostile_neighbors = neighbors
                .iter()
                .filter(|&&o| {
                    inputs
                        .dragons
                        .dragon_of(o)
                        .is_some_and(|d| d.color != dragon.color)
                })
                .count();
            DragonInfo {
                origin: dragon.origin,
                color: dragon.color,
                size: dragon.stones.len(),
                effective_size: members.iter().map(|w| w.effective_size).sum(),
                strategic_size: 0.0,
                genus,
                heye: half_eye_next_to(board, inputs.eyes, dragon),
                escape_route,
                lunch,
                moyo_size,
                crude_status,
                owl,
                status,
                safety,
                weakness_pre_owl,
                weakness,
                neighbors,
                hostile_neighbors,
                strings: dragon.worms.clone(),
            }
        })
        .collect();
    let sizes = {
        let sizes: Vec<SizeInput<'_>> = infos
            .iter()
            .map(|info| SizeInput {
                origin: info.origin,
                color: info.color,
                effective_size: info.effective_size,
                weakness: info.weakness,
                neighbors: &info.neighbors,
            })
            .collect();
        strategic_sizes(&sizes, params.strategic_size)
    };
    for (info, size) in infos.iter_mut().zip(sizes) {
        info.strategic_size = size;
    }
    infos
}

/// What the crude status is decided from.
struct CrudeInputs {
    tactically_dead: bool,
    invincible: bool,
    genus: Option<EyeValue>,
    escape_route: u32,
    has_lunch: bool,
    moyo_size: usize,
}

/// The status before owl: dead for a captured single worm, alive for an
/// invincible one, enough sure eyes or a large moyo, dead or critical
/// without a way out and a small moyo, else unknown.
fn crude_status(params: &DragonDataParams, inputs: CrudeInputs) -> DragonStatus {
    if inputs.tactically_dead {
        return DragonStatus::Dead;
    }
    if inputs.invincible {
        return DragonStatus::Alive;
    }
    let (min_eyes, max_eyes) = inputs
        .genus
        .map_or((0, 0), |g| (g.min_eyes(), g.max_eyes()));
    if min_eyes >= params.alive_min_eyes || inputs.moyo_size >= params.alive_from_moyo {
        return DragonStatus::Alive;
    }
    if inputs.escape_route < params.no_escape_below && inputs.moyo_size < params.enclosed_below_moyo
    {
        return if max_eyes >= params.critical_max_eyes || inputs.has_lunch {
            DragonStatus::Critical
        } else {
            DragonStatus::Dead
        };
    }
    DragonStatus::Unknown
}

/// The dragon's lunch: a neighbouring opponent string that the reader
/// captures outright and that can also be defended; the smallest, the
/// first in board order among equals.
fn dragon_lunch(board: &Board, worms: &[Worm], dragon: &Dragon) -> Option<Vertex> {
    let mut candidates: Vec<&Worm> = worms
        .iter()
        .filter(|w| w.color != dragon.color)
        .filter(|w| w.attack.code == Code::Win && w.defense.code != Code::Fail)
        .filter(|w| {
            w.stones.iter().any(|&s| {
                board
                    .neighbours(s)
                    .any(|n| dragon.stones.binary_search(&n).is_ok())
            })
        })
        .collect();
    candidates.sort_by_key(|w| (w.stones.len(), w.origin));
    candidates.first().map(|w| w.origin)
}

/// The first empty half eye (in board order) of the dragon's colour that
/// touches one of its stones.
fn half_eye_next_to(board: &Board, eyes: &EyeData, dragon: &Dragon) -> Option<Vertex> {
    let geometry = board.geometry();
    let mut found: Vec<Vertex> = eyes
        .half_eyes
        .iter()
        .filter(|(color, _, e)| *color == dragon.color && e.topology == EyeTopology::Half)
        .filter_map(|(_, p, _): &(Color, Point, _)| geometry.vertex(*p))
        .filter(|&v| {
            // Empty points only: half eyes on dead stones are not GNU Go's
            // `heye` (`dragon_data_agreement`).
            board.cell(v) == Cell::Empty
                && board
                    .neighbours(v)
                    .any(|n| dragon.stones.binary_search(&n).is_ok())
        })
        .collect();
    found.sort();
    found.first().copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weakness_table_interpolates_and_clamps() {
        let params = DragonDataParams::default();
        assert_eq!(params.weakness_at(-3.0), 0.75);
        assert!((params.weakness_at(2.0) - 0.70).abs() < 1e-6);
        assert_eq!(params.weakness_at(40.0), 0.02);
    }

    #[test]
    fn crude_status_follows_the_table() {
        let params = DragonDataParams::default();
        let base = || CrudeInputs {
            tactically_dead: false,
            invincible: false,
            genus: Some(EyeValue::new([0, 0, 0, 0])),
            escape_route: 0,
            has_lunch: false,
            moyo_size: 0,
        };
        assert_eq!(crude_status(&params, base()), DragonStatus::Dead);
        let lunch = CrudeInputs {
            has_lunch: true,
            ..base()
        };
        assert_eq!(crude_status(&params, lunch), DragonStatus::Critical);
        let eyes = CrudeInputs {
            genus: Some(EyeValue::new([2, 2, 2, 2])),
            ..base()
        };
        assert_eq!(crude_status(&params, eyes), DragonStatus::Alive);
        let open = CrudeInputs {
            escape_route: 9,
            ..base()
        };
        assert_eq!(crude_status(&params, open), DragonStatus::Unknown);
        let large_by_default = CrudeInputs {
            moyo_size: 20,
            ..base()
        };
        assert_eq!(crude_status(&params, large_by_default), DragonStatus::Dead);
        let params = DragonDataParams::with_moyo_rules();
        // A moyo keeps a dragon without a way out from being dead, and a
        // large one makes it alive.
        let moyo = CrudeInputs {
            moyo_size: 6,
            ..base()
        };
        assert_eq!(crude_status(&params, moyo), DragonStatus::Unknown);
        let large = CrudeInputs {
            moyo_size: 20,
            ..base()
        };
        assert_eq!(crude_status(&params, large), DragonStatus::Alive);
    }

    #[test]
    fn the_moyo_rules_are_set_by_name_from_text() {
        let mut params = DragonDataParams::default();
        // A dragon without eyes or a way out in a moyo of 16 (pub56 G18's
        // kind: GNU Go's crude alive, ours unknown or dead by default).
        let enclosed_in_moyo = || CrudeInputs {
            tactically_dead: false,
            invincible: false,
            genus: Some(EyeValue::new([0, 0, 0, 0])),
            escape_route: 0,
            has_lunch: false,
            moyo_size: 16,
        };
        assert_eq!(
            crude_status(&params, enclosed_in_moyo()),
            DragonStatus::Dead
        );
        params.set("alive_from_moyo", "16").unwrap();
        assert_eq!(params.alive_from_moyo, 16);
        assert_eq!(
            crude_status(&params, enclosed_in_moyo()),
            DragonStatus::Alive
        );
        params.set("enclosed_below_moyo", "5").unwrap();
        assert_eq!(params.enclosed_below_moyo, 5);
        params.set("alive_from_moyo", "off").unwrap();
        assert_eq!(params.alive_from_moyo, usize::MAX);
        assert!(params.set("alive_from_moyo", "many").is_err());
        assert!(params.set("no_such_rule", "1").is_err());
    }

    #[test]
    fn alive_weakness_by_moyo_keeps_the_crude_status() {
        let params = DragonDataParams::default();
        // The crude status reads no moyo: a dragon without eyes or a way
        // out in a large moyo is still dead.
        let enclosed = CrudeInputs {
            tactically_dead: false,
            invincible: false,
            genus: Some(EyeValue::new([0, 0, 0, 0])),
            escape_route: 0,
            has_lunch: false,
            moyo_size: 20,
        };
        assert_eq!(crude_status(&params, enclosed), DragonStatus::Dead);
        // A crude alive dragon with two eyes at most is weak by its small
        // moyo, one with three is not.
        assert!((params.weakness_when_alive(2, 5) - 0.23).abs() < 1e-6);
        assert_eq!(params.weakness_when_alive(2, 16), 0.0);
        assert_eq!(params.weakness_when_alive(3, 5), 0.0);
        assert_eq!(params.strongly_alive_max_weakness, 0.0);
    }

    #[test]
    fn alive_weakness_falls_with_the_moyo() {
        let before = DragonDataParams::without_alive_weakness_by_moyo();
        assert_eq!(before.weakness_when_alive(2, 5), 0.0);
        let params = DragonDataParams::with_moyo_rules();
        assert!((params.weakness_when_alive(2, 5) - 0.23).abs() < 1e-6);
        assert!((params.weakness_when_alive(2, 11) - 0.13).abs() < 1e-6);
        assert_eq!(params.weakness_when_alive(2, 30), 0.0);
        assert_eq!(params.weakness_when_alive(3, 5), 0.0);
        // An unknown dragon: the escape table, bounded by the moyo when
        // the bound is on.
        assert!((params.weakness_when_unknown(0, 5) - 0.75).abs() < 1e-6);
        let p = |x, y| TablePoint { x, y };
        let capped = DragonDataParams {
            weakness_unknown_cap_by_moyo: vec![p(4.0, 1.0), p(5.0, 0.45), p(27.5, 0.0)],
            ..DragonDataParams::with_moyo_rules()
        };
        assert!((capped.weakness_when_unknown(0, 0) - 0.75).abs() < 1e-6);
        assert!((capped.weakness_when_unknown(0, 5) - 0.45).abs() < 1e-6);
        assert!((capped.weakness_when_unknown(20, 5) - 0.02).abs() < 1e-6);
    }
}
