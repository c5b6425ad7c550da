//! The readings the pattern reasons repeat, answered once per move
//! generation: many matches share a point and name the same strings, and
//! the `B`/`C` confirmations and the own-string safety check ask the same
//! connection or attack question again for each. [`ReadingMemo`] keeps
//! each question's answer; [`Readings::EveryTime`] turns it off so tests
//! can compare the answers with and without it.

use std::collections::HashMap;

use goban::Vertex;
use tactics::codes::Code;

/// Whether a move generation keeps the answers of repeated readings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Readings {
    /// Each question is read once; repeats take the kept answer.
    Remembered,
    /// Every question is read each time it is asked (the plain
    /// computation the remembered one is checked against).
    EveryTime,
}

/// One reading question the pattern reasons ask.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Question {
    /// `string_connect(a, b)`.
    Connect(Vertex, Vertex),
    /// `disconnect(a, b)`.
    Disconnect(Vertex, Vertex),
    /// `attack(worm)`.
    Attack(Vertex),
}

/// A question asked on the analysed position (`after: None`) or after
/// the mover plays at `after`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Asked {
    /// The mover's move played first, if any.
    pub after: Option<Vertex>,
    /// The question.
    pub question: Question,
}

/// The kept answers (`None`: the move before the question was illegal).
#[derive(Debug)]
pub struct ReadingMemo {
    readings: Readings,
    answers: HashMap<Asked, Option<Code>>,
}

impl ReadingMemo {
    /// An empty memo that keeps answers when `readings` says so.
    pub fn new(readings: Readings) -> ReadingMemo {
        ReadingMemo {
            readings,
            answers: HashMap::new(),
        }
    }

    /// The kept answer to `asked`, if it was asked before and answers are
    /// kept.
    pub fn get(&self, asked: &Asked) -> Option<Option<Code>> {
        match self.readings {
            Readings::Remembered => self.answers.get(asked).copied(),
            Readings::EveryTime => None,
        }
    }

    /// Keeps `answer` to `asked` (when answers are kept).
    pub fn keep(&mut self, asked: Asked, answer: Option<Code>) {
        if self.readings == Readings::Remembered {
            self.answers.insert(asked, answer);
        }
    }
}
