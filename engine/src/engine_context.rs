//! The engine's [`Context`]: what constraint and action code may ask about
//! one position, answered by the parts of the engine layers that exist so
//! far, composed by [`compose_context!`](crate::compose) (every question to
//! the part that answers it):
//!
//! * the **tactics** part ([`TacticsPart`]): tactical and connection
//!   reading on an owned reader, with the root worms;
//! * the **board** part ([`BoardPart`]): board and strings questions,
//!   answered by `matcher`'s board-only context, so both contexts answer
//!   them alike;
//! * the **game-state** part ([`GamePart`]): `doing_scoring`, the pattern
//!   value ([`EngineContext::set_pattern_value`]), `break_mirror_helper`
//!   once the komi is set ([`EngineContext::set_komi`]);
//! * the **actions** ([`ActionLog`]): recorded ([`EngineContext::actions`]),
//!   not executed.
//!
//! Everything else (the connection database's cut marks, dragons, eyes,
//! owl, influence) is unknown: [`Context::answers`] says so per function,
//! so three-valued evaluation reports what each undecided constraint needs.
//! Those methods answer 0 and are listed in [`EngineContext::unsupported`].
//! The dragons layer answers its questions while it amalgamates
//! ([`make_dragons`](crate::dragons::make_dragons)), over this context.

use ::tactics::reader::Reader;
use ::tactics::worms::Worm;
use goban::{Board, Color, Vertex};
use matcher::context::Context;

use crate::board::{ActionLog, BoardPart, GamePart};
use crate::compose::compose_context;
use crate::dragons::ContextSource;
use crate::influence::{EscapeStoneParams, stone_escape_map};
use crate::owl::OwlHost;
use crate::tactics::TacticsPart;

pub use crate::compose::RecordedAction;
pub use crate::tactics::MemoStats;

/// The engine's context for one position, answering for the colour `O`.
#[derive(Debug, Clone)]
pub struct EngineContext {
    tactics: TacticsPart,
    board: BoardPart,
    game: GamePart,
    log: ActionLog,
    o: Color,
    /// The hash of the board the board part answers on (the reader's,
    /// once [`OwlHost::context`] brought it up to the reader's board).
    board_hash: u64,
    /// The board part and its hash as an owl search found them, put back
    /// when it ends.
    before_search: Option<(u64, BoardPart, Color)>,
    /// The actions recorded so far, in call order.
    recorded: Vec<RecordedAction>,
    /// Names of the questions asked that this context cannot answer (it
    /// answered 0), in call order.
    pub unsupported: Vec<&'static str>,
}

compose_context! {
    EngineContext {
        parts: [tactics, board, game, log],
        base: board,
        unsupported: unsupported,
        actions: recorded,
    }
}

impl EngineContext {
    /// A context on `board` with the simple-ko point `ko`, answering for
    /// patterns matched for `color` (`O`), with GNU Go's level-10 reading
    /// limits.
    pub fn new(board: &Board, ko: Option<Vertex>, color: Color) -> EngineContext {
        EngineContext::with_reader(Reader::new(board.clone(), ko), color)
    }

    /// A context on the reader's current position (its limits and table
    /// kept), answering for `color`.
    pub fn with_reader(reader: Reader, color: Color) -> EngineContext {
        let board = reader.board().board().clone();
        EngineContext {
            board_hash: reader.board().hash(),
            before_search: None,
            board: BoardPart::new(&board, color),
            game: GamePart::new(&board, color),
            tactics: TacticsPart::new(reader, color),
            log: ActionLog::default(),
            o: color,
            recorded: Vec::new(),
            unsupported: Vec::new(),
        }
    }

    /// Answers `attack` and `defend` from these worms (GNU Go's "cached
    /// worm result" at the root) instead of reading them; strings without
    /// a worm are read as before. The worms must be of this position.
    pub fn set_worms(&mut self, worms: &[Worm]) {
        self.tactics.set_worms(worms);
    }

    /// The colour the context answers for (`O`).
    pub fn color(&self) -> Color {
        self.o
    }

    /// Answers for `color` from now on; the memo is kept.
    pub fn set_color(&mut self, color: Color) {
        self.o = color;
        self.tactics.set_color(color);
        self.board.set_color(color);
        self.game.set_color(color);
    }

    /// Sets the value of the pattern being evaluated (the `value`
    /// autohelper); `None` makes `value` unknown again.
    pub fn set_pattern_value(&mut self, value: Option<f32>) {
        self.game.set_pattern_value(value);
    }

    /// Sets the komi (for `break_mirror_helper`); `None` makes that
    /// helper unknown again.
    pub fn set_komi(&mut self, komi: Option<f32>) {
        self.game.set_komi(komi);
    }

    /// The position (the reader's board, always back at the root between
    /// calls).
    pub fn board(&self) -> &Board {
        self.tactics.board()
    }

    /// The position hash with the ko point.
    pub fn hash(&self) -> u64 {
        self.tactics.hash()
    }

    /// The reader (for reading the context does not offer itself).
    pub fn reader(&self) -> &Reader {
        self.tactics.reader()
    }

    /// The reader, mutably. Whatever is tried on it must be taken back
    /// before the context is asked again.
    pub fn reader_mut(&mut self) -> &mut Reader {
        self.tactics.reader_mut()
    }

    /// The reader, giving the context up (its table kept).
    pub fn into_reader(self) -> Reader {
        self.tactics.into_reader()
    }

    /// The actions recorded so far, in call order.
    pub fn actions(&self) -> &[RecordedAction] {
        &self.recorded
    }

    /// Takes the recorded actions, leaving the list empty.
    pub fn take_actions(&mut self) -> Vec<RecordedAction> {
        std::mem::take(&mut self.recorded)
    }

    /// How often the tactical memo answered since the context was made.
    pub fn memo_stats(&self) -> MemoStats {
        self.tactics.memo_stats()
    }

    /// Turns the memo on (the default) or off (every call computed, for
    /// measuring what the memo saves); turning it off empties it.
    pub fn set_memo_enabled(&mut self, enabled: bool) {
        self.tactics.set_memo_enabled(enabled);
    }

    /// Entries in the memo.
    pub fn memo_len(&self) -> usize {
        self.tactics.memo_len()
    }
}

/// The owl search plays on the context's reader and asks the context on
/// the board it reached: the board part follows the reader's board when
/// the owl asks for the context, and is put back as it was when the
/// search ends.
impl OwlHost for EngineContext {
    fn reader(&mut self) -> &mut Reader {
        self.tactics.reader_mut()
    }

    fn context(&mut self, color: Color) -> &mut dyn Context {
        let hash = self.tactics.reader().board().hash();
        if hash != self.board_hash {
            let board = self.tactics.reader().board().board().clone();
            self.board = BoardPart::new(&board, color);
            self.board_hash = hash;
        }
        self.set_color(color);
        self
    }

    fn search_started(&mut self) {
        self.before_search = Some((self.board_hash, self.board.clone(), self.o));
    }

    fn search_ended(&mut self) {
        if let Some((hash, board, color)) = self.before_search.take() {
            self.board_hash = hash;
            self.board = board;
            self.set_color(color);
        }
    }

    /// The owl escape values of [`stone_escape_map`], the capturable
    /// strings read dead, by vertex.
    fn escape_influence(&mut self, color: Color, capturable_liberties: usize) -> Option<Vec<u8>> {
        let board = self.tactics.reader().board().board().clone();
        let stones = EscapeStoneParams {
            capturable_liberties,
            ..EscapeStoneParams::OFF
        };
        let by_point = stone_escape_map(&board, color, &stones, self.tactics.reader_mut());
        let geometry = board.geometry();
        let mut values = vec![0; geometry.vertices()];
        for v in geometry.board_vertices() {
            let p = geometry.point(v);
            values[v.index()] = by_point[usize::from(p.i) * geometry.width() + usize::from(p.j)];
        }
        Some(values)
    }
}

/// The engine's context answers for either colour after
/// [`EngineContext::set_color`].
impl ContextSource for EngineContext {
    fn context(&mut self, color: Color) -> &mut dyn Context {
        self.set_color(color);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::owl::OwlParams;
    use crate::owl::goal::Goal;
    use crate::owl::search::search_escape_values;

    /// White's ring D5-F5, C4-C2, D2, F2, G4-G2 holds Black's E3; Black's
    /// C7 stands alone above. GNU Go 3.8's owl escape values for the ring
    /// (`--decide-dragon D5 -d 0x8`): D3 and F3, next to E3, 2; A9, two
    /// from C7 with no white stone near, 0.
    fn ring() -> Board {
        Board::from_rows(&[
            ".........",
            ".........",
            "..X......",
            ".........",
            "...OOO...",
            "..O...O..",
            "..O.X.O..",
            "..OO.OO..",
            ".........",
        ])
        .expect("board")
    }

    #[test]
    fn the_escape_influence_values_points_next_to_the_opponent_by_who_holds_them() {
        let board = ring();
        let geometry = board.geometry();
        let at = |name: &str| geometry.parse_gtp(name).expect("vertex");
        let goal = Goal::new(&board, &[at("D5")]);
        let mut host = EngineContext::new(&board, None, Color::White);
        let on = OwlParams {
            escape_from_influence: true,
            ..OwlParams::default()
        };
        let values = search_escape_values(&mut host, &goal, &board, &on);
        assert_eq!(values.at(&goal, at("D3")), 2, "inside the ring");
        assert_eq!(values.at(&goal, at("F3")), 2, "inside the ring");
        assert_eq!(values.at(&goal, at("A9")), 0, "Black's side");
        let off = search_escape_values(&mut host, &goal, &board, &OwlParams::default());
        assert_eq!(off.at(&goal, at("D3")), 0, "the distance values");
        assert_eq!(values.route(&board, &goal), off.route(&board, &goal));
    }

    #[test]
    fn the_influence_route_is_read_only_when_asked() {
        let board = ring();
        let geometry = board.geometry();
        let goal = Goal::new(&board, &[geometry.parse_gtp("D5").expect("vertex")]);
        let mut host = EngineContext::new(&board, None, Color::White);
        let on = OwlParams {
            escape_route_from_influence: true,
            ..OwlParams::default()
        };
        let values = search_escape_values(&mut host, &goal, &board, &on);
        // The ring's wall reaches the open top: its route is White's.
        assert!(values.influence_route(&board, &goal).is_some());
        let off = search_escape_values(&mut host, &goal, &board, &OwlParams::default());
        assert_eq!(off.influence_route(&board, &goal), None);
        assert_eq!(values.route(&board, &goal), off.route(&board, &goal));
    }
}
