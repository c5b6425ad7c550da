//! Area analysis: pass-alive groups and territory (Benson's algorithm), the
//! area maps KataGo builds from them, and independent-life regions for the
//! seki and group taxes.
//!
//! *Pass-alive* (KataGo's rules): a group the opponent cannot capture even
//! when its owner passes forever, and territory in which the opponent can
//! never make a pass-alive group. Benson's algorithm finds the groups: a
//! region (a maximal connected set of points without the player's stones)
//! is *vital* to a bordering chain when every empty point in it is a
//! liberty of that chain; chains with fewer than two vital regions whose
//! border chains all still live are removed until nothing changes.
//!
//! Two details are fixed by KataGo's test positions rather than by Benson:
//!
//! * When multi-stone suicide is legal the opponent can empty its own stones
//!   in a region by suicide, so a region is vital to a chain only when every
//!   point of it, stone or not, touches the chain.
//! * A region bordered only by pass-alive chains is pass-alive territory
//!   (opponent stones inside included) when at most one of its points
//!   touches none of the player's stones: with a single such interior point
//!   the opponent can never make two eyes there. Two interior points are
//!   enough to refuse it, even where a deeper reading would show the
//!   opponent still cannot live (the "Area 3" position: a 2×4 edge region
//!   with two opponent stones is not territory; "Area 4", the same region
//!   with one of its points filled, is).

use goban::{Board, Cell, Color, Geometry, Vertex};

/// Which points an area map claims beyond pass-alive groups and territory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AreaMode {
    /// Empty regions bordered only by one colour's pass-alive stones.
    pub safe_big_territories: bool,
    /// Empty regions bordered only by one colour's stones, alive or not.
    pub unsafe_big_territories: bool,
    /// Every remaining stone claims its own point.
    pub non_pass_alive_stones: bool,
    /// Whether multi-stone suicide is legal (changes pass-aliveness).
    pub multi_stone_suicide: bool,
}

impl AreaMode {
    /// The map area scoring with tax NONE counts.
    pub fn scoring(multi_stone_suicide: bool) -> AreaMode {
        AreaMode {
            safe_big_territories: true,
            unsafe_big_territories: true,
            non_pass_alive_stones: true,
            multi_stone_suicide,
        }
    }
}

/// An owner for every point of a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AreaMap {
    geometry: Geometry,
    /// Indexed by vertex; border vertices are `None`.
    owners: Vec<Option<Color>>,
}

impl AreaMap {
    /// A map owning nothing.
    pub fn empty(geometry: Geometry) -> AreaMap {
        AreaMap {
            geometry,
            owners: vec![None; geometry.vertices()],
        }
    }

    /// The board shape.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// Who owns `v`.
    pub fn owner(&self, v: Vertex) -> Option<Color> {
        self.owners[v.index()]
    }

    /// Sets the owner of `v`.
    pub fn set_owner(&mut self, v: Vertex, owner: Option<Color>) {
        self.owners[v.index()] = owner;
    }

    /// Points owned by `color`.
    pub fn count(&self, color: Color) -> usize {
        self.owners.iter().filter(|o| **o == Some(color)).count()
    }

    /// White's points minus Black's.
    pub fn white_minus_black(&self) -> i64 {
        self.count(Color::White) as i64 - self.count(Color::Black) as i64
    }

    /// Rows from the top: `x` Black, `o` White, `.` nobody.
    pub fn rows(&self) -> Vec<String> {
        (0..self.geometry.height())
            .map(|i| {
                (0..self.geometry.width())
                    .map(|j| {
                        let v = self.geometry.vertex_of_index(i * self.geometry.width() + j);
                        match self.owner(v) {
                            Some(Color::Black) => 'x',
                            Some(Color::White) => 'o',
                            None => '.',
                        }
                    })
                    .collect()
            })
            .collect()
    }
}

/// Pass-alive stones and territory of one colour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PassAlive {
    /// Indexed by vertex: a stone of a pass-alive chain.
    pub stones: Vec<bool>,
    /// Indexed by vertex: a point of pass-alive territory (empty points and
    /// the opponent's stones inside it).
    pub territory: Vec<bool>,
}

impl PassAlive {
    /// Whether `v` is a stone of a pass-alive chain of the analysed colour.
    pub fn is_pass_alive_stone(&self, v: Vertex) -> bool {
        self.stones[v.index()]
    }

    /// Whether `v` lies in the analysed colour's pass-alive territory (an
    /// empty point or an opponent stone there).
    pub fn is_territory(&self, v: Vertex) -> bool {
        self.territory[v.index()]
    }

    /// Whether the analysed colour owns `v` for sure: a pass-alive stone or
    /// pass-alive territory.
    pub fn claims(&self, v: Vertex) -> bool {
        self.stones[v.index()] || self.territory[v.index()]
    }
}

/// One region of the Benson analysis.
struct Region {
    points: Vec<Vertex>,
    /// Heads of the bordering chains of the analysed colour.
    borders: Vec<Vertex>,
    /// For each border chain (same order): whether the region is vital to it.
    vital: Vec<bool>,
}

/// Benson's algorithm for `color` (see the module docs).
pub fn pass_alive(board: &Board, color: Color, multi_stone_suicide: bool) -> PassAlive {
    let geometry = board.geometry();
    let n = geometry.vertices();
    let own = color.stone();
    let mut region_of = vec![usize::MAX; n];
    let mut regions: Vec<Region> = Vec::new();
    for start in geometry.board_vertices() {
        if board.cell(start) == own || region_of[start.index()] != usize::MAX {
            continue;
        }
        let id = regions.len();
        let mut points = vec![start];
        region_of[start.index()] = id;
        let mut k = 0;
        let mut borders: Vec<Vertex> = Vec::new();
        while k < points.len() {
            let p = points[k];
            k += 1;
            for q in board.neighbours(p) {
                let cell = board.cell(q);
                if cell == own {
                    let head = board.head(q);
                    if !borders.contains(&head) {
                        borders.push(head);
                    }
                } else if region_of[q.index()] == usize::MAX {
                    region_of[q.index()] = id;
                    points.push(q);
                }
            }
        }
        let vital = borders
            .iter()
            .map(|&head| {
                points.iter().all(|&p| {
                    let must_touch = board.cell(p) == Cell::Empty || multi_stone_suicide;
                    !must_touch
                        || board
                            .neighbours(p)
                            .any(|q| board.cell(q) == own && board.head(q) == head)
                })
            })
            .collect();
        regions.push(Region {
            points,
            borders,
            vital,
        });
    }

    // Chains of `color`, by head.
    let mut alive = vec![false; n];
    for v in geometry.board_vertices() {
        if board.cell(v) == own && board.head(v) == v {
            alive[v.index()] = true;
        }
    }
    loop {
        let healthy: Vec<bool> = regions
            .iter()
            .map(|r| r.borders.iter().all(|h| alive[h.index()]))
            .collect();
        let mut changed = false;
        for v in geometry.board_vertices() {
            if !alive[v.index()] {
                continue;
            }
            let vital_regions = regions
                .iter()
                .zip(&healthy)
                .filter(|(r, ok)| {
                    **ok && r
                        .borders
                        .iter()
                        .zip(&r.vital)
                        .any(|(h, vital)| *h == v && *vital)
                })
                .count();
            if vital_regions < 2 {
                alive[v.index()] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }

    let mut stones = vec![false; n];
    for v in geometry.board_vertices() {
        if board.cell(v) == own && alive[board.head(v).index()] {
            stones[v.index()] = true;
        }
    }
    let mut territory = vec![false; n];
    for region in &regions {
        let enclosed = !region.borders.is_empty()
            && region.borders.iter().all(|h| alive[h.index()])
            && interior_points(board, color, &region.points) <= 1;
        if enclosed {
            for p in &region.points {
                territory[p.index()] = true;
            }
        }
    }
    PassAlive { stones, territory }
}

/// Points of `region` that touch no `color` stone. With at most one such
/// point the opponent can never make two eyes there, so a region enclosed
/// by pass-alive chains is then pass-alive territory.
fn interior_points(board: &Board, color: Color, region: &[Vertex]) -> usize {
    region
        .iter()
        .filter(|&&p| !board.neighbours(p).any(|q| board.cell(q) == color.stone()))
        .count()
}

/// The area map of `mode` (see [`AreaMode`]): pass-alive groups and
/// territory first, then big territories, then remaining stones.
pub fn area_map(board: &Board, mode: AreaMode) -> AreaMap {
    let geometry = board.geometry();
    let mut map = AreaMap::empty(geometry);
    let analyses = Color::BOTH.map(|c| pass_alive(board, c, mode.multi_stone_suicide));
    for color in Color::BOTH {
        let analysis = &analyses[color.index()];
        for v in geometry.board_vertices() {
            if analysis.claims(v) {
                map.set_owner(v, Some(color));
            }
        }
    }
    if mode.safe_big_territories || mode.unsafe_big_territories {
        for (region, borders) in empty_regions(board) {
            let Some(color) = single_colour(board, &borders) else {
                continue;
            };
            let safe = borders
                .iter()
                .all(|&b| analyses[color.index()].stones[b.index()]);
            if (safe && mode.safe_big_territories) || mode.unsafe_big_territories {
                for p in region {
                    if map.owner(p).is_none() {
                        map.set_owner(p, Some(color));
                    }
                }
            }
        }
    }
    if mode.non_pass_alive_stones {
        for v in geometry.board_vertices() {
            if map.owner(v).is_none() {
                map.set_owner(v, board.cell(v).color());
            }
        }
    }
    map
}

/// The connected regions of empty points, each with the stones bordering it.
fn empty_regions(board: &Board) -> Vec<(Vec<Vertex>, Vec<Vertex>)> {
    let geometry = board.geometry();
    let mut seen = vec![false; geometry.vertices()];
    let mut out = Vec::new();
    for start in geometry.board_vertices() {
        if board.cell(start) != Cell::Empty || seen[start.index()] {
            continue;
        }
        seen[start.index()] = true;
        let mut points = vec![start];
        let mut borders = Vec::new();
        let mut k = 0;
        while k < points.len() {
            let p = points[k];
            k += 1;
            for q in board.neighbours(p) {
                if board.cell(q) == Cell::Empty {
                    if !seen[q.index()] {
                        seen[q.index()] = true;
                        points.push(q);
                    }
                } else if !borders.contains(&q) {
                    borders.push(q);
                }
            }
        }
        out.push((points, borders));
    }
    out
}

/// The one colour of all `stones`, `None` when mixed or empty.
fn single_colour(board: &Board, stones: &[Vertex]) -> Option<Color> {
    let first = board.cell(*stones.first()?).color()?;
    stones
        .iter()
        .all(|&s| board.cell(s).color() == Some(first))
        .then_some(first)
}

/// What to keep of the regions that are removed as seki.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct IndependentLifeMode {
    /// Keep the owned empty points and enemy stones of seki regions.
    pub keep_territories: bool,
    /// Keep the own stones of seki regions.
    pub keep_stones: bool,
    /// Whether multi-stone suicide is legal.
    pub multi_stone_suicide: bool,
}

/// Independent-life analysis: the map and the region count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndependentLife {
    /// The owners after removing seki regions (and adding back what the mode
    /// keeps).
    pub map: AreaMap,
    /// Independent-life regions of White minus those of Black.
    pub region_count_white_minus_black: i64,
}

/// Starts from the full scoring map and removes, as seki, every connected
/// owned region that touches a dame point or holds an own stone whose chain
/// is in atari.
pub fn independent_life(board: &Board, mode: IndependentLifeMode) -> IndependentLife {
    let geometry = board.geometry();
    let full = area_map(board, AreaMode::scoring(mode.multi_stone_suicide));
    let mut map = AreaMap::empty(geometry);
    let mut seen = vec![false; geometry.vertices()];
    let mut count = 0i64;
    for start in geometry.board_vertices() {
        let Some(owner) = full.owner(start) else {
            continue;
        };
        if seen[start.index()] {
            continue;
        }
        seen[start.index()] = true;
        let mut points = vec![start];
        let mut k = 0;
        let mut seki = false;
        while k < points.len() {
            let p = points[k];
            k += 1;
            if board.cell(p) == owner.stone() && board.liberties(p) == 1 {
                seki = true;
            }
            for q in board.neighbours(p) {
                match full.owner(q) {
                    Some(o) if o == owner && !seen[q.index()] => {
                        seen[q.index()] = true;
                        points.push(q);
                    }
                    None if board.cell(q) == Cell::Empty => seki = true,
                    _ => {}
                }
            }
        }
        if !seki {
            count += if owner == Color::White { 1 } else { -1 };
        }
        for p in points {
            let own_stone = board.cell(p) == owner.stone();
            let keep =
                !seki || (own_stone && mode.keep_stones) || (!own_stone && mode.keep_territories);
            if keep {
                map.set_owner(p, Some(owner));
            }
        }
    }
    IndependentLife {
        map,
        region_count_white_minus_black: count,
    }
}
