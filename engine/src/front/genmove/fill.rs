//! Filling liberties at the end of the game (GNU Go's `fill_liberty`,
//! `design/gnugo-engine.md` §2.11 step 8): when no move has a positive
//! value, the mover still has to settle the boundaries before passing.
//! Four kinds of move, tried in this order ([`FillKind`]):
//!
//! 1. **protect**: an own living string with two liberties that the
//!    opponent could put in atari by playing one of them that lies in a
//!    neutral region is connected or extended first (a thin edge chain, a
//!    stone that a dame fill would atari), with the safe liberty that
//!    leaves it the most liberties; then a string of three or four
//!    liberties that the opponent could capture after filling one of its
//!    dame liberties (tactical reading), with a liberty after which he
//!    cannot;
//! 2. **dame**: an empty point of a neutral region (one that touches
//!    living stones of both colours, dead stones counted as the empty
//!    points they will become; [`neutral_points`]) next to a living
//!    opponent stone, filled when the stone played is safe and no own
//!    string next to it becomes capturable; never a point of the mover's
//!    own territory or eye;
//! 3. **backfill**: when a dame cannot be filled safely (a self-atari, or
//!    a shortage of liberties of the strings it joins), a liberty of the
//!    own string next to it that makes that string safer is played
//!    first, when that move is safe itself;
//! 4. **protect inside**: as 1, against an atari played inside the
//!    mover's own area next to an opponent string, dead ones included,
//!    not in atari itself (thrash 22: White J9 beside its dead H8 would
//!    atari H9); last, as it fills a point of the mover's own area.
//!
//! Nothing found: the caller passes. Deterministic: candidates are tried
//! in board order (top row first).

use goban::{Board, Cell, Color, Vertex};
use tactics::codes::Code;
use tactics::reader::Reader;

/// The constants of liberty filling.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FillParams {
    /// Own strings with at most this many liberties are protected before
    /// any dame is filled.
    pub protect_liberties: usize,
    /// A stone played to fill or protect must keep at least this many
    /// liberties (2: never a self-atari).
    pub min_liberties: usize,
    /// A region bordered by one colour alone is that colour's territory
    /// only when it holds at most this share of the board's points (a few
    /// stones on an empty board enclose nothing).
    pub territory_share_max: f32,
    /// Strings with more than `protect_liberties` and at most this many
    /// liberties are protected when the opponent's fill of a dame liberty
    /// lets him capture them (0: never).
    pub protect_read_liberties: usize,
    /// When no dame is left to fill, protect against an atari played
    /// inside own area beside an opponent stone, dead ones included.
    pub protect_next_to_opponent: bool,
    /// Protect with the safe liberty that leaves the string the most
    /// liberties (off: the first safe one in board order).
    pub protect_most_liberties: bool,
    /// A fill after which the opponent has a combination attack he had
    /// not before is unsafe (the caller's combination search).
    pub combination_safety: bool,
}

impl Default for FillParams {
    fn default() -> FillParams {
        FillParams {
            protect_liberties: 2,
            min_liberties: 2,
            territory_share_max: 0.5,
            protect_read_liberties: 4,
            protect_next_to_opponent: true,
            protect_most_liberties: true,
            combination_safety: false,
        }
    }
}

impl FillParams {
    /// Sets the field `key` to `value` (numbers; switches `on`/`off`), for
    /// experiments (`tesuji gtp --valuation fill.KEY=VALUE`).
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let bad = || format!("fill parameter {key}: bad value {value:?}");
        let count = |v: &str| v.parse::<usize>().map_err(|_| bad());
        let switch = |v: &str| match v {
            "on" => Ok(true),
            "off" => Ok(false),
            _ => Err(bad()),
        };
        match key {
            "protect_liberties" => self.protect_liberties = count(value)?,
            "min_liberties" => self.min_liberties = count(value)?,
            "territory_share_max" => self.territory_share_max = value.parse().map_err(|_| bad())?,
            "protect_read_liberties" => self.protect_read_liberties = count(value)?,
            "protect_next_to_opponent" => self.protect_next_to_opponent = switch(value)?,
            "protect_most_liberties" => self.protect_most_liberties = switch(value)?,
            "combination_safety" => self.combination_safety = switch(value)?,
            _ => return Err(format!("no fill parameter {key}")),
        }
        Ok(())
    }
}

/// Why a liberty is filled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FillKind {
    /// It connects or extends an own string the opponent could endanger.
    Protect,
    /// It fills a neutral point next to an opponent stone.
    Dame,
    /// It prepares an unsafe dame by making the own string next to it
    /// safer.
    Backfill,
}

/// A liberty to fill and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fill {
    /// The point.
    pub at: Vertex,
    /// The kind of fill.
    pub kind: FillKind,
}

/// The liberty `color` fills on `reader`'s position, or `None` (pass).
/// `dead` says which stones the analysis counts as dead; `combination`
/// whether the opponent has a new combination attack after `color`'s
/// move at a point (read only with `combination_safety`).
pub fn fill_liberty(
    reader: &Reader,
    color: Color,
    dead: &dyn Fn(Vertex) -> bool,
    combination: &mut dyn FnMut(Vertex) -> bool,
    params: &FillParams,
) -> Option<Fill> {
    let mut filler = Filler {
        reader: reader.clone(),
        color,
        dead,
        combination,
        params,
    };
    let board = reader.board().board().clone();
    let dame = neutral_points(&board, dead, params.territory_share_max);
    if let Some(at) = filler.protect(&board, &dame, false) {
        return Some(Fill {
            at,
            kind: FillKind::Protect,
        });
    }
    if let Some(at) = filler.protect_read(&board, &dame) {
        return Some(Fill {
            at,
            kind: FillKind::Protect,
        });
    }
    let touching_opponent: Vec<Vertex> = dame
        .iter()
        .copied()
        .filter(|&v| filler.touches_living(&board, v, color.other()))
        .collect();
    if let Some(&at) = touching_opponent
        .iter()
        .find(|&&v| filler.is_safe(&board, v))
    {
        return Some(Fill {
            at,
            kind: FillKind::Dame,
        });
    }
    if let Some(at) = touching_opponent
        .iter()
        .find_map(|&v| filler.backfill(&board, v))
    {
        return Some(Fill {
            at,
            kind: FillKind::Backfill,
        });
    }
    let inside = params.protect_next_to_opponent;
    inside
        .then(|| filler.protect(&board, &dame, true))
        .flatten()
        .map(|at| Fill {
            at,
            kind: FillKind::Protect,
        })
}

/// The empty points of neutral regions: regions of empty points and dead
/// stones that touch living stones of both colours, or of neither (an
/// empty board), or that hold more than `territory_share_max` of the
/// board's points.
pub fn neutral_points(
    board: &Board,
    dead: &dyn Fn(Vertex) -> bool,
    territory_share_max: f32,
) -> Vec<Vertex> {
    let geometry = board.geometry();
    let open = |v: Vertex| board.cell(v) == Cell::Empty || dead(v);
    let mut region_of = vec![usize::MAX; geometry.vertices()];
    let mut neutral = Vec::new();
    for start in geometry.board_vertices() {
        if !open(start) || region_of[start.index()] != usize::MAX {
            continue;
        }
        let id = neutral.len();
        let (mut black, mut white) = (false, false);
        let mut stack = vec![start];
        let mut size = 0usize;
        region_of[start.index()] = id;
        while let Some(v) = stack.pop() {
            size += 1;
            for n in board.neighbours(v) {
                if open(n) {
                    if region_of[n.index()] == usize::MAX {
                        region_of[n.index()] = id;
                        stack.push(n);
                    }
                } else {
                    match board.cell(n).color() {
                        Some(Color::Black) => black = true,
                        Some(Color::White) => white = true,
                        None => {}
                    }
                }
            }
        }
        // Bordered by one colour alone: that colour's territory, unless
        // it is most of the board.
        let most = size as f32 > territory_share_max * geometry.points_count() as f32;
        neutral.push(black == white || most);
    }
    geometry
        .board_vertices()
        .filter(|&v| board.cell(v) == Cell::Empty && neutral[region_of[v.index()]])
        .collect()
}

/// Whether each vertex of `board` is one of the `dame` points.
fn dame_mask(board: &Board, dame: &[Vertex]) -> Vec<bool> {
    let mut is_dame = vec![false; board.geometry().vertices()];
    for d in dame {
        is_dame[d.index()] = true;
    }
    is_dame
}

/// The reading state of one liberty-filling search.
struct Filler<'a> {
    reader: Reader,
    color: Color,
    dead: &'a dyn Fn(Vertex) -> bool,
    combination: &'a mut dyn FnMut(Vertex) -> bool,
    params: &'a FillParams,
}

impl Filler<'_> {
    /// Whether a living stone of `color` is next to `v`.
    fn touches_living(&self, board: &Board, v: Vertex, color: Color) -> bool {
        board
            .neighbours(v)
            .any(|n| board.cell(n).color() == Some(color) && !(self.dead)(n))
    }

    /// Whether the mover's stone at `v` keeps `min_liberties`, cannot be
    /// captured, leaves every own string next to it uncapturable and,
    /// with `combination_safety`, gives the opponent no new combination.
    fn is_safe(&mut self, board: &Board, v: Vertex) -> bool {
        if board.cell(v) != Cell::Empty
            || board.liberties_after(self.color, v) < self.params.min_liberties
        {
            return false;
        }
        if self.reader.trymove(self.color, v).is_err() {
            return false;
        }
        let safe = self.reader.attack(v).code == Code::Fail;
        self.reader.popgo();
        safe && !(self.params.combination_safety && (self.combination)(v))
    }

    /// One stone of each of the mover's living strings, in board order
    /// (the first stone met of each).
    fn living_strings(&self, board: &Board) -> Vec<Vertex> {
        let geometry = board.geometry();
        let mut seen = vec![false; geometry.vertices()];
        geometry
            .board_vertices()
            .filter(|&v| board.cell(v).color() == Some(self.color) && !(self.dead)(v))
            .filter(|&v| !std::mem::replace(&mut seen[board.head(v).index()], true))
            .collect()
    }

    /// The liberty that protects the first own living string (board
    /// order) with at most `protect_liberties` liberties that the
    /// opponent can put in atari by a legal move at one of its liberties
    /// ([`Filler::threatens`]; `inside`: beside an opponent stone too):
    /// [`Filler::protecting_liberty`].
    fn protect(&mut self, board: &Board, dame: &[Vertex], inside: bool) -> Option<Vertex> {
        let is_dame = dame_mask(board, dame);
        for v in self.living_strings(board) {
            let liberties: Vec<Vertex> = board.liberty_vertices(v).collect();
            if liberties.len() > self.params.protect_liberties
                || !liberties
                    .iter()
                    .any(|&l| self.threatens(board, v, l, is_dame[l.index()], inside))
            {
                continue;
            }
            if let Some(at) = self.protecting_liberty(board, &liberties) {
                return Some(at);
            }
        }
        None
    }

    /// The liberty that protects the first own living string (board
    /// order) with more than `protect_liberties` and at most
    /// `protect_read_liberties` liberties that the opponent can capture
    /// after filling one of its dame liberties: the first safe liberty
    /// after which no dame fill lets him capture it (filllib 45: G9
    /// takes a liberty from White's dead H9, so F9 no longer threatens
    /// Black's F8).
    fn protect_read(&mut self, board: &Board, dame: &[Vertex]) -> Option<Vertex> {
        let is_dame = dame_mask(board, dame);
        for v in self.living_strings(board) {
            let liberties: Vec<Vertex> = board.liberty_vertices(v).collect();
            let count = liberties.len();
            if count <= self.params.protect_liberties || count > self.params.protect_read_liberties
            {
                continue;
            }
            let dame_liberties: Vec<Vertex> = liberties
                .iter()
                .copied()
                .filter(|l| is_dame[l.index()])
                .collect();
            if !dame_liberties.iter().any(|&l| self.endangers(v, l)) {
                continue;
            }
            for &at in &liberties {
                if !self.is_safe(board, at) || self.reader.trymove(self.color, at).is_err() {
                    continue;
                }
                let holds = dame_liberties
                    .iter()
                    .filter(|&&l| l != at)
                    .all(|&l| !self.endangers(v, l));
                self.reader.popgo();
                if holds {
                    return Some(at);
                }
            }
        }
        None
    }

    /// Whether the opponent's legal move at `liberty` lets him capture the
    /// own string at `stone` (on the reader's current position).
    fn endangers(&mut self, stone: Vertex, liberty: Vertex) -> bool {
        if self.reader.trymove(self.color.other(), liberty).is_err() {
            return false;
        }
        let board = self.reader.board().board();
        let ours = board.cell(stone).color() == Some(self.color);
        let endangered = !ours || self.reader.attack(stone).code != Code::Fail;
        self.reader.popgo();
        endangered
    }

    /// Whether the opponent's move at `liberty` of the own string at
    /// `stone` is an atari to protect against: played on a dame, or with
    /// `inside` next to an opponent string, dead or alive, that is not in
    /// atari itself (one in atari is the mover's to capture: pub53, where
    /// GNU Go passes); a self-atari too, in both cases.
    fn threatens(
        &mut self,
        board: &Board,
        stone: Vertex,
        liberty: Vertex,
        dame: bool,
        inside: bool,
    ) -> bool {
        let opponent = self.color.other();
        let beside_opponent = || {
            board
                .neighbours(liberty)
                .any(|n| board.cell(n).color() == Some(opponent) && board.liberties(n) >= 2)
        };
        let counted = dame || (inside && beside_opponent());
        counted && self.ataris(stone, liberty)
    }

    /// The liberty of `liberties` the mover protects with: a safe one,
    /// with `protect_most_liberties` the one leaving the most liberties
    /// (the first in board order on ties).
    fn protecting_liberty(&mut self, board: &Board, liberties: &[Vertex]) -> Option<Vertex> {
        let mut best: Option<(Vertex, usize)> = None;
        for &l in liberties {
            if !self.is_safe(board, l) {
                continue;
            }
            if !self.params.protect_most_liberties {
                return Some(l);
            }
            let after = board.liberties_after(self.color, l);
            if best.is_none_or(|(_, most)| after > most) {
                best = Some((l, after));
            }
        }
        best.map(|(l, _)| l)
    }

    /// Whether the opponent's legal move at `liberty` leaves the own
    /// string at `stone` in atari (a self-atari too: GNU Go protects
    /// against those as well, filllib2 R19).
    fn ataris(&mut self, stone: Vertex, liberty: Vertex) -> bool {
        if self.reader.trymove(self.color.other(), liberty).is_err() {
            return false;
        }
        let board = self.reader.board().board();
        let atari = board.cell(stone).color() == Some(self.color) && board.liberties(stone) == 1;
        self.reader.popgo();
        atari
    }

    /// A move that prepares the unsafe dame at `dame`: a liberty, other
    /// than `dame`, of an own living string next to it, safe to play and
    /// leaving the string more liberties than it has now.
    fn backfill(&mut self, board: &Board, dame: Vertex) -> Option<Vertex> {
        let strings: Vec<Vertex> = board
            .neighbour_strings(dame, self.color)
            .filter(|&s| !(self.dead)(s))
            .collect();
        for s in strings {
            let now = board.liberties(s);
            let liberties: Vec<Vertex> = board.liberty_vertices(s).filter(|&l| l != dame).collect();
            for l in liberties {
                let mut after = board.clone();
                after.play(self.color, l);
                let gains = after.cell(s).color() == Some(self.color) && after.liberties(s) > now;
                if gains && self.is_safe(board, l) {
                    return Some(l);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reader(rows: &[&str]) -> Reader {
        Reader::new(Board::from_rows(rows).expect("board"), None)
    }

    fn at(reader: &Reader, vertex: &str) -> Vertex {
        reader
            .board()
            .board()
            .geometry()
            .parse_gtp(vertex)
            .expect("vertex")
    }

    fn fill(reader: &Reader, color: Color, dead: &[&str]) -> Option<Fill> {
        let dead: Vec<Vertex> = dead.iter().map(|d| at(reader, d)).collect();
        let board = reader.board().board();
        let is_dead = |v: Vertex| {
            dead.iter()
                .any(|&d| board.cell(v).color().is_some() && board.head(d) == board.head(v))
        };
        fill_liberty(
            reader,
            color,
            &is_dead,
            &mut |_| false,
            &FillParams::default(),
        )
    }

    /// Black's wall (column C) and White's (column E) leave column D
    /// neutral; A–B are Black's territory and F White's.
    const WALLS: [&str; 5] = ["..X.O.", "..X.O.", "..X.O.", "..X.O.", "..X.O."];

    #[test]
    fn fills_a_dame_between_the_walls_never_its_own_territory() {
        let r = reader(&WALLS);
        for color in [Color::Black, Color::White] {
            let found = fill(&r, color, &[]).expect("a dame");
            assert_eq!(found.kind, FillKind::Dame);
            assert_eq!(r.board().board().geometry().gtp(found.at), "D5");
        }
    }

    #[test]
    fn with_combination_safety_a_dame_that_lets_in_a_combination_is_skipped() {
        // The caller's combination search finds one after Black D5 only:
        // with the switch Black fills the next dame in board order.
        let r = reader(&WALLS);
        let d5 = at(&r, "D5");
        let params = FillParams {
            combination_safety: true,
            ..FillParams::default()
        };
        let mut combination = |v: Vertex| v == d5;
        let found =
            fill_liberty(&r, Color::Black, &|_| false, &mut combination, &params).expect("a dame");
        assert_eq!(found.kind, FillKind::Dame);
        assert_eq!(r.board().board().geometry().gtp(found.at), "D4");
        let old = FillParams::default();
        let found =
            fill_liberty(&r, Color::Black, &|_| false, &mut combination, &old).expect("a dame");
        assert_eq!(r.board().board().geometry().gtp(found.at), "D5");
    }

    #[test]
    fn sets_its_fields_by_name() {
        let mut params = FillParams::default();
        params.set("combination_safety", "on").expect("a switch");
        params.set("territory_share_max", "1").expect("a number");
        assert!(params.combination_safety);
        assert_eq!(params.territory_share_max, 1.0);
        assert!(params.set("combination_safety", "1").is_err());
        assert!(params.set("no_such_field", "on").is_err());
    }

    #[test]
    fn passes_when_every_boundary_is_closed() {
        // Column D filled alternately: every empty point is someone's
        // territory.
        let r = reader(&["..XXO.", "..XOO.", "..XXO.", "..XOO.", "..XXO."]);
        assert_eq!(fill(&r, Color::Black, &[]), None);
        assert_eq!(fill(&r, Color::White, &[]), None);
    }

    #[test]
    fn a_dead_stone_inside_territory_is_no_reason_to_fill() {
        // White's B3 is dead inside Black's territory: the points next to
        // it are Black's, not dame (the first fill next to an opponent
        // stone would have played there).
        let r = reader(&["..XXO.", "..XOO.", ".OXXO.", "..XOO.", "..XXO."]);
        assert_eq!(fill(&r, Color::Black, &["B3"]), None);
        let alive = fill(&r, Color::Black, &[]).expect("B3 alive makes A-B neutral");
        assert_eq!(alive.kind, FillKind::Dame);
    }

    #[test]
    fn an_atari_from_inside_own_territory_needs_no_protection() {
        // Black A1 has two liberties, but White's atari at A2 or B1 would
        // be a stone inside Black's territory: nothing to protect, pass.
        let r = reader(&["..XXO.", "..XOO.", "..XXO.", "..XOO.", "X.XXO."]);
        assert_eq!(fill(&r, Color::Black, &[]), None);
    }

    #[test]
    fn protects_a_stone_the_opponent_could_atari_from_a_dame() {
        // Black C6 has two liberties, D6 and C5; White at the dame C5
        // (joined to its wall) would put it in atari, so Black connects
        // first rather than fill elsewhere.
        let r = reader(&[".OX...", ".O.X..", ".OXX..", ".OX...", ".OX...", ".OX..."]);
        let found = fill(&r, Color::Black, &[]).expect("a protecting move");
        assert_eq!(found.kind, FillKind::Protect);
        let name = r.board().board().geometry().gtp(found.at);
        assert!(name == "D6" || name == "C5", "{name}");
    }

    #[test]
    fn protects_inside_own_area_against_an_atari_beside_a_dead_stone() {
        // White's B3-B5 is dead inside Black's area; White A4 beside it
        // would put Black's A3 in atari. Black connects with the liberty
        // that leaves the most liberties (A2, joining the wall; A4 first
        // in board order leaves two).
        let rows = [".O.X.", ".OXX.", "XOX..", ".XX..", "XXX.."];
        let r = reader(&rows);
        let found = fill(&r, Color::Black, &["B3"]).expect("a protecting move");
        assert_eq!(found.kind, FillKind::Protect);
        assert_eq!(r.board().board().geometry().gtp(found.at), "A2");
        // Without the rule the whole area is Black's: nothing to fill.
        let dead = at(&r, "B3");
        let board = r.board().board();
        let is_dead =
            |v: Vertex| board.cell(v).color().is_some() && board.head(v) == board.head(dead);
        let old = FillParams {
            protect_next_to_opponent: false,
            ..FillParams::default()
        };
        assert_eq!(
            fill_liberty(&r, Color::Black, &is_dead, &mut |_| false, &old),
            None
        );
    }
}
