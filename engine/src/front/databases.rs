//! The pattern databases an [`Engine`](super::Engine) works with,
//! handed in by its caller: the shape databases (matched for move
//! proposals, in GNU Go's order within a move generation), GNU Go's
//! connection database `conn.db` (dragon amalgamation), `eyes.db`'s graphs
//! (eye values), and named roles reserved for the databases of the layers
//! still to come (owl, influence, barriers).
//!
//! Where they come from is the caller's business: the tables compiled into
//! the `patterns` crate ([`Databases::embedded`] on its `DATABASES` and
//! `CORNER_DATABASES`), or GNU Go's pattern directory compiled at run time
//! by the `tesuji` binary (which alone depends on `mkpat`). The reported
//! shape database names are `patterns` (patterns.db + patterns2.db),
//! `joseki_corner` (the joseki SGF files as one corner database), `fuseki`,
//! `endgame`, and an own database's name.

use std::borrow::Cow;
use std::sync::Arc;

use matcher::board::{Color, PackedBoard, Point};
use matcher::constraint::{CodeTable, Site};
use matcher::corner::CornerTables;
use matcher::eyes::EyePattern;
use matcher::grid::GridMatcher;
use matcher::pattern::PatternDb;
use matcher::scan::{ColorMode, ScanOptions, Scanner};
use matcher::transform::Transform;

use crate::dragons::ConnectionPatterns;
use crate::owl::OwlPatterns;
use crate::shapes::{Candidate, ShapeRules};

/// One shape database and how its callback judges matches.
#[derive(Debug, Clone)]
pub struct ShapeDb {
    /// The name matches are reported under (`patterns`, `joseki_corner`,
    /// `fuseki`, `endgame`, or an own database's name).
    pub name: String,
    /// The pattern tables.
    pub db: Cow<'static, PatternDb>,
    /// The constraint and action code (generated or interpreted).
    pub code: CodeTable,
    /// The variation tree of a corner database (matched with it instead of
    /// the grid matcher).
    pub corner: Option<Cow<'static, CornerTables>>,
    /// The stages its callback runs.
    pub rules: ShapeRules,
}

pub use crate::compose::LayerDb;

/// Every database of one engine. `shapes`, `conn` and `eye_graphs` are
/// read today; the other roles are named so that the layers that will
/// read them (owl, influence) find them where the caller put them.
#[derive(Debug, Clone, Default)]
pub struct Databases {
    /// The shape databases, in matching order.
    pub shapes: Vec<ShapeDb>,
    /// `conn.db`, for dragon building; without it every worm is its own
    /// dragon.
    pub conn: Option<Arc<ConnectionPatterns>>,
    /// The owl databases (`owl_attackpats.db`, `owl_defendpats.db`,
    /// `owl_vital_apats.db`), for the owl search (`crate::owl`); without
    /// them (or without `eye_graphs`) there is no owl reading.
    pub owl: Option<Arc<OwlPatterns>>,
    /// `eyes.db`'s graphs, for eye values (`crate::eyes::recognise`);
    /// without them the analysis finds eye spaces but values none.
    pub eye_graphs: Option<Arc<Vec<EyePattern>>>,
    /// `influence.db` (loaded from GNU Go's directory; its `E`/`I` sources
    /// are not matched by `crate::influence` yet).
    pub influence: Option<LayerDb>,
    /// `barriers.db` (loaded from GNU Go's directory; its barriers and
    /// non-territory marks are not matched by `crate::influence` yet).
    pub barriers: Option<LayerDb>,
    /// `aa_attackpats.db`, the combination search's non-atari attacker
    /// moves (`crate::combination`); without it the search tries ataris
    /// only.
    pub aa_attack: Option<LayerDb>,
}

/// The compiled-in tables a build script generates (`patterns::DATABASES`):
/// module path, tables, code.
pub type CompiledTables = [(&'static str, &'static PatternDb, &'static CodeTable)];

/// The compiled-in corner databases (`patterns::CORNER_DATABASES`): module
/// path, tables, variation tree.
pub type CompiledCorners = [(&'static str, &'static PatternDb, &'static CornerTables)];

/// One raw candidate match of a shape database.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawCandidate {
    /// Index of the database in [`Databases::shapes`].
    pub db: usize,
    /// Index of the pattern in that database.
    pub pattern: usize,
    /// The anchor (`None` for corner matches).
    pub anchor: Option<Point>,
    /// GNU Go's transformation number `ll` (the corner orientation `k` for
    /// corner matches).
    pub transform: Transform,
    /// The move.
    pub move_point: Point,
}

/// The name GNU Go's shape tables are reported under, by module name.
fn gnugo_shape_name(module: &str) -> Option<&'static str> {
    match module {
        "patterns" => Some("patterns"),
        "fuseki" => Some("fuseki"),
        "endgame" => Some("endgame"),
        _ => None,
    }
}

/// The order of reported shape databases: own ones, then GNU Go's in
/// its matching order.
fn shape_rank(name: &str) -> (u8, String) {
    let rank = match name {
        "patterns" => 1,
        "joseki_corner" => 2,
        "fuseki" => 3,
        "endgame" => 4,
        _ => 0,
    };
    (rank, name.to_string())
}

impl Databases {
    /// The databases compiled into a crate (the `patterns` crate's
    /// `DATABASES` and `CORNER_DATABASES`): every own database as a shape
    /// database, GNU Go's `gnugo::patterns`, `gnugo::fuseki`,
    /// `gnugo::endgame` and the corner database `gnugo::joseki` (as
    /// `joseki_corner`) when they were compiled in, and `gnugo::conn` as
    /// the connection database.
    pub fn embedded(
        tables: &'static CompiledTables,
        corners: &'static CompiledCorners,
    ) -> Databases {
        let mut shapes = Vec::new();
        let mut conn = None;
        for &(module, db, code) in tables {
            let (name, rules) = match module.strip_prefix("gnugo::") {
                None => (module.to_string(), ShapeRules::SHAPES),
                Some("conn") => {
                    conn = Some(Arc::new(ConnectionPatterns {
                        db: Cow::Borrowed(db),
                        code: code.clone(),
                    }));
                    continue;
                }
                Some(other) => match gnugo_shape_name(other) {
                    Some(name) => (name.to_string(), ShapeRules::SHAPES),
                    None => continue,
                },
            };
            shapes.push(ShapeDb {
                name,
                db: Cow::Borrowed(db),
                code: code.clone(),
                corner: None,
                rules,
            });
        }
        for &(module, db, corner) in corners {
            if module != "gnugo::joseki" {
                continue;
            }
            let Some(&(_, _, code)) = tables.iter().find(|(m, _, _)| *m == module) else {
                continue;
            };
            shapes.push(ShapeDb {
                name: "joseki_corner".into(),
                db: Cow::Borrowed(db),
                code: code.clone(),
                corner: Some(Cow::Borrowed(corner)),
                rules: ShapeRules::JOSEKI_CORNER,
            });
        }
        shapes.sort_by_key(|s| shape_rank(&s.name));
        Databases {
            shapes,
            conn,
            ..Databases::default()
        }
    }

    /// The shapes check's view of `raw` matched for `color` (its pattern,
    /// code, anchor and site), with its database's rules.
    pub fn candidate(&self, raw: &RawCandidate, color: Color) -> (Candidate<'_>, ShapeRules) {
        let shape = &self.shapes[raw.db];
        let candidate = Candidate {
            pattern: &shape.db.patterns[raw.pattern],
            index: raw.pattern,
            code: &shape.code,
            anchor: raw.anchor,
            site: Site::new(raw.transform, raw.move_point),
            color,
        };
        (candidate, shape.rules)
    }

    /// Every raw candidate match of the shape databases for `color` on
    /// `board`: patterns with a move only; per database in a fixed order
    /// (grid matches by anchor, pattern, `ll`; corner matches by `k`, then
    /// tree order). Scanning many positions, [`Databases::prepare`] once
    /// and ask the [`PreparedDatabases`].
    pub fn candidates(&self, board: &PackedBoard, color: Color) -> Vec<RawCandidate> {
        self.prepare().candidates(board, color)
    }

    /// The databases ready to scan many positions: each grid database's
    /// matcher (and its per-size tables) is built once and shared, also
    /// between threads.
    pub fn prepare(&self) -> PreparedDatabases<'_> {
        PreparedDatabases {
            set: self,
            grids: self
                .shapes
                .iter()
                .map(|shape| shape.corner.is_none().then(|| GridMatcher::new(&shape.db)))
                .collect(),
        }
    }

    /// The databases and indices of the shape patterns named `name`.
    pub fn find_pattern(&self, name: &str) -> Vec<(usize, usize)> {
        self.shapes
            .iter()
            .enumerate()
            .flat_map(|(db, shape)| {
                shape
                    .db
                    .patterns
                    .iter()
                    .enumerate()
                    .filter(move |(_, p)| p.name == name)
                    .map(move |(index, _)| (db, index))
            })
            .collect()
    }
}

/// [`Databases`] with their grid matchers built ([`Databases::prepare`]).
#[derive(Debug)]
pub struct PreparedDatabases<'a> {
    set: &'a Databases,
    /// One per shape database; `None` for corner databases.
    grids: Vec<Option<GridMatcher<'a>>>,
}

impl PreparedDatabases<'_> {
    /// The databases.
    pub fn set(&self) -> &Databases {
        self.set
    }

    /// [`Databases::candidates`].
    pub fn candidates(&self, board: &PackedBoard, color: Color) -> Vec<RawCandidate> {
        let mut found = Vec::new();
        for (index, shape) in self.set.shapes.iter().enumerate() {
            if let Some(corner) = &shape.corner {
                for m in corner.find_matches(board, color) {
                    found.push(RawCandidate {
                        db: index,
                        pattern: m.pattern,
                        anchor: None,
                        transform: Transform::new(m.k).unwrap_or(Transform::IDENTITY),
                        move_point: m.move_point,
                    });
                }
                continue;
            }
            let Some(scanner) = &self.grids[index] else {
                continue;
            };
            let mut matches = scanner.matches(board, &ScanOptions::new(ColorMode::Color(color)));
            matches.sort_by_key(|m| (m.anchor, m.pattern, m.transform));
            for m in matches {
                let pattern = &shape.db.patterns[m.pattern];
                let Some(move_point) = m.move_point.filter(|_| pattern.has_move) else {
                    continue;
                };
                found.push(RawCandidate {
                    db: index,
                    pattern: m.pattern,
                    anchor: Some(m.anchor),
                    transform: m.transform,
                    move_point,
                });
            }
        }
        found
    }
}
