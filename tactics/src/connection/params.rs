//! [`ConnectionParams`]: every number of the connection search, owned by
//! the [`ConnectionSearch`](super::search::ConnectionSearch).
//!
//! The values are fitted against GNU Go 3.8's answers; what each one
//! does, which positions show it and what other values gained or lost is
//! in `docs/tuning/connection.md`, one section per field.
//!
//! Distances are in tenths of a move ([`MOVE`]); *plies* count moves on
//! the reading stack since the search's root (so they do not move with
//! the reader's depth limits), *depths* the whole reading stack.

use super::distance::{self, MOVE};

/// The connection search's fitted numbers, [`Default`] being the values
/// it was tuned with. An `Option` of plies is `None` for "never".
#[derive(Debug, Clone, PartialEq)]
pub struct ConnectionParams {
    /// The node budget at the search's root (five times GNU Go's level-10 value).
    pub root_node_limit: f64,
    /// The budget shrinks by this factor per move already on the reading stack.
    pub node_limit_factor: f64,
    /// The deepest reading stack the search plays on (counted from the reader's root).
    pub max_search_depth: usize,
    /// Strings further apart than this are apart: the cutter needs no move.
    pub pass_distance: u32,
    /// At the horizon, connected for the connecter to move when at most this far apart.
    pub horizon_connected: u32,
    /// At the horizon, connected for the cutter to move when at most this far apart.
    pub horizon_connected_cutter: u32,
    /// The connecter's candidates lie on paths at most this much longer than the cheapest.
    pub connect_margin: u32,
    /// The cutter's path margin beyond `narrow_cut_plies`.
    pub cut_margin: u32,
    /// The cutter tries the cuts of half-broken diagonals next to either
    /// string (`diagonal_cuts`) up to this ply; `None`: never.
    pub diagonal_cut_plies: Option<usize>,
    /// The cutter's path margin up to `wide_cut_plies`.
    pub wide_cut_margin: u32,
    /// See `wide_cut_margin`.
    pub wide_cut_plies: usize,
    /// The cutter's path margin after `wide_cut_plies`, up to `narrow_cut_plies`.
    pub narrow_cut_margin: u32,
    /// See `narrow_cut_margin`.
    pub narrow_cut_plies: usize,
    /// In the narrow window, cuts this far above the cheapest path that give a short cutter string room.
    pub narrow_room_cut_margin: u32,
    /// ... cutter strings with at most this many liberties.
    pub narrow_room_liberties: usize,
    /// The cutter captures a string with at most this many liberties (the reader's attack ends the line).
    pub capture_liberties: usize,
    /// ... and plays a capture out instead when the string has at least this many liberties.
    pub verify_capture_liberties: usize,
    /// The distances cross opponent strings with two to this many liberties that the reader captures.
    pub capturable_liberties: usize,
    /// Connecter's other strings this close to either string count as on the way ...
    pub intermediate_reach: Option<u32>,
    /// ... within this many plies.
    pub intermediate_plies: usize,
    /// Far pair: the connecter's ataris next to one string, within this many plies.
    pub far_atari_plies: Option<usize>,
    /// Far pair: the connecter captures a cutting string of `three_lib_cutter_liberties`, within this many plies.
    pub three_lib_cutter_plies: Option<usize>,
    /// See `three_lib_cutter_plies`.
    pub three_lib_cutter_liberties: usize,
    /// The trivial connection captures a cutting string with this many liberties through the reader.
    pub cutting_string_liberties: usize,
    /// Far pair: the cutter's rescue of a cutting string, within this many plies.
    pub far_rescue_plies: Option<usize>,
    /// Far pair: the connecter makes a two-liberty cutting string, within this many plies.
    pub cutter_making_plies: Option<usize>,
    /// ... from an opponent string with this many liberties.
    pub cutter_making_liberties: usize,
    /// The cutter also gives room to its cutting strings with this many liberties ...
    pub short_cutting_liberties: usize,
    /// ... within this many plies.
    pub short_cutting_plies: usize,
    /// Kos are retaken through a threat with at most this many moves on the reading stack.
    pub ko_depth: usize,
    /// At the root the connecter's half-link points this close to the cheapest path come first.
    pub link_point_margin: u32,
    /// At most this many candidates per node.
    pub max_candidates: usize,
}

impl Default for ConnectionParams {
    fn default() -> ConnectionParams {
        ConnectionParams {
            root_node_limit: 10000.0,
            node_limit_factor: 1.45,
            max_search_depth: 20,
            pass_distance: 3 * MOVE,
            horizon_connected: MOVE,
            horizon_connected_cutter: distance::DIAGONAL_LINK,
            connect_margin: MOVE,
            cut_margin: 0,
            wide_cut_margin: 3,
            diagonal_cut_plies: None,
            wide_cut_plies: 4,
            narrow_cut_margin: 1,
            narrow_cut_plies: 7,
            narrow_room_cut_margin: 2,
            narrow_room_liberties: 2,
            capture_liberties: 3,
            verify_capture_liberties: 2,
            capturable_liberties: 2,
            intermediate_reach: Some(MOVE),
            intermediate_plies: 4,
            far_atari_plies: Some(1),
            three_lib_cutter_plies: Some(6),
            three_lib_cutter_liberties: 3,
            cutting_string_liberties: 4,
            far_rescue_plies: Some(0),
            cutter_making_plies: Some(2),
            cutter_making_liberties: 3,
            short_cutting_liberties: 2,
            short_cutting_plies: 2,
            ko_depth: 8,
            link_point_margin: 2,
            max_candidates: 12,
        }
    }
}
