//! The playout policy: a compiled `mc_*.db` weight table (one weight per
//! 3×3 neighbourhood class and property byte, `matcher::mc::McTable`) and
//! the tactical facts of a candidate move that its colon words test
//! (captures of either side, self-atari, suicide), read from the playout
//! board's strings.
//!
//! Hard rules hold whatever the table says: no suicide, no move on the ko
//! point, no move in the mover's own true eye, no self-atari of a string
//! too large to be a throw-in or a nakade ([`SelfAtariRule`]; this keeps
//! sekis alive in the playouts) (weight 0).

use goban::Color;
use matcher::mc::{GeometryTable, McProperties, McTable, geometry_table};

use crate::board::{
    BLACK, EMPTY, OtherLiberties, PlayoutBoard, WHITE, code_is_true_eye, holds, relative_code,
    stone,
};
use crate::capture::CaptureRule;
use crate::ladder::LadderRule;
use crate::nakade::NakadeRule;

/// A playout policy: the weight table and its name.
#[derive(Debug, Clone)]
pub struct Policy {
    table: McTable,
    geometry: Geometry,
    self_atari: SelfAtariRule,
    ladder: LadderRule,
    nakade: NakadeRule,
    capture: CaptureRule,
}

/// Which self-ataris the playouts never play: a move that captures
/// nothing and leaves the mover's string (the stone played and the strings
/// it joins) with one liberty is forbidden when that string has more than
/// `nakade_stones` stones, or more than `throw_in_stones` and it also
/// takes an adjacent opposing string's second-last liberty (a mutual atari
/// in which the opponent, to move, captures first: filling a shared
/// liberty of a seki). Smaller self-ataris (throw-ins, nakade shapes
/// played inside an eye) are left to the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SelfAtariRule {
    /// Largest string a self-atari may leave whatever it touches.
    pub throw_in_stones: u16,
    /// Largest string a self-atari may leave when it puts no opposing
    /// string in atari (the size of the largest nakade shape that is
    /// played one stone after another, the rabbity six's five).
    pub nakade_stones: u16,
}

impl SelfAtariRule {
    /// Every self-atari allowed (the table alone decides).
    pub const OFF: SelfAtariRule = SelfAtariRule {
        throw_in_stones: u16::MAX,
        nakade_stones: u16::MAX,
    };
}

impl Default for SelfAtariRule {
    fn default() -> SelfAtariRule {
        SelfAtariRule {
            throw_in_stones: 2,
            nakade_stones: 5,
        }
    }
}

impl Policy {
    /// A policy over a compiled `mc_*.db` table, with the default
    /// [`SelfAtariRule`].
    pub fn new(table: McTable) -> Policy {
        Policy::with_self_atari(table, SelfAtariRule::default())
    }

    /// A policy over `table` that forbids the self-ataris of `self_atari`.
    pub fn with_self_atari(table: McTable, self_atari: SelfAtariRule) -> Policy {
        Policy {
            table,
            geometry: Geometry(geometry_table()),
            self_atari,
            ladder: LadderRule::OFF,
            nakade: NakadeRule::OFF,
            capture: CaptureRule::OFF,
        }
    }

    /// The policy with `ladder`: the atari escapes it reads as laddered
    /// are never drawn in the playouts (see [`Playout::run`](crate::Playout::run)).
    pub fn with_ladder(self, ladder: LadderRule) -> Policy {
        Policy { ladder, ..self }
    }

    /// The ladder rule in force.
    pub fn ladder(&self) -> LadderRule {
        self.ladder
    }

    /// The policy with `nakade`: the vital point of a killing-shape eye
    /// space next to the last move is played first (see
    /// [`Playout::draw_with_rules`](crate::Playout::draw_with_rules)).
    pub fn with_nakade(self, nakade: NakadeRule) -> Policy {
        Policy { nakade, ..self }
    }

    /// The nakade rule in force.
    pub fn nakade(&self) -> NakadeRule {
        self.nakade
    }

    /// The policy with `capture`: the last move's ataris are answered
    /// first (see [`Playout::draw_with_rules`](crate::Playout::draw_with_rules)).
    pub fn with_capture(self, capture: CaptureRule) -> Policy {
        Policy { capture, ..self }
    }

    /// The capture/escape rule in force.
    pub fn capture(&self) -> CaptureRule {
        self.capture
    }

    /// The self-atari rule in force.
    pub fn self_atari(&self) -> SelfAtariRule {
        self.self_atari
    }

    /// Every legal move equally likely (the hard rules still hold).
    pub fn uniform() -> Policy {
        Policy::new(McTable::uniform("uniform"))
    }

    /// The table's name.
    pub fn name(&self) -> &str {
        &self.table.name
    }

    /// The weights of the empty-or-not point `v` for Black and White
    /// (index by `Color::index`), with `near` for the colon word `near`.
    pub fn weights_at(&self, board: &PlayoutBoard, v: u16, near: bool) -> [u32; 2] {
        let properties = properties_at(board, v, near, &self.self_atari);
        both(|color| self.weight(board, v, color, properties[color.index()]))
    }

    /// The weight of `v` for `color` with `properties` (from
    /// [`properties_at`]; the ko point is checked here).
    #[inline]
    pub fn weight(&self, board: &PlayoutBoard, v: u16, color: Color, properties: u16) -> u32 {
        if properties & FORBIDDEN != 0 || (color == board.to_move() && v == board.ko()) {
            return 0;
        }
        let code = relative_code(board.code(v), color);
        self.table
            .class_weight(self.geometry.0.class(code), properties as u8)
    }
}

impl Policy {
    /// The weights of `v` for `color` with `properties` and with the same
    /// properties less [`NEAR`] (what the weight becomes once the point is
    /// no longer near the last move), from one geometry lookup.
    #[inline]
    pub fn weights_near_and_plain(
        &self,
        board: &PlayoutBoard,
        v: u16,
        color: Color,
        properties: u16,
    ) -> [u32; 2] {
        if properties & FORBIDDEN != 0 || (color == board.to_move() && v == board.ko()) {
            return [0, 0];
        }
        let class = self.geometry.0.class(relative_code(board.code(v), color));
        [
            self.table.class_weight(class, properties as u8),
            self.table.class_weight(class, (properties & !NEAR) as u8),
        ]
    }
}

/// The geometry table, fetched once per policy rather than through its
/// `OnceLock` at every weight (a call each, callgrind).
#[derive(Clone, Copy)]
struct Geometry(&'static GeometryTable);

impl std::fmt::Debug for Geometry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("GeometryTable")
    }
}

/// `[f(Black), f(White)]` (indexed by `Color::index`): written out rather
/// than `Color::BOTH.map(f)`, which the compiler left as a call through
/// the array machinery on the playouts' hot path (callgrind).
#[inline(always)]
pub fn both<T>(mut f: impl FnMut(Color) -> T) -> [T; 2] {
    [f(Color::Black), f(Color::White)]
}

/// The `near` bit of a property code.
pub const NEAR: u16 = 1;

/// A property code meaning "never played": an occupied point, a
/// suicide, the mover's own true eye.
pub const FORBIDDEN: u16 = 0x100;

/// The `McProperties` bits of the point `v` for Black and White, or
/// [`FORBIDDEN`] (the ko point is not looked at).
#[inline(always)]
pub fn properties_at(
    board: &PlayoutBoard,
    v: u16,
    near: bool,
    self_atari: &SelfAtariRule,
) -> [u16; 2] {
    if board.cell(v) != EMPTY {
        return [FORBIDDEN; 2];
    }
    // Two empty neighbours give either colour two liberties; no stone
    // neighbour, no captures.
    let orthogonal = board.code(v) & 0xFF;
    let occupied = (orthogonal | (orthogonal >> 1)) & 0x55;
    let (captures, libs) = if occupied == 0 {
        ([0, 0], [2, 2])
    } else {
        captures_and_liberties(board, v, occupied.count_ones() <= 2)
    };
    both(|color| {
        let (own, other) = (color.index(), color.other().index());
        if libs[own] == 0 || code_is_true_eye(relative_code(board.code(v), color)) {
            return FORBIDDEN;
        }
        if libs[own] == 1 && captures[own] == 0 && self_atari.forbids(board, v, color) {
            return FORBIDDEN;
        }
        let properties = McProperties {
            near,
            opponent_captures: captures[other],
            own_captures: captures[own],
            opponent_self_atari: libs[other] == 1,
            own_self_atari: libs[own] == 1,
            opponent_suicide: libs[other] == 0,
        };
        u16::from(properties.bits())
    })
}

impl SelfAtariRule {
    /// Whether the rule forbids `color`'s non-capturing self-atari at `v`.
    /// The string's size first (a few lookups); the opposing strings'
    /// liberties only for a size between the two limits. Not inlined, so
    /// that `properties_at`'s per-colour closure stays inlined (callgrind:
    /// inlined here, the closure became a call of 70k instructions a 9×9
    /// playout).
    #[inline(never)]
    fn forbids(&self, board: &PlayoutBoard, v: u16, color: Color) -> bool {
        let own = stone(color);
        let neighbours = board.neighbours(v);
        let mut heads = [0u16; 4];
        let mut size = 1u16;
        for (k, &n) in neighbours.iter().enumerate() {
            if board.cell(n) != own {
                continue;
            }
            let g = board.head(n);
            heads[k] = g;
            if !holds(&heads[..k], g) {
                size += board.string_size(g);
            }
        }
        if size <= self.throw_in_stones {
            return false;
        }
        if size > self.nakade_stones {
            return true;
        }
        let opponent = stone(color.other());
        neighbours
            .iter()
            .any(|&n| board.cell(n) == opponent && board.count_liberties(board.head(n), 3) == 2)
    }
}

/// Stones each colour captures by playing at the empty `v` (capped at 3)
/// and the liberties (0, 1, or 2 for two or more) of its string after the
/// move, both indexed by `Color::index`, from one pass over the
/// neighbours: a colour that captures nothing has as liberties the empty
/// neighbours and its adjacent strings' other liberties; one that captures
/// is counted by [`liberties_after`]. With `two_empty` (two empty
/// neighbours) the liberties are 2 without looking.
fn captures_and_liberties(board: &PlayoutBoard, v: u16, two_empty: bool) -> ([u8; 2], [u8; 2]) {
    let neighbours = board.neighbours(v);
    // The head of each stone neighbour (0 for none), and whether it is the
    // first neighbour of its string.
    let mut heads = [0u16; 4];
    let mut first = [false; 4];
    let mut cells = [EMPTY; 4];
    let mut captured = [0u16; 2];
    for k in 0..4 {
        let n = neighbours[k];
        let cell = board.cell(n);
        cells[k] = cell;
        if cell != BLACK && cell != WHITE {
            continue;
        }
        let g = board.head(n);
        let seen = holds(&heads[..k], g);
        heads[k] = g;
        if seen {
            continue;
        }
        first[k] = true;
        if board.in_atari(g) {
            // A string of `cell` in atari is captured by the other colour:
            // Black's stones (cell 1) by White (index 1), White's by Black.
            captured[usize::from(cell == BLACK)] += board.string_size(g);
        }
    }
    let captures = [captured[0].min(3) as u8, captured[1].min(3) as u8];
    if two_empty {
        return (captures, [2, 2]);
    }
    // At most one empty neighbour (else `two_empty`): both colours' first
    // liberty.
    let mut empty = 0u16;
    for k in 0..4 {
        if cells[k] == EMPTY {
            empty = neighbours[k];
        }
    }
    let strings = NeighbourStrings {
        cells,
        heads,
        first,
    };
    let libs = [Color::Black, Color::White].map(|color| {
        if captured[color.index()] > 0 {
            liberties_after(board, v, color)
        } else {
            strings.liberties_without_capture(board, v, stone(color), empty)
        }
    });
    (captures, libs)
}

/// The cells of the four neighbours of a point, the string head of each
/// stone among them, and whether it is the first neighbour of its string.
struct NeighbourStrings {
    cells: [u8; 4],
    heads: [u16; 4],
    first: [bool; 4],
}

impl NeighbourStrings {
    /// The liberties (0, 1, or 2 for two or more) of the string a stone of
    /// `own` at `v` makes when it captures nothing: `empty` (the one empty
    /// neighbour, 0 for none) and the adjacent `own` strings' other
    /// liberties.
    #[inline(always)]
    fn liberties_without_capture(&self, board: &PlayoutBoard, v: u16, own: u8, empty: u16) -> u8 {
        let mut found = Liberties {
            v,
            points: [empty, 0],
            count: u8::from(empty != 0),
        };
        for k in 0..4 {
            if self.cells[k] != own || !self.first[k] {
                continue;
            }
            let g = self.heads[k];
            let touching = self.heads.iter().filter(|&&h| h == g).count() as u64;
            match board.liberties_besides_touching(g, v, touching) {
                OtherLiberties::None => {}
                OtherLiberties::One(p) => {
                    if found.add(p) {
                        return 2;
                    }
                }
                OtherLiberties::Several => return 2,
            }
        }
        found.count
    }
}

/// Liberties (0, 1, or 2 for two or more) of the string `color` would
/// have after playing at the empty `v`, captures included.
pub fn liberties_after(board: &PlayoutBoard, v: u16, color: Color) -> u8 {
    let own = stone(color);
    let mut found = Liberties {
        v,
        points: [0; 2],
        count: 0,
    };
    let neighbours = board.neighbours(v);
    for n in neighbours {
        if board.cell(n) == EMPTY && found.add(n) {
            return 2;
        }
    }
    // Friendly strings: every liberty except v.
    let mut friends = [0u16; 4];
    let mut num_friends = 0;
    for n in neighbours {
        if board.cell(n) != own {
            continue;
        }
        let g = board.head(n);
        if holds(&friends[..num_friends], g) {
            continue;
        }
        friends[num_friends] = g;
        num_friends += 1;
        match board.liberties_besides(g, v) {
            OtherLiberties::None => {}
            OtherLiberties::One(p) => {
                if found.add(p) {
                    return 2;
                }
            }
            OtherLiberties::Several => return 2,
        }
    }
    // Captured strings: their stones next to v or to a friendly string
    // become liberties.
    let opponent = stone(color.other());
    let mut captured = [0u16; 4];
    for (k, n) in neighbours.into_iter().enumerate() {
        if board.cell(n) != opponent {
            continue;
        }
        let g = board.head(n);
        captured[k] = g;
        if holds(&captured[..k], g) || !board.in_atari(g) {
            continue;
        }
        for s in board.string_stones(g) {
            let adjacent = holds(&neighbours, s)
                || board.neighbours(s).iter().any(|&q| {
                    board.cell(q) == own && holds(&friends[..num_friends], board.head(q))
                });
            if adjacent && found.add(s) {
                return 2;
            }
        }
    }
    found.count
}

/// Up to two distinct liberties other than the move point.
struct Liberties {
    v: u16,
    points: [u16; 2],
    count: u8,
}

impl Liberties {
    /// Adds `p`; true once two are known.
    #[inline]
    fn add(&mut self, p: u16) -> bool {
        if p == self.v || holds(&self.points[..self.count as usize], p) {
            return false;
        }
        self.points[self.count as usize] = p;
        self.count += 1;
        self.count == 2
    }
}
