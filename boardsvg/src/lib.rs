//! boardsvg: SVG pictures of Go boards and of GNU Go pattern diagrams.
//!
//! A [`Picture`] is a column of [`Panel`]s (one board or one pattern
//! diagram each) and a legend. A panel holds the grid (its size, which
//! sides are board edges, GTP coordinates for whole boards), the stones,
//! the last move, and at most one pattern [`Overlay`]: the pattern's
//! elements with their kinds ([`Symbol`], GNU Go's diagram characters
//! `X O x o . , * ! ? Y Q a`), its anchor, its move, the labels of its
//! constraint diagram, and the shapes check's [`Verdict`] as a colour.
//!
//! [`Picture::to_svg`] writes the SVG deterministically: integer
//! coordinates, fixed glyph definitions with stable ids (`g-X`, `g-O`, …),
//! panels in order (`panel-1`, `panel-2`, …), no clocks, no hashing.
//! [`diagram::pattern_panel`] builds a panel from a GNU Go diagram's rows
//! (a pattern on its own); the `raster` feature renders SVG to pixels with
//! resvg (tests).
//!
//! Points are [`goban::Point`]s `(i, j)`: row from the top, column from
//! the left.

#![forbid(unsafe_code)]

pub mod diagram;
#[cfg(feature = "raster")]
pub mod raster;
mod svg;

pub use goban::Point;

/// A stone's colour as drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stone {
    /// A black stone.
    Black,
    /// A white stone.
    White,
}

/// What a pattern element requires of its point: GNU Go's diagram
/// characters. `O` is the colour the pattern is matched for ("own"), `X`
/// the other colour ("opponent").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symbol {
    /// `X`: an opponent stone.
    Opponent,
    /// `O`: an own stone.
    Own,
    /// `x`: an opponent stone or empty.
    OpponentOrEmpty,
    /// `o`: an own stone or empty.
    OwnOrEmpty,
    /// `.`: empty.
    Empty,
    /// `,`: empty (connection and barrier databases).
    Comma,
    /// `!`: empty (connection inhibition, barriers).
    Bang,
    /// `*`: the move (empty).
    Move,
    /// `?`: anything (no element).
    DontCare,
    /// `Y`: an opponent stone that defines the anchor.
    OpponentAnchor,
    /// `Q`: an own stone that defines the anchor.
    OwnAnchor,
    /// `a`: obsolete, matches empty.
    Obsolete,
}

impl Symbol {
    /// Every symbol, in legend order.
    pub const ALL: [Symbol; 12] = [
        Symbol::Opponent,
        Symbol::Own,
        Symbol::OpponentOrEmpty,
        Symbol::OwnOrEmpty,
        Symbol::Empty,
        Symbol::Comma,
        Symbol::Bang,
        Symbol::Move,
        Symbol::DontCare,
        Symbol::OpponentAnchor,
        Symbol::OwnAnchor,
        Symbol::Obsolete,
    ];

    /// The symbol of a main-diagram character, if it is one.
    pub const fn from_char(c: char) -> Option<Symbol> {
        Some(match c {
            'X' => Symbol::Opponent,
            'O' => Symbol::Own,
            'x' => Symbol::OpponentOrEmpty,
            'o' => Symbol::OwnOrEmpty,
            '.' => Symbol::Empty,
            ',' => Symbol::Comma,
            '!' => Symbol::Bang,
            '*' => Symbol::Move,
            '?' => Symbol::DontCare,
            'Y' => Symbol::OpponentAnchor,
            'Q' => Symbol::OwnAnchor,
            'a' => Symbol::Obsolete,
            _ => return None,
        })
    }

    /// The diagram character.
    pub const fn char(self) -> char {
        match self {
            Symbol::Opponent => 'X',
            Symbol::Own => 'O',
            Symbol::OpponentOrEmpty => 'x',
            Symbol::OwnOrEmpty => 'o',
            Symbol::Empty => '.',
            Symbol::Comma => ',',
            Symbol::Bang => '!',
            Symbol::Move => '*',
            Symbol::DontCare => '?',
            Symbol::OpponentAnchor => 'Y',
            Symbol::OwnAnchor => 'Q',
            Symbol::Obsolete => 'a',
        }
    }

    /// A short description for the legend.
    pub const fn meaning(self) -> &'static str {
        match self {
            Symbol::Opponent => "X  opponent stone",
            Symbol::Own => "O  own stone (the colour matched for)",
            Symbol::OpponentOrEmpty => "x  opponent stone or empty",
            Symbol::OwnOrEmpty => "o  own stone or empty",
            Symbol::Empty => ".  empty",
            Symbol::Comma => ",  empty (connection/barrier mark)",
            Symbol::Bang => "!  empty (inhibition mark)",
            Symbol::Move => "*  the move",
            Symbol::DontCare => "?  anything",
            Symbol::OpponentAnchor => "Y  opponent stone, the anchor",
            Symbol::OwnAnchor => "Q  own stone, the anchor",
            Symbol::Obsolete => "a  empty (obsolete mark)",
        }
    }

    /// The stone a pattern diagram draws for this symbol, with `O` drawn
    /// white and `X` black.
    pub const fn diagram_stone(self) -> Option<Stone> {
        match self {
            Symbol::Opponent | Symbol::OpponentAnchor => Some(Stone::Black),
            Symbol::Own | Symbol::OwnAnchor => Some(Stone::White),
            _ => None,
        }
    }

    /// The id of its glyph when `O` stands for `own` (black swaps the
    /// glyphs of `X`/`O`, `x`/`o` and `Y`/`Q`).
    pub(crate) const fn glyph_for(self, own: Option<Stone>) -> &'static str {
        let swapped = match (own, self) {
            (Some(Stone::Black), Symbol::Own) => Symbol::Opponent,
            (Some(Stone::Black), Symbol::Opponent) => Symbol::Own,
            (Some(Stone::Black), Symbol::OwnOrEmpty) => Symbol::OpponentOrEmpty,
            (Some(Stone::Black), Symbol::OpponentOrEmpty) => Symbol::OwnOrEmpty,
            (Some(Stone::Black), Symbol::OwnAnchor) => Symbol::OpponentAnchor,
            (Some(Stone::Black), Symbol::OpponentAnchor) => Symbol::OwnAnchor,
            (_, symbol) => symbol,
        };
        swapped.glyph_id()
    }

    /// Whether the glyph shows a colour (and so depends on who `O` is).
    pub(crate) const fn colored(self) -> bool {
        matches!(
            self,
            Symbol::Own
                | Symbol::Opponent
                | Symbol::OwnOrEmpty
                | Symbol::OpponentOrEmpty
                | Symbol::OwnAnchor
                | Symbol::OpponentAnchor
        )
    }

    /// The id of its glyph definition (`g-…`), stable across versions.
    pub const fn glyph_id(self) -> &'static str {
        match self {
            Symbol::Opponent => "g-X",
            Symbol::Own => "g-O",
            Symbol::OpponentOrEmpty => "g-x",
            Symbol::OwnOrEmpty => "g-o",
            Symbol::Empty => "g-empty",
            Symbol::Comma => "g-comma",
            Symbol::Bang => "g-bang",
            Symbol::Move => "g-move",
            Symbol::DontCare => "g-any",
            Symbol::OpponentAnchor => "g-Y",
            Symbol::OwnAnchor => "g-Q",
            Symbol::Obsolete => "g-a",
        }
    }
}

/// The shapes check's verdict on a match, drawn as the overlay's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    /// Every check passed.
    Accepted,
    /// A check failed.
    Rejected,
    /// A check could not be decided (it needs a layer the context lacks).
    Undecided,
    /// Not judged: a raw match, or a pattern on its own.
    Unjudged,
}

impl Verdict {
    /// The colour it is drawn in.
    pub const fn color(self) -> &'static str {
        match self {
            Verdict::Accepted => "#2e7d32",
            Verdict::Rejected => "#c62828",
            Verdict::Undecided => "#ef6c00",
            Verdict::Unjudged => "#1565c0",
        }
    }

    /// Its name, as `tesuji explain` writes it.
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Accepted => "accepted",
            Verdict::Rejected => "rejected",
            Verdict::Undecided => "undecided",
            Verdict::Unjudged => "not judged",
        }
    }

    /// The verdict named `name` (`accepted`, `rejected`, `undecided`);
    /// anything else is [`Verdict::Unjudged`].
    pub fn from_name(name: &str) -> Verdict {
        match name {
            "accepted" => Verdict::Accepted,
            "rejected" => Verdict::Rejected,
            "undecided" => Verdict::Undecided,
            _ => Verdict::Unjudged,
        }
    }
}

/// Which sides of a panel's grid are board edges (the others are drawn as
/// lines running on, for a piece of a board).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Edges {
    /// The first row is the board's top line.
    pub top: bool,
    /// The last row is the board's bottom line.
    pub bottom: bool,
    /// The first column is the board's left line.
    pub left: bool,
    /// The last column is the board's right line.
    pub right: bool,
}

impl Edges {
    /// Every side is an edge (a whole board).
    pub const ALL: Edges = Edges {
        top: true,
        bottom: true,
        left: true,
        right: true,
    };
    /// No side is an edge (a piece from the middle of a board).
    pub const NONE: Edges = Edges {
        top: false,
        bottom: false,
        left: false,
        right: false,
    };
}

/// A pattern laid over a panel's grid.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Overlay {
    /// The verdict, drawn as the overlay's colour.
    pub verdict: Option<Verdict>,
    /// The pattern's points and what each requires (`?` points included
    /// when they should be shown).
    pub elements: Vec<(Point, Symbol)>,
    /// The anchor, if known.
    pub anchor: Option<Point>,
    /// The move, if the pattern has one.
    pub move_point: Option<Point>,
    /// The constraint diagram's labels and their points.
    pub labels: Vec<(Point, char)>,
    /// The colour `O` stands for on a board: the kind glyphs of `X O x o
    /// Y Q` are then drawn in the stones' real colours. `None` (and every
    /// diagram) draws `O` white and `X` black.
    pub own: Option<Stone>,
}

impl Overlay {
    /// The verdict or [`Verdict::Unjudged`].
    pub fn verdict(&self) -> Verdict {
        self.verdict.unwrap_or(Verdict::Unjudged)
    }
}

/// How a panel draws its overlay.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Style {
    /// A position: the board's stones as they are, the overlay as framed
    /// points with a small kind glyph in each frame's corner.
    #[default]
    Board,
    /// A pattern on its own: `X`/`O` (and `Y`/`Q`) drawn as stones, the
    /// other kinds as full-size glyphs on their points.
    Diagram,
}

/// One board or pattern picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Panel {
    /// The heading (first line bold); long lines are wrapped.
    pub title: Vec<String>,
    /// Rows of the grid.
    pub rows: usize,
    /// Columns of the grid.
    pub columns: usize,
    /// Which sides are board edges.
    pub edges: Edges,
    /// GTP coordinates around the grid (whole boards): column letters and
    /// row numbers counted from the bottom.
    pub coordinates: bool,
    /// Star points (whole boards of 9 lines or more).
    pub star_points: bool,
    /// The stones.
    pub stones: Vec<(Point, Stone)>,
    /// The last move, marked on its stone.
    pub last_move: Option<Point>,
    /// Extra marked points (e.g. the point asked about), drawn as a square.
    pub marked: Vec<Point>,
    /// The pattern overlay.
    pub overlay: Option<Overlay>,
    /// How the overlay is drawn.
    pub style: Style,
}

impl Panel {
    /// An empty whole board `size` × `size` with coordinates and star
    /// points.
    pub fn board(size: usize) -> Panel {
        Panel {
            title: Vec::new(),
            rows: size,
            columns: size,
            edges: Edges::ALL,
            coordinates: true,
            star_points: true,
            stones: Vec::new(),
            last_move: None,
            marked: Vec::new(),
            overlay: None,
            style: Style::Board,
        }
    }

    /// Whether `p` lies on the grid.
    pub fn contains(&self, p: Point) -> bool {
        usize::from(p.i) < self.rows && usize::from(p.j) < self.columns
    }
}

/// A column of panels and a legend of what their overlays use.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Picture {
    /// The panels, top to bottom.
    pub panels: Vec<Panel>,
}

/// Why a picture cannot be drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PictureError {
    /// A picture needs at least one panel.
    NoPanels,
    /// A grid is empty or larger than [`MAX_GRID`] either way.
    BadGrid {
        /// The panel (1-based).
        panel: usize,
        /// Rows.
        rows: usize,
        /// Columns.
        columns: usize,
    },
    /// A point lies outside its panel's grid.
    OffGrid {
        /// The panel (1-based).
        panel: usize,
        /// What the point is (stone, element, label, …).
        what: &'static str,
        /// The point.
        point: Point,
    },
}

impl std::fmt::Display for PictureError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PictureError::NoPanels => write!(f, "a picture needs at least one panel"),
            PictureError::BadGrid {
                panel,
                rows,
                columns,
            } => write!(
                f,
                "panel {panel}: a grid of {rows} x {columns} cannot be drawn (1 to {MAX_GRID} lines each way)"
            ),
            PictureError::OffGrid { panel, what, point } => write!(
                f,
                "panel {panel}: {what} at ({}, {}) lies outside the grid",
                point.i, point.j
            ),
        }
    }
}

impl std::error::Error for PictureError {}

/// The largest grid drawn: GNU Go's largest pattern (37 cells across) and
/// the largest board (25).
pub const MAX_GRID: usize = 37;

impl Picture {
    /// A picture of one panel.
    pub fn single(panel: Panel) -> Picture {
        Picture {
            panels: vec![panel],
        }
    }

    /// Checks that every panel's grid is drawable and every point lies on
    /// its grid.
    pub fn validate(&self) -> Result<(), PictureError> {
        if self.panels.is_empty() {
            return Err(PictureError::NoPanels);
        }
        for (k, panel) in self.panels.iter().enumerate() {
            let number = k + 1;
            if !(1..=MAX_GRID).contains(&panel.rows) || !(1..=MAX_GRID).contains(&panel.columns) {
                return Err(PictureError::BadGrid {
                    panel: number,
                    rows: panel.rows,
                    columns: panel.columns,
                });
            }
            let check = |what: &'static str, point: Point| {
                if panel.contains(point) {
                    Ok(())
                } else {
                    Err(PictureError::OffGrid {
                        panel: number,
                        what,
                        point,
                    })
                }
            };
            for &(p, _) in &panel.stones {
                check("a stone", p)?;
            }
            if let Some(p) = panel.last_move {
                check("the last move", p)?;
            }
            for &p in &panel.marked {
                check("a marked point", p)?;
            }
            if let Some(overlay) = &panel.overlay {
                for &(p, _) in &overlay.elements {
                    check("a pattern element", p)?;
                }
                for &(p, _) in &overlay.labels {
                    check("a label", p)?;
                }
                if let Some(p) = overlay.anchor {
                    check("the anchor", p)?;
                }
                if let Some(p) = overlay.move_point {
                    check("the move", p)?;
                }
            }
        }
        Ok(())
    }

    /// The SVG text, or why the picture cannot be drawn.
    pub fn to_svg(&self) -> Result<String, PictureError> {
        self.validate()?;
        Ok(svg::write(self))
    }
}

/// The GTP name of column `j` (`A`…`Z` without `I`).
pub fn column_letter(j: usize) -> char {
    goban::GTP_COLUMNS.get(j).map_or('?', |&c| char::from(c))
}
