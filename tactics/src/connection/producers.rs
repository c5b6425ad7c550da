//! The connection search's candidate producers as a table: one row per
//! producer, saying whose moves it proposes, in which window of plies
//! (moves since the search's root), on paths how much longer than the
//! cheapest (where it reads the paths), and what it proposes. The search
//! runs the rows of the side to move in table order into one move buffer
//! (no move twice), then keeps the first `max_candidates`. Why each row
//! and bound is what it is: `docs/tuning/connection.md`.

use std::fmt;

use super::params::ConnectionParams;

/// Whose moves a producer proposes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mover {
    /// The owner of the two strings.
    Connecter,
    /// Its opponent.
    Cutter,
}

/// What a row runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Produce {
    /// Either string in atari: captures of its neighbours in atari, then
    /// its liberty.
    AtariRescue,
    /// Captures of opponent strings in atari that the paths cross.
    CapturesOnPaths,
    /// The open points of half links on the paths.
    HalfLinkPoints,
    /// The empty points on the paths, cheapest first.
    PathPoints,
    /// Ataris on opponent strings next to either string.
    Ataris,
    /// The liberties of cutting strings (next to both strings) in atari.
    SaveCuttingStones,
    /// The liberties of short cutting strings.
    ShortCuttingStones,
    /// Path points that are liberties of short cutter strings.
    RoomForCutters,
    /// The empty corner of a diagonal between either string and another
    /// string of the connecter whose other corner holds a cutter stone:
    /// the cut of a half-broken diagonal, wherever the paths run.
    DiagonalCuts,
}

/// One producer.
#[derive(Debug, Clone, Copy)]
pub struct Producer {
    /// Our name for it.
    pub name: &'static str,
    /// Whose moves.
    pub mover: Mover,
    /// The first ply of its window.
    pub from_ply: usize,
    /// The last ply of its window (`None`: no end).
    pub to_ply: Option<usize>,
    /// How much longer than the cheapest a path may be, where it reads
    /// the paths.
    pub margin: Option<u32>,
    pub(super) run: Produce,
}

impl Producer {
    pub(super) fn admits(&self, plies: usize) -> bool {
        plies >= self.from_ply && self.to_ply.is_none_or(|to| plies <= to)
    }
}

impl fmt::Display for Producer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plies = match self.to_ply {
            Some(to) => format!("{}..={to}", self.from_ply),
            None => format!("{}..", self.from_ply),
        };
        let margin = self.margin.map_or("-".to_string(), |m| m.to_string());
        write!(
            f,
            "{:<22} {:<9} plies {:<6} margin {:<2} {:?}",
            self.name,
            format!("{:?}", self.mover),
            plies,
            margin,
            self.run
        )
    }
}

/// The producers of both sides, in the order the search runs them.
#[derive(Debug, Clone)]
pub struct Producers {
    /// The connecter's rows.
    pub connecter: Vec<Producer>,
    /// The cutter's rows.
    pub cutter: Vec<Producer>,
}

impl Producers {
    /// The table for `p`.
    pub fn new(p: &ConnectionParams) -> Producers {
        use Mover::*;
        use Produce::*;
        let row = |name, mover, from_ply, to_ply, margin, run| Producer {
            name,
            mover,
            from_ply,
            to_ply,
            margin,
            run,
        };
        let narrow_from = p.wide_cut_plies + 1;
        let mut producers = Producers {
            connecter: vec![
                row("atari_rescue", Connecter, 0, None, None, AtariRescue),
                row(
                    "captures_on_paths",
                    Connecter,
                    0,
                    None,
                    Some(p.connect_margin),
                    CapturesOnPaths,
                ),
                row(
                    "half_link_points",
                    Connecter,
                    0,
                    Some(0),
                    Some(p.connect_margin),
                    HalfLinkPoints,
                ),
                row(
                    "path_points",
                    Connecter,
                    0,
                    None,
                    Some(p.connect_margin),
                    PathPoints,
                ),
                row("ataris", Connecter, 0, None, None, Ataris),
            ],
            cutter: vec![
                row(
                    "save_cutting_stones",
                    Cutter,
                    0,
                    None,
                    None,
                    SaveCuttingStones,
                ),
                row(
                    "short_cutting_stones",
                    Cutter,
                    0,
                    Some(p.short_cutting_plies),
                    None,
                    ShortCuttingStones,
                ),
                row(
                    "wide_cuts",
                    Cutter,
                    0,
                    Some(p.wide_cut_plies),
                    Some(p.wide_cut_margin),
                    PathPoints,
                ),
                row(
                    "narrow_cuts",
                    Cutter,
                    narrow_from,
                    Some(p.narrow_cut_plies),
                    Some(p.narrow_cut_margin),
                    PathPoints,
                ),
                row(
                    "cuts",
                    Cutter,
                    p.narrow_cut_plies.max(p.wide_cut_plies) + 1,
                    None,
                    Some(p.cut_margin),
                    PathPoints,
                ),
                row(
                    "room_for_cutters",
                    Cutter,
                    narrow_from,
                    Some(p.narrow_cut_plies),
                    Some(p.narrow_room_cut_margin),
                    RoomForCutters,
                ),
            ],
        };
        if let Some(plies) = p.diagonal_cut_plies {
            producers.cutter.push(row(
                "diagonal_cuts",
                Cutter,
                0,
                Some(plies),
                None,
                DiagonalCuts,
            ));
        }
        producers
    }

    /// The table and the parameters as text, one row or field a line:
    /// what the snapshot test prints.
    pub fn describe(p: &ConnectionParams) -> String {
        let producers = Producers::new(p);
        let mut text = String::new();
        for row in producers.connecter.iter().chain(&producers.cutter) {
            text.push_str(&row.to_string());
            text.push('\n');
        }
        text.push('\n');
        text.push_str(&format!("{p:#?}\n"));
        text
    }
}
