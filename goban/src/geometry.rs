//! Board shapes and the padded vertex numbering.
//!
//! A board `width` × `height` is stored row by row in a one-dimensional
//! array with one border column shared by neighbouring rows and one border
//! row above and below, so that the four neighbours of every on-board point
//! are array entries (GNU Go's layout). Point `(i, j)` is [`Vertex`]
//! `(i + 1) · stride + j + 1` with `stride = width + 1`.

use crate::point::Point;

/// The largest width and height.
pub const MAX_SIZE: usize = 25;

/// The most vertices (points and border) any geometry has.
pub const MAX_VERTICES: usize = (MAX_SIZE + 2) * (MAX_SIZE + 1);

/// A vertex: an index into a board's padded array (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vertex(pub u16);

impl Vertex {
    /// The array index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// Why a geometry cannot be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum GeometryError {
    /// A width or height outside `1..=25`.
    #[error("board size {width}x{height} is not supported (each side 1 to {MAX_SIZE})")]
    BadSize {
        /// Width asked for.
        width: usize,
        /// Height asked for.
        height: usize,
    },
}

/// A board's width and height.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Geometry {
    width: u8,
    height: u8,
}

impl Geometry {
    /// A `width` × `height` board.
    pub const fn new(width: usize, height: usize) -> Result<Geometry, GeometryError> {
        if width == 0 || height == 0 || width > MAX_SIZE || height > MAX_SIZE {
            return Err(GeometryError::BadSize { width, height });
        }
        Ok(Geometry {
            width: width as u8,
            height: height as u8,
        })
    }

    /// A square board of `size` lines.
    pub const fn square(size: usize) -> Result<Geometry, GeometryError> {
        Geometry::new(size, size)
    }

    /// Columns.
    #[inline]
    pub const fn width(self) -> usize {
        self.width as usize
    }

    /// Rows.
    #[inline]
    pub const fn height(self) -> usize {
        self.height as usize
    }

    /// Whether the board is square.
    #[inline]
    pub const fn is_square(self) -> bool {
        self.width == self.height
    }

    /// Points on the board.
    #[inline]
    pub const fn points_count(self) -> usize {
        self.width() * self.height()
    }

    /// Distance between vertically neighbouring vertices.
    #[inline]
    pub const fn stride(self) -> usize {
        self.width() + 1
    }

    /// Length of the padded array.
    #[inline]
    pub const fn vertices(self) -> usize {
        (self.height() + 2) * self.stride()
    }

    /// Whether `(i, j)` (possibly negative) is on the board.
    #[inline]
    pub const fn contains(self, i: i32, j: i32) -> bool {
        i >= 0 && j >= 0 && i < self.height as i32 && j < self.width as i32
    }

    /// The vertex of an on-board point (`None` off the board).
    #[inline]
    pub fn vertex(self, p: Point) -> Option<Vertex> {
        self.contains(i32::from(p.i), i32::from(p.j))
            .then(|| self.vertex_unchecked(p))
    }

    /// The vertex of `p`, which the caller knows is on the board.
    #[inline]
    pub const fn vertex_unchecked(self, p: Point) -> Vertex {
        Vertex(((p.i as usize + 1) * self.stride() + p.j as usize + 1) as u16)
    }

    /// The point at an on-board vertex.
    #[inline]
    pub const fn point(self, v: Vertex) -> Point {
        let stride = self.stride();
        let (row, column) = (v.index() / stride, v.index() % stride);
        Point::new((row - 1) as u8, (column - 1) as u8)
    }

    /// The vertex of the `k`-th point in board order (row-major from the top
    /// left), `k < points_count()`.
    #[inline]
    pub const fn vertex_of_index(self, k: usize) -> Vertex {
        let (i, j) = (k / self.width(), k % self.width());
        Vertex(((i + 1) * self.stride() + j + 1) as u16)
    }

    /// The board-order index of an on-board vertex (inverse of
    /// [`Geometry::vertex_of_index`]).
    #[inline]
    pub const fn index_of_vertex(self, v: Vertex) -> usize {
        let p = self.point(v);
        p.i as usize * self.width() + p.j as usize
    }

    /// Whether a vertex index is on the board.
    #[inline]
    pub const fn is_on_board(self, v: usize) -> bool {
        let stride = self.stride();
        let (row, column) = (v / stride, v % stride);
        row >= 1 && row <= self.height() && column >= 1
    }

    /// Offsets to the four neighbours in GNU Go's order: south, west, north,
    /// east. Add them to an on-board vertex's index (wrapping for the
    /// negative ones).
    #[inline]
    pub const fn neighbour_offsets(self) -> [isize; 4] {
        let s = self.stride() as isize;
        [s, -1, -s, 1]
    }

    /// The four neighbours of an on-board vertex (some may be border
    /// vertices), south, west, north, east.
    #[inline]
    pub const fn neighbours(self, v: Vertex) -> [Vertex; 4] {
        let s = self.stride() as u16;
        [
            Vertex(v.0 + s),
            Vertex(v.0 - 1),
            Vertex(v.0 - s),
            Vertex(v.0 + 1),
        ]
    }

    /// Every on-board vertex in board order.
    pub fn board_vertices(self) -> impl Iterator<Item = Vertex> + Clone {
        (0..self.points_count()).map(move |k| self.vertex_of_index(k))
    }

    /// Every on-board point in board order.
    pub fn points(self) -> impl Iterator<Item = Point> + Clone {
        let (w, h) = (self.width, self.height);
        (0..h).flat_map(move |i| (0..w).map(move |j| Point::new(i, j)))
    }

    /// The GTP vertex of an on-board vertex.
    pub fn gtp(self, v: Vertex) -> String {
        self.point(v).to_gtp(self.height())
    }

    /// Parses a GTP vertex on this board.
    pub fn parse_gtp(self, vertex: &str) -> Option<Vertex> {
        Point::from_gtp_rect(vertex, self.width(), self.height()).map(|p| self.vertex_unchecked(p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertices_round_trip_and_neighbours_stay_in_the_array() {
        for (w, h) in [(1, 1), (7, 1), (1, 7), (6, 5), (19, 19), (25, 25), (25, 1)] {
            let g = Geometry::new(w, h).unwrap();
            assert!(g.vertices() <= MAX_VERTICES);
            let mut on_board = 0;
            for v in 0..g.vertices() {
                if g.is_on_board(v) {
                    on_board += 1;
                    let vertex = Vertex(v as u16);
                    assert_eq!(g.vertex(g.point(vertex)), Some(vertex));
                    assert_eq!(g.vertex_of_index(g.index_of_vertex(vertex)), vertex);
                    for n in g.neighbours(vertex) {
                        assert!(n.index() < g.vertices());
                    }
                    let p = g.point(vertex);
                    let deltas = [(1, 0), (0, -1), (-1, 0), (0, 1)];
                    for (n, (di, dj)) in g.neighbours(vertex).into_iter().zip(deltas) {
                        let inside = g.contains(i32::from(p.i) + di, i32::from(p.j) + dj);
                        assert_eq!(g.is_on_board(n.index()), inside, "{w}x{h} {p:?} {di} {dj}");
                    }
                }
            }
            assert_eq!(on_board, w * h);
            assert_eq!(g.board_vertices().count(), w * h);
        }
        assert!(Geometry::new(0, 3).is_err());
        assert!(Geometry::new(26, 3).is_err());
    }
}
