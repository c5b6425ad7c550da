//! The game-state part: what the game, not the position, decides.
//! `doing_scoring` is 0 (the engine never scores while it evaluates
//! patterns); `value` is the pattern value the caller sets, unknown
//! otherwise; `break_mirror_helper` answers once the komi is set; the
//! handicap counters are unknown (a position does not say them).

use goban::{Board, Color};
use matcher::autohelper::Autohelper;
use matcher::context::{Context, Point};
use matcher::layer::{Callee, Layer, LayerSet};

use crate::compose::{Ledger, answered_by_methods};

/// The game state of the context, answering for the colour `O`.
#[derive(Debug, Clone)]
pub struct GamePart {
    board: Board,
    o: Color,
    pattern_value: Option<f32>,
    komi: Option<f32>,
    ledger: Ledger,
}

impl GamePart {
    /// The game state of `board` for `o`: no pattern value, no komi.
    pub fn new(board: &Board, o: Color) -> GamePart {
        GamePart {
            board: board.clone(),
            o,
            pattern_value: None,
            komi: None,
            ledger: Ledger::default(),
        }
    }

    /// Answers for `color` from now on.
    pub fn set_color(&mut self, color: Color) {
        self.o = color;
    }

    /// Sets the value of the pattern being evaluated (the `value`
    /// autohelper); `None` makes `value` unknown again.
    pub fn set_pattern_value(&mut self, value: Option<f32>) {
        self.pattern_value = value;
    }

    /// Sets the komi (for `break_mirror_helper`); `None` makes that helper
    /// unknown again.
    pub fn set_komi(&mut self, komi: Option<f32>) {
        self.komi = komi;
    }

    fn doing_scoring(&mut self) -> i32 {
        0
    }

    fn value(&mut self) -> f32 {
        match self.pattern_value {
            Some(v) => v,
            None => self.ledger.unknown("value"),
        }
    }

    /// `break_mirror_helper(x)`: O is White on an odd square board, komi
    /// at most 0, `x` the centre, more than 10 stones, and the position
    /// mirror-symmetric through the centre with the colours swapped.
    /// Unknown without the komi.
    fn break_mirror_helper(&mut self, x: Point) -> i32 {
        let Some(komi) = self.komi else {
            return self.ledger.unknown("break_mirror_helper");
        };
        let board = &self.board;
        let g = board.geometry();
        let (width, height) = (g.width(), g.height());
        if self.o != Color::White || width != height || width % 2 == 0 || komi > 0.0 {
            return 0;
        }
        let last = (height - 1) as u8;
        if x != Point::new(last / 2, last / 2) {
            return 0;
        }
        if board.stone_count(Color::Black) + board.stone_count(Color::White) <= 10 {
            return 0;
        }
        let mirrored = g.points().all(|p| {
            let q = Point::new(last - p.i, last - p.j);
            match board.at(p).color() {
                None => !board.at(q).is_stone(),
                Some(c) => board.at(q).color() == Some(c.other()),
            }
        });
        i32::from(mirrored)
    }
}

// The game-state questions, by the inherent methods above; everything
// else is unknown.
answered_by_methods!(GamePart: doing_scoring value break_mirror_helper);

impl Context for GamePart {
    fn layers(&self) -> LayerSet {
        LayerSet::of(Layer::GameState)
    }

    /// Its questions, `value` once the pattern value is set and
    /// `break_mirror_helper` once the komi is.
    fn answers(&self, callee: Callee) -> bool {
        GamePart::ANSWERED.contains(&callee)
            && match callee {
                Callee::Autohelper(Autohelper::Value) => self.pattern_value.is_some(),
                Callee::Autohelper(Autohelper::BreakMirrorHelper) => self.komi.is_some(),
                _ => true,
            }
    }
}
